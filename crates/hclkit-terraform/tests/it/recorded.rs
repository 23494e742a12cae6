//! Recorded-oracle tests: every line of every `tests/data/recorded/*.want.jsonl` file is an expression
//! and the result Terraform v1.0.3 gave for it, recorded by `oracle/terraform/record.sh GROUP` (which
//! runs `/work/shared/tools/tfeval` on `tests/data/exprs/GROUP.txt`; re-run it to re-record).
//!
//! Each line is `{"expr": E, "result": R}` where `R` is tfeval's line for `E`:
//! `{"ok": true, "json": V}` (V: the value as `jsonencode` writes it, decoded),
//! `{"ok": false, "summary": S, "detail": D}` (the first error's summary, and the details of
//! the console's output joined by spaces), or `{"ok": null, "output": O}` (the console printed
//! something that is not JSON: `(known after apply)` for an unknown value).
//!
//! The expression is parsed with `hclkit::parse_expression` and evaluated with the table of
//! `hclkit_terraform::functions` (no planning; files readable under `tests/data/fsdata`, which
//! expressions and details name as `@FSDATA@`, the recorder's placeholder for its absolute
//! path). A value is encoded with the table's own `jsonencode` and compared as JSON (numbers
//! by value); an error is compared by summary and detail (whitespace runs as one space, since
//! the console wraps long details). Where Terraform panicked inside a function (the detail is
//! a Go stack trace), hclkit must give a call error, of any wording.

use std::path::{Path, PathBuf};

use hclkit::eval::{evaluate, EvalContext};
use hclkit_terraform::{functions, FsPolicy, Options};
use hclkit_value::Value;
use serde_json::Value as Json;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fsdata() -> String {
    crate_dir().join("tests/data/fsdata").to_string_lossy().into_owned()
}

/// What hclkit gives for `expr`, in tfeval's form.
fn evaluate_like_tfeval(expr: &str) -> Json {
    evaluate_with(expr, &[])
}

/// [`evaluate_like_tfeval`] with variables.
fn evaluate_with(expr: &str, vars: &[(&str, Value)]) -> Json {
    let options = Options::new().with_filesystem(FsPolicy::under(fsdata()));
    let table = functions(&options);
    let (file, diags) = hclkit::parse_expression(expr.as_bytes().to_vec(), "<console-input>").into_parts();
    if diags.has_errors() {
        return error_json(&diags);
    }
    let ctx = EvalContext::new().with_functions(table.clone()).with_variables(vars.iter().cloned());
    let (value, diags) = evaluate(file.expr(), Some(&ctx));
    if diags.has_errors() {
        return error_json(&diags);
    }
    let encoded = match table["jsonencode"].call(&[value]) {
        Ok(v) => v,
        Err(e) => {
            // As HCL reports the failure of tfeval's outer jsonencode call.
            let d = e.diagnostic("jsonencode", &table["jsonencode"], 1);
            return serde_json::json!({"ok": false, "summary": d.summary, "detail": d.detail});
        }
    };
    if encoded.is_unknown() {
        return serde_json::json!({"ok": null, "output": "(known after apply)"});
    }
    let text = encoded.as_str().unwrap_or_default();
    match serde_json::from_str::<Json>(text) {
        Ok(json) => serde_json::json!({"ok": true, "json": json}),
        Err(e) => serde_json::json!({"ok": false, "summary": "jsonencode wrote invalid JSON", "detail": e.to_string()}),
    }
}

fn error_json(diags: &hclkit::Diagnostics) -> Json {
    let errors: Vec<_> = diags.iter().filter(|d| d.severity == hclkit::Severity::Error).collect();
    let summary = errors.first().map(|d| d.summary.to_string()).unwrap_or_default();
    let detail = errors.iter().map(|d| d.detail.to_string()).collect::<Vec<_>>().join(" ");
    serde_json::json!({"ok": false, "summary": summary, "detail": detail})
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// JSON equality with numbers compared by value (tfeval's Python prints `1e-07` where
/// `jsonencode` wrote `0.0000001`).
fn json_eq(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => {
            x.to_string() == y.to_string()
                || match (x.to_string().parse::<f64>(), y.to_string().parse::<f64>()) {
                    (Ok(x), Ok(y)) => x == y,
                    _ => false,
                }
        }
        (Json::Array(x), Json::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_eq(x, y)),
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

fn matches(want: &Json, got: &Json) -> bool {
    match want.get("ok") {
        Some(Json::Bool(true)) => {
            got.get("ok") == Some(&Json::Bool(true))
                && json_eq(want.get("json").unwrap_or(&Json::Null), got.get("json").unwrap_or(&Json::Null))
        }
        Some(Json::Bool(false)) => {
            let field = |j: &Json, k: &str| squash(j.get(k).and_then(Json::as_str).unwrap_or_default());
            // Where Terraform panicked (its detail is a Go stack trace), any call error will do.
            if field(want, "detail").contains("panic in function implementation") {
                return got.get("ok") == Some(&Json::Bool(false)) && field(got, "summary") == "Error in function call";
            }
            got.get("ok") == Some(&Json::Bool(false))
                && field(want, "summary") == field(got, "summary")
                && field(want, "detail") == field(got, "detail")
        }
        _ => {
            let output = want.get("output").and_then(Json::as_str).unwrap_or_default();
            output.contains("(known after apply)") && got.get("ok") == Some(&Json::Null)
        }
    }
}

/// The recorded result with the `@FSDATA@` placeholder replaced, in strings at any depth.
fn with_fsdata(v: &Json) -> Json {
    match v {
        Json::String(s) => Json::String(s.replace("@FSDATA@", &fsdata())),
        Json::Array(a) => Json::Array(a.iter().map(with_fsdata).collect()),
        Json::Object(o) => Json::Object(o.iter().map(|(k, v)| (k.clone(), with_fsdata(v))).collect()),
        other => other.clone(),
    }
}

fn recorded_files() -> Vec<PathBuf> {
    let dir = crate_dir().join("tests/data/recorded");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    files
}

fn check_file(path: &Path) -> (usize, Vec<String>) {
    check_lines(path, &std::fs::read_to_string(path).unwrap(), 0)
}

/// The cases of `text`, a recorded file's lines after the first `skip`.
fn check_lines(path: &Path, text: &str, skip: usize) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut count = 0;
    for (n, line) in text.lines().enumerate().skip(skip).filter(|(_, l)| !l.trim().is_empty()) {
        let record: Json = serde_json::from_str(line).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1));
        let expr = record["expr"].as_str().unwrap_or_else(|| panic!("{}:{}: no expr", path.display(), n + 1));
        let want = &with_fsdata(&record["result"]);
        let got = evaluate_like_tfeval(&expr.replace("@FSDATA@", &fsdata()));
        count += 1;
        if !matches(want, &got) {
            failures.push(format!(
                "{}:{}: {expr}\n    terraform: {want}\n    hclkit:    {got}",
                path.file_name().unwrap().to_string_lossy(),
                n + 1
            ));
        }
    }
    (count, failures)
}

#[test]
fn recorded_results_match_terraform() {
    let mut failures = Vec::new();
    let mut total = 0;
    for path in recorded_files() {
        let (count, f) = check_file(&path);
        assert!(count > 0, "{} has no cases", path.display());
        total += count;
        failures.extend(f);
    }
    assert!(failures.is_empty(), "{} of {total} recorded cases differ:\n{}", failures.len(), failures.join("\n"));
}

/// Namespaced calls (HCL v2.20's syntax: `core::max(1, 2)`, `provider::terraform::…`), which
/// Terraform v1.0.3 cannot parse: `tests/data/namespaced/terraform.want.jsonl`, recorded from
/// Terraform v1.11.4's console by `oracle/namespaced/record.py` (its first line names the
/// version), checked as the other recorded files.
#[test]
fn namespaced_calls_match_terraform_1_11() {
    let path = crate_dir().join("tests/data/namespaced/terraform.want.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let header: Json = serde_json::from_str(text.lines().next().unwrap_or_default()).unwrap();
    assert_eq!(header["terraform"], "1.11.4", "recorded by another version: update this test's doc");
    let (count, failures) = check_lines(&path, &text, 1);
    assert!(count >= 20, "only {count} cases");
    assert!(failures.is_empty(), "{} of {count} cases differ:\n{}", failures.len(), failures.join("\n"));
}

/// The harness itself: a recorded value, error and unknown are each told apart from a wrong one.
#[test]
fn harness_tells_results_apart() {
    let value = serde_json::json!({"ok": true, "json": {"a": [1, "x"]}});
    assert!(matches(&value, &serde_json::json!({"ok": true, "json": {"a": [1.0, "x"]}})));
    assert!(!matches(&value, &serde_json::json!({"ok": true, "json": {"a": [2, "x"]}})));
    let error = serde_json::json!({"ok": false, "summary": "S", "detail": "a  b\nc"});
    assert!(matches(&error, &serde_json::json!({"ok": false, "summary": "S", "detail": "a b c"})));
    assert!(!matches(&error, &serde_json::json!({"ok": false, "summary": "S", "detail": "a b"})));
    let unknown = serde_json::json!({"ok": null, "output": "(known after apply)\n"});
    let u = Value::unknown(hclkit_value::Type::String);
    assert!(matches(&unknown, &evaluate_with("upper(u)", &[("u", u)])));
    assert!(!matches(&unknown, &evaluate_like_tfeval("1")));
    assert_eq!(evaluate_like_tfeval("upper(\"a\")"), serde_json::json!({"ok": true, "json": "A"}));
}
