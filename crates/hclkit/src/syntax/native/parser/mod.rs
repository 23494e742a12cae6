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
//!
//! The grammar is split by area, each module adding methods to [`Parser`]: `body` (bodies,
//! attributes, blocks), `expr` (operators, terms, collections, `for`), `traversal` (steps and
//! splats), `template` (strings, heredocs, directives) and `recovery`; this module holds the
//! token source and the node-building helpers. Nodes are written only through the typed
//! records of `ast::layout`.

mod body;
mod expr;
mod recovery;
mod template;
mod traversal;

use std::sync::{Arc, OnceLock};

use super::ast::*;
use super::diag::{Problem, RawDiag};
use super::lexer::{LexMode, Lexer};
use super::token::{Token, TokenKind};
use crate::pos::Span;
use template::TTok;

use TokenKind as T;

/// The deepest nesting of expressions, blocks and template directives the parser accepts.
pub const MAX_DEPTH: u32 = 200;

/// The parser's state: the token source, the tree being built, and scratch space shared by
/// the grammar functions (`scratch` for child lists, `steps` for traversal steps and a body's
/// attribute names, `tmpl` for template parts).
pub(crate) struct Parser<'s, const KEEP: bool = false> {
    src: &'s [u8],
    lexer: Lexer<'s>,
    /// Raw tokens lexed but not consumed yet (`buf[head..]`): trivia and the token after
    /// them (see [`Parser::fill`]).
    buf: Vec<Token>,
    head: usize,
    /// The next significant token under the current newline mode, once computed, and how
    /// many raw tokens of `buf` reading it consumes.
    peeked: bool,
    /// With `peeked`, the token and how many raw tokens of `buf` reading it consumes.
    look: Token,
    look_n: usize,
    nl_stack: Vec<bool>,
    /// Whether newlines are significant now (`nl_stack`'s last entry).
    include_nl: bool,
    prev: Option<Token>,
    recovery: bool,
    depth: u32,
    store: Store,
    pub(crate) diags: Vec<RawDiag>,
    pub(crate) comments: Vec<Span>,
    scratch: Vec<u32>,
    steps: Vec<u32>,
    tmpl: Vec<TTok>,
    esc: Vec<u8>,
    /// Every token the lexer gave, in order, when the parse keeps its token stream (`KEEP`:
    /// a parser built with `KEEP`; the parser that keeps nothing has no
    /// per-token work for it).
    kept: Option<Vec<Token>>,
}

/// Gives back a vector's unused capacity when it is worth a reallocation (a copy, often):
/// the generous estimates of [`Parser::build`] are not kept for the life of a large tree,
/// and a small one keeps its few spare bytes rather than pay for the call.
fn trim<T>(v: &mut Vec<T>) {
    if (v.capacity() - v.len()) * std::mem::size_of::<T>() > 4096 {
        v.shrink_to_fit();
    }
}

impl<'s> Parser<'s, false> {
    pub(crate) fn new(src: &'s [u8], mode: LexMode) -> Parser<'s, false> {
        Parser::build(src, mode)
    }
}

impl<'s, const KEEP: bool> Parser<'s, KEEP> {
    /// A parser; with `KEEP`, one that keeps every token the lexer gives (the parse's token
    /// stream, [`super::Tokens`]): each token is lexed once, for the parser and the stream
    /// alike.
    pub(crate) fn build(src: &'s [u8], mode: LexMode) -> Parser<'s, KEEP> {
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
            peeked: false,
            look: Token::new(T::Eof, 0, 0),
            look_n: 0,
            nl_stack: vec![true],
            include_nl: true,
            prev: None,
            recovery: false,
            depth: 0,
            store: Store {
                nodes: Vec::with_capacity(est),
                extra: Vec::with_capacity(if big { src.len() / 4 } else { src.len() / 6 } + 16),
            },
            diags: Vec::new(),
            comments: Vec::new(),
            scratch: Vec::with_capacity(64),
            steps: Vec::with_capacity(64),
            tmpl: Vec::new(),
            esc: Vec::new(),
            // About one token per 4 bytes of real files.
            kept: KEEP.then(|| Vec::with_capacity(src.len() / 4 + 16)),
        }
    }

    /// Records a token just lexed, if the stream is kept (up to the end of input, once).
    #[inline]
    fn note(&mut self, t: Token) {
        if !KEEP {
            return;
        }
        if let Some(k) = &mut self.kept {
            if k.last().map_or(true, |l| l.kind != T::Eof) {
                k.push(t);
            }
        }
    }

    /// Lexes whatever the parser left (so every lexical problem is reported) and returns the
    /// tree and the lexer's and parser's diagnostics.
    pub(crate) fn finish(self, filename: &str, src: Arc<[u8]>) -> (Tree, Vec<RawDiag>) {
        let (tree, diags, _) = self.finish_keeping(filename, src);
        (tree, diags)
    }

    /// As [`Parser::finish`], also returning the kept token stream (see
    /// [`Parser::build`]).
    pub(crate) fn finish_keeping(mut self, filename: &str, src: Arc<[u8]>) -> (Tree, Vec<RawDiag>, Option<Vec<Token>>) {
        // A peeked token not in `buf` has been lexed already and is no comment.
        self.peeked = false;
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
        trim(&mut self.store.nodes);
        trim(&mut self.store.extra);
        trim(&mut self.comments);
        let tree = Tree {
            src,
            filename: filename.into(),
            store: self.store,
            comments: self.comments,
            line_index: OnceLock::new(),
        };
        let mut kept = self.kept.take();
        if let Some(k) = &mut kept {
            trim(k);
        }
        (tree, diags, kept)
    }

    // ---- token source ---------------------------------------------------------------------
    //
    // The grammar needs one significant token of lookahead (`peek`/`read`). A token that is
    // not trivia (anything but comments, newlines and EOF) is significant in either newline
    // mode, so it goes straight from the lexer to `peeked` without being buffered; only
    // trivia and the token after them go through `buf`, so that a change of newline mode
    // can scan them again.

    /// The raw token `i` places after the next unconsumed one of `buf` (lexing as needed).
    fn raw(&mut self, i: usize) -> Token {
        let at = self.head + i;
        while self.buf.len() <= at {
            let t = self.lexer.next_token();
            self.note(t);
            if t.kind == T::Comment {
                self.comments.push(t.span);
            }
            self.buf.push(t);
            if t.kind == T::Eof {
                break;
            }
        }
        // Never past EOF (the scan stops there), but stay in bounds regardless.
        self.buf[at.min(self.buf.len() - 1)]
    }

    /// Consumes `n` raw tokens of `buf`.
    #[inline]
    fn consume(&mut self, n: usize) {
        self.head += n;
        if self.head >= self.buf.len() {
            self.buf.clear();
            self.head = 0;
        }
    }

    /// The next significant token and how many raw tokens of `buf` reading it consumes (0:
    /// the token came straight from the lexer and is not in `buf`).
    #[inline]
    fn next_index(&mut self) -> (Token, usize) {
        if !self.peeked {
            self.fill();
        }
        (self.look, self.look_n)
    }

    /// Finds the next significant token (into `look`, `look_n`). The commonest case, nothing
    /// buffered and the lexer's short path giving a significant token, is taken here without
    /// a call: in WebAssembly a token returned by a call goes through memory, and this
    /// function then needs no stack frame. Everything else is [`Parser::fill_slow`].
    #[inline(never)]
    fn fill(&mut self) {
        if self.head == self.buf.len() {
            if let Some(t) = self.lexer.next_token_short() {
                if t.kind != T::Newline || self.include_nl {
                    self.note(t);
                    self.look = t;
                    self.look_n = 0;
                    self.peeked = true;
                    return;
                }
                // A newline where newlines are not significant: the slow path skips it.
                self.lexer.unread(t);
            }
        }
        self.fill_slow();
    }

    /// [`Parser::fill`] in full: if nothing is buffered, lexes a token and takes it directly
    /// unless it is a comment, EOF or a newline where newlines are ignored; otherwise scans
    /// `buf`.
    #[inline(never)]
    fn fill_slow(&mut self) {
        let (t, n) = if self.head == self.buf.len() {
            let t = self.lexer.next_token();
            self.note(t);
            match t.kind {
                T::Comment | T::Eof => self.buffer_and_scan(t),
                // Where newlines matter, a newline is the next significant token.
                T::Newline if !self.include_nl => self.buffer_and_scan(t),
                _ => (t, 0),
            }
        } else {
            self.scan_next()
        };
        self.look = t;
        self.look_n = n;
        self.peeked = true;
    }

    /// With `buf` empty, buffers the trivia or EOF token `t` just lexed and the tokens after
    /// it up to the next significant one (what [`Parser::scan_next`] would find, without
    /// going through `raw` for each token).
    #[inline(never)]
    fn buffer_and_scan(&mut self, mut t: Token) -> (Token, usize) {
        debug_assert!(self.head == 0 && self.buf.is_empty());
        let include = self.include_nl;
        loop {
            if t.kind == T::Comment {
                self.comments.push(t.span);
            }
            let i = self.buf.len();
            self.buf.push(t);
            match t.kind {
                T::Comment => {
                    // As in `scan_next`: a line comment counts as a newline where they matter.
                    if include && t.span.slice(self.src).last() == Some(&b'\n') {
                        return (Token { kind: T::Newline, span: t.span }, i + 1);
                    }
                }
                T::Newline if !include => {}
                T::Eof => return (t, i),
                _ => return (t, i + 1),
            }
            t = self.lexer.next_token();
            self.note(t);
        }
    }

    /// Scans `buf` (lexing more as needed) for the next significant token under the current
    /// newline mode.
    #[inline(never)]
    fn scan_next(&mut self) -> (Token, usize) {
        let include = self.include_nl;
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

    /// Forgets the peeked token if the newline mode may change what it is: a token taken
    /// straight from the lexer is significant in both modes, except a newline, which then
    /// goes back to (the empty) `buf` to be scanned again.
    #[inline]
    fn unpeek(&mut self) {
        if self.peeked && (self.look_n > 0 || self.look.kind == T::Newline) {
            if self.look_n == 0 {
                debug_assert!(self.head == self.buf.len());
                self.buf.push(self.look);
            }
            self.peeked = false;
        }
    }

    #[inline]
    pub(super) fn peek(&mut self) -> Token {
        self.next_index().0
    }

    #[inline]
    pub(super) fn read(&mut self) -> Token {
        let (t, n) = self.next_index();
        self.peeked = false;
        if n > 0 {
            self.consume(n);
        }
        self.prev = Some(t);
        t
    }

    /// Whether no token has been lexed past the last one read (nothing peeked or buffered):
    /// the lexer is where the parser is.
    #[inline]
    pub(super) fn lookahead_empty(&self) -> bool {
        !self.peeked && self.head == self.buf.len()
    }

    pub(super) fn prev_span(&mut self) -> Span {
        match self.prev {
            Some(t) => t.span,
            None => self.peek().span,
        }
    }

    /// Makes newlines significant (`include`) or not until the matching
    /// [`Parser::pop_newlines`].
    pub(crate) fn push_newlines(&mut self, include: bool) {
        if self.include_nl != include {
            self.unpeek();
        }
        self.nl_stack.push(include);
        self.include_nl = include;
    }

    pub(super) fn pop_newlines(&mut self) {
        if self.nl_stack.len() > 1 {
            let old = self.nl_stack.pop();
            let now = *self.nl_stack.last().unwrap_or(&true);
            if Some(now) != old {
                self.unpeek();
            }
            self.include_nl = now;
        }
    }

    pub(super) fn text(&self, span: Span) -> &'s [u8] {
        span.slice(self.src)
    }

    fn is_keyword(&self, t: Token, kw: &[u8]) -> bool {
        t.kind == T::Ident && self.text(t.span) == kw
    }

    pub(super) fn is_keyword_next(&mut self, kw: &[u8]) -> bool {
        let t = self.peek();
        self.is_keyword(t, kw)
    }

    // ---- building -------------------------------------------------------------------------

    /// Adds a node; returns its id.
    #[inline]
    pub(super) fn push(&mut self, n: Node) -> u32 {
        self.store.push(n)
    }

    /// Adds a node of a kind without flags or `aux`.
    #[inline]
    pub(super) fn node(&mut self, kind: Kind, span: Span, data: u32) -> u32 {
        self.store.push(Node::new(kind, span, data))
    }

    /// Appends a record to `extra`; returns where it starts.
    #[inline]
    pub(super) fn record<R: Record>(&mut self, r: R) -> u32 {
        self.store.write(&r)
    }

    /// Moves `scratch[base..]`, records of type `R` as [`Record::write`] encoded them, into
    /// `extra` as a counted list.
    pub(super) fn list_from_scratch<R: Record>(&mut self, base: usize) -> u32 {
        let at = List::<R>::write_encoded(&mut self.store.extra, &self.scratch[base..]);
        self.scratch.truncate(base);
        at
    }

    /// Moves `scratch[base..]`, encoded items of type `T`, into `extra` after `header`.
    #[inline]
    pub(super) fn headed_from_scratch<H: Record, T: Record>(&mut self, header: H, base: usize) -> u32 {
        let at = Headed::<H, T>::write(&mut self.store.extra, &header, &self.scratch[base..]);
        self.scratch.truncate(base);
        at
    }

    pub(super) fn span_of(&self, id: u32) -> Span {
        self.store.nodes[id as usize].span
    }

    pub(super) fn placeholder(&mut self, span: Span) -> u32 {
        self.push(Node::literal(span, LitKind::Dynamic, StrFlags::default()))
    }

    #[cold]
    pub(super) fn err(&mut self, p: Problem, subject: Span, context: Option<Span>) {
        self.diags.push(RawDiag::new(p, subject, context));
    }

    pub(super) fn errs(&self) -> usize {
        self.diags.len()
    }
}
