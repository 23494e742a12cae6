//! Evaluation cases the recorded fixtures cannot express (hcleval always has a variable table
//! and its own functions; its variables cannot be sets): evaluation with no context, set
//! values, application functions and their errors, and robustness on deep and random input.
//! Expected wording is the reference's (hcl v2.14.1 `hclsyntax`), read from its sources.

use crate::common::diag_lines;
use hclkit::eval::{evaluate, EvalContext};
use hclkit::Diagnostics;
use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{stdlib, Type, Value};
use proptest::prelude::*;

fn eval_src(src: &str, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    let (e, diags) = hclkit::parse_expression(src.as_bytes().to_vec(), "expr.hcl").into_parts();
    assert!(!diags.has_errors(), "parse errors in {src}: {diags}");
    evaluate(e.expr(), ctx)
}

fn summaries(d: &Diagnostics) -> Vec<String> {
    d.iter().map(|d| format!("{}: {}", d.summary, d.detail)).collect()
}

fn set_of(vals: Vec<Value>) -> Value {
    Value::set(vals).unwrap()
}

#[test]
fn no_context_forbids_variables_and_calls() {
    let (v, d) = eval_src("x + 1", None);
    assert_eq!(v, Value::unknown(Type::Number));
    assert_eq!(summaries(&d), ["Variables not allowed: Variables may not be used here."]);
    let r = d.iter().next().unwrap().subject.clone().unwrap();
    assert_eq!((r.start.byte, r.end.byte), (0, 1));

    let (v, d) = eval_src("upper(\"a\")", None);
    assert!(v.is_dynamic());
    assert_eq!(summaries(&d), ["Function calls not allowed: Functions may not be called here."]);
    let r = d.iter().next().unwrap().subject.clone().unwrap();
    assert_eq!((r.start.byte, r.end.byte), (0, 10));

    // A context without tables is the same as none.
    let (_, d) = eval_src("x", Some(&EvalContext::new()));
    assert_eq!(summaries(&d), ["Variables not allowed: Variables may not be used here."]);
}

#[test]
fn no_context_still_evaluates_constants() {
    let (v, d) = eval_src("[for x in [1, 2]: x * 10 if x > 1]", None);
    assert!(d.is_empty());
    assert_eq!(v, Value::tuple(vec![Value::number(20)]));
    // Inside a for expression the iteration variables make a table: unknown names are
    // "Unknown variable", with suggestions from the for scope; calls are still not allowed.
    let (_, d) = eval_src("[for item in [1]: itme]", None);
    assert_eq!(summaries(&d), ["Unknown variable: There is no variable named \"itme\". Did you mean \"item\"?"]);
    let (_, d) = eval_src("[for x in [1]: upper(x)]", None);
    assert_eq!(summaries(&d), ["Function calls not allowed: Functions may not be called here."]);
    let (v, d) = eval_src("[{a = 1}, {a = 2}][*].a", None);
    assert!(d.is_empty());
    assert_eq!(v, Value::tuple(vec![Value::number(1), Value::number(2)]));
}

#[test]
fn unknown_function_suggestions_only_from_the_innermost_table() {
    let ctx = EvalContext::new().with_functions(stdlib::spec_functions());
    let (_, d) = eval_src("uper(1)", Some(&ctx));
    assert_eq!(
        summaries(&d),
        ["Call to unknown function: There is no function named \"uper\". Did you mean \"upper\"?"]
    );
    // Inside a for expression the reference looks at the child scope's (empty) table.
    let (_, d) = eval_src("[for x in [1]: uper(x)]", Some(&ctx));
    assert_eq!(summaries(&d), ["Call to unknown function: There is no function named \"uper\"."]);
    // A child context without functions of its own gives no suggestion either.
    let (_, d) = eval_src("uper(1)", Some(&ctx.child()));
    assert_eq!(summaries(&d), ["Call to unknown function: There is no function named \"uper\"."]);
}

#[test]
fn child_contexts_shadow_parents() {
    let parent = EvalContext::new().with_variable("a", Value::number(1)).with_variable("b", Value::number(2));
    let child = parent.child().with_variable("a", Value::number(10));
    let (v, d) = eval_src("a + b", Some(&child));
    assert!(d.is_empty());
    assert_eq!(v, Value::number(12));
    let (_, d) = eval_src("zzz", Some(&child));
    assert_eq!(summaries(&d), ["Unknown variable: There is no variable named \"zzz\"."]);
    let (_, d) = eval_src("c", Some(&child));
    assert_eq!(summaries(&d), ["Unknown variable: There is no variable named \"c\". Did you mean \"a\"?"]);
    // A for variable shadows a context variable of the same name.
    let (v, _) = eval_src("[for a in [5]: a + b]", Some(&child));
    assert_eq!(v, Value::tuple(vec![Value::number(7)]));
}

#[test]
fn sets_iterate_in_value_order_and_cannot_be_indexed() {
    let s = set_of(vec![Value::string("b"), Value::string("a"), Value::string("c")]);
    let ctx = EvalContext::new().with_variable("s", s.clone());
    let (v, d) = eval_src("[for k, v in s: \"${k}${v}\"]", Some(&ctx));
    assert!(d.is_empty());
    let order: Vec<Value> = s
        .elements()
        .unwrap()
        .iter()
        .map(|e| {
            let e = e.as_str().unwrap();
            Value::string(format!("{e}{e}"))
        })
        .collect();
    assert_eq!(v, Value::tuple(order));

    let (v, d) = eval_src("s[0]", Some(&ctx));
    assert!(v.is_dynamic());
    assert_eq!(d.iter().next().unwrap().summary, "Invalid index");
    assert!(d.iter().next().unwrap().detail.starts_with("Elements of a set are identified only by their value"));

    // A splat over a set gives a list.
    let objs = set_of(vec![Value::object([("a", Value::number(2))]), Value::object([("a", Value::number(1))])]);
    let ctx = EvalContext::new().with_variable("objs", objs);
    let (v, d) = eval_src("objs[*].a", Some(&ctx));
    assert!(d.is_empty());
    assert_eq!(v.ty(), Type::list(Type::Number));
    assert_eq!(v.length(), Some(2));
    let (_, d) = eval_src("objs.a", Some(&ctx));
    assert_eq!(
        summaries(&d),
        ["Unsupported attribute: Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?"]
    );
    // Expanding a set into arguments.
    let ctx = EvalContext::new()
        .with_variable("nums", set_of(vec![Value::number(3), Value::number(9)]))
        .with_functions(stdlib::spec_functions());
    let (v, d) = eval_src("max(nums...)", Some(&ctx));
    assert!(d.is_empty());
    assert_eq!(v, Value::number(9));
}

#[test]
fn application_function_errors_point_at_arguments() {
    let picky = Function::builder()
        .param(Parameter::new("n", Type::Number))
        .var_param(Parameter::new("rest", Type::String))
        .static_return_type(Type::String)
        .implementation(|args, _| {
            if args.len() > 2 {
                return Err(FunctionError::arg(2, "too much"));
            }
            if args[0].as_number().and_then(|n| n.to_i64()) == Some(0) {
                return Err(FunctionError::new("zero is not allowed"));
            }
            Ok(Value::string("ok"))
        })
        .build();
    let ctx = EvalContext::new().with_function("picky", picky);
    let (v, d) = eval_src("picky(1)", Some(&ctx));
    assert!(d.is_empty());
    assert_eq!(v, Value::string("ok"));

    let (_, d) = eval_src("picky(1, \"a\", \"b\")", Some(&ctx));
    assert_eq!(summaries(&d), ["Invalid function argument: Invalid value for \"rest\" parameter: too much."]);
    let r = d.iter().next().unwrap().subject.clone().unwrap();
    // The start of a quoted template is its first part, inside the quotes.
    assert_eq!((r.start.byte, r.end.byte), (15, 16));

    let (_, d) = eval_src("picky(0)", Some(&ctx));
    assert_eq!(summaries(&d), ["Error in function call: Call to function \"picky\" failed: zero is not allowed."]);
    let r = d.iter().next().unwrap().subject.clone().unwrap();
    assert_eq!((r.start.byte, r.end.byte), (0, 6));

    let (_, d) = eval_src("picky()", Some(&ctx));
    assert_eq!(
        summaries(&d),
        ["Not enough function arguments: Function \"picky\" expects at least 1 argument(s). Missing value for \"n\"."]
    );
}

#[test]
fn expression_value_method_and_unknown_propagation() {
    let ctx = EvalContext::new().with_variable("u", Value::unknown(Type::String));
    let e = hclkit::parse_expression(b"\"${u}-x\"".to_vec(), "e").into_value();
    let (v, d) = e.expr().value(Some(&ctx));
    assert!(d.is_empty());
    assert_eq!(v, Value::unknown(Type::String));
}

/// Runs `f` on a thread with the stack of a typical main thread (8 MiB): evaluation recursion
/// is bounded (500 levels), and unoptimised builds use up to about 10 KiB per level.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(8 * 1024 * 1024).spawn(f).unwrap().join().unwrap();
}

#[test]
fn long_chains_do_not_exhaust_the_stack() {
    on_small_stack(|| {
        let ctx = EvalContext::new()
            .with_variable("l", Value::tuple(vec![Value::number(0)]))
            .with_variable("i", Value::number(0))
            .with_functions(stdlib::spec_functions());
        let sum = vec!["1"; 20_000].join(" + ");
        let (v, d) = eval_src(&sum, Some(&ctx));
        assert!(d.is_empty());
        assert_eq!(v, Value::number(20_000));

        // Index chains nest without the parser's depth limit: evaluation gives up with a
        // diagnostic rather than overflowing.
        let idx = format!("l{}", "[i]".repeat(5_000));
        let (_, d) = eval_src(&idx, Some(&ctx));
        assert!(d.iter().any(|d| d.summary == "Expression too deeply nested" || d.summary == "Invalid index"));
    });
}

#[test]
fn nesting_at_the_parser_limit_evaluates() {
    on_small_stack(|| {
        let depth = 190;
        let src = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let (v, d) = eval_src(&src, None);
        assert!(d.is_empty());
        assert!(v.is_wholly_known());
        let src = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        assert_eq!(eval_src(&src, None).0, Value::number(1));
        let src = format!("{}x{}", "[for x in [1]: ".repeat(depth), "]".repeat(depth));
        assert!(eval_src(&src, None).1.is_empty());
    });
}

/// Tokens to assemble random expressions from (as the parser's robustness test does).
const SOUP: &[&str] = &[
    "a",
    "b",
    "l",
    "o",
    "s",
    "u",
    "x",
    "1",
    "0",
    "-1",
    "0.5",
    "\"s\"",
    "\"${a}\"",
    "\"%{ for v in l }${v}%{ endfor }\"",
    "\"%{ if a }y%{ endif }\"",
    "true",
    "false",
    "null",
    "+",
    "-",
    "*",
    "/",
    "%",
    "==",
    "!=",
    "<",
    ">",
    "<=",
    ">=",
    "&&",
    "||",
    "!",
    "?",
    ":",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ".",
    "[*]",
    ".*",
    "...",
    "=>",
    "=",
    "for",
    "in",
    "if",
    "upper(",
    "length(",
    "max(",
    "concat(",
    "jsondecode(",
    "coalesce(",
    " ",
];

fn soup_context() -> EvalContext {
    EvalContext::new()
        .with_variable("a", Value::bool(true))
        .with_variable("b", Value::number(2))
        .with_variable("l", Value::tuple(vec![Value::number(1), Value::string("x"), Value::null(Type::Dynamic)]))
        .with_variable("o", Value::object([("k", Value::set(vec![Value::number(1), Value::number(2)]).unwrap())]))
        .with_variable("s", Value::string("str"))
        .with_variable("u", Value::dynamic())
        .with_variable("x", Value::unknown(Type::list(Type::Number)))
        .with_functions(stdlib::spec_functions())
}

#[test]
fn splat_of_a_typed_null_sequence() {
    // A null list, set or tuple cannot be splatted (a null of any other type is upgraded to an
    // empty tuple). Recorded from the reference (hcl v2.14.1) with oracle/apirecord:
    //   apirecord native -null 'l:["list","string"]' -null 's:["set","string"]' \
    //     -null 't:["tuple",["string"]]' -null 'o:["list",["object",{"a":"number"}]]' \
    //     -null n:number -null 'm:["map","string"]' EXPR
    // Subject: the source; context: from the source to the end of the splat marker.
    let ctx = EvalContext::new()
        .with_variable("l", Value::null(Type::list(Type::String)))
        .with_variable("s", Value::null(Type::set(Type::String)))
        .with_variable("t", Value::null(Type::tuple([Type::String])))
        .with_variable("o", Value::null(Type::list(Type::object([("a", Type::Number)]))))
        .with_variable("n", Value::null(Type::Number))
        .with_variable("m", Value::null(Type::map(Type::String)));
    const DETAIL: &str = "Splat expressions (with the * symbol) cannot be applied to null sequences.";
    for (src, subject, context) in [
        ("l[*]", "1:1.0-1:2.1", "1:1.0-1:5.4"),
        ("s.*", "1:1.0-1:2.1", "1:1.0-1:4.3"),
        ("t[*]", "1:1.0-1:2.1", "1:1.0-1:5.4"),
        ("o[*].a", "1:1.0-1:2.1", "1:1.0-1:5.4"),
        ("l[*][0]", "1:1.0-1:2.1", "1:1.0-1:5.4"),
    ] {
        let (v, d) = eval_src(src, Some(&ctx));
        assert_eq!(v, Value::dynamic(), "{src}");
        assert_eq!(diag_lines(&d), [format!("Splat of null value | {DETAIL} | {subject} | {context}")], "{src}");
    }
    // Inside a tuple: only that element is unknown.
    let (v, d) = eval_src("[o.*.a, 1]", Some(&ctx));
    assert_eq!(v, Value::tuple(vec![Value::dynamic(), Value::number(1)]));
    assert_eq!(diag_lines(&d), [format!("Splat of null value | {DETAIL} | 1:2.1-1:3.2 | 1:2.1-1:5.4")]);
    // Not sequences: upgraded to an empty tuple.
    for src in ["n[*]", "m[*]"] {
        let (v, d) = eval_src(src, Some(&ctx));
        assert!(d.is_empty(), "{src}: {d}");
        assert_eq!(v, Value::empty_tuple(), "{src}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_expressions_never_panic(idx in prop::collection::vec(0usize..SOUP.len(), 1..40)) {
        let src: String = idx.iter().map(|&i| SOUP[i]).collect::<Vec<_>>().join(" ");
        let e = hclkit::parse_expression(src.into_bytes(), "soup").into_value();
        let ctx = soup_context();
        let (_, diags) = evaluate(e.expr(), Some(&ctx));
        // Every diagnostic has a subject inside the source.
        for d in diags.iter() {
            let r = d.subject.as_ref().expect("subject");
            prop_assert!(r.start.byte <= r.end.byte);
        }
        let _ = evaluate(e.expr(), None);
    }
}
