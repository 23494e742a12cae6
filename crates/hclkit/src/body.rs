//! The information model: bodies, attributes, blocks and expressions, independent of syntax
//! (the reference's `hcl.Body`, `hcl.Expression` and schema types).
//!
//! A configuration file is a [`Body`]: attributes (`name = expr`) and blocks
//! (`type "label" { body }`). An application decodes a body by asking for its
//! [`content`](Body::content) under a [`BodySchema`], which says which attributes and block
//! types are expected; the body checks what it holds against the schema and reports what does
//! not fit. Each syntax (native, JSON) implements [`Body`] and [`Expression`]; everything
//! above (evaluation of attributes, spec decoding) works on `Arc<dyn Body>` and
//! `Arc<dyn Expression>`.
//!
//! Static analysis, for applications that read expressions without evaluating them (a list of
//! references, a function-call-shaped type constraint), goes through the free functions
//! [`expr_list`], [`expr_map`], [`expr_call`], [`abs_traversal_for_expr`],
//! [`rel_traversal_for_expr`] and [`expr_as_keyword`], which call the hooks of
//! [`Expression`].
//!
//! ```
//! use hclkit::body::{Body, BodySchema};
//! use hclkit::syntax::native::NativeBody;
//!
//! let (file, diags) = hclkit::parse_config(b"name = \"web\"\nlisten { port = 80 }\n".as_slice(), "main.hcl").into_parts();
//! assert!(diags.is_empty());
//! let body = NativeBody::from_file(&file);
//! let schema = BodySchema::new().attribute("name", true).block("listen", &[]);
//! let (content, diags) = body.content(&schema);
//! assert!(diags.is_empty());
//! assert!(content.attributes.contains_key("name"));
//! assert_eq!(&*content.blocks[0].type_name, "listen");
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use hclkit_value::Value;

use crate::context::EvalContext;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::pos::Range;
use crate::traversal::Traversal;

/// A body: the attributes and blocks inside a file or a block (the reference's `hcl.Body`).
///
/// Implementations are immutable; methods that "consume" part of a body
/// ([`partial_content`](Body::partial_content)) return a new body for the rest.
///
/// ```
/// use hclkit::body::{Body, BodySchema};
/// use hclkit::syntax::native::NativeBody;
///
/// let src = "name = \"web\"\nport = 80\nextra { }\n";
/// let file = hclkit::parse_config(src.as_bytes(), "main.hcl").into_value();
/// let body = NativeBody::from_file(&file);
///
/// // `content` reports what the schema does not name...
/// let (_, diags) = body.content(&BodySchema::new().attribute("name", true));
/// let summaries: Vec<&str> = diags.iter().map(|d| &*d.summary).collect();
/// assert_eq!(summaries, ["Unsupported argument", "Unsupported block type"]);
///
/// // ...`partial_content` leaves it in the rest of the body.
/// let (content, rest, diags) = body.partial_content(&BodySchema::new().attribute("name", true));
/// assert!(diags.is_empty());
/// assert!(content.attributes.contains_key("name"));
/// let (more, diags) = rest.content(&BodySchema::new().attribute("port", true).block("extra", &[]));
/// assert!(diags.is_empty());
/// assert!(more.attributes.contains_key("port") && !more.attributes.contains_key("name"));
///
/// // A required attribute that is missing is reported where it would go.
/// let (_, diags) = rest.content(&BodySchema::new().attribute("size", true).attribute("port", false).block("extra", &[]));
/// assert_eq!(diags[0].summary, "Missing required argument");
/// assert_eq!(diags[0].subject, Some(rest.missing_item_range()));
///
/// // `just_attributes` is for bodies of arbitrary attribute names, without blocks.
/// let (attrs, diags) = body.just_attributes();
/// assert_eq!(attrs.len(), 2);
/// assert_eq!(diags[0].summary, "Unexpected \"extra\" block");
/// ```
pub trait Body: Send + Sync + fmt::Debug {
    /// The body's content under `schema`: the attributes and blocks the schema names, and an
    /// error for everything else in the body ("Unsupported argument", "Unsupported block
    /// type"), for each required attribute that is missing ("Missing required argument") and
    /// for each block with the wrong number of labels.
    fn content(&self, schema: &BodySchema) -> (BodyContent, Diagnostics);

    /// Like [`content`](Body::content), but what the schema does not name is not an error: it
    /// is left in the returned body, from which the attributes and block types `schema` names
    /// are hidden.
    fn partial_content(&self, schema: &BodySchema) -> (BodyContent, Arc<dyn Body>, Diagnostics);

    /// All attributes of the body, for bodies that have only attributes with arbitrary names
    /// (a block inside is an error, "Unexpected ... block").
    fn just_attributes(&self) -> (Attributes, Diagnostics);

    /// Where an item that is missing from the body would go: the range diagnostics about
    /// missing items point at.
    fn missing_item_range(&self) -> Range;

    /// Whether the body stands for content not known yet (the reference's
    /// `hcldec.UnknownBody`): a block generated by a `dynamic` block whose `for_each` value is
    /// unknown. Its attributes evaluate to the dynamic value; a decoder that collects blocks
    /// into a list, set or map makes the whole collection unknown when one block's body is.
    /// `false` for ordinary bodies.
    fn is_unknown(&self) -> bool {
        false
    }

    /// Every block written directly in the body, of any type, in source order, for a walk
    /// without a schema. The native syntax lists them; the JSON syntax cannot tell a block
    /// from an object without a schema and lists none (the default).
    ///
    /// ```
    /// use hclkit::body::Body;
    /// use hclkit::syntax::native::NativeBody;
    ///
    /// let file = hclkit::parse_config(b"a = 1\nb \"x\" {\n}\nc {\n}\n".as_slice(), "main.hcl").into_value();
    /// let types: Vec<String> = NativeBody::from_file(&file).blocks().iter().map(|b| b.type_name.to_string()).collect();
    /// assert_eq!(types, ["b", "c"]);
    /// ```
    fn blocks(&self) -> Vec<Block> {
        Vec::new()
    }

    /// Every expression written in the body, nested blocks' included, in source order: what
    /// a static analysis walks without a schema (references, a language server's "find
    /// uses"). The default takes [`just_attributes`](Body::just_attributes), which is all
    /// there is in a body of attributes only and, in the JSON syntax, all there is anywhere
    /// (a nested block is a property whose value holds its content); the native syntax walks
    /// its nested blocks too.
    ///
    /// ```
    /// use hclkit::body::Body;
    /// use hclkit::syntax::native::NativeBody;
    ///
    /// let file = hclkit::parse_config(b"a = var.x\nb {\n  c = local.y\n}\n".as_slice(), "main.hcl").into_value();
    /// let exprs = NativeBody::from_file(&file).expressions();
    /// let vars: Vec<String> = exprs.iter().flat_map(|e| e.variables()).map(|t| t.to_string()).collect();
    /// assert_eq!(vars, ["var.x", "local.y"]);
    /// ```
    fn expressions(&self) -> Vec<Arc<dyn Expression>> {
        let (attrs, _) = self.just_attributes();
        let mut out: Vec<Arc<dyn Expression>> = attrs.into_values().map(|a| a.expr).collect();
        out.sort_by_key(|e| e.range().start.byte);
        out
    }
}

/// An expression (the reference's `hcl.Expression`): something that yields a value when
/// evaluated, and that static analysis can inspect.
///
/// The static-analysis hooks (`as_list`, `as_map`, `as_call`, `as_traversal`) return `None`
/// by default; a syntax implements those its expressions can support. A wrapper expression
/// returns the wrapped one from [`unwrap_expression`](Expression::unwrap_expression), and the
/// free functions ([`expr_list`], ...) try each expression of the unwrap chain in turn, as the
/// reference's `UnwrapExpressionUntil` does.
///
/// ```
/// use hclkit::body::Expression;
/// use hclkit::eval::EvalContext;
/// use hclkit::syntax::native::NativeExpression;
/// use hclkit_value::Value;
///
/// let e = hclkit::parse_expression(b"[for s in servers : \"${s}.${domain}\"]".as_slice(), "x.hcl").into_value();
/// let expr = NativeExpression::from_expr_file(&e);
/// // The variables it needs (not `s`, which the `for` binds):
/// let vars: Vec<String> = expr.variables().iter().map(|t| t.to_string()).collect();
/// assert_eq!(vars, ["servers", "domain"]);
/// assert_eq!(expr.range().to_string(), "x.hcl:1,1-38");
/// assert_eq!(expr.start_range().to_string(), "x.hcl:1,1-2");
///
/// let ctx = EvalContext::new()
///     .with_variable("servers", Value::tuple(vec![Value::string("a"), Value::string("b")]))
///     .with_variable("domain", Value::string("example.com"));
/// let (v, diags) = expr.value(Some(&ctx));
/// assert!(diags.is_empty());
/// assert_eq!(v, Value::tuple(vec![Value::string("a.example.com"), Value::string("b.example.com")]));
/// ```
pub trait Expression: Send + Sync + fmt::Debug {
    /// Evaluates the expression with the given variables and functions (`None`: no
    /// variables, no functions).
    fn value(&self, ctx: Option<&EvalContext>) -> (Value, Diagnostics);

    /// Every variable the expression refers to, as absolute traversals, in source order
    /// (names bound inside the expression, such as a `for` expression's, are excluded).
    fn variables(&self) -> Vec<Traversal>;

    /// The expression's source range.
    fn range(&self) -> Range;

    /// The range of the expression's beginning (an opening bracket, a function's name and
    /// parenthesis, ...), for diagnostics about the expression as a whole.
    fn start_range(&self) -> Range;

    /// Static list hook: the element expressions, if the expression is a list (tuple)
    /// constructor.
    fn as_list(&self) -> Option<Vec<Arc<dyn Expression>>> {
        None
    }

    /// Static map hook: the key and value expressions, if the expression is an object
    /// constructor.
    fn as_map(&self) -> Option<Vec<KeyValuePair>> {
        None
    }

    /// Static call hook: the function name and argument expressions, if the expression is a
    /// function call.
    fn as_call(&self) -> Option<StaticCall> {
        None
    }

    /// Traversal hook: the expression as an absolute traversal, if it is a variable
    /// reference with only attribute and constant-index steps. The keywords `true`, `false`
    /// and `null` are traversals with that root name.
    fn as_traversal(&self) -> Option<Traversal> {
        None
    }

    /// For wrapper expressions: the wrapped expression.
    fn unwrap_expression(&self) -> Option<Arc<dyn Expression>> {
        None
    }

    /// Every function call in the expression, in source order, with the ranges of the
    /// function's name and of the whole call: the other half of an expression's references
    /// beside [`variables`](Expression::variables). A wrapper reports the wrapped expression's;
    /// other expressions without calls (the default) none.
    ///
    /// ```
    /// use hclkit::body::Expression;
    /// use hclkit::syntax::native::NativeExpression;
    ///
    /// let e = hclkit::parse_expression(b"upper(format(\"%s\", var.x))".as_slice(), "x.hcl").into_value();
    /// let calls = NativeExpression::from_expr_file(&e).functions();
    /// let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    /// assert_eq!(names, ["upper", "format"]);
    /// assert_eq!((calls[1].name_range.start.column, calls[1].name_range.end.column), (7, 13));
    /// ```
    fn functions(&self) -> Vec<FunctionRef> {
        match self.unwrap_expression() {
            Some(inner) => inner.functions(),
            None => Vec::new(),
        }
    }
}

/// A function call found by static analysis ([`Expression::functions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionRef {
    /// The function's name as the function table is searched for it (`upper`,
    /// `provider::aws::arn_parse`).
    pub name: String,
    /// The name's range.
    pub name_range: Range,
    /// The whole call's range, arguments included.
    pub range: Range,
}

/// Which attributes and blocks a body is expected to have (the reference's
/// `hcl.BodySchema`).
///
/// ```
/// use hclkit::body::{AttributeSchema, BlockHeaderSchema, Body, BodySchema};
/// use hclkit::syntax::native::NativeBody;
///
/// let schema = BodySchema::new().attribute("name", true).block("listener", &["protocol", "port"]);
/// assert_eq!(schema.attributes, [AttributeSchema { name: "name".into(), required: true }]);
/// assert_eq!(
///     schema.blocks,
///     [BlockHeaderSchema { type_name: "listener".into(), label_names: vec!["protocol".into(), "port".into()] }]
/// );
///
/// let file = hclkit::parse_config(b"name = \"lb\"\nlistener \"tcp\" { }\n".as_slice(), "main.hcl").into_value();
/// let (_, diags) = NativeBody::from_file(&file).content(&schema);
/// assert_eq!(diags[0].summary, "Missing port for listener");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BodySchema {
    /// The expected attributes.
    pub attributes: Vec<AttributeSchema>,
    /// The expected block types.
    pub blocks: Vec<BlockHeaderSchema>,
}

impl BodySchema {
    /// An empty schema.
    pub fn new() -> BodySchema {
        BodySchema::default()
    }

    /// Adds an expected attribute.
    pub fn attribute(mut self, name: impl Into<String>, required: bool) -> BodySchema {
        self.attributes.push(AttributeSchema { name: name.into(), required });
        self
    }

    /// Adds an expected block type with the given label names.
    pub fn block(mut self, type_name: impl Into<String>, label_names: &[&str]) -> BodySchema {
        let label_names = label_names.iter().map(|s| s.to_string()).collect();
        self.blocks.push(BlockHeaderSchema { type_name: type_name.into(), label_names });
        self
    }

    /// Checks the schema against the information model's rules: within a schema it is an
    /// error to name the same attribute twice, or a block type whose name is also an
    /// attribute name (syntaxes such as JSON have one namespace for both, so no body could
    /// satisfy it). One error diagnostic per offending name, in schema order: "Duplicate
    /// attribute in schema" or "Conflicting schema". A schema is built in code, not read
    /// from a file, so these diagnostics have no source range.
    ///
    /// Bodies do not make this check themselves: the reference's bodies accept such a
    /// schema (an attribute and blocks of the same name are each decoded as usual, and of two
    /// attribute schemas of one name the later wins), and `hcldec` must decode as the
    /// reference does. An application that wants the specification's strictness calls
    /// `validate` before [`Body::content`].
    ///
    /// ```
    /// use hclkit::body::BodySchema;
    ///
    /// assert!(BodySchema::new().attribute("a", true).block("b", &[]).validate().is_empty());
    /// let diags = BodySchema::new().attribute("a", true).block("a", &[]).validate();
    /// assert_eq!(diags[0].summary, "Conflicting schema");
    /// assert_eq!(
    ///     diags[0].detail,
    ///     "The schema names \"a\" both as an attribute and as a block type; a body cannot have both."
    /// );
    /// ```
    pub fn validate(&self) -> Diagnostics {
        let mut diags = Diagnostics::new();
        for (i, a) in self.attributes.iter().enumerate() {
            // Report a name once, at its second occurrence.
            if self.attributes[..i].iter().filter(|b| b.name == a.name).count() == 1 {
                diags.push(Diagnostic::error(
                    "Duplicate attribute in schema",
                    format!("The schema names the attribute \"{}\" more than once.", a.name),
                ));
            }
        }
        for name in self.conflicts() {
            diags.push(Diagnostic::error(
                "Conflicting schema",
                format!(
                    "The schema names \"{name}\" both as an attribute and as a block type; a body cannot have both."
                ),
            ));
        }
        diags
    }

    /// The names given both as an attribute and as a block type, in schema order. No body
    /// can satisfy such a schema; bodies do not report it (neither does the reference's
    /// native body: an attribute and blocks of that name are each decoded as usual), so a
    /// caller that wants the check makes it with this or with [`validate`](Self::validate).
    ///
    /// ```
    /// use hclkit::body::BodySchema;
    /// let schema = BodySchema::new().attribute("tags", false).attribute("name", true).block("tags", &[]);
    /// assert_eq!(schema.conflicts(), ["tags"]);
    /// ```
    pub fn conflicts(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for a in &self.attributes {
            if self.blocks.iter().any(|b| b.type_name == a.name) && !out.contains(&a.name.as_str()) {
                out.push(&a.name);
            }
        }
        out
    }
}

/// An expected attribute (the reference's `hcl.AttributeSchema`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AttributeSchema {
    /// The attribute name.
    pub name: String,
    /// Whether a body without it is an error.
    pub required: bool,
}

/// An expected block type (the reference's `hcl.BlockHeaderSchema`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BlockHeaderSchema {
    /// The block type.
    pub type_name: String,
    /// The names of the labels; blocks must have exactly this many labels.
    pub label_names: Vec<String>,
}

/// The attributes of a body, by name (the reference's `hcl.Attributes`).
pub type Attributes = BTreeMap<String, Attribute>;

/// What a body holds under a schema (the reference's `hcl.BodyContent`).
#[derive(Clone, Debug, Default)]
pub struct BodyContent {
    /// The attributes found, by name.
    pub attributes: Attributes,
    /// The blocks found, in source order.
    pub blocks: Vec<Block>,
    /// The body's [`missing_item_range`](Body::missing_item_range).
    pub missing_item_range: Range,
}

impl BodyContent {
    /// The blocks of one type, in source order (the reference's `Blocks.OfType`).
    ///
    /// ```
    /// use hclkit::body::{Body, BodySchema};
    /// use hclkit::syntax::native::NativeBody;
    ///
    /// let src = "disk \"a\" {}\nnic {}\ndisk \"b\" {}\n";
    /// let file = hclkit::parse_config(src.as_bytes(), "vm.hcl").into_value();
    /// let schema = BodySchema::new().block("disk", &["name"]).block("nic", &[]);
    /// let (content, _) = NativeBody::from_file(&file).content(&schema);
    /// assert_eq!(content.blocks.len(), 3);
    /// let disks: Vec<&str> = content.blocks_of_type("disk").map(|b| b.labels[0].as_str()).collect();
    /// assert_eq!(disks, ["a", "b"]);
    /// ```
    pub fn blocks_of_type<'a>(&'a self, type_name: &'a str) -> impl Iterator<Item = &'a Block> + 'a {
        self.blocks.iter().filter(move |b| *b.type_name == *type_name)
    }
}

/// An attribute (the reference's `hcl.Attribute`).
///
/// ```
/// use hclkit::body::Body;
/// use hclkit::syntax::native::NativeBody;
/// use hclkit_value::Value;
///
/// let file = hclkit::parse_config(b"port = 8000 + 80\n".as_slice(), "main.hcl").into_value();
/// let (attrs, _) = NativeBody::from_file(&file).just_attributes();
/// let port = &attrs["port"];
/// assert_eq!(port.name, "port");
/// assert_eq!(port.range().to_string(), "main.hcl:1,1-17");
/// assert_eq!(port.name_range().to_string(), "main.hcl:1,1-5");
/// assert_eq!(port.expr.value(None).0, Value::number(8080));
/// ```
///
/// Its ranges are methods, as a [`Block`]'s are: an attribute from the native syntax works them
/// out from the syntax tree when asked (most attributes are decoded without either).
#[derive(Clone)]
pub struct Attribute {
    /// The name.
    pub name: String,
    /// The value expression.
    pub expr: Arc<dyn Expression>,
    ranges: AttributeRanges,
}

/// Where an [`Attribute`]'s ranges come from.
#[derive(Clone)]
enum AttributeRanges {
    /// Given when the attribute was made: the whole definition, the name.
    Given(Box<(Range, Range)>),
    /// Worked out on demand by the syntax tree the attribute comes from (`id`: its node there).
    Lazy(Arc<dyn AttributeRangeSource>, u32),
}

/// A syntax tree that works out the ranges of its attributes on demand (the native syntax's).
pub(crate) trait AttributeRangeSource: Send + Sync {
    /// The range of the attribute `id`'s whole definition.
    fn attribute_range(&self, id: u32) -> Range;
    /// The range of the attribute `id`'s name.
    fn attribute_name_range(&self, id: u32) -> Range;
}

impl Attribute {
    /// An attribute with its ranges given: `range`, the whole definition's, and `name_range`,
    /// the name's.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hclkit::body::{Attribute, StaticExpression};
    /// use hclkit::Range;
    /// use hclkit_value::Value;
    ///
    /// let expr = Arc::new(StaticExpression { value: Value::number(1), range: Range::default() });
    /// let attr = Attribute::new("size", expr, Range::default(), Range::default());
    /// assert_eq!((attr.name.as_str(), attr.range()), ("size", Range::default()));
    /// ```
    pub fn new(name: impl Into<String>, expr: Arc<dyn Expression>, range: Range, name_range: Range) -> Attribute {
        Attribute { name: name.into(), expr, ranges: AttributeRanges::Given(Box::new((range, name_range))) }
    }

    /// An attribute whose ranges `source` works out when asked.
    pub(crate) fn lazy(
        name: String,
        expr: Arc<dyn Expression>,
        source: Arc<dyn AttributeRangeSource>,
        id: u32,
    ) -> Attribute {
        Attribute { name, expr, ranges: AttributeRanges::Lazy(source, id) }
    }

    /// The range of the whole definition.
    pub fn range(&self) -> Range {
        match &self.ranges {
            AttributeRanges::Given(r) => r.0.clone(),
            AttributeRanges::Lazy(source, id) => source.attribute_range(*id),
        }
    }

    /// The range of the name.
    pub fn name_range(&self) -> Range {
        match &self.ranges {
            AttributeRanges::Given(r) => r.1.clone(),
            AttributeRanges::Lazy(source, id) => source.attribute_name_range(*id),
        }
    }
}

/// As a derived `Debug` with the ranges as fields would print it.
impl fmt::Debug for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Attribute")
            .field("name", &self.name)
            .field("expr", &self.expr)
            .field("range", &self.range())
            .field("name_range", &self.name_range())
            .finish()
    }
}

/// A block (the reference's `hcl.Block`).
///
/// Its ranges are methods: a block from the native syntax works them out from the syntax
/// tree when asked (most blocks of a large content are decoded without any), which keeps a
/// block at 88 bytes. [`Block::new`] makes a block with ranges given.
///
/// ```
/// use hclkit::body::{Body, BodySchema};
/// use hclkit::syntax::native::NativeBody;
///
/// let file = hclkit::parse_config(b"resource \"disk\" \"data\" {\n  size = 10\n}\n".as_slice(), "main.hcl").into_value();
/// let (content, _) = NativeBody::from_file(&file).content(&BodySchema::new().block("resource", &["type", "name"]));
/// let block = &content.blocks[0];
/// assert_eq!((&*block.type_name, block.labels.as_slice()), ("resource", &["disk".to_string(), "data".to_string()][..]));
/// assert_eq!(block.type_range().to_string(), "main.hcl:1,1-9");
/// assert_eq!(block.label_ranges()[1].to_string(), "main.hcl:1,17-23");
/// assert_eq!(block.def_range().to_string(), "main.hcl:1,1-23");
/// let (inner, diags) = block.body.content(&BodySchema::new().attribute("size", true));
/// assert!(diags.is_empty() && inner.attributes.contains_key("size"));
/// ```
#[derive(Clone)]
pub struct Block {
    /// The block type (shared: the blocks of one type that a body's content finds share one
    /// string).
    pub type_name: Arc<str>,
    /// The label values.
    pub labels: Vec<String>,
    /// The block's body.
    pub body: Arc<dyn Body>,
    ranges: BlockRanges,
}

/// Where a [`Block`]'s ranges come from.
#[derive(Clone)]
enum BlockRanges {
    /// Given when the block was made: definition, type, labels.
    Given(Box<(Range, Range, Vec<Range>)>),
    /// Worked out on demand by the syntax tree the block comes from (`id`: its node there).
    Lazy(Arc<dyn BlockRangeSource>, u32),
}

/// A syntax tree that works out the ranges of its blocks on demand (the native syntax's).
pub(crate) trait BlockRangeSource: Send + Sync {
    /// The range of the block `id`'s header, from the type to the last label.
    fn def_range(&self, id: u32) -> Range;
    /// The range of the block `id`'s type name.
    fn type_range(&self, id: u32) -> Range;
    /// The range of each of the block `id`'s labels.
    fn label_ranges(&self, id: u32) -> Vec<Range>;
}

impl Block {
    /// A block with its ranges given: `def_range`, the header from the type to the last
    /// label (where an editor would jump to for the block's definition), `type_range`, the
    /// type name's, and `label_ranges`, each label's.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hclkit::body::{Block, Body};
    /// use hclkit::syntax::native::NativeBody;
    /// use hclkit::Range;
    ///
    /// let file = hclkit::parse_config(b"size = 1\n".as_slice(), "inner.hcl").into_value();
    /// let body: Arc<dyn Body> = Arc::new(NativeBody::from_file(&file));
    /// let block = Block::new("disk", vec!["a".into()], body, Range::default(), Range::default(), vec![Range::default()]);
    /// assert_eq!(block.label_ranges().len(), 1);
    /// assert_eq!(block.def_range(), Range::default());
    /// ```
    pub fn new(
        type_name: impl Into<Arc<str>>,
        labels: Vec<String>,
        body: Arc<dyn Body>,
        def_range: Range,
        type_range: Range,
        label_ranges: Vec<Range>,
    ) -> Block {
        Block {
            type_name: type_name.into(),
            labels,
            body,
            ranges: BlockRanges::Given(Box::new((def_range, type_range, label_ranges))),
        }
    }

    /// A block whose ranges `source` works out when asked.
    pub(crate) fn lazy(
        type_name: Arc<str>,
        labels: Vec<String>,
        body: Arc<dyn Body>,
        source: Arc<dyn BlockRangeSource>,
        id: u32,
    ) -> Block {
        Block { type_name, labels, body, ranges: BlockRanges::Lazy(source, id) }
    }

    /// The range of the header, from the type to the last label (where an editor would jump
    /// to for the block's definition).
    pub fn def_range(&self) -> Range {
        match &self.ranges {
            BlockRanges::Given(r) => r.0.clone(),
            BlockRanges::Lazy(source, id) => source.def_range(*id),
        }
    }

    /// The range of the type name.
    pub fn type_range(&self) -> Range {
        match &self.ranges {
            BlockRanges::Given(r) => r.1.clone(),
            BlockRanges::Lazy(source, id) => source.type_range(*id),
        }
    }

    /// The range of each label.
    pub fn label_ranges(&self) -> Vec<Range> {
        match &self.ranges {
            BlockRanges::Given(r) => r.2.clone(),
            BlockRanges::Lazy(source, id) => source.label_ranges(*id),
        }
    }
}

/// As a derived `Debug` with the ranges as fields would print it.
impl fmt::Debug for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Block")
            .field("type_name", &self.type_name)
            .field("labels", &self.labels)
            .field("body", &self.body)
            .field("def_range", &self.def_range())
            .field("type_range", &self.type_range())
            .field("label_ranges", &self.label_ranges())
            .finish()
    }
}

/// A key and value of a static map (the reference's `hcl.KeyValuePair`).
#[derive(Clone, Debug)]
pub struct KeyValuePair {
    /// The key expression (in the native syntax, a bare identifier evaluates to its name).
    pub key: Arc<dyn Expression>,
    /// The value expression.
    pub value: Arc<dyn Expression>,
}

/// A function call seen statically (the reference's `hcl.StaticCall`).
#[derive(Clone, Debug)]
pub struct StaticCall {
    /// The function's name.
    pub name: String,
    /// The name's range.
    pub name_range: Range,
    /// The argument expressions.
    pub arguments: Vec<Arc<dyn Expression>>,
    /// The range from the opening to the closing parenthesis.
    pub args_range: Range,
}

/// An expression that always has the same value (the reference's `hcl.StaticExpr`); it
/// refers to no variables.
///
/// ```
/// use hclkit::body::{Expression, StaticExpression};
/// use hclkit::Range;
/// use hclkit_value::Value;
///
/// let e = StaticExpression { value: Value::string("default"), range: Range::default() };
/// assert_eq!(e.value(None), (Value::string("default"), hclkit::Diagnostics::new()));
/// assert!(e.variables().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct StaticExpression {
    /// The value.
    pub value: Value,
    /// The range reported for the expression.
    pub range: Range,
}

impl Expression for StaticExpression {
    fn value(&self, _ctx: Option<&EvalContext>) -> (Value, Diagnostics) {
        (self.value.clone(), Diagnostics::new())
    }
    fn variables(&self) -> Vec<Traversal> {
        Vec::new()
    }
    fn range(&self) -> Range {
        self.range.clone()
    }
    fn start_range(&self) -> Range {
        self.range.clone()
    }
}

/// The longest unwrap chain followed (a guard against wrappers that wrap themselves).
const MAX_UNWRAP: usize = 1000;

/// Applies `hook` to `expr` and then to each expression it wraps, until one answers.
fn first_in_unwrap_chain<T>(expr: &dyn Expression, hook: impl Fn(&dyn Expression) -> Option<T>) -> Option<T> {
    if let Some(v) = hook(expr) {
        return Some(v);
    }
    let mut cur = expr.unwrap_expression()?;
    for _ in 0..MAX_UNWRAP {
        if let Some(v) = hook(&*cur) {
            return Some(v);
        }
        cur = cur.unwrap_expression()?;
    }
    None
}

fn invalid_expression(detail: &'static str, subject: Range) -> Diagnostics {
    Diagnostics::from(vec![Diagnostic::error("Invalid expression", detail).with_subject(subject)])
}

/// The elements of a static list expression (the reference's `hcl.ExprList`): in the native
/// syntax, a tuple constructor `[a, b]`; the element expressions are not evaluated.
///
/// ```
/// use hclkit::body::expr_list;
/// use hclkit::syntax::native::NativeExpression;
///
/// let e = hclkit::parse_expression(b"[a, b.c, 1]".as_slice(), "x").into_value();
/// let list = expr_list(&NativeExpression::from_expr_file(&e)).unwrap();
/// assert_eq!(list.len(), 3);
/// ```
pub fn expr_list(expr: &dyn Expression) -> Result<Vec<Arc<dyn Expression>>, Diagnostics> {
    first_in_unwrap_chain(expr, |e| e.as_list())
        .ok_or_else(|| invalid_expression("A static list expression is required.", expr.start_range()))
}

/// The items of a static map expression (the reference's `hcl.ExprMap`): in the native
/// syntax, an object constructor `{a = 1}`; nothing is evaluated.
///
/// ```
/// use hclkit::body::expr_map;
/// use hclkit::syntax::native::NativeExpression;
/// use hclkit_value::Value;
///
/// let e = hclkit::parse_expression(b"{ name = var.name, (k) = 2 }".as_slice(), "x.hcl").into_value();
/// let items = expr_map(&NativeExpression::from_expr_file(&e)).unwrap();
/// assert_eq!(items.len(), 2);
/// // A bare identifier key is its name; the value is not evaluated.
/// assert_eq!(items[0].key.value(None).0, Value::string("name"));
/// assert_eq!(items[0].value.variables()[0].to_string(), "var.name");
/// assert_eq!(items[1].key.variables()[0].to_string(), "k");
///
/// let e = hclkit::parse_expression(b"[1]".as_slice(), "x.hcl").into_value();
/// let diags = expr_map(&NativeExpression::from_expr_file(&e)).unwrap_err();
/// assert_eq!(diags[0].detail, "A static map expression is required.");
/// ```
pub fn expr_map(expr: &dyn Expression) -> Result<Vec<KeyValuePair>, Diagnostics> {
    first_in_unwrap_chain(expr, |e| e.as_map())
        .ok_or_else(|| invalid_expression("A static map expression is required.", expr.start_range()))
}

/// The name and arguments of a static function call (the reference's `hcl.ExprCall`);
/// nothing is evaluated or called.
///
/// ```
/// use hclkit::body::expr_call;
/// use hclkit::syntax::native::NativeExpression;
///
/// let e = hclkit::parse_expression(b"list(string)".as_slice(), "x.hcl").into_value();
/// let call = expr_call(&NativeExpression::from_expr_file(&e)).unwrap();
/// assert_eq!(call.name, "list");
/// assert_eq!(call.arguments.len(), 1);
/// assert_eq!(call.name_range.to_string(), "x.hcl:1,1-5");
/// assert_eq!(call.args_range.to_string(), "x.hcl:1,5-13");
/// ```
pub fn expr_call(expr: &dyn Expression) -> Result<StaticCall, Diagnostics> {
    first_in_unwrap_chain(expr, |e| e.as_call())
        .ok_or_else(|| invalid_expression("A static function call is required.", expr.start_range()))
}

/// The expression as an absolute traversal (the reference's `hcl.AbsTraversalForExpr`): a
/// variable name with attribute and constant-index steps, nothing else.
///
/// ```
/// use hclkit::body::abs_traversal_for_expr;
/// use hclkit::syntax::native::NativeExpression;
///
/// let e = hclkit::parse_expression(b"var.list[0]".as_slice(), "x").into_value();
/// let t = abs_traversal_for_expr(&NativeExpression::from_expr_file(&e)).unwrap();
/// assert_eq!(t.to_string(), "var.list[0]");
///
/// let e = hclkit::parse_expression(b"f(x)".as_slice(), "x").into_value();
/// let diags = abs_traversal_for_expr(&NativeExpression::from_expr_file(&e)).unwrap_err();
/// assert_eq!(diags[0].summary, "Invalid expression");
/// ```
pub fn abs_traversal_for_expr(expr: &dyn Expression) -> Result<Traversal, Diagnostics> {
    first_in_unwrap_chain(expr, |e| e.as_traversal()).ok_or_else(|| {
        invalid_expression(
            "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
            expr.range(),
        )
    })
}

/// The expression as a relative traversal (the reference's `hcl.RelTraversalForExpr`): as
/// [`abs_traversal_for_expr`], with the root name turned into an attribute step.
///
/// ```
/// use hclkit::body::rel_traversal_for_expr;
/// use hclkit::syntax::native::NativeExpression;
///
/// let e = hclkit::parse_expression(b"network.subnets[0]".as_slice(), "x.hcl").into_value();
/// let t = rel_traversal_for_expr(&NativeExpression::from_expr_file(&e)).unwrap();
/// assert!(t.is_relative());
/// assert_eq!(t.to_string(), ".network.subnets[0]");
/// ```
pub fn rel_traversal_for_expr(expr: &dyn Expression) -> Result<Traversal, Diagnostics> {
    abs_traversal_for_expr(expr).map(Traversal::into_relative)
}

/// The expression as a single keyword, a bare identifier (the reference's
/// `hcl.ExprAsKeyword`, which returns `""` where this returns `None`).
///
/// ```
/// use hclkit::body::expr_as_keyword;
/// use hclkit::syntax::native::NativeExpression;
///
/// let kw = |s: &str| {
///     let e = hclkit::parse_expression(s.as_bytes(), "x").into_value();
///     expr_as_keyword(&NativeExpression::from_expr_file(&e))
/// };
/// assert_eq!(kw("string").as_deref(), Some("string"));
/// assert_eq!(kw("null").as_deref(), Some("null"));
/// assert_eq!(kw("a.b"), None);
/// ```
pub fn expr_as_keyword(expr: &dyn Expression) -> Option<String> {
    let t = first_in_unwrap_chain(expr, |e| e.as_traversal())?;
    if t.len() == 1 {
        t.root_name().map(str::to_owned)
    } else {
        None
    }
}
