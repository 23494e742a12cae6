//! The README's commands, run as a user runs them: every `sh` block of its "Use" section, in
//! order, in one shell started at the repository's root, with the built `hclkit`, `hcldec` and
//! `hclfmt` first on `PATH`. Each `text` block shows what the commands before it print, and
//! must be found in their output; no command may fail other than as the README says (`hclkit
//! check` on the broken examples exits 1); and the run must leave every file of the checkout
//! as it was (the README works in a scratch copy of `examples/`).
//!
//! Not run: the "Install" section (a clone and `cargo install`, which this test's build has
//! done) and the "Tests" section (this is it).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

/// The fenced blocks of `section` (from its `## ` heading to the next `## ` heading), with their
/// info strings, in order.
fn blocks(readme: &str, section: &str) -> Vec<(String, String)> {
    let start = readme.find(&format!("\n## {section}\n")).expect("section in the README");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    let mut out = Vec::new();
    let mut lines = rest[..end].lines();
    while let Some(line) = lines.next() {
        if let Some(info) = line.strip_prefix("```") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("```")).collect();
            out.push((info.to_owned(), body.join("\n")));
        }
    }
    out
}

/// A digest of every file under `dir` but the build's and git's, by path.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, u64> {
    use std::hash::{Hash, Hasher};
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir") {
            let path = entry.expect("entry").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            if path.is_dir() {
                if !["target", ".git"].contains(&name.as_str()) {
                    stack.push(path);
                }
            } else if let Ok(bytes) = std::fs::read(&path) {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                bytes.hash(&mut h);
                out.insert(path, h.finish());
            }
        }
    }
    out
}

#[test]
fn the_readme_commands_work_and_change_nothing_in_the_checkout() {
    let root = repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let blocks = blocks(&readme, "Use");
    assert!(blocks.iter().filter(|(info, _)| info == "sh").count() >= 5, "the Use section's commands");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_hclkit")).parent().expect("bin dir").to_path_buf();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let _ = std::fs::remove_dir_all("/tmp/hclkit-demo");
    let before = snapshot(&root);

    // One shell for the whole section, as a user types it: a `cd` carries over. Each command
    // line's exit status is printed after it, tagged, to be checked below.
    let mut script = String::new();
    let mut expected_text = Vec::new();
    for (info, body) in &blocks {
        match info.as_str() {
            "sh" => {
                for line in body.lines().filter(|l| !l.trim().is_empty()) {
                    script.push_str(line);
                    script.push_str(&format!("\necho \"@@status $? {}\"\n", line.replace(['"', '$', '`', '\\'], "_")));
                }
            }
            "text" => expected_text.push(body.clone()),
            _ => {}
        }
    }
    let out = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(&root)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .output()
        .expect("run bash");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let statuses: Vec<(i32, &str)> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("@@status "))
        .map(|l| {
            let (code, cmd) = l.split_once(' ').expect("status line");
            (code.parse().expect("status"), cmd)
        })
        .collect();
    assert!(statuses.len() >= 8, "{statuses:?}\n{stderr}");
    for (code, cmd) in &statuses {
        let expected = if cmd.contains("hclkit check broken.hcl") || cmd.contains("typo.hcl") { 1 } else { 0 };
        assert_eq!(*code, expected, "`{cmd}` exited {code}\nstdout:\n{stdout}\nstderr:\n{stderr}");
    }
    let printed: String = stdout.lines().filter(|l| !l.starts_with("@@status ")).collect::<Vec<_>>().join("\n");
    for text in &expected_text {
        assert!(printed.contains(text.trim_end()), "the README shows:\n{text}\nbut the commands printed:\n{printed}");
    }
    let after = snapshot(&root);
    let changed: Vec<_> = after.iter().filter(|(p, h)| before.get(*p) != Some(h)).map(|(p, _)| p).collect();
    let removed: Vec<_> = before.keys().filter(|p| !after.contains_key(*p)).collect();
    assert!(changed.is_empty() && removed.is_empty(), "the README changed {changed:?}, removed {removed:?}");
}
