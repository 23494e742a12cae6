//! Spec decoding on native bodies. Expected wording from the reference's hcldec/spec.go
//! (hcl v2.14.1).

use super::*;
use crate::syntax::native::NativeBody;

fn body(src: &str) -> NativeBody {
    let (file, diags) = crate::parse_config(src.as_bytes(), "in.hcl");
    assert!(diags.is_empty(), "{diags}");
    NativeBody::from_file(&file)
}

fn lit(v: Value) -> Spec {
    Spec::Literal(v)
}

fn summaries(diags: &Diagnostics) -> Vec<String> {
    diags.iter().map(|d| d.summary.to_string()).collect()
}

#[test]
fn schema_merges_same_body_children() {
    let spec = Spec::object([
        ("a", Spec::attr("a", Type::String, true)),
        ("t", Spec::Tuple(vec![Spec::attr("b", Type::Number, false), Spec::block("c", lit(Value::bool(true)), false)])),
        ("d", Spec::Default(Arc::new(Spec::attr("d", Type::Bool, false)), Arc::new(lit(Value::bool(false))))),
        ("m", Spec::block_map("m", vec!["x".into(), "y".into()], lit(Value::number(1)))),
    ]);
    let schema = implied_schema(&spec);
    let attrs: Vec<&str> = schema.attributes.iter().map(|a| a.name.as_str()).collect();
    // The default's attribute twice, as the reference's visitor reports it.
    assert_eq!(attrs, ["a", "d", "d", "b"]);
    let blocks: Vec<(&str, usize)> =
        schema.blocks.iter().map(|b| (b.type_name.as_str(), b.label_names.len())).collect();
    assert_eq!(blocks, [("m", 2), ("c", 0)]);
}

#[test]
fn implied_types() {
    let spec = Spec::object([
        ("l", Spec::block_list("l", Spec::attr("x", Type::Number, false), 0, 0)),
        ("s", Spec::block_set("s", Spec::attr("x", Type::String, false), 0, 0)),
        ("m", Spec::block_map("m", vec!["a".into(), "b".into()], Spec::attr("x", Type::Bool, false))),
        ("t", Spec::Tuple(vec![])),
    ]);
    assert_eq!(
        implied_type(&spec),
        Type::object([
            ("l", Type::list(Type::Number)),
            ("s", Type::set(Type::String)),
            ("m", Type::map(Type::map(Type::Bool))),
            ("t", Type::empty_tuple()),
        ])
    );
}

#[test]
fn blocks_lists_sets_and_maps() {
    let b = body("item {}\nitem {}\nr \"a\" \"x\" {}\nr \"a\" \"y\" {}\nr \"b\" \"x\" {}\n");
    let spec = Spec::object([
        ("items", Spec::block_list("item", lit(Value::number(1)), 0, 0)),
        ("set", Spec::block_set("item", lit(Value::number(1)), 0, 0)),
        ("rs", Spec::block_map("r", vec!["k1".into(), "k2".into()], lit(Value::string("v")))),
        ("none", Spec::block("nothing", lit(Value::number(1)), false)),
    ]);
    let (v, diags) = decode(&b, &spec, None);
    assert!(diags.is_empty(), "{diags}");
    let one = Value::number(1);
    assert_eq!(v.get_attr("items"), Some(&Value::list(vec![one.clone(), one.clone()]).unwrap()));
    assert_eq!(v.get_attr("set"), Some(&Value::set(vec![one.clone()]).unwrap()));
    let inner = |keys: &[&str]| Value::map(keys.iter().map(|k| (*k, Value::string("v")))).unwrap();
    assert_eq!(v.get_attr("rs"), Some(&Value::map([("a", inner(&["x", "y"])), ("b", inner(&["x"]))]).unwrap()));
    assert_eq!(v.get_attr("none"), Some(&Value::null(Type::Number)));
}

#[test]
fn validation_diagnostics() {
    let b = body("item {}\nitem {}\nitem {}\none {}\none {}\nr \"a\" {}\nr \"a\" {}\n");
    let spec = Spec::object([
        ("items", Spec::block_list("item", lit(Value::number(1)), 0, 2)),
        ("one", Spec::block("one", lit(Value::number(1)), false)),
        ("req", Spec::block("req", lit(Value::number(1)), true)),
        ("few", Spec::block_set("few", lit(Value::number(1)), 1, 0)),
        ("rs", Spec::block_map("r", vec!["k".into()], lit(Value::number(1)))),
        ("attr", Spec::attr("needed", Type::String, true)),
    ]);
    let (_, diags) = decode(&b, &spec, None);
    let mut s = summaries(&diags);
    s.sort();
    assert_eq!(
        s,
        [
            "Duplicate one block",
            "Duplicate r block",
            "Insufficient few blocks",
            "Missing req block",
            "Missing required argument",
            "Too many item blocks",
        ]
    );
    let dup = diags.iter().find(|d| d.summary == "Duplicate one block").unwrap();
    assert_eq!(dup.detail, "Only one block of type \"one\" is allowed. Previous definition was at in.hcl:4,1-4.");
    let map_dup = diags.iter().find(|d| d.summary == "Duplicate r block").unwrap();
    assert_eq!(map_dup.detail, "A block for r \"a\" was already defined. The r labels must be unique.");
    let many = diags.iter().find(|d| d.summary == "Too many item blocks").unwrap();
    assert_eq!(many.detail, "No more than 2 \"item\" blocks are allowed");
}

#[test]
fn block_attrs_without_block() {
    let spec = Spec::BlockAttrs(BlockAttrsSpec { type_name: "env".into(), element_type: Type::String, required: true });
    let (v, diags) = decode(&body(""), &spec, None);
    assert_eq!(v, Value::null(Type::map(Type::String)));
    assert_eq!(summaries(&diags), ["Missing env block"]);
    let (v, diags) = decode(&body("env {}\n"), &spec, None);
    assert!(diags.is_empty());
    assert_eq!(v, Value::empty_map(Type::String));
}

#[test]
fn default_takes_the_first_non_null() {
    let spec = Spec::Default(Arc::new(Spec::block("b", lit(Value::number(1)), false)), Arc::new(lit(Value::number(2))));
    assert_eq!(decode(&body(""), &spec, None).0, Value::number(2));
    assert_eq!(decode(&body("b {}\n"), &spec, None).0, Value::number(1));
}

fn load(src: &str) -> (specfile::SpecFile, Diagnostics) {
    let (file, diags) = crate::parse_config(src.as_bytes(), "spec.hcldec");
    assert!(diags.is_empty(), "{diags}");
    specfile::load_spec(&NativeBody::from_file(&file))
}

#[test]
fn spec_file_types_and_functions() {
    let (spec, diags) = load(
        "tuple {\n  attr {\n    name = \"a\"\n    type = map(object({x = list(number)}))\n  }\n  block_attrs {\n    block_type = \"env\"\n    element_type = string\n  }\n  literal {\n    value = upper(\"x\")\n  }\n}\nfunction \"inc\" {\n  params = [n]\n  result = n + 1\n}\n",
    );
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(
        implied_type(&spec.root),
        Type::tuple([
            Type::map(Type::object([("x", Type::list(Type::Number))])),
            Type::map(Type::String),
            Type::String,
        ])
    );
    let inc = &spec.functions["inc"];
    assert_eq!(inc.call(&[Value::number(1)]).unwrap(), Value::number(2));
}

// Wording recorded from the reference hcldec (hcl v2.14.1).
#[test]
fn spec_file_errors() {
    let (_, diags) = load("attr {\n  name = \"a\"\n  type = strin\n}\n");
    let mut s = summaries(&diags);
    s.sort();
    assert_eq!(s, ["Invalid type expression", "Unknown variable"]);
    let (_, diags) = load("");
    assert_eq!(summaries(&diags), ["Missing spec block"]);
    let (_, diags) = load("attr {\n  type = string\n}\n");
    assert_eq!(summaries(&diags), ["Missing name in attribute spec"]);
    let (_, diags) = load("block_map {\n  block_type = \"b\"\n  literal {\n    value = 1\n  }\n}\n");
    assert_eq!(summaries(&diags), ["Missing required argument"]);
    let (_, diags) = load("block_list {\n  literal {\n    value = 1\n  }\n}\n");
    assert_eq!(summaries(&diags), ["Missing block_type in block_list spec"]);
}

#[test]
fn single_spec_default_is_that_spec() {
    let (spec, diags) = load("default {\n  literal {\n    value = 1\n  }\n}\n");
    assert!(!diags.has_errors());
    assert_eq!(diags.0[0].summary, "Useless default block");
    assert_eq!(decode(&body(""), &spec.root, None).0, Value::number(1));
}
