//! The integration tests of `hclkit-terraform`, as one test binary (one link instead of one
//! per file): each file of this folder is a module. Run one file's tests with
//! `cargo test -p hclkit-terraform --test it NAME::` (e.g. `recorded::`).
//!
//! No test here changes process-wide state (environment, working directory): the modules share
//! one process and run in parallel. Relative paths (the filesystem policy's) are relative to
//! the crate's folder, where cargo runs its tests.

mod awkward_arguments;
mod catalog;
mod catalog_doc;
mod filesystem_policy;
mod inspect_oracle;
mod no_panic;
mod recorded;
mod terraform_functions;
