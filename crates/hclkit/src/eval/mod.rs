//! Expression evaluation.
//!
//! **PLACEHOLDER** (branch `body`): this module only fixes the API that the information model
//! ([`crate::body`]) calls. The real evaluator comes from the `eval` branch and replaces this
//! file whole at merge; until then [`evaluate`] evaluates nothing and says so.

use std::collections::BTreeMap;

use hclkit_value::function::Function;
use hclkit_value::Value;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::syntax::native::ast::Expr;

/// The variables and functions an expression is evaluated with (the reference's
/// `hcl.EvalContext`). Placeholder: see the module docs.
#[derive(Clone, Default)]
pub struct EvalContext {
    variables: BTreeMap<String, Value>,
    functions: BTreeMap<String, Function>,
}

impl EvalContext {
    /// An empty context: no variables, no functions.
    pub fn new() -> EvalContext {
        EvalContext::default()
    }

    /// Defines (or replaces) a variable.
    pub fn set_variable(&mut self, name: impl Into<String>, value: Value) {
        self.variables.insert(name.into(), value);
    }

    /// Defines (or replaces) a function.
    pub fn set_function(&mut self, name: impl Into<String>, function: Function) {
        self.functions.insert(name.into(), function);
    }
}

impl std::fmt::Debug for EvalContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EvalContext")
            .field("variables", &self.variables.keys().collect::<Vec<_>>())
            .field("functions", &self.functions.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// Evaluates a native-syntax expression. Placeholder: returns the unknown value of the
/// dynamic pseudo-type and an error saying evaluation is not available.
pub fn evaluate(expr: Expr<'_>, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let _ = ctx;
    let d = Diagnostic::error("Evaluation not available", "This build of hclkit has no expression evaluator yet.")
        .with_subject(expr.range());
    (Value::dynamic(), Diagnostics(vec![d]))
}
