//! JSON encodings of values and types, as the reference implementation (go-cty's `cty/json`,
//! and the `hcldec` tool's output) writes and reads them.
//!
//! - [`to_json`] / [`from_json`]: a value encoded according to a type, where positions of
//!   the dynamic pseudo-type carry their own type in a `{"value":…,"type":…}` wrapper.
//! - [`implied_type`]: the type of arbitrary JSON (objects are objects, arrays tuples), so
//!   `from_json(buf, &implied_type(buf)?)` reads JSON with no type known in advance;
//!   [`from_simple_json`] / [`to_simple_json`] package that up.
//! - [`type_to_json`] / [`type_from_json`]: the JSON type notation, `["list","string"]`.
//! - [`HcldecOutput`]: exactly what `hcldec` prints for a value.
//! - [`Node`]: the ordered JSON document model (properties in order, repeated names kept,
//!   numbers as text) and [`Node::write`], the one JSON writer, compact or indented;
//!   [`write_string`] is the one JSON string escaper ([`Escape::Go`]: `encoding/json`'s,
//!   HTML-safe; [`Escape::Plain`]); [`decode_string`] is the one JSON string decoder. Every
//!   JSON document hclkit writes (the native syntax as
//!   JSON, diagnostics, `--var-refs`, hcldec's output after null stripping) is a `Node`.
//!
//! Errors are [`JsonError`]s: the reference's message and the path to the part of the value
//! concerned. Syntax errors have the text of Go's `encoding/json` and are found in the same
//! order, since the reference reads documents incrementally.
//!
//! ```
//! use hclkit_value::json::{from_json, to_json, type_from_json, type_to_json};
//! use hclkit_value::{Type, Value};
//!
//! let t = type_from_json(br#"["map",["list","number"]]"#).unwrap();
//! let v = from_json(br#"{"b": [3], "a": [1, 2]}"#, &t).unwrap();
//! assert_eq!(to_json(&v, &t).unwrap(), r#"{"a":[1,2],"b":[3]}"#);
//! assert_eq!(type_to_json(&v.ty()).unwrap(), r#"["map",["list","number"]]"#);
//! ```
//!
//! Nesting is limited to a depth of 256 (the reference allows 10000 when scanning): deeper
//! input is an error ("exceeded max depth") rather than a risk to the stack.

use std::fmt;

use crate::path::Path;

mod decode;
mod encode;
/// Go's `encoding/json` scanner and decoder (tokens, numbers as text), which the readers share.
mod go_scanner;
mod node;
mod types;

#[cfg(test)]
mod tests;

pub use decode::{from_json, implied_type};
#[allow(deprecated)]
pub use encode::{from_simple_json, to_json, to_json_writer, to_simple_json, HcldecOutput};
pub use go_scanner::decode_string;
pub use node::{write_string, write_string_contents, Escape, Node};
pub use types::{type_from_json, type_to_json};

/// Why a value or type could not be encoded as or decoded from JSON: the reference's
/// message, and where in the value the problem is.
///
/// Its `Display` is the message alone, as the reference's path errors print.
///
/// ```
/// use hclkit_value::json::from_json;
/// use hclkit_value::{Path, Type};
/// let ty = Type::object([("port", Type::Number)]);
/// let err = from_json(br#"{"port": true}"#, &ty).unwrap_err();
/// assert_eq!(err.path(), &Path::root().attr("port"));
/// assert_eq!(err.message(), err.to_string());
/// assert!(from_json(br#"{"port": 80}"#, &ty).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct JsonError(Box<ErrorInner>);

#[derive(Clone, Debug, PartialEq)]
struct ErrorInner {
    path: Path,
    message: String,
}

impl JsonError {
    pub(crate) fn new(path: Path, message: String) -> JsonError {
        JsonError(Box::new(ErrorInner { path, message }))
    }
    /// The path from the value as a whole to the part the error is about (empty for the
    /// whole value, and for errors not about a particular part, such as syntax errors
    /// before any element was reached).
    pub fn path(&self) -> &Path {
        &self.0.path
    }
    /// The message, without the path.
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for JsonError {}
