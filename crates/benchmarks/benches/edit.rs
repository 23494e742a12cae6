//! Reading a file into a lossless editing document: `hclkit::edit::Document::parse` against
//! hcl-edit's parser (`hcl_edit::structure::Body`, its lossless document), in the same run, on
//! the real-world corpus and on `large.tf` (`Throughput::Bytes`; documents are dropped outside
//! the timed part). Both take `&str`; ours includes its one copy of the source, the parse with
//! its token stream kept, and the document built on them.
//!
//! `cargo bench -p hclkit-benchmarks --bench edit` (set `HCLKIT_CORPUS_ROOT` to the
//! `shared/corpus` directory if it is not found beside the repository). Memory: the
//! `parse_mem` example, `-- FILE document` and `-- FILE hcl-edit`.

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::time::Duration;

use hclkit_benchmarks::{corpus_or_warn, load_dir, read};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn inputs() -> Vec<(&'static str, Vec<(String, String)>)> {
    let Some(root) = corpus_or_warn() else {
        return Vec::new();
    };
    let text = |files: Vec<(String, Vec<u8>)>| {
        files.into_iter().filter_map(|(n, b)| Some((n, String::from_utf8(b).ok()?))).collect::<Vec<_>>()
    };
    let corpus = text(load_dir(&root.join("realworld")));
    let large = text(vec![("large.tf".to_string(), read(&root.join("large.tf")))]);
    vec![("edit/corpus", corpus), ("edit/large.tf", large)]
}

fn bench(c: &mut Criterion) {
    for (name, files) in inputs() {
        let bytes: usize = files.iter().map(|f| f.1.len()).sum();
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Bytes(bytes as u64));
        g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
        g.bench_function("hclkit Document", |b| {
            b.iter_with_large_drop(|| {
                files.iter().map(|(n, s)| hclkit::edit::Document::parse(s, n).0).collect::<Vec<_>>()
            })
        });
        g.bench_function("hcl-edit", |b| {
            b.iter_with_large_drop(|| {
                files.iter().map(|(_, s)| s.parse::<hcl_edit::structure::Body>().ok()).collect::<Vec<_>>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
