//! `dumps`: Python data in the shape `loads` returns, to formatted native HCL.
//!
//! The data becomes the library's ordered JSON model ([`JsonNode`]: dict order kept) and
//! goes through `hclkit::transcode::data_to_native`, the code `hclkit convert` runs from JSON
//! to native (written by `hclkit::write`, laid out by the formatter); with a spec, its blocks
//! come from `Schema::from_spec`, as `hclkit convert --spec` takes them.

use hclkit::spec::specfile::SpecFile;
use hclkit::transcode::{data_to_native, Schema};
use hclkit::Files;
use hclkit_value::json::Node as JsonNode;
use hclkit_value::Number;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::diags::{to_pyerr, Failure};
use crate::source_bytes;
use crate::values::{decimal_type, MAX_DEPTH};

/// Writes Python data in the shape :func:`loads` returns as formatted native HCL: keys are
/// attributes (or blocks, see ``spec``), ``"${...}"`` strings are expressions (``"${var.x}"``
/// is written ``var.x``, ``"v${n}"`` a template), other strings quoted strings, ``dict`` an
/// object, ``list``/``tuple`` a tuple, and ``"//"`` keys comments. Keys keep their order.
///
/// ``spec`` is the text of an hcldec spec file: the keys it decodes as blocks (``block``,
/// ``block_list``, ``block_set``, ``block_map`` with one dict level per label,
/// ``block_attrs``) are written as blocks, as ``hclkit convert --spec`` does; a list under such
/// a key is several blocks. Without it every key is an attribute.
///
/// Raises ``HCLError`` when the data cannot be written as HCL (a key that is not an
/// identifier, a block level that is not a dict, a string that is not a valid template; the
/// ranges are in the data's JSON text, named ``<data>``) or the spec has errors;
/// ``TypeError`` for data that is not a dict of JSON-like values; ``ValueError`` for NaN or an
/// infinite number.
#[pyfunction]
#[pyo3(signature = (data, spec=None, *, spec_filename=None))]
pub fn dumps(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    spec: Option<&Bound<'_, PyAny>>,
    spec_filename: Option<String>,
) -> PyResult<String> {
    if !data.is_instance_of::<PyDict>() {
        return Err(PyTypeError::new_err(format!(
            "data must be a dict (the body of a file), not {}",
            data.get_type().name()?
        )));
    }
    let node = to_node(data, 0)?;
    let spec_src = match spec.filter(|s| !s.is_none()) {
        Some(s) => Some(source_bytes(s, "spec")?),
        None => None,
    };
    let spec_name = spec_filename.unwrap_or_else(|| "<spec>".to_owned());
    let result = py.allow_threads(|| {
        let schema = match spec_src {
            None => Schema::new(),
            Some(src) => {
                let mut files = Files::new();
                match SpecFile::parse(&mut files, src, &spec_name) {
                    (Some(spec), _) => Schema::from_spec(&spec.root),
                    (None, mut diags) => {
                        files.sort_diagnostics(&mut diags);
                        return Err(Failure::new(diags));
                    }
                }
            }
        };
        data_to_native(&node, &schema).map_err(Failure::new)
    });
    result.map_err(|f| to_pyerr(py, f))
}

/// Python data as a JSON node (dict order kept).
fn to_node(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<JsonNode> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!("data nested more than {MAX_DEPTH} levels deep")));
    }
    if obj.is_none() {
        return Ok(JsonNode::Null);
    }
    if let Ok(b) = obj.downcast::<PyBool>() {
        return Ok(JsonNode::Bool(b.is_true()));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(JsonNode::String(s.to_cow()?.into_owned()));
    }
    if obj.is_instance_of::<PyInt>() {
        // Decimal digits, any size.
        return Ok(JsonNode::Number(obj.str()?.to_cow()?.into_owned()));
    }
    if let Ok(f) = obj.downcast::<PyFloat>() {
        let n = Number::from_f64(f.value())
            .filter(|n| !n.is_infinite())
            .ok_or_else(|| PyValueError::new_err(format!("{} cannot be an HCL number", f.value())))?;
        return Ok(JsonNode::Number(n.to_string()));
    }
    if let Ok(d) = obj.downcast::<PyDict>() {
        let mut props = Vec::with_capacity(d.len());
        for (k, v) in d.iter() {
            let k = k.downcast::<PyString>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "dictionary keys must be str, not {}",
                    k.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })?;
            props.push((k.to_cow()?.into_owned(), to_node(&v, depth + 1)?));
        }
        return Ok(JsonNode::Object(props));
    }
    if let Ok(l) = obj.downcast::<PyList>() {
        return Ok(JsonNode::Array(l.iter().map(|e| to_node(&e, depth + 1)).collect::<PyResult<_>>()?));
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(JsonNode::Array(t.iter().map(|e| to_node(&e, depth + 1)).collect::<PyResult<_>>()?));
    }
    if obj.is_instance(decimal_type(obj.py())?)? {
        let text = obj.str()?;
        let text = text.to_cow()?;
        let n = Number::parse(&text)
            .ok()
            .filter(|n| !n.is_infinite())
            .ok_or_else(|| PyValueError::new_err(format!("Decimal {text} cannot be an HCL number")))?;
        return Ok(JsonNode::Number(n.to_string()));
    }
    Err(PyTypeError::new_err(format!("cannot write a Python {} as HCL", obj.get_type().name()?)))
}
