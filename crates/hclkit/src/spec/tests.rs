//! Spec decoding on native bodies. Expected wording from the reference's hcldec/spec.go
//! (hcl v2.14.1).

use super::*;
use crate::diagnostic::Diagnostics;
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
fn objects_of_one_spec_with_changing_shapes() {
    // The objects of one `object` spec share the last one's type while the attribute types
    // stay the same; a change of type (an `any` attribute) or names that normalise together
    // take the general path. Each object is what `Value::object` makes of its attributes.
    let b = body("item {\n  a = 1\n}\nitem {\n  a = 2\n}\nitem {\n  a = \"x\"\n}\nitem {\n  a = 3\n}\n");
    let item = Spec::object([("a", Spec::attr("a", Type::Dynamic, false)), ("b", lit(Value::bool(true)))]);
    let spec = Spec::object([("items", Spec::block_list("item", item, 0, 0))]);
    let (v, diags) = decode(&b, &spec, None);
    assert!(diags.is_empty(), "{diags}");
    // The list unifies the element types: the numbers become strings.
    let obj = |a: &str| Value::object([("a", Value::string(a)), ("b", Value::bool(true))]);
    assert_eq!(v.get_attr("items"), Some(&Value::list(vec![obj("1"), obj("2"), obj("x"), obj("3")]).unwrap()));

    // Two spec names that are one name once NFC-normalised, and the objects of a list of them.
    let b = body("item {}\nitem {}\n");
    let item = Spec::object([
        ("e\u{301}", lit(Value::number(1))),
        ("\u{e9}", lit(Value::number(2))),
        ("f", lit(Value::number(3))),
    ]);
    let spec = Spec::object([("items", Spec::block_list("item", item, 0, 0))]);
    let (v, diags) = decode(&b, &spec, None);
    assert!(diags.is_empty(), "{diags}");
    let obj = Value::object([("e\u{301}", Value::number(1)), ("\u{e9}", Value::number(2)), ("f", Value::number(3))]);
    assert_eq!(obj.ty().object_type().map(|o| o.len()), Some(2));
    assert_eq!(v.get_attr("items"), Some(&Value::list(vec![obj.clone(), obj]).unwrap()));
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

#[test]
fn user_function_body_is_evaluated_once_per_call() {
    // The return type is found by evaluating the body; the call then takes that result.
    // Counted in budget units: a `for` over 1,000 elements charges about one per element.
    let (spec, diags) =
        load("literal {\n  value = 1\n}\nfunction \"copy\" {\n  params = [l]\n  result = [for x in l : x]\n}\n");
    assert!(diags.is_empty(), "{diags}");
    let list = Value::tuple((0..1000).map(Value::number).collect());
    let used = |src: &str| {
        let budget = crate::context::Budget::new(1_000_000);
        let ctx = EvalContext::new()
            .with_functions(spec.functions.clone())
            .with_variable("l", list.clone())
            .with_budget(budget.clone());
        let (e, diags) = crate::parse_expression(src.as_bytes(), "x.hcl");
        assert!(diags.is_empty(), "{diags}");
        let (v, diags) = crate::syntax::native::NativeExpression::from_expr_file(&e).value(Some(&ctx));
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(v.length(), Some(1000));
        budget.used()
    };
    let (direct, call) = (used("[for x in l : x]"), used("copy(l)"));
    assert!(direct >= 1000, "{direct}");
    // The call's result is charged its size as well (a second `direct`); a second evaluation
    // of the body would make it three.
    assert!(call < direct * 5 / 2, "the call charged {call}, one evaluation {direct}");
    // Another call with other arguments is not answered from the first.
    let inc = &spec.functions["copy"];
    assert_eq!(inc.call(&[Value::tuple(vec![Value::number(7)])]).unwrap(), Value::tuple(vec![Value::number(7)]));
    assert_eq!(inc.call(&[Value::tuple(vec![Value::number(8)])]).unwrap(), Value::tuple(vec![Value::number(8)]));
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

/// The first diagnostic's summary and subject ("line,col-line,col").
fn first(diags: &Diagnostics) -> (String, String) {
    let d = diags.iter().next().expect("a diagnostic");
    let r = d.subject.as_ref().expect("a subject");
    (d.summary.to_string(), format!("{},{}-{},{}", r.start.line, r.start.column, r.end.line, r.end.column))
}

// Recorded from the reference hcldec (hcl v2.14.1): the first diagnostic and its subject.
// (The conformance group `spec_errors` runs these and more through hcldec.)
#[test]
fn spec_loader_diagnostics() {
    let lit = "literal {\n  value = 1\n}\n";
    let cases: Vec<(String, &str, &str)> = vec![
        ("transform {\n  result = 1\n}\n".into(), "Invalid transform spec", "1,11-1,11"),
        (
            "transform {\n  result = nested\n  literal {\n    value = 1\n  }\n  literal {\n    value = 2\n  }\n}\n".into(),
            "Invalid transform spec",
            "1,11-1,11",
        ),
        ("default {\n}\n".into(), "Missing spec block", "1,9-1,9"),
        ("block {\n  block_type = \"b\"\n}\n".into(), "Missing spec block", "1,7-1,7"),
        (
            "block {\n  block_type = \"b\"\n  literal {\n    value = 1\n  }\n  literal {\n    value = 2\n  }\n}\n".into(),
            "Extraneous spec block",
            "6,3-6,10",
        ),
        ("literal {\n}\n".into(), "Missing required argument", "1,9-1,9"),
        (
            "block_list {\n  block_type = \"b\"\n  min_items = 1.5\n  literal {\n    value = 1\n  }\n}\n".into(),
            "Unsuitable value type",
            "3,15-3,18",
        ),
        (
            "block_list {\n  block_type = \"b\"\n  min_items = \"x\"\n  literal {\n    value = 1\n  }\n}\n".into(),
            "Unsuitable value type",
            "3,16-3,17",
        ),
        (
            "block_map {\n  block_type = \"b\"\n  labels = []\n  attr {\n    name = \"v\"\n    type = number\n  }\n}\n".into(),
            "Invalid block label name list",
            "1,11-1,11",
        ),
        (
            "block_map {\n  block_type = \"b\"\n  labels = [\"a\", null]\n  attr {\n    name = \"v\"\n    type = number\n  }\n}\n"
                .into(),
            "Unsuitable value type",
            "3,12-3,13",
        ),
        ("block_set {\n  literal {\n    value = 1\n  }\n}\n".into(), "Missing block_type in block_set spec", "1,11-1,11"),
        (
            "block_map {\n  labels = [\"a\"]\n  literal {\n    value = 1\n  }\n}\n".into(),
            "Missing block_type in block_map spec",
            "1,11-1,11",
        ),
        (
            format!("function \"f\" {{\n  params = [a, \"b\"]\n  result = 1\n}}\n{lit}"),
            "Invalid param element",
            "2,16-2,19",
        ),
        (
            format!("function \"f\" {{\n  params = []\n  variadic_param = \"x\"\n  result = 1\n}}\n{lit}"),
            "Invalid variadic_param",
            "3,20-3,23",
        ),
        (format!("function {{\n  params = []\n  result = 1\n}}\n{lit}"), "Missing name for function", "1,10-1,11"),
        (format!("function \"f\" {{\n  params = []\n}}\n{lit}"), "Missing required argument", "1,14-1,14"),
        (format!("function \"f\" {{\n  result = 1\n}}\n{lit}"), "Missing required argument", "1,14-1,14"),
        (format!("function \"f\" {{\n  params = a\n  result = 1\n}}\n{lit}"), "Invalid expression", "2,12-2,13"),
    ];
    for (src, summary, subject) in cases {
        let (_, diags) = load(&src);
        assert_eq!(first(&diags), (summary.to_owned(), subject.to_owned()), "{src}");
    }
    let (_, diags) = load("block_map {\n  block_type = \"b\"\n  labels = [\"a\", null]\n  attr {\n    name = \"v\"\n    type = number\n  }\n}\n");
    assert_eq!(diags.0[0].detail, "Unsuitable value: null value is not allowed");
}

// Not the reference's (it rejects `block_attrs`): the block_type is required as for the
// other block specs.
#[test]
fn block_attrs_needs_a_block_type() {
    let (_, diags) = load("block_attrs {\n  element_type = string\n}\n");
    assert_eq!(first(&diags), ("Missing block_type in block_attrs spec".to_owned(), "1,13-1,13".to_owned()));
    let (spec, diags) = load("object {\n  block_attrs \"env\" {\n    element_type = string\n  }\n}\n");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(implied_type(&spec.root), Type::object([("env", Type::map(Type::String))]));
}

// As the reference: a root `block` without a block_type is accepted and asks for blocks of
// type "" (only JSON can write one), with no "Did you mean" towards "".
#[test]
fn block_without_block_type() {
    let (spec, diags) = load("block {\n  attr {\n    name = \"v\"\n    type = number\n  }\n}\n");
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(decode(&body(""), &spec.root, None).0, Value::null(Type::Number));
    let (_, diags) = decode(&body("b {\n  v = 1\n}\n"), &spec.root, None);
    assert_eq!(diags.0[0].detail, "Blocks of type \"b\" are not expected here.");
}

#[test]
fn value_source_ranges_follow_the_path() {
    let (spec, diags) = load(
        "object {\n  attr \"a\" { type = any }\n  block_set \"s\" {\n    attr {\n      name = \"v\"\n      type = number\n    }\n  }\n  block_map \"m\" {\n    labels = [\"k\", \"l\"]\n    attr {\n      name = \"w\"\n      type = number\n    }\n  }\n  block_attrs \"env\" {\n    element_type = number\n  }\n  default \"d\" {\n    attr {\n      name = \"d1\"\n      type = number\n    }\n    literal {\n      value = 5\n    }\n  }\n  array \"t\" {\n    literal {\n      value = 1\n    }\n    block {\n      block_type = \"b\"\n      attr {\n        name = \"x\"\n        type = number\n      }\n    }\n  }\n  transform \"tr\" {\n    attr {\n      name = \"y\"\n      type = number\n    }\n    result = [nested]\n  }\n}\n",
    );
    assert!(!diags.has_errors(), "{diags}");
    let b = body(
        "a = [1, {c = 2}]\ns {\n  v = 1\n}\ns {\n  v = 2\n}\nm \"p\" \"q\" {\n  w = 3\n}\nenv {\n  X = 4\n}\nb {\n  x = 6\n}\ny = 7\n",
    );
    let at = |path: hclkit_value::Path| {
        let r = value_source_range(&b, &spec.root, &path, None);
        format!("{}:{},{}-{},{}", r.filename, r.start.line, r.start.column, r.end.line, r.end.column)
    };
    let root = hclkit_value::Path::root;
    assert_eq!(at(root()), "in.hcl:1,1-1,1");
    // Inside an attribute's value: the attribute's expression.
    assert_eq!(at(root().attr("a").index(Value::number(1)).attr("c")), "in.hcl:1,5-1,17");
    // A set element is the block that decodes to it.
    assert_eq!(at(root().attr("s").index(Value::number(2))), "in.hcl:6,7-6,8");
    assert_eq!(at(root().attr("s").index(Value::number(9))), "in.hcl:3,7-3,8");
    assert_eq!(at(root().attr("m").index(Value::string("p")).index(Value::string("q"))), "in.hcl:9,7-9,8");
    assert_eq!(at(root().attr("m").index(Value::string("p"))), "in.hcl:9,7-9,8");
    assert_eq!(at(root().attr("env").index(Value::string("X"))), "in.hcl:12,7-12,8");
    // A default's literal has no range in the body: the body's.
    assert_eq!(at(root().attr("d")), "in.hcl:1,1-1,1");
    assert_eq!(at(root().attr("t").index(Value::number(1))), "in.hcl:15,7-15,8");
    assert_eq!(at(root().attr("t").index(Value::number(0))), "in.hcl:1,1-1,1");
    // Through a transform: where its wrapped spec's value comes from.
    assert_eq!(at(root().attr("tr").index(Value::number(0))), "in.hcl:17,5-17,6");
}
