//! `hclkit eval`: evaluates one expression and prints its value as JSON, the way Terraform's
//! `jsonencode` writes it, or its diagnostics with exit status 1 (2 when `--vars` cannot be
//! used, as in `hclkit check`) — a console for any HCL.
//!
//! ```text
//! hclkit eval [--functions stdlib|terraform|none] [--vars JSON|FILE] [--base-dir DIR] [--planning] [--diags=json] EXPR
//! ```
//!
//! `--functions` chooses the function table: `terraform` (the default) is Terraform's
//! (`hclkit_terraform::functions`), `stdlib` is go-cty's standard library with `try` and `can`,
//! `none` has no functions. `--vars` is a JSON object whose attributes become variables (read
//! as hcldec reads `--vars`, which also takes a .json or native-syntax file; `@FILE` reads a
//! JSON document from a file of any name). Terraform's file
//! functions read nothing unless `--base-dir` names the directory they may read under.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use hclkit::eval::{evaluate, EvalContext};
use hclkit::{Diagnostic, Diagnostics, Files};
use hclkit_value::Value;

/// Which function table the expression sees.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionSet {
    /// go-cty's standard library (as hcldec's tools name it) with `try` and `can`.
    Stdlib,
    /// Terraform's function table (v1.0.3's, with later additions).
    Terraform,
    /// No functions.
    None,
}

impl FunctionSet {
    /// The library the choice names (`None` for no functions).
    fn library(self) -> Option<hclkit_terraform::Library> {
        match self {
            FunctionSet::Stdlib => Some(hclkit_terraform::Library::Stdlib),
            FunctionSet::Terraform => Some(hclkit_terraform::Library::Terraform),
            FunctionSet::None => None,
        }
    }
}

/// How diagnostics are printed.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagsFormat {
    /// Text with source snippets.
    Text,
    /// One JSON document in the shape of `hcldec --diags=json`.
    Json,
}

/// The arguments of `hclkit eval`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Evaluate one expression and print its value as JSON (as Terraform's jsonencode writes it)",
    after_help = "Exit status: 0 when the value is printed (warnings, if any, on standard error), 1 when \
the expression, --vars or the value has errors (printed as diagnostics), 2 on a usage error."
)]
pub struct EvalArgs {
    /// The function table the expression may call.
    #[arg(long, value_enum, default_value = "terraform")]
    pub functions: FunctionSet,
    /// Variables: a JSON object (or @FILE holding one) whose attributes become variables, or a
    /// file as hcldec's --vars reads it (JSON syntax when named *.json, else native syntax)
    #[arg(long, value_name = "JSON|FILE")]
    pub vars: Option<String>,
    /// The directory Terraform's file functions may read under (default: they read nothing).
    #[arg(long, value_name = "DIR")]
    pub base_dir: Option<std::path::PathBuf>,
    /// Terraform's planning behaviour: the clock and random functions (`timestamp`, `uuid`,
    /// `bcrypt`) return unknown values, which cannot be printed.
    #[arg(long)]
    pub planning: bool,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value = "text")]
    pub diags: DiagsFormat,
    /// The expression, in HCL's native syntax (`-`: read it from standard input).
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    pub expr: String,
}

/// The name the expression's diagnostics give it.
const EXPR_NAME: &str = "<expr>";

/// Runs `hclkit eval`. `color`: whether text diagnostics may be coloured (they are only when
/// standard error is also a terminal).
pub fn run(args: &EvalArgs, color: bool) -> ExitCode {
    let mut files = Files::new();
    let (result, diags, vars_unusable) = eval(args, &mut files);
    let failed = diags.has_errors();
    if !diags.is_empty() {
        match args.diags {
            // On standard output when they are the whole answer; warnings beside a value go
            // to standard error, so that standard output stays one JSON document.
            DiagsFormat::Json if failed => {
                let _ = std::io::stdout().write_all(diags.to_json().as_bytes());
            }
            DiagsFormat::Json => {
                let _ = std::io::stderr().write_all(diags.to_json().as_bytes());
            }
            DiagsFormat::Text => {
                let color = color && std::io::stderr().is_terminal();
                let _ = std::io::stderr()
                    .write_all(hclkit_cli::term::renderer(color).render_collapsed(&diags, &files).as_bytes());
            }
        }
    }
    if vars_unusable {
        return ExitCode::from(2);
    }
    if failed {
        return ExitCode::from(1);
    }
    if let Some(json) = result {
        println!("{json}");
    }
    ExitCode::SUCCESS
}

/// Evaluates the expression: the JSON text of its value (when there are no errors) and the
/// diagnostics, with the sources they point into added to `files`, and whether `--vars` could
/// not be used (then nothing was evaluated).
pub fn eval(args: &EvalArgs, files: &mut Files) -> (Option<String>, Diagnostics, bool) {
    let mut diags = Diagnostics::new();
    // Empty tables rather than none: a name the expression uses that is not there is then
    // "unknown" (and named), which `explain` can tell the user how to supply.
    let mut ctx = EvalContext::new().with_variables(Vec::<(String, Value)>::new());
    ctx = match args.functions.library() {
        Some(library) => {
            let mut options = hclkit_terraform::Options::new().with_planning(args.planning);
            if let Some(dir) = &args.base_dir {
                options = options.with_filesystem(hclkit_terraform::FsPolicy::under(dir.clone()));
            }
            ctx.with_functions(library.functions(&options))
        }
        None => ctx.with_functions(Vec::<(String, hclkit_value::function::Function)>::new()),
    };
    if let Some(vars) = &args.vars {
        // `@FILE`: a JSON document in a file, whatever its name; otherwise the argument is
        // read as hcldec reads its --vars (JSON text, or a .json or native-syntax file).
        let (vars, d) = match vars.strip_prefix('@') {
            Some(path) => match std::fs::read(path) {
                Ok(src) => hclkit_cli::vars::parse_vars(files, src, path),
                Err(e) => (Default::default(), Diagnostics::from(vec![hclkit_cli::inputs::io_failure(path, &e)])),
            },
            None => hclkit_cli::vars::read_vars(files, vars, "<vars>"),
        };
        diags.extend(d);
        ctx = ctx.with_variables(vars);
        if diags.has_errors() {
            return (None, diags, true);
        }
    }
    let src: Arc<[u8]> = if args.expr == "-" {
        match hclkit_cli::inputs::read_stdin() {
            Ok(buf) => buf.into(),
            Err(e) => {
                diags.push(hclkit_cli::inputs::io_failure("<stdin>", &e));
                return (None, diags, false);
            }
        }
    } else {
        args.expr.as_bytes().into()
    };
    files.add_source(EXPR_NAME, src.clone());
    let (file, d) = hclkit::parse_expression(src.clone(), EXPR_NAME);
    diags.extend(d);
    if diags.has_errors() {
        return (None, diags, false);
    }
    let (value, mut d) = evaluate(file.expr(), Some(&ctx));
    explain(&mut d, &src, args.functions);
    diags.extend(d);
    if diags.has_errors() {
        return (None, diags, false);
    }
    match encode(&value) {
        Ok(json) => (Some(json), diags, false),
        Err(d) => {
            diags.push(*d);
            (None, diags, false)
        }
    }
}

/// Adds to the expression's "Unknown variable" and "Call to unknown function" errors how to
/// supply the name on this command line: `--vars`, or the `--functions` library that has the
/// function (which library has which name is `hclkit_terraform::libraries_with`'s answer).
fn explain(diags: &mut Diagnostics, src: &[u8], chosen: FunctionSet) {
    for d in &mut diags.0 {
        let Some(name) = d.subject.as_ref().and_then(|r| src.get(r.start.byte as usize..r.end.byte as usize)) else {
            continue;
        };
        let name = String::from_utf8_lossy(name);
        let hint = match &*d.summary {
            "Unknown variable" => format!(
                " Variables come from --vars, a JSON object (or @FILE holding one): --vars '{{\"{name}\": ...}}'."
            ),
            "Call to unknown function" => {
                let libraries = hclkit_terraform::libraries_with(&name);
                if libraries.is_empty() || chosen.library().is_some_and(|l| libraries.contains(&l)) {
                    continue;
                }
                let flags: Vec<String> = libraries.iter().map(|l| format!("--functions {}", l.name())).collect();
                let which = if flags.len() == 1 { "which has it" } else { "which have it" };
                format!(" Use {}, {which}.", flags.join(" or "))
            }
            _ => continue,
        };
        d.detail = format!("{}{hint}", d.detail).into();
    }
}

/// The value as Terraform's `jsonencode` writes it.
fn encode(value: &Value) -> Result<String, Box<Diagnostic>> {
    if !value.is_wholly_known() {
        return Err(Box::new(Diagnostic::error(
            "Value not known",
            "The expression's value depends on values that are not known yet, so it cannot be printed.",
        )));
    }
    let encoded = hclkit_value::stdlib::json_encode()
        .call(std::slice::from_ref(value))
        .map_err(|e| Box::new(Diagnostic::error("Value cannot be printed as JSON", format!("{}.", e.message()))))?;
    Ok(encoded.as_str().unwrap_or_default().to_owned())
}
