//! Error recovery: skipping to the closing bracket or the end of the body item after an
//! error (as the reference does), and the nesting limit.

use super::{Parser, MAX_DEPTH};
use crate::syntax::native::diag::Problem;
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

impl<'s, const KEEP: bool> Parser<'s, KEEP> {
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
    pub(super) fn recover(&mut self, end: TokenKind) -> Token {
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

    /// Skips to the next `start` bracket, then over what it opens (the reference's
    /// `recoverOver`).
    pub(super) fn recover_over(&mut self, start: TokenKind) {
        loop {
            let t = self.read();
            if t.kind == start || t.kind == T::Eof {
                break;
            }
        }
        if let Some(end) = Self::opposite(start) {
            self.recover(end);
        }
    }

    /// Skips to the end of the current body item (the next newline outside brackets).
    pub(super) fn recover_after_body_item(&mut self) {
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
    pub(super) fn enter(&mut self) -> bool {
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

    pub(super) fn leave(&mut self) {
        self.depth -= 1;
    }
}
