//! Type conversion and type unification, as the information model defines them and exactly as
//! the reference implementation (go-cty's `convert` package) performs them, error messages
//! included.
//!
//! * [`convert`] converts a value to a type, allowing unsafe conversions (cty's `Convert`);
//!   [`convert_safe`] allows only safe ones.
//! * [`conversion_safety`] says whether a conversion exists between two types and whether it is
//!   safe (cty's `GetConversion` / `GetConversionUnsafe`); [`get_conversion`] and
//!   [`get_conversion_unsafe`] return it as a reusable [`Conversion`].
//! * [`unify`] and [`unify_unsafe`] find the type a list of types can all be converted to (cty's
//!   `Unify` / `UnifyUnsafe`); [`unify_with_conversions`] also returns the conversions, and
//!   [`unify_values`] converts values to their unified type.
//! * [`mismatch_message`] describes why one type does not conform to another (cty's
//!   `MismatchMessage`); it is the message of a failed [`convert`] when no conversion exists.
//!
//! ```
//! use hclkit_value::convert::{convert, conversion_safety, unify, Safety};
//! use hclkit_value::{Path, Type, Value};
//!
//! let v = Value::tuple(vec![Value::string("1"), Value::number(2)]);
//! let l = convert(&v, &Type::list(Type::Number)).unwrap();
//! assert_eq!(l, Value::list(vec![Value::number(1), Value::number(2)]).unwrap());
//!
//! let bad = Value::tuple(vec![Value::string("1"), Value::string("x")]);
//! let err = convert(&bad, &Type::list(Type::Number)).unwrap_err();
//! assert_eq!(err.to_string(), "a number is required");
//! assert_eq!(err.path(), &Path::root().index(Value::number(1)));
//!
//! assert_eq!(conversion_safety(&Type::Number, &Type::String), Some(Safety::Safe));
//! assert_eq!(conversion_safety(&Type::String, &Type::Number), Some(Safety::Unsafe));
//! assert_eq!(conversion_safety(&Type::Bool, &Type::Number), None);
//! assert_eq!(unify(&[Type::Number, Type::String]), Some(Type::String));
//! ```

mod collection;
mod dynamic;
mod mismatch;
mod plan;
mod primitive;
mod structural;
mod unify;

#[cfg(test)]
mod oracle_diff;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::{Path, Type, Value};

pub use mismatch::mismatch_message;
use plan::Conv;

/// Whether a conversion can lose information or fail for some values of the source type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Safety {
    /// Every value of the source type converts, to a distinct value of the target type.
    Safe,
    /// Some values of the source type do not convert, or convert to the same target value.
    Unsafe,
}

/// Why a value could not be converted: the reference's message and where in the value the
/// problem was found.
///
/// The [`Display`](fmt::Display) text is the message alone, as the reference prints it (for
/// example `a number is required`); the path is separate.
///
/// ```
/// use hclkit_value::convert::convert;
/// use hclkit_value::{Path, Type, Value};
/// let v = Value::object([("port", Value::string("http"))]);
/// let err = convert(&v, &Type::object([("port", Type::Number)])).unwrap_err();
/// assert_eq!(err.to_string(), "a number is required");
/// assert_eq!(err.path(), &Path::root().attr("port"));
/// assert_eq!(err.path().to_string(), ".port");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ConversionError {
    /// Where in the converted value the error was found.
    pub path: Path,
    /// The reference's message.
    pub message: String,
}

impl ConversionError {
    /// An error at `path` with the given message.
    pub fn new(path: Path, message: impl Into<String>) -> ConversionError {
        ConversionError { path, message: message.into() }
    }
    /// Where in the converted value the error was found.
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// The reference's message (the same as the `Display` text).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConversionError {}

/// Converts `value` to `want`, allowing unsafe conversions (the reference's `convert.Convert`).
///
/// A value whose type is already `want` (ignoring optional-attribute markers in `want`) is
/// returned as is. Converting to the dynamic pseudo-type is the identity; the dynamic value
/// converts to an unknown value of `want`; nulls and unknowns convert to nulls and unknowns of
/// `want` when their types are convertible. When no conversion exists between the types, the
/// error is [`mismatch_message`] at the root path.
///
/// ```
/// use hclkit_value::convert::convert;
/// use hclkit_value::{Type, Value};
/// assert_eq!(convert(&Value::number(42), &Type::String).unwrap(), Value::string("42"));
/// assert_eq!(convert(&Value::string("true"), &Type::Bool).unwrap(), Value::bool(true));
/// assert_eq!(convert(&Value::dynamic(), &Type::Number).unwrap(), Value::unknown(Type::Number));
/// assert_eq!(convert(&Value::bool(true), &Type::Number).unwrap_err().to_string(), "number required");
/// let o = Value::object([("a", Value::number(1))]);
/// let want = Type::object_with_optional([("a", Type::String), ("b", Type::Bool)], ["b"]);
/// assert_eq!(
///     convert(&o, &want).unwrap(),
///     Value::object([("a", Value::string("1")), ("b", Value::null(Type::Bool))])
/// );
/// ```
pub fn convert(value: &Value, want: &Type) -> Result<Value, ConversionError> {
    convert_with(value, want, true)
}

/// Converts `value` to `want` using only safe conversions.
///
/// Like [`convert`], except that it fails with [`mismatch_message`] when only an unsafe
/// conversion exists (the reference's `GetConversion` applied to the value).
///
/// ```
/// use hclkit_value::convert::convert_safe;
/// use hclkit_value::{Type, Value};
/// assert_eq!(convert_safe(&Value::number(1), &Type::String).unwrap(), Value::string("1"));
/// assert_eq!(convert_safe(&Value::string("1"), &Type::Number).unwrap_err().to_string(), "number required");
/// ```
pub fn convert_safe(value: &Value, want: &Type) -> Result<Value, ConversionError> {
    convert_with(value, want, false)
}

fn convert_with(value: &Value, want: &Type, unsafe_: bool) -> Result<Value, ConversionError> {
    let ty = value.ty();
    // Compared without building a copy of `want` when it has no optional attributes.
    let same = if want.has_optional_attributes() { ty == want.without_optional_attributes() } else { ty == *want };
    if same {
        return Ok(value.clone());
    }
    if ty.is_primitive() && want.is_primitive() {
        // What the plan's node would do, without building one: nulls and unknowns take the
        // target type, known values the primitive conversion.
        return match primitive::get(&ty, want, unsafe_) {
            Some(_) if value.is_unknown() => Ok(Value::unknown(want.clone())),
            Some(_) if value.is_null() => Ok(Value::null(want.clone())),
            Some(p) => p.apply(value, want, &Path::root()),
            None => Err(ConversionError::new(Path::root(), mismatch_message(&ty, want))),
        };
    }
    match plan::get(&ty, want, unsafe_) {
        Some(conv) => conv.apply(value, &mut Path::root()),
        None => Err(ConversionError::new(Path::root(), mismatch_message(&ty, want))),
    }
}

/// Whether values of type `from` can be converted to type `to`, and how safely; `None` when no
/// conversion exists.
///
/// This is the reference's `GetConversion` (safe) and `GetConversionUnsafe` (unsafe), except
/// that identical types always give `Safe` (the reference leaves identity to its callers).
///
/// ```
/// use hclkit_value::convert::{conversion_safety, Safety};
/// use hclkit_value::Type;
/// let l = Type::list(Type::String);
/// assert_eq!(conversion_safety(&Type::set(Type::String), &l), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&l, &Type::set(Type::String)), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety(&Type::Dynamic, &Type::String), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety(&Type::String, &Type::Dynamic), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&l, &Type::String), None);
/// ```
pub fn conversion_safety(from: &Type, to: &Type) -> Option<Safety> {
    if from == to || plan::get(from, to, false).is_some() {
        Some(Safety::Safe)
    } else if plan::get(from, to, true).is_some() {
        Some(Safety::Unsafe)
    } else {
        None
    }
}

/// A conversion between two types, ready to apply to values of the source type (or to the
/// dynamic value, nulls and unknowns).
///
/// Obtained from [`get_conversion`], [`get_conversion_unsafe`] or
/// [`unify_with_conversions`].
///
/// ```
/// use hclkit_value::convert::get_conversion_unsafe;
/// use hclkit_value::{Type, Value};
/// let c = get_conversion_unsafe(&Type::String, &Type::Number).unwrap();
/// assert_eq!(c.apply(&Value::string("12")).unwrap(), Value::number(12));
/// assert_eq!(c.apply(&Value::null(Type::String)).unwrap(), Value::null(Type::Number));
/// assert!(c.apply(&Value::string("twelve")).is_err());
/// ```
#[derive(Clone)]
pub struct Conversion(Repr);

#[derive(Clone)]
enum Repr {
    /// Identical types (only from the public constructors).
    Identity,
    /// A conversion plan built by the reference's rules.
    Plan(Conv),
    /// The reference's unification of types mixed with the dynamic pseudo-type: every value,
    /// known or not, converts to the dynamic value.
    AlwaysDynamic,
    /// The reference's composition of a tuple-to-list (or object-to-map) conversion with a
    /// list-to-list (map-to-map) one during unification. The reference applies *both* to the
    /// original value and keeps the second result; so do we.
    Chain(Box<Conversion>, Box<Conversion>),
}

impl Conversion {
    /// Applies the conversion to a value.
    pub fn apply(&self, value: &Value) -> Result<Value, ConversionError> {
        match &self.0 {
            Repr::Identity => Ok(value.clone()),
            Repr::Plan(c) => c.apply(value, &mut Path::root()),
            Repr::AlwaysDynamic => Ok(Value::dynamic()),
            Repr::Chain(first, second) => {
                first.apply(value)?;
                second.apply(value)
            }
        }
    }

    /// Whether this is a composition made by unification (see [`Repr::Chain`]).
    #[cfg(test)]
    pub(crate) fn is_composed(&self) -> bool {
        matches!(self.0, Repr::Chain(..))
    }

    pub(crate) fn plan(conv: Conv) -> Conversion {
        Conversion(Repr::Plan(conv))
    }
}

impl fmt::Debug for Conversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Identity => f.write_str("Conversion(identity)"),
            Repr::Plan(c) => write!(f, "Conversion(to {})", c.target()),
            Repr::AlwaysDynamic => f.write_str("Conversion(to the dynamic value)"),
            Repr::Chain(a, b) => write!(f, "Conversion({a:?} then {b:?})"),
        }
    }
}

/// The safe conversion from `from` to `to`, if there is one (the reference's `GetConversion`;
/// identical types give the identity conversion).
///
/// ```
/// use hclkit_value::convert::{get_conversion, get_conversion_unsafe};
/// use hclkit_value::{Type, Value};
/// let c = get_conversion(&Type::list(Type::Number), &Type::list(Type::String)).unwrap();
/// let l = Value::list(vec![Value::number(1)]).unwrap();
/// assert_eq!(c.apply(&l).unwrap(), Value::list(vec![Value::string("1")]).unwrap());
/// // string to number may fail: only an unsafe conversion exists.
/// assert!(get_conversion(&Type::String, &Type::Number).is_none());
/// assert!(get_conversion_unsafe(&Type::String, &Type::Number).is_some());
/// assert!(get_conversion(&Type::Bool, &Type::Number).is_none());
/// ```
pub fn get_conversion(from: &Type, to: &Type) -> Option<Conversion> {
    get_public(from, to, false)
}

/// The conversion from `from` to `to`, safe or unsafe, if there is one (the reference's
/// `GetConversionUnsafe`; identical types give the identity conversion).
pub fn get_conversion_unsafe(from: &Type, to: &Type) -> Option<Conversion> {
    get_public(from, to, true)
}

fn get_public(from: &Type, to: &Type, unsafe_: bool) -> Option<Conversion> {
    if from == to {
        return Some(Conversion(Repr::Identity));
    }
    plan::get(from, to, unsafe_).map(Conversion::plan)
}

/// The most general type all of `types` can be converted to, preferring safe conversions
/// (the reference's `convert.Unify`); `None` when there is none or `types` is empty.
///
/// ```
/// use hclkit_value::convert::unify;
/// use hclkit_value::Type;
/// assert_eq!(unify(&[Type::Bool, Type::String, Type::Number]), Some(Type::String));
/// assert_eq!(unify(&[Type::Bool, Type::Number]), None);
/// let (a, b) = (Type::object([("a", Type::String)]), Type::object([("b", Type::Number)]));
/// assert_eq!(unify(&[a, b]), Some(Type::map(Type::String)));
/// assert_eq!(unify(&[Type::Dynamic, Type::tuple([Type::Number])]), Some(Type::Dynamic));
/// ```
pub fn unify(types: &[Type]) -> Option<Type> {
    unify::unify(types, false).map(|(t, _)| t)
}

/// Like [`unify`], but unsafe conversions are allowed where no safe one exists (the
/// reference's `convert.UnifyUnsafe`, which HCL's conditional expression uses).
///
/// ```
/// use hclkit_value::convert::{unify, unify_unsafe};
/// use hclkit_value::Type;
/// assert_eq!(unify(&[Type::Dynamic, Type::String]), Some(Type::Dynamic));
/// assert_eq!(unify_unsafe(&[Type::Dynamic, Type::String]), Some(Type::String));
/// ```
pub fn unify_unsafe(types: &[Type]) -> Option<Type> {
    unify::unify(types, true).map(|(t, _)| t)
}

/// [`unify`] (or, with `allow_unsafe`, [`unify_unsafe`]) also returning, for each input type,
/// the conversion its values need: `None` where the input is already of the unified type.
///
/// ```
/// use hclkit_value::convert::unify_with_conversions;
/// use hclkit_value::{Type, Value};
/// let (ty, convs) = unify_with_conversions(&[Type::Number, Type::String], false).unwrap();
/// assert_eq!(ty, Type::String);
/// assert!(convs[1].is_none());
/// assert_eq!(convs[0].as_ref().unwrap().apply(&Value::number(5)).unwrap(), Value::string("5"));
/// ```
pub fn unify_with_conversions(types: &[Type], allow_unsafe: bool) -> Option<(Type, Vec<Option<Conversion>>)> {
    unify::unify(types, allow_unsafe)
}

/// Why [`unify_values`] failed.
///
/// ```
/// use hclkit_value::convert::{unify_values, unify_values_unsafe, UnifyError};
/// use hclkit_value::Value;
/// let err = unify_values(&[Value::bool(true), Value::number(1)]).unwrap_err();
/// assert_eq!(err, UnifyError::NoCommonType);
/// let list = Value::list(vec![Value::number(1)]).unwrap();
/// let set = Value::set(vec![Value::string("x")]).unwrap();
/// let err = unify_values_unsafe(&[list, set]).unwrap_err();
/// assert!(matches!(err, UnifyError::Conversion { index: 1, .. }));
/// assert_eq!(err.to_string(), "a number is required");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum UnifyError {
    /// The values' types have no common type (or there were no values).
    NoCommonType,
    /// The values' types unify, but converting the value at `index` failed.
    Conversion {
        /// The position of the value that did not convert.
        index: usize,
        /// The conversion error.
        error: ConversionError,
    },
}

impl fmt::Display for UnifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnifyError::NoCommonType => f.write_str("no common type for all values"),
            UnifyError::Conversion { error, .. } => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for UnifyError {}

/// Unifies the types of `values` with [`unify`] and converts each value to the result, as the
/// reference's callers do with `Unify`'s conversions.
///
/// ```
/// use hclkit_value::convert::unify_values;
/// use hclkit_value::{Type, Value};
/// let (ty, vals) = unify_values(&[Value::number(1), Value::string("a")]).unwrap();
/// assert_eq!(ty, Type::String);
/// assert_eq!(vals, vec![Value::string("1"), Value::string("a")]);
/// ```
pub fn unify_values(values: &[Value]) -> Result<(Type, Vec<Value>), UnifyError> {
    unify_values_with(values, false)
}

/// Like [`unify_values`], using [`unify_unsafe`] (as HCL's conditional expression does).
///
/// ```
/// use hclkit_value::convert::unify_values_unsafe;
/// use hclkit_value::{Type, Value};
/// let (ty, vals) = unify_values_unsafe(&[Value::dynamic(), Value::bool(true)]).unwrap();
/// assert_eq!(ty, Type::Bool);
/// assert_eq!(vals, vec![Value::unknown(Type::Bool), Value::bool(true)]);
/// ```
pub fn unify_values_unsafe(values: &[Value]) -> Result<(Type, Vec<Value>), UnifyError> {
    unify_values_with(values, true)
}

fn unify_values_with(values: &[Value], unsafe_: bool) -> Result<(Type, Vec<Value>), UnifyError> {
    let types: Vec<Type> = values.iter().map(Value::ty).collect();
    let (ty, convs) = unify::unify(&types, unsafe_).ok_or(UnifyError::NoCommonType)?;
    let mut out = Vec::with_capacity(values.len());
    for (index, (v, c)) in values.iter().zip(convs.iter()).enumerate() {
        match c {
            None => out.push(v.clone()),
            Some(c) => out.push(c.apply(v).map_err(|error| UnifyError::Conversion { index, error })?),
        }
    }
    Ok((ty, out))
}
