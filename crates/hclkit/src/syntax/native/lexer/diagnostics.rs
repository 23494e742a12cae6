//! The lexer's diagnostics: the reference's checks for tokens that never belong in HCL.

use crate::pos::Span;
use crate::syntax::native::token::{Token, TokenKind};

/// The reference's checks for tokens that never belong in HCL (its `checkInvalidTokens`),
/// with its limits on repeating the same message.
#[derive(Clone, Debug, Default)]
pub struct LexDiagnostics {
    told_bitwise: u8,
    told_backtick: u8,
    told_apostrophe: u8,
    told_semicolon: u8,
    told_bad_utf8: u8,
    /// What was found, in order.
    pub items: Vec<(LexProblem, Span)>,
}

/// A lexical problem, reported with the reference's wording.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LexProblem {
    /// `&`, `|`, `^` or `~`.
    Bitwise(TokenKind),
    /// `` ` ``.
    Backtick,
    /// `'`.
    Apostrophe,
    /// `;`.
    Semicolon,
    /// Not UTF-8.
    BadUtf8,
    /// A newline in a quoted string.
    QuotedNewline,
    /// `“` or `”`.
    CurlyQuote,
    /// Any other character the language does not use.
    Invalid,
}

impl LexProblem {
    /// The reference's summary and detail.
    pub fn message(self) -> (&'static str, &'static str) {
        match self {
            LexProblem::Bitwise(k) => (
                "Unsupported operator",
                match k {
                    TokenKind::BitwiseAnd => {
                        "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?"
                    }
                    TokenKind::BitwiseOr => "Bitwise operators are not supported. Did you mean boolean OR (\"||\")?",
                    TokenKind::BitwiseNot => "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?",
                    _ => "Bitwise operators are not supported.",
                },
            ),
            LexProblem::Backtick => (
                "Invalid character",
                "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
            ),
            LexProblem::Apostrophe => {
                ("Invalid character", "Single quotes are not valid. Use double quotes (\") to enclose strings.")
            }
            LexProblem::Semicolon => (
                "Invalid character",
                "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
            ),
            LexProblem::BadUtf8 => (
                "Invalid character encoding",
                "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
            ),
            LexProblem::QuotedNewline => (
                "Invalid multi-line string",
                "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
            ),
            LexProblem::CurlyQuote => (
                "Invalid character",
                "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
            ),
            LexProblem::Invalid => ("Invalid character", "This character is not used within the language."),
        }
    }
}

impl LexDiagnostics {
    #[cold]
    pub(super) fn observe(&mut self, tok: Token, src: &[u8]) {
        use TokenKind::*;
        let problem = match tok.kind {
            BitwiseAnd | BitwiseOr | BitwiseXor | BitwiseNot => {
                if self.told_bitwise >= 4 {
                    return;
                }
                self.told_bitwise += 1;
                LexProblem::Bitwise(tok.kind)
            }
            Backtick => {
                let report = self.told_backtick % 2 == 0;
                if self.told_backtick <= 2 {
                    self.told_backtick += 1;
                }
                if !report {
                    return;
                }
                LexProblem::Backtick
            }
            Apostrophe => {
                let report = self.told_apostrophe % 2 == 0;
                if self.told_apostrophe <= 2 {
                    self.told_apostrophe += 1;
                }
                if !report {
                    return;
                }
                LexProblem::Apostrophe
            }
            Semicolon => {
                if self.told_semicolon >= 1 {
                    return;
                }
                self.told_semicolon += 1;
                LexProblem::Semicolon
            }
            BadUtf8 => {
                if self.told_bad_utf8 >= 1 {
                    return;
                }
                self.told_bad_utf8 += 1;
                LexProblem::BadUtf8
            }
            QuotedNewline => LexProblem::QuotedNewline,
            Invalid => {
                let b = tok.span.slice(src);
                if b == "\u{201c}".as_bytes() || b == "\u{201d}".as_bytes() {
                    LexProblem::CurlyQuote
                } else {
                    LexProblem::Invalid
                }
            }
            _ => return,
        };
        self.items.push((problem, tok.span));
    }
}
