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
use std::path::PathBuf;
use std::process::ExitCode;

use hclkit::{Diagnostics, Files};
use hclkit_terraform::inspect::Module;
use hclkit_value::json::Escape;

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

/// Runs `hclkit inspect`.
pub fn run(args: &InspectArgs, color: bool) -> ExitCode {
    let names = match hclkit_terraform::inspect::module_file_names(&args.dir) {
        Ok(names) => names,
        Err(e) => {
            eprintln!("hclkit inspect: {}: {}", args.dir.display(), hclkit_cli::os_error::reason(&e));
            return ExitCode::from(2);
        }
    };
    let mut sources = Vec::new();
    let mut files = Files::new();
    let mut read_errors = Diagnostics::new();
    // Names as the module's own files call each other: relative to DIR.
    for name in names {
        match std::fs::read(args.dir.join(&name)) {
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
            GraphFormat::Dot => analysis.to_dot(),
            GraphFormat::Json => {
                let mut json = String::new();
                analysis.graph_json().write(&mut json, Some(2), Escape::Go);
                json.push('\n');
                json
            }
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
