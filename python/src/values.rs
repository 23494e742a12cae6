//! Values between hclkit and Python: [`to_py`] turns an evaluated [`Value`] into Python
//! objects, [`from_py`] turns Python data (variables) into values.
//!
//! Numbers: integers become Python `int` of any size (never rounded); other numbers become
//! `float`, or, when the caller passed `parse_float`, whatever it returns for the number's
//! shortest decimal text (`decimal.Decimal` keeps every digit).

use hclkit_value::{Number, Type, Value};
use num_bigint::BigInt;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyBool, PyDict, PyFloat, PyFrozenSet, PyInt, PyList, PySet, PyString, PyTuple, PyType};

/// Deepest nesting converted either way: deeper data is refused with a `ValueError` rather
/// than risking the native stack of a Python thread (whose stack may be small).
pub const MAX_DEPTH: usize = 1000;

/// How numbers that are not integers become Python objects.
#[derive(Clone, Copy)]
pub struct Numbers<'a, 'py> {
    /// `None`: `float`; `Some(f)`: `f(text)` with the number's shortest decimal text.
    pub parse_float: Option<&'a Bound<'py, PyAny>>,
}

/// Options of a value-to-Python conversion.
#[derive(Clone, Copy)]
pub struct ToPy<'a, 'py> {
    /// How non-integer numbers are built.
    pub numbers: Numbers<'a, 'py>,
    /// Leave out object and map entries whose value is null, at every level (`hcldec`'s
    /// output without `--keep-nulls`).
    pub strip_nulls: bool,
}

/// A number as a Python object: `int` for integers (any size), else `float` or
/// `parse_float(text)`.
pub fn number_to_py(py: Python<'_>, n: &Number, numbers: Numbers<'_, '_>) -> PyResult<PyObject> {
    if let Some(i) = n.to_i64() {
        return Ok(i.into_pyobject(py)?.into_any().unbind());
    }
    if n.is_integer() {
        // The shortest decimal that reads back as the number (what `hcldec` prints), not the
        // binary value: `1e400` is 1 and 400 zeros, as written.
        let text = n.try_to_string().map_err(|e| PyValueError::new_err(format!("number too large for Python: {e}")))?;
        return int_from_decimal(py, &text);
    }
    match numbers.parse_float {
        None => Ok(PyFloat::new(py, n.to_f64()).into_any().unbind()),
        Some(f) => {
            let text = if n.is_infinite() {
                if n.is_negative() {
                    "-Infinity".to_owned()
                } else {
                    "Infinity".to_owned()
                }
            } else {
                n.text('g', None)
            };
            Ok(f.call1((text,))?.unbind())
        }
    }
}

/// A Python `int` from decimal digits (with an optional `-`), of any length: built from
/// its bytes, so Python's limit on converting long digit strings does not apply.
pub fn int_from_decimal(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let b = BigInt::parse_bytes(text.as_bytes(), 10)
        .ok_or_else(|| PyValueError::new_err(format!("not an integer: {text}")))?;
    Ok(b.into_pyobject(py)?.into_any().unbind())
}

/// A value as Python data: `None` for null, `bool`, numbers (see [`number_to_py`]), `str`,
/// `list` for lists, sets and tuples, `dict` for maps and objects.
pub fn to_py(py: Python<'_>, v: &Value, opts: ToPy<'_, '_>) -> PyResult<PyObject> {
    to_py_at(py, v, opts, 0)
}

fn to_py_at(py: Python<'_>, v: &Value, opts: ToPy<'_, '_>, depth: usize) -> PyResult<PyObject> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!("value nested more than {MAX_DEPTH} levels deep")));
    }
    if v.is_null() {
        return Ok(py.None());
    }
    if !v.is_known() {
        return Err(PyValueError::new_err("the result is not known (it depends on an unknown value)"));
    }
    if let Some(b) = v.as_bool() {
        return Ok(PyBool::new(py, b).to_owned().into_any().unbind());
    }
    if let Some(n) = v.as_number() {
        return number_to_py(py, n, opts.numbers);
    }
    if let Some(s) = v.as_str() {
        return Ok(PyString::new(py, s).into_any().unbind());
    }
    let ty = v.ty();
    if ty.is_object() || ty.is_map() {
        let dict = PyDict::new(py);
        for (k, e) in v.entries().unwrap_or_default() {
            if opts.strip_nulls && e.is_null() {
                continue;
            }
            dict.set_item(PyString::new(py, k), to_py_at(py, e, opts, depth + 1)?)?;
        }
        return Ok(dict.into_any().unbind());
    }
    if let Some(elems) = v.elements() {
        let items = elems.iter().map(|e| to_py_at(py, e, opts, depth + 1)).collect::<PyResult<Vec<_>>>()?;
        return Ok(PyList::new(py, items)?.into_any().unbind());
    }
    Err(PyTypeError::new_err(format!("cannot convert a value of type {} to Python", ty.friendly_name())))
}

pub(crate) fn decimal_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static DECIMAL: GILOnceCell<Py<PyType>> = GILOnceCell::new();
    DECIMAL.import(py, "decimal", "Decimal")
}

/// Python data as a value: `None` → null, `bool`, `int` (any size), `float`,
/// `decimal.Decimal` (exactly), `str`, `dict` with `str` keys → object, `list`/`tuple` →
/// tuple, `set`/`frozenset` → set (its elements must have one type).
pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    from_py_at(obj, 0)
}

fn from_py_at(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!("data nested more than {MAX_DEPTH} levels deep")));
    }
    if obj.is_none() {
        return Ok(Value::null(Type::Dynamic));
    }
    if let Ok(b) = obj.downcast::<PyBool>() {
        return Ok(Value::bool(b.is_true()));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(Value::string(&*s.to_cow()?));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::number(Number::from_i64(i)));
        }
        let b: BigInt = obj.extract()?;
        return Ok(Value::number(Number::from_bigint(&b)));
    }
    if let Ok(f) = obj.downcast::<PyFloat>() {
        let x = f.value();
        return Number::from_f64(x)
            .map(Value::number)
            .ok_or_else(|| PyValueError::new_err("NaN cannot be an HCL number"));
    }
    if obj.is_instance(decimal_type(obj.py())?)? {
        let text = obj.str()?;
        let text = text.to_cow()?;
        let text = &*text;
        let n = match text {
            "Infinity" | "+Infinity" => Number::infinity(),
            "-Infinity" => Number::neg_infinity(),
            _ => Number::parse(text)
                .map_err(|e| PyValueError::new_err(format!("Decimal {text} is not an HCL number: {e}")))?,
        };
        return Ok(Value::number(n));
    }
    if let Ok(d) = obj.downcast::<PyDict>() {
        let mut attrs = Vec::with_capacity(d.len());
        for (k, v) in d.iter() {
            let k = k
                .downcast::<PyString>()
                .map_err(|_| PyTypeError::new_err(format!("dictionary keys must be str, not {}", type_name(&k))))?;
            attrs.push((k.to_cow()?.into_owned(), from_py_at(&v, depth + 1)?));
        }
        return Ok(Value::object(attrs));
    }
    if let Ok(l) = obj.downcast::<PyList>() {
        return Ok(Value::tuple(l.iter().map(|e| from_py_at(&e, depth + 1)).collect::<PyResult<Vec<_>>>()?));
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(Value::tuple(t.iter().map(|e| from_py_at(&e, depth + 1)).collect::<PyResult<Vec<_>>>()?));
    }
    if obj.is_instance_of::<PySet>() || obj.is_instance_of::<PyFrozenSet>() {
        let mut elems = Vec::new();
        for e in obj.try_iter()? {
            elems.push(from_py_at(&e?, depth + 1)?);
        }
        if elems.is_empty() {
            return Ok(Value::empty_set(Type::Dynamic));
        }
        return Value::set(elems).map_err(|e| PyTypeError::new_err(format!("cannot make an HCL set: {e}")));
    }
    Err(PyTypeError::new_err(format!("cannot convert a Python {} to an HCL value", type_name(obj))))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".to_owned())
}
