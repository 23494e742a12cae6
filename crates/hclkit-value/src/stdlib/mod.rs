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
mod general;
mod grapheme;
mod json;
mod number;
mod sequence;
mod string;

pub use collection::{has_index, length};
pub use general::coalesce;
pub use json::{json_decode, json_encode};
pub use number::{absolute, int, max, min};
pub use sequence::concat;
pub use string::{lower, reverse, strlen, substr, upper};

use crate::function::Function;

/// The functions the reference's `hcldec` makes available to specification files, by the
/// names they are called there, sorted by name: `abs`, `coalesce`, `concat`, `hasindex`,
/// `int`, `jsondecode`, `jsonencode`, `length`, `lower`, `max`, `min`, `reverse` (of a string),
/// `strlen`, `substr`, `upper`.
pub fn spec_functions() -> Vec<(&'static str, Function)> {
    vec![
        ("abs", absolute()),
        ("coalesce", coalesce()),
        ("concat", concat()),
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
