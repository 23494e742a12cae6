//! The formatter: canonical layout for native-syntax source, byte for byte the reference's
//! (`hclwrite.Format`, which `terraform fmt`, `packer fmt`, `nomad fmt` and `hclfmt` run).
//!
//! It works on the token stream, never on a syntax tree, so it formats files with syntax
//! errors too, and it changes only the white space between tokens:
//!
//! - every line is indented by two spaces per level of brackets left open by the lines
//!   before it (a line opening several brackets opens one level); heredoc bodies and the
//!   inside of `/* */` comments are never re-indented;
//! - between two tokens on a line there is one space or none, by a fixed set of rules
//!   (`a = b.c[0]`, `f(x, y)`, `{ a = 1 }`, `"${x}"`, `-1`, `a - 1`, `!a`, ...);
//! - consecutive lines assigning attributes align their `=`, and consecutive lines ending in a
//!   comment align the comments; widths are counted in grapheme clusters;
//! - trailing white space goes; blank lines, line endings (CRLF stays CRLF), comments, and
//!   long lines stay as they are.
//!
//! Formatting is idempotent and never changes the tokens: where removing a space would join
//! two tokens into different ones (`2. 3`, the number 2 and the legacy index `.3`, would read
//! as the number `2.3`), the space stays. The reference joins them; [`Formatter::join_tokens`]
//! does as it does (see `docs/spec-departures.md`).
//!
//! ```
//! let src = "resource \"x\" \"y\" {\nname=\"a\"\ncount   =   2 # two\n}\n";
//! assert_eq!(
//!     hclkit::format::format_str(src),
//!     "resource \"x\" \"y\" {\n  name  = \"a\"\n  count = 2 # two\n}\n",
//! );
//! ```
//!
//! [`Formatter`] holds the options: alignment can be turned off, a fragment can be laid out as
//! if nested in blocks, and [`Formatter::terraform`] adds the normalisations `terraform fmt`
//! makes on top of the layout. [`tokens`], [`Formatter::layout`] and [`write_tokens`] work on a
//! token sequence in memory, for code that builds or edits one.
//!
//! Two limits keep the output linear in the input where the reference's is quadratic (see
//! `docs/spec-departures.md`): indentation stops growing past [`MAX_INDENT_LEVELS`] levels, and
//! an alignment run whose padding would exceed [`MAX_ALIGN_GROWTH`] times its width is not
//! aligned. Neither is reached by real files.

mod align;
mod line;
mod spacing;
mod stream;
mod terraform;
mod tokens;
mod width;

pub use tokens::{tokens, write_tokens, FmtToken};

use crate::diagnostic::Diagnostics;

/// Indentation stops growing past this many levels (the parser's nesting limit: a file nested
/// deeper does not parse anyway).
pub const MAX_INDENT_LEVELS: usize = crate::syntax::native::MAX_DEPTH as usize;

/// An alignment run (consecutive lines whose `=` or comments line up) is aligned only if the
/// spaces it adds are at most this many times the run's width plus 64 KiB; beyond, its lines
/// get one space. Real runs add a fraction of their width.
pub const MAX_ALIGN_GROWTH: usize = 64;

/// Sources longer than this are returned unchanged (token offsets are 32 bits).
pub const MAX_SOURCE_LEN: usize = u32::MAX as usize - 1;

/// Formatting options. [`Formatter::new`] is the reference's layout.
///
/// ```
/// use hclkit::format::Formatter;
/// let src = b"a = 1\nbbb = 2 # b\n";
/// assert_eq!(Formatter::new().format(src), b"a   = 1\nbbb = 2 # b\n");
/// assert_eq!(Formatter::new().align(false).format(src), src);
/// // Content for the inside of a block, one level deep.
/// assert_eq!(Formatter::new().depth(1).format(b"a=1\n"), b"  a = 1\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formatter {
    align: bool,
    depth: usize,
    join_tokens: bool,
}

impl Default for Formatter {
    fn default() -> Self {
        Formatter::new()
    }
}

impl Formatter {
    /// The reference's layout: `=` and comments aligned, no base indentation, and no two
    /// tokens joined into different ones (see [`Formatter::join_tokens`]).
    pub const fn new() -> Formatter {
        Formatter { align: true, depth: 0, join_tokens: false }
    }

    /// Whether the layout may remove a space that kept two tokens apart, so that they read as
    /// different tokens, as the reference does (`hclfmt`, the drop-in, sets it): `2. 3` (the
    /// number 2 and the legacy index `.3`) becomes the number `2.3`, `! =` becomes `!=`. Off
    /// by default: formatting then never changes what a file means.
    ///
    /// ```
    /// use hclkit::format::Formatter;
    /// let src = b"a = [2. 3]\n";
    /// assert_eq!(Formatter::new().format(src), b"a = [2. 3]\n");
    /// assert_eq!(Formatter::new().join_tokens(true).format(src), b"a = [2.3]\n");
    /// ```
    pub const fn join_tokens(mut self, join: bool) -> Formatter {
        self.join_tokens = join;
        self
    }

    /// Whether the `=` of consecutive attributes and the comments ending consecutive lines
    /// are aligned (the default, as the reference). Without alignment there is one space
    /// before each.
    pub const fn align(mut self, align: bool) -> Formatter {
        self.align = align;
        self
    }

    /// Lays the source out as if it were nested `levels` levels deep (`2 * levels` more
    /// spaces on each line): the layout of a fragment inserted into a block body. Brackets
    /// the fragment closes beyond its own never take it below this level.
    pub const fn depth(mut self, levels: usize) -> Formatter {
        self.depth = levels;
        self
    }

    /// Formats `src`.
    pub fn format(&self, src: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        self.format_into(src, &mut out);
        out
    }

    /// Formats `src` onto the end of `out`.
    pub fn format_into(&self, src: &[u8], out: &mut Vec<u8>) {
        stream::format_into(self, src, out);
    }

    /// Formats `src` (formatting changes only white space, so UTF-8 stays UTF-8).
    pub fn format_str(&self, src: &str) -> String {
        into_string(self.format(src.as_bytes()))
    }

    /// Sets the `spaces_before` of every token up to the first [`TokenKind::Eof`] to the
    /// formatted layout (the EOF token and anything after it are left alone). Formatting a
    /// source is laying out its [`tokens`] and writing them with [`write_tokens`].
    ///
    /// ```
    /// use hclkit::format::{tokens, write_tokens, FmtToken, Formatter};
    /// use hclkit::syntax::native::token::TokenKind;
    /// let mut toks = tokens(b"x {\n}\n");
    /// // Insert `a = 1` and a newline after "{\n".
    /// let new = [
    ///     FmtToken::new(TokenKind::Ident, "a"),
    ///     FmtToken::new(TokenKind::Equal, "="),
    ///     FmtToken::new(TokenKind::NumberLit, "1"),
    ///     FmtToken::new(TokenKind::Newline, "\n"),
    /// ];
    /// toks.splice(3..3, new);
    /// Formatter::new().layout(&mut toks);
    /// let mut out = Vec::new();
    /// write_tokens(&toks, &mut out);
    /// assert_eq!(out, b"x {\n  a = 1\n}\n");
    /// ```
    ///
    /// [`TokenKind::Eof`]: crate::syntax::native::token::TokenKind::Eof
    pub fn layout(&self, tokens: &mut [FmtToken<'_>]) {
        tokens::layout(self, tokens);
    }

    /// `terraform fmt`: the normalisations Terraform makes on top of the layout, then the
    /// layout. The source must parse without errors (else its diagnostics are returned, and
    /// nothing is formatted, as `terraform fmt` refuses such files). The normalisations:
    ///
    /// - an attribute whose value is a lone interpolation, `"${expr}"`, gets `expr` (in
    ///   parentheses if it spans several lines);
    /// - block labels are quoted (`resource aws_instance web` becomes
    ///   `resource "aws_instance" "web"`), and comments between them go;
    /// - in `variable` blocks, `type = "string"`, `"list"` and `"map"` become `string`,
    ///   `list(string)` and `map(string)`, and `list`, `map` and `set` become `list(any)`,
    ///   `map(any)` and `set(any)`.
    ///
    /// ```
    /// use hclkit::format::Formatter;
    /// let src = b"variable v {\n  type = \"list\"\n  default = \"${local.x}\"\n}\n";
    /// let out = Formatter::new().terraform(src, "main.tf").unwrap();
    /// assert_eq!(out, b"variable \"v\" {\n  type    = list(string)\n  default = local.x\n}\n");
    /// ```
    pub fn terraform(&self, src: &[u8], filename: &str) -> Result<Vec<u8>, Diagnostics> {
        terraform::format(self, src, filename)
    }
}

/// Formats `src` with the reference's layout ([`Formatter::new`]).
///
/// ```
/// assert_eq!(hclkit::format::format(b"a=[1,2]"), b"a = [1, 2]");
/// ```
pub fn format(src: &[u8]) -> Vec<u8> {
    Formatter::new().format(src)
}

/// Formats `src` with the reference's layout ([`Formatter::new`]).
///
/// ```
/// assert_eq!(hclkit::format::format_str("x{\ny=1\n}\n"), "x {\n  y = 1\n}\n");
/// ```
pub fn format_str(src: &str) -> String {
    Formatter::new().format_str(src)
}

fn into_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_nest_and_never_go_below_their_depth() {
        let f = Formatter::new().depth(2);
        assert_eq!(f.format(b"a=1\nb {\nc=2\n}\n"), b"    a = 1\n    b {\n      c = 2\n    }\n");
        // Closers beyond the fragment's own brackets stay at its depth.
        assert_eq!(f.format(b"}\n}\nx=1\n"), b"    }\n    }\n    x = 1\n");
    }

    #[test]
    fn format_str_keeps_utf8() {
        assert_eq!(format_str("\u{feff}a=\"é\"\n"), "a = \"é\"\n");
        assert_eq!(format_str("\u{feff}"), "   ");
    }

    #[test]
    fn indentation_stops_growing_at_the_limit() {
        let src = "(\n".repeat(MAX_INDENT_LEVELS + 50);
        let out = format(src.as_bytes());
        let last = out.split(|&b| b == b'\n').rev().nth(1).unwrap();
        assert_eq!(last.len(), 2 * MAX_INDENT_LEVELS + 1);
        // Below the limit, the reference's indentation.
        let out = format(b"(\n(\n(\n");
        assert_eq!(out, b"(\n  (\n    (\n");
    }

    #[test]
    fn a_costly_alignment_run_is_not_aligned() {
        // One line 100,000 columns wide among 2,000 short ones: the reference would pad each of
        // them to it (200 MB); this run gets one space per line.
        let mut src = format!("{} = 1\n", "k".repeat(100_000));
        src.push_str(&"a = 1\n".repeat(2000));
        let out = format(src.as_bytes());
        assert_eq!(out.len(), src.len());
        // A modest run is aligned as usual.
        let mut src = format!("{} = 1\n", "k".repeat(300));
        src.push_str(&"a = 1\n".repeat(20));
        let out = String::from_utf8(format(src.as_bytes())).unwrap();
        assert!(out.ends_with(&format!("a{}= 1\n", " ".repeat(300))));
    }

    #[test]
    fn layout_leaves_what_follows_the_end_alone() {
        let mut toks = tokens(b"a=1\n");
        toks.push(FmtToken { spaces_before: 7, ..FmtToken::new(crate::syntax::native::token::TokenKind::Ident, "x") });
        Formatter::new().layout(&mut toks);
        assert_eq!(toks.last().unwrap().spaces_before, 7);
        assert_eq!(toks[1].spaces_before, 1);
    }
}
