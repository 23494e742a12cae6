//! Set membership and iteration order, as the reference defines them.
//!
//! The reference keeps set elements in buckets keyed by a CRC-32 of a textual "hash string"
//! of each element, iterates buckets in ascending key order (insertion order within a bucket),
//! and then stable-sorts by an ordering that is total for strings, numbers and bools (nulls
//! and unknowns last) and compares hash strings for every other element type. Reproducing
//! both steps makes our sets iterate, and so print, exactly as the reference's do.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt::Write;

use crate::eq::{equals, raw_equals};
use crate::ty::Type;
use crate::value::{Repr, Value};

/// Deduplicates `elems` (all of type `ety`) and puts them in the reference's order.
pub(crate) fn canonical_elements(ety: &Type, elems: Vec<Value>) -> Vec<Value> {
    if elems.len() <= 1 {
        return elems;
    }
    if ety.is_primitive() {
        return canonical_primitive(elems);
    }
    // Buckets keyed by hash string; two elements are the same set member when `==` says true.
    let mut buckets: HashMap<String, Vec<Value>> = HashMap::new();
    let mut order: Vec<String> = Vec::new();
    for v in elems {
        let key = hash_string(&v);
        match buckets.get_mut(&key) {
            Some(bucket) => {
                if !bucket.iter().any(|e| equals(e, &v) == Some(true)) {
                    bucket.push(v);
                }
            }
            None => {
                order.push(key.clone());
                buckets.insert(key, vec![v]);
            }
        }
    }
    // Buckets are keyed by CRC-32 in the reference: distinct hash strings may share one.
    let mut keyed: Vec<(u32, usize, String)> =
        order.into_iter().enumerate().map(|(i, k)| (crc32fast::hash(k.as_bytes()), i, k)).collect();
    keyed.sort_by_key(|(crc, first_seen, _)| (*crc, *first_seen));
    let mut flat: Vec<(String, Value)> = Vec::new();
    for (_, _, key) in keyed {
        for v in buckets.remove(&key).unwrap_or_default() {
            flat.push((key.clone(), v));
        }
    }
    flat.sort_by(|(ka, a), (kb, b)| less_ordering(a, b, || ka.cmp(kb)));
    flat.into_iter().map(|(_, v)| v).collect()
}

fn canonical_primitive(elems: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(elems.len());
    let mut seen_str: std::collections::HashSet<std::sync::Arc<str>> = std::collections::HashSet::new();
    for v in elems {
        let dup = match &v.0 {
            Repr::String(s) => !seen_str.insert(s.clone()),
            Repr::Unknown(_) => false,
            _ => out.iter().any(|e| equals(e, &v) == Some(true)),
        };
        if !dup {
            out.push(v);
        }
    }
    // Ties (unknowns, nulls, numbers equal in value but not in precision) share a hash
    // string and so a bucket: their insertion order stands, which a stable sort keeps.
    out.sort_by(|a, b| less_ordering(a, b, || Ordering::Equal));
    out
}

/// The reference's set ordering as an [`Ordering`] for a stable sort; `compound` compares
/// hash strings for non-primitive elements.
fn less_ordering(a: &Value, b: &Value, compound: impl FnOnce() -> Ordering) -> Ordering {
    if raw_equals(a, b) {
        return Ordering::Equal;
    }
    match (a.is_null(), b.is_null()) {
        (false, true) => return Ordering::Less,
        (true, false) => return Ordering::Greater,
        (true, true) => return Ordering::Equal,
        _ => {}
    }
    match (a.is_known(), b.is_known()) {
        (true, false) => return Ordering::Less,
        (false, true) => return Ordering::Greater,
        (false, false) => return Ordering::Equal,
        _ => {}
    }
    match (&a.0, &b.0) {
        (Repr::String(x), Repr::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Repr::Bool(x), Repr::Bool(y)) => x.cmp(y),
        (Repr::Number(x), Repr::Number(y)) => x.cmp(y),
        _ => compound(),
    }
}

/// The reference's set hash string of a value.
pub(crate) fn hash_string(v: &Value) -> String {
    let mut out = String::new();
    write_hash(v, &mut out);
    out
}

fn write_hash(v: &Value, out: &mut String) {
    match &v.0 {
        Repr::Unknown(_) => out.push('?'),
        Repr::Null(_) => out.push('~'),
        Repr::Number(n) => out.push_str(&n.to_string_g10()),
        Repr::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Repr::String(s) => go_quote(s, out),
        Repr::Map(e) => {
            out.push('{');
            for (k, v) in &e.entries {
                go_quote(k, out);
                out.push(':');
                write_hash(v, out);
                out.push(';');
            }
            out.push('}');
        }
        Repr::List(s) | Repr::Set(s) => {
            out.push('[');
            for e in &s.elems {
                write_hash(e, out);
                out.push(';');
            }
            out.push(']');
        }
        Repr::Object(e) => {
            out.push('<');
            for (_, v) in &e.entries {
                write_hash(v, out);
                out.push(';');
            }
            out.push('>');
        }
        Repr::Tuple(s) => {
            out.push('<');
            for e in &s.elems {
                write_hash(e, out);
                out.push(';');
            }
            out.push('>');
        }
        Repr::Capsule(_) => out.push_str("«?»"),
    }
}

/// Quotes a string the way Go's `%q` does: `\"` and `\\`, C escapes for the usual control
/// characters, `\xNN` for other ASCII controls, `\uNNNN`/`\UNNNNNNNN` for other characters
/// that are not printable, and everything else as is.
pub(crate) fn go_quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if is_go_printable(c) => out.push(c),
            c if (c as u32) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
    out.push('"');
}

/// An approximation of Go's `unicode.IsPrint` without the Unicode category tables: control
/// characters, spaces other than U+0020, format characters, private-use characters and
/// noncharacters are not printable. (Unassigned code points count as printable here; the
/// reference escapes them. That only changes the relative order of set elements containing them.)
fn is_go_printable(c: char) -> bool {
    let u = c as u32;
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    !matches!(u,
        0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E
        | 0x2060..=0x2064 | 0x2066..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F | 0xE000..=0xF8FF | 0xF0000..=0x10FFFF
        | 0xFDD0..=0xFDEF)
        && (u & 0xFFFE) != 0xFFFE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(v: &Value) -> Vec<String> {
        v.elements().unwrap().iter().map(|e| format!("{e:?}")).collect()
    }

    #[test]
    fn strings_sort_lexically_and_dedup() {
        let s = Value::set(vec!["b".into(), "a".into(), "c".into(), "a".into()]).unwrap();
        assert_eq!(strs(&s), ["\"a\"", "\"b\"", "\"c\""]);
    }

    #[test]
    fn numbers_sort_numerically_unknowns_then_nulls_last() {
        let s = Value::set(vec![
            Value::null(Type::Number),
            Value::unknown(Type::Number),
            Value::number(10),
            Value::number(2),
            Value::unknown(Type::Number),
        ])
        .unwrap();
        assert_eq!(strs(&s), ["2", "10", "(unknown number)", "(unknown number)", "null(number)"]);
    }

    #[test]
    fn bools_false_first() {
        let s = Value::set(vec![true.into(), false.into(), true.into()]).unwrap();
        assert_eq!(strs(&s), ["false", "true"]);
    }

    #[test]
    fn compound_elements_order_by_hash_string() {
        let l = |xs: &[&str]| Value::list(xs.iter().map(|x| Value::string(*x)).collect()).unwrap();
        let s = Value::set(vec![l(&["b"]), l(&["a", "z"]), l(&["a"]), l(&["b"])]).unwrap();
        // hash strings: ["b";] ["a";"z";] ["a";] -> byte order: ["a";"z";] < ["a";] < ["b";]
        assert_eq!(strs(&s), ["list[\"a\", \"z\"]", "list[\"a\"]", "list[\"b\"]"]);
    }

    #[test]
    fn hash_strings() {
        let v = Value::object([
            ("a", Value::list(vec![Value::number(1), Value::unknown(Type::Number)]).unwrap()),
            ("b", Value::map([("k", Value::null(Type::String))]).unwrap()),
            ("c", Value::string("q\"\n\u{200b}")),
        ]);
        assert_eq!(hash_string(&v), "<[1;?;];{\"k\":~;};\"q\\\"\\n\\u200b\";>");
    }
}
