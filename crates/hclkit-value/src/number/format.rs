//! Decimal formatting with the output of Go's `big.Float.Text`: `'f'` with precision −1
//! (the shortest decimal that reads back to the same value at the value's precision, in
//! positional notation) and `'g'` with precision 10 (`big.Float.String`).
//!
//! The shortest-decimal search is Go's `roundShortest` from `math/big/ftoa.go`, including
//! its digit-by-digit comparison of the value with the lower and upper bounds of its
//! rounding interval by digit index (Go does not align those three decimals' exponents).
//!
//! # Bounded cost
//!
//! Go computes the complete decimal expansion, which for `1e600000000` has 600 million
//! digits (and for `1e-600000000` two billion): it never answers. Here only a window of the
//! leading digits is computed, `⌊x × 10^t⌋` for a `t` that leaves a few more digits than the
//! precision can distinguish ([`Digits`]). When `10^|t|` is small that is exact arithmetic;
//! otherwise the window is evaluated at a lower and an upper bound of the power of ten
//! ([`scale::pow5_bounds`]) and used only when both give the same digits, which then are the
//! exact ones (whether the value is an exact integer multiple of the window's last digit is
//! decided separately, exactly). The cost is then `O(log |t|)` multiplications of numbers a
//! little longer than the window, whatever the exponent. The results are Go's.
//!
//! Writing out all the digits of a huge or tiny number is what [`MAX_DIGITS`] limits.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

use super::bigfloat::{BigFloat, Form};
use super::scale;

/// The most digits the positional (`'f'`) form of a number may have: more is
/// [`TooLong`]. Without a limit a 16-byte literal (`1e600000000`) becomes a 600-megabyte
/// text (go-cty prints numbers without an exponent), a template or `tostring` call on it
/// allocates that much, and the reference never finishes. A million digits is far more than
/// any value a configuration means (a 512-bit number has at most 155 significant digits; the
/// rest are zeros), and small enough that such a string costs little. The limit counts the
/// digits the value itself calls for: those of the integer part, and in the shortest form
/// also the fraction's; the fraction digits a caller asks for (`format("%.9f")`) are the
/// caller's.
pub(crate) const MAX_DIGITS: u64 = 1_000_000;

/// A positional text that would need `digits` digits, more than [`MAX_DIGITS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooLong {
    pub(crate) digits: u64,
}

/// Checks a digit count against [`MAX_DIGITS`].
fn check_digits(digits: u64) -> Result<(), TooLong> {
    if digits > MAX_DIGITS {
        Err(TooLong { digits })
    } else {
        Ok(())
    }
}

/// Whether computing a window exactly costs little: `10^|t|` and the shift by `e` stay
/// within a few thousand bits beyond the mantissa's own size. Beyond that the window is
/// computed from bounds of the power (see the module documentation).
fn exact_is_cheap(bits: u64, e: i64, t: i64) -> bool {
    const EXACT_BITS: u64 = 4096;
    e.unsigned_abs().saturating_add(t.unsigned_abs().saturating_mul(4))
        <= EXACT_BITS.saturating_add(bits.saturating_mul(4))
}

/// How the windows `⌊n × 2^e × 10^t⌋` of one `(e, t)` are computed.
enum Scaler {
    /// Exactly, with `10^|t|`.
    Exact(BigUint),
    /// From bounds of `5^|t|`.
    Bounded,
}

impl Scaler {
    fn new(bits: u64, e: i64, t: i64) -> Scaler {
        if exact_is_cheap(bits, e, t) {
            Scaler::Exact(pow10(t.unsigned_abs()))
        } else {
            Scaler::Bounded
        }
    }

    fn is_exact(&self) -> bool {
        matches!(self, Scaler::Exact(_))
    }

    fn window(&self, n: &BigUint, e: i64, t: i64) -> Digits {
        match self {
            Scaler::Exact(p10) => Digits::window(n, e, t, p10),
            Scaler::Bounded => Digits::window_bounded(n, e, t),
        }
    }
}

/// `⌊b · log10 2⌋`, for the decimal exponent of a value near `2^b`. (The constant needs
/// many digits: `b` can be near 2^31.)
fn log10_2(b: i64) -> i64 {
    i64::try_from((i128::from(b) * 301_029_995_663_981_195).div_euclid(1_000_000_000_000_000_000)).unwrap_or(0)
}

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
    scale::pow5_exact(k)
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
        Digits::from_floor(&q, t, rest)
    }

    /// The digits of the window `q = ⌊x × 10^t⌋`, `rest` telling whether `x × 10^t` is not
    /// an integer.
    fn from_floor(q: &BigUint, t: i64, rest: bool) -> Digits {
        if q.is_zero() {
            // No digit in the window: nothing is known.
            return Digits::unknown();
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

    /// Nothing known.
    fn unknown() -> Digits {
        Digits { mant: Vec::new(), exp: 0, rest: true }
    }

    /// [`window`](Self::window) without `10^|t|`: from bounds of `5^|t|`, in `O(log |t|)`
    /// multiplications of numbers a little longer than the window.
    ///
    /// `x × 10^t = n × 5^t × 2^(e+t)`. Whether that is an integer is decided exactly (and
    /// then it is small and computed exactly). Otherwise its floor is computed at a lower
    /// and an upper bound of the power of five (`5^t` or, for negative `t`, of `5^−|t|`, so
    /// no division is needed), with more bits until both agree (cost: `O(log |t|)`
    /// multiplications of `O(bits(n) + window)` bits). In the
    /// (never observed) case that they still differ, the digits the two floors share are
    /// returned, followed by an unknown rest: fewer digits, never wrong ones.
    fn window_bounded(n: &BigUint, e: i64, t: i64) -> Digits {
        let s = e.saturating_add(t);
        if let Some(q) = scaled_integer(n, s, t) {
            return Digits::from_floor(&q, t, false);
        }
        let k = t.unsigned_abs();
        // About the window's bit length: bits(n) + (e + t) + t·log2(5). (The constant needs
        // many digits: t can be near 10^9.)
        let t_log2_5 =
            i64::try_from(i128::from(t) * 2_321_928_094_887_362_348 / 1_000_000_000_000_000_000).unwrap_or(0);
        let q_bits = (n.bits() as i64).saturating_add(s).saturating_add(t_log2_5);
        let q_bits = u64::try_from(q_bits).unwrap_or(0).max(64);
        let mut w = q_bits + 72;
        // A value close to a multiple of the window's unit (1e600000000 is within 2^-512 of
        // 10^600000000) needs more bits than the window has: about as many more as the
        // mantissa has, then twice as many, up to several times the bits of the window and
        // of the mantissa together.
        let most = 4 * (q_bits + n.bits() + 128);
        let mut last = (BigUint::zero(), BigUint::zero());
        let mut first = true;
        while w <= most {
            let (lo, hi) = if t >= 0 { scale::pow5_bounds(k, w) } else { scale::pow5_inv_bounds(k, w) };
            let (qlo, qhi) = (scale::floor_shift(&(n * &lo.m), lo.x + s), scale::floor_shift(&(n * &hi.m), hi.x + s));
            if qlo == qhi {
                return Digits::from_floor(&qlo, t, true);
            }
            last = (qlo, qhi);
            w = if first { w + n.bits() + 64 } else { w * 2 };
            first = false;
        }
        let (a, b) = (last.0.to_str_radix(10).into_bytes(), last.1.to_str_radix(10).into_bytes());
        if a.len() != b.len() || last.0.is_zero() {
            return Digits::unknown();
        }
        let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let exp = a.len() as i64 - t;
        Digits { mant: a[..common].to_vec(), exp, rest: true }
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

/// `n × 5^t × 2^s` when it is an integer (decided exactly, and computed only then, when it
/// is as small as a window); `None` otherwise.
fn scaled_integer(n: &BigUint, s: i64, t: i64) -> Option<BigUint> {
    let tz = n.trailing_zeros().unwrap_or(0);
    // The factor 2^s leaves an integer only if n has enough factors of two.
    if s < 0 && tz < s.unsigned_abs() {
        return None;
    }
    if t >= 0 {
        return Some(scale::floor_shift(&(n * pow5(t.unsigned_abs())), s));
    }
    // 5^k must divide n; it cannot when 5^k > 4^k ≥ 2^bits(n) > n.
    let k = t.unsigned_abs();
    if k.saturating_mul(2) >= n.bits() {
        return None;
    }
    let (q, r) = n.div_rem(&pow5(k));
    r.is_zero().then(|| scale::floor_shift(&q, s))
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
    if let Some(d) = short_exact(mant, exp, prec) {
        return d;
    }
    shortest_with_margin(mant, exp, prec, Some(12))
}

/// The shortest decimal of a value whose exact expansion fits 128 bits (`0.5`, `1.25`,
/// `8080`: most numbers a configuration holds), at a precision of at least 128 bits:
/// then it is that exact expansion. Proof: the value is `D × 10^t` with `D < 2^127` not
/// a multiple of 10; any other decimal of at most as many digits lies at least `10^t` from
/// it, a relative distance above `1/D > 2^-127`, while the rounding interval reaches
/// only half an ulp, at most `2^-prec` relative, on either side. `None` otherwise.
fn short_exact(mant: &BigUint, exp: i64, prec: u32) -> Option<Decimal> {
    if prec < 128 || mant.bits() > 64 {
        return None;
    }
    let m = u128::from(mant.iter_u64_digits().next()?);
    let lsb = BigFloat::lsb(mant, exp);
    // The value as `d × 10^-k` with an integer `d` below 2^127.
    let (d, k) = if lsb >= 0 {
        let shift = u32::try_from(lsb).ok().filter(|&s| i64::from(s) + mant.bits() as i64 <= 127)?;
        (m << shift, 0i64)
    } else {
        let k = u32::try_from(-lsb).ok().filter(|&k| k <= 54)?;
        let d = m.checked_mul(5u128.checked_pow(k)?).filter(|&d| d >> 127 == 0)?;
        (d, i64::from(k))
    };
    let mut digits = d.to_string().into_bytes();
    let exp10 = digits.len() as i64 - k;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    Some(Decimal { mant: digits, exp: exp10 })
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
        let top = b + lsb; // the value is below 2^top
        let mut want = log10_2(i64::from(prec)) + margin;
        let bits = m2.bits();
        for _ in 0..2 {
            let t = want - log10_2(top - 1);
            let sc = Scaler::new(bits, e2, t);
            let d = sc.window(&m2, e2, t);
            if let Some(r) = round_shortest(&sc.window(&below, e2, t), d, &sc.window(&above, e2, t), inclusive) {
                return r;
            }
            if sc.is_exact() {
                break;
            }
            // Exact digits would cost as much as the exponent: try a wider window instead.
            want = want.max(0) + log10_2(i64::from(prec)) + 24;
        }
        if !exact_is_cheap(bits, e2, want - log10_2(top - 1)) {
            // Not observed: the bounds did not decide the digits. The leading digits of the
            // value, which are right, stand for the shortest form.
            return best_effort(Scaler::Bounded.window(mant, lsb, want - log10_2(top - 1)), log10_2(top - 1) + 1);
        }
    }
    shortest_exact(mant, lsb, &below, &above, e2, inclusive)
}

/// The known leading digits of a value as a decimal (at least one digit, placed by the
/// estimated exponent `exp` when nothing is known).
fn best_effort(d: Digits, exp: i64) -> Decimal {
    let mut r = d.into_decimal();
    r.trim();
    if r.mant.is_empty() {
        r = Decimal { mant: vec![b'1'], exp };
    }
    r
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

/// Go's `x.Text('f', -1)`, or [`TooLong`].
pub(crate) fn text_f_shortest(x: &BigFloat) -> Result<String, TooLong> {
    let mut buf = String::new();
    if prefix(&mut buf, x) {
        return Ok(buf);
    }
    layout_f_shortest(x.neg, &shortest_decimal(x).unwrap_or(Decimal { mant: Vec::new(), exp: 0 }))
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
    rounded(mant, exp, 10, digits)
}

/// Go's `d.round(n)` on the exact decimal expansion of `mant × 2^(exp − bits(mant))`:
/// rounded to `n` significant digits (ties to even), or all the digits when there are no
/// more than `n`. A window of about `first` digits is tried first.
pub(crate) fn rounded(mant: &BigUint, exp: i64, n: usize, first: i64) -> Decimal {
    let lsb = BigFloat::lsb(mant, exp);
    let e10 = log10_2(exp - 1);
    let need = i64::try_from(n).unwrap_or(i64::MAX).saturating_add(2);
    let mut want = first;
    for _ in 0..3 {
        let t = want.saturating_sub(e10);
        let sc = Scaler::new(mant.bits(), lsb, t);
        if let Some(d) = sc.window(mant, lsb, t).round(n) {
            return d;
        }
        if sc.is_exact() {
            let mut d = Decimal::exact(mant, lsb);
            d.round(n);
            return d;
        }
        // The window was too short for the rounding digit (or, never observed, the bounds
        // did not decide it): a longer one.
        want = want.max(need).saturating_add(want.max(need) / 2 + 20);
    }
    let t = want.saturating_sub(e10);
    let mut d = best_effort(Scaler::Bounded.window(mant, lsb, t), e10 + 1);
    d.round(n);
    d
}

/// The exact decimal exponent of a finite value (Go's `decimal.exp`: the value lies in
/// `[10^(exp−1), 10^exp)`), from a short window.
fn decimal_exp(mant: &BigUint, exp: i64) -> i64 {
    let lsb = BigFloat::lsb(mant, exp);
    let e10 = log10_2(exp - 1);
    let t = 20 - e10;
    let d = Scaler::new(mant.bits(), lsb, t).window(mant, lsb, t);
    if d.mant.is_empty() {
        // Not observed (see `window_bounded`): the estimate, which is off by at most one.
        e10 + 1
    } else {
        d.exp
    }
}

/// The number of digits of the integer part of a finite value (0 below 1).
pub(crate) fn integer_digits(mant: &BigUint, exp: i64) -> u64 {
    u64::try_from(decimal_exp(mant, exp)).unwrap_or(0)
}

/// The shortest decimal that reads back to `x` at its precision (Go's `roundShortest`);
/// `None` for an infinity, the empty decimal for zero.
pub(crate) fn shortest_decimal(x: &BigFloat) -> Option<Decimal> {
    match &x.form {
        Form::Finite { mant, exp } => Some(shortest(mant, *exp, x.prec)),
        Form::Zero => Some(Decimal { mant: Vec::new(), exp: 0 }),
        Form::Inf => None,
    }
}

/// The number of digits `fmt_f` writes for `d` with `prec` fractional digits.
fn f_digits(d: &Decimal, prec: i64) -> u64 {
    d.exp.max(1).unsigned_abs().saturating_add(prec.max(0).unsigned_abs())
}

/// Go's `Text('f', -1)` of a decimal with the given sign, or [`TooLong`].
pub(crate) fn layout_f_shortest(neg: bool, d: &Decimal) -> Result<String, TooLong> {
    let prec = (d.mant.len() as i64 - d.exp).max(0);
    check_digits(f_digits(d, prec))?;
    let mut buf = String::new();
    if neg {
        buf.push('-');
    }
    fmt_f(&mut buf, prec, d);
    Ok(buf)
}

/// Go's `Text('e', -1)` of a decimal with the given sign: the shortest digits with an
/// exponent, what a number too long for the positional form is shown as.
pub(crate) fn layout_e_shortest(neg: bool, d: &Decimal) -> String {
    let mut buf = String::new();
    if neg {
        buf.push('-');
    }
    fmt_e(&mut buf, d.mant.len() as i64 - 1, d);
    buf
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
/// give Go's `%` followed by the verb. A positional (`'f'`) text that would have more than
/// [`MAX_DIGITS`] digits (not counting fractional digits asked for by `prec`) is [`TooLong`].
pub(crate) fn text(x: &BigFloat, verb: char, prec: i64) -> Result<String, TooLong> {
    let mut buf = String::new();
    if prefix(&mut buf, x) {
        return Ok(buf);
    }
    if !matches!(verb, 'e' | 'E' | 'f' | 'g' | 'G') {
        if x.neg {
            buf.pop();
        }
        buf.push('%');
        buf.push(verb);
        return Ok(buf);
    }
    let shortest_mode = prec < 0;
    let mut prec = prec;
    let len = |d: &Decimal| d.mant.len() as i64;
    let d = if shortest_mode {
        let d = shortest_decimal(x).unwrap_or(Decimal { mant: Vec::new(), exp: 0 });
        prec = match verb {
            'e' | 'E' => len(&d) - 1,
            'f' => (len(&d) - d.exp).max(0),
            _ => len(&d),
        };
        if verb == 'f' {
            check_digits(f_digits(&d, prec))?;
        }
        d
    } else {
        if !matches!(verb, 'e' | 'E' | 'f') && prec == 0 {
            prec = 1;
        }
        match &x.form {
            Form::Finite { mant, exp } => {
                // Go rounds the exact decimal to `n` digits; only those are computed.
                let (n, e10) = match verb {
                    'e' | 'E' => (prec.saturating_add(1), None),
                    'f' => {
                        let e10 = decimal_exp(mant, *exp);
                        check_digits(e10.max(1).unsigned_abs())?;
                        (e10.saturating_add(prec), Some(e10))
                    }
                    _ => (prec, None),
                };
                match (usize::try_from(n), e10) {
                    (Ok(n), _) => rounded(mant, *exp, n, i64::try_from(n).unwrap_or(i64::MAX).saturating_add(12)),
                    // No rounding in Go (n < 0): only the exponent shows, as zeros.
                    (Err(_), e10) => Decimal { mant: vec![b'1'], exp: e10.unwrap_or_else(|| decimal_exp(mant, *exp)) },
                }
            }
            _ => Decimal { mant: Vec::new(), exp: 0 },
        }
    };
    if verb == 'f' {
        check_digits(d.exp.max(1).unsigned_abs())?;
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
    Ok(buf)
}
