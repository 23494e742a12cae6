//! Native syntax to JSON text written straight from the syntax tree: the text of
//! [`file_to_json`](super::file_to_json)'s document without building it (no [`Node`] per
//! value, no label strings kept per block).

use std::borrow::Cow;
use std::ops::Range;

use hclkit_value::json::{write_string, write_string_contents, Escape, Node};

use super::to_json::{
    comment_text, escape_template_cow, has_heredoc_marker, json_number, nest, plain_quoted, verbatim_template,
    BlockShape, Cx, Nest, Owner, ToJsonOptions,
};
use crate::diagnostic::Diagnostics;
use crate::syntax::native::ast::{Attribute, Block, Body, BodyItem, Expr, File, LiteralValue, UnaryOp};

/// Writes a parsed native file in the HCL JSON syntax to `out`: the text that
/// [`file_to_json`](super::file_to_json)'s document writes as (with [`Node::write`], strings
/// escaped [`Escape::Plain`]), byte for byte, in about half the time and without the
/// document's memory. `indent` `None` writes compact JSON, `Some(n)` pretty JSON indented by
/// `n` spaces per level. Returns the same warnings as [`file_to_json`](super::file_to_json).
///
/// ```
/// use hclkit::transcode::{file_to_json, write_file_json, BlockShape, ToJsonOptions};
///
/// let src = b"# web\nport = 8080\nservice \"web\" {\n  cmd = [\"run\", var.x]\n}\n";
/// let file = hclkit::parse_config(src.as_slice(), "main.hcl").into_value();
/// let opts = ToJsonOptions { blocks: BlockShape::Array, ..ToJsonOptions::default() };
/// let mut out = String::new();
/// let warnings = write_file_json(&file, &opts, None, &mut out);
/// assert!(warnings.is_empty());
/// assert_eq!(out, r#"{"//":"web","port":8080,"service":{"web":[{"cmd":["run","${var.x}"]}]}}"#);
/// assert_eq!(out, file_to_json(&file, &opts).0.to_compact());
/// ```
pub fn write_file_json(file: &File, opts: &ToJsonOptions, indent: Option<usize>, out: &mut String) -> Diagnostics {
    let mut w = Writer {
        cx: Cx::new(file.tree(), opts),
        w: Out { out, indent, depth: 0, fresh: true },
        props: Vec::with_capacity(64),
        blocks: Vec::with_capacity(16),
        groups: Vec::with_capacity(8),
        labels: Vec::with_capacity(16),
        members: Vec::with_capacity(16),
    };
    w.write_body(file.body(), u32::MAX, Owner::File, 0..0);
    w.cx.diags
}

/// The state of [`write_file_json`], with the plans of the bodies being written: how each is
/// written, its items placed (comments by source position, blocks grouped by type and label
/// count) before any is written. The plans are stacks: a body's entries follow those of the
/// body it is in and are removed once it is written, so a file's bodies share five vectors
/// (allocated once per file, not per body).
struct Writer<'a, 'o> {
    cx: Cx<'a>,
    w: Out<'o>,
    props: Vec<Prop<'a>>,
    blocks: Vec<Planned<'a>>,
    groups: Vec<Group<'a>>,
    /// The labels of the blocks, one block's after another's.
    labels: Vec<Cow<'a, str>>,
    /// The blocks of the groups being written, as (sort key, index in `blocks`).
    members: Vec<(usize, usize)>,
}

/// The JSON text being written: where the next value goes.
struct Out<'o> {
    out: &'o mut String,
    indent: Option<usize>,
    /// Containers open.
    depth: usize,
    /// Whether the innermost open container has no member yet.
    fresh: bool,
}

impl Out<'_> {
    fn newline(&mut self) {
        if let Some(n) = self.indent {
            self.out.push('\n');
            self.out.extend(std::iter::repeat_n(' ', n * self.depth));
        }
    }

    fn open(&mut self, c: char) {
        self.out.push(c);
        self.depth += 1;
        self.fresh = true;
    }

    fn close(&mut self, c: char) {
        self.depth -= 1;
        if !self.fresh {
            self.newline();
        }
        self.out.push(c);
        self.fresh = false;
    }

    /// Starts an array element.
    fn element(&mut self) {
        if !self.fresh {
            self.out.push(',');
        }
        self.newline();
        self.fresh = false;
    }

    /// Starts an object property: its name.
    fn key(&mut self, k: &str) {
        self.element();
        write_string(self.out, k, Escape::Plain);
        self.colon();
    }

    /// Starts an object property whose name needs no JSON escape: an identifier (an attribute
    /// name, the span `Attribute::name_span` gives; no quote, backslash or control character
    /// can be in one).
    fn identifier_key(&mut self, k: &str) {
        self.element();
        self.out.push('"');
        self.out.push_str(k);
        self.out.push('"');
        self.colon();
    }

    fn colon(&mut self) {
        self.out.push(':');
        if self.indent.is_some() {
            self.out.push(' ');
        }
    }

    fn string(&mut self, s: &str) {
        write_string(self.out, s, Escape::Plain);
    }

    fn node(&mut self, n: &Node) {
        n.write_nested(self.out, self.indent, self.depth, Escape::Plain);
    }
}

/// A property of a body, in output order.
enum Prop<'a> {
    /// The comments of this index range, as one `"//"` property.
    Comments(Range<usize>),
    Attr(Attribute<'a>, Cow<'a, str>),
    /// The blocks of one group (an index into the groups).
    Group(usize),
}

/// A block of a body.
struct Planned<'a> {
    block: Block<'a>,
    /// The index of the first comment inside its body.
    inside: usize,
    /// The comments before it that go inside its body (a later block of its group's).
    leading: Range<usize>,
    /// Its labels in [`Writer::labels`].
    labels: Range<usize>,
    /// The next block of its group (`usize::MAX`: none).
    next: usize,
}

/// The blocks of one type and label count, as a list through [`Planned::next`].
struct Group<'a> {
    ty: Cow<'a, str>,
    labels: usize,
    first: usize,
    last: usize,
}

impl<'a> Writer<'a, '_> {
    /// Writes a body as [`Cx::body`] builds it: the items planned first, then written in
    /// order. `self.cx.next` is the first comment inside the body; `first` the comments
    /// written first.
    fn write_body(&mut self, body: Body<'a>, end: u32, owner: Owner<'a>, first: Range<usize>) {
        let marks = (self.props.len(), self.blocks.len(), self.groups.len(), self.labels.len());
        self.plan_body(body, end, marks.2);
        let (props, groups) = (&self.props[marks.0..], &self.groups[marks.2..]);
        self.cx.same_name_warnings(
            props.iter().filter_map(|p| match p {
                Prop::Attr(a, name) => Some((&**name, *a)),
                _ => None,
            }),
            groups.iter().map(|g| (&*g.ty, self.blocks[g.first].block)),
        );

        self.w.open('{');
        self.write_comments(first);
        if let Some(unit) = self.cx.opts.ranges {
            self.w.key("//ranges");
            self.w.node(&self.cx.ranges(body, owner, unit));
        }
        // The bodies of blocks plan theirs after this one's end.
        for p in marks.0..self.props.len() {
            match &self.props[p] {
                Prop::Comments(r) => self.write_comments(r.clone()),
                Prop::Attr(a, name) => {
                    let e = a.expr();
                    self.w.identifier_key(name);
                    self.write_expr(e);
                }
                &Prop::Group(g) => {
                    self.w.key(&self.groups[g].ty);
                    self.write_group(g);
                }
            }
        }
        self.w.close('}');
        self.props.truncate(marks.0);
        self.blocks.truncate(marks.1);
        self.groups.truncate(marks.2);
        self.labels.truncate(marks.3);
    }

    /// Plans the items of a body (its groups from `groups`).
    fn plan_body(&mut self, body: Body<'a>, end: u32, groups: usize) {
        let cx = &mut self.cx;
        // Comments are placed either way (they decide which comments go inside which
        // block's body); their properties only when they are written and not empty.
        let keep_comments = cx.opts.comments;
        for item in body.items() {
            let lo = cx.next;
            match item {
                BodyItem::Attribute(a) => {
                    // Comments inside the expression cannot stay there: they go before it.
                    cx.skip_before(a.span().start);
                    cx.skip_before(a.span().end);
                    if keep_comments && cx.next > lo {
                        self.props.push(Prop::Comments(lo..cx.next));
                    }
                    self.props.push(Prop::Attr(a, cx.text(a.name_span())));
                }
                BodyItem::Block(b) => {
                    let inner = b.body().span();
                    cx.skip_before(inner.start);
                    let leading = lo..cx.next;
                    let inside = cx.next;
                    cx.skip_before(inner.end);
                    let at = self.labels.len();
                    self.labels.extend(b.labels().map(|l| match cx.text(l.span()) {
                        // What `Label::value` gives, without decoding: an identifier, or a
                        // quoted label with nothing to decode.
                        Cow::Borrowed(t) if !t.starts_with('"') => Cow::Borrowed(t),
                        Cow::Borrowed(t) => plain_quoted(t).map_or_else(|| l.value(), Cow::Borrowed),
                        Cow::Owned(_) => l.value(),
                    }));
                    let (ty, n) = (cx.text(b.type_span()), self.labels.len() - at);
                    let i = self.blocks.len();
                    let planned =
                        Planned { block: b, inside, leading, labels: at..self.labels.len(), next: usize::MAX };
                    match self.groups[groups..].iter_mut().find(|g| g.ty == ty && g.labels == n) {
                        Some(g) => {
                            self.blocks[g.last].next = i;
                            g.last = i;
                            self.blocks.push(planned);
                        }
                        None => {
                            if keep_comments && !planned.leading.is_empty() {
                                self.props.push(Prop::Comments(planned.leading.clone()));
                            }
                            self.props.push(Prop::Group(self.groups.len()));
                            self.groups.push(Group { ty, labels: n, first: i, last: i });
                            // The first block's leading comments are written before its group.
                            self.blocks.push(Planned { leading: 0..0, ..planned });
                        }
                    }
                }
            }
        }
        let lo = cx.next;
        cx.skip_before(end);
        if keep_comments && cx.next > lo {
            self.props.push(Prop::Comments(lo..cx.next));
        }
    }

    /// The comments of `r` as one `"//"` property (none when empty or comments are off).
    fn write_comments(&mut self, r: Range<usize>) {
        if !self.cx.opts.comments || r.is_empty() {
            return;
        }
        // The comments' texts joined by line feeds, escaped one by one into the string.
        let w = &mut self.w;
        w.key("//");
        w.out.push('"');
        for (i, &c) in self.cx.comments[r].iter().enumerate() {
            if i > 0 {
                w.out.push_str("\\n");
            }
            write_string_contents(w.out, comment_text(&self.cx.text(c)), Escape::Plain);
        }
        w.out.push('"');
    }

    /// Writes the blocks of group `g` laid out as [`nest`] lays them out.
    fn write_group(&mut self, g: usize) {
        let lo = self.members.len();
        let mut i = self.groups[g].first;
        while i != usize::MAX {
            self.members.push((0, i));
            i = self.blocks[i].next;
        }
        let hi = self.members.len();
        match self.cx.opts.blocks {
            BlockShape::Nested => self.write_grouped(lo..hi, 0, false),
            BlockShape::Array => self.write_grouped(lo..hi, 0, true),
            BlockShape::Ordered => {
                let labelled = self.members[lo..hi].iter().map(|&(_, i)| {
                    let owned = self.labels[self.blocks[i].labels.clone()].iter().map(|l| l.clone().into_owned());
                    (owned.collect(), i)
                });
                let layout = nest(BlockShape::Ordered, labelled.collect());
                self.write_nest(layout);
            }
        }
        self.members.truncate(lo);
    }

    /// Writes blocks of one group as `nest_grouped` lays them out, without building the
    /// layout: the members in `range` (in source order) are grouped by their label at
    /// `depth` (first appearance first) by sorting them in place, then each group is written
    /// under its label. Bodies written meanwhile plan theirs after the range.
    fn write_grouped(&mut self, range: Range<usize>, depth: usize, always_array: bool) {
        let (blocks, labels) = (&self.blocks, &self.labels);
        let label = |i: usize| &*labels[blocks[i].labels.start + depth];
        let members = &mut self.members[range.clone()];
        if !matches!(members.first(), Some(&(_, i)) if blocks[i].labels.len() > depth) {
            // Blocks of one group have as many labels each: the bodies.
            let array = always_array || members.len() > 1;
            if array {
                self.w.open('[');
            }
            for j in range {
                if array {
                    self.w.element();
                }
                self.write_block_body(self.members[j].1);
            }
            if array {
                self.w.close(']');
            }
            return;
        }
        // Each member's key: the position of the first member with its label. Most label
        // levels hold a few blocks: found by a scan, by sorting past a few.
        if members.len() <= 16 {
            for j in 0..members.len() {
                let l = label(members[j].1);
                members[j].0 = (0..j).find(|&k| label(members[k].1) == l).map_or(j, |k| members[k].0);
            }
        } else {
            // Sorted by label then position, each run of one label takes its first position
            // (no hashing, no allocation).
            for (j, m) in members.iter_mut().enumerate() {
                m.0 = j;
            }
            members.sort_unstable_by(|a, b| label(a.1).cmp(label(b.1)).then(a.0.cmp(&b.0)));
            let mut k = 0;
            while let Some(&(first, i)) = members.get(k) {
                let l = label(i);
                while let Some(m) = members.get_mut(k).filter(|m| label(m.1) == l) {
                    m.0 = first;
                    k += 1;
                }
            }
        }
        // Keys first (groups in order of first appearance), then source order in a group.
        members.sort_unstable();
        self.w.open('{');
        let mut j = range.start;
        while j < range.end {
            let (key, i) = self.members[j];
            let n = self.members[j..range.end].iter().take_while(|m| m.0 == key).count();
            self.w.key(&self.labels[self.blocks[i].labels.start + depth]);
            self.write_grouped(j..j + n, depth + 1, always_array);
            j += n;
        }
        self.w.close('}');
    }

    /// Writes the body of block `i`, with the comments planned for it.
    fn write_block_body(&mut self, i: usize) {
        let Planned { block, inside, ref leading, .. } = self.blocks[i];
        let leading = leading.clone();
        self.cx.next = inside;
        let inner = block.body();
        self.write_body(inner, inner.span().end, Owner::Block(block), leading);
    }

    fn write_nest(&mut self, layout: Nest<usize>) {
        match layout {
            Nest::Body(i) => self.write_block_body(i),
            Nest::Array(items) => {
                self.w.open('[');
                for x in items {
                    self.w.element();
                    self.write_nest(x);
                }
                self.w.close(']');
            }
            Nest::Object(props) => {
                self.w.open('{');
                for (k, v) in props {
                    self.w.key(&k);
                    self.write_nest(v);
                }
                self.w.close('}');
            }
        }
    }

    /// Writes what [`Cx::expr`] gives: the common expressions directly, the rest (folding with
    /// `simplify`, templates to re-escape) through it.
    fn write_expr(&mut self, e: Expr<'a>) {
        let simplify = self.cx.opts.simplify;
        match e {
            Expr::Literal(l) => match l.value() {
                LiteralValue::Number(n) => self.w.out.push_str(json_number(n)),
                LiteralValue::Bool(b) => self.w.out.push_str(if b { "true" } else { "false" }),
                LiteralValue::Null => self.w.out.push_str("null"),
                LiteralValue::String(s) => self.w.string(&escape_template_cow(&s)),
                LiteralValue::InvalidNumber(_) | LiteralValue::Dynamic => self.write_wrapped(e),
            },
            Expr::Template(t) if !simplify || t.is_string_literal() => {
                let src = self.cx.text(e.span());
                match plain_quoted(&src) {
                    // Its text as it is (nothing in it needs a JSON escape either).
                    Some(plain) => {
                        self.w.out.push('"');
                        self.w.out.push_str(plain);
                        self.w.out.push('"');
                    }
                    None => self.write_quoted_template(e, &src),
                }
            }
            Expr::Tuple(t) => {
                self.w.open('[');
                for x in t.exprs() {
                    self.w.element();
                    self.write_expr(x);
                }
                self.w.close(']');
            }
            Expr::Object(o) => match self.cx.object_keys(o) {
                Some(keys) => {
                    self.w.open('{');
                    for (item, k) in o.items().zip(keys) {
                        self.w.key(&k);
                        self.write_expr(item.value);
                    }
                    self.w.close('}');
                }
                None => self.write_node(e),
            },
            Expr::UnaryOp(u) if u.op() == UnaryOp::Negate => self.write_node(e),
            Expr::TemplateWrap(_) if !simplify => {
                let src = self.cx.text(e.span());
                self.write_quoted_template(e, &src);
            }
            Expr::TemplateWrap(_) => self.write_node(e),
            _ if !simplify => self.write_wrapped(e),
            _ => self.write_node(e),
        }
    }

    /// Writes a quoted template (not folded) as [`Cx::expr`] gives it: its text as it is when
    /// that is what re-escaping it gives (most interpolated strings), without lexing it again.
    fn write_quoted_template(&mut self, e: Expr<'a>, src: &str) {
        match verbatim_template(src) {
            Some(text) => self.w.string(text),
            None => self.write_node(e),
        }
    }

    /// Writes [`Cx::wrap_text`]'s string without making it: `"${`, the source escaped, `}"`.
    fn write_wrapped(&mut self, e: Expr<'a>) {
        let src = self.cx.text(e.span());
        let out = &mut *self.w.out;
        out.push_str("\"${");
        write_string_contents(out, &src, Escape::Plain);
        // A heredoc's closing marker must end its line.
        if !src.ends_with('\n') && has_heredoc_marker(&src) {
            out.push_str("\\n");
        }
        out.push_str("}\"");
    }

    fn write_node(&mut self, e: Expr<'a>) {
        let n = self.cx.expr(e);
        self.w.node(&n);
    }
}
