//! `hclkit::edit::Document` over the real-world corpus: every file prints back byte for byte,
//! and random edit sequences give text that parses, that `edits()` reproduces from the
//! original, and that is formatter-clean wherever the original was.

use hclkit::edit::{Document, Expression, Item, ItemKind, Position};
use proptest::prelude::*;

fn corpus_files() -> Vec<(String, String)> {
    let dir = super::corpus::corpus_dir();
    let mut files = Vec::new();
    super::corpus::walk(&dir, &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|f| Some((f.display().to_string(), String::from_utf8(std::fs::read(&f).ok()?).ok()?)))
        .collect()
}

#[test]
fn corpus_round_trips_byte_for_byte() {
    let files = corpus_files();
    let mut bad = Vec::new();
    let mut opaque = 0;
    for (name, src) in &files {
        let doc: Document = match src.parse() {
            Ok(d) => d,
            Err(e) => {
                bad.push(format!("{name}: {e}"));
                continue;
            }
        };
        if doc.body().items().len() == 1
            && matches!(doc.body().items()[0].kind(), ItemKind::Opaque(_))
            && !src.trim().is_empty()
        {
            opaque += 1;
        }
        if doc.to_string() != *src {
            bad.push(format!("{name}: differs"));
        }
        if let Some(e) = copied_expression(doc.body()) {
            bad.push(format!("{name}: expression {e:?} was copied, not shared with the source"));
        }
    }
    assert!(bad.is_empty(), "{} of {} files: {:?}", bad.len(), files.len(), &bad[..bad.len().min(10)]);
    // Every file is structured, not one opaque item.
    assert_eq!(opaque, 0, "{opaque} files were kept as one opaque item");
}

/// An expression of an unedited document that is not a range of its source, if any.
fn copied_expression(body: &hclkit::edit::Body) -> Option<String> {
    body.items().iter().find_map(|it| match it.kind() {
        ItemKind::Attribute(a) => (!a.expr().text().is_shared()).then(|| a.expr().to_string()),
        ItemKind::Block(b) => copied_expression(b.body()),
        _ => None,
    })
}

fn apply(original: &str, doc: &Document) -> String {
    let mut out = original.to_owned();
    for e in doc.edits().iter().rev() {
        out.replace_range(e.range.clone(), &e.text);
    }
    out
}

#[derive(Clone, Debug)]
enum Op {
    Set(usize, u32),
    Remove(usize),
    Append(usize, u32),
    Rename(usize),
    Sort,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (any::<usize>(), any::<u32>()).prop_map(|(i, v)| Op::Set(i, v)),
        any::<usize>().prop_map(Op::Remove),
        (any::<usize>(), any::<u32>()).prop_map(|(i, v)| Op::Append(i, v)),
        any::<usize>().prop_map(Op::Rename),
        Just(Op::Sort),
    ]
}

fn run(doc: &mut Document, op: &Op) {
    let n = doc.body().items().len();
    if n == 0 {
        return;
    }
    match *op {
        Op::Set(i, v) => {
            if let Some(name) = doc.body().items()[i % n].as_attribute().map(|a| a.name().to_owned()) {
                doc.body_mut().set_attribute(&name, Expression::raw(&v.to_string()));
            }
        }
        Op::Remove(i) => {
            doc.body_mut().remove(i % n);
        }
        Op::Append(i, v) => {
            let name = format!("added_{v}");
            if doc.body().items()[i % n].as_block().is_some() {
                doc.body_at_mut(&[i % n]).set_attribute(&name, Expression::raw(&v.to_string()));
            } else if doc.body().get_attribute(&name).is_none() {
                doc.body_mut().insert(Position::Index(i % (n + 1)), Item::attribute(&name, Expression::raw("1")));
            }
        }
        Op::Rename(i) => {
            if let Some(name) = doc.body().items()[i % n].as_attribute().map(|a| a.name().to_owned()) {
                let body = doc.body_mut();
                if body.get_attribute(&format!("{name}_x")).is_none() {
                    body.rename_attribute(&name, &format!("{name}_x"));
                }
            }
        }
        Op::Sort => doc.body_mut().sort_attributes(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn random_edits(pick in any::<usize>(), ops in proptest::collection::vec(op(), 1..6)) {
        let files = CORPUS.with(|c| c.clone());
        prop_assume!(!files.is_empty());
        let (name, src) = &files[pick % files.len()];
        let mut doc: Document = src.parse().unwrap();
        for o in &ops {
            run(&mut doc, o);
        }
        let out = doc.to_string();
        let diags = hclkit::parse_config(out.as_bytes(), name).into_diagnostics();
        prop_assert!(!diags.has_errors(), "{name}: {ops:?}: {diags}\n{out}");
        prop_assert_eq!(apply(src, &doc), out.clone());
        if hclkit::format::format_str(src) == *src {
            prop_assert_eq!(hclkit::format::format_str(&out), out, "{}: {:?}", name, ops);
        }
    }
}

thread_local! {
    static CORPUS: std::rc::Rc<Vec<(String, String)>> = std::rc::Rc::new(
        corpus_files().into_iter().enumerate().filter(|(i, _)| i % 25 == 0).map(|(_, f)| f).collect()
    );
}

#[test]
fn parse_never_fails_and_prints_back() {
    for src in
        ["a = [\n", "}\n", "a {\n b = \n}\nc = 1\n", "x = \"${\"\n", "\u{0}", "a = 1 b = 2\n", "a {\n  b = 1 }\n"]
    {
        let (doc, _) = Document::parse(src, "x");
        assert_eq!(doc.to_string(), src);
    }
}
