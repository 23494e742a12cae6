//! The lexer: bytes to tokens, never failing.
//!
//! A hand-written byte-level scanner that produces exactly the token stream of the reference's
//! Ragel scanner (`scan_tokens.rl`), including its recovery quirks, so that the parser can
//! reproduce the reference's diagnostics. Invalid input becomes [`TokenKind::Invalid`] or
//! [`TokenKind::BadUtf8`] tokens, reported by [`LexDiagnostics`].
//!
//! Templates and heredocs are lexed with a stack of string contexts (`Mode`): a `${` or `%{`
//! inside a string pushes the expression mode and remembers the brace depth at which it was
//! entered, so the `}` that closes the sequence is found even when braces nest inside it, e.g.
//! `"${ {a = "}"}["a"] }"`. Heredocs keep their own stack of markers.
//!
//! Newlines and comments are real tokens; nothing of the source is lost: the bytes between two
//! consecutive tokens are only spaces and tabs.

mod diagnostics;
mod scan;
mod template;
#[cfg(test)]
mod tests;

use super::reference_idents;
use super::token::{Token, TokenKind};
use crate::pos::Span;

pub use diagnostics::{LexDiagnostics, LexProblem};
use memchr::memmem;
pub(crate) use scan::{decode_utf8, ident_continue, ident_end, number_end};
use scan::{
    heredoc_intro, is_id_start, line_comment_end, not_ident_bytes, quoted_lit_end, CLASS, IDENT_CONT, QUOTED_PLAIN,
};

/// What the lexer starts with: a config file or expression, or a bare template.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LexMode {
    /// Config files and standalone expressions.
    Normal,
    /// A standalone template (as the JSON syntax uses for strings).
    Template,
}

/// A lexing context on the string-context stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Expressions and structure.
    Main,
    /// Inside a quoted template.
    Quoted,
    /// Inside a heredoc template (the innermost entry of the heredoc stack).
    Heredoc,
    /// A standalone template.
    Bare,
}

#[derive(Clone, Copy, Debug)]
struct Heredoc {
    marker: Span,
    start_of_line: bool,
}

/// The lexer. An iterator of tokens that ends after the first [`TokenKind::Eof`].
pub struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    modes: Vec<Mode>,
    /// The innermost mode (`modes.last()`), kept apart for the per-token dispatch.
    mode: Mode,
    braces: i32,
    ret_braces: Vec<i32>,
    heredocs: Vec<Heredoc>,
    pending: Option<Token>,
    /// Set once the rest of the input has been emitted as one error token.
    finished: bool,
    eof_emitted: bool,
    /// Identifiers by the reference's tables ([`Lexer::reference_identifiers`]).
    ref_idents: bool,
    /// Just past the last backslash met in a quoted literal (0: none yet).
    backslash_end: usize,
    diags: LexDiagnostics,
}

impl<'s> Lexer<'s> {
    /// A lexer over `src` (a leading UTF-8 byte order mark is skipped, as the reference does).
    pub fn new(src: &'s [u8], mode: LexMode) -> Lexer<'s> {
        let pos = if src.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        let mut modes = Vec::with_capacity(8);
        let mode = match mode {
            LexMode::Normal => Mode::Main,
            LexMode::Template => Mode::Bare,
        };
        modes.push(mode);
        Lexer {
            src,
            pos,
            modes,
            mode,
            braces: 0,
            ret_braces: Vec::new(),
            heredocs: Vec::new(),
            pending: None,
            finished: false,
            eof_emitted: false,
            ref_idents: false,
            backslash_end: 0,
            diags: LexDiagnostics::default(),
        }
    }

    /// The diagnostics for invalid tokens seen so far.
    pub fn diagnostics(&self) -> &LexDiagnostics {
        &self.diags
    }

    /// Whether the quoted literal token `span`, lexed already, may contain a backslash (so
    /// escapes need checking): false when no backslash has been met in a quoted literal at
    /// or after its start.
    #[inline]
    pub(crate) fn may_have_backslash(&self, span: Span) -> bool {
        self.backslash_end > span.start as usize
    }

    /// Takes the diagnostics for invalid tokens seen so far.
    pub fn take_diagnostics(&mut self) -> LexDiagnostics {
        std::mem::take(&mut self.diags)
    }

    /// Reads identifiers (and heredoc markers) with the reference scanner's tables rather
    /// than by today's Unicode and UTF-8: the same on every valid file, but on bytes that are
    /// not UTF-8 the reference takes some sequences as letters (see `reference_idents`). For callers
    /// that must reproduce the reference's tokens on any input (the formatter).
    pub fn reference_identifiers(mut self) -> Lexer<'s> {
        self.ref_idents = true;
        self
    }

    /// The next token; [`TokenKind::Eof`] (repeatedly) at the end.
    ///
    /// The commonest tokens (identifiers, newlines, numbers, `=`, `.`, quotes, brackets and
    /// the other one-byte delimiters of expressions, and the literal text of quoted strings)
    /// are taken on a short path here, inlined into the caller, which leaves the registers
    /// of the full scanner unsaved for them; everything else goes to the full scanner.
    pub fn next_token(&mut self) -> Token {
        match self.next_token_short() {
            Some(t) => t,
            None => self.next_token_full(),
        }
    }

    /// The short path of [`Lexer::next_token`] alone, inlined: the next token if it is one of
    /// the commonest (see there), else `None` with nothing consumed but white space. For the
    /// parser's token source, the one caller that reads every token of large inputs.
    #[inline(always)]
    pub(crate) fn next_token_short(&mut self) -> Option<Token> {
        if self.pending.is_some() || self.ref_idents {
            return None;
        }
        let src = self.src;
        let mut p = self.pos;
        if self.mode == Mode::Main {
            while p < src.len() && (src[p] == b' ' || src[p] == b'\t') {
                p += 1;
            }
            self.pos = p;
            return self.main_short(p);
        }
        if self.mode == Mode::Quoted && p < src.len() {
            let b = src[p];
            if b == b'"' {
                self.pop_mode();
                return Some(self.tok(TokenKind::CQuote, p, p + 1));
            }
            if CLASS[b as usize] & QUOTED_PLAIN != 0 {
                let end = quoted_lit_end(src, p, &mut self.backslash_end);
                return Some(self.tok(TokenKind::QuotedLit, p, end));
            }
        }
        None
    }

    /// Gives back `t`, the token just lexed, to be the next one again.
    #[inline]
    pub(crate) fn unread(&mut self, t: Token) {
        debug_assert!(self.pending.is_none());
        self.pending = Some(t);
    }

    /// Just after an opening quote, with nothing lexed past it: a string that is one literal
    /// run closed by a quote (the commonest string), lexed in one step. Returns the literal
    /// and closing quote tokens (the mode popped), the next two tokens [`Lexer::next_token`]
    /// would give, or `None` with nothing consumed for any other string.
    #[inline]
    pub(crate) fn simple_string(&mut self) -> Option<(Token, Token)> {
        if self.mode != Mode::Quoted {
            return None;
        }
        let lit = self.next_token_short()?;
        if lit.kind == TokenKind::QuotedLit && self.src.get(lit.span.end as usize) == Some(&b'"') {
            if let Some(close) = self.next_token_short() {
                return Some((lit, close));
            }
        }
        self.unread(lit);
        None
    }

    /// The short path of [`Lexer::next_token`] in the expression mode, at `p` after spaces:
    /// exactly what [`Lexer::lex_main`] does for these bytes, or `None` for the others.
    #[inline(always)]
    fn main_short(&mut self, p: usize) -> Option<Token> {
        use TokenKind::*;
        let src = self.src;
        let &b = src.get(p)?;
        let one = |kind| Some(Token::new(kind, p as u32, p as u32 + 1));
        let t = match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                // ASCII only here (the full scanner takes the rest); eight bytes at a time
                // while they are all identifier bytes, then byte by byte.
                let mut e = p + 1;
                while let Some(chunk) = src[e..].first_chunk::<8>() {
                    let stop = not_ident_bytes(u64::from_le_bytes(*chunk));
                    if stop != 0 {
                        e += (stop.trailing_zeros() / 8) as usize;
                        break;
                    }
                    e += 8;
                }
                while e < src.len() && CLASS[src[e] as usize] & IDENT_CONT != 0 {
                    e += 1;
                }
                if matches!(src.get(e), Some(&c) if c >= 0x80) {
                    return None;
                }
                Some(Token::new(Ident, p as u32, e as u32))
            }
            b'0'..=b'9' => Some(Token::new(NumberLit, p as u32, number_end(src, p) as u32)),
            b'\n' => one(Newline),
            b'=' => match src.get(p + 1) {
                Some(b'=') => Some(Token::new(EqualOp, p as u32, p as u32 + 2)),
                Some(b'>') => Some(Token::new(FatArrow, p as u32, p as u32 + 2)),
                _ => one(Equal),
            },
            b'.' if src.get(p + 1) != Some(&b'.') => one(Dot),
            b'"' if self.modes.len() < self.modes.capacity() => {
                self.push_mode(Mode::Quoted);
                one(OQuote)
            }
            b'{' => {
                self.braces += 1;
                one(OBrace)
            }
            b'}' if self.ret_braces.last() != Some(&self.braces) => {
                self.braces -= 1;
                one(CBrace)
            }
            b'[' => one(OBrack),
            b']' => one(CBrack),
            b'(' => one(OParen),
            b')' => one(CParen),
            b',' => one(Comma),
            b':' if src.get(p + 1) == Some(&b':') => Some(Token::new(DoubleColon, p as u32, p as u32 + 2)),
            b':' => one(Colon),
            b'?' => one(Question),
            _ => None,
        };
        if let Some(t) = t {
            self.pos = t.span.end as usize;
        }
        t
    }

    /// [`Lexer::next_token`] by the full scanner.
    #[inline(never)]
    fn next_token_full(&mut self) -> Token {
        let tok = self.lex();
        if tok.kind as u8 >= TokenKind::BitwiseAnd as u8 {
            self.diags.observe(tok, self.src);
        }
        tok
    }

    fn lex(&mut self) -> Token {
        if let Some(t) = self.pending.take() {
            return t;
        }
        // `finished` leaves `pos` at the end, so the position test comes first.
        if self.pos >= self.src.len() || self.finished {
            self.pos = self.src.len();
            let end = self.src.len() as u32;
            return Token::new(TokenKind::Eof, end, end);
        }
        match self.mode {
            Mode::Main => self.lex_main(),
            Mode::Quoted => self.lex_quoted(),
            Mode::Heredoc => self.lex_heredoc(),
            Mode::Bare => self.lex_bare(),
        }
    }

    #[inline]
    fn peek_at(&self, i: usize) -> Option<u8> {
        self.src.get(i).copied()
    }

    #[inline]
    fn tok(&mut self, kind: TokenKind, start: usize, end: usize) -> Token {
        self.pos = end;
        Token::new(kind, start as u32, end as u32)
    }

    fn push_mode(&mut self, m: Mode) {
        self.modes.push(m);
        self.mode = m;
    }

    fn pop_mode(&mut self) {
        if self.modes.len() > 1 {
            self.modes.pop();
            self.mode = *self.modes.last().unwrap_or(&Mode::Main);
        }
    }

    /// The scanner found nothing it could match: the reference emits the rest of the input as
    /// one token (a string literal when scanning a bare template at the top level).
    fn error_rest(&mut self) -> Token {
        let kind = if self.modes.len() == 1 && self.modes[0] == Mode::Bare {
            TokenKind::StringLit
        } else {
            TokenKind::Invalid
        };
        self.finished = true;
        let (start, end) = (self.pos, self.src.len());
        self.tok(kind, start, end)
    }

    fn lex_main(&mut self) -> Token {
        let src = self.src;
        let mut p = self.pos;
        while p < src.len() && (src[p] == b' ' || src[p] == b'\t') {
            p += 1;
        }
        self.pos = p;
        let Some(&b) = src.get(p) else {
            let end = src.len();
            return Token::new(TokenKind::Eof, end as u32, end as u32);
        };
        use TokenKind::*;
        let next = self.peek_at(p + 1);
        match b {
            b'0'..=b'9' => {
                let end = number_end(src, p);
                self.tok(NumberLit, p, end)
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end =
                    if self.ref_idents { p + reference_idents::ident_len(src, p) } else { ident_continue(src, p + 1) };
                self.tok(Ident, p, end)
            }
            b'\n' => self.tok(Newline, p, p + 1),
            b'\r' => {
                if next == Some(b'\n') {
                    self.tok(Newline, p, p + 2)
                } else {
                    self.tok(Invalid, p, p + 1)
                }
            }
            b'#' => {
                let end = line_comment_end(src, p);
                self.tok(Comment, p, end)
            }
            b'/' => match next {
                Some(b'/') => {
                    let end = line_comment_end(src, p);
                    self.tok(Comment, p, end)
                }
                Some(b'*') => match memmem::find(&src[p + 2..], b"*/") {
                    Some(i) => self.tok(Comment, p, p + 2 + i + 2),
                    None => self.tok(Slash, p, p + 1),
                },
                _ => self.tok(Slash, p, p + 1),
            },
            b'=' => match next {
                Some(b'=') => self.tok(EqualOp, p, p + 2),
                Some(b'>') => self.tok(FatArrow, p, p + 2),
                _ => self.tok(Equal, p, p + 1),
            },
            b'!' => match next {
                Some(b'=') => self.tok(NotEqual, p, p + 2),
                _ => self.tok(Bang, p, p + 1),
            },
            b'>' => match next {
                Some(b'=') => self.tok(GreaterThanEq, p, p + 2),
                _ => self.tok(GreaterThan, p, p + 1),
            },
            b'<' => match next {
                Some(b'=') => self.tok(LessThanEq, p, p + 2),
                Some(b'<') => match heredoc_intro(src, p, self.ref_idents) {
                    Some((marker, end)) => {
                        self.heredocs.push(Heredoc { marker, start_of_line: true });
                        self.push_mode(Mode::Heredoc);
                        self.tok(OHeredoc, p, end)
                    }
                    None => self.tok(LessThan, p, p + 1),
                },
                _ => self.tok(LessThan, p, p + 1),
            },
            b'&' => match next {
                Some(b'&') => self.tok(And, p, p + 2),
                _ => self.tok(BitwiseAnd, p, p + 1),
            },
            b'|' => match next {
                Some(b'|') => self.tok(Or, p, p + 2),
                _ => self.tok(BitwiseOr, p, p + 1),
            },
            b'.' => {
                if next == Some(b'.') && self.peek_at(p + 2) == Some(b'.') {
                    self.tok(Ellipsis, p, p + 3)
                } else {
                    self.tok(Dot, p, p + 1)
                }
            }
            b'{' => {
                self.braces += 1;
                self.tok(OBrace, p, p + 1)
            }
            b'}' => {
                if self.ret_braces.last() == Some(&self.braces) {
                    self.braces -= 1;
                    self.ret_braces.pop();
                    self.pop_mode();
                    self.tok(TemplateSeqEnd, p, p + 1)
                } else {
                    self.braces -= 1;
                    self.tok(CBrace, p, p + 1)
                }
            }
            b'~' => {
                if next == Some(b'}') {
                    // The reference always makes this a sequence end, even when it does not
                    // close a template sequence, so the parser can report the misuse.
                    if self.ret_braces.last() == Some(&self.braces) {
                        self.ret_braces.pop();
                        self.pop_mode();
                    }
                    self.braces -= 1;
                    self.tok(TemplateSeqEnd, p, p + 2)
                } else {
                    self.tok(BitwiseNot, p, p + 1)
                }
            }
            b'"' => {
                self.push_mode(Mode::Quoted);
                self.tok(OQuote, p, p + 1)
            }
            b'[' => self.tok(OBrack, p, p + 1),
            b']' => self.tok(CBrack, p, p + 1),
            b'(' => self.tok(OParen, p, p + 1),
            b')' => self.tok(CParen, p, p + 1),
            b',' => self.tok(Comma, p, p + 1),
            b'*' => self.tok(Star, p, p + 1),
            b'%' => self.tok(Percent, p, p + 1),
            b'+' => self.tok(Plus, p, p + 1),
            b'-' => self.tok(Minus, p, p + 1),
            b'?' => self.tok(Question, p, p + 1),
            b':' if next == Some(b':') => self.tok(DoubleColon, p, p + 2),
            b':' => self.tok(Colon, p, p + 1),
            b'^' => self.tok(BitwiseXor, p, p + 1),
            b';' => self.tok(Semicolon, p, p + 1),
            b'`' => self.tok(Backtick, p, p + 1),
            b'\'' => self.tok(Apostrophe, p, p + 1),
            0x80..=0xFF if self.ref_idents => match reference_idents::ident_len(src, p) {
                0 => match decode_utf8(src, p) {
                    Some((_, len)) => self.tok(Invalid, p, p + len),
                    None => self.tok(BadUtf8, p, p + 1),
                },
                n => self.tok(Ident, p, p + n),
            },
            0x80..=0xFF => match decode_utf8(src, p) {
                Some((c, len)) => {
                    if is_id_start(c) {
                        let end = ident_continue(src, p + len);
                        self.tok(Ident, p, end)
                    } else {
                        self.tok(Invalid, p, p + len)
                    }
                }
                None => self.tok(BadUtf8, p, p + 1),
            },
            _ => self.tok(Invalid, p, p + 1),
        }
    }

    /// `${`/`%{` (with an optional `~`) entering an interpolation or directive.
    fn begin_sequence(&mut self, kind: TokenKind, p: usize) -> Token {
        let end = if self.peek_at(p + 2) == Some(b'~') { p + 3 } else { p + 2 };
        self.braces += 1;
        self.ret_braces.push(self.braces);
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = false;
        }
        self.push_mode(Mode::Main);
        self.tok(kind, p, end)
    }

    /// Length of `$${`/`%%{` (with an optional `~`) at `p`, if there is one.
    fn escaped_intro_len(&self, p: usize) -> Option<usize> {
        let c = self.src[p];
        if self.peek_at(p + 1) == Some(c) && self.peek_at(p + 2) == Some(b'{') {
            Some(if self.peek_at(p + 3) == Some(b'~') { 4 } else { 3 })
        } else {
            None
        }
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;
    fn next(&mut self) -> Option<Token> {
        if self.eof_emitted {
            return None;
        }
        let t = self.next_token();
        if t.kind == TokenKind::Eof {
            self.eof_emitted = true;
        }
        Some(t)
    }
}

/// Lexes all of `src`: every token up to and including [`TokenKind::Eof`], and the
/// diagnostics for invalid tokens.
pub fn lex(src: &[u8], mode: LexMode) -> (Vec<Token>, LexDiagnostics) {
    let mut lexer = Lexer::new(src, mode);
    let mut tokens = Vec::with_capacity(src.len() / 4 + 1);
    loop {
        let t = lexer.next_token();
        tokens.push(t);
        if t.kind == TokenKind::Eof {
            break;
        }
    }
    (tokens, lexer.take_diagnostics())
}
