use std::sync::Arc;

use hclkit_value::Value;

use super::*;
use crate::syntax::native::NativeBody;

fn native(src: &str, name: &str) -> Arc<dyn Body> {
    let (file, diags) = crate::parse_config(src.as_bytes(), name).into_parts();
    assert!(!diags.has_errors(), "{diags}");
    NativeBody::arc_from_file(&file)
}

fn json(src: &str, name: &str) -> Arc<dyn Body> {
    let (file, diags) = crate::syntax::json::parse(src.as_bytes(), name).into_parts();
    assert!(!diags.has_errors(), "{diags}");
    Arc::new(crate::syntax::json::JsonBody::from_file(&file))
}

fn addresses(a: &Analysis, ids: &[SymbolId]) -> Vec<String> {
    ids.iter().map(|&i| a.symbol(i).address.clone()).collect()
}

fn summaries(a: &Analysis) -> Vec<String> {
    a.diagnostics().iter().map(|d| d.summary.to_string()).collect()
}

#[test]
fn terraform_symbols_uses_and_ranges() {
    let src = r#"variable "region" {
  default = "eu-west-1"
}
locals {
  name = "app"
  full = "${local.name}-${var.region}"
}
resource "aws_instance" "web" {
  ami = data.aws_ami.ubuntu.id
  tags = { Name = local.full }
  dynamic "ebs" {
    for_each = var.disks
    content { size = ebs.value }
  }
}
data "aws_ami" "ubuntu" {
  owners = ["099720109477"]
}
module "net" {
  source = "./net"
  cidr = cidrsubnet(var.base, 4, count.index)
}
output "ip" {
  value = aws_instance.web.private_ip
}
provider "aws" {
  region = var.region
}
"#;
    let a = Analysis::new(&[native(src, "main.tf")], &Scheme::terraform());
    assert_eq!(
        addresses(&a, &(0..a.symbols().len()).collect::<Vec<_>>()),
        [
            "var.region",
            "local.name",
            "local.full",
            "aws_instance.web",
            "data.aws_ami.ubuntu",
            "module.net",
            "output.ip"
        ]
    );
    // var.disks and var.base are undeclared; count and a dynamic block's iterator (ebs) are
    // not symbols.
    let d: Vec<String> = a.diagnostics().iter().map(|d| d.detail.to_string()).collect();
    assert_eq!(d, ["No variable block declares var.disks.", "No variable block declares var.base."]);
    let region = a.lookup("var.region").unwrap();
    let uses: Vec<(u32, u32, Option<String>)> = a
        .uses_of(region)
        .map(|u| (u.range.start.line, u.range.start.column, u.from.map(|f| a.symbol(f).address.clone())))
        .collect();
    assert_eq!(uses, [(6, 27, Some("local.full".into())), (27, 12, None)]);
    // Definition ranges: the attribute's name, the block's labels.
    let web = a.symbol(a.lookup("aws_instance.web").unwrap());
    assert_eq!((web.name_range.start.line, web.name_range.start.column, web.name_range.end.column), (8, 10, 30));
    let full = a.symbol(a.lookup("local.full").unwrap());
    assert_eq!((full.name_range.start.line, full.name_range.start.column, full.name_range.end.column), (6, 3, 7));
    // Order: what a symbol refers to first.
    let order = addresses(&a, a.order());
    let pos = |s: &str| order.iter().position(|o| o == s).unwrap();
    assert!(pos("local.name") < pos("local.full") && pos("var.region") < pos("local.full"));
    assert!(pos("local.full") < pos("aws_instance.web") && pos("data.aws_ami.ubuntu") < pos("aws_instance.web"));
    assert!(pos("aws_instance.web") < pos("output.ip"));
    // Outputs are entry points; the data source and the module are used or not.
    assert_eq!(addresses(&a, &a.unused()), ["module.net"]);
    let calls: Vec<&str> = a.functions().iter().map(|(_, c)| c.name.as_str()).collect();
    assert_eq!(calls, ["cidrsubnet"]);
}

#[test]
fn did_you_mean_names_the_closest_symbol() {
    let a =
        Analysis::new(&[native("locals {\n  instance = 1\n  b = local.instanse\n}\n", "x.hcl")], &Scheme::terraform());
    let d = &a.diagnostics()[0];
    assert_eq!(d.summary, "Reference to undeclared symbol");
    assert_eq!(d.detail, "No locals block declares local.instanse. Did you mean local.instance?");
    let r = d.subject.as_ref().unwrap();
    assert_eq!((r.start.line, r.start.column, r.end.column), (3, 7, 21));
}

#[test]
fn locals_in_any_order_evaluate_once_in_dependency_order() {
    let src = "locals {\n  c = local.b * 2\n  b = local.a + 1\n  a = var.n\n}\nvariable \"n\" {\n  default = 20\n}\n";
    let a = Analysis::new(&[native(src, "x.tf")], &Scheme::terraform());
    assert!(a.diagnostics().is_empty(), "{}", a.diagnostics());
    assert_eq!(addresses(&a, a.order()), ["var.n", "local.a", "local.b", "local.c"]);
    let e = a.evaluate(&EvalContext::new());
    assert!(e.diagnostics.is_empty(), "{}", e.diagnostics);
    assert_eq!(e.value(a.lookup("local.c").unwrap()), Some(&Value::from(42)));
    // The returned context holds every symbol under its root name.
    assert_eq!(e.context.variable("local").and_then(|l| l.get_attr("b")), Some(&Value::from(21)));
    assert_eq!(e.context.variable("var").and_then(|l| l.get_attr("n")), Some(&Value::from(20)));
}

#[test]
fn cycles_are_reported_step_by_step_and_evaluate_unknown() {
    let src = "locals {\n  a = local.b\n  b = local.c\n  c = local.a\n  d = local.c\n  e = 1\n  f = local.f\n}\n";
    let a = Analysis::new(&[native(src, "x.hcl")], &Scheme::terraform());
    assert_eq!(summaries(&a), ["Cycle in references", "Cycle in references"]);
    let d = &a.diagnostics()[0];
    assert_eq!(
        d.detail,
        "The references form a cycle, so none of these can be evaluated:\n  local.a refers to local.b at x.hcl:2,7\n  \
         local.b refers to local.c at x.hcl:3,7\n  local.c refers to local.a at x.hcl:4,7"
    );
    assert_eq!(d.subject.as_ref().unwrap().start.line, 2);
    assert!(a.diagnostics()[1].detail.contains("local.f refers to local.f at x.hcl:7,7"));
    for s in ["local.a", "local.b", "local.c", "local.f"] {
        assert!(a.is_cyclic(a.lookup(s).unwrap()), "{s}");
    }
    let e = a.evaluate(&EvalContext::new());
    let val = |s: &str| e.value(a.lookup(s).unwrap()).unwrap().clone();
    assert!(!val("local.a").is_known() && !val("local.d").is_known());
    assert_eq!(val("local.e"), Value::from(1));
}

#[test]
fn terraform_moved_blocks_hold_addresses_and_module_cycles_are_warnings() {
    let src = "moved {\n  from = aws_instance.old\n  to = aws_instance.new\n}\nresource \"aws_instance\" \"new\" {\n  ami = module.m.ami\n}\n\
               module \"m\" {\n  source = \"./m\"\n  id = aws_instance.new.id\n}\n";
    let a = Analysis::new(&[native(src, "x.tf")], &Scheme::terraform());
    assert_eq!(summaries(&a), ["Cycle in references"]);
    assert!(!a.diagnostics().has_errors(), "a cycle through a module call is a warning");
}

#[test]
fn a_dynamic_block_binds_its_iterator_inside_itself() {
    let src = "resource \"x_y\" \"z\" {\n  dynamic \"data\" {\n    for_each = var.d\n    content {\n      a = data.value\n    }\n  }\n\
               dynamic \"b\" {\n    for_each = []\n    iterator = it\n    content {\n      c = it.key\n      d = data.q.r\n    }\n  }\n}\n\
               variable \"d\" {}\n";
    let a = Analysis::new(&[native(src, "x.tf")], &Scheme::terraform());
    // data.value is the iterator; data.q.r is outside the `data` block's scope: undeclared.
    let d: Vec<String> = a.diagnostics().iter().map(|d| d.detail.to_string()).collect();
    assert_eq!(d, ["No data block declares data.q.r."]);
}

#[test]
fn a_block_may_refer_to_itself_outside_its_value() {
    let src = "variable \"n\" {\n  default = 1\n  validation {\n    condition = var.n > 0\n  }\n}\n\
               variable \"m\" {\n  default = var.m\n}\n";
    let a = Analysis::new(&[native(src, "x.tf")], &Scheme::terraform());
    assert_eq!(summaries(&a), ["Cycle in references"]);
    assert!(!a.is_cyclic(a.lookup("var.n").unwrap()) && a.is_cyclic(a.lookup("var.m").unwrap()));
    assert_eq!(a.uses_of(a.lookup("var.n").unwrap()).count(), 1);
}

#[test]
fn an_error_makes_dependents_unknown_without_more_errors() {
    let src = "locals {\n  a = 1 + \"x\"\n  b = local.a + 1\n  c = 2\n}\n";
    let a = Analysis::new(&[native(src, "x.hcl")], &Scheme::terraform());
    let e = a.evaluate(&EvalContext::new());
    assert_eq!(e.diagnostics.len(), 1, "{}", e.diagnostics);
    assert!(!e.value(a.lookup("local.b").unwrap()).unwrap().is_known());
    assert_eq!(e.value(a.lookup("local.c").unwrap()), Some(&Value::from(2)));
}

#[test]
fn duplicates_are_reported_with_the_first_definition() {
    let body = native("locals {\n  a = 1\n}\nlocals {\n  a = 2\n}\n", "x.hcl");
    let a = Analysis::new(&[body], &Scheme::terraform());
    assert_eq!(summaries(&a), ["Duplicate definition"]);
    assert_eq!(a.diagnostics()[0].detail, "local.a is already defined at x.hcl:2,3-4.");
}

#[test]
fn json_files_and_several_files_together() {
    let tf = native("locals {\n  name = \"n-${local.suffix}\"\n}\n", "a.tf");
    let js = json(r#"{"locals": {"suffix": "${upper(var.s)}"}, "variable": {"s": {"default": "x"}}}"#, "b.tf.json");
    let a = Analysis::new(&[tf, js], &Scheme::terraform());
    assert!(a.diagnostics().is_empty(), "{}", a.diagnostics());
    assert_eq!(addresses(&a, a.order()), ["var.s", "local.suffix", "local.name"]);
    let suffix = a.lookup("local.suffix").unwrap();
    let u = a.uses_of(suffix).next().unwrap();
    assert_eq!((u.range.filename.as_ref(), u.range.start.line, u.range.start.column), ("a.tf", 2, 15));
    let s = a.uses_of(a.lookup("var.s").unwrap()).next().unwrap();
    assert_eq!((s.range.filename.as_ref(), s.range.start.column), ("b.tf.json", 32));
    assert_eq!(a.functions()[0].1.name, "upper");
    let e = a.evaluate(&EvalContext::new().with_functions(hclkit_value::stdlib::all()));
    assert_eq!(e.value(a.lookup("local.name").unwrap()), Some(&Value::string("n-X")));
}

#[test]
fn presets_read_their_dialects() {
    let tg = native(
        "include \"root\" {\n  path = find_in_parent_folders()\n}\ndependency \"vpc\" {\n  config_path = \"../vpc\"\n}\n\
         locals {\n  env = include.root.locals.env\n}\ninputs = {\n  vpc_id = dependency.vpc.outputs.id\n}\n",
        "terragrunt.hcl",
    );
    let a = Analysis::new(&[tg], &Scheme::terragrunt());
    assert!(a.diagnostics().is_empty(), "{}", a.diagnostics());
    assert_eq!(a.uses_of(a.lookup("dependency.vpc").unwrap()).count(), 1);
    let packer = native(
        "variable \"ami\" {\n  default = \"a\"\n}\nlocal \"name\" {\n  expression = \"${var.ami}-x\"\n}\nlocals {\n  n2 = local.name\n}\n",
        "p.pkr.hcl",
    );
    let a = Analysis::new(&[packer], &Scheme::packer());
    assert!(a.diagnostics().is_empty(), "{}", a.diagnostics());
    let e = a.evaluate(&EvalContext::new());
    assert_eq!(e.value(a.lookup("local.n2").unwrap()), Some(&Value::string("a-x")));
    let nomad =
        native("variable \"dc\" {\n  default = \"dc1\"\n}\njob \"x\" {\n  datacenters = [var.dc]\n}\n", "x.nomad.hcl");
    let a = Analysis::new(&[nomad], &Scheme::nomad());
    assert_eq!(a.uses_of(a.lookup("var.dc").unwrap()).count(), 1);
}

#[test]
fn long_chains_do_not_recurse() {
    // 20,000 locals each referring to the next: the sort and the evaluation are loops.
    let n = 20_000;
    let mut src = String::from("locals {\n");
    for i in 0..n {
        src.push_str(&format!("  l{i} = local.l{} + 1\n", i + 1));
    }
    src.push_str(&format!("  l{n} = 0\n}}\n"));
    let a = Analysis::new(&[native(&src, "x.hcl")], &Scheme::terraform());
    assert!(a.diagnostics().is_empty());
    let e = a.evaluate(&EvalContext::new());
    assert_eq!(e.value(a.lookup("local.l0").unwrap()), Some(&Value::from(n as i64)));
}

#[test]
fn an_edited_document_is_analysed_in_its_current_text() {
    use crate::edit::{Document, Expression};
    let (mut doc, diags) = Document::parse("locals {\n  a = 1\n  b = local.a\n}\nbroken = \n", "main.tf");
    assert!(diags.has_errors());
    // A rename of the definition and its use, then a new local that refers to it.
    doc.set("locals.b", Expression::parse("local.first").unwrap()).unwrap();
    doc.set("locals.c", Expression::parse("local.b * 2").unwrap()).unwrap();
    let a = doc.analysis("main.tf", &Scheme::terraform());
    // The syntax error comes first, then the reference to nothing (`local.first`).
    let summaries: Vec<&str> = a.diagnostics().iter().map(|d| &*d.summary).collect();
    assert_eq!(summaries.len(), 2, "{}", a.diagnostics());
    assert_eq!(summaries[0], "Invalid expression");
    assert_eq!(summaries[1], "Reference to undeclared symbol");
    let b = a.lookup("local.b").unwrap();
    let c = a.lookup("local.c").unwrap();
    assert_eq!(a.dependencies(c), [b]);
    // Ranges are in the edited text: `local.b` is on the line that `c` was added on.
    let text = doc.to_string();
    let u = a.uses_of(b).next().unwrap();
    assert_eq!(&text[u.range.start.byte as usize..u.range.end.byte as usize], "local.b");
}
