//! Set functions: `sethaselement`, `setunion`, `setintersection`, `setsubtract`,
//! `setsymmetricdifference`.

use std::collections::HashMap;

use super::collection::{arg0, err, value_err, DYNAMIC};
use super::general::convert_to;
use crate::convert;
use crate::eq::equals;
use crate::function::{Function, FunctionError, Parameter};
use crate::set::hash_string;
use crate::ty::Type;
use crate::value::Value;

fn set_param(name: &str) -> Parameter {
    Parameter::new(name, Type::set(Type::Dynamic)).allow_dynamic_type(true)
}

/// `sethaselement(set, elem)`: whether the set has the element.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let s = Value::set(vec!["a".into()]).unwrap();
/// assert_eq!(stdlib::sethaselement().call(&[s, "a".into()]).unwrap(), Value::bool(true));
/// ```
pub fn sethaselement() -> Function {
    Function::builder()
        .description("Returns true if the given set contains the given element, or false otherwise.")
        .param(set_param("set"))
        .param(Parameter::new("elem", Type::Dynamic).allow_dynamic_type(true))
        .static_return_type(Type::Bool)
        .implementation(|args, _| arg0(args).has_element(args.get(1).unwrap_or(&DYNAMIC)).map_err(|e| err(e.message())))
        .build()
}

/// The result type of the set operations: a set of the unified element types of the
/// arguments (empty sets of the dynamic pseudo-type aside).
fn set_op_type(args: &[Value]) -> Result<Type, FunctionError> {
    let mut etys = Vec::new();
    for arg in args {
        let ety = arg.ty().element_type().cloned().unwrap_or(Type::Dynamic);
        if arg.length() == Some(0) && ety.is_dynamic() {
            continue;
        }
        etys.push(ety);
    }
    if etys.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    convert::unify_unsafe(&etys).map(Type::set).ok_or_else(|| err("given sets must all have compatible element types"))
}

/// Whether `elems` has a member the reference's set would treat as `v`.
/// Set elements by their hash strings, to tell membership without comparing with every
/// element (an element is a member when one with the same hash string equals it, as in
/// the reference's set rules).
#[derive(Default)]
struct Members {
    by_hash: HashMap<String, Vec<Value>>,
}

impl Members {
    fn of(elems: &[Value]) -> Members {
        let mut m = Members::default();
        for v in elems {
            m.insert(v.clone());
        }
        m
    }

    fn insert(&mut self, v: Value) {
        self.by_hash.entry(hash_string(&v)).or_default().push(v);
    }

    fn has(&self, v: &Value) -> bool {
        self.by_hash.get(&hash_string(v)).is_some_and(|b| b.iter().any(|e| equals(e, v) == Some(true)))
    }
}

#[derive(Clone, Copy)]
enum SetOp {
    Union,
    Intersection,
    Subtract,
    SymmetricDifference,
}

/// The elements of `a` combined with those of `b` by `op`, in the order of `a`, then `b`.
fn combine(op: SetOp, a: Vec<Value>, b: &[Value]) -> Vec<Value> {
    match op {
        SetOp::Union => {
            let mut seen = Members::of(&a);
            let mut out = a;
            for v in b {
                if !seen.has(v) {
                    seen.insert(v.clone());
                    out.push(v.clone());
                }
            }
            out
        }
        SetOp::Intersection => {
            let bs = Members::of(b);
            a.into_iter().filter(|v| bs.has(v)).collect()
        }
        SetOp::Subtract => {
            let bs = Members::of(b);
            a.into_iter().filter(|v| !bs.has(v)).collect()
        }
        SetOp::SymmetricDifference => {
            let (as_, bs) = (Members::of(&a), Members::of(b));
            let mut out: Vec<Value> = a.iter().filter(|v| !bs.has(v)).cloned().collect();
            out.extend(b.iter().filter(|v| !as_.has(v)).cloned());
            out
        }
    }
}

fn set_op(op: SetOp, description: &'static str, two: bool) -> Function {
    let b = Function::builder().description(description);
    let b = if two {
        b.param(set_param("a")).param(set_param("b"))
    } else {
        b.param(set_param("first_set")).var_param(set_param("other_sets"))
    };
    let allow_unknowns = matches!(op, SetOp::Union);
    b.return_type(set_op_type)
        .implementation(move |args, ty| {
            let mut acc: Option<Vec<Value>> = None;
            for (i, arg) in args.iter().enumerate() {
                let v = convert_to(arg, ty)
                    .map_err(|e| FunctionError::arg(i, e.to_string()).with_path(e.path().clone()))?;
                if !allow_unknowns && !v.is_wholly_known() {
                    return Ok(Value::unknown(ty.clone()));
                }
                let elems = v.elements().unwrap_or_default();
                acc = Some(match acc {
                    None => elems.to_vec(),
                    Some(a) => combine(op, a, elems),
                });
            }
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            Value::set_of(ety, acc.unwrap_or_default()).map_err(value_err)
        })
        .build()
}

/// `setunion(first_set, other_sets...)`: the elements in any of the sets.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let a = Value::set(vec!["a".into()]).unwrap();
/// let b = Value::set(vec!["b".into()]).unwrap();
/// assert_eq!(stdlib::setunion().call(&[a, b]).unwrap(), Value::set(vec!["a".into(), "b".into()]).unwrap());
/// ```
pub fn setunion() -> Function {
    set_op(SetOp::Union, "Returns the union of all given sets.", false)
}

/// `setintersection(first_set, other_sets...)`: the elements in all of the sets.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let a = Value::set(vec!["a".into(), "b".into()]).unwrap();
/// let b = Value::set(vec!["b".into()]).unwrap();
/// assert_eq!(stdlib::setintersection().call(&[a, b.clone()]).unwrap(), b);
/// ```
pub fn setintersection() -> Function {
    set_op(SetOp::Intersection, "Returns the intersection of all given sets.", false)
}

/// `setsubtract(a, b)`: the elements of `a` that are not in `b`.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let a = Value::set(vec!["a".into(), "b".into()]).unwrap();
/// let b = Value::set(vec!["b".into()]).unwrap();
/// assert_eq!(stdlib::setsubtract().call(&[a, b]).unwrap(), Value::set(vec!["a".into()]).unwrap());
/// ```
pub fn setsubtract() -> Function {
    set_op(SetOp::Subtract, "Returns the relative complement of the two given sets.", true)
}

/// `setsymmetricdifference(first_set, other_sets...)`: the elements in an odd number of the
/// sets (applied pairwise, left to right).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let a = Value::set(vec!["a".into(), "b".into()]).unwrap();
/// let b = Value::set(vec!["b".into(), "c".into()]).unwrap();
/// assert_eq!(stdlib::setsymmetricdifference().call(&[a, b]).unwrap(), Value::set(vec!["a".into(), "c".into()]).unwrap());
/// ```
pub fn setsymmetricdifference() -> Function {
    set_op(SetOp::SymmetricDifference, "Returns the symmetric difference of the two given sets.", false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of strings (building a set of strings is quick; of numbers, it compares each
    /// with the others).
    fn set_of(range: std::ops::Range<i64>) -> Value {
        Value::set(range.map(|i| Value::string(i.to_string())).collect()).unwrap()
    }

    #[test]
    fn set_operations_on_large_sets_are_quick() {
        // Found by tests/stdlib_no_panic.rs: membership was tested against every element,
        // computing each one's hash string every time, so `setunion` of an empty set and one
        // of 5000 elements took seconds (unoptimised).
        let started = std::time::Instant::now();
        let (a, b) = (set_of(0..5_000), set_of(2_500..7_500));
        let len = |f: Function, args: &[Value]| f.call(args).unwrap().length();
        assert_eq!(len(setunion(), &[Value::empty_set(Type::String), a.clone()]), Some(5_000));
        assert_eq!(len(setunion(), &[a.clone(), b.clone()]), Some(7_500));
        assert_eq!(len(setintersection(), &[a.clone(), b.clone()]), Some(2_500));
        assert_eq!(len(setsubtract(), &[a.clone(), b.clone()]), Some(2_500));
        assert_eq!(len(setsymmetricdifference(), &[a.clone(), b.clone()]), Some(5_000));
        assert_eq!(setsubtract().call(&[a.clone(), b]).unwrap(), set_of(0..2_500));
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "took {:?}", started.elapsed());
    }

    #[test]
    fn set_operations_keep_their_results() {
        let s = |xs: &[&str]| Value::set(xs.iter().map(|x| Value::string(*x)).collect()).unwrap();
        assert_eq!(setunion().call(&[s(&["a", "b"]), s(&["b", "c"])]).unwrap(), s(&["a", "b", "c"]));
        assert_eq!(setintersection().call(&[s(&["a", "b"]), s(&["b", "c"]), s(&["b"])]).unwrap(), s(&["b"]));
        assert_eq!(setsubtract().call(&[s(&["a", "b"]), s(&["b", "c"])]).unwrap(), s(&["a"]));
        assert_eq!(setsymmetricdifference().call(&[s(&["a", "b"]), s(&["b", "c"])]).unwrap(), s(&["a", "c"]));
        // Unknown elements: a union keeps them; the others give an unknown set.
        let u = Value::set(vec![Value::string("a"), Value::unknown(Type::String)]).unwrap();
        assert_eq!(setunion().call(&[u.clone(), s(&["a"])]).unwrap().length(), Some(2));
        assert!(setintersection().call(&[u, s(&["a"])]).unwrap().is_unknown());
    }
}
