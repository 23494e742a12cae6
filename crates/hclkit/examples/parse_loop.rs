//! Quick throughput check without criterion: parses the given files (or every file under the
//! given directories) `HCLKIT_REPEAT` times (default 5) and prints the best, median and mean
//! MB/s (criterion reports something like the mean, so compare it with the mean).
//!
//! `HCLKIT_FRESH=1` copies the sources into fresh allocations before each (timed) parse, as
//! the criterion bench's setup does, instead of parsing the same buffers every time.
//! `HCLKIT_EVICT=1` writes 64 MiB between parses (not timed), so that a parse starts with
//! caches that hold neither the source nor the previous tree.
//! `HCLKIT_SYNTAX=json` parses with the JSON syntax instead of the native one.

use std::path::{Path, PathBuf};
use std::sync::Arc;
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

/// Minor page faults of this process so far (Linux: `/proc/self/stat` field 10), if known.
fn minor_faults() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may contain spaces.
    stat.rsplit_once(')')?.1.split_whitespace().nth(7)?.parse().ok()
}

fn main() {
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        walk(Path::new(&a), &mut files);
    }
    let srcs: Vec<(String, Arc<[u8]>)> =
        files.iter().map(|f| (f.to_string_lossy().into_owned(), std::fs::read(f).unwrap().into())).collect();
    let bytes: usize = srcs.iter().map(|s| s.1.len()).sum();
    let repeat: usize = std::env::var("HCLKIT_REPEAT").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
    let flag = |name: &str| std::env::var(name).is_ok_and(|v| v == "1");
    let (fresh, evict) = (flag("HCLKIT_FRESH"), flag("HCLKIT_EVICT"));
    let json = std::env::var("HCLKIT_SYNTAX").is_ok_and(|v| v == "json");
    let mut junk = if evict { vec![0u8; 64 << 20] } else { Vec::new() };
    let mut times = Vec::with_capacity(repeat);
    let mut faults = Vec::with_capacity(repeat);
    for round in 0..repeat {
        let input: Vec<(&str, Arc<[u8]>)> = if fresh {
            srcs.iter().map(|(n, s)| (n.as_str(), Arc::from(&s[..]))).collect()
        } else {
            srcs.iter().map(|(n, s)| (n.as_str(), s.clone())).collect()
        };
        for (i, b) in junk.iter_mut().enumerate().step_by(64) {
            *b = (i + round) as u8;
        }
        let f0 = minor_faults();
        let t = Instant::now();
        let out: Vec<_> = if json {
            input
                .into_iter()
                .map(|(n, s)| Box::new(hclkit::syntax::json::parse(s, n)) as Box<dyn std::any::Any>)
                .collect()
        } else {
            input.into_iter().map(|(n, s)| Box::new(hclkit::parse_config(s, n)) as Box<dyn std::any::Any>).collect()
        };
        let dt = t.elapsed().as_secs_f64();
        if let (Some(a), Some(b)) = (f0, minor_faults()) {
            faults.push(b - a);
        }
        drop(out);
        times.push(dt);
    }
    std::hint::black_box(&junk);
    times.sort_by(f64::total_cmp);
    let (best, median) = (times[0], times[times.len() / 2]);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let mbs = |t: f64| bytes as f64 / t / 1e6;
    println!(
        "{} files, {bytes} bytes: best {:.1} ms = {:.1} MB/s; median {:.1} ms = {:.1} MB/s; mean {:.1} ms = {:.1} MB/s",
        srcs.len(),
        best * 1e3,
        mbs(best),
        median * 1e3,
        mbs(median),
        mean * 1e3,
        mbs(mean)
    );
    if !faults.is_empty() {
        let first = faults[0];
        faults.sort_unstable();
        println!("minor page faults in a timed parse: first parse {first}, median {}", faults[faults.len() / 2]);
    }
}
