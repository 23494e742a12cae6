//! Replays every saved fuzzing input on the stable toolchain: the corpus coverage-guided
//! fuzzing kept (`seeds/<target>/`, minimised with `cargo fuzz cmin`) and the inputs that once
//! crashed or hung a target (`regressions/<target>/`), through the same checks the cargo-fuzz
//! binaries run. CI runs it (`cargo test --no-default-features` in `fuzz/`), so a
//! change that breaks an input fuzzing once found is caught without nightly or libFuzzer.

use std::path::{Path, PathBuf};

fn inputs(target: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["seeds", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir).join(target)) else { continue };
        files.extend(entries.map(|e| e.expect("entry").path()).filter(|p| p.is_file()));
    }
    files.sort();
    files
}

fn replay(target: &str, run: fn(&[u8])) {
    let files = inputs(target);
    // The saved corpus is part of the repository: an empty one means it went missing.
    assert!(files.len() >= 50, "{target}: only {} saved inputs", files.len());
    for f in &files {
        let data = std::fs::read(f).expect("read input");
        let result = std::panic::catch_unwind(|| run(&data));
        assert!(result.is_ok(), "{target}: {} fails its checks", f.display());
    }
    eprintln!("{target}: {} saved inputs replayed", files.len());
}

#[test]
fn json_parse() {
    replay("json_parse", hclkit_fuzz::json_parse::run);
}

#[test]
fn native_parse_eval() {
    replay("native_parse_eval", hclkit_fuzz::native_parse_eval::run);
}

#[test]
fn spec_decode() {
    replay("spec_decode", hclkit_fuzz::spec_decode::run);
}

#[test]
fn fmt() {
    replay("fmt", hclkit_fuzz::fmt::run);
}

#[test]
fn edit() {
    // The native parser's saved corpus: the document must print each back and survive edits.
    replay("native_parse_eval", hclkit_fuzz::edit::run);
}

#[test]
fn edit_json() {
    // The JSON parser's saved corpus: the JSON document must print each back and survive edits.
    replay("json_parse", hclkit_fuzz::edit::run_json);
}
