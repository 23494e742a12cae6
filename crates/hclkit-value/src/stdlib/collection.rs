//! Collection functions: `hasindex`, `length`, `index`, `element`, `keys`, `values`, `lookup`,
//! `merge`, `zipmap`, `contains`, `distinct`, `compact`, `coalescelist`, `chunklist`,
//! `flatten`.

use std::collections::HashSet;

use super::general::convert_to;
use super::string::int_arg;
use crate::convert;
use crate::function::{Function, FunctionError, Parameter};
use crate::set::EqKey;
use crate::ty::Name;
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

pub(super) fn err(msg: impl Into<String>) -> FunctionError {
    FunctionError::new(msg)
}

pub(super) fn value_err(e: crate::ValueError) -> FunctionError {
    FunctionError::new(e.to_string())
}

pub(super) fn arg0(args: &[Value]) -> &Value {
    args.first().unwrap_or(&DYNAMIC)
}

pub(super) static DYNAMIC: Value = Value(crate::value::Repr::Unknown(Type::Dynamic));

/// `index(collection, key)`: the element of a list, map or tuple at `key`, as the index
/// operator `collection[key]` does.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let t = Value::tuple(vec!["a".into(), 1.into()]);
/// assert_eq!(stdlib::index().call(&[t.clone(), 1.into()]).unwrap(), Value::number(1));
/// assert_eq!(stdlib::index().call(&[t, 2.into()]).unwrap_err().message(), "key must be between 0 and 2 inclusive");
/// ```
pub fn index() -> Function {
    Function::builder()
        .description("Returns the element with the given key from the given collection, or raises an error if there is no such element.")
        .param(Parameter::new("collection", Type::Dynamic))
        .param(Parameter::new("key", Type::Dynamic).allow_dynamic_type(true))
        .return_type(|args| {
            let cty = arg0(args).ty();
            let key = args.get(1).unwrap_or(&DYNAMIC);
            let kty = key.ty();
            match &cty {
                Type::Tuple(t) => {
                    if kty != Type::Number && !kty.is_dynamic() {
                        return Err(err("key for tuple must be number"));
                    }
                    if key.is_unknown() {
                        return Ok(Type::Dynamic);
                    }
                    let idx = int_arg(key).map_err(|e| err(format!("invalid key for tuple: {}", e.message())))?;
                    let etys = t.elements();
                    usize::try_from(idx)
                        .ok()
                        .and_then(|i| etys.get(i))
                        .cloned()
                        .ok_or_else(|| err(format!("key must be between 0 and {} inclusive", etys.len())))
                }
                Type::List(e) => {
                    if kty != Type::Number && !kty.is_dynamic() {
                        return Err(err("key for list must be number"));
                    }
                    Ok((**e).clone())
                }
                Type::Map(e) => {
                    if kty != Type::String && !kty.is_dynamic() {
                        return Err(err("key for map must be string"));
                    }
                    Ok((**e).clone())
                }
                _ => Err(err("collection must be a list, a map or a tuple")),
            }
        })
        .implementation(|args, _| {
            let (coll, key) = (arg0(args), args.get(1).unwrap_or(&DYNAMIC));
            if index_exists(coll, key).as_bool() == Some(false) {
                return Err(err("invalid index"));
            }
            coll.index(key).map_err(|e| err(e.message()))
        })
        .build()
}

/// `element(list, index)`: the element of a list or tuple at `index` modulo its length.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec!["a".into(), "b".into()]).unwrap();
/// assert_eq!(stdlib::element().call(&[l, 3.into()]).unwrap(), Value::string("b"));
/// ```
pub fn element() -> Function {
    Function::builder()
        .description("Retrieves a single element from a list.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("index", Type::Number))
        .return_type(|args| {
            let index = args.get(1).unwrap_or(&DYNAMIC);
            if index.as_number().is_some_and(|n| n.is_negative()) {
                return Err(err("cannot use element function with a negative index"));
            }
            let ty = arg0(args).ty();
            match &ty {
                Type::List(e) => Ok((**e).clone()),
                Type::Tuple(t) => {
                    if index.is_unknown() {
                        return Ok(Type::Dynamic);
                    }
                    let i = int_arg(index).map_err(|e| err(format!("invalid index: {}", e.message())))?;
                    let etys = t.elements();
                    if etys.is_empty() {
                        return Err(err("cannot use element function with an empty list"));
                    }
                    let i = usize::try_from(i).unwrap_or(0) % etys.len();
                    Ok(etys[i].clone())
                }
                _ => Err(err(format!("cannot read elements from {}", ty.friendly_name()))),
            }
        })
        .implementation(|args, _| {
            let index = args.get(1).unwrap_or(&DYNAMIC);
            let i = int_arg(index).map_err(|e| err(format!("invalid index: {}", e.message())))?;
            if i < 0 {
                return Err(err("cannot use element function with a negative index"));
            }
            let elems = arg0(args).elements().unwrap_or_default();
            if elems.is_empty() {
                return Err(err("cannot use element function with an empty list"));
            }
            let i = usize::try_from(i).unwrap_or(0) % elems.len();
            Ok(elems[i].clone())
        })
        .build()
}

/// `keys(inputMap)`: the keys of a map (a list) or the attribute names of an object (a
/// tuple), in lexical order.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let o = Value::object([("b", Value::number(1)), ("a", Value::bool(true))]);
/// assert_eq!(stdlib::keys().call(&[o]).unwrap(), Value::tuple(vec!["a".into(), "b".into()]));
/// ```
pub fn keys() -> Function {
    Function::builder()
        .description("Takes a map and returns a sorted list of the map keys.")
        .param(Parameter::new("inputMap", Type::Dynamic).allow_unknown(true))
        .return_type(|args| match arg0(args).ty() {
            Type::Map(_) => Ok(Type::list(Type::String)),
            Type::Object(o) => Ok(Type::tuple(o.attributes().iter().map(|_| Type::String))),
            _ => Err(FunctionError::arg(0, "must have map or object type")),
        })
        .implementation(|args, ty| {
            let m = arg0(args);
            if let Type::Object(o) = m.ty() {
                return Ok(Value::tuple(o.attributes().iter().map(|(n, _)| Value::string(n.clone())).collect()));
            }
            if m.is_unknown() {
                return Ok(Value::unknown(ty.clone()));
            }
            let keys = m.entries().unwrap_or_default().iter().map(|(k, _)| Value::string(k.clone())).collect();
            Value::list_of(Type::String, keys).map_err(value_err)
        })
        .build()
}

/// `values(mapping)`: the values of a map (a list) or object (a tuple), in the lexical order
/// of their keys.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let m = Value::map([("b", Value::number(1)), ("a", Value::number(2))]).unwrap();
/// assert_eq!(stdlib::values().call(&[m]).unwrap(), Value::list(vec![2.into(), 1.into()]).unwrap());
/// ```
pub fn values() -> Function {
    Function::builder()
        .description("Returns the values of elements of a given map, or the values of attributes of a given object, in lexicographic order by key or attribute name.")
        .param(Parameter::new("mapping", Type::Dynamic))
        .return_type(|args| match arg0(args).ty() {
            Type::Map(e) => Ok(Type::list((*e).clone())),
            Type::Object(o) => Ok(Type::tuple(o.attributes().iter().map(|(_, t)| t.clone()))),
            _ => Err(err("values() requires a map as the first argument")),
        })
        .implementation(|args, ty| {
            let vals: Vec<Value> = arg0(args).entries().unwrap_or_default().iter().map(|(_, v)| v.clone()).collect();
            if ty.is_tuple() {
                return Ok(Value::tuple(vals));
            }
            Value::list_of(ty.element_type().cloned().unwrap_or(Type::Dynamic), vals).map_err(value_err)
        })
        .build()
}

/// `lookup(inputMap, key, default)`: the element of a map (or attribute of an object) under
/// `key`, or `default` when there is none.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let m = Value::map([("a", Value::string("x"))]).unwrap();
/// assert_eq!(stdlib::lookup().call(&[m, "b".into(), "y".into()]).unwrap(), Value::string("y"));
/// ```
pub fn lookup() -> Function {
    Function::builder()
        .description("Retrieves the value of a single element from a map, given its key. If the given key does not exist, the given default value is returned instead.")
        .param(Parameter::new("inputMap", Type::Dynamic))
        .param(Parameter::new("key", Type::String))
        .param(Parameter::new("default", Type::Dynamic))
        .return_type(|args| {
            let ty = arg0(args).ty();
            let key = args.get(1).unwrap_or(&DYNAMIC);
            let default = args.get(2).unwrap_or(&DYNAMIC);
            match &ty {
                Type::Object(o) => {
                    let Some(k) = key.as_str() else { return Ok(Type::Dynamic) };
                    Ok(o.attribute(k).cloned().unwrap_or_else(|| default.ty()))
                }
                Type::Map(e) => {
                    if convert::convert(default, e).is_err() {
                        return Err(FunctionError::arg(2, "the default value must have the same type as the map elements"));
                    }
                    Ok((**e).clone())
                }
                _ => Err(FunctionError::arg(0, "lookup() requires a map as the first argument")),
            }
        })
        .implementation(|args, ty| {
            let m = arg0(args);
            let key = args.get(1).and_then(Value::as_str).unwrap_or_default();
            if !m.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            if let Some(v) = m.get_attr(key).or_else(|| m.map_get(key)) {
                return Ok(v.clone());
            }
            let default = args.get(2).unwrap_or(&DYNAMIC);
            convert_to(default, ty).map_err(|e| err(e.to_string()).with_path(e.path().clone()))
        })
        .build()
}

/// `merge(maps...)`: the elements of all the maps and objects, later ones winning for the
/// same key. The result is a map when all arguments have the same map type, otherwise an
/// object.
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let a = Value::map([("a", Value::string("x"))]).unwrap();
/// let b = Value::object([("b", Value::number(1))]);
/// let v = stdlib::merge().call(&[a, b]).unwrap();
/// assert_eq!(v.ty(), Type::object([("a", Type::String), ("b", Type::Number)]));
/// ```
pub fn merge() -> Function {
    Function::builder()
        .description("Merges all of the elements from the given maps into a single map, or the attributes from given objects into a single object.")
        .var_param(Parameter::new("maps", Type::Dynamic).allow_dynamic_type(true).allow_null(true))
        .return_type(|args| {
            if args.is_empty() {
                return Ok(Type::empty_object());
            }
            let mut attrs: std::collections::BTreeMap<Name, Type> = std::collections::BTreeMap::new();
            let first = arg0(args).ty();
            let mut matching = true;
            let mut attrs_known = true;
            for arg in args {
                let ty = arg.ty();
                if ty.is_dynamic() {
                    return Ok(Type::Dynamic);
                }
                match &ty {
                    Type::Object(o) if !arg.is_null() => {
                        for (n, t) in o.attributes() {
                            attrs.insert(n.clone(), t.clone());
                        }
                    }
                    Type::Object(_) => {}
                    Type::Map(e) => {
                        if arg.is_unknown() {
                            attrs_known = false;
                        } else {
                            for (k, _) in arg.entries().unwrap_or_default() {
                                attrs.insert(k.clone(), (**e).clone());
                            }
                        }
                    }
                    _ => {
                        let mut q = String::new();
                        crate::go::quote_into(&ty.friendly_name(), &mut q);
                        return Err(err(format!("arguments must be maps or objects, got {q}")));
                    }
                }
                if ty != first {
                    matching = false;
                }
            }
            // The reference returns the first type when all match, even when they are object
            // types and every argument is null: its implementation skips the nulls, and then
            // crashes on the empty object that does not conform. Null objects contribute no
            // attributes, so that result is the empty object, as when the types differ.
            let all_null_objects = first.is_object() && args.iter().all(Value::is_null);
            if matching && !all_null_objects {
                return Ok(first);
            }
            if !attrs_known {
                return Ok(Type::Dynamic);
            }
            Ok(Type::object(attrs))
        })
        .implementation(|args, ty| {
            let mut out: std::collections::BTreeMap<Name, Value> = std::collections::BTreeMap::new();
            for arg in args {
                // Reached with other than maps and objects only when another argument is a null
                // of the dynamic pseudo-type, which makes the type check give up. The reference
                // then iterates the argument as it would a map: a set's elements are their own
                // keys (so a set of known strings merges); a list's or tuple's keys are numbers
                // and a primitive cannot be iterated, where it panics ("panic in function
                // implementation"): an error here.
                let ty = arg.ty();
                if !arg.is_null() && !ty.is_object() && !ty.is_map() {
                    let elems = arg.elements().unwrap_or_default();
                    let set_of_strings = ty.is_set()
                        && elems.iter().all(|e| e.is_known() && !e.is_null() && e.ty() == Type::String);
                    if set_of_strings {
                        for e in elems {
                            if let Some(k) = e.as_str() {
                                out.insert(Name::from(k), e.clone());
                            }
                        }
                        continue;
                    }
                    if !(ty.is_collection() || ty.is_tuple()) || !elems.is_empty() {
                        let mut q = String::new();
                        crate::go::quote_into(&ty.friendly_name(), &mut q);
                        return Err(err(format!("arguments must be maps or objects, got {q}")));
                    }
                }
                for (k, v) in arg.entries().unwrap_or_default() {
                    out.insert(k.clone(), v.clone());
                }
            }
            match ty {
                Type::Map(e) => Value::map_of((**e).clone(), out).map_err(value_err),
                _ => Ok(Value::object(out)),
            }
        })
        .build()
}

/// `zipmap(keys, values)`: a map (values a list) or object (values a tuple) from a list of
/// keys and a list of values of the same length.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let k = Value::list(vec!["a".into(), "b".into()]).unwrap();
/// let v = Value::list(vec![1.into(), 2.into()]).unwrap();
/// let m = stdlib::zipmap().call(&[k, v]).unwrap();
/// assert_eq!(m, Value::map([("a", Value::number(1)), ("b", Value::number(2))]).unwrap());
/// ```
pub fn zipmap() -> Function {
    Function::builder()
        .description("Constructs a map from a list of keys and a corresponding list of values.")
        .param(Parameter::new("keys", Type::list(Type::String)))
        .param(Parameter::new("values", Type::Dynamic))
        .return_type(|args| {
            let keys = arg0(args);
            let values_ty = args.get(1).map(Value::ty).unwrap_or(Type::Dynamic);
            match &values_ty {
                Type::List(e) => Ok(Type::map((**e).clone())),
                Type::Tuple(t) => {
                    if !keys.is_wholly_known() {
                        return Ok(Type::Dynamic);
                    }
                    let ks = keys.elements().unwrap_or_default();
                    let etys = t.elements();
                    if ks.len() != etys.len() {
                        return Err(err(format!(
                            "number of keys ({}) does not match number of values ({})",
                            ks.len(),
                            etys.len()
                        )));
                    }
                    let mut attrs: std::collections::BTreeMap<Name, Type> = std::collections::BTreeMap::new();
                    for (i, (k, t)) in ks.iter().zip(etys).enumerate() {
                        let Some(k) = k.as_shared_str() else {
                            return Err(err(format!("keys list has null value at index {i}")));
                        };
                        attrs.insert(k.clone(), t.clone());
                    }
                    Ok(Type::object(attrs))
                }
                _ => Err(err("values argument must be a list or tuple value")),
            }
        })
        .implementation(|args, ty| {
            let keys = arg0(args);
            if !keys.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let ks = keys.elements().unwrap_or_default();
            let vs = args.get(1).and_then(Value::elements).unwrap_or_default();
            if ks.len() != vs.len() {
                return Err(err(format!(
                    "number of keys ({}) does not match number of values ({})",
                    ks.len(),
                    vs.len()
                )));
            }
            let mut out: std::collections::BTreeMap<Name, Value> = std::collections::BTreeMap::new();
            for (i, (k, v)) in ks.iter().zip(vs).enumerate() {
                let Some(k) = k.as_shared_str() else {
                    return Err(err(format!("keys list has null value at index {i}")));
                };
                out.insert(k.clone(), v.clone());
            }
            match ty {
                Type::Map(e) => Value::map_of((**e).clone(), out).map_err(value_err),
                _ => Ok(Value::object(out)),
            }
        })
        .build()
}

/// `contains(list, value)`: whether a list, tuple or set has an element equal to `value`
/// (unknown when that depends on unknown elements).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec!["a".into(), "b".into()]).unwrap();
/// assert_eq!(stdlib::contains().call(&[l, "b".into()]).unwrap(), Value::bool(true));
/// ```
pub fn contains() -> Function {
    Function::builder()
        .description("Returns true if the given value is a value in the given list, tuple, or set, or false otherwise.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("value", Type::Dynamic))
        .static_return_type(Type::Bool)
        .implementation(|args, _| {
            let list = arg0(args);
            let ty = list.ty();
            if !ty.is_list() && !ty.is_tuple() && !ty.is_set() {
                return Err(err("argument must be list, tuple, or set"));
            }
            let elems = list.elements().unwrap_or_default();
            if elems.is_empty() {
                return Ok(Value::bool(false));
            }
            let value = args.get(1).unwrap_or(&DYNAMIC);
            let mut unknown = false;
            for e in elems {
                match value.equals(e).as_bool() {
                    Some(true) => return Ok(Value::bool(true)),
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            Ok(if unknown { Value::unknown(Type::Bool) } else { Value::bool(false) })
        })
        .build()
}

/// `distinct(list)`: the list without repeated elements (the first of each kept).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec!["a".into(), "b".into(), "a".into()]).unwrap();
/// assert_eq!(stdlib::distinct().call(&[l]).unwrap(), Value::list(vec!["a".into(), "b".into()]).unwrap());
/// ```
pub fn distinct() -> Function {
    Function::builder()
        .description("Removes any duplicate values from the given list, preserving the order of remaining elements.")
        .param(Parameter::new("list", Type::list(Type::Dynamic)))
        .return_type(|args| Ok(arg0(args).ty()))
        .implementation(|args, ty| {
            let list = arg0(args);
            if !list.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            // The reference compares each element with every one kept; a hash set of the
            // kept elements under `==` finds the same ones in linear time.
            let elems = list.elements().unwrap_or_default();
            let mut seen: HashSet<EqKey<'_>> = HashSet::with_capacity(elems.len());
            let out: Vec<Value> =
                elems.iter().filter(|v| EqKey::new(v).map_or(true, |k| seen.insert(k))).cloned().collect();
            Value::list_of(ty.element_type().cloned().unwrap_or(Type::Dynamic), out).map_err(value_err)
        })
        .build()
}

/// `compact(list)`: the list of strings without its null and empty elements.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec!["a".into(), "".into(), "b".into()]).unwrap();
/// assert_eq!(stdlib::compact().call(&[l]).unwrap(), Value::list(vec!["a".into(), "b".into()]).unwrap());
/// ```
pub fn compact() -> Function {
    Function::builder()
        .description("Removes all empty string elements from the given list of strings.")
        .param(Parameter::new("list", Type::list(Type::String)))
        .static_return_type(Type::list(Type::String))
        .implementation(|args, ty| {
            let list = arg0(args);
            if !list.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let out: Vec<Value> = list
                .elements()
                .unwrap_or_default()
                .iter()
                .filter(|v| v.as_str().is_some_and(|s| !s.is_empty()))
                .cloned()
                .collect();
            Value::list_of(Type::String, out).map_err(value_err)
        })
        .build()
}

/// `coalescelist(vals...)`: the first argument that is a non-empty list or tuple.
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let a = Value::empty_list(Type::String);
/// let b = Value::list(vec!["x".into()]).unwrap();
/// assert_eq!(stdlib::coalescelist().call(&[a, b.clone()]).unwrap(), b);
/// ```
pub fn coalescelist() -> Function {
    Function::builder()
        .description("Returns the first of the given sequences that has a length greater than zero.")
        .var_param(Parameter::new("vals", Type::Dynamic).allow_unknown(true).allow_dynamic_type(true).allow_null(true))
        .return_type(|args| {
            if args.is_empty() {
                return Err(err("at least one argument is required"));
            }
            let mut types = Vec::with_capacity(args.len());
            for arg in args {
                if arg.is_unknown() {
                    return Ok(Type::Dynamic);
                }
                let ty = arg.ty();
                if !ty.is_list() && !ty.is_tuple() {
                    return Err(err("coalescelist arguments must be lists or tuples"));
                }
                types.push(ty);
            }
            if types.iter().all(|t| *t == types[0]) {
                return Ok(types.swap_remove(0));
            }
            Ok(Type::Dynamic)
        })
        .implementation(|args, ty| {
            for arg in args {
                if arg.is_unknown() {
                    return Ok(Value::unknown(ty.clone()));
                }
                if arg.length().is_some_and(|n| n > 0) {
                    return Ok(arg.clone());
                }
            }
            Err(err("no non-null arguments"))
        })
        .build()
}

/// `chunklist(list, size)`: the list split into lists of `size` elements (the last may be
/// shorter; a size of 0 gives the whole list as one chunk).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec![1.into(), 2.into(), 3.into()]).unwrap();
/// let v = stdlib::chunklist().call(&[l, 2.into()]).unwrap();
/// assert_eq!(v.length(), Some(2));
/// ```
pub fn chunklist() -> Function {
    Function::builder()
        .description("Splits a single list into multiple lists where each has at most the given number of elements.")
        .param(Parameter::new("list", Type::list(Type::Dynamic)))
        .param(Parameter::new("size", Type::Number))
        .return_type(|args| Ok(Type::list(arg0(args).ty())))
        .implementation(|args, ty| {
            let list = arg0(args);
            let size =
                int_arg(args.get(1).unwrap_or(&DYNAMIC)).map_err(|e| err(format!("invalid size: {}", e.message())))?;
            if size < 0 {
                return Err(err("the size argument must be positive"));
            }
            let lty = list.ty();
            let elems = list.elements().unwrap_or_default();
            if elems.is_empty() {
                return Ok(Value::empty_list(lty));
            }
            if size == 0 {
                return Value::list_of(lty, vec![list.clone()]).map_err(value_err);
            }
            let ety = lty.element_type().cloned().unwrap_or(Type::Dynamic);
            let size = usize::try_from(size).unwrap_or(usize::MAX);
            let chunks: Result<Vec<Value>, _> =
                elems.chunks(size).map(|c| Value::list_of(ety.clone(), c.to_vec())).collect();
            Value::list_of(ty.element_type().cloned().unwrap_or(lty), chunks.map_err(value_err)?).map_err(value_err)
        })
        .build()
}

/// Whether a list, set or tuple value has a known length (the reference's `Length().IsKnown()`).
pub(super) fn length_known(v: &Value) -> bool {
    if v.ty().is_tuple() {
        return true;
    }
    !collection_length(v).is_unknown()
}

/// The reference's flattening: the elements of nested lists, sets and tuples, and whether
/// the result is known.
fn flattener(list: &Value) -> (Vec<Value>, bool) {
    if !length_known(list) {
        return (Vec::new(), false);
    }
    let mut out = Vec::new();
    let mut known = true;
    for v in list.elements().unwrap_or_default() {
        if v.is_dynamic() {
            known = false;
        }
        let ty = v.ty();
        if !v.is_null() && (ty.is_list() || ty.is_set() || ty.is_tuple()) {
            if v.is_unknown() {
                known = false;
                continue;
            }
            let (inner, inner_known) = flattener(v);
            if inner_known {
                out.extend(inner);
            } else {
                known = false;
            }
        } else {
            out.push(v.clone());
        }
    }
    (out, known)
}

/// `flatten(list)`: the elements of a list, set or tuple with nested lists, sets and tuples
/// replaced by their elements, recursively (a tuple).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::tuple(vec![Value::tuple(vec!["a".into()]), "b".into()]);
/// assert_eq!(stdlib::flatten().call(&[l]).unwrap(), Value::tuple(vec!["a".into(), "b".into()]));
/// ```
pub fn flatten() -> Function {
    Function::builder()
        .description("Transforms a list, set, or tuple value into a tuple by replacing any given elements that are themselves sequences with a flattened tuple of all of the nested elements concatenated together.")
        .param(Parameter::new("list", Type::Dynamic))
        .return_type(|args| {
            let list = arg0(args);
            if !list.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            let ty = list.ty();
            if !ty.is_list() && !ty.is_set() && !ty.is_tuple() {
                return Err(err("can only flatten lists, sets and tuples"));
            }
            let (vals, known) = flattener(list);
            if !known {
                return Ok(Type::Dynamic);
            }
            Ok(Type::tuple(vals.iter().map(Value::ty)))
        })
        .implementation(|args, ty| {
            let list = arg0(args);
            if list.elements().is_some_and(<[Value]>::is_empty) {
                return Ok(Value::empty_tuple());
            }
            let (vals, known) = flattener(list);
            if !known {
                return Ok(Value::unknown(ty.clone()));
            }
            Ok(Value::tuple(vals))
        })
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_makes_linear_comparisons() {
        // `distinct` compared each element with every one kept so far: quadratic. Lists of
        // n and 4n numbers (each twice), of strings and of lists.
        use crate::set::comparisons_of;
        let makers: [fn(usize) -> Value; 3] = [
            |i| Value::number((i / 2) as i64),
            |i| Value::string(format!("s{}", i / 2)),
            |i| Value::list(vec![Value::number((i / 2) as i64)]).unwrap(),
        ];
        for make in makers {
            let mut counts = Vec::new();
            for n in [1_000, 4_000] {
                let list = Value::list((0..n).map(|i| make((i * 7919 + 13) % n)).collect()).unwrap();
                let (out, c) = comparisons_of(|| distinct().call(&[list]).unwrap());
                assert_eq!(out.length(), Some(n / 2));
                counts.push(c);
            }
            assert!(counts[1] <= 5 * counts[0], "{} comparisons for 1000 elements, {} for 4000", counts[0], counts[1]);
        }
        // The first of each is kept, in order.
        let l = |xs: &[i64]| Value::list(xs.iter().map(|&x| Value::number(x)).collect()).unwrap();
        assert_eq!(distinct().call(&[l(&[3, 1, 3, 2, 1])]).unwrap(), l(&[3, 1, 2]));
    }

    #[test]
    fn merge_refuses_a_non_collection_beside_a_dynamic_null() {
        // Terraform v1.0.3: `merge({}, null, true)` is "panic in function implementation:
        // attempt to iterate on non-collection, non-tuple type" (found by the random calls of
        // crates/hclkit-terraform/oracle/conformance.sh, seed 185908553); we give the type
        // check's error instead of skipping the bool.
        let e = merge().call(&[Value::empty_object(), Value::null(Type::Dynamic), Value::bool(true)]).unwrap_err();
        assert!(e.to_string().contains("arguments must be maps or objects, got \"bool\""), "{e}");
        let ok = merge().call(&[Value::empty_object(), Value::null(Type::Dynamic)]).unwrap();
        assert_eq!(ok, Value::empty_object());
        // Recorded with hcleval: a set of strings is iterated as a map whose keys are the
        // elements; an empty list iterates nothing; a list's keys are numbers (a panic there).
        let set = Value::set(vec!["a".into(), "b".into()]).unwrap();
        let got = merge().call(&[Value::object([("x", Value::number(1))]), Value::null(Type::Dynamic), set]).unwrap();
        assert_eq!(got, Value::object([("a", "a".into()), ("b", "b".into()), ("x", Value::number(1))]));
        let empty = Value::list_of(Type::String, vec![]).unwrap();
        assert_eq!(merge().call(&[Value::null(Type::Dynamic), empty]).unwrap(), Value::empty_object());
        let list = Value::list(vec!["a".into()]).unwrap();
        assert!(merge().call(&[Value::null(Type::Dynamic), list]).is_err());
    }

    #[test]
    fn merge_of_null_objects_is_the_empty_object() {
        // Found by tests/stdlib_no_panic.rs: the result type was the objects' type while the
        // implementation (skipping nulls, as the reference does) made an empty object, so
        // the call failed with "returned value object{} does not conform to expected return
        // type". The reference crashes here (it panics on the non-conforming result).
        let ty = Type::object([("a", Type::Bool)]);
        for args in [vec![Value::null(ty.clone())], vec![Value::null(ty.clone()), Value::null(ty.clone())]] {
            let v = merge().call(&args).unwrap();
            assert_eq!(v, Value::empty_object());
            assert_eq!(merge().return_type_for_values(&args).unwrap(), Type::empty_object());
        }
        // A null next to a known object of the same type adds nothing; null maps still give
        // an empty map.
        let known = Value::object([("a", Value::bool(true))]);
        assert_eq!(merge().call(&[Value::null(ty.clone()), known.clone()]).unwrap(), known);
        let m = Type::map(Type::String);
        assert_eq!(merge().call(&[Value::null(m.clone())]).unwrap(), Value::empty_map(Type::String));
        // An unknown object still gives its type (and an unknown result).
        let u = merge().call(&[Value::unknown(ty.clone())]).unwrap();
        assert_eq!((u.is_unknown(), u.ty()), (true, ty));
    }
}
