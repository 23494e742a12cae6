//! Bodies and blocks as serde deserializers.

use std::collections::HashMap;
use std::rc::Rc;

use hclkit_value::serde::__private::{SPANNED_STRUCT, VALUE_TOKEN};
use hclkit_value::Value;
use serde::de::value::StrDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::expr::{AttrInfo, ExprDe, What};
use super::probe::{Shape, ShapeSeed};
use super::{missing_argument, DeError, FieldKind, Mult, State, StructSchema};
use crate::body::{Attribute, Block, Body, BodyContent, BodySchema};
use crate::diagnostic::{go_quote, Diagnostic};
use crate::pos::Range;
use crate::spanned::SpannedMap;

/// A body to be read as a struct (or, for types that read maps, as attributes only).
pub(crate) struct BodyDe<'a> {
    st: &'a State<'a>,
    body: &'a dyn Body,
    path: Vec<&'static str>,
    /// The labels of the block whose body this is, with their ranges.
    labels: &'a [String],
    /// The block, if this is a block's body, and how many of its labels come before
    /// `labels` (a map key's).
    block: Option<(&'a Block, usize)>,
}

impl<'a> BodyDe<'a> {
    pub(crate) fn root(st: &'a State<'a>, body: &'a dyn Body) -> BodyDe<'a> {
        BodyDe { st, body, path: Vec::new(), labels: &[], block: None }
    }

    /// The range of the label `labels[i]`.
    fn label_range(&self, i: usize) -> Option<Range> {
        let (b, skip) = self.block?;
        b.label_ranges().into_iter().nth(skip + i)
    }

    fn range(&self) -> Range {
        match self.block {
            Some((b, _)) => b.def_range(),
            None => self.body.missing_item_range(),
        }
    }

    /// Records an error that no deeper level reported, at this body.
    fn settle(&self, e: DeError, schema: Option<&StructSchema>, reported_missing: &[&str]) -> DeError {
        match e {
            DeError::MissingField(f) => {
                let already = reported_missing.contains(&f)
                    || schema
                        .and_then(|s| s.field(f))
                        .is_some_and(|p| p.required && matches!(p.kind, FieldKind::Attr(_)));
                if !already {
                    let d = match schema.and_then(|s| s.field(f)).map(|p| &p.kind) {
                        Some(FieldKind::Block { .. }) => missing_block(f),
                        _ => missing_argument(f),
                    };
                    self.st.report(d.with_subject(self.body.missing_item_range()));
                }
                DeError::Reported
            }
            e => {
                if let Some(d) = e.unreported() {
                    self.st.report(d.with_subject(self.range()));
                }
                DeError::Reported
            }
        }
    }

    /// The body's content under the schema, with every problem the schema reveals recorded.
    /// Also returns the block fields reported missing, and those written as an empty
    /// collection.
    fn content(&self, schema: &StructSchema) -> (BodyContent, Vec<&'static str>, Vec<&'static str>) {
        let (content, mut diags) = if self.st.allow_unknown {
            let (c, _, d) = self.body.partial_content(&schema.body);
            (c, d)
        } else {
            self.body.content(&schema.body)
        };
        let mut reported_missing = Vec::new();
        let mut empties = Vec::new();
        for f in &schema.fields {
            let FieldKind::Block { mult, optional, .. } = f.kind else { continue };
            let mut blocks = content.blocks_of_type(f.name);
            match mult {
                Mult::One => {
                    let first = blocks.next();
                    if let (Some(first), Some(second)) = (first, blocks.next()) {
                        diags.push(duplicate_block(f.name, &first.def_range(), &second.def_range(), None));
                    }
                    if first.is_none() && f.required && !optional {
                        diags.push(missing_block(f.name).with_subject(content.missing_item_range.clone()));
                        reported_missing.push(f.name);
                    }
                }
                Mult::Keyed => {
                    let mut seen: Vec<&Block> = Vec::new();
                    for b in blocks {
                        let key = b.labels.first();
                        if let Some(prev) = seen.iter().find(|p| p.labels.first() == key) {
                            diags.push(duplicate_block(
                                f.name,
                                &prev.def_range(),
                                &b.def_range(),
                                key.map(String::as_str),
                            ));
                        } else {
                            seen.push(b);
                        }
                    }
                    if seen.is_empty() && self.empty_collection(f.name, &mut diags) {
                        empties.push(f.name);
                    }
                }
                Mult::Many => {
                    if blocks.next().is_none() && self.empty_collection(f.name, &mut diags) {
                        empties.push(f.name);
                    }
                }
            }
        }
        self.st.report_all(diags);
        (content, reported_missing, empties)
    }

    /// A field of blocks may also be written as an attribute holding an empty list or
    /// object: how [`to_string`](crate::to_string) writes an empty sequence or map, whose
    /// element type serde does not tell.
    /// Whether it is (the attribute's "Unsupported argument" is then dropped).
    fn empty_collection(&self, name: &str, diags: &mut crate::Diagnostics) -> bool {
        if !diags.iter().any(|d| d.summary == "Unsupported argument") {
            return false;
        }
        let (c, _, _) = self.body.partial_content(&BodySchema::new().attribute(name, false));
        let Some(attr) = c.attributes.get(name) else { return false };
        let (v, d) = attr.expr.value(self.st.ctx);
        let empty = !d.has_errors() && v.is_known() && !v.is_null() && v.length() == Some(0);
        if empty {
            diags
                .0
                .retain(|d| !(d.summary == "Unsupported argument" && d.subject.as_ref() == Some(&attr.name_range())));
        }
        empty
    }

    /// The JSON syntax writes several blocks of one type as an array of objects, which a
    /// schema naming the type as an attribute too reads as an attribute: for a map field
    /// (which a tuple cannot fill) such an array is read as the blocks it is, so the JSON
    /// that `hclkit convert` writes for two `locals` blocks decodes as they do. The content
    /// of those blocks, by field.
    fn json_block_arrays(&self, schema: &StructSchema, content: &BodyContent) -> Vec<(&'static str, BodyContent)> {
        let mut out = Vec::new();
        for f in &schema.fields {
            let FieldKind::Free(shape) = &f.kind else { continue };
            let Some(a) = content.attributes.get(f.name) else { continue };
            if !reads_map(shape) || content.blocks_of_type(f.name).next().is_some() {
                continue;
            }
            let Some(items) = a.expr.as_list() else { continue };
            if items.is_empty() || !items.iter().all(|e| e.as_map().is_some()) {
                continue;
            }
            // In the native syntax an attribute is no block: nothing found, the attribute stays.
            let (c, _, _) = self.body.partial_content(&BodySchema::new().block(f.name, &[]));
            if c.blocks.len() == items.len() {
                out.push((f.name, c));
            }
        }
        out
    }

    /// Checks a body nothing will be decoded from (after an error elsewhere), for more
    /// diagnostics: its content, attribute values and nested blocks.
    fn check(&self, fields: &'static [&'static str]) {
        let schema = self.st.schema(&self.path, fields);
        let (content, _, _) = self.content(&schema);
        check_content(self.st, &self.path, &schema, &content, &[]);
    }
}

/// Whether a field of this shape reads a map (not a type that reads anything).
fn reads_map(shape: &Shape) -> bool {
    match shape {
        Shape::Spanned(inner) | Shape::Option(inner) => reads_map(inner),
        Shape::Map(_) => true,
        _ => false,
    }
}

/// Checks what `content` holds beyond the fields already decoded (`done`).
fn check_content(st: &State<'_>, path: &[&'static str], schema: &StructSchema, content: &BodyContent, done: &[&str]) {
    for f in &schema.fields {
        if done.contains(&f.name) {
            continue;
        }
        match f.kind {
            FieldKind::Attr(ref shape) => {
                if let Some(a) = content.attributes.get(f.name) {
                    let (v, failed) = evaluate(st, a);
                    check_attr(st, a, &v, failed, shape);
                }
            }
            FieldKind::Free(ref shape) => match free_entry(st, f.name, content) {
                Some(Entry::Attr(a, v, failed)) => check_attr(st, a, &v, failed, shape),
                Some(Entry::Free(blocks)) => {
                    let _ = ShapeSeed(shape).deserialize(FreeDe { st, name: f.name, blocks: &blocks });
                }
                _ => {}
            },
            FieldKind::Block { mult, child, .. } => {
                let mut sub = path.to_vec();
                sub.push(f.name);
                for b in content.blocks_of_type(f.name) {
                    let skip = usize::from(mult == Mult::Keyed);
                    let labels = b.labels.get(skip..).unwrap_or(&[]);
                    let body = BodyDe { st, body: &*b.body, path: sub.clone(), labels, block: Some((b, skip)) };
                    body.check(child);
                }
            }
            FieldKind::Label(_) => {}
        }
    }
}

/// Reads an attribute's value as a field of `shape` would, for its errors.
fn check_attr(st: &State<'_>, a: &Attribute, v: &Value, failed: bool, shape: &Shape) {
    if failed {
        return;
    }
    let info = attr_info(a);
    let _ = ShapeSeed(shape).deserialize(ExprDe::new(st, &info, v, false));
}

fn attr_info(a: &Attribute) -> AttrInfo<'_> {
    AttrInfo { what: What::Attribute(&a.name), expr: Some(&*a.expr), range: None, name_range: a.name_range() }
}

pub(crate) fn missing_block(name: &str) -> Diagnostic {
    Diagnostic::error(format!("Missing {name} block"), format!("A {name} block is required."))
}

fn duplicate_block(name: &str, first: &Range, second: &Range, key: Option<&str>) -> Diagnostic {
    let detail = match key {
        Some(k) => {
            format!("Only one {name} block labelled {} is allowed. Another was defined at {first}.", go_quote(k))
        }
        None => format!("Only one {name} block is allowed. Another was defined at {first}."),
    };
    Diagnostic::error(format!("Duplicate {name} block"), detail).with_subject(second.clone())
}

fn attr_and_block(name: &str, attr: &Range, block: &Range) -> Diagnostic {
    let (subject, what, other, other_what) = if attr.start.byte < block.start.byte {
        (block, "block", attr, "argument")
    } else {
        (attr, "argument", block, "block")
    };
    Diagnostic::error(
        format!("Duplicate {name} definition"),
        format!(
            "{} is defined both as an argument and as a block: this {what}, and the {other_what} at {other}. Define it once, either way.",
            go_quote(name)
        ),
    )
    .with_subject(subject.clone())
}

/// A field that may be an attribute or blocks without labels: which one the content has
/// (both: an error, and the attribute is read).
fn free_entry<'a>(st: &State<'_>, name: &'a str, content: &'a BodyContent) -> Option<Entry<'a>> {
    let blocks: Vec<&Block> = content.blocks_of_type(name).collect();
    match (content.attributes.get(name), blocks.first()) {
        (Some(a), first) => {
            if let Some(b) = first {
                st.report(attr_and_block(name, &a.name_range(), &b.def_range()));
            }
            let (v, failed) = evaluate(st, a);
            Some(Entry::Attr(a, v, failed))
        }
        (None, Some(_)) => Some(Entry::Free(blocks)),
        (None, None) => None,
    }
}

/// The attributes of `bodies` (several blocks of one type, merged), in source order and
/// evaluated, each with whether its evaluation failed. A block in them is an error (the
/// body's "Unexpected block"), and so is an attribute set in two of them.
fn merge_attrs<'b>(st: &State<'_>, bodies: impl Iterator<Item = &'b dyn Body>) -> Vec<(Attribute, Value, bool)> {
    let mut out: Vec<(Attribute, Value, bool)> = Vec::new();
    // Where each name is in `out` (one body's names are distinct: only later bodies look).
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, body) in bodies.enumerate() {
        let (attrs, diags) = body.just_attributes();
        st.report_all(diags);
        let mut attrs: Vec<Attribute> = attrs.into_values().collect();
        attrs.sort_by_cached_key(|a| a.range().start.byte);
        if i > 0 {
            seen.extend(out.iter().enumerate().skip(seen.len()).map(|(j, (a, _, _))| (a.name.clone(), j)));
        }
        for a in attrs {
            if let Some((prev, _, _)) = seen.get(&a.name).and_then(|&j| out.get(j)) {
                st.report(
                    Diagnostic::error(
                        "Duplicate argument",
                        format!(
                            "The argument {} was already set at {}. Each argument may be set only once.",
                            go_quote(&a.name),
                            prev.range()
                        ),
                    )
                    .with_subject(a.name_range()),
                );
                continue;
            }
            let (v, failed) = evaluate(st, &a);
            out.push((a, v, failed));
        }
    }
    out
}

fn evaluate(st: &State<'_>, attr: &Attribute) -> (Value, bool) {
    let (v, d) = attr.expr.value(st.ctx);
    let failed = d.has_errors();
    st.report_all(d);
    (v, failed)
}

/// One field of a body, ready to be read.
enum Entry<'a> {
    Label(&'a str, Range, &'static str),
    Attr(&'a Attribute, Value, bool),
    /// The blocks, and whether the field was written as an empty collection.
    Blocks(Vec<&'a Block>, Mult, bool),
    /// Blocks without labels whose attributes are a map-like field's value.
    Free(Vec<&'a Block>),
}

/// A body's fields as a serde map.
struct BodyMap<'a> {
    st: &'a State<'a>,
    path: &'a [&'static str],
    entries: Vec<(&'static str, Entry<'a>)>,
    next: usize,
}

impl<'de> de::MapAccess<'de> for BodyMap<'_> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        let Some((name, _)) = self.entries.get(self.next) else { return Ok(None) };
        let d: StrDeserializer<'_, DeError> = name.into_deserializer();
        seed.deserialize(d).map(Some)
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, DeError> {
        let i = self.next;
        self.next += 1;
        let Some((name, entry)) = self.entries.get(i) else { return Err(DeError::Custom("no value".into())) };
        match entry {
            Entry::Label(label, range, field) => {
                let info = AttrInfo {
                    what: What::Label(field),
                    expr: None,
                    range: Some(range.clone()),
                    name_range: range.clone(),
                };
                let v = Value::string(*label);
                seed.deserialize(ExprDe::new(self.st, &info, &v, false))
            }
            Entry::Attr(attr, value, failed) => {
                let info = AttrInfo {
                    what: What::Attribute(&attr.name),
                    expr: Some(&*attr.expr),
                    range: None,
                    name_range: attr.name_range(),
                };
                seed.deserialize(ExprDe::new(self.st, &info, value, *failed))
            }
            Entry::Blocks(blocks, mult, written_empty) => {
                let mut path = self.path.to_vec();
                path.push(name);
                seed.deserialize(BlocksDe { st: self.st, blocks, mult: *mult, path, written_empty: *written_empty })
            }
            Entry::Free(blocks) => seed.deserialize(FreeDe { st: self.st, name, blocks }),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len().saturating_sub(self.next))
    }
}

/// Attributes of a body read as a map (a map type, or a struct with `#[serde(flatten)]`).
struct AttrMap<'a> {
    st: &'a State<'a>,
    attrs: Vec<(Attribute, Value, bool)>,
    next: usize,
}

impl<'de> de::MapAccess<'de> for AttrMap<'_> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        let Some((attr, _, _)) = self.attrs.get(self.next) else { return Ok(None) };
        let d: StrDeserializer<'_, DeError> = attr.name.as_str().into_deserializer();
        seed.deserialize(d).map(Some)
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, DeError> {
        let i = self.next;
        self.next += 1;
        let Some((attr, value, failed)) = self.attrs.get(i) else { return Err(DeError::Custom("no value".into())) };
        let info = AttrInfo {
            what: What::Attribute(&attr.name),
            expr: Some(&*attr.expr),
            range: None,
            name_range: attr.name_range(),
        };
        seed.deserialize(ExprDe::new(self.st, &info, value, *failed))
    }
}

impl<'de> de::Deserializer<'de> for BodyDe<'_> {
    type Error = DeError;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        if name == SPANNED_STRUCT {
            return spanned(self.range(), self, visitor);
        }
        let schema = self.st.schema(&self.path, fields);
        let (content, mut reported_missing, empties) = self.content(&schema);
        let arrays = self.json_block_arrays(&schema, &content);
        let mut entries = Vec::with_capacity(schema.fields.len());
        for f in &schema.fields {
            match f.kind {
                FieldKind::Label(i) => {
                    if let (Some(l), Some(r)) = (self.labels.get(i), self.label_range(i)) {
                        entries.push((f.name, Entry::Label(l, r, f.name)));
                    }
                }
                FieldKind::Attr(_) => {
                    if let Some(a) = content.attributes.get(f.name) {
                        let (v, failed) = evaluate(self.st, a);
                        entries.push((f.name, Entry::Attr(a, v, failed)));
                    }
                }
                FieldKind::Free(_) => match arrays.iter().find(|(n, _)| *n == f.name) {
                    Some((_, c)) => entries.push((f.name, Entry::Free(c.blocks.iter().collect()))),
                    None => match free_entry(self.st, f.name, &content) {
                        Some(e) => entries.push((f.name, e)),
                        None if f.required => {
                            self.st.report(missing_argument(f.name).with_subject(self.body.missing_item_range()));
                            reported_missing.push(f.name);
                        }
                        None => {}
                    },
                },
                FieldKind::Block { mult, optional, .. } => {
                    let blocks: Vec<&Block> = content.blocks_of_type(f.name).collect();
                    if !blocks.is_empty() || (mult != Mult::One && (!optional || empties.contains(&f.name))) {
                        let written_empty = empties.contains(&f.name);
                        entries.push((f.name, Entry::Blocks(blocks, mult, written_empty)));
                    }
                }
            }
        }
        let mut map = BodyMap { st: self.st, path: &self.path, entries, next: 0 };
        match visitor.visit_map(&mut map) {
            Ok(v) => Ok(v),
            Err(e) => {
                let e = self.settle(e, Some(&schema), &reported_missing);
                // Look for more problems in what was not read.
                let read = map.next.min(map.entries.len());
                let mut done: Vec<&str> = map.entries[..read].iter().map(|(n, _)| *n).collect();
                for (name, entry) in &map.entries[read..] {
                    let shape = match schema.field(name).map(|f| &f.kind) {
                        Some(FieldKind::Attr(shape) | FieldKind::Free(shape)) => shape,
                        _ => continue,
                    };
                    match entry {
                        Entry::Attr(a, v, failed) => check_attr(self.st, a, v, *failed, shape),
                        Entry::Free(blocks) => {
                            let _ = ShapeSeed(shape).deserialize(FreeDe { st: self.st, name, blocks });
                        }
                        _ => continue,
                    }
                    done.push(name);
                }
                check_content(self.st, &self.path, &schema, &content, &done);
                Err(e)
            }
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let attrs = merge_attrs(self.st, std::iter::once(self.body));
        let r = visitor.visit_map(AttrMap { st: self.st, attrs, next: 0 });
        r.map_err(|e| self.settle(e, None, &[]))
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit unit_struct
        seq tuple tuple_struct enum identifier
    }
}

/// Reads a `Spanned<T>` of `d`, whose range is `range`.
fn spanned<'de, D, V>(range: Range, d: D, visitor: V) -> Result<V::Value, DeError>
where
    D: de::Deserializer<'de, Error = DeError>,
    V: Visitor<'de>,
{
    crate::spanned::hand_over(range);
    visitor.visit_map(SpannedMap { value: Some(d) })
}

/// The blocks of one type, for a block field.
struct BlocksDe<'a> {
    st: &'a State<'a>,
    blocks: &'a [&'a Block],
    mult: Mult,
    path: Vec<&'static str>,
    /// No blocks, but the field was written as an empty collection (`Some(vec![])`).
    written_empty: bool,
}

impl<'a> BlocksDe<'a> {
    fn block(&self, b: &'a Block) -> BlockDe<'a> {
        let skip = usize::from(self.mult == Mult::Keyed);
        BlockDe { st: self.st, block: b, labels: b.labels.get(skip..).unwrap_or(&[]), skip, path: self.path.clone() }
    }

    /// After an error: checks the blocks from `from` on, which will not be decoded.
    fn check_from(&self, from: usize, fields: Option<&'static [&'static str]>) {
        let Some(fields) = fields else { return };
        for b in self.blocks.iter().skip(from) {
            self.block(b).body().check(fields);
        }
    }

    /// The field names of the blocks' struct, as the parent's schema recorded them.
    fn child_fields(&self) -> Option<&'static [&'static str]> {
        let (last, parent) = self.path.split_last()?;
        let schema = self.st.cached(parent)?;
        match schema.field(last)?.kind {
            FieldKind::Block { child, .. } => Some(child),
            _ => None,
        }
    }
}

struct BlockSeq<'a> {
    de: &'a BlocksDe<'a>,
    next: usize,
}

impl<'de> de::SeqAccess<'de> for BlockSeq<'_> {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        let Some(b) = self.de.blocks.get(self.next) else { return Ok(None) };
        self.next += 1;
        seed.deserialize(self.de.block(b)).map(Some)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.de.blocks.len() - self.next)
    }
}

struct BlockKeyMap<'a> {
    de: &'a BlocksDe<'a>,
    next: usize,
    seen: Vec<&'a str>,
}

impl<'a> BlockKeyMap<'a> {
    /// The next block whose key was not seen (duplicates are reported with the content).
    fn advance(&mut self) -> Option<&'a Block> {
        while let Some(b) = self.de.blocks.get(self.next) {
            let key = b.labels.first().map(String::as_str).unwrap_or("");
            if self.seen.contains(&key) {
                self.next += 1;
                continue;
            }
            return Some(b);
        }
        None
    }
}

impl<'de> de::MapAccess<'de> for BlockKeyMap<'_> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        let Some(b) = self.advance() else { return Ok(None) };
        let key = b.labels.first().map(String::as_str).unwrap_or("");
        let range = b.label_ranges().into_iter().next().unwrap_or_else(|| b.def_range());
        let info = AttrInfo { what: What::Label("label"), expr: None, range: Some(range.clone()), name_range: range };
        let v = Value::string(key);
        seed.deserialize(ExprDe::new(self.de.st, &info, &v, false)).map(Some)
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, DeError> {
        let Some(b) = self.advance() else { return Err(DeError::Custom("no value".into())) };
        self.seen.push(b.labels.first().map(String::as_str).unwrap_or(""));
        self.next += 1;
        seed.deserialize(self.de.block(b))
    }
}

impl<'de> de::Deserializer<'de> for BlocksDe<'_> {
    type Error = DeError;

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if self.blocks.is_empty() && !self.written_empty {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let mut seq = BlockSeq { de: &self, next: 0 };
        match visitor.visit_seq(&mut seq) {
            Ok(v) => Ok(v),
            Err(e) => {
                let next = seq.next;
                let e = settle_blocks(self.st, e, self.blocks.get(next.saturating_sub(1)));
                self.check_from(next, self.child_fields());
                Err(e)
            }
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if self.mult != Mult::Keyed {
            return match self.blocks.first() {
                Some(b) => self.block(b).deserialize_map(visitor),
                None => Err(DeError::Reported),
            };
        }
        let mut map = BlockKeyMap { de: &self, next: 0, seen: Vec::new() };
        match visitor.visit_map(&mut map) {
            Ok(v) => Ok(v),
            Err(e) => {
                let next = map.next;
                let e = settle_blocks(self.st, e, self.blocks.get(next.saturating_sub(1)));
                self.check_from(next, self.child_fields());
                Err(e)
            }
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        if name == SPANNED_STRUCT {
            let range = self.blocks.first().map(|b| b.def_range()).unwrap_or_default();
            crate::spanned::hand_over(range);
            return visitor.visit_map(SpannedMap { value: Some(self) });
        }
        match self.blocks.first() {
            Some(b) => self.block(b).deserialize_struct(name, fields, visitor),
            None => Err(DeError::Reported),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.mult {
            Mult::Many => self.deserialize_seq(visitor),
            Mult::Keyed => self.deserialize_map(visitor),
            Mult::One => match self.blocks.first() {
                Some(b) => self.block(b).deserialize_any(visitor),
                None => Err(DeError::Reported),
            },
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit unit_struct
        tuple tuple_struct enum identifier
    }
}

/// An error from a collection of blocks' own visitor, at the block it stopped at.
fn settle_blocks(st: &State<'_>, e: DeError, at: Option<&&Block>) -> DeError {
    if let Some(d) = e.unreported() {
        let d = match at {
            Some(b) => d.with_subject(b.def_range()),
            None => d,
        };
        st.report(d);
    }
    DeError::Reported
}

/// One block.
struct BlockDe<'a> {
    st: &'a State<'a>,
    block: &'a Block,
    labels: &'a [String],
    /// How many of the block's labels come before `labels`.
    skip: usize,
    path: Vec<&'static str>,
}

impl<'a> BlockDe<'a> {
    fn body(self) -> BodyDe<'a> {
        BodyDe {
            st: self.st,
            body: &*self.block.body,
            path: self.path,
            labels: self.labels,
            block: Some((self.block, self.skip)),
        }
    }
}

impl<'de> de::Deserializer<'de> for BlockDe<'_> {
    type Error = DeError;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.body().deserialize_struct(name, fields, visitor)
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.body().deserialize_any(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.body().deserialize_map(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit unit_struct
        seq tuple tuple_struct enum identifier ignored_any
    }
}

impl State<'_> {
    /// The schema already learned for `path`, if any.
    pub(crate) fn cached(&self, path: &[&'static str]) -> Option<Rc<StructSchema>> {
        self.schemas_get(path)
    }
}

/// Blocks without labels read as a map-like field: their attributes, merged.
struct FreeDe<'a> {
    st: &'a State<'a>,
    name: &'static str,
    blocks: &'a [&'a Block],
}

impl FreeDe<'_> {
    fn range(&self) -> Range {
        self.blocks.first().map(|b| b.def_range()).unwrap_or_default()
    }
}

impl<'de> de::Deserializer<'de> for FreeDe<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let attrs = merge_attrs(self.st, self.blocks.iter().map(|b| &*b.body));
        let r = visitor.visit_map(AttrMap { st: self.st, attrs, next: 0 });
        r.map_err(|e| settle_blocks(self.st, e, self.blocks.first()))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        if name != VALUE_TOKEN {
            return visitor.visit_newtype_struct(self);
        }
        // A `Value`: the object of the attributes.
        let attrs = merge_attrs(self.st, self.blocks.iter().map(|b| &*b.body));
        let failed = attrs.iter().any(|(_, _, failed)| *failed);
        let v = Value::object(attrs.into_iter().map(|(a, v, _)| (a.name, v)));
        let range = self.range();
        let info =
            AttrInfo { what: What::Attribute(self.name), expr: None, range: Some(range.clone()), name_range: range };
        ExprDe::new(self.st, &info, &v, failed).deserialize_newtype_struct(name, visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        if name == SPANNED_STRUCT {
            return spanned(self.range(), self, visitor);
        }
        let _ = fields;
        self.deserialize_any(visitor)
    }

    /// Evaluates the attributes, for their errors (the check of a field not decoded).
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        merge_attrs(self.st, self.blocks.iter().map(|b| &*b.body));
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit unit_struct
        seq tuple tuple_struct map enum identifier
    }
}
