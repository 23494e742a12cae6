//! `hclfmt`: rewrites HCL native-syntax files in the canonical layout; a drop-in for the
//! reference's `hclfmt` (hashicorp/hcl v2.14.1), whose output it matches byte for byte.
//!
//! ```text
//! hclfmt [flags] [path ...]
//!   -check               check the syntax first: print each file's diagnostics; a file with
//!                        errors is not formatted, and the command then fails
//!   -require-no-change   fail if formatting changes any file (listing them)
//!   -version             print the version and exit
//!   -w                   overwrite the files instead of printing them
//! ```
//!
//! Without paths it formats standard input. Files are taken in order, and the first problem
//! (a missing file, a directory, an unreadable file) stops it. Messages and exit statuses are
//! the reference's: 0 on success, 1 for any problem, 2 for a usage error.

mod args;

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

use hclkit::Files;
use hclkit_cli::os_error::go_text;

const VERSION: &str = "0.0.1-dev";

struct Run {
    args: args::Args,
    /// The files parsed by `-check`, for the snippets of their diagnostics.
    sources: Files,
    /// Names already parsed by `-check`: the reference's parser caches files by name and
    /// reports a name's diagnostics only the first time.
    parsed: HashSet<String>,
    check_errors: bool,
    changed: Vec<String>,
    width: usize,
    color: bool,
}

impl Run {
    fn process_file(&mut self, name: &str, path: Option<&OsString>) -> Result<(), String> {
        let src = match path {
            None => {
                let mut buf = Vec::new();
                std::io::stdin()
                    .lock()
                    .read_to_end(&mut buf)
                    .map_err(|e| format!("failed to read {name}: read /dev/stdin: {}", go_text(&e)))?;
                buf
            }
            Some(p) => {
                let mut f = std::fs::File::open(p)
                    .map_err(|e| format!("failed to open {name}: open {name}: {}", go_text(&e)))?;
                let mut buf = Vec::new();
                f.read_to_end(&mut buf).map_err(|e| format!("failed to read {name}: read {name}: {}", go_text(&e)))?;
                buf
            }
        };

        if self.args.check && self.parsed.insert(name.to_owned()) {
            let (_, diags) = self.sources.parse_native(src.clone(), name);
            let text = diags.to_text(&self.sources, self.width, self.color);
            let _ = std::io::stderr().write_all(text.as_bytes());
            if diags.has_errors() {
                self.check_errors = true;
                return Ok(());
            }
        }

        // The reference's bytes, tokens it joins included (`2. 3` becomes `2.3`).
        let out = hclkit::format::Formatter::new().join_tokens(true).format(&src);
        if out != src {
            self.changed.push(name.to_owned());
        }
        if let (true, Some(p)) = (self.args.overwrite, path) {
            // As the reference (ioutil.WriteFile), also when nothing changed.
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create(true).truncate(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o644);
            let mut f = options.open(p).map_err(|e| format!("open {name}: {}", go_text(&e)))?;
            return f.write_all(&out).map_err(|e| format!("write {name}: {}", go_text(&e)));
        }
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(&out).and_then(|()| stdout.flush()).map_err(|e| format!("write /dev/stdout: {}", go_text(&e)))
    }

    fn process_files(&mut self) -> Result<(), String> {
        if self.args.paths.is_empty() {
            if self.args.overwrite {
                return Err("error: cannot use -w without source filenames".into());
            }
            return self.process_file("<stdin>", None);
        }
        let paths = std::mem::take(&mut self.args.paths);
        for p in &paths {
            let name = p.to_string_lossy().into_owned();
            let meta = std::fs::metadata(p).map_err(|e| format!("stat {name}: {}", go_text(&e)))?;
            if meta.is_dir() {
                return Err(format!("can't format directory {name}"));
            }
            self.process_file(&name, Some(p))?;
        }
        Ok(())
    }

    fn main(&mut self) -> Result<(), String> {
        if self.args.version {
            println!("{VERSION}");
            return Ok(());
        }
        self.process_files()?;
        if self.check_errors {
            return Err("one or more files contained errors".into());
        }
        if self.args.require_no_change && !self.changed.is_empty() {
            return Err(format!("file(s) were changed: {}", self.changed.join(", ")));
        }
        Ok(())
    }
}

/// The width diagnostics are wrapped at: the reference asks the terminal on standard output,
/// else uses 80; here `$COLUMNS` stands in for the terminal's answer.
fn text_width() -> usize {
    if !std::io::stdout().is_terminal() {
        return 80;
    }
    hclkit_cli::term::width().unwrap_or(80)
}

fn main() -> ExitCode {
    let parsed = match args::parse(std::env::args_os().skip(1).collect()) {
        Ok(a) => a,
        Err(e) => {
            let mut err = std::io::stderr().lock();
            if let args::ArgsError::Bad(msg) = e {
                let _ = writeln!(err, "{msg}");
            }
            let _ = err.write_all(args::USAGE.as_bytes());
            return ExitCode::from(2);
        }
    };
    let mut run = Run {
        args: parsed,
        sources: Files::new(),
        parsed: HashSet::new(),
        check_errors: false,
        changed: Vec::new(),
        width: text_width(),
        color: std::io::stderr().is_terminal(),
    };
    match run.main() {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
    }
}
