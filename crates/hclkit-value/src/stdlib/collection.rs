//! Collection functions: `hasindex`, `length`.

use crate::function::{Function, FunctionError, Parameter};
use crate::ty::Type;
use crate::value::Value;

/// `hasindex(collection, key)`: whether indexing the list, map or tuple with the key would
/// succeed. A key of the wrong type (a string for a list) is simply not an index.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let list = Value::list(vec![Value::string("a"), Value::string("b")]).unwrap();
/// let has = |k: Value| stdlib::has_index().call(&[list.clone(), k]).unwrap();
/// assert_eq!(has(Value::number(1)), Value::bool(true));
/// assert_eq!(has(Value::number(2)), Value::bool(false));
/// assert_eq!(has(Value::string("x")), Value::bool(false));
/// ```
pub fn has_index() -> Function {
    Function::builder()
        .description(
            "Returns true if if the given collection can be indexed with the given key without producing an error, or false otherwise.",
        )
        .param(Parameter::new("collection", Type::Dynamic).allow_dynamic_type(true))
        .param(Parameter::new("key", Type::Dynamic).allow_dynamic_type(true))
        .return_type(|args| {
            let ty = args.first().map(Value::ty).unwrap_or(Type::Dynamic);
            if ty.is_tuple() || ty.is_list() || ty.is_map() || ty.is_dynamic() {
                Ok(Type::Bool)
            } else {
                Err(FunctionError::new("collection must be a list, a map or a tuple"))
            }
        })
        .implementation(|args, _| {
            let (Some(coll), Some(key)) = (args.first(), args.get(1)) else {
                return Ok(Value::unknown(Type::Bool));
            };
            Ok(index_exists(coll, key))
        })
        .build()
}

/// Whether `coll[key]` exists, for a list, map or tuple; unknown when that depends on unknowns.
fn index_exists(coll: &Value, key: &Value) -> Value {
    let cty = coll.ty();
    let kty = key.ty();
    if cty.is_dynamic() || kty.is_dynamic() {
        return Value::unknown(Type::Bool);
    }
    let want_key = if cty.is_map() { Type::String } else { Type::Number };
    if kty != want_key {
        return Value::bool(false);
    }
    if !key.is_known() || !coll.is_known() {
        return Value::unknown(Type::Bool);
    }
    if cty.is_map() {
        return Value::bool(key.as_str().is_some_and(|k| coll.map_get(k).is_some()));
    }
    let len = match cty.tuple_elements() {
        Some(elems) => elems.len(),
        None => coll.length().unwrap_or(0),
    };
    let index = key.as_number().filter(|n| n.is_integer()).and_then(|n| n.to_i64());
    Value::bool(index.and_then(|i| usize::try_from(i).ok()).is_some_and(|i| i < len))
}

/// `length(collection)`: the number of elements of a list, map, set or tuple.
///
/// A set with unknown elements has an unknown length (they might turn out equal to other
/// elements), unless it has only one element. Strings and objects are not collections here.
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let set = Value::set(vec![Value::string("a"), Value::unknown(Type::String)]).unwrap();
/// assert!(stdlib::length().call(&[set]).unwrap().is_unknown());
/// let err = stdlib::length().call(&[Value::string("abc")]).unwrap_err();
/// assert_eq!(err.message(), "collection must be a list, a map or a tuple");
/// ```
pub fn length() -> Function {
    Function::builder()
        .description("Returns the number of elements in the given collection.")
        .param(Parameter::new("collection", Type::Dynamic).allow_dynamic_type(true))
        .return_type(|args| {
            let ty = args.first().map(Value::ty).unwrap_or(Type::Dynamic);
            if ty.is_tuple() || ty.is_list() || ty.is_map() || ty.is_set() || ty.is_dynamic() {
                Ok(Type::Number)
            } else {
                Err(FunctionError::new("collection must be a list, a map or a tuple"))
            }
        })
        .implementation(|args, _| {
            Ok(args.first().map(collection_length).unwrap_or_else(|| Value::unknown(Type::Number)))
        })
        .build()
}

fn collection_length(coll: &Value) -> Value {
    let ty = coll.ty();
    if let Some(elems) = ty.tuple_elements() {
        return count(elems.len());
    }
    let Some(n) = coll.length() else { return Value::unknown(Type::Number) };
    if ty.is_set() && n != 1 && !coll.is_wholly_known() {
        return Value::unknown(Type::Number);
    }
    count(n)
}

fn count(n: usize) -> Value {
    Value::number(i64::try_from(n).unwrap_or(i64::MAX))
}
