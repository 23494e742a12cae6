//! Regular expression functions: `regex`, `regexall`, `regexreplace`.
//!
//! Patterns use the RE2 syntax of Go's `regexp`, which the `regex` crate shares; the
//! differences are bridged here: `\d`, `\w`, `\s` and `\b` match ASCII only, as in Go.

use regex::Regex;
use regex_syntax::ast::ErrorKind;

use super::collection::{arg0, err, value_err};
use super::string::{result_too_long, MAX_RESULT_LEN};
use crate::function::{Function, FunctionError, Parameter};
use crate::ty::Type;
use crate::value::Value;

/// Rewrites the Perl classes and word boundaries Go defines over ASCII into explicit ASCII
/// forms (the `regex` crate's are Unicode-aware).
fn go_syntax(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    let mut class_depth = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(n) = chars.next() else {
                    out.push('\\');
                    break;
                };
                let inside = class_depth > 0;
                let rep = match (n, inside) {
                    ('d', false) => "[0-9]",
                    ('D', _) => "[^0-9]",
                    ('w', false) => "[0-9A-Za-z_]",
                    ('W', _) => "[^0-9A-Za-z_]",
                    ('s', false) => "[\\t\\n\\f\\r ]",
                    ('S', _) => "[^\\t\\n\\f\\r ]",
                    ('d', true) => "0-9",
                    ('w', true) => "0-9A-Za-z_",
                    ('s', true) => "\\t\\n\\f\\r ",
                    ('b', false) => "(?-u:\\b)",
                    ('B', false) => "(?-u:\\B)",
                    _ => {
                        out.push('\\');
                        out.push(n);
                        continue;
                    }
                };
                out.push_str(rep);
            }
            '[' if class_depth == 0 => {
                out.push('[');
                class_depth = 1;
                // A `]` first in a class (after an optional `^`) is literal.
                if chars.as_str().starts_with('^') {
                    chars.next();
                    out.push('^');
                }
                if chars.as_str().starts_with(']') {
                    chars.next();
                    out.push_str("\\]");
                }
            }
            '[' => {
                if let Some(end) = chars.as_str().strip_prefix(':').and_then(|r| r.find(":]")) {
                    // A POSIX class like [:alpha:].
                    out.push('[');
                    let body: String = chars.by_ref().take(end + 3).collect();
                    out.push_str(&body);
                } else {
                    // Literal inside a class in Go; the start of a nested class here.
                    out.push_str("\\[");
                }
            }
            ']' if class_depth > 0 => {
                class_depth = 0;
                out.push(']');
            }
            _ => out.push(c),
        }
    }
    out
}

/// A pattern's syntax error as Go's `regexp/syntax` reports it: its code and the offending
/// part of the pattern.
struct SyntaxError {
    code: &'static str,
    expr: String,
}

impl SyntaxError {
    /// As the `regex` and `regexall` functions word it.
    fn pattern_message(&self) -> String {
        format!("invalid regexp pattern: {} in {}", self.code, self.expr)
    }
    /// As Go's `regexp.Compile` words it.
    fn compile_message(&self) -> String {
        format!("error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

/// Compiles a pattern as Go's `regexp.Compile` would.
fn compile(pattern: &str) -> Result<Regex, SyntaxError> {
    if let Err(e) = regex_syntax::ast::parse::Parser::new().parse(pattern) {
        let span = e.span();
        let at = pattern.get(span.start.offset..span.end.offset).unwrap_or_default();
        let from = pattern.get(span.start.offset..).unwrap_or_default();
        let (code, expr) = match e.kind() {
            ErrorKind::GroupUnclosed => ("missing closing )", pattern),
            ErrorKind::GroupUnopened => ("unexpected )", pattern),
            ErrorKind::ClassUnclosed => ("missing closing ]", from),
            ErrorKind::RepetitionMissing => {
                // The operator: one character, or a counted repetition up to its `}`.
                let op = match from.chars().next() {
                    Some('{') => from.find('}').map_or(from, |i| &from[..=i]),
                    Some(c) => &from[..c.len_utf8()],
                    None => from,
                };
                ("missing argument to repetition operator", if at.is_empty() { op } else { at })
            }
            ErrorKind::EscapeUnrecognized => ("invalid escape sequence", at),
            ErrorKind::RepetitionCountInvalid => ("invalid repeat count", at),
            ErrorKind::ClassRangeInvalid => ("invalid character class range", at),
            ErrorKind::GroupNameDuplicate { .. } => ("duplicate capture group name", at),
            ErrorKind::GroupNameInvalid => ("invalid named capture", at),
            ErrorKind::FlagUnrecognized | ErrorKind::FlagUnexpectedEof => ("invalid or unsupported Perl syntax", at),
            _ => ("invalid regexp", at),
        };
        return Err(SyntaxError { code, expr: expr.to_owned() });
    }
    Regex::new(&go_syntax(pattern)).map_err(|_| SyntaxError { code: "invalid regexp", expr: pattern.to_owned() })
}

/// The result type for a pattern: a string without capture groups, a tuple of strings for
/// unnamed groups, an object of strings for named ones.
fn pattern_type(pattern: &str) -> Result<Type, FunctionError> {
    let re = compile(pattern).map_err(|e| FunctionError::arg(0, e.pattern_message()))?;
    let names: Vec<Option<&str>> = re.capture_names().skip(1).collect();
    let unnamed = names.iter().filter(|n| n.is_none()).count();
    let named: Vec<&str> = names.iter().filter_map(|n| *n).collect();
    match (unnamed, named.len()) {
        (0, 0) => Ok(Type::String),
        (u, n) if u > 0 && n > 0 => {
            Err(FunctionError::arg(0, "invalid regexp pattern: cannot mix both named and unnamed capture groups"))
        }
        (u, _) if u > 0 => Ok(Type::tuple(std::iter::repeat(Type::String).take(u))),
        _ => Ok(Type::object(named.into_iter().map(|n| (n, Type::String)))),
    }
}

fn match_value(re: &Regex, caps: &regex::Captures<'_>, ty: &Type) -> Value {
    let group = |i: usize| caps.get(i).map_or_else(|| Value::null(Type::String), |m| Value::string(m.as_str()));
    match ty {
        Type::Tuple(t) => Value::tuple((1..=t.elements().len()).map(group).collect()),
        Type::Object(_) => Value::object(
            re.capture_names().enumerate().skip(1).filter_map(|(i, n)| n.map(|n| (n.to_owned(), group(i)))),
        ),
        _ => group(0),
    }
}

fn pattern_params() -> [Parameter; 2] {
    [Parameter::new("pattern", Type::String), Parameter::new("string", Type::String)]
}

/// `regex(pattern, string)`: the first match of the pattern in the string: the matched text,
/// or a tuple (unnamed groups) or object (named groups) of the captures.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::regex().call(&["(\\d+)-(\\d+)".into(), "a 12-34".into()]).unwrap();
/// assert_eq!(v, Value::tuple(vec!["12".into(), "34".into()]));
/// ```
pub fn regex() -> Function {
    let [p, s] = pattern_params();
    Function::builder()
        .description("Applies the given regular expression pattern to the given string and returns information about a single match, or raises an error if there is no match.")
        .param(p)
        .param(s)
        .return_type(|args| match arg0(args).as_str() {
            Some(p) => pattern_type(p),
            None => Ok(Type::Dynamic),
        })
        .implementation(|args, ty| {
            if ty.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let re = compile(arg0(args).as_str().unwrap_or_default()).map_err(|e| FunctionError::arg(0, format!("error parsing pattern: {}", e.compile_message())))?;
            let s = args.get(1).and_then(Value::as_str).unwrap_or_default();
            let caps = re.captures(s).ok_or_else(|| err("pattern did not match any part of the given string"))?;
            Ok(match_value(&re, &caps, ty))
        })
        .build()
}

/// `regexall(pattern, string)`: every match of the pattern in the string, as `regex` gives
/// each, in a list.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::regexall().call(&["[a-z]+".into(), "ab 1 cd".into()]).unwrap();
/// assert_eq!(v, Value::list(vec!["ab".into(), "cd".into()]).unwrap());
/// ```
pub fn regexall() -> Function {
    let [p, s] = pattern_params();
    Function::builder()
        .description("Applies the given regular expression pattern to the given string and returns a list of information about all non-overlapping matches, or an empty list if there are no matches.")
        .param(p)
        .param(s)
        .return_type(|args| match arg0(args).as_str() {
            Some(p) => pattern_type(p).map(Type::list),
            None => Ok(Type::list(Type::Dynamic)),
        })
        .implementation(|args, ty| {
            let ety = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            if ety.is_dynamic() {
                return Ok(Value::dynamic());
            }
            let re = compile(arg0(args).as_str().unwrap_or_default()).map_err(|e| FunctionError::arg(0, format!("error parsing pattern: {}", e.compile_message())))?;
            let s = args.get(1).and_then(Value::as_str).unwrap_or_default();
            let vals: Vec<Value> = re.captures_iter(s).map(|c| match_value(&re, &c, &ety)).collect();
            Value::list_of(ety, vals).map_err(value_err)
        })
        .build()
}

/// `regexreplace(str, pattern, replace)`: the string with every match of the pattern
/// replaced; `$1`, `${name}` in the replacement insert captures (`$$` a dollar sign).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let v = stdlib::regexreplace().call(&["a1b22".into(), "[0-9]+".into(), "<$0>".into()]).unwrap();
/// assert_eq!(v, Value::string("a<1>b<22>"));
/// ```
pub fn regexreplace() -> Function {
    Function::builder()
        .description("Applies the given regular expression pattern to the given string and replaces all matches with the given replacement string.")
        .param(Parameter::new("str", Type::String))
        .param(Parameter::new("pattern", Type::String))
        .param(Parameter::new("replace", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let s = arg0(args).as_str().unwrap_or_default();
            let pattern = args.get(1).and_then(Value::as_str).unwrap_or_default();
            let rep = args.get(2).and_then(Value::as_str).unwrap_or_default();
            let re = compile(pattern).map_err(|e| err(e.compile_message()))?;
            // Expanded as `replace_all` expands a template, counting the bytes the expansions
            // add: a pattern that matches often and a long replacement could otherwise build
            // a result without limit. One expansion is at most the template with each `$`
            // replaced by the whole match (no group is longer), which bounds it before it is
            // made.
            let refs = rep.bytes().filter(|&b| b == b'$').count();
            let mut added: usize = 0;
            let out = re.replace_all(s, |caps: &regex::Captures<'_>| {
                let mut dst = String::new();
                let whole = caps.get(0).map_or(0, |m| m.len());
                let most = refs.saturating_mul(whole).saturating_add(rep.len());
                if added.saturating_add(most) <= MAX_RESULT_LEN {
                    caps.expand(rep, &mut dst);
                    added += dst.len();
                } else {
                    added = usize::MAX;
                }
                dst
            });
            if added > MAX_RESULT_LEN {
                return Err(result_too_long());
            }
            Ok(Value::string(out.into_owned()))
        })
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regexreplace_results_are_bounded() {
        // Found by tests/stdlib_no_panic.rs: a pattern matching everywhere and a long
        // replacement, or a template repeating a long match, built a result without limit.
        let long = Value::string("a".repeat(1 << 16));
        let calls = [
            [long.clone(), Value::string(""), long.clone()],
            [long.clone(), Value::string("(.*)"), Value::string("$1".repeat(5_000))],
        ];
        for args in calls {
            let e = regexreplace().call(&args).unwrap_err();
            assert_eq!(e.message(), "the result would be longer than 268435456 bytes");
        }
        // Templates still expand as before.
        let call = |s: &str, p: &str, r: &str| regexreplace().call(&[s.into(), p.into(), r.into()]).unwrap();
        assert_eq!(call("abc", "b", "[$0]"), Value::string("a[b]c"));
        assert_eq!(call("abc", "(?P<x>b)", "${x}$x$$"), Value::string("abb$c"));
        assert_eq!(call("abc", "", "-"), Value::string("-a-b-c-"));
        assert_eq!(call("abc", "(b)", "$1x"), Value::string("ac"));
    }
}
