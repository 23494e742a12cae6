//! The JSON syntax parser against the reference: diagnostics (summary, detail, subject range)
//! for broken input, and the tree for valid input.
//!
//! The expected diagnostics were recorded from hcldec v2.14.1 (hashicorp/hcl v2.14.1):
//! `hcldec --spec S.hcldec --diags=json FILE.json` with a one-attribute spec, rendered as
//! `summary | detail | line:column.byte-line:column.byte` of the subject.

use hclkit::syntax::json::{parse, parse_expression, Kind, MAX_DEPTH};
use hclkit::Range;

fn r(x: &Range) -> String {
    format!("{}:{}.{}-{}:{}.{}", x.start.line, x.start.column, x.start.byte, x.end.line, x.end.column, x.end.byte)
}

/// (input, expected diagnostics), recorded from hcldec v2.14.1.
const CASES: &[(&str, &[&str])] = &[
    ("{\"a\": 1 \"b\": 2}", &["Missing attribute seperator comma | A comma must appear between each property definition in an object. | 1:16.15-1:16.15", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": {\"b\": 1,}, \"c\": 2}", &["Trailing comma in object | JSON does not permit a trailing comma after the final property in an object. | 1:14.13-1:15.14"]),
    ("{\t\"a\": tru}", &["Invalid JSON keyword | \"tru\" is not a valid JSON keyword. Did you mean \"true\"? | 1:9.7-1:12.10"]),
    ("{\"a\": \"x\\qy\"}", &["Invalid JSON string | There is a syntax error in the given JSON string. | 1:11.10-1:12.11"]),
    ("{\"a\": \"x", &["Invalid JSON string | There is a syntax error in the given JSON string. | 1:9.8-1:10.9", "Unclosed object | No closing brace was found for this JSON object. | 1:1.0-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": \"é\\q\"}", &["Invalid JSON string | There is a syntax error in the given JSON string. | 1:12.11-1:13.12"]),
    ("﻿{}", &["Invalid start of value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:1.0-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": 1e999999999999}", &["Invalid JSON number | There is a syntax error in the given JSON number. | 1:7.6-1:21.20"]),
    ("{\"a\" = 1}", &["Missing property value colon | JSON uses a colon as its name/value delimiter, not an equals sign. | 1:6.5-1:7.6", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\" 1}", &["Missing property value colon | A colon must appear between an object property's name and its value. | 1:6.5-1:7.6", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\"}", &["Missing object value | A JSON object attribute must have a value, introduced by a colon. | 1:5.4-1:6.5", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\",}", &["Missing object value | A JSON object attribute must have a value, introduced by a colon. | 1:5.4-1:6.5", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{1: 2}", &["Invalid object property name | A JSON object property name must be a string | 1:2.1-1:3.2", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{true: 2}", &["Invalid object property name | A JSON object property name must be a string | 1:2.1-1:6.5", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{[1]: 2}", &["Invalid object property name | A JSON object property name must be a string | 1:2.1-1:3.2", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": 1]", &["Mismatched braces | A JSON object must be closed with a brace, not a bracket. | 1:9.8-1:9.8", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("[1, 2}", &["Mismatched brackets | A JSON array must be closed with a bracket, not a brace. | 1:7.6-1:7.6", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("[1 2]", &["Missing attribute seperator comma | A comma must appear between each value in an array. | 1:6.5-1:6.5", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("[1: 2]", &["Invalid array value | A colon is not used to introduce values in a JSON array. | 1:7.6-1:7.6", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("[1, 2,]", &["Trailing comma in array | JSON does not permit a trailing comma after the final value in an array. | 1:6.5-1:7.6", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("[1,", &["Missing value | The JSON data ends prematurely. | 1:4.3-1:4.3", "Unclosed object | No closing bracket was found for this JSON array. | 1:1.0-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("[", &["Missing value | The JSON data ends prematurely. | 1:2.1-1:2.1", "Unclosed object | No closing bracket was found for this JSON array. | 1:1.0-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{", &["Missing value | The JSON data ends prematurely. | 1:2.1-1:2.1", "Invalid object property name | A JSON object property name must be a string | 1:2.1-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("", &["Missing value | The JSON data ends prematurely. | 1:1.0-1:1.0", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:1.0"]),
    ("   ", &["Missing value | The JSON data ends prematurely. | 1:4.3-1:4.3", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:4.3-1:4.3"]),
    ("\"str\"", &["Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:6.5"]),
    ("42", &["Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:3.2"]),
    ("null", &["Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:5.4"]),
    ("{} {}", &["Extraneous data after value | Extra characters appear after the JSON value. | 1:4.3-1:5.4"]),
    ("{}, 1", &["Extraneous data after value | Extra characters appear after the JSON value. | 1:3.2-1:4.3"]),
    ("[}", &["Missing JSON value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:2.1-1:3.2", "Mismatched brackets | A JSON array must be closed with a bracket, not a brace. | 1:3.2-1:3.2", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{]", &["Missing array element value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:2.1-1:3.2", "Invalid object property name | A JSON object property name must be a string | 1:2.1-1:3.2", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": }", &["Missing JSON value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:7.6-1:8.7"]),
    ("[,]", &["Invalid start of value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:2.1-1:3.2", "Trailing comma in array | JSON does not permit a trailing comma after the final value in an array. | 1:2.1-1:3.2", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("[]]", &["Extraneous data after value | Extra characters appear after the JSON value. | 1:3.2-1:4.3"]),
    ("{\"a\": NaN}", &["Invalid JSON keyword | The JavaScript identifier \"NaN\" cannot be used in JSON. | 1:7.6-1:10.9"]),
    ("{\"a\": undefined}", &["Invalid JSON keyword | The JavaScript identifier \"undefined\" cannot be used in JSON. | 1:7.6-1:16.15"]),
    ("{\"a\": Infinity}", &["Invalid JSON keyword | The JavaScript identifier \"Infinity\" cannot be used in JSON. | 1:7.6-1:15.14"]),
    ("{\"a\": True}", &["Invalid JSON keyword | \"True\" is not a valid JSON keyword. Did you mean \"true\"? | 1:7.6-1:11.10"]),
    ("{\"a\": nul}", &["Invalid JSON keyword | \"nul\" is not a valid JSON keyword. Did you mean \"null\"? | 1:7.6-1:10.9"]),
    ("{\"a\": yes}", &["Invalid JSON keyword | \"yes\" is not a valid JSON keyword. | 1:7.6-1:10.9"]),
    ("{\"a\": 01}", &["Invalid JSON number | There is a syntax error in the given JSON number. | 1:7.6-1:9.8"]),
    ("{\"a\": .5}", &["Invalid JSON number | There is a syntax error in the given JSON number. | 1:7.6-1:9.8"]),
    ("{\"a\": -}", &["Invalid JSON number | There is a syntax error in the given JSON number. | 1:7.6-1:8.7"]),
    ("{\"a\": 1.}", &["Invalid JSON number | There is a syntax error in the given JSON number. | 1:7.6-1:9.8"]),
    ("{\"a\": +1}", &["Invalid JSON number | There is a syntax error in the given JSON number. | 1:7.6-1:9.8"]),
    ("{\"a\": 1e}", &["Invalid JSON number | There is a syntax error in the given JSON number. | 1:7.6-1:9.8"]),
    ("{\"a\": \"\\u12g4\"}", &["Invalid JSON string | There is a syntax error in the given JSON string. | 1:13.12-1:14.13"]),
    ("{\"a\": \"ab\tc\"}", &["Invalid JSON string | There is a syntax error in the given JSON string. | 1:10.9-1:11.10", "Missing attribute seperator comma | A comma must appear between each property definition in an object. | 1:15.13-1:15.13", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": \"x\ny\"}", &["Invalid JSON string | There is a syntax error in the given JSON string. | 1:9.8-1:10.9", "Missing attribute seperator comma | A comma must appear between each property definition in an object. | 2:4.12-2:4.12", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\r\n  \"a\": [\r\n\t1,\r\n\t2 3]}", &["Missing attribute seperator comma | A comma must appear between each value in an array. | 4:7.23-4:8.24"]),
    ("{\"a\": e5}", &["Invalid JSON keyword | \"e\" is not a valid JSON keyword. | 1:7.6-1:8.7", "Missing attribute seperator comma | A comma must appear between each property definition in an object. | 1:10.9-1:10.9", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": _x}", &["Invalid start of value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:7.6-1:8.7", "Missing attribute seperator comma | A comma must appear between each property definition in an object. | 1:8.7-1:8.7", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": \"؀\\\"x\", \"b\": 1 2}", &["Invalid JSON string | There is a syntax error in the given JSON string. | 1:12.11-1:13.12", "Missing attribute seperator comma | A comma must appear between each property definition in an object. | 1:23.24-1:23.24", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"é́\": [1[}", &["Missing attribute seperator comma | A comma must appear between each value in an array. | 1:11.13-1:11.13", "Unclosed object | No closing brace was found for this JSON object. | 1:1.0-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": {\"b\": {\"c\": 1 \"d\": 2}}, \"e\": 3}", &["Missing attribute seperator comma | A comma must appear between each property definition in an object. | 1:28.27-1:29.28"]),
    ("{\"a\": [1, [2, 3}, 4]}", &["Mismatched brackets | A JSON array must be closed with a bracket, not a brace. | 1:21.20-1:22.21", "Mismatched brackets | A JSON array must be closed with a bracket, not a brace. | 1:22.21-1:22.21", "Unclosed object | No closing brace was found for this JSON object. | 1:1.0-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": 1} x", &["Extraneous data after value | Extra characters appear after the JSON value. | 1:10.9-1:11.10"]),
    ("[{\"a\": 1}] ]", &["Extraneous data after value | Extra characters appear after the JSON value. | 1:12.11-1:13.12"]),
    ("// comment\n{}", &["Invalid start of value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:1.0-1:2.1", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{\"a\": 1 /* c */}", &["Missing attribute seperator comma | A comma must appear between each property definition in an object. | 1:10.9-1:10.9", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
    ("{'a': 1}", &["Invalid start of value | A JSON value must start with a brace, a bracket, a number, a string, or a keyword. | 1:2.1-1:3.2", "Invalid object property name | A JSON object property name must be a string | 1:2.1-1:3.2", "Root value must be object | The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. | 1:1.0-1:2.1"]),
];

#[test]
fn diagnostics_match_the_reference() {
    let mut failures = Vec::new();
    for (src, expected) in CASES {
        let (file, diags) = parse(src.as_bytes(), "/tmp/js/g.json").into_parts();
        let got: Vec<String> = diags
            .iter()
            .map(|d| format!("{} | {} | {}", d.summary, d.detail, d.subject.as_ref().map(r).unwrap_or_default()))
            .collect();
        if got != *expected {
            failures.push(format!("{src:?}\n  expected {expected:#?}\n  got      {got:#?}"));
        }
        // With errors, the root is still an object or an array.
        assert!(matches!(file.root().kind(), Kind::Object | Kind::Array), "{src:?}");
    }
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn string_errors_have_the_token_as_context() {
    let diags = parse(br#"{"a": "x\qy"}"#.as_slice(), "f.json").into_diagnostics();
    let d = &diags[0];
    assert_eq!(r(d.context.as_ref().unwrap()), "1:7.6-1:13.12");
}

#[test]
fn values_keys_and_positions() {
    let src = "{\n  \"name\": \"w\\u00e9b\",\n  \"n\": [1, -2.5e3, 123456789012345678901234567890],\n  \"b\": true, \"z\": null,\n  \"name\": {}\n}\n";
    let (file, diags) = parse(src.as_bytes(), "x.json").into_parts();
    assert!(diags.is_empty(), "{diags}");
    let root = file.root();
    assert_eq!(root.kind(), Kind::Object);
    assert_eq!(r(&root.range()), "1:1.0-6:2.114");
    let props: Vec<_> = root.properties().collect();
    // Duplicates are kept, in order.
    let names: Vec<_> = props.iter().map(|p| p.name().into_owned()).collect();
    assert_eq!(names, ["name", "n", "b", "z", "name"]);
    assert_eq!(props[0].value.as_str().unwrap(), "wéb");
    assert_eq!(r(&file.tree().range(props[0].name_span())), "2:3.4-2:9.10");
    assert_eq!(r(&props[0].value.range()), "2:11.12-2:21.22");
    let nums: Vec<String> = props[1].value.elements().map(|e| e.as_number().unwrap().to_string()).collect();
    assert_eq!(nums, ["1", "-2500", "123456789012345678901234567890"]);
    assert_eq!(props[2].value.as_bool(), Some(true));
    assert!(props[3].value.is_null());
    assert_eq!(props[4].value.kind(), Kind::Object);
    assert_eq!(props[4].value.properties().count(), 0);
    assert_eq!(r(&file.tree().range(props[4].value.start_span())), "5:11.110-5:12.111");
}

#[test]
fn tabs_count_two_columns_and_cr_none() {
    // Recorded from hcldec v2.14.1: "tru" is at 1:9 after a tab.
    let diags = parse("{\t\"a\": tru}".as_bytes(), "f.json").into_diagnostics();
    assert_eq!(r(diags[0].subject.as_ref().unwrap()), "1:9.7-1:12.10");
    let file = parse("{\"a\":\r1}".as_bytes(), "f.json").into_value();
    let v = file.root().properties().next().unwrap().value;
    assert_eq!(r(&v.range()), "1:6.6-1:7.7");
}

#[test]
fn expressions_allow_any_root() {
    for (src, kind) in [("\"s\"", Kind::String), ("1", Kind::Number), ("null", Kind::Null), ("false", Kind::Bool)] {
        let (e, diags) = parse_expression(src.as_bytes(), "e.json").into_parts();
        assert!(diags.is_empty(), "{src}");
        assert_eq!(e.root().kind(), kind);
    }
    let diags = parse_expression(b"1 2".as_slice(), "e.json").into_diagnostics();
    assert_eq!(diags[0].summary, "Extraneous data after value");
}

#[test]
fn deep_nesting_is_reported_not_overflowed() {
    for open in ["[", "{\"a\":"] {
        let src = open.repeat(100_000);
        let diags = parse(src.as_bytes(), "deep.json").into_diagnostics();
        assert!(diags.iter().any(|d| d.summary == "Nesting too deep"), "{open}");
    }
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH as usize), "]".repeat(MAX_DEPTH as usize));
    let diags = parse(ok.as_bytes(), "ok.json").into_diagnostics();
    assert!(diags.is_empty());
    let bad = format!("[{}1{}, 2]", "[".repeat(MAX_DEPTH as usize), "]".repeat(MAX_DEPTH as usize));
    let (file, diags) = parse(bad.as_bytes(), "bad.json").into_parts();
    assert_eq!(diags.len(), 1);
    assert_eq!(
        r(diags[0].subject.as_ref().unwrap()),
        format!("1:{0}.{1}-1:{2}.{0}", MAX_DEPTH + 1, MAX_DEPTH, MAX_DEPTH + 2)
    );
    // The too-deep value is skipped whole; its siblings are kept.
    let elems: Vec<_> = file.root().elements().collect();
    assert_eq!(elems.len(), 2);
    assert_eq!(elems[1].number_text(), Some("2"));
    let inner: Vec<_> = elems[0].elements().map(|e| e.kind()).collect();
    assert_eq!(inner.len(), 1);
}

#[test]
fn context_string_names_the_path() {
    let src = br#"{"a": {"b": [1, {"c": 2}]}}"#;
    let file = parse(src.as_slice(), "f.json").into_value();
    let at = src.iter().position(|&b| b == b'2').unwrap();
    assert_eq!(file.context_string(at).as_deref(), Some("a.b[1]"));
    assert_eq!(file.context_string(0), None);
}
