//! Decimal parsing with the results of Go's `big.ParseFloat(s, 10, prec, big.ToNearestEven)`.
//!
//! Accepted syntax (Go's base-10 `Float.Parse`): `Inf`, `inf`, `+Inf`, `+inf`, `-Inf`,
//! `-inf`; otherwise an optional sign, decimal digits with at most one `.` (at least one
//! digit), and an optional exponent: `e`/`E` for a power of ten or `p`/`P` for a power of
//! two, an optional sign and at least one digit (the exponent must fit an `i64`). Nothing
//! else: no spaces, no `_` separators, no `0x` prefixes.
//!
//! The value is computed the way Go computes it, so that the rounding *results* match even
//! where they differ from a correctly rounded conversion: the decimal digits form an exact
//! integer mantissa; with a decimal exponent `e` (fractional digits included) that integer is
//! multiplied or divided by `5^|e|`, itself computed by repeated squaring at `prec + 64` and
//! `prec + 128` bits as Go's `pow5` does, and the binary exponent is added exactly.

use num_bigint::BigUint;
use num_traits::Zero;

use super::bigfloat::{BigFloat, MAX_EXP, MIN_EXP};

/// The syntax accepted, taken apart.
struct Scanned<'a> {
    neg: bool,
    /// The mantissa's digits, without the decimal point.
    int_digits: &'a [u8],
    frac_digits: &'a [u8],
    /// The exponent and whether it is binary (`p`) rather than decimal (`e`).
    exp: i64,
    exp_binary: bool,
}

fn scan(s: &[u8]) -> Option<Scanned<'_>> {
    let mut i = 0;
    let neg = match s.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        Some(_) => false,
        None => return None,
    };
    let start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = &s[start..i];
    let mut frac_digits: &[u8] = &[];
    if i < s.len() && s[i] == b'.' {
        i += 1;
        let fstart = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = &s[fstart..i];
    }
    if int_digits.is_empty() && frac_digits.is_empty() {
        return None;
    }
    let mut exp = 0i64;
    let mut exp_binary = false;
    if i < s.len() && matches!(s[i], b'e' | b'E' | b'p' | b'P') {
        exp_binary = matches!(s[i], b'p' | b'P');
        i += 1;
        let mut eneg = false;
        if i < s.len() && matches!(s[i], b'+' | b'-') {
            eneg = s[i] == b'-';
            i += 1;
        }
        let estart = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        if i == estart {
            return None;
        }
        // strconv.ParseInt(digits, 10, 64): the signed value must fit an int64.
        let mut mag: i128 = 0;
        for &c in &s[estart..i] {
            mag = mag * 10 + i128::from(c - b'0');
            if mag > i128::from(i64::MAX) + 1 {
                return None;
            }
        }
        let signed = if eneg { -mag } else { mag };
        exp = i64::try_from(signed).ok()?;
    }
    if i != s.len() {
        return None;
    }
    Some(Scanned { neg, int_digits, frac_digits, exp, exp_binary })
}

/// Parses `s` at precision `prec` as Go's `big.ParseFloat(s, 10, prec, ToNearestEven)`.
pub(crate) fn parse_float(s: &str, prec: u32) -> Option<BigFloat> {
    match s {
        "Inf" | "inf" | "+Inf" | "+inf" => return Some(BigFloat::inf(false, prec)),
        "-Inf" | "-inf" => return Some(BigFloat::inf(true, prec)),
        _ => {}
    }
    let sc = scan(s.as_bytes())?;
    let mant = digits_to_biguint(sc.int_digits, sc.frac_digits);
    if mant.is_zero() {
        return Some(BigFloat::zero(sc.neg, prec));
    }
    let fcount = -i64::try_from(sc.frac_digits.len()).ok()?;
    let mbits = i64::try_from(mant.bits()).ok()?;
    // Go: exp2 = bits(mantissa) + fcount (+ exp); exp5 = fcount (+ exp when decimal).
    let mut exp2 = i128::from(mbits) + i128::from(fcount);
    let mut exp5 = i128::from(fcount);
    exp2 += i128::from(sc.exp);
    if !sc.exp_binary {
        exp5 += i128::from(sc.exp);
    }
    if exp2 < i128::from(MIN_EXP) || exp2 > i128::from(MAX_EXP) {
        return None; // Go: "exponent overflow"
    }
    let exp2 = i64::try_from(exp2).ok()?;
    let lsb = exp2 - mbits;
    if exp5 == 0 {
        return Some(BigFloat::finish(sc.neg, mant, lsb, false, prec));
    }
    // The unrounded mantissa takes part in the multiplication or division as it is.
    let x = BigFloat::finish(sc.neg, mant, lsb, false, u32::MAX);
    let p = pow5(u64::try_from(exp5.unsigned_abs()).ok()?, prec.saturating_add(64));
    let z = if exp5 < 0 { BigFloat::quo(&x, &p, prec) } else { BigFloat::mul(&x, &p, prec) };
    // Neither operation can meet a NaN: x is finite and nonzero, p is positive.
    z.ok()
}

/// The exact integer formed by the digits (ASCII, already validated).
fn digits_to_biguint(a: &[u8], b: &[u8]) -> BigUint {
    let mut acc = BigUint::zero();
    let mut chunk: u64 = 0;
    let mut n = 0u32;
    for &c in a.iter().chain(b.iter()) {
        chunk = chunk * 10 + u64::from(c - b'0');
        n += 1;
        if n == 19 {
            acc = acc * 10_000_000_000_000_000_000u64 + chunk;
            chunk = 0;
            n = 0;
        }
    }
    if n > 0 {
        acc = acc * 10u64.pow(n) + chunk;
    }
    acc
}

/// Go's `pow5` on a float of precision `prec`: `5^n`, exact up to `5^27`, beyond that by
/// binary powering with the accumulator at `prec` bits and the squares at `prec + 64` bits.
fn pow5(n: u64, prec: u32) -> BigFloat {
    const TAB_MAX: u64 = 27;
    if n <= TAB_MAX {
        return BigFloat::from_u64(false, 5u64.pow(n as u32), prec);
    }
    let mut z = BigFloat::from_u64(false, 5u64.pow(TAB_MAX as u32), prec);
    let mut n = n - TAB_MAX;
    let fprec = prec.saturating_add(64);
    let mut f = BigFloat::from_u64(false, 5, fprec);
    while n > 0 {
        if n & 1 != 0 {
            // Finite or infinite positive operands: no NaN is possible.
            z = BigFloat::mul(&z, &f, prec).unwrap_or_else(|_| BigFloat::inf(false, prec));
        }
        n >>= 1;
        if n > 0 {
            f = BigFloat::mul(&f, &f, fprec).unwrap_or_else(|_| BigFloat::inf(false, fprec));
        }
    }
    z
}
