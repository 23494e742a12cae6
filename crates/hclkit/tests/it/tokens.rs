//! The token stream a parse keeps (`ParseOptions::keep_tokens`): tokens and the gaps between
//! them are the source byte for byte, whatever the bytes; gaps are white space only; lookups
//! by offset agree with a scan; keeping tokens changes nothing else about the parse.

use hclkit::syntax::native::lexer::{lex, LexMode};
use hclkit::syntax::native::{ParseOptions, Piece, Tokens};
use hclkit::syntax::Parse;
use proptest::prelude::*;

/// The three native parses, keeping their tokens.
fn parses(src: &[u8]) -> Vec<(&'static str, Tokens, hclkit::Diagnostics)> {
    let keep = ParseOptions::new().keep_tokens(true);
    fn split<T>(p: Parse<T>) -> (Tokens, hclkit::Diagnostics) {
        let tokens = p.tokens().expect("tokens kept").clone();
        (tokens, p.into_diagnostics())
    }
    let (c, cd) = split(keep.parse_config(src.to_vec(), "c.hcl"));
    let (e, ed) = split(keep.parse_expression(src.to_vec(), "e.hcl"));
    let (t, td) = split(keep.parse_template(src.to_vec(), "t.hcl"));
    vec![("config", c, cd), ("expression", e, ed), ("template", t, td)]
}

fn check(src: &[u8]) -> Result<(), TestCaseError> {
    for (what, tokens, diags) in parses(src) {
        let joined: Vec<u8> = tokens.pieces().flat_map(|p| p.text().iter().copied()).collect();
        prop_assert_eq!(joined.as_slice(), src, "{}: pieces do not make the source", what);
        let mut end = 0;
        for (i, p) in tokens.pieces().enumerate() {
            let span = p.span();
            prop_assert_eq!(span.start, end, "{}: piece {} does not follow the last", what, i);
            end = span.end;
            if let Piece::Gap(span, text) = p {
                let bom = span.start == 0 && text.starts_with(b"\xEF\xBB\xBF");
                let rest = if bom { &text[3..] } else { text };
                prop_assert!(
                    rest.iter().all(|&b| b == b' ' || b == b'\t'),
                    "{}: gap {:?} holds {:?}",
                    what,
                    span,
                    text
                );
            }
        }
        prop_assert_eq!(tokens.as_slice().last().map(|t| t.kind), Some(hclkit::syntax::native::token::TokenKind::Eof));
        for offset in 0..=src.len() as u32 + 1 {
            let scan = tokens.iter().position(|t| t.span.contains(offset));
            prop_assert_eq!(tokens.index_at(offset), scan, "{}: index_at({})", what, offset);
        }
        // The tokens the parser read are the lexer's whole stream in the parse's mode.
        let mode = if what == "template" { LexMode::Template } else { LexMode::Normal };
        let (lexed, _) = lex(src, mode);
        prop_assert_eq!(tokens.as_slice(), lexed.as_slice(), "{}: kept tokens differ from the lexer's", what);
        // Keeping the tokens changes nothing about the parse.
        let plain = match what {
            "config" => hclkit::parse_config(src.to_vec(), "c.hcl").into_diagnostics(),
            "expression" => hclkit::parse_expression(src.to_vec(), "e.hcl").into_diagnostics(),
            _ => hclkit::parse_template(src.to_vec(), "t.hcl").into_diagnostics(),
        };
        prop_assert_eq!(plain, diags);
    }
    Ok(())
}

/// Fragments that move the lexer between its modes, and bytes it must keep as they are.
fn fragment() -> impl Strategy<Value = Vec<u8>> {
    let fixed: Vec<&'static [u8]> = vec![
        b"a",
        b"b_2-c",
        b" ",
        b"\t",
        b"\n",
        b"\r\n",
        b"\r",
        b"=",
        b"{",
        b"}",
        b"[",
        b"]",
        b"(",
        b")",
        b"\"",
        b"${",
        b"%{",
        b"~}",
        b"$${",
        b"\\",
        b"\\\"",
        b"<<EOT\n",
        b"<<-EOT\n",
        b"EOT\n",
        b"  EOT",
        b"# c\n",
        b"// c\n",
        b"/* c */",
        b"/*",
        b"1.5e3",
        b"::",
        b"...",
        b"\xEF\xBB\xBF",
        b"\xe5",
        b"\xff",
        b"\xc3\xa9",
        "\u{200d}".as_bytes(),
        b"\x00",
        b"for",
        b"in",
        b"if",
        b":",
        b"?",
        b"=>",
    ];
    prop_oneof![
        4 => proptest::sample::select(fixed).prop_map(<[u8]>::to_vec),
        1 => proptest::collection::vec(any::<u8>(), 1..4),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn pieces_are_the_source_for_any_bytes(src in proptest::collection::vec(any::<u8>(), 0..200)) {
        check(&src)?;
    }

    #[test]
    fn pieces_are_the_source_for_hcl_like_bytes(parts in proptest::collection::vec(fragment(), 0..40)) {
        check(&parts.concat())?;
    }
}

#[test]
fn tabs_bom_crlf_comments_and_bad_bytes_are_kept() {
    let src = b"\xEF\xBB\xBFa\t=\t\"x\xff\" # c\xe5\r\nb = <<EOT\n  y\xc3\xa9\n  EOT\n\xfe\n";
    check(src).unwrap();
    let keep = ParseOptions::new().keep_tokens(true);
    let parse = keep.parse_config(&src[..], "x.hcl");
    let tokens = parse.tokens().unwrap();
    // The byte order mark is the first gap; the bad byte outside a string is a token.
    assert_eq!(tokens.pieces().next().unwrap(), Piece::Gap(hclkit::Span::new(0, 3), b"\xEF\xBB\xBF"));
    let bad = tokens.at(src.len() as u32 - 2).unwrap();
    assert_eq!(bad.kind, hclkit::syntax::native::token::TokenKind::BadUtf8);
}

#[test]
fn json_parses_keep_no_tokens() {
    assert!(hclkit::syntax::json::parse(&b"{}"[..], "x.json").tokens().is_none());
}
