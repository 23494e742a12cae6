//! Operations on values with the model's rules for unknown and dynamic operands: arithmetic,
//! comparison, logic, and element access.
//!
//! An operation on an unknown operand gives an unknown result of the operation's result type;
//! an operand of the dynamic pseudo-type gives an unknown result too (the operation is assumed
//! to become valid once the type is known). No operation returns an unknown unless an operand
//! is unknown. Operands of the wrong type and null operands are errors, never panics.

use std::cmp::Ordering;
use std::fmt;

use crate::number::{Number, NumberError};
use crate::ty::Type;
use crate::value::{Repr, Value};

/// Why an operation could not be applied to its operands.
///
/// ```
/// use hclkit_value::{Type, Value};
/// let err = Value::number(1).add(&Value::string("2")).unwrap_err();
/// assert_eq!(err.message(), "type mismatch: want number but value 1 is string");
/// assert_eq!(Value::null(Type::Bool).not().unwrap_err().to_string(), "value 0 is null");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpError {
    message: String,
}

impl OpError {
    fn new(message: impl Into<String>) -> OpError {
        OpError { message: message.into() }
    }
    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for OpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for OpError {}

impl From<NumberError> for OpError {
    fn from(e: NumberError) -> OpError {
        OpError::new(e.to_string())
    }
}

/// Checks that every operand has type `required` (or the dynamic pseudo-type) and is not
/// null; returns the short-circuit result when an operand is unknown or dynamic.
fn type_check(required: &Type, result: &Type, operands: &[&Value]) -> Result<Option<Value>, OpError> {
    let mut short = false;
    for (i, v) in operands.iter().enumerate() {
        let t = v.ty();
        if t == Type::Dynamic {
            short = true;
            continue;
        }
        if t != *required {
            return Err(OpError::new(format!(
                "type mismatch: want {} but value {i} is {}",
                required.friendly_name(),
                t.friendly_name()
            )));
        }
        if v.is_unknown() {
            short = true;
        } else if v.is_null() {
            return Err(OpError::new(format!("value {i} is null")));
        }
    }
    Ok(short.then(|| Value::unknown(result.clone())))
}

/// The numbers of two operands that `type_check` has accepted.
fn numbers<'a>(a: &'a Value, b: &'a Value) -> Result<(&'a Number, &'a Number), OpError> {
    match (&a.0, &b.0) {
        (Repr::Number(x), Repr::Number(y)) => Ok((x, y)),
        _ => Err(OpError::new("operands must be known numbers")),
    }
}

macro_rules! arith {
    ($(#[$doc:meta])* $name:ident, $op:ident) => {
        $(#[$doc])*
        pub fn $name(&self, other: &Value) -> Result<Value, OpError> {
            if let Some(v) = type_check(&Type::Number, &Type::Number, &[self, other])? {
                return Ok(v);
            }
            let (a, b) = numbers(self, other)?;
            Ok(Value::number(a.$op(b)?))
        }
    };
}

macro_rules! compare {
    ($(#[$doc:meta])* $name:ident, $($ord:pat_param)|+) => {
        $(#[$doc])*
        pub fn $name(&self, other: &Value) -> Result<Value, OpError> {
            if let Some(v) = type_check(&Type::Number, &Type::Bool, &[self, other])? {
                return Ok(v);
            }
            let (a, b) = numbers(self, other)?;
            Ok(Value::bool(matches!(a.cmp(b), $($ord)|+)))
        }
    };
}

impl Value {
    arith!(
        /// `self + other` for numbers.
        ///
        /// ```
        /// use hclkit_value::{Type, Value};
        /// assert_eq!(Value::number(1).add(&Value::number(2)).unwrap(), Value::number(3));
        /// assert!(Value::number(1).add(&Value::dynamic()).unwrap().is_unknown());
        /// assert!(Value::number(1).add(&Value::string("x")).is_err());
        /// ```
        add, add
    );
    arith!(
        /// `self - other` for numbers.
        sub, sub
    );
    arith!(
        /// `self * other` for numbers.
        mul, mul
    );
    arith!(
        /// `self / other` for numbers; division of a non-zero number by zero is an infinity.
        ///
        /// ```
        /// use hclkit_value::{Number, Value};
        /// assert_eq!(Value::number(7).div(&Value::number(2)).unwrap().as_number().unwrap().to_string(), "3.5");
        /// assert_eq!(Value::number(1).div(&Value::number(0)).unwrap(), Value::number(Number::infinity()));
        /// assert_eq!(Value::number(7).rem(&Value::number(4)).unwrap(), Value::number(3));
        /// assert_eq!(Value::number(7).sub(&Value::number(4)).unwrap().mul(&Value::number(2)).unwrap(), Value::number(6));
        /// ```
        div, div
    );
    arith!(
        /// `self % other` for numbers, with the reference's definition for non-integers.
        rem, rem
    );

    /// `-self` for a number.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert_eq!(Value::number(3).neg().unwrap(), Value::number(-3));
    /// assert_eq!(Value::number(-3).abs().unwrap(), Value::number(3));
    /// assert_eq!(Value::unknown(Type::Number).neg().unwrap(), Value::unknown(Type::Number));
    /// assert!(Value::bool(true).neg().is_err());
    /// ```
    pub fn neg(&self) -> Result<Value, OpError> {
        if let Some(v) = type_check(&Type::Number, &Type::Number, &[self])? {
            return Ok(v);
        }
        Ok(Value::number(numbers(self, self)?.0.neg()))
    }

    /// The absolute value of a number.
    pub fn abs(&self) -> Result<Value, OpError> {
        if let Some(v) = type_check(&Type::Number, &Type::Number, &[self])? {
            return Ok(v);
        }
        Ok(Value::number(numbers(self, self)?.0.abs()))
    }

    compare!(
        /// `self < other` for numbers.
        ///
        /// ```
        /// use hclkit_value::{Number, Value};
        /// let inf = Value::number(Number::infinity());
        /// assert_eq!(Value::number(1).less_than(&inf).unwrap(), Value::bool(true));
        /// ```
        less_than, Ordering::Less
    );
    compare!(
        /// `self > other` for numbers.
        greater_than, Ordering::Greater
    );

    /// `self <= other` for numbers: as the reference, `<` or `==` (so two numbers equal in
    /// value but printed differently at their precisions are neither).
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// assert_eq!(Value::number(2).less_than_or_equal(&Value::number(2)).unwrap(), Value::bool(true));
    /// assert_eq!(Value::number(2).greater_than_or_equal(&Value::number(3)).unwrap(), Value::bool(false));
    /// assert_eq!(Value::number(2).greater_than(&Value::dynamic()).unwrap(), Value::unknown(Type::Bool));
    /// ```
    pub fn less_than_or_equal(&self, other: &Value) -> Result<Value, OpError> {
        self.less_than(other)?.or(&self.equals(other))
    }

    /// `self >= other` for numbers: `>` or `==`.
    pub fn greater_than_or_equal(&self, other: &Value) -> Result<Value, OpError> {
        self.greater_than(other)?.or(&self.equals(other))
    }

    /// `!self` for a bool.
    pub fn not(&self) -> Result<Value, OpError> {
        if let Some(v) = type_check(&Type::Bool, &Type::Bool, &[self])? {
            return Ok(v);
        }
        Ok(Value::bool(!self.as_bool().unwrap_or(false)))
    }

    /// `self && other` for bools (an unknown operand makes the result unknown).
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let (t, f) = (Value::bool(true), Value::bool(false));
    /// assert_eq!(t.and(&f).unwrap(), f);
    /// assert_eq!(t.or(&f).unwrap(), t);
    /// assert_eq!(f.not().unwrap(), t);
    /// // No short-circuit: an unknown operand makes the result unknown even when false.
    /// assert_eq!(f.and(&Value::unknown(Type::Bool)).unwrap(), Value::unknown(Type::Bool));
    /// assert!(t.and(&Value::number(1)).is_err());
    /// ```
    pub fn and(&self, other: &Value) -> Result<Value, OpError> {
        if let Some(v) = type_check(&Type::Bool, &Type::Bool, &[self, other])? {
            return Ok(v);
        }
        Ok(Value::bool(self.as_bool() == Some(true) && other.as_bool() == Some(true)))
    }

    /// `self || other` for bools (an unknown operand makes the result unknown).
    pub fn or(&self, other: &Value) -> Result<Value, OpError> {
        if let Some(v) = type_check(&Type::Bool, &Type::Bool, &[self, other])? {
            return Ok(v);
        }
        Ok(Value::bool(self.as_bool() == Some(true) || other.as_bool() == Some(true)))
    }

    /// The number of elements as a value: unknown for an unknown collection, and for a set
    /// holding unknown elements (which may turn out equal) unless it has exactly one element.
    /// A tuple's or object's length is known from its type.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let l = Value::list(vec![Value::string("a"), Value::unknown(Type::String)]).unwrap();
    /// assert_eq!(l.length_value().unwrap(), Value::number(2));
    /// let s = Value::set(vec![Value::string("a"), Value::unknown(Type::String)]).unwrap();
    /// assert_eq!(s.length_value().unwrap(), Value::unknown(Type::Number));
    /// let t = Value::unknown(Type::tuple([Type::Bool, Type::Bool]));
    /// assert_eq!(t.length_value().unwrap(), Value::number(2));
    /// assert!(Value::string("abc").length_value().is_err());
    /// ```
    pub fn length_value(&self) -> Result<Value, OpError> {
        let ty = self.ty();
        match &ty {
            Type::Tuple(t) => return Ok(Value::number(t.elements().len())),
            Type::Object(o) => return Ok(Value::number(o.len())),
            Type::Dynamic => return Ok(Value::unknown(Type::Number)),
            Type::List(_) | Type::Set(_) | Type::Map(_) => {}
            _ => return Err(OpError::new(format!("can't take the length of a {} value", ty.friendly_name()))),
        }
        if self.is_unknown() {
            return Ok(Value::unknown(Type::Number));
        }
        if self.is_null() {
            return Err(OpError::new("can't take the length of a null value"));
        }
        let n = self.length().unwrap_or(0);
        if ty.is_set() && n != 1 && !self.is_wholly_known() {
            return Ok(Value::unknown(Type::Number));
        }
        Ok(Value::number(n))
    }

    /// The element of a list, tuple or map at `key` (a number for lists and tuples, a string
    /// for maps). Unknown keys or collections give unknown elements (of the dynamic
    /// pseudo-type for tuples, whose element type depends on the key). A key that is absent,
    /// out of range or not a whole number is an error.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let l = Value::list(vec![Value::string("a"), Value::string("b")]).unwrap();
    /// assert_eq!(l.index(&Value::number(1)).unwrap(), Value::string("b"));
    /// assert_eq!(l.index(&Value::unknown(Type::Number)).unwrap(), Value::unknown(Type::String));
    /// assert!(l.index(&Value::number(2)).is_err());
    /// ```
    pub fn index(&self, key: &Value) -> Result<Value, OpError> {
        let ty = self.ty();
        let (key_ty, unknown_result) = match &ty {
            Type::Dynamic => return Ok(Value::dynamic()),
            Type::List(e) => (Type::Number, Value::unknown((**e).clone())),
            Type::Map(e) => (Type::String, Value::unknown((**e).clone())),
            Type::Tuple(_) => (Type::Number, Value::dynamic()),
            _ => return Err(OpError::new(format!("a {} value cannot be indexed", ty.friendly_name()))),
        };
        let kt = key.ty();
        if kt == Type::Dynamic || key.is_unknown() {
            return Ok(unknown_result);
        }
        if kt != key_ty {
            return Err(OpError::new(format!("element key for {} must be {}", kind_name(&ty), key_ty.friendly_name())));
        }
        if key.is_null() {
            return Err(OpError::new("element key must not be null"));
        }
        if self.is_null() {
            return Err(OpError::new("a null value cannot be indexed"));
        }
        match (&ty, &self.0) {
            (Type::Map(_), Repr::Unknown(_)) => Ok(unknown_result),
            (Type::Map(_), _) => {
                let k = key.as_str().unwrap_or_default();
                self.map_get(k).cloned().ok_or_else(|| OpError::new(format!("no element for key {k:?}")))
            }
            _ => {
                let idx = whole_index(key)?;
                if let (Type::Tuple(t), Repr::Unknown(_)) = (&ty, &self.0) {
                    return t
                        .elements()
                        .get(idx)
                        .map(|t| Value::unknown(t.clone()))
                        .ok_or_else(|| OpError::new("element index out of range"));
                }
                if self.is_unknown() {
                    return Ok(unknown_result);
                }
                self.elements()
                    .and_then(|e| e.get(idx))
                    .cloned()
                    .ok_or_else(|| OpError::new("element index out of range"))
            }
        }
    }

    /// Whether a list, tuple or map has an element at `key`; unknown when the key or the
    /// collection is unknown. A key of the wrong type is simply absent.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let m = Value::map([("k", Value::bool(true))]).unwrap();
    /// assert_eq!(m.has_index(&Value::string("k")).unwrap(), Value::bool(true));
    /// assert_eq!(m.has_index(&Value::string("x")).unwrap(), Value::bool(false));
    /// assert_eq!(m.has_index(&Value::number(0)).unwrap(), Value::bool(false));
    /// assert_eq!(m.has_index(&Value::unknown(Type::String)).unwrap(), Value::unknown(Type::Bool));
    /// ```
    pub fn has_index(&self, key: &Value) -> Result<Value, OpError> {
        let ty = self.ty();
        let key_ty = match &ty {
            Type::Dynamic => return Ok(Value::unknown(Type::Bool)),
            Type::List(_) | Type::Tuple(_) => Type::Number,
            Type::Map(_) => Type::String,
            _ => return Err(OpError::new(format!("a {} value cannot be indexed", ty.friendly_name()))),
        };
        let kt = key.ty();
        if kt == Type::Dynamic {
            return Ok(Value::unknown(Type::Bool));
        }
        if kt != key_ty {
            return Ok(Value::bool(false));
        }
        if key.is_unknown() || (self.is_unknown() && !ty.is_tuple()) {
            return Ok(Value::unknown(Type::Bool));
        }
        if key.is_null() || (self.is_null() && !ty.is_tuple()) {
            return Err(OpError::new("can't use a null value here"));
        }
        Ok(Value::bool(match &ty {
            Type::Map(_) => self.map_get(key.as_str().unwrap_or_default()).is_some(),
            Type::Tuple(t) => whole_index(key).map(|i| i < t.elements().len()).unwrap_or(false),
            _ => whole_index(key).map(|i| i < self.length().unwrap_or(0)).unwrap_or(false),
        }))
    }

    /// The named attribute of an object (unknown if the object is unknown; the dynamic value
    /// for a dynamic operand). A missing attribute is an error.
    ///
    /// ```
    /// use hclkit_value::{Type, Value};
    /// let o = Value::object([("port", Value::number(80))]);
    /// assert_eq!(o.attr("port").unwrap(), Value::number(80));
    /// assert_eq!(o.attr("host").unwrap_err().to_string(), "no attribute named \"host\"");
    /// assert_eq!(Value::unknown(o.ty()).attr("port").unwrap(), Value::unknown(Type::Number));
    /// assert_eq!(Value::dynamic().attr("anything").unwrap(), Value::dynamic());
    /// ```
    pub fn attr(&self, name: &str) -> Result<Value, OpError> {
        let ty = self.ty();
        match &ty {
            Type::Dynamic => Ok(Value::dynamic()),
            Type::Object(o) => {
                let name = crate::value::normalize(name);
                let at = o.attribute(&name).ok_or_else(|| OpError::new(format!("no attribute named {name:?}")))?;
                match &self.0 {
                    Repr::Unknown(_) => Ok(Value::unknown(at.clone())),
                    Repr::Null(_) => Err(OpError::new("a null value has no attributes")),
                    _ => self.get_attr(&name).cloned().ok_or_else(|| OpError::new("missing attribute")),
                }
            }
            _ => Err(OpError::new(format!("a {} value has no attributes", ty.friendly_name()))),
        }
    }

    /// Whether a set contains `elem` (unknown if either is unknown).
    pub fn has_element(&self, elem: &Value) -> Result<Value, OpError> {
        let Type::Set(ety) = self.ty() else {
            return Err(OpError::new("not a set"));
        };
        if self.is_unknown() || elem.is_unknown() {
            return Ok(Value::unknown(Type::Bool));
        }
        if self.is_null() {
            return Err(OpError::new("a null set has no elements"));
        }
        if *ety != elem.ty() {
            return Ok(Value::bool(false));
        }
        let found = self.elements().unwrap_or(&[]).iter().any(|e| crate::eq::equals(e, elem) == Some(true));
        Ok(Value::bool(found))
    }
}

fn kind_name(t: &Type) -> &'static str {
    match t {
        Type::List(_) => "list",
        Type::Map(_) => "map",
        Type::Tuple(_) => "tuple",
        _ => "collection",
    }
}

fn whole_index(key: &Value) -> Result<usize, OpError> {
    key.as_number()
        .and_then(Number::to_i64)
        .and_then(|i| usize::try_from(i).ok())
        .ok_or_else(|| OpError::new("element key for list must be non-negative integer"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(x: i64) -> Value {
        Value::number(x)
    }

    #[test]
    fn arithmetic_and_unknowns() {
        assert_eq!(n(2).mul(&n(3)).unwrap(), n(6));
        assert_eq!(n(7).sub(&n(10)).unwrap(), n(-3));
        assert_eq!(n(1).add(&Value::unknown(Type::Number)).unwrap(), Value::unknown(Type::Number));
        assert_eq!(n(1).add(&Value::null(Type::Dynamic)).unwrap(), Value::unknown(Type::Number));
        assert!(n(1).add(&Value::null(Type::Number)).is_err());
        assert!(n(1).add(&Value::bool(true)).unwrap_err().message().contains("want number but value 1 is bool"));
        assert_eq!(n(-4).abs().unwrap(), n(4));
        assert_eq!(n(4).neg().unwrap(), n(-4));
    }

    #[test]
    fn comparisons() {
        let inf = Value::number(Number::infinity());
        let ninf = Value::number(Number::neg_infinity());
        assert_eq!(ninf.less_than(&n(-1_000_000)).unwrap(), Value::bool(true));
        assert_eq!(inf.greater_than(&n(i64::MAX)).unwrap(), Value::bool(true));
        assert_eq!(inf.less_than_or_equal(&inf).unwrap(), Value::bool(true));
        assert_eq!(n(2).greater_than_or_equal(&n(3)).unwrap(), Value::bool(false));
        assert_eq!(n(2).less_than(&Value::dynamic()).unwrap(), Value::unknown(Type::Bool));
    }

    #[test]
    fn logic() {
        let t = Value::bool(true);
        let f = Value::bool(false);
        assert_eq!(t.and(&f).unwrap(), f);
        assert_eq!(t.or(&f).unwrap(), t);
        assert_eq!(f.not().unwrap(), t);
        assert_eq!(f.and(&Value::unknown(Type::Bool)).unwrap(), Value::unknown(Type::Bool));
    }

    #[test]
    fn lengths() {
        let s = Value::set(vec![n(1), Value::unknown(Type::Number)]).unwrap();
        assert!(s.length_value().unwrap().is_unknown());
        let s1 = Value::set(vec![Value::unknown(Type::Number)]).unwrap();
        assert_eq!(s1.length_value().unwrap(), n(1));
        assert_eq!(Value::unknown(Type::tuple([Type::Bool])).length_value().unwrap(), n(1));
        assert!(Value::unknown(Type::list(Type::Bool)).length_value().unwrap().is_unknown());
        assert!(Value::string("x").length_value().is_err());
    }

    #[test]
    fn indexing() {
        let t = Value::tuple(vec![Value::string("a"), n(1)]);
        assert_eq!(t.index(&n(1)).unwrap(), n(1));
        assert_eq!(t.index(&Value::unknown(Type::Number)).unwrap(), Value::dynamic());
        assert_eq!(Value::unknown(t.ty()).index(&n(0)).unwrap(), Value::unknown(Type::String));
        assert!(t.index(&Value::number(Number::parse("0.5").unwrap())).is_err());
        let m = Value::map([("k", Value::bool(true))]).unwrap();
        assert_eq!(m.index(&Value::string("k")).unwrap(), Value::bool(true));
        assert!(m.index(&Value::string("x")).is_err());
        assert_eq!(m.has_index(&Value::string("x")).unwrap(), Value::bool(false));
        assert_eq!(m.has_index(&n(1)).unwrap(), Value::bool(false));
        assert_eq!(t.has_index(&n(2)).unwrap(), Value::bool(false));
        assert_eq!(Value::dynamic().index(&n(0)).unwrap(), Value::dynamic());
    }

    #[test]
    fn attributes() {
        let o = Value::object([("a", n(1))]);
        assert_eq!(o.attr("a").unwrap(), n(1));
        assert!(o.attr("b").is_err());
        assert_eq!(Value::unknown(o.ty()).attr("a").unwrap(), Value::unknown(Type::Number));
        assert_eq!(Value::dynamic().attr("zz").unwrap(), Value::dynamic());
    }

    #[test]
    fn set_membership() {
        let s = Value::set(vec![n(1), n(2)]).unwrap();
        assert_eq!(s.has_element(&n(2)).unwrap(), Value::bool(true));
        assert_eq!(s.has_element(&n(3)).unwrap(), Value::bool(false));
        assert_eq!(s.has_element(&Value::string("1")).unwrap(), Value::bool(false));
    }
}
