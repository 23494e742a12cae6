//! Values: known values of every type, null values, unknown values, and the dynamic value.
//!
//! A [`Value`] is immutable and cheap to clone: strings and compound values are shared
//! behind [`Arc`]s. Constructors check the invariants of the model (a list's elements all
//! have one type, a set holds distinct elements in the reference's order, strings are
//! NFC-normalised), so an ill-formed value cannot be built.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use crate::number::Number;
use crate::set;
use crate::ty::{CapsuleType, Name, Type};

/// An HCL value.
///
/// ```
/// use hclkit_value::{Type, Value};
/// let v = Value::list(vec![Value::string("a"), Value::string("b")]).unwrap();
/// assert_eq!(v.ty(), Type::list(Type::String));
/// assert_eq!(v.length(), Some(2));
/// assert!(Value::unknown(Type::Number).equals(&Value::number(1)).is_unknown());
/// ```
#[derive(Clone)]
pub struct Value(pub(crate) Repr);

#[derive(Clone)]
pub(crate) enum Repr {
    Null(Type),
    Unknown(Type),
    Bool(bool),
    Number(Number),
    String(Arc<str>),
    List(Arc<Seq>),
    Set(Arc<Seq>),
    Tuple(Arc<Seq>),
    Map(Arc<Entries>),
    Object(Arc<Entries>),
    Capsule(Arc<Capsule>),
}

/// Elements of a list, set or tuple, with the value's whole type.
pub(crate) struct Seq {
    pub(crate) ty: Type,
    pub(crate) elems: Vec<Value>,
}

/// Entries of a map or object, sorted by key, with the value's whole type.
pub(crate) struct Entries {
    pub(crate) ty: Type,
    pub(crate) entries: Vec<(Name, Value)>,
}

pub(crate) struct Capsule {
    pub(crate) ty: CapsuleType,
    pub(crate) value: Box<dyn Any + Send + Sync>,
}

/// Why a compound value could not be built.
///
/// ```
/// use hclkit_value::Value;
/// let err = Value::list(vec![Value::string("a"), Value::number(1)]).unwrap_err();
/// assert_eq!(err.to_string(), "inconsistent list element types (string then number)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    message: String,
}

impl ValueError {
    pub(crate) fn new(message: impl Into<String>) -> ValueError {
        ValueError { message: message.into() }
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

/// NFC-normalises `s`, allocating only when it is not already in normal form.
pub(crate) fn normalize(s: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
    if s.is_ascii() {
        return std::borrow::Cow::Borrowed(s);
    }
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => std::borrow::Cow::Borrowed(s),
        _ => {
            let n: String = s.nfc().collect();
            if n == s {
                std::borrow::Cow::Borrowed(s)
            } else {
                std::borrow::Cow::Owned(n)
            }
        }
    }
}

fn normalized_name(s: Name) -> Name {
    match normalize(&s) {
        std::borrow::Cow::Borrowed(_) => s,
        std::borrow::Cow::Owned(n) => n.into(),
    }
}

/// Finds the element type of a list, set or map from its elements, as the reference does:
/// the first element whose type is not the dynamic pseudo-type decides, and elements of the
/// dynamic pseudo-type (the dynamic value, a dynamic null) are taken as that type.
fn common_element_type<'a>(kind: &str, types: impl Iterator<Item = &'a Value>) -> Result<Type, ValueError> {
    let mut ety = Type::Dynamic;
    for v in types {
        let t = v.ty();
        if ety == Type::Dynamic {
            ety = t;
        } else if t != Type::Dynamic && t != ety {
            return Err(ValueError::new(format!("inconsistent {kind} element types ({ety} then {t})")));
        }
    }
    Ok(ety)
}

/// Gives elements of the dynamic pseudo-type the collection's element type.
fn retype(v: Value, ety: &Type) -> Value {
    match &v.0 {
        Repr::Unknown(Type::Dynamic) if *ety != Type::Dynamic => Value::unknown(ety.clone()),
        Repr::Null(Type::Dynamic) if *ety != Type::Dynamic => Value::null(ety.clone()),
        _ => v,
    }
}

fn check_elements<'a>(kind: &str, ety: &Type, elems: impl Iterator<Item = &'a Value>) -> Result<(), ValueError> {
    for v in elems {
        let t = v.ty();
        if t != *ety && t != Type::Dynamic {
            return Err(ValueError::new(format!("{kind} element of type {t} where {ety} is required")));
        }
    }
    Ok(())
}

impl Value {
    /// The null value of a type.
    ///
    /// A null is known and has its type, but no content: the accessors return `None`.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let v = Value::null(Type::String);
    /// assert!(v.is_null() && v.is_known());
    /// assert_eq!(v.ty(), Type::String);
    /// assert_eq!(v.as_str(), None);
    /// assert_ne!(v, Value::null(Type::Number));
    /// ```
    pub fn null(ty: Type) -> Value {
        Value(Repr::Null(ty))
    }
    /// The unknown value of a type.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let v = Value::unknown(Type::list(Type::String));
    /// assert!(v.is_unknown() && !v.is_known() && !v.is_null());
    /// assert_eq!(v.ty(), Type::list(Type::String));
    /// assert_eq!(v.length(), None);
    /// // Operations on unknowns give unknowns of the result type.
    /// assert_eq!(v.length_value().unwrap(), Value::unknown(Type::Number));
    /// ```
    pub fn unknown(ty: Type) -> Value {
        Value(Repr::Unknown(ty))
    }
    /// The dynamic value: the unknown value of the dynamic pseudo-type.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let d = Value::dynamic();
    /// assert!(d.is_dynamic() && d.is_unknown());
    /// assert_eq!(d.ty(), Type::Dynamic);
    /// assert_eq!(d, Value::unknown(Type::Dynamic));
    /// assert!(!Value::unknown(Type::String).is_dynamic());
    /// ```
    pub fn dynamic() -> Value {
        Value(Repr::Unknown(Type::Dynamic))
    }
    /// A bool.
    pub fn bool(b: bool) -> Value {
        Value(Repr::Bool(b))
    }
    /// A number.
    ///
    /// ```
    /// use hclkit_value::{Number, Type, Value};
    /// let v = Value::number(8080);
    /// assert_eq!(v.ty(), Type::Number);
    /// assert_eq!(v.as_number().and_then(|n| n.to_i64()), Some(8080));
    /// assert_eq!(Value::number(Number::parse("0.5").unwrap()).as_number().unwrap().to_string(), "0.5");
    /// assert_eq!(Value::bool(true).as_number(), None);
    /// ```
    pub fn number(n: impl Into<Number>) -> Value {
        Value(Repr::Number(n.into()))
    }
    /// A string, NFC-normalised.
    ///
    /// ```
    /// use hclkit_value::Value;
    /// assert_eq!(Value::string("e\u{301}").as_str(), Some("\u{e9}"));
    /// ```
    pub fn string(s: impl AsRef<str> + Into<Arc<str>>) -> Value {
        let n = match normalize(s.as_ref()) {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(n) => Some(n),
        };
        Value(Repr::String(match n {
            Some(n) => n.into(),
            None => s.into(),
        }))
    }

    /// A list of at least one element; every element must have the same type (elements of the
    /// dynamic pseudo-type take the list's element type).
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let l = Value::list(vec![Value::dynamic(), Value::string("a")]).unwrap();
    /// assert_eq!(l.ty(), Type::list(Type::String));
    /// assert_eq!(l.elements().unwrap()[0], Value::unknown(Type::String));
    /// assert!(Value::list(vec![Value::string("a"), Value::bool(true)]).is_err());
    /// assert!(Value::list(vec![]).is_err()); // use list_of or empty_list
    /// ```
    pub fn list(elems: Vec<Value>) -> Result<Value, ValueError> {
        if elems.is_empty() {
            return Err(ValueError::new("a list of no elements needs its element type: use Value::list_of"));
        }
        let ety = common_element_type("list", elems.iter())?;
        Ok(Value::list_unchecked(ety, elems))
    }
    /// A list with the given element type (possibly empty).
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let l = Value::list_of(Type::Number, vec![]).unwrap();
    /// assert_eq!(l, Value::empty_list(Type::Number));
    /// assert_eq!(l.length(), Some(0));
    /// assert!(Value::list_of(Type::Number, vec![Value::string("1")]).is_err());
    /// ```
    pub fn list_of(ety: Type, elems: Vec<Value>) -> Result<Value, ValueError> {
        check_elements("list", &ety, elems.iter())?;
        Ok(Value::list_unchecked(ety, elems))
    }
    /// The empty list of a type.
    pub fn empty_list(ety: Type) -> Value {
        Value::list_unchecked(ety, Vec::new())
    }
    pub(crate) fn list_unchecked(ety: Type, elems: Vec<Value>) -> Value {
        let elems = elems.into_iter().map(|v| retype(v, &ety)).collect();
        Value(Repr::List(Arc::new(Seq { ty: Type::list(ety), elems })))
    }

    /// A set of at least one element; equal elements are kept once, and elements are ordered
    /// as the reference orders them.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let s = Value::set(vec![Value::string("b"), Value::string("a"), Value::string("b")]).unwrap();
    /// assert_eq!(s.ty(), Type::set(Type::String));
    /// assert_eq!(s.elements().unwrap(), &[Value::string("a"), Value::string("b")]);
    /// assert_eq!(s.has_element(&Value::string("a")).unwrap(), Value::bool(true));
    /// assert_eq!(Value::set_of(Type::Bool, vec![]).unwrap(), Value::empty_set(Type::Bool));
    /// ```
    pub fn set(elems: Vec<Value>) -> Result<Value, ValueError> {
        if elems.is_empty() {
            return Err(ValueError::new("a set of no elements needs its element type: use Value::set_of"));
        }
        let ety = common_element_type("set", elems.iter())?;
        Ok(Value::set_unchecked(ety, elems))
    }
    /// A set with the given element type (possibly empty).
    pub fn set_of(ety: Type, elems: Vec<Value>) -> Result<Value, ValueError> {
        check_elements("set", &ety, elems.iter())?;
        Ok(Value::set_unchecked(ety, elems))
    }
    /// The empty set of a type.
    pub fn empty_set(ety: Type) -> Value {
        Value(Repr::Set(Arc::new(Seq { ty: Type::set(ety), elems: Vec::new() })))
    }
    pub(crate) fn set_unchecked(ety: Type, elems: Vec<Value>) -> Value {
        let elems: Vec<Value> = elems.into_iter().map(|v| retype(v, &ety)).collect();
        let elems = set::canonical_elements(&ety, elems);
        Value(Repr::Set(Arc::new(Seq { ty: Type::set(ety), elems })))
    }

    /// A map of at least one entry; every element must have the same type. Keys are
    /// NFC-normalised; a repeated key keeps its last value.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let m = Value::map([("b", Value::number(1)), ("a", Value::number(2)), ("b", Value::number(3))]).unwrap();
    /// assert_eq!(m.ty(), Type::map(Type::Number));
    /// assert_eq!(m.map_get("b"), Some(&Value::number(3)));
    /// assert_eq!(m.get_attr("b"), None); // a map has elements, not attributes
    /// let keys: Vec<&str> = m.entries().unwrap().iter().map(|(k, _)| &**k).collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// assert!(Value::map([("a", Value::number(1)), ("b", Value::bool(true))]).is_err());
    /// assert_eq!(Value::map_of(Type::Bool, Vec::<(&str, Value)>::new()).unwrap(), Value::empty_map(Type::Bool));
    /// ```
    pub fn map<K: Into<Name>>(entries: impl IntoIterator<Item = (K, Value)>) -> Result<Value, ValueError> {
        let entries: Vec<(Name, Value)> = entries.into_iter().map(|(k, v)| (k.into(), v)).collect();
        if entries.is_empty() {
            return Err(ValueError::new("a map of no elements needs its element type: use Value::map_of"));
        }
        let ety = common_element_type("map", entries.iter().map(|(_, v)| v))?;
        Ok(Value::map_unchecked(ety, entries))
    }
    /// A map with the given element type (possibly empty).
    pub fn map_of<K: Into<Name>>(
        ety: Type,
        entries: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, ValueError> {
        let entries: Vec<(Name, Value)> = entries.into_iter().map(|(k, v)| (k.into(), v)).collect();
        check_elements("map", &ety, entries.iter().map(|(_, v)| v))?;
        Ok(Value::map_unchecked(ety, entries))
    }
    /// The empty map of a type.
    pub fn empty_map(ety: Type) -> Value {
        Value(Repr::Map(Arc::new(Entries { ty: Type::map(ety), entries: Vec::new() })))
    }
    pub(crate) fn map_unchecked(ety: Type, entries: Vec<(Name, Value)>) -> Value {
        let entries = sorted_entries(entries.into_iter().map(|(k, v)| (normalized_name(k), retype(v, &ety))).collect());
        Value(Repr::Map(Arc::new(Entries { ty: Type::map(ety), entries })))
    }

    /// An object. Attribute names are NFC-normalised; a repeated name keeps its last value.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let o = Value::object([("b", Value::bool(true)), ("a", Value::number(1))]);
    /// assert_eq!(o.ty(), Type::object([("a", Type::Number), ("b", Type::Bool)]));
    /// assert_eq!(o.get_attr("b").and_then(|v| v.as_bool()), Some(true));
    /// ```
    pub fn object<K: Into<Name>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        let entries =
            sorted_entries(attrs.into_iter().map(|(k, v)| (normalized_name(k.into()), v)).collect::<Vec<_>>());
        let ty = Type::object(entries.iter().map(|(k, v)| (k.clone(), v.ty())));
        Value(Repr::Object(Arc::new(Entries { ty, entries })))
    }
    /// An object of the object type `ty`, with its attributes' values in `ty`'s attribute
    /// order: what [`Value::object`] builds from the same names and values, but sharing `ty`
    /// and its names instead of building them again (for many objects of one shape). The
    /// values are given back when they do not fit: `ty` not an object type, or with optional
    /// attributes or names not NFC-normalised, a number of values other than its number of
    /// attributes, or a value whose type is not exactly its attribute's.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let a = Value::object([("name", Value::string("a")), ("size", Value::number(1))]);
    /// let b = Value::object_of_type(&a.ty(), vec![Value::string("b"), Value::number(2)]).unwrap();
    /// assert_eq!(b, Value::object([("name", Value::string("b")), ("size", Value::number(2))]));
    /// // A value of another type does not fit: the values come back.
    /// let back = Value::object_of_type(&a.ty(), vec![Value::number(3), Value::number(2)]).unwrap_err();
    /// assert_eq!(back.len(), 2);
    /// assert!(Value::object_of_type(&Type::String, vec![]).is_err());
    /// ```
    pub fn object_of_type(ty: &Type, values: Vec<Value>) -> Result<Value, Vec<Value>> {
        let Some(o) = ty.object_type() else { return Err(values) };
        let attrs = o.attributes();
        let fits = attrs.len() == values.len()
            && o.optional_attributes().is_empty()
            && attrs.iter().all(|(n, _)| matches!(normalize(n), std::borrow::Cow::Borrowed(_)))
            && values.iter().zip(attrs).all(|(v, (_, t))| v.has_type(t));
        if !fits {
            return Err(values);
        }
        let entries = attrs.iter().map(|(n, _)| n.clone()).zip(values).collect();
        Ok(Value(Repr::Object(Arc::new(Entries { ty: ty.clone(), entries }))))
    }

    /// Whether the value's type is `t` ([`Value::ty`] without building a copy of it).
    pub(crate) fn has_type(&self, t: &Type) -> bool {
        match &self.0 {
            Repr::Null(ty) | Repr::Unknown(ty) => ty == t,
            Repr::Bool(_) => *t == Type::Bool,
            Repr::Number(_) => *t == Type::Number,
            Repr::String(_) => *t == Type::String,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.ty == *t,
            Repr::Map(e) | Repr::Object(e) => e.ty == *t,
            Repr::Capsule(_) => self.ty() == *t,
        }
    }

    /// The object with no attributes.
    pub fn empty_object() -> Value {
        Value(Repr::Object(Arc::new(Entries { ty: Type::empty_object(), entries: Vec::new() })))
    }
    /// A tuple: elements of any types.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let t = Value::tuple(vec![Value::string("a"), Value::number(1)]);
    /// assert_eq!(t.ty(), Type::tuple([Type::String, Type::Number]));
    /// assert_eq!(t.elements().unwrap()[1], Value::number(1));
    /// assert_eq!(Value::empty_tuple().length(), Some(0));
    /// ```
    pub fn tuple(elems: Vec<Value>) -> Value {
        let ty = Type::tuple(elems.iter().map(Value::ty));
        Value(Repr::Tuple(Arc::new(Seq { ty, elems })))
    }
    /// The tuple with no elements.
    pub fn empty_tuple() -> Value {
        Value::tuple(Vec::new())
    }
    /// A value of a capsule type, encapsulating `value`.
    pub fn capsule<T: Any + Send + Sync>(ty: &CapsuleType, value: T) -> Value {
        Value(Repr::Capsule(Arc::new(Capsule { ty: ty.clone(), value: Box::new(value) })))
    }

    /// The value's type. For the dynamic value and dynamic nulls, the dynamic pseudo-type.
    pub fn ty(&self) -> Type {
        match &self.0 {
            Repr::Null(t) | Repr::Unknown(t) => t.clone(),
            Repr::Bool(_) => Type::Bool,
            Repr::Number(_) => Type::Number,
            Repr::String(_) => Type::String,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.ty.clone(),
            Repr::Map(e) | Repr::Object(e) => e.ty.clone(),
            Repr::Capsule(c) => Type::Capsule(c.ty.clone()),
        }
    }
    /// Whether the value is null (of any type).
    pub fn is_null(&self) -> bool {
        matches!(self.0, Repr::Null(_))
    }
    /// Whether the value is known (a null is known). A known compound value may still
    /// contain unknown elements; see [`Value::is_wholly_known`].
    pub fn is_known(&self) -> bool {
        !matches!(self.0, Repr::Unknown(_))
    }
    /// Whether the value is unknown.
    pub fn is_unknown(&self) -> bool {
        matches!(self.0, Repr::Unknown(_))
    }
    /// Whether this is the dynamic value (the unknown value of the dynamic pseudo-type).
    pub fn is_dynamic(&self) -> bool {
        matches!(self.0, Repr::Unknown(Type::Dynamic))
    }
    /// Whether the value is known and so are all its elements, recursively.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let v = Value::object([("a", Value::number(1)), ("b", Value::unknown(Type::String))]);
    /// assert!(v.is_known());
    /// assert!(!v.is_wholly_known());
    /// assert!(Value::null(Type::String).is_wholly_known());
    /// ```
    pub fn is_wholly_known(&self) -> bool {
        match &self.0 {
            Repr::Unknown(_) => false,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.elems.iter().all(Value::is_wholly_known),
            Repr::Map(e) | Repr::Object(e) => e.entries.iter().all(|(_, v)| v.is_wholly_known()),
            _ => true,
        }
    }
    /// Whether no part of the value has a type still to be decided: no dynamic value inside,
    /// and no unknown value whose type contains the dynamic pseudo-type.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert!(Value::tuple(vec![Value::unknown(Type::String)]).has_wholly_known_type());
    /// assert!(!Value::tuple(vec![Value::dynamic()]).has_wholly_known_type());
    /// assert!(!Value::unknown(Type::list(Type::Dynamic)).has_wholly_known_type());
    /// ```
    pub fn has_wholly_known_type(&self) -> bool {
        match &self.0 {
            Repr::Null(_) => true,
            Repr::Unknown(t) => !t.has_dynamic_types(),
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.elems.iter().all(Value::has_wholly_known_type),
            Repr::Map(e) | Repr::Object(e) => e.entries.iter().all(|(_, v)| v.has_wholly_known_type()),
            _ => true,
        }
    }

    /// The bool, if this is a known, non-null bool.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert_eq!(Value::bool(true).as_bool(), Some(true));
    /// assert_eq!(Value::unknown(Type::Bool).as_bool(), None);
    /// assert_eq!(Value::null(Type::Bool).as_bool(), None);
    /// assert_eq!(Value::string("true").as_bool(), None); // no conversion
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match self.0 {
            Repr::Bool(b) => Some(b),
            _ => None,
        }
    }
    /// The number, if this is a known, non-null number.
    pub fn as_number(&self) -> Option<&Number> {
        match &self.0 {
            Repr::Number(n) => Some(n),
            _ => None,
        }
    }
    /// The string, if this is a known, non-null string.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert_eq!(Value::string("web").as_str(), Some("web"));
    /// assert_eq!(Value::from("web").as_shared_str().map(|s| &**s), Some("web"));
    /// assert_eq!(Value::null(Type::String).as_str(), None);
    /// assert_eq!(Value::number(1).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match &self.0 {
            Repr::String(s) => Some(s),
            _ => None,
        }
    }
    /// The shared string, if this is a known, non-null string.
    pub fn as_shared_str(&self) -> Option<&Arc<str>> {
        match &self.0 {
            Repr::String(s) => Some(s),
            _ => None,
        }
    }
    /// The elements of a known, non-null list, set or tuple, in order (sets in the
    /// reference's iteration order).
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let l = Value::list(vec![Value::number(1), Value::number(2)]).unwrap();
    /// assert_eq!(l.elements(), Some(&[Value::number(1), Value::number(2)][..]));
    /// assert_eq!(Value::unknown(Type::list(Type::Number)).elements(), None);
    /// assert_eq!(Value::empty_object().elements(), None); // see entries
    /// ```
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.0 {
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => Some(&s.elems),
            _ => None,
        }
    }
    /// The entries of a known, non-null map or object, sorted by key.
    ///
    /// ```
    /// use hclkit_value::Value;
    /// let o = Value::object([("port", Value::number(80)), ("host", Value::string("a"))]);
    /// let entries: Vec<(&str, &Value)> = o.entries().unwrap().iter().map(|(k, v)| (&**k, v)).collect();
    /// assert_eq!(entries, [("host", &Value::string("a")), ("port", &Value::number(80))]);
    /// assert_eq!(Value::string("x").entries(), None);
    /// ```
    pub fn entries(&self) -> Option<&[(Name, Value)]> {
        match &self.0 {
            Repr::Map(e) | Repr::Object(e) => Some(&e.entries),
            _ => None,
        }
    }
    /// The named attribute of a known, non-null object.
    pub fn get_attr(&self, name: &str) -> Option<&Value> {
        match &self.0 {
            Repr::Object(e) => find_entry(&e.entries, name),
            _ => None,
        }
    }
    /// The element of a known, non-null map under `key`.
    pub fn map_get(&self, key: &str) -> Option<&Value> {
        match &self.0 {
            Repr::Map(e) => find_entry(&e.entries, key),
            _ => None,
        }
    }
    /// The number of elements or attributes of a known, non-null collection or structural value.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert_eq!(Value::object([("a", Value::bool(true))]).length(), Some(1));
    /// assert_eq!(Value::string("abc").length(), None); // not a collection
    /// assert_eq!(Value::null(Type::list(Type::String)).length(), None);
    /// ```
    pub fn length(&self) -> Option<usize> {
        match &self.0 {
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => Some(s.elems.len()),
            Repr::Map(e) | Repr::Object(e) => Some(e.entries.len()),
            _ => None,
        }
    }
    /// Whether this value can be iterated: a known, non-null list, set, tuple, map or object.
    pub fn can_iterate(&self) -> bool {
        matches!(self.0, Repr::List(_) | Repr::Set(_) | Repr::Tuple(_) | Repr::Map(_) | Repr::Object(_))
    }
    /// Iterates `(key, element)` pairs as the reference does: list, set and tuple keys are
    /// index numbers (sets: the element itself, as cty does), map and object keys are strings.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let l = Value::list(vec![Value::string("a"), Value::string("b")]).unwrap();
    /// assert!(l.can_iterate());
    /// let pairs: Vec<(Value, Value)> = l.iter_elements().collect();
    /// assert_eq!(pairs[1], (Value::number(1), Value::string("b")));
    ///
    /// let s = Value::set(vec![Value::string("x")]).unwrap();
    /// assert_eq!(s.iter_elements().next(), Some((Value::string("x"), Value::string("x"))));
    ///
    /// let unknown = Value::unknown(Type::list(Type::String));
    /// assert!(!unknown.can_iterate());
    /// assert_eq!(unknown.iter_elements().count(), 0);
    /// ```
    pub fn iter_elements(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        let seq: Option<(&[Value], bool)> = match &self.0 {
            Repr::List(s) | Repr::Tuple(s) => Some((&s.elems, false)),
            Repr::Set(s) => Some((&s.elems, true)),
            _ => None,
        };
        let seq_iter = seq.into_iter().flat_map(|(elems, is_set)| {
            elems.iter().enumerate().map(move |(i, v)| (if is_set { v.clone() } else { Value::number(i) }, v.clone()))
        });
        let map_iter = self
            .entries()
            .into_iter()
            .flat_map(|entries| entries.iter().map(|(k, v)| (Value(Repr::String(k.clone())), v.clone())));
        seq_iter.chain(map_iter)
    }
    /// The encapsulated value of a capsule, if it is of type `T`.
    pub fn capsule_ref<T: Any>(&self) -> Option<&T> {
        match &self.0 {
            Repr::Capsule(c) => c.value.downcast_ref::<T>(),
            _ => None,
        }
    }
    /// The encapsulated value of a capsule, as `Any`.
    pub fn capsule_any(&self) -> Option<&(dyn Any + Send + Sync)> {
        match &self.0 {
            Repr::Capsule(c) => Some(&*c.value),
            _ => None,
        }
    }
}

fn find_entry<'a>(entries: &'a [(Name, Value)], key: &str) -> Option<&'a Value> {
    entries.binary_search_by(|(k, _)| (**k).cmp(key)).ok().map(|i| &entries[i].1)
}

fn sorted_entries(mut entries: Vec<(Name, Value)>) -> Vec<(Name, Value)> {
    if entries.windows(2).all(|w| w[0].0 < w[1].0) {
        return entries;
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    // After a stable sort the last of a run of equal keys is the last given: keep it.
    let mut out: Vec<(Name, Value)> = Vec::with_capacity(entries.len());
    for e in entries {
        match out.last_mut() {
            Some(last) if last.0 == e.0 => *last = e,
            _ => out.push(e),
        }
    }
    out
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::bool(b)
    }
}
impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::number(n)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::string(s)
    }
}
impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::number(n)
    }
}

/// A readable rendering for debugging and test failures that shows each value's kind:
/// `list["a", "b"]`, `object{"a" = null(bool)}`, `(unknown string)`, `(dynamic)`.
///
/// ```
/// use hclkit_value::{Type, Value};
/// let v = Value::object([
///     ("a", Value::tuple(vec![Value::string("x"), Value::number(1)])),
///     ("b", Value::null(Type::Bool)),
///     ("c", Value::unknown(Type::String)),
/// ]);
/// assert_eq!(format!("{v:?}"), r#"object{"a" = tuple["x", 1], "b" = null(bool), "c" = (unknown string)}"#);
/// ```
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Null(t) => write!(f, "null({t})"),
            Repr::Unknown(Type::Dynamic) => f.write_str("(dynamic)"),
            Repr::Unknown(t) => write!(f, "(unknown {t})"),
            Repr::Bool(b) => write!(f, "{b}"),
            Repr::Number(n) => write!(f, "{n}"),
            Repr::String(s) => write!(f, "{:?}", &**s),
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => {
                let kind = match &self.0 {
                    Repr::List(_) => "list",
                    Repr::Set(_) => "set",
                    _ => "tuple",
                };
                write!(f, "{kind}[")?;
                for (i, e) in s.elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e:?}")?;
                }
                f.write_str("]")
            }
            Repr::Map(e) | Repr::Object(e) => {
                f.write_str(if matches!(self.0, Repr::Map(_)) { "map{" } else { "object{" })?;
                for (i, (k, v)) in e.entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{:?} = {v:?}", &**k)?;
                }
                f.write_str("}")
            }
            Repr::Capsule(c) => write!(f, "capsule({})", c.ty.name()),
        }
    }
}

/// Identity: the same type and the same value, where unknowns of one type are identical to
/// each other (the reference's `RawEquals`). Use [`Value::equals`] for the language's `==`.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.raw_equals(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_nfc() {
        let v = Value::string("e\u{301}");
        assert_eq!(v.as_str(), Some("é"));
        assert_eq!(Value::string("ascii").as_str(), Some("ascii"));
        let o = Value::object([("e\u{301}", Value::bool(true))]);
        assert!(o.get_attr("é").is_some());
    }

    #[test]
    fn list_element_types_must_agree() {
        assert!(Value::list(vec![Value::string("a"), Value::number(1)]).is_err());
        assert!(Value::list(vec![]).is_err());
        let l = Value::list(vec![Value::dynamic(), Value::string("a")]).unwrap();
        assert_eq!(l.ty(), Type::list(Type::String));
        assert_eq!(l.elements().unwrap()[0].ty(), Type::String);
        assert!(l.elements().unwrap()[0].is_unknown());
        assert!(Value::list_of(Type::Number, vec![Value::string("a")]).is_err());
        assert_eq!(Value::empty_list(Type::Bool).ty(), Type::list(Type::Bool));
    }

    #[test]
    fn objects_sort_and_keep_last() {
        let o = Value::object([("b", Value::number(1)), ("a", Value::number(2)), ("b", Value::number(3))]);
        let keys: Vec<&str> = o.entries().unwrap().iter().map(|(k, _)| &**k).collect();
        assert_eq!(keys, ["a", "b"]);
        assert_eq!(o.get_attr("b").and_then(|v| v.as_number()).and_then(|n| n.to_i64()), Some(3));
    }

    #[test]
    fn knownness() {
        let l = Value::tuple(vec![Value::number(1), Value::unknown(Type::String)]);
        assert!(l.is_known());
        assert!(!l.is_wholly_known());
        assert!(l.has_wholly_known_type());
        let d = Value::tuple(vec![Value::dynamic()]);
        assert!(!d.has_wholly_known_type());
        assert!(Value::null(Type::Dynamic).is_known());
        assert!(Value::dynamic().is_dynamic());
    }

    #[test]
    fn value_is_small() {
        assert!(std::mem::size_of::<Value>() <= 24, "{}", std::mem::size_of::<Value>());
    }
}
