//! Peak memory and time of parsing a file: `cargo run --release -p hclkit-benchmarks --example parse_mem -- FILE`,
//! or with a peer's parser for comparison in the same way: `-- FILE hcl-edit` / `-- FILE hcl-rs`
//! (`hcl_edit::parser::parse_body`, `hcl::parse`; only the peak and the time are printed), or
//! reading the file into a lossless editing document, `-- FILE document`
//! (`hclkit::edit::Document::parse`, the counterpart of hcl-edit's parser: the peak includes
//! the document's own copy of the source).
//!
//! Reports the source size, the process's peak resident memory (`VmHWM`, Linux, reset after the file is
//! read) above what it was before reading the file, the tree's own heap size, both per source byte, and the parse
//! throughput. (The workspace forbids `unsafe`, so no counting allocator: the kernel's
//! high-water mark measures the same peak, page-rounded.)

use std::time::Instant;

fn status(field: &str) -> Option<usize> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(field))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Resets the kernel's peak-RSS mark to the current RSS.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse_mem FILE");
        std::process::exit(2);
    };
    let peer = std::env::args().nth(2);
    let base = status("VmRSS:").unwrap_or(0);
    if let Some(peer) = peer {
        let src = std::fs::read_to_string(&path).expect("read (peers take UTF-8 text)");
        reset_peak();
        let n = src.len();
        let t = Instant::now();
        let ok = match peer.as_str() {
            "document" => !hclkit::edit::Document::parse(&src, &path).1.has_errors(),
            "hcl-edit" => hcl_edit::parser::parse_body(&src).map(drop).is_ok(),
            "hcl-rs" => hcl::parse(&src).map(drop).is_ok(),
            _ => {
                eprintln!("unknown peer {peer:?}: document, hcl-edit or hcl-rs");
                std::process::exit(2);
            }
        };
        let dt = t.elapsed();
        // The tree is dropped inside the match, after the peak was reached.
        let peak = status("VmHWM:").unwrap_or(0).saturating_sub(base);
        println!("file: {path} ({peer}, parsed without error: {ok})");
        println!("peak memory above start: {peak} bytes = {:.2} x source (source included)", peak as f64 / n as f64);
        println!("parse: {:.1} ms = {:.1} MB/s", dt.as_secs_f64() * 1e3, n as f64 / dt.as_secs_f64() / 1e6);
        return;
    }
    // The shared buffer the tree keeps (made from the Vec read; the Vec is freed before the
    // parse, and the peak mark is reset after that copy so it counts the parse only).
    let src: std::sync::Arc<[u8]> = std::fs::read(&path).expect("read").into();
    reset_peak();
    let n = src.len();
    let t = Instant::now();
    let (file, diags) = hclkit::parse_config(src, &path).into_parts();
    let dt = t.elapsed();
    let peak = status("VmHWM:").unwrap_or(0).saturating_sub(base);
    let tree = file.tree().heap_size();
    println!("file: {path}");
    println!("source: {n} bytes; {} nodes; {} diagnostics", file.tree().node_count(), diags.len());
    println!("peak memory above start: {peak} bytes = {:.2} x source (source included)", peak as f64 / n as f64);
    println!("tree: {tree} bytes = {:.2} bytes per source byte", tree as f64 / n as f64);
    println!("parse: {:.1} ms = {:.1} MB/s", dt.as_secs_f64() * 1e3, n as f64 / dt.as_secs_f64() / 1e6);
}
