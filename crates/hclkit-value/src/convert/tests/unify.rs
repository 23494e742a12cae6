//! Unification: the reference's unify and unify-unsafe rules, with the expectations
//! marked as in the parent module.

use super::*;

// ---- unification ----------------------------------------------------------------------------

/// Records a unification of `types` (with a null of each) for checking against the reference.
fn record_unify(types: &[Type], unsafe_: bool) {
    let values: Vec<Value> = types.iter().cloned().map(Value::null).collect();
    record(unify_input(&values, unsafe_), unify_outcome(&values, unsafe_));
}

#[track_caller]
fn unify_is(types: &[Type], want: Option<Type>) {
    record_unify(types, false);
    assert_eq!(unify(types), want, "unify {types:?}");
}

#[track_caller]
fn unify_unsafe_is(types: &[Type], want: Option<Type>) {
    record_unify(types, true);
    assert_eq!(unify_unsafe(types), want, "unify_unsafe {types:?}");
}

#[track_caller]
fn unifies(types: Vec<Type>, want: Option<Type>, convs: Option<Vec<bool>>) {
    record_unify(&types, false);
    let got = unify_with_conversions(&types, false);
    assert_eq!(got.as_ref().map(|(t, _)| t.clone()), want, "unify {types:?}");
    let got_convs = got.map(|(_, c)| c.iter().map(Option::is_some).collect::<Vec<_>>());
    assert_eq!(got_convs, convs, "conversions of unify {types:?}");
}

#[test]
fn unify_reference_table() {
    // cty tests (TestUnify)
    unifies(vec![], None, None);
    unifies(vec![S], Some(S), Some(vec![false]));
    unifies(vec![N], Some(N), Some(vec![false]));
    unifies(vec![N, N], Some(N), Some(vec![false, false]));
    unifies(vec![N, S], Some(S), Some(vec![true, false]));
    unifies(vec![S, N], Some(S), Some(vec![false, true]));
    unifies(vec![B, S, N], Some(S), Some(vec![true, false, true]));
    unifies(vec![B, N], None, None);
    let fs = ot(vec![("foo", S)]);
    unifies(vec![fs.clone(), fs.clone()], Some(fs.clone()), Some(vec![false, false]));
    unifies(vec![fs.clone(), ot(vec![("foo", N)])], Some(fs.clone()), Some(vec![false, true]));
    unifies(vec![fs.clone(), ot(vec![("bar", N)])], Some(mt(S)), Some(vec![true, true]));
    unifies(vec![fs.clone(), Type::empty_object()], Some(mt(S)), Some(vec![true, true]));
    unifies(vec![ot(vec![("foo", B)]), ot(vec![("bar", N)])], None, None);
    unifies(vec![ot(vec![("foo", B)]), ot(vec![("foo", N)])], None, None);
    unifies(vec![tt(vec![S]), tt(vec![S])], Some(tt(vec![S])), Some(vec![false, false]));
    unifies(vec![tt(vec![S]), tt(vec![N])], Some(tt(vec![S])), Some(vec![false, true]));
    unifies(vec![tt(vec![S]), tt(vec![S, N])], Some(lt(S)), Some(vec![true, true]));
    unifies(vec![tt(vec![S]), Type::empty_tuple()], Some(lt(S)), Some(vec![true, true]));
    unifies(vec![tt(vec![B]), tt(vec![N])], None, None);
    let a = ot(vec![("a", S)]);
    let ab = ot(vec![("a", S), ("b", S)]);
    unifies(vec![tt(vec![a.clone(), a.clone()]), tt(vec![ab.clone()])], Some(lt(mt(S))), Some(vec![true, true]));
    unifies(vec![tt(vec![a.clone(), D]), lt(D)], None, None);
    let cd = ot(vec![("c", S), ("d", S)]);
    unifies(
        vec![lt(a.clone()), tt(vec![ab.clone()]), tt(vec![ab.clone(), cd])],
        Some(lt(mt(S))),
        Some(vec![true, true, true]),
    );
    unifies(
        vec![lt(a.clone()), lt(mt(S)), tt(vec![mt(S), ab.clone()])],
        Some(lt(mt(S))),
        Some(vec![true, false, true]),
    );
    let an_bn = ot(vec![("a", S), ("b", N)]);
    unifies(vec![tt(vec![an_bn.clone(), an_bn.clone()]), tt(vec![a.clone()])], Some(lt(mt(S))), Some(vec![true, true]));
    unifies(vec![tt(vec![an_bn]), tt(vec![a.clone()])], Some(tt(vec![mt(S)])), Some(vec![true, true]));
    let an_bs = ot(vec![("a", N), ("b", S)]);
    unifies(vec![lt(an_bs.clone()), tt(vec![a.clone()])], Some(lt(mt(S))), Some(vec![true, true]));
    unifies(vec![lt(an_bs), lt(a.clone())], Some(lt(mt(S))), Some(vec![true, true]));
    unifies(
        vec![lt(ot(vec![("a", a.clone()), ("b", ab.clone())])), lt(mt(ab.clone()))],
        Some(lt(mt(mt(S)))),
        Some(vec![true, true]),
    );
    unifies(
        vec![ot(vec![("a", a.clone())]), ot(vec![("a", ab.clone())])],
        Some(ot(vec![("a", mt(S))])),
        Some(vec![true, true]),
    );
    unifies(
        vec![ot(vec![("a", a.clone()), ("b", ab.clone())]), mt(ab.clone())],
        Some(mt(mt(S))),
        Some(vec![true, true]),
    );
    unifies(
        vec![
            ot(vec![("a", ot(vec![("a", lt(S))])), ("b", ot(vec![("a", tt(vec![S])), ("b", lt(S))]))]),
            mt(ot(vec![("a", lt(S)), ("b", lt(S))])),
        ],
        Some(mt(mt(lt(S)))),
        Some(vec![true, true]),
    );
    unifies(
        vec![ot(vec![("a", a.clone()), ("b", a.clone())]), mt(a.clone())],
        Some(mt(a.clone())),
        Some(vec![true, false]),
    );
    unifies(
        vec![ot(vec![("a", a.clone()), ("b", a.clone())]), mt(D), mt(a.clone())],
        Some(mt(D)),
        Some(vec![true, false, true]),
    );
    unifies(
        vec![ot(vec![("a", ot(vec![("a", a.clone())])), ("b", ot(vec![("c", ot(vec![("d", S)]))]))]), mt(mt(mt(S)))],
        Some(mt(mt(mt(S)))),
        Some(vec![true, false]),
    );
    unifies(
        vec![mt(mt(mt(S))), ot(vec![("a", ot(vec![("a", a.clone()), ("b", mt(S))])), ("b", mt(mt(S)))])],
        Some(mt(mt(mt(S)))),
        Some(vec![false, true]),
    );
    unifies(vec![D, tt(vec![N])], Some(D), Some(vec![true, true]));
    unifies(vec![D, ot(vec![("num", N)])], Some(D), Some(vec![true, true]));
    unifies(vec![tt(vec![N]), D, ot(vec![("num", N)])], None, None);
}

#[test]
fn unify_dynamic() {
    // Dynamic is ignored among primitives when unsafe conversions are allowed; safely, nothing
    // converts from it, so the dynamic pseudo-type itself is the result. (cty-oracle)
    unify_is(&[D, S], Some(D));
    unify_unsafe_is(&[D, S], Some(S));
    unify_is(&[D, D], Some(D));
    unify_unsafe_is(&[D], Some(D));
    // Among collections of one kind, any dynamic makes the result dynamic.
    unify_unsafe_is(&[lt(S), D], Some(D));
    unify_unsafe_is(&[lt(D), lt(S)], Some(lt(S)));
    unify_is(&[lt(D), lt(S)], Some(lt(D)));
    // The conversions for that case give the dynamic value whatever the input.
    let (t, vals) = unify_values(&[Value::dynamic(), tup(vec![n(1)])]).unwrap();
    assert_eq!(t, D);
    assert_eq!(vals, vec![Value::dynamic(), Value::dynamic()]);
}

#[test]
fn unify_lists_sets_maps() {
    // cty-oracle
    unify_is(&[lt(S), st(S)], Some(lt(S)));
    unify_is(&[st(N), lt(S)], Some(lt(S)));
    unify_is(&[st(N), st(S)], Some(st(S)));
    // Neither list(number) nor set(string) converts safely to the other.
    unify_is(&[lt(N), st(S)], None);
    unify_is(&[lt(N), lt(B)], None);
    unify_is(&[mt(N), mt(S)], Some(mt(S)));
    unify_is(&[mt(N), ot(vec![("a", S)])], Some(mt(S)));
    unify_is(&[mt(N), Type::empty_object()], Some(mt(N)));
    unify_is(&[lt(S), tt(vec![N, B])], Some(lt(S)));
    unify_is(&[st(S), tt(vec![N])], Some(st(S)));
    unify_is(&[lt(S), S], None);
    unify_is(&[tt(vec![N]), ot(vec![("a", N)])], None);
    unify_unsafe_is(&[lt(N), st(S)], Some(lt(N)));
}

#[test]
fn unify_values_converts() {
    // cty-oracle
    let (t, vals) = unify_values(&[n(1), s("a"), b(true)]).unwrap();
    assert_eq!(t, S);
    assert_eq!(vals, vec![s("1"), s("a"), s("true")]);
    let (t, vals) = unify_values(&[obj(vec![("a", n(1))]), obj(vec![("b", s("x"))])]).unwrap();
    assert_eq!(t, mt(S));
    assert_eq!(vals, vec![map(vec![("a", s("1"))]), map(vec![("b", s("x"))])]);
    assert_eq!(unify_values(&[n(1), b(true)]), Err(UnifyError::NoCommonType));
    assert_eq!(unify_values(&[]), Err(UnifyError::NoCommonType));
    // Only the dynamic pseudo-type is common to these; the values pass unchanged.
    let vals = [Value::dynamic(), n(1), tup(vec![])];
    assert_eq!(unify_values_unsafe(&vals), Ok((D, vals.to_vec())));
    // Unsafe unification can fail on the values.
    let e = unify_values_unsafe(&[list(vec![n(1)]), set(vec![s("x")])]).unwrap_err();
    assert_eq!(e, UnifyError::Conversion { index: 1, error: ConversionError::new(at(0), "a number is required") });
    assert_eq!(e.to_string(), "a number is required");
    let (t, vals) = unify_values_unsafe(&[null(D), n(1)]).unwrap();
    assert_eq!(t, N);
    assert_eq!(vals, vec![null(N), n(1)]);
    let (t, vals) = unify_values_unsafe(&[lt_val(&["a"]), tup(vec![n(1), n(2)])]).unwrap();
    assert_eq!(t, lt(S));
    assert_eq!(vals, vec![lt_val(&["a"]), lt_val(&["1", "2"])]);
}

#[test]
fn unify_composed_conversions() {
    // Tuples unified through a list type: the reference composes the tuple-to-list conversion
    // with the list-to-list one, applying both to the original value. (cty-oracle)
    let (t, convs) = unify_with_conversions(&[tt(vec![N, N]), lt(S)], false).unwrap();
    assert_eq!(t, lt(S));
    let c = convs[0].as_ref().expect("converted");
    assert!(c.is_composed());
    assert_eq!(c.apply(&tup(vec![n(1), n(2)])).unwrap(), lt_val(&["1", "2"]));
}

#[test]
fn type_preferences() {
    // cty tests (TestCompareTypes)
    let cases: Vec<(Type, Type, i32)> = vec![
        (S, S, 0),
        (S, N, -1),
        (N, S, 1),
        (S, B, -1),
        (B, S, 1),
        (B, N, 0),
        (N, B, 0),
        (lt(S), lt(S), 0),
        (lt(S), lt(N), -1),
        (lt(N), lt(S), 1),
        (lt(S), S, 0),
        (st(S), st(S), 0),
        (st(S), st(N), -1),
        (st(N), st(S), 1),
        (st(S), S, 0),
        (mt(S), mt(S), 0),
        (mt(S), mt(N), -1),
        (mt(N), mt(S), 1),
        (mt(S), S, 0),
        (Type::empty_object(), Type::empty_object(), 0),
        (Type::empty_object(), ot(vec![("name", S)]), 0),
        (ot(vec![("name", S)]), ot(vec![("name", S)]), 0),
        (ot(vec![("name", S), ("number", N)]), ot(vec![("name", S)]), 0),
        (ot(vec![("number", N)]), ot(vec![("name", S)]), 0),
        (ot(vec![("name", S), ("number", N)]), ot(vec![("name", S), ("number", N)]), 0),
        (ot(vec![("name", S), ("number", S)]), ot(vec![("name", S), ("number", N)]), -1),
        (ot(vec![("name", S), ("number", N)]), ot(vec![("name", S), ("number", S)]), 1),
        (ot(vec![("a", S), ("b", N)]), ot(vec![("a", N), ("b", S)]), 0),
        (Type::empty_tuple(), Type::empty_tuple(), 0),
        (Type::empty_tuple(), tt(vec![S]), 0),
        (tt(vec![S]), tt(vec![S]), 0),
        (tt(vec![S, N]), tt(vec![S]), 0),
        (tt(vec![S, N]), tt(vec![S, N]), 0),
        (tt(vec![S, S]), tt(vec![S, N]), -1),
        (tt(vec![S, N]), tt(vec![S, S]), 1),
        (tt(vec![S, N]), tt(vec![N, S]), 0),
        (st(S), lt(S), 1),
        (lt(S), st(S), -1),
        (lt(S), st(N), -1),
        (st(N), lt(S), 1),
        (lt(N), st(S), -1),
        (st(S), lt(N), 1),
        (D, D, 0),
        (D, S, 1),
        (S, D, -1),
        (N, D, -1),
        (D, N, 1),
        (B, D, -1),
        (D, B, 1),
        // Not in the reference's table, from its code:
        (tt(vec![S]), lt(S), 1),
        (lt(N), tt(vec![S]), -1),
        (ot(vec![("a", S)]), mt(S), 1),
        (mt(N), ot(vec![("a", S)]), -1),
        (tt(vec![S]), st(S), -1),
        (st(S), tt(vec![S]), 1),
    ];
    for (a, b, want) in cases {
        assert_eq!(compare_types(&a, &b), want, "compare {a} with {b}");
    }
}

#[test]
fn preference_order() {
    // cty tests (TestSortTypes)
    let cases: Vec<(Vec<Type>, Vec<Type>)> = vec![
        (vec![], vec![]),
        (vec![S, N], vec![S, N]),
        (vec![N, S], vec![S, N]),
        (vec![S, B], vec![S, B]),
        (vec![B, S], vec![S, B]),
        (vec![B, S, N], vec![S, B, N]),
        (vec![N, S, B], vec![S, N, B]),
        (vec![S, S], vec![S, S]),
        (vec![N, S, N], vec![S, N, N]),
        (vec![S, lt(S)], vec![S, lt(S)]),
        (vec![lt(S), S], vec![lt(S), S]),
        (vec![B, lt(S), S], vec![lt(S), S, B]),
        (vec![S, D], vec![S, D]),
        (vec![D, S], vec![S, D]),
    ];
    for (input, want) in cases {
        let got: Vec<Type> = sort_types(&input).into_iter().map(|i| input[i].clone()).collect();
        assert_eq!(got, want, "sort {input:?}");
    }
}
