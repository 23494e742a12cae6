//! `templatestring(template, vars)` (Terraform v1.9), from Terraform's documentation: renders
//! a string found elsewhere (the first argument must be a reference to it, not a template
//! written in place) as a template, with the variables of `vars` and Terraform's functions
//! (except `templatefile` and `templatestring`, which fail when called from a template).

use std::collections::BTreeSet;
use std::sync::Arc;

use hclkit::body::{abs_traversal_for_expr, Expression};
use hclkit::eval::EvalContext;
use hclkit::ext::customdecode::{expression_closure_type, ExpressionClosure};
use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};

use crate::provider::diags_error;
use crate::{FunctionInfo, Options, Origin, Table};

/// Adds this module's functions to `table`.
pub(crate) fn register(table: &mut Table, options: &Options) {
    table.insert("templatestring", templatestring(options.clone()));
}

/// Catalog entries of this module's functions.
pub(crate) const INFO: &[FunctionInfo] = &[FunctionInfo {
    name: "templatestring",
    origin: Origin::Terraform,
    since: "1.9",
    note: "Renders a string referred to (not written in place) as a template with the variables of an object or map; Terraform's functions are available in it.",
}];

/// `templatestring(template, vars)` with the function table of `options` inside templates.
///
/// ```
/// use hclkit::eval::EvalContext;
/// use hclkit_value::Value;
/// let ctx = EvalContext::new()
///     .with_functions(hclkit_terraform::functions(&Default::default()))
///     .with_variable("tpl", Value::string("Hello, ${upper(name)}!"));
/// let e = hclkit::parse_expression(br#"templatestring(tpl, {name = "ann"})"#.as_slice(), "x.hcl").into_value();
/// assert_eq!(e.expr().value(Some(&ctx)).0, Value::string("Hello, ANN!"));
/// ```
pub fn templatestring(options: Options) -> Function {
    Function::builder()
        .description("Renders a template given as a string value, using the given variables.")
        .param(Parameter::new("template", expression_closure_type()))
        .param(Parameter::new("vars", Type::Dynamic))
        .return_type(|_| Ok(Type::Dynamic))
        .implementation(move |args, _| {
            let closure = args
                .first()
                .and_then(ExpressionClosure::from_value)
                .ok_or_else(|| FunctionError::arg(0, "an expression closure is required"))?;
            let vars = args.get(1).cloned().unwrap_or_else(Value::dynamic);
            render(closure, &vars, &options)
        })
        .build()
}

fn render(closure: &ExpressionClosure, vars: &Value, options: &Options) -> Result<Value, FunctionError> {
    let expr: &Arc<dyn Expression> = &closure.expression;
    if is_template_literal(expr.as_ref()) {
        return Err(FunctionError::arg(
            0,
            "invalid template expression: templatestring is only for rendering templates that are not part of the configuration; use a template string expression instead",
        ));
    }
    if abs_traversal_for_expr(expr.as_ref()).is_err() {
        return Err(FunctionError::arg(
            0,
            "invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax",
        ));
    }
    let (template, diags) = closure.value();
    if diags.has_errors() {
        return Err(FunctionError::arg(0, diags_error(&diags)));
    }
    if !template.is_known() {
        return Ok(Value::unknown(Type::String));
    }
    let Some(src) = template.as_str() else {
        return Err(FunctionError::arg(0, "invalid template value: a string is required"));
    };
    let (file, diags) = hclkit::parse_template(src.as_bytes(), "templatestring template").into_parts();
    if diags.has_errors() {
        return Err(FunctionError::arg(0, format!("invalid template: {}", diags_error(&diags))));
    }
    let vty = vars.ty();
    if !(vty.is_map() || vty.is_object()) {
        return Err(FunctionError::arg(1, "invalid vars value: must be a map"));
    }
    if !vars.is_known() {
        return Ok(Value::dynamic());
    }
    let entries = vars.entries().unwrap_or_default();
    for (name, _) in entries {
        if !valid_template_variable(name) {
            return Err(FunctionError::arg(
                1,
                format!(
                    "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                    hclkit_value::go::quote(name)
                ),
            ));
        }
    }
    let names: BTreeSet<&str> = entries.iter().map(|(n, _)| &**n).collect();
    let template_expr = hclkit::syntax::native::NativeExpression::from_expr_file(&file);
    for traversal in template_expr.variables() {
        let root = traversal.root_name().unwrap_or_default();
        if !names.contains(root) {
            // The root name's range, as Go's `traversal[0].SourceRange()` prints it.
            let at = traversal
                .source_range()
                .map(|r| {
                    let end = r.start.column as usize + root.chars().count();
                    format!("{}:{},{}-{}", r.filename, r.start.line, r.start.column, end)
                })
                .unwrap_or_default();
            return Err(FunctionError::arg(
                1,
                format!("vars map does not contain key {}, referenced at {at}", hclkit_value::go::quote(root)),
            ));
        }
    }
    let mut table = crate::functions(options);
    for name in ["templatefile", "templatestring"] {
        if table.contains_key(name) {
            table.insert(name, recursion_guard(name));
        }
    }
    let ctx = EvalContext::new()
        .with_functions(table)
        .with_variables(entries.iter().map(|(n, v)| (n.to_string(), v.clone())));
    let (v, diags) = template_expr.value(Some(&ctx));
    if diags.has_errors() {
        return Err(FunctionError::new(diags_error(&diags)));
    }
    Ok(v)
}

fn is_template_literal(expr: &dyn Expression) -> bool {
    // A quoted string or heredoc in place: a template expression, which has no traversal and
    // (unlike a reference) is not a call or a collection; its static value is the template.
    expr.as_traversal().is_none()
        && expr.as_call().is_none()
        && expr.as_list().is_none()
        && expr.as_map().is_none()
        && expr.variables().is_empty()
        && expr.value(None).0.ty() == Type::String
}

fn recursion_guard(name: &'static str) -> Function {
    Function::builder()
        .var_param(Parameter::new("args", Type::Dynamic).allow_null(true).allow_unknown(true).allow_dynamic_type(true))
        .return_type(move |_| {
            Err(FunctionError::new(format!("cannot recursively call {name} from inside another template function")))
        })
        .build()
}

/// A variable name a template can refer to: a letter, then letters, digits and underscores.
fn valid_template_variable(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}
