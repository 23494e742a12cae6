//! Learning a type's shape before decoding into it.
//!
//! serde tells a deserializer a struct's field names (in `deserialize_struct`) but not their
//! types, and a body's schema must say which names are blocks (and with how many labels)
//! before the body is read: the JSON syntax cannot tell an attribute from a block otherwise.
//! So the decoder runs the target type's `Deserialize` against deserializers of this module,
//! which record what it asks for instead of giving it data:
//!
//! * [`Req::Shape`]: follow a path of field names from the root type (through `Option`,
//!   sequences, maps, newtypes and `Spanned`, which decode their content with the same
//!   type) and record the shape of the type found there: its wrappers, and whether it ends
//!   in a struct (with its field names) or in anything else.
//! * [`Req::Required`]: at the struct a path leads to, give the struct's visitor the named
//!   fields (with stand-in values) and no others, and see which field it reports missing
//!   first: the fields without a default, one at a time.
//!
//! Each probe stops with [`DeError::Probe`] once it has what it needs; the decoder caches
//! the results by path, so a type is probed once per decoding, however many blocks it reads.

use std::cell::RefCell;

use hclkit_value::serde::__private::{SPANNED_STRUCT, SPANNED_VALUE, VALUE_TOKEN};
use serde::de::value::StrDeserializer;
use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};

use super::DeError;

/// What a type looks like from the decoder's side.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Shape {
    /// Anything that is not a struct: an attribute value.
    Other,
    /// A type that reads whatever it is given (`deserialize_any`: `hclkit_value::Value`,
    /// `serde_json::Value`, untagged enums): an attribute value, or a block's attributes.
    Any,
    /// A scalar, by the method that reads it.
    Scalar(Scalar),
    /// A struct (read by `deserialize_struct`), with its serde field names.
    Struct(&'static [&'static str]),
    /// `Option<T>`.
    Option(Box<Shape>),
    /// A sequence of `T`.
    Seq(Box<Shape>),
    /// A map with string keys and `T` values.
    Map(Box<Shape>),
    /// `Spanned<T>`.
    Spanned(Box<Shape>),
}

/// The scalar types, as the methods of `Deserializer` that read them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Scalar {
    Bool,
    I8,
    I16,
    I32,
    I64,
    I128,
    U8,
    U16,
    U32,
    U64,
    U128,
    F32,
    F64,
    Char,
    Str,
}

/// What to find out.
pub(crate) enum Req<'a> {
    Shape,
    Required(&'a [&'static str]),
}

/// What a probe found.
#[derive(Debug)]
pub(crate) enum Found {
    Shape(Shape),
    Missing(&'static str),
    NoneMissing,
    Failed,
}

/// Probes `T` along `path`.
pub(crate) fn probe<T: DeserializeOwned>(path: &[&'static str], req: &Req<'_>) -> Found {
    let out = RefCell::new(None);
    let _ = T::deserialize(Nav { steps: path, req, out: &out });
    out.into_inner().unwrap_or(Found::Failed)
}

type Out<'a> = &'a RefCell<Option<Found>>;

fn done<T>(out: Out<'_>, found: Found) -> Result<T, DeError> {
    let mut o = out.borrow_mut();
    if o.is_none() {
        *o = Some(found);
    }
    Err(DeError::Probe)
}

/// Follows `steps`, then answers `req`.
struct Nav<'a> {
    steps: &'a [&'static str],
    req: &'a Req<'a>,
    out: Out<'a>,
}

impl<'a> Nav<'a> {
    fn rec(&self) -> Option<Rec<'a>> {
        match (self.steps.is_empty(), self.req) {
            (true, Req::Shape) => Some(Rec { wraps: Vec::new(), out: self.out }),
            _ => None,
        }
    }
    fn fail<T>(&self) -> Result<T, DeError> {
        done(self.out, Found::Failed)
    }
}

macro_rules! nav_other {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
            match self.rec() {
                Some(r) => r.$method(visitor),
                None => self.fail(),
            }
        })*
    };
}

impl<'de> de::Deserializer<'de> for Nav<'_> {
    type Error = DeError;

    nav_other!(deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64 deserialize_char deserialize_str deserialize_string deserialize_bytes
        deserialize_byte_buf deserialize_unit deserialize_identifier deserialize_ignored_any);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_option(visitor),
            None => visitor.visit_some(self),
        }
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_unit_struct(name, visitor),
            None => self.fail(),
        }
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_newtype_struct(name, visitor),
            None if name == VALUE_TOKEN => self.fail(),
            None => visitor.visit_newtype_struct(self),
        }
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_seq(visitor),
            None => visitor.visit_seq(One { item: Some(self) }),
        }
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_tuple(len, visitor),
            None => self.fail(),
        }
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_tuple_struct(name, len, visitor),
            None => self.fail(),
        }
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_map(visitor),
            None => visitor.visit_map(Entry { key: Some("probe"), value: Some(self) }),
        }
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        if let Some(r) = self.rec() {
            return r.deserialize_struct(name, fields, visitor);
        }
        if name == SPANNED_STRUCT {
            return visitor.visit_map(Entry { key: Some(SPANNED_VALUE), value: Some(self) });
        }
        match (self.steps.split_first(), self.req) {
            (Some((first, rest)), _) => {
                let next = Nav { steps: rest, req: self.req, out: self.out };
                visitor.visit_map(Entry { key: Some(first), value: Some(next) })
            }
            (None, Req::Required(keys)) => {
                let r = visitor.visit_map(Fake { keys, value: false });
                match r {
                    Ok(_) => done(self.out, Found::NoneMissing),
                    Err(DeError::MissingField(f)) => done(self.out, Found::Missing(f)),
                    Err(_) => self.fail(),
                }
            }
            (None, Req::Shape) => self.fail(),
        }
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self.rec() {
            Some(r) => r.deserialize_enum(name, variants, visitor),
            None => self.fail(),
        }
    }
}

/// A sequence of one element.
struct One<D> {
    item: Option<D>,
}

impl<'de, D: de::Deserializer<'de, Error = DeError>> de::SeqAccess<'de> for One<D> {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        match self.item.take() {
            Some(d) => seed.deserialize(d).map(Some),
            None => Ok(None),
        }
    }
}

/// A map of one entry.
struct Entry<D> {
    key: Option<&'static str>,
    value: Option<D>,
}

impl<'de, D: de::Deserializer<'de, Error = DeError>> de::MapAccess<'de> for Entry<D> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        match self.key.take() {
            Some(k) => {
                let d: StrDeserializer<'_, DeError> = k.into_deserializer();
                seed.deserialize(d).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, DeError> {
        match self.value.take() {
            Some(d) => seed.deserialize(d),
            None => Err(DeError::Probe),
        }
    }
}

/// Records a shape.
struct Rec<'a> {
    wraps: Vec<fn(Box<Shape>) -> Shape>,
    out: Out<'a>,
}

impl Rec<'_> {
    fn end<T>(self, last: Shape) -> Result<T, DeError> {
        let mut shape = last;
        for w in self.wraps.into_iter().rev() {
            shape = w(Box::new(shape));
        }
        done(self.out, Found::Shape(shape))
    }
    fn wrap(mut self, w: fn(Box<Shape>) -> Shape) -> Self {
        self.wraps.push(w);
        self
    }
}

macro_rules! rec_other {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, DeError> {
            self.end(Shape::Other)
        })*
    };
}

macro_rules! rec_scalar {
    ($($method:ident: $kind:ident),*) => {
        $(fn $method<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, DeError> {
            self.end(Shape::Scalar(Scalar::$kind))
        })*
    };
}

impl<'de> de::Deserializer<'de> for Rec<'_> {
    type Error = DeError;

    rec_other!(deserialize_bytes deserialize_byte_buf deserialize_unit deserialize_identifier
        deserialize_ignored_any);
    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, DeError> {
        self.end(Shape::Any)
    }
    rec_scalar!(deserialize_bool: Bool, deserialize_i8: I8, deserialize_i16: I16, deserialize_i32: I32,
        deserialize_i64: I64, deserialize_i128: I128, deserialize_u8: U8, deserialize_u16: U16,
        deserialize_u32: U32, deserialize_u64: U64, deserialize_u128: U128, deserialize_f32: F32,
        deserialize_f64: F64, deserialize_char: Char, deserialize_str: Str, deserialize_string: Str);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_some(self.wrap(Shape::Option))
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, _visitor: V) -> Result<V::Value, DeError> {
        self.end(Shape::Other)
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        if name == VALUE_TOKEN {
            return self.end(Shape::Any);
        }
        visitor.visit_newtype_struct(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_seq(One { item: Some(self.wrap(Shape::Seq)) })
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value, DeError> {
        self.end(Shape::Other)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        _visitor: V,
    ) -> Result<V::Value, DeError> {
        self.end(Shape::Other)
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let out = self.out;
        let _ = visitor.visit_map(Entry { key: Some("probe"), value: Some(self.wrap(Shape::Map)) });
        // A key type that is not a string stops the map before its value: an attribute.
        done(out, Found::Shape(Shape::Other))
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        if name == SPANNED_STRUCT {
            return visitor.visit_map(Entry { key: Some(SPANNED_VALUE), value: Some(self.wrap(Shape::Spanned)) });
        }
        self.end(Shape::Struct(fields))
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, DeError> {
        self.end(Shape::Other)
    }
}

/// A struct's visitor given the fields `keys` with stand-in values.
struct Fake<'a> {
    keys: &'a [&'static str],
    value: bool,
}

impl<'de> de::MapAccess<'de> for Fake<'_> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        let Some((first, rest)) = self.keys.split_first() else { return Ok(None) };
        self.keys = rest;
        self.value = true;
        let d: StrDeserializer<'_, DeError> = first.into_deserializer();
        seed.deserialize(d).map(Some)
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, DeError> {
        self.value = false;
        seed.deserialize(Stand)
    }
}

/// A stand-in value: the zero or empty value of whatever is asked for. Whatever it cannot
/// stand in for fails with an error that is not `MissingField`, which ends the probe.
struct Stand;

macro_rules! stand_int {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
            visitor.visit_u64(0)
        })*
    };
}

fn cannot<T>() -> Result<T, DeError> {
    Err(DeError::Custom("no stand-in value".into()))
}

struct EmptySeq;

impl<'de> de::SeqAccess<'de> for EmptySeq {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, _seed: T) -> Result<Option<T::Value>, DeError> {
        Ok(None)
    }
}

impl<'de> de::Deserializer<'de> for Stand {
    type Error = DeError;
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_bool(false)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_i64(0)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_u64(0)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_f64(0.0)
    }
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_char('a')
    }
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_str("")
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_bytes(&[])
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_none()
    }
    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_seq(EmptySeq)
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_map(Fake { keys: &[], value: false })
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        if name == SPANNED_STRUCT {
            return visitor.visit_map(Entry { key: Some(SPANNED_VALUE), value: Some(Stand) });
        }
        // A nested struct's own missing field is not the outer struct's.
        visitor.visit_map(Fake { keys: &[], value: false }).or_else(|_| cannot())
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, DeError> {
        cannot()
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, DeError> {
        if len == 0 {
            visitor.visit_seq(EmptySeq)
        } else {
            cannot()
        }
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, DeError> {
        cannot()
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }
    stand_int!(deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i128 deserialize_u8 deserialize_u16
        deserialize_u32 deserialize_u128);
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_f64(0.0)
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_str("")
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_bytes(&[])
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_tuple(len, visitor)
    }
}

/// Reads a value the way a type of the given shape would, for the errors only: the check of
/// attributes that are not decoded (after an error elsewhere in their body).
pub(crate) struct ShapeSeed<'s>(pub(crate) &'s Shape);

impl<'de> DeserializeSeed<'de> for ShapeSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let any = de::IgnoredAny;
        match self.0 {
            Shape::Other | Shape::Any | Shape::Struct(_) => d.deserialize_ignored_any(any).map(drop),
            Shape::Spanned(inner) => ShapeSeed(inner).deserialize(d),
            Shape::Option(inner) => d.deserialize_option(ShapeVisitor(inner)),
            Shape::Seq(inner) => d.deserialize_seq(ShapeVisitor(inner)),
            Shape::Map(inner) => d.deserialize_map(ShapeVisitor(inner)),
            Shape::Scalar(s) => match s {
                Scalar::Bool => d.deserialize_bool(any),
                Scalar::I8 => d.deserialize_i8(any),
                Scalar::I16 => d.deserialize_i16(any),
                Scalar::I32 => d.deserialize_i32(any),
                Scalar::I64 => d.deserialize_i64(any),
                Scalar::I128 => d.deserialize_i128(any),
                Scalar::U8 => d.deserialize_u8(any),
                Scalar::U16 => d.deserialize_u16(any),
                Scalar::U32 => d.deserialize_u32(any),
                Scalar::U64 => d.deserialize_u64(any),
                Scalar::U128 => d.deserialize_u128(any),
                Scalar::F32 => d.deserialize_f32(any),
                Scalar::F64 => d.deserialize_f64(any),
                Scalar::Char => d.deserialize_char(any),
                Scalar::Str => d.deserialize_str(any),
            }
            .map(drop),
        }
    }
}

struct ShapeVisitor<'s>(&'s Shape);

impl<'de> Visitor<'de> for ShapeVisitor<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a value")
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        ShapeSeed(self.0).deserialize(d)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(ShapeSeed(self.0))?.is_some() {}
        Ok(())
    }
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_key::<de::IgnoredAny>()?.is_some() {
            map.next_value_seed(ShapeSeed(self.0))?;
        }
        Ok(())
    }
}
