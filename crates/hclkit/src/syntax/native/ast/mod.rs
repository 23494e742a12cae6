//! The typed AST of the native syntax.
//!
//! The tree is stored compactly: one [`Tree`] owns the source text, a vector of 16-byte nodes
//! addressed by [`NodeId`], and a vector of `u32`s for variable-length parts (child lists,
//! secondary ranges). Identifiers and string bodies are not copied: they are spans of the
//! source, decoded when asked for. This keeps a parsed file at about one to two bytes of tree
//! per byte of source.
//!
//! The module is in three parts: `layout` (what each node kind stores where: one typed record
//! per kind, written by the parser and read by the views), this module (storage: the nodes and
//! `extra` words, the [`Tree`] that owns them with the source, and the parsed [`File`] and
//! [`ExprFile`]), and the views (`views`: bodies, attributes, blocks and the [`Expr`] enum;
//! `expr_views`: the per-kind expression views and the values they return).
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

mod expr_views;
mod layout;
mod query;
mod views;

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

pub use expr_views::*;
pub use layout::MAX_SOURCE_LEN;
pub(crate) use layout::*;
pub use query::NodesAt;
pub use views::*;

use super::lexer::ident_end;
use crate::pos::{LineIndex, Pos, Range, Span};

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
    let mut s = super::escape::decode_literal(src, n.span, flags.contains(StrFlags::QUOTED));
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
/// let file = hclkit::parse_config(b"# settings\nname = \"web\" // the name\n".as_slice(), "main.hcl").into_value();
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
/// let (file, diags) = hclkit::parse_config(src.as_bytes(), "main.hcl").into_parts();
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
    /// The top-level blocks, for [`File::context_string`]; built on first use.
    pub(crate) top_blocks: OnceLock<TopBlocks>,
}

/// The spans of a body's blocks, in source order, so that finding the block around an offset
/// takes a binary search rather than a walk over every item of the body.
#[derive(Debug)]
pub(crate) struct TopBlocks {
    /// Each block's span and node id.
    blocks: Vec<(Span, u32)>,
    /// Whether each block starts at or after the end of the one before (so at most one
    /// contains a given offset: the last that starts at or before it). Parsed bodies are
    /// laid out so; should one not be, the search falls back to the first match in order.
    ordered: bool,
}

impl TopBlocks {
    fn new(body: Body<'_>) -> TopBlocks {
        let blocks: Vec<(Span, u32)> = body.blocks().map(|b| (b.span(), b.id)).collect();
        let ordered = blocks.windows(2).all(|w| w[1].0.start >= w[0].0.end);
        TopBlocks { blocks, ordered }
    }

    /// The id of the first block whose span contains `offset`.
    fn find(&self, offset: u32) -> Option<u32> {
        if self.ordered {
            let i = self.blocks.partition_point(|(s, _)| s.start <= offset).checked_sub(1)?;
            let (span, id) = self.blocks[i];
            span.contains(offset).then_some(id)
        } else {
            self.blocks.iter().find(|(s, _)| s.contains(offset)).map(|&(_, id)| id)
        }
    }
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
        let id = self.top_blocks.get_or_init(|| TopBlocks::new(self.body())).find(offset as u32)?;
        let block = Block { t: &self.tree, id };
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
/// let (e, diags) = hclkit::parse_expression(b"enabled ? 1 : 0".as_slice(), "x.hcl").into_parts();
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

#[cfg(test)]
mod context_string_tests {
    use proptest::prelude::*;

    use super::*;

    /// The definition: the header of the first top-level block whose span holds `offset`.
    fn by_scan(file: &File, offset: usize) -> Option<String> {
        let block = file.body().blocks().find(|b| b.span().contains(offset as u32))?;
        let mut s = block.block_type().into_owned();
        for l in block.labels() {
            s.push(' ');
            s.push_str(&crate::diagnostic::go_quote(&l.value()));
        }
        Some(s)
    }

    fn check(src: &str) -> Result<(), TestCaseError> {
        let file = crate::parse_config(src.as_bytes(), "t.hcl").into_value();
        for offset in 0..=src.len() + 1 {
            prop_assert_eq!(file.context_string(offset), by_scan(&file, offset), "{:?} at {}", src, offset);
        }
        Ok(())
    }

    #[test]
    fn binary_search_finds_what_a_scan_finds() {
        let src = "a = 1\nb \"x\" {\n  c = 2\n}\nd = 3\ne {}\nf \"y\" \"z\" {\n  g {\n  }\n}\n";
        check(src).unwrap();
        let file = crate::parse_config(src.as_bytes(), "t.hcl").into_value();
        file.context_string(0);
        assert!(file.top_blocks.get().is_some_and(|t| t.ordered && t.blocks.len() == 3));
        for broken in
            ["b {\n  c = \n}\nd {", "b { c = 1 }\nb {\n", "}\nb \"x\" {\n  c = [\n}\nd {}\n", "b {\n\"\n}\ne {}"]
        {
            check(broken).unwrap();
        }
    }

    proptest! {
        #[test]
        fn binary_search_finds_what_a_scan_finds_on_any_input(
            parts in proptest::collection::vec(
                proptest::sample::select(&["b {", "}", "\n", "c = 1", " \"l\"", "{", "[", "d {}\n", "e = {\n", "#", "\""][..]),
                0..16,
            )
        ) {
            check(&parts.concat())?;
        }
    }
}
