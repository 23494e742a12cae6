//! Expressions: kept as their text; object keys and tuple elements edited through the
//! parser's tree of that text.

use crate::diagnostic::Diagnostics;
use crate::syntax::native::ast::Expr;
use crate::syntax::native::parse_expression;
use crate::Span;

use super::text::Text;

/// An expression as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expression {
    text: Text,
}

/// A step into an expression: an object key or a tuple index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object constructor's item, by key.
    Key(String),
    /// A tuple constructor's element.
    Index(usize),
}

/// Why an edit inside an expression failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprError {
    /// The step's expression is not an object constructor (key) or tuple constructor (index).
    NotAContainer(String),
    /// The index is past the tuple's end.
    NoSuchElement(usize),
    /// The key is not in the object.
    NoSuchKey(String),
}

impl std::fmt::Display for ExprError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExprError::NotAContainer(s) => write!(f, "not an object or tuple constructor: {s}"),
            ExprError::NoSuchElement(i) => write!(f, "no element [{i}]"),
            ExprError::NoSuchKey(k) => write!(f, "no key {k:?}"),
        }
    }
}

impl std::error::Error for ExprError {}

impl Expression {
    /// Parses `src` as an expression; errors are the parser's diagnostics.
    pub fn parse(src: &str) -> Result<Expression, Diagnostics> {
        let diags = parse_expression(src.as_bytes(), "expression").into_diagnostics();
        if diags.has_errors() {
            return Err(diags);
        }
        Ok(Expression { text: src.trim().into() })
    }

    /// The text taken as it is, unchecked.
    pub fn raw(text: &str) -> Expression {
        Expression { text: text.into() }
    }

    /// The expression of a text read from a file (shared with the source).
    pub(crate) fn shared(text: Text) -> Expression {
        Expression { text }
    }

    /// The expression that writes `value` (through the library's one writer, [`crate::write`]).
    pub fn from_value(value: &hclkit_value::Value) -> Result<Expression, crate::Error> {
        Expression::from_serialize(value)
    }

    /// The expression that writes any serializable data (through [`crate::write::text`]).
    pub fn from_serialize<T: serde::Serialize + ?Sized>(value: &T) -> Result<Expression, crate::Error> {
        Ok(Expression { text: crate::write::text(value)?.into() })
    }

    /// A heredoc holding `text` (a final newline is added if missing), its delimiter one that
    /// does not occur in the text ([`crate::write::heredoc`]); `indented` gives `<<-`.
    pub fn heredoc(text: &str, indented: bool) -> Expression {
        let mut body = text.to_owned();
        if !body.ends_with('\n') {
            body.push('\n');
        }
        let h = crate::write::heredoc(&body).unwrap_or_default();
        let text = if indented { h.replacen("<<", "<<-", 1) } else { h };
        Expression { text: text.into() }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, with whether it is still shared with the source it was read from.
    pub fn text(&self) -> &Text {
        &self.text
    }

    /// The sub-expression at `path` (object keys, tuple indexes).
    pub fn get(&self, path: &[Step]) -> Option<Expression> {
        let span = self.locate(path).ok()?.value;
        Some(Expression { text: self.text.slice(span.start as usize..span.end as usize) })
    }

    /// Sets the sub-expression at `path`; the last step may be a key the object lacks (it is
    /// added as the object's last item).
    pub fn set(&mut self, path: &[Step], value: &Expression) -> Result<(), ExprError> {
        match self.locate(path) {
            Ok(found) => {
                self.splice(found.value, &value.text);
                Ok(())
            }
            Err(ExprError::NoSuchKey(k)) if path.len() == 1 || self.locate(&path[..path.len() - 1]).is_ok() => {
                let parent = self.locate(&path[..path.len() - 1])?.value;
                let ptext = &self.text[parent.start as usize..parent.end as usize];
                let key = crate::write::key(&k);
                let close = parent.end as usize - 1;
                let inner = ptext[1..ptext.len() - 1].trim();
                let multiline = ptext.contains('\n');
                let ins = if inner.is_empty() {
                    format!("{key} = {}", value.text)
                } else if multiline {
                    format!("  {key} = {}\n", value.text)
                } else {
                    let comma = if inner.ends_with(',') { " " } else { ", " };
                    format!("{comma}{key} = {}", value.text)
                };
                if multiline {
                    // Insert before the closing brace's line.
                    let line_start = self.text[..close].rfind('\n').map_or(close, |i| i + 1);
                    self.text.replace_range(line_start..line_start, &ins);
                } else if inner.is_empty() {
                    self.text.replace_range(parent.start as usize + 1..close, &format!(" {ins} "));
                } else {
                    let end = parent.start as usize + 1 + ptext[1..ptext.len() - 1].trim_end().len();
                    self.text.replace_range(end..end, &ins);
                }
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// Removes the object item or tuple element at `path`; false if there is none.
    pub fn remove(&mut self, path: &[Step]) -> Result<bool, ExprError> {
        let found = match self.locate(path) {
            Ok(f) => f,
            Err(ExprError::NoSuchKey(_) | ExprError::NoSuchElement(_)) => return Ok(false),
            Err(e) => return Err(e),
        };
        let (mut s, mut e) = (found.item.start as usize, found.item.end as usize);
        let t = self.text.as_bytes();
        // A trailing comma goes with the item.
        let mut k = e;
        while k < t.len() && (t[k] == b' ' || t[k] == b'\t') {
            k += 1;
        }
        if k < t.len() && t[k] == b',' {
            e = k + 1;
        }
        let ls = self.text[..s].rfind('\n').map_or(0, |i| i + 1);
        let le = self.text[e..].find('\n').map_or(t.len(), |i| e + i + 1);
        let rest = self.text[e..le].trim();
        let owned_rest = rest.is_empty() || rest.starts_with('#') || rest.starts_with("//");
        if self.text[ls..s].trim().is_empty() && owned_rest && ls > 0 {
            // The item is alone on its lines (with its trailing comment).
            s = ls;
            e = le;
        } else if k >= t.len() || t[k] != b',' {
            // The last item of a one-line constructor: the comma before goes.
            let before = self.text[..s].trim_end();
            if before.ends_with(',') {
                s = before.len() - 1;
            }
        }
        self.text.replace_range(s..e, "");
        Ok(true)
    }

    fn splice(&mut self, span: Span, text: &str) {
        self.text.replace_range(span.start as usize..span.end as usize, text);
    }

    fn locate(&self, path: &[Step]) -> Result<Found, ExprError> {
        let file = parse_expression(self.text.as_bytes(), "expression").into_value();
        let mut e = file.expr();
        let mut found = Found { value: e.span(), item: e.span() };
        for step in path {
            while let Expr::Parens(p) = e {
                e = p.inner();
            }
            match (step, e) {
                (Step::Key(k), Expr::Object(o)) => {
                    let item = o
                        .items()
                        .find(|i| key_text(&self.text, i.key.span()).as_deref() == Some(k.as_str()))
                        .ok_or_else(|| ExprError::NoSuchKey(k.clone()))?;
                    found = Found { value: item.value.span(), item: item.key.span().to(item.value.span()) };
                    e = item.value;
                }
                (Step::Index(i), Expr::Tuple(t)) => {
                    let el = t.exprs().nth(*i).ok_or(ExprError::NoSuchElement(*i))?;
                    found = Found { value: el.span(), item: el.span() };
                    e = el;
                }
                (_, other) => {
                    let s = other.span();
                    return Err(ExprError::NotAContainer(self.text[s.start as usize..s.end as usize].to_owned()));
                }
            }
        }
        Ok(found)
    }

    /// The keys of an object constructor, in order (empty for anything else).
    pub fn keys(&self) -> Vec<String> {
        let file = parse_expression(self.text.as_bytes(), "expression").into_value();
        match file.expr() {
            Expr::Object(o) => o.items().filter_map(|i| key_text(&self.text, i.key.span())).collect(),
            _ => Vec::new(),
        }
    }
}

struct Found {
    value: Span,
    item: Span,
}

fn key_text(src: &str, span: Span) -> Option<String> {
    let t = src.get(span.start as usize..span.end as usize)?;
    if t.starts_with('"') {
        literal_string(t)
    } else {
        Some(t.to_owned())
    }
}

/// The value of a quoted string literal with no interpolation.
pub(crate) fn literal_string(t: &str) -> Option<String> {
    let (file, diags) = parse_expression(t.as_bytes(), "string").into_parts();
    if diags.has_errors() {
        return None;
    }
    let (v, diags) = crate::syntax::native::eval::evaluate(file.expr(), None);
    if diags.has_errors() {
        return None;
    }
    v.as_str().map(str::to_owned)
}

impl std::fmt::Display for Expression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for Expression {
    type Err = Diagnostics;
    fn from_str(s: &str) -> Result<Expression, Diagnostics> {
        Expression::parse(s)
    }
}
