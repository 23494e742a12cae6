//! Values as expressions, in the two styles hclkit writes them.

use hclkit_value::{Number, Type, Value};

use super::{key, quoted, valid_identifier};
use crate::format::{FmtToken, Formatter};

/// How a value is written: where lines break and which keys are bare. The formatter lays
/// out the rest.
///
/// ```
/// use hclkit::write::{value_text, Style};
/// use hclkit_value::Value;
///
/// let v = Value::tuple(vec![Value::object([("a", Value::number(1)), ("null", Value::bool(true))])]);
/// assert_eq!(value_text(&v, Style::Serde).unwrap(), "[{ a = 1, \"null\" = true }]");
/// assert_eq!(value_text(&v, Style::Hclwrite).unwrap(), "[{\n  a    = 1\n  null = true\n}]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Style {
    /// serde's [`to_string`](crate::to_string): a non-empty object one item per line where it
    /// is an attribute's value (recursively, for objects that are its items' values), inline
    /// (`{ k = v, k2 = v2 }`) inside tuples; tuples on one line; keys bare unless they are not
    /// identifiers or are keywords (`"null"`); numbers far from 1 in exponent form (`1e+300`)
    /// where that is exact.
    Serde,
    /// hclwrite's `TokensForValue` (Terraform's `encode_expr`): every non-empty object one
    /// item per line, tuples on one line, keys bare when they are identifiers, numbers as
    /// `tostring` writes them.
    Hclwrite,
}

/// Why a value cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteError {
    /// An unknown value (or one containing an unknown value).
    Unknown,
    /// An infinite number: it has no literal.
    Infinite,
    /// A number too long to write ([`Number::try_to_string`]'s error).
    Number(String),
    /// A value of this type (a capsule) has no expression.
    Type(Type),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Unknown => f.write_str("An unknown value cannot be written."),
            WriteError::Infinite => f.write_str("An infinite number has no HCL literal."),
            WriteError::Number(e) => f.write_str(e),
            WriteError::Type(t) => write!(f, "A value of type {} cannot be written.", t.friendly_name()),
        }
    }
}

impl std::error::Error for WriteError {}

/// A number literal (serde's style): the shortest decimal that reads back, or, for a number
/// far from 1 (from 1e21, or below 1e-7) that a float holds exactly, exponent form.
///
/// ```
/// use hclkit_value::Number;
/// assert_eq!(hclkit::write::number(&Number::from_f64(0.5).unwrap()).unwrap(), "0.5");
/// assert_eq!(hclkit::write::number(&Number::from_f64(1e300).unwrap()).unwrap(), "1e300");
/// ```
pub fn number(n: &Number) -> Result<String, WriteError> {
    if n.is_infinite() {
        return Err(WriteError::Infinite);
    }
    let f = n.to_f64();
    let a = f.abs();
    if (a >= 1e21 || (a != 0.0 && a < 1e-7)) && Number::from_f64(f).as_ref() == Some(n) {
        return Ok(format!("{f:e}"));
    }
    Ok(n.to_string())
}

/// `value` as expression text in `style`, laid out by the formatter as an attribute's value at
/// the top level (no final newline).
///
/// ```
/// use hclkit::write::{value_text, Style};
/// use hclkit_value::Value;
///
/// let v = Value::object([("name", Value::string("a${b}")), ("ports", Value::tuple(vec![80.into(), 443.into()]))]);
/// assert_eq!(value_text(&v, Style::Hclwrite).unwrap(), "{\n  name  = \"a$${b}\"\n  ports = [80, 443]\n}");
/// assert!(value_text(&Value::unknown(hclkit_value::Type::String), Style::Serde).is_err());
/// ```
pub fn value_text(value: &Value, style: Style) -> Result<String, WriteError> {
    let expr = expr(value, style)?;
    Ok(expr_text(&expr, style))
}

/// `value`'s tokens in `style`, laid out as [`value_text`] lays them out, without a final
/// newline or end-of-input token: what an editor puts after an attribute's `=`.
///
/// ```
/// use hclkit::write::{value_tokens, Style};
/// let toks = value_tokens(&hclkit_value::Value::tuple(vec![1.into(), 2.into()]), Style::Serde).unwrap();
/// let text: Vec<&[u8]> = toks.iter().map(|t| &*t.text).collect();
/// assert_eq!(text, [&b"["[..], b"1", b",", b"2", b"]"]);
/// ```
pub fn value_tokens(value: &Value, style: Style) -> Result<Vec<FmtToken<'static>>, WriteError> {
    let expr = expr(value, style)?;
    let mut text = String::from("x = ");
    expr.write(&mut text, style, true);
    text.push('\n');
    let mut toks = super::laid_out_tokens(&text, &Formatter::new());
    // `x`, `=`, ..., newline, end of input.
    toks.truncate(toks.len().saturating_sub(2));
    let mut toks: Vec<_> = toks.into_iter().skip(2).collect();
    if let Some(first) = toks.first_mut() {
        first.spaces_before = 0;
    }
    Ok(toks)
}

/// The laid-out text of `expr` as an attribute's value at the top level.
pub(crate) fn expr_text(expr: &Expr, style: Style) -> String {
    let mut raw = String::from("x = ");
    expr.write(&mut raw, style, true);
    raw.push('\n');
    let formatted = super::layout_text(&raw, &Formatter::new());
    let text = formatted.strip_prefix("x = ").unwrap_or(&formatted);
    text.strip_suffix('\n').unwrap_or(text).to_owned()
}

/// An expression, ready to write.
#[derive(Debug)]
pub(crate) enum Expr {
    /// Literal text (a number, string, bool or null).
    Lit(String),
    /// A tuple.
    List(Vec<Expr>),
    /// Key text (bare or quoted) and values.
    Object(Vec<(String, Expr)>),
}

impl Expr {
    /// Writes the expression; `lines` says whether a non-empty object may take several lines
    /// (in serde's style, only where it is an attribute's or a multi-line object's value).
    pub(crate) fn write(&self, out: &mut String, style: Style, lines: bool) {
        match self {
            Expr::Lit(s) => out.push_str(s),
            Expr::List(items) => {
                out.push('[');
                for (i, e) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    e.write(out, style, style == Style::Hclwrite);
                }
                out.push(']');
            }
            Expr::Object(items) if items.is_empty() => out.push_str("{}"),
            Expr::Object(items) if lines => {
                out.push_str("{\n");
                for (k, e) in items {
                    out.push_str(k);
                    out.push_str(" = ");
                    e.write(out, style, true);
                    out.push('\n');
                }
                out.push('}');
            }
            Expr::Object(items) => {
                out.push_str("{ ");
                for (i, (k, e)) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(k);
                    out.push_str(" = ");
                    e.write(out, style, false);
                }
                out.push_str(" }");
            }
        }
    }
}

/// `value` as an [`Expr`] in `style`.
pub(crate) fn expr(v: &Value, style: Style) -> Result<Expr, WriteError> {
    match style {
        Style::Serde => serde_expr(v),
        Style::Hclwrite => hclwrite_expr(v),
    }
}

fn serde_expr(v: &Value) -> Result<Expr, WriteError> {
    if !v.is_known() {
        return Err(WriteError::Unknown);
    }
    if v.is_null() {
        return Ok(Expr::Lit("null".into()));
    }
    if let Some(b) = v.as_bool() {
        return Ok(Expr::Lit(b.to_string()));
    }
    if let Some(n) = v.as_number() {
        return Ok(Expr::Lit(number(n)?));
    }
    if let Some(s) = v.as_str() {
        return Ok(Expr::Lit(quoted(s)));
    }
    if let Some(elems) = v.elements() {
        return Ok(Expr::List(elems.iter().map(serde_expr).collect::<Result<_, _>>()?));
    }
    if let Some(entries) = v.entries() {
        let items = entries.iter().map(|(k, e)| Ok((key(k), serde_expr(e)?))).collect::<Result<_, WriteError>>()?;
        return Ok(Expr::Object(items));
    }
    Err(WriteError::Type(v.ty()))
}

/// hclwrite's `TokensForValue`.
fn hclwrite_expr(v: &Value) -> Result<Expr, WriteError> {
    if v.is_null() {
        return Ok(Expr::Lit("null".into()));
    }
    if !v.is_known() {
        return Err(WriteError::Unknown);
    }
    let ty = v.ty();
    Ok(match &ty {
        Type::Bool => Expr::Lit(if v.as_bool() == Some(true) { "true" } else { "false" }.into()),
        Type::Number => {
            let n = v.as_number().ok_or(WriteError::Unknown)?;
            Expr::Lit(n.try_to_string().map_err(|e| WriteError::Number(e.to_string()))?)
        }
        Type::String => Expr::Lit(quoted(v.as_str().unwrap_or_default())),
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
            Expr::List(v.elements().unwrap_or_default().iter().map(hclwrite_expr).collect::<Result<_, _>>()?)
        }
        Type::Map(_) | Type::Object(_) => {
            let entries = v.entries().unwrap_or_default();
            let mut items = Vec::with_capacity(entries.len());
            for (k, e) in entries {
                let k = if valid_identifier(k) { k.to_string() } else { quoted(k) };
                items.push((k, hclwrite_expr(e)?));
            }
            Expr::Object(items)
        }
        _ => return Err(WriteError::Type(ty)),
    })
}
