//! Peak memory and time of parsing a file: `cargo run --release --example parse_mem -- FILE`.
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
    let base = status("VmRSS:").unwrap_or(0);
    // The shared buffer the tree keeps (made from the Vec read; the Vec is freed before the
    // parse, and the peak mark is reset after that copy so it counts the parse only).
    let src: std::sync::Arc<[u8]> = std::fs::read(&path).expect("read").into();
    reset_peak();
    let n = src.len();
    let t = Instant::now();
    let (file, diags) = hclkit::parse_config(src, &path);
    let dt = t.elapsed();
    let peak = status("VmHWM:").unwrap_or(0).saturating_sub(base);
    let tree = file.tree().heap_size();
    println!("file: {path}");
    println!("source: {n} bytes; {} nodes; {} diagnostics", file.tree().node_count(), diags.len());
    println!("peak memory above start: {peak} bytes = {:.2} x source (source included)", peak as f64 / n as f64);
    println!("tree: {tree} bytes = {:.2} bytes per source byte", tree as f64 / n as f64);
    println!("parse: {:.1} ms = {:.1} MB/s", dt.as_secs_f64() * 1e3, n as f64 / dt.as_secs_f64() / 1e6);
}
