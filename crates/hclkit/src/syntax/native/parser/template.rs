//! Templates: quoted strings, heredocs and standalone templates. Parts are first read into a
//! flat sequence (`TTok`: literals, interpolations, directive markers), then the `<<-` rule
//! strips indentation and the directives are nested into conditionals and template joins.

use unicode_segmentation::UnicodeSegmentation;

use super::{Parser, MAX_DEPTH};
use crate::pos::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::diag::Problem;
use crate::syntax::native::escape::{decode_quoted, EscapeError};
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

/// A template part or directive marker, in the flat sequence read before directives are
/// nested.
#[derive(Clone, Copy)]
pub(super) enum TTok {
    Lit(u32),
    Interp(u32),
    If(u32, Span),
    For { key: Option<Span>, val: Span, coll: u32, span: Span },
    Else(Span),
    EndIf(Span),
    EndFor(Span),
    End(Span),
}

impl<'s, const KEEP: bool> Parser<'s, KEEP> {
    /// Reports the invalid escapes of a quoted literal token.
    pub(super) fn check_escapes(&mut self, span: Span) {
        let b = self.text(span);
        // The lexer knows where it last met a backslash: most literals have none to look for.
        if !self.lexer.may_have_backslash(span) || memchr::memchr(b'\\', b).is_none() {
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

    pub(super) fn template_node(&mut self, parts_list: u32, passthru: bool, span: Span) -> u32 {
        if passthru {
            let inner = TemplateLayout::words(&self.store.extra, parts_list)[0];
            return self.node(Kind::TemplateWrap, span, inner);
        }
        self.push(Node::template(span, TplFlags::default(), parts_list))
    }

    /// A quoted template that is one literal token filling the quotes, or `""`: stored as one
    /// node (its part is virtual, see `TplFlags::SIMPLE`).
    pub(super) fn simple_template(&mut self, parts_list: u32, span: Span) -> Option<u32> {
        let parts = TemplateLayout::words(&self.store.extra, parts_list);
        if parts.len() != 1 || span.len() < 2 || self.src[span.end as usize - 1] != b'"' {
            return None;
        }
        let lit = parts[0];
        if lit as usize != self.store.nodes.len() - 1 {
            return None;
        }
        let n = self.store.nodes[lit as usize];
        if n.kind != Kind::Literal || n.lit_kind() != LitKind::String {
            return None;
        }
        let str_flags = n.str_flags();
        let flags = if str_flags == StrFlags::QUOTED && n.span == Span::new(span.start + 1, span.end - 1) {
            TplFlags::SIMPLE
        } else if str_flags == StrFlags::EMPTY && n.span == Span::empty(span.end) && span.len() == 2 {
            TplFlags::SIMPLE | TplFlags::EMPTY
        } else {
            return None;
        };
        self.store.nodes.pop();
        self.store.extra.truncate(parts_list as usize);
        Some(self.push(Node::template(span, flags, 0)))
    }

    /// The commonest quoted templates, `"literal"` (one literal token filling the quotes) and
    /// `""`, after their opening quote: read straight into the one node that
    /// [`Parser::simple_template`] makes of the general path's result, with the same
    /// diagnostics. Otherwise returns the literal token it read before finding out, if any,
    /// for the general path to start with.
    pub(super) fn quoted_simple(&mut self, open: Token) -> Result<u32, Option<Token>> {
        // Nothing lexed after the quote yet: the lexer takes a one-literal string in one step.
        if self.lookahead_empty() {
            if let Some((lit, close)) = self.lexer.simple_string() {
                self.note(lit);
                self.note(close);
                self.prev = Some(close);
                self.check_escapes(lit.span);
                return Ok(self.push(Node::template(open.span.to(close.span), TplFlags::SIMPLE, 0)));
            }
        }
        let t = self.peek();
        match t.kind {
            T::CQuote => {
                self.read();
                let span = open.span.to(t.span);
                Ok(self.push(Node::template(span, TplFlags::SIMPLE | TplFlags::EMPTY, 0)))
            }
            T::QuotedLit if t.span.start == open.span.end => {
                self.read();
                let close = self.peek();
                if close.kind != T::CQuote || close.span.start != t.span.end {
                    return Err(Some(t));
                }
                self.read();
                self.check_escapes(t.span);
                Ok(self.push(Node::template(open.span.to(close.span), TplFlags::SIMPLE, 0)))
            }
            _ => Err(None),
        }
    }

    /// A whole standalone template (up to EOF).
    pub(crate) fn parse_template_root(&mut self) -> u32 {
        let (parts, passthru, span) = self.parse_template_inner(T::Eof, false, None);
        self.template_node(parts, passthru, span)
    }

    /// Template parts up to `end` (starting with `first` if the first token has been read
    /// already); returns the parts list, whether it is a single interpolation to unwrap, and
    /// the template's span.
    pub(super) fn parse_template_inner(
        &mut self,
        end: TokenKind,
        flush: bool,
        first: Option<Token>,
    ) -> (u32, bool, Span) {
        let base = self.tmpl.len();
        let span = self.parse_template_parts(end, first);
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
        let list = self.list_from_scratch::<u32>(sbase);
        (list, passthru, span)
    }

    fn lit_node(&mut self, span: Span, flags: StrFlags) -> u32 {
        self.push(Node::literal(span, LitKind::String, flags))
    }

    fn parse_template_parts(&mut self, end: TokenKind, mut first: Option<Token>) -> Span {
        let base = self.tmpl.len();
        let start = match first {
            Some(t) => t.span,
            None => self.peek().span,
        };
        let mut ltrim_next = false;
        let mut next_can_trim_prev = false;
        let end_span;
        loop {
            let next = match first.take() {
                Some(t) => t,
                None => self.read(),
            };
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
                    let flags = StrFlags::default().with_if(StrFlags::QUOTED, quoted).with_if(StrFlags::LTRIM, ltrim);
                    let id = self.lit_node(next.span, flags);
                    self.tmpl.push(TTok::Lit(id));
                    next_can_trim_prev = true;
                }
                T::TemplateInterp | T::TemplateControl => {
                    if can_trim_prev && self.text(next.span).len() == 3 && self.tmpl.len() > base {
                        if let Some(TTok::Lit(id)) = self.tmpl.last().copied() {
                            self.store.nodes[id as usize].add_str_flags(StrFlags::RTRIM);
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
            let id = self.lit_node(Span::empty(start.end), StrFlags::EMPTY);
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
                let mut key = None;
                if self.peek().kind == T::Comma {
                    key = Some(val);
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
        literal_string(self.src, self.store.nodes[id as usize])
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
            let n = &mut self.store.nodes[id as usize];
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
            let id = self.lit_node(empty_at, StrFlags::EMPTY);
            self.scratch.push(id);
        } else {
            self.scratch.extend_from_slice(items);
        }
        let first = self.span_of(self.scratch[base]);
        let last = self.span_of(self.scratch[self.scratch.len() - 1]);
        let l = self.list_from_scratch::<u32>(base);
        self.push(Node::template(first.to(last), TplFlags::default(), l))
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
        let data = self.record(ConditionalRec { condition: cond, true_result: true_t, false_result: false_t });
        self.node(Kind::Conditional, open.to(endif), data)
    }

    fn template_for(
        &mut self,
        pos: &mut usize,
        key: Option<Span>,
        val: Span,
        coll: u32,
        open: Span,
        depth: u32,
    ) -> u32 {
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
        let data = self.record(ForRec {
            key_var: key,
            value_var: val,
            collection: coll,
            key_expr: None,
            value_expr: content,
            condition: None,
            open,
            close: endfor,
        });
        let f = self.push(Node::for_expr(open.to(endfor), ForFlags::default(), data));
        self.node(Kind::TemplateJoin, open.to(endfor), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::native::lexer::LexMode;

    /// The nodes, extra words and problems of parsing the quoted string `src` as an
    /// expression (with the short path of `quoted_simple`), and of parsing it by the general
    /// path alone, as before the short path existed.
    fn both(src: &str) -> (String, String) {
        let mut p = Parser::new(src.as_bytes(), LexMode::Normal);
        p.push_newlines(false);
        let id = p.parse_expression();
        let short = format!("{id} {:?} {:?} {:?}", p.store.nodes, p.store.extra, p.diags);
        let mut p = Parser::new(src.as_bytes(), LexMode::Normal);
        p.push_newlines(false);
        let open = p.read();
        assert_eq!(open.kind, T::OQuote);
        let (parts, passthru, _) = p.parse_template_inner(T::CQuote, false, None);
        let span = open.span.to(p.prev_span());
        let id = match p.simple_template(parts, span) {
            Some(id) => id,
            None => p.template_node(parts, passthru, span),
        };
        let general = format!("{id} {:?} {:?} {:?}", p.store.nodes, p.store.extra, p.diags);
        (short, general)
    }

    #[test]
    fn quoted_short_path_builds_what_the_general_path_builds() {
        for src in [
            r#""x""#,
            r#""""#,
            r#""a\"b""#,
            r#""a\\""#,
            r#""a\""#,
            "\"\u{e9}t\u{e9}\"",
            r#""a\nb""#,
            r#""bad \q escape""#,
            r#""a$b""#,
            r#""a%%{b""#,
            r#""a${b}""#,
            r#""${b}""#,
            r#""${b}c""#,
            "\"unterminated",
            "\"a\nb\"",
            "\"\u{e9}\u{301}\"",
            "\"a\\",
            "\"",
        ] {
            let (short, general) = both(src);
            assert_eq!(short, general, "{src:?}");
        }
    }
}
