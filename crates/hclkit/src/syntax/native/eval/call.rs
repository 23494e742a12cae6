//! Function calls: looking the function up, expanding a final `...` argument, checking the
//! number of arguments, converting each to its parameter's type, and calling.

use hclkit_value::convert::convert;
use hclkit_value::function::{
    with_result_allowance, CallSubject, Function, FunctionError, FunctionErrorKind, Parameter,
};
use hclkit_value::{Type, Value};

use std::sync::Arc;

use super::expr::{has_errors, Diags, Evaluator, NestedDepth};
use crate::body::{Expression, StaticExpression};
use crate::context::budget::{string_units, InLoop};
use crate::context::Scope;
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

/// How many elements of a collection argument (or units of a string argument) a call in a
/// loop pays one unit for. A call that scans its argument (`contains(list, x)`) in a loop
/// over that list costs the square of its length; this keeps such loops below the default
/// budget up to about 11,000 elements (`element(list, i)` over a list of a few thousand
/// entries is plausible in real configurations) while bounding the quadratic work.
const ARGUMENT_ELEMENTS_PER_UNIT: u64 = 64;

/// What reading an argument costs a call in a loop: a unit per
/// [`ARGUMENT_ELEMENTS_PER_UNIT`] elements of a collection (or units of string), the top
/// level only.
fn argument_units(v: &Value) -> u64 {
    let n = match (v.length(), v.as_str()) {
        (_, Some(s)) => string_units(s.len()),
        (Some(n), _) => n as u64,
        _ => 0,
    };
    n / ARGUMENT_ELEMENTS_PER_UNIT
}

impl<'a> Evaluator<'a> {
    /// A function call. The steps are methods of their own: this frame, and those of the
    /// steps that evaluate arguments, are on the path of every level of nested calls.
    #[inline(never)]
    pub(crate) fn call(&mut self, e: FunctionCallExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let f = match self.lookup_function(e, scope) {
            Ok(f) => f,
            Err(r) => return r,
        };
        let mut diags = Vec::new();
        let Some(args) = self.call_args(e, scope, &mut diags) else {
            return (Value::dynamic(), diags);
        };
        if let Some(r) = self.check_arity(e, &f, &args) {
            return r;
        }
        let values = self.arg_values(e, &f, &args, scope, &mut diags);
        if has_errors(&diags) {
            return (Value::dynamic(), diags);
        }
        let v = self.apply(e, &f, &args, &values, &mut diags);
        (v, diags)
    }

    /// The function a call names, or the diagnostic for a missing one.
    #[inline(never)]
    fn lookup_function(&self, e: FunctionCallExpr<'a>, scope: Scope<'_>) -> Result<Function, (Value, Diags)> {
        let name = e.name();
        let d = match scope.function(&name) {
            Ok(f) => return Ok(f.clone()),
            Err(false) => self.error("Function calls not allowed", "Functions may not be called here.", e.span(), None),
            Err(true) => {
                self.error("Call to unknown function", unknown_function(&name, scope), e.name_span(), Some(e.span()))
            }
        };
        Err((Value::dynamic(), vec![d]))
    }

    /// The arguments, with a final `...` argument evaluated and expanded; `None` (with the
    /// diagnostics in `diags`) when that fails.
    #[inline(never)]
    fn call_args(&mut self, e: FunctionCallExpr<'a>, scope: Scope<'_>, diags: &mut Diags) -> Option<Vec<Arg<'a>>> {
        let mut args: Vec<Arg<'a>> = e.args().map(Arg::Expr).collect();
        if e.expand_final() {
            if let Some(Arg::Expr(last)) = args.pop() {
                let (v, d) = self.eval(last, scope);
                let failed = has_errors(&d);
                diags.extend(d);
                if failed {
                    return None;
                }
                self.expand(e, last, v, &mut args, diags)?;
            }
        }
        Some(args)
    }

    /// Adds the elements of `v`, a final `...` argument, to `args`.
    #[inline(never)]
    fn expand(
        &self,
        e: FunctionCallExpr<'a>,
        last: Expr<'a>,
        v: Value,
        args: &mut Vec<Arg<'a>>,
        diags: &mut Diags,
    ) -> Option<()> {
        let ty = v.ty();
        if ty.is_dynamic() || ty.is_tuple() || ty.is_list() || ty.is_set() {
            if v.is_null() {
                diags.push(self.error(
                    EXPAND,
                    "The expanding argument (indicated by ...) must not be null.",
                    last.span(),
                    Some(e.span()),
                ));
                return None;
            }
            if ty.is_dynamic() || !v.is_known() {
                return None;
            }
            let span = last.span();
            args.extend(v.elements().unwrap_or(&[]).iter().map(|el| Arg::Value(el.clone(), span)));
            Some(())
        } else {
            diags.push(self.error(
                EXPAND,
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                last.span(),
                Some(e.span()),
            ));
            None
        }
    }

    /// The diagnostic for too few or too many arguments, if so.
    #[inline(never)]
    fn check_arity(&self, e: FunctionCallExpr<'a>, f: &Function, args: &[Arg<'a>]) -> Option<(Value, Diags)> {
        let name = e.name();
        let params = f.params();
        if args.len() < params.len() {
            let qual = if f.var_param().is_some() { " at least" } else { "" };
            let d = self.error(
                "Not enough function arguments",
                format!(
                    "Function {} expects{qual} {} argument(s). Missing value for {}.",
                    go_quote(&name),
                    params.len(),
                    go_quote(&params[args.len()].name)
                ),
                e.close_paren_span(),
                Some(e.span()),
            );
            return Some((Value::dynamic(), vec![d]));
        }
        if f.var_param().is_none() && args.len() > params.len() {
            let d = self.error(
                "Too many function arguments",
                format!("Function {} expects only {} argument(s).", go_quote(&name), params.len()),
                args[params.len()].start_span(),
                Some(e.span()),
            );
            return Some((Value::dynamic(), vec![d]));
        }
        None
    }

    /// Each argument's value, converted to its parameter's type (or, for a parameter taking
    /// an expression, the expression with its context).
    #[inline(never)]
    fn arg_values(
        &mut self,
        e: FunctionCallExpr<'a>,
        f: &Function,
        args: &[Arg<'a>],
        scope: Scope<'_>,
        diags: &mut Diags,
    ) -> Vec<Value> {
        let mut values = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = f.param_for_arg(i) else { break };
            if customdecode::is_expression_type(&param.ty) {
                if let Some(v) = self.expression_arg(&param.ty, arg, scope) {
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
            values.push(self.convert_arg(e, param, arg, v, diags));
        }
        values
    }

    /// An argument for a parameter taking an expression.
    #[inline(never)]
    fn expression_arg(&mut self, ty: &Type, arg: &Arg<'a>, scope: Scope<'_>) -> Option<Value> {
        let expr = self.arg_expression(arg);
        customdecode::decode_argument(ty, expr, scope.to_context().as_ref())
    }

    /// An argument converted to its parameter's type (left as it is, with a diagnostic, if
    /// it does not convert).
    #[inline(never)]
    fn convert_arg(
        &self,
        e: FunctionCallExpr<'a>,
        param: &Parameter,
        arg: &Arg<'a>,
        v: Value,
        diags: &mut Diags,
    ) -> Value {
        match convert(&v, &param.ty) {
            Ok(v) => v,
            Err(err) => {
                diags.push(self.error(
                    "Invalid function argument",
                    format!("Invalid value for {} parameter: {err}.", go_quote(&param.name)),
                    arg.start_span(),
                    Some(e.span()),
                ));
                v
            }
        }
    }

    /// Calls `f` with the argument values, charging the budget for the call.
    #[inline(never)]
    fn apply(
        &mut self,
        e: FunctionCallExpr<'a>,
        f: &Function,
        args: &[Arg<'a>],
        values: &[Value],
        diags: &mut Diags,
    ) -> Value {
        // A call in a loop pays for reading its collection arguments (`contains(list, x)`
        // scans the list each time), at a unit per ARGUMENT_ELEMENTS_PER_UNIT elements.
        if InLoop::active() {
            let units: u64 = values.iter().map(argument_units).sum();
            if !self.charge(units, Expr::FunctionCall(e), "function call", diags) {
                return Value::dynamic();
            }
        }
        let allowance = self.budget.limit().map(|_| self.budget.remaining());
        // Expressions the function evaluates (`try`'s arguments, an hcldec spec function's
        // result) count as deeper than this call.
        let result = {
            let _nested = NestedDepth::enter(self.depth_for_nested());
            with_result_allowance(allowance, || f.call_unconverted(values))
        };
        // A function that evaluates expressions may have used the budget up without saying
        // so (`can` turns the error into false).
        if self.stopped.is_none() && self.budget.is_exhausted() {
            self.stop(Expr::FunctionCall(e), "function call", diags);
            return Value::dynamic();
        }
        match result {
            Ok(v) => {
                let units = self.size_of(&v);
                if !self.charge(units, Expr::FunctionCall(e), "function call", diags) {
                    return Value::dynamic();
                }
                v
            }
            Err(err) => {
                self.call_failed(e, f, args, err, diags);
                Value::dynamic()
            }
        }
    }

    /// The diagnostic for a call that failed.
    #[cold]
    #[inline(never)]
    fn call_failed(
        &mut self,
        e: FunctionCallExpr<'a>,
        f: &Function,
        args: &[Arg<'a>],
        err: FunctionError,
        diags: &mut Diags,
    ) {
        if *err.kind() == FunctionErrorKind::ResultTooLarge {
            self.stop(Expr::FunctionCall(e), "function call", diags);
            return;
        }
        let cd = err.diagnostic(&e.name(), f, args.len());
        let (subject, context) = match cd.subject {
            CallSubject::CloseParen => (e.close_paren_span(), Some(e.span())),
            CallSubject::Argument(i) => (args.get(i).map(Arg::start_span).unwrap_or(e.span()), Some(e.span())),
            CallSubject::Call => (e.span(), None),
            CallSubject::CallStart => (e.name_span().to(e.open_paren_span()), Some(e.span())),
        };
        diags.push(self.error(cd.summary, cd.detail, subject, Some(context).flatten()));
    }
}

/// The detail of "Call to unknown function" for `name`: a plain name with a suggestion among
/// the context's functions; a namespaced one (`ns::f`, HCL v2.20) says whether its namespace
/// (everything up to the last `::`, included) has functions, and suggests among those.
#[cold]
fn unknown_function(name: &str, scope: Scope<'_>) -> String {
    let available = scope.suggestable_functions();
    let Some(sep) = name.rfind("::") else {
        let hint =
            name_suggestion(name, available).map(|s| format!(" Did you mean {}?", go_quote(s))).unwrap_or_default();
        return format!("There is no function named {}.{hint}", go_quote(name));
    };
    let (namespace, short) = name.split_at(sep + 2);
    let in_namespace: Vec<&str> = available.iter().filter_map(|f| f.strip_prefix(namespace)).collect();
    if in_namespace.is_empty() {
        return format!("There are no functions in namespace {}.", go_quote(namespace));
    }
    let hint =
        name_suggestion(short, in_namespace).map(|s| format!(" Did you mean {namespace}{s}?")).unwrap_or_default();
    format!("There is no function named {} in namespace {namespace}.{hint}", go_quote(short))
}
