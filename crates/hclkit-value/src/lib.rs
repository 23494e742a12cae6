//! The HCL value model: types, values (known, null, unknown, the dynamic pseudo-type),
//! arbitrary-precision numbers, equality, conversion, unification, JSON, and functions.
//!
//! This crate is the counterpart of the reference implementation's go-cty, usable on its
//! own. Every value is immutable and cheap to clone.
//!
//! ```
//! use hclkit_value::{Type, Value};
//! let v = Value::object([("name", Value::string("web")), ("port", Value::number(8080))]);
//! assert_eq!(v.ty(), Type::object([("name", Type::String), ("port", Type::Number)]));
//! ```
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
