//! Bodies: attributes, blocks and their labels, single-line blocks, and the "Attribute
//! redefined" check.

use std::collections::HashMap;

use super::Parser;
use crate::pos::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::diag::Problem;
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

impl<'s, const KEEP: bool> Parser<'s, KEEP> {
    /// A body up to the token `end` (`}` for blocks, EOF for files).
    pub(crate) fn parse_body(&mut self, end: TokenKind) -> u32 {
        let start = self.prev_span();
        let base = self.scratch.len();
        let mut names: Option<HashMap<&'s [u8], Span>> = None;
        let names_base = self.steps.len();
        let end_span;
        loop {
            let next = self.peek();
            if next.kind == end {
                end_span = next.span;
                self.read();
                break;
            }
            match next.kind {
                T::Newline => {
                    self.read();
                }
                T::Ident => {
                    if let Some(id) = self.parse_body_item() {
                        let n = self.store.nodes[id as usize];
                        if n.kind == Kind::Attribute {
                            // The attribute's name is the identifier token just peeked.
                            let name_span = next.span;
                            if let Some(prev) = self.find_name(&mut names, names_base, name_span) {
                                self.err(Problem::AttributeRedefined { name: name_span, prev }, name_span, None);
                                self.store.nodes[id as usize].add_attr_flags(AttrFlags::DUPLICATE);
                            }
                        }
                        self.scratch.push(id);
                    }
                }
                _ => {
                    let bad = self.read();
                    if !self.recovery {
                        match bad.kind {
                            T::OQuote => self.err(Problem::QuotedArgumentName, bad.span, None),
                            T::Eof if end == T::CBrace => self.err(Problem::UnclosedBlock, start, None),
                            T::Eof => self.err(Problem::UnclosedBody, start, None),
                            _ => self.err(Problem::ArgumentOrBlockRequired, bad.span, None),
                        }
                    }
                    end_span = self.prev_span();
                    self.recover(end);
                    break;
                }
            }
        }
        self.steps.truncate(names_base);
        let rec = BodyRec { end: Span::empty(end_span.end) };
        let data = self.headed_from_scratch::<BodyRec, u32>(rec, base);
        self.node(Kind::Body, start.to(end_span), data)
    }

    /// Looks `name` up among the attribute names of the current body (kept in `steps` from
    /// `base` as start/end pairs, or in a map for large bodies) and records it.
    fn find_name(&mut self, map: &mut Option<HashMap<&'s [u8], Span>>, base: usize, name: Span) -> Option<Span> {
        let bytes = self.text(name);
        if let Some(m) = map {
            if let Some(&p) = m.get(bytes) {
                return Some(p);
            }
            m.insert(bytes, name);
            return None;
        }
        let mut i = base;
        while i < self.steps.len() {
            let s = Span::new(self.steps[i], self.steps[i + 1]);
            if self.text(s) == bytes {
                return Some(s);
            }
            i += 2;
        }
        self.steps.push(name.start);
        self.steps.push(name.end);
        if self.steps.len() - base > 64 {
            let mut m = HashMap::with_capacity(64);
            let mut i = base;
            while i < self.steps.len() {
                let s = Span::new(self.steps[i], self.steps[i + 1]);
                m.insert(self.text(s), s);
                i += 2;
            }
            self.steps.truncate(base);
            *map = Some(m);
        }
        None
    }

    fn parse_body_item(&mut self) -> Option<u32> {
        let ident = self.read();
        if ident.kind != T::Ident {
            self.recover_after_body_item();
            self.err(Problem::ArgumentOrBlockRequired, ident.span, None);
            return None;
        }
        let next = self.peek();
        match next.kind {
            T::Equal => Some(self.finish_attribute(ident, false)),
            T::OQuote | T::OBrace | T::Ident => self.finish_block(ident),
            _ => {
                self.recover_after_body_item();
                self.err(Problem::ArgumentOrBlockRequiredEquals, ident.span, None);
                None
            }
        }
    }

    fn finish_attribute(&mut self, ident: Token, single_line: bool) -> u32 {
        let eq = self.read();
        let before = self.errs();
        let expr = self.parse_expression();
        let end_span;
        if self.recovery && self.errs() > before {
            end_span = self.prev_span();
            self.recover_after_body_item();
        } else {
            let mut e = self.prev_span();
            if !single_line {
                let end = self.peek();
                if end.kind != T::Newline && end.kind != T::Eof {
                    if !self.recovery {
                        let p = if end.kind == T::Comma {
                            Problem::CommaAfterArgument
                        } else {
                            Problem::MissingNewlineAfterArgument
                        };
                        self.err(p, end.span, Some(ident.span.to(end.span)));
                    }
                    e = self.prev_span();
                    self.recover_after_body_item();
                } else {
                    e = self.prev_span();
                    self.read();
                }
            }
            end_span = e;
        }
        let span = ident.span.to(end_span);
        let name_len = ident.span.len();
        match u16::try_from(eq.span.start - ident.span.start) {
            Ok(off) => self.push(Node::attribute(span, name_len, off, expr)),
            Err(_) => {
                let data = self.record(AttrWide { equals: eq.span.start, expr });
                self.push(Node::wide_attribute(span, name_len, data))
            }
        }
    }

    fn finish_block(&mut self, ident: Token) -> Option<u32> {
        if !self.enter() {
            self.recover_after_body_item();
            return None;
        }
        let r = self.finish_block_inner(ident);
        self.leave();
        Some(r)
    }

    fn finish_block_inner(&mut self, ident: Token) -> u32 {
        let label_base = self.scratch.len();
        let obrace;
        loop {
            let t = self.peek();
            match t.kind {
                T::OBrace => {
                    obrace = self.read();
                    break;
                }
                T::OQuote => {
                    let span = self.parse_quoted_label();
                    span.write(&mut self.scratch);
                }
                T::Ident => {
                    let t = self.read();
                    t.span.write(&mut self.scratch);
                }
                _ => {
                    let ctx = Some(ident.span.to(t.span));
                    match t.kind {
                        T::Equal => self.err(Problem::BlockEquals, t.span, ctx),
                        T::Newline => self.err(Problem::BlockNewline, t.span, ctx),
                        _ if !self.recovery => self.err(Problem::BlockLabelOrBrace, t.span, ctx),
                        _ => {}
                    }
                    self.recover_after_body_item();
                    let body = self.body_node(ident.span, ident.span);
                    return self.block_node(ident, label_base, ident.span, ident.span, body);
                }
            }
        }

        let body;
        match self.peek().kind {
            T::Newline | T::Eof | T::CBrace => body = Some(self.parse_body(T::CBrace)),
            _ => {
                let before = self.errs();
                body = self.parse_single_attr_body();
                let body_errs = self.errs() - before;
                let t = self.peek();
                match t.kind {
                    T::CBrace => {
                        self.read();
                    }
                    T::Comma => {
                        self.err(Problem::SingleLineComma, t.span, None);
                        self.recover(T::CBrace);
                    }
                    T::Newline => {
                        self.err(Problem::SingleLineNewline, t.span, None);
                        self.recover(T::CBrace);
                    }
                    _ => {
                        if !self.recovery {
                            if t.kind == T::Eof {
                                self.err(Problem::UnclosedBlock, obrace.span, Some(ident.span.to(obrace.span)));
                            } else {
                                self.err(Problem::SingleLineEnd, t.span, None);
                            }
                        }
                        self.recover(T::CBrace);
                    }
                }
                // The reference reports the body's own problems after these.
                self.diags[before..].rotate_left(body_errs);
            }
        }
        let cbrace = self.prev_span();
        let eol = self.peek();
        if eol.kind == T::Newline || eol.kind == T::Eof {
            self.read();
        } else {
            if !self.recovery {
                self.err(Problem::MissingNewlineAfterBlock, eol.span, Some(ident.span.to(eol.span)));
            }
            self.recover_after_body_item();
        }
        let body = match body {
            Some(b) => b,
            None => self.body_node(obrace.span.to(cbrace), cbrace),
        };
        self.block_node(ident, label_base, obrace.span, cbrace, body)
    }

    /// An empty body (of a broken block) ending at `end`.
    fn body_node(&mut self, span: Span, end: Span) -> u32 {
        let data = self.headed_from_scratch::<BodyRec, u32>(BodyRec { end }, self.scratch.len());
        self.node(Kind::Body, span, data)
    }

    /// A block whose labels are in `scratch[label_base..]`.
    fn block_node(&mut self, ident: Token, label_base: usize, open: Span, close: Span, body: u32) -> u32 {
        let rec = BlockRec { type_end: ident.span.end, open, close, body };
        let data = self.headed_from_scratch::<BlockRec, Span>(rec, label_base);
        self.node(Kind::Block, ident.span.to(close), data)
    }

    /// The one attribute of a single-line block `b { a = 1 }`.
    fn parse_single_attr_body(&mut self) -> Option<u32> {
        let ident = self.read();
        if ident.kind != T::Ident {
            self.recover_after_body_item();
            self.err(Problem::ArgumentOrBlockRequired, ident.span, None);
            return None;
        }
        let next = self.peek();
        match next.kind {
            T::Equal => {
                let attr = self.finish_attribute(ident, true);
                let span = self.span_of(attr);
                let base = self.scratch.len();
                self.scratch.push(attr);
                let data = self.headed_from_scratch::<BodyRec, u32>(BodyRec { end: Span::empty(span.end) }, base);
                Some(self.node(Kind::Body, span, data))
            }
            T::OQuote | T::OBrace | T::Ident => {
                self.recover_after_body_item();
                self.err(Problem::SingleLineArgumentRequired { name: ident.span }, ident.span.to(next.span), None);
                None
            }
            _ => {
                self.recover_after_body_item();
                self.err(Problem::ArgumentOrBlockRequiredEquals, ident.span, None);
                None
            }
        }
    }

    /// A quoted block label; returns its span (quotes included). Escapes are checked here.
    fn parse_quoted_label(&mut self) -> Span {
        let open = self.read();
        let end;
        loop {
            let t = self.read();
            match t.kind {
                T::CQuote => {
                    end = t.span;
                    break;
                }
                T::QuotedLit => self.check_escapes(t.span),
                T::TemplateControl | T::TemplateInterp => {
                    let dollar = t.kind == T::TemplateInterp;
                    self.err(Problem::LabelTemplate { dollar }, t.span, Some(open.span.to(t.span)));
                    self.recover(T::TemplateSeqEnd);
                }
                T::Eof => {
                    self.err(Problem::UnterminatedLabel, t.span, Some(open.span.to(t.span)));
                    end = t.span;
                    break;
                }
                _ => {
                    self.err(Problem::LabelBadItem, t.span, Some(open.span.to(t.span)));
                    self.recover(T::CQuote);
                    end = t.span;
                    break;
                }
            }
        }
        open.span.to(end)
    }
}
