//! Concrete syntaxes of HCL: the native syntax and the JSON syntax (whose strings are native
//! templates).
//!
//! Every parse function of both returns a [`Parse`]: the tree (always, partial on errors)
//! and the diagnostics found.

pub mod json;
pub mod native;
mod parse;

pub use parse::Parse;
