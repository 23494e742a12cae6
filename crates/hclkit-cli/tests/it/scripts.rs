//! `scripts/threads-ratio`, run as the README runs it: a command that fails (a missing corpus)
//! stops it with an error instead of being timed.

use std::path::Path;
use std::process::Command;

fn threads_ratio(env: &[(&str, &str)], args: &[&str]) -> (Option<i32>, String, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/threads-ratio");
    let o = Command::new("bash").arg(script).args(args).envs(env.iter().copied()).output().expect("run bash");
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn a_failing_command_is_an_error_not_a_timing() {
    let hclkit = env!("CARGO_BIN_EXE_hclkit");
    let (code, out, err) = threads_ratio(&[], &["2", hclkit, "check", "/nonexistent/corpus"]);
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert!(err.contains("exited with status 1 on 1 thread(s), not 0; nothing timed"), "{err}");
    // A command that succeeds is timed.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/convert");
    let (code, out, err) = threads_ratio(&[], &["1", hclkit, "check", data.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("1 thread ") && out.contains(" ratio ") && out.ends_with("(medians of 1)\n"), "{out}");
    // The status the command is expected to exit with can be another (fmt --check: 3).
    let (code, _, err) = threads_ratio(&[("THREADS_RATIO_EXPECT", "1")], &["1", "false"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, _) = threads_ratio(&[], &["many", "true"]);
    assert_eq!(code, Some(2));
}

/// `scripts/version` run on a copy of the files it reads, so a test can damage one.
fn version_script(root: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new("python3").arg(root.join("scripts/version")).args(args).output().expect("run python3");
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn copy_of_the_versioned_files() -> tempfile::TempDir {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![
        "scripts/version".to_string(),
        "Cargo.toml".into(),
        "Cargo.lock".into(),
        "python/Cargo.toml".into(),
        "python/Cargo.lock".into(),
        "CHANGELOG.md".into(),
    ];
    for entry in std::fs::read_dir(repo.join("crates")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        files.push(format!("crates/{name}/Cargo.toml"));
    }
    for name in ["js/package.json", "js/package-lock.json"] {
        if repo.join(name).exists() {
            files.push(name.into());
        }
    }
    for file in files {
        let to = dir.path().join(&file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(repo.join(&file), to).unwrap();
    }
    dir
}

#[test]
fn every_package_has_the_one_version() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (code, out, err) = version_script(&repo, &["check"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, version, _) = version_script(&repo, &[]);
    assert_eq!((code, version.trim()), (Some(0), env!("CARGO_PKG_VERSION")));
}

#[test]
fn the_version_check_names_each_place_that_disagrees() {
    let copy = copy_of_the_versioned_files();
    let root = copy.path();
    let edit = |file: &str, from: &str, to: &str| {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file} has no {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    };
    let (code, _, err) = version_script(root, &["check"]);
    assert_eq!(code, Some(0), "{err}");
    let version = env!("CARGO_PKG_VERSION");
    edit("python/Cargo.toml", &format!("version = \"{version}\""), "version = \"9.9.9\"");
    edit("CHANGELOG.md", "## [Unreleased]", "## [Later]");
    let (code, _, err) = version_script(root, &["check"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("python/Cargo.toml: version 9.9.9"), "{err}");
    assert!(err.contains("CHANGELOG.md: no section"), "{err}");
    // A version that is not one is refused before anything is written.
    let (code, _, err) = version_script(root, &["set", "1.2"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is not a version"), "{err}");
}
