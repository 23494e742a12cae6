//! What the file functions may read.

use std::path::{Component, Path, PathBuf};

use hclkit_value::function::FunctionError;

/// What `file`, `fileexists`, `fileset`, `templatefile` and the other functions that touch the
/// filesystem may read. The default reads nothing.
///
/// With a base directory, relative paths resolve against it (Terraform's module directory)
/// and paths that lead outside it, lexically or through symbolic links, are refused unless
/// [`FsPolicy::allow_outside`] says otherwise.
///
/// ```
/// use hclkit_terraform::FsPolicy;
/// let policy = FsPolicy::under("/srv/config");
/// assert_eq!(policy.base(), Some(std::path::Path::new("/srv/config")));
/// assert!(FsPolicy::none().base().is_none());
/// ```
#[derive(Clone, Debug, Default)]
pub struct FsPolicy {
    base: Option<PathBuf>,
    outside: bool,
}

impl FsPolicy {
    /// No file access (the default).
    pub fn none() -> FsPolicy {
        FsPolicy::default()
    }

    /// Files under `base` (relative paths resolve against it), nothing outside it.
    pub fn under(base: impl Into<PathBuf>) -> FsPolicy {
        FsPolicy { base: Some(base.into()), outside: false }
    }

    /// This policy, also allowing (or not) paths outside the base directory: absolute paths,
    /// `..` beyond the base, symbolic links that lead out, and `~` (the home directory), as
    /// Terraform allows them.
    pub fn allow_outside(mut self, allow: bool) -> FsPolicy {
        self.outside = allow;
        self
    }

    /// The base directory, when file access is allowed.
    pub fn base(&self) -> Option<&Path> {
        self.base.as_deref()
    }

    /// Whether paths outside the base directory are allowed.
    pub fn allows_outside(&self) -> bool {
        self.outside
    }

    /// Where `path` (as a configuration gives it) leads: the path to open, and the path as
    /// Terraform names it in messages (relative paths joined to the module directory `.`).
    pub(crate) fn resolve(&self, path: &str) -> Result<Resolved, FunctionError> {
        let Some(base) = &self.base else {
            return Err(FunctionError::new(format!(
                "cannot read {}: the application allows no file access",
                crate::util::quote(path)
            )));
        };
        let mut given = path.to_string();
        if self.outside && (given == "~" || given.starts_with("~/")) {
            if let Some(home) = std::env::var_os("HOME") {
                given = format!("{}{}", home.to_string_lossy(), &given[1..]);
            }
        }
        let given_path = Path::new(&given);
        let display =
            if given_path.is_absolute() { clean(given_path) } else { clean(&Path::new(".").join(given_path)) };
        let real = if given_path.is_absolute() { clean(given_path) } else { clean(&base.join(given_path)) };
        let resolved = Resolved { real, display: display.to_string_lossy().into_owned() };
        if !self.outside {
            let base_clean = clean(base);
            let inside = resolved.real.starts_with(&base_clean)
                && match (resolved.real.canonicalize(), base_clean.canonicalize()) {
                    // Symbolic links must not lead out either.
                    (Ok(r), Ok(b)) => r.starts_with(b),
                    _ => true,
                };
            if !inside {
                return Err(FunctionError::new(format!(
                    "cannot read {}: it is outside the directory the application allows",
                    crate::util::quote(&resolved.display)
                )));
            }
        }
        Ok(resolved)
    }

    /// The contents of the file at `path`, with Go's error texts (`open P: no such file or
    /// directory`, `read P: is a directory`), as Terraform's hash functions report them.
    pub(crate) fn read(&self, path: &str) -> Result<Vec<u8>, FunctionError> {
        self.read_file(path).map_err(|e| match e {
            ReadError::Policy(e) => e,
            ReadError::Io { message, .. } => FunctionError::new(message),
        })
    }

    /// The contents of the file at `path`. Only regular files are read (a named pipe could
    /// block forever).
    pub(crate) fn read_file(&self, path: &str) -> Result<Vec<u8>, ReadError> {
        let r = self.resolve(path).map_err(ReadError::Policy)?;
        let io = |op: &str, e: std::io::Error| ReadError::Io {
            not_found: e.kind() == std::io::ErrorKind::NotFound,
            message: go_io_error(op, &r.display, &e),
        };
        let meta = std::fs::metadata(&r.real).map_err(|e| io("open", e))?;
        if meta.is_dir() {
            return Err(ReadError::Io { not_found: false, message: format!("read {}: is a directory", r.display) });
        }
        if !meta.is_file() {
            return Err(ReadError::Io { not_found: false, message: format!("read {}: not a regular file", r.display) });
        }
        std::fs::read(&r.real).map_err(|e| io("read", e))
    }
}

/// Why a file could not be read.
pub(crate) enum ReadError {
    /// The policy does not allow it.
    Policy(FunctionError),
    /// The operating system said no.
    Io {
        /// Whether the file does not exist.
        not_found: bool,
        /// Go's error text.
        message: String,
    },
}

/// A path a configuration gave, resolved under a policy.
pub(crate) struct Resolved {
    /// The path to open.
    pub(crate) real: PathBuf,
    /// The path as Terraform shows it in messages.
    pub(crate) display: String,
}

/// Go's `filepath.Clean`, lexically: `.` dropped, `..` folded, `.` when nothing is left.
pub(crate) fn clean(path: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir) | Some(Component::Prefix(_)) => {}
                _ => out.push(c),
            },
            _ => out.push(c),
        }
    }
    if out.is_empty() {
        return PathBuf::from(".");
    }
    out.iter().collect()
}

/// An I/O error as Go's `*PathError` prints it: `op path: message`, with the C library's
/// message in lower case as Go's syscall package words it.
pub(crate) fn go_io_error(op: &str, path: &str, err: &std::io::Error) -> String {
    let msg = match err.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => {
            let s = err.to_string();
            let s = s.split(" (os error").next().unwrap_or(&s).to_string();
            let mut chars = s.chars();
            match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect(),
                None => s,
            }
        }
    };
    format!("{op} {path}: {msg}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_is_gos() {
        for (given, want) in [("a/./b/../c", "a/c"), ("", "."), ("./", "."), ("/../a", "/a"), ("../a", "../a")] {
            assert_eq!(clean(Path::new(given)), PathBuf::from(want), "{given}");
        }
    }

    #[test]
    fn nothing_is_read_by_default_and_nothing_outside_the_base() {
        let err = FsPolicy::none().read("x.txt").unwrap_err();
        assert!(err.message().contains("allows no file access"), "{err:?}");
        let dir = std::env::temp_dir().join(format!("hclkit-tf-policy-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("in")).unwrap();
        std::fs::write(dir.join("secret"), "s").unwrap();
        std::fs::write(dir.join("in/ok"), "ok").unwrap();
        let policy = FsPolicy::under(dir.join("in"));
        assert_eq!(policy.read("ok").unwrap(), b"ok");
        assert_eq!(policy.read("./sub/../ok").unwrap(), b"ok");
        for outside in ["../secret", dir.join("secret").to_str().unwrap()] {
            let err = policy.read(outside).unwrap_err();
            assert!(err.message().contains("outside the directory"), "{outside}: {err:?}");
        }
        #[cfg(unix)]
        {
            let _ = std::fs::remove_file(dir.join("in/link"));
            std::os::unix::fs::symlink(dir.join("secret"), dir.join("in/link")).unwrap();
            assert!(policy.read("link").unwrap_err().message().contains("outside"));
            assert_eq!(policy.clone().allow_outside(true).read("link").unwrap(), b"s");
        }
        assert_eq!(policy.allow_outside(true).read("../secret").unwrap(), b"s");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
