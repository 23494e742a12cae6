//! Standalone-expression fixtures: every `tests/data/fixtures/expr/*.hcl` is parsed as one native
//! expression (as `hclsyntax.ParseExpression` does) and its diagnostics must equal, field by
//! field (summary, detail, subject and context ranges), those recorded from the reference
//! (hashicorp/hcl v2.14.1) in `<name>.want.json` by `oracle/parse/record-expr.sh`.
//!
//! These cover what only the expression entry point reports, such as "Extra characters after
//! expression" (and that it is not reported once the parser is recovering from an error).
//!
//! (Of the parser's messages, "Unclosed configuration body" is the one no input reaches: the
//! reference's `ParseBody` is called with `TokenEOF` as the end for the top level, where the end
//! of file closes the body, and with `TokenCBrace` for blocks, which report "Unclosed
//! configuration block" instead. hclkit never emits it either.)

use std::path::Path;

use hclkit::Diagnostics;

/// Our diagnostics in the recorder's JSON shape.
fn diags_json(d: &Diagnostics) -> serde_json::Value {
    let pos = |p: &hclkit::Pos| serde_json::json!({"line": p.line, "column": p.column, "byte": p.byte});
    let range = |r: &hclkit::Range| serde_json::json!({"start": pos(&r.start), "end": pos(&r.end)});
    serde_json::Value::Array(
        d.iter()
            .map(|d| {
                let sev = if d.severity == hclkit::Severity::Error { "error" } else { "warning" };
                let mut o = serde_json::json!({"severity": sev, "summary": d.summary, "detail": d.detail});
                if let Some(s) = &d.subject {
                    o["subject"] = range(s);
                }
                if let Some(c) = &d.context {
                    o["context"] = range(c);
                }
                o
            })
            .collect(),
    )
}

#[test]
fn expression_fixtures_match_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fixtures/expr");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hcl"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 10, "expected at least 10 fixtures, found {}", paths.len());
    let mut failures = Vec::new();
    let mut extra_seen = 0;
    for path in &paths {
        let name = format!("fixtures/expr/{}", path.file_name().unwrap().to_string_lossy());
        let src = std::fs::read(path).unwrap();
        let diags = hclkit::parse_expression(src, &name).into_diagnostics();
        let want: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("want.json")).unwrap()).unwrap();
        let ours = diags_json(&diags);
        if want["diagnostics"] != ours {
            failures.push(format!("{name}\nref:  {}\nours: {ours}", want["diagnostics"]));
        }
        extra_seen += diags.iter().filter(|d| d.summary == "Extra characters after expression").count();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(extra_seen >= 5, "the fixtures should exercise \"Extra characters after expression\"");
}
