//! The typed views of the tree: `Copy` handles of a tree and a node id, one type per node
//! kind. This module has the view types themselves, bodies, attributes, blocks and labels, and
//! the [`Expr`] enum over the expression views; `expr_views` has what each expression view
//! reads. Views read nodes only through the records of `layout`.

use std::borrow::Cow;
use std::fmt;

use super::*;
use crate::pos::{Range, Ranged, Span};

macro_rules! view {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy)]
        pub struct $name<'a> {
            pub(crate) t: &'a Tree,
            pub(crate) id: u32,
        }

        impl<'a> $name<'a> {
            /// The node's id.
            pub fn id(self) -> NodeId {
                NodeId(self.id)
            }

            /// The node's span (the reference's `SrcRange`).
            pub fn span(self) -> Span {
                self.t.node(self.id).span
            }

            /// The node's range (the reference's `Range()`).
            pub fn range(self) -> Range {
                self.t.range(self.span())
            }

            /// The tree the node belongs to.
            pub fn tree(self) -> &'a Tree {
                self.t
            }

            #[inline]
            #[allow(dead_code)]
            pub(super) fn n(self) -> Node {
                self.t.node(self.id)
            }

            /// The node's record in `extra` (at its `data`).
            #[inline]
            #[allow(dead_code)]
            pub(super) fn rec<R: Record>(self) -> R {
                self.t.record(self.n().data)
            }

            /// The expression with id `id` of this view's tree.
            #[inline]
            #[allow(dead_code)]
            pub(super) fn sub(self, id: u32) -> Expr<'a> {
                Expr::new(self.t, NodeId(id))
            }
        }

        impl Ranged for $name<'_> {
            fn span(&self) -> Span {
                (*self).span()
            }
        }

        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:?})", stringify!($name), self.span())
            }
        }
    };
}

view!(
    /// A body: attributes and blocks (the reference's `hclsyntax.Body`).
    ///
    /// ```
    /// use hclkit::syntax::native::ast::BodyItem;
    ///
    /// let (file, diags) = hclkit::parse_config(b"a = 1\nb {}\na = 2\n".as_slice(), "main.hcl").into_parts();
    /// assert_eq!(diags[0].summary, "Attribute redefined");
    /// let body = file.body();
    /// let kinds: Vec<&str> = body
    ///     .items()
    ///     .map(|i| match i {
    ///         BodyItem::Attribute(_) => "attribute",
    ///         BodyItem::Block(_) => "block",
    ///     })
    ///     .collect();
    /// assert_eq!(kinds, ["attribute", "block", "attribute"]);
    /// assert_eq!(body.attributes().count(), 1); // the redefinition is left out
    /// assert!(body.attribute("a").is_some() && body.attribute("b").is_none());
    /// assert_eq!(body.blocks().next().unwrap().block_type(), "b");
    /// ```
    Body
);
view!(
    /// An attribute definition `name = expr` (the reference's `hclsyntax.Attribute`).
    ///
    /// ```
    /// use hclkit::Span;
    ///
    /// let file = hclkit::parse_config(b"port   = 80\n".as_slice(), "main.hcl").into_value();
    /// let a = file.body().attribute("port").unwrap();
    /// assert_eq!(a.name(), "port");
    /// assert_eq!(a.name_span(), Span::new(0, 4));
    /// assert_eq!(a.equals_span(), Span::new(7, 8));
    /// assert_eq!(file.text(a.expr().span()), "80");
    /// assert_eq!(a.range().to_string(), "main.hcl:1,1-12");
    /// assert!(!a.is_redefinition());
    /// ```
    Attribute
);
view!(
    /// A block `type "label" label { body }` (the reference's `hclsyntax.Block`).
    ///
    /// ```
    /// let file = hclkit::parse_config(b"service \"web\" api {\n  port = 80\n}\n".as_slice(), "main.hcl").into_value();
    /// let b = file.body().blocks().next().unwrap();
    /// assert_eq!(b.block_type(), "service");
    /// let labels: Vec<(String, bool)> = b.labels().map(|l| (l.value().into_owned(), l.is_quoted())).collect();
    /// assert_eq!(labels, [("web".to_string(), true), ("api".to_string(), false)]);
    /// assert_eq!(file.text(b.def_span()), "service \"web\" api");
    /// assert_eq!(file.text(b.open_brace_span()), "{");
    /// assert_eq!(file.text(b.close_brace_span()), "}");
    /// assert!(b.body().attribute("port").is_some());
    /// ```
    Block
);

/// An item of a body, in source order.
#[derive(Clone, Copy, Debug)]
pub enum BodyItem<'a> {
    /// An attribute definition.
    Attribute(Attribute<'a>),
    /// A nested block.
    Block(Block<'a>),
}

impl<'a> Body<'a> {
    /// All attributes and blocks in source order, including redefined attributes.
    pub fn items(self) -> impl Iterator<Item = BodyItem<'a>> + 'a {
        let t = self.t;
        BodyLayout::item_words(t.extra(), self.n().data).iter().map(move |&id| match t.node(id).kind {
            Kind::Block => BodyItem::Block(Block { t, id }),
            _ => BodyItem::Attribute(Attribute { t, id }),
        })
    }

    /// The attributes, in source order, without those that redefine an earlier one (the
    /// reference keeps the first definition and reports the others).
    pub fn attributes(self) -> impl Iterator<Item = Attribute<'a>> + 'a {
        self.items().filter_map(|i| match i {
            BodyItem::Attribute(a) if !a.is_redefinition() => Some(a),
            _ => None,
        })
    }

    /// The attribute called `name`, if defined.
    pub fn attribute(self, name: &str) -> Option<Attribute<'a>> {
        let name = name.as_bytes();
        // The source at the attribute's start must begin with `name` before its identifier
        // is worth scanning for.
        self.attributes().find(|a| {
            let start = a.span().start as usize;
            self.t.src.get(start..start + name.len()) == Some(name) && a.name_bytes() == name
        })
    }

    /// The nested blocks, in source order.
    pub fn blocks(self) -> impl Iterator<Item = Block<'a>> + 'a {
        self.items().filter_map(|i| match i {
            BodyItem::Block(b) => Some(b),
            _ => None,
        })
    }

    /// The span the reference records as the body's `EndRange` (zero-length at the end of
    /// the closing brace, except for some broken blocks).
    pub fn end_span(self) -> Span {
        BodyLayout::header(self.t.extra(), self.n().data).end
    }

    /// Where a missing item would go: the zero-length span at the body's start (the
    /// reference's `MissingItemRange`).
    pub fn missing_item_span(self) -> Span {
        Span::empty(self.span().start)
    }
}

impl<'a> Attribute<'a> {
    /// The attribute's name.
    pub fn name(self) -> &'a str {
        self.t.str(self.name_span())
    }

    fn name_bytes(self) -> &'a [u8] {
        self.name_span().slice(&self.t.src)
    }

    /// The name's span.
    pub fn name_span(self) -> Span {
        let n = self.n();
        let start = n.span.start;
        // The parser keeps the name token's length (the identifier scanned again otherwise).
        let span = match n.attr_name_len() {
            Some(len) => Span::new(start, start + len),
            None => self.t.ident_at(start),
        };
        debug_assert_eq!(span, self.t.ident_at(start));
        span
    }

    /// The span of the `=`.
    pub fn equals_span(self) -> Span {
        let n = self.n();
        let p = if n.attr_flags().contains(AttrFlags::WIDE) {
            self.rec::<AttrWide>().equals
        } else {
            n.span.start + n.attr_equals_offset()
        };
        Span::new(p, p + 1)
    }

    /// The value expression.
    pub fn expr(self) -> Expr<'a> {
        let n = self.n();
        if n.attr_flags().contains(AttrFlags::WIDE) {
            self.sub(self.rec::<AttrWide>().expr)
        } else {
            self.sub(n.data)
        }
    }

    /// Whether an earlier attribute of the same body has the same name (an error the parser
    /// reported; the reference drops such attributes from the body).
    pub fn is_redefinition(self) -> bool {
        self.n().attr_flags().contains(AttrFlags::DUPLICATE)
    }
}

/// A block label: a quoted string or a bare identifier.
#[derive(Clone, Copy)]
pub struct Label<'a> {
    t: &'a Tree,
    span: Span,
}

impl<'a> Label<'a> {
    /// The label's span (including quotes).
    pub fn span(self) -> Span {
        self.span
    }

    /// Whether the label was written as a quoted string.
    pub fn is_quoted(self) -> bool {
        self.span.slice(&self.t.src).first() == Some(&b'"')
    }

    /// The label's value (quoted labels have their escapes decoded).
    pub fn value(self) -> Cow<'a, str> {
        if self.is_quoted() {
            crate::syntax::native::escape::decode_label(&self.t.src, self.span)
        } else {
            Cow::Borrowed(self.t.str(self.span))
        }
    }
}

impl fmt::Debug for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Label({:?})", self.value())
    }
}

impl<'a> Block<'a> {
    /// The block type.
    pub fn block_type(self) -> Cow<'a, str> {
        Cow::Borrowed(self.t.str(self.type_span()))
    }

    /// The span of the block type.
    pub fn type_span(self) -> Span {
        Span::new(self.span().start, self.header().type_end)
    }

    /// The labels, in order.
    pub fn labels(self) -> impl Iterator<Item = Label<'a>> + 'a {
        let t = self.t;
        BlockLayout::items(t.extra(), self.n().data).map(move |span| Label { t, span })
    }

    /// The span of the `{` (the type's span when the block has no brace).
    pub fn open_brace_span(self) -> Span {
        self.header().open
    }

    /// The span of the `}` (the last token of the block when it is broken).
    pub fn close_brace_span(self) -> Span {
        self.header().close
    }

    /// The body.
    pub fn body(self) -> Body<'a> {
        Body { t: self.t, id: self.header().body }
    }

    #[inline]
    fn header(self) -> BlockRec {
        BlockLayout::header(self.t.extra(), self.n().data)
    }

    /// The span of the header, from the type to the last label (the reference's `DefRange`).
    pub fn def_span(self) -> Span {
        let end = self.labels().last().map(|l| l.span).unwrap_or(self.type_span());
        self.type_span().to(end)
    }
}

/// An expression (the reference's `hclsyntax.Expression`), as one typed view per node type.
///
/// ```
/// use hclkit::syntax::native::ast::Expr;
///
/// let e = hclkit::parse_expression(b"f(a, [1, 2])".as_slice(), "x.hcl").into_value();
/// let root = e.expr();
/// assert!(matches!(root, Expr::FunctionCall(_)));
/// assert_eq!(root.range().to_string(), "x.hcl:1,1-13");
/// assert_eq!(e.text(root.start_span()), "f(");
/// let children = root.children();
/// assert!(matches!(children[0], Expr::ScopeTraversal(_)));
/// assert!(matches!(children[1], Expr::Tuple(_)));
///
/// // Walking the whole tree:
/// let (mut stack, mut count) = (vec![root], 0);
/// while let Some(x) = stack.pop() {
///     count += 1;
///     stack.extend(x.children());
/// }
/// assert_eq!(count, 5);
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Expr<'a> {
    /// A literal number, bool, null or string part.
    Literal(LiteralExpr<'a>),
    /// A template: literal parts and interpolations.
    Template(TemplateExpr<'a>),
    /// A template that is a single interpolation, unwrapped to its expression's value.
    TemplateWrap(TemplateWrapExpr<'a>),
    /// A template `for` directive: joins the strings of a tuple `for` expression.
    TemplateJoin(TemplateJoinExpr<'a>),
    /// A variable and its attribute and index steps.
    ScopeTraversal(ScopeTraversalExpr<'a>),
    /// Attribute and index steps applied to another expression.
    RelativeTraversal(RelativeTraversalExpr<'a>),
    /// A function call.
    FunctionCall(FunctionCallExpr<'a>),
    /// `cond ? a : b` (also template `if` directives).
    Conditional(ConditionalExpr<'a>),
    /// A binary operation.
    BinaryOp(BinaryOpExpr<'a>),
    /// `-x` or `!x`.
    UnaryOp(UnaryOpExpr<'a>),
    /// `[a, b]`.
    Tuple(TupleConsExpr<'a>),
    /// `{a = b}`.
    Object(ObjectConsExpr<'a>),
    /// `[for ...]` or `{for ...}` (also template `for` directives).
    For(ForExpr<'a>),
    /// `x[key]` with a key that is not a constant.
    Index(IndexExpr<'a>),
    /// `x.*.a` or `x[*].a`.
    Splat(SplatExpr<'a>),
    /// The placeholder for each element inside a splat.
    AnonSymbol(AnonSymbolExpr<'a>),
    /// `(x)`.
    Parens(ParenthesesExpr<'a>),
}

view!(
    /// A literal value (the reference's `LiteralValueExpr`).
    LiteralExpr
);
view!(
    /// A template (the reference's `TemplateExpr`).
    ///
    /// ```
    /// use hclkit::syntax::native::ast::{Expr, LiteralValue};
    ///
    /// let e = hclkit::parse_expression(b"\"Hello, ${name}!\"".as_slice(), "x.hcl").into_value();
    /// let Expr::Template(t) = e.expr() else { panic!("not a template") };
    /// assert!(!t.is_string_literal());
    /// let parts: Vec<Expr> = t.parts().collect();
    /// assert_eq!(parts.len(), 3);
    /// let Expr::Literal(hello) = parts[0] else { panic!("not a literal") };
    /// assert!(hello.is_string());
    /// assert_eq!(hello.value(), LiteralValue::String("Hello, ".into()));
    ///
    /// // A template that is one interpolation is unwrapped to it.
    /// let e = hclkit::parse_expression(b"\"${name}\"".as_slice(), "x.hcl").into_value();
    /// assert!(matches!(e.expr(), Expr::TemplateWrap(w) if matches!(w.wrapped(), Expr::ScopeTraversal(_))));
    /// ```
    TemplateExpr
);
view!(
    /// A template unwrapped to its single interpolation (the reference's `TemplateWrapExpr`).
    TemplateWrapExpr
);
view!(
    /// A template `for` directive's join (the reference's `TemplateJoinExpr`).
    TemplateJoinExpr
);
view!(
    /// A traversal from a variable (the reference's `ScopeTraversalExpr`).
    ScopeTraversalExpr
);
view!(
    /// A traversal from another expression (the reference's `RelativeTraversalExpr`).
    RelativeTraversalExpr
);
view!(
    /// A function call (the reference's `FunctionCallExpr`).
    ///
    /// ```
    /// use hclkit::syntax::native::ast::Expr;
    ///
    /// let e = hclkit::parse_expression(b"concat(a, b...)".as_slice(), "x.hcl").into_value();
    /// let Expr::FunctionCall(c) = e.expr() else { panic!("not a call") };
    /// assert_eq!(c.name(), "concat");
    /// assert_eq!(c.args().count(), 2);
    /// assert!(c.expand_final());
    /// assert_eq!(e.text(c.name_span().to(c.close_paren_span())), "concat(a, b...)");
    /// ```
    FunctionCallExpr
);
view!(
    /// A conditional (the reference's `ConditionalExpr`).
    ConditionalExpr
);
view!(
    /// A binary operation (the reference's `BinaryOpExpr`).
    BinaryOpExpr
);
view!(
    /// A unary operation (the reference's `UnaryOpExpr`).
    UnaryOpExpr
);
view!(
    /// A tuple constructor (the reference's `TupleConsExpr`).
    TupleConsExpr
);
view!(
    /// An object constructor (the reference's `ObjectConsExpr`).
    ObjectConsExpr
);
view!(
    /// A `for` expression (the reference's `ForExpr`).
    ///
    /// ```
    /// use hclkit::syntax::native::ast::Expr;
    ///
    /// let e = hclkit::parse_expression(b"{ for k, v in var.m : v => k... if k != \"\" }".as_slice(), "x.hcl").into_value();
    /// let Expr::For(f) = e.expr() else { panic!("not a for expression") };
    /// assert!(f.is_object() && f.group());
    /// assert_eq!((f.key_var(), f.value_var()), (Some("k"), "v"));
    /// assert_eq!(e.text(f.collection().span()), "var.m");
    /// assert_eq!(e.text(f.key_expr().unwrap().span()), "v");
    /// assert_eq!(e.text(f.value_expr().span()), "k");
    /// assert_eq!(e.text(f.condition().unwrap().span()), "k != \"\"");
    /// ```
    ForExpr
);
view!(
    /// An index operation with a non-constant key (the reference's `IndexExpr`).
    IndexExpr
);
view!(
    /// A splat (the reference's `SplatExpr`).
    ///
    /// ```
    /// use hclkit::syntax::native::ast::Expr;
    ///
    /// let e = hclkit::parse_expression(b"var.list[*].id".as_slice(), "x.hcl").into_value();
    /// let Expr::Splat(s) = e.expr() else { panic!("not a splat") };
    /// assert_eq!(e.text(s.source().span()), "var.list");
    /// assert_eq!(e.text(s.marker_span()), "[*]");
    /// // `each` applies `.id` to the per-element placeholder.
    /// let Expr::RelativeTraversal(each) = s.each() else { panic!("not a traversal") };
    /// assert_eq!(each.source().id(), Expr::AnonSymbol(s.item()).id());
    ///
    /// // An index with a key that is not constant is an index expression.
    /// let e = hclkit::parse_expression(b"var.m[local.k]".as_slice(), "x.hcl").into_value();
    /// let Expr::Index(i) = e.expr() else { panic!("not an index") };
    /// assert_eq!(e.text(i.key().span()), "local.k");
    /// ```
    SplatExpr
);
view!(
    /// The per-element placeholder of a splat (the reference's `AnonSymbolExpr`).
    AnonSymbolExpr
);
view!(
    /// Parentheses (the reference's `ParenthesesExpr`).
    ParenthesesExpr
);

impl<'a> Expr<'a> {
    pub(crate) fn new(t: &'a Tree, id: NodeId) -> Expr<'a> {
        let id = id.0;
        match t.node(id).kind {
            Kind::Literal => Expr::Literal(LiteralExpr { t, id }),
            Kind::Template => Expr::Template(TemplateExpr { t, id }),
            Kind::TemplateWrap => Expr::TemplateWrap(TemplateWrapExpr { t, id }),
            Kind::TemplateJoin => Expr::TemplateJoin(TemplateJoinExpr { t, id }),
            Kind::ScopeTraversal => Expr::ScopeTraversal(ScopeTraversalExpr { t, id }),
            Kind::RelativeTraversal => Expr::RelativeTraversal(RelativeTraversalExpr { t, id }),
            Kind::FunctionCall => Expr::FunctionCall(FunctionCallExpr { t, id }),
            Kind::Conditional => Expr::Conditional(ConditionalExpr { t, id }),
            Kind::BinaryOp => Expr::BinaryOp(BinaryOpExpr { t, id }),
            Kind::UnaryOp => Expr::UnaryOp(UnaryOpExpr { t, id }),
            Kind::Tuple => Expr::Tuple(TupleConsExpr { t, id }),
            Kind::Object => Expr::Object(ObjectConsExpr { t, id }),
            Kind::For => Expr::For(ForExpr { t, id }),
            Kind::Index => Expr::Index(IndexExpr { t, id }),
            Kind::Splat => Expr::Splat(SplatExpr { t, id }),
            Kind::AnonSymbol => Expr::AnonSymbol(AnonSymbolExpr { t, id }),
            Kind::Parens => Expr::Parens(ParenthesesExpr { t, id }),
            // Not expressions; never stored where an expression is expected.
            Kind::Body | Kind::Attribute | Kind::Block => Expr::Literal(LiteralExpr { t, id }),
        }
    }

    /// The node's id.
    pub fn id(self) -> NodeId {
        NodeId(self.raw_id())
    }

    fn raw_id(self) -> u32 {
        match self {
            Expr::Literal(e) => e.id,
            Expr::Template(e) => e.id,
            Expr::TemplateWrap(e) => e.id,
            Expr::TemplateJoin(e) => e.id,
            Expr::ScopeTraversal(e) => e.id,
            Expr::RelativeTraversal(e) => e.id,
            Expr::FunctionCall(e) => e.id,
            Expr::Conditional(e) => e.id,
            Expr::BinaryOp(e) => e.id,
            Expr::UnaryOp(e) => e.id,
            Expr::Tuple(e) => e.id,
            Expr::Object(e) => e.id,
            Expr::For(e) => e.id,
            Expr::Index(e) => e.id,
            Expr::Splat(e) => e.id,
            Expr::AnonSymbol(e) => e.id,
            Expr::Parens(e) => e.id,
        }
    }

    /// The tree the expression belongs to.
    pub fn tree(self) -> &'a Tree {
        match self {
            Expr::Literal(e) => e.t,
            Expr::Template(e) => e.t,
            Expr::TemplateWrap(e) => e.t,
            Expr::TemplateJoin(e) => e.t,
            Expr::ScopeTraversal(e) => e.t,
            Expr::RelativeTraversal(e) => e.t,
            Expr::FunctionCall(e) => e.t,
            Expr::Conditional(e) => e.t,
            Expr::BinaryOp(e) => e.t,
            Expr::UnaryOp(e) => e.t,
            Expr::Tuple(e) => e.t,
            Expr::Object(e) => e.t,
            Expr::For(e) => e.t,
            Expr::Index(e) => e.t,
            Expr::Splat(e) => e.t,
            Expr::AnonSymbol(e) => e.t,
            Expr::Parens(e) => e.t,
        }
    }

    /// The expression's span (the reference's `Range()`; for a template join, its `for`).
    pub fn span(self) -> Span {
        self.tree().node(self.raw_id()).span
    }

    /// The expression's range.
    pub fn range(self) -> Range {
        self.tree().range(self.span())
    }

    /// The span the reference's `StartRange()` gives: where the expression begins.
    pub fn start_span(self) -> Span {
        match self {
            Expr::Template(e) => e.parts().next().map(|p| p.start_span()).unwrap_or(e.span()),
            // The `for` directive's opening `%{ for … }`.
            Expr::TemplateJoin(e) => e.tuple().open_span(),
            Expr::FunctionCall(e) => e.name_span().to(e.open_paren_span()),
            Expr::Conditional(e) => e.condition().start_span(),
            Expr::BinaryOp(e) => e.lhs().start_span(),
            Expr::UnaryOp(e) => e.symbol_span(),
            Expr::Tuple(e) => e.open_span(),
            Expr::Object(e) => e.open_span(),
            Expr::For(e) => e.open_span(),
            Expr::Index(e) => e.open_span(),
            Expr::Splat(e) => e.marker_span(),
            Expr::Parens(e) => e.inner().start_span(),
            e => e.span(),
        }
    }

    /// The direct child expressions, in source order (for walking the tree).
    pub fn children(self) -> Vec<Expr<'a>> {
        match self {
            Expr::Literal(_) | Expr::ScopeTraversal(_) | Expr::AnonSymbol(_) => Vec::new(),
            Expr::Template(e) => e.parts().collect(),
            Expr::TemplateWrap(e) => vec![e.wrapped()],
            Expr::TemplateJoin(e) => vec![Expr::For(e.tuple())],
            Expr::RelativeTraversal(e) => vec![e.source()],
            Expr::FunctionCall(e) => e.args().collect(),
            Expr::Conditional(e) => vec![e.condition(), e.true_result(), e.false_result()],
            Expr::BinaryOp(e) => vec![e.lhs(), e.rhs()],
            Expr::UnaryOp(e) => vec![e.operand()],
            Expr::Tuple(e) => e.exprs().collect(),
            Expr::Object(e) => e.items().flat_map(|i| [i.key.expr(), i.value]).collect(),
            Expr::For(e) => {
                let mut v = vec![e.collection()];
                v.extend(e.key_expr());
                v.push(e.value_expr());
                v.extend(e.condition());
                v
            }
            Expr::Index(e) => vec![e.collection(), e.key()],
            Expr::Splat(e) => vec![e.source(), e.each()],
            Expr::Parens(e) => vec![e.inner()],
        }
    }
}

impl Ranged for Expr<'_> {
    fn span(&self) -> Span {
        (*self).span()
    }
}
