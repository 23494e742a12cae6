//! Finding files under directories, shared by the subcommands.

use std::path::{Path, PathBuf};

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
pub fn walk(dir: &Path, accept: &dyn Fn(&str) -> bool, files: &mut Vec<PathBuf>, errors: &mut Vec<String>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            errors.push(format!("{}: {}", dir.display(), io_text(&e)));
            return;
        }
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') {
            continue;
        }
        let Ok(ft) = e.file_type() else { continue };
        if ft.is_dir() {
            walk(&e.path(), accept, files, errors);
        } else if ft.is_file() && accept(&name) {
            let path = e.path();
            // Under the current directory, names as the user would type them.
            files.push(path.strip_prefix(".").map(Path::to_path_buf).unwrap_or(path));
        }
    }
}
