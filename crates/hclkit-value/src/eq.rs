//! Equality: the language's `==` ([`Value::equals`], which can be unknown) and identity
//! ([`Value::raw_equals`]).

use std::sync::Arc;

use crate::ty::Type;
use crate::value::{Repr, Value};

impl Value {
    /// The language's `==`: a bool, or an unknown bool when the answer depends on unknown
    /// values.
    ///
    /// Nulls are equal to each other whatever their types; values of different types are
    /// unequal; strings compare after NFC normalisation; numbers compare at their precision;
    /// collections and structures compare element by element.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert_eq!(Value::string("a").equals(&Value::string("a")).as_bool(), Some(true));
    /// assert_eq!(Value::string("1").equals(&Value::number(1)).as_bool(), Some(false));
    /// assert_eq!(Value::null(Type::String).equals(&Value::null(Type::Number)).as_bool(), Some(true));
    /// assert!(Value::unknown(Type::String).equals(&Value::string("a")).is_unknown());
    /// assert_eq!(Value::unknown(Type::String).equals(&Value::number(1)).as_bool(), Some(false));
    /// ```
    pub fn equals(&self, other: &Value) -> Value {
        match equals(self, other) {
            Some(b) => Value::bool(b),
            None => Value::unknown(Type::Bool),
        }
    }

    /// The language's `!=`: the negation of [`Value::equals`].
    pub fn not_equals(&self, other: &Value) -> Value {
        match equals(self, other) {
            Some(b) => Value::bool(!b),
            None => Value::unknown(Type::Bool),
        }
    }

    /// Identity: the same type and, recursively, the same value; two unknown values of one
    /// type are identical, as are two nulls of one type. Never unknown.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert!(Value::unknown(Type::String).raw_equals(&Value::unknown(Type::String)));
    /// assert!(!Value::null(Type::String).raw_equals(&Value::null(Type::Number)));
    /// ```
    pub fn raw_equals(&self, other: &Value) -> bool {
        raw_equals(self, other)
    }
}

/// `None` stands for an unknown result.
pub(crate) fn equals(a: &Value, b: &Value) -> Option<bool> {
    match (a.is_known(), b.is_known()) {
        (false, false) => return None,
        (true, false) => return known_vs_unknown(a, b),
        (false, true) => return known_vs_unknown(b, a),
        (true, true) => {}
    }
    match (a.is_null(), b.is_null()) {
        (true, true) => return Some(true),
        (true, false) | (false, true) => return Some(false),
        _ => {}
    }
    if !a.has_wholly_known_type() || !b.has_wholly_known_type() {
        let (at, bt) = (a.ty(), b.ty());
        if !at.matches_loosely(&bt) && !bt.matches_loosely(&at) {
            return Some(false);
        }
        return None;
    }
    if a.ty() != b.ty() {
        return Some(false);
    }
    known_equals(a, b)
}

fn known_vs_unknown(known: &Value, unknown: &Value) -> Option<bool> {
    let uty = unknown.ty();
    if known.is_null() || uty.has_dynamic_types() {
        return None;
    }
    if known.ty() != uty {
        return Some(false);
    }
    None
}

/// Both values are known, non-null and of one type with no dynamic parts.
fn known_equals(a: &Value, b: &Value) -> Option<bool> {
    match (&a.0, &b.0) {
        (Repr::Bool(x), Repr::Bool(y)) => Some(x == y),
        (Repr::Number(x), Repr::Number(y)) => Some(x == y),
        (Repr::String(x), Repr::String(y)) => Some(x == y),
        (Repr::List(x), Repr::List(y)) | (Repr::Tuple(x), Repr::Tuple(y)) => {
            if Arc::ptr_eq(x, y) && a.is_wholly_known() {
                return Some(true);
            }
            if x.elems.len() != y.elems.len() {
                return Some(false);
            }
            all_pairs(x.elems.iter().zip(y.elems.iter()))
        }
        (Repr::Map(x), Repr::Map(y)) | (Repr::Object(x), Repr::Object(y)) => {
            if x.entries.len() != y.entries.len() || x.entries.iter().zip(y.entries.iter()).any(|(p, q)| p.0 != q.0) {
                return Some(false);
            }
            all_pairs(x.entries.iter().zip(y.entries.iter()).map(|(p, q)| (&p.1, &q.1)))
        }
        (Repr::Set(x), Repr::Set(y)) => {
            if x.elems.iter().chain(y.elems.iter()).any(Value::is_unknown) {
                return None;
            }
            // Equal sets of comparable elements list the same elements in the same order.
            if x.elems.len() == y.elems.len()
                && x.elems.iter().zip(y.elems.iter()).all(|(p, q)| equals(p, q) == Some(true))
            {
                return Some(true);
            }
            let contains = |s: &[Value], v: &Value| s.iter().any(|e| equals(e, v) == Some(true));
            Some(x.elems.iter().all(|v| contains(&y.elems, v)) && y.elems.iter().all(|v| contains(&x.elems, v)))
        }
        (Repr::Capsule(x), Repr::Capsule(y)) => Some(match x.ty.equals_fn() {
            Some(f) => f(&*x.value, &*y.value),
            None => Arc::ptr_eq(x, y),
        }),
        _ => Some(false),
    }
}

/// Element-wise equality: false as soon as a pair is unequal, unknown if a pair is unknown
/// (checked in order, as the reference does).
fn all_pairs<'a>(pairs: impl Iterator<Item = (&'a Value, &'a Value)>) -> Option<bool> {
    for (p, q) in pairs {
        match equals(p, q) {
            None => return None,
            Some(false) => return Some(false),
            Some(true) => {}
        }
    }
    Some(true)
}

pub(crate) fn raw_equals(a: &Value, b: &Value) -> bool {
    match (&a.0, &b.0) {
        (Repr::Unknown(x), Repr::Unknown(y)) | (Repr::Null(x), Repr::Null(y)) => x == y,
        (Repr::Unknown(_), _) | (_, Repr::Unknown(_)) | (Repr::Null(_), _) | (_, Repr::Null(_)) => false,
        (Repr::Bool(x), Repr::Bool(y)) => x == y,
        (Repr::Number(x), Repr::Number(y)) => x == y,
        (Repr::String(x), Repr::String(y)) => x == y,
        (Repr::List(x), Repr::List(y)) | (Repr::Tuple(x), Repr::Tuple(y)) | (Repr::Set(x), Repr::Set(y)) => {
            Arc::ptr_eq(x, y)
                || (x.ty == y.ty
                    && x.elems.len() == y.elems.len()
                    && x.elems.iter().zip(y.elems.iter()).all(|(p, q)| raw_equals(p, q)))
        }
        (Repr::Map(x), Repr::Map(y)) | (Repr::Object(x), Repr::Object(y)) => {
            Arc::ptr_eq(x, y)
                || (x.ty == y.ty
                    && x.entries.len() == y.entries.len()
                    && x.entries.iter().zip(y.entries.iter()).all(|(p, q)| p.0 == q.0 && raw_equals(&p.1, &q.1)))
        }
        (Repr::Capsule(x), Repr::Capsule(y)) => {
            x.ty == y.ty
                && match x.ty.equals_fn() {
                    Some(f) => f(&*x.value, &*y.value),
                    None => Arc::ptr_eq(x, y),
                }
        }
        _ => false,
    }
}

impl Type {
    /// The reference's type conformance test: `self` conforms to `want` when they are identical
    /// or `want` has the dynamic pseudo-type where `self` differs. Unlike [`Type::matches`],
    /// optional attribute markers are ignored in both.
    pub(crate) fn matches_loosely(&self, want: &Type) -> bool {
        match (self, want) {
            (_, Type::Dynamic) => true,
            (Type::Object(a), Type::Object(b)) => {
                a.len() == b.len()
                    && a.attributes()
                        .iter()
                        .zip(b.attributes().iter())
                        .all(|((an, at), (bn, bt))| an == bn && at.matches_loosely(bt))
            }
            _ => self.matches(want),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn n(x: i64) -> Value {
        Value::number(x)
    }

    #[test]
    fn primitives() {
        assert_eq!(equals(&s("a"), &s("a")), Some(true));
        assert_eq!(equals(&s("a"), &s("b")), Some(false));
        assert_eq!(equals(&s("e\u{301}"), &s("\u{e9}")), Some(true));
        assert_eq!(equals(&n(1), &n(1)), Some(true));
        assert_eq!(equals(&Value::bool(true), &Value::bool(false)), Some(false));
        assert_eq!(equals(&n(1), &s("1")), Some(false));
    }

    #[test]
    fn nulls() {
        assert_eq!(equals(&Value::null(Type::String), &Value::null(Type::Number)), Some(true));
        assert_eq!(equals(&Value::null(Type::String), &s("")), Some(false));
        assert_eq!(equals(&Value::null(Type::String), &Value::unknown(Type::String)), None);
    }

    #[test]
    fn unknowns() {
        assert_eq!(equals(&Value::unknown(Type::String), &Value::unknown(Type::Number)), None);
        assert_eq!(equals(&Value::unknown(Type::String), &n(1)), Some(false));
        assert_eq!(equals(&Value::unknown(Type::Number), &n(1)), None);
        assert_eq!(equals(&Value::dynamic(), &n(1)), None);
        assert_eq!(equals(&n(1), &Value::unknown(Type::list(Type::Dynamic))), None);
        let l1 = Value::list(vec![n(1), Value::unknown(Type::Number)]).unwrap();
        let l2 = Value::list(vec![n(2), n(3)]).unwrap();
        let l3 = Value::list(vec![n(1), n(3)]).unwrap();
        assert_eq!(equals(&l1, &l2), Some(false));
        assert_eq!(equals(&l1, &l3), None);
    }

    #[test]
    fn nested_dynamic() {
        let t1 = Value::tuple(vec![Value::dynamic()]);
        let t2 = Value::tuple(vec![s("a")]);
        assert_eq!(equals(&t1, &t2), None);
        let t3 = Value::tuple(vec![s("a"), s("b")]);
        assert_eq!(equals(&t1, &t3), Some(false));
    }

    #[test]
    fn collections() {
        let a = Value::map([("x", n(1)), ("y", n(2))]).unwrap();
        let b = Value::map([("y", n(2)), ("x", n(1))]).unwrap();
        let c = Value::map([("x", n(1)), ("z", n(2))]).unwrap();
        assert_eq!(equals(&a, &b), Some(true));
        assert_eq!(equals(&a, &c), Some(false));
        let s1 = Value::set(vec![s("b"), s("a")]).unwrap();
        let s2 = Value::set(vec![s("a"), s("b"), s("a")]).unwrap();
        assert_eq!(equals(&s1, &s2), Some(true));
        let s3 = Value::set(vec![s("a"), Value::unknown(Type::String)]).unwrap();
        assert_eq!(equals(&s1, &s3), None);
        let o1 = Value::object([("a", n(1))]);
        let o2 = Value::object([("a", s("1"))]);
        assert_eq!(equals(&o1, &o2), Some(false));
    }

    #[test]
    fn identity() {
        assert!(raw_equals(&Value::dynamic(), &Value::dynamic()));
        assert!(!raw_equals(&Value::dynamic(), &Value::unknown(Type::String)));
        assert!(raw_equals(&Value::null(Type::Bool), &Value::null(Type::Bool)));
        let l1 = Value::list(vec![Value::unknown(Type::Number)]).unwrap();
        assert!(raw_equals(&l1, &l1.clone()));
        assert!(raw_equals(&l1, &Value::list(vec![Value::unknown(Type::Number)]).unwrap()));
    }
}
