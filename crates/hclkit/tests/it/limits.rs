//! Robustness: deep nesting gives a diagnostic, not a stack overflow; no input panics.

use hclkit::syntax::native::{parse_config, parse_expression, parse_template, MAX_DEPTH};
use proptest::prelude::*;

/// Runs `f` on a thread with a small stack (512 KiB), so a missing depth limit shows up as a
/// crash even in optimised builds.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(512 * 1024).spawn(f).unwrap().join().unwrap();
}

fn assert_too_deep(src: String) {
    on_small_stack(move || {
        let d = parse_config(src.into_bytes(), "deep.hcl").into_diagnostics();
        assert!(d.iter().any(|d| d.summary == "Nesting too deep"), "no depth diagnostic: {d}");
    });
}

#[test]
fn hundred_thousand_brackets() {
    assert_too_deep(format!("a = {}\n", "[".repeat(100_000)));
    assert_too_deep(format!("a = {}1{}\n", "[".repeat(100_000), "]".repeat(100_000)));
}

#[test]
fn deep_parens_braces_unary_calls_and_conditionals() {
    assert_too_deep(format!("a = {}1{}\n", "(".repeat(50_000), ")".repeat(50_000)));
    assert_too_deep(format!("a = {}\n", "{a = ".repeat(50_000)));
    assert_too_deep(format!("a = {}1\n", "-".repeat(50_000)));
    assert_too_deep(format!("a = {}1\n", "!".repeat(50_000)));
    assert_too_deep(format!("a = {}\n", "f(".repeat(50_000)));
    assert_too_deep(format!("a = {}1\n", "x ? ".repeat(50_000)));
    assert_too_deep(format!("a = {}1\n", "x ? y : ".repeat(50_000)));
}

#[test]
fn deep_templates_and_blocks() {
    assert_too_deep(format!("a = {}\n", "\"${".repeat(50_000)));
    assert_too_deep(format!("a = \"{}\"\n", "%{ if x }".repeat(50_000)));
    assert_too_deep(format!("{}\n", "b {\n".repeat(50_000)));
    on_small_stack(|| {
        let d = parse_template("%{ for x in y }".repeat(50_000).into_bytes(), "t").into_diagnostics();
        assert!(d.has_errors());
        let d = parse_expression("[".repeat(100_000).into_bytes(), "e").into_diagnostics();
        assert!(d.iter().any(|d| d.summary == "Nesting too deep"));
    });
}

#[test]
fn nesting_up_to_the_limit_is_fine() {
    let n = (MAX_DEPTH - 2) as usize;
    on_small_stack(move || {
        let src = format!("a = {}1{}\n", "[".repeat(n), "]".repeat(n));
        let d = parse_config(src.into_bytes(), "ok.hcl").into_diagnostics();
        assert!(d.is_empty(), "{d}");
    });
}

/// Snippets to build inputs from: tokens of every class, and broken fragments.
const PIECES: &[&str] = &[
    "a",
    " = ",
    "1",
    "1.5e3",
    "\"",
    "\"x${y}z\"",
    "${",
    "%{",
    "}",
    "~}",
    "{",
    "[",
    "]",
    "(",
    ")",
    ",",
    "\n",
    "\r\n",
    "\r",
    "# c\n",
    "/* c */",
    "/*",
    "<<EOT\n",
    "<<-EOT\n",
    "EOT\n",
    "  EOT\n",
    "for",
    " in ",
    ":",
    "=>",
    "...",
    "if",
    "endif",
    "else",
    "endfor",
    ".",
    ".*",
    "[*]",
    "?",
    "!",
    "-",
    "+",
    "&&",
    "\\",
    "\\u12",
    "$",
    "%",
    "$${",
    "é",
    "\u{201c}",
    "\u{301}",
    "\t",
    ";",
    "`",
    "'",
    "&",
    "\0",
    "true",
    "null",
    "f(",
    ".0",
    ".0.1",
    "b {",
    "b \"l\" {",
    "x = ",
    "\u{feff}",
];

fn assemble(idx: Vec<usize>, bytes: Vec<u8>) -> Vec<u8> {
    let mut v = Vec::new();
    for (i, b) in idx.into_iter().zip(bytes) {
        if b % 17 == 0 {
            v.push(b); // also some arbitrary bytes, including invalid UTF-8
        }
        v.extend_from_slice(PIECES[i % PIECES.len()].as_bytes());
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn never_panics(idx in prop::collection::vec(0usize..1000, 0..60), bytes in prop::collection::vec(any::<u8>(), 60)) {
        let src = assemble(idx, bytes);
        let (file, d) = parse_config(src.clone(), "p.hcl").into_parts();
        // Rendering every diagnostic and walking the tree must not panic either.
        let _ = d.to_text(&file, 80, true);
        let _ = d.to_json();
        let _ = hclkit::syntax::native::dump::dump_file(&file);
        let (e, d) = parse_expression(src.clone(), "p.hcl").into_parts();
        let _ = d.to_json();
        let _ = hclkit::syntax::native::dump::dump_expr(e.expr());
        let (t, d) = parse_template(src, "p.hcl").into_parts();
        let _ = d.to_json();
        let _ = hclkit::syntax::native::dump::dump_expr(t.expr());
    }

    #[test]
    fn arbitrary_bytes_never_panic(src in prop::collection::vec(any::<u8>(), 0..200)) {
        let (file, d) = parse_config(src.clone(), "p.hcl").into_parts();
        let _ = d.to_text(&file, 80, false);
        let _ = hclkit::syntax::native::dump::dump_file(&file);
        let _ = parse_template(src, "p.hcl").into_parts();
    }
}

/// Number literals at the edge of Go's binary exponent range (`int32`): valid exactly when
/// `bits(mantissa) − fractional digits + exponent` fits. The answers are the reference's
/// (hcldec v2.14.1: `a = <literal> > 0` gives `true` or "Invalid number literal"; and Go
/// 1.19's `big.ParseFloat`, which it uses, gives a value or "exponent overflow").
#[test]
fn number_literals_at_the_exponent_limit() {
    let forty = format!("1{}", "0".repeat(39)); // 10^39: 130 bits
    for (lit, valid) in [
        (format!("{forty}e2147483515"), true), // exponent 130 + 2147483515 = 2^31 − 3
        (format!("{forty}e2147483518"), false),
        (format!("{forty}.0e2147483514"), true), // 133 − 1 + 2147483514
        (format!("{forty}.0e2147483516"), false),
        ("1e2147483646".to_owned(), true),
        ("1e2147483647".to_owned(), false),
        (format!("{forty}e-2147483777"), true),
        (format!("{forty}e-2147483779"), false),
    ] {
        let d = hclkit::parse_expression(format!("{lit} > 0").into_bytes(), "n.hcl").into_diagnostics();
        let invalid = d.iter().any(|d| d.summary == "Invalid number literal");
        assert_eq!(!invalid, valid, "{lit}: {d}");
    }
}

/// A million-digit literal is read in time linear in its length, in both syntaxes (the
/// growth itself is measured by the `number` benchmark).
#[test]
fn million_digit_literals() {
    let digits = "3".repeat(1_000_000);
    let (e, d) = hclkit::parse_expression(digits.clone().into_bytes(), "n.hcl").into_parts();
    assert!(d.is_empty(), "{d}");
    let (v, d) = hclkit::eval::evaluate(e.expr(), None);
    assert!(d.is_empty(), "{d}");
    assert_eq!(v.as_number().unwrap().to_string_g10(), "3.333333333e+999999");
    let (j, d) = hclkit::syntax::json::parse_expression(format!("[0.{digits}]").into_bytes(), "n.json").into_parts();
    assert!(d.is_empty(), "{d}");
    let n = j.root().elements().next().and_then(|e| e.as_number()).expect("a number");
    assert_eq!(n.to_string_g10(), "0.3333333333");
}
