//! The evaluation examples of `shared/spec/native-syntax.md` (for expressions, splats,
//! conditionals, template stripping and unwrapping), each with the result the specification
//! states. Where the specification's example is itself broken, the test says so and checks the
//! reference's behaviour (hcl v2.14.1, checked with `hcleval`).

use hclkit::eval::{evaluate, EvalContext};
use hclkit::Diagnostics;
use hclkit_value::{stdlib, Type, Value};

fn ctx() -> EvalContext {
    let object = |id: &str| {
        Value::object([
            ("id", Value::string(id)),
            ("foo", Value::object([("bar", Value::tuple(vec![Value::number(1), Value::number(2)]))])),
        ])
    };
    EvalContext::new()
        .with_variables([
            ("tuple", Value::tuple(vec![object("a"), object("b")])),
            ("any_object", object("x")),
            ("any_number", Value::number(7)),
            ("some_list", Value::list(vec![Value::string("first")]).unwrap()),
            ("empty_list", Value::empty_list(Type::String)),
            ("default", Value::string("fallback")),
            ("null_number", Value::null(Type::Number)),
        ])
        .with_functions(stdlib::spec_functions())
}

fn eval(src: &str) -> (Value, Diagnostics) {
    let (e, d) = hclkit::parse_expression(src.as_bytes().to_vec(), "spec.hcl");
    assert!(!d.has_errors(), "{src}: {d}");
    evaluate(e.expr(), Some(&ctx()))
}

fn template(src: &str) -> (Value, Diagnostics) {
    let (e, d) = hclkit::parse_template(src.as_bytes().to_vec(), "spec.hcl");
    assert!(!d.has_errors(), "{src}: {d}");
    evaluate(e.expr(), Some(&ctx()))
}

fn ok(v: (Value, Diagnostics)) -> Value {
    assert!(v.1.is_empty(), "{}", v.1);
    v.0
}

fn same(a: &str, b: &str) {
    assert_eq!(ok(eval(a)), ok(eval(b)), "{a} vs {b}");
}

fn strs(items: &[&str]) -> Value {
    Value::tuple(items.iter().map(|s| Value::string(*s)).collect())
}

fn nums(items: &[i64]) -> Value {
    Value::tuple(items.iter().map(|n| Value::number(*n)).collect())
}

#[test]
fn for_expressions() {
    assert_eq!(ok(eval(r#"[for v in ["a", "b"]: v]"#)), strs(&["a", "b"]));
    assert_eq!(ok(eval(r#"[for i, v in ["a", "b"]: i]"#)), nums(&[0, 1]));
    assert_eq!(
        ok(eval(r#"{for i, v in ["a", "b"]: v => i}"#)),
        Value::object([("a", Value::number(0)), ("b", Value::number(1))])
    );
    // The specification's `k => v` names no variable `k`; with `v => i` the duplicate key is
    // the error it describes.
    let (_, d) = eval(r#"{for i, v in ["a", "a", "b"]: v => i}"#);
    let first = d.iter().next().expect("an error");
    assert_eq!(first.summary, "Duplicate object key");
    assert_eq!(
        ok(eval(r#"{for i, v in ["a", "a", "b"]: v => i...}"#)),
        Value::object([("a", nums(&[0, 1])), ("b", nums(&[2]))])
    );
    assert_eq!(ok(eval(r#"[for i, v in ["a", "b", "c"]: v if i < 2]"#)), strs(&["a", "b"]));
}

#[test]
fn for_expressions_visit_maps_in_key_order() {
    assert_eq!(ok(eval("[for k, v in {b = 1, a = 2, c = 3}: k]")), strs(&["a", "b", "c"]));
}

#[test]
fn splats_are_for_expression_shorthands() {
    same("tuple.*.foo.bar[0]", "[for v in tuple: v.foo.bar][0]");
    same("tuple[*].foo.bar[0]", "[for v in tuple: v.foo.bar[0]]");
    same("any_object.*.id", "[any_object.id]");
    same("any_number.*", "[any_number]");
    assert_eq!(ok(eval("null_number.*")), Value::empty_tuple());
    assert_eq!(ok(eval("null_number[*]")), Value::empty_tuple());
}

#[test]
fn conditional_does_not_evaluate_errors_in_the_branch_not_taken() {
    assert_eq!(ok(eval("length(some_list) > 0 ? some_list[0] : default")), Value::string("first"));
    assert_eq!(ok(eval("length(empty_list) > 0 ? empty_list[0] : default")), Value::string("fallback"));
}

#[test]
fn strip_markers() {
    assert_eq!(ok(template(r#"hello ${~ "world" }"#)), Value::string("helloworld"));
    assert_eq!(ok(template("%{ if true ~} hello %{~ endif }")), Value::string("hello"));
    assert_eq!(ok(template(r#"${"hello" ~}${" world"}"#)), Value::string("hello world"));
}

#[test]
fn interpolation_unwrapping() {
    assert_eq!(ok(template("${true}")), Value::bool(true));
    assert_eq!(ok(template(r#"${"${true}"}"#)), Value::bool(true));
    assert_eq!(ok(template("hello ${true}")), Value::string("hello true"));
    assert_eq!(ok(template(r#"${""}${true}"#)), Value::string("true"));
    // The specification closes this `for` with `endif`, which the reference rejects; with
    // `endfor` the directive circumvents the unwrapping as described.
    assert_eq!(ok(template("%{ for v in [true] }${v}%{ endfor }")), Value::string("true"));
    let (_, d) = hclkit::parse_template(b"%{ for v in [true] }${v}%{ endif }".to_vec(), "spec.hcl");
    assert!(d.has_errors());
}
