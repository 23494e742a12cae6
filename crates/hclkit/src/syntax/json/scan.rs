//! The JSON scanner: splits the source into tokens, pulled one at a time by the parser.
//!
//! Like the reference's scanner it is lax about the multi-byte tokens (keywords, numbers and
//! strings take every byte that plausibly belongs to them) so that the parser can say what is
//! wrong with them, and it stops at the first byte that cannot start a token: after an
//! [`Tok::Invalid`] token only [`Tok::Eof`] follows, one byte further on.
//!
//! Strings advance by grapheme clusters outside ASCII, as the reference's scanner does; this
//! matters for columns (see [`column`]) and, in one corner, for where a string ends: a
//! cluster that starts with a "prepend" character swallows a following quote.

use unicode_segmentation::UnicodeSegmentation;

use crate::pos::Span;

/// Token kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(crate) enum Tok {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    /// `=`: never valid, recognised only to suggest a colon.
    Equals,
    Keyword,
    String,
    Number,
    Invalid,
    Eof,
}

/// String token flag: contains a backslash.
pub(crate) const STR_ESCAPES: u8 = 1;
/// String token flag: contains a byte outside ASCII.
pub(crate) const STR_NON_ASCII: u8 = 2;
/// String token flag: ends with its closing quote.
pub(crate) const STR_CLOSED: u8 = 4;

/// A token: kind, flags (for strings) and span.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub(crate) kind: Tok,
    pub(crate) flags: u8,
    pub(crate) span: Span,
}

/// What each byte can start, outside strings.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Space,
    Punct(Tok),
    Quote,
    Number,
    Alpha,
    Other,
}

const fn class_table() -> [Class; 256] {
    let mut t = [Class::Other; 256];
    t[b' ' as usize] = Class::Space;
    t[b'\t' as usize] = Class::Space;
    t[b'\n' as usize] = Class::Space;
    t[b'\r' as usize] = Class::Space;
    t[b'{' as usize] = Class::Punct(Tok::BraceO);
    t[b'}' as usize] = Class::Punct(Tok::BraceC);
    t[b'[' as usize] = Class::Punct(Tok::BrackO);
    t[b']' as usize] = Class::Punct(Tok::BrackC);
    t[b',' as usize] = Class::Punct(Tok::Comma);
    t[b':' as usize] = Class::Punct(Tok::Colon);
    t[b'=' as usize] = Class::Punct(Tok::Equals);
    t[b'"' as usize] = Class::Quote;
    // Not `e`/`E`: those start a (bad) keyword, for a clearer message.
    let digits = b"-+.0123456789";
    let mut i = 0;
    while i < digits.len() {
        t[digits[i] as usize] = Class::Number;
        i += 1;
    }
    let mut c = b'a';
    while c <= b'z' {
        t[c as usize] = Class::Alpha;
        t[(c - b'a' + b'A') as usize] = Class::Alpha;
        c += 1;
    }
    t
}

static CLASS: [Class; 256] = class_table();

/// Bytes a number token takes (JSON's number alphabet; the parser checks the order).
#[inline]
fn is_number_byte(b: u8) -> bool {
    matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
}

/// Bytes a keyword token takes after its first letter.
#[inline]
fn is_keyword_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// Bytes that end the plain run of a string: quote, backslash, control and non-ASCII.
const fn string_stop_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i < 0x20 || i >= 0x80 || i == b'"' as usize || i == b'\\' as usize;
        i += 1;
    }
    t
}

static STRING_STOP: [bool; 256] = string_stop_table();

/// Length of the grapheme cluster starting at `src[i]`, as the reference's scanner measures
/// it: one byte for a byte that is not UTF-8.
#[cold]
fn cluster_len(src: &[u8], i: usize) -> usize {
    // A window is enough: clusters longer than this are not a concern of real text.
    let window = &src[i..src.len().min(i + 128)];
    let valid = match std::str::from_utf8(window) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&window[..e.valid_up_to()]).unwrap_or_default(),
    };
    match valid.graphemes(true).next() {
        Some(g) => g.len(),
        None => 1,
    }
}

/// Scans the string token starting at the quote `src[start]`: returns its end and flags.
/// With `limit`, stops at that offset too and also returns the number of columns covered.
#[inline]
fn scan_string(src: &[u8], start: usize, limit: usize, count: bool) -> (usize, u8, usize) {
    let mut i = start + 1;
    let mut flags = 0;
    let mut escaping = false;
    let mut cols = 1;
    while i < limit {
        let b = src[i];
        if !STRING_STOP[b as usize] {
            // A run of plain ASCII.
            let run_start = i;
            i += 1;
            while i < limit && !STRING_STOP[src[i] as usize] {
                i += 1;
            }
            if count {
                cols += i - run_start;
            }
            escaping = false;
            continue;
        }
        match b {
            b'\\' => {
                escaping = !escaping;
                flags |= STR_ESCAPES;
                i += 1;
                cols += 1;
            }
            b'"' => {
                i += 1;
                cols += 1;
                if !escaping {
                    flags |= STR_CLOSED;
                    break;
                }
                escaping = false;
            }
            0..=0x1f => break,
            _ => {
                flags |= STR_NON_ASCII;
                // A plain ASCII character starts a cluster too, which may take in the
                // combining marks after it: one column for all of them.
                if count && i > start + 1 && !STRING_STOP[src[i - 1] as usize] {
                    let len = cluster_len(src, i - 1);
                    if len > 1 {
                        i = i - 1 + len;
                        escaping = false;
                        continue;
                    }
                }
                i += cluster_len(src, i);
                cols += 1;
                escaping = false;
            }
        }
    }
    (i, flags, cols)
}

/// The scanner: yields tokens on demand.
pub(crate) struct Scanner<'s> {
    src: &'s [u8],
    pos: usize,
    /// Set after an invalid byte: only end-of-file follows.
    stopped: bool,
}

impl<'s> Scanner<'s> {
    pub(crate) fn new(src: &'s [u8]) -> Scanner<'s> {
        Scanner { src, pos: 0, stopped: false }
    }

    #[inline]
    fn tok(kind: Tok, start: usize, end: usize) -> Token {
        Token { kind, flags: 0, span: Span::new(start as u32, end as u32) }
    }

    /// The next token; [`Tok::Eof`] forever once the input is exhausted.
    pub(crate) fn next_token(&mut self) -> Token {
        let src = self.src;
        let mut i = self.pos;
        if self.stopped {
            return Scanner::tok(Tok::Eof, i, i);
        }
        while i < src.len() && CLASS[src[i] as usize] == Class::Space {
            i += 1;
        }
        if i >= src.len() {
            self.pos = i;
            return Scanner::tok(Tok::Eof, i, i);
        }
        let start = i;
        let t = match CLASS[src[i] as usize] {
            Class::Punct(kind) => Scanner::tok(kind, start, start + 1),
            Class::Quote => {
                let (end, flags, _) = scan_string(src, start, src.len(), false);
                Token { kind: Tok::String, flags, span: Span::new(start as u32, end as u32) }
            }
            Class::Number => {
                i += 1;
                while i < src.len() && is_number_byte(src[i]) {
                    i += 1;
                }
                Scanner::tok(Tok::Number, start, i)
            }
            Class::Alpha => {
                i += 1;
                while i < src.len() && is_keyword_byte(src[i]) {
                    i += 1;
                }
                Scanner::tok(Tok::Keyword, start, i)
            }
            Class::Space | Class::Other => {
                self.stopped = true;
                self.pos = start + 1;
                return Scanner::tok(Tok::Invalid, start, start + 1);
            }
        };
        self.pos = t.span.end as usize;
        t
    }
}

/// The reference's column of byte `offset`, given the start of its line: spaces count one,
/// tabs two and carriage returns none; inside strings each grapheme cluster counts one; any
/// other byte counts one. The reference stops scanning at the first byte that cannot start
/// a token, so positions past it are never reported; here such bytes count one each.
#[cfg(test)]
pub(crate) fn column(src: &[u8], line_start: usize, offset: usize) -> usize {
    column_from(src, (line_start, 1), offset, |_, _| {})
}

/// How far apart (in bytes) [`column_from`] reports resumable points.
pub(crate) const CHECKPOINT_EVERY: usize = 4096;

/// [`column`] resumed from a known point: `from` is a byte offset on the line (outside any
/// string) and its column. `checkpoint` is called with further such points, at least
/// [`CHECKPOINT_EVERY`] bytes apart, so that a caller asking for many positions on one long
/// line (a minified file with many diagnostics) can resume instead of rescanning the line
/// from its start each time, which would be quadratic.
pub(crate) fn column_from(
    src: &[u8],
    from: (usize, usize),
    offset: usize,
    mut checkpoint: impl FnMut(usize, usize),
) -> usize {
    let offset = offset.min(src.len());
    let (mut i, mut col) = from;
    let mut last_checkpoint = i;
    while i < offset {
        // Every iteration starts outside a string: a point to resume from.
        if i - last_checkpoint >= CHECKPOINT_EVERY {
            checkpoint(i, col);
            last_checkpoint = i;
        }
        match src[i] {
            b' ' => col += 1,
            b'\t' => col += 2,
            b'\r' => {}
            b'"' => {
                let (end, _, cols) = scan_string(src, i, offset, true);
                col += cols;
                i = end;
                continue;
            }
            0x80.. => {
                // Not a token: the reference stops here.
                col += offset - i;
                break;
            }
            _ => col += 1,
        }
        i += 1;
    }
    col
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Tok, &str)> {
        let mut s = Scanner::new(src.as_bytes());
        let mut out = Vec::new();
        loop {
            let t = s.next_token();
            out.push((t.kind, std::str::from_utf8(t.span.slice(src.as_bytes())).unwrap_or("?")));
            if t.kind == Tok::Eof {
                return out;
            }
        }
    }

    #[test]
    fn tokens() {
        use Tok::*;
        assert_eq!(
            kinds(r#"{"a\"b": [1.5e3, -2, true_x]} ="#),
            vec![
                (BraceO, "{"),
                (String, r#""a\"b""#),
                (Colon, ":"),
                (BrackO, "["),
                (Number, "1.5e3"),
                (Comma, ","),
                (Number, "-2"),
                (Comma, ","),
                (Keyword, "true_x"),
                (BrackC, "]"),
                (BraceC, "}"),
                (Equals, "="),
                (Eof, ""),
            ]
        );
        // `e` starts a keyword, not a number; a string stops at a control character.
        assert_eq!(kinds("e5"), vec![(Keyword, "e"), (Number, "5"), (Eof, "")]);
        assert_eq!(kinds("\"ab\ncd"), vec![(String, "\"ab"), (Keyword, "cd"), (Eof, "")]);
        // After an invalid byte only end-of-file follows, one byte further on.
        let mut s = Scanner::new("[ \u{e9} 1".as_bytes());
        s.next_token();
        let t = s.next_token();
        assert_eq!((t.kind, t.span), (Invalid, Span::new(2, 3)));
        let t = s.next_token();
        assert_eq!((t.kind, t.span), (Eof, Span::new(3, 3)));
    }

    #[test]
    fn string_flags() {
        let mut s = Scanner::new(b"\"a\\\\\" \"x");
        let t = s.next_token();
        assert_eq!(t.flags, STR_ESCAPES | STR_CLOSED);
        assert_eq!(t.span, Span::new(0, 5));
        let t = s.next_token();
        assert_eq!(t.flags, 0);
        assert_eq!(t.span, Span::new(6, 8));
    }

    #[test]
    fn columns() {
        let src = "\t\"e\u{301}x\" \r:".as_bytes();
        // tab = 2, quote, one cluster for e + combining acute, x, quote, space, CR = 0.
        let colon = src.len() - 1;
        assert_eq!(column(src, 0, colon), 1 + 2 + 1 + 1 + 1 + 1 + 1);
        assert_eq!(column(src, 0, 1), 3);
    }

    #[test]
    fn resumed_columns_agree_with_full_scans() {
        // A long line of strings (some with combining marks), tabs and CRs.
        let mut line = String::new();
        for i in 0..3000 {
            line.push_str(if i % 3 == 0 { "\"e\u{301}ab\", \t" } else { "\"xyz\" :\r " });
        }
        let src = line.as_bytes();
        let mut points = Vec::new();
        let end = column_from(src, (0, 1), src.len(), |i, c| points.push((i, c)));
        assert!(points.len() > 3, "checkpoints are reported on long lines");
        for &(i, c) in &points {
            assert_eq!(column(src, 0, i), c);
            assert_eq!(column_from(src, (i, c), src.len(), |_, _| {}), end);
        }
    }
}
