//! The evaluation API in one place: the context ([`EvalContext`], [`Budget`]) and the native
//! syntax's evaluator ([`evaluate`]).
//!
//! This module only re-exports. The context lives in [`crate::context`] (it depends on no
//! syntax); the evaluator lives with the syntax it evaluates, in
//! [`crate::syntax::native::eval`]. JSON-syntax expressions evaluate through
//! [`Expression::value`](crate::body::Expression::value).
//!
//! ```
//! use hclkit::eval::{evaluate, EvalContext};
//! use hclkit_value::Value;
//!
//! let e = hclkit::parse_expression(b"a + 1".as_slice(), "expr.hcl").into_value();
//! let ctx = EvalContext::new().with_variable("a", Value::from(41));
//! let (v, diags) = evaluate(e.expr(), Some(&ctx));
//! assert!(diags.is_empty());
//! assert_eq!(v, Value::from(42));
//! ```

pub use crate::context::budget;
pub use crate::context::{Budget, EvalContext};
pub use crate::syntax::native::eval::evaluate;
