//! The JSON syntax parser never panics, and its tree is well formed, on any bytes.

use hclkit::syntax::json::{parse, parse_expression, Kind, Node};

fn walk(node: Node<'_>, len: u32) {
    let span = node.span();
    assert!(span.start <= span.end && span.end <= len);
    let _ = (node.range(), node.as_str(), node.as_number());
    for p in node.properties() {
        assert_eq!(p.key.kind(), Kind::String);
        assert!(span.contains_span(p.value.span()));
        walk(p.value, len);
    }
    for e in node.elements() {
        assert!(span.contains_span(e.span()));
        walk(e, len);
    }
}

/// Runs the `json_parse` checks on one input (panics on a failed check).
pub fn run(data: &[u8]) {
    let (file, diags) = parse(data, "fuzz.json").into_parts();
    walk(file.root(), data.len() as u32);
    let _ = diags.to_json();
    let expr = parse_expression(data, "fuzz.json").into_value();
    walk(expr.root(), data.len() as u32);
}
