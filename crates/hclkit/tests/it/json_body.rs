//! JSON bodies and expressions in the information model: schema-driven mapping, the
//! examples of json-syntax.md, diagnostics and variables.
//!
//! Expected diagnostics and variable references were recorded from hcldec v2.14.1
//! (hashicorp/hcl v2.14.1) with this spec (`hcldec --spec s.hcldec --diags=json c.json`,
//! `--var-refs` for variables, `-V '{"z":1}'` for full-expression mode):
//!
//! ```text
//! object {
//!   attr "name" { type = string, required = true }
//!   attr "count" { type = any }
//!   block_list "listen" { block_type = "listen", object { attr "port" { type = any } } }
//!   block_map "foo" { block_type = "foo", labels = ["a", "b"], object { attr "child_attr" { type = string } } }
//! }
//! ```

use crate::common;

use std::sync::Arc;

use hclkit::body::{abs_traversal_for_expr, expr_call, expr_list, expr_map, Block, Body, BodySchema, Expression};
use hclkit::eval::EvalContext;
use hclkit::syntax::json::{parse, parse_expression, JsonBody, JsonExpression};
use hclkit::traversal::TraverseStep;
use hclkit::Range;
use hclkit_value::Value;

fn r(x: &Range) -> String {
    format!("{}:{}.{}-{}:{}.{}", x.start.line, x.start.column, x.start.byte, x.end.line, x.end.column, x.end.byte)
}

fn root_schema() -> BodySchema {
    BodySchema::new().attribute("name", true).attribute("count", false).block("listen", &[]).block("foo", &["a", "b"])
}

/// Decodes as hcldec does with the spec above: the root's content, then each block's.
fn decode(src: &str) -> (Vec<Block>, Vec<String>) {
    let (file, diags) = parse(src.as_bytes(), "/tmp/js/b/c.json").into_parts();
    assert!(diags.is_empty(), "{diags}");
    let body = JsonBody::from_file(&file);
    let (content, diags) = body.content(&root_schema());
    let mut all: Vec<_> = diags.into_iter().collect();
    for b in &content.blocks {
        let schema = match &*b.type_name {
            "listen" => BodySchema::new().attribute("port", false),
            _ => BodySchema::new().attribute("child_attr", false),
        };
        all.extend(b.body.content(&schema).1);
    }
    let got = all
        .iter()
        .map(|d| format!("{} | {} | {}", d.summary, d.detail, d.subject.as_ref().map(r).unwrap_or_default()))
        .collect();
    (content.blocks, got)
}

/// (input, expected diagnostics), recorded from hcldec v2.14.1.
const CASES: &[(&str, &[&str])] = &[
    (
        r#"{"name": "web", "nme": 1, "//": "comment", "lsten": {}}"#,
        &[
            r#"Extraneous JSON object property | No argument or block type is named "nme". | 1:17.16-1:22.21"#,
            r#"Extraneous JSON object property | No argument or block type is named "lsten". Did you mean "listen"? | 1:44.43-1:51.50"#,
        ],
    ),
    (
        r#"{"name": "web", "name": "x"}"#,
        &[r#"Duplicate argument | The argument "name" was already set at /tmp/js/b/c.json:1,2-15. | 1:17.16-1:23.22"#],
    ),
    (
        r#"{"count": 1}"#,
        &[r#"Missing required argument | The argument "name" is required, but no definition was found. | 1:12.11-1:13.12"#],
    ),
    (
        r#"{"name": "a", "listen": 5}"#,
        &[r#"Incorrect JSON value type | Either a JSON object or a JSON array is required, representing the contents of one or more "listen" blocks. | 1:25.24-1:26.25"#],
    ),
    (
        r#"{"name": "a", "listen": [{"port": 1}, 5, {"port": 2}]}"#,
        &[
            "Incorrect JSON value type | Either a JSON object or JSON array of objects is required here, to define arguments and child blocks. | 1:39.38-1:40.39",
            "Incorrect JSON value type | Either a JSON object or JSON array of objects is required here, to define arguments and child blocks. | 1:39.38-1:40.39",
        ],
    ),
    (
        r#"{"name": "a", "foo": {"x": 1}}"#,
        &[
            "Incorrect JSON value type | Either a JSON object or JSON array of objects is required here, to specify b labels for this block. | 1:28.27-1:29.28",
            "Missing block label | At least one object property is required, whose name represents the foo block's b. | 1:28.27-1:29.28",
        ],
    ),
    (
        r#"{"name": "a", "foo": {}}"#,
        &["Missing block label | At least one object property is required, whose name represents the foo block's a. | 1:22.21-1:23.22"],
    ),
    (
        r#"{"name": "a", "foo": [1]}"#,
        &[
            "Incorrect JSON value type | A JSON object is required here, to specify a labels for this block. | 1:23.22-1:24.23",
            "Missing block label | At least one object property is required, whose name represents the foo block's a. | 1:22.21-1:23.22",
        ],
    ),
    (
        r#"[{"name": "a"}, 2, {"count": 3}]"#,
        &[
            "Incorrect JSON value type | A JSON object is required here, to define arguments and child blocks. | 1:17.16-1:18.17",
            "Incorrect JSON value type | A JSON object is required here, to define arguments and child blocks. | 1:17.16-1:18.17",
        ],
    ),
    (
        r#"{"name": "a", "foo": null, "listen": null}"#,
        &["Missing block label | At least one object property is required, whose name represents the foo block's a. | 1:22.21-1:26.25"],
    ),
    (
        r#"{"name": "a", "foo": {"x": {"y": "s"}}, "listen": {"port": "${1+1}"}}"#,
        &[r#"Incorrect JSON value type | Either a JSON object or a JSON array is required, representing the contents of one or more "foo" blocks. | 1:34.33-1:37.36"#],
    ),
];

#[test]
fn diagnostics_match_the_reference() {
    let mut failures = Vec::new();
    for (src, expected) in CASES {
        let (_, got) = decode(src);
        if got != *expected {
            failures.push(format!("{src}\n  expected {expected:#?}\n  got      {got:#?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn literal(e: &Arc<dyn Expression>) -> Value {
    let (v, d) = e.value(None);
    assert!(d.is_empty(), "{d}");
    v
}

/// Blocks as (labels, child_attr values in literal mode).
fn blocks(src: &str, labels: &[&str]) -> Vec<(Vec<String>, Option<Value>)> {
    let (file, diags) = parse(src.as_bytes(), "spec.json").into_parts();
    assert!(diags.is_empty(), "{diags}");
    let schema = BodySchema::new().block("foo", labels);
    let (content, diags) = JsonBody::from_file(&file).content(&schema);
    assert!(diags.is_empty(), "{diags}");
    content
        .blocks
        .iter()
        .map(|b| {
            let (c, d) = b.body.content(&BodySchema::new().attribute("child_attr", false));
            assert!(d.is_empty(), "{d}");
            (b.labels.clone(), c.attributes.get("child_attr").map(|a| literal(&a.expr)))
        })
        .collect()
}

fn s(v: &str) -> Option<Value> {
    Some(Value::string(v))
}

fn l(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn spec_attribute_example() {
    let file = parse(br#"{ "foo": "bar baz" }"#.as_slice(), "a.json").into_value();
    let (c, d) = JsonBody::from_file(&file).content(&BodySchema::new().attribute("foo", true));
    assert!(d.is_empty());
    assert_eq!(literal(&c.attributes["foo"].expr), Value::string("bar baz"));
    assert_eq!(r(&c.attributes["foo"].range()), "1:3.2-1:19.18");
    assert_eq!(r(&c.attributes["foo"].name_range()), "1:3.2-1:8.7");
}

#[test]
fn spec_block_examples_without_labels() {
    assert_eq!(blocks(r#"{"foo": {"child_attr": "baz"}}"#, &[]), [(l(&[]), s("baz"))]);
    assert_eq!(
        blocks(r#"{"foo": [{"child_attr": "baz"}, {"child_attr": "boz"}]}"#, &[]),
        [(l(&[]), s("baz")), (l(&[]), s("boz"))]
    );
    assert_eq!(blocks(r#"{"foo": []}"#, &[]), []);
}

#[test]
fn spec_block_examples_with_two_labels() {
    let ex1 = r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}, "boz": {"baz": {"child_attr": "baz"}}}}"#;
    assert_eq!(
        blocks(ex1, &["a", "b"]),
        [(l(&["bar", "baz"]), s("baz")), (l(&["bar", "boz"]), s("baz")), (l(&["boz", "baz"]), s("baz"))]
    );
    let ex2 = r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}, "boz": {"baz": [{"child_attr": "baz"}, {"child_attr": "boz"}]}}}"#;
    assert_eq!(
        blocks(ex2, &["a", "b"]),
        [
            (l(&["bar", "baz"]), s("baz")),
            (l(&["bar", "boz"]), s("baz")),
            (l(&["boz", "baz"]), s("baz")),
            (l(&["boz", "baz"]), s("boz"))
        ]
    );
    let ex3 = r#"{"foo": [{"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}}, {"bar": {"baz": [{"child_attr": "baz"}, {"child_attr": "boz"}]}}]}"#;
    assert_eq!(
        blocks(ex3, &["a", "b"]),
        [
            (l(&["bar", "baz"]), s("baz")),
            (l(&["bar", "boz"]), s("baz")),
            (l(&["bar", "baz"]), s("baz")),
            (l(&["bar", "baz"]), s("boz"))
        ]
    );
    // Duplicate property names at a label level are all kept, in order.
    let ex4 = r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}, "bar": {"baz": [{"child_attr": "baz"}, {"child_attr": "boz"}]}}}"#;
    assert_eq!(blocks(ex4, &["a", "b"]), blocks(ex3, &["a", "b"]));
}

#[test]
fn block_ranges() {
    let file = parse(br#"{"foo": {"x": {"y": {}}}}"#.as_slice(), "b.json").into_value();
    let (c, _) = JsonBody::from_file(&file).content(&BodySchema::new().block("foo", &["a", "b"]));
    let b = &c.blocks[0];
    assert_eq!(r(&b.type_range()), "1:2.1-1:7.6");
    assert_eq!(b.label_ranges().iter().map(r).collect::<Vec<_>>(), ["1:10.9-1:13.12", "1:16.15-1:19.18"]);
    assert_eq!(r(&b.def_range()), "1:21.20-1:22.21");
    assert_eq!(r(&b.body.missing_item_range()), "1:22.21-1:23.22");
}

#[test]
fn partial_content_hides_what_it_took() {
    let file = parse(br#"{"a": 1, "b": 2, "//": "c"}"#.as_slice(), "p.json").into_value();
    let body = JsonBody::from_file(&file);
    let (c, rest, d) = body.partial_content(&BodySchema::new().attribute("a", false));
    assert!(d.is_empty());
    assert!(c.attributes.contains_key("a"));
    let (attrs, d) = rest.just_attributes();
    assert!(d.is_empty());
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["b"]);
    let (c, d) = rest.content(&BodySchema::new().attribute("b", true));
    assert!(d.is_empty(), "{d}");
    assert_eq!(literal(&c.attributes["b"].expr), Value::number(2));
}

#[test]
fn just_attributes_errors() {
    let file = parse(br#"{"a": 1, "a": 2}"#.as_slice(), "j.json").into_value();
    let (attrs, d) = JsonBody::from_file(&file).just_attributes();
    assert_eq!(attrs.len(), 1);
    assert_eq!(d[0].summary, "Duplicate attribute definition");
    assert_eq!(d[0].detail, r#"The argument "a" was already set at j.json:1,2-8."#);
    let file = parse(br#"[{"a": 1}]"#.as_slice(), "j.json").into_value();
    let (_, d) = JsonBody::from_file(&file).just_attributes();
    assert_eq!(d[0].detail, "A JSON object is required here, setting the arguments for this block.");
    assert_eq!(r(d[0].subject.as_ref().unwrap()), "1:1.0-1:2.1");
}

fn expr(src: &str) -> JsonExpression {
    let (e, d) = parse_expression(src.as_bytes(), "e.json").into_parts();
    assert!(d.is_empty(), "{d}");
    JsonExpression::from_file(&e)
}

#[test]
fn literal_mode_values() {
    let (v, d) = expr(r#"{"s": "Hello ${name}", "n": 1e3, "b": [true, null, 0.1], "o": {}}"#).value(None);
    assert!(d.is_empty());
    let want = Value::object([
        ("s", Value::string("Hello ${name}")),
        ("n", Value::number(1000)),
        (
            "b",
            Value::tuple(vec![
                Value::bool(true),
                Value::null(hclkit_value::Type::Dynamic),
                Value::number(hclkit_value::Number::parse("0.1").unwrap()),
            ]),
        ),
        ("o", Value::empty_object()),
    ]);
    assert_eq!(v, want);
    // Recorded with `apirecord json-value '{"a": 1, "a": 2}'` (oracle/apirecord): the first
    // definition is kept.
    let (v, d) = expr(r#"{"a": 1, "a": 2}"#).value(None);
    assert_eq!(v, Value::object([("a", Value::number(1))]));
    assert_eq!(
        diag_lines(&d),
        [
            r#"Duplicate object attribute | An attribute named "a" was already defined at e.json:1,2-5. | 1:10.9-1:13.12 | -"#
        ]
    );
}

/// `summary | detail | subject | context`, ranges as `line:column.byte-line:column.byte`: the
/// format of `oracle/apirecord`, which records the reference's (hcl v2.14.1) results.
fn diag_lines(d: &hclkit::Diagnostics) -> Vec<String> {
    let opt = |x: &Option<Range>| x.as_ref().map(r).unwrap_or_else(|| "-".to_owned());
    d.iter().map(|d| format!("{} | {} | {} | {}", d.summary, d.detail, opt(&d.subject), opt(&d.context))).collect()
}

/// The outcome of evaluating JSON expression `src` (file `e.json`) without a context
/// (literal mode) or with one holding `vars` (full mode), as `apirecord json-value` prints
/// it: `{"diagnostics":…,"type":…,"value":…}`.
fn json_value(src: &str, ctx: Option<&EvalContext>) -> String {
    let (v, d) = expr(src).value(ctx);
    let mut out = String::from("{\"diagnostics\":");
    out.push_str(&serde_json::to_string(&diag_lines(&d)).unwrap());
    out.push_str(",\"type\":");
    out.push_str(&hclkit_value::json::type_to_json(&v.ty()).unwrap());
    out.push_str(",\"value\":");
    common::encode(&v, &mut out);
    out.push('}');
    out
}

fn full(vars: &[(&str, Value)]) -> EvalContext {
    EvalContext::new().with_variables(vars.iter().map(|(k, v)| (k.to_string(), v.clone())))
}

#[test]
fn spec_string_and_number_examples() {
    // json-syntax.md's examples; recorded with `apirecord json-value [-ctx] [-vars JSON] SRC`.
    let none = full(&[]);
    let big = format!("1{}", "0".repeat(150));
    // A number too precise for float serializers, written as an interpolation: exact.
    assert_eq!(
        json_value(r#""${1e150}""#, Some(&none)),
        format!(r#"{{"diagnostics":[],"type":"number","value":{big}}}"#)
    );
    assert_eq!(json_value("1e150", Some(&none)), format!(r#"{{"diagnostics":[],"type":"number","value":{big}}}"#));
    assert_eq!(json_value(r#""${1e150}""#, None), r#"{"diagnostics":[],"type":"string","value":"${1e150}"}"#);
    // Literal mode passes template sequences through...
    let lit = r#""Hello world! Template sequences like ${ are not intepreted here.""#;
    assert_eq!(
        json_value(lit, None),
        r#"{"diagnostics":[],"type":"string","value":"Hello world! Template sequences like ${ are not intepreted here."}"#
    );
    // ...which full mode would parse (and reject, for this one).
    assert_eq!(
        json_value(lit, Some(&none)),
        r#"{"diagnostics":["Extra characters after interpolation expression | Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\". | 1:46.45-1:49.48 | 1:2.1-1:49.48"],"type":"dynamic","value":{"$unknown":"dynamic"}}"#
    );
    let hello = r#""Hello, ${name}! Template sequences are interpreted in full expression mode.""#;
    assert_eq!(
        json_value(hello, Some(&full(&[("name", Value::string("Alice"))]))),
        r#"{"diagnostics":[],"type":"string","value":"Hello, Alice! Template sequences are interpreted in full expression mode."}"#
    );
    assert_eq!(
        json_value(hello, None),
        r#"{"diagnostics":[],"type":"string","value":"Hello, ${name}! Template sequences are interpreted in full expression mode."}"#
    );
    // Interpolation unwrapping: a number, not a string (unless there is more than the one
    // interpolation).
    let ab = full(&[("a", Value::number(1)), ("b", Value::number(2))]);
    assert_eq!(json_value(r#""${ a + b }""#, Some(&ab)), r#"{"diagnostics":[],"type":"number","value":3}"#);
    assert_eq!(json_value(r#"" ${ a + b }""#, Some(&ab)), r#"{"diagnostics":[],"type":"string","value":" 3"}"#);
    let unknown_a = full(&[("a", Value::unknown(hclkit_value::Type::Number)), ("b", Value::number(2))]);
    assert_eq!(
        json_value(r#""${ a + b }""#, Some(&unknown_a)),
        r#"{"diagnostics":[],"type":"number","value":{"$unknown":"number"}}"#
    );
}

#[test]
fn object_expression_key_rules() {
    // json-syntax.md "Objects": property names are string expressions converted to string.
    // Recorded with `apirecord json-value -ctx [-vars JSON] [-unknown NAME[:TYPE]] SRC`.
    let none = full(&[]);
    let cases: &[(&str, EvalContext, &str)] = &[
        // A key that does not convert to a string: an error, the property is left out.
        (
            r#"{"${[1]}": 1, "b": 2}"#,
            none.clone(),
            r#"{"diagnostics":["Invalid object key expression | Cannot use this expression as an object key: string required. | 1:2.1-1:10.9 | -"],"type":["object",{"b":"number"}],"value":{"b":2}}"#,
        ),
        (
            r#"{"${{}}": 1}"#,
            none.clone(),
            r#"{"diagnostics":["Invalid object key expression | Cannot use this expression as an object key: string required. | 1:2.1-1:9.8 | -"],"type":["object",{}],"value":{}}"#,
        ),
        // The value's own errors come first.
        (
            r#"{"${[1]}": "${[}"}"#,
            none.clone(),
            r#"{"diagnostics":["Invalid expression | Expected the start of an expression, but found an invalid expression token. | 1:16.15-1:17.16 | -","Invalid object key expression | Cannot use this expression as an object key: string required. | 1:2.1-1:10.9 | -"],"type":["object",{}],"value":{}}"#,
        ),
        // Keys that convert: numbers and booleans.
        (
            r#"{"${true}": 1, "${2}": 2}"#,
            none.clone(),
            r#"{"diagnostics":[],"type":["object",{"2":"number","true":"number"}],"value":{"2":2,"true":1}}"#,
        ),
        // A null key.
        (
            r#"{"${null}": 1, "b": 2}"#,
            none.clone(),
            r#"{"diagnostics":["Invalid object key expression | Cannot use null value as an object key. | 1:2.1-1:11.10 | -"],"type":["object",{"b":"number"}],"value":{"b":2}}"#,
        ),
        // An unknown key: the whole object is unknown, of the dynamic type; later errors are
        // still reported.
        (
            r#"{"${u}": 1, "b": 2}"#,
            full(&[("u", Value::unknown(hclkit_value::Type::String))]),
            r#"{"diagnostics":[],"type":"dynamic","value":{"$unknown":"dynamic"}}"#,
        ),
        (
            r#"{"${u}": 1, "${null}": 2}"#,
            full(&[("u", Value::dynamic())]),
            r#"{"diagnostics":["Invalid object key expression | Cannot use null value as an object key. | 1:13.12-1:22.21 | -"],"type":"dynamic","value":{"$unknown":"dynamic"}}"#,
        ),
        (
            r#"{"${u}": 1, "a": 2, "a": 3}"#,
            full(&[("u", Value::dynamic())]),
            r#"{"diagnostics":["Duplicate object attribute | An attribute named \"a\" was already defined at e.json:1,13-16. | 1:21.20-1:24.23 | -"],"type":"dynamic","value":{"$unknown":"dynamic"}}"#,
        ),
        // A key that fails to parse is unknown too.
        (
            r#"{"${a +}": 1, "b": "${c}"}"#,
            none.clone(),
            r#"{"diagnostics":["Invalid expression | Expected the start of an expression, but found an invalid expression token. | 1:8.7-1:9.8 | -","Unknown variable | There is no variable named \"c\". | 1:23.22-1:24.23 | -"],"type":"dynamic","value":{"$unknown":"dynamic"}}"#,
        ),
        // Duplicates after template evaluation: the first definition is kept.
        (
            r#"{"a": 1, "${x}": 2}"#,
            full(&[("x", Value::string("a"))]),
            r#"{"diagnostics":["Duplicate object attribute | An attribute named \"a\" was already defined at e.json:1,2-5. | 1:10.9-1:16.15 | -"],"type":["object",{"a":"number"}],"value":{"a":1}}"#,
        ),
        (
            r#"{"${\"a\"}": 1, "a": 2, "b": 3}"#,
            none.clone(),
            r#"{"diagnostics":["Duplicate object attribute | An attribute named \"a\" was already defined at e.json:1,2-12. | 1:17.16-1:20.19 | -"],"type":["object",{"a":"number","b":"number"}],"value":{"a":1,"b":3}}"#,
        ),
        (
            "{\n  \"a\": 1,\n  \"${x}\": 2\n}",
            full(&[("x", Value::string("a"))]),
            r#"{"diagnostics":["Duplicate object attribute | An attribute named \"a\" was already defined at e.json:2,3-6. | 3:3.14-3:9.20 | -"],"type":["object",{"a":"number"}],"value":{"a":1}}"#,
        ),
        // Literal duplicates are duplicates in full mode too.
        (
            r#"{"a": 1, "a": 2}"#,
            none.clone(),
            r#"{"diagnostics":["Duplicate object attribute | An attribute named \"a\" was already defined at e.json:1,2-5. | 1:10.9-1:13.12 | -"],"type":["object",{"a":"number"}],"value":{"a":1}}"#,
        ),
        // "//" is an ordinary property of an object used as an expression.
        (
            r#"{"//": "comment", "a": {"//": 2}}"#,
            none.clone(),
            r#"{"diagnostics":[],"type":["object",{"//":"string","a":["object",{"//":"number"}]}],"value":{"//":"comment","a":{"//":2}}}"#,
        ),
    ];
    let mut failures = Vec::new();
    for (src, ctx, want) in cases {
        let got = json_value(src, Some(ctx));
        if got != *want {
            failures.push(format!("{src}\n  want {want}\n  got  {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // In literal mode keys are not templates: no duplicate, no error.
    assert_eq!(
        json_value(r#"{"a": 1, "${x}": 2}"#, None),
        r#"{"diagnostics":[],"type":["object",{"${x}":"number","a":"number"}],"value":{"${x}":2,"a":1}}"#
    );
    assert_eq!(
        json_value(r#"{"${\"a\"}": 1, "a": 2}"#, None),
        r#"{"diagnostics":[],"type":["object",{"${\"a\"}":"number","a":"number"}],"value":{"${\"a\"}":1,"a":2}}"#
    );
    assert_eq!(
        json_value(r#"{"//": "comment", "a": 1}"#, None),
        r#"{"diagnostics":[],"type":["object",{"//":"string","a":"number"}],"value":{"//":"comment","a":1}}"#
    );
}

#[test]
fn full_mode_parses_strings_as_templates() {
    // Recorded from hcldec v2.14.1 with -V '{"z":1}': the template's error, moved into the file.
    let file = parse(b"{\"name\": \"x\",\n \"count\": \"ab ${a +}\"}".as_slice(), "e.json").into_value();
    let (c, _) = JsonBody::from_file(&file).content(&root_schema());
    let (v, d) = c.attributes["count"].expr.value(Some(&EvalContext::new()));
    assert_eq!(v, Value::dynamic());
    assert_eq!(d[0].summary, "Invalid expression");
    assert_eq!(d[0].detail, "Expected the start of an expression, but found an invalid expression token.");
    assert_eq!(r(d[0].subject.as_ref().unwrap()), "2:20.33-2:21.34");
}

#[test]
fn variables_match_the_reference() {
    // Recorded from hcldec v2.14.1 --var-refs.
    let src = "{\n  \"name\": \"x\",\n  \"count\": [\"${a.b}\", {\"${k}\": \"v ${c[0]}\"}]\n}";
    let file = parse(src.as_bytes(), "v.json").into_value();
    let (c, _) = JsonBody::from_file(&file).content(&root_schema());
    let vars = c.attributes["count"].expr.variables();
    let got: Vec<String> = vars
        .iter()
        .map(|t| {
            let steps: Vec<String> = t.steps.iter().map(|s| r(s.range())).collect();
            format!("{} {} {:?}", t.root_name().unwrap(), r(&t.source_range().unwrap()), steps)
        })
        .collect();
    assert_eq!(
        got,
        [
            r#"a 3:16.32-3:19.35 ["3:16.32-3:17.33", "3:17.33-3:19.35"]"#,
            r#"k 3:27.43-3:28.44 ["3:27.43-3:28.44"]"#,
            r#"c 3:37.53-3:41.57 ["3:37.53-3:38.54", "3:38.54-3:41.57"]"#,
        ]
    );
}

#[test]
fn static_analysis() {
    let e = expr(r#"["a", {"k": "v"}]"#);
    let list = expr_list(&e).unwrap();
    assert_eq!(list.len(), 2);
    let map = expr_map(&*list[1]).unwrap();
    assert_eq!(literal(&map[0].key), Value::string("k"));
    // A static map key is a string expression: a template with a context.
    let (k, d) = map[0].key.value(Some(&EvalContext::new()));
    assert!(d.is_empty());
    assert_eq!(k, Value::string("k"));
    let map = expr_map(&expr(r#"{"${a}": 1}"#)).unwrap();
    assert_eq!(literal(&map[0].key), Value::string("${a}"));
    let (k, d) = map[0].key.value(Some(&full(&[("a", Value::string("x"))])));
    assert!(d.is_empty(), "{d}");
    assert_eq!(k, Value::string("x"));
    // The errors' subjects are the expressions' start ranges (recorded with `apirecord
    // json-static '"a"'` / `'[]'`; more cases in json_static.rs).
    let d = expr_map(&*list[0]).unwrap_err();
    assert_eq!(diag_lines(&d), ["Invalid expression | A static map expression is required. | 1:2.1-1:5.4 | -"]);
    let d = expr_map(&expr(r#""a""#)).unwrap_err();
    assert_eq!(diag_lines(&d), ["Invalid expression | A static map expression is required. | 1:1.0-1:4.3 | -"]);

    let t = abs_traversal_for_expr(&expr(r#""var.list[0]""#)).unwrap();
    assert_eq!(t.to_string(), "var.list[0]");
    // Parsed from the opening quote, as the reference does.
    assert!(matches!(&t.steps[0], TraverseStep::Root { range, .. } if r(range) == "1:1.0-1:4.3"));
    // Strings that do not parse as a traversal (or are something else), and non-strings: the
    // subject is the whole expression (recorded with `apirecord json-static`).
    const NOT_TRAVERSAL: &str = "Invalid expression | A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";
    for (src, range) in [
        (r#""f(x)""#, "1:1.0-1:7.6"),
        (r#""var.a[""#, "1:1.0-1:9.8"),
        (r#""a.0""#, "1:1.0-1:6.5"),
        ("1", "1:1.0-1:2.1"),
    ] {
        let d = abs_traversal_for_expr(&expr(src)).unwrap_err();
        assert_eq!(diag_lines(&d), [format!("{NOT_TRAVERSAL} | {range} | -")], "{src}");
    }

    let call = expr_call(&expr(r#""list(string)""#)).unwrap();
    assert_eq!(call.name, "list");
    assert_eq!(r(&call.name_range), "1:1.0-1:5.4");
    assert_eq!(call.arguments.len(), 1);
    assert_eq!(abs_traversal_for_expr(&*call.arguments[0]).unwrap().to_string(), "string");
    // Strings that fail to parse, or parse as something else; non-strings: the subject is the
    // start range.
    for (src, range) in [
        (r#""f(x""#, "1:1.0-1:6.5"),
        (r#""f(x) y""#, "1:1.0-1:9.8"),
        (r#""a.b""#, "1:1.0-1:6.5"),
        ("[]", "1:1.0-1:2.1"),
    ] {
        let d = expr_call(&expr(src)).unwrap_err();
        assert_eq!(
            diag_lines(&d),
            [format!("Invalid expression | A static function call is required. | {range} | -")],
            "{src}"
        );
    }
}

#[test]
fn merged_bodies_across_syntaxes() {
    use hclkit::merged::merge_bodies;
    // Recorded from hcldec v2.14.1 with m1.hcl and m2.json.
    let mut files = hclkit::Files::new();
    let (a, d1) = files.parse(b"name = \"web\"\nlisten {\n  port = 80\n}\n".to_vec(), "m1.hcl");
    let (b, d2) = files.parse(br#"{"name": "x", "listen": [{"port": 1}, {"port": 2}]}"#.to_vec(), "m2.json");
    assert!(d1.is_empty() && d2.is_empty());
    let merged = merge_bodies(vec![a, b.clone()]);
    let (c, d) = merged.content(&root_schema());
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].summary, "Duplicate argument");
    assert_eq!(d[0].detail, r#"Argument "name" was already set at m1.hcl:1,1-5"#);
    assert_eq!(r(d[0].subject.as_ref().unwrap()), "1:2.1-1:8.7");
    // Blocks concatenate in body order (the native block first; its value needs the evaluator).
    assert_eq!(c.blocks.len(), 3);
    assert_eq!(c.blocks[0].type_range().filename.as_ref(), "m1.hcl");
    let ports: Vec<Value> = c.blocks[1..]
        .iter()
        .map(|b| literal(&b.body.content(&BodySchema::new().attribute("port", false)).0.attributes["port"].expr))
        .collect();
    assert_eq!(ports, [Value::number(1), Value::number(2)]);
    // A required attribute missing from all bodies has no subject, as in the reference.
    let (m3, _) = files.parse(br#"{"listen": {"port": 1}}"#.to_vec(), "m3.json");
    let (_, d) = merge_bodies(vec![m3.clone(), m3]).content(&root_schema());
    assert_eq!(d[0].detail, r#"The argument "name" is required, but was not set."#);
    assert!(d[0].subject.is_none());
}

#[test]
fn comment_property_is_only_special_in_bodies() {
    // "//" is skipped as a body's property but kept in an object used as an expression.
    // Recorded from the reference with hcleval (tests/data/eval/README.md) on this file:
    // {"value":{"a":{"//":"c","b":1}},"type":["object",{"a":["object",{"//":"string","b":"number"}]}]}
    let (file, d) = parse(br#"{"a": {"//": "c", "b": 1}, "//": "top"}"#.as_slice(), "cm.json").into_parts();
    assert!(d.is_empty(), "{d}");
    let (attrs, d) = JsonBody::from_file(&file).just_attributes();
    assert!(d.is_empty(), "{d}");
    assert_eq!(attrs.keys().collect::<Vec<_>>(), ["a"]);
    let want = Value::object([("//", Value::string("c")), ("b", Value::number(1))]);
    assert_eq!(literal(&attrs["a"].expr), want);
    let (v, d) = attrs["a"].expr.value(Some(&EvalContext::new()));
    assert!(d.is_empty(), "{d}");
    assert_eq!(v, want);
}
