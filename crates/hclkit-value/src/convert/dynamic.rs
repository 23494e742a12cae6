//! The type given to unknowns and nulls by a conversion: the target type, with the
//! dynamic pseudo-type wherever it appears in the target replaced by the corresponding part
//! of the source type (the reference's `dynamicReplace`).

use super::unify;
use crate::Type;

/// `out`, with its dynamic parts filled in from `in_ty`. The types are expected to be
/// convertible; where they do not correspond, `out`'s part is kept.
pub(crate) fn replace(in_ty: &Type, out: &Type) -> Type {
    if in_ty.is_dynamic() {
        return out.clone();
    }
    match out {
        Type::Dynamic => in_ty.clone(),
        Type::Bool | Type::Number | Type::String | Type::Capsule(_) => out.clone(),
        Type::Map(oe) => {
            let ety = match in_ty {
                Type::Map(ie) => replace(ie, oe),
                Type::Object(o) => {
                    let atys: Vec<Type> = o.attributes().iter().map(|(_, t)| t.clone()).collect();
                    unified_or_out(&atys, oe)
                }
                _ => return out.clone(),
            };
            Type::map(ety)
        }
        Type::Object(o) => {
            let attrs = o.attributes().iter().map(|(name, aty)| {
                let t = match in_ty {
                    Type::Map(ie) => replace(ie, aty),
                    Type::Object(io) => match io.attribute(name) {
                        Some(it) => replace(it, aty),
                        // An optional attribute absent from the source: nothing to fill in.
                        None => aty.clone(),
                    },
                    _ => aty.clone(),
                };
                (name.clone(), t)
            });
            // The result has no optional-attribute markers, as in the reference.
            Type::object(attrs)
        }
        Type::Set(oe) | Type::List(oe) => {
            let ety = match in_ty {
                Type::Set(ie) | Type::List(ie) => replace(ie, oe),
                Type::Tuple(t) => unified_or_out(t.elements(), oe),
                _ => return out.clone(),
            };
            if out.is_set() {
                Type::set(ety)
            } else {
                Type::list(ety)
            }
        }
        Type::Tuple(ot) => match in_ty.tuple_elements() {
            Some(ie) if ie.len() == ot.elements().len() => {
                Type::tuple(ie.iter().zip(ot.elements()).map(|(i, o)| replace(i, o)))
            }
            _ => out.clone(),
        },
    }
}

/// The unsafe unification of `types` with `out`'s dynamic parts filled in from it, or `out`
/// when they do not unify.
fn unified_or_out(types: &[Type], out: &Type) -> Type {
    match unify::unify(types, true) {
        Some((t, _)) => replace(&t, out),
        None => out.clone(),
    }
}
