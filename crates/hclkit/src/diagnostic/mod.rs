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
use std::fmt;

use crate::pos::Range;

mod json;
mod reference;
mod rustc;
pub use reference::{wrap, write_text, SourceFiles, MAX_SNIPPET_LINE, MAX_SNIPPET_LINES};
use reference::{write_text_with, LineCache};
pub use rustc::{Renderer, MAX_RENDERED_LINE, MAX_RENDERED_LINES};

/// Go's `strconv.Quote`, as the reference's messages quote names and values.
pub(crate) use hclkit_value::go::quote as go_quote;

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
/// diags.extend(Diagnostics::from(vec![Diagnostic::error("Invalid value", "Must be positive.")]));
/// assert!(diags.has_errors());
/// assert_eq!(diags.len(), 2);
/// let summaries: Vec<&str> = diags.iter().map(|d| &*d.summary).collect();
/// assert_eq!(summaries, ["Deprecated", "Invalid value"]);
/// assert_eq!(diags[1].summary, "Invalid value");
/// assert_eq!(diags.errors().count(), 1);
/// assert_eq!(diags.to_string(), "warning: Deprecated\nerror: Invalid value");
/// ```
///
/// The list itself is private: it is built with [`new`](Diagnostics::new),
/// [`From`]`<Vec<Diagnostic>>`, [`From`]`<Diagnostic>` or [`FromIterator`], grown with
/// [`push`](Diagnostics::push) and [`extend`](Diagnostics::extend), read as a slice
/// ([`as_slice`](Diagnostics::as_slice), indexing, [`iter`](Diagnostics::iter)) and taken
/// back with [`into_vec`](Diagnostics::into_vec).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Diagnostics(Vec<Diagnostic>);

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

    /// Adds all of `other` (another `Diagnostics`, a `Vec`, any iterator of diagnostics).
    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(other);
    }

    /// Iterates over the diagnostics.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Iterates over the diagnostics, to change them in place (to move their ranges, add
    /// to their details).
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, Diagnostic> {
        self.0.iter_mut()
    }

    /// The diagnostics as a slice.
    ///
    /// ```
    /// use hclkit::{Diagnostic, Diagnostics};
    ///
    /// let diags = Diagnostics::from(Diagnostic::error("A", ""));
    /// assert_eq!(diags.as_slice().len(), 1);
    /// assert!(Diagnostics::new().as_slice().is_empty());
    /// ```
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.0
    }

    /// The diagnostics, in order, as a `Vec`.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }

    /// The errors only (no warnings), in order.
    ///
    /// ```
    /// use hclkit::{Diagnostic, Diagnostics, Severity};
    ///
    /// let warning = Diagnostic { severity: Severity::Warning, ..Diagnostic::error("W", "") };
    /// let diags: Diagnostics = [warning, Diagnostic::error("E", "")].into_iter().collect();
    /// assert_eq!(diags.errors().map(|d| &*d.summary).collect::<Vec<_>>(), ["E"]);
    /// ```
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> + '_ {
        self.0.iter().filter(|d| d.severity == Severity::Error)
    }

    /// Keeps the diagnostics for which `keep` is true, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        self.0.retain(keep);
    }

    /// Sorts the diagnostics with `compare`; the sort is stable (diagnostics that compare
    /// equal keep their order).
    pub fn sort_by(&mut self, compare: impl FnMut(&Diagnostic, &Diagnostic) -> std::cmp::Ordering) {
        self.0.sort_by(compare);
    }

    /// Sorts the diagnostics by a key computed once per diagnostic; stable.
    pub fn sort_by_cached_key<K: Ord>(&mut self, key: impl FnMut(&Diagnostic) -> K) {
        self.0.sort_by_cached_key(key);
    }

    /// Sorts the diagnostics in source order: by file name, then start and end offsets;
    /// those without a subject range last. Stable.
    ///
    /// (To sort in the order files were read, as hcldec does, use
    /// [`Files::sort_diagnostics`](crate::Files::sort_diagnostics).)
    ///
    /// ```
    /// use hclkit::Diagnostics;
    ///
    /// let mut diags = hclkit::parse_config(&b"a = [\nb = {\n"[..], "x.hcl").into_diagnostics();
    /// diags.push(hclkit::Diagnostic::error("Rangeless", ""));
    /// diags.sort_in_source_order();
    /// assert_eq!(diags[diags.len() - 1].summary, "Rangeless");
    /// ```
    pub fn sort_in_source_order(&mut self) {
        self.0.sort_by(|a, b| match (&a.subject, &b.subject) {
            (Some(x), Some(y)) => {
                (&*x.filename, x.start.byte, x.end.byte).cmp(&(&*y.filename, y.start.byte, y.end.byte))
            }
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
    }

    /// The reference's `Diagnostics.Error()`: the first diagnostic's
    /// [`go_error`](Diagnostic::go_error), and a count of the others.
    ///
    /// ```
    /// use hclkit::{Diagnostic, Diagnostics};
    ///
    /// let diags = Diagnostics::from(vec![Diagnostic::error("A", "x."), Diagnostic::error("B", "y.")]);
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
    /// let file = hclkit::parse_config(src.as_bytes(), "main.hcl").into_value();
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
/// let diags = hclkit::parse_config(&b"a = \"abc\nb = 1\nc = 2\nd = 3\n"[..], "f.hcl").into_diagnostics();
/// let runs = cascades(diags.as_slice());
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

/// A list of one diagnostic.
impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics::from(vec![d])
    }
}

impl From<Diagnostics> for Vec<Diagnostic> {
    fn from(d: Diagnostics) -> Vec<Diagnostic> {
        d.0
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<I: IntoIterator<Item = Diagnostic>>(iter: I) -> Diagnostics {
        Diagnostics(iter.into_iter().collect())
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl std::ops::Index<usize> for Diagnostics {
    type Output = Diagnostic;
    fn index(&self, i: usize) -> &Diagnostic {
        &self.0[i]
    }
}

impl AsRef<[Diagnostic]> for Diagnostics {
    fn as_ref(&self) -> &[Diagnostic] {
        &self.0
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
