//! hclkit: HCL v2 (HashiCorp Configuration Language) in Rust — parse, decode, evaluate,
//! format and convert HCL, in the native and the JSON syntax, as the reference implementation
//! (hashicorp/hcl v2.14.1) does. Values, types and the standard functions are the companion
//! crate [`hclkit_value`]'s.
//!
//! # Read a configuration into your own types
//!
//! What most applications want: derive serde's `Deserialize` and call [`from_str`] (or
//! [`from_file`]; [`Decoder`] adds variables and functions). Blocks are fields (a `Vec` for
//! repeated blocks), a block's labels are the fields named `@label` or `@NAME`, and errors are
//! an [`Error`] that shows each problem with its file, line and column.
//!
//! ```
//! use hclkit_value::{stdlib, Value};
//! use serde::Deserialize;
//!
//! #[derive(Deserialize)]
//! struct Config {
//!     service: Vec<Service>,
//! }
//!
//! #[derive(Deserialize)]
//! struct Service {
//!     #[serde(rename = "@name")]
//!     name: String,
//!     image: String,
//!     replicas: u32,
//! }
//!
//! let src = r#"
//! service "web" {
//!   image    = "nginx:${version}"
//!   replicas = max(2, 3)
//! }
//! "#;
//! let config: Config = hclkit::Decoder::new()
//!     .variable("version", Value::string("1.27"))
//!     .functions(stdlib::all())
//!     .from_str(src)
//!     .unwrap();
//! assert_eq!(config.service[0].name, "web");
//! assert_eq!(config.service[0].image, "nginx:1.27");
//! assert_eq!(config.service[0].replicas, 3);
//!
//! // A mistake is an error pointing at the source.
//! let Err(err) = hclkit::from_str::<Config>("service \"web\" {\n  image = \"nginx\"\n}\n") else {
//!     panic!("replicas is missing");
//! };
//! let text = err.to_string();
//! assert!(text.contains("error: Missing required argument") && text.contains(":1:"), "{text}");
//! ```
//!
//! The mapping in full, and how it compares with hcl-rs and Go's gohcl: the repository's
//! `docs/serde.md`. [`to_string`] goes the other way, from serde data to formatted HCL.
//!
//! # Which API for which task
//!
//! | task | API |
//! |---|---|
//! | decode into Rust types | [`from_str`], [`from_file`], [`Decoder`]; [`Spanned`] keeps a value's source range |
//! | write Rust data as HCL | [`to_string`] |
//! | write native text: a value, a string, a key, a body (for generators and editors) | [`write`](mod@write): [`write::value_text`], [`write::text`], [`write::Writer`] |
//! | decode by an hcldec spec (the shape is data, not a type) | [`spec::specfile::load_spec`], then [`spec::decode`] |
//! | take the attributes and blocks a schema names | [`body::Body::content`] with a [`body::BodySchema`]; [`merged`] for several files as one |
//! | evaluate an expression | [`parse_expression`], then [`eval::evaluate`] with an [`eval::EvalContext`] (variables, functions from [`hclkit_value::stdlib`]) |
//! | format source in the canonical layout (`hclfmt`, `terraform fmt`) | [`format::format`], [`format::Formatter`] |
//! | convert the native syntax to JSON and back | [`transcode::native_to_json`], [`transcode::json_to_native`] |
//! | walk the syntax tree, with a source range for every node | [`parse_config`], then [`syntax::native::ast::File::body`]: blocks, attributes, expressions, each with `range()` |
//! | the token stream of a source (an editor, a highlighter), every byte accounted for | [`syntax::native::ParseOptions::keep_tokens`], then [`Parse::tokens`]: [`syntax::native::Tokens`] |
//! | read files of either syntax, keep them for error snippets | [`Files`] |
//! | report problems | [`Diagnostics`]; [`diagnostic::Renderer`] draws them as rustc does |
//! | edit a file, keeping its comments and layout | [`edit::Document`] (`docs/edit.md`) |
//!
//! Walking the tree: every parse function returns a [`Parse`], which always holds a tree
//! (partial when the source has errors) and the diagnostics found.
//!
//! ```
//! let src = b"service \"web\" {\n  image = \"nginx\"\n}\n";
//! let parse = hclkit::parse_config(src.as_slice(), "main.hcl");
//! assert!(!parse.has_errors()); // parsing never fails: a tree and diagnostics, always
//! let file = parse.into_value(); // or into_result(), into_parts()
//! let block = file.body().blocks().next().unwrap();
//! assert_eq!(block.block_type(), "service");
//! let attr = block.body().attributes().next().unwrap();
//! let at = attr.range();
//! assert_eq!((attr.name(), at.start.line, at.start.column), ("image", 2, 3));
//! ```
//!
//! # Modules
//!
//! ```text
//! bytes ──► syntax::native / syntax::json ──► Body ──► eval (expressions) / spec (hcldec specs)
//!                        │                        │
//!                        └──── diagnostic::Diagnostics ◄──┘   (pos: spans → lines/columns)
//! ```
//!
//! * [`pos`]: byte spans ([`pos::Span`]), positions and ranges as the reference reports them
//!   ([`pos::Pos`], [`pos::Range`]) and a lazy [`pos::LineIndex`].
//! * [`diagnostic`]: [`diagnostic::Diagnostic`], the list [`Diagnostics`] and their text and
//!   JSON renderings.
//! * [`syntax`]: the native syntax (tokens, lexer, typed AST, parser, evaluator) and the JSON
//!   syntax; [`Parse`], what every parse returns.
//! * [`body`]: the syntax-independent [`body::Body`] and schemas; [`merged`] merges bodies.
//! * [`context`]: the [`context::EvalContext`] and evaluation [`context::Budget`] (no syntax).
//! * [`eval`]: the evaluation API (context and [`eval::evaluate`], re-exported).
//! * [`traversal`], [`typeexpr`]: static analysis of expressions and type expressions;
//!   [`analysis`]: references, symbols by an application's address scheme, dependency order
//!   and evaluation in that order.
//! * [`edit`]: lossless editing of native files ([`edit::Document`]).
//! * [`spec`]: hcldec specs (the `Spec` tree, decoding, spec files); also reachable as
//!   `hclkit::decode`, its old name.
//! * [`ext`]: the reference's extensions (dynamic blocks, `try`/`can`, custom decoding, ...).
//! * [`files`]: [`Files`], the registry that parses files by syntax and keeps them for snippets.
//! * [`format`](mod@format): the formatter (`hclfmt`'s output).
//! * [`transcode`]: the native syntax to the JSON syntax and back (`hclkit convert`).
//! * [`write`](mod@write): the one writer of native text (names, strings, templates, values, bodies),
//!   laid out by the formatter.
//! * [`de`], [`ser`]: serde support ([`from_str`], [`from_file`], [`to_string`], [`Spanned`]).
//!
//! Guides beside the code, in the repository's `docs/` folder (named, as rustdoc cannot link
//! outside the crate): `serde.md` (typed decoding), `convert.md`, `eval.md`, `functions.md`
//! (the standard library), `spec-departures.md` (where hclkit departs from the specifications
//! and the reference, and its limits).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod body;
pub mod context;
pub mod de;
pub mod diagnostic;
pub mod edit;
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
pub mod transcode;
pub mod traversal;
pub mod typeexpr;
pub mod write;

/// The old name of [`spec`] (hcldec specs), kept so `hclkit::decode::...` paths still compile.
#[doc(hidden)]
pub use spec as decode;

pub use de::{from_file, from_str, Decoder};
pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use error::Error;
pub use files::{Files, SourceFile};
pub use pos::{Pos, Range, Span};
pub use ser::to_string;
pub use spanned::Spanned;
pub use syntax::native::{parse_config, parse_config_strict, parse_expression, parse_template};
pub use syntax::Parse;

/// The README's examples, compiled and run as doc tests so the README stays true (here, where
/// both crates are in scope).
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The examples of the crate's README (its page on crates.io), compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
