//! The lexer's unit tests.

use super::*;

/// Token kinds and texts, as a compact string: `Kind"text" ...`.
fn dump(src: &str, mode: LexMode) -> String {
    let (toks, _) = lex(src.as_bytes(), mode);
    toks.iter()
        .map(|t| format!("{}{:?}", &t.kind.name()[5..], String::from_utf8_lossy(t.span.slice(src.as_bytes()))))
        .collect::<Vec<_>>()
        .join(" ")
}

fn c(src: &str) -> String {
    dump(src, LexMode::Normal)
}

fn t(src: &str) -> String {
    dump(src, LexMode::Template)
}

#[test]
fn operators_and_delimiters() {
    assert_eq!(
        c("+ && == < : { [ ( ${"),
        r#"Plus"+" And"&&" EqualOp"==" LessThan"<" Colon":" OBrace"{" OBrack"[" OParen"(" Invalid"$" OBrace"{" EOF"""#
    );
    assert_eq!(
        c("- || != > ? } ] ) * ! <= = . / >= => , % ..."),
        r#"Minus"-" Or"||" NotEqual"!=" GreaterThan">" Question"?" CBrace"}" CBrack"]" CParen")" Star"*" Bang"!" LessThanEq"<=" Equal"=" Dot"." Slash"/" GreaterThanEq">=" FatArrow"=>" Comma"," Percent"%" Ellipsis"..." EOF"""#
    );
    assert_eq!(c("a..b"), r#"Ident"a" Dot"." Dot"." Ident"b" EOF"""#);
    assert_eq!(c("a::b"), r#"Ident"a" DoubleColon"::" Ident"b" EOF"""#);
    assert_eq!(c("a:::b"), r#"Ident"a" DoubleColon"::" Colon":" Ident"b" EOF"""#);
    assert_eq!(c("a**b"), r#"Ident"a" Star"*" Star"*" Ident"b" EOF"""#);
}

#[test]
fn numbers() {
    assert_eq!(
        c("1.2.3 1e5e5 1..2 1... 1e 1.e5 1E+5"),
        r#"NumberLit"1.2.3" NumberLit"1e5e5" NumberLit"1..2" NumberLit"1" Ellipsis"..." NumberLit"1" Ident"e" NumberLit"1.e5" NumberLit"1E+5" EOF"""#
    );
    assert_eq!(c("1e+"), r#"NumberLit"1" Ident"e" Plus"+" EOF"""#);
}

#[test]
fn identifiers() {
    assert_eq!(c("_a a-b -a é 1a"), r#"Ident"_a" Ident"a-b" Minus"-" Ident"a" Ident"é" NumberLit"1" Ident"a" EOF"""#);
    assert_eq!(c("e\u{301}x"), "Ident\"e\\u{301}x\" EOF\"\"");
    assert_eq!(c("a\u{200b}b"), "Ident\"a\" Invalid\"\\u{200b}\" Ident\"b\" EOF\"\"");
}

#[test]
fn comments_and_newlines() {
    assert_eq!(c("# c\r\nx"), r##"Comment"# c\r\n" Ident"x" EOF"""##);
    assert_eq!(c("#c"), r##"Comment"#c" EOF"""##);
    assert_eq!(c("// c\nx"), r#"Comment"// c\n" Ident"x" EOF"""#);
    assert_eq!(c("/* a */ b"), r#"Comment"/* a */" Ident"b" EOF"""#);
    assert_eq!(c("/* abc"), r#"Slash"/" Star"*" Ident"abc" EOF"""#);
    assert_eq!(c("a\r\nb\nc"), r#"Ident"a" Newline"\r\n" Ident"b" Newline"\n" Ident"c" EOF"""#);
    assert_eq!(c("a\rb"), r#"Ident"a" Invalid"\r" Ident"b" EOF"""#);
}

#[test]
fn whitespace_tabs_and_bom() {
    assert_eq!(c("a\t= 1"), r#"Ident"a" Equal"=" NumberLit"1" EOF"""#);
    let (toks, _) = lex(b"\xEF\xBB\xBFa", LexMode::Normal);
    assert_eq!(toks[0], Token::new(TokenKind::Ident, 3, 4));
}

#[test]
fn quoted_templates() {
    assert_eq!(
        c(r#""a$b%c$${d%%{e""#),
        r#"OQuote"\"" QuotedLit"a" QuotedLit"$" QuotedLit"b" QuotedLit"%" QuotedLit"c" QuotedLit"$${" QuotedLit"d" QuotedLit"%%{" QuotedLit"e" CQuote"\"" EOF"""#
    );
    assert_eq!(
        c(r#""x${a}y""#),
        r#"OQuote"\"" QuotedLit"x" TemplateInterp"${" Ident"a" TemplateSeqEnd"}" QuotedLit"y" CQuote"\"" EOF"""#
    );
    assert_eq!(c(r#""\u00e9\"x""#), r#"OQuote"\"" QuotedLit"\\u00e9\\\"x" CQuote"\"" EOF"""#);
    assert_eq!(c("\"abc$"), r#"OQuote"\"" QuotedLit"abc" Invalid"$" EOF"""#);
    assert_eq!(c("\"abc\\"), r#"OQuote"\"" QuotedLit"abc" Invalid"\\" EOF"""#);
    assert_eq!(
        c("\"a\\\nb\""),
        r#"OQuote"\"" QuotedLit"a" Invalid"\\" QuotedNewline"\n" QuotedLit"b" CQuote"\"" EOF"""#
    );
    assert_eq!(c("\"$${~x}\""), r#"OQuote"\"" QuotedLit"$${~" QuotedLit"x}" CQuote"\"" EOF"""#);
    assert_eq!(c("\"${x~}\""), r#"OQuote"\"" TemplateInterp"${" Ident"x" TemplateSeqEnd"~}" CQuote"\"" EOF"""#);
    assert_eq!(c("\"\u{ff}\""), "OQuote\"\\\"\" QuotedLit\"\u{ff}\" CQuote\"\\\"\" EOF\"\"",);
}

#[test]
fn identifier_bytes_eight_at_a_time_match_the_byte_class() {
    // Every byte value in every position, among identifier bytes.
    for b in 0..=255u8 {
        for pos in 0..8 {
            let mut bytes = *b"ab_-09Zz";
            bytes[pos] = b;
            let want: u64 =
                (0..8).filter(|&i| CLASS[bytes[i] as usize] & IDENT_CONT == 0).map(|i| 0x80u64 << (8 * i)).sum();
            assert_eq!(not_ident_bytes(u64::from_le_bytes(bytes)), want, "byte {b:#x} at {pos}");
        }
    }
}

#[test]
fn backslashes_of_quoted_literals_are_noticed() {
    let src = br#"a = "plain" "es\"cape" "$" "x\\y" "\"#;
    let mut lexer = Lexer::new(src, LexMode::Normal);
    let mut seen = Vec::new();
    loop {
        let t = lexer.next_token();
        if t.kind == TokenKind::Eof {
            break;
        }
        if t.kind == TokenKind::QuotedLit {
            // Asked right after the token is lexed, as the parser does at the latest.
            seen.push((String::from_utf8_lossy(t.span.slice(src)).into_owned(), lexer.may_have_backslash(t.span)));
        }
    }
    let expected = [("plain", false), ("es\\\"cape", true), ("$", false), ("x\\\\y", true)];
    assert_eq!(seen, expected.map(|(s, b)| (s.to_string(), b)));
}

#[test]
fn nested_braces_in_interpolation() {
    assert_eq!(
        c(r#""${ {a = "}"}["a"] }""#),
        r#"OQuote"\"" TemplateInterp"${" OBrace"{" Ident"a" Equal"=" OQuote"\"" QuotedLit"}" CQuote"\"" CBrace"}" OBrack"[" OQuote"\"" QuotedLit"a" CQuote"\"" CBrack"]" TemplateSeqEnd"}" CQuote"\"" EOF"""#
    );
}

#[test]
fn heredocs() {
    assert_eq!(c("x=<<EOT\n  EOT  \n"), r#"Ident"x" Equal"=" OHeredoc"<<EOT\n" CHeredoc"  EOT  " Newline"\n" EOF"""#);
    assert_eq!(
        c("x = <<EOT\r\nab\r\nEOT\r\n"),
        r#"Ident"x" Equal"=" OHeredoc"<<EOT\r\n" StringLit"ab\r\n" CHeredoc"EOT" Newline"\r\n" EOF"""#
    );
    assert_eq!(c("x=<<EOT\na\nEOT"), r#"Ident"x" Equal"=" OHeredoc"<<EOT\n" StringLit"a\n" StringLit"EOT" EOF"""#);
    assert_eq!(
        c("x=<<EOT\n${a}EOT\nEOT\n"),
        r#"Ident"x" Equal"=" OHeredoc"<<EOT\n" TemplateInterp"${" Ident"a" TemplateSeqEnd"}" StringLit"EOT\n" CHeredoc"EOT" Newline"\n" EOF"""#
    );
    assert_eq!(
        c("x=<<A\n${<<B\nb\nB\n}\nA\n"),
        r#"Ident"x" Equal"=" OHeredoc"<<A\n" TemplateInterp"${" OHeredoc"<<B\n" StringLit"b\n" CHeredoc"B" Newline"\n" TemplateSeqEnd"}" StringLit"\n" CHeredoc"A" Newline"\n" EOF"""#
    );
    assert_eq!(
        c("x=<<EOT\n$$$\nEOT\n"),
        r#"Ident"x" Equal"=" OHeredoc"<<EOT\n" StringLit"$" StringLit"$$" StringLit"\n" CHeredoc"EOT" Newline"\n" EOF"""#
    );
    assert_eq!(c("<<EOT\na\rb\nEOT\n"), r#"OHeredoc"<<EOT\n" StringLit"a" Invalid"\rb\nEOT\n" EOF"""#);
    assert_eq!(c("<<EOT x"), r#"LessThan"<" LessThan"<" Ident"EOT" Ident"x" EOF"""#);
}

#[test]
fn bare_templates() {
    assert_eq!(t("a$\nb"), r#"StringLit"a" StringLit"$" StringLit"\n" StringLit"b" EOF"""#);
    assert_eq!(t("a$"), r#"StringLit"a" StringLit"$" EOF"""#);
    assert_eq!(t("a\rb"), r#"StringLit"a" StringLit"\rb" EOF"""#);
    assert_eq!(t("$$\nb"), r#"StringLit"$$" StringLit"\n" StringLit"b" EOF"""#);
    assert_eq!(t("$${a}%%{b}"), r#"StringLit"$${" StringLit"a}" StringLit"%%{" StringLit"b}" EOF"""#);
}

#[test]
fn invalid_characters() {
    let (_, d) = lex("&|^~;`'".as_bytes(), LexMode::Normal);
    let got: Vec<_> = d.items.iter().map(|(p, s)| (p.message().0, s.start)).collect();
    assert_eq!(got.len(), 7);
    let (_, d) = lex(b"\xff \xfe", LexMode::Normal);
    assert_eq!(d.items, vec![(LexProblem::BadUtf8, Span::new(0, 1))]);
    let (_, d) = lex("\u{201c}x\u{201d}".as_bytes(), LexMode::Normal);
    assert_eq!(d.items[0].0, LexProblem::CurlyQuote);
    let (_, d) = lex(b"# \xff", LexMode::Normal);
    assert!(d.items.is_empty());
}
