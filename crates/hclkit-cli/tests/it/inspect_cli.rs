//! `hclkit inspect`: a Terraform module's declarations (Markdown and terraform-config-inspect's
//! JSON), its graph, unused symbols and cycles, and the exit statuses. Hand-written modules.

use std::path::Path;
use std::process::Command;

fn module(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

fn inspect(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hclkit")).arg("inspect").args(args).arg(dir).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const MAIN: &str = r#"variable "env" {
  description = "The environment."
}
variable "unused" {
  default = 1
}
locals {
  name = "app-${var.env}"
}
resource "aws_s3_bucket" "b" {
  bucket = local.name
}
output "arn" {
  value = aws_s3_bucket.b.arn
}
"#;

#[test]
fn markdown_json_graph_and_unused() {
    let dir = module(&[
        ("main.tf", MAIN),
        ("extra.tf.json", r#"{"data": {"aws_region": {"here": {}}}}"#),
        ("notes.txt", "x"),
    ]);
    let (code, md, err) = inspect(dir.path(), &[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        md.contains("## Input Variables\n* `env` (required): The environment.\n* `unused` (default `1`)\n"),
        "{md}"
    );
    assert!(md.contains("## Managed Resources\n* `aws_s3_bucket.b` from `aws`\n"), "{md}");
    assert!(md.contains("## Data Resources\n* `data.aws_region.here` from `aws`\n"), "{md}");

    let (code, json, _) = inspect(dir.path(), &["--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["variables"]["env"]["required"], true);
    assert_eq!(v["variables"]["env"]["pos"]["filename"], "main.tf");
    assert_eq!(v["variables"]["env"]["pos"]["line"], 1);
    assert_eq!(v["locals"]["name"]["expression"], "\"app-${var.env}\"");
    assert_eq!(v["data_resources"]["data.aws_region.here"]["pos"]["filename"], "extra.tf.json");

    let (code, dot, _) = inspect(dir.path(), &["--graph", "dot"]);
    assert_eq!(code, 0);
    assert!(dot.contains("  \"local.name\" -> \"var.env\";\n"), "{dot}");
    assert!(dot.contains("  \"output.arn\" -> \"aws_s3_bucket.b\";\n"), "{dot}");
    let (_, graph, _) = inspect(dir.path(), &["--graph", "json"]);
    let g: serde_json::Value = serde_json::from_str(&graph).unwrap();
    let order: Vec<&str> = g["order"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    let at = |s: &str| order.iter().position(|o| *o == s).unwrap();
    assert!(at("var.env") < at("local.name") && at("local.name") < at("aws_s3_bucket.b"));

    let (code, unused, _) = inspect(dir.path(), &["--unused"]);
    assert_eq!(code, 0);
    assert_eq!(unused, "data.aws_region.here (extra.tf.json:1:11)\nvar.unused (main.tf:4:10)\n");
}

#[test]
fn cycles_and_undeclared_references_fail_with_the_output_printed() {
    let dir = module(&[("main.tf", "locals {\n  a = local.b\n  b = local.a\n  c = var.nope\n}\n")]);
    let (code, out, err) = inspect(dir.path(), &["--graph", "dot"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("digraph {"), "{out}");
    assert!(err.contains("error: Cycle in references"), "{err}");
    assert!(err.contains("local.a refers to local.b at main.tf:2,7"), "{err}");
    assert!(err.contains("No variable block declares var.nope."), "{err}");
}

#[test]
fn broken_files_are_reported_and_the_rest_printed_and_a_missing_dir_is_status_2() {
    let dir = module(&[("a.tf", "variable \"x\" {\n  default = \n}\n"), ("b.tf", "output \"o\" {\n  value = 1\n}\n")]);
    let (code, md, err) = inspect(dir.path(), &[]);
    assert_eq!(code, 1);
    assert!(md.contains("## Output Values\n* `o`\n") && md.contains("## Problems"), "{md}");
    assert!(err.contains("a.tf:2"), "{err}");
    let (code, _, err) = inspect(&dir.path().join("nope"), &[]);
    assert_eq!(code, 2);
    assert!(err.starts_with("hclkit inspect: "), "{err}");
}
