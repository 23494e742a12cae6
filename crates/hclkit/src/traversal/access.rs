//! Indexing and attribute access with the language's rules (the reference's `hcl.Index` and
//! `hcl.GetAttr`), and the "Did you mean" name suggestions.
//!
//! Both operations return the value or a [`Problem`] (summary and detail); the caller adds
//! the source range.

use hclkit_value::convert::convert;
use hclkit_value::{Type, Value};

use crate::context::EvalContext;
use crate::diagnostic::go_quote;
use crate::traversal::{Traversal, TraverseStep};

/// A failed access: the diagnostic's summary and detail.
pub(crate) struct Problem {
    pub summary: &'static str,
    pub detail: String,
}

fn problem(summary: &'static str, detail: impl Into<String>) -> Problem {
    Problem { summary, detail: detail.into() }
}

const INVALID_INDEX: &str = "Invalid index";
const NO_ELEMENT: &str = "The given key does not identify an element in this collection value";

/// `collection[key]`.
pub(crate) fn index(collection: &Value, key: &Value) -> Result<Value, Problem> {
    if collection.is_null() {
        return Err(problem("Attempt to index null value", "This value is null, so it does not have any indices."));
    }
    if key.is_null() {
        return Err(problem(INVALID_INDEX, "Can't use a null value as an indexing key."));
    }
    let ty = collection.ty();
    if key.ty().is_dynamic() || ty.is_dynamic() {
        return Ok(Value::dynamic());
    }
    match &ty {
        Type::List(_) | Type::Tuple(_) | Type::Map(_) => {
            let want = if ty.is_map() { Type::String } else { Type::Number };
            let key = convert(key, &want).map_err(|e| problem(INVALID_INDEX, format!("{NO_ELEMENT}: {e}.")))?;
            let has = collection.has_index(&key).unwrap_or(Value::bool(false));
            if !has.is_known() {
                return Ok(match &ty {
                    Type::Tuple(_) => Value::dynamic(),
                    _ => Value::unknown(ty.element_type().cloned().unwrap_or(Type::Dynamic)),
                });
            }
            if has.as_bool() == Some(false) {
                return Err(missing_element(collection, &key));
            }
            collection.index(&key).map_err(|_| problem(INVALID_INDEX, format!("{NO_ELEMENT}.")))
        }
        Type::Object(o) => {
            let was_number = key.ty() == Type::Number;
            let key =
                convert(key, &Type::String).map_err(|e| problem(INVALID_INDEX, format!("{NO_ELEMENT}: {e}.")))?;
            if !collection.is_known() || !key.is_known() {
                return Ok(Value::dynamic());
            }
            let name = key.as_str().unwrap_or_default();
            if o.attribute(name).is_none() {
                let hint =
                    if was_number { " An object only supports looking up attributes by name, not by numeric index." } else { "" };
                return Err(problem(INVALID_INDEX, format!("{NO_ELEMENT}.{hint}")));
            }
            collection.attr(name).map_err(|_| problem(INVALID_INDEX, format!("{NO_ELEMENT}.")))
        }
        Type::Set(_) => Err(problem(
            INVALID_INDEX,
            "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
        )),
        _ => Err(problem(INVALID_INDEX, "This value does not have any indices.")),
    }
}

/// The error for a key the collection does not have, with the reference's special wording
/// for sequence indices that are fractional, negative, or exactly the length.
fn missing_element(collection: &Value, key: &Value) -> Problem {
    let ty = collection.ty();
    if ty.is_list() || ty.is_tuple() {
        if let Some(n) = key.as_number() {
            if !n.is_integer() {
                return problem(
                    INVALID_INDEX,
                    format!("{NO_ELEMENT}: indexing a sequence requires a whole number, but the given index has a fractional part."),
                );
            }
            if n.signum() < 0 {
                return problem(
                    INVALID_INDEX,
                    format!("{NO_ELEMENT}: a negative number is not a valid index for a sequence."),
                );
            }
            if let Some(len) = collection.length_value().ok().and_then(|l| l.as_number().cloned()) {
                // The reference tests `key - length < 1` as a sign, which (the key being
                // missing) only holds when the key is exactly the length.
                if n.sub(&len).map(|d| d.signum() < 1).unwrap_or(false) {
                    let why = if len.is_zero() {
                        "the collection has no elements"
                    } else {
                        "the given index is greater than or equal to the length of the collection"
                    };
                    return problem(INVALID_INDEX, format!("{NO_ELEMENT}: {why}."));
                }
            }
        }
    }
    problem(INVALID_INDEX, format!("{NO_ELEMENT}."))
}

const UNSUPPORTED_ATTR: &str = "Unsupported attribute";

/// `obj.name`.
pub(crate) fn get_attr(obj: &Value, name: &str) -> Result<Value, Problem> {
    if obj.is_null() {
        return Err(problem(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
        ));
    }
    let ty = obj.ty();
    match &ty {
        Type::Object(o) => match o.attribute(name) {
            None => Err(problem(
                UNSUPPORTED_ATTR,
                format!("This object does not have an attribute named {}.", go_quote(name)),
            )),
            Some(at) if !obj.is_known() => Ok(Value::unknown(at.clone())),
            Some(_) => obj.attr(name).map_err(|e| problem(UNSUPPORTED_ATTR, e.to_string())),
        },
        Type::Map(ety) => {
            if !obj.is_known() {
                return Ok(Value::unknown((**ety).clone()));
            }
            match obj.map_get(name) {
                Some(v) => Ok(v.clone()),
                None => Err(problem(
                    "Missing map element",
                    format!("This map does not have an element with the key {}.", go_quote(name)),
                )),
            }
        }
        Type::Dynamic => Ok(Value::dynamic()),
        Type::List(ety) if ety.is_object() => {
            if ety.attribute_type(name).is_some() {
                Err(problem(
                    UNSUPPORTED_ATTR,
                    format!(
                        "Can't access attributes on a list of objects. Did you mean to access attribute {} for a specific element of the list, or across all elements of the list?",
                        go_quote(name)
                    ),
                ))
            } else {
                Err(problem(
                    UNSUPPORTED_ATTR,
                    "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?",
                ))
            }
        }
        Type::Set(ety) if ety.is_object() => Err(problem(
            UNSUPPORTED_ATTR,
            "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
        )),
        t if t.is_primitive() => Err(problem(
            UNSUPPORTED_ATTR,
            format!("Can't access attributes on a primitive-typed value ({}).", t.friendly_name()),
        )),
        _ => Err(problem(UNSUPPORTED_ATTR, "This value does not have any attributes.")),
    }
}

/// The value an absolute traversal reaches in `ctx` (the reference's `Traversal.TraverseAbs`),
/// or `None` where it fails (no such variable, attribute or element).
pub(crate) fn traverse_abs(t: &Traversal, ctx: Option<&EvalContext>) -> Option<Value> {
    let mut steps = t.steps.iter();
    let Some(TraverseStep::Root { name, .. }) = steps.next() else { return None };
    let mut v = ctx?.variable(name)?.clone();
    for step in steps {
        v = match step {
            TraverseStep::Root { .. } => return None,
            TraverseStep::Attr { name, .. } => get_attr(&v, name).ok()?,
            TraverseStep::Index { key, .. } => index(&v, key).ok()?,
        };
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_index_wording() {
        let l = Value::tuple(vec![Value::number(1), Value::number(2)]);
        let d = |k: Value| index(&l, &k).err().map(|p| p.detail).unwrap_or_default();
        assert!(d(Value::number(2)).ends_with("greater than or equal to the length of the collection."));
        assert_eq!(d(Value::number(3)), format!("{NO_ELEMENT}."));
        assert!(d(Value::number(-1)).contains("negative"));
        assert!(d(Value::number(hclkit_value::Number::parse("0.5").unwrap())).contains("fractional"));
        assert!(index(&Value::empty_tuple(), &Value::number(0)).err().unwrap().detail.contains("no elements"));
    }
}
