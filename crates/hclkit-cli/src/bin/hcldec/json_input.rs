//! JSON inputs: `--vars` documents read with the JSON syntax parser into values, and input
//! files in the JSON syntax as bodies.

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit::body::Body;
use hclkit::syntax::json;
use hclkit::Diagnostics;
use hclkit_value::Value;

use crate::run::Sources;

/// The variables of a JSON `--vars` document, as the reference reads them: the attributes
/// of the document's body (so `"//"` comments are skipped and a repeated name is an error),
/// each evaluated without a context (strings stay strings). A document with syntax errors
/// gives only those.
pub fn parse_vars(name: &str, src: Arc<[u8]>, sources: &mut Sources) -> (BTreeMap<String, Value>, Diagnostics) {
    let (file, mut diags) = json::parse(src.clone(), name);
    sources.files.push((Arc::from(name), src, None));
    let mut vars = BTreeMap::new();
    if diags.has_errors() {
        return (vars, diags);
    }
    let (attrs, d) = json::JsonBody::arc_from_file(&file).just_attributes();
    diags.extend(d);
    for (name, attr) in attrs {
        let (v, d) = attr.expr.value(None);
        diags.extend(d);
        vars.insert(name, v);
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
