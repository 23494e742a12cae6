//! Arbitrary-precision numbers with the exact behaviour of go-cty's `cty.Number`, which is a
//! Go `*big.Float` (Go 1.19 `math/big`) used the way go-cty v1.12.1 uses it.
//!
//! # What is reproduced
//!
//! A value has a sign, a binary mantissa, an exponent and a *precision* in bits, and is zero,
//! finite or infinite (never NaN). The precision is part of the value because it is
//! observable: it decides the digits printed (the shortest decimal that reads back to the same
//! value *at that precision*) and the precision of results.
//!
//! * Literals and strings parse at 512 bits ([`Number::parse`], cty's `ParseNumberVal`);
//!   integers from the host are 64-bit ([`Number::from_i64`], cty's `NumberIntVal`); floats
//!   are 53-bit ([`Number::from_f64`], cty's `NumberFloatVal`).
//! * Sums, differences and quotients are rounded to nearest-even at the larger precision of
//!   the operands; products are rounded at 512 bits and keep the larger of the operands'
//!   precisions and the product's own minimal precision; remainders follow cty's `Modulo`.
//! * Printing ([`Display`](std::fmt::Display)) is `big.Float.Text('f', -1)`, and
//!   [`Number::to_string_g10`] is `big.Float.String()` (`Text('g', 10)`).
//! * Equality is cty's `rawNumberEqual`: equal printed text, with `-0` equal to `0`.
//!
//! # Implementation choice
//!
//! The big representation is a small binary float written here on top of
//! `num_bigint::BigUint` (odd mantissa, Go-style exponent, precision; every operation
//! computes the exact result, or an exact truncation plus a sticky bit, and rounds once to
//! nearest-even, which is what Go's `round` does). Writing it ourselves was preferred over
//! `dashu-float` or `astro-float` because fidelity needs more than correct rounding: Go's
//! precision rules (`Set` into receivers of given precisions, `SetPrec` after a 512-bit
//! product, `SetInt` choosing `max(bits, 64)`), its exponent limits (`int32`, overflow to
//! infinity), its decimal parser (exact integer mantissa times a power of five computed by
//! repeated squaring at `prec+64`/`prec+128` bits, hence double rounding for long literals)
//! and its shortest-decimal search (`roundShortest`, with its unaligned digit comparison) all
//! have to be mirrored step by step, and those crates neither expose nor follow those steps.
//! `num-bigint` is already a dependency, and the code stays small.
//!
//! Integers, the common case (literals, counts, indexes), take a fast path: an `i64` with its
//! precision, used whenever the value is an integer whose bit length fits its precision
//! (such a value prints as its plain decimal digits, so equality, ordering, printing and
//! conversion need no big arithmetic). Operations stay on it when the exact result is again
//! such an integer, and otherwise fall back to the big representation (kept behind an `Arc`,
//! so cloning is cheap).
//!
//! Measured with `cargo bench -p hclkit-value --bench number` (both paths in one run): an
//! addition of small integers takes about 8 ns on the fast path, of integers above 2^64
//! about 250 ns and of fractions about 440 ns on the big path (the README has the table).
//!
//! # Canonical infinities
//!
//! cty's `Modulo` recognises its canonical `PositiveInfinity`/`NegativeInfinity` values by
//! pointer identity, and treats infinities computed by expressions (such as `1/0`)
//! differently. [`Number::infinity`] and [`Number::neg_infinity`] are those canonical values
//! (clones stay canonical, like copies of a cty value; every operation result is a new,
//! computed value), so [`Number::rem`] follows cty in both cases.
//!
//! # Bounded cost
//!
//! The reference computes with a number's complete decimal expansion when it prints or
//! compares one, which for `1e600000000` (a valid literal: Go's binary exponent goes up to
//! 2^31) has 600 million digits: it never answers. Here every operation costs time bounded by
//! the precision and the logarithm of the exponent, never by the exponent itself:
//!
//! * digits are computed in a window of the leading ones, with huge powers of ten bounded
//!   rather than computed (`format`, `scale`), so [`to_string_g10`](Number::to_string_g10),
//!   equality and hashing are cheap for any value;
//! * a long literal is rounded from its leading digits when they decide the rounding, which
//!   they do unless the literal is within a hair of a rounding boundary; then all its digits
//!   are converted, by divide and conquer (`parse`);
//! * the positional text of a number is limited to [`Number::MAX_PRINTED_DIGITS`] digits:
//!   [`Number::try_to_string`] and [`Number::try_text`] report a [`NumberTooLongError`]
//!   beyond (and [`Display`](std::fmt::Display) falls back to an exponent form);
//! * integer conversions look at the exponent before building an integer.
//!
//! # Known differences from the reference
//!
//! * Where the reference crashes, this type returns a value or an error instead: a computed
//!   infinity modulo a finite nonzero number (a nil-pointer dereference in cty) is
//!   [`NumberError::ModuloOfInfinity`], and [`Number::trunc`] of an infinity (cty's `int`
//!   crashes the same way) returns the infinity.

mod arith;
mod bigfloat;
pub(crate) use bigfloat::{MAX_EXP as MAX_LITERAL_EXP, MIN_EXP as MIN_LITERAL_EXP};
mod format;
mod parse;
mod scale;
mod std_impls;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_bounded;

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint, Sign};

use bigfloat::{BigFloat, Form};
use format::Decimal;
use std_impls::write_u64;

/// The precision of parsed numbers (cty's `ParseNumberVal`).
const PARSE_PREC: u32 = 512;
/// The precision of host integers (cty's `NumberIntVal`).
const INT_PREC: u32 = 64;
/// The precision of host floats (cty's `NumberFloatVal` and `cty.Zero`).
const FLOAT_PREC: u32 = 53;
/// The precision at which cty's `Multiply` computes products.
const MUL_PREC: u32 = 512;

/// An arbitrary-precision number with go-cty's semantics (a Go `*big.Float`).
///
/// Cloning is cheap. See the [module documentation](self) for the rules it follows.
///
/// ```
/// use hclkit_value::Number;
/// let third = Number::parse("1").unwrap().div(&Number::parse("3").unwrap()).unwrap();
/// assert_eq!(third.precision(), 512);
/// assert!(third.to_string().starts_with("0.3333333333"));
/// ```
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    /// An integer whose bit length is at most `prec` (so it prints as its digits). Never −0.
    Int { v: i64, prec: u32 },
    /// Any other value.
    Big(Arc<Big>),
}

struct Big {
    f: BigFloat,
    /// One of cty's canonical infinities (see the module documentation).
    canonical_inf: bool,
}

impl Big {
    /// `Text('f', -1)`, unless longer than the limit. (Not cached: a cache needs interior
    /// mutability, which would make clippy reject `Number` as a key of hash maps and sets
    /// everywhere.)
    fn text(&self) -> Result<String, NumberTooLongError> {
        format::text_f_shortest(&self.f).map_err(NumberTooLongError::from)
    }
}

/// Whether `v` has at most `prec` significant bits, i.e. `|v| < 2^prec`.
fn int_fits(v: i64, prec: u32) -> bool {
    prec >= 64 || v.unsigned_abs() >> prec == 0
}

/// An operation with no numeric result, where Go's `math/big` panics with `ErrNaN` and
/// cty's standard library functions report an error. The messages are cty's.
///
/// ```
/// use hclkit_value::{Number, NumberError};
/// let zero = Number::from_i64(0);
/// assert_eq!(zero.div(&zero), Err(NumberError::ZeroDividedByZeroOrInfinityByInfinity));
/// assert_eq!(
///     NumberError::ZeroDividedByZeroOrInfinityByInfinity.to_string(),
///     "can't divide zero by zero or infinity by infinity"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumberError {
    /// `+∞ + −∞` in an addition.
    SumOfOpposingInfinities,
    /// `∞ − ∞` in a subtraction.
    InfinityMinusItself,
    /// `0 × ∞`.
    ZeroTimesInfinity,
    /// `0 / 0` or `∞ / ∞`.
    ZeroDividedByZeroOrInfinityByInfinity,
    /// A remainder that needs `0 × ∞` or `∞ / ∞`.
    ModuloZeroAndInfinity,
    /// A computed infinity modulo a finite nonzero number, where cty crashes (a nil-pointer
    /// dereference reported as "panic in function implementation").
    ModuloOfInfinity,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberError::SumOfOpposingInfinities => "can't compute sum of opposing infinities",
            NumberError::InfinityMinusItself => "can't subtract infinity from itself",
            NumberError::ZeroTimesInfinity => "can't multiply zero by infinity",
            NumberError::ZeroDividedByZeroOrInfinityByInfinity => "can't divide zero by zero or infinity by infinity",
            NumberError::ModuloZeroAndInfinity => "can't use modulo with zero and infinity",
            NumberError::ModuloOfInfinity => "can't use modulo with an infinite dividend",
        })
    }
}

impl std::error::Error for NumberError {}

/// A string that is not a number, for [`Number::parse`]. Its message is cty's:
/// "a number is required".
///
/// ```
/// use hclkit_value::Number;
/// let err = Number::parse("twelve").unwrap_err();
/// assert_eq!(err.to_string(), "a number is required");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNumberError {
    _private: (),
}

impl fmt::Display for ParseNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number is required")
    }
}

impl std::error::Error for ParseNumberError {}

/// A number whose positional decimal text (go-cty's, without an exponent) would have more
/// than [`Number::MAX_PRINTED_DIGITS`] digits, from [`Number::try_to_string`] and
/// [`Number::try_text`].
///
/// ```
/// use hclkit_value::Number;
/// let huge = Number::parse("1e600000000").unwrap();
/// let err = huge.try_to_string().unwrap_err();
/// assert_eq!(err.digits(), 600_000_001);
/// assert_eq!(
///     err.to_string(),
///     "number too long to write out (600000001 digits; the limit is 1000000)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberTooLongError {
    digits: u64,
}

impl NumberTooLongError {
    /// How many digits the text would have.
    pub fn digits(&self) -> u64 {
        self.digits
    }
}

impl From<format::TooLong> for NumberTooLongError {
    fn from(e: format::TooLong) -> Self {
        NumberTooLongError { digits: e.digits }
    }
}

impl fmt::Display for NumberTooLongError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "number too long to write out ({} digits; the limit is {})", self.digits, Number::MAX_PRINTED_DIGITS)
    }
}

impl std::error::Error for NumberTooLongError {}

impl Number {
    /// The most digits [`try_to_string`](Self::try_to_string) writes (and
    /// [`try_text`](Self::try_text) with the `'f'` verb, not counting the fractional digits
    /// asked for). go-cty prints numbers without an exponent, so a 16-byte literal such as
    /// `1e600000000` would be a 600-megabyte text; a million digits is far beyond any value
    /// a configuration means (a 512-bit number has at most 155 significant digits, the rest
    /// are zeros) and cheap to write.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::parse("1e999999").unwrap().try_to_string().is_ok());
    /// assert!(Number::parse("1e1000000").unwrap().try_to_string().is_err());
    /// assert!(Number::parse("1e-999999").unwrap().try_to_string().is_ok()); // "0.000…01"
    /// assert!(Number::parse("1e-1000000").unwrap().try_to_string().is_err());
    /// ```
    pub const MAX_PRINTED_DIGITS: u64 = format::MAX_DIGITS;

    fn int(v: i64, prec: u32) -> Number {
        debug_assert!(int_fits(v, prec));
        Number(Repr::Int { v, prec })
    }

    /// Wraps a big value, moving it to the integer fast path when it qualifies.
    fn from_big(f: BigFloat) -> Number {
        match &f.form {
            Form::Zero if !f.neg => return Number::int(0, f.prec),
            Form::Finite { mant, exp } if *exp <= 63 && *exp <= i64::from(f.prec) => {
                let lsb = BigFloat::lsb(mant, *exp);
                if lsb >= 0 {
                    let m = mant.iter_u64_digits().next().unwrap_or(0);
                    if let Ok(mag) = i64::try_from(m << lsb) {
                        return Number::int(if f.neg { -mag } else { mag }, f.prec);
                    }
                }
            }
            _ => {}
        }
        Number::big_raw(f)
    }

    /// Wraps a big value without moving it to the fast path (tests use it to force the big
    /// path).
    fn big_raw(f: BigFloat) -> Number {
        Number(Repr::Big(Arc::new(Big { f, canonical_inf: false })))
    }

    /// The value as a big float.
    fn bf(&self) -> Cow<'_, BigFloat> {
        match &self.0 {
            Repr::Int { v, prec } => Cow::Owned(BigFloat::from_u64(*v < 0, v.unsigned_abs(), *prec)),
            Repr::Big(b) => Cow::Borrowed(&b.f),
        }
    }

    /// Parses a decimal number the way cty's `ParseNumberVal` does
    /// (`big.ParseFloat(s, 10, 512, big.ToNearestEven)`).
    ///
    /// Accepted: an optional sign, digits with at most one decimal point (at least one digit),
    /// an optional exponent (`e`/`E` for powers of ten, also `p`/`P` for powers of two, as Go
    /// accepts), and the infinities `Inf`, `inf`, `+Inf`, `+inf`, `-Inf`, `-inf`. Nothing else:
    /// no surrounding spaces, no `_`, no `0x`. A decimal exponent so large that the binary
    /// exponent leaves Go's `int32` range is an error too; one that only makes the power of
    /// five overflow gives an infinity or a zero, as in Go.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("1.5e3").unwrap().to_string(), "1500");
    /// assert_eq!(Number::parse("-0").unwrap().to_string(), "-0");
    /// assert!(Number::parse("+Inf").unwrap().is_infinite());
    /// assert!(Number::parse(" 1").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Number, ParseNumberError> {
        // Fast path: a plain integer literal that fits an i64 (exact at 512 bits).
        let digits = s.strip_prefix('+').unwrap_or(s);
        if !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|c| c.is_ascii_digit()) {
            if let Ok(v) = digits.parse::<i64>() {
                return Ok(Number::int(v, PARSE_PREC));
            }
        }
        match parse::parse_float(s, PARSE_PREC) {
            Some(f) => Ok(Number::from_big(f)),
            None => Err(ParseNumberError { _private: () }),
        }
    }

    /// An integer with precision 64, like cty's `NumberIntVal`.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let n = Number::from_i64(-42);
    /// assert_eq!((n.to_string(), n.precision()), ("-42".to_string(), 64));
    /// ```
    pub fn from_i64(v: i64) -> Number {
        Number::int(v, INT_PREC)
    }

    /// An unsigned integer with precision 64, like cty's `NumberUIntVal`.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::from_u64(u64::MAX).to_string(), "18446744073709551615");
    /// ```
    pub fn from_u64(v: u64) -> Number {
        match i64::try_from(v) {
            Ok(v) => Number::int(v, INT_PREC),
            Err(_) => Number::big_raw(BigFloat::from_u64(false, v, INT_PREC)),
        }
    }

    /// A float with precision 53, like cty's `NumberFloatVal`; `None` for NaN. Infinities
    /// and negative zero are kept.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::from_f64(0.1).unwrap().to_string(), "0.1");
    /// assert_eq!(Number::from_f64(0.1).unwrap().precision(), 53);
    /// assert!(Number::from_f64(f64::NAN).is_none());
    /// ```
    pub fn from_f64(v: f64) -> Option<Number> {
        BigFloat::from_f64(v).map(Number::from_big)
    }

    /// An integer of any size, like `new(big.Float).SetInt(v)`: its precision is the
    /// larger of 64 and the integer's bit length, so it is exact (cty's `parseint`).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// use num_bigint::BigInt;
    /// let big: BigInt = "123456789012345678901234567890".parse().unwrap();
    /// let n = Number::from_bigint(&big);
    /// assert_eq!(n.to_string(), "123456789012345678901234567890");
    /// assert_eq!(n.precision(), 97);
    /// ```
    pub fn from_bigint(v: &BigInt) -> Number {
        Number::from_big(BigFloat::from_int(v.sign() == Sign::Minus, v.magnitude().clone(), None))
    }

    /// Positive infinity: cty's canonical `PositiveInfinity`, which has precision 0 and which
    /// [`rem`](Self::rem) treats specially (see the module documentation).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::infinity().to_string(), "+Inf");
    /// assert_eq!(Number::infinity().rem(&Number::from(5)).unwrap().to_string(), "+Inf");
    /// ```
    pub fn infinity() -> Number {
        Number::canonical_infinity(false)
    }

    /// Negative infinity: cty's canonical `NegativeInfinity` (see [`infinity`](Self::infinity)).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::neg_infinity().to_string(), "-Inf");
    /// ```
    pub fn neg_infinity() -> Number {
        Number::canonical_infinity(true)
    }

    fn canonical_infinity(neg: bool) -> Number {
        let f = BigFloat::inf(neg, 0);
        Number(Repr::Big(Arc::new(Big { f, canonical_inf: true })))
    }

    /// Whether this is one of cty's canonical infinities ([`infinity`](Self::infinity),
    /// [`neg_infinity`](Self::neg_infinity) or a clone of them), as opposed to an infinity
    /// computed by an operation or parsed.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::infinity().is_canonical_infinity());
    /// assert!(!Number::from(1).div(&Number::zero()).unwrap().is_canonical_infinity());
    /// ```
    pub fn is_canonical_infinity(&self) -> bool {
        matches!(&self.0, Repr::Big(b) if b.canonical_inf)
    }

    /// Zero (cty's `Zero`, which is `big.NewFloat(0)`: precision 53). `from_i64(0)` is the
    /// 64-bit zero of `NumberIntVal(0)`.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::zero().is_zero());
    /// assert_eq!(Number::zero().precision(), 53);
    /// ```
    pub fn zero() -> Number {
        Number::int(0, FLOAT_PREC)
    }

    /// The precision in bits (Go's `Prec`).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("7").unwrap().precision(), 512);
    /// assert_eq!(Number::from(7).precision(), 64);
    /// ```
    pub fn precision(&self) -> u32 {
        match &self.0 {
            Repr::Int { prec, .. } => *prec,
            Repr::Big(b) => b.f.prec,
        }
    }

    /// Whether the value is zero (either sign).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::parse("-0").unwrap().is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        match &self.0 {
            Repr::Int { v, .. } => *v == 0,
            Repr::Big(b) => b.f.is_zero(),
        }
    }

    /// Whether the value is an infinity.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let one = Number::from(1);
    /// assert!(one.div(&Number::zero()).unwrap().is_infinite());
    /// ```
    pub fn is_infinite(&self) -> bool {
        match &self.0 {
            Repr::Int { .. } => false,
            Repr::Big(b) => b.f.is_inf(),
        }
    }

    /// Whether the value is finite (zero included).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::from(3).is_finite() && !Number::infinity().is_finite());
    /// ```
    pub fn is_finite(&self) -> bool {
        !self.is_infinite()
    }

    /// Whether the value is finite with no fractional part (zero included; Go's `IsInt`).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::parse("1e3").unwrap().is_integer());
    /// assert!(!Number::parse("1.5").unwrap().is_integer());
    /// assert!(!Number::infinity().is_integer());
    /// ```
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Int { .. } => true,
            Repr::Big(b) => b.f.is_int(),
        }
    }

    /// Whether the value is less than zero. Negative zero is *not* negative (see
    /// [`is_sign_negative`](Self::is_sign_negative)); negative infinity is.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::from(-1).is_negative());
    /// assert!(!Number::parse("-0").unwrap().is_negative());
    /// ```
    pub fn is_negative(&self) -> bool {
        self.signum() < 0
    }

    /// Whether the sign bit is set (Go's `Signbit`): true for negative values, `-0` and `-Inf`.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert!(Number::parse("-0").unwrap().is_sign_negative());
    /// ```
    pub fn is_sign_negative(&self) -> bool {
        match &self.0 {
            Repr::Int { v, .. } => *v < 0,
            Repr::Big(b) => b.f.neg,
        }
    }

    /// −1, 0 or 1 (Go's `Sign`; both zeros give 0, infinities ±1).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::neg_infinity().signum(), -1);
    /// assert_eq!(Number::parse("-0").unwrap().signum(), 0);
    /// ```
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Int { v, .. } => v.signum() as i32,
            Repr::Big(b) => b.f.sign(),
        }
    }

    /// The value as an `i64` if it is an integer in range (`-0` gives 0).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("1e3").unwrap().to_i64(), Some(1000));
    /// assert_eq!(Number::parse("1.5").unwrap().to_i64(), None);
    /// assert_eq!(Number::parse("1e19").unwrap().to_i64(), None);
    /// ```
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Int { v, .. } => Some(*v),
            Repr::Big(b) => {
                if b.f.exponent() > 64 {
                    return None;
                }
                let (neg, mag, exact) = b.f.trunc_int()?;
                if !exact {
                    return None;
                }
                let m = u64::try_from(&mag).ok()?;
                if neg {
                    0i64.checked_sub_unsigned(m)
                } else {
                    i64::try_from(m).ok()
                }
            }
        }
    }

    /// The value as a `u64` if it is an integer in range (`-0` gives 0).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("18446744073709551615").unwrap().to_u64(), Some(u64::MAX));
    /// assert_eq!(Number::from(-1).to_u64(), None);
    /// ```
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Int { v, .. } => u64::try_from(*v).ok(),
            Repr::Big(b) => {
                if b.f.exponent() > 64 {
                    return None;
                }
                let (neg, mag, exact) = b.f.trunc_int()?;
                if !exact || (neg && mag != BigUint::default()) {
                    return None;
                }
                u64::try_from(&mag).ok()
            }
        }
    }

    /// The value truncated toward zero and clamped to the `i64` range, infinities to the
    /// bounds (Go's `Int64`, ignoring its accuracy).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("-2.7").unwrap().to_i64_saturating_trunc(), -2);
    /// assert_eq!(Number::parse("1e30").unwrap().to_i64_saturating_trunc(), i64::MAX);
    /// ```
    pub fn to_i64_saturating_trunc(&self) -> i64 {
        match &self.0 {
            Repr::Int { v, .. } => *v,
            Repr::Big(b) if b.f.exponent() > 64 && b.f.neg => i64::MIN,
            Repr::Big(b) if b.f.exponent() > 64 => i64::MAX,
            Repr::Big(b) => match b.f.trunc_int() {
                None if b.f.neg => i64::MIN,
                None => i64::MAX,
                Some((neg, mag, _)) => {
                    let m = u64::try_from(&mag).unwrap_or(u64::MAX);
                    if neg {
                        0i64.checked_sub_unsigned(m).unwrap_or(i64::MIN)
                    } else {
                        i64::try_from(m).unwrap_or(i64::MAX)
                    }
                }
            },
        }
    }

    /// The integer value, if the number is an integer (`-0` gives 0). The integer has as
    /// many bits as the number's binary exponent (up to 2^31: 256 MiB); see
    /// [`to_bigint_limited`](Self::to_bigint_limited) for a bounded alternative.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let n = Number::parse("1e30").unwrap();
    /// assert_eq!(n.to_bigint().unwrap().to_string(), "1000000000000000000000000000000");
    /// ```
    pub fn to_bigint(&self) -> Option<BigInt> {
        match &self.0 {
            Repr::Int { v, .. } => Some(BigInt::from(*v)),
            Repr::Big(b) => {
                let (neg, mag, exact) = b.f.trunc_int()?;
                exact.then(|| BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, mag))
            }
        }
    }

    /// [`to_bigint`](Self::to_bigint) for an integer of at most
    /// [`MAX_PRINTED_DIGITS`](Self::MAX_PRINTED_DIGITS) decimal digits; a larger one is a
    /// [`NumberTooLongError`], found without building it.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("1e3").unwrap().to_bigint_limited().unwrap().unwrap().to_string(), "1000");
    /// assert_eq!(Number::parse("0.5").unwrap().to_bigint_limited(), Ok(None));
    /// assert!(Number::parse("1e600000000").unwrap().to_bigint_limited().is_err());
    /// ```
    pub fn to_bigint_limited(&self) -> Result<Option<BigInt>, NumberTooLongError> {
        if let Repr::Big(b) = &self.0 {
            if let Form::Finite { mant, exp } = &b.f.form {
                // 3,000,000 bits hold fewer than a million digits.
                if *exp > 3_000_000 {
                    let digits = format::integer_digits(mant, *exp);
                    if digits > Self::MAX_PRINTED_DIGITS {
                        return Err(NumberTooLongError { digits });
                    }
                }
            }
        }
        Ok(self.to_bigint())
    }

    /// The nearest `f64` (ties to even; Go's `Float64`), infinities included.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("0.1").unwrap().to_f64(), 0.1);
    /// assert_eq!(Number::parse("1e400").unwrap().to_f64(), f64::INFINITY);
    /// ```
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Int { v, .. } => *v as f64,
            Repr::Big(b) => b.f.to_f64(),
        }
    }

    /// Go's `big.Float.String()`, that is `Text('g', 10)`: at most 10 significant digits,
    /// in exponent form for large and small magnitudes. cty uses it to hash set elements.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("12345678901").unwrap().to_string_g10(), "1.23456789e+10");
    /// assert_eq!(Number::parse("0.5").unwrap().to_string_g10(), "0.5");
    /// ```
    pub fn to_string_g10(&self) -> String {
        match &self.0 {
            Repr::Int { v, .. } => {
                let mut buf = String::new();
                if *v < 0 {
                    buf.push('-');
                }
                let digits = v.unsigned_abs().to_string();
                format::g10_digits(&mut buf, format::Decimal::from_digits(digits.as_bytes()));
                buf
            }
            Repr::Big(b) => format::text_g10(&b.f),
        }
    }

    /// Go's `big.Float.Text(verb, prec)` for the verbs `e`, `E`, `f`, `g` and `G`: `prec`
    /// digits after the point (`e`, `f`) or significant digits (`g`), or with `None` the
    /// fewest digits that read back to the same value at its precision. Infinities are
    /// `+Inf` and `-Inf`. A positional (`'f'`) text longer than
    /// [`MAX_PRINTED_DIGITS`](Self::MAX_PRINTED_DIGITS) is given as with `'e'` instead; see
    /// [`try_text`](Self::try_text).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let n = Number::parse("1234.5678").unwrap();
    /// assert_eq!(n.text('e', Some(2)), "1.23e+03");
    /// assert_eq!(n.text('f', Some(1)), "1234.6");
    /// assert_eq!(n.text('g', None), "1234.5678");
    /// assert_eq!(Number::from(1000000).text('g', None), "1e+06");
    /// ```
    pub fn text(&self, verb: char, prec: Option<usize>) -> String {
        self.try_text(verb, prec).unwrap_or_else(|_| self.text('e', prec))
    }

    /// [`text`](Self::text), or a [`NumberTooLongError`] when the positional (`'f'`) text
    /// would have more than [`MAX_PRINTED_DIGITS`](Self::MAX_PRINTED_DIGITS) digits, not
    /// counting the fractional digits asked for with `prec`. The cost is bounded by the
    /// digits written, whatever the exponent.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let huge = Number::parse("1e600000000").unwrap();
    /// assert_eq!(huge.try_text('e', Some(3)).unwrap(), "1.000e+600000000");
    /// assert!(huge.try_text('f', Some(2)).is_err());
    /// let tiny = Number::parse("-1e-600000000").unwrap();
    /// assert_eq!(tiny.try_text('f', Some(3)).unwrap(), "-0.000");
    /// assert_eq!(tiny.try_text('g', None).unwrap(), "-1e-600000000");
    /// ```
    pub fn try_text(&self, verb: char, prec: Option<usize>) -> Result<String, NumberTooLongError> {
        let prec = prec.map_or(-1, |p| i64::try_from(p).unwrap_or(i64::MAX));
        format::text(&self.bf(), verb, prec).map_err(NumberTooLongError::from)
    }

    /// The printed text ([`Display`](fmt::Display): go-cty's, Go's `Text('f', -1)`), or a
    /// [`NumberTooLongError`] when it would have more than
    /// [`MAX_PRINTED_DIGITS`](Self::MAX_PRINTED_DIGITS) digits. This is what conversion to
    /// a string and JSON encoding use. The cost is bounded by the digits written, whatever
    /// the exponent.
    ///
    /// ```
    /// use hclkit_value::Number;
    /// assert_eq!(Number::parse("1.50").unwrap().try_to_string().unwrap(), "1.5");
    /// assert_eq!(Number::parse("1e300").unwrap().try_to_string().unwrap().len(), 301);
    /// assert!(Number::parse("-1e-600000000").unwrap().try_to_string().is_err());
    /// ```
    pub fn try_to_string(&self) -> Result<String, NumberTooLongError> {
        match &self.0 {
            Repr::Int { v, .. } => Ok(v.to_string()),
            Repr::Big(b) => b.text(),
        }
    }

    /// Appends the text of [`try_to_string`](Self::try_to_string) to `out` (nothing on an
    /// error), without a string of its own for an integer: for writers of many numbers
    /// (templates, JSON).
    ///
    /// ```
    /// use hclkit_value::Number;
    /// let mut out = String::from("port ");
    /// Number::from_i64(-8080).write_text(&mut out).unwrap();
    /// Number::parse("0.25").unwrap().write_text(&mut out).unwrap();
    /// assert_eq!(out, "port -80800.25");
    /// assert!(Number::parse("1e1000000").unwrap().write_text(&mut out).is_err());
    /// assert_eq!(out, "port -80800.25");
    /// ```
    pub fn write_text(&self, out: &mut String) -> Result<(), NumberTooLongError> {
        match &self.0 {
            Repr::Int { v, .. } => {
                if *v < 0 {
                    out.push('-');
                }
                let mut buf = [0u8; 20];
                out.extend(write_u64(v.unsigned_abs(), &mut buf).iter().map(|&d| char::from(d)));
                Ok(())
            }
            Repr::Big(b) => {
                out.push_str(&b.text()?);
                Ok(())
            }
        }
    }

    /// The shortest decimal of a finite value with whether it is negative (`-0` is not):
    /// what cty's equality compares. `None` for infinities.
    fn eq_decimal(&self) -> Option<(bool, Decimal)> {
        match &self.0 {
            Repr::Int { v, .. } => {
                let mut buf = [0u8; 20];
                Some((*v < 0, Decimal::from_digits(write_u64(v.unsigned_abs(), &mut buf))))
            }
            Repr::Big(b) => {
                let d = format::shortest_decimal(&b.f)?;
                Some((b.f.sign() < 0, d))
            }
        }
    }
}
