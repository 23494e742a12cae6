//! `hclkit`: command-line tools for HCL v2.
//!
//! ```text
//! hclkit check [--diags=json] FILE...
//! hclkit fmt [--check] [--diff] [--no-align] [--terraform] [PATH...]
//! ```
//!
//! `check` parses each file (the JSON syntax for names ending in `.json`, the native syntax
//! otherwise; `-` reads standard input as native syntax) and prints every
//! diagnostic to standard output: as text with source snippets (the layout of the
//! reference's `hcldec`, wrapped at 80 columns or `$COLUMNS`, coloured only when standard
//! output is a terminal), or with `--diags=json` as one JSON document in the shape of
//! `hcldec --diags=json`. Exit status: 0 when no file has an error, 1 when some file has an
//! error (warnings alone do not fail), 2 for a usage error.
//!
//! `fmt` rewrites files in the canonical layout (see `fmt::USAGE`).

mod convert;
mod fmt;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use hclkit::{Diagnostics, Files};

const USAGE: &str = "\
Usage: hclkit <command> [options] [args]

Commands:
  check [--diags=json] FILE...   parse each file and report its diagnostics
  fmt [options] [PATH...]        format files in place (see hclkit fmt --help)
  convert [options] FILE         native syntax to JSON, or JSON back (see hclkit convert --help)

Options:
  -h, --help       print this help
  -V, --version    print the version
";

const CHECK_USAGE: &str = "\
Usage: hclkit check [--diags=json] FILE...

Parses each FILE as an HCL native-syntax configuration file and prints its diagnostics
(as text, or as JSON with --diags=json). Exits with 0 when no file has an error, 1 when
some file has, 2 on a usage error. JSON-syntax files (*.json) are not supported yet.
";

/// How diagnostics are printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DiagsFormat {
    Text,
    Json,
}

/// The parsed `check` command line.
#[derive(Debug)]
struct CheckArgs {
    format: DiagsFormat,
    files: Vec<String>,
}

/// A command-line mistake: the message, printed before the usage.
#[derive(Debug)]
struct UsageError(String);

fn parse_check_args(args: &[String]) -> Result<Option<CheckArgs>, UsageError> {
    let mut format = DiagsFormat::Text;
    let mut files = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--" => {
                files.extend(rest.by_ref().cloned());
                break;
            }
            "-h" | "--help" => return Ok(None),
            "--diags" => {
                let v = rest.next().ok_or_else(|| UsageError("--diags needs a value".into()))?;
                format = diags_format(v)?;
            }
            a if a.starts_with("--diags=") => format = diags_format(&a["--diags=".len()..])?,
            a if a.starts_with('-') && a != "-" => return Err(UsageError(format!("unknown option {a:?}"))),
            a => files.push(a.to_owned()),
        }
    }
    if files.is_empty() {
        return Err(UsageError("no files given".into()));
    }
    Ok(Some(CheckArgs { format, files }))
}

fn diags_format(v: &str) -> Result<DiagsFormat, UsageError> {
    match v {
        "json" => Ok(DiagsFormat::Json),
        "text" => Ok(DiagsFormat::Text),
        // The reference's wording (`hcldec --diags`), plus the text format we accept.
        _ => Err(UsageError(format!("Invalid diagnostics format {v:?}: only \"json\" and \"text\" are supported."))),
    }
}

/// Reads and parses one file (`-`: standard input) into `sources`, which keeps it for the
/// snippets.
fn check_file(name: &str, sources: &mut Files) -> Diagnostics {
    let read = if name == "-" {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf).map(|_| buf)
    } else {
        std::fs::read(name)
    };
    match read {
        Ok(src) => sources.parse(src, name).1,
        // The reference's wording (`hclparse`), for either syntax.
        Err(_) => Diagnostics(vec![hclkit::files::read_error(name, false)]),
    }
}

/// The width text diagnostics are wrapped at: `$COLUMNS` if set, else 80 (as the reference
/// does when it cannot ask the terminal).
fn text_width() -> usize {
    std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()).filter(|&w| w > 0).unwrap_or(80)
}

fn run_check(args: CheckArgs) -> ExitCode {
    let mut sources = Files::new();
    let mut all = Diagnostics::new();
    let stdout = std::io::stdout();
    let color = args.format == DiagsFormat::Text && stdout.is_terminal();
    let width = text_width();
    let mut out = stdout.lock();
    let mut failed = false;
    for name in &args.files {
        let diags = check_file(name, &mut sources);
        failed |= diags.has_errors();
        match args.format {
            DiagsFormat::Text => {
                let _ = out.write_all(diags.to_text(&sources, width, color).as_bytes());
            }
            DiagsFormat::Json => all.extend(diags),
        }
    }
    if args.format == DiagsFormat::Json {
        let json = if all.is_empty() { "{\n  \"diagnostics\": []\n}\n".to_owned() } else { all.to_json() };
        let _ = out.write_all(json.as_bytes());
    }
    let _ = out.flush();
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn usage_error(msg: &str, usage: &str) -> ExitCode {
    eprintln!("hclkit: {msg}\n\n{usage}");
    ExitCode::from(2)
}

/// `hclkit convert` on clap (until the whole command moves to clap).
fn run_convert(raw: &[std::ffi::OsString]) -> ExitCode {
    use clap::{Args, FromArgMatches};
    let cmd = convert::ConvertArgs::augment_args(clap::Command::new("hclkit convert").bin_name("hclkit convert"));
    let parsed = cmd.try_get_matches_from(raw.iter()).and_then(|m| convert::ConvertArgs::from_arg_matches(&m));
    match parsed {
        Ok(args) => convert::run(&args, std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()),
        Err(e) => {
            let _ = e.print();
            ExitCode::from(if e.use_stderr() { 2 } else { 0 })
        }
    }
}

fn main() -> ExitCode {
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if raw.first().is_some_and(|c| c == "fmt") {
        return fmt::main(&raw[1..]);
    }
    if raw.first().is_some_and(|c| c == "convert") {
        return run_convert(&raw);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        return usage_error("no command given", USAGE);
    };
    match cmd.as_str() {
        "-h" | "--help" | "help" => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        "-V" | "--version" => {
            println!("hclkit {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        "check" => match parse_check_args(&args[1..]) {
            Ok(Some(a)) => run_check(a),
            Ok(None) => {
                print!("{CHECK_USAGE}");
                ExitCode::SUCCESS
            }
            Err(UsageError(msg)) => usage_error(&msg, CHECK_USAGE),
        },
        other => usage_error(&format!("unknown command {other:?}"), USAGE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn check_arguments() {
        let a = parse_check_args(&args(&["--diags=json", "a.hcl", "b.hcl"])).unwrap().unwrap();
        assert_eq!((a.format, a.files.len()), (DiagsFormat::Json, 2));
        let a = parse_check_args(&args(&["a.hcl", "--diags", "text"])).unwrap().unwrap();
        assert_eq!((a.format, a.files), (DiagsFormat::Text, vec!["a.hcl".to_string()]));
        let a = parse_check_args(&args(&["--", "--diags=json"])).unwrap().unwrap();
        assert_eq!(a.files, ["--diags=json"]);
        assert!(parse_check_args(&args(&["--help"])).unwrap().is_none());
        let e = parse_check_args(&args(&["--diags=xml", "a"])).unwrap_err();
        assert_eq!(e.0, "Invalid diagnostics format \"xml\": only \"json\" and \"text\" are supported.");
        assert!(parse_check_args(&args(&[])).is_err());
        assert!(parse_check_args(&args(&["--diags"])).is_err());
        assert!(parse_check_args(&args(&["-x", "a"])).is_err());
    }
}
