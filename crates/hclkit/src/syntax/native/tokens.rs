//! [`Tokens`]: the token stream of a parse, kept on request
//! ([`ParseOptions::keep_tokens`](super::ParseOptions::keep_tokens)).

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::token::Token;
use crate::pos::{LineIndex, Range, Span};

/// The tokens of a native source, in order, as the parser read them: every token with its
/// kind and byte span, comments and newlines included, ending with the
/// [`TokenKind::Eof`](super::token::TokenKind::Eof) token. What lies between two tokens (the gaps) is white space: spaces
/// and tabs, and a UTF-8 byte order mark at the start. [`pieces`](Tokens::pieces) yields
/// tokens and gaps, which together are the source byte for byte.
///
/// The tokens are those of the one lexer the parser uses, in the parser's mode, so an
/// editor, a formatter or a lossless editing document built on them needs no tokenizer of
/// its own.
///
/// **Bytes that are not UTF-8** are kept as they are: outside strings and comments each
/// such byte is one [`TokenKind::BadUtf8`](super::token::TokenKind::BadUtf8) token (which the parser reports as an error);
/// inside the literal text of strings and heredocs, and in comments, they are part of that
/// token's bytes. Identifiers are read by today's Unicode (`XID_Start`/`XID_Continue`). The
/// formatter, which reproduces the reference's `hclwrite.Format` byte for byte on damaged
/// input too, reads identifiers with the reference scanner's tables instead (see
/// `Lexer::reference_identifiers`); the two agree on every file but those whose identifiers
/// hold invalid UTF-8 or characters the reference's older tables do not know (such as a
/// zero-width joiner).
///
/// ```
/// use hclkit::syntax::native::{ParseOptions, token::TokenKind};
///
/// let src = "\u{feff}a\t= 1 # one\r\n";
/// let parse = ParseOptions::new().keep_tokens(true).parse_config(src.as_bytes(), "x.hcl");
/// let tokens = parse.tokens().unwrap();
/// let kinds: Vec<TokenKind> = tokens.iter().map(|t| t.kind).collect();
/// use TokenKind::*;
/// assert_eq!(kinds, [Ident, Equal, NumberLit, Comment, Eof]);
/// // Tokens and the gaps between them are the source, byte for byte.
/// let text: Vec<u8> = tokens.pieces().flat_map(|p| p.text().iter().copied()).collect();
/// assert_eq!(text, src.as_bytes());
/// // The token at an offset, and its range in lines and columns.
/// let i = tokens.index_at(5).unwrap(); // the byte of "=" (after the 3 bytes of the BOM, "a" and the tab)
/// assert_eq!(tokens.as_slice()[i].kind, Equal);
/// assert_eq!(tokens.range(i).unwrap().to_string(), "x.hcl:1,3-4");
/// assert_eq!(tokens.at(4), None); // the tab is a gap
/// ```
#[derive(Clone)]
pub struct Tokens {
    src: Arc<[u8]>,
    filename: Arc<str>,
    tokens: Vec<Token>,
    line_index: OnceLock<LineIndex>,
}

impl Tokens {
    /// The stream `tokens` of `src` (the tokens the parser read, in order).
    pub(crate) fn new(src: Arc<[u8]>, filename: &str, tokens: Vec<Token>) -> Tokens {
        Tokens { filename: Arc::from(filename), tokens, line_index: OnceLock::new(), src }
    }

    /// The tokens, in order (the last is [`TokenKind::Eof`](super::token::TokenKind::Eof)).
    pub fn iter(&self) -> std::slice::Iter<'_, Token> {
        self.tokens.iter()
    }

    /// The tokens as a slice.
    pub fn as_slice(&self) -> &[Token] {
        &self.tokens
    }

    /// The number of tokens, [`TokenKind::Eof`](super::token::TokenKind::Eof) included.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Whether there are no tokens (never: there is always the end of input).
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The source the tokens are spans of.
    pub fn source(&self) -> &[u8] {
        &self.src
    }

    /// The bytes of token `i` (empty when there is no such token).
    pub fn text(&self, i: usize) -> &[u8] {
        self.tokens.get(i).map_or(&[][..], |t| t.span.slice(&self.src))
    }

    /// The index of the token that covers the byte at `offset` (`start <= offset < end`);
    /// `None` when that byte lies in a gap (white space) or past the end. O(log n).
    ///
    /// ```
    /// use hclkit::syntax::native::ParseOptions;
    ///
    /// let parse = ParseOptions::new().keep_tokens(true).parse_expression(&b"ab + 1"[..], "e");
    /// let tokens = parse.tokens().unwrap();
    /// assert_eq!(tokens.index_at(0), Some(0));
    /// assert_eq!(tokens.index_at(1), Some(0));
    /// assert_eq!(tokens.index_at(2), None);
    /// assert_eq!(tokens.index_at(3), Some(1));
    /// assert_eq!(tokens.index_at(6), None);
    /// ```
    pub fn index_at(&self, offset: u32) -> Option<usize> {
        let i = self.tokens.partition_point(|t| t.span.end <= offset);
        let t = self.tokens.get(i)?;
        t.span.contains(offset).then_some(i)
    }

    /// The token that covers the byte at `offset` (see [`index_at`](Tokens::index_at)).
    pub fn at(&self, offset: u32) -> Option<&Token> {
        self.index_at(offset).map(|i| &self.tokens[i])
    }

    /// The range of token `i` in lines and columns, as diagnostics report them (the line
    /// index is built on the first call).
    pub fn range(&self, i: usize) -> Option<Range> {
        let t = self.tokens.get(i)?;
        let index = self.line_index.get_or_init(|| LineIndex::new(&self.src));
        Some(index.range(&self.src, &self.filename, t.span))
    }

    /// The tokens and the gaps between them, in order: concatenating their
    /// [`text`](Piece::text) gives the source byte for byte (tabs, a byte order mark,
    /// `\r\n`, comments and invalid UTF-8 included).
    ///
    /// ```
    /// use hclkit::syntax::native::{ParseOptions, Piece};
    ///
    /// let parse = ParseOptions::new().keep_tokens(true).parse_config(&b"a =\t1\n"[..], "x.hcl");
    /// let pieces: Vec<String> = parse
    ///     .tokens()
    ///     .unwrap()
    ///     .pieces()
    ///     .map(|p| match p {
    ///         Piece::Token(t, text) => format!("{}[{}]", &t.kind.name()[5..], text.escape_ascii()),
    ///         Piece::Gap(_, text) => format!("gap[{}]", text.escape_ascii()),
    ///     })
    ///     .collect();
    /// assert_eq!(pieces, ["Ident[a]", "gap[ ]", "Equal[=]", r"gap[\t]", "NumberLit[1]", r"Newline[\n]", "EOF[]"]);
    /// ```
    pub fn pieces(&self) -> Pieces<'_> {
        Pieces { src: &self.src, tokens: self.tokens.iter(), pos: 0, pending: None }
    }
}

impl fmt::Debug for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tokens").field("filename", &self.filename).field("tokens", &self.tokens).finish()
    }
}

impl<'a> IntoIterator for &'a Tokens {
    type Item = &'a Token;
    type IntoIter = std::slice::Iter<'a, Token>;
    fn into_iter(self) -> Self::IntoIter {
        self.tokens.iter()
    }
}

/// One piece of a source: a token, or the gap (white space) before the next token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Piece<'a> {
    /// A token and its bytes.
    Token(Token, &'a [u8]),
    /// Bytes between two tokens (or before the first): spaces, tabs, a byte order mark.
    Gap(Span, &'a [u8]),
}

impl<'a> Piece<'a> {
    /// The bytes of the piece.
    pub fn text(&self) -> &'a [u8] {
        match *self {
            Piece::Token(_, text) | Piece::Gap(_, text) => text,
        }
    }

    /// The bytes the piece covers.
    pub fn span(&self) -> Span {
        match *self {
            Piece::Token(t, _) => t.span,
            Piece::Gap(span, _) => span,
        }
    }

    /// The token, if the piece is one.
    pub fn token(&self) -> Option<Token> {
        match *self {
            Piece::Token(t, _) => Some(t),
            Piece::Gap(..) => None,
        }
    }
}

/// The iterator of [`Tokens::pieces`].
#[derive(Clone, Debug)]
pub struct Pieces<'a> {
    src: &'a [u8],
    tokens: std::slice::Iter<'a, Token>,
    /// The end of the last piece yielded.
    pos: u32,
    /// A token whose gap was yielded before it.
    pending: Option<Token>,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        let t = match self.pending.take() {
            Some(t) => t,
            None => match self.tokens.next() {
                Some(&t) => {
                    if t.span.start > self.pos {
                        let gap = Span::new(self.pos, t.span.start);
                        self.pos = t.span.start;
                        self.pending = Some(t);
                        return Some(Piece::Gap(gap, gap.slice(self.src)));
                    }
                    t
                }
                None => {
                    // Anything after the last token (never, as the lexer ends at the end).
                    let end = u32::try_from(self.src.len()).unwrap_or(u32::MAX);
                    if self.pos >= end {
                        return None;
                    }
                    let gap = Span::new(self.pos, end);
                    self.pos = end;
                    return Some(Piece::Gap(gap, gap.slice(self.src)));
                }
            },
        };
        // Tokens are in order and do not overlap; should one ever start before the end of
        // the last, only its new bytes are yielded, so the pieces still make the source.
        let span = Span::new(t.span.start.max(self.pos), t.span.end.max(self.pos));
        self.pos = span.end;
        Some(Piece::Token(t, span.slice(self.src)))
    }
}
