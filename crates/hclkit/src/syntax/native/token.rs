//! Tokens of the native syntax.

use crate::pos::{Ranged, Span};

/// The kind of a token. One byte; the names follow the reference's `hclsyntax.TokenType`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
#[non_exhaustive]
pub enum TokenKind {
    /// `{`
    OBrace,
    /// `}`
    CBrace,
    /// `[`
    OBrack,
    /// `]`
    CBrack,
    /// `(`
    OParen,
    /// `)`
    CParen,
    /// `"` opening a quoted template.
    OQuote,
    /// `"` closing a quoted template.
    CQuote,
    /// `<<ID` or `<<-ID` and its newline, opening a heredoc.
    OHeredoc,
    /// The line closing a heredoc (the marker and the spaces around it, without newline).
    CHeredoc,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `%`
    Percent,
    /// `=`
    Equal,
    /// `==`
    EqualOp,
    /// `!=`
    NotEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanEq,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanEq,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `!`
    Bang,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `...`
    Ellipsis,
    /// `=>`
    FatArrow,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `::`, separating the parts of a namespaced function name (`provider::aws::arn_parse`;
    /// HCL v2.20 and later).
    DoubleColon,
    /// `${` or `${~`
    TemplateInterp,
    /// `%{` or `%{~`
    TemplateControl,
    /// `}` or `~}` closing a template sequence.
    TemplateSeqEnd,
    /// Literal text of a quoted template (may contain backslash escapes).
    QuotedLit,
    /// Literal text of a heredoc or bare template (no backslash escapes).
    StringLit,
    /// A number literal.
    NumberLit,
    /// An identifier.
    Ident,
    /// A comment; `#` and `//` comments include their newline.
    Comment,
    /// `\n` or `\r\n`.
    Newline,
    /// End of input (empty span).
    Eof,
    /// `&` (not part of the language; reported).
    BitwiseAnd,
    /// `|` (not part of the language; reported).
    BitwiseOr,
    /// `~` (not part of the language; reported).
    BitwiseNot,
    /// `^` (not part of the language; reported).
    BitwiseXor,
    /// `'` (not part of the language; reported).
    Apostrophe,
    /// `` ` `` (not part of the language; reported).
    Backtick,
    /// `;` (not part of the language; reported).
    Semicolon,
    /// A character that is not used in the language.
    Invalid,
    /// A byte that is not valid UTF-8.
    BadUtf8,
    /// A newline inside a quoted template.
    QuotedNewline,
}

impl TokenKind {
    /// A short description for messages and dumps (the reference's token type name).
    pub fn name(self) -> &'static str {
        use TokenKind::*;
        match self {
            OBrace => "TokenOBrace",
            CBrace => "TokenCBrace",
            OBrack => "TokenOBrack",
            CBrack => "TokenCBrack",
            OParen => "TokenOParen",
            CParen => "TokenCParen",
            OQuote => "TokenOQuote",
            CQuote => "TokenCQuote",
            OHeredoc => "TokenOHeredoc",
            CHeredoc => "TokenCHeredoc",
            Star => "TokenStar",
            Slash => "TokenSlash",
            Plus => "TokenPlus",
            Minus => "TokenMinus",
            Percent => "TokenPercent",
            Equal => "TokenEqual",
            EqualOp => "TokenEqualOp",
            NotEqual => "TokenNotEqual",
            LessThan => "TokenLessThan",
            LessThanEq => "TokenLessThanEq",
            GreaterThan => "TokenGreaterThan",
            GreaterThanEq => "TokenGreaterThanEq",
            And => "TokenAnd",
            Or => "TokenOr",
            Bang => "TokenBang",
            Dot => "TokenDot",
            Comma => "TokenComma",
            Ellipsis => "TokenEllipsis",
            FatArrow => "TokenFatArrow",
            Question => "TokenQuestion",
            Colon => "TokenColon",
            DoubleColon => "TokenDoubleColon",
            TemplateInterp => "TokenTemplateInterp",
            TemplateControl => "TokenTemplateControl",
            TemplateSeqEnd => "TokenTemplateSeqEnd",
            QuotedLit => "TokenQuotedLit",
            StringLit => "TokenStringLit",
            NumberLit => "TokenNumberLit",
            Ident => "TokenIdent",
            Comment => "TokenComment",
            Newline => "TokenNewline",
            Eof => "TokenEOF",
            BitwiseAnd => "TokenBitwiseAnd",
            BitwiseOr => "TokenBitwiseOr",
            BitwiseNot => "TokenBitwiseNot",
            BitwiseXor => "TokenBitwiseXor",
            Apostrophe => "TokenApostrophe",
            Backtick => "TokenBacktick",
            Semicolon => "TokenSemicolon",
            Invalid => "TokenInvalid",
            BadUtf8 => "TokenBadUTF8",
            QuotedNewline => "TokenQuotedNewline",
        }
    }

    /// Whether this kind is trivia the parser skips (comments; newlines where ignored).
    pub fn is_trivia(self) -> bool {
        matches!(self, TokenKind::Comment | TokenKind::Newline)
    }
}

/// A token: its kind and the bytes it covers. 12 bytes, `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Token {
    /// What kind of token this is.
    pub kind: TokenKind,
    /// The bytes it covers.
    pub span: Span,
}

impl Token {
    /// A token of `kind` covering `start..end`.
    #[inline]
    pub const fn new(kind: TokenKind, start: u32, end: u32) -> Token {
        Token { kind, span: Span::new(start, end) }
    }
}

impl Ranged for Token {
    fn span(&self) -> Span {
        self.span
    }
}

const _: () = assert!(std::mem::size_of::<Token>() == 12);
