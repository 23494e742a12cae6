//! `terraform fmt`'s normalisations on top of the layout.
//!
//! Terraform parses the file with hclwrite and, before printing it, rewrites three things
//! (`internal/command/fmt.go`; the same in OpenTofu): each attribute whose value is a quoted
//! template holding one interpolation and nothing else gets the interpolated expression; the
//! `type` of a top-level `variable` block written in the pre-0.12 way (`"string"`, `list`) gets
//! the type expression it stands for; and every block's labels are written again in the
//! quoted form, which drops comments between them. The layout is then the formatter's.
//!
//! This works on the token sequence (the file must parse, so its structure can be read from
//! the tokens): the body is walked for attributes and blocks, the rewritten tokens replace the
//! old ones, and the sequence is laid out. One departure: Terraform silently drops a quoted
//! label it cannot read back as one literal token (`"a$b"`, `"50%"`, whose `$` and `%` lex as
//! tokens of their own); here such labels are kept.

use std::borrow::Cow;

use unicode_normalization::UnicodeNormalization;

use super::{tokens, write_tokens, FmtToken, Formatter};
use crate::diagnostic::Diagnostics;
use crate::syntax::native::token::TokenKind::{self, *};

pub(crate) fn format(fmt: &Formatter, src: &[u8], filename: &str) -> Result<Vec<u8>, Diagnostics> {
    let (_, diags) = crate::parse_config(src.to_vec(), filename);
    if diags.has_errors() {
        return Err(diags);
    }
    let toks = tokens(src);
    let mut w = Walker { toks: &toks, i: 0, out: Vec::with_capacity(toks.len() + 16), blocks: Vec::new() };
    w.body();
    // Anything left (nothing, for a file that parses) stays as it is.
    w.out.extend(toks[w.i..].iter().cloned());
    let mut out_toks = w.out;
    fmt.layout(&mut out_toks);
    let mut out = Vec::with_capacity(src.len() + 64);
    write_tokens(&out_toks, &mut out);
    Ok(out)
}

fn tok(kind: TokenKind, text: &'static str) -> FmtToken<'static> {
    FmtToken::new(kind, text)
}

struct Walker<'t, 's> {
    toks: &'t [FmtToken<'s>],
    i: usize,
    out: Vec<FmtToken<'s>>,
    /// Types of the blocks around the current body.
    blocks: Vec<Vec<u8>>,
}

impl<'s> Walker<'_, 's> {
    fn kind(&self, i: usize) -> TokenKind {
        self.toks.get(i).map_or(Eof, |t| t.kind)
    }

    fn copy(&mut self) {
        if let Some(t) = self.toks.get(self.i) {
            self.out.push(t.clone());
            self.i += 1;
        }
    }

    /// A body, up to its closing brace (not taken) or the end.
    fn body(&mut self) {
        loop {
            match self.kind(self.i) {
                Eof | CBrace => return,
                Ident => self.item(),
                _ => self.copy(),
            }
        }
    }

    /// The next token after `i` that is not a comment without a newline.
    fn next_significant(&self, mut i: usize) -> usize {
        i += 1;
        while self.kind(i) == Comment && !self.toks[i].text.ends_with(b"\n") {
            i += 1;
        }
        i
    }

    fn item(&mut self) {
        let name = self.i;
        let next = self.next_significant(name);
        if self.kind(next) == Equal {
            while self.i <= next {
                self.copy();
            }
            self.attribute(name);
        } else {
            self.block(name);
        }
    }

    /// The expression of an attribute whose `=` was just copied: its tokens, up to the end of
    /// the line (or the brace closing a one-line block), less trailing comments.
    fn attribute(&mut self, name: usize) {
        let start = self.i;
        let mut depth = 0i64;
        let mut end = start;
        loop {
            let t = &self.toks[end.min(self.toks.len() - 1)];
            let k = t.kind;
            if k == Eof || (depth == 0 && (k == Newline || (k == Comment && t.text.ends_with(b"\n")))) {
                break;
            }
            match k {
                OBrace | OBrack | OParen | TemplateInterp | TemplateControl => depth += 1,
                CBrace | CBrack | CParen | TemplateSeqEnd => {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
                _ => {}
            }
            end += 1;
        }
        let mut last = end;
        while last > start && self.kind(last - 1) == Comment {
            last -= 1;
        }
        let expr = &self.toks[start..last];
        let name = &self.toks[name].text;
        let rewritten = if self.blocks.len() == 1 && self.blocks[0] == b"variable" && &**name == b"type" {
            type_expr(expr)
        } else {
            value_expr(expr)
        };
        match rewritten {
            Some(new) => self.out.extend(new),
            None => self.out.extend(expr.iter().cloned()),
        }
        self.i = last;
    }

    /// A block: its type, its labels written again quoted, its body.
    fn block(&mut self, name: usize) {
        let ty = self.toks[name].text.to_vec();
        self.copy();
        let mut labels: Vec<Vec<u8>> = Vec::new();
        loop {
            match self.kind(self.i) {
                Ident => {
                    labels.push(self.toks[self.i].text.to_vec());
                    self.i += 1;
                }
                OQuote => {
                    let mut value = Vec::new();
                    self.i += 1;
                    while !matches!(self.kind(self.i), CQuote | Eof | Newline) {
                        decode_literal(&self.toks[self.i].text, &mut value);
                        self.i += 1;
                    }
                    if self.kind(self.i) == CQuote {
                        self.i += 1;
                    }
                    labels.push(value);
                }
                Comment if !self.toks[self.i].text.ends_with(b"\n") => self.i += 1,
                _ => break,
            }
        }
        for l in labels {
            self.out.push(tok(OQuote, "\""));
            let text: String = String::from_utf8_lossy(&l).nfc().collect();
            self.out.push(FmtToken { kind: QuotedLit, text: Cow::Owned(escape_quoted(&text)), spaces_before: 0 });
            self.out.push(tok(CQuote, "\""));
        }
        if self.kind(self.i) != OBrace {
            return;
        }
        self.copy();
        self.blocks.push(ty);
        self.body();
        self.blocks.pop();
        if self.kind(self.i) == CBrace {
            self.copy();
        }
    }
}

/// `"${expr}"` as `expr`: a quoted template whose only part is one interpolation (nested
/// strings may hold their own), without the newlines just inside it, and in parentheses if it
/// spans lines.
fn value_expr<'s>(toks: &[FmtToken<'s>]) -> Option<Vec<FmtToken<'s>>> {
    let n = toks.len();
    if n < 5
        || toks[0].kind != OQuote
        || toks[1].kind != TemplateInterp
        || toks[n - 2].kind != TemplateSeqEnd
        || toks[n - 1].kind != CQuote
    {
        return None;
    }
    let inside = &toks[2..n - 2];
    let mut quotes = 0i64;
    for t in inside {
        match t.kind {
            OQuote => quotes += 1,
            CQuote => quotes -= 1,
            _ if quotes > 0 => {}
            TemplateInterp | TemplateSeqEnd | QuotedLit => return None,
            _ => {}
        }
    }
    let first = inside.iter().position(|t| t.kind != Newline)?;
    let last = inside.iter().rposition(|t| t.kind != Newline)?;
    let trimmed = &inside[first..=last];
    let multiline = trimmed.iter().any(|t| t.kind == Newline);
    let parenthesised =
        trimmed.first().is_some_and(|t| t.kind == OParen) && trimmed.last().is_some_and(|t| t.kind == CParen);
    let mut out = Vec::with_capacity(trimmed.len() + 2);
    if multiline && !parenthesised {
        out.push(tok(OParen, "("));
        out.extend(trimmed.iter().cloned());
        out.push(tok(CParen, ")"));
    } else {
        out.extend(trimmed.iter().cloned());
    }
    Some(out)
}

/// A `variable` block's `type` in the pre-0.12 forms: `list`, `map`, `set` (of any type), and
/// the quoted `"string"`, `"list"`, `"map"` (of strings, as Terraform 0.11 meant them).
fn type_expr<'s>(toks: &[FmtToken<'s>]) -> Option<Vec<FmtToken<'s>>> {
    let of = |name: &'static str, elem: &'static str| {
        vec![tok(Ident, name), tok(OParen, "("), tok(Ident, elem), tok(CParen, ")")]
    };
    match toks {
        [t] if t.kind == Ident => match &*t.text {
            b"list" => Some(of("list", "any")),
            b"map" => Some(of("map", "any")),
            b"set" => Some(of("set", "any")),
            _ => None,
        },
        [o, l, c] if o.kind == OQuote && l.kind == QuotedLit && c.kind == CQuote => match &*l.text {
            b"string" => Some(vec![tok(Ident, "string")]),
            b"list" => Some(of("list", "string")),
            b"map" => Some(of("map", "string")),
            _ => None,
        },
        _ => None,
    }
}

/// Appends the value of a quoted string's literal text (of a file that parses: its escapes
/// are valid): `\n \r \t \" \\ \uNNNN \UNNNNNNNN`, and `$${`, `%%{` for `${`, `%{`.
fn decode_literal(text: &[u8], out: &mut Vec<u8>) {
    if text.starts_with(b"$${") || text.starts_with(b"%%{") {
        out.extend_from_slice(&text[1..]);
        return;
    }
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b != b'\\' || i + 1 >= text.len() {
            out.push(b);
            i += 1;
            continue;
        }
        let (c, len) = match text[i + 1] {
            b'n' => (Some('\n'), 2),
            b'r' => (Some('\r'), 2),
            b't' => (Some('\t'), 2),
            b'"' => (Some('"'), 2),
            b'\\' => (Some('\\'), 2),
            b'u' | b'U' => {
                let digits = if text[i + 1] == b'u' { 4 } else { 8 };
                let hex = text.get(i + 2..i + 2 + digits).and_then(|h| std::str::from_utf8(h).ok());
                (hex.and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32), 2 + digits)
            }
            _ => (None, 1),
        };
        match c {
            Some(c) => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                i += len;
            }
            None => {
                out.push(b);
                i += 1;
            }
        }
    }
}

/// A string's text inside a quoted literal, escaped as hclwrite escapes it
/// ([`push_escaped`](crate::write::push_escaped)).
fn escape_quoted(s: &str) -> Vec<u8> {
    let mut out = String::with_capacity(s.len());
    crate::write::push_escaped(&mut out, s, true);
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tf(src: &str) -> String {
        String::from_utf8(format(&Formatter::new(), src.as_bytes(), "t.tf").unwrap()).unwrap()
    }

    #[test]
    fn normalisations_as_terraform_makes_them() {
        // Expected outputs from Terraform 1.0.3's `terraform fmt -` (shared/oracle/terraform.sh).
        assert_eq!(
            tf("variable v {\n  type = \"list\"\n  default = \"${local.x}\"\n}\nvariable w {\ntype=map\n}\n"),
            "variable \"v\" {\n  type    = list(string)\n  default = local.x\n}\nvariable \"w\" {\n  type = map(any)\n}\n"
        );
        assert_eq!(
            tf("resource aws_instance /* c */ \"web\" {\n  a = \"${x}${y}\"\n  b = \"${\n  c ? d :\n  e}\"\n  c = \"x${y}\"\n}\n"),
            "resource \"aws_instance\" \"web\" {\n  a = \"${x}${y}\"\n  b = (c ? d :\n  e)\n  c = \"x${y}\"\n}\n"
        );
        assert_eq!(tf("locals {\n  type = \"string\"\n}\n"), "locals {\n  type = \"string\"\n}\n");
        // Kept here, dropped by Terraform.
        assert_eq!(tf("resource \"a\" \"my$name\" {}\n"), "resource \"a\" \"my$name\" {}\n");
    }

    #[test]
    fn syntax_errors_are_refused() {
        assert!(format(&Formatter::new(), b"a = \n", "t.tf").is_err());
    }

    #[test]
    fn labels_decoded_and_written_again() {
        assert_eq!(tf("b \"a\\u0041\\\"\" x {}\n"), "b \"aA\\\"\" \"x\" {}\n");
        assert_eq!(tf("b \"$${x}\" {}\n"), "b \"$${x}\" {}\n");
    }

    #[test]
    fn escapes() {
        assert_eq!(
            escape_quoted("a\"b\\c\n${x}%{y}$z\u{a0}\u{1F600}"),
            b"a\\\"b\\\\c\\n$${x}%%{y}$z\\u00a0\xF0\x9F\x98\x80".to_vec()
        );
    }
}
