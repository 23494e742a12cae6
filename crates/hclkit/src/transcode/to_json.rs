//! Native syntax to the JSON syntax: a parsed native body to a [`Node`].

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use hclkit_value::{Type, Value};

use crate::context::EvalContext;
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics, Severity};
use crate::pos::ColumnUnit;
use crate::syntax::native::ast::{
    Attribute, Block, Body, BodyItem, Expr, File, LiteralValue, ObjectConsExpr, Tree, UnaryOp,
};
use crate::syntax::native::lexer::{LexMode, Lexer};
use crate::syntax::native::token::TokenKind;
use crate::Span;
use hclkit_value::json::Node;

/// How blocks are laid out in the JSON output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BlockShape {
    /// One object level per label; a single block's body is an object, several blocks with
    /// the same type and labels an array of bodies. Blocks with the same label are grouped
    /// at the first one's place, so every label level is an object and
    /// `doc[type][label]...` reaches every block. Blocks with the same labels keep their
    /// order; blocks whose labels differ may change order (a schema keying them by label
    /// decodes the same; a `block_list` over interleaved labels lists them grouped: use
    /// [`BlockShape::Ordered`] where that order matters, as for Packer's provisioners).
    #[default]
    Nested,
    /// As [`BlockShape::Nested`], but block order is kept exactly: where a label would
    /// repeat after other labels, that label level becomes an array of objects.
    Ordered,
    /// As tmccombs/hcl2json writes blocks: one object level per label (blocks with the same
    /// labels grouped together at the first one's place), and every block body inside an
    /// array, even when there is one. Blocks with different labels may change order (their
    /// relative order carries no meaning to a schema that keys them by label; blocks with the
    /// same type and labels keep theirs).
    Array,
}

/// Options of [`file_to_json`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToJsonOptions {
    /// How blocks are laid out.
    pub blocks: BlockShape,
    /// Fold expressions that reference no variables and call no functions into their values
    /// (as hcl2json's `-simplify`), when the value has a JSON shape (no lists, maps or sets,
    /// no typed nulls, no infinite numbers).
    pub simplify: bool,
    /// Keep comments as `"//"` properties of the bodies they are in.
    pub comments: bool,
    /// Give every body object a `"//ranges"` property (`None`, the default: none) holding
    /// the source ranges of its block and of its attributes, columns counted in the unit
    /// given (JavaScript's UTF-16 code units, Python's characters, or the grapheme clusters
    /// of [`Pos`](crate::Pos)). The JSON is then an annotated document for tools that point
    /// into the source, no longer the same configuration to the HCL JSON syntax (which would
    /// read `"//ranges"` as an attribute). See [`file_to_json`] for the shape.
    pub ranges: Option<ColumnUnit>,
    /// Write a heredoc with interpolations as a template string of its text, as
    /// `@cdktf/hcl2json` does (`"hello ${var.x}\n"`: its literal text, `<<-` indentation
    /// removed, and each `${...}` as its expression is written), instead of `"${<<EOT ... EOT\n}"`
    /// (the default: read back, that stays a heredoc; the template string comes back as a
    /// quoted string). A heredoc with `%{...}` directives is written the default way.
    pub heredoc_templates: bool,
}

impl Default for ToJsonOptions {
    /// Nested blocks, no folding, comments kept, no ranges, heredocs as heredocs.
    fn default() -> ToJsonOptions {
        ToJsonOptions {
            blocks: BlockShape::Nested,
            simplify: false,
            comments: true,
            ranges: None,
            heredoc_templates: false,
        }
    }
}

/// Converts a parsed native file to a document in the HCL JSON syntax.
///
/// Attributes become properties (in order), blocks nested objects (see [`BlockShape`]),
/// literal values JSON values (numbers as written), quoted templates JSON template strings,
/// and every other expression a `"${…}"` template of its source text; literal text is
/// escaped (`$${`, `%%{`) so nothing is evaluated by accident. Comments become `"//"`
/// properties of the body they are in (with [`ToJsonOptions::comments`]).
///
/// JSON strings are templates only when the application evaluates with a context (the JSON
/// syntax reads strings literally without one), so the result means what the native file
/// means wherever expressions are evaluated with an [`EvalContext`].
///
/// The file should have parsed without errors; a broken tree converts to something, but not
/// to anything meaningful.
///
/// ```
/// use hclkit::transcode::{file_to_json, ToJsonOptions};
///
/// let src = b"# web server\nport = 8080\nservice \"web\" {\n  cmd = \"run ${var.x}\"\n  n = 1 + 2\n}\n";
/// let (file, diags) = hclkit::parse_config(src.as_slice(), "main.hcl").into_parts();
/// assert!(!diags.has_errors());
/// let (doc, warnings) = file_to_json(&file, &ToJsonOptions::default());
/// assert!(warnings.is_empty());
/// assert_eq!(
///     doc.to_compact(),
///     r#"{"//":"web server","port":8080,"service":{"web":{"cmd":"run ${var.x}","n":"${1 + 2}"}}}"#
/// );
/// ```
///
/// The returned diagnostics are warnings, one for each name the JSON syntax cannot keep apart:
/// an attribute and a block type of one body with the same name. Both are written (the
/// document keeps repeated keys), but the JSON syntax has one namespace for both, so no schema
/// lets the reference read both (some applications, such as Terragrunt's `generate`, use both
/// in native files).
///
/// ```
/// use hclkit::transcode::{file_to_json, ToJsonOptions};
///
/// let file = hclkit::parse_config(b"a = 1\na {\n}\n".as_slice(), "main.hcl").into_value();
/// let (_, diags) = file_to_json(&file, &ToJsonOptions::default());
/// assert_eq!(diags.iter().next().unwrap().summary, "Attribute and block with the same name");
/// ```
///
/// With [`ToJsonOptions::ranges`], every body object (the file's and each block's) starts
/// with a `"//ranges"` property, a name no attribute or block type can have: `range`, the
/// block from its type to its closing brace (for the file, the whole file);
/// `definition`, the block's type and labels (the reference's `DefRange`; not at the top);
/// and `attributes`, for each attribute of the body its `range` (name to end of value),
/// `name` and `value`. Each range is `{"start", "end"}` (end exclusive), each position
/// `{"line", "column", "byte"}`: line and column from 1, the column in the unit asked for,
/// the byte offset from 0.
///
/// ```
/// use hclkit::pos::ColumnUnit;
/// use hclkit::transcode::{file_to_json, BlockShape, ToJsonOptions};
///
/// let file = hclkit::parse_config("b \"é\" {\n  a = 1\n}\n".as_bytes(), "main.hcl").into_value();
/// let opts = ToJsonOptions { blocks: BlockShape::Array, ranges: Some(ColumnUnit::Utf16), ..ToJsonOptions::default() };
/// let doc = file_to_json(&file, &opts).0.to_compact();
/// let pos = |line, column, byte| format!(r#"{{"line":{line},"column":{column},"byte":{byte}}}"#);
/// let range = |s: String, e: String| format!(r#"{{"start":{s},"end":{e}}}"#);
/// let top = range(pos(1, 1, 0), pos(4, 1, 19));
/// let block = range(pos(1, 1, 0), pos(3, 2, 18));
/// let definition = range(pos(1, 1, 0), pos(1, 6, 6));
/// let a = format!(
///     r#"{{"range":{},"name":{},"value":{}}}"#,
///     range(pos(2, 3, 11), pos(2, 8, 16)),
///     range(pos(2, 3, 11), pos(2, 4, 12)),
///     range(pos(2, 7, 15), pos(2, 8, 16)),
/// );
/// assert_eq!(
///     doc,
///     format!(
///         r#"{{"//ranges":{{"range":{top},"attributes":{{}}}},"b":{{"é":[{{"//ranges":{{"range":{block},"definition":{definition},"attributes":{{"a":{a}}}}},"a":1}}]}}}}"#
///     )
/// );
/// ```
pub fn file_to_json(file: &File, opts: &ToJsonOptions) -> (Node, Diagnostics) {
    let tree = file.tree();
    let mut cx = Cx::new(tree, opts);
    let doc = cx.body(file.body(), u32::MAX, Vec::new(), Owner::File);
    (doc, cx.diags)
}

/// Converts one native body (a file's or a block's) to a JSON body object, as [`file_to_json`]
/// does; the comments inside the body's span are kept.
pub fn body_to_json(body: Body<'_>, opts: &ToJsonOptions) -> Node {
    let tree = body.tree();
    let mut cx = Cx::new(tree, opts);
    // Skip comments before the body (for a block's body: those of the enclosing file).
    cx.skip_before(body.span().start);
    let end = body.span().end;
    cx.body(body, end, Vec::new(), Owner::Body)
}

/// What a body belongs to, for its `"//ranges"`: the range is the whole file's, the body's or
/// the block's.
#[derive(Clone, Copy)]
pub(super) enum Owner<'a> {
    File,
    Body,
    Block(Block<'a>),
}

pub(super) struct Cx<'a> {
    pub(super) tree: &'a Tree,
    /// The source, when it is UTF-8 (as it is when it parsed without errors): spans are read
    /// from it without decoding each.
    src: Option<&'a str>,
    pub(super) opts: &'a ToJsonOptions,
    pub(super) comments: &'a [Span],
    /// The next comment not yet placed.
    pub(super) next: usize,
    /// The empty evaluation context of `simplify`, made on first use.
    pub(super) ctx: Option<EvalContext>,
    /// Names the JSON syntax cannot keep apart.
    pub(super) diags: Diagnostics,
}

/// A block converted, before blocks are grouped by type.
struct BlockOut<'a> {
    block: Block<'a>,
    labels: Vec<String>,
    body: Vec<(String, Node)>,
    leading: Vec<String>,
}

enum Item<'a> {
    Comments(Vec<String>),
    Attr(Attribute<'a>, Node),
    Block(BlockOut<'a>),
}

impl<'a> Cx<'a> {
    pub(super) fn new(tree: &'a Tree, opts: &'a ToJsonOptions) -> Cx<'a> {
        let src = std::str::from_utf8(tree.source()).ok();
        Cx { tree, src, opts, comments: tree.comments(), next: 0, ctx: None, diags: Diagnostics::new() }
    }

    /// The source text of a span (as [`Tree::text`] gives it).
    pub(super) fn text(&self, span: Span) -> Cow<'a, str> {
        match self.src.and_then(|s| s.get(span.start as usize..span.end as usize)) {
            Some(t) => Cow::Borrowed(t),
            None => self.tree.text(span),
        }
    }

    pub(super) fn skip_before(&mut self, pos: u32) {
        while self.next < self.comments.len() && self.comments[self.next].start < pos {
            self.next += 1;
        }
    }

    /// The comments starting before `pos` not yet placed, as text.
    fn take_before(&mut self, pos: u32) -> Vec<String> {
        let mut out = Vec::new();
        while self.next < self.comments.len() && self.comments[self.next].start < pos {
            if self.opts.comments {
                out.push(comment_text(&self.text(self.comments[self.next])).to_owned());
            }
            self.next += 1;
        }
        out
    }

    /// A body as a JSON object; `owner` what it is the body of (for its ranges).
    fn body(&mut self, body: Body<'a>, end: u32, leading: Vec<String>, owner: Owner<'a>) -> Node {
        let mut items: Vec<Item<'a>> = Vec::new();
        if !leading.is_empty() {
            items.push(Item::Comments(leading));
        }
        for item in body.items() {
            match item {
                BodyItem::Attribute(a) => {
                    let mut before = self.take_before(a.span().start);
                    // Comments inside the expression cannot stay there: they go before it.
                    before.extend(self.take_before(a.span().end));
                    if !before.is_empty() {
                        items.push(Item::Comments(before));
                    }
                    let v = self.expr(a.expr());
                    items.push(Item::Attr(a, v));
                }
                BodyItem::Block(b) => {
                    let inner = b.body();
                    let leading = self.take_before(inner.span().start);
                    let json = self.body(inner, inner.span().end, Vec::new(), Owner::Block(b));
                    let Node::Object(body) = json else { unreachable_body() };
                    let labels = b.labels().map(|l| l.value().into_owned()).collect();
                    items.push(Item::Block(BlockOut { block: b, labels, body, leading }));
                }
            }
        }
        let trailing = self.take_before(end);
        if !trailing.is_empty() {
            items.push(Item::Comments(trailing));
        }
        let mut out = self.assemble(items);
        if let Some(unit) = self.opts.ranges {
            out.insert(0, ("//ranges".to_owned(), self.ranges(body, owner, unit)));
        }
        Node::Object(out)
    }

    /// The `"//ranges"` property of a body (see [`file_to_json`]).
    pub(super) fn ranges(&self, body: Body<'a>, owner: Owner<'a>, unit: ColumnUnit) -> Node {
        let range = |span: Span| {
            let pos = |byte: u32| {
                let lc = self.tree.line_index().line_column(self.tree.source(), byte, unit);
                Node::Object(vec![
                    ("line".to_owned(), Node::Number((lc.line + 1).to_string())),
                    ("column".to_owned(), Node::Number((lc.column + 1).to_string())),
                    ("byte".to_owned(), Node::Number(byte.to_string())),
                ])
            };
            Node::Object(vec![("start".to_owned(), pos(span.start)), ("end".to_owned(), pos(span.end))])
        };
        let mut out = Vec::with_capacity(3);
        match owner {
            Owner::Block(b) => {
                out.push(("range".to_owned(), range(b.span())));
                out.push(("definition".to_owned(), range(b.def_span())));
            }
            Owner::File => out.push(("range".to_owned(), range(Span::new(0, self.tree.source().len() as u32)))),
            Owner::Body => out.push(("range".to_owned(), range(body.span()))),
        }
        let attributes = body
            .attributes()
            .map(|a| {
                let entry = vec![
                    ("range".to_owned(), range(a.span())),
                    ("name".to_owned(), range(a.name_span())),
                    ("value".to_owned(), range(a.expr().span())),
                ];
                (a.name().to_owned(), Node::Object(entry))
            })
            .collect();
        out.push(("attributes".to_owned(), Node::Object(attributes)));
        Node::Object(out)
    }

    /// Lays out a body's items: attributes and comments in order, blocks of one type (and
    /// label count) together at the first one's place.
    fn assemble(&mut self, items: Vec<Item<'a>>) -> Vec<(String, Node)> {
        let mut out = Vec::new();
        let mut groups: Vec<((String, usize), Vec<BlockOut<'a>>)> = Vec::new();
        // Where each group's property goes: (index in `out`, group).
        let mut slots: Vec<(usize, usize)> = Vec::new();
        let mut attr_names: Vec<(&'a str, Attribute<'a>)> = Vec::new();
        for item in items {
            match item {
                Item::Comments(c) => out.push(("//".to_owned(), Node::String(c.join("\n")))),
                Item::Attr(a, v) => {
                    attr_names.push((a.name(), a));
                    out.push((a.name().to_owned(), v))
                }
                Item::Block(mut b) => {
                    let key = (b.block.block_type().into_owned(), b.labels.len());
                    match groups.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, g)) => {
                            // A later block's leading comments go inside its body.
                            if !b.leading.is_empty() {
                                let c = std::mem::take(&mut b.leading).join("\n");
                                b.body.insert(0, ("//".to_owned(), Node::String(c)));
                            }
                            g.push(b);
                        }
                        None => {
                            if !b.leading.is_empty() {
                                let c = std::mem::take(&mut b.leading).join("\n");
                                out.push(("//".to_owned(), Node::String(c)));
                            }
                            slots.push((out.len(), groups.len()));
                            out.push((key.0.clone(), Node::Null));
                            groups.push((key, vec![b]));
                        }
                    }
                }
            }
        }
        let types = groups.iter().filter_map(|((name, _), blocks)| Some((name.as_str(), blocks.first()?.block)));
        self.same_name_warnings(attr_names.iter().copied(), types);
        for (at, g) in slots {
            let blocks: Vec<(Vec<String>, Node)> =
                std::mem::take(&mut groups[g].1).into_iter().map(|b| (b.labels, Node::Object(b.body))).collect();
            out[at].1 = nest(self.opts.blocks, blocks).into_node();
        }
        out
    }

    /// One warning per name used by both an attribute and a block type (`types`: each type's
    /// first block), at the later one.
    pub(super) fn same_name_warnings<'s, 't>(
        &mut self,
        attrs: impl Iterator<Item = (&'s str, Attribute<'a>)> + Clone,
        types: impl Iterator<Item = (&'t str, Block<'a>)>,
    ) {
        for (name, block) in types {
            let Some((_, attr)) = attrs.clone().find(|(n, _)| *n == name) else {
                continue;
            };
            let attr = &attr.name_span();
            let block = block.type_span();
            let (subject, other, what, other_what) = if attr.start < block.start {
                (block, *attr, "block", "attribute")
            } else {
                (*attr, block, "attribute", "block")
            };
            let other = self.tree.range(other);
            self.diags.push(
                warning(
                    "Attribute and block with the same name",
                    format!(
                        "The JSON syntax has one namespace for attributes and blocks: this {what} and the {other_what} {} defined at {other} are both written as properties of that name, and no schema lets a JSON reader accept both.",
                        go_quote(name)
                    ),
                )
                .with_subject(self.tree.range(subject)),
            );
        }
    }

    pub(super) fn expr(&mut self, e: Expr<'a>) -> Node {
        match e {
            Expr::Literal(l) => match l.value() {
                LiteralValue::Number(n) => Node::Number(json_number(n).to_owned()),
                LiteralValue::Bool(b) => Node::Bool(b),
                LiteralValue::Null => Node::Null,
                LiteralValue::String(s) => Node::String(escape_template(&s)),
                LiteralValue::InvalidNumber(_) | LiteralValue::Dynamic => self.wrap(e),
            },
            Expr::UnaryOp(u) if u.op() == UnaryOp::Negate => match u.operand() {
                Expr::Literal(l) => match l.value() {
                    LiteralValue::Number(n) => Node::Number(format!("-{}", json_number(n))),
                    _ => self.fold_or_wrap(e),
                },
                _ => self.fold_or_wrap(e),
            },
            Expr::Template(_) | Expr::TemplateWrap(_) => {
                let src = self.text(e.span());
                if src.starts_with('"') {
                    if self.opts.simplify && !matches!(e, Expr::Template(t) if t.is_string_literal()) {
                        if let Some(j) = self.fold(e) {
                            return j;
                        }
                    }
                    if let Some(plain) = plain_quoted(&src) {
                        // The common case, without lexing it again: what `quoted_template`
                        // gives for it, its text as written.
                        return Node::String(plain.to_owned());
                    }
                    match quoted_template(&src) {
                        Some(t) => Node::String(t),
                        None => self.wrap(e),
                    }
                } else if let Expr::Template(t) = e {
                    // A heredoc without interpolations or directives (its lines may be
                    // several literal parts): its value.
                    if t.parts().all(|p| matches!(p, Expr::Literal(_))) {
                        let (v, d) = e.value(None);
                        match v.as_str() {
                            Some(s) if !d.has_errors() => Node::String(escape_template(s)),
                            _ => self.wrap(e),
                        }
                    } else if let Some(text) = self.opts.heredoc_templates.then(|| self.heredoc_template(e)).flatten() {
                        Node::String(text)
                    } else {
                        self.fold_or_wrap(e)
                    }
                } else {
                    self.fold_or_wrap(e)
                }
            }
            Expr::Tuple(t) => Node::Array(t.exprs().map(|x| self.expr(x)).collect()),
            Expr::Object(o) => match self.object_keys(o) {
                Some(keys) => {
                    Node::Object(o.items().zip(keys).map(|(item, k)| (k.into_owned(), self.expr(item.value))).collect())
                }
                None => self.fold_or_wrap(e),
            },
            _ => self.fold_or_wrap(e),
        }
    }

    /// A heredoc's template string ([`ToJsonOptions::heredoc_templates`]): its literal text
    /// escaped, each interpolation `${` its expression as written `}`; `None` when it has a
    /// directive.
    fn heredoc_template(&self, e: Expr<'a>) -> Option<String> {
        let Expr::Template(t) = e else { return None };
        let start = e.span().start;
        let mut out = String::new();
        for part in t.parts() {
            let span = part.span();
            if let Expr::Literal(l) = part {
                // Literal text (indentation already removed), or an interpolated literal
                // (`${0}`), written as its value as @cdktf/hcl2json does.
                match l.value() {
                    LiteralValue::String(s) => out.push_str(&escape_template_cow(&s)),
                    LiteralValue::Number(n) => out.push_str(json_number(n)),
                    LiteralValue::Bool(b) => out.push_str(if b { "true" } else { "false" }),
                    _ => return None,
                }
                continue;
            }
            // An interpolation: `${` (and a strip marker) right before it; anything else is
            // a directive's.
            let before = self.text(Span::new(start, span.start));
            if !before.trim_end_matches([' ', '\t', '\r', '\n', '~']).ends_with("${") {
                return None;
            }
            out.push_str("${");
            out.push_str(self.text(span).trim());
            out.push('}');
        }
        Some(out)
    }

    /// Each key of an object constructor as a JSON property name, which the JSON syntax reads
    /// as a template (as @cdktf/hcl2json writes them): a name or a literal string escaped, a
    /// quoted template as its template text, any other expression (`(var.name)`) as `${...}`
    /// around its source. `None` when the object must be written whole as one template (a
    /// `null` key, a repeated key, a key that is a heredoc).
    pub(super) fn object_keys(&self, o: ObjectConsExpr<'a>) -> Option<Vec<Cow<'a, str>>> {
        // Repeated keys: found by a scan among a few, by a set past them.
        let mut seen = HashSet::new();
        let mut keys: Vec<Cow<'a, str>> = Vec::new();
        for item in o.items() {
            let k = match (item.key.force_non_literal(), item.key.expr()) {
                // The name read from the checked source (`root_name` checks its UTF-8 again).
                (false, Expr::ScopeTraversal(s)) if s.len() == 1 => match self.text(s.root_span()) {
                    Cow::Borrowed(name) => escape_template_cow(name),
                    Cow::Owned(name) => Cow::Owned(escape_template(&name)),
                },
                // A `null` key is an error when evaluated; the whole object as one
                // template keeps that (the reference reads it so).
                (false, Expr::Literal(l)) if l.keyword() == Some("null") => return None,
                (false, Expr::Literal(l)) if l.keyword().is_some_and(|k| k != "null") => {
                    Cow::Borrowed(l.keyword().unwrap_or_default())
                }
                (_, k @ Expr::Template(t)) if t.is_string_literal() => match k.value(None) {
                    (v, d) if !d.has_errors() && v.as_str().is_some() => {
                        Cow::Owned(escape_template(v.as_str().unwrap_or_default()))
                    }
                    _ => return None,
                },
                (_, k) => {
                    let src = self.text(k.span());
                    match quoted_template(&src).filter(|_| matches!(k, Expr::Template(_) | Expr::TemplateWrap(_))) {
                        Some(t) => Cow::Owned(t),
                        None if !has_heredoc_marker(&src) => Cow::Owned(format!("${{{src}}}")),
                        None => return None,
                    }
                }
            };
            // The JSON syntax rejects duplicate keys the native syntax accepts.
            let repeated = if keys.len() < 16 {
                keys.contains(&k)
            } else {
                if seen.is_empty() {
                    seen.extend(keys.iter().cloned());
                }
                !seen.insert(k.clone())
            };
            if repeated {
                return None;
            }
            keys.push(k);
        }
        Some(keys)
    }

    pub(super) fn fold_or_wrap(&mut self, e: Expr<'a>) -> Node {
        if self.opts.simplify {
            if let Some(j) = self.fold(e) {
                return j;
            }
        }
        self.wrap(e)
    }

    /// The value of an expression that references no variables, if it evaluates without
    /// errors (no functions are defined) to something JSON can hold.
    pub(super) fn fold(&mut self, e: Expr<'a>) -> Option<Node> {
        if !crate::syntax::native::expression::variables(e).is_empty() {
            return None;
        }
        let ctx = self.ctx.get_or_insert_with(EvalContext::new);
        let (v, d) = e.value(Some(ctx));
        if d.has_errors() {
            return None;
        }
        value_json(&v)
    }

    /// `"${…}"` around the expression's source text.
    fn wrap(&self, e: Expr<'a>) -> Node {
        Node::String(self.wrap_text(e))
    }

    /// The text of [`Cx::wrap`]'s string.
    fn wrap_text(&self, e: Expr<'a>) -> String {
        let src = self.text(e.span());
        let mut s = String::with_capacity(src.len() + 4);
        s.push_str("${");
        s.push_str(&src);
        // A heredoc's closing marker must end its line.
        if !src.ends_with('\n') && has_heredoc_marker(&src) {
            s.push('\n');
        }
        s.push('}');
        s
    }
}

fn warning(summary: &'static str, detail: String) -> Diagnostic {
    Diagnostic { severity: Severity::Warning, ..Diagnostic::error(summary, detail) }
}

#[cold]
fn unreachable_body() -> ! {
    // `Cx::body` always returns an object.
    unreachable!("a body converts to an object")
}

/// A value as JSON, if it has a JSON shape (strings escaped as template literals).
fn value_json(v: &Value) -> Option<Node> {
    if !v.is_known() {
        return None;
    }
    let ty = v.ty();
    if v.is_null() {
        return (ty == Type::Dynamic).then_some(Node::Null);
    }
    match ty {
        Type::Bool => v.as_bool().map(Node::Bool),
        Type::Number => {
            let n = v.as_number()?.try_to_string().ok()?;
            is_json_number(&n).then_some(Node::Number(n))
        }
        Type::String => v.as_str().map(|s| Node::String(escape_template(s))),
        Type::Tuple(_) => Some(Node::Array(v.elements()?.iter().map(value_json).collect::<Option<_>>()?)),
        Type::Object(_) => Some(Node::Object(
            v.entries()?.iter().map(|(k, x)| Some((escape_template(k), value_json(x)?))).collect::<Option<_>>()?,
        )),
        _ => None,
    }
}

/// Whether `s` is a JSON number.
pub(crate) fn is_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - s
    };
    let int_start = i;
    let n = digits(&mut i);
    if n == 0 || (n > 1 && b[int_start] == b'0') {
        return false;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Whether expression source holds `<<` (may hold a heredoc): a search for `<` first, as
/// most expressions have none (cheaper than a substring search per expression).
pub(super) fn has_heredoc_marker(src: &str) -> bool {
    let b = src.as_bytes();
    memchr::memchr_iter(b'<', b).any(|i| b.get(i + 1) == Some(&b'<'))
}

/// A native number literal as JSON: the same text without leading zeros (which JSON forbids).
pub(super) fn json_number(n: &str) -> &str {
    let int_len = n.bytes().take_while(u8::is_ascii_digit).count();
    let zeros = n.bytes().take(int_len.saturating_sub(1)).take_while(|&c| c == b'0').count();
    &n[zeros..]
}

/// Escapes literal text for a template: `${` as `$${`, `%{` as `%%{`, and a carriage return
/// not followed by a line feed as the interpolation `${"\r"}` (the reference's template
/// scanner reads everything after a lone carriage return as literal text, directives
/// included).
///
/// ```
/// assert_eq!(hclkit::transcode::escape_template("a${b} %{c} \r."), "a$${b} %%{c} ${\"\\r\"}.");
/// ```
pub fn escape_template(s: &str) -> String {
    escape_template_cow(s).into_owned()
}

/// [`escape_template`], borrowing the text when it has nothing to escape (most text): one
/// search for `$`, `%` and carriage returns.
pub(super) fn escape_template_cow(s: &str) -> Cow<'_, str> {
    let b = s.as_bytes();
    let plain = memchr::memchr3_iter(b'$', b'%', b'\r', b).all(|i| match b[i] {
        b'\r' => b.get(i + 1) == Some(&b'\n'),
        _ => b.get(i + 1) != Some(&b'{'),
    });
    if plain {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 4);
    let b = s.as_bytes();
    for (i, c) in s.char_indices() {
        if (c == '$' || c == '%') && b.get(i + 1) == Some(&b'{') {
            out.push(c);
        }
        if c == '\r' && b.get(i + 1) != Some(&b'\n') {
            // `$` or `%` just before would make `$${`/`%${` of the interpolation: they go
            // inside it.
            let run = take_dollar_run(&mut out);
            out.push_str("${\"");
            out.push_str(&run);
            out.push_str("\\r\"}");
            continue;
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// Removes the `$` and `%` characters ending `out` and returns them (literal text that would
/// join a following `${` or `%{` into an escape).
fn take_dollar_run(out: &mut String) -> String {
    let keep = out.trim_end_matches(['$', '%']).len();
    out.split_off(keep)
}

/// The text inside a quoted string that has nothing to decode or escape (ASCII without `\`,
/// `$`, `%` or control characters): the template of it is that text as it is.
pub(super) fn plain_quoted(src: &str) -> Option<&str> {
    let inner = src.strip_prefix('"')?.strip_suffix('"')?;
    // Eight bytes at a time: most strings are plain.
    let (words, rest) = inner.as_bytes().as_chunks::<8>();
    let plain = words.iter().all(|w| plain_word(u64::from_le_bytes(*w)))
        && rest.iter().all(|&b| (b' '..0x7f).contains(&b) && !matches!(b, b'"' | b'\\' | b'$' | b'%'));
    plain.then_some(inner)
}

/// The text inside a quoted template when [`quoted_template`] gives that text as it is: no
/// escape sequence, `$${` or `%%{` to decode and re-escape, no directive (`%`), strip marker
/// (`~`) or carriage return, no nested string or comment whose text could hide a brace, and
/// the interpolations closed (braces balanced). `None` for anything else (the caller lexes).
pub(super) fn verbatim_template(src: &str) -> Option<&str> {
    let inner = src.strip_prefix('"')?.strip_suffix('"')?;
    let b = inner.as_bytes();
    // Bytes that rule it out, found by memchr before the brace scan.
    if memchr::memchr3(b'\\', b'%', b'~', b).is_some() || memchr::memchr3(b'"', b'\r', b'\n', b).is_some() {
        return None;
    }
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'$', Some(b'$')) | (b'/', Some(b'*')) => return None,
            (b'$', Some(b'{')) => {
                depth += 1;
                i += 1;
            }
            (b'{', _) if depth > 0 => depth += 1,
            (b'}', _) if depth > 0 => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    (depth == 0).then_some(inner)
}

/// Whether the eight bytes of `w` are all printable ASCII other than `"`, `\`, `$` and `%`
/// (SWAR: each test sets the high bit of the bytes it holds for; borrows can set it above a
/// byte it holds for, never when none does).
fn plain_word(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let eq = |c: u8| {
        let v = w ^ (ONES * u64::from(c));
        v.wrapping_sub(ONES) & !v
    };
    // Bytes below 0x20, from 0x80 (`w`'s own high bit), 0x7f, and the four characters.
    let m = (w.wrapping_sub(ONES * 0x20) & !w) | w | eq(0x7f) | eq(b'"') | eq(b'\\') | eq(b'$') | eq(b'%');
    m & (ONES * 0x80) == 0
}

/// A quoted native template (its source, quotes included) as a standalone template: literal
/// parts decoded and escaped for templates, interpolations and directives as written.
/// `None` when the source does not lex as one closed quoted template.
fn quoted_template(src: &str) -> Option<String> {
    enum Piece {
        Lit(String),
        Seq(String),
    }
    let b = src.as_bytes();
    let mut lexer = Lexer::new(b, LexMode::Normal);
    if lexer.next_token().kind != TokenKind::OQuote {
        return None;
    }
    let mut pieces: Vec<Piece> = Vec::new();
    let mut depth = 0usize;
    let mut copied = 1u32; // the source up to here has been taken
    loop {
        let t = lexer.next_token();
        let text = |s: Span| &src[s.start as usize..s.end as usize];
        if depth == 0 {
            match t.kind {
                TokenKind::QuotedLit => {
                    let lit = crate::syntax::native::escape::decode_literal(b, t.span, true);
                    match pieces.last_mut() {
                        Some(Piece::Lit(l)) => l.push_str(&lit),
                        _ => pieces.push(Piece::Lit(lit.into_owned())),
                    }
                }
                TokenKind::TemplateInterp | TokenKind::TemplateControl => {
                    pieces.push(Piece::Seq(text(t.span).to_owned()));
                    depth = 1;
                }
                TokenKind::CQuote if t.span.end as usize == src.len() => break,
                _ => return None,
            }
            copied = t.span.end;
        } else {
            match t.kind {
                TokenKind::TemplateInterp | TokenKind::TemplateControl | TokenKind::OBrace => depth += 1,
                TokenKind::TemplateSeqEnd | TokenKind::CBrace => depth -= 1,
                TokenKind::Eof => return None,
                _ => {}
            }
            if let Some(Piece::Seq(s)) = pieces.last_mut() {
                s.push_str(text(Span::new(copied, t.span.end)));
            }
            copied = t.span.end;
        }
    }
    // Strip markers (`~}`, `${~`) trim the literal text beside them; the text is trimmed
    // here (as the parser trims it) so that escaping cannot move white space out of reach.
    let mut out = String::with_capacity(src.len());
    for i in 0..pieces.len() {
        match &pieces[i] {
            Piece::Seq(s) => out.push_str(s),
            Piece::Lit(l) => {
                let mut l = l.as_str();
                if matches!(i.checked_sub(1).map(|p| &pieces[p]), Some(Piece::Seq(s)) if s.ends_with("~}")) {
                    l = l.trim_start();
                }
                if matches!(pieces.get(i + 1), Some(Piece::Seq(s)) if s[2..].starts_with('~')) {
                    l = l.trim_end();
                }
                out.push_str(&escape_template_cow(l));
                if matches!(pieces.get(i + 1), Some(Piece::Seq(_))) {
                    // Text ending in `$` or `%` (after trimming) before a sequence: as an
                    // interpolated string, so it does not make `$${` or `%%{` of it.
                    let run = take_dollar_run(&mut out);
                    if !run.is_empty() {
                        out.push_str("${\"");
                        out.push_str(&run);
                        out.push_str("\"}");
                    }
                }
            }
        }
    }
    Some(out)
}

/// A comment's text without its markers: `# x` and `// x` without the marker, one space and
/// the line end; `/* x */` without its delimiters and surrounding white space.
pub(super) fn comment_text(c: &str) -> &str {
    let c = c.trim_end_matches(['\n', '\r']);
    if let Some(r) = c.strip_prefix('#').or_else(|| c.strip_prefix("//")) {
        r.strip_prefix(' ').unwrap_or(r)
    } else if let Some(r) = c.strip_prefix("/*") {
        r.strip_suffix("*/").unwrap_or(r).trim()
    } else {
        c
    }
}

/// A block's labels and its body (as JSON, or what writes it).
type LabelledBody<T> = (Vec<String>, T);

/// Blocks of one type laid out: label levels and arrays around the bodies (`T`).
pub(super) enum Nest<T> {
    Body(T),
    Array(Vec<Nest<T>>),
    Object(Vec<(String, Nest<T>)>),
}

impl Nest<Node> {
    fn into_node(self) -> Node {
        match self {
            Nest::Body(n) => n,
            Nest::Array(items) => Node::Array(items.into_iter().map(Nest::into_node).collect()),
            Nest::Object(props) => Node::Object(props.into_iter().map(|(k, v)| (k, v.into_node())).collect()),
        }
    }
}

/// Blocks of one type (not empty) laid out in `shape`.
pub(super) fn nest<T>(shape: BlockShape, blocks: Vec<LabelledBody<T>>) -> Nest<T> {
    match shape {
        BlockShape::Nested => nest_grouped(blocks, 0, false),
        BlockShape::Ordered => nest_ordered(blocks, 0),
        BlockShape::Array => nest_grouped(blocks, 0, true),
    }
}

/// The bodies of blocks without more labels: the body, or an array of them when
/// `always_array` or when there are several.
fn bodies<T>(blocks: Vec<LabelledBody<T>>, always_array: bool) -> Nest<T> {
    let mut bodies: Vec<Nest<T>> = blocks.into_iter().map(|(_, b)| Nest::Body(b)).collect();
    if bodies.len() == 1 && !always_array {
        if let Some(b) = bodies.pop() {
            return b;
        }
    }
    Nest::Array(bodies)
}

/// Blocks of one type, order kept: label levels are objects, or arrays of objects where a
/// label repeats out of order; the body level an object, or an array for several blocks.
fn nest_ordered<T>(blocks: Vec<LabelledBody<T>>, depth: usize) -> Nest<T> {
    if !matches!(blocks.first(), Some((l, _)) if l.len() > depth) {
        return bodies(blocks, false);
    }
    // Runs of consecutive blocks with the same label at this level.
    let mut runs: Vec<(String, Vec<LabelledBody<T>>)> = Vec::new();
    for b in blocks {
        match runs.last_mut() {
            Some((l, run)) if *l == b.0[depth] => run.push(b),
            _ => runs.push((b.0[depth].clone(), vec![b])),
        }
    }
    // Objects of distinct labels, a new one where a label repeats.
    let mut objects: Vec<Vec<(String, Nest<T>)>> = vec![Vec::new()];
    let mut seen = HashSet::new();
    for (label, run) in runs {
        if !seen.insert(label.clone()) {
            objects.push(Vec::new());
            seen.clear();
            seen.insert(label.clone());
        }
        let v = nest_ordered(run, depth + 1);
        if let Some(o) = objects.last_mut() {
            o.push((label, v));
        }
    }
    if objects.len() == 1 {
        Nest::Object(objects.pop().unwrap_or_default())
    } else {
        Nest::Array(objects.into_iter().map(Nest::Object).collect())
    }
}

/// Blocks of one type, grouped by label at every level (first appearance first); the body
/// level an array when `always_array` or when there are several bodies, else the body.
fn nest_grouped<T>(blocks: Vec<LabelledBody<T>>, depth: usize, always_array: bool) -> Nest<T> {
    if !matches!(blocks.first(), Some((l, _)) if l.len() > depth) {
        return bodies(blocks, always_array);
    }
    let mut groups: Vec<(String, Vec<LabelledBody<T>>)> = Vec::new();
    // Most label levels hold a few labels: found by a scan, indexed only past a few.
    let mut index: HashMap<String, usize> = HashMap::new();
    for mut b in blocks {
        // Each block's label at this depth is read here only: taken, not copied.
        let label = std::mem::take(&mut b.0[depth]);
        let found = if groups.len() <= 8 {
            groups.iter().position(|(l, _)| *l == label)
        } else {
            if index.is_empty() {
                index.extend(groups.iter().enumerate().map(|(i, (l, _))| (l.clone(), i)));
            }
            index.get(&label).copied()
        };
        match found {
            Some(i) => groups[i].1.push(b),
            None => {
                if !index.is_empty() {
                    index.insert(label.clone(), groups.len());
                }
                groups.push((label, vec![b]));
            }
        }
    }
    Nest::Object(groups.into_iter().map(|(l, g)| (l, nest_grouped(g, depth + 1, always_array))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(json_number("007"), "7");
        assert_eq!(json_number("00.5e3"), "0.5e3");
        assert_eq!(json_number("0"), "0");
        assert!(is_json_number("-1.5e+10") && !is_json_number("01") && !is_json_number("+Inf"));
    }

    #[test]
    fn heredocs_as_templates() {
        let src = "a = <<EOT\nhi ${ var.x } $${lit} ${0}\nEOT\nb = <<-EOT\n    one ${~ var.y ~}\n      two\n    EOT\nc = <<EOT\n%{ if z }y%{ endif }\nEOT\n";
        let file = crate::parse_config(src.as_bytes(), "t.tf").into_value();
        let json = |heredoc_templates| {
            let opts = ToJsonOptions { comments: false, heredoc_templates, ..ToJsonOptions::default() };
            file_to_json(&file, &opts).0.to_compact()
        };
        // `a` and `b` as @cdktf/hcl2json 0.21.0 writes them (recorded from it); a heredoc
        // with a directive stays one (it writes `"%{if z}y%{endif}\n"`).
        assert_eq!(
            json(true),
            r#"{"a":"hi ${var.x} $${lit} 0\n","b":"one${var.y}      two\n","c":"${<<EOT\n%{ if z }y%{ endif }\nEOT\n}"}"#
        );
        assert!(json(false).starts_with(r#"{"a":"${<<EOT\nhi ${ var.x }"#));
    }

    #[test]
    fn escapes() {
        assert_eq!(escape_template("a${b}%{c}$${"), "a$${b}%%{c}$$${");
        assert_eq!(quoted_template(r#""a\n${"\"}" + x}\u0024{""#).as_deref(), Some("a\n${\"\\\"}\" + x}$${"));
        assert_eq!(escape_template("$\r%%\r\r\n"), "${\"$\\r\"}${\"%%\\r\"}\r\n");
        assert_eq!(
            quoted_template(r#""%{ for x in y ~} % %{~ endfor }""#).as_deref(),
            Some("%{ for x in y ~}${\"%\"}%{~ endfor }")
        );
        // The fast path gives what lexing gives, and leaves everything else to it.
        for s in ["\"a b-c/d.e:{}[]()\"", "\"\""] {
            assert_eq!(plain_quoted(s).map(str::to_owned), quoted_template(s));
        }
        for s in ["\"a$b\"", "\"%{x}\"", "\"\\n\"", "\"\u{e9}\"", "\"a\tb\"", "x"] {
            assert_eq!(plain_quoted(s), None, "{s}");
        }
        // Every byte at every offset of a string longer than a word, against a byte test.
        for b in 0..=0x7fu8 {
            for at in 0..19 {
                let mut inner = vec![b'a'; 19];
                inner[at] = b;
                let src = format!("\"{}\"", String::from_utf8(inner).unwrap_or_default());
                let plain = (b' '..0x7f).contains(&b) && !matches!(b, b'"' | b'\\' | b'$' | b'%');
                assert_eq!(plain_quoted(&src).is_some(), plain, "{src:?}");
            }
        }
        assert_eq!(plain_quoted("\"abcdefgh\u{e9}ij\""), None);
        // The verbatim fast path gives what lexing gives, and leaves everything else to it.
        for s in [r#""a-${var.x}-b""#, r#""${ {a = 1}.a }/$x/${f(a, b)}""#, "\"\u{e9}${x}\t\"", r#""{}${x}}""#] {
            assert_eq!(verbatim_template(s).map(str::to_owned), quoted_template(s), "{s}");
        }
        for s in [
            r#""$${x}""#,
            r#""a$${x}""#,
            r#""${x}%""#,
            r#""${x ~}""#,
            r#""${"}"}""#,
            r#""\n${x}""#,
            r#""${x /* } */}""#,
            r#""${x""#,
            r#""${ {x}""#,
        ] {
            assert_eq!(verbatim_template(s), None, "{s}");
        }
        assert_eq!(comment_text("# hi\n"), "hi");
        assert_eq!(comment_text("/* a\n b */"), "a\n b");
    }

    #[test]
    fn many_labels_group_at_first_appearance() {
        // Past eight labels at one level, the grouping is indexed: the same result.
        let mut src = String::new();
        for i in [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 10, 11, 0] {
            src.push_str(&format!("r \"l{i}\" {{\n  n = {i}\n}}\n"));
        }
        let file = crate::parse_config(src.as_bytes(), "t.hcl").into_value();
        let opts = ToJsonOptions { blocks: BlockShape::Array, comments: false, ..ToJsonOptions::default() };
        let Node::Object(top) = file_to_json(&file, &opts).0 else { panic!("an object") };
        let Node::Object(labels) = &top[0].1 else { panic!("a label level") };
        let order: Vec<&str> = labels.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(order, ["l3", "l1", "l4", "l5", "l9", "l2", "l6", "l8", "l7", "l10", "l11", "l0"]);
        let Node::Array(threes) = &labels[0].1 else { panic!("bodies") };
        assert_eq!(threes.len(), 5);
    }

    #[test]
    fn object_keys_are_templates() {
        let json = |src: &str| {
            let file = crate::parse_config(src.as_bytes(), "t.hcl").into_value();
            file_to_json(&file, &ToJsonOptions::default()).0.to_compact()
        };
        // Computed and template keys key by key (as @cdktf/hcl2json writes them); the JSON
        // syntax reads property names as templates.
        assert_eq!(
            json("a = { (var.x) = 1, \"$c:d\" = 2, \"${var.p}\" = 3, \"A ${x}\" = 4, k = 5, \"$${y}\" = 6 }\n"),
            r#"{"a":{"${(var.x)}":1,"$c:d":2,"${var.p}":3,"A ${x}":4,"k":5,"$${y}":6}}"#
        );
        // A repeated key: the whole object as a template.
        assert_eq!(json("a = { \"${k}\" = 1, \"${k}\" = 2 }\n"), r#"{"a":"${{ \"${k}\" = 1, \"${k}\" = 2 }}"}"#);
    }
}
