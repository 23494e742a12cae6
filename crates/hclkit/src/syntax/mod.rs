//! Concrete syntaxes of HCL. Only the native syntax lives here so far; the JSON syntax will
//! join it and reuse the native template parser for its strings.

pub mod native;
