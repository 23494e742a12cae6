//! Finding files under directories, shared by the subcommands.

use std::path::{Path, PathBuf};

/// The file-name endings of native-syntax files searched for in directories.
pub const NATIVE_EXTENSIONS: &[&str] = &[".hcl", ".tf", ".tfvars", ".nomad"];

/// The file-name endings of JSON-syntax files searched for in directories: the JSON form of an
/// HCL file keeps its HCL extension before `.json` (Terraform's convention), so that other JSON
/// files in the tree (package.json, editor settings) are not taken for configuration.
pub const JSON_EXTENSIONS: &[&str] = &[".hcl.json", ".tf.json", ".tfvars.json", ".nomad.json", ".pkr.json"];

/// Whether a directory entry named `name` is a native-syntax HCL file.
///
/// ```
/// use hclkit_cli::walk::{is_json_name, is_native_name};
///
/// assert!(is_native_name("main.tf") && is_native_name("job.nomad") && !is_native_name("README.md"));
/// assert!(is_json_name("main.tf.json") && !is_json_name("package.json"));
/// ```
pub fn is_native_name(name: &str) -> bool {
    NATIVE_EXTENSIONS.iter().any(|e| name.ends_with(e))
}

/// Whether a directory entry named `name` is a JSON-syntax HCL file.
pub fn is_json_name(name: &str) -> bool {
    JSON_EXTENSIONS.iter().any(|e| name.ends_with(e))
}

/// A path that cannot be read, and the operating system's reason.
pub type Unreadable = (String, String);

/// Collects the files under `dir` whose names `accept` takes, in a deterministic order
/// (entries sorted by name, depth first). The walk is ripgrep's (the `ignore` crate): unless
/// `no_ignore`, entries that `.gitignore`, `.ignore`, `.git/info/exclude` or git's global
/// excludes ignore are skipped (in and out of git repositories), and so are hidden entries
/// (`.git/`, `.terraform/`); `dir` itself is walked whatever its name. Symbolic links are not
/// followed. Directories that cannot be read are added to `errors` as `(path, reason)`.
///
/// Directories are read on several threads (as many as rayon's pool: a tree of thousands of
/// directories spends most of its walk in `openat`/`getdents64`), and the list sorted once, so
/// it is the same whatever the number of threads.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("hclkit-cli-walk-doc-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("sub")).unwrap();
/// std::fs::write(dir.join("sub/main.tf"), "a = 1\n").unwrap();
/// std::fs::write(dir.join("notes.txt"), "").unwrap();
/// let (mut files, mut errors) = (Vec::new(), Vec::new());
/// hclkit_cli::walk::walk(&dir, false, &hclkit_cli::walk::is_native_name, &mut files, &mut errors);
/// assert_eq!(files, [dir.join("sub/main.tf")]);
/// assert!(errors.is_empty());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn walk(
    dir: &Path,
    no_ignore: bool,
    accept: &(dyn Fn(&str) -> bool + Sync),
    files: &mut Vec<PathBuf>,
    errors: &mut Vec<Unreadable>,
) {
    let found = std::sync::Mutex::new((Vec::new(), Vec::new()));
    ignore::WalkBuilder::new(dir)
        .standard_filters(!no_ignore)
        .require_git(false)
        .threads(rayon::current_num_threads())
        .build_parallel()
        .run(|| {
            Box::new(|entry| {
                match entry {
                    Ok(e) => {
                        let name = e.file_name().to_string_lossy();
                        if e.file_type().is_some_and(|t| t.is_file()) && e.depth() > 0 && accept(&name) {
                            let path = e.into_path();
                            // Under the current directory, names as the user would type them.
                            let path = path.strip_prefix(".").map(Path::to_path_buf).unwrap_or(path);
                            found.lock().unwrap_or_else(|p| p.into_inner()).0.push(path);
                        }
                    }
                    Err(e) => {
                        if let Some(text) = walk_error(&e) {
                            found.lock().unwrap_or_else(|p| p.into_inner()).1.push(text);
                        }
                    }
                }
                ignore::WalkState::Continue
            })
        });
    let (mut found_files, mut found_errors) = found.into_inner().unwrap_or_else(|p| p.into_inner());
    found_files.sort_by(|a, b| a.components().cmp(b.components()));
    found_errors.sort();
    files.extend(found_files);
    errors.extend(found_errors);
}

/// A walk error as `(path, reason)` when it is about a path that cannot be read; `None` for the
/// rest (a bad pattern in an ignore file: ripgrep warns and goes on).
fn walk_error(e: &ignore::Error) -> Option<(String, String)> {
    match e {
        ignore::Error::WithPath { path, err } => {
            let reason = match err.io_error() {
                Some(io) => crate::os_error::reason(io),
                None => return None,
            };
            Some((path.display().to_string(), reason))
        }
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => walk_error(err),
        _ => None,
    }
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
                walk(&root, false, &accept, &mut files, &mut errors);
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
        walk(&root.join("missing"), false, &accept, &mut files, &mut errors);
        assert!(files.is_empty() && errors.len() == 1 && errors[0].1 == "No such file or directory", "{errors:?}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// An unreadable directory is reported with its path and the OS reason, whatever the walker
    /// wraps the error in; a bad pattern in an ignore file is not an unreadable path.
    #[test]
    fn walk_errors_name_the_path_and_the_reason() {
        let io = ignore::Error::Io(std::io::Error::from_raw_os_error(13));
        let e = ignore::Error::WithDepth {
            depth: 2,
            err: Box::new(ignore::Error::WithPath { path: "in/locked".into(), err: Box::new(io) }),
        };
        assert_eq!(walk_error(&e), Some(("in/locked".to_owned(), "Permission denied".to_owned())));
        let glob = ignore::Error::Glob { glob: Some("[".into()), err: "unclosed".into() };
        assert_eq!(walk_error(&ignore::Error::WithPath { path: ".gitignore".into(), err: Box::new(glob) }), None);
    }
}
