//! cargo-fuzz entry point: the checks are in `hclkit_fuzz::native_parse_eval` (shared with the stable
//! replay test, `tests/replay.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hclkit_fuzz::native_parse_eval::run(data));
