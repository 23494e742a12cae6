use super::*;

fn load(files: &[(&str, &str)]) -> Module {
    let files: Vec<(String, Vec<u8>)> = files.iter().map(|(n, s)| ((*n).to_owned(), s.as_bytes().to_vec())).collect();
    Module::load("mod", &files)
}

#[test]
fn reads_what_terraform_config_inspect_reads_and_more() {
    let m = load(&[
        (
            "main.tf",
            r#"terraform {
  required_version = ">= 1.0"
  required_providers {
    aws = {
      source                = "hashicorp/aws"
      version               = "~> 5.0"
      configuration_aliases = [aws.west]
    }
    legacy = "1.2.3"
  }
}
variable "n" {
  type     = list(object({ a = string }))
  nullable = false
  validation {
    condition     = length(var.n) > 0
    error_message = "Give one."
  }
}
variable "s" {
  default   = null
  sensitive = true
}
locals {
  x = var.s
}
provider "google" {
  alias = "eu"
}
resource "aws_instance" "web" {
  provider = aws.west
}
data "http" "page" {}
module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.1.0"
  cidr    = "10.0.0.0/16"
  count   = 2
}
moved {
  from = aws_instance.old
  to   = aws_instance.web
}
"#,
        ),
        (
            "outputs.tf.json",
            r#"{"output": {"ip": {"value": "${aws_instance.web.private_ip}", "description": "The IP."}}}"#,
        ),
    ]);
    assert!(m.diagnostics.is_empty(), "{}", m.diagnostics);
    assert_eq!(m.required_core, [">= 1.0"]);
    let aws = &m.required_providers["aws"];
    assert_eq!(
        (aws.source.as_deref(), aws.version_constraints.as_slice()),
        (Some("hashicorp/aws"), &["~> 5.0".to_owned()][..])
    );
    assert_eq!(aws.configuration_aliases, [ProviderRef { name: "aws".into(), alias: Some("west".into()) }]);
    assert_eq!(m.required_providers["legacy"].version_constraints, ["1.2.3"]);
    // Providers used without a requirement are required with no constraint.
    assert_eq!(m.required_providers["google"], ProviderRequirement::default());
    assert_eq!(m.required_providers["http"], ProviderRequirement::default());
    let n = &m.variables["n"];
    assert_eq!(n.type_expr.as_deref(), Some("list(object({ a = string }))"));
    assert!(n.required && n.nullable == Some(false));
    assert_eq!(n.validations[0].condition, "length(var.n) > 0");
    assert_eq!(n.validations[0].error_message, "\"Give one.\"");
    let s = &m.variables["s"];
    assert!(!s.required && s.sensitive && s.default.as_ref().is_some_and(|v| v.is_null()));
    assert_eq!(m.locals["x"].expression, "var.s");
    assert_eq!(m.provider_configs["google.eu"].alias.as_deref(), Some("eu"));
    assert_eq!(
        m.managed_resources["aws_instance.web"].provider,
        ProviderRef { name: "aws".into(), alias: Some("west".into()) }
    );
    assert_eq!(m.data_resources["data.http.page"].provider.name, "http");
    let vpc = &m.module_calls["vpc"];
    assert_eq!((vpc.source.as_str(), vpc.version.as_deref()), ("terraform-aws-modules/vpc/aws", Some("5.1.0")));
    assert_eq!(vpc.arguments, ["cidr", "count"]);
    assert_eq!(m.other_blocks[0].kind, "moved");
    assert_eq!(m.other_blocks[0].arguments["to"], "aws_instance.web");
    let ip = &m.outputs["ip"];
    assert_eq!(
        (ip.description.as_deref(), ip.pos.filename.as_str(), ip.pos.line),
        (Some("The IP."), "outputs.tf.json", 1)
    );
    let web = &m.managed_resources["aws_instance.web"].pos;
    assert_eq!((web.line, web.column, web.end_line, web.end_column), (30, 1, 30, 30));

    // The graph: the output depends on the resource, the local on the variable.
    let a = m.analysis();
    let order: Vec<&str> = a.order().iter().map(|&i| a.symbol(i).address.as_str()).collect();
    let at = |s: &str| order.iter().position(|o| *o == s).unwrap();
    assert!(at("var.s") < at("local.x") && at("aws_instance.web") < at("output.ip"));

    let json = m.to_json_string();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["variables"]["s"]["default"], serde_json::Value::Null);
    assert_eq!(v["variables"]["s"]["required"], false);
    assert_eq!(v["managed_resources"]["aws_instance.web"]["provider"]["alias"], "west");
    assert_eq!(v["module_calls"]["vpc"]["version"], "5.1.0");
    assert_eq!(v["outputs"]["ip"]["pos"]["filename"], "outputs.tf.json");
    // Top-level keys in terraform-config-inspect's order, then ours.
    let keys: Vec<&str> =
        json.lines().filter_map(|l| l.strip_prefix("  \"")).filter_map(|l| l.split('"').next()).collect();
    assert_eq!(
        keys,
        [
            "path",
            "variables",
            "outputs",
            "required_core",
            "required_providers",
            "provider_configs",
            "managed_resources",
            "data_resources",
            "module_calls",
            "locals",
            "other_blocks"
        ]
    );
    let md = m.to_markdown();
    assert!(md.starts_with("\n# Module `mod`\n"), "{md}");
    assert!(md.contains("* `n` (required)\n* `s` (default `null`)\n"), "{md}");
    assert!(md.contains("* `vpc` from `terraform-aws-modules/vpc/aws` (`5.1.0`)\n"), "{md}");
}

#[test]
fn broken_files_are_diagnostics_and_the_rest_is_read() {
    let m = load(&[("a.tf", "variable \"x\" {\n  default = \n}\n"), ("b.tf", "output \"o\" {\n  value = 1\n}\n")]);
    assert!(m.diagnostics.has_errors());
    assert!(m.outputs.contains_key("o"));
    let v: serde_json::Value = serde_json::from_str(&m.to_json_string()).unwrap();
    assert_eq!(v["diagnostics"][0]["severity"], "error");
    assert_eq!(v["diagnostics"][0]["pos"]["filename"], "a.tf");
    assert!(m.to_markdown().contains("\n## Problems\n"));
}
