//! Set membership and iteration order, as the reference defines them.
//!
//! The reference keeps set elements in buckets keyed by a CRC-32 of a textual "hash string"
//! of each element, iterates buckets in ascending key order (insertion order within a bucket),
//! and then stable-sorts by an ordering that is total for strings, numbers and bools (nulls
//! and unknowns last) and compares hash strings for every other element type. Reproducing
//! both steps makes our sets iterate, and so print, exactly as the reference's do.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use crate::eq::{equals, raw_equals};
use crate::ty::Type;
use crate::value::{Repr, Value};

/// Deduplicates `elems` (all of type `ety`) and puts them in the reference's order.
///
/// The reference adds the elements one by one to buckets keyed by the CRC-32 of their hash
/// strings, skipping an element when its bucket holds one `==` to it; iterates the buckets in
/// ascending key order, each in insertion order; and stable-sorts that by its ordering. Here
/// each element's hash string is computed once, membership is a hash-set lookup (by bucket
/// and equality, see [`EqKey`]), and the two orders are two sorts: O(n log n) comparisons.
pub(crate) fn canonical_elements(ety: &Type, elems: Vec<Value>) -> Vec<Value> {
    if elems.len() <= 1 {
        return elems;
    }
    if matches!(ety, Type::String | Type::Bool) {
        return canonical_by_value(elems);
    }
    // Compound elements are ordered by their hash strings, so those are kept; numbers (and
    // the nulls and unknowns of other types) need only their buckets.
    let hashes: Vec<String> = if ety.is_primitive() { Vec::new() } else { elems.iter().map(hash_string).collect() };
    let buckets: Vec<u32> = if hashes.is_empty() {
        elems.iter().map(bucket).collect()
    } else {
        hashes.iter().map(|h| crc32fast::hash(h.as_bytes())).collect()
    };
    let mut kept: Vec<usize> = Vec::with_capacity(elems.len());
    {
        let mut seen: HashSet<(u32, EqKey<'_>)> = HashSet::with_capacity(elems.len());
        for (i, v) in elems.iter().enumerate() {
            // A value that equals nothing (an unknown) is always a new member.
            if EqKey::new(v).map_or(true, |k| seen.insert((buckets[i], k))) {
                kept.push(i);
            }
        }
    }
    kept.sort_by_key(|&i| buckets[i]); // stable: insertion order within a bucket
    kept.sort_by(|&a, &b| {
        less_ordering(&elems[a], &elems[b], || match (hashes.get(a), hashes.get(b)) {
            (Some(x), Some(y)) => x.as_bytes().cmp(y.as_bytes()),
            _ => hash_string(&elems[a]).as_bytes().cmp(hash_string(&elems[b]).as_bytes()),
        })
    });
    let mut slots: Vec<Option<Value>> = elems.into_iter().map(Some).collect();
    kept.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// Strings and bools: two elements share a hash string exactly when they are equal, so
/// membership is equality alone, and the only ties of the ordering (unknowns) share a
/// bucket: insertion order stands for bucket order.
fn canonical_by_value(elems: Vec<Value>) -> Vec<Value> {
    let mut keep = vec![false; elems.len()];
    {
        let mut seen: HashSet<EqKey<'_>> = HashSet::with_capacity(elems.len());
        for (i, v) in elems.iter().enumerate() {
            keep[i] = EqKey::new(v).map_or(true, |k| seen.insert(k));
        }
    }
    let mut out: Vec<Value> = elems.into_iter().zip(keep).filter_map(|(v, k)| k.then_some(v)).collect();
    out.sort_by(|a, b| less_ordering(a, b, || Ordering::Equal));
    out
}

/// A value as a hash-set key under the language's `==`: keys are equal when [`equals`]
/// says true, and values it calls equal hash alike.
///
/// Only values that can equal something are keys: [`EqKey::new`] refuses a value with an
/// unknown anywhere in it, for which `==` is unknown or false, never true (so the reference
/// never finds it in a set: each such element is a member of its own).
#[derive(Clone, Copy)]
pub(crate) struct EqKey<'a>(&'a Value);

impl<'a> EqKey<'a> {
    /// The key of `v`, or `None` if `v` equals nothing (it is not wholly known, which
    /// includes every value whose type is not wholly known).
    pub(crate) fn new(v: &'a Value) -> Option<EqKey<'a>> {
        v.is_wholly_known().then_some(EqKey(v))
    }
}

impl PartialEq for EqKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        equals(self.0, other.0) == Some(true)
    }
}

impl Eq for EqKey<'_> {}

impl Hash for EqKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_for_equality(self.0, state);
    }
}

/// Hashes what `==` compares: nulls alike whatever their type, numbers by the text they are
/// compared by ([`crate::Number`]'s `Hash`), collections element by element, and a set by
/// the distinct hashes of its elements (equal sets hold pairwise equal elements, whatever
/// their order and however many of them are equal to one another).
fn hash_for_equality<H: Hasher>(v: &Value, state: &mut H) {
    match &v.0 {
        Repr::Null(_) => state.write_u8(0),
        Repr::Unknown(_) => state.write_u8(1),
        Repr::Bool(b) => {
            state.write_u8(2);
            b.hash(state);
        }
        Repr::Number(n) => {
            state.write_u8(3);
            n.hash(state);
        }
        Repr::String(s) => {
            state.write_u8(4);
            s.hash(state);
        }
        Repr::List(s) | Repr::Tuple(s) => {
            state.write_u8(5);
            state.write_usize(s.elems.len());
            for e in &s.elems {
                hash_for_equality(e, state);
            }
        }
        Repr::Map(e) | Repr::Object(e) => {
            state.write_u8(6);
            state.write_usize(e.entries.len());
            for (k, v) in &e.entries {
                k.hash(state);
                hash_for_equality(v, state);
            }
        }
        Repr::Set(s) => {
            state.write_u8(7);
            let mut hashes: Vec<u64> = s
                .elems
                .iter()
                .map(|e| {
                    // A fixed hasher, so that equal sets hash alike within one table.
                    let mut h = std::collections::hash_map::DefaultHasher::new();
                    hash_for_equality(e, &mut h);
                    h.finish()
                })
                .collect();
            hashes.sort_unstable();
            hashes.dedup();
            hashes.hash(state);
        }
        // Capsules compare by their type's function or by identity: no content to hash.
        Repr::Capsule(_) => state.write_u8(8),
    }
}

/// The elements of a set (or of a sequence of set elements) indexed for membership as the
/// reference's `Set.Has` decides it: a member has the same hash-string bucket and is `==`.
/// Building the index takes time linear in the elements; each lookup, expected constant time
/// (plus the size of the element looked up).
pub(crate) struct SetIndex<'a> {
    members: HashSet<(u32, EqKey<'a>)>,
}

impl<'a> SetIndex<'a> {
    /// The index of `elems`.
    pub(crate) fn new(elems: &'a [Value]) -> SetIndex<'a> {
        let mut index = SetIndex { members: HashSet::with_capacity(elems.len()) };
        for v in elems {
            index.insert(v);
        }
        index
    }

    /// Adds `v` (nothing happens if it equals nothing).
    pub(crate) fn insert(&mut self, v: &'a Value) {
        if let Some(k) = EqKey::new(v) {
            self.members.insert((bucket(v), k));
        }
    }

    /// Whether `v` is a member.
    pub(crate) fn contains(&self, v: &Value) -> bool {
        EqKey::new(v).is_some_and(|k| self.members.contains(&(bucket(v), k)))
    }
}

/// The reference's bucket of a set element: the CRC-32 of its hash string.
fn bucket(v: &Value) -> u32 {
    crc32fast::hash(hash_string(v).as_bytes())
}

#[cfg(test)]
thread_local! {
    /// Comparisons made on this thread: calls of `==` ([`equals`], nested calls included)
    /// and of the set ordering. Tests read it to check how the work grows with the input.
    static COMPARISONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts one comparison (in test builds only).
#[inline]
pub(crate) fn count_comparison() {
    #[cfg(test)]
    COMPARISONS.with(|c| c.set(c.get() + 1));
}

/// The comparisons `f` makes (on this thread), with its result.
#[cfg(test)]
pub(crate) fn comparisons_of<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = COMPARISONS.with(std::cell::Cell::get);
    let out = f();
    (out, COMPARISONS.with(std::cell::Cell::get) - before)
}

/// The reference's set ordering as an [`Ordering`] for a stable sort; `compound` compares
/// hash strings for non-primitive elements.
fn less_ordering(a: &Value, b: &Value, compound: impl FnOnce() -> Ordering) -> Ordering {
    count_comparison();
    // The reference first calls raw-equal values equal; two nulls or two unknowns are equal
    // by the rules below anyway, so that test is left to the known values, where it is cheap
    // or needed.
    match (a.is_null(), b.is_null()) {
        (false, true) => return Ordering::Less,
        (true, false) => return Ordering::Greater,
        (true, true) => return Ordering::Equal,
        _ => {}
    }
    match (a.is_known(), b.is_known()) {
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        (false, false) => return Ordering::Equal,
        _ => {}
    }
    match (&a.0, &b.0) {
        // Strings and bools are raw-equal exactly when they compare equal.
        (Repr::String(x), Repr::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Repr::Bool(x), Repr::Bool(y)) => x.cmp(y),
        // Numbers are raw-equal when they print alike (the shortest decimal that reads back
        // at their precision), which numbers of different values can, but only at different
        // precisions, and only when close. Printing is costly: only those are printed.
        (Repr::Number(x), Repr::Number(y)) => match x.cmp(y) {
            Ordering::Equal => Ordering::Equal,
            _ if x.precision() != y.precision() && x.may_print_equal(y) && x == y => Ordering::Equal,
            o => o,
        },
        _ if raw_equals(a, b) => Ordering::Equal,
        _ => compound(),
    }
}

/// The reference's set hash string of a value.
pub(crate) fn hash_string(v: &Value) -> String {
    let mut out = String::new();
    write_hash(v, &mut out);
    out
}

fn write_hash(v: &Value, out: &mut String) {
    match &v.0 {
        Repr::Unknown(_) => out.push('?'),
        Repr::Null(_) => out.push('~'),
        Repr::Number(n) => out.push_str(&n.to_string_g10()),
        Repr::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Repr::String(s) => crate::go::quote_into(s, out),
        Repr::Map(e) => {
            out.push('{');
            for (k, v) in &e.entries {
                crate::go::quote_into(k, out);
                out.push(':');
                write_hash(v, out);
                out.push(';');
            }
            out.push('}');
        }
        Repr::List(s) | Repr::Set(s) => {
            out.push('[');
            for e in &s.elems {
                write_hash(e, out);
                out.push(';');
            }
            out.push(']');
        }
        Repr::Object(e) => {
            out.push('<');
            for (_, v) in &e.entries {
                write_hash(v, out);
                out.push(';');
            }
            out.push('>');
        }
        Repr::Tuple(s) => {
            out.push('<');
            for e in &s.elems {
                write_hash(e, out);
                out.push(';');
            }
            out.push('>');
        }
        Repr::Capsule(_) => out.push_str("«?»"),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::Number;

    fn strs(v: &Value) -> Vec<String> {
        v.elements().unwrap().iter().map(|e| format!("{e:?}")).collect()
    }

    #[test]
    fn strings_sort_lexically_and_dedup() {
        let s = Value::set(vec!["b".into(), "a".into(), "c".into(), "a".into()]).unwrap();
        assert_eq!(strs(&s), ["\"a\"", "\"b\"", "\"c\""]);
    }

    #[test]
    fn numbers_sort_numerically_unknowns_then_nulls_last() {
        let s = Value::set(vec![
            Value::null(Type::Number),
            Value::unknown(Type::Number),
            Value::number(10),
            Value::number(2),
            Value::unknown(Type::Number),
        ])
        .unwrap();
        assert_eq!(strs(&s), ["2", "10", "(unknown number)", "(unknown number)", "null(number)"]);
    }

    #[test]
    fn bools_false_first() {
        let s = Value::set(vec![true.into(), false.into(), true.into()]).unwrap();
        assert_eq!(strs(&s), ["false", "true"]);
    }

    #[test]
    fn compound_elements_order_by_hash_string() {
        let l = |xs: &[&str]| Value::list(xs.iter().map(|x| Value::string(*x)).collect()).unwrap();
        let s = Value::set(vec![l(&["b"]), l(&["a", "z"]), l(&["a"]), l(&["b"])]).unwrap();
        // hash strings: ["b";] ["a";"z";] ["a";] -> byte order: ["a";"z";] < ["a";] < ["b";]
        assert_eq!(strs(&s), ["list[\"a\", \"z\"]", "list[\"a\"]", "list[\"b\"]"]);
    }

    /// The reference's algorithm, written plainly (quadratic): add each element to the
    /// bucket of its hash string's CRC-32 unless one there is `==` to it; concatenate the
    /// buckets in key order; stable-sort by the reference's `Less`.
    fn reference_order(elems: Vec<Value>) -> Vec<Value> {
        let mut buckets: std::collections::BTreeMap<u32, Vec<Value>> = Default::default();
        for v in elems {
            let b = buckets.entry(bucket(&v)).or_default();
            if !b.iter().any(|e| equals(&v, e) == Some(true)) {
                b.push(v);
            }
        }
        let mut flat: Vec<Value> = buckets.into_values().flatten().collect();
        let less = |a: &Value, b: &Value| -> bool {
            if raw_equals(a, b) {
                return false;
            }
            if b.is_null() && !a.is_null() {
                return true;
            } else if a.is_null() {
                return false;
            }
            if a.is_known() && !b.is_known() {
                return true;
            } else if !a.is_known() {
                return false;
            }
            match (&a.0, &b.0) {
                (Repr::String(x), Repr::String(y)) => x.as_bytes() < y.as_bytes(),
                (Repr::Bool(x), Repr::Bool(y)) => *y || !*x,
                (Repr::Number(x), Repr::Number(y)) => x.cmp(y).is_lt(),
                _ => hash_string(a).as_bytes() < hash_string(b).as_bytes(),
            }
        };
        flat.sort_by(|a, b| {
            if less(a, b) {
                Ordering::Less
            } else if less(b, a) {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        });
        flat
    }

    /// Numbers of different precisions that are close or equal: equal values, values equal
    /// by their text only, values that share a `%.10g` hash string (and so a bucket) without
    /// being equal, and their negations.
    fn arb_close_number() -> impl Strategy<Value = Value> {
        const TEXTS: &[&str] =
            &["0.1", "0.12345678905", "1", "1.00000000001", "1.00000000002", "-0", "0", "1e-400", "2.5"];
        (proptest::sample::select(TEXTS), 0..3u8, any::<bool>()).prop_map(|(t, how, neg)| {
            let n = match how {
                0 => Number::parse(t).unwrap_or_default(),
                1 => t.parse::<f64>().ok().and_then(Number::from_f64).unwrap_or_default(),
                _ => Number::parse(t).unwrap_or_default().add(&Number::zero()).unwrap_or_default(),
            };
            Value::number(if neg { n.neg() } else { n })
        })
    }

    proptest! {
        #[test]
        fn canonical_elements_match_the_reference_algorithm(
            (ty, elems) in crate::testgen::arb_type().prop_flat_map(|t| {
                let elems = proptest::collection::vec(crate::testgen::arb_value_of(&t), 0..12);
                (Just(t), elems)
            })
        ) {
            let ours = canonical_elements(&ty, elems.clone());
            let want = reference_order(elems);
            prop_assert_eq!(ours.len(), want.len());
            for (a, b) in ours.iter().zip(want.iter()) {
                prop_assert!(raw_equals(a, b), "{:?} vs {:?}", ours, want);
            }
        }

        #[test]
        fn close_numbers_order_and_dedup_as_the_reference(
            elems in proptest::collection::vec(
                prop_oneof![4 => arb_close_number(), 1 => Just(Value::unknown(Type::Number)), 1 => Just(Value::null(Type::Number))],
                0..16,
            )
        ) {
            let ours = canonical_elements(&Type::Number, elems.clone());
            let want = reference_order(elems);
            prop_assert_eq!(ours.len(), want.len());
            for (a, b) in ours.iter().zip(want.iter()) {
                prop_assert!(raw_equals(a, b), "{:?} vs {:?}", ours, want);
            }
        }

        #[test]
        fn set_index_finds_what_the_reference_finds(
            (elems, probes) in crate::testgen::arb_type().prop_flat_map(|t| {
                let elems = proptest::collection::vec(crate::testgen::arb_value_of(&t), 0..8);
                let probes = proptest::collection::vec(crate::testgen::arb_value_of(&t), 0..8);
                (elems, probes)
            })
        ) {
            let index = SetIndex::new(&elems);
            for p in probes.iter().chain(elems.iter()) {
                let want = elems.iter().any(|e| bucket(e) == bucket(p) && equals(p, e) == Some(true));
                prop_assert_eq!(index.contains(p), want, "{:?} in {:?}", p, elems);
            }
        }
    }

    /// The comparisons of building a set of `n` elements made by `make`, and of the set of
    /// `4n`: an O(n log n) construction makes at most about 4.7 times as many (the ratio of
    /// `4n log 4n` to `n log n` at these sizes), a quadratic one 16 times.
    fn growth(make: impl Fn(usize) -> Vec<Value>, ety: Type) -> (u64, u64) {
        let n = 1000;
        let (small, c1) = comparisons_of(|| canonical_elements(&ety, make(n)));
        let (large, c4) = comparisons_of(|| canonical_elements(&ety, make(4 * n)));
        assert!(small.len() <= n && large.len() <= 4 * n);
        (c1, c4)
    }

    /// A fixed permutation of `0..n` (multiplying by a number prime to `n`).
    fn shuffled(n: usize) -> impl Iterator<Item = usize> {
        (0..n).map(move |i| (i * 7919 + 13) % n)
    }

    #[test]
    fn construction_makes_n_log_n_comparisons() {
        type Case = (&'static str, Box<dyn Fn(usize) -> Vec<Value>>, Type);
        let cases: Vec<Case> = vec![
            ("numbers", Box::new(|n| shuffled(n).map(|i| Value::number(i as i64)).collect()), Type::Number),
            (
                "numbers, each twice",
                Box::new(|n| shuffled(n).map(|i| Value::number((i / 2) as i64)).collect()),
                Type::Number,
            ),
            (
                // All in one bucket of the reference (one `%.10g` text), none equal.
                "numbers sharing a hash string",
                Box::new(|n| {
                    shuffled(n)
                        .map(|i| Value::number(Number::parse(&format!("1.000000000{i:06}")).unwrap_or_default()))
                        .collect()
                }),
                Type::Number,
            ),
            ("unknown numbers", Box::new(|n| (0..n).map(|_| Value::unknown(Type::Number)).collect()), Type::Number),
            (
                "strings, each twice",
                Box::new(|n| shuffled(n).map(|i| Value::string(format!("s{}", i / 2))).collect()),
                Type::String,
            ),
            (
                "lists",
                Box::new(|n| {
                    shuffled(n).map(|i| Value::list(vec![Value::string(i.to_string()), "x".into()]).unwrap()).collect()
                }),
                Type::list(Type::String),
            ),
            (
                "lists with an unknown",
                Box::new(|n| {
                    shuffled(n)
                        .map(|i| Value::list(vec![Value::number(i as i64), Value::unknown(Type::Number)]).unwrap())
                        .collect()
                }),
                Type::list(Type::Number),
            ),
            (
                "sets",
                Box::new(|n| {
                    shuffled(n)
                        .map(|i| Value::set(vec![Value::number((i % 7) as i64), Value::number(i as i64)]).unwrap())
                        .collect()
                }),
                Type::set(Type::Number),
            ),
        ];
        for (what, make, ety) in cases {
            let (c1, c4) = growth(make, ety);
            eprintln!("{what}: {c1} comparisons for 1000 elements, {c4} for 4000");
            assert!(c4 <= 6 * c1.max(1), "{what}: {c1} comparisons for 1000 elements, {c4} for 4000");
        }
    }

    #[test]
    fn hash_strings() {
        let v = Value::object([
            ("a", Value::list(vec![Value::number(1), Value::unknown(Type::Number)]).unwrap()),
            ("b", Value::map([("k", Value::null(Type::String))]).unwrap()),
            ("c", Value::string("q\"\n\u{200b}")),
        ]);
        assert_eq!(hash_string(&v), "<[1;?;];{\"k\":~;};\"q\\\"\\n\\u200b\";>");
    }
}
