//! What each expression view reads: literal values, template parts, traversal steps,
//! operators, collection items, `for` clauses, indexes and splats.

use std::borrow::Cow;
use std::fmt;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use super::*;
use crate::pos::Span;
use crate::syntax::native::lexer::{lex, LexMode};
use crate::syntax::native::token::TokenKind;

/// The value of a literal, as far as the syntax knows it.
///
/// ```
/// use hclkit::syntax::native::ast::{Expr, LiteralValue};
///
/// let file = hclkit::parse_config(b"n = 1.5e3\nb = true\nz = null\n".as_slice(), "main.hcl").into_value();
/// let literal = |name: &str| match file.body().attribute(name).unwrap().expr() {
///     Expr::Literal(l) => l,
///     e => panic!("not a literal: {e:?}"),
/// };
/// assert_eq!(literal("n").value(), LiteralValue::Number("1.5e3"));
/// assert_eq!(literal("b").value(), LiteralValue::Bool(true));
/// assert_eq!(literal("b").keyword(), Some("true"));
/// assert_eq!(literal("z").value(), LiteralValue::Null);
/// assert!(!literal("z").is_string());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LiteralValue<'a> {
    /// A number, as written (a valid decimal literal; evaluation parses it).
    Number(&'a str),
    /// A number literal the reference could not read: evaluates to an unknown number.
    InvalidNumber(&'a str),
    /// `true` or `false`.
    Bool(bool),
    /// `null` (of the dynamic pseudo-type).
    Null,
    /// A string: a template literal part, decoded, trimmed and NFC-normalised.
    String(Cow<'a, str>),
    /// An unknown value of the dynamic pseudo-type: the placeholder for broken input.
    Dynamic,
}

impl<'a> LiteralExpr<'a> {
    /// The literal's value.
    pub fn value(self) -> LiteralValue<'a> {
        let n = self.n();
        match n.lit_kind() {
            LitKind::Number => LiteralValue::Number(self.t.str(n.span)),
            LitKind::BadNumber => LiteralValue::InvalidNumber(self.t.str(n.span)),
            LitKind::True => LiteralValue::Bool(true),
            LitKind::False => LiteralValue::Bool(false),
            LitKind::Null => LiteralValue::Null,
            LitKind::String => LiteralValue::String(nfc(literal_string(&self.t.src, n))),
            LitKind::Dynamic => LiteralValue::Dynamic,
        }
    }

    /// Whether this is a string (a template literal part).
    pub fn is_string(self) -> bool {
        self.n().lit_kind() == LitKind::String
    }

    /// The keyword this literal was written as (`true`, `false`, `null`), for static
    /// traversal analysis, which treats these keywords as variable names.
    pub fn keyword(self) -> Option<&'static str> {
        match self.n().lit_kind() {
            LitKind::True => Some("true"),
            LitKind::False => Some("false"),
            LitKind::Null => Some("null"),
            _ => None,
        }
    }
}

/// NFC-normalises a string (cheaply when it already is).
pub(crate) fn nfc(s: Cow<'_, str>) -> Cow<'_, str> {
    if s.is_ascii() || is_nfc_quick(s.chars()) == IsNormalized::Yes {
        return s;
    }
    Cow::Owned(s.nfc().collect())
}

impl<'a> TemplateExpr<'a> {
    /// The parts: string literals and interpolated expressions (directives appear as
    /// conditionals and template joins).
    pub fn parts(self) -> impl Iterator<Item = Expr<'a>> + 'a {
        let t = self.t;
        let parts = t.store.template_parts(self.id);
        (0..parts.len()).map(move |i| Expr::new(t, NodeId(parts.get(i))))
    }

    /// Whether the template is a single string literal (the reference's `IsStringLiteral`).
    pub fn is_string_literal(self) -> bool {
        self.t.store.is_string_literal(self.id)
    }
}

impl<'a> TemplateWrapExpr<'a> {
    /// The single interpolated expression.
    pub fn wrapped(self) -> Expr<'a> {
        Expr::new(self.t, NodeId(self.n().data))
    }
}

impl<'a> TemplateJoinExpr<'a> {
    /// The tuple-producing `for` expression whose elements are joined.
    pub fn tuple(self) -> ForExpr<'a> {
        ForExpr { t: self.t, id: self.n().data }
    }
}

/// One step of a traversal (the reference's `hcl.Traverser`).
///
/// ```
/// use hclkit::syntax::native::ast::{Expr, IndexKey, Traverser};
///
/// let e = hclkit::parse_expression(b"var.list[0].name".as_slice(), "x.hcl").into_value();
/// let Expr::ScopeTraversal(t) = e.expr() else { panic!("not a traversal") };
/// assert_eq!(t.root_name(), "var");
/// assert_eq!(t.len(), 4);
/// let steps: Vec<String> = t
///     .traversal()
///     .map(|step| match step {
///         Traverser::Root { name, .. } | Traverser::Attr { name, .. } => name.to_string(),
///         Traverser::Index { key: IndexKey::Expr(k), .. } => format!("[{}]", e.text(k.span())),
///         Traverser::Index { .. } => "[?]".to_string(),
///     })
///     .collect();
/// assert_eq!(steps, ["var", "list", "[0]", "name"]);
/// ```
#[derive(Clone, Copy)]
pub enum Traverser<'a> {
    /// The root variable name.
    Root {
        /// The variable name.
        name: &'a str,
        /// Its span.
        span: Span,
    },
    /// `.name`.
    Attr {
        /// The attribute name.
        name: &'a str,
        /// The span from the dot to the name.
        span: Span,
    },
    /// `[key]` with a constant key, or the legacy `.0` form.
    Index {
        /// The key.
        key: IndexKey<'a>,
        /// The span of the step (brackets included, or dot and number).
        span: Span,
    },
}

impl fmt::Debug for Traverser<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Traverser::Root { name, .. } => write!(f, "Root({name})"),
            Traverser::Attr { name, .. } => write!(f, "Attr({name})"),
            Traverser::Index { key, .. } => write!(f, "Index({key:?})"),
        }
    }
}

impl Traverser<'_> {
    /// The step's span.
    pub fn span(&self) -> Span {
        match self {
            Traverser::Root { span, .. } | Traverser::Attr { span, .. } | Traverser::Index { span, .. } => *span,
        }
    }
}

/// The constant key of an index step.
#[derive(Clone, Copy)]
pub enum IndexKey<'a> {
    /// A literal expression (number, bool, null, or a string template with one literal part).
    Expr(Expr<'a>),
    /// The number of a legacy `.0` step, as written.
    LegacyNumber(&'a str, Span),
    /// An unknown value: a legacy step the reference rejects (`a.0.1`).
    Dynamic,
}

impl fmt::Debug for IndexKey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexKey::Expr(e) => write!(f, "{:?}", e.span()),
            IndexKey::LegacyNumber(n, _) => write!(f, "{n}"),
            IndexKey::Dynamic => write!(f, "dynamic"),
        }
    }
}

fn steps<'a>(t: &'a Tree, at: u32) -> impl Iterator<Item = Traverser<'a>> + 'a {
    let extra = t.extra();
    let mut i = Steps::first(at);
    (0..Steps::len(extra, at)).map(move |_| {
        let (step, words) = Step::read(&extra[i..]);
        i += words;
        match step {
            Step::Attr { dot, name } => {
                let name = t.ident_at(name);
                Traverser::Attr { name: t.str(name), span: Span::new(dot, name.end) }
            }
            Step::Index { open, end, key } => {
                Traverser::Index { key: IndexKey::Expr(Expr::new(t, NodeId(key))), span: Span::new(open, end) }
            }
            Step::LegacyIndex { dot, number } | Step::BadLegacyIndex { dot, number } => {
                let num = Span::new(number, crate::syntax::native::lexer::number_end(&t.src, number as usize) as u32);
                let span = Span::new(dot, num.end);
                if matches!(step, Step::LegacyIndex { .. }) {
                    Traverser::Index { key: IndexKey::LegacyNumber(t.str(num), num), span }
                } else {
                    Traverser::Index { key: IndexKey::Dynamic, span }
                }
            }
        }
    })
}

impl<'a> ScopeTraversalExpr<'a> {
    /// The root variable's name.
    pub fn root_name(self) -> &'a str {
        self.t.str(self.root_span())
    }

    /// The root variable's span.
    pub fn root_span(self) -> Span {
        self.t.ident_at(self.span().start)
    }

    /// All steps, starting with the root.
    pub fn traversal(self) -> impl Iterator<Item = Traverser<'a>> + 'a {
        let root = Traverser::Root { name: self.root_name(), span: self.root_span() };
        std::iter::once(root).chain(steps(self.t, self.n().data))
    }

    /// Number of steps, the root included.
    pub fn len(self) -> usize {
        1 + Steps::len(self.t.extra(), self.n().data)
    }

    /// Always false: a traversal has at least its root.
    pub fn is_empty(self) -> bool {
        false
    }
}

impl<'a> RelativeTraversalExpr<'a> {
    /// The expression traversed from.
    pub fn source(self) -> Expr<'a> {
        self.sub(self.rec::<RelTraversalRec>().source)
    }

    /// The steps.
    pub fn traversal(self) -> impl Iterator<Item = Traverser<'a>> + 'a {
        steps(self.t, RelTraversalRec::steps_at(self.n().data))
    }
}

impl<'a> FunctionCallExpr<'a> {
    /// The function's name: an identifier, or since HCL v2.20 a `::`-separated path of them
    /// (`provider::aws::arn_parse`), the whole path being the name the function table is
    /// searched for. Borrowed from the source unless the path is written with spaces,
    /// comments or newlines between its parts (`core :: max`), when it is built as
    /// `core::max`.
    pub fn name(self) -> Cow<'a, str> {
        let span = self.name_span();
        if !self.n().call_flags().contains(CallFlags::SPACED) {
            return Cow::Borrowed(self.t.str(span));
        }
        let src = span.slice(&self.t.src);
        let (tokens, _) = lex(src, LexMode::Normal);
        let parts: Vec<&str> = tokens
            .iter()
            .filter(|t| t.kind == TokenKind::Ident)
            .map(|t| std::str::from_utf8(t.span.slice(src)).unwrap_or("\u{FFFD}"))
            .collect();
        Cow::Owned(parts.join("::"))
    }

    /// Whether the name is a `::`-separated path (`core::max`), HCL v2.20's namespaced
    /// functions.
    pub fn is_namespaced(self) -> bool {
        self.n().call_flags().contains(CallFlags::NAMESPACED)
    }

    /// The name's span: from its first identifier to its last.
    pub fn name_span(self) -> Span {
        Span::new(self.span().start, CallLayout::header(self.t.extra(), self.n().data).name_end)
    }

    /// The span of `(`.
    pub fn open_paren_span(self) -> Span {
        let p = CallLayout::header(self.t.extra(), self.n().data).open;
        Span::new(p, p + 1)
    }

    /// The span of `)` (the last token read when the call is broken).
    pub fn close_paren_span(self) -> Span {
        Span::new(CallLayout::header(self.t.extra(), self.n().data).close, self.span().end)
    }

    /// The arguments.
    pub fn args(self) -> impl Iterator<Item = Expr<'a>> + 'a {
        let t = self.t;
        CallLayout::item_words(t.extra(), self.n().data).iter().map(move |&id| Expr::new(t, NodeId(id)))
    }

    /// Whether the last argument is followed by `...` (expanded into the arguments).
    pub fn expand_final(self) -> bool {
        self.n().call_flags().contains(CallFlags::EXPAND)
    }
}

impl<'a> ConditionalExpr<'a> {
    /// The predicate.
    pub fn condition(self) -> Expr<'a> {
        self.sub(self.rec::<ConditionalRec>().condition)
    }
    /// The result when true.
    pub fn true_result(self) -> Expr<'a> {
        self.sub(self.rec::<ConditionalRec>().true_result)
    }
    /// The result when false.
    pub fn false_result(self) -> Expr<'a> {
        self.sub(self.rec::<ConditionalRec>().false_result)
    }
}

/// A binary operator.
///
/// ```
/// use hclkit::syntax::native::ast::{BinaryOp, Expr, UnaryOp};
///
/// let e = hclkit::parse_expression(b"a + b * c > 10 || !ok".as_slice(), "x.hcl").into_value();
/// let Expr::BinaryOp(or) = e.expr() else { panic!("not a binary operation") };
/// assert_eq!(or.op(), BinaryOp::LogicalOr);
/// assert_eq!(or.op().symbol(), "||");
/// let Expr::BinaryOp(gt) = or.lhs() else { panic!("not a binary operation") };
/// assert_eq!(gt.op(), BinaryOp::GreaterThan);
/// assert_eq!(e.text(gt.lhs().span()), "a + b * c");
/// let Expr::UnaryOp(not) = or.rhs() else { panic!("not a unary operation") };
/// assert_eq!(not.op(), UnaryOp::LogicalNot);
/// assert_eq!(e.text(not.operand().span()), "ok");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u16)]
pub enum BinaryOp {
    /// `||`
    LogicalOr,
    /// `&&`
    LogicalAnd,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanOrEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanOrEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

impl BinaryOp {
    pub(crate) fn from_u16(v: u16) -> BinaryOp {
        use BinaryOp::*;
        [
            LogicalOr,
            LogicalAnd,
            Equal,
            NotEqual,
            GreaterThan,
            GreaterThanOrEqual,
            LessThan,
            LessThanOrEqual,
            Add,
            Subtract,
            Multiply,
            Divide,
            Modulo,
        ][v as usize % 13]
    }

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            LogicalOr => "||",
            LogicalAnd => "&&",
            Equal => "==",
            NotEqual => "!=",
            GreaterThan => ">",
            GreaterThanOrEqual => ">=",
            LessThan => "<",
            LessThanOrEqual => "<=",
            Add => "+",
            Subtract => "-",
            Multiply => "*",
            Divide => "/",
            Modulo => "%",
        }
    }
}

/// A unary operator.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    /// `-`
    Negate,
    /// `!`
    LogicalNot,
}

impl<'a> BinaryOpExpr<'a> {
    /// The left operand.
    pub fn lhs(self) -> Expr<'a> {
        self.sub(self.rec::<BinaryRec>().lhs)
    }
    /// The right operand.
    pub fn rhs(self) -> Expr<'a> {
        self.sub(self.rec::<BinaryRec>().rhs)
    }
    /// The operator.
    pub fn op(self) -> BinaryOp {
        self.n().binary_op()
    }
}

impl<'a> UnaryOpExpr<'a> {
    /// The operand.
    pub fn operand(self) -> Expr<'a> {
        Expr::new(self.t, NodeId(self.n().data))
    }
    /// The operator.
    pub fn op(self) -> UnaryOp {
        self.n().unary_op()
    }
    /// The operator's span.
    pub fn symbol_span(self) -> Span {
        let s = self.span().start;
        Span::new(s, s + 1)
    }
}

impl<'a> TupleConsExpr<'a> {
    /// The elements.
    pub fn exprs(self) -> impl Iterator<Item = Expr<'a>> + 'a {
        let t = self.t;
        TupleLayout::words(t.extra(), self.n().data).iter().map(move |&id| Expr::new(t, NodeId(id)))
    }
    /// The span of `[`.
    pub fn open_span(self) -> Span {
        let s = self.span().start;
        Span::new(s, s + 1)
    }
}

/// The key of an object constructor item (the reference's `ObjectConsKeyExpr`): a bare
/// identifier (or `true`/`false`/`null`) is a literal name unless the key was parenthesised.
#[derive(Clone, Copy, Debug)]
pub struct ObjectKey<'a> {
    expr: Expr<'a>,
    force_non_literal: bool,
}

impl<'a> ObjectKey<'a> {
    /// The key expression as parsed.
    pub fn expr(self) -> Expr<'a> {
        self.expr
    }

    /// Whether the key was written in parentheses, forcing evaluation as an expression.
    pub fn force_non_literal(self) -> bool {
        self.force_non_literal
    }

    /// The key's span.
    pub fn span(self) -> Span {
        self.expr.span()
    }
}

/// An item of an object constructor.
///
/// ```
/// use hclkit::syntax::native::ast::Expr;
///
/// let e = hclkit::parse_expression(b"{ name = \"web\", (key) = 1 }".as_slice(), "x.hcl").into_value();
/// let Expr::Object(o) = e.expr() else { panic!("not an object constructor") };
/// let items: Vec<_> = o.items().collect();
/// assert_eq!(items.len(), 2);
/// assert_eq!(e.text(items[0].key.span()), "name");
/// assert!(!items[0].key.force_non_literal());
/// assert!(items[1].key.force_non_literal());
/// assert!(matches!(items[0].value, Expr::Template(_)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ObjectItem<'a> {
    /// The key.
    pub key: ObjectKey<'a>,
    /// The value.
    pub value: Expr<'a>,
}

impl<'a> ObjectConsExpr<'a> {
    /// The items in source order.
    pub fn items(self) -> impl Iterator<Item = ObjectItem<'a>> + 'a {
        let t = self.t;
        ObjectLayout::iter(t.extra(), self.n().data).map(move |item| ObjectItem {
            key: ObjectKey { expr: Expr::new(t, NodeId(item.key)), force_non_literal: item.force_non_literal },
            value: Expr::new(t, NodeId(item.value)),
        })
    }
    /// The span of `{`.
    pub fn open_span(self) -> Span {
        let s = self.span().start;
        Span::new(s, s + 1)
    }
}

impl<'a> ForExpr<'a> {
    /// The key variable's name, if given.
    pub fn key_var(self) -> Option<&'a str> {
        self.key_var_span().map(|s| self.t.str(s))
    }
    /// The value variable's name.
    pub fn value_var(self) -> &'a str {
        self.t.str(self.value_var_span())
    }
    /// The span of the key variable, if given.
    pub fn key_var_span(self) -> Option<Span> {
        self.rec::<ForRec>().key_var
    }
    /// The span of the value variable.
    pub fn value_var_span(self) -> Span {
        self.rec::<ForRec>().value_var
    }
    /// The collection iterated over.
    pub fn collection(self) -> Expr<'a> {
        self.sub(self.rec::<ForRec>().collection)
    }
    /// The key expression (object `for` only).
    pub fn key_expr(self) -> Option<Expr<'a>> {
        self.rec::<ForRec>().key_expr.map(|id| self.sub(id))
    }
    /// The value expression.
    pub fn value_expr(self) -> Expr<'a> {
        self.sub(self.rec::<ForRec>().value_expr)
    }
    /// The `if` condition, if any.
    pub fn condition(self) -> Option<Expr<'a>> {
        self.rec::<ForRec>().condition.map(|id| self.sub(id))
    }
    /// Whether the result is an object (`{for ...}`).
    pub fn is_object(self) -> bool {
        self.n().for_flags().contains(ForFlags::OBJECT)
    }
    /// Whether values are grouped (`...` after the value).
    pub fn group(self) -> bool {
        self.n().for_flags().contains(ForFlags::GROUP)
    }
    /// The span of the opening bracket (of the whole `%{ for }` directive in templates).
    pub fn open_span(self) -> Span {
        self.rec::<ForRec>().open
    }
    /// The span of the closing bracket (of the `%{ endfor }` directive in templates).
    pub fn close_span(self) -> Span {
        self.rec::<ForRec>().close
    }
}

impl<'a> IndexExpr<'a> {
    /// The collection.
    pub fn collection(self) -> Expr<'a> {
        self.sub(self.rec::<IndexRec>().collection)
    }
    /// The key.
    pub fn key(self) -> Expr<'a> {
        self.sub(self.rec::<IndexRec>().key)
    }
    /// The span of `[`.
    pub fn open_span(self) -> Span {
        let p = self.rec::<IndexRec>().open;
        Span::new(p, p + 1)
    }
    /// The span of the brackets and key (the reference's `BracketRange`).
    pub fn bracket_span(self) -> Span {
        Span::new(self.rec::<IndexRec>().open, self.span().end)
    }
}

impl<'a> SplatExpr<'a> {
    /// The expression splatted.
    pub fn source(self) -> Expr<'a> {
        self.sub(self.rec::<SplatRec>().source)
    }
    /// The expression evaluated for each element (in terms of [`SplatExpr::item`]).
    pub fn each(self) -> Expr<'a> {
        self.sub(self.rec::<SplatRec>().each)
    }
    /// The placeholder standing for each element inside [`SplatExpr::each`].
    pub fn item(self) -> AnonSymbolExpr<'a> {
        AnonSymbolExpr { t: self.t, id: self.rec::<SplatRec>().item }
    }
    /// The span of `.*` or `[*]`.
    pub fn marker_span(self) -> Span {
        self.rec::<SplatRec>().marker
    }
}

impl<'a> ParenthesesExpr<'a> {
    /// The expression inside.
    pub fn inner(self) -> Expr<'a> {
        Expr::new(self.t, NodeId(self.n().data))
    }
}
