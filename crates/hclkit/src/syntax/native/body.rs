//! The native syntax's bodies in the information model: [`NativeBody`] implements
//! [`crate::body::Body`] (the reference's `hclsyntax.Body` methods).
//!
//! Content rules, as the reference applies them:
//!
//! * each schema attribute present in the body is taken; a missing required one is "Missing
//!   required argument", reported at the body's missing-item range;
//! * each block of a schema type is taken if it has exactly the schema's labels; too many is
//!   "Extraneous label for T" (at the first extra label), too few "Missing NAME for T" (at the
//!   opening brace);
//! * [`content`](crate::body::Body::content) then reports every other attribute ("Unsupported
//!   argument") and block ("Unsupported block type"), in source order, with a "Did you mean"
//!   suggestion for a name within edit distance 2 of an expected one;
//! * [`partial_content`](crate::body::Body::partial_content) instead returns the body with the
//!   attributes it took and the schema's block types hidden.

use std::collections::BTreeSet;
use std::fmt;
use std::sync::{Arc, OnceLock};

use super::ast::{self, File, NodeId, Tree};
use super::expression::NativeExpression;
use crate::body::{
    Attribute, AttributeRangeSource, Attributes, Block, BlockRangeSource, Body, BodyContent, BodySchema, Expression,
};
use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::suggest::name_suggestion;

/// A native-syntax body: a shared parsed tree, the body's node, and the attribute names and
/// block types hidden by earlier partial-content calls.
///
/// ```
/// use std::sync::Arc;
/// use hclkit::body::{Body, BodySchema};
/// use hclkit::syntax::native::NativeBody;
///
/// let (file, diags) = hclkit::parse_config(b"prot = 80\n".as_slice(), "main.hcl").into_parts();
/// assert!(diags.is_empty());
/// let body: Arc<dyn Body> = NativeBody::arc_from_file(&file);
/// let (_, diags) = body.content(&BodySchema::new().attribute("port", false));
/// assert_eq!(diags[0].detail, "An argument named \"prot\" is not expected here. Did you mean \"port\"?");
///
/// // The syntax tree stays at hand, for what the information model does not say.
/// let native = NativeBody::from_file(&file);
/// assert_eq!(native.syntax().attributes().count(), 1);
/// assert_eq!(native.tree().filename().as_ref(), "main.hcl");
/// assert!(NativeBody::new(native.tree().clone(), file.body().id()).is_some());
/// ```
#[derive(Clone)]
pub struct NativeBody {
    tree: Arc<Tree>,
    id: NodeId,
    /// What earlier partial contents took: one pointer, so a body is 24 bytes (there is one
    /// per block of a content).
    hidden: Arc<Hidden>,
}

/// The attribute names and block types a body hides (taken by a partial content).
#[derive(Clone, Debug, Default)]
struct Hidden {
    attrs: BTreeSet<String>,
    blocks: BTreeSet<String>,
}

/// The empty sets of hidden names, shared (a new body hides nothing: no allocation per block).
fn no_names() -> Arc<Hidden> {
    static EMPTY: OnceLock<Arc<Hidden>> = OnceLock::new();
    EMPTY.get_or_init(Arc::default).clone()
}

impl NativeBody {
    /// The body with node id `id` of `tree`, or `None` if that node is not a body.
    pub fn new(tree: Arc<Tree>, id: NodeId) -> Option<NativeBody> {
        tree.body(id)?;
        Some(NativeBody { tree, id, hidden: no_names() })
    }

    /// The root body of a parsed file.
    pub fn from_file(file: &File) -> NativeBody {
        NativeBody { tree: file.tree_arc().clone(), id: file.body, hidden: no_names() }
    }

    /// The root body of a parsed file, as a trait object.
    pub fn arc_from_file(file: &File) -> Arc<dyn Body> {
        Arc::new(NativeBody::from_file(file))
    }

    /// The syntax tree's view of the body (hidden items included).
    pub fn syntax(&self) -> ast::Body<'_> {
        ast::Body { t: &self.tree, id: self.id.0 }
    }

    /// The shared tree.
    pub fn tree(&self) -> &Arc<Tree> {
        &self.tree
    }

    fn range(&self, span: crate::pos::Span) -> Range {
        self.tree.range(span)
    }

    fn attribute(&self, a: ast::Attribute<'_>) -> Attribute {
        self.attribute_named(a, a.name())
    }

    /// [`NativeBody::attribute`] of an attribute whose name the caller has at hand.
    fn attribute_named(&self, a: ast::Attribute<'_>, name: &str) -> Attribute {
        // The ranges are worked out by the tree if asked for.
        Attribute::lazy(
            name.to_owned(),
            Arc::new(NativeExpression::new_unchecked(self.tree.clone(), a.expr().id())),
            self.tree.clone(),
            a.id,
        )
    }

    fn block(&self, b: ast::Block<'_>, type_name: Arc<str>) -> Block {
        let body = NativeBody { tree: self.tree.clone(), id: b.body().id(), hidden: no_names() };
        // The ranges are worked out by the tree if asked for.
        Block::lazy(
            type_name,
            b.labels().map(|l| l.value().into_owned()).collect(),
            Arc::new(body),
            self.tree.clone(),
            b.id().0,
        )
    }

    /// Partial content, with the concrete type of the remaining body.
    fn partial(&self, schema: &BodySchema) -> (BodyContent, NativeBody, Diagnostics) {
        let (content, diags) = self.collect(schema);
        let mut hidden = (*self.hidden).clone();
        hidden.attrs.extend(content.attributes.keys().cloned());
        for block_s in &schema.blocks {
            hidden.blocks.insert(block_s.type_name.clone());
        }
        let remain = NativeBody { tree: self.tree.clone(), id: self.id, hidden: Arc::new(hidden) };
        (content, remain, diags)
    }

    /// The content `schema` takes from the body, without building the remaining body: what
    /// [`NativeBody::partial`] hides is this body's hidden items plus the attributes taken
    /// (the keys of the content's attributes) and the schema's block types.
    fn collect(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let mut diags = Diagnostics::new();
        let body = self.syntax();
        let hidden_attrs = &self.hidden.attrs;
        let hidden_blocks = &self.hidden.blocks;
        let mut attrs = Attributes::new();

        for attr_s in &schema.attributes {
            let name = attr_s.name.as_str();
            // An attribute taken by an earlier schema entry of the same name counts as hidden.
            let found = body.attribute(name).filter(|_| !hidden_attrs.contains(name) && !attrs.contains_key(name));
            let Some(a) = found else {
                if attr_s.required {
                    diags.push(
                        Diagnostic::error(
                            "Missing required argument",
                            format!("The argument {} is required, but no definition was found.", go_quote(name)),
                        )
                        .with_subject(self.missing_item_range()),
                    );
                }
                continue;
            };
            let attr = self.attribute_named(a, name);
            attrs.insert(attr.name.clone(), attr);
        }

        let mut blocks = Vec::new();
        let mut type_names: Vec<Option<Arc<str>>> = vec![None; schema.blocks.len()];
        for b in body.blocks() {
            let ty = b.block_type();
            if hidden_blocks.contains(&*ty) {
                continue;
            }
            // As the reference's map of wanted blocks: a later schema entry for the same type
            // replaces an earlier one.
            let Some(i) = schema.blocks.iter().rposition(|s| s.type_name == *ty) else {
                continue;
            };
            let block_s = &schema.blocks[i];
            let want = block_s.label_names.len();
            let labels: Vec<_> = b.labels().collect();
            let context = || self.range(b.type_span().to(b.open_brace_span()));
            if labels.len() > want {
                let detail = if want == 0 {
                    format!("No labels are expected for {ty} blocks.")
                } else {
                    format!("Only {want} labels ({}) are expected for {ty} blocks.", block_s.label_names.join(", "))
                };
                diags.push(
                    Diagnostic::error(format!("Extraneous label for {ty}"), detail)
                        .with_subject(self.range(labels[want].span()))
                        .with_context(context()),
                );
                continue;
            }
            if labels.len() < want {
                diags.push(
                    Diagnostic::error(
                        format!("Missing {} for {ty}", block_s.label_names[labels.len()]),
                        format!("All {ty} blocks must have {want} labels ({}).", block_s.label_names.join(", ")),
                    )
                    .with_subject(self.range(b.open_brace_span()))
                    .with_context(context()),
                );
                continue;
            }
            // One string for the type of all the blocks of a schema entry.
            let type_name = type_names[i].get_or_insert_with(|| Arc::from(block_s.type_name.as_str())).clone();
            blocks.push(self.block(b, type_name));
        }
        let content = BodyContent { attributes: attrs, blocks, missing_item_range: self.missing_item_range() };
        (content, diags)
    }
}

impl AttributeRangeSource for Tree {
    fn attribute_range(&self, id: u32) -> Range {
        self.range(ast::Attribute { t: self, id }.span())
    }
    fn attribute_name_range(&self, id: u32) -> Range {
        self.range(ast::Attribute { t: self, id }.name_span())
    }
}

impl BlockRangeSource for Tree {
    fn def_range(&self, id: u32) -> Range {
        self.range(ast::Block { t: self, id }.def_span())
    }
    fn type_range(&self, id: u32) -> Range {
        self.range(ast::Block { t: self, id }.type_span())
    }
    fn label_ranges(&self, id: u32) -> Vec<Range> {
        ast::Block { t: self, id }.labels().map(|l| self.range(l.span())).collect()
    }
}

impl fmt::Debug for NativeBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NativeBody")
            .field("file", self.tree.filename())
            .field("span", &self.syntax().span())
            .field("hidden_attrs", &self.hidden.attrs)
            .field("hidden_blocks", &self.hidden.blocks)
            .finish()
    }
}

impl Body for NativeBody {
    fn blocks(&self) -> Vec<Block> {
        self.syntax()
            .blocks()
            .filter(|b| !self.hidden.blocks.contains(b.block_type().as_ref()))
            .map(|b| self.block(b, Arc::from(b.block_type().as_ref())))
            .collect()
    }

    fn expressions(&self) -> Vec<Arc<dyn Expression>> {
        // The body's own items less the hidden ones, then nested blocks' items, in source
        // order (a stack of bodies to walk: nesting is bounded by the parser, but a loop
        // needs no bound at all).
        let mut out: Vec<Arc<dyn Expression>> = Vec::new();
        let mut stack = vec![(self.syntax(), true)];
        while let Some((body, top)) = stack.pop() {
            let mut nested = Vec::new();
            for item in body.items() {
                match item {
                    ast::BodyItem::Attribute(a) => {
                        if top && self.hidden.attrs.contains(a.name()) {
                            continue;
                        }
                        out.push(Arc::new(NativeExpression::new_unchecked(self.tree.clone(), a.expr().id())));
                    }
                    ast::BodyItem::Block(b) => {
                        if !(top && self.hidden.blocks.contains(b.block_type().as_ref())) {
                            nested.push((b.body(), false));
                        }
                    }
                }
            }
            stack.extend(nested.into_iter().rev());
        }
        out.sort_by_key(|e| e.range().start.byte);
        out
    }

    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics) {
        let (content, mut diags) = self.collect(schema);
        let body = self.syntax();

        for a in body.attributes() {
            let name = a.name();
            // Hidden in what `partial` would leave: hidden already, or taken now.
            if self.hidden.attrs.contains(name) || content.attributes.contains_key(name) {
                continue;
            }
            let unused =
                schema.attributes.iter().filter(|s| !content.attributes.contains_key(&s.name)).map(|s| s.name.as_str());
            let suggestion = match name_suggestion(name, unused) {
                Some(s) => format!(" Did you mean {}?", go_quote(s)),
                None if schema.blocks.iter().any(|b| b.type_name == name) => {
                    format!(" Did you mean to define a block of type {}?", go_quote(name))
                }
                None => String::new(),
            };
            diags.push(
                Diagnostic::error(
                    "Unsupported argument",
                    format!("An argument named {} is not expected here.{suggestion}", go_quote(name)),
                )
                .with_subject(self.range(a.name_span())),
            );
        }

        for b in body.blocks() {
            let ty = b.block_type();
            if self.hidden.blocks.contains(&*ty) || schema.blocks.iter().any(|s| s.type_name == *ty) {
                continue;
            }
            let suggestion = match name_suggestion(&ty, schema.blocks.iter().map(|s| s.type_name.as_str())) {
                Some(s) => format!(" Did you mean {}?", go_quote(s)),
                None if schema.attributes.iter().any(|a| a.name == *ty) => format!(
                    " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
                    go_quote(&ty)
                ),
                None => String::new(),
            };
            diags.push(
                Diagnostic::error(
                    "Unsupported block type",
                    format!("Blocks of type {} are not expected here.{suggestion}", go_quote(&ty)),
                )
                .with_subject(self.range(b.type_span())),
            );
        }
        (content, diags)
    }

    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Arc<dyn Body>, Diagnostics) {
        let (content, remain, diags) = self.partial(schema);
        (content, Arc::new(remain), diags)
    }

    fn just_attributes(&self) -> (Attributes, Diagnostics) {
        let body = self.syntax();
        let mut diags = Diagnostics::new();
        if let Some(b) = body.blocks().next() {
            diags.push(
                Diagnostic::error(
                    format!("Unexpected {} block", go_quote(&b.block_type())),
                    "Blocks are not allowed here.",
                )
                .with_subject(self.range(b.type_span())),
            );
        }
        let mut attrs = Attributes::new();
        for a in body.attributes() {
            if !self.hidden.attrs.contains(a.name()) {
                attrs.insert(a.name().to_owned(), self.attribute(a));
            }
        }
        (attrs, diags)
    }

    fn missing_item_range(&self) -> Range {
        self.range(self.syntax().missing_item_span())
    }
}
