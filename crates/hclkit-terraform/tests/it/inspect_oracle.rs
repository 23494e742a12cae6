//! `inspect::Module` against terraform-config-inspect, over the corpus's Terraform modules:
//! the expected outputs in `tests/data/inspect/*.want.json` were recorded from
//! `@evops/hcl-terraform-parser` 1.0.0 (terraform-config-inspect compiled to JavaScript) by
//! `oracle/inspect/record.mjs`, which gives it each module's files concatenated
//! (`concat.tsv` maps its line numbers back to files).
//!
//! Compared: everything the oracle reports (variables' name, type, description, default,
//! required; outputs' name, description, sensitive; required core versions; required
//! providers' source and version constraints; provider configurations; managed and data
//! resources' mode, type, name and provider; module calls' name, source and version; every
//! position's file and line). Where the oracle is known to be old or wrong (see
//! `oracle/inspect/SHAPE.md`), the comparison allows it, each case named below:
//! - it does not add the providers that resources and configurations use to
//!   `required_providers` (terraform-config-inspect's `LoadModule` does): an extra entry of
//!   ours with no source and no constraint is allowed;
//! - it predates `sensitive` on variables (not compared);
//! - numbers in defaults pass through a float64 there (compared as float64).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hclkit_terraform::inspect::Module;
use serde_json::Value as J;

fn corpus_root() -> PathBuf {
    if let Some(d) = std::env::var_os("HCLKIT_CORPUS") {
        // HCLKIT_CORPUS names `corpus/realworld`; the module list is relative to `corpus/`.
        return PathBuf::from(d).join("..");
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for up in ["../shared", "../../shared"] {
        let d = root.join(up).join("corpus");
        if d.is_dir() {
            return d;
        }
    }
    root.join("../shared/corpus")
}

/// Numbers as float64, as the oracle's JSON went through one.
fn norm(v: &J) -> J {
    match v {
        J::Number(n) => n.as_f64().map(|f| serde_json::json!(f)).unwrap_or(J::Null),
        J::Array(a) => J::Array(a.iter().map(norm).collect()),
        J::Object(o) => J::Object(o.iter().map(|(k, v)| (k.clone(), norm(v))).collect()),
        other => other.clone(),
    }
}

fn field(diffs: &mut Vec<String>, what: &str, w: &J, g: &J) {
    if w != g {
        diffs.push(format!("{what}: oracle {w}, ours {g}"));
    }
}

/// The differences between the oracle's document and ours for one module.
fn compare(want: &J, got: &J, lines: &[(String, u64, u64)]) -> Vec<String> {
    let mut diffs = Vec::new();
    // The oracle's line in the concatenation, as (file, line).
    let place = |p: &J| -> (String, u64) {
        let l = p["line"].as_u64().unwrap_or(0);
        match lines.iter().rev().find(|(_, first, _)| *first <= l) {
            Some((f, first, _)) => (f.clone(), l - first + 1),
            None => (String::new(), l),
        }
    };
    let ours = |p: &J| (p["filename"].as_str().unwrap_or("").to_owned(), p["line"].as_u64().unwrap_or(0));
    for section in ["variables", "outputs", "managed_resources", "data_resources", "module_calls", "provider_configs"] {
        let (w, g) = (&want[section], &got[section]);
        let empty = serde_json::Map::new();
        let (wm, gm) = (w.as_object().unwrap_or(&empty), g.as_object().unwrap_or(&empty));
        let wk: Vec<&String> = wm.keys().collect();
        let gk: Vec<&String> = gm.keys().collect();
        if wk != gk {
            diffs.push(format!("{section}: oracle {wk:?}, ours {gk:?}"));
            continue;
        }
        for (k, wv) in wm {
            let gv = &gm[k];
            let fields: &[&str] = match section {
                "variables" => &["name", "type", "description", "default", "required"],
                "outputs" => &["name", "description", "sensitive"],
                "module_calls" => &["name", "source", "version"],
                "provider_configs" => &["name", "alias"],
                _ => &["mode", "type", "name", "provider"],
            };
            for f in fields {
                field(&mut diffs, &format!("{section}.{k}.{f}"), &norm(&wv[*f]), &norm(&gv[*f]));
            }
            if section != "provider_configs" && place(&wv["pos"]) != ours(&gv["pos"]) {
                diffs.push(format!("{section}.{k}.pos: oracle {:?}, ours {:?}", place(&wv["pos"]), ours(&gv["pos"])));
            }
        }
    }
    field(&mut diffs, "required_core", &want["required_core"], &got["required_core"]);
    let empty = serde_json::Map::new();
    let (wp, gp) = (
        want["required_providers"].as_object().unwrap_or(&empty),
        got["required_providers"].as_object().unwrap_or(&empty),
    );
    for (k, gv) in gp {
        match wp.get(k) {
            Some(wv) => {
                field(&mut diffs, &format!("required_providers.{k}.source"), &wv["source"], &gv["source"]);
                field(
                    &mut diffs,
                    &format!("required_providers.{k}.version_constraints"),
                    &wv["version_constraints"],
                    &gv["version_constraints"],
                );
            }
            // A provider in use, required with no constraint (the oracle skips this step).
            None if gv.as_object().is_some_and(|o| o.is_empty()) => {}
            None => diffs.push(format!("required_providers.{k}: not in the oracle's")),
        }
    }
    for k in wp.keys().filter(|k| !gp.contains_key(*k)) {
        diffs.push(format!("required_providers.{k}: missing"));
    }
    diffs
}

#[test]
fn agrees_with_terraform_config_inspect_on_the_recorded_modules() {
    // HCLKIT_INSPECT_DATA: another recording (`record.mjs --all --out DIR`: every module of
    // the corpus, too large to keep here), for docs/analysis.md's whole-corpus count.
    let data = std::env::var_os("HCLKIT_INSPECT_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/inspect"));
    let corpus = corpus_root();
    if !corpus.join("realworld").is_dir() {
        let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0");
        assert!(!ci, "CI is set, but the corpus is missing at {}", corpus.display());
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "\n*** SKIPPED inspect oracle: no corpus at {} ***\n", corpus.display());
        return;
    }
    let mut files: BTreeMap<String, Vec<(String, u64, u64)>> = BTreeMap::new();
    for row in std::fs::read_to_string(data.join("concat.tsv")).unwrap().lines() {
        let f: Vec<&str> = row.split('\t').collect();
        files.entry(f[0].to_owned()).or_default().push((f[1].to_owned(), f[2].parse().unwrap(), f[3].parse().unwrap()));
    }
    let modules: Vec<String> =
        std::fs::read_to_string(data.join("modules.txt")).unwrap().lines().map(str::to_owned).collect();
    assert!(modules.len() >= 250, "{} modules recorded", modules.len());
    let mut disagree = Vec::new();
    for m in &modules {
        let lines = &files[m];
        let sources: Vec<(String, Vec<u8>)> =
            lines.iter().map(|(f, _, _)| (f.clone(), std::fs::read(corpus.join(m).join(f)).unwrap())).collect();
        let module = Module::load(m, &sources);
        let got: J = serde_json::from_str(&module.to_json_string()).unwrap();
        let want: J = serde_json::from_str(
            &std::fs::read_to_string(data.join(format!("{}.want.json", m.replace('/', "__")))).unwrap(),
        )
        .unwrap();
        let diffs = compare(&want, &got, lines);
        if !diffs.is_empty() {
            disagree.push(format!("{m}:\n  {}", diffs.join("\n  ")));
        }
    }
    eprintln!(
        "inspect: {} of {} modules agree with terraform-config-inspect",
        modules.len() - disagree.len(),
        modules.len()
    );
    assert!(disagree.is_empty(), "{} of {} modules disagree:\n{}", disagree.len(), modules.len(), disagree.join("\n"));
}
