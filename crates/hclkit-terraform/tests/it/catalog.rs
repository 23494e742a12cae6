//! The function table and its catalog: the functions of the encoding, hash, CIDR, filesystem,
//! YAML, text-encoding and time modules are all there, described, recorded against Terraform
//! (or, for later-version ones, tested by hand), and give unknown results for unknown
//! arguments, as Terraform's do.

use std::collections::BTreeSet;
use std::path::Path;

use hclkit_terraform::{catalog, functions, FsPolicy, Options, Origin};
use hclkit_value::Value;

/// The functions these modules provide (issue 20a's part).
const FUNCTIONS: &[&str] = &[
    "base64encode",
    "base64decode",
    "base64gzip",
    "urlencode",
    "textencodebase64",
    "textdecodebase64",
    "csvdecode",
    "jsonencode",
    "jsondecode",
    "yamlencode",
    "yamldecode",
    "md5",
    "sha1",
    "sha256",
    "sha512",
    "base64sha256",
    "base64sha512",
    "bcrypt",
    "uuid",
    "uuidv5",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "filebase64sha256",
    "filebase64sha512",
    "rsadecrypt",
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "templatefile",
    "abspath",
    "dirname",
    "basename",
    "pathexpand",
    "timestamp",
    "timeadd",
    "formatdate",
    "timecmp",
    "plantimestamp",
];

/// Functions added after Terraform v1.0.3, tested by hand (the recorder's Terraform has none).
const LATER: &[&str] = &["timecmp", "plantimestamp"];

fn recorded_expressions() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/recorded");
    let mut all = String::new();
    for e in std::fs::read_dir(dir).unwrap() {
        all.push_str(&std::fs::read_to_string(e.unwrap().path()).unwrap());
    }
    all
}

#[test]
fn every_function_is_in_the_table_described_and_recorded() {
    let table = functions(&Options::new());
    let cat = catalog();
    let names: BTreeSet<&str> = cat.iter().map(|i| i.name).collect();
    assert_eq!(names.len(), cat.len(), "catalog names are unique");
    for name in table.keys().filter(|n| !n.starts_with("core::")) {
        assert!(names.contains(name), "{name} has no catalog entry");
    }
    let recorded = recorded_expressions();
    for name in FUNCTIONS {
        assert!(table.contains_key(name), "{name} missing from the table");
        let info = cat.iter().find(|i| i.name == *name).unwrap();
        assert!(!info.since.is_empty());
        if LATER.contains(name) {
            assert_ne!(info.since, "<=1.0", "{name}");
            assert_eq!(info.origin, Origin::Terraform);
        } else {
            assert!(recorded.contains(&format!("{name}(")), "{name} has no recorded case");
        }
    }
}

#[test]
fn unknown_arguments_give_unknown_results() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fsdata");
    let table = functions(&Options::new().with_filesystem(FsPolicy::under(dir)));
    for name in FUNCTIONS {
        let f = &table[name];
        if f.params().is_empty() {
            continue;
        }
        let args: Vec<Value> = f.params().iter().map(|p| Value::unknown(p.ty.clone())).collect();
        let v = f.call(&args).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(v.is_unknown(), "{name} gave {v:?}");
    }
}

/// Terraform 1.8's rule: `core::NAME` is every built-in `NAME`, and nothing else.
#[test]
fn core_aliases_are_the_built_ins() {
    let table = functions(&Options::new());
    let builtins: BTreeSet<&str> = table.keys().copied().filter(|n| !n.contains("::")).collect();
    let aliased: BTreeSet<&str> = table.keys().filter_map(|n| n.strip_prefix("core::")).collect();
    assert_eq!(builtins, aliased);
    assert!(aliased.contains("templatefile") && aliased.contains("try") && aliased.contains("max"));
    assert!(!table.contains_key("core::provider::terraform::encode_expr"));
    // The same function under both names.
    let v = |name: &str| table[name].call(&[hclkit_value::Value::string("a,b"), hclkit_value::Value::string(",")]);
    assert_eq!(v("core::split").unwrap(), v("split").unwrap());
    // The names are made once: a second table has the same static strings.
    let again = functions(&Options::new());
    let first = table.keys().find(|n| n.starts_with("core::")).unwrap();
    let second = again.keys().find(|n| n.starts_with("core::")).unwrap();
    assert!(std::ptr::eq(*first, *second));
}
