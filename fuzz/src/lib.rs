//! The fuzz targets' checks, as plain functions: the cargo-fuzz binaries (`fuzz_targets/`,
//! nightly and libFuzzer) call them on generated inputs, and `tests/replay.rs` calls them on
//! the saved corpus and the regression inputs on the stable toolchain.

pub mod fmt;
