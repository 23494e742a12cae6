//! Grapheme clusters (`strlen`, `reverse`, `substr`) against results recorded from the
//! reference for random strings over characters of every segmentation class; see
//! `oracle/graphemes/record.py`.

use hclkit_value::{stdlib, Value};

#[test]
fn random_strings_segment_like_the_reference() {
    let (strlen, reverse, substr) = (stdlib::strlen(), stdlib::reverse(), stdlib::substr());
    let mut failures = Vec::new();
    let data = include_str!("../data/graphemes.want.jsonl");
    for line in data.lines().filter(|l| !l.is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("valid JSON");
        let s = Value::string(case["s"].as_str().expect("s"));
        let (offset, length) = (case["offset"].as_i64().expect("offset"), case["length"].as_i64().expect("length"));
        let got_len = strlen.call(std::slice::from_ref(&s)).expect("strlen");
        let want_len = Value::number(case["strlen"].as_i64().expect("strlen"));
        if got_len != want_len {
            failures.push(format!("strlen({s:?}) = {got_len:?}, want {want_len:?}"));
        }
        let got_rev = reverse.call(std::slice::from_ref(&s)).expect("reverse");
        let want_rev = Value::string(case["reverse"].as_str().expect("reverse"));
        if got_rev != want_rev {
            failures.push(format!("reverse({s:?}) = {got_rev:?}, want {want_rev:?}"));
        }
        let got_sub = substr.call(&[s.clone(), Value::number(offset), Value::number(length)]).expect("substr");
        let want_sub = Value::string(case["substr"].as_str().expect("substr"));
        if got_sub != want_sub {
            failures.push(format!("substr({s:?}, {offset}, {length}) = {got_sub:?}, want {want_sub:?}"));
        }
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn reverse_is_hcldec_string_reverse() {
    // hcldec binds `reverse` to the string function (recorded with
    // `literal { value = reverse("héllo👍🏽x") }` in a spec file).
    let funcs = stdlib::spec_functions();
    let (_, f) = funcs.iter().find(|(n, _)| *n == "reverse").expect("reverse");
    assert_eq!(f.call(&[Value::string("héllo👍🏽x")]).unwrap(), Value::string("x👍🏽olléh"));
}
