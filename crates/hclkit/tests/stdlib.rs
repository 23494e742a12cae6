//! Standard library fixtures: every `tests/stdlib/*.hcl` file's root attributes call the
//! functions of `hclkit_value::stdlib::all()` and are compared with the output of the
//! reference evaluator `hcleval` (hcl v2.14.1, go-cty v1.12.1, with go-cty's whole standard
//! library), recorded next to each file as `*.out.json` by `tests/stdlib/record.sh`.
//! Files named `*_err*.hcl` gather calls that fail, to compare their diagnostics.
//!
//! A fixture may start with header comments giving the context:
//! `# vars: {"name": "web"}` (a JSON object, typed as the reference's implied JSON types) and
//! `# unknown: count:number,zone` (variables that are unknown: of the given type, or the
//! dynamic value). Functions are those of `hclkit_value::stdlib::all()`.
//!
//! Without errors, the value of the object of root attributes must encode exactly as
//! hcleval prints it (`{"value":…,"type":…}`, unknowns as `{"$unknown": TYPE}`). With
//! errors, the diagnostics must match in severity, summary, detail and subject range (the
//! reference evaluates attributes in random order, so both lists are sorted by position).

use std::path::{Path, PathBuf};

use hclkit::eval::{evaluate, EvalContext};
use hclkit::Diagnostic;
use hclkit_value::json::{from_simple_json, to_json, type_from_json, type_to_json};
use hclkit_value::{stdlib, Type, Value};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/stdlib")
}

/// The context a fixture's header asks for.
fn context(src: &str) -> EvalContext {
    let mut ctx = EvalContext::new().with_variables(Vec::<(String, Value)>::new()).with_functions(stdlib::all());
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
fn encode(v: &Value, out: &mut String) {
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
struct Diag {
    start: (usize, usize, usize),
    end: (usize, usize, usize),
    severity: String,
    summary: String,
    detail: String,
}

fn ours(d: &Diagnostic) -> Diag {
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

fn theirs(d: &serde_json::Value) -> Diag {
    let pos = |p: &serde_json::Value| {
        let n = |k: &str| p[k].as_u64().unwrap_or(0) as usize;
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

/// Evaluates one fixture; `Err` describes a mismatch.
fn check(path: &Path) -> Result<(), String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    let expected_path = path.with_extension("out.json");
    let expected = std::fs::read_to_string(&expected_path).map_err(|e| format!("{}: {e}", expected_path.display()))?;
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let ctx = context(&String::from_utf8_lossy(&src));
    let (file, mut diags) = hclkit::parse_config(src, &name);
    let mut attrs = Vec::new();
    for attr in file.body().attributes() {
        let (v, d) = evaluate(attr.expr(), Some(&ctx));
        diags.extend(d);
        attrs.push((attr.name().to_owned(), v));
    }
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
    let result = Value::object(attrs);
    let mut out = String::from("{\"value\":");
    encode(&result, &mut out);
    out.push_str(",\"type\":");
    out.push_str(&type_to_json(&result.ty()).unwrap());
    out.push('}');
    if out != expected {
        return Err(format!("values differ\nours:   {out}\ntheirs: {expected}"));
    }
    Ok(())
}

#[test]
fn stdlib_fixtures_match_the_reference() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixture_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hcl"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 6, "expected the fixture corpus, found {} files", paths.len());
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| check(p).err().map(|e| format!("== {}\n{e}", p.file_name().unwrap().to_string_lossy())))
        .collect();
    assert!(failures.is_empty(), "{} of {} fixtures differ:\n{}", failures.len(), paths.len(), failures.join("\n"));
}

/// Every function `hcleval -functions` lists (recorded in `tests/stdlib/functions.txt`),
/// other than `try` and `can` (which are not plain functions in hclkit), is in the library,
/// and every library function has a fixture file calling it.
#[test]
fn every_reference_function_is_implemented_and_tested() {
    let listed = std::fs::read_to_string(fixture_dir().join("functions.txt")).unwrap();
    let ours = stdlib::all();
    let mut sources = String::new();
    for e in std::fs::read_dir(fixture_dir()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|e| e == "hcl") {
            sources.push_str(&std::fs::read_to_string(p).unwrap());
        }
    }
    let mut missing = Vec::new();
    for name in listed.lines().filter(|n| !n.is_empty() && *n != "try" && *n != "can") {
        if !ours.contains_key(name) {
            missing.push(format!("{name} (not implemented)"));
        } else if !sources.contains(&format!("{name}(")) {
            missing.push(format!("{name} (no fixture)"));
        }
    }
    for name in ours.keys() {
        if !listed.lines().any(|l| l == *name) {
            missing.push(format!("{name} (not in the reference's list)"));
        }
    }
    assert!(missing.is_empty(), "{missing:?}");
}
