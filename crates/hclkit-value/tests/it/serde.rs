//! `hclkit_value::serde`: values as a serde `Deserializer`, `Serialize` and `Deserialize`.

use std::collections::BTreeMap;

use hclkit_value::serde::{from_value, to_value};
use hclkit_value::{Number, Path, Type, Value};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct S {
    name: String,
    port: u16,
    tags: Vec<String>,
    mode: Mode,
    opt: Option<i8>,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
enum Mode {
    Fast,
    Slow(u8),
    Custom { level: u32 },
}

#[test]
fn structs_and_enums_round_trip() {
    let s = S { name: "web".into(), port: 80, tags: vec!["a".into()], mode: Mode::Custom { level: 3 }, opt: None };
    let v = to_value(&s).unwrap();
    assert_eq!(
        v,
        Value::object([
            ("name", Value::string("web")),
            ("port", Value::number(80)),
            ("tags", Value::tuple(vec![Value::string("a")])),
            ("mode", Value::object([("Custom", Value::object([("level", Value::number(3))]))])),
            ("opt", Value::null(Type::Dynamic)),
        ])
    );
    assert_eq!(from_value::<S>(v).unwrap(), s);
    assert_eq!(from_value::<Mode>(Value::string("Fast")).unwrap(), Mode::Fast);
    assert_eq!(from_value::<Mode>(Value::object([("Slow", Value::string("7"))])).unwrap(), Mode::Slow(7));
}

#[test]
fn conversions_follow_the_value_model() {
    assert!(!from_value::<bool>(Value::string("false")).unwrap());
    assert_eq!(from_value::<String>(Value::bool(true)).unwrap(), "true");
    assert_eq!(from_value::<f64>(Value::string("2.5")).unwrap(), 2.5);
    assert_eq!(from_value::<char>(Value::string("x")).unwrap(), 'x');
    assert_eq!(
        from_value::<u128>(Value::number(Number::parse("340282366920938463463374607431768211455").unwrap())).unwrap(),
        u128::MAX
    );
    let set = Value::set(vec![Value::number(2), Value::number(1)]).unwrap();
    assert_eq!(from_value::<Vec<u8>>(set).unwrap(), [1, 2]);
    let m = Value::map([("b", Value::number(2)), ("a", Value::number(1))]).unwrap();
    assert_eq!(from_value::<BTreeMap<String, u8>>(m).unwrap(), BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
}

#[test]
fn errors_say_what_and_where() {
    let e = from_value::<S>(Value::object([("name", Value::string("x"))])).unwrap_err();
    assert_eq!(e.to_string(), "missing field `port`");
    let e = from_value::<Vec<bool>>(Value::tuple(vec![Value::bool(true), Value::number(1)])).unwrap_err();
    assert_eq!((e.path(), e.message()), (&Path::root().index(Value::number(1)), "bool required"));
    let e = from_value::<u8>(Value::unknown(Type::Number)).unwrap_err();
    assert_eq!(e.message(), "value must be known");
    let e = from_value::<String>(Value::null(Type::String)).unwrap_err();
    assert_eq!(e.message(), "null value is not allowed");
    let e = from_value::<i16>(Value::number(Number::parse("0.5").unwrap())).unwrap_err();
    assert_eq!(e.message(), "value must be a whole number, between -32768 and 32767");
    let e = from_value::<Mode>(Value::number(1)).unwrap_err();
    assert_eq!(e.message(), "a string or an object with a single attribute is required");
    assert!(to_value(&f64::INFINITY).is_ok());
    assert!(to_value(&f32::NAN).is_err());
}

#[test]
fn values_pass_through_whole() {
    // Through hclkit-value's own serializer and deserializer a value keeps everything.
    let v = Value::object([
        ("u", Value::unknown(Type::list(Type::String))),
        ("n", Value::null(Type::Number)),
        ("x", Value::number(Number::parse("0.1").unwrap())),
        ("s", Value::set(vec![Value::string("a")]).unwrap()),
    ]);
    assert_eq!(to_value(&v).unwrap(), v);
    assert_eq!(from_value::<Value>(v.clone()).unwrap(), v);
    #[derive(Deserialize, Serialize)]
    struct W {
        inner: Value,
    }
    let w: W = from_value(Value::object([("inner", v.clone())])).unwrap();
    assert_eq!(w.inner, v);
    assert_eq!(to_value(&w).unwrap(), Value::object([("inner", v)]));
    // Other formats see the plain form.
    let j = serde_json::to_string(&Value::tuple(vec![
        Value::number(Number::parse("0.5").unwrap()),
        Value::null(Type::String),
    ]))
    .unwrap();
    assert_eq!(j, "[0.5,null]");
    assert!(serde_json::to_string(&Value::unknown(Type::String)).is_err());
    let big: Value = serde_json::from_str("123456789012345678901234567890").unwrap();
    assert_eq!(big, Value::number(Number::parse("123456789012345678901234567890").unwrap()));
}
