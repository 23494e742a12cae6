//! Diagnostics as Python: the `hclkit.HCLError` exception (defined in `hclkit/_errors.py`)
//! with its `.diagnostics`, a list of dicts.

use hclkit::{Diagnostic, Diagnostics, Severity};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyList, PyType};

/// The diagnostics of a failed call, in the order they are reported.
/// Sorted in reading order where the library's pipeline sorts them (`Files::sort_diagnostics`).
pub struct Failure {
    /// Every diagnostic of the call (warnings too).
    pub diags: Diagnostics,
}

impl Failure {
    /// A failure with the diagnostics in the order the library found them (the reference's
    /// order).
    pub fn new(diags: Diagnostics) -> Failure {
        Failure { diags }
    }
}

fn hcl_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static HCL_ERROR: GILOnceCell<Py<PyType>> = GILOnceCell::new();
    HCL_ERROR.import(py, "hclkit._errors", "HCLError")
}

fn diag_dict<'py>(py: Python<'py>, d: &Diagnostic) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("severity", if d.severity == Severity::Error { "error" } else { "warning" })?;
    dict.set_item("summary", &*d.summary)?;
    dict.set_item("detail", &*d.detail)?;
    match &d.subject {
        Some(r) => {
            dict.set_item("filename", &*r.filename)?;
            dict.set_item("line", r.start.line)?;
            dict.set_item("column", r.start.column)?;
            dict.set_item("end_line", r.end.line)?;
            dict.set_item("end_column", r.end.column)?;
        }
        None => {
            for key in ["filename", "line", "column", "end_line", "end_column"] {
                dict.set_item(key, py.None())?;
            }
        }
    }
    Ok(dict)
}

/// The `HCLError` for a failed call: `str()` is the first error as
/// `file:line:col: error: summary; detail` (the library's `Display` line, as rustc and cargo
/// write locations, and the detail), with the number of other diagnostics.
pub fn to_pyerr(py: Python<'_>, failure: Failure) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let list = PyList::empty(py);
        for d in failure.diags.iter() {
            list.append(diag_dict(py, d)?)?;
        }
        let first = failure.diags.iter().find(|d| d.severity == Severity::Error).or(failure.diags.as_slice().first());
        let mut message = match first {
            Some(d) if !d.detail.is_empty() => format!("{d}; {}", d.detail),
            Some(d) => d.to_string(),
            None => "HCL error".to_owned(),
        };
        let others = failure.diags.len().saturating_sub(1);
        if others > 0 {
            message.push_str(&format!(", and {others} other diagnostic(s)"));
        }
        let err = hcl_error_type(py)?.call1((message, list))?;
        Ok(PyErr::from_value(err))
    };
    build().unwrap_or_else(|e| e)
}
