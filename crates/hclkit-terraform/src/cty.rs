//! The go-cty standard functions Terraform v1.0.3 exposes, by the names it gives them (the
//! table starts as hclkit's whole stdlib; this module removes the others), and `try`/`can`. Terraform's own versions of some of them (its shadows) live in the
//! other modules and replace these in [`crate::functions`].

use crate::{FunctionInfo, Options, Origin, Table};

/// go-cty functions Terraform does not expose, which hclkit's stdlib has.
pub(crate) const NOT_IN_TERRAFORM: &[&str] =
    &["hasindex", "int", "regexreplace", "sethaselement", "setsymmetricdifference", "strlen"];

/// Removes the go-cty functions Terraform does not expose from `table` (which starts as
/// hclkit's whole stdlib), and adds `try` and `can`.
pub(crate) fn register(table: &mut Table, _options: &Options) {
    for name in NOT_IN_TERRAFORM {
        table.remove(name);
    }
    table.extend(hclkit::ext::tryfunc::functions());
}

/// Catalog entries: `try` and `can` (the functions of [`NAMES`] get the default entry).
pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo {
        name: "can",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "HCL's `tryfunc` extension: whether its argument expression evaluates without errors.",
    },
    FunctionInfo {
        name: "try",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "HCL's `tryfunc` extension: the first argument expression that evaluates without errors.",
    },
];
