//! The editing document's checks (`src/edit.rs`) on generated input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    hclkit_fuzz::edit::run(data);
    hclkit_fuzz::edit::run_json(data);
});
