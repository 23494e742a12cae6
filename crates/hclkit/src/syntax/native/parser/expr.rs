//! Expressions: conditionals, binary operators by precedence climbing, terms (literals,
//! variables, calls, parentheses, unary operators), tuple and object constructors, and `for`
//! expressions.

use super::traversal::Cur;
use super::Parser;
use crate::pos::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::diag::Problem;
use crate::syntax::native::token::{Token, TokenKind};

use TokenKind as T;

impl<'s, const KEEP: bool> Parser<'s, KEEP> {
    pub(crate) fn parse_expression(&mut self) -> u32 {
        if !self.enter() {
            let t = self.peek();
            return self.placeholder(t.span);
        }
        let r = self.parse_ternary();
        self.leave();
        r
    }

    fn parse_ternary(&mut self) -> u32 {
        let start = self.peek().span;
        let before = self.errs();
        let cond = self.parse_binary(0);
        if self.recovery && self.errs() > before {
            return cond;
        }
        if self.peek().kind != T::Question {
            return cond;
        }
        self.read();
        let before = self.errs();
        let t = self.parse_expression();
        if self.recovery && self.errs() > before {
            return cond;
        }
        let colon = self.peek();
        if colon.kind != T::Colon {
            self.err(Problem::MissingFalseExpr, colon.span, Some(start.to(colon.span)));
            return cond;
        }
        self.read();
        let before = self.errs();
        let f = self.parse_expression();
        if self.recovery && self.errs() > before {
            return cond;
        }
        let data = self.record(ConditionalRec { condition: cond, true_result: t, false_result: f });
        let span = start.to(self.span_of(f));
        self.node(Kind::Conditional, span, data)
    }

    /// The operator of token kind `k` and its precedence level (0 binds loosest).
    #[inline]
    fn binary_op(k: TokenKind) -> Option<(BinaryOp, usize)> {
        use BinaryOp::*;
        Some(match k {
            T::Or => (LogicalOr, 0),
            T::And => (LogicalAnd, 1),
            T::EqualOp => (Equal, 2),
            T::NotEqual => (NotEqual, 2),
            T::GreaterThan => (GreaterThan, 3),
            T::GreaterThanEq => (GreaterThanOrEqual, 3),
            T::LessThan => (LessThan, 3),
            T::LessThanEq => (LessThanOrEqual, 3),
            T::Plus => (Add, 4),
            T::Minus => (Subtract, 4),
            T::Star => (Multiply, 5),
            T::Slash => (Divide, 5),
            T::Percent => (Modulo, 5),
            _ => return None,
        })
    }

    /// Binary operations binding at least as tight as `min_level`, left-associative
    /// (precedence climbing; the same trees as the reference's one function per level, and the
    /// same early return when an operand fails in recovery mode).
    fn parse_binary(&mut self, min_level: usize) -> u32 {
        let before = self.errs();
        let mut lhs = self.parse_expression_with_traversals();
        if self.recovery && self.errs() > before {
            return lhs;
        }
        loop {
            let next = self.peek();
            let Some((op, level)) = Self::binary_op(next.kind) else { break };
            if level < min_level {
                break;
            }
            self.read();
            let before = self.errs();
            let rhs = self.parse_binary(level + 1);
            if self.recovery && self.errs() > before {
                return lhs;
            }
            lhs = self.binary_node(lhs, op, rhs);
        }
        lhs
    }

    fn binary_node(&mut self, lhs: u32, op: BinaryOp, rhs: u32) -> u32 {
        let span = self.span_of(lhs).to(self.span_of(rhs));
        let data = self.record(BinaryRec { lhs, rhs });
        self.push(Node::binary(span, op, data))
    }

    fn parse_expression_with_traversals(&mut self) -> u32 {
        let term = self.parse_expression_term();
        let out = self.parse_traversals(term);
        self.finish_cur(out)
    }

    pub(super) fn check_number(&mut self, span: Span) -> bool {
        if hclkit_value::go::float_literal_in_range(self.text(span)) {
            true
        } else {
            self.err(Problem::InvalidNumber, span, None);
            false
        }
    }

    fn parse_expression_term(&mut self) -> Cur {
        let start = self.peek();
        match start.kind {
            T::OParen => {
                let open = self.read();
                self.push_newlines(false);
                let before = self.errs();
                let inner = self.parse_expression();
                if self.errs() > before {
                    self.recover(T::CParen);
                    self.pop_newlines();
                    return Cur::Node(inner);
                }
                let close = self.peek();
                if close.kind != T::CParen {
                    self.err(Problem::UnbalancedParens, close.span, Some(start.span.to(close.span)));
                    self.recovery = true;
                }
                let close = self.read();
                self.pop_newlines();
                Cur::Node(self.node(Kind::Parens, open.span.to(close.span), inner))
            }
            T::NumberLit => {
                let t = self.read();
                let lit = if self.check_number(t.span) { LitKind::Number } else { LitKind::BadNumber };
                Cur::Node(self.push(Node::literal(t.span, lit, StrFlags::default())))
            }
            T::Ident => {
                let t = self.read();
                if matches!(self.peek().kind, T::OParen | T::DoubleColon) {
                    return Cur::Node(self.finish_call(t));
                }
                let lit = match self.text(t.span) {
                    b"true" => LitKind::True,
                    b"false" => LitKind::False,
                    b"null" => LitKind::Null,
                    _ => {
                        return Cur::Trav {
                            scope: true,
                            head: t.span.end,
                            start: t.span.start,
                            end: t.span.end,
                            base: self.steps.len(),
                            n: 0,
                        }
                    }
                };
                Cur::Node(self.push(Node::literal(t.span, lit, StrFlags::default())))
            }
            T::OQuote | T::OHeredoc => {
                let open = self.read();
                let mut first = None;
                if open.kind == T::OQuote {
                    match self.quoted_simple(open) {
                        Ok(id) => return Cur::Node(id),
                        Err(t) => first = t,
                    }
                }
                let closer = if open.kind == T::OQuote { T::CQuote } else { T::CHeredoc };
                let flush = open.kind == T::OHeredoc && self.text(open.span).starts_with(b"<<-");
                let (parts, passthru, _) = self.parse_template_inner(closer, flush, first);
                let span = open.span.to(self.prev_span());
                if open.kind == T::OQuote {
                    if let Some(id) = self.simple_template(parts, span) {
                        return Cur::Node(id);
                    }
                }
                Cur::Node(self.template_node(parts, passthru, span))
            }
            T::Minus | T::Bang => {
                let t = self.read();
                if !self.enter() {
                    return Cur::Node(self.placeholder(t.span));
                }
                let operand = self.parse_expression_with_traversals();
                self.leave();
                let span = t.span.to(self.span_of(operand));
                let op = if t.kind == T::Minus { UnaryOp::Negate } else { UnaryOp::LogicalNot };
                Cur::Node(self.push(Node::unary(span, op, operand)))
            }
            T::OBrack => Cur::Node(self.parse_tuple()),
            T::OBrace => Cur::Node(self.parse_object()),
            _ => {
                if !self.recovery {
                    let p = if start.kind == T::Eof { Problem::MissingExpression } else { Problem::InvalidExpression };
                    self.err(p, start.span, None);
                }
                self.recovery = true;
                Cur::Node(self.placeholder(start.span))
            }
        }
    }

    /// A call, after its name's first identifier: the rest of a `::`-separated name (HCL
    /// v2.20's namespaced functions), then the arguments.
    fn finish_call(&mut self, name: Token) -> u32 {
        let mut open = self.read();
        let mut name_end = name.span.end;
        let mut flags = CallFlags::default();
        while open.kind == T::DoubleColon {
            let part = self.read();
            if part.kind != T::Ident {
                self.err(Problem::MissingFunctionName, part.span, Some(name.span.to(part.span)));
                self.recover_over(T::OParen);
                return self.placeholder(name.span.to(part.span));
            }
            let spaced = open.span.start != name_end || part.span.start != open.span.end;
            flags = flags.with_if(CallFlags::NAMESPACED, true).with_if(CallFlags::SPACED, spaced);
            name_end = part.span.end;
            open = self.read();
        }
        if open.kind != T::OParen {
            self.err(Problem::MissingOpenParen, open.span, Some(name.span.to(open.span)));
            self.recover_over(T::OParen);
            return self.placeholder(name.span.to(open.span));
        }
        let base = self.scratch.len();
        let mut expand = false;
        let close;
        self.push_newlines(false);
        loop {
            let t = self.peek();
            if t.kind == T::CParen {
                close = self.read();
                break;
            }
            let before = self.errs();
            let arg = self.parse_expression();
            self.scratch.push(arg);
            if self.recovery && self.errs() > before {
                close = self.recover(T::CParen);
                break;
            }
            let sep = self.read();
            if sep.kind == T::CParen {
                close = sep;
                break;
            }
            if sep.kind == T::Ellipsis {
                expand = true;
                if self.peek().kind != T::CParen {
                    if !self.recovery {
                        self.err(Problem::ExpandNotLast, sep.span, Some(name.span.to(sep.span)));
                    }
                    close = self.recover(T::CParen);
                } else {
                    close = self.read();
                }
                break;
            }
            if sep.kind != T::Comma {
                if sep.kind == T::Eof {
                    self.err(Problem::UnterminatedCall, name.span.to(open.span), None);
                } else {
                    self.err(Problem::MissingArgSeparator, sep.span, Some(name.span.to(sep.span)));
                }
                close = self.recover(T::CParen);
                break;
            }
            if self.peek().kind == T::CParen {
                close = self.read();
                break;
            }
        }
        self.pop_newlines();
        let rec = CallRec { name_end, open: open.span.start, close: close.span.start };
        let data = self.headed_from_scratch::<CallRec, u32>(rec, base);
        let flags = flags.with_if(CallFlags::EXPAND, expand);
        self.push(Node::call(name.span.to(close.span), flags, data))
    }

    fn parse_tuple(&mut self) -> u32 {
        let open = self.read();
        self.push_newlines(false);
        let r = if self.is_keyword_next(b"for") { self.finish_for(open) } else { self.parse_tuple_items(open) };
        self.pop_newlines();
        r
    }

    fn parse_tuple_items(&mut self, open: Token) -> u32 {
        let base = self.scratch.len();
        let close;
        loop {
            let next = self.peek();
            if next.kind == T::CBrack {
                close = self.read();
                break;
            }
            let before = self.errs();
            let e = self.parse_expression();
            self.scratch.push(e);
            if self.recovery && self.errs() > before {
                close = self.recover(T::CBrack);
                break;
            }
            let next = self.peek();
            if next.kind == T::CBrack {
                close = self.read();
                break;
            }
            if next.kind != T::Comma {
                if !self.recovery {
                    if next.kind == T::Eof {
                        self.err(Problem::UnterminatedTuple, open.span, None);
                    } else {
                        self.err(Problem::MissingItemSeparator, next.span, Some(open.span.to(next.span)));
                    }
                }
                close = self.recover(T::CBrack);
                break;
            }
            self.read();
        }
        let l = self.list_from_scratch::<u32>(base);
        self.node(Kind::Tuple, open.span.to(close.span), l)
    }

    fn parse_object(&mut self) -> u32 {
        let open = self.read();
        self.push_newlines(false);
        let is_for = self.is_keyword_next(b"for");
        self.pop_newlines();
        if is_for {
            self.push_newlines(false);
            let r = self.finish_for(open);
            self.pop_newlines();
            return r;
        }
        self.push_newlines(true);
        let base = self.scratch.len();
        let close;
        loop {
            let next = self.peek();
            if next.kind == T::Newline {
                self.read();
                continue;
            }
            if next.kind == T::CBrace {
                close = self.read();
                break;
            }
            let force = next.kind == T::OParen;
            let before = self.errs();
            let key = self.parse_expression();
            if self.recovery && self.errs() > before {
                close = self.recover(T::CBrace);
                break;
            }
            let next = self.peek();
            if next.kind != T::Equal && next.kind != T::Colon {
                if !self.recovery {
                    let ctx = Some(open.span.to(next.span));
                    match next.kind {
                        T::Newline | T::Comma => self.err(Problem::MissingAttrValue, next.span, ctx),
                        T::Ident => self.err(Problem::MissingKeyValueSeparatorIdent, next.span, ctx),
                        T::Eof => self.err(Problem::UnterminatedObject, open.span, None),
                        _ => self.err(Problem::MissingKeyValueSeparator, next.span, ctx),
                    }
                }
                close = self.recover(T::CBrace);
                break;
            }
            self.read();
            let before = self.errs();
            let value = self.parse_expression();
            if self.recovery && self.errs() > before {
                close = self.recover(T::CBrace);
                break;
            }
            ObjectItemRec { key, force_non_literal: force, value }.write(&mut self.scratch);
            let next = self.peek();
            if next.kind == T::CBrace {
                close = self.read();
                break;
            }
            if next.kind != T::Comma && next.kind != T::Newline {
                if !self.recovery {
                    if next.kind == T::Eof {
                        self.err(Problem::UnterminatedObject, open.span, None);
                    } else {
                        self.err(Problem::MissingAttrSeparator, next.span, Some(open.span.to(next.span)));
                    }
                }
                close = self.recover(T::CBrace);
                break;
            }
            self.read();
        }
        self.pop_newlines();
        let l = self.list_from_scratch::<ObjectItemRec>(base);
        self.node(Kind::Object, open.span.to(close.span), l)
    }

    fn for_fail(&mut self, open: Token, close_kind: TokenKind, p: Problem) -> u32 {
        if !self.recovery {
            let t = self.peek();
            self.err(p, t.span, Some(open.span.to(t.span)));
        }
        let close = self.recover(close_kind);
        self.placeholder(open.span.to(close.span))
    }

    fn finish_for(&mut self, open: Token) -> u32 {
        self.push_newlines(false);
        let r = self.finish_for_inner(open);
        self.pop_newlines();
        r
    }

    fn finish_for_inner(&mut self, open: Token) -> u32 {
        self.read(); // "for"
        let object = open.kind == T::OBrace;
        let close_kind = if object { T::CBrace } else { T::CBrack };
        if self.peek().kind != T::Ident {
            return self.for_fail(open, close_kind, Problem::ForVarName);
        }
        let mut val = self.read().span;
        let mut key = None;
        if self.peek().kind == T::Comma {
            key = Some(val);
            self.read();
            if self.peek().kind != T::Ident {
                return self.for_fail(open, close_kind, Problem::ForValueVarName);
            }
            val = self.read().span;
        }
        if !self.is_keyword_next(b"in") {
            return self.for_fail(open, close_kind, Problem::ForIn);
        }
        self.read();
        let before = self.errs();
        let coll = self.parse_expression();
        if self.recovery && self.errs() > before {
            let close = self.recover(close_kind);
            return self.placeholder(open.span.to(close.span));
        }
        if self.peek().kind != T::Colon {
            return self.for_fail(open, close_kind, Problem::ForColon);
        }
        self.read();
        let before = self.errs();
        let mut value = self.parse_expression();
        let mut key_expr = None;
        if self.peek().kind == T::FatArrow {
            self.read();
            key_expr = Some(value);
            value = self.parse_expression();
        }
        if self.recovery && self.errs() > before {
            let close = self.recover(close_kind);
            return self.placeholder(open.span.to(close.span));
        }
        let mut group = None;
        if self.peek().kind == T::Ellipsis {
            group = Some(self.read().span);
        }
        let mut cond = None;
        if self.is_keyword_next(b"if") {
            self.read();
            let before = self.errs();
            cond = Some(self.parse_expression());
            if self.recovery && self.errs() > before {
                let close = self.recover(close_kind);
                return self.placeholder(open.span.to(close.span));
            }
        }
        let close = if self.peek().kind == close_kind {
            self.read()
        } else {
            if !self.recovery {
                let t = self.peek();
                self.err(Problem::ForExtra, t.span, Some(open.span.to(t.span)));
            }
            self.recover(close_kind)
        };
        let whole = open.span.to(close.span);
        if !object {
            if let Some(k) = key_expr {
                let s = self.span_of(k);
                self.err(Problem::ForTupleKey, s, Some(whole));
            }
            if let Some(g) = group {
                self.err(Problem::ForTupleGroup, g, Some(whole));
            }
        } else if key_expr.is_none() {
            let s = self.span_of(value);
            self.err(Problem::ForObjectNoKey, s, Some(whole));
        }
        let data = self.record(ForRec {
            key_var: key,
            value_var: val,
            collection: coll,
            key_expr,
            value_expr: value,
            condition: cond,
            open: open.span,
            close: close.span,
        });
        let flags = ForFlags::default().with_if(ForFlags::OBJECT, object).with_if(ForFlags::GROUP, group.is_some());
        self.push(Node::for_expr(whole, flags, data))
    }

    /// After a standalone expression: the reference's "Extra characters" check.
    pub(crate) fn check_expression_end(&mut self) {
        let next = self.peek();
        if next.kind != T::Eof && !self.recovery {
            self.err(Problem::ExtraAfterExpression, next.span, None);
        }
    }
}
