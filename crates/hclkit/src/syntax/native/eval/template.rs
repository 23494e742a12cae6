//! Templates: literal parts and interpolations joined into a string, and the joins of
//! template `for` directives. (`if` directives are conditionals; a template that is a lone
//! interpolation is unwrapped by the parser and yields its value unconverted.)

use hclkit_value::convert::convert;
use hclkit_value::{Type, Value};

use super::expr::{Diags, Evaluator};
use crate::context::budget::string_units;
use crate::context::Scope;
use crate::syntax::native::ast::{Expr, TemplateExpr, TemplateJoinExpr};

const INVALID: &str = "Invalid template interpolation value";

impl<'a> Evaluator<'a> {
    #[inline(never)]
    pub(crate) fn template(&mut self, t: TemplateExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        // The source text's length is a fair guess of the result's.
        let mut buf = String::with_capacity(t.span().len() as usize);
        let mut diags = Vec::new();
        let mut known = true;
        for part in t.parts() {
            // Literal text goes straight into the buffer (the same text, budget charge and
            // diagnostics as evaluating it to a string value and converting that).
            match self.template_literal(part, &mut diags) {
                Some(Some(text)) => {
                    buf.push_str(&text);
                    continue;
                }
                Some(None) => {
                    known = false;
                    continue;
                }
                None => {}
            }
            let (v, d) = self.eval(part, scope);
            diags.extend(d);
            self.template_part(t, part, v, &mut buf, &mut known, &mut diags);
        }
        let v = self.template_result(t, buf, known, &mut diags);
        (v, diags)
    }

    /// Appends one part's value to a template's text.
    #[inline(never)]
    fn template_part(
        &self,
        t: TemplateExpr<'a>,
        part: Expr<'a>,
        v: Value,
        buf: &mut String,
        known: &mut bool,
        diags: &mut Diags,
    ) {
        if v.is_null() {
            diags.push(self.error(
                INVALID,
                "The expression result is null. Cannot include a null value in a string template.",
                part.span(),
                Some(t.span()),
            ));
            return;
        }
        if !v.is_known() {
            // Keep going, for the diagnostics of the other parts.
            *known = false;
            return;
        }
        if append_primitive(&v, buf) {
            return;
        }
        match convert(&v, &Type::String) {
            Ok(s) => buf.push_str(s.as_str().unwrap_or_default()),
            Err(e) => diags.push(self.error(
                INVALID,
                format!("Cannot include the given value in a string template: {e}."),
                part.span(),
                Some(t.span()),
            )),
        }
    }

    /// A template's value, its text charged to the budget.
    #[inline(never)]
    fn template_result(&mut self, t: TemplateExpr<'a>, buf: String, known: bool, diags: &mut Diags) -> Value {
        if !self.charge(string_units(buf.len()), Expr::Template(t), "template", diags) {
            return Value::dynamic();
        }
        if known {
            Value::string(buf)
        } else {
            Value::unknown(Type::String)
        }
    }

    #[inline(never)]
    pub(crate) fn template_join(&mut self, j: TemplateJoinExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (tuple, mut diags) = self.eval(Expr::For(j.tuple()), scope);
        let v = self.join(j, tuple, &mut diags);
        (v, diags)
    }

    /// The text of a template `for` directive: its iterations' strings, joined.
    #[inline(never)]
    fn join(&mut self, j: TemplateJoinExpr<'a>, tuple: Value, diags: &mut Diags) -> Value {
        if tuple.ty().is_dynamic() || !tuple.is_known() {
            return Value::unknown(Type::String);
        }
        let span = j.span();
        let mut buf = String::new();
        for v in tuple.elements().unwrap_or(&[]) {
            if v.is_null() {
                diags.push(self.error(
                    INVALID,
                    "An iteration result is null. Cannot include a null value in a string template.",
                    span,
                    None,
                ));
                continue;
            }
            if v.ty().is_dynamic() {
                return Value::unknown(Type::String);
            }
            if v.is_known() && append_primitive(v, &mut buf) {
                continue;
            }
            match convert(v, &Type::String) {
                Ok(s) if !s.is_known() => return Value::unknown(Type::String),
                Ok(s) => buf.push_str(s.as_str().unwrap_or_default()),
                Err(e) => diags.push(self.error(
                    INVALID,
                    format!("Cannot include one of the interpolation results into the string template: {e}."),
                    span,
                    None,
                )),
            }
        }
        if !self.charge(string_units(buf.len()), Expr::TemplateJoin(j), "template `for` directive", diags) {
            return Value::dynamic();
        }
        Value::string(buf)
    }
}

/// Appends a known string, number or bool as its conversion to a string would read, without
/// building that string value; false (nothing appended) for anything else, and for a number
/// too long to write out, whose conversion error the caller reports.
fn append_primitive(v: &Value, buf: &mut String) -> bool {
    if let Some(s) = v.as_str() {
        buf.push_str(s);
    } else if let Some(n) = v.as_number() {
        return n.write_text(buf).is_ok();
    } else if let Some(b) = v.as_bool() {
        buf.push_str(if b { "true" } else { "false" });
    } else {
        return false;
    }
    true
}
