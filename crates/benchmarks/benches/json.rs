//! JSON-syntax parse throughput on the JSON corpus (`shared/corpus/json`, 6,187 files) and on
//! `large.json`, for hclkit and, on the same bytes in the same run, for
//! `serde_json::from_slice::<serde_json::Value>` (`Throughput::Bytes`; results are dropped
//! outside the timed part).
//!
//! `cargo bench -p hclkit-benchmarks --bench json` (set `HCLKIT_CORPUS_ROOT` to the `shared/corpus`
//! directory if it is not found beside the repository).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::sync::Arc;
use std::time::Duration;

use hclkit_benchmarks::{corpus_or_warn, load_dir, Files};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn inputs() -> Vec<(&'static str, Files)> {
    let Some(root) = corpus_or_warn() else {
        return Vec::new();
    };
    let corpus = load_dir(&root.join("json"));
    let mut out = vec![("json-corpus", corpus)];
    if let Ok(large) = std::fs::read(root.join("large.json")) {
        out.push(("large.json", vec![("large.json".to_string(), large)]));
    }
    out
}

fn bench(c: &mut Criterion) {
    for (name, files) in inputs() {
        // Both parsers must accept every file, or the comparison means nothing.
        for (n, s) in &files {
            let diags = hclkit::syntax::json::parse(s.as_slice(), n).into_diagnostics();
            assert!(diags.is_empty(), "{n}: {diags}");
            serde_json::from_slice::<serde_json::Value>(s).unwrap();
        }
        let bytes: usize = files.iter().map(|f| f.1.len()).sum();
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Bytes(bytes as u64));
        g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
        g.bench_function("hclkit", |b| {
            b.iter_batched(
                || files.iter().map(|(n, s)| (n.as_str(), Arc::<[u8]>::from(s.as_slice()))).collect::<Vec<_>>(),
                |srcs| srcs.into_iter().map(|(n, s)| hclkit::syntax::json::parse(s, n)).collect::<Vec<_>>(),
                BatchSize::LargeInput,
            )
        });
        g.bench_function("serde_json", |b| {
            b.iter_with_large_drop(|| {
                files.iter().map(|(_, s)| serde_json::from_slice::<serde_json::Value>(s).ok()).collect::<Vec<_>>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
