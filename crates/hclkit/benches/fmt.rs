//! Formatting throughput on the real-world corpus and on `large.tf` (`Throughput::Bytes`):
//! hclkit's formatter with the reference's layout, without alignment, and `terraform fmt`'s
//! normalisations (which parse first). The whole-process comparison with the reference's
//! `hclfmt` is `benches/fmt/run.sh`.
//!
//! `cargo bench -p hclkit --bench fmt` (set `HCLKIT_CORPUS_ROOT` to the `shared/corpus`
//! directory if it is not found beside the repository).

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hclkit::format::Formatter;

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

fn inputs() -> Vec<(&'static str, Vec<Vec<u8>>)> {
    let Some(root) = corpus_root() else {
        eprintln!("corpus not found; set HCLKIT_CORPUS_ROOT");
        return Vec::new();
    };
    let mut files = Vec::new();
    walk(&root.join("realworld"), &mut files);
    files.sort();
    let corpus = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    let large = vec![std::fs::read(root.join("large.tf")).unwrap()];
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
