//! Standard library fixtures: every `tests/data/stdlib/*.hcl` file's root attributes call the
//! functions of `hclkit_value::stdlib::all()` and are compared with the output of the
//! reference evaluator `hcleval` (hcl v2.14.1, go-cty v1.12.1, with go-cty's whole standard
//! library), recorded next to each file as `*.want.json` by `oracle/hcleval/record.sh stdlib`.
//! Files named `*_err*.hcl` gather calls that fail, to compare their diagnostics.
//!
//! A fixture may start with header comments giving the context:
//! `# vars: {"name": "web"}` (a JSON object, typed as the reference's implied JSON types) and
//! `# unknown: count:number,zone` (variables that are unknown: of the given type, or the
//! dynamic value). Functions are those of `hclkit_value::stdlib::all()`.
//!
//! Without errors, the value of the object of root attributes must encode exactly as
//! hcleval prints it (`{"value":…,"type":…}`, unknowns as `{"$unknown": TYPE}`). With
//! errors, the diagnostics must match in severity, summary, detail and subject range (the
//! reference evaluates attributes in random order, so both lists are sorted by position).

use crate::common;

use std::path::{Path, PathBuf};

use hclkit_value::stdlib;

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stdlib")
}

#[test]
fn stdlib_fixtures_match_the_reference() {
    // The whole library replaces the 15 spec functions of the fixture context (`reverse` is
    // the list function here, as in hcleval).
    common::check_fixture_dir(&fixture_dir(), 6, &|ctx| ctx.with_functions(stdlib::all()));
}

/// Every function `hcleval -functions` lists (recorded in `tests/data/stdlib/functions.want.txt`),
/// other than `try` and `can` (which are not plain functions in hclkit), is in the library,
/// and every library function has a fixture file calling it.
#[test]
fn every_reference_function_is_implemented_and_tested() {
    let listed = std::fs::read_to_string(fixture_dir().join("functions.want.txt")).unwrap();
    let ours = stdlib::all();
    let mut sources = String::new();
    for e in std::fs::read_dir(fixture_dir()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|e| e == "hcl") {
            sources.push_str(&std::fs::read_to_string(p).unwrap());
        }
    }
    let mut missing = Vec::new();
    for name in listed.lines().filter(|n| !n.is_empty() && *n != "try" && *n != "can") {
        if !ours.contains_key(name) {
            missing.push(format!("{name} (not implemented)"));
        } else if !sources.contains(&format!("{name}(")) {
            missing.push(format!("{name} (no fixture)"));
        }
    }
    for name in ours.keys() {
        if !listed.lines().any(|l| l == *name) {
            missing.push(format!("{name} (not in the reference's list)"));
        }
    }
    assert!(missing.is_empty(), "{missing:?}");
}
