//! The gomath routines against results recorded from Go (`oracle/gomath/main.go`), bit
//! for bit, directly (`ln`, `exp`) and through the `log` and `pow` functions (`log`, `pow`).

use std::collections::BTreeMap;
use std::path::Path;

use super::*;
use crate::stdlib;
use crate::{Number, Value};

fn bits(f: f64) -> u64 {
    f.to_bits()
}

fn hex(s: &str) -> f64 {
    f64::from_bits(u64::from_str_radix(s, 16).unwrap_or_else(|_| panic!("bad hex {s:?}")))
}

/// What we give for a case's operation and arguments: the float64 bits, or `None` for an
/// error (the reference's NaN).
fn ours(op: &str, args: &[f64]) -> Option<u64> {
    match op {
        "ln" => Some(bits(log(args[0]))),
        "exp" => Some(bits(exp(args[0]))),
        "log" | "pow" => {
            let f = if op == "log" { stdlib::log() } else { stdlib::pow() };
            let vals: Vec<Value> = args.iter().map(|a| Value::number(Number::from_f64(*a).unwrap())).collect();
            f.call(&vals).ok().map(|v| bits(v.as_number().expect("a number").to_f64()))
        }
        _ => panic!("unknown operation {op}"),
    }
}

/// Checks every case of a `gomath-oracle` output; returns the number of cases by operation.
fn check_cases(text: &str, source: &str) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    let mut failures = Vec::new();
    for (no, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(' ').collect();
        let (op, rest) = fields.split_first().expect("an operation");
        let (want, args) = rest.split_last().expect("a result");
        let args: Vec<f64> = args.iter().map(|a| hex(a)).collect();
        assert_eq!(args.len(), if matches!(*op, "ln" | "exp") { 1 } else { 2 }, "{source}:{}: {line}", no + 1);
        let want = if *want == "nan" { None } else { Some(u64::from_str_radix(want, 16).expect("hex result")) };
        let got = ours(op, &args);
        // NaN payloads (Go's assembly makes 0x7FF8000000000001) are not observable: a NaN
        // result is an error.
        let is_nan = |r: Option<u64>| r.is_some_and(|b| f64::from_bits(b).is_nan());
        if got != want && !(is_nan(got) && is_nan(want)) {
            let show =
                |r: Option<u64>| r.map_or("error (NaN)".to_string(), |b| format!("{:?} ({b:016x})", f64::from_bits(b)));
            failures.push(format!("{source}:{}: {op}{args:?}: ours {}, Go {}", no + 1, show(got), show(want)));
        }
        *counts.entry(op.to_string()).or_default() += 1;
    }
    let shown: Vec<&String> = failures.iter().take(30).collect();
    assert!(failures.is_empty(), "{} of {counts:?} cases differ from Go:\n{shown:#?}", failures.len());
    counts
}

#[test]
fn recorded_cases_match_go_bit_for_bit() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gomath.want.txt");
    let text = std::fs::read_to_string(&path).expect("tests/data/gomath.want.txt");
    let counts = check_cases(&text, "gomath.want.txt");
    for op in ["log", "pow"] {
        assert!(counts.get(op).copied().unwrap_or(0) >= 20_000, "{counts:?}");
    }
    for op in ["ln", "exp"] {
        assert!(counts.get(op).copied().unwrap_or(0) >= 2_000, "{counts:?}");
    }
}

#[test]
#[ignore = "needs fresh cases from the Go oracle: set HCLKIT_GOMATH_CASES (scripts/conformance does)"]
fn gomath_matches_fresh_go_cases() {
    // Run on purpose (`--ignored`): a missing file is a failure.
    let path = std::env::var("HCLKIT_GOMATH_CASES").expect("HCLKIT_GOMATH_CASES names a gomath-oracle output");
    let text = std::fs::read_to_string(&path).expect("the cases file");
    let counts = check_cases(&text, &path);
    eprintln!("gomath: {counts:?} cases, no difference");
}

/// The constants are the decimal literals of Go's `log_amd64.s` and `exp_amd64.s`, read as
/// float64.
#[test]
fn constants_are_the_references_literals() {
    let literals: [(f64, &str); 20] = [
        (HALF_SQRT2, "7.07106781186547524401e-01"),
        (LN2_HI, "6.93147180369123816490e-01"),
        (LN2_LO, "1.90821492927058770002e-10"),
        (LG[0], "6.666666666666735130e-01"),
        (LG[1], "3.999999999940941908e-01"),
        (LG[2], "2.857142874366239149e-01"),
        (LG[3], "2.222219843214978396e-01"),
        (LG[4], "1.818357216161805012e-01"),
        (LG[5], "1.531383769920937332e-01"),
        (LG[6], "1.479819860511658591e-01"),
        (LOG2E, "1.4426950408889634073599246810018920"),
        (LN2_UPPER, "0.69314718055966295651160180568695068359375"),
        (LN2_LOWER, "0.28235290563031577122588448175013436025525412068e-12"),
        (EXP_OVERFLOW, "7.09782712893384e+02"),
        (TAYLOR[0], "2.4801587301587301587e-5"),
        (TAYLOR[1], "1.9841269841269841270e-4"),
        (TAYLOR[2], "1.3888888888888888889e-3"),
        (TAYLOR[3], "8.3333333333333333333e-3"),
        (TAYLOR[4], "4.1666666666666666667e-2"),
        (TAYLOR[5], "1.6666666666666666667e-1"),
    ];
    for (c, text) in literals {
        assert_eq!(bits(c), bits(text.parse::<f64>().unwrap()), "{text}");
    }
}

/// The issue's examples (reference results from hcleval), where the C library differs.
#[test]
fn issue_examples() {
    let e = std::f64::consts::E; // 2.718281828459045
    assert_eq!(log(9.0) / log(3.0), 2.0000000000000004);
    assert_eq!(log(3.0) / log(2.0), 1.584962500721156);
    assert_eq!(log(e) / log(3.0), 0.9102392266268375);
    assert_eq!(pow(2.0, 1.5), 2.82842712474619);
    assert_eq!(pow(1000.0, 1.5), 31622.77660168379);
    assert_eq!(pow(e, 10.0), 22026.465794806707);
}

#[test]
fn log_special_cases_and_quirks() {
    assert_eq!(log(0.0), f64::NEG_INFINITY);
    assert_eq!(log(-0.0), f64::NEG_INFINITY);
    assert_eq!(bits(log(1.0)), 0); // +0
    assert!(log(-1.0).is_nan());
    assert!(log(f64::NEG_INFINITY).is_nan());
    assert_eq!(log(f64::INFINITY), f64::INFINITY);
    assert!(log(f64::NAN).is_nan());
    // The assembly reads a subnormal's bits as if it were normal: Go's Log(5e-324) is
    // -709.0895657128241, where ln(5e-324) is -744.44.
    assert_eq!(log(5e-324), -709.0895657128241);
    assert_eq!(log(1e-310), -709.0850815488945);
    assert_eq!(log(f64::MIN_POSITIVE), -708.3964185322641);
    // √2/2 · 2^32: the assembly doubles f1 when it is <= √2/2 (the portable Go code: <),
    // which here changes the last bit.
    assert_eq!(bits(log(HALF_SQRT2 * 4294967296.0)), 0x4035_D589_F2FE_5108);
}

#[test]
fn exp_special_cases_and_quirks() {
    assert_eq!(exp(f64::NEG_INFINITY), 0.0);
    assert_eq!(exp(f64::INFINITY), f64::INFINITY);
    assert!(exp(f64::NAN).is_nan());
    assert_eq!(exp(0.0), 1.0);
    // Below ln(MAX), yet +∞: k rounds to 1024.
    assert_eq!(exp(709.78), f64::INFINITY);
    assert_eq!(exp(-745.1), 5e-324);
    assert_eq!(exp(-740.0), 4.2e-322);
    assert_eq!(exp(-1e300), 0.0);
    assert_eq!(exp(1.5), 4.481689070338065);
}

#[test]
fn pow_special_cases() {
    let inf = f64::INFINITY;
    assert_eq!(pow(f64::NAN, 0.0), 1.0);
    assert_eq!(pow(1.0, f64::NAN), 1.0);
    assert!(pow(f64::NAN, 2.0).is_nan());
    assert_eq!(bits(pow(-0.0, 3.0)), bits(-0.0));
    assert_eq!(bits(pow(-0.0, 2.0)), 0);
    assert_eq!(pow(-0.0, -3.0), -inf);
    assert_eq!(pow(-0.0, -2.0), inf);
    assert_eq!(pow(0.0, -inf), inf);
    assert_eq!(pow(0.0, inf), 0.0);
    assert_eq!(pow(-1.0, inf), 1.0);
    assert_eq!(pow(0.5, inf), 0.0);
    assert_eq!(pow(0.5, -inf), inf);
    assert_eq!(pow(-inf, 3.0), -inf);
    assert_eq!(pow(-inf, -3.0), -0.0);
    assert!(pow(-8.0, 1.0 / 3.0).is_nan());
    assert_eq!(pow(-2.0, 3.0), -8.0);
    assert_eq!(pow(-1.0, 1e300), 1.0);
    assert_eq!(pow(2.0, 1e300), inf);
    assert_eq!(pow(2.0, -1e300), 0.0);
    assert_eq!(pow(2.0, -1074.0), 5e-324);
    assert_eq!(pow(2.0, 1024.0), inf);
    assert_eq!(pow(4.0, 0.5), 2.0);
    assert_eq!(pow(4.0, -0.5), 0.5);
    // A huge odd-looking exponent beyond 2^53 is even.
    assert_eq!(pow(-1.0, 9007199254740993.0 * 2.0), 1.0);
}

#[test]
fn frexp_and_ldexp() {
    assert_eq!(frexp(8.0), (0.5, 4));
    assert_eq!(frexp(-0.75), (-0.75, 0));
    assert_eq!(frexp(5e-324), (0.5, -1073));
    assert_eq!(ldexp(0.5, -1073), 5e-324);
    assert_eq!(ldexp(0.75, -1074), 5e-324); // 1.5 · 2^-1075 rounds up
    assert_eq!(ldexp(0.5, -1074), 0.0); // half the smallest subnormal: ties to even
    assert_eq!(ldexp(-0.5, 1025), -f64::INFINITY);
    assert_eq!(ldexp(0.5, 1024), 2f64.powi(1023));
    assert_eq!(ldexp(f64::MIN_POSITIVE, -1), f64::MIN_POSITIVE / 2.0);
}
