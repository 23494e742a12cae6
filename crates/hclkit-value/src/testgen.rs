//! Random types and values for property tests (test builds only).
//!
//! * [`arb_type`]: a type a value can have (no optional-attribute markers), possibly with the
//!   dynamic pseudo-type and a capsule type inside.
//! * [`arb_value_of`]: a value of exactly the given type, including nulls and unknowns at any
//!   depth.
//! * [`arb_typed_value`]: a type and a value of it.
//! * [`related_type`]: a type derived from another, often convertible from it (kinds swapped,
//!   primitives changed, attributes dropped or added as optional, the dynamic pseudo-type put
//!   in), for exercising conversions and unification.
//!
//! [`json`] holds the narrower generators the JSON-encoding round trips need (wholly-known
//! values, no nulls or empty collections where the encoding cannot say their type). The one
//! crate-wide test generator module; `hclkit`'s property tests build their own syntax
//! generators and do not share these.

use std::sync::OnceLock;

use proptest::collection::vec;
use proptest::prelude::*;

use crate::{CapsuleType, Number, Type, Value};

pub(crate) mod json;

/// The one capsule type random types use.
pub(crate) fn capsule_type() -> CapsuleType {
    static CAPSULE: OnceLock<CapsuleType> = OnceLock::new();
    CAPSULE.get_or_init(|| CapsuleType::new("test capsule")).clone()
}

const NAMES: &[&str] = &["a", "b", "c", "d"];

fn arb_name() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(NAMES)
}

fn arb_leaf_type() -> BoxedStrategy<Type> {
    prop_oneof![
        4 => Just(Type::String),
        4 => Just(Type::Number),
        3 => Just(Type::Bool),
        1 => Just(Type::Dynamic),
        1 => Just(Type::Capsule(capsule_type())),
    ]
    .boxed()
}

/// A random type with no optional-attribute markers.
pub(crate) fn arb_type() -> BoxedStrategy<Type> {
    arb_leaf_type()
        .prop_recursive(3, 24, 3, |inner| {
            prop_oneof![
                inner.clone().prop_map(Type::list),
                inner.clone().prop_map(Type::set),
                inner.clone().prop_map(Type::map),
                vec((arb_name(), inner.clone()), 0..4).prop_map(Type::object),
                vec(inner, 0..4).prop_map(Type::tuple),
            ]
        })
        .boxed()
}

fn arb_number() -> BoxedStrategy<Value> {
    prop_oneof![
        (-20i64..20).prop_map(Value::number),
        proptest::sample::select(&["1.5", "-0.25", "1e3", "100000000000000000000", "3.14159265359"][..])
            .prop_map(|s| Value::number(Number::parse(s).unwrap_or_else(|_| Number::from_i64(0)))),
    ]
    .boxed()
}

fn arb_string() -> BoxedStrategy<Value> {
    prop_oneof![
        proptest::sample::select(
            &["", "true", "false", "1", "0", "TRUE", "False", "12", "-3.5", "1e2", "x", "hello", "e\u{301}"][..]
        )
        .prop_map(Value::string),
        "[a-z0-9. ]{0,4}".prop_map(Value::string),
    ]
    .boxed()
}

/// A random value of exactly type `ty`: null, unknown, or known (and then, for compound
/// types, made of random values of the element types).
pub(crate) fn arb_value_of(ty: &Type) -> BoxedStrategy<Value> {
    let null = Just(Value::null(ty.clone()));
    let unknown = Just(Value::unknown(ty.clone()));
    let known: BoxedStrategy<Value> = match ty {
        Type::Dynamic => return prop_oneof![Just(Value::dynamic()), Just(Value::null(Type::Dynamic))].boxed(),
        Type::Bool => any::<bool>().prop_map(Value::bool).boxed(),
        Type::Number => arb_number(),
        Type::String => arb_string(),
        Type::Capsule(c) => {
            let c = c.clone();
            any::<u8>().prop_map(move |b| Value::capsule(&c, b)).boxed()
        }
        Type::List(e) => {
            let e2 = (**e).clone();
            vec(arb_value_of(e), 0..4).prop_map(move |xs| Value::list_of(e2.clone(), xs).expect("typed list")).boxed()
        }
        Type::Set(e) => {
            let e2 = (**e).clone();
            vec(arb_value_of(e), 0..4).prop_map(move |xs| Value::set_of(e2.clone(), xs).expect("typed set")).boxed()
        }
        Type::Map(e) => {
            let e2 = (**e).clone();
            vec((arb_name(), arb_value_of(e)), 0..4)
                .prop_map(move |xs| Value::map_of(e2.clone(), xs).expect("typed map"))
                .boxed()
        }
        Type::Object(o) => {
            let parts: Vec<BoxedStrategy<(crate::ty::Name, Value)>> = o
                .attributes()
                .iter()
                .map(|(n, t)| {
                    let n = n.clone();
                    arb_value_of(t).prop_map(move |v| (n.clone(), v)).boxed()
                })
                .collect();
            parts.prop_map(Value::object).boxed()
        }
        Type::Tuple(t) => {
            let parts: Vec<BoxedStrategy<Value>> = t.elements().iter().map(arb_value_of).collect();
            parts.prop_map(Value::tuple).boxed()
        }
    };
    prop_oneof![1 => null, 1 => unknown, 8 => known].boxed()
}

/// A random type and a random value of it.
pub(crate) fn arb_typed_value() -> BoxedStrategy<(Type, Value)> {
    arb_type().prop_flat_map(|t| (Just(t.clone()), arb_value_of(&t))).boxed()
}

/// A random type derived from `ty`, often (not always) one `ty` converts to. May carry
/// optional-attribute markers.
pub(crate) fn related_type(ty: &Type) -> BoxedStrategy<Type> {
    prop_oneof![
        2 => Just(ty.clone()),
        1 => arb_type(),
        1 => Just(Type::Dynamic),
        6 => mutate(ty),
    ]
    .boxed()
}

fn mutate(ty: &Type) -> BoxedStrategy<Type> {
    match ty {
        Type::Bool | Type::Number | Type::String => {
            proptest::sample::select(vec![Type::String, Type::Number, Type::Bool, Type::Dynamic]).boxed()
        }
        Type::Dynamic | Type::Capsule(_) => prop_oneof![Just(ty.clone()), arb_leaf_type()].boxed(),
        Type::List(e) | Type::Set(e) => {
            let inner = related_type(e);
            prop_oneof![
                inner.clone().prop_map(Type::list),
                inner.clone().prop_map(Type::set),
                inner.prop_map(|t| Type::tuple([t])),
            ]
            .boxed()
        }
        Type::Map(e) => {
            let inner = related_type(e);
            prop_oneof![
                inner.clone().prop_map(Type::map),
                (vec(arb_name(), 0..3), inner.clone(), vec(arb_name(), 0..2)).prop_map(|(names, t, opt)| {
                    Type::object_with_optional(names.into_iter().map(|n| (n, t.clone())), opt)
                }),
                inner.prop_map(|t| Type::object([("a", t)])),
            ]
            .boxed()
        }
        Type::Object(o) => {
            let attrs: Vec<BoxedStrategy<(crate::ty::Name, Type, bool, bool)>> = o
                .attributes()
                .iter()
                .map(|(n, t)| {
                    let n = n.clone();
                    (related_type(t), any::<bool>(), prop::bool::weighted(0.2))
                        .prop_map(move |(t, keep, opt)| (n.clone(), t, keep, opt))
                        .boxed()
                })
                .collect();
            let first = o.attributes().first().map(|(_, t)| related_type(t)).unwrap_or_else(arb_type);
            prop_oneof![
                3 => (attrs, vec((proptest::sample::select(&["e", "f"][..]), arb_type(), any::<bool>()), 0..2))
                    .prop_map(|(attrs, extra)| {
                        let mut all: Vec<(crate::ty::Name, Type)> = Vec::new();
                        let mut opt: Vec<crate::ty::Name> = Vec::new();
                        for (n, t, keep, o) in attrs {
                            if keep || o {
                                if o {
                                    opt.push(n.clone());
                                }
                                all.push((n, t));
                            }
                        }
                        for (n, t, o) in extra {
                            if o {
                                opt.push(n.into());
                            }
                            all.push((n.into(), t));
                        }
                        Type::object_with_optional(all, opt)
                    }),
                1 => first.prop_map(Type::map),
            ]
            .boxed()
        }
        Type::Tuple(t) => {
            let elems: Vec<BoxedStrategy<Type>> = t.elements().iter().map(related_type).collect();
            let first = t.elements().first().map(related_type).unwrap_or_else(arb_type);
            prop_oneof![
                3 => elems.prop_map(Type::tuple),
                1 => first.clone().prop_map(Type::list),
                1 => first.prop_map(Type::set),
                1 => Just(Type::list(Type::Dynamic)),
                1 => Just(Type::set(Type::Dynamic)),
            ]
            .boxed()
        }
    }
}
