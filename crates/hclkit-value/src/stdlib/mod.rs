//! The standard library of functions: the reference's (go-cty `function/stdlib`) behaviour,
//! error messages included.
//!
//! Each function is returned by a constructor named after it; [`spec_functions`] lists the
//! ones the reference's `hcldec` makes available to specification files, under the names it
//! uses.
//!
//! ```
//! use hclkit_value::{stdlib, Value};
//! let v = stdlib::substr().call(&[Value::string("hello world"), Value::number(1), Value::number(4)]).unwrap();
//! assert_eq!(v, Value::string("ello"));
//! let funcs = stdlib::spec_functions();
//! let (_, length) = funcs.iter().find(|(name, _)| *name == "length").unwrap();
//! let list = Value::list(vec![Value::bool(true), Value::bool(false)]).unwrap();
//! assert_eq!(length.call(&[list]).unwrap(), Value::number(2));
//! ```

mod collection;
mod conversion;
mod csv;
mod format;
mod general;
mod grapheme;
mod json;
mod number;
mod regex;
mod sequence;
mod sets;
mod string;

pub use collection::{
    chunklist, coalescelist, compact, contains, distinct, element, flatten, has_index, index, keys, length, lookup,
    merge, values, zipmap,
};
pub use conversion::{make_to_function, tobool, tolist, tomap, tonumber, toset, tostring};
pub use csv::csvdecode;
pub use format::{format, formatlist};
pub use general::coalesce;
pub use json::{json_decode, json_encode};
pub use number::{absolute, ceil, floor, int, log, max, min, parseint, pow, signum};
pub use regex::{regex, regexall, regexreplace};
pub use sequence::{concat, range, reverse_list, setproduct, slice, sort};
pub use sets::{sethaselement, setintersection, setsubtract, setsymmetricdifference, setunion};
pub use string::{
    chomp, indent, join, lower, replace, reverse, split, strlen, substr, title, trim, trimprefix, trimspace,
    trimsuffix, upper,
};

use std::collections::BTreeMap;

use crate::function::Function;

/// The whole standard library, under the names configurations call the functions by (the
/// names the reference's `hcleval` gives them): see the table in the module documentation.
///
/// ```
/// use hclkit_value::{stdlib, Value};
/// let funcs = stdlib::all();
/// assert_eq!(funcs["upper"].call(&["a".into()]).unwrap(), Value::string("A"));
/// assert!(funcs.contains_key("setproduct"));
/// ```
pub fn all() -> BTreeMap<&'static str, Function> {
    let list: Vec<(&'static str, Function)> = vec![
        ("abs", absolute()),
        ("ceil", ceil()),
        ("chomp", chomp()),
        ("chunklist", chunklist()),
        ("coalesce", coalesce()),
        ("coalescelist", coalescelist()),
        ("compact", compact()),
        ("concat", concat()),
        ("csvdecode", csvdecode()),
        ("contains", contains()),
        ("distinct", distinct()),
        ("element", element()),
        ("flatten", flatten()),
        ("floor", floor()),
        ("format", format()),
        ("formatlist", formatlist()),
        ("hasindex", has_index()),
        ("indent", indent()),
        ("index", index()),
        ("int", int()),
        ("join", join()),
        ("jsondecode", json_decode()),
        ("jsonencode", json_encode()),
        ("keys", keys()),
        ("length", length()),
        ("log", log()),
        ("lookup", lookup()),
        ("lower", lower()),
        ("max", max()),
        ("merge", merge()),
        ("min", min()),
        ("parseint", parseint()),
        ("pow", pow()),
        ("range", range()),
        ("regex", regex()),
        ("regexall", regexall()),
        ("regexreplace", regexreplace()),
        ("replace", replace()),
        ("reverse", reverse_list()),
        ("sethaselement", sethaselement()),
        ("setintersection", setintersection()),
        ("setproduct", setproduct()),
        ("setsubtract", setsubtract()),
        ("setsymmetricdifference", setsymmetricdifference()),
        ("setunion", setunion()),
        ("signum", signum()),
        ("slice", slice()),
        ("sort", sort()),
        ("split", split()),
        ("strlen", strlen()),
        ("strrev", reverse()),
        ("substr", substr()),
        ("title", title()),
        ("tobool", tobool()),
        ("tolist", tolist()),
        ("tomap", tomap()),
        ("tonumber", tonumber()),
        ("toset", toset()),
        ("tostring", tostring()),
        ("trim", trim()),
        ("trimprefix", trimprefix()),
        ("trimspace", trimspace()),
        ("trimsuffix", trimsuffix()),
        ("upper", upper()),
        ("values", values()),
        ("zipmap", zipmap()),
    ];
    list.into_iter().collect()
}

/// The functions the reference's `hcldec` makes available to specification files, by the
/// names they are called there, sorted by name: `abs`, `coalesce`, `concat`, `hasindex`,
/// `int`, `jsondecode`, `jsonencode`, `length`, `lower`, `max`, `min`, `reverse` (of a string),
/// `strlen`, `substr`, `upper`.
pub fn spec_functions() -> Vec<(&'static str, Function)> {
    vec![
        ("abs", absolute()),
        ("coalesce", coalesce()),
        ("concat", concat()),
        ("csvdecode", csvdecode()),
        ("hasindex", has_index()),
        ("int", int()),
        ("jsondecode", json_decode()),
        ("jsonencode", json_encode()),
        ("length", length()),
        ("lower", lower()),
        ("max", max()),
        ("min", min()),
        ("reverse", reverse()),
        ("strlen", strlen()),
        ("substr", substr()),
        ("upper", upper()),
    ]
}

/// Counts grapheme clusters ("characters") in `s` as the reference does; exposed for other
/// modules that count characters the way the functions do.
pub fn grapheme_count(s: &str) -> usize {
    grapheme::clusters(s).count()
}
