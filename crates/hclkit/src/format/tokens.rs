//! Formatting a sequence of tokens in memory: the layer editing builds on.

use std::borrow::Cow;

use super::align::{Aligner, Pending};
use super::line::{ends_line, layout_line, Indent, LineView};
use super::Formatter;
use crate::syntax::native::lexer::{LexMode, Lexer};
use crate::syntax::native::token::TokenKind;

/// A token as the formatter sees it: its kind, its bytes, and the spaces written before it.
///
/// Formatting changes only `spaces_before`. A sequence of these is what the reference's
/// `hclwrite` keeps for a file; new content is made of tokens with any spacing and laid out
/// by [`Formatter::layout`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FmtToken<'a> {
    /// What the token is.
    pub kind: TokenKind,
    /// Its bytes, exactly as written.
    pub text: Cow<'a, [u8]>,
    /// How many spaces come before it.
    pub spaces_before: u32,
}

impl<'a> FmtToken<'a> {
    /// A token of `kind` with `text`, no spaces before it.
    ///
    /// ```
    /// use hclkit::format::FmtToken;
    /// use hclkit::syntax::native::token::TokenKind;
    /// let t = FmtToken::new(TokenKind::Ident, "any");
    /// assert_eq!(&*t.text, b"any");
    /// ```
    pub fn new(kind: TokenKind, text: impl Into<Cow<'a, str>>) -> FmtToken<'a> {
        let text = match text.into() {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        };
        FmtToken { kind, text, spaces_before: 0 }
    }
}

/// The tokens of a source text (native syntax), each with the number of bytes of white space
/// before it as its spaces, ending with the [`TokenKind::Eof`] token. Writing them back with
/// [`write_tokens`] gives `src` again, except that tabs, and a byte order mark at the start,
/// become spaces.
///
/// ```
/// use hclkit::format::{tokens, write_tokens};
/// let toks = tokens(b"a  = 1\n");
/// assert_eq!(toks.len(), 5); // a, =, 1, newline, end of input
/// assert_eq!(toks[1].spaces_before, 2);
/// let mut out = Vec::new();
/// write_tokens(&toks, &mut out);
/// assert_eq!(out, b"a  = 1\n");
/// ```
pub fn tokens(src: &[u8]) -> Vec<FmtToken<'_>> {
    let mut lexer = Lexer::new(src, LexMode::Normal).reference_identifiers();
    let mut out = Vec::new();
    let mut prev = 0usize;
    loop {
        let t = lexer.next_token();
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        out.push(FmtToken {
            kind: t.kind,
            text: Cow::Borrowed(t.span.slice(src)),
            spaces_before: u32::try_from(start.saturating_sub(prev)).unwrap_or(u32::MAX),
        });
        prev = end;
        if t.kind == TokenKind::Eof {
            return out;
        }
    }
}

/// Writes `tokens`, each after its spaces.
pub fn write_tokens(tokens: &[FmtToken<'_>], out: &mut Vec<u8>) {
    for t in tokens {
        out.resize(out.len() + t.spaces_before as usize, b' ');
        out.extend_from_slice(&t.text);
    }
}

struct Slice<'s, 'a> {
    toks: &'s [FmtToken<'a>],
}

impl LineView for Slice<'_, '_> {
    fn len(&self) -> usize {
        self.toks.len()
    }
    fn kind(&self, i: usize) -> TokenKind {
        self.toks[i].kind
    }
    fn text(&self, i: usize) -> &[u8] {
        &self.toks[i].text
    }
    fn spaced(&self, i: usize) -> bool {
        self.toks[i].spaces_before > 0
    }
}

/// Lays out `tokens` in place (see [`Formatter::layout`]).
pub(crate) fn layout(fmt: &Formatter, tokens: &mut [FmtToken<'_>]) {
    let mut indent = Indent::new(fmt.depth);
    let mut aligner: Aligner<usize> = Aligner::new();
    let mut sp = Vec::new();
    let mut start = 0;
    let end = tokens.iter().position(|t| t.kind == TokenKind::Eof).unwrap_or(tokens.len());
    while start < end {
        let mut stop = start;
        while stop < end {
            stop += 1;
            if ends_line(tokens[stop - 1].kind, &tokens[stop - 1].text) {
                break;
            }
        }
        let lay = layout_line(
            &Slice { toks: &tokens[start..stop] },
            &mut indent,
            super::MAX_INDENT_LEVELS,
            fmt.join_tokens,
            &mut sp,
        );
        for (t, &s) in tokens[start..stop].iter_mut().zip(&sp) {
            t.spaces_before = s;
        }
        if fmt.align && (lay.assign.is_some() || lay.comment.is_some()) {
            aligner.push(Pending {
                assign: lay.assign.map(|a| (start + a, lay.lead_cols)),
                comment: lay.comment.map(|c| (start + c, lay.lead_cols + lay.assign_cols)),
            });
        } else {
            aligner.flush(|at, n| tokens[at].spaces_before = u32::try_from(n).unwrap_or(u32::MAX));
        }
        start = stop;
    }
    aligner.flush(|at, n| tokens[at].spaces_before = u32::try_from(n).unwrap_or(u32::MAX));
}
