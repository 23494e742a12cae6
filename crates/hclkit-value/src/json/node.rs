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
    out.push('"');
    write_string_contents(out, s, escape);
    out.push('"');
}

/// Appends `s` escaped as [`write_string`] escapes it, without the quotes: for a JSON string
/// written in pieces (text before or after `s` inside the same quotes).
///
/// ```
/// use hclkit_value::json::{write_string_contents, Escape};
/// let mut out = String::from("\"${");
/// write_string_contents(&mut out, "a \"b\"", Escape::Plain);
/// out.push_str("}\"");
/// assert_eq!(out, r#""${a \"b\"}""#);
/// ```
pub fn write_string_contents(out: &mut String, s: &str, escape: Escape) {
    let go = escape == Escape::Go;
    let bytes = s.as_bytes();
    // Runs of bytes that need no escape are copied whole (from `start`); they are found eight
    // bytes at a time. Only ASCII bytes and the UTF-8 of U+2028 and U+2029 (E2 80 A8/A9) can
    // need an escape, so `start` and every escape are on character boundaries.
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let word = match bytes[i..].first_chunk::<8>() {
            Some(word) => *word,
            None => {
                // The last bytes, padded with spaces (never special): one more word.
                let mut word = [b' '; 8];
                word[..bytes.len() - i].copy_from_slice(&bytes[i..]);
                word
            }
        };
        let at = match special_bytes(u64::from_le_bytes(word), go) {
            0 => {
                i += 8;
                continue;
            }
            // The lowest flagged byte is a special one (see `special_bytes`).
            mask => i + (mask.trailing_zeros() / 8) as usize,
        };
        let b = bytes[at];
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
            0xE2 if go && bytes.get(at + 1) == Some(&0x80) && bytes.get(at + 2) == Some(&0xA8) => (Some("\\u2028"), 3),
            0xE2 if go && bytes.get(at + 1) == Some(&0x80) && bytes.get(at + 2) == Some(&0xA9) => (Some("\\u2029"), 3),
            _ => {
                // An E2 starting another character: nothing to escape.
                i = at + 1;
                continue;
            }
        };
        out.push_str(s.get(start..at).unwrap_or_default());
        match esc {
            Some(e) => out.push_str(e),
            None => {
                let _ = write!(out, "\\u{:04x}", b);
            }
        }
        i = at + len;
        start = i;
    }
    out.push_str(s.get(start..).unwrap_or_default());
}

/// The bytes of a little-endian word that the escaper must look at, as a mask of their high
/// bits (SWAR: no branch per byte): those escaped in the style (`go`: Go's), and for Go E2,
/// which starts U+2028 and U+2029. Borrows can flag a byte above a special one, never one
/// below: the lowest flagged byte is exact, and the mask is 0 exactly when none is special.
fn special_bytes(w: u64, go: bool) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `w` equal to `c` (a zero byte of `w ^ c...`).
    let eq = |c: u8| {
        let v = w ^ (ONES * u64::from(c));
        v.wrapping_sub(ONES) & !v
    };
    // Bytes below 0x20 (all below 0x80 and borrowing when 0x20 is taken away).
    let mut m = (w.wrapping_sub(ONES * 0x20) & !w) | eq(b'"') | eq(b'\\');
    if go {
        m |= eq(b'<') | eq(b'>') | eq(b'&') | eq(0xE2);
    }
    m & HIGH
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

    /// The escape of each character on its own, as Go's `encoding/json` and RFC 8259 give it.
    fn escaped_char(c: char, go: bool) -> String {
        match c {
            '"' => "\\\"".into(),
            '\\' => "\\\\".into(),
            '\n' => "\\n".into(),
            '\r' => "\\r".into(),
            '\t' => "\\t".into(),
            '\u{8}' if !go => "\\b".into(),
            '\u{c}' if !go => "\\f".into(),
            '\0'..='\u{1f}' => format!("\\u{:04x}", c as u32),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' if go => format!("\\u{:04x}", c as u32),
            _ => c.into(),
        }
    }

    #[test]
    fn escapes_at_every_offset() {
        // The word-at-a-time scan against a character-by-character escape: every special
        // character at every offset of strings longer than a word, next to ASCII, other
        // multi-byte characters (E2 that does not start U+2028) and other specials.
        let specials =
            ['"', '\\', '\n', '\r', '\t', '\u{8}', '\u{c}', '\0', '\u{1f}', '<', '>', '&', '\u{2028}', '\u{2029}'];
        let fillers = ["a", "é", "\u{2026}", "\u{7f}", " ", "\u{1F600}"];
        for escape in [Escape::Go, Escape::Plain] {
            let go = escape == Escape::Go;
            for &c in &specials {
                for filler in fillers {
                    for at in 0..20 {
                        for len in [at + 1, 17, 24] {
                            let s: String = (0..len.max(at + 1))
                                .map(|i| if i == at || i == at + 9 { c.to_string() } else { filler.to_owned() })
                                .collect();
                            let want: String = std::iter::once('"'.to_string())
                                .chain(s.chars().map(|c| escaped_char(c, go)))
                                .chain(["\"".to_owned()])
                                .collect();
                            let mut got = String::new();
                            write_string(&mut got, &s, escape);
                            assert_eq!(got, want, "{escape:?} {s:?}");
                        }
                    }
                }
            }
        }
    }
}
