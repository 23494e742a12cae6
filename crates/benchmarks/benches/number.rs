//! `Number` speed: the integer fast path against the 512-bit big path, in one run, so the
//! ratio between them is meaningful on a noisy machine; and the growth of the costs that
//! scale with the input (issue 11: bounded cost on hostile input), each at `n` and `4n` so
//! the ratio can be read: about 4 for linear growth, 16 for quadratic.
//!
//! `cargo bench -p hclkit-benchmarks --bench number`
//! (`-- --warm-up-time 1 --measurement-time 3 growth` for the growth group alone)

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use hclkit_value::Number;
use num_bigint::BigInt;

fn num(s: &str) -> Number {
    Number::parse(s).expect("a valid literal")
}

fn arithmetic(c: &mut Criterion) {
    let mut g = c.benchmark_group("number");
    g.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    let (a, b) = (num("123456789"), num("987"));
    g.bench_function("add/fast (integers)", |bch| bch.iter(|| black_box(&a).add(black_box(&b))));
    let (big_a, big_b) = (num("18446744073709551617"), num("36893488147419103233"));
    g.bench_function("add/big (integers above 2^64)", |bch| bch.iter(|| black_box(&big_a).add(black_box(&big_b))));
    let (fa, fb) = (num("0.1"), num("0.2"));
    g.bench_function("add/big (fractions)", |bch| bch.iter(|| black_box(&fa).add(black_box(&fb))));
    g.bench_function("mul/fast", |bch| bch.iter(|| black_box(&a).mul(black_box(&b))));
    g.bench_function("mul/big", |bch| bch.iter(|| black_box(&fa).mul(black_box(&fb))));
    g.bench_function("div/big (123456789/987)", |bch| bch.iter(|| black_box(&a).div(black_box(&b))));
    let three = num("3");
    g.bench_function("div/big (1/3)", |bch| bch.iter(|| num("1").div(black_box(&three))));
    g.bench_function("parse/fast \"12345\"", |bch| bch.iter(|| Number::parse(black_box("12345"))));
    g.bench_function("parse/big \"3.14159\"", |bch| bch.iter(|| Number::parse(black_box("3.14159"))));
    g.bench_function("format/fast 123456789", |bch| bch.iter(|| black_box(&a).to_string()));
    let sum = fa.add(&fb).expect("finite");
    g.bench_function("format/big 0.1+0.2", |bch| bch.iter(|| black_box(&sum).to_string()));
    g.finish();
}

/// `len` pseudo-random digits (the first nonzero).
fn digits(len: usize, seed: u64) -> String {
    let mut x = seed;
    let mut s = String::with_capacity(len);
    for i in 0..len {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let d = ((x >> 33) % 10) as u8;
        s.push(char::from(b'0' + if i == 0 { d.max(1) } else { d }));
    }
    s
}

/// A literal of about `len` digits exactly halfway between two 512-bit floats: the leading
/// digits cannot decide its rounding, so all of them are converted (the fallback).
fn tie_literal(len: usize) -> String {
    let m: BigInt = (BigInt::from(1) << 512u32) - 1; // odd, 512 bits
    let q = ((len as f64 / std::f64::consts::LOG10_2) as u32).saturating_sub(513);
    let mid: BigInt = (m * 2 + 1) << q;
    mid.to_string()
}

fn growth(c: &mut Criterion) {
    let mut g = c.benchmark_group("growth");
    g.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2)).sample_size(10);
    for (label, n) in [("1M", 1_000_000), ("4M", 4_000_000)] {
        let lit = digits(n, 1);
        g.bench_function(format!("parse/{label}-digit literal"), |b| b.iter(|| Number::parse(black_box(&lit))));
        let frac = format!("0.{lit}e-5");
        g.bench_function(format!("parse/{label}-digit fraction"), |b| b.iter(|| Number::parse(black_box(&frac))));
    }
    for (label, n) in [("250k", 250_000), ("1M", 1_000_000)] {
        let tie = tie_literal(n);
        g.bench_function(format!("parse/{label}-digit tie (all digits converted)"), |b| {
            b.iter(|| Number::parse(black_box(&tie)))
        });
        // The literal's 512-bit value, written out: `n` digits, all but ~155 of them zeros.
        let x = Number::parse(&digits(n, 2)).expect("a literal");
        g.bench_function(format!("print/{label}-digit value of a literal"), |b| {
            b.iter(|| black_box(&x).try_to_string())
        });
        let small = Number::parse(&format!("1.5e-{}", n - 2)).expect("a literal");
        g.bench_function(format!("print/{label}-digit fraction"), |b| b.iter(|| black_box(&small).try_to_string()));
        // An exact integer of `n` digits (parseint's results have the precision they need).
        let int = Number::from_bigint(&digits(n, 3).parse::<BigInt>().expect("digits"));
        g.bench_function(format!("print/{label}-digit exact integer"), |b| b.iter(|| black_box(&int).try_to_string()));
    }
    // Equality and hashing do not grow with the exponent.
    for e in ["1e1000", "1e600000000"] {
        let (a, b) = (num(e), num(e).add(&num("1")).expect("finite"));
        let c = num(e).mul(&num("1.0000000000000000000001")).expect("finite");
        g.bench_function(format!("eq/{e}"), |bch| bch.iter(|| (black_box(&a) == black_box(&b), black_box(&a) == &c)));
        g.bench_function(format!("g10/{e}"), |bch| bch.iter(|| black_box(&c).to_string_g10()));
    }
    g.finish();
}

criterion_group!(benches, arithmetic, growth);
criterion_main!(benches);
