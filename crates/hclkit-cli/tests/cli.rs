//! The `hclkit` binary, run as a user would.
//!
//! `fixtures/broken.ref.txt` and `fixtures/broken.ref.json` were recorded from the reference
//! (hcl v2.14.1): `hcldec --spec S broken.hcl` with a spec that reads nothing (`literal`), so
//! that only the parse diagnostics are printed, with and without `--diags=json`; the first
//! diagnostic of `fixtures/broken.json` (summary, start byte) likewise. The files
//! in `fixtures/realworld` are copies of files of the shared real-world corpus (their paths
//! there, `/` replaced by `__`), all accepted by the reference.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn hclkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .args(args)
        .current_dir(fixtures())
        .env_remove("COLUMNS")
        .output()
        .expect("run hclkit")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

#[test]
fn clean_file_exits_zero_and_prints_nothing() {
    let o = hclkit(&["check", "ok.hcl"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "");
}

#[test]
fn broken_file_prints_the_references_text() {
    let o = hclkit(&["check", "broken.hcl"]);
    assert_eq!(o.status.code(), Some(1));
    let want = std::fs::read_to_string(fixtures().join("broken.ref.txt")).unwrap();
    // Not a terminal: no colour codes.
    assert!(!stdout(&o).contains('\x1b'));
    assert_eq!(stdout(&o), want);
}

#[test]
fn broken_file_prints_the_references_json() {
    let o = hclkit(&["check", "--diags=json", "broken.hcl"]);
    assert_eq!(o.status.code(), Some(1));
    let got: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let want: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixtures().join("broken.ref.json")).unwrap()).unwrap();
    assert_eq!(got, want);
}

#[test]
fn json_output_collects_all_files_and_is_valid_when_empty() {
    let o = hclkit(&["check", "--diags=json", "ok.hcl"]);
    assert_eq!(o.status.code(), Some(0));
    let got: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(got, serde_json::json!({"diagnostics": []}));

    let o = hclkit(&["check", "ok.hcl", "broken.hcl", "missing.hcl", "--diags=json"]);
    assert_eq!(o.status.code(), Some(1));
    let got: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let diags = got["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 4);
    assert_eq!(diags[3]["summary"], "Failed to read file");
    assert_eq!(diags[3]["detail"], "The configuration file \"missing.hcl\" could not be read.");
}

#[test]
fn one_broken_file_fails_the_whole_check() {
    let o = hclkit(&["check", "ok.hcl", "broken.hcl"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("Error: Invalid multi-line string\n"));
}

#[test]
fn json_syntax_files_are_checked_as_json() {
    let o = hclkit(&["check", "config.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = hclkit(&["check", "--diags=json", "broken.json"]);
    assert_eq!(o.status.code(), Some(1));
    let d: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(d["diagnostics"][0]["summary"], "Missing property value colon", "{d}");
    assert_eq!(d["diagnostics"][0]["subject"]["start"]["byte"], 13, "{d}");
}

#[test]
fn usage_errors_exit_two() {
    for args in [&[][..], &["frobnicate"], &["check"], &["check", "--diags=xml", "ok.hcl"], &["check", "-q", "ok.hcl"]]
    {
        let o = hclkit(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("Usage:"), "{args:?}");
    }
    let o = hclkit(&["check", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("Usage: hclkit check"));
}

#[test]
fn realworld_files_check_clean() {
    let dir = fixtures().join("realworld");
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path().to_string_lossy().into_owned()).collect();
    files.sort();
    assert!(files.len() >= 8);
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let o = hclkit(&args);
    assert_eq!(stdout(&o), "");
    assert_eq!(o.status.code(), Some(0));
}
