//! Identifiers as the reference's scanner reads them.
//!
//! The reference's scanner takes the characters of identifiers from tables generated for an
//! older Unicode version, by a generator that widened some continuation-byte ranges to any
//! byte: after `\xe5`, for instance, any two bytes make a character, spaces, quotes and
//! newlines included. hclkit's lexer reads identifiers by today's Unicode and by UTF-8, which
//! agrees on every valid file but not on damaged ones; the formatter keeps the reference's
//! tokens, so it reads identifiers that hold bytes beyond ASCII again with the reference's
//! tables (observed from it: `ident_table.rs`, made by `tests/fmt/record.sh`).

use std::sync::OnceLock;

use crate::syntax::native::lexer::Lexer;
use crate::syntax::native::token::{Token, TokenKind};

#[path = "ident_table.rs"]
mod table;

type Row = (u8, [(u8, u8); 4]);

/// The rows of a table whose first byte range holds each byte value.
struct Index {
    rows: &'static [Row],
    by_lead: Vec<Vec<u16>>,
}

impl Index {
    fn new(rows: &'static [Row]) -> Index {
        let mut by_lead = vec![Vec::new(); 256];
        for (i, (_, r)) in rows.iter().enumerate() {
            for b in r[0].0..=r[0].1 {
                by_lead[usize::from(b)].push(i as u16);
            }
        }
        Index { rows, by_lead }
    }

    /// Calls `f` with the length of every table character at `src[at..]`.
    fn matches(&self, src: &[u8], at: usize, mut f: impl FnMut(usize)) {
        let Some(&b) = src.get(at) else { return };
        for &i in &self.by_lead[usize::from(b)] {
            let (len, ranges) = self.rows[usize::from(i)];
            let len = usize::from(len);
            let Some(bytes) = src.get(at..at + len) else { continue };
            if bytes.iter().zip(&ranges).all(|(&b, &(lo, hi))| lo <= b && b <= hi) {
                f(len);
            }
        }
    }
}

fn starts() -> &'static Index {
    static I: OnceLock<Index> = OnceLock::new();
    I.get_or_init(|| Index::new(table::ID_START))
}

fn continues() -> &'static Index {
    static I: OnceLock<Index> = OnceLock::new();
    I.get_or_init(|| Index::new(table::ID_CONTINUE))
}

/// The length of the longest identifier the reference's scanner reads at `src[at..]` (0 if
/// none): a start character or `_`, then continue characters and `-`.
pub(crate) fn ident_len(src: &[u8], at: usize) -> usize {
    // Reachable ends, as a bit set relative to the cursor (characters are at most 4 bytes).
    let mut ahead: u32 = 0;
    match src.get(at) {
        Some(&b) if b.is_ascii_alphabetic() || b == b'_' => ahead |= 1 << 1,
        Some(&b) if b >= 0x80 => starts().matches(src, at, |n| ahead |= 1 << n),
        _ => return 0,
    }
    let mut best = 0;
    let mut q = at;
    while ahead != 0 {
        ahead >>= 1;
        q += 1;
        if ahead & 1 == 0 {
            continue;
        }
        best = q - at;
        match src.get(q) {
            Some(&b) if b.is_ascii_alphanumeric() || b == b'_' || b == b'-' => ahead |= 1 << 1,
            Some(&b) if b >= 0x80 => continues().matches(src, q, |n| ahead |= 1 << n),
            _ => {}
        }
    }
    best
}

/// The lexer's tokens, with identifiers read as the reference reads them.
pub(crate) struct RefTokens<'s> {
    src: &'s [u8],
    lexer: Lexer<'s>,
}

impl<'s> RefTokens<'s> {
    pub(crate) fn new(src: &'s [u8], lexer: Lexer<'s>) -> RefTokens<'s> {
        RefTokens { src, lexer }
    }

    pub(crate) fn next_token(&mut self) -> Token {
        let t = self.lexer.next_token();
        if !matches!(t.kind, TokenKind::Ident | TokenKind::BadUtf8 | TokenKind::Invalid)
            || !self.lexer.in_expression_mode()
        {
            return t;
        }
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        let src = self.src;
        // Identifiers of ASCII only are read alike.
        if t.kind == TokenKind::Ident && src[start..end].is_ascii() && src.get(end).map_or(true, |b| b.is_ascii()) {
            return t;
        }
        let len = ident_len(src, start);
        if len > 0 {
            if t.kind == TokenKind::Ident && start + len == end {
                return t;
            }
            self.lexer.skip_to(start + len);
            return Token::new(TokenKind::Ident, start as u32, (start + len) as u32);
        }
        if t.kind == TokenKind::Ident {
            // A character the lexer's Unicode calls a letter and the reference's does not:
            // the reference's invalid-character token, one character long.
            let n = crate::syntax::native::lexer::decode_utf8(src, start).map_or(1, |(_, n)| n);
            self.lexer.skip_to(start + n);
            return Token::new(TokenKind::Invalid, start as u32, (start + n) as u32);
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_identifiers() {
        // Observed from the reference's scanner (fmtoracle tokens).
        assert_eq!(ident_len(b"abc def", 0), 3);
        assert_eq!(ident_len(b"a-b_c1 ", 0), 6);
        assert_eq!(ident_len(b"1a", 0), 0);
        assert_eq!(ident_len(b"-a", 0), 0);
        assert_eq!(ident_len(b"i\xe5c", 0), 1);
        assert_eq!(ident_len(b"i\xe5 x", 0), 4);
        assert_eq!(ident_len(b"\xe5clude", 0), 6);
        assert_eq!(ident_len(b"i\xe5\x80c", 0), 4);
        assert_eq!(ident_len(b"i\xf0abcd", 0), 1);
        assert_eq!(ident_len(b"ab\xe5cdef", 0), 7);
        assert_eq!(ident_len(b"a-\xe5x", 0), 2);
        assert_eq!(ident_len("é\u{e5}x".as_bytes(), 0), 2 + 2 + 1);
        assert_eq!(ident_len(b"\xc3\xa9\xe5x", 0), 2);
        assert_eq!(ident_len(b"i\xffc", 0), 1);
        assert_eq!(ident_len("\u{1F600}".as_bytes(), 0), 0);
    }
}
