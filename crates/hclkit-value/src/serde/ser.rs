//! `Serialize` for [`Value`], and a serializer that builds values.

use ::serde::ser::{self, Impossible, Serialize};
use num_bigint::BigInt;

use super::__private::{self, VALUE_TOKEN};
use super::Error;
use crate::{Number, Type, Value};

/// Builds a value out of any serializable Rust data (see the [module
/// documentation](super) for the mapping).
///
/// ```
/// use hclkit_value::serde::to_value;
/// use hclkit_value::Value;
/// use std::collections::BTreeMap;
///
/// let m = BTreeMap::from([("port", 8080)]);
/// assert_eq!(to_value(&m).unwrap(), Value::object([("port", Value::number(8080))]));
/// assert_eq!(to_value(&Some("x")).unwrap(), Value::string("x"));
/// assert_eq!(to_value(&f64::NAN).unwrap_err().to_string(), "NaN cannot be represented as a number");
/// // A value inside the data is kept whole.
/// let unknown = Value::unknown(hclkit_value::Type::String);
/// assert_eq!(to_value(&vec![unknown.clone()]).unwrap(), Value::tuple(vec![unknown]));
/// ```
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value.serialize(ValueSerializer)
}

/// A serializer whose output is a [`Value`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ValueSerializer;

/// A value serializes as its plain serde form: null as unit, bools, numbers (as `i64`, `u64`,
/// `i128` or `u128` when whole and in range, else the nearest `f64`), strings, lists, sets
/// and tuples as sequences, maps and objects as maps. Unknown values and capsules cannot be
/// serialized. hclkit's own serializers receive the value whole.
///
/// ```
/// use hclkit_value::Value;
/// let v = Value::object([("a", Value::tuple(vec![Value::number(1), Value::string("x")]))]);
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"a":[1,"x"]}"#);
/// ```
impl Serialize for Value {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        __private::stash(self.clone());
        let r = s.serialize_newtype_struct(VALUE_TOKEN, &Plain(self));
        __private::take();
        r
    }
}

/// A value's plain serde form.
struct Plain<'v>(&'v Value);

impl Serialize for Plain<'_> {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use ser::{Error as _, SerializeMap, SerializeSeq};
        let v = self.0;
        if !v.is_known() {
            return Err(S::Error::custom("value must be known"));
        }
        if v.is_null() {
            return s.serialize_unit();
        }
        if let Some(b) = v.as_bool() {
            return s.serialize_bool(b);
        }
        if let Some(n) = v.as_number() {
            if let Some(i) = n.to_i64() {
                return s.serialize_i64(i);
            }
            if let Some(u) = n.to_u64() {
                return s.serialize_u64(u);
            }
            if let Some(b) = n.to_bigint().filter(|_| n.is_finite()) {
                if let Ok(i) = i128::try_from(&b) {
                    return s.serialize_i128(i);
                }
                if let Ok(u) = u128::try_from(&b) {
                    return s.serialize_u128(u);
                }
            }
            return s.serialize_f64(n.to_f64());
        }
        if let Some(st) = v.as_str() {
            return s.serialize_str(st);
        }
        if let Some(elems) = v.elements() {
            let mut seq = s.serialize_seq(Some(elems.len()))?;
            for e in elems {
                seq.serialize_element(&Plain(e))?;
            }
            return seq.end();
        }
        if let Some(entries) = v.entries() {
            let mut map = s.serialize_map(Some(entries.len()))?;
            for (k, e) in entries {
                map.serialize_entry(&**k, &Plain(e))?;
            }
            return map.end();
        }
        Err(S::Error::custom(format!("a value of type {} cannot be serialized", v.ty().friendly_name())))
    }
}

fn number(n: Number) -> Value {
    Value::number(n)
}

fn float(f: f64) -> Result<Value, Error> {
    Number::from_f64(f).map(number).ok_or_else(|| Error::new("NaN cannot be represented as a number"))
}

fn variant(name: &str, v: Value) -> Value {
    Value::object([(name, v)])
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = SeqBuilder;
    type SerializeMap = MapBuilder;
    type SerializeStruct = MapBuilder;
    type SerializeStructVariant = MapBuilder;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Ok(Value::bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        Ok(Value::number(v as i64))
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        Ok(Value::number(v as i64))
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        Ok(Value::number(v as i64))
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        Ok(Value::number(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        Ok(number(Number::from_bigint(&BigInt::from(v))))
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        Ok(Value::number(v as i64))
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        Ok(Value::number(v as i64))
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        Ok(Value::number(v as i64))
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        Ok(Value::number(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        Ok(number(Number::from_bigint(&BigInt::from(v))))
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        float(v as f64)
    }
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        float(v)
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        Ok(Value::string(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(Value::string(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Ok(Value::tuple(v.iter().map(|b| Value::number(*b as i64)).collect()))
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value, Error> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<Value, Error> {
        Ok(Value::string(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, value: &T) -> Result<Value, Error> {
        if name == VALUE_TOKEN {
            if let Some(v) = __private::take() {
                return Ok(v);
            }
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant_name: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        Ok(variant(variant_name, value.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder, Error> {
        Ok(SeqBuilder { elems: Vec::with_capacity(len.unwrap_or(0).min(4096)), variant: None })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqBuilder, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqBuilder, Error> {
        Ok(SeqBuilder { elems: Vec::with_capacity(len.min(4096)), variant: Some(variant) })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapBuilder, Error> {
        Ok(MapBuilder { entries: Vec::new(), key: None, variant: None })
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<MapBuilder, Error> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<MapBuilder, Error> {
        Ok(MapBuilder { entries: Vec::new(), key: None, variant: Some(variant) })
    }
}

/// Collects the elements of a sequence, tuple or tuple variant.
#[doc(hidden)]
pub struct SeqBuilder {
    elems: Vec<Value>,
    variant: Option<&'static str>,
}

impl SeqBuilder {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let i = self.elems.len();
        let v = value.serialize(ValueSerializer).map_err(|e| e.prepend(crate::PathStep::Index(Value::number(i))))?;
        self.elems.push(v);
        Ok(())
    }
    fn finish(self) -> Value {
        let t = Value::tuple(self.elems);
        match self.variant {
            Some(name) => variant(name, t),
            None => t,
        }
    }
}

impl ser::SerializeSeq for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTuple for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleStruct for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleVariant for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

/// Collects the entries of a map, struct or struct variant.
#[doc(hidden)]
pub struct MapBuilder {
    entries: Vec<(String, Value)>,
    key: Option<String>,
    variant: Option<&'static str>,
}

impl MapBuilder {
    fn entry<T: Serialize + ?Sized>(&mut self, key: String, value: &T) -> Result<(), Error> {
        let v = value.serialize(ValueSerializer).map_err(|e| e.prepend(crate::PathStep::Attr(key.as_str().into())))?;
        self.entries.push((key, v));
        Ok(())
    }
    fn finish(self) -> Value {
        let o = Value::object(self.entries);
        match self.variant {
            Some(name) => variant(name, o),
            None => o,
        }
    }
}

impl ser::SerializeMap for MapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.key.take().ok_or_else(|| Error::new("a map value was given before its key"))?;
        self.entry(key, value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeStruct for MapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.entry(key.to_owned(), value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeStructVariant for MapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.entry(key.to_owned(), value)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

/// Map keys: strings, and the scalars that have a string form.
#[doc(hidden)]
pub struct KeySerializer;

fn key_error() -> Error {
    Error::new("map keys must be strings, numbers, bools or unit enum variants")
}

impl ser::Serializer for KeySerializer {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Impossible<String, Error>;
    type SerializeTupleStruct = Impossible<String, Error>;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Impossible<String, Error>;
    type SerializeStructVariant = Impossible<String, Error>;

    fn serialize_bool(self, v: bool) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_i128(self, v: i128) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_u128(self, v: u128) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, _v: f32) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_f64(self, _v: f64) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_char(self, v: char) -> Result<String, Error> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(v.to_owned())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_none(self) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<String, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<String, Error> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, value: &T) -> Result<String, Error> {
        if name == VALUE_TOKEN {
            if let Some(v) = __private::take() {
                return match v.as_str() {
                    Some(s) => Ok(s.to_owned()),
                    None => Err(key_error()),
                };
            }
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String, Error> {
        Err(key_error())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_error())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_error())
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_error())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_error())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_error())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_error())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_error())
    }
}
