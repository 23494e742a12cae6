//! Number functions: `abs`, `ceil`, `floor`, `int`, `log`, `max`, `min`, `parseint`, `pow`,
//! `signum`.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};

use super::gomath;
use super::string::{int_arg, WHOLE_NUMBER};
use crate::function::{Function, FunctionError, Parameter};
use crate::go::quote_into as go_quote;
use crate::number::Number;
use crate::ty::Type;
use crate::value::Value;

fn number_arg(args: &[Value], i: usize) -> Result<&Number, FunctionError> {
    // The call machinery only passes known, non-null numbers here.
    args.get(i).and_then(Value::as_number).ok_or_else(|| FunctionError::arg(i, "a number is required"))
}

/// `abs(num)`: the number without its sign.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::absolute().call(&[Value::number(-3)]).unwrap(), Value::number(3));
/// ```
pub fn absolute() -> Function {
    Function::builder()
        .description(
            "If the given number is negative then returns its positive equivalent, or otherwise returns the given number unchanged.",
        )
        .param(Parameter::new("num", Type::Number).allow_dynamic_type(true))
        .static_return_type(Type::Number)
        .implementation(|args, _| Ok(Value::number(number_arg(args, 0)?.abs())))
        .build()
}

/// `int(num)`: the number with any fractional part discarded (truncated towards zero).
///
/// ```
/// use hclkit_value::{stdlib, Number, Value};
/// let n = Value::number(Number::parse("-3.7").unwrap());
/// assert_eq!(stdlib::int().call(&[n]).unwrap(), Value::number(-3));
/// ```
pub fn int() -> Function {
    Function::builder()
        .description("Discards any fractional portion of the given number.")
        .param(Parameter::new("num", Type::Number).allow_dynamic_type(true))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            let n = number_arg(args, 0)?;
            if n.is_integer() {
                return Ok(args[0].clone());
            }
            if n.is_infinite() {
                // The reference fails here too (its implementation panics on an infinity).
                return Err(FunctionError::new("cannot discard the fractional portion of an infinite number"));
            }
            Ok(Value::number(n.trunc()))
        })
        .build()
}

fn extremum(description: &'static str, keep: Ordering) -> Function {
    Function::builder()
        .description(description)
        .var_param(Parameter::new("numbers", Type::Number).allow_dynamic_type(true))
        .static_return_type(Type::Number)
        .implementation(move |args, _| {
            let mut best: Option<&Value> = None;
            for (i, arg) in args.iter().enumerate() {
                let n = number_arg(args, i)?;
                // The first of equal numbers wins, as in the reference.
                let better = match best.and_then(Value::as_number) {
                    None => true,
                    Some(b) => n.cmp(b) == keep,
                };
                if better {
                    best = Some(arg);
                }
            }
            best.cloned().ok_or_else(|| FunctionError::new("must pass at least one number"))
        })
        .build()
}

/// `max(numbers...)`: the greatest of the numbers (at least one).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::max().call(&[1.into(), 3.into(), 2.into()]).unwrap(), Value::number(3));
/// assert_eq!(stdlib::max().call(&[]).unwrap_err().message(), "must pass at least one number");
/// ```
pub fn max() -> Function {
    extremum("Returns the numerically greatest of all of the given numbers.", Ordering::Greater)
}

/// `min(numbers...)`: the least of the numbers (at least one).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::min().call(&[1.into(), 3.into(), (-2).into()]).unwrap(), Value::number(-2));
/// ```
pub fn min() -> Function {
    extremum("Returns the numerically smallest of all of the given numbers.", Ordering::Less)
}

fn rounding(description: &'static str, floor: bool) -> Function {
    Function::builder()
        .description(description)
        .param(Parameter::new("num", Type::Number))
        .static_return_type(Type::Number)
        .implementation(move |args, _| {
            let n = number_arg(args, 0)?;
            Ok(Value::number(if floor { n.floor() } else { n.ceil() }))
        })
        .build()
}

/// `ceil(num)`: the least whole number not below the number (infinities stay as they are).
///
/// ```
/// use hclkit_value::{stdlib, Number, Value};
/// let n = Value::number(Number::parse("-1.5").unwrap());
/// assert_eq!(stdlib::ceil().call(&[n]).unwrap(), Value::number(-1));
/// ```
pub fn ceil() -> Function {
    rounding("Returns the smallest whole number that is greater than or equal to the given value.", false)
}

/// `floor(num)`: the greatest whole number not above the number.
///
/// ```
/// use hclkit_value::{stdlib, Number, Value};
/// let n = Value::number(Number::parse("-1.5").unwrap());
/// assert_eq!(stdlib::floor().call(&[n]).unwrap(), Value::number(-2));
/// ```
pub fn floor() -> Function {
    rounding("Returns the greatest whole number that is less than or equal to the given value.", true)
}

/// A number argument as go-cty reads it into a float64 (`gocty.FromCtyValue`): the nearest
/// float64 (`big.Float.Float64`, ties to even; tiny values become ±0), where a finite number
/// beyond the float64 range is an error rather than an infinity. Infinite numbers stay
/// infinite.
fn float_arg(args: &[Value], i: usize) -> Result<f64, FunctionError> {
    let n = number_arg(args, i)?;
    let f = n.to_f64();
    if f.is_infinite() && !n.is_infinite() {
        // The reference's message, `%f` of ∓math.MaxFloat64; not tied to the argument.
        return Err(FunctionError::new(format!(
            "value must be between {:.6} and {:.6} inclusive",
            -f64::MAX,
            f64::MAX
        )));
    }
    Ok(f)
}

/// A float64 result as cty makes it (`NumberFloatVal`, infinities included). NaN has no
/// number value: the reference panics there (and reports the panic with its goroutine's
/// stack); this is an ordinary error.
fn float_result(f: f64) -> Result<Value, FunctionError> {
    Number::from_f64(f).map(Value::number).ok_or_else(|| FunctionError::new("the result is not a number (NaN)"))
}

/// `log(num, base)`: the logarithm of the number in the base, computed in float64 as the
/// reference does (`ln(num) / ln(base)` with Go's `math.Log`, bit for bit).
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let f = stdlib::log();
/// assert_eq!(f.call(&[8.into(), 2.into()]).unwrap(), Value::number(3));
/// // The reference's float64 rounding, not the exact answer:
/// let r = f.call(&[9.into(), 3.into()]).unwrap();
/// assert_eq!(r.as_number().unwrap().to_string(), "2.0000000000000004");
/// ```
pub fn log() -> Function {
    Function::builder()
        .description("Returns the logarithm of the given number in the given base.")
        .param(Parameter::new("num", Type::Number))
        .param(Parameter::new("base", Type::Number))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            let num = float_arg(args, 0)?;
            let base = float_arg(args, 1)?;
            float_result(gomath::log(num) / gomath::log(base))
        })
        .build()
}

/// `pow(num, power)`: the number raised to the power, computed in float64 as the reference
/// does (Go's `math.Pow`, bit for bit).
///
/// ```
/// use hclkit_value::{stdlib, Number, Value};
/// let f = stdlib::pow();
/// assert_eq!(f.call(&[2.into(), 10.into()]).unwrap(), Value::number(1024));
/// let r = f.call(&[2.into(), Value::number(Number::parse("1.5").unwrap())]).unwrap();
/// assert_eq!(r.as_number().unwrap().to_string(), "2.82842712474619");
/// ```
pub fn pow() -> Function {
    Function::builder()
        .description("Returns the given number raised to the given power (exponentiation).")
        .param(Parameter::new("num", Type::Number))
        .param(Parameter::new("power", Type::Number))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            let num = float_arg(args, 0)?;
            let power = float_arg(args, 1)?;
            float_result(gomath::pow(num, power))
        })
        .build()
}

/// `signum(num)`: -1, 0 or 1 by the sign of a whole number.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// assert_eq!(stdlib::signum().call(&[(-7).into()]).unwrap(), Value::number(-1));
/// ```
pub fn signum() -> Function {
    Function::builder()
        .description("Returns 0 if the given number is zero, 1 if the given number is positive, or -1 if the given number is negative.")
        .param(Parameter::new("num", Type::Number))
        .static_return_type(Type::Number)
        .implementation(|args, _| {
            let n = int_arg(args.first().unwrap_or(&Value::dynamic()))?;
            Ok(Value::number(n.signum()))
        })
        .build()
}

/// `parseint(number, base)`: the integer a string spells in a base from 2 to 62 (digits,
/// then letters: case-insensitive up to base 36, lowercase before uppercase above), with an
/// optional sign.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let f = stdlib::parseint();
/// assert_eq!(f.call(&["FF".into(), 16.into()]).unwrap(), Value::number(255));
/// assert_eq!(f.call(&["-101".into(), 2.into()]).unwrap(), Value::number(-5));
/// let e = f.call(&["12".into(), 1.into()]).unwrap_err();
/// assert_eq!(e.message(), "base must be a whole number between 2 and 62 inclusive");
/// ```
pub fn parseint() -> Function {
    Function::builder()
        .description("Parses the given string as a number of the given base, or raises an error if the string contains invalid characters.")
        .param(Parameter::new("number", Type::Dynamic))
        .param(Parameter::new("base", Type::Number))
        .return_type(|args| {
            let ty = args.first().map(Value::ty).unwrap_or(Type::Dynamic);
            if ty != Type::String {
                return Err(FunctionError::arg(0, format!("first argument must be a string, not {}", ty.friendly_name())));
            }
            Ok(Type::Number)
        })
        .implementation(|args, _| {
            let s = args.first().and_then(Value::as_str).unwrap_or_default();
            let base = args
                .get(1)
                .and_then(Value::as_number)
                .filter(|n| n.is_integer())
                .and_then(|n| n.to_i64())
                .ok_or_else(|| FunctionError::arg(1, WHOLE_NUMBER))?;
            if !(2..=62).contains(&base) {
                return Err(FunctionError::arg(1, "base must be a whole number between 2 and 62 inclusive"));
            }
            match parse_big_int(s, base as u32) {
                Some(n) => Ok(Value::number(Number::from_bigint(&n))),
                None => {
                    let mut q = String::new();
                    go_quote(s, &mut q);
                    Err(FunctionError::arg(0, format!("cannot parse {q} as a base {base} integer")))
                }
            }
        })
        .build()
}

/// Go's `big.Int.SetString(s, base)` for a base from 2 to 62.
fn parse_big_int(s: &str, base: u32) -> Option<BigInt> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut values = Vec::with_capacity(digits.len());
    for c in digits.bytes() {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'z' => c - b'a' + 10,
            b'A'..=b'Z' if base <= 36 => c - b'A' + 10,
            b'A'..=b'Z' => c - b'A' + 36,
            _ => return None,
        };
        if u32::from(d) >= base {
            return None;
        }
        values.push(d);
    }
    let mag = radix_value(&values, base, &mut Vec::new())?;
    Some(BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, mag))
}

/// Digit strings up to this long are converted directly (`from_radix_be`, quadratic in the
/// length but fast at this size); longer ones by divide and conquer.
const RADIX_LEAF: usize = 1024;

/// The value of `digits` (each below `base`, most significant first). Long strings are split
/// so that the low part has `RADIX_LEAF * 2^k` digits: value = high * base^(that) + low, with
/// the powers `pows[k] = base^(RADIX_LEAF * 2^k)` computed once by squaring. The work is then
/// that of the multiplications (Karatsuba in num-bigint), not the quadratic digit-by-digit
/// accumulation that Go's `SetString` and `from_radix_be` do: a megabyte of digits takes
/// milliseconds instead of seconds.
fn radix_value(digits: &[u8], base: u32, pows: &mut Vec<BigUint>) -> Option<BigUint> {
    if digits.len() <= RADIX_LEAF {
        return BigUint::from_radix_be(digits, base);
    }
    let mut k = 0;
    while RADIX_LEAF << (k + 1) < digits.len() {
        k += 1;
    }
    while pows.len() <= k {
        let next = match pows.last() {
            Some(p) => p * p,
            None => BigUint::from(base).pow(RADIX_LEAF as u32),
        };
        pows.push(next);
    }
    let (high, low) = digits.split_at(digits.len() - (RADIX_LEAF << k));
    let high = radix_value(high, base, pows)?;
    let low = radix_value(low, base, pows)?;
    Some(high * &pows[k] + low)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parseint_digits_and_bases() {
        let call = |s: &str, b: i64| parseint().call(&[s.into(), b.into()]);
        let int = |s: &str, b: i64| call(s, b).unwrap().as_number().and_then(Number::to_bigint).unwrap();
        assert_eq!(int("FF", 16), BigInt::from(255));
        assert_eq!(int("-101", 2), BigInt::from(-5));
        assert_eq!(int("+zZ", 62), BigInt::from(35 * 62 + 61));
        assert_eq!(int("zZ", 36), BigInt::from(35 * 36 + 35));
        assert_eq!(int("0", 2), BigInt::from(0));
        assert_eq!(int("-0", 10), BigInt::from(0));
        for (s, b) in [("", 10), ("-", 10), ("2", 2), ("Z", 35), ("1_0", 10), ("١", 10), (" 1", 10)] {
            let e = call(s, b).unwrap_err();
            assert!(e.message().starts_with("cannot parse "), "{s:?}: {e:?}");
        }
    }

    #[test]
    fn parseint_of_a_long_string() {
        // Found by tests/stdlib_no_panic.rs: digits were added to a big integer one at a
        // time, taking seconds for a long string. They are now converted by divide and
        // conquer; the `parseint` group of `benches/growth.rs` measures the time at 16 Ki and
        // 64 Ki digits.
        let n = 1 << 16;
        let v = parseint().call(&[Value::string("z".repeat(n)), 36.into()]).unwrap();
        let want = BigInt::from(36).pow(n as u32) - 1;
        assert_eq!(v.as_number().and_then(Number::to_bigint), Some(want));
    }

    #[test]
    fn divide_and_conquer_agrees_with_direct_conversion() {
        // Lengths around the leaf size and its doublings, in several bases, with digits
        // that vary (a pseudo-random walk) so that misplaced halves would show.
        for base in [2u32, 10, 16, 36, 62] {
            for len in
                [1, RADIX_LEAF - 1, RADIX_LEAF, RADIX_LEAF + 1, 2 * RADIX_LEAF, 2 * RADIX_LEAF + 7, 5 * RADIX_LEAF + 3]
            {
                let digits: Vec<u8> = (0..len).map(|i| ((i * 7919 + len) % base as usize) as u8).collect();
                let want = BigUint::from_radix_be(&digits, base);
                assert_eq!(radix_value(&digits, base, &mut Vec::new()), want, "base {base}, {len} digits");
            }
        }
    }

    fn num(s: &str) -> Value {
        Value::number(Number::parse(s).unwrap())
    }

    #[test]
    fn log_and_pow_read_and_make_float64_as_go_cty() {
        let text = |v: Result<Value, FunctionError>| v.unwrap().as_number().unwrap().to_string();
        // Beyond the float64 range: go-cty's conversion error, whichever argument.
        let range = format!("value must be between {:.6} and {:.6} inclusive", -f64::MAX, f64::MAX);
        assert!(range.starts_with("value must be between -179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 and 1797"));
        for args in [[num("1e400"), 10.into()], [10.into(), num("-1e400")]] {
            let e = log().call(&args).unwrap_err();
            assert_eq!((e.message(), e.arg_index()), (range.as_str(), None));
            assert_eq!(pow().call(&args).unwrap_err().message(), range);
        }
        // Tiny values round to zero; infinities are infinities.
        assert_eq!(text(log().call(&[num("1e-400"), 10.into()])), "-Inf");
        assert_eq!(text(pow().call(&[num("1e-400"), 2.into()])), "0");
        assert_eq!(text(log().call(&[Value::number(Number::infinity()), 10.into()])), "+Inf");
        assert_eq!(text(pow().call(&[Value::number(Number::neg_infinity()), 3.into()])), "-Inf");
        let smallest = pow().call(&[2.into(), num("-1074")]).unwrap();
        assert_eq!(smallest.as_number().unwrap().to_f64(), 5e-324);
        // NaN results: the reference panics (reported with a goroutine trace); an error here.
        for (f, args) in
            [(log(), [(-1).into(), 10.into()]), (log(), [1.into(), 1.into()]), (pow(), [(-8).into(), num("0.5")])]
        {
            assert_eq!(f.call(&args).unwrap_err().message(), "the result is not a number (NaN)");
        }
    }
}
