//! The typed AST of the native syntax.
//!
//! The tree is stored compactly: one [`Tree`] owns the source text, a vector of 16-byte nodes
//! addressed by [`NodeId`], and a vector of `u32`s for variable-length parts (child lists,
//! secondary ranges). Identifiers and string bodies are not copied: they are spans of the
//! source, decoded when asked for. This keeps a parsed file at about one to two bytes of tree
//! per byte of source. What each kind of node stores where is the `layout` module's business:
//! one typed record per node kind, written by the parser and read by the views.
//!
//! The public face is a set of typed, `Copy` views borrowing the tree: [`Body`], [`Attribute`],
//! [`Block`] and the [`Expr`] enum with one view type per node type of the reference's
//! `hclsyntax` package ([`LiteralExpr`], [`TemplateExpr`], [`ScopeTraversalExpr`], ...). Every
//! view has a [`Span`] and, through [`Tree::range`], a [`Range`]; views also expose the
//! secondary ranges the reference records (a block's type, labels and braces; an attribute's
//! name and equals sign; ...).
//!
//! **Invariants**: every node's span lies inside its parent's span (except for the synthetic
//! nodes of broken input, which may be empty); child lists are in source order. On broken
//! input, getters still return something: placeholders are [`LiteralValue::Dynamic`] literals.

mod layout;

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

pub use layout::MAX_SOURCE_LEN;
pub(crate) use layout::*;

use super::lexer::ident_end;
use crate::pos::{LineIndex, Pos, Range, Ranged, Span};

/// Index of a node in its [`Tree`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The id as a number (stable for the life of the tree; not an index into anything
    /// public).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The nodes and the `extra` words of a tree: what the parser builds and the views read.
#[derive(Clone, Default)]
pub(crate) struct Store {
    pub nodes: Vec<Node>,
    pub extra: Vec<u32>,
}

impl Store {
    /// Adds a node; returns its id.
    #[inline]
    pub(crate) fn push(&mut self, n: Node) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(n);
        id
    }

    /// Appends a record to `extra`; returns where it starts.
    #[inline]
    pub(crate) fn write<R: Record>(&mut self, r: &R) -> u32 {
        let at = self.extra.len() as u32;
        r.write(&mut self.extra);
        at
    }

    /// The record at `at` of `extra`.
    #[inline]
    pub(crate) fn record<R: Record>(&self, at: u32) -> R {
        R::read_at(&self.extra, at)
    }

    /// The node `id` (for a virtual literal part, the node it would be).
    #[inline]
    pub(crate) fn node(&self, id: u32) -> Node {
        if id & VIRTUAL != 0 {
            let t = self.nodes[(id & !VIRTUAL) as usize];
            let (span, flags) = if t.tpl_flags().contains(TplFlags::EMPTY) {
                (Span::empty(t.span.end), StrFlags::QUOTED | StrFlags::EMPTY)
            } else {
                (Span::new(t.span.start + 1, t.span.end.saturating_sub(1)), StrFlags::QUOTED)
            };
            return Node::literal(span, LitKind::String, flags);
        }
        self.nodes[id as usize]
    }

    /// The parts of template node `id`.
    pub(crate) fn template_parts(&self, id: u32) -> TemplateParts<'_> {
        let n = self.nodes[id as usize];
        if n.tpl_flags().contains(TplFlags::SIMPLE) {
            TemplateParts::One(id | VIRTUAL)
        } else {
            TemplateParts::List(TemplateLayout::words(&self.extra, n.data))
        }
    }

    /// Whether template node `id` is a single string literal (the reference's
    /// `IsStringLiteral`).
    pub(crate) fn is_string_literal(&self, id: u32) -> bool {
        let parts = self.template_parts(id);
        parts.len() == 1 && self.node(parts.get(0)).kind == Kind::Literal
    }
}

/// The value of string literal node `n` before NFC normalisation: decoded, then trimmed as its
/// flags say.
pub(crate) fn literal_string(src: &[u8], n: Node) -> Cow<'_, str> {
    let flags = n.str_flags();
    if flags.contains(StrFlags::EMPTY) {
        return Cow::Borrowed("");
    }
    let mut s = super::decode::decode_literal(src, n.span, flags.contains(StrFlags::QUOTED));
    if flags.intersects(StrFlags::LTRIM | StrFlags::RTRIM) {
        let mut v: &str = &s;
        if flags.contains(StrFlags::LTRIM) {
            v = v.trim_start();
        }
        if flags.contains(StrFlags::RTRIM) {
            v = v.trim_end();
        }
        if v.len() != s.len() {
            s = Cow::Owned(v.to_owned());
        }
    }
    s
}

/// A parsed source text: the source, its name, the nodes, and the comments beside them.
///
/// ```
/// use hclkit::Pos;
///
/// let (file, _) = hclkit::parse_config(b"# settings\nname = \"web\" // the name\n".as_slice(), "main.hcl");
/// let tree = file.tree();
/// assert_eq!(tree.filename().as_ref(), "main.hcl");
/// assert_eq!(tree.comments().len(), 2);
/// assert!(tree.text(tree.comments()[1]).starts_with("// the name"));
/// let attr = file.body().attribute("name").unwrap();
/// assert_eq!(tree.text(attr.expr().span()), "\"web\"");
/// assert_eq!(tree.pos(attr.expr().span().start), Pos { line: 2, column: 8, byte: 18 });
/// assert_eq!(tree.range(attr.span()).to_string(), "main.hcl:2,1-13");
/// // Node ids lead back to expressions, and only to expressions.
/// assert!(tree.expr(attr.expr().id()).is_some());
/// assert!(tree.expr(attr.id()).is_none());
/// ```
#[derive(Clone)]
pub struct Tree {
    pub(crate) src: Arc<[u8]>,
    pub(crate) filename: Arc<str>,
    pub(crate) store: Store,
    pub(crate) comments: Vec<Span>,
    pub(crate) line_index: OnceLock<LineIndex>,
}

impl Tree {
    /// The source text.
    pub fn source(&self) -> &[u8] {
        &self.src
    }

    /// The source text, shared.
    pub fn source_arc(&self) -> &Arc<[u8]> {
        &self.src
    }

    /// The file name given to the parser.
    pub fn filename(&self) -> &Arc<str> {
        &self.filename
    }

    /// The spans of all comments, in source order (they are not part of the tree).
    pub fn comments(&self) -> &[Span] {
        &self.comments
    }

    /// The line index of the source, built on first use.
    pub fn line_index(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(&self.src))
    }

    /// The position of a byte offset.
    pub fn pos(&self, offset: u32) -> Pos {
        self.line_index().pos(&self.src, offset)
    }

    /// The range of a span, with this tree's file name.
    pub fn range(&self, span: Span) -> Range {
        self.line_index().range(&self.src, &self.filename, span)
    }

    /// The source text of a span (lossily decoded).
    pub fn text(&self, span: Span) -> Cow<'_, str> {
        String::from_utf8_lossy(span.slice(&self.src))
    }

    /// Number of nodes (a measure of the tree's size).
    pub fn node_count(&self) -> usize {
        self.store.nodes.len()
    }

    /// Bytes of memory the tree structure uses (nodes, lists, comments; not the source).
    pub fn heap_size(&self) -> usize {
        self.store.nodes.capacity() * std::mem::size_of::<Node>()
            + self.store.extra.capacity() * 4
            + self.comments.capacity() * std::mem::size_of::<Span>()
    }

    /// The expression with id `id`, if it is one.
    pub fn expr(&self, id: NodeId) -> Option<Expr<'_>> {
        let n = self.store.nodes.get((id.0 & !VIRTUAL) as usize)?;
        if id.0 & VIRTUAL != 0 {
            return (n.kind == Kind::Template && n.tpl_flags().contains(TplFlags::SIMPLE)).then(|| Expr::new(self, id));
        }
        if matches!(n.kind, Kind::Body | Kind::Attribute | Kind::Block) {
            return None;
        }
        Some(Expr::new(self, id))
    }

    /// The body with id `id`, if it is one.
    pub(crate) fn body(&self, id: NodeId) -> Option<Body<'_>> {
        let n = self.store.nodes.get(id.index())?;
        (n.kind == Kind::Body).then_some(Body { t: self, id: id.0 })
    }

    /// The node `id` (for a virtual literal part, the node it would be).
    #[inline]
    pub(crate) fn node(&self, id: u32) -> Node {
        self.store.node(id)
    }

    /// The record at `at` of `extra`.
    #[inline]
    pub(crate) fn record<R: Record>(&self, at: u32) -> R {
        self.store.record(at)
    }

    #[inline]
    pub(crate) fn extra(&self) -> &[u32] {
        &self.store.extra
    }

    fn str(&self, span: Span) -> &str {
        std::str::from_utf8(span.slice(&self.src)).unwrap_or("\u{FFFD}")
    }

    /// The identifier starting at `start`.
    fn ident_at(&self, start: u32) -> Span {
        let end = ident_end(&self.src, start as usize).unwrap_or(start as usize);
        Span::new(start, end as u32)
    }
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tree").field("filename", &self.filename).field("nodes", &self.store.nodes.len()).finish()
    }
}

/// The part ids of a template.
#[derive(Clone, Copy)]
pub(crate) enum TemplateParts<'a> {
    One(u32),
    List(&'a [u32]),
}

impl TemplateParts<'_> {
    pub(crate) fn len(&self) -> usize {
        match self {
            TemplateParts::One(_) => 1,
            TemplateParts::List(l) => l.len(),
        }
    }

    pub(crate) fn get(&self, i: usize) -> u32 {
        match self {
            TemplateParts::One(id) => *id,
            TemplateParts::List(l) => l[i],
        }
    }
}

/// A parsed configuration file: a [`Tree`] whose root is a [`Body`].
///
/// ```
/// let src = "resource \"disk\" \"data\" {\n  size = 10\n}\n";
/// let (file, diags) = hclkit::parse_config(src.as_bytes(), "main.hcl");
/// assert!(diags.is_empty());
/// assert_eq!(file.source(), src.as_bytes());
/// assert_eq!(file.body().blocks().count(), 1);
/// // What the text renderer prints after a diagnostic's line number.
/// let offset = src.find("size").unwrap();
/// assert_eq!(file.context_string(offset).as_deref(), Some("resource \"disk\" \"data\""));
/// ```
#[derive(Debug)]
pub struct File {
    pub(crate) tree: Arc<Tree>,
    pub(crate) body: NodeId,
}

impl File {
    /// The root body.
    pub fn body(&self) -> Body<'_> {
        Body { t: &self.tree, id: self.body.0 }
    }

    /// The tree (source, nodes, comments, positions).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The tree, shared: what [`crate::syntax::native::NativeBody`] and
    /// [`crate::syntax::native::NativeExpression`] hold on to.
    pub fn tree_arc(&self) -> &Arc<Tree> {
        &self.tree
    }

    /// The source text.
    pub fn source(&self) -> &[u8] {
        &self.tree.src
    }

    /// The reference's "context string" for a byte offset: the header of the top-level block
    /// containing it (`resource "a" "b"`), used by the diagnostic text renderer.
    pub fn context_string(&self, offset: usize) -> Option<String> {
        let block = self.body().blocks().find(|b| b.span().contains(offset as u32))?;
        let mut s = block.block_type().into_owned();
        for l in block.labels() {
            s.push(' ');
            s.push_str(&crate::diagnostic::go_quote(&l.value()));
        }
        Some(s)
    }
}

impl std::ops::Deref for File {
    type Target = Tree;
    fn deref(&self) -> &Tree {
        &self.tree
    }
}

impl crate::diagnostic::SourceFiles for File {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        (filename == &*self.tree.filename).then_some(&self.tree.src[..])
    }
    fn context_string(&self, filename: &str, offset: usize) -> Option<String> {
        if filename != &*self.tree.filename {
            return None;
        }
        File::context_string(self, offset)
    }
}

/// A parsed standalone expression or template: a [`Tree`] whose root is an [`Expr`].
///
/// ```
/// use hclkit::syntax::native::ast::Expr;
///
/// let (e, diags) = hclkit::parse_expression(b"enabled ? 1 : 0".as_slice(), "x.hcl");
/// assert!(diags.is_empty());
/// let Expr::Conditional(c) = e.expr() else { panic!("not a conditional") };
/// // An `ExprFile` dereferences to its tree.
/// assert_eq!(e.text(c.condition().span()), "enabled");
/// assert_eq!(e.text(c.true_result().span()), "1");
/// assert_eq!(e.text(c.false_result().span()), "0");
/// ```
#[derive(Debug)]
pub struct ExprFile {
    pub(crate) tree: Arc<Tree>,
    pub(crate) root: NodeId,
}

impl ExprFile {
    /// The root expression.
    pub fn expr(&self) -> Expr<'_> {
        Expr::new(&self.tree, self.root)
    }

    /// The tree (source, nodes, comments, positions).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The tree, shared: what [`crate::syntax::native::NativeBody`] and
    /// [`crate::syntax::native::NativeExpression`] hold on to.
    pub fn tree_arc(&self) -> &Arc<Tree> {
        &self.tree
    }
}

impl std::ops::Deref for ExprFile {
    type Target = Tree;
    fn deref(&self) -> &Tree {
        &self.tree
    }
}

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
            fn n(self) -> Node {
                self.t.node(self.id)
            }

            /// The node's record in `extra` (at its `data`).
            #[inline]
            #[allow(dead_code)]
            fn rec<R: Record>(self) -> R {
                self.t.record(self.n().data)
            }

            /// The expression with id `id` of this view's tree.
            #[inline]
            #[allow(dead_code)]
            fn sub(self, id: u32) -> Expr<'a> {
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
    /// let (file, diags) = hclkit::parse_config(b"a = 1\nb {}\na = 2\n".as_slice(), "main.hcl");
    /// assert_eq!(diags.0[0].summary, "Attribute redefined");
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
    /// let (file, _) = hclkit::parse_config(b"port   = 80\n".as_slice(), "main.hcl");
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
    /// let (file, _) = hclkit::parse_config(b"service \"web\" api {\n  port = 80\n}\n".as_slice(), "main.hcl");
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
        self.attributes().find(|a| a.name_bytes() == name.as_bytes())
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
        self.t.ident_at(self.span().start)
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
            super::decode::decode_label(&self.t.src, self.span)
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
/// let (e, _) = hclkit::parse_expression(b"f(a, [1, 2])".as_slice(), "x.hcl");
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
    /// let (e, _) = hclkit::parse_expression(b"\"Hello, ${name}!\"".as_slice(), "x.hcl");
    /// let Expr::Template(t) = e.expr() else { panic!("not a template") };
    /// assert!(!t.is_string_literal());
    /// let parts: Vec<Expr> = t.parts().collect();
    /// assert_eq!(parts.len(), 3);
    /// let Expr::Literal(hello) = parts[0] else { panic!("not a literal") };
    /// assert!(hello.is_string());
    /// assert_eq!(hello.value(), LiteralValue::String("Hello, ".into()));
    ///
    /// // A template that is one interpolation is unwrapped to it.
    /// let (e, _) = hclkit::parse_expression(b"\"${name}\"".as_slice(), "x.hcl");
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
    /// let (e, _) = hclkit::parse_expression(b"concat(a, b...)".as_slice(), "x.hcl");
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
    /// let (e, _) = hclkit::parse_expression(b"{ for k, v in var.m : v => k... if k != \"\" }".as_slice(), "x.hcl");
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
    /// let (e, _) = hclkit::parse_expression(b"var.list[*].id".as_slice(), "x.hcl");
    /// let Expr::Splat(s) = e.expr() else { panic!("not a splat") };
    /// assert_eq!(e.text(s.source().span()), "var.list");
    /// assert_eq!(e.text(s.marker_span()), "[*]");
    /// // `each` applies `.id` to the per-element placeholder.
    /// let Expr::RelativeTraversal(each) = s.each() else { panic!("not a traversal") };
    /// assert_eq!(each.source().id(), Expr::AnonSymbol(s.item()).id());
    ///
    /// // An index with a key that is not constant is an index expression.
    /// let (e, _) = hclkit::parse_expression(b"var.m[local.k]".as_slice(), "x.hcl");
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

/// The value of a literal, as far as the syntax knows it.
///
/// ```
/// use hclkit::syntax::native::ast::{Expr, LiteralValue};
///
/// let (file, _) = hclkit::parse_config(b"n = 1.5e3\nb = true\nz = null\n".as_slice(), "main.hcl");
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
/// let (e, _) = hclkit::parse_expression(b"var.list[0].name".as_slice(), "x.hcl");
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
    Steps::iter(t.extra(), at).map(move |step| match step {
        Step::Attr { dot, name } => {
            let name = t.ident_at(name);
            Traverser::Attr { name: t.str(name), span: Span::new(dot, name.end) }
        }
        Step::Index { open, end, key } => {
            Traverser::Index { key: IndexKey::Expr(Expr::new(t, NodeId(key))), span: Span::new(open, end) }
        }
        Step::LegacyIndex { dot, number } | Step::BadLegacyIndex { dot, number } => {
            let num = Span::new(number, super::lexer::number_end(&t.src, number as usize) as u32);
            let span = Span::new(dot, num.end);
            if matches!(step, Step::LegacyIndex { .. }) {
                Traverser::Index { key: IndexKey::LegacyNumber(t.str(num), num), span }
            } else {
                Traverser::Index { key: IndexKey::Dynamic, span }
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
    /// The function's name.
    pub fn name(self) -> &'a str {
        self.t.str(self.name_span())
    }

    /// The name's span.
    pub fn name_span(self) -> Span {
        self.t.ident_at(self.span().start)
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
/// let (e, _) = hclkit::parse_expression(b"a + b * c > 10 || !ok".as_slice(), "x.hcl");
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
/// let (e, _) = hclkit::parse_expression(b"{ name = \"web\", (key) = 1 }".as_slice(), "x.hcl");
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
