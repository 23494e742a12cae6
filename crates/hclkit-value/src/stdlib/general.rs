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
                return convert_to(arg, ty).map_err(|e| FunctionError::new(e.to_string()).with_path(e.path().clone()));
            }
            Err(FunctionError::new("no non-null arguments"))
        })
        .build()
}

/// [`convert::convert`] for a value a function returns (or builds its result from), with one
/// quirk of the reference's conversion undone: a set whose length is unknown converts to an
/// unknown list of the *set's* element type, not the wanted one (go-cty's
/// `conversionCollectionToList`), so that, at any depth, the result would not have the type
/// the function promised (the reference then crashes). Unknowns (and nulls) of the wrong type
/// are given the wanted type.
pub(super) fn convert_to(v: &Value, want: &Type) -> Result<Value, convert::ConversionError> {
    let converted = convert::convert(v, want)?;
    if want.has_dynamic_types() {
        // Parts of the wanted type are decided by the value; nothing to undo there.
        return Ok(converted);
    }
    Ok(conform(converted, want))
}

/// `v` with the unknowns and nulls whose type differs from the corresponding part of `want`
/// (which has no dynamic parts) made of that type.
fn conform(v: Value, want: &Type) -> Value {
    if v.ty() == *want {
        return v;
    }
    if v.is_unknown() {
        return Value::unknown(want.clone());
    }
    if v.is_null() {
        return Value::null(want.clone());
    }
    let rebuilt = match want {
        Type::List(e) | Type::Set(e) => {
            let elems: Vec<Value> = v.elements().unwrap_or_default().iter().map(|x| conform(x.clone(), e)).collect();
            if want.is_list() {
                Value::list_of((**e).clone(), elems)
            } else {
                Value::set_of((**e).clone(), elems)
            }
        }
        Type::Map(e) => {
            let entries = v.entries().unwrap_or_default().iter().map(|(k, x)| (k.clone(), conform(x.clone(), e)));
            Value::map_of((**e).clone(), entries)
        }
        Type::Tuple(t) if v.elements().is_some_and(|xs| xs.len() == t.elements().len()) => {
            let xs = v.elements().unwrap_or_default();
            Ok(Value::tuple(xs.iter().zip(t.elements()).map(|(x, t)| conform(x.clone(), t)).collect()))
        }
        Type::Object(o) => Ok(Value::object(
            v.entries()
                .unwrap_or_default()
                .iter()
                .map(|(k, x)| (k.clone(), o.attribute(k).map_or_else(|| x.clone(), |t| conform(x.clone(), t)))),
        )),
        _ => return v,
    };
    rebuilt.unwrap_or(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of two unknowns of `ty`: its length is unknown (they may turn out equal).
    fn unknown_pair(ty: Type) -> Value {
        Value::set(vec![Value::unknown(ty.clone()), Value::unknown(ty)]).unwrap()
    }

    #[test]
    fn converted_results_have_the_promised_type() {
        // Found by tests/stdlib_no_panic.rs: a set with unknown elements converts to an
        // unknown list of the set's element type (as in the reference), so these results did
        // not conform to the result type and the calls failed with "returned value ... does
        // not conform to expected return type" (the reference crashes).
        let lls = Type::list(Type::list(Type::String));
        let a = Value::list(vec![unknown_pair(Type::Dynamic)]).unwrap();
        let v = coalesce().call(&[a, Value::empty_list(Type::list(Type::String))]).unwrap();
        assert_eq!(v, Value::list(vec![Value::unknown(Type::list(Type::String))]).unwrap());
        assert_eq!(v.ty(), lls);

        let a = Value::list(vec![unknown_pair(Type::Number)]).unwrap();
        let b = Value::list(vec![Value::list(vec![Value::string("x")]).unwrap()]).unwrap();
        let v = super::super::concat().call(&[a, b.clone()]).unwrap();
        assert_eq!(v.ty(), lls);
        assert_eq!(v.elements().map(<[Value]>::len), Some(2));
        assert!(v.elements().unwrap()[0].is_unknown());

        // Where the types already agree nothing changes.
        assert_eq!(convert_to(&b, &lls).unwrap(), b);
        let t = Type::tuple([Type::String, Type::list(Type::Number)]);
        let tv = Value::tuple(vec![Value::null(Type::String), unknown_pair(Type::Number)]);
        let want = Value::tuple(vec![Value::null(Type::String), Value::unknown(Type::list(Type::Number))]);
        assert_eq!(convert_to(&tv, &t).unwrap(), want);
    }
}
