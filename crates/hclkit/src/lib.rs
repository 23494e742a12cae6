//! hclkit: HCL v2 (HashiCorp Configuration Language) in Rust.
//!
//! The whole library above the value model ([`hclkit_value`]): syntaxes, diagnostics,
//! evaluation, body decoding and hcldec specs.
//!
//! ```text
//! bytes ──► syntax::native / syntax::json ──► Body ──► eval (expressions) / spec (hcldec specs)
//!                        │                        │
//!                        └──── diagnostic::Diagnostics ◄──┘   (pos: spans → lines/columns)
//! ```
//!
//! * [`pos`]: byte spans ([`pos::Span`]), positions and ranges as the reference reports them
//!   ([`pos::Pos`], [`pos::Range`]) and a lazy [`pos::LineIndex`].
//! * [`diagnostic`]: [`diagnostic::Diagnostic`] and its text and JSON renderings.
//! * [`syntax`]: the native syntax (tokens, lexer, typed AST, parser, evaluator) and the JSON
//!   syntax.
//! * [`body`]: the syntax-independent [`body::Body`] and schemas; [`merged`] merges bodies.
//! * [`context`]: the [`context::EvalContext`] and evaluation [`context::Budget`] (no syntax).
//! * [`eval`]: the evaluation API (context and [`eval::evaluate`], re-exported).
//! * [`traversal`], [`typeexpr`]: static analysis of expressions and type expressions.
//! * [`spec`]: hcldec specs (the `Spec` tree, decoding, spec files); also reachable as
//!   `hclkit::decode`, its old name.
//! * [`ext`]: the reference's extensions (dynamic blocks, `try`/`can`, custom decoding, ...).
//! * [`files`]: [`Files`], the registry that parses files by syntax and keeps them for snippets.
//! * [`format`](mod@format): the formatter (`hclfmt`'s output).
//! * [`convert`]: the native syntax to the JSON syntax and back (`hclkit convert`).
//! * [`de`], [`ser`]: serde support ([`from_str`], [`from_file`], [`to_string`], [`Spanned`]).
//!
//! Parsing never fails: every entry point returns a tree and diagnostics.
//!
//! ```
//! let (file, diags) = hclkit::parse_config(b"a = 1 + 2\n".as_slice(), "main.hcl");
//! assert!(!diags.has_errors());
//! let attr = file.body().attributes().next().unwrap();
//! assert_eq!(attr.name(), "a");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod body;
pub mod context;
pub mod convert;
pub mod de;
pub mod diagnostic;
mod error;
pub mod eval;
pub mod ext;
pub mod files;
pub mod format;
pub mod merged;
pub mod pos;
pub mod ser;
mod spanned;
pub mod spec;
mod suggest;
pub mod syntax;
pub mod traversal;
pub mod typeexpr;

/// The old name of [`spec`] (hcldec specs), kept so `hclkit::decode::...` paths still compile.
#[doc(hidden)]
pub use spec as decode;

pub use de::{from_file, from_str, Decoder};
pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use error::Error;
pub use files::Files;
pub use pos::{Pos, Range, Span};
pub use ser::to_string;
pub use spanned::Spanned;
pub use syntax::native::{parse_config, parse_config_strict, parse_expression, parse_template};

/// The README's examples, compiled and run as doc tests so the README stays true (here, where
/// both crates are in scope).
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
