//! `hclkit edit` over a directory: every native-syntax file under it (and, for the attribute
//! verbs, every JSON-syntax one: `.tf.json`, `.hcl.json`, ...), edited in parallel.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hclkit::edit::{Document, JsonDocument};
use hclkit_cli::walk::{is_json_name, is_native_name, walk};
use rayon::prelude::*;

use super::{usage, verbs, Options};

/// What happened to one file.
enum Outcome {
    /// A query's output.
    Printed(String),
    /// The edit changed the file (written with `-u`).
    Changed,
    /// The edit left the file as it was.
    Same,
    /// The file was left as it was: why.
    Failed(String),
    /// The verb's words are wrong (the same for every file).
    Usage(String),
}

/// Edits every native-syntax file under `dir` (and JSON-syntax file, for the attribute verbs
/// a JSON document has) with the verb of `o`; prints query output as
/// `FILE: LINE`, lists the files that would change without `-u`, and ends with a summary
/// line on standard error.
pub(super) fn run(dir: &str, o: &Options) -> ExitCode {
    let (mut files, mut unreadable) = (Vec::new(), Vec::new());
    // JSON-syntax files (`.tf.json`, ...) have the attribute verbs only: the others skip them.
    let json = verbs::json_verb(&o.words);
    let accept = |name: &str| is_native_name(name) || (json && is_json_name(name));
    walk(Path::new(dir), false, &accept, &mut files, &mut unreadable);
    let outcomes: Vec<(PathBuf, Outcome)> = files
        .into_par_iter()
        .map(|f| {
            let outcome = edit_file(&f, o);
            (f, outcome)
        })
        .collect();
    if let Some((_, Outcome::Usage(e))) = outcomes.iter().find(|(_, x)| matches!(x, Outcome::Usage(_))) {
        return usage(e);
    }
    let (mut out, mut err) = (std::io::stdout().lock(), std::io::stderr().lock());
    let (mut changed, mut failed) = (0, unreadable.len());
    for (path, reason) in &unreadable {
        let _ = writeln!(err, "Error: {path}: {reason}");
    }
    for (path, outcome) in &outcomes {
        let p = path.display();
        match outcome {
            Outcome::Printed(text) => {
                for line in text.lines() {
                    let _ = writeln!(out, "{p}: {line}");
                }
            }
            Outcome::Changed => {
                changed += 1;
                if !o.update {
                    let _ = writeln!(out, "{p}");
                }
            }
            Outcome::Failed(e) => {
                failed += 1;
                let _ = write!(err, "Error: {p}: {e}");
                if !e.ends_with('\n') {
                    let _ = writeln!(err);
                }
            }
            Outcome::Same | Outcome::Usage(_) => {}
        }
    }
    let n = outcomes.len();
    let files = if n == 1 { "file" } else { "files" };
    let did = if o.update { "changed" } else { "would change" };
    let _ = writeln!(err, "hclkit edit: {n} {files} under {dir}: {changed} {did}, {failed} failed");
    if out.flush().is_err() || failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn edit_file(path: &Path, o: &Options) -> Outcome {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Outcome::Failed(format!("failed to open file: {}", hclkit_cli::os_error::reason(&e))),
    };
    let Ok(src) = String::from_utf8(bytes) else {
        return Outcome::Failed("not UTF-8 text".to_owned());
    };
    let name = path.display().to_string();
    let json = path.file_name().and_then(|n| n.to_str()).is_some_and(is_json_name);
    let result = if json {
        match JsonDocument::parse(&src, &name) {
            Ok(doc) => verbs::run_json(doc, o),
            Err(diags) => return Outcome::Failed(format!("does not parse, left as it is:\n{diags}")),
        }
    } else {
        let (doc, diags) = Document::parse(&src, &name);
        if diags.has_errors() {
            return Outcome::Failed(format!("does not parse, left as it is:\n{diags}"));
        }
        verbs::run(doc, o)
    };
    match result {
        Ok(verbs::Output::Text(t)) => Outcome::Printed(t),
        Ok(verbs::Output::File(mut t)) => {
            if o.format && !json {
                t = hclkit::format::format_str(&t);
            }
            if t == src {
                return Outcome::Same;
            }
            if o.update {
                if let Err(e) = crate::fmt::write_atomically(path, t.as_bytes()) {
                    return Outcome::Failed(format!("failed to write file: {}", hclkit_cli::os_error::reason(&e)));
                }
            }
            Outcome::Changed
        }
        Err(verbs::Failure::Usage(e)) => Outcome::Usage(e),
        Err(verbs::Failure::Edit(e)) => Outcome::Failed(e),
    }
}
