//! Formatting throughput on the real-world corpus and on `large.tf` (`Throughput::Bytes`):
//! hclkit's formatter with the reference's layout, without alignment, and `terraform fmt`'s
//! normalisations (which parse first). The whole-process comparison with the reference's
//! `hclfmt` is `benches/fmt/run.sh`.
//!
//! `cargo bench -p hclkit-benchmarks --bench fmt` (set `HCLKIT_CORPUS_ROOT` to the `shared/corpus`
//! directory if it is not found beside the repository).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::time::Duration;

use hclkit_benchmarks::{corpus_or_warn, load_dir, read};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hclkit::format::Formatter;

fn inputs() -> Vec<(&'static str, Vec<Vec<u8>>)> {
    let Some(root) = corpus_or_warn() else {
        return Vec::new();
    };
    let corpus = load_dir(&root.join("realworld")).into_iter().map(|(_, src)| src).collect();
    let large = vec![read(&root.join("large.tf"))];
    vec![("fmt-corpus", corpus), ("fmt-large.tf", large)]
}

fn bench(c: &mut Criterion) {
    for (name, files) in inputs() {
        let bytes: usize = files.iter().map(Vec::len).sum();
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Bytes(bytes as u64));
        g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(6));
        let mut out = Vec::with_capacity(bytes + bytes / 8);
        let aligned = Formatter::new();
        g.bench_function("format", |b| {
            b.iter(|| {
                for f in &files {
                    out.clear();
                    aligned.format_into(f, &mut out);
                }
                out.len()
            })
        });
        let flat = Formatter::new().align(false);
        g.bench_function("format --no-align", |b| {
            b.iter(|| {
                for f in &files {
                    out.clear();
                    flat.format_into(f, &mut out);
                }
                out.len()
            })
        });
        g.bench_function("terraform", |b| {
            b.iter(|| files.iter().map(|f| aligned.terraform(f, "bench.tf").map_or(0, |o| o.len())).sum::<usize>())
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
