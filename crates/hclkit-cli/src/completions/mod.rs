//! `hclkit completions <SHELL>`: a completion script for the shell, on standard output.

use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;

/// Arguments of `hclkit completions`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example: hclkit completions bash > ~/.local/share/bash-completion/completions/hclkit\n\n\
Exit status: 0 when the script is written, 2 on a usage error (such as an unknown shell).")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the script.
pub fn run(args: &CompletionsArgs, _color: bool) -> ExitCode {
    let mut cmd = crate::Cli::command();
    clap_complete::generate(args.shell, &mut cmd, "hclkit", &mut std::io::stdout());
    ExitCode::SUCCESS
}
