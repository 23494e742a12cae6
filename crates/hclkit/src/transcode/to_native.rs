//! The JSON syntax to native syntax: a JSON body and a [`Schema`] to formatted native text.

use std::collections::HashSet;
use std::sync::Arc;

use crate::diagnostic::{go_quote, Diagnostic, Diagnostics};
use crate::spec::Spec;
use crate::syntax::json::{self, JsonFile, Kind, Node};
use crate::syntax::native::ast::Expr;
use crate::write::{self, bare_key, valid_identifier};
use crate::Span;

/// Which JSON properties of a body are blocks, and how many label levels each has: what the
/// JSON syntax cannot tell by itself. Every property the schema does not name as a block is
/// written as an attribute.
///
/// ```
/// use hclkit::transcode::Schema;
///
/// let service = Schema::new().block("listener", &[], Schema::new());
/// let schema = Schema::new().block("service", &["name"], service);
/// assert_eq!(schema.blocks[0].labels, ["name"]);
/// assert!(Schema::new().blocks.is_empty()); // everything an attribute
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schema {
    /// The block types of the body, in the order the schema names them.
    pub blocks: Vec<BlockSchema>,
}

/// A block type of a [`Schema`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockSchema {
    /// The block type.
    pub type_name: String,
    /// The names of its labels (one JSON object level each), for messages.
    pub labels: Vec<String>,
    /// The schema of the blocks' bodies.
    pub body: Schema,
}

impl Schema {
    /// The schema without blocks: every property an attribute.
    pub fn new() -> Schema {
        Schema::default()
    }

    /// Adds a block type with labels named `labels` and the schema of its bodies.
    pub fn block(mut self, type_name: impl Into<String>, labels: &[&str], body: Schema) -> Schema {
        let labels = labels.iter().map(|l| (*l).to_owned()).collect();
        self.blocks.push(BlockSchema { type_name: type_name.into(), labels, body });
        self
    }

    /// The schema an hcldec spec decodes with: its `block`, `block_list`, `block_set` and
    /// `block_map` specs (with their nested specs) and `block_attrs` specs (whose bodies are
    /// all attributes), from every spec decoding the same body.
    ///
    /// ```
    /// use hclkit::transcode::Schema;
    /// use hclkit::spec::Spec;
    /// use hclkit_value::Type;
    ///
    /// let spec = Spec::object([
    ///     ("name", Spec::attr("name", Type::String, true)),
    ///     ("svc", Spec::block_map("service", vec!["name".into()], Spec::attr("port", Type::Number, false))),
    /// ]);
    /// let schema = Schema::from_spec(&spec);
    /// assert_eq!(schema.blocks[0].type_name, "service");
    /// assert_eq!(schema.blocks[0].labels, ["name"]);
    /// ```
    pub fn from_spec(spec: &Spec) -> Schema {
        let mut s = Schema::new();
        s.collect(spec, 0);
        s
    }

    fn collect(&mut self, spec: &Spec, depth: usize) {
        // Spec trees come from spec files, whose nesting the parser bounds; this bound keeps
        // a hand-built cyclic-looking tree (impossible with `Arc`, but cheap to guard) finite.
        if depth > 256 {
            return;
        }
        let mut add = |name: &str, labels: &[String], nested: Option<&Spec>| {
            if self.blocks.iter().any(|b| b.type_name == name) {
                return;
            }
            let mut body = Schema::new();
            if let Some(n) = nested {
                body.collect(n, depth + 1);
            }
            self.blocks.push(BlockSchema { type_name: name.to_owned(), labels: labels.to_vec(), body });
        };
        match spec {
            Spec::Object(items) => items.values().for_each(|s| self.collect(s, depth + 1)),
            Spec::Tuple(items) => items.iter().for_each(|s| self.collect(s, depth + 1)),
            Spec::Default(primary, default) => {
                self.collect(primary, depth + 1);
                self.collect(default, depth + 1);
            }
            Spec::Transform(t) => self.collect(&t.wrapped, depth + 1),
            Spec::Block(b) => add(&b.type_name, &[], Some(&b.nested)),
            Spec::BlockList(b) | Spec::BlockSet(b) => add(&b.type_name, &[], Some(&b.nested)),
            Spec::BlockMap(b) => add(&b.type_name, &b.labels, Some(&b.nested)),
            Spec::BlockAttrs(b) => add(&b.type_name, &[], None),
            Spec::Attr(_) | Spec::Literal(_) => {}
        }
    }

    fn find(&self, name: &str) -> Option<&BlockSchema> {
        self.blocks.iter().find(|b| b.type_name == name)
    }
}

/// Converts a parsed JSON-syntax file to native syntax, laid out by the formatter
/// ([`format`](crate::format::format)), with `schema` deciding which properties are blocks.
///
/// Attributes become `name = expr`: JSON strings are read as templates (as the JSON syntax
/// does when evaluating with a context), so a string that is one interpolation (`"${a + b}"`)
/// becomes the bare expression (parenthesised when it spans lines) and other strings quoted
/// templates; numbers keep their text; arrays and objects become tuple and object
/// constructors. `"//"` properties of bodies become `#` comments. Returns the text and the
/// diagnostics (errors for what cannot be written: a property name that is not an
/// identifier, a block level that is not an object, a string that is not a valid template).
///
/// ```
/// use hclkit::transcode::{file_to_native, Schema};
///
/// let src = br#"{"//": "a comment", "port": 80, "cmd": "${upper(x)}", "service": {"web": {"tag": "v${n}"}}}"#;
/// let (file, diags) = hclkit::syntax::json::parse(src.as_slice(), "x.json").into_parts();
/// assert!(diags.is_empty());
/// let (text, diags) = file_to_native(&file, &Schema::new().block("service", &["name"], Schema::new()));
/// assert!(diags.is_empty());
/// assert_eq!(text, "# a comment\nport = 80\ncmd  = upper(x)\nservice \"web\" {\n  tag = \"v${n}\"\n}\n");
/// ```
pub fn file_to_native(file: &JsonFile, schema: &Schema) -> (String, Diagnostics) {
    let mut w = Writer { out: write::Writer::new(), diags: Diagnostics::new(), file };
    w.body(file.root(), schema);
    (w.out.finish(), w.diags)
}

/// Parses JSON-syntax source and converts it with [`file_to_native`]; the diagnostics when there
/// are errors (parse errors or conversion errors).
pub fn json_to_native(src: impl Into<Arc<[u8]>>, filename: &str, schema: &Schema) -> Result<String, Diagnostics> {
    let (file, mut diags) = crate::syntax::json::parse(src, filename).into_parts();
    if diags.has_errors() {
        return Err(diags);
    }
    let (text, d) = file_to_native(&file, schema);
    diags.extend(d);
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(text)
    }
}

/// Converts data in the JSON syntax's shape (what [`file_to_json`](super::file_to_json)
/// builds and Python's `hclkit.loads` returns: attributes as properties, blocks as objects
/// with one level per label, `"${...}"` strings for expressions) to formatted native text,
/// with `schema` deciding which properties are blocks: [`json_to_native`] of the node's
/// compact JSON text, named `<data>` (so a diagnostic's range is in that text).
///
/// ```
/// use hclkit::transcode::{data_to_native, Schema};
/// use hclkit_value::json::Node;
///
/// let data = Node::Object(vec![
///     ("region".into(), Node::String("eu-west-1".into())),
///     ("count".into(), Node::String("${var.n + 1}".into())),
///     ("tags".into(), Node::Object(vec![("Name".into(), Node::String("web".into()))])),
/// ]);
/// let text = data_to_native(&data, &Schema::new()).unwrap();
/// assert_eq!(text, "region = \"eu-west-1\"\ncount  = var.n + 1\ntags = {\n  Name = \"web\"\n}\n");
/// // With a schema, `tags` is a block.
/// let text = data_to_native(&data, &Schema::new().block("tags", &[], Schema::new())).unwrap();
/// assert!(text.ends_with("tags {\n  Name = \"web\"\n}\n"));
/// ```
pub fn data_to_native(data: &hclkit_value::json::Node, schema: &Schema) -> Result<String, Diagnostics> {
    json_to_native(data.to_compact().into_bytes(), "<data>", schema)
}

struct Writer<'f> {
    out: write::Writer,
    diags: Diagnostics,
    file: &'f JsonFile,
}

impl Writer<'_> {
    fn error(&mut self, summary: &'static str, detail: String, span: Span) {
        let range = self.file.tree().range(span);
        self.diags.push(Diagnostic::error(summary, detail).with_subject(range));
    }

    /// The objects of a body (or of a block's label level, `label`), as the JSON syntax
    /// reads them: the object itself, each object of an array, none for `null`.
    fn objects<'n>(&mut self, node: Node<'n>, label: Option<&str>) -> Vec<Node<'n>> {
        json::body_objects(self.file.tree(), node, label, &mut self.diags)
    }

    fn body(&mut self, node: Node<'_>, schema: &Schema) {
        for obj in self.objects(node, None) {
            for p in obj.properties() {
                let name = p.name();
                if name == "//" {
                    self.comment(p.value);
                    continue;
                }
                if !valid_identifier(&name) {
                    self.error(
                        "Invalid name",
                        format!(
                            "The property {} cannot be written in the native syntax: attribute and block type names must be identifiers.",
                            go_quote(&name)
                        ),
                        p.name_span(),
                    );
                    continue;
                }
                match schema.find(&name) {
                    Some(b) => {
                        let mut labels = Vec::new();
                        self.blocks(p.value, b, &mut labels);
                    }
                    None => {
                        let mut expr = String::new();
                        self.expr(&mut expr, p.value, 0, true);
                        self.out.attribute(&name, &expr);
                    }
                }
            }
        }
    }

    fn comment(&mut self, value: Node<'_>) {
        let text = match value.as_str() {
            Some(s) => s.into_owned(),
            None => value.source_text().into_owned(),
        };
        self.out.comment(&text);
    }

    /// The blocks of a block property's value, as the JSON syntax reads them: one object level
    /// per label (a level must give a label), then an object (one block), an array (one block
    /// per element, each a body: `null` an empty one) or `null` (no block).
    fn blocks(&mut self, node: Node<'_>, schema: &BlockSchema, labels: &mut Vec<String>) {
        let Some(label) = schema.labels.get(labels.len()) else {
            match node.kind() {
                Kind::Null => {}
                Kind::Object => self.block(node, schema, labels),
                Kind::Array => node.elements().for_each(|body| self.block(body, schema, labels)),
                _ => self.diags.push(json::not_blocks(self.file.tree(), node, &schema.type_name)),
            }
            return;
        };
        let props: Vec<_> = self.objects(node, Some(label)).into_iter().flat_map(|o| o.properties()).collect();
        if props.is_empty() {
            self.diags.push(json::missing_label(self.file.tree(), node, &schema.type_name, label));
            return;
        }
        for p in props {
            labels.push(p.name().into_owned());
            self.blocks(p.value, schema, labels);
            labels.pop();
        }
    }

    /// One block: its type, labels and body (`{}` when the body writes nothing).
    fn block(&mut self, body: Node<'_>, schema: &BlockSchema, labels: &[String]) {
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        self.out.open_block(&schema.type_name, &labels);
        self.body(body, &schema.body);
        self.out.close_block();
    }

    fn expr(&mut self, out: &mut String, node: Node<'_>, level: usize, top: bool) {
        match node.kind() {
            Kind::Null | Kind::Bool | Kind::Number => out.push_str(&node.source_text()),
            Kind::String => {
                let s = node.as_str().unwrap_or_default();
                self.template(out, &s, node.span(), false, top);
            }
            Kind::Array => {
                let items: Vec<Node<'_>> = node.elements().collect();
                let nested = items.iter().any(|e| e.elements().next().is_some() || e.properties().next().is_some());
                if items.is_empty() {
                    out.push_str("[]");
                } else if !nested {
                    out.push('[');
                    for (i, e) in items.into_iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.expr(out, e, level, false);
                    }
                    out.push(']');
                } else {
                    out.push_str("[\n");
                    for e in items {
                        indent(out, level + 1);
                        self.expr(out, e, level + 1, false);
                        out.push_str(",\n");
                    }
                    indent(out, level);
                    out.push(']');
                }
            }
            Kind::Object => {
                if node.properties().next().is_none() {
                    out.push_str("{}");
                    return;
                }
                out.push_str("{\n");
                let mut seen = HashSet::new();
                for p in node.properties() {
                    let name = p.name();
                    if !seen.insert(name.clone()) {
                        self.error(
                            "Duplicate object attribute",
                            format!("An attribute named {} was already defined in this object.", go_quote(&name)),
                            p.name_span(),
                        );
                    }
                    indent(out, level + 1);
                    self.template(out, &name, p.name_span(), true, false);
                    out.push_str(" = ");
                    self.expr(out, p.value, level + 1, false);
                    out.push('\n');
                }
                indent(out, level);
                out.push('}');
            }
            Kind::Invalid => out.push_str("null"),
        }
    }

    /// A JSON string read as a template: the expression of a single interpolation, else a
    /// quoted template; for an object key, an identifier where one will do.
    fn template(&mut self, out: &mut String, s: &str, span: Span, key: bool, top: bool) {
        let (t, diags) = crate::syntax::native::parse_template(s.as_bytes(), "template").into_parts();
        if diags.has_errors() {
            let first = diags.iter().find(|d| d.severity == crate::Severity::Error);
            let what = first.map(|d| format!("{}: {}", d.summary, d.detail)).unwrap_or_default();
            self.error(
                "Invalid template",
                format!("This string is read as a template, and it is not a valid one ({what})."),
                span,
            );
            out.push_str("null");
            return;
        }
        if let Expr::TemplateWrap(w) = t.expr() {
            let inner = t.text(w.wrapped().span());
            let inner = inner.trim();
            let heredoc = matches!(w.wrapped(), Expr::Template(_) | Expr::TemplateWrap(_)) && inner.starts_with("<<");
            // Only an attribute's value can end with a heredoc's closing line: anywhere else
            // an expression with a heredoc is parenthesised, with the line ended.
            let bare =
                if top { heredoc || !inner.contains('\n') || stands_alone(inner) } else { !inner.contains('\n') };
            if !key && bare {
                // A heredoc's closing marker ends its line: the attribute's newline follows.
                out.push_str(inner);
            } else {
                out.push('(');
                out.push_str(inner);
                if inner.contains("<<") {
                    out.push('\n');
                }
                out.push(')');
            }
            return;
        }
        if key && bare_key(s) {
            out.push_str(s);
            return;
        }
        out.push_str(&write::template(s));
    }
}

/// Whether a multi-line expression can be an attribute's value without parentheses (its
/// newlines are all inside brackets).
fn stands_alone(expr: &str) -> bool {
    let src = format!("a = {expr}\n");
    let (file, diags) = crate::syntax::native::parse_config(src.into_bytes(), "expr").into_parts();
    !diags.has_errors() && file.body().items().count() == 1
}

/// Indentation of a line inside a multi-line value (the formatter re-indents; this keeps the
/// text readable before it does).
fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}
