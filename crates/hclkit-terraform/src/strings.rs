//! Terraform's string functions: its `replace` (with the `/regex/` form, shadowing
//! go-cty's), and `startswith`, `endswith` (v1.3) and `strcontains` (v1.5).

use hclkit_value::function::{Function, Parameter};
use hclkit_value::{stdlib, Type, Value};

use crate::{FunctionInfo, Options, Origin, Table};

/// Adds this module's functions to `table`.
pub(crate) fn register(table: &mut Table, _options: &Options) {
    table.insert("replace", replace());
    table.insert("startswith", startswith());
    table.insert("endswith", endswith());
    table.insert("strcontains", strcontains());
}

/// Catalog entries of this module's functions.
pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo {
        name: "replace",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "A `substr` wrapped in slashes (`/re/`, at least two characters) is a regular expression (RE2 syntax, `$1` and `${name}` in the replacement), as cty's `regexreplace`.",
    },
    FunctionInfo {
        name: "startswith",
        origin: Origin::Terraform,
        since: "1.3",
        note: "Whether a string starts with a prefix.",
    },
    FunctionInfo {
        name: "endswith",
        origin: Origin::Terraform,
        since: "1.3",
        note: "Whether a string ends with a suffix.",
    },
    FunctionInfo {
        name: "strcontains",
        origin: Origin::Terraform,
        since: "1.5",
        note: "Whether a string contains a substring.",
    },
];

fn string_arg(args: &[Value], i: usize) -> &str {
    args.get(i).and_then(Value::as_str).unwrap_or_default()
}

/// `replace(str, substr, replace)`: every occurrence of `substr` replaced, or every match of
/// the regular expression when `substr` is `/re/`.
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["replace"];
/// let call = |a: &str, b: &str, c: &str| f.call(&[a.into(), b.into(), c.into()]).unwrap();
/// assert_eq!(call("hello", "/(l+)/", "<$1>"), Value::string("he<ll>o"));
/// assert_eq!(call("a.b", ".", "-"), Value::string("a-b"));
/// ```
pub fn replace() -> Function {
    let plain = stdlib::replace();
    let regex = stdlib::regexreplace();
    Function::builder()
        .description(
            "Replaces all occurrences of a given substring (or regular expression match, written /re/) in a string.",
        )
        .param(Parameter::new("str", Type::String))
        .param(Parameter::new("substr", Type::String))
        .param(Parameter::new("replace", Type::String))
        .static_return_type(Type::String)
        .implementation(move |args, _| {
            let substr = string_arg(args, 1);
            if substr.len() > 1 && substr.starts_with('/') && substr.ends_with('/') {
                let pattern = Value::string(&substr[1..substr.len() - 1]);
                let call = [args[0].clone(), pattern, args[2].clone()];
                return regex
                    .call_unconverted(&call)
                    .map_err(|e| hclkit_value::function::FunctionError::new(e.message()));
            }
            plain.call_unconverted(args)
        })
        .build()
}

fn string_test(description: &str, second: &str, test: fn(&str, &str) -> bool) -> Function {
    Function::builder()
        .description(description.to_owned())
        .param(Parameter::new("str", Type::String))
        .param(Parameter::new(second, Type::String))
        .static_return_type(Type::Bool)
        .implementation(move |args, _| Ok(Value::bool(test(string_arg(args, 0), string_arg(args, 1)))))
        .build()
}

/// `startswith(str, prefix)` (Terraform v1.3).
///
/// ```
/// use hclkit_value::Value;
/// let f = &hclkit_terraform::functions(&Default::default())["startswith"];
/// assert_eq!(f.call(&["hello".into(), "he".into()]).unwrap(), Value::bool(true));
/// ```
pub fn startswith() -> Function {
    string_test("Determines if the input string starts with the given prefix.", "prefix", |s, p| s.starts_with(p))
}

/// `endswith(str, suffix)` (Terraform v1.3).
pub fn endswith() -> Function {
    string_test("Determines if the input string ends with the given suffix.", "suffix", |s, p| s.ends_with(p))
}

/// `strcontains(str, substr)` (Terraform v1.5).
pub fn strcontains() -> Function {
    string_test("Determines if the input string contains the given substring.", "substr", |s, p| s.contains(p))
}
