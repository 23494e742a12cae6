//! `hclkit convert`: the native syntax to the HCL JSON syntax, and back with a schema.

use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use hclkit::convert::{BlockShape, Schema, ToJsonOptions};
use hclkit::files::Parsed;
use hclkit::{Diagnostics, Files};

/// Block layout of the JSON output (`--blocks`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocks {
    /// One object level per label; a single block's body an object, repeated blocks an
    /// array; block order kept exactly.
    Nested,
    /// As tmccombs/hcl2json: label levels objects, every block body inside an array.
    Array,
}

/// The input syntax (`--from`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// The native syntax (converted to JSON).
    Native,
    /// The JSON syntax (converted to native).
    Json,
}

/// Converts between the native syntax and the HCL JSON syntax.
#[derive(clap::Args, Debug)]
#[command(
    about = "Convert between the native syntax and the HCL JSON syntax",
    long_about = "Convert between the native syntax and the HCL JSON syntax.\n\n\
Native to JSON (the default for files not named *.json): attributes become properties, blocks \
nested objects (one level per label; several blocks of a type and labels an array), literal \
values JSON values (numbers in full precision), quoted templates JSON template strings and every \
other expression a \"${...}\" template; literal text is escaped ($${, %%{) and comments become \
\"//\" properties. Applications read JSON strings as templates only when they evaluate with \
variables or functions (as hcldec does when given any).\n\n\
JSON to native (files named *.json, or --from=json): the JSON syntax cannot tell a block from \
an object, so the schema comes from an hcldec spec (--spec): its block, block_list, block_set \
and block_map specs say which properties are blocks and how many labels they have. Without \
--spec every property becomes an attribute: valid native syntax that means the same wherever \
the body is read as attributes only (tfvars files, hcldec block_attrs). Strings that are one \
interpolation (\"${a + b}\") become the bare expression, other strings quoted templates, \"//\" \
properties # comments; the output is laid out as hclfmt lays it out.\n\n\
Exit status: 0 on success, 1 when the input has errors (printed as diagnostics), 2 on a usage \
error."
)]
pub struct ConvertArgs {
    /// The file to convert (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The input syntax (default: JSON for names ending in .json and when --spec is given,
    /// native otherwise).
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
    /// JSON input: the hcldec spec file saying which properties are blocks.
    #[arg(long, value_name = "SPEC")]
    pub spec: Option<String>,
    /// Write the result to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<String>,
}

fn read_input(name: &str) -> std::io::Result<Vec<u8>> {
    if name == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(name)
    }
}

fn print_diags(diags: &Diagnostics, files: &Files, color: bool) {
    let text = crate::renderer(color && std::io::stderr().is_terminal()).render_collapsed(diags, files);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Runs `hclkit convert`.
pub fn run(args: &ConvertArgs, color: bool) -> ExitCode {
    let mut files = Files::new();
    let json_in = match args.from {
        Some(s) => s == Syntax::Json,
        None => args.spec.is_some() || args.file.ends_with(".json"),
    };
    let src = match read_input(&args.file) {
        Ok(s) => s,
        Err(_) => {
            print_diags(&Diagnostics(vec![hclkit::files::read_error(&args.file, json_in)]), &files, color);
            return ExitCode::from(1);
        }
    };
    let result = if json_in { to_native(args, src, &mut files) } else { to_json(args, src, &mut files) };
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
                    eprintln!("hclkit convert: cannot write {name}: {e}");
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

fn to_json(args: &ConvertArgs, src: Vec<u8>, files: &mut Files) -> Converted {
    let (_, diags) = files.parse_native(src, &args.file);
    if diags.has_errors() {
        return Err(diags);
    }
    let Some(Parsed::Native(file)) = files.get(&args.file) else {
        return Err(diags);
    };
    let opts = ToJsonOptions {
        blocks: match args.blocks {
            Blocks::Nested => BlockShape::Nested,
            Blocks::Array => BlockShape::Array,
        },
        simplify: args.simplify,
        comments: !args.no_comments,
    };
    let (doc, warnings) = hclkit::convert::to_json_checked(file, &opts);
    let mut diags = diags;
    diags.extend(warnings);
    // JSON is about as long as the source (more when pretty): one allocation, usually.
    let mut text = String::with_capacity(file.source().len() + file.source().len() / 4 + 16);
    doc.write_to(&mut text, args.pretty.then_some(2));
    text.push('\n');
    // The process ends after writing: freeing the document node by node would only cost time.
    std::mem::forget(doc);
    Ok((text, diags))
}

fn to_native(args: &ConvertArgs, src: Vec<u8>, files: &mut Files) -> Converted {
    let mut diags = Diagnostics::new();
    let schema = match &args.spec {
        None => Schema::new(),
        Some(path) => {
            let (body, d) = files.parse_file(path);
            let failed = d.has_errors();
            diags.extend(d);
            let Some(body) = body else { return Err(diags) };
            if failed {
                return Err(diags);
            }
            let (spec, d) = hclkit::spec::specfile::load_spec(&*body);
            let failed = d.has_errors();
            diags.extend(d);
            if failed {
                return Err(diags);
            }
            Schema::from_spec(&spec.root)
        }
    };
    let (_, d) = files.parse_json(src, &args.file);
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        return Err(diags);
    }
    let Some(Parsed::Json(file)) = files.get(&args.file) else {
        return Err(diags);
    };
    let (text, d) = hclkit::convert::to_native(file, &schema);
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        Err(diags)
    } else {
        Ok((text, diags))
    }
}
