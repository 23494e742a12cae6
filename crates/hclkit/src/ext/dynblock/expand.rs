//! The expanding body (the reference's `expandBody` and `expandSpec`): `dynamic` blocks are
//! expanded when content is asked for, and only those of the block types the schema names.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use hclkit_value::convert::convert;
use hclkit_value::{Type, Value};

use super::iteration::{context_for, IteratedExpression, Iteration};
use super::unknown::UnknownBody;
use super::{dynamic_block_schema, spec_schema};
use crate::body::{
    abs_traversal_for_expr, expr_list, Attributes, Block, BlockHeaderSchema, Body, BodyContent, BodySchema, Expression,
};
use crate::context::EvalContext;
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::Range;

/// A body whose `dynamic` blocks are expanded on [`content`](Body::content) and
/// [`partial_content`](Body::partial_content).
pub(crate) struct ExpandBody {
    pub original: Arc<dyn Body>,
    /// The context `for_each` and `labels` are evaluated in.
    pub for_each_ctx: EvalContext,
    /// The iteration of the enclosing `dynamic` block, if any.
    pub iteration: Option<Arc<Iteration>>,
    /// What earlier partial-content calls took (re-implemented here rather than left to the
    /// original body, whose `dynamic` blocks of other types must stay visible).
    pub hidden_attrs: BTreeSet<String>,
    pub hidden_blocks: BTreeMap<String, BlockHeaderSchema>,
}

impl fmt::Debug for ExpandBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExpandBody")
            .field("original", &self.original)
            .field("iteration", &self.iteration)
            .field("hidden_attrs", &self.hidden_attrs)
            .field("hidden_blocks", &self.hidden_blocks.keys())
            .finish()
    }
}

/// A `dynamic` block's arguments, decoded.
struct ExpandSpec {
    block_type: String,
    block_type_range: Range,
    def_range: Range,
    for_each: Value,
    iterator_name: String,
    label_exprs: Vec<Arc<dyn Expression>>,
    content: Arc<dyn Body>,
}

impl ExpandBody {
    pub fn new(original: Arc<dyn Body>, ctx: EvalContext, iteration: Option<Arc<Iteration>>) -> ExpandBody {
        ExpandBody {
            original,
            for_each_ctx: ctx,
            iteration,
            hidden_attrs: BTreeSet::new(),
            hidden_blocks: BTreeMap::new(),
        }
    }

    /// The schema asked of the original body: the caller's, plus `dynamic` blocks, plus what
    /// is hidden (so that content does not report it; it is filtered out afterwards).
    fn extend_schema(&self, schema: &BodySchema) -> BodySchema {
        let mut ext = schema.clone();
        ext.blocks.push(dynamic_block_schema());
        ext.blocks.extend(self.hidden_blocks.values().cloned());
        ext.attributes.extend(
            self.hidden_attrs.iter().map(|name| crate::body::AttributeSchema { name: name.clone(), required: false }),
        );
        ext
    }

    fn prepare_attributes(&self, raw: Attributes) -> Attributes {
        raw.into_iter()
            .filter(|(name, _)| !self.hidden_attrs.contains(name))
            .map(|(name, mut attr)| match &self.iteration {
                Some(it) => {
                    attr.expr = Arc::new(IteratedExpression { wrapped: attr.expr, iteration: it.clone() });
                    (name, attr)
                }
                None => (name, attr),
            })
            .collect()
    }

    /// A generated or static block's body: expanding too, with the iteration's variables
    /// available to its `for_each` and `labels` expressions and its attributes.
    fn expand_child(&self, child: Arc<dyn Body>, it: Option<Arc<Iteration>>) -> ExpandBody {
        let ctx = context_for(it.as_deref(), Some(&self.for_each_ctx));
        ExpandBody::new(child, ctx, it)
    }

    fn expand_blocks(&self, schema: &BodySchema, raw: Vec<Block>, partial: bool) -> (Vec<Block>, Diagnostics) {
        let mut blocks = Vec::new();
        let mut diags = Diagnostics::new();
        for raw_block in raw {
            if &*raw_block.type_name != "dynamic" {
                if !self.hidden_blocks.contains_key(&*raw_block.type_name) {
                    let body = self.expand_child(raw_block.body.clone(), self.iteration.clone());
                    let mut block = raw_block;
                    block.body = Arc::new(body);
                    blocks.push(block);
                }
                continue;
            }
            let (Some(real_type), Some(type_range)) =
                (raw_block.labels.first(), raw_block.label_ranges().first().cloned())
            else {
                continue;
            };
            if self.hidden_blocks.contains_key(real_type) {
                continue;
            }
            let Some(block_s) = schema.blocks.iter().find(|b| b.type_name == *real_type) else {
                if !partial {
                    diags.push(
                        Diagnostic::error(
                            "Unsupported block type",
                            format!("Blocks of type {} are not expected here.", go_quote(real_type)),
                        )
                        .with_subject(type_range.clone()),
                    );
                }
                continue;
            };
            let (spec, spec_diags) = self.decode_spec(block_s, &raw_block, &type_range);
            let failed = spec_diags.has_errors();
            diags.extend(spec_diags);
            let Some(spec) = spec.filter(|_| !failed) else { continue };

            if spec.for_each.is_known() {
                for (key, value) in spec.for_each.iter_elements() {
                    let it = Iteration::child(self.iteration.as_ref(), &spec.iterator_name, key, value);
                    let (block, block_diags) = self.new_block(&spec, &it);
                    diags.extend(block_diags);
                    if let Some(mut block) = block {
                        block.body = Arc::new(self.expand_child(block.body, Some(it)));
                        blocks.push(block);
                    }
                }
            } else {
                // An unknown collection: one block standing for all, whose content is unknown.
                let it =
                    Iteration::child(self.iteration.as_ref(), &spec.iterator_name, Value::dynamic(), Value::dynamic());
                let (block, block_diags) = self.new_block(&spec, &it);
                diags.extend(block_diags);
                if let Some(mut block) = block {
                    let template: Arc<dyn Body> = Arc::new(self.expand_child(block.body, Some(it)));
                    block.body = Arc::new(UnknownBody { template });
                    blocks.push(block);
                }
            }
        }
        (blocks, diags)
    }

    /// Decodes a `dynamic` block's arguments; `None` (with errors) when they are unusable.
    fn decode_spec(
        &self,
        block_s: &BlockHeaderSchema,
        raw: &Block,
        type_range: &Range,
    ) -> (Option<ExpandSpec>, Diagnostics) {
        let with_labels = !block_s.label_names.is_empty();
        let (content, mut diags) = raw.body.content(&spec_schema(with_labels));
        if diags.has_errors() {
            return (None, diags);
        }
        let error = |summary: &'static str, detail: String, subject: Range| {
            Diagnostic::error(summary, detail).with_subject(subject)
        };

        // for_each
        let Some(each_attr) = content.attributes.get("for_each") else { return (None, diags) };
        let (each, each_diags) = each_attr.expr.value(Some(&self.for_each_ctx));
        diags.extend(each_diags);
        let ty = each.ty();
        let iterable = ty.is_collection() || ty.is_object() || ty.is_tuple();
        if !iterable && !ty.is_dynamic() {
            diags.push(error(
                "Invalid dynamic for_each value",
                format!("Cannot use a {} value in for_each. An iterable collection is required.", ty.friendly_name()),
                each_attr.expr.range(),
            ));
            return (None, diags);
        }
        if each.is_null() {
            diags.push(error(
                "Invalid dynamic for_each value",
                "Cannot use a null value in for_each.".into(),
                each_attr.expr.range(),
            ));
            return (None, diags);
        }

        // iterator
        let mut iterator_name = block_s.type_name.clone();
        if let Some(it_attr) = content.attributes.get("iterator") {
            let t = match abs_traversal_for_expr(&*it_attr.expr) {
                Ok(t) => t,
                Err(d) => {
                    diags.extend(d);
                    return (None, diags);
                }
            };
            if t.len() != 1 {
                let mut d = Diagnostic::error(
                    "Invalid dynamic iterator name",
                    "Dynamic iterator must be a single variable name.",
                );
                if let Some(r) = t.source_range() {
                    d = d.with_subject(r);
                }
                diags.push(d);
                return (None, diags);
            }
            iterator_name = t.root_name().unwrap_or_default().to_owned();
        }

        // labels
        let mut label_exprs = Vec::new();
        if let Some(labels_attr) = content.attributes.get("labels") {
            label_exprs = match expr_list(&*labels_attr.expr) {
                Ok(l) => l,
                Err(d) => {
                    diags.extend(d);
                    return (None, diags);
                }
            };
            let want = block_s.label_names.len();
            let detail = || format!("Blocks of type {} require {want} label(s).", go_quote(&block_s.type_name));
            if label_exprs.len() > want {
                diags.push(error("Extraneous dynamic block label", detail(), label_exprs[want].range()));
                return (None, diags);
            }
            if label_exprs.len() < want {
                diags.push(error("Insufficient dynamic block labels", detail(), labels_attr.expr.range()));
                return (None, diags);
            }
        }

        // content (the schema asks only for content blocks)
        let mut content_blocks = content.blocks.into_iter();
        let Some(first) = content_blocks.next() else {
            diags.push(error(
                "Missing dynamic content block",
                "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.".into(),
                content.missing_item_range,
            ));
            return (None, diags);
        };
        if let Some(second) = content_blocks.next() {
            diags.push(error(
                "Extraneous dynamic content block",
                "Only one nested content block is allowed for each dynamic block.".into(),
                second.def_range(),
            ));
            return (None, diags);
        }

        let spec = ExpandSpec {
            block_type: block_s.type_name.clone(),
            block_type_range: type_range.clone(),
            def_range: raw.def_range(),
            for_each: each,
            iterator_name,
            label_exprs,
            content: first.body,
        };
        (Some(spec), diags)
    }

    /// The block generated for one element: labels evaluated with the iterator, the
    /// (unexpanded) content body.
    fn new_block(&self, spec: &ExpandSpec, it: &Iteration) -> (Option<Block>, Diagnostics) {
        let mut diags = Diagnostics::new();
        let ctx = context_for(Some(it), Some(&self.for_each_ctx));
        let mut labels = Vec::with_capacity(spec.label_exprs.len());
        let mut label_ranges = Vec::with_capacity(spec.label_exprs.len());
        for expr in &spec.label_exprs {
            let (v, d) = expr.value(Some(&ctx));
            let failed = d.has_errors();
            diags.extend(d);
            if failed {
                return (None, diags);
            }
            let invalid =
                |detail: String| Diagnostic::error("Invalid dynamic block label", detail).with_subject(expr.range());
            let v = match convert(&v, &Type::String) {
                Ok(v) => v,
                Err(e) => {
                    diags.push(invalid(format!("Cannot use this value as a dynamic block label: {e}.")));
                    return (None, diags);
                }
            };
            if v.is_null() {
                diags.push(invalid("Cannot use a null value as a dynamic block label.".into()));
                return (None, diags);
            }
            if !v.is_known() {
                diags.push(invalid(
                    "This value is not yet known. Dynamic block labels must be immediately-known values.".into(),
                ));
                return (None, diags);
            }
            labels.push(v.as_str().unwrap_or_default().to_owned());
            label_ranges.push(expr.range());
        }
        let block = Block::new(
            spec.block_type.clone(),
            labels,
            spec.content.clone(),
            spec.def_range.clone(),
            spec.block_type_range.clone(),
            label_ranges,
        );
        (Some(block), diags)
    }

    fn content_of(&self, schema: &BodySchema, raw: BodyContent, partial: bool) -> (BodyContent, Diagnostics) {
        let (blocks, diags) = self.expand_blocks(schema, raw.blocks, partial);
        let content = BodyContent {
            attributes: self.prepare_attributes(raw.attributes),
            blocks,
            missing_item_range: self.original.missing_item_range(),
        };
        (content, diags)
    }
}

impl Body for ExpandBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (raw, mut diags) = self.original.content(&self.extend_schema(schema));
        let (content, more) = self.content_of(schema, raw, false);
        diags.extend(more);
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Arc<dyn Body>, Diagnostics) {
        // The original's remaining body is not used: this body's own remain keeps the whole
        // original, so that `dynamic` blocks of the types not taken stay visible.
        let (raw, _, mut diags) = self.original.partial_content(&self.extend_schema(schema));
        let (content, more) = self.content_of(schema, raw, true);
        diags.extend(more);
        let mut remain = ExpandBody::new(self.original.clone(), self.for_each_ctx.clone(), self.iteration.clone());
        remain.hidden_attrs = self.hidden_attrs.clone();
        remain.hidden_blocks = self.hidden_blocks.clone();
        remain.hidden_attrs.extend(schema.attributes.iter().map(|a| a.name.clone()));
        remain.hidden_blocks.extend(schema.blocks.iter().map(|b| (b.type_name.clone(), b.clone())));
        (content, Arc::new(remain), diags)
    }

    /// As the reference: passed straight to the original body (blocks are not allowed here,
    /// and the attributes are not wrapped with the iteration).
    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        self.original.just_attributes()
    }

    fn missing_item_range(&self) -> Range {
        self.original.missing_item_range()
    }
}
