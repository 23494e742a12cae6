//! Spec-driven decoding (the reference's `hcldec` package): a [`Spec`] tree says how a body
//! becomes a [`Value`].
//!
//! Each spec
//!
//! * contributes to the [schema](implied_schema) of the body it decodes: an `attr` spec asks
//!   for an attribute, the block specs for a block type (with the labels a `block_map` needs),
//!   and specs that work on the same body (`object`, `tuple`, `default`, `transform`) merge
//!   their children's schemas;
//! * validates what it finds (required attributes and blocks, `min_items`/`max_items`,
//!   duplicate blocks, label counts) with the reference's diagnostics;
//! * has an [implied type](implied_type), the type of its result when decoding succeeds;
//! * reports the [traversals](variables) it would evaluate, for callers that want to supply
//!   only the variables a body refers to.
//!
//! ```
//! use std::sync::Arc;
//! use hclkit::spec::{decode, Spec};
//! use hclkit::syntax::native::NativeBody;
//! use hclkit_value::{PathStep, Type, Value};
//!
//! let spec = Spec::object([
//!     ("name", Spec::attr("name", Type::String, true)),
//!     ("ports", Spec::block_list("listen", Spec::attr("port", Type::Number, false), 0, 0)),
//! ]);
//! let (file, _) = hclkit::parse_config(b"name = \"web\"\nlisten { port = 80 }\n".as_slice(), "a.hcl");
//! let (value, diags) = decode(&NativeBody::from_file(&file), &spec, None);
//! assert!(diags.is_empty());
//! assert_eq!(value.get_attr("name"), Some(&Value::string("web")));
//! assert_eq!(
//!     value.get_attr("ports"),
//!     Some(&Value::list(vec![Value::number(80)]).unwrap())
//! );
//! ```

mod decode;
pub mod run;
mod schema;
mod source_range;
pub mod specfile;
mod variables;

pub use decode::decode;
pub use schema::{implied_schema, implied_type};
pub use source_range::{source_range, value_source_range};
pub use variables::variables;

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit_value::{Type, Value};

use crate::body::Expression;
use crate::context::EvalContext;

/// A decoding specification (the reference's `hcldec.Spec` implementations).
#[derive(Clone, Debug)]
pub enum Spec {
    /// An object whose attributes are the results of the named specs, all decoded from the
    /// same body.
    Object(BTreeMap<String, Spec>),
    /// A tuple of the results of the specs, all decoded from the same body (`array` in spec
    /// files).
    Tuple(Vec<Spec>),
    /// An attribute's value, converted to a type.
    Attr(AttrSpec),
    /// A constant value; the body is not looked at.
    Literal(Value),
    /// At most one block of a type (exactly one if required), decoded with a nested spec;
    /// null when absent.
    Block(BlockSpec),
    /// Every block of a type, each decoded with a nested spec, as a list.
    BlockList(BlockListSpec),
    /// Every block of a type, each decoded with a nested spec, as a set.
    BlockSet(BlockListSpec),
    /// Every block of a type, as nested maps keyed by the blocks' labels.
    BlockMap(BlockMapSpec),
    /// One block whose attributes become a map of an element type.
    BlockAttrs(BlockAttrsSpec),
    /// The primary spec's result, or the default's when the primary's is null.
    Default(Arc<Spec>, Arc<Spec>),
    /// An expression evaluated on the wrapped spec's result.
    Transform(TransformSpec),
}

/// An `attr` spec (the reference's `AttrSpec`).
#[derive(Clone, Debug)]
pub struct AttrSpec {
    /// The attribute name in the body.
    pub name: String,
    /// The type the value is converted to.
    pub ty: Type,
    /// Whether a body without the attribute is an error.
    pub required: bool,
}

/// A `block` spec (the reference's `BlockSpec`).
#[derive(Clone, Debug)]
pub struct BlockSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The spec applied to the block's body.
    pub nested: Arc<Spec>,
    /// Whether a body without the block is an error.
    pub required: bool,
}

/// A `block_list` or `block_set` spec (the reference's `BlockListSpec`, `BlockSetSpec`).
#[derive(Clone, Debug)]
pub struct BlockListSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The spec applied to each block's body.
    pub nested: Arc<Spec>,
    /// The fewest blocks allowed.
    pub min_items: usize,
    /// The most blocks allowed (0: no limit).
    pub max_items: usize,
}

/// A `block_map` spec (the reference's `BlockMapSpec`).
#[derive(Clone, Debug)]
pub struct BlockMapSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The label names: one level of map per label.
    pub labels: Vec<String>,
    /// The spec applied to each block's body.
    pub nested: Arc<Spec>,
}

/// A `block_attrs` spec (the reference's `BlockAttrsSpec`).
#[derive(Clone, Debug)]
pub struct BlockAttrsSpec {
    /// The block type in the body.
    pub type_name: String,
    /// The type each attribute's value is converted to.
    pub element_type: Type,
    /// Whether a body without the block is an error.
    pub required: bool,
}

/// A `transform` spec (the reference's `TransformExprSpec`).
#[derive(Clone, Debug)]
pub struct TransformSpec {
    /// The spec whose result is transformed.
    pub wrapped: Arc<Spec>,
    /// The expression computing the result.
    pub expr: Arc<dyn Expression>,
    /// The variables and functions the expression sees (besides `var_name`).
    pub ctx: EvalContext,
    /// The name under which the expression sees the wrapped spec's result.
    pub var_name: String,
}

impl Spec {
    /// An `object` spec from (name, spec) pairs.
    pub fn object<K: Into<String>>(items: impl IntoIterator<Item = (K, Spec)>) -> Spec {
        Spec::Object(items.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// An `attr` spec.
    pub fn attr(name: impl Into<String>, ty: Type, required: bool) -> Spec {
        Spec::Attr(AttrSpec { name: name.into(), ty, required })
    }

    /// A `block` spec.
    pub fn block(type_name: impl Into<String>, nested: Spec, required: bool) -> Spec {
        Spec::Block(BlockSpec { type_name: type_name.into(), nested: Arc::new(nested), required })
    }

    /// A `block_list` spec.
    pub fn block_list(type_name: impl Into<String>, nested: Spec, min_items: usize, max_items: usize) -> Spec {
        Spec::BlockList(BlockListSpec { type_name: type_name.into(), nested: Arc::new(nested), min_items, max_items })
    }

    /// A `block_set` spec.
    pub fn block_set(type_name: impl Into<String>, nested: Spec, min_items: usize, max_items: usize) -> Spec {
        Spec::BlockSet(BlockListSpec { type_name: type_name.into(), nested: Arc::new(nested), min_items, max_items })
    }

    /// A `block_map` spec.
    pub fn block_map(type_name: impl Into<String>, labels: Vec<String>, nested: Spec) -> Spec {
        Spec::BlockMap(BlockMapSpec { type_name: type_name.into(), labels, nested: Arc::new(nested) })
    }

    /// The specs decoded from the same body as this one (the reference's
    /// `visitSameBodyChildren`).
    fn same_body_children(&self) -> Vec<&Spec> {
        match self {
            Spec::Object(items) => items.values().collect(),
            Spec::Tuple(items) => items.iter().collect(),
            Spec::Default(primary, default) => vec![primary, default],
            Spec::Transform(t) => vec![&t.wrapped],
            _ => Vec::new(),
        }
    }

    /// The block type this spec takes from its body, if it is a block spec.
    fn block_type(&self) -> Option<&str> {
        match self {
            Spec::Block(b) => Some(&b.type_name),
            Spec::BlockList(b) | Spec::BlockSet(b) => Some(&b.type_name),
            Spec::BlockMap(b) => Some(&b.type_name),
            Spec::BlockAttrs(b) => Some(&b.type_name),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
