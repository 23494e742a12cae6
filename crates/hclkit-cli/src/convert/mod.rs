//! `hclkit convert`: the native syntax to the HCL JSON syntax, and back with a schema.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hclkit::files::SourceFile;
use hclkit::pos::ColumnUnit;
use hclkit::transcode::{BlockShape, Schema, ToJsonOptions};
use hclkit::{Diagnostics, Files};
use rayon::prelude::*;

use hclkit::spec::specfile::SpecFile;
use hclkit_cli::inputs::{io_failure, read_failure};
use hclkit_cli::os_error;
use hclkit_cli::walk::{is_json_name, is_native_name, walk, Unreadable};

/// Block layout of the JSON output (`--blocks`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocks {
    /// One object level per label; a single block's body an object, repeated blocks an
    /// array; blocks grouped by label, so every label level is an object.
    Nested,
    /// As nested, with block order kept exactly: a label level where a label comes back
    /// after others becomes an array of objects.
    Ordered,
    /// As tmccombs/hcl2json: label levels objects, every block body inside an array.
    Array,
}

/// The unit of the columns of `--ranges`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Columns {
    /// Grapheme clusters, as diagnostics count them (the reference's columns).
    Graphemes,
    /// UTF-16 code units (JavaScript strings, the language server protocol).
    Utf16,
    /// Characters (Unicode scalar values: Python strings).
    Chars,
    /// UTF-8 bytes from the line's start.
    Utf8,
}

/// The input syntax (`--from`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// The native syntax (converted to JSON).
    Native,
    /// The JSON syntax (converted to native).
    Json,
}

/// The long description of the subcommand (its `--help`).
pub const ABOUT: &str = "Convert between the native syntax and the HCL JSON syntax.\n\n\
Native to JSON (the default for files not named *.json): attributes become properties, blocks \
nested objects (one level per label; several blocks of a type and labels an array), literal \
values JSON values (numbers in full precision), quoted templates JSON template strings and every \
other expression a \"${...}\" template; literal text is escaped ($${, %%{) and comments become \
\"//\" properties. Applications read JSON strings as templates only when they evaluate with \
variables or functions (as hcldec does when given any).\n\n\
JSON to native (files named *.json, standard input with --spec, or --from=json; a file's name \
decides its direction, so a native file given with --spec still becomes JSON, with a warning \
that the spec is not used): the JSON syntax cannot tell a block from \
an object, so the schema comes from an hcldec spec (--spec): its block, block_list, block_set \
and block_map specs say which properties are blocks and how many labels they have. Without \
--spec every property becomes an attribute: valid native syntax that means the same wherever \
the body is read as attributes only (tfvars files, hcldec block_attrs). Strings that are one \
interpolation (\"${a + b}\") become the bare expression, other strings quoted templates, \"//\" \
properties # comments; the output is laid out as hclfmt lays it out.\n\n\
Several files, or directories, are converted into --out-dir: each file under its own name with \
\".json\" added (native input: main.tf becomes main.tf.json, the name Terraform reads) or removed \
(JSON input: main.tf.json becomes main.tf, x.json becomes x.hcl); a directory is searched \
recursively for native files (*.hcl, *.tf, *.tfvars, *.nomad), or with --from=json or --spec for \
their JSON forms (*.tf.json, *.hcl.json, ...), and its layout is kept below --out-dir. Files are \
converted in parallel; diagnostics are reported in input order, and a file with errors is not \
written.";

/// Converts between the native syntax and the HCL JSON syntax.
#[derive(clap::Args, Debug)]
#[command(after_help = "Exit status: 0 on success (warnings alone do not fail), 1 when an input has errors \
(printed as diagnostics) or an output cannot be written, 2 on a usage error.")]
pub struct ConvertArgs {
    /// The files or directories to convert (`-`: standard input). Several, or a directory,
    /// need --out-dir.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<String>,
    /// The input syntax (default: a file's name decides, JSON for names ending in .json;
    /// standard input is JSON with --spec, native otherwise).
    #[arg(long, value_enum)]
    pub from: Option<Syntax>,
    /// JSON output: how blocks are laid out.
    #[arg(long, value_enum, default_value = "nested")]
    pub blocks: Blocks,
    /// JSON output: fold expressions that use no variables and no functions into their values.
    #[arg(long)]
    pub simplify: bool,
    /// JSON output: indent by two spaces (default: compact).
    #[arg(long)]
    pub pretty: bool,
    /// JSON output: drop comments (default: kept as "//" properties).
    #[arg(long)]
    pub no_comments: bool,
    /// JSON output: a "//ranges" property in every body with the source ranges of its block
    /// and attributes (line, column, byte); columns counted in the unit given (default:
    /// grapheme clusters, as diagnostics count them).
    #[arg(long, value_enum, value_name = "COLUMNS", num_args = 0..=1, default_missing_value = "graphemes", require_equals = true)]
    pub ranges: Option<Columns>,
    /// JSON input: the hcldec spec file saying which properties are blocks.
    #[arg(long, value_name = "SPEC")]
    pub spec: Option<String>,
    /// Write the result to this file instead of standard output (one input file).
    #[arg(short, long, value_name = "FILE", conflicts_with = "out_dir")]
    pub output: Option<String>,
    /// Convert every input into this directory (created if missing), each file under its own
    /// name with ".json" added or removed.
    #[arg(short = 'O', long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Walk directories into everything: also entries that .gitignore or .ignore files
    /// ignore, and hidden ones (.git, .terraform)
    #[arg(long)]
    pub no_ignore: bool,
}

fn print_diags(diags: &Diagnostics, files: &Files, color: bool) {
    let text = hclkit_cli::term::renderer(color && std::io::stderr().is_terminal()).render_collapsed(diags, files);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Runs `hclkit convert`.
pub fn run(args: &ConvertArgs, color: bool) -> ExitCode {
    let single = args.out_dir.is_none() && args.paths.len() == 1 && !Path::new(&args.paths[0]).is_dir();
    if single {
        return run_one(args, &args.paths[0], color);
    }
    let Some(out_dir) = &args.out_dir else {
        let what = if args.paths.len() == 1 { "a directory" } else { "several inputs" };
        eprintln!("hclkit convert: {what} can only be converted into --out-dir DIR");
        return ExitCode::from(2);
    };
    let (jobs, unreadable_dirs) = match jobs(args, out_dir) {
        Ok((jobs, unreadable)) => {
            for (path, reason) in &unreadable {
                print_diags(&Diagnostics::from(vec![read_failure(path, reason, true)]), &Files::new(), color);
            }
            (jobs, unreadable.len())
        }
        Err(message) => {
            eprintln!("hclkit convert: {message}");
            return ExitCode::from(2);
        }
    };
    // The schema (from --spec) is loaded once and shared by the worker threads.
    let mut spec_files = Files::new();
    let schema = if jobs.iter().any(|j| j.json_in) {
        match load_schema(args, &mut spec_files) {
            Ok((schema, warnings)) => {
                if !warnings.is_empty() {
                    print_diags(&warnings, &spec_files, color);
                }
                schema
            }
            Err(diags) => {
                print_diags(&diags, &spec_files, color);
                return ExitCode::from(1);
            }
        }
    } else {
        Schema::new()
    };
    let native: Vec<&str> = jobs.iter().filter(|j| !j.json_in).map(|j| j.input.as_str()).collect();
    if let Some(w) = spec_unused(args, &native) {
        print_diags(&Diagnostics::from(vec![w]), &spec_files, color);
    }
    let reports: Vec<(String, bool)> = jobs.par_iter().map(|job| convert_job(args, job, &schema, color)).collect();
    let mut failed = 0;
    let mut err = std::io::stderr().lock();
    for (text, ok) in &reports {
        let _ = err.write_all(text.as_bytes());
        failed += usize::from(!ok);
    }
    let n = reports.len();
    let plural = if n == 1 { "" } else { "s" };
    let _ = writeln!(
        err,
        "converted {} of {n} file{plural} into {}{}",
        n - failed,
        out_dir.display(),
        if failed > 0 { format!(" ({failed} with errors, not written)") } else { String::new() }
    );
    if failed > 0 || unreadable_dirs > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// One file to convert into the output directory.
struct Job {
    input: String,
    output: PathBuf,
    json_in: bool,
}

/// Whether `name` is read as JSON syntax: as --from says, else by the name (standard input,
/// which has none, by whether --spec asks for the JSON direction).
fn json_input(args: &ConvertArgs, name: &str) -> bool {
    match args.from {
        Some(s) => s == Syntax::Json,
        None if name == "-" => args.spec.is_some(),
        None => name.ends_with(".json"),
    }
}

/// The warning for native inputs given with --spec, which only JSON input uses: the files are
/// converted to JSON as their names say, and the user learns how to ask for the other way.
fn spec_unused(args: &ConvertArgs, native: &[&str]) -> Option<hclkit::Diagnostic> {
    let spec = args.spec.as_deref()?;
    let (first, more) = native.split_first()?;
    let what = match more.len() {
        0 => format!("{first} is"),
        n => format!("{first} and {n} more are"),
    };
    Some(hclkit::Diagnostic {
        severity: hclkit::diagnostic::Severity::Warning,
        ..hclkit::Diagnostic::error(
            "--spec is not used",
            format!(
                "{what} read as the native syntax (the name does not end in .json) and converted to \
                 JSON, which needs no schema; the spec {spec} says which properties are blocks when \
                 JSON is converted to the native syntax. To read a file as JSON whatever its name, add \
                 --from=json."
            ),
        )
    })
}

/// The converted file's name: ".json" added to a native file's name, removed from a JSON
/// file's (".hcl" put in its place when no HCL extension is left: x.json becomes x.hcl).
fn output_name(name: &str, json_in: bool) -> String {
    if !json_in {
        return format!("{name}.json");
    }
    let stem = name.strip_suffix(".json").unwrap_or(name);
    if is_native_name(stem) {
        stem.to_owned()
    } else {
        format!("{stem}.hcl")
    }
}

/// The inputs, directories expanded, each with its output path, and the directories below them
/// that cannot be read (path and reason; the others are converted); two inputs written to one
/// path and standard input are usage errors.
fn jobs(args: &ConvertArgs, out_dir: &Path) -> Result<(Vec<Job>, Vec<Unreadable>), String> {
    let mut jobs = Vec::new();
    let mut unreadable = Vec::new();
    for p in &args.paths {
        if p == "-" {
            return Err("standard input (\"-\") cannot be converted into --out-dir".into());
        }
        let path = Path::new(p);
        if path.is_dir() {
            // A directory's files of the input syntax, below it; --from=json or --spec means
            // the JSON forms.
            let json_dir = args.from.map(|s| s == Syntax::Json).unwrap_or(args.spec.is_some());
            let mut files = Vec::new();
            let accept = |n: &str| if json_dir { is_json_name(n) } else { is_native_name(n) && !is_json_name(n) };
            walk(path, args.no_ignore, &accept, &mut files, &mut unreadable);
            for f in files {
                let rel = f.strip_prefix(path).unwrap_or(&f);
                let name = rel.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let input = f.display().to_string();
                let json_in = json_input(args, &input);
                let output = out_dir.join(rel).with_file_name(output_name(&name, json_in));
                jobs.push(Job { input, output, json_in });
            }
        } else {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| p.clone());
            let json_in = json_input(args, p);
            jobs.push(Job { input: p.clone(), output: out_dir.join(output_name(&name, json_in)), json_in });
        }
    }
    let mut seen = std::collections::HashMap::new();
    for j in &jobs {
        if let Some(first) = seen.insert(&j.output, &j.input) {
            return Err(format!("{first} and {} would both be written to {}", j.input, j.output.display()));
        }
    }
    Ok((jobs, unreadable))
}

/// Converts one file of the output-directory mode; gives its diagnostics as text and whether
/// it was written.
fn convert_job(args: &ConvertArgs, job: &Job, schema: &Schema, color: bool) -> (String, bool) {
    let mut files = Files::new();
    let render = |diags: &Diagnostics, files: &Files| {
        hclkit_cli::term::renderer(color && std::io::stderr().is_terminal()).render_collapsed(diags, files)
    };
    let src = match std::fs::read(&job.input) {
        Ok(s) => s,
        Err(e) => {
            let d = Diagnostics::from(vec![io_failure(&job.input, &e)]);
            return (render(&d, &files), false);
        }
    };
    let src = match hclkit_cli::inputs::text(&mut files, src, &job.input) {
        Ok(src) => src,
        Err(diags) => return (render(&diags, &files), false),
    };
    let result = if job.json_in {
        to_native(src, &job.input, schema, Diagnostics::new(), &mut files)
    } else {
        to_json(args, src, &job.input, &mut files)
    };
    match result {
        Ok((text, warnings)) => {
            let mut report = if warnings.is_empty() { String::new() } else { render(&warnings, &files) };
            let written = match job.output.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir),
                _ => Ok(()),
            }
            .and_then(|()| std::fs::write(&job.output, text.as_bytes()));
            match written {
                Ok(()) => (report, true),
                Err(e) => {
                    report.push_str(&format!(
                        "hclkit convert: cannot write {}: {}\n",
                        job.output.display(),
                        os_error::reason(&e)
                    ));
                    (report, false)
                }
            }
        }
        Err(diags) => (render(&diags, &files), false),
    }
}

/// One input, to standard output or --output.
fn run_one(args: &ConvertArgs, name: &str, color: bool) -> ExitCode {
    let mut files = Files::new();
    let json_in = json_input(args, name);
    let src = match hclkit_cli::inputs::read(name) {
        Ok(s) => s,
        Err(d) => {
            print_diags(&Diagnostics::from(vec![*d]), &files, color);
            return ExitCode::from(1);
        }
    };
    let src = match hclkit_cli::inputs::text(&mut files, src, name) {
        Ok(src) => src,
        Err(diags) => {
            print_diags(&diags, &files, color);
            return ExitCode::from(1);
        }
    };
    let result = if json_in {
        match load_schema(args, &mut files) {
            Ok((schema, warnings)) => to_native(src, name, &schema, warnings, &mut files),
            Err(diags) => Err(diags),
        }
    } else {
        to_json(args, src, name, &mut files).map(|(text, warnings)| {
            let warnings = spec_unused(args, &[name]).into_iter().chain(warnings).collect();
            (text, warnings)
        })
    };
    match result {
        Ok((text, warnings)) => {
            if !warnings.is_empty() {
                print_diags(&warnings, &files, color);
            }
            let written = match &args.output {
                Some(path) => std::fs::write(path, text.as_bytes()),
                None => {
                    let mut out = std::io::stdout().lock();
                    out.write_all(text.as_bytes()).and_then(|_| out.flush())
                }
            };
            match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    let name = args.output.as_deref().unwrap_or("standard output");
                    eprintln!("hclkit convert: cannot write {name}: {}", os_error::reason(&e));
                    ExitCode::from(1)
                }
            }
        }
        Err(diags) => {
            print_diags(&diags, &files, color);
            ExitCode::from(1)
        }
    }
}

type Converted = Result<(String, Diagnostics), Diagnostics>;

fn to_json(args: &ConvertArgs, src: Vec<u8>, name: &str, files: &mut Files) -> Converted {
    let (_, diags) = files.parse_native(src, name);
    if diags.has_errors() {
        return Err(diags);
    }
    let Some(SourceFile::Native(file)) = files.get(name) else {
        return Err(diags);
    };
    let opts = ToJsonOptions {
        blocks: match args.blocks {
            Blocks::Nested => BlockShape::Nested,
            Blocks::Ordered => BlockShape::Ordered,
            Blocks::Array => BlockShape::Array,
        },
        simplify: args.simplify,
        comments: !args.no_comments,
        ranges: args.ranges.map(|c| match c {
            Columns::Graphemes => ColumnUnit::Graphemes,
            Columns::Utf16 => ColumnUnit::Utf16,
            Columns::Chars => ColumnUnit::Chars,
            Columns::Utf8 => ColumnUnit::Utf8,
        }),
        heredoc_templates: false,
    };
    // JSON is about as long as the source (more when pretty): one allocation, usually.
    let mut text = String::with_capacity(file.source().len() + file.source().len() / 4 + 16);
    let warnings = hclkit::transcode::write_file_json(file, &opts, args.pretty.then_some(2), &mut text);
    let mut diags = diags;
    diags.extend(warnings);
    text.push('\n');
    Ok((text, diags))
}

/// The schema from --spec (blocks and their labels), or none: every property an attribute;
/// with the spec's warnings.
fn load_schema(args: &ConvertArgs, files: &mut Files) -> Result<(Schema, Diagnostics), Diagnostics> {
    let Some(path) = &args.spec else { return Ok((Schema::new(), Diagnostics::new())) };
    let src = std::fs::read(path).map_err(|e| Diagnostics::from(vec![io_failure(path, &e)]))?;
    match SpecFile::parse(files, src, path) {
        (Some(spec), diags) => Ok((Schema::from_spec(&spec.root), diags)),
        (None, diags) => Err(diags),
    }
}

fn to_native(src: Vec<u8>, name: &str, schema: &Schema, mut diags: Diagnostics, files: &mut Files) -> Converted {
    let (_, d) = files.parse_json(src, name);
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        return Err(diags);
    }
    let Some(SourceFile::Json(file)) = files.get(name) else {
        return Err(diags);
    };
    let (text, d) = hclkit::transcode::file_to_native(file, schema);
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        Err(diags)
    } else {
        Ok((text, diags))
    }
}
