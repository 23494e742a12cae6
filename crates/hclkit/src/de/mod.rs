//! Typed decoding with serde: configuration files into Rust types.
//!
//! [`from_str`] and [`from_file`] read a whole file; a [`Decoder`] adds variables and
//! functions for the expressions, and reads any [`Body`] (merged files, what partial content
//! left). The mapping between Rust types and bodies is in `docs/serde.md`; in short:
//!
//! * a struct is a body; each field an attribute, unless its type is a struct (or `Option`,
//!   a sequence or a map of structs): then blocks of that type name;
//! * a field of a map type (of anything but structs) or of a type that reads anything
//!   (`Value`) is an attribute, or blocks of its name without labels (`env { A = "1" }`,
//!   Terraform's `locals`): their attributes, merged;
//! * fields named `@...` (`#[serde(rename = "@name")]`) receive the block's labels, in order;
//!   a map of structs is keyed by the blocks' first label;
//! * `Vec<T>` takes every block of its type, `Option<T>` zero or one, `T` exactly one;
//! * attribute values are evaluated, then converted by the value model's rules;
//! * anything in the body the type does not name is an error (with "Did you mean"),
//!   unless [`Decoder::allow_unknown`] says otherwise.
//!
//! ```
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug, PartialEq)]
//! struct Config {
//!     service: Vec<Service>,
//! }
//! #[derive(Deserialize, Debug, PartialEq)]
//! struct Service {
//!     #[serde(rename = "@name")]
//!     name: String,
//!     port: u16,
//!     tls: Option<Tls>,
//! }
//! #[derive(Deserialize, Debug, PartialEq)]
//! struct Tls {
//!     cert: String,
//! }
//!
//! let src = r#"
//! service "web" {
//!   port = "8080"
//!   tls {
//!     cert = "${dir}/web.pem"
//!   }
//! }
//! "#;
//! let c: Config = hclkit::Decoder::new()
//!     .variable("dir", hclkit_value::Value::string("/etc/tls"))
//!     .from_str(src)
//!     .unwrap();
//! assert_eq!(c.service[0].name, "web");
//! assert_eq!(c.service[0].port, 8080);
//! assert_eq!(c.service[0].tls.as_ref().unwrap().cert, "/etc/tls/web.pem");
//! ```

mod body;
mod expr;
mod probe;

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use hclkit_value::function::Function;
use hclkit_value::Value;
use serde::de::DeserializeOwned;

use crate::body::{Body, BodySchema};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::error::Error;
use crate::eval::EvalContext;
use probe::{Found, Req, Shape};

/// Reads a configuration in the native syntax into `T` (no variables, no functions).
///
/// The source is called `<input>` in diagnostics; [`Decoder::from_source`] names it.
///
/// ```
/// #[derive(serde::Deserialize, Debug)]
/// struct Config {
///     name: String,
///     port: u16,
/// }
/// let c: Config = hclkit::from_str("name = \"web\"\nport = 8080\n").unwrap();
/// assert_eq!((c.name.as_str(), c.port), ("web", 8080));
///
/// let err = hclkit::from_str::<Config>("name = \"web\"\nport = 80.5\n").unwrap_err();
/// let d = err.diagnostics().iter().next().unwrap();
/// assert_eq!(d.to_string(), "<input>:2:8: error: Incorrect attribute value type");
/// assert_eq!(
///     d.detail,
///     "Inappropriate value for attribute \"port\": value must be a whole number, between 0 and 65535 inclusive."
/// );
/// ```
pub fn from_str<T: DeserializeOwned>(src: &str) -> Result<T, Error> {
    Decoder::new().from_str(src)
}

/// Reads a configuration file into `T`, in the syntax its name says: JSON for names ending
/// in `.json`, the native syntax otherwise (as `hcldec` chooses).
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("hclkit-doc-from-file-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir).unwrap();
/// #[derive(serde::Deserialize, Debug)]
/// struct Config {
///     port: u16,
/// }
/// std::fs::write(dir.join("a.json"), r#"{"port": 8080}"#).unwrap();
/// let c: Config = hclkit::from_file(dir.join("a.json")).unwrap();
/// assert_eq!(c.port, 8080);
///
/// let err = hclkit::from_file::<Config>(dir.join("missing.hcl")).unwrap_err();
/// assert_eq!(err.diagnostics().iter().next().unwrap().summary, "Failed to read file");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn from_file<T: DeserializeOwned>(path: impl AsRef<Path>) -> Result<T, Error> {
    Decoder::new().from_file(path)
}

/// Decoding with options: variables and functions for the expressions, and what to do with
/// parts of a body that the target type does not name.
///
/// ```
/// use hclkit::Decoder;
/// use hclkit_value::Value;
///
/// #[derive(serde::Deserialize)]
/// struct Config {
///     greeting: String,
/// }
/// let d = Decoder::new()
///     .variable("name", Value::string("world"))
///     .functions(hclkit_value::stdlib::all());
/// let c: Config = d.from_str(r#"greeting = upper("hello, ${name}")"#).unwrap();
/// assert_eq!(c.greeting, "HELLO, WORLD");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    ctx: Option<EvalContext>,
    allow_unknown: bool,
}

impl Decoder {
    /// A decoder without variables or functions (expressions that use any are errors) that
    /// rejects what the target type does not name.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    fn ctx_mut(&mut self) -> &mut EvalContext {
        self.ctx.get_or_insert_with(EvalContext::new)
    }

    /// Adds a variable.
    pub fn variable(mut self, name: impl Into<String>, value: Value) -> Decoder {
        self.ctx_mut().set_variable(name, value);
        self
    }

    /// Adds variables.
    pub fn variables<K: Into<String>>(mut self, vars: impl IntoIterator<Item = (K, Value)>) -> Decoder {
        for (k, v) in vars {
            self.ctx_mut().set_variable(k, v);
        }
        self
    }

    /// Adds a function (an application's own; see [`hclkit_value::function`]).
    pub fn function(mut self, name: impl Into<String>, function: Function) -> Decoder {
        self.ctx_mut().set_function(name, function);
        self
    }

    /// Adds functions, such as the standard library: `.functions(hclkit_value::stdlib::all())`.
    pub fn functions<K: Into<String>>(mut self, functions: impl IntoIterator<Item = (K, Function)>) -> Decoder {
        for (k, f) in functions {
            self.ctx_mut().set_function(k, f);
        }
        self
    }

    /// Evaluates expressions in `ctx` (replacing the variables and functions given so far):
    /// for a context with a parent chain, or with an evaluation budget of its own.
    pub fn context(mut self, ctx: EvalContext) -> Decoder {
        self.ctx = Some(ctx);
        self
    }

    /// Whether attributes and blocks the target type does not name are allowed (and
    /// ignored): `false` by default, when each is an error ("Unsupported argument",
    /// "Unsupported block type", with a suggestion of the name probably meant).
    pub fn allow_unknown(mut self, allow: bool) -> Decoder {
        self.allow_unknown = allow;
        self
    }

    /// Reads native-syntax source into `T` (the source is called `<input>`).
    #[allow(clippy::should_implement_trait)]
    pub fn from_str<T: DeserializeOwned>(&self, src: &str) -> Result<T, Error> {
        self.from_source(src.as_bytes(), "<input>")
    }

    /// Reads source called `filename`, in the syntax the name says (JSON for `.json`, the
    /// native syntax otherwise), into `T`.
    pub fn from_source<T: DeserializeOwned>(&self, src: &[u8], filename: &str) -> Result<T, Error> {
        let src: Arc<[u8]> = Arc::from(src);
        let (file, diags) = crate::SourceFile::parse(src.clone(), filename);
        let result = if diags.has_errors() { Err(Error::new(diags)) } else { self.from_body(&*file.body()) };
        result.map_err(|e| e.with_source(filename, src))
    }

    /// Reads the file at `path`, in the syntax its name says, into `T`.
    pub fn from_file<T: DeserializeOwned>(&self, path: impl AsRef<Path>) -> Result<T, Error> {
        let path = path.as_ref();
        let name = path.to_string_lossy();
        match std::fs::read(path) {
            Ok(src) => self.from_source(&src, &name),
            Err(e) => Err(Error::message(
                "Failed to read file",
                format!("The configuration file {} could not be read: {e}.", crate::diagnostic::go_quote(&name)),
            )),
        }
    }

    /// Reads any body into `T`: a parsed file's, several files merged
    /// ([`merged::merge_bodies`](crate::merged::merge_bodies)), a block's, or what
    /// [`Body::partial_content`] left. The error holds no sources; add them with
    /// [`Error::with_source`] for snippets.
    ///
    /// ```
    /// use hclkit::body::{Body, BodySchema};
    ///
    /// #[derive(serde::Deserialize)]
    /// struct Rest {
    ///     port: u16,
    /// }
    /// let (file, _) = hclkit::SourceFile::parse(b"version = 2\nport = 80\n".to_vec(), "main.hcl");
    /// let body = file.body();
    /// let (_, rest, _) = body.partial_content(&BodySchema::new().attribute("version", true));
    /// let r: Rest = hclkit::Decoder::new().from_body(&*rest).unwrap();
    /// assert_eq!(r.port, 80);
    /// ```
    pub fn from_body<T: DeserializeOwned>(&self, body: &dyn Body) -> Result<T, Error> {
        let probe = |path: &[&'static str], req: &Req<'_>| probe::probe::<T>(path, req);
        let st = State {
            ctx: self.ctx.as_ref(),
            allow_unknown: self.allow_unknown,
            probe: &probe,
            schemas: RefCell::new(HashMap::new()),
            diags: RefCell::new(Diagnostics::new()),
        };
        let r = T::deserialize(body::BodyDe::root(&st, body));
        let mut diags = st.diags.into_inner();
        if let Err(e) = &r {
            if let Some(d) = e.unreported() {
                diags.push(d.with_subject(body.missing_item_range()));
            }
        }
        match r {
            Ok(v) if !diags.has_errors() => Ok(v),
            _ => {
                sort(&mut diags);
                Err(Error::new(diags))
            }
        }
    }
}

/// Diagnostics in source order (by file, then start and end); those without a range last.
fn sort(diags: &mut Diagnostics) {
    diags.0.sort_by(|a, b| match (&a.subject, &b.subject) {
        (Some(x), Some(y)) => (&*x.filename, x.start.byte, x.end.byte).cmp(&(&*y.filename, y.start.byte, y.end.byte)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
}

/// The error of this module's deserializers.
#[derive(Debug)]
pub(crate) enum DeError {
    /// The diagnostics are recorded in the [`State`] already.
    Reported,
    /// From a `Deserialize` implementation (not yet a diagnostic).
    Custom(String),
    /// A struct's visitor found a field missing.
    MissingField(&'static str),
    /// A probe has what it wanted.
    Probe,
}

impl DeError {
    /// A diagnostic for an error not reported yet (without its range).
    fn unreported(&self) -> Option<Diagnostic> {
        match self {
            DeError::Reported | DeError::Probe => None,
            DeError::Custom(m) => Some(Diagnostic::error("Unsuitable value", format!("{m}."))),
            DeError::MissingField(f) => Some(missing_argument(f)),
        }
    }
}

fn missing_argument(name: &str) -> Diagnostic {
    Diagnostic::error(
        "Missing required argument",
        format!("The argument {} is required, but no definition was found.", crate::diagnostic::go_quote(name)),
    )
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeError::Reported => f.write_str("reported"),
            DeError::Custom(m) => f.write_str(m),
            DeError::MissingField(name) => write!(f, "missing field {name}"),
            DeError::Probe => f.write_str("probe"),
        }
    }
}

impl std::error::Error for DeError {}

impl serde::de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> DeError {
        DeError::Custom(msg.to_string())
    }
    fn missing_field(field: &'static str) -> DeError {
        DeError::MissingField(field)
    }
}

/// How many blocks a block field takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Mult {
    /// `T` or `Option<T>`.
    One,
    /// A sequence.
    Many,
    /// A map keyed by the first label.
    Keyed,
}

#[derive(Clone, Debug)]
pub(crate) enum FieldKind {
    /// A label, by index.
    Label(usize),
    /// An attribute, with its type's shape.
    Attr(Shape),
    /// An attribute whose type reads a map (a map of non-structs, or a type that reads
    /// anything, as `Value`), which may also be written as blocks of its name without labels:
    /// then the blocks' attributes, merged (`env { A = "1" }`, Terraform's `locals`).
    Free(Shape),
    Block {
        mult: Mult,
        optional: bool,
        child: &'static [&'static str],
    },
}

#[derive(Clone, Debug)]
pub(crate) struct FieldPlan {
    pub(crate) name: &'static str,
    pub(crate) kind: FieldKind,
    pub(crate) required: bool,
}

/// What the decoder knows of a struct at a path: each field's role, and the body schema.
#[derive(Debug)]
pub(crate) struct StructSchema {
    pub(crate) fields: Vec<FieldPlan>,
    pub(crate) body: BodySchema,
}

impl StructSchema {
    pub(crate) fn field(&self, name: &str) -> Option<&FieldPlan> {
        self.fields.iter().find(|f| f.name == name)
    }
}

/// The label names of a struct: its fields named `@...`, without the `@`.
fn label_names<'f>(fields: &'f [&'static str]) -> impl Iterator<Item = &'static str> + 'f {
    fields.iter().filter_map(|f| f.strip_prefix('@'))
}

/// What a field's shape makes it.
fn classify(shape: &Shape) -> FieldKind {
    fn unspanned(s: &Shape) -> &Shape {
        match s {
            Shape::Spanned(inner) => unspanned(inner),
            s => s,
        }
    }
    let (optional, s) = match unspanned(shape) {
        Shape::Option(inner) => (true, unspanned(inner)),
        s => (false, s),
    };
    let free = matches!(s, Shape::Map(_) | Shape::Any);
    let (mult, s) = match s {
        Shape::Seq(inner) => (Mult::Many, unspanned(inner)),
        Shape::Map(inner) => (Mult::Keyed, unspanned(inner)),
        s => (Mult::One, s),
    };
    match s {
        Shape::Struct(child) => FieldKind::Block { mult, optional, child },
        _ if free => FieldKind::Free(shape.clone()),
        _ => FieldKind::Attr(shape.clone()),
    }
}

type ProbeFn<'c> = dyn Fn(&[&'static str], &Req<'_>) -> Found + 'c;

/// One decoding's shared state: the context, the probe of the target type, the schemas
/// learned so far, and the diagnostics found.
pub(crate) struct State<'c> {
    pub(crate) ctx: Option<&'c EvalContext>,
    pub(crate) allow_unknown: bool,
    probe: &'c ProbeFn<'c>,
    schemas: RefCell<HashMap<Vec<&'static str>, Rc<StructSchema>>>,
    diags: RefCell<Diagnostics>,
}

impl State<'_> {
    pub(crate) fn report(&self, d: Diagnostic) {
        self.diags.borrow_mut().push(d);
    }

    pub(crate) fn report_all(&self, d: Diagnostics) {
        self.diags.borrow_mut().extend(d);
    }

    pub(crate) fn schemas_get(&self, path: &[&'static str]) -> Option<Rc<StructSchema>> {
        self.schemas.borrow().get(path).cloned()
    }

    /// The schema of the struct at `path`, whose serde fields are `fields`.
    pub(crate) fn schema(&self, path: &[&'static str], fields: &'static [&'static str]) -> Rc<StructSchema> {
        if let Some(s) = self.schemas.borrow().get(path) {
            return s.clone();
        }
        let s = Rc::new(self.learn(path, fields));
        self.schemas.borrow_mut().insert(path.to_vec(), s.clone());
        s
    }

    fn learn(&self, path: &[&'static str], fields: &'static [&'static str]) -> StructSchema {
        // The fields without a default, one at a time (a struct's visitor names the first
        // missing one).
        let mut required: Vec<&'static str> = Vec::new();
        for _ in 0..=fields.len() {
            match (self.probe)(path, &Req::Required(&required)) {
                Found::Missing(f) if !required.contains(&f) => required.push(f),
                _ => break,
            }
        }
        let mut plans = Vec::with_capacity(fields.len());
        let mut schema = BodySchema::new();
        let mut label_index = 0;
        let mut sub = path.to_vec();
        for &name in fields {
            let kind = if name.starts_with('@') {
                label_index += 1;
                FieldKind::Label(label_index - 1)
            } else {
                sub.push(name);
                let found = (self.probe)(&sub, &Req::Shape);
                sub.pop();
                match found {
                    Found::Shape(shape) => classify(&shape),
                    _ => FieldKind::Attr(Shape::Other),
                }
            };
            let is_required = required.contains(&name);
            match &kind {
                FieldKind::Label(_) => {}
                FieldKind::Attr(_) => schema
                    .attributes
                    .push(crate::body::AttributeSchema { name: name.to_owned(), required: is_required }),
                // Both an attribute and blocks without labels (a labelled block is then the
                // body's "Extraneous label"); which one is given is checked when decoding.
                FieldKind::Free(_) => {
                    schema.attributes.push(crate::body::AttributeSchema { name: name.to_owned(), required: false });
                    schema = schema.block(name, &[]);
                }
                FieldKind::Block { mult, child, .. } => {
                    let mut labels: Vec<&str> = Vec::new();
                    if *mult == Mult::Keyed {
                        labels.push("label");
                    }
                    labels.extend(label_names(child));
                    schema = schema.block(name, &labels);
                }
            }
            plans.push(FieldPlan { name, kind, required: is_required });
        }
        StructSchema { fields: plans, body: schema }
    }
}
