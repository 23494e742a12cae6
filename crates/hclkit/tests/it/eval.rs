//! Evaluation fixtures: every `tests/data/eval/*.hcl` file's root attributes are evaluated and
//! compared with the output of the reference evaluator `hcleval` (hcl v2.14.1, go-cty
//! v1.12.1), recorded next to each file as `*.want.json` by `oracle/hcleval/record.sh eval`.
//!
//! A fixture may start with header comments giving the context:
//! `# vars: {"name": "web"}` (a JSON object, typed as the reference's implied JSON types) and
//! `# unknown: count:number,zone` (variables that are unknown: of the given type, or the
//! dynamic value). Functions are the 15 of `hclkit_value::stdlib::spec_functions`.
//!
//! Without errors, the value of the object of root attributes must encode exactly as
//! hcleval prints it (`{"value":…,"type":…}`, unknowns as `{"$unknown": TYPE}`). With
//! errors, the diagnostics must match in severity, summary, detail and subject range (the
//! reference evaluates attributes in random order, so both lists are sorted by position).

use crate::common;

use std::path::Path;

#[test]
fn eval_fixtures_match_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/eval");
    common::check_fixture_dir(&dir, 150, &|ctx| ctx);
}
