//! The operating system's text for an I/O error, in the two forms the commands print.

/// An I/O error as the operating system says it, without Rust's " (os error N)": what
/// `hclkit`'s "could not be read" diagnostics give as the reason.
///
/// ```
/// let e = std::io::Error::from_raw_os_error(2);
/// assert_eq!(hclkit_cli::os_error::reason(&e), "No such file or directory");
/// let other = std::io::Error::other("disk on fire");
/// assert_eq!(hclkit_cli::os_error::reason(&other), "disk on fire");
/// ```
pub fn reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match e.raw_os_error() {
        Some(code) => text.strip_suffix(&format!(" (os error {code})")).unwrap_or(&text).to_owned(),
        None => text,
    }
}

/// An I/O error as Go prints a `syscall.Errno`: [`reason`] with a lowercase first letter, as
/// the reference's `hcldec` and `hclfmt` print it (`open x: no such file or directory`).
///
/// ```
/// let e = std::io::Error::from_raw_os_error(2);
/// assert_eq!(hclkit_cli::os_error::go_text(&e), "no such file or directory");
/// ```
pub fn go_text(e: &std::io::Error) -> String {
    let text = reason(e);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => text,
    }
}
