//! The help layout of `hclkit`'s subcommands.

/// clap's `help_template` of the subcommands: the description first, then the usage, then the
/// arguments.
///
/// ```
/// assert!(hclkit_cli::help::HELP_TEMPLATE.starts_with("{about-with-newline}"));
/// ```
pub const HELP_TEMPLATE: &str = "{about-with-newline}\n{usage-heading} {usage}\n\n{all-args}{after-help}";
