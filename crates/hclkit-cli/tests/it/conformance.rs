//! The conformance corpus (`tests/data/conformance/`): every case run
//! through our `hcldec` exactly as `oracle/conformance/record.py` ran the reference hcldec
//! (hashicorp/hcl v2.14.1, go-cty v1.12.1) to record its `want.json`:
//!
//! ```text
//! hcldec --spec spec.hcldec --with-type --diags=json [--vars vars.json] [FLAGS] input.*
//! ```
//!
//! Compared: the exit status, standard output as JSON (numbers compared as record.py's
//! Python read them: integers exactly, others as binary64), the
//! number of diagnostics being zero or not, and the first diagnostic (in source order) by
//! severity, summary, detail and subject range. Every case must match; the summary line says
//! how many do.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance")
}

fn case_dirs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut groups: Vec<PathBuf> =
        std::fs::read_dir(cases_dir()).expect("conformance cases").map(|e| e.expect("entry").path()).collect();
    groups.sort();
    for g in groups {
        let mut cases: Vec<PathBuf> = std::fs::read_dir(&g).expect("group").map(|e| e.expect("entry").path()).collect();
        cases.sort();
        out.extend(cases);
    }
    out
}

/// Runs our hcldec on a case as record.py runs the reference: (exit, stdout, sorted diags).
fn run(dir: &Path) -> Result<(i64, Json, Vec<Json>), String> {
    let input = if dir.join("input.json").exists() { "input.json" } else { "input.hcl" };
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hcldec"));
    cmd.current_dir(dir).args(["--spec", "spec.hcldec", "--with-type", "--diags=json"]);
    if dir.join("vars.json").exists() {
        cmd.args(["--vars", "vars.json"]);
    }
    if let Ok(flags) = std::fs::read_to_string(dir.join("flags")) {
        cmd.args(flags.split('\n').filter(|l| !l.is_empty()));
    }
    cmd.arg(input);
    let out = cmd.output().map_err(|e| format!("cannot run hcldec: {e}"))?;
    let exit = out.status.code().map(i64::from).unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stdout = if stdout.trim().is_empty() {
        Json::Null
    } else {
        serde_json::from_str(&stdout).unwrap_or_else(|_| serde_json::json!({ "$invalid_json": stdout }))
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut diags = Vec::new();
    if !stderr.trim().is_empty() {
        let doc: Json =
            serde_json::from_str(&stderr).map_err(|_| format!("stderr is not JSON diagnostics: {stderr}"))?;
        diags = doc["diagnostics"].as_array().cloned().unwrap_or_default();
    }
    diags.sort_by_key(|d| {
        let subject = &d["subject"];
        (
            subject["filename"].as_str().unwrap_or("").to_owned(),
            subject["start"]["byte"].as_i64().unwrap_or(-1),
            d["summary"].as_str().unwrap_or("").to_owned(),
            d["detail"].as_str().unwrap_or("").to_owned(),
        )
    });
    Ok((exit, stdout, diags))
}

/// `json` as record.py's Python `json.loads` read it: integers exactly (`-0` is `0`), other
/// numbers as binary64 floats. Numbers become tagged strings, compared as text.
fn as_python_reads(json: &Json) -> Json {
    match json {
        Json::Number(n) => {
            let text = n.to_string();
            if text.contains(['.', 'e', 'E']) {
                Json::String(format!("float:{:?}", text.parse::<f64>().unwrap_or(f64::NAN)))
            } else {
                let digits = text.trim_start_matches('-');
                let zero = digits.trim_start_matches('0').is_empty();
                Json::String(format!("int:{}", if zero { "0" } else { text.as_str() }))
            }
        }
        Json::Array(items) => Json::Array(items.iter().map(as_python_reads).collect()),
        Json::Object(map) => Json::Object(map.iter().map(|(k, v)| (k.clone(), as_python_reads(v))).collect()),
        other => other.clone(),
    }
}

/// What differs between our outcome and the expected one (empty: they match).
fn compare(dir: &Path) -> Vec<String> {
    let expected: Json = match std::fs::read_to_string(dir.join("want.json")) {
        Ok(s) => match serde_json::from_str(&s) {
            Ok(j) => j,
            Err(e) => return vec![format!("want.json is not JSON: {e}")],
        },
        Err(_) => return vec!["no want.json (record it with oracle/conformance/record.py)".into()],
    };
    let (exit, stdout, diags) = match run(dir) {
        Ok(r) => r,
        Err(e) => return vec![e],
    };
    let mut problems = Vec::new();
    if expected["exit"].as_i64() != Some(exit) {
        problems.push(format!("exit {exit}, expected {}", expected["exit"]));
    }
    if as_python_reads(&expected["stdout"]) != as_python_reads(&stdout) {
        problems.push(format!("stdout {stdout}, expected {}", expected["stdout"]));
    }
    let want = expected["diagnostics"].as_array().cloned().unwrap_or_default();
    match (want.first(), diags.first()) {
        (None, None) => {}
        (Some(w), None) => problems.push(format!("no diagnostics, expected {w}")),
        (None, Some(g)) => problems.push(format!("unexpected diagnostic {g}")),
        (Some(w), Some(g)) => {
            for field in ["severity", "summary", "detail", "subject"] {
                if w[field] != g[field] {
                    problems.push(format!("first diagnostic's {field}: {}, expected {}", g[field], w[field]));
                }
            }
        }
    }
    problems
}

#[test]
fn conformance_corpus_matches_the_reference() {
    let dirs = case_dirs();
    assert!(dirs.len() >= 800, "only {} cases found", dirs.len());
    let results: Vec<(PathBuf, Vec<String>)> = std::thread::scope(|s| {
        let chunks: Vec<&[PathBuf]> = dirs.chunks(dirs.len().div_ceil(4)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| s.spawn(move || chunk.iter().map(|d| (d.clone(), compare(d))).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker")).collect()
    });
    let root = cases_dir();
    let mut failed = 0;
    for (dir, problems) in &results {
        if problems.is_empty() {
            continue;
        }
        failed += 1;
        let name = dir.strip_prefix(&root).unwrap_or(dir).display();
        for p in problems {
            println!("{name}: {p}");
        }
    }
    println!("{}/{} cases match", results.len() - failed, results.len());
    assert_eq!(failed, 0, "{failed} of {} conformance cases differ from the reference", results.len());
}
