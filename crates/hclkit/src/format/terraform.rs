//! `terraform fmt`'s normalisations.

use super::Formatter;
use crate::diagnostic::Diagnostics;

pub(crate) fn format(fmt: &Formatter, src: &[u8], _filename: &str) -> Result<Vec<u8>, Diagnostics> {
    Ok(fmt.format(src))
}
