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
    // With --force a broken file is laid out as the reference (hclfmt) does.
    let o = hclkit(&d, &["--force", "broken.tf"], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(read(&d, "broken.tf"), "a =\n");
}

/// A file that does not parse is reported, left byte for byte, and fails the run, in every
/// layout and with --check; a file that is not text gets one diagnostic, even with --force.
#[test]
fn files_that_do_not_parse_are_left_alone() {
    let d = scratch("unparsable");
    write(&d, "open.hcl", "a = \"unterminated\nb   = 2\n");
    write(&d, "good.hcl", "c=3\n");
    let mut elf = b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00a=1 {[\n".to_vec();
    elf.extend((0..2000u32).map(|i| (i * 7 % 251) as u8));
    std::fs::write(d.join("elf.tf"), &elf).unwrap();
    for args in [&["."][..], &["--check", "."], &["--layout=hcl", "."], &["--diff", "."]] {
        let o = hclkit(&d, args, "");
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", err(&o));
        assert_eq!(read(&d, "open.hcl"), "a = \"unterminated\nb   = 2\n", "{args:?}");
        assert_eq!(std::fs::read(d.join("elf.tf")).unwrap(), elf, "{args:?}");
        // Neither is called "not formatted"; the good file is (or was) formatted.
        assert!(!out(&o).contains("open.hcl") && !out(&o).contains("elf.tf"), "{args:?}: {}", out(&o));
        let e = err(&o);
        assert!(e.contains("error: Unterminated template string\n --> open.hcl:1:"), "{args:?}: {e}");
        // Two for the string, one for the binary file.
        assert_eq!(e.matches("error:").count(), 3, "{args:?}: {e}");
        assert!(e.contains("error: Not a text file\n --> elf.tf:1:"), "{args:?}: {e}");
    }
    assert_eq!(read(&d, "good.hcl"), "c = 3\n");
    // --force formats what has syntax errors (hclfmt's behaviour), never what is not text.
    write(&d, "broken.hcl", "a = \nb=2\n");
    let o = hclkit(&d, &["--force", "."], "");
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(out(&o), "broken.hcl\n");
    assert_eq!(read(&d, "broken.hcl"), "a =\nb = 2\n");
    assert_eq!(std::fs::read(d.join("elf.tf")).unwrap(), elf);
    // Standard input too.
    let o = hclkit(&d, &["-"], "a = [\n");
    assert_eq!((o.status.code(), out(&o)), (Some(1), String::new()));
    assert!(err(&o).contains("<stdin>"), "{}", err(&o));
}

/// Writing replaces the file in one rename: its permissions stay, a symbolic link stays a link
/// to the file it named, and no temporary file is left behind.
#[cfg(unix)]
#[test]
fn writes_are_atomic_and_keep_the_file() {
    use std::os::unix::fs::PermissionsExt;
    let d = scratch("atomic");
    write(&d, "real/a.hcl", "a=1\n");
    std::fs::set_permissions(d.join("real/a.hcl"), std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real/a.hcl", d.join("link.hcl")).unwrap();
    let o = hclkit(&d, &["link.hcl"], "");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(read(&d, "real/a.hcl"), "a = 1\n");
    assert!(std::fs::symlink_metadata(d.join("link.hcl")).unwrap().file_type().is_symlink());
    let mode = std::fs::metadata(d.join("real/a.hcl")).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    let left: Vec<_> = std::fs::read_dir(d.join("real")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["a.hcl"]);
}

/// Terraform's files get terraform fmt's bytes without a flag, other files hclfmt's layout;
/// --layout picks one for all.
#[test]
fn layout_follows_the_file_name() {
    let d = scratch("layout");
    let src = "variable v {\ntype = \"string\"\n}\n";
    let tf = "variable \"v\" {\n  type = string\n}\n";
    let hcl = "variable v {\n  type = \"string\"\n}\n";
    let names = ["a.tf", "a.tfvars", "a.tftest.hcl", "a.tfmock.hcl", "a.hcl", "a.nomad"];
    for (args, want) in [
        (&[][..], [tf, tf, tf, tf, hcl, hcl]),
        (&["--layout=hcl"], [hcl; 6]),
        (&["--layout=terraform"], [tf; 6]),
        (&["--terraform"], [tf; 6]),
    ] {
        for n in names {
            write(&d, n, src);
        }
        let o = hclkit(&d, args, "");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", err(&o));
        for (n, w) in names.iter().zip(want) {
            assert_eq!(read(&d, n), w, "{args:?} {n}");
        }
    }
    let o = hclkit(&d, &["--terraform", "--layout=hcl"], "");
    assert_eq!(o.status.code(), Some(2));
}

/// On standard input the layout is Terraform's, as `terraform fmt -` gives it: a final
/// newline added, one for an empty input; `--layout=hcl` gives hclfmt's bytes.
#[test]
fn standard_input_is_terraform_by_default() {
    let d = scratch("stdin-layout");
    for (input, want) in [("a=1", "a = 1\n"), ("", "\n"), ("b  =  \"${x}\"\n", "b = x\n")] {
        let o = hclkit(&d, &["-"], input);
        assert_eq!((o.status.code(), out(&o)), (Some(0), want.to_owned()), "{input:?}");
    }
    let o = hclkit(&d, &["--layout=hcl", "-"], "a=1");
    assert_eq!(out(&o), "a = 1");
    // A file keeps what ends it, as terraform fmt FILE does.
    write(&d, "x.tf", "a=1");
    let o = hclkit(&d, &["x.tf"], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(read(&d, "x.tf"), "a = 1");
}

/// `hclkit fmt` never joins tokens into different ones; hclfmt, the drop-in, does as the
/// reference does.
#[test]
fn formatting_keeps_what_the_file_means() {
    let d = scratch("meaning");
    let src = "a = max((c ? [1] : [2. 3])...)\n";
    write(&d, "a.hcl", src);
    let o = hclkit(&d, &["a.hcl"], "");
    assert_eq!((o.status.code(), out(&o)), (Some(0), String::new()), "{}", err(&o));
    assert_eq!(read(&d, "a.hcl"), src);
    let mut c =
        Command::new(env!("CARGO_BIN_EXE_hclfmt")).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    c.stdin.take().unwrap().write_all(src.as_bytes()).unwrap();
    let o = c.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "a = max((c ? [1] : [2.3])...)\n");
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
    assert_eq!(
        err(&o),
        "error: Failed to read file\n |\n = note: The file \"missing.tf\" could not be read: No such file or directory.\n"
    );
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

/// `hclkit fmt -` gives `terraform fmt -`'s bytes, and `hclkit fmt NAME.tf` leaves the file as
/// `terraform fmt NAME.tf` does: outputs recorded from Terraform (its version in
/// `RECORDED_WITH`) by `oracle/terraform-fmt/record.sh`.
#[test]
fn terraform_fmt_recorded() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/terraform-fmt");
    let recorded = std::fs::read_to_string(data.join("RECORDED_WITH")).unwrap();
    assert!(recorded.starts_with("Terraform v"), "{recorded}");
    let mut inputs: Vec<_> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 9, "{inputs:?}");
    let d = scratch("terraform-recorded");
    for input in &inputs {
        let src = std::fs::read(input).unwrap();
        let name = input.file_stem().unwrap().to_str().unwrap();
        let want_stdin = std::fs::read(data.join(format!("{name}.stdin.want"))).unwrap();
        let want_file = std::fs::read(data.join(format!("{name}.file.want"))).unwrap();
        let o = hclkit(&d, &["-"], std::str::from_utf8(&src).unwrap());
        assert_eq!(o.status.code(), Some(0), "{name}: {}", err(&o));
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&want_stdin),
            "{name} on standard input"
        );
        std::fs::write(d.join("case.tf"), &src).unwrap();
        let o = hclkit(&d, &["case.tf"], "");
        assert_eq!(o.status.code(), Some(0), "{name}: {}", err(&o));
        assert_eq!(std::fs::read(d.join("case.tf")).unwrap(), want_file, "{name} as a file");
    }
}

/// `hclkit fmt` walks as ripgrep does: ignored and hidden entries stay as they are unless
/// --no-ignore; `hclkit convert -O` walks the same way.
#[test]
fn walks_honour_ignore_files() {
    let d = scratch("ignore");
    write(&d, ".gitignore", "target/\n");
    write(&d, "a.hcl", "a=1\n");
    write(&d, "target/t.hcl", "t=1\n");
    write(&d, ".terraform/m.tf", "m=1\n");
    let o = hclkit(&d, &[], "");
    assert_eq!((o.status.code(), out(&o)), (Some(0), "a.hcl\n".to_owned()), "{}", err(&o));
    assert_eq!((read(&d, "target/t.hcl"), read(&d, ".terraform/m.tf")), ("t=1\n".into(), "m=1\n".into()));
    let o = hclkit(&d, &["--no-ignore"], "");
    assert_eq!((o.status.code(), out(&o)), (Some(0), ".terraform/m.tf\ntarget/t.hcl\n".to_owned()), "{}", err(&o));
    let o = Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .args(["convert", "-O", "out", "."])
        .current_dir(&d)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(d.join("out/a.hcl.json").is_file() && !d.join("out/target").exists());
}

/// A path that cannot be read is reported the same way by check, fmt and convert: one
/// diagnostic with the operating system's reason; a directory is called a directory and not
/// counted as a file; every command goes on with the other inputs and exits 1.
#[cfg(unix)]
#[test]
fn unreadable_paths_one_report_everywhere() {
    use std::os::unix::fs::PermissionsExt;
    let d = scratch("unreadable");
    write(&d, "in/a.hcl", "a=1\n");
    write(&d, "in/locked/b.hcl", "b=1\n");
    std::fs::set_permissions(d.join("in/locked"), std::fs::Permissions::from_mode(0o000)).unwrap();
    // As root every directory can be read: the directory case is then not observable.
    let locked = std::fs::read_dir(d.join("in/locked")).is_err();
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_hclkit")).args(args).current_dir(&d).output().unwrap();
    let text = |o: &Output| format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    let missing = "error: Failed to read file\n |\n = note: The file \"missing.hcl\" could not be read: No such file or directory.\n";
    for args in [
        &["check", "missing.hcl", "in"][..],
        &["fmt", "missing.hcl", "in"],
        &["convert", "-O", "out", "missing.hcl", "in"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(missing), "{args:?}: {}", text(&o));
        if locked {
            assert!(
                text(&o).contains("error: Failed to read directory\n |\n = note: The directory \"in/locked\" could not be read: Permission denied.\n"),
                "{args:?}: {}",
                text(&o)
            );
        }
    }
    let o = run(&["check", "missing.hcl", "in"]);
    let want =
        if locked { "checked 2 files: 2 errors, 0 warnings\n" } else { "checked 3 files: 1 error, 0 warnings\n" };
    assert!(text(&o).ends_with(want), "{}", text(&o));
    // convert -O went on with the readable files.
    assert!(d.join("out/a.hcl.json").is_file());
    std::fs::set_permissions(d.join("in/locked"), std::fs::Permissions::from_mode(0o755)).unwrap();
}
