//! Unit tests and properties of `Number`. Expected strings come from the reference
//! (go-cty v1.12.1 on Go 1.19 `math/big`), checked with `oracle/numbers/number_oracle.go`.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

use super::bigfloat::BigFloat;
use super::parse::parse_float;
use super::{format, Number, NumberError, Repr};

fn n(s: &str) -> Number {
    Number::parse(s).unwrap()
}

fn is_fast(x: &Number) -> bool {
    matches!(x.0, Repr::Int { .. })
}

/// The same value, forced onto the big representation.
fn big(x: &Number) -> Number {
    Number::big_raw(x.bf().into_owned())
}

fn hash_of(x: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

#[test]
fn parse_rejects_what_go_rejects() {
    for s in [
        "",
        " 1",
        "1 ",
        "1_000",
        "0x10",
        "1e",
        "1e+",
        "1e-",
        ".",
        "-",
        "+",
        "--1",
        "+-1",
        "1..2",
        "1.2.3",
        "e5",
        ".e5",
        "infinity",
        "Infinity",
        "NaN",
        "nan",
        "INF",
        "1e5x",
        "1f",
        "١",
        "1e99999999999999999999",
        "1e3000000000",
        "1e-3000000000",
        "1p2147483647",
        "Inf ",
        "+-Inf",
    ] {
        let e = Number::parse(s).expect_err(s);
        assert_eq!(e.to_string(), "a number is required", "{s:?}");
    }
}

#[test]
fn parse_accepts_what_go_accepts() {
    let cases = [
        ("1p3", "8"),
        ("1.5P-1", "0.75"),
        (".5", "0.5"),
        ("5.", "5"),
        ("+5", "5"),
        ("00012", "12"),
        ("-.5e-1", "-0.05"),
        ("1E+3", "1000"),
        ("1e+3", "1000"),
        ("1.0e-3", "0.001"),
        ("-0", "-0"),
        ("-0.0e5", "-0"),
        ("0e99999999999", "0"),
        ("Inf", "+Inf"),
        ("inf", "+Inf"),
        ("+Inf", "+Inf"),
        ("+inf", "+Inf"),
        ("-Inf", "-Inf"),
        ("-inf", "-Inf"),
        // The power of five overflows Go's exponent range: infinity, or zero below it.
        ("1e1000000000", "+Inf"),
        ("1e-1000000000", "0"),
        ("-1e-1000000000", "-0"),
        ("9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808", "-9223372036854775808"),
    ];
    for (s, want) in cases {
        let x = n(s);
        assert_eq!(x.to_string(), want, "{s}");
        assert_eq!(x.precision(), 512, "{s}");
    }
}

#[test]
fn parse_reproduces_go_double_rounding() {
    // Go divides the exact digits by a power of five that was itself rounded (repeated
    // squaring at 576/640 bits), so this 258-character literal ends up one ulp away from the
    // correctly rounded 512-bit value. The reference prints the first text below; correct
    // rounding would print a different last digit.
    let lit = "936486.6176175932802570115960366384983398093292410185754133202646102777268342695784757052051542693655199321179385391537764386879955574550697013397470522115576451095668062779682529974682343676107472313690637701241584767290795093196949517109833774471958441126\
               7";
    let lit = lit.replace(' ', "");
    let go = parse_float(&lit, 512).unwrap();
    let digits: BigUint = lit.replace('.', "").parse().unwrap();
    let frac = lit.len() - lit.find('.').unwrap() - 1;
    let exact = BigFloat::from_int(false, digits, Some(u32::MAX));
    let ten = BigFloat::from_int(false, BigUint::from(10u32).pow(frac as u32), Some(u32::MAX));
    let correct = BigFloat::quo(&exact, &ten, 512).unwrap();
    assert_ne!(go, correct);
    assert_ne!(format::text_f_shortest(&go), format::text_f_shortest(&correct));
}

#[test]
fn parse_integers_take_the_fast_path() {
    assert!(is_fast(&n("123")));
    assert!(is_fast(&n("+123")));
    assert!(is_fast(&n("-123")));
    assert!(is_fast(&n("1e3")));
    assert!(is_fast(&n("150e-1")));
    assert!(!is_fast(&n("1.5")));
    assert!(!is_fast(&n("-0")));
    assert!(!is_fast(&n("9223372036854775808")));
    assert_eq!(n("123").precision(), 512);
}

#[test]
fn from_f64_is_53_bits() {
    assert!(Number::from_f64(f64::NAN).is_none());
    let cases = [
        (0.1, "0.1"),
        (-0.0, "-0"),
        (0.0, "0"),
        (f64::INFINITY, "+Inf"),
        (f64::NEG_INFINITY, "-Inf"),
        (1.5, "1.5"),
        (1e23, "100000000000000000000000"),
        (2f64.powi(60), "1152921504606847000"),
        (5e-324, "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004940656458412465"),
    ];
    for (f, want) in cases {
        let x = Number::from_f64(f).unwrap();
        assert_eq!(x.to_string(), want, "{f:e}");
        assert_eq!(x.precision(), 53);
        if f.is_finite() {
            assert_eq!(x.to_f64().to_bits(), f.to_bits());
        }
    }
    let max = Number::from_f64(f64::MAX).unwrap();
    assert_eq!(max.to_string(), format!("17976931348623157{}", "0".repeat(292)));
    // The shortest text of a 53-bit 0.1 reads back as a 512-bit number that prints the same.
    assert_eq!(Number::from_f64(0.1).unwrap(), n("0.1"));
}

#[test]
fn integer_constructors_are_64_bits() {
    for x in [
        Number::from_i64(-5),
        Number::from(5i32),
        Number::from(5u32),
        Number::from(5u64),
        Number::from(5usize),
        Number::from_u64(u64::MAX),
    ] {
        assert_eq!(x.precision(), 64);
    }
    assert_eq!(Number::from_u64(u64::MAX).to_string(), "18446744073709551615");
    assert_eq!(Number::from_i64(i64::MIN).to_string(), "-9223372036854775808");
    assert_eq!(Number::from_bigint(&BigInt::from(-7)).precision(), 64);
    let wide: BigInt = "-1".parse::<BigInt>().unwrap() * BigInt::from(2).pow(100);
    assert_eq!(Number::from_bigint(&wide).precision(), 101);
    assert_eq!(Number::from_bigint(&wide).to_bigint(), Some(wide));
    assert_eq!(Number::zero().precision(), 53);
    assert_eq!(Number::infinity().precision(), 0);
    assert_eq!(Number::default(), Number::zero());
}

#[test]
fn to_integer_conversions_are_exact() {
    assert_eq!(n("1e3").to_i64(), Some(1000));
    assert_eq!(n("1.5").to_i64(), None);
    assert_eq!(n("9223372036854775807").to_i64(), Some(i64::MAX));
    assert_eq!(n("9223372036854775808").to_i64(), None);
    assert_eq!(n("-9223372036854775808").to_i64(), Some(i64::MIN));
    assert_eq!(n("-9223372036854775809").to_i64(), None);
    assert_eq!(n("-0").to_i64(), Some(0));
    assert_eq!(Number::infinity().to_i64(), None);
    assert_eq!(n("1e-400").to_i64(), None);
    assert_eq!(n("18446744073709551615").to_u64(), Some(u64::MAX));
    assert_eq!(n("18446744073709551616").to_u64(), None);
    assert_eq!(n("-1").to_u64(), None);
    assert_eq!(n("-0").to_u64(), Some(0));
    assert_eq!(n("2.5").to_u64(), None);
    assert_eq!(n("-2.7").to_i64_saturating_trunc(), -2);
    assert_eq!(n("-1e30").to_i64_saturating_trunc(), i64::MIN);
    assert_eq!(Number::infinity().to_i64_saturating_trunc(), i64::MAX);
    assert_eq!(Number::neg_infinity().to_i64_saturating_trunc(), i64::MIN);
    assert_eq!(n("2.5").to_bigint(), None);
    assert_eq!(n("-0").to_bigint(), Some(BigInt::from(0)));
    // 2^70 as a 53-bit value is an integer, whatever its text.
    let p70 = Number::from_f64(2f64.powi(70)).unwrap();
    assert_eq!(p70.to_bigint(), Some(BigInt::from(2).pow(70)));
    assert_eq!(p70.to_string(), "1180591620717411300000");
}

#[test]
fn to_f64_rounds_to_nearest_even() {
    assert_eq!(n("0.1").to_f64(), 0.1);
    assert_eq!(n("1e400").to_f64(), f64::INFINITY);
    assert_eq!(n("-1e400").to_f64(), f64::NEG_INFINITY);
    assert_eq!(n("1e-400").to_f64(), 0.0);
    assert!(n("-1e-400").to_f64().is_sign_negative());
    assert_eq!(n("2.4703282292062327e-324").to_f64(), 0.0); // exactly half the smallest: even
    assert_eq!(n("2.4703282292062328e-324").to_f64(), 5e-324);
    assert_eq!(n("9007199254740993").to_f64(), 9007199254740992.0);
    assert_eq!(n("9007199254740995").to_f64(), 9007199254740996.0);
    assert_eq!(n("1.7976931348623158e308").to_f64(), f64::MAX);
    assert_eq!(n("1.7976931348623159e308").to_f64(), f64::INFINITY);
    assert_eq!(n("2.2250738585072011e-308").to_f64(), 2.225073858507201e-308);
}

#[test]
fn nan_operations_are_errors() {
    let inf = Number::infinity();
    let ninf = Number::neg_infinity();
    let zero = n("0");
    assert_eq!(inf.add(&ninf), Err(NumberError::SumOfOpposingInfinities));
    assert_eq!(inf.sub(&inf), Err(NumberError::InfinityMinusItself));
    assert_eq!(zero.mul(&inf), Err(NumberError::ZeroTimesInfinity));
    assert_eq!(inf.mul(&zero), Err(NumberError::ZeroTimesInfinity));
    assert_eq!(zero.div(&zero), Err(NumberError::ZeroDividedByZeroOrInfinityByInfinity));
    assert_eq!(inf.div(&ninf), Err(NumberError::ZeroDividedByZeroOrInfinityByInfinity));
    assert_eq!(zero.rem(&inf), Err(NumberError::ModuloZeroAndInfinity));
    assert_eq!(inf.rem(&zero), Err(NumberError::ModuloZeroAndInfinity));
    assert_eq!(inf.add(&inf).unwrap().to_string(), "+Inf");
    assert_eq!(inf.sub(&ninf).unwrap().to_string(), "+Inf");
    assert_eq!(n("1").div(&zero).unwrap().to_string(), "+Inf");
    assert_eq!(n("-1").div(&zero).unwrap().to_string(), "-Inf");
    assert_eq!(n("1").div(&n("-0")).unwrap().to_string(), "-Inf");
    assert_eq!(n("1").div(&inf).unwrap().to_string(), "0");
    assert_eq!(n("-1").div(&inf).unwrap().to_string(), "-0");
    let msgs: Vec<String> = [
        NumberError::SumOfOpposingInfinities,
        NumberError::InfinityMinusItself,
        NumberError::ZeroTimesInfinity,
        NumberError::ZeroDividedByZeroOrInfinityByInfinity,
        NumberError::ModuloZeroAndInfinity,
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(
        msgs,
        [
            "can't compute sum of opposing infinities",
            "can't subtract infinity from itself",
            "can't multiply zero by infinity",
            "can't divide zero by zero or infinity by infinity",
            "can't use modulo with zero and infinity",
        ]
    );
}

#[test]
fn rem_edge_cases() {
    let r = |a: &Number, b: &Number| {
        let x = a.rem(b).unwrap();
        (x.to_string(), x.precision())
    };
    // x % 0 is x itself, precision included.
    assert_eq!(r(&Number::from(7), &n("0")), ("7".into(), 64));
    assert_eq!(r(&n("2.5"), &n("-0")), ("2.5".into(), 512));
    // The remainder keeps the dividend's precision.
    assert_eq!(r(&Number::from(7), &n("2")), ("1".into(), 64));
    assert_eq!(r(&n("-0"), &n("3")), ("-0".into(), 512));
    assert_eq!(r(&n("-0"), &n("-3")), ("0".into(), 512));
    assert_eq!(r(&n("-6"), &n("3")), ("0".into(), 512));
    assert_eq!(r(&n("7"), &n("3.5")), ("0".into(), 512));
    assert_eq!(r(&n("-7"), &n("3")), ("-1".into(), 512));
    assert_eq!(r(&n("7"), &n("-3")), ("1".into(), 512));
    assert_eq!(r(&n("5.5"), &n("2")), ("1.5".into(), 512));
    assert_eq!(r(&n("1e100"), &n("7")), ("4".into(), 512));
    // Infinities: the product of the operands (cty's canonical infinities).
    assert_eq!(r(&Number::infinity(), &n("5")), ("+Inf".into(), 512));
    assert_eq!(r(&n("-5"), &Number::infinity()), ("-Inf".into(), 512));
    // i64::MIN % -1 leaves the fast path without panicking.
    assert_eq!(r(&Number::from(i64::MIN), &Number::from(-1)), ("0".into(), 64));
}

#[test]
fn negative_zero() {
    let nz = n("0").neg();
    assert_eq!(nz.to_string(), "-0");
    assert_eq!(nz.to_string_g10(), "-0");
    assert!(nz.is_zero() && nz.is_sign_negative() && !nz.is_negative());
    assert_eq!(nz.signum(), 0);
    assert_eq!(nz, n("0"));
    assert_eq!(hash_of(&nz), hash_of(&n("0")));
    assert_eq!(nz.cmp(&n("0")), Ordering::Equal);
    assert_eq!(nz.abs().to_string(), "0");
    assert_eq!(n("0").mul(&n("-1")).unwrap().to_string(), "-0");
    assert_eq!(Number::from(0).mul(&Number::from(-1)).unwrap().to_string(), "-0");
    assert_eq!(n("0").div(&n("-3")).unwrap().to_string(), "-0");
    assert_eq!(nz.add(&nz).unwrap().to_string(), "-0");
    assert_eq!(nz.add(&n("0")).unwrap().to_string(), "0");
    assert_eq!(nz.sub(&n("0")).unwrap().to_string(), "-0");
    assert_eq!(n("3").sub(&n("3")).unwrap().to_string(), "0");
    assert_eq!(n("-3").sub(&n("-3")).unwrap().to_string(), "0");
    assert_eq!(nz.floor().to_string(), "0");
    assert_eq!(nz.ceil().to_string(), "0");
    assert_eq!(nz.trunc().to_string(), "-0");
}

#[test]
fn integer_parts() {
    let f = |x: Number| (x.to_string(), x.precision());
    assert_eq!(f(n("2.5").floor()), ("2".into(), 512));
    assert_eq!(f(n("-2.5").floor()), ("-3".into(), 512));
    assert_eq!(f(n("-0.5").floor()), ("-1".into(), 512));
    assert_eq!(f(n("2.5").ceil()), ("3".into(), 512));
    assert_eq!(f(n("-2.5").ceil()), ("-2".into(), 512));
    assert_eq!(f(n("0.5").ceil()), ("1".into(), 512));
    assert_eq!(f(n("-0.5").ceil()), ("0".into(), 512));
    assert_eq!(f(Number::from_f64(2.5).unwrap().floor()), ("2".into(), 53));
    assert_eq!(f(n("2.5").trunc()), ("2".into(), 64));
    assert_eq!(f(n("-0.5").trunc()), ("0".into(), 64));
    assert_eq!(f(n("3").trunc()), ("3".into(), 512));
    assert_eq!(f(n("1e30").trunc()), ("1000000000000000000000000000000".into(), 512));
    assert_eq!(f(n("123456789012345678901234.5").trunc()), ("123456789012345678901234".into(), 77));
    assert_eq!(f(Number::infinity().floor()), ("+Inf".into(), 0));
    assert_eq!(f(Number::neg_infinity().ceil()), ("-Inf".into(), 0));
    assert_eq!(f(Number::infinity().trunc()), ("+Inf".into(), 0));
}

#[test]
fn comparisons() {
    let inf = Number::infinity();
    let ninf = Number::neg_infinity();
    let big = n("1e400");
    assert_eq!(ninf.cmp(&n("-1e400")), Ordering::Less);
    assert_eq!(big.cmp(&inf), Ordering::Less);
    assert_eq!(inf.cmp(&inf), Ordering::Equal);
    assert_eq!(inf.cmp(&n("1").div(&n("0")).unwrap()), Ordering::Equal);
    assert_eq!(ninf.cmp(&inf), Ordering::Less);
    assert_eq!(n("-1").cmp(&n("-0")), Ordering::Less);
    assert_eq!(n("0.1").cmp(&Number::from_f64(0.1).unwrap()), Ordering::Less);
    assert_eq!(n("2").cmp(&Number::from(2)), Ordering::Equal);
    assert_eq!(n("-2.5").cmp(&n("-2.25")), Ordering::Less);
    assert_eq!(Number::from(i64::MIN).cmp(&n("-9223372036854775809")), Ordering::Greater);
}

#[test]
fn equality_is_cty_text_equality() {
    // Different values, same text at their precisions: equal.
    assert_eq!(n("0.1"), Number::from_f64(0.1).unwrap());
    // Same value, different text: 2^60 prints in full at 64 bits, shortened at 53 bits.
    let a = Number::from_f64(2f64.powi(60)).unwrap();
    let b = Number::from_u64(1 << 60);
    assert_eq!(a.cmp(&b), Ordering::Equal);
    assert_ne!(a, b);
    assert_eq!(a, Number::from_i64(1_152_921_504_606_847_000));
    assert_eq!(hash_of(&a), hash_of(&Number::from_i64(1_152_921_504_606_847_000)));
    // 0.1 + 0.2 == 0.3 at 512 bits, not at 53.
    assert_eq!(n("0.1").add(&n("0.2")).unwrap(), n("0.3"));
    let f = |x: f64| Number::from_f64(x).unwrap();
    assert_ne!(f(0.1).add(&f(0.2)).unwrap(), f(0.3));
    // Fast and big representations of the same value are equal and hash alike.
    let mut set = HashSet::new();
    set.insert(n("12"));
    assert!(set.contains(&big(&n("12"))));
    assert!(set.contains(&Number::from(12)));
    assert!(!set.contains(&n("12.5")));
    assert_ne!(Number::infinity(), Number::neg_infinity());
    assert_eq!(Number::infinity(), n("1").div(&n("0")).unwrap());
}

#[test]
fn g10_text() {
    let cases = [
        ("0", "0"),
        ("1000", "1000"),
        ("1234567890", "1234567890"),
        ("12345678901", "1.23456789e+10"),
        ("12345678951", "1.234567895e+10"),
        ("0.0001", "0.0001"),
        ("0.00001", "1e-05"),
        ("0.000012345", "1.2345e-05"),
        ("1e21", "1e+21"),
        ("100000000000", "1e+11"),
        ("-2.5", "-2.5"),
        ("1e400", "1e+400"),
        ("0.333333333333333", "0.3333333333"),
        ("Inf", "+Inf"),
        ("-Inf", "-Inf"),
    ];
    for (s, want) in cases {
        assert_eq!(n(s).to_string_g10(), want, "{s}");
        assert_eq!(big(&n(s)).to_string_g10(), want, "{s} (big)");
    }
    assert_eq!(Number::from(-12345678901i64).to_string_g10(), "-1.23456789e+10");
}

#[test]
fn debug_shows_text_and_precision() {
    assert_eq!(format!("{:?}", n("2.5")), "Number(2.5, prec 512)");
    assert_eq!("2.5".parse::<Number>().unwrap(), n("2.5"));
}

/// Precisions an integer can have in cty: from a float, an int, or a literal.
fn prec_for(v: i64) -> impl Strategy<Value = u32> {
    let bits = 64 - v.unsigned_abs().leading_zeros();
    let mut options = vec![64u32, 512];
    if bits <= 53 {
        options.push(53);
    }
    proptest::sample::select(options)
}

fn fast_int() -> impl Strategy<Value = Number> {
    prop_oneof![any::<i64>(), -1000i64..1000, -(1i64 << 53)..(1i64 << 53)]
        .prop_flat_map(|v| prec_for(v).prop_map(move |p| Number::int(v, p)))
}

fn same(a: &Result<Number, NumberError>, b: &Result<Number, NumberError>) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => a.to_string() == b.to_string() && a.precision() == b.precision() && *a.bf() == *b.bf(),
        (Err(a), Err(b)) => a == b,
        _ => false,
    }
}

/// Any finite value: 53-bit floats, 64-bit integers, 512-bit quotients.
fn finite_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<f64>().prop_filter_map("finite", |f| if f.is_finite() { Number::from_f64(f) } else { None }),
        any::<i64>().prop_map(Number::from_i64),
        (any::<i64>(), 1i64..1_000_000).prop_map(|(a, b)| n(&a.to_string()).div(&n(&b.to_string())).unwrap()),
        (any::<u64>(), -400i32..400).prop_map(|(m, e)| n(&format!("{m}e{e}"))),
    ]
}

/// Go's `roundShortest` on complete digit strings, for comparison with the windowed search.
fn shortest_reference(mant: &BigUint, exp: i64, prec: u32) -> format::Decimal {
    format::shortest_with_margin(mant, exp, prec, None)
}

fn g10_reference(mant: &BigUint, exp: i64) -> format::Decimal {
    let mut d = format::Decimal::exact(mant, BigFloat::lsb(mant, exp));
    d.round(10);
    d
}

/// A finite mantissa (odd), exponent and a precision that holds the mantissa.
fn raw_finite() -> impl Strategy<Value = (BigUint, i64, u32)> {
    (
        proptest::collection::vec(any::<u64>(), 1..10),
        0u32..64,
        prop_oneof![-40i64..40, -1200i64..1200],
        prop_oneof![Just(0u32), 0u32..8, 0u32..600],
    )
        .prop_map(|(words, cut, exp, extra)| {
            let mut m =
                BigUint::from_slice(&words.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>())
                    >> cut;
            if m == BigUint::default() {
                m = BigUint::from(1u32);
            }
            let tz = m.trailing_zeros().unwrap_or(0);
            m >>= tz;
            let prec = m.bits() as u32 + extra;
            (m, exp, prec)
        })
}

/// A value whose exact decimal expansion fits 128 bits or nearly (the shortcut of
/// `format::shortest` and its edges), at a precision of about 128 bits or more.
fn short_finite() -> impl Strategy<Value = (BigUint, i64, u32)> {
    (any::<u64>(), 0u32..64, -80i64..140, prop_oneof![120u32..136, 128u32..600]).prop_map(|(w, cut, exp, prec)| {
        let m = (w >> cut) | 1;
        (BigUint::from(m), exp, prec.max(64))
    })
}

proptest! {
    #[test]
    fn short_values_print_their_exact_digits((m, exp, prec) in short_finite()) {
        prop_assert_eq!(&format::shortest(&m, exp, prec), &shortest_reference(&m, exp, prec));
    }

    #[test]
    fn windowed_digits_match_exact_digits((m, exp, prec) in raw_finite(), margin in prop_oneof![-400i64..14, -20i64..14], digits in -5i64..25) {
        let reference = shortest_reference(&m, exp, prec);
        prop_assert_eq!(&format::shortest(&m, exp, prec), &reference);
        prop_assert_eq!(&format::shortest_with_margin(&m, exp, prec, Some(margin)), &reference);
        let g = g10_reference(&m, exp);
        prop_assert_eq!(&format::g10_decimal(&m, exp, 20), &g);
        prop_assert_eq!(&format::g10_decimal(&m, exp, digits), &g);
    }

    #[test]
    fn fast_path_matches_big_path(a in fast_int(), b in fast_int()) {
        let (ba, bb) = (big(&a), big(&b));
        prop_assert!(same(&a.add(&b), &ba.add(&bb)), "add {:?} {:?}", a, b);
        prop_assert!(same(&a.sub(&b), &ba.sub(&bb)), "sub {:?} {:?}", a, b);
        prop_assert!(same(&a.mul(&b), &ba.mul(&bb)), "mul {:?} {:?}", a, b);
        prop_assert!(same(&a.div(&b), &ba.div(&bb)), "div {:?} {:?}", a, b);
        prop_assert!(same(&a.rem(&b), &ba.rem(&bb)), "rem {:?} {:?}", a, b);
        prop_assert!(same(&Ok(a.neg()), &Ok(ba.neg())));
        prop_assert!(same(&Ok(a.abs()), &Ok(ba.abs())));
        prop_assert_eq!(a.cmp(&b), ba.cmp(&bb));
        prop_assert_eq!(a == b, ba == bb);
        prop_assert_eq!(a.to_string(), ba.to_string());
        prop_assert_eq!(a.to_string_g10(), ba.to_string_g10());
        prop_assert_eq!(a.to_i64(), ba.to_i64());
        prop_assert_eq!(a.to_f64().to_bits(), ba.to_f64().to_bits());
        prop_assert_eq!(hash_of(&a), hash_of(&ba));
    }

    #[test]
    fn exact_integer_results_print_as_integers(a in any::<i64>(), b in any::<i64>()) {
        let (x, y) = (Number::from_i64(a), Number::from_i64(b));
        prop_assert_eq!(x.to_string(), a.to_string());
        if let Some(s) = a.checked_add(b) {
            prop_assert_eq!(x.add(&y).unwrap().to_string(), s.to_string());
        }
        if let Some(d) = a.checked_sub(b) {
            prop_assert_eq!(x.sub(&y).unwrap().to_string(), d.to_string());
        }
        if let Some(p) = a.checked_mul(b) {
            if p != 0 || (a >= 0 && b >= 0) {
                prop_assert_eq!(x.mul(&y).unwrap().to_string(), p.to_string());
            }
        }
        // Products beyond i64 are exact too (computed at 512 bits).
        let wide = i128::from(a) * i128::from(b);
        let p = x.mul(&y).unwrap();
        if wide != 0 {
            prop_assert_eq!(p.to_bigint().unwrap(), BigInt::from(wide));
        }
    }

    #[test]
    fn display_parses_back(x in finite_number()) {
        let back = n(&x.to_string());
        prop_assert_eq!(&back, &x);
        prop_assert_eq!(back.to_string(), x.to_string());
    }

    #[test]
    fn f64_round_trips(f in any::<f64>()) {
        prop_assume!(!f.is_nan());
        let x = Number::from_f64(f).unwrap();
        prop_assert_eq!(x.to_f64().to_bits(), f.to_bits());
        prop_assert_eq!(n(&x.to_string()).to_f64().to_bits(), f.to_bits());
    }

    #[test]
    fn cmp_is_antisymmetric_and_matches_eq(a in finite_number(), b in finite_number()) {
        prop_assert_eq!(a.cmp(&b), b.cmp(&a).reverse());
        prop_assert_eq!(a == b, b == a);
        if a.precision() == b.precision() {
            prop_assert_eq!(a == b, a.cmp(&b) == Ordering::Equal, "{:?} {:?}", a, b);
        }
        if a == b {
            prop_assert_eq!(hash_of(&a), hash_of(&b));
        }
        prop_assert_eq!(a.cmp(&a), Ordering::Equal);
        prop_assert_eq!(&a, &a);
    }
}
