//! The HCL value model: types, values (known, null, unknown, the dynamic pseudo-type),
//! arbitrary-precision numbers, equality, conversion, unification, JSON, and functions.
#![deny(missing_docs)]

mod number;
mod ty;

pub use number::{Number, NumberError, ParseNumberError};
pub use ty::{CapsuleEquals, CapsuleType, Name, ObjectType, TupleType, Type};
