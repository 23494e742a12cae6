//! Type expressions (the reference's `ext/typeexpr`): types written in HCL syntax and read by
//! static analysis, never evaluated.
//!
//! ```text
//! string  number  bool  any
//! list(T)  set(T)  map(T)
//! object({name = T, opt = optional(T), dflt = optional(T, default), ...})
//! tuple([T, ...])
//! ```
//!
//! A keyword is a bare identifier ([`expr_as_keyword`](crate::body::expr_as_keyword)); a
//! constructor is a static function call whose arguments are read with the static list and
//! map hooks. Three readings, as the reference offers:
//!
//! - [`exact_type`]: `any` and `optional` are errors (the reference's `typeexpr.Type`);
//! - [`type_constraint`]: `any` (the dynamic pseudo-type) and the `optional(T)` modifier of
//!   object attributes are allowed (`typeexpr.TypeConstraint`);
//! - [`type_constraint_with_defaults`]: also `optional(T, default)`, whose default is a
//!   constant expression, evaluated without variables or functions and converted to `T`; the
//!   defaults come back as a [`Defaults`] tree (`typeexpr.TypeConstraintWithDefaults`).
//!
//! Errors are the reference's diagnostics ("Invalid type specification", "Invalid default
//! value for optional attribute"), word for word and on the same ranges. [`type_string`]
//! prints a type back in this notation.
//!
//! The usual flow for a value that must meet a constraint: read the constraint and its
//! defaults, apply the defaults to the value, then convert the value to the constraint's type
//! ([`convert_with_defaults`] does the last two):
//!
//! ```
//! use hclkit::syntax::native::NativeExpression;
//! use hclkit::typeexpr::{convert_with_defaults, type_constraint_with_defaults, type_string};
//! use hclkit_value::{Type, Value};
//!
//! let src = b"list(object({name = string, port = optional(number, 80), tls = optional(bool)}))";
//! let e = hclkit::parse_expression(src.as_slice(), "type.hcl").into_value();
//! let (ty, defaults, diags) = type_constraint_with_defaults(&NativeExpression::from_expr_file(&e));
//! assert!(diags.is_empty());
//! assert_eq!(type_string(&ty), "list(object({name=string,port=number,tls=bool}))");
//!
//! // The value as a configuration gives it: a tuple of objects, some attributes left out.
//! let given = Value::tuple(vec![
//!     Value::object([("name", Value::string("web"))]),
//!     Value::object([("name", Value::string("api")), ("port", Value::string("8080"))]),
//! ]);
//! let got = convert_with_defaults(&given, &ty, defaults.as_ref()).unwrap();
//! let want = Value::list(vec![
//!     Value::object([
//!         ("name", Value::string("web")),
//!         ("port", Value::number(80)),
//!         ("tls", Value::null(Type::Bool)),
//!     ]),
//!     Value::object([
//!         ("name", Value::string("api")),
//!         ("port", Value::number(8080)),
//!         ("tls", Value::null(Type::Bool)),
//!     ]),
//! ])
//! .unwrap();
//! assert_eq!(got, want);
//!
//! // A missing required attribute is the conversion's error.
//! let err = convert_with_defaults(&Value::tuple(vec![Value::empty_object()]), &ty, defaults.as_ref());
//! assert_eq!(err.unwrap_err().to_string(), "element 0: attribute \"name\" is required");
//! ```

mod defaults;
mod get_type;
#[cfg(test)]
mod tests;

use hclkit_value::convert::{convert, ConversionError};
use hclkit_value::{Type, Value};

pub use defaults::Defaults;
use get_type::{get_type, Mode};

use crate::body::Expression;
use crate::diagnostic::Diagnostics;

/// The type an expression describes, where `any` and `optional(T)` are allowed (the
/// reference's `typeexpr.TypeConstraint`). On error the type is the dynamic pseudo-type, or
/// the type with the dynamic pseudo-type where a part of it was wrong.
///
/// ```
/// use hclkit::syntax::native::NativeExpression;
/// use hclkit::typeexpr::type_constraint;
/// use hclkit_value::Type;
///
/// let e = hclkit::parse_expression(b"map(object({a = string, b = list(any)}))".as_slice(), "t").into_value();
/// let (ty, diags) = type_constraint(&NativeExpression::from_expr_file(&e));
/// assert!(diags.is_empty());
/// assert_eq!(ty, Type::map(Type::object([("a", Type::String), ("b", Type::list(Type::Dynamic))])));
///
/// let e = hclkit::parse_expression(b"list(string, number)".as_slice(), "t").into_value();
/// let (ty, diags) = type_constraint(&NativeExpression::from_expr_file(&e));
/// assert_eq!(ty, Type::Dynamic);
/// assert_eq!(diags[0].summary, "Invalid type specification");
/// ```
pub fn type_constraint(expr: &dyn Expression) -> (Type, Diagnostics) {
    let (ty, _, diags) = get_type(expr, Mode { constraint: true, with_defaults: false });
    (ty, diags)
}

/// The exact type an expression describes: `any` and `optional` are errors (the reference's
/// `typeexpr.Type`).
///
/// ```
/// use hclkit::syntax::native::NativeExpression;
/// use hclkit::typeexpr::exact_type;
/// use hclkit_value::Type;
///
/// let e = hclkit::parse_expression(b"list(any)".as_slice(), "t").into_value();
/// let (ty, diags) = exact_type(&NativeExpression::from_expr_file(&e));
/// assert_eq!(ty, Type::list(Type::Dynamic));
/// assert_eq!(
///     diags[0].detail,
///     "The keyword \"any\" cannot be used in this type specification: an exact type is required."
/// );
/// ```
pub fn exact_type(expr: &dyn Expression) -> (Type, Diagnostics) {
    let (ty, _, diags) = get_type(expr, Mode { constraint: false, with_defaults: false });
    (ty, diags)
}

/// The type constraint an expression describes, with the defaults of its optional attributes
/// (the reference's `typeexpr.TypeConstraintWithDefaults`).
///
/// Object attributes may be written `optional(T, default)`: the default is evaluated without
/// variables or functions and converted to `T` ("Invalid default value for optional
/// attribute" when it does not convert). The defaults are `None` when none is set anywhere
/// in the type. Apply them to a value with [`Defaults::apply`] before converting it to the
/// type, or use [`convert_with_defaults`].
///
/// ```
/// use hclkit::syntax::native::NativeExpression;
/// use hclkit::typeexpr::type_constraint_with_defaults;
/// use hclkit_value::{Type, Value};
///
/// let e = hclkit::parse_expression(b"object({a = optional(number, 5)})".as_slice(), "t").into_value();
/// let (ty, defaults, diags) = type_constraint_with_defaults(&NativeExpression::from_expr_file(&e));
/// assert!(diags.is_empty());
/// assert_eq!(ty, Type::object_with_optional([("a", Type::Number)], ["a"]));
/// assert_eq!(defaults.unwrap().values["a"], Value::number(5));
///
/// let e = hclkit::parse_expression(b"object({a = optional(number, true)})".as_slice(), "t").into_value();
/// let (_, defaults, diags) = type_constraint_with_defaults(&NativeExpression::from_expr_file(&e));
/// assert!(defaults.is_none());
/// assert_eq!(diags[0].summary, "Invalid default value for optional attribute");
/// ```
pub fn type_constraint_with_defaults(expr: &dyn Expression) -> (Type, Option<Defaults>, Diagnostics) {
    get_type(expr, Mode { constraint: true, with_defaults: true })
}

/// Applies `defaults` (if any) to `value`, then converts the result to `ty` (the reference's
/// flow: `Defaults.Apply` followed by `convert.Convert`). Conversion errors are
/// [`ConversionError`]s with the reference's messages; see the [module docs](self) for an
/// example.
pub fn convert_with_defaults(value: &Value, ty: &Type, defaults: Option<&Defaults>) -> Result<Value, ConversionError> {
    match defaults {
        Some(d) => convert(&d.apply(value.clone()), ty),
        None => convert(value, ty),
    }
}

/// The type in type-expression notation, as the reference's `typeexpr.TypeString` prints it:
/// `string`, `any`, `list(number)`, `object({a=bool,b=string})`, `tuple([bool,string])`.
///
/// As in the reference, optional-attribute markers are not printed (an optional attribute
/// shows its type only), and an attribute name that is not a valid identifier is quoted
/// (`object({"foo bar"=string})`), which the readers do not accept back. The reference
/// panics on capsule types; here a capsule prints as `capsule("name")`.
///
/// ```
/// use hclkit::typeexpr::type_string;
/// use hclkit_value::Type;
///
/// let t = Type::object_with_optional([("b", Type::list(Type::Dynamic)), ("a", Type::Bool)], ["b"]);
/// assert_eq!(type_string(&t), "object({a=bool,b=list(any)})");
/// ```
pub fn type_string(ty: &Type) -> String {
    let mut out = String::new();
    write_type(ty, &mut out);
    out
}

fn write_type(ty: &Type, out: &mut String) {
    match ty {
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Set(_) => "set(",
                _ => "map(",
            });
            write_type(e, out);
            out.push(')');
        }
        Type::Object(o) => {
            out.push_str("object({");
            for (i, (name, aty)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if crate::syntax::native::valid_identifier(name) {
                    out.push_str(name);
                } else {
                    out.push_str(&crate::diagnostic::go_quote(name));
                }
                out.push('=');
                write_type(aty, out);
            }
            out.push_str("})");
        }
        Type::Tuple(t) => {
            out.push_str("tuple([");
            for (i, ety) in t.elements().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(ety, out);
            }
            out.push_str("])");
        }
        // Primitives, `any` and capsules print as their Display form does.
        other => out.push_str(&other.to_string()),
    }
}
