//! Lossless editing of native-syntax files: [`Document`].
//!
//! A document is the file's top-level [`Body`]: its items in source order (attributes, blocks,
//! comment lines, blank lines, and text that does not parse), each holding the bytes it was
//! read from. Printing an unedited document gives back the input byte for byte. An edited
//! item, and the `=` alignment group it stands in, is laid out by the formatter's rules; every
//! other line keeps its bytes. [`Document::format`] formats the whole file.
//!
//! Comments belong to items by these rules: the comment lines directly above an item (no
//! blank line between) are its leading comments; a comment at the end of its last line is its
//! trailing comment; comment lines followed by a blank line are an item of their own. Removing
//! an item removes its own comments, never a neighbour's.
//!
//! ```
//! use hclkit::edit::{Document, Expression};
//!
//! let src = "# the region\nregion = \"eu-west-1\" # for now\n\nresource \"aws_instance\" \"web\" {\n  ami = \"ami-1\"\n}\n";
//! let mut doc: Document = src.parse().unwrap();
//! assert_eq!(doc.to_string(), src);
//! doc.set("resource.aws_instance.web.instance_type", Expression::parse("\"t3.micro\"").unwrap()).unwrap();
//! doc.set("region", Expression::parse("var.region").unwrap()).unwrap();
//! assert_eq!(
//!     doc.to_string(),
//!     "# the region\nregion = var.region # for now\n\nresource \"aws_instance\" \"web\" {\n  ami           = \"ami-1\"\n  instance_type = \"t3.micro\"\n}\n",
//! );
//! ```
//!
//! Addresses (`resource.aws_instance.web.ami`, `locals.workload["vpc0"].cidr`, `x[0]`) are
//! described in [`address`] and `docs/edit.md`; [`visit`] walks every item and expression.

pub mod address;
mod any;
mod body;
mod bridge;
mod build;
mod diff;
mod expr;
mod json;
mod node;
mod render;
mod text;
pub mod visit;

pub use address::{Address, AddressError};
pub use any::AnyDocument;
pub use body::{Attribute, Block, Body, Item, ItemKind, Position};
pub use expr::{Call, ExprError, Expression, ObjectItem, Step};
pub use json::JsonDocument;
pub use node::{Node, TemplatePart, Traversal, TraversalStep};
pub use text::Text;

use crate::diagnostic::Diagnostics;
use std::fmt;
use std::sync::Arc;

/// A native-syntax file open for editing.
#[derive(Clone, Debug)]
pub struct Document {
    body: Body,
    /// The text read: the one source every unedited piece of text is a range of.
    original: text::Source,
}

/// Why an edit failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EditError {
    /// The address does not parse.
    Address(AddressError),
    /// The document's syntax has no such thing (comments in the JSON syntax).
    Unsupported(String),
    /// Nothing at the address.
    NotFound(String),
    /// An edit inside an expression failed.
    Expr(ExprError),
    /// The value cannot be written in the document's syntax.
    Value(String),
    /// The document's text has syntax errors where the edit would go (a JSON document read
    /// with errors is kept as text and refuses edits).
    Syntax(String),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Address(e) => write!(f, "invalid address: {e}"),
            EditError::Unsupported(e) => f.write_str(e),
            EditError::NotFound(a) => write!(f, "nothing at {a}"),
            EditError::Expr(e) => e.fmt(f),
            EditError::Value(e) => write!(f, "the value cannot be written: {e}"),
            EditError::Syntax(e) => write!(f, "the document has syntax errors: {e}"),
        }
    }
}

impl std::error::Error for EditError {}

impl EditError {
    /// The error as a diagnostic about `address` (the address the failed call was given):
    /// a summary, the detail, and the address's range in a source named `<address>`.
    ///
    /// ```
    /// use hclkit::edit::Document;
    ///
    /// let mut doc: Document = "a = 1\n".parse().unwrap();
    /// let err = doc.set_comments("b", "x").unwrap_err();
    /// let d = err.to_diagnostic("b");
    /// assert_eq!(d.summary, "Nothing at the address");
    /// assert_eq!(d.detail, "There is no attribute at b.");
    /// let r = d.subject.unwrap();
    /// assert_eq!((&*r.filename, r.start.column, r.end.column), ("<address>", 1, 2));
    /// ```
    pub fn to_diagnostic(&self, address: &str) -> crate::diagnostic::Diagnostic {
        let (summary, detail) = match self {
            EditError::Address(e) => ("Invalid address", format!("{address} is not an address: {e}.")),
            EditError::Unsupported(e) => ("Not in this syntax", format!("{e}.")),
            EditError::NotFound(a) => ("Nothing at the address", format!("There is no attribute at {a}.")),
            EditError::Expr(e) => ("Cannot edit the expression", format!("At {address}: {e}.")),
            EditError::Value(e) => ("Cannot write the value", format!("At {address}: {e}.")),
            EditError::Syntax(e) => ("The document has syntax errors", format!("Cannot edit {address}: {e}.")),
        };
        let src = address.as_bytes();
        let (start, end) = match self {
            // Where the address stopped parsing.
            EditError::Address(e) if e.offset() <= src.len() => (e.offset(), (e.offset() + e.len()).min(src.len())),
            _ => (0, src.len()),
        };
        let n = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        let range =
            crate::pos::LineIndex::new(src).range(src, &Arc::from("<address>"), crate::Span::new(n(start), n(end)));
        crate::diagnostic::Diagnostic::error(summary, detail).with_subject(range)
    }
}

impl From<ExprError> for EditError {
    fn from(e: ExprError) -> EditError {
        EditError::Expr(e)
    }
}

/// A change to the original text ([`Document::edits`]): the byte range it replaces and the
/// new text, with the range's start and end as lines and columns in the units editors count
/// in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    /// Byte range in the original.
    pub range: std::ops::Range<usize>,
    /// The replacement.
    pub text: String,
    /// Where the range starts in the original.
    pub start: TextPosition,
    /// Where the range ends in the original.
    pub end: TextPosition,
}

/// A place in a text: its 0-based line, and its 0-based column counted in UTF-8 bytes (Rust
/// strings), UTF-16 code units (JavaScript strings, the language server protocol) and
/// characters (Python strings). See [`crate::pos::LineIndex::line_column`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextPosition {
    /// 0-based line.
    pub line: usize,
    /// 0-based column in UTF-8 bytes.
    pub utf8: usize,
    /// 0-based column in UTF-16 code units.
    pub utf16: usize,
    /// 0-based column in characters (Unicode scalar values).
    pub chars: usize,
}

impl TextPosition {
    fn at(index: &crate::pos::LineIndex, src: &[u8], offset: usize) -> TextPosition {
        use crate::pos::ColumnUnit;
        let off = u32::try_from(offset).unwrap_or(u32::MAX);
        let col = |unit| index.line_column(src, off, unit);
        let utf8 = col(ColumnUnit::Utf8);
        TextPosition {
            line: utf8.line as usize,
            utf8: utf8.column as usize,
            utf16: col(ColumnUnit::Utf16).column as usize,
            chars: col(ColumnUnit::Chars).column as usize,
        }
    }
}

impl Document {
    /// Reads `src`; never fails: regions that do not parse are kept as opaque items, which
    /// print as they were. Returns the document and the parser's diagnostics.
    ///
    /// The text is copied once, into the source that the document's unedited pieces of text
    /// are ranges of; the parser's token stream is used to find lines and comments (nothing
    /// is lexed twice).
    pub fn parse(src: &str, filename: &str) -> (Document, Diagnostics) {
        let original: text::Source = Arc::new(Arc::from(src));
        let (mut body, diags) = build::read(&original, filename);
        if !render::prints_as(&body, src) {
            // Whatever did not fit the model: the whole file, opaque.
            body.items = vec![build::opaque(&original)];
        }
        (Document { body, original }, diags)
    }

    /// An empty document.
    pub fn new() -> Document {
        Document { body: Body { newline: "\n", ..Body::default() }, original: Arc::new(Arc::from("")) }
    }

    /// The top-level body.
    pub fn body(&self) -> &Body {
        &self.body
    }

    /// The top-level body, mutably.
    pub fn body_mut(&mut self) -> &mut Body {
        &mut self.body
    }

    /// The whole file as the formatter lays it out.
    pub fn format(&self) -> String {
        crate::format::format_str(&self.to_string())
    }

    /// The text as it was read.
    pub fn original(&self) -> &str {
        &self.original
    }

    /// The edits that turn the original text into the current one: one per changed region (a
    /// changed line, or a run of lines replaced by a different number of lines), narrowed to
    /// the characters that differ, in order, not overlapping; none when nothing changed. Applied from the last to the first (or each
    /// at its range shifted by the ones before), they give the current text (what [`Display`](fmt::Display) prints).
    ///
    /// ```
    /// use hclkit::edit::{Document, Expression};
    ///
    /// let src = "a = 1\nb = 2\n\nc = [\"\u{1F600}\", 3]\n";
    /// let mut doc: Document = src.parse().unwrap();
    /// doc.set("b", Expression::parse("7").unwrap()).unwrap();
    /// doc.set("c[1]", Expression::parse("9").unwrap()).unwrap();
    /// let edits = doc.edits();
    /// assert_eq!(edits.len(), 2);
    /// assert_eq!((edits[0].range.clone(), edits[0].text.as_str()), (10..11, "7"));
    /// let c = &edits[1];
    /// assert_eq!((c.range.clone(), c.text.as_str()), (26..27, "9"));
    /// // After the emoji: 4 UTF-8 bytes, 2 UTF-16 code units, 1 character.
    /// assert_eq!((c.start.line, c.start.utf8, c.start.utf16, c.start.chars), (3, 13, 11, 10));
    /// let mut text = src.to_owned();
    /// for e in edits.iter().rev() {
    ///     text.replace_range(e.range.clone(), &e.text);
    /// }
    /// assert_eq!(text, doc.to_string());
    /// ```
    pub fn edits(&self) -> Vec<TextEdit> {
        diff::text_edits(&self.original, &self.to_string())
    }

    /// The value of the attribute at `address` (with keys and indexes into it).
    pub fn get(&self, address: &str) -> Option<Expression> {
        let a = address::parse(address).ok()?;
        let p = address::find_attribute(&self.body, &a.parts)?;
        let attr = item_at(&self.body, &p).as_attribute()?;
        if a.path.is_empty() {
            Some(attr.expr.clone())
        } else {
            attr.expr.get(&a.path)
        }
    }

    /// The item of the attribute at `address` (no keys or indexes).
    pub fn attribute(&self, address: &str) -> Option<&Item> {
        let a = address::parse(address).ok()?;
        let p = address::find_attribute(&self.body, &a.parts)?;
        Some(item_at(&self.body, &p))
    }

    /// Sets the attribute (or key, or element) at `address`: an existing attribute keeps its
    /// comments; a missing one is added at the end of the first block the address names (or
    /// of the top-level body). Returns whether the attribute existed.
    pub fn set(&mut self, address: &str, value: Expression) -> Result<bool, EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        if let Some(p) = address::find_attribute(&self.body, &a.parts) {
            let item = item_at_mut(&mut self.body, &p);
            if let ItemKind::Attribute(attr) = &mut item.kind {
                if a.path.is_empty() {
                    attr.expr = value;
                } else {
                    attr.expr.set(&a.path, &value)?;
                }
                attr.between = " = ".into();
            }
            item.dirty = true;
            return Ok(true);
        }
        if !a.path.is_empty() {
            return Err(EditError::NotFound(address.to_owned()));
        }
        let (name, blocks) = a.parts.split_last().ok_or_else(|| EditError::NotFound(address.to_owned()))?;
        self.body_for_new_attribute(address, blocks)?.insert(Position::End, Item::attribute(name, value));
        Ok(false)
    }

    /// The body a new attribute at `address` goes in: the top level, or the first block
    /// that its dotted parts but the last (`blocks`) name.
    fn body_for_new_attribute(&mut self, address: &str, blocks: &[String]) -> Result<&mut Body, EditError> {
        if blocks.is_empty() {
            return Ok(&mut self.body);
        }
        let p = address::find_blocks(&self.body, blocks)
            .into_iter()
            .next()
            .ok_or_else(|| EditError::NotFound(address.to_owned()))?;
        Ok(body_at_mut(&mut self.body, &p))
    }

    /// Renames what `address` names: an attribute (keeping its value and comments; an
    /// error if its body has `to` already), or, when the address goes into its value, an
    /// object key ([`Expression::rename_key`]).
    ///
    /// ```
    /// use hclkit::edit::Document;
    ///
    /// let mut doc: Document = "locals {\n  workload = {\n    vpc0 = {}\n  }\n}\n".parse().unwrap();
    /// doc.rename("locals.workload[\"vpc0\"]", "vpc1").unwrap();
    /// doc.rename("locals.workload", "workloads").unwrap();
    /// assert_eq!(doc.to_string(), "locals {\n  workloads = {\n    vpc1 = {}\n  }\n}\n");
    /// ```
    pub fn rename(&mut self, address: &str, to: &str) -> Result<(), EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        let mut p =
            address::find_attribute(&self.body, &a.parts).ok_or_else(|| EditError::NotFound(address.to_owned()))?;
        if !a.path.is_empty() {
            let item = item_at_mut(&mut self.body, &p);
            let ItemKind::Attribute(attr) = &mut item.kind else { return Err(EditError::NotFound(address.to_owned())) };
            attr.expr.rename_key(&a.path, to)?;
            item.dirty = true;
            return Ok(());
        }
        p.pop();
        let body = if p.is_empty() { &mut self.body } else { body_at_mut(&mut self.body, &p) };
        let from = a.parts.last().cloned().unwrap_or_default();
        node::name(to).map_err(EditError::Expr)?;
        if from != to && body.get_attribute(to).is_some() {
            return Err(EditError::Expr(ExprError::DuplicateKey(to.to_owned())));
        }
        body.rename_attribute(&from, to);
        Ok(())
    }

    /// Inserts `value` into a list or a call's arguments: `address` ends with the index the
    /// value takes (`ports[0]` inserts first; one past the end appends), the elements from
    /// there on moving up ([`Expression::insert`]). An address that ends with a key or an
    /// attribute's name adds that key or attribute at the end ([`Document::insert_at`]).
    ///
    /// ```
    /// use hclkit::edit::{Document, Expression};
    ///
    /// let mut doc: Document = "tags = merge(local.tags, var.tags)\n".parse().unwrap();
    /// doc.insert("tags[1]", Expression::parse("{ Name = \"web\" }").unwrap()).unwrap();
    /// assert_eq!(doc.to_string(), "tags = merge(local.tags, { Name = \"web\" }, var.tags)\n");
    /// ```
    pub fn insert(&mut self, address: &str, value: Expression) -> Result<(), EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        if !matches!(a.path.last(), Some(Step::Index(_))) {
            return self.insert_at(address, Position::End, value);
        }
        let p = address::find_attribute(&self.body, &a.parts).ok_or_else(|| EditError::NotFound(address.to_owned()))?;
        let item = item_at_mut(&mut self.body, &p);
        let ItemKind::Attribute(attr) = &mut item.kind else { return Err(EditError::NotFound(address.to_owned())) };
        attr.expr.insert(&a.path, &value)?;
        item.dirty = true;
        Ok(())
    }

    /// Adds the object key or the attribute that `address` names, which must not exist yet,
    /// at `position` among its siblings: `Before(key)`/`After(key)` an object's key or a
    /// body's attribute (or block type), `Index(i)` among the object's items (or the body's
    /// items, comment and blank lines counted), `Start`, `End` (a name that is not there is
    /// the end). The new item takes its siblings' layout (a line of its own in an object
    /// written on several lines, above the comments of the item it goes before, which stay
    /// that item's).
    ///
    /// ```
    /// use hclkit::edit::{Document, Expression, Position};
    ///
    /// let src = "locals {\n  tags = {\n    # the name\n    Name = \"web\"\n    Env  = \"prod\"\n  }\n}\n";
    /// let mut doc: Document = src.parse().unwrap();
    /// let team = Expression::parse("\"core\"").unwrap();
    /// doc.insert_at("locals.tags[\"Team\"]", Position::Before("Name"), team).unwrap();
    /// doc.insert_at("locals.owner", Position::Before("tags"), Expression::parse("\"me\"").unwrap()).unwrap();
    /// assert_eq!(
    ///     doc.to_string(),
    ///     "locals {\n  owner = \"me\"\n  tags = {\n    Team = \"core\"\n    # the name\n    Name = \"web\"\n    Env  = \"prod\"\n  }\n}\n",
    /// );
    /// // It is an insert: a key or an attribute that is there already is an error.
    /// assert!(doc.insert_at("locals.owner", Position::End, Expression::parse("1").unwrap()).is_err());
    /// ```
    pub fn insert_at(&mut self, address: &str, position: Position<'_>, value: Expression) -> Result<(), EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        let Some((last, parent)) = a.path.split_last() else {
            // A new attribute of a body.
            let (name, blocks) = a.parts.split_last().ok_or_else(|| EditError::NotFound(address.to_owned()))?;
            if address::find_attribute(&self.body, &a.parts).is_some() {
                return Err(EditError::Expr(ExprError::DuplicateKey(name.clone())));
            }
            node::name(name).map_err(EditError::Expr)?;
            self.body_for_new_attribute(address, blocks)?.insert(position, Item::attribute(name, value));
            return Ok(());
        };
        let Step::Key(key) = last else {
            return Err(EditError::Expr(ExprError::NotAContainer(format!(
                "{address} (insert_at adds an object key; Document::insert adds a list element)"
            ))));
        };
        let p = address::find_attribute(&self.body, &a.parts).ok_or_else(|| EditError::NotFound(address.to_owned()))?;
        let item = item_at_mut(&mut self.body, &p);
        let ItemKind::Attribute(attr) = &mut item.kind else { return Err(EditError::NotFound(address.to_owned())) };
        attr.expr.insert_item(parent, position, key, &value)?;
        item.dirty = true;
        Ok(())
    }

    /// The comment lines owned by the attribute, object item, tuple element or call argument
    /// at `address` (directly above it, no blank line between), as written; `None` if there is
    /// nothing there.
    ///
    /// ```
    /// use hclkit::edit::Document;
    ///
    /// let mut doc: Document = "# tags\ntags = {\n  # the name\n  Name = \"web\"\n}\n".parse().unwrap();
    /// assert_eq!(doc.comments("tags").as_deref(), Some("# tags\n"));
    /// assert_eq!(doc.comments("tags[\"Name\"]").as_deref(), Some("  # the name\n"));
    /// doc.set_comments("tags[\"Name\"]", "shown in the console").unwrap();
    /// doc.set_comments("tags", "").unwrap();
    /// assert_eq!(doc.to_string(), "tags = {\n  # shown in the console\n  Name = \"web\"\n}\n");
    /// ```
    pub fn comments(&self, address: &str) -> Option<String> {
        let a = address::parse(address).ok()?;
        let p = address::find_attribute(&self.body, &a.parts)?;
        let item = item_at(&self.body, &p);
        if a.path.is_empty() {
            return Some(item.leading_comments().to_owned());
        }
        item.as_attribute()?.expr.comments(&a.path)
    }

    /// Replaces the comment lines owned by the attribute, object item, tuple element or call
    /// argument at `address` with `text`, each line a `#` comment (an empty `text` clears
    /// them); see [`Expression::set_comments`] for items inside an expression.
    pub fn set_comments(&mut self, address: &str, text: &str) -> Result<(), EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        let p = address::find_attribute(&self.body, &a.parts).ok_or_else(|| EditError::NotFound(address.to_owned()))?;
        let item = item_at_mut(&mut self.body, &p);
        if a.path.is_empty() {
            item.set_leading_comments(text);
            return Ok(());
        }
        let ItemKind::Attribute(attr) = &mut item.kind else { return Err(EditError::NotFound(address.to_owned())) };
        attr.expr.set_comments(&a.path, text)?;
        item.dirty = true;
        Ok(())
    }

    /// The comment at the end of the line of the attribute, object item, tuple element or
    /// call argument at `address` (with its `#` or `//`); `None` if there is none.
    pub fn trailing_comment(&self, address: &str) -> Option<String> {
        let a = address::parse(address).ok()?;
        let p = address::find_attribute(&self.body, &a.parts)?;
        let attr = item_at(&self.body, &p).as_attribute()?;
        if a.path.is_empty() {
            return attr.trailing_comment().map(str::to_owned);
        }
        attr.expr.trailing_comment(&a.path)
    }

    /// Sets the comment at the end of the line of the attribute, object item, tuple element
    /// or call argument at `address` to `# text` (`None` clears it).
    pub fn set_trailing_comment(&mut self, address: &str, text: Option<&str>) -> Result<(), EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        let p = address::find_attribute(&self.body, &a.parts).ok_or_else(|| EditError::NotFound(address.to_owned()))?;
        let item = item_at_mut(&mut self.body, &p);
        let ItemKind::Attribute(attr) = &mut item.kind else { return Err(EditError::NotFound(address.to_owned())) };
        if a.path.is_empty() {
            attr.set_trailing_comment(text);
        } else {
            attr.expr.set_trailing_comment(&a.path, text)?;
        }
        item.dirty = true;
        Ok(())
    }

    /// Removes the attribute (or key, or element) at `address`; false if there is none.
    pub fn remove(&mut self, address: &str) -> Result<bool, EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        let Some(mut p) = address::find_attribute(&self.body, &a.parts) else { return Ok(false) };
        if !a.path.is_empty() {
            let item = item_at_mut(&mut self.body, &p);
            let ItemKind::Attribute(attr) = &mut item.kind else { return Ok(false) };
            let removed = attr.expr.remove(&a.path)?;
            item.dirty |= removed;
            return Ok(removed);
        }
        let last = p.pop().unwrap_or(0);
        let body = if p.is_empty() { &mut self.body } else { body_at_mut(&mut self.body, &p) };
        Ok(body.remove(last).is_some())
    }

    /// The blocks at `address` (hcledit's `block get` rule: type and exactly these labels at
    /// the top, `*` for any label, else the longest match through nested blocks).
    pub fn blocks(&self, address: &str) -> Vec<&Block> {
        let Ok(a) = address::parse(address) else { return Vec::new() };
        address::find_blocks_exact(&self.body, &a.parts).iter().map(|p| block_at(&self.body, p)).collect()
    }

    /// The items of the blocks at `address` (with their comments).
    pub fn block_items(&self, address: &str) -> Vec<&Item> {
        let Ok(a) = address::parse(address) else { return Vec::new() };
        address::find_blocks_exact(&self.body, &a.parts).iter().map(|p| item_at(&self.body, p)).collect()
    }

    /// The item paths (item indexes from the top) of the blocks at `address`.
    pub fn block_paths(&self, address: &str) -> Result<Vec<Vec<usize>>, EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        Ok(address::find_blocks_exact(&self.body, &a.parts))
    }

    /// The body at an item path (as [`Document::block_paths`] gives; the empty path is the
    /// document's body), mutably; `None` where the path leads to no block.
    ///
    /// ```
    /// use hclkit::edit::{Document, Expression};
    ///
    /// let mut doc: Document = "a {\n}\n".parse().unwrap();
    /// let path = doc.block_paths("a").unwrap().remove(0);
    /// doc.body_at_mut(&path).unwrap().set_attribute("x", Expression::raw("1"));
    /// assert_eq!(doc.to_string(), "a {\n  x = 1\n}\n");
    /// assert!(doc.body_at_mut(&[7]).is_none());
    /// ```
    pub fn body_at_mut(&mut self, path: &[usize]) -> Option<&mut Body> {
        try_body_at_mut(&mut self.body, path)
    }

    /// The item at an item path, mutably; it is laid out again when printed. `None` where
    /// the path leads to no item.
    pub fn item_at_mut(&mut self, path: &[usize]) -> Option<&mut Item> {
        let (last, blocks) = path.split_last()?;
        let it = try_body_at_mut(&mut self.body, blocks)?.items.get_mut(*last)?;
        it.dirty = true;
        Some(it)
    }

    /// The item path of the attribute at `address` (its keys and indexes ignored).
    pub fn attribute_path(&self, address: &str) -> Option<Vec<usize>> {
        let a = address::parse(address).ok()?;
        address::find_attribute(&self.body, &a.parts)
    }

    /// The item paths of the blocks that dotted parts name by hcledit's longest-match rule
    /// (labels first, then nested block types).
    pub fn block_paths_longest(&self, parts: &[String]) -> Vec<Vec<usize>> {
        address::find_blocks(&self.body, parts)
    }

    /// The indexes of the top-level blocks with exactly this type and labels (`*` for any).
    pub fn top_block_indexes(&self, parts: &[String]) -> Vec<usize> {
        address::top_blocks(&self.body, parts)
    }

    /// Removes the top-level blocks with exactly this type and labels, then lays the file out
    /// vertically as hcledit's `block rm` does: no blank line at the start or the end, and at
    /// most one blank line between items. Returns how many blocks went.
    pub fn remove_top_blocks(&mut self, parts: &[String]) -> usize {
        let idx = self.top_block_indexes(parts);
        for &i in idx.iter().rev() {
            self.body.remove(i);
        }
        let items = &mut self.body.items;
        let blank = |it: &Item| matches!(it.kind, ItemKind::Blank(_));
        while items.first().is_some_and(blank) {
            items.remove(0);
        }
        while items.last().is_some_and(blank) && items.len() > 1 {
            items.pop();
        }
        let nl = if self.body.newline.is_empty() { "\n" } else { self.body.newline };
        items.dedup_by(|b, a| blank(&*a) && blank(&*b));
        for it in items.iter_mut() {
            if let ItemKind::Blank(s) = &mut it.kind {
                if s.matches('\n').count() > 1 {
                    *s = nl.into();
                }
            }
        }
        idx.len()
    }

    /// The block at an item path, mutably (a changed type or label lays out its header line);
    /// `None` where the path leads to no block.
    pub fn block_at_mut(&mut self, path: &[usize]) -> Option<&mut Block> {
        let (last, blocks) = path.split_last()?;
        try_body_at_mut(&mut self.body, blocks)?.items.get_mut(*last)?.as_block_mut()
    }

    /// Removes the blocks at `address`; returns how many.
    pub fn remove_blocks(&mut self, address: &str) -> Result<usize, EditError> {
        let mut paths = self.block_paths(address)?;
        // Later items first, so earlier paths stay valid.
        paths.sort();
        let n = paths.len();
        for mut p in paths.into_iter().rev() {
            let last = p.pop().unwrap_or(0);
            let body = if p.is_empty() { &mut self.body } else { body_at_mut(&mut self.body, &p) };
            body.remove(last);
        }
        Ok(n)
    }
}

impl Default for Document {
    fn default() -> Document {
        Document::new()
    }
}

pub(crate) fn block_at<'a>(body: &'a Body, path: &[usize]) -> &'a Block {
    match &item_at(body, path).kind {
        ItemKind::Block(b) => b,
        _ => panic!("not a block path"),
    }
}

fn item_at<'a>(body: &'a Body, path: &[usize]) -> &'a Item {
    let (last, blocks) = path.split_last().expect("an item path");
    let mut b = body;
    for &i in blocks {
        b = &b.items[i].as_block().expect("a block path").body;
    }
    &b.items[*last]
}

/// The item at a path the document's own lookups gave (valid by construction).
fn item_at_mut<'a>(body: &'a mut Body, path: &[usize]) -> &'a mut Item {
    let (last, blocks) = path.split_last().expect("an item path");
    let b = body_at_mut(body, blocks);
    &mut b.items[*last]
}

/// The body at an item path, or `None` where an index is out of range or not a block.
fn try_body_at_mut<'a>(body: &'a mut Body, path: &[usize]) -> Option<&'a mut Body> {
    let mut b = body;
    for &i in path {
        b.items.get(i)?.as_block()?;
        b = b.block_body_at(i);
    }
    Some(b)
}

fn body_at_mut<'a>(body: &'a mut Body, path: &[usize]) -> &'a mut Body {
    let mut b = body;
    for &i in path {
        b = b.block_body_at(i);
    }
    b
}

impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(self.original.len() + 64);
        let mut dirty = Vec::new();
        render::body(&self.body, &mut out, &mut dirty, false);
        let style = render::Style::of(&self.original, self.body.newline == "\r\n");
        f.write_str(&render::layout(out, &dirty, style))
    }
}

impl std::str::FromStr for Document {
    type Err = Diagnostics;
    /// Reads `src`, failing on any syntax error.
    fn from_str(src: &str) -> Result<Document, Diagnostics> {
        let (doc, diags) = Document::parse(src, "<input>");
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(doc)
        }
    }
}

#[cfg(test)]
mod tests;
