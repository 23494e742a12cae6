//! Fields of map types (and `Value`) read a block of free-form attributes as well as an
//! attribute: Nomad's `env {}` and `meta {}`, Terraform's `locals {}`, Packer's `tags {}`.

use std::collections::{BTreeMap, HashMap};

use hclkit::Decoder;
use hclkit_value::Value;
use serde::Deserialize;

use super::serde::errors;

fn decode<T: serde::de::DeserializeOwned>(src: &str, filename: &str) -> T {
    Decoder::new().from_source(src.as_bytes(), filename).unwrap_or_else(|e| panic!("{filename}: {e}"))
}

fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[derive(Deserialize, Debug, PartialEq)]
struct Job {
    #[serde(rename = "@name")]
    name: String,
    group: Vec<Group>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Group {
    #[serde(rename = "@name")]
    name: String,
    task: Vec<Task>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Task {
    #[serde(rename = "@name")]
    name: String,
    driver: String,
    config: Docker,
    env: BTreeMap<String, String>,
    meta: Option<HashMap<String, String>>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Docker {
    image: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Nomad {
    job: Job,
}

const NOMAD: &str = r#"
job "web" {
  group "app" {
    task "server" {
      driver = "docker"
      config {
        image = "nginx"
      }
      env {
        PORT = 8080
        MODE = "prod"
      }
      meta {
        team = "web"
      }
    }
    task "sidecar" {
      driver = "docker"
      config {
        image = "envoy"
      }
      env = { LOG = "info" }
    }
  }
}
"#;

#[test]
fn nomad_env_and_meta_blocks() {
    let n: Nomad = decode(NOMAD, "web.nomad");
    let tasks = &n.job.group[0].task;
    assert_eq!(n.job.name, "web");
    assert_eq!(tasks[0].name, "server");
    // Attribute values are evaluated and converted (8080 is a string "8080").
    assert_eq!(tasks[0].env, map(&[("PORT", "8080"), ("MODE", "prod")]));
    assert_eq!(tasks[0].meta.as_ref().unwrap()["team"], "web");
    assert_eq!(tasks[0].config.image, "nginx");
    // The attribute form still works, and an absent optional map is `None`.
    assert_eq!(tasks[1].env, map(&[("LOG", "info")]));
    assert_eq!(tasks[1].meta, None);

    // The same in the JSON syntax: the block is an object property.
    let json = r#"{"job": {"web": {"group": {"app": {"task": {
        "server": {"driver": "docker", "config": {"image": "nginx"}, "env": {"PORT": 8080, "MODE": "prod"}, "meta": {"team": "web"}},
        "sidecar": {"driver": "docker", "config": {"image": "envoy"}, "env": {"LOG": "info"}}
    }}}}}}"#;
    let j: Nomad = decode(json, "web.nomad.json");
    assert_eq!(j, n);
}

#[derive(Deserialize, Debug, PartialEq)]
struct Module {
    #[serde(default)]
    locals: BTreeMap<String, Value>,
}

#[test]
fn terraform_locals_blocks_merge() {
    let src = r#"
locals {
  name = "vpc-${var.env}"
  azs  = ["a", "b"]
}
resource "aws_vpc" "this" {
  cidr_block = "10.0.0.0/16"
}
locals {
  count = 2
}
"#;
    let m: Module = Decoder::new()
        .variable("var", Value::object([("env", Value::string("prod"))]))
        .allow_unknown(true)
        .from_source(src.as_bytes(), "main.tf")
        .unwrap();
    assert_eq!(m.locals.keys().collect::<Vec<_>>(), ["azs", "count", "name"]);
    assert_eq!(m.locals["name"], Value::string("vpc-prod"));
    assert_eq!(m.locals["count"], Value::number(2));
    assert_eq!(m.locals["azs"], Value::tuple(vec![Value::string("a"), Value::string("b")]));
    // What `hclkit convert` writes for it (two locals blocks: an array of objects) reads
    // the same; in the native syntax such an array is an attribute value, not blocks.
    let doc = hclkit::transcode::native_to_json(src.as_bytes(), "main.tf", &Default::default()).unwrap();
    let j: Module = Decoder::new()
        .variable("var", Value::object([("env", Value::string("prod"))]))
        .allow_unknown(true)
        .from_source(doc.to_compact().as_bytes(), "main.tf.json")
        .unwrap();
    assert_eq!(j, m);
    assert_eq!(
        errors::<Module>("locals = [{ a = 1 }, { b = 2 }]\n", "in.hcl"),
        ["in.hcl:1,10-32: Incorrect attribute value type; Inappropriate value for attribute \"locals\": map or object value is required."]
    );
    // No locals at all: the default.
    let m: Module = Decoder::new().allow_unknown(true).from_str("x = 1\n").unwrap();
    assert!(m.locals.is_empty());
}

#[derive(Deserialize, Debug, PartialEq)]
struct Packer {
    source: Vec<Source>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Source {
    #[serde(rename = "@type")]
    kind: String,
    #[serde(rename = "@name")]
    name: String,
    ami_name: String,
    tags: Option<BTreeMap<String, String>>,
    run_tags: Option<BTreeMap<String, String>>,
}

#[test]
fn packer_tags_as_hcl_rs_reads_them() {
    let src = r#"
source "amazon-ebs" "ubuntu" {
  ami_name = "base"
  tags {
    OS      = "Ubuntu"
    Release = "22.04"
  }
}
source "amazon-ebs" "plain" {
  ami_name = "plain"
  run_tags = {}
}
"#;
    let p: Packer = decode(src, "build.pkr.hcl");
    assert_eq!(p.source[0].kind, "amazon-ebs");
    assert_eq!(p.source[0].tags, Some(map(&[("OS", "Ubuntu"), ("Release", "22.04")])));
    assert_eq!(p.source[0].run_tags, None);
    assert_eq!(p.source[1].tags, None);
    assert_eq!(p.source[1].run_tags, Some(BTreeMap::new()));
}

#[derive(Deserialize, Debug, PartialEq)]
struct WithValue {
    settings: Value,
    extra: Option<serde_json::Value>,
}

#[test]
fn value_fields_read_a_block_as_the_object_of_its_attributes() {
    let v: WithValue = decode("settings {\n  a = 1\n  b = [true]\n}\nextra {\n  c = \"x\"\n}\n", "in.hcl");
    assert_eq!(v.settings, Value::object([("a", Value::number(1)), ("b", Value::tuple(vec![Value::bool(true)]))]));
    assert_eq!(v.extra, Some(serde_json::json!({"c": "x"})));
    let v: WithValue = decode("settings = { a = 1 }\n", "in.hcl");
    assert_eq!(v.settings, Value::object([("a", Value::number(1))]));
    assert_eq!(v.extra, None);
    // Nested blocks are not attributes: the body is read as the reference's JustAttributes.
    assert_eq!(
        errors::<WithValue>("settings {\n  a = 1\n  inner {\n  }\n}\n", "in.hcl"),
        ["in.hcl:3,3-8: Unexpected \"inner\" block; Blocks are not allowed here."]
    );
}

#[derive(Deserialize, Debug, PartialEq)]
struct Env {
    #[serde(flatten)]
    vars: HashMap<String, String>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct WithFlatten {
    name: String,
    env: Env,
}

#[test]
fn flatten_structs_read_a_block() {
    // serde buffers what a flattened field reads, so values are not converted (`B = 2` is a
    // number, not a string): as in any serde format.
    let w: WithFlatten = decode("name = \"x\"\nenv {\n  A = \"1\"\n  B = \"2\"\n}\n", "in.hcl");
    assert_eq!(w.env.vars.len(), 2);
    assert_eq!(w.env.vars["B"], "2");
    let w: WithFlatten = decode("name = \"x\"\nenv = { A = \"1\" }\n", "in.hcl");
    assert_eq!(w.env.vars["A"], "1");
}

#[derive(Deserialize, Debug, PartialEq)]
struct Small {
    driver: String,
    env: BTreeMap<String, String>,
}

#[test]
fn errors_keep_their_ranges_and_suggestions() {
    // A block and an attribute of one name: both ranges.
    assert_eq!(
        errors::<Small>("driver = \"d\"\nenv = { A = \"1\" }\nenv {\n  B = \"2\"\n}\n", "in.hcl"),
        ["in.hcl:3,1-4: Duplicate env definition; \"env\" is defined both as an argument and as a block: this block, and the argument at in.hcl:2,1-4. Define it once, either way."]
    );
    // Repeated blocks merge; an attribute set in two of them is an error at the second.
    assert_eq!(
        errors::<Small>("driver = \"d\"\nenv {\n  A = \"1\"\n}\nenv {\n  A = \"2\"\n}\n", "in.hcl"),
        ["in.hcl:6,3-4: Duplicate argument; The argument \"A\" was already set at in.hcl:3,3-10. Each argument may be set only once."]
    );
    let s: Small = decode("driver = \"d\"\nenv {\n  A = \"1\"\n}\nenv {\n  B = \"2\"\n}\n", "in.hcl");
    assert_eq!(s.env, map(&[("A", "1"), ("B", "2")]));
    // A block with labels: the body's error, and (as the reference's decoders report a
    // required block whose only instance was rejected) the field is then missing.
    assert_eq!(
        errors::<Small>("driver = \"d\"\nenv \"x\" {\n}\n", "in.hcl"),
        [
            "in.hcl:1,1-1: Missing required argument; The argument \"env\" is required, but no definition was found.",
            "in.hcl:2,5-8: Extraneous label for env; No labels are expected for env blocks.",
        ]
    );
    // A wrong value type, at the expression.
    assert_eq!(
        errors::<Small>("driver = \"d\"\nenv {\n  A = [1]\n}\n", "in.hcl"),
        ["in.hcl:3,7-10: Incorrect attribute value type; Inappropriate value for attribute \"A\": string required."]
    );
    // Typos elsewhere are still errors with a suggestion, and a missing map is reported.
    assert_eq!(
        errors::<Small>("drivr = \"d\"\nevn {\n}\n", "in.hcl"),
        [
            "in.hcl:1,1-1: Missing required argument; The argument \"driver\" is required, but no definition was found.",
            "in.hcl:1,1-1: Missing required argument; The argument \"env\" is required, but no definition was found.",
            "in.hcl:1,1-6: Unsupported argument; An argument named \"drivr\" is not expected here. Did you mean \"driver\"?",
            "in.hcl:2,1-4: Unsupported block type; Blocks of type \"evn\" are not expected here. Did you mean \"env\"?",
        ]
    );
}

#[derive(Deserialize, Debug, PartialEq)]
struct Checked {
    port: u16,
    env: hclkit::Spanned<BTreeMap<String, u8>>,
    settings: Option<Value>,
}

#[test]
fn every_error_is_reported_and_spans_are_the_blocks() {
    let c: Checked = decode("port = 1\nenv {\n  A = 1\n}\n", "in.hcl");
    assert_eq!(c.env.range().to_string(), "in.hcl:2,1-4");
    assert_eq!(c.env.get_ref()["A"], 1);
    // The port fails first; the blocks after it are still checked, by their fields' types.
    assert_eq!(
        errors::<Checked>("port = \"x\"\nenv {\n  A = 300\n}\nsettings {\n  b = nope\n}\n", "in.hcl"),
        [
            "in.hcl:1,8-11: Incorrect attribute value type; Inappropriate value for attribute \"port\": a number is required.",
            "in.hcl:3,7-10: Incorrect attribute value type; Inappropriate value for attribute \"A\": value must be a whole number, between 0 and 255 inclusive.",
            "in.hcl:6,7-11: Variables not allowed; Variables may not be used here.",
        ]
    );
}

#[test]
fn from_file_takes_one_type_parameter() {
    let dir = std::env::temp_dir().join(format!("hclkit-serde-free-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("task.hcl");
    std::fs::write(&path, "driver = \"docker\"\nenv {\n  A = \"1\"\n}\n").unwrap();
    let s = hclkit::from_file::<Small>(&path).unwrap();
    assert_eq!(s.env, map(&[("A", "1")]));
    let s = hclkit::Decoder::new().from_file::<Small>(path.to_str().unwrap()).unwrap();
    assert_eq!(s.driver, "docker");
    std::fs::remove_dir_all(&dir).unwrap();
}
