//! The lexer's string modes: quoted templates, heredocs and bare templates.

use super::scan::{decode_utf8, quoted_lit_end, template_lit_end, trim_space};
use super::{Lexer, Mode};
use crate::syntax::native::token::{Token, TokenKind};

impl Lexer<'_> {
    pub(super) fn lex_quoted(&mut self) -> Token {
        let src = self.src;
        let p = self.pos;
        use TokenKind::*;
        match src[p] {
            c @ (b'$' | b'%') => {
                let kind = if c == b'$' { TemplateInterp } else { TemplateControl };
                match self.peek_at(p + 1) {
                    Some(b'{') => self.begin_sequence(kind, p),
                    None => self.error_rest(),
                    Some(_) => match self.escaped_intro_len(p) {
                        Some(n) => self.tok(QuotedLit, p, p + n),
                        None => self.tok(QuotedLit, p, p + 1),
                    },
                }
            }
            b'"' => {
                self.pop_mode();
                self.tok(CQuote, p, p + 1)
            }
            b'\n' | b'\r' => {
                let mut e = p + 1;
                while e < src.len() && (src[e] == b'\n' || src[e] == b'\r') {
                    e += 1;
                }
                self.tok(QuotedNewline, p, e)
            }
            _ => {
                let end = quoted_lit_end(src, p, &mut self.backslash_end);
                if end > p {
                    return self.tok(QuotedLit, p, end);
                }
                if src[p] == b'\\' {
                    // A backslash not followed by a character of the string.
                    if p + 1 >= src.len() {
                        return self.error_rest();
                    }
                    return self.tok(Invalid, p, p + 1);
                }
                // Only a byte that is not UTF-8 stops a literal at its first byte.
                self.tok(BadUtf8, p, p + 1)
            }
        }
    }

    /// `$` or `%` in a heredoc or bare template that does not start a sequence.
    pub(super) fn template_dollar_lit(&mut self, p: usize, kind: TokenKind) -> Token {
        if let Some(n) = self.escaped_intro_len(p) {
            // An escaped `$${` takes the end of line right after it, if any.
            let eol = match (self.peek_at(p + n), self.peek_at(p + n + 1)) {
                (Some(b'\n'), _) => 1,
                (Some(b'\r'), Some(b'\n')) => 2,
                _ => 0,
            };
            if eol > 0 {
                if let (Some(Mode::Heredoc), Some(h)) = (self.modes.last(), self.heredocs.last_mut()) {
                    h.start_of_line = true;
                }
            }
            return self.tok(kind, p, p + n + eol);
        }
        match self.peek_at(p + 1) {
            None => self.error_rest(),
            Some(_) if matches!(self.peek_at(p + 2), Some(b'\n' | b'\r')) => {
                // A quirk of the reference's scanner: `$` or `%` and one more byte just before
                // a newline character make one literal token ("$x" in "$x\n").
                self.tok(kind, p, p + 2)
            }
            Some(_) => self.tok(kind, p, p + 1),
        }
    }

    pub(super) fn lex_heredoc(&mut self) -> Token {
        let src = self.src;
        let p = self.pos;
        use TokenKind::*;
        let b = src[p];
        if b == b'$' || b == b'%' {
            if self.peek_at(p + 1) == Some(b'{') {
                let kind = if b == b'$' { TemplateInterp } else { TemplateControl };
                return self.begin_sequence(kind, p);
            }
            if let Some(h) = self.heredocs.last_mut() {
                h.start_of_line = false;
            }
            return self.template_dollar_lit(p, StringLit);
        }
        let end = template_lit_end(src, p);
        let eol = match src.get(end) {
            Some(b'\n') => Some(end + 1),
            Some(b'\r') if self.peek_at(end + 1) == Some(b'\n') => Some(end + 2),
            _ => None,
        };
        match eol {
            Some(eol) => {
                let line = &src[p..eol];
                if let Some(h) = self.heredocs.last().copied() {
                    if h.start_of_line && trim_space(line) == h.marker.slice(src) {
                        // The closing marker, then its newline as a separate token.
                        self.heredocs.pop();
                        self.pop_mode();
                        self.pending = Some(Token::new(Newline, end as u32, eol as u32));
                        self.pos = eol;
                        return Token::new(CHeredoc, p as u32, end as u32);
                    }
                }
                if let Some(h) = self.heredocs.last_mut() {
                    h.start_of_line = true;
                }
                self.tok(StringLit, p, eol)
            }
            None if end > p => {
                if let Some(h) = self.heredocs.last_mut() {
                    h.start_of_line = false;
                }
                self.tok(StringLit, p, end)
            }
            None => {
                if b >= 0x80 && decode_utf8(src, p).is_none() {
                    self.tok(BadUtf8, p, p + 1)
                } else {
                    // A lone '\r': nothing matches.
                    self.error_rest()
                }
            }
        }
    }

    pub(super) fn lex_bare(&mut self) -> Token {
        let src = self.src;
        let p = self.pos;
        use TokenKind::*;
        let b = src[p];
        if b == b'$' || b == b'%' {
            if self.peek_at(p + 1) == Some(b'{') {
                let kind = if b == b'$' { TemplateInterp } else { TemplateControl };
                return self.begin_sequence(kind, p);
            }
            if self.peek_at(p + 1).is_none() && self.modes.len() == 1 {
                return self.tok(StringLit, p, p + 1);
            }
            return self.template_dollar_lit(p, StringLit);
        }
        let end = template_lit_end(src, p);
        let eol = match src.get(end) {
            Some(b'\n') => Some(end + 1),
            Some(b'\r') if self.peek_at(end + 1) == Some(b'\n') => Some(end + 2),
            _ => None,
        };
        match eol {
            Some(eol) => self.tok(StringLit, p, eol),
            None if end > p => self.tok(StringLit, p, end),
            None => {
                if b >= 0x80 && decode_utf8(src, p).is_none() {
                    self.tok(BadUtf8, p, p + 1)
                } else {
                    self.error_rest()
                }
            }
        }
    }
}
