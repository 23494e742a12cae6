//! `hclkit check`: parses files (and with `--spec`, decodes them) and reports their
//! diagnostics in the rustc style, with a one-line summary.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use hclkit::diagnostic::Renderer;
use hclkit::eval::{Budget, EvalContext};
use hclkit::spec::run::{ContextOptions, FunctionLibrary};
use hclkit::spec::specfile::SpecFile;
use hclkit::{Diagnostics, Files, Severity};
use rayon::prelude::*;

use hclkit_cli::help::HELP_TEMPLATE;
use hclkit_cli::inputs::{io_failure, read_failure};
use hclkit_cli::os_error;
use hclkit_cli::vars::{read_vars, Vars};
use hclkit_cli::walk::{is_json_name, is_native_name, walk};

/// Arguments of `hclkit check`.
/// The long description of the subcommand (its `--help`).
pub const ABOUT: &str = "Parse files and report their diagnostics (with --spec, decode them too).\n\n\
Parses each file and reports its diagnostics, then a one-line summary. \
A directory is searched recursively for HCL files (*.hcl, *.tf, *.tfvars, *.nomad, *.pkr.hcl, \
*.tftest.hcl, ...) and their JSON-syntax forms (*.tf.json, *.hcl.json, *.tfvars.json, ...); \
hidden entries and what .gitignore and .ignore files ignore are skipped. A file named explicitly is checked whatever its name: as JSON syntax \
when it ends in .json, else as native syntax. \"-\" reads standard input (native syntax). \
Without PATH, the current directory.";

#[derive(clap::Args, Debug)]
#[command(
    help_template = HELP_TEMPLATE,
    after_help = "Exit status: 0 when no file has an error (warnings alone do not fail), 1 when some \
file has an error or cannot be read, 2 on a usage error or an unusable --spec or --vars."
)]
pub struct CheckArgs {
    /// Also decode each file with this hcldec spec file, reporting unknown and missing
    /// attributes and blocks and type errors (the spec's variables and functions, and the
    /// standard function library, are available to expressions)
    #[arg(long, value_name = "SPEC")]
    pub spec: Option<PathBuf>,

    /// Variables for --spec decoding, as hcldec's --vars: a JSON object, or a file (JSON syntax
    /// when named *.json, else native syntax like a .tfvars file); may be repeated, later ones
    /// winning
    #[arg(long, value_name = "JSON|FILE", requires = "spec")]
    pub vars: Vec<String>,

    /// How to print diagnostics: text (rustc style) or json (the shape of hcldec --diags=json,
    /// one document for all files)
    #[arg(long, value_enum, default_value_t = DiagsFormat::Text, value_name = "FORMAT")]
    pub diags: DiagsFormat,

    /// Show every diagnostic: do not fold a run of identical diagnostics from one fault into
    /// its first and a count
    #[arg(long)]
    pub all: bool,

    /// Walk directories into everything: also entries that .gitignore or .ignore files
    /// ignore, and hidden ones (.git, .terraform)
    #[arg(long)]
    pub no_ignore: bool,

    /// Files and directories to check ("-": standard input)
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
}

/// How diagnostics are printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum DiagsFormat {
    /// Text in the style of rustc.
    Text,
    /// JSON, as `hcldec --diags=json`.
    Json,
}

fn is_searched(name: &str) -> bool {
    is_native_name(name) || is_json_name(name)
}

/// One input to check, in the order of the report.
enum Input {
    /// A file to read.
    File(String),
    /// Standard input, read beforehand.
    Stdin(Vec<u8>),
    /// A path that could not be read: its name, the reason, and whether it is a directory
    /// (not counted as a file checked).
    Unreadable(String, String, bool),
}

/// What checking one input found.
struct Report {
    diags: Diagnostics,
    /// The diagnostics rendered as text (empty in JSON mode).
    text: String,
}

/// `--spec`: the spec and what its expressions may use, loaded once and shared by the worker
/// threads; each file is decoded with a budget of its own.
struct SpecCheck {
    spec: SpecFile,
    ctx: EvalContext,
}

impl SpecCheck {
    /// The context of a loaded spec: its variables and `vars`, the standard library with
    /// `try`/`can`, and the spec's own functions, which win (`hclkit::spec::run`'s rule).
    fn new(spec: SpecFile, vars: Vars) -> SpecCheck {
        let options = ContextOptions {
            variables: vars,
            library: FunctionLibrary::Standard,
            budget: None,
            declare_variables: true,
        };
        let ctx = spec.context(options).unwrap_or_default();
        SpecCheck { spec, ctx }
    }
}

/// Checks one input: read, parse in its syntax, decode with the spec when there is one and
/// the parse succeeded, render.
fn check_one(input: &Input, spec: Option<&SpecCheck>, renderer: &Renderer, all: bool, text: bool) -> Report {
    let mut files = Files::new();
    let diags = match input {
        Input::Unreadable(name, reason, dir) => Diagnostics::from(vec![read_failure(name, reason, *dir)]),
        Input::File(name) => match std::fs::read(name) {
            Err(e) => Diagnostics::from(vec![io_failure(name, &e)]),
            Ok(src) => parse_and_decode(&mut files, src, name, spec),
        },
        Input::Stdin(src) => parse_and_decode(&mut files, src.clone(), "<stdin>", spec),
    };
    let text = if !text || diags.is_empty() {
        String::new()
    } else if all {
        renderer.render_all(&diags, &files)
    } else {
        renderer.render_collapsed(&diags, &files)
    };
    Report { diags, text }
}

fn parse_and_decode(files: &mut Files, src: Vec<u8>, name: &str, spec: Option<&SpecCheck>) -> Diagnostics {
    // A file that is not text gets one diagnostic, not pages of them.
    let src = match hclkit_cli::inputs::text(files, src, name) {
        Ok(src) => src,
        Err(diags) => return diags,
    };
    let (body, mut diags) = files.parse(src, name);
    if let Some(d) = spec {
        if !diags.has_errors() {
            let budget = Budget::default();
            let ctx = d.ctx.clone().with_budget(budget.clone());
            let (_, more) = budget.run(|| hclkit::spec::decode(&*body, &d.spec.root, Some(&ctx)));
            diags.extend(more);
        }
    }
    diags
}

/// Expands the command-line paths into the inputs, in order.
fn inputs(paths: &[PathBuf], no_ignore: bool) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        let name = p.display().to_string();
        if name == "-" {
            let mut src = Vec::new();
            out.push(match std::io::stdin().lock().read_to_end(&mut src) {
                Ok(_) => Input::Stdin(src),
                Err(e) => Input::Unreadable("<stdin>".into(), os_error::reason(&e), false),
            });
            continue;
        }
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                let (mut files, mut errors) = (Vec::new(), Vec::new());
                walk(p, no_ignore, &|n| is_searched(n), &mut files, &mut errors);
                out.extend(files.into_iter().map(|f| Input::File(f.display().to_string())));
                out.extend(errors.into_iter().map(|(path, reason)| Input::Unreadable(path, reason, true)));
            }
            Ok(_) => out.push(Input::File(name)),
            Err(e) => out.push(Input::Unreadable(name, os_error::reason(&e), false)),
        }
    }
    out
}

/// `hclkit check`.
pub fn run(args: &CheckArgs, color: bool) -> ExitCode {
    let text = args.diags == DiagsFormat::Text;
    let renderer = hclkit_cli::term::renderer(color && text);

    // The spec: read and loaded once, its problems reported; the workers share it.
    let spec = match &args.spec {
        None => None,
        Some(path) => match load_spec_file(path, &renderer, text) {
            Ok(spec) => match load_vars(&args.vars, &renderer, text) {
                Ok(vars) => Some(SpecCheck::new(spec, vars)),
                Err(code) => return code,
            },
            Err(code) => return code,
        },
    };

    let inputs = inputs(&args.paths, args.no_ignore);
    let reports: Vec<Report> =
        inputs.par_iter().map(|input| check_one(input, spec.as_ref(), &renderer, args.all, text)).collect();

    let (mut errors, mut warnings) = (0usize, 0usize);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all = Diagnostics::new();
    for r in reports {
        errors += r.diags.iter().filter(|d| d.severity == Severity::Error).count();
        warnings += r.diags.iter().filter(|d| d.severity == Severity::Warning).count();
        if text {
            if !r.text.is_empty() {
                let _ = out.write_all(r.text.as_bytes());
                let _ = out.write_all(b"\n");
            }
        } else {
            all.extend(r.diags);
        }
    }
    let files = inputs.iter().filter(|i| !matches!(i, Input::Unreadable(_, _, true))).count();
    let summary = summary(files, errors, warnings);
    if text {
        let _ = writeln!(out, "{summary}");
    } else {
        let mut json = String::new();
        all.json_node().write(&mut json, Some(2), hclkit_value::json::Escape::Go);
        json.push('\n');
        let _ = out.write_all(json.as_bytes());
        eprintln!("{summary}");
    }
    let _ = out.flush();
    if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads, parses and loads the spec file; on failure prints why and gives the exit status.
fn load_spec_file(path: &Path, renderer: &Renderer, text: bool) -> Result<SpecFile, ExitCode> {
    let name = path.display().to_string();
    let fail = |diags: Diagnostics, files: &Files| {
        if text {
            print!("{}", renderer.render_all(&diags, files));
            eprintln!("error: the spec file {name} cannot be used");
        } else {
            print!("{}", diags.to_json());
        }
        Err(ExitCode::from(2))
    };
    let src = match std::fs::read(path) {
        Ok(s) => s,
        Err(e) => return fail(Diagnostics::from(vec![io_failure(&name, &e)]), &Files::new()),
    };
    let mut files = Files::new();
    match SpecFile::parse(&mut files, src, &name) {
        (Some(spec), _) => Ok(spec),
        (None, diags) => fail(diags, &files),
    }
}

/// Reads the --vars arguments in order (later ones win); on errors prints them and gives the
/// exit status.
fn load_vars(args: &[String], renderer: &Renderer, text: bool) -> Result<Vars, ExitCode> {
    let mut files = Files::new();
    let mut vars = Vars::new();
    let mut diags = Diagnostics::new();
    for (i, arg) in args.iter().enumerate() {
        let (v, d) = read_vars(&mut files, arg, &format!("<vars argument {i}>"));
        vars.extend(v);
        diags.extend(d);
    }
    if diags.has_errors() {
        if text {
            print!("{}", renderer.render_all(&diags, &files));
            eprintln!("error: the --vars cannot be used");
        } else {
            print!("{}", diags.to_json());
        }
        return Err(ExitCode::from(2));
    }
    Ok(vars)
}

/// `checked 3 files: 2 errors, 1 warning`.
fn summary(files: usize, errors: usize, warnings: usize) -> String {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let found = if errors == 0 && warnings == 0 {
        "no problems".to_owned()
    } else {
        format!("{}, {}", plural(errors, "error"), plural(warnings, "warning"))
    };
    format!("checked {}: {found}", plural(files, "file"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searched_names_and_summary() {
        for n in ["a.hcl", "main.tf", "x.tfvars", "j.nomad", "p.pkr.hcl", "t.tftest.hcl", "main.tf.json", "x.hcl.json"]
        {
            assert!(is_searched(n), "{n}");
        }
        for n in ["package.json", "README.md", "a.hcl.bak"] {
            assert!(!is_searched(n), "{n}");
        }
        assert_eq!(summary(1, 0, 0), "checked 1 file: no problems");
        assert_eq!(summary(3, 2, 1), "checked 3 files: 2 errors, 1 warning");
    }
}
