//! `scripts/threads-ratio`, run as the README runs it: a command that fails (a missing corpus)
//! stops it with an error instead of being timed.

use std::path::Path;
use std::process::Command;

fn threads_ratio(env: &[(&str, &str)], args: &[&str]) -> (Option<i32>, String, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/threads-ratio");
    let o = Command::new("bash").arg(script).args(args).envs(env.iter().copied()).output().expect("run bash");
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn a_failing_command_is_an_error_not_a_timing() {
    let hclkit = env!("CARGO_BIN_EXE_hclkit");
    let (code, out, err) = threads_ratio(&[], &["2", hclkit, "check", "/nonexistent/corpus"]);
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert!(err.contains("exited with status 1 on 1 thread(s), not 0; nothing timed"), "{err}");
    // A command that succeeds is timed.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/convert");
    let (code, out, err) = threads_ratio(&[], &["1", hclkit, "check", data.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("1 thread ") && out.contains(" ratio ") && out.ends_with("(medians of 1)\n"), "{out}");
    // The status the command is expected to exit with can be another (fmt --check: 3).
    let (code, _, err) = threads_ratio(&[("THREADS_RATIO_EXPECT", "1")], &["1", "false"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, _) = threads_ratio(&[], &["many", "true"]);
    assert_eq!(code, Some(2));
}
