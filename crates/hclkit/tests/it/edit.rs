//! `hclkit::edit::Document` over the real-world corpus: every file prints back byte for byte,
//! and random edit sequences give text that parses, that `edits()` reproduces from the
//! original, and that is formatter-clean wherever the original was.

use hclkit::edit::{Address, Document, Expression, Item, ItemKind, JsonDocument, Position, Step};
use hclkit_value::json::Node as JsonNode;
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
    /// Sets the part of an attribute's value at a path of structured steps (by number).
    Part(usize, Vec<u8>),
}

fn step(b: u8) -> Step {
    match b % 14 {
        0 => Step::Condition,
        1 => Step::TrueResult,
        2 => Step::FalseResult,
        3 => Step::Left,
        4 => Step::Right,
        5 => Step::Operand,
        6 => Step::Inner,
        7 => Step::Root,
        8 => Step::Traversal(usize::from(b / 14 % 4)),
        9 => Step::TemplatePart(usize::from(b / 14 % 4)),
        10 => Step::Collection,
        11 => Step::ForValue,
        12 => Step::Index(usize::from(b / 14 % 4)),
        _ => Step::ForKey,
    }
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (any::<usize>(), any::<u32>()).prop_map(|(i, v)| Op::Set(i, v)),
        any::<usize>().prop_map(Op::Remove),
        (any::<usize>(), any::<u32>()).prop_map(|(i, v)| Op::Append(i, v)),
        any::<usize>().prop_map(Op::Rename),
        Just(Op::Sort),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..4)).prop_map(|(i, p)| Op::Part(i, p)),
    ]
}

/// Runs `op`, keeping `ids` (the original index of each top-level item, `None` for an added
/// one) in step with the items; returns the original items the edit may change: the ones it
/// names and, for an added item, its neighbours (`None`: any).
fn run(doc: &mut Document, ids: &mut Vec<Option<usize>>, op: &Op) -> Option<Vec<usize>> {
    let n = doc.body().items().len();
    if n == 0 {
        return Some(Vec::new());
    }
    let around = |ids: &[Option<usize>], i: usize| -> Vec<usize> {
        [i.checked_sub(1), Some(i), Some(i + 1)]
            .into_iter()
            .flatten()
            .filter_map(|j| ids.get(j).copied().flatten())
            .collect()
    };
    match *op {
        Op::Set(i, v) => {
            if let Some(name) = doc.body().items()[i % n].as_attribute().map(|a| a.name().to_owned()) {
                doc.body_mut().set_attribute(&name, Expression::raw(&v.to_string()));
                return Some(ids[i % n].into_iter().collect());
            }
        }
        Op::Remove(i) => {
            let i = i % n;
            let touched = around(ids, i);
            doc.body_mut().remove(i);
            ids.remove(i);
            if doc.body().items().len() + 1 < n {
                // Two blank items met: one went.
                ids.remove(i);
            }
            return Some(touched);
        }
        Op::Append(i, v) => {
            let name = format!("added_{v}");
            if doc.body().items()[i % n].as_block().is_some() {
                doc.body_at_mut(&[i % n]).unwrap().set_attribute(&name, Expression::raw(&v.to_string()));
                return Some(ids[i % n].into_iter().collect());
            } else if doc.body().get_attribute(&name).is_none() {
                let at =
                    doc.body_mut().insert(Position::Index(i % (n + 1)), Item::attribute(&name, Expression::raw("1")));
                ids.insert(at, None);
                return Some(around(ids, at));
            }
        }
        Op::Rename(i) => {
            if let Some(name) = doc.body().items()[i % n].as_attribute().map(|a| a.name().to_owned()) {
                let body = doc.body_mut();
                if body.get_attribute(&format!("{name}_x")).is_none() {
                    body.rename_attribute(&name, &format!("{name}_x"));
                    return Some(ids[i % n].into_iter().collect());
                }
            }
        }
        Op::Sort => {
            doc.body_mut().sort_attributes();
            return None;
        }
        Op::Part(i, ref path) => {
            let Some(attr) = doc.body().items()[i % n].as_attribute() else { return Some(Vec::new()) };
            let (name, mut expr) = (attr.name().to_owned(), attr.expr().clone());
            let path: Vec<Step> = path.iter().map(|&b| step(b)).collect();
            let _ = expr.node();
            let Some(old) = expr.get(&path) else { return Some(Vec::new()) };
            // A name stays a name; a string (a template's literal text too) becomes a string
            // that needs escapes; anything else may become any expression.
            let value = if old.as_str().chars().all(|c| c.is_alphanumeric() || c == '_') {
                "renamed"
            } else if old.as_str().starts_with('"') {
                r#""q\"$${x}%%{y}\\ $ z""#
            } else {
                "(var.x)"
            };
            // Half the time by address (its canonical text), which must reach the same part.
            if i % 2 == 0 {
                let address = Address { parts: vec![name], path }.to_string();
                assert_eq!(doc.get(&address).as_ref().map(Expression::as_str), Some(old.as_str()), "{address}");
                if doc.set(&address, Expression::parse(value).unwrap()).is_ok() {
                    return Some(ids[i % n].into_iter().collect());
                }
            } else if expr.set(&path, &Expression::parse(value).unwrap()).is_ok() {
                doc.body_mut().set_attribute(&name, expr);
                return Some(ids[i % n].into_iter().collect());
            }
        }
    }
    Some(Vec::new())
}

/// The byte ranges of the original top-level items that edits may change when `touched` were:
/// those, the attributes (and one-line blocks) in an unbroken run with one of them (their `=`
/// alignment group), and the blank lines next to them (two blank lines meeting become one).
fn allowed(doc: &Document, touched: &[usize]) -> Vec<std::ops::Range<usize>> {
    let items = doc.body().items();
    let aligned = |i: usize| match items[i].kind() {
        ItemKind::Attribute(_) => true,
        ItemKind::Block(b) => b.is_inline(),
        _ => false,
    };
    let mut ok = vec![false; items.len()];
    for &t in touched {
        ok[t] = true;
        for dir in [-1isize, 1] {
            let mut j = t as isize + dir;
            while j >= 0 && (j as usize) < items.len() && aligned(j as usize) {
                ok[j as usize] = true;
                j += dir;
            }
            if j >= 0 && (j as usize) < items.len() && matches!(items[j as usize].kind(), ItemKind::Blank(_)) {
                ok[j as usize] = true;
            }
        }
    }
    let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
    let mut at = 0;
    for (i, it) in items.iter().enumerate() {
        let len = it.to_text().len();
        if ok[i] {
            match ranges.last_mut() {
                Some(r) if r.end == at => r.end = at + len,
                _ => ranges.push(at..at + len),
            }
        }
        at += len;
    }
    ranges
}

/// The cases a property test runs: `PROPTEST_CASES` when set (for long runs by hand), else
/// `default` (an explicit count in the config would override the variable).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]
    #[test]
    fn random_edits(pick in any::<usize>(), ops in proptest::collection::vec(op(), 1..6)) {
        let files = CORPUS.with(|c| c.clone());
        prop_assume!(!files.is_empty());
        let (name, src) = &files[pick % files.len()];
        let mut doc: Document = src.parse().unwrap();
        let original = doc.clone();
        let mut ids: Vec<Option<usize>> = (0..doc.body().items().len()).map(Some).collect();
        let mut touched = Some(Vec::new());
        for o in &ops {
            match (run(&mut doc, &mut ids, o), &mut touched) {
                (Some(t), Some(all)) => all.extend(t),
                _ => touched = None,
            }
        }
        let out = doc.to_string();
        let diags = hclkit::parse_config(out.as_bytes(), name).into_diagnostics();
        prop_assert!(!diags.has_errors(), "{name}: {ops:?}: {diags}\n{out}");
        let edits = doc.edits();
        prop_assert_eq!(apply(src, &doc), out.clone());
        // Edits are apart and in order: one per changed region, each narrowed to where the
        // texts differ (not the same first or last character, but to keep a `\r\n` whole).
        for w in edits.windows(2) {
            prop_assert!(w[0].range.end < w[1].range.start, "{}: {:?} and {:?}", name, w[0].range, w[1].range);
        }
        for e in &edits {
            let old = &src[e.range.clone()];
            let same_first = old.chars().next().is_some_and(|c| e.text.starts_with(c) && c != '\r');
            let same_last = old.chars().last().is_some_and(|c| e.text.ends_with(c) && c != '\n');
            prop_assert!(!same_first && !same_last, "{}: {:?} -> {:?}", name, old, e.text);
        }
        // Untouched lines keep their bytes: every edit lies in the items the operations
        // changed, their alignment groups and the blank lines next to them.
        if let Some(touched) = touched {
            let ok = allowed(&original, &touched);
            for e in &edits {
                let inside = ok.iter().any(|r| r.start <= e.range.start && e.range.end <= r.end);
                prop_assert!(inside, "{}: {:?}: edit {:?} {:?} outside {:?}", name, ops, e.range, e.text, ok);
            }
        }
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

fn json_corpus() -> Vec<(String, String)> {
    let dir = super::corpus::corpus_dir().join("../json");
    let mut files = Vec::new();
    super::corpus::walk(&dir, &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|f| Some((f.display().to_string(), String::from_utf8(std::fs::read(&f).ok()?).ok()?)))
        .collect()
}

#[test]
fn json_corpus_round_trips_byte_for_byte() {
    let files = json_corpus();
    let mut bad = Vec::new();
    for (name, src) in &files {
        match JsonDocument::parse(src, name) {
            Ok(d) if d.to_string() == *src => {}
            Ok(_) => bad.push(format!("{name}: differs")),
            Err(e) => bad.push(format!("{name}: {e}")),
        }
    }
    assert!(bad.is_empty(), "{} of {} files: {:?}", bad.len(), files.len(), &bad[..bad.len().min(10)]);
}

/// The addresses of the properties of `n` down to `depth` levels (objects only).
fn json_addresses(n: &JsonNode, prefix: &str, depth: usize, out: &mut Vec<String>) {
    let JsonNode::Object(props) = n else { return };
    for (k, v) in props {
        let a = if prefix.is_empty() { k.replace('.', "\\.") } else { format!("{prefix}.{}", k.replace('.', "\\.")) };
        out.push(a.clone());
        if depth > 1 {
            json_addresses(v, &a, depth - 1, out);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]
    #[test]
    fn json_random_edits(pick in any::<usize>(), ops in proptest::collection::vec((0u8..3, any::<usize>(), any::<u16>()), 1..6)) {
        let files = JSON_CORPUS.with(|c| c.clone());
        prop_assume!(!files.is_empty());
        let (name, src) = &files[pick % files.len()];
        let mut doc = JsonDocument::parse(src, name).unwrap();
        for &(kind, at, v) in &ops {
            let mut addrs = Vec::new();
            json_addresses(&JsonNode::parse(doc.to_string().as_bytes()).unwrap(), "", 4, &mut addrs);
            if addrs.is_empty() {
                break;
            }
            // Keys with brackets or stars would read as more than a name.
            let a = &addrs[at % addrs.len()];
            prop_assume!(!a.contains(['[', '*', '#']));
            let value = if v % 2 == 0 { JsonNode::Number(v.to_string()) } else {
                JsonNode::Object(vec![("k".into(), JsonNode::Array(vec![JsonNode::String(format!("s{v}"))]))])
            };
            match kind {
                0 => {
                    doc.set(a, &value).unwrap();
                    let got = JsonNode::parse(doc.get(a).unwrap().as_bytes()).unwrap();
                    prop_assert_eq!(got.to_compact(), value.to_compact());
                }
                1 => { doc.remove(a).unwrap(); }
                _ => {
                    let new = format!("{a}.added_{v}");
                    if doc.get(a).is_some_and(|t| t.starts_with('{')) && doc.get(&new).is_none() {
                        prop_assert!(!doc.set(&new, &value).unwrap());
                        prop_assert!(doc.get(&new).is_some());
                    }
                }
            }
        }
        let out = doc.to_string();
        prop_assert!(JsonDocument::parse(&out, name).is_ok(), "{}: {:?}\n{}", name, ops, out);
        let mut applied = src.clone();
        for e in doc.edits().iter().rev() {
            applied.replace_range(e.range.clone(), &e.text);
        }
        prop_assert_eq!(applied, out);
    }
}

thread_local! {
    static JSON_CORPUS: std::rc::Rc<Vec<(String, String)>> = std::rc::Rc::new(
        json_corpus().into_iter().enumerate().filter(|(i, _)| i % 25 == 0).map(|(_, f)| f).collect()
    );
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        // Any text in NFC: a quoted key reads as HCL reads a quoted string, normalized to
        // NFC (as the keys of the objects it finds are), so only an NFC key prints as text
        // that reads back the same.
        ".{0,6}".prop_map(|k| Step::Key(unicode_normalization::UnicodeNormalization::nfc(k.as_str()).collect())),
        "[a-z_][a-z0-9_-]{0,5}".prop_map(Step::Key),
        "[.#\\[\\]\"$%{}\\\\ \n\u{1}\u{200b}é]{0,6}".prop_map(Step::Key),
        any::<usize>().prop_map(Step::Index),
        any::<usize>().prop_map(Step::Traversal),
        any::<usize>().prop_map(Step::TemplatePart),
        (0u8..255).prop_map(step),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(512), ..ProptestConfig::default() })]
    /// `Display` prints an address that parses back to the same address, whatever its names
    /// and keys hold.
    #[test]
    fn addresses_round_trip(
        parts in proptest::collection::vec("[a-z.#\\[\\]\\\\*\"é ]{1,6}", 1..4),
        path in proptest::collection::vec(any_step(), 0..5),
    ) {
        let a = Address { parts, path };
        let text = a.to_string();
        prop_assert_eq!(text.parse::<Address>(), Ok(a), "{}", text);
    }

    /// Any text: parsing never panics, and what parses prints as text that parses the same.
    #[test]
    fn address_text_parses_or_says_where(s in "[a-z0-9.#\\[\\]\\\\\"_ ]{0,16}") {
        match s.parse::<Address>() {
            Ok(a) => prop_assert_eq!(a.to_string().parse::<Address>(), Ok(a)),
            Err(e) => {
                prop_assert!(e.offset() <= s.len() && s.is_char_boundary(e.offset()), "{}: {}", s, e);
                prop_assert!(e.to_string().starts_with("at column "), "{}", e);
            }
        }
    }
}
