//! serde support: [`Value`](crate::Value) as a [`Serialize`](::serde::Serialize) type, a
//! [`Deserialize`](::serde::Deserialize) type and a [`Deserializer`](::serde::Deserializer),
//! and [`to_value`] / [`from_value`] between Rust types and values.
//!
//! Reading a Rust type out of a value follows the value model's conversion rules
//! ([`crate::convert`]): where the target asks for a number, a string is converted as the
//! reference would convert it (`"3"` fills a `u32`), and so on; integers must be whole and in
//! range, and unknown values are errors. The messages are the reference's (go-cty's `convert`
//! and `gocty`), and every error says where in the value it was found ([`Error::path`]).
//!
//! ```
//! use hclkit_value::serde::{from_value, to_value};
//! use hclkit_value::Value;
//!
//! let v = Value::object([("name", Value::string("web")), ("port", Value::string("8080"))]);
//! let (name, port): (String, u16) = {
//!     #[derive(Debug)]
//!     struct S(String, u16);
//!     let m: std::collections::BTreeMap<String, Value> = from_value(v.clone()).unwrap();
//!     (from_value(m["name"].clone()).unwrap(), from_value(m["port"].clone()).unwrap())
//! };
//! assert_eq!((name.as_str(), port), ("web", 8080));
//!
//! let err = from_value::<Vec<u8>>(Value::tuple(vec![Value::number(1), Value::number(300)])).unwrap_err();
//! assert_eq!(err.to_string(), "[1]: value must be a whole number, between 0 and 255 inclusive");
//!
//! assert_eq!(to_value(&vec![("a", 1)]).unwrap(), Value::tuple(vec![Value::tuple(vec![Value::string("a"), Value::number(1)])]));
//! ```
//!
//! How Rust data maps to values ([`to_value`]): `bool` to bool; integers and floats to
//! numbers (NaN is an error); `char` and strings to strings; bytes to a tuple of numbers;
//! `None` and `()` to null; sequences and tuples to tuples; maps and structs to objects (map
//! keys must be strings, numbers or bools); an enum's unit variant to its name, and any
//! other variant to a one-attribute object `{ Variant = ... }`. A [`Value`](crate::Value) inside the data is
//! kept as it is.

mod de;
mod ser;

use std::fmt;

pub use de::{from_value, ValueDeserializer};
pub use ser::{to_value, ValueSerializer};

use crate::{Path, PathStep};

/// An error converting between a value and a Rust type: a message and where in the value it
/// was found.
///
/// ```
/// use hclkit_value::serde::from_value;
/// use hclkit_value::{Path, Value};
///
/// let v = Value::object([("ports", Value::tuple(vec![Value::number(80), Value::string("http")]))]);
/// let err = from_value::<std::collections::HashMap<String, Vec<u16>>>(v).unwrap_err();
/// assert_eq!(err.message(), "a number is required");
/// assert_eq!(err.path(), &Path::root().attr("ports").index(Value::number(1)));
/// assert_eq!(err.to_string(), ".ports[1]: a number is required");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    path: Path,
    message: String,
}

impl Error {
    /// An error at the root of the value.
    pub fn new(message: impl Into<String>) -> Error {
        Error { path: Path::root(), message: message.into() }
    }
    /// Where in the value the error was found.
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// The message, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// The same error one step further down: `step` is put in front of the path.
    pub fn prepend(mut self, step: PathStep) -> Error {
        let mut steps = Path::root();
        steps.push(step);
        for s in self.path.steps() {
            steps.push(s.clone());
        }
        self.path = steps;
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for Error {}

impl ::serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(msg.to_string())
    }
}

impl ::serde::ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(msg.to_string())
    }
}

/// Names shared with `hclkit`'s serializers and deserializers. Not part of the API.
#[doc(hidden)]
pub mod __private {
    use std::cell::RefCell;

    use crate::Value;

    /// The newtype-struct name under which a [`Value`](crate::Value) serializes and deserializes itself, so
    /// that the serializers and deserializers of hclkit pass it on whole (exact numbers,
    /// unknowns, types) while others see its plain serde form.
    pub const VALUE_TOKEN: &str = "$__hclkit_private_Value";
    /// The struct name of `hclkit::Spanned`.
    pub const SPANNED_STRUCT: &str = "$__hclkit_private_Spanned";
    /// The one field of `hclkit::Spanned`'s serde form: the value.
    pub const SPANNED_VALUE: &str = "$__hclkit_private_value";
    /// The fields of `hclkit::Spanned`'s serde form.
    pub const SPANNED_FIELDS: &[&str] = &[SPANNED_VALUE];

    thread_local! {
        static STASH: RefCell<Option<Value>> = const { RefCell::new(None) };
    }

    /// Leaves `v` for the [`Value`](crate::Value) visitor or serializer about to be called.
    pub fn stash(v: Value) {
        STASH.with(|s| *s.borrow_mut() = Some(v));
    }

    /// Takes what [`stash`] left, if anything.
    pub fn take() -> Option<Value> {
        STASH.with(|s| s.borrow_mut().take())
    }
}
