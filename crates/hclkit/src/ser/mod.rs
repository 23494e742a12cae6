//! Typed encoding with serde: Rust data as HCL text.
//!
//! [`to_string`] writes a struct (or a map) as a body, mirroring how
//! [`from_str`](crate::from_str) reads one: a field holding a struct is a block, a field
//! holding a non-empty sequence or map of structs is one block per element (a map's keys
//! become the first label), fields named `@...` are the labels of the block they are in,
//! `None` is left out, and every other field is an attribute whose value is written as an
//! expression (maps and structs inside attribute values as objects).
//!
//! The text is written by [`crate::write`], the one writer of native text, and laid
//! out by the formatter, so formatting it changes nothing. [`crate::write::text`]
//! writes serde data as one expression (an attribute's value).
//!
//! This module has its own `Serializer` rather than going through
//! [`hclkit_value::serde::to_value`]: a body must tell a struct (a block) from a map (an
//! attribute), and a `Value` cannot carry that difference.
//!
//! ```
//! use serde::Serialize;
//!
//! #[derive(Serialize)]
//! struct Config {
//!     name: String,
//!     replicas: u32,
//!     tags: std::collections::BTreeMap<String, String>,
//!     service: Vec<Service>,
//! }
//! #[derive(Serialize)]
//! struct Service {
//!     #[serde(rename = "@name")]
//!     name: String,
//!     port: u16,
//!     tls: Option<bool>,
//! }
//!
//! let c = Config {
//!     name: "app".into(),
//!     replicas: 3,
//!     tags: [("env".to_string(), "prod".to_string())].into(),
//!     service: vec![Service { name: "web".into(), port: 8080, tls: None }],
//! };
//! assert_eq!(
//!     hclkit::to_string(&c).unwrap(),
//!     "name     = \"app\"\nreplicas = 3\ntags = {\n  env = \"prod\"\n}\nservice \"web\" {\n  port = 8080\n}\n"
//! );
//! ```

use hclkit_value::serde::__private::{self as value_private, VALUE_TOKEN};
use hclkit_value::{Number, Value};
use serde::ser::{self, Impossible, Serialize};

use crate::error::Error;
use crate::write::{self, Expr, Style, Writer};

/// An item of a body, before it is written.
#[derive(Debug)]
enum BodyItem {
    Attr { name: String, value: Expr },
    Block { type_name: String, labels: Vec<String>, body: Vec<BodyItem> },
}

fn write_body(w: &mut Writer, items: &[BodyItem]) {
    for item in items {
        match item {
            BodyItem::Attr { name, value } => w.attribute_expr(name, value, Style::Serde),
            BodyItem::Block { type_name, labels, body } => {
                let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
                w.open_block(type_name, &labels);
                write_body(w, body);
                w.close_block();
            }
        }
    }
}

/// `value` as expression text ([`write::text`]).
pub(crate) fn expression_text<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let item = value.serialize(ItemSerializer).map_err(|e| Error::message("Cannot encode as HCL", e.0))?;
    Ok(write::expr_text(&expr(item)?, Style::Serde))
}

/// Writes `value` as HCL native-syntax text: a struct or map as a body (see the [module
/// documentation](self)).
///
/// Fails for data that has no HCL form: a top level that is not a struct or map, a field or
/// key that is not an identifier where a name is required, NaN or infinite numbers, unknown
/// values, and a block whose labels are not strings.
///
/// ```
/// assert_eq!(hclkit::to_string(&[("a", 1)].into_iter().collect::<std::collections::BTreeMap<_, _>>()).unwrap(), "a = 1\n");
/// let err = hclkit::to_string(&42).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "error: Cannot encode as HCL\n |\n = note: Only a struct or a map can be written as a body; this is a number.\n"
/// );
/// ```
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let item = value.serialize(ItemSerializer).map_err(|e| Error::message("Cannot encode as HCL", e.0))?;
    let body = match item {
        Item::Struct(fields) => body_items(fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())?,
        Item::Map(entries) => body_items(entries)?,
        Item::Value(v) if v.entries().is_some() => body_items(
            v.entries().unwrap_or_default().iter().map(|(k, v)| (k.to_string(), Item::Value(v.clone()))).collect(),
        )?,
        other => {
            return Err(Error::message(
                "Cannot encode as HCL",
                format!("Only a struct or a map can be written as a body; this is {}.", other.kind()),
            ))
        }
    };
    let mut w = Writer::new();
    write_body(&mut w, &body);
    Ok(w.finish())
}

/// Serialized data, before it is laid out.
#[derive(Debug)]
enum Item {
    Null,
    /// Scalars, and [`Value`]s passed whole.
    Value(Value),
    Seq(Vec<Item>),
    /// A map's entries.
    Map(Vec<(String, Item)>),
    /// A struct's fields.
    Struct(Vec<(&'static str, Item)>),
    /// An object that is never a body (an enum variant's wrapper or fields).
    Object(Vec<(String, Item)>),
}

impl Item {
    fn kind(&self) -> &'static str {
        match self {
            Item::Null => "null",
            Item::Value(v) if v.as_number().is_some() => "a number",
            Item::Value(v) if v.as_str().is_some() => "a string",
            Item::Value(v) if v.as_bool().is_some() => "a bool",
            Item::Value(_) => "a value",
            Item::Seq(_) => "a sequence",
            Item::Map(_) | Item::Struct(_) | Item::Object(_) => "an enum variant",
        }
    }
}

#[derive(Debug)]
struct SerError(String);

impl std::fmt::Display for SerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SerError {}

impl ser::Error for SerError {
    fn custom<T: std::fmt::Display>(msg: T) -> SerError {
        SerError(msg.to_string())
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, Error> {
    Err(Error::message("Cannot encode as HCL", msg.into()))
}

/// The items of a body.
fn body_items(fields: Vec<(String, Item)>) -> Result<Vec<BodyItem>, Error> {
    let mut out = Vec::with_capacity(fields.len());
    for (name, item) in fields {
        if name.starts_with('@') {
            continue;
        }
        let blocks_ok = |what: &str| {
            if write::valid_identifier(&name) {
                Ok(())
            } else {
                err(format!(
                    "{} cannot be written as a {what} name: it is not an identifier.",
                    crate::diagnostic::go_quote(&name)
                ))
            }
        };
        match item {
            Item::Null => {}
            Item::Struct(fields) => {
                blocks_ok("block type")?;
                out.push(block(&name, Vec::new(), fields)?);
            }
            Item::Seq(items) if !items.is_empty() && items.iter().all(|i| matches!(i, Item::Struct(_))) => {
                blocks_ok("block type")?;
                for i in items {
                    let Item::Struct(fields) = i else { continue };
                    out.push(block(&name, Vec::new(), fields)?);
                }
            }
            Item::Map(entries) if !entries.is_empty() && entries.iter().all(|(_, i)| matches!(i, Item::Struct(_))) => {
                blocks_ok("block type")?;
                for (key, i) in entries {
                    let Item::Struct(fields) = i else { continue };
                    out.push(block(&name, vec![key], fields)?);
                }
            }
            item => {
                blocks_ok("attribute")?;
                let value = expr(item)?;
                out.push(BodyItem::Attr { name, value });
            }
        }
    }
    Ok(out)
}

/// A block: its labels (`first` and the `@` fields, in order) and its body.
fn block(type_name: &str, mut labels: Vec<String>, fields: Vec<(&'static str, Item)>) -> Result<BodyItem, Error> {
    let mut rest = Vec::with_capacity(fields.len());
    for (name, item) in fields {
        if name.starts_with('@') {
            labels.push(label_text(type_name, name, item)?);
        } else {
            rest.push((name.to_owned(), item));
        }
    }
    Ok(BodyItem::Block { type_name: type_name.to_owned(), labels, body: body_items(rest)? })
}

fn label_text(type_name: &str, field: &str, item: Item) -> Result<String, Error> {
    if let Item::Value(v) = &item {
        if let Some(s) = v.as_str() {
            return Ok(s.to_owned());
        }
        if let Some(n) = v.as_number() {
            return Ok(n.to_string());
        }
        if let Some(b) = v.as_bool() {
            return Ok(b.to_string());
        }
    }
    err(format!("The label {field} of a {type_name} block must be a string, not {}.", item.kind()))
}

/// An attribute value's expression.
fn expr(item: Item) -> Result<Expr, Error> {
    match item {
        Item::Null => Ok(Expr::Lit("null".into())),
        Item::Value(v) => value_expr(&v),
        Item::Seq(items) => Ok(Expr::List(items.into_iter().map(expr).collect::<Result<_, _>>()?)),
        Item::Map(entries) | Item::Object(entries) => object(entries),
        Item::Struct(fields) => object(fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()),
    }
}

fn object(entries: Vec<(String, Item)>) -> Result<Expr, Error> {
    let mut out = Vec::with_capacity(entries.len());
    for (k, v) in entries {
        if matches!(v, Item::Null) {
            continue;
        }
        out.push((write::key(&k), expr(v)?));
    }
    Ok(Expr::Object(out))
}

fn value_expr(v: &Value) -> Result<Expr, Error> {
    write::value_expr(v, Style::Serde).map_err(|e| Error::message("Cannot encode as HCL", e.to_string()))
}

struct ItemSerializer;

fn num(n: Number) -> Result<Item, SerError> {
    Ok(Item::Value(Value::number(n)))
}

impl ser::Serializer for ItemSerializer {
    type Ok = Item;
    type Error = SerError;
    type SerializeSeq = SeqItems;
    type SerializeTuple = SeqItems;
    type SerializeTupleStruct = SeqItems;
    type SerializeTupleVariant = SeqItems;
    type SerializeMap = MapItems;
    type SerializeStruct = StructItems;
    type SerializeStructVariant = StructItems;

    fn serialize_bool(self, v: bool) -> Result<Item, SerError> {
        Ok(Item::Value(Value::bool(v)))
    }
    fn serialize_i8(self, v: i8) -> Result<Item, SerError> {
        num(Number::from_i64(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Item, SerError> {
        num(Number::from_i64(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Item, SerError> {
        num(Number::from_i64(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Item, SerError> {
        num(Number::from_i64(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Item, SerError> {
        Number::parse(&v.to_string()).map(Value::number).map(Item::Value).map_err(|e| SerError(e.to_string()))
    }
    fn serialize_u8(self, v: u8) -> Result<Item, SerError> {
        num(Number::from_u64(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Item, SerError> {
        num(Number::from_u64(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Item, SerError> {
        num(Number::from_u64(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Item, SerError> {
        num(Number::from_u64(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Item, SerError> {
        Number::parse(&v.to_string()).map(Value::number).map(Item::Value).map_err(|e| SerError(e.to_string()))
    }
    fn serialize_f32(self, v: f32) -> Result<Item, SerError> {
        // The shortest decimal that reads back as the same f32.
        match v.to_string().parse::<f64>().ok().and_then(Number::from_f64) {
            Some(n) if v.is_finite() => num(n),
            _ => Err(SerError("NaN and infinite numbers have no HCL literal.".into())),
        }
    }
    fn serialize_f64(self, v: f64) -> Result<Item, SerError> {
        match Number::from_f64(v) {
            Some(n) if v.is_finite() => num(n),
            _ => Err(SerError("NaN and infinite numbers have no HCL literal.".into())),
        }
    }
    fn serialize_char(self, v: char) -> Result<Item, SerError> {
        Ok(Item::Value(Value::string(v.to_string())))
    }
    fn serialize_str(self, v: &str) -> Result<Item, SerError> {
        Ok(Item::Value(Value::string(v)))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Item, SerError> {
        Ok(Item::Seq(v.iter().map(|b| Item::Value(Value::number(*b as i64))).collect()))
    }
    fn serialize_none(self) -> Result<Item, SerError> {
        Ok(Item::Null)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Item, SerError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Item, SerError> {
        Ok(Item::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Item, SerError> {
        Ok(Item::Null)
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<Item, SerError> {
        Ok(Item::Value(Value::string(variant)))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, value: &T) -> Result<Item, SerError> {
        if name == VALUE_TOKEN {
            if let Some(v) = value_private::take() {
                return Ok(Item::Value(v));
            }
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Item, SerError> {
        Ok(Item::Object(vec![(variant.to_owned(), value.serialize(self)?)]))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqItems, SerError> {
        Ok(SeqItems { items: Vec::with_capacity(len.unwrap_or(0).min(4096)), variant: None })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqItems, SerError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqItems, SerError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqItems, SerError> {
        Ok(SeqItems { items: Vec::with_capacity(len.min(4096)), variant: Some(variant) })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapItems, SerError> {
        Ok(MapItems { entries: Vec::new(), key: None })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<StructItems, SerError> {
        Ok(StructItems { fields: Vec::with_capacity(len), variant: None })
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<StructItems, SerError> {
        Ok(StructItems { fields: Vec::with_capacity(len), variant: Some(variant) })
    }
}

struct SeqItems {
    items: Vec<Item>,
    variant: Option<&'static str>,
}

impl SeqItems {
    fn finish(self) -> Item {
        match self.variant {
            Some(v) => Item::Object(vec![(v.to_owned(), Item::Seq(self.items))]),
            None => Item::Seq(self.items),
        }
    }
}

macro_rules! seq_impl {
    ($trait:ident, $method:ident) => {
        impl ser::$trait for SeqItems {
            type Ok = Item;
            type Error = SerError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerError> {
                self.items.push(value.serialize(ItemSerializer)?);
                Ok(())
            }
            fn end(self) -> Result<Item, SerError> {
                Ok(self.finish())
            }
        }
    };
}

seq_impl!(SerializeSeq, serialize_element);
seq_impl!(SerializeTuple, serialize_element);
seq_impl!(SerializeTupleStruct, serialize_field);
seq_impl!(SerializeTupleVariant, serialize_field);

struct MapItems {
    entries: Vec<(String, Item)>,
    key: Option<String>,
}

impl ser::SerializeMap for MapItems {
    type Ok = Item;
    type Error = SerError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), SerError> {
        self.key = Some(key.serialize(KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerError> {
        let key = self.key.take().ok_or_else(|| SerError("a map value came before its key".into()))?;
        self.entries.push((key, value.serialize(ItemSerializer)?));
        Ok(())
    }
    fn end(self) -> Result<Item, SerError> {
        Ok(Item::Map(self.entries))
    }
}

struct StructItems {
    fields: Vec<(&'static str, Item)>,
    variant: Option<&'static str>,
}

impl StructItems {
    fn push<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), SerError> {
        self.fields.push((key, value.serialize(ItemSerializer)?));
        Ok(())
    }
}

impl ser::SerializeStruct for StructItems {
    type Ok = Item;
    type Error = SerError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), SerError> {
        self.push(key, value)
    }
    fn end(self) -> Result<Item, SerError> {
        Ok(Item::Struct(self.fields))
    }
}

impl ser::SerializeStructVariant for StructItems {
    type Ok = Item;
    type Error = SerError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), SerError> {
        self.push(key, value)
    }
    fn end(self) -> Result<Item, SerError> {
        let fields = self.fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        Ok(Item::Object(vec![(self.variant.unwrap_or_default().to_owned(), Item::Object(fields))]))
    }
}

/// Map keys: strings and the scalars with a string form.
struct KeySerializer;

fn key_error<T>() -> Result<T, SerError> {
    Err(SerError("Map keys must be strings, numbers, bools or unit enum variants.".into()))
}

macro_rules! key_display {
    ($($method:ident: $t:ty),*) => {
        $(fn $method(self, v: $t) -> Result<String, SerError> {
            Ok(v.to_string())
        })*
    };
}

impl ser::Serializer for KeySerializer {
    type Ok = String;
    type Error = SerError;
    type SerializeSeq = Impossible<String, SerError>;
    type SerializeTuple = Impossible<String, SerError>;
    type SerializeTupleStruct = Impossible<String, SerError>;
    type SerializeTupleVariant = Impossible<String, SerError>;
    type SerializeMap = Impossible<String, SerError>;
    type SerializeStruct = Impossible<String, SerError>;
    type SerializeStructVariant = Impossible<String, SerError>;

    key_display!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64,
        serialize_u128: u128, serialize_char: char, serialize_str: &str);

    fn serialize_f32(self, _v: f32) -> Result<String, SerError> {
        key_error()
    }
    fn serialize_f64(self, _v: f64) -> Result<String, SerError> {
        key_error()
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String, SerError> {
        key_error()
    }
    fn serialize_none(self) -> Result<String, SerError> {
        key_error()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<String, SerError> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<String, SerError> {
        key_error()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String, SerError> {
        key_error()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<String, SerError> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<String, SerError> {
        if name == VALUE_TOKEN {
            if let Some(v) = value_private::take() {
                return v.as_str().map(str::to_owned).map_or_else(key_error, Ok);
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
    ) -> Result<String, SerError> {
        key_error()
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, SerError> {
        key_error()
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, SerError> {
        key_error()
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct, SerError> {
        key_error()
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, SerError> {
        key_error()
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, SerError> {
        key_error()
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct, SerError> {
        key_error()
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, SerError> {
        key_error()
    }
}
