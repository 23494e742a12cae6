//! Static analysis of native expressions: variables referenced, static lists, maps and
//! calls, traversals and keywords.
//!
//! `tests/data/variables/variables.want.json` was recorded from the reference (hcl v2.14.1)
//! with `hcldec --spec variables.hcldec --var-refs variables.hcl` (the spec lists the
//! attributes in source order, so the order of the references is the reference's).

use std::path::Path;
use std::sync::Arc;

use hclkit::body::{
    abs_traversal_for_expr, expr_as_keyword, expr_call, expr_list, expr_map, rel_traversal_for_expr, Expression,
};
use hclkit::syntax::native::NativeExpression;
use hclkit::traversal::{Traversal, TraverseStep};
use hclkit::Range;
use serde_json::{json, Value as Json};

fn range_json(r: &Range) -> Json {
    let pos = |p: &hclkit::Pos| json!({"line": p.line, "column": p.column, "byte": p.byte});
    json!({"filename": &*r.filename, "start": pos(&r.start), "end": pos(&r.end)})
}

/// A traversal in the shape of `hcldec --var-refs`.
fn var_ref_json(t: &Traversal) -> Json {
    let steps: Vec<Json> = t
        .steps
        .iter()
        .map(|s| match s {
            TraverseStep::Root { name, range } => json!({"kind": "root", "name": name, "range": range_json(range)}),
            TraverseStep::Attr { name, range } => json!({"kind": "attr", "name": name, "range": range_json(range)}),
            TraverseStep::Index { key, range } => {
                let key = if let Some(s) = key.as_str() {
                    Json::String(s.to_owned())
                } else if let Some(n) = key.as_number() {
                    serde_json::from_str(&n.to_string()).expect("number")
                } else {
                    panic!("unexpected key {key:?}")
                };
                json!({"kind": "index", "key": key, "range": range_json(range)})
            }
        })
        .collect();
    json!({"root_name": t.root_name(), "steps": steps, "range": range_json(&t.source_range().expect("range"))})
}

fn expr(src: &str) -> NativeExpression {
    let (e, diags) = hclkit::parse_expression(src.as_bytes(), "e.hcl").into_parts();
    assert!(diags.is_empty(), "{src}: {diags}");
    NativeExpression::from_expr_file(&e)
}

fn vars(src: &str) -> Vec<String> {
    expr(src).variables().iter().map(|t| t.to_string()).collect()
}

#[test]
fn variables_match_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/variables");
    let src = std::fs::read(dir.join("variables.hcl")).unwrap();
    let (file, diags) = hclkit::parse_config(src, "variables.hcl").into_parts();
    assert!(diags.is_empty(), "{diags}");
    let mut got = Vec::new();
    for attr in file.body().attributes() {
        let e = NativeExpression::new(file.tree_arc().clone(), attr.expr().id()).expect("expression");
        got.extend(e.variables().iter().map(var_ref_json));
    }
    let want: Json = serde_json::from_slice(&std::fs::read(dir.join("variables.want.json")).unwrap()).unwrap();
    assert_eq!(Json::Array(got), want);
}

#[test]
fn for_expressions_scope_their_names() {
    assert_eq!(vars("[for k, v in m : k + v + z]"), ["m", "z"]);
    // The collection is outside the scope; nested scopes see outer bindings.
    assert_eq!(vars("[for x in x : [for y in x : y + x + w]]"), ["x", "w"]);
    // A binding is only visible inside its own `for`.
    assert_eq!(vars("[[for a in l : a], a]"), ["l", "a"]);
    // Object for: key, value and condition are all in scope.
    assert_eq!(vars("{for k, v in m : k => v if k != q}"), ["m", "q"]);
    // Template for directives bind too.
    assert_eq!(vars("\"%{for s in l}${s}${t}%{endfor}\""), ["l", "t"]);
    // Splats are not variables; their source is.
    assert_eq!(vars("a.*.b[0]"), ["a"]);
}

#[test]
fn object_keys_that_are_names_are_not_variables() {
    assert_eq!(vars("{a = b, (c) = d, \"${e}\" = f, g.h = i, null = j}"), ["b", "c", "d", "e", "f", "g.h", "i", "j"]);
}

#[test]
fn long_operator_chains_do_not_overflow_the_stack() {
    // One term per line: columns are counted from the line start for each reference.
    let src = vec!["a"; 100_000].join(" +\n");
    let e = expr(&src);
    let handle = std::thread::Builder::new().stack_size(256 * 1024).spawn(move || e.variables().len()).unwrap();
    assert_eq!(handle.join().unwrap(), 100_000);
}

#[test]
fn static_lists() {
    let list = expr_list(&expr("[a, b.c, 1 + 2]")).unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(list[1].variables()[0].to_string(), "b.c");
    assert_eq!(list[2].range().start.byte, 9);
    assert!(expr_list(&expr("[]")).unwrap().is_empty());
    // Anything else, parentheses included, is not a static list.
    for src in ["a", "([a])", "[for x in y : x]", "\"a\""] {
        let e = expr(src);
        let diags = expr_list(&e).unwrap_err();
        let d = &diags[0];
        assert_eq!((&*d.summary, &*d.detail), ("Invalid expression", "A static list expression is required."));
        assert_eq!(d.subject.as_ref(), Some(&e.start_range()), "{src}");
    }
}

#[test]
fn static_maps() {
    let map = expr_map(&expr("{a = 1, \"b\" = x, (c) = y, d.e = 2}")).unwrap();
    assert_eq!(map.len(), 4);
    // A bare key is a keyword, statically; a parenthesised one is not.
    assert_eq!(expr_as_keyword(&*map[0].key).as_deref(), Some("a"));
    assert_eq!(expr_as_keyword(&*map[1].key), None);
    assert_eq!(expr_as_keyword(&*map[2].key), None);
    assert!(abs_traversal_for_expr(&*map[2].key).is_err());
    assert_eq!(abs_traversal_for_expr(&*map[3].key).unwrap().to_string(), "d.e");
    // Key variables: bare names are not references, the others are.
    assert!(map[0].key.variables().is_empty());
    assert_eq!(map[2].key.variables()[0].to_string(), "c");
    assert_eq!(map[1].value.variables()[0].to_string(), "x");
    let e = expr("[1]");
    let d = &expr_map(&e).unwrap_err()[0];
    assert_eq!(&*d.detail, "A static map expression is required.");
    assert_eq!(d.subject.as_ref(), Some(&e.start_range()));
}

#[test]
fn object_key_values() {
    // Keys that are names evaluate to the name without an evaluator.
    let map = expr_map(&expr("{a = 1, null = 2, a.b = 3}")).unwrap();
    let (v, d) = map[0].key.value(None);
    assert!(d.is_empty());
    assert_eq!(v.as_str(), Some("a"));
    assert_eq!(map[1].key.value(None).0.as_str(), Some("null"));
    let (_, d) = map[2].key.value(None);
    assert_eq!(d[0].summary, "Ambiguous attribute key");
    assert_eq!(d[0].subject.as_ref().map(|r| (r.start.byte, r.end.byte)), Some((18, 21)));
}

#[test]
fn static_calls() {
    let e = expr("list(string, map(number))");
    let call = expr_call(&e).unwrap();
    assert_eq!(call.name, "list");
    assert_eq!((call.name_range.start.byte, call.name_range.end.byte), (0, 4));
    assert_eq!((call.args_range.start.byte, call.args_range.end.byte), (4, 25));
    assert_eq!(call.arguments.len(), 2);
    assert_eq!(expr_as_keyword(&*call.arguments[0]).as_deref(), Some("string"));
    let inner = expr_call(&*call.arguments[1]).unwrap();
    assert_eq!(inner.name, "map");
    let e = expr("x.y");
    let d = &expr_call(&e).unwrap_err()[0];
    assert_eq!(&*d.detail, "A static function call is required.");
}

#[test]
fn traversals() {
    let t = abs_traversal_for_expr(&expr("a.b[0][\"c\"].0")).unwrap();
    assert_eq!(t.to_string(), "a.b[0][\"c\"][0]");
    assert!(!t.is_relative());
    assert_eq!(t.root_name(), Some("a"));
    let ranges: Vec<_> = t.steps.iter().map(|s| (s.range().start.byte, s.range().end.byte)).collect();
    assert_eq!(ranges, [(0, 1), (1, 3), (3, 6), (6, 11), (11, 13)]);
    // Keywords are roots.
    for kw in ["true", "false", "null"] {
        let t = abs_traversal_for_expr(&expr(kw)).unwrap();
        assert_eq!(t.root_name(), Some(kw));
        assert_eq!(expr_as_keyword(&expr(kw)).as_deref(), Some(kw));
    }
    // Relative traversals of traversals are traversals.
    let t = abs_traversal_for_expr(&expr("null.a")).unwrap();
    assert_eq!(t.to_string(), "null.a");
    // Relative form: the root becomes an attribute step.
    let rel = rel_traversal_for_expr(&expr("a.b")).unwrap();
    assert!(rel.is_relative());
    assert_eq!(rel.root_name(), None);
    assert_eq!(rel.to_string(), ".a.b");
    // Not traversals.
    for src in ["f(x)", "a[b]", "1", "\"a\"", "a.*.b", "(a)", "a + b", "[a]"] {
        let e = expr(src);
        let d = &abs_traversal_for_expr(&e).unwrap_err()[0];
        assert_eq!(&*d.summary, "Invalid expression");
        assert!(d.detail.starts_with("A single static variable reference is required"), "{src}");
        assert_eq!(d.subject.as_ref(), Some(&e.range()), "{src}");
        assert_eq!(expr_as_keyword(&e), None, "{src}");
    }
    assert_eq!(expr_as_keyword(&expr("a.b")), None);
}

#[test]
fn expressions_are_shareable_trait_objects() {
    let e: Arc<dyn Expression> = Arc::new(expr("a.b"));
    let handle = std::thread::spawn(move || e.variables().len());
    assert_eq!(handle.join().unwrap(), 1);
}
