//! `Number` speed: the integer fast path against the 512-bit big path, in one run, so the
//! ratio between them is meaningful on a noisy machine.
//!
//! `cargo bench -p hclkit-value --bench number`

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use hclkit_value::Number;

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

criterion_group!(benches, arithmetic);
criterion_main!(benches);
