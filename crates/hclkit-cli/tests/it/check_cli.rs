//! `hclkit check`, run as a user would: files, directories, standard input, read errors,
//! the rustc-style text and its summary, folded cascades, `--diags=json`, `--spec`, colour.
//!
//! `tests/data/check/broken.want.txt` and `broken.want.json` were recorded from the reference
//! (hcl v2.14.1): `hcldec --spec S broken.hcl` with a spec that reads nothing (`literal`), so
//! that only the parse diagnostics are printed, with and without `--diags=json`; the first
//! diagnostic of `broken.json` (summary, start byte) likewise. The files
//! in `tests/data/check/realworld` are copies of files of the shared real-world corpus (their paths
//! there, `/` replaced by `__`), all accepted by the reference.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/check")
}

fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .args(args)
        .current_dir(dir)
        .env_remove("COLUMNS")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hclkit");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn hclkit(args: &[&str]) -> Output {
    run_in(&fixtures(), args, "")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check_cli").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, rel: &str, text: &str) {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

#[test]
fn clean_file_prints_the_summary_and_exits_zero() {
    let o = hclkit(&["check", "ok.hcl"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "checked 1 file: no problems\n");
}

#[test]
fn broken_file_in_the_rustc_style_with_the_cascade_folded() {
    let o = hclkit(&["check", "broken.hcl"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    // Not a terminal: no colour codes.
    assert!(!out.contains('\x1b'));
    assert!(
        out.starts_with(
            "error: Invalid multi-line string\n --> broken.hcl:5:21\n  |\n5 | name = \"unterminated\n  |                     ^\n  |\n  \
             = note: Quoted strings may not be split over multiple lines."
        ),
        "{out}"
    );
    assert!(out.contains("  = note: ... and 1 more like this (line 6)\n"), "{out}");
    assert_eq!(out.matches("Invalid multi-line string").count(), 1, "{out}");
    assert!(out.contains("error: Invalid expression\n --> broken.hcl:2:16\n"), "{out}");
    assert!(out.ends_with("\nchecked 1 file: 3 errors, 0 warnings\n"), "{out}");
    // --all shows every diagnostic of the cascade.
    let o = hclkit(&["check", "--all", "broken.hcl"]);
    assert_eq!(stdout(&o).matches("error: Invalid multi-line string").count(), 2);
}

#[test]
fn one_unterminated_string_is_one_error_on_screen() {
    let d = scratch("cascade");
    let mut src = String::from("a = \"abc\n");
    for i in 0..10 {
        src.push_str(&format!("b{i} = {i}\n"));
    }
    write(&d, "u.hcl", &src);
    let o = run_in(&d, &["check", "u.hcl"], "");
    let out = stdout(&o);
    assert_eq!(out.matches("error: Invalid multi-line string").count(), 1, "{out}");
    assert!(out.contains("... and 10 more like this (lines 2-11)"), "{out}");
    // The JSON form keeps them all, as the reference reports them.
    let o = run_in(&d, &["check", "--diags=json", "u.hcl"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let n = v["diagnostics"].as_array().unwrap().iter().filter(|d| d["summary"] == "Invalid multi-line string").count();
    assert_eq!(n, 11);
}

#[test]
fn broken_file_prints_the_references_json() {
    let o = hclkit(&["check", "--diags=json", "broken.hcl"]);
    assert_eq!(o.status.code(), Some(1));
    let got: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let want: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixtures().join("broken.want.json")).unwrap()).unwrap();
    assert_eq!(got, want);
    // The summary goes to standard error, keeping standard output one JSON document.
    assert_eq!(stderr(&o), "checked 1 file: 3 errors, 0 warnings\n");
}

#[test]
fn the_library_keeps_the_references_text_layout() {
    // `hclkit check` draws the rustc style; the reference's layout (hcldec's) stays in the
    // library, byte for byte.
    let src = std::fs::read(fixtures().join("broken.hcl")).unwrap();
    let mut files = hclkit::Files::new();
    let (_, diags) = files.parse(src, "broken.hcl");
    let want = std::fs::read_to_string(fixtures().join("broken.want.txt")).unwrap();
    assert_eq!(diags.to_text(&files, 80, false), want);
}

#[test]
fn json_output_collects_all_files_and_is_valid_when_empty() {
    let o = hclkit(&["check", "--diags=json", "ok.hcl"]);
    assert_eq!(o.status.code(), Some(0));
    let got: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(got, serde_json::json!({"diagnostics": []}));

    let o = hclkit(&["check", "ok.hcl", "broken.hcl", "missing.hcl", "--diags=json"]);
    assert_eq!(o.status.code(), Some(1));
    let got: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let diags = got["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 4);
    assert_eq!(diags[3]["summary"], "Failed to read file");
    assert_eq!(diags[3]["detail"], "The file \"missing.hcl\" could not be read: No such file or directory.");
}

#[test]
fn read_errors_give_the_os_reason() {
    let o = hclkit(&["check", "missing.hcl"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "error: Failed to read file\n |\n = note: The file \"missing.hcl\" could not be read: No such file or directory.\n\n\
         checked 1 file: 1 error, 0 warnings\n"
    );
}

#[test]
fn directories_are_searched_recursively_in_order() {
    let d = scratch("tree");
    write(&d, "main.tf", "a = 1\n");
    write(&d, "mod/b.hcl", "b = \n");
    write(&d, "mod/c.tf.json", "{\"c\" 1}");
    write(&d, "mod/z.pkr.hcl", "source \"x\" \"y\" {}\n");
    write(&d, "mod/package.json", "not json at all");
    write(&d, "mod/notes.txt", "a = ");
    write(&d, ".hidden/h.hcl", "h = ");
    let o = run_in(&d, &["check", "."], "");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let b = out.find("--> mod/b.hcl:1:5").expect(&out);
    let c = out.find("--> mod/c.tf.json:1:").expect(&out);
    assert!(b < c, "{out}");
    assert!(!out.contains("package.json") && !out.contains("notes.txt") && !out.contains("h.hcl"), "{out}");
    // b.hcl: one error; c.tf.json: two (the missing colon, and then no object).
    assert!(out.ends_with("checked 4 files: 3 errors, 0 warnings\n"), "{out}");
    // Without a path: the current directory. A file named explicitly is checked whatever
    // its name, as JSON when it ends in .json.
    assert_eq!(stdout(&run_in(&d, &["check"], "")), out);
    let o = run_in(&d, &["check", "mod/notes.txt", "mod/package.json"], "");
    assert!(stdout(&o).contains("--> mod/notes.txt:1:5"), "{}", stdout(&o));
    assert!(stdout(&o).contains("--> mod/package.json:1:1"), "{}", stdout(&o));
}

/// Directories are walked as ripgrep walks them: what .gitignore and .ignore files ignore and
/// hidden entries are skipped, unless named explicitly or with --no-ignore.
#[test]
fn walks_honour_ignore_files_and_skip_hidden_entries() {
    let d = scratch("ignored");
    write(&d, ".gitignore", "target/\n*.generated.tf\n");
    write(&d, "sub/.ignore", "vendor\n");
    write(&d, "main.tf", "a = 1\n");
    write(&d, "x.generated.tf", "b = \n");
    write(&d, "target/debug/t.hcl", "c = \n");
    write(&d, "sub/ok.hcl", "d = 1\n");
    write(&d, "sub/vendor/v.hcl", "e = \n");
    write(&d, ".terraform/modules/m.tf", "f = \n");
    let o = run_in(&d, &["check"], "");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "checked 2 files: no problems\n".to_owned()));
    let o = run_in(&d, &["check", "--no-ignore", "."], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).ends_with("checked 6 files: 4 errors, 0 warnings\n"), "{}", stdout(&o));
    // A directory named explicitly is walked, hidden or ignored.
    let o = run_in(&d, &["check", ".terraform", "target"], "");
    assert!(stdout(&o).ends_with("checked 2 files: 2 errors, 0 warnings\n"), "{}", stdout(&o));
}

/// A file that is not text gets one diagnostic instead of one per stray byte.
#[test]
fn a_binary_file_is_one_error() {
    let d = scratch("binary");
    let mut elf = b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\n".to_vec();
    elf.extend((0..2000u32).map(|i| (i * 7 % 251) as u8));
    std::fs::write(d.join("a.out"), &elf).unwrap();
    let o = run_in(&d, &["check", "a.out"], "");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.starts_with("error: Not a text file\n --> a.out:1:8\n"), "{out}");
    assert!(out.ends_with("checked 1 file: 1 error, 0 warnings\n"), "{out}");
    assert!(out.lines().count() < 10, "{out}");
}

#[test]
fn many_files_in_parallel_report_in_argument_order() {
    let d = scratch("parallel");
    let mut names = Vec::new();
    for i in 0..120 {
        let name = format!("f{i:03}.hcl");
        write(&d, &name, if i % 3 == 0 { "x = \n" } else { "x = 1\n" });
        names.push(name);
    }
    // Reversed on the command line: the report follows the arguments.
    names.reverse();
    let mut args = vec!["check"];
    args.extend(names.iter().map(String::as_str));
    let o = run_in(&d, &args, "");
    let out = stdout(&o);
    let reported: Vec<&str> =
        out.lines().filter_map(|l| l.strip_prefix(" --> ")).map(|l| l.split(':').next().unwrap()).collect();
    let want: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(_, n)| n[1..4].parse::<usize>().unwrap() % 3 == 0)
        .map(|(_, n)| n.as_str())
        .collect();
    assert_eq!(reported, want);
    assert!(out.ends_with("checked 120 files: 40 errors, 0 warnings\n"), "{out}");
}

#[test]
fn standard_input() {
    let o = run_in(&fixtures(), &["check", "-"], "a = 1\nb = \n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains(" --> <stdin>:2:5\n"), "{}", stdout(&o));
}

#[test]
fn json_syntax_files_are_checked_as_json() {
    let o = hclkit(&["check", "config.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = hclkit(&["check", "--diags=json", "broken.json"]);
    assert_eq!(o.status.code(), Some(1));
    let d: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(d["diagnostics"][0]["summary"], "Missing property value colon", "{d}");
    assert_eq!(d["diagnostics"][0]["subject"]["start"]["byte"], 13, "{d}");
}

#[test]
fn spec_decoding_reports_unknown_missing_and_mistyped_attributes() {
    let d = scratch("spec");
    write(
        &d,
        "spec.hcldec",
        "object {\n  attr \"name\" {\n    type = string\n    required = true\n  }\n  attr \"port\" {\n    type = number\n  }\n}\n",
    );
    write(&d, "good.hcl", "name = \"web\"\nport = 80\n");
    write(&d, "typo.hcl", "name = \"web\"\nprot = 80\n");
    write(&d, "missing.hcl", "port = 80\n");
    write(&d, "mistyped.hcl", "name = \"web\"\nport = \"eighty\"\n");
    write(&d, "nofn.hcl", "name = nosuchfn(1)\n");
    write(&d, "stdlib.hcl", "name = upper(\"web\")\n");
    let o = run_in(&d, &["check", "--spec", "spec.hcldec", "good.hcl", "stdlib.hcl"], "");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "checked 2 files: no problems\n".to_string()));
    let o = run_in(&d, &["check", "--spec", "spec.hcldec", "typo.hcl", "missing.hcl", "mistyped.hcl", "nofn.hcl"], "");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("error: Unsupported argument\n --> typo.hcl:2:1\n"), "{out}");
    assert!(out.contains("Did you mean \"port\"?"), "{out}");
    assert!(out.contains("error: Missing required argument"), "{out}");
    assert!(out.contains("error: Incorrect attribute value type\n --> mistyped.hcl:2:8\n"), "{out}");
    assert!(out.contains("error: Call to unknown function\n --> nofn.hcl:1:8\n"), "{out}");
    // Without the spec these files parse cleanly.
    let o = run_in(&d, &["check", "typo.hcl", "missing.hcl", "mistyped.hcl", "nofn.hcl"], "");
    assert_eq!(o.status.code(), Some(0));
    // An unusable spec is a usage error (2), and says why.
    write(&d, "bad.hcldec", "object {\n  attr {\n");
    let o = run_in(&d, &["check", "--spec", "bad.hcldec", "good.hcl"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the spec file bad.hcldec cannot be used"), "{}", stderr(&o));
    let o = run_in(&d, &["check", "--spec", "nope.hcldec", "good.hcl"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("No such file or directory"), "{}", stdout(&o));
}

#[test]
fn spec_decoding_with_variables() {
    let d = scratch("spec-vars");
    write(&d, "spec.hcldec", "object {\n  attr \"name\" {\n    type = string\n  }\n}\n");
    write(&d, "c.hcl", "name = \"${var.env}-web\"\n");
    write(&d, "v.tfvars", "var = { env = \"prod\" }\n");
    write(&d, "v.json", "{\"var\": {\"env\": \"dev\"}}");
    // Without them the variable is unknown.
    let o = run_in(&d, &["check", "--spec", "spec.hcldec", "c.hcl"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("error: Unknown variable\n --> c.hcl:1:11\n"), "{}", stdout(&o));
    // As hcldec reads --vars: a native file, a .json file, JSON text; repeated, later winning.
    for vars in [
        &["--vars", "v.tfvars"][..],
        &["--vars", "v.json"],
        &["--vars", r#"{"var": {"env": "x"}}"#],
        &["--vars", "v.json", "--vars", "v.tfvars"],
    ] {
        let mut args = vec!["check", "--spec", "spec.hcldec"];
        args.extend_from_slice(vars);
        args.push("c.hcl");
        let o = run_in(&d, &args, "");
        assert_eq!((o.status.code(), stdout(&o)), (Some(0), "checked 1 file: no problems\n".to_string()), "{vars:?}");
    }
    // A variable of the wrong type is the decode's error.
    let o = run_in(&d, &["check", "--spec", "spec.hcldec", "--vars", r#"{"var": {"env": [1]}}"#, "c.hcl"], "");
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    // Unusable --vars: a usage error (2), saying why; --vars needs --spec.
    let o = run_in(&d, &["check", "--spec", "spec.hcldec", "--vars", "nosuch.json", "c.hcl"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("\"nosuch.json\" could not be opened"), "{}", stdout(&o));
    let o = run_in(&d, &["check", "--spec", "spec.hcldec", "--vars", "{\"a\": ", "c.hcl"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("<vars argument 0>"), "{}", stdout(&o));
    let o = run_in(&d, &["check", "--vars", "v.json", "c.hcl"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--spec"), "{}", stderr(&o));
}

#[test]
fn colour_on_request_and_no_color() {
    let plain = stdout(&hclkit(&["check", "broken.hcl"]));
    let o = hclkit(&["--color=always", "check", "broken.hcl"]);
    assert!(stdout(&o).contains("\x1b["), "{}", stdout(&o));
    let o = hclkit(&["check", "--color", "never", "broken.hcl"]);
    assert_eq!(stdout(&o), plain);
    // NO_COLOR turns `auto` off (here standard output is a pipe anyway) but not `always`.
    let o = Command::new(env!("CARGO_BIN_EXE_hclkit"))
        .args(["--color=always", "check", "broken.hcl"])
        .env("NO_COLOR", "1")
        .current_dir(fixtures())
        .output()
        .unwrap();
    assert!(stdout(&o).contains("\x1b["));
}

#[test]
fn usage_errors_exit_two_and_name_the_flag() {
    for (args, names) in [
        (&["check", "--diags=xml", "ok.hcl"][..], "xml"),
        (&["check", "-q", "ok.hcl"], "-q"),
        (&["check", "--spec"], "--spec"),
        (&["--color=sometimes", "check"], "sometimes"),
    ] {
        let o = hclkit(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("error: ") && err.contains(names) && err.contains("--help"), "{args:?}: {err}");
    }
    let o = hclkit(&["check", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("Parse files and report their diagnostics"), "{}", stdout(&o));
    assert!(stdout(&o).contains("\nUsage: hclkit check"));
    assert!(stdout(&o).contains("--spec <SPEC>"));
}

#[test]
fn realworld_files_check_clean() {
    let dir = fixtures().join("realworld");
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path().to_string_lossy().into_owned()).collect();
    files.sort();
    assert!(files.len() >= 8);
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let o = hclkit(&args);
    assert_eq!(stdout(&o), format!("checked {} files: no problems\n", files.len()));
    assert_eq!(o.status.code(), Some(0));
}
