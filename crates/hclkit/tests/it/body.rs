//! The information model on native-syntax bodies: content, partial content and
//! just-attributes against the reference's diagnostics.
//!
//! The `.want.json` files in `tests/data/body` were recorded from the reference (hcl v2.14.1)
//! with `hcldec` and `hcleval`; see the README there. The schemas below are the ones the
//! `.hcldec` specs imply.

use std::path::Path;

use hclkit::body::{Body, BodySchema};
use hclkit::syntax::native::NativeBody;
use hclkit::{Diagnostics, Range};

fn data(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/body").join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn parse(name: &str) -> NativeBody {
    let (file, diags) = hclkit::parse_config(data(name), name).into_parts();
    assert!(diags.is_empty(), "{name}: {diags}");
    NativeBody::from_file(&file)
}

fn parse_str(src: &str) -> NativeBody {
    let (file, diags) = hclkit::parse_config(src.as_bytes(), "test.hcl").into_parts();
    assert!(diags.is_empty(), "{diags}");
    NativeBody::from_file(&file)
}

/// Compares diagnostics with a recorded reference JSON file (as parsed JSON, so layout does
/// not matter).
fn assert_ref(diags: &Diagnostics, ref_name: &str) {
    let want: serde_json::Value = serde_json::from_slice(&data(ref_name)).expect("reference JSON");
    let got: serde_json::Value = serde_json::from_str(&diags.to_json()).expect("our JSON");
    assert_eq!(got, want, "\nours:\n{}", diags.to_json());
}

fn bytes(r: &Range) -> (u32, u32) {
    (r.start.byte, r.end.byte)
}

#[test]
fn content_reports_missing_extraneous_and_unsupported_items() {
    let body = parse("content.hcl");
    let schema = BodySchema::new()
        .attribute("name", true)
        .attribute("count", false)
        .block("service", &[])
        .block("resource", &["type", "name"]);
    let (content, diags) = body.content(&schema);
    assert_ref(&diags, "content.want.json");
    assert_eq!(content.attributes.keys().collect::<Vec<_>>(), ["count"]);
    // Only the blocks with the right labels are taken; `servce` and `count` are not.
    assert!(content.blocks.is_empty());
    assert_eq!(bytes(&content.missing_item_range), (0, 0));
}

#[test]
fn content_suggests_blocks_for_attributes_and_checks_nested_bodies() {
    let body = parse("block_suggestion.hcl");
    let root = BodySchema::new().block("listen", &[]).attribute("address", false);
    let (content, mut diags) = body.content(&root);
    assert_eq!(content.blocks.len(), 1);
    let nested = BodySchema::new().attribute("port", false);
    let (inner, more) = content.blocks[0].body.content(&nested);
    assert!(inner.attributes.is_empty());
    diags.extend(more);
    assert_ref(&diags, "block_suggestion.want.json");
}

#[test]
fn content_label_counts() {
    let body = parse("labels.hcl");
    let schema = BodySchema::new().block("resource", &["type", "name"]).block("single", &[]);
    let (content, diags) = body.content(&schema);
    assert_ref(&diags, "labels.want.json");
    // `single {}` is the one block with the right labels.
    assert_eq!(content.blocks.len(), 1);
    let b = &content.blocks[0];
    assert_eq!((&*b.type_name, b.labels.len()), ("single", 0));
    // The context of a label error is the header from the type to the opening brace.
    let ctx = diags[0].context.as_ref().expect("context");
    assert_eq!(bytes(ctx), (0, 10));
    let ctx = diags[3].context.as_ref().expect("context");
    assert_eq!(bytes(ctx), (48, 62));
}

#[test]
fn just_attributes_rejects_blocks() {
    let body = parse("just_attributes.hcl");
    let (attrs, diags) = body.just_attributes();
    assert_ref(&diags, "just_attributes.want.json");
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["a", "b"]);
}

#[test]
fn content_success_has_attributes_blocks_and_ranges() {
    let src = "name = \"web\"\nresource \"aws\" \"x\" {\n  count = 2\n}\n";
    let body = parse_str(src);
    let schema = BodySchema::new().attribute("name", true).block("resource", &["type", "name"]);
    let (content, diags) = body.content(&schema);
    assert!(diags.is_empty(), "{diags}");
    let name = &content.attributes["name"];
    assert_eq!(name.name, "name");
    assert_eq!(bytes(&name.range()), (0, 12));
    assert_eq!(bytes(&name.name_range()), (0, 4));
    assert_eq!(bytes(&name.expr.range()), (7, 12));
    let b = &content.blocks[0];
    assert_eq!(&*b.type_name, "resource");
    assert_eq!(b.labels, ["aws", "x"]);
    assert_eq!(bytes(&b.type_range()), (13, 21));
    assert_eq!(b.label_ranges().iter().map(bytes).collect::<Vec<_>>(), [(22, 27), (28, 31)]);
    assert_eq!(bytes(&b.def_range()), (13, 31));
    assert_eq!(b.def_range().start.line, 2);
    // The block's body is itself a Body.
    let (inner, diags) = b.body.content(&BodySchema::new().attribute("count", true));
    assert!(diags.is_empty());
    assert!(inner.attributes.contains_key("count"));
    // Missing items in the block's body are reported at its start: the opening brace (as
    // hcldec reports a missing required attribute of a block).
    let (_, diags) = b.body.content(&BodySchema::new().attribute("size", true));
    let subjects: Vec<_> = diags.iter().map(|d| bytes(d.subject.as_ref().unwrap())).collect();
    assert_eq!(diags[0].summary, "Missing required argument");
    assert_eq!(subjects[0], (32, 32));
    assert_eq!(diags[1].summary, "Unsupported argument");
    assert_eq!(diags[1].detail, "An argument named \"count\" is not expected here.");
}

#[test]
fn partial_content_hides_what_it_took() {
    let src = "a = 1\nb = 2\nx {}\ny {}\nx {}\n";
    let body = parse_str(src);
    let (c1, remain, diags) = body.partial_content(&BodySchema::new().attribute("a", true).block("x", &[]));
    assert!(diags.is_empty());
    assert_eq!(c1.attributes.keys().collect::<Vec<_>>(), ["a"]);
    assert_eq!(c1.blocks.len(), 2);

    // The rest: `a` and the `x` blocks are gone, so asking for them again finds nothing.
    let (c2, diags) = remain.content(&BodySchema::new().attribute("a", true).attribute("b", false).block("y", &[]));
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].summary, "Missing required argument");
    assert_eq!(c2.attributes.keys().collect::<Vec<_>>(), ["b"]);
    assert_eq!(c2.blocks.len(), 1);

    // Content of the rest under an empty schema reports only what no schema took.
    let (_, diags) = remain.content(&BodySchema::new());
    let summaries: Vec<_> = diags.iter().map(|d| (d.summary.to_string(), d.detail.to_string())).collect();
    assert_eq!(
        summaries,
        [
            ("Unsupported argument".to_string(), "An argument named \"b\" is not expected here.".to_string()),
            ("Unsupported block type".to_string(), "Blocks of type \"y\" are not expected here.".to_string()),
        ]
    );

    // just_attributes of the rest leaves out hidden attributes but still rejects blocks.
    let (attrs, diags) = remain.just_attributes();
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["b"]);
    assert_eq!(diags[0].summary, "Unexpected \"x\" block");

    // Partial content of a rest hides more, cumulatively.
    let (_, rest2, _) = remain.partial_content(&BodySchema::new().attribute("b", false).block("y", &[]));
    let (_, diags) = rest2.content(&BodySchema::new());
    assert!(diags.is_empty(), "{diags}");
}

#[test]
fn a_block_with_wrong_labels_is_still_consumed_by_partial_content() {
    // As in the reference: the schema's block types are hidden from the rest whatever
    // happened to the blocks.
    let body = parse_str("x \"extra\" {}\n");
    let (c, remain, diags) = body.partial_content(&BodySchema::new().block("x", &[]));
    assert!(c.blocks.is_empty());
    assert_eq!(diags[0].summary, "Extraneous label for x");
    assert_eq!(diags[0].detail, "No labels are expected for x blocks.");
    let (_, diags) = remain.content(&BodySchema::new());
    assert!(diags.is_empty());
}

#[test]
fn conflicting_schema_decodes_attribute_and_blocks_as_the_reference() {
    // As the reference's native body (hcldec v2.14.1 on such a spec): no diagnostic for the
    // conflict itself; the attribute and the blocks of that name are each found as usual.
    let body = parse_str("a = 1\na {}\n");
    let schema = BodySchema::new().attribute("a", false).block("a", &[]);
    assert_eq!(schema.conflicts(), ["a"]);
    let (content, diags) = body.content(&schema);
    assert!(diags.is_empty(), "{diags}");
    assert!(content.attributes.contains_key("a"));
    assert_eq!(content.blocks.len(), 1);
    // A required attribute missing is reported as missing, whatever the blocks.
    let body = parse_str("a {}\n");
    let (_, diags) = body.content(&BodySchema::new().attribute("a", true).block("a", &[]));
    assert_eq!(diags.len(), 1, "{diags}");
    assert_eq!(diags[0].summary, "Missing required argument");
}

#[test]
fn a_later_block_schema_for_the_same_type_wins() {
    // The reference keeps the wanted blocks in a map by type: the last entry is the one used.
    let body = parse_str("b \"x\" \"y\" {}\n");
    let schema = BodySchema::new().block("b", &[]).block("b", &["one", "two"]);
    let (content, diags) = body.content(&schema);
    assert!(diags.is_empty(), "{diags}");
    assert_eq!(content.blocks.len(), 1);
    let schema = BodySchema::new().block("b", &["one", "two"]).block("b", &[]);
    let (_, diags) = body.content(&schema);
    assert_eq!(diags[0].summary, "Extraneous label for b");
}

#[test]
fn redefined_attributes_keep_the_first_definition() {
    // The parser reports "Attribute redefined"; the body holds the first definition only.
    let (file, diags) = hclkit::parse_config(b"a = 1\na = 2\n".as_slice(), "r.hcl").into_parts();
    assert_eq!(diags[0].summary, "Attribute redefined");
    let body = NativeBody::from_file(&file);
    let (attrs, diags) = body.just_attributes();
    assert!(diags.is_empty());
    assert_eq!(bytes(&attrs["a"].range()), (0, 5));
    let (content, diags) = body.content(&BodySchema::new().attribute("a", true));
    assert!(diags.is_empty());
    assert_eq!(bytes(&content.attributes["a"].range()), (0, 5));
}

#[test]
fn suggestions_use_edit_distance_below_three() {
    let body = parse_str("nam = 1\nnm = 2\nxyz = 3\nblok {}\n");
    let schema = BodySchema::new().attribute("name", false).block("block", &[]);
    let (_, diags) = body.content(&schema);
    let details: Vec<_> = diags.iter().map(|d| d.detail.to_string()).collect();
    assert_eq!(
        details,
        [
            "An argument named \"nam\" is not expected here. Did you mean \"name\"?",
            "An argument named \"nm\" is not expected here. Did you mean \"name\"?",
            "An argument named \"xyz\" is not expected here.",
            "Blocks of type \"blok\" are not expected here. Did you mean \"block\"?",
        ]
    );
}

#[test]
fn bodies_are_shareable_trait_objects() {
    fn assert_send_sync<T: Send + Sync>(_: &T) {}
    let body: std::sync::Arc<dyn Body> = std::sync::Arc::new(parse_str("a = 1\n"));
    assert_send_sync(&body);
    let handle = std::thread::spawn(move || body.just_attributes().0.len());
    assert_eq!(handle.join().unwrap(), 1);
}

#[test]
fn constructors_check_node_kinds() {
    use hclkit::syntax::native::NativeExpression;
    let file = hclkit::parse_config(b"a = 1\nb {}\n".as_slice(), "k.hcl").into_value();
    let tree = file.tree_arc().clone();
    let attr = file.body().attributes().next().unwrap();
    let block = file.body().blocks().next().unwrap();
    assert!(NativeBody::new(tree.clone(), file.body().id()).is_some());
    assert!(NativeBody::new(tree.clone(), block.body().id()).is_some());
    assert!(NativeBody::new(tree.clone(), attr.expr().id()).is_none());
    assert!(NativeExpression::new(tree.clone(), attr.expr().id()).is_some());
    assert!(NativeExpression::new(tree.clone(), file.body().id()).is_none());
    assert!(NativeExpression::new(tree, attr.id()).is_none());
}

#[test]
fn validate_reports_what_the_information_model_forbids() {
    // information-model.md: "it is an error to request the same attribute name twice or to
    // request a block type whose name is also an attribute name".
    let ok = BodySchema::new().attribute("a", true).attribute("b", false).block("c", &["x"]);
    assert!(ok.validate().is_empty());

    let schema = BodySchema::new()
        .attribute("a", false)
        .attribute("b", false)
        .attribute("a", true)
        .attribute("a", false)
        .block("b", &[])
        .block("b", &["x"]);
    let diags = schema.validate();
    let got: Vec<(&str, &str)> = diags.iter().map(|d| (&*d.summary, &*d.detail)).collect();
    assert_eq!(
        got,
        [
            ("Duplicate attribute in schema", "The schema names the attribute \"a\" more than once."),
            (
                "Conflicting schema",
                "The schema names \"b\" both as an attribute and as a block type; a body cannot have both."
            ),
        ]
    );
    assert!(diags.has_errors());
    // Repeated block types alone are allowed (the later schema wins when decoding).
    assert!(BodySchema::new().block("b", &[]).block("b", &["x"]).validate().is_empty());
}
