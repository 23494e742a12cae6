//! Native syntax to JSON text (`hclkit convert`, the npm package's `parse`) on every third file
//! of the real-world corpus (`shared/corpus/realworld`, the files `js/bench/parse.mjs` reads):
//! the files parsed beforehand, then their JSON written through `transcode::file_to_json`'s
//! document (built, written, freed) and straight from the syntax tree with
//! `transcode::write_file_json`, in `@cdktf/hcl2json`'s shape (blocks as arrays, no comments);
//! and `parse_config` alone on the same files for scale. `Throughput::Bytes` of the sources.
//!
//! `cargo bench -p hclkit-benchmarks --bench convert` (set `HCLKIT_CORPUS_ROOT` to the
//! `shared/corpus` directory if it is not found beside the repository).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hclkit::transcode::{file_to_json, write_file_json, BlockShape, ToJsonOptions};
use hclkit_benchmarks::{corpus_or_warn, files_under, read};
use hclkit_value::json::Escape;

fn bench(c: &mut Criterion) {
    let Some(root) = corpus_or_warn() else { return };
    let mut paths = files_under(&root.join("realworld"));
    paths.sort();
    let files: Vec<(String, Vec<u8>)> =
        paths.iter().step_by(3).map(|p| (p.to_string_lossy().into_owned(), read(p))).collect();
    let parsed: Vec<_> = files.iter().map(|(n, s)| hclkit::parse_config(s.as_slice(), n).into_value()).collect();
    let bytes: usize = files.iter().map(|f| f.1.len()).sum();
    let opts = ToJsonOptions { blocks: BlockShape::Array, comments: false, ..ToJsonOptions::default() };
    let mut g = c.benchmark_group("convert-realworld-every-3rd");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    g.bench_function("parse_config", |b| {
        b.iter(|| {
            files.iter().fold(0, |k, (n, s)| k + hclkit::parse_config(s.as_slice(), n).into_value().tree().node_count())
        })
    });
    g.bench_function("file_to_json+write", |b| {
        b.iter(|| {
            parsed.iter().fold(0, |n, f| {
                let mut out = String::with_capacity(f.source().len() * 5 / 4 + 16);
                file_to_json(f, &opts).0.write(&mut out, None, Escape::Plain);
                n + out.len()
            })
        })
    });
    g.bench_function("write_file_json", |b| {
        b.iter(|| {
            parsed.iter().fold(0, |n, f| {
                let mut out = String::with_capacity(f.source().len() * 5 / 4 + 16);
                write_file_json(f, &opts, None, &mut out);
                n + out.len()
            })
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
