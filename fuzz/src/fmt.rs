//! The formatter never panics and keeps its promises on any bytes: output linear in the input,
//! the token-level layout equal to the one-pass formatter, idempotence whenever the tokens are
//! kept, token preservation (never two tokens joined into different ones) and a parseable
//! result for input that parses, the reference's token-joining layout equal to it elsewhere,
//! the same tokens without alignment, and `terraform` normalisations that leave a parseable,
//! stable result.

use hclkit::format::{self, tokens, write_tokens, Formatter};
use hclkit::syntax::native::token::TokenKind;

fn token_texts(src: &[u8]) -> Vec<(TokenKind, Vec<u8>)> {
    tokens(src).into_iter().map(|t| (t.kind, t.text.into_owned())).collect()
}

/// Runs the `fmt` checks on one input (panics on a failed check).
pub fn run(data: &[u8]) {
    let out = format::format(data);
    // Linear: per line at most the indentation limit and two paddings to the widest line.
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    let bound = data.len() + lines * (2 * format::MAX_INDENT_LEVELS + 2 * data.len() + 8);
    assert!(out.len() <= bound, "{} bytes became {}", data.len(), out.len());

    let mut toks = tokens(data);
    Formatter::new().layout(&mut toks);
    let mut via = Vec::new();
    write_tokens(&toks, &mut via);
    assert_eq!(via, out, "token layout differs from format");

    let kept = token_texts(data) == token_texts(&out);
    if kept {
        assert_eq!(format::format(&out), out, "not idempotent");
    }
    // The reference's layout (hclfmt's) may join tokens (`2. 3` becomes the number `2.3`); it
    // is laid out and idempotent as the default one wherever it keeps them.
    let reference = Formatter::new().join_tokens(true);
    let ref_out = reference.format(data);
    let mut toks = tokens(data);
    reference.layout(&mut toks);
    let mut via = Vec::new();
    write_tokens(&toks, &mut via);
    assert_eq!(via, ref_out, "reference token layout differs from its format");
    if token_texts(data) == token_texts(&ref_out) {
        assert_eq!(ref_out, out, "the layouts differ where no token joins");
    }

    let diags = hclkit::parse_config(data.to_vec(), "fuzz.hcl").into_diagnostics();
    if !diags.has_errors() {
        assert!(kept, "tokens changed on input that parses");
        let after = hclkit::parse_config(out.clone(), "fuzz.hcl").into_diagnostics();
        assert!(!after.has_errors(), "formatted input no longer parses: {after}");
    }

    // Without alignment, the same tokens (where formatting keeps them at all: on broken input
    // the output can lex differently, e.g. code that becomes the body of an unterminated
    // heredoc, and then its spaces are text).
    let flat = Formatter::new().align(false).format(data);
    if kept {
        assert_eq!(token_texts(&flat), token_texts(&out), "alignment changed tokens");
    }
    let _ = Formatter::new().depth(3).format(data);

    if let Ok(tf) = Formatter::new().terraform(data, "fuzz.tf") {
        let after = hclkit::parse_config(tf.clone(), "fuzz.tf").into_diagnostics();
        assert!(!after.has_errors(), "terraform normalisations broke the file: {after}");
        assert_eq!(Formatter::new().terraform(&tf, "fuzz.tf").ok().as_deref(), Some(&tf[..]), "terraform not stable");
    }
}
