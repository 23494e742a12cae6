//! JSON `--vars` documents, read with the JSON syntax parser into values. (JSON input
//! files are parsed by [`hclkit::Files`], as native ones are.)

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit::{Diagnostics, Files};
use hclkit_value::Value;

/// The variables of a JSON `--vars` document, as the reference reads them: the attributes
/// of the document's body (so `"//"` comments are skipped and a repeated name is an error),
/// each evaluated without a context (strings stay strings). A document with syntax errors
/// gives only those.
pub fn parse_vars(name: &str, src: Arc<[u8]>, sources: &mut Files) -> (BTreeMap<String, Value>, Diagnostics) {
    let (body, mut diags) = sources.parse_json(src, name);
    let mut vars = BTreeMap::new();
    if diags.has_errors() {
        return (vars, diags);
    }
    let (attrs, d) = body.just_attributes();
    diags.extend(d);
    for (name, attr) in attrs {
        let (v, d) = attr.expr.value(None);
        diags.extend(d);
        vars.insert(name, v);
    }
    (vars, diags)
}
