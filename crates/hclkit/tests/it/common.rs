//! Golden-output helpers shared by the evaluation, function-library, try/can and
//! dynamic-block tests: the fixture context header (`# vars:`, `# unknown:`), hcleval's value
//! encoding, diagnostics as compared with the reference's JSON diagnostics, and a runner for
//! directories of fixtures whose root attributes are evaluated.
#![allow(dead_code)]

use hclkit::eval::EvalContext;
use hclkit::Diagnostic;
use hclkit_value::json::{from_simple_json, to_json, type_from_json, type_to_json};
use hclkit_value::{stdlib, Type, Value};

/// The context a fixture's header asks for.
pub fn context(src: &str) -> EvalContext {
    let mut ctx =
        EvalContext::new().with_variables(Vec::<(String, Value)>::new()).with_functions(stdlib::spec_functions());
    for line in src.lines().take_while(|l| l.starts_with('#')) {
        if let Some(json) = line.strip_prefix("# vars:") {
            let v = from_simple_json(json.trim().as_bytes()).expect("vars JSON");
            for (k, v) in v.entries().expect("vars must be an object") {
                ctx.set_variable(k.to_string(), v.clone());
            }
        } else if let Some(list) = line.strip_prefix("# unknown:") {
            for item in list.trim().split(',').filter(|s| !s.is_empty()) {
                let (name, ty) = match item.split_once(':') {
                    Some((n, t)) => {
                        let ty = type_from_json(t.as_bytes())
                            .or_else(|_| type_from_json(format!("\"{t}\"").as_bytes()))
                            .expect("unknown type");
                        (n, ty)
                    }
                    None => (item, Type::Dynamic),
                };
                ctx.set_variable(name, Value::unknown(ty));
            }
        }
    }
    ctx
}

/// hcleval's `encode`: JSON with unknowns as `{"$unknown": TYPE}` and infinities as strings.
pub fn encode(v: &Value, out: &mut String) {
    if !v.is_known() {
        out.push_str("{\"$unknown\":");
        out.push_str(&type_to_json(&v.ty()).unwrap());
        out.push('}');
        return;
    }
    if v.is_null() {
        out.push_str("null");
        return;
    }
    let ty = v.ty();
    if let Some(n) = v.as_number() {
        if n.is_infinite() {
            out.push_str(if n.signum() > 0 { "\"+Inf\"" } else { "\"-Inf\"" });
        } else {
            out.push_str(&to_json(v, &Type::Number).unwrap());
        }
    } else if v.as_str().is_some() || v.as_bool().is_some() {
        out.push_str(&to_json(v, &ty).unwrap());
    } else if let Some(elems) = v.elements() {
        out.push('[');
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            encode(e, out);
        }
        out.push(']');
    } else if let Some(entries) = v.entries() {
        out.push('{');
        for (i, (k, e)) in entries.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&to_json(&Value::string(k.to_string()), &Type::String).unwrap());
            out.push(':');
            encode(e, out);
        }
        out.push('}');
    } else {
        out.push_str("\"<capsule>\"");
    }
}

/// A diagnostic as the comparison sees it.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diag {
    pub start: (u32, u32, u32),
    pub end: (u32, u32, u32),
    pub severity: String,
    pub summary: String,
    pub detail: String,
}

pub fn ours(d: &Diagnostic) -> Diag {
    let (start, end) = match &d.subject {
        Some(r) => ((r.start.line, r.start.column, r.start.byte), (r.end.line, r.end.column, r.end.byte)),
        None => ((0, 0, 0), (0, 0, 0)),
    };
    Diag {
        start,
        end,
        severity: if d.severity == hclkit::Severity::Error { "error" } else { "warning" }.into(),
        summary: d.summary.to_string(),
        detail: d.detail.to_string(),
    }
}

pub fn theirs(d: &serde_json::Value) -> Diag {
    let pos = |p: &serde_json::Value| {
        let n = |k: &str| p[k].as_u64().unwrap_or(0) as u32;
        (n("line"), n("column"), n("byte"))
    };
    let s = &d["subject"];
    let (start, end) = if s.is_null() { ((0, 0, 0), (0, 0, 0)) } else { (pos(&s["start"]), pos(&s["end"])) };
    Diag {
        start,
        end,
        severity: d["severity"].as_str().unwrap_or_default().into(),
        summary: d["summary"].as_str().unwrap_or_default().into(),
        detail: d["detail"].as_str().unwrap_or_default().into(),
    }
}

/// hcleval's success output for a value: `{"value":…,"type":…}`.
pub fn encode_result(v: &Value) -> String {
    let mut out = String::from("{\"value\":");
    encode(v, &mut out);
    out.push_str(",\"type\":");
    out.push_str(&type_to_json(&v.ty()).unwrap());
    out.push('}');
    out
}

/// Compares an outcome with the reference's recorded output: the encoded value when there are
/// no errors, otherwise the diagnostics (sorted by position, as the reference's order is not
/// stable); `Err` describes the mismatch.
pub fn compare(value: &Value, diags: &hclkit::Diagnostics, expected: &str) -> Result<(), String> {
    let expected = expected.trim_end();
    if diags.has_errors() {
        let mut got: Vec<Diag> = diags.iter().map(ours).collect();
        got.sort();
        let want_json: serde_json::Value = serde_json::from_str(expected)
            .map_err(|_| format!("we report errors, the reference printed {expected}\nours: {got:#?}"))?;
        let Some(list) = want_json["diagnostics"].as_array() else {
            return Err(format!("we report errors, the reference printed {expected}\nours: {got:#?}"));
        };
        let mut want: Vec<Diag> = list.iter().map(theirs).collect();
        want.sort();
        if got != want {
            return Err(format!("diagnostics differ\nours:   {got:#?}\ntheirs: {want:#?}"));
        }
        return Ok(());
    }
    let out = encode_result(value);
    if out != expected {
        return Err(format!("values differ\nours:   {out}\ntheirs: {expected}"));
    }
    Ok(())
}

/// The `*.hcl` files of a fixture directory, sorted.
pub fn fixtures(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hcl"))
        .collect();
    paths.sort();
    paths
}

/// Evaluates the root attributes of the fixture at `path` in the context its header asks for
/// (extended by `extend`) and compares the outcome with the recorded `*.want.json`.
pub fn check_root_attributes(
    path: &std::path::Path,
    extend: &dyn Fn(EvalContext) -> EvalContext,
) -> Result<(), String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    let expected_path = path.with_extension("want.json");
    let expected = std::fs::read_to_string(&expected_path).map_err(|e| format!("{}: {e}", expected_path.display()))?;
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let ctx = extend(context(&String::from_utf8_lossy(&src)));
    let (file, mut diags) = hclkit::parse_config(src, &name).into_parts();
    let mut attrs = Vec::new();
    for attr in file.body().attributes() {
        let (v, d) = hclkit::eval::evaluate(attr.expr(), Some(&ctx));
        diags.extend(d);
        attrs.push((attr.name().to_owned(), v));
    }
    compare(&Value::object(attrs), &diags, &expected)
}

/// Runs [`check_root_attributes`] on every fixture of `dir` (at least `min` of them) and
/// fails listing every mismatch.
pub fn check_fixture_dir(dir: &std::path::Path, min: usize, extend: &dyn Fn(EvalContext) -> EvalContext) {
    let paths = fixtures(dir);
    assert!(paths.len() >= min, "expected at least {min} fixtures in {}, found {}", dir.display(), paths.len());
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            check_root_attributes(p, extend)
                .err()
                .map(|e| format!("== {}\n{e}", p.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(failures.is_empty(), "{} of {} fixtures differ:\n{}", failures.len(), paths.len(), failures.join("\n"));
}

/// `summary | detail | subject | context`, ranges as `line:column.byte-line:column.byte`: the
/// format of `oracle/apirecord` and `oracle/parse/main.go`, which record the
/// reference's diagnostics.
pub fn diag_lines(d: &hclkit::Diagnostics) -> Vec<String> {
    let r = |x: &Option<hclkit::Range>| match x {
        Some(x) => format!(
            "{}:{}.{}-{}:{}.{}",
            x.start.line, x.start.column, x.start.byte, x.end.line, x.end.column, x.end.byte
        ),
        None => "-".to_owned(),
    };
    d.iter().map(|d| format!("{} | {} | {} | {}", d.summary, d.detail, r(&d.subject), r(&d.context))).collect()
}
