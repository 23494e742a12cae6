//! [`AnyDocument`]: a file of either syntax open for editing, chosen by its name, behind the
//! operations both documents have (what the Python and JavaScript `Document`s hold).

use std::fmt;

use hclkit_value::Value;

use super::{address, Document, EditError, Expression, JsonDocument, TextEdit};
use crate::diagnostic::Diagnostics;

/// A native-syntax [`Document`] or a [`JsonDocument`], by the file's name (a name ending in
/// `.json` is the JSON syntax), with the addresses and operations both have.
///
/// ```
/// use hclkit::edit::{AnyDocument, Expression};
///
/// for (name, src) in [("main.tf", "region = \"eu\"\n"), ("main.tf.json", "{\"region\": \"eu\"}\n")] {
///     let (mut doc, diags) = AnyDocument::parse(src, name);
///     assert!(!diags.has_errors());
///     doc.set("region", Expression::parse("var.region").unwrap()).unwrap();
///     assert_eq!(doc.edits().len(), 1);
/// }
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum AnyDocument {
    /// The native syntax.
    Native(Document),
    /// The JSON syntax.
    Json(JsonDocument),
}

impl AnyDocument {
    /// Reads `src` in the syntax `filename` names. It never fails: a native document keeps
    /// the regions that do not parse as opaque items (see [`Document::parse`]); a JSON one
    /// with syntax errors keeps its text and refuses edits ([`JsonDocument::parse_lossy`]).
    /// Either prints the text back byte for byte.
    ///
    /// ```
    /// use hclkit::edit::AnyDocument;
    ///
    /// let (doc, diags) = AnyDocument::parse("{\"a\": ", "main.tf.json");
    /// assert!(diags.has_errors());
    /// assert_eq!(doc.to_string(), "{\"a\": ");
    /// ```
    pub fn parse(src: &str, filename: &str) -> (AnyDocument, Diagnostics) {
        if filename.ends_with(".json") {
            let (d, diags) = JsonDocument::parse_lossy(src, filename);
            (AnyDocument::Json(d), diags)
        } else {
            let (d, diags) = Document::parse(src, filename);
            (AnyDocument::Native(d), diags)
        }
    }

    /// The text of the value at `address`, as written (HCL or JSON).
    pub fn get(&self, address: &str) -> Option<String> {
        match self {
            AnyDocument::Native(d) => d.get(address).map(|e| e.as_str().to_owned()),
            AnyDocument::Json(d) => d.get(address),
        }
    }

    /// Sets the value at `address` to a native-syntax expression (in a JSON document, what
    /// it means there: [`JsonDocument::set_expression`]); whether there was a value.
    pub fn set(&mut self, address: &str, value: Expression) -> Result<bool, EditError> {
        match self {
            AnyDocument::Native(d) => d.set(address, value),
            AnyDocument::Json(d) => d.set_expression(address, &value),
        }
    }

    /// Sets the value at `address` to `value`, written in the document's syntax.
    pub fn set_value(&mut self, address: &str, value: &Value) -> Result<bool, EditError> {
        match self {
            AnyDocument::Native(d) => d.set(address, expression_of(value)?),
            AnyDocument::Json(d) => d.set(address, &json_of(value)?),
        }
    }

    /// Inserts a native-syntax expression into a list or call's arguments at `address`
    /// ([`Document::insert`], [`JsonDocument::insert`]).
    pub fn insert(&mut self, address: &str, value: Expression) -> Result<(), EditError> {
        match self {
            AnyDocument::Native(d) => d.insert(address, value),
            AnyDocument::Json(d) => d.insert(address, &super::json::json_of(&value)),
        }
    }

    /// Adds the object key or attribute at `address` at `position` among its siblings
    /// ([`Document::insert_at`]); in a JSON document only at the end (`Position::End`), as
    /// [`JsonDocument::set`] adds a property.
    pub fn insert_at(
        &mut self,
        address: &str,
        position: super::Position<'_>,
        value: Expression,
    ) -> Result<(), EditError> {
        match self {
            AnyDocument::Native(d) => d.insert_at(address, position, value),
            AnyDocument::Json(d) => json_insert_at(d, address, position, &super::json::json_of(&value)),
        }
    }

    /// [`AnyDocument::insert_at`] with `value` written in the document's syntax.
    pub fn insert_value_at(
        &mut self,
        address: &str,
        position: super::Position<'_>,
        value: &Value,
    ) -> Result<(), EditError> {
        match self {
            AnyDocument::Native(d) => d.insert_at(address, position, expression_of(value)?),
            AnyDocument::Json(d) => json_insert_at(d, address, position, &json_of(value)?),
        }
    }

    /// Inserts `value`, written in the document's syntax, into a list at `address`.
    pub fn insert_value(&mut self, address: &str, value: &Value) -> Result<(), EditError> {
        match self {
            AnyDocument::Native(d) => d.insert(address, expression_of(value)?),
            AnyDocument::Json(d) => d.insert(address, &json_of(value)?),
        }
    }

    /// Renames the attribute, object key or property at `address` ([`Document::rename`],
    /// [`JsonDocument::rename`]).
    pub fn rename(&mut self, address: &str, to: &str) -> Result<(), EditError> {
        match self {
            AnyDocument::Native(d) => d.rename(address, to),
            AnyDocument::Json(d) => d.rename(address, to),
        }
    }

    /// Removes the value at `address`; whether there was one.
    pub fn remove(&mut self, address: &str) -> Result<bool, EditError> {
        match self {
            AnyDocument::Native(d) => d.remove(address),
            AnyDocument::Json(d) => d.remove(address),
        }
    }

    /// The comment lines the item at `address` owns ([`Document::comments`]); `None` in a JSON
    /// document, which has no comments.
    pub fn comments(&self, address: &str) -> Option<String> {
        match self {
            AnyDocument::Native(d) => d.comments(address),
            AnyDocument::Json(_) => None,
        }
    }

    /// Replaces the comment lines of the item at `address` ([`Document::set_comments`]); an
    /// error in a JSON document.
    pub fn set_comments(&mut self, address: &str, text: &str) -> Result<(), EditError> {
        match self {
            AnyDocument::Native(d) => d.set_comments(address, text),
            AnyDocument::Json(_) => Err(no_comments(address)),
        }
    }

    /// The comment at the end of the item's line ([`Document::trailing_comment`]); `None` in
    /// a JSON document.
    pub fn trailing_comment(&self, address: &str) -> Option<String> {
        match self {
            AnyDocument::Native(d) => d.trailing_comment(address),
            AnyDocument::Json(_) => None,
        }
    }

    /// Sets the comment at the end of the item's line ([`Document::set_trailing_comment`]);
    /// an error in a JSON document.
    pub fn set_trailing_comment(&mut self, address: &str, text: Option<&str>) -> Result<(), EditError> {
        match self {
            AnyDocument::Native(d) => d.set_trailing_comment(address, text),
            AnyDocument::Json(_) => Err(no_comments(address)),
        }
    }

    /// The whole file as the formatter lays it out (a JSON document: its text).
    pub fn format(&self) -> String {
        match self {
            AnyDocument::Native(d) => d.format(),
            AnyDocument::Json(d) => d.to_string(),
        }
    }

    /// The text as it was read.
    pub fn original(&self) -> &str {
        match self {
            AnyDocument::Native(d) => d.original(),
            AnyDocument::Json(d) => d.original(),
        }
    }

    /// The edits from the original text to the current one, one per changed region.
    pub fn edits(&self) -> Vec<TextEdit> {
        match self {
            AnyDocument::Native(d) => d.edits(),
            AnyDocument::Json(d) => d.edits(),
        }
    }
}

/// A JSON document adds a property at the end of its object only, and not over one that is
/// there.
fn json_insert_at(
    d: &mut JsonDocument,
    address: &str,
    position: super::Position<'_>,
    value: &hclkit_value::json::Node,
) -> Result<(), EditError> {
    if position != super::Position::End {
        return Err(EditError::Unsupported(format!(
            "a JSON document adds a property at the end of its object only: cannot insert {address} at {position:?}"
        )));
    }
    if d.get(address).is_some() {
        let name = address::parse(address).map_err(EditError::Address)?.to_string();
        return Err(EditError::Expr(super::ExprError::DuplicateKey(name)));
    }
    d.set(address, value).map(|_| ())
}

fn no_comments(address: &str) -> EditError {
    EditError::Unsupported(format!("the JSON syntax has no comments: cannot set the comments of {address}"))
}

fn expression_of(value: &Value) -> Result<Expression, EditError> {
    Expression::from_value(value).map_err(|e| EditError::Value(e.to_string()))
}

fn json_of(value: &Value) -> Result<hclkit_value::json::Node, EditError> {
    let text = hclkit_value::json::to_simple_json(value).map_err(|e| EditError::Value(e.to_string()))?;
    hclkit_value::json::Node::parse(text.as_bytes()).map_err(EditError::Value)
}

impl fmt::Display for AnyDocument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyDocument::Native(d) => d.fmt(f),
            AnyDocument::Json(d) => d.fmt(f),
        }
    }
}
