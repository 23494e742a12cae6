//! Positions in source text.
//!
//! The tree and the diagnostics store [`Span`]s: two `u32` byte offsets, `Copy`, 8 bytes.
//! Lines and columns are computed only when something is reported, from a [`LineIndex`]
//! built on first use. [`Pos`] and [`Range`] are the reference's `hcl.Pos` and `hcl.Range`:
//! lines and columns count from 1, and columns count grapheme clusters (as the reference
//! does), not bytes or code points.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

/// A half-open range of byte offsets `[start, end)` into one source text.
///
/// ```
/// use hclkit::Span;
/// let src = b"name = \"web\"";
/// let (name, value) = (Span::new(0, 4), Span::new(7, 12));
/// assert_eq!(name.slice(src), b"name");
/// assert_eq!(value.len(), 5);
/// assert_eq!(name.to(value), Span::new(0, 12));
/// assert_eq!(value.cover(name), Span::new(0, 12));
/// assert_eq!(Span::empty(3).cover(name), name); // empty spans are ignored
/// assert!(name.contains(3) && !name.contains(4));
/// assert!(name.to(value).contains_span(value));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end`.
    #[inline]
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The empty span at `offset`.
    #[inline]
    pub const fn empty(offset: u32) -> Span {
        Span { start: offset, end: offset }
    }

    /// Length in bytes.
    #[inline]
    pub const fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no bytes.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The span from the start of `self` to the end of `other` (the reference's `RangeBetween`).
    #[inline]
    pub const fn to(self, other: Span) -> Span {
        Span { start: self.start, end: other.end }
    }

    /// The smallest span covering both (the reference's `RangeOver`, empty spans ignored).
    pub fn cover(self, other: Span) -> Span {
        if self.is_empty() {
            return other;
        }
        if other.is_empty() {
            return self;
        }
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// Whether `offset` lies in `[start, end)`.
    #[inline]
    pub const fn contains(self, offset: u32) -> bool {
        offset >= self.start && offset < self.end
    }

    /// Whether `other` lies entirely inside `self`.
    #[inline]
    pub const fn contains_span(self, other: Span) -> bool {
        other.start >= self.start && other.end <= self.end
    }

    /// The bytes of `src` this span covers (clamped to `src`).
    pub fn slice(self, src: &[u8]) -> &[u8] {
        let end = (self.end as usize).min(src.len());
        let start = (self.start as usize).min(end);
        &src[start..end]
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// Anything with a span in the source: tokens, nodes, diagnostics' subjects.
pub trait Ranged {
    /// The span this item covers.
    fn span(&self) -> Span;
}

impl Ranged for Span {
    fn span(&self) -> Span {
        *self
    }
}

/// A position: byte offset, line and column (the reference's `hcl.Pos`).
///
/// The fields are `u32`, as [`Span`]'s offsets are (sources are at most 4 GiB): a position
/// is 12 bytes and a [`Range`] 40, which matters for the ranges every attribute and block of
/// a body's content carries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pos {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in grapheme clusters.
    pub column: u32,
    /// 0-based byte offset.
    pub byte: u32,
}

impl Pos {
    /// The start of a file: line 1, column 1, byte 0.
    pub const INITIAL: Pos = Pos { line: 1, column: 1, byte: 0 };
}

/// A range in a named file (the reference's `hcl.Range`).
///
/// ```
/// use hclkit::{Pos, Range, Span};
/// let r = Range {
///     filename: "main.hcl".into(),
///     start: Pos { line: 2, column: 3, byte: 10 },
///     end: Pos { line: 2, column: 8, byte: 15 },
/// };
/// assert_eq!(r.to_string(), "main.hcl:2,3-8");
/// assert_eq!(r.span(), Span::new(10, 15));
/// assert!(r.start_only().is_empty());
/// assert_eq!(r.start_only().to_string(), "main.hcl:2,3-3");
///
/// let later = Range { start: Pos { line: 4, column: 1, byte: 30 }, end: Pos { line: 4, column: 2, byte: 31 }, ..r.clone() };
/// assert_eq!(Range::between(&r, &later).to_string(), "main.hcl:2,3-4,2");
/// assert_eq!(Pos::INITIAL, Pos { line: 1, column: 1, byte: 0 });
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Range {
    /// The file name the range refers to.
    pub filename: Arc<str>,
    /// Where the range starts.
    pub start: Pos,
    /// Where the range ends (exclusive).
    pub end: Pos,
}

impl Range {
    /// The range as JSON, in the shape the reference's tools print (`hcldec --diags=json`,
    /// `--var-refs`): `{"filename": …, "start": {"line", "column", "byte"}, "end": {…}}`.
    ///
    /// ```
    /// let r = hclkit::Range::default();
    /// assert_eq!(
    ///     r.json_node().to_compact(),
    ///     r#"{"filename":"","start":{"line":0,"column":0,"byte":0},"end":{"line":0,"column":0,"byte":0}}"#
    /// );
    /// ```
    pub fn json_node(&self) -> hclkit_value::json::Node {
        use hclkit_value::json::Node;
        let pos = |p: &Pos| {
            Node::Object(vec![
                ("line".into(), Node::Number(p.line.to_string())),
                ("column".into(), Node::Number(p.column.to_string())),
                ("byte".into(), Node::Number(p.byte.to_string())),
            ])
        };
        Node::Object(vec![
            ("filename".into(), Node::String(self.filename.to_string())),
            ("start".into(), pos(&self.start)),
            ("end".into(), pos(&self.end)),
        ])
    }

    /// The byte span of this range.
    pub fn span(&self) -> Span {
        Span::new(self.start.byte, self.end.byte)
    }

    /// Whether the range covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.start.byte == self.end.byte
    }

    /// The range from the start of `start` to the end of `end`, in `start`'s file (the
    /// reference's `hcl.RangeBetween`).
    pub fn between(start: &Range, end: &Range) -> Range {
        Range { filename: start.filename.clone(), start: start.start, end: end.end }
    }

    /// The zero-length range at this range's start.
    pub fn start_only(&self) -> Range {
        Range { filename: self.filename.clone(), start: self.start, end: self.start }
    }
}

/// `file:line,col-col` or `file:line,col-line,col`, as the reference prints ranges.
impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start.line == self.end.line {
            write!(f, "{}:{},{}-{}", self.filename, self.start.line, self.start.column, self.end.column)
        } else {
            write!(
                f,
                "{}:{},{}-{},{}",
                self.filename, self.start.line, self.start.column, self.end.line, self.end.column
            )
        }
    }
}

/// Maps byte offsets to lines and columns.
///
/// Lines start after each `\n` (so `\r\n` ends one line). A leading UTF-8 byte order mark is
/// skipped by the reference before counting columns, and so it is here.
///
/// ```
/// use std::sync::Arc;
/// use hclkit::pos::LineIndex;
/// use hclkit::{Pos, Span};
///
/// let src = "a = 1\nb = \"h\u{e9}llo\"\n".as_bytes();
/// let index = LineIndex::new(src);
/// assert_eq!(index.line_count(), 3); // the empty line after the final newline counts
/// assert_eq!(index.line_start(1), Some(6));
/// // Columns count characters (grapheme clusters), not bytes: "é" is two bytes.
/// let end_of_string = src.len() as u32 - 1;
/// assert_eq!(index.pos(src, end_of_string), Pos { line: 2, column: 12, byte: 18 });
/// let file: Arc<str> = "main.hcl".into();
/// assert_eq!(index.range(src, &file, Span::new(6, 7)).to_string(), "main.hcl:2,1-2");
/// ```
#[derive(Debug)]
pub struct LineIndex {
    line_starts: Vec<u32>,
    /// The 0-based lines holding a byte outside ASCII (after the byte order mark), sorted: on
    /// all other lines a column is a byte difference, so positions on long minified lines
    /// cost O(log n) rather than a scan of the line.
    non_ascii_lines: Vec<u32>,
    bom: bool,
    /// The line of the last lookup: lookups come mostly in source order, a few lines apart
    /// (the attributes and blocks of a body), so the next line is searched for from there,
    /// in O(log distance). Only a hint: any value gives the same answers.
    hint: AtomicU32,
}

impl Clone for LineIndex {
    fn clone(&self) -> LineIndex {
        LineIndex {
            line_starts: self.line_starts.clone(),
            non_ascii_lines: self.non_ascii_lines.clone(),
            bom: self.bom,
            hint: AtomicU32::new(self.hint.load(Ordering::Relaxed)),
        }
    }
}

impl LineIndex {
    /// Builds the index for `src`.
    pub fn new(src: &[u8]) -> LineIndex {
        // Counted first, so the index, which lives as long as its file, has no slack.
        let mut line_starts = Vec::with_capacity(memchr::memchr_iter(b'\n', src).count() + 1);
        line_starts.push(0);
        line_starts.extend(memchr::memchr_iter(b'\n', src).map(|i| i as u32 + 1));
        let bom = src.starts_with(b"\xEF\xBB\xBF");
        let mut non_ascii_lines = Vec::new();
        if !src.is_ascii() {
            for (line, &start) in line_starts.iter().enumerate() {
                let start = if line == 0 && bom { 3 } else { start as usize };
                let end = line_starts.get(line + 1).map_or(src.len(), |&e| e as usize);
                if !src[start.min(end)..end].is_ascii() {
                    non_ascii_lines.push(line as u32);
                }
            }
        }
        LineIndex { line_starts, non_ascii_lines, bom, hint: AtomicU32::new(0) }
    }

    /// The 0-based line holding byte `offset`: the last line starting at or before it,
    /// searched for by galloping from the line of the previous lookup.
    fn line_of(&self, offset: u32) -> usize {
        let starts = &self.line_starts;
        let len = starts.len();
        let hint = (self.hint.load(Ordering::Relaxed) as usize).min(len - 1);
        // The answer lies in [lo, hi): starts[lo] <= offset, and starts[hi] > offset or hi == len.
        let (lo, hi) = if starts[hint] <= offset {
            let (mut lo, mut step) = (hint, 1);
            loop {
                let next = lo + step;
                if next >= len || starts[next] > offset {
                    break (lo, next.min(len));
                }
                lo = next;
                step *= 2;
            }
        } else {
            let (mut hi, mut step) = (hint, 1);
            loop {
                if hi <= step {
                    break (0, hi);
                }
                let prev = hi - step;
                if starts[prev] <= offset {
                    break (prev, hi);
                }
                hi = prev;
                step *= 2;
            }
        };
        let line = lo + starts[lo + 1..hi].partition_point(|&s| s <= offset);
        self.hint.store(line as u32, Ordering::Relaxed);
        line
    }

    /// Number of lines (a final line without newline counts; an empty text has one line).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte offset where the 0-based line `line` starts.
    pub fn line_start(&self, line: usize) -> Option<u32> {
        self.line_starts.get(line).copied()
    }

    /// The position of byte `offset` in `src`.
    pub fn pos(&self, src: &[u8], offset: u32) -> Pos {
        let offset = offset.min(src.len() as u32);
        self.pos_on_line(src, offset, self.line_of(offset))
    }

    /// The position of byte `offset` (at most `src.len()`), which lies on 0-based `line`.
    fn pos_on_line(&self, src: &[u8], offset: u32, line: usize) -> Pos {
        let mut start = self.line_starts[line] as usize;
        if line == 0 && self.bom && offset >= 3 {
            start = 3;
        }
        let segment = &src[start.min(offset as usize)..offset as usize];
        let column = if self.non_ascii_lines.binary_search(&(line as u32)).is_ok() {
            grapheme_count(segment) + 1
        } else {
            segment.len() + 1
        };
        // Lines, columns and offsets all fit: sources are at most `u32::MAX` bytes (spans
        // are `u32`).
        Pos { line: line as u32 + 1, column: column as u32, byte: offset }
    }

    /// The range of `span` in `src`, labelled with `filename`.
    pub fn range(&self, src: &[u8], filename: &Arc<str>, span: Span) -> Range {
        let start = self.pos(src, span.start);
        // Most spans end on the line they start on, or a few lines below: look there before
        // searching the whole index again.
        let end_offset = span.end.min(src.len() as u32);
        let mut line = start.line as usize - 1;
        let end = if end_offset >= span.start.min(src.len() as u32) {
            let limit = (line + 8).min(self.line_starts.len());
            while line + 1 < limit && self.line_starts[line + 1] <= end_offset {
                line += 1;
            }
            if line + 1 >= self.line_starts.len() || self.line_starts[line + 1] > end_offset {
                self.pos_on_line(src, end_offset, line)
            } else {
                self.pos(src, span.end)
            }
        } else {
            self.pos(src, span.end)
        };
        Range { filename: filename.clone(), start, end }
    }
}

/// The unit a column counts in, for [`LineIndex::line_column`] and [`LineIndex::offset`].
///
/// Diagnostics count columns in grapheme clusters, as the reference does ([`Pos`]); editors
/// and protocols count otherwise: the language server protocol and JavaScript strings in UTF-16
/// code units, Rust strings in bytes, Python strings in characters (code points).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ColumnUnit {
    /// UTF-8 bytes: a column is a byte distance from the line's start.
    Utf8,
    /// UTF-16 code units (the unit of JavaScript strings and of the language server protocol's
    /// default `positionEncoding`): a character outside the Basic Multilingual Plane counts 2.
    Utf16,
    /// Characters (Unicode scalar values, the unit of Python strings).
    Chars,
    /// Grapheme clusters, as [`Pos::column`] counts them (a leading byte order mark has no width).
    Graphemes,
}

/// A 0-based line and column, the column counted in some [`ColumnUnit`] (the language server
/// protocol's `Position`).
///
/// Unlike [`Pos`], both count from 0, as editor protocols do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct LineColumn {
    /// 0-based line.
    pub line: u32,
    /// 0-based column, in the unit it was computed in.
    pub column: u32,
}

impl LineIndex {
    /// The 0-based line and column of byte `offset` in `src` (the text the index was built
    /// from), the column counted in `unit`.
    ///
    /// An offset past the end is taken as the end; an offset inside a character (or a grapheme
    /// cluster, for [`ColumnUnit::Graphemes`]) is taken as that character's start. A byte that
    /// is not UTF-8 counts as one unit in every unit (it reads as U+FFFD). A byte order mark
    /// counts as the character it is, except in [`ColumnUnit::Graphemes`], where it has no
    /// width (as in [`Pos`]): there, column 0 of the first line is after it.
    ///
    /// ```
    /// use hclkit::pos::{ColumnUnit, LineColumn, LineIndex};
    /// let src = "a = 1\nb = \"\u{1F600}x\"\n".as_bytes();
    /// let index = LineIndex::new(src);
    /// let x = src.iter().position(|&b| b == b'x').unwrap() as u32;
    /// assert_eq!(index.line_column(src, x, ColumnUnit::Utf8), LineColumn { line: 1, column: 9 });
    /// assert_eq!(index.line_column(src, x, ColumnUnit::Utf16), LineColumn { line: 1, column: 7 });
    /// assert_eq!(index.line_column(src, x, ColumnUnit::Chars), LineColumn { line: 1, column: 6 });
    /// // And back.
    /// assert_eq!(index.offset(src, LineColumn { line: 1, column: 7 }, ColumnUnit::Utf16), x);
    /// ```
    pub fn line_column(&self, src: &[u8], offset: u32, unit: ColumnUnit) -> LineColumn {
        let offset = offset.min(src.len() as u32);
        let line = self.line_of(offset);
        let (start, _) = self.line_content(src, line, unit);
        let column = if offset <= start {
            0
        } else if self.fast_line(line) {
            offset - start
        } else {
            let mut column = 0;
            let mut at = start;
            // The whole line (but its `\n`), not the bytes before `offset`: a character that
            // `offset` cuts must be seen whole to be recognised (and not counted). Without the
            // `\n`, a `\r` before it is a cluster of its own, as on lines of ASCII.
            let line_end = self.line_starts.get(line + 1).map_or(src.len(), |&next| next as usize - 1);
            for (len, width) in units(&src[start as usize..line_end], unit) {
                if at + len > offset {
                    break;
                }
                at += len;
                column += width;
            }
            column
        };
        LineColumn { line: line as u32, column }
    }

    /// The byte offset of the 0-based `position` in `src` (the text the index was built from),
    /// its column counted in `unit`: the inverse of [`LineIndex::line_column`].
    ///
    /// As editor protocols ask, a line past the last is the end of the text, and a column past
    /// the line's end is the line's end (before its `\n` or `\r\n`); a column inside a
    /// character (the second UTF-16 unit of a surrogate pair, say) is that character's start.
    ///
    /// ```
    /// use hclkit::pos::{ColumnUnit, LineColumn, LineIndex};
    /// let src = b"a = 1\r\nb = 2\r\n";
    /// let index = LineIndex::new(src);
    /// assert_eq!(index.offset(src, LineColumn { line: 1, column: 2 }, ColumnUnit::Utf16), 9);
    /// assert_eq!(index.offset(src, LineColumn { line: 0, column: 99 }, ColumnUnit::Chars), 5);
    /// assert_eq!(index.offset(src, LineColumn { line: 9, column: 0 }, ColumnUnit::Utf8), 14);
    /// ```
    pub fn offset(&self, src: &[u8], position: LineColumn, unit: ColumnUnit) -> u32 {
        let line = position.line as usize;
        if line >= self.line_starts.len() {
            return src.len() as u32;
        }
        let (start, end) = self.line_content(src, line, unit);
        if self.fast_line(line) {
            return start + position.column.min(end - start);
        }
        let mut column = 0;
        let mut at = start;
        for (len, width) in units(&src[start as usize..end as usize], unit) {
            if column + width > position.column {
                break;
            }
            column += width;
            at += len;
        }
        at
    }

    /// Whether every column of 0-based `line` is a byte distance in every unit (an ASCII line
    /// that is not the first line of a text with a byte order mark).
    fn fast_line(&self, line: usize) -> bool {
        !(line == 0 && self.bom) && self.non_ascii_lines.binary_search(&(line as u32)).is_err()
    }

    /// Where 0-based `line`'s columns start (after a byte order mark, in grapheme units) and
    /// where its content ends (before `\n` or `\r\n`).
    fn line_content(&self, src: &[u8], line: usize, unit: ColumnUnit) -> (u32, u32) {
        let len = src.len() as u32;
        let mut start = self.line_starts[line].min(len);
        if line == 0 && self.bom && unit == ColumnUnit::Graphemes {
            start = 3.min(len);
        }
        let end = match self.line_starts.get(line + 1) {
            // `next - 1` is the line's `\n`; a `\r` before it belongs to the line break.
            Some(&next) if next - 1 > start && src[next as usize - 2] == b'\r' => next - 2,
            Some(&next) => next - 1,
            None => len,
        };
        (start, end.max(start))
    }
}

/// The units of `bytes` in order: for each character (or grapheme cluster, or byte that is not
/// UTF-8), its length in bytes and its width in `unit`.
fn units(bytes: &[u8], unit: ColumnUnit) -> impl Iterator<Item = (u32, u32)> + '_ {
    bytes.utf8_chunks().flat_map(move |chunk| {
        let valid = chunk.valid();
        let text: Box<dyn Iterator<Item = (u32, u32)> + '_> = match unit {
            ColumnUnit::Graphemes => Box::new(valid.graphemes(true).map(|g| (g.len() as u32, 1))),
            ColumnUnit::Utf8 => Box::new(valid.chars().map(|c| (c.len_utf8() as u32, c.len_utf8() as u32))),
            ColumnUnit::Utf16 => Box::new(valid.chars().map(|c| (c.len_utf8() as u32, c.len_utf16() as u32))),
            ColumnUnit::Chars => Box::new(valid.chars().map(|c| (c.len_utf8() as u32, 1))),
        };
        text.chain(chunk.invalid().iter().map(|_| (1, 1)))
    })
}

/// Number of grapheme clusters in `bytes` (ASCII fast path; invalid UTF-8 counts one per
/// replacement character).
pub(crate) fn grapheme_count(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        // "\r\n" is one cluster, but a line segment never contains '\n'.
        return bytes.len();
    }
    // Each byte that is not UTF-8 counts as one column, as in the reference.
    bytes.utf8_chunks().map(|c| c.valid().graphemes(true).count() + c.invalid().len()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        let src = "ab\ncé\u{301}d\n".as_bytes();
        let idx = LineIndex::new(src);
        assert_eq!(idx.pos(src, 0), Pos { line: 1, column: 1, byte: 0 });
        assert_eq!(idx.pos(src, 2), Pos { line: 1, column: 3, byte: 2 });
        assert_eq!(idx.pos(src, 3), Pos { line: 2, column: 1, byte: 3 });
        // "é" + combining acute is one grapheme cluster.
        let d = src.iter().position(|&b| b == b'd').unwrap() as u32;
        assert_eq!(idx.pos(src, d), Pos { line: 2, column: 3, byte: d });
        assert_eq!(idx.pos(src, src.len() as u32).line, 3);
    }

    #[test]
    fn ascii_and_non_ascii_lines_mix() {
        let src = "\u{feff}ab\né\u{301}é = 1\nxyz\n\u{1F600}!".as_bytes();
        let idx = LineIndex::new(src);
        let at = |needle: &str| src.windows(needle.len()).position(|w| w == needle.as_bytes()).unwrap() as u32;
        assert_eq!(idx.pos(src, at("b")).column, 2);
        assert_eq!(idx.pos(src, at(" = 1")).column, 3);
        assert_eq!(idx.pos(src, at("z")).column, 3);
        assert_eq!(idx.pos(src, at("!")), Pos { line: 4, column: 2, byte: at("!") });
    }

    #[test]
    fn line_lookup_from_any_hint() {
        // Lines of varied lengths, empty ones included; lookups in an order that jumps
        // forwards and backwards by small and large distances.
        let mut src = Vec::new();
        for i in 0..500u32 {
            src.extend(std::iter::repeat_n(b'x', (i * 7 % 13) as usize));
            src.push(b'\n');
        }
        let idx = LineIndex::new(&src);
        let expected = |offset: u32| src[..offset as usize].iter().filter(|&&b| b == b'\n').count();
        let mut offset = 0u32;
        for step in 0..5000u32 {
            offset = (offset + step * 7919) % (src.len() as u32 + 1);
            assert_eq!(idx.line_of(offset), expected(offset), "offset {offset}");
            assert_eq!(idx.pos(&src, offset).line, expected(offset) as u32 + 1);
        }
        for offset in [0, 1, src.len() as u32, src.len() as u32 - 1, 0] {
            assert_eq!(idx.line_of(offset), expected(offset), "offset {offset}");
        }
        // A clone answers the same from the hint it copied.
        assert_eq!(idx.clone().line_of(5), expected(5));
    }

    /// The column of `offset` in `unit`, counted the slow, obvious way: decode the line's text
    /// from its start and count the whole units before `offset`.
    fn column_by_decoding(src: &[u8], offset: usize, unit: ColumnUnit) -> u32 {
        let line_start = src[..offset].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let mut start = line_start;
        if line_start == 0 && unit == ColumnUnit::Graphemes && src.starts_with(b"\xEF\xBB\xBF") {
            start = 3;
            if offset < 3 {
                return 0;
            }
        }
        let line_end = src[start..].iter().position(|&b| b == b'\n').map_or(src.len(), |i| start + i);
        // Map each unit of the lossy text back to its bytes in the source.
        let mut column = 0;
        let mut at = start;
        let mut items: Vec<(usize, u32)> = Vec::new();
        for chunk in src[start..line_end].utf8_chunks() {
            let v = chunk.valid();
            match unit {
                ColumnUnit::Graphemes => items.extend(v.graphemes(true).map(|g| (g.len(), 1))),
                ColumnUnit::Utf8 => items.extend(v.chars().map(|c| (c.len_utf8(), c.len_utf8() as u32))),
                ColumnUnit::Utf16 => items.extend(v.chars().map(|c| (c.len_utf8(), c.len_utf16() as u32))),
                ColumnUnit::Chars => items.extend(v.chars().map(|c| (c.len_utf8(), 1))),
            }
            items.extend(chunk.invalid().iter().map(|_| (1, 1)));
        }
        for (len, width) in items {
            if at + len > offset {
                break;
            }
            at += len;
            column += width;
        }
        column
    }

    #[test]
    fn columns_in_every_unit_and_back() {
        let texts: [&[u8]; 7] = [
            b"a = 1\nb = 2",
            "\u{feff}x = \"\u{1F600}\u{e9}\"\r\n\ty = \"e\u{301}\"\n".as_bytes(),
            b"bad \xFF\xFE utf8\n\xE2\x82 cut\n",
            "\u{10000}\u{10FFFF}\n\n\r\n".as_bytes(),
            b"",
            b"\xEF\xBB\xBF",
            "lone\rcr \u{1F1EB}\u{1F1F7} flag\nend\r".as_bytes(),
        ];
        let all = [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Chars, ColumnUnit::Graphemes];
        for src in texts {
            let index = LineIndex::new(src);
            for offset in 0..=src.len() {
                let line = src[..offset].iter().filter(|&&b| b == b'\n').count() as u32;
                for unit in all {
                    let lc = index.line_column(src, offset as u32, unit);
                    let want = LineColumn { line, column: column_by_decoding(src, offset, unit) };
                    assert_eq!(lc, want, "{src:?} offset {offset} {unit:?}");
                    // Back: the start of the unit that holds `offset` (a unit boundary maps to
                    // itself), never past the line's content.
                    let back = index.offset(src, lc, unit) as usize;
                    // In graphemes a byte order mark has no width: column 0 is after it.
                    let in_bom = unit == ColumnUnit::Graphemes && offset < 3 && src.starts_with(b"\xEF\xBB\xBF");
                    assert!(back <= offset || in_bom && back == 3, "{src:?} offset {offset} {unit:?}: back to {back}");
                    // (The `\n` of a `\r\n` is past the line's content, where `offset` stops.)
                    let in_break = offset > 0 && src.get(offset) == Some(&b'\n') && src[offset - 1] == b'\r';
                    if !in_break {
                        assert_eq!(index.line_column(src, back as u32, unit), lc, "{src:?} {offset} {unit:?}");
                    }
                }
                if unit_boundary(src, offset) {
                    for unit in [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Chars] {
                        let lc = index.line_column(src, offset as u32, unit);
                        let back = index.offset(src, lc, unit) as usize;
                        let at_line_break = src[offset..].starts_with(b"\n") || src[offset..].starts_with(b"\r\n");
                        if !at_line_break || back == offset {
                            assert_eq!(back, offset, "{src:?} offset {offset} {unit:?}");
                        }
                    }
                }
            }
            // Past the end of a line, and past the last line.
            let last = index.line_count() as u32;
            assert_eq!(index.offset(src, LineColumn { line: last, column: 0 }, ColumnUnit::Utf16), src.len() as u32);
        }
        // The language server protocol's own example: a surrogate pair is two columns.
        let src = "a\u{10400}b".as_bytes();
        let index = LineIndex::new(src);
        assert_eq!(index.line_column(src, 5, ColumnUnit::Utf16).column, 3);
        assert_eq!(index.offset(src, LineColumn { line: 0, column: 2 }, ColumnUnit::Utf16), 1);
        assert_eq!(index.offset(src, LineColumn { line: 0, column: 3 }, ColumnUnit::Utf16), 5);
    }

    /// Whether `offset` starts a character (or a byte that is not UTF-8), so that every unit
    /// but graphemes can name it exactly.
    fn unit_boundary(src: &[u8], offset: usize) -> bool {
        let mut at = 0;
        for chunk in src.utf8_chunks() {
            for c in chunk.valid().chars() {
                if at == offset {
                    return true;
                }
                at += c.len_utf8();
            }
            for _ in chunk.invalid() {
                if at == offset {
                    return true;
                }
                at += 1;
            }
        }
        at == offset
    }

    #[test]
    fn bom_is_not_a_column() {
        let src = b"\xEF\xBB\xBFa = 1";
        let idx = LineIndex::new(src);
        assert_eq!(idx.pos(src, 3), Pos { line: 1, column: 1, byte: 3 });
        assert_eq!(idx.pos(src, 5), Pos { line: 1, column: 3, byte: 5 });
    }

    #[test]
    fn range_display() {
        let r = Range {
            filename: "f.hcl".into(),
            start: Pos { line: 1, column: 2, byte: 1 },
            end: Pos { line: 1, column: 5, byte: 4 },
        };
        assert_eq!(r.to_string(), "f.hcl:1,2-5");
        let r2 = Range { end: Pos { line: 2, column: 1, byte: 9 }, ..r };
        assert_eq!(r2.to_string(), "f.hcl:1,2-2,1");
    }

    #[test]
    fn span_helpers() {
        let a = Span::new(2, 5);
        assert_eq!(a.cover(Span::new(4, 9)), Span::new(2, 9));
        assert_eq!(a.cover(Span::empty(0)), a);
        assert!(a.contains(4) && !a.contains(5));
        assert_eq!(a.slice(b"0123456"), b"234");
        assert_eq!(Span::new(5, 100).slice(b"0123456"), b"56");
    }
}
