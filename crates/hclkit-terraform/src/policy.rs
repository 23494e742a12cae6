//! What the file functions may read.

use std::path::PathBuf;

/// What `file`, `fileexists`, `fileset`, `templatefile` and the other functions that touch the
/// filesystem may read. The default reads nothing.
#[derive(Clone, Debug, Default)]
pub struct FsPolicy {
    base: Option<PathBuf>,
}

impl FsPolicy {
    /// No file access (the default).
    pub fn none() -> FsPolicy {
        FsPolicy::default()
    }

    /// Files under `base` (relative paths resolve against it), nothing outside it.
    pub fn under(base: impl Into<PathBuf>) -> FsPolicy {
        FsPolicy { base: Some(base.into()) }
    }

    /// The base directory, when file access is allowed.
    pub fn base(&self) -> Option<&std::path::Path> {
        self.base.as_deref()
    }
}
