//! Static analysis of JSON expressions against the reference (hcl v2.14.1): static lists,
//! maps (each key evaluated without and with a context), calls and traversals, including
//! strings that fail to parse as a call or traversal, and the "Invalid expression" errors with
//! their ranges.
//!
//! Each line of `tests/data/json_static/cases.txt` is a JSON value; the matching line of
//! `want.jsonl` is what `oracle/apirecord` (`apirecord json-static -vars '{"a":"x"}'`)
//! printed for it, recorded by `oracle/json_static/record.sh`.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use hclkit::body::{abs_traversal_for_expr, expr_call, expr_list, expr_map, rel_traversal_for_expr, Expression};
use hclkit::eval::EvalContext;
use hclkit::syntax::json::{parse_expression, JsonExpression};
use hclkit::traversal::Traversal;
use hclkit::{Diagnostics, Range};
use hclkit_value::json::type_to_json;
use hclkit_value::Value;
use serde_json::{json, Value as Json};

fn r(x: &Range) -> String {
    format!("{}:{}.{}-{}:{}.{}", x.start.line, x.start.column, x.start.byte, x.end.line, x.end.column, x.end.byte)
}

fn diag_lines(d: &Diagnostics) -> Json {
    let opt = |x: &Option<Range>| x.as_ref().map(r).unwrap_or_else(|| "-".to_owned());
    d.iter().map(|d| format!("{} | {} | {} | {}", d.summary, d.detail, opt(&d.subject), opt(&d.context))).collect()
}

fn value_result((v, d): (Value, Diagnostics)) -> Json {
    let mut enc = String::new();
    common::encode(&v, &mut enc);
    json!({
        "value": serde_json::from_str::<Json>(&enc).unwrap(),
        "type": serde_json::from_str::<Json>(&type_to_json(&v.ty()).unwrap()).unwrap(),
        "diagnostics": diag_lines(&d),
    })
}

fn traversal_result(t: Result<Traversal, Diagnostics>) -> Json {
    match t {
        Ok(t) => json!({"traversal": t.to_string(), "steps": t.steps.iter().map(|s| r(s.range())).collect::<Vec<_>>()}),
        Err(d) => json!({"diagnostics": diag_lines(&d)}),
    }
}

/// What `apirecord json-static` prints, computed with hclkit.
fn analyse(src: &str, ctx: &EvalContext) -> Json {
    let (e, d) = parse_expression(src.as_bytes(), "e.json").into_parts();
    if d.has_errors() {
        return json!({"parse": diag_lines(&d)});
    }
    let e = JsonExpression::from_file(&e);
    let list = match expr_list(&e) {
        Ok(items) => items.iter().map(|i| Json::String(r(&i.range()))).collect(),
        Err(d) => diag_lines(&d),
    };
    let map = match expr_map(&e) {
        Ok(pairs) => pairs
            .iter()
            .map(|kv| {
                let mut item = json!({
                    "key_range": r(&kv.key.range()),
                    "key_literal": value_result(kv.key.value(None)),
                    "key_full": value_result(kv.key.value(Some(ctx))),
                });
                if let Ok(t) = abs_traversal_for_expr(&*kv.key) {
                    item["key_traversal"] = Json::String(t.to_string());
                }
                item
            })
            .collect(),
        Err(d) => diag_lines(&d),
    };
    let call = match expr_call(&e) {
        Ok(c) => {
            let args: Vec<Json> = c
                .arguments
                .iter()
                .map(|a: &Arc<dyn Expression>| {
                    let mut arg = json!({"range": r(&a.range())});
                    if let Ok(t) = abs_traversal_for_expr(&**a) {
                        arg["traversal"] = Json::String(t.to_string());
                    }
                    arg
                })
                .collect();
            json!({"name": c.name, "name_range": r(&c.name_range), "args_range": r(&c.args_range), "arguments": args})
        }
        Err(d) => diag_lines(&d),
    };
    json!({
        "list": list,
        "map": map,
        "call": call,
        "abs_traversal": traversal_result(abs_traversal_for_expr(&e)),
        "rel_traversal": traversal_result(rel_traversal_for_expr(&e)),
    })
}

#[test]
fn static_analysis_matches_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/json_static");
    let cases = std::fs::read_to_string(dir.join("cases.txt")).unwrap();
    let expected = std::fs::read_to_string(dir.join("want.jsonl")).unwrap();
    let cases: Vec<&str> = cases.lines().collect();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(cases.len(), expected.len(), "want.jsonl is stale: run oracle/json_static/record.sh");
    assert!(cases.len() >= 30);
    let ctx = EvalContext::new().with_variable("a", Value::string("x"));
    let mut failures = Vec::new();
    for (src, want) in cases.iter().zip(&expected) {
        let want: Json = serde_json::from_str(want).unwrap();
        let got = analyse(src, &ctx);
        if got != want {
            failures.push(format!("{src}\n  want {want}\n  got  {got}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
