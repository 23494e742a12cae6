//! Checking and decoding string and number tokens, as Go's `encoding/json` (which the
//! reference uses for them) does.

use std::borrow::Cow;

/// Checks a string token (from its opening quote to where the scanner stopped) as Go's
/// `json.Unmarshal` does; on error returns Go's `SyntaxError.Offset`: the number of bytes
/// read when the error was found (one past the offending byte, or the length at a
/// premature end).
pub(crate) fn check_string(tok: &[u8]) -> Result<(), usize> {
    #[derive(Clone, Copy)]
    enum St {
        In,
        Esc,
        U(u8),
        End,
    }
    let mut st = St::In;
    for (i, &c) in tok.iter().enumerate().skip(1) {
        st = match st {
            St::In => match c {
                b'"' => St::End,
                b'\\' => St::Esc,
                0..=0x1f => return Err(i + 1),
                _ => St::In,
            },
            St::Esc => match c {
                b'b' | b'f' | b'n' | b'r' | b't' | b'\\' | b'/' | b'"' => St::In,
                b'u' => St::U(0),
                _ => return Err(i + 1),
            },
            St::U(n) => {
                if !c.is_ascii_hexdigit() {
                    return Err(i + 1);
                }
                if n == 3 {
                    St::In
                } else {
                    St::U(n + 1)
                }
            }
            St::End => match c {
                b' ' | b'\t' | b'\r' | b'\n' => St::End,
                _ => return Err(i + 1),
            },
        };
    }
    match st {
        St::End => Ok(()),
        _ => Err(tok.len()),
    }
}

fn hex4(b: &[u8]) -> Option<u32> {
    if b.len() < 4 {
        return None;
    }
    let mut v = 0;
    for &c in &b[..4] {
        v = v * 16 + (c as char).to_digit(16)?;
    }
    Some(v)
}

/// Pushes `bytes` as text, each byte that is not UTF-8 becoming U+FFFD (as Go decodes).
fn push_lossy(out: &mut String, bytes: &[u8]) {
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for _ in chunk.invalid() {
            out.push('\u{FFFD}');
        }
    }
}

/// Decodes the content of a string token that [`check_string`] accepted (the bytes between
/// the quotes). Escapes are resolved as Go does: a `\u` escape of a lone surrogate gives
/// U+FFFD, and so does each byte that is not UTF-8.
pub(crate) fn decode_string(content: &[u8]) -> Cow<'_, str> {
    if !content.contains(&b'\\') {
        return match std::str::from_utf8(content) {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => {
                let mut out = String::with_capacity(content.len() + 8);
                push_lossy(&mut out, content);
                Cow::Owned(out)
            }
        };
    }
    let mut out = String::with_capacity(content.len());
    let mut i = 0;
    while i < content.len() {
        let Some(off) = content[i..].iter().position(|&b| b == b'\\') else {
            push_lossy(&mut out, &content[i..]);
            break;
        };
        push_lossy(&mut out, &content[i..i + off]);
        i += off + 1;
        let Some(&e) = content.get(i) else { break };
        i += 1;
        match e {
            b'b' => out.push('\u{8}'),
            b'f' => out.push('\u{c}'),
            b'n' => out.push('\n'),
            b'r' => out.push('\r'),
            b't' => out.push('\t'),
            b'u' => {
                let Some(r) = hex4(&content[i..]) else { break };
                i += 4;
                let c = if (0xD800..0xE000).contains(&r) {
                    // A surrogate: valid only as the first half of a pair.
                    let low = if content[i..].starts_with(b"\\u") { hex4(&content[i + 2..]) } else { None };
                    match low {
                        Some(lo) if r < 0xDC00 && (0xDC00..0xE000).contains(&lo) => {
                            i += 6;
                            char::from_u32(0x10000 + ((r - 0xD800) << 10) + (lo - 0xDC00))
                        }
                        _ => None,
                    }
                } else {
                    char::from_u32(r)
                };
                out.push(c.unwrap_or('\u{FFFD}'));
            }
            other => out.push(other as char),
        }
    }
    Cow::Owned(out)
}

/// Whether a number token follows JSON's number grammar
/// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
pub(crate) fn is_json_number(b: &[u8]) -> bool {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > s
    };
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check() {
        assert_eq!(check_string(br#""abc""#), Ok(()));
        assert_eq!(check_string(br#""a\u00e9\n""#), Ok(()));
        // Offsets are one past the offending byte, or the length when the input ends early.
        assert_eq!(check_string(br#""x\qy""#), Err(4));
        assert_eq!(check_string(br#""\u12x4""#), Err(6));
        assert_eq!(check_string(br#""abc"#), Err(4));
        assert_eq!(check_string(br#""abc\""#), Err(6));
        assert_eq!(check_string(b"\"a\" b"), Err(5));
    }

    #[test]
    fn decode() {
        assert_eq!(decode_string(b"plain"), "plain");
        assert!(matches!(decode_string(b"plain"), Cow::Borrowed(_)));
        assert_eq!(decode_string(br#"a\"b\\c\/d\b\f\n\r\t"#), "a\"b\\c/d\u{8}\u{c}\n\r\t");
        assert_eq!(decode_string(br"\u00e9\ud83d\ude00"), "é😀");
        assert_eq!(decode_string(br"\ud800x\udc00"), "\u{FFFD}x\u{FFFD}");
        assert_eq!(decode_string(br"\ud800\u0041"), "\u{FFFD}A");
        assert_eq!(decode_string(b"\xe2\x82A\xff"), "\u{FFFD}\u{FFFD}A\u{FFFD}");
        assert_eq!(decode_string(b"\\n\xff"), "\n\u{FFFD}");
    }

    #[test]
    fn numbers() {
        for ok in ["0", "-0", "1", "12.5", "1e5", "1E+5", "-0.0e-0", "123456789012345678901234567890"] {
            assert!(is_json_number(ok.as_bytes()), "{ok}");
        }
        for bad in ["", "-", "+1", "01", ".5", "1.", "1e", "1e+", "1.5.2", "--1", "1-", "0x1", "1..2"] {
            assert!(!is_json_number(bad.as_bytes()), "{bad}");
        }
    }
}
