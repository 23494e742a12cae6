//! [`Error`]: what [`from_str`](crate::from_str), [`to_string`](crate::to_string) and the
//! [`Decoder`](crate::Decoder) return when they fail.

use std::fmt;
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, Renderer, SourceFiles};

/// The diagnostics of a failed decoding or encoding, with the sources they point into.
///
/// It holds every problem found, not only the first: each diagnostic has its summary, detail
/// and (where it has one) source range. [`Display`](fmt::Display) draws each as rustc does
/// (file, line and column, the source line with the range underlined, the detail as a note;
/// [`Renderer`] with colours for terminals); [`to_text`] renders them in the reference's layout
/// instead.
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
///     "error: Missing required argument\n --> <input>:1:1\n  |\n1 | prot = 80\n  | ^\n  |\n  \
///      = note: The argument \"port\" is required, but no definition was found.\n\n\
///      error: Unsupported argument\n --> <input>:1:1\n  |\n1 | prot = 80\n  | ^^^^\n  |\n  \
///      = note: An argument named \"prot\" is not expected here. Did you mean \"port\"?\n"
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
        Error::new(Diagnostics::from(vec![Diagnostic::error(summary, detail)]))
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

/// The diagnostics drawn as rustc draws its own (see [`Renderer`]), without colours.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Renderer::plain().render_all(&self.diagnostics, self))
    }
}
