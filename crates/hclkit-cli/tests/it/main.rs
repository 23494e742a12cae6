//! The integration tests of `hclkit-cli`, as one test binary (one link instead of one per
//! file): each file of this folder is a module and runs the built commands (`hclkit`,
//! `hcldec`, `hclfmt`) as child processes. Run one file's tests with
//! `cargo test -p hclkit-cli --test it NAME::` (e.g. `hostile::`).
//!
//! No test here changes process-wide state: the modules share one process, and every limit
//! (the hostile cases' memory and CPU caps) is set on a child process.

mod check_cli;
mod cli;
mod conformance;
mod convert_cli;
mod edit_cli;
mod eval_cli;
mod fmt_cli;
mod hcldec_cli;
mod hclfmt_cli;
mod hostile;
mod inspect_cli;
mod readme;
mod repo_docs;
mod scripts;
