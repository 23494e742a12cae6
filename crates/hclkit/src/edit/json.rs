//! [`JsonDocument`]: lossless editing of the JSON syntax (`.tf.json`, `.hcl.json`) with the
//! native document's addresses.

use std::fmt;
use std::sync::Arc;

use hclkit_value::json::{Escape, Node as JsonValue};

use super::address;
use super::expr::Step;
use super::{diff, EditError, TextEdit};
use crate::diagnostic::Diagnostics;
use crate::syntax::json::{parse as parse_json, Kind, Node};
use crate::Span;

/// A JSON-syntax file open for editing. It prints back byte for byte where nothing was
/// edited; an edit rewrites only the value it sets (or the property it adds or removes, with
/// its comma), in the file's own layout: a property added to an object written on several
/// lines gets a line of its own at its siblings' indentation, their `"key": ` spacing, and an
/// object or array value is written on several lines indented by the file's own step.
///
/// Addresses are the native document's: in the JSON syntax a block is an object under its
/// type and labels (`{"resource": {"aws_instance": {"web": {...}}}}`, or an array of such
/// objects), so the dotted parts are property names from the root, `*` for any; then
/// `["key"]` and `[0]` go into the attribute's value.
///
/// ```
/// use hclkit::edit::JsonDocument;
/// use hclkit_value::json::Node;
///
/// let src = "{\n  \"resource\": {\n    \"aws_instance\": {\n      \"web\": {\n        \"ami\": \"ami-1\"\n      }\n    }\n  }\n}\n";
/// let mut doc: JsonDocument = src.parse().unwrap();
/// assert_eq!(doc.to_string(), src);
/// assert_eq!(doc.get("resource.aws_instance.web.ami").as_deref(), Some("\"ami-1\""));
/// doc.set("resource.aws_instance.web.ami", &Node::String("ami-2".into())).unwrap();
/// doc.set("resource.aws_instance.web.tags", &Node::parse(br#"{"Name": "web"}"#).unwrap()).unwrap();
/// assert_eq!(
///     doc.to_string(),
///     "{\n  \"resource\": {\n    \"aws_instance\": {\n      \"web\": {\n        \"ami\": \"ami-2\",\n        \"tags\": {\n          \"Name\": \"web\"\n        }\n      }\n    }\n  }\n}\n",
/// );
/// // The changed value and the added lines touch: one region, one edit.
/// assert_eq!(doc.edits().len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct JsonDocument {
    text: String,
    original: Arc<str>,
    filename: Arc<str>,
    /// The first syntax error of a text read with errors ([`JsonDocument::parse_lossy`]):
    /// such a document prints its text back and refuses every edit.
    broken: Option<String>,
}

/// A list of items (an object's properties or an array's elements) with where they are.
struct List {
    /// The object's or array's span.
    span: Span,
    /// Each item's span (a property from its key to the end of its value) and, for a
    /// property, the span of its key.
    items: Vec<(Span, Option<Span>)>,
}

impl JsonDocument {
    /// Reads `src` (named `filename` in diagnostics); a syntax error is an `Err` with the
    /// parser's diagnostics.
    pub fn parse(src: &str, filename: &str) -> Result<JsonDocument, Diagnostics> {
        let (_, diags) = parse_json(src.as_bytes().to_vec(), filename).into_parts();
        if diags.has_errors() {
            return Err(diags);
        }
        Ok(JsonDocument::new(src, filename, None))
    }

    /// Reads `src` whatever it holds: with its syntax errors, if any. A document with errors
    /// prints its text back byte for byte, reads nothing ([`JsonDocument::get`] is `None`) and
    /// refuses every edit with [`EditError::Syntax`], so that writing it out never loses the
    /// file.
    ///
    /// ```
    /// use hclkit::edit::{EditError, JsonDocument};
    /// use hclkit_value::json::Node;
    ///
    /// let (mut doc, diags) = JsonDocument::parse_lossy("{\"a\": [1,", "main.tf.json");
    /// assert!(diags.has_errors());
    /// assert!(matches!(doc.set("a", &Node::Null), Err(EditError::Syntax(_))));
    /// assert_eq!(doc.to_string(), "{\"a\": [1,");
    /// ```
    pub fn parse_lossy(src: &str, filename: &str) -> (JsonDocument, Diagnostics) {
        let (_, diags) = parse_json(src.as_bytes().to_vec(), filename).into_parts();
        let broken = diags.iter().find(|d| d.severity == crate::diagnostic::Severity::Error).map(|d| d.to_string());
        (JsonDocument::new(src, filename, broken), diags)
    }

    fn new(src: &str, filename: &str, broken: Option<String>) -> JsonDocument {
        JsonDocument { text: src.to_owned(), original: Arc::from(src), filename: Arc::from(filename), broken }
    }

    /// The text as it was read.
    pub fn original(&self) -> &str {
        &self.original
    }

    /// The edits that turn the original text into the current one, one per changed region,
    /// as [`super::Document::edits`].
    pub fn edits(&self) -> Vec<TextEdit> {
        diff::text_edits(&self.original, &self.text)
    }

    /// The JSON text of the value at `address`, as written.
    pub fn get(&self, address: &str) -> Option<String> {
        let span = self.find(address).ok()?.ok()?;
        Some(self.text[span.start as usize..span.end as usize].to_owned())
    }

    /// Sets the value at `address` to `value`: an existing value is replaced; a missing last
    /// property is added to its object (a missing index one past an array's end appends).
    /// Returns whether there was a value.
    pub fn set(&mut self, address: &str, value: &JsonValue) -> Result<bool, EditError> {
        match self.find(address)? {
            Ok(span) => {
                let at = self.line_indent(span.start as usize);
                let text = self.write(value, &at, self.own_line(span.start as usize));
                self.text.replace_range(span.start as usize..span.end as usize, &text);
                Ok(true)
            }
            Err((list, name)) => {
                self.add(&list, name.as_deref(), value);
                Ok(false)
            }
        }
    }

    /// Inserts `value` into the array at `address`, which ends with the index the value
    /// takes (`[0]` inserts first; one past the end appends), as
    /// [`super::Expression::insert`] does in the native syntax.
    ///
    /// ```
    /// use hclkit::edit::JsonDocument;
    /// use hclkit_value::json::Node;
    ///
    /// let mut doc: JsonDocument = "{\"a\": [\n  1,\n  3\n]}".parse().unwrap();
    /// doc.insert("a[1]", &Node::Number("2".into())).unwrap();
    /// doc.insert("a[3]", &Node::Number("4".into())).unwrap();
    /// assert_eq!(doc.to_string(), "{\"a\": [\n  1,\n  2,\n  3,\n  4\n]}");
    /// ```
    pub fn insert(&mut self, address: &str, value: &JsonValue) -> Result<(), EditError> {
        let a = address::parse(address).map_err(EditError::Address)?;
        if !matches!(a.path.last(), Some(Step::Index(_))) {
            return Err(EditError::NotFound(address.to_owned()));
        }
        match self.find(address)? {
            Err((list, None)) => {
                self.add(&list, None, value);
                Ok(())
            }
            Err(_) => Err(EditError::NotFound(address.to_owned())),
            Ok(span) => {
                let at = span.start as usize;
                let ls = self.text[..at].rfind('\n').map_or(0, |k| k + 1);
                let lines = ls > 0 && self.text[ls..at].trim().is_empty();
                let indent = self.line_indent(at);
                let mut out = self.write(value, &indent, lines);
                if lines {
                    out.push(',');
                    out.push_str(self.newline());
                    out.push_str(&indent);
                } else {
                    out.push_str(", ");
                }
                self.text.replace_range(at..at, &out);
                Ok(())
            }
        }
    }

    /// Sets the value at `address` (as [`JsonDocument::set`]) to what the native-syntax
    /// `expression` means in the JSON syntax: its value when it is a constant (`"t3.micro"`,
    /// `[1, 2]`, `{ a = true }`), else the template `"${...}"` that evaluates it.
    ///
    /// ```
    /// use hclkit::edit::{Expression, JsonDocument};
    ///
    /// let mut doc: JsonDocument = "{\"locals\": {\"a\": 1}}".parse().unwrap();
    /// doc.set_expression("locals.a", &Expression::parse("[\"x\", 2]").unwrap()).unwrap();
    /// doc.set_expression("locals.b", &Expression::parse("var.region").unwrap()).unwrap();
    /// assert_eq!(doc.to_string(), r#"{"locals": {"a": ["x",2], "b": "${var.region}"}}"#);
    /// ```
    pub fn set_expression(&mut self, address: &str, expression: &super::Expression) -> Result<bool, EditError> {
        self.set(address, &json_of(expression))
    }

    /// Renames the property at `address` to `to` (its value stays); an error if its object
    /// has `to` already.
    ///
    /// ```
    /// use hclkit::edit::JsonDocument;
    ///
    /// let mut doc: JsonDocument = r#"{"locals": {"a": 1, "b": 2}}"#.parse().unwrap();
    /// doc.rename("locals.a", "c").unwrap();
    /// assert_eq!(doc.to_string(), r#"{"locals": {"c": 1, "b": 2}}"#);
    /// assert!(doc.rename("locals.c", "b").is_err());
    /// ```
    pub fn rename(&mut self, address: &str, to: &str) -> Result<(), EditError> {
        let not_found = || EditError::NotFound(address.to_owned());
        let span = self.find(address)?.map_err(|_| not_found())?;
        let (list, i) = self.container_of(span).ok_or_else(not_found)?;
        let key = list.items[i].1.ok_or_else(not_found)?;
        let file = parse_json(self.text.as_bytes().to_vec(), &self.filename).into_value();
        let object = node_at(file.root(), list.span).ok_or_else(not_found)?;
        let old = &self.text[key.start as usize..key.end as usize];
        if object.properties().any(|p| p.name() == to && p.key.span() != key) {
            return Err(EditError::Expr(super::ExprError::DuplicateKey(to.to_owned())));
        }
        let mut text = String::new();
        hclkit_value::json::write_string(&mut text, to, Escape::Plain);
        if old != text {
            self.text.replace_range(key.start as usize..key.end as usize, &text);
        }
        Ok(())
    }

    /// Removes the property or element at `address` (with its comma); whether there was one.
    pub fn remove(&mut self, address: &str) -> Result<bool, EditError> {
        let Ok(span) = self.find(address)? else { return Ok(false) };
        let Some((list, i)) = self.container_of(span) else { return Ok(false) };
        let t = self.text.as_bytes();
        let (s, e) = (list.items[i].0.start as usize, list.items[i].0.end as usize);
        let (mut from, mut to) = (s, e);
        if i + 1 < list.items.len() {
            // Up to the next item, so its line keeps its indentation.
            to = list.items[i + 1].0.start as usize;
            let starts_line =
                |p: usize| self.text[..p].rfind('\n').is_some_and(|k| self.text[k + 1..p].trim().is_empty());
            if t[s..to].contains(&b'\n') && starts_line(s) && starts_line(to) {
                // On lines of their own: the whole lines.
                from = self.text[..s].rfind('\n').map_or(s, |k| k + 1);
                to = self.text[..to].rfind('\n').map_or(to, |k| k + 1);
            }
        } else if i > 0 {
            // The last item: from the end of the one before (its comma goes).
            from = list.items[i - 1].0.end as usize;
        } else {
            // The only item: the list becomes empty.
            from = list.span.start as usize + 1;
            to = list.span.end as usize - 1;
        }
        self.text.replace_range(from..to, "");
        Ok(true)
    }

    /// The value's span, or where a missing last step would go (the list and the new
    /// property's name, `None` for an element appended to an array).
    #[allow(clippy::type_complexity)]
    fn find(&self, address: &str) -> Result<Result<Span, (List, Option<String>)>, EditError> {
        if let Some(e) = &self.broken {
            return Err(EditError::Syntax(e.clone()));
        }
        let a = address::parse(address).map_err(EditError::Address)?;
        let file = parse_json(self.text.as_bytes().to_vec(), &self.filename).into_value();
        let root = file.root();
        let not_found = || EditError::NotFound(address.to_owned());
        // The dotted parts: property names through objects (and arrays of objects).
        let mut found = None;
        find_parts(root, &a.parts, &mut |n| {
            found = Some(n.span());
            true
        });
        let mut node = match found {
            Some(span) => node_at(root, span).ok_or_else(not_found)?,
            None => {
                // The parent of a missing last part: the first object the others name.
                let (last, parents) = a.parts.split_last().ok_or_else(not_found)?;
                if !a.path.is_empty() {
                    return Err(not_found());
                }
                let mut parent = None;
                let mut first_object = |n: Node<'_>| {
                    let ok = n.kind() == Kind::Object;
                    if ok {
                        parent = Some(n.span());
                    }
                    ok
                };
                if parents.is_empty() {
                    first_object(root);
                } else {
                    find_parts(root, parents, &mut first_object);
                }
                let span = parent.ok_or_else(not_found)?;
                let list = list_of(node_at(root, span).ok_or_else(not_found)?);
                return Ok(Err((list, Some(last.clone()))));
            }
        };
        for (n, step) in a.path.iter().enumerate() {
            let last = n + 1 == a.path.len();
            node = match (step, node.kind()) {
                (Step::Key(k), Kind::Object) => match node.properties().find(|p| p.name() == k.as_str()) {
                    Some(p) => p.value,
                    None if last => return Ok(Err((list_of(node), Some(k.clone())))),
                    None => return Err(not_found()),
                },
                (Step::Index(i), Kind::Array) => match node.elements().nth(*i) {
                    Some(e) => e,
                    None if last && *i == node.elements().count() => return Ok(Err((list_of(node), None))),
                    None => return Err(not_found()),
                },
                _ => return Err(not_found()),
            };
        }
        Ok(Ok(node.span()))
    }

    /// The list holding the item whose value is at `span`, and the item's index.
    fn container_of(&self, span: Span) -> Option<(List, usize)> {
        let file = parse_json(self.text.as_bytes().to_vec(), &self.filename).into_value();
        fn walk(n: Node<'_>, span: Span) -> Option<(List, usize)> {
            if !matches!(n.kind(), Kind::Object | Kind::Array) {
                return None;
            }
            let list = list_of(n);
            let children: Vec<Node<'_>> = match n.kind() {
                Kind::Object => n.properties().map(|p| p.value).collect(),
                _ => n.elements().collect(),
            };
            if let Some(i) = children.iter().position(|c| c.span() == span) {
                return Some((list, i));
            }
            children
                .into_iter()
                .find(|c| c.span().start <= span.start && span.end <= c.span().end)
                .and_then(|c| walk(c, span))
        }
        walk(file.root(), span)
    }

    /// Adds a property (or an array element, with no name) at the end of `list`.
    fn add(&mut self, list: &List, name: Option<&str>, value: &JsonValue) {
        let (open, close) = (list.span.start as usize, list.span.end as usize - 1);
        let key = |out: &mut String, sep: &str| {
            if let Some(n) = name {
                hclkit_value::json::write_string(out, n, Escape::Plain);
                out.push_str(sep);
            }
        };
        let Some(&(last, last_key)) = list.items.last() else {
            // Empty: the item alone, on a line of its own if the list spans lines.
            let inner = &self.text[open + 1..close];
            let base = self.line_indent(open);
            let mut out = String::new();
            if inner.contains('\n') || self.text[..open].ends_with('\n') {
                let step = self.indent_step();
                let at = format!("{base}{step}");
                out.push_str(self.newline());
                out.push_str(&at);
                key(&mut out, ": ");
                out.push_str(&self.write(value, &at, true));
                out.push_str(self.newline());
                out.push_str(&base);
            } else {
                key(&mut out, ": ");
                out.push_str(&self.write(value, &base, false));
            }
            self.text.replace_range(open + 1..close, &out);
            return;
        };
        // The separator between key and value, and the one before an item, as the last
        // item has them.
        let sep = match last_key {
            Some(k) => {
                let between = &self.text[k.end as usize..];
                let colon = between.find(':').unwrap_or(0);
                let spaces = between[colon + 1..].len() - between[colon + 1..].trim_start_matches([' ', '\t']).len();
                format!(":{}", &between[colon + 1..colon + 1 + spaces])
            }
            None => ": ".to_owned(),
        };
        let start = last.start as usize;
        let line_start = self.text[..start].rfind('\n').map_or(0, |k| k + 1);
        let mut out = String::from(",");
        let lines = self.text[line_start..start].trim().is_empty() && line_start > open;
        let indent = if lines {
            let indent = self.text[line_start..start].to_owned();
            out.push_str(self.newline());
            out.push_str(&indent);
            indent
        } else {
            out.push(' ');
            self.line_indent(start)
        };
        key(&mut out, &sep);
        out.push_str(&self.write(value, &indent, lines));
        let end = last.end as usize;
        self.text.replace_range(end..end, &out);
    }

    /// `value` as JSON: on one line if it is a scalar or `lines` is false, else on several,
    /// each after the first indented by `indent` and the file's steps.
    fn write(&self, value: &JsonValue, indent: &str, lines: bool) -> String {
        let mut out = String::new();
        let scalar = !matches!(value, JsonValue::Array(a) if !a.is_empty())
            && !matches!(value, JsonValue::Object(o) if !o.is_empty());
        if scalar || !lines {
            value.write(&mut out, None, Escape::Plain);
            return out;
        }
        let step = self.indent_step();
        let width = step.len();
        value.write(&mut out, Some(width), Escape::Plain);
        let tab = step.starts_with('\t');
        let lines: Vec<String> = out.lines().map(|l| if tab { tabs(l, width) } else { l.to_owned() }).collect();
        lines.join(&format!("{}{indent}", self.newline()))
    }

    /// The newline the file uses: `\r\n` if its first line ends with it, else `\n`.
    fn newline(&self) -> &'static str {
        match self.original.find('\n') {
            Some(i) if self.original[..i].ends_with('\r') => "\r\n",
            _ => "\n",
        }
    }

    /// Whether the item at `pos` starts its line (after its key, for a property's value).
    fn own_line(&self, pos: usize) -> bool {
        let ls = self.text[..pos].rfind('\n').map_or(0, |k| k + 1);
        let before = self.text[ls..pos].trim();
        ls > 0 && (before.is_empty() || (before.starts_with('"') && before.ends_with(':')))
    }

    /// The white space that starts the line of `pos`.
    fn line_indent(&self, pos: usize) -> String {
        let ls = self.text[..pos].rfind('\n').map_or(0, |k| k + 1);
        self.text[ls..].chars().take_while(|c| *c == ' ' || *c == '\t').collect()
    }

    /// The file's indentation step: the smallest indentation of a line (two spaces if none).
    fn indent_step(&self) -> String {
        self.text
            .lines()
            .map(|l| &l[..l.len() - l.trim_start_matches([' ', '\t']).len()])
            .filter(|w| !w.is_empty())
            .min_by_key(|w| w.len())
            .unwrap_or("  ")
            .to_owned()
    }
}

/// The JSON-syntax form of a native expression: its value if it is a constant, else a
/// template interpolating it.
pub(crate) fn json_of(expression: &super::Expression) -> JsonValue {
    let text = expression.as_str();
    let (file, diags) = crate::syntax::native::parse_expression(text.as_bytes(), "expression").into_parts();
    if !diags.has_errors() {
        let (v, diags) = crate::syntax::native::eval::evaluate(file.expr(), None);
        if !diags.has_errors() && v.is_wholly_known() {
            if let Some(node) =
                hclkit_value::json::to_simple_json(&v).ok().and_then(|j| JsonValue::parse(j.as_bytes()).ok())
            {
                return node;
            }
        }
    }
    JsonValue::String(format!("${{{text}}}"))
}

/// `line` with its leading runs of `width` spaces made tabs.
fn tabs(line: &str, width: usize) -> String {
    let spaces = line.len() - line.trim_start_matches(' ').len();
    format!("{}{}{}", "\t".repeat(spaces / width.max(1)), " ".repeat(spaces % width.max(1)), &line[spaces..])
}

/// Calls `f` with every value the dotted `parts` name from `n` (property names through
/// objects, each object of an array searched), in order, until it returns true.
fn find_parts(n: Node<'_>, parts: &[String], f: &mut dyn FnMut(Node<'_>) -> bool) -> bool {
    let Some((first, rest)) = parts.split_first() else { return f(n) };
    match n.kind() {
        Kind::Object => {
            for p in n.properties() {
                if (first == "*" || p.name() == first.as_str()) && find_parts(p.value, rest, f) {
                    return true;
                }
            }
            false
        }
        Kind::Array => n.elements().any(|e| find_parts(e, parts, f)),
        _ => false,
    }
}

/// The node with this span (the deepest, for a value that is the only content of another).
fn node_at(n: Node<'_>, span: Span) -> Option<Node<'_>> {
    let children: Vec<Node<'_>> = match n.kind() {
        Kind::Object => n.properties().map(|p| p.value).collect(),
        Kind::Array => n.elements().collect(),
        _ => Vec::new(),
    };
    for c in children {
        if c.span().start <= span.start && span.end <= c.span().end {
            return node_at(c, span);
        }
    }
    (n.span() == span).then_some(n)
}

fn list_of(n: Node<'_>) -> List {
    let items = match n.kind() {
        Kind::Object => n.properties().map(|p| (p.key.span().to(p.value.span()), Some(p.key.span()))).collect(),
        Kind::Array => n.elements().map(|e| (e.span(), None)).collect(),
        _ => Vec::new(),
    };
    List { span: n.span(), items }
}

impl fmt::Display for JsonDocument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for JsonDocument {
    type Err = Diagnostics;
    /// Reads `src`, failing on any syntax error.
    fn from_str(src: &str) -> Result<JsonDocument, Diagnostics> {
        JsonDocument::parse(src, "<input>.json")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &str) -> JsonValue {
        JsonValue::parse(s.as_bytes()).unwrap()
    }

    #[test]
    fn edits_keep_the_layout() {
        let src = "{\n\t\"variable\": {\n\t\t\"region\": {\"default\": \"eu\"}\n\t},\n\t\"locals\": [\n\t\t{\"a\": 1, \"b\": [1, 2]}\n\t]\n}\n";
        let mut d: JsonDocument = src.parse().unwrap();
        assert_eq!(d.to_string(), src);
        assert_eq!(d.get("variable.region.default").as_deref(), Some("\"eu\""));
        assert_eq!(d.get("locals.b[1]").as_deref(), Some("2"));
        assert!(!d.set("variable.region.type", &j("\"string\"")).unwrap());
        assert!(!d.set("locals.b[2]", &j("3")).unwrap());
        assert!(d.set("locals.a", &j("{\"x\": [1]}")).unwrap());
        // On a line of its own, an object is written on several lines, by the file's tabs.
        assert!(!d.set("variable.zone", &j("{\"default\": [\"a\"]}")).unwrap());
        assert_eq!(
            d.to_string(),
            "{\n\t\"variable\": {\n\t\t\"region\": {\"default\": \"eu\", \"type\": \"string\"},\n\t\t\"zone\": {\n\t\t\t\"default\": [\n\t\t\t\t\"a\"\n\t\t\t]\n\t\t}\n\t},\n\t\"locals\": [\n\t\t{\"a\": {\"x\":[1]}, \"b\": [1, 2, 3]}\n\t]\n}\n"
        );
        assert!(d.remove("locals.a").unwrap());
        assert!(d.remove("variable.zone").unwrap());
        assert!(d.remove("variable.region.default").unwrap());
        assert!(!d.remove("variable.nope").unwrap());
        assert_eq!(
            d.to_string(),
            "{\n\t\"variable\": {\n\t\t\"region\": {\"type\": \"string\"}\n\t},\n\t\"locals\": [\n\t\t{\"b\": [1, 2, 3]}\n\t]\n}\n"
        );
        // Removing the whole lines of an item on lines of its own.
        assert!(d.remove("variable").unwrap());
        assert_eq!(d.to_string(), "{\n\t\"locals\": [\n\t\t{\"b\": [1, 2, 3]}\n\t]\n}\n");
        assert!(d.remove("locals").unwrap());
        assert_eq!(d.to_string(), "{}\n");
        d.set("a", &j("1")).unwrap();
        assert_eq!(d.to_string(), "{\"a\": 1}\n");
        let mut text = d.original().to_owned();
        for e in d.edits().iter().rev() {
            text.replace_range(e.range.clone(), &e.text);
        }
        assert_eq!(text, d.to_string());
    }

    #[test]
    fn crlf_files_get_crlf_lines() {
        let src = "{\r\n  \"locals\": {\r\n    \"a\": 1\r\n  },\r\n  \"l\": [\r\n    1\r\n  ]\r\n}\r\n";
        let mut d: JsonDocument = src.parse().unwrap();
        assert!(!d.set("locals.b", &j("{\"x\": [1, 2]}")).unwrap());
        d.insert("l[0]", &j("0")).unwrap();
        let out = d.to_string();
        assert!(!out.replace("\r\n", "").contains('\n'), "a lone newline in {out:?}");
        assert!(out.contains("\"a\": 1,\r\n    \"b\": {\r\n      \"x\": [\r\n        1,\r\n"), "{out:?}");
        assert!(out.contains("[\r\n    0,\r\n    1\r\n  ]"), "{out:?}");
    }

    #[test]
    fn removing_an_item_that_shares_its_line_keeps_the_line() {
        // The item spans lines but does not start its line: only it and its comma go.
        let src = "{\n  \"job\": {\"a\": {\"k\":{\n    \"x\": 1\n  }}, \"b\": 2}\n}\n";
        let mut d: JsonDocument = src.parse().unwrap();
        assert!(d.remove("job.a").unwrap());
        assert_eq!(d.to_string(), "{\n  \"job\": {\"b\": 2}\n}\n");
    }

    #[test]
    fn errors() {
        assert!("{\"a\": }".parse::<JsonDocument>().is_err());
        let mut d: JsonDocument = "{\"a\": {\"b\": 1}}".parse().unwrap();
        assert!(matches!(d.set("x.y", &j("1")), Err(EditError::NotFound(_))));
        assert!(matches!(d.set("a.b[\"k\"]", &j("1")), Err(EditError::NotFound(_))));
        assert!(matches!(d.set("a[", &j("1")), Err(EditError::Address(_))));
        assert_eq!(d.get("*.b").as_deref(), Some("1"));
    }
}
