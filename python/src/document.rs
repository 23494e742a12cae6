//! `hclkit.Document`: lossless editing (`hclkit::edit::Document`) with the library's addresses.

use hclkit::edit::{Document as Doc, Expression};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::diags::{to_pyerr, Failure};

/// A native-syntax file open for editing; ``str(doc)`` is the text, byte for byte the input
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

    /// The source text of the attribute (or key, or element) at ``address``, or ``None``.
    fn get(&self, address: &str) -> Option<String> {
        self.inner.get(address).map(|e| e.as_str().to_owned())
    }

    /// Sets the attribute (or key, or element) at ``address`` to ``value``: an
    /// ``hclkit.Expression``-like string of source text when ``expression=True``, otherwise a
    /// Python value written as HCL. Returns whether the attribute existed.
    #[pyo3(signature = (address, value, *, expression=false))]
    fn set(&mut self, address: &str, value: &Bound<'_, PyAny>, expression: bool) -> PyResult<bool> {
        let expr = value_expression(value, expression)?;
        self.inner.set(address, expr).map_err(|e| edit_error(value.py(), &e, address))
    }

    /// Inserts ``value`` (as for ``set``) into the list or call arguments at ``address``,
    /// which ends with the index the value takes (``ports[0]`` inserts first; one past the
    /// end appends).
    #[pyo3(signature = (address, value, *, expression=false))]
    fn insert(&mut self, address: &str, value: &Bound<'_, PyAny>, expression: bool) -> PyResult<()> {
        let expr = value_expression(value, expression)?;
        self.inner.insert(address, expr).map_err(|e| edit_error(value.py(), &e, address))
    }

    /// Removes the attribute (or key, or element) at ``address``; whether there was one.
    fn remove(&mut self, py: Python<'_>, address: &str) -> PyResult<bool> {
        self.inner.remove(address).map_err(|e| edit_error(py, &e, address))
    }

    /// The comment lines the attribute, object item or list element at ``address`` owns
    /// (directly above it, no blank line between), as written; ``None`` if there is nothing
    /// there.
    fn comments(&self, address: &str) -> Option<String> {
        self.inner.comments(address)
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

    /// The whole file as the formatter lays it out.
    fn format(&self) -> String {
        self.inner.format()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<hclkit.Document of {} items>", self.inner.body().items().len())
    }
}

/// The expression of ``value``: its source text when ``expression``, else the Python value
/// written as HCL.
fn value_expression(value: &Bound<'_, PyAny>, expression: bool) -> PyResult<Expression> {
    if expression {
        let text: String = value.extract()?;
        return Expression::parse(&text).map_err(|d| to_pyerr(value.py(), Failure::new(d)));
    }
    let v = crate::values::from_py(value)?;
    Expression::from_value(&v).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A failed edit as `HCLError`, with the library's diagnostic for it.
fn edit_error(py: Python<'_>, e: &hclkit::edit::EditError, address: &str) -> PyErr {
    to_pyerr(py, Failure::new(hclkit::Diagnostics::from(e.to_diagnostic(address))))
}
