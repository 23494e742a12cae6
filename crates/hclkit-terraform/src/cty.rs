//! The go-cty standard functions Terraform v1.0.3 exposes, by the names it gives them, and
//! their catalog entries. Terraform's own versions of some of them (its shadows) live in the
//! other modules and replace these in [`crate::functions`].

use std::collections::BTreeMap;

use hclkit_value::function::Function;
use hclkit_value::stdlib;

use crate::{FunctionInfo, Origin};

/// The go-cty functions Terraform v1.0.3 exposes unchanged, by name. (Terraform does not
/// expose cty's `hasindex`, `int`, `regexreplace`, `sethaselement`,
/// `setsymmetricdifference` and `strlen`.)
pub(crate) const NAMES: &[&str] = &[
    "abs",
    "ceil",
    "chomp",
    "chunklist",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "csvdecode",
    "distinct",
    "element",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "log",
    "lower",
    "max",
    "merge",
    "min",
    "parseint",
    "pow",
    "range",
    "regex",
    "regexall",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "signum",
    "slice",
    "sort",
    "split",
    "strrev",
    "substr",
    "timeadd",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
    "values",
    "zipmap",
];

/// Adds the go-cty functions of [`NAMES`] to `table`.
pub(crate) fn register(table: &mut BTreeMap<&'static str, Function>) {
    let all = stdlib::all();
    for name in NAMES {
        if let Some(f) = all.get(name) {
            table.insert(name, f.clone());
        }
    }
}

/// Catalog entries of the functions of [`NAMES`].
pub(crate) fn catalog() -> Vec<FunctionInfo> {
    NAMES
        .iter()
        .map(|name| FunctionInfo { name, origin: Origin::CtyStdlib, since: "<=1.0", note: "" })
        .collect()
}
