//! Traversals: attribute, index and splat steps after a term. Steps with constant keys
//! accumulate in `Parser::steps` and become one traversal node; other indexes and splats
//! become nodes of their own.

use super::Parser;
use crate::pos::Span;
use crate::syntax::native::ast::*;
use crate::syntax::native::diag::Problem;
use crate::syntax::native::token::TokenKind;

use TokenKind as T;

/// The expression being built by a chain of traversal steps.
#[derive(Clone, Copy)]
pub(super) enum Cur {
    Node(u32),
    /// A traversal whose steps are still in `Parser::steps[base..]`.
    Trav {
        scope: bool,
        head: u32,
        start: u32,
        end: u32,
        base: usize,
        n: u32,
    },
}

impl<'s, const KEEP: bool> Parser<'s, KEEP> {
    fn cur_span(&self, c: Cur) -> Span {
        match c {
            Cur::Node(id) => self.span_of(id),
            Cur::Trav { start, end, .. } => Span::new(start, end),
        }
    }

    /// Turns a pending traversal into a node.
    pub(super) fn finish_cur(&mut self, c: Cur) -> u32 {
        match c {
            Cur::Node(id) => id,
            Cur::Trav { scope, head, start, end, base, n } => {
                let extra = &mut self.store.extra;
                let encoded = &self.steps[base..];
                let (kind, at) = if scope {
                    (Kind::ScopeTraversal, Steps::write_encoded(extra, n, encoded))
                } else {
                    (Kind::RelativeTraversal, RelTraversalRec { source: head }.write_with_steps(extra, n, encoded))
                };
                self.steps.truncate(base);
                self.node(kind, Span::new(start, end), at)
            }
        }
    }

    /// Appends a traversal step ending at `end` to `c` (the reference's
    /// `makeRelativeTraversal`).
    fn add_step(&mut self, c: Cur, step: Step, end: u32) -> Cur {
        match c {
            Cur::Trav { scope, head, start, base, n, .. } => {
                step.write(&mut self.steps);
                Cur::Trav { scope, head, start, end, base, n: n + 1 }
            }
            Cur::Node(id) => {
                let base = self.steps.len();
                step.write(&mut self.steps);
                Cur::Trav { scope: false, head: id, start: self.span_of(id).start, end, base, n: 1 }
            }
        }
    }

    pub(super) fn parse_traversals(&mut self, from: Cur) -> Cur {
        let from_span = self.cur_span(from);
        let mut ret = from;
        loop {
            let next = self.peek();
            match next.kind {
                T::Dot => {
                    let dot = self.read();
                    let attr = self.peek();
                    match attr.kind {
                        T::Ident => {
                            let a = self.read();
                            let step = Step::Attr { dot: dot.span.start, name: a.span.start };
                            ret = self.add_step(ret, step, a.span.end);
                        }
                        T::NumberLit => {
                            let num = self.read();
                            let text = self.text(num.span);
                            if let Some(i) = memchr::memchr(b'.', text) {
                                self.err(
                                    Problem::LegacyIndexChain { num: num.span, dot: i as u32, splat: false },
                                    num.span,
                                    None,
                                );
                                let step = Step::BadLegacyIndex { dot: dot.span.start, number: num.span.start };
                                ret = self.add_step(ret, step, num.span.end);
                            } else {
                                self.check_number(num.span);
                                let step = Step::LegacyIndex { dot: dot.span.start, number: num.span.start };
                                ret = self.add_step(ret, step, num.span.end);
                            }
                        }
                        T::Star => {
                            let marker = self.read();
                            let first = self.peek().span;
                            let mut last = marker.span;
                            let base = self.steps.len();
                            let mut nsteps = 0u32;
                            let mut broken = false;
                            while self.peek().kind == T::Dot {
                                let d = self.read();
                                let nt = self.peek();
                                if nt.kind == T::NumberLit {
                                    let num = self.read();
                                    let text = self.text(num.span);
                                    if let Some(i) = memchr::memchr(b'.', text) {
                                        // The reference points this one at the token after `*`.
                                        self.err(
                                            Problem::LegacyIndexChain { num: num.span, dot: i as u32, splat: true },
                                            attr.span,
                                            None,
                                        );
                                        Step::BadLegacyIndex { dot: d.span.start, number: num.span.start }
                                            .write(&mut self.steps);
                                    } else {
                                        self.check_number(num.span);
                                        Step::LegacyIndex { dot: d.span.start, number: num.span.start }
                                            .write(&mut self.steps);
                                    }
                                    last = num.span;
                                    nsteps += 1;
                                    continue;
                                }
                                if nt.kind != T::Ident {
                                    if !self.recovery {
                                        if nt.kind == T::Star {
                                            self.err(Problem::NestedSplat, nt.span, None);
                                        } else {
                                            self.err(Problem::InvalidAttrName, attr.span, None);
                                        }
                                    }
                                    self.recovery = true;
                                    broken = true;
                                    break;
                                }
                                let a = self.read();
                                Step::Attr { dot: d.span.start, name: a.span.start }.write(&mut self.steps);
                                nsteps += 1;
                                last = a.span;
                            }
                            if broken {
                                self.steps.truncate(base);
                                continue;
                            }
                            let marker_span = dot.span.to(marker.span);
                            let item = self.node(Kind::AnonSymbol, marker_span, 0);
                            let each = if self.steps.len() == base {
                                item
                            } else {
                                let trav = Cur::Trav {
                                    scope: false,
                                    head: item,
                                    start: first.start,
                                    end: last.end,
                                    base,
                                    n: nsteps,
                                };
                                self.finish_cur(trav)
                            };
                            let source = self.finish_cur(ret);
                            let data = self.record(SplatRec { source, each, item, marker: marker_span });
                            let id = self.node(Kind::Splat, from_span.to(last), data);
                            ret = Cur::Node(id);
                        }
                        _ => {
                            self.err(Problem::InvalidAttrName, attr.span, None);
                            self.recovery = true;
                        }
                    }
                }
                T::OBrack => {
                    let open = self.read();
                    if self.peek().kind == T::Star {
                        self.read();
                        let mut close = self.read();
                        if close.kind != T::CBrack && !self.recovery {
                            // The reference's diagnostic keeps a pointer to `close`, which then
                            // holds the token recovery stopped at: report that one.
                            close = self.recover(T::CBrack);
                            self.err(Problem::SplatMissingBracket, close.span, None);
                        }
                        let marker_span = open.span.to(close.span);
                        let item = self.node(Kind::AnonSymbol, marker_span, 0);
                        let source = self.finish_cur(ret);
                        // The traversals after `[*]` are parsed by a nested call: a chain of
                        // splats nests, and counts against the nesting limit.
                        let each_cur = if self.enter() {
                            let c = self.parse_traversals(Cur::Node(item));
                            self.leave();
                            c
                        } else {
                            Cur::Node(item)
                        };
                        let each = self.finish_cur(each_cur);
                        let data = self.record(SplatRec { source, each, item, marker: marker_span });
                        let span = from_span.to(self.span_of(each));
                        ret = Cur::Node(self.node(Kind::Splat, span, data));
                    } else {
                        self.push_newlines(false);
                        let before = self.errs();
                        let key = self.parse_expression();
                        let close = if self.recovery && self.errs() > before {
                            self.recover(T::CBrack)
                        } else {
                            let c = self.read();
                            if c.kind != T::CBrack && !self.recovery {
                                // As above: the reference reports the token recovery stops at.
                                let r = self.recover(T::CBrack);
                                self.err(Problem::IndexMissingBracket, r.span, None);
                                r
                            } else {
                                c
                            }
                        };
                        self.pop_newlines();
                        let is_const = match self.store.nodes[key as usize].kind {
                            Kind::Literal => true,
                            Kind::Template => self.store.is_string_literal(key),
                            _ => false,
                        };
                        if is_const {
                            let step = Step::Index { open: open.span.start, end: close.span.end, key };
                            ret = self.add_step(ret, step, close.span.end);
                        } else {
                            let coll = self.finish_cur(ret);
                            let data = self.record(IndexRec { collection: coll, key, open: open.span.start });
                            let span = from_span.to(close.span);
                            ret = Cur::Node(self.node(Kind::Index, span, data));
                        }
                    }
                }
                _ => return ret,
            }
        }
    }
}
