//! The library of hclkit's command-line tools (`hclkit`, `hcldec`, `hclfmt`): what the
//! commands share and the libraries (`hclkit`, `hclkit_value`) have no business knowing: the
//! terminal, the operating system's error texts, walking directories, reading inputs and
//! `--vars`, the help layout. The commands themselves (their arguments and output) stay in
//! their binaries.
//!
//! - [`term`]: `--color` ([`term::ColorWhen`]), the width from `$COLUMNS`, the renderer;
//! - [`os_error`]: an I/O error as the OS says it ([`os_error::reason`]) and as Go prints it
//!   ([`os_error::go_text`], hcldec's and hclfmt's messages);
//! - [`walk`]: the files under a directory, as ripgrep walks;
//! - [`inputs`]: reading a path or standard input, the "cannot be read" and "not text"
//!   diagnostics;
//! - [`vars`]: `--vars` arguments (hcldec's, `hclkit check`'s and `hclkit eval`'s);
//! - [`help`]: the subcommands' help layout.
//!
//! [`hclkit::Files`] reads no file: these read, then register the sources there.

pub mod help;
pub mod inputs;
pub mod os_error;
pub mod term;
pub mod vars;
pub mod walk;
