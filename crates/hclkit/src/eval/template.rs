//! Templates: literal parts and interpolations joined into a string, and the joins of
//! template `for` directives. (`if` directives are conditionals; a template that is a lone
//! interpolation is unwrapped by the parser and yields its value unconverted.)

use hclkit_value::convert::convert;
use hclkit_value::{Type, Value};

use super::budget::string_units;
use super::context::Scope;
use super::expr::{Diags, Evaluator};
use crate::syntax::native::ast::{Expr, TemplateExpr, TemplateJoinExpr};

const INVALID: &str = "Invalid template interpolation value";

impl<'a> Evaluator<'a> {
    #[inline(never)]
    pub(crate) fn template(&mut self, t: TemplateExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let mut buf = String::new();
        let mut diags = Vec::new();
        let mut known = true;
        for part in t.parts() {
            let (v, d) = self.eval(part, scope);
            diags.extend(d);
            if v.is_null() {
                diags.push(self.error(
                    INVALID,
                    "The expression result is null. Cannot include a null value in a string template.",
                    part.span(),
                    Some(t.span()),
                ));
                continue;
            }
            if !v.is_known() {
                // Keep going, for the diagnostics of the other parts.
                known = false;
                continue;
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
        if !self.charge(string_units(buf.len()), Expr::Template(t), "template", &mut diags) {
            return (Value::dynamic(), diags);
        }
        let v = if known { Value::string(buf) } else { Value::unknown(Type::String) };
        (v, diags)
    }

    #[inline(never)]
    pub(crate) fn template_join(&mut self, j: TemplateJoinExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (tuple, mut diags) = self.eval(Expr::For(j.tuple()), scope);
        if tuple.ty().is_dynamic() || !tuple.is_known() {
            return (Value::unknown(Type::String), diags);
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
                return (Value::unknown(Type::String), diags);
            }
            match convert(v, &Type::String) {
                Ok(s) if !s.is_known() => return (Value::unknown(Type::String), diags),
                Ok(s) => buf.push_str(s.as_str().unwrap_or_default()),
                Err(e) => diags.push(self.error(
                    INVALID,
                    format!("Cannot include one of the interpolation results into the string template: {e}."),
                    span,
                    None,
                )),
            }
        }
        if !self.charge(string_units(buf.len()), Expr::TemplateJoin(j), "template `for` directive", &mut diags) {
            return (Value::dynamic(), diags);
        }
        (Value::string(buf), diags)
    }
}
