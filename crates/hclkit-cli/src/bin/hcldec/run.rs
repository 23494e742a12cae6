//! The `hcldec` run: load the spec, gather variables, parse and merge the inputs, decode,
//! print. Statuses and messages follow the reference's `cmd/hcldec/main.go`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use hclkit::body::Body;
use hclkit::eval::Budget;
use hclkit::files::SourceFile;
use hclkit::spec::run::{unsupported_result, ContextOptions, FunctionLibrary};
use hclkit::spec::specfile::SpecFile;
use hclkit::{Diagnostics, Files};
use hclkit_terraform::{Library, Options};
use hclkit_value::json::HcldecOutput;
use rayon::prelude::*;

use crate::args::{self, Args, ArgsError, USAGE};
use crate::varrefs;
use hclkit_cli::inputs::read_reference;
use hclkit_cli::os_error::go_text;

const VERSION: &str = "0.0.1-dev";

/// Where diagnostics go.
enum DiagWriter {
    Text { width: usize, color: bool },
    Json,
}

impl DiagWriter {
    /// Writes the diagnostics to standard error, sorted in source order: diagnostics without
    /// a range first, then by file in the order the files were read (the spec file, `--vars`
    /// files, then the inputs in command-line order; files never read last, by name), then
    /// by position. The sort is stable, so diagnostics at one position keep their order.
    fn write(&self, mut diags: Diagnostics, sources: &Files) {
        sources.sort_diagnostics(&mut diags);
        let text = match self {
            DiagWriter::Text { width, color } => diags.to_text(sources, *width, *color),
            DiagWriter::Json => diags.to_json(),
        };
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(text.as_bytes());
        let _ = err.flush();
    }
}

/// Runs `hcldec` with the given arguments (without the program name).
pub fn run(argv: &[String]) -> ExitCode {
    let args = match args::parse(argv) {
        Ok(a) => a,
        Err(ArgsError::Help) => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
        Err(ArgsError::Usage(msg)) => {
            eprint!("{msg}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.version {
        println!("{VERSION}");
        return ExitCode::SUCCESS;
    }
    let writer = match args.diags.as_str() {
        "" => {
            DiagWriter::Text { width: hclkit_cli::term::width().unwrap_or(80), color: std::io::stderr().is_terminal() }
        }
        "json" => DiagWriter::Json,
        other => {
            eprintln!("Invalid diagnostics format {other:?}: only \"json\" is supported.");
            return ExitCode::from(2);
        }
    };
    // One evaluation budget for the whole run: the spec file's expressions, the `--vars`
    // files and every input expression count against it.
    let budget = if args.no_eval_limit {
        Budget::unlimited()
    } else {
        Budget::with_limit(Some(args.eval_limit.unwrap_or(Budget::DEFAULT_LIMIT)))
            .with_hint("Run hcldec with --eval-limit=N to raise the limit, or with --no-eval-limit to lift it.")
    };
    match budget.run(|| real_main(&args, &writer, &budget)) {
        Ok(code) => code,
        Err(msg) => {
            eprint!("Error: {msg}\n\n");
            ExitCode::from(1)
        }
    }
}

/// Parses one input in the syntax its name says (JSON for `.json`, else native); the body
/// is `None` when the parse had errors.
fn parse_input(name: &str, src: Vec<u8>, sources: &mut Files) -> (Option<Arc<dyn Body>>, Diagnostics) {
    let (body, diags) = sources.parse(src, name);
    (if diags.has_errors() { None } else { Some(body) }, diags)
}

/// The inputs as the one body that is decoded: a single input's own, several merged.
fn one_body(mut bodies: Vec<Arc<dyn Body>>) -> Arc<dyn Body> {
    match bodies.len() {
        1 => bodies.remove(0),
        _ => hclkit::merged::merge_bodies(bodies),
    }
}

fn real_main(args: &Args, writer: &DiagWriter, budget: &Budget) -> Result<ExitCode, String> {
    if args.spec.is_empty() {
        return Err("the --spec=... argument is required".into());
    }
    let mut sources = Files::new();
    let mut diags = Diagnostics::new();

    let spec = match read_reference(&args.spec) {
        Err(d) => {
            writer.write(Diagnostics(vec![*d]), &sources);
            return Ok(ExitCode::from(2));
        }
        Ok(src) => {
            let (spec, spec_diags) = SpecFile::parse(&mut sources, src, &args.spec);
            diags.extend(spec_diags);
            match spec {
                Some(spec) => spec,
                None => {
                    writer.write(diags, &sources);
                    return Ok(ExitCode::from(2));
                }
            }
        }
    };

    let mut variables = BTreeMap::new();
    for (i, v) in args.vars.iter().enumerate() {
        let (vals, d) = hclkit_cli::vars::read_vars(&mut sources, v, &format!("<vars argument {i}>"));
        diags.extend(d);
        variables.extend(vals);
    }
    // Terraform's table has try and can; its file functions read nothing.
    let library = match (args.stdlib, args.terraform) {
        (true, _) => Library::Stdlib.function_library(&Options::new()),
        (false, true) => Library::Terraform.function_library(&Options::new()),
        (false, false) => FunctionLibrary::None,
    };
    let ctx =
        spec.context(ContextOptions { variables, library, budget: Some(budget.clone()), declare_variables: false });

    let mut bodies = Vec::new();
    if args.files.is_empty() {
        let mut src = Vec::new();
        std::io::stdin().read_to_end(&mut src).map_err(|e| format!("failed to read stdin: {e}"))?;
        let (body, d) = parse_input("<stdin>", src, &mut sources);
        diags.extend(d);
        bodies.extend(body);
    } else {
        // Several inputs are read and parsed in parallel (RAYON_NUM_THREADS sets how many
        // threads), then kept with their diagnostics in command-line order, as one by one.
        let read_parse = |name: &String| {
            read_reference(name).map(|src| {
                let src: std::sync::Arc<[u8]> = src.into();
                let (parsed, diags) = SourceFile::parse(src.clone(), name);
                (src, parsed, diags)
            })
        };
        let parsed: Vec<_> = if args.files.len() > 1 {
            args.files.par_iter().map(read_parse).collect()
        } else {
            args.files.iter().map(read_parse).collect()
        };
        for (name, p) in args.files.iter().zip(parsed) {
            let (body, d) = match p {
                Ok((src, parsed, d)) => {
                    let body = sources.add_parsed(name, src, parsed);
                    (if d.has_errors() { None } else { Some(body) }, d)
                }
                Err(d) => (None, Diagnostics(vec![*d])),
            };
            diags.extend(d);
            bodies.extend(body);
        }
    }
    if diags.has_errors() {
        writer.write(diags, &sources);
        return Ok(ExitCode::from(2));
    }
    let body = one_body(bodies);

    if args.var_refs {
        let vars = hclkit::spec::variables(&*body, &spec.root);
        write_output(args, &varrefs::render(&vars, ctx.as_ref()))?;
        return Ok(ExitCode::SUCCESS);
    }

    let (value, d) = hclkit::spec::decode(&*body, &spec.root, ctx.as_ref());
    diags.extend(d);
    if diags.has_errors() {
        writer.write(diags, &sources);
        return Ok(ExitCode::from(2));
    }
    // The value holds nothing of the inputs' trees, which take about three times the
    // sources' memory: they go before the output is built (freeing a tree is a few large
    // blocks). Should the output fail, they are parsed again to say where.
    drop(body);
    sources.release_trees();
    let output = HcldecOutput { with_type: args.with_type, keep_nulls: args.keep_nulls };
    match output.render(&value) {
        Ok(out) => write_output(args, &out)?,
        Err(e) => {
            sources.reparse_released();
            let names: Vec<&str> =
                if args.files.is_empty() { vec!["<stdin>"] } else { args.files.iter().map(String::as_str).collect() };
            let body = one_body(names.iter().filter_map(|n| sources.get(n)).map(|p| p.body()).collect());
            // The reference prints invalid JSON for infinities; this says what is wrong, and
            // where: the attribute whose value holds the offending part.
            diags.push(unsupported_result(&*body, &spec.root, &e, ctx.as_ref()));
            writer.write(diags, &sources);
            return Ok(ExitCode::from(2));
        }
    }
    // The process ends here: freeing the result and the sources piece by piece would only
    // cost time, so they are left to the operating system.
    std::mem::forget((value, sources));
    Ok(ExitCode::SUCCESS)
}

fn write_output(args: &Args, text: &str) -> Result<(), String> {
    if args.out.is_empty() {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
        return Ok(());
    }
    // As the reference opens it: created with all permissions the umask leaves (os.ModePerm),
    // truncated if it exists.
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o777);
    let mut file = options
        .open(&args.out)
        .map_err(|e| format!("can't open {} for writing: open {}: {}", args.out, args.out, go_text(&e)))?;
    // The reference ignores write errors here.
    let _ = file.write_all(text.as_bytes());
    Ok(())
}
