//! [`Error`]: what [`from_str`](crate::from_str), [`to_string`](crate::to_string) and the
//! [`Decoder`](crate::Decoder) return when they fail.

use std::fmt;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, Severity, SourceFiles};

/// The diagnostics of a failed decoding or encoding, with the sources they point into.
///
/// It holds every problem found, not only the first: each diagnostic has its summary, detail
/// and (where it has one) source range. [`Display`](fmt::Display) names the file, line and
/// column of each and shows the source line with the range underlined; [`to_text`] renders
/// them in the reference's layout instead.
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// struct Config {
///     port: u16,
/// }
/// let err = hclkit::from_str::<Config>("prot = 80\n").unwrap_err();
/// assert_eq!(err.diagnostics().len(), 2);
/// assert_eq!(
///     err.to_string(),
///     "error: Missing required argument\n  --> <input>:1:1\n   |\n 1 | prot = 80\n   | ^\n   = The argument \"port\" is required, but no definition was found.\n\n\
///      error: Unsupported argument\n  --> <input>:1:1\n   |\n 1 | prot = 80\n   | ^^^^\n   = An argument named \"prot\" is not expected here. Did you mean \"port\"?\n"
/// );
/// ```
///
/// [`to_text`]: Error::to_text
#[derive(Clone, Debug)]
pub struct Error {
    diagnostics: Diagnostics,
    sources: Vec<(String, Arc<[u8]>)>,
}

impl Error {
    /// An error holding `diagnostics` (a caller who has the sources adds them with
    /// [`with_source`](Error::with_source) for snippets).
    pub fn new(diagnostics: Diagnostics) -> Error {
        Error { diagnostics, sources: Vec::new() }
    }

    /// An error with one diagnostic without a source range.
    pub(crate) fn message(summary: &'static str, detail: String) -> Error {
        Error::new(Diagnostics(vec![Diagnostic::error(summary, detail)]))
    }

    /// Adds the text of a file the diagnostics point into, for [`Display`](fmt::Display)'s
    /// snippets.
    pub fn with_source(mut self, filename: impl Into<String>, src: impl Into<Arc<[u8]>>) -> Error {
        self.sources.push((filename.into(), src.into()));
        self
    }

    /// The diagnostics, in source order.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diagnostics
    }

    /// The diagnostics, in source order.
    pub fn into_diagnostics(self) -> Diagnostics {
        self.diagnostics
    }

    /// The diagnostics as the reference's text writer lays them out (see
    /// [`Diagnostics::to_text`]), with the sources this error holds.
    pub fn to_text(&self, width: usize, color: bool) -> String {
        self.diagnostics.to_text(self, width, color)
    }
}

impl SourceFiles for Error {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        self.sources.iter().find(|(n, _)| n == filename).map(|(_, s)| &**s)
    }
}

impl From<Diagnostics> for Error {
    fn from(d: Diagnostics) -> Error {
        Error::new(d)
    }
}

impl std::error::Error for Error {}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            writeln!(f, "{severity}: {}", d.summary)?;
            if let Some(r) = &d.subject {
                let line_no = r.start.line.to_string();
                let pad = " ".repeat(line_no.len());
                writeln!(f, " {pad}--> {}:{}:{}", r.filename, r.start.line, r.start.column)?;
                if let Some(src) = self.source(&r.filename) {
                    let (line, col, width) = snippet(src, r.start.byte, r.end.byte);
                    writeln!(f, " {pad} |")?;
                    writeln!(f, " {line_no} | {line}")?;
                    writeln!(f, " {pad} | {}{}", " ".repeat(col), "^".repeat(width.max(1)))?;
                }
                if !d.detail.is_empty() {
                    writeln!(f, " {pad} = {}", d.detail)?;
                }
            } else if !d.detail.is_empty() {
                writeln!(f, "  = {}", d.detail)?;
            }
        }
        Ok(())
    }
}

/// The line holding byte `start` (at most 240 characters of it), the number of characters
/// before `start` on it, and how many characters of `start..end` are on it.
fn snippet(src: &[u8], start: usize, end: usize) -> (String, usize, usize) {
    let start = start.min(src.len());
    let end = end.clamp(start, src.len());
    let line_start = src[..start].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let line_end = src[start..].iter().position(|&b| b == b'\n').map_or(src.len(), |p| start + p);
    let text = |a: usize, b: usize| String::from_utf8_lossy(&src[a..b]).replace('\t', " ").replace('\r', "");
    let before = text(line_start, start);
    let col = before.chars().count();
    let under = text(start, end.min(line_end)).chars().count();
    let mut line: String = text(line_start, line_end);
    if line.chars().count() > 240 {
        line = line.chars().take(240).collect();
    }
    (line, col.min(240), under.min(240usize.saturating_sub(col)))
}
