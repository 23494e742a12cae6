//! The hclkit side of `tfeval`: evaluates one expression a line (standard input) with
//! hclkit's Terraform function table and prints one JSON object a line in `tfeval`'s shape:
//! `{"expr": E, "ok": true, "json": V}` (V: the value as `jsonencode` writes it) or
//! `{"expr": E, "ok": false, "summary": S, "detail": D}` (the errors sorted as Terraform's console
//! sorts them: the first one's summary, every detail line joined with spaces, as `tfeval`
//! reads them from the console).
//!
//! `cargo run -p hclkit-terraform --example tfeval_rs < exprs.txt`; the conformance script
//! (`oracle/terraform/conformance.sh`) compares its output with `tfeval`'s.

use std::io::{BufRead, Write};

use hclkit::eval::EvalContext;

fn main() {
    let ctx = EvalContext::new().with_functions(hclkit_terraform::functions(&hclkit_terraform::Options::new()));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let src = format!("jsonencode({line})");
        let (file, diags) = hclkit::parse_expression(src.as_bytes(), "<console-input>").into_parts();
        let (value, diags) = if diags.has_errors() {
            (None, diags)
        } else {
            let (v, d) = file.expr().value(Some(&ctx));
            (Some(v), d)
        };
        // Terraform's console prints errors sorted by subject (no subject first, then by start
        // and end byte); tfeval keeps the first summary and joins every detail line.
        let mut errors: Vec<&hclkit::Diagnostic> = diags.errors().collect();
        errors.sort_by_key(|d| d.subject.as_ref().map(|r| (r.start.byte, r.end.byte)));
        let result = match errors.first() {
            Some(first) => {
                let detail: Vec<&str> =
                    errors.iter().flat_map(|d| d.detail.lines()).map(str::trim).filter(|l| !l.is_empty()).collect();
                serde_json::json!({"expr": line, "ok": false, "summary": first.summary, "detail": detail.join(" ")})
            }
            None => match value.as_ref().and_then(|v| v.as_str()) {
                Some(s) => match serde_json::from_str::<serde_json::Value>(s) {
                    Ok(j) => serde_json::json!({"expr": line, "ok": true, "json": j}),
                    Err(e) => serde_json::json!({"expr": line, "ok": null, "output": e.to_string()}),
                },
                None => serde_json::json!({"expr": line, "ok": null, "output": format!("{value:?}")}),
            },
        };
        let _ = writeln!(out, "{result}");
    }
}
