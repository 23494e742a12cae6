//! Laws of equality, identity and sets, checked on random values.

use crate::common::{typed_value, value_pair};
use hclkit_value::{Type, Value};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn not_equals_is_negated_equals((a, b) in value_pair(true)) {
        let eq = a.equals(&b);
        let ne = a.not_equals(&b);
        prop_assert_eq!(eq.is_unknown(), ne.is_unknown());
        if let (Some(x), Some(y)) = (eq.as_bool(), ne.as_bool()) {
            prop_assert_eq!(x, !y);
        }
    }

    #[test]
    fn equals_is_symmetric((a, b) in value_pair(true)) {
        prop_assert!(a.equals(&b).raw_equals(&b.equals(&a)), "{:?} vs {:?}", a, b);
    }

    #[test]
    fn known_values_equal_themselves((_t, v) in typed_value(false)) {
        prop_assert_eq!(v.equals(&v).as_bool(), Some(true));
        prop_assert!(v.raw_equals(&v.clone()));
    }

    #[test]
    fn equal_known_values_have_equal_types((a, b) in value_pair(false)) {
        if a.equals(&b).as_bool() == Some(true) && !a.is_null() {
            prop_assert_eq!(a.ty(), b.ty());
        }
    }

    #[test]
    fn value_types_are_what_was_asked((t, v) in typed_value(true)) {
        prop_assert_eq!(v.ty(), t);
    }

    #[test]
    fn sets_hold_distinct_elements_in_a_stable_order((t, v) in typed_value(false)) {
        let elems: Vec<Value> = match v.elements() {
            Some(e) if t.is_list() => e.to_vec(),
            _ => return Ok(()),
        };
        let Some(ety) = t.element_type() else { return Ok(()) };
        let s = Value::set_of(ety.clone(), elems.clone()).unwrap();
        let members = s.elements().unwrap();
        for (i, x) in members.iter().enumerate() {
            for y in &members[i + 1..] {
                prop_assert_ne!(x.equals(y).as_bool(), Some(true));
            }
        }
        for e in &elems {
            prop_assert!(members.iter().any(|m| m.equals(e).as_bool() == Some(true)));
        }
        // Order does not depend on the order elements were given in.
        let mut rev = elems.clone();
        rev.reverse();
        let s2 = Value::set_of(ety.clone(), rev).unwrap();
        prop_assert!(s.raw_equals(&s2), "{:?} vs {:?}", s, s2);
    }
}

#[test]
fn unknown_equality_is_unknown_unless_types_differ() {
    let u = Value::unknown(Type::String);
    assert!(u.equals(&Value::string("x")).is_unknown());
    assert_eq!(u.equals(&Value::bool(true)).as_bool(), Some(false));
}
