//! cargo-fuzz entry point: the checks are in `hclkit_fuzz::json_parse` (shared with the stable
//! replay test, `tests/replay.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hclkit_fuzz::json_parse::run(data));
