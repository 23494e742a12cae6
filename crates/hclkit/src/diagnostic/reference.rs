//! The reference's text layout of diagnostics (`hcl.NewDiagnosticTextWriter`, what `hcldec`
//! prints): the source files it reads snippets from, the snippet window and the detail's
//! word wrap.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use super::{Diagnostic, Severity};

/// Where the text renderer finds source code.
///
/// Implemented by `()` (no sources), by `(&str, &[u8])` (one named source) and by a parsed
/// native [`File`](crate::syntax::native::File); an application with many files implements
/// it over its own table.
///
/// ```
/// use std::collections::HashMap;
/// use hclkit::diagnostic::{write_text, SourceFiles};
/// use hclkit::{Diagnostic, Pos, Range};
///
/// struct Files(HashMap<String, Vec<u8>>);
/// impl SourceFiles for Files {
///     fn source(&self, filename: &str) -> Option<&[u8]> {
///         self.0.get(filename).map(Vec::as_slice)
///     }
/// }
///
/// let files = Files(HashMap::from([("a.hcl".to_string(), b"x = 1\ny = oops\n".to_vec())]));
/// let subject = Range {
///     filename: "a.hcl".into(),
///     start: Pos { line: 2, column: 5, byte: 10 },
///     end: Pos { line: 2, column: 9, byte: 14 },
/// };
/// let d = Diagnostic::error("Unknown variable", "There is no variable named \"oops\".").with_subject(subject);
/// let mut out = String::new();
/// write_text(&mut out, &d, &files, 0, false);
/// assert_eq!(
///     out,
///     "Error: Unknown variable\n\n  on a.hcl line 2:\n   2: y = oops\n\nThere is no variable named \"oops\".\n\n"
/// );
/// let mut out = String::new();
/// write_text(&mut out, &d, &(), 0, false);
/// assert!(out.contains("  on a.hcl line 2:\n  (source code not available)\n"));
/// ```
pub trait SourceFiles {
    /// The bytes of the file called `filename`, if known.
    fn source(&self, filename: &str) -> Option<&[u8]>;

    /// A description of the block around `offset` (e.g. `resource "a" "b"`), printed as
    /// `, in ...` after the line number; the native syntax names the top-level block.
    fn context_string(&self, _filename: &str, _offset: usize) -> Option<String> {
        None
    }
}

/// No sources: every snippet reads "(source code not available)".
impl SourceFiles for () {
    fn source(&self, _filename: &str) -> Option<&[u8]> {
        None
    }
}

/// A single named source text.
impl SourceFiles for (&str, &[u8]) {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        (filename == self.0).then_some(self.1)
    }
}

/// Renders one diagnostic as text, appending to `out`.
///
/// This indexes the lines of the diagnostic's file for this one call: to render many
/// diagnostics use [`Diagnostics::to_text`](super::Diagnostics::to_text), which indexes each file once.
pub fn write_text(out: &mut String, diag: &Diagnostic, files: &dyn SourceFiles, width: usize, color: bool) {
    write_text_with(out, diag, files, width, color, &mut LineCache::default());
}

/// The line indexes of the files rendered so far, by file name.
#[derive(Default)]
pub(super) struct LineCache {
    files: HashMap<Arc<str>, SnippetLineIndex>,
}

impl LineCache {
    /// The index of `filename`, whose bytes are `src` (built on first use).
    fn get(&mut self, filename: &Arc<str>, src: &[u8]) -> &SnippetLineIndex {
        let index = self.files.entry(filename.clone()).or_insert_with(|| SnippetLineIndex::new(src));
        // A `SourceFiles` should give one text per name; should it not, index the new text.
        if (index.ptr, index.len) != (src.as_ptr() as usize, src.len()) {
            *index = SnippetLineIndex::new(src);
        }
        index
    }
}

pub(super) fn write_text_with(
    out: &mut String,
    diag: &Diagnostic,
    files: &dyn SourceFiles,
    width: usize,
    color: bool,
    lines: &mut LineCache,
) {
    let (color_code, highlight, reset) = if color {
        let c = match diag.severity {
            Severity::Error => "\x1b[31m",
            Severity::Warning => "\x1b[33m",
        };
        (c, "\x1b[1;4m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    let severity = match diag.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
    };
    let _ = write!(out, "{color_code}{severity}{reset}: {}\n\n", diag.summary);

    if let Some(subject) = &diag.subject {
        // Byte bounds of the snippet (subject and context) and of the highlight.
        let (mut snip_start, mut snip_end) = (subject.start.byte as usize, subject.end.byte as usize);
        if let Some(ctx) = &diag.context {
            if snip_start == snip_end {
                (snip_start, snip_end) = (ctx.start.byte as usize, ctx.end.byte as usize);
            } else if ctx.start.byte != ctx.end.byte {
                snip_start = snip_start.min(ctx.start.byte as usize);
                snip_end = snip_end.max(ctx.end.byte as usize);
            }
        }
        if snip_start == snip_end {
            snip_end += 1;
        }
        let (hl_start, mut hl_end) = (subject.start.byte as usize, subject.end.byte as usize);
        if hl_start == hl_end {
            hl_end += 1;
        }
        match files.source(&subject.filename) {
            None => {
                let _ = write!(
                    out,
                    "  on {} line {}:\n  (source code not available)\n\n",
                    subject.filename, subject.start.line
                );
            }
            Some(src) => {
                let ctx = files.context_string(&subject.filename, subject.start.byte as usize).unwrap_or_default();
                let ctx = if ctx.is_empty() { String::new() } else { format!(", in {ctx}") };
                let _ = writeln!(out, "  on {} line {}{}:", subject.filename, subject.start.line, ctx);
                let mut printed = 0;
                for line in lines.get(&subject.filename, src).overlapping(snip_start, snip_end) {
                    // Overlap test of the reference's `Range.Overlaps` (empty lines never
                    // overlap, and the index holds none).
                    let (ls, le) = (line.start, line.end);
                    let contains = |o: usize| o >= ls && o < le;
                    let snip_contains = |o: usize| o >= snip_start && o < snip_end;
                    if !(contains(snip_start) || contains(snip_end) || snip_contains(ls) || snip_contains(le)) {
                        continue;
                    }
                    if printed == MAX_SNIPPET_LINES {
                        let _ = writeln!(out, "    : … (the rest of the snippet is not shown)");
                        break;
                    }
                    // Lines longer than MAX_SNIPPET_LINE are shown as a window around the
                    // highlight (a minified file with thousands of errors on its one line
                    // would otherwise print that line thousands of times).
                    let hl_contains = |o: usize| o >= hl_start && o < hl_end;
                    let hl_overlaps = contains(hl_start) || contains(hl_end) || hl_contains(ls) || hl_contains(le);
                    let (ws, we) = snippet_window(src, ls, le, hl_overlaps.then_some(hl_start.max(ls).min(le)));
                    let (cut_before, cut_after) = (if ws > ls { "…" } else { "" }, if we < le { "…" } else { "" });
                    if !hl_overlaps {
                        let _ = writeln!(
                            out,
                            "{:4}: {cut_before}{}{cut_after}",
                            line.number,
                            String::from_utf8_lossy(&src[ws..we])
                        );
                    } else {
                        let hs = hl_start.max(ws).min(we);
                        let he = hl_end.min(we).max(hs);
                        let _ = writeln!(
                            out,
                            "{:4}: {cut_before}{}{}{}{}{}{cut_after}",
                            line.number,
                            String::from_utf8_lossy(&src[ws..hs]),
                            highlight,
                            String::from_utf8_lossy(&src[hs..he]),
                            reset,
                            String::from_utf8_lossy(&src[he..we]),
                        );
                    }
                    printed += 1;
                }
                out.push('\n');
            }
        }
    }

    if !diag.detail.is_empty() {
        if width > 0 {
            out.push_str(&wrap(&diag.detail, width));
        } else {
            out.push_str(&diag.detail);
        }
        out.push_str("\n\n");
    }
}

/// The longest source line (in bytes) a text snippet shows whole; longer lines are shown as
/// a window of about this size around the highlight, with `…` where they are cut. No line
/// of a hand-written configuration comes near it; minified JSON does.
pub const MAX_SNIPPET_LINE: usize = 4096;

/// The most source lines one text snippet shows; the rest of a longer snippet (a subject or
/// context spanning more lines, such as an unterminated heredoc) is elided with a note.
pub const MAX_SNIPPET_LINES: usize = 1000;

/// The byte window of line `ls..le` a snippet prints: the whole line when it is at most
/// [`MAX_SNIPPET_LINE`] long, else that many bytes around `focus` (the highlight's start on
/// this line, if it has one; else the line's start), on UTF-8 character boundaries.
fn snippet_window(src: &[u8], ls: usize, le: usize, focus: Option<usize>) -> (usize, usize) {
    if le - ls <= MAX_SNIPPET_LINE {
        return (ls, le);
    }
    let focus = focus.unwrap_or(ls);
    let mut start = focus.saturating_sub(MAX_SNIPPET_LINE / 4).max(ls);
    let mut end = (start + MAX_SNIPPET_LINE).min(le);
    if end == le {
        start = le - MAX_SNIPPET_LINE;
    }
    // Move both ends back to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
    while start > ls && src[start] & 0xC0 == 0x80 {
        start -= 1;
    }
    while end < le && src[end] & 0xC0 == 0x80 {
        end -= 1;
    }
    (start, end)
}

/// Lines as the reference's snippet printer sees them (`bufio.ScanLines` with a grapheme
/// range scanner): each line's bytes without its newline (and without a final `\r`), and a
/// line number that also counts lone `\r` characters as line breaks, as the reference does.
struct SourceLines<'a> {
    src: &'a [u8],
    pos: usize,
    number: usize,
}

#[derive(Clone, Copy)]
struct SourceLine {
    number: usize,
    start: usize,
    /// End of the line, before its newline and before a `\r` ending it: the end of both
    /// the line's range and its printed text.
    end: usize,
}

impl<'a> SourceLines<'a> {
    fn new(src: &'a [u8]) -> SourceLines<'a> {
        SourceLines { src, pos: 0, number: 1 }
    }
}

impl Iterator for SourceLines<'_> {
    type Item = SourceLine;
    fn next(&mut self) -> Option<SourceLine> {
        if self.pos >= self.src.len() {
            return None;
        }
        let start = self.pos;
        let rest = &self.src[start..];
        let (end, advance) = match memchr::memchr(b'\n', rest) {
            Some(i) => (start + i, i + 1),
            None => (self.src.len(), rest.len()),
        };
        // bufio.ScanLines drops the '\r' of "\r\n" from the token, so the range scanner's
        // line range ends before it too.
        let end = if end > start && self.src[end - 1] == b'\r' { end - 1 } else { end };
        let number = self.number;
        // Count line breaks the way the reference's range scanner does: every grapheme
        // cluster starting with '\r' or '\n' ("\r\n" is one cluster).
        let seg = &self.src[start..start + advance];
        let mut i = 0;
        while i < seg.len() {
            match seg[i] {
                b'\r' => {
                    self.number += 1;
                    if seg.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                }
                b'\n' => self.number += 1,
                _ => {}
            }
            i += 1;
        }
        self.pos = start + advance;
        count_lines_examined(1);
        Some(SourceLine { number, start, end })
    }
}

/// The non-empty lines of one source text, in order, to find the lines a snippet covers by
/// binary search instead of scanning the text from its start for each diagnostic.
struct SnippetLineIndex {
    /// The address and length of the indexed text.
    ptr: usize,
    len: usize,
    lines: Vec<SourceLine>,
}

impl SnippetLineIndex {
    fn new(src: &[u8]) -> SnippetLineIndex {
        SnippetLineIndex {
            ptr: src.as_ptr() as usize,
            len: src.len(),
            lines: SourceLines::new(src).filter(|l| l.start < l.end).collect(),
        }
    }

    /// The lines that may overlap the snippet `[start, end)`: every line that does, and at
    /// most one more at each side.
    ///
    /// A line overlaps when it contains `start` or `end` or the snippet contains the line's
    /// start or end. Lines are disjoint and ordered, and each ends before the next starts, so
    /// when `start <= end` a line before the last one starting at or before `start` ends
    /// before `start` (and cannot overlap), and a line starting after `end` cannot either.
    fn overlapping(&self, start: usize, end: usize) -> &[SourceLine] {
        if end < start {
            // A malformed range: no ordering argument holds, test every line.
            return &self.lines;
        }
        let first = self.lines.partition_point(|l| l.start <= start).saturating_sub(1);
        let rest = &self.lines[first..];
        let lines = &rest[..rest.partition_point(|l| l.start <= end)];
        count_lines_examined(lines.len());
        lines
    }
}

#[cfg(test)]
thread_local! {
    /// Source lines examined by the text renderer on this thread (split off the text while
    /// indexing it, and tested against a snippet), for tests of how rendering time grows.
    static LINES_EXAMINED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[inline]
fn count_lines_examined(_n: usize) {
    #[cfg(test)]
    LINES_EXAMINED.with(|c| c.set(c.get() + _n));
}

/// Word-wraps `s` to `limit` columns exactly as `github.com/mitchellh/go-wordwrap` does.
///
/// ```
/// use hclkit::diagnostic::wrap;
/// assert_eq!(wrap("The argument \"name\" is required.", 16), "The argument\n\"name\" is\nrequired.");
/// assert_eq!(wrap("short", 16), "short");
/// ```
pub fn wrap(s: &str, limit: usize) -> String {
    let mut buf = String::with_capacity(s.len() + 8);
    let mut current = 0usize;
    let mut word = String::new();
    let mut space = String::new();
    let (mut word_len, mut space_len) = (0usize, 0usize);
    for c in s.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= limit {
                    buf.push_str(&space);
                }
                space.clear();
                space_len = 0;
            } else {
                buf.push_str(&space);
                space.clear();
                space_len = 0;
                buf.push_str(&word);
                word.clear();
                word_len = 0;
            }
            buf.push(c);
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                buf.push_str(&space);
                space.clear();
                space_len = 0;
                buf.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + word_len + space_len > limit && word_len < limit {
                buf.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= limit {
            buf.push_str(&space);
        }
    } else {
        buf.push_str(&space);
        buf.push_str(&word);
    }
    buf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::go_quote;
    use crate::pos::{Pos, Range};
    use crate::Diagnostics;

    fn range(line: usize, col: usize, byte: usize, eline: usize, ecol: usize, ebyte: usize) -> Range {
        Range {
            filename: "test.hcl".into(),
            start: Pos { line: line as u32, column: col as u32, byte: byte as u32 },
            end: Pos { line: eline as u32, column: ecol as u32, byte: ebyte as u32 },
        }
    }

    #[test]
    fn long_lines_show_a_window_around_the_highlight() {
        // A 200 KB line (with a multi-byte character near each cut) and an error at its end.
        let mut line = "é".repeat(100_000);
        let at = line.len();
        line.push_str("oops");
        let src = line.clone().into_bytes();
        let files = ("test.hcl", src.as_slice());
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 100_001, at, 1, 100_005, at + 4));
        let text = Diagnostics::from(vec![d.clone(); 50]).to_text(&files, 0, false);
        assert!(text.len() < 50 * (MAX_SNIPPET_LINE + 200), "{} bytes", text.len());
        let first = text.lines().nth(3).expect("a snippet line");
        assert!(first.starts_with("   1: …é") && first.ends_with("éoops"), "{first:.40}…");
        // A short line is shown whole, as the reference shows it.
        let short = ("test.hcl", b"a = oops\n".as_slice());
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 5, 4, 1, 9, 8));
        assert!(Diagnostics::from(vec![d]).to_text(&short, 0, false).contains("   1: a = oops\n"));
    }

    #[test]
    fn snippets_of_many_lines_are_cut_with_a_note() {
        let src = "x\n".repeat(5000).into_bytes();
        let files = ("test.hcl", src.as_slice());
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 1, 0, 5000, 2, src.len() - 1));
        let text = Diagnostics::from(vec![d]).to_text(&files, 0, false);
        assert_eq!(text.lines().filter(|l| l.ends_with(": x")).count(), MAX_SNIPPET_LINES);
        assert!(text.contains("(the rest of the snippet is not shown)"));
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 1, 0, 1000, 2, 1999));
        let text = Diagnostics::from(vec![d]).to_text(&files, 0, false);
        assert_eq!(text.lines().filter(|l| l.ends_with(": x")).count(), 1000);
        assert!(!text.contains("not shown"));
    }

    #[test]
    fn wrap_like_go_wordwrap() {
        assert_eq!(wrap("foo bar baz", 5), "foo\nbar\nbaz");
        assert_eq!(wrap("hello world", 0), "hello world");
        assert_eq!(wrap("a  b\nc", 80), "a  b\nc");
        assert_eq!(
            wrap("There is no closing brace for this block before the end of the file.", 40),
            "There is no closing brace for this block\nbefore the end of the file."
        );
    }

    #[test]
    fn text_like_the_reference() {
        // From the reference's diagnostic_text_test.go.
        let src = b"block \"party\" {\n  text = \"birthday\"\n}\n";
        let d = Diagnostic::error("Splines not reticulated", "All splines must be pre-reticulated.")
            .with_subject(range(2, 3, 19, 2, 7, 23));
        let out = Diagnostics::from(vec![d]).to_text(&("test.hcl", &src[..]), 40, false);
        assert_eq!(
            out,
            "Error: Splines not reticulated\n\n  on test.hcl line 2:\n   2:   text = \"birthday\"\n\nAll splines must be pre-reticulated.\n\n"
        );
    }

    #[test]
    fn text_without_source() {
        let d = Diagnostic::error("Bad", "").with_subject(range(1, 1, 0, 1, 2, 1));
        assert_eq!(
            Diagnostics::from(vec![d]).to_text(&(), 0, false),
            "Error: Bad\n\n  on test.hcl line 1:\n  (source code not available)\n\n"
        );
    }

    #[test]
    fn json_like_hcldec() {
        let d = Diagnostic::error("Bad <thing>", "").with_subject(range(1, 1, 0, 1, 2, 1));
        assert_eq!(
            Diagnostics::from(vec![d]).to_json(),
            "{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n      \"summary\": \"Bad \\u003cthing\\u003e\",\n      \"subject\": {\n        \"filename\": \"test.hcl\",\n        \"start\": {\n          \"line\": 1,\n          \"column\": 1,\n          \"byte\": 0\n        },\n        \"end\": {\n          \"line\": 1,\n          \"column\": 2,\n          \"byte\": 1\n        }\n      }\n    }\n  ]\n}\n"
        );
        assert_eq!(Diagnostics::new().to_json(), "");
    }

    /// The lines the text renderer examines for `n` diagnostics, one on each line of a file
    /// of `n` lines, some with a context range of several lines.
    fn lines_examined(n: usize) -> usize {
        let src: String = (0..n).map(|i| format!("attr{i} = {i}\n")).collect();
        let starts: Vec<usize> = src.match_indices('\n').map(|(i, _)| i + 1).collect();
        let pos = |line: usize| {
            let byte = if line == 0 { 0 } else { starts[line - 1] };
            (line + 1, byte)
        };
        let diags: Vec<Diagnostic> = (0..n)
            .map(|i| {
                let ((l, b), (le, be)) = (pos(i), pos((i + 3).min(n - 1)));
                let d = Diagnostic::error("Unsupported argument", "Not expected here.").with_subject(range(
                    l,
                    1,
                    b,
                    l,
                    5,
                    b + 4,
                ));
                if i % 2 == 0 {
                    d
                } else {
                    d.with_context(range(l, 1, b, le, 1, be))
                }
            })
            .collect();
        let before = LINES_EXAMINED.with(std::cell::Cell::get);
        let text = Diagnostics::from(diags).to_text(&("test.hcl", src.as_bytes()), 0, false);
        assert_eq!(text.matches("Error: Unsupported argument").count(), n);
        LINES_EXAMINED.with(std::cell::Cell::get) - before
    }

    #[test]
    fn rendering_examines_lines_linear_in_the_diagnostics() {
        // Each snippet scanned the file from its start: n diagnostics on a file of n lines
        // examined n * n / 2 lines. Now the file is indexed once, and each snippet looks at
        // its own lines (and one more on each side).
        let (small, large) = (lines_examined(1_000), lines_examined(4_000));
        eprintln!("{small} lines examined for 1000 diagnostics, {large} for 4000");
        assert!(small >= 1_000, "{small}");
        assert!(large <= 5 * small, "{small} lines examined for 1000 diagnostics, {large} for 4000");
    }

    #[test]
    fn snippets_as_a_scan_of_every_line_finds_them() {
        // The lines the index returns for a snippet are those a scan of every line with the
        // overlap test keeps, for every snippet range of a text with empty lines, CRLF and
        // lone CR line breaks and no final newline.
        let src = b"a = 1\n\nbb = 2\r\n  c\rd = 3\n\n\neee";
        let index = SnippetLineIndex::new(src);
        let overlaps = |l: &SourceLine, s: usize, e: usize| {
            let contains = |o: usize| o >= l.start && o < l.end;
            let snip = |o: usize| o >= s && o < e;
            contains(s) || contains(e) || snip(l.start) || snip(l.end)
        };
        for s in 0..=src.len() + 1 {
            for e in 0..=src.len() + 1 {
                let want: Vec<usize> =
                    SourceLines::new(src).filter(|l| l.start < l.end && overlaps(l, s, e)).map(|l| l.start).collect();
                let got: Vec<usize> =
                    index.overlapping(s, e).iter().filter(|l| overlaps(l, s, e)).map(|l| l.start).collect();
                assert_eq!(got, want, "snippet {s}..{e}");
            }
        }
    }

    #[test]
    fn go_quoting() {
        assert_eq!(go_quote("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\x01é\"");
        assert_eq!(go_quote("\u{200b}"), "\"\\u200b\"");
    }
}
