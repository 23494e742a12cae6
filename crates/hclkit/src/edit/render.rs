//! Printing a body: unedited items as their bytes; edited items' lines as laid out by the
//! formatter's rules, with their `=` alignment group.

use super::body::{Body, Item, ItemKind};

/// Where a body prints to: a `String`, or a [`Check`] comparing with the source.
pub(crate) trait Out {
    fn push_str(&mut self, s: &str);
    fn push(&mut self, c: char) {
        self.push_str(c.encode_utf8(&mut [0; 4]));
    }
    fn len(&self) -> usize;
}

impl Out for String {
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }
    fn len(&self) -> usize {
        String::len(self)
    }
}

/// Compares what is printed with a text, without building a copy of it.
pub(crate) struct Check<'a> {
    pub(crate) src: &'a str,
    pub(crate) pos: usize,
    pub(crate) same: bool,
}

impl Out for Check<'_> {
    fn push_str(&mut self, s: &str) {
        if self.same && self.src.as_bytes().get(self.pos..self.pos + s.len()) == Some(s.as_bytes()) {
            self.pos += s.len();
        } else {
            self.same = false;
        }
    }
    fn len(&self) -> usize {
        self.pos
    }
}

/// Whether `b` prints as `src`, byte for byte.
pub(crate) fn prints_as(b: &Body, src: &str) -> bool {
    let mut c = Check { src, pos: 0, same: true };
    body(b, &mut c, &mut Vec::new(), false);
    c.same && c.pos == src.len()
}

pub(crate) fn body<O: Out>(b: &Body, out: &mut O, dirty: &mut Vec<(usize, usize)>, force: bool) {
    for it in &b.items {
        item(it, out, dirty, force);
    }
}

pub(crate) fn item<O: Out>(it: &Item, out: &mut O, dirty: &mut Vec<(usize, usize)>, force: bool) {
    let start = out.len();
    let force = force || it.dirty;
    out.push_str(&it.lead);
    match &it.kind {
        ItemKind::Attribute(a) => {
            out.push_str(&a.indent);
            out.push_str(&a.name);
            out.push_str(&a.between);
            out.push_str(a.expr.as_str());
            out.push_str(&a.trail);
        }
        ItemKind::Block(b) => {
            let hs = out.len();
            out.push_str(&b.indent);
            match &b.header {
                Some(h) => out.push_str(h),
                None => {
                    out.push_str(&b.ty);
                    for l in &b.labels {
                        out.push(' ');
                        out.push_str(l);
                    }
                    out.push_str(" {");
                    dirty.push((hs, out.len()));
                }
            }
            match &b.inline {
                Some(inner) => out.push_str(inner),
                None => {
                    out.push_str(&b.open_trail);
                    body(&b.body, out, dirty, force);
                    out.push_str(&b.close_indent);
                }
            }
            out.push('}');
            out.push_str(&b.trail);
        }
        ItemKind::Comment(s) | ItemKind::Blank(s) | ItemKind::Opaque(s) => out.push_str(s),
    }
    if force {
        dirty.push((start, out.len()));
    }
}

/// How a file is written where the formatter's rules leave it a choice: its newline and its
/// indentation step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style<'a> {
    /// The newline is `\r\n`.
    pub(crate) crlf: bool,
    /// One level of indentation, when it is not the formatter's two spaces (a tab, four
    /// spaces).
    pub(crate) indent: Option<&'a str>,
}

impl Style<'_> {
    /// The style of `src`: CRLF if its body's newline is; the indentation of the first line
    /// (not blank) inside the first top-level block (a line ending in `{` that starts at the
    /// margin) that has one.
    pub(crate) fn of(src: &str, crlf: bool) -> Style<'_> {
        let mut after_open = false;
        let mut indent = None;
        for line in src.lines() {
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if after_open && t != "}" {
                let ws = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
                if !ws.is_empty() && ws != "  " {
                    indent = Some(ws);
                }
                break;
            }
            after_open = t.ends_with('{') && !line.starts_with([' ', '\t']);
        }
        Style { crlf, indent }
    }

    /// A line of the formatter's output written in this style: its indentation in the file's
    /// step (`heredoc`: a line of a heredoc's text, whose white space is its own) and its
    /// newline the file's.
    fn push_line(&self, out: &mut String, line: &str, heredoc: bool) {
        let mut rest = line;
        if let (Some(unit), false) = (self.indent, heredoc) {
            let n = line.len() - line.trim_start_matches(' ').len();
            for _ in 0..n / 2 {
                out.push_str(unit);
            }
            if n % 2 == 1 {
                out.push(' ');
            }
            rest = &line[n..];
        }
        match rest.strip_suffix('\n') {
            Some(l) if self.crlf && !l.ends_with('\r') => {
                out.push_str(l);
                out.push_str("\r\n");
            }
            _ => out.push_str(rest),
        }
    }
}

/// `text` with the lines that `dirty` touches, and the `=` groups around them, as the
/// formatter lays them out, in the file's `style` (its newline and indentation step: an
/// edit's text is written with `\n` and the formatter indents by two spaces); every other
/// line as it is.
pub(crate) fn layout(text: String, dirty: &[(usize, usize)], style: Style<'_>) -> String {
    if dirty.is_empty() {
        return text;
    }
    let formatted = crate::format::format_str(&text);
    let orig: Vec<&str> = text.split_inclusive('\n').collect();
    let fmt: Vec<&str> = formatted.split_inclusive('\n').collect();
    let mut out = String::with_capacity(text.len());
    if orig.len() != fmt.len() {
        let fmt_starts: Vec<usize> = fmt.iter().scan(0, |o, l| Some(std::mem::replace(o, *o + l.len()))).collect();
        let heredoc = heredoc_lines(&formatted, &fmt_starts);
        for (i, l) in fmt.iter().enumerate() {
            style.push_line(&mut out, l, heredoc[i]);
        }
        return out;
    }
    let mut take = vec![false; orig.len()];
    let mut starts = Vec::with_capacity(orig.len());
    let mut o = 0;
    for l in &orig {
        starts.push(o);
        o += l.len();
    }
    for &(s, e) in dirty {
        if e <= s {
            continue;
        }
        let first = starts.partition_point(|&x| x <= s).saturating_sub(1);
        let last = starts.partition_point(|&x| x < e).saturating_sub(1);
        for t in &mut take[first..=last.max(first)] {
            *t = true;
        }
    }
    // The alignment groups around taken lines.
    let grouped = |s: &str| {
        let t = s.trim();
        !t.is_empty() && !t.starts_with('#') && !t.starts_with("//") && t.contains('=') && !t.ends_with('{')
    };
    // A heredoc is one line to the formatter: its body does not end an alignment group.
    let heredoc = heredoc_lines(&text, &starts);
    for i in 0..orig.len() {
        if !take[i] || !grouped(fmt[i]) {
            continue;
        }
        let mut j = i;
        while j > 0 {
            let k = j - 1;
            if heredoc[k] || take[k] {
                j = k;
                if take[k] && !heredoc[k] && !grouped(fmt[k]) {
                    break;
                }
                continue;
            }
            if grouped(fmt[k]) && fmt[k] != orig[k] {
                take[k] = true;
                j = k;
            } else {
                break;
            }
        }
        let mut j = i + 1;
        while j < orig.len() {
            if heredoc[j] || take[j] {
                if take[j] && !heredoc[j] && !grouped(fmt[j]) {
                    break;
                }
                j += 1;
                continue;
            }
            if grouped(fmt[j]) && fmt[j] != orig[j] {
                take[j] = true;
                j += 1;
            } else {
                break;
            }
        }
    }
    for i in 0..orig.len() {
        if take[i] {
            style.push_line(&mut out, fmt[i], heredoc[i]);
        } else {
            out.push_str(orig[i]);
        }
    }
    out
}

/// Which lines (by their start offsets) lie inside a heredoc: its body and its closing line.
fn heredoc_lines(text: &str, starts: &[usize]) -> Vec<bool> {
    use crate::syntax::native::token::TokenKind;
    use crate::syntax::native::ParseOptions;
    let mut inside = vec![false; starts.len()];
    if !text.contains("<<") {
        return inside;
    }
    let line_of = |off: usize| starts.partition_point(|&x| x <= off).saturating_sub(1);
    // The parser's own token stream of the printed text (no tokenizer of the editor's own).
    let parse = ParseOptions::new().keep_tokens(true).parse_config(text.as_bytes(), "edit");
    let Some(toks) = parse.tokens() else { return inside };
    let mut open: Vec<usize> = Vec::new();
    for t in toks {
        match t.kind {
            TokenKind::OHeredoc => open.push(t.span.end as usize),
            TokenKind::CHeredoc => {
                if let Some(body) = open.pop() {
                    for l in &mut inside[line_of(body)..=line_of(t.span.start as usize).max(line_of(body))] {
                        *l = true;
                    }
                }
            }
            _ => {}
        }
    }
    inside
}
