//! `hclkit::edit::Document` on any bytes: parsing never panics and prints the input back byte
//! for byte; edits driven by the input's bytes (items, and parts of structured expressions)
//! never panic, and when the input parsed the result is text whose `edits()` reproduce it
//! from the original. `run_json`: the same for `JsonDocument` (an edit leaves JSON that
//! parses).

use hclkit::edit::{Address, Document, Expression, Item, JsonDocument, Position, Step};
use hclkit_value::json::Node;

/// Runs the `edit` checks on one input (panics on a failed check).
pub fn run(data: &[u8]) {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let (mut doc, diags) = Document::parse(src, "fuzz.hcl");
    assert_eq!(doc.to_string(), src, "parse-print identity");
    // The first line as an address: it parses or says where it stopped, prints its canonical
    // form, which parses back the same, and reads the document without panicking.
    let line = src.lines().next().unwrap_or_default();
    match line.parse::<Address>() {
        Ok(a) => {
            assert_eq!(a.to_string().parse::<Address>(), Ok(a.clone()), "address round trip");
            let _ = doc.get(line);
            let _ = doc.comments(line);
        }
        Err(e) => assert!(line.is_char_boundary(e.offset()), "an address error at a character"),
    }
    // Edits chosen by the input's bytes.
    for (k, &b) in data.iter().take(8).enumerate() {
        let n = doc.body().items().len();
        if n == 0 {
            doc.body_mut().insert(Position::End, Item::attribute("a", Expression::raw("1")));
            continue;
        }
        let i = usize::from(b) % n;
        match b % 5 {
            0 => {
                doc.body_mut().remove(i);
            }
            1 => {
                if let Some(name) = doc.body().items()[i].as_attribute().map(|a| a.name().to_owned()) {
                    doc.body_mut().set_attribute(&name, Expression::raw("2"));
                }
            }
            2 => {
                if let Some(body) = doc.body_at_mut(&[i]) {
                    body.set_attribute(&format!("f{k}"), Expression::raw("3"));
                }
            }
            3 => doc.body_mut().sort_attributes(),
            4 if k % 2 == 1 => {
                // A part of a structured expression, by steps the input's bytes choose.
                if let Some(a) = doc.body().items()[i].as_attribute() {
                    let (name, mut e) = (a.name().to_owned(), a.expr().clone());
                    let _ = e.node();
                    let path: Vec<Step> = data.iter().skip(k).take(3).map(|&c| step(c)).collect();
                    let _ = e.get(&path);
                    let _ = e.insert(&path, &Expression::raw("0"));
                    // A string: a template's literal text is set from one, escaped.
                    let _ = e.clone().set(&path, &Expression::raw("\"t\\\"$${x}%%{y}$\""));
                    if e.set(&path, &Expression::raw("v")).is_ok() {
                        doc.body_mut().set_attribute(&name, e);
                    }
                }
            }
            _ => {
                let _ = doc.set(&format!("x{k}"), Expression::raw("[1, 2]"));
                let _ = doc.get(&format!("x{k}[1]"));
                let _ = doc.remove(&format!("x{k}[0]"));
            }
        }
    }
    let out = doc.to_string();
    if !diags.has_errors() {
        let mut applied = src.to_owned();
        for e in doc.edits().iter().rev() {
            applied.replace_range(e.range.clone(), &e.text);
        }
        assert_eq!(applied, out, "edits() reproduce the text");
    }
}

fn step(b: u8) -> Step {
    match b % 12 {
        0 => Step::Condition,
        1 => Step::TrueResult,
        2 => Step::FalseResult,
        3 => Step::Left,
        4 => Step::Right,
        5 => Step::Operand,
        6 => Step::Inner,
        7 => Step::Root,
        8 => Step::Traversal(usize::from(b / 12 % 3)),
        9 => Step::TemplatePart(usize::from(b / 12 % 3)),
        10 => Step::Index(usize::from(b / 12 % 3)),
        _ => Step::ForValue,
    }
}

/// Runs the JSON document's checks on one input (panics on a failed check).
pub fn run_json(data: &[u8]) {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let Ok(mut doc) = JsonDocument::parse(src, "fuzz.json") else { return };
    assert_eq!(doc.to_string(), src, "parse-print identity");
    // Addresses from the top-level names, and edits chosen by the input's bytes.
    let Ok(Node::Object(props)) = Node::parse(data) else { return };
    let names: Vec<String> = props.iter().map(|(k, _)| k.replace('\\', "\\\\").replace('.', "\\.")).collect();
    for (k, &b) in data.iter().take(6).enumerate() {
        let Some(n) = names.get(usize::from(b) % names.len().max(1)) else { break };
        let value = Node::Array(vec![Node::Number(k.to_string())]);
        match b % 4 {
            0 => {
                let _ = doc.set(n, &value);
            }
            1 => {
                let _ = doc.remove(n);
            }
            2 => {
                let _ = doc.insert(&format!("{n}[0]"), &value);
            }
            _ => {
                let _ = doc.set(&format!("{n}.f{k}"), &value);
            }
        }
        let now = doc.to_string();
        assert!(JsonDocument::parse(&now, "fuzz.json").is_ok(), "an edit left JSON that does not parse:\n{now}");
    }
    let out = doc.to_string();
    let mut applied = src.to_owned();
    for e in doc.edits().iter().rev() {
        applied.replace_range(e.range.clone(), &e.text);
    }
    assert_eq!(applied, out, "edits() reproduce the text");
}
