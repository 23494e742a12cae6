//! `dynamic` blocks (the reference's `ext/dynblock`): nested blocks generated from a
//! collection.
//!
//! ```hcl
//! network {
//!   dynamic "port" {
//!     for_each = local.ports            # any collection or structural value
//!     iterator = p                      # optional; the default is the block type, "port"
//!     labels   = [p.value.port_label]   # the generated block's labels
//!     content {                         # the generated block's body
//!       to = p.value.port
//!     }
//!   }
//! }
//! ```
//!
//! [`expand`] wraps a body so that, when an application asks for its content, each `dynamic
//! "T"` block of a block type `T` the schema expects is replaced by one `T` block per element
//! of `for_each`. The iterator variable (`p` above) is an object with `key` (the element's
//! index, map key, or for sets the element itself) and `value`; it is visible in `labels` and
//! inside `content`, including in nested `dynamic` blocks, which may use the iterators of the
//! blocks around them. Expressions of generated blocks evaluate in a child of the caller's
//! context that adds the iterator variables.
//!
//! When `for_each` is unknown, one block is generated whose body [is
//! unknown](crate::body::Body::is_unknown): its attributes are the dynamic value.
//!
//! Errors use the reference's wording: "Invalid dynamic for_each value", "Invalid dynamic
//! iterator name", "Extraneous dynamic block label", "Insufficient dynamic block labels",
//! "Invalid dynamic block label", "Missing dynamic content block", "Extraneous dynamic content
//! block", and the body's own ("Missing required argument" for a missing `for_each`).
//!
//! ```
//! use std::sync::Arc;
//! use hclkit::body::{Body, BodySchema};
//! use hclkit::eval::EvalContext;
//! use hclkit::ext::dynblock;
//! use hclkit::syntax::native::NativeBody;
//! use hclkit_value::Value;
//!
//! let src = br#"
//! dynamic "port" {
//!   for_each = ports
//!   labels   = [port.key]
//!   content { to = port.value }
//! }
//! "#;
//! let file = hclkit::parse_config(src.as_slice(), "main.hcl").into_value();
//! let ctx = EvalContext::new().with_variable(
//!     "ports",
//!     Value::object(vec![("api", Value::number(80)), ("ui", Value::number(8080))]),
//! );
//! let body = dynblock::expand(NativeBody::arc_from_file(&file), &ctx);
//! let (content, diags) = body.content(&BodySchema::new().block("port", &["name"]));
//! assert!(diags.is_empty());
//! assert_eq!(content.blocks.len(), 2);
//! assert_eq!(content.blocks[1].labels, ["ui"]);
//! let (inner, _) = content.blocks[1].body.content(&BodySchema::new().attribute("to", true));
//! // The attribute's expression provides the iterator itself: any context will do.
//! let (to, _) = inner.attributes["to"].expr.value(Some(&EvalContext::new()));
//! assert_eq!(to, Value::number(8080));
//! ```
//!
//! The variables a body needs, `dynamic` blocks included, are found by [`variables`] (or,
//! level by level, [`walk_variables`]).

mod expand;
mod iteration;
mod unknown;
mod variables;

use std::sync::Arc;

pub use variables::{
    expand_variables, variables, walk_expand_variables, walk_variables, NestedSchema, VariablesSchema,
    WalkVariablesChild, WalkVariablesNode,
};

use crate::body::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
use crate::context::EvalContext;

/// `body` with its `dynamic` blocks expanded (the reference's `dynblock.Expand`).
///
/// `ctx` is the context `for_each` and `labels` are evaluated in (with the iterators added).
/// Nothing is evaluated here: blocks are expanded when content is asked for, and only those of
/// the block types asked for, so this reports no diagnostics. Nested blocks, static or
/// generated, are expanded too.
///
/// [`just_attributes`](Body::just_attributes) passes through to `body`, as in the reference:
/// attributes read that way, even inside a generated block, are not given the iterator.
///
/// ```
/// use hclkit::body::{Body, BodySchema};
/// use hclkit::eval::EvalContext;
/// use hclkit::ext::dynblock;
/// use hclkit::syntax::native::NativeBody;
/// use hclkit_value::{Type, Value};
///
/// let src = b"dynamic \"rule\" {\n  for_each = rules\n  content { port = rule.value }\n}\nrule { port = 22 }\n";
/// let file = hclkit::parse_config(src.as_slice(), "main.hcl").into_value();
/// let schema = BodySchema::new().block("rule", &[]);
///
/// // The generated blocks take the place of the `dynamic` block.
/// let ctx = EvalContext::new().with_variable("rules", Value::list(vec![Value::number(80)]).unwrap());
/// let (content, diags) = dynblock::expand(NativeBody::arc_from_file(&file), &ctx).content(&schema);
/// assert!(diags.is_empty());
/// let ports: Vec<Value> = content
///     .blocks
///     .iter()
///     .map(|b| {
///         let (inner, _) = b.body.content(&BodySchema::new().attribute("port", true));
///         inner.attributes["port"].expr.value(Some(&ctx)).0
///     })
///     .collect();
/// assert_eq!(ports, [Value::number(80), Value::number(22)]);
///
/// // An unknown `for_each` gives one block whose body is unknown.
/// let ctx = EvalContext::new().with_variable("rules", Value::unknown(Type::list(Type::Number)));
/// let (content, _) = dynblock::expand(NativeBody::arc_from_file(&file), &ctx).content(&schema);
/// assert!(content.blocks.iter().any(|b| b.body.is_unknown()));
///
/// // Without expansion, `dynamic` is just an unexpected block type.
/// let (_, diags) = NativeBody::from_file(&file).content(&schema);
/// assert_eq!(diags[0].summary, "Unsupported block type");
/// ```
pub fn expand(body: Arc<dyn Body>, ctx: &EvalContext) -> Arc<dyn Body> {
    Arc::new(expand::ExpandBody::new(body, ctx.clone(), None))
}

/// The `dynamic "TYPE"` block header.
fn dynamic_block_schema() -> BlockHeaderSchema {
    BlockHeaderSchema { type_name: "dynamic".into(), label_names: vec!["type".into()] }
}

/// The schema of a `dynamic` block's body: `labels` is required for block types with labels
/// (and unexpected for the others).
fn spec_schema(with_labels: bool) -> BodySchema {
    let mut s = BodySchema::new().attribute("for_each", true).attribute("iterator", false);
    if with_labels {
        s = s.attribute("labels", true);
    }
    s.block("content", &[])
}

/// The relaxed schema variable detection reads `dynamic` blocks with.
fn detection_schema() -> BodySchema {
    BodySchema {
        attributes: ["for_each", "labels", "iterator"]
            .iter()
            .map(|n| AttributeSchema { name: (*n).into(), required: false })
            .collect(),
        blocks: vec![BlockHeaderSchema { type_name: "content".into(), label_names: Vec::new() }],
    }
}
