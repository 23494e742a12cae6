//! The native syntax's expressions in the information model: [`NativeExpression`] implements
//! [`crate::body::Expression`]: evaluation (through [`crate::eval`]), the variables referenced
//! (the reference's `hclsyntax.Variables`) and the static-analysis hooks.
//!
//! Object constructor keys are [`ObjectKeyExpression`]s (the reference's `ObjectConsKeyExpr`):
//! a bare identifier as a key is the key's name, not a variable.

use std::fmt;
use std::sync::Arc;

use hclkit_value::{Number, Type, Value};

use super::ast::{self, Expr, ExprFile, IndexKey, LiteralValue, NodeId, Traverser, Tree};
use crate::body::{abs_traversal_for_expr, Expression, FunctionRef, KeyValuePair, StaticCall};
use crate::context::EvalContext;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::traversal::{Traversal, TraverseStep};

/// A native-syntax expression: a shared parsed tree and the expression's node.
///
/// ```
/// use hclkit::body::Expression;
/// use hclkit::syntax::native::{ast::Expr, NativeExpression};
/// use hclkit_value::Value;
///
/// // A standalone expression...
/// let e = hclkit::parse_expression(b"max(1, 5) * 2".as_slice(), "x.hcl").into_value();
/// let expr = NativeExpression::from_expr_file(&e);
/// assert!(matches!(expr.syntax(), Expr::BinaryOp(_)));
/// let (v, diags) = expr.value(None);
/// assert!(v.is_unknown()); // no functions without a context
/// assert_eq!(diags[0].summary, "Function calls not allowed");
///
/// // ...or any expression node of a parsed file.
/// let file = hclkit::parse_config(b"a = \"x\"\n".as_slice(), "main.hcl").into_value();
/// let id = file.body().attribute("a").unwrap().expr().id();
/// let expr = NativeExpression::new(file.tree_arc().clone(), id).unwrap();
/// assert_eq!(expr.value(None).0, Value::string("x"));
/// assert!(NativeExpression::new(file.tree_arc().clone(), file.body().attribute("a").unwrap().id()).is_none());
/// ```
#[derive(Clone)]
pub struct NativeExpression {
    tree: Arc<Tree>,
    id: NodeId,
}

impl NativeExpression {
    /// The expression with node id `id` of `tree`, or `None` if that node is not an
    /// expression.
    pub fn new(tree: Arc<Tree>, id: NodeId) -> Option<NativeExpression> {
        tree.expr(id)?;
        Some(NativeExpression { tree, id })
    }

    /// For ids the tree gave as expressions.
    pub(crate) fn new_unchecked(tree: Arc<Tree>, id: NodeId) -> NativeExpression {
        NativeExpression { tree, id }
    }

    /// The root expression of a parsed standalone expression or template.
    pub fn from_expr_file(file: &ExprFile) -> NativeExpression {
        NativeExpression { tree: file.tree_arc().clone(), id: file.root }
    }

    /// The syntax tree's view of the expression.
    pub fn syntax(&self) -> Expr<'_> {
        Expr::new(&self.tree, self.id)
    }

    /// The shared tree.
    pub fn tree(&self) -> &Arc<Tree> {
        &self.tree
    }

    fn child(&self, e: Expr<'_>) -> Arc<dyn Expression> {
        Arc::new(NativeExpression { tree: self.tree.clone(), id: e.id() })
    }
}

impl fmt::Debug for NativeExpression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NativeExpression({}: {:?})", self.tree.filename(), self.syntax())
    }
}

impl Expression for NativeExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        super::eval::evaluate_shared(&self.tree, self.id, ctx)
    }

    fn variables(&self) -> Vec<Traversal> {
        variables(self.syntax())
    }

    fn functions(&self) -> Vec<FunctionRef> {
        functions(self.syntax())
    }

    fn range(&self) -> Range {
        self.syntax().range()
    }

    fn start_range(&self) -> Range {
        self.tree.range(self.syntax().start_span())
    }

    fn as_list(&self) -> Option<Vec<Arc<dyn Expression>>> {
        match self.syntax() {
            Expr::Tuple(t) => Some(t.exprs().map(|e| self.child(e)).collect()),
            _ => None,
        }
    }

    fn as_map(&self) -> Option<Vec<KeyValuePair>> {
        match self.syntax() {
            Expr::Object(o) => Some(
                o.items()
                    .map(|item| KeyValuePair {
                        key: Arc::new(ObjectKeyExpression {
                            wrapped: NativeExpression { tree: self.tree.clone(), id: item.key.expr().id() },
                            force_non_literal: item.key.force_non_literal(),
                        }),
                        value: self.child(item.value),
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    fn as_call(&self) -> Option<StaticCall> {
        match self.syntax() {
            Expr::FunctionCall(c) => Some(StaticCall {
                name: c.name().into_owned(),
                name_range: self.tree.range(c.name_span()),
                arguments: c.args().map(|e| self.child(e)).collect(),
                args_range: self.tree.range(c.open_paren_span().to(c.close_paren_span())),
            }),
            _ => None,
        }
    }

    fn as_traversal(&self) -> Option<Traversal> {
        match self.syntax() {
            Expr::Literal(l) => {
                let name = l.keyword()?;
                Some(Traversal::new(vec![TraverseStep::Root { name: name.to_owned(), range: l.range() }]))
            }
            Expr::ScopeTraversal(s) => Some(scope_traversal(s)),
            Expr::RelativeTraversal(r) => {
                let mut t =
                    abs_traversal_for_expr(&NativeExpression { tree: self.tree.clone(), id: r.source().id() }).ok()?;
                t.steps.extend(r.traversal().map(|step| convert_step(self.tree.as_ref(), step)));
                Some(t)
            }
            _ => None,
        }
    }
}

/// The key of an object constructor item (the reference's `ObjectConsKeyExpr`): unless it was
/// parenthesised, a bare identifier (or `true`, `false`, `null`) evaluates to its own name,
/// and a bare multi-step traversal (`a.b`) is an error ("Ambiguous attribute key").
///
/// The keys of [`expr_map`](crate::body::expr_map) on a native object constructor are of this
/// type:
///
/// ```
/// use hclkit::body::expr_map;
/// use hclkit::eval::EvalContext;
/// use hclkit::syntax::native::NativeExpression;
/// use hclkit_value::Value;
///
/// let e = hclkit::parse_expression(b"{ name = 1, (name) = 2, a.b = 3 }".as_slice(), "x.hcl").into_value();
/// let items = expr_map(&NativeExpression::from_expr_file(&e)).unwrap();
/// let ctx = EvalContext::new().with_variable("name", Value::string("web"));
/// assert_eq!(items[0].key.value(Some(&ctx)).0, Value::string("name"));
/// assert_eq!(items[1].key.value(Some(&ctx)).0, Value::string("web"));
/// let (_, diags) = items[2].key.value(Some(&ctx));
/// assert_eq!(diags[0].summary, "Ambiguous attribute key");
/// ```
#[derive(Clone, Debug)]
pub struct ObjectKeyExpression {
    wrapped: NativeExpression,
    force_non_literal: bool,
}

impl ObjectKeyExpression {
    /// The key expression as written.
    pub fn wrapped(&self) -> &NativeExpression {
        &self.wrapped
    }

    /// Whether the key was parenthesised, forcing evaluation as an expression.
    pub fn force_non_literal(&self) -> bool {
        self.force_non_literal
    }
}

impl Expression for ObjectKeyExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        if !self.force_non_literal {
            if let Expr::ScopeTraversal(s) = self.wrapped.syntax() {
                if s.len() > 1 {
                    let d = Diagnostic::error(
                        "Ambiguous attribute key",
                        "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                    )
                    .with_subject(self.wrapped.range());
                    return (Value::dynamic(), Diagnostics::from(vec![d]));
                }
            }
            if let Some(name) = keyword(self.wrapped.syntax()) {
                return (Value::string(name), Diagnostics::new());
            }
        }
        self.wrapped.value(ctx)
    }

    fn variables(&self) -> Vec<Traversal> {
        if keyword(self.wrapped.syntax()).is_some() {
            return Vec::new();
        }
        self.wrapped.variables()
    }

    fn range(&self) -> Range {
        self.wrapped.range()
    }

    fn start_range(&self) -> Range {
        self.wrapped.start_range()
    }

    // The reference's key unwraps to the wrapped expression for every hook but the
    // traversal, which it answers itself (nothing, when the key is parenthesised).
    fn as_list(&self) -> Option<Vec<Arc<dyn Expression>>> {
        self.wrapped.as_list()
    }

    fn as_map(&self) -> Option<Vec<KeyValuePair>> {
        self.wrapped.as_map()
    }

    fn as_call(&self) -> Option<StaticCall> {
        self.wrapped.as_call()
    }

    fn as_traversal(&self) -> Option<Traversal> {
        if self.force_non_literal {
            return None;
        }
        self.wrapped.as_traversal()
    }
}

/// The keyword an expression is, statically (the reference's `ExprAsKeyword` on native
/// expressions): a one-step scope traversal's name, or `true`, `false`, `null`.
pub(crate) fn keyword<'a>(e: Expr<'a>) -> Option<&'a str> {
    match e {
        Expr::ScopeTraversal(s) if s.len() == 1 => Some(s.root_name()),
        Expr::Literal(l) => l.keyword(),
        _ => None,
    }
}

/// The traversal of a scope traversal expression.
pub(crate) fn scope_traversal(s: ast::ScopeTraversalExpr<'_>) -> Traversal {
    let t = s.tree();
    Traversal::new(s.traversal().map(|step| convert_step(t, step)).collect())
}

fn convert_step(t: &Tree, step: Traverser<'_>) -> TraverseStep {
    match step {
        Traverser::Root { name, span } => TraverseStep::Root { name: name.to_owned(), range: t.range(span) },
        Traverser::Attr { name, span } => TraverseStep::Attr { name: name.to_owned(), range: t.range(span) },
        Traverser::Index { key, span } => TraverseStep::Index { key: index_key_value(key), range: t.range(span) },
    }
}

/// The constant value of an index step's key.
fn index_key_value(key: IndexKey<'_>) -> Value {
    match key {
        IndexKey::LegacyNumber(n, _) => number_value(n),
        IndexKey::Dynamic => Value::dynamic(),
        IndexKey::Expr(e) => literal_value(e).unwrap_or_else(Value::dynamic),
    }
}

fn number_value(s: &str) -> Value {
    match Number::parse(s) {
        Ok(n) => Value::number(n),
        Err(_) => Value::unknown(Type::Number),
    }
}

/// The value of a literal, or of a template that is one string literal.
fn literal_value(e: Expr<'_>) -> Option<Value> {
    match e {
        Expr::Literal(l) => Some(match l.value() {
            LiteralValue::Number(n) => number_value(n),
            LiteralValue::InvalidNumber(_) => Value::unknown(Type::Number),
            LiteralValue::Bool(b) => Value::bool(b),
            LiteralValue::Null => Value::null(Type::Dynamic),
            LiteralValue::String(s) => Value::string(s.into_owned()),
            LiteralValue::Dynamic => Value::dynamic(),
        }),
        Expr::Template(t) if t.is_string_literal() => literal_value(t.parts().next()?),
        _ => None,
    }
}

/// Every function call in `expr`, in source order (the native syntax's
/// [`Expression::functions`]). Iterative, as [`variables`] is.
///
/// ```
/// use hclkit::syntax::native::expression::functions;
///
/// let e = hclkit::parse_expression(b"[for s in var.l : provider::x::f(lower(s))]".as_slice(), "x.hcl").into_value();
/// let names: Vec<String> = functions(e.expr()).into_iter().map(|c| c.name).collect();
/// assert_eq!(names, ["provider::x::f", "lower"]);
/// ```
pub fn functions(expr: Expr<'_>) -> Vec<FunctionRef> {
    let mut stack = vec![expr];
    let mut out = Vec::new();
    while let Some(e) = stack.pop() {
        if let Expr::FunctionCall(c) = e {
            let t = c.tree();
            out.push(FunctionRef { name: c.name().into_owned(), name_range: t.range(c.name_span()), range: e.range() });
        }
        stack.extend(e.children().into_iter().rev());
    }
    out
}

/// Every variable `expr` refers to, in source order, except those bound by an enclosing `for`
/// expression inside `expr` (the reference's `hclsyntax.Variables`).
///
/// The walk is iterative: operator chains can nest far deeper than the parser's bracket
/// limit.
///
/// ```
/// use hclkit::syntax::native::expression::variables;
///
/// let e = hclkit::parse_expression(b"{ for k, v in var.m : k => v if v != local.skip }".as_slice(), "x.hcl").into_value();
/// let names: Vec<String> = variables(e.expr()).iter().map(|t| t.to_string()).collect();
/// assert_eq!(names, ["var.m", "local.skip"]);
/// ```
pub fn variables(expr: Expr<'_>) -> Vec<Traversal> {
    // Scopes form a tree: each entry is (parent, bound names).
    let mut scopes: Vec<(Option<usize>, [Option<&str>; 2])> = Vec::new();
    let mut stack: Vec<(Expr<'_>, Option<usize>)> = vec![(expr, None)];
    let mut out = Vec::new();
    let bound = |scopes: &Vec<(Option<usize>, [Option<&str>; 2])>, mut at: Option<usize>, name: &str| {
        while let Some(i) = at {
            if scopes[i].1.contains(&Some(name)) {
                return true;
            }
            at = scopes[i].0;
        }
        false
    };
    while let Some((e, scope)) = stack.pop() {
        let mut children: Vec<(Expr<'_>, Option<usize>)> = Vec::new();
        match e {
            Expr::ScopeTraversal(s) => {
                if !bound(&scopes, scope, s.root_name()) {
                    out.push(scope_traversal(s));
                }
            }
            Expr::For(f) => {
                children.push((f.collection(), scope));
                scopes.push((scope, [f.key_var(), Some(f.value_var())]));
                let inner = Some(scopes.len() - 1);
                children.extend(f.key_expr().map(|k| (k, inner)));
                children.push((f.value_expr(), inner));
                children.extend(f.condition().map(|c| (c, inner)));
            }
            Expr::Object(o) => {
                for item in o.items() {
                    if keyword(item.key.expr()).is_none() {
                        children.push((item.key.expr(), scope));
                    }
                    children.push((item.value, scope));
                }
            }
            e => children.extend(e.children().into_iter().map(|c| (c, scope))),
        }
        stack.extend(children.into_iter().rev());
    }
    out
}
