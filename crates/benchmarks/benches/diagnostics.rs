//! Rendering diagnostics: n and 4n "Unsupported argument" errors, one per line of a file of
//! attributes a schema does not name (what `hcldec` prints for such a file), as text (with
//! snippets and the block context) and as JSON. Both should take time linear in the number
//! of diagnostics: the ratio of the two times in a group is about 4 (it was about 16 when
//! each snippet scanned the file from its start).
//!
//! A deterministic check of the same growth counts the source lines examined
//! (`diagnostic::tests::rendering_examines_lines_linear_in_the_diagnostics`).
//!
//! `cargo bench -p hclkit-benchmarks --bench diagnostics`

#![allow(missing_docs)] // criterion's macros generate undocumented items

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hclkit::body::{Body, BodySchema};
use hclkit::syntax::native::{File, NativeBody};
use hclkit::Diagnostics;

/// A file of `n` top-level blocks each holding one attribute, and the diagnostics of
/// reading each block's body with a schema that names no attribute.
fn case(n: usize) -> (File, Diagnostics) {
    let src: String = (0..n).map(|i| format!("blk \"b{i}\" {{\n  attr{i} = {i}\n}}\n")).collect();
    let (file, diags) = hclkit::parse_config(src.into_bytes(), "main.hcl").into_parts();
    assert!(diags.is_empty());
    let (content, _) = NativeBody::from_file(&file).content(&BodySchema::new().block("blk", &["name"]));
    let mut all = Diagnostics::new();
    for block in &content.blocks {
        all.extend(block.body.content(&BodySchema::new()).1);
    }
    assert_eq!(all.len(), n);
    (file, all)
}

fn render(c: &mut Criterion) {
    let mut g = c.benchmark_group("diagnostics");
    g.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for n in [5_000, 20_000] {
        let (file, diags) = case(n);
        g.bench_with_input(BenchmarkId::new("text", n), &(&file, &diags), |b, (file, diags)| {
            b.iter(|| black_box(diags).to_text(*file, 80, false))
        });
        g.bench_with_input(BenchmarkId::new("json", n), &diags, |b, diags| b.iter(|| black_box(diags).to_json()));
    }
    g.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
