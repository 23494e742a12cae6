//! Differential testing against the reference: random conversions, safety classifications,
//! mismatch messages and unifications, run both here and by go-cty itself through the small
//! Go program in `oracle/cty/` (see its header for building it), and compared.
//!
//! ```sh
//! (cd oracle/cty && GOPATH=/usr/share/gocode GO111MODULE=off \
//!     GOCACHE=/tmp/gocache go build -o /tmp/cty-oracle ./main.go)
//! HCLKIT_CTY_ORACLE=/tmp/cty-oracle cargo test -p hclkit-value oracle -- --ignored --nocapture
//! ```
//!
//! The reference reports every distinct outcome of several runs of each case (its Go map
//! iteration order is random); ours must be one of them. Set `HCLKIT_CTY_ORACLE_CASES` to
//! change the number of cases per operation (default 2000).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use proptest::strategy::{Just, Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{json, Value as Json};

use super::*;
use crate::testgen::{arb_type, arb_typed_value, arb_value_of, related_type};
use crate::PathStep;

/// cty's JSON notation of a type.
pub(crate) fn type_json(t: &Type) -> Json {
    match t {
        Type::Bool => json!("bool"),
        Type::Number => json!("number"),
        Type::String => json!("string"),
        Type::Dynamic => json!("dynamic"),
        Type::List(e) => json!(["list", type_json(e)]),
        Type::Set(e) => json!(["set", type_json(e)]),
        Type::Map(e) => json!(["map", type_json(e)]),
        Type::Object(o) => {
            let attrs: serde_json::Map<String, Json> =
                o.attributes().iter().map(|(n, t)| (n.to_string(), type_json(t))).collect();
            if o.optional_attributes().is_empty() {
                json!(["object", attrs])
            } else {
                let opt: Vec<&str> = o.optional_attributes().iter().map(|n| &**n).collect();
                json!(["object", attrs, opt])
            }
        }
        Type::Tuple(t) => json!(["tuple", t.elements().iter().map(type_json).collect::<Vec<_>>()]),
        Type::Capsule(c) => json!(["capsule", c.name()]),
    }
}

/// The harness's notation of a value.
pub(crate) fn value_json(v: &Value) -> Json {
    let ty = v.ty();
    if v.is_null() {
        return json!({ "null": type_json(&ty) });
    }
    if v.is_unknown() {
        return json!({ "unknown": type_json(&ty) });
    }
    if let Some(b) = v.as_bool() {
        return json!({ "bool": b });
    }
    if let Some(n) = v.as_number() {
        return json!({ "number": n.to_string() });
    }
    if let Some(s) = v.as_str() {
        return json!({ "string": s });
    }
    let elems = || v.elements().unwrap_or_default().iter().map(value_json).collect::<Vec<_>>();
    let entries =
        || v.entries().unwrap_or_default().iter().map(|(k, e)| json!([&**k, value_json(e)])).collect::<Vec<_>>();
    match &ty {
        Type::List(e) => json!({ "list": type_json(e), "elems": elems() }),
        Type::Set(e) => json!({ "set": type_json(e), "elems": elems() }),
        Type::Tuple(_) => json!({ "tuple": elems() }),
        Type::Map(e) => json!({ "map": type_json(e), "entries": entries() }),
        Type::Object(_) => json!({ "object": entries() }),
        _ => json!({ "capsule": true }),
    }
}

pub(crate) fn path_string(p: &Path) -> String {
    let mut s = String::new();
    for step in p.steps() {
        match step {
            PathStep::Attr(n) => {
                s.push('.');
                s.push_str(n);
            }
            PathStep::Index(k) => match (k.as_str(), k.as_number()) {
                (Some(k), _) => s.push_str(&format!("[{}]", Json::from(k))),
                (_, Some(n)) => s.push_str(&format!("[{n}]")),
                _ => s.push_str("[...]"),
            },
        }
    }
    s
}

pub(crate) fn result_json(r: &Result<Value, ConversionError>) -> Json {
    match r {
        Ok(v) => json!({ "ok": value_json(v) }),
        Err(e) => json!({ "err": e.message(), "path": path_string(e.path()) }),
    }
}

pub(crate) fn has_capsule(t: &Type) -> bool {
    match t {
        Type::Capsule(_) => true,
        Type::List(e) | Type::Set(e) | Type::Map(e) => has_capsule(e),
        Type::Object(o) => o.attributes().iter().any(|(_, t)| has_capsule(t)),
        Type::Tuple(t) => t.elements().iter().any(has_capsule),
        _ => false,
    }
}

/// The harness's unify case for `values`.
pub(crate) fn unify_input(values: &[Value], unsafe_: bool) -> Json {
    json!({"op": "unify", "unsafe": unsafe_, "values": values.iter().map(value_json).collect::<Vec<_>>()})
}

/// Our outcome of unifying the types of `values` and converting the values.
pub(crate) fn unify_outcome(values: &[Value], unsafe_: bool) -> Json {
    let types: Vec<Type> = values.iter().map(Value::ty).collect();
    match unify_with_conversions(&types, unsafe_) {
        None => json!({ "type": null }),
        Some((ty, convs)) => {
            let results: Vec<Json> = values
                .iter()
                .zip(&convs)
                .map(|(v, c)| match c {
                    None => result_json(&Ok(v.clone())),
                    Some(c) => result_json(&c.apply(v)),
                })
                .collect();
            json!({
                "type": type_json(&ty),
                "convs": convs.iter().map(Option::is_some).collect::<Vec<_>>(),
                "values": results,
            })
        }
    }
}

/// One case: what is sent to the reference, and our outcome.
struct Case {
    input: Json,
    ours: Json,
}

fn sample<S: Strategy>(runner: &mut TestRunner, s: &S) -> S::Value {
    s.new_tree(runner).expect("strategy").current()
}

fn cases(n: usize) -> Vec<Case> {
    let mut runner = TestRunner::new_with_rng(Config::default(), TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]));
    let conv_case = arb_typed_value().prop_flat_map(|(t, v)| (Just(t.clone()), Just(v), related_type(&t)));
    let unify_case = arb_type().prop_flat_map(|base| {
        proptest::collection::vec(
            related_type(&base).prop_map(|t| t.without_optional_attributes()).prop_flat_map(|t| arb_value_of(&t)),
            1..4,
        )
    });
    let mut out = Vec::new();
    while out.len() < 6 * n {
        let (from, v, to) = sample(&mut runner, &conv_case);
        if has_capsule(&from) || has_capsule(&to) {
            continue;
        }
        let k = out.len() % 6;
        let case = match k {
            0 => Case {
                input: json!({"op": "convert", "value": value_json(&v), "type": type_json(&to)}),
                ours: result_json(&convert(&v, &to)),
            },
            1 => Case {
                input: json!({"op": "convert_safe", "value": value_json(&v), "type": type_json(&to)}),
                ours: result_json(&convert_safe(&v, &to)),
            },
            2 => Case {
                input: json!({"op": "safety", "from": type_json(&from), "to": type_json(&to)}),
                ours: json!(match conversion_safety(&from, &to) {
                    Some(Safety::Safe) => "safe",
                    Some(Safety::Unsafe) => "unsafe",
                    None => "none",
                }),
            },
            3 => Case {
                input: json!({"op": "mismatch", "got": type_json(&from), "want": type_json(&to)}),
                ours: json!(mismatch_message(&from, &to)),
            },
            4 => {
                // A null or unknown whose type may carry optional-attribute markers.
                let ty: Type = sample(&mut runner, &related_type(&from));
                if has_capsule(&ty) {
                    continue;
                }
                let v = if out.len() % 4 == 0 { Value::unknown(ty) } else { Value::null(ty) };
                Case {
                    input: json!({"op": "convert", "value": value_json(&v), "type": type_json(&to)}),
                    ours: result_json(&convert(&v, &to)),
                }
            }
            _ => {
                let values: Vec<Value> = sample(&mut runner, &unify_case);
                if values.iter().any(|v| has_capsule(&v.ty())) {
                    continue;
                }
                let unsafe_ = out.len() % 2 == 0;
                Case { input: unify_input(&values, unsafe_), ours: unify_outcome(&values, unsafe_) }
            }
        };
        out.push(case);
    }
    out
}

#[test]
#[ignore = "needs the Go reference harness: set HCLKIT_CTY_ORACLE"]
fn oracle_differential() {
    // Run on purpose (`--ignored`, as scripts/conformance does): a missing oracle is a failure.
    let oracle = std::env::var("HCLKIT_CTY_ORACLE").expect("HCLKIT_CTY_ORACLE names the Go reference harness");
    let n = std::env::var("HCLKIT_CTY_ORACLE_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let cases = cases(n);
    let mut child = Command::new(oracle).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("oracle runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let inputs: Vec<String> = cases.iter().map(|c| c.input.to_string()).collect();
    let writer = std::thread::spawn(move || {
        for line in inputs {
            writeln!(stdin, "{line}").expect("write to oracle");
        }
    });
    let reader = BufReader::new(child.stdout.take().expect("stdout"));
    let mut failures = Vec::new();
    let mut panics = 0;
    let mut count = 0;
    let mut messages: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for (case, line) in cases.iter().zip(reader.lines()) {
        count += 1;
        let theirs: Json = serde_json::from_str(&line.expect("oracle output")).expect("oracle JSON");
        let outcomes = theirs["outcomes"].as_array().cloned().unwrap_or_default();
        let text = theirs.to_string();
        if text.contains("\"panic\"") || text.contains("PANIC") {
            panics += 1;
            if panics <= 5 {
                eprintln!("the reference panics on {}\n ours: {}\nthey: {}\n", case.input, case.ours, theirs);
            }
            continue;
        }
        if let Some(m) = case.ours.get("err").and_then(Json::as_str) {
            *messages.entry(m.split(':').next().unwrap_or(m).to_string()).or_insert(0) += 1;
        } else if case.ours.get("ok").is_some() {
            *messages.entry("(ok)".to_string()).or_insert(0) += 1;
        }
        if !outcomes.contains(&case.ours) {
            failures.push(format!("input: {}\n ours: {}\nthey: {}", case.input, case.ours, theirs));
        }
    }
    writer.join().expect("writer");
    let _ = child.wait();
    assert_eq!(count, cases.len(), "the oracle answered every case");
    for (m, k) in &messages {
        eprintln!("{k:6} {m}");
    }
    eprintln!("{} cases, {} where the reference panics (skipped), {} mismatches", count, panics, failures.len());
    for f in failures.iter().take(15) {
        eprintln!("{f}\n");
    }
    assert!(failures.is_empty(), "{} of {} cases differ from the reference", failures.len(), count);
}
