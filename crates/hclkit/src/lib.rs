//! hclkit: HCL v2 (HashiCorp Configuration Language) in Rust.
//!
//! This crate holds the layers below evaluation:
//!
//! ```text
//! bytes ──► syntax::native::lexer ──► syntax::native::parser ──► syntax::native::ast::File
//!                      │                        │
//!                      └──────── diagnostic::Diagnostics ◄──────┘   (pos: spans → lines/columns)
//! ```
//!
//! * [`pos`]: byte spans ([`pos::Span`]), positions and ranges as the reference reports them
//!   ([`pos::Pos`], [`pos::Range`]) and a lazy [`pos::LineIndex`].
//! * [`diagnostic`]: [`diagnostic::Diagnostic`] and its text and JSON renderings.
//! * [`syntax::native`]: the native syntax: tokens, lexer, typed AST and parser.
//! * [`context`]: the [`context::EvalContext`] and evaluation [`context::Budget`] (no syntax).
//! * [`eval`]: the evaluation API (context and [`eval::evaluate`], re-exported).
//! * [`files`]: [`Files`], the registry that parses files by syntax and keeps them for snippets.
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
pub mod de;
pub mod decode;
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
mod suggest;
pub mod syntax;
pub mod traversal;
pub mod typeexpr;

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
