//! Types: the primitive types, the collection and structural types, the dynamic pseudo-type and
//! capsule types.
//!
//! A [`Type`] is cheap to clone: compound types share their parts behind [`Arc`]s.
//! Type identity is [`PartialEq`]; the "matches a type specification" relation of the
//! information model is [`Type::matches`].

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A name of an object attribute or a map key: shared, immutable text.
pub type Name = Arc<str>;

/// An HCL type.
///
/// ```
/// use hclkit_value::Type;
/// let t = Type::list(Type::String);
/// assert_eq!(t.friendly_name(), "list of string");
/// assert!(t.matches(&Type::list(Type::Dynamic)));
/// assert!(!t.matches(&Type::set(Type::Dynamic)));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// `bool`
    Bool,
    /// `number`
    Number,
    /// `string`
    String,
    /// The dynamic pseudo-type: a placeholder for a type not yet known.
    Dynamic,
    /// `list(T)`
    List(Arc<Type>),
    /// `set(T)`
    Set(Arc<Type>),
    /// `map(T)`
    Map(Arc<Type>),
    /// `object({name = T, ...})`
    Object(Arc<ObjectType>),
    /// `tuple([T, ...])`
    Tuple(Arc<TupleType>),
    /// An application-defined opaque type.
    Capsule(CapsuleType),
}

/// The attributes of an object type, sorted by name, and which of them are optional
/// (optional attributes are only meaningful in type constraints).
///
/// ```
/// use hclkit_value::Type;
/// let t = Type::object_with_optional([("port", Type::Number), ("host", Type::String)], ["port"]);
/// let o = t.object_type().unwrap();
/// let names: Vec<&str> = o.attributes().iter().map(|(n, _)| &**n).collect();
/// assert_eq!(names, ["host", "port"]);
/// assert_eq!(o.attribute("port"), Some(&Type::Number));
/// assert_eq!(o.index_of("port"), Some(1));
/// assert!(o.is_optional("port") && !o.is_optional("host"));
/// assert_eq!(o.len(), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ObjectType {
    attrs: Box<[(Name, Type)]>,
    optional: Box<[Name]>,
}

/// The element types of a tuple type.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct TupleType {
    elems: Box<[Type]>,
}

impl ObjectType {
    /// The attributes, sorted by name.
    pub fn attributes(&self) -> &[(Name, Type)] {
        &self.attrs
    }
    /// The type of the named attribute.
    pub fn attribute(&self, name: &str) -> Option<&Type> {
        self.index_of(name).map(|i| &self.attrs[i].1)
    }
    /// The position of the named attribute in [`ObjectType::attributes`].
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.attrs.binary_search_by(|(n, _)| (**n).cmp(name)).ok()
    }
    /// Names of the attributes marked optional, sorted.
    pub fn optional_attributes(&self) -> &[Name] {
        &self.optional
    }
    /// Whether the named attribute is marked optional.
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.binary_search_by(|n| (**n).cmp(name)).is_ok()
    }
    /// The number of attributes.
    pub fn len(&self) -> usize {
        self.attrs.len()
    }
    /// Whether the object type has no attributes.
    pub fn is_empty(&self) -> bool {
        self.attrs.is_empty()
    }
}

impl TupleType {
    /// The element types in order.
    pub fn elements(&self) -> &[Type] {
        &self.elems
    }
}

/// An application-defined type whose values are opaque to HCL.
///
/// Each call to [`CapsuleType::new`] makes a distinct type, identical only to itself.
///
/// ```
/// use hclkit_value::{CapsuleType, Type, Value};
/// let bytes = CapsuleType::new("bytes");
/// let v = Value::capsule(&bytes, vec![1u8, 2, 3]);
/// assert_eq!(v.ty(), Type::Capsule(bytes.clone()));
/// assert_eq!(v.capsule_ref::<Vec<u8>>(), Some(&vec![1u8, 2, 3]));
/// assert_ne!(Type::Capsule(bytes), Type::Capsule(CapsuleType::new("bytes")));
/// ```
#[derive(Clone)]
pub struct CapsuleType(Arc<CapsuleInner>);

/// How two encapsulated values are compared for equality.
pub type CapsuleEquals = fn(&(dyn Any + Send + Sync), &(dyn Any + Send + Sync)) -> bool;

struct CapsuleInner {
    name: String,
    equals: Option<CapsuleEquals>,
}

impl CapsuleType {
    /// A new capsule type with the given friendly name; its values are equal only when they
    /// are the same encapsulated object.
    pub fn new(name: impl Into<String>) -> CapsuleType {
        CapsuleType(Arc::new(CapsuleInner { name: name.into(), equals: None }))
    }
    /// A new capsule type whose values are compared with `equals`.
    pub fn with_equals(name: impl Into<String>, equals: CapsuleEquals) -> CapsuleType {
        CapsuleType(Arc::new(CapsuleInner { name: name.into(), equals: Some(equals) }))
    }
    /// The friendly name given at creation.
    pub fn name(&self) -> &str {
        &self.0.name
    }
    pub(crate) fn equals_fn(&self) -> Option<CapsuleEquals> {
        self.0.equals
    }
}

impl PartialEq for CapsuleType {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}
impl Eq for CapsuleType {}
impl std::hash::Hash for CapsuleType {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (Arc::as_ptr(&self.0) as usize).hash(state)
    }
}

impl Type {
    /// `list(elem)`; [`set`](Type::set) and [`map`](Type::map) build the other collection
    /// types the same way.
    ///
    /// ```
    /// use hclkit_value::Type;
    /// let t = Type::map(Type::list(Type::Number));
    /// assert!(t.is_collection() && t.is_map() && !t.is_list());
    /// assert_eq!(t.element_type(), Some(&Type::list(Type::Number)));
    /// assert_eq!(t.to_string(), "map(list(number))");
    /// assert_eq!(t.friendly_name(), "map of list of number");
    /// assert_ne!(Type::list(Type::String), Type::set(Type::String));
    /// ```
    pub fn list(elem: Type) -> Type {
        Type::List(Arc::new(elem))
    }
    /// `set(elem)`
    pub fn set(elem: Type) -> Type {
        Type::Set(Arc::new(elem))
    }
    /// `map(elem)`
    pub fn map(elem: Type) -> Type {
        Type::Map(Arc::new(elem))
    }
    /// An object type with the given attributes (names may come in any order; a repeated name
    /// keeps its last type).
    ///
    /// ```
    /// use hclkit_value::Type;
    /// let t = Type::object([("b", Type::Bool), ("a", Type::String), ("b", Type::Number)]);
    /// assert_eq!(t, Type::object([("a", Type::String), ("b", Type::Number)]));
    /// assert!(t.is_object() && t.is_structural());
    /// assert_eq!(t.attribute_type("b"), Some(&Type::Number));
    /// assert_eq!(t.attribute_type("c"), None);
    /// assert_eq!(t.to_string(), "object({a=string,b=number})");
    /// assert!(Type::empty_object().object_type().unwrap().is_empty());
    /// ```
    pub fn object<N: Into<Name>>(attrs: impl IntoIterator<Item = (N, Type)>) -> Type {
        Type::object_with_optional(attrs, std::iter::empty::<Name>())
    }
    /// An object type where the attributes named in `optional` are optional (meaningful in type
    /// constraints only; see the type-expression `optional(...)` modifier). Names in `optional`
    /// that are not attributes are ignored.
    ///
    /// ```
    /// use hclkit_value::Type;
    /// let t = Type::object_with_optional([("name", Type::String), ("port", Type::Number)], ["port", "nope"]);
    /// assert_eq!(t.to_string(), "object({name=string,port=optional(number)})");
    /// // The markers make a different type; they are ignored when matching a specification.
    /// let plain = Type::object([("name", Type::String), ("port", Type::Number)]);
    /// assert_ne!(t, plain);
    /// assert_eq!(t.without_optional_attributes(), plain);
    /// assert!(plain.matches(&t));
    /// ```
    pub fn object_with_optional<N: Into<Name>, O: Into<Name>>(
        attrs: impl IntoIterator<Item = (N, Type)>,
        optional: impl IntoIterator<Item = O>,
    ) -> Type {
        let mut attrs: Vec<(Name, Type)> = attrs.into_iter().map(|(n, t)| (n.into(), t)).collect();
        // Usually given sorted (an object value's attributes are): then taken as they are.
        let dedup = if attrs.windows(2).all(|w| w[0].0 < w[1].0) {
            attrs
        } else {
            // Stable sort keeps insertion order among duplicates; keep the last of each.
            attrs.sort_by(|a, b| a.0.cmp(&b.0));
            let mut dedup: Vec<(Name, Type)> = Vec::with_capacity(attrs.len());
            for (n, t) in attrs {
                match dedup.last_mut() {
                    Some(last) if last.0 == n => last.1 = t,
                    _ => dedup.push((n, t)),
                }
            }
            dedup
        };
        let mut opt: Vec<Name> = optional
            .into_iter()
            .map(Into::into)
            .filter(|n: &Name| dedup.binary_search_by(|(a, _)| a.cmp(n)).is_ok())
            .collect();
        opt.sort();
        opt.dedup();
        Type::Object(Arc::new(ObjectType { attrs: dedup.into(), optional: opt.into() }))
    }
    /// The object type with no attributes.
    pub fn empty_object() -> Type {
        Type::Object(Arc::new(ObjectType::default()))
    }
    /// `tuple([elems...])`
    ///
    /// ```
    /// use hclkit_value::Type;
    /// let t = Type::tuple([Type::String, Type::Number]);
    /// assert!(t.is_tuple() && t.is_structural());
    /// assert_eq!(t.tuple_elements(), Some(&[Type::String, Type::Number][..]));
    /// assert_eq!(t.to_string(), "tuple([string,number])");
    /// assert_eq!(Type::empty_tuple().tuple_elements(), Some(&[][..]));
    /// ```
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(Arc::new(TupleType { elems: elems.into_iter().collect() }))
    }
    /// The tuple type with no elements.
    pub fn empty_tuple() -> Type {
        Type::tuple([])
    }

    /// Whether this is `bool`, `number` or `string`.
    ///
    /// ```
    /// use hclkit_value::Type;
    /// assert!(Type::Bool.is_primitive() && Type::String.is_primitive());
    /// assert!(!Type::Dynamic.is_primitive() && Type::Dynamic.is_dynamic());
    /// assert!(!Type::list(Type::String).is_primitive());
    /// assert!(!Type::list(Type::Dynamic).is_dynamic());
    /// ```
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::Bool | Type::Number | Type::String)
    }
    /// Whether this is a list, set or map type.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }
    /// Whether this is an object or tuple type.
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Tuple(_))
    }
    /// Whether this is the dynamic pseudo-type itself.
    pub fn is_dynamic(&self) -> bool {
        matches!(self, Type::Dynamic)
    }
    /// Whether this is a list type.
    pub fn is_list(&self) -> bool {
        matches!(self, Type::List(_))
    }
    /// Whether this is a set type.
    pub fn is_set(&self) -> bool {
        matches!(self, Type::Set(_))
    }
    /// Whether this is a map type.
    pub fn is_map(&self) -> bool {
        matches!(self, Type::Map(_))
    }
    /// Whether this is an object type.
    pub fn is_object(&self) -> bool {
        matches!(self, Type::Object(_))
    }
    /// Whether this is a tuple type.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::Tuple(_))
    }
    /// Whether this is a capsule type.
    pub fn is_capsule(&self) -> bool {
        matches!(self, Type::Capsule(_))
    }
    /// The element type of a list, set or map type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }
    /// The attributes of an object type.
    pub fn object_type(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }
    /// The element types of a tuple type.
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t.elements()),
            _ => None,
        }
    }
    /// The type of an object attribute.
    pub fn attribute_type(&self, name: &str) -> Option<&Type> {
        self.object_type().and_then(|o| o.attribute(name))
    }

    /// Whether this type is, or contains, the dynamic pseudo-type.
    ///
    /// ```
    /// use hclkit_value::Type;
    /// assert!(Type::object([("a", Type::list(Type::Dynamic))]).has_dynamic_types());
    /// assert!(!Type::object([("a", Type::list(Type::Bool))]).has_dynamic_types());
    /// ```
    pub fn has_dynamic_types(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::Bool | Type::Number | Type::String | Type::Capsule(_) => false,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic_types(),
            Type::Object(o) => o.attrs.iter().any(|(_, t)| t.has_dynamic_types()),
            Type::Tuple(t) => t.elems.iter().any(Type::has_dynamic_types),
        }
    }

    /// The "matches a type specification" relation: `self` matches `spec` when they are
    /// identical, or `spec` is the dynamic pseudo-type, recursively through compound types.
    /// Optional attribute markers in `spec` are ignored.
    pub fn matches(&self, spec: &Type) -> bool {
        match (self, spec) {
            (_, Type::Dynamic) => true,
            (Type::List(a), Type::List(b)) | (Type::Set(a), Type::Set(b)) | (Type::Map(a), Type::Map(b)) => {
                a.matches(b)
            }
            (Type::Object(a), Type::Object(b)) => {
                a.attrs.len() == b.attrs.len()
                    && a.attrs.iter().zip(b.attrs.iter()).all(|((an, at), (bn, bt))| an == bn && at.matches(bt))
            }
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.elems.len() == b.elems.len() && a.elems.iter().zip(b.elems.iter()).all(|(x, y)| x.matches(y))
            }
            (a, b) => a == b,
        }
    }

    /// Whether an optional-attribute marker appears anywhere in the type (when not,
    /// [`Type::without_optional_attributes`] is the type itself).
    pub(crate) fn has_optional_attributes(&self) -> bool {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_optional_attributes(),
            Type::Object(o) => !o.optional.is_empty() || o.attrs.iter().any(|(_, t)| t.has_optional_attributes()),
            Type::Tuple(t) => t.elems.iter().any(Type::has_optional_attributes),
            _ => false,
        }
    }

    /// The same type with every optional-attribute marker removed, recursively.
    pub fn without_optional_attributes(&self) -> Type {
        match self {
            Type::List(e) => Type::list(e.without_optional_attributes()),
            Type::Set(e) => Type::set(e.without_optional_attributes()),
            Type::Map(e) => Type::map(e.without_optional_attributes()),
            Type::Object(o) => Type::object(o.attrs.iter().map(|(n, t)| (n.clone(), t.without_optional_attributes()))),
            Type::Tuple(t) => Type::tuple(t.elems.iter().map(Type::without_optional_attributes)),
            other => other.clone(),
        }
    }

    /// The reference's friendly name: `string`, `list of number`, `object`, `tuple`,
    /// `dynamic`, or a capsule type's name.
    pub fn friendly_name(&self) -> String {
        let mut s = String::new();
        self.write_friendly(&mut s, false);
        s
    }

    /// The friendly name used when describing a type constraint: the dynamic pseudo-type
    /// is "any type", and a collection of it "list of any single type".
    ///
    /// ```
    /// use hclkit_value::Type;
    /// assert_eq!(Type::list(Type::Dynamic).friendly_name(), "list of dynamic");
    /// assert_eq!(Type::list(Type::Dynamic).friendly_name_for_constraint(), "list of any single type");
    /// assert_eq!(Type::Dynamic.friendly_name_for_constraint(), "any type");
    /// ```
    pub fn friendly_name_for_constraint(&self) -> String {
        let mut s = String::new();
        self.write_friendly(&mut s, true);
        s
    }

    fn write_friendly(&self, out: &mut String, constraint: bool) {
        let (prefix, elem) = match self {
            Type::Bool => return out.push_str("bool"),
            Type::Number => return out.push_str("number"),
            Type::String => return out.push_str("string"),
            Type::Dynamic => return out.push_str(if constraint { "any type" } else { "dynamic" }),
            Type::Object(_) => return out.push_str("object"),
            Type::Tuple(_) => return out.push_str("tuple"),
            Type::Capsule(c) => return out.push_str(c.name()),
            Type::List(e) => ("list of ", e),
            Type::Set(e) => ("set of ", e),
            Type::Map(e) => ("map of ", e),
        };
        out.push_str(prefix);
        if constraint && elem.is_dynamic() {
            out.push_str("any single type");
        } else {
            elem.write_friendly(out, constraint);
        }
    }
}

/// Formats the type in the type-expression notation: `list(string)`,
/// `object({a=number})`, `any` for the dynamic pseudo-type.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("bool"),
            Type::Number => f.write_str("number"),
            Type::String => f.write_str("string"),
            Type::Dynamic => f.write_str("any"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Set(e) => write!(f, "set({e})"),
            Type::Map(e) => write!(f, "map({e})"),
            Type::Object(o) => {
                f.write_str("object({")?;
                for (i, (n, t)) in o.attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    if o.is_optional(n) {
                        write!(f, "{n}=optional({t})")?;
                    } else {
                        write!(f, "{n}={t}")?;
                    }
                }
                f.write_str("})")
            }
            Type::Tuple(t) => {
                f.write_str("tuple([")?;
                for (i, e) in t.elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str("])")
            }
            Type::Capsule(c) => write!(f, "capsule({:?})", c.name()),
        }
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Debug for CapsuleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "capsule({:?})", self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_is_structural() {
        assert_eq!(Type::list(Type::String), Type::list(Type::String));
        assert_ne!(Type::list(Type::String), Type::set(Type::String));
        assert_ne!(Type::list(Type::String), Type::list(Type::Number));
        assert_eq!(
            Type::object([("b", Type::Number), ("a", Type::String)]),
            Type::object([("a", Type::String), ("b", Type::Number)])
        );
        assert_ne!(Type::object([("a", Type::String)]), Type::object_with_optional([("a", Type::String)], ["a"]));
        assert_ne!(Type::tuple([Type::String]), Type::tuple([Type::String, Type::String]));
        assert_eq!(Type::Dynamic, Type::Dynamic);
        assert_ne!(Type::Dynamic, Type::String);
    }

    #[test]
    fn matches_type_specification() {
        assert!(Type::String.matches(&Type::Dynamic));
        assert!(Type::list(Type::map(Type::Bool)).matches(&Type::list(Type::Dynamic)));
        assert!(!Type::set(Type::String).matches(&Type::list(Type::Dynamic)));
        assert!(!Type::Dynamic.matches(&Type::String));
        let o = Type::object([("a", Type::String), ("b", Type::Number)]);
        assert!(o.matches(&Type::object([("a", Type::Dynamic), ("b", Type::Number)])));
        assert!(!o.matches(&Type::object([("a", Type::Dynamic)])));
        assert!(Type::tuple([Type::Bool]).matches(&Type::tuple([Type::Dynamic])));
        assert!(!Type::tuple([Type::Bool]).matches(&Type::tuple([Type::Number])));
    }

    #[test]
    fn friendly_names() {
        assert_eq!(Type::map(Type::list(Type::Number)).friendly_name(), "map of list of number");
        assert_eq!(Type::Dynamic.friendly_name(), "dynamic");
        assert_eq!(Type::Dynamic.friendly_name_for_constraint(), "any type");
        assert_eq!(Type::list(Type::Dynamic).friendly_name_for_constraint(), "list of any single type");
        assert_eq!(Type::empty_object().friendly_name(), "object");
        assert_eq!(Type::tuple([Type::Bool]).friendly_name(), "tuple");
    }

    #[test]
    fn dynamic_detection() {
        assert!(Type::object([("a", Type::list(Type::Dynamic))]).has_dynamic_types());
        assert!(!Type::object([("a", Type::list(Type::Bool))]).has_dynamic_types());
    }

    #[test]
    fn display_is_type_expression() {
        let t = Type::object_with_optional([("a", Type::list(Type::String)), ("b", Type::Dynamic)], ["b"]);
        assert_eq!(t.to_string(), "object({a=list(string),b=optional(any)})");
        assert_eq!(Type::tuple([Type::Number, Type::Bool]).to_string(), "tuple([number,bool])");
    }

    #[test]
    fn duplicate_attribute_keeps_last() {
        let t = Type::object([("a", Type::String), ("a", Type::Number)]);
        assert_eq!(t.attribute_type("a"), Some(&Type::Number));
    }
}
