//! Evaluation of native-syntax expressions to values.
//!
//! [`evaluate`] (or [`Expr::value`](crate::syntax::native::ast::Expr::value)) computes an
//! expression's value in an [`EvalContext`], with the reference's (hcl v2.14.1 `hclsyntax`)
//! semantics: conversions, unknown and dynamic propagation, and diagnostics with the same
//! summaries, details and source ranges. Evaluation never fails outright: on errors it
//! returns a placeholder (usually the dynamic value) along with the diagnostics.
//!
//! ```
//! use hclkit::eval::{evaluate, EvalContext};
//! use hclkit_value::{stdlib, Value};
//!
//! let (file, _) = hclkit::parse_config(b"greeting = \"Hello, ${upper(name)}!\"\n".as_slice(), "main.hcl");
//! let attr = file.body().attribute("greeting").unwrap();
//! let ctx = EvalContext::new()
//!     .with_variable("name", Value::string("web"))
//!     .with_functions(stdlib::spec_functions());
//! let (value, diags) = evaluate(attr.expr(), Some(&ctx));
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::string("Hello, WEB!"));
//!
//! // Without a context, function calls (and variables) are not allowed.
//! let (value, diags) = attr.expr().value(None);
//! assert!(value.is_unknown());
//! assert_eq!(diags.iter().next().unwrap().summary, "Function calls not allowed");
//! ```
//!
//! The modules: `expr` (the expression kinds), `call` (function calls), `ops` (operators),
//! `template` (templates). What they share with other syntaxes lives outside the syntax:
//! the context, the budget and the `for` scopes in [`crate::context`], indexing and attribute
//! access in `crate::traversal::access`.

mod call;
mod expr;
mod for_expr;
mod ops;
mod splat;
mod template;

pub use crate::context::{Budget, EvalContext};

use hclkit_value::Value;

use crate::diagnostic::Diagnostics;
use std::sync::Arc;

use crate::syntax::native::ast::{Expr, NodeId, Tree};

/// Evaluates `expr` with the variables and functions of `ctx`; `None` makes every variable
/// reference and function call an error ("Variables not allowed", "Function calls not
/// allowed"), as the reference's nil `EvalContext` does.
///
/// Returns the value and the diagnostics; when there are errors the value is a placeholder
/// (often the dynamic value, or an unknown of the expected type).
pub fn evaluate(expr: Expr<'_>, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let mut ev = expr::Evaluator::new(expr.tree(), ctx);
    let (v, diags) = ev.run(expr, crate::context::Scope::Root(ctx));
    (v, Diagnostics(diags))
}

/// [`evaluate`] for an expression of a shared tree (what
/// [`NativeExpression`](crate::syntax::native::NativeExpression) holds): expressions handed to
/// expression-taking function parameters then share the tree rather than copy it.
pub(crate) fn evaluate_shared(tree: &Arc<Tree>, id: NodeId, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let mut ev = expr::Evaluator::new_shared(tree, ctx);
    let (v, diags) = ev.run(Expr::new(tree, id), crate::context::Scope::Root(ctx));
    (v, Diagnostics(diags))
}

impl Expr<'_> {
    /// Evaluates the expression: [`evaluate`] as a method.
    ///
    /// ```
    /// let (e, _) = hclkit::parse_expression(b"[for x in [1, 2, 3]: x * 2 if x > 1]".as_slice(), "expr");
    /// let (v, diags) = e.expr().value(None);
    /// assert!(diags.is_empty());
    /// assert_eq!(v, hclkit_value::Value::tuple(vec![4.into(), 6.into()]));
    /// ```
    pub fn value(self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        evaluate(self, ctx)
    }
}
