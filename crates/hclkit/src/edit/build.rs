//! Building a document's items from the parser's tree and the token stream the parser kept
//! (no tokenizer of its own). Every piece of text is a range of the one shared source.

use std::sync::Arc;

use super::body::{Attribute, Block, Body, Item, ItemKind};
use super::expr::Expression;
use super::text::Text;
use crate::diagnostic::Diagnostics;
use crate::syntax::native::ast::{self, BodyItem};
use crate::syntax::native::token::{Token, TokenKind};
use crate::syntax::native::ParseOptions;

pub(crate) struct Builder<'s> {
    src: &'s str,
    shared: &'s Arc<str>,
    toks: &'s [Token],
    /// Offsets of errors: a top-level item holding one is kept as opaque text.
    errors: Vec<usize>,
    newline: &'static str,
}

/// Parses `src` (keeping the parser's tokens) and builds its top-level body; never fails.
pub(crate) fn read(src: &Arc<str>, filename: &str) -> (Body, Diagnostics) {
    let bytes: Arc<[u8]> = Arc::from(src.clone());
    let parse = ParseOptions::new().keep_tokens(true).parse_config(bytes, filename);
    let newline = if src.contains("\r\n") { "\r\n" } else { "\n" };
    let body = match parse.tokens() {
        Some(tokens) => {
            let errors = parse
                .diagnostics()
                .errors()
                .filter_map(|d| d.subject.as_ref().map(|r| r.start.byte as usize))
                .collect();
            let b = Builder { src, shared: src, toks: tokens.as_slice(), errors, newline };
            b.top(parse.value())
        }
        // Too large to parse: the whole text, opaque.
        None => Body { items: vec![opaque(src)], indent: Text::default(), newline },
    };
    (body, parse.into_diagnostics())
}

/// The whole of `src` as one opaque item.
pub(crate) fn opaque(src: &Arc<str>) -> Item {
    Item { lead: Text::default(), kind: ItemKind::Opaque(Text::shared(src, 0..src.len())), dirty: false }
}

/// A body over `src` (which must parse without errors to be structured; otherwise opaque).
pub(crate) fn body_from_text(src: &str) -> Body {
    read(&Arc::from(src), "edit").0
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
                    let body = Body { items: Vec::new(), indent: format!("{indent}  ").into(), newline: self.newline };
                    Block {
                        close_indent: indent.clone(),
                        indent,
                        ty,
                        labels,
                        header,
                        open_trail: Text::default(),
                        inline: Some(self.text(oe, cs)),
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

    /// The end of the line starting at `pos` and what it holds.
    fn line(&self, pos: usize) -> (usize, Line) {
        let mut kind = Line::Blank;
        for t in &self.toks[self.first_token(pos)..] {
            match t.kind {
                TokenKind::Newline => return (t.span.end as usize, kind),
                TokenKind::Comment => {
                    if matches!(kind, Line::Blank) {
                        kind = Line::Comment;
                    }
                    if self.src.as_bytes()[..t.span.end as usize].ends_with(b"\n") {
                        return (t.span.end as usize, kind);
                    }
                }
                TokenKind::Eof => return (self.src.len(), kind),
                _ => kind = Line::Opaque,
            }
        }
        (self.src.len(), kind)
    }

    /// The end of the line that `pos` is on (after a comment, the newline), and whether only
    /// comments lie between `pos` and it.
    pub(crate) fn next_line_end(&self, pos: usize) -> (usize, bool) {
        let (end, kind) = self.line(pos);
        (end, !matches!(kind, Line::Opaque))
    }

    fn first_token(&self, pos: usize) -> usize {
        self.toks.partition_point(|t| (t.span.start as usize) < pos)
    }

    fn line_start(&self, pos: usize) -> usize {
        memchr::memrchr(b'\n', &self.src.as_bytes()[..pos]).map_or(0, |i| i + 1)
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
