//! What the recorded cases (tests/data/recorded) cannot show: unknown arguments (the console has
//! none), inputs on which Terraform v1.0.3 panics (hclkit returns an error instead; see
//! docs/spec-departures.md), the sensitivity functions (hclkit values carry no marks), and
//! the functions added after v1.0.3 (from Terraform's documentation).

// Variables are passed as `&[var.clone()]` for uniformity with calls of several variables.
#![allow(clippy::cloned_ref_to_slice_refs)]

use hclkit::eval::{evaluate, EvalContext};
use hclkit_terraform::{functions, Options};
use hclkit_value::{Type, Value};

/// The value of `expr` with Terraform's table and variables `vars`, or the first error's
/// summary and detail.
fn eval(expr: &str, vars: &[(&str, Value)]) -> Result<Value, (String, String)> {
    let ctx = EvalContext::new().with_functions(functions(&Options::new())).with_variables(vars.iter().cloned());
    let (file, diags) = hclkit::parse_expression(expr.as_bytes().to_vec(), "t.hcl").into_parts();
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

#[test]
fn templatestring_renders_a_referenced_string() {
    let t = ("t", Value::string("Hello, ${upper(name)}%{ for i in [1, 2] }.${i}%{ endfor }"));
    assert_eq!(ok("templatestring(t, {name = \"ann\"})", &[t.clone()]), Value::string("Hello, ANN.1.2"));
    assert_eq!(ok("templatestring(t, tomap({name = \"b\"}))", &[t.clone()]), Value::string("Hello, B.1.2"));
    let (summary, detail) = eval("templatestring(\"x${1}\", {})", &[]).unwrap_err();
    assert_eq!(summary, "Invalid function argument");
    assert!(
        detail.contains("templatestring is only for rendering templates that are not part of the configuration"),
        "{detail}"
    );
    let (_, detail) = eval("templatestring(upper(t), {})", &[t.clone()]).unwrap_err();
    assert!(detail.contains("must be a direct reference to a single string"), "{detail}");
    let (_, detail) = eval("templatestring(t, {})", &[t.clone()]).unwrap_err();
    assert_eq!(
        detail,
        "Invalid value for \"vars\" parameter: vars map does not contain key \"name\", referenced at templatestring template:1,16-20."
    );
    let (_, detail) = eval("templatestring(t, {\"a-b\" = 1, \"1x\" = 2})", &[t.clone()]).unwrap_err();
    assert!(detail.contains("invalid template variable name \"1x\""), "{detail}");
    let (_, detail) = eval("templatestring(t, [])", &[t.clone()]).unwrap_err();
    assert_eq!(detail, "Invalid value for \"vars\" parameter: invalid vars value: must be a map.");
    // Templates cannot render templates.
    let r = ("r", Value::string("${templatestring(x, {})}"));
    let (_, detail) = eval("templatestring(r, {x = \"y\"})", &[r]).unwrap_err();
    assert!(
        detail.contains("cannot recursively call templatestring from inside another template function"),
        "{detail}"
    );
    // An unknown template renders unknown.
    let u = ("u", Value::unknown(Type::String));
    assert_eq!(ok("templatestring(u, {})", &[u]), Value::unknown(Type::String));
}

#[test]
fn builtin_provider_functions_encode_and_decode() {
    let table = functions(&Options::new());
    let call = |name: &str, v: Value| table[name].call(&[v]);
    let expr = |v: Value| call("provider::terraform::encode_expr", v).unwrap();
    assert_eq!(expr(Value::string("a\"b\n${x}%{y}$z")), Value::string(r#""a\"b\n$${x}%%{y}$z""#));
    assert_eq!(expr(ok("1.5", &[])), Value::string("1.5"));
    assert_eq!(expr(Value::null(Type::String)), Value::string("null"));
    assert_eq!(expr(Value::list(vec![1.into(), 2.into()]).unwrap()), Value::string("[1, 2]"));
    assert_eq!(expr(Value::empty_object()), Value::string("{}"));
    let nested = Value::object([
        ("a", Value::number(1)),
        ("long-name", Value::object([("x y", Value::bool(true))])),
        ("t", Value::tuple(vec![Value::string("\u{1}"), Value::null(Type::Bool)])),
    ]);
    assert_eq!(
        expr(nested.clone()),
        Value::string("{\n  a = 1\n  long-name = {\n    \"x y\" = true\n  }\n  t = [\"\\u0001\", null]\n}")
    );
    let tfvars = |v: Value| call("provider::terraform::encode_tfvars", v);
    assert_eq!(
        tfvars(Value::map([("b", Value::number(2)), ("a", Value::number(1))]).unwrap()).unwrap(),
        Value::string("a = 1\nb = 2\n")
    );
    assert_eq!(
        tfvars(Value::object([("0x", Value::number(1))])).unwrap_err().message(),
        "invalid variable name \"0x\": must be a valid identifier, per Terraform's rules for input variable declarations"
    );
    assert!(tfvars(Value::string("x")).unwrap_err().message().starts_with("invalid value to encode"));
    assert_eq!(
        tfvars(Value::null(Type::Dynamic)).unwrap_err().message(),
        "cannot encode a null value in tfvars syntax"
    );
    // Round trip through decode_tfvars.
    let src = tfvars(Value::object([("n", nested)])).unwrap();
    let decoded = call("provider::terraform::decode_tfvars", src).unwrap();
    assert_eq!(decoded.get_attr("n").and_then(|n| n.get_attr("a")), Some(&Value::number(1)));
    let decode = |s: &str| call("provider::terraform::decode_tfvars", Value::string(s));
    assert_eq!(decode("").unwrap(), Value::empty_object());
    assert_eq!(
        decode("a = ").unwrap_err().message(),
        "invalid tfvars syntax: <decode_tfvars argument>:1,5-5: Missing expression; Expected the start of an expression, but found the end of the file."
    );
    assert!(decode("b {}\n").unwrap_err().message().starts_with("invalid tfvars content: "));
    assert!(decode("a = x\n").unwrap_err().message().starts_with("invalid expression for variable \"a\": "));
    assert_eq!(decode_null(&table), "cannot decode tfvars from a null value");
}

fn decode_null(table: &std::collections::BTreeMap<&'static str, hclkit_value::function::Function>) -> String {
    table["provider::terraform::decode_tfvars"].call(&[Value::null(Type::String)]).unwrap_err().message().to_owned()
}

#[test]
fn matchkeys_of_long_lists_hashes_instead_of_comparing_every_pair() {
    // 20,000 keys against 20,000 search values: 400 million comparisons the pairwise search
    // (Terraform's) would make; hashing makes it linear. A regression shows as a stalled test.
    let n = 20_000;
    let list = |f: &dyn Fn(i64) -> Value| Value::list((0..n).map(f).collect()).unwrap();
    let values = list(&|i| Value::number(i));
    let keys = list(&|i| Value::string(format!("k{i}")));
    let search = list(&|i| Value::string(format!("k{}", i * 2 + 1)));
    let out = functions(&Options::new())["matchkeys"].call(&[values, keys, search]).unwrap();
    assert_eq!(out.length(), Some(10_000));
    assert_eq!(out.elements().unwrap()[0], Value::number(1));
    // Mixed types unify first ("1" matches 1), and null matches null.
    assert_eq!(
        ok("matchkeys([\"a\", \"b\", \"c\"], [1, null, 2], [\"1\", null])", &[]),
        ok("tolist([\"a\", \"b\"])", &[])
    );
}
