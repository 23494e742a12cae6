//! Concrete syntaxes of HCL: the native syntax and the JSON syntax (whose strings are native
//! templates).

pub mod json;
pub mod native;

use std::sync::Arc;

use crate::body::Body;
use crate::diagnostic::Diagnostics;

/// Parses a configuration file in the syntax its name says: JSON for names ending in
/// `.json`, the native syntax otherwise (as hcldec chooses), and returns its body.
///
/// ```
/// use hclkit::body::{Body, BodySchema};
///
/// let (body, diags) = hclkit::syntax::parse_body(br#"{"a": 1}"#.to_vec(), "x.json");
/// assert!(diags.is_empty());
/// let (content, _) = body.content(&BodySchema::new().attribute("a", true));
/// assert!(content.attributes.contains_key("a"));
/// ```
pub fn parse_body(src: impl Into<Arc<[u8]>>, filename: &str) -> (Arc<dyn Body>, Diagnostics) {
    if filename.ends_with(".json") {
        let (file, diags) = json::parse(src, filename);
        (json::JsonBody::arc_from_file(&file), diags)
    } else {
        let (file, diags) = native::parse_config(src, filename);
        (native::NativeBody::arc_from_file(&file), diags)
    }
}
