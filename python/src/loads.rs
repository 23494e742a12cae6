//! `loads`: a file as Python data in the JSON-syntax shape.
//!
//! Native syntax goes through `hclkit::transcode` (the document `hclkit convert` writes);
//! JSON syntax is the file's own JSON (`syntax::json::Node::to_document`). Either is the one
//! ordered JSON model, [`JsonNode`] (`hclkit_value::json::Node`), walked into Python objects
//! by one walker with the GIL held; everything before that runs without it.

use hclkit::transcode::{file_to_json, BlockShape, ToJsonOptions};
use hclkit_value::json::Node as JsonNode;
use hclkit_value::Number;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};

use crate::diags::{to_pyerr, Failure};
use crate::values::{int_from_decimal, number_to_py, Numbers, MAX_DEPTH};
use crate::{source_bytes, syntax_of, Syntax};

/// Parses an HCL file (native or JSON syntax) and returns it as Python data in the JSON-syntax
/// shape that ``hclkit convert`` writes: attributes as keys, blocks as nested dicts (one level
/// per label, blocks with the same label grouped, so ``doc[type][label]`` reaches every
/// block), several blocks of one type and labels as a list of bodies, literal values as
/// Python values and every other expression as a ``"${...}"`` string of its source text.
///
/// ``filename`` names the input in diagnostics and chooses the syntax (``.json``: JSON) unless
/// ``syntax`` (``"native"`` or ``"json"``) is given. A JSON-syntax file comes back as its JSON.
/// ``blocks="ordered"`` keeps block order exactly (a label level where a label comes back
/// after others becomes a list of dicts); ``blocks="array"`` puts every block body in a list,
/// even a single one (``hcl2json``'s shape); ``comments=True`` keeps comments as ``"//"`` keys; ``simplify=True`` folds
/// expressions without variables or function calls into their values (``"${1 + 2}"``
/// becomes ``3``). A key repeated in one object (possible in JSON syntax, where it means
/// several blocks, and for ``"//"`` comments) gives the list of all its values. Numbers as in
/// :func:`evaluate`: integers as ``int`` of any size, others ``float`` or ``parse_float(text)``.
///
/// Raises ``HCLError`` when the file has syntax errors.
#[pyfunction]
#[pyo3(signature = (text, *, filename=None, syntax=None, blocks="nested", comments=false, simplify=false, parse_float=None))]
#[allow(clippy::too_many_arguments)]
pub fn loads(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    filename: Option<String>,
    syntax: Option<&str>,
    blocks: &str,
    comments: bool,
    simplify: bool,
    parse_float: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let src = source_bytes(text, "text")?;
    let name = filename.unwrap_or_else(|| "<string>".to_owned());
    let syntax = syntax_of(syntax, &name)?;
    let blocks = match blocks {
        "nested" => BlockShape::Nested,
        "ordered" => BlockShape::Ordered,
        "array" => BlockShape::Array,
        other => {
            return Err(PyValueError::new_err(format!(
                "blocks must be \"nested\", \"ordered\" or \"array\", not {other:?}"
            )));
        }
    };
    let opts = ToJsonOptions { blocks, simplify, comments, ranges: None, heredoc_templates: false };
    let parsed = py.allow_threads(|| {
        // Bytes that are not text: one error, not one per stray byte.
        if let Some(d) = hclkit::files::not_text(&src, &name) {
            return Err(Failure::new(hclkit::Diagnostics::from(vec![d])));
        }
        match syntax {
            Syntax::Native => {
                let (file, diags) = hclkit::parse_config(src, &name).into_parts();
                if diags.has_errors() {
                    return Err(Failure::new(diags));
                }
                Ok(file_to_json(&file, &opts).0)
            }
            Syntax::Json => {
                let (file, diags) = hclkit::syntax::json::parse(src, &name).into_parts();
                if diags.has_errors() {
                    return Err(Failure::new(diags));
                }
                Ok(file.root().to_document())
            }
        }
    });
    let numbers = Numbers { parse_float };
    match parsed {
        Ok(doc) => {
            let out = node_to_py(py, &doc, numbers, 0);
            // Freeing the document does not need the GIL.
            py.allow_threads(move || drop(doc));
            out
        }
        Err(f) => Err(to_pyerr(py, f)),
    }
}

/// A number's JSON text as Python: the common short integers directly, the rest through
/// [`Number`] (integers of any size as `int`, others by `numbers`).
fn number_text_to_py(py: Python<'_>, text: &str, numbers: Numbers<'_, '_>) -> PyResult<PyObject> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        // An integer as written: exact whatever its length.
        if digits.len() <= 18 {
            if let Ok(i) = text.parse::<i64>() {
                return Ok(i.into_pyobject(py)?.into_any().unbind());
            }
        }
        return int_from_decimal(py, text);
    }
    let n = Number::parse(text).map_err(|e| PyValueError::new_err(format!("invalid number {text}: {e}")))?;
    number_to_py(py, &n, numbers)
}

/// Adds `key: value` to `dict`; a key already there gets the list of both values (a list
/// value contributes its elements), as the HCL JSON syntax reads a repeated property.
fn insert(py: Python<'_>, dict: &Bound<'_, PyDict>, key: Bound<'_, PyString>, value: PyObject) -> PyResult<()> {
    match dict.get_item(&key)? {
        None => dict.set_item(key, value),
        Some(prev) => {
            let merged = PyList::empty(py);
            for v in [prev, value.into_bound(py)] {
                match v.downcast::<PyList>() {
                    Ok(l) => {
                        for e in l.iter() {
                            merged.append(e)?;
                        }
                    }
                    Err(_) => merged.append(v)?,
                }
            }
            dict.set_item(key, merged)
        }
    }
}

fn too_deep() -> PyErr {
    PyValueError::new_err(format!("document nested more than {MAX_DEPTH} levels deep"))
}

pub(crate) fn node_to_py(
    py: Python<'_>,
    node: &JsonNode,
    numbers: Numbers<'_, '_>,
    depth: usize,
) -> PyResult<PyObject> {
    if depth > MAX_DEPTH {
        return Err(too_deep());
    }
    Ok(match node {
        JsonNode::Null => py.None(),
        JsonNode::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        JsonNode::Number(text) => number_text_to_py(py, text, numbers)?,
        JsonNode::String(s) => PyString::new(py, s).into_any().unbind(),
        JsonNode::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(node_to_py(py, item, numbers, depth + 1)?)?;
            }
            list.into_any().unbind()
        }
        JsonNode::Object(props) => {
            let dict = PyDict::new(py);
            for (k, v) in props {
                insert(py, &dict, PyString::new(py, k), node_to_py(py, v, numbers, depth + 1)?)?;
            }
            dict.into_any().unbind()
        }
    })
}
