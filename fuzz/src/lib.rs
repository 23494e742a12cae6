//! The fuzz targets' checks, as plain functions: the cargo-fuzz binaries (`fuzz_targets/`,
//! nightly and libFuzzer) call them on generated inputs, and `tests/replay.rs` calls them on
//! the saved corpus and the regression inputs on the stable toolchain, so CI runs every
//! target's checks on every input fuzzing ever kept.

pub mod edit;
pub mod fmt;
pub mod json_parse;
pub mod native_parse_eval;
pub mod spec_decode;
