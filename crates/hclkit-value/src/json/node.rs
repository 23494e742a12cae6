//! [`Node`], the one ordered JSON document model, and the one JSON writer and string escaper.

use std::fmt::Write as _;

use super::go_scanner::{Decoder, Token};

/// An ordered JSON document: what every JSON hclkit writes is built as, then written by
/// [`Node::write`] (the native syntax converted to JSON, the diagnostics as JSON, hcldec's
/// `--var-refs`, the output of `hcldec` after its null stripping).
///
/// Unlike a map-based JSON value it keeps the order of properties, repeated property names
/// (an object is a list of pairs, duplicates included: several `"//"` comments in one body,
/// for example), and numbers as their exact decimal text (no rounding through `f64`). Walking
/// it is a plain `match`; nothing is hidden behind accessors.
///
/// ```
/// use hclkit_value::json::{Escape, Node};
///
/// let doc = Node::Object(vec![
///     ("n".into(), Node::Number("1.10000000000000000000001".into())),
///     ("//".into(), Node::String("<first>".into())),
///     ("//".into(), Node::String("second".into())),
/// ]);
/// assert_eq!(doc.to_compact(), r#"{"n":1.10000000000000000000001,"//":"<first>","//":"second"}"#);
/// assert_eq!(doc.get("//").and_then(Node::as_str), Some("<first>"));
/// let mut go = String::new();
/// Node::Array(vec![doc.get("//").unwrap().clone()]).write(&mut go, Some(2), Escape::Go);
/// assert_eq!(go, "[\n  \"\\u003cfirst\\u003e\"\n]");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its JSON text (always valid JSON number syntax, never `NaN` or infinite).
    Number(String),
    /// A string (unescaped; the writers escape it).
    String(String),
    /// An array.
    Array(Vec<Node>),
    /// An object: its properties in order, repeated names kept.
    Object(Vec<(String, Node)>),
}

/// How the writer escapes strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Escape {
    /// Go's `encoding/json` (`json.Marshal`, HTML-safe): `"` and `\` escaped, `\n`, `\r`,
    /// `\t` as such, other control characters, the HTML-significant `<`, `>`, `&` and the
    /// separators U+2028 and U+2029 as `\uXXXX`. What the reference's tools print.
    Go,
    /// Only what JSON requires: `"` and `\` escaped, control characters as `\n`, `\t`, `\r`,
    /// `\b`, `\f` or `\u00XX`; everything else (non-ASCII included) as is.
    Plain,
}

impl Node {
    /// The first property called `key` of an object (`None` for other nodes).
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Object(props) => props.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string of a string node.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(s) => Some(s),
            _ => None,
        }
    }

    /// The compact JSON text (no white space), strings escaped [`Escape::Plain`].
    pub fn to_compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, Escape::Plain);
        out
    }

    /// The JSON text indented by two spaces per level, one property or element per line
    /// (empty arrays and objects as `[]` and `{}`), without a final newline, strings escaped
    /// [`Escape::Plain`].
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some(2), Escape::Plain);
        out
    }

    /// Appends the JSON text to `out`: compact when `indent` is `None`, else pretty with that
    /// many spaces per level (Go's `json.MarshalIndent` with an empty prefix); strings escaped
    /// as `escape` says.
    pub fn write(&self, out: &mut String, indent: Option<usize>, escape: Escape) {
        write_node(out, self, indent, 0, escape);
    }

    /// As [`Node::write`], for a node that is a value `depth` levels inside a document being
    /// written (the indentation of its lines when pretty).
    ///
    /// ```
    /// use hclkit_value::json::{Escape, Node};
    /// let mut out = String::from("{\n  \"a\": ");
    /// Node::Array(vec![Node::Null]).write_nested(&mut out, Some(2), 1, Escape::Plain);
    /// out.push_str("\n}");
    /// assert_eq!(out, "{\n  \"a\": [\n    null\n  ]\n}");
    /// ```
    pub fn write_nested(&self, out: &mut String, indent: Option<usize>, depth: usize, escape: Escape) {
        write_node(out, self, indent, depth, escape);
    }

    /// Reads JSON text as Go's decoder reads it (numbers kept as their text, properties in
    /// order, repeated names kept); the error is Go's message.
    ///
    /// ```
    /// use hclkit_value::json::Node;
    /// let n = Node::parse(br#"{"b": 1.50, "a": [null]}"#).unwrap();
    /// assert_eq!(n.to_compact(), r#"{"b":1.50,"a":[null]}"#);
    /// assert!(Node::parse(b"{").is_err());
    /// ```
    pub fn parse(src: &[u8]) -> Result<Node, String> {
        let mut dec = Decoder::new(src, true);
        let raw = dec.decode_raw()?;
        let mut inner = Decoder::new(raw, true);
        let tok = inner.token()?;
        read(tok, &mut inner, false)
    }
}

/// Reads the rest of a value (of validated syntax) whose first token is `tok`. With `go_map`,
/// objects are read as Go's decoder reads them into a map: `null` properties dropped, a
/// repeated name keeping its last value, names sorted (as `json.Marshal` writes a map).
pub(crate) fn read(tok: Token<'_>, dec: &mut Decoder<'_>, go_map: bool) -> Result<Node, String> {
    // The syntax has been checked, so nesting is bounded by the scanner's depth limit.
    Ok(match tok {
        Token::Null => Node::Null,
        Token::Bool(b) => Node::Bool(b),
        Token::Number(n) => Node::Number(n.to_string()),
        Token::Float(f) => Node::Number(f.to_string()),
        Token::String(s) => Node::String(s),
        Token::Delim(b'[') => {
            let mut elems = Vec::new();
            loop {
                let t = dec.token()?;
                if t == Token::Delim(b']') {
                    break;
                }
                elems.push(read(t, dec, go_map)?);
            }
            Node::Array(elems)
        }
        Token::Delim(b'{') if go_map => {
            let mut entries = super::decode::LastWins::default();
            while let Token::String(key) = dec.token()? {
                let t = dec.token()?;
                let v = read(t, dec, go_map)?;
                if matches!(v, Node::Null) {
                    entries.remove(&key);
                } else {
                    entries.insert(key.into(), v);
                }
            }
            let mut entries: Vec<(String, Node)> =
                entries.into_entries().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Node::Object(entries)
        }
        Token::Delim(b'{') => {
            let mut entries = Vec::new();
            while let Token::String(key) = dec.token()? {
                let t = dec.token()?;
                entries.push((key, read(t, dec, go_map)?));
            }
            Node::Object(entries)
        }
        Token::Delim(c) => return Err(super::go_scanner::quote_char(c)),
    })
}

fn newline(out: &mut String, indent: Option<usize>, depth: usize) {
    if let Some(n) = indent {
        out.push('\n');
        for _ in 0..n * depth {
            out.push(' ');
        }
    }
}

// Documents are built from trees whose depth their parsers bound, so recursion here is
// bounded too.
fn write_node(out: &mut String, node: &Node, indent: Option<usize>, depth: usize, escape: Escape) {
    match node {
        Node::Null => out.push_str("null"),
        Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Node::Number(n) => out.push_str(n),
        Node::String(s) => write_string(out, s, escape),
        Node::Array(items) => {
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
                write_node(out, item, indent, depth + 1, escape);
            }
            newline(out, indent, depth);
            out.push(']');
        }
        Node::Object(props) => {
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
                write_string(out, k, escape);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_node(out, v, indent, depth + 1, escape);
            }
            newline(out, indent, depth);
            out.push('}');
        }
    }
}

/// The bytes the escaper looks at: those escaped in either style, and E2, which starts
/// U+2028 and U+2029.
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'<' as usize] = true;
    t[b'>' as usize] = true;
    t[b'&' as usize] = true;
    t[0xE2] = true;
    t
};

/// Appends `s` as a JSON string, escaped as `escape` says: the one JSON string escaper.
///
/// ```
/// use hclkit_value::json::{write_string, Escape};
/// let mut go = String::new();
/// write_string(&mut go, "<a&b>\n\u{8}\u{2028}", Escape::Go);
/// assert_eq!(go, r#""\u003ca\u0026b\u003e\n\u0008\u2028""#);
/// let mut plain = String::new();
/// write_string(&mut plain, "<a&b>\n\u{8}\u{2028}", Escape::Plain);
/// assert_eq!(plain, "\"<a&b>\\n\\b\u{2028}\"");
/// ```
pub fn write_string(out: &mut String, s: &str, escape: Escape) {
    let go = escape == Escape::Go;
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    // Runs of bytes that need no escape are copied whole; only ASCII bytes and the UTF-8 of
    // U+2028 and U+2029 (E2 80 A8/A9) can need one.
    while i < bytes.len() {
        let b = bytes[i];
        if !SPECIAL[usize::from(b)] {
            i += 1;
            continue;
        }
        let (esc, len): (Option<&str>, usize) = match b {
            b'"' => (Some("\\\""), 1),
            b'\\' => (Some("\\\\"), 1),
            b'\n' => (Some("\\n"), 1),
            b'\r' => (Some("\\r"), 1),
            b'\t' => (Some("\\t"), 1),
            0x08 if !go => (Some("\\b"), 1),
            0x0c if !go => (Some("\\f"), 1),
            0..=0x1f => (None, 1),
            b'<' | b'>' | b'&' if go => (None, 1),
            0xE2 if go && bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xA8) => (Some("\\u2028"), 3),
            0xE2 if go && bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xA9) => (Some("\\u2029"), 3),
            _ => {
                i += 1;
                continue;
            }
        };
        // `start` and `i` are on character boundaries: escapes start at ASCII bytes or E2.
        out.push_str(s.get(start..i).unwrap_or_default());
        match esc {
            Some(e) => out.push_str(e),
            None => {
                let _ = write!(out, "\\u{:04x}", b);
            }
        }
        i += len;
        start = i;
    }
    out.push_str(s.get(start..).unwrap_or_default());
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_and_compact() {
        let doc = Node::Object(vec![
            ("a".into(), Node::Array(vec![Node::Null, Node::Bool(true)])),
            ("b".into(), Node::Object(vec![])),
            ("c\n".into(), Node::String("q\"\\\u{1}é".into())),
        ]);
        assert_eq!(doc.to_compact(), "{\"a\":[null,true],\"b\":{},\"c\\n\":\"q\\\"\\\\\\u0001é\"}");
        assert_eq!(
            doc.to_pretty(),
            "{\n  \"a\": [\n    null,\n    true\n  ],\n  \"b\": {},\n  \"c\\n\": \"q\\\"\\\\\\u0001é\"\n}"
        );
    }
}
