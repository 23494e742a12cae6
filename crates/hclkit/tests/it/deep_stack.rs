//! Deep input at the nesting limits, on a thread with a 2 MiB stack (the size of a spawned
//! thread's stack by default, and of many applications' worker threads), in the test
//! profile's unoptimised build, where frames are largest: parsing, evaluating, converting,
//! comparing, encoding and decoding must all finish without a stack overflow (a limit hit is
//! a diagnostic or an error, never a crash).
//!
//! Each input is built as deep as the limit in question allows: the parsers' nesting limit
//! (`MAX_DEPTH`), the evaluator's, `jsondecode`'s.

use std::sync::Arc;

use hclkit::body::{Body, Expression};
use hclkit::eval::EvalContext;
use hclkit::spec::specfile::load_spec;
use hclkit::syntax::native::{parse_config, parse_expression, NativeBody, NativeExpression, MAX_DEPTH};
use hclkit::Diagnostics;
use hclkit_value::convert::convert;
use hclkit_value::json::{to_simple_json, type_to_json, HcldecOutput};
use hclkit_value::{stdlib, Type, Value};

const STACK: usize = 2 << 20;

/// Runs `f` on a thread with a 2 MiB stack; a stack overflow aborts the test run.
fn on_2mib(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(STACK).spawn(f).unwrap().join().unwrap();
}

fn too_deep(d: &Diagnostics) -> bool {
    d.iter().any(|d| d.summary == "Nesting too deep")
}

/// The largest `n` up to `max` for which `make(n)` parses as an expression without hitting
/// the parser's nesting limit (the parser itself is checked on small stacks in `limits.rs`).
fn deepest(max: usize, make: &dyn Fn(usize) -> String) -> usize {
    let (mut lo, mut hi) = (1, max);
    assert!(!too_deep(&parse_expression(make(1).into_bytes(), "e").into_diagnostics()));
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if too_deep(&parse_expression(make(mid).into_bytes(), "e").into_diagnostics()) {
            hi = mid - 1;
        } else {
            lo = mid;
        }
    }
    lo
}

fn stdlib_ctx() -> EvalContext {
    let mut ctx = EvalContext::new().with_functions(stdlib::all());
    for (name, f) in hclkit::ext::tryfunc::functions() {
        ctx.set_function(name, f);
    }
    ctx.with_variable("z", Value::number(0)).with_variable("t", Value::bool(true))
}

fn rep(s: &str, n: usize) -> String {
    s.repeat(n)
}

/// Expressions nested as deep as the parser allows, by kind of nesting.
fn deep_expressions() -> Vec<(&'static str, String)> {
    type Make = fn(usize) -> String;
    let kinds: Vec<(&'static str, Make)> = vec![
        ("tuples", |n| format!("{}1{}", rep("[", n), rep("]", n))),
        ("objects", |n| format!("{}1{}", rep("{a = ", n), rep("}", n))),
        ("parens", |n| format!("{}1{}", rep("(", n), rep(")", n))),
        ("negations", |n| format!("{}1", rep("-", n))),
        ("nots", |n| format!("{}true", rep("!", n))),
        ("calls", |n| format!("{}-1{}", rep("abs(", n), rep(")", n))),
        ("string calls", |n| format!("{}\"a\"{}", rep("upper(", n), rep(")", n))),
        ("list calls", |n| format!("{}[1]{}", rep("tolist(", n), rep(")", n))),
        ("try", |n| format!("{}1{}", rep("try(", n), rep(")", n))),
        ("conditionals, true side", |n| format!("{}1{}", rep("t ? ", n), rep(" : 0", n))),
        ("conditionals, false side", |n| format!("{}2", rep("t ? 1 : ", n))),
        ("templates", |n| format!("{}1{}", rep("\"${", n), rep("}\"", n))),
        ("template ifs", |n| format!("\"{}x{}\"", rep("%{ if t }", n), rep("%{ endif }", n))),
        ("template fors", |n| format!("\"{}${{x}}{}\"", rep("%{ for x in [1] }", n), rep("%{ endfor }", n))),
        ("for expressions", |n| format!("{}x{}", rep("[for x in [1]: ", n), rep("]", n))),
        ("object fors", |n| format!("{}v{}", rep("{for k, v in {a = 1}: k => ", n), rep("}", n))),
        ("for collections", |n| format!("{}[1]{}", rep("[for x in ", n), rep(": x]", n))),
        ("right-nested operators", |n| format!("{}1{}", rep("1 + (", n), rep(")", n))),
        ("comparisons of tuples", |n| format!("{}[1]{}", rep("[", n), rep("] == [1]", n))),
        ("indexes in keys", |n| format!("{}0{}", rep("[0][", n), rep("]", n))),
        ("splat sources", |n| format!("{}[1]{}", rep("([", n), rep("])[*]", n))),
    ];
    kinds.into_iter().map(|(name, make)| (name, make(deepest(4 * MAX_DEPTH as usize, &make)))).collect()
}

#[test]
fn expressions_at_the_parser_limit_evaluate_on_a_small_stack() {
    for (name, src) in deep_expressions() {
        eprintln!("{name}: {} bytes", src.len());
        on_2mib(move || {
            let (file, d) = parse_expression(src.clone().into_bytes(), "deep.hcl").into_parts();
            assert!(!d.has_errors(), "{name}: {d}");
            let ctx = stdlib_ctx();
            let (v, d) = file.expr().value(Some(&ctx));
            // Either a value, or (for the evaluator's own limit) a diagnostic: never a crash.
            let depth_diag = d.iter().all(|d| d.summary == "Expression too deeply nested");
            assert!(!d.has_errors() || depth_diag, "{name}: {d}");
            // The value's JSON, type and equality with itself walk it as deep as it is.
            if !v.is_dynamic() && v.is_wholly_known() {
                let _ = to_simple_json(&v);
                let _ = HcldecOutput { with_type: true, keep_nulls: true }.render(&v);
                let _ = type_to_json(&v.ty());
                assert!(v.equals(&v.clone()).as_bool().unwrap_or(true));
            }
        });
    }
}

/// Chains the parser does not count as nesting, which the evaluator's depth limit bounds.
#[test]
fn chains_past_the_evaluator_limit_are_diagnostics() {
    let deep_tuple = format!("{}0{}", rep("[", 190), rep("]", 190));
    let cases = [
        ("index chains", format!("x{}", rep("[z]", 2000))),
        ("attribute chains", format!("x{}", rep(".a", 2000))),
        ("splat chains", format!("x{}", rep("[*]", 2000))),
        ("call results indexed", format!("tolist([x]){}", rep("[z]", 2000))),
        ("left operator chains", format!("1{}", rep(" + 1", 100_000))),
    ];
    for (name, src) in cases {
        eprintln!("{name}");
        let deep_tuple = deep_tuple.clone();
        on_2mib(move || {
            // (A chain of splats nests in the parser's sense: past its limit, a diagnostic.)
            let (file, d) = parse_expression(src.into_bytes(), "deep.hcl").into_parts();
            assert!(d.iter().all(|d| d.summary == "Nesting too deep"), "{name}: {d}");
            let x = parse_expression(deep_tuple.into_bytes(), "x.hcl").into_value();
            let x = x.expr().value(None).0;
            let ctx = stdlib_ctx().with_variable("x", x);
            let (_, d) = file.expr().value(Some(&ctx));
            for d in d.iter() {
                assert!(
                    ["Expression too deeply nested", "Invalid index", "Unsupported attribute"].contains(&&*d.summary),
                    "{name}: {d:?}"
                );
            }
        });
    }
}

/// The deepest JSON `jsondecode` accepts, as arrays or objects.
fn deep_json(objects: bool, n: usize) -> String {
    if objects {
        format!("{}1{}", rep("{\"a\":", n), rep("}", n))
    } else {
        format!("{}1{}", rep("[", n), rep("]", n))
    }
}

fn jsondecode(s: &str) -> Result<Value, String> {
    stdlib::json_decode().call(&[Value::string(s)]).map_err(|e| e.message().to_owned())
}

fn deepest_json(objects: bool) -> usize {
    let mut n = 1;
    while jsondecode(&deep_json(objects, n * 2)).is_ok() {
        n *= 2;
    }
    let (mut lo, mut hi) = (n, n * 2);
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if jsondecode(&deep_json(objects, mid)).is_ok() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The type of a value as deep as `v` with lists where `v` has tuples and maps where it
/// has objects: converting to it rebuilds every level.
fn collection_type(ty: &Type) -> Type {
    let mut t = ty.clone();
    let mut shape = Vec::new();
    loop {
        match t {
            Type::Tuple(tt) if tt.elements().len() == 1 => {
                shape.push(true);
                t = tt.elements()[0].clone();
            }
            Type::Object(o) if o.attributes().len() == 1 => {
                shape.push(false);
                t = o.attributes()[0].1.clone();
            }
            _ => break,
        }
    }
    shape.into_iter().rev().fold(t, |inner, list| if list { Type::list(inner) } else { Type::map(inner) })
}

#[test]
fn deep_json_values_decode_convert_compare_and_encode_on_a_small_stack() {
    for objects in [false, true] {
        let n = deepest_json(objects);
        assert!(n >= 250, "jsondecode accepts only {n} levels");
        on_2mib(move || {
            let src = deep_json(objects, n);
            let v = jsondecode(&src).unwrap();
            let w = jsondecode(&src).unwrap();
            assert_eq!(v.equals(&w).as_bool(), Some(true));
            assert!(v.ty() == w.ty());
            let ty = v.ty();
            let _ = ty.friendly_name();
            let _ = format!("{ty} {ty:?}");
            let _ = type_to_json(&ty).unwrap();
            let json = stdlib::json_encode().call(std::slice::from_ref(&v)).unwrap();
            assert_eq!(json.as_str().map(str::len), Some(src.len()));
            let _ = HcldecOutput { with_type: true, keep_nulls: true }.render(&v).unwrap();
            let _ = HcldecOutput { with_type: false, keep_nulls: false }.render(&v).unwrap();
            let _ = to_simple_json(&v).unwrap();
            let converted = convert(&v, &collection_type(&ty)).unwrap();
            assert!(converted.ty().is_list() || converted.ty().is_map());
            let _ = format!("{v:?}");
            // One more level is an error, not a crash.
            assert!(jsondecode(&deep_json(objects, n + 1)).is_err());
            // And through evaluation, with the value as a variable.
            let src_u = src.replace('1', "\"x\"");
            let ctx = stdlib_ctx().with_variable("s", Value::string(src)).with_variable("v", v);
            // (u is v with a string where v has a number: unifying their types, for the
            // conditional, walks both to the bottom.)
            let ctx = ctx.with_variable("u", jsondecode(&src_u).unwrap());
            for src in [
                "jsondecode(s) == v",
                "jsonencode(v) == s",
                "length([v, v]) == 2",
                "jsonencode(t ? v : u) == s",
                "v == u",
            ] {
                let e = parse_expression(src.as_bytes().to_vec(), "e.hcl").into_value();
                let (r, d) = e.expr().value(Some(&ctx));
                assert!(!d.has_errors(), "{src}: {d}");
                assert!(r.is_known(), "{src}");
            }
        });
    }
}

#[test]
fn type_expressions_at_the_parser_limit() {
    type Make = fn(usize) -> String;
    let kinds: Vec<(&str, Make)> = vec![
        ("lists", |n| format!("{}string{}", rep("list(", n), rep(")", n))),
        ("objects", |n| format!("{}string{}", rep("object({a = ", n), rep("})", n))),
        ("optional objects", |n| format!("{}string{}", rep("object({a = optional(", n), rep(")})", n))),
        ("tuples", |n| format!("{}string{}", rep("tuple([", n), rep("])", n))),
    ];
    for (name, make) in kinds {
        let src = make(deepest(4 * MAX_DEPTH as usize, &make));
        on_2mib(move || {
            let (file, d) = parse_expression(src.into_bytes(), "t.hcl").into_parts();
            assert!(!d.has_errors(), "{name}: {d}");
            let expr = NativeExpression::from_expr_file(&file);
            let (ty, d) = hclkit::typeexpr::type_constraint(&expr);
            assert!(!d.has_errors(), "{name}: {d}");
            let _ = hclkit::typeexpr::type_string(&ty);
            let (ty, defaults, d) = hclkit::typeexpr::type_constraint_with_defaults(&expr);
            assert!(!d.has_errors(), "{name}: {d}");
            let _ = hclkit::typeexpr::convert_with_defaults(&Value::null(ty.clone()), &ty, defaults.as_ref());
            let _ = type_to_json(&ty);
            let _ = format!("{ty}");
        });
    }
}

/// Specs as deep as the parser allows, of each kind that nests (`block`, `block_list`,
/// `block_set`, `block_map`, `object`, `transform`, `default`), decoding inputs as deep.
#[test]
fn spec_decoding_at_the_parser_limit() {
    // Each kind: the opening of one level of spec, its closing, and the opening of one level
    // of input (which closes with "}").
    let kinds: [(&str, &str, &str, &str); 8] = [
        ("block", "block {\n block_type = \"b\"\n", "}\n", "b {\n"),
        ("block_list", "block_list {\n block_type = \"b\"\n", "}\n", "b {\n"),
        ("block_set", "block_set {\n block_type = \"b\"\n", "}\n", "b {\n"),
        ("block_map", "block_map {\n block_type = \"b\"\n labels = [\"k\"]\n", "}\n", "b \"x\" {\n"),
        ("object", "object {\n block \"k\" {\n block_type = \"b\"\n", "}\n}\n", "b {\n"),
        ("transform", "block {\n block_type = \"b\"\n transform {\n result = nested\n", "}\n}\n", "b {\n"),
        ("default", "block {\n block_type = \"b\"\n default {\n", "}\n}\n", "b {\n"),
        ("tuple", "block {\n block_type = \"b\"\n tuple {\n", "}\n}\n", "b {\n"),
    ];
    for (name, open, close, input_open) in kinds {
        eprintln!("spec kind {name}");
        let leaf = "attr {\n name = \"v\"\n type = number\n}\n";
        let spec_of = |n: usize| format!("{}{leaf}{}", rep(open, n), rep(close, n));
        let input_of = |n: usize| format!("{}v = 1\n{}", rep(input_open, n), rep("}\n", n));
        // The deepest spec that parses.
        let mut n = MAX_DEPTH as usize * 2;
        while too_deep(&parse_config(spec_of(n).into_bytes(), "s.hcldec").into_diagnostics()) {
            n -= 1;
        }
        assert!(n >= 60, "{name}: {n}");
        let (spec_src, input_src) = (spec_of(n), input_of(n));
        on_2mib(move || {
            let (spec_file, d) = parse_config(spec_src.into_bytes(), "s.hcldec").into_parts();
            assert!(!d.has_errors(), "{name}: {d}");
            let (spec, d) = load_spec(&NativeBody::from_file(&spec_file));
            assert!(!d.has_errors(), "{name}: {d}");
            let (input, d) = parse_config(input_src.into_bytes(), "in.hcl").into_parts();
            assert!(!d.has_errors(), "{name}: {d}");
            let body: Arc<dyn Body> = Arc::new(NativeBody::from_file(&input));
            let (v, d) = hclkit::spec::decode(&*body, &spec.root, None);
            assert!(!d.has_errors(), "{name}: {d}");
            let _ = HcldecOutput { with_type: true, keep_nulls: true }.render(&v).unwrap();
            let _ = hclkit::spec::variables(&*body, &spec.root);
            let _ = hclkit::spec::value_source_range(&*body, &spec.root, &hclkit_value::Path::root(), None);
        });
    }
}

/// JSON-syntax input as deep as its parser allows, evaluated as an expression and decoded
/// as nested blocks.
#[test]
fn json_syntax_at_its_limit() {
    let depth = hclkit::syntax::json::MAX_DEPTH as usize;
    let arrays = format!("{}1{}", rep("[", depth), rep("]", depth));
    let objects = format!("{}1{}", rep("{\"a\":", depth - 1), rep("}", depth - 1));
    on_2mib(move || {
        for src in [arrays, objects] {
            let (file, d) = hclkit::syntax::json::parse_expression(src.into_bytes(), "x.json").into_parts();
            assert!(!d.has_errors(), "{d}");
            let expr = hclkit::syntax::json::JsonExpression::from_file(&file);
            let (v, d) = expr.value(None);
            assert!(!d.has_errors(), "{d}");
            let _ = HcldecOutput { with_type: true, keep_nulls: true }.render(&v).unwrap();
            let (v2, _) = expr.value(Some(&stdlib_ctx()));
            assert_eq!(v.equals(&v2).as_bool(), Some(true));
        }
    });
}
