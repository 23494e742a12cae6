//! The evaluator: one method per expression kind, following the reference's
//! `hclsyntax` `Value` methods (what is evaluated, in which order, which diagnostics are kept
//! and which dropped).

use std::borrow::Cow;
use std::sync::Arc;

use hclkit_value::convert::{convert, get_conversion_unsafe, unify_with_conversions, Conversion};
use hclkit_value::{Number, Type, Value};

use crate::context::budget::{self, Budget, InLoop};
use crate::context::{EvalContext, Lookup, Scope};
use crate::diagnostic::{go_quote, Diagnostic, Severity};
use crate::pos::Span;
use crate::suggest::name_suggestion;
use crate::syntax::native::ast::*;
use crate::traversal::access;

/// Diagnostics of one sub-evaluation.
pub(crate) type Diags = Vec<Diagnostic>;

pub(crate) fn has_errors(d: &[Diagnostic]) -> bool {
    d.iter().any(|d| d.severity == Severity::Error)
}

/// How deeply evaluation may recurse before giving up with a diagnostic. The parser limits
/// nesting, but some chains, such as `a[b][c]...`, are not nesting in its sense. At this
/// depth an unoptimised build uses at most a few MiB of stack (the largest frames, `for`
/// expressions and calls, are under 10 KiB there); an optimised build far less.
const MAX_EVAL_DEPTH: u32 = 500;

/// How many levels of [`MAX_EVAL_DEPTH`] an evaluation that a function starts during a call
/// (`try`'s arguments, an hcldec spec function's result) adds to its caller's depth: its
/// path through the call takes the stack of a few levels.
const NESTED_EVAL_LEVELS: u32 = 1;

std::thread_local! {
    /// The depth a new evaluation starts at: its caller's, during a function call.
    static NESTED_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Evaluations started until dropped (by a function being called) start at a depth.
pub(crate) struct NestedDepth(u32);

impl NestedDepth {
    pub(crate) fn enter(depth: u32) -> NestedDepth {
        NestedDepth(NESTED_DEPTH.with(|d| d.replace(depth)))
    }
}

impl Drop for NestedDepth {
    fn drop(&mut self) {
        NESTED_DEPTH.with(|d| d.set(self.0));
    }
}

/// The budget units a diagnostic made in a loop costs (besides its text): it is kept, and
/// printed with a source snippet, so it weighs about as much as a dozen values.
const DIAGNOSTIC_UNITS: u64 = 16;

pub(crate) struct Evaluator<'a> {
    pub(crate) tree: &'a Tree,
    /// `tree` shared, for expressions handed out unevaluated (expression-taking function
    /// parameters); made by copying `tree` on first need when the caller had no `Arc`.
    shared: Option<Arc<Tree>>,
    /// The values of splat placeholders being iterated, innermost last.
    pub(super) anon: Vec<(NodeId, Value)>,
    depth: u32,
    /// The budget this evaluation charges (see [`budget`](super::budget)).
    pub(crate) budget: Budget,
    /// The budget's count when this evaluation started.
    start_used: u64,
    /// The "Evaluation too large" diagnostic, once this evaluation has run out of budget:
    /// from then on every expression evaluates to the dynamic value at once.
    pub(crate) stopped: Option<Box<Diagnostic>>,
    /// The type of the last object an object constructor built: the next object of the same
    /// shape (a list of records) shares it, and its names, instead of building its own.
    last_object_type: Option<Type>,
}

impl<'a> Evaluator<'a> {
    /// An evaluator over `tree`, charging the budget `ctx` says (or the running one, or a
    /// fresh default one).
    pub(crate) fn new(tree: &'a Tree, ctx: Option<&EvalContext>) -> Evaluator<'a> {
        let budget = ctx.and_then(EvalContext::budget).cloned().or_else(budget::Running::current).unwrap_or_default();
        let start_used = budget.used();
        let depth = NESTED_DEPTH.with(std::cell::Cell::get);
        Evaluator {
            tree,
            shared: None,
            anon: Vec::new(),
            depth,
            budget,
            start_used,
            stopped: None,
            last_object_type: None,
        }
    }

    /// An evaluator over a shared tree.
    pub(crate) fn new_shared(tree: &'a Arc<Tree>, ctx: Option<&EvalContext>) -> Evaluator<'a> {
        let mut ev = Evaluator::new(tree, ctx);
        ev.shared = Some(tree.clone());
        ev
    }

    /// Evaluates a top-level expression: with this evaluation's budget as the running one
    /// (for evaluations that functions start), and with the "Evaluation too large"
    /// diagnostic made sure of when the budget ran out (a conditional's branch not taken, or
    /// `can`, may have dropped it; a function may have used the budget up).
    pub(crate) fn run(&mut self, e: Expr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let _running = budget::Running::enter(self.budget.clone());
        let was_exhausted = self.budget.is_exhausted();
        let (v, mut diags) = self.eval(e, scope);
        if self.stopped.is_none() && !was_exhausted && self.budget.is_exhausted() {
            self.stop(e, "expression", &mut diags);
        }
        match &self.stopped {
            Some(d) => {
                if !diags.iter().any(|x| x.summary == d.summary && x.subject == d.subject) {
                    diags.push((**d).clone());
                }
                (Value::dynamic(), diags)
            }
            None => (v, diags),
        }
    }

    /// The depth evaluations that a function called now starts begin at.
    pub(crate) fn depth_for_nested(&self) -> u32 {
        self.depth.saturating_add(NESTED_EVAL_LEVELS)
    }

    /// Charges `units` of work for `e` (a `what`, for the diagnostic) to the budget. False
    /// when the budget is used up: the caller stops and returns the dynamic value. The first
    /// time, the "Evaluation too large" diagnostic on `e` is added to `diags`.
    pub(crate) fn charge(&mut self, units: u64, e: Expr<'a>, what: &str, diags: &mut Diags) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if units == 0 || self.budget.charge(units) {
            return true;
        }
        self.stop(e, what, diags);
        false
    }

    /// Charges for a value `v` that the expression `e` produced and a loop, a splat or a
    /// constructor in a loop makes an element of its result: one unit, and the value's
    /// whole size beyond that when `e` did not charge for it itself (a variable, an element
    /// of another value: it is shared, so the new value holds another copy of it).
    pub(crate) fn charge_element(
        &mut self,
        v: &Value,
        e: Expr<'a>,
        subject: Expr<'a>,
        what: &str,
        diags: &mut Diags,
    ) -> bool {
        self.charge_shared(1, v, e, subject, what, diags)
    }

    /// Charges `base` units and, for a value `e` did not charge for itself, its size beyond
    /// the first unit (see [`charge_element`](Self::charge_element)). `subject` is the
    /// expression building the new value, for the diagnostic.
    pub(crate) fn charge_shared(
        &mut self,
        base: u64,
        v: &Value,
        e: Expr<'a>,
        subject: Expr<'a>,
        what: &str,
        diags: &mut Diags,
    ) -> bool {
        let extra = if charged_whole(e) || is_scalar(v) { 0 } else { self.size_of(v).saturating_sub(1) };
        self.charge(base.saturating_add(extra), subject, what, diags)
    }

    /// The size of `v` in budget units, counted no further than just past what is left of
    /// the budget (so the count costs no more than the charge). Without a limit the walk is
    /// skipped (a value sharing its parts can be far larger than the work that made it), and
    /// a value counts one unit.
    pub(crate) fn size_of(&self, v: &Value) -> u64 {
        match self.budget.limit() {
            Some(_) => budget::size_within(v, self.budget.remaining().saturating_add(1)),
            None => 1,
        }
    }

    /// Charges for one iteration of a loop (`base` units), and for the diagnostics added
    /// since `seen` (the iterations before): each is kept, and likely printed, so a loop
    /// could otherwise make millions.
    pub(crate) fn charge_iteration(
        &mut self,
        base: u64,
        diags: &mut Diags,
        seen: &mut usize,
        e: Expr<'a>,
        what: &str,
    ) -> bool {
        let units: u64 = diags
            .get(*seen..)
            .unwrap_or_default()
            .iter()
            .map(|d| DIAGNOSTIC_UNITS + budget::string_units(d.detail.len()))
            .sum();
        *seen = diags.len();
        self.charge(base.saturating_add(units), e, what, diags)
    }

    /// Stops the evaluation: the "Evaluation too large" diagnostic on `e`.
    pub(crate) fn stop(&mut self, e: Expr<'a>, what: &str, diags: &mut Diags) {
        let limit = self.budget.limit().unwrap_or(u64::MAX);
        let before = if self.start_used > 0 {
            format!(" Expressions evaluated before this one with the same budget had used {} units.", self.start_used)
        } else {
            String::new()
        };
        let detail = format!(
            "Evaluating this {what} takes more work than the evaluation limit of {limit} units allows (a unit is about one value produced: an element made by a `for` expression, a splat or a function call, or {} bytes of string).{before} {}",
            budget::STRING_BYTES_PER_UNIT,
            self.budget.hint()
        );
        let d = self.error("Evaluation too large", detail, e.span(), None);
        diags.push(d.clone());
        self.stopped = Some(Box::new(d));
    }

    /// The tree, shared.
    pub(crate) fn shared_tree(&mut self) -> Arc<Tree> {
        self.shared.get_or_insert_with(|| Arc::new(self.tree.clone())).clone()
    }

    /// An error diagnostic with a subject and an optional context.
    pub(crate) fn error(
        &self,
        summary: impl Into<Cow<'static, str>>,
        detail: impl Into<Cow<'static, str>>,
        subject: Span,
        context: Option<Span>,
    ) -> Diagnostic {
        let mut d = Diagnostic::error(summary, detail).with_subject(self.tree.range(subject));
        if let Some(c) = context {
            d = d.with_context(self.tree.range(c));
        }
        d
    }

    /// Evaluates `e` in `scope`.
    ///
    /// Every level of nesting goes through here, so the frame is kept small (what is rare
    /// is in functions of its own): the stack an expression at the nesting limits needs
    /// stays within a 2 MiB thread stack even in an unoptimised build.
    pub(crate) fn eval(&mut self, e: Expr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        if self.stopped.is_some() || self.depth >= MAX_EVAL_DEPTH {
            return self.refuse(e);
        }
        self.depth += 1;
        let r = self.eval_inner(e, scope);
        self.depth -= 1;
        r
    }

    /// The result of an expression not evaluated: after the budget ran out, nothing; past
    /// the depth limit, the diagnostic.
    #[cold]
    #[inline(never)]
    fn refuse(&mut self, e: Expr<'a>) -> (Value, Diags) {
        if self.stopped.is_some() {
            return (Value::dynamic(), Vec::new());
        }
        let d = self.error(
            "Expression too deeply nested",
            format!("hclkit evaluates expressions nested up to {MAX_EVAL_DEPTH} levels deep."),
            e.start_span(),
            Some(e.span()),
        );
        (Value::dynamic(), vec![d])
    }

    /// Dispatches on the expression kind. Each kind has its own (not inlined) method, so
    /// that this frame, which every level of nesting pays for, stays small.
    fn eval_inner(&mut self, e: Expr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        match e {
            Expr::Literal(l) => self.literal(l),
            Expr::Template(t) => self.template(t, scope),
            Expr::TemplateWrap(w) => self.eval(w.wrapped(), scope),
            Expr::TemplateJoin(j) => self.template_join(j, scope),
            Expr::ScopeTraversal(t) => self.scope_traversal(t, scope),
            Expr::RelativeTraversal(t) => self.relative_traversal(t, scope),
            Expr::FunctionCall(c) => self.call(c, scope),
            Expr::Conditional(c) => self.conditional(c, scope),
            Expr::BinaryOp(b) => self.binary_chain(b, scope),
            Expr::UnaryOp(u) => self.unary(u, scope),
            Expr::Tuple(t) => self.tuple(t, scope),
            Expr::Object(o) => self.object(o, scope),
            Expr::For(f) => self.for_expr(f, scope),
            Expr::Index(i) => self.index(i, scope),
            Expr::Splat(s) => self.splat(s, scope),
            Expr::AnonSymbol(a) => {
                let v = self.anon.iter().rev().find(|(id, _)| *id == a.id()).map(|(_, v)| v.clone());
                (v.unwrap_or_else(Value::dynamic), Vec::new())
            }
            Expr::Parens(p) => self.eval(p.inner(), scope),
        }
    }

    /// A literal; in a loop, a string literal is charged by its length (each evaluation
    /// makes a copy).
    #[inline(never)]
    fn literal(&mut self, l: LiteralExpr<'a>) -> (Value, Diags) {
        let v = literal(l);
        let mut diags = Vec::new();
        if let Some(s) = v.as_str() {
            if InLoop::active() && !self.charge(budget::string_units(s.len()), Expr::Literal(l), "string", &mut diags) {
                return (Value::dynamic(), diags);
            }
        }
        (v, diags)
    }

    /// A string literal part of a template as evaluating it and converting the result to a
    /// string would give it, without building the value: `Some(Some(text))`, or `Some(None)`
    /// for an unknown result (the budget ran out; its diagnostic pushed on `diags`), or `None`
    /// when the part takes the general path (not a string literal, or evaluation refused).
    pub(crate) fn template_literal(&mut self, part: Expr<'a>, diags: &mut Diags) -> Option<Option<Cow<'a, str>>> {
        let Expr::Literal(l) = part else { return None };
        if self.stopped.is_some() || self.depth >= MAX_EVAL_DEPTH {
            return None;
        }
        let LiteralValue::String(s) = l.value() else { return None };
        if InLoop::active() && !self.charge(budget::string_units(s.len()), Expr::Literal(l), "string", diags) {
            return Some(None);
        }
        Some(Some(s))
    }

    #[inline(never)]
    fn relative_traversal(&mut self, t: RelativeTraversalExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (src, mut diags) = self.eval(t.source(), scope);
        let (v, d) = self.traverse(src, t.traversal());
        diags.extend(d);
        (v, diags)
    }

    #[inline(never)]
    fn tuple(&mut self, t: TupleConsExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let mut diags = Vec::new();
        let mut vals = Vec::with_capacity(t.exprs().size_hint().0);
        // Outside loops a constructor is evaluated once: bounded by the source, it is free.
        let in_loop = InLoop::active();
        if in_loop && !self.charge(budget::CONTAINER_UNITS, Expr::Tuple(t), "tuple", &mut diags) {
            return (Value::dynamic(), diags);
        }
        for x in t.exprs() {
            let (v, d) = self.eval(x, scope);
            diags.extend(d);
            if in_loop && !self.charge_element(&v, x, Expr::Tuple(t), "tuple", &mut diags) {
                return (Value::dynamic(), diags);
            }
            vals.push(v);
        }
        (Value::tuple(vals), diags)
    }

    #[inline(never)]
    fn index(&mut self, i: IndexExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (coll, mut diags) = self.eval(i.collection(), scope);
        let (key, d) = self.eval(i.key(), scope);
        diags.extend(d);
        self.apply_index(i, coll, key, diags)
    }

    /// Indexes a value.
    #[inline(never)]
    fn apply_index(&self, i: IndexExpr<'a>, coll: Value, key: Value, mut diags: Diags) -> (Value, Diags) {
        match access::index(&coll, &key) {
            Ok(v) => (v, diags),
            Err(p) => {
                diags.push(self.error(p.summary, p.detail, i.bracket_span(), None));
                (Value::dynamic(), diags)
            }
        }
    }

    #[inline(never)]
    fn scope_traversal(&mut self, t: ScopeTraversalExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        // The root's name is read from the source once: the steps iterator starts with it.
        let mut steps = t.traversal();
        let name = match steps.next() {
            Some(Traverser::Root { name, .. }) => name,
            _ => t.root_name(),
        };
        match scope.lookup(name) {
            Lookup::Found(v) => {
                let v = v.clone();
                self.traverse(v, steps)
            }
            Lookup::NotAllowed => {
                let d = self.error("Variables not allowed", "Variables may not be used here.", t.root_span(), None);
                (Value::dynamic(), vec![d])
            }
            Lookup::Missing => {
                let names = scope.variable_names();
                let hint = name_suggestion(name, names.iter().copied())
                    .map(|s| format!(" Did you mean {}?", go_quote(s)))
                    .unwrap_or_default();
                let detail = format!("There is no variable named {}.{hint}", go_quote(name));
                (Value::dynamic(), vec![self.error("Unknown variable", detail, t.root_span(), None)])
            }
        }
    }

    /// Applies attribute and index steps to `v`, stopping at the first error.
    fn traverse(&mut self, mut v: Value, steps: impl Iterator<Item = Traverser<'a>>) -> (Value, Diags) {
        for step in steps {
            let (r, span) = match step {
                Traverser::Root { .. } => continue,
                Traverser::Attr { name, span } => (access::get_attr(&v, name), span),
                Traverser::Index { key, span } => {
                    let key = match key {
                        IndexKey::Expr(e) => self.eval(e, Scope::Root(None)).0,
                        IndexKey::LegacyNumber(n, _) => number_literal(n),
                        IndexKey::Dynamic => Value::dynamic(),
                    };
                    (access::index(&v, &key), span)
                }
            };
            match r {
                Ok(next) => v = next,
                Err(p) => return (Value::dynamic(), vec![self.error(p.summary, p.detail, span, None)]),
            }
        }
        (v, Vec::new())
    }

    #[inline(never)]
    fn conditional(&mut self, c: ConditionalExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let (t, t_diags) = self.eval(c.true_result(), scope);
        let (f, f_diags) = self.eval(c.false_result(), scope);
        let plan = match self.conditional_type(c, &t, &f) {
            Ok(plan) => plan,
            Err(r) => return r,
        };
        let (cond, diags) = self.eval(c.condition(), scope);
        self.conditional_result(c, plan, cond, diags, [(t, t_diags), (f, f_diags)])
    }

    /// A conditional's result type, and the conversions of its results to it, as the
    /// reference decides them; or the diagnostic when the results' types do not unify.
    #[inline(never)]
    fn conditional_type(&self, c: ConditionalExpr<'a>, t: &Value, f: &Value) -> Result<Box<CondPlan>, (Value, Diags)> {
        let is_dyn_null = |v: &Value| v.is_null() && v.ty().is_dynamic();
        let mut convs: [Option<Conversion>; 2] = [None, None];
        let result_ty = if is_dyn_null(t) {
            let ty = f.ty();
            convs[0] = get_conversion_unsafe(&Type::Dynamic, &ty);
            Some(ty)
        } else if is_dyn_null(f) {
            let ty = t.ty();
            convs[1] = get_conversion_unsafe(&Type::Dynamic, &ty);
            Some(ty)
        } else if t.ty().is_dynamic() || f.ty().is_dynamic() {
            Some(Type::Dynamic)
        } else {
            unify_with_conversions(&[t.ty(), f.ty()], true).map(|(ty, cs)| {
                let mut cs = cs.into_iter();
                convs = [cs.next().flatten(), cs.next().flatten()];
                ty
            })
        };
        match result_ty {
            Some(ty) => Ok(Box::new(CondPlan { ty, convs })),
            None => {
                let detail = format!(
                    "The true and false result expressions must have consistent types. {}.",
                    describe_type_mismatch(&t.ty(), &f.ty())
                );
                let subject = c.true_result().span().to(c.false_result().span());
                let d = self.error("Inconsistent conditional result types", detail, subject, Some(c.span()));
                Err((Value::dynamic(), vec![d]))
            }
        }
    }

    /// A conditional's result, given its condition's value and both results. (The plan is
    /// boxed so that `conditional`, on the recursive path, holds a pointer, not the plan.)
    #[allow(clippy::boxed_local)]
    #[inline(never)]
    fn conditional_result(
        &self,
        c: ConditionalExpr<'a>,
        plan: Box<CondPlan>,
        cond: Value,
        mut diags: Diags,
        results: [(Value, Diags); 2],
    ) -> (Value, Diags) {
        let CondPlan { ty: result_ty, convs } = *plan;
        let cond_span = c.condition().span();
        if cond.is_null() {
            diags.push(self.error(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                cond_span,
                Some(c.span()),
            ));
            return (Value::unknown(result_ty), diags);
        }
        if !cond.is_known() {
            return (Value::unknown(result_ty), diags);
        }
        let Ok(cond) = convert(&cond, &Type::Bool) else {
            diags.push(self.error(
                "Incorrect condition type",
                "The condition expression must be of type bool.",
                cond_span,
                Some(c.span()),
            ));
            return (Value::unknown(result_ty), diags);
        };
        let [true_conv, false_conv] = convs;
        let [(t, t_diags), (f, f_diags)] = results;
        let (which, value, branch_diags, conv, expr) = if cond.as_bool() == Some(true) {
            ("true", t, t_diags, true_conv, c.true_result())
        } else {
            ("false", f, f_diags, false_conv, c.false_result())
        };
        diags.extend(branch_diags);
        let value = match conv {
            None => value,
            Some(conv) => match conv.apply(&value) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(self.error(
                        "Inconsistent conditional result types",
                        format!("The {which} result value has the wrong type: {e}."),
                        expr.span(),
                        Some(c.span()),
                    ));
                    Value::unknown(result_ty)
                }
            },
        };
        (value, diags)
    }

    #[inline(never)]
    fn object(&mut self, o: ObjectConsExpr<'a>, scope: Scope<'_>) -> (Value, Diags) {
        let mut diags = Vec::new();
        let mut known = true;
        let mut attrs: Vec<(String, Value)> = Vec::new();
        let in_loop = InLoop::active();
        if in_loop && !self.charge(budget::CONTAINER_UNITS, Expr::Object(o), "object", &mut diags) {
            return (Value::dynamic(), diags);
        }
        for item in o.items() {
            let (key, key_diags) = self.object_key(item.key, scope);
            let key_failed = has_errors(&key_diags);
            diags.extend(key_diags);
            let (val, d) = self.eval(item.value, scope);
            diags.extend(d);
            if in_loop && !self.charge_attribute(o, &key, &val, item, &mut diags) {
                return (Value::dynamic(), diags);
            }
            if key_failed {
                known = false;
                continue;
            }
            match self.object_key_string(key, item, &mut diags) {
                Some(k) => attrs.push((k, val)),
                None => known = false,
            }
        }
        if !known {
            return (Value::dynamic(), diags);
        }
        (self.object_value(attrs), diags)
    }

    /// [`Value::object`] of `attrs`, sharing the type of the last object built when the names
    /// are that type's, in its order (then already sorted, distinct and normalised, so the
    /// value is the same).
    fn object_value(&mut self, attrs: Vec<(String, Value)>) -> Value {
        if let Some(ty) = &self.last_object_type {
            let same_names = ty.object_type().is_some_and(|o| {
                o.len() == attrs.len() && o.attributes().iter().zip(&attrs).all(|((n, _), (k, _))| **n == **k)
            });
            if same_names {
                match Value::object_of_type(ty, attrs.into_iter().map(|(_, v)| v).collect()) {
                    Ok(v) => return v,
                    Err(values) => {
                        let names = ty.object_type().map(|o| o.attributes()).unwrap_or_default();
                        let v = Value::object(names.iter().map(|(n, _)| n.clone()).zip(values));
                        self.last_object_type = Some(v.ty());
                        return v;
                    }
                }
            }
        }
        let v = Value::object(attrs);
        if v.ty().object_type().is_some_and(|o| !o.is_empty()) {
            self.last_object_type = Some(v.ty());
        }
        v
    }

    /// Charges for an attribute of an object constructor in a loop.
    #[inline(never)]
    fn charge_attribute(
        &mut self,
        o: ObjectConsExpr<'a>,
        key: &Value,
        val: &Value,
        item: ObjectItem<'a>,
        diags: &mut Diags,
    ) -> bool {
        let key_units = key.as_str().map_or(0, |k| budget::string_units(k.len()));
        self.charge(key_units, Expr::Object(o), "object", diags)
            && self.charge_element(val, item.value, Expr::Object(o), "object", diags)
    }

    /// An object constructor key's value as a string; `None` (with a diagnostic if it is
    /// wrong) when it is not one.
    #[inline(never)]
    fn object_key_string(&self, key: Value, item: ObjectItem<'a>, diags: &mut Diags) -> Option<String> {
        if key.is_null() {
            diags.push(self.error("Null value as key", "Can't use a null value as a key.", item.value.span(), None));
            return None;
        }
        match convert(&key, &Type::String) {
            Ok(k) => k.as_str().map(str::to_owned),
            Err(e) => {
                diags.push(self.error(
                    "Incorrect key type",
                    format!("Can't use this value as a key: {e}."),
                    item.key.span(),
                    None,
                ));
                None
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn ambiguous_key(&self, key: ObjectKey<'a>) -> (Value, Diags) {
        let d = self.error(
            "Ambiguous attribute key",
            "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
            key.span(),
            None,
        );
        (Value::dynamic(), vec![d])
    }

    /// An object constructor key: a bare name is a string, a multi-step traversal is an
    /// error unless parenthesised, anything else is evaluated.
    fn object_key(&mut self, key: ObjectKey<'a>, scope: Scope<'_>) -> (Value, Diags) {
        if !key.force_non_literal() {
            match key.expr() {
                Expr::ScopeTraversal(t) if t.len() > 1 => return self.ambiguous_key(key),
                Expr::ScopeTraversal(t) => return (Value::string(t.root_name()), Vec::new()),
                Expr::Literal(l) => {
                    if let Some(k) = l.keyword() {
                        return (Value::string(k), Vec::new());
                    }
                }
                _ => {}
            }
        }
        self.eval(key.expr(), scope)
    }
}

/// A conditional's result type and the conversions of its true and false results to it.
struct CondPlan {
    ty: Type,
    convs: [Option<Conversion>; 2],
}

/// Whether evaluating `e` charged the budget for all of its value (constructors,
/// `for` expressions, splats, calls and templates do; traversals, which give a part of an
/// existing value, do not), looking through parentheses and both results of conditionals.
fn charged_whole(e: Expr<'_>) -> bool {
    let mut todo = vec![e];
    while let Some(e) = todo.pop() {
        match e {
            Expr::Literal(_)
            | Expr::Template(_)
            | Expr::TemplateJoin(_)
            | Expr::FunctionCall(_)
            | Expr::Tuple(_)
            | Expr::Object(_)
            | Expr::For(_)
            | Expr::Splat(_)
            | Expr::BinaryOp(_)
            | Expr::UnaryOp(_) => {}
            Expr::Parens(p) => todo.push(p.inner()),
            Expr::TemplateWrap(w) => todo.push(w.wrapped()),
            Expr::Conditional(c) => {
                todo.push(c.true_result());
                todo.push(c.false_result());
            }
            Expr::ScopeTraversal(_) | Expr::RelativeTraversal(_) | Expr::Index(_) | Expr::AnonSymbol(_) => {
                return false
            }
        }
    }
    true
}

/// Whether `v` is a single unit of size (no elements, no long string).
fn is_scalar(v: &Value) -> bool {
    match v.as_str() {
        Some(s) => budget::string_units(s.len()) == 0,
        None => v.elements().is_none() && v.entries().is_none(),
    }
}

/// A number literal's value (an unknown number where the text does not parse).
pub(crate) fn number_literal(s: &str) -> Value {
    Number::parse(s).map(Value::number).unwrap_or_else(|_| Value::unknown(Type::Number))
}

fn literal(l: LiteralExpr<'_>) -> Value {
    match l.value() {
        LiteralValue::Number(s) => number_literal(s),
        LiteralValue::InvalidNumber(_) => Value::unknown(Type::Number),
        LiteralValue::Bool(b) => Value::bool(b),
        LiteralValue::Null => Value::null(Type::Dynamic),
        LiteralValue::String(s) => Value::string(&*s),
        LiteralValue::Dynamic => Value::dynamic(),
    }
}

/// Why two result types of a conditional do not unify, as the reference words it.
fn describe_type_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(to), Type::Object(fo)) => {
            for (name, tat) in to.attributes() {
                let Some(fat) = fo.attribute(name) else {
                    return format!(
                        "The 'true' value includes object attribute {}, which is absent in the 'false' value",
                        go_quote(name)
                    );
                };
                if tat != fat {
                    return format!(
                        "Type mismatch for object attribute {}: {}",
                        go_quote(name),
                        describe_type_mismatch(tat, fat)
                    );
                }
            }
            for (name, _) in fo.attributes() {
                if to.attribute(name).is_none() {
                    return format!(
                        "The 'false' value includes object attribute {}, which is absent in the 'true' value",
                        go_quote(name)
                    );
                }
            }
        }
        (Type::Tuple(tt), Type::Tuple(ft)) => {
            let (te, fe) = (tt.elements(), ft.elements());
            if te.len() != fe.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    te.len(),
                    fe.len()
                );
            }
            for (i, (a, b)) in te.iter().zip(fe).enumerate() {
                if a != b {
                    return format!("Type mismatch for tuple element {i}: {}", describe_type_mismatch(a, b));
                }
            }
        }
        _ if t.is_collection() && f.is_collection() => {
            if let (Some(te), Some(fe)) = (t.element_type(), f.element_type()) {
                let same_kind =
                    (t.is_list() && f.is_list()) || (t.is_map() && f.is_map()) || (t.is_set() && f.is_set());
                let structural = (te.is_object() && fe.is_object()) || (te.is_tuple() && fe.is_tuple());
                if same_kind && structural {
                    let noun = if t.is_list() {
                        "list"
                    } else if t.is_set() {
                        "set"
                    } else {
                        "map"
                    };
                    return format!("Mismatched {noun} element types: {}", describe_type_mismatch(te, fe));
                }
            }
        }
        _ => {}
    }
    let (tn, fn_) = (t.friendly_name(), f.friendly_name());
    if tn == fn_ {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".to_owned();
    }
    format!("The 'true' value is {tn}, but the 'false' value is {fn_}")
}
