//! JSON functions: `jsonencode`, `jsondecode`.

use crate::function::{Function, FunctionError, Parameter};
use crate::json;
use crate::ty::Type;
use crate::value::Value;

/// `jsonencode(val)`: the JSON text of a value (unknown if any part of it is unknown).
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let v = Value::object([("a", Value::number(1)), ("b", Value::string("<x>"))]);
/// assert_eq!(stdlib::json_encode().call(&[v]).unwrap(), Value::string(r#"{"a":1,"b":"\u003cx\u003e"}"#));
/// assert_eq!(stdlib::json_encode().call(&[Value::null(Type::Dynamic)]).unwrap(), Value::string("null"));
/// ```
pub fn json_encode() -> Function {
    Function::builder()
        .description("Returns a string containing a JSON representation of the given value.")
        .param(Parameter::new("val", Type::Dynamic).allow_dynamic_type(true).allow_null(true))
        .static_return_type(Type::String)
        .implementation(|args, ty| {
            let Some(val) = args.first() else { return Ok(Value::unknown(ty.clone())) };
            if !val.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            if val.is_null() {
                return Ok(Value::string("null"));
            }
            let out = json::to_json(val, &val.ty()).map_err(|e| FunctionError::new(e.to_string()))?;
            let bytes: &[u8] = out.as_ref();
            let text = String::from_utf8_lossy(bytes).into_owned();
            Ok(Value::string(text))
        })
        .build()
}

/// `jsondecode(str)`: the value a JSON text describes, of the type JSON implies (objects,
/// tuples, numbers, strings, bools; `null` is a null of the dynamic pseudo-type).
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let v = stdlib::json_decode().call(&[Value::string(r#"{"a":[1,"x"]}"#)]).unwrap();
/// assert_eq!(v.ty(), Type::object([("a", Type::tuple([Type::Number, Type::String]))]));
/// ```
pub fn json_decode() -> Function {
    Function::builder()
        .description(
            "Parses the given string as JSON and returns a value corresponding to what the JSON document describes.",
        )
        .param(Parameter::new("str", Type::String))
        .return_type(|args| match args.first().and_then(Value::as_str) {
            Some(s) => json::implied_type(s.as_bytes()).map_err(|e| FunctionError::new(e.to_string())),
            None => Ok(Type::Dynamic),
        })
        .implementation(|args, ty| {
            let s = args.first().and_then(Value::as_str).unwrap_or_default();
            json::from_json(s.as_bytes(), ty).map_err(|e| FunctionError::new(e.to_string()))
        })
        .build()
}
