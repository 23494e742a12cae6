//! Identifiers as the reference's scanner reads them (for [`Lexer::reference_identifiers`]).
//!
//! The reference's scanner takes the characters of identifiers from tables generated for an
//! older Unicode version, by a generator that widened some continuation-byte ranges to any
//! byte: after `\xe5`, for instance, any two bytes make a character, spaces, quotes and
//! newlines included. hclkit's lexer reads identifiers by today's Unicode and by UTF-8, which
//! agrees on every valid file; the formatter, which must give the reference's output on
//! damaged files too, asks the lexer for the reference's identifiers, matched here with its
//! tables (observed from it: `reference_idents_table.rs`, made by `oracle/fmt/record.sh`).
//!
//! [`Lexer::reference_identifiers`]: super::lexer::Lexer::reference_identifiers

use std::sync::OnceLock;

#[path = "reference_idents_table.rs"]
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
        // Today's Unicode and UTF-8 say more than the reference's tables: a joiner continues
        // an identifier for the lexer, not for the reference; an overlong "P" starts one.
        assert_eq!(ident_len("tV\u{200d}".as_bytes(), 0), 2);
        assert_eq!(ident_len(b"\xc1\x90N", 0), 0);
    }

    fn tokens_of(src: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
        use crate::syntax::native::lexer::{LexMode, Lexer};
        let mut lexer = Lexer::new(src, LexMode::Normal).reference_identifiers();
        let mut out = Vec::new();
        loop {
            let t = lexer.next_token();
            out.push((&t.kind.name()[5..], t.span.slice(src).to_vec()));
            if t.kind == crate::syntax::native::token::TokenKind::Eof {
                return out;
            }
        }
    }

    fn show(toks: Vec<(&'static str, Vec<u8>)>) -> String {
        toks.iter().map(|(k, b)| format!("{k}[{}]", b.escape_ascii())).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_lexer_reads_identifiers_as_the_reference() {
        // Expected tokens from the reference's scanner (oracle/fmt: fmtoracle tokens).
        assert_eq!(show(tokens_of("tV\u{200d}x".as_bytes())), r"Ident[tV] Invalid[\xe2\x80\x8d] Ident[x] EOF[]");
        assert_eq!(show(tokens_of(b"\xc1\x90N")), r"Invalid[\xc1\x90] Ident[N] EOF[]");
        assert_eq!(show(tokens_of(b"i\xe5 x = 1")), r"Ident[i\xe5 x] Equal[=] NumberLit[1] EOF[]");
        assert_eq!(show(tokens_of(b"i\xffc")), r"Ident[i] BadUTF8[\xff] Ident[c] EOF[]");
        // Heredoc markers too: "\xe5ab" is one (never closed: the closing line is not UTF-8),
        // an overlong "p" is not.
        assert_eq!(
            show(tokens_of(b"x = <<\xe5ab\nbody\n\xe5ab\ny = <<-\xc1\xb0\nz\n")),
            r"Ident[x] Equal[=] OHeredoc[<<\xe5ab\n] StringLit[body\n] BadUTF8[\xe5] StringLit[ab\n] StringLit[y = <<-\xc1\xb0\n] StringLit[z\n] EOF[]"
        );
        assert_eq!(
            show(tokens_of(b"y = <<-\xc1\xb0\nz\n")),
            r"Ident[y] Equal[=] LessThan[<] LessThan[<] Minus[-] Invalid[\xc1\xb0] Newline[\n] Ident[z] Newline[\n] EOF[]"
        );
    }
}
