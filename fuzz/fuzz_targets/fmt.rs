//! The formatter's checks (`src/fmt.rs`) on generated input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| hclkit_fuzz::fmt::run(data));
