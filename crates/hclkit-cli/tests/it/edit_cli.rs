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

/// A tree for `-r`: two files to edit (one nested), one already right, one that does not
/// parse, one hidden, one ignored, one not HCL.
fn tree(name: &str) -> std::path::PathBuf {
    fresh_dir(
        name,
        &[
            ("main.tf", "# keep\na   = 1 # one\nbbb = 2\n"),
            ("mod/sub/vars.tf", "a = 1\n\nlocals {\n  x = 1\n}\n"),
            ("mod/done.tf", "a = 2\n"),
            ("mod/broken.tf", "a = 1\nb = [\n"),
            (".hidden/h.tf", "a = 1\n"),
            ("ignored/i.tf", "a = 1\n"),
            ("notes.txt", "a = 1\n"),
            (".ignore", "ignored/\n"),
        ],
    )
}

/// A new directory under the target's temporary one holding these files.
fn fresh_dir(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    for (f, text) in files {
        let path = d.join(f);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    d
}

fn args(words: &[&str], dir: &Path) -> Vec<String> {
    words.iter().map(|s| s.to_string()).chain(["-f".to_owned(), dir.to_string_lossy().into_owned()]).collect()
}

#[test]
fn recursive_edits_every_matching_file_in_place() {
    let d = tree("edit_cli_tree_update");
    let out = edit(&args(&["attribute", "set", "a", "2", "-u", "-r"], &d), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The broken file fails the run, and is reported.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("broken.tf: does not parse"), "{stderr}");
    assert!(stderr.contains(&format!("hclkit edit: 4 files under {}: 2 changed, 1 failed", d.display())), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let read = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    // Only the edited line (and its group) changes; comments stay.
    assert_eq!(read("main.tf"), "# keep\na   = 2 # one\nbbb = 2\n");
    assert_eq!(read("mod/sub/vars.tf"), "a = 2\n\nlocals {\n  x = 1\n}\n");
    assert_eq!(read("mod/done.tf"), "a = 2\n");
    // Left byte for byte: the broken file, hidden and ignored files, files that are not HCL.
    assert_eq!(read("mod/broken.tf"), "a = 1\nb = [\n");
    assert_eq!(read(".hidden/h.tf"), "a = 1\n");
    assert_eq!(read("ignored/i.tf"), "a = 1\n");
    assert_eq!(read("notes.txt"), "a = 1\n");
}

#[test]
fn a_directory_without_u_writes_nothing_and_lists_what_would_change() {
    let d = tree("edit_cli_tree_dry");
    std::fs::remove_file(d.join("mod/broken.tf")).unwrap();
    // A directory given to -f is walked without -r too.
    let out = edit(&args(&["attribute", "set", "a", "2"], &d), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let want = format!("{}\n{}\n", d.join("main.tf").display(), d.join("mod/sub/vars.tf").display());
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
    assert!(stderr.contains("3 files under") && stderr.contains("2 would change, 0 failed"), "{stderr}");
    assert_eq!(std::fs::read_to_string(d.join("main.tf")).unwrap(), "# keep\na   = 1 # one\nbbb = 2\n");
}

#[test]
fn a_query_over_a_directory_prints_file_and_line() {
    let d = tree("edit_cli_tree_get");
    std::fs::remove_file(d.join("mod/broken.tf")).unwrap();
    let out = edit(&args(&["attribute", "get", "a", "-r"], &d), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let want = format!(
        "{}: 1\n{}: 2\n{}: 1\n",
        d.join("main.tf").display(),
        d.join("mod/done.tf").display(),
        d.join("mod/sub/vars.tf").display()
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
}

#[test]
fn recursive_usage_errors() {
    let out = edit(&["attribute".into(), "set".into(), "a".into(), "2".into(), "-r".into()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("-r needs -f DIR"));
    let d = tree("edit_cli_tree_usage");
    let out = edit(&args(&["attribute", "set", "a", "-r"], &d), "");
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(d.join("main.tf")).unwrap(), "# keep\na   = 1 # one\nbbb = 2\n");
}

#[test]
fn json_syntax_files_by_address() {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("edit_cli_json");
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("main.tf.json");
    let src = "{\n  \"resource\": {\n    \"aws_instance\": {\n      \"web\": {\n        \"ami\": \"ami-1\",\n        \"count\": 1\n      }\n    }\n  }\n}\n";
    std::fs::write(&f, src).unwrap();
    let file = f.to_string_lossy().into_owned();
    let run = |w: &[&str]| {
        let mut a: Vec<String> = w.iter().map(|s| s.to_string()).collect();
        a.extend(["-f".to_owned(), file.clone()]);
        edit(&a, "")
    };
    let out = run(&["attribute", "get", "resource.aws_instance.web.ami"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "\"ami-1\"\n");
    let out = run(&["attribute", "set", "resource.aws_instance.web.count", "var.n", "-u"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run(&["attribute", "append", "resource.aws_instance.web.tags", "{ Name = \"web\" }", "-u"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run(&["attribute", "rm", "resource.aws_instance.web.ami", "-u"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        "{\n  \"resource\": {\n    \"aws_instance\": {\n      \"web\": {\n        \"count\": \"${var.n}\",\n        \"tags\": {\n          \"Name\": \"web\"\n        }\n      }\n    }\n  }\n}\n"
    );
    // Appending what exists, and verbs of blocks, are refused.
    assert_eq!(run(&["attribute", "append", "resource.aws_instance.web.count", "1"]).status.code(), Some(1));
    assert_eq!(run(&["block", "list"]).status.code(), Some(2));
}

#[test]
fn a_bad_address_is_a_diagnostic_about_the_address() {
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let out = edit(&words(&["attribute", "get", "x#true#part[0]"]), "x = a ? \"${b}!\" : c\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "b\n");
    let out = edit(&words(&["attribute", "set", "x#truth", "1"]), "x = a ? b : c\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "Error: Invalid address\n\n  on <address> line 1:\n   1: x#truth\n\nx#truth is not an address: at column \
         3: expected a part name after `#` (condition, true, false, left, right, operand, inner, root, \
         traversal[N], part[N], collection, key or value), found `truth`.\n"
    );
}

#[test]
fn before_and_after_place_a_new_key_or_attribute() {
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let src = "locals {\n  tags = {\n    # the name\n    Name = \"web\"\n  }\n  b = 2\n}\n";
    let out = edit(&words(&["attribute", "set", "locals.tags[\"Team\"]", "\"core\"", "--before", "Name"]), src);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "locals {\n  tags = {\n    Team = \"core\"\n    # the name\n    Name = \"web\"\n  }\n  b = 2\n}\n"
    );
    // A key that is there is set where it is.
    let out = edit(&words(&["attribute", "set", "locals.tags[\"Name\"]", "\"api\"", "--after", "Team"]), src);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "locals {\n  tags = {\n    # the name\n    Name = \"api\"\n  }\n  b = 2\n}\n"
    );
    let out = edit(&words(&["attribute", "append", "locals.a", "1", "--before", "b"]), src);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "locals {\n  tags = {\n    # the name\n    Name = \"web\"\n  }\n  a = 1\n  b = 2\n}\n"
    );
    let out = edit(&words(&["attribute", "append", "locals.a", "1", "--before", "b", "--after", "b"]), src);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn directory_walks_take_json_syntax_files_for_the_attribute_verbs() {
    let d = fresh_dir(
        "edit_cli_tree_json",
        &[
            ("main.tf.json", "{\n  \"a\": 1,\n  \"b\": [1, 2]\n}\n"),
            ("m/vars.tfvars.json", "{\"a\": 1}"),
            ("m/broken.tf.json", "{\"a\": "),
            ("package.json", "{\"a\": 1}\n"),
            ("x.tf", "a = 1\nblk {}\n"),
        ],
    );
    let read = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    let out = edit(&args(&["attribute", "get", "a", "-r"], &d), "");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("{}: 1", d.join("main.tf.json").display())), "{stdout}");
    assert!(stdout.contains(&format!("{}: 1", d.join("m/vars.tfvars.json").display())), "{stdout}");
    assert!(!stdout.contains("package.json"), "{stdout}");
    let out = edit(&args(&["attribute", "set", "a", "2", "-u", "-r"], &d), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("broken.tf.json: does not parse"), "{stderr}");
    assert!(stderr.contains("4 files under") && stderr.contains("3 changed, 1 failed"), "{stderr}");
    // The JSON files keep their layout but for the value; other JSON files are not touched.
    assert_eq!(read("main.tf.json"), "{\n  \"a\": 2,\n  \"b\": [1, 2]\n}\n");
    assert_eq!(read("m/vars.tfvars.json"), "{\"a\": 2}");
    assert_eq!(read("m/broken.tf.json"), "{\"a\": ");
    assert_eq!(read("package.json"), "{\"a\": 1}\n");
    assert_eq!(read("x.tf"), "a = 2\nblk {}\n");
    // The block verbs walk the native-syntax files only.
    let out = edit(&args(&["block", "rm", "blk", "-u", "-r"], &d), "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("1 file under") && stderr.contains("1 changed, 0 failed"), "{stderr}");
    assert_eq!(read("x.tf"), "a = 2\n");
}
