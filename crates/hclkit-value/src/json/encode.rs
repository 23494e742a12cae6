//! Encoding values as JSON given a type (cty's `json.Marshal`), and the output of the
//! reference's `hcldec` tool.

use crate::convert;
use crate::json::go_scanner::{Decoder, MAX_DEPTH};
use crate::json::types::write_type;
use crate::json::{write_string, Escape, JsonError};
use crate::path::{Path, PathStep};
use crate::ty::Type;
use crate::value::Value;

/// Encodes `value` as JSON according to `ty`, as the reference's `json.Marshal` does.
///
/// - If `value`'s type does not conform to `ty`, the value is first converted to `ty` (a
///   conversion error is returned as is).
/// - Where `ty` has the dynamic pseudo-type and the value's type is not dynamic, the value is
///   wrapped as `{"value":…,"type":…}` with its type in the JSON type notation, so that
///   [`from_json`](super::from_json) can recover it.
/// - Nulls are `null`; numbers are written in full precision; strings are escaped as Go's
///   `json.Marshal` escapes them (including `<`, `>`, `&`, U+2028 and U+2029); object
///   attributes and map keys are sorted; sets are in the reference's order.
/// - An unknown value is an error, "value is not known", and an infinity is "cannot
///   serialize infinity as JSON", each with the path to it. So is a number whose text would
///   have more than [`Number::MAX_PRINTED_DIGITS`](crate::Number::MAX_PRINTED_DIGITS)
///   digits (such as `1e600000000`, which the reference takes forever to write).
///
/// One quirk of the reference is kept: inside a `{"value":…,"type":…}` wrapper, such an
/// error is not reported. The wrapper's value is left as far as it was written (possibly
/// empty) and encoding carries on, so the result is not valid JSON. This cannot happen for
/// a wholly-known value without infinities.
///
/// ```
/// use hclkit_value::json::to_json;
/// use hclkit_value::{Type, Value};
/// let v = Value::object([("b", Value::string("<x>")), ("a", Value::number(1))]);
/// assert_eq!(to_json(&v, &v.ty()).unwrap(), r#"{"a":1,"b":"\u003cx\u003e"}"#);
/// assert_eq!(
///     to_json(&v, &Type::Dynamic).unwrap(),
///     r#"{"value":{"a":1,"b":"\u003cx\u003e"},"type":["object",{"a":"number","b":"string"}]}"#
/// );
/// let l = Value::list(vec![Value::number(1), Value::unknown(Type::Number)]).unwrap();
/// let err = to_json(&l, &l.ty()).unwrap_err();
/// assert_eq!(err.to_string(), "value is not known");
/// assert_eq!(err.path().to_string(), "[1]");
/// ```
pub fn to_json(value: &Value, ty: &Type) -> Result<String, JsonError> {
    let converted;
    let value = if value.ty().matches(ty) {
        value
    } else {
        converted = convert::convert(value, ty).map_err(|e| JsonError::new(e.path().clone(), e.to_string()))?;
        &converted
    };
    let mut out = String::new();
    let mut path = Path::root();
    marshal(value, ty, &mut path, &mut out, 0)?;
    Ok(out)
}

/// [`to_json`], writing the JSON to `w`. Nothing is written when encoding fails; an I/O
/// error is returned as a [`JsonError`] with its message.
///
/// ```
/// use hclkit_value::json::to_json_writer;
/// use hclkit_value::Value;
/// let mut buf = Vec::new();
/// to_json_writer(&Value::string("a\u{2028}"), &hclkit_value::Type::String, &mut buf).unwrap();
/// assert_eq!(buf, br#""a\u2028""#);
/// ```
pub fn to_json_writer<W: std::io::Write + ?Sized>(value: &Value, ty: &Type, w: &mut W) -> Result<(), JsonError> {
    let s = to_json(value, ty)?;
    w.write_all(s.as_bytes()).map_err(|e| JsonError::new(Path::root(), e.to_string()))
}

#[cold]
#[inline(never)]
fn error_at(path: &Path, message: impl Into<String>) -> JsonError {
    JsonError::new(path.clone(), message.into())
}

fn marshal(v: &Value, ty: &Type, path: &mut Path, out: &mut String, depth: usize) -> Result<(), JsonError> {
    if ty.is_dynamic() && !has_dynamic_type(v) {
        return marshal_dynamic(v, path, out, depth);
    }
    if v.is_null() {
        out.push_str("null");
        return Ok(());
    }
    if !v.is_known() {
        return Err(error_at(path, "value is not known"));
    }
    if depth > MAX_DEPTH {
        return Err(error_at(path, "exceeded max depth"));
    }
    // Each kind has its own function, so that the frames on the recursive path stay small.
    match ty {
        Type::String | Type::Number | Type::Bool => marshal_primitive(v, ty, path, out),
        Type::List(ety) | Type::Set(ety) => marshal_seq(v, ty, ety, path, out, depth),
        Type::Map(ety) => marshal_map(v, ty, ety, path, out, depth),
        Type::Tuple(_) => marshal_tuple(v, ty, path, out, depth),
        Type::Object(_) => marshal_object(v, ty, path, out, depth),
        Type::Capsule(_) => Err(error_at(path, format!("cannot JSON-serialize {}", ty.friendly_name()))),
        Type::Dynamic => Err(mismatch(v, ty, path)),
    }
}

fn has_dynamic_type(v: &Value) -> bool {
    v.ty().is_dynamic()
}

fn marshal_primitive(v: &Value, ty: &Type, path: &Path, out: &mut String) -> Result<(), JsonError> {
    if let Some(s) = v.as_str().filter(|_| *ty == Type::String) {
        write_string(out, s, Escape::Go);
    } else if let Some(n) = v.as_number().filter(|_| *ty == Type::Number) {
        if n.is_infinite() {
            return Err(error_at(path, "cannot serialize infinity as JSON"));
        }
        match n.try_to_string() {
            Ok(text) => out.push_str(&text),
            Err(e) => return Err(error_at(path, e.to_string())),
        }
    } else if let Some(b) = v.as_bool().filter(|_| *ty == Type::Bool) {
        out.push_str(if b { "true" } else { "false" });
    } else {
        return Err(mismatch(v, ty, path));
    }
    Ok(())
}

fn marshal_seq(
    v: &Value,
    ty: &Type,
    ety: &Type,
    path: &mut Path,
    out: &mut String,
    depth: usize,
) -> Result<(), JsonError> {
    let elems = v.elements().ok_or_else(|| mismatch(v, ty, path))?;
    out.push('[');
    for (i, e) in elems.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let key = if ty.is_set() { e.clone() } else { Value::number(i) };
        path.push(PathStep::Index(key));
        marshal(e, ety, path, out, depth + 1)?;
        path.pop();
    }
    out.push(']');
    Ok(())
}

fn marshal_map(
    v: &Value,
    ty: &Type,
    ety: &Type,
    path: &mut Path,
    out: &mut String,
    depth: usize,
) -> Result<(), JsonError> {
    let entries = v.entries().ok_or_else(|| mismatch(v, ty, path))?;
    out.push('{');
    for (i, (k, e)) in entries.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        path.push(PathStep::Index(Value::string(k.clone())));
        write_string(out, k, Escape::Go);
        out.push(':');
        marshal(e, ety, path, out, depth + 1)?;
        path.pop();
    }
    out.push('}');
    Ok(())
}

fn marshal_tuple(v: &Value, ty: &Type, path: &mut Path, out: &mut String, depth: usize) -> Result<(), JsonError> {
    let (Some(elems), Some(etys)) = (v.elements(), ty.tuple_elements()) else {
        return Err(mismatch(v, ty, path));
    };
    out.push('[');
    for (i, (e, ety)) in elems.iter().zip(etys).enumerate() {
        if i > 0 {
            out.push(',');
        }
        path.push(PathStep::Index(Value::number(i)));
        marshal(e, ety, path, out, depth + 1)?;
        path.pop();
    }
    out.push(']');
    Ok(())
}

fn marshal_object(v: &Value, ty: &Type, path: &mut Path, out: &mut String, depth: usize) -> Result<(), JsonError> {
    let (Some(_), Some(o)) = (v.entries().filter(|_| v.ty().is_object()), ty.object_type()) else {
        return Err(mismatch(v, ty, path));
    };
    out.push('{');
    for (i, (name, aty)) in o.attributes().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        path.push(PathStep::Attr(name.clone()));
        write_string(out, name, Escape::Go);
        out.push(':');
        match v.get_attr(name) {
            Some(av) => marshal(av, aty, path, out, depth + 1)?,
            None => marshal(&Value::null(aty.clone()), aty, path, out, depth + 1)?,
        }
        path.pop();
    }
    out.push('}');
    Ok(())
}

/// A value that does not have the type it is being encoded as (only possible when the
/// caller's value and type disagree in a way conversion did not catch).
#[cold]
#[inline(never)]
fn mismatch(v: &Value, ty: &Type, path: &Path) -> JsonError {
    error_at(path, format!("{} required, but received {}", ty.friendly_name(), v.ty().friendly_name()))
}

fn marshal_dynamic(v: &Value, path: &mut Path, out: &mut String, depth: usize) -> Result<(), JsonError> {
    let vty = v.ty();
    let mut type_json = String::new();
    write_type(&vty, &mut type_json).map_err(|e| error_at(path, format!("failed to serialize type: {e}")))?;
    out.push_str("{\"value\":");
    // The reference ignores an error here, keeping whatever was written.
    let len = path.steps().len();
    let _ = marshal(v, &vty, path, out, depth + 1);
    while path.steps().len() > len {
        path.pop();
    }
    out.push_str(",\"type\":");
    out.push_str(&type_json);
    out.push('}');
    Ok(())
}

/// Encodes a value with no separate type as the reference's `SimpleJSONValue` does: as
/// [`to_json`] with the value's own type, so no `{"value":…,"type":…}` wrappers appear
/// (except around parts whose own type is dynamic, which are only ever null or unknown).
///
/// ```
/// use hclkit_value::json::{from_simple_json, to_simple_json};
/// use hclkit_value::{Type, Value};
/// let v = Value::list(vec![Value::string("a")]).unwrap();
/// assert_eq!(to_simple_json(&v).unwrap(), r#"["a"]"#);
/// // Decoding infers the type, so a list comes back as a tuple.
/// assert_eq!(from_simple_json(br#"["a"]"#).unwrap().ty(), Type::tuple([Type::String]));
/// ```
pub fn to_simple_json(value: &Value) -> Result<String, JsonError> {
    to_json(value, &value.ty())
}

/// Decodes JSON with no type known in advance, as the reference's `SimpleJSONValue` does:
/// [`from_json`](super::from_json) with the type [`implied_type`](super::implied_type) gives.
pub fn from_simple_json(buf: &[u8]) -> Result<Value, JsonError> {
    let ty = super::implied_type(buf)?;
    super::from_json(buf, &ty)
}

/// How the reference's `hcldec` tool prints a decoded value: the options its `--with-type`
/// and `--keep-nulls` flags set. [`HcldecOutput::render`] gives the text.
///
/// The value is encoded with [`to_json`] using its own type, or, with `with_type`, using
/// the dynamic pseudo-type, so the output is a `{"value":…,"type":…}` wrapper. Unless
/// `keep_nulls` is set, object properties whose value is `null` are then removed at every
/// level (array elements stay), which also re-sorts every object's keys, so the wrapper
/// becomes `{"type":…,"value":…}`.
///
/// ```
/// use hclkit_value::json::HcldecOutput;
/// use hclkit_value::{Type, Value};
/// let v = Value::object([("a", Value::number(1)), ("b", Value::null(Type::String))]);
/// assert_eq!(HcldecOutput::default().render(&v).unwrap(), "{\"a\":1}\n");
/// let keep = HcldecOutput { keep_nulls: true, ..HcldecOutput::default() };
/// assert_eq!(keep.render(&v).unwrap(), "{\"a\":1,\"b\":null}\n");
/// assert_eq!(
///     HcldecOutput { with_type: true, keep_nulls: false }.render(&v).unwrap(),
///     "{\"type\":[\"object\",{\"a\":\"number\",\"b\":\"string\"}],\"value\":{\"a\":1}}\n"
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HcldecOutput {
    /// Wrap the value with its type (`--with-type`): encode it under the dynamic pseudo-type.
    pub with_type: bool,
    /// Keep object properties whose value is `null` (`--keep-nulls`).
    pub keep_nulls: bool,
}

impl HcldecOutput {
    /// Exactly what `hcldec` prints for `value` with these options, final newline included.
    ///
    /// Errors are those of [`to_json`]; where the reference would crash on its own invalid
    /// JSON (an unknown value inside the `with_type` wrapper), this returns the error it would
    /// have crashed with.
    pub fn render(&self, value: &Value) -> Result<String, JsonError> {
        let HcldecOutput { with_type, keep_nulls } = *self;
        if !keep_nulls && !value.is_null() && !value.ty().has_dynamic_types() {
            // The common case, written in one pass: what the reference's marshal-then-strip
            // produces (see `write_stripped`). Anything unusual takes the general path below,
            // which also reports errors with their paths.
            let mut out = String::new();
            if with_type {
                out.push_str("{\"type\":");
                if write_type(&value.ty(), &mut out).is_ok() {
                    out.push_str(",\"value\":");
                    if write_stripped(value, &mut out, 0) {
                        out.push_str("}\n");
                        return Ok(out);
                    }
                }
            } else if write_stripped(value, &mut out, 0) {
                out.push('\n');
                return Ok(out);
            }
        }
        hcldec_output_general(value, with_type, keep_nulls)
    }
}

/// [`HcldecOutput::render`] the reference's way: marshal, then strip nulls by decoding and encoding
/// again.
pub(crate) fn hcldec_output_general(value: &Value, with_type: bool, keep_nulls: bool) -> Result<String, JsonError> {
    if with_type && has_unwritable_number(value) {
        // Under the dynamic type an infinity is written as the reference writes it (invalid
        // JSON), and so would be a number too long to write; hcldec refuses them with their
        // path, as without the wrapper.
        to_json(value, &value.ty())?;
    }
    let ty = if with_type { Type::Dynamic } else { value.ty() };
    let mut out = to_json(value, &ty)?;
    if !keep_nulls {
        out = strip_null_properties(out.as_bytes()).map_err(|e| JsonError::new(Path::root(), e))?;
    }
    out.push('\n');
    Ok(out)
}

/// Whether a known part of `v` is an infinite number or one too long to write.
fn has_unwritable_number(v: &Value) -> bool {
    if let Some(n) = v.as_number() {
        return n.is_infinite() || n.try_to_string().is_err();
    }
    if let Some(elems) = v.elements() {
        return elems.iter().any(has_unwritable_number);
    }
    v.entries().is_some_and(|entries| entries.iter().any(|(_, e)| has_unwritable_number(e)))
}

/// A wholly known value whose type has no dynamic parts, written as cty's `json.Marshal`
/// writes it and then hcldec's `stripJSONNullProperties` rewrites it: `null` object and map
/// entries dropped, everything else as marshalled (object attributes and map keys are already
/// in the byte order Go sorts map keys in, numbers keep their text, strings are escaped alike
/// by both encodings). `false`, with `out` left partly written, for anything this fast path
/// does not handle (unknowns, infinities, capsules, deep nesting): the caller starts again on
/// the general path.
fn write_stripped(v: &Value, out: &mut String, depth: usize) -> bool {
    if v.is_null() {
        out.push_str("null");
        return true;
    }
    if !v.is_known() || depth > MAX_DEPTH {
        return false;
    }
    if let Some(s) = v.as_str() {
        write_string(out, s, Escape::Go);
    } else if let Some(n) = v.as_number() {
        if !n.is_finite() || n.write_text(out).is_err() {
            return false;
        }
    } else if let Some(b) = v.as_bool() {
        out.push_str(if b { "true" } else { "false" });
    } else if let Some(elems) = v.elements() {
        out.push('[');
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if !write_stripped(e, out, depth + 1) {
                return false;
            }
        }
        out.push(']');
    } else if let Some(entries) = v.entries() {
        out.push('{');
        let mut first = true;
        for (k, e) in entries.iter() {
            if e.is_null() {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            write_string(out, k, Escape::Go);
            out.push(':');
            if !write_stripped(e, out, depth + 1) {
                return false;
            }
        }
        out.push('}');
    } else {
        return false;
    }
    true
}

/// hcldec's `stripJSONNullProperties`: decode (Go's decoder, numbers kept as text), drop
/// `null` object properties, and encode again with Go's `json.Marshal` (object keys sorted,
/// a repeated key keeping its last value).
fn strip_null_properties(buf: &[u8]) -> Result<String, String> {
    let mut dec = Decoder::new(buf, true);
    let raw = dec.decode_raw()?;
    let mut out = String::with_capacity(raw.len());
    let mut inner = Decoder::new(raw, true);
    let tok = inner.token()?;
    let v = super::node::read(tok, &mut inner, true)?;
    v.write(&mut out, None, Escape::Go);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::strip_null_properties;

    #[test]
    fn stripping_nulls_is_a_go_map_round_trip() {
        // As hcldec's stripJSONNullProperties: decoding into Go maps keeps the last of
        // repeated keys, deletes null properties at any depth, and re-encoding sorts keys.
        let got = strip_null_properties(br#"{"b":1,"a":null,"b":2,"c":{"x":null,"y":1.50},"d":[null,{"z":null}]}"#);
        assert_eq!(got.unwrap(), r#"{"b":2,"c":{"y":1.50},"d":[null,{}]}"#);
        assert_eq!(strip_null_properties(br#"{"a":1,"a":null}"#).unwrap(), "{}");
        assert_eq!(strip_null_properties(br#"{"a":null,"a":1}"#).unwrap(), r#"{"a":1}"#);
        assert_eq!(strip_null_properties(br#" "\u003c\/" "#).unwrap(), r#""\u003c/""#);
        assert_eq!(strip_null_properties(b"null").unwrap(), "null");
        assert_eq!(strip_null_properties(b"{").unwrap_err(), "unexpected EOF");
    }
}
