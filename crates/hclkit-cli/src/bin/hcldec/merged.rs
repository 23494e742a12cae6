//! Several input files decoded as one body (the reference's `hcl.MergeBodies`): attributes
//! may come from any file but only once; blocks from all files, in file order.

use std::sync::Arc;

use hclkit::body::{Attributes, Body, BodyContent, BodySchema};

use hclkit::{Diagnostic, Diagnostics, Range};

/// The bodies of several files, merged.
#[derive(Debug)]
pub struct MergedBody(pub Vec<Arc<dyn Body>>);

impl MergedBody {
    fn merged(&self, schema: &BodySchema, partial: bool) -> (BodyContent, Arc<dyn Body>, Diagnostics) {
        // No attribute is required of one body: any of them may provide it.
        let mut relaxed = schema.clone();
        for a in &mut relaxed.attributes {
            a.required = false;
        }
        let mut content = BodyContent { missing_item_range: self.missing_item_range(), ..BodyContent::default() };
        let mut leftovers: Vec<Arc<dyn Body>> = Vec::new();
        let mut diags = Diagnostics::new();
        for body in &self.0 {
            let (this, d) = if partial {
                let (c, rest, d) = body.partial_content(&relaxed);
                leftovers.push(rest);
                (c, d)
            } else {
                body.content(&relaxed)
            };
            diags.extend(d);
            merge_attributes(&mut content.attributes, this.attributes, &mut diags);
            content.blocks.extend(this.blocks);
        }
        for a in &schema.attributes {
            if a.required && !content.attributes.contains_key(&a.name) {
                diags.push(Diagnostic::error(
                    "Missing required argument",
                    format!("The argument {:?} is required, but was not set.", a.name),
                ));
            }
        }
        (content, Arc::new(MergedBody(leftovers)), diags)
    }
}

fn merge_attributes(into: &mut Attributes, from: Attributes, diags: &mut Diagnostics) {
    for (name, attr) in from {
        if let Some(existing) = into.get(&name) {
            diags.push(
                Diagnostic::error(
                    "Duplicate argument",
                    format!("Argument {name:?} was already set at {}", existing.name_range),
                )
                .with_subject(attr.name_range.clone()),
            );
            continue;
        }
        into.insert(name, attr);
    }
}

impl Body for MergedBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, _, diags) = self.merged(schema, false);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Arc<dyn Body>, Diagnostics) {
        self.merged(schema, true)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut attrs = Attributes::new();
        let mut diags = Diagnostics::new();
        for body in &self.0 {
            let (these, d) = body.just_attributes();
            diags.extend(d);
            merge_attributes(&mut attrs, these, &mut diags);
        }
        (attrs, diags)
    }

    fn missing_item_range(&self) -> Range {
        match self.0.first() {
            Some(b) => b.missing_item_range(),
            None => Range { filename: "<empty>".into(), ..Range::default() },
        }
    }
}
