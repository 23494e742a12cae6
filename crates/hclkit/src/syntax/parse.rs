//! [`Parse`]: what every parse function of both syntaxes returns.

use crate::diagnostic::Diagnostics;
use crate::syntax::native::Tokens;

/// The result of parsing: the value (a tree, always present, partial when there are
/// errors) and the diagnostics found, after ruff's `Parsed<T>`.
///
/// Parsing never fails: a source with errors still gives a tree, in which the broken parts
/// are placeholders. Take the parts you need: [`value`](Parse::value) and
/// [`diagnostics`](Parse::diagnostics) to look, [`into_result`](Parse::into_result) to treat
/// any error as failure, [`into_parts`](Parse::into_parts) for both. A native parse keeps
/// its token stream when asked ([`tokens`](Parse::tokens)).
///
/// ```
/// use hclkit::syntax::native::parse_config;
///
/// let parse = parse_config(&b"a = 1\n"[..], "main.hcl");
/// assert!(!parse.has_errors());
/// assert_eq!(parse.value().body().attributes().count(), 1);
///
/// let broken = parse_config(&b"a = [\n"[..], "main.hcl");
/// assert!(broken.has_errors());
/// let diags = broken.into_result().unwrap_err();
/// assert_eq!(diags[0].summary, "Missing expression");
///
/// let (file, diags) = parse_config(&b"b = 2\n"[..], "main.hcl").into_parts();
/// assert!(diags.is_empty() && file.body().attribute("b").is_some());
/// ```
#[derive(Clone, Debug)]
#[must_use = "a parse result holds the diagnostics found; look at them or say why not"]
pub struct Parse<T> {
    value: T,
    diagnostics: Diagnostics,
    // Boxed: most parses keep none, and the result stays the size of the tuple it replaced
    // plus a word.
    tokens: Option<Box<Tokens>>,
}

impl<T> Parse<T> {
    /// A result made of its parts.
    pub(crate) fn new(value: T, diagnostics: Diagnostics) -> Parse<T> {
        Parse { value, diagnostics, tokens: None }
    }

    /// The same result keeping `tokens`.
    pub(crate) fn with_tokens(self, tokens: Tokens) -> Parse<T> {
        Parse { tokens: Some(Box::new(tokens)), ..self }
    }

    /// The parsed value (a tree; partial when there are errors).
    pub fn value(&self) -> &T {
        &self.value
    }

    /// The parsed value, leaving the diagnostics.
    pub fn into_value(self) -> T {
        self.value
    }

    /// The diagnostics found, in the order the reference reports them.
    pub fn diagnostics(&self) -> &Diagnostics {
        &self.diagnostics
    }

    /// The diagnostics found, leaving the value.
    pub fn into_diagnostics(self) -> Diagnostics {
        self.diagnostics
    }

    /// Whether any diagnostic is an error (warnings do not count).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.has_errors()
    }

    /// The value if there is no error, the diagnostics otherwise (warnings are dropped with
    /// a value: use [`into_parts`](Parse::into_parts) to keep them).
    ///
    /// ```
    /// let file = hclkit::parse_config(&b"a = 1\n"[..], "ok.hcl").into_result().unwrap();
    /// assert!(file.body().attribute("a").is_some());
    /// assert!(hclkit::parse_config(&b"a = \n"[..], "bad.hcl").into_result().is_err());
    /// ```
    pub fn into_result(self) -> Result<T, Diagnostics> {
        if self.diagnostics.has_errors() {
            Err(self.diagnostics)
        } else {
            Ok(self.value)
        }
    }

    /// The value and the diagnostics.
    pub fn into_parts(self) -> (T, Diagnostics) {
        (self.value, self.diagnostics)
    }

    /// The same result with the value passed through `f`.
    ///
    /// ```
    /// let parse = hclkit::parse_config(&b"a = 1\nb = 2\n"[..], "x.hcl");
    /// let count = parse.map(|file| file.body().attributes().count());
    /// assert_eq!(*count.value(), 2);
    /// ```
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Parse<U> {
        Parse { value: f(self.value), diagnostics: self.diagnostics, tokens: self.tokens }
    }

    /// The token stream, when the parse was asked to keep it
    /// ([`ParseOptions::keep_tokens`](crate::syntax::native::ParseOptions::keep_tokens));
    /// always `None` for the JSON syntax.
    ///
    /// ```
    /// use hclkit::syntax::native::ParseOptions;
    ///
    /// let parse = ParseOptions::new().keep_tokens(true).parse_template(&b"Hi ${name}!"[..], "t");
    /// let texts: Vec<&[u8]> = parse.tokens().unwrap().pieces().map(|p| p.text()).collect();
    /// assert_eq!(texts, [&b"Hi "[..], b"${", b"name", b"}", b"!", b""]);
    /// assert!(hclkit::parse_template(&b"Hi"[..], "t").tokens().is_none());
    /// ```
    pub fn tokens(&self) -> Option<&Tokens> {
        self.tokens.as_deref()
    }

    /// Takes the token stream out, leaving none (to free it before the tree).
    pub(crate) fn take_tokens(&mut self) -> Option<Box<Tokens>> {
        self.tokens.take()
    }
}
