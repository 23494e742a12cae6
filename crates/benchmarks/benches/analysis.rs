//! Dependency-ordered evaluation (`hclkit::analysis`): `n` locals that refer to each other in
//! a random order (each to up to three others defined anywhere, no cycles), analysed (symbols,
//! references, the topological order) and then evaluated in that order, at n = 10,000 and
//! 4n = 40,000 in one run: the ratio of the two times is about 4 when the work is linear.
//!
//! `cargo bench -p hclkit-benchmarks --bench analysis`

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hclkit::analysis::{Analysis, Scheme};
use hclkit::body::Body;
use hclkit::eval::EvalContext;
use hclkit::syntax::native::NativeBody;

#[path = "analysis_workload.rs"]
mod workload;
use workload::shuffled_locals;

fn analysis(c: &mut Criterion) {
    let mut g = c.benchmark_group("analysis");
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    let scheme = Scheme::terraform();
    for n in [10_000, 40_000] {
        let src = shuffled_locals(n);
        let file = hclkit::parse_config(src.as_bytes(), "locals.tf").into_value();
        let body: Arc<dyn Body> = NativeBody::arc_from_file(&file);
        let bodies = [body];
        g.bench_with_input(BenchmarkId::new("analyse", n), &bodies, |b, bodies| {
            b.iter(|| Analysis::new(black_box(bodies), &scheme))
        });
        let a = Analysis::new(&bodies, &scheme);
        assert!(a.diagnostics().is_empty());
        let ctx = EvalContext::new();
        g.bench_with_input(BenchmarkId::new("evaluate in order", n), &a, |b, a| b.iter(|| a.evaluate(black_box(&ctx))));
    }
    g.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
