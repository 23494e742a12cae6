//! `inspect`: what a Terraform module declares (`hclkit_terraform::inspect::Module`), its
//! Markdown, or its dependency graph (`hclkit::analysis`), for the package's `inspect`,
//! `inspect.markdown` and `inspect.graph`.

#[cfg(feature = "terraform")]
use hclkit::Files;
#[cfg(feature = "terraform")]
use hclkit_value::json::Node;

use crate::fail_plain;
#[cfg(feature = "terraform")]
use crate::{diags, ok};

/// What `inspect` returns: option code 0, 1 or 2.
#[cfg(feature = "terraform")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Output {
    /// terraform-config-inspect's JSON document with hclkit's additions.
    Json,
    /// terraform-config-inspect's Markdown.
    Markdown,
    /// The graph (`Analysis::graph_json`), with `unused` and `diagnostics`.
    Graph,
}

/// The module's files from `files`: a JSON array of `[name, text]` pairs. Every pair is a
/// file of the module, in the order given (the wrapper chose and sorted them).
#[cfg(feature = "terraform")]
fn files_of(files: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let Node::Array(pairs) = Node::parse(files.as_bytes())? else {
        return Err("the files are not an array".to_owned());
    };
    pairs
        .into_iter()
        .map(|pair| match pair {
            Node::Array(p) => match p.as_slice() {
                [Node::String(name), Node::String(text)] => Ok((name.clone(), text.clone().into_bytes())),
                _ => Err("each file is a pair of a name and a text".to_owned()),
            },
            _ => Err("each file is a pair of a name and a text".to_owned()),
        })
        .collect()
}

/// `inspect`: the module made of `files` (a JSON array of `[name, text]` pairs), named
/// `path`, as `output` says (0 the JSON document, 1 Markdown, 2 the graph). With `select`
/// (the files of a directory), only the module's files are read (`*.tf`, `*.tf.json`; see
/// `is_module_file`), in Terraform's order; else every file given, in the order given.
/// Problems in the files are in the result's `diagnostics`, not a failure.
///
/// ```
/// let out = hclkit_wasm::inspect::inspect(".", r#"[["main.tf", "variable \"a\" {}\n"], ["a.txt", "?"]]"#, true, 0);
/// assert!(out.starts_with(r#" {"path":".","variables":{"a":{"name":"a","#));
/// let graph = hclkit_wasm::inspect::inspect(".", r#"[["main.tf", "locals {\n  a = local.b\n}\n"]]"#, false, 2);
/// assert!(graph.contains(r#""summary":"Reference to undeclared symbol""#));
/// ```
#[cfg(feature = "terraform")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn inspect(path: &str, files: &str, select: bool, output: u8) -> String {
    use hclkit_terraform::inspect::{is_module_file, sort_module_files, Module};

    let output = match output {
        1 => Output::Markdown,
        2 => Output::Graph,
        _ => Output::Json,
    };
    let mut files = match files_of(files) {
        Ok(f) => f,
        Err(e) => return fail_plain("Invalid files", &e),
    };
    if select {
        /// A file, sorted by its name.
        struct Named((String, Vec<u8>));
        impl AsRef<str> for Named {
            fn as_ref(&self) -> &str {
                &self.0 .0
            }
        }
        let mut named: Vec<Named> = files.into_iter().filter(|(n, _)| is_module_file(n)).map(Named).collect();
        sort_module_files(&mut named);
        files = named.into_iter().map(|n| n.0).collect();
    }
    let module = Module::load(path, &files);
    match output {
        Output::Json => ok(&module.to_json().to_compact()),
        Output::Markdown => ok(&module.to_markdown()),
        Output::Graph => {
            let analysis = module.analysis();
            let mut doc = analysis.graph_json();
            if let Node::Object(props) = &mut doc {
                let unused = analysis.unused().into_iter().map(|s| Node::String(analysis.symbol(s).address.clone()));
                props.push(("unused".to_owned(), Node::Array(unused.collect())));
            }
            let mut all = module.diagnostics.clone();
            all.extend(analysis.diagnostics().iter().cloned());
            let mut sources = Files::new();
            for (name, text) in files {
                sources.add_source(&name, text);
            }
            let mut out = doc.to_compact();
            out.pop(); // the closing brace: the diagnostics are written as the package writes them
            out.push_str(",\"diagnostics\":");
            out.push_str(&diags::to_json(&all, &sources));
            out.push('}');
            ok(&out)
        }
    }
}

/// `inspect` in a build without Terraform's support (the smaller module): a failure.
#[cfg(not(feature = "terraform"))]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn inspect(_path: &str, _files: &str, _select: bool, _output: u8) -> String {
    fail_plain(
        "Terraform support not in this build",
        "This build of the package was made without Terraform's support (the smaller module); inspect needs the full package.",
    )
}
