//! JSON values as expressions of the information model ([`JsonExpression`]).
//!
//! Without an evaluation context (literal-only mode) strings are literal; with one they are
//! native-syntax templates, evaluated by [`crate::eval::evaluate`]. Numbers, booleans, null,
//! arrays (tuples) and objects map to values as json-syntax.md says. Strings also serve
//! static analysis: a string holding `var.a[0]` is a traversal, one holding `f(x)` a call.
//!
//! The native parser sees only a string's decoded text, so the ranges it reports are moved
//! to where the string is in the JSON file (as the reference does by starting the native
//! parser at the string's position; escapes make them approximate, in both).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use hclkit_value::{convert, Type, Value};

use super::ast::{JsonTree, Kind, Node};
use crate::body::{expr_call, Expression, FunctionRef, KeyValuePair, StaticCall};
use crate::context::EvalContext;
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::{Pos, Range};
use crate::syntax::native::{
    self,
    expression::{functions as native_functions, variables as native_variables},
    NativeExpression,
};
use crate::traversal::{Traversal, TraverseStep};

/// A JSON value as an expression: a shared tree and the value's node (an object key's
/// string node for the keys of static maps).
///
/// ```
/// use hclkit::body::{abs_traversal_for_expr, Expression};
/// use hclkit::eval::EvalContext;
/// use hclkit::syntax::json::{parse_expression, JsonExpression, Kind};
/// use hclkit_value::Value;
///
/// let file = parse_expression(br#"["web-${n}", "var.names[0]", 2]"#.as_slice(), "x.json").into_value();
/// let expr = JsonExpression::from_file(&file);
/// assert_eq!(expr.node().kind(), Kind::Array);
///
/// // Without a context strings are literal; with one they are templates.
/// let (v, _) = expr.value(None);
/// assert_eq!(v.elements().unwrap()[0], Value::string("web-${n}"));
/// let ctx = EvalContext::new().with_variable("n", Value::number(1));
/// let (v, diags) = expr.value(Some(&ctx));
/// assert!(diags.is_empty());
/// assert_eq!(v, Value::tuple(vec![Value::string("web-1"), Value::string("var.names[0]"), Value::number(2)]));
///
/// // A string holding a reference is a traversal for static analysis.
/// let second = JsonExpression::new(file.tree().clone(), expr.node().elements().nth(1).unwrap().index()).unwrap();
/// assert_eq!(abs_traversal_for_expr(&second).unwrap().to_string(), "var.names[0]");
/// ```
#[derive(Clone)]
pub struct JsonExpression {
    tree: Arc<JsonTree>,
    node: u32,
}

impl fmt::Debug for JsonExpression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JsonExpression({}: {:?})", self.tree.filename(), self.node())
    }
}

impl JsonExpression {
    /// The expression for node `node` of `tree` (`None` if there is no such node).
    pub fn new(tree: Arc<JsonTree>, node: u32) -> Option<JsonExpression> {
        ((node as usize) < tree.nodes.len()).then_some(JsonExpression { tree, node })
    }

    pub(crate) fn at(tree: Arc<JsonTree>, node: u32) -> JsonExpression {
        JsonExpression { tree, node }
    }

    /// The root value of a parsed JSON expression (or file).
    pub fn from_file(file: &super::JsonFile) -> JsonExpression {
        JsonExpression { tree: file.tree.clone(), node: file.root }
    }

    /// The JSON value.
    pub fn node(&self) -> Node<'_> {
        self.tree.node(self.node)
    }

    fn child(&self, n: Node<'_>) -> JsonExpression {
        JsonExpression { tree: self.tree.clone(), node: n.index() }
    }

    /// Where a string's content starts (just after its opening quote), the position the
    /// reference gives the native parser for templates.
    fn content_start(&self) -> Pos {
        let p = self.tree.pos(self.node().span().start);
        Pos { line: p.line, column: p.column + 1, byte: p.byte + 1 }
    }

    /// What `of` finds in each string of the expression read as a template (nested arrays
    /// and objects, keys included, in source order), with the template's shift into the
    /// file; a string whose template has errors gives nothing: static analysis of the JSON
    /// syntax (`variables`, `functions`).
    fn in_templates<T>(&self, of: &dyn Fn(&native::ExprFile, &Shift) -> Vec<T>) -> Vec<T> {
        let n = self.node();
        match n.kind() {
            Kind::String => {
                let text = n.as_str().unwrap_or_default();
                let (file, diags, shift) = self.template(&text);
                if diags.has_errors() {
                    return Vec::new();
                }
                of(&file, &shift)
            }
            Kind::Array => n.elements().flat_map(|e| self.child(e).in_templates(of)).collect(),
            Kind::Object => n
                .properties()
                .flat_map(|p| {
                    let mut v = self.child(p.key).in_templates(of);
                    v.extend(self.child(p.value).in_templates(of));
                    v
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A string's content parsed as a native template, ranges moved into this file.
    fn template(&self, text: &str) -> (native::ExprFile, Diagnostics, Shift) {
        let shift = Shift { start: self.content_start(), filename: self.tree.filename.clone() };
        let (file, diags) =
            native::parse_template_shifted(text.as_bytes(), &self.tree.filename, &|r| shift.range(&r)).into_parts();
        (file, shift.diags(diags), shift)
    }
}

/// Moves ranges computed on a string's content to where the content is in the JSON file:
/// the reference starts the native parser at that position, so on the first line columns
/// and bytes continue from it, and on later lines only bytes do.
#[derive(Clone, Debug)]
struct Shift {
    start: Pos,
    filename: Arc<str>,
}

impl Shift {
    fn pos(&self, p: Pos) -> Pos {
        if p.line <= 1 {
            Pos {
                line: self.start.line,
                column: self.start.column + p.column.saturating_sub(1),
                byte: self.start.byte + p.byte,
            }
        } else {
            Pos { line: self.start.line + p.line - 1, column: p.column, byte: self.start.byte + p.byte }
        }
    }

    fn range(&self, r: &Range) -> Range {
        Range { filename: self.filename.clone(), start: self.pos(r.start), end: self.pos(r.end) }
    }

    fn diags(&self, mut d: Diagnostics) -> Diagnostics {
        for d in d.iter_mut() {
            d.subject = d.subject.as_ref().map(|r| self.range(r));
            d.context = d.context.as_ref().map(|r| self.range(r));
        }
        d
    }

    fn traversal(&self, mut t: Traversal) -> Traversal {
        for s in &mut t.steps {
            match s {
                TraverseStep::Root { range, .. }
                | TraverseStep::Attr { range, .. }
                | TraverseStep::Index { range, .. } => *range = self.range(range),
            }
        }
        t
    }
}

/// A native expression parsed from a JSON string, with its ranges moved into the JSON file
/// (what static calls on JSON strings return as arguments).
#[derive(Clone, Debug)]
struct ShiftedExpression {
    inner: Arc<dyn Expression>,
    shift: Shift,
}

impl ShiftedExpression {
    fn wrap(inner: Arc<dyn Expression>, shift: &Shift) -> Arc<dyn Expression> {
        Arc::new(ShiftedExpression { inner, shift: shift.clone() })
    }
}

impl Expression for ShiftedExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        let (v, d) = self.inner.value(ctx);
        (v, self.shift.diags(d))
    }
    fn variables(&self) -> Vec<Traversal> {
        self.inner.variables().into_iter().map(|t| self.shift.traversal(t)).collect()
    }
    fn functions(&self) -> Vec<FunctionRef> {
        self.inner
            .functions()
            .into_iter()
            .map(|c| FunctionRef {
                name: c.name,
                name_range: self.shift.range(&c.name_range),
                range: self.shift.range(&c.range),
            })
            .collect()
    }
    fn range(&self) -> Range {
        self.shift.range(&self.inner.range())
    }
    fn start_range(&self) -> Range {
        self.shift.range(&self.inner.start_range())
    }
    fn as_list(&self) -> Option<Vec<Arc<dyn Expression>>> {
        Some(self.inner.as_list()?.into_iter().map(|e| ShiftedExpression::wrap(e, &self.shift)).collect())
    }
    fn as_map(&self) -> Option<Vec<KeyValuePair>> {
        Some(
            self.inner
                .as_map()?
                .into_iter()
                .map(|kv| KeyValuePair {
                    key: ShiftedExpression::wrap(kv.key, &self.shift),
                    value: ShiftedExpression::wrap(kv.value, &self.shift),
                })
                .collect(),
        )
    }
    fn as_call(&self) -> Option<StaticCall> {
        Some(shift_call(self.inner.as_call()?, &self.shift))
    }
    fn as_traversal(&self) -> Option<Traversal> {
        Some(self.shift.traversal(self.inner.as_traversal()?))
    }
}

fn shift_call(c: StaticCall, shift: &Shift) -> StaticCall {
    StaticCall {
        name: c.name,
        name_range: shift.range(&c.name_range),
        arguments: c.arguments.into_iter().map(|e| ShiftedExpression::wrap(e, shift)).collect(),
        args_range: shift.range(&c.args_range),
    }
}

impl Expression for JsonExpression {
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        let n = self.node();
        match n.kind() {
            Kind::String => {
                let text = n.as_str().unwrap_or_default();
                let Some(ctx) = ctx else {
                    return (Value::string(text.as_ref()), Diagnostics::new());
                };
                let (file, diags, shift) = self.template(&text);
                if diags.has_errors() {
                    return (Value::dynamic(), diags);
                }
                let (v, more) = crate::syntax::native::eval::evaluate(file.expr(), Some(ctx));
                let mut diags = diags;
                diags.extend(shift.diags(more));
                (v, diags)
            }
            Kind::Number => match n.as_number() {
                Some(num) => (Value::number(num), Diagnostics::new()),
                None => (Value::dynamic(), Diagnostics::new()),
            },
            Kind::Bool => (Value::bool(n.as_bool() == Some(true)), Diagnostics::new()),
            Kind::Null => (Value::null(Type::Dynamic), Diagnostics::new()),
            Kind::Invalid => (Value::dynamic(), Diagnostics::new()),
            Kind::Array => {
                let mut diags = Diagnostics::new();
                let vals = n
                    .elements()
                    .map(|e| {
                        let (v, d) = self.child(e).value(ctx);
                        diags.extend(d);
                        v
                    })
                    .collect();
                (Value::tuple(vals), diags)
            }
            Kind::Object => self.object_value(n, ctx),
        }
    }

    fn variables(&self) -> Vec<Traversal> {
        self.in_templates(&|file, shift| {
            native_variables(file.expr()).into_iter().map(|t| shift.traversal(t)).collect()
        })
    }

    fn functions(&self) -> Vec<FunctionRef> {
        self.in_templates(&|file, shift| {
            native_functions(file.expr())
                .into_iter()
                .map(|c| FunctionRef {
                    name: c.name,
                    name_range: shift.range(&c.name_range),
                    range: shift.range(&c.range),
                })
                .collect()
        })
    }

    fn range(&self) -> Range {
        self.node().range()
    }

    fn start_range(&self) -> Range {
        self.tree.range(self.node().start_span())
    }

    fn as_list(&self) -> Option<Vec<Arc<dyn Expression>>> {
        let n = self.node();
        (n.kind() == Kind::Array)
            .then(|| n.elements().map(|e| Arc::new(self.child(e)) as Arc<dyn Expression>).collect())
    }

    fn as_map(&self) -> Option<Vec<KeyValuePair>> {
        let n = self.node();
        (n.kind() == Kind::Object).then(|| {
            n.properties()
                .map(|p| KeyValuePair { key: Arc::new(self.child(p.key)), value: Arc::new(self.child(p.value)) })
                .collect()
        })
    }

    /// A string holding a native-syntax function call; parsed from the string's opening
    /// quote, as the reference does.
    fn as_call(&self) -> Option<StaticCall> {
        let n = self.node();
        let text = n.as_str()?;
        let shift = Shift { start: self.tree.pos(n.span().start), filename: self.tree.filename.clone() };
        let (file, diags) = native::parse_expression(text.as_bytes(), &self.tree.filename).into_parts();
        if diags.has_errors() {
            return None;
        }
        let call = expr_call(&NativeExpression::from_expr_file(&file)).ok()?;
        Some(shift_call(call, &shift))
    }

    /// A string holding a native-syntax traversal (`var.a[0]`), read as the reference's
    /// `hclsyntax.ParseTraversalAbs` reads it (stricter than an expression: no legacy `.0`
    /// steps); parsed from the string's opening quote, as the reference does.
    fn as_traversal(&self) -> Option<Traversal> {
        let n = self.node();
        let text = n.as_str()?;
        let shift = Shift { start: self.tree.pos(n.span().start), filename: self.tree.filename.clone() };
        let t = native::parse_traversal_abs(text.as_bytes(), &self.tree.filename)?;
        Some(shift.traversal(t))
    }
}

impl JsonExpression {
    fn object_value(&self, n: Node<'_>, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut attrs: BTreeMap<String, (Value, Range)> = BTreeMap::new();
        let mut known = true;
        for p in n.properties() {
            let (name, name_diags) = self.child(p.key).value(ctx);
            let (val, val_diags) = self.child(p.value).value(ctx);
            diags.extend(name_diags);
            diags.extend(val_diags);
            let name_range = self.tree.range(p.key.span());
            let name = match convert::convert(&name, &Type::String) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(
                        Diagnostic::error(
                            "Invalid object key expression",
                            format!("Cannot use this expression as an object key: {e}."),
                        )
                        .with_subject(name_range),
                    );
                    continue;
                }
            };
            if name.is_null() {
                diags.push(
                    Diagnostic::error("Invalid object key expression", "Cannot use null value as an object key.")
                        .with_subject(name_range),
                );
                continue;
            }
            let Some(key) = name.as_str() else {
                known = false;
                continue;
            };
            if let Some((_, prev)) = attrs.get(key) {
                diags.push(
                    Diagnostic::error(
                        "Duplicate object attribute",
                        format!("An attribute named {} was already defined at {prev}.", go_quote(key)),
                    )
                    .with_subject(name_range),
                );
                continue;
            }
            attrs.insert(key.to_owned(), (val, name_range));
        }
        if !known {
            return (Value::dynamic(), diags);
        }
        (Value::object(attrs.into_iter().map(|(k, (v, _))| (k, v))), diags)
    }
}
