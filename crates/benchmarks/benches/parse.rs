//! Parse throughput on the real-world corpus and on `large.tf`, for hclkit and, in the same
//! run, the Rust peers `hcl-edit` and `hcl-rs` (`Throughput::Bytes`; trees are dropped outside
//! the timed part).
//!
//! What the hclkit case times: with `BatchSize::LargeInput` and these sample counts each
//! batch is one iteration, so every timed parse gets sources freshly copied by the (untimed)
//! setup and builds its tree in memory the allocator has just returned to the kernel or never
//! touched: the figure includes the first-touch page faults of the tree (about 3,000 for
//! `large.tf`), as a parse in a fresh process does. `parse_loop` (crates/hclkit/examples),
//! which parses the same buffers again and again, avoids part of them; see
//! docs/performance.md, "Criterion and parse_loop".
//!
//! `cargo bench -p hclkit-benchmarks --bench parse` (set `HCLKIT_CORPUS_ROOT` to the `shared/corpus`
//! directory if it is not found beside the repository).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::time::Duration;

use hclkit_benchmarks::{corpus_or_warn, load_dir, read, Files};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn inputs() -> Vec<(&'static str, Files)> {
    let Some(root) = corpus_or_warn() else {
        return Vec::new();
    };
    let corpus = load_dir(&root.join("realworld"));
    let large = vec![("large.tf".to_string(), read(&root.join("large.tf")))];
    vec![("corpus", corpus), ("large.tf", large)]
}

fn bench(c: &mut Criterion) {
    for (name, files) in inputs() {
        let bytes: usize = files.iter().map(|f| f.1.len()).sum();
        // hcl-edit and hcl-rs take &str.
        let strs: Vec<(String, String)> =
            files.iter().map(|(n, b)| (n.clone(), String::from_utf8_lossy(b).into_owned())).collect();
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Bytes(bytes as u64));
        g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
        g.bench_function("hclkit", |b| {
            b.iter_batched(
                || {
                    files
                        .iter()
                        .map(|(n, s)| (n.as_str(), std::sync::Arc::<[u8]>::from(s.as_slice())))
                        .collect::<Vec<_>>()
                },
                |srcs| srcs.into_iter().map(|(n, s)| hclkit::parse_config(s, n)).collect::<Vec<_>>(),
                BatchSize::LargeInput,
            )
        });
        g.bench_function("hcl-edit", |b| {
            b.iter_with_large_drop(|| {
                strs.iter().map(|(_, s)| s.parse::<hcl_edit::structure::Body>().ok()).collect::<Vec<_>>()
            })
        });
        g.bench_function("hcl-rs", |b| {
            b.iter_with_large_drop(|| strs.iter().map(|(_, s)| hcl::parse(s).ok()).collect::<Vec<_>>())
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
