//! The application pipeline of a spec decode, written once for every front end (`hcldec`,
//! `hclkit check --spec`, `hclkit convert --spec`, `hclkit eval`, Python): read a spec file,
//! build the context its expressions are decoded in (variables, the spec's own functions, a
//! function library, the budget), and say why a decoded value cannot be written out.
//!
//! The rule for functions, the same everywhere: a decode offers the spec file's own `function`
//! blocks and the functions of the [`FunctionLibrary`] its front end was asked for; where both
//! define a name, the spec file's function wins. `hcldec` offers no library unless asked
//! (`--stdlib`, `--terraform`), as the reference's hcldec; `hclkit check --spec` and Python's
//! `decode` offer [`FunctionLibrary::Standard`] unless asked otherwise.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use hclkit_value::function::Function;
use hclkit_value::json::JsonError;
use hclkit_value::Value;

use super::specfile::{load_spec, SpecFile};
use super::{value_source_range, Spec};
use crate::body::Body;
use crate::context::{Budget, EvalContext};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::files::Files;

/// The functions a decode offers besides the spec file's own.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub enum FunctionLibrary {
    /// None: only the spec file's functions (the reference's hcldec).
    #[default]
    None,
    /// The standard library ([`hclkit_value::stdlib::all`]) with `try` and `can`
    /// ([`crate::ext::tryfunc`]): [`standard_functions`].
    Standard,
    /// A table of the caller's (Terraform's library, say: `hclkit_terraform::functions`).
    Table(Arc<BTreeMap<String, Function>>),
}

/// The standard library with `try` and `can`: what [`FunctionLibrary::Standard`] offers.
///
/// ```
/// let f = hclkit::spec::run::standard_functions();
/// assert!(f.contains_key("upper") && f.contains_key("try") && f.contains_key("can"));
/// ```
pub fn standard_functions() -> BTreeMap<&'static str, Function> {
    let mut table = hclkit_value::stdlib::all();
    table.extend(crate::ext::tryfunc::functions());
    table
}

impl FunctionLibrary {
    /// Adds the library's functions to `ctx`.
    pub fn install(&self, ctx: &mut EvalContext) {
        match self {
            FunctionLibrary::None => {}
            FunctionLibrary::Standard => {
                // Built once per process and shared (a `Function` is a reference-counted
                // handle): a program that decodes many times does not rebuild the library.
                static STANDARD: OnceLock<BTreeMap<&'static str, Function>> = OnceLock::new();
                for (name, f) in STANDARD.get_or_init(standard_functions) {
                    ctx.set_function(*name, f.clone());
                }
            }
            FunctionLibrary::Table(table) => {
                for (name, f) in table.iter() {
                    ctx.set_function(name.clone(), f.clone());
                }
            }
        }
    }

    fn is_none(&self) -> bool {
        matches!(self, FunctionLibrary::None)
    }
}

impl SpecFile {
    /// Parses `src` as the spec file called `name` (keeping it in `files`, so that diagnostics
    /// about it show snippets) and loads it. `None` when the file has errors, which the
    /// diagnostics give; warnings come with a spec too.
    ///
    /// ```
    /// use hclkit::spec::run::{ContextOptions, FunctionLibrary};
    /// use hclkit::spec::specfile::SpecFile;
    /// use hclkit::Files;
    ///
    /// let mut files = Files::new();
    /// let src = b"variables {\n  greeting = \"hi\"\n}\nattr {\n  name = \"a\"\n  type = string\n}\n".to_vec();
    /// let (spec, diags) = SpecFile::parse(&mut files, src, "app.hcldec");
    /// assert!(!diags.has_errors());
    /// let spec = spec.unwrap();
    /// let options = ContextOptions { library: FunctionLibrary::Standard, ..Default::default() };
    /// let ctx = spec.context(options).unwrap();
    /// let (body, _) = files.parse(b"a = upper(greeting)\n".to_vec(), "in.hcl");
    /// let (value, diags) = hclkit::spec::decode(&*body, &spec.root, Some(&ctx));
    /// assert!(diags.is_empty());
    /// assert_eq!(value, hclkit_value::Value::string("HI"));
    ///
    /// let (spec, diags) = SpecFile::parse(&mut files, b"attr {".to_vec(), "bad.hcldec");
    /// assert!(spec.is_none() && diags.has_errors());
    /// ```
    pub fn parse(files: &mut Files, src: impl Into<Arc<[u8]>>, name: &str) -> (Option<SpecFile>, Diagnostics) {
        let (body, mut diags) = files.parse_native(src, name);
        if diags.has_errors() {
            return (None, diags);
        }
        let (spec, more) = load_spec(&*body);
        diags.extend(more);
        if diags.has_errors() {
            return (None, diags);
        }
        (Some(spec), diags)
    }

    /// The context a decode with this spec evaluates in: the spec's variables, overridden by
    /// the front end's (`--vars`); the library's functions and the spec's own, which win; and
    /// the budget, when given. `None` when it would hold nothing (no variables, no functions,
    /// and no variable table asked for), as the reference's hcldec decodes with no context
    /// then (references and calls say "Variables not allowed" and "Functions may not be
    /// called here").
    pub fn context(&self, options: ContextOptions) -> Option<EvalContext> {
        let ContextOptions { variables, library, budget, declare_variables } = options;
        let mut all = self.variables.clone();
        all.extend(variables);
        if all.is_empty() && !declare_variables && self.functions.is_empty() && library.is_none() {
            return None;
        }
        let mut ctx = EvalContext::new();
        if let Some(budget) = budget {
            ctx = ctx.with_budget(budget);
        }
        if !all.is_empty() || declare_variables {
            ctx = ctx.with_variables(all);
        }
        library.install(&mut ctx);
        for (name, f) in &self.functions {
            ctx.set_function(name.clone(), f.clone());
        }
        Some(ctx)
    }
}

/// What a front end puts in a decode's context besides the spec file's own variables and
/// functions (see [`SpecFile::context`]); the differences between the front ends are these
/// options, nothing else.
#[derive(Clone, Debug, Default)]
pub struct ContextOptions {
    /// Variables given by the user, winning over the spec's `variables` blocks.
    pub variables: BTreeMap<String, Value>,
    /// The function library offered (the spec's own functions win over it).
    pub library: FunctionLibrary,
    /// The evaluation budget of the decode (the default budget when `None`).
    pub budget: Option<Budget>,
    /// Declare a variable table even when there are no variables, so that a reference says
    /// "Unknown variable" and names it (`hclkit check --spec`), rather than the reference
    /// hcldec's "Variables not allowed" (hcldec, Python's `decode`).
    pub declare_variables: bool,
}

/// The error for a decoded value that cannot be written as JSON (an infinity, a number too
/// long to print, an unknown value under `--with-type`): what is wrong and where, placed on
/// the input attribute whose value holds the offending part (`body` is the decoded body, and
/// `ctx` the decode's context). The reference would print invalid JSON or crash.
pub fn unsupported_result(body: &dyn Body, root: &Spec, err: &JsonError, ctx: Option<&EvalContext>) -> Diagnostic {
    let at = err.path().to_string();
    let place = if at.is_empty() { String::new() } else { format!(" at {at}") };
    Diagnostic::error(
        "Unsupported result value",
        format!("The result cannot be written as JSON: {}{place}.", err.message()),
    )
    .with_subject(value_source_range(body, root, err.path(), ctx))
}
