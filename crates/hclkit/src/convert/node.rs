//! [`JsonNode`], the ordered JSON document model, and its writers (compact and pretty).

use std::fmt::Write as _;

/// An ordered JSON document: what [`to_json`](super::to_json) builds.
///
/// Unlike a map-based JSON value it keeps what the HCL JSON syntax needs: the order of
/// properties, repeated property names (an object is a list of pairs, duplicates included:
/// several `"//"` comments in one body, for example), and numbers as their exact decimal
/// text (no rounding through `f64`). Walking it is a plain `match`; nothing is hidden behind
/// accessors.
///
/// ```
/// use hclkit::convert::JsonNode;
///
/// let doc = JsonNode::Object(vec![
///     ("n".into(), JsonNode::Number("1.10000000000000000000001".into())),
///     ("//".into(), JsonNode::String("first".into())),
///     ("//".into(), JsonNode::String("second".into())),
/// ]);
/// assert_eq!(doc.to_compact(), r#"{"n":1.10000000000000000000001,"//":"first","//":"second"}"#);
/// assert_eq!(doc.get("//").and_then(JsonNode::as_str), Some("first"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonNode {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its JSON text (always valid JSON number syntax, never `NaN` or infinite).
    Number(String),
    /// A string (unescaped; the writers escape it).
    String(String),
    /// An array.
    Array(Vec<JsonNode>),
    /// An object: its properties in order, repeated names kept.
    Object(Vec<(String, JsonNode)>),
}

impl JsonNode {
    /// The first property called `key` of an object (`None` for other nodes).
    pub fn get(&self, key: &str) -> Option<&JsonNode> {
        match self {
            JsonNode::Object(props) => props.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string of a string node.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            JsonNode::String(s) => Some(s),
            _ => None,
        }
    }

    /// The compact JSON text (no white space), as `encoding/json` would write it (without
    /// its HTML escaping).
    pub fn to_compact(&self) -> String {
        let mut out = String::new();
        write_node(&mut out, self, None, 0);
        out
    }

    /// The JSON text indented by two spaces per level, one property or element per line
    /// (empty arrays and objects as `[]` and `{}`), without a final newline.
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        write_node(&mut out, self, Some(2), 0);
        out
    }

    /// Appends the JSON text to `out`: compact when `indent` is `None`, else pretty with
    /// that many spaces per level.
    pub fn write_to(&self, out: &mut String, indent: Option<usize>) {
        write_node(out, self, indent, 0);
    }
}

fn newline(out: &mut String, indent: Option<usize>, depth: usize) {
    if let Some(n) = indent {
        out.push('\n');
        for _ in 0..n * depth {
            out.push(' ');
        }
    }
}

// The document is built by the converters from trees whose depth the parsers bound
// (`MAX_DEPTH`), so recursion here is bounded too.
fn write_node(out: &mut String, node: &JsonNode, indent: Option<usize>, depth: usize) {
    match node {
        JsonNode::Null => out.push_str("null"),
        JsonNode::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        JsonNode::Number(n) => out.push_str(n),
        JsonNode::String(s) => write_string(out, s),
        JsonNode::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                write_node(out, item, indent, depth + 1);
            }
            newline(out, indent, depth);
            out.push(']');
        }
        JsonNode::Object(props) => {
            if props.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push('{');
            for (i, (k, v)) in props.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, depth + 1);
                write_string(out, k);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_node(out, v, indent, depth + 1);
            }
            newline(out, indent, depth);
            out.push('}');
        }
    }
}

/// Writes `s` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\r`,
/// `\b`, `\f` or `\u00XX`; everything else (non-ASCII included) as is.
pub(crate) fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        // Only ASCII bytes are escaped, so `start..i` always falls on character boundaries.
        let esc: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{:04x}", b);
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_and_compact() {
        let doc = JsonNode::Object(vec![
            ("a".into(), JsonNode::Array(vec![JsonNode::Null, JsonNode::Bool(true)])),
            ("b".into(), JsonNode::Object(vec![])),
            ("c\n".into(), JsonNode::String("q\"\\\u{1}é".into())),
        ]);
        assert_eq!(doc.to_compact(), "{\"a\":[null,true],\"b\":{},\"c\\n\":\"q\\\"\\\\\\u0001é\"}");
        assert_eq!(
            doc.to_pretty(),
            "{\n  \"a\": [\n    null,\n    true\n  ],\n  \"b\": {},\n  \"c\\n\": \"q\\\"\\\\\\u0001é\"\n}"
        );
    }
}
