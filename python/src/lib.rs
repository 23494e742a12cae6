//! `hclkit._hclkit`: the native part of the `hclkit` Python package (PyO3).
//!
//! Every function takes its Python arguments apart while holding the GIL, does the HCL work
//! with the GIL released (`Python::allow_threads`), and builds the Python result with the
//! GIL again; so several threads parse and evaluate in parallel. Failures become
//! `hclkit.HCLError` (see `diags`).

mod diags;
mod document;
mod dumps;
mod inspect;
mod library;
mod loads;
mod values;

use std::sync::Arc;

use hclkit::body::Body;
use hclkit::eval::{Budget, EvalContext};
use hclkit::spec::run::{unsupported_result, ContextOptions};
use hclkit::spec::specfile::SpecFile;
use hclkit::{Diagnostics, Files};
use hclkit_value::json::HcldecOutput;
use hclkit_value::Value;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};

use diags::{to_pyerr, Failure};
use library::Library;
use values::{Numbers, ToPy};

/// The source text of a `str`, `bytes` or `bytearray` argument.
fn source_bytes(text: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    if let Ok(s) = text.downcast::<PyString>() {
        return Ok(s.to_cow()?.as_bytes().to_vec());
    }
    if let Ok(b) = text.downcast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = text.downcast::<PyByteArray>() {
        return Ok(b.to_vec());
    }
    Err(PyTypeError::new_err(format!("{what} must be str or bytes, not {}", text.get_type().name()?)))
}

/// Which syntax a file is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Native,
    Json,
}

/// The `syntax=` option: `"native"` (also `"hcl"`), `"json"`, or `None` to go by the file
/// name (`.json` is JSON, as `hcldec` decides).
fn syntax_of(syntax: Option<&str>, filename: &str) -> PyResult<Syntax> {
    match syntax {
        None => Ok(if filename.ends_with(".json") { Syntax::Json } else { Syntax::Native }),
        Some("native" | "hcl") => Ok(Syntax::Native),
        Some("json") => Ok(Syntax::Json),
        Some(other) => {
            Err(PyValueError::new_err(format!("syntax must be \"native\", \"json\" or None, not {other:?}")))
        }
    }
}

/// Parses `src` as `name` in `syntax` into `files`.
fn parse_into(files: &mut Files, src: Vec<u8>, name: &str, syntax: Syntax) -> (Arc<dyn Body>, Diagnostics) {
    match syntax {
        Syntax::Native => files.parse_native(src, name),
        Syntax::Json => files.parse_json(src, name),
    }
}

/// The `variables=` argument as (name, value) pairs.
fn variables_of(variables: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, Value)>> {
    let Some(vars) = variables.filter(|v| !v.is_none()) else {
        return Ok(Vec::new());
    };
    let dict =
        vars.downcast::<PyDict>().map_err(|_| PyTypeError::new_err("variables must be a dict of names to values"))?;
    let mut out = Vec::with_capacity(dict.len());
    for (k, v) in dict.iter() {
        let name: String =
            k.extract().map_err(|_| PyTypeError::new_err("variable names (the keys of variables) must be str"))?;
        out.push((name, values::from_py(&v)?));
    }
    Ok(out)
}

fn json_loads(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static LOADS: GILOnceCell<PyObject> = GILOnceCell::new();
    LOADS.import(py, "json", "loads")
}

/// An evaluation context with `variables` and the functions of `library`, counting against
/// `budget`.
fn context(variables: Vec<(String, Value)>, library: Library, budget: &Budget) -> EvalContext {
    // Always a variables table, even an empty one: an unknown name is then "Unknown
    // variable" (with suggestions), not "Variables not allowed".
    let mut ctx = EvalContext::new().with_budget(budget.clone()).with_variables(variables);
    library.install(&mut ctx);
    ctx
}

/// Evaluates one HCL expression (native syntax) and returns its value as Python data.
///
/// ``variables`` maps names to Python values (``None``, ``bool``, ``int``, ``float``,
/// ``decimal.Decimal``, ``str``, ``dict`` with ``str`` keys, ``list``/``tuple``, ``set``).
/// ``functions`` names the function library: ``"stdlib"`` (the HCL standard library with
/// ``try`` and ``can``) or ``"none"``; ``stdlib=False`` is the same as ``functions="none"``.
/// Integers come back as ``int`` (any size), other numbers as ``float`` or, with
/// ``parse_float``, as ``parse_float(text)`` (``parse_float=decimal.Decimal`` keeps every
/// digit). Lists, tuples and sets become ``list``, maps and objects ``dict``.
///
/// ``eval_limit`` bounds the work evaluation may do (about one unit per value produced;
/// ``None``: no bound); past it evaluation stops with an "Evaluation too large" error.
///
/// Raises ``HCLError`` on syntax or evaluation errors.
#[pyfunction]
#[pyo3(signature = (expression, *, variables=None, stdlib=None, functions=None, filename=None, parse_float=None, eval_limit=Some(Budget::DEFAULT_LIMIT)))]
#[allow(clippy::too_many_arguments)]
fn evaluate(
    py: Python<'_>,
    expression: &Bound<'_, PyAny>,
    variables: Option<&Bound<'_, PyAny>>,
    stdlib: Option<bool>,
    functions: Option<&str>,
    filename: Option<String>,
    parse_float: Option<&Bound<'_, PyAny>>,
    eval_limit: Option<u64>,
) -> PyResult<PyObject> {
    let src = source_bytes(expression, "expression")?;
    let vars = variables_of(variables)?;
    let library = Library::choose(functions, stdlib, true)?;
    let name = filename.unwrap_or_else(|| "<expression>".to_owned());
    let result = py.allow_threads(|| {
        let (expr, diags) = hclkit::parse_expression(src, &name).into_parts();
        if diags.has_errors() {
            return Err(Failure::new(diags));
        }
        let budget = Budget::with_limit(eval_limit);
        let ctx = context(vars, library, &budget);
        let (value, diags) = budget.run(|| hclkit::eval::evaluate(expr.expr(), Some(&ctx)));
        if diags.has_errors() {
            return Err(Failure::new(diags));
        }
        Ok(value)
    });
    match result {
        Ok(value) => values::to_py(py, &value, ToPy { numbers: Numbers { parse_float }, strip_nulls: false }),
        Err(f) => Err(to_pyerr(py, f)),
    }
}

/// What a decode gives: the value, or (when it holds null or dynamically typed parts, which
/// `hcldec` prints in its own way) the JSON text `hcldec` would print.
enum Decoded {
    Value(Value),
    Json(String),
}

/// Decodes a configuration with an hcldec spec and returns the result as Python data, the
/// value ``hcldec`` would print as JSON for the same spec and input.
///
/// ``spec`` is the text of a spec file (``variables`` and ``function`` blocks included).
/// ``variables`` adds to (and overrides) the spec file's variables, as ``hcldec --vars``
/// does. ``filename`` names the input in diagnostics and chooses the syntax (``.json``: JSON
/// syntax) unless ``syntax`` is given. Object attributes whose value is null are left out,
/// as ``hcldec`` does, unless ``keep_nulls`` is true. Numbers and ``eval_limit`` (one bound
/// for the spec file's and the input's evaluation) as in :func:`evaluate`.
///
/// Raises ``HCLError`` with every diagnostic (of the spec file and of the input) when
/// either has errors.
#[pyfunction]
#[pyo3(signature = (text, spec, *, variables=None, filename=None, stdlib=None, functions=None, syntax=None, spec_filename=None, keep_nulls=false, parse_float=None, eval_limit=Some(Budget::DEFAULT_LIMIT)))]
#[allow(clippy::too_many_arguments)]
fn decode(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    spec: &Bound<'_, PyAny>,
    variables: Option<&Bound<'_, PyAny>>,
    filename: Option<String>,
    stdlib: Option<bool>,
    functions: Option<&str>,
    syntax: Option<&str>,
    spec_filename: Option<String>,
    keep_nulls: bool,
    parse_float: Option<&Bound<'_, PyAny>>,
    eval_limit: Option<u64>,
) -> PyResult<PyObject> {
    let src = source_bytes(text, "text")?;
    let spec_src = source_bytes(spec, "spec")?;
    let vars = variables_of(variables)?;
    let library = Library::choose(functions, stdlib, false)?;
    let name = filename.unwrap_or_else(|| "<string>".to_owned());
    let syntax = syntax_of(syntax, &name)?;
    let spec_name = spec_filename.unwrap_or_else(|| "<spec>".to_owned());
    let result = py.allow_threads(|| {
        let input = Input { src, name: &name, syntax };
        decode_native(input, spec_src, &spec_name, vars, library, keep_nulls, eval_limit)
    });
    match result {
        Ok(Decoded::Value(value)) => {
            values::to_py(py, &value, ToPy { numbers: Numbers { parse_float }, strip_nulls: !keep_nulls })
        }
        Ok(Decoded::Json(json)) => {
            let kwargs = PyDict::new(py);
            if let Some(f) = parse_float {
                kwargs.set_item("parse_float", f)?;
            }
            Ok(json_loads(py)?.call((json,), Some(&kwargs))?.unbind())
        }
        Err(f) => Err(to_pyerr(py, f)),
    }
}

/// An input file of [`decode`].
struct Input<'a> {
    src: Vec<u8>,
    name: &'a str,
    syntax: Syntax,
}

/// The GIL-free part of [`decode`]: `hcldec`'s run on one input.
fn decode_native(
    input: Input<'_>,
    spec_src: Vec<u8>,
    spec_name: &str,
    vars: Vec<(String, Value)>,
    library: Library,
    keep_nulls: bool,
    eval_limit: Option<u64>,
) -> Result<Decoded, Failure> {
    let Input { src, name, syntax } = input;
    let budget = Budget::with_limit(eval_limit);
    budget.run(|| {
        let mut files = Files::new();
        let fail = |mut diags: Diagnostics, files: &Files| {
            files.sort_diagnostics(&mut diags);
            Failure { diags }
        };
        let (spec, mut diags) = SpecFile::parse(&mut files, spec_src, spec_name);
        let Some(spec) = spec else { return Err(fail(diags, &files)) };
        let ctx = spec.context(ContextOptions {
            variables: vars.into_iter().collect(),
            library: library.functions(),
            budget: Some(budget.clone()),
            declare_variables: false,
        });
        let (body, d) = parse_into(&mut files, src, name, syntax);
        diags.extend(d);
        if diags.has_errors() {
            return Err(fail(diags, &files));
        }
        let (value, d) = hclkit::spec::decode(&*body, &spec.root, ctx.as_ref());
        diags.extend(d);
        if diags.has_errors() {
            return Err(fail(diags, &files));
        }
        if !value.is_null() && !value.ty().has_dynamic_types() {
            return Ok(Decoded::Value(value));
        }
        match (HcldecOutput { with_type: false, keep_nulls }).render(&value) {
            Ok(json) => Ok(Decoded::Json(json)),
            Err(e) => {
                diags.push(unsupported_result(&*body, &spec.root, &e, ctx.as_ref()));
                Err(fail(diags, &files))
            }
        }
    })
}

/// Formats HCL native-syntax source as ``hclfmt`` does (the reference's canonical layout,
/// ``hclwrite.Format``) and returns the formatted text.
///
/// Raises ``HCLError`` when the source has syntax errors, unless ``check=False``: then the
/// tokens are laid out whatever they are, as ``hclwrite.Format`` does.
#[pyfunction]
#[pyo3(signature = (text, *, filename=None, check=true))]
fn format(py: Python<'_>, text: &Bound<'_, PyAny>, filename: Option<String>, check: bool) -> PyResult<String> {
    let src = source_bytes(text, "text")?;
    let name = filename.unwrap_or_else(|| "<string>".to_owned());
    let result = py.allow_threads(|| {
        // Bytes that are not text: one error, not one per stray byte (even without check).
        if let Some(d) = hclkit::files::not_text(&src, &name) {
            return Err(Failure::new(hclkit::Diagnostics::from(vec![d])));
        }
        if check {
            let diags = hclkit::parse_config(src.clone(), &name).into_diagnostics();
            if diags.has_errors() {
                return Err(Failure::new(diags));
            }
        }
        let out = hclkit::format::format(&src);
        Ok(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    });
    result.map_err(|f| to_pyerr(py, f))
}

/// The native module.
#[pymodule]
fn _hclkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(loads::loads, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    m.add_function(wrap_pyfunction!(dumps::dumps, m)?)?;
    m.add_function(wrap_pyfunction!(inspect::inspect, m)?)?;
    m.add_class::<document::Document>()?;
    m.add_class::<document::PyExpression>()?;
    m.add("FUNCTION_LIBRARIES", library::NAMES.to_vec())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("DEFAULT_EVAL_LIMIT", Budget::DEFAULT_LIMIT)?;
    Ok(())
}
