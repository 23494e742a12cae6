//! The verbs.

use hclkit::edit::address::{self, Address};
use hclkit::edit::{Document, EditError, Expression, Item, ItemKind, JsonDocument, Position};

use super::Options;

pub(crate) enum Output {
    /// What a query prints.
    Text(String),
    /// The edited file.
    File(String),
}

/// Why a verb failed: its words (exit 2), or the edit (exit 1).
pub(crate) enum Failure {
    Usage(String),
    Edit(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Edit(e)
    }
}

impl From<&str> for Failure {
    fn from(e: &str) -> Failure {
        Failure::Edit(e.to_owned())
    }
}

fn want(words: &[String], n: usize, usage: &str) -> Result<(), Failure> {
    if words.len() != n {
        return Err(Failure::Usage(format!(
            "expected {} word(s) after the verb, got {}: usage: hclkit edit {usage}",
            n.saturating_sub(2),
            words.len().saturating_sub(2)
        )));
    }
    Ok(())
}

fn expr(value: &str) -> Result<Expression, String> {
    Expression::parse(value).map_err(|d| format!("failed to parse the value {value:?}: {d}"))
}

fn addr(s: &str) -> Result<Address, Failure> {
    address::parse(s).map_err(|e| failure(s, EditError::Address(e)))
}

/// A failed edit at `address`: an address that does not parse as the library's diagnostic,
/// rendered with the address as its source; anything else as its message.
fn failure(address: &str, e: EditError) -> Failure {
    if !matches!(e, EditError::Address(_)) {
        return Failure::Edit(e.to_string());
    }
    let diags = hclkit::Diagnostics::from(e.to_diagnostic(address));
    let text = diags.to_text(&("<address>", address.as_bytes()), 0, false);
    // The caller prints "Error: " before it.
    Failure::Edit(text.strip_prefix("Error: ").unwrap_or(&text).trim_end().to_owned())
}

pub(crate) fn run(mut doc: Document, o: &Options) -> Result<Output, Failure> {
    let w = &o.words;
    let verb: Vec<&str> = w.iter().take(2).map(String::as_str).collect();
    match verb.as_slice() {
        ["attribute", "get"] => {
            want(w, 3, "attribute get ADDRESS")?;
            let a = addr(&w[2])?;
            let Some(item) = doc.attribute(&address_without_path(&w[2])) else {
                return Ok(Output::Text(String::new()));
            };
            let Some(attr) = item.as_attribute() else { return Ok(Output::Text(String::new())) };
            let mut text = if a.path.is_empty() {
                attr.expr().as_str().to_owned()
            } else {
                match attr.expr().get(&a.path) {
                    Some(e) => e.as_str().to_owned(),
                    None => return Ok(Output::Text(String::new())),
                }
            };
            if o.with_comments {
                if a.path.is_empty() {
                    if let Some(c) = attr.trailing_comment() {
                        text.push(' ');
                        text.push_str(c);
                    }
                }
            } else {
                text = strip_comments(&text);
            }
            Ok(Output::Text(format!("{}\n", text.trim())))
        }
        ["attribute", "set"] => {
            want(w, 4, "attribute set ADDRESS VALUE")?;
            let a = addr(&w[2])?;
            let e = expr(&w[3])?;
            if doc.attribute(&address_without_path(&w[2])).is_some() {
                match position(o) {
                    // A key it lacks goes where the flag says.
                    Some(p) if !a.path.is_empty() && doc.get(&w[2]).is_none() => doc.insert_at(&w[2], p, e),
                    _ => doc.set(&w[2], e).map(|_| ()),
                }
                .map_err(|e| failure(&w[2], e))?;
            }
            Ok(Output::File(doc.to_string()))
        }
        ["attribute", "rm"] => {
            want(w, 3, "attribute rm ADDRESS")?;
            doc.remove(&w[2]).map_err(|e| failure(&w[2], e))?;
            Ok(Output::File(doc.to_string()))
        }
        ["attribute", "append"] => {
            want(w, 4, "attribute append ADDRESS VALUE")?;
            let e = expr(&w[3])?;
            let a = addr(&w[2])?;
            let (name, blocks) = a.parts.split_last().ok_or("an empty address")?;
            let path = if blocks.is_empty() {
                Vec::new()
            } else {
                match doc.block_paths_longest(blocks).into_iter().next() {
                    Some(p) => p,
                    None => return Ok(Output::File(doc.to_string())),
                }
            };
            let body = doc.body_at_mut(&path).ok_or("no block at the address")?;
            if !blocks.is_empty() && body.get_attribute(name).is_some() {
                return Err(format!("attribute already exists: {}", w[2]).into());
            }
            if let Some(p) = position(o) {
                if o.newline {
                    return Err(Failure::Usage(
                        "--newline goes with an append at the end, not --before or --after".into(),
                    ));
                }
                doc.insert_at(&w[2], p, e).map_err(|e| failure(&w[2], e))?;
                return Ok(Output::File(doc.to_string()));
            }
            let body = doc.body_at_mut(&path).ok_or("no block at the address")?;
            if o.newline {
                body.insert(Position::End, Item::blank());
            }
            if !body.set_attribute(name, e.clone()) {
                // set_attribute appended it.
            }
            Ok(Output::File(doc.to_string()))
        }
        ["attribute", "mv"] => {
            want(w, 4, "attribute mv FROM TO")?;
            let (from, to) = (addr(&w[2])?, addr(&w[3])?);
            let Some(mut p) = doc.attribute_path(&w[2]) else { return Ok(Output::File(doc.to_string())) };
            let (fname, fblock) = from.parts.split_last().ok_or("an empty address")?;
            let (tname, tblock) = to.parts.split_last().ok_or("an empty address")?;
            if fblock != tblock {
                return Err(format!(
                    "moving an attribute across blocks has not been implemented yet: {} -> {}",
                    w[2], w[3]
                )
                .into());
            }
            p.pop();
            let body = doc.body_at_mut(&p).ok_or("no block at the address")?;
            if body.get_attribute(tname).is_some() {
                return Err(format!("attribute already exists: {}", w[3]).into());
            }
            body.rename_attribute(fname, tname);
            Ok(Output::File(doc.to_string()))
        }
        ["attribute", "replace"] => {
            want(w, 5, "attribute replace ADDRESS NAME VALUE")?;
            let from = addr(&w[2])?;
            let e = expr(&w[4])?;
            let Some(mut p) = doc.attribute_path(&w[2]) else { return Ok(Output::File(doc.to_string())) };
            let fname = from.parts.last().ok_or("an empty address")?;
            p.pop();
            let body = doc.body_at_mut(&p).ok_or("no block at the address")?;
            if body.get_attribute(&w[3]).is_some() {
                return Err(format!("attribute already exists: {}", w[3]).into());
            }
            body.rename_attribute(fname, &w[3]);
            body.set_attribute(&w[3], e);
            Ok(Output::File(doc.to_string()))
        }
        ["block", "get"] => {
            want(w, 3, "block get ADDRESS")?;
            addr(&w[2])?;
            let items = doc.block_items(&w[2]);
            let text: Vec<String> = items.iter().map(|i| block_text(i)).collect();
            Ok(Output::Text(hclkit::format::format_str(&text.join("\n"))))
        }
        ["block", "list"] => {
            want(w, 2, "block list")?;
            let mut out = String::new();
            for b in doc.body().blocks() {
                out.push_str(&b.block_type().replace('.', "\\."));
                for l in b.labels() {
                    out.push('.');
                    out.push_str(&l.replace('.', "\\."));
                }
                out.push('\n');
            }
            Ok(Output::Text(out))
        }
        ["block", "rm"] => {
            want(w, 3, "block rm ADDRESS")?;
            let a = addr(&w[2])?;
            doc.remove_top_blocks(&a.parts);
            Ok(Output::File(doc.to_string()))
        }
        ["block", "mv"] => {
            want(w, 4, "block mv FROM TO")?;
            let (from, to) = (addr(&w[2])?, addr(&w[3])?);
            let labels: Vec<&str> = to.parts[1..].iter().map(String::as_str).collect();
            for i in doc.top_block_indexes(&from.parts) {
                if let Some(b) = doc.block_at_mut(&[i]) {
                    b.set_block_type(&to.parts[0]);
                    b.set_labels(&labels);
                }
            }
            Ok(Output::File(doc.to_string()))
        }
        ["block", "append"] => {
            want(w, 4, "block append PARENT CHILD")?;
            let (parent, child) = (addr(&w[2])?, addr(&w[3])?);
            let labels: Vec<&str> = child.parts[1..].iter().map(String::as_str).collect();
            for i in doc.top_block_indexes(&parent.parts) {
                let Some(body) = doc.body_at_mut(&[i]) else { continue };
                if o.newline {
                    body.insert(Position::End, Item::blank());
                }
                body.insert(Position::End, Item::block(&child.parts[0], &labels));
            }
            Ok(Output::File(doc.to_string()))
        }
        ["block", "new"] => {
            want(w, 3, "block new ADDRESS")?;
            let a = addr(&w[2])?;
            let labels: Vec<&str> = a.parts[1..].iter().map(String::as_str).collect();
            let body = doc.body_mut();
            if o.newline {
                body.insert(Position::End, Item::blank());
            }
            body.insert(Position::End, Item::block(&a.parts[0], &labels));
            Ok(Output::File(doc.to_string()))
        }
        ["body", "get"] => {
            want(w, 3, "body get ADDRESS")?;
            addr(&w[2])?;
            let blocks = doc.blocks(&w[2]);
            let Some(b) = blocks.first() else { return Ok(Output::Text(String::new())) };
            let mut text = String::new();
            for it in b.body().items() {
                text.push_str(&it.to_text());
            }
            if b.is_inline() {
                text = b.inline_text().trim().to_owned();
                if !text.is_empty() {
                    text.push('\n');
                }
            }
            let text = text.trim_start_matches(['\n', '\r']);
            Ok(Output::Text(hclkit::format::format_str(text)))
        }
        ["fmt"] => {
            want(w, 1, "fmt")?;
            Ok(Output::Text(doc.format()))
        }
        _ => Err(Failure::Usage(format!("unknown command: {}", w.join(" ")))),
    }
}

/// Whether the verb in `words` is one [`run_json`] has.
pub(crate) fn json_verb(words: &[String]) -> bool {
    let verb: Vec<&str> = words.iter().take(2).map(String::as_str).collect();
    matches!(verb.as_slice(), ["attribute", "get" | "set" | "rm" | "append"])
}

/// The verbs on a JSON-syntax file (`.tf.json`, `.hcl.json`): `attribute get|set|rm|append`
/// with the same addresses; a value is native-syntax text, written as JSON
/// ([`JsonDocument::set_expression`]).
pub(crate) fn run_json(mut doc: JsonDocument, o: &Options) -> Result<Output, Failure> {
    let w = &o.words;
    let verb: Vec<&str> = w.iter().take(2).map(String::as_str).collect();
    let edit = |e: EditError| failure(&w[2], e);
    if position(o).is_some() {
        return Err(Failure::Usage(
            "--before and --after are for native-syntax files (a JSON document adds a property at the end)".into(),
        ));
    }
    match verb.as_slice() {
        ["attribute", "get"] => {
            want(w, 3, "attribute get ADDRESS")?;
            Ok(Output::Text(doc.get(&w[2]).map_or_else(String::new, |t| format!("{t}\n"))))
        }
        ["attribute", "set"] => {
            want(w, 4, "attribute set ADDRESS VALUE")?;
            let e = expr(&w[3])?;
            // As on native files: only an attribute that exists is set.
            if doc.get(&w[2]).is_some() {
                doc.set_expression(&w[2], &e).map_err(edit)?;
            }
            Ok(Output::File(doc.to_string()))
        }
        ["attribute", "rm"] => {
            want(w, 3, "attribute rm ADDRESS")?;
            doc.remove(&w[2]).map_err(edit)?;
            Ok(Output::File(doc.to_string()))
        }
        ["attribute", "append"] => {
            want(w, 4, "attribute append ADDRESS VALUE")?;
            let e = expr(&w[3])?;
            if doc.get(&w[2]).is_some() {
                return Err(format!("attribute already exists: {}", w[2]).into());
            }
            doc.set_expression(&w[2], &e).map_err(edit)?;
            Ok(Output::File(doc.to_string()))
        }
        _ => Err(Failure::Usage(format!(
            "{} is not supported on a JSON-syntax file (attribute get|set|rm|append are)",
            verb.join(" ")
        ))),
    }
}

/// Where `--before KEY` or `--after KEY` puts a new key or attribute.
fn position(o: &Options) -> Option<Position<'_>> {
    match (&o.before, &o.after) {
        (Some(k), _) => Some(Position::Before(k)),
        (_, Some(k)) => Some(Position::After(k)),
        _ => None,
    }
}

fn address_without_path(s: &str) -> String {
    match address::parse(s) {
        Ok(a) => a.without_path().to_string(),
        Err(_) => s.to_owned(),
    }
}

fn block_text(item: &Item) -> String {
    match item.kind() {
        ItemKind::Block(_) => item.to_text(),
        _ => String::new(),
    }
}

/// The expression's text with each comment (and the spaces before it) as a newline, as
/// hcledit prints a value without its comments.
fn strip_comments(text: &str) -> String {
    use hclkit::syntax::native::lexer::{lex, LexMode};
    use hclkit::syntax::native::token::TokenKind;
    let (toks, _) = lex(text.as_bytes(), LexMode::Normal);
    let mut out = String::with_capacity(text.len());
    let mut pos = 0;
    for t in toks.iter().filter(|t| t.kind == TokenKind::Comment) {
        let (s, e) = (t.span.start as usize, t.span.end as usize);
        out.push_str(text[pos..s].trim_end_matches([' ', '\t']));
        out.push('\n');
        pos = e;
    }
    out.push_str(&text[pos..]);
    out
}
