//! The one writer of native-syntax text: names, keys, strings, templates, heredocs, numbers,
//! values and bodies, laid out by the formatter.
//!
//! Every piece of native text hclkit writes goes through this module: serde's
//! [`to_string`](crate::to_string) and [`text`], [`transcode`](crate::transcode) to the native
//! syntax, `terraform fmt`'s normalisations, Terraform's `encode_expr`/`encode_tfvars`, and the
//! editing document. The module writes the tokens; where lines break inside a value is the
//! value's [`Style`]; everything else about the layout (indentation, spacing, the alignment of
//! `=`) is the formatter's ([`Formatter::layout`]), so what this module writes is a fixed point
//! of the formatter by construction.
//!
//! The pieces, each a small function:
//!
//! | what | function |
//! |---|---|
//! | an attribute or block type name | [`valid_identifier`] says whether it can be written |
//! | an object key | [`key`] (bare where it can be, else quoted), [`bare_key`] |
//! | a string literal | [`quoted`], [`push_quoted`]; [`push_escaped`] for literal text of a template |
//! | a template | [`template`] (template source as a quoted template), [`heredoc`] |
//! | a number | [`number`] |
//! | a value | [`value_text`] (in a [`Style`]), [`value_tokens`] |
//! | serde data as an expression | [`text`] |
//! | a body | [`Writer`] |
//!
//! ```
//! use hclkit::write::{self, Style, Writer};
//! use hclkit_value::Value;
//!
//! let tags = Value::object([("env", Value::string("prod")), ("team lead", Value::string("a${b}"))]);
//! assert_eq!(
//!     write::value_text(&tags, Style::Serde).unwrap(),
//!     "{\n  env         = \"prod\"\n  \"team lead\" = \"a$${b}\"\n}"
//! );
//!
//! let mut w = Writer::new();
//! w.attribute("name", "\"app\"");
//! w.attribute_value("replicas", &Value::number(3), Style::Serde).unwrap();
//! w.open_block("service", &["web"]);
//! w.close_block();
//! assert_eq!(w.finish(), "name     = \"app\"\nreplicas = 3\nservice \"web\" {}\n");
//! ```
//!
//! [`Formatter::layout`]: crate::format::Formatter::layout

mod value;

use std::borrow::Cow;
use std::fmt::Write as _;

pub use crate::syntax::native::valid_identifier;
pub(crate) use value::{expr as value_expr, expr_text, Expr};
pub use value::{number, value_text, value_tokens, Style, WriteError};

use crate::format::{tokens, write_tokens, FmtToken, Formatter};
use crate::syntax::native::lexer::{LexMode, Lexer};
use crate::syntax::native::token::TokenKind;

/// Whether `s` can be written as a bare object key: an identifier that is not a keyword the
/// parser would read otherwise (`true`, `null`, `for`, ...).
///
/// ```
/// use hclkit::write::bare_key;
/// assert!(bare_key("name") && bare_key("x-1"));
/// assert!(!bare_key("null") && !bare_key("for") && !bare_key("a b"));
/// ```
pub fn bare_key(s: &str) -> bool {
    const KEYWORDS: &[&str] = &["for", "in", "if", "else", "endif", "endfor", "true", "false", "null"];
    valid_identifier(s) && !KEYWORDS.contains(&s)
}

/// An object key: bare where [`bare_key`] allows, else a quoted string.
///
/// ```
/// assert_eq!(hclkit::write::key("env"), "env");
/// assert_eq!(hclkit::write::key("team lead"), "\"team lead\"");
/// assert_eq!(hclkit::write::key("null"), "\"null\"");
/// ```
pub fn key(s: &str) -> String {
    if bare_key(s) {
        s.to_owned()
    } else {
        quoted(s)
    }
}

/// A string literal whose value is `s`: [`push_quoted`] into a new string.
///
/// ```
/// assert_eq!(hclkit::write::quoted("say \"${hi}\"\n"), r#""say \"$${hi}\"\n""#);
/// ```
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_quoted(&mut out, s);
    out
}

/// Appends `s` as a quoted string literal the way hclwrite writes one
/// (`escapeQuotedStringLit`): `\n`, `\r`, `\t`, `\"` and `\\` escaped, `${` and `%{`
/// doubled so that nothing is read as a template, characters Go's `unicode.IsPrint` rejects
/// as `\uNNNN` or `\UNNNNNNNN`; everything else as is.
///
/// ```
/// let mut out = String::new();
/// hclkit::write::push_quoted(&mut out, "say \"${hi}\"\n\u{200b}");
/// assert_eq!(out, r#""say \"$${hi}\"\n\u200b""#);
/// ```
pub fn push_quoted(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    escape(out, s, true);
    out.push('"');
}

/// Appends `s` escaped for the inside of a quoted string, as [`push_quoted`] escapes it but
/// without the quotes; `template_braces` says whether `${` and `%{` are doubled (`false` for
/// text that is already a template's literal part, where `$${` is the escape itself).
///
/// ```
/// let mut out = String::new();
/// hclkit::write::push_escaped(&mut out, "a\t$${b}", false);
/// assert_eq!(out, r"a\t$${b}");
/// ```
pub fn push_escaped(out: &mut String, s: &str, template_braces: bool) {
    escape(out, s, template_braces);
}

/// The one string escaper (see [`push_quoted`]).
fn escape(out: &mut String, s: &str, braces: bool) {
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if braces && chars.peek() == Some(&'{') {
                    out.push(c);
                }
            }
            c if hclkit_value::go::is_print(c) => out.push(c),
            c if (c as u32) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
}

/// Template source (the text of a template: literal parts with `${...}` and `%{...}`) as a
/// quoted template: literal text escaped ([`push_escaped`], its `$${` kept), interpolations
/// and directives as written. The source should be a valid template
/// ([`parse_template`](crate::parse_template) without errors); other text is written as the
/// template lexer splits it.
///
/// ```
/// assert_eq!(hclkit::write::template("Hello, \"${name}\"!\n"), r#""Hello, \"${name}\"!\n""#);
/// assert_eq!(hclkit::write::template("$${literal}"), r#""$${literal}""#);
/// ```
pub fn template(src: &str) -> String {
    let mut out = String::with_capacity(src.len() + 2);
    out.push('"');
    let mut lexer = Lexer::new(src.as_bytes(), LexMode::Template);
    let mut depth = 0usize;
    let mut copied = 0usize;
    loop {
        let t = lexer.next_token();
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        if t.kind == TokenKind::Eof {
            break;
        }
        let text = src.get(copied..end).unwrap_or_default();
        if depth == 0 {
            match t.kind {
                TokenKind::TemplateInterp | TokenKind::TemplateControl => {
                    out.push_str(text);
                    depth = 1;
                }
                _ => escape(&mut out, src.get(start..end).unwrap_or_default(), false),
            }
        } else {
            match t.kind {
                TokenKind::TemplateInterp | TokenKind::TemplateControl | TokenKind::OBrace => depth += 1,
                TokenKind::TemplateSeqEnd | TokenKind::CBrace => depth = depth.saturating_sub(1),
                _ => {}
            }
            out.push_str(text);
        }
        copied = end;
    }
    out.push('"');
    out
}

/// `text` as a heredoc whose value is `text` (literal: `${` and `%{` doubled), with a
/// delimiter (`EOT`, else `EOT1`, `EOT2`, ...) that occurs nowhere in the text; `None` when
/// `text` does not end with a newline, as every heredoc's value does. The result ends with
/// the closing delimiter (the line it ends is the caller's).
///
/// ```
/// assert_eq!(hclkit::write::heredoc("a ${b}\nEOT\n").unwrap(), "<<EOT1\na $${b}\nEOT\nEOT1");
/// assert_eq!(hclkit::write::heredoc("no newline"), None);
/// ```
pub fn heredoc(text: &str) -> Option<String> {
    if !text.ends_with('\n') {
        return None;
    }
    let mut delim = String::from("EOT");
    let mut n = 0u64;
    while text.contains(delim.as_str()) {
        n += 1;
        delim = format!("EOT{n}");
    }
    let mut out = String::with_capacity(text.len() + 2 * delim.len() + 4);
    out.push_str("<<");
    out.push_str(&delim);
    out.push('\n');
    push_heredoc_text(&mut out, text);
    out.push_str(&delim);
    Some(out)
}

/// Appends `text` as a heredoc's literal text: as it is, but `${` and `%{` doubled.
pub(crate) fn push_heredoc_text(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(i) = rest.find(['$', '%']) {
        out.push_str(&rest[..=i]);
        if rest[i + 1..].starts_with('{') {
            out.push_str(&rest[i..=i]);
        }
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
}

/// A serde value as expression text, in serde's style ([`Style::Serde`]): what
/// [`to_string`](crate::to_string) writes for an attribute's value. Structs and maps are
/// objects, sequences tuples, `None` and `()` `null`.
///
/// ```
/// use std::collections::BTreeMap;
/// let m: BTreeMap<&str, Vec<u16>> = [("ports", vec![80, 443])].into();
/// assert_eq!(hclkit::write::text(&m).unwrap(), "{\n  ports = [80, 443]\n}");
/// assert_eq!(hclkit::write::text(&"a\"b").unwrap(), r#""a\"b""#);
/// ```
pub fn text<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, crate::Error> {
    crate::ser::expression_text(value)
}

/// A body being written: attributes, blocks and comments, one per line, laid out by the
/// formatter when finished ([`Writer::finish`], or [`Writer::into_tokens`] for an editor).
///
/// Names are written as given: check them with [`valid_identifier`] first.
#[derive(Debug, Default)]
pub struct Writer {
    out: String,
    depth: usize,
    /// For each open block, where its `{` ends (to write `{}` when nothing follows).
    open: Vec<usize>,
}

impl Writer {
    /// An empty body.
    pub fn new() -> Writer {
        Writer::default()
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// `name = expr`, `expr` being expression text (from [`value_text`], [`quoted`],
    /// [`template`], ... or any valid expression). A heredoc's closing delimiter ends the line.
    pub fn attribute(&mut self, name: &str, expr: &str) {
        self.indent();
        self.out.push_str(name);
        self.out.push_str(" = ");
        self.out.push_str(expr);
        self.out.push('\n');
    }

    /// `name = value`, the value written in `style` ([`value_text`]'s errors).
    pub fn attribute_value(&mut self, name: &str, value: &hclkit_value::Value, style: Style) -> Result<(), WriteError> {
        let expr = value::expr(value, style)?;
        self.attribute_expr(name, &expr, style);
        Ok(())
    }

    pub(crate) fn attribute_expr(&mut self, name: &str, expr: &value::Expr, style: Style) {
        self.indent();
        self.out.push_str(name);
        self.out.push_str(" = ");
        expr.write(&mut self.out, style, true);
        self.out.push('\n');
    }

    /// Opens a block: its type and its labels (quoted), then `{`; the attributes and blocks
    /// that follow are its body, up to [`Writer::close_block`].
    pub fn open_block(&mut self, type_name: &str, labels: &[&str]) {
        self.indent();
        self.out.push_str(type_name);
        for l in labels {
            self.out.push(' ');
            push_quoted(&mut self.out, l);
        }
        self.out.push_str(" {\n");
        self.open.push(self.out.len());
        self.depth += 1;
    }

    /// Closes the innermost open block: `}`, or `{}` when its body is empty.
    pub fn close_block(&mut self) {
        let Some(start) = self.open.pop() else { return };
        self.depth -= 1;
        if self.out.len() == start {
            self.out.truncate(start - 2);
            self.out.push_str("{}\n");
        } else {
            self.indent();
            self.out.push_str("}\n");
        }
    }

    /// `# line` for each line of `text` (`#` alone for an empty line; a CR before a line
    /// break dropped).
    pub fn comment(&mut self, text: &str) {
        for line in text.split('\n') {
            self.indent();
            let line = line.trim_end_matches('\r');
            if line.is_empty() {
                self.out.push_str("#\n");
            } else {
                self.out.push_str("# ");
                self.out.push_str(line);
                self.out.push('\n');
            }
        }
    }

    /// The body's text, laid out by the formatter (blocks left open are closed first).
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close_block();
        }
        layout_text(&self.out, &Formatter::new())
    }

    /// The body's tokens, laid out by the formatter, ending with the end-of-input token: what
    /// an editor splices into a file (then lays out again at the place's depth).
    pub fn into_tokens(mut self) -> Vec<FmtToken<'static>> {
        while !self.open.is_empty() {
            self.close_block();
        }
        laid_out_tokens(&self.out, &Formatter::new())
    }
}

/// `text`'s tokens laid out by `fmt`, owned.
fn laid_out_tokens(text: &str, fmt: &Formatter) -> Vec<FmtToken<'static>> {
    let mut toks: Vec<FmtToken<'static>> = tokens(text.as_bytes())
        .into_iter()
        .map(|t| FmtToken { kind: t.kind, text: Cow::Owned(t.text.into_owned()), spaces_before: t.spaces_before })
        .collect();
    fmt.layout(&mut toks);
    toks
}

/// `text` laid out by `fmt`: its tokens, laid out, written.
pub(crate) fn layout_text(text: &str, fmt: &Formatter) -> String {
    let mut toks = tokens(text.as_bytes());
    fmt.layout(&mut toks);
    let mut out = Vec::with_capacity(text.len());
    write_tokens(&toks, &mut out);
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredoc_reads_back() {
        for text in ["x\n", "${a} %{b} $${c}\nEOT\n", "EOT\nEOT1\n"] {
            let h = heredoc(text).unwrap();
            let src = format!("a = {h}\n");
            let (file, diags) = crate::parse_config(src.into_bytes(), "h.hcl").into_parts();
            assert!(!diags.has_errors(), "{text:?}: {diags:?}");
            let attr = file.body().attributes().next().unwrap();
            let (v, d) = crate::eval::evaluate(attr.expr(), None);
            assert!(!d.has_errors());
            assert_eq!(v.as_str(), Some(text));
        }
    }

    #[test]
    fn writer_closes_and_nests() {
        let mut w = Writer::new();
        w.open_block("a", &[]);
        w.open_block("b", &["x${y}"]);
        w.attribute("c", "1");
        w.close_block();
        w.comment("one\r\n\ntwo");
        assert_eq!(w.finish(), "a {\n  b \"x$${y}\" {\n    c = 1\n  }\n  # one\n  #\n  # two\n}\n");
    }
}
