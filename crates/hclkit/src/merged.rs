//! Several bodies read as one (the reference's `hcl.MergeBodies`), e.g. every file of a
//! configuration directory, whatever their syntax.
//!
//! An attribute may be defined in only one of the bodies ("Duplicate argument", naming where
//! it was first set); blocks concatenate, in body order; a required attribute must be in one
//! of them.
//!
//! ```
//! use std::sync::Arc;
//! use hclkit::body::{Body, BodySchema};
//! use hclkit::merged::merge_bodies;
//! use hclkit::Files;
//!
//! let mut files = Files::new();
//! let (a, _) = files.parse(b"name = \"web\"\nlisten { port = 80 }\n".to_vec(), "a.hcl");
//! let (b, _) = files.parse(br#"{"listen": {"port": 443}}"#.to_vec(), "b.json");
//! let merged = merge_bodies(vec![a, b]);
//! let schema = BodySchema::new().attribute("name", true).block("listen", &[]);
//! let (content, diags) = merged.content(&schema);
//! assert!(diags.is_empty());
//! assert_eq!(content.blocks.len(), 2);
//! ```

use std::sync::Arc;

use crate::body::{Attributes, Body, BodyContent, BodySchema, Expression};
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::Range;

/// Bodies read as one; see the module docs.
#[derive(Clone, Debug, Default)]
pub struct MergedBodies {
    bodies: Vec<Arc<dyn Body>>,
}

/// Merges `bodies` into one body (an empty body when there are none).
///
/// ```
/// use hclkit::body::{Body, BodySchema};
/// use hclkit::merged::merge_bodies;
/// use hclkit::Files;
///
/// let mut files = Files::new();
/// let (a, _) = files.parse(b"name = \"web\"\n".to_vec(), "a.hcl");
/// let (b, _) = files.parse(b"name = \"api\"\n".to_vec(), "b.hcl");
/// let (content, diags) = merge_bodies(vec![a, b]).content(&BodySchema::new().attribute("name", true));
/// assert_eq!(diags[0].summary, "Duplicate argument");
/// assert_eq!(diags[0].subject.as_ref().unwrap().filename.as_ref(), "b.hcl");
/// assert!(content.attributes.contains_key("name"));
///
/// let (_, diags) = merge_bodies(vec![]).content(&BodySchema::new().attribute("name", true));
/// assert_eq!(diags[0].summary, "Missing required argument");
/// ```
pub fn merge_bodies(bodies: Vec<Arc<dyn Body>>) -> Arc<dyn Body> {
    Arc::new(MergedBodies { bodies })
}

impl MergedBodies {
    /// The merged bodies, in order.
    pub fn bodies(&self) -> &[Arc<dyn Body>] {
        &self.bodies
    }

    fn merged(&self, schema: &BodySchema, partial: bool) -> (BodyContent, Arc<dyn Body>, Diagnostics) {
        // Each body is asked with nothing required; requirements hold for the whole.
        let mut each = schema.clone();
        for a in &mut each.attributes {
            a.required = false;
        }
        let mut content = BodyContent { missing_item_range: self.missing_item_range(), ..BodyContent::default() };
        let mut rest = Vec::new();
        let mut diags = Diagnostics::new();
        // Each body's blocks, moved into one vector of the right size at the end (growing it
        // body by body would leave it up to twice the size it needs, for as long as it lives).
        let mut blocks = Vec::with_capacity(self.bodies.len());
        for body in &self.bodies {
            let (this, d) = if partial {
                let (c, r, d) = body.partial_content(&each);
                rest.push(r);
                (c, d)
            } else {
                body.content(&each)
            };
            diags.extend(d);
            for (name, attr) in this.attributes {
                if let Some(existing) = content.attributes.get(&name) {
                    diags.push(
                        Diagnostic::error(
                            "Duplicate argument",
                            format!("Argument {} was already set at {}", go_quote(&name), existing.name_range()),
                        )
                        .with_subject(attr.name_range()),
                    );
                    continue;
                }
                content.attributes.insert(name, attr);
            }
            blocks.push(this.blocks);
        }
        content.blocks.reserve_exact(blocks.iter().map(Vec::len).sum());
        for b in blocks {
            content.blocks.extend(b);
        }
        for a in &schema.attributes {
            if a.required && !content.attributes.contains_key(&a.name) {
                // No subject, as in the reference: the attribute could go in any of the bodies.
                diags.push(Diagnostic::error(
                    "Missing required argument",
                    format!("The argument {} is required, but was not set.", go_quote(&a.name)),
                ));
            }
        }
        (content, merge_bodies(rest), diags)
    }
}

impl Body for MergedBodies {
    fn expressions(&self) -> Vec<Arc<dyn Expression>> {
        // Each body's, in the order the bodies were given (source order within each).
        self.bodies.iter().flat_map(|b| b.expressions()).collect()
    }

    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (c, _, d) = self.merged(schema, false);
        (c, d)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Arc<dyn Body>, Diagnostics) {
        self.merged(schema, true)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut attrs = Attributes::new();
        let mut diags = Diagnostics::new();
        for body in &self.bodies {
            let (these, d) = body.just_attributes();
            diags.extend(d);
            for (name, attr) in these {
                if let Some(existing) = attrs.get(&name) {
                    diags.push(
                        Diagnostic::error(
                            "Duplicate argument",
                            format!("Argument {} was already set at {}", go_quote(&name), existing.name_range()),
                        )
                        .with_subject(attr.name_range()),
                    );
                    continue;
                }
                attrs.insert(name, attr);
            }
        }
        (attrs, diags)
    }

    /// The first body's; for no bodies, an empty range in the file `<empty>`.
    fn missing_item_range(&self) -> Range {
        match self.bodies.first() {
            Some(b) => b.missing_item_range(),
            None => Range { filename: Arc::from("<empty>"), ..Range::default() },
        }
    }
}
