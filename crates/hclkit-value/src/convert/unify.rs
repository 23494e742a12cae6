//! Type unification, following the reference's algorithm (go-cty `convert.Unify` /
//! `UnifyUnsafe`):
//!
//! 1. When the types are all of one structural or collection kind (ignoring the dynamic
//!    pseudo-type), a new type may be constructed: collections of one kind unify their element
//!    types; objects with the same attribute names unify attribute-wise, and otherwise all
//!    their attribute types unify to a map's element type; tuples of one length unify
//!    element-wise, and otherwise to a list. Maps mixed with objects first try the objects as
//!    maps, lists mixed with tuples the tuples as lists. Any dynamic pseudo-type among
//!    compound types of one kind makes the result the dynamic pseudo-type. Objects never
//!    unify with tuples.
//! 2. Otherwise the types are put in a preference order (a topological sort of a "more
//!    general than" relation: string over number and bool, anything over the dynamic
//!    pseudo-type, lists over sets, and so on), and the first of them that every other type
//!    converts to is the result.
//!
//! Where the reference iterates over a Go map (object attributes), whose order is random, we
//! go in attribute-name order.

use super::{plan, Conversion, Repr};
use crate::Type;

type Unified = Option<(Type, Vec<Option<Conversion>>)>;

/// The reference's `GetConversion` / `GetConversionUnsafe`.
fn get(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    plan::get(from, to, unsafe_).map(Conversion::plan)
}

/// Conversions from each of `types` to `to` (none for identical types); `None` if any is
/// impossible.
fn conversions_to(types: &[Type], to: &Type, unsafe_: bool) -> Option<Vec<Option<Conversion>>> {
    types.iter().map(|t| if t == to { Some(None) } else { get(t, to, unsafe_).map(Some) }).collect()
}

pub(crate) fn unify(types: &[Type], unsafe_: bool) -> Unified {
    if types.is_empty() {
        return None;
    }
    // A shortcut the reference does not take, with the same result: identical types with no
    // optional-attribute markers (which the reference's reconstruction of object types would
    // drop) unify to themselves without conversions. This keeps long lists of one type
    // (a big tuple of strings converted to a list) from the quadratic preference sort.
    if types.len() > 1 && types[1..].iter().all(|t| *t == types[0]) && !has_optional_attributes(&types[0]) {
        return Some((types[0].clone(), vec![None; types.len()]));
    }
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let (maps, lists, sets) = (count(Type::is_map), count(Type::is_list), count(Type::is_set));
    let (objects, tuples, dynamics) = (count(Type::is_object), count(Type::is_tuple), count(Type::is_dynamic));
    let n = types.len();
    let has_dynamic = dynamics > 0;
    if maps > 0 && maps + dynamics == n {
        return unify_collections(Type::map, types, unsafe_, has_dynamic);
    } else if maps > 0 && maps + objects + dynamics == n {
        // Objects often hold map data: try them as maps before the general rule.
        if let Some(r @ (Type::Map(_), _)) = unify_objects_as_maps(types, unsafe_) {
            return Some(r);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(Type::list, types, unsafe_, has_dynamic);
    } else if lists > 0 && lists + tuples + dynamics == n {
        // Tuples are often lists in disguise.
        if let Some(r @ (Type::List(_), _)) = unify_tuples_as_list(types, unsafe_) {
            return Some(r);
        }
    } else if sets > 0 && sets + dynamics == n {
        return unify_collections(Type::set, types, unsafe_, has_dynamic);
    } else if objects > 0 && objects + dynamics == n {
        return unify_objects(types, unsafe_, has_dynamic);
    } else if tuples > 0 && tuples + dynamics == n {
        return unify_tuples(types, unsafe_, has_dynamic);
    } else if objects > 0 && tuples > 0 {
        return None;
    }

    let order = sort_types(types);
    'preferences: for &want_idx in &order {
        let want = &types[want_idx];
        let mut convs = Vec::with_capacity(n);
        for (i, t) in types.iter().enumerate() {
            if i == want_idx || t == want {
                convs.push(None);
                continue;
            }
            match get(t, want, unsafe_) {
                Some(c) => convs.push(Some(c)),
                None => continue 'preferences,
            }
        }
        return Some((want.clone(), convs));
    }
    None
}

/// Unifies the object types among `types` to a map type, then everything with the objects
/// replaced by that map type.
fn unify_objects_as_maps(types: &[Type], unsafe_: bool) -> Unified {
    let idxs: Vec<usize> = (0..types.len()).filter(|&i| types[i].is_object()).collect();
    let objs: Vec<Type> = idxs.iter().map(|&i| types[i].clone()).collect();
    let (map_ty, obj_convs) = unify_objects_to_map(&objs, unsafe_)?;
    if !map_ty.is_map() {
        return None;
    }
    let mut mapped = types.to_vec();
    for &i in &idxs {
        mapped[i] = map_ty.clone();
    }
    let (ty, mut convs) = unify(&mapped, unsafe_)?;
    if !ty.is_map() {
        return None;
    }
    compose(&mut convs, &idxs, obj_convs);
    Some((ty, convs))
}

/// Unifies the tuple types among `types` to a list type, then everything with the tuples
/// replaced by that list type.
fn unify_tuples_as_list(types: &[Type], unsafe_: bool) -> Unified {
    let idxs: Vec<usize> = (0..types.len()).filter(|&i| types[i].is_tuple()).collect();
    let tuples: Vec<Type> = idxs.iter().map(|&i| types[i].clone()).collect();
    let (list_ty, tuple_convs) = unify_tuples_to_list(&tuples, unsafe_)?;
    if !list_ty.is_list() {
        return None;
    }
    let mut listed = types.to_vec();
    for &i in &idxs {
        listed[i] = list_ty.clone();
    }
    let (ty, mut convs) = unify(&listed, unsafe_)?;
    if !ty.is_list() {
        return None;
    }
    compose(&mut convs, &idxs, tuple_convs);
    Some((ty, convs))
}

/// Combines the structural-to-collection conversions (`firsts`, one per index in `idxs`)
/// with the collection-to-collection conversions in `convs`, as the reference does.
fn compose(convs: &mut [Option<Conversion>], idxs: &[usize], firsts: Vec<Option<Conversion>>) {
    for (&i, first) in idxs.iter().zip(firsts) {
        convs[i] = match (first, convs[i].take()) {
            (first, None) => first,
            (None, second) => second,
            (Some(a), Some(b)) => Some(Conversion(Repr::Chain(Box::new(a), Box::new(b)))),
        };
    }
}

fn unify_collections(make: fn(Type) -> Type, types: &[Type], unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return Some(all_as_dynamic(types));
    }
    let etys: Vec<Type> = types.iter().map(|t| t.element_type().cloned().unwrap_or(Type::Dynamic)).collect();
    let (ety, _) = unify(&etys, unsafe_)?;
    let ty = make(ety);
    let convs = conversions_to(types, &ty, unsafe_)?;
    Some((ty, convs))
}

fn unify_objects(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return Some(all_as_dynamic(types));
    }
    // Objects unify to an object type only when they all have the same attribute names;
    // otherwise (and when that fails) all their attribute types may unify to a map's.
    let first = types[0].object_type()?;
    let same_names = types[1..].iter().all(|t| {
        t.object_type()
            .is_some_and(|o| o.len() == first.len() && o.attributes().iter().all(|(n, _)| first.attribute(n).is_some()))
    });
    if !same_names {
        return unify_objects_to_map(types, unsafe_);
    }
    let mut attrs = Vec::with_capacity(first.len());
    for (name, _) in first.attributes() {
        let across: Vec<Type> =
            types.iter().map(|t| t.attribute_type(name).cloned().unwrap_or(Type::Dynamic)).collect();
        let (aty, _) = unify(&across, unsafe_)?;
        attrs.push((name.clone(), aty));
    }
    let ty = Type::object(attrs);
    match conversions_to(types, &ty, unsafe_) {
        Some(convs) => Some((ty, convs)),
        None => unify_objects_to_map(types, unsafe_),
    }
}

fn unify_objects_to_map(types: &[Type], unsafe_: bool) -> Unified {
    let atys: Vec<Type> = types
        .iter()
        .flat_map(|t| t.object_type().into_iter().flat_map(|o| o.attributes().iter().map(|(_, a)| a.clone())))
        .collect();
    let (ety, _) = unify(&atys, unsafe_)?;
    let ty = Type::map(ety);
    let convs = conversions_to(types, &ty, unsafe_)?;
    Some((ty, convs))
}

fn unify_tuples(types: &[Type], unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return Some(all_as_dynamic(types));
    }
    let first = types[0].tuple_elements()?;
    if types[1..].iter().any(|t| t.tuple_elements().map(<[Type]>::len) != Some(first.len())) {
        return unify_tuples_to_list(types, unsafe_);
    }
    let mut etys = Vec::with_capacity(first.len());
    for idx in 0..first.len() {
        let across: Vec<Type> = types
            .iter()
            .map(|t| t.tuple_elements().and_then(|e| e.get(idx)).cloned().unwrap_or(Type::Dynamic))
            .collect();
        let (ety, _) = unify(&across, unsafe_)?;
        etys.push(ety);
    }
    let ty = Type::tuple(etys);
    match conversions_to(types, &ty, unsafe_) {
        Some(convs) => Some((ty, convs)),
        None => unify_tuples_to_list(types, unsafe_),
    }
}

fn unify_tuples_to_list(types: &[Type], unsafe_: bool) -> Unified {
    let etys: Vec<Type> = types.iter().flat_map(|t| t.tuple_elements().unwrap_or_default().iter().cloned()).collect();
    let (ety, _) = unify(&etys, unsafe_)?;
    let ty = Type::list(ety);
    let convs = conversions_to(types, &ty, unsafe_)?;
    Some((ty, convs))
}

/// The result when compound types of one kind are mixed with the dynamic pseudo-type: the
/// dynamic pseudo-type, with conversions that turn every value into the dynamic value.
fn all_as_dynamic(types: &[Type]) -> (Type, Vec<Option<Conversion>>) {
    (Type::Dynamic, types.iter().map(|_| Some(Conversion(Repr::AlwaysDynamic))).collect())
}

/// The reference's preference order for unification: indices into `types`, most general
/// first. A topological sort (Kahn's algorithm, ties in input order) of the "more general
/// than" edges given by [`compare_types`]; positions left unfilled by a cycle stay 0, as in
/// the reference.
pub(crate) fn sort_types(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                c if c < 0 => edges[i].push(j),
                c if c > 0 => edges[j].push(i),
                _ => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut result: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut head = 0;
    while head < result.len() {
        let i = result[head];
        head += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                result.push(j);
            }
        }
    }
    result.resize(n, 0);
    result
}

/// The reference's preference between two types for unification: negative when `a` is
/// preferred (more general), positive when `b` is, zero when neither.
pub(crate) fn compare_types(a: &Type, b: &Type) -> i32 {
    // The dynamic pseudo-type is least preferred.
    match (a.is_dynamic(), b.is_dynamic()) {
        (true, true) => return 0,
        (false, true) => return -1,
        (true, false) => return 1,
        _ => {}
    }
    // String is the supertype of the primitive types.
    if a.is_primitive() && b.is_primitive() && (*a == Type::String || *b == Type::String) {
        return match (*a == Type::String, *b == Type::String) {
            (true, true) => 0,
            (false, _) => 1,
            (_, false) => -1,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y)) | (Type::Set(x), Type::Set(y)) | (Type::Map(x), Type::Map(y)) => {
            return compare_types(x, y)
        }
        _ => {}
    }
    // Put the pairs of different kinds in a canonical order, inverting the result after.
    let swapped = matches!(
        (a, b),
        (Type::Tuple(_), Type::List(_))
            | (Type::Object(_), Type::Map(_))
            | (Type::Set(_), Type::Tuple(_))
            | (Type::Set(_), Type::List(_))
    );
    let (a, b, swap) = if swapped { (b, a, -1) } else { (a, b, 1) };
    match (a, b) {
        // Optimistically assume the element types work out; a later pass checks.
        (Type::Tuple(_) | Type::List(_), Type::Set(_)) => -swap,
        (Type::List(_), Type::Tuple(_)) => -swap,
        (Type::Map(_), Type::Object(_)) => -swap,
        (Type::Object(x), Type::Object(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            let mut cmps = Vec::with_capacity(x.len());
            for (name, xt) in x.attributes() {
                let Some(yt) = y.attribute(name) else { return 0 };
                cmps.push(compare_types(xt, yt));
            }
            supertype_of_parts(&cmps) * swap
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            let (x, y) = (x.elements(), y.elements());
            if x.len() != y.len() {
                return 0;
            }
            let cmps: Vec<i32> = x.iter().zip(y).map(|(p, q)| compare_types(p, q)).collect();
            supertype_of_parts(&cmps) * swap
        }
        _ => 0,
    }
}

/// Of two structural types compared part by part: -1 if only the first is ever the more
/// general, 1 if only the second is, otherwise 0.
fn supertype_of_parts(cmps: &[i32]) -> i32 {
    let a_super = cmps.iter().any(|&c| c < 0);
    let b_super = cmps.iter().any(|&c| c > 0);
    match (a_super, b_super) {
        (true, false) => -1,
        (false, true) => 1,
        _ => 0,
    }
}

pub(crate) fn has_optional_attributes(t: &Type) -> bool {
    match t {
        Type::List(e) | Type::Set(e) | Type::Map(e) => has_optional_attributes(e),
        Type::Object(o) => {
            !o.optional_attributes().is_empty() || o.attributes().iter().any(|(_, a)| has_optional_attributes(a))
        }
        Type::Tuple(t) => t.elements().iter().any(has_optional_attributes),
        _ => false,
    }
}
