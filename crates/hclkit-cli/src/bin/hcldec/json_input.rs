//! JSON inputs: `--vars` documents are read with the JSON syntax parser into values.
//!
//! JSON-syntax configuration bodies (`hclkit::syntax::json` bodies) are not part of this
//! branch yet, so a `.json` input file is reported as unsupported instead of being misread.

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit::body::Body;
use hclkit::syntax::json::{self, Kind, Node};
use hclkit::{Diagnostic, Diagnostics};
use hclkit_value::{Type, Value};

use crate::run::Sources;

fn value_of(node: Node<'_>) -> Value {
    match node.kind() {
        Kind::Object => Value::object(node.properties().map(|p| (p.name().into_owned(), value_of(p.value)))),
        Kind::Array => Value::tuple(node.elements().map(value_of).collect()),
        Kind::String => Value::string(node.as_str().unwrap_or_default().into_owned()),
        Kind::Number => node.as_number().map(Value::number).unwrap_or_else(Value::dynamic),
        Kind::Bool => Value::bool(node.as_bool().unwrap_or(false)),
        Kind::Null => Value::null(Type::Dynamic),
        Kind::Invalid => Value::dynamic(),
    }
}

/// The variables of a JSON `--vars` document: the root object's properties.
pub fn parse_vars(name: &str, src: Arc<[u8]>, sources: &mut Sources) -> (BTreeMap<String, Value>, Diagnostics) {
    let (file, mut diags) = json::parse(src.clone(), name);
    sources.files.push((Arc::from(name), src, None));
    let mut vars = BTreeMap::new();
    if diags.has_errors() {
        return (vars, diags);
    }
    let root = file.root();
    if root.kind() != Kind::Object {
        diags.push(
            Diagnostic::error(
                "Incorrect JSON value type",
                "A JSON object is required here, setting the arguments for this block.",
            )
            .with_subject(root.range()),
        );
        return (vars, diags);
    }
    for p in root.properties() {
        vars.insert(p.name().into_owned(), value_of(p.value));
    }
    (vars, diags)
}

/// A JSON configuration body: not available in this build (see the module docs).
pub fn parse_body(name: &str, src: Arc<[u8]>, sources: &mut Sources) -> (Option<Arc<dyn Body>>, Diagnostics) {
    sources.files.push((Arc::from(name), src, None));
    let d = Diagnostic::error(
        "Unsupported file format",
        format!("The file {name:?} is in the JSON syntax, whose bodies this build of hcldec cannot decode yet."),
    );
    (None, Diagnostics(vec![d]))
}
