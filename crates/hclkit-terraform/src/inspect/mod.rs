//! What a Terraform module declares, as hashicorp/terraform-config-inspect reports it: input
//! variables, outputs, managed and data resources, module calls, required core and provider
//! versions, provider configurations, with positions; and what it leaves out: locals,
//! `nullable`, validations, `moved`/`import`/`check`/`removed` blocks, columns and ends of
//! every position, the module's dependency graph ([`hclkit::analysis`] with
//! [`Scheme::terraform`](hclkit::analysis::Scheme::terraform)).
//!
//! [`Module::load`] reads the files of one module (`*.tf` native, `*.tf.json` JSON);
//! [`Module::to_json`] writes terraform-config-inspect's `--json` document (its fields, in its
//! order, plus ours under names it does not use), [`Module::to_markdown`] its default
//! Markdown.
//!
//! ```
//! use hclkit_terraform::inspect::Module;
//!
//! let main = br#"
//! variable "region" {
//!   type        = string
//!   description = "Where to deploy."
//!   default     = "eu-west-1"
//! }
//! resource "aws_instance" "web" {
//!   ami = var.ami
//! }
//! "#;
//! let m = Module::load(".", &[("main.tf".into(), main.to_vec())]);
//! let region = &m.variables["region"];
//! assert_eq!((region.type_expr.as_deref(), region.required), (Some("string"), false));
//! assert_eq!(m.managed_resources["aws_instance.web"].provider.name, "aws");
//! assert!(m.to_markdown().contains("* `region` (default `\"eu-west-1\"`): Where to deploy."));
//! ```

mod render;

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit::analysis::{Analysis, Scheme};
use hclkit::body::{abs_traversal_for_expr, expr_as_keyword, expr_list, expr_map, Body, BodySchema, Expression};
use hclkit::pos::Range;
use hclkit::traversal::TraverseStep;
use hclkit::{Diagnostic, Diagnostics, SourceFile};
use hclkit_value::{Type, Value};

/// A position: terraform-config-inspect's `filename` and `line`, and the column, end line and
/// end column it does not have (columns in characters from 1, the end exclusive).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    /// The file name.
    pub filename: String,
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub column: u32,
    /// The end's line.
    pub end_line: u32,
    /// The end's column (exclusive).
    pub end_column: u32,
}

impl Pos {
    fn of(r: &Range) -> Pos {
        Pos {
            filename: r.filename.to_string(),
            line: r.start.line,
            column: r.start.column,
            end_line: r.end.line,
            end_column: r.end.column,
        }
    }
}

/// A `variable` block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Variable {
    /// Its name.
    pub name: String,
    /// The type expression as written (`string`, `list(object({...}))`).
    pub type_expr: Option<String>,
    /// `description`.
    pub description: Option<String>,
    /// `default` (`Some(null)` for `default = null`).
    pub default: Option<Value>,
    /// No `default`.
    pub required: bool,
    /// `sensitive`.
    pub sensitive: bool,
    /// `nullable` (terraform-config-inspect predates it).
    pub nullable: Option<bool>,
    /// `ephemeral` (Terraform v1.10).
    pub ephemeral: bool,
    /// The `validation` blocks: each condition's source text and error message.
    pub validations: Vec<Validation>,
    /// Where the block is (its header).
    pub pos: Pos,
}

/// A `validation` block of a variable (or a `precondition`/`postcondition`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Validation {
    /// The condition's source text.
    pub condition: String,
    /// The error message's source text (usually a quoted string).
    pub error_message: String,
    /// Where the block is.
    pub pos: Pos,
}

/// An `output` block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// Its name.
    pub name: String,
    /// `description`.
    pub description: Option<String>,
    /// `sensitive`.
    pub sensitive: bool,
    /// The `value` expression's source text.
    pub value: Option<String>,
    /// Where the block is.
    pub pos: Pos,
}

/// An attribute of a `locals` block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Local {
    /// Its name.
    pub name: String,
    /// Its expression's source text.
    pub expression: String,
    /// Where the attribute is.
    pub pos: Pos,
}

/// A provider named by a resource or a configuration alias: its local name and alias.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProviderRef {
    /// The provider's local name (`aws`).
    pub name: String,
    /// The configuration's alias (`west` in `aws.west`).
    pub alias: Option<String>,
}

/// A `required_providers` entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProviderRequirement {
    /// `source` (`hashicorp/aws`).
    pub source: Option<String>,
    /// The version constraints, from every place that gives one.
    pub version_constraints: Vec<String>,
    /// `configuration_aliases`.
    pub configuration_aliases: Vec<ProviderRef>,
}

/// A `provider` block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProviderConfig {
    /// The provider's local name.
    pub name: String,
    /// Its `alias`.
    pub alias: Option<String>,
    /// Where the block is.
    pub pos: Pos,
}

/// A `resource` or `data` block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resource {
    /// `managed` or `data`.
    pub mode: &'static str,
    /// The resource type.
    pub type_name: String,
    /// The resource name.
    pub name: String,
    /// Its provider: the `provider` argument, or the type's prefix before `_`.
    pub provider: ProviderRef,
    /// Where the block is.
    pub pos: Pos,
}

/// A `module` block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModuleCall {
    /// Its name.
    pub name: String,
    /// `source`.
    pub source: String,
    /// `version`.
    pub version: Option<String>,
    /// The other arguments' names, in source order (`count`, `for_each`, `providers`,
    /// `depends_on` and the module's inputs).
    pub arguments: Vec<String>,
    /// Where the block is.
    pub pos: Pos,
}

/// A block terraform-config-inspect does not report: `moved`, `import`, `check`, `removed`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtherBlock {
    /// The block type.
    pub kind: String,
    /// Its labels.
    pub labels: Vec<String>,
    /// The source text of its `from`, `to` and `id` arguments, where it has them.
    pub arguments: BTreeMap<String, String>,
    /// Where the block is.
    pub pos: Pos,
}

/// What a Terraform module declares.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// The module's directory, as given.
    pub path: String,
    /// Input variables by name.
    pub variables: BTreeMap<String, Variable>,
    /// Outputs by name.
    pub outputs: BTreeMap<String, Output>,
    /// Locals by name.
    pub locals: BTreeMap<String, Local>,
    /// `required_version` constraints.
    pub required_core: Vec<String>,
    /// Required providers by local name (every provider a resource or a configuration uses
    /// is there, with no constraint if none is given).
    pub required_providers: BTreeMap<String, ProviderRequirement>,
    /// Provider configurations by `name` or `name.alias`.
    pub provider_configs: BTreeMap<String, ProviderConfig>,
    /// Managed resources by `TYPE.NAME`.
    pub managed_resources: BTreeMap<String, Resource>,
    /// Data resources by `data.TYPE.NAME`.
    pub data_resources: BTreeMap<String, Resource>,
    /// Module calls by name.
    pub module_calls: BTreeMap<String, ModuleCall>,
    /// `moved`, `import`, `check` and `removed` blocks, in file order.
    pub other_blocks: Vec<OtherBlock>,
    /// Problems found while reading (syntax errors, values of the wrong type).
    pub diagnostics: Diagnostics,
    files: Vec<(String, Arc<[u8]>)>,
    bodies: Vec<Arc<dyn Body>>,
}

fn top_schema() -> BodySchema {
    BodySchema::new()
        .block("terraform", &[])
        .block("variable", &["name"])
        .block("output", &["name"])
        .block("locals", &[])
        .block("provider", &["name"])
        .block("resource", &["type", "name"])
        .block("data", &["type", "name"])
        .block("module", &["name"])
        .block("moved", &[])
        .block("import", &[])
        .block("check", &["name"])
        .block("removed", &[])
}

/// The attributes `names` of `body` (others ignored), with the diagnostics of reading them.
fn attrs(body: &dyn Body, names: &[&str]) -> BTreeMap<String, Arc<dyn Expression>> {
    let schema = names.iter().fold(BodySchema::new(), |s, n| s.attribute(*n, false));
    let (content, _, _) = body.partial_content(&schema);
    content.attributes.into_iter().map(|(k, a)| (k, a.expr)).collect()
}

impl Module {
    /// Reads a module from its files (name and bytes; `.json` names are the JSON syntax),
    /// in the order given. Never fails: problems are [`diagnostics`](Module::diagnostics),
    /// and what could be read is kept.
    pub fn load(path: &str, files: &[(String, Vec<u8>)]) -> Module {
        let mut m = Module { path: path.to_owned(), ..Module::default() };
        for (name, src) in files {
            let (file, diags) = SourceFile::parse(src.clone(), name);
            m.diagnostics.extend(diags);
            m.files.push((name.clone(), Arc::from(src.as_slice())));
            let body = file.body();
            m.read_body(&body);
            m.bodies.push(body);
        }
        m.imply_providers();
        m
    }

    /// The source text of a range, from the module's files.
    fn text(&self, r: &Range) -> String {
        let Some((_, src)) = self.files.iter().find(|(n, _)| **n == *r.filename) else { return String::new() };
        let (s, e) = (r.start.byte as usize, r.end.byte as usize);
        src.get(s..e).map(|b| String::from_utf8_lossy(b).into_owned()).unwrap_or_default()
    }

    /// A static value (no variables, no functions), its errors kept.
    fn value(&mut self, e: &dyn Expression) -> Option<Value> {
        let (v, d) = e.value(None);
        if d.has_errors() {
            self.diagnostics.extend(d);
            return None;
        }
        Some(v)
    }

    fn string(&mut self, e: &dyn Expression, what: &str) -> Option<String> {
        let v = self.value(e)?;
        match hclkit_value::convert::convert(&v, &Type::String) {
            Ok(s) if s.is_known() && !s.is_null() => s.as_str().map(str::to_owned),
            _ => {
                self.diagnostics.push(
                    Diagnostic::error("Invalid value", format!("The {what} must be a string.")).with_subject(e.range()),
                );
                None
            }
        }
    }

    fn boolean(&mut self, e: &dyn Expression, what: &str) -> bool {
        let Some(v) = self.value(e) else { return false };
        match hclkit_value::convert::convert(&v, &Type::Bool) {
            Ok(b) if b.is_known() && !b.is_null() => b.as_bool().unwrap_or(false),
            _ => {
                self.diagnostics.push(
                    Diagnostic::error("Invalid value", format!("The {what} must be a bool.")).with_subject(e.range()),
                );
                false
            }
        }
    }

    fn read_body(&mut self, body: &Arc<dyn Body>) {
        let (content, _, diags) = body.partial_content(&top_schema());
        self.diagnostics.extend(diags);
        for block in &content.blocks {
            let pos = Pos::of(&block.def_range());
            let b = block.body.as_ref();
            let label = |i: usize| block.labels.get(i).cloned().unwrap_or_default();
            match &*block.type_name {
                "terraform" => self.read_terraform(b),
                "variable" => self.read_variable(label(0), b, pos),
                "output" => {
                    let a = attrs(b, &["description", "sensitive", "value"]);
                    let description = a.get("description").and_then(|e| self.string(e.as_ref(), "description"));
                    let sensitive = a.get("sensitive").is_some_and(|e| self.boolean(e.as_ref(), "sensitive flag"));
                    let value = a.get("value").map(|e| self.text(&e.range()));
                    let name = label(0);
                    self.outputs.insert(name.clone(), Output { name, description, sensitive, value, pos });
                }
                "locals" => {
                    let (locals, d) = b.just_attributes();
                    self.diagnostics.extend(d);
                    for (name, a) in locals {
                        let expression = self.text(&a.expr.range());
                        self.locals.insert(name.clone(), Local { name, expression, pos: Pos::of(&a.range()) });
                    }
                }
                "provider" => {
                    let a = attrs(b, &["alias", "version"]);
                    let alias = a.get("alias").and_then(|e| self.string(e.as_ref(), "alias"));
                    let name = label(0);
                    if let Some(v) = a.get("version").and_then(|e| self.string(e.as_ref(), "version")) {
                        self.required_providers.entry(name.clone()).or_default().version_constraints.push(v);
                    }
                    let key = match &alias {
                        Some(al) => format!("{name}.{al}"),
                        None => name.clone(),
                    };
                    self.provider_configs.insert(key, ProviderConfig { name, alias, pos });
                }
                "resource" | "data" => {
                    let managed = &*block.type_name == "resource";
                    let (type_name, name) = (label(0), label(1));
                    let a = attrs(b, &["provider"]);
                    let provider = match a.get("provider") {
                        Some(e) => self.provider_ref(e.as_ref()),
                        None => ProviderRef { name: default_provider(&type_name), alias: None },
                    };
                    let key = format!("{}{type_name}.{name}", if managed { "" } else { "data." });
                    let r = Resource { mode: if managed { "managed" } else { "data" }, type_name, name, provider, pos };
                    if managed {
                        self.managed_resources.insert(key, r);
                    } else {
                        self.data_resources.insert(key, r);
                    }
                }
                "module" => {
                    let (all, _) = b.just_attributes();
                    let mut all: Vec<_> = all.into_values().collect();
                    all.sort_by_key(|a| a.range().start.byte);
                    let source =
                        all.iter().find(|a| a.name == "source").and_then(|a| self.string(a.expr.as_ref(), "source"));
                    let version =
                        all.iter().find(|a| a.name == "version").and_then(|a| self.string(a.expr.as_ref(), "version"));
                    let arguments =
                        all.iter().map(|a| a.name.clone()).filter(|n| n != "source" && n != "version").collect();
                    let name = label(0);
                    let source = source.unwrap_or_default();
                    self.module_calls.insert(name.clone(), ModuleCall { name, source, version, arguments, pos });
                }
                kind => {
                    let a = attrs(b, &["from", "to", "id"]);
                    let arguments = a.iter().map(|(k, e)| (k.clone(), self.text(&e.range()))).collect();
                    self.other_blocks.push(OtherBlock {
                        kind: kind.to_owned(),
                        labels: block.labels.clone(),
                        arguments,
                        pos,
                    });
                }
            }
        }
    }

    fn read_terraform(&mut self, b: &dyn Body) {
        let schema = BodySchema::new().attribute("required_version", false).block("required_providers", &[]);
        let (content, _, _) = b.partial_content(&schema);
        if let Some(a) = content.attributes.get("required_version") {
            if let Some(v) = self.string(a.expr.as_ref(), "required_version") {
                self.required_core.push(v);
            }
        }
        for rp in &content.blocks {
            let (entries, d) = rp.body.just_attributes();
            self.diagnostics.extend(d);
            let mut entries: Vec<_> = entries.into_values().collect();
            entries.sort_by_key(|a| a.range().start.byte);
            for entry in entries {
                let mut req = self.required_providers.remove(&entry.name).unwrap_or_default();
                match expr_map(entry.expr.as_ref()) {
                    Ok(items) => {
                        for kv in items {
                            let Some(key) =
                                expr_as_keyword(kv.key.as_ref()).or_else(|| self.string(kv.key.as_ref(), "key"))
                            else {
                                continue;
                            };
                            match key.as_str() {
                                "source" => req.source = self.string(kv.value.as_ref(), "source"),
                                "version" => {
                                    if let Some(v) = self.string(kv.value.as_ref(), "version") {
                                        req.version_constraints.push(v);
                                    }
                                }
                                "configuration_aliases" => {
                                    for e in expr_list(kv.value.as_ref()).unwrap_or_default() {
                                        let r = self.provider_ref(e.as_ref());
                                        req.configuration_aliases.push(r);
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                    // The legacy form: a version constraint string.
                    Err(_) => {
                        if let Some(v) = self.string(entry.expr.as_ref(), "version constraint") {
                            req.version_constraints.push(v);
                        }
                    }
                }
                self.required_providers.insert(entry.name, req);
            }
        }
    }

    fn read_variable(&mut self, name: String, b: &dyn Body, pos: Pos) {
        let schema = BodySchema::new()
            .attribute("type", false)
            .attribute("description", false)
            .attribute("default", false)
            .attribute("sensitive", false)
            .attribute("nullable", false)
            .attribute("ephemeral", false)
            .block("validation", &[]);
        let (content, _, _) = b.partial_content(&schema);
        let a = &content.attributes;
        let type_expr =
            a.get("type").map(|t| expr_as_keyword(t.expr.as_ref()).unwrap_or_else(|| self.text(&t.expr.range())));
        let description = a.get("description").and_then(|e| self.string(e.expr.as_ref(), "description"));
        let default = a.get("default").and_then(|e| self.value(e.expr.as_ref()));
        let required = !a.contains_key("default");
        let sensitive = a.get("sensitive").is_some_and(|e| self.boolean(e.expr.as_ref(), "sensitive flag"));
        let nullable = a.get("nullable").map(|e| self.boolean(e.expr.as_ref(), "nullable flag"));
        let ephemeral = a.get("ephemeral").is_some_and(|e| self.boolean(e.expr.as_ref(), "ephemeral flag"));
        let validations = content
            .blocks
            .iter()
            .map(|v| {
                let va = attrs(v.body.as_ref(), &["condition", "error_message"]);
                Validation {
                    condition: va.get("condition").map(|e| self.text(&e.range())).unwrap_or_default(),
                    error_message: va.get("error_message").map(|e| self.text(&e.range())).unwrap_or_default(),
                    pos: Pos::of(&v.def_range()),
                }
            })
            .collect();
        self.variables.insert(
            name.clone(),
            Variable {
                name,
                type_expr,
                description,
                default,
                required,
                sensitive,
                nullable,
                ephemeral,
                validations,
                pos,
            },
        );
    }

    /// `aws` or `aws.west`, as a `provider` argument or a configuration alias writes it.
    fn provider_ref(&mut self, e: &dyn Expression) -> ProviderRef {
        match abs_traversal_for_expr(e) {
            Ok(t) => {
                let mut names = t.steps.iter().filter_map(|s| match s {
                    TraverseStep::Root { name, .. } | TraverseStep::Attr { name, .. } => Some(name.clone()),
                    TraverseStep::Index { .. } => None,
                });
                ProviderRef { name: names.next().unwrap_or_default(), alias: names.next() }
            }
            Err(d) => {
                self.diagnostics.extend(d);
                ProviderRef::default()
            }
        }
    }

    /// Every provider a resource or a configuration uses is required, with no constraint if
    /// none is given (as terraform-config-inspect does).
    fn imply_providers(&mut self) {
        let used: Vec<String> = self
            .managed_resources
            .values()
            .chain(self.data_resources.values())
            .map(|r| r.provider.name.clone())
            .chain(self.provider_configs.values().map(|p| p.name.clone()))
            .collect();
        for name in used {
            if !name.is_empty() {
                self.required_providers.entry(name).or_default();
            }
        }
    }

    /// The module's symbols and their dependency graph ([`Scheme::terraform`]): references,
    /// order, cycles, unused symbols.
    pub fn analysis(&self) -> Analysis {
        Analysis::new(&self.bodies, &Scheme::terraform())
    }
}

/// The names of a module's configuration files directly in `dir` ([`is_module_file`]; a
/// symbolic link counts when it leads to a file), in the order Terraform reads them
/// ([`sort_module_files`]). What to read for [`Module::load`].
///
/// ```
/// let dir = std::env::temp_dir().join(format!("hclkit-doc-module-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// for name in ["override.tf", "main.tf", "notes.txt", "vars.tf.json", ".#main.tf"] {
///     std::fs::write(dir.join(name), "").unwrap();
/// }
/// let names = hclkit_terraform::inspect::module_file_names(&dir).unwrap();
/// assert_eq!(names, ["main.tf", "vars.tf.json", "override.tf"]);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
///
/// # Errors
///
/// The error of reading the directory.
pub fn module_file_names(dir: &std::path::Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let Ok(entry) = entry else { continue };
        let Ok(name) = entry.file_name().into_string() else { continue };
        if is_module_file(&name) && entry.path().is_file() {
            names.push(name);
        }
    }
    sort_module_files(&mut names);
    Ok(names)
}

/// Whether a file of a module's directory is one of its configuration files: `*.tf` (the
/// native syntax) or `*.tf.json` (JSON), except editors' leftovers (names starting with `.`,
/// ending with `~`, or `#...#`), as Terraform and terraform-config-inspect choose them.
/// [`module_file_names`] lists a directory with it.
///
/// ```
/// use hclkit_terraform::inspect::is_module_file;
/// assert!(is_module_file("main.tf") && is_module_file("vars.tf.json"));
/// assert!(!is_module_file(".#main.tf") && !is_module_file("main.tf~") && !is_module_file("#main.tf#"));
/// assert!(!is_module_file("terraform.tfvars") && !is_module_file("x.json"));
/// ```
pub fn is_module_file(name: &str) -> bool {
    let leftover = name.starts_with('.') || name.ends_with('~') || (name.starts_with('#') && name.ends_with('#'));
    !leftover && (name.ends_with(".tf") || name.ends_with(".tf.json"))
}

/// Sorts a module's file names in the order Terraform reads them: by name, the override
/// files (`override.tf`, `*_override.tf`, and their `.tf.json`) after all others, so that
/// what they define wins.
///
/// ```
/// let mut names = vec!["z.tf", "override.tf", "a_override.tf.json", "b.tf"];
/// hclkit_terraform::inspect::sort_module_files(&mut names);
/// assert_eq!(names, ["b.tf", "z.tf", "a_override.tf.json", "override.tf"]);
/// ```
pub fn sort_module_files<S: AsRef<str>>(names: &mut [S]) {
    let is_override = |n: &str| {
        let stem = n.strip_suffix(".tf.json").or_else(|| n.strip_suffix(".tf")).unwrap_or(n);
        stem == "override" || stem.ends_with("_override")
    };
    names.sort_by(|a, b| {
        let (a, b) = (a.as_ref(), b.as_ref());
        (is_override(a), a).cmp(&(is_override(b), b))
    });
}

/// A resource type's default provider: its prefix before the first `_` (the whole type
/// without one).
pub fn default_provider(type_name: &str) -> String {
    type_name.split('_').next().unwrap_or(type_name).to_owned()
}

#[cfg(test)]
mod tests;
