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
    assert!(stdout(&o).starts_with("Format files in the canonical layout.\n"), "{}", stdout(&o));
}

#[test]
fn every_subcommand_help_starts_with_a_summary_and_states_its_exit_statuses() {
    let top = stdout(&hclkit(&["--help"]));
    let subs: Vec<&str> = top
        .split("Commands:\n")
        .nth(1)
        .expect("a command list")
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    assert_eq!(subs, ["check", "fmt", "convert", "eval", "edit", "inspect", "completions"]);
    for sub in subs {
        // The summary the command list shows is the help's first line.
        let listed = top.lines().find(|l| l.split_whitespace().next() == Some(sub)).unwrap();
        let summary = listed.trim_start().strip_prefix(sub).unwrap().trim();
        for flag in ["--help", "-h"] {
            let o = hclkit(&[sub, flag]);
            assert_eq!(o.status.code(), Some(0));
            let help = stdout(&o);
            let first = help.lines().next().unwrap_or_default();
            assert_eq!(first.trim_end_matches('.'), summary.trim_end_matches('.'), "hclkit {sub} {flag}:\n{help}");
            assert!(help.contains("\nExit status: 0 "), "hclkit {sub} {flag} states no exit statuses:\n{help}");
            assert!(help.contains(" 2 on a usage error"), "hclkit {sub} {flag}:\n{help}");
        }
    }
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
