//! Finding files under directories, shared by the subcommands.

use std::path::{Path, PathBuf};

/// The file-name endings of native-syntax files searched for in directories.
pub const NATIVE_EXTENSIONS: &[&str] = &[".hcl", ".tf", ".tfvars", ".nomad"];

/// The file-name endings of JSON-syntax files searched for in directories: the JSON form of an
/// HCL file keeps its HCL extension before `.json` (Terraform's convention), so that other JSON
/// files in the tree (package.json, editor settings) are not taken for configuration.
pub const JSON_EXTENSIONS: &[&str] = &[".hcl.json", ".tf.json", ".tfvars.json", ".nomad.json", ".pkr.json"];

/// Whether a directory entry named `name` is a native-syntax HCL file.
pub fn is_native_name(name: &str) -> bool {
    NATIVE_EXTENSIONS.iter().any(|e| name.ends_with(e))
}

/// Whether a directory entry named `name` is a JSON-syntax HCL file.
pub fn is_json_name(name: &str) -> bool {
    JSON_EXTENSIONS.iter().any(|e| name.ends_with(e))
}

use rayon::prelude::*;

/// An I/O error as the OS says it, without Rust's " (os error N)".
pub fn io_text(e: &std::io::Error) -> String {
    let text = e.to_string();
    match e.raw_os_error() {
        Some(code) => text.strip_suffix(&format!(" (os error {code})")).unwrap_or(&text).to_owned(),
        None => text,
    }
}

/// Collects the files under `dir` whose names `accept` takes, in a deterministic order
/// (entries sorted by name, depth first); hidden entries and symbolic links are skipped.
/// Directories that cannot be read are added to `errors` as `path: reason`.
///
/// Subdirectories are read on rayon's threads (a tree of thousands of directories spends most
/// of its walk in `openat`/`getdents64`), and their results joined in name order, so the list
/// is the same whatever the number of threads.
pub fn walk(dir: &Path, accept: &(dyn Fn(&str) -> bool + Sync), files: &mut Vec<PathBuf>, errors: &mut Vec<String>) {
    let found = walk_dir(dir, accept);
    files.extend(found.files);
    errors.extend(found.errors);
}

/// What one directory (and everything below it) holds, in order.
#[derive(Default)]
struct Found {
    files: Vec<PathBuf>,
    errors: Vec<String>,
}

fn walk_dir(dir: &Path, accept: &(dyn Fn(&str) -> bool + Sync)) -> Found {
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => return Found { files: Vec::new(), errors: vec![format!("{}: {}", dir.display(), io_text(&e))] },
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    // A file is kept as it is; a directory's contents are walked in parallel and spliced in at
    // its place in the order.
    enum Entry {
        File(PathBuf),
        Dir(PathBuf),
    }
    let entries: Vec<Entry> = entries
        .into_iter()
        .filter_map(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                return None;
            }
            let ft = e.file_type().ok()?;
            if ft.is_dir() {
                Some(Entry::Dir(e.path()))
            } else if ft.is_file() && accept(&name) {
                let path = e.path();
                // Under the current directory, names as the user would type them.
                Some(Entry::File(path.strip_prefix(".").map(Path::to_path_buf).unwrap_or(path)))
            } else {
                None
            }
        })
        .collect();
    let below: Vec<Option<Found>> = entries
        .par_iter()
        .map(|e| match e {
            Entry::Dir(d) => Some(walk_dir(d, accept)),
            Entry::File(_) => None,
        })
        .collect();
    let mut found = Found::default();
    for (e, b) in entries.into_iter().zip(below) {
        match (e, b) {
            (Entry::File(f), _) => found.files.push(f),
            (Entry::Dir(_), Some(b)) => {
                found.files.extend(b.files);
                found.errors.extend(b.errors);
            }
            (Entry::Dir(_), None) => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is in name order, depth first, hidden entries left out, and the same on one
    /// thread as on four.
    #[test]
    fn order_is_deterministic_whatever_the_threads() {
        let root = std::env::temp_dir().join(format!("hclkit-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (dir, files) in [
            ("", &["b.hcl", "a.tf", "z.txt"][..]),
            ("m", &["x.hcl"]),
            ("m/n", &["y.hcl", "a.hcl"]),
            ("c", &["q.hcl"]),
            (".hidden", &["h.hcl"]),
        ] {
            let d = root.join(dir);
            std::fs::create_dir_all(&d).unwrap();
            for f in files {
                std::fs::write(d.join(f), "a = 1\n").unwrap();
            }
        }
        let accept = |n: &str| n.ends_with(".hcl") || n.ends_with(".tf");
        let list = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| {
                let (mut files, mut errors) = (Vec::new(), Vec::new());
                walk(&root, &accept, &mut files, &mut errors);
                assert!(errors.is_empty(), "{errors:?}");
                files.iter().map(|p| p.strip_prefix(&root).unwrap().display().to_string()).collect::<Vec<_>>()
            })
        };
        let one = list(1);
        assert_eq!(one, ["a.tf", "b.hcl", "c/q.hcl", "m/n/a.hcl", "m/n/y.hcl", "m/x.hcl"]);
        for _ in 0..5 {
            assert_eq!(list(4), one);
        }
        let (mut files, mut errors) = (Vec::new(), Vec::new());
        walk(&root.join("missing"), &accept, &mut files, &mut errors);
        assert!(
            files.is_empty() && errors.len() == 1 && errors[0].ends_with("No such file or directory"),
            "{errors:?}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
