//! Data-driven tests: every `tests/data/fixtures/{valid,invalid}/*.hcl`.
//!
//! For each file:
//! - the readable tree dump and the rendered diagnostics must equal `<name>.snap` (set
//!   `UPDATE_SNAPSHOTS=1` to rewrite the snapshots after reviewing a change);
//! - the diagnostics must equal, field by field, those the reference recorded in
//!   `<name>.want.json` (see `oracle/parse/record.sh`);
//! - valid files have no diagnostics and invalid ones at least one error;
//! - structural invariants hold: tokens are ordered and cover the source (only spaces and
//!   tabs between them), and every node's span lies inside its parent's.

use std::path::{Path, PathBuf};

use hclkit::syntax::native::ast::{Body, BodyItem, Expr, File};
use hclkit::syntax::native::dump::dump_file;
use hclkit::syntax::native::lexer::{lex, LexMode};
use hclkit::{Diagnostics, Span};

fn fixtures(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fixtures").join(kind);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "hcl"))
        .collect();
    v.sort();
    v
}

fn rel_name(p: &Path) -> String {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    p.strip_prefix(&tests).unwrap().to_string_lossy().replace('\\', "/")
}

/// Our diagnostics in the recorder's JSON shape.
fn diags_json(d: &Diagnostics) -> serde_json::Value {
    let pos = |p: &hclkit::Pos| serde_json::json!({"line": p.line, "column": p.column, "byte": p.byte});
    let range = |r: &hclkit::Range| serde_json::json!({"start": pos(&r.start), "end": pos(&r.end)});
    serde_json::Value::Array(
        d.iter()
            .map(|d| {
                let mut o = serde_json::json!({"severity": "error", "summary": d.summary, "detail": d.detail});
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

fn check_tokens(src: &[u8]) {
    let (toks, _) = lex(src, LexMode::Normal);
    let mut pos = if src.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    for t in &toks {
        assert!(t.span.start >= pos, "tokens overlap at {:?}", t.span);
        let gap = &src[pos as usize..t.span.start as usize];
        assert!(gap.iter().all(|&b| b == b' ' || b == b'\t'), "non-blank gap before {:?}", t.span);
        assert!(t.span.end >= t.span.start);
        pos = t.span.end;
    }
    assert_eq!(pos as usize, src.len(), "tokens do not reach the end");
}

fn check_expr(e: Expr<'_>, parent: Span, splat: Option<Span>, errs: &mut Vec<String>) {
    let s = e.span();
    // A splat's per-element symbol is its marker: inside the splat, not inside the traversal
    // that uses it (as in the reference).
    let outer = if matches!(e, Expr::AnonSymbol(_)) { splat.unwrap_or(parent) } else { parent };
    if !(s.is_empty() || outer.contains_span(s)) {
        errs.push(format!("{e:?} outside its parent {outer:?}"));
    }
    let splat = if matches!(e, Expr::Splat(_)) { Some(s) } else { splat };
    for c in e.children() {
        check_expr(c, if s.is_empty() { parent } else { s }, splat, errs);
    }
}

fn check_body(b: Body<'_>, errs: &mut Vec<String>) {
    let bs = b.span();
    for item in b.items() {
        match item {
            BodyItem::Attribute(a) => {
                if !bs.contains_span(a.span()) {
                    errs.push(format!("attribute {:?} outside body {bs:?}", a.span()));
                }
                check_expr(a.expr(), a.span(), None, errs);
            }
            BodyItem::Block(bl) => {
                if !bs.contains_span(bl.span()) {
                    errs.push(format!("block {:?} outside body {bs:?}", bl.span()));
                }
                check_body(bl.body(), errs);
            }
        }
    }
}

fn snapshot(file: &File, diags: &Diagnostics) -> String {
    let mut s = dump_file(file);
    s.push_str("--- diagnostics ---\n");
    s.push_str(&diags.to_text(file, 0, false));
    s
}

fn run(kind: &str) {
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    let mut failures = Vec::new();
    let files = fixtures(kind);
    assert!(!files.is_empty());
    for path in files {
        let name = rel_name(&path);
        let src = std::fs::read(&path).unwrap();
        let (file, diags) = hclkit::parse_config(src.clone(), &name).into_parts();
        check_tokens(&src);
        let mut errs = Vec::new();
        check_body(file.body(), &mut errs);
        // Broken input may leave the reference's odd ranges (an attribute ending before its
        // expression's end); the invariant is only promised for valid input.
        if kind == "valid" && !errs.is_empty() {
            failures.push(format!("{name}: {}", errs.join("; ")));
        }
        match kind {
            "valid" => assert!(diags.is_empty(), "{name}: {diags}"),
            _ => assert!(diags.has_errors(), "{name}: no errors"),
        }
        let snap_path = path.with_extension("snap");
        let got = snapshot(&file, &diags);
        if update {
            std::fs::write(&snap_path, &got).unwrap();
        } else {
            match std::fs::read_to_string(&snap_path) {
                Ok(want) if want == got => {}
                Ok(want) => failures.push(format!("{name}: snapshot differs\n--- want\n{want}--- got\n{got}")),
                Err(_) => failures.push(format!("{name}: no snapshot (run with UPDATE_SNAPSHOTS=1)")),
            }
        }
        let ref_path = path.with_extension("want.json");
        if let Ok(r) = std::fs::read_to_string(&ref_path) {
            let r: serde_json::Value = serde_json::from_str(&r).unwrap();
            let ours = diags_json(&diags);
            if r["diagnostics"] != ours {
                failures.push(format!("{name}: differs from the reference\nref:  {}\nours: {ours}", r["diagnostics"]));
            }
        } else {
            failures.push(format!("{name}: no reference recording (run oracle/parse/record.sh)"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn valid_fixtures() {
    run("valid");
}

#[test]
fn invalid_fixtures() {
    run("invalid");
}
