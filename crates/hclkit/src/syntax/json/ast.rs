//! The JSON tree: every value and object key with its span, in one flat vector.
//!
//! Nodes are stored in document order (preorder); each records the index just past its
//! subtree, so an object's or array's children are walked without any pointer. An object's
//! children alternate key (a string node) and value. Strings and numbers keep only their
//! span: text is decoded, and numbers are parsed at full precision, when asked for.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use hclkit_value::Number;

use crate::pos::{LineIndex, Pos, Range, Span};
use hclkit_value::json::decode_string;

/// The kind of a JSON value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Kind {
    /// `{ ... }`: properties (name and value), in source order, duplicates kept.
    Object,
    /// `[ ... ]`.
    Array,
    /// A string.
    String,
    /// A number.
    Number,
    /// `true` or `false`.
    Bool,
    /// `null`.
    Null,
    /// A placeholder where the input was too broken to make a value (a diagnostic says why).
    Invalid,
}

/// Node flag: a string whose content needs decoding (escapes, or bytes that are not UTF-8).
pub(crate) const NEEDS_DECODE: u8 = 1;
/// Node flag: the boolean `true`.
pub(crate) const TRUE: u8 = 2;
/// Node flag: the placeholder empty object that stands in for a root that is not an
/// object or array.
pub(crate) const SYNTHETIC: u8 = 4;

/// One node of the flat tree (16 bytes).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawNode {
    pub(crate) span: Span,
    pub(crate) kind: Kind,
    pub(crate) flags: u8,
    /// Index just past this node's subtree.
    pub(crate) next: u32,
}

const _: () = assert!(std::mem::size_of::<RawNode>() == 16);

/// A parsed JSON source: the source, its name and the nodes.
pub struct JsonTree {
    pub(crate) src: Arc<[u8]>,
    pub(crate) filename: Arc<str>,
    pub(crate) nodes: Vec<RawNode>,
    pub(crate) line_index: OnceLock<LineIndex>,
    /// Points where a column scan can resume (byte offset outside strings → its column),
    /// filled as positions are asked for: positions on long lines cost the distance from the
    /// nearest point, not from the line's start.
    pub(crate) column_checkpoints: Mutex<BTreeMap<u32, u32>>,
}

impl JsonTree {
    pub(crate) fn new(src: Arc<[u8]>, filename: Arc<str>, nodes: Vec<RawNode>) -> JsonTree {
        JsonTree { src, filename, nodes, line_index: OnceLock::new(), column_checkpoints: Mutex::default() }
    }

    /// The source text.
    pub fn source(&self) -> &[u8] {
        &self.src
    }

    /// The file name given to the parser.
    pub fn filename(&self) -> &Arc<str> {
        &self.filename
    }

    /// Number of nodes (values and keys).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Bytes of memory the nodes use (not counting the source).
    pub fn heap_size(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<RawNode>()
    }

    /// The line index of this file's text, built on first use: for positions in the units an
    /// editor counts in ([`LineIndex::line_column`], [`LineIndex::offset`]). (Diagnostics'
    /// positions in JSON files count columns as the reference's JSON scanner does; see
    /// [`JsonTree::pos`].)
    pub fn line_index(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(&self.src))
    }

    /// The position of a byte offset, as the reference's JSON scanner counts: lines after
    /// each `\n`; columns count grapheme clusters inside strings, two for a tab, none for a
    /// carriage return and one for any other byte.
    pub fn pos(&self, offset: u32) -> Pos {
        let offset = offset.min(self.src.len() as u32);
        let idx = self.line_index();
        let mut line = 0;
        // Binary search on line starts, through the public accessor.
        let (mut lo, mut hi) = (0, idx.line_count());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if idx.line_start(mid).unwrap_or(u32::MAX) <= offset {
                line = mid;
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let start = idx.line_start(line).unwrap_or(0);
        let mut checkpoints = self.column_checkpoints.lock().unwrap_or_else(|e| e.into_inner());
        let from = match checkpoints.range(start..=offset).next_back() {
            Some((&i, &col)) => (i as usize, col as usize),
            None => (start as usize, 1),
        };
        let column = super::scan::column_from(&self.src, from, offset as usize, |i, col| {
            checkpoints.insert(i as u32, col as u32);
        });
        Pos { line: line as u32 + 1, column: column as u32, byte: offset }
    }

    /// The range of a span, with this tree's file name.
    pub fn range(&self, span: Span) -> Range {
        Range { filename: self.filename.clone(), start: self.pos(span.start), end: self.pos(span.end) }
    }

    /// The node with index `index`.
    pub(crate) fn node(&self, index: u32) -> Node<'_> {
        Node { tree: self, index }
    }
}

impl fmt::Debug for JsonTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonTree").field("filename", &self.filename).field("nodes", &self.nodes.len()).finish()
    }
}

/// A parsed JSON file (or standalone JSON expression): the tree and its root value.
///
/// For a configuration file whose root is not an object or an array, the root is an empty
/// object at the start of the file (and the parse reported an error), as in the reference.
#[derive(Clone, Debug)]
pub struct JsonFile {
    pub(crate) tree: Arc<JsonTree>,
    pub(crate) root: u32,
}

impl JsonFile {
    /// The root value.
    pub fn root(&self) -> Node<'_> {
        self.tree.node(self.root)
    }

    /// The tree, shared.
    pub fn tree(&self) -> &Arc<JsonTree> {
        &self.tree
    }

    /// The source text.
    pub fn source(&self) -> &[u8] {
        &self.tree.src
    }

    /// The index of the root node in the tree.
    pub fn root_index(&self) -> u32 {
        self.root
    }

    /// A description of where `offset` is, as a path of the objects and arrays around it
    /// (`foo.bar[2]`): the reference's `ContextString` for JSON files.
    pub fn context_string(&self, offset: usize) -> Option<String> {
        let mut steps = String::new();
        let mut cur = self.root();
        'outer: loop {
            match cur.kind() {
                Kind::Object => {
                    for p in cur.properties() {
                        let v = p.value;
                        if matches!(v.kind(), Kind::Object | Kind::Array) && v.span().contains(offset as u32) {
                            steps.push('.');
                            steps.push_str(&p.name());
                            cur = v;
                            continue 'outer;
                        }
                    }
                }
                Kind::Array => {
                    for (i, v) in cur.elements().enumerate() {
                        if matches!(v.kind(), Kind::Object | Kind::Array) && v.span().contains(offset as u32) {
                            steps.push_str(&format!("[{i}]"));
                            cur = v;
                            continue 'outer;
                        }
                    }
                }
                _ => {}
            }
            break;
        }
        let s = steps.strip_prefix('.').unwrap_or(&steps);
        (!s.is_empty()).then(|| s.to_owned())
    }
}

impl crate::diagnostic::SourceFiles for JsonFile {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        (filename == &*self.tree.filename).then_some(&self.tree.src[..])
    }

    fn context_string(&self, filename: &str, offset: usize) -> Option<String> {
        if filename != &*self.tree.filename {
            return None;
        }
        JsonFile::context_string(self, offset)
    }
}

/// A view of one JSON value (or object key) in a [`JsonTree`].
#[derive(Clone, Copy)]
pub struct Node<'a> {
    tree: &'a JsonTree,
    index: u32,
}

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}@{:?}", self.kind(), self.span())
    }
}

/// One property of an object: its name (a string node) and its value.
#[derive(Clone, Copy, Debug)]
pub struct Property<'a> {
    /// The name, a string node (with its quotes in its span).
    pub key: Node<'a>,
    /// The value.
    pub value: Node<'a>,
}

impl<'a> Property<'a> {
    /// The decoded name.
    pub fn name(&self) -> Cow<'a, str> {
        self.key.as_str().unwrap_or(Cow::Borrowed(""))
    }

    /// The span of the name, quotes included.
    pub fn name_span(&self) -> Span {
        self.key.span()
    }
}

impl<'a> Node<'a> {
    fn raw(self) -> &'a RawNode {
        &self.tree.nodes[self.index as usize]
    }

    /// The tree this node belongs to.
    pub fn tree(self) -> &'a JsonTree {
        self.tree
    }

    /// This node's index in the tree.
    pub fn index(self) -> u32 {
        self.index
    }

    /// What kind of value this is.
    pub fn kind(self) -> Kind {
        self.raw().kind
    }

    /// The span: from brace to brace for objects, bracket to bracket for arrays, the token
    /// (quotes included) for the others.
    pub fn span(self) -> Span {
        self.raw().span
    }

    /// The range of [`Node::span`].
    pub fn range(self) -> Range {
        self.tree.range(self.span())
    }

    /// The span of the opening brace or bracket of an object or array; the whole span for
    /// the others (the reference's `StartRange`).
    pub fn start_span(self) -> Span {
        let r = self.raw();
        match r.kind {
            Kind::Object | Kind::Array if r.flags & SYNTHETIC == 0 => Span::new(r.span.start, r.span.start + 1),
            _ => r.span,
        }
    }

    /// The span of the closing brace or bracket of an object or array; the whole span for
    /// the others.
    pub fn end_span(self) -> Span {
        let r = self.raw();
        match r.kind {
            Kind::Object | Kind::Array if r.flags & SYNTHETIC == 0 => Span::new(r.span.end - 1, r.span.end),
            _ => r.span,
        }
    }

    /// Whether this is the empty object that stands in for a root that was not an object or
    /// an array.
    pub fn is_placeholder(self) -> bool {
        self.raw().flags & SYNTHETIC != 0
    }

    /// The raw source text of this node.
    pub fn source_text(self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.span().slice(&self.tree.src))
    }

    /// The decoded text of a string.
    pub fn as_str(self) -> Option<Cow<'a, str>> {
        let r = self.raw();
        if r.kind != Kind::String {
            return None;
        }
        let content = Span::new(r.span.start + 1, r.span.end.saturating_sub(1)).slice(&self.tree.src);
        Some(decode_string(content))
    }

    /// The value of a boolean.
    pub fn as_bool(self) -> Option<bool> {
        let r = self.raw();
        (r.kind == Kind::Bool).then_some(r.flags & TRUE != 0)
    }

    /// The source text of a number (JSON's number grammar, checked by the parser).
    pub fn number_text(self) -> Option<&'a str> {
        let r = self.raw();
        if r.kind != Kind::Number {
            return None;
        }
        std::str::from_utf8(r.span.slice(&self.tree.src)).ok()
    }

    /// The value of a number, at full precision (as the reference's `cty.ParseNumberVal`).
    pub fn as_number(self) -> Option<Number> {
        Number::parse(self.number_text()?).ok()
    }

    /// Whether this is `null`.
    pub fn is_null(self) -> bool {
        self.raw().kind == Kind::Null
    }

    /// This value as the ordered JSON document model, [`hclkit_value::json::Node`]: properties
    /// in source order with repeated names kept, numbers as their source text, strings
    /// decoded; an invalid node (left by error recovery) becomes `null`. What `hclkit
    /// convert` and the bindings hand on for a file already in the JSON syntax.
    ///
    /// ```
    /// use hclkit_value::json::Node as Doc;
    ///
    /// let file = hclkit::syntax::json::parse(br#"{"a": 1.50, "a": "x\u00e9", "b": [true, null]}"#.as_slice(), "f.json").into_value();
    /// let doc = file.root().to_document();
    /// assert_eq!(doc.to_compact(), r#"{"a":1.50,"a":"xé","b":[true,null]}"#);
    /// assert!(matches!(doc, Doc::Object(ref props) if props.len() == 3));
    /// ```
    pub fn to_document(self) -> hclkit_value::json::Node {
        use hclkit_value::json::Node as Doc;
        // The parser bounds nesting (`MAX_DEPTH`), and so this recursion.
        match self.kind() {
            Kind::Null | Kind::Invalid => Doc::Null,
            Kind::Bool => Doc::Bool(self.as_bool().unwrap_or(false)),
            Kind::Number => Doc::Number(self.number_text().unwrap_or("0").to_owned()),
            Kind::String => Doc::String(self.as_str().unwrap_or_default().into_owned()),
            Kind::Array => Doc::Array(self.elements().map(Node::to_document).collect()),
            Kind::Object => {
                Doc::Object(self.properties().map(|p| (p.name().into_owned(), p.value.to_document())).collect())
            }
        }
    }

    fn children_end(self) -> u32 {
        self.raw().next
    }

    /// The properties of an object, in source order (duplicates included); nothing for
    /// other kinds.
    pub fn properties(self) -> Properties<'a> {
        let (next, end) = if self.kind() == Kind::Object { (self.index + 1, self.children_end()) } else { (0, 0) };
        Properties { tree: self.tree, next, end }
    }

    /// The elements of an array, in order; nothing for other kinds.
    pub fn elements(self) -> Elements<'a> {
        let (next, end) = if self.kind() == Kind::Array { (self.index + 1, self.children_end()) } else { (0, 0) };
        Elements { tree: self.tree, next, end }
    }
}

/// Iterator over an object's properties.
#[derive(Clone)]
pub struct Properties<'a> {
    tree: &'a JsonTree,
    next: u32,
    end: u32,
}

impl<'a> Iterator for Properties<'a> {
    type Item = Property<'a>;

    fn next(&mut self) -> Option<Property<'a>> {
        if self.next + 1 >= self.end {
            return None;
        }
        let key = self.tree.node(self.next);
        let value = self.tree.node(self.next + 1);
        self.next = value.children_end();
        Some(Property { key, value })
    }
}

/// Iterator over an array's elements.
#[derive(Clone)]
pub struct Elements<'a> {
    tree: &'a JsonTree,
    next: u32,
    end: u32,
}

impl<'a> Iterator for Elements<'a> {
    type Item = Node<'a>;

    fn next(&mut self) -> Option<Node<'a>> {
        if self.next >= self.end {
            return None;
        }
        let n = self.tree.node(self.next);
        self.next = n.children_end();
        Some(n)
    }
}

/// One step of the path from a JSON file's root to an offset (see [`JsonFile::nodes_at`]).
#[derive(Clone, Copy, Debug)]
pub struct PathStep<'a> {
    /// The node: a value, or the name of a property when the offset lies in the name.
    pub node: Node<'a>,
    /// How the step before leads here: `None` for the root.
    pub via: Option<Via<'a>>,
}

/// How a [`PathStep`] is reached from the object or array before it.
#[derive(Clone, Copy, Debug)]
pub enum Via<'a> {
    /// Through a property of an object (the step's node is its value, or its name).
    Property(Property<'a>),
    /// Through the element at this index of an array.
    Element(usize),
}

impl JsonFile {
    /// The nodes that contain byte `offset`, from the root down to the innermost value (or a
    /// property's name), each with how it is reached: what an editor needs to know where a
    /// position is in a JSON file (interpreting the path as blocks and attributes takes a
    /// schema). A node contains an offset when `start <= offset < end`.
    ///
    /// ```
    /// use hclkit::syntax::json::{parse, Via};
    ///
    /// let src = r#"{"resource": {"a": {"b": {"tags": ["x", "y"]}}}}"#;
    /// let file = parse(src.as_bytes().to_vec(), "main.tf.json").into_value();
    /// let path = file.nodes_at(src.find("\"y\"").unwrap() as u32);
    /// let names: Vec<String> = path
    ///     .iter()
    ///     .filter_map(|s| match s.via {
    ///         Some(Via::Property(p)) => Some(p.name().into_owned()),
    ///         Some(Via::Element(i)) => Some(i.to_string()),
    ///         None => None,
    ///     })
    ///     .collect();
    /// assert_eq!(names, ["resource", "a", "b", "tags", "1"]);
    /// assert_eq!(path.last().unwrap().node.as_str().unwrap(), "y");
    /// ```
    pub fn nodes_at(&self, offset: u32) -> Vec<PathStep<'_>> {
        let mut path = Vec::new();
        let mut node = self.root();
        if !node.span().contains(offset) {
            return path;
        }
        path.push(PathStep { node, via: None });
        'down: loop {
            match node.kind() {
                Kind::Object => {
                    for p in node.properties() {
                        if p.key.span().contains(offset) {
                            path.push(PathStep { node: p.key, via: Some(Via::Property(p)) });
                            break 'down;
                        }
                        if p.value.span().contains(offset) {
                            path.push(PathStep { node: p.value, via: Some(Via::Property(p)) });
                            node = p.value;
                            continue 'down;
                        }
                    }
                }
                Kind::Array => {
                    for (i, e) in node.elements().enumerate() {
                        if e.span().contains(offset) {
                            path.push(PathStep { node: e, via: Some(Via::Element(i)) });
                            node = e;
                            continue 'down;
                        }
                    }
                }
                _ => {}
            }
            break;
        }
        path
    }
}
