//! Bounded cost on hostile input (issue 11): numbers with huge exponents and long literals.
//!
//! The reference never answers for most of these values (it expands `1e600000000` into 600
//! million digits), so the expected results come from two other sources: the exact
//! algorithms this module keeps (complete decimal expansions, all digits of a literal
//! converted), run on values still small enough for them, and properties that hold for any
//! value (a printed number reads back to itself; equality is equality of printed texts).
//! Growth is measured by the `number` criterion benchmark, not here.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use num_bigint::BigUint;
use proptest::prelude::*;

use super::arith::big_rem;
use super::bigfloat::{BigFloat, Form};
use super::format::{self, Decimal};
use super::parse::{long_is_decided, parse_float, parse_float_exact};
use super::Number;

fn n(s: &str) -> Number {
    Number::parse(s).unwrap()
}

fn hash_of(x: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// The printed text with `-0` as `0`, as cty's equality compares it (the definition the
/// bounded comparison replaces).
fn eq_text(x: &Number) -> String {
    let t = x.to_string();
    if t == "-0" {
        "0".to_owned()
    } else {
        t
    }
}

#[test]
fn huge_exponents_compare_print_and_hash_in_bounded_time() {
    let huge = n("1e600000000");
    let huger = n("1e600000001");
    let tiny = n("1e-600000000");
    assert_eq!(huge.cmp(&huger), Ordering::Less);
    assert_eq!(huger.cmp(&huge), Ordering::Greater);
    assert_eq!(tiny.cmp(&Number::zero()), Ordering::Greater);
    assert_eq!(huge.neg().cmp(&tiny.neg()), Ordering::Less);
    assert_eq!(huge, n("1e600000000"));
    assert_ne!(huge, huger);
    assert_ne!(huge, n("1"));
    assert_ne!(n("1"), huge);
    assert_ne!(huge, huge.neg());
    assert_eq!(tiny, n("1e-600000000"));
    assert_ne!(tiny, Number::zero());
    assert_ne!(tiny, tiny.neg());
    // Equal values hash alike; a set holds each once.
    assert_eq!(hash_of(&huge), hash_of(&n("1e600000000")));
    let set: HashSet<Number> = [huge.clone(), huger.clone(), n("1e600000000"), tiny.clone(), n("1e-600000000")].into();
    assert_eq!(set.len(), 3);
    // cty's set hash text, and the exponent forms.
    assert_eq!(huge.to_string_g10(), "1e+600000000");
    assert_eq!(tiny.neg().to_string_g10(), "-1e-600000000");
    assert_eq!(huge.text('e', None), "1e+600000000");
    assert_eq!(huge.text('g', Some(3)), "1e+600000000");
    assert_eq!(huge.text('e', Some(20)), "1.00000000000000000000e+600000000");
    assert_eq!(tiny.text('E', Some(2)), "1.00E-600000000");
    // The largest finite magnitudes Go allows (binary exponents near ±2^31).
    let top = n("1e646456992");
    let bottom = n("1e-646456992");
    assert!(top.is_finite() && !bottom.is_zero());
    assert_eq!(top.to_string_g10(), "1e+646456992");
    assert_eq!(bottom.to_string_g10(), "1e-646456992");
    // Beyond, the power of five overflows to an infinity or a zero, as in Go; only a binary
    // exponent beyond int32 is a syntax error.
    assert!(n("1e646456993").is_infinite());
    assert!(n("-1e-646456995").is_zero());
    assert!(Number::parse("1e2147483647").is_err());
}

#[test]
fn huge_arithmetic_stays_bounded() {
    let half = n("1e300000000");
    let prod = half.mul(&half).unwrap();
    assert!(prod.is_finite());
    assert_eq!(prod.to_string_g10(), "1e+600000000");
    assert_eq!(prod.cmp(&n("1e599999999")), Ordering::Greater);
    // Beyond Go's largest exponent a product is an infinity, as in Go.
    assert!(prod.mul(&prod).unwrap().is_infinite());
    let sum = prod.add(&n("1")).unwrap();
    assert_eq!(sum, prod);
    let q = n("1").div(&prod).unwrap();
    assert_eq!(q.to_string_g10(), "1e-600000000");
    // Integer views look at the exponent first.
    assert_eq!(prod.to_i64(), None);
    assert_eq!(prod.to_u64(), None);
    assert_eq!(prod.to_i64_saturating_trunc(), i64::MAX);
    assert_eq!(prod.neg().to_i64_saturating_trunc(), i64::MIN);
    assert_eq!(prod.floor(), prod);
    assert_eq!(prod.ceil(), prod);
    assert_eq!(prod.trunc(), prod);
    assert_eq!(prod.neg().floor(), prod.neg());
    assert!(prod.to_bigint_limited().is_err());
    assert_eq!(n("123.5").to_bigint_limited().unwrap(), None);
    // A remainder of a huge number: the quotient is already an integer.
    let r = prod.rem(&n("7")).unwrap();
    assert!(r.is_finite());
    assert_eq!(tiny_rem_check(&prod, &n("7")), r);
}

/// cty's `Modulo` the way it was computed before the shortcut (expanding the truncated
/// quotient into a big integer), for values small enough for that.
fn tiny_rem_check(x: &Number, y: &Number) -> Number {
    let (x, y) = (x.bf().into_owned(), y.bf().into_owned());
    if let Form::Finite { exp, .. } = &x.form {
        if *exp > 100_000 {
            // Too big to expand: the shortcut is checked on smaller values below.
            return Number::from_big(big_rem(&x, &y).unwrap());
        }
    }
    let rat = BigFloat::quo(&x, &y, x.prec.max(y.prec)).unwrap();
    let (neg, mag, _) = rat.trunc_int().unwrap();
    let work = BigFloat::from_int(neg, mag, Some(x.prec));
    let work = BigFloat::mul(&y, &work, x.prec).unwrap();
    Number::from_big(BigFloat::sub(&x, &work, x.prec).unwrap())
}

#[test]
fn positional_text_is_limited() {
    let max = Number::MAX_PRINTED_DIGITS;
    // 1 and max − 1 zeros: exactly the limit.
    let at_limit = n(&format!("1e{}", max - 1));
    let text = at_limit.try_to_string().unwrap();
    assert_eq!(text.len() as u64, max);
    assert!(text.starts_with("10000") && text.bytes().skip(1).all(|c| c == b'0'));
    assert_eq!(at_limit.to_string(), text);
    let over = n(&format!("1e{max}"));
    assert_eq!(over.try_to_string().unwrap_err().digits(), max + 1);
    assert_eq!(over.neg().try_to_string().unwrap_err().digits(), max + 1);
    assert_eq!(over.to_string(), format!("1e+{max}"));
    assert_eq!(over.neg().to_string(), format!("-1e+{max}"));
    assert_eq!(format!("{over:?}"), format!("Number(1e+{max}, prec 512)"));
    // Small ones: "0." then max − 2 zeros and a 1 is max digits.
    let small = n(&format!("1e-{}", max - 1));
    assert_eq!(small.try_to_string().unwrap().len() as u64, max + 1);
    let smaller = n(&format!("-1e-{max}"));
    assert_eq!(smaller.try_to_string().unwrap_err().digits(), max + 1);
    assert_eq!(smaller.to_string(), format!("-1e-{max}"));
    // With a precision, the integer part counts, the fraction asked for does not.
    // (The 512-bit value of 1e1000000 is a little below it: its exact integer part has a
    // million digits, so that one is written.)
    assert!(over.try_text('f', Some(0)).unwrap().len() as u64 == max);
    assert_eq!(n(&format!("1e{}", max + 5)).try_text('f', Some(0)).unwrap_err().digits(), max + 6);
    assert!(at_limit.try_text('f', Some(2)).unwrap().ends_with(".00"));
    assert_eq!(smaller.try_text('f', Some(3)).unwrap(), "-0.000");
    assert_eq!(n("0.5").try_text('f', Some(20_000)).unwrap().len(), 20_002);
    assert_eq!(over.try_text('e', Some(1)).unwrap(), format!("1.0e+{max}"));
    assert_eq!(over.try_text('g', None).unwrap(), format!("1e+{max}"));
    let far = n(&format!("1e{}", max + 5));
    assert!(far.text('f', Some(1)) == format!("1.0e+{}", max + 5), "falls back to the exponent form");
    // Ordinary numbers are untouched.
    assert_eq!(n("1e300").try_to_string().unwrap(), format!("1{}", "0".repeat(300)));
    assert_eq!(n("-0").try_to_string().unwrap(), "-0");
    assert_eq!(Number::infinity().try_to_string().unwrap(), "+Inf");
}

#[test]
fn rem_floor_and_ceil_shortcuts_match_the_expanded_computation() {
    let cases = [
        ("1e200", "7"),
        ("-1e200", "7"),
        ("1e200", "-0.3"),
        ("123456789e160", "1.5"),
        ("3e400", "1e-5"),
        ("17", "5"),
        ("2.5", "0.5"),
    ];
    for (a, b) in cases {
        let (x, y) = (n(a), n(b));
        assert_eq!(x.rem(&y).unwrap().bf().into_owned(), tiny_rem_check(&x, &y).bf().into_owned(), "{a} % {b}");
        for v in [&x, &y] {
            // An integer is its own floor and ceiling, at its precision.
            if v.is_integer() {
                let (neg, mag, _) = v.bf().trunc_int().unwrap();
                let expanded = Number::from_big(BigFloat::from_int(neg, mag, Some(v.precision())));
                assert_eq!(v.floor().bf().into_owned(), expanded.bf().into_owned());
                assert_eq!(v.ceil().bf().into_owned(), expanded.bf().into_owned());
            }
        }
    }
}

/// A literal near a rounding boundary of 512-bit floats, written with more digits than the
/// leading-digit bound uses: the integer midpoint `(2·mant + 1)·2^q` between two adjacent
/// floats (when `mant` has 512 bits), nudged by `nudge` in its last digit, and followed by
/// `zeros` zeros after a decimal point (which Go divides out exactly, `5^zeros` being exact
/// for up to 27 of them).
fn near_tie_literal(mant: &BigUint, q: u32, zeros: usize, nudge: i32) -> String {
    let mut v = (mant * 2u32 + 1u32) << q;
    match nudge {
        1 => v += 1u32,
        -1 => v -= 1u32,
        _ => {}
    }
    let s = v.to_string();
    if zeros == 0 {
        s
    } else {
        format!("{s}.{}", "0".repeat(zeros))
    }
}

#[test]
fn literals_at_rounding_boundaries_take_the_exact_path() {
    let mut undecided = 0;
    let mut seed: u64 = 7;
    for case in 0..24 {
        // A 512-bit mantissa (odd, top bit set).
        let mut words = Vec::new();
        for _ in 0..16 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            words.push((seed >> 32) as u32);
        }
        let mut m = BigUint::from_slice(&words) | (BigUint::from(1u32) << 511u32) | BigUint::from(1u32);
        if case % 3 == 0 {
            m >>= 100u32; // a shorter mantissa: fewer digits before the zeros
        }
        let q = 2300 + (case as u32 % 4) * 37;
        for nudge in [-1, 0, 1] {
            for zeros in [0usize, 3, 27] {
                let s = near_tie_literal(&m, q, zeros, nudge);
                let s = if case % 2 == 1 { format!("-{s}") } else { s };
                let fast = parse_float(&s, 512);
                let exact = parse_float_exact(&s, 512);
                assert_eq!(fast, exact, "case {case} nudge {nudge} zeros {zeros}");
                if s.len() > 800 && !long_is_decided(&s, 512) {
                    undecided += 1;
                }
            }
        }
    }
    // The exact fallback is exercised (ties and near-ties cannot be decided from bounds).
    assert!(undecided >= 24, "only {undecided} literals needed all their digits");
}

#[test]
fn a_million_digit_literal_rounds_as_go_does() {
    // All ones: far from any rounding boundary, decided by the leading digits alone.
    let s = "1".repeat(1_000_000);
    assert!(long_is_decided(&s, 512));
    let x = Number::parse(&s).unwrap();
    assert_eq!(x.to_string_g10(), "1.111111111e+999999");
    let text = x.try_to_string().unwrap();
    assert_eq!(text.len(), 1_000_000);
    // 512 bits are about 154 digits; the rest of the shortest text is zeros.
    assert!(text[..150].bytes().all(|c| c == b'1'));
    assert!(text[200..].bytes().all(|c| c == b'0'));
    // The same digits in a fraction.
    let f = Number::parse(&format!("0.{s}")).unwrap();
    assert_eq!(f.to_string_g10(), "0.1111111111");
    // A huge exponent on a long mantissa.
    let e = Number::parse(&format!("{}e-600000000", &s[..5000])).unwrap();
    assert_eq!(e.to_string_g10(), "1.111111111e-599995001");
}

/// A finite mantissa (odd), an exponent beyond the exact window's reach, and a precision.
fn far_finite(exps: std::ops::Range<i64>) -> impl Strategy<Value = (BigUint, i64, u32)> {
    (proptest::collection::vec(any::<u32>(), 1..20), exps, any::<bool>(), prop_oneof![Just(0u32), 0u32..8, 0u32..600])
        .prop_map(|(words, e, neg, extra)| {
            let mut m = BigUint::from_slice(&words);
            if m == BigUint::default() {
                m = BigUint::from(1u32);
            }
            let tz = m.trailing_zeros().unwrap_or(0);
            m >>= tz;
            let prec = m.bits() as u32 + extra;
            (m, if neg { -e } else { e }, prec)
        })
}

fn exact_rounded(m: &BigUint, exp: i64, digits: usize) -> Decimal {
    let mut d = Decimal::exact(m, BigFloat::lsb(m, exp));
    d.round(digits);
    d
}

/// A random literal of more than 800 digits: digits, a point somewhere, an exponent.
fn long_literal() -> impl Strategy<Value = String> {
    (
        801usize..3000,
        any::<u64>(),
        0usize..3000,
        prop_oneof![Just(0i64), -400i64..400, -3_000_000i64..3_000_000, -640_000_000i64..640_000_000],
        any::<bool>(),
        0usize..40,
    )
        .prop_map(|(len, seed, point, exp, neg, lead)| {
            let mut x = seed;
            let mut digits: Vec<u8> = std::iter::repeat(b'0').take(lead).collect();
            for _ in 0..len {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                digits.push(b'0' + ((x >> 33) % 10) as u8);
            }
            let point = point.min(digits.len());
            let (i, f) = digits.split_at(point);
            let i = if i.is_empty() { "0" } else { std::str::from_utf8(i).unwrap() };
            let sign = if neg { "-" } else { "" };
            let e = if exp == 0 { String::new() } else { format!("e{exp}") };
            format!("{sign}{i}.{}{e}", std::str::from_utf8(f).unwrap())
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The bounded windows (used beyond a few thousand bits of exponent) give exactly the
    /// digits of the complete expansion.
    #[test]
    fn bounded_windows_match_exact_digits((m, exp, prec) in far_finite(6_000..40_000), digits in 0usize..60) {
        prop_assert_eq!(format::shortest(&m, exp, prec), format::shortest_with_margin(&m, exp, prec, None));
        prop_assert_eq!(format::g10_decimal(&m, exp, 20), exact_rounded(&m, exp, 10));
        prop_assert_eq!(format::rounded(&m, exp, digits, digits as i64 + 12), exact_rounded(&m, exp, digits));
        prop_assert_eq!(format::integer_digits(&m, exp), u64::try_from(Decimal::exact(&m, BigFloat::lsb(&m, exp)).exp).unwrap_or(0));
    }

    /// Beyond the reach of exact arithmetic: the shortest text reads back to the value.
    #[test]
    fn huge_exponents_print_texts_that_read_back((m, exp, _) in far_finite(1_000_000..2_147_000_000)) {
        let x = BigFloat::finish(false, m, exp, false, 512);
        prop_assume!(matches!(x.form, Form::Finite { .. }));
        let d = format::shortest_decimal(&x).unwrap();
        let text = format::layout_e_shortest(false, &d);
        let back = parse_float(&text, 512).unwrap();
        prop_assert_eq!(&back, &x, "{}", text);
        prop_assert!(d.mant.len() <= 156);
    }

    /// Long literals: the value from the leading digits is the value from all of them.
    #[test]
    fn long_literals_parse_as_with_all_their_digits(s in long_literal()) {
        prop_assert_eq!(parse_float(&s, 512), parse_float_exact(&s, 512), "{}", s);
        prop_assert_eq!(parse_float(&s, 64), parse_float_exact(&s, 64), "{} at 64 bits", s);
    }

    /// Equality compares shortest decimals instead of texts: the same relation.
    #[test]
    fn equality_is_text_equality(a in far_or_near(), b in far_or_near()) {
        prop_assert_eq!(a == b, eq_text(&a) == eq_text(&b), "{:?} {:?}", a, b);
        if a == b {
            prop_assert_eq!(hash_of(&a), hash_of(&b));
        }
    }
}

/// Values of all sizes and precisions, often close to each other.
fn far_or_near() -> impl Strategy<Value = Number> {
    let base = prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        (any::<i32>(), -30i32..30).prop_map(|(m, e)| n(&format!("{m}e{e}"))),
        any::<f64>().prop_filter_map("finite", |f| if f.is_finite() { Number::from_f64(f) } else { None }),
        (-5i64..5, 1i64..50).prop_map(|(a, b)| Number::from(a).div(&Number::from(b)).unwrap()),
        Just(Number::parse("-0").unwrap()),
    ];
    (base, 0usize..4).prop_map(|(x, how)| match how {
        // Same value, another precision.
        1 => Number::from_big(x.bf().with_prec(53)),
        2 => Number::from_big(x.bf().with_prec(64)),
        3 => Number::big_raw(x.bf().into_owned()),
        _ => x,
    })
}

#[test]
fn powers_of_ten_with_huge_exponents_print_as_written() {
    // The 512-bit value of 1e<k> is within about 2^-512 of 10^k, so every window of its
    // digits lies next to an integer: the bounds must be refined, and the answer is exact.
    for k in [4000i64, 123_456, 9_999_999, 600_000_000, 646_456_992] {
        for sign in [1, -1] {
            let e = k * sign;
            let x = n(&format!("1e{e}"));
            let exp = format!("{}{}", if e < 0 { '-' } else { '+' }, k);
            assert_eq!(x.text('e', None), format!("1e{exp}"));
            assert_eq!(x.to_string_g10(), format!("1e{exp}"));
            assert_eq!(x.text('e', Some(40)), format!("1.{}e{exp}", "0".repeat(40)));
            assert_eq!(x.neg().text('g', Some(25)), format!("-1e{exp}"));
        }
    }
}
