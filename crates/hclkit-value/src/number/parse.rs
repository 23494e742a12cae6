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
//!
//! # Long literals
//!
//! Go converts all the digits to an integer, which takes time quadratic in their number (a
//! million digits: over a second; four million: twenty). The result is that integer, times
//! or divided by a power of five of at most `prec + 64` bits, rounded once to `prec` bits;
//! and rounding is monotone. So for a literal of more than [`LONG_DIGITS`] digits the
//! integer is bounded instead, from its leading digits: with `X_k` the first `k` digits and
//! `j` more digits, `X_k·10^j ≤ X ≤ (X_k + 1)·10^j` (equality on the left when the rest is
//! all zeros), with `10^j` itself bounded ([`scale::pow5_bounds`]). When the result rounds
//! alike at both ends of that interval, it is the result: this costs a pass over the digits
//! and a few multiplications. Only a literal within a relative `2^-(prec+100)` or so of a
//! rounding boundary leaves the two ends apart; then all its digits are converted, by
//! divide and conquer ([`scale::digits_value`], `O(M(n) log n)`), and Go's computation
//! follows.

use num_bigint::BigUint;
use num_traits::Zero;

use super::bigfloat::{BigFloat, Form, MAX_EXP, MIN_EXP};
use super::scale::{self, Dyadic};

/// Digits beyond which a literal is first rounded from its leading digits (see the module
/// documentation). Shorter ones are converted exactly, which then costs little.
const LONG_DIGITS: usize = 800;

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
    parse_with(s, prec, true)
}

/// [`parse_float`] converting all the digits of a long literal, as Go does (the reference
/// the bounded path is tested against).
#[cfg(test)]
pub(crate) fn parse_float_exact(s: &str, prec: u32) -> Option<BigFloat> {
    parse_with(s, prec, false)
}

/// Whether the leading digits of `s` decide its value (no exact conversion needed).
#[cfg(test)]
pub(crate) fn long_is_decided(s: &str, prec: u32) -> bool {
    scan(s.as_bytes()).is_some_and(|sc| !matches!(parse_long(&sc, prec), Long::Undecided))
}

fn parse_with(s: &str, prec: u32, bounded: bool) -> Option<BigFloat> {
    match s {
        "Inf" | "inf" | "+Inf" | "+inf" => return Some(BigFloat::inf(false, prec)),
        "-Inf" | "-inf" => return Some(BigFloat::inf(true, prec)),
        _ => {}
    }
    let sc = scan(s.as_bytes())?;
    if bounded && sc.int_digits.len() + sc.frac_digits.len() > LONG_DIGITS {
        match parse_long(&sc, prec) {
            Long::Value(f) => return Some(f),
            Long::Overflow => return None,
            Long::Undecided => {}
        }
    }
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

/// What [`parse_long`] found.
enum Long {
    /// The value, as Go computes it.
    Value(BigFloat),
    /// The binary exponent is out of Go's range: a syntax error.
    Overflow,
    /// The leading digits do not decide the rounding: convert them all.
    Undecided,
}

/// Go's result for a long literal, from bounds on its digits (see the module
/// documentation), when they decide it.
fn parse_long(sc: &Scanned<'_>, prec: u32) -> Long {
    // Enough leading digits for about prec + 128 bits.
    let keep = usize::try_from((u64::from(prec) + 128) * 30103 / 100_000 + 20).unwrap_or(usize::MAX);
    let mut head = Vec::with_capacity(keep.min(4096));
    let mut len: u64 = 0;
    let mut rest_zero = true;
    for &c in sc.int_digits.iter().chain(sc.frac_digits).skip_while(|&&c| c == b'0') {
        if head.len() < keep {
            head.push(c);
        } else if c != b'0' {
            rest_zero = false;
        }
        len += 1;
    }
    if head.is_empty() {
        return Long::Undecided; // zero: the exact path answers at once
    }
    let j = len - head.len() as u64;
    let xk = scale::digits_value(&head);
    let xk1 = if rest_zero { xk.clone() } else { &xk + 1u32 };
    let w = u64::from(prec) + 128;
    let (pl, ph) = scale::pow5_bounds(j, w);
    let j = i64::try_from(j).unwrap_or(i64::MAX);
    // X_k·10^j ≤ X ≤ X_k1·10^j, 10^j = 5^j·2^j.
    let x_lo = Dyadic { m: &xk * &pl.m, x: pl.x + j };
    let x_hi = Dyadic { m: &xk1 * &ph.m, x: ph.x + j };

    // Go's exponent check: exp2 = bits(X) + fcount (+ exp) within int32.
    let fcount = -i128::try_from(sc.frac_digits.len()).unwrap_or(i128::MAX);
    let in_range = |d: &Dyadic| {
        let exp2 = i128::from(d.m.bits()) + i128::from(d.x) + fcount + i128::from(sc.exp);
        (i128::from(MIN_EXP)..=i128::from(MAX_EXP)).contains(&exp2)
    };
    match (in_range(&x_lo), in_range(&x_hi)) {
        (true, true) => {}
        (false, false) => return Long::Overflow,
        _ => return Long::Undecided,
    }
    let Ok(lsb) = i64::try_from(fcount + i128::from(sc.exp)) else { return Long::Undecided };
    let exp5 = fcount + if sc.exp_binary { 0 } else { i128::from(sc.exp) };
    let v_lo = Dyadic { m: x_lo.m, x: x_lo.x + lsb };
    let v_hi = Dyadic { m: x_hi.m, x: x_hi.x + lsb };
    let (lo, hi) = if exp5 == 0 {
        (v_lo, v_hi)
    } else {
        let Ok(k) = u64::try_from(exp5.unsigned_abs()) else { return Long::Undecided };
        let p = pow5(k, prec.saturating_add(64));
        let Form::Finite { mant: pm, exp: pe } = &p.form else {
            // The power of five overflowed to infinity: the result (an infinity or a zero)
            // does not depend on the digits.
            let x = BigFloat::finish(sc.neg, v_lo.m, v_lo.x, false, u32::MAX);
            let z = if exp5 < 0 { BigFloat::quo(&x, &p, prec) } else { BigFloat::mul(&x, &p, prec) };
            return z.map_or(Long::Undecided, Long::Value);
        };
        let p = Dyadic { m: pm.clone(), x: pe - i64::try_from(pm.bits()).unwrap_or(0) };
        if exp5 > 0 {
            (v_lo.mul(&p), v_hi.mul(&p))
        } else {
            // Quotients with at least w bits, rounded outwards.
            let shift =
                |v: &Dyadic| i64::try_from(w + p.m.bits()).unwrap_or(0) - i64::try_from(v.m.bits()).unwrap_or(0) + 2;
            let (s_lo, s_hi) = (shift(&v_lo), shift(&v_hi));
            (
                Dyadic { m: scale::floor_div_shift(&v_lo.m, s_lo, &p.m), x: v_lo.x - s_lo - p.x },
                Dyadic { m: scale::ceil_div_shift(&v_hi.m, s_hi, &p.m), x: v_hi.x - s_hi - p.x },
            )
        }
    };
    let a = BigFloat::finish(sc.neg, lo.m, lo.x, false, prec);
    let b = BigFloat::finish(sc.neg, hi.m, hi.x, false, prec);
    if a == b {
        Long::Value(a)
    } else {
        Long::Undecided
    }
}

/// The exact integer formed by the digits (ASCII, already validated).
fn digits_to_biguint(a: &[u8], b: &[u8]) -> BigUint {
    if a.len() + b.len() > LONG_DIGITS {
        // Divide and conquer: quadratic Horner evaluation would take seconds.
        let all: Vec<u8> = a.iter().chain(b).copied().skip_while(|&c| c == b'0').collect();
        return scale::digits_value(&all);
    }
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
