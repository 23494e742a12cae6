//! `hclkit`: command-line tools for HCL v2.
//!
//! ```text
//! hclkit [--color auto|always|never] <COMMAND>
//!   check [--spec SPEC] [--diags text|json] [PATH...]
//!   fmt [--check] [--diff] [--no-align] [--terraform] [PATH...]
//!   convert [--spec SPEC] [--blocks nested|ordered|array] [--simplify] [--pretty] [--ranges[=UNIT]] [-o FILE | -O DIR] PATH...
//!   eval [--functions terraform|stdlib|none] [--vars JSON] [--diags text|json] EXPR
//!   edit <VERB> [WORDS...] [-f FILE] [-u]
//!   completions <SHELL>
//! ```
//!
//! Each subcommand is a module with `<Name>Args` (`clap::Args`) and
//! `run(&<Name>Args, color) -> ExitCode`; [`Command`] lists them. Usage errors exit with 2
//! (clap's convention), `--help` prints to standard output.

mod check;
mod completions;
mod convert;
mod edit;
mod eval;
mod fmt;
mod inspect;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use hclkit_cli::term::ColorWhen;

/// Check, format, convert and evaluate HCL configuration files.
#[derive(Parser, Debug)]
#[command(name = "hclkit", version, propagate_version = true, arg_required_else_help = true)]
pub struct Cli {
    /// When to colour diagnostics: auto (a terminal, and NO_COLOR unset), always or never.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto, global = true, value_name = "WHEN")]
    pub color: ColorWhen,

    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse files and report their diagnostics (with --spec, decode them too).
    #[command(long_about = check::ABOUT)]
    Check(check::CheckArgs),
    /// Format files in the canonical layout.
    #[command(long_about = fmt::ABOUT)]
    Fmt(fmt::FmtArgs),
    /// Convert between the native syntax and the HCL JSON syntax.
    #[command(long_about = convert::ABOUT)]
    Convert(convert::ConvertArgs),
    /// Evaluate one expression and print its value as JSON (as Terraform's jsonencode writes it).
    Eval(eval::EvalArgs),
    /// Edit a file as hcledit does (attribute, block and body verbs), keeping what is not edited.
    #[command(long_about = edit::ABOUT, disable_help_flag = true)]
    Edit(edit::EditArgs),
    /// Show what a Terraform module declares, its dependency graph or its unused symbols.
    #[command(long_about = inspect::ABOUT)]
    Inspect(inspect::InspectArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let color = cli.color.resolve(std::io::stdout().is_terminal());
    match &cli.command {
        Command::Check(a) => check::run(a, color),
        Command::Fmt(a) => fmt::run(a, cli.color.resolve(std::io::stderr().is_terminal())),
        Command::Convert(a) => convert::run(a, cli.color.resolve(std::io::stderr().is_terminal())),
        Command::Eval(a) => eval::run(a, cli.color.resolve(std::io::stderr().is_terminal())),
        Command::Edit(a) => edit::run(a, cli.color.resolve(std::io::stderr().is_terminal())),
        Command::Inspect(a) => inspect::run(a, cli.color.resolve(std::io::stderr().is_terminal())),
        Command::Completions(a) => completions::run(a, color),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
