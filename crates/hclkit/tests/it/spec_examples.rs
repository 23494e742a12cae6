//! Every example of `shared/spec/native-syntax.md`, with the result the specification states
//! (or, where the specification and the reference disagree, the reference's behaviour, noted).
//!
//! The expected diagnostic lines (`common::diag_lines`) were recorded from the reference (hcl
//! v2.14.1) with `oracle/parse/main.go` (`-mode config`, `-mode expr` or `-mode template`
//! on a file holding exactly the source), or `oracle/apirecord` where it says so.

use crate::common::diag_lines;
use hclkit::syntax::native::ast::{BinaryOp, Expr, LiteralValue, Traverser};
use hclkit::syntax::native::{parse_config, parse_expression, parse_template};

fn expr_ok(src: &str) -> hclkit::syntax::native::ExprFile {
    let (f, d) = parse_expression(src.as_bytes(), "spec.hcl").into_parts();
    assert!(d.is_empty(), "{src}: {d}");
    f
}

fn expr_err(src: &str) {
    let d = parse_expression(src.as_bytes(), "spec.hcl").into_diagnostics();
    assert!(d.has_errors(), "{src} should be a syntax error");
}

fn template_ok(src: &str) -> hclkit::syntax::native::ExprFile {
    let (f, d) = parse_template(src.as_bytes(), "spec.hcl").into_parts();
    assert!(d.is_empty(), "{src}: {d}");
    f
}

fn string_of(e: Expr<'_>) -> String {
    match e {
        Expr::Literal(l) => match l.value() {
            LiteralValue::String(s) => s.into_owned(),
            v => panic!("not a string: {v:?}"),
        },
        e => panic!("not a literal: {e:?}"),
    }
}

// ---- Structural elements ----------------------------------------------------------------

#[test]
fn config_file_body_attributes_blocks_one_line_blocks() {
    let src = "a = 1\nb \"label\" ident {\n  c = 2\n}\nd { e = 3 }\nf {}\n";
    let (file, d) = parse_config(src.as_bytes(), "spec.hcl").into_parts();
    assert!(d.is_empty(), "{d}");
    let body = file.body();
    assert_eq!(body.attributes().map(|a| a.name().to_string()).collect::<Vec<_>>(), ["a"]);
    let blocks: Vec<_> = body.blocks().collect();
    assert_eq!(blocks.len(), 3);
    assert_eq!(
        blocks[0].labels().map(|l| (l.value().into_owned(), l.is_quoted())).collect::<Vec<_>>(),
        [("label".to_string(), true), ("ident".to_string(), false)]
    );
    assert_eq!(blocks[1].body().attribute("e").unwrap().name(), "e");
    assert_eq!(blocks[2].body().items().count(), 0);
}

#[test]
fn each_attribute_name_at_most_once_per_body() {
    let (file, d) = parse_config(b"a = 1\na = 2\n".as_slice(), "spec.hcl").into_parts();
    assert_eq!(
        diag_lines(&d),
        ["Attribute redefined | The argument \"a\" was already set at spec.hcl:1,1-2. Each argument may be set only once. | 2:1.6-2:2.7 | -"]
    );
    assert_eq!(file.body().attributes().count(), 1);
    // The same name in different bodies is fine.
    let d = parse_config(b"a = 1\nb {\n  a = 2\n}\n".as_slice(), "spec.hcl").into_diagnostics();
    assert!(d.is_empty());
}

#[test]
fn one_line_block_holds_at_most_one_attribute() {
    let d = parse_config(b"a { b = 1, c = 2 }\n".as_slice(), "spec.hcl").into_diagnostics();
    assert_eq!(
        diag_lines(&d),
        ["Invalid single-argument block definition | Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line. | 1:10.9-1:11.10 | -"]
    );
}

// ---- Lexical elements -------------------------------------------------------------------

#[test]
fn comments_and_whitespace() {
    // A line comment counts as a newline; an inline comment as whitespace.
    let (file, d) = parse_config(b"a = 1 # c\nb = 2 // c\nc = /* x */ 3\n".as_slice(), "spec.hcl").into_parts();
    assert!(d.is_empty(), "{d}");
    assert_eq!(file.body().attributes().count(), 3);
    assert_eq!(file.comments().len(), 3);
}

#[test]
fn identifiers_allow_dashes_and_unicode() {
    let (file, d) = parse_config("foo-bar = 1\nnäme = 2\n_x = 3\n".as_bytes(), "spec.hcl").into_parts();
    assert!(d.is_empty(), "{d}");
    let names: Vec<_> = file.body().attributes().map(|a| a.name().to_string()).collect();
    assert_eq!(names, ["foo-bar", "näme", "_x"]);
}

#[test]
fn tabs_and_byte_order_mark_are_accepted_as_the_reference_does() {
    // The specification forbids both; the reference accepts them and real files rely on it.
    let d = parse_config(b"\xEF\xBB\xBFa\t=\t1\n".as_slice(), "spec.hcl").into_diagnostics();
    assert!(d.is_empty(), "{d}");
}

#[test]
fn byte_order_mark_elsewhere_is_an_invalid_character() {
    // Only a mark at the very start is skipped; anywhere else outside strings and comments it
    // is an invalid character (columns still count from the skipped leading mark as 1).
    // Also the fixtures bom_not_at_start, bom_twice, bom_after_value and bom_inside_strings.
    let d = parse_config(b"a = 1\n\xEF\xBB\xBFb = 2\n".as_slice(), "spec.hcl").into_diagnostics();
    assert_eq!(
        diag_lines(&d),
        [
            "Invalid character | This character is not used within the language. | 2:1.6-2:2.9 | -",
            "Argument or block definition required | An argument or block definition is required here. | 2:1.6-2:2.9 | -",
        ]
    );
    let d = parse_config(b"\xEF\xBB\xBF\xEF\xBB\xBFa = 1\n".as_slice(), "spec.hcl").into_diagnostics();
    assert_eq!(
        diag_lines(&d),
        [
            "Invalid character | This character is not used within the language. | 1:1.3-1:2.6 | -",
            "Argument or block definition required | An argument or block definition is required here. | 1:1.3-1:2.6 | -",
        ]
    );
    // Inside a string it is content.
    let (file, d) = parse_config(b"a = \"x\xEF\xBB\xBFy\"\n".as_slice(), "spec.hcl").into_parts();
    assert!(d.is_empty(), "{d}");
    let Expr::Template(t) = file.body().attribute("a").unwrap().expr() else { panic!() };
    assert_eq!(string_of(t.parts().next().unwrap()), "x\u{feff}y");
}

#[test]
fn invalid_utf8_is_an_error() {
    let d = parse_config(b"a = \"\xff\"\n".as_slice(), "spec.hcl").into_diagnostics();
    assert_eq!(
        diag_lines(&d),
        [
            "Invalid character encoding | All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor. | 1:6.5-1:7.6 | -",
            "Unterminated template string | No closing marker was found for the string. | 1:6.5-1:7.6 | 1:6.5-1:7.6",
        ]
    );
}

#[test]
fn operators_and_delimiters() {
    for src in [
        "a + b",
        "a && b",
        "a == b",
        "a < b",
        "a - b",
        "a || b",
        "a != b",
        "a > b",
        "a * b",
        "!a",
        "a <= b",
        "a / b",
        "a >= b",
        "a % b",
        "a ? b : c",
        "{a = b}",
        "[a]",
        "(a)",
        "\"${a}\"",
        "\"%{if a}b%{endif}\"",
        "{for k, v in a: k => v...}",
        "a.b",
        "[a, b]",
        "f(a...)",
    ] {
        expr_ok(src);
    }
}

#[test]
fn numeric_literals() {
    for src in ["1", "12", "1.5", "1e5", "1E5", "1e+5", "1e-5", "1.5e10"] {
        let f = expr_ok(src);
        let Expr::Literal(l) = f.expr() else { panic!("{src}") };
        assert_eq!(l.value(), LiteralValue::Number(src), "{src}");
    }
}

// ---- Expressions ------------------------------------------------------------------------

#[test]
fn literal_values() {
    for (src, v) in
        [("true", LiteralValue::Bool(true)), ("false", LiteralValue::Bool(false)), ("null", LiteralValue::Null)]
    {
        let f = expr_ok(src);
        let Expr::Literal(l) = f.expr() else { panic!() };
        assert_eq!(l.value(), v);
    }
}

#[test]
fn object_keys_identifier_is_literal_parenthesised_is_expression() {
    // `{foo = "baz"}` is an attribute literally named foo.
    let f = expr_ok("{foo = \"baz\"}");
    let Expr::Object(o) = f.expr() else { panic!() };
    let item = o.items().next().unwrap();
    assert!(!item.key.force_non_literal());
    assert!(matches!(item.key.expr(), Expr::ScopeTraversal(t) if t.root_name() == "foo"));
    // `{(foo) = "baz"}` takes the name from the variable foo.
    let f = expr_ok("{(foo) = \"baz\"}");
    let Expr::Object(o) = f.expr() else { panic!() };
    assert!(o.items().next().unwrap().key.force_non_literal());
}

#[test]
fn for_ambiguity() {
    // `[for, foo, baz]` is a syntax error (the fixture fixtures/expr/spec_for_tuple_ambiguity).
    expr_err("[for, foo, baz]");
    // `[(for), foo, baz]` is a tuple whose first element is the variable for.
    let f = expr_ok("[(for), foo, baz]");
    let Expr::Tuple(t) = f.expr() else { panic!() };
    let items: Vec<_> = t.exprs().collect();
    assert_eq!(items.len(), 3);
    assert!(
        matches!(items[0], Expr::Parens(p) if matches!(p.inner(), Expr::ScopeTraversal(s) if s.root_name() == "for"))
    );
    // `{for: 1, baz: 2}` is a syntax error (the fixture fixtures/expr/spec_for_object_ambiguity).
    expr_err("{for: 1, baz: 2}");
    // `{(for): 1, baz: 2}` is an object with an attribute literally named for.
    let f = expr_ok("{(for): 1, baz: 2}");
    let Expr::Object(o) = f.expr() else { panic!() };
    assert_eq!(o.items().count(), 2);
    // `{baz: 2, for: 1}` is equivalent, resolving the ambiguity by reordering.
    let f = expr_ok("{baz: 2, for: 1}");
    let Expr::Object(o) = f.expr() else { panic!() };
    let keys: Vec<_> =
        o.items().map(|i| if let Expr::ScopeTraversal(t) = i.key.expr() { t.root_name() } else { "?" }).collect();
    assert_eq!(keys, ["baz", "for"]);
}

#[test]
fn newlines_ignored_inside_brackets_and_significant_in_objects() {
    expr_ok("(\n1\n+\n2\n)");
    expr_ok("[\n1,\n2\n]");
    expr_ok("f(\n1,\n2\n)");
    expr_ok("a[\n0\n]");
    expr_ok("{\na = 1\nb = 2\n}");
    let (file, d) = parse_config(b"x = {\n  a = 1\n  b = 2\n}\n".as_slice(), "spec.hcl").into_parts();
    assert!(d.is_empty());
    let Expr::Object(o) = file.body().attribute("x").unwrap().expr() else { panic!() };
    assert_eq!(o.items().count(), 2);
}

#[test]
fn template_escapes() {
    let f = expr_ok(r#""\n\r\t\"\\\u00e9\U0001F600""#);
    let Expr::Template(t) = f.expr() else { panic!() };
    assert_eq!(string_of(t.parts().next().unwrap()), "\n\r\t\"\\é😀");
    let f = expr_ok(r#""$${a} %%{b}""#);
    let Expr::Template(t) = f.expr() else { panic!() };
    assert_eq!(t.parts().map(string_of).collect::<String>(), "${a} %{b}");
}

#[test]
fn string_literals_are_nfc_normalised() {
    let f = expr_ok("\"e\u{301}\"");
    let Expr::Template(t) = f.expr() else { panic!() };
    assert_eq!(string_of(t.parts().next().unwrap()), "\u{e9}");
}

#[test]
fn heredocs() {
    let (file, d) = parse_config(
        b"a = <<EOT\nhello\n  world\nEOT\nb = <<-EOT\n    hello\n      world\n    EOT\n".as_slice(),
        "spec.hcl",
    )
    .into_parts();
    assert!(d.is_empty(), "{d}");
    let text = |name: &str| {
        let Expr::Template(t) = file.body().attribute(name).unwrap().expr() else { panic!() };
        t.parts().map(string_of).collect::<String>()
    };
    assert_eq!(text("a"), "hello\n  world\n");
    assert_eq!(text("b"), "hello\n  world\n");
}

#[test]
fn string_lit_in_labels_has_escapes_but_no_templates() {
    let (file, d) = parse_config(b"b \"x\\ty\" {\n}\n".as_slice(), "spec.hcl").into_parts();
    assert!(d.is_empty());
    assert_eq!(file.body().blocks().next().unwrap().labels().next().unwrap().value(), "x\ty");
    let d = parse_config(b"b \"${x}\" {\n}\n".as_slice(), "spec.hcl").into_diagnostics();
    assert_eq!(
        diag_lines(&d),
        ["Invalid string literal | Template sequences are not allowed in this string. To include a literal \"$\", double it (as \"$$\") to escape it. | 1:4.3-1:6.5 | 1:3.2-1:6.5"]
    );
}

#[test]
fn variables_and_function_calls() {
    let f = expr_ok("foo");
    assert!(matches!(f.expr(), Expr::ScopeTraversal(t) if t.root_name() == "foo"));
    let f = expr_ok("f(a, b...)");
    let Expr::FunctionCall(c) = f.expr() else { panic!() };
    assert_eq!(c.name(), "f");
    assert_eq!(c.args().count(), 2);
    assert!(c.expand_final());
    expr_ok("f()");
    expr_ok("f(a,)");
}

#[test]
fn for_expression_examples() {
    for src in [
        r#"[for v in ["a", "b"]: v]"#,
        r#"[for i, v in ["a", "b"]: i]"#,
        r#"{for i, v in ["a", "b"]: v => i}"#,
        // An error only when evaluated (duplicate key).
        r#"{for i, v in ["a", "a", "b"]: k => v}"#,
        r#"[for i, v in ["a", "b", "c"]: v if i < 2]"#,
    ] {
        let f = expr_ok(src);
        assert!(matches!(f.expr(), Expr::For(_)), "{src}");
    }
    let f = expr_ok(r#"{for i, v in ["a", "a", "b"]: v => i...}"#);
    let Expr::For(fe) = f.expr() else { panic!() };
    assert!(fe.group() && fe.is_object());
    assert_eq!(fe.key_var(), Some("i"));
    assert_eq!(fe.value_var(), "v");
    let f = expr_ok(r#"[for i, v in ["a", "b", "c"]: v if i < 2]"#);
    let Expr::For(fe) = f.expr() else { panic!() };
    assert!(fe.condition().is_some() && !fe.is_object());
}

#[test]
fn index_and_attribute_access() {
    let f = expr_ok("a.b[0][\"k\"]");
    let Expr::ScopeTraversal(t) = f.expr() else { panic!() };
    let steps: Vec<_> = t.traversal().map(|s| format!("{s:?}")).collect();
    assert_eq!(steps.len(), 4);
    assert!(matches!(t.traversal().nth(1), Some(Traverser::Attr { name: "b", .. })));
    // A non-constant key makes an index expression.
    let f = expr_ok("a[b]");
    assert!(matches!(f.expr(), Expr::Index(_)));
}

#[test]
fn splat_examples() {
    // `tuple.*.foo.bar[0]` is `[for v in tuple: v.foo.bar][0]`: the index applies to the result.
    let f = expr_ok("tuple.*.foo.bar[0]");
    let Expr::RelativeTraversal(r) = f.expr() else { panic!("{:?}", f.expr()) };
    let Expr::Splat(s) = r.source() else { panic!() };
    let Expr::RelativeTraversal(each) = s.each() else { panic!() };
    assert_eq!(each.traversal().count(), 2);
    // `tuple[*].foo.bar[0]` is `[for v in tuple: v.foo.bar[0]]`: the index applies to each.
    let f = expr_ok("tuple[*].foo.bar[0]");
    let Expr::Splat(s) = f.expr() else { panic!() };
    let Expr::RelativeTraversal(each) = s.each() else { panic!() };
    assert_eq!(each.traversal().count(), 3);
    // `any_object.*.id` and `any_number.*`.
    let f = expr_ok("any_object.*.id");
    assert!(matches!(f.expr(), Expr::Splat(_)));
    let f = expr_ok("any_number.*");
    let Expr::Splat(s) = f.expr() else { panic!() };
    assert!(matches!(s.each(), Expr::AnonSymbol(_)));
}

#[test]
fn operator_precedence_and_associativity() {
    // `x / y * z` is `(x / y) * z`.
    let f = expr_ok("x / y * z");
    let Expr::BinaryOp(b) = f.expr() else { panic!() };
    assert_eq!(b.op(), BinaryOp::Multiply);
    assert!(matches!(b.lhs(), Expr::BinaryOp(l) if l.op() == BinaryOp::Divide));
    // Levels: || < && < == != < > >= < <= < + - < * / %.
    let f = expr_ok("a || b && c == d > e + f * g");
    let Expr::BinaryOp(or) = f.expr() else { panic!() };
    assert_eq!(or.op(), BinaryOp::LogicalOr);
    let Expr::BinaryOp(and) = or.rhs() else { panic!() };
    assert_eq!(and.op(), BinaryOp::LogicalAnd);
    let Expr::BinaryOp(eq) = and.rhs() else { panic!() };
    assert_eq!(eq.op(), BinaryOp::Equal);
    let Expr::BinaryOp(gt) = eq.rhs() else { panic!() };
    assert_eq!(gt.op(), BinaryOp::GreaterThan);
    let Expr::BinaryOp(add) = gt.rhs() else { panic!() };
    assert_eq!(add.op(), BinaryOp::Add);
    let Expr::BinaryOp(mul) = add.rhs() else { panic!() };
    assert_eq!(mul.op(), BinaryOp::Multiply);
    // Unary operators bind tightest: `-46+5` is `(-46)+5`.
    let f = expr_ok("-46+5");
    assert!(matches!(f.expr(), Expr::BinaryOp(b) if matches!(b.lhs(), Expr::UnaryOp(_))));
}

#[test]
fn conditional_example() {
    let f = expr_ok("length(some_list) > 0 ? some_list[0] : default");
    let Expr::Conditional(c) = f.expr() else { panic!() };
    assert!(matches!(c.condition(), Expr::BinaryOp(_)));
    assert!(matches!(c.true_result(), Expr::ScopeTraversal(_)));
}

// ---- Templates --------------------------------------------------------------------------

#[test]
fn strip_markers() {
    // `hello ${~ "world" }` produces "helloworld": the literal before loses its space.
    let f = template_ok(r#"hello ${~ "world" }"#);
    let Expr::Template(t) = f.expr() else { panic!() };
    let parts: Vec<_> = t.parts().collect();
    assert_eq!(string_of(parts[0]), "hello");
    // `%{ if true ~} hello %{~ endif }` produces "hello".
    let f = template_ok("%{ if true ~} hello %{~ endif }");
    let Expr::Template(t) = f.expr() else { panic!() };
    let Expr::Conditional(c) = t.parts().next().unwrap() else { panic!() };
    let Expr::Template(yes) = c.true_result() else { panic!() };
    assert_eq!(string_of(yes.parts().next().unwrap()), "hello");
    // `${"hello" ~}${" world"}` produces "hello world": values are not stripped.
    let f = template_ok(r#"${"hello" ~}${" world"}"#);
    let Expr::Template(t) = f.expr() else { panic!() };
    let Expr::Template(second) = t.parts().nth(1).unwrap() else { panic!() };
    assert_eq!(string_of(second.parts().next().unwrap()), " world");
}

#[test]
fn interpolation_unwrapping() {
    // `${true}` produces true itself.
    let f = template_ok("${true}");
    assert!(matches!(f.expr(), Expr::TemplateWrap(w) if matches!(w.wrapped(), Expr::Literal(_))));
    // `${"${true}"}`: both are unwrapped.
    let f = template_ok(r#"${"${true}"}"#);
    assert!(matches!(f.expr(), Expr::TemplateWrap(w) if matches!(w.wrapped(), Expr::TemplateWrap(_))));
    // `hello ${true}` and `${""}${true}` are strings.
    assert!(matches!(template_ok("hello ${true}").expr(), Expr::Template(_)));
    assert!(matches!(template_ok(r#"${""}${true}"#).expr(), Expr::Template(t) if t.parts().count() == 2));
    // A `for` directive circumvents unwrapping. (The specification's example closes it with
    // `endif`, which the reference rejects; with `endfor` it is a template join.)
    let f = template_ok("%{ for v in [true] }${v}%{ endfor }");
    let Expr::Template(t) = f.expr() else { panic!() };
    assert!(matches!(t.parts().next().unwrap(), Expr::TemplateJoin(_)));
    let d = parse_template(b"%{ for v in [true] }${v}%{ endif }".as_slice(), "spec.hcl").into_diagnostics();
    assert_eq!(
        diag_lines(&d),
        ["Unexpected endif directive | Expecting an endfor directive corresponding to the for directive at spec.hcl:1,1-21. | 1:25.24-1:35.34 | -"]
    );
}

#[test]
fn template_directives() {
    let f = template_ok("%{ if a }x%{ else }y%{ endif }");
    let Expr::Template(t) = f.expr() else { panic!() };
    assert!(matches!(t.parts().next().unwrap(), Expr::Conditional(_)));
    let f = template_ok("%{ for k, v in m }${k}%{ endfor }");
    let Expr::Template(t) = f.expr() else { panic!() };
    let Expr::TemplateJoin(j) = t.parts().next().unwrap() else { panic!() };
    assert_eq!(j.tuple().key_var(), Some("k"));
}

// ---- Static analysis --------------------------------------------------------------------

#[test]
fn keywords_usable_as_static_traversal_roots() {
    for kw in ["true", "false", "null"] {
        let f = expr_ok(kw);
        let Expr::Literal(l) = f.expr() else { panic!() };
        assert_eq!(l.keyword(), Some(kw));
    }
}
