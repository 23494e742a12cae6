//! Native syntax to JSON text written straight from the syntax tree: the text of
//! [`file_to_json`](super::file_to_json)'s document without building it (no [`Node`] per
//! value, no label strings kept per block).

use std::borrow::Cow;
use std::ops::Range;

use hclkit_value::json::{write_string, Escape, Node};

use super::to_json::{comment_text, escape_template, json_number, nest, plain_quoted, Cx, Nest, Owner, ToJsonOptions};
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
    let mut cx = Cx::new(file.tree(), opts);
    let mut w = Out { out, indent, depth: 0, fresh: true };
    cx.write_body(&mut w, file.body(), u32::MAX, Owner::File, 0..0);
    cx.diags
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
    Attr(Attribute<'a>, &'a str),
    /// The blocks of one group (an index into the groups).
    Group(usize),
}

/// A block of a body: the block, the index of the first comment inside its body, and the
/// comments before it that go inside its body (a later block of its group's).
type Planned<'a> = (Block<'a>, usize, Range<usize>);

impl<'a> Cx<'a> {
    /// Writes a body as [`Cx::body`] builds it: the items planned first (comments placed by
    /// source position, blocks grouped by type and label count), then written in order.
    /// `self.next` is the first comment inside the body; `first` the comments written first.
    fn write_body(&mut self, w: &mut Out<'_>, body: Body<'a>, end: u32, owner: Owner<'a>, first: Range<usize>) {
        let mut props: Vec<Prop<'a>> = Vec::new();
        let mut blocks: Vec<Planned<'a>> = Vec::new();
        let mut groups: Vec<(Cow<'a, str>, usize, Vec<usize>)> = Vec::new();
        let mut attr_names: Vec<(&'a str, Attribute<'a>)> = Vec::new();
        for item in body.items() {
            let lo = self.next;
            match item {
                BodyItem::Attribute(a) => {
                    // Comments inside the expression cannot stay there: they go before it.
                    self.skip_before(a.span().start);
                    self.skip_before(a.span().end);
                    if self.next > lo {
                        props.push(Prop::Comments(lo..self.next));
                    }
                    let name = a.name();
                    attr_names.push((name, a));
                    props.push(Prop::Attr(a, name));
                }
                BodyItem::Block(b) => {
                    let inner = b.body().span();
                    self.skip_before(inner.start);
                    let leading = lo..self.next;
                    let inside = self.next;
                    self.skip_before(inner.end);
                    let (ty, n) = (b.block_type(), b.labels().count());
                    match groups.iter_mut().find(|g| g.0 == ty && g.1 == n) {
                        Some(g) => {
                            g.2.push(blocks.len());
                            blocks.push((b, inside, leading));
                        }
                        None => {
                            props.push(Prop::Comments(leading));
                            props.push(Prop::Group(groups.len()));
                            groups.push((ty, n, vec![blocks.len()]));
                            blocks.push((b, inside, 0..0));
                        }
                    }
                }
            }
        }
        let lo = self.next;
        self.skip_before(end);
        props.push(Prop::Comments(lo..self.next));
        self.same_name_warnings(&attr_names, groups.iter().map(|g| (&*g.0, blocks[g.2[0]].0)));

        w.open('{');
        self.write_comments(w, first);
        if let Some(unit) = self.opts.ranges {
            w.key("//ranges");
            w.node(&self.ranges(body, owner, unit));
        }
        for p in props {
            match p {
                Prop::Comments(r) => self.write_comments(w, r),
                Prop::Attr(a, name) => {
                    w.key(name);
                    self.write_expr(w, a.expr());
                }
                Prop::Group(g) => {
                    let (ty, _, members) = &groups[g];
                    w.key(ty);
                    let labelled =
                        members.iter().map(|&i| (blocks[i].0.labels().map(|l| l.value().into_owned()).collect(), i));
                    let layout = nest(self.opts.blocks, labelled.collect());
                    self.write_nest(w, layout, &blocks);
                }
            }
        }
        w.close('}');
    }

    /// The comments of `r` as one `"//"` property (none when empty or comments are off).
    fn write_comments(&self, w: &mut Out<'_>, r: Range<usize>) {
        if !self.opts.comments || r.is_empty() {
            return;
        }
        let texts: Vec<String> = self.comments[r].iter().map(|&c| comment_text(&self.tree.text(c))).collect();
        w.key("//");
        w.string(&texts.join("\n"));
    }

    fn write_nest(&mut self, w: &mut Out<'_>, layout: Nest<usize>, blocks: &[Planned<'a>]) {
        match layout {
            Nest::Body(i) => {
                let (b, inside, ref leading) = blocks[i];
                self.next = inside;
                let inner = b.body();
                self.write_body(w, inner, inner.span().end, Owner::Block(b), leading.clone());
            }
            Nest::Array(items) => {
                w.open('[');
                for x in items {
                    w.element();
                    self.write_nest(w, x, blocks);
                }
                w.close(']');
            }
            Nest::Object(props) => {
                w.open('{');
                for (k, v) in props {
                    w.key(&k);
                    self.write_nest(w, v, blocks);
                }
                w.close('}');
            }
        }
    }

    /// Writes what [`Cx::expr`] gives: the common expressions directly, the rest (folding with
    /// `simplify`, templates to re-escape) through it.
    fn write_expr(&mut self, w: &mut Out<'_>, e: Expr<'a>) {
        let simplify = self.opts.simplify;
        match e {
            Expr::Literal(l) => match l.value() {
                LiteralValue::Number(n) => w.out.push_str(json_number(n)),
                LiteralValue::Bool(b) => w.out.push_str(if b { "true" } else { "false" }),
                LiteralValue::Null => w.out.push_str("null"),
                LiteralValue::String(s) => w.string(&escape_template(&s)),
                LiteralValue::InvalidNumber(_) | LiteralValue::Dynamic => self.write_wrapped(w, e),
            },
            Expr::Template(t) if !simplify || t.is_string_literal() => {
                let src = self.text(e.span());
                match plain_quoted(&src) {
                    Some(plain) => w.string(plain),
                    None => self.write_node(w, e),
                }
            }
            Expr::Tuple(t) => {
                w.open('[');
                for x in t.exprs() {
                    w.element();
                    self.write_expr(w, x);
                }
                w.close(']');
            }
            Expr::Object(o) => match self.object_keys(o) {
                Some(keys) => {
                    w.open('{');
                    for (item, k) in o.items().zip(keys) {
                        w.key(&k);
                        self.write_expr(w, item.value);
                    }
                    w.close('}');
                }
                None => self.write_node(w, e),
            },
            Expr::UnaryOp(u) if u.op() == UnaryOp::Negate => self.write_node(w, e),
            Expr::TemplateWrap(_) => self.write_node(w, e),
            _ if !simplify => self.write_wrapped(w, e),
            _ => self.write_node(w, e),
        }
    }

    /// Writes [`Cx::wrap_text`]'s string without making it: the source escaped as a JSON
    /// string, then `${` put after its opening quote and `}` before its closing one.
    fn write_wrapped(&self, w: &mut Out<'_>, e: Expr<'a>) {
        let src = self.text(e.span());
        let at = w.out.len() + 1;
        w.string(&src);
        w.out.insert_str(at, "${");
        w.out.pop();
        // A heredoc's closing marker must end its line.
        if src.contains("<<") && !src.ends_with('\n') {
            w.out.push_str("\\n");
        }
        w.out.push_str("}\"");
    }

    fn write_node(&mut self, w: &mut Out<'_>, e: Expr<'a>) {
        let n = self.expr(e);
        w.node(&n);
    }
}
