//! Arithmetic and comparison of [`Number`]s: cty's `Add`, `Subtract`, `Multiply`, `Divide`,
//! `Modulo`, negation, rounding and ordering, and the cheap test whether two numbers may print
//! alike (what sets and `range()` use before comparing printed text).

use std::cmp::Ordering;

use super::bigfloat::{BigFloat, NaN};
use super::*;

impl Number {
    /// The sum, at the larger precision of the operands (cty's `Add`).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let a = Number::parse("0.1").unwrap();
    /// let b = Number::parse("0.2").unwrap();
    /// assert_eq!(a.add(&b).unwrap().to_string(), "0.3");
    /// ```
    pub fn add(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Int { v: a, prec: pa }, Repr::Int { v: b, prec: pb }) = (&self.0, &other.0) {
            let prec = (*pa).max(*pb);
            if let Some(r) = a.checked_add(*b) {
                if int_fits(r, prec) {
                    return Ok(Number::int(r, prec));
                }
            }
        }
        big_add(&self.bf(), &other.bf()).map(Number::from_big)
    }

    /// The difference, as cty's `Subtract` computes it (`self + (-other)`), at the larger
    /// precision of the operands. Cancellation shows the binary rounding of the operands.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let n = |s| Number::parse(s).unwrap();
    /// assert_eq!(n("2.5").sub(&n("1")).unwrap().to_string(), "1.5");
    /// let tiny = n("1.0000000000000000000000001").sub(&n("1")).unwrap();
    /// assert!(tiny.to_string().starts_with("0.000000000000000000000000100000000000000000"));
    /// assert!(tiny.to_string().ends_with("6006522539438577843231142"));
    /// ```
    pub fn sub(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Int { v: a, prec: pa }, Repr::Int { v: b, prec: pb }) = (&self.0, &other.0) {
            let prec = (*pa).max(*pb);
            if let Some(r) = a.checked_sub(*b) {
                if int_fits(r, prec) {
                    return Ok(Number::int(r, prec));
                }
            }
        }
        big_sub(&self.bf(), &other.bf()).map(Number::from_big)
    }

    /// The product (cty's `Multiply`): computed at 512 bits, then given the larger of the
    /// operands' precisions and the product's minimal precision.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let a = Number::parse("18446744073709551617").unwrap();
    /// assert_eq!(a.mul(&Number::from(3)).unwrap().to_string(), "55340232221128654851");
    /// ```
    pub fn mul(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Int { v: a, prec: pa }, Repr::Int { v: b, prec: pb }) = (&self.0, &other.0) {
            if let Some(r) = a.checked_mul(*b) {
                let negative_zero = r == 0 && (*a < 0 || *b < 0);
                if !negative_zero {
                    let mag = r.unsigned_abs();
                    let min_prec = if mag == 0 { 0 } else { 64 - mag.leading_zeros() - mag.trailing_zeros() };
                    let prec = (*pa).max(*pb).max(min_prec);
                    if int_fits(r, prec) {
                        return Ok(Number::int(r, prec));
                    }
                }
            }
        }
        big_mul(&self.bf(), &other.bf()).map(Number::from_big)
    }

    /// The quotient, at the larger precision of the operands (cty's `Divide`). A nonzero
    /// number divided by zero is an infinity; `0/0` and `∞/∞` are errors.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let ten = Number::parse("10").unwrap();
    /// assert_eq!(ten.div(&Number::parse("4").unwrap()).unwrap().to_string(), "2.5");
    /// assert_eq!(ten.div(&Number::zero()).unwrap().to_string(), "+Inf");
    /// ```
    pub fn div(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Int { v: a, prec: pa }, Repr::Int { v: b, prec: pb }) = (&self.0, &other.0) {
            let prec = (*pa).max(*pb);
            if *b != 0 && !(*a == 0 && *b < 0) {
                if let (Some(0), Some(q)) = (a.checked_rem(*b), a.checked_div(*b)) {
                    if int_fits(q, prec) {
                        return Ok(Number::int(q, prec));
                    }
                }
            }
        }
        big_div(&self.bf(), &other.bf()).map(Number::from_big)
    }

    /// The remainder of the truncated division, as cty's `Modulo` computes it: when either
    /// operand is a canonical infinity ([`Number::infinity`]) the result is their product;
    /// when `other` is zero it is `self`; otherwise `self − trunc(self / other) × other`, the
    /// quotient computed at the larger precision and the rest at `self`'s precision. With a
    /// computed infinity that means: `x % ∞` is an error for finite `x`, `∞ % 0` is `∞`,
    /// `∞ % ∞` is an error, and `∞ % x` for finite nonzero `x` (where the reference crashes)
    /// is [`NumberError::ModuloOfInfinity`].
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let n = |s| Number::parse(s).unwrap();
    /// assert_eq!(n("-5").rem(&n("3")).unwrap().to_string(), "-2");
    /// assert_eq!(n("5.5").rem(&n("2")).unwrap().to_string(), "1.5");
    /// assert_eq!(n("7").rem(&n("0")).unwrap().to_string(), "7");
    /// ```
    pub fn rem(&self, other: &Number) -> Result<Number, NumberError> {
        if let (Repr::Int { v: a, prec: pa }, Repr::Int { v: b, .. }) = (&self.0, &other.0) {
            if *b == 0 {
                return Ok(self.clone());
            }
            if let Some(r) = a.checked_rem(*b) {
                return Ok(Number::int(r, *pa));
            }
        }
        if self.is_canonical_infinity() || other.is_canonical_infinity() {
            return cty_mul(&self.bf(), &other.bf())
                .map(Number::from_big)
                .map_err(|e| nan_error(e, NumberError::ModuloZeroAndInfinity));
        }
        if other.is_zero() {
            return Ok(self.clone());
        }
        big_rem(&self.bf(), &other.bf()).map(Number::from_big)
    }

    /// The negation, same precision (cty's `Negate`). `-(0)` is `-0`.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::from(2).neg().neg().to_string(), "2");
    /// assert_eq!(Number::from(0).neg().to_string(), "-0");
    /// ```
    pub fn neg(&self) -> Number {
        if let Repr::Int { v, prec } = &self.0 {
            if *v != 0 {
                if let Some(r) = v.checked_neg() {
                    return Number::int(r, *prec);
                }
            }
        }
        Number::from_big(self.bf().negated())
    }

    /// The absolute value, same precision (cty's `Absolute`). `abs(-0)` is `0`.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("-3.5").unwrap().abs().to_string(), "3.5");
    /// ```
    pub fn abs(&self) -> Number {
        if let Repr::Int { v, prec } = &self.0 {
            if let Some(r) = v.checked_abs() {
                return Number::int(r, *prec);
            }
        }
        Number::from_big(self.bf().abs())
    }

    /// The greatest integer not above the value, same precision (cty's `floor`);
    /// infinities are returned unchanged.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("-0.5").unwrap().floor().to_string(), "-1");
    /// ```
    pub fn floor(&self) -> Number {
        self.round_integer(true)
    }

    /// The least integer not below the value, same precision (cty's `ceil`);
    /// infinities are returned unchanged.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("2.1").unwrap().ceil().to_string(), "3");
    /// assert_eq!(Number::parse("-0.5").unwrap().ceil().to_string(), "0");
    /// ```
    pub fn ceil(&self) -> Number {
        self.round_integer(false)
    }

    fn round_integer(&self, floor: bool) -> Number {
        let b = match &self.0 {
            Repr::Int { .. } => return self.clone(),
            Repr::Big(b) => &b.f,
        };
        if b.is_int() && !b.is_zero() {
            // Already an integer (Go's Int and SetInt give it back unchanged); a huge one is
            // not expanded into a big integer.
            return Number::from_big(b.clone());
        }
        let Some((neg, mag, exact)) = b.trunc_int() else {
            // cty returns a copy: an infinity, but no longer the canonical one.
            return Number::big_raw(b.clone());
        };
        // Go's Int reports Above for a truncated negative value and Below for a positive one.
        let (neg, mag) = if !exact && floor && b.neg {
            (true, mag + 1u32)
        } else if !exact && !floor && !b.neg {
            (false, mag + 1u32)
        } else {
            (neg, mag)
        };
        Number::from_big(BigFloat::from_int(neg, mag, Some(b.prec)))
    }

    /// The value without its fractional part (cty's `int`): an integer is returned as it
    /// is; otherwise the truncated integer gets the precision `max(64, bit length)`.
    /// Infinities are returned unchanged.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let t = Number::parse("-2.5").unwrap().trunc();
    /// assert_eq!((t.to_string(), t.precision()), ("-2".to_string(), 64));
    /// ```
    pub fn trunc(&self) -> Number {
        let b = match &self.0 {
            Repr::Int { .. } => return self.clone(),
            Repr::Big(b) => &b.f,
        };
        if b.is_int() {
            return self.clone();
        }
        match b.trunc_int() {
            Some((neg, mag, _)) => Number::from_big(BigFloat::from_int(neg, mag, None)),
            None => self.clone(),
        }
    }

    /// Numeric comparison, independent of precision: `-Inf` < finite < `+Inf`, `-0 == 0`.
    /// (This order is not `Ord`: [`PartialEq`] is cty's text-based equality, which can differ
    /// for values of different precisions.)
    ///
    /// ```
    /// use hclkit_value::Number;
    /// use std::cmp::Ordering;
    /// let a = Number::parse("0.1").unwrap();
    /// let b = Number::from_f64(0.1).unwrap();
    /// assert_eq!(a.cmp(&b), Ordering::Less); // the 53-bit 0.1 is slightly above
    /// assert_eq!(a, b); // but both print as 0.1
    /// ```
    #[allow(clippy::should_implement_trait)] // deliberately not Ord: see the doc comment
    pub fn cmp(&self, other: &Number) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Int { v: a, .. }, Repr::Int { v: b, .. }) => a.cmp(b),
            _ => self.bf().cmp(&other.bf()),
        }
    }

    /// Whether `a` and `b` might be equal numbers as the reference compares them (by their
    /// printed text, see [`Number`]'s `PartialEq`), decided without printing them: an infinity
    /// prints differently from every finite number, and finite numbers that print the same
    /// differ by less than an ulp of the larger at the smaller of their precisions.
    pub(crate) fn may_print_equal(&self, other: &Number) -> bool {
        let (a, b) = (self, other);
        if !a.is_finite() || !b.is_finite() {
            return a.is_infinite() && b.is_infinite() && a.is_sign_negative() == b.is_sign_negative();
        }
        // Both are within half an ulp of the number their text stands for, so they differ by
        // at most 2^(1-p) times the larger; the bound allows 8 times that, for the rounding of
        // the difference and of the bound themselves. Precisions above 1000 bits are taken as
        // 1000 (a larger bound, so still sound) to keep the factor a normal float.
        let p = a.precision().min(b.precision()).min(1000);
        let Some(factor) = Number::from_f64(2f64.powi(4 - p as i32)) else { return true };
        let (Ok(diff), Ok(bound)) = (a.sub(b), std::cmp::max_by(a.abs(), b.abs(), Number::cmp).mul(&factor)) else {
            return true;
        };
        diff.abs().cmp(&bound).is_le()
    }
}

fn nan_error(e: NaN, op: NumberError) -> NumberError {
    match e {
        NaN::AddOppositeInfinities | NaN::MulZeroInfinity | NaN::QuoIndeterminate => op,
    }
}

/// cty's `Add`.
fn big_add(x: &BigFloat, y: &BigFloat) -> Result<BigFloat, NumberError> {
    BigFloat::add(x, y, x.prec.max(y.prec)).map_err(|e| nan_error(e, NumberError::SumOfOpposingInfinities))
}

/// cty's `Subtract`: `x + (-y)`.
fn big_sub(x: &BigFloat, y: &BigFloat) -> Result<BigFloat, NumberError> {
    BigFloat::add(x, &y.negated(), x.prec.max(y.prec)).map_err(|e| nan_error(e, NumberError::InfinityMinusItself))
}

/// cty's `Multiply` without the error mapping.
fn cty_mul(x: &BigFloat, y: &BigFloat) -> Result<BigFloat, NaN> {
    let r = BigFloat::mul(x, y, MUL_PREC)?;
    let prec = x.prec.max(y.prec).max(u32::try_from(r.min_prec()).unwrap_or(u32::MAX));
    Ok(r.with_prec(prec))
}

/// cty's `Multiply`.
fn big_mul(x: &BigFloat, y: &BigFloat) -> Result<BigFloat, NumberError> {
    cty_mul(x, y).map_err(|e| nan_error(e, NumberError::ZeroTimesInfinity))
}

/// cty's `Divide`.
fn big_div(x: &BigFloat, y: &BigFloat) -> Result<BigFloat, NumberError> {
    BigFloat::quo(x, y, x.prec.max(y.prec))
        .map_err(|e| nan_error(e, NumberError::ZeroDividedByZeroOrInfinityByInfinity))
}

/// cty's `Modulo` after its checks for canonical infinities and a zero divisor.
pub(super) fn big_rem(x: &BigFloat, y: &BigFloat) -> Result<BigFloat, NumberError> {
    let err = |e| nan_error(e, NumberError::ModuloZeroAndInfinity);
    let rat = BigFloat::quo(x, y, x.prec.max(y.prec)).map_err(err)?;
    let work = if rat.is_int() && !rat.is_zero() {
        // The truncated quotient is the quotient itself: `SetInt` of it at x's precision is
        // the quotient rounded to that precision (without expanding a huge integer).
        rat.with_prec(x.prec)
    } else {
        let Some((neg, mag, _)) = rat.trunc_int() else {
            // An infinite quotient: cty calls SetInt(nil) and crashes.
            return Err(NumberError::ModuloOfInfinity);
        };
        BigFloat::from_int(neg, mag, Some(x.prec))
    };
    let work = BigFloat::mul(y, &work, x.prec).map_err(err)?;
    BigFloat::sub(x, &work, x.prec).map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    #[test]
    fn may_print_equal_is_sound() {
        let f = |x: f64| Number::from_f64(x).unwrap();
        let equal = [
            (num("0.1"), f(0.1)),
            (num("1"), Number::from_i64(1)),
            (num("0"), num("-0")),
            (Number::zero(), Number::from_i64(0)),
            (num("1e100000"), num("1e100000").add(&Number::from_i64(1)).unwrap()),
            (f(1.0 / 3.0), num("0.3333333333333333")),
            (Number::from_u64(u64::MAX), num("18446744073709551615")),
            (Number::infinity(), num("+Inf")),
        ];
        for (a, b) in &equal {
            assert_eq!(a, b, "the case is meant to be equal");
            assert!(a.may_print_equal(b) && b.may_print_equal(a), "{a:?} {b:?}");
        }
        let different = [
            (num("1"), num("2")),
            (num("1e100000"), num("2e100000")),
            (num("0"), num("1e-400")),
            (Number::infinity(), num("1e308")),
            (Number::infinity(), Number::neg_infinity()),
            (f(0.1), f(0.1).add(&f(1e-16)).unwrap()),
        ];
        for (a, b) in &different {
            assert_ne!(a, b, "the case is meant to differ");
            // Either answer is sound for numbers that differ; these are far enough apart
            // (or infinite) for the cheap test to tell, except the last, which is close.
            if !a.is_finite() || a.sub(b).unwrap().abs().cmp(&Number::from_f64(1e-10).unwrap()).is_gt() {
                assert!(!a.may_print_equal(b), "{a:?} {b:?}");
            }
        }
    }
}
