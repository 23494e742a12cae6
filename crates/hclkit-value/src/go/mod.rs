//! Go's text conventions, as the reference (written in Go) shows text: `strconv.Quote` / `%q`
//! quoting with Go's `unicode.IsPrint`, and the range of floating-point literals `math/big`
//! accepts. `encoding/json` strings are [`crate::json::write_string`]'s ([`crate::json::Escape::Go`]).
//!
//! Every message, JSON output and literal check that must match the reference byte for byte
//! goes through this module, in both crates. The printable table is generated from Go 1.19
//! itself by `oracle/goprint` (Unicode 13.0.0); the test table below was checked against
//! `strconv.Quote` with `go run ./oracle/goprint -check <hex code points>`.
//!
//! ```
//! use hclkit_value::go;
//!
//! assert_eq!(go::quote("tab\there é"), "\"tab\\there é\"");
//! assert_eq!(go::quote("\u{ad}\u{e0001}"), "\"\\u00ad\\U000e0001\"");
//! assert!(go::float_literal_in_range(b"1e2147483646"));
//! assert!(!go::float_literal_in_range(b"1e2147483647"));
//! ```

use std::fmt::Write as _;

mod isprint;

/// Go's `unicode.IsPrint` (and `strconv.IsPrint`): letters, marks, numbers, punctuation,
/// symbols and the ASCII space, as of Unicode 13.0.0 (Go 1.19). Unassigned code points,
/// noncharacters, private-use, format and control characters and other spaces are not
/// printable.
pub fn is_print(c: char) -> bool {
    let u = c as u32;
    if (0x20..0x7f).contains(&u) {
        return true;
    }
    let table = &isprint::PRINTABLE;
    // The last range starting at or before `u`.
    let i = table.partition_point(|&(lo, _)| lo <= u);
    i > 0 && u <= table[i - 1].1
}

/// Appends `s` quoted as Go's `strconv.Quote` (and `%q`) does: `\"` and `\\`, C escapes for
/// the usual control characters, `\xNN` for other ASCII controls, `\uNNNN`/`\UNNNNNNNN` for
/// other characters that are not [printable](is_print), everything else as is.
pub fn quote_into(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        push_quoted_char(c, out);
    }
    out.push('"');
}

/// Appends bytes that may not be UTF-8 quoted as Go's `strconv.Quote` quotes such a string
/// (as a command-line argument may be): the characters as [`quote_into`] writes them, and
/// each byte that does not begin a valid UTF-8 sequence as `\xNN`.
///
/// ```
/// assert_eq!(hclkit_value::go::quote_bytes(b"a\xff\xe2\x82\x07"), r#""a\xff\xe2\x82\a""#);
/// ```
pub fn quote_bytes(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_quoted_char(c, &mut out);
        }
        // Go decodes an invalid sequence one byte at a time, each one `\xNN`.
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out.push('"');
    out
}

fn push_quoted_char(c: char, out: &mut String) {
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
        c if is_print(c) => out.push(c),
        c if (c as u32) < 0x80 => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c if (c as u32) < 0x10000 => {
            let _ = write!(out, "\\u{:04x}", c as u32);
        }
        c => {
            let _ = write!(out, "\\U{:08x}", c as u32);
        }
    }
}

/// `s` quoted as Go's `strconv.Quote` does; see [`quote_into`].
pub fn quote(s: &str) -> String {
    let mut out = String::new();
    quote_into(s, &mut out);
    out
}

/// Whether a decimal literal (`digits [. digits] [e|E [+|-] digits]`, the native syntax's
/// number form) is one `math/big` parses: its binary exponent (the bit length of all its digits
/// as one integer, less the fraction digits, plus the decimal exponent) must fit an `int32`,
/// and the written exponent an `int64`. Anything not of that form is `false`.
///
/// Cheap whatever the literal's length: the value itself is not computed, except for a
/// literal of more than 38 significant digits whose estimated exponent lies within a few bits
/// of the limit.
pub fn float_literal_in_range(s: &[u8]) -> bool {
    let digits_from = |mut i: usize| {
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = digits_from(0);
    let int_digits = &s[..i];
    let mut frac_digits: &[u8] = &[];
    if i < s.len() && s[i] == b'.' {
        let fs = i + 1;
        i = digits_from(fs);
        frac_digits = &s[fs..i];
    }
    let mut exp: i64 = 0;
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        i += 1;
        let neg = match s.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let es = i;
        i = digits_from(es);
        if es == i {
            return false;
        }
        let mut v: i64 = 0;
        for &d in &s[es..i] {
            let Some(nv) = v.checked_mul(10).and_then(|v| v.checked_add(i64::from(d - b'0'))) else {
                // Go accepts -9223372036854775808 too; nothing that large is in range anyway.
                return false;
            };
            v = nv;
        }
        exp = if neg { -v } else { v };
    }
    if i != s.len() {
        return false;
    }
    // Mantissa: all digits as one integer (leading zeros skipped); zero is always fine.
    let int_sig = &int_digits[int_digits.iter().position(|&d| d != b'0').unwrap_or(int_digits.len())..];
    let frac_sig = if int_sig.is_empty() {
        &frac_digits[frac_digits.iter().position(|&d| d != b'0').unwrap_or(frac_digits.len())..]
    } else {
        frac_digits
    };
    let sig_len = int_sig.len() + frac_sig.len();
    if sig_len == 0 {
        return true;
    }
    // Bit length of the mantissa integer (exact for up to 38 digits, estimated beyond).
    let bitlen: i64 = if sig_len <= 38 {
        let v = int_sig.iter().chain(frac_sig).fold(0u128, |a, &d| a * 10 + u128::from(d - b'0'));
        128 - i64::from(v.leading_zeros())
    } else {
        (sig_len as f64 * std::f64::consts::LOG2_10).ceil() as i64
    };
    let exp2 = bitlen - frac_digits.len() as i64 + exp;
    let (min, max) = (crate::number::MIN_LITERAL_EXP, crate::number::MAX_LITERAL_EXP);
    if sig_len > 38 && (exp2 - max).abs().min((exp2 - min).abs()) <= 64 {
        // The estimate may be off by a few bits, and Go's limit is exact: ask the parser
        // itself (bounded in cost, whatever the length).
        return std::str::from_utf8(s).ok().is_some_and(|t| crate::Number::parse(t).is_ok());
    }
    (min..=max).contains(&exp2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Code points and `strconv.Quote(string(rune(c)))`, from Go 1.19
    /// (`go run ./oracle/goprint -check 0 7 1f 7f 80 a0 ad 378 ...`).
    const QUOTED: &[(u32, &str)] = &[
        (0x0, r#""\x00""#),
        (0x7, r#""\a""#),
        (0x1f, r#""\x1f""#),
        (0x7f, r#""\x7f""#),
        (0x80, r#""\u0080""#),
        (0xa0, r#""\u00a0""#),
        (0xad, r#""\u00ad""#),
        (0x378, r#""\u0378""#),
        (0x61c, r#""\u061c""#),
        (0x2028, r#""\u2028""#),
        (0x3000, r#""\u3000""#),
        (0xe000, r#""\ue000""#),
        (0xfdd0, r#""\ufdd0""#),
        (0xfdef, r#""\ufdef""#),
        (0xfeff, r#""\ufeff""#),
        (0xfffd, "\"\u{fffd}\""),
        (0xfffe, r#""\ufffe""#),
        (0x110bd, r#""\U000110bd""#),
        (0x1bca0, r#""\U0001bca0""#),
        (0x1bca3, r#""\U0001bca3""#),
        (0x1d173, r#""\U0001d173""#),
        (0x1d17a, r#""\U0001d17a""#),
        (0x1fffe, r#""\U0001fffe""#),
        (0x1f600, "\"\u{1f600}\""),
        (0xe0001, r#""\U000e0001""#),
        (0xe0020, r#""\U000e0020""#),
        (0xe007f, r#""\U000e007f""#),
        (0xe0100, "\"\u{e0100}\""),
        (0x10fffd, r#""\U0010fffd""#),
        (0xe9, "\"\u{e9}\""),
        (0x41, r#""A""#),
        (0x22, r#""\"""#),
        (0x5c, r#""\\""#),
    ];

    #[test]
    fn quotes_as_go() {
        for &(c, want) in QUOTED {
            let c = char::from_u32(c).unwrap();
            assert_eq!(quote(&c.to_string()), want, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn printable_table_is_sorted_and_disjoint() {
        let t = &isprint::PRINTABLE;
        assert!(t.iter().all(|&(lo, hi)| lo <= hi));
        assert!(t.windows(2).all(|w| w[0].1 + 1 < w[1].0));
        assert!(is_print(' ') && !is_print('\u{85}') && !is_print('\u{10fffd}') && !is_print('\u{10ffff}'));
    }

    /// `json::write_string` (Go's escaping) character by character, as it was first written.
    fn json_string_by_chars(s: &str) -> String {
        let mut out = String::from('"');
        for ch in s.chars() {
            match ch {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{2028}' => out.push_str("\\u2028"),
                '\u{2029}' => out.push_str("\\u2029"),
                '<' | '>' | '&' | '\u{0}'..='\u{1f}' => {
                    let _ = write!(out, "\\u{:04x}", ch as u32);
                }
                _ => out.push(ch),
            }
        }
        out.push('"');
        out
    }

    proptest::proptest! {
        #[test]
        fn json_strings_by_bytes_as_by_chars(s in "(.|[\"\\\\<>&\u{0}-\u{1f}\u{2027}-\u{202a}\u{e000}\u{20ac}])*") {
            let mut out = String::new();
            crate::json::write_string(&mut out, &s, crate::json::Escape::Go);
            proptest::prop_assert_eq!(out, json_string_by_chars(&s));
        }
    }

    #[test]
    fn json_strings_as_go() {
        let mut s = String::new();
        crate::json::write_string(
            &mut s,
            "a\"\\\n\r\t\u{1}\u{7f}<>&\u{2028}\u{2029}é\u{1F600}",
            crate::json::Escape::Go,
        );
        assert_eq!(s, "\"a\\\"\\\\\\n\\r\\t\\u0001\u{7f}\\u003c\\u003e\\u0026\\u2028\\u2029é\u{1F600}\"");
    }

    #[test]
    fn float_literal_ranges() {
        // Not the native number form.
        for bad in ["1e", "1e+", "1x", "-1", "1..2", "1e99999999999999999999"] {
            assert!(!float_literal_in_range(bad.as_bytes()), "{bad}");
        }
        // The range is exactly what the number parser (Go's `big.Float` rules) accepts,
        // at both ends, for short and long mantissas.
        let long = "7".repeat(60);
        for lit in [
            "0".to_string(),
            "0e99999999999".into(),
            "1.5".into(),
            "1E+10".into(),
            "1e2147483646".into(),
            "1e2147483647".into(),
            "1e-2147483649".into(),
            "1e-2147483650".into(),
            format!("{long}e2147483447"),
            format!("{long}e2147483448"),
            format!("{long}e2147483449"),
            format!("0.{long}e-2147483590"),
            format!("0.{long}e-2147483588"),
            format!("0.{long}e-2147483589"),
            // Leading zeros are not significant digits, in the integer part or the fraction.
            "000120.0500".into(),
            "0.0005e-2147483643".into(),
            "0.0005e-2147483644".into(),
            "00.0005e-2147483645".into(),
            "000.000".into(),
            format!("000.000{long}e-2147483588"),
            format!("000.000{long}e-2147483586"),
        ] {
            let parses = crate::Number::parse(&lit).is_ok();
            assert_eq!(float_literal_in_range(lit.as_bytes()), parses, "{lit}");
        }
        assert!(float_literal_in_range(b"1e2147483646") && !float_literal_in_range(b"1e2147483647"));
    }
}
