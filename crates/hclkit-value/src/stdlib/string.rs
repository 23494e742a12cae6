//! String functions: `upper`, `lower`, `title`, `reverse` (`strrev`), `strlen`, `substr`,
//! `trim`, `trimprefix`, `trimsuffix`, `trimspace`, `chomp`, `indent`, `join`, `split`,
//! `replace`.
//!
//! "Characters" are grapheme clusters as the reference segments them (see `grapheme.rs`), and
//! case mapping is the reference's: each character is mapped on its own by the simple
//! (one-to-one) Unicode 13 case mapping, so `upper("ß")` is `"ß"` and `lower("Σ")` is always
//! `"σ"`. The results are NFC-normalised like every string value.

#[path = "case_table.rs"]
mod case_table;

use super::grapheme;
use crate::function::{Function, FunctionError, Parameter};
use crate::ty::Type;
use crate::value::Value;

/// The simple uppercase and lowercase mappings of `c`.
fn case_of(c: char) -> (char, char) {
    let cp = c as u32;
    let found = case_table::CASE_RANGES.binary_search_by(|&(lo, hi, ..)| {
        if hi < cp {
            std::cmp::Ordering::Less
        } else if lo > cp {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    });
    let Ok(i) = found else { return (c, c) };
    let (lo, _, alternating, du, dl) = case_table::CASE_RANGES[i];
    let shift = |d: i32| char::from_u32(cp.wrapping_add_signed(d)).unwrap_or(c);
    if alternating {
        // Pairs of an uppercase letter followed by its lowercase letter.
        if (cp - lo) % 2 == 0 {
            (c, shift(1))
        } else {
            (shift(-1), c)
        }
    } else {
        (shift(du), shift(dl))
    }
}

fn string_arg(args: &[Value], i: usize) -> &str {
    args.get(i).and_then(Value::as_str).unwrap_or_default()
}

fn str_param() -> Parameter {
    Parameter::new("str", Type::String).allow_dynamic_type(true)
}

/// `upper(str)`: the string with every letter mapped to its uppercase form.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::upper().call(&[Value::string("straße")]).unwrap(), Value::string("STRAßE"));
/// ```
pub fn upper() -> Function {
    Function::builder()
        .description("Returns the given string with all Unicode letters translated to their uppercase equivalents.")
        .param(str_param())
        .static_return_type(Type::String)
        .implementation(|args, _| {
            Ok(Value::string(string_arg(args, 0).chars().map(|c| case_of(c).0).collect::<String>()))
        })
        .build()
}

/// `lower(str)`: the string with every letter mapped to its lowercase form.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::lower().call(&[Value::string("ΑΣ İ")]).unwrap(), Value::string("ασ i"));
/// ```
pub fn lower() -> Function {
    Function::builder()
        .description("Returns the given string with all Unicode letters translated to their lowercase equivalents.")
        .param(str_param())
        .static_return_type(Type::String)
        .implementation(|args, _| {
            Ok(Value::string(string_arg(args, 0).chars().map(|c| case_of(c).1).collect::<String>()))
        })
        .build()
}

/// `reverse(str)`: the string with its characters (grapheme clusters) in reverse order.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::reverse().call(&[Value::string("ae\u{301}👍🏽")]).unwrap(), Value::string("👍🏽e\u{301}a"));
/// ```
pub fn reverse() -> Function {
    Function::builder()
        .description("Returns the given string with all of its Unicode characters in reverse order.")
        .param(str_param())
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let clusters: Vec<&str> = grapheme::clusters(string_arg(args, 0)).collect();
            Ok(Value::string(clusters.into_iter().rev().collect::<String>()))
        })
        .build()
}

/// `strlen(str)`: the number of characters (grapheme clusters) in the string.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::strlen().call(&[Value::string("👨‍👩‍👧 e\u{301}")]).unwrap(), Value::number(3));
/// ```
pub fn strlen() -> Function {
    Function::builder()
        .description("Returns the number of Unicode characters (technically: grapheme clusters) in the given string.")
        .param(str_param())
        .static_return_type(Type::Number)
        .implementation(|args, _| Ok(count_value(grapheme::clusters(string_arg(args, 0)).count())))
        .build()
}

fn count_value(n: usize) -> Value {
    Value::number(i64::try_from(n).unwrap_or(i64::MAX))
}

/// The message of the reference's conversion of a number to a machine integer.
pub(super) const WHOLE_NUMBER: &str =
    "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// A known number argument as an `i64`, or the reference's error for one that is not whole or
/// out of range.
pub(super) fn int_arg(v: &Value) -> Result<i64, FunctionError> {
    v.as_number().filter(|n| n.is_integer()).and_then(|n| n.to_i64()).ok_or_else(|| FunctionError::new(WHOLE_NUMBER))
}

/// `substr(str, offset, length)`: up to `length` characters of the string starting at
/// character `offset`.
///
/// A negative offset counts from the end of the string; a negative length takes the rest of
/// the string. Offsets past the end give the empty string.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let substr = stdlib::substr();
/// let call = |s: &str, o: i64, l: i64| substr.call(&[s.into(), o.into(), l.into()]).unwrap();
/// assert_eq!(call("hello", 1, 3), Value::string("ell"));
/// assert_eq!(call("hello", -3, 2), Value::string("ll"));
/// assert_eq!(call("hello", 2, -1), Value::string("llo"));
/// ```
pub fn substr() -> Function {
    Function::builder()
        .description("Extracts a substring from the given string.")
        .param(Parameter::new("str", Type::String).description("The input string.").allow_dynamic_type(true))
        .param(
            Parameter::new("offset", Type::Number)
                .description("The starting offset in Unicode characters.")
                .allow_dynamic_type(true),
        )
        .param(
            Parameter::new("length", Type::Number)
                .description("The maximum length of the result in Unicode characters.")
                .allow_dynamic_type(true),
        )
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let s = string_arg(args, 0);
            let offset = int_arg(args.get(1).unwrap_or(&Value::dynamic()))?;
            let length = int_arg(args.get(2).unwrap_or(&Value::dynamic()))?;
            Ok(Value::string(substring(s, offset, length)))
        })
        .build()
}

/// The reference's substring selection, quirks included: with a negative offset (counted back
/// from the end, and clamped to the start) a zero length takes the rest of the string rather
/// than nothing.
fn substring(s: &str, offset: i64, length: i64) -> &str {
    let mut offset = offset;
    if offset < 0 {
        let total = i64::try_from(grapheme::clusters(s).count()).unwrap_or(i64::MAX);
        offset = offset.saturating_add(total);
    } else if length == 0 {
        return "";
    }
    let mut rest = s;
    if offset > 0 {
        let mut skipped: i64 = 0;
        let mut at = 0;
        for cluster in grapheme::clusters(s) {
            at += cluster.len();
            skipped += 1;
            if skipped == offset {
                break;
            }
        }
        if skipped < offset {
            return "";
        }
        rest = &s[at..];
    }
    if length <= 0 {
        return rest;
    }
    let mut taken: i64 = 0;
    let mut end = 0;
    for cluster in grapheme::clusters(rest) {
        end += cluster.len();
        taken += 1;
        if taken == length {
            break;
        }
    }
    &rest[..end]
}

fn string_fn(description: &'static str, names: &[&'static str], f: fn(&[&str]) -> String) -> Function {
    let mut b = Function::builder().description(description);
    for name in names {
        b = b.param(Parameter::new(*name, Type::String));
    }
    b.static_return_type(Type::String)
        .implementation(move |args, _| {
            let strs: Vec<&str> = (0..args.len()).map(|i| string_arg(args, i)).collect();
            Ok(Value::string(f(&strs)))
        })
        .build()
}

/// The title-case mapping of `c`: its uppercase form, except for the few characters whose
/// title case differs (the Latin digraphs, and Georgian letters, which stay as they are).
fn title_case(c: char) -> char {
    match c {
        '\u{1C4}'..='\u{1C6}' => '\u{1C5}',
        '\u{1C7}'..='\u{1C9}' => '\u{1C8}',
        '\u{1CA}'..='\u{1CC}' => '\u{1CB}',
        '\u{1F1}'..='\u{1F3}' => '\u{1F2}',
        '\u{10D0}'..='\u{10FA}' | '\u{10FD}'..='\u{10FF}' => c,
        _ => case_of(c).0,
    }
}

/// Whether `c` separates words for `title` (Go's `strings.Title`): ASCII characters other
/// than letters, digits and `_`, and white space.
fn is_word_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    c.is_whitespace()
}

/// `title(str)`: the string with the first letter of each word in title case (words are
/// separated by white space and ASCII punctuation).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::title().call(&["hello wide-world".into()]).unwrap(), Value::string("Hello Wide-World"));
/// ```
pub fn title() -> Function {
    string_fn(
        "Replaces one letter after each non-letter and non-digit character with its uppercase equivalent.",
        &["str"],
        |a| {
            let mut prev = ' ';
            a[0].chars()
                .map(|c| {
                    let out = if is_word_separator(prev) { title_case(c) } else { c };
                    prev = c;
                    out
                })
                .collect()
        },
    )
}

/// `trimspace(str)`: the string without leading and trailing white space.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::trimspace().call(&[" \t a b\n".into()]).unwrap(), Value::string("a b"));
/// ```
pub fn trimspace() -> Function {
    string_fn(
        "Removes any consecutive space characters (as defined by Unicode) from the start and end of the given string.",
        &["str"],
        |a| a[0].trim().to_owned(),
    )
}

/// `trim(str, cutset)`: the string without the leading and trailing characters that appear
/// in `cutset`.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::trim().call(&["?!hello?!".into(), "!?".into()]).unwrap(), Value::string("hello"));
/// ```
pub fn trim() -> Function {
    string_fn(
        "Removes consecutive sequences of characters in \"cutset\" from the start and end of the given string.",
        &["str", "cutset"],
        |a| {
            let cutset: Vec<char> = a[1].chars().collect();
            a[0].trim_matches(|c| cutset.contains(&c)).to_owned()
        },
    )
}

/// `trimprefix(str, prefix)`: the string without `prefix` at its start, if it is there.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::trimprefix().call(&["helloworld".into(), "hello".into()]).unwrap(), Value::string("world"));
/// ```
pub fn trimprefix() -> Function {
    string_fn("Removes the given prefix from the start of the given string, if present.", &["str", "prefix"], |a| {
        a[0].strip_prefix(a[1]).unwrap_or(a[0]).to_owned()
    })
}

/// `trimsuffix(str, suffix)`: the string without `suffix` at its end, if it is there.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::trimsuffix().call(&["helloworld".into(), "world".into()]).unwrap(), Value::string("hello"));
/// ```
pub fn trimsuffix() -> Function {
    string_fn("Removes the given suffix from the start of the given string, if present.", &["str", "suffix"], |a| {
        a[0].strip_suffix(a[1]).unwrap_or(a[0]).to_owned()
    })
}

/// `chomp(str)`: the string without the line endings (`\n`, `\r\n`, `\r`) at its end.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::chomp().call(&["a\n\r\n".into()]).unwrap(), Value::string("a"));
/// ```
pub fn chomp() -> Function {
    string_fn("Removes one or more newline characters from the end of the given string.", &["str"], |a| {
        a[0].trim_end_matches(['\r', '\n']).to_owned()
    })
}

/// `replace(str, substr, replace)`: the string with every occurrence of `substr` replaced
/// (an empty `substr` matches before every character and at the end).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::replace().call(&["a-b-c".into(), "-".into(), "+".into()]).unwrap(), Value::string("a+b+c"));
/// ```
pub fn replace() -> Function {
    Function::builder()
        .description(
            "Replaces all instances of the given substring in the given string with the given replacement string.",
        )
        .param(Parameter::new("str", Type::String))
        .param(Parameter::new("substr", Type::String))
        .param(Parameter::new("replace", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let (s, from, to) = (string_arg(args, 0), string_arg(args, 1), string_arg(args, 2));
            if to.len() > from.len() {
                // An empty `substr` matches before every character and at the end.
                let matches = if from.is_empty() { s.chars().count() + 1 } else { s.matches(from).count() };
                check_result_len(matches.checked_mul(to.len() - from.len()).and_then(|n| n.checked_add(s.len())))?;
            }
            Ok(Value::string(s.replace(from, to)))
        })
        .build()
}

/// `indent(spaces, str)`: the string with `spaces` spaces added after each line break.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::indent().call(&[2.into(), "a\nb".into()]).unwrap(), Value::string("a\n  b"));
/// ```
pub fn indent() -> Function {
    Function::builder()
        .description("Adds a given number of spaces after each newline character in the given string.")
        .param(Parameter::new("spaces", Type::Number))
        .param(Parameter::new("str", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let spaces = int_arg(args.first().unwrap_or(&Value::dynamic()))?;
            let spaces = usize::try_from(spaces).map_err(|_| FunctionError::new("strings: negative Repeat count"))?;
            if spaces > MAX_STRING_GROWTH {
                return Err(FunctionError::new("strings: Repeat count causes overflow"));
            }
            let s = string_arg(args, 1);
            let lines = s.bytes().filter(|&b| b == b'\n').count();
            check_result_len(lines.checked_mul(spaces).and_then(|n| n.checked_add(s.len())))?;
            let pad = format!("\n{}", " ".repeat(spaces));
            Ok(Value::string(s.replace('\n', &pad)))
        })
        .build()
}

/// A bound on how much one call may grow a string, so that no input makes a call allocate
/// without limit.
const MAX_STRING_GROWTH: usize = 1 << 28;

/// The longest string a function builds: beyond it (where the reference would try to
/// allocate it all, and likely run out of memory) the call fails instead.
pub(super) const MAX_RESULT_LEN: usize = 1 << 28;

/// The error for a result longer than [`MAX_RESULT_LEN`].
pub(super) fn result_too_long() -> FunctionError {
    FunctionError::new(format!("the result would be longer than {MAX_RESULT_LEN} bytes"))
}

/// Fails when a result would be `len` bytes long (`None`: too many to count) and that is
/// more than [`MAX_RESULT_LEN`].
pub(super) fn check_result_len(len: Option<usize>) -> Result<(), FunctionError> {
    match len {
        Some(n) if n <= MAX_RESULT_LEN => {
            crate::function::check_result_size(n as u64 / crate::function::BYTES_PER_UNIT)
        }
        _ => Err(result_too_long()),
    }
}

/// `join(separator, lists...)`: the strings of the lists, in order, with `separator`
/// between them.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let l = Value::list(vec!["a".into(), "b".into()]).unwrap();
/// assert_eq!(stdlib::join().call(&[", ".into(), l]).unwrap(), Value::string("a, b"));
/// ```
pub fn join() -> Function {
    Function::builder()
        .description("Concatenates together the string elements of one or more lists with a given separator.")
        .param(Parameter::new("separator", Type::String))
        .var_param(Parameter::new("lists", Type::list(Type::String)))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let lists = args.get(1..).unwrap_or_default();
            if lists.is_empty() {
                return Err(FunctionError::new("at least one list is required"));
            }
            if !lists.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            let mut items: Vec<&str> = Vec::new();
            for (ai, list) in lists.iter().enumerate() {
                for (ei, v) in list.elements().unwrap_or_default().iter().enumerate() {
                    let Some(s) = v.as_str() else {
                        let msg = if lists.len() > 1 {
                            format!("element {ei} of list {} is null; cannot concatenate null values", ai + 1)
                        } else {
                            format!("element {ei} is null; cannot concatenate null values")
                        };
                        return Err(FunctionError::arg(ai + 1, msg));
                    };
                    items.push(s);
                }
            }
            let sep = string_arg(args, 0);
            let len = items
                .iter()
                .try_fold(sep.len().saturating_mul(items.len().saturating_sub(1)), |n, s| n.checked_add(s.len()));
            check_result_len(len)?;
            Ok(Value::string(items.join(sep)))
        })
        .build()
}

/// `split(separator, str)`: the parts of the string between occurrences of `separator` (an
/// empty separator splits between characters, here Unicode code points).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::split().call(&[",".into(), "a,,b".into()]).unwrap();
/// assert_eq!(v, Value::list(vec!["a".into(), "".into(), "b".into()]).unwrap());
/// ```
pub fn split() -> Function {
    Function::builder()
        .description("Produces a list of one or more strings by splitting the given string at all instances of a given separator substring.")
        .param(Parameter::new("separator", Type::String))
        .param(Parameter::new("str", Type::String))
        .static_return_type(Type::list(Type::String))
        .implementation(|args, _| {
            let sep = string_arg(args, 0);
            let s = string_arg(args, 1);
            let parts: Vec<Value> = if sep.is_empty() {
                s.chars().map(|c| Value::string(c.to_string())).collect()
            } else {
                s.split(sep).map(Value::string).collect()
            };
            Value::list_of(Type::String, parts).map_err(|e| FunctionError::new(e.to_string()))
        })
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOO_LONG: &str = "the result would be longer than 268435456 bytes";

    #[test]
    fn growing_results_are_bounded() {
        // Found by tests/stdlib_no_panic.rs: `indent` bounded the spaces but not the spaces
        // times the lines, and `replace` and `join` grew strings by the product of their
        // arguments' lengths, without limit.
        let lines = Value::string("\n".repeat(10));
        let e = indent().call(&[Value::number(1 << 28), lines.clone()]).unwrap_err();
        assert_eq!(e.message(), TOO_LONG);
        let e = indent().call(&[Value::number((1 << 28) + 1), lines]).unwrap_err();
        assert_eq!(e.message(), "strings: Repeat count causes overflow");
        let long = Value::string("a".repeat(1 << 16));
        let e = replace().call(&[long.clone(), Value::string(""), long.clone()]).unwrap_err();
        assert_eq!(e.message(), TOO_LONG);
        let e = replace().call(&[long.clone(), Value::string("a"), Value::string("b".repeat(5_000))]).unwrap_err();
        assert_eq!(e.message(), TOO_LONG);
        let sep = Value::string("-".repeat(1 << 20));
        let list = Value::list(vec![Value::string("x"); 300]).unwrap();
        let e = join().call(&[sep, list]).unwrap_err();
        assert_eq!(e.message(), TOO_LONG);
        // Within the bound they work as before.
        assert_eq!(indent().call(&[2.into(), "a\nb\n".into()]).unwrap(), Value::string("a\n  b\n  "));
        assert_eq!(replace().call(&["abc".into(), "".into(), "-".into()]).unwrap(), Value::string("-a-b-c-"));
        assert_eq!(replace().call(&["aXbX".into(), "X".into(), "".into()]).unwrap(), Value::string("ab"));
        let list = Value::list(vec!["a".into(), "b".into()]).unwrap();
        assert_eq!(join().call(&["--".into(), list]).unwrap(), Value::string("a--b"));
        let v = replace().call(&[long, "a".into(), "bb".into()]).unwrap();
        assert_eq!(v.as_str().map(str::len), Some(1 << 17));
    }

    #[test]
    fn case_mapping_is_simple_and_per_character() {
        assert_eq!(case_of('a'), ('A', 'a'));
        assert_eq!(case_of('ß'), ('ß', 'ß'));
        assert_eq!(case_of('İ'), ('İ', 'i'));
        assert_eq!(case_of('ı'), ('I', 'ı'));
        assert_eq!(case_of('ǅ'), ('Ǆ', 'ǆ'));
        assert_eq!(case_of('Ā'), ('Ā', 'ā'));
        assert_eq!(case_of('ā'), ('Ā', 'ā'));
        assert_eq!(case_of('ᾳ'), ('ᾼ', 'ᾳ'));
        assert_eq!(case_of('1'), ('1', '1'));
    }

    #[test]
    fn case_table_is_sorted() {
        for w in case_table::CASE_RANGES.windows(2) {
            assert!(w[0].0 <= w[0].1 && w[0].1 < w[1].0, "{:x?}", w);
        }
    }

    #[test]
    fn substring_edges() {
        // Recorded with `hcleval` (x = substr(...)).
        let cases: &[(&str, i64, i64, &str)] = &[
            ("hello", -3, 2, "ll"),
            ("hello", -3, -1, "llo"),
            ("hello", -10, 2, "he"),
            ("hello", 2, 0, ""),
            ("hello", -2, 0, "lo"),
            ("hello", 10, 2, ""),
            ("hello", 5, 2, ""),
            ("hello", 4, 10, "o"),
            ("hello", 0, -1, "hello"),
            ("hello", 0, -5, "hello"),
            ("", 0, 1, ""),
            ("", 1, 1, ""),
            ("", -1, 1, ""),
            ("hello", -5, 1, "h"),
            ("hello", -6, 1, "h"),
            ("hello", 1, -2, "ello"),
            ("abc", 3, 0, ""),
            ("abc", 3, -1, ""),
            ("abc", 0, 0, ""),
            ("hello", i64::MIN, 2, "he"),
            ("hello", i64::MAX, -1, ""),
        ];
        for &(s, o, l, want) in cases {
            assert_eq!(substring(s, o, l), want, "substr({s:?}, {o}, {l})");
        }
    }
}
