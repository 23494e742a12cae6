//! Decoding values from JSON given their type (cty's `json.Unmarshal`), and finding the type a
//! JSON document implies (cty's `json.ImpliedType`).

use crate::go::quote;
use crate::json::go_scanner::{self, Decoder, Token, MAX_DEPTH};
use crate::json::types::unmarshal_type;
use crate::json::JsonError;
use crate::number::Number;
use crate::path::{Path, PathStep};
use crate::ty::{Name, Type};
use crate::value::{normalize, Value, ValueError};

/// Decodes the JSON in `buf` as a value of type `ty`, as the reference's `json.Unmarshal`
/// does.
///
/// - `null` anywhere is the null value of the expected type.
/// - Where `ty` has the dynamic pseudo-type, the JSON must be a `{"value":…,"type":…}` wrapper
///   giving the value's type in the JSON type notation (see [`type_from_json`](super::type_from_json)).
/// - Primitive types accept some conversions: a string for a number (parsed as a decimal
///   literal) or a bool (`"true"`, `"1"`, `"false"`, `"0"`), and a number or bool for a string.
/// - Numbers keep the full precision of their literal text.
/// - An object must not have attributes the type lacks; attributes it lacks are null.
/// - A repeated object key or map key keeps its last value.
/// - Only the first value is read: anything after it is ignored, as the reference ignores it.
///
/// Errors carry the reference's message and the [`Path`] to the part of the value concerned.
///
/// ```
/// use hclkit_value::json::from_json;
/// use hclkit_value::{Type, Value};
/// let t = Type::object([("name", Type::String), ("ports", Type::list(Type::Number))]);
/// let v = from_json(br#"{"name": "web", "ports": [80, "443"]}"#, &t).unwrap();
/// assert_eq!(v.get_attr("name"), Some(&Value::string("web")));
/// assert_eq!(v.get_attr("ports").and_then(|p| p.length()), Some(2));
///
/// let err = from_json(br#"{"ports": [80, "http"]}"#, &t).unwrap_err();
/// assert_eq!(err.to_string(), "a number is required");
/// assert_eq!(err.path().to_string(), ".ports[1]");
///
/// let v = from_json(br#"{"value": [1, "a"], "type": ["tuple", ["number", "string"]]}"#, &Type::Dynamic).unwrap();
/// assert_eq!(v.ty(), Type::tuple([Type::Number, Type::String]));
/// ```
pub fn from_json(buf: &[u8], ty: &Type) -> Result<Value, JsonError> {
    let mut path = Path::root();
    unmarshal(buf, ty, &mut path, 0)
}

/// The type of the value that `buf` holds when read without a type (cty's
/// `json.ImpliedType`): strings, numbers and bools are of their primitive types, objects of
/// object types (a repeated key keeps its last value's type), arrays of tuple types, and
/// `null` is of the dynamic pseudo-type.
///
/// Decoding `buf` with [`from_json`] and this type reads JSON with no type known in advance:
///
/// ```
/// use hclkit_value::json::{from_json, implied_type};
/// use hclkit_value::Type;
/// let buf = br#"{"a": [1, "x", null], "b": {}}"#;
/// let t = implied_type(buf).unwrap();
/// assert_eq!(t, Type::object([
///     ("a", Type::tuple([Type::Number, Type::String, Type::Dynamic])),
///     ("b", Type::empty_object()),
/// ]));
/// let v = from_json(buf, &t).unwrap();
/// assert_eq!(v.ty(), t);
/// assert_eq!(implied_type(b"[1,").unwrap_err().to_string(), "EOF");
/// assert_eq!(implied_type(b"1 2").unwrap_err().to_string(), "extraneous data after JSON object");
/// ```
pub fn implied_type(buf: &[u8]) -> Result<Type, JsonError> {
    let mut dec = Decoder::new(buf, true);
    let ty = dec.token().and_then(|tok| implied_for_token(tok, &mut dec, 0)).map_err(root_error)?;
    if dec.more() {
        return Err(root_error("extraneous data after JSON object".to_string()));
    }
    Ok(ty)
}

fn root_error(message: String) -> JsonError {
    JsonError::new(Path::root(), message)
}

fn implied_for_token(tok: Token<'_>, dec: &mut Decoder<'_>, depth: usize) -> Result<Type, String> {
    match tok {
        Token::Null => Ok(Type::Dynamic),
        Token::Bool(_) => Ok(Type::Bool),
        Token::Number(_) | Token::Float(_) => Ok(Type::Number),
        Token::String(_) => Ok(Type::String),
        Token::Delim(c) if depth >= MAX_DEPTH => Err(too_deep(c)),
        Token::Delim(b'{') => implied_object_type(dec, depth + 1),
        Token::Delim(b'[') => implied_tuple_type(dec, depth + 1),
        Token::Delim(c) => Err(format!("unexpected token {}", go_scanner::quote_char(c))),
    }
}

#[cold]
#[inline(never)]
fn too_deep(c: u8) -> String {
    format!("invalid character {} exceeded max depth", go_scanner::quote_char(c))
}

fn implied_object_type(dec: &mut Decoder<'_>, depth: usize) -> Result<Type, String> {
    let mut attrs: Vec<(Name, Type)> = Vec::new();
    loop {
        let key = match dec.token()? {
            Token::Delim(b'}') => break,
            Token::Delim(c) => return Err(format!("unexpected delimiter {}", go_scanner::quote_char(c))),
            Token::String(key) => key,
            other => return Err(format!("expected string but found {}", go_type_name(&other))),
        };
        let tok = dec.token()?;
        let aty = implied_for_token(tok, dec, depth)?;
        attrs.push((normalize(&key).as_ref().into(), aty));
    }
    Ok(Type::object(attrs))
}

fn implied_tuple_type(dec: &mut Decoder<'_>, depth: usize) -> Result<Type, String> {
    let mut elems = Vec::new();
    loop {
        let tok = dec.token()?;
        if tok == Token::Delim(b']') {
            break;
        }
        elems.push(implied_for_token(tok, dec, depth)?);
    }
    Ok(Type::tuple(elems))
}

/// Go's `%T` of a token.
fn go_type_name(tok: &Token<'_>) -> &'static str {
    match tok {
        Token::Delim(_) => "json.Delim",
        Token::Null => "<nil>",
        Token::Bool(_) => "bool",
        Token::Number(_) => "json.Number",
        Token::Float(_) => "float64",
        Token::String(_) => "string",
    }
}

#[cold]
#[inline(never)]
fn error_at(path: &Path, message: impl Into<String>) -> JsonError {
    JsonError::new(path.clone(), message.into())
}

/// cty's `unmarshal`: `buf` holds a value (and possibly more after it) of type `ty` at `path`.
///
/// Recursion is bounded: each element is read with `Decoder::decode_raw`, whose scanner
/// refuses to go deeper than its limit, and `depth` is checked as well. The work is split
/// over small functions, with errors built out of line, so that the frames on the
/// recursive path stay small.
fn unmarshal(buf: &[u8], ty: &Type, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    if let Some(v) = unmarshal_scalar(buf, ty, path)? {
        return Ok(v);
    }
    if depth > MAX_DEPTH {
        return Err(error_at(path, "exceeded max depth"));
    }
    match ty {
        Type::Dynamic => unmarshal_dynamic(buf, path, depth),
        Type::List(ety) => unmarshal_seq(buf, SeqKind::List, ety, path, depth),
        Type::Set(ety) => unmarshal_seq(buf, SeqKind::Set, ety, path, depth),
        Type::Map(ety) => unmarshal_map(buf, ety, path, depth),
        Type::Tuple(t) => unmarshal_tuple(buf, t.elements(), path, depth),
        Type::Object(_) => unmarshal_object(buf, ty, path, depth),
        _ => Err(unsupported(ty, path)),
    }
}

/// Reads the first token: the whole value when it is null or of a primitive type, `None`
/// when it remains to be read as a compound value.
fn unmarshal_scalar(buf: &[u8], ty: &Type, path: &Path) -> Result<Option<Value>, JsonError> {
    let mut dec = Decoder::new(buf, true);
    let tok = dec.token().map_err(|e| error_at(path, e))?;
    if tok == Token::Null {
        return Ok(Some(Value::null(ty.clone())));
    }
    match ty {
        Type::Bool | Type::Number | Type::String => unmarshal_primitive(tok, ty, path).map(Some),
        _ => Ok(None),
    }
}

#[cold]
#[inline(never)]
fn unsupported(ty: &Type, path: &Path) -> JsonError {
    error_at(path, format!("cannot decode JSON into {}", ty.friendly_name()))
}

fn unmarshal_primitive(tok: Token<'_>, ty: &Type, path: &Path) -> Result<Value, JsonError> {
    match ty {
        Type::Bool => match tok {
            Token::Bool(b) => Ok(Value::bool(b)),
            Token::String(s) => string_to_bool(&Value::string(s)).map_err(|m| error_at(path, m)),
            _ => Err(error_at(path, "bool is required")),
        },
        Type::Number => match tok {
            Token::Number(s) => parse_number(s, path),
            Token::String(s) => parse_number(&s, path),
            _ => Err(error_at(path, "number is required")),
        },
        _ => match tok {
            Token::String(s) => Ok(Value::string(s)),
            Token::Number(s) => Ok(Value::string(s)),
            Token::Bool(b) => Ok(Value::string(if b { "true" } else { "false" })),
            _ => Err(error_at(path, "string is required")),
        },
    }
}

fn parse_number(s: &str, path: &Path) -> Result<Value, JsonError> {
    Number::parse(s).map(Value::number).map_err(|_| error_at(path, "a number is required"))
}

/// The reference's string-to-bool conversion.
fn string_to_bool(v: &Value) -> Result<Value, String> {
    let s = v.as_str().unwrap_or_default();
    match s {
        "true" | "1" => Ok(Value::bool(true)),
        "false" | "0" => Ok(Value::bool(false)),
        _ => match s.to_lowercase().as_str() {
            "true" => Err("a bool is required; to convert from string, use lowercase \"true\"".to_string()),
            "false" => Err("a bool is required; to convert from string, use lowercase \"false\"".to_string()),
            _ => Err("a bool is required".to_string()),
        },
    }
}

/// A decoder past the opening delimiter `d` of `buf` (cty's `requireDelim`).
fn open<'a>(buf: &'a [u8], d: u8, path: &Path) -> Result<Decoder<'a>, JsonError> {
    let mut dec = Decoder::new(buf, true);
    require_delim(&mut dec, d).map_err(|e| error_at(path, e))?;
    Ok(dec)
}

/// Reads the closing delimiter `d` (cty's `requireDelim`).
fn close(dec: &mut Decoder<'_>, d: u8, path: &Path) -> Result<(), JsonError> {
    require_delim(dec, d).map_err(|e| error_at(path, e))
}

fn require_delim(dec: &mut Decoder<'_>, d: u8) -> Result<(), String> {
    match dec.token()? {
        Token::Delim(c) if c == d => Ok(()),
        _ => Err(format!("missing expected {}", char::from(d))),
    }
}

/// Reads an element's text, or fails with "failed to read WHAT: ...".
fn read_element<'a>(dec: &mut Decoder<'a>, path: &Path, what: &'static str) -> Result<&'a [u8], JsonError> {
    dec.decode_raw().map_err(|e| failed_to_read(path, what, e))
}

/// Reads an object key (cty's `requireObjectKey`), or fails with "failed to read WHAT: ...".
fn read_key(dec: &mut Decoder<'_>, path: &Path, what: &'static str) -> Result<String, JsonError> {
    match dec.token() {
        Ok(Token::String(s)) => Ok(s),
        Ok(_) => Err(failed_to_read(path, what, "missing expected object key".to_string())),
        Err(e) => Err(failed_to_read(path, what, e)),
    }
}

#[cold]
#[inline(never)]
fn failed_to_read(path: &Path, what: &str, e: String) -> JsonError {
    error_at(path, format!("failed to read {what}: {e}"))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SeqKind {
    List,
    Set,
}

fn built(path: &Path, r: Result<Value, ValueError>) -> Result<Value, JsonError> {
    r.map_err(|e| error_at(path, e.to_string()))
}

fn unmarshal_seq(buf: &[u8], kind: SeqKind, ety: &Type, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    let mut dec = open(buf, b'[', path)?;
    let mut vals = Vec::new();
    let what = if kind == SeqKind::List { "list value" } else { "set value" };
    while dec.more() {
        let key = match kind {
            SeqKind::List => Value::number(vals.len()),
            SeqKind::Set => Value::unknown(ety.clone()),
        };
        path.push(PathStep::Index(key));
        let raw = read_element(&mut dec, path, what)?;
        vals.push(unmarshal(raw, ety, path, depth + 1)?);
        path.pop();
    }
    close(&mut dec, b']', path)?;
    match (kind, vals.is_empty()) {
        (SeqKind::List, true) => Ok(Value::empty_list(ety.clone())),
        (SeqKind::List, false) => built(path, Value::list(vals)),
        (SeqKind::Set, true) => Ok(Value::empty_set(ety.clone())),
        (SeqKind::Set, false) => built(path, Value::set(vals)),
    }
}

fn unmarshal_map(buf: &[u8], ety: &Type, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    let mut dec = open(buf, b'{', path)?;
    let mut vals = LastWins::default();
    while dec.more() {
        path.push(PathStep::Index(Value::unknown(Type::String)));
        let key: Name = read_key(&mut dec, path, "map key")?.into();
        path.pop();
        path.push(PathStep::Index(Value::string(key.clone())));
        let raw = read_element(&mut dec, path, "map value")?;
        let v = unmarshal(raw, ety, path, depth + 1)?;
        path.pop();
        vals.insert(key, v);
    }
    close(&mut dec, b'}', path)?;
    let vals = vals.into_entries();
    if vals.is_empty() {
        return Ok(Value::empty_map(ety.clone()));
    }
    built(path, Value::map(vals))
}

/// Entries where a later one under exactly the same key replaces an earlier one, as Go map
/// assignments do (before any normalisation of the keys); removal is a Go map `delete`.
pub(crate) struct LastWins<T> {
    entries: Vec<(Name, Option<T>)>,
    index: std::collections::HashMap<Name, usize>,
}

impl<T> Default for LastWins<T> {
    fn default() -> Self {
        LastWins { entries: Vec::new(), index: std::collections::HashMap::new() }
    }
}

impl<T> LastWins<T> {
    pub(crate) fn insert(&mut self, key: Name, v: T) {
        match self.index.get(&key) {
            Some(&i) => self.entries[i].1 = Some(v),
            None => {
                self.index.insert(key.clone(), self.entries.len());
                self.entries.push((key, Some(v)));
            }
        }
    }
    pub(crate) fn remove(&mut self, key: &str) {
        if let Some(&i) = self.index.get(key) {
            self.entries[i].1 = None;
        }
    }
    /// The entries present, in the order their keys were first inserted.
    pub(crate) fn into_entries(self) -> Vec<(Name, T)> {
        self.entries.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))).collect()
    }
}

fn unmarshal_tuple(buf: &[u8], etys: &[Type], path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    let mut dec = open(buf, b'[', path)?;
    let mut vals = Vec::with_capacity(etys.len());
    while dec.more() {
        let idx = vals.len();
        let Some(ety) = etys.get(idx) else {
            return Err(tuple_length(path, "too many", etys.len()));
        };
        path.push(PathStep::Index(Value::number(idx)));
        let raw = read_element(&mut dec, path, "tuple value")?;
        vals.push(unmarshal(raw, ety, path, depth + 1)?);
        path.pop();
    }
    close(&mut dec, b']', path)?;
    if vals.len() != etys.len() {
        // The reference reports this one step above the tuple (and panics for a tuple at
        // the root, where there is no step above).
        let mut parent = path.clone();
        parent.pop();
        return Err(tuple_length(&parent, "not enough", etys.len()));
    }
    Ok(Value::tuple(vals))
}

#[cold]
#[inline(never)]
fn tuple_length(path: &Path, what: &str, need: usize) -> JsonError {
    error_at(path, format!("{what} tuple elements (need {need})"))
}

fn unmarshal_object(buf: &[u8], ty: &Type, path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    let Some(ot) = ty.object_type() else {
        return Err(unsupported(ty, path));
    };
    let mut dec = open(buf, b'{', path)?;
    let mut vals = LastWins::default();
    let mut last_key: Option<Name> = None;
    while dec.more() {
        // The reference reports a key it cannot read at the path of the previous attribute
        // (at the object itself before the first one).
        if let Some(k) = &last_key {
            path.push(PathStep::Attr(k.clone()));
        }
        let key = read_key(&mut dec, path, "object key")?;
        if last_key.is_some() {
            path.pop();
        }
        let Some(aty) = ot.attribute(&key) else {
            return Err(unsupported_attribute(path, &key));
        };
        let key: Name = key.into();
        last_key = Some(key.clone());
        path.push(PathStep::Attr(key.clone()));
        let raw = read_element(&mut dec, path, "object value")?;
        let v = unmarshal(raw, aty, path, depth + 1)?;
        path.pop();
        vals.insert(key, v);
    }
    close(&mut dec, b'}', path)?;
    // Attributes absent from the document are null.
    let mut present = vals.into_entries();
    present.sort_by(|a, b| a.0.cmp(&b.0));
    let mut all = Vec::with_capacity(ot.len());
    let mut given = present.into_iter().peekable();
    for (name, aty) in ot.attributes() {
        while given.next_if(|(k, _)| k < name).is_some() {}
        match given.next_if(|(k, _)| k == name) {
            Some(entry) => all.push(entry),
            None => all.push((name.clone(), Value::null(aty.clone()))),
        }
    }
    Ok(Value::object(all))
}

#[cold]
#[inline(never)]
fn unsupported_attribute(path: &Path, key: &str) -> JsonError {
    error_at(path, format!("unsupported attribute {}", quote(key)))
}

fn unmarshal_dynamic(buf: &[u8], path: &mut Path, depth: usize) -> Result<Value, JsonError> {
    let (ty, body) = read_dynamic_wrapper(buf, path)?;
    unmarshal(body, &ty, path, depth + 1)
}

/// The type and the value's text from a `{"value":…,"type":…}` wrapper.
fn read_dynamic_wrapper<'a>(buf: &'a [u8], path: &Path) -> Result<(Type, &'a [u8]), JsonError> {
    let mut dec = open(buf, b'{', path)?;
    let mut ty: Option<Type> = None;
    let mut body: Option<&[u8]> = None;
    while dec.more() {
        let key = read_key(&mut dec, path, "dynamic type descriptor key")?;
        let raw = read_element(&mut dec, path, "dynamic type descriptor value")?;
        match key.as_str() {
            "type" => {
                let t = unmarshal_type(raw)
                    .map_err(|e| error_at(path, format!("failed to decode type for dynamic value: {e}")))?;
                ty = Some(t);
            }
            "value" => body = Some(raw),
            _ => return Err(error_at(path, format!("invalid key {} in dynamically-typed value", quote(&key)))),
        }
    }
    close(&mut dec, b'}', path)?;
    let Some(ty) = ty else {
        return Err(error_at(path, "missing type in dynamically-typed value"));
    };
    let Some(body) = body else {
        return Err(error_at(path, "missing value in dynamically-typed value"));
    };
    Ok((ty, body))
}
