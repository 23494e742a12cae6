//! `hclkit edit`: hcledit's verbs, words, addresses and output on [`hclkit::edit::Document`].
//!
//! Only the edited items (and their `=` groups) are laid out; `--format` formats the whole
//! file, as hcledit always does. A file that does not parse is refused and left as it is.
//!
//! `-r` or a directory given to `-f`: every native-syntax file under it (found by
//! [`hclkit_cli::walk`]: ignore files honoured, hidden entries skipped), edited in parallel,
//! as tfupdate's `-r` does; see [`tree`].

mod tree;
mod verbs;

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use hclkit::edit::{Document, JsonDocument};

/// The long help.
pub const ABOUT: &str = "Edit a file as hcledit does (attribute, block and body verbs), keeping what is not edited.

Only the edited items and their alignment groups are laid out; every other byte stays.

hclkit edit attribute get|set|rm|append|mv|replace ADDRESS [VALUE...]
hclkit edit block get|list|rm|mv|append|new [ADDRESS...]
hclkit edit body get ADDRESS
hclkit edit fmt

Addresses: block type, labels, nested block types and the attribute name joined by dots
(resource.aws_instance.web.ami; \\. for a dot inside a label, * for any label), then object keys
and tuple or argument indexes (locals.workload[\"vpc0\"].cidr, x[0]), then the parts of
structured expressions after a # (x#condition, x#true, x#false, x#left, x#right, x#operand,
x#inner, x#root, x#traversal[N], x#part[N], x#collection, x#key, x#value; docs/edit.md).

A FILE whose name ends in .json (.tf.json, .hcl.json) is read in the JSON syntax: attribute
get|set|rm|append with the same addresses (a block is the object under its type and labels),
VALUE in the native syntax written as JSON (a constant as its value, anything else as
\"${...}\"); the rest of the file keeps its bytes and layout.

Flags: -f FILE (standard input otherwise), -u (update the file in place), --with-comments,
--newline (a blank line before what append and new add), --format (format the whole file),
--before KEY / --after KEY (where attribute set adds a missing object key, as in
attribute set 'locals.tags[\"Team\"]' '\"core\"' --before Name, and where attribute append adds
its attribute among the block's; an existing key is set where it is),
-r (with -f DIR: every .tf, .hcl, .tfvars and .nomad file under DIR, as tfupdate -r, and for
the attribute verbs .tf.json, .hcl.json, .tfvars.json, .nomad.json and .pkr.json files too; a
directory given to -f is walked the same way).

Directories: files that .gitignore or .ignore files ignore, and hidden files and directories,
are skipped; the files are edited in parallel. With -u each changed file is rewritten in place
(atomically); without it nothing is written and the files that would change are listed. Query
verbs print each file's output as FILE: LINE. A summary line goes to standard error; a file
that does not parse is reported and left byte for byte.

Exit status: 0 on success (an address that names nothing changes nothing, as in hcledit), 1 when
the input does not parse or an edit fails (the file is left as it was; with a directory: when
any file does), 2 on a usage error.";

/// `hclkit edit`'s words, taken as hcledit takes them (flags anywhere).
#[derive(clap::Args, Debug)]
#[command(disable_help_flag = true)]
pub struct EditArgs {
    /// The verb, its words and flags (see --help).
    #[arg(allow_hyphen_values = true, trailing_var_arg = true, num_args = 0.., value_name = "WORDS")]
    pub words: Vec<String>,
}

/// The parsed command line.
#[derive(Default, Debug)]
pub(crate) struct Options {
    pub file: Option<String>,
    pub update: bool,
    pub with_comments: bool,
    pub newline: bool,
    pub format: bool,
    pub recursive: bool,
    /// `--before KEY`: where `attribute set` adds a missing object key, or `attribute
    /// append` an attribute.
    pub before: Option<String>,
    /// `--after KEY`: as `--before`.
    pub after: Option<String>,
    pub words: Vec<String>,
}

fn parse_words(words: &[String]) -> Result<Option<Options>, String> {
    let mut o = Options::default();
    let mut it = words.iter();
    while let Some(w) = it.next() {
        match w.as_str() {
            "-h" | "--help" => return Ok(None),
            "-f" | "--file" => o.file = Some(it.next().ok_or("flag needs an argument: -f")?.clone()),
            "-u" | "--update" => o.update = true,
            "--with-comments" => o.with_comments = true,
            "--newline" => o.newline = true,
            "--format" => o.format = true,
            "-r" | "--recursive" => o.recursive = true,
            "--before" => o.before = Some(it.next().ok_or("flag needs an argument: --before")?.clone()),
            "--after" => o.after = Some(it.next().ok_or("flag needs an argument: --after")?.clone()),
            s if s.starts_with("--file=") => o.file = Some(s["--file=".len()..].to_owned()),
            s if s.starts_with('-') && s.len() > 1 && !s.starts_with("-\n") && o.words.len() < 2 => {
                return Err(format!("unknown flag: {s}"))
            }
            _ => o.words.push(w.clone()),
        }
    }
    if o.file.as_deref() == Some("-") {
        o.file = None;
    }
    if o.before.is_some() && o.after.is_some() {
        return Err("--before and --after go one at a time".into());
    }
    Ok(Some(o))
}

/// Runs `hclkit edit`.
pub fn run(args: &EditArgs, _color: bool) -> ExitCode {
    let o = match parse_words(&args.words) {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{ABOUT}");
            return ExitCode::SUCCESS;
        }
        Err(e) => return usage(&e),
    };
    if o.update && o.file.is_none() {
        return usage("-u needs -f FILE");
    }
    if o.recursive && o.file.is_none() {
        return usage("-r needs -f DIR");
    }
    if let Some(dir) = o.file.as_deref().filter(|f| Path::new(f).is_dir()) {
        return tree::run(dir, &o);
    }
    let (name, src) = match &o.file {
        Some(f) => match std::fs::read(f) {
            Ok(b) => (f.clone(), b),
            Err(e) => return fail(&format!("failed to open file: {f}: {e}")),
        },
        None => {
            let mut b = Vec::new();
            if let Err(e) = std::io::stdin().read_to_end(&mut b) {
                return fail(&format!("failed to read standard input: {e}"));
            }
            ("-".to_owned(), b)
        }
    };
    let Ok(src) = String::from_utf8(src) else {
        return fail(&format!("{name}: not UTF-8 text"));
    };
    let result = if name.ends_with(".json") {
        match JsonDocument::parse(&src, &name) {
            Ok(doc) => verbs::run_json(doc, &o),
            Err(diags) => {
                eprint!("{diags}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        let (doc, diags) = Document::parse(&src, &name);
        if diags.has_errors() {
            eprint!("{diags}");
            return ExitCode::FAILURE;
        }
        verbs::run(doc, &o)
    };
    match result {
        Ok(verbs::Output::Text(t)) => {
            let mut out = std::io::stdout().lock();
            if out.write_all(t.as_bytes()).and_then(|()| out.flush()).is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Ok(verbs::Output::File(mut t)) => {
            if o.format && !name.ends_with(".json") {
                t = hclkit::format::format_str(&t);
            }
            match (&o.file, o.update) {
                (Some(f), true) => {
                    if t != src {
                        if let Err(e) = crate::fmt::write_atomically(Path::new(f), t.as_bytes()) {
                            return fail(&format!("failed to write file: {f}: {e}"));
                        }
                    }
                    ExitCode::SUCCESS
                }
                _ => {
                    let mut out = std::io::stdout().lock();
                    if out.write_all(t.as_bytes()).and_then(|()| out.flush()).is_err() {
                        return ExitCode::FAILURE;
                    }
                    ExitCode::SUCCESS
                }
            }
        }
        Err(verbs::Failure::Usage(e)) => usage(&e),
        Err(verbs::Failure::Edit(e)) => fail(&e),
    }
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("Error: {msg}");
    ExitCode::from(2)
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("Error: {msg}");
    ExitCode::FAILURE
}
