//! Decimal formatting with the output of Go's `big.Float.Text`: `'f'` with precision −1
//! (the shortest decimal that reads back to the same value at the value's precision, in
//! positional notation) and `'g'` with precision 10 (`big.Float.String`).
//!
//! The shortest-decimal search is Go's `roundShortest` from `math/big/ftoa.go`, including
//! its digit-by-digit comparison of the value with the lower and upper bounds of its
//! rounding interval by digit index (Go does not align those three decimals' exponents).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::bigfloat::{BigFloat, Form};

/// A decimal `0.d₁d₂… × 10^exp` with ASCII digits and no trailing zeros (Go's `decimal`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    pub(crate) mant: Vec<u8>,
    pub(crate) exp: i64,
}

impl Decimal {
    /// The exact decimal expansion of `m × 2^shift`.
    pub(crate) fn exact(m: &BigUint, shift: i64) -> Decimal {
        if m.is_zero() {
            return Decimal { mant: Vec::new(), exp: 0 };
        }
        let (digits, point) = if shift >= 0 {
            let v = m << usize::try_from(shift).unwrap_or(usize::MAX);
            let s = v.to_str_radix(10).into_bytes();
            let n = s.len() as i64;
            (s, n)
        } else {
            // m / 2^k = m × 5^k / 10^k
            let k = shift.unsigned_abs();
            let v = m * pow5(k);
            let s = v.to_str_radix(10).into_bytes();
            let n = s.len() as i64;
            (s, n - k as i64)
        };
        let mut d = Decimal { mant: digits, exp: point };
        d.trim();
        d
    }

    /// The decimal of a nonnegative integer given as its digits.
    pub(crate) fn from_digits(digits: &[u8]) -> Decimal {
        let mut d = Decimal { mant: digits.to_vec(), exp: digits.len() as i64 };
        // No leading zeros for a nonzero value; zero is the empty mantissa.
        let lead = d.mant.iter().take_while(|&&c| c == b'0').count();
        d.mant.drain(..lead);
        d.exp -= lead as i64;
        d.trim();
        d
    }

    fn at(&self, i: i64) -> u8 {
        usize::try_from(i).ok().and_then(|i| self.mant.get(i).copied()).unwrap_or(b'0')
    }

    fn trim(&mut self) {
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }

    fn should_round_up(&self, n: usize) -> bool {
        if self.mant[n] == b'5' && n + 1 == self.mant.len() {
            return n > 0 && (self.mant[n - 1] - b'0') & 1 != 0;
        }
        self.mant[n] >= b'5'
    }

    /// Go's `decimal.round`: to `n` digits, ties to even.
    pub(crate) fn round(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        if self.should_round_up(n) {
            self.round_up(n);
        } else {
            self.round_down(n);
        }
    }

    fn round_up(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        let mut n = n;
        while n > 0 && self.mant[n - 1] >= b'9' {
            n -= 1;
        }
        if n == 0 {
            self.mant.clear();
            self.mant.push(b'1');
            self.exp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    fn round_down(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        self.mant.truncate(n);
        self.trim();
    }
}

/// `5^k`.
fn pow5(k: u64) -> BigUint {
    let five = BigUint::from(5u32);
    match u32::try_from(k) {
        Ok(k) => five.pow(k),
        // Unreachable for exponents within Go's int32 range; stay total anyway.
        Err(_) => {
            let mut r = BigUint::one();
            let mut base = five;
            let mut k = k;
            while k > 0 {
                if k & 1 == 1 {
                    r *= &base;
                }
                base = &base * &base;
                k >>= 1;
            }
            r
        }
    }
}

/// The exact decimal of a finite value's magnitude, shortened as Go's `roundShortest` does
/// for a value of precision `prec`.
pub(crate) fn shortest(mant: &BigUint, exp: i64, prec: u32) -> Decimal {
    let lsb = BigFloat::lsb(mant, exp);
    let mut d = Decimal::exact(mant, lsb);
    // The mantissa with exactly prec+1 bits (one extra zero bit for the half ulp).
    let b = mant.bits() as i64;
    let s = i64::from(prec) + 1 - b;
    let (m2, e2) = if s >= 0 {
        (mant << usize::try_from(s).unwrap_or(usize::MAX), lsb - s)
    } else {
        // Only with a mantissa wider than the precision, which values never have.
        (mant >> usize::try_from(-s).unwrap_or(usize::MAX), lsb - s)
    };
    let lower = Decimal::exact(&(&m2 - 1u32), e2);
    let upper = Decimal::exact(&(&m2 + 1u32), e2);
    let inclusive = !m2.bit(1);
    let len = d.mant.len();
    for i in 0..len {
        let ii = i as i64;
        let l = lower.at(ii);
        let u = upper.at(ii);
        let m = d.mant[i];
        let okdown = l != m || inclusive && i + 1 == lower.mant.len();
        let okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.mant.len());
        match (okdown, okup) {
            (true, true) => {
                d.round(i + 1);
                break;
            }
            (true, false) => {
                d.round_down(i + 1);
                break;
            }
            (false, true) => {
                d.round_up(i + 1);
                break;
            }
            (false, false) => {}
        }
    }
    d
}

/// Go's `fmtF`: positional notation with `prec` fractional digits.
fn fmt_f(buf: &mut String, prec: i64, d: &Decimal) {
    if d.exp > 0 {
        let m = (d.mant.len() as i64).min(d.exp) as usize;
        buf.extend(d.mant[..m].iter().map(|&c| c as char));
        for _ in m as i64..d.exp {
            buf.push('0');
        }
    } else {
        buf.push('0');
    }
    if prec > 0 {
        buf.push('.');
        for i in 0..prec {
            buf.push(d.at(d.exp + i) as char);
        }
    }
}

/// Go's `fmtE` with the `'e'` verb.
fn fmt_e(buf: &mut String, prec: i64, d: &Decimal) {
    buf.push(d.mant.first().map_or('0', |&c| c as char));
    if prec > 0 {
        buf.push('.');
        let m = (d.mant.len() as i64).min(prec + 1);
        let mut i = 1;
        if i < m {
            buf.extend(d.mant[1..m as usize].iter().map(|&c| c as char));
            i = m;
        }
        while i <= prec {
            buf.push('0');
            i += 1;
        }
    }
    buf.push('e');
    let exp = if d.mant.is_empty() { 0 } else { d.exp - 1 };
    buf.push(if exp < 0 { '-' } else { '+' });
    let a = exp.unsigned_abs();
    if a < 10 {
        buf.push('0');
    }
    buf.push_str(&a.to_string());
}

/// Sign prefix and infinity handling shared by both formats; `None` for finite values.
fn prefix(buf: &mut String, x: &BigFloat) -> bool {
    if x.neg {
        buf.push('-');
    }
    if x.is_inf() {
        if !x.neg {
            buf.push('+');
        }
        buf.push_str("Inf");
        return true;
    }
    false
}

/// Go's `x.Text('f', -1)`.
pub(crate) fn text_f_shortest(x: &BigFloat) -> String {
    let mut buf = String::new();
    if prefix(&mut buf, x) {
        return buf;
    }
    let d = match &x.form {
        Form::Finite { mant, exp } => shortest(mant, *exp, x.prec),
        _ => Decimal { mant: Vec::new(), exp: 0 },
    };
    let prec = (d.mant.len() as i64 - d.exp).max(0);
    fmt_f(&mut buf, prec, &d);
    buf
}

/// Go's `x.Text('g', 10)`, which is `x.String()`.
pub(crate) fn text_g10(x: &BigFloat) -> String {
    let mut buf = String::new();
    if prefix(&mut buf, x) {
        return buf;
    }
    let d = match &x.form {
        Form::Finite { mant, exp } => Decimal::exact(mant, BigFloat::lsb(mant, *exp)),
        _ => Decimal { mant: Vec::new(), exp: 0 },
    };
    g10_digits(&mut buf, d);
    buf
}

/// The `'g'`, precision 10 layout of an exact decimal.
pub(crate) fn g10_digits(buf: &mut String, mut d: Decimal) {
    let mut prec: i64 = 10;
    d.round(10);
    let len = d.mant.len() as i64;
    let mut eprec = prec;
    if eprec > len && len >= d.exp {
        eprec = len;
    }
    let exp = d.exp - 1;
    if exp < -4 || exp >= eprec {
        if prec > len {
            prec = len;
        }
        fmt_e(buf, prec - 1, &d);
        return;
    }
    if prec > d.exp {
        prec = len;
    }
    fmt_f(buf, (prec - d.exp).max(0), &d);
}
