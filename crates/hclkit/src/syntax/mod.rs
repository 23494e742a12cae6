//! Concrete syntaxes of HCL: the native syntax and the JSON syntax (whose strings are native
//! templates).

pub mod json;
pub mod native;
