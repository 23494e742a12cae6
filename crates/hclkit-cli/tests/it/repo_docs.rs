//! The repository's own documents against the repository: the README's test command is what
//! CI runs and leaves the benchmarks out, the files the documents name exist, the README's
//! clone step uses the repository URL Cargo.toml declares.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The first line of the first fenced block after the heading `heading` in `text`.
fn first_command_after(text: &str, heading: &str) -> String {
    let at = text.find(heading).unwrap_or_else(|| panic!("no {heading:?}"));
    let block = text[at..].split("```").nth(1).expect("a fenced block");
    block.lines().nth(1).expect("a command").trim().to_owned()
}

/// The value of the first `key = "..."` line of the root Cargo.toml.
fn cargo_toml_string(key: &str) -> String {
    let toml = read("Cargo.toml");
    let line = toml.lines().find(|l| l.starts_with(&format!("{key} = \""))).unwrap_or_else(|| panic!("no {key}"));
    line.split('"').nth(1).unwrap().to_owned()
}

#[test]
fn the_readme_test_command_is_what_ci_runs_and_leaves_the_benchmarks_out() {
    let readme_command = first_command_after(&read("README.md"), "## Tests");
    let ci = read(".ci/run");
    let ci_command = ci
        .lines()
        .find_map(|l| l.strip_prefix("readme_test_command=\""))
        .and_then(|l| l.strip_suffix('"'))
        .expect(".ci/run sets readme_test_command");
    assert_eq!(readme_command, ci_command, "the README's test command and .ci/run's");
    // `--workspace` would select every member, the benchmarks (criterion, hcl-rs, hcl-edit)
    // included, whatever `default-members` says.
    assert!(!readme_command.contains("--workspace") && !readme_command.contains("--all"), "{readme_command}");

    let toml = read("Cargo.toml");
    let defaults = toml.split("default-members = [").nth(1).expect("default-members").split(']').next().unwrap();
    let defaults: Vec<&str> = defaults.split('"').skip(1).step_by(2).collect();
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let name = format!("crates/{}", entry.unwrap().file_name().to_string_lossy());
        if root().join(&name).join("Cargo.toml").exists() {
            let left_out = ["crates/benchmarks", "crates/hclkit-wasm"].contains(&name.as_str());
            assert_eq!(defaults.contains(&name.as_str()), !left_out, "{name} in {defaults:?}");
        }
    }
    // The benchmarks are still built and tested by CI.
    assert!(ci.contains("\ncargo bench --no-run -p hclkit-benchmarks"), "CI builds the benches");
    assert!(ci.contains("\ncargo test -p hclkit-benchmarks"), "CI runs the benchmark crate's tests");
    // So is the WebAssembly crate of the npm package (built for its target by `npm run build`).
    assert!(ci.contains("\ncargo test -p hclkit-wasm"), "CI runs the WebAssembly crate's tests");
}

/// The `*.md` names in `text`, as written (a path, or a bare file name).
fn md_names(text: &str) -> Vec<&str> {
    let is_path = |c: char| c.is_ascii_alphanumeric() || "._/-".contains(c);
    text.split(|c: char| !is_path(c))
        .filter(|w| w.ends_with(".md") && w.len() > 3)
        .map(|w| w.trim_start_matches("./"))
        .collect()
}

#[test]
fn the_files_the_documents_name_exist() {
    let mut docs = vec!["README.md".to_owned(), "ARCHITECTURE.md".to_owned()];
    // The crates' root pages name the guides in docs/ as text (rustdoc cannot link there).
    for krate in ["hclkit", "hclkit-value", "hclkit-terraform"] {
        docs.push(format!("crates/{krate}/src/lib.rs"));
    }
    for e in std::fs::read_dir(root().join("docs")).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            docs.push(format!("docs/{name}"));
        }
    }
    let mut missing = Vec::new();
    for doc in &docs {
        let text = read(doc);
        let dir = root().join(doc).parent().unwrap().to_path_buf();
        // Links first: `](target)` relative to the document (in Rust sources they are
        // rustdoc's intra-doc links, which `cargo doc -D warnings` checks).
        let links = if doc.ends_with(".md") { text.split("](").skip(1).collect() } else { Vec::new() };
        for target in links.into_iter().filter_map(|s| s.split(')').next()) {
            let target = target.split('#').next().unwrap();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !dir.join(target).exists() {
                missing.push(format!("{doc}: link {target}"));
            }
        }
        // Then every document name in the text: in the repository (from the root, beside
        // the document, or under docs/), or `../shared/...` (outside it, said as such).
        for name in md_names(&text) {
            // Outside the repository, and said so: the team's shared folder beside it, or
            // another repository's page (a URL).
            if name.starts_with("../shared/") || name.starts_with("shared/") || name.starts_with("//") {
                continue;
            }
            let found = [root().join(name), dir.join(name), root().join("docs").join(name)].iter().any(|p| p.exists());
            if !found {
                missing.push(format!("{doc}: {name}"));
            }
        }
    }
    assert!(missing.is_empty(), "named but not in the repository:\n{}", missing.join("\n"));
}

#[test]
fn the_readme_says_how_to_clone_the_repository() {
    let url = cargo_toml_string("repository");
    let readme = read("README.md");
    let clone = format!("git clone {url} hclkit && cd hclkit");
    assert!(readme.contains(&clone), "the README has no {clone:?}");
    // Before the first command that needs a checkout.
    assert!(readme.find(&clone) < readme.find("cargo install"), "the clone step comes first");
}

#[test]
fn the_crate_page_is_a_guide_first_and_a_module_map_after() {
    let lib = read("crates/hclkit/src/lib.rs");
    let doc: String =
        lib.lines().filter_map(|l| l.strip_prefix("//!")).map(|l| format!("{}\n", l.trim_start())).collect();
    let headings: Vec<&str> = doc.lines().filter(|l| l.starts_with("# ")).collect();
    assert_eq!(
        headings,
        ["# Read a configuration into your own types", "# Which API for which task", "# Modules"],
        "the hclkit crate page's sections"
    );
    // The first example is the serde one, and it runs (a doc test, not `ignore`d).
    let first_example = doc.split("```").nth(1).unwrap();
    assert!(first_example.starts_with('\n') && first_example.contains("#[derive(Deserialize)]"), "{first_example}");
    // The task table names each thing users come for.
    for task in [
        "decode into Rust types",
        "decode by an hcldec spec",
        "evaluate an expression",
        "format source",
        "convert the native syntax",
        "walk the syntax tree",
        "edit a file",
    ] {
        assert!(doc.contains(&format!("| {task}")), "no row {task:?}");
    }
}
