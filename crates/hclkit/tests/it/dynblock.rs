//! `dynamic` blocks: every `tests/data/dynblock/*.hcl` fixture is expanded with
//! `hclkit::ext::dynblock::expand` and dumped under its schema (`NAME.schema.json`), and the
//! dump is compared with what the reference printed for it (`NAME.want.json`, recorded by
//! `oracle/dynblock/record.sh` with `record/main.go`, i.e. hcl v2.14.1's `ext/dynblock`
//! and go-cty v1.12.1): the attributes (ranges, values evaluated in the fixture's context),
//! the blocks (type, labels, ranges, whether the body is unknown, nested bodies), missing-item
//! ranges, the remaining body after partial content, the diagnostics (sorted by position),
//! and the variables the `WalkVariables` and `WalkExpandVariables` walks find (sorted).
//!
//! The context comes from the fixture's header comments as in `tests/it/eval.rs`, with the 15
//! spec functions and, as in the recorder, `flatten`, `setproduct` and `toset` (for `for_each`
//! values derived as the expressions guide suggests, and sets).

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use hclkit::body::{Attributes, Body, BodySchema};
use hclkit::eval::EvalContext;
use hclkit::ext::dynblock::{self, VariablesSchema};
use hclkit::syntax::native::NativeBody;
use hclkit::Range;
use hclkit_value::json::type_to_json;
use hclkit_value::{Type, Value};
use serde_json::{json, Value as Json};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dynblock")
}

/// The schema file: see `oracle/dynblock/record/main.go`.
struct Schema(Json);

impl Schema {
    fn body_schema(&self) -> BodySchema {
        let mut s = BodySchema::new();
        for a in self.0["attributes"].as_array().into_iter().flatten() {
            s = s.attribute(a["name"].as_str().unwrap(), a["required"].as_bool().unwrap_or(false));
        }
        for b in self.0["blocks"].as_array().into_iter().flatten() {
            let labels: Vec<&str> = b["labels"].as_array().into_iter().flatten().map(|l| l.as_str().unwrap()).collect();
            s = s.block(b["type"].as_str().unwrap(), &labels);
        }
        s
    }

    fn child(&self, ty: &str) -> Option<Schema> {
        self.0["blocks"]
            .as_array()?
            .iter()
            .find(|b| b["type"] == ty)
            .filter(|b| !b["body"].is_null())
            .map(|b| Schema(b["body"].clone()))
    }
}

/// The walk needs references to child schemas: a tree built once.
struct SchemaTree {
    schema: BodySchema,
    children: Vec<(String, SchemaTree)>,
}

impl SchemaTree {
    fn new(s: &Schema) -> SchemaTree {
        let children = s.0["blocks"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|b| {
                let ty = b["type"].as_str().unwrap().to_owned();
                s.child(&ty).map(|c| (ty, SchemaTree::new(&c)))
            })
            .collect();
        SchemaTree { schema: s.body_schema(), children }
    }
}

impl VariablesSchema for SchemaTree {
    fn body_schema(&self) -> BodySchema {
        self.schema.clone()
    }
    fn child(&self, block_type: &str) -> Option<&SchemaTree> {
        self.children.iter().find(|(t, _)| t == block_type).map(|(_, s)| s)
    }
}

fn rng(r: &Range) -> String {
    format!(
        "{}:{},{}({})-{},{}({})",
        r.filename, r.start.line, r.start.column, r.start.byte, r.end.line, r.end.column, r.end.byte
    )
}

struct Dumper {
    ctx: EvalContext,
    diags: hclkit::Diagnostics,
}

impl Dumper {
    fn attrs(&mut self, attrs: &Attributes) -> Json {
        let mut out = Vec::new();
        for (name, a) in attrs {
            let (v, d) = a.expr.value(Some(&self.ctx));
            self.diags.extend(d);
            let mut enc = String::new();
            common::encode(&v, &mut enc);
            out.push(json!({
                "name": name,
                "range": rng(&a.range()),
                "name_range": rng(&a.name_range()),
                "expr_range": rng(&a.expr.range()),
                "value": serde_json::from_str::<Json>(&enc).unwrap(),
                "type": serde_json::from_str::<Json>(&type_to_json(&v.ty()).unwrap()).unwrap(),
            }));
        }
        Json::Array(out)
    }

    fn body(&mut self, body: &Arc<dyn Body>, s: &Schema) -> Json {
        let mut out = json!({
            "attributes": [],
            "blocks": [],
            "missing_item_range": rng(&body.missing_item_range()),
            "remain": null,
        });
        let (content, remain) = match s.0["mode"].as_str() {
            Some("attrs") => {
                let (attrs, d) = body.just_attributes();
                self.diags.extend(d);
                out["attributes"] = self.attrs(&attrs);
                return out;
            }
            Some("partial") => {
                let (content, remain, d) = body.partial_content(&s.body_schema());
                self.diags.extend(d);
                (content, Some(remain))
            }
            _ => {
                let (content, d) = body.content(&s.body_schema());
                self.diags.extend(d);
                (content, None)
            }
        };
        out["attributes"] = self.attrs(&content.attributes);
        out["missing_item_range"] = json!(rng(&content.missing_item_range));
        let mut blocks = Vec::new();
        for b in &content.blocks {
            let nested = s.child(&b.type_name).map(|cs| self.body(&b.body, &cs)).unwrap_or(Json::Null);
            blocks.push(json!({
                "type": &*b.type_name,
                "labels": b.labels,
                "def_range": rng(&b.def_range()),
                "type_range": rng(&b.type_range()),
                "label_ranges": b.label_ranges().iter().map(rng).collect::<Vec<_>>(),
                "unknown": b.body.is_unknown(),
                "body": nested,
            }));
        }
        out["blocks"] = Json::Array(blocks);
        // As the recorder: the remaining body is dumped after the content's blocks.
        if let (Some(remain), Some(rs)) = (remain, s.0.get("remain").filter(|r| !r.is_null())) {
            out["remain"] = self.body(&remain, &Schema(rs.clone()));
        }
        out
    }
}

/// A fixture's context: its header's, with the recorder's extra functions.
fn context(src: &str) -> EvalContext {
    let all = hclkit_value::stdlib::all();
    common::context(src).with_functions(["flatten", "setproduct", "toset"].map(|n| (n, all[n].clone())))
}

fn check(path: &Path) -> Result<(), String> {
    let src = std::fs::read(path).map_err(|e| e.to_string())?;
    let schema: Json = serde_json::from_slice(&std::fs::read(path.with_extension("schema.json")).unwrap()).unwrap();
    let expected: Json = serde_json::from_slice(&std::fs::read(path.with_extension("want.json")).unwrap()).unwrap();
    let schema = Schema(schema);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let ctx = context(&String::from_utf8_lossy(&src));
    let (file, parse_diags) = hclkit::parse_config(src, &name).into_parts();
    let root = NativeBody::arc_from_file(&file);
    let mut dumper = Dumper { ctx: ctx.clone(), diags: parse_diags };
    let body = dumper.body(&dynblock::expand(root.clone(), &ctx), &schema);

    let show = |ts: Vec<hclkit::traversal::Traversal>| {
        let mut v: Vec<String> = ts.iter().map(|t| format!("{t}@{}", rng(&t.source_range().unwrap()))).collect();
        v.sort();
        v
    };
    let tree = SchemaTree::new(&schema);
    let vars = show(dynblock::variables(root.clone(), &tree));
    let expand_vars = show(dynblock::expand_variables(root, &tree));

    let mut problems = Vec::new();
    if body != expected["body"] {
        problems.push(format!(
            "bodies differ\nours:   {}\ntheirs: {}",
            serde_json::to_string_pretty(&body).unwrap(),
            serde_json::to_string_pretty(&expected["body"]).unwrap()
        ));
    }
    let mut got: Vec<common::Diag> = dumper.diags.iter().map(common::ours).collect();
    got.sort();
    let mut want: Vec<common::Diag> = expected["diagnostics"].as_array().unwrap().iter().map(common::theirs).collect();
    want.sort();
    if got != want {
        problems.push(format!("diagnostics differ\nours:   {got:#?}\ntheirs: {want:#?}"));
    }
    if json!(vars) != expected["variables"] {
        problems.push(format!("variables differ\nours:   {vars:?}\ntheirs: {}", expected["variables"]));
    }
    if json!(expand_vars) != expected["expand_variables"] {
        problems.push(format!(
            "expand variables differ\nours:   {expand_vars:?}\ntheirs: {}",
            expected["expand_variables"]
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[test]
fn dynblock_fixtures_match_the_reference() {
    let paths = common::fixtures(&fixture_dir());
    assert!(paths.len() >= 41, "expected the dynamic block fixtures, found {}", paths.len());
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| check(p).err().map(|e| format!("== {}\n{e}", p.file_name().unwrap().to_string_lossy())))
        .collect();
    assert!(failures.is_empty(), "{} of {} fixtures differ:\n{}", failures.len(), paths.len(), failures.join("\n"));
}

/// Sets iterate with the element as the key (also recorded in the `set_for_each` fixture,
/// with sets made by `toset`), here with a set variable.
#[test]
fn set_for_each_keys_are_the_elements() {
    let src = b"dynamic \"b\" {\n  for_each = s\n  labels = [b.key]\n  content { v = b.value }\n}\n";
    let file = hclkit::parse_config(src.as_slice(), "s.hcl").into_value();
    let ctx = EvalContext::new().with_variable("s", Value::set(vec![Value::string("y"), Value::string("x")]).unwrap());
    let body = dynblock::expand(NativeBody::arc_from_file(&file), &ctx);
    let (content, diags) = body.content(&BodySchema::new().block("b", &["name"]));
    assert!(diags.is_empty(), "{diags:?}");
    let labels: Vec<&str> = content.blocks.iter().map(|b| b.labels[0].as_str()).collect();
    assert_eq!(labels, ["x", "y"]);
    let (inner, _) = content.blocks[0].body.content(&BodySchema::new().attribute("v", true));
    assert_eq!(inner.attributes["v"].expr.value(None).0, Value::string("x"));
}

/// An unknown set of a known element type: one unknown block.
#[test]
fn unknown_typed_for_each() {
    let src = b"dynamic \"b\" {\n  for_each = s\n  content { v = 1 }\n}\n";
    let file = hclkit::parse_config(src.as_slice(), "s.hcl").into_value();
    let ctx = EvalContext::new().with_variable("s", Value::unknown(Type::set(Type::String)));
    let body = dynblock::expand(NativeBody::arc_from_file(&file), &ctx);
    let (content, diags) = body.content(&BodySchema::new().block("b", &[]));
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(content.blocks.len(), 1);
    assert!(content.blocks[0].body.is_unknown());
    let (inner, _) = content.blocks[0].body.content(&BodySchema::new().attribute("v", true));
    assert_eq!(inner.attributes["v"].expr.value(None).0, Value::dynamic());
}

/// Generated attribute expressions: they unwrap to the original (for static analysis) and
/// report no iterator variables.
#[test]
fn generated_expressions_unwrap_and_hide_iterators() {
    let src = b"dynamic \"b\" {\n  for_each = [1]\n  content { v = [b.value, other] }\n}\n";
    let file = hclkit::parse_config(src.as_slice(), "s.hcl").into_value();
    let body = dynblock::expand(NativeBody::arc_from_file(&file), &EvalContext::new());
    let (content, _) = body.content(&BodySchema::new().block("b", &[]));
    let (inner, _) = content.blocks[0].body.content(&BodySchema::new().attribute("v", true));
    let expr = &inner.attributes["v"].expr;
    let vars: Vec<String> = expr.variables().iter().map(|t| t.to_string()).collect();
    assert_eq!(vars, ["other"]);
    assert_eq!(hclkit::body::expr_list(&**expr).unwrap().len(), 2);
    let ctx = EvalContext::new().with_variable("other", Value::number(2));
    assert_eq!(expr.value(Some(&ctx)).0, Value::tuple(vec![Value::number(1), Value::number(2)]));
}

/// Every prefix of every fixture, expanded and read under its schema (the schema's whole
/// tree, bodies read as far as they go): no input makes expansion or the variable walk panic.
#[test]
fn truncated_fixtures_do_not_panic() {
    let ctx = EvalContext::new().with_variables(vec![("u", Value::dynamic())]);
    for path in common::fixtures(&fixture_dir()) {
        let src = std::fs::read(&path).unwrap();
        let schema =
            Schema(serde_json::from_slice(&std::fs::read(path.with_extension("schema.json")).unwrap()).unwrap());
        let tree = SchemaTree::new(&schema);
        for end in (0..src.len()).step_by(3) {
            let file = hclkit::parse_config(src[..end].to_vec(), "t.hcl").into_value();
            let root = NativeBody::arc_from_file(&file);
            let mut dumper = Dumper { ctx: ctx.clone(), diags: hclkit::Diagnostics::new() };
            dumper.body(&dynblock::expand(root.clone(), &ctx), &schema);
            dynblock::variables(root.clone(), &tree);
            dynblock::expand_variables(root, &tree);
        }
    }
}

/// Decoding expanded bodies with hcldec specs: every `tests/data/dynblock/decode/*.hcl` is
/// expanded and decoded with the spec `NAME.hcldec` (loaded with `decode::specfile`), and the
/// value, diagnostics and `dynblock::variables` under the spec are compared with
/// `NAME.want.json`, recorded with `oracle/dynblock/record-decode/main.go` (the reference's `hcldec.Decode` of
/// `dynblock.Expand`, and `dynblock.VariablesHCLDec`). This is where unknown `for_each` values
/// make `block_list`, `block_set` and `block_map` results unknown.
#[test]
fn decode_fixtures_match_the_reference() {
    let paths = common::fixtures(&fixture_dir().join("decode"));
    assert!(paths.len() >= 4, "expected the decode fixtures, found {}", paths.len());
    let mut failures = Vec::new();
    for path in &paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let spec_src = std::fs::read(path.with_extension("hcldec")).unwrap();
        let (spec_file, d) = hclkit::parse_config(spec_src, "spec.hcldec").into_parts();
        assert!(d.is_empty(), "{name}: {d:?}");
        let (spec, d) = hclkit::spec::specfile::load_spec(&NativeBody::from_file(&spec_file));
        assert!(!d.has_errors(), "{name}: {d:?}");
        let src = std::fs::read(path).unwrap();
        let ctx = common::context(&String::from_utf8_lossy(&src))
            .with_variables(spec.variables.clone())
            .with_functions(spec.functions.clone());
        let (file, mut diags) = hclkit::parse_config(src, &name).into_parts();
        let root = NativeBody::arc_from_file(&file);
        let (value, d) = hclkit::spec::decode(&*dynblock::expand(root.clone(), &ctx), &spec.root, Some(&ctx));
        diags.extend(d);
        let expected: Json = serde_json::from_slice(&std::fs::read(path.with_extension("want.json")).unwrap()).unwrap();

        let mut enc = String::new();
        common::encode(&value, &mut enc);
        let got_value: Json = serde_json::from_str(&enc).unwrap();
        let got_type: Json = serde_json::from_str(&type_to_json(&value.ty()).unwrap()).unwrap();
        if got_value != expected["value"] || got_type != expected["type"] {
            failures.push(format!(
                "== {name}: values differ\nours:   {got_value} {got_type}\ntheirs: {} {}",
                expected["value"], expected["type"]
            ));
        }
        let mut got: Vec<common::Diag> = diags.iter().map(common::ours).collect();
        got.sort();
        let mut want: Vec<common::Diag> =
            expected["diagnostics"].as_array().unwrap().iter().map(common::theirs).collect();
        want.sort();
        if got != want {
            failures.push(format!("== {name}: diagnostics differ\nours:   {got:#?}\ntheirs: {want:#?}"));
        }
        let mut vars: Vec<String> = dynblock::variables(root, &spec.root)
            .iter()
            .map(|t| format!("{t}@{}", rng(&t.source_range().unwrap())))
            .collect();
        vars.sort();
        if json!(vars) != expected["variables"] {
            failures.push(format!("== {name}: variables differ\nours:   {vars:?}\ntheirs: {}", expected["variables"]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
