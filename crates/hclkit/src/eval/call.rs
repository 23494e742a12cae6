//! Function calls: looking the function up, expanding a final `...` argument, checking the
//! number of arguments, converting each to its parameter's type, and calling.

use hclkit_value::convert::convert;
use hclkit_value::function::{with_result_allowance, CallSubject, FunctionErrorKind};
use hclkit_value::Value;

use std::sync::Arc;

use super::budget::{size_within, string_units, InLoop};
use super::context::Scope;
use super::expr::{has_errors, Diags, Evaluator};
use crate::body::{Expression, StaticExpression};
use crate::diagnostic::go_quote;
use crate::ext::customdecode;
use crate::pos::Span;
use crate::suggest::name_suggestion;
use crate::syntax::native::ast::{Expr, FunctionCallExpr};
use crate::syntax::native::NativeExpression;

/// An argument: an expression, or one element of an expanded final argument (whose range
/// is the whole expanded expression's).
#[derive(Clone)]
enum Arg<'a> {
    Expr(Expr<'a>),
    Value(Value, Span),
}

impl Arg<'_> {
    fn start_span(&self) -> Span {
        match self {
            Arg::Expr(e) => e.start_span(),
            Arg::Value(_, s) => *s,
        }
    }
}

impl<'a> Evaluator<'a> {
    /// An argument as an expression of its own: the argument expression, or the value of an
    /// element of an expanded argument as a static expression with the expanded expression's
    /// range (as the reference's literal value expression).
    fn arg_expression(&mut self, arg: &Arg<'a>) -> Arc<dyn Expression> {
        match arg {
            Arg::Expr(e) => Arc::new(NativeExpression::new_unchecked(self.shared_tree(), e.id())),
            Arg::Value(v, span) => Arc::new(StaticExpression { value: v.clone(), range: self.tree.range(*span) }),
        }
    }
}

const EXPAND: &str = "Invalid expanding argument value";

/// What reading an argument costs a call in a loop: a unit per 16 elements of a
/// collection (or per 16 units of string), the top level only.
fn argument_units(v: &Value) -> u64 {
    let n = match (v.length(), v.as_str()) {
        (_, Some(s)) => string_units(s.len()),
        (Some(n), _) => n as u64,
        _ => 0,
    };
    n / 16
}

impl<'a> Evaluator<'a> {
    #[inline(never)]
    pub(crate) fn call(&mut self, e: FunctionCallExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let name = e.name();
        let f = match scope.function(name) {
            Ok(f) => f.clone(),
            Err(false) => {
                let d = self.error("Function calls not allowed", "Functions may not be called here.", e.span(), None);
                return (Value::dynamic(), vec![d]);
            }
            Err(true) => {
                let hint = name_suggestion(name, scope.suggestable_functions())
                    .map(|s| format!(" Did you mean {}?", go_quote(s)))
                    .unwrap_or_default();
                let d = self.error(
                    "Call to unknown function",
                    format!("There is no function named {}.{hint}", go_quote(name)),
                    e.name_span(),
                    Some(e.span()),
                );
                return (Value::dynamic(), vec![d]);
            }
        };

        let mut diags = Vec::new();
        let mut args: Vec<Arg<'a>> = e.args().map(Arg::Expr).collect();
        if e.expand_final() {
            if let Some(Arg::Expr(last)) = args.pop() {
                let (v, d) = self.eval(last, scope);
                let failed = has_errors(&d);
                diags.extend(d);
                if failed {
                    return (Value::dynamic(), diags);
                }
                let ty = v.ty();
                if ty.is_dynamic() || ty.is_tuple() || ty.is_list() || ty.is_set() {
                    if v.is_null() {
                        diags.push(self.error(
                            EXPAND,
                            "The expanding argument (indicated by ...) must not be null.",
                            last.span(),
                            Some(e.span()),
                        ));
                        return (Value::dynamic(), diags);
                    }
                    if ty.is_dynamic() || !v.is_known() {
                        return (Value::dynamic(), diags);
                    }
                    let span = last.span();
                    args.extend(v.elements().unwrap_or(&[]).iter().map(|el| Arg::Value(el.clone(), span)));
                } else {
                    diags.push(self.error(
                        EXPAND,
                        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                        last.span(),
                        Some(e.span()),
                    ));
                    return (Value::dynamic(), diags);
                }
            }
        }

        let params = f.params();
        if args.len() < params.len() {
            let qual = if f.var_param().is_some() { " at least" } else { "" };
            let d = self.error(
                "Not enough function arguments",
                format!(
                    "Function {} expects{qual} {} argument(s). Missing value for {}.",
                    go_quote(name),
                    params.len(),
                    go_quote(&params[args.len()].name)
                ),
                e.close_paren_span(),
                Some(e.span()),
            );
            return (Value::dynamic(), vec![d]);
        }
        if f.var_param().is_none() && args.len() > params.len() {
            let d = self.error(
                "Too many function arguments",
                format!("Function {} expects only {} argument(s).", go_quote(name), params.len()),
                args[params.len()].start_span(),
                Some(e.span()),
            );
            return (Value::dynamic(), vec![d]);
        }

        let mut values = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = f.param_for_arg(i) else { break };
            if customdecode::is_expression_type(&param.ty) {
                let expr = self.arg_expression(arg);
                if let Some(v) = customdecode::decode_argument(&param.ty, expr, scope.to_context().as_ref()) {
                    values.push(v);
                    continue;
                }
            }
            let v = match arg {
                Arg::Expr(x) => {
                    let (v, d) = self.eval(*x, scope);
                    diags.extend(d);
                    v
                }
                Arg::Value(v, _) => v.clone(),
            };
            match convert(&v, &param.ty) {
                Ok(v) => values.push(v),
                Err(err) => {
                    diags.push(self.error(
                        "Invalid function argument",
                        format!("Invalid value for {} parameter: {err}.", go_quote(&param.name)),
                        arg.start_span(),
                        Some(e.span()),
                    ));
                    values.push(v);
                }
            }
        }
        if has_errors(&diags) {
            return (Value::dynamic(), diags);
        }

        // A call in a loop pays for reading its collection arguments (`contains(list, x)`
        // scans the list each time), at a unit per 16 elements.
        if InLoop::active() {
            let units: u64 = values.iter().map(argument_units).sum();
            if !self.charge(units, Expr::FunctionCall(e), "function call", &mut diags) {
                return (Value::dynamic(), diags);
            }
        }
        let allowance = self.budget.limit().map(|_| self.budget.remaining());
        let result = with_result_allowance(allowance, || f.call_unconverted(&values));
        // A function that evaluates expressions (`try`, `can`, an hcldec spec function) may
        // have used the budget up without saying so.
        if self.stopped.is_none() && self.budget.is_exhausted() {
            self.stop(Expr::FunctionCall(e), "function call", &mut diags);
            return (Value::dynamic(), diags);
        }
        match result {
            Ok(v) => {
                let units = size_within(&v, self.budget.remaining().saturating_add(1));
                if !self.charge(units, Expr::FunctionCall(e), "function call", &mut diags) {
                    return (Value::dynamic(), diags);
                }
                (v, diags)
            }
            Err(err) if *err.kind() == FunctionErrorKind::ResultTooLarge => {
                self.stop(Expr::FunctionCall(e), "function call", &mut diags);
                (Value::dynamic(), diags)
            }
            Err(err) => {
                let cd = err.diagnostic(name, &f, args.len());
                let (subject, context) = match cd.subject {
                    CallSubject::CloseParen => (e.close_paren_span(), Some(e.span())),
                    CallSubject::Argument(i) => (args.get(i).map(Arg::start_span).unwrap_or(e.span()), Some(e.span())),
                    CallSubject::Call => (e.span(), None),
                    CallSubject::CallStart => (e.name_span().to(e.open_paren_span()), Some(e.span())),
                };
                diags.push(self.error(cd.summary, cd.detail, subject, context));
                (Value::dynamic(), diags)
            }
        }
    }
}
