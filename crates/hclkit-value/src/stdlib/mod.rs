//! The standard library of functions: the reference's (go-cty `function/stdlib`) behaviour,
//! error messages included.
//!
//! Each function is returned by a constructor named after it; [`spec_functions`] lists the
//! ones the reference's `hcldec` makes available to specification files, under the names it
//! uses.
//!
//! [`all`] has the whole library under the names configurations use:
//!
//! | name | signature | constructor |
//! |---|---|---|
//! | `abs` | `abs(num)` | [`absolute`](absolute()) |
//! | `ceil` | `ceil(num)` | [`ceil`](ceil()) |
//! | `chomp` | `chomp(str)` | [`chomp`](chomp()) |
//! | `chunklist` | `chunklist(list, size)` | [`chunklist`](chunklist()) |
//! | `coalesce` | `coalesce(vals...)` | [`coalesce`](coalesce()) |
//! | `coalescelist` | `coalescelist(vals...)` | [`coalescelist`](coalescelist()) |
//! | `compact` | `compact(list)` | [`compact`](compact()) |
//! | `concat` | `concat(seqs...)` | [`concat`](concat()) |
//! | `csvdecode` | `csvdecode(str)` | [`csvdecode`](csvdecode()) |
//! | `contains` | `contains(list, value)` | [`contains`](contains()) |
//! | `distinct` | `distinct(list)` | [`distinct`](distinct()) |
//! | `element` | `element(list, index)` | [`element`](element()) |
//! | `flatten` | `flatten(list)` | [`flatten`](flatten()) |
//! | `floor` | `floor(num)` | [`floor`](floor()) |
//! | `format` | `format(format, args...)` | [`format`](format()) |
//! | `formatdate` | `formatdate(format, time)` | [`formatdate`](formatdate()) |
//! | `formatlist` | `formatlist(format, args...)` | [`formatlist`](formatlist()) |
//! | `hasindex` | `hasindex(collection, key)` | [`has_index`](has_index()) |
//! | `indent` | `indent(spaces, str)` | [`indent`](indent()) |
//! | `index` | `index(collection, key)` | [`index`](index()) |
//! | `int` | `int(num)` | [`int`](int()) |
//! | `join` | `join(separator, lists...)` | [`join`](join()) |
//! | `jsondecode` | `jsondecode(str)` | [`json_decode`](json_decode()) |
//! | `jsonencode` | `jsonencode(val)` | [`json_encode`](json_encode()) |
//! | `keys` | `keys(inputMap)` | [`keys`](keys()) |
//! | `length` | `length(collection)` | [`length`](length()) |
//! | `log` | `log(num, base)` | [`log`](log()) |
//! | `lookup` | `lookup(inputMap, key, default)` | [`lookup`](lookup()) |
//! | `lower` | `lower(str)` | [`lower`](lower()) |
//! | `max` | `max(numbers...)` | [`max`](max()) |
//! | `merge` | `merge(maps...)` | [`merge`](merge()) |
//! | `min` | `min(numbers...)` | [`min`](min()) |
//! | `parseint` | `parseint(number, base)` | [`parseint`](parseint()) |
//! | `pow` | `pow(num, power)` | [`pow`](pow()) |
//! | `range` | `range(params...)` | [`range`](range()) |
//! | `regex` | `regex(pattern, string)` | [`regex`](regex()) |
//! | `regexall` | `regexall(pattern, string)` | [`regexall`](regexall()) |
//! | `regexreplace` | `regexreplace(str, pattern, replace)` | [`regexreplace`](regexreplace()) |
//! | `replace` | `replace(str, substr, replace)` | [`replace`](replace()) |
//! | `reverse` | `reverse(list)` | [`reverse_list`](reverse_list()) |
//! | `sethaselement` | `sethaselement(set, elem)` | [`sethaselement`](sethaselement()) |
//! | `setintersection` | `setintersection(first_set, other_sets...)` | [`setintersection`](setintersection()) |
//! | `setproduct` | `setproduct(sets...)` | [`setproduct`](setproduct()) |
//! | `setsubtract` | `setsubtract(a, b)` | [`setsubtract`](setsubtract()) |
//! | `setsymmetricdifference` | `setsymmetricdifference(first_set, other_sets...)` | [`setsymmetricdifference`](setsymmetricdifference()) |
//! | `setunion` | `setunion(first_set, other_sets...)` | [`setunion`](setunion()) |
//! | `signum` | `signum(num)` | [`signum`](signum()) |
//! | `slice` | `slice(list, start_index, end_index)` | [`slice`](slice()) |
//! | `sort` | `sort(list)` | [`sort`](sort()) |
//! | `split` | `split(separator, str)` | [`split`](split()) |
//! | `strlen` | `strlen(str)` | [`strlen`](strlen()) |
//! | `strrev` | `strrev(str)` | [`reverse`](reverse()) |
//! | `substr` | `substr(str, offset, length)` | [`substr`](substr()) |
//! | `timeadd` | `timeadd(timestamp, duration)` | [`timeadd`](timeadd()) |
//! | `title` | `title(str)` | [`title`](title()) |
//! | `tobool` | `tobool(v)` | [`tobool`](tobool()) |
//! | `tolist` | `tolist(v)` | [`tolist`](tolist()) |
//! | `tomap` | `tomap(v)` | [`tomap`](tomap()) |
//! | `tonumber` | `tonumber(v)` | [`tonumber`](tonumber()) |
//! | `toset` | `toset(v)` | [`toset`](toset()) |
//! | `tostring` | `tostring(v)` | [`tostring`](tostring()) |
//! | `trim` | `trim(str, cutset)` | [`trim`](trim()) |
//! | `trimprefix` | `trimprefix(str, prefix)` | [`trimprefix`](trimprefix()) |
//! | `trimspace` | `trimspace(str)` | [`trimspace`](trimspace()) |
//! | `trimsuffix` | `trimsuffix(str, suffix)` | [`trimsuffix`](trimsuffix()) |
//! | `upper` | `upper(str)` | [`upper`](upper()) |
//! | `values` | `values(mapping)` | [`values`](values()) |
//! | `zipmap` | `zipmap(keys, values)` | [`zipmap`](zipmap()) |
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
mod datetime;
mod format;
mod general;
mod gomath;
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
pub use datetime::{formatdate, timeadd};
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
        ("formatdate", formatdate()),
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
        ("timeadd", timeadd()),
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

/// The reference's grapheme segmenter as a split function (go-textseg's
/// `ScanGraphemeClusters`): the length of the cluster at the start of `data`, which need not
/// be UTF-8, with the end of `data` ending the cluster; `None` when it needs more input
/// (`data` empty, or not starting with a character, unless `at_eof`, when a stray first byte
/// is a cluster of its own). For callers that count clusters as the reference's buffered
/// scanners do (hclwrite's column counts).
///
/// ```
/// use hclkit_value::stdlib::grapheme_split;
/// assert_eq!(grapheme_split("e\u{301}x".as_bytes(), true), Some(3));
/// assert_eq!(grapheme_split(b"\xffa", false), None);
/// assert_eq!(grapheme_split(b"\xffa", true), Some(1));
/// ```
pub fn grapheme_split(data: &[u8], at_eof: bool) -> Option<usize> {
    grapheme::split_cluster(data, at_eof)
}

#[cfg(test)]
mod tests {
    #[test]
    fn spec_functions_are_the_fifteen_and_all_has_them() {
        let spec = super::spec_functions();
        assert_eq!(spec.len(), 15);
        let all = super::all();
        assert_eq!(all.len(), 68);
        for (name, _) in spec {
            // `reverse` is the list function in configurations; the spec's string `reverse` is `strrev`.
            assert!(all.contains_key(name), "{name}");
        }
    }
}
