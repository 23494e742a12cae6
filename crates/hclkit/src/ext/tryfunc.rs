//! `try` and `can` (the reference's `ext/tryfunc`): functions that take expressions, not
//! values, and test whether they evaluate without errors.
//!
//! * `try(e1, e2, ...)` is the value of the first expression that evaluates without errors;
//!   when none does, the call fails with every expression's diagnostics listed in the
//!   message ("no expression succeeded").
//! * `can(e)` is `true` when `e` evaluates without errors, `false` otherwise.
//!
//! Both are decided only when the variables an expression refers to are wholly known: if any
//! reaches an unknown value, `try` returns the dynamic value and `can` an unknown bool, as
//! the reference does (the expression might fail or succeed once the value is known).
//!
//! They rely on [`customdecode`](super::customdecode): their parameters have the
//! expression-closure type, so the evaluator passes each argument unevaluated, with its
//! context.
//!
//! ```
//! use hclkit::eval::EvalContext;
//! use hclkit::ext::tryfunc::{can_function, try_function};
//! use hclkit_value::Value;
//!
//! let ctx = EvalContext::new()
//!     .with_variable("config", Value::object(vec![("port", Value::number(80))]))
//!     .with_function("try", try_function())
//!     .with_function("can", can_function());
//! let eval = |src: &str| {
//!     let e = hclkit::parse_expression(src.as_bytes(), "x").into_value();
//!     e.expr().value(Some(&ctx))
//! };
//! assert_eq!(eval("try(config.host, \"localhost\")").0, Value::string("localhost"));
//! assert_eq!(eval("try(config.port, 8080)").0, Value::number(80));
//! assert_eq!(eval("can(config.host)").0, Value::bool(false));
//! let (_, diags) = eval("try(config.host, config.name)");
//! assert!(diags.iter().next().unwrap().detail.starts_with("Call to function \"try\" failed: no expression succeeded:"));
//! ```

use std::fmt::Write;

use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};

use super::customdecode::{expression_closure_type, ExpressionClosure};
use crate::traversal::traverse_abs;

/// The `try` function: the value of the first argument expression that evaluates without
/// errors.
///
/// Its result type is decided by evaluating the arguments, so before a call it is
/// the dynamic pseudo-type (the reference evaluates the arguments twice, once for the type
/// and once for the value; this evaluates them once).
///
/// ```
/// use hclkit::eval::EvalContext;
/// use hclkit::ext::tryfunc::try_function;
/// use hclkit_value::{Type, Value};
///
/// let eval = |src: &str, ctx: &EvalContext| {
///     let e = hclkit::parse_expression(src.as_bytes(), "x.hcl").into_value();
///     e.expr().value(Some(ctx))
/// };
/// let ctx = EvalContext::new()
///     .with_function("try", try_function())
///     .with_variable("m", Value::map([("a", Value::number(1))]).unwrap());
/// assert_eq!(eval(r#"try(m["b"], m["a"], 0)"#, &ctx).0, Value::number(1));
/// // An unknown variable in an argument keeps the answer open.
/// let ctx = ctx.with_variable("u", Value::unknown(Type::map(Type::Number)));
/// assert_eq!(eval(r#"try(u["b"], 0)"#, &ctx).0, Value::dynamic());
/// ```
pub fn try_function() -> Function {
    Function::builder()
        .description("Returns the result of the first expression that evaluates without errors.")
        .var_param(Parameter::new("expressions", expression_closure_type()))
        .return_type(|args| {
            if args.is_empty() {
                Err(FunctionError::new("at least one argument is required"))
            } else {
                Ok(Type::Dynamic)
            }
        })
        .implementation(|args, _| try_impl(args))
        .build()
}

/// The `can` function: whether its argument expression evaluates without errors.
///
/// ```
/// use hclkit::eval::EvalContext;
/// use hclkit::ext::tryfunc::can_function;
/// use hclkit_value::{Type, Value};
///
/// let ctx = EvalContext::new()
///     .with_function("can", can_function())
///     .with_variable("list", Value::list(vec![Value::string("a")]).unwrap())
///     .with_variable("u", Value::unknown(Type::list(Type::String)));
/// let eval = |src: &str| hclkit::parse_expression(src.as_bytes(), "x.hcl").into_value().expr().value(Some(&ctx)).0;
/// assert_eq!(eval("can(list[0])"), Value::bool(true));
/// assert_eq!(eval("can(list[1])"), Value::bool(false));
/// assert_eq!(eval("can(u[1])"), Value::unknown(Type::Bool));
/// ```
pub fn can_function() -> Function {
    Function::builder()
        .description("Returns true if the given expression evaluates without errors.")
        .param(Parameter::new("expression", expression_closure_type()))
        .static_return_type(Type::Bool)
        .implementation(|args, _| {
            let closure = closure_arg(args, 0)?;
            if depends_on_unknowns(closure) {
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::bool(!closure.value().1.has_errors()))
        })
        .build()
}

/// `try` and `can` by the names configurations call them.
///
/// ```
/// use hclkit::eval::EvalContext;
/// use hclkit_value::{stdlib, Value};
///
/// let ctx = EvalContext::new()
///     .with_functions(stdlib::spec_functions())
///     .with_functions(hclkit::ext::tryfunc::functions());
/// let e = hclkit::parse_expression(br#"try(upper(jsondecode("{")), "fallback")"#.as_slice(), "x.hcl").into_value();
/// assert_eq!(e.expr().value(Some(&ctx)).0, Value::string("fallback"));
/// ```
pub fn functions() -> Vec<(&'static str, Function)> {
    vec![("can", can_function()), ("try", try_function())]
}

fn closure_arg(args: &[Value], i: usize) -> Result<&ExpressionClosure, FunctionError> {
    args.get(i)
        .and_then(ExpressionClosure::from_value)
        .ok_or_else(|| FunctionError::arg(i, "an expression closure is required"))
}

fn try_impl(args: &[Value]) -> Result<Value, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::new("at least one argument is required"));
    }
    let mut message = String::from("no expression succeeded:\n");
    for i in 0..args.len() {
        let closure = closure_arg(args, i)?;
        if depends_on_unknowns(closure) {
            return Ok(Value::dynamic());
        }
        let (v, diags) = closure.value();
        if !diags.has_errors() {
            return Ok(v);
        }
        describe_failure(&mut message, &diags);
    }
    Err(no_success(message))
}

/// Adds an expression's diagnostics to `try`'s error message. (Not inlined: the frames on
/// the path of nested `try` calls stay small.)
#[inline(never)]
fn describe_failure(message: &mut String, diags: &crate::Diagnostics) {
    for d in diags.iter() {
        // Writing to a String cannot fail.
        let _ = match &d.subject {
            Some(r) => write!(message, "- {} (at {r})\n  {}\n", d.summary, d.detail),
            None => write!(message, "- {}\n  {}\n", d.summary, d.detail),
        };
    }
}

#[cold]
#[inline(never)]
fn no_success(mut message: String) -> FunctionError {
    message.push_str("\nAt least one expression must produce a successful result");
    FunctionError::new(message)
}

/// Whether a variable the expression refers to is (or contains) an unknown value: then its
/// success cannot be decided yet. Conservative, as the reference's: a traversal that fails
/// does not count, one that reaches a partly unknown value does.
fn depends_on_unknowns(closure: &ExpressionClosure) -> bool {
    closure
        .expression
        .variables()
        .iter()
        .filter_map(|t| traverse_abs(t, closure.context.as_ref()))
        .any(|v| !v.is_wholly_known())
}
