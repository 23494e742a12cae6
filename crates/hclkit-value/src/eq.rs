//! Equality: the language's `==` ([`Value::equals`], which can be unknown) and identity
//! ([`Value::raw_equals`]).

use std::sync::Arc;

use crate::set::SetIndex;
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
    crate::set::count_comparison();
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
            // Otherwise each element of one must be a member of the other (as the reference's
            // `Set.Has` decides: same hash-string bucket and `==`), looked up in an index.
            let (xs, ys) = (SetIndex::new(&x.elems), SetIndex::new(&y.elems));
            Some(x.elems.iter().all(|v| ys.contains(v)) && y.elems.iter().all(|v| xs.contains(v)))
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
    fn nulls_of_one_type_are_equal() {
        for ty in [
            Type::String,
            Type::Number,
            Type::Bool,
            Type::Dynamic,
            Type::list(Type::String),
            Type::set(Type::Number),
            Type::map(Type::Bool),
            Type::tuple([Type::String, Type::Dynamic]),
            Type::object([("a", Type::Number)]),
            Type::Capsule(crate::CapsuleType::new("c")),
        ] {
            let (a, b) = (Value::null(ty.clone()), Value::null(ty.clone()));
            assert_eq!(equals(&a, &b), Some(true), "{ty:?}");
            assert_eq!(a.equals(&b).as_bool(), Some(true), "{ty:?}");
            assert_eq!(a.not_equals(&b).as_bool(), Some(false), "{ty:?}");
            assert!(a.raw_equals(&b), "{ty:?}");
        }
    }

    #[test]
    fn infinities() {
        use crate::Number;
        let pos = Value::number(Number::infinity());
        let neg = Value::number(Number::neg_infinity());
        assert_eq!(pos.equals(&pos.clone()).as_bool(), Some(true));
        assert_eq!(neg.equals(&neg.clone()).as_bool(), Some(true));
        assert_eq!(pos.equals(&neg).as_bool(), Some(false));
        assert_eq!(neg.equals(&pos).as_bool(), Some(false));
        assert_eq!(pos.not_equals(&neg).as_bool(), Some(true));
        assert_eq!(pos.not_equals(&pos.clone()).as_bool(), Some(false));
        // Infinities made otherwise (other precisions, as go-cty's NumberFloatVal and Neg make
        // them) print the same and so are equal, as in the reference (hcleval: `-log(0, 10) ==
        // -log(0, 10)` and `[log(0, 10)] == [log(0, 10)]` are true, `log(0, 10) ==
        // -log(0, 10)` and `-log(0, 10) == 1e308` false).
        let pos_f = Value::number(Number::from_f64(f64::INFINITY).unwrap());
        let neg_f = Value::number(Number::from_f64(f64::NEG_INFINITY).unwrap());
        assert_eq!(pos.equals(&pos_f).as_bool(), Some(true));
        assert_eq!(neg_f.equals(&neg).as_bool(), Some(true));
        assert_eq!(Value::number(Number::infinity().neg()).equals(&neg).as_bool(), Some(true));
        assert_eq!(Value::number(Number::neg_infinity().neg()).equals(&pos_f).as_bool(), Some(true));
        assert_eq!(pos_f.equals(&neg_f).as_bool(), Some(false));
        let big = Value::number(Number::parse("1e308").unwrap());
        assert_eq!(pos.equals(&big).as_bool(), Some(false));
        assert_eq!(neg.equals(&big.clone()).as_bool(), Some(false));
        assert_eq!(pos.equals(&Value::unknown(Type::Number)), Value::unknown(Type::Bool));
        let l1 = Value::list(vec![pos.clone(), neg.clone()]).unwrap();
        let l2 = Value::list(vec![pos_f.clone(), neg_f.clone()]).unwrap();
        assert_eq!(l1.equals(&l2).as_bool(), Some(true));
        let set = Value::set(vec![pos.clone(), pos_f, neg.clone()]).unwrap();
        assert_eq!(set.elements().unwrap().len(), 2);
    }

    #[test]
    fn capsules_compare_by_identity_by_default() {
        use crate::CapsuleType;
        let ty = CapsuleType::new("thing");
        let a = Value::capsule(&ty, 1i32);
        let b = Value::capsule(&ty, 1i32);
        // The same encapsulated object (a clone shares it): equal.
        assert_eq!(a.equals(&a.clone()).as_bool(), Some(true));
        assert!(a.raw_equals(&a.clone()));
        // Equal contents in distinct objects: unequal, as go-cty's pointer comparison.
        assert_eq!(a.equals(&b).as_bool(), Some(false));
        assert_eq!(a.not_equals(&b).as_bool(), Some(true));
        assert!(!a.raw_equals(&b));
        // Another capsule type (even of the same name): a different type, unequal.
        let other = Value::capsule(&CapsuleType::new("thing"), 1i32);
        assert_eq!(a.equals(&other).as_bool(), Some(false));
        assert!(!a.raw_equals(&other));
        // Nulls and unknowns as for other types.
        assert_eq!(a.equals(&Value::null(Type::Capsule(ty.clone()))).as_bool(), Some(false));
        assert!(a.equals(&Value::unknown(Type::Capsule(ty.clone()))).is_unknown());
        assert_eq!(a.equals(&Value::unknown(Type::String)).as_bool(), Some(false));
        assert_eq!(a.equals(&n(1)).as_bool(), Some(false));
        // Inside collections, element by element.
        let l1 = Value::list(vec![a.clone()]).unwrap();
        assert_eq!(l1.equals(&Value::list(vec![a.clone()]).unwrap()).as_bool(), Some(true));
        assert_eq!(l1.equals(&Value::list(vec![b.clone()]).unwrap()).as_bool(), Some(false));
        assert_eq!(Value::set(vec![a.clone(), b.clone(), a.clone()]).unwrap().elements().unwrap().len(), 2);
    }

    fn same_i32(a: &(dyn std::any::Any + Send + Sync), b: &(dyn std::any::Any + Send + Sync)) -> bool {
        a.downcast_ref::<i32>() == b.downcast_ref::<i32>()
    }

    #[test]
    fn capsules_with_equals_compare_with_it() {
        use crate::CapsuleType;
        let ty = CapsuleType::with_equals("int", same_i32);
        let a = Value::capsule(&ty, 1i32);
        let b = Value::capsule(&ty, 1i32);
        let c = Value::capsule(&ty, 2i32);
        assert_eq!(a.equals(&a.clone()).as_bool(), Some(true));
        assert_eq!(a.equals(&b).as_bool(), Some(true));
        assert_eq!(b.equals(&a).as_bool(), Some(true));
        assert_eq!(a.not_equals(&b).as_bool(), Some(false));
        assert_eq!(a.equals(&c).as_bool(), Some(false));
        assert_eq!(a.not_equals(&c).as_bool(), Some(true));
        // Identity uses the same function (go-cty's RawEquals falls back to its own pointer
        // comparison only when no function is given).
        assert!(a.raw_equals(&b));
        assert!(!a.raw_equals(&c));
        // The function is only asked about values of its own type.
        let other = Value::capsule(&CapsuleType::with_equals("int", same_i32), 1i32);
        assert_eq!(a.equals(&other).as_bool(), Some(false));
        assert!(!a.raw_equals(&other));
        let plain = Value::capsule(&CapsuleType::new("int"), 1i32);
        assert_eq!(a.equals(&plain).as_bool(), Some(false));
        // Collections of such capsules compare through it; sets merge equal ones.
        let l1 = Value::list(vec![a.clone(), c.clone()]).unwrap();
        let l2 = Value::list(vec![b.clone(), Value::capsule(&ty, 2i32)]).unwrap();
        assert_eq!(l1.equals(&l2).as_bool(), Some(true));
        assert_eq!(Value::set(vec![a, b, c]).unwrap().elements().unwrap().len(), 2);
    }

    #[test]
    fn set_equality_makes_linear_comparisons() {
        // Sets of one length whose elements differ are compared by membership; testing it
        // against every element made that quadratic. Sets of n and of 4n numbers, equal but
        // for one element, in both argument orders, and sets of sets.
        use crate::set::comparisons_of;
        let set = |n: i64, last: i64| Value::set((0..n - 1).chain([last]).map(Value::number).collect()).unwrap();
        let nested = |n: i64, last: i64| {
            Value::set(
                (0..n - 1)
                    .chain([last])
                    .map(|i| Value::set(vec![Value::number(i), Value::number(i % 5)]).unwrap())
                    .collect(),
            )
            .unwrap()
        };
        for make in [set, nested] {
            let mut counts = Vec::new();
            for n in [1_000, 4_000] {
                let (a, b) = (make(n, -1), make(n, n + 1));
                let (r, c) = comparisons_of(|| (equals(&a, &b), equals(&b, &a), equals(&a, &a.clone())));
                assert_eq!(r, (Some(false), Some(false), Some(true)));
                counts.push(c);
            }
            assert!(counts[1] <= 5 * counts[0], "{} comparisons for 1000 elements, {} for 4000", counts[0], counts[1]);
        }
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
