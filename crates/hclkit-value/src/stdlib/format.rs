//! Formatting functions: `format`, `formatlist`.
//!
//! The format syntax is the reference's printf-like one: `%%`, and verbs `%` *flags*
//! *width* `.`*precision* `[`*n*`]` *letter*, with the flags `0`, `#`, `-`, `+` and space.
//! Strings are measured in characters (grapheme clusters); numbers are formatted as Go's
//! `fmt` formats `*big.Float` and `*big.Int` values.

use num_bigint::BigInt;

use super::collection::{err, value_err};
use super::grapheme;
use super::string::check_result_len;
use crate::convert;
use crate::function::{Function, FunctionError, Parameter};
use crate::go::{quote, quote_into as go_quote};
use crate::json;
use crate::number::{Number, NumberTooLongError};
use crate::ty::Type;
use crate::value::Value;

/// A bound on widths and precisions, so that no format string allocates without limit.
const MAX_WIDTH: usize = 1_000_000;

#[derive(Default)]
struct Verb<'a> {
    raw: &'a str,
    offset: usize,
    arg: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    plus: bool,
    minus: bool,
    space: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// Go's `%q` of a rune.
fn quote_rune(c: char) -> String {
    match c {
        '\'' => "'\\''".into(),
        '"' => "'\"'".into(),
        _ => {
            let mut q = String::new();
            go_quote(&c.to_string(), &mut q);
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

/// Formats `args` by `format` (the reference's `formatFSM`).
fn format_values(format: &str, args: &[Value]) -> Result<String, FunctionError> {
    let b = format.as_bytes();
    let mut out = String::new();
    let mut next_arg = 1usize;
    let mut highest = 0usize;
    let mut p = 0usize;
    let invalid_end = |p: usize| err(format!("invalid format string starting at offset {p}"));
    let bad_char = |p: usize| {
        let c = format.get(p..).and_then(|s| s.chars().next()).unwrap_or('\u{fffd}');
        err(format!("unrecognized format character {} at offset {p}", quote_rune(c)))
    };
    while p < b.len() {
        if b[p] != b'%' {
            let end = format[p..].find('%').map_or(b.len(), |i| p + i);
            out.push_str(&format[p..end]);
            p = end;
            continue;
        }
        let start = p;
        p += 1;
        if p < b.len() && b[p] == b'%' {
            out.push('%');
            p += 1;
            continue;
        }
        let mut verb = Verb { offset: start, arg: next_arg, ..Verb::default() };
        while p < b.len() {
            match b[p] {
                b'0' => verb.zero = true,
                b'#' => verb.sharp = true,
                b'-' => verb.minus = true,
                b'+' => verb.plus = true,
                b' ' => verb.space = true,
                _ => break,
            }
            p += 1;
        }
        let digits = |p: &mut usize| -> usize {
            let mut n: usize = 0;
            while *p < b.len() && b[*p].is_ascii_digit() {
                n = n.saturating_mul(10).saturating_add(usize::from(b[*p] - b'0'));
                *p += 1;
            }
            n
        };
        if p < b.len() && (b'1'..=b'9').contains(&b[p]) {
            verb.width = Some(digits(&mut p));
        }
        if p < b.len() && b[p] == b'.' {
            p += 1;
            verb.prec = Some(digits(&mut p));
        }
        if p < b.len() && b[p] == b'[' {
            p += 1;
            if p >= b.len() {
                return Err(invalid_end(p));
            }
            if !(b'1'..=b'9').contains(&b[p]) {
                return Err(bad_char(p));
            }
            verb.arg = digits(&mut p);
            if p >= b.len() {
                return Err(invalid_end(p));
            }
            if b[p] != b']' {
                return Err(bad_char(p));
            }
            p += 1;
        }
        if p >= b.len() {
            return Err(invalid_end(p));
        }
        if !b[p].is_ascii_alphabetic() {
            return Err(bad_char(p));
        }
        verb.mode = char::from(b[p]);
        p += 1;
        verb.raw = &format[start..p];
        highest = highest.max(verb.arg);
        append_verb(&verb, &mut out, args)?;
        // Each verb adds at most a width's worth of padding, but a format string of many
        // wide verbs could build a result without limit.
        check_result_len(Some(out.len()))?;
        next_arg = verb.arg.saturating_add(1);
    }
    if highest < args.len() {
        let first_bad = highest + 1;
        if highest == 0 {
            return Err(FunctionError::arg(first_bad, "too many arguments; no verbs in format string"));
        }
        return Err(FunctionError::arg(first_bad, format!("too many arguments; only {highest} used by format string")));
    }
    Ok(out)
}

fn append_verb(verb: &Verb<'_>, out: &mut String, args: &[Value]) -> Result<(), FunctionError> {
    let unsupported = |msg: &str| err(format!("unsupported value for {} at {}: {msg}", quote(verb.raw), verb.offset));
    let Some(arg) = verb.arg.checked_sub(1).and_then(|i| args.get(i)) else {
        return Err(err(format!(
            "not enough arguments for {} at {}: need index {} but have {} total",
            quote(verb.raw),
            verb.offset,
            verb.arg,
            args.len()
        )));
    };
    if verb.mode != 'v' && arg.is_null() {
        return Err(unsupported("null value cannot be formatted"));
    }
    let conv = |ty: &Type| convert::convert(arg, ty).map_err(|e| unsupported(&e.to_string()));
    match verb.mode {
        'v' => {
            if !verb.sharp {
                if let Some(s) = arg.as_str() {
                    out.push_str(&pad(verb, s.to_owned()));
                    return Ok(());
                }
                if let Some(n) = arg.as_number() {
                    let text = n.try_text('g', None).map_err(|e| unsupported(&e.to_string()))?;
                    out.push_str(&pad(verb, text));
                    return Ok(());
                }
            }
            let j = if arg.is_null() {
                "null".to_owned()
            } else {
                json::to_json(arg, &arg.ty()).map_err(|e| unsupported(&e.to_string()))?
            };
            out.push_str(&pad(verb, j));
        }
        't' => {
            let b = conv(&Type::Bool)?;
            out.push_str(if b.as_bool() == Some(true) { "true" } else { "false" });
        }
        'b' | 'd' | 'o' | 'x' | 'X' => {
            let n = conv(&Type::Number)?;
            let i = match n.as_number().filter(|n| n.is_integer()).map(Number::to_bigint_limited) {
                Some(Ok(Some(i))) => i,
                Some(Err(e)) => return Err(unsupported(&e.to_string())),
                _ => return Err(unsupported("an integer is required")),
            };
            out.push_str(&go_format_int(verb, &i));
        }
        'e' | 'E' | 'f' | 'g' | 'G' => {
            let n = conv(&Type::Number)?;
            let n = n.as_number().cloned().unwrap_or_else(Number::zero);
            out.push_str(&go_format_float(verb, &n).map_err(|e| unsupported(&e.to_string()))?);
        }
        's' | 'q' => {
            let s = conv(&Type::String)?;
            let mut s = s.as_str().unwrap_or_default();
            if let Some(prec) = verb.prec.filter(|&p| p > 0) {
                let end: usize = grapheme::clusters(s).take(prec).map(str::len).sum();
                s = &s[..end];
            }
            let text = if verb.mode == 'q' {
                json::to_json(&Value::string(s), &Type::String).map_err(|e| unsupported(&e.to_string()))?
            } else {
                s.to_owned()
            };
            out.push_str(&pad(verb, text));
        }
        m => {
            return Err(err(format!(
                "unsupported format verb {} in {} at offset {}",
                quote_rune(m),
                quote(verb.raw),
                verb.offset
            )))
        }
    }
    Ok(())
}

/// The reference's width padding, in characters: with spaces (zeros with the `0` flag), on
/// the left (the right with the `-` flag).
fn pad(verb: &Verb<'_>, s: String) -> String {
    let Some(width) = verb.width.map(|w| w.min(MAX_WIDTH)) else { return s };
    let len = grapheme::clusters(&s).count();
    if len >= width {
        return s;
    }
    let pads = (if verb.zero { "0" } else { " " }).repeat(width - len);
    if verb.minus {
        s + &pads
    } else {
        pads + &s
    }
}

/// Go's `fmt` flag rules: `-` turns off zero padding.
fn zero_flag(verb: &Verb<'_>) -> bool {
    verb.zero && !verb.minus
}

/// Go's `fmt.Sprintf` of a `*big.Int` with the verb's flags, width and precision.
fn go_format_int(verb: &Verb<'_>, i: &BigInt) -> String {
    let base = match verb.mode {
        'b' => 2,
        'o' => 8,
        'x' | 'X' => 16,
        _ => 10,
    };
    let sign = if i.sign() == num_bigint::Sign::Minus {
        "-"
    } else if verb.plus {
        "+"
    } else if verb.space {
        " "
    } else {
        ""
    };
    let prefix = match (verb.sharp, verb.mode) {
        (true, 'b') => "0b",
        (true, 'o') => "0",
        (true, 'x') => "0x",
        (true, 'X') => "0X",
        _ => "",
    };
    let mut digits = i.magnitude().to_str_radix(base);
    if verb.mode == 'X' {
        digits.make_ascii_uppercase();
    }
    let mut zeros = 0;
    if let Some(prec) = verb.prec.map(|p| p.min(MAX_WIDTH)) {
        if digits.len() < prec {
            zeros = prec - digits.len();
        } else if digits == "0" && prec == 0 {
            return String::new();
        }
    }
    let length = sign.len() + prefix.len() + zeros + digits.len();
    let (mut left, mut right) = (0, 0);
    if let Some(width) = verb.width.map(|w| w.min(MAX_WIDTH)).filter(|&w| length < w) {
        let d = width - length;
        if verb.minus {
            right = d;
        } else if zero_flag(verb) && verb.prec.is_none() {
            zeros = d;
        } else {
            left = d;
        }
    }
    format!("{}{sign}{prefix}{}{digits}{}", " ".repeat(left), "0".repeat(zeros), " ".repeat(right))
}

/// Go's `fmt.Sprintf` of a `*big.Float` with the verb's flags, width and precision.
fn go_format_float(verb: &Verb<'_>, n: &Number) -> Result<String, NumberTooLongError> {
    let prec = match (verb.mode, verb.prec) {
        ('g' | 'G', None) => None,
        (_, None) => Some(6),
        (_, Some(p)) => Some(p.min(MAX_WIDTH)),
    };
    let text = n.try_text(verb.mode, prec)?;
    let (sign, body) = if let Some(rest) = text.strip_prefix('-') {
        ("-", rest)
    } else if let Some(rest) = text.strip_prefix('+') {
        (if verb.space { " " } else { "+" }, rest)
    } else if verb.plus {
        ("+", text.as_str())
    } else if verb.space {
        (" ", text.as_str())
    } else {
        ("", text.as_str())
    };
    let padding = verb
        .width
        .map(|w| w.min(MAX_WIDTH))
        .filter(|&w| w > sign.len() + body.len())
        .map_or(0, |w| w - sign.len() - body.len());
    Ok(if zero_flag(verb) && !n.is_infinite() {
        format!("{sign}{}{body}", "0".repeat(padding))
    } else if verb.minus {
        format!("{sign}{body}{}", " ".repeat(padding))
    } else {
        format!("{}{sign}{body}", " ".repeat(padding))
    })
}

/// `format(format, args...)`: the arguments formatted by a printf-like format string.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let f = stdlib::format();
/// assert_eq!(f.call(&["%s has %03d %v".into(), "x".into(), 7.into(), true.into()]).unwrap(), Value::string("x has 007 true"));
/// assert_eq!(f.call(&["%.2f|%-4s|".into(), 3.14159.to_string().into(), "ab".into()]).unwrap(), Value::string("3.14|ab  |"));
/// ```
pub fn format() -> Function {
    Function::builder()
        .description("Constructs a string by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .param(Parameter::new("format", Type::String))
        .var_param(Parameter::new("args", Type::Dynamic).allow_null(true))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            let rest = args.get(1..).unwrap_or_default();
            if !rest.iter().all(Value::is_wholly_known) {
                return Ok(Value::unknown(Type::String));
            }
            let f = args.first().and_then(Value::as_str).unwrap_or_default();
            format_values(f, rest).map(Value::string)
        })
        .build()
}

/// `formatlist(format, args...)`: `format` applied element by element to the list, set and
/// tuple arguments (which must have the same length), other arguments repeated.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let names = Value::list(vec!["a".into(), "b".into()]).unwrap();
/// let v = stdlib::formatlist().call(&["%s=%d".into(), names, 1.into()]).unwrap();
/// assert_eq!(v, Value::list(vec!["a=1".into(), "b=1".into()]).unwrap());
/// ```
pub fn formatlist() -> Function {
    Function::builder()
        .description("Constructs a list of strings by applying formatting verbs to a series of arguments, using a similar syntax to the C function \"printf\".")
        .param(Parameter::new("format", Type::String))
        .var_param(Parameter::new("args", Type::Dynamic).allow_null(true).allow_unknown(true))
        .static_return_type(Type::list(Type::String))
        .implementation(|args, ty| {
            let f = args.first().and_then(Value::as_str).unwrap_or_default();
            let rest = args.get(1..).unwrap_or_default();
            if rest.is_empty() {
                let s = format_values(f, rest)?;
                return Value::list(vec![Value::string(s)]).map_err(value_err);
            }
            let mut iter_len: Option<(usize, usize)> = None;
            let mut unknown = false;
            for (i, arg) in rest.iter().enumerate() {
                let aty = arg.ty();
                if (aty.is_list() || aty.is_set() || aty.is_tuple()) && !arg.is_null() {
                    let len = match aty.tuple_elements() {
                        Some(t) => Some(t.len()),
                        None if arg.is_known() => Some(arg.length().unwrap_or(0))
                            .filter(|&n| !aty.is_set() || n == 1 || arg.is_wholly_known()),
                        None => None,
                    };
                    let Some(len) = len else {
                        unknown = true;
                        continue;
                    };
                    match iter_len {
                        None => iter_len = Some((len, i)),
                        Some((l, chooser)) if l != len => {
                            return Err(FunctionError::arg(
                                i + 1,
                                format!(
                                    "argument {} has length {len}, which is inconsistent with argument {} of length {l}",
                                    i + 1,
                                    chooser + 1
                                ),
                            ))
                        }
                        Some(_) => {}
                    }
                    if arg.is_unknown() {
                        unknown = true;
                    }
                } else if arg.is_dynamic() {
                    unknown = true;
                }
            }
            if unknown {
                return Ok(Value::unknown(ty.clone()));
            }
            let n = match iter_len {
                Some((0, _)) => return Ok(Value::empty_list(Type::String)),
                Some((n, _)) => n,
                None => 1,
            };
            let mut out = Vec::with_capacity(n);
            let mut total: usize = 0;
            'results: for k in 0..n {
                let mut call_args = Vec::with_capacity(rest.len());
                for arg in rest {
                    let aty = arg.ty();
                    let v = if (aty.is_list() || aty.is_set() || aty.is_tuple()) && !arg.is_null() {
                        arg.elements().and_then(|e| e.get(k)).cloned().unwrap_or_else(Value::dynamic)
                    } else {
                        arg.clone()
                    };
                    if !v.is_wholly_known() {
                        out.push(Value::unknown(Type::String));
                        continue 'results;
                    }
                    call_args.push(v);
                }
                let s = format_values(f, &call_args)
                    .map_err(|e| err(format!("error on format iteration {k}: {}", e.message())))?;
                total = total.saturating_add(s.len());
                check_result_len(Some(total))?;
                out.push(Value::string(s));
            }
            Value::list_of(Type::String, out).map_err(value_err)
        })
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_bounded() {
        // Found by tests/stdlib_no_panic.rs: each verb's width is capped, but a format string
        // of many wide verbs (or a long list for `formatlist`) built a result without limit.
        let wide = "%1000000[1]d".repeat(300);
        let e = format().call(&[Value::string(wide), Value::number(1)]).unwrap_err();
        assert_eq!(e.message(), "the result would be longer than 268435456 bytes");
        let list = Value::list((0..300).map(Value::number).collect()).unwrap();
        let e = formatlist().call(&[Value::string("%1000000d"), list]).unwrap_err();
        assert_eq!(e.message(), "the result would be longer than 268435456 bytes");
        // Wide verbs within the bound still work.
        let v = format().call(&[Value::string("%1000000[1]d%[1]d"), Value::number(7)]).unwrap();
        assert_eq!(v.as_str().map(str::len), Some(1_000_001));
    }

    #[test]
    fn huge_numbers_format_in_bounded_time() {
        // The reference expands 1e600000000 into all its digits for every verb and never
        // answers. Exponent forms are written; positional ones of more than a million
        // digits are errors.
        let huge = Value::number(Number::parse("1e600000000").unwrap());
        let tiny = Value::number(Number::parse("-1e-600000000").unwrap());
        let f = |fmt: &str, v: &Value| format().call(&[Value::string(fmt), v.clone()]);
        let ok = |fmt: &str, v: &Value| f(fmt, v).unwrap().as_str().unwrap().to_owned();
        assert_eq!(ok("%v", &huge), "1e+600000000");
        assert_eq!(ok("%e", &huge), "1.000000e+600000000");
        assert_eq!(ok("%.3G", &tiny), "-1E-600000000");
        assert_eq!(ok("%f", &tiny), "-0.000000");
        assert_eq!(ok("%s|%[1]v", &Value::number(Number::parse("1e3").unwrap())), "1000|1000");
        let too_long = "number too long to write out (600000000 digits; the limit is 1000000)";
        for (fmt, v) in [("%f", &huge), ("%d", &huge), ("%x", &huge)] {
            let e = f(fmt, v).unwrap_err();
            assert_eq!(e.message(), format!("unsupported value for \"{fmt}\" at 0: {too_long}"), "{fmt}");
        }
        let e = f("%s", &huge).unwrap_err();
        assert!(e.message().ends_with("(600000001 digits; the limit is 1000000)"), "{}", e.message());
        let e = f("%v", &Value::list(vec![tiny]).unwrap()).unwrap_err();
        assert!(e.message().ends_with("(600000001 digits; the limit is 1000000)"), "{}", e.message());
    }
}
