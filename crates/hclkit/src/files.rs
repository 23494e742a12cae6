//! [`Files`]: the registry of a program's configuration files (the reference's
//! `hclparse.Parser`). It parses each file in its syntax, keeps every file it was given, and
//! gives the diagnostic renderer their sources and block context, so every program parses and
//! reports the same way.
//!
//! `Files` reads no file and knows no path: a program reads its sources (from disk, standard
//! input, an editor's buffer) and registers them by name; an editor or a language server
//! [`replace`](Files::replace)s and [`remove`](Files::remove)s them as documents change. The
//! command-line tools' reading (paths, `--vars`, the "cannot be read" diagnostics) is in the
//! `hclkit-cli` crate's library.
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

use std::sync::Arc;

use crate::body::Body;
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFiles};
use crate::syntax::json::{self, JsonBody, JsonFile};
use crate::syntax::native::{self, File, NativeBody};

/// A source file parsed in its syntax: the file (its source and tree) and, through
/// [`body`](SourceFile::body), its root body.
#[derive(Debug)]
pub enum SourceFile {
    /// A native-syntax file.
    Native(File),
    /// A JSON-syntax file.
    Json(JsonFile),
}

impl SourceFile {
    /// Parses `src` in the syntax its name says: JSON for names ending in `.json`, the native
    /// syntax otherwise (as the reference's hcldec chooses). The result keeps the file (its
    /// source and tree), so diagnostics about it can show snippets; [`body`](SourceFile::body)
    /// gives its root body. [`Files::parse`] does the same and also keeps the file in a
    /// registry; to parse several files at once (each on its own thread) and keep them in a
    /// chosen order, parse with this and keep each with [`Files::add_parsed`].
    ///
    /// ```
    /// use hclkit::body::{Body, BodySchema};
    /// use hclkit::SourceFile;
    ///
    /// let (file, diags) = SourceFile::parse(br#"{"a": 1}"#.to_vec(), "x.json");
    /// assert!(diags.is_empty() && matches!(file, SourceFile::Json(_)));
    /// let (content, _) = file.body().content(&BodySchema::new().attribute("a", true));
    /// assert!(content.attributes.contains_key("a"));
    /// ```
    pub fn parse(src: impl Into<Arc<[u8]>>, name: &str) -> (SourceFile, Diagnostics) {
        if name.ends_with(".json") {
            let (file, diags) = json::parse(src, name);
            (SourceFile::Json(file), diags)
        } else {
            let (file, diags) = native::parse_config(src, name);
            (SourceFile::Native(file), diags)
        }
    }

    /// The file's root body.
    pub fn body(&self) -> Arc<dyn Body> {
        match self {
            SourceFile::Native(f) => NativeBody::arc_from_file(f),
            SourceFile::Json(f) => JsonBody::arc_from_file(f),
        }
    }
}

/// One file of a [`Files`] registry.
#[derive(Debug)]
struct Entry {
    name: Arc<str>,
    src: Arc<[u8]>,
    parsed: Option<SourceFile>,
    /// For a file whose tree [`Files::release_trees`] dropped: whether it was JSON.
    released_json: Option<bool>,
}

/// The configuration files a program has read, in the order it read them, each kept with its
/// source and (when parsed) its tree. Implements [`SourceFiles`], so
/// [`Diagnostics::to_text`] shows snippets of them and the block around each problem.
///
/// A name given twice to [`parse`](Files::parse) keeps both entries (lookups by name find the
/// first); [`replace`](Files::replace) keeps one file in place of all under its name, and
/// [`remove`](Files::remove) forgets them.
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
        (self.keep(name, src, SourceFile::Native(file)), diags)
    }

    /// Parses `src` as the JSON syntax, keeps the file, and returns its body and the parse's
    /// diagnostics.
    pub fn parse_json(&mut self, src: impl Into<Arc<[u8]>>, name: &str) -> (Arc<dyn Body>, Diagnostics) {
        let src = src.into();
        let (file, diags) = json::parse(src.clone(), name);
        (self.keep(name, src, SourceFile::Json(file)), diags)
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

    /// Keeps a file parsed elsewhere (see [`SourceFile::parse`]) and returns its root body, as
    /// [`parse`](Files::parse) does for the file it parses.
    pub fn add_parsed(&mut self, name: &str, src: Arc<[u8]>, parsed: SourceFile) -> Arc<dyn Body> {
        self.keep(name, src, parsed)
    }

    /// Keeps a source that was not parsed as a configuration file (for its snippets).
    pub fn add_source(&mut self, name: &str, src: impl Into<Arc<[u8]>>) {
        self.files.push(Entry { name: Arc::from(name), src: src.into(), parsed: None, released_json: None });
    }

    fn keep(&mut self, name: &str, src: Arc<[u8]>, parsed: SourceFile) -> Arc<dyn Body> {
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
                f.released_json = Some(matches!(parsed, SourceFile::Json(_)));
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
                    SourceFile::Json(json::parse(f.src.clone(), &f.name).0)
                } else {
                    SourceFile::Native(native::parse_config(f.src.clone(), &f.name).0)
                });
            }
        }
    }

    /// Parses `src` in the syntax its name says (as [`parse`](Files::parse)) and keeps it in
    /// place of every file kept under `name`, at the first one's place in reading order (a
    /// new name goes last): what an editor or a language server does when a document changes.
    /// Returns the new root body and the parse's diagnostics.
    ///
    /// ```
    /// use hclkit::Files;
    ///
    /// let mut files = Files::new();
    /// files.parse(b"a = 1\n".to_vec(), "a.hcl");
    /// files.parse(b"b = 2\n".to_vec(), "b.hcl");
    /// let (_, diags) = files.replace(b"a = [\n".to_vec(), "a.hcl");
    /// assert!(diags.has_errors());
    /// assert_eq!(files.names().collect::<Vec<_>>(), ["a.hcl", "b.hcl"]);
    /// assert_eq!(hclkit::diagnostic::SourceFiles::source(&files, "a.hcl"), Some(b"a = [\n".as_slice()));
    /// assert!(files.remove("b.hcl") && !files.remove("b.hcl"));
    /// assert_eq!(files.names().count(), 1);
    /// ```
    pub fn replace(&mut self, src: impl Into<Arc<[u8]>>, name: &str) -> (Arc<dyn Body>, Diagnostics) {
        let src = src.into();
        let (parsed, diags) = SourceFile::parse(src.clone(), name);
        let body = parsed.body();
        let entry = Entry { name: Arc::from(name), src, parsed: Some(parsed), released_json: None };
        match self.position(name) {
            Some(first) => {
                self.files[first] = entry;
                let mut index = 0;
                self.files.retain(|f| {
                    index += 1;
                    index - 1 == first || *f.name != *name
                });
            }
            None => self.files.push(entry),
        }
        (body, diags)
    }

    /// Forgets every file kept under `name` (its source and tree); whether there was one.
    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.files.len();
        self.files.retain(|f| *f.name != *name);
        self.files.len() != before
    }

    /// The parsed file called `name`, if it was parsed here.
    pub fn get(&self, name: &str) -> Option<&SourceFile> {
        self.entry(name)?.parsed.as_ref()
    }

    /// Where `name` comes in reading order (0 for the first file kept), if it was kept.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.files.iter().position(|f| *f.name == *name)
    }

    /// Sorts `diags` in reading order, as hcldec prints them: diagnostics without a range
    /// first, then by file in the order the files were kept here (files never kept last, by
    /// name), then by position in the file. The sort is stable: diagnostics at one position
    /// keep their order.
    ///
    /// ```
    /// use hclkit::Files;
    ///
    /// let mut files = Files::new();
    /// let (_, mut diags) = files.parse(b"b = [\n".to_vec(), "second.hcl");
    /// let (_, first) = files.parse(b"a = {\n".to_vec(), "third.hcl");
    /// diags.extend(first);
    /// diags.push(hclkit::Diagnostic::error("Rangeless", "No range."));
    /// files.sort_diagnostics(&mut diags);
    /// assert_eq!(diags.iter().next().unwrap().summary, "Rangeless");
    /// assert_eq!(diags.iter().last().unwrap().subject.as_ref().unwrap().filename.as_ref(), "third.hcl");
    /// ```
    pub fn sort_diagnostics(&self, diags: &mut Diagnostics) {
        diags.0.sort_by_cached_key(|d| match &d.subject {
            None => (0, 0, String::new(), 0),
            Some(r) => match self.position(&r.filename) {
                Some(i) => (1, i, String::new(), r.start.byte),
                None => (2, 0, r.filename.to_string(), r.start.byte),
            },
        });
    }

    /// The names of the files kept, in reading order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|f| &*f.name)
    }

    fn entry(&self, name: &str) -> Option<&Entry> {
        self.files.iter().find(|f| *f.name == *name)
    }
}

/// How many leading bytes [`not_text`] looks at (git's and ripgrep's window).
pub const TEXT_SNIFF_LEN: usize = 8192;

/// One error for a file that is not text, instead of the pages of diagnostics its bytes would
/// give: `src` is taken for binary when a NUL byte is among its first [`TEXT_SNIFF_LEN`] bytes,
/// the rule git and ripgrep use (no text encoding an HCL file can be in writes NUL; UTF-16,
/// which would, is not read by HCL either). The subject is the first NUL byte.
///
/// ```
/// assert!(hclkit::files::not_text(b"a = 1\n", "main.tf").is_none());
/// let d = hclkit::files::not_text(b"\x7fELF\x02\x01\x01\x00\x00", "a.out").unwrap();
/// assert_eq!(d.summary, "Not a text file");
/// assert_eq!(d.subject.unwrap().start.byte, 7);
/// ```
pub fn not_text(src: &[u8], name: &str) -> Option<Diagnostic> {
    let head = &src[..src.len().min(TEXT_SNIFF_LEN)];
    let at = head.iter().position(|&b| b == 0)?;
    let filename: Arc<str> = name.into();
    let span = crate::pos::Span::new(at as u32, at as u32 + 1);
    let range = crate::pos::LineIndex::new(head).range(head, &filename, span);
    Some(
        Diagnostic::error(
            "Not a text file",
            format!(
                "The file {name:?} is not a text file: it has a NUL byte at offset {at}, which text never \
                 has."
            ),
        )
        .with_subject(range),
    )
}

impl SourceFiles for Files {
    fn source(&self, filename: &str) -> Option<&[u8]> {
        self.entry(filename).map(|f| &*f.src)
    }

    fn context_string(&self, filename: &str, offset: usize) -> Option<String> {
        match self.entry(filename)?.parsed.as_ref()? {
            SourceFile::Native(f) => f.context_string(offset),
            SourceFile::Json(f) => f.context_string(offset),
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
        assert!(matches!(files.get("broken.hcl"), Some(SourceFile::Native(_))));
        assert!(matches!(files.get("x.json"), Some(SourceFile::Json(_))));
        assert!(files.get("vars.json").is_none());
        assert_eq!(files.source("vars.json"), Some(b"{}".as_slice()));
    }

    /// `Files` is given sources, never paths: every file here comes from memory, and the module
    /// has no code that reads the file system (the command-line tools read, then register).
    #[test]
    fn reads_no_file() {
        let mut files = Files::new();
        let (body, d) = files.parse(b"a = 1\n".to_vec(), "/no/such/dir/main.hcl");
        assert!(d.is_empty() && body.just_attributes().0.contains_key("a"));
        files.add_source("<stdin>", b"b = 2".to_vec());
        assert_eq!(files.source("/no/such/dir/main.hcl"), Some(b"a = 1\n".as_slice()));
        let source = include_str!("files.rs");
        for io in
            [concat!("std", "::fs"), concat!("File", "::open"), concat!("read_", "to_end"), concat!("std", "::io")]
        {
            assert!(!source.contains(io), "files.rs uses {io}: Files must not read the file system");
        }
    }

    #[test]
    fn replace_keeps_one_file_per_name_in_its_place() {
        let mut files = Files::new();
        files.parse(b"a = 1".to_vec(), "m.hcl");
        files.parse(b"{}".to_vec(), "x.json");
        files.parse(b"a = 2".to_vec(), "m.hcl");
        assert_eq!(files.names().collect::<Vec<_>>(), ["m.hcl", "x.json", "m.hcl"]);
        let (body, d) = files.replace(b"b = 3".to_vec(), "m.hcl");
        assert!(d.is_empty());
        assert_eq!(files.names().collect::<Vec<_>>(), ["m.hcl", "x.json"]);
        assert_eq!(files.source("m.hcl"), Some(b"b = 3".as_slice()));
        assert!(body.just_attributes().0.contains_key("b"));
        // A JSON name is parsed as JSON; a new name goes last.
        files.replace(b"{\"c\": 1}".to_vec(), "y.json");
        assert!(matches!(files.get("y.json"), Some(SourceFile::Json(_))));
        assert_eq!(files.position("y.json"), Some(2));
        assert!(files.remove("m.hcl"));
        assert_eq!(files.names().collect::<Vec<_>>(), ["x.json", "y.json"]);
        assert!(files.source("m.hcl").is_none());
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
