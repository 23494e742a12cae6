//! Parse throughput on the real-world corpus and on `large.tf`, for hclkit and, in the same
//! run, the Rust peers `hcl-edit` and `hcl-rs` (`Throughput::Bytes`; trees are dropped outside
//! the timed part).
//!
//! `cargo bench -p hclkit --bench parse` (set `HCLKIT_CORPUS_ROOT` to the `shared/corpus`
//! directory if it is not found beside the repository).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn corpus_root() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("HCLKIT_CORPUS_ROOT") {
        return Some(PathBuf::from(d));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    ["../shared/corpus", "../../shared/corpus"].iter().map(|u| root.join(u)).find(|d| d.is_dir())
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Named sources.
type Files = Vec<(String, Vec<u8>)>;

fn inputs() -> Vec<(&'static str, Files)> {
    let Some(root) = corpus_root() else {
        eprintln!("corpus not found; set HCLKIT_CORPUS_ROOT");
        return Vec::new();
    };
    let mut files = Vec::new();
    walk(&root.join("realworld"), &mut files);
    files.sort();
    let corpus: Vec<(String, Vec<u8>)> =
        files.iter().map(|f| (f.to_string_lossy().into_owned(), std::fs::read(f).unwrap())).collect();
    let large = vec![("large.tf".to_string(), std::fs::read(root.join("large.tf")).unwrap())];
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
