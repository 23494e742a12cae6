use super::*;

fn doc(s: &str) -> Document {
    s.parse().unwrap()
}

#[test]
fn round_trip() {
    for s in [
        "",
        "a = 1",
        "a = 1\n",
        "# c\n\na = 1 # t\n/* x\n y */\nb {\n  c = 2\n}\n",
        "b { a = 1 }\nc {}\n",
        "x = <<EOT\nhi\nEOT\n",
        "a = 1\r\nb {\r\n  c = 2\r\n}\r\n",
        "\u{feff}a = 1\n",
        "\ta\t=\t1\n",
    ] {
        let d = Document::parse(s, "x").0;
        assert_eq!(d.to_string(), s, "{s:?}");
    }
}

#[test]
fn broken_is_kept() {
    let s = "a = 1\nb = [\nc = 2\n";
    let (d, diags) = Document::parse(s, "x");
    assert!(diags.has_errors());
    assert_eq!(d.to_string(), s);
    assert!(s.parse::<Document>().is_err());
}

#[test]
fn set_keeps_comments_and_aligns() {
    let mut d = doc("# lead\na = 1 # t\nbb = 2\n\nc = 3\n");
    d.set("a", Expression::parse("\"x\"").unwrap()).unwrap();
    assert_eq!(d.to_string(), "# lead\na  = \"x\" # t\nbb = 2\n\nc = 3\n");
    d.set("dddd", Expression::parse("4").unwrap()).unwrap();
    assert_eq!(d.to_string(), "# lead\na  = \"x\" # t\nbb = 2\n\nc    = 3\ndddd = 4\n");
}

#[test]
fn comment_ownership_on_remove() {
    let mut d = doc("# own\na = 1\n# b's\nb = 2\n\n# alone\n\nc = 3\n");
    d.remove("b").unwrap();
    assert_eq!(d.to_string(), "# own\na = 1\n\n# alone\n\nc = 3\n");
    d.remove("a").unwrap();
    assert_eq!(d.to_string(), "\n# alone\n\nc = 3\n");
}

#[test]
fn nested_blocks_and_keys() {
    let mut d = doc("locals {\n  workload = {\n    vpc0 = { cidr = \"10.0.0.0/16\" }\n  }\n  l = [1, 2, 3]\n}\n");
    assert_eq!(d.get("locals.workload[\"vpc0\"].cidr").unwrap().as_str(), "\"10.0.0.0/16\"");
    assert_eq!(d.get("locals.l[1]").unwrap().as_str(), "2");
    d.set("locals.workload[\"vpc0\"].cidr", Expression::parse("\"10.1.0.0/16\"").unwrap()).unwrap();
    d.remove("locals.l[0]").unwrap();
    assert_eq!(
        d.to_string(),
        "locals {\n  workload = {\n    vpc0 = { cidr = \"10.1.0.0/16\" }\n  }\n  l = [2, 3]\n}\n"
    );
}

#[test]
fn new_block_is_indented() {
    let mut d = doc("a {\n  b = 1\n}\n");
    let body = d.body_at_mut(&[0]).unwrap();
    let mut blk = Item::block("c", &["x"]);
    if let ItemKind::Block(b) = &mut blk.kind {
        b.body.insert(Position::End, Item::attribute("d", Expression::raw("2")));
    }
    body.insert(Position::End, blk);
    assert_eq!(d.to_string(), "a {\n  b = 1\n  c \"x\" {\n    d = 2\n  }\n}\n");
}

#[test]
fn inline_block_expands() {
    let mut d = doc("a { b = 1 }\n");
    d.set("a.c", Expression::raw("2")).unwrap();
    assert_eq!(d.to_string(), "a {\n  b = 1\n  c = 2\n}\n");
}

#[test]
fn sort_within_groups() {
    let mut d = doc("b = 1\n# a's\na = 2\n\nd = 1\nc = 2\n");
    d.body_mut().sort_attributes();
    assert_eq!(d.to_string(), "# a's\na = 2\nb = 1\n\nc = 2\nd = 1\n");
}

#[test]
fn heredoc_delimiter_avoids_text() {
    let e = Expression::heredoc("EOT\nx", false);
    assert_eq!(e.as_str(), "<<EOT1\nEOT\nx\nEOT1");
}

#[test]
fn edits_cover_change() {
    let mut d = doc("a = 1\nb = 2\nc = 3\n");
    d.set("b", Expression::raw("5")).unwrap();
    let e = d.edits();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].range, 10..11);
    assert_eq!(e[0].text, "5");
    // Changes apart are edits apart; an added line is an insertion at a line's start.
    d.set("a", Expression::raw("4")).unwrap();
    d.set("d", Expression::raw("6")).unwrap();
    let e: Vec<_> = d.edits().into_iter().map(|e| (e.range, e.text)).collect();
    assert_eq!(e, [(4..5, "4".to_owned()), (10..11, "5".to_owned()), (18..18, "d = 6\n".to_owned())]);
}

/// Every piece of text of `body`, with where it is.
fn texts<'a>(body: &'a Body, out: &mut Vec<(&'static str, &'a Text)>) {
    // A body with no attribute or block has a made-up indentation (for items added later).
    if body.items.iter().any(|i| i.name().is_some()) {
        out.push(("body indent", &body.indent));
    }
    for it in &body.items {
        out.push(("lead", &it.lead));
        match &it.kind {
            ItemKind::Attribute(a) => {
                out.extend([("indent", &a.indent), ("name", &a.name), ("between", &a.between), ("trail", &a.trail)]);
                out.push(("expr", a.expr.text()));
            }
            ItemKind::Block(b) => {
                out.extend([("indent", &b.indent), ("type", &b.ty), ("open", &b.open_trail)]);
                out.extend([("close", &b.close_indent), ("trail", &b.trail)]);
                out.extend(b.labels.iter().map(|l| ("label", l)));
                out.extend(b.header.iter().map(|h| ("header", h)));
                out.extend(b.inline.iter().map(|h| ("inline", h)));
                // The body of a block written on one line is read again from its (short)
                // text: its own copy.
                if b.inline.is_none() {
                    texts(&b.body, out);
                }
            }
            ItemKind::Comment(s) | ItemKind::Blank(s) | ItemKind::Opaque(s) => out.push(("line", s)),
        }
    }
}

#[test]
fn reading_copies_no_text() {
    let src =
        "# c\n\n# lead\na = 1 # t\n/* x\n y */\nb \"l\" {\n  c = [1, 2]\n\n  d { e = 3 }\n}\nx = <<EOT\nhi\nEOT\n";
    let mut d = doc(src);
    let mut all = Vec::new();
    texts(&d.body, &mut all);
    assert!(all.len() > 20, "{all:?}");
    let copied: Vec<_> = all.iter().filter(|(_, t)| !t.is_empty() && !t.is_shared()).collect();
    assert!(copied.is_empty(), "copied: {copied:?}");
    // A sub-expression is a range of the source too.
    let el = d.get("b.l.c[1]").unwrap();
    assert_eq!(el.as_str(), "2");
    assert!(el.text().is_shared());
    // Only what is edited is copied.
    d.set("a", Expression::parse("2").unwrap()).unwrap();
    let a = d.body().get_attribute("a").unwrap();
    assert!(!a.expr().text().is_shared());
    assert!(a.name.is_shared() && a.trail.is_shared());
    assert!(d.body().get_block("b", &["l"]).unwrap().header.as_ref().unwrap().is_shared());
    assert_eq!(d.to_string(), src.replace("a = 1", "a = 2"));
}

#[test]
fn broken_and_odd_files_print_back() {
    for s in [
        "a = 1\nb = [\nc = 2\n",
        "}}}\na = 1\n",
        "a = \"\u{e9}\" # \u{e9}\r\nb = 2",
        "b {\n  c = 1\n  }\n",
        "b { c = 1\n}\n",
        "a = 1 b = 2\n",
        "\u{feff}",
        "/* open",
        "x = <<EOT\nnot closed\n",
    ] {
        let (d, _) = Document::parse(s, "x");
        assert_eq!(d.to_string(), s, "{s:?}");
    }
}

#[test]
fn object_items_own_their_comments() {
    let src = "x = {\n  /* block\n     comment */\n  # line\n  a = 1, # one\n  b = 2 /* two */\n  # alone\n\n  c = [3]\n  d = f(1) }\n";
    let d = doc(src);
    let items = d.get("x").unwrap().object_items().unwrap();
    let names: Vec<_> = items.iter().map(|i| i.name.clone().unwrap()).collect();
    assert_eq!(names, ["a", "b", "c", "d"]);
    assert_eq!(items[0].leading_comments, "  /* block\n     comment */\n  # line\n");
    assert_eq!(items[0].trailing_comment.as_deref(), Some("# one"));
    assert_eq!(items[1].leading_comments, "");
    assert_eq!(items[1].trailing_comment.as_deref(), Some("/* two */"));
    // A comment with a blank line after it is nobody's.
    assert_eq!(items[2].leading_comments, "");
    assert_eq!(items[3].trailing_comment, None);
    // Values are ranges of the document's source.
    assert!(items.iter().all(|i| i.value.text().is_shared() && i.key.text().is_shared()));
    assert_eq!(items[2].value.elements().unwrap()[0].as_str(), "3");
    let call = items[3].value.call().unwrap();
    assert_eq!((call.name.as_str(), call.args.len(), call.expand_final), ("f", 1, false));
    // The path API still reads and edits the same items.
    assert_eq!(d.get("x[\"c\"][0]").unwrap().as_str(), "3");
    // Not a container: None, no panic.
    for e in ["1", "var.x", "(", "{", "[1,", "f("] {
        let e = Expression::raw(e);
        assert!(e.object_items().is_none() || e.as_str() == "{");
        let _ = (e.elements(), e.call());
    }
}

#[test]
fn call_arguments_by_index() {
    let mut d = doc("tags = merge(local.common, {\n  Name = \"web\" # the name\n}, var.extra)\n");
    assert_eq!(d.get("tags[0]").unwrap().as_str(), "local.common");
    assert_eq!(d.get("tags[1][\"Name\"]").unwrap().as_str(), "\"web\"");
    d.set("tags[1][\"Name\"]", Expression::parse("\"db\"").unwrap()).unwrap();
    d.set("tags[2]", Expression::parse("var.more").unwrap()).unwrap();
    assert_eq!(d.to_string(), "tags = merge(local.common, {\n  Name = \"db\" # the name\n}, var.more)\n");
    assert!(d.remove("tags[0]").unwrap());
    assert_eq!(d.get("tags[0]").unwrap().as_str().trim_start(), "{\n  Name = \"db\" # the name\n}");
    assert!(!d.remove("tags[7]").unwrap());
    assert!(d.set("tags[7]", Expression::parse("1").unwrap()).is_err());
}

#[test]
fn comments_of_items_inside_expressions() {
    let src = "ports = [\n  # http\n  80,\n  443, # tls\n]\ninline = { a = 1, b = 2 }\n";
    let mut d = doc(src);
    assert_eq!(d.comments("ports[0]").as_deref(), Some("  # http\n"));
    assert_eq!(d.comments("ports[1]").as_deref(), Some(""));
    assert_eq!(d.comments("ports[5]"), None);
    assert_eq!(d.comments("nothing"), None);
    d.set_comments("ports[1]", "tls\nalso").unwrap();
    d.set_comments("ports[0]", "").unwrap();
    assert_eq!(d.to_string(), "ports = [\n  80,\n  # tls\n  # also\n  443, # tls\n]\ninline = { a = 1, b = 2 }\n");
    // No place for comment lines: an error, the text unchanged.
    let before = d.to_string();
    assert!(matches!(d.set_comments("inline[\"b\"]", "x"), Err(EditError::Expr(ExprError::NotOnItsOwnLine))));
    assert!(matches!(d.set_comments("nothing", "x"), Err(EditError::NotFound(_))));
    assert_eq!(d.to_string(), before);
    // The attribute's own comments through the same call.
    d.set_comments("inline", "one line").unwrap();
    assert!(d.to_string().ends_with("]\n# one line\ninline = { a = 1, b = 2 }\n"));
    // CRLF files get CRLF comment lines.
    let mut d = doc("x = {\r\n  a = 1\r\n}\r\n");
    d.set_comments("x[\"a\"]", "c").unwrap();
    assert_eq!(d.to_string(), "x = {\r\n  # c\r\n  a = 1\r\n}\r\n");
}

#[test]
fn edits_in_a_crlf_file_are_written_with_crlf() {
    let src = "r \"a\" {\r\n  x = 1 # t\r\n  tags = {\r\n    Name = \"n\"\r\n  }\r\n}\r\n";
    let e = |s: &str| Expression::parse(s).unwrap();
    // A key added to an object written on several lines.
    let mut d = doc(src);
    d.set("r.a.tags[\"Env\"]", e("\"dev\"")).unwrap();
    assert_eq!(d.to_string(), src.replace("\"n\"\r\n", "\"n\"\r\n    Env  = \"dev\"\r\n"));
    // A value written on several lines, and a heredoc.
    let mut d = doc(src);
    d.set("r.a.x", e("{\na = 1\n}")).unwrap();
    d.set("r.a.h", e("<<EOT\nhello\nEOT\n")).unwrap();
    let out = d.to_string();
    assert!(!out.replace("\r\n", "").contains('\n'), "a lone newline in {out:?}");
    assert!(out.contains("  x = {\r\n    a = 1\r\n  } # t\r\n"), "{out:?}");
    assert!(out.contains("  h = <<EOT\r\nhello\r\nEOT\r\n}"), "{out:?}");
}

#[test]
fn edits_keep_the_files_indentation_step() {
    let e = |s: &str| Expression::parse(s).unwrap();
    for unit in ["\t", "    "] {
        let src = "r \"a\" {\n\tx = 1\n\tn {\n\t\ty = 2\n\t}\n}\n".replace('\t', unit);
        let mut d = doc(&src);
        d.set("r.a.n.z", e("[1,2]")).unwrap();
        d.set("r.a.x", e("{\na = <<EOT\n  text\nEOT\n}")).unwrap();
        let want = "r \"a\" {\n\tx = {\n\t\ta = <<EOT\n  text\nEOT\n\t}\n\tn {\n\t\ty = 2\n\t\tz = [1, 2]\n\t}\n}\n";
        // The heredoc's text keeps its own white space.
        assert_eq!(d.to_string(), want.replace('\t', unit), "unit {unit:?}");
    }
}

#[test]
fn removing_an_object_item_or_element_removes_its_own_comments() {
    let src = "x = {\n  # about a\n  a = 1 # one\n  # about b\n  # more\n  b = [\n    # first\n    1,\n\n    # apart\n\n    # second\n    2,\n  ]\n}\n";
    let mut d = doc(src);
    assert!(d.remove("x[\"b\"][1]").unwrap());
    assert_eq!(d.to_string(), src.replace("    # second\n    2,\n", ""));
    assert!(d.remove("x[\"b\"][0]").unwrap());
    // A comment set apart by a blank line is nobody's: it stays.
    assert!(d.to_string().contains("b = [\n\n    # apart\n\n  ]"), "{}", d);
    assert!(d.remove("x[\"b\"]").unwrap());
    assert_eq!(d.to_string(), "x = {\n  # about a\n  a = 1 # one\n}\n");
    assert!(d.remove("x[\"a\"]").unwrap());
    assert_eq!(d.to_string(), "x = {\n}\n");
}

#[test]
fn blocks_written_on_one_line_are_found_by_address() {
    let src = "b \"x\" { y = 1 }\nc \"k\" { e = [1] }\nempty {}\n";
    let d = doc(src);
    assert_eq!(d.get("b.x.y").unwrap().as_str(), "1");
    assert_eq!(d.get("c.k.e[0]").unwrap().as_str(), "1");
    assert_eq!(d.blocks("c.k")[0].body().attributes().count(), 1);
    assert_eq!(d.to_string(), src);
    // Reading them changes nothing; editing one writes it on several lines.
    let mut d = doc(src);
    assert!(d.set("b.x.y", Expression::parse("2").unwrap()).unwrap());
    assert_eq!(d.to_string(), "b \"x\" {\n  y = 2\n}\nc \"k\" { e = [1] }\nempty {}\n");
    let mut d = doc(src);
    assert!(d.remove("c.k.e").unwrap());
    assert_eq!(d.to_string(), "b \"x\" { y = 1 }\nc \"k\" {\n}\nempty {}\n");
}

#[test]
fn an_expression_ending_in_a_heredoc_reads_as_in_a_file() {
    // Its text is kept without the closing line's newline; every reading adds it back.
    let e = Expression::parse("<<EOT\nhi ${var.x}\nEOT\n").unwrap();
    assert_eq!(e.as_str(), "<<EOT\nhi ${var.x}\nEOT");
    let ctx = crate::eval::EvalContext::new()
        .with_variable("var", hclkit_value::Value::object([("x", hclkit_value::Value::from("there"))]));
    let (v, diags) = e.evaluate(&ctx);
    assert!(!diags.has_errors(), "{diags}");
    assert_eq!(v, hclkit_value::Value::from("hi there\n"));
    let Node::Template(parts) = e.node() else { panic!("{:?}", e.node()) };
    assert_eq!(parts.len(), 3, "{parts:?}");
    assert_eq!(parts[2], TemplatePart::Literal("\n".into()));
    let o = Expression::parse("{ a = <<EOT\nhi\nEOT\n}").unwrap();
    assert_eq!(o.keys(), ["a"]);
}

#[test]
fn appending_elements_and_arguments() {
    let mut d = doc("a = []\nb = [1,]\nc = [\n  1\n]\nd = f()\ne = g(x...)\n");
    let v = |s: &str| Expression::parse(s).unwrap();
    d.set("a[0]", v("1")).unwrap();
    d.set("a[1]", v("2")).unwrap();
    d.set("b[1]", v("2")).unwrap();
    d.set("c[1]", v("2")).unwrap();
    d.set("d[0]", v("x")).unwrap();
    assert!(d.set("a[5]", v("9")).is_err());
    // After `...` no argument can follow.
    assert!(d.set("e[1]", v("y")).is_err());
    assert_eq!(d.to_string(), "a = [1, 2]\nb = [1, 2]\nc = [\n  1,\n  2\n]\nd = f(x)\ne = g(x...)\n");
    // Unchecked, broken text: an error or an edit, never a panic.
    for t in ["[1", "[1,", "f(1", "[", "f(", "[1]]", "(([1]))", "[\n1"] {
        let mut e = Expression::raw(t);
        let _ = e.set(&[Step::Index(1)], &v("2"));
        let _ = e.set(&[Step::Index(0), Step::Index(0)], &v("2"));
    }
}

fn ex(s: &str) -> Expression {
    Expression::parse(s).unwrap()
}

#[test]
fn structured_parts_by_path() {
    use super::Step::*;
    let mut e = ex("var.on ? a * b : -x");
    assert_eq!(e.get(&[Condition]).unwrap().as_str(), "var.on");
    assert_eq!(e.get(&[TrueResult, Right]).unwrap().as_str(), "b");
    assert_eq!(e.get(&[FalseResult, Operand]).unwrap().as_str(), "x");
    // An operand that is an operation gets parentheses, keeping its meaning.
    e.set(&[TrueResult, Right], &ex("b + c")).unwrap();
    e.set(&[FalseResult, Operand], &ex("y")).unwrap();
    e.set(&[Condition, Root], &ex("local")).unwrap();
    assert_eq!(e.as_str(), "local.on ? a * (b + c) : -y");
    e.set(&[TrueResult, Right, Inner, Left], &ex("2")).unwrap();
    assert_eq!(e.as_str(), "local.on ? a * (2 + c) : -y");
    // A nested conditional as a result is parenthesized too.
    e.set(&[FalseResult], &ex("p ? 1 : 2")).unwrap();
    assert_eq!(e.as_str(), "local.on ? a * (2 + c) : (p ? 1 : 2)");
    assert!(e.get(&[Left]).is_none());
    assert!(matches!(e.set(&[Left], &ex("1")), Err(ExprError::NoSuchPart(..))));
    assert!(matches!(e.remove(&[Condition]), Err(ExprError::NoSuchPart(..))));
}

#[test]
fn traversal_root_and_steps() {
    use super::Step::*;
    let mut e = ex("var.subnets[0].id");
    assert_eq!(e.get(&[Root]).unwrap().as_str(), "var");
    assert_eq!(e.get(&[Traversal(0)]).unwrap().as_str(), "subnets");
    assert_eq!(e.get(&[Traversal(1)]).unwrap().as_str(), "0");
    e.set(&[Root], &ex("local")).unwrap();
    e.set(&[Traversal(0)], &ex("private_subnets")).unwrap();
    e.set(&[Traversal(1)], &ex("count.index")).unwrap();
    e.set(&[Traversal(2)], &ex("arn")).unwrap();
    assert_eq!(e.as_str(), "local.private_subnets[count.index].arn");
    // A name takes a name only; nothing changes on an error.
    assert!(matches!(e.set(&[Root], &ex("f(x)")), Err(ExprError::Invalid(_))));
    assert!(matches!(e.set(&[Traversal(0)], &ex("a.b")), Err(ExprError::Invalid(_))));
    assert_eq!(e.as_str(), "local.private_subnets[count.index].arn");
    // Traversals from an expression, and index expressions.
    let mut e = ex("lookup(m, k).name");
    e.set(&[Root, Index(1)], &ex("\"k2\"")).unwrap();
    e.set(&[Traversal(0)], &ex("id")).unwrap();
    assert_eq!(e.as_str(), "lookup(m, \"k2\").id");
    let mut e = ex("aws_instance.web[*].id");
    e.set(&[Root, Traversal(0)], &ex("app")).unwrap();
    assert_eq!(e.as_str(), "aws_instance.app[*].id");
    let e = ex("a.0.b");
    assert_eq!(e.get(&[Traversal(1)]).unwrap().as_str(), "b");
    let Node::Traversal(t) = e.node() else { panic!("{:?}", e.node()) };
    assert_eq!(t.steps, [TraversalStep::Index(ex("0")), TraversalStep::Attr("b".into())]);
}

#[test]
fn template_parts_and_for() {
    use super::Step::*;
    let mut e = ex("\"${var.name}-${var.env}.example.com\"");
    let Node::Template(parts) = e.node() else { panic!() };
    assert_eq!(parts.len(), 4);
    assert_eq!(parts[1], crate::edit::TemplatePart::Literal("-".into()));
    assert_eq!(parts[2], crate::edit::TemplatePart::Interpolation(ex("var.env")));
    e.set(&[TemplatePart(2), Root], &ex("local")).unwrap();
    e.set(&[TemplatePart(0)], &ex("upper(var.name)")).unwrap();
    assert_eq!(e.as_str(), "\"${upper(var.name)}-${local.env}.example.com\"");
    // A literal part reads as a quoted string of its text, and is set from one.
    assert_eq!(e.get(&[TemplatePart(1)]), Some(ex("\"-\"")));
    e.set(&[TemplatePart(1)], &ex("\"_\"")).unwrap();
    assert_eq!(e.as_str(), "\"${upper(var.name)}_${local.env}.example.com\"");
    assert!(e.get(&[TemplatePart(1), Root]).is_none());
    let mut e = ex("{ for k, v in var.m : k => upper(v) if v != \"\" }");
    let Node::For { key_var, value_var, object, .. } = e.node() else { panic!() };
    assert_eq!((key_var.as_deref(), value_var.as_str(), object), (Some("k"), "v", true));
    e.set(&[Collection], &ex("local.m")).unwrap();
    e.set(&[ForKey], &ex("lower(k)")).unwrap();
    e.set(&[ForValue, Index(0)], &ex("trimspace(v)")).unwrap();
    e.set(&[Condition, Right], &ex("\"-\"")).unwrap();
    assert_eq!(e.as_str(), "{ for k, v in local.m : lower(k) => upper(trimspace(v)) if v != \"-\" }");
}

#[test]
fn call_arguments_insert_and_remove() {
    use super::Step::*;
    let mut e = ex("merge(a, b)");
    e.insert(&[Index(0)], &ex("z")).unwrap();
    e.insert(&[Index(3)], &ex("c")).unwrap();
    assert_eq!(e.as_str(), "merge(z, a, b, c)");
    assert!(e.remove(&[Index(1)]).unwrap());
    assert_eq!(e.as_str(), "merge(z, b, c)");
    assert!(matches!(e.insert(&[Index(9)], &ex("q")), Err(ExprError::NoSuchElement(9))));
    // On several lines: a line of its own, above the element's comments.
    let mut e = ex("concat(\n  # first\n  a,\n  b,\n)");
    e.insert(&[Index(0)], &ex("z")).unwrap();
    assert_eq!(e.as_str(), "concat(\n  z,\n  # first\n  a,\n  b,\n)");
    let mut d = doc("x = [1, 3]\n");
    d.insert("x[1]", ex("2")).unwrap();
    assert_eq!(d.to_string(), "x = [1, 2, 3]\n");
}

#[test]
fn object_items_inserted_at_a_position_are_aligned() {
    let mut d = doc("tags = {\n  Name = \"web\"\n  Env  = \"prod\"\n}\n");
    let path = d.attribute_path("tags").unwrap();
    let ItemKind::Attribute(a) = &mut d.item_at_mut(&path).unwrap().kind else { panic!() };
    a.expr.insert_item(&[], Position::After("Name"), "CostCenter", &ex("\"42\"")).unwrap();
    a.expr.insert_item(&[], Position::End, "Z", &ex("1")).unwrap();
    assert_eq!(
        d.to_string(),
        "tags = {\n  Name       = \"web\"\n  CostCenter = \"42\"\n  Env        = \"prod\"\n  Z          = 1\n}\n"
    );
    let mut e = ex("{ a = { x = 1 } }");
    e.insert_item(&[Step::Key("a".into())], Position::Start, "w", &ex("0")).unwrap();
    assert_eq!(e.as_str(), "{ a = { w = 0, x = 1 } }");
    assert!(matches!(
        e.insert_item(&[Step::Key("nope".into())], Position::Start, "w", &ex("0")),
        Err(ExprError::NoSuchKey(_))
    ));
}

#[test]
fn heredocs_and_directives_as_template_parts() {
    use crate::edit::TemplatePart as P;
    let mut e = ex("<<EOT\nhello ${var.name}\n%{ if var.x }yes%{ endif }\nEOT\n");
    let Node::Template(parts) = e.node() else { panic!("{:?}", e.node()) };
    assert_eq!(parts[0], P::Literal("hello ".into()));
    assert_eq!(parts[1], P::Interpolation(ex("var.name")));
    assert!(parts.iter().any(|p| matches!(p, P::Directive(d) if d.starts_with("%{ if"))), "{parts:?}");
    e.set(&[Step::TemplatePart(1), Step::Traversal(0)], &ex("user")).unwrap();
    assert!(e.as_str().starts_with("<<EOT\nhello ${var.user}\n"), "{}", e.as_str());
    // A directive is not an interpolation: not reached by a step.
    let i = parts.iter().position(|p| matches!(p, P::Directive(_))).unwrap();
    assert!(e.get(&[Step::TemplatePart(i)]).is_none());
    // In a document, where the heredoc's last newline ends the attribute's line.
    let mut d = doc("msg = <<EOT\nhi ${var.name}\nEOT\nx = 1\n");
    let path = d.attribute_path("msg").unwrap();
    let ItemKind::Attribute(a) = &mut d.item_at_mut(&path).unwrap().kind else { panic!() };
    a.expr.set(&[Step::TemplatePart(1), Step::Root], &ex("local")).unwrap();
    // The edited attribute's `=` group (a heredoc is one line to the formatter) is aligned,
    // as hclfmt aligns it.
    assert_eq!(d.to_string(), "msg = <<EOT\nhi ${local.name}\nEOT\nx   = 1\n");
    assert_eq!(crate::format::format_str(&d.to_string()), d.to_string());
}

#[test]
fn addresses_reach_structured_parts() {
    let src = "locals {\n  x = var.on ? \"a-${var.b}-c\" : upper(var.d)\n  y = [for k, v in var.m : \"${k}=${v}\" if v != null]\n  z = -(a + b)\n}\n";
    let mut doc: Document = src.parse().unwrap();
    let get = |doc: &Document, a: &str| doc.get(a).map(|e| e.as_str().to_owned());
    assert_eq!(get(&doc, "locals.x#condition").as_deref(), Some("var.on"));
    assert_eq!(get(&doc, "locals.x#condition#root").as_deref(), Some("var"));
    assert_eq!(get(&doc, "locals.x#true#part[1]").as_deref(), Some("var.b"));
    assert_eq!(get(&doc, "locals.x#false[0]#traversal[0]").as_deref(), Some("d"));
    assert_eq!(get(&doc, "locals.y#collection").as_deref(), Some("var.m"));
    assert_eq!(get(&doc, "locals.y#value#part[2]").as_deref(), Some("v"));
    assert_eq!(get(&doc, "locals.y#condition#left").as_deref(), Some("v"));
    assert_eq!(get(&doc, "locals.z#operand#inner#right").as_deref(), Some("b"));
    assert_eq!(get(&doc, "locals.x#left"), None);
    doc.set("locals.x#false[0]", Expression::parse("var.e").unwrap()).unwrap();
    doc.set("locals.z#operand#inner#left", Expression::parse("c * d").unwrap()).unwrap();
    doc.set("locals.y#condition#right", Expression::parse("\"\"").unwrap()).unwrap();
    assert_eq!(
        doc.to_string(),
        "locals {\n  x = var.on ? \"a-${var.b}-c\" : upper(var.e)\n  y = [for k, v in var.m : \"${k}=${v}\" if v != \"\"]\n  z = -((c * d) + b)\n}\n"
    );
    // A part is replaced, never removed; a bad address says where it stopped.
    assert!(doc.remove("locals.x#condition").is_err());
    let err = doc.set("locals.x#part", Expression::parse("1").unwrap()).unwrap_err();
    let EditError::Address(e) = &err else { panic!("{err:?}") };
    assert_eq!((e.offset(), e.expected()), (13, "`[N]` after `#part`"));
    let d = err.to_diagnostic("locals.x#part");
    assert_eq!(d.summary, "Invalid address");
    let r = d.subject.unwrap();
    assert_eq!((r.start.column, r.end.column), (14, 14));
    assert_eq!(doc.get("locals.x#part"), None);
}

#[test]
fn template_literal_parts_set_by_path() {
    let src = "a = \"Hello, ${name}!\"\nb = <<EOT\nhi ${x}\nbye\nEOT\nc = \"plain\"\n";
    let mut doc: Document = src.parse().unwrap();
    let s = |t: &str| Expression::parse(t).unwrap();
    // Read as a quoted string of the text.
    assert_eq!(doc.get("a#part[0]").unwrap().as_str(), "\"Hello, \"");
    // Literal text is one part however the parser splits it (at `$${`, `$`, a heredoc's lines).
    assert_eq!(doc.get("b#part[2]").unwrap().as_str(), "\"\\nbye\\n\"");
    assert_eq!(doc.get("c#part[0]").unwrap().as_str(), "\"plain\"");
    // Set: escaped for a quoted template, `${` and `%{` doubled in both kinds.
    doc.set("a#part[0]", s(r#""Say \"$${hi}\"\n%%{x} $ \\ ""#)).unwrap();
    doc.set("b#part[0]", s(r#""a \"quote\" $${b} ""#)).unwrap();
    doc.set("b#part[2]", s("<<X\n\nlast\nX")).unwrap();
    doc.set("c#part[0]", s("\"tab\\there\"")).unwrap();
    assert_eq!(
        doc.to_string(),
        "a = \"Say \\\"$${hi}\\\"\\n%%{x} $ \\\\ ${name}!\"\nb = <<EOT\na \"quote\" $${b} ${x}\nlast\nEOT\nc = \"tab\\there\"\n"
    );
    assert_eq!(doc.get("a#part[0]").unwrap().as_str(), r#""Say \"$${hi}\"\n%%{x} $ \\ ""#);
    // What would not read back the same is refused and leaves the expression as it was.
    let before = doc.to_string();
    assert!(doc.set("a#part[0]", s("\"ends with $\"")).is_err(), "a $ before ${{ reads as an escape");
    assert!(doc.set("b#part[2]", s("\"\\nEOT\\n\"")).is_err(), "the delimiter as a line");
    assert!(doc.set("a#part[0]", s("var.x")).is_err(), "not a string");
    assert!(doc.set("a#part[0]", s("\"${var.x}\"")).is_err(), "not a constant string");
    assert!(doc.set("a#part[0]#root", s("\"x\"")).is_err());
    assert_eq!(doc.to_string(), before);
}

#[test]
fn insert_at_a_position_by_address() {
    let src = "tags = { a = 1, c = 3 }\nm = {\n  x = 1 # one\n\n  # zed\n  z = 3\n}\n";
    let mut doc: Document = src.parse().unwrap();
    let e = |t: &str| Expression::parse(t).unwrap();
    doc.insert_at("tags[\"b\"]", Position::After("a"), e("2")).unwrap();
    doc.insert_at("tags[\"0\"]", Position::Start, e("0")).unwrap();
    doc.insert_at("m[\"y\"]", Position::Before("z"), e("2")).unwrap();
    doc.insert_at("m[\"w w\"]", Position::Index(0), e("0")).unwrap();
    doc.insert("tags.d", e("4")).unwrap_err(); // `tags.d` is an attribute `d` of a block `tags`
    doc.insert("tags[\"d\"]", e("4")).unwrap();
    doc.insert_at("first", Position::Start, e("true")).unwrap();
    assert_eq!(
        doc.to_string(),
        "first = true\ntags  = { \"0\" = 0, a = 1, b = 2, c = 3, d = 4 }\nm = {\n  \"w w\" = 0\n  x     = 1 # one\n\n  y = 2\n  # zed\n  z = 3\n}\n"
    );
    // An insert: never over what is there; a list element is `insert`'s.
    assert!(matches!(
        doc.insert_at("tags[\"a\"]", Position::End, e("9")),
        Err(EditError::Expr(ExprError::DuplicateKey(_)))
    ));
    assert!(matches!(doc.insert_at("first", Position::End, e("9")), Err(EditError::Expr(ExprError::DuplicateKey(_)))));
    assert!(doc.insert_at("tags[0]", Position::End, e("9")).is_err());
    assert!(matches!(doc.insert_at("nope[\"k\"]", Position::End, e("9")), Err(EditError::NotFound(_))));
    // The JSON syntax adds a property at the end only.
    let (mut j, _) = AnyDocument::parse("{\"tags\": {\"a\": 1}}\n", "x.tf.json");
    j.insert_at("tags[\"b\"]", Position::End, e("2")).unwrap();
    assert!(matches!(j.insert_at("tags[\"c\"]", Position::Before("a"), e("3")), Err(EditError::Unsupported(_))));
    assert!(j.insert_at("tags[\"b\"]", Position::End, e("3")).is_err());
    assert_eq!(j.get("tags[\"b\"]").as_deref(), Some("2"));
}

#[test]
fn indented_heredoc_literal_text_keeps_its_indentation() {
    let src = "locals {\n  x = <<-EOT\n    hello\n    ${name}\n    bye\n  EOT\n}\n";
    let mut doc: Document = src.parse().unwrap();
    assert_eq!(doc.get("locals.x#part[0]").unwrap().as_str(), "\"hello\\n\"");
    doc.set("locals.x#part[0]", Expression::parse("\"one\\ntwo\\n\"").unwrap()).unwrap();
    doc.set("locals.x#part[2]", Expression::parse("\"\\nlast\\n\"").unwrap()).unwrap();
    assert_eq!(doc.to_string(), "locals {\n  x = <<-EOT\n    one\n    two\n    ${name}\n    last\n  EOT\n}\n");
    assert_eq!(doc.get("locals.x#part[0]").unwrap().as_str(), "\"one\\ntwo\\n\"");
}
