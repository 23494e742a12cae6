//! `inspect`: what a Terraform module declares, as Python data in the shape of
//! terraform-config-inspect's JSON (`hclkit_terraform::inspect::Module::to_json`).

use std::path::PathBuf;

use hclkit_terraform::inspect::{module_file_names, Module};
use pyo3::exceptions::{PyFileNotFoundError, PyOSError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::loads::node_to_py;
use crate::source_bytes;
use crate::values::Numbers;

/// Reads a Terraform module and returns what it declares, as the dict
/// ``hclkit inspect --json`` prints: terraform-config-inspect's JSON document (``path``,
/// ``variables``, ``outputs``, ``required_core``, ``required_providers``,
/// ``provider_configs``, ``managed_resources``, ``data_resources``, ``module_calls``,
/// ``diagnostics``) with hclkit's additions (``locals``, ``other_blocks``, columns and ends
/// of positions, ``nullable``, ``validations``, module call ``arguments``).
///
/// ``source`` is a module directory (``str`` or ``os.PathLike``; its ``*.tf`` and
/// ``*.tf.json`` files, in Terraform's order) or the text of one file (``str`` that is not a
/// directory, or ``bytes``), named ``filename`` (default ``main.tf``; ``.json`` names are
/// the JSON syntax). Problems in the files are in ``diagnostics``, not raised; a directory
/// that cannot be read raises ``OSError``.
#[pyfunction]
#[pyo3(signature = (source, *, filename=None))]
pub fn inspect(py: Python<'_>, source: &Bound<'_, PyAny>, filename: Option<String>) -> PyResult<PyObject> {
    let dir = if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        source.extract::<PathBuf>().ok().filter(|p| p.is_dir())
    } else {
        None
    };
    let (path, files) = match dir {
        Some(dir) => {
            let names = module_file_names(&dir).map_err(|e| PyOSError::new_err(format!("{}: {e}", dir.display())))?;
            let mut files = Vec::new();
            for name in names {
                let p = dir.join(&name);
                let src = std::fs::read(&p).map_err(|e| PyOSError::new_err(format!("{}: {e}", p.display())))?;
                files.push((name, src));
            }
            (dir.to_string_lossy().into_owned(), files)
        }
        None if source.hasattr("__fspath__")? => {
            return Err(PyFileNotFoundError::new_err(format!("not a module directory: {}", source.str()?)));
        }
        None => {
            let name = filename.unwrap_or_else(|| "main.tf".to_owned());
            (".".to_owned(), vec![(name, source_bytes(source, "source")?)])
        }
    };
    let doc = py.allow_threads(|| Module::load(&path, &files).to_json());
    node_to_py(py, &doc, Numbers { parse_float: None }, 0)
}
