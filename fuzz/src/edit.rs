//! `hclkit::edit::Document` on any bytes: parsing never panics and prints the input back byte
//! for byte; edits driven by the input's bytes never panic, and when the input parsed the
//! result is text whose `edits()` reproduce it from the original.

use hclkit::edit::{Document, Expression, Item, Position};

/// Runs the `edit` checks on one input (panics on a failed check).
pub fn run(data: &[u8]) {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let (mut doc, diags) = Document::parse(src, "fuzz.hcl");
    assert_eq!(doc.to_string(), src, "parse-print identity");
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
                if doc.body().items()[i].as_block().is_some() {
                    doc.body_at_mut(&[i]).set_attribute(&format!("f{k}"), Expression::raw("3"));
                }
            }
            3 => doc.body_mut().sort_attributes(),
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
