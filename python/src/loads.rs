//! `loads`: a file as Python data in the JSON-syntax shape.

use pyo3::prelude::*;

/// Placeholder until the convert module lands.
#[pyfunction]
#[pyo3(signature = (text, *, filename=None))]
pub fn loads(text: &Bound<'_, PyAny>, filename: Option<String>) -> PyResult<PyObject> {
    let _ = (text, filename);
    Err(pyo3::exceptions::PyNotImplementedError::new_err("loads"))
}
