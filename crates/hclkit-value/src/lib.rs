//! The HCL value model: types, values (known, null, unknown, the dynamic pseudo-type),
//! arbitrary-precision numbers, equality, conversion, unification, JSON, and functions.
//!
//! This crate is the counterpart of the reference implementation's go-cty, usable on its
//! own; the `hclkit` crate parses and evaluates HCL into these values. Every value is
//! immutable and cheap to clone.
//!
//! ```
//! use hclkit_value::{convert, json, stdlib, Type, Value};
//!
//! // Build values; their types follow.
//! let v = Value::object([("name", Value::string("web")), ("port", Value::number(8080))]);
//! assert_eq!(v.ty(), Type::object([("name", Type::String), ("port", Type::Number)]));
//!
//! // Convert by HCL's rules, write JSON, call a standard function.
//! let port = convert::convert(&Value::string("8080"), &Type::Number).unwrap();
//! assert_eq!(port, Value::number(8080));
//! assert_eq!(json::to_simple_json(&v).unwrap(), r#"{"name":"web","port":8080}"#);
//! let upper = stdlib::all()["upper"].call(&[Value::string("web")]).unwrap();
//! assert_eq!(upper, Value::string("WEB"));
//! ```
//!
//! | task | API |
//! |---|---|
//! | make and inspect values and types | [`Value`], [`Type`], [`Number`] |
//! | convert a value to a type, find a common type | [`convert::convert`], [`convert::unify`] |
//! | JSON: values and types to and from it | [`json::to_json`], [`json::from_json`], [`json::type_to_json`] |
//! | functions, and the standard library | [`function::Function`], [`stdlib::all`] |
//! | Rust data to and from values (serde) | [`serde::to_value`], [`serde::from_value`] |
//! | Go's text conventions (quoting, JSON strings) | [`go`] |
//!
//! The standard library's table (every function, its category and its differences from
//! go-cty) is the repository's `docs/functions.md`.

#![deny(missing_docs)]

pub mod convert;
mod eq;
pub mod function;
pub mod go;
pub mod json;
pub mod number;
mod ops;
mod path;
pub mod serde;
mod set;
pub mod stdlib;
#[cfg(test)]
mod testgen;
mod ty;
mod value;

pub use number::{Number, NumberError, NumberTooLongError, ParseNumberError};
pub use ops::OpError;
pub use path::{Path, PathStep};
pub use ty::{CapsuleEquals, CapsuleType, Name, ObjectType, TupleType, Type};
pub use value::{Value, ValueError};

/// The examples of the crate's README (its page on crates.io), compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
