//! Small helpers shared by the function modules.

use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};

/// The string argument at `i` (empty when it is not a known string; the call machinery has
/// converted and checked it before an implementation runs).
pub(crate) fn str_arg(args: &[Value], i: usize) -> &str {
    args.get(i).and_then(Value::as_str).unwrap_or_default()
}

/// A function of one string parameter named `param` returning a string computed by `f`.
pub(crate) fn string_to_string(
    param: &str,
    description: &str,
    f: impl Fn(&str) -> Result<String, FunctionError> + Send + Sync + 'static,
) -> Function {
    Function::builder()
        .description(description)
        .param(Parameter::new(param, Type::String))
        .static_return_type(Type::String)
        .implementation(move |args, _| f(str_arg(args, 0)).map(Value::string))
        .build()
}

/// Go's `%q` of a string, for error messages that quote arguments.
pub(crate) fn quote(s: &str) -> String {
    hclkit_value::go::quote(s)
}
