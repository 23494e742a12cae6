//! General functions: `coalesce`.

use crate::convert;
use crate::function::{Function, FunctionError, Parameter};
use crate::ty::Type;
use crate::value::Value;

/// `coalesce(vals...)`: the first argument that is not null, converted to the type all the
/// arguments can be converted to (unsafe conversions allowed, so `coalesce(1, "a")` is `"1"`).
///
/// The result is unknown when an unknown argument comes before the first non-null one.
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let f = stdlib::coalesce();
/// assert_eq!(f.call(&[Value::null(Type::Dynamic), Value::number(1), Value::string("a")]).unwrap(), Value::string("1"));
/// assert_eq!(f.call(&[Value::number(1), Value::bool(true)]).unwrap_err().message(), "all arguments must have the same type");
/// assert_eq!(f.call(&[Value::null(Type::String)]).unwrap_err().message(), "no non-null arguments");
/// ```
pub fn coalesce() -> Function {
    Function::builder()
        .description(
            "Returns the first of the given arguments that isn't null, or raises an error if there are no non-null arguments.",
        )
        .var_param(
            Parameter::new("vals", Type::Dynamic).allow_unknown(true).allow_dynamic_type(true).allow_null(true),
        )
        .return_type(|args| {
            let types: Vec<Type> = args.iter().map(Value::ty).collect();
            convert::unify_unsafe(&types).ok_or_else(|| FunctionError::new("all arguments must have the same type"))
        })
        .implementation(|args, ty| {
            for arg in args {
                if arg.is_unknown() {
                    return Ok(Value::unknown(ty.clone()));
                }
                if arg.is_null() {
                    continue;
                }
                return convert::convert(arg, ty).map_err(|e| FunctionError::new(e.to_string()).with_path(e.path().clone()));
            }
            Err(FunctionError::new("no non-null arguments"))
        })
        .build()
}
