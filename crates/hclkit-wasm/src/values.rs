//! Values between hclkit and JavaScript, as "tagged JSON": JSON in which every string is
//! tagged by its first character, `s` for a string (`"sabc"` is `"abc"`) and `n` for a number
//! written in decimal (`"n12345678901234567890"`, `"nInfinity"`), so that the package's
//! JavaScript turns numbers a double cannot hold into `bigint` or decimal strings instead of
//! rounding them. Other numbers are plain JSON numbers; object keys are not tagged.
//!
//! [`to_tagged`] writes a value (the result of `evaluate` or `decode`); [`from_tagged`] reads
//! the variables JavaScript passed in.

use hclkit_value::json::{write_string, Escape, Node};
use hclkit_value::{Number, Type, Value};

/// Deepest nesting converted either way: deeper data is refused rather than risking the
/// WebAssembly stack.
pub const MAX_DEPTH: usize = 1000;

/// The largest integer a double holds with every smaller one (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE: i64 = (1 << 53) - 1;

/// Writes `v` as tagged JSON; an error message for what JavaScript cannot have (unknown
/// values, nesting past [`MAX_DEPTH`]).
///
/// ```
/// use hclkit_value::{Number, Value};
/// let v = Value::tuple(vec![
///     Value::string("a"),
///     Value::number(Number::from_i64(1 << 60)),
///     Value::number(Number::parse("0.5").unwrap()),
/// ]);
/// assert_eq!(hclkit_wasm::values::to_tagged(&v, false).unwrap(), r#"["sa","n1152921504606846976",0.5]"#);
/// ```
pub fn to_tagged(v: &Value, strip_nulls: bool) -> Result<String, String> {
    let mut out = String::new();
    write(&mut out, v, strip_nulls, 0)?;
    Ok(out)
}

fn write(out: &mut String, v: &Value, strip_nulls: bool, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("the value is nested more than {MAX_DEPTH} levels deep"));
    }
    if v.is_null() {
        out.push_str("null");
        return Ok(());
    }
    if !v.is_known() {
        return Err("the result is not known (it depends on an unknown value)".to_owned());
    }
    if let Some(b) = v.as_bool() {
        out.push_str(if b { "true" } else { "false" });
        return Ok(());
    }
    if let Some(n) = v.as_number() {
        write_number(out, n)?;
        return Ok(());
    }
    if let Some(s) = v.as_str() {
        let mut tagged = String::with_capacity(s.len() + 1);
        tagged.push('s');
        tagged.push_str(s);
        write_string(out, &tagged, Escape::Plain);
        return Ok(());
    }
    let ty = v.ty();
    if ty.is_object() || ty.is_map() {
        out.push('{');
        let mut first = true;
        for (k, e) in v.entries().unwrap_or_default() {
            if strip_nulls && e.is_null() {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            write_string(out, k, Escape::Plain);
            out.push(':');
            write(out, e, strip_nulls, depth + 1)?;
        }
        out.push('}');
        return Ok(());
    }
    if let Some(elems) = v.elements() {
        out.push('[');
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write(out, e, strip_nulls, depth + 1)?;
        }
        out.push(']');
        return Ok(());
    }
    Err(format!("a value of type {} has no JavaScript form", ty.friendly_name()))
}

/// A number: plain when a double holds it exactly (and, for integers, when it is a safe
/// integer), else tagged with its exact decimal text.
fn write_number(out: &mut String, n: &Number) -> Result<(), String> {
    if let Some(i) = n.to_i64() {
        if (-MAX_SAFE..=MAX_SAFE).contains(&i) {
            out.push_str(&i.to_string());
            return Ok(());
        }
    }
    let text = if n.is_infinite() {
        if n.is_negative() {
            "-Infinity".to_owned()
        } else {
            "Infinity".to_owned()
        }
    } else if n.is_integer() {
        n.try_to_string().map_err(|e| format!("the number is too long for JavaScript: {e}"))?
    } else {
        let f = n.to_f64();
        if f.is_finite() && Number::from_f64(f).as_ref() == Some(n) {
            out.push_str(&format!("{f:?}"));
            return Ok(());
        }
        n.text('g', None)
    };
    write_string(out, &format!("n{text}"), Escape::Plain);
    Ok(())
}

/// Reads tagged JSON (variables from JavaScript) as a value: objects become objects, arrays
/// tuples.
///
/// ```
/// let v = hclkit_wasm::values::from_tagged(br#"{"a":["sx",1.5,"n1e400",null,true]}"#).unwrap();
/// assert_eq!(v.get_attr("a").unwrap().elements().unwrap().len(), 5);
/// ```
pub fn from_tagged(src: &[u8]) -> Result<Value, String> {
    let node = Node::parse(src)?;
    from_node(&node, 0)
}

fn from_node(node: &Node, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(format!("the data is nested more than {MAX_DEPTH} levels deep"));
    }
    Ok(match node {
        Node::Null => Value::null(Type::Dynamic),
        Node::Bool(b) => Value::bool(*b),
        Node::Number(text) => Value::number(number(text)?),
        Node::String(s) => match s.as_bytes().first() {
            Some(b's') => Value::string(&s[1..]),
            Some(b'n') => Value::number(number(&s[1..])?),
            _ => return Err(format!("untagged string {s:?}")),
        },
        Node::Array(elems) => {
            Value::tuple(elems.iter().map(|e| from_node(e, depth + 1)).collect::<Result<Vec<_>, _>>()?)
        }
        Node::Object(props) => {
            let mut attrs = Vec::with_capacity(props.len());
            for (k, e) in props {
                attrs.push((k.clone(), from_node(e, depth + 1)?));
            }
            Value::object(attrs)
        }
    })
}

fn number(text: &str) -> Result<Number, String> {
    match text {
        "Infinity" => Ok(Number::infinity()),
        "-Infinity" => Ok(Number::neg_infinity()),
        _ => Number::parse(text).map_err(|e| format!("{text} is not an HCL number: {e}")),
    }
}
