//! The integration tests of `hclkit-value`, as one test binary (one link instead of one per
//! file): each file of this folder is a module, `common` holds the random type and value
//! generators. Run one file's tests with `cargo test -p hclkit-value --test it NAME::`.
//!
//! `../stdlib_no_panic.rs` stays a binary of its own (it watches the whole process's memory;
//! see its header). No test here changes process-wide state: the modules share one process.

mod common;

mod function_model;
mod graphemes;
mod laws;
mod number_diff;
mod number_table;
mod serde;
mod stdlib_oracle;
