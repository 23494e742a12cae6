//! Formatting a source text in one pass over its tokens.
//!
//! The lexer's tokens are taken a line at a time, laid out and written straight to the output.
//! Where an `=` or a comment waits for its alignment run to end, nothing is written yet and
//! the place is remembered; when the runs end, the pending stretch at the end of the output is
//! widened in place. Memory beyond the input and the output is one line of tokens and the
//! lines waiting for their runs.

use super::align::{Aligner, Pending};
use super::line::{ends_line, layout_line, Indent, LineView};
use super::Formatter;
use crate::syntax::native::lexer::{LexMode, Lexer};
use crate::syntax::native::token::{Token, TokenKind};

struct SrcLine<'a> {
    src: &'a [u8],
    toks: &'a [Token],
}

impl LineView for SrcLine<'_> {
    fn len(&self) -> usize {
        self.toks.len()
    }
    fn kind(&self, i: usize) -> TokenKind {
        self.toks[i].kind
    }
    fn text(&self, i: usize) -> &[u8] {
        self.toks[i].span.slice(self.src)
    }
    fn spaced(&self, i: usize) -> bool {
        i > 0 && self.toks[i].span.start > self.toks[i - 1].span.end
    }
}

/// Appends `n` spaces.
fn spaces(out: &mut Vec<u8>, n: usize) {
    out.resize(out.len() + n, b' ');
}

/// Makes room for `n` more bytes, growing by an eighth rather than doubling, so a large
/// output does not cost twice its size.
fn room(out: &mut Vec<u8>, n: usize) {
    if out.capacity() - out.len() < n {
        out.reserve_exact(n.max(out.len() / 8));
    }
}

/// Inserts `n` spaces at each offset `at` of `inserts` (ascending, all within `out`).
fn widen(out: &mut Vec<u8>, inserts: &[(usize, usize)]) {
    let extra: usize = inserts.iter().map(|i| i.1).sum();
    if extra == 0 {
        return;
    }
    let old = out.len();
    room(out, extra);
    out.resize(old + extra, b' ');
    let (mut end, mut shift) = (old, extra);
    for &(at, n) in inserts.iter().rev() {
        out.copy_within(at..end, at + shift);
        shift -= n;
        out[at + shift..at + shift + n].fill(b' ');
        end = at;
    }
}

/// Formats `src` onto the end of `out`.
pub(crate) fn format_into(fmt: &Formatter, src: &[u8], out: &mut Vec<u8>) {
    if src.len() > super::MAX_SOURCE_LEN {
        out.extend_from_slice(src);
        return;
    }
    room(out, src.len() + src.len() / 16 + 16);
    let mut lexer = Lexer::new(src, LexMode::Normal).reference_identifiers();
    let mut line: Vec<Token> = Vec::with_capacity(64);
    let mut sp: Vec<u32> = Vec::with_capacity(64);
    let mut indent = Indent::new(fmt.depth);
    let mut aligner: Aligner<usize> = Aligner::new();
    let mut inserts: Vec<(usize, usize)> = Vec::new();
    let mut prev_end = 0usize;

    let mut flush = |aligner: &mut Aligner<usize>, out: &mut Vec<u8>| {
        if aligner.is_empty() {
            return;
        }
        inserts.clear();
        aligner.flush(|at, n| inserts.push((at, n)));
        widen(out, &inserts);
    };

    loop {
        let tok = lexer.next_token();
        let at_eof = tok.kind == TokenKind::Eof;
        if !at_eof {
            prev_end = tok.span.end as usize;
            line.push(tok);
        }
        let line_done = at_eof || ends_line(tok.kind, tok.span.slice(src));
        if line_done && !line.is_empty() {
            let view = SrcLine { src, toks: &line };
            let lay = layout_line(&view, &mut indent, super::MAX_INDENT_LEVELS, fmt.join_tokens, &mut sp);
            let bytes: usize = line.iter().map(|t| (t.span.end - t.span.start) as usize).sum::<usize>()
                + sp.iter().map(|&s| s as usize).sum::<usize>();
            room(out, bytes);
            let aligned = fmt.align && (lay.assign.is_some() || lay.comment.is_some());
            if !aligned {
                flush(&mut aligner, out);
            }
            let mut pending = Pending { assign: None, comment: None };
            for (i, t) in line.iter().enumerate() {
                if aligned && Some(i) == lay.assign {
                    pending.assign = Some((out.len(), lay.lead_cols));
                } else if aligned && Some(i) == lay.comment {
                    pending.comment = Some((out.len(), lay.lead_cols + lay.assign_cols));
                } else {
                    spaces(out, sp[i] as usize);
                }
                out.extend_from_slice(t.span.slice(src));
            }
            if aligned {
                aligner.push(pending);
            }
            line.clear();
        }
        if at_eof {
            flush(&mut aligner, out);
            // What follows the last token stays, as spaces (tabs and a lone byte order mark
            // become spaces, as in the reference).
            spaces(out, (tok.span.start as usize).saturating_sub(prev_end));
            break;
        }
    }
}
