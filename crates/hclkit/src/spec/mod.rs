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
//! let file = hclkit::parse_config(b"name = \"web\"\nlisten { port = 80 }\n".as_slice(), "a.hcl").into_value();
//! let (value, diags) = decode(&NativeBody::from_file(&file), &spec, None);
//! assert!(diags.is_empty());
//! assert_eq!(value.get_attr("name"), Some(&Value::string("web")));
//! assert_eq!(
//!     value.get_attr("ports"),
//!     Some(&Value::list(vec![Value::number(80)]).unwrap())
//! );
//! ```

pub mod run;
pub mod specfile;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use hclkit_value::convert::{convert, unify_values_unsafe, unify_with_conversions};
use hclkit_value::{Path, PathStep, Type, Value};

use crate::body::{Block, Body, BodyContent, BodySchema, Expression};
use crate::context::EvalContext;
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::traversal::Traversal;

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

/// The schema of the body a spec decodes (the reference's `hcldec.ImpliedSchema`): the
/// attributes and block types of the spec and of every spec decoding the same body.
pub fn implied_schema(spec: &Spec) -> BodySchema {
    let mut schema = BodySchema::new();
    collect_schema(spec, &mut schema);
    schema
}

fn collect_schema(spec: &Spec, schema: &mut BodySchema) {
    // As the reference's visitor: a spec's own attribute and block schemata (a `default`
    // passes on its children's), then those of every spec decoding the same body. A
    // `default`'s attributes are therefore asked for twice, as in the reference.
    attr_schemata(spec, schema);
    block_schemata(spec, schema);
    for child in spec.same_body_children() {
        collect_schema(child, schema);
    }
}

fn attr_schemata(spec: &Spec, schema: &mut BodySchema) {
    match spec {
        Spec::Attr(a) => {
            schema.attributes.push(crate::body::AttributeSchema { name: a.name.clone(), required: a.required })
        }
        Spec::Default(primary, default) => {
            attr_schemata(primary, schema);
            attr_schemata(default, schema);
        }
        _ => {}
    }
}

fn block_schemata(spec: &Spec, schema: &mut BodySchema) {
    match spec {
        Spec::Default(primary, _) => block_schemata(primary, schema),
        _ => {
            if let Some(t) = spec.block_type() {
                push_block(schema, spec, t);
            }
        }
    }
}

fn push_block(schema: &mut BodySchema, spec: &Spec, type_name: &str) {
    let label_names = match spec {
        Spec::BlockMap(m) => m.labels.clone(),
        _ => Vec::new(),
    };
    schema.blocks.push(crate::body::BlockHeaderSchema { type_name: type_name.to_owned(), label_names });
}

/// The type of the value the spec produces (the reference's `hcldec.ImpliedType`).
pub fn implied_type(spec: &Spec) -> Type {
    match spec {
        Spec::Object(items) => Type::object(items.iter().map(|(k, s)| (k.clone(), implied_type(s)))),
        Spec::Tuple(items) => Type::tuple(items.iter().map(implied_type)),
        Spec::Attr(a) => a.ty.clone(),
        Spec::Literal(v) => v.ty(),
        Spec::Block(b) => implied_type(&b.nested),
        Spec::BlockList(b) => Type::list(implied_type(&b.nested)),
        Spec::BlockSet(b) => Type::set(implied_type(&b.nested)),
        Spec::BlockMap(m) => {
            let mut ty = implied_type(&m.nested);
            for _ in &m.labels {
                ty = Type::map(ty);
            }
            ty
        }
        Spec::BlockAttrs(a) => Type::map(a.element_type.clone()),
        Spec::Default(primary, _) => implied_type(primary),
        Spec::Transform(t) => {
            let ctx = t.ctx.child().with_variable(t.var_name.clone(), Value::unknown(implied_type(&t.wrapped)));
            t.expr.value(Some(&ctx)).0.ty()
        }
    }
}

/// One decode's state: the evaluation context; the schemas of the nested specs met, each
/// built once per decode rather than once per block (a `block` spec in a `block_list` of a
/// thousand blocks, blocks nested in blocks); and for each `object` spec the type of the last
/// object it made, which the next one of the same shape shares (with its attribute names)
/// rather than building its own. The keys are the addresses of specs in the tree being
/// decoded, which the decode borrows throughout, so they stand for one spec each.
struct Dec<'c> {
    ctx: Option<&'c EvalContext>,
    schemas: RefCell<HashMap<*const Spec, Rc<BodySchema>, ByAddress>>,
    object_types: RefCell<HashMap<*const BTreeMap<String, Spec>, Type, ByAddress>>,
}

impl<'c> Dec<'c> {
    fn new(ctx: Option<&'c EvalContext>) -> Dec<'c> {
        Dec { ctx, schemas: RefCell::default(), object_types: RefCell::default() }
    }

    /// The implied schema of `spec`, built on first use.
    fn schema(&self, spec: &Spec) -> Rc<BodySchema> {
        let key = spec as *const Spec;
        if let Some(s) = self.schemas.borrow().get(&key) {
            return s.clone();
        }
        let s = Rc::new(implied_schema(spec));
        self.schemas.borrow_mut().insert(key, s.clone());
        s
    }
}

/// Hashing of addresses for [`Dec`]'s tables: the address itself (specs are not attacker-placed
/// in memory, and a table holds one entry per spec of one spec tree).
type ByAddress = std::hash::BuildHasherDefault<AddressHasher>;

/// See [`ByAddress`].
#[derive(Default)]
struct AddressHasher(u64);

impl std::hash::Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_usize(&mut self, n: usize) {
        // Specs are at least 8-byte aligned; mix the rest so the table's buckets spread.
        self.0 = (n as u64 >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Decodes a body with a spec (the reference's `hcldec.Decode`): the body's content under
/// the spec's [schema](implied_schema) (anything else in the body is an error), then the
/// spec's value.
pub fn decode(body: &dyn Body, spec: &Spec, ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
    decode_body(body, spec, &Dec::new(ctx))
}

fn decode_body(body: &dyn Body, spec: &Spec, dx: &Dec<'_>) -> (Value, Diagnostics) {
    decode_body_with(body, spec, &dx.schema(spec), dx)
}

/// As [`decode_body`] with the spec's implied schema already built (once for all the blocks
/// of a `block_list`, `block_set` or `block_map`).
fn decode_body_with(body: &dyn Body, spec: &Spec, schema: &BodySchema, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let (content, mut diags) = body.content(schema);
    let (value, more) = decode_content(spec, &content, dx);
    diags.extend(more);
    (value, diags)
}

/// Decodes `content` by `spec`. Each kind of spec has a function of its own, so the frames
/// on the path of nested block specs stay small (a spec nested as deep as the parser allows
/// decodes on a 2 MiB stack even in an unoptimised build).
fn decode_content(spec: &Spec, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    match spec {
        Spec::Object(items) => decode_object(items, content, dx),
        Spec::Tuple(items) => decode_tuple(items, content, dx),
        Spec::Attr(a) => decode_attr(a, content, dx),
        Spec::Literal(v) => (v.clone(), Diagnostics::new()),
        Spec::Block(b) => decode_block(b, content, dx),
        Spec::BlockList(b) | Spec::BlockSet(b) => {
            let is_set = matches!(spec, Spec::BlockSet(_));
            let (v, d) = decode_block_list(b, is_set, content, dx);
            (v.unwrap_or_else(|| Value::unknown(implied_type(spec))), d)
        }
        Spec::BlockMap(m) => {
            let (v, d) = decode_block_map(m, content, dx);
            (v.unwrap_or_else(|| Value::unknown(implied_type(spec))), d)
        }
        Spec::BlockAttrs(a) => decode_block_attrs(a, content, dx),
        Spec::Default(primary, default) => decode_default(primary, default, content, dx),
        Spec::Transform(t) => decode_transform(spec, t, content, dx),
    }
}

#[inline(never)]
fn decode_object(items: &BTreeMap<String, Spec>, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut vals = Vec::with_capacity(items.len());
    for s in items.values() {
        let (v, d) = decode_content(s, content, dx);
        diags.extend(d);
        vals.push(v);
    }
    let key = items as *const BTreeMap<String, Spec>;
    // The type of the last object of this spec, if it had the same attribute types.
    let last = dx.object_types.borrow().get(&key).cloned();
    let vals = match last {
        Some(ty) => match Value::object_of_type(&ty, vals) {
            Ok(v) => return (v, diags),
            Err(vals) => vals,
        },
        None => vals,
    };
    let v = Value::object(items.keys().map(String::as_str).zip(vals));
    // Kept only when its attributes are the spec's names in the spec's order (not so if
    // normalising a name changed the order or merged two), so that a later object's values,
    // in the spec's order, fall to the right attributes.
    let ty = v.ty();
    if ty.object_type().is_some_and(|o| o.attributes().iter().map(|(n, _)| &**n).eq(items.keys().map(String::as_str))) {
        dx.object_types.borrow_mut().insert(key, ty);
    }
    (v, diags)
}

#[inline(never)]
fn decode_tuple(items: &[Spec], content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut elems = Vec::with_capacity(items.len());
    for s in items {
        let (v, d) = decode_content(s, content, dx);
        diags.extend(d);
        elems.push(v);
    }
    (Value::tuple(elems), diags)
}

#[inline(never)]
fn decode_attr(a: &AttrSpec, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::new();
    let Some(attr) = content.attributes.get(&a.name) else {
        return (Value::null(a.ty.clone()), diags);
    };
    let (v, d) = attr.expr.value(dx.ctx);
    diags.extend(d);
    let v = match convert(&v, &a.ty) {
        Ok(v) => v,
        Err(e) => {
            diags.push(
                Diagnostic::error(
                    "Incorrect attribute value type",
                    format!("Inappropriate value for attribute {}: {}.", go_quote(&a.name), e),
                )
                .with_subject(attr.expr.range())
                .with_context(Range::between(&attr.name_range(), &attr.expr.range())),
            );
            Value::unknown(a.ty.clone())
        }
    };
    (v, diags)
}

#[inline(never)]
fn decode_block(b: &BlockSpec, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::new();
    let block = match single_block(b, content, &mut diags) {
        Some(block) => block,
        None => return (Value::null(implied_type(&b.nested)), diags),
    };
    let (v, d) = decode_body(&*block.body, &b.nested, dx);
    diags.extend(d);
    (v, diags)
}

/// The one block a `block` spec decodes (the first, with a diagnostic for a second), or
/// `None` (with a diagnostic if it is required) when there is none.
#[inline(never)]
fn single_block<'c>(b: &'c BlockSpec, content: &'c BodyContent, diags: &mut Diagnostics) -> Option<&'c Block> {
    let mut found: Option<&Block> = None;
    for candidate in content.blocks_of_type(&b.type_name) {
        if let Some(first) = found {
            diags.push(duplicate_block(&b.type_name, first, candidate));
            break;
        }
        found = Some(candidate);
    }
    if found.is_none() && b.required {
        diags.push(missing_block(&b.type_name, content));
    }
    found
}

#[inline(never)]
fn decode_default(primary: &Spec, default: &Spec, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let (mut v, mut diags) = decode_content(primary, content, dx);
    if v.is_null() {
        let (dv, d) = decode_content(default, content, dx);
        diags.extend(d);
        v = dv;
    }
    (v, diags)
}

#[inline(never)]
fn decode_transform(spec: &Spec, t: &TransformSpec, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let (v, mut diags) = decode_content(&t.wrapped, content, dx);
    if diags.has_errors() {
        return (Value::unknown(implied_type(spec)), diags);
    }
    let tctx = t.ctx.child().with_variable(t.var_name.clone(), v);
    let (v, d) = t.expr.value(Some(&tctx));
    diags.extend(d);
    (v, diags)
}

fn duplicate_block(type_name: &str, first: &Block, again: &Block) -> Diagnostic {
    Diagnostic::error(
        format!("Duplicate {type_name} block"),
        format!(
            "Only one block of type {} is allowed. Previous definition was at {}.",
            go_quote(type_name),
            first.def_range()
        ),
    )
    .with_subject(again.def_range())
}

fn missing_block(type_name: &str, content: &BodyContent) -> Diagnostic {
    Diagnostic::error(
        format!("Missing {type_name} block"),
        format!("A block of type {} is required here.", go_quote(type_name)),
    )
    .with_subject(content.missing_item_range.clone())
}

/// A `block_list` or `block_set`; `None` (an unknown value) when a block's body is unknown
/// (generated by a `dynamic` block with an unknown `for_each`), as the reference's
/// `UnknownBody` check does, after that block's diagnostics.
fn decode_block_list(
    b: &BlockListSpec,
    is_set: bool,
    content: &BodyContent,
    dx: &Dec<'_>,
) -> (Option<Value>, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut elems = Vec::with_capacity(content.blocks_of_type(&b.type_name).count());
    let mut schema = None;
    for block in content.blocks_of_type(&b.type_name) {
        let schema = schema.get_or_insert_with(|| dx.schema(&b.nested));
        let (v, d) = decode_body_with(&*block.body, &b.nested, schema, dx);
        diags.extend(d);
        if block.body.is_unknown() {
            return (None, diags);
        }
        elems.push(v);
    }
    // The source range of the block whose value is element `i` (a partial content of it),
    // only worked out for a diagnostic that needs one.
    let range = |i: usize| {
        content
            .blocks_of_type(&b.type_name)
            .nth(i)
            .map(|block| source_range(&*block.body, &b.nested))
            .unwrap_or_default()
    };
    let v = block_list_value(b, is_set, content, elems, &range, &mut diags);
    (Some(v), diags)
}

/// The value of a `block_list` or `block_set` from its blocks' values: checked for the
/// number of blocks and made of one element type.
#[inline(never)]
fn block_list_value(
    b: &BlockListSpec,
    is_set: bool,
    content: &BodyContent,
    mut elems: Vec<Value>,
    range: &dyn Fn(usize) -> Range,
    diags: &mut Diagnostics,
) -> Value {
    if elems.len() < b.min_items {
        diags.push(
            Diagnostic::error(
                format!("Insufficient {} blocks", b.type_name),
                format!("At least {} {} blocks are required.", b.min_items, go_quote(&b.type_name)),
            )
            .with_subject(content.missing_item_range.clone()),
        );
    } else if b.max_items > 0 && elems.len() > b.max_items {
        diags.push(
            Diagnostic::error(
                format!("Too many {} blocks", b.type_name),
                format!("No more than {} {} blocks are allowed", b.max_items, go_quote(&b.type_name)),
            )
            .with_subject(range(b.max_items)),
        );
    }
    let ety = implied_type(&b.nested);
    if elems.is_empty() {
        return if is_set { Value::empty_set(ety) } else { Value::empty_list(ety) };
    }
    let inconsistent = |detail: String, subject: Range| {
        Diagnostic::error(format!("Unconsistent argument types in {} blocks", b.type_name), detail)
            .with_subject(subject)
    };
    // Values all of one type (the usual case) need no conversion if two of that type need
    // none, and then no vectors of a type and a conversion per block are built.
    let first = elems[0].ty();
    let uniform = elems.len() > 1
        && elems[1..].iter().all(|e| e.ty() == first)
        && matches!(unify_with_conversions(&[first.clone(), first], true), Some((_, c)) if c.iter().all(Option::is_none));
    if !uniform {
        let types: Vec<Type> = elems.iter().map(Value::ty).collect();
        let Some((_, convs)) = unify_with_conversions(&types, true) else {
            diags.push(inconsistent(
                "Corresponding attributes in all blocks of this type must be the same.".to_owned(),
                range(0),
            ));
            return Value::dynamic();
        };
        for (i, conv) in convs.iter().enumerate() {
            if let Some(conv) = conv {
                match conv.apply(&elems[i]) {
                    Ok(v) => elems[i] = v,
                    Err(e) => {
                        diags.push(inconsistent(
                            format!("Block with index {i} has inconsistent argument types: {e}."),
                            range(i),
                        ));
                        return Value::dynamic();
                    }
                }
            }
        }
    }
    let built = if is_set { Value::set(elems) } else { Value::list(elems) };
    match built {
        Ok(v) => v,
        Err(e) => {
            diags.push(inconsistent(
                format!("Corresponding attributes in all blocks of this type must be the same: {e}."),
                range(0),
            ));
            Value::dynamic()
        }
    }
}

/// A level of a `block_map` result under construction.
enum MapNode {
    Leaf(Value),
    Branch(BTreeMap<String, MapNode>),
}

/// A `block_map`; `None` (an unknown value) when a block's body is unknown, as for lists
/// (checked before the block is decoded, as the reference does).
fn decode_block_map(m: &BlockMapSpec, content: &BodyContent, dx: &Dec<'_>) -> (Option<Value>, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut root: BTreeMap<String, MapNode> = BTreeMap::new();
    let depth = m.labels.len();
    let mut schema = None;
    for block in content.blocks_of_type(&m.type_name) {
        if block.body.is_unknown() {
            return (None, diags);
        }
        if depth == 0 || block.labels.len() < depth {
            // The body's content check has already reported the missing labels.
            continue;
        }
        let schema = schema.get_or_insert_with(|| dx.schema(&m.nested));
        let (v, d) = decode_body_with(&*block.body, &m.nested, schema, dx);
        diags.extend(d);
        if !insert_leaf(&mut root, &block.labels[..depth], v) {
            let labels: String = block.labels.iter().map(|l| format!(" {}", go_quote(l))).collect();
            diags.push(
                Diagnostic::error(
                    format!("Duplicate {} block", m.type_name),
                    format!(
                        "A block for {}{} was already defined. The {} labels must be unique.",
                        m.type_name, labels, m.type_name
                    ),
                )
                .with_subject(block.def_range()),
            );
        }
    }
    if root.is_empty() {
        return (Some(Value::empty_map(implied_type(&m.nested))), diags);
    }
    match build_map(root) {
        Ok(v) => (Some(v), diags),
        Err(e) => {
            diags.push(
                Diagnostic::error(
                    format!("Unconsistent argument types in {} blocks", m.type_name),
                    format!("Corresponding attributes in all blocks of this type must be the same: {e}."),
                )
                .with_subject(content.missing_item_range.clone()),
            );
            (Some(Value::dynamic()), diags)
        }
    }
}

/// Inserts a value under a path of keys; false if the path is taken.
fn insert_leaf(level: &mut BTreeMap<String, MapNode>, keys: &[String], v: Value) -> bool {
    match keys {
        [] => false,
        [last] => {
            if level.contains_key(last) {
                return false;
            }
            level.insert(last.clone(), MapNode::Leaf(v));
            true
        }
        [first, rest @ ..] => match level.entry(first.clone()).or_insert_with(|| MapNode::Branch(BTreeMap::new())) {
            MapNode::Branch(next) => insert_leaf(next, rest, v),
            MapNode::Leaf(_) => false,
        },
    }
}

fn build_map(nodes: BTreeMap<String, MapNode>) -> Result<Value, hclkit_value::ValueError> {
    let mut entries = Vec::with_capacity(nodes.len());
    for (k, node) in nodes {
        let v = match node {
            MapNode::Leaf(v) => v,
            MapNode::Branch(next) => build_map(next)?,
        };
        entries.push((k, v));
    }
    Value::map(entries)
}

fn decode_block_attrs(a: &BlockAttrsSpec, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
    let mut diags = Diagnostics::new();
    let mut blocks = content.blocks_of_type(&a.type_name);
    let Some(block) = blocks.next() else {
        if a.required {
            diags.push(missing_block(&a.type_name, content));
        }
        return (Value::null(Type::map(a.element_type.clone())), diags);
    };
    if let Some(other) = blocks.next() {
        diags.push(duplicate_block(&a.type_name, block, other));
    }
    let (attrs, d) = block.body.just_attributes();
    diags.extend(d);
    if attrs.is_empty() {
        return (Value::empty_map(a.element_type.clone()), diags);
    }
    let mut names = Vec::with_capacity(attrs.len());
    let mut vals = Vec::with_capacity(attrs.len());
    for (name, attr) in &attrs {
        let (v, d) = attr.expr.value(dx.ctx);
        diags.extend(d);
        let v = match convert(&v, &a.element_type) {
            Ok(v) => v,
            Err(e) => {
                diags.push(
                    Diagnostic::error(
                        "Invalid attribute value",
                        format!("Invalid value for attribute of {} block: {}.", go_quote(&a.type_name), e),
                    )
                    .with_subject(attr.expr.range())
                    .with_context(Range::between(&attr.name_range(), &attr.expr.range())),
                );
                Value::unknown(a.element_type.clone())
            }
        };
        names.push(name.clone());
        vals.push(v);
    }
    // With an element type of `any` the values may differ in type: a map needs one, so they
    // are unified (the reference would crash here).
    let vals = if a.element_type.has_dynamic_types() {
        match unify_values_unsafe(&vals) {
            Ok((_, vals)) => vals,
            Err(_) => {
                diags.push(
                    Diagnostic::error(
                        format!("Inconsistent attribute types in {} block", a.type_name),
                        format!(
                            "The attributes of a {} block must all have values of one type, since the result is a map.",
                            go_quote(&a.type_name)
                        ),
                    )
                    .with_subject(block.def_range()),
                );
                return (Value::unknown(Type::map(a.element_type.clone())), diags);
            }
        }
    } else {
        vals
    };
    match Value::map(names.into_iter().zip(vals)) {
        Ok(v) => (v, diags),
        Err(_) => (Value::unknown(Type::map(a.element_type.clone())), diags),
    }
}

/// Where the value a spec would decode from a body comes from (the reference's
/// `hcldec.SourceRange`); for a missing item, where it would go.
pub fn source_range(body: &dyn Body, spec: &Spec) -> Range {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    content_source_range(spec, &content)
}

fn content_source_range(spec: &Spec, content: &BodyContent) -> Range {
    match spec {
        Spec::Object(_) | Spec::Tuple(_) => content.missing_item_range.clone(),
        Spec::Attr(a) => match content.attributes.get(&a.name) {
            Some(attr) => attr.expr.range(),
            None => content.missing_item_range.clone(),
        },
        Spec::Literal(_) => Range { filename: "<unknown>".into(), ..Range::default() },
        Spec::Block(_) | Spec::BlockList(_) | Spec::BlockSet(_) | Spec::BlockMap(_) => {
            let (type_name, nested) = match spec {
                Spec::Block(b) => (&b.type_name, &b.nested),
                Spec::BlockList(b) | Spec::BlockSet(b) => (&b.type_name, &b.nested),
                Spec::BlockMap(m) => (&m.type_name, &m.nested),
                _ => unreachable!("matched above"),
            };
            match content.blocks_of_type(type_name).next() {
                Some(block) => source_range(&*block.body, nested),
                None => content.missing_item_range.clone(),
            }
        }
        Spec::BlockAttrs(a) => match content.blocks_of_type(&a.type_name).next() {
            Some(block) => block.def_range(),
            None => content.missing_item_range.clone(),
        },
        Spec::Default(primary, _) => content_source_range(primary, content),
        Spec::Transform(t) => content_source_range(&t.wrapped, content),
    }
}

/// Where the part of a decoded value at `path` comes from: the expression of the attribute
/// (or `block_attrs` entry) that produced it, found by following the path's steps through
/// the spec (object attributes, tuple elements, the blocks of `block`, `block_list`,
/// `block_set` and `block_map` specs). Where the path leads somewhere the spec cannot say
/// more precisely (inside an attribute's value, through a `transform`), the range of the
/// deepest part reached, as [`source_range`] gives it; a `literal` has none in the body, so
/// it gets the range of the body holding it.
///
/// `ctx` is the context the value was decoded with: a `default` spec decodes its primary
/// spec again to know which of its specs gave the value, and a `block_set` its blocks to
/// know which one an element came from.
///
/// ```
/// use hclkit::spec::{value_source_range, Spec};
/// use hclkit::syntax::native::NativeBody;
/// use hclkit_value::{Path, Type, Value};
///
/// let spec = Spec::object([
///     ("a", Spec::attr("a", Type::Number, false)),
///     ("r", Spec::block_list("r", Spec::attr("x", Type::Number, false), 0, 0)),
/// ]);
/// let src = b"a = 1\nr {\n  x = 2\n}\nr {\n  x = 3\n}\n";
/// let file = hclkit::parse_config(src.as_slice(), "in.hcl").into_value();
/// let body = NativeBody::from_file(&file);
/// let at = |path: Path| value_source_range(&body, &spec, &path, None).to_string();
/// assert_eq!(at(Path::root().attr("a")), "in.hcl:1,5-6");
/// assert_eq!(at(Path::root().attr("r").index(Value::number(1))), "in.hcl:6,7-8");
/// ```
pub fn value_source_range(body: &dyn Body, spec: &Spec, path: &Path, ctx: Option<&EvalContext>) -> Range {
    body_path_range(body, spec, path.steps(), ctx)
}

fn body_path_range(body: &dyn Body, spec: &Spec, steps: &[PathStep], ctx: Option<&EvalContext>) -> Range {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    content_path_range(spec, &content, steps, ctx).unwrap_or_else(|| content.missing_item_range.clone())
}

/// The range of the value at `steps` in what `spec` decodes from `content`; `None` when the
/// body has nothing for it (a `literal`), the caller then giving its own range.
fn content_path_range(
    spec: &Spec,
    content: &BodyContent,
    steps: &[PathStep],
    ctx: Option<&EvalContext>,
) -> Option<Range> {
    let here = || Some(content_source_range(spec, content));
    let index = |step: Option<&PathStep>| match step {
        Some(PathStep::Index(k)) => {
            k.as_number().filter(|n| n.is_integer()).and_then(|n| n.to_i64()).and_then(|i| usize::try_from(i).ok())
        }
        _ => None,
    };
    let within = |s: &Spec, rest: &[PathStep]| content_path_range(s, content, rest, ctx).or_else(here);
    match spec {
        Spec::Object(items) => match steps.first() {
            Some(PathStep::Attr(name)) => match items.get(&**name) {
                Some(s) => within(s, &steps[1..]),
                None => here(),
            },
            _ => here(),
        },
        Spec::Tuple(items) => match index(steps.first()).and_then(|i| items.get(i)) {
            Some(s) => within(s, &steps[1..]),
            None => here(),
        },
        Spec::Block(b) => match content.blocks_of_type(&b.type_name).next() {
            Some(block) => Some(body_path_range(&*block.body, &b.nested, steps, ctx)),
            None => here(),
        },
        Spec::BlockList(b) => match index(steps.first()).and_then(|i| content.blocks_of_type(&b.type_name).nth(i)) {
            Some(block) => Some(body_path_range(&*block.body, &b.nested, &steps[1..], ctx)),
            None => here(),
        },
        Spec::BlockSet(b) => {
            // A set element's step is the element itself: the block that decodes to it.
            let Some(PathStep::Index(key)) = steps.first() else { return here() };
            let mut blocks = content.blocks_of_type(&b.type_name);
            match blocks.find(|block| decode_body(&*block.body, &b.nested, &Dec::new(ctx)).0 == *key) {
                Some(block) => Some(body_path_range(&*block.body, &b.nested, &steps[1..], ctx)),
                None => here(),
            }
        }
        Spec::BlockMap(m) => {
            let depth = m.labels.len();
            let keys: Option<Vec<&str>> = steps
                .get(..depth)
                .and_then(|s| s.iter().map(|st| if let PathStep::Index(k) = st { k.as_str() } else { None }).collect());
            let found = keys.and_then(|keys| {
                content.blocks_of_type(&m.type_name).find(|block| {
                    block.labels.len() >= depth
                        && block.labels[..depth].iter().map(String::as_str).eq(keys.iter().copied())
                })
            });
            match found {
                Some(block) => Some(body_path_range(&*block.body, &m.nested, &steps[depth..], ctx)),
                None => here(),
            }
        }
        Spec::BlockAttrs(a) => {
            let Some(block) = content.blocks_of_type(&a.type_name).next() else { return here() };
            let Some(PathStep::Index(key)) = steps.first() else { return here() };
            let (attrs, _) = block.body.just_attributes();
            match key.as_str().and_then(|k| attrs.get(k)) {
                Some(attr) => Some(attr.expr.range()),
                None => here(),
            }
        }
        Spec::Default(primary, default) => {
            if decode_content(primary, content, &Dec::new(ctx)).0.is_null() {
                content_path_range(default, content, steps, ctx)
            } else {
                content_path_range(primary, content, steps, ctx)
            }
        }
        Spec::Literal(_) => None,
        Spec::Attr(_) | Spec::Transform(_) => here(),
    }
}

/// The variables the spec would evaluate in the body, as absolute traversals (the
/// reference's `hcldec.Variables`).
pub fn variables(body: &dyn Body, spec: &Spec) -> Vec<Traversal> {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    let mut out = Vec::new();
    variables_needed(spec, &content, &mut out);
    visit_variables(spec, &content, &mut out);
    out
}

fn visit_variables(spec: &Spec, content: &BodyContent, out: &mut Vec<Traversal>) {
    for child in spec.same_body_children() {
        variables_needed(child, content, out);
        visit_variables(child, content, out);
    }
}

fn variables_needed(spec: &Spec, content: &BodyContent, out: &mut Vec<Traversal>) {
    match spec {
        Spec::Attr(a) => {
            if let Some(attr) = content.attributes.get(&a.name) {
                out.extend(attr.expr.variables());
            }
        }
        Spec::Block(b) => {
            if let Some(block) = content.blocks_of_type(&b.type_name).next() {
                out.extend(variables(&*block.body, &b.nested));
            }
        }
        Spec::BlockList(b) | Spec::BlockSet(b) => {
            for block in content.blocks_of_type(&b.type_name) {
                out.extend(variables(&*block.body, &b.nested));
            }
        }
        Spec::BlockMap(m) => {
            for block in content.blocks_of_type(&m.type_name) {
                out.extend(variables(&*block.body, &m.nested));
            }
        }
        Spec::BlockAttrs(a) => {
            if let Some(block) = content.blocks_of_type(&a.type_name).next() {
                let (attrs, diags) = block.body.just_attributes();
                if diags.has_errors() {
                    return;
                }
                let mut vars: Vec<Traversal> = attrs.values().flat_map(|a| a.expr.variables()).collect();
                vars.sort_by_key(|t| t.source_range().map(|r| r.start.byte).unwrap_or(0));
                out.extend(vars);
            }
        }
        _ => {}
    }
}

/// The nested spec of each block type a spec decodes from its body, in the reference's visit
/// order (the reference's `hcldec.ChildBlockTypes`; a later entry for the same type wins).
/// A `block_attrs` spec's blocks are read with an empty schema.
fn child_block_types<'a>(spec: &'a Spec, out: &mut Vec<(String, &'a Spec)>) {
    static NO_SPEC: std::sync::OnceLock<Spec> = std::sync::OnceLock::new();
    let nested: Option<(&str, &'a Spec)> = match spec {
        Spec::Block(b) => Some((&b.type_name, &b.nested)),
        Spec::BlockList(b) | Spec::BlockSet(b) => Some((&b.type_name, &b.nested)),
        Spec::BlockMap(m) => Some((&m.type_name, &m.nested)),
        Spec::BlockAttrs(a) => Some((&a.type_name, NO_SPEC.get_or_init(|| Spec::Object(BTreeMap::new())))),
        Spec::Default(primary, _) => match &**primary {
            Spec::Block(b) => Some((&b.type_name, &b.nested)),
            Spec::BlockList(b) | Spec::BlockSet(b) => Some((&b.type_name, &b.nested)),
            Spec::BlockMap(m) => Some((&m.type_name, &m.nested)),
            _ => None,
        },
        _ => None,
    };
    if let Some((ty, nested)) = nested {
        out.push((ty.to_owned(), nested));
    }
    for child in spec.same_body_children() {
        child_block_types(child, out);
    }
}

/// Specs drive the variable walk through `dynamic` blocks: with them,
/// [`dynblock::variables`](crate::ext::dynblock::variables) is the reference's
/// `dynblock.VariablesHCLDec` (what [`variables`] finds, plus `for_each` and `labels`, minus
/// the iterators).
///
/// ```
/// use hclkit::spec::Spec;
/// use hclkit::ext::dynblock;
/// use hclkit::syntax::native::NativeBody;
/// use hclkit_value::Type;
///
/// let spec = Spec::block_list("rule", Spec::object(vec![("port", Spec::attr("port", Type::Number, false))]), 0, 0);
/// let src = b"dynamic \"rule\" {\n  for_each = var.ports\n  content { port = rule.value }\n}\n";
/// let file = hclkit::parse_config(src.as_slice(), "main.hcl").into_value();
/// let vars = dynblock::variables(NativeBody::arc_from_file(&file), &spec);
/// assert_eq!(vars.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["var.ports"]);
/// ```
impl crate::ext::dynblock::VariablesSchema for Spec {
    fn body_schema(&self) -> BodySchema {
        implied_schema(self)
    }

    fn child(&self, block_type: &str) -> Option<&Spec> {
        let mut all = Vec::new();
        child_block_types(self, &mut all);
        all.into_iter().rev().find(|(t, _)| t == block_type).map(|(_, s)| s)
    }
}

#[cfg(test)]
mod tests;
