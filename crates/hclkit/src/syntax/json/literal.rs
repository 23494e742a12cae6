//! Checking and decoding string and number tokens, as Go's `encoding/json` (which the
//! reference uses for them) does.

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
    fn numbers() {
        for ok in ["0", "-0", "1", "12.5", "1e5", "1E+5", "-0.0e-0", "123456789012345678901234567890"] {
            assert!(is_json_number(ok.as_bytes()), "{ok}");
        }
        for bad in ["", "-", "+1", "01", ".5", "1.", "1e", "1e+", "1.5.2", "--1", "1-", "0x1", "1..2"] {
            assert!(!is_json_number(bad.as_bytes()), "{bad}");
        }
    }
}
