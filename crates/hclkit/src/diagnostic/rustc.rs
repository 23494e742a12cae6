//! Diagnostics drawn the way rustc and cargo draw theirs, with [`annotate-snippets`]
//! (the crate rustc itself uses).
//!
//! ```text
//! error: Unsupported argument
//!  --> main.hcl:2:3
//!   |
//! 2 |   prot = 80
//!   |   ^^^^
//!   |
//!   = note: An argument named "prot" is not expected here. Did you mean "port"?
//! ```
//!
//! The subject range is underlined with `^`, the context range (where there is one) with
//! `-`, and the detail is a note. [`Renderer::styled`] adds the ANSI colours of rustc.
//!
//! Lines and columns: the `-->` line is computed by the renderer from byte offsets, lines
//! counted by `\n` and columns in characters from 1. [`Range`](crate::Range) counts columns
//! in grapheme clusters, so the two differ on a line with combining characters before the
//! subject (and the line numbers differ after a lone `\r`, which the reference counts as a
//! line break).
//!
//! [`annotate-snippets`]: https://docs.rs/annotate-snippets

use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::Range as ByteRange;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer as Inner, Snippet};

use super::{Diagnostic, Severity, SourceFiles};

/// The most source lines one snippet spans: a subject or context running over more lines (an
/// unterminated heredoc, a block of a thousand lines) is cut to its first line, with a note
/// saying where it ends.
pub const MAX_RENDERED_LINES: usize = 40;

/// The longest line (in bytes) a snippet shows whole: a longer line (minified JSON) is cut
/// to a window of about this size around the subject, so that many diagnostics on one long
/// line do not each copy and lay out the whole line.
pub const MAX_RENDERED_LINE: usize = 1024;

/// Draws diagnostics in the style of rustc.
///
/// ```
/// use hclkit::diagnostic::Renderer;
/// use hclkit::{Diagnostic, Pos, Range};
///
/// let src = "service \"web\" {\n  prot = 80\n}\n";
/// let subject = Range {
///     filename: "main.hcl".into(),
///     start: Pos { line: 2, column: 3, byte: 18 },
///     end: Pos { line: 2, column: 7, byte: 22 },
/// };
/// let d = Diagnostic::error("Unsupported argument", "An argument named \"prot\" is not expected here.")
///     .with_subject(subject);
/// let text = Renderer::plain().render(&d, &("main.hcl", src.as_bytes()));
/// assert_eq!(
///     text,
///     "error: Unsupported argument\n --> main.hcl:2:3\n  |\n2 |   prot = 80\n  |   ^^^^\n  |\n  \
///      = note: An argument named \"prot\" is not expected here.\n"
/// );
/// // On a terminal: rustc's colours.
/// assert!(Renderer::styled().render(&d, &("main.hcl", src.as_bytes())).contains("\x1b["));
/// ```
#[derive(Clone, Debug)]
pub struct Renderer {
    inner: Inner,
    color: bool,
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::plain()
    }
}

impl Renderer {
    /// A renderer without colours (for files, pipes, tests).
    pub fn plain() -> Renderer {
        Renderer { inner: Inner::plain(), color: false }
    }

    /// A renderer with rustc's ANSI colours (for terminals).
    pub fn styled() -> Renderer {
        Renderer { inner: Inner::styled(), color: true }
    }

    /// [`styled`](Renderer::styled) when `color`, else [`plain`](Renderer::plain).
    pub fn with_color(color: bool) -> Renderer {
        if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        }
    }

    /// Whether this renderer writes colours.
    pub fn is_styled(&self) -> bool {
        self.color
    }

    /// The terminal width long lines are fitted to (140 columns by default).
    pub fn term_width(mut self, width: usize) -> Renderer {
        self.inner = self.inner.term_width(width);
        self
    }

    /// Renders one diagnostic, ending with a newline.
    ///
    /// This indexes the lines of the diagnostic's file for this one call: to render many
    /// diagnostics use [`render_all`](Renderer::render_all), which indexes each file once.
    pub fn render(&self, diag: &Diagnostic, files: &dyn SourceFiles) -> String {
        let mut out = String::new();
        self.render_one(&mut out, diag, files, &mut LineStarts::default(), None);
        out
    }

    /// Renders every diagnostic, separated by blank lines (each file's lines are indexed once,
    /// so the time is linear in the number of diagnostics and the size of the files).
    ///
    /// ```
    /// use hclkit::diagnostic::Renderer;
    ///
    /// let (file, diags) = hclkit::parse_config(&b"a = 1\nb = \n"[..], "f.hcl").into_parts();
    /// let text = Renderer::plain().render_all(&diags, &file);
    /// assert!(text.starts_with("error: Invalid expression\n --> f.hcl:2:5\n"), "{text}");
    /// assert!(text.contains("2 | b = \n  |     ^\n"), "{text}");
    /// ```
    pub fn render_all<'a>(&self, diags: impl IntoIterator<Item = &'a Diagnostic>, files: &dyn SourceFiles) -> String {
        let mut out = String::new();
        let mut lines = LineStarts::default();
        for (i, d) in diags.into_iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            self.render_one(&mut out, d, files, &mut lines, None);
        }
        out
    }

    /// Renders every diagnostic as [`render_all`](Renderer::render_all) does, but each run
    /// of identical diagnostics (see [`cascades`](super::cascades)) as its first one with a
    /// note counting the rest: one fault that the parser reports many times is shown once.
    ///
    /// ```
    /// use hclkit::diagnostic::Renderer;
    ///
    /// let src = b"a = \"abc\nb = 1\nc = 2\n";
    /// let (file, diags) = hclkit::parse_config(&src[..], "f.hcl").into_parts();
    /// assert!(diags.iter().filter(|d| d.summary == "Invalid multi-line string").count() >= 3);
    /// let text = Renderer::plain().render_collapsed(&diags, &file);
    /// assert_eq!(text.matches("Invalid multi-line string").count(), 1);
    /// assert!(text.contains("= note: ... and 2 more like this (lines 2-3)"), "{text}");
    /// ```
    pub fn render_collapsed<'a>(
        &self,
        diags: impl IntoIterator<Item = &'a Diagnostic>,
        files: &dyn SourceFiles,
    ) -> String {
        let diags: Vec<&Diagnostic> = diags.into_iter().collect();
        let mut out = String::new();
        let mut lines = LineStarts::default();
        for (i, run) in super::cascades_of(&diags).into_iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            self.render_one(&mut out, run.first, files, &mut lines, Some(&run.rest));
        }
        out
    }

    fn render_one(
        &self,
        out: &mut String,
        diag: &Diagnostic,
        files: &dyn SourceFiles,
        lines: &mut LineStarts,
        rest: Option<&[&Diagnostic]>,
    ) {
        let level = match diag.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let mut group: Group<'_> = Group::with_title(level.primary_title(diag.summary.as_ref()));
        let mut notes: Vec<String> = Vec::new();
        if let Some(subject) = &diag.subject {
            match files.source(&subject.filename) {
                Some(src) => {
                    let (snippet, cut) = snippet(src, subject, diag.context.as_ref(), lines);
                    group = group.element(snippet.path(subject.filename.as_ref()));
                    if let Some(end) = cut {
                        notes.push(format!("the range ends at line {}, column {}", end.0, end.1));
                    }
                }
                None => {
                    group = group.element(
                        annotate_snippets::Origin::path(subject.filename.as_ref())
                            .line(subject.start.line as usize)
                            .char_column(subject.start.column as usize),
                    );
                }
            }
        }
        if !diag.detail.is_empty() {
            group = group.element(Level::NOTE.message(diag.detail.as_ref()));
        }
        for n in &notes {
            group = group.element(Level::NOTE.message(n.as_str()));
        }
        let more;
        if let Some(rest) = rest.filter(|r| !r.is_empty()) {
            let first_line = rest[0].subject.as_ref().map(|r| r.start.line);
            let last_line = rest[rest.len() - 1].subject.as_ref().map(|r| r.start.line);
            let lines = match (first_line, last_line) {
                (Some(a), Some(b)) if a == b => format!(" (line {a})"),
                (Some(a), Some(b)) => format!(" (lines {a}-{b})"),
                _ => String::new(),
            };
            more = format!("... and {} more like this{lines}", rest.len());
            group = group.element(Level::NOTE.message(more.as_str()));
        }
        let _ = writeln!(out, "{}", self.inner.render(&[group]));
    }
}

/// The offsets at which each line starts, per file, computed on first use.
#[derive(Default)]
struct LineStarts {
    files: HashMap<(usize, usize), Vec<usize>>,
}

impl LineStarts {
    fn get(&mut self, src: &[u8]) -> &[usize] {
        self.files.entry((src.as_ptr() as usize, src.len())).or_insert_with(|| {
            let mut v = vec![0];
            v.extend(memchr::memchr_iter(b'\n', src).map(|i| i + 1));
            v
        })
    }
}

/// The snippet of `src` for a subject (and context): whole lines around both, with the
/// annotations relative to the snippet's start, and the end (line, column) of a range cut
/// short because it spans more than [`MAX_RENDERED_LINES`] lines.
/// `i`, moved back to the start of the UTF-8 character it is inside.
fn char_start(src: &[u8], mut i: usize) -> usize {
    while i > 0 && i < src.len() && src[i] & 0xC0 == 0x80 {
        i -= 1;
    }
    i
}

/// `i`, moved on to the end of the UTF-8 character it is inside.
fn char_end(src: &[u8], mut i: usize) -> usize {
    while i < src.len() && src[i] & 0xC0 == 0x80 {
        i += 1;
    }
    i
}

fn snippet<'s>(
    src: &'s [u8],
    subject: &crate::Range,
    context: Option<&crate::Range>,
    lines: &mut LineStarts,
) -> (Snippet<'s, annotate_snippets::Annotation<'s>>, Option<(usize, usize)>) {
    let starts = lines.get(src);
    let len = src.len();
    let line_of = |byte: usize| starts.partition_point(|&s| s <= byte).saturating_sub(1);
    let line_end = |line: usize| starts.get(line + 1).map_or(len, |&s| s - 1);

    // Ranges may cut a character (the JSON syntax reports the first byte of a leading byte
    // order mark): the snippet's spans are widened to whole characters.
    let s = char_start(src, (subject.start.byte as usize).min(len));
    let mut e = char_end(src, (subject.end.byte as usize).clamp(s, len));
    // A subject ending just after a newline (the reference's ranges often include it) is
    // drawn up to the end of its line, not as a range running into the next line.
    while e > s && matches!(src[e - 1], b'\n' | b'\r') {
        e -= 1;
    }
    let mut cut = None;
    let first = line_of(s);
    if line_of(e) >= first + MAX_RENDERED_LINES {
        cut = Some((subject.end.line as usize, subject.end.column as usize));
        e = line_end(first).max(s);
    }
    let mut window = (starts[first], line_end(line_of(e)));
    let mut ctx = None;
    if let Some(c) = context.filter(|c| c.filename == subject.filename) {
        let cs = char_start(src, (c.start.byte as usize).min(len));
        let mut ce = char_end(src, (c.end.byte as usize).clamp(cs, len));
        while ce > cs && matches!(src[ce - 1], b'\n' | b'\r') {
            ce -= 1;
        }
        let (lo, hi) = (line_of(cs.min(s)), line_of(ce.max(e)));
        // A context of many lines (a whole block) would bury the subject: leave it out.
        if ce > cs && hi - lo < MAX_RENDERED_LINES {
            window = (starts[lo], line_end(hi));
            ctx = Some(cs..ce);
        }
    }
    // Long lines: a window around the subject, on UTF-8 boundaries.
    if window.1 - window.0 > MAX_RENDERED_LINE && line_of(window.0) == line_of(window.1) {
        let mut ws = s.saturating_sub(MAX_RENDERED_LINE / 4).max(window.0);
        let mut we = (ws + MAX_RENDERED_LINE).min(window.1).max(e.min(window.1));
        while ws > window.0 && src[ws] & 0xC0 == 0x80 {
            ws -= 1;
        }
        while we < window.1 && src[we] & 0xC0 == 0x80 {
            we += 1;
        }
        window = (ws, we);
        e = e.min(we);
        ctx = ctx.map(|c| c.start.clamp(ws, we)..c.end.clamp(ws, we));
    }
    let (ws, we) = window;
    let text = lossless_text(&src[ws..we]);
    let rel = |r: ByteRange<usize>| r.start.clamp(ws, we) - ws..r.end.clamp(ws, we) - ws;
    let mut snip = Snippet::source(text).line_start(line_of(ws) + 1);
    if let Some(c) = ctx {
        snip = snip.annotation(AnnotationKind::Context.span(rel(c)));
    }
    snip = snip.annotation(AnnotationKind::Primary.span(rel(s..e)));
    (snip, cut)
}

/// `bytes` as text of the same length: each byte of an invalid UTF-8 sequence becomes `?`,
/// so byte offsets into the source stay offsets into the text.
fn lossless_text(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                // Safe by construction: `valid_up_to` bytes are valid UTF-8.
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                let n = e.error_len().unwrap_or(bad.len());
                out.extend(std::iter::repeat_n('?', n));
                rest = &bad[n..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::{Pos, Range};

    fn range(src: &str, start: usize, end: usize) -> Range {
        let pos = |b: usize| {
            let before = &src[..b];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
            Pos { line: line as u32, column: column as u32, byte: b as u32 }
        };
        Range { filename: "t.hcl".into(), start: pos(start), end: pos(end) }
    }

    #[test]
    fn subject_and_context() {
        let src = "service \"web\" {\n  port = \"x\" + 1\n}\n";
        let d = Diagnostic::error("Invalid operand", "Unsuitable value for left operand.")
            .with_subject(range(src, 25, 28))
            .with_context(range(src, 25, 32));
        let text = Renderer::plain().render(&d, &("t.hcl", src.as_bytes()));
        assert_eq!(
            text,
            "error: Invalid operand\n --> t.hcl:2:10\n  |\n2 |   port = \"x\" + 1\n  |          ^^^----\n  |\n  \
             = note: Unsuitable value for left operand.\n"
        );
    }

    #[test]
    fn a_range_inside_a_character_is_drawn_over_the_whole_character() {
        // The JSON syntax reports "Invalid start of value" on the first byte of a byte order
        // mark; drawing it once panicked inside annotate-snippets (a slice off a char boundary).
        let src = "\u{feff}a = 1\n";
        let subject = Range {
            filename: "t.json".into(),
            start: Pos { line: 1, column: 1, byte: 0 },
            end: Pos { line: 1, column: 2, byte: 1 },
        };
        let d = Diagnostic::error("Invalid start of value", "").with_subject(subject.clone()).with_context(subject);
        let text = Renderer::plain().render(&d, &("t.json", src.as_bytes()));
        assert!(text.starts_with("error: Invalid start of value\n --> t.json:1:1\n"), "{text}");
    }

    #[test]
    fn warnings_missing_sources_and_no_subject() {
        let src = "a = 1\n";
        let mut d = Diagnostic::error("Deprecated", "").with_subject(range(src, 0, 1));
        d.severity = Severity::Warning;
        assert_eq!(Renderer::plain().render(&d, &()), "warning: Deprecated\n--> t.hcl:1:1\n");
        let d = Diagnostic::error("Bad", "Why.");
        assert_eq!(Renderer::plain().render(&d, &()), "error: Bad\n |\n = note: Why.\n");
    }

    #[test]
    fn empty_subject_at_the_end_and_a_subject_ending_in_a_newline() {
        let src = "a = \"abc\nb = 1\n";
        let d = Diagnostic::error("Invalid multi-line string", "").with_subject(range(src, 8, 9));
        let text = Renderer::plain().render(&d, &("t.hcl", src.as_bytes()));
        assert_eq!(text, "error: Invalid multi-line string\n --> t.hcl:1:9\n  |\n1 | a = \"abc\n  |         ^\n");
        let d = Diagnostic::error("End", "").with_subject(range(src, src.len(), src.len()));
        let text = Renderer::plain().render(&d, &("t.hcl", src.as_bytes()));
        assert!(text.starts_with("error: End\n --> t.hcl:3:1\n"), "{text}");
    }

    #[test]
    fn long_ranges_lines_and_bad_utf8_are_bounded() {
        // A subject over 5000 lines: its first line, and a note with its end.
        let src = format!("x = <<EOT\n{}", "line\n".repeat(5000));
        let d = Diagnostic::error("Unterminated heredoc", "").with_subject(range(&src, 4, src.len()));
        let text = Renderer::plain().render(&d, &("t.hcl", src.as_bytes()));
        assert!(text.lines().count() < 12, "{text}");
        assert!(text.contains("note: the range ends at line 5002, column 1"), "{text}");
        // A 300 KB line: a window around the subject.
        let src = format!("{{\"a\": [{}oops]}}", "1, ".repeat(100_000));
        let at = src.find("oops").unwrap();
        let d = Diagnostic::error("Bad", "").with_subject(range(&src, at, at + 4));
        let text = Renderer::plain().render(&d, &("t.hcl", src.as_bytes()));
        assert!(text.len() < 3 * MAX_RENDERED_LINE, "{} bytes", text.len());
        assert!(text.contains("oops"), "{text}");
        // Invalid UTF-8 before the subject keeps the underline under it.
        let src = b"a = \xff\xfe + b\n";
        let r = Range {
            filename: "t.hcl".into(),
            start: Pos { line: 1, column: 10, byte: 9 },
            end: Pos { line: 1, column: 11, byte: 10 },
        };
        let d = Diagnostic::error("Bad", "").with_subject(r);
        let text = Renderer::plain().render(&d, &("t.hcl", &src[..]));
        assert!(text.contains("1 | a = ?? + b\n  |          ^\n"), "{text}");
    }

    #[test]
    fn malformed_ranges_do_not_panic() {
        let src = "a = 1\n";
        for (s, e) in [(0, 100), (100, 200), (5, 2), (6, 6)] {
            let r = Range {
                filename: "t.hcl".into(),
                start: Pos { line: 1, column: 1, byte: s },
                end: Pos { line: 1, column: 1, byte: e },
            };
            let d = Diagnostic::error("Bad", "").with_subject(r.clone()).with_context(r);
            let text = Renderer::plain().render(&d, &("t.hcl", src.as_bytes()));
            assert!(text.starts_with("error: Bad\n"), "{text}");
        }
    }
}
