//! Expressions read as structured nodes ([`Expression::node`]) and the steps into their parts
//! ([`Step::Root`], [`Step::Left`], ...): the parser's tree of the expression's text, each part
//! a range of that text.

use crate::syntax::native::ast::{Expr, LiteralValue, Traverser};
use crate::syntax::native::parse_expression;
use crate::Span;

use super::expr::{unparen, Call, ExprError, Expression, ObjectItem, Step};

/// What an expression is, with its parts ([`Expression::node`]). Each part is an
/// [`Expression`] holding the text it was written as (shared with the document's source when
/// the expression is); the step that reaches a part is named in its doc, for
/// [`Expression::get`] and [`Expression::set`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Node {
    /// A number, `true`, `false` or `null`.
    Literal,
    /// A quoted string or a heredoc: its literal parts and interpolations
    /// ([`Step::TemplatePart`] reaches an interpolation's expression).
    Template(Vec<TemplatePart>),
    /// A variable or an expression followed by attribute and index steps
    /// (`var.subnets[0].id`, `f(x).name`).
    Traversal(Traversal),
    /// A function call ([`Step::Index`] reaches an argument).
    Call(Call),
    /// An object constructor ([`Step::Key`] reaches a value).
    Object(Vec<ObjectItem>),
    /// A tuple constructor ([`Step::Index`] reaches an element).
    Tuple(Vec<Expression>),
    /// `condition ? true_result : false_result` ([`Step::Condition`], [`Step::TrueResult`],
    /// [`Step::FalseResult`]).
    Conditional {
        /// The condition.
        condition: Expression,
        /// The result when it holds.
        true_result: Expression,
        /// The result otherwise.
        false_result: Expression,
    },
    /// `left op right` ([`Step::Left`], [`Step::Right`]).
    BinaryOp {
        /// The operator as written (`+`, `==`, `&&`, ...).
        op: &'static str,
        /// The left operand.
        left: Expression,
        /// The right operand.
        right: Expression,
    },
    /// `-operand` or `!operand` ([`Step::Operand`]).
    UnaryOp {
        /// The operator (`-` or `!`).
        op: &'static str,
        /// The operand.
        operand: Expression,
    },
    /// `(inner)` ([`Step::Inner`]; the other steps look through parentheses).
    Parens(Expression),
    /// `[for k, v in collection : value if condition]` or the `{...}` form
    /// ([`Step::Collection`], [`Step::ForKey`], [`Step::ForValue`], [`Step::Condition`]).
    For {
        /// The key variable's name, if any.
        key_var: Option<String>,
        /// The value variable's name.
        value_var: String,
        /// The collection iterated over.
        collection: Expression,
        /// The key expression of the object form.
        key: Option<Expression>,
        /// The value expression.
        value: Expression,
        /// The `if` condition.
        condition: Option<Expression>,
        /// Whether it makes an object (`{for ...}`).
        object: bool,
    },
    /// `source.*.steps` or `source[*].steps` ([`Step::Root`] reaches the source; the steps
    /// after the splat are read as text).
    Splat {
        /// The expression splatted.
        source: Expression,
    },
}

/// A part of a template ([`Node::Template`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TemplatePart {
    /// A run of literal text, as written (escapes not decoded; one part however the parser
    /// splits it).
    Literal(String),
    /// `${ expression }`: the expression.
    Interpolation(Expression),
    /// `%{ if }` or `%{ for }` with its body, as written.
    Directive(String),
}

/// A traversal ([`Node::Traversal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traversal {
    /// The root variable's name (`var`), or the expression traversed from (`f(x)`) as written
    /// ([`Step::Root`]).
    pub root: Expression,
    /// The steps after the root ([`Step::Traversal`] with its index).
    pub steps: Vec<TraversalStep>,
}

/// A step of a traversal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraversalStep {
    /// `.name`: the name ([`Step::Traversal`] reaches and replaces the name).
    Attr(String),
    /// `[key]` (or the legacy `.0`): the key as written ([`Step::Traversal`] reaches and
    /// replaces the key).
    Index(Expression),
}

/// Where a step leads in the tree: a sub-expression, or a piece of text that is not one (a
/// traversal's root name or attribute name, a legacy index).
pub(crate) enum Target<'a> {
    Expr(Expr<'a>),
    Text(Span),
    /// A template's literal part: its text as written, its value, and whether the template
    /// is a heredoc (else a quoted template).
    Literal {
        span: Span,
        value: String,
        heredoc: bool,
    },
}

/// The part of `e` that `step` names (a step of the newer kinds: not a key or an index).
pub(crate) fn part<'a>(src: &str, e: Expr<'a>, step: &Step) -> Result<Target<'a>, ExprError> {
    let not = || {
        let s = e.span();
        ExprError::NoSuchPart(format!("{step:?}"), src[s.start as usize..s.end as usize].to_owned())
    };
    if let (Step::Inner, Expr::Parens(p)) = (step, e) {
        return Ok(Target::Expr(p.inner()));
    }
    let e = unparen(e);
    let t = Target::Expr;
    Ok(match (step, e) {
        (Step::Condition, Expr::Conditional(c)) => t(c.condition()),
        (Step::TrueResult, Expr::Conditional(c)) => t(c.true_result()),
        (Step::FalseResult, Expr::Conditional(c)) => t(c.false_result()),
        (Step::Left, Expr::BinaryOp(b)) => t(b.lhs()),
        (Step::Right, Expr::BinaryOp(b)) => t(b.rhs()),
        (Step::Operand, Expr::UnaryOp(u)) => t(u.operand()),
        (Step::Collection, Expr::For(f)) => t(f.collection()),
        (Step::ForKey, Expr::For(f)) => t(f.key_expr().ok_or_else(not)?),
        (Step::ForValue, Expr::For(f)) => t(f.value_expr()),
        (Step::Condition, Expr::For(f)) => t(f.condition().ok_or_else(not)?),
        (Step::Root, Expr::Splat(s)) => t(s.source()),
        (Step::Root, _) => flatten(e).ok_or_else(not)?.0,
        (Step::Traversal(i), _) => {
            flatten(e).and_then(|(_, mut steps)| (*i < steps.len()).then(|| steps.swap_remove(*i))).ok_or_else(not)?
        }
        (Step::TemplatePart(i), Expr::TemplateWrap(w)) if *i == 0 => t(w.wrapped()),
        (Step::TemplatePart(i), Expr::Template(tp)) => {
            let heredoc = src[tp.span().start as usize..].starts_with("<<");
            match template_parts(src, tp).into_iter().nth(*i).ok_or_else(not)? {
                Part::Interpolation(p) => t(p),
                Part::Literal { span, value } => Target::Literal { span, value, heredoc },
                Part::Directive(_) => return Err(not()),
            }
        }
        _ => return Err(not()),
    })
}

/// A traversal as one root and its steps in order, whatever the parser made of it: a key
/// that is not a constant (`a.b[var.i].c`) splits a traversal into an index expression and a
/// traversal from it, but its steps are still counted from the root as written.
fn flatten(e: Expr<'_>) -> Option<(Target<'_>, Vec<Target<'_>>)> {
    let (root, mut steps) = match e {
        Expr::ScopeTraversal(s) => {
            return Some((
                Target::Text(s.root_span()),
                s.traversal().skip(1).map(|t| step_target(Some(t))).collect::<Option<_>>()?,
            ))
        }
        Expr::RelativeTraversal(r) => {
            let (root, mut steps) = flatten(r.source()).unwrap_or((Target::Expr(r.source()), Vec::new()));
            for t in r.traversal() {
                steps.push(step_target(Some(t))?);
            }
            return Some((root, steps));
        }
        Expr::Index(i) => flatten(i.collection()).unwrap_or((Target::Expr(i.collection()), Vec::new())),
        _ => return None,
    };
    if let Expr::Index(i) = e {
        steps.push(Target::Expr(i.key()));
    }
    Some((root, steps))
}

fn step_target(s: Option<Traverser<'_>>) -> Option<Target<'_>> {
    // Only `None` in: every step has a target.
    use crate::syntax::native::ast::IndexKey;
    match s? {
        Traverser::Root { span, .. } => Some(Target::Text(span)),
        Traverser::Attr { name, span } => Some(Target::Text(Span::new(span.end - name.len() as u32, span.end))),
        Traverser::Index { key: IndexKey::Expr(k), .. } => Some(Target::Expr(k)),
        Traverser::Index { key: IndexKey::LegacyNumber(_, span), .. } => Some(Target::Text(span)),
        // A legacy step the reference rejects (`a.0.1`): the text after its dot.
        Traverser::Index { key: IndexKey::Dynamic, span } => Some(Target::Text(Span::new(span.start + 1, span.end))),
    }
}

/// Whether the template part at `span` is an interpolation's expression (`${` before it, not
/// the escape `$${`).
fn is_interpolation(src: &str, span: Span) -> bool {
    let before = src[..span.start as usize].trim_end_matches([' ', '\t', '\r', '\n']);
    let open = before.strip_suffix("${~").or_else(|| before.strip_suffix("${"));
    open.is_some_and(|b| !b.ends_with('$'))
}

/// A template's part as an edit counts them ([`Step::TemplatePart`]).
pub(crate) enum Part<'a> {
    /// A run of literal text (the parser splits it at `$${`, `%%{`, `$` and `%`): its span and
    /// its value.
    Literal { span: Span, value: String },
    /// `${ expression }`: the expression.
    Interpolation(Expr<'a>),
    /// A directive's node (`%{ if }`, `%{ for }`).
    Directive(Expr<'a>),
}

/// The parts of a template: literal text (each run of it one part), interpolations and
/// directives, in order.
pub(crate) fn template_parts<'a>(src: &str, tp: crate::syntax::native::ast::TemplateExpr<'a>) -> Vec<Part<'a>> {
    let mut out: Vec<Part<'a>> = Vec::new();
    for p in tp.parts() {
        if is_interpolation(src, p.span()) {
            out.push(Part::Interpolation(p));
            continue;
        }
        let Expr::Literal(l) = p else {
            out.push(Part::Directive(p));
            continue;
        };
        let text = match l.value() {
            LiteralValue::String(v) => v.into_owned(),
            _ => {
                out.push(Part::Directive(p));
                continue;
            }
        };
        match out.last_mut() {
            // Adjacent, or apart by the indentation a `<<-` heredoc strips.
            Some(Part::Literal { span, value })
                if src
                    .get(span.end as usize..p.span().start as usize)
                    .is_some_and(|gap| gap.bytes().all(|c| c == b' ' || c == b'\t')) =>
            {
                span.end = p.span().end;
                value.push_str(&text);
            }
            _ => out.push(Part::Literal { span: p.span(), value: text }),
        }
    }
    out
}

/// Whether `value` written in the place `step` names needs parentheses to keep its meaning
/// (an operator's operand, a condition, a traversal's source).
pub(crate) fn needs_parens(step: &Step, value: &str) -> bool {
    let (file, diags) = parse_expression(value.as_bytes(), "expression").into_parts();
    if diags.has_errors() {
        return false;
    }
    matches!(
        (step, file.expr()),
        (
            Step::Left | Step::Right | Step::Operand | Step::Condition | Step::Root,
            Expr::BinaryOp(_) | Expr::Conditional(_)
        ) | (Step::Operand | Step::Root, Expr::UnaryOp(_))
            | (Step::TrueResult | Step::FalseResult, Expr::Conditional(_))
    )
}

impl Expression {
    /// The expression as a structured node, with its parts.
    ///
    /// ```
    /// use hclkit::edit::{Expression, Node, Step, TraversalStep};
    ///
    /// let e = Expression::parse("var.on ? var.subnets[0].id : \"none\"").unwrap();
    /// let Node::Conditional { condition, true_result, .. } = e.node() else { panic!() };
    /// assert_eq!(condition.as_str(), "var.on");
    /// let Node::Traversal(t) = true_result.node() else { panic!() };
    /// assert_eq!(t.root.as_str(), "var");
    /// assert_eq!(t.steps[0], TraversalStep::Attr("subnets".into()));
    /// assert_eq!(t.steps.len(), 3);
    /// // The same parts by path:
    /// let id = e.get(&[Step::TrueResult, Step::Traversal(2)]).unwrap();
    /// assert_eq!(id.as_str(), "id");
    /// ```
    pub fn node(&self) -> Node {
        let src = self.parse_source();
        let file = parse_expression(src.as_bytes(), "expression").into_value();
        let sub = |s: Span| self.sub(s);
        match file.expr() {
            Expr::Literal(_) | Expr::AnonSymbol(_) => Node::Literal,
            Expr::Template(t) => Node::Template(
                template_parts(&src, t)
                    .into_iter()
                    .map(|p| match p {
                        Part::Interpolation(e) => TemplatePart::Interpolation(sub(e.span())),
                        Part::Literal { span, .. } => {
                            TemplatePart::Literal(src[span.start as usize..span.end as usize].to_owned())
                        }
                        Part::Directive(e) => {
                            let text = src[e.span().start as usize..e.span().end as usize].to_owned();
                            if matches!(e, Expr::Template(_)) {
                                TemplatePart::Literal(text)
                            } else {
                                TemplatePart::Directive(text)
                            }
                        }
                    })
                    .collect(),
            ),
            Expr::TemplateWrap(w) => Node::Template(vec![TemplatePart::Interpolation(sub(w.wrapped().span()))]),
            Expr::TemplateJoin(j) => Node::Template(vec![TemplatePart::Directive({
                let s = j.tuple().span();
                src[s.start as usize..s.end as usize].to_owned()
            })]),
            Expr::ScopeTraversal(_) | Expr::RelativeTraversal(_) | Expr::Index(_) => match flatten(file.expr()) {
                Some((root, steps)) => Node::Traversal(Traversal {
                    root: self.target(&root),
                    steps: steps
                        .iter()
                        .map(|t| match t {
                            Target::Text(s)
                                if !src[s.start as usize..s.end as usize].starts_with(|c: char| c.is_ascii_digit()) =>
                            {
                                TraversalStep::Attr(src[s.start as usize..s.end as usize].to_owned())
                            }
                            t => TraversalStep::Index(self.target(t)),
                        })
                        .collect(),
                }),
                None => Node::Literal,
            },
            Expr::Splat(s) => Node::Splat { source: sub(s.source().span()) },
            Expr::FunctionCall(_) => self.call().map_or(Node::Literal, Node::Call),
            Expr::Object(_) => Node::Object(self.object_items().unwrap_or_default()),
            Expr::Tuple(_) => Node::Tuple(self.elements().unwrap_or_default()),
            Expr::Conditional(c) => Node::Conditional {
                condition: sub(c.condition().span()),
                true_result: sub(c.true_result().span()),
                false_result: sub(c.false_result().span()),
            },
            Expr::BinaryOp(b) => {
                Node::BinaryOp { op: b.op().symbol(), left: sub(b.lhs().span()), right: sub(b.rhs().span()) }
            }
            Expr::UnaryOp(u) => Node::UnaryOp {
                op: if matches!(u.op(), crate::syntax::native::ast::UnaryOp::Negate) { "-" } else { "!" },
                operand: sub(u.operand().span()),
            },
            Expr::Parens(p) => Node::Parens(sub(p.inner().span())),
            Expr::For(f) => Node::For {
                key_var: f.key_var().map(str::to_owned),
                value_var: f.value_var().to_owned(),
                collection: sub(f.collection().span()),
                key: f.key_expr().map(|k| sub(k.span())),
                value: sub(f.value_expr().span()),
                condition: f.condition().map(|c| sub(c.span())),
                object: f.is_object(),
            },
        }
    }

    fn target(&self, t: &Target<'_>) -> Expression {
        match t {
            Target::Text(s) | Target::Literal { span: s, .. } => self.sub(*s),
            Target::Expr(e) => self.sub(e.span()),
        }
    }
}

/// Builders: expressions made from their parts, each part an [`Expression`] (so any part can
/// be any expression), the result laid out as `hclfmt` writes it on one line.
impl Expression {
    /// `root.attr[key]...`: a traversal from the variable `root`; an error if a name is not
    /// an identifier.
    ///
    /// ```
    /// use hclkit::edit::{Expression, TraversalStep};
    ///
    /// let steps = [TraversalStep::Attr("subnets".into()), TraversalStep::Index(Expression::parse("0").unwrap())];
    /// assert_eq!(Expression::traversal("var", &steps).unwrap().as_str(), "var.subnets[0]");
    /// assert!(Expression::traversal("1x", &[]).is_err());
    /// ```
    pub fn traversal(root: &str, steps: &[TraversalStep]) -> Result<Expression, ExprError> {
        let mut text = name(root)?.to_owned();
        for s in steps {
            match s {
                TraversalStep::Attr(a) => {
                    text.push('.');
                    text.push_str(name(a)?);
                }
                TraversalStep::Index(k) => {
                    text.push('[');
                    text.push_str(k.as_str());
                    text.push(']');
                }
            }
        }
        checked(text)
    }

    /// `name(arg, ...)`: a function call (`provider::aws::arn_parse` names are namespaced).
    ///
    /// ```
    /// use hclkit::edit::Expression;
    ///
    /// let args = [Expression::parse("local.tags").unwrap(), Expression::parse("{ Name = \"web\" }").unwrap()];
    /// assert_eq!(Expression::function_call("merge", args).unwrap().as_str(), "merge(local.tags, { Name = \"web\" })");
    /// ```
    pub fn function_call(name_: &str, args: impl IntoIterator<Item = Expression>) -> Result<Expression, ExprError> {
        for part in name_.split("::") {
            name(part)?;
        }
        let args: Vec<String> = args.into_iter().map(|a| a.as_str().to_owned()).collect();
        checked(format!("{name_}({})", args.join(", ")))
    }

    /// `[a, b]`: a tuple of the expressions.
    ///
    /// ```
    /// use hclkit::edit::Expression;
    ///
    /// let t = Expression::tuple([Expression::parse("1").unwrap(), Expression::parse("var.x").unwrap()]);
    /// assert_eq!(t.unwrap().as_str(), "[1, var.x]");
    /// ```
    pub fn tuple(items: impl IntoIterator<Item = Expression>) -> Result<Expression, ExprError> {
        let items: Vec<String> = items.into_iter().map(|a| a.as_str().to_owned()).collect();
        checked(format!("[{}]", items.join(", ")))
    }

    /// `{ key = value, ... }`: an object of the items, each key written as a name where it is
    /// one and quoted otherwise.
    ///
    /// ```
    /// use hclkit::edit::Expression;
    ///
    /// let o = Expression::object([("Name", Expression::parse("var.name").unwrap()), ("a b", Expression::parse("1").unwrap())]);
    /// assert_eq!(o.unwrap().as_str(), "{ Name = var.name, \"a b\" = 1 }");
    /// ```
    pub fn object<K: AsRef<str>>(items: impl IntoIterator<Item = (K, Expression)>) -> Result<Expression, ExprError> {
        let items: Vec<String> =
            items.into_iter().map(|(k, v)| format!("{} = {}", crate::write::key(k.as_ref()), v.as_str())).collect();
        if items.is_empty() {
            return checked("{}".to_owned());
        }
        checked(format!("{{ {} }}", items.join(", ")))
    }
}

/// `s` if it is an identifier.
pub(crate) fn name(s: &str) -> Result<&str, ExprError> {
    let ok = s.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    if ok {
        Ok(s)
    } else {
        Err(ExprError::Invalid(s.to_owned()))
    }
}

/// The expression of `text`, if it parses.
fn checked(text: String) -> Result<Expression, ExprError> {
    Expression::parse(&text).map_err(|_| ExprError::Invalid(text))
}
