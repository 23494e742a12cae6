//! The function libraries a call can evaluate with (the `functions=` option).
//!
//! One place to extend: a new library is a new variant, a name in [`NAMES`] and an arm in
//! [`Library::install`].

use std::sync::OnceLock;

use hclkit::eval::EvalContext;
use hclkit_value::function::Function;
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

/// The names `functions=` accepts.
pub const NAMES: &[&str] = &["none", "stdlib", "terraform"];

/// A function library.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Library {
    /// No functions.
    None,
    /// The HCL standard library (`hclkit_value::stdlib::all()`) with `try` and `can`, as
    /// `hcldec --stdlib` has it.
    Stdlib,
    /// Terraform's function table (`hclkit_terraform::functions`, v1.0.3's set and later
    /// additions) with its default options: the file functions read nothing, and the clock and
    /// random functions give values.
    Terraform,
}

impl Library {
    /// The library of a call's `functions=` and `stdlib=` options (`functions` wins; the two
    /// must not disagree), or `default_stdlib`'s when neither is given.
    pub fn choose(functions: Option<&str>, stdlib: Option<bool>, default_stdlib: bool) -> PyResult<Library> {
        let named = match functions {
            None => None,
            Some("none") => Some(Library::None),
            Some("stdlib") => Some(Library::Stdlib),
            Some("terraform") => Some(Library::Terraform),
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "functions must be one of {}, not {other:?}",
                    NAMES.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>().join(", ")
                )))
            }
        };
        let flag = stdlib.map(|s| if s { Library::Stdlib } else { Library::None });
        match (named, flag) {
            // `stdlib=True` with Terraform's table: Terraform's includes the standard library.
            (Some(Library::Terraform), Some(Library::Stdlib)) => Ok(Library::Terraform),
            (Some(n), Some(f)) if n != f => Err(PyValueError::new_err(format!(
                "functions={functions:?} and stdlib={stdlib:?} disagree; give one of them"
            ))),
            (Some(n), _) => Ok(n),
            (None, Some(f)) => Ok(f),
            (None, None) => Ok(if default_stdlib { Library::Stdlib } else { Library::None }),
        }
    }

    /// Adds the library's functions to `ctx`. The functions are built once per process and
    /// shared (a `Function` is a reference-counted handle), not rebuilt for every call.
    pub fn install(self, ctx: &mut EvalContext) {
        static STDLIB: OnceLock<Vec<(&'static str, Function)>> = OnceLock::new();
        static TERRAFORM: OnceLock<Vec<(&'static str, Function)>> = OnceLock::new();
        let table = match self {
            Library::None => return,
            Library::Stdlib => STDLIB.get_or_init(|| {
                hclkit_value::stdlib::all().into_iter().chain(hclkit::ext::tryfunc::functions()).collect()
            }),
            Library::Terraform => TERRAFORM
                .get_or_init(|| hclkit_terraform::functions(&hclkit_terraform::Options::new()).into_iter().collect()),
        };
        for (name, f) in table {
            ctx.set_function(*name, f.clone());
        }
    }
}
