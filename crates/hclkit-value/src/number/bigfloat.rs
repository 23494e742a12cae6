//! A binary floating-point number with the semantics of Go's `math/big.Float` in its
//! `ToNearestEven` rounding mode, which is the only mode go-cty ever uses.
//!
//! A finite value is `(-1)^neg × mant × 2^(exp − bits(mant))` where `mant` is odd: the
//! mantissa is kept without trailing zero bits, and `exp` is Go's exponent (the value lies in
//! `[2^(exp−1), 2^exp)`). Every operation takes the precision of its result explicitly, the
//! way Go's methods use the receiver's precision, and rounds the exact result once to
//! nearest-even at that precision, like Go's `round`. Go's exponent range (`int32`) is kept:
//! results above it become infinities and results below it zeros, at the same points Go
//! checks them.

use std::cmp::Ordering;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Go's `big.MinExp`.
pub(crate) const MIN_EXP: i64 = i32::MIN as i64;
/// Go's `big.MaxExp`.
pub(crate) const MAX_EXP: i64 = i32::MAX as i64;

/// The three forms of a Go `big.Float` (there is no NaN: Go panics instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// ±0.
    Zero,
    /// A finite nonzero value: `mant` is odd, the value is `mant × 2^(exp − bits(mant))`.
    Finite { mant: BigUint, exp: i64 },
    /// ±∞.
    Inf,
}

/// An operation that Go answers with a `big.ErrNaN` panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NaN {
    /// `+∞ + −∞`.
    AddOppositeInfinities,
    /// `0 × ∞`.
    MulZeroInfinity,
    /// `0 / 0` or `∞ / ∞`.
    QuoIndeterminate,
}

/// A Go `big.Float` value: precision in bits, sign and form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BigFloat {
    pub(crate) prec: u32,
    pub(crate) neg: bool,
    pub(crate) form: Form,
}

/// Bit length of a `BigUint` as an `i64` (a mantissa never has 2^63 bits).
fn bits(m: &BigUint) -> i64 {
    i64::try_from(m.bits()).unwrap_or(i64::MAX)
}

/// Shift amount for a non-negative `i64` count.
fn sh(n: i64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Rounds the magnitude `m` (nonzero), plus a sticky "something nonzero below" flag, to at
/// most `keep` significant bits, to nearest with ties to even. Returns the rounded odd-or-zero
/// stripped mantissa and how far its least significant bit moved up: the result is
/// `q × 2^shift` in units of the input's least significant bit.
pub(crate) fn round_to_bits(m: &BigUint, keep: u64, sticky: bool) -> (BigUint, i64) {
    let b = m.bits();
    if b <= keep && !sticky {
        return strip(m.clone(), 0);
    }
    if b <= keep {
        // Only reachable with a sticky bit and a short mantissa: append zero bits so the
        // rounding bit exists (it is 0, and the sticky bit makes the result round down).
        return strip(m.clone(), 0);
    }
    let r = b - keep - 1; // rounding bit position
    let rbit = m.bit(r);
    let below = sticky || m.trailing_zeros().is_some_and(|tz| tz < r);
    let mut q: BigUint = m >> (r + 1);
    let mut shift = i64::try_from(r + 1).unwrap_or(i64::MAX);
    if rbit && (below || q.bit(0)) {
        q += 1u32;
        if q.bits() > keep {
            q >>= 1usize;
            shift += 1;
        }
    }
    strip(q, shift)
}

/// Removes trailing zero bits, adding their count to `shift`.
fn strip(m: BigUint, shift: i64) -> (BigUint, i64) {
    match m.trailing_zeros() {
        Some(tz) if tz > 0 => (m >> tz, shift + i64::try_from(tz).unwrap_or(0)),
        _ => (m, shift),
    }
}

impl BigFloat {
    /// A zero of the given sign and precision.
    pub(crate) fn zero(neg: bool, prec: u32) -> Self {
        BigFloat { prec, neg, form: Form::Zero }
    }

    /// An infinity of the given sign and precision.
    pub(crate) fn inf(neg: bool, prec: u32) -> Self {
        BigFloat { prec, neg, form: Form::Inf }
    }

    /// Go's `setExpAndRound` after an exact operation: the magnitude is
    /// `(m + sticky·ε) × 2^lsb` with `m` nonzero; the result has precision `prec`.
    pub(crate) fn finish(neg: bool, m: BigUint, lsb: i64, sticky: bool, prec: u32) -> Self {
        if m.is_zero() {
            return Self::zero(neg, prec);
        }
        let exp = bits(&m).saturating_add(lsb);
        if exp < MIN_EXP {
            return Self::zero(neg, prec);
        }
        if exp > MAX_EXP {
            return Self::inf(neg, prec);
        }
        if prec == 0 {
            // Go's precision 0 turns every finite value into zero.
            return Self::zero(neg, 0);
        }
        let (q, shift) = round_to_bits(&m, u64::from(prec), sticky);
        let new_lsb = lsb.saturating_add(shift);
        let exp = bits(&q).saturating_add(new_lsb);
        if exp > MAX_EXP {
            return Self::inf(neg, prec);
        }
        BigFloat { prec, neg, form: Form::Finite { mant: q, exp } }
    }

    /// Go's `SetUint64`/`SetInt64` into a float of precision `prec`.
    pub(crate) fn from_u64(neg: bool, v: u64, prec: u32) -> Self {
        Self::finish(neg, BigUint::from(v), 0, false, prec)
    }

    /// Go's `SetInt`: `prec` is the receiver's precision, or `None` for a fresh float
    /// (whose precision becomes `max(bits, 64)`).
    pub(crate) fn from_int(neg: bool, abs: BigUint, prec: Option<u32>) -> Self {
        let prec = prec.unwrap_or_else(|| u32::try_from(abs.bits()).unwrap_or(u32::MAX).max(64));
        if abs.is_zero() {
            // The sign of a zero big.Int is always positive.
            return Self::zero(false, prec);
        }
        Self::finish(neg, abs, 0, false, prec)
    }

    /// Go's `SetFloat64` on a fresh float (precision 53). `None` for NaN.
    pub(crate) fn from_f64(x: f64) -> Option<Self> {
        if x.is_nan() {
            return None;
        }
        let neg = x.is_sign_negative();
        if x == 0.0 {
            return Some(Self::zero(neg, 53));
        }
        if x.is_infinite() {
            return Some(Self::inf(neg, 53));
        }
        let b = x.to_bits();
        let biased = i64::try_from((b >> 52) & 0x7ff).unwrap_or(0);
        let frac = b & ((1u64 << 52) - 1);
        let (m, lsb) = if biased == 0 { (frac, -1074) } else { (frac | (1u64 << 52), biased - 1075) };
        Some(Self::finish(neg, BigUint::from(m), lsb, false, 53))
    }

    /// Whether the value is ±0.
    pub(crate) fn is_zero(&self) -> bool {
        matches!(self.form, Form::Zero)
    }

    /// Whether the value is ±∞.
    pub(crate) fn is_inf(&self) -> bool {
        matches!(self.form, Form::Inf)
    }

    /// Go's `Sign`: −1, 0 or +1 (0 for both zeros).
    pub(crate) fn sign(&self) -> i32 {
        match self.form {
            Form::Zero => 0,
            _ if self.neg => -1,
            _ => 1,
        }
    }

    /// Go's `MantExp` exponent of a finite nonzero value (the value lies in
    /// `[2^(exp−1), 2^exp)`); `i64::MIN` for zeros and infinities.
    pub(crate) fn exponent(&self) -> i64 {
        match &self.form {
            Form::Finite { exp, .. } => *exp,
            _ => i64::MIN,
        }
    }

    /// Go's `MinPrec`: the number of bits needed to represent the value exactly.
    pub(crate) fn min_prec(&self) -> u64 {
        match &self.form {
            Form::Finite { mant, .. } => mant.bits(),
            _ => 0,
        }
    }

    /// Go's `IsInt`: zero, or finite without a fractional part.
    pub(crate) fn is_int(&self) -> bool {
        match &self.form {
            Form::Zero => true,
            Form::Inf => false,
            Form::Finite { mant, exp } => *exp > 0 && bits(mant) <= *exp,
        }
    }

    /// Go's `Neg`: same precision, sign flipped (zeros and infinities included).
    pub(crate) fn negated(&self) -> Self {
        let mut z = self.clone();
        z.neg = !z.neg;
        z
    }

    /// Go's `Abs`.
    pub(crate) fn abs(&self) -> Self {
        let mut z = self.clone();
        z.neg = false;
        z
    }

    /// Go's `z.Set(x)` where `z` has precision `prec`, and `SetPrec(prec)` (which also
    /// rounds when the precision shrinks): the value rounded to `prec` bits.
    pub(crate) fn with_prec(&self, prec: u32) -> Self {
        match &self.form {
            Form::Finite { mant, exp } if mant.bits() > u64::from(prec) => {
                Self::finish(self.neg, mant.clone(), exp - bits(mant), false, prec)
            }
            _ => BigFloat { prec, neg: self.neg, form: self.form.clone() },
        }
    }

    /// Go's `Int`: the value truncated toward zero, as a sign and magnitude, and whether the
    /// conversion was exact. `None` for infinities.
    pub(crate) fn trunc_int(&self) -> Option<(bool, BigUint, bool)> {
        match &self.form {
            Form::Inf => None,
            Form::Zero => Some((false, BigUint::zero(), true)),
            Form::Finite { mant, exp } => {
                if *exp <= 0 {
                    // |x| < 1: Go returns a (positive) zero big.Int.
                    return Some((false, BigUint::zero(), false));
                }
                let lsb = exp - bits(mant);
                if lsb >= 0 {
                    Some((self.neg, mant << sh(lsb), true))
                } else {
                    Some((self.neg, mant >> sh(-lsb), false))
                }
            }
        }
    }

    /// Go's `Add` with a receiver of precision `prec`.
    pub(crate) fn add(x: &Self, y: &Self, prec: u32) -> Result<Self, NaN> {
        match (&x.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                Ok(add_finite(x.neg, xm, *xe, y.neg, ym, *ye, prec))
            }
            (Form::Inf, Form::Inf) if x.neg != y.neg => Err(NaN::AddOppositeInfinities),
            (Form::Zero, Form::Zero) => Ok(Self::zero(x.neg && y.neg, prec)),
            (Form::Inf, _) | (_, Form::Zero) => Ok(x.with_prec(prec)),
            _ => Ok(y.with_prec(prec)),
        }
    }

    /// Go's `Sub` with a receiver of precision `prec`.
    pub(crate) fn sub(x: &Self, y: &Self, prec: u32) -> Result<Self, NaN> {
        Self::add(x, &y.negated(), prec)
    }

    /// Go's `Mul` with a receiver of precision `prec`.
    pub(crate) fn mul(x: &Self, y: &Self, prec: u32) -> Result<Self, NaN> {
        let neg = x.neg != y.neg;
        match (&x.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                let lsb = (xe - bits(xm)) + (ye - bits(ym));
                Ok(Self::finish(neg, xm * ym, lsb, false, prec))
            }
            (Form::Zero, Form::Inf) | (Form::Inf, Form::Zero) => Err(NaN::MulZeroInfinity),
            (Form::Inf, _) | (_, Form::Inf) => Ok(Self::inf(neg, prec)),
            _ => Ok(Self::zero(neg, prec)),
        }
    }

    /// Go's `Quo` with a receiver of precision `prec`.
    pub(crate) fn quo(x: &Self, y: &Self, prec: u32) -> Result<Self, NaN> {
        let neg = x.neg != y.neg;
        match (&x.form, &y.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                // Enough quotient bits for a rounding bit below `prec`, the rest is sticky.
                let s = (i64::from(prec) + 2 + bits(ym) - bits(xm)).max(0);
                let num = xm << sh(s);
                let (q, r) = num.div_rem(ym);
                let lsb = (xe - bits(xm)) - s - (ye - bits(ym));
                Ok(Self::finish(neg, q, lsb, !r.is_zero(), prec))
            }
            (Form::Zero, Form::Zero) | (Form::Inf, Form::Inf) => Err(NaN::QuoIndeterminate),
            (Form::Zero, _) | (_, Form::Inf) => Ok(Self::zero(neg, prec)),
            _ => Ok(Self::inf(neg, prec)),
        }
    }

    /// Go's `Cmp`: numeric order, −∞ < finite < +∞, −0 = +0.
    pub(crate) fn cmp(&self, other: &Self) -> Ordering {
        let (ox, oy) = (self.ord(), other.ord());
        if ox != oy {
            return ox.cmp(&oy);
        }
        match (&self.form, &other.form) {
            (Form::Finite { mant: xm, exp: xe }, Form::Finite { mant: ym, exp: ye }) => {
                let mag = cmp_mag(xm, *xe, ym, *ye);
                if self.neg {
                    mag.reverse()
                } else {
                    mag
                }
            }
            _ => Ordering::Equal,
        }
    }

    fn ord(&self) -> i32 {
        let m = match self.form {
            Form::Zero => return 0,
            Form::Finite { .. } => 1,
            Form::Inf => 2,
        };
        if self.neg {
            -m
        } else {
            m
        }
    }

    /// The nearest `f64` (ties to even, with subnormals), like Go's `Float64`.
    pub(crate) fn to_f64(&self) -> f64 {
        let sign = if self.neg { -1.0 } else { 1.0 };
        let (mant, exp) = match &self.form {
            Form::Zero => return sign * 0.0,
            Form::Inf => return sign * f64::INFINITY,
            Form::Finite { mant, exp } => (mant, *exp),
        };
        // Go computes the leading bit's exponent as the int32 `x.exp - 1`, which wraps
        // around for the smallest exponent and makes that value "overflow" to infinity.
        if exp == MIN_EXP {
            return sign * f64::INFINITY;
        }
        let e = exp - 1; // exponent of the leading bit
        if e > 1023 {
            return sign * f64::INFINITY;
        }
        // Bits available for the mantissa at this exponent (fewer when subnormal).
        let p = if e < -1022 { 53 + (e + 1022) } else { 53 };
        if p < 0 {
            return sign * 0.0;
        }
        let lsb = exp - bits(mant);
        let (q, lsb) = if p == 0 {
            // The value is in [2^-1075, 2^-1074): exactly half the smallest subnormal rounds
            // to even (zero), anything above rounds up.
            if mant.is_one() {
                return sign * 0.0;
            }
            (BigUint::one(), -1074)
        } else {
            let (q, shift) = round_to_bits(mant, u64::try_from(p).unwrap_or(53), false);
            (q, lsb + shift)
        };
        let qb = bits(&q);
        let top = qb + lsb - 1;
        if top > 1023 {
            return sign * f64::INFINITY;
        }
        let qv = q.iter_u64_digits().next().unwrap_or(0);
        let magnitude = if top >= -1022 {
            let biased = u64::try_from(top + 1023).unwrap_or(0);
            let frac = (qv << sh(53 - qb)) & ((1u64 << 52) - 1);
            f64::from_bits((biased << 52) | frac)
        } else {
            f64::from_bits(qv << sh(lsb + 1074))
        };
        sign * magnitude
    }

    /// The least significant bit position of a finite value.
    pub(crate) fn lsb(mant: &BigUint, exp: i64) -> i64 {
        exp - bits(mant)
    }
}

/// Compares the magnitudes of two finite values.
fn cmp_mag(xm: &BigUint, xe: i64, ym: &BigUint, ye: i64) -> Ordering {
    if xe != ye {
        return xe.cmp(&ye);
    }
    let (bx, by) = (bits(xm), bits(ym));
    match bx.cmp(&by) {
        Ordering::Equal => xm.cmp(ym),
        Ordering::Less => (xm << sh(by - bx)).cmp(ym),
        Ordering::Greater => xm.cmp(&(ym << sh(bx - by))),
    }
}

/// The sum of two finite values, rounded to `prec`.
fn add_finite(xneg: bool, xm: &BigUint, xe: i64, yneg: bool, ym: &BigUint, ye: i64, prec: u32) -> BigFloat {
    let p = i64::from(prec);
    // When one operand is far below half an ulp of the other at the result's precision, the
    // rounded sum is the larger operand: skip the (possibly huge) alignment shift.
    if ye.saturating_add(p).saturating_add(4) < xe && bits(xm) <= p {
        return BigFloat { prec, neg: xneg, form: Form::Finite { mant: xm.clone(), exp: xe } };
    }
    if xe.saturating_add(p).saturating_add(4) < ye && bits(ym) <= p {
        return BigFloat { prec, neg: yneg, form: Form::Finite { mant: ym.clone(), exp: ye } };
    }
    let (lx, ly) = (xe - bits(xm), ye - bits(ym));
    let lsb = lx.min(ly);
    let xa = xm << sh(lx - lsb);
    let ya = ym << sh(ly - lsb);
    if xneg == yneg {
        return BigFloat::finish(xneg, xa + ya, lsb, false, prec);
    }
    match xa.cmp(&ya) {
        Ordering::Equal => BigFloat::zero(false, prec),
        Ordering::Greater => BigFloat::finish(xneg, xa - ya, lsb, false, prec),
        Ordering::Less => BigFloat::finish(yneg, ya - xa, lsb, false, prec),
    }
}
