//! Sequence functions: `concat`, `range`, `reverse` (of a list), `slice`, `sort`,
//! `setproduct`.

use super::collection::{arg0, err, length_known, value_err, DYNAMIC};
use super::general::convert_to;
use super::string::int_arg;
use crate::convert;
use crate::function::{Function, FunctionError, Parameter};
use crate::number::Number;
use crate::ty::Type;
use crate::value::Value;

/// `concat(seqs...)`: the elements of the given lists and tuples, in order.
///
/// When every argument is a list and their types unify (unsafe conversions allowed), the
/// result is a list of the unified type; otherwise it is a tuple.
///
/// ```
/// use hclkit_value::{stdlib, Type, Value};
/// let f = stdlib::concat();
/// let l = |xs: Vec<Value>| Value::list(xs).unwrap();
/// let v = f.call(&[l(vec![Value::number(1)]), l(vec![Value::number(2)])]).unwrap();
/// assert_eq!(v, l(vec![Value::number(1), Value::number(2)]));
/// let t = f.call(&[Value::tuple(vec![Value::bool(true)]), l(vec![Value::number(2)])]).unwrap();
/// assert_eq!(t.ty(), Type::tuple([Type::Bool, Type::Number]));
/// let e = f.call(&[l(vec![Value::number(1)]), Value::string("a")]).unwrap_err();
/// assert_eq!((e.arg_index(), e.message()), (Some(1), "all arguments must be lists or tuples; got string"));
/// ```
pub fn concat() -> Function {
    Function::builder()
        .description("Concatenates together all of the given lists or tuples into a single sequence, preserving the input order.")
        .var_param(Parameter::new("seqs", Type::Dynamic))
        .return_type(concat_type)
        .implementation(|args, ty| {
            let mut elems: Vec<Value> = Vec::new();
            if let Some(ety) = ty.element_type().filter(|_| ty.is_list()) {
                for (i, arg) in args.iter().enumerate() {
                    // The unification allowed unsafe conversions, so this can fail.
                    let list = convert_to(arg, ty)
                        .map_err(|e| FunctionError::arg(i, e.to_string()).with_path(e.path().clone()))?;
                    elems.extend(list.elements().unwrap_or_default().iter().cloned());
                }
                if elems.is_empty() {
                    return Ok(Value::empty_list(ety.clone()));
                }
                return Value::list(elems).map_err(|e| FunctionError::new(e.to_string()));
            }
            if ty.is_tuple() {
                for arg in args {
                    elems.extend(arg.elements().unwrap_or_default().iter().cloned());
                }
                return Ok(Value::tuple(elems));
            }
            Err(FunctionError::new("unsupported return type"))
        })
        .build()
}

fn concat_type(args: &[Value]) -> Result<Type, FunctionError> {
    let Some(first) = args.first() else {
        return Err(FunctionError::new("at least one argument is required"));
    };
    if first.ty().is_list() {
        let types: Vec<Type> = args.iter().map(Value::ty).collect();
        if types.iter().all(Type::is_list) {
            if let Some(ty) = convert::unify_unsafe(&types) {
                return Ok(ty);
            }
        }
    }
    let mut etys: Vec<Type> = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        let ty = arg.ty();
        match &ty {
            Type::Tuple(t) => etys.extend(t.elements().iter().cloned()),
            Type::List(ety) => {
                // Counting the elements needs the list itself.
                let Some(n) = arg.length() else { return Ok(Type::Dynamic) };
                etys.extend(std::iter::repeat((**ety).clone()).take(n));
            }
            _ => {
                return Err(FunctionError::arg(
                    i,
                    format!("all arguments must be lists or tuples; got {}", ty.friendly_name()),
                ))
            }
        }
    }
    Ok(Type::tuple(etys))
}

/// `range(params...)`: a list of numbers from a start (default 0) up to but not including an
/// end, by a step (default 1, or -1 when the end is below the start). At most 1024 numbers.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::range().call(&[1.into(), 7.into(), 2.into()]).unwrap();
/// assert_eq!(v, Value::list(vec![1.into(), 3.into(), 5.into()]).unwrap());
/// ```
pub fn range() -> Function {
    Function::builder()
        .description("Returns a list of numbers spread evenly over a particular range.")
        .var_param(Parameter::new("params", Type::Number))
        .static_return_type(Type::list(Type::Number))
        .implementation(|args, _| {
            let nums: Vec<Number> = args.iter().filter_map(Value::as_number).cloned().collect();
            let zero = Number::zero();
            let (start, end, step) = match nums.as_slice() {
                [end] => {
                    let step = if end.is_negative() { -1 } else { 1 };
                    (zero.clone(), end.clone(), Number::from(step))
                }
                [start, end] => {
                    let step = if end.cmp(start).is_lt() { -1 } else { 1 };
                    (start.clone(), end.clone(), Number::from(step))
                }
                [start, end, step] => (start.clone(), end.clone(), step.clone()),
                _ => return Err(err("must have one, two, or three arguments")),
            };
            let down = step.cmp(&zero).is_lt();
            if down {
                if end.cmp(&start).is_gt() {
                    return Err(FunctionError::arg(1, "end must be less than start when step is negative"));
                }
            } else if end.cmp(&start).is_lt() {
                return Err(FunctionError::arg(1, "end must be greater than start when step is positive"));
            }
            let too_many = || err("more than 1024 values were generated; either decrease the difference between start and end or use a smaller step");
            let mut vals = Vec::new();
            let mut num = start;
            loop {
                // The reference's `LessThanOrEqualTo`/`GreaterThanOrEqualTo`: the order, or
                // equality (of printed text, which takes time in proportion to the digits of
                // a huge number, so it is skipped where it cannot hold).
                let passed = if down { num.cmp(&end).is_le() } else { num.cmp(&end).is_ge() };
                if passed || (num.may_print_equal(&end) && text_equal(&num, &end)) {
                    break;
                }
                if vals.len() >= 1024 {
                    return Err(too_many());
                }
                vals.push(Value::number(num.clone()));
                let next = num.add(&step).map_err(|e| err(e.to_string()))?;
                if next.cmp(&num).is_eq() && next.precision() == num.precision() {
                    // The step is lost in rounding (a huge start, a tiny step): the reference
                    // repeats this number until the limit. Say so now rather than comparing
                    // it with the end a thousand more times.
                    return Err(too_many());
                }
                num = next;
            }
            Value::list_of(Type::Number, vals).map_err(value_err)
        })
        .build()
}

#[cfg(test)]
thread_local! {
    /// Numbers compared by their text (see [`text_equal`]) on this thread, for tests.
    static TEXT_COMPARISONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// `a == b`: the reference's comparison, by printed text (which takes time linear in the
/// digits: a hundred thousand for `1e100000`). Counted in test builds.
fn text_equal(a: &Number, b: &Number) -> bool {
    #[cfg(test)]
    TEXT_COMPARISONS.with(|c| c.set(c.get() + 1));
    a == b
}

/// `reverse(list)`: the elements of a list, set or tuple in reverse order (a list, or a
/// tuple for a tuple). Called `reverse` in configurations; [`super::reverse`] is the string
/// function (`strrev`).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec![1.into(), 2.into()]).unwrap();
/// assert_eq!(stdlib::reverse_list().call(&[l]).unwrap(), Value::list(vec![2.into(), 1.into()]).unwrap());
/// ```
pub fn reverse_list() -> Function {
    Function::builder()
        .description("Returns the given list with its elements in reverse order.")
        .param(Parameter::new("list", Type::Dynamic))
        .return_type(|args| {
            let ty = arg0(args).ty();
            match &ty {
                Type::Tuple(t) => Ok(Type::tuple(t.elements().iter().rev().cloned())),
                Type::List(e) | Type::Set(e) => Ok(Type::list((**e).clone())),
                _ => Err(FunctionError::arg(
                    0,
                    format!("can only reverse list or tuple values, not {}", ty.friendly_name()),
                )),
            }
        })
        .implementation(|args, ty| {
            let vals: Vec<Value> = arg0(args).elements().unwrap_or_default().iter().rev().cloned().collect();
            if ty.is_tuple() {
                return Ok(Value::tuple(vals));
            }
            Value::list_of(ty.element_type().cloned().unwrap_or(Type::Dynamic), vals).map_err(value_err)
        })
        .build()
}

/// The reference's `slice` index checks: the start and end indexes (when known) and whether
/// both are.
fn slice_indexes(args: &[Value]) -> Result<(usize, usize, bool), FunctionError> {
    let list = arg0(args);
    let length =
        if length_known(list) { list.ty().tuple_elements().map(<[Type]>::len).or(list.length()) } else { None };
    let bound = |i: usize, what: &str| -> Result<Option<usize>, FunctionError> {
        let v = args.get(i).unwrap_or(&DYNAMIC);
        if v.is_unknown() {
            return Ok(None);
        }
        let n = int_arg(v).map_err(|e| FunctionError::arg(i, format!("invalid {what} index: {}", e.message())))?;
        let Ok(n) = usize::try_from(n) else {
            return Err(FunctionError::arg(i, format!("{what} index must not be less than zero")));
        };
        if length.is_some_and(|l| n > l) {
            return Err(FunctionError::arg(i, format!("{what} index must not be greater than the length of the list")));
        }
        Ok(Some(n))
    };
    let start = bound(1, "start")?;
    let end = bound(2, "end")?;
    match (start, end) {
        (Some(s), Some(e)) if s > e => Err(FunctionError::arg(1, "start index must not be greater than end index")),
        (Some(s), Some(e)) => Ok((s, e, true)),
        _ => Ok((0, 0, false)),
    }
}

/// `slice(list, start_index, end_index)`: the elements of a list or tuple from `start_index`
/// up to but not including `end_index`.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec![1.into(), 2.into(), 3.into()]).unwrap();
/// assert_eq!(stdlib::slice().call(&[l, 1.into(), 3.into()]).unwrap(), Value::list(vec![2.into(), 3.into()]).unwrap());
/// ```
pub fn slice() -> Function {
    Function::builder()
        .description("Extracts a subslice of the given list or tuple value.")
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("start_index", Type::Number))
        .param(Parameter::new("end_index", Type::Number))
        .return_type(|args| {
            let ty = arg0(args).ty();
            if ty.is_set() {
                return Err(FunctionError::arg(0, "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important"));
            }
            if !ty.is_list() && !ty.is_tuple() {
                return Err(FunctionError::arg(0, "must be a list or tuple value"));
            }
            let (start, end, known) = slice_indexes(args)?;
            if ty.is_list() {
                return Ok(ty);
            }
            if !known {
                return Ok(Type::Dynamic);
            }
            Ok(Type::tuple(ty.tuple_elements().unwrap_or_default().get(start..end).unwrap_or_default().iter().cloned()))
        })
        .implementation(|args, ty| {
            if ty.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let (start, end, _) = slice_indexes(args)?;
            let vals = arg0(args).elements().unwrap_or_default().get(start..end).unwrap_or_default().to_vec();
            if ty.is_tuple() {
                return Ok(Value::tuple(vals));
            }
            Value::list_of(ty.element_type().cloned().unwrap_or(Type::Dynamic), vals).map_err(value_err)
        })
        .build()
}

/// `sort(list)`: the list of strings in lexical (byte) order.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec!["b".into(), "a".into(), "B".into()]).unwrap();
/// assert_eq!(stdlib::sort().call(&[l]).unwrap(), Value::list(vec!["B".into(), "a".into(), "b".into()]).unwrap());
/// ```
pub fn sort() -> Function {
    Function::builder()
        .description("Applies a lexicographic sort to the elements of the given list.")
        .param(Parameter::new("list", Type::list(Type::String)))
        .static_return_type(Type::list(Type::String))
        .implementation(|args, ty| {
            let list = arg0(args);
            if !list.is_wholly_known() {
                return Ok(Value::unknown(ty.clone()));
            }
            let mut strs: Vec<Value> = Vec::new();
            for (i, v) in list.elements().unwrap_or_default().iter().enumerate() {
                if v.is_null() {
                    return Err(err(format!("given list element {i} is null; a null string cannot be sorted")));
                }
                strs.push(v.clone());
            }
            strs.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
            Value::list_of(Type::String, strs).map_err(value_err)
        })
        .build()
}

/// `setproduct(sets...)`: every combination of one element from each argument, as tuples:
/// a list of them when every argument is a list or tuple, otherwise a set.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let a = Value::list(vec!["a".into(), "b".into()]).unwrap();
/// let b = Value::list(vec![1.into()]).unwrap();
/// let v = stdlib::setproduct().call(&[a, b]).unwrap();
/// assert_eq!(v.length(), Some(2));
/// ```
pub fn setproduct() -> Function {
    Function::builder()
        .description("Calculates the cartesian product of two or more sets.")
        .var_param(Parameter::new("sets", Type::Dynamic))
        .return_type(|args| {
            if args.len() < 2 {
                return Err(err("at least two arguments are required"));
            }
            let mut list_count = 0;
            let mut etys = Vec::with_capacity(args.len());
            for (i, arg) in args.iter().enumerate() {
                match arg.ty() {
                    Type::Set(e) => etys.push((*e).clone()),
                    Type::List(e) => {
                        etys.push((*e).clone());
                        list_count += 1;
                    }
                    Type::Tuple(t) => {
                        list_count += 1;
                        if t.elements().is_empty() {
                            etys.push(Type::Dynamic);
                            continue;
                        }
                        let Some(ety) = convert::unify_unsafe(t.elements()) else {
                            return Err(FunctionError::arg(i, "all elements must be of the same type"));
                        };
                        etys.push(ety);
                    }
                    _ => return Err(FunctionError::arg(i, "a set or a list is required")),
                }
            }
            let tuple = Type::tuple(etys);
            Ok(if list_count == args.len() { Type::list(tuple) } else { Type::set(tuple) })
        })
        .implementation(|args, ty| {
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            if !args.iter().all(length_known) {
                return Ok(Value::unknown(ty.clone()));
            }
            let sub = ety.tuple_elements().unwrap_or_default().to_vec();
            let lists: Vec<&[Value]> = args.iter().map(|a| a.elements().unwrap_or_default()).collect();
            let total = lists.iter().try_fold(1usize, |acc, l| acc.checked_mul(l.len()));
            let Some(total) = total.filter(|&t| t <= MAX_PRODUCT) else {
                return Err(err("the product has too many elements"));
            };
            // Each element is a tuple with an element per list.
            let per_tuple = lists.len() as u64 + crate::function::CONTAINER_UNITS;
            crate::function::check_result_size((total as u64).saturating_mul(per_tuple))?;
            let mut product = Vec::with_capacity(total);
            let mut idx = vec![0usize; lists.len()];
            for _ in 0..total {
                let mut tuple = Vec::with_capacity(lists.len());
                for (j, &n) in idx.iter().enumerate() {
                    let v = &lists[j][n];
                    let want = sub.get(j).unwrap_or(&Type::Dynamic);
                    let v = if v.ty() == *want {
                        v.clone()
                    } else {
                        convert_to(v, want).map_err(|e| err(e.to_string()))?
                    };
                    tuple.push(v);
                }
                product.push(Value::tuple(tuple));
                for j in (0..idx.len()).rev() {
                    idx[j] += 1;
                    if idx[j] < lists[j].len() {
                        break;
                    }
                    idx[j] = 0;
                }
            }
            if ty.is_list() {
                Value::list_of(ety, product).map_err(value_err)
            } else {
                Value::set_of(ety, product).map_err(value_err)
            }
        })
        .build()
}

/// A bound on the size of a `setproduct` result, so that no input allocates without limit.
const MAX_PRODUCT: usize = 1 << 24;

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    const TOO_MANY: &str = "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step";

    /// `range` of `args`, with the number of text comparisons it made.
    fn range_counting_text_comparisons(args: &[Number]) -> (Result<Value, FunctionError>, u64) {
        let args: Vec<Value> = args.iter().cloned().map(Value::number).collect();
        let before = TEXT_COMPARISONS.with(std::cell::Cell::get);
        let out = range().call(&args);
        (out, TEXT_COMPARISONS.with(std::cell::Cell::get) - before)
    }

    #[test]
    fn range_with_huge_numbers_does_not_compare_their_text() {
        // Found by tests/stdlib_no_panic.rs: each step compared the number with the end by
        // printed text, and printing 1e100000 takes its hundred thousand digits, so these
        // took over half a minute (unoptimised) before failing as they should: 1024 text
        // comparisons of numbers growing with the input. Now none, at any size.
        for exp in ["1e25000", "1e100000"] {
            let neg = format!("-{exp}");
            let calls: [&[&str]; 4] = [&[exp], &["0", exp], &[exp, "+Inf"], &[&neg, "-Inf", "-1"]];
            for args in calls {
                let nums: Vec<Number> = args.iter().map(|s| num(s)).collect();
                let (out, texts) = range_counting_text_comparisons(&nums);
                assert_eq!(out.unwrap_err().message(), TOO_MANY, "{args:?}");
                assert_eq!(texts, 0, "{args:?}");
            }
        }
        // The comparison is still made where the numbers may print alike: 0.1 read at 512
        // bits is below the binary64 0.1, and both print "0.1", so the range ends at once.
        let f64_tenth = Number::from_f64(0.1).unwrap();
        let (out, texts) = range_counting_text_comparisons(&[num("0.1"), f64_tenth]);
        assert_eq!(out.unwrap(), Value::empty_list(Type::Number));
        assert_eq!(texts, 1);
    }

    #[test]
    fn range_where_the_step_is_lost_fails_at_once() {
        // A zero step, or one below the start's precision, repeats the start: the reference
        // stops at 1024 values with this error, as does this, without the 1024 steps.
        for args in [["0", "3", "0"], ["1e100", "2e100", "1"], ["1", "2", "1e-400"]] {
            let args: Vec<Value> = args.iter().map(|s| Value::number(num(s))).collect();
            assert_eq!(range().call(&args).unwrap_err().message(), TOO_MANY, "{args:?}");
        }
        // A start equal to the end still gives the empty list.
        let v = range().call(&[Value::number(num("1e100000")), Value::number(num("1e100000"))]).unwrap();
        assert_eq!(v, Value::empty_list(Type::Number));
        let v = range().call(&[Value::number(num("1")), Value::number(num("4")), Value::number(num("1.5"))]).unwrap();
        assert_eq!(v, Value::list(vec![Value::number(1), Value::number(num("2.5"))]).unwrap());
    }
}
