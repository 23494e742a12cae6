//! The function libraries a call can evaluate with (the `functions=` option).
//!
//! One place to extend: a new library is a new variant, a name in [`NAMES`] and an arm in
//! [`Library::install`].

use std::sync::OnceLock;

use hclkit::eval::EvalContext;
use hclkit::spec::run::FunctionLibrary;
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

    /// The library's functions, as the pipeline of `hclkit::spec::run` takes them. Terraform's
    /// table is built once per process and shared (a function is a reference-counted handle).
    pub fn functions(self) -> FunctionLibrary {
        static TERRAFORM: OnceLock<FunctionLibrary> = OnceLock::new();
        match self {
            Library::None => FunctionLibrary::None,
            Library::Stdlib => FunctionLibrary::Standard,
            Library::Terraform => TERRAFORM
                .get_or_init(|| {
                    hclkit_terraform::Library::Terraform.function_library(&hclkit_terraform::Options::new())
                })
                .clone(),
        }
    }

    /// Adds the library's functions to `ctx`.
    pub fn install(self, ctx: &mut EvalContext) {
        self.functions().install(ctx);
    }
}
