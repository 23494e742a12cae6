//! Addresses: hcledit's (`resource.aws_instance.web.ami`: block type, labels, nested block
//! types and the attribute name joined by dots, `\.` for a dot inside a name), then steps
//! into the attribute's value: object keys and tuple (or call argument) indexes
//! (`locals.workload["vpc0"].cidr`, `x[0]`), and the parts of structured expressions after a
//! `#` (`locals.x#condition`, `tags#part[1]`).
//!
//! The syntax, in full:
//!
//! ```text
//! address = part *("." part) *step
//! part    = 1*(char / "\" char)       ; "\" takes the next character as it is: \. \[ \# \\
//! step    = "[" quoted "]"            ; an object key, a quoted string with HCL's escapes
//!         / "[" digits "]"            ; a tuple's element or a function call's argument
//!         / "[" bare "]" / "." name   ; an object key
//!         / "#" part-name             ; condition true false left right operand inner root
//!                                     ; collection key value
//!         / "#" ("traversal" / "part") "[" digits "]"
//! ```
//!
//! | step | [`Step`] | reaches |
//! |---|---|---|
//! | `#condition` | `Condition` | a conditional's condition, a `for`'s `if` |
//! | `#true`, `#false` | `TrueResult`, `FalseResult` | a conditional's results |
//! | `#left`, `#right` | `Left`, `Right` | a binary operator's operands |
//! | `#operand` | `Operand` | a unary operator's operand |
//! | `#inner` | `Inner` | what parentheses hold |
//! | `#root` | `Root` | a traversal's root (`var` of `var.x`) |
//! | `#traversal[i]` | `Traversal(i)` | a traversal's step after the root, from 0 |
//! | `#part[i]` | `TemplatePart(i)` | a template's part, from 0 |
//! | `#collection`, `#key`, `#value` | `Collection`, `ForKey`, `ForValue` | a `for` expression's |
//!
//! [`Address`]'s `Display` prints the canonical form, which parses back to the same address:
//!
//! ```
//! use hclkit::edit::{Address, Step};
//!
//! let a: Address = "resource.aws_instance.web.count#true[\"a\"].b#part[1]".parse().unwrap();
//! assert_eq!(a.parts, ["resource", "aws_instance", "web", "count"]);
//! assert_eq!(
//!     a.path,
//!     [Step::TrueResult, Step::Key("a".into()), Step::Key("b".into()), Step::TemplatePart(1)]
//! );
//! // Canonical: a key that is an identifier, after another step, as `.name`.
//! assert_eq!(a.to_string(), "resource.aws_instance.web.count#true.a.b#part[1]");
//! assert_eq!(a.to_string().parse::<Address>().unwrap(), a);
//! let err = "locals.x#truth".parse::<Address>().unwrap_err();
//! assert_eq!(err.offset(), 9);
//! assert_eq!(
//!     err.to_string(),
//!     "at column 10: expected a part name after `#` (condition, true, false, left, right, \
//!      operand, inner, root, traversal[N], part[N], collection, key or value), found `truth`"
//! );
//! ```

use std::fmt;

use super::body::{Body, ItemKind};
use super::expr::Step;

/// A parsed address: the dotted parts that name an attribute (or blocks), then the steps into
/// the attribute's value. A parsed address has at least one part and no empty part.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Address {
    /// The dotted parts before the first step.
    pub parts: Vec<String>,
    /// Keys, indexes and parts of structured expressions into the attribute's value.
    pub path: Vec<Step>,
}

/// Why an address does not parse: where, and what was expected there.
///
/// ```
/// let err = hclkit::edit::address::parse("a[\"k").unwrap_err();
/// assert_eq!((err.offset(), err.expected()), (1, "a closing `\"` for the key"));
/// assert_eq!(err.to_string(), "at column 2: expected a closing `\"` for the key, found `[\"k`");
/// let err = hclkit::edit::address::parse("a[\"k\"").unwrap_err();
/// assert_eq!(err.to_string(), "at column 6: expected `]` after the key, found the end of the address");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddressError {
    offset: usize,
    column: usize,
    expected: &'static str,
    found: String,
}

impl AddressError {
    fn new(s: &str, offset: usize, expected: &'static str, found_len: Option<usize>) -> AddressError {
        let rest = &s[offset.min(s.len())..];
        let found = match found_len {
            Some(n) => rest[..n.min(rest.len())].to_owned(),
            None => rest.chars().next().map(String::from).unwrap_or_default(),
        };
        AddressError { offset, column: s[..offset.min(s.len())].chars().count() + 1, expected, found }
    }

    /// The byte offset in the address where parsing stopped.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The byte length of what was found there (0 at the end of the address).
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// Whether parsing stopped at the end of the address.
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// What was expected there.
    pub fn expected(&self) -> &str {
        self.expected
    }
}

impl fmt::Display for AddressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at column {}: expected {}, found ", self.column, self.expected)?;
        if self.found.is_empty() {
            f.write_str("the end of the address")
        } else {
            write!(f, "`{}`", self.found)
        }
    }
}

impl std::error::Error for AddressError {}

impl std::str::FromStr for Address {
    type Err = AddressError;
    fn from_str(s: &str) -> Result<Address, AddressError> {
        parse(s)
    }
}

/// The names of the `#` steps without an index, with their steps.
const NAMED: [(&str, Step); 11] = [
    ("condition", Step::Condition),
    ("true", Step::TrueResult),
    ("false", Step::FalseResult),
    ("left", Step::Left),
    ("right", Step::Right),
    ("operand", Step::Operand),
    ("inner", Step::Inner),
    ("root", Step::Root),
    ("collection", Step::Collection),
    ("key", Step::ForKey),
    ("value", Step::ForValue),
];

const PART_NAMES: &str = "a part name after `#` (condition, true, false, left, right, operand, inner, root, \
                          traversal[N], part[N], collection, key or value)";

/// Parses an address (the syntax is in the [module's documentation](self)).
pub fn parse(s: &str) -> Result<Address, AddressError> {
    let err = |at: usize, expected: &'static str, len: Option<usize>| Err(AddressError::new(s, at, expected, len));
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut start = 0;
    let mut i = 0;
    while let Some(ch) = s[i..].chars().next() {
        match ch {
            '\\' if i + 1 < s.len() => {
                let next = s[i + 1..].chars().next().unwrap_or('\\');
                cur.push(next);
                i += 1 + next.len_utf8();
            }
            '.' | '[' | '#' => {
                if cur.is_empty() {
                    return err(i, "a name (a block type, a label or an attribute name)", None);
                }
                parts.push(std::mem::take(&mut cur));
                if ch != '.' {
                    break;
                }
                i += 1;
                start = i;
            }
            _ => {
                cur.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    if i == s.len() {
        if cur.is_empty() {
            let what = if start == 0 { "an address" } else { "a name (a block type, a label or an attribute name)" };
            return err(i, what, None);
        }
        parts.push(cur);
    }
    let mut path = Vec::new();
    while i < s.len() {
        match s.as_bytes()[i] {
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
                    let Some(end) = end else { return err(i, "a closing `\"` for the key", Some(s.len() - i)) };
                    let lit = &rest[..end + 2];
                    let Some(key) = super::expr::literal_string(lit) else {
                        return err(
                            i + 1,
                            "a quoted key with no interpolation (`$${` for a literal `${`)",
                            Some(lit.len()),
                        );
                    };
                    let after = i + 1 + lit.len();
                    if !s[after..].starts_with(']') {
                        return err(after, "`]` after the key", None);
                    }
                    path.push(Step::Key(key));
                    i = after + 1;
                } else {
                    let Some(close) = rest.find(']') else { return err(s.len(), "`]`", None) };
                    let inner = rest[..close].trim();
                    if inner.is_empty() {
                        return err(i + 1, "an index or a key between `[` and `]`", None);
                    }
                    path.push(match inner.parse::<usize>() {
                        Ok(n) => Step::Index(n),
                        Err(_) if inner.bytes().all(|b| b.is_ascii_digit()) => {
                            return err(i + 1, "an index that fits in a usize", Some(close))
                        }
                        Err(_) => Step::Key(inner.to_owned()),
                    });
                    i += 1 + close + 1;
                }
            }
            b'.' => {
                let rest = &s[i + 1..];
                let end = rest.find(['.', '[', '#']).unwrap_or(rest.len());
                if end == 0 {
                    return err(i + 1, "a key after `.`", None);
                }
                path.push(Step::Key(rest[..end].to_owned()));
                i += 1 + end;
            }
            b'#' => {
                let rest = &s[i + 1..];
                let end = rest.find(|c: char| !c.is_ascii_alphanumeric() && c != '_').unwrap_or(rest.len());
                let name = &rest[..end];
                if let Some((_, step)) = NAMED.iter().find(|(n, _)| *n == name) {
                    path.push(step.clone());
                    i += 1 + end;
                    continue;
                }
                let indexed: fn(usize) -> Step = match name {
                    "traversal" => Step::Traversal,
                    "part" => Step::TemplatePart,
                    _ => return err(i + 1, PART_NAMES, Some(end)),
                };
                let at = i + 1 + end;
                let digits =
                    s[at..].strip_prefix('[').map(|r| r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len()));
                let n = match digits {
                    Some(d) if d > 0 && s[at + 1 + d..].starts_with(']') => s[at + 1..at + 1 + d].parse::<usize>().ok(),
                    _ => None,
                };
                let Some(n) = n else {
                    return err(
                        at,
                        if name == "part" { "`[N]` after `#part`" } else { "`[N]` after `#traversal`" },
                        None,
                    );
                };
                path.push(indexed(n));
                i = at + 1 + digits.unwrap_or(0) + 1;
            }
            _ => return err(i, "`[`, `.` or `#` after a step", None),
        }
    }
    Ok(Address { parts, path })
}

impl Address {
    /// The address of the attribute (or blocks) alone: its parts, without the steps.
    ///
    /// ```
    /// let a = hclkit::edit::address::parse("locals.x[\"a\"]#left").unwrap();
    /// assert_eq!(a.without_path().to_string(), "locals.x");
    /// ```
    pub fn without_path(&self) -> Address {
        Address { parts: self.parts.clone(), path: Vec::new() }
    }
}

/// The canonical form: parts with `\` before `.`, `[`, `#` and `\`; keys as `["quoted"]`
/// (as `.name` after another step when the key is an identifier); indexes as `[N]`; the
/// other steps as `#name` or `#name[N]`.
impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, part) in self.parts.iter().enumerate() {
            if n > 0 {
                f.write_str(".")?;
            }
            for c in part.chars() {
                if matches!(c, '.' | '[' | '#' | '\\') {
                    f.write_str("\\")?;
                }
                write!(f, "{c}")?;
            }
        }
        for (n, step) in self.path.iter().enumerate() {
            match step {
                Step::Key(k) if n > 0 && crate::write::bare_key(k) => write!(f, ".{k}")?,
                Step::Key(k) => write!(f, "[{}]", crate::write::quoted(k))?,
                Step::Index(i) => write!(f, "[{i}]")?,
                Step::Traversal(i) => write!(f, "#traversal[{i}]")?,
                Step::TemplatePart(i) => write!(f, "#part[{i}]")?,
                other => {
                    let name = NAMED.iter().find(|(_, s)| s == other).map_or("?", |(n, _)| n);
                    write!(f, "#{name}")?;
                }
            }
        }
        Ok(())
    }
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
