//! Functions about values' marks in Terraform: `sensitive`, `nonsensitive`, `issensitive`
//! (v1.8) and `ephemeralasnull` (v1.10); the conversion functions `tostring` ... `tomap`
//! (Terraform's own, which carry marks through); and `defaults`, an experiment in v1.0.
//!
//! hclkit's values carry no marks, so the sensitivity functions pass their argument through
//! unchanged: `sensitive(x)` is `x`, `nonsensitive(x)` is `x` (Terraform rejects a value that
//! is not sensitive; hclkit cannot tell), `issensitive(x)` is false and `ephemeralasnull(x)`
//! is `x`. An application that must hide sensitive values can replace these entries of the
//! table with functions that record what they see.

use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{stdlib, Type, Value};

use crate::{FunctionInfo, Options, Origin, Table};

/// Adds this module's functions to `table`.
pub(crate) fn register(table: &mut Table, _options: &Options) {
    table.insert(
        "sensitive",
        pass_through("Returns a value identical to its argument, marked as sensitive (hclkit: unmarked)."),
    );
    table.insert(
        "nonsensitive",
        pass_through("Returns a value identical to its argument with the sensitive mark removed (hclkit: unchanged)."),
    );
    table.insert(
        "ephemeralasnull",
        pass_through(
            "Returns its argument with every ephemeral part null (hclkit values are never ephemeral: unchanged).",
        ),
    );
    table.insert("issensitive", issensitive());
    table.insert("defaults", defaults());
    table.insert("tobool", stdlib::tobool());
    table.insert("tolist", stdlib::tolist());
    table.insert("tomap", stdlib::tomap());
    table.insert("tonumber", stdlib::tonumber());
    table.insert("toset", stdlib::toset());
    table.insert("tostring", stdlib::tostring());
}

/// Catalog entries of this module's functions.
pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo {
        name: "sensitive",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Pass-through: hclkit values carry no sensitive mark, so the result is the argument unchanged.",
    },
    FunctionInfo {
        name: "nonsensitive",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Pass-through: the argument unchanged (Terraform v1.0.3 rejects an argument that is not sensitive, v1.7 and later return it; hclkit cannot tell).",
    },
    FunctionInfo {
        name: "issensitive",
        origin: Origin::Terraform,
        since: "1.8",
        note: "Always false: hclkit values carry no sensitive mark.",
    },
    FunctionInfo {
        name: "ephemeralasnull",
        origin: Origin::Terraform,
        since: "1.10",
        note: "Pass-through: hclkit values are never ephemeral.",
    },
    FunctionInfo {
        name: "defaults",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "An experiment in v1.0 (removed in v1.3): every call fails with Terraform's message for a module without the experiment.",
    },
    FunctionInfo {
        name: "tobool",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Terraform's conversion function (it carries marks through); the same behaviour as hclkit's stdlib version, parameter `v`.",
    },
    FunctionInfo {
        name: "tolist",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Terraform's conversion function (it carries marks through); the same behaviour as hclkit's stdlib version, parameter `v`.",
    },
    FunctionInfo {
        name: "tomap",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Terraform's conversion function (it carries marks through); the same behaviour as hclkit's stdlib version, parameter `v`.",
    },
    FunctionInfo {
        name: "tonumber",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Terraform's conversion function (it carries marks through); the same behaviour as hclkit's stdlib version, parameter `v`.",
    },
    FunctionInfo {
        name: "toset",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Terraform's conversion function (it carries marks through); the same behaviour as hclkit's stdlib version, parameter `v`.",
    },
    FunctionInfo {
        name: "tostring",
        origin: Origin::TerraformShadow,
        since: "<=1.0",
        note: "Terraform's conversion function (it carries marks through); the same behaviour as hclkit's stdlib version, parameter `v`.",
    },
];

fn pass_through(description: &str) -> Function {
    Function::builder()
        .description(description.to_owned())
        .param(Parameter::new("value", Type::Dynamic).allow_null(true).allow_unknown(true).allow_dynamic_type(true))
        .return_type(|args| Ok(args.first().map(Value::ty).unwrap_or(Type::Dynamic)))
        .implementation(|args, _| Ok(args.first().cloned().unwrap_or_else(Value::dynamic)))
        .build()
}

/// `issensitive(value)` (Terraform v1.8): always false, as hclkit values carry no marks.
pub fn issensitive() -> Function {
    Function::builder()
        .description("Returns whether the given value is sensitive (hclkit: never).")
        .param(Parameter::new("value", Type::Dynamic).allow_null(true).allow_unknown(true).allow_dynamic_type(true))
        .static_return_type(Type::Bool)
        .implementation(|_, _| Ok(Value::bool(false)))
        .build()
}

/// `defaults(input, defaults)`: an experiment in Terraform v1.0 that a module had to opt
/// into; as in a module without the experiment, every call fails.
pub fn defaults() -> Function {
    Function::builder()
        .description("Fills in null attributes of an object from a defaults object (experimental in Terraform v1.0; not available).")
        .param(Parameter::new("input", Type::Dynamic).allow_null(true))
        .param(Parameter::new("defaults", Type::Dynamic))
        .return_type(|_| Err(experiment_error()))
        .implementation(|_, _| Err(experiment_error()))
        .build()
}

fn experiment_error() -> FunctionError {
    FunctionError::new(
        "this function is experimental and available only when the experiment keyword module_variable_optional_attrs is enabled for the current module",
    )
}
