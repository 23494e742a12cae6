//! Decimal formatting with the output of Go's `big.Float.Text`: `'f'` with precision −1
//! (the shortest decimal that reads back to the same value at the value's precision, in
//! positional notation) and `'g'` with precision 10 (`big.Float.String`).
//!
//! The shortest-decimal search is Go's `roundShortest` from `math/big/ftoa.go`, including
//! its digit-by-digit comparison of the value with the lower and upper bounds of its
//! rounding interval by digit index (Go does not align those three decimals' exponents).

use num_bigint::BigUint;
use num_integer::Integer;
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

/// Leading decimal digits of a value: either all of them (`rest == false`, trailing zeros
/// trimmed, as Go's `decimal`), or a prefix followed by at least one more nonzero digit.
struct Digits {
    mant: Vec<u8>,
    exp: i64,
    rest: bool,
}

impl Digits {
    fn exact(d: Decimal) -> Digits {
        Digits { mant: d.mant, exp: d.exp, rest: false }
    }

    /// The first digits of `n × 2^e`: `floor(n × 2^e × 10^t)` and whether a remainder is
    /// left; `p10` is `10^|t|`.
    fn window(n: &BigUint, e: i64, t: i64, p10: &BigUint) -> Digits {
        let mut q = n.clone();
        if t >= 0 {
            q *= p10;
        }
        let mut rest = false;
        if e >= 0 {
            q <<= usize::try_from(e).unwrap_or(usize::MAX);
        } else {
            let k = e.unsigned_abs();
            rest = q.trailing_zeros().is_some_and(|tz| tz < k);
            q >>= usize::try_from(k).unwrap_or(usize::MAX);
        }
        if t < 0 {
            // floor(floor(x / 2^k) / 10^j) = floor(x / (2^k · 10^j))
            let (qq, r) = q.div_rem(p10);
            rest |= !r.is_zero();
            q = qq;
        }
        if q.is_zero() {
            // No digit in the window: nothing is known.
            return Digits { mant: Vec::new(), exp: 0, rest: true };
        }
        let s = q.to_str_radix(10).into_bytes();
        let exp = s.len() as i64 - t;
        let mut d = Digits { mant: s, exp, rest };
        if !d.rest {
            while d.mant.last() == Some(&b'0') {
                d.mant.pop();
            }
        }
        d
    }

    /// Digit `i` (Go's `decimal.at`), if known.
    fn at(&self, i: usize) -> Option<u8> {
        match self.mant.get(i) {
            Some(&c) => Some(c),
            None if !self.rest => Some(b'0'),
            None => None,
        }
    }

    /// Whether the full digit string has exactly `n` digits, if known.
    fn len_is(&self, n: usize) -> Option<bool> {
        if !self.rest {
            Some(n == self.mant.len())
        } else if n <= self.mant.len() {
            Some(false)
        } else {
            None
        }
    }

    /// Whether the full digit string has more than `n` digits, if known.
    fn len_exceeds(&self, n: usize) -> Option<bool> {
        if !self.rest {
            Some(n < self.mant.len())
        } else if n <= self.mant.len() {
            Some(true)
        } else {
            None
        }
    }

    /// Go's `decimal.round(n)` (ties to even), if the known digits decide it.
    fn round(self, n: usize) -> Option<Decimal> {
        if self.len_exceeds(n)? {
            let c = self.at(n)?;
            let tie = c == b'5' && self.len_is(n + 1)?;
            let up = if tie { n > 0 && (self.mant[n - 1] - b'0') & 1 != 0 } else { c >= b'5' };
            Some(if up { self.round_up(n) } else { self.round_down(n) })
        } else {
            Some(self.into_decimal())
        }
    }

    /// Go's `decimal.roundUp(n)` for `n` below the full length.
    fn round_up(self, n: usize) -> Decimal {
        let mut d = Decimal { mant: self.mant, exp: self.exp };
        d.mant.truncate(n);
        d.mant.push(b'0'); // a digit to drop, so that Go's round_up has work to do
        d.round_up(n);
        d
    }

    /// Go's `decimal.roundDown(n)` for `n` below the full length.
    fn round_down(self, n: usize) -> Decimal {
        let mut d = Decimal { mant: self.mant, exp: self.exp };
        d.mant.truncate(n);
        d.trim();
        d
    }

    fn into_decimal(self) -> Decimal {
        Decimal { mant: self.mant, exp: self.exp }
    }
}

/// `10^k`.
fn pow10(k: u64) -> BigUint {
    match u32::try_from(k) {
        Ok(k) => BigUint::from(10u32).pow(k),
        Err(_) => pow5(k) << usize::try_from(k).unwrap_or(usize::MAX),
    }
}

/// Go's `roundShortest` loop over the digits of the value and of the lower and upper bounds
/// of its rounding interval; `None` when the known digits do not suffice.
fn round_shortest(lower: &Digits, d: Digits, upper: &Digits, inclusive: bool) -> Option<Decimal> {
    let mut i = 0;
    loop {
        let Some(&m) = d.mant.get(i) else {
            // All digits compared without a decision: the value stays as it is.
            return if d.rest { None } else { Some(d.into_decimal()) };
        };
        let l = lower.at(i)?;
        let u = upper.at(i)?;
        let okdown = l != m || inclusive && lower.len_is(i + 1)?;
        let okup = m != u && (inclusive || m + 1 < u || upper.len_exceeds(i + 1)?);
        match (okdown, okup) {
            (true, true) => return d.round(i + 1),
            (true, false) => return if d.len_exceeds(i + 1)? { Some(d.round_down(i + 1)) } else { d.round(i + 1) },
            (false, true) => return if d.len_exceeds(i + 1)? { Some(d.round_up(i + 1)) } else { d.round(i + 1) },
            (false, false) => i += 1,
        }
    }
}

/// The value's decimal digits shortened as Go's `roundShortest` does for a value of
/// precision `prec`: the digits of the value, `lower` and `upper` (the value ∓ half an ulp)
/// are compared by index.
pub(crate) fn shortest(mant: &BigUint, exp: i64, prec: u32) -> Decimal {
    shortest_with_margin(mant, exp, prec, Some(12))
}

/// [`shortest`], first trying with about `prec·log10(2) + margin` leading digits (with
/// `None`, directly with all of them).
pub(crate) fn shortest_with_margin(mant: &BigUint, exp: i64, prec: u32, margin: Option<i64>) -> Decimal {
    let lsb = BigFloat::lsb(mant, exp);
    // The mantissa with exactly prec+1 bits (one extra zero bit for the half ulp).
    let b = mant.bits() as i64;
    let s = i64::from(prec) + 1 - b;
    let m2 = if s >= 0 {
        mant << usize::try_from(s).unwrap_or(usize::MAX)
    } else {
        // Only with a mantissa wider than the precision, which values never have.
        mant >> usize::try_from(-s).unwrap_or(usize::MAX)
    };
    let e2 = lsb - s;
    let inclusive = !m2.bit(1);
    let below = &m2 - 1u32;
    let above = &m2 + 1u32;
    // Usually the digits of the three numbers part ways within about prec·log10(2) digits:
    // compute that many (and a few more) first, all the digits only when they do not suffice.
    if let Some(margin) = margin {
        let want = i64::from(prec) * 30103 / 100_000 + margin;
        let top = b + lsb; // the value is below 2^top
        let t = want - (top - 1) * 30103 / 100_000;
        let p10 = pow10(t.unsigned_abs());
        let windowed = round_shortest(
            &Digits::window(&below, e2, t, &p10),
            Digits::window(&m2, e2, t, &p10),
            &Digits::window(&above, e2, t, &p10),
            inclusive,
        );
        if let Some(d) = windowed {
            return d;
        }
    }
    shortest_exact(mant, lsb, &below, &above, e2, inclusive)
}

/// Go's `roundShortest` on the complete digit strings.
fn shortest_exact(mant: &BigUint, lsb: i64, below: &BigUint, above: &BigUint, e2: i64, inclusive: bool) -> Decimal {
    let d = Digits::exact(Decimal::exact(mant, lsb));
    let lower = Digits::exact(Decimal::exact(below, e2));
    let upper = Digits::exact(Decimal::exact(above, e2));
    // With every digit known the search always decides.
    round_shortest(&lower, d, &upper, inclusive).unwrap_or_else(|| Decimal::exact(mant, lsb))
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
    fmt_e_with(buf, 'e', prec, d)
}

/// Go's `fmtE` with the `'e'` or `'E'` verb.
fn fmt_e_with(buf: &mut String, verb: char, prec: i64, d: &Decimal) {
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
    buf.push(verb);
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
        Form::Finite { mant, exp } => {
            // Twenty leading digits decide the rounding to ten unless they end in a tie.
            g10_decimal(mant, *exp, 20)
        }
        _ => Decimal { mant: Vec::new(), exp: 0 },
    };
    g10_rounded(&mut buf, d);
    buf
}

/// The value's decimal rounded to 10 digits, trying about `digits` leading digits first.
pub(crate) fn g10_decimal(mant: &BigUint, exp: i64, digits: i64) -> Decimal {
    let lsb = BigFloat::lsb(mant, exp);
    let t = digits - (exp - 1) * 30103 / 100_000;
    match Digits::window(mant, lsb, t, &pow10(t.unsigned_abs())).round(10) {
        Some(d) => d,
        None => {
            let mut d = Decimal::exact(mant, lsb);
            d.round(10);
            d
        }
    }
}

/// The `'g'`, precision 10 layout of an exact decimal.
pub(crate) fn g10_digits(buf: &mut String, mut d: Decimal) {
    d.round(10);
    g10_rounded(buf, d);
}

/// The `'g'`, precision 10 layout of a decimal already rounded to 10 digits.
fn g10_rounded(buf: &mut String, d: Decimal) {
    let mut prec: i64 = 10;
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

/// Go's `x.Text(verb, prec)` for the verbs `e`, `E`, `f`, `g` and `G` (a negative `prec` asks
/// for the shortest decimal that reads back to the same value at its precision). Other verbs
/// give Go's `%` followed by the verb.
pub(crate) fn text(x: &BigFloat, verb: char, prec: i64) -> String {
    let mut buf = String::new();
    if prefix(&mut buf, x) {
        return buf;
    }
    if !matches!(verb, 'e' | 'E' | 'f' | 'g' | 'G') {
        if x.neg {
            buf.pop();
        }
        buf.push('%');
        buf.push(verb);
        return buf;
    }
    let shortest_mode = prec < 0;
    let mut prec = prec;
    let mut d = match &x.form {
        Form::Finite { mant, exp } if shortest_mode => shortest(mant, *exp, x.prec),
        Form::Finite { mant, exp } => Decimal::exact(mant, BigFloat::lsb(mant, *exp)),
        _ => Decimal { mant: Vec::new(), exp: 0 },
    };
    let len = |d: &Decimal| d.mant.len() as i64;
    if shortest_mode {
        prec = match verb {
            'e' | 'E' => len(&d) - 1,
            'f' => (len(&d) - d.exp).max(0),
            _ => len(&d),
        };
    } else {
        let n = match verb {
            'e' | 'E' => 1 + prec,
            'f' => d.exp + prec,
            _ => {
                if prec == 0 {
                    prec = 1;
                }
                prec
            }
        };
        if let Ok(n) = usize::try_from(n) {
            d.round(n);
        }
    }
    match verb {
        'e' | 'E' => fmt_e_with(&mut buf, verb, prec, &d),
        'f' => fmt_f(&mut buf, prec, &d),
        _ => {
            let mut eprec = prec;
            if eprec > len(&d) && len(&d) >= d.exp {
                eprec = len(&d);
            }
            if shortest_mode {
                eprec = 6;
            }
            let exp = d.exp - 1;
            if exp < -4 || exp >= eprec {
                if prec > len(&d) {
                    prec = len(&d);
                }
                fmt_e_with(&mut buf, if verb == 'g' { 'e' } else { 'E' }, prec - 1, &d);
            } else {
                if prec > d.exp {
                    prec = len(&d);
                }
                fmt_f(&mut buf, (prec - d.exp).max(0), &d);
            }
        }
    }
    buf
}
