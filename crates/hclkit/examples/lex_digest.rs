//! A digest of what the native lexer and parser produce, for checking that a performance
//! change alters nothing: for each file (every file under the given paths, in sorted order)
//! prints one line with a hash of its token stream (both lexer modes, and the formatter's
//! `reference_identifiers` mode), of its lexical diagnostics, of its tree dump and of its
//! rendered parse diagnostics.
//!
//! `cargo run --release --example lex_digest -- DIR... > after.txt`, the same before the
//! change, then `diff before.txt after.txt` (an empty diff means identical output).

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use hclkit::syntax::native::lexer::{LexMode, Lexer};
use hclkit::syntax::native::token::TokenKind;

fn walk(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut v: Vec<_> = std::fs::read_dir(p).unwrap().flatten().map(|e| e.path()).collect();
        v.sort();
        for e in v {
            walk(&e, out);
        }
    } else {
        out.push(p.to_path_buf());
    }
}

fn lex_hash(src: &[u8], mode: LexMode, reference: bool, h: &mut impl Hasher) {
    let mut lexer = Lexer::new(src, mode);
    if reference {
        lexer = lexer.reference_identifiers();
    }
    loop {
        let t = lexer.next_token();
        (t.kind as u8, t.span.start, t.span.end).hash(h);
        if t.kind == TokenKind::Eof {
            break;
        }
    }
    for (p, s) in &lexer.diagnostics().items {
        (p.message(), s.start, s.end).hash(h);
    }
}

fn main() {
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        walk(Path::new(&a), &mut files);
    }
    for f in files {
        let src = std::fs::read(&f).unwrap();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        lex_hash(&src, LexMode::Normal, false, &mut h);
        lex_hash(&src, LexMode::Template, false, &mut h);
        lex_hash(&src, LexMode::Normal, true, &mut h);
        let lex = h.finish();
        let (file, diags) = hclkit::parse_config(src.clone(), &f.to_string_lossy()).into_parts();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        hclkit::syntax::native::dump::dump_file(&file).hash(&mut h);
        for d in diags.iter() {
            format!("{d:?}").hash(&mut h);
        }
        let (t, diags) = hclkit::syntax::native::parse_template(src, "t").into_parts();
        hclkit::syntax::native::dump::dump_expr(t.expr()).hash(&mut h);
        for d in diags.iter() {
            format!("{d:?}").hash(&mut h);
        }
        println!("{:016x} {:016x} {}", lex, h.finish(), f.display());
    }
}
