//! Sequence functions: `concat`.

use crate::convert;
use crate::function::{Function, FunctionError, Parameter};
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
                    let list = convert::convert(arg, ty)
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
