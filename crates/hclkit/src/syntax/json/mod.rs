//! The JSON syntax of HCL: a JSON parser that keeps what HCL needs.
//!
//! Unlike a general JSON parser it keeps every object property in source order, duplicates
//! included (the body layer decides what they mean), keeps numbers as their source text
//! (parsed at full precision on demand, as [`hclkit_value::Number`]), and records the span
//! of every value and every property name. Positions are reported as the reference's JSON
//! scanner counts them ([`JsonTree::pos`]).
//!
//! It accepts exactly JSON: no comments, no trailing commas, no single quotes. Broken input
//! gives the reference's diagnostics, wording, ranges and quirks included, and a partial
//! tree in which unparseable values are [`Kind::Invalid`] placeholders. Nesting deeper than
//! [`MAX_DEPTH`] is reported rather than overflowing the stack, and no input panics.
//!
//! Entry points: [`parse`] for configuration files (the root must be an object or an array)
//! and [`parse_expression`] for a standalone JSON value. [`JsonBody`] and [`JsonExpression`]
//! present the tree in the information model ([`crate::body`]): the schema decides which
//! properties are attributes and which blocks, and strings are templates when evaluated with
//! a context, literal without one.

mod ast;
mod body;
mod expression;
mod literal;
mod parser;
mod scan;

use std::sync::Arc;

pub use ast::{Elements, JsonFile, JsonTree, Kind, Node, PathStep, Properties, Property, Via};
pub use body::JsonBody;
pub(crate) use body::{body_objects, missing_label, not_blocks};
pub use expression::JsonExpression;
pub use parser::MAX_DEPTH;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::Span;
use crate::syntax::Parse;
use ast::{RawNode, SYNTHETIC};
use parser::{Parser, Problem, RawDiag};

/// The largest source the parser accepts (offsets are 32-bit).
pub const MAX_SOURCE_LEN: usize = u32::MAX as usize - 1;

fn run(src: Arc<[u8]>, filename: &str, config: bool) -> Parse<JsonFile> {
    let filename: Arc<str> = Arc::from(filename);
    if src.len() > MAX_SOURCE_LEN {
        let n = src.len();
        let tree = JsonTree::new(
            src,
            filename,
            vec![RawNode { span: Span::empty(0), kind: Kind::Object, flags: SYNTHETIC, next: 1 }],
        );
        let d = Diagnostic::error(
            "Source too large",
            format!("This source is {n} bytes long; hclkit parses sources of up to {MAX_SOURCE_LEN} bytes."),
        );
        return Parse::new(JsonFile { tree: Arc::new(tree), root: 0 }, Diagnostics::from(d));
    }
    let mut p = Parser::new(&src);
    let mut root = p.parse_root();
    let mut nodes = std::mem::take(&mut p.nodes);
    let mut raw = std::mem::take(&mut p.diags);
    drop(p);
    if config {
        let r = nodes[root as usize];
        if !matches!(r.kind, Kind::Object | Kind::Array) {
            // The subject is the root's whole token (it is not an object or array).
            raw.push(RawDiag { problem: Problem::RootNotObject, span: r.span });
            // An empty object at the start of the file stands in for the root, so that
            // reading the body adds no second error about the same thing.
            root = nodes.len() as u32;
            nodes.push(RawNode { span: Span::empty(0), kind: Kind::Object, flags: SYNTHETIC, next: root + 1 });
        }
    }
    nodes.shrink_to_fit();
    let tree = JsonTree::new(src, filename, nodes);
    let diags = raw.iter().map(|d| parser::render(&tree, d)).collect::<Diagnostics>();
    Parse::new(JsonFile { tree: Arc::new(tree), root }, diags)
}

/// Parses a JSON configuration file (the reference's `json.Parse`).
///
/// The root value must be an object or an array of objects; otherwise an error is reported
/// and the root is an empty object. With errors, the tree holds what could be parsed.
///
/// ```
/// use hclkit::syntax::json::{parse, Kind};
///
/// let (file, diags) = parse(br#"{"name": "web", "port": 8080, "port": 8081}"#.as_slice(), "main.json").into_parts();
/// assert!(diags.is_empty());
/// let props: Vec<_> = file.root().properties().map(|p| (p.name().into_owned(), p.value.kind())).collect();
/// assert_eq!(props, [("name".into(), Kind::String), ("port".into(), Kind::Number), ("port".into(), Kind::Number)]);
///
/// let diags = parse(br#"{"a": 1,}"#.as_slice(), "bad.json").into_diagnostics();
/// assert_eq!(diags.iter().next().unwrap().summary, "Trailing comma in object");
/// ```
pub fn parse(src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<JsonFile> {
    run(src.into(), filename, true)
}

/// Parses a standalone JSON value (the reference's `json.ParseExpression`): any value is
/// allowed at the root.
///
/// ```
/// use hclkit::syntax::json::parse_expression;
///
/// let (e, diags) = parse_expression(b"123456789012345678901234567890.5".as_slice(), "expr.json").into_parts();
/// assert!(diags.is_empty());
/// assert_eq!(e.root().as_number().unwrap().to_string(), "123456789012345678901234567890.5");
/// ```
pub fn parse_expression(src: impl Into<Arc<[u8]>>, filename: &str) -> Parse<JsonFile> {
    run(src.into(), filename, false)
}
