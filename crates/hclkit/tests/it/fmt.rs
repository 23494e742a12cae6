//! The formatter against the reference's (`hclwrite.Format`, hashicorp/hcl v2.14.1).
//!
//! `tests/data/fmt/<group>/<name>.in` are inputs and `<name>.want` the reference's output for
//! each, recorded by `oracle/fmt/record.sh` (which documents the groups: the reference's own
//! `format_test.go` table, real-world files and variants of them with their white space redrawn
//! or their bytes damaged, and hand-written cases). Every case must match byte for byte, and
//! formatting must be idempotent and keep the tokens.
//!
//! One group departs: `namespaced/` holds namespaced function calls (`provider::aws::f(x)`,
//! HCL v2.20), which v2.14.1 does not know (it writes `provider : : aws : : f(x)`); its `.want`
//! files are `terraform fmt -` v1.11.4's output, recorded by `oracle/namespaced/record.py`.
//!
//! `differential` (ignored; `scripts/conformance` runs it) compares the files of
//! `$HCLKIT_FMT_IN` with the reference's outputs in `$HCLKIT_FMT_REF` (same relative paths).

use std::path::{Path, PathBuf};

use hclkit::format::{self, tokens, write_tokens, Formatter};
use hclkit::syntax::native::token::TokenKind;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fmt")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The tokens of `src` without their spacing: (kind, bytes).
fn token_texts(src: &[u8]) -> Vec<(TokenKind, Vec<u8>)> {
    tokens(src).into_iter().map(|t| (t.kind, t.text.into_owned())).collect()
}

/// What must hold for every input: the token-sequence API gives the same output, formatting
/// again changes nothing, and the tokens are kept.
/// The reference's layout, tokens it joins included (`hclfmt`'s).
const REFERENCE: Formatter = Formatter::new().join_tokens(true);

fn check_properties(name: &str, src: &[u8], out: &[u8]) -> Result<(), String> {
    let mut toks = tokens(src);
    REFERENCE.layout(&mut toks);
    let mut via_tokens = Vec::new();
    write_tokens(&toks, &mut via_tokens);
    if via_tokens != out {
        return Err(format!("{name}: layout of the tokens differs from format"));
    }
    // On a file that parses, only the white space between tokens changes. On broken ones the
    // reference's layout can change tokens, and so does ours: it puts a space before a newline
    // inside an unterminated string (which is then part of the string), drops spaces that
    // kept tokens apart (`2 . 0` becomes the number `2.0`, `! =` becomes `!=`), and can move a
    // U+FEFF to the start, where it reads as a byte order mark.
    let kept = token_texts(src) == token_texts(out);
    let diags = hclkit::parse_config(src.to_vec(), name).into_diagnostics();
    if !diags.has_errors() && !kept {
        return Err(format!("{name}: formatting changed the tokens"));
    }
    // The layout is a function of the tokens: where they are kept, formatting is idempotent.
    if kept && REFERENCE.format(out) != out {
        return Err(format!("{name}: formatting is not idempotent"));
    }
    Ok(())
}

fn show(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn recorded_cases_match_the_reference() {
    let mut files = Vec::new();
    walk(&cases_dir(), &mut files);
    let mut inputs: Vec<_> = files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "in")).collect();
    inputs.sort();
    assert!(inputs.len() >= 500, "only {} recorded cases", inputs.len());
    let mut groups = std::collections::BTreeMap::<String, usize>::new();
    let mut bad = Vec::new();
    for input in &inputs {
        let name = input.strip_prefix(cases_dir()).unwrap_or(input).display().to_string();
        *groups.entry(name.split('/').next().unwrap_or("").to_owned()).or_default() += 1;
        let src = std::fs::read(input).unwrap();
        let want = std::fs::read(input.with_extension("want")).unwrap_or_else(|_| panic!("{name}: no .want"));
        let got = REFERENCE.format(&src);
        if got != want {
            bad.push(format!("{name}:\n--- want\n{}\n--- got\n{}", show(&want), show(&got)));
            continue;
        }
        if let Err(e) = check_properties(&name, &src, &got) {
            bad.push(e);
        }
    }
    eprintln!("recorded cases: {groups:?}");
    assert!(bad.is_empty(), "{} of {} cases fail:\n{}", bad.len(), inputs.len(), bad.join("\n"));
}

#[test]
#[ignore = "needs the reference's outputs: scripts/conformance runs it"]
fn differential() {
    let (Some(input), Some(reference)) = (std::env::var_os("HCLKIT_FMT_IN"), std::env::var_os("HCLKIT_FMT_REF")) else {
        panic!("set HCLKIT_FMT_IN and HCLKIT_FMT_REF");
    };
    let (input, reference) = (PathBuf::from(input), PathBuf::from(reference));
    let mut files = Vec::new();
    walk(&input, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no cases in {}", input.display());
    let mut bad = Vec::new();
    let mut namespaced = 0;
    for f in &files {
        let rel = f.strip_prefix(&input).unwrap();
        let src = std::fs::read(f).unwrap();
        let want =
            std::fs::read(reference.join(rel)).unwrap_or_else(|_| panic!("no reference output for {}", rel.display()));
        let got = REFERENCE.format(&src);
        // `::` is one token since HCL v2.20 (namespaced calls), written without spaces as
        // terraform fmt writes it; the v2.14.1 reference lexes two colons and spaces them
        // (docs/spec-departures.md, "Newer HCL"). Damaged variants make `::` out of string
        // text: those cases are held to the properties only.
        let has_double_colon = src.windows(2).any(|w| w == b"::");
        namespaced += usize::from(has_double_colon);
        if got != want && !has_double_colon {
            bad.push(format!("{}: differs from the reference", rel.display()));
        } else if let Err(e) = check_properties(&rel.display().to_string(), &src, &got) {
            bad.push(e);
        }
    }
    eprintln!("{} cases compared ({namespaced} with `::`: properties only)", files.len());
    assert!(bad.is_empty(), "{} of {} cases fail:\n{}", bad.len(), files.len(), bad.join("\n"));
}

/// The default layout never joins two tokens into different ones, where the reference does:
/// every sequence of three tokens from an alphabet of those that can join, separated by
/// spaces, lexes as the same tokens after formatting (checked by lexing the output again).
#[test]
fn default_layout_never_joins_tokens() {
    let alphabet = [
        "2", "3", ".5", "1e", "e5", ".", "...", "!", "=", "-", "+", "/", "*", "%", "<", ">", "&", "|", ":", "?", ",",
        "a", "(", ")", "[", "]", "{", "}", "=>", "#",
    ];
    let mut joined_by_reference = 0;
    for x in alphabet {
        for y in alphabet {
            for z in alphabet {
                let src = format!("v = {x} {y} {z}\n");
                let out = format::format(src.as_bytes());
                assert_eq!(
                    token_texts(&out),
                    token_texts(src.as_bytes()),
                    "{src:?} became {:?}",
                    String::from_utf8_lossy(&out)
                );
                if token_texts(&REFERENCE.format(src.as_bytes())) != token_texts(src.as_bytes()) {
                    joined_by_reference += 1;
                }
            }
        }
    }
    // The reference joins some (the check above is not vacuous).
    assert!(joined_by_reference > 100, "{joined_by_reference}");
}

/// The fuzzing find: `2. 3` is the number 2 and a legacy index; the reference prints `[2.3]`,
/// a number. The default layout keeps the space; the layout around it is the reference's.
#[test]
fn legacy_index_after_a_number_stays_an_index() {
    let src = b"a =   max((c ? [1] : [2. 3])...)\n";
    assert_eq!(format::format(src), b"a = max((c ? [1] : [2. 3])...)\n");
    assert_eq!(REFERENCE.format(src), b"a = max((c ? [1] : [2.3])...)\n");
    for (src, want) in [("a = 1 .5\n", "a = 1 .5\n"), ("a = b. . .c\n", "a = b. ..c\n"), ("a = ! = b\n", "a = ! = b\n")]
    {
        assert_eq!(format::format_str(src), want);
    }
}
