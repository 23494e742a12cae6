//! Set functions: `sethaselement`, `setunion`, `setintersection`, `setsubtract`,
//! `setsymmetricdifference`.

use super::collection::{arg0, err, value_err, DYNAMIC};
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
fn has_member(elems: &[Value], v: &Value) -> bool {
    let h = hash_string(v);
    elems.iter().any(|e| hash_string(e) == h && equals(e, v) == Some(true))
}

#[derive(Clone, Copy)]
enum SetOp {
    Union,
    Intersection,
    Subtract,
    SymmetricDifference,
}

fn combine(op: SetOp, a: Vec<Value>, b: &[Value]) -> Vec<Value> {
    match op {
        SetOp::Union => {
            let mut out = a;
            for v in b {
                if !has_member(&out, v) {
                    out.push(v.clone());
                }
            }
            out
        }
        SetOp::Intersection => a.into_iter().filter(|v| has_member(b, v)).collect(),
        SetOp::Subtract => a.into_iter().filter(|v| !has_member(b, v)).collect(),
        SetOp::SymmetricDifference => {
            let mut out: Vec<Value> = a.iter().filter(|v| !has_member(b, v)).cloned().collect();
            out.extend(b.iter().filter(|v| !has_member(&a, v)).cloned());
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
                let v = convert::convert(arg, ty)
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
