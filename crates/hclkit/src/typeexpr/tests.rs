//! Unit tests. The cases and expected results of `get_type`, `get_type_defaults`,
//! `type_strings` and the `apply_*` tests are the reference's own (hcl v2.14.1's
//! ext/typeexpr/get_type_test.go, defaults_test.go and type_string_test.go), ported; the
//! ranges are the reference's subjects for those sources.

use hclkit_value::{Type, Value};

use super::get_type::INVALID;
use super::*;
use crate::syntax::native::NativeExpression;

fn parse(src: &str) -> NativeExpression {
    let (e, diags) = crate::parse_expression(src.as_bytes(), "t.hcl").into_parts();
    assert!(diags.is_empty(), "{src}: {diags}");
    NativeExpression::from_expr_file(&e)
}

fn ok(src: &str) -> Type {
    let (ty, diags) = type_constraint(&parse(src));
    assert!(diags.is_empty(), "{src}: {diags}");
    ty
}

/// (summary is always "Invalid type specification") detail and subject bytes.
fn err(src: &str, exact: bool) -> (String, (u32, u32)) {
    let e = parse(src);
    let (ty, diags) = if exact { exact_type(&e) } else { type_constraint(&e) };
    assert_eq!(ty, Type::Dynamic, "{src}");
    let d = &diags[0];
    assert_eq!(d.summary, INVALID);
    let s = d.subject.clone().unwrap();
    (d.detail.to_string(), (s.start.byte, s.end.byte))
}

fn obj(attrs: &[(&str, Type)], optional: &[&str]) -> Type {
    Type::object_with_optional(attrs.iter().cloned(), optional.iter().copied())
}

fn object(attrs: &[(&str, Value)]) -> Value {
    Value::object(attrs.iter().cloned())
}

fn map(attrs: &[(&str, Value)]) -> Value {
    Value::map(attrs.iter().cloned()).unwrap()
}

#[test]
fn keywords_and_constructors() {
    assert_eq!(ok("string"), Type::String);
    assert_eq!(ok("number"), Type::Number);
    assert_eq!(ok("bool"), Type::Bool);
    assert_eq!(ok("any"), Type::Dynamic);
    assert_eq!(ok("list(string)"), Type::list(Type::String));
    assert_eq!(ok("set(number)"), Type::set(Type::Number));
    assert_eq!(ok("map(list(bool))"), Type::map(Type::list(Type::Bool)));
    assert_eq!(ok("tuple([string, any])"), Type::tuple([Type::String, Type::Dynamic]));
    assert_eq!(ok("tuple([])"), Type::empty_tuple());
    assert_eq!(ok("object({})"), Type::empty_object());
    assert_eq!(
        ok("object({a = string, b = optional(number)})"),
        obj(&[("a", Type::String), ("b", Type::Number)], &["b"])
    );
}

/// The reference's TestGetType: (source, constraint, want type, wanted error detail).
#[test]
fn get_type() {
    let d = Type::Dynamic;
    let cases: Vec<(&str, bool, Type, &str)> = vec![
        ("bool", false, Type::Bool, ""),
        ("number", false, Type::Number, ""),
        ("string", false, Type::String, ""),
        ("any", false, d.clone(), "The keyword \"any\" cannot be used in this type specification: an exact type is required."),
        ("any", true, d.clone(), ""),
        ("list", false, d.clone(), "The list type constructor requires one argument specifying the element type."),
        ("map", false, d.clone(), "The map type constructor requires one argument specifying the element type."),
        ("set", false, d.clone(), "The set type constructor requires one argument specifying the element type."),
        ("object", false, d.clone(), "The object type constructor requires one argument specifying the attribute types and values as a map."),
        ("tuple", false, d.clone(), "The tuple type constructor requires one argument specifying the element types as a list."),
        ("bool()", false, d.clone(), "Primitive type keyword \"bool\" does not expect arguments."),
        ("number()", false, d.clone(), "Primitive type keyword \"number\" does not expect arguments."),
        ("string()", false, d.clone(), "Primitive type keyword \"string\" does not expect arguments."),
        ("any()", false, d.clone(), "Type constraint keyword \"any\" does not expect arguments."),
        ("any()", true, d.clone(), "Type constraint keyword \"any\" does not expect arguments."),
        ("list(string)", false, Type::list(Type::String), ""),
        ("set(string)", false, Type::set(Type::String), ""),
        ("map(string)", false, Type::map(Type::String), ""),
        ("list()", false, d.clone(), "The list type constructor requires one argument specifying the element type."),
        ("list(string, string)", false, d.clone(), "The list type constructor requires one argument specifying the element type."),
        ("list(any)", false, Type::list(d.clone()), "The keyword \"any\" cannot be used in this type specification: an exact type is required."),
        ("list(any)", true, Type::list(d.clone()), ""),
        ("object({})", false, Type::empty_object(), ""),
        ("object({name=string})", false, obj(&[("name", Type::String)], &[]), ""),
        ("object({\"name\"=string})", false, Type::empty_object(), "Object constructor map keys must be attribute names."),
        ("object({name=nope})", false, obj(&[("name", d.clone())], &[]), "The keyword \"nope\" is not a valid type specification."),
        ("object()", false, d.clone(), "The object type constructor requires one argument specifying the attribute types and values as a map."),
        ("object(string)", false, d.clone(), "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types."),
        ("tuple([])", false, Type::empty_tuple(), ""),
        ("tuple([string, bool])", false, Type::tuple([Type::String, Type::Bool]), ""),
        ("tuple([nope])", false, Type::tuple([d.clone()]), "The keyword \"nope\" is not a valid type specification."),
        ("tuple()", false, d.clone(), "The tuple type constructor requires one argument specifying the element types as a list."),
        ("tuple(string)", false, d.clone(), "Tuple type constructor requires a list of element types."),
        ("shwoop(string)", false, d.clone(), "Keyword \"shwoop\" is not a valid type constructor."),
        ("list(\"string\")", false, Type::list(d.clone()), "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string)."),
        ("list(object({}))", false, Type::list(Type::empty_object()), ""),
        ("list(map(tuple([])))", false, Type::list(Type::map(Type::empty_tuple())), ""),
        ("object({name=string,age=optional(number)})", true, obj(&[("name", Type::String), ("age", Type::Number)], &["age"]), ""),
        ("object({name=string,meta=optional(any)})", true, obj(&[("name", Type::String), ("meta", d.clone())], &["meta"]), ""),
        ("object({name=string,age=optional(number)})", false, obj(&[("name", Type::String), ("age", Type::Number)], &[]), "Optional attribute modifier is only for type constraints, not for exact types."),
        ("object({name=string,meta=optional(any)})", false, obj(&[("name", Type::String), ("meta", d.clone())], &[]), "Optional attribute modifier is only for type constraints, not for exact types."),
        ("object({name=string,meta=optional()})", true, obj(&[("name", Type::String)], &[]), "Optional attribute modifier requires the attribute type as its argument."),
        ("object({name=string,meta=optional(string, \"hello\")})", true, obj(&[("name", Type::String), ("meta", Type::String)], &[]), "Optional attribute modifier expects only one argument: the attribute type."),
        ("optional(string)", false, d.clone(), "Keyword \"optional\" is valid only as a modifier for object type attributes."),
        ("optional", false, d.clone(), "The keyword \"optional\" is not a valid type specification."),
    ];
    for (src, constraint, want, want_err) in cases {
        let e = parse(src);
        let (got, diags) = if constraint { type_constraint(&e) } else { exact_type(&e) };
        assert_eq!(got, want, "{src} (constraint={constraint})");
        if want_err.is_empty() {
            assert!(diags.is_empty(), "{src}: {diags}");
        } else {
            assert!(
                diags.iter().any(|d| d.detail == want_err && d.subject.is_some()),
                "{src} (constraint={constraint}): want {want_err:?}, got {diags}"
            );
        }
    }
}

// Subject ranges, from the reference's get_type.go (hcl v2.14.1).
#[test]
fn error_ranges() {
    assert_eq!(
        err("any", true),
        ("The keyword \"any\" cannot be used in this type specification: an exact type is required.".into(), (0, 3))
    );
    assert_eq!(err("list", false).1, (0, 4));
    assert_eq!(err("foo", false), ("The keyword \"foo\" is not a valid type specification.".into(), (0, 3)));
    assert_eq!(err("string(1)", false).1, (6, 9));
    assert_eq!(err("list(string, number, bool)", false).1, (13, 25));
    assert_eq!(err("list()", false).1, (4, 6));
    assert_eq!(err("object([string])", false).1, (7, 15));
    assert_eq!(err("optional(string)", false).1, (0, 8));
    assert_eq!(err("foo(string)", false).1, (0, 11));
    assert_eq!(err("\"string\"", false).1, (0, 8));

    // Context ranges: the arguments of a constructor with too many, the whole constructor
    // around a wrong argument, the attribute's type expression around an optional modifier.
    let (_, diags) = type_constraint(&parse("list(string, number)"));
    let c = diags[0].context.clone().unwrap();
    assert_eq!((c.start.byte, c.end.byte), (4, 20));
    let (_, diags) = type_constraint(&parse("object([string])"));
    let c = diags[0].context.clone().unwrap();
    assert_eq!((c.start.byte, c.end.byte), (0, 16));
    let (_, _, diags) = type_constraint_with_defaults(&parse("object({a=optional(string, 1, 2)})"));
    let d = &diags[0];
    let (s, c) = (d.subject.clone().unwrap(), d.context.clone().unwrap());
    assert_eq!(((s.start.byte, s.end.byte), (c.start.byte, c.end.byte)), ((18, 32), (10, 32)));
}

#[test]
fn errors_inside_objects_keep_the_rest() {
    let (ty, diags) = type_constraint(&parse("object({a = string, \"b\" = number, c = foo})"));
    assert_eq!(ty, Type::object([("a", Type::String), ("c", Type::Dynamic)]));
    assert_eq!(diags.len(), 2);
    assert_eq!(diags[0].detail, "Object constructor map keys must be attribute names.");
}

fn with_defaults(src: &str) -> (Type, Option<Defaults>, Diagnostics) {
    type_constraint_with_defaults(&parse(src))
}

fn node(ty: Type, values: &[(&str, Value)], children: Vec<(&str, Defaults)>) -> Defaults {
    Defaults {
        ty,
        values: values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
        children: children.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    }
}

/// The reference's TestGetTypeDefaults.
#[test]
fn get_type_defaults() {
    for src in [
        "bool",
        "number",
        "string",
        "any",
        "map(string)",
        "set(number)",
        "tuple([number, string])",
        "object({ a = string, b = number })",
        "map(list(object({ a = string, b = optional(number) })))",
    ] {
        let (_, defaults, diags) = with_defaults(src);
        assert!(diags.is_empty(), "{src}: {diags}");
        assert_eq!(defaults, None, "{src}");
    }

    let ab = obj(&[("a", Type::String), ("b", Type::Number)], &["b"]);
    let ab_defaults = node(ab.clone(), &[("b", Value::number(5))], vec![]);
    let cases: Vec<(&str, Defaults)> = vec![
        ("object({ a = string, b = optional(number, 5) })", ab_defaults.clone()),
        (
            "object({ a = optional(object({ b = optional(number, 5) }), {}) })",
            node(
                obj(&[("a", obj(&[("b", Type::Number)], &["b"]))], &["a"]),
                &[("a", object(&[("b", Value::null(Type::Number))]))],
                vec![("a", node(obj(&[("b", Type::Number)], &["b"]), &[("b", Value::number(5))], vec![]))],
            ),
        ),
        (
            "map(object({ a = string, b = optional(number, 5) }))",
            node(Type::map(ab.clone()), &[], vec![("", ab_defaults.clone())]),
        ),
        (
            "list(object({ a = string, b = optional(number, 5) }))",
            node(Type::list(ab.clone()), &[], vec![("", ab_defaults.clone())]),
        ),
        (
            "set(object({ a = string, b = optional(number, 5) }))",
            node(Type::set(ab.clone()), &[], vec![("", ab_defaults.clone())]),
        ),
        (
            "tuple([string, bool, object({ a = string, b = optional(number, 5) })])",
            node(Type::tuple([Type::String, Type::Bool, ab.clone()]), &[], vec![("2", ab_defaults.clone())]),
        ),
    ];
    for (src, want) in cases {
        let (ty, got, diags) = with_defaults(src);
        assert!(diags.is_empty(), "{src}: {diags}");
        assert_eq!(ty, want.ty, "{src}");
        assert_eq!(got, Some(want), "{src}");
    }
}

#[test]
fn invalid_default() {
    // The reference's case: the bad default is dropped, the attribute stays optional.
    let src = "object({ a = optional(string, \"hello\"), b = optional(number, true) })";
    let (ty, got, diags) = with_defaults(src);
    let want_ty = obj(&[("a", Type::String), ("b", Type::Number)], &["a", "b"]);
    assert_eq!(ty, want_ty);
    assert_eq!(got, Some(node(want_ty, &[("a", Value::string("hello"))], vec![])));
    assert_eq!(diags.len(), 1);
    let d = &diags[0];
    assert_eq!(d.summary, "Invalid default value for optional attribute");
    assert_eq!(d.detail, "This default value is not compatible with the attribute's type constraint: number required.");
    let s = d.subject.clone().unwrap();
    assert_eq!((s.start.byte, s.end.byte), (61, 65));
    assert!(d.context.is_none());

    // Conversion errors deeper in the default, with cty's wording.
    let (_, _, diags) = with_defaults("object({ a = optional(object({ b = number }), {}) })");
    assert_eq!(
        diags[0].detail,
        "This default value is not compatible with the attribute's type constraint: attribute \"b\" is required."
    );
}

#[test]
fn default_expressions_are_constant() {
    // A default that needs variables or functions fails to evaluate; the attribute is then
    // not optional, and the evaluation's own diagnostics are reported.
    let (ty, defaults, diags) =
        with_defaults("object({ a = optional(string, var.x), b = optional(number, max(1, 2)) })");
    assert_eq!(ty, obj(&[("a", Type::String), ("b", Type::Number)], &[]));
    assert_eq!(defaults, None);
    assert_eq!(diags.len(), 2);
    assert_eq!(diags[0].summary, "Variables not allowed");
    assert_eq!(diags[1].summary, "Function calls not allowed");

    // Constant expressions of any kind are fine, and are converted to the attribute's type.
    let (_, defaults, diags) =
        with_defaults("object({ a = optional(string, 1 + 2), b = optional(list(string), [true]) })");
    assert!(diags.is_empty(), "{diags}");
    let values = defaults.unwrap().values;
    assert_eq!(values["a"], Value::string("3"));
    assert_eq!(values["b"], Value::list(vec![Value::string("true")]).unwrap());
}

#[test]
fn optional_argument_counts() {
    let (ty, defaults, diags) = with_defaults("object({name=string,meta=optional(string, \"hello\", \"world\")})");
    assert_eq!(ty, obj(&[("name", Type::String), ("meta", Type::String)], &[]));
    assert_eq!(defaults, None);
    assert_eq!(
        diags[0].detail,
        "Optional attribute modifier expects at most two arguments: the attribute type, and a default value."
    );
    let (ty, _, diags) = with_defaults("object({name=string,meta=optional()})");
    assert_eq!(ty, obj(&[("name", Type::String)], &[]));
    assert_eq!(diags[0].detail, "Optional attribute modifier requires the attribute type as its argument.");

    // Outside object attributes, with or without a default.
    for src in ["optional(string)", "optional(string, \"x\")", "list(optional(string, \"x\"))"] {
        let (_, defaults, diags) = with_defaults(src);
        assert_eq!(defaults, None);
        assert_eq!(diags[0].detail, "Keyword \"optional\" is valid only as a modifier for object type attributes.");
    }
    // Exact types refuse the modifier whatever its arguments.
    let (_, diags) = exact_type(&parse("object({a = optional(string, \"x\")})"));
    assert_eq!(diags[0].detail, "Optional attribute modifier is only for type constraints, not for exact types.");
}

/// The reference's TestTypeString.
#[test]
fn type_strings() {
    let cases: Vec<(Type, &str)> = vec![
        (Type::Dynamic, "any"),
        (Type::String, "string"),
        (Type::Number, "number"),
        (Type::Bool, "bool"),
        (Type::list(Type::Number), "list(number)"),
        (Type::set(Type::Bool), "set(bool)"),
        (Type::map(Type::String), "map(string)"),
        (Type::empty_object(), "object({})"),
        (Type::object([("foo", Type::Bool)]), "object({foo=bool})"),
        (Type::object([("foo", Type::Bool), ("bar", Type::String)]), "object({bar=string,foo=bool})"),
        (Type::empty_tuple(), "tuple([])"),
        (Type::tuple([Type::Bool]), "tuple([bool])"),
        (Type::tuple([Type::Bool, Type::String]), "tuple([bool,string])"),
        (Type::list(Type::Dynamic), "list(any)"),
        (Type::tuple([Type::Dynamic]), "tuple([any])"),
        (Type::object([("foo", Type::Dynamic)]), "object({foo=any})"),
        (Type::object([("foo bar baz", Type::String)]), "object({\"foo bar baz\"=string})"),
        // Not in the reference's table: optional markers are not printed.
        (obj(&[("a", Type::String), ("b", Type::list(Type::Number))], &["b"]), "object({a=string,b=list(number)})"),
        (Type::object([("a-b", Type::String), ("_c", Type::String)]), "object({_c=string,a-b=string})"),
        (Type::object([("1a", Type::String)]), "object({\"1a\"=string})"),
    ];
    for (ty, want) in cases {
        assert_eq!(type_string(&ty), want);
    }
    // What the readers produce prints back as what they read.
    for src in ["list(map(set(tuple([string,bool,any]))))", "object({a=number,b=object({c=list(any)})})"] {
        assert_eq!(type_string(&ok(src)), src);
    }
}

// ---- Defaults::apply: the reference's TestDefaults_Apply cases and expectations ----

fn simple_object() -> Type {
    obj(&[("a", Type::String), ("b", Type::Bool)], &["b"])
}

fn nested_object() -> Type {
    obj(&[("c", simple_object()), ("d", Type::Number)], &["c"])
}

fn simple_defaults(b: bool) -> Defaults {
    node(simple_object(), &[("b", Value::bool(b))], vec![])
}

#[test]
fn apply_no_defaults() {
    let d = node(Type::map(Type::String), &[], vec![]);
    let v = map(&[("a", Value::string("foo")), ("b", Value::string("bar"))]);
    assert_eq!(d.apply(v.clone()), v);
}

#[test]
fn apply_simple_object() {
    let d = simple_defaults(true);
    // A map missing an attribute with a default: the result is always an object.
    assert_eq!(
        d.apply(map(&[("a", Value::string("foo"))])),
        object(&[("a", Value::string("foo")), ("b", Value::bool(true))])
    );
    // Unknown values are left alone.
    let unknown = Value::unknown(Type::map(Type::String));
    assert_eq!(d.apply(unknown.clone()), unknown);
    // Attributes present are not overridden.
    assert_eq!(
        d.apply(map(&[("a", Value::string("foo")), ("b", Value::string("false"))])),
        object(&[("a", Value::string("foo")), ("b", Value::string("false"))])
    );
    // Explicit nulls are replaced.
    assert_eq!(
        d.apply(map(&[("a", Value::string("foo")), ("b", Value::null(Type::String))])),
        object(&[("a", Value::string("foo")), ("b", Value::bool(true))])
    );
}

#[test]
fn apply_nested_object() {
    let d = node(nested_object(), &[], vec![("c", simple_defaults(false))]);
    let v = object(&[("c", object(&[("a", Value::string("foo"))])), ("d", Value::number(5))]);
    assert_eq!(
        d.apply(v),
        object(&[("c", object(&[("a", Value::string("foo")), ("b", Value::bool(false))])), ("d", Value::number(5)),])
    );
}

#[test]
fn apply_collections() {
    let foo = object(&[("a", Value::string("foo"))]);
    let bar = object(&[("a", Value::string("bar"))]);
    let foo_b = object(&[("a", Value::string("foo")), ("b", Value::bool(true))]);
    let bar_b = object(&[("a", Value::string("bar")), ("b", Value::bool(true))]);

    // Map of objects, given as a map, and as an object (as from a variables file).
    let d = node(Type::map(simple_object()), &[], vec![("", simple_defaults(true))]);
    assert_eq!(
        d.apply(map(&[("f", foo.clone()), ("b", bar.clone())])),
        map(&[("f", foo_b.clone()), ("b", bar_b.clone())])
    );
    assert_eq!(
        d.apply(object(&[("f", foo.clone()), ("b", bar.clone())])),
        object(&[("f", foo_b.clone()), ("b", bar_b.clone())])
    );

    // List of objects, given as a tuple.
    let d = node(Type::list(simple_object()), &[], vec![("", simple_defaults(true))]);
    assert_eq!(d.apply(Value::tuple(vec![foo.clone(), bar.clone()])), Value::tuple(vec![foo_b.clone(), bar_b.clone()]));
    // And as a list (not in the reference's table).
    assert_eq!(d.apply(Value::list(vec![foo.clone(), bar.clone()]).unwrap()), Value::list(vec![foo_b, bar_b]).unwrap());
}

#[test]
fn apply_tuple_of_objects() {
    let d = node(
        Type::tuple([simple_object(), nested_object()]),
        &[],
        vec![
            ("0", simple_defaults(false)),
            (
                "1",
                node(
                    nested_object(),
                    &[("c", object(&[("a", Value::string("default")), ("b", Value::bool(true))]))],
                    vec![],
                ),
            ),
        ],
    );
    let v = Value::tuple(vec![object(&[("a", Value::string("foo"))]), object(&[("d", Value::number(5))])]);
    assert_eq!(
        d.apply(v),
        Value::tuple(vec![
            object(&[("a", Value::string("foo")), ("b", Value::bool(false))]),
            object(&[
                ("c", object(&[("a", Value::string("default")), ("b", Value::bool(true))])),
                ("d", Value::number(5)),
            ]),
        ])
    );
}

/// The reference's "set of nested objects" cases: defaults within a default.
#[test]
fn apply_defaults_within_defaults() {
    let set_of = |c_default: Option<Value>| {
        let values: Vec<(&str, Value)> = c_default.into_iter().map(|v| ("c", v)).collect();
        node(
            Type::set(nested_object()),
            &[],
            vec![("", node(nested_object(), &values, vec![("c", simple_defaults(true))]))],
        )
    };
    let input = Value::tuple(vec![
        object(&[("c", object(&[("a", Value::string("foo"))])), ("d", Value::number(5))]),
        object(&[("d", Value::number(7))]),
    ]);
    let first =
        object(&[("c", object(&[("a", Value::string("foo")), ("b", Value::bool(true))])), ("d", Value::number(5))]);

    // No default sub-object: none applied (the conversion fills in a null).
    assert_eq!(
        set_of(None).apply(input.clone()),
        Value::tuple(vec![first.clone(), object(&[("d", Value::number(7))])])
    );
    // An empty default sub-object gets the sub-object's defaults.
    assert_eq!(
        set_of(Some(Value::empty_object())).apply(input.clone()),
        Value::tuple(vec![
            first.clone(),
            object(&[("c", object(&[("b", Value::bool(true))])), ("d", Value::number(7))]),
        ])
    );
    // A default sub-object's own values win over the sub-object's defaults.
    let fallback = object(&[("a", Value::string("fallback")), ("b", Value::bool(false))]);
    assert_eq!(
        set_of(Some(fallback.clone())).apply(input.clone()),
        Value::tuple(vec![first.clone(), object(&[("c", fallback), ("d", Value::number(7))])])
    );
    // ... except its nulls, which the sub-object's defaults replace.
    let with_null = object(&[("a", Value::string("fallback")), ("b", Value::null(Type::Bool))]);
    assert_eq!(
        set_of(Some(with_null)).apply(input),
        Value::tuple(vec![
            first,
            object(&[
                ("c", object(&[("a", Value::string("fallback")), ("b", Value::bool(true))])),
                ("d", Value::number(7)),
            ]),
        ])
    );
}

#[test]
fn apply_edge_cases() {
    let d = simple_defaults(true);
    // A null object at a position with defaults becomes an object of the defaults (the
    // reference's v2.14.1 walk does this; later versions leave nulls alone).
    assert_eq!(d.apply(Value::null(simple_object())), object(&[("b", Value::bool(true))]));
    // Values of other types are left for the conversion to reject.
    for v in [Value::string("x"), Value::null(Type::Dynamic), Value::dynamic(), Value::empty_tuple()] {
        assert_eq!(d.apply(v.clone()), v);
    }
    // Unknown attributes are kept; unknown elements are not walked into.
    let u = Value::unknown(Type::String);
    assert_eq!(d.apply(object(&[("a", u.clone())])), object(&[("a", u.clone()), ("b", Value::bool(true))]));
    let list_d = node(Type::list(simple_object()), &[], vec![("", simple_defaults(true))]);
    let uo = Value::unknown(simple_object());
    assert_eq!(list_d.apply(Value::tuple(vec![uo.clone()])), Value::tuple(vec![uo]));

    // A default of another type than the attribute's value in other elements: the reference
    // panics building the list; here the elements are unified.
    let given = Value::list(vec![
        object(&[("a", Value::string("x")), ("b", Value::string("yes"))]),
        object(&[("a", Value::string("y")), ("b", Value::null(Type::String))]),
    ])
    .unwrap();
    assert_eq!(
        list_d.apply(given),
        Value::list(vec![
            object(&[("a", Value::string("x")), ("b", Value::string("yes"))]),
            object(&[("a", Value::string("y")), ("b", Value::string("true"))]),
        ])
        .unwrap()
    );
    // ... or, when they cannot be, made a tuple.
    let given = Value::list(vec![
        object(&[("a", Value::string("x")), ("b", Value::list(vec![Value::string("s")]).unwrap())]),
        object(&[("a", Value::string("y")), ("b", Value::null(Type::list(Type::String)))]),
    ])
    .unwrap();
    let got = list_d.apply(given);
    assert!(got.ty().is_tuple(), "{:?}", got.ty());

    // Tuple defaults with a value of another shape apply nothing.
    let tuple_d = node(Type::tuple([simple_object()]), &[], vec![("0", simple_defaults(true))]);
    let m = map(&[("0", map(&[("a", Value::string("x"))]))]);
    assert_eq!(tuple_d.apply(m.clone()), m);
}

#[test]
fn convert_with_defaults_flow() {
    let (ty, defaults, diags) = with_defaults(
        "map(object({ name = string, tags = optional(map(string), {}), sub = optional(object({ on = optional(bool, true) }), {}) }))",
    );
    assert!(diags.is_empty(), "{diags}");
    let given = object(&[("x", object(&[("name", Value::string("n"))]))]);
    let got = convert_with_defaults(&given, &ty, defaults.as_ref()).unwrap();
    let want = map(&[(
        "x",
        object(&[
            ("name", Value::string("n")),
            ("sub", object(&[("on", Value::bool(true))])),
            ("tags", Value::empty_map(Type::String)),
        ]),
    )]);
    assert_eq!(got, want);

    // Without defaults, only the conversion.
    let (ty, defaults, _) = with_defaults("object({ a = optional(number) })");
    assert!(defaults.is_none());
    assert_eq!(
        convert_with_defaults(&Value::empty_object(), &ty, None).unwrap(),
        object(&[("a", Value::null(Type::Number))])
    );
    let err = convert_with_defaults(&Value::string("x"), &ty, None).unwrap_err();
    assert_eq!(err.to_string(), "object required");
}
