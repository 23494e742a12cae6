//! Conversion plans: which conversion applies between two types (decided once, from the types
//! alone), and applying it to values.
//!
//! The reference builds a conversion function from the two types, returning none when the
//! types are not convertible, and wraps every such function in the same standard handling:
//! conversion to the dynamic pseudo-type passes the value through; unknown and null values
//! become unknowns and nulls of the target type (with any dynamic parts of the target filled in
//! from the value's type); only known, non-null values reach the specific conversion. A
//! [`Node`] is one such wrapped conversion, and its [`Kind`] the specific conversion.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{collection, dynamic, primitive, structural, ConversionError};
use crate::ty::Name;
use crate::{Path, PathStep, Type, Value};

/// A wrapped conversion, shared.
pub(crate) type Conv = Arc<Node>;

/// A conversion to `out`.
pub(crate) struct Node {
    pub(crate) out: Type,
    pub(crate) kind: Kind,
}

/// How a known, non-null value is converted.
pub(crate) enum Kind {
    /// To the dynamic pseudo-type: the value itself.
    Passthrough,
    /// From the dynamic pseudo-type (unsafe only): converts the value, once known, with the
    /// top-level conversion to the target type, errors re-rooted at the current path.
    DynamicFixup(Type),
    /// Between primitive types.
    Primitive(primitive::Prim),
    /// Object to object: the attributes of the target present in the source, with their
    /// conversions (`None` for identical types), and the target's optional attributes.
    ObjectToObject { attrs: BTreeMap<Name, Option<Conv>>, optional: Vec<(Name, Type)> },
    /// Tuple to tuple of the same length, element by element.
    TupleToTuple(Vec<Option<Conv>>),
    /// List or set to list of `ety`.
    CollectionToList { ety: Type, conv: Option<Conv> },
    /// List or set to set of `ety`.
    CollectionToSet { ety: Type, conv: Option<Conv> },
    /// Map to map of `ety`.
    CollectionToMap { ety: Type, conv: Option<Conv> },
    /// The empty tuple to the empty list of a type.
    EmptyList(Type),
    /// The empty tuple to the empty set of a type.
    EmptySet(Type),
    /// The empty object to the empty map of a type.
    EmptyMap(Type),
    /// Tuple to list, element by element, then the elements unified.
    TupleToList { elems: Vec<Option<Conv>>, unsafe_: bool },
    /// Tuple to set, element by element.
    TupleToSet { elems: Vec<Option<Conv>> },
    /// Object to map of `ety` (the target element type, or the unification of the attribute
    /// types when the target's is the dynamic pseudo-type).
    ObjectToMap { ety: Type, attrs: BTreeMap<Name, Option<Conv>>, unsafe_: bool },
    /// Map to object (unsafe only).
    MapToObject { attrs: Vec<MapAttr> },
}

/// One attribute of the target of a map-to-object conversion.
pub(crate) struct MapAttr {
    pub(crate) name: Name,
    pub(crate) ty: Type,
    pub(crate) optional: bool,
    pub(crate) conv: MapAttrConv,
}

/// How a map element becomes an object attribute.
pub(crate) enum MapAttrConv {
    /// The map's element type is the attribute type.
    Same,
    /// Through a conversion.
    Conv(Conv),
    /// No conversion exists, but the attribute is optional: an error only if the map has
    /// the key.
    Impossible,
}

/// The reference's `getConversion`: the conversion from `in_ty` to `out`, if any.
///
/// Identical types are not special here (as in the reference, whose callers check for
/// identity first): identical primitive types, for instance, have no conversion.
pub(crate) fn get(in_ty: &Type, out: &Type, unsafe_: bool) -> Option<Conv> {
    let kind = get_known(in_ty, out, unsafe_)?;
    Some(Arc::new(Node { out: out.clone(), kind }))
}

fn get_known(in_ty: &Type, out: &Type, unsafe_: bool) -> Option<Kind> {
    match (in_ty, out) {
        (_, Type::Dynamic) => Some(Kind::Passthrough),
        (Type::Dynamic, _) if unsafe_ => Some(Kind::DynamicFixup(out.clone())),
        (i, o) if i.is_primitive() && o.is_primitive() => primitive::get(i, o, unsafe_).map(Kind::Primitive),
        (Type::Object(_), Type::Object(_)) => structural::object_to_object(in_ty, out, unsafe_),
        (Type::Tuple(_), Type::Tuple(_)) => structural::tuple_to_tuple(in_ty, out, unsafe_),
        (Type::List(ie) | Type::Set(ie), Type::List(oe)) => collection::to_list(ie, oe, unsafe_),
        (Type::List(ie) | Type::Set(ie), Type::Set(oe)) => collection::to_set(in_ty.is_list(), ie, oe, unsafe_),
        (Type::Map(ie), Type::Map(oe)) => collection::map_to_map(ie, oe, unsafe_),
        (Type::Tuple(t), Type::List(oe)) => collection::tuple_to_list(t.elements(), oe, unsafe_),
        (Type::Tuple(t), Type::Set(oe)) => collection::tuple_to_set(t.elements(), oe, unsafe_),
        (Type::Object(o), Type::Map(oe)) => collection::object_to_map(o.attributes(), oe, unsafe_),
        (Type::Map(ie), Type::Object(_)) if unsafe_ => collection::map_to_object(ie, out, unsafe_),
        // Capsule types take part only in unsafe conversions the capsule type itself provides;
        // ours provide none, so a capsule converts only to itself and to the dynamic
        // pseudo-type (both handled before we get here).
        _ => None,
    }
}

impl Node {
    /// The target type.
    pub(crate) fn target(&self) -> &Type {
        &self.out
    }

    /// Converts `v`, reporting errors at `path` (and below). `path` is restored on return.
    pub(crate) fn apply(&self, v: &Value, path: &mut Path) -> Result<Value, ConversionError> {
        if self.out.is_dynamic() {
            return Ok(v.clone());
        }
        if v.is_unknown() || v.is_null() {
            // Unknowns and nulls never carry optional-attribute markers, so that a collection
            // of converted values has a single element type.
            let out = self.out.without_optional_attributes();
            let ty = dynamic::replace(&v.ty(), &out);
            return Ok(if v.is_unknown() { Value::unknown(ty) } else { Value::null(ty) });
        }
        match &self.kind {
            Kind::Passthrough => Ok(v.clone()),
            Kind::DynamicFixup(want) => super::convert(v, want).map_err(|e| rerooted(path, e)),
            Kind::Primitive(p) => p.apply(v, &self.out, path),
            Kind::ObjectToObject { attrs, optional } => structural::apply_object_to_object(attrs, optional, v, path),
            Kind::TupleToTuple(elems) => structural::apply_tuple_to_tuple(elems, v, path),
            Kind::CollectionToList { ety, conv } => collection::apply_to_list(ety, conv.as_ref(), v, path),
            Kind::CollectionToSet { ety, conv } => collection::apply_to_set(ety, conv.as_ref(), v, path),
            Kind::CollectionToMap { ety, conv } => collection::apply_map_to_map(ety, conv.as_ref(), v, path),
            Kind::EmptyList(ety) => Ok(Value::empty_list(ety.clone())),
            Kind::EmptySet(ety) => Ok(Value::empty_set(ety.clone())),
            Kind::EmptyMap(ety) => Ok(Value::empty_map(ety.clone())),
            Kind::TupleToList { elems, unsafe_ } => collection::apply_tuple_to_list(elems, *unsafe_, v, path),
            Kind::TupleToSet { elems } => collection::apply_tuple_to_set(elems, v, path),
            Kind::ObjectToMap { ety, attrs, unsafe_ } => collection::apply_object_to_map(ety, attrs, *unsafe_, v, path),
            Kind::MapToObject { attrs } => collection::apply_map_to_object(attrs, v, path),
        }
    }
}

/// Applies an optional conversion (none: the value as is).
pub(crate) fn apply_opt(conv: Option<&Conv>, v: &Value, path: &mut Path) -> Result<Value, ConversionError> {
    match conv {
        Some(c) => c.apply(v, path),
        None => Ok(v.clone()),
    }
}

/// Runs `f` with `step` pushed on `path`.
pub(crate) fn with_step<T>(path: &mut Path, step: PathStep, f: impl FnOnce(&mut Path) -> T) -> T {
    path.push(step);
    let r = f(path);
    path.pop();
    r
}

/// An error from a nested top-level conversion, re-rooted under `path`.
fn rerooted(path: &Path, e: ConversionError) -> ConversionError {
    let mut p = path.clone();
    for s in e.path.steps() {
        p.push(s.clone());
    }
    ConversionError::new(p, e.message)
}

/// A null with optional-attribute markers removed from its type; other values as they are.
pub(crate) fn strip_null(v: Value) -> Value {
    if v.is_null() {
        Value::null(v.ty().without_optional_attributes())
    } else {
        v
    }
}

/// The reference's `CanListVal` / `CanSetVal` / `CanMapVal`: the element type of a collection
/// of these values (the first type that is not the dynamic pseudo-type), or `None` if another
/// value has a different type that is not the dynamic pseudo-type either.
pub(crate) fn common_type<'a>(values: impl IntoIterator<Item = &'a Value>) -> Option<Type> {
    let mut ety = Type::Dynamic;
    for v in values {
        let t = v.ty();
        if ety.is_dynamic() {
            ety = t;
        } else if !t.is_dynamic() && t != ety {
            return None;
        }
    }
    Some(ety)
}
