//! `Document`: lossless editing (`hclkit::edit::AnyDocument`: the native syntax, or the JSON
//! syntax for a name ending in `.json`) with the library's addresses, as in Rust and Python. The JavaScript wrapper (`js/src/core.js`) holds one of these per
//! `hclkit.Document` and turns the results (the crate's one-string protocol) into values.

use hclkit::edit::{AnyDocument as Doc, Expression, Position};
use hclkit::Diagnostics;
use hclkit_value::json::{write_string, Escape};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::{diags, fail, fail_plain, ok, values};

/// A file open for editing: the native syntax, or the JSON syntax when its name ends in
/// `.json`.
#[wasm_bindgen]
pub struct Document {
    inner: Doc,
    filename: String,
    /// The parse's diagnostics, kept for [`Document::errors`].
    diags: Diagnostics,
}

#[wasm_bindgen]
impl Document {
    /// Reads `text`; never fails (see [`Document::errors`] for its syntax errors).
    #[wasm_bindgen(constructor)]
    pub fn new(filename: &str, text: &str) -> Document {
        let (inner, diags) = Doc::parse(text, filename);
        Document { inner, filename: filename.to_owned(), diags }
    }

    /// The failure for the text's syntax errors, or an empty string when it has none.
    ///
    /// ```
    /// assert_eq!(hclkit_wasm::document::Document::new("a.tf", "a = 1\n").errors(), "");
    /// assert!(hclkit_wasm::document::Document::new("a.tf", "a = \n").errors().starts_with('!'));
    /// ```
    pub fn errors(&self) -> String {
        if !self.diags.has_errors() {
            return String::new();
        }
        let named = (self.filename.as_str(), self.inner.original().as_bytes());
        fail(&diags::message("parse config", &self.diags), &self.diags, &named)
    }

    /// The source text of the attribute (or key, or element, or part) at `address`: a JSON
    /// string, `" null"` if there is nothing there, or a failure if the address does not
    /// parse.
    ///
    /// ```
    /// let d = hclkit_wasm::document::Document::new("a.tf", "a = b ? 1 : 2\n");
    /// assert_eq!(d.get("a#false"), " \"2\"");
    /// assert_eq!(d.get("c"), " null");
    /// assert!(d.get("a#nope").starts_with('!'));
    /// ```
    pub fn get(&self, address: &str) -> String {
        query(address, |a| self.inner.get(a))
    }

    /// Sets the attribute (or key, or element) at `address` to `expression` (source text)
    /// when `tagged` is empty, else to the value of the tagged JSON `tagged` written as HCL.
    /// The result: whether the attribute existed (`" true"`, `" false"`), or a failure.
    ///
    /// ```
    /// let mut d = hclkit_wasm::document::Document::new("a.tf", "a = 1 # one\n");
    /// assert_eq!(d.set("a", "2", ""), " true");
    /// assert_eq!(d.set("b", "", r#"{"x":["sy"]}"#), " false");
    /// assert_eq!(d.text(), "a = 2 # one\nb = {\n  x = [\"y\"]\n}\n");
    /// ```
    pub fn set(&mut self, address: &str, expression: &str, tagged: &str) -> String {
        let r = match value_of(expression, tagged) {
            Ok(Value::Expr(e)) => self.inner.set(address, e),
            Ok(Value::Data(v)) => self.inner.set_value(address, &v),
            Err(failure) => return failure,
        };
        match r {
            Ok(existed) => ok(if existed { "true" } else { "false" }),
            Err(e) => edit_failure(address, &e),
        }
    }

    /// Inserts a value into the list or call arguments at `address`, which ends with the index
    /// the value takes (`hclkit::edit::Document::insert`); the value as for [`Document::set`].
    /// The result: `" null"`, or a failure.
    ///
    /// ```
    /// let mut d = hclkit_wasm::document::Document::new("a.tf", "a = [1, 3]\n");
    /// assert_eq!(d.insert("a[1]", "2", ""), " null");
    /// assert_eq!(d.text(), "a = [1, 2, 3]\n");
    /// assert!(d.insert("a[9]", "2", "").starts_with('!'));
    /// ```
    pub fn insert(&mut self, address: &str, expression: &str, tagged: &str) -> String {
        let r = match value_of(expression, tagged) {
            Ok(Value::Expr(e)) => self.inner.insert(address, e),
            Ok(Value::Data(v)) => self.inner.insert_value(address, &v),
            Err(failure) => return failure,
        };
        match r {
            Ok(()) => ok("null"),
            Err(e) => edit_failure(address, &e),
        }
    }

    /// Adds the object key or attribute at `address` (which must not be there) `before` or
    /// `after` the key of that name, or at `index` among the object's items
    /// (`hclkit::edit::AnyDocument::insert_at`); the value as for [`Document::set`]. The
    /// result: `" null"`, or a failure.
    ///
    /// ```
    /// let mut d = hclkit_wasm::document::Document::new("a.tf", "t = { a = 1, c = 3 }\n");
    /// assert_eq!(d.insert_at("t[\"b\"]", "2", "", None, Some("a".into()), None), " null");
    /// assert_eq!(d.text(), "t = { a = 1, b = 2, c = 3 }\n");
    /// assert!(d.insert_at("t[\"a\"]", "0", "", None, None, Some(0)).starts_with('!'));
    /// ```
    pub fn insert_at(
        &mut self,
        address: &str,
        expression: &str,
        tagged: &str,
        before: Option<String>,
        after: Option<String>,
        index: Option<u32>,
    ) -> String {
        let position = match (&before, &after, index) {
            (Some(k), _, _) => Position::Before(k),
            (_, Some(k), _) => Position::After(k),
            (_, _, Some(i)) => Position::Index(i as usize),
            _ => Position::End,
        };
        let r = match value_of(expression, tagged) {
            Ok(Value::Expr(e)) => self.inner.insert_at(address, position, e),
            Ok(Value::Data(v)) => self.inner.insert_value_at(address, position, &v),
            Err(failure) => return failure,
        };
        match r {
            Ok(()) => ok("null"),
            Err(e) => edit_failure(address, &e),
        }
    }

    /// Renames the attribute (or object key, or JSON property) at `address` to `to`
    /// (`hclkit::edit::AnyDocument::rename`): `" null"`, or a failure.
    ///
    /// ```
    /// let mut d = hclkit_wasm::document::Document::new("a.tf", "a = { x = 1 }\n");
    /// assert_eq!(d.rename("a[\"x\"]", "y"), " null");
    /// assert_eq!(d.text(), "a = { y = 1 }\n");
    /// assert!(d.rename("b", "c").starts_with('!'));
    /// ```
    pub fn rename(&mut self, address: &str, to: &str) -> String {
        match self.inner.rename(address, to) {
            Ok(()) => ok("null"),
            Err(e) => edit_failure(address, &e),
        }
    }

    /// Removes the attribute (or key, or element) at `address`: whether there was one
    /// (`" true"`, `" false"`), or a failure.
    pub fn remove(&mut self, address: &str) -> String {
        match self.inner.remove(address) {
            Ok(existed) => ok(if existed { "true" } else { "false" }),
            Err(e) => edit_failure(address, &e),
        }
    }

    /// The comment lines the attribute at `address` owns (directly above it), as written.
    /// As for [`Document::get`].
    pub fn comments(&self, address: &str) -> String {
        query(address, |a| self.inner.comments(a))
    }

    /// The comment at the end of the line of the item at `address`, if any.
    /// As for [`Document::get`].
    pub fn trailing_comment(&self, address: &str) -> String {
        query(address, |a| self.inner.trailing_comment(a))
    }

    /// Sets the comment at the end of the line of the item at `address` to `# text` (`clear`:
    /// removes it): `" null"`, or a failure.
    ///
    /// ```
    /// let mut d = hclkit_wasm::document::Document::new("a.tf", "a = 1 # old\n");
    /// assert_eq!(d.set_trailing_comment("a", "new", false), " null");
    /// assert_eq!(d.text(), "a = 1 # new\n");
    /// assert_eq!(d.set_trailing_comment("a", "", true), " null");
    /// assert_eq!(d.text(), "a = 1\n");
    /// ```
    pub fn set_trailing_comment(&mut self, address: &str, text: &str, clear: bool) -> String {
        match self.inner.set_trailing_comment(address, (!clear).then_some(text)) {
            Ok(()) => ok("null"),
            Err(e) => edit_failure(address, &e),
        }
    }

    /// The whole text, byte for byte the input where nothing was edited.
    pub fn text(&self) -> String {
        self.inner.to_string()
    }

    /// The whole file as the formatter lays it out.
    pub fn format(&self) -> String {
        self.inner.format()
    }

    /// The edits that turn the original text into the current one, one per changed region
    /// (`hclkit::edit::Document::edits`), as JSON: `[{"range": {"filename", "start", "end"},
    /// "text"}]`, the range in the original text (line and column from 1, columns in UTF-16
    /// code units; byte offsets).
    ///
    /// ```
    /// let mut d = hclkit_wasm::document::Document::new("a.tf", "a = 1\nb = 2\n");
    /// d.set("b", "3", "");
    /// assert_eq!(
    ///     d.edits(),
    ///     r#"[{"range":{"filename":"a.tf","start":{"line":2,"column":5,"byte":10},"end":{"line":2,"column":6,"byte":11}},"text":"3"}]"#
    /// );
    /// ```
    pub fn edits(&self) -> String {
        let mut out = String::from("[");
        for (i, e) in self.inner.edits().iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"range\":{\"filename\":");
            write_string(&mut out, &self.filename, Escape::Plain);
            for (key, pos, byte) in [("start", e.start, e.range.start), ("end", e.end, e.range.end)] {
                out.push_str(&format!(
                    ",\"{key}\":{{\"line\":{},\"column\":{},\"byte\":{byte}}}",
                    pos.line + 1,
                    pos.utf16 + 1
                ));
            }
            out.push_str("},\"text\":");
            write_string(&mut out, &e.text, Escape::Plain);
            out.push('}');
        }
        out.push(']');
        out
    }
}

/// A value to set: HCL source text, or data written in the document's syntax.
enum Value {
    Expr(Expression),
    Data(hclkit_value::Value),
}

/// `Expression`: `expression` checked as a native-syntax expression, its text (trimmed) as a
/// JSON string, or a failure.
///
/// ```
/// assert_eq!(hclkit_wasm::document::expression(" var.a \n"), r#" "var.a""#);
/// assert!(hclkit_wasm::document::expression("1 +").starts_with('!'));
/// ```
#[wasm_bindgen]
pub fn expression(text: &str) -> String {
    match Expression::parse(text) {
        Ok(e) => {
            let mut out = String::from(" ");
            write_string(&mut out, e.as_str(), Escape::Plain);
            out
        }
        Err(d) => fail(&diags::message("parse expression", &d), &d, &("<expression>", text.as_bytes())),
    }
}

/// The expression of source text `expression` when `tagged` is empty, else the value of the
/// tagged JSON `tagged`; a failure (the crate's protocol) otherwise.
fn value_of(expression: &str, tagged: &str) -> Result<Value, String> {
    if tagged.is_empty() {
        return Expression::parse(expression)
            .map(Value::Expr)
            .map_err(|d| fail(&diags::message("set", &d), &d, &("<expression>", expression.as_bytes())));
    }
    values::from_tagged(tagged.as_bytes()).map(Value::Data).map_err(|e| fail_plain("Invalid value", &e))
}

/// A query's answer at `address` as a JSON string (or `null`), or a failure if the address
/// does not parse.
fn query(address: &str, f: impl FnOnce(&str) -> Option<String>) -> String {
    if let Err(e) = hclkit::edit::address::parse(address) {
        return edit_failure(address, &hclkit::edit::EditError::Address(e));
    }
    match f(address) {
        Some(t) => {
            let mut out = String::from(" ");
            write_string(&mut out, &t, Escape::Plain);
            out
        }
        None => ok("null"),
    }
}

/// A failed edit at `address`: the library's diagnostic for it, the address its source.
fn edit_failure(address: &str, e: &hclkit::edit::EditError) -> String {
    let d = e.to_diagnostic(address);
    let message = format!("{}; {}", d.summary, d.detail);
    fail(&message, &Diagnostics::from(d), &("<address>", address.as_bytes()))
}
