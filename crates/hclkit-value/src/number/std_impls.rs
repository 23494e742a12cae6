//! The standard traits of [`Number`]: printing, equality and hashing by value, parsing,
//! and conversion from Rust integers.

use super::*;

impl fmt::Display for Number {
    /// Go's `Text('f', -1)`: the shortest decimal that reads back to the same value at the
    /// value's precision, without an exponent; `+Inf`, `-Inf`, and `-0` for negative zero.
    ///
    /// A number whose text would have more than [`Number::MAX_PRINTED_DIGITS`] digits is
    /// written with an exponent instead (Go's `Text('e', -1)`, such as `1e+600000000`);
    /// [`Number::try_to_string`] reports it as an error.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Int { v, .. } => fmt::Display::fmt(v, f),
            Repr::Big(b) => match b.text() {
                Ok(t) => f.write_str(&t),
                Err(_) => {
                    let d = format::shortest_decimal(&b.f).unwrap_or(Decimal { mant: Vec::new(), exp: 0 });
                    f.write_str(&format::layout_e_shortest(b.f.neg, &d))
                }
            },
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({}, prec {})", self, self.precision())
    }
}

impl PartialEq for Number {
    /// cty's `rawNumberEqual`: same sign and same printed text, `-0` equal to `0`. The texts
    /// are compared as their shortest decimals (digits and exponent), never written out, so
    /// the cost is bounded by the precision whatever the exponent.
    fn eq(&self, other: &Number) -> bool {
        match (&self.0, &other.0) {
            (Repr::Int { v: a, .. }, Repr::Int { v: b, .. }) => a == b,
            (Repr::Big(a), Repr::Big(b)) if Arc::ptr_eq(a, b) => true,
            _ => {
                if self.signum() != other.signum() {
                    return false;
                }
                let (x, y) = (self.bf(), other.bf());
                match (&x.form, &y.form) {
                    (Form::Inf, Form::Inf) => return true,
                    (Form::Inf, _) | (_, Form::Inf) => return false,
                    // The shortest decimal lies within half an ulp of the value, so at any
                    // precision values whose binary exponents differ by more than 2 print
                    // differently.
                    (Form::Finite { exp: a, .. }, Form::Finite { exp: b, .. }) if a.abs_diff(*b) > 2 => return false,
                    _ => {}
                }
                self.eq_decimal() == other.eq_decimal()
            }
        }
    }
}

impl Eq for Number {}

impl Hash for Number {
    /// The hash of the shortest decimal (sign, digits, exponent) that equality compares.
    fn hash<H: Hasher>(&self, state: &mut H) {
        if let Repr::Int { v, .. } = &self.0 {
            // The same key as `eq_decimal` gives, without allocating.
            let mut buf = [0u8; 20];
            let digits = write_u64(v.unsigned_abs(), &mut buf);
            let len = digits.iter().rposition(|&c| c != b'0').map_or(0, |i| i + 1);
            let exp = if len == 0 { 0 } else { digits.len() as i64 };
            return (u8::from(*v < 0), &digits[..len], exp).hash(state);
        }
        match self.eq_decimal() {
            None => (2u8, self.is_sign_negative()).hash(state),
            Some((neg, d)) => (u8::from(neg), d.mant.as_slice(), d.exp).hash(state),
        }
    }
}

/// The decimal digits of `v` in `buf`, without allocating.
pub(super) fn write_u64(v: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    let mut m = v;
    loop {
        i -= 1;
        buf[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    &buf[i..]
}

impl FromStr for Number {
    type Err = ParseNumberError;

    /// Same as [`Number::parse`].
    fn from_str(s: &str) -> Result<Number, ParseNumberError> {
        Number::parse(s)
    }
}

impl Default for Number {
    /// [`Number::zero`].
    fn default() -> Number {
        Number::zero()
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Number {
        Number::from_i64(v)
    }
}

impl From<i32> for Number {
    fn from(v: i32) -> Number {
        Number::from_i64(i64::from(v))
    }
}

impl From<u32> for Number {
    fn from(v: u32) -> Number {
        Number::from_i64(i64::from(v))
    }
}

impl From<u64> for Number {
    fn from(v: u64) -> Number {
        Number::from_u64(v)
    }
}

impl From<usize> for Number {
    fn from(v: usize) -> Number {
        Number::from_u64(v as u64)
    }
}
