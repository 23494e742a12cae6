//! `hclkit inspect`: what a Terraform module declares, as terraform-config-inspect prints it
//! (Markdown by default, `--json` its JSON document with our additions), the module's
//! dependency graph (`--graph dot|json`) or its unused symbols (`--unused`).
//!
//! ```text
//! hclkit inspect [DIR] [--json | --graph dot|json | --unused]
//! ```
//!
//! The module is the `*.tf` (native syntax) and `*.tf.json` (JSON) files directly in DIR
//! (default `.`), read in Terraform's order (by name, override files last). The work is the library's
//! (`hclkit_terraform::inspect::Module`, `hclkit::analysis`); this command reads the files and
//! prints.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hclkit::analysis::Analysis;
use hclkit::{Diagnostics, Files};
use hclkit_terraform::inspect::Module;
use hclkit_value::json::{Escape, Node};

/// The long help.
pub const ABOUT: &str = "Show what a Terraform module declares, its dependency graph or its unused symbols.

What a module declares: input variables, outputs, locals, managed and data resources, module calls, required core \
and provider versions, provider configurations, with file, line and column. The module is the *.tf and *.tf.json \
files directly in DIR (default: the current directory).

Markdown by default, as terraform-config-inspect prints it; --json gives terraform-config-inspect's --json document \
(its fields and order, so scripts that read it read this) with hclkit's additions under names it does not use \
(columns and ends of positions, nullable, ephemeral and validations of variables, locals, moved/import/check/removed \
blocks, module call arguments). --graph prints the dependency graph of the module's symbols (var., local., \
resources, data., module., output.) in DOT or JSON, cycles reported as errors; --unused lists the symbols nothing \
refers to.";

/// How the graph is printed.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphFormat {
    /// Graphviz's DOT: an edge from each symbol to each symbol it refers to.
    Dot,
    /// JSON: the symbols (address, block type, position), edges, evaluation order, cycles.
    Json,
}

/// The arguments of `hclkit inspect`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Show what a Terraform module declares, its dependency graph or its unused symbols",
    after_help = "Exit status: 0 when the module was read without errors, 1 when it has errors (syntax errors, \
undeclared references or, with --graph, cycles; what could be read is still printed), 2 when DIR cannot be read \
and 2 on a usage error."
)]
pub struct InspectArgs {
    /// The module's directory.
    #[arg(value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,

    /// Print terraform-config-inspect's JSON document (with hclkit's additions).
    #[arg(long, conflicts_with_all = ["graph", "unused"])]
    pub json: bool,

    /// Print the dependency graph of the module's symbols.
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "unused")]
    pub graph: Option<GraphFormat>,

    /// List the symbols nothing refers to (outputs excepted), one per line with its position.
    #[arg(long)]
    pub unused: bool,
}

/// The module's files directly in `dir`, in the order Terraform reads them.
fn module_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    use hclkit_terraform::inspect::{is_module_file, sort_module_files};
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().map(|t| t.is_file() || t.is_symlink()).unwrap_or(false))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| is_module_file(n))
        .collect();
    sort_module_files(&mut names);
    Ok(names.into_iter().map(|n| dir.join(n)).collect())
}

/// Runs `hclkit inspect`.
pub fn run(args: &InspectArgs, color: bool) -> ExitCode {
    let paths = match module_files(&args.dir) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("hclkit inspect: {}: {}", args.dir.display(), hclkit_cli::os_error::reason(&e));
            return ExitCode::from(2);
        }
    };
    let mut sources = Vec::new();
    let mut files = Files::new();
    let mut read_errors = Diagnostics::new();
    for p in &paths {
        // Names as the module's own files call each other: relative to DIR.
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match std::fs::read(p) {
            Ok(src) => {
                files.add_source(&name, src.clone());
                sources.push((name, src));
            }
            Err(e) => {
                read_errors.push(hclkit_cli::inputs::read_failure(&name, &hclkit_cli::os_error::reason(&e), false))
            }
        }
    }
    let module = Module::load(&args.dir.to_string_lossy(), &sources);
    let mut diags = read_errors;
    diags.extend(module.diagnostics.iter().cloned());
    let mut out = String::new();
    if let Some(format) = args.graph {
        let analysis = module.analysis();
        diags.extend(analysis.diagnostics().iter().cloned());
        out = match format {
            GraphFormat::Dot => dot(&analysis),
            GraphFormat::Json => graph_json(&analysis),
        };
    } else if args.unused {
        let analysis = module.analysis();
        for id in analysis.unused() {
            let s = analysis.symbol(id);
            let r = &s.name_range;
            out.push_str(&format!("{} ({}:{}:{})\n", s.address, r.filename, r.start.line, r.start.column));
        }
    } else if args.json {
        out = module.to_json_string();
    } else {
        out = module.to_markdown();
    }
    let _ = std::io::stdout().write_all(out.as_bytes());
    if !diags.is_empty() && !args.json {
        let color = color && std::io::stderr().is_terminal();
        let _ =
            std::io::stderr().write_all(hclkit_cli::term::renderer(color).render_collapsed(&diags, &files).as_bytes());
    }
    if diags.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A DOT string literal.
fn dot_id(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The graph in DOT: one node per symbol, an edge to each symbol it refers to; cycles red.
fn dot(a: &Analysis) -> String {
    let mut out = String::from("digraph {\n  rankdir = \"RL\";\n");
    for (id, s) in a.symbols().iter().enumerate() {
        let style = if a.is_cyclic(id) { " [color = \"red\"]" } else { "" };
        out.push_str(&format!("  {}{style};\n", dot_id(&s.address)));
    }
    for (id, s) in a.symbols().iter().enumerate() {
        for &d in a.dependencies(id) {
            out.push_str(&format!("  {} -> {};\n", dot_id(&s.address), dot_id(&a.symbol(d).address)));
        }
    }
    out.push_str("}\n");
    out
}

/// The graph in JSON: symbols (address, block type, position), edges, order and cycles.
fn graph_json(a: &Analysis) -> String {
    let s = |v: &str| Node::String(v.to_owned());
    let n = |v: u32| Node::Number(v.to_string());
    let symbols = a
        .symbols()
        .iter()
        .enumerate()
        .map(|(id, sym)| {
            let r = &sym.name_range;
            Node::Object(vec![
                ("address".into(), s(&sym.address)),
                ("block_type".into(), s(&a.scheme().rules()[sym.rule].block_type)),
                (
                    "pos".into(),
                    Node::Object(vec![
                        ("filename".into(), s(&r.filename)),
                        ("line".into(), n(r.start.line)),
                        ("column".into(), n(r.start.column)),
                    ]),
                ),
                (
                    "depends_on".into(),
                    Node::Array(a.dependencies(id).iter().map(|&d| s(&a.symbol(d).address)).collect()),
                ),
                ("cyclic".into(), Node::Bool(a.is_cyclic(id))),
            ])
        })
        .collect();
    let order = a.order().iter().map(|&id| s(&a.symbol(id).address)).collect();
    let doc = Node::Object(vec![("symbols".into(), Node::Array(symbols)), ("order".into(), Node::Array(order))]);
    let mut out = String::new();
    doc.write(&mut out, Some(2), Escape::Go);
    out.push('\n');
    out
}
