//! Growth of the costs that hostile input could make superlinear: each case at a size n and
//! at 4n in one run, so the ratio of the two times is read off the report (about 4 to 5 for
//! an O(n log n) operation, 16 for a quadratic one).
//!
//! * `sets`: building a set of numbers (`toset`), `distinct`, `setunion`, `setintersection`,
//!   and comparing two sets of one length that differ in one element;
//! * `parseint`: a string of 16 Ki and of 64 Ki base-36 digits (divide and conquer, so the
//!   cost is that of num-bigint's multiplication: about 8x for 4x the digits, where the
//!   reference's `big.Int.SetString` is quadratic, 16x);
//! * `range`: `range(0, 1eN)` failing after 1024 values, for N = 25,000 and 100,000 (the
//!   end is never printed, so the time does not grow with N).
//!
//! The tests that fail on superlinear growth count comparisons instead (`set::tests`,
//! `stdlib::sets::tests`, `eq::tests`, `stdlib::collection::tests`, `stdlib::sequence::tests`).
//!
//! `cargo bench -p hclkit-benchmarks --bench growth`

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hclkit_value::{stdlib, Number, Value};

/// The numbers `0..n` in a fixed shuffled order, as a list.
fn shuffled_numbers(n: usize, offset: i64) -> Value {
    Value::list((0..n).map(|i| Value::number(((i * 7919 + 13) % n) as i64 + offset)).collect()).expect("numbers")
}

fn sets(c: &mut Criterion) {
    let mut g = c.benchmark_group("sets");
    g.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for n in [5_000, 20_000] {
        let list = shuffled_numbers(n, 0);
        g.bench_with_input(BenchmarkId::new("toset", n), &list, |b, l| {
            b.iter(|| stdlib::toset().call(std::slice::from_ref(black_box(l))))
        });
        let doubled = Value::list(
            list.elements().unwrap_or_default().iter().chain(list.elements().unwrap_or_default()).cloned().collect(),
        )
        .expect("numbers");
        g.bench_with_input(BenchmarkId::new("distinct (each twice)", n), &doubled, |b, l| {
            b.iter(|| stdlib::distinct().call(std::slice::from_ref(black_box(l))))
        });
        let to_set = |v: &Value| stdlib::toset().call(std::slice::from_ref(v)).expect("a set");
        let (a, other) = (to_set(&list), to_set(&shuffled_numbers(n, n as i64 / 2)));
        let args = [a.clone(), other];
        g.bench_with_input(BenchmarkId::new("setunion", n), &args, |b, args| b.iter(|| stdlib::setunion().call(args)));
        g.bench_with_input(BenchmarkId::new("setintersection", n), &args, |b, args| {
            b.iter(|| stdlib::setintersection().call(args))
        });
        let mut almost = list.elements().unwrap_or_default().to_vec();
        almost[0] = Value::number(-1);
        let b_set = Value::set(almost).expect("numbers");
        g.bench_with_input(BenchmarkId::new("== of sets differing in one element", n), &(a, b_set), |b, (x, y)| {
            b.iter(|| black_box(x).equals(black_box(y)))
        });
    }
    g.finish();
}

fn parseint(c: &mut Criterion) {
    let mut g = c.benchmark_group("parseint");
    g.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for n in [1 << 14, 1 << 16] {
        let args = [Value::string("z".repeat(n)), Value::number(36)];
        g.bench_with_input(BenchmarkId::new("base 36 digits", n), &args, |b, args| {
            b.iter(|| stdlib::parseint().call(args))
        });
    }
    g.finish();
}

fn range(c: &mut Criterion) {
    let mut g = c.benchmark_group("range");
    g.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for exp in [25_000, 100_000] {
        let end = Number::parse(&format!("1e{exp}")).expect("a number");
        let args = [Value::number(0), Value::number(end)];
        g.bench_with_input(BenchmarkId::new("0 to 1eN (too many values)", exp), &args, |b, args| {
            b.iter(|| stdlib::range().call(args).unwrap_err())
        });
    }
    g.finish();
}

criterion_group!(benches, sets, parseint, range);
criterion_main!(benches);
