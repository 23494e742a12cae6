//! Properties of the formatter on generated input.
//!
//! On configurations that parse it changes nothing but the white space between tokens (the
//! tokens, their order, the line breaks stay), the result parses, and formatting it again
//! changes nothing. On any input it never panics, its output grows at most linearly, and it is
//! idempotent whenever it kept the tokens: the layout is a function of the tokens alone. (It
//! does not always keep them on broken input, nor does the reference: removing the space in
//! `! ==` makes `!==`, which lexes as `!=` `=`; a space before a newline inside an
//! unterminated string becomes part of the string.)

use hclkit::format::{self, tokens, Formatter};
use hclkit::syntax::native::token::TokenKind;
use proptest::prelude::*;

/// Pieces of HCL-looking text, for arbitrary (mostly broken) input.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_string()),
        Just("name".to_string()),
        Just("in".to_string()),
        Just("for".to_string()),
        Just("1".to_string()),
        Just("2.5".to_string()),
        Just("=".to_string()),
        Just("==".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("\"".to_string()),
        Just("${".to_string()),
        Just("%{".to_string()),
        Just("~}".to_string()),
        Just("<<EOT\n".to_string()),
        Just("<<-EOT\n".to_string()),
        Just("EOT\n".to_string()),
        Just("# c\n".to_string()),
        Just("// c\n".to_string()),
        Just("/* c */".to_string()),
        Just("/*\n c\n*/".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just(" ".to_string()),
        Just("  ".to_string()),
        Just("\t".to_string()),
        Just(",".to_string()),
        Just(".".to_string()),
        Just("...".to_string()),
        Just("-".to_string()),
        Just("!".to_string()),
        Just("?".to_string()),
        Just(":".to_string()),
        Just("=>".to_string()),
        Just("*".to_string()),
        Just("\\".to_string()),
        Just("é".to_string()),
        Just("𝒜".to_string()),
        Just("🇬🇧".to_string()),
        Just("\u{301}".to_string()),
        Just(";".to_string()),
        // Not U+FEFF: formatting can move one to the start of the file, where the next pass
        // reads it as a byte order mark; the reference is not idempotent there either (see
        // tests/data/fmt/handwritten/bom_moved_to_start).
    ]
}

/// Generated configurations: each token with its separator chosen at random; `Sep` marks
/// where white space may go.
#[derive(Clone, Debug)]
enum Part {
    Text(String),
    Sep,
    Newline,
}

fn ident() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_string()),
        Just("bb".to_string()),
        Just("name".to_string()),
        Just("long_attribute_name".to_string()),
        Just("x-y".to_string()),
        Just("é𝒜".to_string()),
        Just("var".to_string()),
    ]
}

fn template_part() -> impl Strategy<Value = Vec<Part>> {
    prop_oneof![
        "[a-z 0-9]{0,6}".prop_map(|s| vec![Part::Text(s)]),
        Just(vec![Part::Text("é🇬🇧".into())]),
        Just(vec![Part::Text("$${x}".into())]),
        ident().prop_map(|i| vec![
            Part::Text("${".into()),
            Part::Sep,
            Part::Text(i),
            Part::Sep,
            Part::Text("}".into())
        ]),
        ident().prop_map(|i| vec![
            Part::Text("%{ if ".into()),
            Part::Text(i),
            Part::Sep,
            Part::Text("}".into()),
            Part::Text("y".into()),
            Part::Text("%{ endif }".into()),
        ]),
    ]
}

fn expr() -> impl Strategy<Value = Vec<Part>> {
    let leaf = prop_oneof![
        ident().prop_map(|i| vec![Part::Text(i)]),
        (0u32..1000).prop_map(|n| vec![Part::Text(n.to_string())]),
        Just(vec![Part::Text("1.5".into())]),
        Just(vec![Part::Text("true".into())]),
        Just(vec![Part::Text("null".into())]),
        prop::collection::vec(template_part(), 0..3).prop_map(|ps| {
            let mut v = vec![Part::Text("\"".into())];
            v.extend(ps.into_iter().flatten());
            v.push(Part::Text("\"".into()));
            v
        }),
        (ident(), ident()).prop_map(|(a, b)| vec![
            Part::Text(a),
            Part::Sep,
            Part::Text(".".into()),
            Part::Sep,
            Part::Text(b)
        ]),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop_oneof![Just("+"), Just("-"), Just("*"), Just("=="), Just("&&"), Just(">=")],
                inner.clone()
            )
                .prop_map(|(a, op, b)| {
                    let mut v = a;
                    v.extend([Part::Sep, Part::Text(op.into()), Part::Sep]);
                    v.extend(b);
                    v
                }),
            inner.clone().prop_map(|a| {
                let mut v = vec![Part::Text("-".into()), Part::Sep];
                v.extend(a);
                v
            }),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| {
                let mut v = c;
                v.extend([Part::Sep, Part::Text("?".into()), Part::Sep]);
                v.extend(a);
                v.extend([Part::Sep, Part::Text(":".into()), Part::Sep]);
                v.extend(b);
                v
            }),
            (prop::collection::vec(inner.clone(), 0..4), any::<bool>()).prop_map(|(items, multiline)| {
                let mut v = vec![Part::Text("[".into())];
                for (k, it) in items.into_iter().enumerate() {
                    if k > 0 {
                        v.extend([Part::Sep, Part::Text(",".into())]);
                    }
                    v.push(if multiline { Part::Newline } else { Part::Sep });
                    v.extend(it);
                }
                if multiline {
                    v.push(Part::Newline);
                }
                v.push(Part::Text("]".into()));
                v
            }),
            prop::collection::vec((ident(), inner.clone()), 0..3).prop_map(|items| {
                let mut v = vec![Part::Text("{".into())];
                for (k, val) in items {
                    v.extend([Part::Newline, Part::Text(k), Part::Sep, Part::Text("=".into()), Part::Sep]);
                    v.extend(val);
                }
                v.extend([Part::Newline, Part::Text("}".into())]);
                v
            }),
            (ident(), prop::collection::vec(inner.clone(), 0..3)).prop_map(|(f, args)| {
                let mut v = vec![Part::Text(f), Part::Text("(".into())];
                for (k, a) in args.into_iter().enumerate() {
                    if k > 0 {
                        v.extend([Part::Text(",".into()), Part::Sep]);
                    }
                    v.extend(a);
                }
                v.push(Part::Text(")".into()));
                v
            }),
            (ident(), inner.clone()).prop_map(|(x, a)| {
                let mut v = vec![Part::Text("[".into()), Part::Text("for".into()), Part::Sep, Part::Text(x)];
                v.extend([Part::Sep, Part::Text("in".into()), Part::Sep]);
                v.extend(a);
                v.extend([
                    Part::Sep,
                    Part::Text(":".into()),
                    Part::Sep,
                    Part::Text("1".into()),
                    Part::Text("]".into()),
                ]);
                v
            }),
            inner.prop_map(|a| {
                let mut v = vec![Part::Text("(".into()), Part::Sep];
                v.extend(a);
                v.extend([Part::Sep, Part::Text(")".into())]);
                v
            }),
        ]
    })
}

fn comment() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        4 => Just(None),
        1 => Just(Some("# note\n".to_string())),
        1 => Just(Some("// note é\n".to_string())),
    ]
}

/// A heredoc (a whole attribute value: its closing marker ends the line).
fn heredoc() -> impl Strategy<Value = Vec<Part>> {
    (any::<bool>(), prop::collection::vec(prop_oneof!["[a-z ]{0,8}", Just("  ${x}".to_string())], 0..3)).prop_map(
        |(indented, lines)| {
            let mut v = vec![Part::Text(if indented { "<<-EOT\n" } else { "<<EOT\n" }.into())];
            for l in lines {
                v.push(Part::Text(format!("{l}\n")));
            }
            v.extend([Part::Text("EOT".into()), Part::Text("\n".into())]);
            v
        },
    )
}

fn body(depth: u32) -> BoxedStrategy<Vec<Part>> {
    // Names with a number, so attributes of one body rarely share a name (which is an error).
    let name = (ident(), 0u32..1_000_000).prop_map(|(i, n)| format!("{i}{n}"));
    let value = prop_oneof![6 => (expr(), comment()), 1 => heredoc().prop_map(|h| (h, Some(String::new())))];
    let attr = (name, value).prop_map(|(name, (value, c))| {
        let mut v = vec![Part::Text(name), Part::Sep, Part::Text("=".into()), Part::Sep];
        v.extend(value);
        match c {
            Some(c) if c.is_empty() => {}
            Some(c) => v.extend([Part::Sep, Part::Text(c)]),
            None => v.push(Part::Newline),
        }
        v
    });
    if depth == 0 {
        return prop::collection::vec(attr, 0..4).prop_map(|v| v.into_iter().flatten().collect()).boxed();
    }
    let block = (
        ident(),
        prop::collection::vec(prop_oneof![ident(), "[a-z]{1,5}".prop_map(|s| format!("\"{s}\""))], 0..3),
        body(depth - 1),
    )
        .prop_map(|(ty, labels, inner)| {
            let mut v = vec![Part::Text(ty)];
            for l in labels {
                v.extend([Part::Sep, Part::Text(l)]);
            }
            v.extend([Part::Sep, Part::Text("{".into()), Part::Newline]);
            v.extend(inner);
            v.extend([Part::Text("}".into()), Part::Newline]);
            v
        });
    let item =
        prop_oneof![3 => attr, 1 => block, 1 => Just(vec![Part::Newline]), 1 => Just(vec![Part::Text("# c\n".into())])];
    prop::collection::vec(item, 0..6).prop_map(|v| v.into_iter().flatten().collect()).boxed()
}

/// A configuration with random white space: `Sep` becomes one to three spaces or tabs,
/// `Newline` a newline (or CRLF) with random indentation after it.
fn config() -> impl Strategy<Value = String> {
    (body(2), prop::collection::vec(0u8..6, 256), any::<bool>()).prop_map(|(parts, noise, crlf)| {
        let mut s = String::new();
        let mut k = 0;
        let mut next = || {
            k += 1;
            noise[k % noise.len()]
        };
        for p in parts {
            match p {
                Part::Text(t) => s.push_str(&t),
                Part::Sep => {
                    for _ in 0..1 + next() % 3 {
                        s.push(if next() == 0 { '\t' } else { ' ' });
                    }
                }
                Part::Newline => {
                    s.push_str(if crlf { "\r\n" } else { "\n" });
                    for _ in 0..next() {
                        s.push(' ');
                    }
                }
            }
        }
        s
    })
}

fn token_texts(src: &[u8]) -> Vec<(TokenKind, Vec<u8>)> {
    tokens(src).into_iter().map(|t| (t.kind, t.text.into_owned())).collect()
}

/// Cases per property: 300 in `cargo test`, 1500 in the full sweep (`HCLKIT_FULL_SWEEP=1`,
/// which `scripts/conformance` sets).
fn cases() -> u32 {
    if std::env::var("HCLKIT_FULL_SWEEP").is_ok_and(|v| !v.is_empty() && v != "0") {
        1500
    } else {
        300
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn idempotent_on_any_input(pieces in prop::collection::vec(piece(), 0..80)) {
        let src = pieces.concat();
        let once = format::format(src.as_bytes());
        if token_texts(src.as_bytes()) == token_texts(&once) {
            prop_assert_eq!(&format::format(&once), &once, "input {:?}", src);
        }
        // The token-sequence API lays out the same.
        let mut toks = tokens(src.as_bytes());
        Formatter::new().layout(&mut toks);
        let mut via = Vec::new();
        format::write_tokens(&toks, &mut via);
        prop_assert_eq!(&via, &once);
        // Bounded: per line at most the indentation limit and two paddings to the widest line.
        let lines = src.matches('\n').count() + 1;
        let bound = src.len() + lines * (2 * format::MAX_INDENT_LEVELS + 2 * src.len() + 8);
        prop_assert!(once.len() <= bound, "{} -> {} bytes", src.len(), once.len());
    }

    #[test]
    fn only_white_space_changes_on_valid_configurations(src in config()) {
        let diags = hclkit::parse_config(src.clone().into_bytes(), "gen.hcl").into_diagnostics();
        prop_assume!(!diags.has_errors());
        let out = format::format(src.as_bytes());
        prop_assert_eq!(token_texts(src.as_bytes()), token_texts(&out), "input {:?}", src);
        prop_assert_eq!(format::format(&out), out.clone());
        let after = hclkit::parse_config(out.clone(), "gen.hcl").into_diagnostics();
        prop_assert!(!after.has_errors(), "{}", after);
        // Without alignment: the same tokens, no run of two spaces between tokens on a line
        // except indentation.
        let flat = Formatter::new().align(false).format(src.as_bytes());
        prop_assert_eq!(token_texts(&flat), token_texts(&out));
        prop_assert_eq!(flat.iter().filter(|&&b| b == b'\n').count(), out.iter().filter(|&&b| b == b'\n').count());
    }
}

#[test]
fn generated_configurations_mostly_parse() {
    // The generator above is only useful if its output is valid HCL most of the time.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = config();
    let mut ok = 0;
    for _ in 0..300 {
        let src = strategy.new_tree(&mut runner).unwrap().current();
        let diags = hclkit::parse_config(src.into_bytes(), "gen.hcl").into_diagnostics();
        ok += usize::from(!diags.has_errors());
    }
    assert!(ok >= 240, "only {ok} of 300 generated configurations parse");
}
