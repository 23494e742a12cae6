//! A quick timing of `Number` operations on the integer fast path and on the big path.
//! Run with `cargo run --release -p hclkit-value --example number_speed`.

use std::hint::black_box;
use std::time::Instant;

use hclkit_value::Number;

fn time<F: FnMut() -> usize>(name: &str, iters: usize, mut f: F) -> f64 {
    let start = Instant::now();
    let check = f();
    let ns = start.elapsed().as_nanos() as f64 / iters as f64;
    println!("{name:<48} {ns:>10.1} ns/op   (check {check})");
    ns
}

fn main() {
    const N: usize = 1_000_000;
    let one = Number::parse("1").unwrap();
    let fast = time("add, integer fast path (512-bit literals)", N, || {
        let mut acc = Number::parse("0").unwrap();
        for _ in 0..N {
            acc = black_box(acc.add(&one).unwrap());
        }
        acc.to_i64().unwrap_or(0) as usize
    });
    // The same kind of operation on values the fast path cannot hold: integers past i64.
    let big_one = Number::parse("1").unwrap();
    let big = time("add, big path (integers above 2^64, 512 bits)", N, || {
        let mut acc = Number::parse("18446744073709551616").unwrap();
        for _ in 0..N {
            acc = black_box(acc.add(&big_one).unwrap());
        }
        acc.to_string().len()
    });
    let half = Number::parse("0.5").unwrap();
    let frac = time("add, big path (fractions, 512 bits)", N, || {
        let mut acc = Number::parse("0.25").unwrap();
        for _ in 0..N {
            acc = black_box(acc.add(&half).unwrap());
        }
        acc.to_string().len()
    });
    println!("ratio big/fast: {:.1}x (integers), {:.1}x (fractions)", big / fast, frac / fast);

    let a = Number::from(123_456_789i64);
    let b = Number::from(987i64);
    time("mul+div+rem, integer fast path", N, || {
        let mut s = 0;
        for _ in 0..N {
            let p = black_box(&a).mul(&b).unwrap();
            let q = p.div(&b).unwrap();
            s += q.rem(&b).unwrap().to_i64().unwrap_or(0) as usize;
        }
        s
    });
    let third = one.div(&Number::parse("3").unwrap()).unwrap();
    time("div 1/3 at 512 bits", N / 10, || {
        let three = Number::parse("3").unwrap();
        let mut s = 0;
        for _ in 0..N / 10 {
            s += usize::from(black_box(&one).div(&three).unwrap().is_integer());
        }
        s
    });
    time("Display of 1/3 (512 bits)", N / 100, || {
        let mut s = 0;
        for _ in 0..N / 100 {
            s += black_box(&third).to_string().len();
        }
        s
    });
    time("Display of an integer (fast path)", N, || {
        let mut s = 0;
        for _ in 0..N {
            s += black_box(&a).to_string().len();
        }
        s
    });
    time("parse \"12345\" (fast path)", N, || {
        let mut s = 0;
        for _ in 0..N {
            s += Number::parse(black_box("12345")).unwrap().to_i64().unwrap_or(0) as usize;
        }
        s
    });
    time("parse \"3.14159\" (big path)", N / 10, || {
        let mut s = 0;
        for _ in 0..N / 10 {
            s += usize::from(Number::parse(black_box("3.14159")).unwrap().is_integer());
        }
        s
    });
    time("eq of 0.1 (512 bits) and 0.1 (53 bits)", N / 100, || {
        let x = Number::parse("0.1").unwrap();
        let y = Number::from_f64(0.1).unwrap();
        let mut s = 0;
        for _ in 0..N / 100 {
            s += usize::from(black_box(&x) == black_box(&y));
        }
        s
    });
}
