//! The terminal: when to colour (`--color`), how wide to wrap (`$COLUMNS`), and the
//! diagnostics renderer every `hclkit` subcommand uses.

use std::sync::OnceLock;

/// The `--color` choices.
///
/// ```
/// use hclkit_cli::term::ColorWhen;
///
/// assert!(ColorWhen::Always.resolve(false));
/// assert!(!ColorWhen::Never.resolve(true));
/// assert!(!ColorWhen::Auto.resolve(false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// Colour when standard output is a terminal and `NO_COLOR` is not set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorWhen {
    /// Whether to colour output written to a stream that `is_terminal` says is (or is not) a
    /// terminal; `NO_COLOR` (set and not empty, see no-color.org) turns `auto` off.
    pub fn resolve(self, is_terminal: bool) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }
}

/// The terminal's width as `$COLUMNS` says it (a positive whole number, spaces around it
/// allowed), read once per process; `None` when it is unset or something else.
pub fn width() -> Option<usize> {
    static WIDTH: OnceLock<Option<usize>> = OnceLock::new();
    *WIDTH.get_or_init(|| parse_width(std::env::var("COLUMNS").ok().as_deref()))
}

/// What [`width`] makes of a `$COLUMNS` value.
///
/// ```
/// use hclkit_cli::term::parse_width;
///
/// assert_eq!(parse_width(Some(" 120 ")), Some(120));
/// assert_eq!(parse_width(Some("0")), None);
/// assert_eq!(parse_width(Some("wide")), None);
/// assert_eq!(parse_width(None), None);
/// ```
pub fn parse_width(columns: Option<&str>) -> Option<usize> {
    columns.and_then(|c| c.trim().parse().ok()).filter(|&w| w > 0)
}

/// The diagnostics renderer of the `hclkit` subcommands (the rustc style), coloured or not,
/// as wide as `$COLUMNS` says when it is set.
///
/// ```
/// let text = hclkit_cli::term::renderer(false)
///     .render_all(&hclkit::Diagnostics::from(vec![hclkit::Diagnostic::error("Bad", "Very bad.")]), &hclkit::Files::new());
/// assert!(text.starts_with("error: Bad"), "{text}");
/// ```
pub fn renderer(color: bool) -> hclkit::diagnostic::Renderer {
    let renderer = hclkit::diagnostic::Renderer::with_color(color);
    match width() {
        Some(w) => renderer.term_width(w),
        None => renderer,
    }
}
