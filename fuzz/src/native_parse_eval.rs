//! The native syntax never panics on any bytes: parsing a configuration, an expression and a
//! template, evaluating every root attribute and the expression (with variables and the spec
//! functions available), computing its variables and rendering the diagnostics.

use hclkit::body::Body;
use hclkit::eval::{evaluate, EvalContext};
use hclkit::syntax::native::NativeBody;
use hclkit_value::{stdlib, Type, Value};

fn ctx() -> EvalContext {
    EvalContext::new()
        .with_variables([
            ("a", Value::number(1)),
            ("s", Value::string("x")),
            ("l", Value::tuple(vec![Value::number(1), Value::string("b")])),
            ("o", Value::object([("k", Value::bool(true))])),
            ("u", Value::unknown(Type::Dynamic)),
            ("n", Value::null(Type::String)),
        ])
        .with_functions(stdlib::spec_functions())
}

/// Runs the `native_parse_eval` checks on one input (panics on a failed check).
pub fn run(data: &[u8]) {
    let ctx = ctx();
    let (file, diags) = hclkit::parse_config(data.to_vec(), "fuzz.hcl").into_parts();
    let _ = diags.to_json();
    let body = NativeBody::from_file(&file);
    let (attrs, _) = body.just_attributes();
    for attr in attrs.values() {
        let _ = attr.expr.value(Some(&ctx));
        let _ = attr.expr.value(None);
        let _ = attr.expr.variables();
    }
    let expr = hclkit::parse_expression(data.to_vec(), "fuzz.hcl").into_value();
    let _ = evaluate(expr.expr(), Some(&ctx));
    let tmpl = hclkit::parse_template(data.to_vec(), "fuzz.hcl").into_value();
    let (_, d) = evaluate(tmpl.expr(), Some(&ctx));
    let _ = d.to_json();
}
