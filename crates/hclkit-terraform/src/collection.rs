//! Terraform's collection functions: its own `index`, `length`, `lookup`, `coalesce` and
//! `values` (shadowing go-cty's), and `sum`, `transpose`, `matchkeys`, `one`, `alltrue`,
//! `anytrue`, plus the removed `list` and `map`, whose calls fail with Terraform's message.

use std::collections::BTreeMap;

use hclkit_value::convert;
use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{stdlib, Type, Value};

use crate::{FunctionInfo, Options, Origin, Table};

/// Adds this module's functions to `table`.
pub(crate) fn register(table: &mut Table, _options: &Options) {
    table.insert("index", index());
    table.insert("length", length());
    table.insert("lookup", lookup());
    table.insert("coalesce", coalesce());
    table.insert("values", values());
    table.insert("sum", sum());
    table.insert("transpose", transpose());
    table.insert("matchkeys", matchkeys());
    table.insert("one", one());
    table.insert("alltrue", alltrue());
    table.insert("anytrue", anytrue());
    table.insert("list", removed("list", "use tolist([ ... ]) syntax to write a literal list"));
    table.insert("map", removed("map", "use tomap({ ... }) syntax to write a literal map"));
}

/// Catalog entries of this module's functions.
pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo {
        name: "index",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "`index(list, value)`: the position of the first element equal to `value` in a list or tuple (cty's `index(collection, key)` indexes a collection instead).",
    },
    FunctionInfo {
        name: "length",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Also counts the characters (grapheme clusters) of a string and the attributes of an object; the parameter is `value`.",
    },
    FunctionInfo {
        name: "lookup",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "The default is optional (without it a missing key is an error); objects are accepted, with the result type of the attribute found or of the default.",
    },
    FunctionInfo {
        name: "coalesce",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Skips empty strings as well as nulls; the error is \"no non-null, non-empty-string arguments\".",
    },
    FunctionInfo {
        name: "values",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "cty's function; its parameter is named `values` (go-cty v1.9's name) in error messages.",
    },
    FunctionInfo {
        name: "sum",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "The sum of a list, set or tuple of numbers.",
    },
    FunctionInfo {
        name: "transpose",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Swaps the keys and values of a map of lists of strings.",
    },
    FunctionInfo {
        name: "matchkeys",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "The elements of `values` whose corresponding `keys` element is in `searchset`.",
    },
    FunctionInfo {
        name: "one",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "The only element of a list, set or tuple with zero or one elements (null for none).",
    },
    FunctionInfo {
        name: "alltrue",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Whether every element of a list of bools is true (a null counts as false).",
    },
    FunctionInfo {
        name: "anytrue",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Whether any element of a list of bools is true.",
    },
    FunctionInfo {
        name: "list",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Removed in Terraform v0.12: every call fails with Terraform's message pointing at `tolist`.",
    },
    FunctionInfo {
        name: "map",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Removed in Terraform v0.12: every call fails with Terraform's message pointing at `tomap`.",
    },
];

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).cloned().unwrap_or_else(Value::dynamic)
}

fn count(n: usize) -> Value {
    Value::number(i64::try_from(n).unwrap_or(i64::MAX))
}

/// `index(list, value)`: the position of the first element of a list or tuple equal to `value`.
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["index"];
/// let list = Value::list(vec!["a".into(), "b".into()]).unwrap();
/// assert_eq!(f.call(&[list.clone(), "b".into()]).unwrap(), Value::number(1));
/// assert_eq!(f.call(&[list, "z".into()]).unwrap_err().message(), "item not found");
/// ```
pub fn index() -> Function {
    Function::builder()
        .description("Finds the element index for a given value in a list.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("value", Type::Dynamic))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            let list = arg(args, 0);
            let ty = list.ty();
            if !(ty.is_list() || ty.is_tuple()) {
                return Err(FunctionError::new("argument must be a list or tuple"));
            }
            let Some(elems) = list.elements() else { return Ok(Value::unknown(Type::Number)) };
            if elems.is_empty() {
                return Err(FunctionError::new("cannot search an empty list"));
            }
            let want = arg(args, 1);
            for (i, elem) in elems.iter().enumerate() {
                match elem.equals(&want).as_bool() {
                    None => return Ok(Value::unknown(Type::Number)),
                    Some(true) => return Ok(count(i)),
                    Some(false) => {}
                }
            }
            Err(FunctionError::new("item not found"))
        })
        .build()
}

/// `length(value)`: the number of characters of a string, elements of a collection or tuple,
/// or attributes of an object.
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["length"];
/// assert_eq!(f.call(&["héllo".into()]).unwrap(), Value::number(5));
/// assert_eq!(f.call(&[Value::object([("a", Value::number(1))])]).unwrap(), Value::number(1));
/// ```
pub fn length() -> Function {
    Function::builder()
        .description("Returns the length of the given collection or string.")
        .param(Parameter::new("value", Type::Dynamic).allow_dynamic_type(true).allow_unknown(true))
        .return_type(|args| {
            let ty = arg(args, 0).ty();
            if ty == Type::String || ty.is_tuple() || ty.is_object() || ty.is_collection() || ty.is_dynamic() {
                Ok(Type::Number)
            } else {
                Err(FunctionError::new("argument must be a string, a collection type, or a structural type"))
            }
        })
        .implementation(|args, _| {
            let v = arg(args, 0);
            let ty = v.ty();
            if let Some(elems) = ty.tuple_elements() {
                return Ok(count(elems.len()));
            }
            if let Type::Object(o) = &ty {
                return Ok(count(o.attributes().len()));
            }
            if ty == Type::String {
                return stdlib::strlen().call_unconverted(&[v]);
            }
            if ty.is_collection() {
                return stdlib::length().call_unconverted(&[v]);
            }
            Ok(Value::unknown(Type::Number))
        })
        .build()
}

/// `lookup(inputMap, key, default)`: the element of a map or attribute of an object at
/// `key`, or the default (an error without one).
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["lookup"];
/// let m = Value::map([("a", Value::number(1))]).unwrap();
/// assert_eq!(f.call(&[m.clone(), "b".into(), 2.into()]).unwrap(), Value::number(2));
/// assert_eq!(f.call(&[m, "b".into()]).unwrap_err().message(), "lookup failed to find 'b'");
/// ```
pub fn lookup() -> Function {
    Function::builder()
        .description("Retrieves the value of a single element from a map, given its key. If the given key does not exist, the given default value is returned instead.")
        .param(Parameter::new("inputMap", Type::Dynamic))
        .param(Parameter::new("key", Type::String))
        .var_param(
            Parameter::new("default", Type::Dynamic).allow_null(true).allow_unknown(true).allow_dynamic_type(true),
        )
        .return_type(|args| {
            if args.len() > 3 {
                return Err(FunctionError::new(format!("lookup() takes two or three arguments, got {}", args.len())));
            }
            let map = arg(args, 0);
            let ty = map.ty();
            if let Type::Object(o) = &ty {
                let key = arg(args, 1);
                let Some(k) = key.as_str() else { return Ok(Type::Dynamic) };
                if let Some(t) = o.attribute(k) {
                    return Ok(t.clone());
                }
                if let Some(d) = args.get(2) {
                    return Ok(d.ty());
                }
                return Err(FunctionError::arg(0, format!("the given object has no attribute {}", go_quote(k))));
            }
            if let Type::Map(ety) = &ty {
                if let Some(d) = args.get(2) {
                    if convert::convert(d, ety).is_err() {
                        return Err(FunctionError::arg(
                            2,
                            "the default value must have the same type as the map elements",
                        ));
                    }
                }
                return Ok((**ety).clone());
            }
            Err(FunctionError::arg(0, "lookup() requires a map as the first argument"))
        })
        .implementation(|args, ret| {
            let map = arg(args, 0);
            let key = arg(args, 1);
            let k = key.as_str().unwrap_or_default();
            if map.ty().is_object() {
                if let Some(v) = map.get_attr(k) {
                    return Ok(v.clone());
                }
            } else if let Some(v) = map.map_get(k) {
                return Ok(v.clone());
            }
            match args.get(2) {
                Some(d) => convert::convert(d, ret).map_err(|e| FunctionError::new(e.to_string())),
                None => Err(FunctionError::new(format!("lookup failed to find '{k}'"))),
            }
        })
        .build()
}

fn go_quote(s: &str) -> String {
    hclkit_value::go::quote(s)
}

/// `coalesce(vals...)`: the first argument that is neither null nor an empty string, all
/// converted to one type.
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["coalesce"];
/// assert_eq!(f.call(&["".into(), "a".into()]).unwrap(), Value::string("a"));
/// // An argument that does not convert counts as null, as in Terraform (recorded from
/// // Terraform v1.0.3: coalesce(["", "null"], toset([true])) is [true]).
/// let strings = Value::tuple(vec!["".into(), "null".into()]);
/// let bools = Value::set(vec![Value::bool(true)]).unwrap();
/// assert_eq!(f.call(&[strings, bools.clone()]).unwrap(), bools);
/// ```
pub fn coalesce() -> Function {
    Function::builder()
        .description("Returns the first non-null, non-empty-string value among its arguments.")
        .var_param(Parameter::new("vals", Type::Dynamic).allow_null(true).allow_unknown(true).allow_dynamic_type(true))
        .return_type(|args| {
            let types: Vec<Type> = args.iter().map(Value::ty).collect();
            convert::unify_unsafe(&types).ok_or_else(|| FunctionError::new("all arguments must have the same type"))
        })
        .implementation(|args, ret| {
            for a in args {
                // Terraform ignores a failed conversion: the argument counts as null
                // (coalesce(["a"], toset([true])) is [true]).
                let Ok(v) = convert::convert(a, ret) else { continue };
                if v.is_unknown() {
                    return Ok(Value::unknown(ret.clone()));
                }
                if v.is_null() || (*ret == Type::String && v.as_str() == Some("")) {
                    continue;
                }
                return Ok(v);
            }
            Err(FunctionError::new("no non-null, non-empty-string arguments"))
        })
        .build()
}

/// `values(values)`: go-cty's `values` with the parameter name Terraform v1.0.3's go-cty gives it.
pub fn values() -> Function {
    let inner = stdlib::values();
    let ret = inner.clone();
    Function::builder()
        .description(inner.description().to_owned())
        .param(Parameter::new("values", Type::Dynamic))
        .return_type(move |args| ret.return_type_for_values(args))
        .implementation(move |args, _| inner.call_unconverted(args))
        .build()
}

const NUMBER_VALUES: &str = "argument must be list, set, or tuple of number values";

/// `sum(list)`: the sum of a list, set or tuple of numbers.
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["sum"];
/// let l = Value::list(vec![1.into(), 2.into()]).unwrap();
/// assert_eq!(f.call(&[l]).unwrap(), Value::number(3));
/// ```
pub fn sum() -> Function {
    Function::builder()
        .description("Returns the total sum of the elements of the given list.")
        .param(Parameter::new("list", Type::Dynamic))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            let list = arg(args, 0);
            if !list.can_iterate() {
                return Err(FunctionError::arg(0, "cannot sum noniterable"));
            }
            if list.length() == Some(0) {
                return Err(FunctionError::arg(0, "cannot sum an empty list"));
            }
            let ty = list.ty();
            if !(ty.is_list() || ty.is_set() || ty.is_tuple()) {
                return Err(FunctionError::arg(
                    0,
                    format!("argument must be list, set, or tuple. Received {}", ty.friendly_name()),
                ));
            }
            if !list.is_wholly_known() {
                return Ok(Value::unknown(Type::Number));
            }
            let elems = list.elements().unwrap_or_default();
            let Some((first, rest)) = elems.split_first() else { return Ok(Value::unknown(Type::Number)) };
            if first.is_null() {
                return Err(FunctionError::arg(0, NUMBER_VALUES));
            }
            // Terraform (v1.0.3) panics where the first element is not a number, when it adds
            // the next one or returns it alone; the call fails here.
            let not_number = || FunctionError::new(NUMBER_VALUES);
            let mut total = first.clone();
            for e in rest {
                if e.is_null() {
                    return Err(FunctionError::arg(0, NUMBER_VALUES));
                }
                let n = convert::convert(e, &Type::Number).map_err(|_| FunctionError::arg(0, NUMBER_VALUES))?;
                if total.ty() != Type::Number {
                    return Err(not_number());
                }
                total = total.add(&n).map_err(|_| FunctionError::new("can't compute sum of opposing infinities"))?;
            }
            if total.ty() != Type::Number {
                return Err(not_number());
            }
            Ok(total)
        })
        .build()
}

/// `transpose(values)`: a map of lists of strings with keys and values swapped.
///
/// ```
/// use hclkit_value::{Type, Value};
/// let f = &hclkit_terraform::functions(&Default::default())["transpose"];
/// let l = Value::list(vec!["x".into(), "y".into()]).unwrap();
/// let out = f.call(&[Value::map([("a", l)]).unwrap()]).unwrap();
/// assert_eq!(out.map_get("y"), Some(&Value::list(vec!["a".into()]).unwrap()));
/// ```
pub fn transpose() -> Function {
    let ret = Type::map(Type::list(Type::String));
    Function::builder()
        .description(
            "Takes a map of lists of strings and swaps the keys and values to produce a new map of lists of strings.",
        )
        .param(Parameter::new("values", ret.clone()))
        .static_return_type(ret.clone())
        .implementation(move |args, _| {
            let input = arg(args, 0);
            if !input.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
            for (key, list) in input.iter_elements() {
                let Some(elems) = list.elements() else {
                    // Terraform v1.0.3 panics on a null list.
                    return Err(FunctionError::new("input must be a map of lists of strings"));
                };
                for e in elems {
                    let Some(s) = e.as_str() else {
                        return Err(FunctionError::new("input must be a map of lists of strings"));
                    };
                    out.entry(s.to_owned()).or_default().push(key.clone());
                }
            }
            if out.is_empty() {
                return Ok(Value::empty_map(Type::list(Type::String)));
            }
            let entries: Result<Vec<(String, Value)>, _> =
                out.into_iter().map(|(k, v)| Value::list_of(Type::String, v).map(|l| (k, l))).collect();
            let entries = entries.map_err(|e| FunctionError::new(e.to_string()))?;
            Value::map(entries).map_err(|e| FunctionError::new(e.to_string()))
        })
        .build()
}

/// `matchkeys(values, keys, searchset)`: the elements of `values` whose `keys` element (at
/// the same position) is in `searchset`.
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["matchkeys"];
/// let l = |v: Vec<&str>| Value::list(v.into_iter().map(Value::from).collect()).unwrap();
/// let out = f.call(&[l(vec!["i-1", "i-2"]), l(vec!["west", "east"]), l(vec!["east"])]).unwrap();
/// assert_eq!(out, l(vec!["i-2"]));
/// ```
pub fn matchkeys() -> Function {
    let list = || Type::list(Type::Dynamic);
    Function::builder()
        .description("Constructs a new list by taking a subset of elements from one list whose indexes match the corresponding indexes of values in another list.")
        .param(Parameter::new("values", list()))
        .param(Parameter::new("keys", list()))
        .param(Parameter::new("searchset", list()))
        .return_type(|args| {
            if convert::unify_unsafe(&[arg(args, 1).ty(), arg(args, 2).ty()]).is_none() {
                return Err(FunctionError::new("keys and searchset must be of the same type"));
            }
            Ok(arg(args, 0).ty())
        })
        .implementation(|args, ret| {
            let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
            let (values, keys, search) = (arg(args, 0), arg(args, 1), arg(args, 2));
            if values.length() != keys.length() {
                return Err(FunctionError::new("length of keys and values should be equal"));
            }
            let Some(ty) = convert::unify_unsafe(&[keys.ty(), search.ty()]) else {
                return Err(FunctionError::new("keys and searchset must be of the same type"));
            };
            let conv = |v: &Value| convert::convert(v, &ty).map_err(|e| FunctionError::new(e.to_string()));
            let (keys, search) = (conv(&keys)?, conv(&search)?);
            if search.length() == Some(0) {
                return Ok(Value::empty_list(ety));
            }
            if !values.is_wholly_known() || !keys.is_wholly_known() {
                return Ok(Value::unknown(ret.clone()));
            }
            let vals = values.elements().unwrap_or_default();
            let (keys, search) = (keys.elements().unwrap_or_default(), search.elements().unwrap_or_default());
            let mut out = Vec::new();
            // Known keys and searchset: equal values of one type have one JSON text, so a hash
            // set answers each key in constant time (the quadratic search Terraform does would
            // let two lists of a million elements hang the call).
            if let Some(found) = json_set(search) {
                for (i, key) in keys.iter().enumerate() {
                    if json_text(key).is_some_and(|k| found.contains(&k)) {
                        out.extend(vals.get(i).cloned());
                    }
                }
                return Value::list_of(ety, out).map_err(|e| FunctionError::new(e.to_string()));
            }
            for (i, key) in keys.iter().enumerate() {
                for s in search {
                    match key.equals(s).as_bool() {
                        None => return Ok(Value::empty_list(ety)),
                        Some(true) => {
                            out.extend(vals.get(i).cloned());
                            break;
                        }
                        Some(false) => {}
                    }
                }
            }
            Value::list_of(ety, out).map_err(|e| FunctionError::new(e.to_string()))
        })
        .build()
}

/// The JSON texts of wholly known values (all of one type), or `None` when one has none.
fn json_set(values: &[Value]) -> Option<std::collections::HashSet<String>> {
    values.iter().map(json_text).collect()
}

/// A wholly known value's JSON text (null included), by its own type.
fn json_text(v: &Value) -> Option<String> {
    if !v.is_wholly_known() {
        return None;
    }
    hclkit_value::json::to_json(v, &v.ty()).ok()
}

const ZERO_OR_ONE: &str = "must be a list, set, or tuple value with either zero or one elements";

/// `one(list)`: the only element of a list, set or tuple with at most one, or null.
///
/// ```
/// use hclkit_value::{Type, Value};
/// let f = &hclkit_terraform::functions(&Default::default())["one"];
/// assert_eq!(f.call(&[Value::list(vec!["a".into()]).unwrap()]).unwrap(), Value::string("a"));
/// assert_eq!(f.call(&[Value::empty_list(Type::String)]).unwrap(), Value::null(Type::String));
/// ```
pub fn one() -> Function {
    Function::builder()
        .description("Returns either the first element of a one-element list, or null if given a zero-element list.")
        .param(Parameter::new("list", Type::Dynamic))
        .return_type(|args| {
            let ty = arg(args, 0).ty();
            if let Some(e) = ty.element_type().filter(|_| ty.is_list() || ty.is_set()) {
                return Ok(e.clone());
            }
            match ty.tuple_elements() {
                Some([]) => Ok(Type::Dynamic),
                Some([e]) => Ok(e.clone()),
                _ => Err(FunctionError::arg(0, ZERO_OR_ONE)),
            }
        })
        .implementation(|args, ret| {
            let v = arg(args, 0);
            let ty = v.ty();
            if ty.is_list() || ty.is_set() {
                let n = stdlib::length().call_unconverted(std::slice::from_ref(&v))?;
                return match n.as_number().and_then(|n| n.to_i64()) {
                    None => Ok(Value::unknown(ret.clone())),
                    Some(0) => Ok(Value::null(ret.clone())),
                    Some(1) => {
                        Ok(v.elements().and_then(|e| e.first().cloned()).unwrap_or_else(|| Value::unknown(ret.clone())))
                    }
                    Some(_) => Err(FunctionError::arg(0, ZERO_OR_ONE)),
                };
            }
            match v.elements() {
                Some([]) => Ok(Value::null(ret.clone())),
                Some([e]) => Ok(e.clone()),
                _ => Err(FunctionError::arg(0, ZERO_OR_ONE)),
            }
        })
        .build()
}

/// `alltrue(list)`: whether every element of a list of bools is true (null counts as false).
pub fn alltrue() -> Function {
    Function::builder()
        .description("Returns true if all elements in a given collection are true or \"true\". It also returns true if the collection is empty.")
        .param(Parameter::new("list", Type::list(Type::Bool)))
        .static_return_type(Type::Bool)
        .implementation(|args, _| {
            for e in arg(args, 0).elements().unwrap_or_default() {
                if e.is_unknown() {
                    return Ok(Value::unknown(Type::Bool));
                }
                if e.as_bool() != Some(true) {
                    return Ok(Value::bool(false));
                }
            }
            Ok(Value::bool(true))
        })
        .build()
}

/// `anytrue(list)`: whether some element of a list of bools is true.
pub fn anytrue() -> Function {
    Function::builder()
        .description("Returns true if any element in a given collection is true or \"true\". It also returns false if the collection is empty.")
        .param(Parameter::new("list", Type::list(Type::Bool)))
        .static_return_type(Type::Bool)
        .implementation(|args, _| {
            let mut unknown = false;
            for e in arg(args, 0).elements().unwrap_or_default() {
                if e.is_unknown() {
                    unknown = true;
                } else if e.as_bool() == Some(true) {
                    return Ok(Value::bool(true));
                }
            }
            Ok(if unknown { Value::unknown(Type::Bool) } else { Value::bool(false) })
        })
        .build()
}

/// A function Terraform removed: every call fails with its message.
fn removed(name: &'static str, hint: &'static str) -> Function {
    Function::builder()
        .description(format!("The \"{name}\" function was removed in Terraform v0.12."))
        .var_param(Parameter::new("vals", Type::Dynamic).allow_null(true).allow_unknown(true).allow_dynamic_type(true))
        .return_type(move |_| {
            Err(FunctionError::new(format!(
                "the \"{name}\" function was deprecated in Terraform v0.12 and is no longer available; {hint}"
            )))
        })
        .build()
}
