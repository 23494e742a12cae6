//! One formatter line: its cells, its indentation and the spaces between its tokens.
//!
//! The reference's formatter sees a file as lines of tokens. A line ends with a newline token
//! or with a `#`/`//` comment (which includes its newline); a heredoc, whose opener, body lines
//! and closing marker are tokens carrying their own newlines, is part of one line. Each line
//! has up to three cells: the *lead*; the *assign* cell, from the first `=` after the line's
//! first token to the end, when the brackets from there on balance; and the *comment* cell, a
//! comment ending a line that has other tokens. The `=` of assign cells and the comment cells
//! of consecutive lines are aligned ([`super::align`]).

use super::spacing::{bracket_change, space_after};
use super::width::columns;
use crate::syntax::native::token::TokenKind;

/// Read access to the tokens of one line.
pub(crate) trait LineView {
    /// How many tokens.
    fn len(&self) -> usize;
    /// The kind of token `i`.
    fn kind(&self, i: usize) -> TokenKind;
    /// The bytes of token `i`.
    fn text(&self, i: usize) -> &[u8];
    /// Whether white space separated token `i` from the token before it in the input.
    fn spaced(&self, i: usize) -> bool;
}

/// Whether a token ends a formatter line.
#[inline]
pub(crate) fn ends_line(kind: TokenKind, text: &[u8]) -> bool {
    kind == TokenKind::Newline || (kind == TokenKind::Comment && text.last() == Some(&b'\n'))
}

/// The indentation stack: one entry per indented level, holding how many brackets the line
/// that opened the level left open.
#[derive(Clone, Debug, Default)]
pub(crate) struct Indent {
    stack: Vec<u64>,
    /// Levels below the stack (a fragment formatted as if nested), never closed.
    base: usize,
}

impl Indent {
    pub(crate) fn new(base: usize) -> Indent {
        Indent { stack: Vec::new(), base }
    }

    /// Takes a line with `net` more openers than closers; returns its indentation level.
    /// A line that opens brackets is indented at the current level and opens one level,
    /// however many it opened; a line that closes some leaves the levels they opened first.
    pub(crate) fn line(&mut self, net: i64) -> usize {
        if net > 0 {
            let level = self.level();
            self.stack.push(net as u64);
            return level;
        }
        let mut closed = net.unsigned_abs();
        while closed > 0 {
            let Some(top) = self.stack.last_mut() else { break };
            if closed >= *top {
                closed -= *top;
                self.stack.pop();
            } else {
                *top -= closed;
                closed = 0;
            }
        }
        self.level()
    }

    fn level(&self) -> usize {
        self.base + self.stack.len()
    }
}

/// Whether a token is lexed the same way wherever it stands outside template text: the
/// tokens [`keep_apart`] re-lexes. Template text, its delimiters, heredocs, comments and
/// newlines are lexed in their own modes and never join the tokens beside them.
fn relexable(kind: TokenKind) -> bool {
    use TokenKind::*;
    !matches!(
        kind,
        Newline
            | Comment
            | QuotedLit
            | StringLit
            | OQuote
            | CQuote
            | OHeredoc
            | CHeredoc
            | TemplateInterp
            | TemplateControl
            | TemplateSeqEnd
            | Eof
    )
}

/// How many tokens on each side of a gap [`keep_apart`] re-lexes: more than any token that
/// adjacent tokens can form spans (`1.5e+10` is the longest, from `1 . 5e+10`), and a bound
/// that keeps the check linear on long lines.
const RELEX_WINDOW: usize = 8;

/// Keeps a space wherever the layout removed one and the tokens on either side, written
/// together, would read as different tokens: `2. 3` (the number 2 and the legacy index `.3`)
/// must not become the number `2.3`, nor `! =` become `!=`. Each such gap is checked by
/// lexing the tokens around it, as laid out, again.
fn keep_apart<L: LineView + ?Sized>(line: &L, spaces: &mut [u32]) {
    let n = line.len();
    let mut buf = Vec::new();
    for i in 1..n {
        if spaces[i] != 0 || !line.spaced(i) || !relexable(line.kind(i - 1)) || !relexable(line.kind(i)) {
            continue;
        }
        let mut from = i - 1;
        while from > 0 && i - from < RELEX_WINDOW && spaces[from] == 0 && relexable(line.kind(from - 1)) {
            from -= 1;
        }
        let mut to = i;
        while to + 1 < n && to - i < RELEX_WINDOW && spaces[to + 1] == 0 && relexable(line.kind(to + 1)) {
            to += 1;
        }
        if !relexes_same(line, from, to, &mut buf) {
            spaces[i] = 1;
        }
    }
}

/// Whether tokens `from..=to`, written with no space between them, lex as the same tokens.
fn relexes_same<L: LineView + ?Sized>(line: &L, from: usize, to: usize, buf: &mut Vec<u8>) -> bool {
    use crate::syntax::native::lexer::{LexMode, Lexer};
    buf.clear();
    for i in from..=to {
        buf.extend_from_slice(line.text(i));
    }
    let mut lexer = Lexer::new(buf, LexMode::Normal).reference_identifiers();
    let mut at = 0u32;
    for i in from..=to {
        let t = lexer.next_token();
        let len = u32::try_from(line.text(i).len()).unwrap_or(u32::MAX);
        if t.kind != line.kind(i) || t.span.start != at || t.span.end - t.span.start != len {
            return false;
        }
        at += len;
    }
    lexer.next_token().kind == TokenKind::Eof
}

/// The result of laying out one line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LineLayout {
    /// Index of the first token of the assign cell (the `=`).
    pub assign: Option<usize>,
    /// Index of the comment cell's token (the line's last).
    pub comment: Option<usize>,
    /// Columns of the lead cell, its indentation included (only with an assign or comment
    /// cell).
    pub lead_cols: usize,
    /// Columns of the assign cell, less the spaces before its `=` (only with a comment cell).
    pub assign_cols: usize,
}

/// Lays out one non-empty line: `spaces[i]` becomes the number of spaces before token `i`.
/// The spaces before the `=` of an assign cell and before a comment cell are set to one; the
/// caller aligns them. `max_indent` caps the indentation level.
pub(crate) fn layout_line<L: LineView + ?Sized>(
    line: &L,
    indent: &mut Indent,
    max_indent: usize,
    join_tokens: bool,
    spaces: &mut Vec<u32>,
) -> LineLayout {
    let n = line.len();
    spaces.clear();
    spaces.resize(n, 0);
    if n == 0 {
        return LineLayout::default();
    }
    if line.kind(0) == TokenKind::Newline {
        // A blank line: no spaces (trailing white space goes), no indentation change.
        return LineLayout::default();
    }

    // Cells.
    let mut lead_end = n;
    let mut comment = None;
    if n > 1 && line.kind(n - 1) == TokenKind::Comment {
        comment = Some(n - 1);
        lead_end = n - 1;
    }
    let cells_end = lead_end;
    let mut assign = None;
    if let Some(eq) = (1..lead_end).find(|&i| line.kind(i) == TokenKind::Equal) {
        let net: i64 = (eq..lead_end).map(|i| bracket_change(line.kind(i))).sum();
        if net == 0 {
            assign = Some(eq);
            lead_end = eq;
        }
    }

    // Indentation: brackets of the lead up to a heredoc opener (the assign cell balances).
    let mut net = 0;
    for i in 0..lead_end {
        let k = line.kind(i);
        net += bracket_change(k);
        if k == TokenKind::OHeredoc {
            break;
        }
    }
    spaces[0] = (2 * indent.line(net).min(max_indent)) as u32;

    // Spaces between the tokens of each cell.
    let cell_spaces = |spaces: &mut Vec<u32>, from: usize, to: usize| {
        for (i, space) in spaces.iter_mut().enumerate().take(to).skip(from + 1) {
            let subject = line.kind(i - 1);
            let before = if i - 1 > from { Some(line.kind(i - 2)) } else { None };
            let is_in = subject == TokenKind::Ident && line.text(i - 1) == b"in";
            *space = u32::from(space_after(subject, is_in, before, line.kind(i)));
        }
    };
    cell_spaces(spaces, 0, lead_end);
    if let Some(a) = assign {
        spaces[a] = 1;
        cell_spaces(spaces, a, cells_end);
    }
    if let Some(c) = comment {
        spaces[c] = 1;
    }
    if !join_tokens {
        keep_apart(line, spaces);
    }

    let mut out = LineLayout { assign, comment, ..LineLayout::default() };
    if assign.is_some() || comment.is_some() {
        out.lead_cols = (0..lead_end).map(|i| spaces[i] as usize + columns(line.text(i))).sum();
        if let (Some(a), Some(_)) = (assign, comment) {
            out.assign_cols = columns(line.text(a))
                + (a + 1..cells_end).map(|i| spaces[i] as usize + columns(line.text(i))).sum::<usize>();
        }
    }
    out
}
