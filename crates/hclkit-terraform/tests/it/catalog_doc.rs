//! The catalog and the function table agree, Terraform v1.0.3's function names are all
//! there, and `docs/terraform-functions.md` is the table generated from `catalog()`.
//!
//! Regenerate the document after changing a catalog entry:
//! `HCLKIT_UPDATE_DOCS=1 cargo test -p hclkit-terraform --test it catalog_doc::`.

use std::collections::BTreeSet;

use hclkit_terraform::{catalog, functions, Options, Origin};

/// Every function `terraform console` v1.0.3 knows (lang/functions.go of v1.0.3, less the
/// console-only `type`), checked against the console: each name that is not here is a "Call
/// to unknown function" there.
const TERRAFORM_1_0_3: &[&str] = &[
    "abs",
    "abspath",
    "alltrue",
    "anytrue",
    "base64decode",
    "base64encode",
    "base64gzip",
    "base64sha256",
    "base64sha512",
    "basename",
    "bcrypt",
    "can",
    "ceil",
    "chomp",
    "chunklist",
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "csvdecode",
    "defaults",
    "dirname",
    "distinct",
    "element",
    "file",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "fileexists",
    "filemd5",
    "fileset",
    "filesha1",
    "filesha256",
    "filesha512",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "index",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "length",
    "list",
    "log",
    "lookup",
    "lower",
    "map",
    "matchkeys",
    "max",
    "md5",
    "merge",
    "min",
    "nonsensitive",
    "one",
    "parseint",
    "pathexpand",
    "pow",
    "range",
    "regex",
    "regexall",
    "replace",
    "reverse",
    "rsadecrypt",
    "sensitive",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "sha1",
    "sha256",
    "sha512",
    "signum",
    "slice",
    "sort",
    "split",
    "strrev",
    "substr",
    "sum",
    "templatefile",
    "textdecodebase64",
    "textencodebase64",
    "timeadd",
    "timestamp",
    "title",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "transpose",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "try",
    "upper",
    "urlencode",
    "uuid",
    "uuidv5",
    "values",
    "yamldecode",
    "yamlencode",
    "zipmap",
];

#[test]
fn every_v1_0_3_function_is_in_the_table() {
    let table = functions(&Options::new());
    let missing: Vec<&str> = TERRAFORM_1_0_3.iter().copied().filter(|n| !table.contains_key(n)).collect();
    assert!(missing.is_empty(), "missing from the table: {missing:?}");
}

#[test]
fn catalog_describes_exactly_the_table() {
    // The `core::` aliases of the built-ins are the one exception (see `core_aliases_are_the_built_ins`).
    let table: BTreeSet<&str> =
        functions(&Options::new()).keys().copied().filter(|n| !n.starts_with("core::")).collect();
    let described: BTreeSet<&str> = catalog().iter().map(|i| i.name).collect();
    assert_eq!(table, described);
    assert_eq!(catalog().len(), described.len(), "one entry a function");
}

#[test]
fn later_functions_carry_their_version_and_v1_0_3_names_theirs() {
    let v103: BTreeSet<&str> = TERRAFORM_1_0_3.iter().copied().collect();
    for info in catalog() {
        if v103.contains(info.name) {
            assert_eq!(info.since, "<=1.0", "{}", info.name);
        } else {
            assert_ne!(info.since, "<=1.0", "{} is not a v1.0.3 function, so it needs its version", info.name);
            assert_ne!(info.origin, Origin::CtyStdlib, "{}: Terraform never added cty functions later", info.name);
        }
        if info.origin == Origin::TerraformShadow {
            assert!(!info.note.is_empty(), "{}: a shadow says what differs", info.name);
        }
    }
}

#[test]
fn cty_functions_terraform_lacks_are_not_in_the_table() {
    let table = functions(&Options::new());
    for name in ["hasindex", "int", "regexreplace", "sethaselement", "setsymmetricdifference", "strlen", "type"] {
        assert!(!table.contains_key(name), "{name}");
    }
}

/// The document: an introduction, then one row a function.
fn render() -> String {
    let mut out = String::from(
        "# Terraform's functions in hclkit\n\n\
         <!-- Generated from hclkit_terraform::catalog() by crates/hclkit-terraform/tests/it/catalog_doc.rs;\n     \
         regenerate with HCLKIT_UPDATE_DOCS=1 cargo test -p hclkit-terraform --test it catalog_doc:: -->\n\n\
         `hclkit_terraform::functions(&Options)` is the table of functions a Terraform configuration\n\
         sees: Terraform v1.0.3's set (the last MPL-2.0 line of releases before 1.6's licence change,\n\
         and the oracle every recorded case was checked against) and functions added since, from\n\
         Terraform's documentation. Origins: **cty** — go-cty's standard function, exposed unchanged\n\
         (hclkit's `hclkit_value::stdlib`); **shadow** — Terraform's own version of a cty function of\n\
         the same name; **terraform** — a function only Terraform has. `<=1.0` marks functions of\n\
         v1.0.3; a later version is the release that introduced the function. Terraform v1.0.3\n\
         builds on go-cty v1.9.0 and hclkit's stdlib follows v1.12.1; on every recorded and\n\
         generated call they agree (the one trace of the older version is `values`' parameter name).\n\n\
         `hclkit eval --functions terraform EXPR` and `hcldec --functions terraform` expose the table.\n\n\
         As in Terraform 1.8 and later, each function `NAME` below (not `provider::` ones) is also\n\
         in the table as `core::NAME`, called with HCL v2.20's namespaced syntax (`core::max(1, 2)`);\n\
         the aliases have no rows of their own.\n\n\
         | function | origin | since | difference from cty / notes |\n|---|---|---|---|\n",
    );
    for info in catalog() {
        let origin = match info.origin {
            Origin::CtyStdlib => "cty",
            Origin::TerraformShadow => "shadow",
            Origin::Terraform => "terraform",
        };
        let note = info.note.replace('|', "\\|");
        out.push_str(&format!("| `{}` | {origin} | {} | {note} |\n", info.name, info.since));
    }
    let counts = |o: Origin| catalog().iter().filter(|i| i.origin == o).count();
    out.push_str(&format!(
        "\n{} functions: {} from cty, {} Terraform shadows, {} Terraform's own.\n",
        catalog().len(),
        counts(Origin::CtyStdlib),
        counts(Origin::TerraformShadow),
        counts(Origin::Terraform)
    ));
    out
}

#[test]
fn committed_doc_is_the_generated_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/terraform-functions.md");
    let want = render();
    if std::env::var_os("HCLKIT_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{} is not the generated table; regenerate it (see the top of this file)", path.display());
}
