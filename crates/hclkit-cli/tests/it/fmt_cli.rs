//! `hclkit fmt`, run as a user would: directories, `--check`, `--diff`, standard input,
//! `--no-align`, `--terraform`, exit statuses, and the order of its report when files are
//! formatted in parallel.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fmt_cli").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, rel: &str, text: &str) {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).unwrap()
}

fn hclkit(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .arg("fmt")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A tree with files to format, formatted ones, and files to leave alone.
fn tree(name: &str) -> PathBuf {
    let d = scratch(name);
    write(&d, "main.tf", "a=1\n");
    write(&d, "ok.hcl", "b = 2\n");
    write(&d, "sub/vars.tfvars", "c  =  3\n");
    write(&d, "sub/job.nomad", "job \"x\" {\ngroup=1\n}\n");
    write(&d, "sub/packer.pkr.hcl", "source \"a\" \"b\" {\nx=1\n}\n");
    write(&d, "sub/.hidden/h.tf", "h=1\n");
    write(&d, ".git/x.tf", "g=1\n");
    write(&d, "sub/config.tf.json", "{\"a\":1}");
    write(&d, "notes.txt", "n=1\n");
    d
}

#[test]
fn formats_a_tree_in_place_and_lists_what_changed() {
    let d = tree("tree");
    let o = hclkit(&d, &[], "");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), "main.tf\nsub/job.nomad\nsub/packer.pkr.hcl\nsub/vars.tfvars\n");
    assert_eq!(read(&d, "main.tf"), "a = 1\n");
    assert_eq!(read(&d, "sub/job.nomad"), "job \"x\" {\n  group = 1\n}\n");
    assert_eq!(read(&d, "sub/vars.tfvars"), "c = 3\n");
    // Hidden entries, JSON and other names are left alone.
    assert_eq!(read(&d, "sub/.hidden/h.tf"), "h=1\n");
    assert_eq!(read(&d, ".git/x.tf"), "g=1\n");
    assert_eq!(read(&d, "sub/config.tf.json"), "{\"a\":1}");
    assert_eq!(read(&d, "notes.txt"), "n=1\n");
    // Nothing left to do.
    let o = hclkit(&d, &["."], "");
    assert_eq!((o.status.code(), out(&o)), (Some(0), String::new()));
}

#[test]
fn check_lists_and_fails_without_writing() {
    let d = tree("check");
    let o = hclkit(&d, &["--check", "sub", "ok.hcl"], "");
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(out(&o), "sub/job.nomad\nsub/packer.pkr.hcl\nsub/vars.tfvars\n");
    assert_eq!(read(&d, "sub/vars.tfvars"), "c  =  3\n");
    let o = hclkit(&d, &["--check", "ok.hcl"], "");
    assert_eq!((o.status.code(), out(&o)), (Some(0), String::new()));
}

#[test]
fn diff_shows_changes_without_writing() {
    let d = scratch("diff");
    write(&d, "a.hcl", "x {\ny=1\n}\nz = 2\n");
    let o = hclkit(&d, &["--diff", "a.hcl"], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(out(&o), "--- a/a.hcl\n+++ b/a.hcl\n@@ -1,4 +1,4 @@\n x {\n-y=1\n+  y = 1\n }\n z = 2\n");
    assert_eq!(read(&d, "a.hcl"), "x {\ny=1\n}\nz = 2\n");
    let o = hclkit(&d, &["--diff", "--check", "a.hcl"], "");
    assert_eq!(o.status.code(), Some(3));
    assert!(out(&o).starts_with("--- a/a.hcl\n"));
}

#[test]
fn standard_input_to_standard_output() {
    let d = scratch("stdin");
    let o = hclkit(&d, &["-"], "a=1\nbbb=2\n");
    assert_eq!((o.status.code(), out(&o)), (Some(0), "a   = 1\nbbb = 2\n".to_string()));
    let o = hclkit(&d, &["--check", "-"], "a=1\n");
    assert_eq!((o.status.code(), out(&o)), (Some(3), String::new()));
    let o = hclkit(&d, &["--check", "-"], "a = 1\n");
    assert_eq!(o.status.code(), Some(0));
    let o = hclkit(&d, &["--no-align", "-"], "a=1\nbbb=2 # x\nc=3 # y\n");
    assert_eq!(out(&o), "a = 1\nbbb = 2 # x\nc = 3 # y\n");
    let o = hclkit(&d, &["-", "a.hcl"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn terraform_normalisations_and_refusal() {
    let d = scratch("terraform");
    write(&d, "vars.tf", "variable v {\ntype = \"string\"\ndefault = \"${local.a}\"\n}\n");
    write(&d, "broken.tf", "a = \n");
    let o = hclkit(&d, &["--terraform", "."], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(out(&o), "vars.tf\n");
    assert_eq!(read(&d, "vars.tf"), "variable \"v\" {\n  type    = string\n  default = local.a\n}\n");
    assert_eq!(read(&d, "broken.tf"), "a = \n");
    // The refusal in the rustc style of `hclkit check`.
    assert!(err(&o).contains("error: Invalid expression\n --> broken.tf:1:"), "{}", err(&o));
    // Without --terraform a broken file is laid out as the reference does.
    let o = hclkit(&d, &["broken.tf"], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(read(&d, "broken.tf"), "a =\n");
}

#[test]
fn usage_and_missing_paths() {
    let d = scratch("usage");
    let o = hclkit(&d, &["--frobnicate"], "");
    assert_eq!(o.status.code(), Some(2));
    // clap names the flag it does not know.
    assert!(err(&o).contains("unexpected argument '--frobnicate'"), "{}", err(&o));
    let o = hclkit(&d, &["--help"], "");
    assert_eq!(o.status.code(), Some(0));
    assert!(out(&o).starts_with("Format files in the canonical layout.\n"), "{}", out(&o));
    assert!(out(&o).contains("\nUsage: hclkit fmt"));
    let o = hclkit(&d, &["missing.tf"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(err(&o), "hclkit fmt: missing.tf: No such file or directory\n");
    write(&d, "c.json", "{}");
    let o = hclkit(&d, &["c.json"], "");
    assert_eq!(o.status.code(), Some(0));
    assert!(err(&o).contains("c.json: skipped"));
}

#[test]
fn parallel_formatting_reports_in_order_and_matches_hclfmt() {
    let d = scratch("parallel");
    let mut names = Vec::new();
    for i in 0..300 {
        let name = format!("m{:03}/f{i}.tf", i % 7);
        write(&d, &name, &format!("r \"x\" \"y{i}\" {{\na=1\nlong_{i}={i} # c\n}}\n"));
        names.push(name);
    }
    names.sort();
    let before: Vec<Vec<u8>> = names.iter().map(|n| std::fs::read(d.join(n)).unwrap()).collect();
    let o = hclkit(&d, &[], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(out(&o), names.iter().map(|n| format!("{n}\n")).collect::<String>());
    for (n, src) in names.iter().zip(before) {
        let reference = Command::new(env!("CARGO_BIN_EXE_hclfmt"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                c.stdin.take().unwrap().write_all(&src)?;
                c.wait_with_output()
            })
            .unwrap();
        assert_eq!(std::fs::read(d.join(n)).unwrap(), reference.stdout, "{n}");
    }
}
