//! Quick throughput check without criterion: parses the given files (or every file under the
//! given directories) `HCLKIT_REPEAT` times (default 5) and prints the best MB/s.

use std::path::{Path, PathBuf};
use std::time::Instant;

fn walk(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut v: Vec<_> = std::fs::read_dir(p).unwrap().flatten().map(|e| e.path()).collect();
        v.sort();
        for e in v {
            walk(&e, out);
        }
    } else {
        out.push(p.to_path_buf());
    }
}

fn main() {
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        walk(Path::new(&a), &mut files);
    }
    let srcs: Vec<(String, std::sync::Arc<[u8]>)> =
        files.iter().map(|f| (f.to_string_lossy().into_owned(), std::fs::read(f).unwrap().into())).collect();
    let bytes: usize = srcs.iter().map(|s| s.1.len()).sum();
    let repeat: usize = std::env::var("HCLKIT_REPEAT").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
    let mut best = f64::MAX;
    for _ in 0..repeat {
        let t = Instant::now();
        let out: Vec<_> = srcs.iter().map(|(n, s)| hclkit::parse_config(s.clone(), n)).collect();
        let dt = t.elapsed().as_secs_f64();
        drop(out);
        best = best.min(dt);
    }
    println!("{} files, {bytes} bytes: best {:.1} ms = {:.1} MB/s", srcs.len(), best * 1e3, bytes as f64 / best / 1e6);
}
