//! The functions of Terraform's built-in provider (v1.8): `provider::terraform::encode_expr`,
//! `provider::terraform::encode_tfvars` and `provider::terraform::decode_tfvars`, from
//! Terraform's documentation.
//!
//! They are in the table under those full names, which expressions call as HCL v2.20's
//! namespaced functions: `provider::terraform::encode_tfvars({a = 1})` (hclkit parses them,
//! a departure from the v2.14.1 reference: `docs/spec-departures.md`). Terraform offers them
//! when a module requires the built-in provider (`terraform.io/builtin/terraform`); this table
//! always has them.
//!
//! Values are written as hclwrite's `TokensForValue` writes them, then laid out by hclkit's
//! formatter (hclwrite's `format`): lists and tuples on one line, objects and maps one
//! attribute a line with the `=` aligned, attribute names bare when they are identifiers.

use hclkit::write::{Style, WriteError};
use hclkit::{Diagnostics, Range};
use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};

use crate::{FunctionInfo, Options, Origin, Table};

/// Adds this module's functions to `table`.
pub(crate) fn register(table: &mut Table, _options: &Options) {
    table.insert("provider::terraform::encode_expr", encode_expr());
    table.insert("provider::terraform::encode_tfvars", encode_tfvars());
    table.insert("provider::terraform::decode_tfvars", decode_tfvars());
}

/// Catalog entries of this module's functions.
pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo {
        name: "provider::terraform::decode_tfvars",
        origin: Origin::Terraform,
        since: "1.8",
        note: "The attributes of `.tfvars` content as an object (no functions or variables). A namespaced name (HCL v2.20 call syntax).",
    },
    FunctionInfo {
        name: "provider::terraform::encode_expr",
        origin: Origin::Terraform,
        since: "1.8",
        note: "A value as HCL expression syntax, as hclwrite writes it. A namespaced name (HCL v2.20 call syntax).",
    },
    FunctionInfo {
        name: "provider::terraform::encode_tfvars",
        origin: Origin::Terraform,
        since: "1.8",
        note: "An object or map as `.tfvars` content, attributes sorted by name. A namespaced name (HCL v2.20 call syntax).",
    },
];

fn any_param() -> Parameter {
    Parameter::new("value", Type::Dynamic).allow_null(true).allow_unknown(true).allow_dynamic_type(true)
}

/// `provider::terraform::encode_expr(value)`: the value in HCL expression syntax.
///
/// ```
/// use hclkit_value::Value;
/// let table = hclkit_terraform::functions(&Default::default());
/// let f = &table["provider::terraform::encode_expr"];
/// let v = Value::object([("name", Value::string("a${b}")), ("ports", Value::list(vec![80.into(), 443.into()]).unwrap())]);
/// assert_eq!(f.call(&[v]).unwrap(), Value::string("{\n  name  = \"a$${b}\"\n  ports = [80, 443]\n}"));
/// ```
pub fn encode_expr() -> Function {
    Function::builder()
        .description(
            "Takes an arbitrary value and produces a string containing HCL expression syntax approximating that value.",
        )
        .param(any_param())
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let v = args.first().cloned().unwrap_or_else(Value::dynamic);
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            Ok(Value::string(expression_text(&v)?))
        })
        .build()
}

/// `provider::terraform::encode_tfvars(value)`: an object's attributes as `.tfvars` content.
///
/// ```
/// use hclkit_value::Value;
/// let table = hclkit_terraform::functions(&Default::default());
/// let f = &table["provider::terraform::encode_tfvars"];
/// let v = Value::object([("zone", Value::string("a")), ("count", Value::number(2))]);
/// assert_eq!(f.call(&[v]).unwrap(), Value::string("count = 2\nzone = \"a\"\n"));
/// ```
pub fn encode_tfvars() -> Function {
    Function::builder()
        .description("Takes an object value and produces a string containing the same object's attributes in the syntax of a .tfvars file.")
        .param(any_param())
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let v = args.first().cloned().unwrap_or_else(Value::dynamic);
            if v.is_null() {
                return Err(FunctionError::arg(0, "cannot encode a null value in tfvars syntax"));
            }
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let ty = v.ty();
            let mut attrs: Vec<(String, Value)> = match (&ty, v.entries()) {
                (Type::Object(_) | Type::Map(_), Some(entries)) => {
                    entries.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
                }
                _ => {
                    return Err(FunctionError::arg(
                        0,
                        "invalid value to encode: must be an object whose attribute names will become the encoded variable names",
                    ))
                }
            };
            attrs.sort_by(|a, b| a.0.cmp(&b.0));
            let mut out = String::new();
            for (name, value) in attrs {
                if !hclkit::write::valid_identifier(&name) {
                    return Err(FunctionError::arg(
                        0,
                        format!(
                            "invalid variable name {}: must be a valid identifier, per Terraform's rules for input variable declarations",
                            hclkit_value::go::quote(&name)
                        ),
                    ));
                }
                let mut w = hclkit::write::Writer::new();
                w.attribute_value(&name, &value, Style::Hclwrite).map_err(write_error)?;
                out.push_str(&w.finish());
            }
            Ok(Value::string(out))
        })
        .build()
}

/// `provider::terraform::decode_tfvars(src)`: the attributes of `.tfvars` content.
///
/// ```
/// use hclkit_value::Value;
/// let table = hclkit_terraform::functions(&Default::default());
/// let f = &table["provider::terraform::decode_tfvars"];
/// let v = f.call(&[Value::string("a = \"x\"\nb = [1, true]\n")]).unwrap();
/// assert_eq!(v.get_attr("a"), Some(&Value::string("x")));
/// ```
pub fn decode_tfvars() -> Function {
    Function::builder()
        .description("Takes a string containing the content of a .tfvars file and returns an object describing the variable values it defines.")
        .param(Parameter::new("src", Type::String).allow_null(true))
        .static_return_type(Type::Dynamic)
        .implementation(|args, _| {
            let src = args.first().cloned().unwrap_or_else(Value::dynamic);
            if src.is_null() {
                return Err(FunctionError::new("cannot decode tfvars from a null value"));
            }
            let Some(text) = src.as_str() else { return Ok(Value::dynamic()) };
            let mut files = hclkit::Files::new();
            let (body, diags) = files.parse_native(text.as_bytes(), "<decode_tfvars argument>");
            if diags.has_errors() {
                return Err(FunctionError::new(format!("invalid tfvars syntax: {}", diags_error(&diags))));
            }
            let (attrs, diags) = body.just_attributes();
            if diags.has_errors() {
                return Err(FunctionError::new(format!("invalid tfvars content: {}", diags_error(&diags))));
            }
            let mut out = Vec::new();
            for (name, attr) in attrs {
                let (v, diags) = attr.expr.value(None);
                if diags.has_errors() {
                    return Err(FunctionError::new(format!(
                        "invalid expression for variable {}: {}",
                        hclkit_value::go::quote(&name),
                        diags_error(&diags)
                    )));
                }
                out.push((name.to_string(), v));
            }
            Ok(Value::object(out))
        })
        .build()
}

/// Diagnostics as Go's `hcl.Diagnostics.Error()` prints them.
pub(crate) fn diags_error(diags: &Diagnostics) -> String {
    let Some(first) = diags.iter().next() else { return String::new() };
    let subject = first.subject.as_ref().map(range_string).unwrap_or_else(|| "<nil>".to_owned());
    let one = format!("{subject}: {}; {}", first.summary, first.detail);
    match diags.iter().count() {
        1 => one,
        n => format!("{one}, and {} other diagnostic(s)", n - 1),
    }
}

fn range_string(r: &Range) -> String {
    if r.start.line == r.end.line {
        format!("{}:{},{}-{}", r.filename, r.start.line, r.start.column, r.end.column)
    } else {
        format!("{}:{},{}-{},{}", r.filename, r.start.line, r.start.column, r.end.line, r.end.column)
    }
}

/// The value as `encode_expr` writes it: hclwrite's tokens, formatted.
fn expression_text(v: &Value) -> Result<String, FunctionError> {
    hclkit::write::value_text(v, Style::Hclwrite).map_err(write_error)
}

/// A value [`hclkit::write`] cannot write, in hclwrite's words.
fn write_error(e: WriteError) -> FunctionError {
    match e {
        WriteError::Unknown => FunctionError::new("cannot encode an unknown value"),
        WriteError::Type(ty) => FunctionError::new(format!("cannot encode a value of type {}", ty.friendly_name())),
        e => FunctionError::new(e.to_string()),
    }
}
