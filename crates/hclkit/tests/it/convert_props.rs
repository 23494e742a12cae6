//! Property: native → JSON → native gives back the formatted original, given its schema.
//!
//! The generator writes native files in the layout `transcode::file_to_native` writes (before the
//! formatter): blocks of one type next to each other (the JSON syntax groups them under one
//! property), comments where a `"//"` property can hold them (before attributes, before the
//! first block of a type, at the start and end of bodies), tuples of scalars on one line,
//! other tuples and objects one item per line.

use hclkit::transcode::{file_to_json, file_to_native, BlockShape, Schema, ToJsonOptions};
use proptest::prelude::*;

fn schema() -> Schema {
    Schema::new().block("svc", &["name"], Schema::new().block("inner", &[], Schema::new())).block(
        "single",
        &[],
        Schema::new(),
    )
}

#[derive(Clone, Debug)]
enum Val {
    Scalar(String),
    Tuple(Vec<Val>),
    Object(Vec<(String, Val)>),
}

impl Val {
    fn composite(&self) -> bool {
        matches!(self, Val::Tuple(v) if !v.is_empty()) || matches!(self, Val::Object(v) if !v.is_empty())
    }

    fn write(&self, out: &mut String) {
        match self {
            Val::Scalar(s) => out.push_str(s),
            Val::Tuple(items) if items.is_empty() => out.push_str("[]"),
            Val::Tuple(items) if !items.iter().any(Val::composite) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Val::Tuple(items) => {
                out.push_str("[\n");
                for v in items {
                    v.write(out);
                    out.push_str(",\n");
                }
                out.push(']');
            }
            Val::Object(items) if items.is_empty() => out.push_str("{}"),
            Val::Object(items) => {
                out.push_str("{\n");
                for (k, v) in items {
                    out.push_str(k);
                    out.push_str(" = ");
                    v.write(out);
                    out.push('\n');
                }
                out.push('}');
            }
        }
    }
}

fn string_lit() -> impl Strategy<Value = String> {
    let piece =
        prop::sample::select(vec!["a", "Zz", " ", "é", "\\n", "\\t", "\\\"", "\\\\", "$${", "%%{", "}", "$", "%"]);
    prop::collection::vec(piece, 0..6).prop_map(|p| format!("\"{}\"", p.concat()))
}

fn scalar() -> impl Strategy<Value = Val> {
    prop_oneof![
        prop::sample::select(vec!["0", "1", "-3", "1.5", "12345678901234567890.5", "1e+30", "true", "false", "null"])
            .prop_map(|s| Val::Scalar(s.to_owned())),
        string_lit().prop_map(Val::Scalar),
        prop::sample::select(vec![
            "var.x + 1",
            "var.x[0]",
            "var.y ? 1 : \"two\"",
            "[for v in var.l : v * 2]",
            "max(1, var.x)",
            "!var.b",
            "\"pre ${var.x} post\"",
            "\"%{if var.b}yes%{endif}\"",
        ])
        .prop_map(|s| Val::Scalar(s.to_owned())),
    ]
}

/// An attribute's value: a heredoc (which must end its line) or any other value.
fn attr_value() -> impl Strategy<Value = Val> {
    prop_oneof![
        1 => Just(Val::Scalar("<<EOT\nline ${var.x}\n  two\nEOT".to_owned())),
        9 => value(),
    ]
}

fn value() -> impl Strategy<Value = Val> {
    scalar().prop_recursive(2, 12, 3, |inner| {
        let keys = prop::sample::subsequence(vec!["k1", "k2", "\"b c\"", "\"for\""], 0..3);
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Val::Tuple),
            (keys, prop::collection::vec(inner, 3))
                .prop_map(|(ks, vs)| { Val::Object(ks.into_iter().map(str::to_owned).zip(vs).collect()) }),
        ]
    })
}

fn comment() -> impl Strategy<Value = Option<String>> {
    prop::option::weighted(0.25, "[a-z]{1,6}( [a-z]{1,6})?").prop_map(|c| c.map(|c| format!("# {c}\n")))
}

/// A body: attributes (unique names), comments, and the block groups `groups` makes (each at
/// most one run of blocks of its type), in some order.
fn body(groups: Vec<BoxedStrategy<String>>) -> BoxedStrategy<String> {
    let attrs = prop::sample::subsequence(vec!["a", "b", "c", "d"], 0..4);
    let values = prop::collection::vec((comment(), attr_value()), 4);
    let places = prop::collection::vec(any::<prop::sample::Index>(), groups.len());
    (attrs, values, groups, places, comment())
        .prop_map(|(attrs, values, groups, places, end)| {
            let mut items: Vec<String> = attrs
                .iter()
                .zip(values)
                .map(|(name, (c, v))| {
                    let mut s = c.unwrap_or_default();
                    s.push_str(name);
                    s.push_str(" = ");
                    v.write(&mut s);
                    s.push('\n');
                    s
                })
                .collect();
            for (g, at) in groups.into_iter().zip(places) {
                if !g.is_empty() {
                    let n = items.len();
                    items.insert(at.index(n + 1), g);
                }
            }
            let mut out = items.concat();
            out.push_str(&end.unwrap_or_default());
            out
        })
        .boxed()
}

/// A run of blocks of one type: a comment before the first, then the blocks.
fn group(type_name: &'static str, labels: bool, bodies: BoxedStrategy<String>) -> BoxedStrategy<String> {
    let label = prop::sample::select(vec!["web", "db", "x y", "q\\\"", "$${d}"]);
    (comment(), prop::collection::vec((label, bodies), 0..4))
        .prop_map(move |(c, blocks)| {
            if blocks.is_empty() {
                return String::new();
            }
            let mut s = c.unwrap_or_default();
            for (label, b) in &blocks {
                s.push_str(type_name);
                if labels {
                    s.push_str(&format!(" \"{label}\""));
                }
                s.push(' ');
                push_block_body(&mut s, b);
            }
            s
        })
        .boxed()
}

fn file() -> BoxedStrategy<String> {
    let leaf = || body(Vec::new());
    let svc_body = body(vec![group("inner", false, leaf())]);
    body(vec![group("svc", true, svc_body), group("single", false, leaf())])
}

fn push_block_body(s: &mut String, body: &str) {
    if body.is_empty() {
        s.push_str("{}\n");
    } else {
        s.push_str("{\n");
        s.push_str(body);
        s.push_str("}\n");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn native_json_native_is_the_formatted_original(src in file()) {
        let (file, diags) = hclkit::parse_config(src.clone().into_bytes(), "gen.hcl").into_parts();
        prop_assert!(!diags.has_errors(), "generated source does not parse:\n{}\n{:?}", src, diags);
        // The ordered shape keeps block order exactly (the default groups blocks by label).
        let opts = ToJsonOptions { blocks: BlockShape::Ordered, ..ToJsonOptions::default() };
        let json = file_to_json(&file, &opts).0.to_compact();
        let (jfile, diags) = hclkit::syntax::json::parse(json.clone().into_bytes(), "gen.json").into_parts();
        prop_assert!(!diags.has_errors(), "{json}");
        let (back, diags) = file_to_native(&jfile, &schema());
        prop_assert!(diags.is_empty(), "{:?}", diags);
        let want = hclkit::format::format_str(&src);
        prop_assert_eq!(back, want, "\nJSON: {}", json);
    }
}

/// A label that comes back after other labels: the default shape groups it with the first
/// (every label level an object, so `doc[type][label]` works), the ordered shape keeps the
/// order with an array of objects at that level.
#[test]
fn recurring_labels_nested_groups_them_ordered_keeps_order() {
    let src =
        b"r \"vpc\" \"this\" { n = 1 }\nr \"subnet\" \"a\" {}\nr \"vpc\" \"other\" {}\nr \"vpc\" \"this\" { n = 2 }\n";
    let (file, diags) = hclkit::parse_config(src.to_vec(), "main.tf").into_parts();
    assert!(!diags.has_errors());
    let shape = |blocks| {
        file_to_json(
            &file,
            &ToJsonOptions { blocks, simplify: false, comments: false, ranges: None, heredoc_templates: false },
        )
        .0
        .to_compact()
    };
    assert_eq!(shape(BlockShape::Nested), r#"{"r":{"vpc":{"this":[{"n":1},{"n":2}],"other":{}},"subnet":{"a":{}}}}"#);
    assert_eq!(
        shape(BlockShape::Ordered),
        r#"{"r":[{"vpc":{"this":{"n":1}},"subnet":{"a":{}}},{"vpc":{"other":{},"this":{"n":2}}}]}"#
    );
    assert_eq!(
        shape(BlockShape::Array),
        r#"{"r":{"vpc":{"this":[{"n":1},{"n":2}],"other":[{}]},"subnet":{"a":[{}]}}}"#
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Any input, broken ones included, converts without a panic in both directions (the
    /// library converts broken trees too; the command refuses them).
    #[test]
    fn any_input_converts_without_panicking(
        src in prop::collection::vec(
            prop::sample::select(vec![
                "a", " = ", "\"", "${", "%{", "}", "~", "{", "[", "]", ",", "\n", "<<EOT\n", "EOT\n",
                "# c\n", "b \"l\" ", "1", "-", "\\", "\r", "$", "%", "for x in y :", "(", ")", "é",
            ]),
            0..40,
        ).prop_map(|v| v.concat()),
        json in prop::collection::vec(
            prop::sample::select(vec![
                "{", "}", "[", "]", ",", ":", "\"a\"", "\"//\"", "\"svc\"", "\"${x}\"", "\"${\"", "\"\\r\"",
                "\"%{ for x in y }\"", "1", "-2.5e3", "null", "true", "\"x y\"", " ",
            ]),
            0..40,
        ).prop_map(|v| v.concat()),
    ) {
        let file = hclkit::parse_config(src.into_bytes(), "any.hcl").into_value();
        for blocks in [BlockShape::Nested, BlockShape::Ordered, BlockShape::Array] {
            let opts = ToJsonOptions { blocks, simplify: true, comments: true, ranges: None, heredoc_templates: false };
            let doc = hclkit::transcode::file_to_json(&file, &opts).0;
            let _ = doc.to_pretty();
        }
        let jfile = hclkit::syntax::json::parse(json.into_bytes(), "any.json").into_value();
        let _ = file_to_native(&jfile, &schema());
        let _ = file_to_native(&jfile, &Schema::new());
    }
}
