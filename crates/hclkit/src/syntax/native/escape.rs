//! String literals: decoding (escapes, `$${`/`%%{`, quoted labels).
//!
//! The parser only checks escapes (to report errors); values are decoded on demand. Writing
//! a string as a literal is `hclkit::write::push_quoted`, outside the syntax core.

use std::borrow::Cow;

use super::lexer::{LexMode, Lexer};
use super::token::TokenKind;
use crate::pos::Span;

/// A problem with an escape sequence in a quoted string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum EscapeError {
    /// `\u` without four hex digits.
    ShortU,
    /// `\U` without eight hex digits.
    ShortBigU,
    /// A code point that cannot be encoded (surrogate or out of range).
    CannotEncode(u32),
    /// `\` followed by a character that selects no escape (the span covers the character).
    BadSelector,
}

/// Decodes the literal text of one template literal token.
pub(crate) fn decode_literal(src: &[u8], span: Span, quoted: bool) -> Cow<'_, str> {
    let b = span.slice(src);
    if b.starts_with(b"$${") || b.starts_with(b"%%{") {
        return Cow::Owned(String::from_utf8_lossy(&b[1..]).into_owned());
    }
    if !quoted || memchr::memchr(b'\\', b).is_none() {
        return String::from_utf8_lossy(b);
    }
    let mut out = Vec::with_capacity(b.len());
    decode_quoted(b, span.start, &mut out, &mut |_, _| {});
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

/// Decodes backslash escapes of quoted text `b` (starting at offset `base`) into `out`,
/// reporting bad escapes as the reference does (and keeping their text as it does).
pub(crate) fn decode_quoted(b: &[u8], base: u32, out: &mut Vec<u8>, on_err: &mut dyn FnMut(EscapeError, Span)) {
    let mut i = 0;
    while i < b.len() {
        let Some(off) = memchr::memchr(b'\\', &b[i..]) else {
            out.extend_from_slice(&b[i..]);
            return;
        };
        out.extend_from_slice(&b[i..i + off]);
        let s = i + off;
        let Some(&sel) = b.get(s + 1) else {
            // A lone backslash at the end: kept literally.
            out.push(b'\\');
            return;
        };
        let span_of = |e: usize| Span::new(base + s as u32, base + e as u32);
        match sel {
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            b'u' | b'U' => {
                let want = if sel == b'u' { 4 } else { 8 };
                let mut e = s + 2;
                while e < b.len() && e - (s + 2) < want && b[e].is_ascii_hexdigit() {
                    e += 1;
                }
                let hex = &b[s + 2..e];
                if hex.len() != want {
                    on_err(if sel == b'u' { EscapeError::ShortU } else { EscapeError::ShortBigU }, span_of(e));
                    out.extend_from_slice(&b[s..e]);
                } else {
                    let cp = hex.iter().fold(0u32, |acc, &h| (acc << 4) | (h as char).to_digit(16).unwrap_or(0));
                    match char::from_u32(cp) {
                        Some(c) => {
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                        }
                        None => {
                            on_err(EscapeError::CannotEncode(cp), span_of(e));
                            out.extend_from_slice(&b[s..e]);
                        }
                    }
                }
                i = e;
                continue;
            }
            _ => {
                // One character (of the scanner's UTF-8 shape) after the backslash.
                let len = super::lexer::decode_utf8(b, s + 1).map(|(_, l)| l).unwrap_or(1);
                let e = (s + 1 + len).min(b.len());
                on_err(EscapeError::BadSelector, span_of(e));
                out.extend_from_slice(&b[s + 1..e]);
                i = e;
                continue;
            }
        }
        i = s + 2;
    }
}

/// The value of a quoted block label spanning `span` (quotes included), as the reference's
/// `parseQuotedStringLiteral` builds it (not NFC-normalised, as in the reference).
pub(crate) fn decode_label(src: &[u8], span: Span) -> Cow<'_, str> {
    let b = span.slice(src);
    // Fast path: a closed label without escapes or template sequences.
    if b.len() >= 2
        && b[b.len() - 1] == b'"'
        && !b[1..b.len() - 1].iter().any(|&c| matches!(c, b'\\' | b'$' | b'%' | b'"' | b'\n' | b'\r'))
    {
        return String::from_utf8_lossy(&b[1..b.len() - 1]);
    }
    let mut out = Vec::new();
    let mut lexer = Lexer::new(b, LexMode::Normal);
    let _open = lexer.next_token();
    loop {
        let t = lexer.next_token();
        match t.kind {
            TokenKind::CQuote | TokenKind::Eof => break,
            TokenKind::QuotedLit => {
                let s = t.span.slice(b);
                if s.starts_with(b"$${") || s.starts_with(b"%%{") {
                    out.extend_from_slice(&s[1..]);
                } else {
                    decode_quoted(s, 0, &mut out, &mut |_, _| {});
                }
            }
            TokenKind::TemplateInterp | TokenKind::TemplateControl => {
                out.push(if t.kind == TokenKind::TemplateInterp { b'$' } else { b'%' });
                out.extend_from_slice(b"{ ... }");
                let mut nest = 0;
                loop {
                    let t = lexer.next_token();
                    match t.kind {
                        TokenKind::TemplateInterp | TokenKind::TemplateControl => nest += 1,
                        TokenKind::TemplateSeqEnd if nest == 0 => break,
                        TokenKind::TemplateSeqEnd => nest -= 1,
                        TokenKind::Eof => break,
                        _ => {}
                    }
                }
            }
            _ => break,
        }
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dq(s: &str) -> (String, Vec<(EscapeError, Span)>) {
        let mut out = Vec::new();
        let mut errs = Vec::new();
        decode_quoted(s.as_bytes(), 0, &mut out, &mut |e, sp| errs.push((e, sp)));
        (String::from_utf8(out).unwrap(), errs)
    }

    #[test]
    fn escapes() {
        assert_eq!(dq(r#"a\nb\r\t\"\\"#).0, "a\nb\r\t\"\\");
        assert_eq!(dq(r"\u00e9\U0001F600").0, "é😀");
        assert_eq!(dq(r"\uabcdabcd").0, "\u{abcd}abcd");
        assert_eq!(dq(r"\uabc"), (r"\uabc".to_string(), vec![(EscapeError::ShortU, Span::new(0, 5))]));
        assert_eq!(dq(r"\Uabc").1, vec![(EscapeError::ShortBigU, Span::new(0, 5))]);
        assert_eq!(dq(r"\ud800"), (r"\ud800".to_string(), vec![(EscapeError::CannotEncode(0xd800), Span::new(0, 6))]));
        assert_eq!(dq(r"x\🥁y"), ("x🥁y".to_string(), vec![(EscapeError::BadSelector, Span::new(1, 6))]));
    }

    #[test]
    fn template_escapes() {
        assert_eq!(decode_literal(b"$${", Span::new(0, 3), true), "${");
        assert_eq!(decode_literal(b"%%{~", Span::new(0, 4), false), "%{~");
        assert_eq!(decode_literal(b"$$", Span::new(0, 2), false), "$$");
        assert_eq!(decode_literal(br"a\nb", Span::new(0, 4), false), r"a\nb");
    }

    #[test]
    fn labels() {
        let src = br#""a\tb" "x${y}z" "p$${q}""#;
        assert_eq!(decode_label(src, Span::new(0, 6)), "a\tb");
        assert_eq!(decode_label(src, Span::new(7, 15)), "x${ ... }z");
        assert_eq!(decode_label(src, Span::new(16, 24)), "p${q}");
    }
}
