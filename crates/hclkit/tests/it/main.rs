//! The integration tests of `hclkit`, as one test binary (one link of the library and its
//! dependencies instead of one per file): each file of this folder is a module, `common` holds
//! the helpers they share. Run one file's tests with `cargo test -p hclkit --test it NAME::`
//! (e.g. `fmt::`), one test with its path (`cargo test -p hclkit --test it
//! fmt::differential -- --ignored`).
//!
//! Proptest's saved failure seeds are in `../proptest-regressions/MODULE.txt`: proptest keeps
//! them in a folder beside the one holding `main.rs`, and replays them before new cases.
//!
//! No test here changes process-wide state (environment, working directory, panic hook, global
//! thread pool): the tests of all modules share one process and run in parallel. Tests that
//! need a given stack size run their work on a thread of their own (`deep_stack`, `limits`).

mod common;

mod body;
mod budget;
mod convert_props;
mod corpus;
mod deep_stack;
mod dynblock;
mod edit;
mod eval;
mod eval_api;
mod expr_fixtures;
mod fixtures;
mod fmt;
mod fmt_props;
mod json_body;
mod json_props;
mod json_static;
mod json_syntax;
mod limits;
mod merged;
mod namespaced;
mod serde;
mod serde_blocks_as_maps;
mod serde_example;
mod serde_roundtrip;
mod spec_eval_examples;
mod spec_examples;
mod static_analysis;
mod stdlib;
mod syntax_wall;
mod tokens;
mod tryfunc;
mod typeexpr;
mod write_json;
