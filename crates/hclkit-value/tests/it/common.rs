//! Random types and values for property tests, through the public API only.
#![allow(dead_code)]

use hclkit_value::{Number, Type, Value};
use proptest::prelude::*;

/// Random types up to a small depth, the dynamic pseudo-type among the leaves (so there are
/// collections and structures with dynamic parts, whose values are nulls and unknowns of the
/// dynamic pseudo-type).
pub fn any_type() -> impl Strategy<Value = Type> {
    let leaf = prop_oneof![
        3 => Just(Type::Bool),
        3 => Just(Type::Number),
        3 => Just(Type::String),
        1 => Just(Type::Dynamic),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Type::tuple),
            prop::collection::btree_map("[a-c]", inner, 0..3).prop_map(Type::object),
        ]
    })
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        (-20i64..20).prop_map(Number::from_i64),
        any::<i64>().prop_map(Number::from_i64),
        (-1000i64..1000, 1u32..4).prop_map(|(m, e)| Number::parse(&format!("{m}e-{e}")).unwrap()),
        // Infinities: the canonical ones and others (as float overflows and negation make).
        Just(Number::infinity()),
        Just(Number::neg_infinity()),
        Just(Number::from_f64(f64::INFINITY).unwrap()),
        Just(Number::neg_infinity().neg()),
        Just(Number::parse("1e308").unwrap()),
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-c]{0,3}",
        Just("e\u{301}".to_string()),
        Just("\u{e9}".to_string()),
        Just("1".to_string()),
        Just("true".to_string()),
    ]
}

/// A random value of type `ty`, including nulls and unknowns (at any depth) when `partial` is
/// set. Values of the dynamic pseudo-type are its null and, when `partial` is set, the unknown
/// `Value::dynamic()`.
pub fn value_of(ty: Type, partial: bool) -> BoxedStrategy<Value> {
    let known = known_value_of(ty.clone(), partial);
    if partial {
        prop_oneof![
            8 => known,
            1 => Just(Value::null(ty.clone())),
            1 => Just(Value::unknown(ty)),
        ]
        .boxed()
    } else {
        known
    }
}

/// A value standing for "anything": the dynamic value, the dynamic null, or the unknown or
/// null of some type.
fn dynamic_like() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::dynamic()),
        Just(Value::null(Type::Dynamic)),
        any_type().prop_map(Value::unknown),
        any_type().prop_map(Value::null),
    ]
    .boxed()
}

/// A known value of some type whose elements or attributes, at any depth, are often unknown
/// (of their type, or the dynamic value where the type allows any).
fn nested_unknowns() -> BoxedStrategy<Value> {
    let unknown = prop_oneof![
        Just(Value::dynamic()),
        prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)].prop_map(Value::unknown),
    ];
    unknown
        .prop_recursive(3, 12, 3, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..3).prop_map(Value::tuple),
                prop::collection::btree_map("[a-c]", inner.clone(), 0..3).prop_map(Value::object),
                // Lists of one element type: the element's repeated, or an unknown list.
                (inner.clone(), 1usize..3).prop_map(|(v, n)| Value::list(vec![v; n]).unwrap()),
                (inner, 1usize..3).prop_map(|(v, n)| Value::set(vec![v; n]).unwrap()),
            ]
        })
        .boxed()
}

fn known_value_of(ty: Type, partial: bool) -> BoxedStrategy<Value> {
    match ty {
        Type::Bool => any::<bool>().prop_map(Value::bool).boxed(),
        Type::Number => number().prop_map(Value::number).boxed(),
        Type::String => string().prop_map(Value::string).boxed(),
        Type::List(e) => prop::collection::vec(value_of((*e).clone(), partial), 0..4)
            .prop_map(move |v| Value::list_of((*e).clone(), v).unwrap())
            .boxed(),
        Type::Set(e) => prop::collection::vec(value_of((*e).clone(), partial), 0..4)
            .prop_map(move |v| Value::set_of((*e).clone(), v).unwrap())
            .boxed(),
        Type::Map(e) => prop::collection::btree_map("[a-c]", value_of((*e).clone(), partial), 0..3)
            .prop_map(move |m| Value::map_of((*e).clone(), m).unwrap())
            .boxed(),
        Type::Tuple(t) => {
            let parts: Vec<BoxedStrategy<Value>> = t.elements().iter().map(|e| value_of(e.clone(), partial)).collect();
            parts.prop_map(Value::tuple).boxed()
        }
        Type::Object(o) => {
            let names: Vec<String> = o.attributes().iter().map(|(n, _)| n.to_string()).collect();
            let parts: Vec<BoxedStrategy<Value>> =
                o.attributes().iter().map(|(_, t)| value_of(t.clone(), partial)).collect();
            parts.prop_map(move |vs| Value::object(names.clone().into_iter().zip(vs))).boxed()
        }
        other => Just(Value::null(other)).boxed(),
    }
}

/// A random type and a random value of it.
pub fn typed_value(partial: bool) -> impl Strategy<Value = (Type, Value)> {
    any_type().prop_flat_map(move |t| value_of(t.clone(), partial).prop_map(move |v| (t.clone(), v)))
}

/// Two random values, often of the same type, sometimes equal. When `partial` is set, also
/// pairs with a dynamic-typed value on either side, and pairs of values with nested unknowns.
pub fn value_pair(partial: bool) -> BoxedStrategy<(Value, Value)> {
    let base = prop_oneof![
        any_type().prop_flat_map(move |t| (value_of(t.clone(), partial), value_of(t, partial))),
        typed_value(partial).prop_map(|(_, v)| (v.clone(), v)),
        (typed_value(partial), typed_value(partial)).prop_map(|((_, a), (_, b))| (a, b)),
    ];
    if !partial {
        return base.boxed();
    }
    prop_oneof![
        6 => base,
        1 => (dynamic_like(), typed_value(true)).prop_map(|(d, (_, v))| (d, v)),
        1 => (typed_value(true), dynamic_like()).prop_map(|((_, v), d)| (v, d)),
        1 => (nested_unknowns(), nested_unknowns()),
        1 => nested_unknowns().prop_map(|v| (v.clone(), v)),
    ]
    .boxed()
}
