//! JSON values as bodies of the information model ([`JsonBody`]): the schema decides which
//! object properties are attributes and which are blocks.
//!
//! A body is an object, or an array of objects whose properties are taken in turn. A block
//! property's value has one level of nested objects per label (each property name a label
//! value), then an object (one block) or an array of objects (several blocks); `null` is no
//! block. The property `"//"` of a body is a comment and ignored.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use super::ast::{JsonTree, Kind, Node, Property};
use super::expression::JsonExpression;
use crate::body::{Attribute, Attributes, Block, Body, BodyContent, BodySchema};
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::{Range, Span};
use crate::suggest::name_suggestion;

/// A JSON value as a body: a shared tree, the value's node, and the names hidden by an
/// earlier [`Body::partial_content`].
#[derive(Clone)]
pub struct JsonBody {
    tree: Arc<JsonTree>,
    node: u32,
    hidden: Arc<BTreeSet<String>>,
}

impl fmt::Debug for JsonBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JsonBody({}: {:?}, hidden {:?})", self.tree.filename(), self.node(), self.hidden)
    }
}

impl JsonBody {
    /// The root body of a parsed JSON file.
    ///
    /// ```
    /// use hclkit::body::{Body, BodySchema};
    /// use hclkit::syntax::json::{parse, JsonBody};
    ///
    /// let src = r#"{"name": "web", "listen": {"http": {"port": 80}}}"#;
    /// let (file, diags) = parse(src.as_bytes(), "main.json").into_parts();
    /// assert!(diags.is_empty());
    /// let schema = BodySchema::new().attribute("name", true).block("listen", &["proto"]);
    /// let (content, diags) = JsonBody::from_file(&file).content(&schema);
    /// assert!(diags.is_empty());
    /// assert_eq!(content.blocks[0].labels, ["http"]);
    /// ```
    pub fn from_file(file: &super::JsonFile) -> JsonBody {
        JsonBody { tree: file.tree.clone(), node: file.root, hidden: Arc::default() }
    }

    /// The root body of a parsed JSON file, shared as a trait object.
    pub fn arc_from_file(file: &super::JsonFile) -> Arc<dyn Body> {
        Arc::new(JsonBody::from_file(file))
    }

    /// The JSON value this body reads.
    pub fn node(&self) -> Node<'_> {
        self.tree.node(self.node)
    }

    fn at(&self, n: Node<'_>) -> JsonBody {
        JsonBody { tree: self.tree.clone(), node: n.index(), hidden: Arc::default() }
    }

    fn range(&self, span: Span) -> Range {
        self.tree.range(span)
    }

    fn expr(&self, n: Node<'_>) -> Arc<dyn crate::body::Expression> {
        Arc::new(JsonExpression::at(self.tree.clone(), n.index()))
    }

    fn attribute(&self, name: String, p: &Property<'_>) -> Attribute {
        Attribute::new(name, self.expr(p.value), self.range(p.key.span().to(p.value.span())), self.range(p.key.span()))
    }

    /// The properties of an object, or of each object of an array (the reference's
    /// `collectDeepAttrs`); `label` tailors the errors to a block's label level.
    fn deep_properties<'a>(&self, v: Node<'a>, label: Option<&str>, diags: &mut Diagnostics) -> Vec<Property<'a>> {
        body_objects(&self.tree, v, label, diags).into_iter().flat_map(|o| o.properties()).collect()
    }

    /// Unpacks the blocks of one block property: one object level per label left, then the
    /// block bodies.
    #[allow(clippy::too_many_arguments)]
    fn unpack_block(
        &self,
        v: Node<'_>,
        type_name: &str,
        type_range: &Range,
        labels_left: &[String],
        labels: &mut Vec<(String, Range)>,
        blocks: &mut Vec<Block>,
        diags: &mut Diagnostics,
    ) {
        if let Some((label, rest)) = labels_left.split_first() {
            let props = self.deep_properties(v, Some(label), diags);
            if props.is_empty() {
                diags.push(missing_label(&self.tree, v, type_name, label));
                return;
            }
            for p in props {
                labels.push((p.name().into_owned(), self.range(p.key.span())));
                self.unpack_block(p.value, type_name, type_range, rest, labels, blocks, diags);
                labels.pop();
            }
            return;
        }
        let block = |body: JsonBody, def: Span| {
            Block::new(
                type_name,
                labels.iter().map(|l| l.0.clone()).collect(),
                Arc::new(body),
                self.range(def),
                type_range.clone(),
                labels.iter().map(|l| l.1.clone()).collect(),
            )
        };
        match v.kind() {
            Kind::Null => {}
            Kind::Object => blocks.push(block(self.at(v), v.start_span())),
            // Each element is a block body; one that is not an object says so when read.
            Kind::Array => blocks.extend(v.elements().map(|e| block(self.at(e), v.start_span()))),
            _ => diags.push(not_blocks(&self.tree, v, type_name)),
        }
    }

    fn partial(&self, schema: &BodySchema) -> (BodyContent, JsonBody, Diagnostics) {
        let mut diags = Diagnostics::new();
        let props = self.deep_properties(self.node(), None, &mut diags);
        let mut used: BTreeSet<String> = (*self.hidden).clone();
        let mut content = BodyContent { missing_item_range: self.missing_item_range(), ..BodyContent::default() };
        let attr_schemas: BTreeMap<&str, _> = schema.attributes.iter().map(|a| (a.name.as_str(), a)).collect();
        let block_schemas: BTreeMap<&str, _> = schema.blocks.iter().map(|b| (b.type_name.as_str(), b)).collect();
        for p in &props {
            let name = p.name();
            if self.hidden.contains(name.as_ref()) {
                continue;
            }
            if attr_schemas.contains_key(name.as_ref()) {
                if let Some(existing) = content.attributes.get(name.as_ref()) {
                    let d = Diagnostic::error(
                        "Duplicate argument",
                        format!("The argument {} was already set at {}.", go_quote(&name), existing.range()),
                    );
                    let r = self.range(p.key.span());
                    diags.push(d.with_subject(r.clone()).with_context(r));
                    continue;
                }
                content.attributes.insert(name.to_string(), self.attribute(name.to_string(), p));
                used.insert(name.into_owned());
            } else if let Some(b) = block_schemas.get(name.as_ref()) {
                let type_range = self.range(p.key.span());
                let mut labels = Vec::new();
                self.unpack_block(
                    p.value,
                    &b.type_name,
                    &type_range,
                    &b.label_names,
                    &mut labels,
                    &mut content.blocks,
                    &mut diags,
                );
                used.insert(name.into_owned());
            }
        }
        for a in &schema.attributes {
            if a.required && !content.attributes.contains_key(&a.name) {
                diags.push(
                    Diagnostic::error(
                        "Missing required argument",
                        format!("The argument {} is required, but no definition was found.", go_quote(&a.name)),
                    )
                    .with_subject(self.missing_item_range()),
                );
            }
        }
        let rest = JsonBody { tree: self.tree.clone(), node: self.node, hidden: Arc::new(used) };
        (content, rest, diags)
    }
}

impl Body for JsonBody {
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, rest, mut diags) = self.partial(schema);
        let mut suggestions: Vec<&str> =
            schema.attributes.iter().filter(|a| !rest.hidden.contains(&a.name)).map(|a| a.name.as_str()).collect();
        suggestions.extend(schema.blocks.iter().map(|b| b.type_name.as_str()));
        // The properties are collected again, and so are their errors (as in the reference).
        let props = self.deep_properties(self.node(), None, &mut diags);
        for p in props {
            let name = p.name();
            if name == "//" || rest.hidden.contains(name.as_ref()) {
                continue;
            }
            let dym =
                name_suggestion(&name, suggestions.iter().copied()).map(|s| format!(" Did you mean {}?", go_quote(s)));
            let r = self.range(p.key.span());
            diags.push(
                Diagnostic::error(
                    "Extraneous JSON object property",
                    format!("No argument or block type is named {}.{}", go_quote(&name), dym.unwrap_or_default()),
                )
                .with_subject(r.clone())
                .with_context(r),
            );
        }
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Arc<dyn Body>, Diagnostics) {
        let (content, rest, diags) = self.partial(schema);
        (content, Arc::new(rest), diags)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut attrs = Attributes::new();
        let n = self.node();
        if n.kind() != Kind::Object {
            diags.push(
                Diagnostic::error(
                    "Incorrect JSON value type",
                    "A JSON object is required here, setting the arguments for this block.",
                )
                .with_subject(self.range(n.start_span())),
            );
            return (attrs, diags);
        }
        for p in n.properties() {
            let name = p.name();
            if name == "//" || self.hidden.contains(name.as_ref()) {
                continue;
            }
            if let Some(existing) = attrs.get(name.as_ref()) {
                diags.push(
                    Diagnostic::error(
                        "Duplicate attribute definition",
                        format!("The argument {} was already set at {}.", go_quote(&name), existing.range()),
                    )
                    .with_subject(self.range(p.key.span())),
                );
                continue;
            }
            attrs.insert(name.to_string(), self.attribute(name.into_owned(), &p));
        }
        (attrs, diags)
    }

    /// An object's closing brace, an array's opening bracket, or the start of anything else.
    /// (The placeholder root of a file whose root was not an object reports the file's
    /// start; the reference reports an empty range without a file name.)
    fn missing_item_range(&self) -> Range {
        let n = self.node();
        match n.kind() {
            Kind::Object => self.range(n.end_span()),
            _ => self.range(n.start_span()),
        }
    }
}

/// The objects whose properties make up a body, or a block's label level (`label`, which
/// tailors the errors): the object itself, or each object of an array; none for `null`.
/// Anything else is an error, in the reference's words (its `collectDeepAttrs`). The JSON
/// body and the conversion to native syntax read bodies through this.
pub(crate) fn body_objects<'a>(
    tree: &JsonTree,
    v: Node<'a>,
    label: Option<&str>,
    diags: &mut Diagnostics,
) -> Vec<Node<'a>> {
    let mut out = Vec::new();
    match v.kind() {
        Kind::Null => {}
        Kind::Object => out.push(v),
        Kind::Array => {
            for e in v.elements() {
                if e.kind() == Kind::Object {
                    out.push(e);
                    continue;
                }
                let detail = match label {
                    Some(l) => format!("A JSON object is required here, to specify {l} labels for this block."),
                    None => "A JSON object is required here, to define arguments and child blocks.".to_owned(),
                };
                diags.push(
                    Diagnostic::error("Incorrect JSON value type", detail).with_subject(tree.range(e.start_span())),
                );
            }
        }
        _ => {
            let detail = match label {
                Some(l) => format!(
                    "Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."
                ),
                None => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.".to_owned(),
            };
            diags.push(Diagnostic::error("Incorrect JSON value type", detail).with_subject(tree.range(v.start_span())));
        }
    }
    out
}

/// The error for a block's label level `v` that gives no label (`label` of `type_name`).
pub(crate) fn missing_label(tree: &JsonTree, v: Node<'_>, type_name: &str, label: &str) -> Diagnostic {
    Diagnostic::error(
        "Missing block label",
        format!("At least one object property is required, whose name represents the {type_name} block's {label}."),
    )
    .with_subject(tree.range(v.start_span()))
}

/// The error for the value `v` of a `type_name` block property, after its labels, that is
/// neither an object (a block), an array (blocks) nor `null` (no block).
pub(crate) fn not_blocks(tree: &JsonTree, v: Node<'_>, type_name: &str) -> Diagnostic {
    Diagnostic::error(
        "Incorrect JSON value type",
        format!(
            "Either a JSON object or a JSON array is required, representing the contents of one or more {} blocks.",
            go_quote(type_name)
        ),
    )
    .with_subject(tree.range(v.start_span()))
}
