//! Default values of optional object attributes, and applying them to a value (the
//! reference's `typeexpr.Defaults`, ext/typeexpr/defaults.go, hcl v2.14.1).

use std::collections::BTreeMap;

use hclkit_value::convert::unify_values;
use hclkit_value::{Name, Type, Value};

/// A type tree carrying the default values of optional object attributes at any depth, as
/// [`type_constraint_with_defaults`](super::type_constraint_with_defaults) reads them from
/// `optional(T, default)` modifiers (the reference's `typeexpr.Defaults`).
///
/// A node exists only where a default is set at or below it. Apply the defaults to a value
/// with [`Defaults::apply`] before converting it to the constraint's type.
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    /// The type of the node the defaults apply to; it decides how `children` are looked up.
    pub ty: Type,
    /// Default values of an object's optional attributes, by attribute name, each already
    /// converted to its attribute's type.
    pub values: BTreeMap<String, Value>,
    /// Defaults of the parts of the type: by attribute name for an object, by decimal index
    /// (`"0"`, `"1"`, ...) for a tuple, and under `""` for the element type of a list, set or
    /// map.
    pub children: BTreeMap<String, Defaults>,
}

/// How a part of a value is reached from its parent, as the reference's walk steps.
enum Step<'a> {
    /// An object attribute (the reference's `GetAttrStep`).
    Attr(&'a str),
    /// A list or tuple index (`IndexStep` with a number key).
    Index(usize),
    /// A map key (`IndexStep` with a string key).
    Key,
    /// A set element (`IndexStep` keyed by the element itself).
    SetElement,
}

impl Defaults {
    /// Applies the defaults to `value`, wherever an object attribute with a default is
    /// missing or null, and returns the result (the reference's `Defaults.Apply`).
    ///
    /// The walk is pre-order: defaults are applied to an object first, then to what it
    /// contains, so defaults nested in a default value's type are applied to it too. Where the
    /// value has defaults and is a map or an object (including a null one), the result is an
    /// object: its attributes plus the defaults. Lists, sets, tuples and maps are walked
    /// element by element, a tuple's elements with the defaults of their position, the others
    /// with the defaults of the element type. Unknown values are left as they are, and so are
    /// values whose type does not fit the defaults: the conversion that follows reports those.
    ///
    /// The result's type may differ from the input's and still need converting to the type
    /// constraint (see [`convert_with_defaults`](super::convert_with_defaults)). Where the
    /// rebuilt elements of a list, set or map no longer share one type (a default of another
    /// type than the attribute's value in other elements), the reference panics; here they are
    /// unified when they can be, or else the collection becomes a tuple (a list or set) or an
    /// object (a map), for the conversion to judge. The reference also panics when a tuple's
    /// defaults meet a set or a map; here nothing is applied to their elements.
    ///
    /// ```
    /// use hclkit::syntax::native::NativeExpression;
    /// use hclkit::typeexpr::type_constraint_with_defaults;
    /// use hclkit_value::Value;
    ///
    /// let e = hclkit::parse_expression(b"object({a = string, b = optional(bool, true)})".as_slice(), "t").into_value();
    /// let (_, defaults, _) = type_constraint_with_defaults(&NativeExpression::from_expr_file(&e));
    /// let got = defaults.unwrap().apply(Value::object([("a", Value::string("x"))]));
    /// assert_eq!(got, Value::object([("a", Value::string("x")), ("b", Value::bool(true))]));
    /// ```
    pub fn apply(&self, value: Value) -> Value {
        self.transform(value)
    }

    /// Applies this node's defaults to `value`, then walks into the result.
    fn transform(&self, value: Value) -> Value {
        let value = self.enter(value);
        if value.is_null() || !value.is_known() {
            return value;
        }
        let ty = value.ty();
        match ty {
            Type::List(_) | Type::Set(_) | Type::Tuple(_) => {
                let Some(elems) = value.elements() else { return value };
                if elems.is_empty() {
                    return value;
                }
                let is_set = ty.is_set();
                let new: Vec<Value> = elems
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        let step = if is_set { Step::SetElement } else { Step::Index(i) };
                        self.walk(step, e.clone())
                    })
                    .collect();
                match ty {
                    Type::List(_) => rebuild_sequence(new, Value::list),
                    Type::Set(_) => rebuild_sequence(new, Value::set),
                    _ => Value::tuple(new),
                }
            }
            Type::Map(_) | Type::Object(_) => {
                let Some(entries) = value.entries() else { return value };
                if entries.is_empty() {
                    return value;
                }
                let is_map = ty.is_map();
                let new: Vec<(Name, Value)> = entries
                    .iter()
                    .map(|(k, v)| {
                        let step = if is_map { Step::Key } else { Step::Attr(k) };
                        (k.clone(), self.walk(step, v.clone()))
                    })
                    .collect();
                if is_map {
                    match Value::map(new.clone()) {
                        Ok(v) => v,
                        Err(_) => rebuild_map(new),
                    }
                } else {
                    Value::object(new)
                }
            }
            _ => value,
        }
    }

    /// Continues the walk into a part of this node's value, with the defaults for it.
    fn walk(&self, step: Step<'_>, value: Value) -> Value {
        match self.child(step) {
            Some(child) => child.transform(value),
            None => value,
        }
    }

    /// The defaults for a part of a value of this node's type (the reference's `traverse`):
    /// an attribute of an object by name; an element of a list, set or map (or an attribute
    /// of an object value given for a map) under `""`; an element of a tuple by index.
    fn child(&self, step: Step<'_>) -> Option<&Defaults> {
        match (&self.ty, step) {
            (Type::Object(_), Step::Attr(name)) => self.children.get(name),
            (Type::Map(_), Step::Attr(_)) => self.children.get(""),
            (Type::Tuple(_), Step::Index(i)) => self.children.get(&i.to_string()),
            (Type::List(_) | Type::Set(_) | Type::Map(_), Step::Index(_) | Step::Key | Step::SetElement) => {
                self.children.get("")
            }
            _ => None,
        }
    }

    /// Sets this node's default values on `value` where attributes are missing or null
    /// (the reference's `Enter`).
    fn enter(&self, value: Value) -> Value {
        if self.values.is_empty() || !value.is_known() {
            return value;
        }
        let ty = value.ty();
        if !ty.is_object() && !ty.is_map() {
            return value;
        }
        let mut attrs: BTreeMap<Name, Value> = BTreeMap::new();
        if let Some(entries) = value.entries() {
            attrs.extend(entries.iter().cloned());
        }
        for (name, default) in &self.values {
            let missing = attrs.get(name.as_str()).map_or(true, Value::is_null);
            if missing {
                attrs.insert(Name::from(name.as_str()), default.clone());
            }
        }
        Value::object(attrs)
    }
}

/// A list or set from rebuilt elements; if they no longer share a type, the unified
/// collection, or else a tuple.
fn rebuild_sequence(elems: Vec<Value>, build: fn(Vec<Value>) -> Result<Value, hclkit_value::ValueError>) -> Value {
    if let Ok(v) = build(elems.clone()) {
        return v;
    }
    if let Ok((_, unified)) = unify_values(&elems) {
        if let Ok(v) = build(unified) {
            return v;
        }
    }
    Value::tuple(elems)
}

/// A map from rebuilt elements that no longer share a type: the unified map, or else an
/// object.
fn rebuild_map(entries: Vec<(Name, Value)>) -> Value {
    let values: Vec<Value> = entries.iter().map(|(_, v)| v.clone()).collect();
    if let Ok((_, unified)) = unify_values(&values) {
        let keyed = entries.iter().map(|(k, _)| k.clone()).zip(unified);
        if let Ok(v) = Value::map(keyed) {
            return v;
        }
    }
    Value::object(entries)
}
