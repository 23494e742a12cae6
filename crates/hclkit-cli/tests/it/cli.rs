//! The `hclkit` command itself, run as a user would: help, version, unknown commands, shell
//! completions. Each subcommand has its own file (`check_cli.rs`, `fmt_cli.rs`, ...).

use std::process::{Command, Output};

fn hclkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hclkit")).args(args).output().expect("run hclkit")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

#[test]
fn help_goes_to_standard_output() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let o = hclkit(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let out = stdout(&o);
        assert!(out.contains("Usage: hclkit [OPTIONS] <COMMAND>"), "{out}");
        for sub in ["check", "fmt", "completions", "--color <WHEN>"] {
            assert!(out.contains(sub), "{sub} in {out}");
        }
    }
    let o = hclkit(&["help", "fmt"]);
    assert!(stdout(&o).starts_with("Usage: hclkit fmt"), "{}", stdout(&o));
}

#[test]
fn version() {
    let o = hclkit(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), format!("hclkit {}\n", env!("CARGO_PKG_VERSION")));
    // Subcommands take it too (clap names them `hclkit-check`).
    assert_eq!(stdout(&hclkit(&["check", "--version"])), format!("hclkit-check {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn no_or_unknown_command_is_a_usage_error() {
    for args in [&[][..], &["frobnicate"]] {
        let o = hclkit(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("Usage:"), "{args:?}");
    }
    let o = hclkit(&["frobnicate"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("'frobnicate'"));
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "_hclkit()"),
        ("zsh", "#compdef hclkit"),
        ("fish", "complete -c hclkit"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[hclkit]"),
    ] {
        let o = hclkit(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let out = stdout(&o);
        assert!(out.contains(marker), "{shell}: {out:.200}");
        // The subcommands and their flags are in the script.
        assert!(out.contains("check") && out.contains("spec") && out.contains("terraform"), "{shell}");
    }
    assert_eq!(hclkit(&["completions", "tcsh"]).status.code(), Some(2));
}
