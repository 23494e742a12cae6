//! Terraform's function library, by Terraform's names and with Terraform's semantics, for HCL
//! tools outside Terraform.
//!
//! [`functions`] returns the table a configuration sees in Terraform: the go-cty standard
//! functions Terraform exposes (with Terraform's own versions where it shadows them), the
//! functions Terraform adds (encodings, hashes, CIDR arithmetic, files, YAML, ...) and those
//! added in later Terraform releases. [`catalog`] describes each one: where it comes from,
//! the version that introduced it, and what differs from the cty function of the same name.
//!
//! Functions that read files go through the [`FsPolicy`] in the [`Options`]; the default
//! reads nothing.
//!
//! ```
//! use hclkit::eval::{evaluate, EvalContext};
//! use hclkit_terraform::{functions, Options};
//! use hclkit_value::Value;
//!
//! let ctx = EvalContext::new().with_functions(functions(&Options::new()));
//! let file = hclkit::parse_expression(b"cidrhost(\"10.0.0.0/24\", 5)".as_slice(), "expr.hcl").into_value();
//! let (value, diags) = evaluate(file.expr(), Some(&ctx));
//! assert!(diags.is_empty());
//! assert_eq!(value, Value::string("10.0.0.5"));
//! ```
//!
//! [`Library`] and [`libraries_with`] tell go-cty's standard library and Terraform's table
//! apart, for tools that offer both. The table of every function, its origin, version and
//! differences is the repository's `docs/terraform-functions.md`.

use std::collections::BTreeMap;
use std::sync::Mutex;

use hclkit_value::function::Function;

mod cidr;
mod collection;
mod cty;
mod encoding;
mod filesystem;
mod hash;
mod marks;
mod policy;
mod provider;
mod strings;
mod template;
mod textencoding;
mod time;
mod util;
mod yaml;

pub mod inspect;

pub use policy::FsPolicy;

/// The function table as modules build it: by name.
pub(crate) type Table = BTreeMap<&'static str, Function>;

/// One module of the library: how it adds its functions to the table (possibly replacing the
/// cty functions of the same names), and its catalog entries.
struct Module {
    register: fn(&mut Table, &Options),
    info: &'static [FunctionInfo],
}

/// Every module, in the order they are applied to the table (after go-cty's standard library).
/// A module is one line here: `Module { register: m::register, info: m::INFO }`.
const MODULES: &[Module] = &[
    // issue-20a modules
    Module { register: encoding::register, info: encoding::INFO },
    Module { register: hash::register, info: hash::INFO },
    Module { register: cidr::register, info: cidr::INFO },
    Module { register: filesystem::register, info: filesystem::INFO },
    Module { register: time::register, info: time::INFO },
    Module { register: textencoding::register, info: textencoding::INFO },
    // issue-20b modules
    Module { register: cty::register, info: cty::INFO },
    Module { register: collection::register, info: collection::INFO },
    Module { register: strings::register, info: strings::INFO },
    Module { register: marks::register, info: marks::INFO },
    Module { register: provider::register, info: provider::INFO },
    Module { register: template::register, info: template::INFO },
];

/// How the function table behaves where Terraform's behaviour depends on the situation.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// What the file functions may read (default: nothing).
    pub filesystem: FsPolicy,
    /// Terraform's planning behaviour: functions that read the clock or make random values
    /// (`timestamp`, `uuid`, `bcrypt`, ...) return unknown values, as during `terraform plan`.
    /// When false they return a value, as during apply and in `terraform console`.
    pub planning: bool,
}

impl Options {
    /// The defaults: no file access, values (not unknowns) from clock and random functions.
    pub fn new() -> Options {
        Options::default()
    }

    /// These options with the given filesystem policy.
    pub fn with_filesystem(mut self, filesystem: FsPolicy) -> Options {
        self.filesystem = filesystem;
        self
    }

    /// These options with planning behaviour on or off (see [`Options::planning`]).
    pub fn with_planning(mut self, planning: bool) -> Options {
        self.planning = planning;
        self
    }
}

/// Where a function of the table comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// go-cty's standard library, as Terraform exposes it unchanged.
    CtyStdlib,
    /// Terraform's own version of a go-cty function of the same name.
    TerraformShadow,
    /// A function only Terraform has.
    Terraform,
}

/// One entry of [`catalog`].
#[derive(Clone, Copy, Debug)]
pub struct FunctionInfo {
    /// The name configurations call it by.
    pub name: &'static str,
    /// Where it comes from.
    pub origin: Origin,
    /// The Terraform version that introduced it (`"<=1.0"` for those in v1.0.3).
    pub since: &'static str,
    /// What differs from the cty function of the same name, if anything.
    pub note: &'static str,
}

/// Terraform's function table under the given options, by name.
pub fn functions(options: &Options) -> BTreeMap<&'static str, Function> {
    let mut table = Table::new();
    table.extend(hclkit_value::stdlib::all());
    for module in MODULES {
        (module.register)(&mut table, options);
    }
    // Last: templates see the finished table, `core::` names included.
    add_core_aliases(&mut table);
    filesystem::register_templatefile(&mut table, options);
    table.insert(core_name("templatefile"), table["templatefile"].clone());
    table
}

/// Terraform 1.8's `core::` namespace: `core::NAME` is every built-in `NAME` (not the
/// provider functions), so a configuration can name a built-in that a provider function of
/// the same name would otherwise hide.
fn add_core_aliases(table: &mut Table) {
    let builtins: Vec<(&'static str, Function)> =
        table.iter().filter(|(name, _)| !name.contains("::")).map(|(name, f)| (*name, f.clone())).collect();
    for (name, f) in builtins {
        table.insert(core_name(name), f);
    }
}

/// `core::NAME`, as a `'static` name for the table. The names are a fixed set (the built-ins),
/// each made once per process and kept.
pub(crate) fn core_name(name: &'static str) -> &'static str {
    static NAMES: Mutex<BTreeMap<&'static str, &'static str>> = Mutex::new(BTreeMap::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    names.entry(name).or_insert_with(|| Box::leak(format!("{CORE}{name}").into_boxed_str()))
}

/// The prefix of the `core::` aliases of the built-ins.
const CORE: &str = "core::";

/// A function library hclkit's tools offer (`hclkit eval --functions`, `hcldec --functions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Library {
    /// go-cty's standard library (`hclkit_value::stdlib::all`) with `try` and `can`.
    Stdlib,
    /// Terraform's table ([`functions`]).
    Terraform,
}

impl Library {
    /// Both libraries.
    pub const ALL: [Library; 2] = [Library::Stdlib, Library::Terraform];

    /// The library's name, as the tools' `--functions` flags spell it.
    pub fn name(self) -> &'static str {
        match self {
            Library::Stdlib => "stdlib",
            Library::Terraform => "terraform",
        }
    }

    /// The library as the spec pipeline of `hclkit::spec::run` offers it to a decode (with the
    /// spec file's own functions winning): what `hcldec --stdlib`/`--terraform` and Python's
    /// `decode(functions=...)` use.
    ///
    /// ```
    /// use hclkit::spec::run::FunctionLibrary;
    /// use hclkit_terraform::{Library, Options};
    ///
    /// assert!(matches!(Library::Stdlib.function_library(&Options::new()), FunctionLibrary::Standard));
    /// let FunctionLibrary::Table(t) = Library::Terraform.function_library(&Options::new()) else { panic!() };
    /// assert!(t.contains_key("cidrhost") && t.contains_key("core::max"));
    /// ```
    pub fn function_library(self, options: &Options) -> hclkit::spec::run::FunctionLibrary {
        use hclkit::spec::run::FunctionLibrary;
        match self {
            Library::Stdlib => FunctionLibrary::Standard,
            Library::Terraform => FunctionLibrary::Table(std::sync::Arc::new(
                functions(options).into_iter().map(|(name, f)| (name.to_owned(), f)).collect(),
            )),
        }
    }

    /// The library's function table (the options matter to [`Library::Terraform`] only).
    ///
    /// ```
    /// use hclkit_terraform::{Library, Options};
    ///
    /// let stdlib = Library::Stdlib.functions(&Options::new());
    /// assert!(stdlib.contains_key("strlen") && stdlib.contains_key("try"));
    /// assert!(!stdlib.contains_key("cidrhost"));
    /// ```
    pub fn functions(self, options: &Options) -> BTreeMap<&'static str, Function> {
        match self {
            Library::Stdlib => hclkit::spec::run::standard_functions(),
            Library::Terraform => functions(options),
        }
    }
}

/// The libraries that have a function named `name`, in [`Library::ALL`]'s order: what a tool
/// suggests when a call names a function its chosen library lacks.
///
/// ```
/// use hclkit_terraform::{libraries_with, Library};
///
/// assert_eq!(libraries_with("cidrhost"), [Library::Terraform]);
/// assert_eq!(libraries_with("strlen"), [Library::Stdlib]);
/// assert_eq!(libraries_with("upper"), [Library::Stdlib, Library::Terraform]);
/// assert!(libraries_with("no_such_function").is_empty());
/// ```
pub fn libraries_with(name: &str) -> Vec<Library> {
    Library::ALL.into_iter().filter(|lib| lib.functions(&Options::default()).contains_key(name)).collect()
}

/// Every function of [`functions`], described: the entries of the modules that define them,
/// and [`Origin::CtyStdlib`] for the go-cty functions no module replaces. The `core::NAME`
/// aliases (Terraform 1.8) are not listed: each is the function `NAME` under another name.
pub fn catalog() -> Vec<FunctionInfo> {
    let mut out: BTreeMap<&'static str, FunctionInfo> = BTreeMap::new();
    for name in functions(&Options::default()).keys().filter(|n| !n.starts_with(CORE)) {
        out.insert(name, FunctionInfo { name, origin: Origin::CtyStdlib, since: "<=1.0", note: "" });
    }
    for module in MODULES {
        for info in module.info {
            out.insert(info.name, *info);
        }
    }
    out.into_values().collect()
}

/// The examples of the crate's README (its page on crates.io), compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
