//! [`Files`]: the registry of a program's configuration files (the reference's
//! `hclparse.Parser`). It parses each file in its syntax, keeps every file it was given, and
//! gives the diagnostic renderer their sources and block context, so every command reads,
//! parses and reports the same way.
//!
//! ```
//! use hclkit::body::BodySchema;
//! use hclkit::Files;
//!
//! let mut files = Files::new();
//! let (body, diags) = files.parse_native(b"service \"web\" {\n  port = \"x\" + 1\n}\n".to_vec(), "main.hcl");
//! assert!(diags.is_empty());
//! let (_, json_diags) = files.parse_json(br#"{"a": 1}"#.to_vec(), "extra.json");
//! assert!(json_diags.is_empty());
//!
//! // Diagnostics render with snippets and the enclosing block, from the files kept here.
//! let schema = BodySchema::new().block("service", &["name"]);
//! let (content, _) = body.content(&schema);
//! let block_body = &content.blocks[0].body;
//! let (attrs, _) = block_body.just_attributes();
//! let (_, diags) = attrs["port"].expr.value(None);
//! let text = diags.to_text(&files, 80, false);
//! assert!(text.contains("on main.hcl line 2, in service \"web\":"), "{text}");
//! assert_eq!(files.names().collect::<Vec<_>>(), ["main.hcl", "extra.json"]);
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use hclkit_value::Value;

use crate::body::Body;
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFiles};
use crate::syntax::json::{self, JsonBody, JsonFile};
use crate::syntax::native::{self, File, NativeBody};

/// A parsed file, in its syntax.
#[derive(Debug)]
pub enum Parsed {
    /// A native-syntax file.
    Native(File),
    /// A JSON-syntax file.
    Json(JsonFile),
}

impl Parsed {
    /// Parses `src` in the syntax its name says: JSON for names ending in `.json`, the native
    /// syntax otherwise (as the reference's hcldec chooses). The result keeps the file (its
    /// source and tree), so diagnostics about it can show snippets; [`body`](Parsed::body)
    /// gives its root body. [`Files::parse`] does the same and also keeps the file in a
    /// registry; to parse several files at once (each on its own thread) and keep them in a
    /// chosen order, parse with this and keep each with [`Files::add_parsed`].
    ///
    /// ```
    /// use hclkit::body::{Body, BodySchema};
    /// use hclkit::Parsed;
    ///
    /// let (file, diags) = Parsed::parse(br#"{"a": 1}"#.to_vec(), "x.json");
    /// assert!(diags.is_empty() && matches!(file, Parsed::Json(_)));
    /// let (content, _) = file.body().content(&BodySchema::new().attribute("a", true));
    /// assert!(content.attributes.contains_key("a"));
    /// ```
    pub fn parse(src: impl Into<Arc<[u8]>>, name: &str) -> (Parsed, Diagnostics) {
        if name.ends_with(".json") {
            let (file, diags) = json::parse(src, name);
            (Parsed::Json(file), diags)
        } else {
            let (file, diags) = native::parse_config(src, name);
            (Parsed::Native(file), diags)
        }
    }

    /// The file's root body.
    pub fn body(&self) -> Arc<dyn Body> {
        match self {
            Parsed::Native(f) => NativeBody::arc_from_file(f),
            Parsed::Json(f) => JsonBody::arc_from_file(f),
        }
    }
}

/// One file of a [`Files`] registry.
#[derive(Debug)]
struct Entry {
    name: Arc<str>,
    src: Arc<[u8]>,
    parsed: Option<Parsed>,
    /// For a file whose tree [`Files::release_trees`] dropped: whether it was JSON.
    released_json: Option<bool>,
}

/// The configuration files a program has read, in the order it read them, each kept with its
/// source and (when parsed) its tree. Implements [`SourceFiles`], so
/// [`Diagnostics::to_text`] shows snippets of them and the block around each problem.
///
/// A name given twice keeps both entries; lookups by name find the first.
#[derive(Debug, Default)]
pub struct Files {
    files: Vec<Entry>,
}

impl Files {
    /// An empty registry.
    pub fn new() -> Files {
        Files::default()
    }

    /// Parses `src` as the native syntax, keeps the file, and returns its body and the
    /// parse's diagnostics (the body is partial when there are errors).
    pub fn parse_native(&mut self, src: impl Into<Arc<[u8]>>, name: &str) -> (Arc<dyn Body>, Diagnostics) {
        let src = src.into();
        let (file, diags) = native::parse_config(src.clone(), name);
        (self.keep(name, src, Parsed::Native(file)), diags)
    }

    /// Parses `src` as the JSON syntax, keeps the file, and returns its body and the parse's
    /// diagnostics.
    pub fn parse_json(&mut self, src: impl Into<Arc<[u8]>>, name: &str) -> (Arc<dyn Body>, Diagnostics) {
        let src = src.into();
        let (file, diags) = json::parse(src.clone(), name);
        (self.keep(name, src, Parsed::Json(file)), diags)
    }

    /// Reads a JSON document of variables, as the reference's `hcldec --vars` does, and keeps
    /// it: the attributes of its body (so `"//"` comments are skipped and a repeated name is an
    /// error), each evaluated without a context (strings stay strings). A document with syntax
    /// errors gives only those.
    ///
    /// ```
    /// use hclkit::Files;
    /// use hclkit_value::Value;
    ///
    /// let mut files = Files::new();
    /// let (vars, diags) = files.parse_vars(br#"{"name": "web", "n": 3, "//": "a comment"}"#.to_vec(), "vars.json");
    /// assert!(diags.is_empty());
    /// assert_eq!(vars["name"], Value::string("web"));
    /// assert_eq!(vars.len(), 2);
    /// ```
    pub fn parse_vars(&mut self, src: impl Into<Arc<[u8]>>, name: &str) -> (BTreeMap<String, Value>, Diagnostics) {
        let (body, mut diags) = self.parse_json(src, name);
        let mut vars = BTreeMap::new();
        if diags.has_errors() {
            return (vars, diags);
        }
        let (attrs, d) = body.just_attributes();
        diags.extend(d);
        for (name, attr) in attrs {
            let (v, d) = attr.expr.value(None);
            diags.extend(d);
            vars.insert(name, v);
        }
        (vars, diags)
    }

    /// Reads one `--vars` argument as the reference's `hcldec` does: JSON text when it starts
    /// with `{` (named `inline_name` in diagnostics), otherwise the path of a file, read with
    /// [`parse_vars`](Files::parse_vars) when its name ends in `.json` and as native syntax
    /// otherwise (a tfvars-like file: its attributes evaluated without a context, even when
    /// the file has syntax errors, whose diagnostics come too). A file that cannot be read
    /// gives the reference's "Failed to read file" ("Failed to open file" for JSON).
    ///
    /// ```
    /// use hclkit::Files;
    /// use hclkit_value::Value;
    ///
    /// let mut files = Files::new();
    /// let (vars, diags) = files.read_vars(r#"{"region": "eu"}"#, "<vars>");
    /// assert!(diags.is_empty());
    /// assert_eq!(vars["region"], Value::string("eu"));
    /// let (vars, diags) = files.read_vars("/no/such/file.tfvars", "<vars>");
    /// assert!(vars.is_empty() && diags.has_errors());
    /// ```
    pub fn read_vars(&mut self, arg: &str, inline_name: &str) -> (BTreeMap<String, Value>, Diagnostics) {
        if arg.trim_start().starts_with('{') {
            return self.parse_vars(arg.as_bytes(), inline_name);
        }
        let json = arg.ends_with(".json");
        let src = match std::fs::read(arg) {
            Ok(src) => src,
            Err(_) => return (BTreeMap::new(), Diagnostics(vec![read_error(arg, json)])),
        };
        if json {
            return self.parse_vars(src, arg);
        }
        let (body, mut diags) = self.parse_native(src, arg);
        let (attrs, d) = body.just_attributes();
        diags.extend(d);
        let mut vars = BTreeMap::new();
        for (name, attr) in attrs {
            let (v, d) = attr.expr.value(None);
            diags.extend(d);
            vars.insert(name, v);
        }
        (vars, diags)
    }

    /// Parses `src` in the syntax its name says: JSON for names ending in `.json`, the native
    /// syntax otherwise (as the reference's hcldec chooses).
    pub fn parse(&mut self, src: impl Into<Arc<[u8]>>, name: &str) -> (Arc<dyn Body>, Diagnostics) {
        if name.ends_with(".json") {
            self.parse_json(src, name)
        } else {
            self.parse_native(src, name)
        }
    }

    /// Reads the file at `path` and [`parse`](Files::parse)s it by its name. A file that
    /// cannot be read gives no body and the reference's "Failed to read file" error (for
    /// JSON, "Failed to open file").
    pub fn parse_file(&mut self, path: &str) -> (Option<Arc<dyn Body>>, Diagnostics) {
        match std::fs::read(path) {
            Ok(src) => {
                let (body, diags) = self.parse(src, path);
                (Some(body), diags)
            }
            Err(_) => (None, Diagnostics(vec![read_error(path, path.ends_with(".json"))])),
        }
    }

    /// Keeps a file parsed elsewhere (see [`Parsed::parse`]) and returns its root body, as
    /// [`parse`](Files::parse) does for the file it parses.
    pub fn add_parsed(&mut self, name: &str, src: Arc<[u8]>, parsed: Parsed) -> Arc<dyn Body> {
        self.keep(name, src, parsed)
    }

    /// Keeps a source that was not parsed as a configuration file (for its snippets).
    pub fn add_source(&mut self, name: &str, src: impl Into<Arc<[u8]>>) {
        self.files.push(Entry { name: Arc::from(name), src: src.into(), parsed: None, released_json: None });
    }

    fn keep(&mut self, name: &str, src: Arc<[u8]>, parsed: Parsed) -> Arc<dyn Body> {
        let body = parsed.body();
        self.files.push(Entry { name: Arc::from(name), src, parsed: Some(parsed), released_json: None });
        body
    }

    /// Drops the syntax trees of the files kept here, keeping their sources: a tree takes
    /// about three times its source's memory, and a program that has what it needs from the
    /// bodies can give it back (a tree lives on while a body or expression taken from it
    /// does). Diagnostics still show snippets, but not the enclosing block, until
    /// [`reparse_released`](Files::reparse_released) builds the trees again.
    ///
    /// ```
    /// use hclkit::Files;
    ///
    /// let mut files = Files::new();
    /// let (body, _) = files.parse(b"a = 1\n".to_vec(), "main.hcl");
    /// drop(body);
    /// files.release_trees();
    /// assert!(files.get("main.hcl").is_none());
    /// files.reparse_released();
    /// assert!(files.get("main.hcl").is_some());
    /// ```
    pub fn release_trees(&mut self) {
        for f in &mut self.files {
            if let Some(parsed) = f.parsed.take() {
                f.released_json = Some(matches!(parsed, Parsed::Json(_)));
            }
        }
    }

    /// Parses again, in the syntax each had, the files whose trees
    /// [`release_trees`](Files::release_trees) dropped (their diagnostics were had the first
    /// time, and are not returned).
    pub fn reparse_released(&mut self) {
        for f in &mut self.files {
            if let Some(json) = f.released_json.take() {
                f.parsed = Some(if json {
                    Parsed::Json(json::parse(f.src.clone(), &f.name).0)
                } else {
                    Parsed::Native(native::parse_config(f.src.clone(), &f.name).0)
                });
            }
        }
    }

    /// The parsed file called `name`, if it was parsed here.
    pub fn get(&self, name: &str) -> Option<&Parsed> {
        self.entry(name)?.parsed.as_ref()
    }

    /// Where `name` comes in reading order (0 for the first file kept), if it was kept.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.files.iter().position(|f| *f.name == *name)
    }

    /// The names of the files kept, in reading order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|f| &*f.name)
    }

    fn entry(&self, name: &str) -> Option<&Entry> {
        self.files.iter().find(|f| *f.name == *name)
    }
}

/// The reference's error for a file it cannot read: `hclparse`'s "Failed to read file" for
/// the native syntax, "Failed to open file" for JSON.
pub fn read_error(path: &str, json: bool) -> Diagnostic {
    if json {
        Diagnostic::error("Failed to open file", format!("The file {path:?} could not be opened."))
    } else {
        Diagnostic::error("Failed to read file", format!("The configuration file {path:?} could not be read."))
    }
}

impl SourceFiles for Files {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        self.entry(filename).map(|f| &*f.src)
    }

    fn context_string(&self, filename: &str, offset: usize) -> Option<String> {
        match self.entry(filename)?.parsed.as_ref()? {
            Parsed::Native(f) => f.context_string(offset),
            Parsed::Json(f) => f.context_string(offset),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_every_file_in_reading_order() {
        let mut files = Files::new();
        files.add_source("vars.json", b"{}".to_vec());
        let (_, d) = files.parse(b"a = ".to_vec(), "broken.hcl");
        assert!(d.has_errors());
        files.parse(b"[]".to_vec(), "x.json");
        assert_eq!(files.names().collect::<Vec<_>>(), ["vars.json", "broken.hcl", "x.json"]);
        assert_eq!(files.position("x.json"), Some(2));
        assert!(matches!(files.get("broken.hcl"), Some(Parsed::Native(_))));
        assert!(matches!(files.get("x.json"), Some(Parsed::Json(_))));
        assert!(files.get("vars.json").is_none());
        assert_eq!(files.source("vars.json"), Some(b"{}".as_slice()));
        let (body, d) = files.parse_file("/nonexistent/hclkit/x.hcl");
        assert!(body.is_none());
        assert_eq!(d.0[0].summary, "Failed to read file");
        assert_eq!(files.parse_file("/nonexistent/hclkit/x.json").1 .0[0].summary, "Failed to open file");
    }

    #[test]
    fn json_files_give_their_context() {
        let mut files = Files::new();
        let src = br#"{"a": {"b": [1, {"c": 2}]}, "d": 3}"#;
        files.parse_json(src.to_vec(), "x.json");
        let at = |needle: &str| src.windows(needle.len()).position(|w| w == needle.as_bytes()).expect("in source");
        assert_eq!(files.context_string("x.json", at("2")).as_deref(), Some("a.b[1]"));
        assert_eq!(files.context_string("x.json", at("1")).as_deref(), Some("a.b"));
        assert_eq!(files.context_string("x.json", at("3")), None);
        assert_eq!(files.context_string("y.json", 0), None);
    }
}
