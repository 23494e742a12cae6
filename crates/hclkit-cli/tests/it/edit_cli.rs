//! `hclkit edit`: the hand-written cases of `tests/data/edit/` (not recorded from a reference:
//! each is a directory with `in.hcl`, `args` (the words after `hclkit edit`, one a line) and
//! `want.hcl` (standard output)), and the command's refusals.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn edit(args: &[String], stdin: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .arg("edit")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/edit");
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    names.sort();
    assert!(names.len() >= 15);
    let mut bad = Vec::new();
    for case in names {
        let input = std::fs::read_to_string(case.join("in.hcl")).unwrap();
        let args: Vec<String> =
            std::fs::read_to_string(case.join("args")).unwrap().lines().map(str::to_owned).collect();
        let want = std::fs::read_to_string(case.join("want.hcl")).unwrap();
        let out = edit(&args, &input);
        let got = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() || got != want {
            bad.push(format!(
                "{}: exit {:?}\n got: {got:?}\nwant: {want:?}\n{}",
                case.display(),
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn refuses_what_does_not_parse_and_leaves_the_file() {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("edit_cli");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("broken.hcl");
    let src = "a = 1\nb = [\n";
    std::fs::write(&f, src).unwrap();
    let args: Vec<String> = ["attribute", "set", "a", "2", "-u", "-f"]
        .iter()
        .map(|s| s.to_string())
        .chain([f.to_string_lossy().into_owned()])
        .collect();
    let out = edit(&args, "");
    assert!(!out.status.success());
    assert_eq!(std::fs::read_to_string(&f).unwrap(), src);
}

#[test]
fn updates_in_place() {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("edit_cli");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("ok.hcl");
    std::fs::write(&f, "# c\na = 1\n").unwrap();
    let args: Vec<String> = ["attribute", "set", "a", "2", "-u", "-f"]
        .iter()
        .map(|s| s.to_string())
        .chain([f.to_string_lossy().into_owned()])
        .collect();
    let out = edit(&args, "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "# c\na = 2\n");
}
