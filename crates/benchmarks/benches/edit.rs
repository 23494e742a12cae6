//! Reading a file into a lossless editing document: `hclkit::edit::Document::parse` against
//! hcl-edit's parser (`hcl_edit::structure::Body`, its lossless document), in the same run, on
//! the real-world corpus and on `large.tf` (`Throughput::Bytes`; documents are dropped outside
//! the timed part). Both take `&str`; ours includes its one copy of the source, the parse with
//! its token stream kept, and the document built on them.
//!
//! Then `edits()` after two edits of `large.tf` (an attribute added at its start and one at
//! its end: two regions far apart), against printing the same edited document
//! (`to_string`, which `edits()` starts with) and hcl-edit printing its unedited `Body`.
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

fn bench_edits(c: &mut Criterion) {
    let Some(root) = corpus_or_warn() else { return };
    let Ok(src) = String::from_utf8(read(&root.join("large.tf"))) else { return };
    let (mut doc, _) = hclkit::edit::Document::parse(&src, "large.tf");
    let one = hclkit::edit::Expression::parse("1").expect("an expression");
    doc.body_mut().insert(hclkit::edit::Position::Start, hclkit::edit::Item::attribute("first_added", one.clone()));
    doc.body_mut().insert(hclkit::edit::Position::End, hclkit::edit::Item::attribute("last_added", one));
    assert_eq!(doc.edits().len(), 2);
    let body: hcl_edit::structure::Body = src.parse().expect("hcl-edit reads large.tf");
    let mut g = c.benchmark_group("edit/edits large.tf");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(8));
    g.bench_function("hclkit edits()", |b| b.iter_with_large_drop(|| doc.edits()));
    g.bench_function("hclkit to_string()", |b| b.iter_with_large_drop(|| doc.to_string()));
    g.bench_function("hcl-edit to_string()", |b| b.iter_with_large_drop(|| body.to_string()));
    g.finish();
}

criterion_group!(benches, bench, bench_edits);
criterion_main!(benches);
