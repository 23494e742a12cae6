//! Values as a serde `Deserializer`, and `Deserialize` for [`Value`].

use std::fmt;

use ::serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};
use num_bigint::BigInt;

use super::__private::{self, SPANNED_STRUCT, SPANNED_VALUE, VALUE_TOKEN};
use super::Error;
use crate::convert::convert;
use crate::{Number, PathStep, Type, Value};

/// Reads a Rust value out of an HCL value, by the value model's conversion rules (see the
/// [module documentation](super)).
///
/// ```
/// use hclkit_value::serde::from_value;
/// use hclkit_value::Value;
///
/// assert_eq!(from_value::<u32>(Value::string("3")).unwrap(), 3);
/// assert_eq!(from_value::<String>(Value::number(3)).unwrap(), "3");
/// assert_eq!(from_value::<Option<bool>>(Value::null(hclkit_value::Type::Bool)).unwrap(), None);
/// assert_eq!(
///     from_value::<i8>(Value::number(1000)).unwrap_err().to_string(),
///     "value must be a whole number, between -128 and 127"
/// );
/// ```
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(ValueDeserializer::new(&value))
}

/// A deserializer over a borrowed [`Value`] (an owned `Value` is one too).
///
/// ```
/// use serde::Deserialize;
/// use hclkit_value::serde::ValueDeserializer;
/// use hclkit_value::Value;
///
/// let v = Value::tuple(vec![Value::number(1), Value::string("2")]);
/// let nums = Vec::<u64>::deserialize(ValueDeserializer::new(&v)).unwrap();
/// assert_eq!(nums, [1, 2]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ValueDeserializer<'v> {
    value: &'v Value,
}

impl<'v> ValueDeserializer<'v> {
    /// A deserializer reading `value`.
    pub fn new(value: &'v Value) -> ValueDeserializer<'v> {
        ValueDeserializer { value }
    }

    fn known(&self) -> Result<&'v Value, Error> {
        if !self.value.is_known() {
            return Err(Error::new("value must be known"));
        }
        if self.value.is_null() {
            return Err(Error::new("null value is not allowed"));
        }
        Ok(self.value)
    }

    fn converted(&self, ty: &Type) -> Result<Value, Error> {
        self.known()?;
        let v = convert(self.value, ty).map_err(|e| Error::new(e.message().to_owned()))?;
        if !v.is_known() {
            return Err(Error::new("value must be known"));
        }
        Ok(v)
    }

    fn number(&self) -> Result<Number, Error> {
        let v = self.converted(&Type::Number)?;
        v.as_number().cloned().ok_or_else(|| Error::new("a number is required"))
    }

    fn string(&self) -> Result<String, Error> {
        let v = self.converted(&Type::String)?;
        v.as_str().map(str::to_owned).ok_or_else(|| Error::new("a string is required"))
    }

    fn signed(&self, min: i128, max: i128) -> Result<i128, Error> {
        let n = self.number()?;
        let range = || Error::new(format!("value must be a whole number, between {min} and {max}"));
        let i = n.to_bigint().ok_or_else(range)?;
        i128::try_from(i).ok().filter(|i| (min..=max).contains(i)).ok_or_else(range)
    }

    fn unsigned(&self, max: u128) -> Result<u128, Error> {
        let n = self.number()?;
        let range = || Error::new(format!("value must be a whole number, between 0 and {max} inclusive"));
        let i = n.to_bigint().ok_or_else(range)?;
        u128::try_from(i).ok().filter(|i| *i <= max).ok_or_else(range)
    }
}

impl<'de> IntoDeserializer<'de, Error> for &Value {
    type Deserializer = Value;
    fn into_deserializer(self) -> Value {
        self.clone()
    }
}

/// An owned value deserializes as [`ValueDeserializer`] does.
///
/// ```
/// use serde::Deserialize;
/// use hclkit_value::Value;
/// let v = Value::object([("a", Value::number(1))]);
/// let m = std::collections::HashMap::<String, i32>::deserialize(v).unwrap();
/// assert_eq!(m["a"], 1);
/// ```
impl<'de> de::Deserializer<'de> for Value {
    type Error = Error;
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_any(visitor)
    }
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_bool(visitor)
    }
    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_i8(visitor)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_i16(visitor)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_i32(visitor)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_i64(visitor)
    }
    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_i128(visitor)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_u8(visitor)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_u16(visitor)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_u32(visitor)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_u64(visitor)
    }
    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_u128(visitor)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_f32(visitor)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_f64(visitor)
    }
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_char(visitor)
    }
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_str(visitor)
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_string(visitor)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_bytes(visitor)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_byte_buf(visitor)
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_option(visitor)
    }
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_unit(visitor)
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_unit_struct(name, visitor)
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_newtype_struct(name, visitor)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_seq(visitor)
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_tuple(len, visitor)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_tuple_struct(name, len, visitor)
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_map(visitor)
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_struct(name, fields, visitor)
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_enum(name, variants, visitor)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        ValueDeserializer::new(&self).deserialize_identifier(visitor)
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

macro_rules! signed {
    ($method:ident, $visit:ident, $t:ty) => {
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let i = self.signed(<$t>::MIN as i128, <$t>::MAX as i128)?;
            visitor.$visit(i as $t)
        }
    };
}

macro_rules! unsigned {
    ($method:ident, $visit:ident, $t:ty) => {
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let i = self.unsigned(<$t>::MAX as u128)?;
            visitor.$visit(i as $t)
        }
    };
}

impl<'de> de::Deserializer<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = self.value;
        if !v.is_known() {
            return Err(Error::new("value must be known"));
        }
        if v.is_null() {
            return visitor.visit_unit();
        }
        if let Some(b) = v.as_bool() {
            return visitor.visit_bool(b);
        }
        if let Some(n) = v.as_number() {
            return visit_number(n, visitor);
        }
        if let Some(s) = v.as_str() {
            return visitor.visit_str(s);
        }
        if let Some(elems) = v.elements() {
            return visitor.visit_seq(SeqAccess { elems: elems.iter(), index: 0 });
        }
        if let Some(entries) = v.entries() {
            return visitor.visit_map(MapAccess { entries: entries.iter(), value: None });
        }
        Err(Error::new(format!("a value of type {} cannot be read here", v.ty().friendly_name())))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = self.converted(&Type::Bool)?;
        visitor.visit_bool(v.as_bool().ok_or_else(|| Error::new("a bool is required"))?)
    }

    signed!(deserialize_i8, visit_i8, i8);
    signed!(deserialize_i16, visit_i16, i16);
    signed!(deserialize_i32, visit_i32, i32);
    signed!(deserialize_i64, visit_i64, i64);
    signed!(deserialize_i128, visit_i128, i128);
    unsigned!(deserialize_u8, visit_u8, u8);
    unsigned!(deserialize_u16, visit_u16, u16);
    unsigned!(deserialize_u32, visit_u32, u32);
    unsigned!(deserialize_u64, visit_u64, u64);
    unsigned!(deserialize_u128, visit_u128, u128);

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let f = self.number()?.to_f64();
        if f.is_finite() && f.abs() > f32::MAX as f64 {
            return Err(Error::new("value must be within the range of a 32-bit floating point number"));
        }
        visitor.visit_f32(f as f32)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_f64(self.number()?.to_f64())
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let s = self.string()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => visitor.visit_char(c),
            _ => Err(Error::new("a string of exactly one character is required")),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if let Some(s) = self.value.as_str() {
            return visitor.visit_str(s);
        }
        visitor.visit_string(self.string()?)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.known()?.as_str() {
            Some(s) => visitor.visit_bytes(s.as_bytes()),
            None => self.deserialize_seq(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.value.is_known() && self.value.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.value.is_known() && self.value.is_null() {
            visitor.visit_unit()
        } else {
            Err(Error::new("null is required"))
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, Error> {
        if name == VALUE_TOKEN {
            __private::stash(self.value.clone());
            let r = visitor.visit_newtype_struct(self);
            __private::take();
            return r;
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = self.known()?;
        match v.elements() {
            Some(elems) => visitor.visit_seq(SeqAccess { elems: elems.iter(), index: 0 }),
            None => Err(Error::new("list or set value is required")),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = self.known()?;
        match v.entries() {
            Some(entries) => visitor.visit_map(MapAccess { entries: entries.iter(), value: None }),
            None => Err(Error::new("map or object value is required")),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == SPANNED_STRUCT {
            return visitor.visit_map(SpannedAccess { value: Some(self) });
        }
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let v = self.known()?;
        if let Some(s) = v.as_str() {
            return visitor.visit_enum(EnumAccess { variant: s, value: None });
        }
        match v.entries() {
            Some([(k, inner)]) => visitor.visit_enum(EnumAccess { variant: k, value: Some(inner) }),
            _ => Err(Error::new("a string or an object with a single attribute is required")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

/// Visits a number as the narrowest Rust type that holds it exactly: `i64`, `u64`, `i128`,
/// `u128`, else `f64`.
fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, Error> {
    if let Some(i) = n.to_i64() {
        return visitor.visit_i64(i);
    }
    if let Some(u) = n.to_u64() {
        return visitor.visit_u64(u);
    }
    if let Some(b) = n.to_bigint().filter(|_| n.is_finite()) {
        if let Ok(i) = i128::try_from(&b) {
            return visitor.visit_i128(i);
        }
        if let Ok(u) = u128::try_from(&b) {
            return visitor.visit_u128(u);
        }
    }
    visitor.visit_f64(n.to_f64())
}

struct SeqAccess<'v> {
    elems: std::slice::Iter<'v, Value>,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let Some(e) = self.elems.next() else { return Ok(None) };
        let i = self.index;
        self.index += 1;
        seed.deserialize(ValueDeserializer::new(e))
            .map(Some)
            .map_err(|err| err.prepend(PathStep::Index(Value::number(i))))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.elems.len())
    }
}

struct MapAccess<'v> {
    entries: std::slice::Iter<'v, (crate::Name, Value)>,
    value: Option<(&'v str, &'v Value)>,
}

impl<'de> de::MapAccess<'de> for MapAccess<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((k, v)) = self.entries.next() else { return Ok(None) };
        self.value = Some((k, v));
        let key = Value::string(&**k);
        seed.deserialize(ValueDeserializer::new(&key))
            .map(Some)
            .map_err(|err| err.prepend(PathStep::Index(Value::string(&**k))))
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let Some((k, v)) = self.value.take() else {
            return Err(Error::new("a map value was asked for before its key"));
        };
        seed.deserialize(ValueDeserializer::new(v)).map_err(|err| err.prepend(PathStep::Attr(k.into())))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// `hclkit::Spanned` read from a value, which has no source range: just the value.
struct SpannedAccess<'v> {
    value: Option<ValueDeserializer<'v>>,
}

impl<'de> de::MapAccess<'de> for SpannedAccess<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        if self.value.is_none() {
            return Ok(None);
        }
        seed.deserialize(SPANNED_VALUE.into_deserializer()).map(Some)
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        match self.value.take() {
            Some(d) => seed.deserialize(d),
            None => Err(Error::new("a map value was asked for before its key")),
        }
    }
}

struct EnumAccess<'v> {
    variant: &'v str,
    value: Option<&'v Value>,
}

impl<'de, 'v> de::EnumAccess<'de> for EnumAccess<'v> {
    type Error = Error;
    type Variant = VariantAccess<'v>;
    fn variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, VariantAccess<'v>), Error> {
        let name = Value::string(self.variant);
        let v = seed.deserialize(ValueDeserializer::new(&name))?;
        Ok((v, VariantAccess { variant: self.variant, value: self.value }))
    }
}

struct VariantAccess<'v> {
    variant: &'v str,
    value: Option<&'v Value>,
}

impl VariantAccess<'_> {
    fn value(&self) -> Result<ValueDeserializer<'_>, Error> {
        match self.value {
            Some(v) => Ok(ValueDeserializer::new(v)),
            None => Err(Error::new(format!(
                "variant {:?} needs a value: an object {{ {} = ... }}",
                self.variant, self.variant
            ))),
        }
    }
    fn wrap(&self, e: Error) -> Error {
        e.prepend(PathStep::Attr(self.variant.into()))
    }
}

impl<'de> de::VariantAccess<'de> for VariantAccess<'_> {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        match self.value {
            None => Ok(()),
            Some(v) if v.is_known() && v.is_null() => Ok(()),
            Some(_) => Err(Error::new(format!("variant {:?} takes no value", self.variant))),
        }
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.value()?).map_err(|e| self.wrap(e))
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self.value()?, visitor).map_err(|e| self.wrap(e))
    }
    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self.value()?, visitor).map_err(|e| self.wrap(e))
    }
}

/// Values deserialize from any self-describing format: bools, numbers (exactly, whatever
/// their size), strings, sequences as tuples, maps as objects, unit and `None` as the dynamic
/// null. From hclkit's own deserializers they arrive whole (unknowns, types, sets and all).
///
/// ```
/// use hclkit_value::Value;
/// let v: Value = serde_json::from_str(r#"{"a": [1, "x", true, null]}"#).unwrap();
/// assert_eq!(
///     v,
///     Value::object([(
///         "a",
///         Value::tuple(vec![Value::number(1), Value::string("x"), Value::bool(true), Value::null(hclkit_value::Type::Dynamic)])
///     )])
/// );
/// ```
impl<'de> de::Deserialize<'de> for Value {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_newtype_struct(VALUE_TOKEN, ValueVisitor)
    }
}

struct ValueVisitor;

/// The key under which serde_json (with its `arbitrary_precision` feature, as this workspace
/// builds it) hands over a number's text.
const SERDE_JSON_NUMBER: &str = "$serde_json::private::Number";

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an HCL value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::number(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::number(v))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(Value::number(Number::from_bigint(&BigInt::from(v))))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(Value::number(Number::from_bigint(&BigInt::from(v))))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Number::from_f64(v).map(Value::number).ok_or_else(|| E::custom("NaN is not a number"))
    }
    fn visit_char<E: de::Error>(self, v: char) -> Result<Value, E> {
        Ok(Value::string(v.to_string()))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::string(v))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::string(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Value, E> {
        Ok(Value::tuple(v.iter().map(|b| Value::number(*b as i64)).collect()))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::null(Type::Dynamic))
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        de::Deserialize::deserialize(d)
    }
    fn visit_newtype_struct<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        match __private::take() {
            Some(v) => Ok(v),
            None => d.deserialize_any(ValueVisitor),
        }
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut elems = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(e) = seq.next_element::<Value>()? {
            elems.push(e);
        }
        Ok(Value::tuple(elems))
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut attrs: Vec<(String, Value)> = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(k) = map.next_key::<String>()? {
            if attrs.is_empty() && k == SERDE_JSON_NUMBER {
                // serde_json's arbitrary-precision number: its exact text.
                let text = map.next_value::<String>()?;
                return Number::parse(&text).map(Value::number).map_err(de::Error::custom);
            }
            attrs.push((k, map.next_value::<Value>()?));
        }
        Ok(Value::object(attrs))
    }
}
