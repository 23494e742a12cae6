//! `hcldec`: decodes HCL files to JSON as a spec file says; a drop-in for the reference's
//! `hcldec` (hashicorp/hcl v2.14.1).
//!
//! ```text
//! hcldec --spec=<spec-file> [options] [hcl-file ...]
//! ```
//!
//! The input files are merged into one body (no files: standard input). Flags, output and
//! exit statuses are the reference's: 0 on success, 1 for a command-line or output problem
//! ("Error: ..."), 2 when the spec or the input has errors (printed as text with source
//! snippets, or as JSON with `--diags=json`) or for a usage error.
//!
//! Where the reference is broken this does better: diagnostics are printed in source order
//! (files in the order they are read: the spec, `--vars` files, then the inputs in
//! command-line order), and a result holding an infinite number is an error pointing at the
//! attribute it comes from, rather than invalid JSON; so is a number whose text would have
//! more than a million digits (`1e600000000`), which the reference never finishes printing.
//! Evaluation has a budget (the work of the whole run, in units of about one value produced;
//! `--eval-limit=N` sets it, default 2,000,000, `--no-eval-limit` lifts it): a short input
//! cannot ask for billions of values.

mod args;
mod run;
mod varrefs;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run::run(&args)
}
