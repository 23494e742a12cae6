//! Conversions producing collections (list, set and map), and map to object.
//!
//! Element errors are reported at the element's path: `[i]` for list, set and tuple elements
//! (sets by iteration position), `["key"]` for map elements and object attributes.

use std::collections::BTreeMap;

use super::mismatch::mismatch_message;
use super::plan::{self, apply_opt, common_type, strip_null, with_step, Conv, Kind, MapAttr, MapAttrConv};
use super::{unify, ConversionError};
use crate::go::quote_into as go_quote;
use crate::ty::Name;
use crate::{Path, PathStep, Type, Value};

/// List or set to list.
pub(crate) fn to_list(in_ety: &Type, out_ety: &Type, unsafe_: bool) -> Option<Kind> {
    let conv = if in_ety == out_ety { None } else { Some(plan::get(in_ety, out_ety, unsafe_)?) };
    Some(Kind::CollectionToList { ety: out_ety.clone(), conv })
}

/// List or set to set. From a list, unsafe only: order and duplicates are lost.
pub(crate) fn to_set(from_list: bool, in_ety: &Type, out_ety: &Type, unsafe_: bool) -> Option<Kind> {
    if from_list && !unsafe_ {
        return None;
    }
    let conv = if in_ety == out_ety { None } else { Some(plan::get(in_ety, out_ety, unsafe_)?) };
    Some(Kind::CollectionToSet { ety: out_ety.clone(), conv })
}

/// Map to map. As in the reference, there is no shortcut for identical element types here
/// (the callers have already checked the map types for identity).
pub(crate) fn map_to_map(in_ety: &Type, out_ety: &Type, unsafe_: bool) -> Option<Kind> {
    let conv = plan::get(in_ety, out_ety, unsafe_)?;
    Some(Kind::CollectionToMap { ety: out_ety.clone(), conv: Some(conv) })
}

/// The element type a tuple or object must be converted to for a collection of `ety`: `ety`
/// itself, or when it is the dynamic pseudo-type, the unification of `types`.
fn target_element_type(types: &[Type], ety: &Type, unsafe_: bool) -> Option<Type> {
    if ety.is_dynamic() {
        unify::unify(types, unsafe_).map(|(t, _)| t)
    } else {
        Some(ety.clone())
    }
}

/// Conversions of each of `types` to `ety` (`None` for identical types); `None` if any is
/// impossible.
fn element_conversions(types: &[Type], ety: &Type, unsafe_: bool) -> Option<Vec<Option<Conv>>> {
    types.iter().map(|t| if t == ety { Some(None) } else { plan::get(t, ety, unsafe_).map(Some) }).collect()
}

/// Tuple to list.
pub(crate) fn tuple_to_list(etys: &[Type], list_ety: &Type, unsafe_: bool) -> Option<Kind> {
    if etys.is_empty() {
        return Some(Kind::EmptyList(list_ety.without_optional_attributes()));
    }
    let ety = tuple_element_target(etys, list_ety, unsafe_)?;
    Some(Kind::TupleToList { elems: element_conversions(etys, &ety, unsafe_)?, unsafe_ })
}

/// Tuple to set.
pub(crate) fn tuple_to_set(etys: &[Type], set_ety: &Type, unsafe_: bool) -> Option<Kind> {
    if etys.is_empty() {
        return Some(Kind::EmptySet(set_ety.without_optional_attributes()));
    }
    let ety = tuple_element_target(etys, set_ety, unsafe_)?;
    Some(Kind::TupleToSet { elems: element_conversions(etys, &ety, unsafe_)? })
}

fn tuple_element_target(etys: &[Type], ety: &Type, unsafe_: bool) -> Option<Type> {
    let target = target_element_type(etys, ety, unsafe_)?;
    // If the elements unify only to the dynamic pseudo-type, the result can be a collection
    // only if every element is of the dynamic pseudo-type.
    if ety.is_dynamic() && target.is_dynamic() && !etys.iter().all(Type::is_dynamic) {
        return None;
    }
    Some(target)
}

/// Object to map.
pub(crate) fn object_to_map(attrs: &[(Name, Type)], map_ety: &Type, unsafe_: bool) -> Option<Kind> {
    if attrs.is_empty() {
        return Some(Kind::EmptyMap(map_ety.without_optional_attributes()));
    }
    let atys: Vec<Type> = attrs.iter().map(|(_, t)| t.clone()).collect();
    let ety = target_element_type(&atys, map_ety, unsafe_)?;
    let mut convs = BTreeMap::new();
    for (name, aty) in attrs {
        let conv = if *aty == ety { None } else { Some(plan::get(aty, &ety, unsafe_)?) };
        convs.insert(name.clone(), conv);
    }
    Some(Kind::ObjectToMap { ety, attrs: convs, unsafe_ })
}

/// Map to object (unsafe only). Every attribute of the object type must be convertible from
/// the map's element type, except that an optional attribute that is not is an error only if
/// the map has its key.
pub(crate) fn map_to_object(map_ety: &Type, obj: &Type, unsafe_: bool) -> Option<Kind> {
    let o = obj.object_type()?;
    let mut attrs = Vec::with_capacity(o.len());
    for (name, aty) in o.attributes() {
        let optional = o.is_optional(name);
        let conv = if aty == map_ety {
            MapAttrConv::Same
        } else {
            match plan::get(map_ety, aty, unsafe_) {
                Some(c) => MapAttrConv::Conv(c),
                None if optional && unsafe_ => MapAttrConv::Impossible,
                None => return None,
            }
        };
        attrs.push(MapAttr { name: name.clone(), ty: aty.clone(), optional, conv });
    }
    Some(Kind::MapToObject { attrs })
}

fn index(i: usize) -> PathStep {
    PathStep::Index(Value::number(i))
}

fn key(k: &Name) -> PathStep {
    PathStep::Index(Value::string(k.clone()))
}

/// Whether the reference would consider the length of `v` known: always, except for a set
/// with more than one element of which some are not wholly known (they may coalesce).
fn length_known(v: &Value) -> bool {
    match (v.ty(), v.elements()) {
        (Type::Set(_), Some(elems)) => elems.len() == 1 || v.is_wholly_known(),
        _ => true,
    }
}

fn source_element_type(v: &Value) -> Type {
    v.ty().element_type().cloned().unwrap_or(Type::Dynamic)
}

/// Converts each element of a list, set (or, through unification quirks, tuple), stripping
/// optional-attribute markers from the types of nulls.
fn convert_elements(conv: Option<&Conv>, v: &Value, path: &mut Path) -> Result<Vec<Value>, ConversionError> {
    let elems = v.elements().unwrap_or_default();
    let mut out = Vec::with_capacity(elems.len());
    for (i, e) in elems.iter().enumerate() {
        out.push(strip_null(with_step(path, index(i), |p| apply_opt(conv, e, p))?));
    }
    Ok(out)
}

pub(crate) fn apply_to_list(
    ety: &Type,
    conv: Option<&Conv>,
    v: &Value,
    path: &mut Path,
) -> Result<Value, ConversionError> {
    if !length_known(v) {
        // The reference gives the unknown list the *source* element type here.
        return Ok(Value::unknown(Type::list(source_element_type(v))));
    }
    let elems = convert_elements(conv, v, path)?;
    if elems.is_empty() {
        return Ok(Value::empty_list(empty_element_type(ety, v)));
    }
    match common_type(&elems) {
        Some(t) => Ok(Value::list_unchecked(t, elems)),
        None => Err(ConversionError::new(path.clone(), "element types must all match for conversion to list")),
    }
}

pub(crate) fn apply_to_set(
    ety: &Type,
    conv: Option<&Conv>,
    v: &Value,
    path: &mut Path,
) -> Result<Value, ConversionError> {
    let elems = convert_elements(conv, v, path)?;
    if elems.is_empty() {
        return Ok(Value::empty_set(empty_element_type(ety, v)));
    }
    match common_type(&elems) {
        Some(t) => Ok(Value::set_unchecked(t, elems)),
        None => Err(ConversionError::new(path.clone(), "element types must all match for conversion to set")),
    }
}

/// The element type of an empty result: the source's element type in preference to the
/// dynamic pseudo-type.
fn empty_element_type(ety: &Type, v: &Value) -> Type {
    if ety.is_dynamic() {
        source_element_type(v)
    } else {
        ety.without_optional_attributes()
    }
}

pub(crate) fn apply_map_to_map(
    ety: &Type,
    conv: Option<&Conv>,
    v: &Value,
    path: &mut Path,
) -> Result<Value, ConversionError> {
    let entries = v.entries().unwrap_or_default();
    let mut out: Vec<(Name, Value)> = Vec::with_capacity(entries.len());
    for (k, e) in entries {
        out.push((k.clone(), with_step(path, key(k), |p| apply_opt(conv, e, p))?));
    }
    if out.is_empty() {
        // Unlike lists and sets, optional-attribute markers are kept here, as in the reference.
        let t = if ety.is_dynamic() { source_element_type(v) } else { ety.clone() };
        return Ok(Value::empty_map(t));
    }
    if ety.is_collection() || ety.is_object() {
        // The reference unifies map elements safely here whatever the conversion's safety.
        out = unify_entries(out, path, false)?;
    }
    match common_type(out.iter().map(|(_, v)| v)) {
        Some(t) => Ok(Value::map_unchecked(t, out)),
        None => Err(ConversionError::new(path.clone(), "element types must all match for conversion to map")),
    }
}

pub(crate) fn apply_tuple_to_list(
    elems: &[Option<Conv>],
    unsafe_: bool,
    v: &Value,
    path: &mut Path,
) -> Result<Value, ConversionError> {
    let src = v.elements().unwrap_or_default();
    let mut out = Vec::with_capacity(src.len());
    for (i, e) in src.iter().enumerate() {
        let conv = elems.get(i).and_then(Option::as_ref);
        out.push(with_step(path, index(i), |p| apply_opt(conv, e, p))?);
    }
    // The reference unifies the elements under the path of the *last* element (a quirk we
    // keep: errors from here have that extra step).
    let last = out.len().saturating_sub(1);
    let out = with_step(path, index(last), |p| unify_elements(out, p, unsafe_))?;
    match common_type(&out) {
        Some(t) => Ok(Value::list_unchecked(t, out)),
        None => Err(ConversionError::new(path.clone(), "element types must all match for conversion to list")),
    }
}

pub(crate) fn apply_tuple_to_set(elems: &[Option<Conv>], v: &Value, path: &mut Path) -> Result<Value, ConversionError> {
    let src = v.elements().unwrap_or_default();
    let mut out = Vec::with_capacity(src.len());
    for (i, e) in src.iter().enumerate() {
        let conv = elems.get(i).and_then(Option::as_ref);
        out.push(strip_null(with_step(path, index(i), |p| apply_opt(conv, e, p))?));
    }
    match common_type(&out) {
        Some(t) => Ok(Value::set_unchecked(t, out)),
        None => Err(ConversionError::new(path.clone(), "element types must all match for conversion to set")),
    }
}

pub(crate) fn apply_object_to_map(
    ety: &Type,
    attrs: &BTreeMap<Name, Option<Conv>>,
    unsafe_: bool,
    v: &Value,
    path: &mut Path,
) -> Result<Value, ConversionError> {
    let entries = v.entries().unwrap_or_default();
    let mut out: Vec<(Name, Value)> = Vec::with_capacity(entries.len());
    for (k, e) in entries {
        let conv = attrs.get(k).and_then(Option::as_ref);
        out.push((k.clone(), with_step(path, key(k), |p| apply_opt(conv, e, p))?));
    }
    if ety.is_collection() || ety.is_object() {
        out = unify_entries(out, path, unsafe_)?;
    }
    match common_type(out.iter().map(|(_, v)| v)) {
        Some(t) => Ok(Value::map_unchecked(t, out)),
        None => Err(ConversionError::new(path.clone(), "attribute types must all match for conversion to map")),
    }
}

pub(crate) fn apply_map_to_object(attrs: &[MapAttr], v: &Value, path: &mut Path) -> Result<Value, ConversionError> {
    let mut out: BTreeMap<Name, Value> = BTreeMap::new();
    for (k, e) in v.entries().unwrap_or_default() {
        // Keys that are not attributes of the target are dropped.
        let Ok(i) = attrs.binary_search_by(|a| a.name.cmp(k)) else { continue };
        let attr = &attrs[i];
        let e = match &attr.conv {
            MapAttrConv::Same => e.clone(),
            MapAttrConv::Conv(c) => with_step(path, key(k), |p| c.apply(e, p))?,
            MapAttrConv::Impossible => {
                let mut name = String::new();
                go_quote(k, &mut name);
                return Err(ConversionError::new(
                    path.clone(),
                    format!(
                        "map element type is incompatible with attribute {name}: {}",
                        mismatch_message(&e.ty(), &attr.ty)
                    ),
                ));
            }
        };
        out.insert(k.clone(), strip_null(e));
    }
    for attr in attrs {
        if out.contains_key(&attr.name) {
            continue;
        }
        if !attr.optional {
            let mut name = String::new();
            go_quote(&attr.name, &mut name);
            return Err(ConversionError::new(
                path.clone(),
                format!("map has no element for required attribute {name}"),
            ));
        }
        // The reference keeps the attribute type as declared here, markers and all.
        out.insert(attr.name.clone(), Value::null(attr.ty.clone()));
    }
    Ok(Value::object(out))
}

const NO_COMMON_TYPE: &str = "cannot find a common base type for all elements";

/// Converts map elements to the unification of their types (the reference's
/// `conversionUnifyCollectionElements`).
fn unify_entries(
    entries: Vec<(Name, Value)>,
    path: &mut Path,
    unsafe_: bool,
) -> Result<Vec<(Name, Value)>, ConversionError> {
    if all_one_type(entries.iter().map(|(_, v)| v)) {
        return Ok(entries);
    }
    let types: Vec<Type> = entries.iter().map(|(_, v)| v.ty()).collect();
    let Some((uty, _)) = unify::unify(&types, unsafe_) else {
        return Err(ConversionError::new(path.clone(), NO_COMMON_TYPE));
    };
    let mut out = Vec::with_capacity(entries.len());
    for ((k, v), t) in entries.into_iter().zip(types) {
        if t == uty {
            out.push((k, v));
            continue;
        }
        let Some(conv) = plan::get(&t, &uty, unsafe_) else {
            return Err(ConversionError::new(path.clone(), NO_COMMON_TYPE));
        };
        let v = with_step(path, key(&k), |p| conv.apply(&v, p))?;
        out.push((k, v));
    }
    Ok(out)
}

/// Converts list elements to the unification of their types (the reference's
/// `conversionUnifyListElements`).
fn unify_elements(elems: Vec<Value>, path: &mut Path, unsafe_: bool) -> Result<Vec<Value>, ConversionError> {
    if all_one_type(&elems) {
        return Ok(elems);
    }
    let types: Vec<Type> = elems.iter().map(Value::ty).collect();
    let Some((uty, _)) = unify::unify(&types, unsafe_) else {
        return Err(ConversionError::new(path.clone(), NO_COMMON_TYPE));
    };
    let mut out = Vec::with_capacity(elems.len());
    for (i, (v, t)) in elems.into_iter().zip(types).enumerate() {
        if t == uty {
            out.push(v);
            continue;
        }
        let Some(conv) = plan::get(&t, &uty, unsafe_) else {
            return Err(ConversionError::new(path.clone(), NO_COMMON_TYPE));
        };
        out.push(with_step(path, index(i), |p| conv.apply(&v, p))?);
    }
    Ok(out)
}

/// Whether there are at least two values, all of one type with no optional-attribute
/// markers: then unification keeps them as they are (`unify`'s own shortcut), and the
/// vectors of their types and conversions need not be built.
fn all_one_type<'a>(values: impl IntoIterator<Item = &'a Value>) -> bool {
    let mut values = values.into_iter();
    let Some(first) = values.next() else { return false };
    let t = first.ty();
    let mut more = false;
    for v in values {
        if !v.has_type(&t) {
            return false;
        }
        more = true;
    }
    more && !unify::has_optional_attributes(&t)
}
