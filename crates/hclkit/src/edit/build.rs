//! Building a document's items from the parser's tree and the token stream the parser kept
//! (no tokenizer of its own). Every piece of text is a range of the one shared source.

use std::sync::Arc;

use super::body::{Attribute, Block, Body, Item, ItemKind};
use super::expr::Expression;
use super::text::{Source, Text};
use crate::diagnostic::Diagnostics;
use crate::syntax::native::ast::{self, BodyItem};
use crate::syntax::native::token::TokenKind;
use crate::syntax::native::{ParseOptions, Tokens};

pub(crate) struct Builder<'s> {
    src: &'s str,
    shared: &'s Source,
    lines: Lines,
    /// Offsets of errors: a top-level item holding one is kept as opaque text.
    errors: Vec<usize>,
    newline: &'static str,
}

/// Parses `src` (keeping the parser's tokens) and builds its top-level body; never fails.
pub(crate) fn read(src: &Source, filename: &str) -> (Body, Diagnostics) {
    let bytes: Arc<[u8]> = Arc::from(Arc::clone(&**src));
    let mut parse = ParseOptions::new().keep_tokens(true).parse_config(bytes, filename);
    let newline = if src.contains("\r\n") { "\r\n" } else { "\n" };
    // What the builder needs of the token stream is where lines end and what they hold: that
    // index is a tenth of the stream's size, and the stream is freed before items are built.
    let lines = parse.take_tokens().map(|t| Lines::new(&t, src.as_bytes()));
    let body = match lines {
        Some(lines) => {
            let errors = parse
                .diagnostics()
                .errors()
                .filter_map(|d| d.subject.as_ref().map(|r| r.start.byte as usize))
                .collect();
            let b = Builder { src, shared: src, lines, errors, newline };
            b.top(parse.value())
        }
        // Too large to parse: the whole text, opaque.
        None => Body { items: vec![opaque(src)], indent: Text::default(), newline },
    };
    (body, parse.into_diagnostics())
}

/// The whole of `src` as one opaque item.
pub(crate) fn opaque(src: &Source) -> Item {
    Item { lead: Text::default(), kind: ItemKind::Opaque(Text::shared(src, 0..src.len())), dirty: false }
}

/// A body over `src` (which must parse without errors to be structured; otherwise opaque).
pub(crate) fn body_from_text(src: &str) -> Body {
    read(&Arc::new(Arc::from(src)), "edit").0
}

#[derive(Clone, Copy)]
enum Line {
    Blank,
    Comment,
    Opaque,
}

impl<'s> Builder<'s> {
    /// `start..end` of the source, shared.
    fn text(&self, start: usize, end: usize) -> Text {
        Text::shared(self.shared, start..end)
    }

    /// `start..end` of the source, shared, if it is a range of it on character boundaries.
    fn get(&self, start: usize, end: usize) -> Option<Text> {
        self.src.get(start..end)?;
        Some(self.text(start, end))
    }

    /// The file's top-level body; regions that do not fit are opaque items.
    pub(crate) fn top(&self, file: &ast::File) -> Body {
        let mut out = Vec::new();
        let mut cursor = 0;
        for it in file.body().items() {
            let (s, e) = item_span(it);
            if s < cursor {
                continue;
            }
            let ls = self.line_start(s).max(cursor);
            let has_error = self.errors.iter().any(|&x| x >= ls && x <= self.next_line_end(e).0);
            let built = if has_error || !self.src[ls..s].bytes().all(|b| b == b' ' || b == b'\t') {
                None
            } else {
                self.item(it, ls, s, e)
            };
            self.gap(cursor, ls, &mut out);
            match built {
                Some((kind, le)) => {
                    let lead = take_lead(&mut out);
                    out.push(Item { lead, kind, dirty: false });
                    cursor = le;
                }
                None => {
                    let (le, _) = self.next_line_end(e.max(s));
                    let le = le.max(ls);
                    out.push(Item { lead: Text::default(), kind: ItemKind::Opaque(self.text(ls, le)), dirty: false });
                    cursor = le;
                }
            }
        }
        let end = self.src.len();
        if cursor < end {
            self.gap(cursor, end, &mut out);
        }
        let indent = first_indent(&out).unwrap_or_default();
        out.shrink_to_fit();
        Body { items: out, indent, newline: self.newline }
    }

    fn body(&self, body: ast::Body<'_>, start: usize, end: usize, parent_indent: &str) -> Option<Body> {
        let mut out = Vec::new();
        let mut cursor = start;
        for it in body.items() {
            let (s, e) = item_span(it);
            let ls = self.line_start(s);
            if ls < cursor || s > end || !self.src[ls..s].bytes().all(|b| b == b' ' || b == b'\t') {
                return None;
            }
            self.gap(cursor, ls, &mut out);
            let (kind, le) = self.item(it, ls, s, e)?;
            if le > end {
                return None;
            }
            let lead = take_lead(&mut out);
            out.push(Item { lead, kind, dirty: false });
            cursor = le;
        }
        if cursor > end {
            return None;
        }
        self.gap(cursor, end, &mut out);
        let indent = first_indent(&out).unwrap_or_else(|| format!("{parent_indent}  ").into());
        out.shrink_to_fit();
        Some(Body { items: out, indent, newline: self.newline })
    }

    fn item(&self, it: BodyItem<'_>, ls: usize, s: usize, e: usize) -> Option<(ItemKind, usize)> {
        let src = self.src;
        let indent = self.get(ls, s)?;
        match it {
            BodyItem::Attribute(a) => {
                let (le, clean) = self.next_line_end(e);
                if !clean {
                    return None;
                }
                let name_end = a.name_span().end as usize;
                let es = a.expr().span().start as usize;
                Some((
                    ItemKind::Attribute(Attribute {
                        indent,
                        name: self.get(s, name_end)?,
                        between: self.get(name_end, es)?,
                        expr: Expression::shared(self.get(es, e)?),
                        trail: self.get(e, le)?,
                    }),
                    le,
                ))
            }
            BodyItem::Block(b) => {
                let open = b.open_brace_span();
                let close = b.close_brace_span();
                let (os, oe, cs, ce) =
                    (open.start as usize, open.end as usize, close.start as usize, close.end as usize);
                if src.get(os..oe) != Some("{") || src.get(cs..ce) != Some("}") || cs < oe {
                    return None;
                }
                let (le, clean) = self.next_line_end(ce);
                if !clean {
                    return None;
                }
                let labels = b.labels().map(|l| self.text(l.span().start as usize, l.span().end as usize)).collect();
                let ty = self.get(s, b.type_span().end as usize)?;
                let header = Some(self.get(s, oe)?);
                let trail = self.get(ce, le)?;
                let (ol, oclean) = self.next_line_end(oe);
                let block = if ol <= cs && oclean {
                    let cls = self.line_start(cs);
                    if cls < ol || !src[cls..cs].bytes().all(|b| b == b' ' || b == b'\t') {
                        return None;
                    }
                    let body = self.body(b.body(), ol, cls, &indent)?;
                    Block {
                        indent,
                        ty,
                        labels,
                        header,
                        open_trail: self.text(oe, ol),
                        inline: None,
                        body,
                        close_indent: self.text(cls, cs),
                        trail,
                    }
                } else if ol > cs {
                    let inline = self.text(oe, cs);
                    let body = Body::of_inline(&inline, format!("{indent}  ").into(), self.newline);
                    Block {
                        close_indent: indent.clone(),
                        indent,
                        ty,
                        labels,
                        header,
                        open_trail: Text::default(),
                        inline: Some(inline),
                        body,
                        trail,
                    }
                } else {
                    return None;
                };
                Some((ItemKind::Block(Box::new(block)), le))
            }
        }
    }

    /// Splits `start..end` (white space, comments, anything left over) into items, one per
    /// run of lines of a kind.
    fn gap(&self, start: usize, end: usize, out: &mut Vec<Item>) {
        let mut cur = start;
        while cur < end {
            let (le, kind) = self.line(cur);
            let le = le.min(end).max(cur + 1);
            let merged = match (kind, out.last_mut()) {
                (Line::Blank, Some(Item { kind: ItemKind::Blank(s), .. }))
                | (Line::Comment, Some(Item { kind: ItemKind::Comment(s), .. }))
                | (Line::Opaque, Some(Item { kind: ItemKind::Opaque(s), .. })) => {
                    s.extend_shared(self.shared, cur, le);
                    true
                }
                _ => false,
            };
            if !merged {
                let text = self.text(cur, le);
                let kind = match kind {
                    Line::Blank => ItemKind::Blank(text),
                    Line::Comment => ItemKind::Comment(text),
                    Line::Opaque => ItemKind::Opaque(text),
                };
                out.push(Item { lead: Text::default(), kind, dirty: false });
            }
            cur = le;
        }
    }

    /// The end of the line that the tokens starting at `pos` or later are on, and what those
    /// tokens of it hold.
    fn line(&self, pos: usize) -> (usize, Line) {
        self.lines.line(pos, self.src.len())
    }

    /// The end of the line that `pos` is on (after a comment, the newline), and whether only
    /// comments lie between `pos` and it.
    pub(crate) fn next_line_end(&self, pos: usize) -> (usize, bool) {
        let (end, kind) = self.line(pos);
        (end, !matches!(kind, Line::Opaque))
    }

    fn line_start(&self, pos: usize) -> usize {
        memchr::memrchr(b'\n', &self.src.as_bytes()[..pos]).map_or(0, |i| i + 1)
    }
}

/// The token stream's lines: the runs of tokens that a newline or a line comment ends (or the
/// end of input), each with where its last token ends and the starts of its last code token
/// (anything but comments and newlines) and its last comment.
struct Lines(Vec<LineRec>);

#[derive(Clone, Copy)]
struct LineRec {
    /// The start of the token ending the line (a newline, a line comment, the end of input).
    term: u32,
    /// Its end.
    end: u32,
    /// 1 + the start of the line's last code token; 0 if none.
    code: u32,
    /// 1 + the start of the line's last comment (the ending one included); 0 if none.
    comment: u32,
}

impl Lines {
    fn new(tokens: &Tokens, src: &[u8]) -> Lines {
        let mut out = Vec::with_capacity(src.iter().filter(|&&b| b == b'\n').count() + 1);
        let (mut code, mut comment) = (0, 0);
        for t in tokens {
            let (s, e) = (t.span.start, t.span.end);
            let ends = match t.kind {
                TokenKind::Newline | TokenKind::Eof => true,
                TokenKind::Comment => {
                    comment = s + 1;
                    src.get(..e as usize).is_some_and(|b| b.ends_with(b"\n"))
                }
                _ => {
                    code = s + 1;
                    false
                }
            };
            if ends {
                // The end of input's line ends at the end of the source.
                let end = if t.kind == TokenKind::Eof { u32::try_from(src.len()).unwrap_or(e) } else { e };
                out.push(LineRec { term: s, end, code, comment });
                (code, comment) = (0, 0);
                if t.kind == TokenKind::Eof {
                    break;
                }
            }
        }
        Lines(out)
    }

    /// As [`Builder::line`]: the first line whose ending token starts at `pos` or later.
    fn line(&self, pos: usize, len: usize) -> (usize, Line) {
        let i = self.0.partition_point(|l| (l.term as usize) < pos);
        let Some(l) = self.0.get(i) else { return (len, Line::Blank) };
        let end = (l.end as usize).min(len);
        let after = |x: u32| x as usize > pos; // 1 + start > pos: start >= pos
        let kind = if after(l.code) {
            Line::Opaque
        } else if after(l.comment) {
            Line::Comment
        } else {
            Line::Blank
        };
        (end, kind)
    }
}

fn item_span(it: BodyItem<'_>) -> (usize, usize) {
    match it {
        BodyItem::Attribute(a) => (a.span().start as usize, a.expr().span().end as usize),
        BodyItem::Block(b) => (b.span().start as usize, b.span().end as usize),
    }
}

/// The comment lines directly above the next item: the last item of `out` if it is a comment
/// item (a comment after a blank line stays an item of its own).
fn take_lead(out: &mut Vec<Item>) -> Text {
    if let Some(Item { kind: ItemKind::Comment(_), .. }) = out.last() {
        if let Some(Item { kind: ItemKind::Comment(s), .. }) = out.pop() {
            return s;
        }
    }
    Text::default()
}

fn first_indent(items: &[Item]) -> Option<Text> {
    items.iter().find_map(|i| match &i.kind {
        ItemKind::Attribute(a) => Some(a.indent.clone()),
        ItemKind::Block(b) => Some(b.indent.clone()),
        _ => None,
    })
}
