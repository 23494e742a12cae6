//! Set functions: `sethaselement`, `setunion`, `setintersection`, `setsubtract`,
//! `setsymmetricdifference`.

use super::collection::{arg0, err, value_err, DYNAMIC};
use super::general::convert_to;
use crate::convert;
use crate::function::{Function, FunctionError, Parameter};
use crate::set::SetIndex;
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

#[derive(Clone, Copy)]
enum SetOp {
    Union,
    Intersection,
    Subtract,
    SymmetricDifference,
}

/// The elements of `a` combined with those of `b` by `op`, in the order of `a`, then `b`,
/// as the reference adds them to its result; the result is made a set (duplicates dropped,
/// the reference's order) afterwards. Membership in `a` or `b` is a lookup in a
/// [`SetIndex`], so this takes time linear in the elements.
fn combine(op: SetOp, mut a: Vec<Value>, b: &[Value]) -> Vec<Value> {
    match op {
        // Making the set drops the elements of `b` already in `a`, keeping the first.
        SetOp::Union => {
            a.extend_from_slice(b);
            a
        }
        SetOp::Intersection => {
            let bs = SetIndex::new(b);
            a.retain(|v| bs.contains(v));
            a
        }
        SetOp::Subtract => {
            let bs = SetIndex::new(b);
            a.retain(|v| !bs.contains(v));
            a
        }
        SetOp::SymmetricDifference => {
            let (as_, bs) = (SetIndex::new(&a), SetIndex::new(b));
            let mut out: Vec<Value> = a.iter().filter(|v| !bs.contains(v)).cloned().collect();
            out.extend(b.iter().filter(|v| !as_.contains(v)).cloned());
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

    use crate::set::comparisons_of;

    /// The set of the numbers `i * step` for `i` in `range`, built from a shuffled list.
    fn set_of(range: std::ops::Range<i64>, step: i64) -> Value {
        let n = range.end - range.start;
        let elems = (0..n).map(|i| Value::number((range.start + (i * 7919 + 13) % n) * step)).collect();
        Value::set(elems).unwrap()
    }

    #[test]
    fn set_operations_make_n_log_n_comparisons() {
        // Found by tests/stdlib_no_panic.rs: membership was tested against every element, so
        // these took time quadratic in the sizes of the sets. Each operation on sets of n
        // elements (overlapping by half) and of 4n: an O(n log n) operation makes at most
        // about 4.7 times as many comparisons on the larger sets, a quadratic one 16 times.
        type Op = (&'static str, fn() -> Function, usize);
        let ops: [Op; 4] = [
            ("setunion", setunion, 3),
            ("setintersection", setintersection, 1),
            ("setsubtract", setsubtract, 1),
            ("setsymmetricdifference", setsymmetricdifference, 2),
        ];
        for (name, f, halves) in ops {
            let mut counts = Vec::new();
            for n in [1_000, 4_000] {
                let (a, b) = (set_of(0..n, 3), set_of(n / 2..n + n / 2, 3));
                let (len, c) = comparisons_of(|| f().call(&[a, b]).unwrap().length());
                assert_eq!(len, Some(halves * n as usize / 2), "{name}");
                counts.push(c);
            }
            eprintln!("{name}: {} comparisons for 1000 elements, {} for 4000", counts[0], counts[1]);
            assert!(
                counts[1] <= 6 * counts[0],
                "{name}: {} comparisons for 1000 elements, {} for 4000",
                counts[0],
                counts[1]
            );
        }
        // Four arguments.
        let args: Vec<Value> = (0..4).map(|k| set_of(k * 500..k * 500 + 1_000, 1)).collect();
        assert_eq!(setunion().call(&args).unwrap(), set_of(0..2_500, 1));
        assert_eq!(setintersection().call(&args[..2]).unwrap(), set_of(500..1_000, 1));
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
