//! The recursive-descent parser.
//!
//! It follows the reference's grammar functions and error recovery closely, so that it reports
//! the same diagnostics (summaries, details and ranges) for broken input, but builds the
//! compact [`Tree`] of [`super::ast`] and pulls tokens lazily from the lexer: no token vector
//! is kept, only a few tokens of lookahead.
//!
//! Newline significance is a property of the token source ([`Parser::push_newlines`]):
//! parentheses, brackets, call arguments, `for` headers and template sequences ignore
//! newlines; bodies and object constructors treat them as separators. Line comments count as
//! newlines where newlines matter.
//!
//! Recovery mirrors the reference: on an error the parser enters recovery mode, skips to a
//! closing bracket or the end of the body item, and carries on; errors that would only repeat
//! the first are then suppressed, as the reference does. Nesting deeper than [`MAX_DEPTH`]
//! is reported instead of overflowing the stack.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use unicode_segmentation::UnicodeSegmentation;

use super::ast::*;
use super::decode::{decode_quoted, EscapeError};
use super::diag::{Problem, RawDiag};
use super::lexer::{ident_end, LexMode, Lexer};
use super::token::{Token, TokenKind};
use crate::pos::Span;

use TokenKind as T;

/// The deepest nesting of expressions, blocks and template directives the parser accepts.
pub const MAX_DEPTH: u32 = 200;

#[derive(Clone, Copy)]
enum TTok {
    Lit(u32),
    Interp(u32),
    If(u32, Span),
    For { key: Span, val: Span, coll: u32, span: Span },
    Else(Span),
    EndIf(Span),
    EndFor(Span),
    End(Span),
}

/// The expression being built by a chain of traversal steps.
#[derive(Clone, Copy)]
enum Cur {
    Node(u32),
    /// A traversal whose steps are still in `Parser::steps[base..]`.
    Trav {
        scope: bool,
        head: u32,
        start: u32,
        end: u32,
        base: usize,
        n: u32,
    },
}

pub(crate) struct Parser<'s> {
    src: &'s [u8],
    lexer: Lexer<'s>,
    /// Raw lookahead tokens; `buf[head..]` are not consumed yet.
    buf: Vec<Token>,
    head: usize,
    /// The next significant token under the current newline mode, once computed.
    peeked: Option<(Token, usize)>,
    nl_stack: Vec<bool>,
    prev: Option<Token>,
    recovery: bool,
    depth: u32,
    pub(crate) nodes: Vec<Node>,
    pub(crate) extra: Vec<u32>,
    pub(crate) diags: Vec<RawDiag>,
    pub(crate) comments: Vec<Span>,
    scratch: Vec<u32>,
    steps: Vec<u32>,
    tmpl: Vec<TTok>,
    esc: Vec<u8>,
}

impl<'s> Parser<'s> {
    pub(crate) fn new(src: &'s [u8], mode: LexMode) -> Parser<'s> {
        // Generous capacities (real files use about one node per 19 bytes and one extra word
        // per 5): growing a large vector copies it and doubles its footprint for a moment,
        // while capacity that is never written costs no memory; `finish` trims the excess.
        let big = src.len() > 1 << 20;
        let est = if big { src.len() / 12 } else { src.len() / 20 } + 16;
        Parser {
            src,
            lexer: Lexer::new(src, mode),
            buf: Vec::with_capacity(8),
            head: 0,
            peeked: None,
            nl_stack: vec![true],
            prev: None,
            recovery: false,
            depth: 0,
            nodes: Vec::with_capacity(est),
            extra: Vec::with_capacity(if big { src.len() / 4 } else { src.len() / 6 } + 16),
            diags: Vec::new(),
            comments: Vec::new(),
            scratch: Vec::with_capacity(64),
            steps: Vec::with_capacity(64),
            tmpl: Vec::new(),
            esc: Vec::new(),
        }
    }

    /// Lexes whatever the parser left (so every lexical problem is reported) and returns the
    /// tree and the lexer's and parser's diagnostics.
    pub(crate) fn finish(mut self, filename: &str, src: Arc<[u8]>) -> (Tree, Vec<RawDiag>) {
        self.peeked = None;
        loop {
            let t = self.raw(0);
            if t.kind == T::Eof {
                break;
            }
            self.consume(1);
        }
        let lex = self.lexer.take_diagnostics();
        let mut diags: Vec<RawDiag> =
            lex.items.iter().map(|&(p, span)| RawDiag::new(Problem::Lex(p), span, None)).collect();
        diags.append(&mut self.diags);
        self.nodes.shrink_to_fit();
        self.extra.shrink_to_fit();
        self.comments.shrink_to_fit();
        let tree = Tree {
            src,
            filename: filename.into(),
            nodes: self.nodes,
            extra: self.extra,
            comments: self.comments,
            line_index: OnceLock::new(),
        };
        (tree, diags)
    }

    // ---- token source -------------------------------------------------------------------

    /// The raw token `i` places after the next unconsumed one.
    #[inline]
    fn raw(&mut self, i: usize) -> Token {
        let at = self.head + i;
        if at >= self.buf.len() {
            self.refill(at);
        }
        // Never past EOF (the scan stops there), but stay in bounds regardless.
        self.buf[at.min(self.buf.len() - 1)]
    }

    /// Lexes a batch of tokens (the lexer does not depend on the parser's state, so it can
    /// run ahead; batches keep its loop hot and the buffer small).
    #[inline(never)]
    fn refill(&mut self, at: usize) {
        const BATCH: usize = 32;
        while self.buf.len() <= at || self.buf.len() < self.head + BATCH {
            let t = self.lexer.next_token();
            if t.kind == T::Comment {
                self.comments.push(t.span);
            }
            self.buf.push(t);
            if t.kind == T::Eof {
                break;
            }
        }
    }

    /// Consumes `n` raw tokens.
    #[inline]
    fn consume(&mut self, n: usize) {
        self.head += n;
        if self.head >= self.buf.len() {
            self.buf.clear();
            self.head = 0;
        }
    }

    /// The next significant token and how many raw tokens reading it consumes.
    #[inline]
    fn next_index(&mut self) -> (Token, usize) {
        if let Some(p) = self.peeked {
            return p;
        }
        let p = self.scan_next();
        self.peeked = Some(p);
        p
    }

    fn scan_next(&mut self) -> (Token, usize) {
        let include = *self.nl_stack.last().unwrap_or(&true);
        let mut i = 0;
        loop {
            let t = self.raw(i);
            match t.kind {
                T::Comment => {
                    // Line comments include their newline: where newlines matter they count
                    // as one, with the comment's range (as the reference does).
                    if include && t.span.slice(self.src).last() == Some(&b'\n') {
                        return (Token { kind: T::Newline, span: t.span }, i + 1);
                    }
                    i += 1;
                }
                T::Newline if !include => i += 1,
                T::Eof => return (t, i),
                _ => return (t, i + 1),
            }
        }
    }

    #[inline]
    fn peek(&mut self) -> Token {
        self.next_index().0
    }

    #[inline]
    fn read(&mut self) -> Token {
        let (t, n) = self.next_index();
        self.peeked = None;
        self.consume(n);
        self.prev = Some(t);
        t
    }

    fn prev_span(&mut self) -> Span {
        match self.prev {
            Some(t) => t.span,
            None => self.peek().span,
        }
    }

    pub(crate) fn push_newlines_pub(&mut self, include: bool) {
        self.push_newlines(include);
    }

    fn push_newlines(&mut self, include: bool) {
        if self.nl_stack.last() != Some(&include) {
            self.peeked = None;
        }
        self.nl_stack.push(include);
    }

    fn pop_newlines(&mut self) {
        if self.nl_stack.len() > 1 {
            let old = self.nl_stack.pop();
            if self.nl_stack.last() != old.as_ref() {
                self.peeked = None;
            }
        }
    }

    fn text(&self, span: Span) -> &'s [u8] {
        span.slice(self.src)
    }

    fn is_keyword(&self, t: Token, kw: &[u8]) -> bool {
        t.kind == T::Ident && self.text(t.span) == kw
    }

    // ---- building -----------------------------------------------------------------------

    #[inline]
    fn node(&mut self, kind: Kind, span: Span, flags: u8, aux: u16, data: u32) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node { span, kind, flags, aux, data });
        id
    }

    #[inline]
    fn extra(&mut self, vals: &[u32]) -> u32 {
        let at = self.extra.len() as u32;
        self.extra.extend_from_slice(vals);
        at
    }

    /// Moves `scratch[base..]` into `extra` as a counted list.
    fn list_from_scratch(&mut self, base: usize) -> u32 {
        let at = self.extra.len() as u32;
        self.extra.push((self.scratch.len() - base) as u32);
        self.extra.extend_from_slice(&self.scratch[base..]);
        self.scratch.truncate(base);
        at
    }

    fn span_of(&self, id: u32) -> Span {
        self.nodes[id as usize].span
    }

    fn placeholder(&mut self, span: Span) -> u32 {
        self.node(Kind::Literal, span, 0, LIT_DYNAMIC, 0)
    }

    #[cold]
    fn err(&mut self, p: Problem, subject: Span, context: Option<Span>) {
        self.diags.push(RawDiag::new(p, subject, context));
    }

    fn errs(&self) -> usize {
        self.diags.len()
    }

    // ---- recovery -----------------------------------------------------------------------

    fn opposite(k: TokenKind) -> Option<TokenKind> {
        Some(match k {
            T::OBrace => T::CBrace,
            T::OBrack => T::CBrack,
            T::OParen => T::CParen,
            T::OQuote => T::CQuote,
            T::OHeredoc => T::CHeredoc,
            T::CBrace => T::OBrace,
            T::CBrack => T::OBrack,
            T::CParen => T::OParen,
            T::CQuote => T::OQuote,
            T::CHeredoc => T::OHeredoc,
            T::TemplateControl | T::TemplateInterp => T::TemplateSeqEnd,
            T::TemplateSeqEnd => T::TemplateInterp,
            _ => return None,
        })
    }

    /// Skips to the token `end` closing the current bracket (counting nested ones), returning it.
    fn recover(&mut self, end: TokenKind) -> Token {
        let start = Self::opposite(end);
        self.recovery = true;
        let mut nest = 0u32;
        loop {
            let t = self.read();
            let mut k = t.kind;
            if end == T::TemplateSeqEnd && k == T::TemplateControl {
                k = T::TemplateInterp;
            }
            if Some(k) == start {
                nest += 1;
            } else if k == end {
                if nest == 0 {
                    return t;
                }
                nest -= 1;
            } else if k == T::Eof {
                return t;
            }
        }
    }

    /// Skips to the end of the current body item (the next newline outside brackets).
    fn recover_after_body_item(&mut self) {
        self.recovery = true;
        let mut open: Vec<TokenKind> = Vec::new();
        loop {
            let t = self.read();
            match t.kind {
                T::Newline if open.is_empty() => return,
                T::Eof => return,
                T::OBrace
                | T::OBrack
                | T::OParen
                | T::OQuote
                | T::OHeredoc
                | T::TemplateInterp
                | T::TemplateControl => open.push(t.kind),
                T::CBrace | T::CBrack | T::CParen | T::CQuote | T::CHeredoc => {
                    let opener = Self::opposite(t.kind);
                    while let Some(&top) = open.last() {
                        if Some(top) == opener {
                            break;
                        }
                        open.pop();
                    }
                    open.pop();
                }
                T::TemplateSeqEnd => {
                    while let Some(&top) = open.last() {
                        if top == T::TemplateInterp || top == T::TemplateControl {
                            break;
                        }
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }

    /// Enters one level of nesting; false (with a diagnostic) when too deep.
    fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.recovery {
                let t = self.peek();
                self.err(Problem::TooDeep, t.span, None);
            }
            self.recovery = true;
            return false;
        }
        self.depth += 1;
        true
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- structure ----------------------------------------------------------------------

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
                        let n = self.nodes[id as usize];
                        if n.kind == Kind::Attribute {
                            let name_end = ident_end(self.src, n.span.start as usize).unwrap_or(0) as u32;
                            let name_span = Span::new(n.span.start, name_end);
                            if let Some(prev) = self.find_name(&mut names, names_base, name_span) {
                                self.err(Problem::AttributeRedefined { name: name_span, prev }, name_span, None);
                                self.nodes[id as usize].flags |= ATTR_DUPLICATE;
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
        let list = self.extra.len() as u32;
        self.extra.push(end_span.end);
        self.extra.push(end_span.end);
        let l = self.list_from_scratch(base);
        debug_assert_eq!(l, list + 2);
        self.node(Kind::Body, start.to(end_span), 0, 0, list)
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
        match u16::try_from(eq.span.start - ident.span.start) {
            Ok(off) => self.node(Kind::Attribute, span, 0, off, expr),
            Err(_) => {
                let data = self.extra(&[eq.span.start, expr]);
                self.node(Kind::Attribute, span, ATTR_WIDE, 0, data)
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
                    self.scratch.push(span.start);
                    self.scratch.push(span.end);
                }
                T::Ident => {
                    let t = self.read();
                    self.scratch.push(t.span.start);
                    self.scratch.push(t.span.end);
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
                    let body = self.body_node(ident.span, ident.span, ident.span);
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
            None => self.body_node(obrace.span.to(cbrace), cbrace, cbrace),
        };
        self.block_node(ident, label_base, obrace.span, cbrace, body)
    }

    fn body_node(&mut self, span: Span, end: Span, _x: Span) -> u32 {
        let data = self.extra(&[end.start, end.end, 0]);
        self.node(Kind::Body, span, 0, 0, data)
    }

    fn block_node(&mut self, ident: Token, label_base: usize, open: Span, close: Span, body: u32) -> u32 {
        let at = self.extra.len() as u32;
        let nlabels = (self.scratch.len() - label_base) / 2;
        self.extra.push(ident.span.end);
        self.extra.push(nlabels as u32);
        self.extra.extend_from_slice(&self.scratch[label_base..]);
        self.scratch.truncate(label_base);
        self.extra.extend_from_slice(&[open.start, open.end, close.start, close.end, body]);
        self.node(Kind::Block, ident.span.to(close), 0, 0, at)
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
                let data = self.extra(&[span.end, span.end, 1, attr]);
                Some(self.node(Kind::Body, span, 0, 0, data))
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

    fn check_escapes(&mut self, span: Span) {
        let b = self.text(span);
        if memchr::memchr(b'\\', b).is_none() {
            return;
        }
        let mut found: Vec<(EscapeError, Span)> = Vec::new();
        let mut out = std::mem::take(&mut self.esc);
        out.clear();
        decode_quoted(b, span.start, &mut out, &mut |e, s| found.push((e, s)));
        self.esc = out;
        for (e, s) in found {
            self.err(Problem::Escape(e), s, None);
        }
    }

    // ---- expressions --------------------------------------------------------------------

    pub(crate) fn parse_expression(&mut self) -> u32 {
        if !self.enter() {
            let t = self.peek();
            return self.placeholder(t.span);
        }
        let r = self.parse_ternary();
        self.leave();
        r
    }

    fn parse_ternary(&mut self) -> u32 {
        let start = self.peek().span;
        let before = self.errs();
        let cond = self.parse_binary(0);
        if self.recovery && self.errs() > before {
            return cond;
        }
        if self.peek().kind != T::Question {
            return cond;
        }
        self.read();
        let before = self.errs();
        let t = self.parse_expression();
        if self.recovery && self.errs() > before {
            return cond;
        }
        let colon = self.peek();
        if colon.kind != T::Colon {
            self.err(Problem::MissingFalseExpr, colon.span, Some(start.to(colon.span)));
            return cond;
        }
        self.read();
        let before = self.errs();
        let f = self.parse_expression();
        if self.recovery && self.errs() > before {
            return cond;
        }
        let data = self.extra(&[cond, t, f]);
        let span = start.to(self.span_of(f));
        self.node(Kind::Conditional, span, 0, 0, data)
    }

    /// The operator of token kind `k` and its precedence level (0 binds loosest).
    #[inline]
    fn binary_op(k: TokenKind) -> Option<(BinaryOp, usize)> {
        use BinaryOp::*;
        Some(match k {
            T::Or => (LogicalOr, 0),
            T::And => (LogicalAnd, 1),
            T::EqualOp => (Equal, 2),
            T::NotEqual => (NotEqual, 2),
            T::GreaterThan => (GreaterThan, 3),
            T::GreaterThanEq => (GreaterThanOrEqual, 3),
            T::LessThan => (LessThan, 3),
            T::LessThanEq => (LessThanOrEqual, 3),
            T::Plus => (Add, 4),
            T::Minus => (Subtract, 4),
            T::Star => (Multiply, 5),
            T::Slash => (Divide, 5),
            T::Percent => (Modulo, 5),
            _ => return None,
        })
    }

    /// Binary operations binding at least as tight as `min_level`, left-associative
    /// (precedence climbing; the same trees as the reference's one function per level, and the
    /// same early return when an operand fails in recovery mode).
    fn parse_binary(&mut self, min_level: usize) -> u32 {
        let before = self.errs();
        let mut lhs = self.parse_expression_with_traversals();
        if self.recovery && self.errs() > before {
            return lhs;
        }
        loop {
            let next = self.peek();
            let Some((op, level)) = Self::binary_op(next.kind) else { break };
            if level < min_level {
                break;
            }
            self.read();
            let before = self.errs();
            let rhs = self.parse_binary(level + 1);
            if self.recovery && self.errs() > before {
                return lhs;
            }
            lhs = self.binary_node(lhs, op, rhs);
        }
        lhs
    }

    fn binary_node(&mut self, lhs: u32, op: BinaryOp, rhs: u32) -> u32 {
        let span = self.span_of(lhs).to(self.span_of(rhs));
        let data = self.extra(&[lhs, rhs]);
        self.node(Kind::BinaryOp, span, 0, op as u16, data)
    }

    fn parse_expression_with_traversals(&mut self) -> u32 {
        let term = self.parse_expression_term();
        let out = self.parse_traversals(term);
        self.finish_cur(out)
    }

    fn cur_span(&self, c: Cur) -> Span {
        match c {
            Cur::Node(id) => self.span_of(id),
            Cur::Trav { start, end, .. } => Span::new(start, end),
        }
    }

    /// Turns a pending traversal into a node.
    fn finish_cur(&mut self, c: Cur) -> u32 {
        match c {
            Cur::Node(id) => id,
            Cur::Trav { scope, head, start, end, base, n } => {
                let at = self.extra.len() as u32;
                if !scope {
                    self.extra.push(head);
                }
                self.extra.push(n);
                self.extra.extend_from_slice(&self.steps[base..]);
                self.steps.truncate(base);
                let kind = if scope { Kind::ScopeTraversal } else { Kind::RelativeTraversal };
                self.node(kind, Span::new(start, end), 0, 0, at)
            }
        }
    }

    /// Appends a traversal step (its encoded words, see `ast::STEP_ATTR`) ending at `end` to
    /// `c` (the reference's `makeRelativeTraversal`).
    fn add_step(&mut self, c: Cur, words: &[u32], end: u32) -> Cur {
        match c {
            Cur::Trav { scope, head, start, base, n, .. } => {
                self.steps.extend_from_slice(words);
                Cur::Trav { scope, head, start, end, base, n: n + 1 }
            }
            Cur::Node(id) => {
                let base = self.steps.len();
                self.steps.extend_from_slice(words);
                Cur::Trav { scope: false, head: id, start: self.span_of(id).start, end, base, n: 1 }
            }
        }
    }

    fn parse_traversals(&mut self, from: Cur) -> Cur {
        let from_span = self.cur_span(from);
        let mut ret = from;
        loop {
            let next = self.peek();
            match next.kind {
                T::Dot => {
                    let dot = self.read();
                    let attr = self.peek();
                    match attr.kind {
                        T::Ident => {
                            let a = self.read();
                            ret = self.add_step(ret, &[dot.span.start, a.span.start], a.span.end);
                        }
                        T::NumberLit => {
                            let num = self.read();
                            let text = self.text(num.span);
                            if let Some(i) = memchr::memchr(b'.', text) {
                                self.err(
                                    Problem::LegacyIndexChain { num: num.span, dot: i as u32, splat: false },
                                    num.span,
                                    None,
                                );
                                let w = dot.span.start | STEP_DYNAMIC_INDEX << STEP_SHIFT;
                                ret = self.add_step(ret, &[w, num.span.start], num.span.end);
                            } else {
                                self.check_number(num.span);
                                let w = dot.span.start | STEP_LEGACY_INDEX << STEP_SHIFT;
                                ret = self.add_step(ret, &[w, num.span.start], num.span.end);
                            }
                        }
                        T::Star => {
                            let marker = self.read();
                            let first = self.peek().span;
                            let mut last = marker.span;
                            let base = self.steps.len();
                            let mut nsteps = 0u32;
                            let mut broken = false;
                            while self.peek().kind == T::Dot {
                                let d = self.read();
                                let nt = self.peek();
                                if nt.kind == T::NumberLit {
                                    let num = self.read();
                                    let text = self.text(num.span);
                                    if let Some(i) = memchr::memchr(b'.', text) {
                                        // The reference points this one at the token after `*`.
                                        self.err(
                                            Problem::LegacyIndexChain { num: num.span, dot: i as u32, splat: true },
                                            attr.span,
                                            None,
                                        );
                                        self.steps.extend_from_slice(&[
                                            d.span.start | STEP_DYNAMIC_INDEX << STEP_SHIFT,
                                            num.span.start,
                                        ]);
                                    } else {
                                        self.check_number(num.span);
                                        self.steps.extend_from_slice(&[
                                            d.span.start | STEP_LEGACY_INDEX << STEP_SHIFT,
                                            num.span.start,
                                        ]);
                                    }
                                    last = num.span;
                                    nsteps += 1;
                                    continue;
                                }
                                if nt.kind != T::Ident {
                                    if !self.recovery {
                                        if nt.kind == T::Star {
                                            self.err(Problem::NestedSplat, nt.span, None);
                                        } else {
                                            self.err(Problem::InvalidAttrName, attr.span, None);
                                        }
                                    }
                                    self.recovery = true;
                                    broken = true;
                                    break;
                                }
                                let a = self.read();
                                self.steps.extend_from_slice(&[d.span.start, a.span.start]);
                                nsteps += 1;
                                last = a.span;
                            }
                            if broken {
                                self.steps.truncate(base);
                                continue;
                            }
                            let marker_span = dot.span.to(marker.span);
                            let item = self.node(Kind::AnonSymbol, marker_span, 0, 0, 0);
                            let each = if self.steps.len() == base {
                                item
                            } else {
                                let trav = Cur::Trav {
                                    scope: false,
                                    head: item,
                                    start: first.start,
                                    end: last.end,
                                    base,
                                    n: nsteps,
                                };
                                self.finish_cur(trav)
                            };
                            let source = self.finish_cur(ret);
                            let data = self.extra(&[source, each, item, marker_span.start, marker_span.end]);
                            let id = self.node(Kind::Splat, from_span.to(last), 0, 0, data);
                            ret = Cur::Node(id);
                        }
                        _ => {
                            self.err(Problem::InvalidAttrName, attr.span, None);
                            self.recovery = true;
                        }
                    }
                }
                T::OBrack => {
                    let open = self.read();
                    if self.peek().kind == T::Star {
                        self.read();
                        let mut close = self.read();
                        if close.kind != T::CBrack && !self.recovery {
                            // The reference's diagnostic keeps a pointer to `close`, which then
                            // holds the token recovery stopped at: report that one.
                            close = self.recover(T::CBrack);
                            self.err(Problem::SplatMissingBracket, close.span, None);
                        }
                        let marker_span = open.span.to(close.span);
                        let item = self.node(Kind::AnonSymbol, marker_span, 0, 0, 0);
                        let source = self.finish_cur(ret);
                        let each_cur = self.parse_traversals(Cur::Node(item));
                        let each = self.finish_cur(each_cur);
                        let data = self.extra(&[source, each, item, marker_span.start, marker_span.end]);
                        let span = from_span.to(self.span_of(each));
                        ret = Cur::Node(self.node(Kind::Splat, span, 0, 0, data));
                    } else {
                        self.push_newlines(false);
                        let before = self.errs();
                        let key = self.parse_expression();
                        let close = if self.recovery && self.errs() > before {
                            self.recover(T::CBrack)
                        } else {
                            let c = self.read();
                            if c.kind != T::CBrack && !self.recovery {
                                // As above: the reference reports the token recovery stops at.
                                let r = self.recover(T::CBrack);
                                self.err(Problem::IndexMissingBracket, r.span, None);
                                r
                            } else {
                                c
                            }
                        };
                        self.pop_newlines();
                        let kn = self.nodes[key as usize];
                        let is_const = match kn.kind {
                            Kind::Literal => true,
                            Kind::Template if kn.flags & TPL_SIMPLE != 0 => true,
                            Kind::Template => {
                                let l = self.extra[kn.data as usize];
                                l == 1 && self.nodes[self.extra[kn.data as usize + 1] as usize].kind == Kind::Literal
                            }
                            _ => false,
                        };
                        if is_const {
                            let w = open.span.start | STEP_INDEX << STEP_SHIFT;
                            ret = self.add_step(ret, &[w, close.span.end, key], close.span.end);
                        } else {
                            let coll = self.finish_cur(ret);
                            let data = self.extra(&[coll, key, open.span.start]);
                            let span = from_span.to(close.span);
                            ret = Cur::Node(self.node(Kind::Index, span, 0, 0, data));
                        }
                    }
                }
                _ => return ret,
            }
        }
    }

    fn check_number(&mut self, span: Span) -> bool {
        if valid_number(self.text(span)) {
            true
        } else {
            self.err(Problem::InvalidNumber, span, None);
            false
        }
    }

    fn parse_expression_term(&mut self) -> Cur {
        let start = self.peek();
        match start.kind {
            T::OParen => {
                let open = self.read();
                self.push_newlines(false);
                let before = self.errs();
                let inner = self.parse_expression();
                if self.errs() > before {
                    self.recover(T::CParen);
                    self.pop_newlines();
                    return Cur::Node(inner);
                }
                let close = self.peek();
                if close.kind != T::CParen {
                    self.err(Problem::UnbalancedParens, close.span, Some(start.span.to(close.span)));
                    self.recovery = true;
                }
                let close = self.read();
                self.pop_newlines();
                Cur::Node(self.node(Kind::Parens, open.span.to(close.span), 0, 0, inner))
            }
            T::NumberLit => {
                let t = self.read();
                let aux = if self.check_number(t.span) { LIT_NUMBER } else { LIT_BAD_NUMBER };
                Cur::Node(self.node(Kind::Literal, t.span, 0, aux, 0))
            }
            T::Ident => {
                let t = self.read();
                if self.peek().kind == T::OParen {
                    return Cur::Node(self.finish_call(t));
                }
                let lit = match self.text(t.span) {
                    b"true" => LIT_TRUE,
                    b"false" => LIT_FALSE,
                    b"null" => LIT_NULL,
                    _ => {
                        return Cur::Trav {
                            scope: true,
                            head: t.span.end,
                            start: t.span.start,
                            end: t.span.end,
                            base: self.steps.len(),
                            n: 0,
                        }
                    }
                };
                Cur::Node(self.node(Kind::Literal, t.span, 0, lit, 0))
            }
            T::OQuote | T::OHeredoc => {
                let open = self.read();
                let closer = if open.kind == T::OQuote { T::CQuote } else { T::CHeredoc };
                let flush = open.kind == T::OHeredoc && self.text(open.span).starts_with(b"<<-");
                let (parts, passthru, _) = self.parse_template_inner(closer, flush);
                let span = open.span.to(self.prev_span());
                if open.kind == T::OQuote {
                    if let Some(id) = self.simple_template(parts, span) {
                        return Cur::Node(id);
                    }
                }
                Cur::Node(self.template_node(parts, passthru, span))
            }
            T::Minus | T::Bang => {
                let t = self.read();
                if !self.enter() {
                    return Cur::Node(self.placeholder(t.span));
                }
                let operand = self.parse_expression_with_traversals();
                self.leave();
                let span = t.span.to(self.span_of(operand));
                let aux = if t.kind == T::Minus { 0 } else { 1 };
                Cur::Node(self.node(Kind::UnaryOp, span, 0, aux, operand))
            }
            T::OBrack => Cur::Node(self.parse_tuple()),
            T::OBrace => Cur::Node(self.parse_object()),
            _ => {
                if !self.recovery {
                    let p = if start.kind == T::Eof { Problem::MissingExpression } else { Problem::InvalidExpression };
                    self.err(p, start.span, None);
                }
                self.recovery = true;
                Cur::Node(self.placeholder(start.span))
            }
        }
    }

    fn finish_call(&mut self, name: Token) -> u32 {
        let open = self.read();
        let base = self.scratch.len();
        let mut expand = false;
        let close;
        self.push_newlines(false);
        loop {
            let t = self.peek();
            if t.kind == T::CParen {
                close = self.read();
                break;
            }
            let before = self.errs();
            let arg = self.parse_expression();
            self.scratch.push(arg);
            if self.recovery && self.errs() > before {
                close = self.recover(T::CParen);
                break;
            }
            let sep = self.read();
            if sep.kind == T::CParen {
                close = sep;
                break;
            }
            if sep.kind == T::Ellipsis {
                expand = true;
                if self.peek().kind != T::CParen {
                    if !self.recovery {
                        self.err(Problem::ExpandNotLast, sep.span, Some(name.span.to(sep.span)));
                    }
                    close = self.recover(T::CParen);
                } else {
                    close = self.read();
                }
                break;
            }
            if sep.kind != T::Comma {
                if sep.kind == T::Eof {
                    self.err(Problem::UnterminatedCall, name.span.to(open.span), None);
                } else {
                    self.err(Problem::MissingArgSeparator, sep.span, Some(name.span.to(sep.span)));
                }
                close = self.recover(T::CParen);
                break;
            }
            if self.peek().kind == T::CParen {
                close = self.read();
                break;
            }
        }
        self.pop_newlines();
        let at = self.extra(&[open.span.start, close.span.start]);
        let l = self.list_from_scratch(base);
        debug_assert_eq!(l, at + 2);
        self.node(Kind::FunctionCall, name.span.to(close.span), expand as u8, 0, at)
    }

    fn parse_tuple(&mut self) -> u32 {
        let open = self.read();
        self.push_newlines(false);
        let r = if self.is_keyword_next(b"for") { self.finish_for(open) } else { self.parse_tuple_items(open) };
        self.pop_newlines();
        r
    }

    fn is_keyword_next(&mut self, kw: &[u8]) -> bool {
        let t = self.peek();
        self.is_keyword(t, kw)
    }

    fn parse_tuple_items(&mut self, open: Token) -> u32 {
        let base = self.scratch.len();
        let close;
        loop {
            let next = self.peek();
            if next.kind == T::CBrack {
                close = self.read();
                break;
            }
            let before = self.errs();
            let e = self.parse_expression();
            self.scratch.push(e);
            if self.recovery && self.errs() > before {
                close = self.recover(T::CBrack);
                break;
            }
            let next = self.peek();
            if next.kind == T::CBrack {
                close = self.read();
                break;
            }
            if next.kind != T::Comma {
                if !self.recovery {
                    if next.kind == T::Eof {
                        self.err(Problem::UnterminatedTuple, open.span, None);
                    } else {
                        self.err(Problem::MissingItemSeparator, next.span, Some(open.span.to(next.span)));
                    }
                }
                close = self.recover(T::CBrack);
                break;
            }
            self.read();
        }
        let l = self.list_from_scratch(base);
        self.node(Kind::Tuple, open.span.to(close.span), 0, 0, l)
    }

    fn parse_object(&mut self) -> u32 {
        let open = self.read();
        self.push_newlines(false);
        let is_for = self.is_keyword_next(b"for");
        self.pop_newlines();
        if is_for {
            self.push_newlines(false);
            let r = self.finish_for(open);
            self.pop_newlines();
            return r;
        }
        self.push_newlines(true);
        let base = self.scratch.len();
        let close;
        loop {
            let next = self.peek();
            if next.kind == T::Newline {
                self.read();
                continue;
            }
            if next.kind == T::CBrace {
                close = self.read();
                break;
            }
            let force = next.kind == T::OParen;
            let before = self.errs();
            let key = self.parse_expression();
            if self.recovery && self.errs() > before {
                close = self.recover(T::CBrace);
                break;
            }
            let next = self.peek();
            if next.kind != T::Equal && next.kind != T::Colon {
                if !self.recovery {
                    let ctx = Some(open.span.to(next.span));
                    match next.kind {
                        T::Newline | T::Comma => self.err(Problem::MissingAttrValue, next.span, ctx),
                        T::Ident => self.err(Problem::MissingKeyValueSeparatorIdent, next.span, ctx),
                        T::Eof => self.err(Problem::UnterminatedObject, open.span, None),
                        _ => self.err(Problem::MissingKeyValueSeparator, next.span, ctx),
                    }
                }
                close = self.recover(T::CBrace);
                break;
            }
            self.read();
            let before = self.errs();
            let value = self.parse_expression();
            if self.recovery && self.errs() > before {
                close = self.recover(T::CBrace);
                break;
            }
            self.scratch.push(if force { key | KEY_FORCE_NON_LITERAL } else { key });
            self.scratch.push(value);
            let next = self.peek();
            if next.kind == T::CBrace {
                close = self.read();
                break;
            }
            if next.kind != T::Comma && next.kind != T::Newline {
                if !self.recovery {
                    if next.kind == T::Eof {
                        self.err(Problem::UnterminatedObject, open.span, None);
                    } else {
                        self.err(Problem::MissingAttrSeparator, next.span, Some(open.span.to(next.span)));
                    }
                }
                close = self.recover(T::CBrace);
                break;
            }
            self.read();
        }
        self.pop_newlines();
        let l = self.extra.len() as u32;
        let n = (self.scratch.len() - base) as u32;
        self.extra.push(n);
        self.extra.extend_from_slice(&self.scratch[base..]);
        self.scratch.truncate(base);
        self.node(Kind::Object, open.span.to(close.span), 0, 0, l)
    }

    fn for_fail(&mut self, open: Token, close_kind: TokenKind, p: Problem) -> u32 {
        if !self.recovery {
            let t = self.peek();
            self.err(p, t.span, Some(open.span.to(t.span)));
        }
        let close = self.recover(close_kind);
        self.placeholder(open.span.to(close.span))
    }

    fn finish_for(&mut self, open: Token) -> u32 {
        self.push_newlines(false);
        let r = self.finish_for_inner(open);
        self.pop_newlines();
        r
    }

    fn finish_for_inner(&mut self, open: Token) -> u32 {
        self.read(); // "for"
        let object = open.kind == T::OBrace;
        let close_kind = if object { T::CBrace } else { T::CBrack };
        if self.peek().kind != T::Ident {
            return self.for_fail(open, close_kind, Problem::ForVarName);
        }
        let mut val = self.read().span;
        let mut key = Span::new(NONE, NONE);
        if self.peek().kind == T::Comma {
            key = val;
            self.read();
            if self.peek().kind != T::Ident {
                return self.for_fail(open, close_kind, Problem::ForValueVarName);
            }
            val = self.read().span;
        }
        if !self.is_keyword_next(b"in") {
            return self.for_fail(open, close_kind, Problem::ForIn);
        }
        self.read();
        let before = self.errs();
        let coll = self.parse_expression();
        if self.recovery && self.errs() > before {
            let close = self.recover(close_kind);
            return self.placeholder(open.span.to(close.span));
        }
        if self.peek().kind != T::Colon {
            return self.for_fail(open, close_kind, Problem::ForColon);
        }
        self.read();
        let before = self.errs();
        let mut value = self.parse_expression();
        let mut key_expr = NONE;
        if self.peek().kind == T::FatArrow {
            self.read();
            key_expr = value;
            value = self.parse_expression();
        }
        if self.recovery && self.errs() > before {
            let close = self.recover(close_kind);
            return self.placeholder(open.span.to(close.span));
        }
        let mut group = None;
        if self.peek().kind == T::Ellipsis {
            group = Some(self.read().span);
        }
        let mut cond = NONE;
        if self.is_keyword_next(b"if") {
            self.read();
            let before = self.errs();
            cond = self.parse_expression();
            if self.recovery && self.errs() > before {
                let close = self.recover(close_kind);
                return self.placeholder(open.span.to(close.span));
            }
        }
        let close = if self.peek().kind == close_kind {
            self.read()
        } else {
            if !self.recovery {
                let t = self.peek();
                self.err(Problem::ForExtra, t.span, Some(open.span.to(t.span)));
            }
            self.recover(close_kind)
        };
        let whole = open.span.to(close.span);
        if !object {
            if key_expr != NONE {
                let s = self.span_of(key_expr);
                self.err(Problem::ForTupleKey, s, Some(whole));
            }
            if let Some(g) = group {
                self.err(Problem::ForTupleGroup, g, Some(whole));
            }
        } else if key_expr == NONE {
            let s = self.span_of(value);
            self.err(Problem::ForObjectNoKey, s, Some(whole));
        }
        let data = self.extra(&[
            key.start,
            key.end,
            val.start,
            val.end,
            coll,
            key_expr,
            value,
            cond,
            open.span.start,
            open.span.end,
            close.span.start,
            close.span.end,
        ]);
        let flags = (object as u8 * FOR_OBJECT) | (group.is_some() as u8 * FOR_GROUP);
        self.node(Kind::For, whole, flags, 0, data)
    }

    // ---- templates ----------------------------------------------------------------------

    fn template_node(&mut self, parts_list: u32, passthru: bool, span: Span) -> u32 {
        if passthru {
            let inner = self.extra[parts_list as usize + 1];
            return self.node(Kind::TemplateWrap, span, 0, 0, inner);
        }
        self.node(Kind::Template, span, 0, 0, parts_list)
    }

    /// A quoted template that is one literal token filling the quotes, or `""`: stored as one
    /// node (its part is virtual, see `ast::TPL_SIMPLE`).
    fn simple_template(&mut self, parts_list: u32, span: Span) -> Option<u32> {
        let at = parts_list as usize;
        if self.extra[at] != 1 || span.len() < 2 || self.src[span.end as usize - 1] != b'"' {
            return None;
        }
        let lit = self.extra[at + 1];
        if lit as usize != self.nodes.len() - 1 {
            return None;
        }
        let n = self.nodes[lit as usize];
        if n.kind != Kind::Literal || n.aux != LIT_STRING {
            return None;
        }
        let flags = if n.flags == STR_QUOTED && n.span == Span::new(span.start + 1, span.end - 1) {
            TPL_SIMPLE
        } else if n.flags == STR_EMPTY && n.span == Span::empty(span.end) && span.len() == 2 {
            TPL_SIMPLE | TPL_EMPTY
        } else {
            return None;
        };
        self.nodes.pop();
        self.extra.truncate(at);
        Some(self.node(Kind::Template, span, flags, 0, 0))
    }

    /// A whole standalone template (up to EOF).
    pub(crate) fn parse_template_root(&mut self) -> u32 {
        let (parts, passthru, span) = self.parse_template_inner(T::Eof, false);
        self.template_node(parts, passthru, span)
    }

    /// Template parts up to `end`; returns the parts list, whether it is a single
    /// interpolation to unwrap, and the template's span.
    fn parse_template_inner(&mut self, end: TokenKind, flush: bool) -> (u32, bool, Span) {
        let base = self.tmpl.len();
        let span = self.parse_template_parts(end);
        if flush {
            self.flush_heredoc(base);
        }
        let passthru = self.tmpl.len() - base == 2 && matches!(self.tmpl[base], TTok::Interp(_));
        let sbase = self.scratch.len();
        let mut pos = base;
        while !matches!(self.tmpl[pos], TTok::End(_)) {
            let e = self.template_expr(&mut pos, 0);
            self.scratch.push(e);
        }
        self.tmpl.truncate(base);
        let list = self.list_from_scratch(sbase);
        (list, passthru, span)
    }

    fn lit_node(&mut self, span: Span, flags: u8) -> u32 {
        self.node(Kind::Literal, span, flags, LIT_STRING, 0)
    }

    fn parse_template_parts(&mut self, end: TokenKind) -> Span {
        let base = self.tmpl.len();
        let start = self.peek().span;
        let mut ltrim_next = false;
        let mut next_can_trim_prev = false;
        let end_span;
        loop {
            let next = self.read();
            if next.kind == end {
                end_span = next.span;
                break;
            }
            let ltrim = std::mem::take(&mut ltrim_next);
            let can_trim_prev = std::mem::take(&mut next_can_trim_prev);
            match next.kind {
                T::StringLit | T::QuotedLit => {
                    let quoted = next.kind == T::QuotedLit;
                    if quoted {
                        self.check_escapes(next.span);
                    }
                    let flags = if quoted { STR_QUOTED } else { 0 } | if ltrim { STR_LTRIM } else { 0 };
                    let id = self.lit_node(next.span, flags);
                    self.tmpl.push(TTok::Lit(id));
                    next_can_trim_prev = true;
                }
                T::TemplateInterp | T::TemplateControl => {
                    if can_trim_prev && self.text(next.span).len() == 3 && self.tmpl.len() > base {
                        if let Some(TTok::Lit(id)) = self.tmpl.last().copied() {
                            self.nodes[id as usize].flags |= STR_RTRIM;
                        }
                    }
                    self.push_newlines(false);
                    if next.kind == T::TemplateInterp {
                        let expr = self.parse_expression();
                        let close = self.peek();
                        if close.kind != T::TemplateSeqEnd {
                            if !self.recovery {
                                match close.kind {
                                    T::Eof => self.err(Problem::UnclosedInterp, start, None),
                                    T::Colon => self.err(Problem::InterpColon, close.span, Some(start.to(close.span))),
                                    T::CQuote | T::OQuote if end == T::CQuote => {
                                        self.err(Problem::UnclosedInterpQuoted, start, None)
                                    }
                                    _ => self.err(Problem::InterpExtra, close.span, Some(start.to(close.span))),
                                }
                            }
                            self.recover(T::TemplateSeqEnd);
                        } else {
                            self.read();
                            if self.text(close.span).first() == Some(&b'~') {
                                ltrim_next = true;
                            }
                        }
                        self.pop_newlines();
                        self.tmpl.push(TTok::Interp(expr));
                    } else {
                        if let Some(ltrim) = self.parse_directive(next, start) {
                            ltrim_next = ltrim;
                        }
                        self.pop_newlines();
                    }
                }
                _ => {
                    if !self.recovery {
                        self.err(Problem::UnterminatedTemplate, next.span, Some(start.to(next.span)));
                    }
                    let fin = self.recover(end);
                    end_span = fin.span;
                    break;
                }
            }
        }
        if self.tmpl.len() == base {
            let id = self.lit_node(Span::empty(start.end), STR_EMPTY);
            self.tmpl.push(TTok::Lit(id));
        }
        self.tmpl.push(TTok::End(end_span));
        start.to(end_span)
    }

    /// A `%{ ... }` directive after its opener; returns whether its closer strips
    /// following space (`None` when it was abandoned).
    fn parse_directive(&mut self, open: Token, start: Span) -> Option<bool> {
        let kw = self.peek();
        if kw.kind != T::Ident {
            if !self.recovery {
                self.err(Problem::DirectiveKeyword, kw.span, Some(open.span.to(kw.span)));
            }
            self.recover(T::TemplateSeqEnd);
            return None;
        }
        self.read();
        match self.text(kw.span) {
            b"if" => {
                let cond = self.parse_expression();
                let span = open.span.to(self.peek().span);
                self.tmpl.push(TTok::If(cond, span));
            }
            b"else" => {
                let span = open.span.to(self.peek().span);
                self.tmpl.push(TTok::Else(span));
            }
            b"endif" => {
                let span = open.span.to(self.peek().span);
                self.tmpl.push(TTok::EndIf(span));
            }
            b"endfor" => {
                let span = open.span.to(self.peek().span);
                self.tmpl.push(TTok::EndFor(span));
            }
            b"for" => {
                if self.peek().kind != T::Ident {
                    if !self.recovery {
                        let t = self.peek();
                        self.err(Problem::ForDirectiveVarName, t.span, None);
                    }
                    self.recover(T::TemplateSeqEnd);
                    return None;
                }
                let mut val = self.read().span;
                let mut key = Span::new(NONE, NONE);
                if self.peek().kind == T::Comma {
                    key = val;
                    self.read();
                    if self.peek().kind != T::Ident {
                        if !self.recovery {
                            let t = self.peek();
                            self.err(Problem::ForDirectiveValueVarName, t.span, None);
                        }
                        self.recover(T::TemplateSeqEnd);
                        return None;
                    }
                    val = self.read().span;
                }
                if !self.is_keyword_next(b"in") {
                    if !self.recovery {
                        let t = self.peek();
                        self.err(Problem::ForDirectiveIn, t.span, None);
                    }
                    self.recover(T::TemplateSeqEnd);
                    return None;
                }
                self.read();
                let coll = self.parse_expression();
                let span = open.span.to(self.peek().span);
                self.tmpl.push(TTok::For { key, val, coll, span });
            }
            _ => {
                if !self.recovery {
                    self.err(Problem::DirectiveUnknown { kw: kw.span }, kw.span, Some(open.span.to(kw.span)));
                }
                self.recover(T::TemplateSeqEnd);
                return None;
            }
        }
        let close = self.peek();
        if close.kind != T::TemplateSeqEnd {
            if !self.recovery {
                self.err(Problem::DirectiveExtra { kw: kw.span }, close.span, Some(start.to(close.span)));
            }
            self.recover(T::TemplateSeqEnd);
            Some(false)
        } else {
            self.read();
            Some(self.text(close.span).first() == Some(&b'~'))
        }
    }

    /// The value of a template literal part as the flush-heredoc rule sees it.
    fn lit_value(&self, id: u32) -> std::borrow::Cow<'s, str> {
        let n = self.nodes[id as usize];
        if n.flags & STR_EMPTY != 0 {
            return "".into();
        }
        let mut s = super::decode::decode_literal(self.src, n.span, n.flags & STR_QUOTED != 0);
        if n.flags & STR_LTRIM != 0 {
            let t = s.trim_start();
            if t.len() != s.len() {
                s = t.to_owned().into();
            }
        }
        if n.flags & STR_RTRIM != 0 {
            let t = s.trim_end();
            if t.len() != s.len() {
                s = t.to_owned().into();
            }
        }
        s
    }

    /// The `<<-` rule: removes the smallest indentation of the lines from every line.
    fn flush_heredoc(&mut self, base: usize) {
        let mut min = usize::MAX;
        let mut newline = true;
        let mut adjust: Vec<u32> = Vec::new();
        for i in base..self.tmpl.len() {
            let tt = self.tmpl[i];
            if newline {
                newline = false;
                let spaces;
                match tt {
                    TTok::Lit(id) => {
                        let v = self.lit_value(id);
                        let trimmed = v.trim_start();
                        if trimmed.is_empty() && v.ends_with('\n') {
                            spaces = usize::MAX;
                        } else {
                            let lead = &v[..v.len() - trimmed.len()];
                            spaces = lead.graphemes(true).count();
                            adjust.push(id);
                        }
                    }
                    TTok::End(_) => break,
                    // A line starting with an interpolation or a directive has no leading
                    // spaces (the reference counts it as 0, so nothing is removed).
                    _ => spaces = 0,
                }
                min = min.min(spaces);
            }
            if let TTok::Lit(id) = tt {
                if self.lit_value(id).ends_with('\n') {
                    newline = true;
                }
            }
        }
        if min == 0 || min == usize::MAX {
            return;
        }
        for id in adjust {
            let v = self.lit_value(id);
            let skip: usize = v.graphemes(true).take(min).map(str::len).sum();
            let n = &mut self.nodes[id as usize];
            n.span.start = (n.span.start + skip as u32).min(n.span.end);
        }
    }

    /// Builds one expression of a template from the flat parts at `*pos`.
    fn template_expr(&mut self, pos: &mut usize, depth: u32) -> u32 {
        let tt = self.tmpl[*pos];
        match tt {
            TTok::Lit(id) => {
                *pos += 1;
                id
            }
            TTok::Interp(e) => {
                *pos += 1;
                e
            }
            TTok::If(..) | TTok::For { .. } if depth >= MAX_DEPTH => {
                // Too deeply nested directives: skip to the end of this template.
                let span = match tt {
                    TTok::If(_, s) | TTok::For { span: s, .. } => s,
                    _ => Span::default(),
                };
                if !self.recovery {
                    self.err(Problem::TooDeep, span, None);
                }
                self.recovery = true;
                while !matches!(self.tmpl[*pos], TTok::End(_)) {
                    *pos += 1;
                }
                self.placeholder(span)
            }
            TTok::If(cond, open) => self.template_if(pos, cond, open, depth),
            TTok::For { key, val, coll, span } => self.template_for(pos, key, val, coll, span, depth),
            TTok::End(span) => {
                self.err(Problem::TemplateUnexpectedEnd, span, None);
                self.placeholder(span)
            }
            TTok::Else(span) | TTok::EndIf(span) | TTok::EndFor(span) => {
                *pos += 1;
                let which = match tt {
                    TTok::Else(_) => "else",
                    TTok::EndIf(_) => "endif",
                    _ => "endfor",
                };
                self.err(Problem::UnexpectedDirective { which }, span, None);
                self.placeholder(span)
            }
        }
    }

    fn template_part_list(&mut self, items: &[u32], empty_at: Span) -> u32 {
        let base = self.scratch.len();
        if items.is_empty() {
            let id = self.lit_node(empty_at, STR_EMPTY);
            self.scratch.push(id);
        } else {
            self.scratch.extend_from_slice(items);
        }
        let first = self.span_of(self.scratch[base]);
        let last = self.span_of(self.scratch[self.scratch.len() - 1]);
        let l = self.list_from_scratch(base);
        self.node(Kind::Template, first.to(last), 0, 0, l)
    }

    fn template_if(&mut self, pos: &mut usize, cond: u32, open: Span, depth: u32) -> u32 {
        *pos += 1;
        let mut branches: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        let mut cur = 0;
        let endif;
        loop {
            match self.tmpl[*pos] {
                TTok::End(span) => {
                    self.err(Problem::IfMissingEndif { open }, span, None);
                    return self.placeholder(span);
                }
                TTok::Else(span) => {
                    *pos += 1;
                    if cur == 0 {
                        cur = 1;
                        continue;
                    }
                    self.err(Problem::ElseTwice { open }, span, None);
                    return self.placeholder(span);
                }
                TTok::EndIf(span) => {
                    *pos += 1;
                    endif = span;
                    break;
                }
                TTok::EndFor(span) => {
                    *pos += 1;
                    self.err(Problem::IfUnexpected { which: "endfor", open }, span, None);
                    return self.placeholder(span);
                }
                _ => {
                    let e = self.template_expr(pos, depth + 1);
                    branches[cur].push(e);
                }
            }
        }
        let true_t = self.template_part_list(&branches[0], Span::empty(open.end));
        let false_t = self.template_part_list(&branches[1], Span::empty(endif.start));
        let data = self.extra(&[cond, true_t, false_t]);
        self.node(Kind::Conditional, open.to(endif), 0, 0, data)
    }

    fn template_for(&mut self, pos: &mut usize, key: Span, val: Span, coll: u32, open: Span, depth: u32) -> u32 {
        *pos += 1;
        let mut items: Vec<u32> = Vec::new();
        let endfor;
        loop {
            match self.tmpl[*pos] {
                TTok::End(span) => {
                    self.err(Problem::ForMissingEndfor { open }, span, None);
                    return self.placeholder(span);
                }
                TTok::Else(span) => {
                    *pos += 1;
                    self.err(Problem::ElseInFor, span, None);
                    return self.placeholder(span);
                }
                TTok::EndFor(span) => {
                    *pos += 1;
                    endfor = span;
                    break;
                }
                TTok::EndIf(span) => {
                    *pos += 1;
                    self.err(Problem::ForUnexpected { which: "endif", open }, span, None);
                    return self.placeholder(span);
                }
                _ => {
                    let e = self.template_expr(pos, depth + 1);
                    items.push(e);
                }
            }
        }
        let content = self.template_part_list(&items, Span::empty(open.end));
        let data = self.extra(&[
            key.start,
            key.end,
            val.start,
            val.end,
            coll,
            NONE,
            content,
            NONE,
            open.start,
            open.end,
            endfor.start,
            endfor.end,
        ]);
        let f = self.node(Kind::For, open.to(endfor), 0, 0, data);
        self.node(Kind::TemplateJoin, open.to(endfor), 0, 0, f)
    }

    /// After a standalone expression: the reference's "Extra characters" check.
    pub(crate) fn check_expression_end(&mut self) {
        let next = self.peek();
        if next.kind != T::Eof && !self.recovery {
            self.err(Problem::ExtraAfterExpression, next.span, None);
        }
    }
}

/// Whether `s` (a number token) is a number the reference can read: digits, an optional
/// fraction and an optional exponent, with a binary exponent inside the `int32` range of Go's
/// `big.Float` and a decimal exponent that fits an `int64`.
pub(crate) fn valid_number(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = &s[..i];
    let mut frac_digits: &[u8] = &[];
    if i < s.len() && s[i] == b'.' {
        let fs = i + 1;
        i += 1;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = &s[fs..i];
    }
    let mut exp: i64 = 0;
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        i += 1;
        let neg = match s.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let es = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        if es == i {
            return false;
        }
        let mut v: i64 = 0;
        for &d in &s[es..i] {
            let Some(nv) = v.checked_mul(10).and_then(|v| v.checked_add((d - b'0') as i64)) else {
                // Go accepts -9223372036854775808 too; nothing that large is a valid float anyway.
                return false;
            };
            v = nv;
        }
        exp = if neg { -v } else { v };
    }
    if i != s.len() {
        return false;
    }
    // Mantissa: all digits as one integer; zero is always fine.
    let digits: Vec<u8> = int_digits.iter().chain(frac_digits).copied().collect();
    let first_nz = digits.iter().position(|&d| d != b'0');
    let Some(first_nz) = first_nz else { return true };
    let sig = &digits[first_nz..];
    // Bit length of the mantissa integer (exact for up to 38 digits, estimated beyond).
    let bitlen: i64 = if sig.len() <= 38 {
        let v = sig.iter().fold(0u128, |a, &d| a * 10 + (d - b'0') as u128);
        128 - v.leading_zeros() as i64
    } else {
        (sig.len() as f64 * std::f64::consts::LOG2_10).ceil() as i64
    };
    let exp2 = bitlen - frac_digits.len() as i64 + exp;
    if sig.len() > 38 && (exp2 - i64::from(i32::MAX)).abs().min((exp2 - i64::from(i32::MIN)).abs()) <= 64 {
        // The estimate may be off by a few bits, and Go's limit is exact: ask the parser
        // itself (bounded in cost, whatever the length).
        return std::str::from_utf8(s).ok().is_some_and(|t| hclkit_value::Number::parse(t).is_ok());
    }
    (i32::MIN as i64..=i32::MAX as i64).contains(&exp2)
}
