//! The native syntax of HCL: lexer, parser and typed AST.
//!
//! Entry points: [`parse_config`] for configuration files, [`parse_expression`] for a
//! standalone expression and [`parse_template`] for a standalone template (as the JSON
//! syntax uses for strings). They never fail: each returns a tree, possibly partial, and the
//! diagnostics found. [`parse_config_strict`] turns errors into a `Result`.

pub mod ast;
pub mod body;
mod diag;
pub mod dump;
pub(crate) mod escape;
pub mod eval;
pub mod expression;
pub mod lexer;
mod parser;
mod reference_idents;
pub mod token;
mod tokens;

use std::sync::Arc;

pub use ast::MAX_SOURCE_LEN;
pub use ast::{ExprFile, File};
pub use tokens::{Piece, Pieces, Tokens};

/// Whether `s` is one identifier of the native syntax (the reference's
/// `hclsyntax.ValidIdentifier`): a letter (Unicode `XID_Start`) or `_`, then letters, digits
/// (`XID_Continue`), `_` and `-`.
///
/// ```
/// use hclkit::syntax::native::valid_identifier;
/// assert!(valid_identifier("aws_instance") && valid_identifier("größe-2"));
/// assert!(!valid_identifier("2x") && !valid_identifier("a.b") && !valid_identifier(""));
/// ```
pub fn valid_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || unicode_ident::is_xid_start(c) => {}
        _ => return false,
    }
    chars.all(|c| c == '-' || unicode_ident::is_xid_continue(c))
}

pub use body::NativeBody;
pub use expression::{NativeExpression, ObjectKeyExpression};
pub use parser::MAX_DEPTH;

use crate::diagnostic::Diagnostics;
use crate::pos::Range;
use crate::syntax::Parse;
use lexer::LexMode;
use parser::Parser;

/// A source too large for the tree's 30-bit offsets: an empty tree and one diagnostic.
#[cold]
fn too_large(src: Arc<[u8]>, filename: &str, template: bool) -> (ast::Tree, u32, Diagnostics) {
    let mut p = Parser::new(b"", LexMode::Normal);
    let root = if template { p.parse_template_root() } else { p.parse_body(token::TokenKind::Eof) };
    let (mut tree, _) = p.finish(filename, Arc::from(&b""[..]));
    let n = src.len();
    tree.src = src;
    let d = crate::Diagnostic::error(
        "Source too large",
        format!("This source is {n} bytes long; hclkit parses sources of up to {} bytes.", ast::MAX_SOURCE_LEN - 1),
    );
    (tree, root, Diagnostics::from(vec![d]))
}

fn render(tree: &ast::Tree, raw: Vec<diag::RawDiag>) -> Diagnostics {
    render_shifted(tree, raw, &|r| r)
}

/// As [`render`], with the ranges quoted inside details (e.g. "The for directive at …")
/// passed through `shift`.
fn render_shifted(tree: &ast::Tree, raw: Vec<diag::RawDiag>, shift: &dyn Fn(Range) -> Range) -> Diagnostics {
    if raw.is_empty() {
        return Diagnostics::new();
    }
    raw.iter().map(|d| d.render(tree, shift)).collect()
}

/// How to parse: the options of [`parse_config`], [`parse_expression`] and
/// [`parse_template`], which use the defaults.
///
/// ```
/// use hclkit::syntax::native::ParseOptions;
///
/// let options = ParseOptions::new().keep_tokens(true);
/// let parse = options.parse_config(&b"a = 1 # one\n"[..], "main.hcl");
/// assert!(!parse.has_errors());
/// assert_eq!(parse.tokens().unwrap().len(), 5); // a, =, 1, the comment, end of input
/// assert!(ParseOptions::new().parse_config(&b"a = 1\n"[..], "main.hcl").tokens().is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    keep_tokens: bool,
}

impl ParseOptions {
    /// The defaults: no token stream kept.
    pub fn new() -> ParseOptions {
        ParseOptions::default()
    }

    /// Whether the result keeps the token stream ([`Parse::tokens`]): every token with its
    /// kind and span, the gaps between them white space (see [`Tokens`]). Off by default;
    /// on, the parser keeps each token as it lexes it (the source is lexed once, for the
    /// tree and the stream). Sources too large to parse (`MAX_SOURCE_LEN`) keep none.
    pub fn keep_tokens(mut self, keep: bool) -> ParseOptions {
        self.keep_tokens = keep;
        self
    }

    /// [`parse_config`] with these options.
    pub fn parse_config(&self, src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<File> {
        config(src.into(), filename, self.keep_tokens)
    }

    /// [`parse_expression`] with these options.
    pub fn parse_expression(&self, src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<ExprFile> {
        expression(src.into(), filename, self.keep_tokens)
    }

    /// [`parse_template`] with these options.
    pub fn parse_template(&self, src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<ExprFile> {
        template(src.into(), filename, &|r| r, self.keep_tokens)
    }
}

/// `parse` keeping the tokens the parser read, if there are any.
fn with_kept<T>(parse: Parse<T>, src: Arc<[u8]>, filename: &str, kept: Option<Vec<token::Token>>) -> Parse<T> {
    match kept {
        Some(tokens) => parse.with_tokens(Tokens::new(src, filename, tokens)),
        None => parse,
    }
}

/// Parses a configuration file (the reference's `hclsyntax.ParseConfig`).
///
/// Returns the file and every diagnostic found; when there are errors the body is partial
/// but structurally sound.
///
/// ```
/// use hclkit::syntax::native::{parse_config, ast::Expr};
///
/// let src = "resource \"a\" \"b\" {\n  count = 2\n}\n";
/// let (file, diags) = parse_config(src.as_bytes(), "main.tf").into_parts();
/// assert!(diags.is_empty());
/// let block = file.body().blocks().next().unwrap();
/// assert_eq!(block.block_type(), "resource");
/// let labels: Vec<_> = block.labels().map(|l| l.value().into_owned()).collect();
/// assert_eq!(labels, ["a", "b"]);
/// let count = block.body().attribute("count").unwrap();
/// assert!(matches!(count.expr(), Expr::Literal(_)));
/// ```
pub fn parse_config(src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<File> {
    config(src.into(), filename, false)
}

fn config(src: Arc<[u8]>, filename: &str, keep: bool) -> Parse<File> {
    // Two parsers: the one that keeps no tokens does no per-token work for them.
    if keep {
        config_with::<true>(src, filename)
    } else {
        config_with::<false>(src, filename)
    }
}

fn config_with<const KEEP: bool>(src: Arc<[u8]>, filename: &str) -> Parse<File> {
    if src.len() >= ast::MAX_SOURCE_LEN {
        let (tree, body, d) = too_large(src, filename, false);
        return Parse::new(File { tree: Arc::new(tree), body: ast::NodeId(body), top_blocks: Default::default() }, d);
    }
    let mut p = Parser::<'_, KEEP>::build(&src, LexMode::Normal);
    let body = p.parse_body(token::TokenKind::Eof);
    let (tree, raw, kept) = p.finish_keeping(filename, src.clone());
    let diags = render(&tree, raw);
    let parse =
        Parse::new(File { tree: Arc::new(tree), body: ast::NodeId(body), top_blocks: Default::default() }, diags);
    with_kept(parse, src, filename, kept)
}

/// Parses a configuration file, failing if there is any error.
///
/// ```
/// assert!(hclkit::parse_config_strict(b"a = [".as_slice(), "x.hcl").is_err());
/// ```
pub fn parse_config_strict(src: impl Into<Arc<[u8]>>, filename: &str) -> Result<File, Diagnostics> {
    parse_config(src, filename).into_result()
}

/// Parses a standalone expression (the reference's `hclsyntax.ParseExpression`); newlines are
/// ignored, as inside parentheses.
///
/// ```
/// use hclkit::syntax::native::{parse_expression, ast::{Expr, BinaryOp}};
///
/// let (e, diags) = parse_expression(b"1 + 2 * 3".as_slice(), "expr").into_parts();
/// assert!(diags.is_empty());
/// let Expr::BinaryOp(add) = e.expr() else { panic!() };
/// assert_eq!(add.op(), BinaryOp::Add);
/// ```
pub fn parse_expression(src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<ExprFile> {
    expression(src.into(), filename, false)
}

fn expression(src: Arc<[u8]>, filename: &str, keep: bool) -> Parse<ExprFile> {
    if keep {
        expression_with::<true>(src, filename)
    } else {
        expression_with::<false>(src, filename)
    }
}

fn expression_with<const KEEP: bool>(src: Arc<[u8]>, filename: &str) -> Parse<ExprFile> {
    if src.len() >= ast::MAX_SOURCE_LEN {
        let (tree, root, d) = too_large(src, filename, true);
        return Parse::new(ExprFile { tree: Arc::new(tree), root: ast::NodeId(root) }, d);
    }
    let mut p = Parser::<'_, KEEP>::build(&src, LexMode::Normal);
    p.push_newlines(false);
    let root = p.parse_expression();
    p.check_expression_end();
    let (tree, raw, kept) = p.finish_keeping(filename, src.clone());
    let diags = render(&tree, raw);
    with_kept(Parse::new(ExprFile { tree: Arc::new(tree), root: ast::NodeId(root) }, diags), src, filename, kept)
}

/// The reference's `hclsyntax.ParseTraversalAbs`, as the JSON syntax uses for strings that
/// hold a traversal: a name, then only `.name`, `[number]` and `["string"]` steps (newlines and
/// comments ignored). `None` wherever the reference reports an error; unlike an expression,
/// legacy `.0` index steps are not accepted, and `"$${"` in a key is a literal `${`.
pub(crate) fn parse_traversal_abs(src: &[u8], filename: &str) -> Option<crate::traversal::Traversal> {
    use crate::traversal::{Traversal, TraverseStep};
    use hclkit_value::{Number, Value};
    use token::TokenKind as K;

    if src.len() >= ast::MAX_SOURCE_LEN {
        return None;
    }
    let (tokens, lex_diags) = lexer::lex(src, LexMode::Normal);
    if !lex_diags.items.is_empty() {
        return None;
    }
    let index = crate::pos::LineIndex::new(src);
    let filename: Arc<str> = Arc::from(filename);
    let range = |s: crate::pos::Span| index.range(src, &filename, s);
    let text = |t: token::Token| String::from_utf8_lossy(t.span.slice(src)).into_owned();
    let mut toks = tokens.into_iter().filter(|t| !t.kind.is_trivia());
    let root = toks.next()?;
    if root.kind != K::Ident {
        return None;
    }
    let mut steps = vec![TraverseStep::Root { name: text(root), range: range(root.span) }];
    loop {
        let next = toks.next()?;
        match next.kind {
            K::Eof => return Some(Traversal::new(steps)),
            K::Dot => {
                let name = toks.next()?;
                if name.kind != K::Ident {
                    return None;
                }
                steps.push(TraverseStep::Attr { name: text(name), range: range(next.span.to(name.span)) });
            }
            K::OBrack => {
                let key_tok = toks.next()?;
                let key = match key_tok.kind {
                    K::NumberLit => Value::number(Number::parse(&text(key_tok)).ok()?),
                    K::OQuote => {
                        let mut s = String::new();
                        loop {
                            let t = toks.next()?;
                            match t.kind {
                                K::CQuote => break,
                                K::QuotedLit => {
                                    let mut bad = false;
                                    escape::decode_quoted(
                                        t.span.slice(src),
                                        t.span.start,
                                        &mut Vec::new(),
                                        &mut |_, _| bad = true,
                                    );
                                    if bad {
                                        return None;
                                    }
                                    s.push_str(&escape::decode_literal(src, t.span, true));
                                }
                                _ => return None,
                            }
                        }
                        Value::string(s)
                    }
                    _ => return None,
                };
                let close = toks.next()?;
                if close.kind != K::CBrack {
                    return None;
                }
                steps.push(TraverseStep::Index { key, range: range(next.span.to(close.span)) });
            }
            _ => return None,
        }
    }
}

/// Parses a standalone template (the reference's `hclsyntax.ParseTemplate`), as used for the
/// strings of the JSON syntax.
///
/// ```
/// use hclkit::syntax::native::{parse_template, ast::Expr};
///
/// let (t, diags) = parse_template(b"Hello, ${name}!".as_slice(), "tmpl").into_parts();
/// assert!(diags.is_empty());
/// let Expr::Template(tmpl) = t.expr() else { panic!() };
/// assert_eq!(tmpl.parts().count(), 3);
/// ```
pub fn parse_template(src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<ExprFile> {
    parse_template_shifted(src, filename, &|r| r)
}

/// As [`parse_template`] for a template embedded in another file (a JSON string): the
/// ranges that diagnostics quote in their details go through `shift`, which moves them to
/// where the template is (subjects and contexts are left to the caller).
pub(crate) fn parse_template_shifted(
    src: impl Into<Arc<[u8]>>,
    filename: &str,
    shift: &dyn Fn(Range) -> Range,
) -> Parse<ExprFile> {
    template(src.into(), filename, shift, false)
}

fn template(src: Arc<[u8]>, filename: &str, shift: &dyn Fn(Range) -> Range, keep: bool) -> Parse<ExprFile> {
    if keep {
        template_with::<true>(src, filename, shift)
    } else {
        template_with::<false>(src, filename, shift)
    }
}

fn template_with<const KEEP: bool>(src: Arc<[u8]>, filename: &str, shift: &dyn Fn(Range) -> Range) -> Parse<ExprFile> {
    if src.len() >= ast::MAX_SOURCE_LEN {
        let (tree, root, d) = too_large(src, filename, true);
        return Parse::new(ExprFile { tree: Arc::new(tree), root: ast::NodeId(root) }, d);
    }
    let mut p = Parser::<'_, KEEP>::build(&src, LexMode::Template);
    let root = p.parse_template_root();
    let (tree, raw, kept) = p.finish_keeping(filename, src.clone());
    let diags = render_shifted(&tree, raw, shift);
    with_kept(Parse::new(ExprFile { tree: Arc::new(tree), root: ast::NodeId(root) }, diags), src, filename, kept)
}
