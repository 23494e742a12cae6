//! Namespaced function calls (HCL v2.20: `provider::aws::arn_parse(x)`, `core::max(1, 2)`), a
//! departure from the v2.14.1 reference, which refuses them (`docs/spec-departures.md`, "Newer
//! HCL"). The wording, subjects and contexts of the diagnostics are those of hashicorp/hcl
//! v2.20's parser and evaluator; the formatter's cases are in `tests/data/fmt/namespaced`
//! (`terraform fmt` v1.11.4, checked by `fmt.rs`).

use hclkit::body::{expr_call, Body, Expression};
use hclkit::eval::{evaluate, EvalContext};
use hclkit::syntax::json::JsonBody;
use hclkit::syntax::native::ast::Expr;
use hclkit::syntax::native::NativeExpression;
use hclkit::transcode::{json_to_native, native_to_json, Schema, ToJsonOptions};
use hclkit::Diagnostics;
use hclkit_value::function::{Function, Parameter};
use hclkit_value::{stdlib, Type, Value};

/// A context with `core::max`, `core::upper`, `provider::aws::arn_parse` (returns its
/// argument) and the plain standard library.
fn ctx() -> EvalContext {
    let echo = Function::builder()
        .param(Parameter::new("arn", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| Ok(args[0].clone()))
        .build();
    let table = stdlib::all();
    let max = table["max"].clone();
    let upper = table["upper"].clone();
    EvalContext::new().with_functions(table.into_iter().map(|(n, f)| (n.to_owned(), f)).chain([
        ("core::max".to_owned(), max),
        ("core::upper".to_owned(), upper),
        ("provider::aws::arn_parse".to_owned(), echo),
    ]))
}

/// `(summary, detail, subject, context)` of each diagnostic.
fn diags(d: &Diagnostics) -> Vec<(String, String, String, String)> {
    d.iter()
        .map(|d| {
            let r = |r: &Option<hclkit::Range>| r.as_ref().map(|r| r.to_string()).unwrap_or_default();
            (d.summary.to_string(), d.detail.to_string(), r(&d.subject), r(&d.context))
        })
        .collect()
}

fn eval(src: &str) -> (Value, Vec<(String, String, String, String)>) {
    let (file, d) = hclkit::parse_expression(src.as_bytes().to_vec(), "x.hcl").into_parts();
    assert!(!d.has_errors(), "{src}: {d:?}");
    let (v, d) = evaluate(file.expr(), Some(&ctx()));
    (v, diags(&d))
}

fn parse_diags(src: &str) -> Vec<(String, String, String, String)> {
    diags(&hclkit::parse_expression(src.as_bytes().to_vec(), "x.hcl").into_diagnostics())
}

fn one(summary: &str, detail: &str, subject: &str, context: &str) -> Vec<(String, String, String, String)> {
    vec![(summary.to_owned(), detail.to_owned(), subject.to_owned(), context.to_owned())]
}

#[test]
fn a_path_of_names_is_one_call() {
    let (file, d) = hclkit::parse_expression(b"provider::aws::arn_parse(var.arn, 2)".to_vec(), "x.hcl").into_parts();
    assert!(!d.has_errors(), "{d:?}");
    let Expr::FunctionCall(c) = file.expr() else { panic!("not a call: {:?}", file.expr()) };
    assert_eq!(c.name(), "provider::aws::arn_parse");
    assert!(matches!(c.name(), std::borrow::Cow::Borrowed(_)), "written without spaces: borrowed");
    assert!(c.is_namespaced());
    assert_eq!(file.text(c.name_span()), "provider::aws::arn_parse");
    assert_eq!(file.text(c.open_paren_span()), "(");
    assert_eq!(c.args().count(), 2);

    let file = hclkit::parse_expression(b"max(1)".to_vec(), "x.hcl").into_value();
    let Expr::FunctionCall(c) = file.expr() else { panic!("not a call") };
    assert!(!c.is_namespaced());
    assert_eq!(c.name(), "max");
}

#[test]
fn spaces_comments_and_ignored_newlines_may_separate_the_parts() {
    for src in ["core :: max(1, 2)", "core::\tmax(1, 2)", "[core /* c */ :: max(1, 2)]", "(core\n::\nmax(1, 2))"] {
        let (file, d) = hclkit::parse_expression(src.as_bytes().to_vec(), "x.hcl").into_parts();
        assert!(!d.has_errors(), "{src}: {d:?}");
        let (v, d) = evaluate(file.expr(), Some(&ctx()));
        assert!(d.is_empty(), "{src}: {d:?}");
        let two = Value::number(2);
        assert!(v == two || v == Value::tuple(vec![two]), "{src}: {v:?}");
    }
    let file = hclkit::parse_expression(b"core :: max(1)".to_vec(), "x.hcl").into_value();
    let Expr::FunctionCall(c) = file.expr() else { panic!("not a call") };
    assert_eq!(c.name(), "core::max");
    assert_eq!(file.text(c.name_span()), "core :: max");
}

#[test]
fn where_newlines_matter_a_path_does_not_continue_over_one() {
    // `a` then `::b()` on the next line: the attribute ends at the newline, and `::` cannot
    // start the next item.
    let d = hclkit::parse_config(b"x = a\n::b()\n".to_vec(), "x.hcl").into_diagnostics();
    assert!(d.has_errors());
    let first = diags(&d).remove(0);
    assert_eq!(first.0, "Argument or block definition required", "{first:?}");
    // A newline after `::`, where newlines matter, is where the name is missing.
    let d = hclkit::parse_config(b"x = a::\nb()\n".to_vec(), "x.hcl").into_diagnostics();
    assert_eq!(
        diags(&d)[0],
        one(
            "Missing function name",
            "Function scope resolution symbol :: must be followed by a function name in this scope.",
            "x.hcl:1,8-2,1",
            "x.hcl:1,5-2,1"
        )[0]
    );
}

#[test]
fn a_name_must_follow_each_separator() {
    let detail = "Function scope resolution symbol :: must be followed by a function name in this scope.";
    assert_eq!(parse_diags("core::"), one("Missing function name", detail, "x.hcl:1,7-7", "x.hcl:1,1-7"));
    assert_eq!(parse_diags("a::1(2)"), one("Missing function name", detail, "x.hcl:1,4-5", "x.hcl:1,1-5"));
    // The parser recovers over the next parenthesised group.
    assert_eq!(parse_diags("a::b::(1)"), one("Missing function name", detail, "x.hcl:1,7-8", "x.hcl:1,1-8"));
    assert_eq!(parse_diags("f(a:: , 2)"), one("Missing function name", detail, "x.hcl:1,7-8", "x.hcl:1,3-8"));
}

#[test]
fn a_path_must_be_followed_by_a_parenthesis() {
    let detail = "Function selector must be followed by an open parenthesis to begin the function call.";
    assert_eq!(parse_diags("core::max"), one("Missing open parenthesis", detail, "x.hcl:1,10-10", "x.hcl:1,1-10"));
    assert_eq!(
        parse_diags("provider::aws::arn.x"),
        one("Missing open parenthesis", detail, "x.hcl:1,19-20", "x.hcl:1,1-20")
    );
    assert_eq!(parse_diags("a::b + 1"), one("Missing open parenthesis", detail, "x.hcl:1,6-7", "x.hcl:1,1-7"));
}

#[test]
fn a_separator_anywhere_else_is_an_invalid_expression() {
    let d = parse_diags("::max(1)");
    assert_eq!(d[0].0, "Invalid expression");
    assert_eq!(d[0].2, "x.hcl:1,1-3");
    let d = parse_diags("1 + ::a");
    assert_eq!(d[0].0, "Invalid expression");
    assert_eq!(d[0].2, "x.hcl:1,5-7");
    // After a traversal it is extra text.
    let d = parse_diags("a.b::c()");
    assert_eq!(d[0].0, "Extra characters after expression");
    // Three colons: `::` then `:`.
    let d = parse_diags("a:::b()");
    assert_eq!(d[0].0, "Missing function name");
}

#[test]
fn calls_evaluate_by_their_whole_name() {
    assert_eq!(eval("core::max(1, 5, 2)"), (Value::number(5), vec![]));
    assert_eq!(eval("provider::aws::arn_parse(\"arn:x\")"), (Value::string("arn:x"), vec![]));
    assert_eq!(eval("core::max([3, 4]...)"), (Value::number(4), vec![]));
    assert_eq!(eval("\"${core::upper(\"a\")}-${core::max(1, 2)}\""), (Value::string("A-2"), vec![]));
    assert_eq!(eval("[for x in [1, 9] : core::max(x, 5)]").0, Value::tuple(vec![Value::number(5), Value::number(9)]));
    // Argument errors name the whole function.
    let (_, d) = eval("provider::aws::arn_parse()");
    assert_eq!(d[0].0, "Not enough function arguments");
    assert_eq!(d[0].1, "Function \"provider::aws::arn_parse\" expects 1 argument(s). Missing value for \"arn\".");
}

#[test]
fn unknown_namespaced_functions_say_what_the_namespace_has() {
    let (v, d) = eval("core::maz(1)");
    assert_eq!(v, Value::dynamic());
    assert_eq!(
        d,
        one(
            "Call to unknown function",
            "There is no function named \"maz\" in namespace core::. Did you mean core::max?",
            "x.hcl:1,1-10",
            "x.hcl:1,1-13"
        )
    );
    let (_, d) = eval("core::nothing_like_it(1)");
    assert_eq!(d[0].1, "There is no function named \"nothing_like_it\" in namespace core::.");
    let (_, d) = eval("provider::gcp::arn_parse(1)");
    assert_eq!(d[0].1, "There are no functions in namespace \"provider::gcp::\".");
    // `provider::` has functions (under `provider::aws::`), so the last `::` decides.
    let (_, d) = eval("provider::x(1)");
    assert_eq!(d[0].1, "There is no function named \"x\" in namespace provider::.");
    let (_, d) = eval("core :: maz(1)");
    assert_eq!(d[0].2, "x.hcl:1,1-12", "the subject is the whole name");
    // Plain names keep their message.
    let (_, d) = eval("maz(1)");
    assert_eq!(d[0].1, "There is no function named \"maz\". Did you mean \"max\"?");
    // Without functions, none may be called.
    let file = hclkit::parse_expression(b"core::max(1)".to_vec(), "x.hcl").into_value();
    let (_, d) = evaluate(file.expr(), None);
    assert_eq!(diags(&d)[0].0, "Function calls not allowed");
}

#[test]
fn static_calls_see_the_whole_name() {
    let file = hclkit::parse_expression(b"provider :: aws :: arn_parse(a, b)".to_vec(), "x.hcl").into_value();
    let call = expr_call(&NativeExpression::from_expr_file(&file)).unwrap();
    assert_eq!(call.name, "provider::aws::arn_parse");
    assert_eq!(call.name_range.to_string(), "x.hcl:1,1-29");
    assert_eq!(call.arguments.len(), 2);
    // Variables inside the arguments are found as in any call.
    let vars: Vec<String> = NativeExpression::from_expr_file(&file).variables().iter().map(|t| t.to_string()).collect();
    assert_eq!(vars, ["a", "b"]);
}

#[test]
fn json_strings_are_native_templates_with_calls() {
    let src = br#"{"a": "${core::max(1, 4)}", "b": "x-${provider::aws::arn_parse(\"y\")}"}"#;
    let (file, d) = hclkit::syntax::json::parse(src.to_vec(), "x.json").into_parts();
    assert!(!d.has_errors(), "{d:?}");
    let (attrs, d) = JsonBody::from_file(&file).just_attributes();
    assert!(!d.has_errors(), "{d:?}");
    let ctx = ctx();
    let get = |n: &str| attrs[n].expr.value(Some(&ctx));
    let (a, d) = get("a");
    assert_eq!((a, d.has_errors()), (Value::number(4), false));
    assert_eq!(get("b").0, Value::string("x-y"));
    // A broken name inside a JSON string is reported at its place in the JSON file.
    let file = hclkit::syntax::json::parse(br#"{"a": "${core::}"}"#.to_vec(), "x.json").into_value();
    let (attrs, _) = JsonBody::from_file(&file).just_attributes();
    let (_, d) = attrs["a"].expr.value(Some(&ctx));
    assert_eq!(diags(&d)[0].0, "Missing function name");
    assert_eq!(diags(&d)[0].2, "x.json:1,16-17");
}

#[test]
fn convert_keeps_the_call_both_ways() {
    let src = b"a = core::max(1, 2)\nb = \"${provider :: aws :: arn_parse(x)}\"\n";
    let doc = native_to_json(src.to_vec(), "x.hcl", &ToJsonOptions::default()).unwrap();
    let json = doc.to_compact();
    assert_eq!(json, r#"{"a":"${core::max(1, 2)}","b":"${provider :: aws :: arn_parse(x)}"}"#);
    let back = json_to_native(json.into_bytes(), "x.json", &Schema::new()).unwrap();
    assert_eq!(back, "a = core::max(1, 2)\nb = provider::aws::arn_parse(x)\n");
}

#[test]
fn the_formatter_joins_the_path_and_keeps_the_tokens() {
    use hclkit::format::{format_str, tokens};
    let kinds = |s: &str| tokens(s.as_bytes()).into_iter().map(|t| (t.kind, t.text.into_owned())).collect::<Vec<_>>();
    assert_eq!(format_str("x = core :: max( 1 )\n"), "x = core::max(1)\n");
    // Broken input: a `:` before `::` keeps its space, else `:::` would read as `::` `:`.
    for src in ["x = a ? b : ::c()\n", "x = a:: :b\n", "x = a ::::b\n", "x = core :: max(1)\n"] {
        let out = format_str(src);
        assert_eq!(kinds(src), kinds(&out), "{src:?} became {out:?}");
        assert_eq!(format_str(&out), out, "{src:?}: not idempotent");
    }
}
