//! Conversion functions: `tostring`, `tonumber`, `tobool`, `tolist`, `toset`, `tomap`.

use super::collection::arg0;
use crate::convert::{self, mismatch_message};
use crate::function::{Function, FunctionError, Parameter};
use crate::go::quote_into as go_quote;
use crate::ty::Type;

/// A function converting its argument to `want` (the reference's `MakeToFunc`), as the
/// `tostring`, `tonumber`, … functions do. A null converts to a null of the type; an unknown
/// value to an unknown value.
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let tonumber = stdlib::make_to_function(Type::Number);
/// assert_eq!(tonumber.call(&["12".into()]).unwrap(), Value::number(12));
/// let e = tonumber.call(&["x".into()]).unwrap_err();
/// assert_eq!(e.message(), "cannot convert \"x\" to number; given string must be a decimal representation of a number");
/// ```
pub fn make_to_function(want: Type) -> Function {
    let want_ty = want.clone();
    Function::builder()
        .description(format!(
            "Converts the given value to {}, or raises an error if that conversion is impossible.",
            want.friendly_name_for_constraint()
        ))
        .param(Parameter::new("v", Type::Dynamic).allow_null(true))
        .return_type(move |args| {
            let got = arg0(args).ty();
            if got == want_ty || convert::get_conversion_unsafe(&got, &want_ty).is_some() {
                return Ok(want_ty.clone());
            }
            Err(FunctionError::arg(
                0,
                match (&got, &want_ty) {
                    (Type::Tuple(_), Type::Tuple(_)) => {
                        format!("incompatible tuple type for conversion: {}", mismatch_message(&got, &want_ty))
                    }
                    (Type::Object(_), Type::Object(_)) => {
                        format!("incompatible object type for conversion: {}", mismatch_message(&got, &want_ty))
                    }
                    _ => {
                        format!("cannot convert {} to {}", got.friendly_name(), want_ty.friendly_name_for_constraint())
                    }
                },
            ))
        })
        .implementation(move |args, ty| {
            let v = arg0(args);
            convert::convert(v, ty).map_err(|e| {
                let got = v.ty();
                let what = || match v.as_str() {
                    Some(s) => {
                        let mut q = String::new();
                        go_quote(s, &mut q);
                        q
                    }
                    None => "string".to_owned(),
                };
                FunctionError::arg(
                    0,
                    match (&got, &want) {
                        (Type::String, Type::Bool) => format!(
                            "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                            what()
                        ),
                        (Type::String, Type::Number) => format!(
                            "cannot convert {} to number; given string must be a decimal representation of a number",
                            what()
                        ),
                        // Only a number too long to write out fails to become a string.
                        (Type::Number, Type::String) => format!("cannot convert number to string: {}", e.message()),
                        _ => {
                            format!("cannot convert {} to {}", got.friendly_name(), want.friendly_name_for_constraint())
                        }
                    },
                )
            })
        })
        .build()
}

/// `tostring(v)`.
pub fn tostring() -> Function {
    make_to_function(Type::String)
}
/// `tonumber(v)`.
pub fn tonumber() -> Function {
    make_to_function(Type::Number)
}
/// `tobool(v)`.
pub fn tobool() -> Function {
    make_to_function(Type::Bool)
}
/// `tolist(v)`.
pub fn tolist() -> Function {
    make_to_function(Type::list(Type::Dynamic))
}
/// `toset(v)`.
pub fn toset() -> Function {
    make_to_function(Type::set(Type::Dynamic))
}
/// `tomap(v)`.
pub fn tomap() -> Function {
    make_to_function(Type::map(Type::Dynamic))
}
