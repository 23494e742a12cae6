//! `--vars`: variables for a decode or an evaluation, as the reference's `hcldec --vars`
//! reads them (`hcldec`, `hclkit check --spec`, `hclkit eval`).

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit::body::Body;
use hclkit::{Diagnostics, Files};
use hclkit_value::Value;

use crate::inputs::reference_read_error;

/// Variables by name.
pub type Vars = BTreeMap<String, Value>;

/// Reads a JSON document of variables, as the reference's `hcldec --vars` does, and keeps it in
/// `files`: the attributes of its body (so `"//"` comments are skipped and a repeated name is
/// an error), each evaluated without a context (strings stay strings). A document with syntax
/// errors gives only those.
///
/// ```
/// use hclkit_value::Value;
///
/// let mut files = hclkit::Files::new();
/// let src = br#"{"name": "web", "n": 3, "//": "a comment"}"#.to_vec();
/// let (vars, diags) = hclkit_cli::vars::parse_vars(&mut files, src, "vars.json");
/// assert!(diags.is_empty());
/// assert_eq!(vars["name"], Value::string("web"));
/// assert_eq!(vars.len(), 2);
/// ```
pub fn parse_vars(files: &mut Files, src: impl Into<Arc<[u8]>>, name: &str) -> (Vars, Diagnostics) {
    let (body, diags) = files.parse_json(src, name);
    if diags.has_errors() {
        return (Vars::new(), diags);
    }
    attribute_values(&*body, diags)
}

/// Reads one `--vars` argument as the reference's `hcldec` does: JSON text when it starts with
/// `{` (named `inline_name` in diagnostics), otherwise the path of a file, read with
/// [`parse_vars`] when its name ends in `.json` and as native syntax otherwise (a tfvars-like
/// file: its attributes evaluated without a context, even when the file has syntax errors,
/// whose diagnostics come too). A file that cannot be read gives the reference's "Failed to
/// read file" ("Failed to open file" for JSON). The source read is kept in `files`.
///
/// ```
/// use hclkit_value::Value;
///
/// let mut files = hclkit::Files::new();
/// let (vars, diags) = hclkit_cli::vars::read_vars(&mut files, r#"{"region": "eu"}"#, "<vars>");
/// assert!(diags.is_empty());
/// assert_eq!(vars["region"], Value::string("eu"));
/// let (vars, diags) = hclkit_cli::vars::read_vars(&mut files, "/no/such/file.tfvars", "<vars>");
/// assert!(vars.is_empty() && diags.has_errors());
/// ```
pub fn read_vars(files: &mut Files, arg: &str, inline_name: &str) -> (Vars, Diagnostics) {
    if arg.trim_start().starts_with('{') {
        return parse_vars(files, arg.as_bytes(), inline_name);
    }
    let json = arg.ends_with(".json");
    let src = match std::fs::read(arg) {
        Ok(src) => src,
        Err(_) => return (Vars::new(), Diagnostics::from(vec![reference_read_error(arg, json)])),
    };
    if json {
        return parse_vars(files, src, arg);
    }
    let (body, diags) = files.parse_native(src, arg);
    attribute_values(&*body, diags)
}

/// The body's attributes, each evaluated without a context, after `diags`.
fn attribute_values(body: &dyn Body, mut diags: Diagnostics) -> (Vars, Diagnostics) {
    let (attrs, d) = body.just_attributes();
    diags.extend(d);
    let mut vars = Vars::new();
    for (name, attr) in attrs {
        let (v, d) = attr.expr.value(None);
        diags.extend(d);
        vars.insert(name, v);
    }
    (vars, diags)
}
