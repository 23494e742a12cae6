//! Shared pieces of hclkit's benchmarks: finding and loading the corpus.
//!
//! The benches are in `benches/` (`cargo bench -p hclkit-benchmarks --bench parse`, ...). The
//! corpus is the `shared/corpus` directory beside the repository, or wherever
//! `HCLKIT_CORPUS_ROOT` points.

use std::path::{Path, PathBuf};

/// Named sources: a file's path and its bytes.
pub type Files = Vec<(String, Vec<u8>)>;

/// The corpus directory: `$HCLKIT_CORPUS_ROOT`, else `shared/corpus` beside the repository
/// (or one level further up).
pub fn corpus_root() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("HCLKIT_CORPUS_ROOT") {
        return Some(PathBuf::from(d));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    ["../shared/corpus", "../../shared/corpus"].iter().map(|u| root.join(u)).find(|d| d.is_dir())
}

/// Every file under `dir`, recursively, sorted by path.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
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
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// Reads every file under `dir` (see [`files_under`]).
///
/// # Panics
/// When a listed file cannot be read: a benchmark over a partial corpus would mislead.
pub fn load_dir(dir: &Path) -> Files {
    files_under(dir).iter().map(|f| (f.to_string_lossy().into_owned(), read(f))).collect()
}

/// Reads one file of the corpus.
///
/// # Panics
/// When it cannot be read.
pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The corpus root, or a message on standard error and `None` (the benches then measure
/// nothing, and say so).
pub fn corpus_or_warn() -> Option<PathBuf> {
    let root = corpus_root();
    if root.is_none() {
        eprintln!("corpus not found; set HCLKIT_CORPUS_ROOT to the shared/corpus directory");
    }
    root
}
