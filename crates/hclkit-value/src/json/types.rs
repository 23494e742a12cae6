//! Types in the reference's JSON notation: `"string"`, `["list","number"]`,
//! `["object",{"a":"bool"},["a"]]`, `["tuple",["string","bool"]]`, `"dynamic"`.

use crate::go::quote;
use crate::json::go_scanner::{self, Decoder, Token};
use crate::json::JsonError;
use crate::ty::{Name, Type};
use crate::value::normalize;

/// Encodes a type in the reference's JSON type notation (cty's `Type.MarshalJSON`).
///
/// Object attributes are written sorted by name, as Go's `json.Marshal` sorts map keys;
/// optional attributes follow as a third element, `["object",{...},["name",...]]`.
/// Capsule types cannot be written: the error is the reference's "type not allowed: NAME".
///
/// ```
/// use hclkit_value::json::type_to_json;
/// use hclkit_value::Type;
/// let t = Type::object_with_optional([("b", Type::list(Type::String)), ("a", Type::Dynamic)], ["b"]);
/// assert_eq!(type_to_json(&t).unwrap(), r#"["object",{"a":"dynamic","b":["list","string"]},["b"]]"#);
/// assert_eq!(type_to_json(&Type::tuple([Type::Number, Type::Bool])).unwrap(), r#"["tuple",["number","bool"]]"#);
/// ```
pub fn type_to_json(ty: &Type) -> Result<String, JsonError> {
    let mut out = String::new();
    write_type(ty, &mut out).map_err(|m| JsonError::new(crate::Path::root(), m))?;
    Ok(out)
}

/// Writes `ty`'s JSON to `out`; the error is the reference's message.
pub(crate) fn write_type(ty: &Type, out: &mut String) -> Result<(), String> {
    match ty {
        Type::Bool => out.push_str("\"bool\""),
        Type::Number => out.push_str("\"number\""),
        Type::String => out.push_str("\"string\""),
        Type::Dynamic => out.push_str("\"dynamic\""),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            out.push_str(match ty {
                Type::List(_) => "[\"list\",",
                Type::Set(_) => "[\"set\",",
                _ => "[\"map\",",
            });
            write_type(e, out)?;
            out.push(']');
        }
        Type::Object(o) => {
            out.push_str("[\"object\",{");
            for (i, (name, aty)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                crate::json::write_string(out, name, crate::json::Escape::Go);
                out.push(':');
                // The attribute types are written by json.Marshal, which wraps the errors of
                // the types' own MarshalJSON.
                write_type(aty, out).map_err(wrap_marshaler_error)?;
            }
            out.push('}');
            let optional = o.optional_attributes();
            if !optional.is_empty() {
                out.push_str(",[");
                for (i, name) in optional.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    crate::json::write_string(out, name, crate::json::Escape::Go);
                }
                out.push(']');
            }
            out.push(']');
        }
        Type::Tuple(t) => {
            out.push_str("[\"tuple\",[");
            for (i, ety) in t.elements().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(ety, out).map_err(wrap_marshaler_error)?;
            }
            out.push_str("]]");
        }
        Type::Capsule(_) => return Err(format!("type not allowed: {}", ty.friendly_name())),
    }
    Ok(())
}

fn wrap_marshaler_error(msg: String) -> String {
    format!("json: error calling MarshalJSON for type cty.Type: {msg}")
}

/// Decodes a type from the reference's JSON type notation (cty's `UnmarshalType`), with the
/// reference's error messages.
///
/// Attribute names are NFC-normalised, as the reference normalises them. Where the
/// reference would panic (an optional attribute that is not an attribute), this returns the
/// panic's message as an error.
///
/// ```
/// use hclkit_value::json::type_from_json;
/// use hclkit_value::Type;
/// let t = type_from_json(br#"["map",["set","bool"]]"#).unwrap();
/// assert_eq!(t, Type::map(Type::set(Type::Bool)));
/// let err = type_from_json(br#""text""#).unwrap_err();
/// assert_eq!(err.to_string(), r#"invalid primitive type name "text""#);
/// ```
pub fn type_from_json(buf: &[u8]) -> Result<Type, JsonError> {
    unmarshal_type(buf).map_err(|m| JsonError::new(crate::Path::root(), m))
}

/// cty's `Type.UnmarshalJSON` on `buf`.
///
/// Nesting is bounded: each nested type is read with `Decoder::decode_raw`, whose scanner
/// refuses to go deeper than its limit. The work is split over small functions so that the
/// frames on the recursive path stay small.
pub(crate) fn unmarshal_type(buf: &[u8]) -> Result<Type, String> {
    let mut dec = Decoder::new(buf, false);
    match dec.token()? {
        Token::String(name) => primitive_type(&name, &mut dec),
        Token::Delim(b'[') => complex_type(&mut dec),
        Token::Delim(_) => Err(message("invalid complex type description")),
        _ => Err(message("invalid type description")),
    }
}

#[cold]
#[inline(never)]
fn message(m: &str) -> String {
    m.to_string()
}

fn primitive_type(name: &str, dec: &mut Decoder<'_>) -> Result<Type, String> {
    let t = match name {
        "bool" => Type::Bool,
        "number" => Type::Number,
        "string" => Type::String,
        "dynamic" => Type::Dynamic,
        _ => return Err(format!("invalid primitive type name {}", quote(name))),
    };
    if dec.more() {
        return Err(message("extraneous data after type description"));
    }
    Ok(t)
}

#[derive(Clone, Copy)]
enum Kind {
    List,
    Map,
    Set,
    Object,
    Tuple,
}

fn complex_kind(dec: &mut Decoder<'_>) -> Result<Kind, String> {
    let Token::String(kind) = dec.token()? else {
        return Err(message("invalid complex type kind name"));
    };
    Ok(match kind.as_str() {
        "list" => Kind::List,
        "map" => Kind::Map,
        "set" => Kind::Set,
        "object" => Kind::Object,
        "tuple" => Kind::Tuple,
        _ => return Err(message("invalid complex type kind name")),
    })
}

fn complex_type(dec: &mut Decoder<'_>) -> Result<Type, String> {
    let t = match complex_kind(dec)? {
        Kind::List => Type::list(decode_type(dec)?),
        Kind::Map => Type::map(decode_type(dec)?),
        Kind::Set => Type::set(decode_type(dec)?),
        Kind::Object => object_type_body(dec)?,
        Kind::Tuple => Type::tuple(decode_types(dec)?),
    };
    complex_end(dec)?;
    Ok(t)
}

fn complex_end(dec: &mut Decoder<'_>) -> Result<(), String> {
    let end = dec.token()?;
    if end != Token::Delim(b']') || dec.more() {
        return Err(message("unexpected extra data in type description"));
    }
    Ok(())
}

fn object_type_body(dec: &mut Decoder<'_>) -> Result<Type, String> {
    let attrs = decode_attr_types(dec)?;
    let optional = if dec.more() { decode_strings(dec)? } else { Vec::new() };
    object_type(attrs, optional)
}

/// cty's `ObjectWithOptionalAttrs`, which normalises names and panics on an optional name
/// that is not an attribute.
fn object_type(attrs: Vec<(String, Type)>, optional: Vec<String>) -> Result<Type, String> {
    let attrs: Vec<(Name, Type)> = attrs.into_iter().map(|(n, t)| (Name::from(normalize(&n).as_ref()), t)).collect();
    let mut opt: Vec<Name> = Vec::with_capacity(optional.len());
    for n in optional {
        let n: Name = normalize(&n).as_ref().into();
        if !attrs.iter().any(|(a, _)| *a == n) {
            return Err(format!("optional contains undeclared attribute {}", quote(&n)));
        }
        opt.push(n);
    }
    Ok(Type::object_with_optional(attrs, opt))
}

/// `dec.Decode(&ety)` for one type.
fn decode_type(dec: &mut Decoder<'_>) -> Result<Type, String> {
    let raw = dec.decode_raw()?;
    unmarshal_type(raw)
}

/// The error Go's decoder gives for a JSON value of the wrong kind for a Go type.
fn type_mismatch(raw: &[u8], go_type: &str) -> String {
    let kind = match raw.first() {
        Some(b'{') => "object",
        Some(b'[') => "array",
        Some(b'"') => "string",
        Some(b't') | Some(b'f') => "bool",
        _ => "number",
    };
    format!("json: cannot unmarshal {kind} into Go value of type {go_type}")
}

/// `dec.Decode(&atys)` into a `map[string]cty.Type`: entries in document order (a later
/// duplicate replaces an earlier one when the object type is built).
fn decode_attr_types(dec: &mut Decoder<'_>) -> Result<Vec<(String, Type)>, String> {
    let raw = dec.decode_raw()?;
    match raw.first() {
        Some(b'n') => Ok(Vec::new()),
        Some(b'{') => {
            let mut inner = Decoder::new(raw, false);
            inner.token()?;
            let mut attrs = Vec::new();
            while inner.more() {
                let Token::String(key) = inner.token()? else {
                    return Err("json: invalid object key".to_string());
                };
                let value = inner.decode_raw()?;
                attrs.push((key, unmarshal_type(value)?));
            }
            Ok(attrs)
        }
        _ => Err(type_mismatch(raw, "map[string]cty.Type")),
    }
}

/// `dec.Decode(&etys)` into a `[]cty.Type`.
fn decode_types(dec: &mut Decoder<'_>) -> Result<Vec<Type>, String> {
    let raw = dec.decode_raw()?;
    match raw.first() {
        Some(b'n') => Ok(Vec::new()),
        Some(b'[') => {
            let mut inner = Decoder::new(raw, false);
            inner.token()?;
            let mut types = Vec::new();
            while inner.more() {
                types.push(unmarshal_type(inner.decode_raw()?)?);
            }
            Ok(types)
        }
        _ => Err(type_mismatch(raw, "[]cty.Type")),
    }
}

/// `dec.Decode(&optionals)` into a `[]string`: a null element is the empty string; an
/// element of another kind is an error reported once the whole array is read.
fn decode_strings(dec: &mut Decoder<'_>) -> Result<Vec<String>, String> {
    let raw = dec.decode_raw()?;
    match raw.first() {
        Some(b'n') => Ok(Vec::new()),
        Some(b'[') => {
            let mut inner = Decoder::new(raw, false);
            inner.token()?;
            let mut names = Vec::new();
            let mut saved: Option<String> = None;
            while inner.more() {
                let elem = inner.decode_raw()?;
                match elem.first() {
                    Some(b'"') => names.push(go_scanner::unquote(elem)),
                    Some(b'n') => names.push(String::new()),
                    _ => {
                        saved.get_or_insert_with(|| type_mismatch(elem, "string"));
                    }
                }
            }
            match saved {
                Some(e) => Err(e),
                None => Ok(names),
            }
        }
        _ => Err(type_mismatch(raw, "[]string")),
    }
}
