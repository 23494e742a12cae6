//! The variables a body refers to, `dynamic` blocks included (the reference's
//! `dynblock.WalkVariables` and `VariablesHCLDec`): `for_each` and `labels` expressions and
//! the contents of generated blocks, without the iterator variables they define.

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit_value::Value;

use super::iteration::Iteration;
use super::{detection_schema, dynamic_block_schema};
use crate::body::{abs_traversal_for_expr, Body, BodySchema};
use crate::traversal::Traversal;

/// One body in a walk through a configuration's nested blocks (the reference's
/// `WalkVariablesNode`). The caller supplies each level's schema to [`visit`](Self::visit),
/// which returns that level's variables and the nested bodies to visit next.
#[derive(Clone, Debug)]
pub struct WalkVariablesNode {
    body: Arc<dyn Body>,
    iteration: Option<Arc<Iteration>>,
    include_content: bool,
}

/// A nested body to visit: a block's, or a `dynamic` block's `content` (the reference's
/// `WalkVariablesChild`).
#[derive(Clone, Debug)]
pub struct WalkVariablesChild {
    /// The type of the block (for a `dynamic` block, of the blocks it generates): what the
    /// caller chooses the child's schema by.
    pub block_type: String,
    /// The node to visit.
    pub node: WalkVariablesNode,
}

impl WalkVariablesChild {
    /// The child's body, for callers that choose a schema by looking at it.
    pub fn body(&self) -> &Arc<dyn Body> {
        &self.node.body
    }
}

/// Starts a walk collecting every variable `body` refers to: in attributes, `for_each` and
/// `labels`, and nested blocks' contents.
pub fn walk_variables(body: Arc<dyn Body>) -> WalkVariablesNode {
    WalkVariablesNode { body, iteration: None, include_content: true }
}

/// Starts a walk collecting only the variables needed to expand `dynamic` blocks (`for_each`
/// and `labels`), not those of the blocks' contents (the reference's `WalkExpandVariables`).
pub fn walk_expand_variables(body: Arc<dyn Body>) -> WalkVariablesNode {
    WalkVariablesNode { body, iteration: None, include_content: false }
}

impl WalkVariablesNode {
    /// The variables of this level under `schema` (attributes in name order, then those of
    /// `dynamic` blocks in source order), and the nested bodies to visit.
    ///
    /// References to the iterators of enclosing `dynamic` blocks are left out; so are a
    /// `dynamic` block's own iterator in its `labels` (not in its `for_each`, where it is not
    /// defined). Invalid `dynamic` blocks are read as far as possible.
    pub fn visit(&self, schema: &BodySchema) -> (Vec<Traversal>, Vec<WalkVariablesChild>) {
        let mut ext = schema.clone();
        ext.blocks.push(dynamic_block_schema());
        let (container, _, _) = self.body.partial_content(&ext);
        let mut vars = Vec::new();
        let mut children = Vec::with_capacity(container.blocks.len());
        let defined = |it: Option<&Iteration>, name: Option<&str>| match (it, name) {
            (Some(it), Some(n)) => it.defines(n),
            _ => false,
        };

        if self.include_content {
            for attr in container.attributes.values() {
                vars.extend(
                    attr.expr.variables().into_iter().filter(|t| !defined(self.iteration.as_deref(), t.root_name())),
                );
            }
        }

        for block in container.blocks {
            if &*block.type_name != "dynamic" {
                children.push(WalkVariablesChild {
                    block_type: block.type_name.to_string(),
                    node: WalkVariablesNode { body: block.body, ..self.clone() },
                });
                continue;
            }
            let Some(block_type) = block.labels.first() else { continue };
            let (inner, _, _) = block.body.partial_content(&detection_schema());
            let mut iterator_name = block_type.clone();
            if let Some(attr) = inner.attributes.get("iterator") {
                // An invalid iterator is reported when the block is expanded.
                match abs_traversal_for_expr(&*attr.expr).ok().and_then(|t| t.root_name().map(str::to_owned)) {
                    Some(name) => iterator_name = name,
                    None => continue,
                }
            }
            let it = Iteration::child(self.iteration.as_ref(), &iterator_name, Value::dynamic(), Value::dynamic());
            if let Some(attr) = inner.attributes.get("for_each") {
                let inherited = |n: Option<&str>| n.is_some_and(|n| it.inherited.contains_key(n));
                vars.extend(attr.expr.variables().into_iter().filter(|t| !inherited(t.root_name())));
            }
            if let Some(attr) = inner.attributes.get("labels") {
                vars.extend(attr.expr.variables().into_iter().filter(|t| !defined(Some(&it), t.root_name())));
            }
            // Expansion requires exactly one content block; every one is walked here.
            for content in inner.blocks {
                children.push(WalkVariablesChild {
                    block_type: block_type.clone(),
                    node: WalkVariablesNode {
                        body: content.body,
                        iteration: Some(it.clone()),
                        include_content: self.include_content,
                    },
                });
            }
        }
        (vars, children)
    }
}

/// A schema for every level of a configuration: what [`variables`] walks by. Implemented by
/// [`NestedSchema`]; a spec-driven decoder implements it for its specs (the body schema a
/// spec implies, and the spec of each nested block type).
pub trait VariablesSchema {
    /// The schema of this level's body.
    fn body_schema(&self) -> BodySchema;
    /// The schema of the bodies of blocks of type `block_type`, if such blocks are decoded.
    fn child(&self, block_type: &str) -> Option<&Self>;
}

/// A body schema with the schemas of its nested block types.
#[derive(Clone, Debug, Default)]
pub struct NestedSchema {
    /// This level's schema.
    pub schema: BodySchema,
    /// The schemas of nested blocks' bodies, by block type. A block type the schema expects
    /// but missing here is not walked into.
    pub children: BTreeMap<String, NestedSchema>,
}

impl NestedSchema {
    /// A schema without nested levels.
    pub fn new(schema: BodySchema) -> NestedSchema {
        NestedSchema { schema, children: BTreeMap::new() }
    }

    /// Adds the schema of blocks of type `block_type`, whose header (with `label_names`) is
    /// added to this level's schema.
    pub fn child(mut self, block_type: &str, label_names: &[&str], nested: NestedSchema) -> NestedSchema {
        self.schema = self.schema.block(block_type, label_names);
        self.children.insert(block_type.to_owned(), nested);
        self
    }
}

impl VariablesSchema for NestedSchema {
    fn body_schema(&self) -> BodySchema {
        self.schema.clone()
    }
    fn child(&self, block_type: &str) -> Option<&NestedSchema> {
        self.children.get(block_type)
    }
}

/// Every variable `body` refers to under `schema`, `dynamic` blocks included (the
/// reference's `VariablesHCLDec`, for any [`VariablesSchema`]).
///
/// ```
/// use hclkit::body::BodySchema;
/// use hclkit::ext::dynblock::{variables, NestedSchema};
/// use hclkit::syntax::native::NativeBody;
///
/// let src = br#"
/// name = var.name
/// dynamic "rule" {
///   for_each = var.rules
///   iterator = r
///   content { port = r.value + offset }
/// }
/// "#;
/// let file = hclkit::parse_config(src.as_slice(), "main.hcl").into_value();
/// let schema = NestedSchema::new(BodySchema::new().attribute("name", false)).child(
///     "rule",
///     &[],
///     NestedSchema::new(BodySchema::new().attribute("port", false)),
/// );
/// let vars: Vec<String> =
///     variables(NativeBody::arc_from_file(&file), &schema).iter().map(|t| t.to_string()).collect();
/// assert_eq!(vars, ["var.name", "var.rules", "offset"]);
/// ```
pub fn variables<S: VariablesSchema + ?Sized>(body: Arc<dyn Body>, schema: &S) -> Vec<Traversal> {
    walk_with(walk_variables(body), schema)
}

/// The variables needed only to expand `body`'s `dynamic` blocks under `schema` (the
/// reference's `ExpandVariablesHCLDec`).
pub fn expand_variables<S: VariablesSchema + ?Sized>(body: Arc<dyn Body>, schema: &S) -> Vec<Traversal> {
    walk_with(walk_expand_variables(body), schema)
}

fn walk_with<S: VariablesSchema + ?Sized>(node: WalkVariablesNode, schema: &S) -> Vec<Traversal> {
    // Iterative, as bodies nest as deep as the parser allows.
    let mut out = Vec::new();
    let mut stack = vec![(node, schema)];
    while let Some((node, schema)) = stack.pop() {
        let (vars, children) = node.visit(&schema.body_schema());
        out.extend(vars);
        let mut next: Vec<_> =
            children.into_iter().filter_map(|c| schema.child(&c.block_type).map(|s| (c.node, s))).collect();
        next.reverse();
        stack.extend(next);
    }
    out
}
