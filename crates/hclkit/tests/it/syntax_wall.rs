//! The wall around the syntax core (ARCHITECTURE.md, "The syntax core is an API boundary").
//!
//! The native syntax's lexer, tokens, parser, tree and escapes, and the JSON syntax's scanner,
//! parser and tree, are what a formatter, an editing document and a language server stand on:
//! they depend on positions, the diagnostic model and the name suggester, and on nothing that is
//! built on them (the information model's bodies, evaluation, spec decoding, files, the
//! formatter, serde, conversion). This test reads their sources and fails on a path that leaves
//! the core. Only the code before a file's first `#[cfg(test)]` is read (its tests may use
//! anything).

use std::path::{Path, PathBuf};

/// The modules of the core, as paths under `src/syntax/`.
const CORE: &[&str] = &[
    "native/lexer",
    "native/token",
    "native/tokens",
    "native/parser",
    "native/ast",
    "native/escape",
    "native/diag",
    "native/reference_idents",
    "native/reference_idents_table",
    "native/dump",
    "json/scan",
    "json/parser",
    "json/ast",
    "json/literal",
];

/// What the core may use from the rest of the crate.
const ALLOWED_OUTSIDE: &[&str] = &["pos", "diagnostic", "suggest"];

fn core_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax");
    let mut files = Vec::new();
    for m in CORE {
        let file = root.join(format!("{m}.rs"));
        let dir = root.join(m);
        assert!(file.exists() || dir.is_dir(), "core module {m} not found: update CORE");
        if file.exists() {
            files.push(file);
        }
        if dir.is_dir() {
            for e in std::fs::read_dir(&dir).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "rs") {
                    files.push(p);
                }
            }
        }
    }
    files
}

/// The module path of a source file under `src/syntax/` (`native/parser/mod.rs` is
/// `[native, parser]`).
fn module_of(file: &Path) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/syntax");
    let rel = file.strip_prefix(&root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Whether a path under `syntax` (`["native", "parser", ...]`) is inside the core.
fn in_core(path: &[String]) -> bool {
    path.len() >= 2 && CORE.contains(&format!("{}/{}", path[0], path[1]).as_str())
}

/// The identifiers that follow `prefix` in `code`, as paths (`a::b::c` gives `[a, b, c]`).
fn paths_after<'a>(code: &'a str, prefix: &'a str) -> impl Iterator<Item = Vec<String>> + 'a {
    code.match_indices(prefix).filter_map(move |(i, _)| {
        // Not the tail of a longer identifier (`my_crate::`).
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let rest = &code[i + prefix.len()..];
        let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
        Some(rest[..end].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect())
    })
}

#[test]
fn the_syntax_core_uses_nothing_built_on_it() {
    let mut violations = Vec::new();
    for file in core_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        // Comments may name anything.
        let code: String = code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
        let here = module_of(&file);
        for path in paths_after(&code, "crate::") {
            let ok = match path.first().map(String::as_str) {
                Some("syntax") => in_core(&path[1..]),
                Some(m) => ALLOWED_OUTSIDE.contains(&m),
                None => true,
            };
            if !ok {
                violations.push(format!("{}: crate::{}", file.display(), path.join("::")));
            }
        }
        for path in paths_after(&code, "super::") {
            // `super::` from a file's module, then the rest of the path.
            let mut target = here[..here.len() - 1].to_vec();
            let mut rest = path.as_slice();
            while rest.first().is_some_and(|s| s == "super") {
                target.pop();
                rest = &rest[1..];
            }
            if rest.first().is_some_and(|s| s != "*" && !s.is_empty()) {
                target.push(rest[0].clone());
            }
            // A glob of a whole syntax (`native`, `json`) would bring in what is built on it.
            if !in_core(&target) {
                violations.push(format!("{}: super::{}", file.display(), path.join("::")));
            }
        }
    }
    assert!(violations.is_empty(), "the syntax core reaches outside its wall:\n{}", violations.join("\n"));
}

#[test]
fn the_wall_test_sees_a_breach() {
    // The scanner itself: a path out of the core is found, one inside is not.
    let found: Vec<Vec<String>> = paths_after("use crate::body::Body; x.my_crate::y", "crate::").collect();
    assert_eq!(found, vec![vec!["body".to_owned(), "Body".to_owned()]]);
    assert!(in_core(&["native".into(), "parser".into(), "expr".into()]));
    assert!(!in_core(&["native".into(), "body".into()]));
    assert!(!in_core(&["native".into()]));
}
