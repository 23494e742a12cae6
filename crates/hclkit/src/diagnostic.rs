//! Diagnostics: errors and warnings with the source ranges they are about.
//!
//! A [`Diagnostic`] is the reference's `hcl.Diagnostic`: severity, summary, detail, a subject
//! range (what is wrong) and a context range (the construct around it). Summaries and details
//! use the reference's wording, so tools and tests can compare them.
//!
//! Three renderings:
//!
//! - [`Renderer`] draws them for people the way rustc and cargo do (`error: summary`,
//!   `--> file:line:col`, the source with `^^^` under the subject, the detail as a note);
//!   [`Renderer::render_collapsed`] shows a run of identical diagnostics from one fault
//!   (see [`cascades`]) once, with a count of the rest.
//! - [`Diagnostics::to_text`] lays them out exactly as the reference's text writer does
//!   (`hcldec` prints this layout).
//! - [`Diagnostics::to_json`] prints them for machines in the shape of `hcldec --diags=json`.
//!
//! [`Display`](std::fmt::Display) gives one `file:line:col: error: summary` line each.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::Arc;

use crate::pos::Range;

mod render;
pub use render::{Renderer, MAX_RENDERED_LINE, MAX_RENDERED_LINES};

/// Go's `strconv.Quote`, as the reference's messages quote names and values.
pub(crate) use hclkit_value::go::quote as go_quote;
use hclkit_value::json::{Escape, Node};

/// How serious a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Severity {
    /// The input is invalid; results may be incomplete.
    Error,
    /// Something looks wrong but processing could continue normally.
    Warning,
}

/// One problem found in the input.
///
/// ```
/// use hclkit::{Diagnostic, Pos, Range, Severity};
///
/// let name = Range {
///     filename: "main.hcl".into(),
///     start: Pos { line: 2, column: 3, byte: 18 },
///     end: Pos { line: 2, column: 7, byte: 22 },
/// };
/// let d = Diagnostic::error("Unsupported argument", "An argument named \"prot\" is not expected here.")
///     .with_subject(name.clone());
/// assert_eq!(d.severity, Severity::Error);
/// assert_eq!(d.subject, Some(name));
/// assert_eq!(d.context, None);
/// assert_eq!(d.to_string(), "main.hcl:2:3: error: Unsupported argument");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A short description, the same for every instance of a given problem.
    pub summary: Cow<'static, str>,
    /// A longer explanation, specific to this instance; may be empty.
    pub detail: Cow<'static, str>,
    /// The range the problem is about, if it has one.
    pub subject: Option<Range>,
    /// A wider range around the subject, for context, if useful.
    pub context: Option<Range>,
}

impl Diagnostic {
    /// A new error diagnostic.
    pub fn error(summary: impl Into<Cow<'static, str>>, detail: impl Into<Cow<'static, str>>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            subject: None,
            context: None,
        }
    }

    /// Sets the subject range.
    pub fn with_subject(mut self, subject: Range) -> Diagnostic {
        self.subject = Some(subject);
        self
    }

    /// Sets the context range.
    pub fn with_context(mut self, context: Range) -> Diagnostic {
        self.context = Some(context);
        self
    }

    /// The reference's `Diagnostic.Error()`: `<subject>: <summary>; <detail>`, the subject as
    /// `file:line,col-col` (`<nil>` without one). The reference embeds it in messages (a
    /// spec-file function whose body fails reports it as the call's error), so hcldec's
    /// output needs it exactly; for people, use `Display` or [`Renderer`].
    ///
    /// ```
    /// use hclkit::{Diagnostic, Pos, Range};
    ///
    /// let at = Range { filename: "a.hcl".into(), start: Pos { line: 2, column: 3, byte: 9 }, end: Pos { line: 2, column: 7, byte: 13 } };
    /// let d = Diagnostic::error("Bad", "Why.").with_subject(at);
    /// assert_eq!(d.go_error(), "a.hcl:2,3-7: Bad; Why.");
    /// assert_eq!(Diagnostic::error("Bad", "").go_error(), "<nil>: Bad; ");
    /// ```
    pub fn go_error(&self) -> String {
        match &self.subject {
            Some(r) => format!("{}: {}; {}", r, self.summary, self.detail),
            None => format!("<nil>: {}; {}", self.summary, self.detail),
        }
    }
}

/// `file:line:col: error: summary` (without a subject, `error: summary`), the one-line form
/// of rustc's short messages. The detail is left out: [`Renderer`] shows it.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = &self.subject {
            write!(f, "{}:{}:{}: ", r.filename, r.start.line, r.start.column)?;
        }
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{severity}: {}", self.summary)
    }
}

impl std::error::Error for Diagnostic {}

/// A list of diagnostics, in the order they were found.
///
/// ```
/// use hclkit::{Diagnostic, Diagnostics, Severity};
///
/// let mut diags = Diagnostics::new();
/// assert!(diags.is_empty() && !diags.has_errors());
/// diags.push(Diagnostic { severity: Severity::Warning, ..Diagnostic::error("Deprecated", "") });
/// assert!(!diags.has_errors()); // warnings only
/// diags.extend(Diagnostics(vec![Diagnostic::error("Invalid value", "Must be positive.")]));
/// assert!(diags.has_errors());
/// assert_eq!(diags.len(), 2);
/// let summaries: Vec<&str> = diags.iter().map(|d| &*d.summary).collect();
/// assert_eq!(summaries, ["Deprecated", "Invalid value"]);
/// assert_eq!(diags.to_string(), "warning: Deprecated\nerror: Invalid value");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// An empty list.
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }

    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds one diagnostic.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Adds all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// Iterates over the diagnostics.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// The reference's `Diagnostics.Error()`: the first diagnostic's
    /// [`go_error`](Diagnostic::go_error), and a count of the others.
    ///
    /// ```
    /// use hclkit::{Diagnostic, Diagnostics};
    ///
    /// let diags = Diagnostics(vec![Diagnostic::error("A", "x."), Diagnostic::error("B", "y.")]);
    /// assert_eq!(diags.go_error(), "<nil>: A; x., and 1 other diagnostic(s)");
    /// assert_eq!(Diagnostics::new().go_error(), "no diagnostics");
    /// ```
    pub fn go_error(&self) -> String {
        match self.0.len() {
            0 => "no diagnostics".to_owned(),
            1 => self.0[0].go_error(),
            n => format!("{}, and {} other diagnostic(s)", self.0[0].go_error(), n - 1),
        }
    }

    /// Renders all diagnostics as text, as the reference's `hcl.NewDiagnosticTextWriter` does.
    ///
    /// `files` gives the source (and block context) of each file named in a subject. `width`
    /// wraps the details (0: no wrapping); `color` adds the reference's VT100 codes (use it
    /// only when writing to a terminal).
    ///
    /// ```
    /// use hclkit::body::{Body, BodySchema};
    /// use hclkit::syntax::native::NativeBody;
    ///
    /// let src = "service \"web\" {\n  prot = 80\n}\n";
    /// let (file, _) = hclkit::parse_config(src.as_bytes(), "main.hcl");
    /// let (content, _) = NativeBody::from_file(&file).content(&BodySchema::new().block("service", &["name"]));
    /// let (_, diags) = content.blocks[0].body.content(&BodySchema::new().attribute("port", false));
    /// // A parsed file is its own `SourceFiles`, naming the top-level block around each subject.
    /// assert_eq!(
    ///     diags.to_text(&file, 0, false),
    ///     "Error: Unsupported argument\n\n  on main.hcl line 2, in service \"web\":\n   2:   prot = 80\n\n\
    ///      An argument named \"prot\" is not expected here. Did you mean \"port\"?\n\n"
    /// );
    /// ```
    ///
    /// Each file's lines are indexed once for the whole list, so rendering takes time linear
    /// in the number of diagnostics, the size of the files and the size of the output.
    pub fn to_text(&self, files: &dyn SourceFiles, width: usize, color: bool) -> String {
        let mut out = String::new();
        let mut lines = LineCache::default();
        for d in &self.0 {
            write_text_with(&mut out, d, files, width, color, &mut lines);
        }
        out
    }

    /// Renders all diagnostics as JSON exactly as `hcldec --diags=json` prints them (an empty
    /// string when there are none).
    ///
    /// ```
    /// use hclkit::{Diagnostic, Diagnostics};
    ///
    /// assert_eq!(Diagnostics::new().to_json(), "");
    /// let diags = Diagnostics(vec![Diagnostic::error("Bad <thing>", "")]);
    /// assert_eq!(
    ///     diags.to_json(),
    ///     "{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n      \"summary\": \"Bad \\u003cthing\\u003e\"\n    }\n  ]\n}\n"
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        if self.0.is_empty() {
            return String::new();
        }
        let mut out = String::new();
        self.json_node().write(&mut out, Some(2), Escape::Go);
        out.push('\n');
        out
    }

    /// The JSON document [`to_json`](Self::to_json) writes, `{"diagnostics": [...]}` (an
    /// empty list when there are none): each diagnostic's severity, summary, detail (when
    /// not empty) and subject ([`Range::json_node`]).
    ///
    /// ```
    /// use hclkit_value::json::Escape;
    /// let mut out = String::new();
    /// hclkit::Diagnostics::new().json_node().write(&mut out, Some(2), Escape::Go);
    /// assert_eq!(out, "{\n  \"diagnostics\": []\n}");
    /// ```
    pub fn json_node(&self) -> Node {
        let item = |d: &Diagnostic| {
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let mut props = vec![
                ("severity".to_owned(), Node::String(severity.to_owned())),
                ("summary".to_owned(), Node::String(d.summary.to_string())),
            ];
            if !d.detail.is_empty() {
                props.push(("detail".to_owned(), Node::String(d.detail.to_string())));
            }
            if let Some(r) = &d.subject {
                props.push(("subject".to_owned(), r.json_node()));
            }
            Node::Object(props)
        };
        Node::Object(vec![("diagnostics".to_owned(), Node::Array(self.0.iter().map(item).collect()))])
    }
}

/// One line per diagnostic, as [`Diagnostic`]'s `Display` (no final newline; "no
/// diagnostics" when empty).
impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return write!(f, "no diagnostics");
        }
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A run of identical diagnostics caused by one fault: the first, and the others that
/// repeat it (see [`cascades`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cascade<'a> {
    /// The first diagnostic of the run.
    pub first: &'a Diagnostic,
    /// The diagnostics that repeat it, in order (empty for a diagnostic that stands alone).
    pub rest: Vec<&'a Diagnostic>,
}

/// Groups `diags` into runs of identical diagnostics: consecutive diagnostics with the same
/// severity, summary and detail, in the same file, each starting after the one before. One
/// fault often gives such a run (an unterminated string followed by more lines reports
/// "Invalid multi-line string" once per line); a renderer shows the first and counts the
/// rest. Every diagnostic is in exactly one run, in the original order.
///
/// ```
/// use hclkit::diagnostic::cascades;
///
/// let (_, diags) = hclkit::parse_config(&b"a = \"abc\nb = 1\nc = 2\nd = 3\n"[..], "f.hcl");
/// let runs = cascades(&diags.0);
/// assert_eq!(runs.iter().map(|r| 1 + r.rest.len()).sum::<usize>(), diags.len());
/// assert_eq!(runs[0].first.summary, "Invalid multi-line string");
/// assert_eq!(runs[0].rest.len(), 3);
/// assert!(runs[1..].iter().all(|r| r.first.summary != "Invalid multi-line string"));
/// ```
pub fn cascades(diags: &[Diagnostic]) -> Vec<Cascade<'_>> {
    cascades_of(&diags.iter().collect::<Vec<_>>())
}

pub(crate) fn cascades_of<'a>(diags: &[&'a Diagnostic]) -> Vec<Cascade<'a>> {
    let mut runs: Vec<Cascade<'a>> = Vec::new();
    for &d in diags {
        if let Some(run) = runs.last_mut() {
            let prev = run.rest.last().copied().unwrap_or(run.first);
            let same_place = match (&prev.subject, &d.subject) {
                (Some(a), Some(b)) => a.filename == b.filename && b.start.byte >= a.start.byte,
                (None, None) => true,
                _ => false,
            };
            if same_place && prev.severity == d.severity && prev.summary == d.summary && prev.detail == d.detail {
                run.rest.push(d);
                continue;
            }
        }
        runs.push(Cascade { first: d, rest: Vec::new() });
    }
    runs
}

impl std::error::Error for Diagnostics {}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(v: Vec<Diagnostic>) -> Diagnostics {
        Diagnostics(v)
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Where the text renderer finds source code.
///
/// Implemented by `()` (no sources), by `(&str, &[u8])` (one named source) and by a parsed
/// native [`File`](crate::syntax::native::File); an application with many files implements
/// it over its own table.
///
/// ```
/// use std::collections::HashMap;
/// use hclkit::diagnostic::{write_text, SourceFiles};
/// use hclkit::{Diagnostic, Pos, Range};
///
/// struct Files(HashMap<String, Vec<u8>>);
/// impl SourceFiles for Files {
///     fn source(&self, filename: &str) -> Option<&[u8]> {
///         self.0.get(filename).map(Vec::as_slice)
///     }
/// }
///
/// let files = Files(HashMap::from([("a.hcl".to_string(), b"x = 1\ny = oops\n".to_vec())]));
/// let subject = Range {
///     filename: "a.hcl".into(),
///     start: Pos { line: 2, column: 5, byte: 10 },
///     end: Pos { line: 2, column: 9, byte: 14 },
/// };
/// let d = Diagnostic::error("Unknown variable", "There is no variable named \"oops\".").with_subject(subject);
/// let mut out = String::new();
/// write_text(&mut out, &d, &files, 0, false);
/// assert_eq!(
///     out,
///     "Error: Unknown variable\n\n  on a.hcl line 2:\n   2: y = oops\n\nThere is no variable named \"oops\".\n\n"
/// );
/// let mut out = String::new();
/// write_text(&mut out, &d, &(), 0, false);
/// assert!(out.contains("  on a.hcl line 2:\n  (source code not available)\n"));
/// ```
pub trait SourceFiles {
    /// The bytes of the file called `filename`, if known.
    fn source(&self, filename: &str) -> Option<&[u8]>;

    /// A description of the block around `offset` (e.g. `resource "a" "b"`), printed as
    /// `, in ...` after the line number; the native syntax names the top-level block.
    fn context_string(&self, _filename: &str, _offset: usize) -> Option<String> {
        None
    }
}

/// No sources: every snippet reads "(source code not available)".
impl SourceFiles for () {
    fn source(&self, _filename: &str) -> Option<&[u8]> {
        None
    }
}

/// A single named source text.
impl SourceFiles for (&str, &[u8]) {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        (filename == self.0).then_some(self.1)
    }
}

/// Renders one diagnostic as text, appending to `out`.
///
/// This indexes the lines of the diagnostic's file for this one call: to render many
/// diagnostics use [`Diagnostics::to_text`], which indexes each file once.
pub fn write_text(out: &mut String, diag: &Diagnostic, files: &dyn SourceFiles, width: usize, color: bool) {
    write_text_with(out, diag, files, width, color, &mut LineCache::default());
}

/// The line indexes of the files rendered so far, by file name.
#[derive(Default)]
struct LineCache {
    files: HashMap<Arc<str>, SnippetLineIndex>,
}

impl LineCache {
    /// The index of `filename`, whose bytes are `src` (built on first use).
    fn get(&mut self, filename: &Arc<str>, src: &[u8]) -> &SnippetLineIndex {
        let index = self.files.entry(filename.clone()).or_insert_with(|| SnippetLineIndex::new(src));
        // A `SourceFiles` should give one text per name; should it not, index the new text.
        if (index.ptr, index.len) != (src.as_ptr() as usize, src.len()) {
            *index = SnippetLineIndex::new(src);
        }
        index
    }
}

fn write_text_with(
    out: &mut String,
    diag: &Diagnostic,
    files: &dyn SourceFiles,
    width: usize,
    color: bool,
    lines: &mut LineCache,
) {
    let (color_code, highlight, reset) = if color {
        let c = match diag.severity {
            Severity::Error => "\x1b[31m",
            Severity::Warning => "\x1b[33m",
        };
        (c, "\x1b[1;4m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    let severity = match diag.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
    };
    let _ = write!(out, "{color_code}{severity}{reset}: {}\n\n", diag.summary);

    if let Some(subject) = &diag.subject {
        // Byte bounds of the snippet (subject and context) and of the highlight.
        let (mut snip_start, mut snip_end) = (subject.start.byte as usize, subject.end.byte as usize);
        if let Some(ctx) = &diag.context {
            if snip_start == snip_end {
                (snip_start, snip_end) = (ctx.start.byte as usize, ctx.end.byte as usize);
            } else if ctx.start.byte != ctx.end.byte {
                snip_start = snip_start.min(ctx.start.byte as usize);
                snip_end = snip_end.max(ctx.end.byte as usize);
            }
        }
        if snip_start == snip_end {
            snip_end += 1;
        }
        let (hl_start, mut hl_end) = (subject.start.byte as usize, subject.end.byte as usize);
        if hl_start == hl_end {
            hl_end += 1;
        }
        match files.source(&subject.filename) {
            None => {
                let _ = write!(
                    out,
                    "  on {} line {}:\n  (source code not available)\n\n",
                    subject.filename, subject.start.line
                );
            }
            Some(src) => {
                let ctx = files.context_string(&subject.filename, subject.start.byte as usize).unwrap_or_default();
                let ctx = if ctx.is_empty() { String::new() } else { format!(", in {ctx}") };
                let _ = writeln!(out, "  on {} line {}{}:", subject.filename, subject.start.line, ctx);
                let mut printed = 0;
                for line in lines.get(&subject.filename, src).overlapping(snip_start, snip_end) {
                    // Overlap test of the reference's `Range.Overlaps` (empty lines never
                    // overlap, and the index holds none).
                    let (ls, le) = (line.start, line.end);
                    let contains = |o: usize| o >= ls && o < le;
                    let snip_contains = |o: usize| o >= snip_start && o < snip_end;
                    if !(contains(snip_start) || contains(snip_end) || snip_contains(ls) || snip_contains(le)) {
                        continue;
                    }
                    if printed == MAX_SNIPPET_LINES {
                        let _ = writeln!(out, "    : … (the rest of the snippet is not shown)");
                        break;
                    }
                    // Lines longer than MAX_SNIPPET_LINE are shown as a window around the
                    // highlight (a minified file with thousands of errors on its one line
                    // would otherwise print that line thousands of times).
                    let hl_contains = |o: usize| o >= hl_start && o < hl_end;
                    let hl_overlaps = contains(hl_start) || contains(hl_end) || hl_contains(ls) || hl_contains(le);
                    let (ws, we) = snippet_window(src, ls, le, hl_overlaps.then_some(hl_start.max(ls).min(le)));
                    let (cut_before, cut_after) = (if ws > ls { "…" } else { "" }, if we < le { "…" } else { "" });
                    if !hl_overlaps {
                        let _ = writeln!(
                            out,
                            "{:4}: {cut_before}{}{cut_after}",
                            line.number,
                            String::from_utf8_lossy(&src[ws..we])
                        );
                    } else {
                        let hs = hl_start.max(ws).min(we);
                        let he = hl_end.min(we).max(hs);
                        let _ = writeln!(
                            out,
                            "{:4}: {cut_before}{}{}{}{}{}{cut_after}",
                            line.number,
                            String::from_utf8_lossy(&src[ws..hs]),
                            highlight,
                            String::from_utf8_lossy(&src[hs..he]),
                            reset,
                            String::from_utf8_lossy(&src[he..we]),
                        );
                    }
                    printed += 1;
                }
                out.push('\n');
            }
        }
    }

    if !diag.detail.is_empty() {
        if width > 0 {
            out.push_str(&wrap(&diag.detail, width));
        } else {
            out.push_str(&diag.detail);
        }
        out.push_str("\n\n");
    }
}

/// The longest source line (in bytes) a text snippet shows whole; longer lines are shown as
/// a window of about this size around the highlight, with `…` where they are cut. No line
/// of a hand-written configuration comes near it; minified JSON does.
pub const MAX_SNIPPET_LINE: usize = 4096;

/// The most source lines one text snippet shows; the rest of a longer snippet (a subject or
/// context spanning more lines, such as an unterminated heredoc) is elided with a note.
pub const MAX_SNIPPET_LINES: usize = 1000;

/// The byte window of line `ls..le` a snippet prints: the whole line when it is at most
/// [`MAX_SNIPPET_LINE`] long, else that many bytes around `focus` (the highlight's start on
/// this line, if it has one; else the line's start), on UTF-8 character boundaries.
fn snippet_window(src: &[u8], ls: usize, le: usize, focus: Option<usize>) -> (usize, usize) {
    if le - ls <= MAX_SNIPPET_LINE {
        return (ls, le);
    }
    let focus = focus.unwrap_or(ls);
    let mut start = focus.saturating_sub(MAX_SNIPPET_LINE / 4).max(ls);
    let mut end = (start + MAX_SNIPPET_LINE).min(le);
    if end == le {
        start = le - MAX_SNIPPET_LINE;
    }
    // Move both ends back to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
    while start > ls && src[start] & 0xC0 == 0x80 {
        start -= 1;
    }
    while end < le && src[end] & 0xC0 == 0x80 {
        end -= 1;
    }
    (start, end)
}

/// Lines as the reference's snippet printer sees them (`bufio.ScanLines` with a grapheme
/// range scanner): each line's bytes without its newline (and without a final `\r`), and a
/// line number that also counts lone `\r` characters as line breaks, as the reference does.
struct SourceLines<'a> {
    src: &'a [u8],
    pos: usize,
    number: usize,
}

#[derive(Clone, Copy)]
struct SourceLine {
    number: usize,
    start: usize,
    /// End of the line, before its newline and before a `\r` ending it: the end of both
    /// the line's range and its printed text.
    end: usize,
}

impl<'a> SourceLines<'a> {
    fn new(src: &'a [u8]) -> SourceLines<'a> {
        SourceLines { src, pos: 0, number: 1 }
    }
}

impl Iterator for SourceLines<'_> {
    type Item = SourceLine;
    fn next(&mut self) -> Option<SourceLine> {
        if self.pos >= self.src.len() {
            return None;
        }
        let start = self.pos;
        let rest = &self.src[start..];
        let (end, advance) = match memchr::memchr(b'\n', rest) {
            Some(i) => (start + i, i + 1),
            None => (self.src.len(), rest.len()),
        };
        // bufio.ScanLines drops the '\r' of "\r\n" from the token, so the range scanner's
        // line range ends before it too.
        let end = if end > start && self.src[end - 1] == b'\r' { end - 1 } else { end };
        let number = self.number;
        // Count line breaks the way the reference's range scanner does: every grapheme
        // cluster starting with '\r' or '\n' ("\r\n" is one cluster).
        let seg = &self.src[start..start + advance];
        let mut i = 0;
        while i < seg.len() {
            match seg[i] {
                b'\r' => {
                    self.number += 1;
                    if seg.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                }
                b'\n' => self.number += 1,
                _ => {}
            }
            i += 1;
        }
        self.pos = start + advance;
        count_lines_examined(1);
        Some(SourceLine { number, start, end })
    }
}

/// The non-empty lines of one source text, in order, to find the lines a snippet covers by
/// binary search instead of scanning the text from its start for each diagnostic.
struct SnippetLineIndex {
    /// The address and length of the indexed text.
    ptr: usize,
    len: usize,
    lines: Vec<SourceLine>,
}

impl SnippetLineIndex {
    fn new(src: &[u8]) -> SnippetLineIndex {
        SnippetLineIndex {
            ptr: src.as_ptr() as usize,
            len: src.len(),
            lines: SourceLines::new(src).filter(|l| l.start < l.end).collect(),
        }
    }

    /// The lines that may overlap the snippet `[start, end)`: every line that does, and at
    /// most one more at each side.
    ///
    /// A line overlaps when it contains `start` or `end` or the snippet contains the line's
    /// start or end. Lines are disjoint and ordered, and each ends before the next starts, so
    /// when `start <= end` a line before the last one starting at or before `start` ends
    /// before `start` (and cannot overlap), and a line starting after `end` cannot either.
    fn overlapping(&self, start: usize, end: usize) -> &[SourceLine] {
        if end < start {
            // A malformed range: no ordering argument holds, test every line.
            return &self.lines;
        }
        let first = self.lines.partition_point(|l| l.start <= start).saturating_sub(1);
        let rest = &self.lines[first..];
        let lines = &rest[..rest.partition_point(|l| l.start <= end)];
        count_lines_examined(lines.len());
        lines
    }
}

#[cfg(test)]
thread_local! {
    /// Source lines examined by the text renderer on this thread (split off the text while
    /// indexing it, and tested against a snippet), for tests of how rendering time grows.
    static LINES_EXAMINED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[inline]
fn count_lines_examined(_n: usize) {
    #[cfg(test)]
    LINES_EXAMINED.with(|c| c.set(c.get() + _n));
}

/// Word-wraps `s` to `limit` columns exactly as `github.com/mitchellh/go-wordwrap` does.
///
/// ```
/// use hclkit::diagnostic::wrap;
/// assert_eq!(wrap("The argument \"name\" is required.", 16), "The argument\n\"name\" is\nrequired.");
/// assert_eq!(wrap("short", 16), "short");
/// ```
pub fn wrap(s: &str, limit: usize) -> String {
    let mut buf = String::with_capacity(s.len() + 8);
    let mut current = 0usize;
    let mut word = String::new();
    let mut space = String::new();
    let (mut word_len, mut space_len) = (0usize, 0usize);
    for c in s.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= limit {
                    buf.push_str(&space);
                }
                space.clear();
                space_len = 0;
            } else {
                buf.push_str(&space);
                space.clear();
                space_len = 0;
                buf.push_str(&word);
                word.clear();
                word_len = 0;
            }
            buf.push(c);
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                buf.push_str(&space);
                space.clear();
                space_len = 0;
                buf.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + word_len + space_len > limit && word_len < limit {
                buf.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= limit {
            buf.push_str(&space);
        }
    } else {
        buf.push_str(&space);
        buf.push_str(&word);
    }
    buf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::Pos;

    fn range(line: usize, col: usize, byte: usize, eline: usize, ecol: usize, ebyte: usize) -> Range {
        Range {
            filename: "test.hcl".into(),
            start: Pos { line: line as u32, column: col as u32, byte: byte as u32 },
            end: Pos { line: eline as u32, column: ecol as u32, byte: ebyte as u32 },
        }
    }

    #[test]
    fn long_lines_show_a_window_around_the_highlight() {
        // A 200 KB line (with a multi-byte character near each cut) and an error at its end.
        let mut line = "é".repeat(100_000);
        let at = line.len();
        line.push_str("oops");
        let src = line.clone().into_bytes();
        let files = ("test.hcl", src.as_slice());
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 100_001, at, 1, 100_005, at + 4));
        let text = Diagnostics(vec![d.clone(); 50]).to_text(&files, 0, false);
        assert!(text.len() < 50 * (MAX_SNIPPET_LINE + 200), "{} bytes", text.len());
        let first = text.lines().nth(3).expect("a snippet line");
        assert!(first.starts_with("   1: …é") && first.ends_with("éoops"), "{first:.40}…");
        // A short line is shown whole, as the reference shows it.
        let short = ("test.hcl", b"a = oops\n".as_slice());
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 5, 4, 1, 9, 8));
        assert!(Diagnostics(vec![d]).to_text(&short, 0, false).contains("   1: a = oops\n"));
    }

    #[test]
    fn snippets_of_many_lines_are_cut_with_a_note() {
        let src = "x\n".repeat(5000).into_bytes();
        let files = ("test.hcl", src.as_slice());
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 1, 0, 5000, 2, src.len() - 1));
        let text = Diagnostics(vec![d]).to_text(&files, 0, false);
        assert_eq!(text.lines().filter(|l| l.ends_with(": x")).count(), MAX_SNIPPET_LINES);
        assert!(text.contains("(the rest of the snippet is not shown)"));
        let d = Diagnostic::error("Bad", "Detail.").with_subject(range(1, 1, 0, 1000, 2, 1999));
        let text = Diagnostics(vec![d]).to_text(&files, 0, false);
        assert_eq!(text.lines().filter(|l| l.ends_with(": x")).count(), 1000);
        assert!(!text.contains("not shown"));
    }

    #[test]
    fn wrap_like_go_wordwrap() {
        assert_eq!(wrap("foo bar baz", 5), "foo\nbar\nbaz");
        assert_eq!(wrap("hello world", 0), "hello world");
        assert_eq!(wrap("a  b\nc", 80), "a  b\nc");
        assert_eq!(
            wrap("There is no closing brace for this block before the end of the file.", 40),
            "There is no closing brace for this block\nbefore the end of the file."
        );
    }

    #[test]
    fn text_like_the_reference() {
        // From the reference's diagnostic_text_test.go.
        let src = b"block \"party\" {\n  text = \"birthday\"\n}\n";
        let d = Diagnostic::error("Splines not reticulated", "All splines must be pre-reticulated.")
            .with_subject(range(2, 3, 19, 2, 7, 23));
        let out = Diagnostics(vec![d]).to_text(&("test.hcl", &src[..]), 40, false);
        assert_eq!(
            out,
            "Error: Splines not reticulated\n\n  on test.hcl line 2:\n   2:   text = \"birthday\"\n\nAll splines must be pre-reticulated.\n\n"
        );
    }

    #[test]
    fn text_without_source() {
        let d = Diagnostic::error("Bad", "").with_subject(range(1, 1, 0, 1, 2, 1));
        assert_eq!(
            Diagnostics(vec![d]).to_text(&(), 0, false),
            "Error: Bad\n\n  on test.hcl line 1:\n  (source code not available)\n\n"
        );
    }

    #[test]
    fn json_like_hcldec() {
        let d = Diagnostic::error("Bad <thing>", "").with_subject(range(1, 1, 0, 1, 2, 1));
        assert_eq!(
            Diagnostics(vec![d]).to_json(),
            "{\n  \"diagnostics\": [\n    {\n      \"severity\": \"error\",\n      \"summary\": \"Bad \\u003cthing\\u003e\",\n      \"subject\": {\n        \"filename\": \"test.hcl\",\n        \"start\": {\n          \"line\": 1,\n          \"column\": 1,\n          \"byte\": 0\n        },\n        \"end\": {\n          \"line\": 1,\n          \"column\": 2,\n          \"byte\": 1\n        }\n      }\n    }\n  ]\n}\n"
        );
        assert_eq!(Diagnostics::new().to_json(), "");
    }

    /// The lines the text renderer examines for `n` diagnostics, one on each line of a file
    /// of `n` lines, some with a context range of several lines.
    fn lines_examined(n: usize) -> usize {
        let src: String = (0..n).map(|i| format!("attr{i} = {i}\n")).collect();
        let starts: Vec<usize> = src.match_indices('\n').map(|(i, _)| i + 1).collect();
        let pos = |line: usize| {
            let byte = if line == 0 { 0 } else { starts[line - 1] };
            (line + 1, byte)
        };
        let diags: Vec<Diagnostic> = (0..n)
            .map(|i| {
                let ((l, b), (le, be)) = (pos(i), pos((i + 3).min(n - 1)));
                let d = Diagnostic::error("Unsupported argument", "Not expected here.").with_subject(range(
                    l,
                    1,
                    b,
                    l,
                    5,
                    b + 4,
                ));
                if i % 2 == 0 {
                    d
                } else {
                    d.with_context(range(l, 1, b, le, 1, be))
                }
            })
            .collect();
        let before = LINES_EXAMINED.with(std::cell::Cell::get);
        let text = Diagnostics(diags).to_text(&("test.hcl", src.as_bytes()), 0, false);
        assert_eq!(text.matches("Error: Unsupported argument").count(), n);
        LINES_EXAMINED.with(std::cell::Cell::get) - before
    }

    #[test]
    fn rendering_examines_lines_linear_in_the_diagnostics() {
        // Each snippet scanned the file from its start: n diagnostics on a file of n lines
        // examined n * n / 2 lines. Now the file is indexed once, and each snippet looks at
        // its own lines (and one more on each side).
        let (small, large) = (lines_examined(1_000), lines_examined(4_000));
        eprintln!("{small} lines examined for 1000 diagnostics, {large} for 4000");
        assert!(small >= 1_000, "{small}");
        assert!(large <= 5 * small, "{small} lines examined for 1000 diagnostics, {large} for 4000");
    }

    #[test]
    fn snippets_as_a_scan_of_every_line_finds_them() {
        // The lines the index returns for a snippet are those a scan of every line with the
        // overlap test keeps, for every snippet range of a text with empty lines, CRLF and
        // lone CR line breaks and no final newline.
        let src = b"a = 1\n\nbb = 2\r\n  c\rd = 3\n\n\neee";
        let index = SnippetLineIndex::new(src);
        let overlaps = |l: &SourceLine, s: usize, e: usize| {
            let contains = |o: usize| o >= l.start && o < l.end;
            let snip = |o: usize| o >= s && o < e;
            contains(s) || contains(e) || snip(l.start) || snip(l.end)
        };
        for s in 0..=src.len() + 1 {
            for e in 0..=src.len() + 1 {
                let want: Vec<usize> =
                    SourceLines::new(src).filter(|l| l.start < l.end && overlaps(l, s, e)).map(|l| l.start).collect();
                let got: Vec<usize> =
                    index.overlapping(s, e).iter().filter(|l| overlaps(l, s, e)).map(|l| l.start).collect();
                assert_eq!(got, want, "snippet {s}..{e}");
            }
        }
    }

    #[test]
    fn go_quoting() {
        assert_eq!(go_quote("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\x01é\"");
        assert_eq!(go_quote("\u{200b}"), "\"\\u200b\"");
    }
}
