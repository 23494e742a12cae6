//! What the recorded cases (tests/recorded) cannot show: unknown arguments (the console has
//! none), inputs on which Terraform v1.0.3 panics (hclkit returns an error instead; see
//! docs/spec-departures.md), the sensitivity functions (hclkit values carry no marks), and
//! the functions added after v1.0.3 (from Terraform's documentation).

use hclkit::eval::{evaluate, EvalContext};
use hclkit_terraform::{functions, Options};
use hclkit_value::{Type, Value};

/// The value of `expr` with Terraform's table and variables `vars`, or the first error's
/// summary and detail.
fn eval(expr: &str, vars: &[(&str, Value)]) -> Result<Value, (String, String)> {
    let ctx = EvalContext::new().with_functions(functions(&Options::new())).with_variables(vars.iter().cloned());
    let (file, diags) = hclkit::parse_expression(expr.as_bytes().to_vec(), "t.hcl");
    assert!(!diags.has_errors(), "{expr}: {diags:?}");
    let (v, diags) = evaluate(file.expr(), Some(&ctx));
    match diags.iter().find(|d| d.severity == hclkit::Severity::Error) {
        Some(d) => Err((d.summary.to_string(), d.detail.to_string())),
        None => Ok(v),
    }
}

fn ok(expr: &str, vars: &[(&str, Value)]) -> Value {
    eval(expr, vars).unwrap_or_else(|e| panic!("{expr}: {e:?}"))
}

fn unknown(ty: Type) -> Value {
    Value::unknown(ty)
}

#[test]
fn unknown_arguments() {
    let ls = ("ls", unknown(Type::list(Type::String)));
    let s = ("s", unknown(Type::String));
    let d = ("d", Value::dynamic());
    let n = ("n", unknown(Type::Number));
    let u = Value::unknown;
    assert_eq!(ok("index(ls, \"a\")", &[ls.clone()]), u(Type::Number));
    assert_eq!(ok("index([\"a\", s], \"b\")", &[s.clone()]), u(Type::Number));
    // An unknown element after the match does not matter.
    assert_eq!(ok("index([\"b\", s], \"b\")", &[s.clone()]), Value::number(0));
    assert_eq!(ok("length(s)", &[s.clone()]), u(Type::Number));
    assert_eq!(ok("length(d)", &[d.clone()]), u(Type::Number));
    assert_eq!(ok("length(ls)", &[ls.clone()]), u(Type::Number));
    assert_eq!(ok("length([s, s])", &[s.clone()]), Value::number(2));
    assert_eq!(ok("lookup({a = 1}, s)", &[s.clone()]), Value::dynamic());
    assert_eq!(ok("lookup(tomap({a = 1}), s, 2)", &[s.clone()]), u(Type::Number));
    assert_eq!(ok("lookup({a = 1}, \"b\", s)", &[s.clone()]), u(Type::String));
    assert_eq!(ok("coalesce(s, \"a\")", &[s.clone()]), u(Type::String));
    assert_eq!(ok("coalesce(\"a\", s)", &[s.clone()]), Value::string("a"));
    assert_eq!(ok("replace(s, \"/a/\", \"b\")", &[s.clone()]), u(Type::String));
    assert_eq!(ok("sum([1, n])", &[n.clone()]), u(Type::Number));
    assert_eq!(ok("sum(ls)", &[ls.clone()]), u(Type::Number));
    assert_eq!(ok("transpose({a = [s]})", &[s.clone()]), u(Type::map(Type::list(Type::String))));
    assert_eq!(ok("matchkeys([\"a\"], [s], [\"x\"])", &[s.clone()]), u(Type::list(Type::String)));
    // An empty searchset decides the answer whatever the keys are.
    assert_eq!(ok("matchkeys([\"a\"], [s], [])", &[s.clone()]), Value::empty_list(Type::String));
    assert_eq!(ok("one(ls)", &[ls.clone()]), u(Type::String));
    assert_eq!(ok("one([s])", &[s.clone()]), u(Type::String));
    let b = ("b", unknown(Type::Bool));
    assert_eq!(ok("alltrue([true, b])", &[b.clone()]), u(Type::Bool));
    assert_eq!(ok("alltrue([false, b])", &[b.clone()]), Value::bool(false));
    assert_eq!(ok("anytrue([false, b])", &[b.clone()]), u(Type::Bool));
    assert_eq!(ok("anytrue([b, true])", &[b.clone()]), Value::bool(true));
    assert_eq!(ok("startswith(s, \"a\")", &[s.clone()]), u(Type::Bool));
    assert_eq!(ok("sensitive(s)", &[s.clone()]), u(Type::String));
    assert_eq!(ok("tostring(n)", &[n]), u(Type::String));
    assert_eq!(ok("try(d, 1)", &[d]), Value::dynamic());
}

#[test]
fn where_terraform_panics_hclkit_fails_the_call() {
    // Terraform v1.0.3 answers these with "panic in function implementation" and a Go stack.
    for expr in ["sum([\"1\", \"2\"])", "sum([\"a\"])", "sum([true])", "sum([[1]])"] {
        let (summary, detail) = eval(expr, &[]).unwrap_err();
        assert_eq!(summary, "Error in function call", "{expr}");
        assert_eq!(detail, "Call to function \"sum\" failed: argument must be list, set, or tuple of number values.");
    }
    for expr in ["transpose({a = null})", "transpose({a = [null]})"] {
        let (summary, detail) = eval(expr, &[]).unwrap_err();
        assert_eq!(summary, "Error in function call", "{expr}");
        assert_eq!(detail, "Call to function \"transpose\" failed: input must be a map of lists of strings.");
    }
    // And these two cty functions (hclkit's stdlib already fails them).
    let (_, detail) = eval("indent(-1, \"a\\nb\")", &[]).unwrap_err();
    assert_eq!(detail, "Call to function \"indent\" failed: strings: negative Repeat count.");
    let (_, detail) = eval("log(-1, 2)", &[]).unwrap_err();
    assert_eq!(detail, "Call to function \"log\" failed: the result is not a number (NaN).");
}

#[test]
fn sensitivity_functions_pass_values_through() {
    assert_eq!(ok("sensitive(1)", &[]), Value::number(1));
    assert_eq!(ok("nonsensitive(sensitive([1]))", &[]), ok("[1]", &[]));
    // Terraform rejects nonsensitive() of a value that is not sensitive; hclkit cannot tell.
    assert_eq!(ok("nonsensitive(\"a\")", &[]), Value::string("a"));
    assert_eq!(ok("issensitive(sensitive(1))", &[]), Value::bool(false));
    assert_eq!(ok("ephemeralasnull({a = 1})", &[]), ok("{a = 1}", &[]));
    assert_eq!(ok("sensitive(null)", &[]), Value::null(Type::Dynamic));
}

#[test]
fn string_predicates_of_later_versions() {
    assert_eq!(ok("startswith(\"hello world\", \"hello\")", &[]), Value::bool(true));
    assert_eq!(ok("startswith(\"hello world\", \"world\")", &[]), Value::bool(false));
    assert_eq!(ok("startswith(\"abc\", \"\")", &[]), Value::bool(true));
    assert_eq!(ok("endswith(\"hello world\", \"world\")", &[]), Value::bool(true));
    assert_eq!(ok("endswith(\"hello world\", \"hello\")", &[]), Value::bool(false));
    assert_eq!(ok("strcontains(\"hello world\", \"o w\")", &[]), Value::bool(true));
    assert_eq!(ok("strcontains(\"hello world\", \"x\")", &[]), Value::bool(false));
    assert_eq!(ok("strcontains(1234, 23)", &[]), Value::bool(true));
    let (summary, detail) = eval("startswith(null, \"a\")", &[]).unwrap_err();
    assert_eq!(summary, "Invalid function argument");
    assert_eq!(detail, "Invalid value for \"str\" parameter: argument must not be null.");
    let (_, detail) = eval("endswith(\"a\", [])", &[]).unwrap_err();
    assert_eq!(detail, "Invalid value for \"suffix\" parameter: string required.");
}

#[test]
fn removed_and_experimental_functions_fail_with_terraforms_messages() {
    let (summary, detail) = eval("list(1)", &[]).unwrap_err();
    assert_eq!(summary, "Error in function call");
    assert!(detail.contains("use tolist([ ... ]) syntax"), "{detail}");
    let (_, detail) = eval("defaults({a = null}, {a = 1})", &[]).unwrap_err();
    assert!(detail.contains("module_variable_optional_attrs"), "{detail}");
}
