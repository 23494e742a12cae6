//! Expression-taking function parameters (the reference's `ext/customdecode`).
//!
//! A function parameter normally receives a value: the evaluator evaluates the argument
//! expression and converts the result to the parameter's type. A parameter whose type is
//! [`expression_closure_type`] instead receives the argument *unevaluated*: a capsule value
//! holding an [`ExpressionClosure`] (the expression and the context it would have been
//! evaluated in), which the function may evaluate as it sees fit, or not at all. A parameter
//! of [`expression_type`] receives only the expression, for static analysis.
//!
//! This is how [`try`](super::tryfunc::try_function) and [`can`](super::tryfunc::can_function)
//! are built. Any application function can use it:
//!
//! ```
//! use hclkit::eval::EvalContext;
//! use hclkit::ext::customdecode::{expression_closure_type, ExpressionClosure};
//! use hclkit_value::function::{Function, Parameter};
//! use hclkit_value::{Type, Value};
//!
//! // `source(expr)`: the number of variables an expression refers to, without evaluating it.
//! let refs = Function::builder()
//!     .param(Parameter::new("expr", expression_closure_type()))
//!     .static_return_type(Type::Number)
//!     .implementation(|args, _| {
//!         let closure = ExpressionClosure::from_value(&args[0]).expect("a closure");
//!         Ok(Value::number(closure.expression.variables().len() as i64))
//!     })
//!     .build();
//! let ctx = EvalContext::new().with_function("refs", refs);
//! let e = hclkit::parse_expression(b"refs(a.b + c[0])".as_slice(), "x").into_value();
//! let (v, diags) = e.expr().value(Some(&ctx));
//! assert!(diags.is_empty()); // `a` and `c` are not defined: they were never evaluated
//! assert_eq!(v, Value::number(2));
//! ```

use std::fmt;
use std::sync::{Arc, OnceLock};

use hclkit_value::{CapsuleType, Type, Value};

use crate::body::Expression;
use crate::context::EvalContext;
use crate::diagnostic::Diagnostics;

/// An expression and the context it was to be evaluated in (the reference's
/// `customdecode.ExpressionClosure`).
#[derive(Clone)]
pub struct ExpressionClosure {
    /// The argument expression, unevaluated.
    pub expression: Arc<dyn Expression>,
    /// The context of the call (`None` when the call was evaluated without one). Inside a
    /// `for` expression it includes the `for` expression's variables.
    pub context: Option<EvalContext>,
}

impl ExpressionClosure {
    /// Evaluates the expression in its context.
    pub fn value(&self) -> (Value, Diagnostics) {
        self.expression.value(self.context.as_ref())
    }

    /// The capsule value carrying this closure, of [`expression_closure_type`].
    pub fn into_value(self) -> Value {
        Value::capsule(closure_capsule(), self)
    }

    /// The closure a value of [`expression_closure_type`] carries (`None` for any other
    /// value, including an unknown or null one).
    pub fn from_value(v: &Value) -> Option<&ExpressionClosure> {
        if v.ty() != expression_closure_type() {
            return None;
        }
        v.capsule_ref::<ExpressionClosure>()
    }
}

impl fmt::Debug for ExpressionClosure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExpressionClosure")
            .field("expression", &self.expression)
            .field("context", &self.context)
            .finish()
    }
}

fn closure_capsule() -> &'static CapsuleType {
    static T: OnceLock<CapsuleType> = OnceLock::new();
    T.get_or_init(|| CapsuleType::new("expression closure"))
}

fn expression_capsule() -> &'static CapsuleType {
    static T: OnceLock<CapsuleType> = OnceLock::new();
    T.get_or_init(|| CapsuleType::new("expression"))
}

/// The capsule type of expression closures (the reference's `ExpressionClosureType`): a
/// parameter of this type receives its argument as an [`ExpressionClosure`].
pub fn expression_closure_type() -> Type {
    Type::Capsule(closure_capsule().clone())
}

/// The capsule type of bare expressions (the reference's `ExpressionType`): a parameter of
/// this type receives its argument expression (an `Arc<dyn Expression>`, see
/// [`expression_from_value`]) without a context.
pub fn expression_type() -> Type {
    Type::Capsule(expression_capsule().clone())
}

/// The capsule value of [`expression_type`] carrying `expr`.
pub fn expression_value(expr: Arc<dyn Expression>) -> Value {
    Value::capsule(expression_capsule(), expr)
}

/// The expression a value of [`expression_type`] carries.
pub fn expression_from_value(v: &Value) -> Option<&Arc<dyn Expression>> {
    if v.ty() != expression_type() {
        return None;
    }
    v.capsule_ref::<Arc<dyn Expression>>()
}

/// What a parameter of type `ty` receives instead of its argument's value, if anything (the
/// reference's `CustomExpressionDecoderForType`): the argument captured as a capsule value.
pub(crate) fn decode_argument(ty: &Type, expr: Arc<dyn Expression>, ctx: Option<&EvalContext>) -> Option<Value> {
    let Type::Capsule(c) = ty else { return None };
    if c == closure_capsule() {
        Some(ExpressionClosure { expression: expr, context: ctx.cloned() }.into_value())
    } else if c == expression_capsule() {
        Some(expression_value(expr))
    } else {
        None
    }
}

/// Whether a parameter of type `ty` takes its argument unevaluated.
pub(crate) fn is_expression_type(ty: &Type) -> bool {
    matches!(ty, Type::Capsule(c) if c == closure_capsule() || c == expression_capsule())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::StaticExpression;
    use crate::pos::Range;

    #[test]
    fn capsules_round_trip_and_reject_other_values() {
        let expr: Arc<dyn Expression> = Arc::new(StaticExpression { value: Value::number(1), range: Range::default() });
        let v = decode_argument(&expression_closure_type(), expr.clone(), None).unwrap();
        let c = ExpressionClosure::from_value(&v).unwrap();
        assert_eq!(c.value().0, Value::number(1));
        let v = decode_argument(&expression_type(), expr.clone(), None).unwrap();
        assert!(expression_from_value(&v).is_some());
        assert!(ExpressionClosure::from_value(&v).is_none());
        assert!(decode_argument(&Type::String, expr, None).is_none());
        assert!(ExpressionClosure::from_value(&Value::unknown(expression_closure_type())).is_none());
        assert!(is_expression_type(&expression_type()) && !is_expression_type(&Type::Dynamic));
    }
}
