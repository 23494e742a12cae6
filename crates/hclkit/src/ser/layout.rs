//! The layout of encoded text: the one place that decides where lines break and how
//! attributes align, as the reference formatter (`hclfmt`) lays a body out.
//!
//! * Items go one per line, nested bodies indented by two spaces.
//! * Consecutive attributes written on one line each align their `=` one column after the
//!   longest name among them (counted in grapheme clusters, as the formatter counts);
//!   a block, or an attribute whose value spans lines, ends such a run.
//! * A non-empty object as an attribute's value is written one item per line (its items
//!   aligned the same way), recursively; lists, and objects inside lists, stay on one line:
//!   `[a, b]`, `{ k = v, k2 = v2 }`, `[]`, `{}`.
//! * An empty block is `type "label" {}`.
//!
//! When the formatter of this crate lands, this module is what calls it instead.

use unicode_segmentation::UnicodeSegmentation;

/// An expression, ready to write.
#[derive(Debug)]
pub(crate) enum Expr {
    /// Literal text (a number, string, bool or null).
    Lit(String),
    List(Vec<Expr>),
    /// Key text (bare or quoted) and values.
    Object(Vec<(String, Expr)>),
}

impl Expr {
    fn is_multiline(&self) -> bool {
        matches!(self, Expr::Object(items) if !items.is_empty())
    }
}

/// An item of a body.
#[derive(Debug)]
pub(crate) enum BodyItem {
    Attr { name: String, value: Expr },
    Block { type_name: String, labels: Vec<String>, body: Vec<BodyItem> },
}

fn columns(s: &str) -> usize {
    s.graphemes(true).count()
}

fn pad(out: &mut String, n: usize) {
    out.extend(std::iter::repeat(' ').take(n));
}

/// Writes `items` at `indent` spaces.
pub(crate) fn write_body(out: &mut String, items: &[BodyItem], indent: usize) {
    let mut i = 0;
    while i < items.len() {
        match &items[i] {
            BodyItem::Attr { value, .. } if !value.is_multiline() => {
                // A run of one-line attributes, aligned together.
                let run: Vec<(&str, &Expr)> = items[i..]
                    .iter()
                    .map_while(|it| match it {
                        BodyItem::Attr { name, value } if !value.is_multiline() => Some((name.as_str(), value)),
                        _ => None,
                    })
                    .collect();
                write_run(out, &run, indent);
                i += run.len();
            }
            BodyItem::Attr { name, value } => {
                pad(out, indent);
                out.push_str(name);
                out.push_str(" = ");
                write_multiline(out, value, indent);
                out.push('\n');
                i += 1;
            }
            BodyItem::Block { type_name, labels, body } => {
                pad(out, indent);
                out.push_str(type_name);
                for l in labels {
                    out.push(' ');
                    out.push_str(&super::quoted(l));
                }
                if body.is_empty() {
                    out.push_str(" {}\n");
                } else {
                    out.push_str(" {\n");
                    write_body(out, body, indent + 2);
                    pad(out, indent);
                    out.push_str("}\n");
                }
                i += 1;
            }
        }
    }
}

fn write_run(out: &mut String, run: &[(&str, &Expr)], indent: usize) {
    let width = run.iter().map(|(n, _)| columns(n)).max().unwrap_or(0);
    for (name, value) in run {
        pad(out, indent);
        out.push_str(name);
        pad(out, width - columns(name) + 1);
        out.push_str("= ");
        write_inline(out, value);
        out.push('\n');
    }
}

/// A non-empty object, one item per line, closed at `indent`.
fn write_multiline(out: &mut String, value: &Expr, indent: usize) {
    let Expr::Object(items) = value else {
        write_inline(out, value);
        return;
    };
    out.push_str("{\n");
    let mut i = 0;
    while i < items.len() {
        let (key, v) = &items[i];
        if v.is_multiline() {
            pad(out, indent + 2);
            out.push_str(key);
            out.push_str(" = ");
            write_multiline(out, v, indent + 2);
            out.push('\n');
            i += 1;
            continue;
        }
        let run: Vec<(&str, &Expr)> =
            items[i..].iter().take_while(|(_, v)| !v.is_multiline()).map(|(k, v)| (k.as_str(), v)).collect();
        write_run(out, &run, indent + 2);
        i += run.len();
    }
    pad(out, indent);
    out.push('}');
}

fn write_inline(out: &mut String, value: &Expr) {
    match value {
        Expr::Lit(s) => out.push_str(s),
        Expr::List(items) => {
            out.push('[');
            for (i, e) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_inline(out, e);
            }
            out.push(']');
        }
        Expr::Object(items) if items.is_empty() => out.push_str("{}"),
        Expr::Object(items) => {
            out.push_str("{ ");
            for (i, (k, e)) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(k);
                out.push_str(" = ");
                write_inline(out, e);
            }
            out.push_str(" }");
        }
    }
}
