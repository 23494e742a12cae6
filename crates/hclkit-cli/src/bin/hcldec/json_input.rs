//! JSON inputs: `--vars` documents read with the JSON syntax parser into values, and input
//! files in the JSON syntax as bodies.

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

/// A JSON-syntax configuration body; `None` when the parse had errors.
pub fn parse_body(name: &str, src: Arc<[u8]>, sources: &mut Sources) -> (Option<Arc<dyn Body>>, Diagnostics) {
    let (file, diags) = json::parse(src.clone(), name);
    sources.files.push((Arc::from(name), src, None));
    if diags.has_errors() {
        (None, diags)
    } else {
        (Some(json::JsonBody::arc_from_file(&file)), diags)
    }
}
