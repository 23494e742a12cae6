//! Addresses: hcledit's (`resource.aws_instance.web.ami`: block type, labels, nested block
//! types and the attribute name joined by dots, `\.` for a dot inside a name), then object
//! keys and tuple indexes after the attribute (`locals.workload["vpc0"].cidr`, `x[0]`).

use super::body::{Body, ItemKind};
use super::expr::Step;

/// A parsed address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    /// The dotted parts before the first `[`.
    pub parts: Vec<String>,
    /// Keys and indexes into the attribute's value.
    pub path: Vec<Step>,
}

impl std::str::FromStr for Address {
    type Err = String;
    fn from_str(s: &str) -> Result<Address, String> {
        parse(s)
    }
}

/// Parses an address.
pub fn parse(s: &str) -> Result<Address, String> {
    if s.is_empty() {
        return Err("failed to parse address: the address is empty".into());
    }
    let mut parts = Vec::new();
    let mut cur = String::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if i + 1 < b.len() => {
                let ch = s[i + 1..].chars().next().unwrap_or('\\');
                cur.push(ch);
                i += 1 + ch.len_utf8();
            }
            b'.' => {
                parts.push(std::mem::take(&mut cur));
                i += 1;
            }
            b'[' => break,
            _ => {
                let ch = s[i..].chars().next().unwrap_or('\u{fffd}');
                cur.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    parts.push(cur);
    let mut path = Vec::new();
    while i < b.len() {
        match b[i] {
            b'[' => {
                let rest = &s[i + 1..];
                if let Some(r) = rest.strip_prefix('"') {
                    // A quoted key: up to the closing quote not escaped.
                    let mut end = None;
                    let mut esc = false;
                    for (k, c) in r.char_indices() {
                        if esc {
                            esc = false;
                        } else if c == '\\' {
                            esc = true;
                        } else if c == '"' {
                            end = Some(k);
                            break;
                        }
                    }
                    let end = end.ok_or_else(|| format!("failed to parse address {s:?}: unterminated key"))?;
                    let lit = &rest[..end + 2];
                    let key = super::expr::literal_string(lit)
                        .ok_or_else(|| format!("failed to parse address {s:?}: bad key {lit}"))?;
                    if !r[end + 1..].starts_with(']') {
                        return Err(format!("failed to parse address {s:?}: expected ]"));
                    }
                    path.push(Step::Key(key));
                    i += 1 + end + 2 + 1;
                } else {
                    let close = rest.find(']').ok_or_else(|| format!("failed to parse address {s:?}: expected ]"))?;
                    let inner = rest[..close].trim();
                    path.push(match inner.parse::<usize>() {
                        Ok(n) => Step::Index(n),
                        Err(_) => Step::Key(inner.to_owned()),
                    });
                    i += 1 + close + 1;
                }
            }
            b'.' => {
                let rest = &s[i + 1..];
                let end = rest.find(['.', '[']).unwrap_or(rest.len());
                path.push(Step::Key(rest[..end].to_owned()));
                i += 1 + end;
            }
            _ => return Err(format!("failed to parse address {s:?}")),
        }
    }
    if parts.iter().any(String::is_empty) {
        return Err(format!("failed to parse address {s:?}: an empty part"));
    }
    Ok(Address { parts, path })
}

/// The item paths (item indexes from the top) of the blocks an address names, by hcledit's
/// longest-match rule: after the type, labels are matched first, then nested block types.
pub(crate) fn find_blocks(body: &Body, parts: &[String]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let Some((ty, rest)) = parts.split_first() else { return out };
    for (i, item) in body.items.iter().enumerate() {
        let ItemKind::Block(b) = &item.kind else { continue };
        if b.ty != *ty {
            continue;
        }
        if rest.is_empty() {
            out.push(vec![i]);
            continue;
        }
        let labels = b.labels();
        let matched = labels.iter().zip(rest).take_while(|(l, a)| l == a || a.as_str() == "*").count();
        if matched < labels.len() {
            continue;
        }
        if matched < rest.len() || labels.is_empty() {
            for mut p in find_blocks(&b.body, &rest[matched..]) {
                p.insert(0, i);
                out.push(p);
            }
            continue;
        }
        out.push(vec![i]);
    }
    out
}

/// The blocks with exactly this type and labels at the top (`*` for any label), then, if none,
/// by [`find_blocks`] (hcledit's `block get` rule).
pub(crate) fn find_blocks_exact(body: &Body, parts: &[String]) -> Vec<Vec<usize>> {
    let exact = top_blocks(body, parts);
    if exact.is_empty() {
        find_blocks(body, parts)
    } else {
        exact.into_iter().map(|i| vec![i]).collect()
    }
}

/// The indexes of the items of `body` that are blocks with exactly the type and labels of
/// `parts` (`*` for any label).
pub(crate) fn top_blocks(body: &Body, parts: &[String]) -> Vec<usize> {
    let Some((ty, labels)) = parts.split_first() else { return Vec::new() };
    body.items
        .iter()
        .enumerate()
        .filter(|(_, it)| {
            it.as_block().is_some_and(|b| {
                b.ty == *ty
                    && b.labels.len() == labels.len()
                    && b.labels().iter().zip(labels).all(|(l, a)| l == a || a == "*" || l == "*")
            })
        })
        .map(|(i, _)| i)
        .collect()
}

/// The item path of the attribute an address names (its dotted parts), or `None`.
pub(crate) fn find_attribute(body: &Body, parts: &[String]) -> Option<Vec<usize>> {
    let (name, blocks) = parts.split_last()?;
    if blocks.is_empty() {
        let i = body.items.iter().position(|it| it.as_attribute().is_some_and(|a| a.name == *name))?;
        return Some(vec![i]);
    }
    for p in find_blocks(body, blocks) {
        let b = super::block_at(body, &p);
        if let Some(i) = b.body.items.iter().position(|it| it.as_attribute().is_some_and(|a| a.name == *name)) {
            let mut p = p;
            p.push(i);
            return Some(p);
        }
    }
    None
}
