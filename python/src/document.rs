//! `hclkit.Document`: lossless editing (`hclkit::edit::Document`) with the library's addresses.

use hclkit::edit::{AnyDocument as Doc, Expression, Position};
use pyo3::prelude::*;

use crate::diags::{to_pyerr, Failure};

/// A file open for editing, in the native syntax or, when ``filename`` ends in ``.json``,
/// the JSON syntax (the same addresses); ``str(doc)`` is the text, byte for byte the input
/// where nothing was edited.
#[pyclass(module = "hclkit")]
pub struct Document {
    inner: Doc,
}

#[pymethods]
impl Document {
    /// Reads ``text``; raises ``HCLError`` on syntax errors.
    #[new]
    #[pyo3(signature = (text, *, filename=None))]
    fn new(py: Python<'_>, text: &str, filename: Option<String>) -> PyResult<Document> {
        let name = filename.unwrap_or_else(|| "<string>".to_owned());
        let (inner, diags) = Doc::parse(text, &name);
        if diags.has_errors() {
            return Err(to_pyerr(py, Failure::new(diags)));
        }
        Ok(Document { inner })
    }

    /// The source text of the attribute (or key, or element, or part: ``x#condition``) at
    /// ``address``, or ``None``; raises ``HCLError`` if the address does not parse.
    fn get(&self, py: Python<'_>, address: &str) -> PyResult<Option<String>> {
        checked(py, address)?;
        Ok(self.inner.get(address))
    }

    /// Sets the attribute (or key, or element) at ``address`` to ``value``: an
    /// ``hclkit.Expression`` as it is written (or a string of source text with
    /// ``expression=True``), otherwise a Python value written as HCL. Returns whether the
    /// attribute existed.
    #[pyo3(signature = (address, value, *, expression=false))]
    fn set(&mut self, address: &str, value: &Bound<'_, PyAny>, expression: bool) -> PyResult<bool> {
        let r = match value_of(value, expression)? {
            Either::Expr(e) => self.inner.set(address, e),
            Either::Value(v) => self.inner.set_value(address, &v),
        };
        r.map_err(|e| edit_error(value.py(), &e, address))
    }

    /// Inserts ``value`` (as for ``set``) into the list or call arguments at ``address``,
    /// which ends with the index the value takes (``ports[0]`` inserts first; one past the
    /// end appends). An address that ends with a key (``tags["Team"]``) or an attribute's
    /// name adds it, at the end or ``before=`` or ``after=`` the key (attribute) of that
    /// name, or at ``index=`` among the object's items; raises ``HCLError`` if it is there.
    #[pyo3(signature = (address, value, *, expression=false, before=None, after=None, index=None))]
    #[allow(clippy::too_many_arguments)]
    fn insert(
        &mut self,
        address: &str,
        value: &Bound<'_, PyAny>,
        expression: bool,
        before: Option<&str>,
        after: Option<&str>,
        index: Option<usize>,
    ) -> PyResult<()> {
        let position = match (before, after, index) {
            (None, None, None) => None,
            (Some(k), None, None) => Some(Position::Before(k)),
            (None, Some(k), None) => Some(Position::After(k)),
            (None, None, Some(i)) => Some(Position::Index(i)),
            _ => return Err(pyo3::exceptions::PyTypeError::new_err("insert takes one of before=, after= and index=")),
        };
        let r = match (value_of(value, expression)?, position) {
            (Either::Expr(e), None) => self.inner.insert(address, e),
            (Either::Value(v), None) => self.inner.insert_value(address, &v),
            (Either::Expr(e), Some(p)) => self.inner.insert_at(address, p, e),
            (Either::Value(v), Some(p)) => self.inner.insert_value_at(address, p, &v),
        };
        r.map_err(|e| edit_error(value.py(), &e, address))
    }

    /// Renames the attribute (or object key) at ``address`` to ``to``; its value and comments
    /// stay. Raises ``HCLError`` if there is nothing there or the name is taken.
    fn rename(&mut self, py: Python<'_>, address: &str, to: &str) -> PyResult<()> {
        self.inner.rename(address, to).map_err(|e| edit_error(py, &e, address))
    }

    /// Removes the attribute (or key, or element) at ``address``; whether there was one.
    fn remove(&mut self, py: Python<'_>, address: &str) -> PyResult<bool> {
        self.inner.remove(address).map_err(|e| edit_error(py, &e, address))
    }

    /// The comment lines the attribute, object item or list element at ``address`` owns
    /// (directly above it, no blank line between), as written; ``None`` if there is nothing
    /// there.
    fn comments(&self, py: Python<'_>, address: &str) -> PyResult<Option<String>> {
        checked(py, address)?;
        Ok(self.inner.comments(address))
    }

    /// Replaces the comment lines the attribute, object item or list element at ``address``
    /// owns with ``text``, one ``#`` comment a line (``""`` clears them).
    fn set_comments(&mut self, py: Python<'_>, address: &str, text: &str) -> PyResult<()> {
        self.inner.set_comments(address, text).map_err(|e| edit_error(py, &e, address))
    }

    /// The edits that turn the original text into the current one, one per changed region,
    /// in order: dicts ``{"start": {"line", "column", "offset"}, "end": {...}, "text"}``, the
    /// range in the original text, counted in characters as Python strings are (``line`` and
    /// ``column`` from 0; ``offset`` into the whole text, so ``text[start:end]`` is what the
    /// edit replaces).
    fn edits<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyDict>>> {
        let original = self.inner.original();
        // Character offsets of the (ordered) byte offsets, counted once along the text.
        let (mut byte, mut chars) = (0, 0);
        let mut offset = |b: usize| {
            chars += original.get(byte..b).map_or(0, |s| s.chars().count());
            byte = b;
            chars
        };
        let mut out = Vec::new();
        for e in self.inner.edits() {
            let d = pyo3::types::PyDict::new(py);
            for (key, pos, b) in [("start", e.start, e.range.start), ("end", e.end, e.range.end)] {
                let p = pyo3::types::PyDict::new(py);
                p.set_item("line", pos.line)?;
                p.set_item("column", pos.chars)?;
                p.set_item("offset", offset(b))?;
                d.set_item(key, p)?;
            }
            d.set_item("text", e.text)?;
            out.push(d);
        }
        Ok(out)
    }

    /// The comment at the end of the line of the attribute, object item or list element at
    /// ``address`` (with its ``#`` or ``//``), or ``None``.
    fn trailing_comment(&self, py: Python<'_>, address: &str) -> PyResult<Option<String>> {
        checked(py, address)?;
        Ok(self.inner.trailing_comment(address))
    }

    /// Sets the comment at the end of the line of the attribute, object item or list element
    /// at ``address`` to ``# text`` (``None`` clears it).
    #[pyo3(signature = (address, text))]
    fn set_trailing_comment(&mut self, py: Python<'_>, address: &str, text: Option<&str>) -> PyResult<()> {
        self.inner.set_trailing_comment(address, text).map_err(|e| edit_error(py, &e, address))
    }

    /// The whole file as the formatter lays it out.
    fn format(&self) -> String {
        self.inner.format()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        match &self.inner {
            Doc::Native(d) => format!("<hclkit.Document of {} items>", d.body().items().len()),
            _ => format!("<hclkit.Document (JSON syntax) of {} bytes>", self.inner.to_string().len()),
        }
    }
}

/// An HCL expression as source text, checked when it is made: what ``Document.set`` and
/// ``Document.insert`` write as it is (``doc.set("ami", hclkit.Expression("var.ami"))``),
/// where a Python value would be written as a literal.
#[pyclass(module = "hclkit", name = "Expression", frozen, eq, hash)]
#[derive(PartialEq, Eq, Hash)]
pub struct PyExpression {
    text: String,
}

#[pymethods]
impl PyExpression {
    /// Parses ``text``; raises ``HCLError`` if it is not an expression.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<PyExpression> {
        let e = Expression::parse(text).map_err(|d| to_pyerr(py, Failure::new(d)))?;
        Ok(PyExpression { text: e.as_str().to_owned() })
    }

    /// The expression's source text.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let quoted = pyo3::types::PyString::new(py, &self.text).repr()?;
        Ok(format!("hclkit.Expression({quoted})"))
    }
}

/// A value to set: HCL source text, or a Python value written in the document's syntax.
enum Either {
    Expr(Expression),
    Value(hclkit_value::Value),
}

/// ``value`` as source text when ``expression``, else as a value.
fn value_of(value: &Bound<'_, PyAny>, expression: bool) -> PyResult<Either> {
    if let Ok(e) = value.downcast::<PyExpression>() {
        return Ok(Either::Expr(Expression::raw(&e.get().text)));
    }
    if expression {
        let text: String = value.extract()?;
        return Expression::parse(&text).map(Either::Expr).map_err(|d| to_pyerr(value.py(), Failure::new(d)));
    }
    Ok(Either::Value(crate::values::from_py(value)?))
}

/// A failed edit as `HCLError`, with the library's diagnostic for it.
fn edit_error(py: Python<'_>, e: &hclkit::edit::EditError, address: &str) -> PyErr {
    to_pyerr(py, Failure::new(hclkit::Diagnostics::from(e.to_diagnostic(address))))
}

/// ``HCLError`` if ``address`` does not parse (queries answer ``None`` for nothing there).
fn checked(py: Python<'_>, address: &str) -> PyResult<()> {
    match hclkit::edit::address::parse(address) {
        Ok(_) => Ok(()),
        Err(e) => Err(edit_error(py, &hclkit::edit::EditError::Address(e), address)),
    }
}
