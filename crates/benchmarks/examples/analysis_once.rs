//! One analysis and one dependency-ordered evaluation of `n` shuffled locals (the workload of
//! `benches/analysis.rs`), for instruction counts at n and 4n:
//! `valgrind --tool=callgrind target/release/examples/analysis_once 10000`.

use hclkit::analysis::{Analysis, Scheme};
use hclkit::eval::EvalContext;
use hclkit::syntax::native::NativeBody;

#[path = "../benches/analysis_workload.rs"]
mod workload;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let src = workload::shuffled_locals(n);
    let file = hclkit::parse_config(src.as_bytes(), "locals.tf").into_value();
    let a = Analysis::new(&[NativeBody::arc_from_file(&file)], &Scheme::terraform());
    assert!(a.diagnostics().is_empty());
    let e = a.evaluate(&EvalContext::new());
    assert!(e.diagnostics.is_empty());
    println!("{} symbols, {} uses", a.symbols().len(), a.uses().len());
}
