//! English descriptions of why one type does not conform to another (the reference's
//! `convert.MismatchMessage`).

use super::plan;
use crate::Type;

/// Describes why a value of type `got` cannot be converted to type `want`, as the reference
/// does: this is the message of [`convert`](super::convert) when no conversion exists.
///
/// The description assumes that the conversion is indeed impossible; for convertible types it
/// may be confusing. Where the reference picks among object attributes in random order, this
/// takes them in name order.
///
/// ```
/// use hclkit_value::convert::mismatch_message;
/// use hclkit_value::Type;
/// let want = Type::object([("foo", Type::String), ("bar", Type::String), ("baz", Type::String)]);
/// assert_eq!(mismatch_message(&Type::empty_object(), &want), r#"attributes "bar", "baz", and "foo" are required"#);
/// assert_eq!(mismatch_message(&Type::Bool, &Type::Number), "number required");
/// assert_eq!(
///     mismatch_message(&Type::tuple([Type::empty_object()]), &Type::list(Type::object([("foo", Type::String)]))),
///     r#"element 0: attribute "foo" is required"#
/// );
/// assert_eq!(
///     mismatch_message(&Type::list(Type::String), &Type::set(Type::Bool)),
///     "incorrect set element type: bool required"
/// );
/// ```
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    let want_ety_dynamic = want.element_type().is_some_and(Type::is_dynamic);
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => objects(got, want),
        // Converting from tuple to list, set or map of the dynamic pseudo-type fails only
        // when no single type can hold all the elements.
        (Type::Tuple(_), Type::List(_)) if want_ety_dynamic => "all list elements must have the same type".into(),
        (Type::Tuple(_), Type::Set(_)) if want_ety_dynamic => "all set elements must have the same type".into(),
        (Type::Object(_), Type::Map(_)) if want_ety_dynamic => "all map elements must have the same type".into(),
        (Type::Tuple(_) | Type::Object(_), _) if want.is_collection() => collection_from_structural(got, want),
        (_, _) if got.is_collection() && want.is_collection() => collection_from_collection(got, want),
        _ => required(want),
    }
}

fn required(want: &Type) -> String {
    format!("{} required", want.friendly_name_for_constraint())
}

fn objects(got: &Type, want: &Type) -> String {
    let (Some(go), Some(wo)) = (got.object_type(), want.object_type()) else { return required(want) };
    // `got` may have more attributes than `want`: report missing attributes in preference,
    // else one attribute without an unsafe conversion, else one without a safe one.
    let mut missing: Vec<&str> = Vec::new();
    let mut unsafe_mismatch: Option<String> = None;
    let mut safe_mismatch: Option<String> = None;
    for (name, want_aty) in wo.attributes() {
        let Some(got_aty) = go.attribute(name) else {
            if !wo.is_optional(name) {
                missing.push(name);
            }
            continue;
        };
        if got_aty == want_aty || unsafe_mismatch.is_some() {
            continue;
        }
        let describe = || format!("attribute {}: {}", crate::go::quote(name), mismatch_message(got_aty, want_aty));
        if plan::get(got_aty, want_aty, true).is_none() {
            unsafe_mismatch = Some(describe());
        }
        if safe_mismatch.is_none() && plan::get(got_aty, want_aty, false).is_none() {
            safe_mismatch = Some(describe());
        }
    }
    match missing.as_slice() {
        [] => {}
        [one] => return format!("attribute {} is required", crate::go::quote(one)),
        [a, b] => return format!("attributes {} and {} are required", crate::go::quote(a), crate::go::quote(b)),
        [init @ .., last] => {
            let mut s = String::from("attributes ");
            for n in init {
                s.push_str(&crate::go::quote(n));
                s.push_str(", ");
            }
            s.push_str("and ");
            s.push_str(&crate::go::quote(last));
            s.push_str(" are required");
            return s;
        }
    }
    unsafe_mismatch.or(safe_mismatch).unwrap_or_else(|| "incorrect object attributes".into())
}

fn collection_from_structural(got: &Type, want: &Type) -> String {
    let Some(want_ety) = want.element_type() else { return required(want) };
    match (got, want) {
        (Type::Tuple(t), Type::List(_) | Type::Set(_)) => {
            for (i, got_ety) in t.elements().iter().enumerate() {
                if got_ety == want_ety || plan::get(got_ety, want_ety, true).is_some() {
                    continue;
                }
                return format!("element {i}: {}", mismatch_message(got_ety, want_ety));
            }
            format!("all elements must be {}", want_ety.friendly_name_for_constraint())
        }
        (Type::Object(o), Type::Map(_)) => {
            for (name, got_aty) in o.attributes() {
                if got_aty == want_ety || plan::get(got_aty, want_ety, true).is_some() {
                    continue;
                }
                return format!("element {}: {}", crate::go::quote(name), mismatch_message(got_aty, want_ety));
            }
            format!("all elements must be {}", want_ety.friendly_name_for_constraint())
        }
        _ => required(want),
    }
}

fn collection_from_collection(got: &Type, want: &Type) -> String {
    let noun = match (got, want) {
        (Type::List(_) | Type::Set(_), Type::List(_)) => "list element type",
        (Type::List(_) | Type::Set(_), Type::Set(_)) => "set element type",
        (Type::Map(_), Type::Map(_)) => "map element type",
        _ => return required(want),
    };
    match (got.element_type(), want.element_type()) {
        (Some(g), Some(w)) => format!("incorrect {noun}: {}", mismatch_message(g, w)),
        _ => required(want),
    }
}
