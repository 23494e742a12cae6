//! Filesystem functions Terraform adds: `file`, `filebase64`, `fileexists`, `fileset`,
//! `templatefile`, `abspath`, `dirname`, `basename`, `pathexpand`. Everything that touches
//! the filesystem goes through the [`FsPolicy`] of the [`Options`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hclkit::eval::{evaluate, EvalContext};
use hclkit_value::function::{Function, FunctionError, Parameter};
use hclkit_value::{Type, Value};

use crate::encoding::base64_encode;
use crate::policy::{clean, ReadError};
use crate::util::{quote, str_arg, string_to_string};
use crate::{FsPolicy, FunctionInfo, Options, Origin, Table};

const FS_NOTE: &str =
    "Reads through the FsPolicy (nothing by default; nothing outside the base directory unless allowed).";

pub(crate) const INFO: &[FunctionInfo] = &[
    FunctionInfo { name: "file", origin: Origin::Terraform, since: "<=1.0", note: FS_NOTE },
    FunctionInfo { name: "filebase64", origin: Origin::Terraform, since: "<=1.0", note: FS_NOTE },
    FunctionInfo { name: "fileexists", origin: Origin::Terraform, since: "<=1.0", note: FS_NOTE },
    FunctionInfo {
        name: "fileset",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Reads through the FsPolicy; symbolic-link loops are not followed; matching work is bounded.",
    },
    FunctionInfo {
        name: "templatefile",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Reads through the FsPolicy; the template sees the whole table but templatefile itself.",
    },
    FunctionInfo {
        name: "abspath",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Relative paths resolve against the FsPolicy base directory (Terraform: the process's working directory); an error without one.",
    },
    FunctionInfo { name: "dirname", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo { name: "basename", origin: Origin::Terraform, since: "<=1.0", note: "" },
    FunctionInfo {
        name: "pathexpand",
        origin: Origin::Terraform,
        since: "<=1.0",
        note: "Expanding ~ needs FsPolicy::allow_outside (it names a place outside the base directory).",
    },
];

pub(crate) fn register(table: &mut Table, options: &Options) {
    let policy = options.filesystem.clone();
    table.insert(
        "file",
        file_function(
            "Reads the contents of a file at the given path as a UTF-8 string.",
            policy.clone(),
            |path, bytes| String::from_utf8(bytes).map_err(|_| FunctionError::new(not_utf8(path))),
        ),
    );
    table.insert(
        "filebase64",
        file_function(
            "Reads the contents of a file at the given path and returns them as a base64-encoded string.",
            policy.clone(),
            |_, bytes| Ok(base64_encode(&bytes)),
        ),
    );
    table.insert("fileexists", fileexists(policy.clone()));
    table.insert("fileset", fileset(policy.clone()));
    table.insert("abspath", {
        let policy = policy.clone();
        string_to_string("path", "Converts a filesystem path to an absolute path.", move |p| abspath(&policy, p))
    });
    table.insert("dirname", string_to_string("path", "Removes the last element from a path.", |p| Ok(go_dir(p))));
    table.insert("basename", string_to_string("path", "Returns the last element of a path.", |p| Ok(go_base(p))));
    table.insert(
        "pathexpand",
        string_to_string("path", "Expands a leading ~ in a path to the current user's home directory.", move |p| {
            pathexpand(&policy, p)
        }),
    );
}

/// Adds `templatefile`, whose templates call the functions of the finished `table` (with
/// `templatefile` itself replaced by a function that refuses recursion, as in Terraform).
pub(crate) fn register_templatefile(table: &mut Table, options: &Options) {
    let mut inner = table.clone();
    inner.insert("templatefile", templatefile_stub());
    inner.insert(crate::core_name("templatefile"), templatefile_stub());
    table.insert("templatefile", templatefile(options.filesystem.clone(), inner));
}

fn not_utf8(path: &str) -> String {
    format!("contents of {path} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead")
}

/// Reads a file as Terraform's `file`, `filebase64` and `templatefile` do, with their errors.
fn read_for_file_function(policy: &FsPolicy, path: &str) -> Result<Vec<u8>, FunctionError> {
    policy.read_file(path).map_err(|e| match e {
        ReadError::Policy(e) => e.for_arg(0),
        ReadError::Io { not_found: true, .. } => FunctionError::arg(0, format!("no file exists at {path}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource")),
        ReadError::Io { .. } => FunctionError::arg(0, format!("failed to read {path}")),
    })
}

fn file_function(
    description: &str,
    policy: FsPolicy,
    convert: impl Fn(&str, Vec<u8>) -> Result<String, FunctionError> + Send + Sync + 'static,
) -> Function {
    Function::builder()
        .description(description)
        .param(Parameter::new("path", Type::String))
        .static_return_type(Type::String)
        .implementation(move |args, _| {
            let path = str_arg(args, 0);
            let bytes = read_for_file_function(&policy, path)?;
            convert(path, bytes).map(Value::string)
        })
        .build()
}

fn fileexists(policy: FsPolicy) -> Function {
    Function::builder()
        .description("Determines whether a file exists at the given path.")
        .param(Parameter::new("path", Type::String))
        .static_return_type(Type::Bool)
        .implementation(move |args, _| {
            let r = policy.resolve(str_arg(args, 0)).map_err(|e| e.for_arg(0))?;
            match std::fs::metadata(&r.real) {
                Ok(m) if m.is_file() => Ok(Value::bool(true)),
                Ok(m) => Err(FunctionError::new(format!(
                    "{} is not a regular file, but {}",
                    r.display,
                    quote(&go_file_mode(&m))
                ))),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Value::bool(false)),
                Err(_) => Err(FunctionError::new(format!("failed to stat {}", r.display))),
            }
        })
        .build()
}

/// Go's `FileMode.String` for what `metadata` reports.
fn go_file_mode(m: &std::fs::Metadata) -> String {
    let mut out = String::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, PermissionsExt};
        let ft = m.file_type();
        let mode = m.permissions().mode();
        if ft.is_dir() {
            out.push('d');
        }
        if ft.is_symlink() {
            out.push('L');
        }
        if ft.is_block_device() || ft.is_char_device() {
            out.push('D');
        }
        if ft.is_fifo() {
            out.push('p');
        }
        if ft.is_socket() {
            out.push('S');
        }
        if mode & 0o4000 != 0 {
            out.push('u');
        }
        if mode & 0o2000 != 0 {
            out.push('g');
        }
        if ft.is_char_device() {
            out.push('c');
        }
        if mode & 0o1000 != 0 {
            out.push('t');
        }
        if out.is_empty() {
            out.push('-');
        }
        for (i, c) in "rwxrwxrwx".chars().enumerate() {
            out.push(if mode & (1 << (8 - i)) != 0 { c } else { '-' });
        }
    }
    #[cfg(not(unix))]
    {
        out.push_str(if m.is_dir() { "drwxrwxrwx" } else { "-rw-rw-rw-" });
    }
    out
}

// ---- fileset: doublestar (v1) globbing ----

/// The most files `fileset` visits in one call (directories and files), so that a huge tree
/// gives an error rather than an endless walk.
const FILESET_MAX_VISITS: usize = 1_000_000;

fn fileset(policy: FsPolicy) -> Function {
    Function::builder()
        .description("Enumerates a set of regular file names given a path and pattern.")
        .param(Parameter::new("path", Type::String))
        .param(Parameter::new("pattern", Type::String))
        .static_return_type(Type::set(Type::String))
        .implementation(move |args, _| {
            let dir = policy.resolve(str_arg(args, 0)).map_err(|e| e.for_arg(0))?;
            let pattern = str_arg(args, 1);
            let display_pattern = clean(&Path::new(&dir.display).join(pattern)).to_string_lossy().into_owned();
            let real_pattern = clean(&dir.real.join(pattern));
            let components = split_pattern(&real_pattern.to_string_lossy());
            // As doublestar, a malformed pattern is an error only once it is matched against a
            // directory entry.
            let mut walk = Walk { matches: Vec::new(), visits: 0, seen_dirs: Vec::new(), pattern: display_pattern };
            let (start, rest) = match components.split_first() {
                Some((first, rest)) if first.is_empty() => (PathBuf::from("/"), rest),
                _ => (PathBuf::from("."), &components[..]),
            };
            walk.glob(start, rest, true)?;
            let mut out = Vec::new();
            for m in walk.matches {
                let Ok(meta) = std::fs::metadata(&m) else { continue };
                if !meta.is_file() {
                    continue;
                }
                // Symbolic links must not lead out of the allowed directory either.
                if policy.resolve(&m.to_string_lossy()).is_err() {
                    continue;
                }
                out.push(Value::string(relative_to(&dir.real, &m)));
            }
            if out.is_empty() {
                return Ok(Value::empty_set(Type::String));
            }
            Value::set(out).map_err(|e| FunctionError::new(e.to_string()))
        })
        .build()
}

/// `path` relative to `base` (Go's `filepath.Rel` for two clean paths), with `/` separators.
fn relative_to(base: &Path, path: &Path) -> String {
    let b: Vec<_> = base.components().collect();
    let p: Vec<_> = path.components().collect();
    let common = b.iter().zip(&p).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = Vec::new();
    for _ in common..b.len() {
        parts.push("..".into());
    }
    for c in &p[common..] {
        parts.push(c.as_os_str().to_string_lossy().into_owned());
    }
    if parts.is_empty() {
        ".".into()
    } else {
        parts.join("/")
    }
}

/// Splits a pattern at `/`, except inside `{...}` and after `\`.
fn split_pattern(pattern: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0usize;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                cur.push(c);
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            '{' => {
                depth += 1;
                cur.push(c);
            }
            '}' => {
                depth = depth.saturating_sub(1);
                cur.push(c);
            }
            '/' if depth == 0 => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

fn is_magic(component: &str) -> bool {
    component.contains(['*', '?', '[', '{', '\\'])
}

enum BadPattern {
    Syntax,
    TooComplex,
}

/// The index just past the `]` of the class starting at `start`.
fn class_end(p: &[char], start: usize) -> Result<usize, BadPattern> {
    let mut i = start + 1;
    if i < p.len() && (p[i] == '^' || p[i] == '!') {
        i += 1;
    }
    let first = i;
    while i < p.len() {
        match p[i] {
            '\\' => i += 2,
            ']' if i > first => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Err(BadPattern::Syntax)
}

/// Whether `name` matches the pattern component `p` (`*`, `?`, `[...]` classes with `^`/`!`
/// negation and ranges, `{a,b}` alternatives, `\` escapes).
/// The most steps matching one name against one pattern component may take (`*` and `{...}`
/// backtrack; a pattern like `*a*a*a*a*b` would otherwise take exponential time).
const MATCH_STEPS: usize = 100_000;

fn match_component(p: &[char], name: &[char]) -> Result<bool, BadPattern> {
    // Recursion goes one level per pattern character: keep components to file-name sizes.
    if p.len() > 1024 {
        return Err(BadPattern::TooComplex);
    }
    let mut steps = 0;
    match_steps(p, name, &mut steps)
}

fn match_steps(p: &[char], name: &[char], steps: &mut usize) -> Result<bool, BadPattern> {
    *steps += 1;
    if *steps > MATCH_STEPS {
        return Err(BadPattern::TooComplex);
    }
    let Some(&c) = p.first() else { return Ok(name.is_empty()) };
    match c {
        '*' => {
            for k in 0..=name.len() {
                if match_steps(&p[1..], &name[k..], steps)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        '?' => Ok(!name.is_empty() && match_steps(&p[1..], &name[1..], steps)?),
        '[' => {
            let end = class_end(p, 0)?;
            let Some(&ch) = name.first() else { return Ok(false) };
            let mut i = 1;
            let negate = p[i] == '^' || p[i] == '!';
            if negate {
                i += 1;
            }
            let mut matched = false;
            while i < end - 1 {
                let mut lo = p[i];
                if lo == '\\' {
                    i += 1;
                    lo = *p.get(i).ok_or(BadPattern::Syntax)?;
                }
                let mut hi = lo;
                if i + 2 < end - 1 && p[i + 1] == '-' {
                    hi = p[i + 2];
                    if hi == '\\' {
                        hi = *p.get(i + 3).ok_or(BadPattern::Syntax)?;
                        i += 1;
                    }
                    i += 2;
                }
                if lo <= ch && ch <= hi {
                    matched = true;
                }
                i += 1;
            }
            Ok(matched != negate && match_steps(&p[end..], &name[1..], steps)?)
        }
        '{' => {
            // Find the matching close brace and the top-level alternatives.
            let mut depth = 0;
            let mut alts = Vec::new();
            let mut start = 1;
            let mut i = 0;
            let mut close = None;
            while i < p.len() {
                match p[i] {
                    '\\' => i += 1,
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            alts.push(&p[start..i]);
                            close = Some(i);
                            break;
                        }
                    }
                    ',' if depth == 1 => {
                        alts.push(&p[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
                i += 1;
            }
            let close = close.ok_or(BadPattern::Syntax)?;
            for alt in alts {
                let mut candidate = alt.to_vec();
                candidate.extend_from_slice(&p[close + 1..]);
                if match_steps(&candidate, name, steps)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        '\\' => {
            let &lit = p.get(1).ok_or(BadPattern::Syntax)?;
            Ok(name.first() == Some(&lit) && match_steps(&p[2..], &name[1..], steps)?)
        }
        _ => Ok(name.first() == Some(&c) && match_steps(&p[1..], &name[1..], steps)?),
    }
}

struct Walk {
    matches: Vec<PathBuf>,
    visits: usize,
    /// Directories on the current `**` descent (canonical), to stop at symbolic-link loops.
    seen_dirs: Vec<PathBuf>,
    /// The whole pattern, as error messages show it.
    pattern: String,
}

impl Walk {
    fn visit(&mut self) -> Result<(), FunctionError> {
        self.visits += 1;
        if self.visits > FILESET_MAX_VISITS {
            return Err(FunctionError::new(format!(
                "fileset visited more than {FILESET_MAX_VISITS} files and directories"
            )));
        }
        Ok(())
    }

    /// doublestar's `doGlob`. A malformed pattern is an error where the first directory is
    /// matched (`top`); below it doublestar's error is overwritten by the next sibling's result
    /// (in directory order, which varies between file systems), so it is dropped there.
    fn glob(&mut self, mut base: PathBuf, components: &[String], top: bool) -> Result<(), FunctionError> {
        self.visit()?;
        let literal = components.iter().take_while(|c| !is_magic(c)).count();
        for c in &components[..literal] {
            base.push(c);
        }
        if std::fs::symlink_metadata(&base).is_err() {
            return Ok(());
        }
        if literal >= components.len() {
            self.matches.push(base);
            return Ok(());
        }
        let Ok(meta) = std::fs::metadata(&base) else { return Ok(()) };
        if !meta.is_dir() {
            return Ok(());
        }
        let Ok(entries) = std::fs::read_dir(&base) else { return Ok(()) };
        let mut names: Vec<String> =
            entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        let mut idx = literal;
        let mut last = idx + 1 >= components.len();
        if components[idx] == "**" {
            let canonical = base.canonicalize().unwrap_or_else(|_| base.clone());
            if self.seen_dirs.contains(&canonical) {
                return Ok(());
            }
            self.seen_dirs.push(canonical);
            for name in &names {
                self.visit()?;
                let child = base.join(name);
                let is_dir = std::fs::metadata(&child).map(|m| m.is_dir()).unwrap_or(false);
                if is_dir {
                    if last {
                        self.matches.push(child.clone());
                    }
                    self.glob(child, &components[idx..], false)?;
                } else if last {
                    self.matches.push(child);
                }
            }
            self.seen_dirs.pop();
            if last {
                return Ok(());
            }
            idx += 1;
            last = idx + 1 >= components.len();
        }
        let pat: Vec<char> = components[idx].chars().collect();
        for name in &names {
            self.visit()?;
            let n: Vec<char> = name.chars().collect();
            let matched = match match_component(&pat, &n) {
                Ok(m) => m,
                Err(BadPattern::Syntax) if !top => return Ok(()),
                Err(BadPattern::Syntax) => {
                    return Err(FunctionError::new(format!(
                        "failed to glob pattern ({}): syntax error in pattern",
                        self.pattern
                    )))
                }
                Err(BadPattern::TooComplex) => {
                    return Err(FunctionError::new(format!(
                        "failed to glob pattern ({}): a pattern component needs more than {MATCH_STEPS} steps to match, or is longer than 1024 characters",
                        self.pattern
                    )))
                }
            };
            if matched {
                if last {
                    self.matches.push(base.join(name));
                } else {
                    self.glob(base.join(name), &components[idx + 1..], false)?;
                }
            }
        }
        Ok(())
    }
}

// ---- templatefile ----

fn templatefile_stub() -> Function {
    Function::builder()
        .param(Parameter::new("path", Type::String))
        .param(Parameter::new("vars", Type::Dynamic))
        .return_type(|_| Err(FunctionError::new("cannot recursively call templatefile from inside templatefile call")))
        .build()
}

/// A range as HCL's `Range.String` prints it.
fn range_string(r: &hclkit::Range) -> String {
    if r.start.line == r.end.line {
        format!("{}:{},{}-{}", r.filename, r.start.line, r.start.column, r.end.column)
    } else {
        format!("{}:{},{}-{},{}", r.filename, r.start.line, r.start.column, r.end.line, r.end.column)
    }
}

/// Diagnostics as HCL's `Diagnostics.Error` prints them.
fn diagnostics_error(diags: &hclkit::Diagnostics) -> String {
    let errors: Vec<_> = diags.iter().filter(|d| d.severity == hclkit::Severity::Error).collect();
    let one = |d: &hclkit::Diagnostic| {
        let subject = d.subject.as_ref().map(range_string).unwrap_or_else(|| "%!s(<nil>)".into());
        format!("{subject}: {}; {}", d.summary, d.detail)
    };
    match errors.as_slice() {
        [] => "no diagnostics".into(),
        [d] => one(d),
        [d, rest @ ..] => format!("{}, and {} other diagnostic(s)", one(d), rest.len()),
    }
}

fn templatefile(policy: FsPolicy, functions: Table) -> Function {
    Function::builder()
        .description("Reads the file at the given path and renders it as a template using the given variables.")
        .param(Parameter::new("path", Type::String))
        .param(Parameter::new("vars", Type::Dynamic))
        .static_return_type(Type::Dynamic)
        .implementation(move |args, _| {
            let path = str_arg(args, 0);
            let bytes = read_for_file_function(&policy, path)?;
            let text = String::from_utf8(bytes).map_err(|_| FunctionError::new(not_utf8(path)))?;
            render_template(&text, path, &args[1], 1, &functions)
        })
        .build()
}

/// Renders `text` (named `filename` in messages) as a template with the variables of `vars`
/// (a map or object, the argument at `vars_arg`) and `functions`, with Terraform's checks and
/// messages (`templatefile`'s; reusable for `templatestring`, Terraform 1.9).
pub(crate) fn render_template(
    text: &str,
    filename: &str,
    vars: &Value,
    vars_arg: usize,
    functions: &Table,
) -> Result<Value, FunctionError> {
    let (file, diags) = hclkit::parse_template(text.as_bytes().to_vec(), filename).into_parts();
    if diags.has_errors() {
        return Err(FunctionError::new(diagnostics_error(&diags)));
    }
    let ty = vars.ty();
    if !(ty.is_map() || ty.is_object()) {
        return Err(FunctionError::arg(vars_arg, "invalid vars value: must be a map"));
    }
    let mut variables: BTreeMap<String, Value> = BTreeMap::new();
    for (k, v) in vars.iter_elements() {
        variables.insert(k.as_str().unwrap_or_default().to_string(), v);
    }
    for name in variables.keys() {
        if !hclkit::syntax::native::valid_identifier(name) {
            return Err(FunctionError::arg(vars_arg, format!("invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores", quote(name))));
        }
    }
    for traversal in hclkit::syntax::native::expression::variables(file.expr()) {
        let Some(root) = traversal.root_name() else { continue };
        if !variables.contains_key(root) {
            let at = traversal.steps.first().map(|s| range_string(s.range())).unwrap_or_default();
            return Err(FunctionError::arg(
                vars_arg,
                format!("vars map does not contain key {}, referenced at {at}", quote(root)),
            ));
        }
    }
    let ctx = EvalContext::new().with_variables(variables).with_functions(functions.clone());
    let (value, diags) = evaluate(file.expr(), Some(&ctx));
    if diags.has_errors() {
        return Err(FunctionError::new(diagnostics_error(&diags)));
    }
    Ok(value)
}

// ---- paths ----

fn abspath(policy: &FsPolicy, p: &str) -> Result<String, FunctionError> {
    let path = Path::new(p);
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        let Some(base) = policy.base() else {
            return Err(FunctionError::new(format!(
                "cannot make {} absolute: the application gives no base directory",
                quote(p)
            )));
        };
        std::path::absolute(base).unwrap_or_else(|_| base.to_path_buf()).join(path)
    };
    Ok(clean(&joined).to_string_lossy().replace('\\', "/"))
}

fn pathexpand(policy: &FsPolicy, p: &str) -> Result<String, FunctionError> {
    if !p.starts_with('~') {
        return Ok(p.to_string());
    }
    if p.len() > 1 && !p[1..].starts_with(['/', '\\']) {
        return Err(FunctionError::new("cannot expand user-specific home dir"));
    }
    if !policy.allows_outside() {
        return Err(FunctionError::new(format!(
            "cannot expand {}: the application does not allow paths outside its base directory",
            quote(p)
        )));
    }
    let home = std::env::var("HOME").map_err(|_| FunctionError::new("HOME is not set"))?;
    Ok(format!("{}{}", home, &p[1..]))
}

/// Go's `filepath.Dir`.
fn go_dir(p: &str) -> String {
    let upto = p.rfind('/').map(|i| &p[..=i]).unwrap_or("");
    clean(Path::new(upto)).to_string_lossy().into_owned()
}

/// Go's `filepath.Base`.
fn go_base(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let trimmed = p.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_components() {
        let m = |p: &str, n: &str| {
            let p: Vec<char> = p.chars().collect();
            let n: Vec<char> = n.chars().collect();
            match_component(&p, &n).ok()
        };
        assert_eq!(m("*.txt", "a.txt"), Some(true));
        assert_eq!(m("*.txt", "a.json"), Some(false));
        assert_eq!(m("{a,b}*", "bz"), Some(true));
        assert_eq!(m("[!a]x", "bx"), Some(true));
        assert_eq!(m("[^a]x", "ax"), Some(false));
        assert_eq!(m("[a-c]", "b"), Some(true));
        assert_eq!(m("\\*", "*"), Some(true));
        assert_eq!(m("[", "a"), None);
        assert_eq!(m("{a,b", "a"), None);
        assert_eq!(split_pattern("/a/{b/c,d}/*"), ["", "a", "{b/c,d}", "*"]);
        // Backtracking is bounded: an error, not exponential time.
        let name = "a".repeat(200);
        assert!(matches!(
            match_component(
                &"*a".repeat(20).chars().chain("b".chars()).collect::<Vec<_>>(),
                &name.chars().collect::<Vec<_>>()
            ),
            Err(BadPattern::TooComplex)
        ));
    }

    #[test]
    fn go_paths() {
        assert_eq!(go_dir("a//b"), "a");
        assert_eq!(go_dir("/"), "/");
        assert_eq!(go_base("/foo/bar/"), "bar");
        assert_eq!(relative_to(Path::new("/a/b"), Path::new("/a/b/c/d")), "c/d");
        assert_eq!(relative_to(Path::new("/a/b"), Path::new("/a/x")), "../x");
    }
}
