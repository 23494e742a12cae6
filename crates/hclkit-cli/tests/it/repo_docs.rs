//! The repository's own documents against the repository: the README's test command is what
//! CI runs and leaves the benchmarks out.

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
            assert_eq!(defaults.contains(&name.as_str()), name != "crates/benchmarks", "{name} in {defaults:?}");
        }
    }
    // The benchmarks are still built and tested by CI.
    assert!(ci.contains("\ncargo bench --no-run -p hclkit-benchmarks"), "CI builds the benches");
    assert!(ci.contains("\ncargo test -p hclkit-benchmarks"), "CI runs the benchmark crate's tests");
}
