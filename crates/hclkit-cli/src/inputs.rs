//! Reading the commands' inputs: a path or standard input, with the diagnostics for a path
//! that cannot be read and for a file that is not text. [`hclkit::Files`] reads no file: these
//! read, the caller registers the source.

use std::io::Read;
use std::sync::Arc;

use hclkit::body::Body;
use hclkit::{Diagnostic, Diagnostics, Files};

use crate::os_error;

/// The name standard input has in diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads all of standard input.
pub fn read_stdin() -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    std::io::stdin().lock().read_to_end(&mut buf)?;
    Ok(buf)
}

/// Reads the file at `path`, or standard input when `path` is `-`.
pub fn read_path_or_stdin(path: &str) -> std::io::Result<Vec<u8>> {
    if path == "-" {
        read_stdin()
    } else {
        std::fs::read(path)
    }
}

/// The error for a path that cannot be read, the same in every `hclkit` subcommand: "Failed to
/// read file" (or "directory", when `directory`), with the operating system's reason
/// ([`os_error::reason`]).
///
/// ```
/// let e = std::io::Error::from_raw_os_error(2);
/// let d = hclkit_cli::inputs::read_failure("main.tf", &hclkit_cli::os_error::reason(&e), false);
/// assert_eq!(d.summary, "Failed to read file");
/// assert_eq!(d.detail, "The file \"main.tf\" could not be read: No such file or directory.");
/// ```
pub fn read_failure(path: &str, reason: &str, directory: bool) -> Diagnostic {
    let (summary, what) =
        if directory { ("Failed to read directory", "directory") } else { ("Failed to read file", "file") };
    Diagnostic::error(summary, format!("The {what} {path:?} could not be read: {reason}."))
}

/// [`read_failure`] for an I/O error on a file.
///
/// ```
/// let e = std::fs::read("/no/such/dir/main.tf").unwrap_err();
/// let d = hclkit_cli::inputs::io_failure("main.tf", &e);
/// assert_eq!(d.detail, "The file \"main.tf\" could not be read: No such file or directory.");
/// ```
pub fn io_failure(path: &str, e: &std::io::Error) -> Diagnostic {
    read_failure(path, &os_error::reason(e), false)
}

/// Reads the file at `path` (standard input for `-`), with [`read_failure`] when it cannot.
///
/// ```
/// let d = hclkit_cli::inputs::read("/no/such/dir/main.tf").unwrap_err();
/// assert_eq!(d.summary, "Failed to read file");
/// ```
pub fn read(path: &str) -> Result<Vec<u8>, Box<Diagnostic>> {
    read_path_or_stdin(path).map_err(|e| Box::new(io_failure(path, &e)))
}

/// The reference's error for a file it cannot read (hcldec's, through `hclparse`): "Failed to
/// read file" for the native syntax, "Failed to open file" for JSON; no OS reason.
///
/// ```
/// use hclkit_cli::inputs::reference_read_error;
///
/// assert_eq!(reference_read_error("x.hcl", false).detail, "The configuration file \"x.hcl\" could not be read.");
/// assert_eq!(reference_read_error("x.json", true).summary, "Failed to open file");
/// ```
pub fn reference_read_error(path: &str, json: bool) -> Diagnostic {
    if json {
        Diagnostic::error("Failed to open file", format!("The file {path:?} could not be opened."))
    } else {
        Diagnostic::error("Failed to read file", format!("The configuration file {path:?} could not be read."))
    }
}

/// Reads the file at `path` as the reference's hcldec does: its bytes, or
/// [`reference_read_error`] (JSON's when the name ends in `.json`).
///
/// ```
/// let d = hclkit_cli::inputs::read_reference("/no/such/dir/in.json").unwrap_err();
/// assert_eq!(d.summary, "Failed to open file");
/// ```
pub fn read_reference(path: &str) -> Result<Vec<u8>, Box<Diagnostic>> {
    std::fs::read(path).map_err(|_| Box::new(reference_read_error(path, path.ends_with(".json"))))
}

/// Reads the file at `path` and parses it by its name into `files` ([`Files::parse`]: JSON
/// for `.json`, else native). A file that cannot be read gives no body and
/// [`reference_read_error`].
///
/// ```
/// let mut files = hclkit::Files::new();
/// let (body, diags) = hclkit_cli::inputs::parse_file(&mut files, "/no/such/dir/x.json");
/// assert!(body.is_none());
/// assert_eq!(diags.iter().next().unwrap().summary, "Failed to open file");
/// ```
pub fn parse_file(files: &mut Files, path: &str) -> (Option<Arc<dyn Body>>, Diagnostics) {
    match read_reference(path) {
        Ok(src) => {
            let (body, diags) = files.parse(src, path);
            (Some(body), diags)
        }
        Err(d) => (None, Diagnostics::from(vec![*d])),
    }
}

/// `src` when it is text; otherwise the one "Not a text file" diagnostic
/// ([`hclkit::files::not_text`]), with the source kept in `files` for its snippet.
///
/// ```
/// let mut files = hclkit::Files::new();
/// assert!(hclkit_cli::inputs::text(&mut files, b"a = 1\n".to_vec(), "a.hcl").is_ok());
/// let diags = hclkit_cli::inputs::text(&mut files, b"\x00\x01".to_vec(), "a.out").unwrap_err();
/// assert_eq!(diags.iter().next().unwrap().summary, "Not a text file");
/// assert_eq!(files.names().collect::<Vec<_>>(), ["a.out"]);
/// ```
pub fn text(files: &mut Files, src: Vec<u8>, name: &str) -> Result<Vec<u8>, Diagnostics> {
    match hclkit::files::not_text(&src, name) {
        None => Ok(src),
        Some(d) => {
            files.add_source(name, src);
            Err(Diagnostics::from(vec![d]))
        }
    }
}
