//! Object-to-object and tuple-to-tuple conversions.

use std::collections::BTreeMap;

use super::plan::{self, apply_opt, strip_null, with_step, Conv, Kind};
use super::ConversionError;
use crate::ty::Name;
use crate::{Path, PathStep, Type, Value};

/// Object to object: every attribute of the target must be in the source with a convertible
/// type, unless it is optional; attributes of the source that the target lacks are dropped.
/// Safe and unsafe alike, except for the attribute conversions.
pub(crate) fn object_to_object(in_ty: &Type, out: &Type, unsafe_: bool) -> Option<Kind> {
    let (io, oo) = (in_ty.object_type()?, out.object_type()?);
    let mut attrs = BTreeMap::new();
    for (name, out_aty) in oo.attributes() {
        match io.attribute(name) {
            None if oo.is_optional(name) => {}
            None => return None,
            Some(in_aty) if in_aty == out_aty => {
                attrs.insert(name.clone(), None);
            }
            Some(in_aty) => {
                attrs.insert(name.clone(), Some(plan::get(in_aty, out_aty, unsafe_)?));
            }
        }
    }
    let optional = oo
        .optional_attributes()
        .iter()
        .filter_map(|n| oo.attribute(n).map(|t| (n.clone(), t.without_optional_attributes())))
        .collect();
    Some(Kind::ObjectToObject { attrs, optional })
}

pub(crate) fn apply_object_to_object(
    attrs: &BTreeMap<Name, Option<Conv>>,
    optional: &[(Name, Type)],
    v: &Value,
    path: &mut Path,
) -> Result<Value, ConversionError> {
    let mut out: BTreeMap<Name, Value> = BTreeMap::new();
    for (name, av) in v.entries().unwrap_or_default() {
        let Some(conv) = attrs.get(name) else { continue };
        let av = with_step(path, PathStep::Attr(name.clone()), |p| apply_opt(conv.as_ref(), av, p))?;
        out.insert(name.clone(), strip_null(av));
    }
    for (name, ty) in optional {
        out.entry(name.clone()).or_insert_with(|| Value::null(ty.clone()));
    }
    Ok(Value::object(out))
}

/// Tuple to tuple of the same length, element by element.
pub(crate) fn tuple_to_tuple(in_ty: &Type, out: &Type, unsafe_: bool) -> Option<Kind> {
    let (ie, oe) = (in_ty.tuple_elements()?, out.tuple_elements()?);
    if ie.len() != oe.len() {
        return None;
    }
    let mut elems = Vec::with_capacity(ie.len());
    for (i, o) in ie.iter().zip(oe) {
        elems.push(if i == o { None } else { Some(plan::get(i, o, unsafe_)?) });
    }
    Some(Kind::TupleToTuple(elems))
}

pub(crate) fn apply_tuple_to_tuple(
    elems: &[Option<Conv>],
    v: &Value,
    path: &mut Path,
) -> Result<Value, ConversionError> {
    let mut out = Vec::with_capacity(elems.len());
    for (i, ev) in v.elements().unwrap_or_default().iter().enumerate() {
        let conv = elems.get(i).and_then(Option::as_ref);
        out.push(with_step(path, PathStep::Index(Value::number(i)), |p| apply_opt(conv, ev, p))?);
    }
    Ok(Value::tuple(out))
}
