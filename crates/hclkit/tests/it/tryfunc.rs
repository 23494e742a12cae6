//! `try` and `can`: every `tests/data/tryfunc/*.hcl` fixture's root attributes are evaluated with
//! the 15 spec functions plus `try` and `can`, and compared with the output of the reference
//! evaluator `hcleval` (hcl v2.14.1, go-cty v1.12.1, whose `try`/`can` are `ext/tryfunc`),
//! recorded next to each file as `*.want.json` by `oracle/hcleval/record.sh tryfunc`. The format and
//! header comments are those of `tests/it/eval.rs`.

use crate::common;

use std::path::{Path, PathBuf};

use hclkit::eval::EvalContext;
use hclkit::ext::tryfunc;
use hclkit::syntax::native::NativeBody;
use hclkit_value::{Type, Value};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tryfunc")
}

#[test]
fn tryfunc_fixtures_match_the_reference() {
    common::check_fixture_dir(&fixture_dir(), 15, &|ctx| ctx.with_functions(tryfunc::functions()));
}

/// Through the information model (shared trees: `NativeExpression` hands its `Arc` to the
/// closure), with no copy of the tree.
#[test]
fn try_through_native_expressions() {
    let (file, diags) = hclkit::parse_config(b"a = try(x.y, can(x.z), 3)\n".as_slice(), "t.hcl").into_parts();
    assert!(diags.is_empty());
    let body = NativeBody::from_file(&file);
    let (attrs, _) = hclkit::body::Body::just_attributes(&body);
    let ctx = EvalContext::new()
        .with_variable("x", Value::object(vec![("z", Value::number(1))]))
        .with_functions(tryfunc::functions());
    let (v, d) = attrs["a"].expr.value(Some(&ctx));
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(v, Value::bool(true));
}

/// Without a context, calls are not allowed at all.
#[test]
fn no_context() {
    let e = hclkit::parse_expression(b"try(1)".as_slice(), "x").into_value();
    let (v, d) = e.expr().value(None);
    assert!(v.is_unknown());
    assert_eq!(d.iter().next().unwrap().summary, "Function calls not allowed");
}

/// Calling the functions directly (not from an expression): the capsule arguments are
/// required; unknown ones make an unknown result, as for any function.
#[test]
fn direct_calls() {
    let t = tryfunc::try_function();
    let err = t.call_unconverted(&[]).unwrap_err();
    assert_eq!(err.message(), "at least one argument is required");
    let c = tryfunc::can_function();
    let closure_ty = hclkit::ext::customdecode::expression_closure_type();
    assert_eq!(c.call_unconverted(&[Value::unknown(closure_ty)]).unwrap(), Value::unknown(Type::Bool));
    assert!(c.call_unconverted(&[Value::number(1)]).is_err());
}
