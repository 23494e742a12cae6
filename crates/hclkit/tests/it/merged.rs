//! Merged bodies (`hclkit::merged`, the reference's `hcl.MergeBodies`) and `SourceFile::parse`'s choice
//! of syntax by file name, against the reference (hcl v2.14.1).
//!
//! Each line of `tests/data/merged/cases.txt` gives the arguments of `apirecord merged`
//! (`oracle/apirecord`): optional `-attr NAME[:required],...` and `-block
//! TYPE[:LABEL;LABEL],...`, then files of `tests/data/merged`. Without a schema the merged
//! body's `just_attributes` is compared; with one, its `partial_content`, then the remaining
//! body's `just_attributes` and `missing_item_range`. The matching line of `want.jsonl`
//! was recorded by `oracle/merged/record.sh`; diagnostics that come from map iteration
//! are compared sorted, as the recorder prints them.

use std::path::Path;
use std::sync::Arc;

use hclkit::body::{Attributes, Body, BodySchema};
use hclkit::merged::merge_bodies;
use hclkit::SourceFile;

/// Parses by name (`SourceFile::parse`) and returns the root body.
fn parse_body(
    src: impl Into<std::sync::Arc<[u8]>>,
    name: &str,
) -> (std::sync::Arc<dyn hclkit::body::Body>, hclkit::Diagnostics) {
    let (file, diags) = SourceFile::parse(src, name);
    (file.body(), diags)
}
use hclkit::{Diagnostics, Range};
use serde_json::{json, Value as Json};

fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/merged")
}

/// `FILE:line:column.byte-line:column.byte`.
fn rf(x: &Range) -> String {
    format!(
        "{}:{}:{}.{}-{}:{}.{}",
        x.filename, x.start.line, x.start.column, x.start.byte, x.end.line, x.end.column, x.end.byte
    )
}

fn diag_lines(d: &Diagnostics, sorted: bool) -> Json {
    let opt = |x: &Option<Range>| x.as_ref().map(rf).unwrap_or_else(|| "-".to_owned());
    let mut v: Vec<String> =
        d.iter().map(|d| format!("{} | {} | {} | {}", d.summary, d.detail, opt(&d.subject), opt(&d.context))).collect();
    if sorted {
        v.sort();
    }
    json!(v)
}

fn attrs_json(a: &Attributes) -> Json {
    let mut v: Vec<String> =
        a.iter().map(|(name, a)| format!("{name} {} name={}", rf(&a.range()), rf(&a.name_range()))).collect();
    v.sort();
    json!(v)
}

/// What `apirecord merged ARGS` prints, computed with hclkit.
fn run(args: &str) -> Json {
    let mut schema = BodySchema::new();
    let mut has_schema = false;
    let mut files = Vec::new();
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "-attr" => {
                has_schema = true;
                for a in words.next().unwrap().split(',') {
                    let (name, req) = a.split_once(':').unwrap_or((a, ""));
                    schema = schema.attribute(name, req == "required");
                }
            }
            "-block" => {
                has_schema = true;
                for b in words.next().unwrap().split(',') {
                    let (ty, labels) = b.split_once(':').unwrap_or((b, ""));
                    let labels: Vec<&str> = labels.split(';').filter(|l| !l.is_empty()).collect();
                    schema = schema.block(ty, &labels);
                }
            }
            f => files.push(f.to_owned()),
        }
    }
    let mut bodies: Vec<Arc<dyn Body>> = Vec::new();
    let mut parse_diags = Diagnostics::new();
    for f in &files {
        let src = std::fs::read(dir().join(f)).unwrap();
        let (body, d) = parse_body(src, f);
        parse_diags.extend(d);
        bodies.push(body);
    }
    let body = merge_bodies(bodies);
    let mut out = json!({"parse": diag_lines(&parse_diags, false)});
    if !has_schema {
        let (attrs, d) = body.just_attributes();
        out["attributes"] = attrs_json(&attrs);
        out["diagnostics"] = diag_lines(&d, true);
        return out;
    }
    let (content, rest, d) = body.partial_content(&schema);
    out["attributes"] = attrs_json(&content.attributes);
    out["blocks"] = content
        .blocks
        .iter()
        .map(|b| format!("{} {} def={}", b.type_name, json!(b.labels), rf(&b.def_range())))
        .collect();
    out["diagnostics"] = diag_lines(&d, true);
    let (rest_attrs, rd) = rest.just_attributes();
    out["rest_attributes"] = attrs_json(&rest_attrs);
    out["rest_diagnostics"] = diag_lines(&rd, true);
    out["rest_missing_item_range"] = json!(rf(&rest.missing_item_range()));
    out
}

#[test]
fn merged_bodies_match_the_reference() {
    let cases = std::fs::read_to_string(dir().join("cases.txt")).unwrap();
    let expected = std::fs::read_to_string(dir().join("want.jsonl")).unwrap();
    let cases: Vec<&str> = cases.lines().collect();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(cases.len(), expected.len(), "want.jsonl is stale: run oracle/merged/record.sh");
    assert!(cases.len() >= 10);
    let mut failures = Vec::new();
    for (args, want) in cases.iter().zip(&expected) {
        let want: Json = serde_json::from_str(want).unwrap();
        let got = run(args);
        if got != want {
            failures.push(format!("{args}\n  want {want}\n  got  {got}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn just_attributes_duplicate_names_both_places() {
    // As recorded for `j1.hcl j2.json j3.hcl` (want.jsonl, line 1): the later definition
    // is the subject, the detail names where the first one is; the first one is kept.
    let (body_value, d) = {
        let out = run("j1.hcl j2.json j3.hcl");
        (out["attributes"].clone(), out["diagnostics"].clone())
    };
    assert_eq!(
        d,
        json!([
            "Duplicate argument | Argument \"b\" was already set at j1.hcl:2,1-2 | j2.json:2:3.4-2:6.7 | -",
            "Duplicate argument | Argument \"c\" was already set at j2.json:3,3-6 | j3.hcl:1:1.0-1:2.1 | -",
        ])
    );
    assert!(body_value.as_array().unwrap().iter().any(|a| a.as_str().unwrap().starts_with("b j1.hcl:")));
    // The JSON body's "//" comment property is not an attribute.
    assert!(!body_value.as_array().unwrap().iter().any(|a| a.as_str().unwrap().starts_with("// ")));
}

#[test]
fn parse_body_chooses_the_syntax_by_a_case_sensitive_suffix() {
    // As hcldec (and apirecord, recorded in want.jsonl) does: `strings.HasSuffix(name,
    // ".json")`, so `.JSON` is read as the native syntax.
    let src = br#"{"a": 1}"#;
    let (body, d) = parse_body(src.to_vec(), "x.json");
    assert!(d.is_empty(), "{d}");
    assert!(body.just_attributes().0.contains_key("a"));
    for name in ["x.JSON", "x.Json", "x.json.hcl", "json", "x.hcl"] {
        let (_, d) = parse_body(src.to_vec(), name);
        assert_eq!(
            diag_lines(&d, false),
            json!([format!(
                "Argument or block definition required | An argument or block definition is required here. | {name}:1:1.0-1:2.1 | -"
            )]),
            "{name}"
        );
    }
    for name in [".json", "x.hcl.json", "dir.d/x.json"] {
        let (body, d) = parse_body(src.to_vec(), name);
        assert!(d.is_empty(), "{name}: {d}");
        assert!(body.just_attributes().0.contains_key("a"), "{name}");
    }
}
