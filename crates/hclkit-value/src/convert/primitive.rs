//! Conversions between the primitive types: number and bool to string (safe), string to
//! number and string to bool (unsafe). There is none between number and bool, and none from a
//! primitive type to itself (identity is the callers' business, as in the reference).

use super::{mismatch_message, ConversionError};
use crate::{Number, Path, Type, Value};

/// A primitive conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prim {
    NumberToString,
    BoolToString,
    StringToNumber,
    StringToBool,
}

pub(crate) fn get(in_ty: &Type, out: &Type, unsafe_: bool) -> Option<Prim> {
    match (in_ty, out) {
        (Type::Number, Type::String) => Some(Prim::NumberToString),
        (Type::Bool, Type::String) => Some(Prim::BoolToString),
        (Type::String, Type::Number) if unsafe_ => Some(Prim::StringToNumber),
        (Type::String, Type::Bool) if unsafe_ => Some(Prim::StringToBool),
        _ => None,
    }
}

impl Prim {
    /// Converts a known, non-null value of the source type.
    pub(crate) fn apply(self, v: &Value, out: &Type, path: &Path) -> Result<Value, ConversionError> {
        let err = |m: &str| Err(ConversionError::new(path.clone(), m));
        match (self, v.as_number(), v.as_bool(), v.as_str()) {
            // The number's full-precision decimal text, no exponent (unless absurdly long).
            (Prim::NumberToString, Some(n), _, _) => match n.try_to_string() {
                Ok(text) => Ok(Value::string(text)),
                Err(e) => err(&e.to_string()),
            },
            (Prim::BoolToString, _, Some(b), _) => Ok(Value::string(if b { "true" } else { "false" })),
            (Prim::StringToNumber, _, _, Some(s)) => match Number::parse(s) {
                Ok(n) => Ok(Value::number(n)),
                Err(_) => err("a number is required"),
            },
            (Prim::StringToBool, _, _, Some(s)) => match s {
                "true" | "1" => Ok(Value::bool(true)),
                "false" | "0" => Ok(Value::bool(false)),
                _ => match s.to_lowercase().as_str() {
                    "true" => err("a bool is required; to convert from string, use lowercase \"true\""),
                    "false" => err("a bool is required; to convert from string, use lowercase \"false\""),
                    _ => err("a bool is required"),
                },
            },
            // Not a value of the source type: only reachable through the reference's quirky
            // composition of unification conversions, where the reference would panic.
            _ => err(&mismatch_message(&v.ty(), out)),
        }
    }
}
