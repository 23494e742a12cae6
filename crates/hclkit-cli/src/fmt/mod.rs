//! `hclkit fmt`: formats files and directories in place.

mod diff;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;

use hclkit::format::Formatter;
use hclkit::{Diagnostics, Files};
use rayon::prelude::*;

use hclkit_cli::inputs::read_failure;
use hclkit_cli::os_error;
use hclkit_cli::walk::{is_native_name, walk};

/// Arguments of `hclkit fmt`.
/// The long description of the subcommand (its `--help`).
pub const ABOUT: &str = "Format files in the canonical layout.\n\nRewrites HCL native-syntax files in the canonical layout (the layout of terraform fmt, \
packer fmt and hclfmt, byte for byte) and lists the files it changed. A directory is searched \
recursively for *.hcl, *.tf, *.tfvars and *.nomad files (hidden entries, what .gitignore and \
.ignore files ignore, and JSON-syntax files are skipped); files named explicitly are formatted whatever their name, except *.json. Without PATH, \
the current directory; \"-\" formats standard input to standard output.";

#[derive(clap::Args, Debug, Default, PartialEq, Eq)]
#[command(
    help_template = hclkit_cli::help::HELP_TEMPLATE,
    after_help = "Exit status: 0 on success, 1 if a file could not be read, written or parsed (a file with \
syntax errors is reported and left as it is, unless --force), 2 on a usage error, 3 with --check when a \
file is not formatted."
)]
pub struct FmtArgs {
    /// Write nothing; list the files that are not formatted, and exit with 3 if there are any
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print what formatting would change, as a unified diff
    #[arg(long)]
    pub diff: bool,
    /// Do not align the '=' of consecutive attributes or the comments ending consecutive
    /// lines (one space before each)
    #[arg(long)]
    pub no_align: bool,
    /// Also make the changes terraform fmt makes on top of the layout: a lone "${expr}"
    /// becomes expr, block labels are quoted, and legacy type names in variable blocks
    /// ("string", list) become type expressions (the same as --layout=terraform)
    #[arg(long, conflicts_with = "layout")]
    pub terraform: bool,
    /// Which layout: terraform (terraform fmt's bytes: its changes on top of the layout, and
    /// on standard input a final newline), hcl (hclfmt's layout), or auto: terraform for
    /// *.tf, *.tfvars, *.tftest.hcl, *.tfmock.hcl and standard input, hcl for other files
    #[arg(long, value_enum, default_value_t = Layout::Auto, value_name = "LAYOUT")]
    pub layout: Layout,
    /// Format files with syntax errors too, with the HCL layout (as hclfmt does); without it
    /// such a file is reported and left byte for byte as it is. Files that are not text are
    /// never written
    #[arg(long)]
    pub force: bool,
    /// Walk directories into everything: also entries that .gitignore or .ignore files
    /// ignore, and hidden ones (.git, .terraform)
    #[arg(long)]
    pub no_ignore: bool,
    /// Files and directories to format ("-": standard input to standard output)
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
}

/// The layout `hclkit fmt` gives a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// Terraform's for Terraform files and standard input, HCL's for other files.
    #[default]
    Auto,
    /// The reference formatter's layout (hclfmt's).
    Hcl,
    /// `terraform fmt`'s: its normalisations on top of the layout.
    Terraform,
}

/// Whether a file of this name is Terraform's (`terraform fmt` formats these).
fn is_terraform_name(name: &str) -> bool {
    [".tf", ".tfvars", ".tftest.hcl", ".tfmock.hcl"].iter().any(|e| name.ends_with(e))
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same directory, given the
/// file's permissions, then renamed over it (through symbolic links, to the file they name),
/// so an interrupted run leaves either the old file or the new one.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let permissions = std::fs::metadata(&target)?.permissions();
    let mut tmp = tempfile::Builder::new().prefix(".hclkit-fmt-").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().set_permissions(permissions)?;
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

/// The error for a path that cannot be read, rendered as every command renders it.
fn read_failure_text(name: &str, reason: &str, directory: bool, color: bool) -> String {
    let diags = Diagnostics::from(vec![read_failure(name, reason, directory)]);
    hclkit_cli::term::renderer(color).render_collapsed(&diags, &Files::new())
}

/// The outcome for one file.
#[derive(Default)]
struct Outcome {
    changed: bool,
    /// Text for standard output (the diff).
    out: Vec<u8>,
    /// Text for standard error (diagnostics, failures).
    err: String,
    failed: bool,
}

struct Job<'a> {
    args: &'a FmtArgs,
    formatter: Formatter,
    color: bool,
}

impl Job<'_> {
    /// Formats `src` (`stdin`: it came from standard input): `Ok(formatted)`, or
    /// `Err(diagnostics as text)` when it is not text, or has syntax errors and no `--force`.
    fn format(&self, name: &str, src: &[u8], stdin: bool) -> Result<Vec<u8>, String> {
        let render =
            |diags: &Diagnostics, files: &Files| hclkit_cli::term::renderer(self.color).render_collapsed(diags, files);
        let mut files = Files::new();
        // Copied for the registry only when it must show the refusal.
        if let Some(d) = hclkit::files::not_text(src, name) {
            files.add_source(name, src.to_vec());
            return Err(render(&Diagnostics::from(d), &files));
        }
        let terraform = match (self.args.terraform, self.args.layout) {
            (true, _) | (_, Layout::Terraform) => true,
            (_, Layout::Hcl) => false,
            (_, Layout::Auto) => stdin || is_terraform_name(name),
        };
        // Parsed for the diagnostics' snippets and context.
        let mut parse = || files.parse_native(src.to_vec(), name).1;
        if terraform {
            return match self.formatter.terraform(src, name) {
                Ok(mut out) => {
                    // `terraform fmt -` ends its output with a newline (an empty input gives one).
                    if stdin && !out.ends_with(b"\n") {
                        out.push(b'\n');
                    }
                    Ok(out)
                }
                Err(_) if self.args.force => Ok(self.formatter.format(src)),
                Err(diags) => {
                    parse();
                    Err(render(&diags, &files))
                }
            };
        }
        if !self.args.force {
            let diags = parse();
            if diags.has_errors() {
                return Err(render(&diags, &files));
            }
        }
        Ok(self.formatter.format(src))
    }

    fn run(&self, path: &Path) -> Outcome {
        let name = path.display().to_string();
        let mut o = Outcome::default();
        let src = match std::fs::read(path) {
            Ok(s) => s,
            Err(e) => {
                o.failed = true;
                o.err = read_failure_text(&name, &os_error::reason(&e), false, self.color);
                return o;
            }
        };
        let formatted = match self.format(&name, &src, false) {
            Ok(f) => f,
            Err(diags) => {
                o.failed = true;
                o.err = diags;
                return o;
            }
        };
        if formatted == src {
            return o;
        }
        o.changed = true;
        if self.args.diff {
            o.out = diff::unified(&name, &src, &formatted);
        }
        if !self.args.check && !self.args.diff {
            if let Err(e) = write_atomically(path, &formatted) {
                o.failed = true;
                o.err = format!("hclkit fmt: {name}: {}\n", os_error::reason(&e));
            }
        }
        o
    }
}

/// Formats standard input to standard output.
fn run_stdin(job: &Job<'_>) -> ExitCode {
    let mut src = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut src) {
        eprintln!("hclkit fmt: standard input: {e}");
        return ExitCode::from(1);
    }
    let formatted = match job.format("<stdin>", &src, true) {
        Ok(f) => f,
        Err(diags) => {
            eprint!("{diags}");
            return ExitCode::from(1);
        }
    };
    let mut stdout = std::io::stdout().lock();
    let written = if job.args.diff {
        stdout.write_all(&diff::unified("<stdin>", &src, &formatted))
    } else if job.args.check {
        Ok(())
    } else {
        stdout.write_all(&formatted)
    };
    if let Err(e) = written.and_then(|()| stdout.flush()) {
        eprintln!("hclkit fmt: standard output: {e}");
        return ExitCode::from(1);
    }
    if job.args.check && formatted != src {
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}

/// `hclkit fmt`: `color` says whether to colour the diagnostics of `--terraform`.
pub fn run(args: &FmtArgs, color: bool) -> ExitCode {
    let job = Job { args, formatter: Formatter::new().align(!args.no_align), color };

    if args.paths.iter().any(|p| p.as_os_str() == "-") {
        if args.paths.len() > 1 {
            eprintln!(
                "error: \"-\" (standard input) cannot be given with other paths\n\nFor more information, try '--help'."
            );
            return ExitCode::from(2);
        }
        return run_stdin(&job);
    }

    // The files, in a deterministic order: arguments in order, directories sorted.
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for p in &args.paths {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                let mut unreadable = Vec::new();
                walk(p, args.no_ignore, &|name| is_native_name(name), &mut files, &mut unreadable);
                errors.extend(unreadable.into_iter().map(|(path, reason)| (path, reason, true)));
            }
            Ok(_) if p.extension().is_some_and(|e| e == "json") => {
                eprintln!("hclkit fmt: {}: skipped (JSON syntax is not formatted)", p.display());
            }
            Ok(_) => files.push(p.clone()),
            Err(e) => errors.push((p.display().to_string(), os_error::reason(&e), false)),
        }
    }
    let mut failed = !errors.is_empty();
    for (path, reason, directory) in &errors {
        eprint!("{}", read_failure_text(path, reason, *directory, color));
    }

    // Format on rayon's threads (RAYON_NUM_THREADS sets how many); report in order as
    // results arrive.
    let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
    let mut any_changed = false;
    std::thread::scope(|s| {
        let (files, job) = (&files, &job);
        s.spawn(move || {
            files.par_iter().enumerate().for_each_with(tx, |tx, (i, path)| {
                let _ = tx.send((i, job.run(path)));
            });
        });
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        let stdout = std::io::stdout();
        for (i, outcome) in rx {
            waiting.insert(i, outcome);
            while let Some(o) = waiting.remove(&due) {
                let mut out = stdout.lock();
                if o.changed {
                    any_changed = true;
                    if args.diff {
                        let _ = out.write_all(&o.out);
                    } else {
                        let _ = writeln!(out, "{}", files[due].display());
                    }
                }
                let _ = out.flush();
                if !o.err.is_empty() {
                    eprint!("{}", o.err);
                }
                failed |= o.failed;
                due += 1;
            }
        }
    });
    if failed {
        ExitCode::from(1)
    } else if args.check && any_changed {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searched_names() {
        assert!(
            is_native_name("main.tf")
                && is_native_name("x.pkr.hcl")
                && is_native_name("a.tfvars")
                && is_native_name("j.nomad")
        );
        assert!(!is_native_name("main.tf.json") && !is_native_name("README.md"));
    }
}
