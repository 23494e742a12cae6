//! Decoding a body with a spec (the reference's `hcldec.Decode`): one function per kind of
//! spec, with the reference's validation and diagnostics.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use hclkit_value::convert::{convert, unify_values_unsafe, unify_with_conversions};
use hclkit_value::{Type, Value};

use super::{
    implied_schema, implied_type, source_range, AttrSpec, BlockAttrsSpec, BlockListSpec, BlockMapSpec, BlockSpec, Spec,
    TransformSpec,
};
use crate::body::{Block, Body, BodyContent, BodySchema};
use crate::context::EvalContext;
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::Range;

/// One decode's state: the evaluation context; the schemas of the nested specs met, each
/// built once per decode rather than once per block (a `block` spec in a `block_list` of a
/// thousand blocks, blocks nested in blocks); and for each `object` spec the type of the last
/// object it made, which the next one of the same shape shares (with its attribute names)
/// rather than building its own. The keys are the addresses of specs in the tree being
/// decoded, which the decode borrows throughout, so they stand for one spec each.
pub(super) struct Dec<'c> {
    ctx: Option<&'c EvalContext>,
    schemas: RefCell<HashMap<*const Spec, Rc<BodySchema>, ByAddress>>,
    object_types: RefCell<HashMap<*const BTreeMap<String, Spec>, Type, ByAddress>>,
}

impl<'c> Dec<'c> {
    pub(super) fn new(ctx: Option<&'c EvalContext>) -> Dec<'c> {
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

pub(super) fn decode_body(body: &dyn Body, spec: &Spec, dx: &Dec<'_>) -> (Value, Diagnostics) {
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
pub(super) fn decode_content(spec: &Spec, content: &BodyContent, dx: &Dec<'_>) -> (Value, Diagnostics) {
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
