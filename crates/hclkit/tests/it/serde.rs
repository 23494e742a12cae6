//! The serde mapping (`hclkit::from_str`, `Decoder`, `to_string`), rule by rule, in both
//! syntaxes, with the error of each rule (text and range).

use std::collections::{BTreeMap, HashMap};

use hclkit::{Decoder, Spanned};
use hclkit_value::{Type, Value};
use serde::{Deserialize, Serialize};

/// Decodes the native source and the JSON source, expecting the same value from both.
fn both<T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(native: &str, json: &str) -> T {
    let a: T = Decoder::new().from_source(native.as_bytes(), "in.hcl").unwrap_or_else(|e| panic!("native: {e}"));
    let b: T = Decoder::new().from_source(json.as_bytes(), "in.json").unwrap_or_else(|e| panic!("json: {e}"));
    assert_eq!(a, b);
    a
}

/// A diagnostic as one `range: summary; detail` line (the full range, and the detail).
pub(crate) fn line(d: &hclkit::Diagnostic) -> String {
    let range = d.subject.as_ref().map_or("<nil>".to_string(), |r| r.to_string());
    format!("{range}: {}; {}", d.summary, d.detail)
}

/// The diagnostics of a failed decoding, as `range: summary; detail` lines.
pub(crate) fn errors<T: serde::de::DeserializeOwned + std::fmt::Debug>(src: &str, filename: &str) -> Vec<String> {
    let err = Decoder::new().from_source::<T>(src.as_bytes(), filename).unwrap_err();
    err.diagnostics().iter().map(line).collect()
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Attrs {
    name: String,
    #[serde(rename = "listen-port")]
    port: u16,
    ratio: f64,
    enabled: bool,
    tags: Vec<String>,
    env: BTreeMap<String, String>,
    note: Option<String>,
}

#[test]
fn fields_are_attributes() {
    let a: Attrs = both(
        "name = \"web\"\nlisten-port = 8080\nratio = 0.5\nenabled = true\ntags = [\"a\", \"b\"]\nenv = { A = \"1\" }\n",
        r#"{"name": "web", "listen-port": 8080, "ratio": 0.5, "enabled": true, "tags": ["a", "b"], "env": {"A": "1"}}"#,
    );
    assert_eq!(a.name, "web");
    assert_eq!(a.port, 8080);
    assert_eq!(a.ratio, 0.5);
    assert!(a.enabled);
    assert_eq!(a.tags, ["a", "b"]);
    assert_eq!(a.env["A"], "1");
    assert_eq!(a.note, None);
}

#[test]
fn values_convert_by_the_value_model() {
    // Strings to numbers and bools, numbers and bools to strings, as the reference converts.
    let a: Attrs = both(
        "name = 42\nlisten-port = \"8080\"\nratio = \"1.25\"\nenabled = \"true\"\ntags = [1, true]\nenv = { A = 1 }\nnote = null\n",
        r#"{"name": 42, "listen-port": "8080", "ratio": "1.25", "enabled": "true", "tags": [1, true], "env": {"A": 1}, "note": null}"#,
    );
    assert_eq!((a.name.as_str(), a.port, a.ratio, a.enabled), ("42", 8080, 1.25, true));
    assert_eq!(a.tags, ["1", "true"]);
    assert_eq!(a.env["A"], "1");
}

#[derive(Deserialize, Debug, PartialEq)]
struct Port {
    port: u16,
}

#[test]
fn conversion_errors_are_at_the_expression() {
    let base = "in.hcl:1,8-";
    assert_eq!(
        errors::<Port>("port = 70000\n", "in.hcl"),
        [format!("{base}13: Incorrect attribute value type; Inappropriate value for attribute \"port\": value must be a whole number, between 0 and 65535 inclusive.")]
    );
    assert_eq!(
        errors::<Port>("port = 1.5\n", "in.hcl"),
        [format!("{base}11: Incorrect attribute value type; Inappropriate value for attribute \"port\": value must be a whole number, between 0 and 65535 inclusive.")]
    );
    assert_eq!(
        errors::<Port>("port = \"http\"\n", "in.hcl"),
        [format!("{base}14: Incorrect attribute value type; Inappropriate value for attribute \"port\": a number is required.")]
    );
    assert_eq!(
        errors::<Port>("port = true\n", "in.hcl"),
        [format!(
            "{base}12: Incorrect attribute value type; Inappropriate value for attribute \"port\": number required."
        )]
    );
    assert_eq!(
        errors::<Port>(r#"{"port": "x"}"#, "in.json"),
        ["in.json:1,10-13: Incorrect attribute value type; Inappropriate value for attribute \"port\": a number is required."]
    );
}

#[test]
fn unknown_values_are_errors_at_the_expression() {
    let err = Decoder::new().variable("p", Value::unknown(Type::Number)).from_str::<Port>("port = p\n").unwrap_err();
    assert_eq!(
        err.diagnostics().iter().map(line).collect::<Vec<_>>(),
        ["<input>:1,8-9: Incorrect attribute value type; Inappropriate value for attribute \"port\": value must be known."]
    );
}

#[derive(Deserialize, Debug, PartialEq)]
struct Ports {
    ports: Vec<u16>,
    limits: BTreeMap<String, u8>,
}

#[test]
fn errors_inside_values_point_at_the_element() {
    assert_eq!(
        errors::<Ports>("ports = [80, \"x\", 443]\nlimits = { a = 1, b = 300 }\n", "in.hcl"),
        [
            "in.hcl:1,14-17: Incorrect attribute value type; Inappropriate value for attribute \"ports\": a number is required.",
            "in.hcl:2,23-26: Incorrect attribute value type; Inappropriate value for attribute \"limits\": value must be a whole number, between 0 and 255 inclusive.",
        ]
    );
    assert_eq!(
        errors::<Ports>(r#"{"ports": [80, "x"], "limits": {}}"#, "in.json"),
        ["in.json:1,16-19: Incorrect attribute value type; Inappropriate value for attribute \"ports\": a number is required."]
    );
}

#[test]
fn unknown_attributes_and_blocks_are_errors_with_suggestions() {
    assert_eq!(
        errors::<Port>("prot = 80\nport = 1\nportt {}\n", "in.hcl"),
        [
            "in.hcl:1,1-5: Unsupported argument; An argument named \"prot\" is not expected here.",
            "in.hcl:3,1-6: Unsupported block type; Blocks of type \"portt\" are not expected here.",
        ]
    );
    assert_eq!(
        errors::<Port>("prot = 80\n", "in.hcl"),
        [
            "in.hcl:1,1-1: Missing required argument; The argument \"port\" is required, but no definition was found.",
            "in.hcl:1,1-5: Unsupported argument; An argument named \"prot\" is not expected here. Did you mean \"port\"?",
        ]
    );
    assert_eq!(
        errors::<Port>(r#"{"port": 1, "prt": 2}"#, "in.json"),
        ["in.json:1,13-18: Extraneous JSON object property; No argument or block type is named \"prt\"."]
    );
    // Opting out: the decoder ignores what the type does not name.
    let p: Port = Decoder::new().allow_unknown(true).from_str("prot = 80\nport = 1\nx {}\n").unwrap();
    assert_eq!(p.port, 1);
}

#[derive(Deserialize, Debug, PartialEq)]
struct WithRest {
    port: u16,
    #[serde(flatten)]
    rest: HashMap<String, Value>,
}

#[test]
fn flatten_collects_the_other_attributes() {
    let w: WithRest = both("port = 1\nextra = \"x\"\n", r#"{"port": 1, "extra": "x"}"#);
    assert_eq!(w.port, 1);
    assert_eq!(w.rest["extra"], Value::string("x"));
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Blocks {
    one: Inner,
    maybe: Option<Inner>,
    many: Vec<Inner>,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Inner {
    x: i32,
}

#[test]
fn struct_fields_are_blocks() {
    let b: Blocks = both("one {\n  x = 1\n}\n", r#"{"one": {"x": 1}}"#);
    assert_eq!(b, Blocks { one: Inner { x: 1 }, maybe: None, many: vec![] });
    // Vec takes one block as a sequence of one, and several in source order.
    let b: Blocks = both(
        "many {\n  x = 1\n}\none {\n  x = 0\n}\nmaybe {\n  x = 9\n}\n",
        r#"{"many": {"x": 1}, "one": {"x": 0}, "maybe": {"x": 9}}"#,
    );
    assert_eq!(b.many, [Inner { x: 1 }]);
    assert_eq!(b.maybe, Some(Inner { x: 9 }));
    let b: Blocks = both(
        "many {\n  x = 1\n}\none {\n  x = 0\n}\nmany {\n  x = 2\n}\nmany {\n  x = 3\n}\n",
        r#"{"many": [{"x": 1}, {"x": 2}, {"x": 3}], "one": {"x": 0}}"#,
    );
    assert_eq!(b.many, [Inner { x: 1 }, Inner { x: 2 }, Inner { x: 3 }]);
}

#[test]
fn block_count_errors() {
    assert_eq!(
        errors::<Blocks>("maybe {\n  x = 1\n}\nmaybe {\n  x = 2\n}\n", "in.hcl"),
        [
            // A file body's missing items are reported at its start, as the reference does.
            "in.hcl:1,1-1: Missing one block; A one block is required.",
            "in.hcl:4,1-6: Duplicate maybe block; Only one maybe block is allowed. Another was defined at in.hcl:1,1-6.",
        ]
    );
    assert_eq!(
        errors::<Blocks>(r#"{"many": []}"#, "in.json"),
        ["in.json:1,12-13: Missing one block; A one block is required."]
    );
    assert_eq!(
        errors::<Blocks>(r#"{"one": [{"x": 1}, {"x": 2}]}"#, "in.json"),
        ["in.json:1,9-10: Duplicate one block; Only one one block is allowed. Another was defined at in.json:1,9-10."]
    );
    // An attribute where a block is expected.
    assert_eq!(
        errors::<Blocks>("one = { x = 1 }\n", "in.hcl"),
        [
            "in.hcl:1,1-1: Missing one block; A one block is required.",
            "in.hcl:1,1-4: Unsupported argument; An argument named \"one\" is not expected here. Did you mean to define a block of type \"one\"?",
        ]
    );
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Resources {
    resource: Vec<Resource>,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Resource {
    #[serde(rename = "@type")]
    kind: String,
    #[serde(rename = "@name")]
    name: String,
    count: Option<u32>,
}

#[test]
fn labels_go_into_at_fields() {
    let r: Resources = both(
        "resource \"disk\" \"a\" {\n  count = 2\n}\nresource \"nic\" \"b\" {}\n",
        r#"{"resource": {"disk": {"a": {"count": 2}}, "nic": {"b": {}}}}"#,
    );
    assert_eq!(
        r.resource,
        [
            Resource { kind: "disk".into(), name: "a".into(), count: Some(2) },
            Resource { kind: "nic".into(), name: "b".into(), count: None },
        ]
    );
    assert_eq!(
        errors::<Resources>("resource \"disk\" {}\nresource \"a\" \"b\" \"c\" {}\n", "in.hcl"),
        [
            "in.hcl:1,17-18: Missing name for resource; All resource blocks must have 2 labels (type, name).",
            "in.hcl:2,18-21: Extraneous label for resource; Only 2 labels (type, name) are expected for resource blocks.",
        ]
    );
    assert_eq!(
        errors::<Resources>(r#"{"resource": {"disk": {}}}"#, "in.json"),
        ["in.json:1,23-24: Missing block label; At least one object property is required, whose name represents the resource block's name."]
    );
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Keyed {
    service: BTreeMap<String, Svc>,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Svc {
    port: u16,
}

#[test]
fn maps_of_blocks_are_keyed_by_the_first_label() {
    let k: Keyed = both(
        "service \"web\" {\n  port = 80\n}\nservice \"db\" {\n  port = 5432\n}\n",
        r#"{"service": {"web": {"port": 80}, "db": {"port": 5432}}}"#,
    );
    assert_eq!(k.service["web"].port, 80);
    assert_eq!(k.service["db"].port, 5432);
    assert_eq!(
        errors::<Keyed>("service \"web\" {\n  port = 80\n}\nservice \"web\" {\n  port = 81\n}\n", "in.hcl"),
        ["in.hcl:4,1-14: Duplicate service block; Only one service block labelled \"web\" is allowed. Another was defined at in.hcl:1,1-14."]
    );
    assert_eq!(
        errors::<Keyed>(r#"{"service": {"web": {"port": 80}, "web": {"port": 81}}}"#, "in.json"),
        // A JSON block's header range is its object's opening brace, as the reference has it.
        ["in.json:1,42-43: Duplicate service block; Only one service block labelled \"web\" is allowed. Another was defined at in.json:1,21-22."]
    );
}

#[test]
fn missing_fields_are_errors_at_the_block() {
    assert_eq!(
        errors::<Keyed>("service \"web\" {\n}\n", "in.hcl"),
        // A block's missing items are reported at its opening brace's end, as the reference does.
        ["in.hcl:1,15-15: Missing required argument; The argument \"port\" is required, but no definition was found."]
    );
    assert_eq!(
        errors::<Keyed>(r#"{"service": {"web": {}}}"#, "in.json"),
        ["in.json:1,22-23: Missing required argument; The argument \"port\" is required, but no definition was found."]
    );
}

#[test]
fn every_error_is_reported_not_only_the_first() {
    let errs = errors::<Resources>(
        "resource \"a\" \"b\" {\n  count = -1\n}\nresource \"c\" \"d\" {\n  cont = 1\n}\nresource \"e\" \"f\" {\n  count = nope\n}\n",
        "in.hcl",
    );
    assert_eq!(
        errs,
        [
            "in.hcl:2,11-13: Incorrect attribute value type; Inappropriate value for attribute \"count\": value must be a whole number, between 0 and 4294967295 inclusive.",
            "in.hcl:5,3-7: Unsupported argument; An argument named \"cont\" is not expected here. Did you mean \"count\"?",
            "in.hcl:8,11-15: Variables not allowed; Variables may not be used here.",
        ]
    );
    let errs = errors::<Resources>(
        r#"{"resource": {"a": {"b": {"count": -1}}, "c": {"d": {"cont": 1}}, "e": {"f": {"count": "x"}}}}"#,
        "in.json",
    );
    assert_eq!(
        errs,
        [
            "in.json:1,36-38: Incorrect attribute value type; Inappropriate value for attribute \"count\": value must be a whole number, between 0 and 4294967295 inclusive.",
            "in.json:1,54-60: Extraneous JSON object property; No argument or block type is named \"cont\". Did you mean \"count\"?",
            "in.json:1,88-91: Incorrect attribute value type; Inappropriate value for attribute \"count\": a number is required.",
        ]
    );
}

#[derive(Deserialize, Debug, PartialEq)]
struct Located {
    port: Spanned<u16>,
    hosts: Vec<Spanned<String>>,
    svc: Spanned<Named>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Named {
    #[serde(rename = "@name")]
    name: Spanned<String>,
}

#[test]
fn spanned_fields_know_their_ranges() {
    let l: Located = Decoder::new()
        .from_source(b"port = 8080\nhosts = [\"a\", \"b\"]\nsvc \"x\" {}\n".as_slice(), "in.hcl")
        .unwrap();
    assert_eq!(*l.port, 8080);
    assert_eq!(l.port.range().to_string(), "in.hcl:1,8-12");
    assert_eq!(l.hosts[1].range().to_string(), "in.hcl:2,15-18");
    assert_eq!(l.svc.range().to_string(), "in.hcl:3,1-8");
    assert_eq!(l.svc.name.range().to_string(), "in.hcl:3,5-8");
    let l: Located = Decoder::new()
        .from_source(br#"{"port": 8080, "hosts": ["a"], "svc": {"x": {}}}"#.as_slice(), "in.json")
        .unwrap();
    assert_eq!(l.port.range().to_string(), "in.json:1,10-14");
    assert_eq!(l.svc.name.range().to_string(), "in.json:1,40-43");
}

#[derive(Deserialize, Debug, PartialEq)]
struct Dynamic {
    any: Value,
    list: Vec<Value>,
}

#[test]
fn value_fields_take_the_value_whole() {
    let d: Dynamic =
        Decoder::new().variable("v", Value::unknown(Type::String)).from_str("any = 0.1\nlist = [v, null]\n").unwrap();
    assert_eq!(d.any, Value::number(hclkit_value::Number::parse("0.1").unwrap()));
    assert_eq!(d.list, [Value::unknown(Type::String), Value::null(Type::Dynamic)]);
}

#[test]
fn variables_and_functions() {
    #[derive(Deserialize)]
    struct C {
        greeting: String,
        n: u32,
    }
    let double = hclkit_value::function::Function::builder()
        .param(hclkit_value::function::Parameter::new("n", Type::Number))
        .static_return_type(Type::Number)
        .implementation(|args, _| Ok(Value::number(args[0].as_number().unwrap().to_i64().unwrap() * 2)))
        .build();
    let c: C = Decoder::new()
        .variable("name", Value::string("world"))
        .functions(hclkit_value::stdlib::all())
        .function("double", double)
        .from_str("greeting = upper(\"hi ${name}\")\nn = double(21)\n")
        .unwrap();
    assert_eq!((c.greeting.as_str(), c.n), ("HI WORLD", 42));
    // Without a context, a variable is the reference's "Variables not allowed".
    assert_eq!(
        errors::<Port>("port = p\n", "in.hcl"),
        ["in.hcl:1,8-9: Variables not allowed; Variables may not be used here."]
    );
}

#[test]
fn from_body_reads_merged_and_partial_bodies() {
    use hclkit::body::BodySchema;
    let mut files = hclkit::Files::new();
    let (a, _) = files.parse(b"one {\n  x = 1\n}\n".to_vec(), "a.hcl");
    let (b, _) = files.parse(br#"{"many": [{"x": 2}], "version": 3}"#.to_vec(), "b.json");
    let merged = hclkit::merged::merge_bodies(vec![a, b]);
    let (_, rest, _) = merged.partial_content(&BodySchema::new().attribute("version", true));
    let blocks: Blocks = Decoder::new().from_body(&*rest).unwrap();
    assert_eq!(blocks, Blocks { one: Inner { x: 1 }, maybe: None, many: vec![Inner { x: 2 }] });
}

#[test]
fn error_display_names_file_line_column_and_shows_the_line() {
    let err = Decoder::new().from_source::<Port>(b"port = \"http\"\n".as_slice(), "main.hcl").unwrap_err();
    assert_eq!(
        err.to_string(),
        "error: Incorrect attribute value type\n --> main.hcl:1:8\n  |\n1 | port = \"http\"\n  | -------^^^^^^\n  |\n  \
         = note: Inappropriate value for attribute \"port\": a number is required.\n"
    );
    // The reference's layout is there too.
    assert!(err.to_text(0, false).starts_with("Error: Incorrect attribute value type\n\n  on main.hcl line 1:\n"));
}

#[test]
fn parse_errors_stop_decoding() {
    assert_eq!(errors::<Port>("port = [\n", "in.hcl").len(), 1,);
}

#[test]
fn encoding_mirrors_decoding() {
    let r = Resources {
        resource: vec![
            Resource { kind: "disk".into(), name: "a".into(), count: Some(2) },
            Resource { kind: "nic".into(), name: "b b".into(), count: None },
        ],
    };
    let text = hclkit::to_string(&r).unwrap();
    assert_eq!(text, "resource \"disk\" \"a\" {\n  count = 2\n}\nresource \"nic\" \"b b\" {}\n");
    assert_eq!(hclkit::from_str::<Resources>(&text).unwrap(), r);

    let k = Keyed { service: [("web".to_string(), Svc { port: 80 })].into() };
    let text = hclkit::to_string(&k).unwrap();
    assert_eq!(text, "service \"web\" {\n  port = 80\n}\n");
    assert_eq!(hclkit::from_str::<Keyed>(&text).unwrap(), k);

    // Empty sequences of blocks are written as empty lists, which read back as no blocks.
    let b = Blocks { one: Inner { x: 1 }, maybe: None, many: vec![] };
    let text = hclkit::to_string(&b).unwrap();
    assert_eq!(text, "one {\n  x = 1\n}\nmany = []\n");
    assert_eq!(hclkit::from_str::<Blocks>(&text).unwrap(), b);

    // Also inside an Option: `Some(vec![])` is written `[]` and reads back as such.
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct OptMany {
        many: Option<Vec<Inner>>,
        keyed: Option<BTreeMap<String, Inner>>,
    }
    for v in [
        OptMany { many: Some(vec![]), keyed: Some(BTreeMap::new()) },
        OptMany { many: None, keyed: None },
        OptMany { many: Some(vec![Inner { x: 1 }]), keyed: Some([("k".to_string(), Inner { x: 2 })].into()) },
    ] {
        let text = hclkit::to_string(&v).unwrap();
        assert_eq!(hclkit::from_str::<OptMany>(&text).unwrap(), v, "{text}");
    }
    // An attribute that is not empty is still no block.
    assert_eq!(
        errors::<OptMany>("many = [1]\n", "in.hcl"),
        ["in.hcl:1,1-5: Unsupported argument; An argument named \"many\" is not expected here. Did you mean to define a block of type \"many\"?"]
    );

    let a = Attrs {
        name: "a \"q\" ${x} %{y}\n".into(),
        port: 1,
        ratio: 0.1,
        enabled: false,
        tags: vec![],
        env: [("a b".to_string(), "1".to_string()), ("for".to_string(), "2".to_string())].into(),
        note: None,
    };
    let text = hclkit::to_string(&a).unwrap();
    assert_eq!(
        text,
        "name        = \"a \\\"q\\\" $${x} %%{y}\\n\"\nlisten-port = 1\nratio       = 0.1\nenabled     = false\ntags        = []\nenv = {\n  \"a b\" = \"1\"\n  \"for\" = \"2\"\n}\n"
    );
    assert_eq!(hclkit::from_str::<Attrs>(&text).unwrap(), a);
}

#[test]
fn encoding_errors() {
    #[derive(Serialize)]
    struct Bad {
        #[serde(rename = "a b")]
        x: u8,
    }
    assert_eq!(
        hclkit::to_string(&Bad { x: 1 }).unwrap_err().diagnostics().iter().next().unwrap().detail,
        "\"a b\" cannot be written as a attribute name: it is not an identifier."
    );
    #[derive(Serialize)]
    struct F {
        f: f64,
    }
    assert!(hclkit::to_string(&F { f: f64::NAN }).is_err());
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
enum Mode {
    Fast,
    Slow { factor: u8 },
}

#[test]
fn enums_are_attribute_values() {
    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct M {
        a: Mode,
        b: Mode,
    }
    let m: M = both("a = \"Fast\"\nb = { Slow = { factor = 2 } }\n", r#"{"a": "Fast", "b": {"Slow": {"factor": 2}}}"#);
    assert_eq!(m, M { a: Mode::Fast, b: Mode::Slow { factor: 2 } });
    let text = hclkit::to_string(&m).unwrap();
    assert_eq!(hclkit::from_str::<M>(&text).unwrap(), m);
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Node {
    v: Option<u8>,
    node: Option<Box<Node>>,
}

/// Blocks of a recursive type nested as deep as the parser allows decode on a 2 MiB stack
/// (the size of a test thread) in an unoptimised build.
#[test]
fn deep_recursive_blocks_decode_on_a_small_stack() {
    let depth = 190;
    let src = format!("{}v = 1\n{}", "node {\n".repeat(depth), "}\n".repeat(depth));
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let n: Node = hclkit::from_str(&src).unwrap();
            let mut d = 0;
            let mut cur = &n;
            while let Some(next) = &cur.node {
                d += 1;
                cur = next;
            }
            assert_eq!((d, cur.v), (depth, Some(1)));
            let text = hclkit::to_string(&n).unwrap();
            assert_eq!(hclkit::from_str::<Node>(&text).unwrap(), n);
        })
        .unwrap();
    handle.join().unwrap();
}
