//! Random types and values for property tests of the JSON encodings (test builds only).

use proptest::prelude::*;

use crate::number::Number;
use crate::ty::{Name, Type};
use crate::value::{normalize, Value};

/// Attribute names and map keys: mostly short ASCII, sometimes characters that need escaping
/// or normalising.
pub(crate) fn arb_name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z]{0,3}",
        1 => "[a-c<>&\"\\\\\u{0}-\u{1f}\u{7f}\u{e9}\u{301}\u{2028}\u{2029}\u{1F600}]{0,4}",
    ]
}

fn nfc(s: &str) -> Name {
    normalize(s).as_ref().into()
}

/// Any type: primitives, the dynamic pseudo-type, collections, objects (with optional
/// attributes) and tuples, nested a few levels.
pub(crate) fn arb_type() -> impl Strategy<Value = Type> {
    type_strategy(true)
}

/// A type with no dynamic pseudo-type in it.
pub(crate) fn arb_concrete_type() -> impl Strategy<Value = Type> {
    type_strategy(false)
}

fn type_strategy(dynamic: bool) -> BoxedStrategy<Type> {
    let leaf = if dynamic {
        prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String), Just(Type::Dynamic)].boxed()
    } else {
        prop_oneof![Just(Type::Bool), Just(Type::Number), Just(Type::String)].boxed()
    };
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            proptest::collection::vec((arb_name(), inner.clone(), any::<bool>()), 0..4).prop_map(|attrs| {
                let optional: Vec<Name> = attrs.iter().filter(|a| a.2).map(|a| nfc(&a.0)).collect();
                Type::object_with_optional(attrs.into_iter().map(|(n, t, _)| (nfc(&n), t)), optional)
            }),
            proptest::collection::vec(inner, 0..4).prop_map(Type::tuple),
        ]
    })
    .boxed()
}

/// `ty` with each dynamic pseudo-type replaced by a random concrete type.
pub(crate) fn concretize(ty: &Type) -> BoxedStrategy<Type> {
    match ty {
        Type::Dynamic => arb_concrete_type().boxed(),
        Type::List(e) => concretize(e).prop_map(Type::list).boxed(),
        Type::Set(e) => concretize(e).prop_map(Type::set).boxed(),
        Type::Map(e) => concretize(e).prop_map(Type::map).boxed(),
        Type::Object(o) => {
            let names: Vec<Name> = o.attributes().iter().map(|(n, _)| n.clone()).collect();
            let optional: Vec<Name> = o.optional_attributes().to_vec();
            let parts: Vec<BoxedStrategy<Type>> = o.attributes().iter().map(|(_, t)| concretize(t)).collect();
            parts
                .prop_map(move |ts| Type::object_with_optional(names.iter().cloned().zip(ts), optional.clone()))
                .boxed()
        }
        Type::Tuple(t) => {
            let parts: Vec<BoxedStrategy<Type>> = t.elements().iter().map(concretize).collect();
            parts.prop_map(Type::tuple).boxed()
        }
        other => Just(other.clone()).boxed(),
    }
}

/// Numbers the placeholder number module represents exactly: integers and short decimals.
pub(crate) fn arb_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        (-1_000_000i64..1_000_000).prop_map(Number::from_i64),
        (-100_000i64..100_000, 1u32..100).prop_map(|(i, f)| {
            let text = format!("{i}.{f:02}");
            Number::parse(&text).unwrap_or_else(|_| Number::from_i64(i))
        }),
    ]
}

/// A wholly-known value of type `conc`, a concretisation of `orig` (see [`concretize`]) that
/// an encoding by `orig` preserves: where `orig` contains the dynamic pseudo-type without
/// being it, there are no nulls and no empty collections, since their JSON cannot say which
/// concrete type they had.
pub(crate) fn arb_value(orig: &Type, conc: &Type) -> BoxedStrategy<Value> {
    let orig = if orig.is_dynamic() { conc } else { orig };
    let exact = !orig.has_dynamic_types();
    let min = if exact { 0 } else { 1 };
    let base: BoxedStrategy<Value> = match (orig, conc) {
        (_, Type::Bool) => any::<bool>().prop_map(Value::bool).boxed(),
        (_, Type::Number) => arb_number().prop_map(Value::number).boxed(),
        (_, Type::String) => prop_oneof![".{0,6}", arb_name()].prop_map(Value::string).boxed(),
        (Type::List(oe), Type::List(ce)) | (Type::Set(oe), Type::Set(ce)) => {
            let ce2 = (**ce).clone();
            let set = conc.is_set();
            proptest::collection::vec(arb_value(oe, ce), min..4)
                .prop_map(move |elems| {
                    let r = if set { Value::set_of(ce2.clone(), elems) } else { Value::list_of(ce2.clone(), elems) };
                    r.expect("elements of the element type")
                })
                .boxed()
        }
        (Type::Map(oe), Type::Map(ce)) => {
            let ce2 = (**ce).clone();
            proptest::collection::vec((arb_name(), arb_value(oe, ce)), min..4)
                .prop_map(move |entries| Value::map_of(ce2.clone(), entries).expect("elements of the element type"))
                .boxed()
        }
        (Type::Tuple(ot), Type::Tuple(ct)) => {
            let parts: Vec<BoxedStrategy<Value>> =
                ot.elements().iter().zip(ct.elements()).map(|(o, c)| arb_value(o, c)).collect();
            parts.prop_map(Value::tuple).boxed()
        }
        (Type::Object(oo), Type::Object(co)) => {
            let names: Vec<Name> = co.attributes().iter().map(|(n, _)| n.clone()).collect();
            let parts: Vec<BoxedStrategy<Value>> =
                oo.attributes().iter().zip(co.attributes()).map(|((_, o), (_, c))| arb_value(o, c)).collect();
            parts.prop_map(move |vals| Value::object(names.iter().cloned().zip(vals))).boxed()
        }
        _ => Just(Value::null(conc.clone())).boxed(),
    };
    if exact {
        prop_oneof![1 => Just(Value::null(conc.clone())), 8 => base].boxed()
    } else {
        base
    }
}

/// A type and a wholly-known value that encoding by that type preserves. The type has no
/// optional attribute markers: a collection's element type with them cannot be the type of
/// a non-empty collection value, whose element type comes from its elements.
pub(crate) fn arb_typed_value() -> impl Strategy<Value = (Type, Value)> {
    arb_type().prop_map(|t| t.without_optional_attributes()).prop_flat_map(|t| {
        let t2 = t.clone();
        concretize(&t).prop_map(|c| c.without_optional_attributes()).prop_flat_map(move |c| {
            let t3 = t2.clone();
            arb_value(&t2, &c).prop_map(move |v| (t3.clone(), v))
        })
    })
}
