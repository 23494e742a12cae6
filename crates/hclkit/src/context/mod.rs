//! The evaluation context: the variables and functions an expression may use.
//!
//! [`EvalContext`] is the reference's `hcl.EvalContext`: a variable table, a function table,
//! and an optional parent whose tables are searched when a name is not found. A context
//! *without* a variable table (as opposed to an empty one) forbids variables altogether
//! ("Variables not allowed"), and likewise for functions.
//!
//! Inside the evaluator, `for` expressions open child scopes holding their key and value
//! variables; those are `Scope`s borrowing their parents, so iterating allocates no tables.

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit_value::function::Function;
use hclkit_value::Value;

pub mod budget;

pub use budget::Budget;

/// Variables and functions available to expressions, with an optional parent context.
///
/// Cheap to clone: the tables and the parent are shared, and copied only when a shared table
/// is modified.
///
/// ```
/// use hclkit::eval::EvalContext;
/// use hclkit_value::{stdlib, Value};
///
/// let ctx = EvalContext::new()
///     .with_variable("name", Value::string("web"))
///     .with_functions(stdlib::spec_functions());
/// assert_eq!(ctx.variable("name"), Some(&Value::string("web")));
/// assert!(ctx.function("upper").is_some());
///
/// // A child sees its parent's names and can shadow them.
/// let child = ctx.child().with_variable("name", Value::string("db"));
/// assert_eq!(child.variable("name"), Some(&Value::string("db")));
/// assert!(child.function("upper").is_some());
/// ```
///
/// A context may also carry an evaluation [`Budget`], bounding the work of everything
/// evaluated with it (and with its children); see [`with_budget`](EvalContext::with_budget).
#[derive(Clone, Default)]
pub struct EvalContext {
    variables: Option<Arc<BTreeMap<String, Value>>>,
    functions: Option<Arc<BTreeMap<String, Function>>>,
    parent: Option<Arc<EvalContext>>,
    budget: Option<Budget>,
}

impl EvalContext {
    /// A context with no variable table and no function table: like evaluating with no
    /// context at all, variables and function calls are errors until some are added.
    ///
    /// ```
    /// use hclkit::eval::EvalContext;
    /// use hclkit_value::Value;
    ///
    /// let e = hclkit::parse_expression(b"name".as_slice(), "x.hcl").into_value();
    /// let (v, diags) = e.expr().value(Some(&EvalContext::new()));
    /// assert!(v.is_dynamic());
    /// assert_eq!(diags[0].summary, "Variables not allowed");
    /// // An empty table allows variables: the name is then merely unknown.
    /// let empty = EvalContext::new().with_variables(Vec::<(String, Value)>::new());
    /// let (_, diags) = e.expr().value(Some(&empty));
    /// assert_eq!(diags[0].summary, "Unknown variable");
    /// ```
    pub fn new() -> EvalContext {
        EvalContext::default()
    }

    /// A new context whose parent is (a shared copy of) this one. The child starts with no
    /// tables of its own, so every lookup goes to the parent until names are added.
    ///
    /// ```
    /// use hclkit::eval::EvalContext;
    /// use hclkit_value::Value;
    ///
    /// let root = EvalContext::new().with_variable("region", Value::string("eu"));
    /// let child = root.child().with_variable("name", Value::string("web"));
    /// assert_eq!(child.variable("region"), Some(&Value::string("eu")));
    /// assert_eq!(child.own_variables().unwrap().len(), 1);
    /// assert_eq!(child.parent().unwrap().variable("name"), None);
    /// assert!(root.parent().is_none());
    /// ```
    pub fn child(&self) -> EvalContext {
        EvalContext { variables: None, functions: None, parent: Some(Arc::new(self.clone())), budget: None }
    }

    /// This context with an evaluation budget: every evaluation with this context, its
    /// clones and its children (unless they set their own) counts its work against
    /// `budget`, and fails with an "Evaluation too large" diagnostic once the work passes
    /// the limit. The count is cumulative: several evaluations share it (pass
    /// `budget.clone()` to keep a handle on the count, or [`Budget::reset`] it).
    ///
    /// Without a budget, each top-level evaluation gets a fresh one with the
    /// [default limit](Budget::DEFAULT_LIMIT); see [`Budget`] for the whole story.
    ///
    /// ```
    /// use hclkit::eval::{Budget, EvalContext};
    /// use hclkit_value::stdlib;
    ///
    /// let e = hclkit::parse_expression(
    ///     b"length(flatten([for i in range(1000): [for j in range(1000): [for k in range(20): k]]]))".as_slice(),
    ///     "x.hcl",
    /// ).into_value();
    /// // Twenty million numbers: far past the default budget, so an error, quickly.
    /// let ctx = EvalContext::new().with_functions(stdlib::all());
    /// let (_, diags) = e.expr().value(Some(&ctx));
    /// assert_eq!(diags[0].summary, "Evaluation too large");
    ///
    /// // A child shares its parent's budget.
    /// let budget = Budget::new(1_000);
    /// let ctx = ctx.with_budget(budget.clone());
    /// let child = ctx.child();
    /// assert_eq!(child.budget().unwrap().limit(), Some(1_000));
    /// let e = hclkit::parse_expression(b"range(100)".as_slice(), "x.hcl").into_value();
    /// assert!(e.expr().value(Some(&child)).1.is_empty());
    /// // A list (4 units) of 100 numbers.
    /// assert_eq!(budget.used(), 104);
    /// ```
    pub fn with_budget(mut self, budget: Budget) -> EvalContext {
        self.set_budget(budget);
        self
    }

    /// Sets this context's evaluation budget (see [`with_budget`](EvalContext::with_budget)).
    pub fn set_budget(&mut self, budget: Budget) -> &mut EvalContext {
        self.budget = Some(budget);
        self
    }

    /// The evaluation budget of this context, or of its nearest ancestor that has one.
    pub fn budget(&self) -> Option<&Budget> {
        self.ancestry().find_map(|c| c.budget.as_ref())
    }

    /// The parent context, if any.
    pub fn parent(&self) -> Option<&EvalContext> {
        self.parent.as_deref()
    }

    /// Defines (or redefines) a variable in this context's own table, creating the table.
    ///
    /// ```
    /// use hclkit::eval::EvalContext;
    /// use hclkit_value::{stdlib, Value};
    ///
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("n", Value::number(1)).set_variable("n", Value::number(2));
    /// let upper = stdlib::spec_functions().into_iter().find(|(n, _)| *n == "upper").unwrap().1;
    /// ctx.set_function("upper", upper);
    /// let e = hclkit::parse_expression(b"upper(\"v${n}\")".as_slice(), "x.hcl").into_value();
    /// assert_eq!(e.expr().value(Some(&ctx)).0, Value::string("V2"));
    /// assert_eq!(ctx.own_functions().map(|f| f.len()), Some(1));
    /// ```
    pub fn set_variable(&mut self, name: impl Into<String>, value: Value) -> &mut EvalContext {
        Arc::make_mut(self.variables.get_or_insert_with(Default::default)).insert(name.into(), value);
        self
    }

    /// Defines (or redefines) a function in this context's own table, creating the table.
    pub fn set_function(&mut self, name: impl Into<String>, function: Function) -> &mut EvalContext {
        Arc::make_mut(self.functions.get_or_insert_with(Default::default)).insert(name.into(), function);
        self
    }

    /// This context with one more variable.
    pub fn with_variable(mut self, name: impl Into<String>, value: Value) -> EvalContext {
        self.set_variable(name, value);
        self
    }

    /// This context with the given variables added. The variable table is created even when
    /// the iterator is empty, so variables become allowed (and unknown names are reported as
    /// "Unknown variable" rather than "Variables not allowed").
    ///
    /// ```
    /// use hclkit::eval::EvalContext;
    /// use hclkit_value::Value;
    ///
    /// let ctx = EvalContext::new().with_variables([("a", Value::number(1)), ("b", Value::number(2))]);
    /// let e = hclkit::parse_expression(b"a + b".as_slice(), "x.hcl").into_value();
    /// assert_eq!(e.expr().value(Some(&ctx)).0, Value::number(3));
    /// let names: Vec<&str> = ctx.own_variables().unwrap().keys().map(String::as_str).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    pub fn with_variables<K: Into<String>>(mut self, vars: impl IntoIterator<Item = (K, Value)>) -> EvalContext {
        let table = Arc::make_mut(self.variables.get_or_insert_with(Default::default));
        table.extend(vars.into_iter().map(|(k, v)| (k.into(), v)));
        self
    }

    /// This context with one more function.
    ///
    /// ```
    /// use hclkit::eval::EvalContext;
    /// use hclkit_value::function::{Function, Parameter};
    /// use hclkit_value::{Type, Value};
    ///
    /// let double = Function::builder()
    ///     .param(Parameter::new("n", Type::Number))
    ///     .static_return_type(Type::Number)
    ///     .implementation(|args, _| Ok(args[0].mul(&Value::number(2)).unwrap()))
    ///     .build();
    /// let ctx = EvalContext::new().with_function("double", double);
    /// let e = hclkit::parse_expression(b"double(21)".as_slice(), "x.hcl").into_value();
    /// assert_eq!(e.expr().value(Some(&ctx)).0, Value::number(42));
    /// let e = hclkit::parse_expression(b"triple(1)".as_slice(), "x.hcl").into_value();
    /// let (_, diags) = e.expr().value(Some(&ctx));
    /// assert_eq!(diags[0].summary, "Call to unknown function");
    /// ```
    pub fn with_function(mut self, name: impl Into<String>, function: Function) -> EvalContext {
        self.set_function(name, function);
        self
    }

    /// This context with the given functions added (the table is created even when the
    /// iterator is empty, so calls are reported as "Call to unknown function").
    ///
    /// ```
    /// use hclkit::eval::EvalContext;
    /// let ctx = EvalContext::new().with_functions(hclkit_value::stdlib::spec_functions());
    /// assert!(ctx.function("jsonencode").is_some());
    /// ```
    pub fn with_functions<K: Into<String>>(
        mut self,
        functions: impl IntoIterator<Item = (K, Function)>,
    ) -> EvalContext {
        let table = Arc::make_mut(self.functions.get_or_insert_with(Default::default));
        table.extend(functions.into_iter().map(|(k, f)| (k.into(), f)));
        self
    }

    /// The variable called `name`, searching this context and then its ancestors.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            if let Some(v) = c.variables.as_ref().and_then(|t| t.get(name)) {
                return Some(v);
            }
            ctx = c.parent.as_deref();
        }
        None
    }

    /// The function called `name`, searching this context and then its ancestors.
    pub fn function(&self, name: &str) -> Option<&Function> {
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            if let Some(f) = c.functions.as_ref().and_then(|t| t.get(name)) {
                return Some(f);
            }
            ctx = c.parent.as_deref();
        }
        None
    }

    /// This context's own variables (not its ancestors'), if it has a variable table.
    pub fn own_variables(&self) -> Option<&BTreeMap<String, Value>> {
        self.variables.as_deref()
    }

    /// This context's own functions (not its ancestors'), if it has a function table.
    pub fn own_functions(&self) -> Option<&BTreeMap<String, Function>> {
        self.functions.as_deref()
    }

    fn ancestry(&self) -> impl Iterator<Item = &EvalContext> {
        std::iter::successors(Some(self), |c| c.parent.as_deref())
    }
}

impl std::fmt::Debug for EvalContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("EvalContext");
        if let Some(v) = &self.variables {
            d.field("variables", &v.keys().collect::<Vec<_>>());
        }
        if let Some(fs) = &self.functions {
            d.field("functions", &fs.keys().collect::<Vec<_>>());
        }
        if let Some(b) = &self.budget {
            d.field("budget", b);
        }
        if let Some(p) = &self.parent {
            d.field("parent", p);
        }
        d.finish()
    }
}

/// What looking a variable up found.
pub(crate) enum Lookup<'s> {
    Found(&'s Value),
    /// No scope has a variable table at all.
    NotAllowed,
    /// Tables exist but none has the name.
    Missing,
}

/// An evaluation scope: the caller's context (possibly none) or a `for` expression's child
/// scope over another scope.
#[derive(Clone, Copy)]
pub(crate) enum Scope<'s> {
    Root(Option<&'s EvalContext>),
    Child(&'s ChildScope<'s>),
}

/// The variables a `for` expression defines for one element.
pub(crate) struct ChildScope<'s> {
    pub parent: Scope<'s>,
    pub key: Option<(&'s str, Value)>,
    pub value: (&'s str, Value),
}

impl<'s> Scope<'s> {
    pub(crate) fn lookup(self, name: &str) -> Lookup<'s> {
        let mut scope = self;
        // Whether some scope searched so far has a variable table (a `for` scope always has).
        let mut any_table = false;
        loop {
            match scope {
                Scope::Child(c) => {
                    // The value variable is set after the key one, so it wins a name clash.
                    if c.value.0 == name {
                        return Lookup::Found(&c.value.1);
                    }
                    if let Some((k, v)) = &c.key {
                        if *k == name {
                            return Lookup::Found(v);
                        }
                    }
                    any_table = true;
                    scope = c.parent;
                }
                Scope::Root(None) => return if any_table { Lookup::Missing } else { Lookup::NotAllowed },
                Scope::Root(Some(ctx)) => {
                    for c in ctx.ancestry() {
                        if let Some(t) = &c.variables {
                            any_table = true;
                            if let Some(v) = t.get(name) {
                                return Lookup::Found(v);
                            }
                        }
                    }
                    return if any_table { Lookup::Missing } else { Lookup::NotAllowed };
                }
            }
        }
    }

    /// The scope as a context of its own (`for` scopes become child contexts), for
    /// expressions evaluated later (expression-taking function parameters). `None` for no
    /// context at all.
    pub(crate) fn to_context(self) -> Option<EvalContext> {
        match self {
            Scope::Root(ctx) => ctx.cloned(),
            Scope::Child(c) => {
                let mut ctx = match c.parent.to_context() {
                    Some(p) => p.child(),
                    None => EvalContext::new(),
                };
                if let Some((k, v)) = &c.key {
                    ctx.set_variable(*k, v.clone());
                }
                ctx.set_variable(c.value.0, c.value.1.clone());
                Some(ctx)
            }
        }
    }

    /// Every variable name visible, innermost scope first (for suggestions).
    pub(crate) fn variable_names(self) -> Vec<&'s str> {
        let mut out = Vec::new();
        let mut scope = self;
        loop {
            match scope {
                Scope::Child(c) => {
                    if let Some((k, _)) = &c.key {
                        out.push(*k);
                    }
                    out.push(c.value.0);
                    scope = c.parent;
                }
                Scope::Root(None) => return out,
                Scope::Root(Some(ctx)) => {
                    for c in ctx.ancestry() {
                        if let Some(t) = &c.variables {
                            out.extend(t.keys().map(String::as_str));
                        }
                    }
                    return out;
                }
            }
        }
    }

    /// The function called `name`: `Err(true)` when some context has a function table but
    /// not the name, `Err(false)` when none has a table.
    pub(crate) fn function(self, name: &str) -> Result<&'s Function, bool> {
        let mut scope = self;
        loop {
            match scope {
                Scope::Child(c) => scope = c.parent,
                Scope::Root(None) => return Err(false),
                Scope::Root(Some(ctx)) => {
                    let mut any_table = false;
                    for c in ctx.ancestry() {
                        if let Some(t) = &c.functions {
                            any_table = true;
                            if let Some(f) = t.get(name) {
                                return Ok(f);
                            }
                        }
                    }
                    return Err(any_table);
                }
            }
        }
    }

    /// The names of the functions for "Did you mean" suggestions: as in the reference, only
    /// the innermost context's own table (none inside a `for` expression's scope).
    pub(crate) fn suggestable_functions(self) -> Vec<&'s str> {
        match self {
            Scope::Root(Some(ctx)) => {
                ctx.functions.as_ref().map(|t| t.keys().map(String::as_str).collect()).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hclkit_value::stdlib;

    #[test]
    fn tables_absent_versus_empty() {
        let none = EvalContext::new();
        assert!(matches!(Scope::Root(Some(&none)).lookup("x"), Lookup::NotAllowed));
        let empty = EvalContext::new().with_variables(Vec::<(String, Value)>::new());
        assert!(matches!(Scope::Root(Some(&empty)).lookup("x"), Lookup::Missing));
        assert!(matches!(Scope::Root(None).lookup("x"), Lookup::NotAllowed));
        assert_eq!(Scope::Root(Some(&none)).function("f").err(), Some(false));
        let fns = EvalContext::new().with_functions(Vec::<(String, Function)>::new());
        assert_eq!(Scope::Root(Some(&fns)).function("f").err(), Some(true));
    }

    #[test]
    fn children_shadow_and_fall_back() {
        let root = EvalContext::new().with_variable("a", Value::number(1)).with_variable("b", Value::number(2));
        let child = root.child().with_variable("a", Value::number(10));
        assert_eq!(child.variable("a"), Some(&Value::number(10)));
        assert_eq!(child.variable("b"), Some(&Value::number(2)));
        assert_eq!(root.variable("a"), Some(&Value::number(1)));
        assert!(child.variable("c").is_none());
        // The child has a table; its parent too.
        assert!(matches!(Scope::Root(Some(&child)).lookup("c"), Lookup::Missing));
        // A child of a context without tables has none either.
        let bare = EvalContext::new().child();
        assert!(matches!(Scope::Root(Some(&bare)).lookup("c"), Lookup::NotAllowed));
    }

    #[test]
    fn for_scopes_shadow_without_tables() {
        let root = EvalContext::new().with_variable("x", Value::number(1)).with_functions(stdlib::spec_functions());
        let s1 = ChildScope { parent: Scope::Root(Some(&root)), key: None, value: ("x", Value::number(2)) };
        let s2 = ChildScope {
            parent: Scope::Child(&s1),
            key: Some(("k", Value::string("a"))),
            value: ("v", Value::bool(true)),
        };
        let inner = Scope::Child(&s2);
        assert!(matches!(inner.lookup("x"), Lookup::Found(v) if *v == Value::number(2)));
        assert!(matches!(inner.lookup("k"), Lookup::Found(v) if *v == Value::string("a")));
        assert!(matches!(inner.lookup("nope"), Lookup::Missing));
        assert_eq!(inner.variable_names(), vec!["k", "v", "x", "x"]);
        assert!(inner.function("upper").is_ok());
        // Suggestions come only from the innermost context's own table.
        assert!(inner.suggestable_functions().is_empty());
        assert_eq!(Scope::Root(Some(&root)).suggestable_functions().len(), 15);
        // A for scope over no context makes variables allowed but functions still not.
        let s3 = ChildScope { parent: Scope::Root(None), key: None, value: ("y", Value::number(0)) };
        assert!(matches!(Scope::Child(&s3).lookup("z"), Lookup::Missing));
        assert_eq!(Scope::Child(&s3).function("upper").err(), Some(false));
    }

    #[test]
    fn value_var_wins_over_key_var_of_same_name() {
        let s = ChildScope {
            parent: Scope::Root(None),
            key: Some(("a", Value::number(0))),
            value: ("a", Value::number(1)),
        };
        assert!(matches!(Scope::Child(&s).lookup("a"), Lookup::Found(v) if *v == Value::number(1)));
    }

    #[test]
    fn shared_tables_copy_on_write() {
        let a = EvalContext::new().with_variable("x", Value::number(1));
        let mut b = a.clone();
        b.set_variable("x", Value::number(2));
        assert_eq!(a.variable("x"), Some(&Value::number(1)));
        assert_eq!(b.variable("x"), Some(&Value::number(2)));
    }
}
