//! `hclkit convert`, run as a binary.
//!
//! The cases of `tests/data/convert/` carry `want.json`, recorded from the REFERENCE
//! hcldec by `oracle/convert/record.sh` (the reference's decoding of `input.hcl`);
//! our conversions of `input.hcl` (to JSON, and that JSON back to native with the case's
//! spec) must decode (with our hcldec) to exactly that. The live check against the reference
//! itself, over all conformance cases, is `oracle/convert/faithful.py` in `scripts/conformance`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn hclkit() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hclkit"))
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/convert")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hclkit-convert-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn with_stdin(mut cmd: Command, input: &[u8]) -> Output {
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn hcldec(case: &Path, input: &Path) -> String {
    let vars = case.join("vars.json");
    let vars =
        if vars.exists() { vars.to_string_lossy().into_owned() } else { r#"{"hclkit_convert_check": true}"#.into() };
    let out = Command::new(env!("CARGO_BIN_EXE_hcldec"))
        .arg("--spec")
        .arg(case.join("spec.hcldec"))
        .args(["--with-type", "--vars", &vars])
        .arg(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "hcldec {}: {}", input.display(), text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn recorded_cases_decode_as_the_reference_decodes_the_original() {
    let mut n = 0;
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let case = entry.unwrap().path();
        if !case.is_dir() {
            continue;
        }
        n += 1;
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let expected = std::fs::read_to_string(case.join("want.json")).unwrap();
        assert_eq!(hcldec(&case, &case.join("input.hcl")), expected, "{name}: the original");
        for flag in ["--blocks=nested", "--blocks=ordered", "--blocks=array", "--simplify"] {
            let json = scratch(&format!("{name}{flag}.json"));
            let out =
                hclkit().arg("convert").arg(flag).arg(case.join("input.hcl")).arg("-o").arg(&json).output().unwrap();
            assert!(out.status.success(), "{name} {flag}: {}", text(&out.stderr));
            assert_eq!(hcldec(&case, &json), expected, "{name} {flag}: native -> JSON");
            let back = scratch(&format!("{name}{flag}.hcl"));
            let out = hclkit()
                .args(["convert", "--spec"])
                .arg(case.join("spec.hcldec"))
                .arg(&json)
                .arg("--output")
                .arg(&back)
                .output()
                .unwrap();
            assert!(out.status.success(), "{name} {flag}: {}", text(&out.stderr));
            assert_eq!(hcldec(&case, &back), expected, "{name} {flag}: JSON -> native");
        }
    }
    assert!(n >= 5, "only {n} cases found");
}

#[test]
fn standard_input_pretty_and_array_blocks() {
    let src = b"# note\nsvc \"a\" {\n  port = 80\n}\n";
    let out = with_stdin(
        {
            let mut c = hclkit();
            c.args(["convert", "--pretty", "-"]);
            c
        },
        src,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\n  \"//\": \"note\",\n  \"svc\": {\n    \"a\": {\n      \"port\": 80\n    }\n  }\n}\n"
    );
    let out = with_stdin(
        {
            let mut c = hclkit();
            c.args(["convert", "--blocks=array", "--no-comments", "-"]);
            c
        },
        src,
    );
    assert_eq!(text(&out.stdout), "{\"svc\":{\"a\":[{\"port\":80}]}}\n");
}

#[test]
fn ranges_annotate_bodies_in_the_unit_asked_for() {
    let src = "b \"\u{1F600}\" {\n  a = 1\n}\n".as_bytes();
    let run = |flag: &str| {
        let out = with_stdin(
            {
                let mut c = hclkit();
                c.args(["convert", "--no-comments", flag, "-"]);
                c
            },
            src,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    // The block's definition ends after the label's closing quote: column 6 in grapheme
    // clusters (as diagnostics count), 7 in UTF-16 units, 9 in bytes; byte 8 in all.
    for (flag, column) in [("--ranges", 6), ("--ranges=utf16", 7), ("--ranges=utf8", 9), ("--ranges=chars", 6)] {
        let out = run(flag);
        let definition = format!(
            r#""definition":{{"start":{{"line":1,"column":1,"byte":0}},"end":{{"line":1,"column":{column},"byte":8}}}}"#
        );
        assert!(out.contains(&definition), "{flag}: {out}");
        assert!(out.starts_with(r#"{"//ranges":{"range":{"start":{"line":1,"column":1,"byte":0},"end":{"line":4,"column":1,"byte":21}},"attributes":{}},"b":"#), "{out}");
        assert!(out.contains(r#""attributes":{"a":{"range":{"start":{"line":2,"column":3,"byte":13}"#), "{out}");
    }
    assert!(!run("--blocks=nested").contains("//ranges"));
}

#[test]
fn simplify_folds_constant_expressions_only() {
    let out = with_stdin(
        {
            let mut c = hclkit();
            c.args(["convert", "--simplify", "-"]);
            c
        },
        b"a = 1 + 2\nb = var.x + 1\nc = \"${true ? \"y\" : \"n\"}\"\nd = upper(\"x\")\n",
    );
    assert_eq!(text(&out.stdout), "{\"a\":3,\"b\":\"${var.x + 1}\",\"c\":\"y\",\"d\":\"${upper(\\\"x\\\")}\"}\n");
}

#[test]
fn json_to_native_with_and_without_a_spec() {
    let json = br#"{"//": "made by a tool", "svc": {"a": {"port": 80, "cmd": "${var.x}"}}}"#;
    // Without a spec every property is an attribute.
    let out = with_stdin(
        {
            let mut c = hclkit();
            c.args(["convert", "--from=json", "-"]);
            c
        },
        json,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "# made by a tool\nsvc = {\n  a = {\n    port = 80\n    cmd  = var.x\n  }\n}\n");
    // With one, `svc` is a block with a label.
    let spec = scratch("svc.hcldec");
    std::fs::write(&spec, "object {\n  block_map \"svc\" {\n    labels = [\"name\"]\n    object {\n      attr \"port\" {\n        type = number\n      }\n    }\n  }\n}\n").unwrap();
    let out = with_stdin(
        {
            let mut c = hclkit();
            c.args(["convert", "--spec"]).arg(&spec).arg("-");
            c
        },
        json,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "# made by a tool\nsvc \"a\" {\n  port = 80\n  cmd  = var.x\n}\n");
}

#[test]
fn a_native_file_given_a_spec_is_converted_by_its_name_with_a_warning() {
    let spec = scratch("warn.hcldec");
    std::fs::write(&spec, "object {\n  attr \"name\" {\n    type = string\n  }\n}\n").unwrap();
    let hcl = scratch("warn.hcl");
    std::fs::write(&hcl, "name = \"web\"\n").unwrap();
    // One file: the name says native, so it becomes JSON; the unused spec is a warning.
    let out = hclkit().args(["convert", "--spec"]).arg(&spec).arg(&hcl).output().unwrap();
    assert_eq!((out.status.code(), text(&out.stdout).as_str()), (Some(0), "{\"name\":\"web\"}\n"));
    let err = text(&out.stderr);
    assert!(err.starts_with("warning: --spec is not used\n"), "{err}");
    assert!(err.contains("warn.hcl is read as the native syntax") && err.contains("--from=json"), "{err}");
    // Into --out-dir: the same, one warning for the native files among the inputs.
    let json = scratch("warn-back.json");
    std::fs::write(&json, "{\"name\": \"api\"}").unwrap();
    let out_dir = scratch("warn-out");
    let out =
        hclkit().args(["convert", "--spec"]).arg(&spec).arg(&hcl).arg(&json).arg("-O").arg(&out_dir).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(out_dir.join("warn.hcl.json")).unwrap(), "{\"name\":\"web\"}\n");
    assert_eq!(std::fs::read_to_string(out_dir.join("warn-back.hcl")).unwrap(), "name = \"api\"\n");
    assert_eq!(text(&out.stderr).matches("warning: --spec is not used").count(), 1, "{}", text(&out.stderr));
    // --from=json still reads any name as JSON.
    let out = hclkit().args(["convert", "--from=json", "--spec"]).arg(&spec).arg(&hcl).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!text(&out.stderr).contains("--spec is not used"), "{}", text(&out.stderr));
}

#[test]
fn bad_inputs_are_diagnostics_with_ranges() {
    // A native syntax error.
    let bad = scratch("bad.hcl");
    std::fs::write(&bad, "a = \n").unwrap();
    let out = hclkit().arg("convert").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("error: Invalid expression\n --> ") && err.contains("bad.hcl:1:5"), "{err}");
    assert!(out.stdout.is_empty());

    // What JSON cannot keep apart: an attribute and a block of one name (both written, with
    // a warning).
    let clash = scratch("clash.hcl");
    std::fs::write(&clash, "a = 1\na {\n}\n").unwrap();
    let out = hclkit().arg("convert").arg(&clash).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(err.contains("warning: Attribute and block with the same name") && err.contains("clash.hcl:2:1"), "{err}");
    assert_eq!(text(&out.stdout), "{\"a\":1,\"a\":{}}\n");

    // What the native syntax cannot say, and a broken template.
    let json = scratch("bad.json");
    std::fs::write(&json, "{\n  \"not an identifier\": 1,\n  \"t\": \"${\"\n}\n").unwrap();
    let out = hclkit().arg("convert").arg(&json).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("Invalid name") && err.contains("bad.json:2:"), "{err}");
    assert!(err.contains("Invalid template") && err.contains("bad.json:3:"), "{err}");

    // A block level that is not an object.
    let spec = scratch("b.hcldec");
    std::fs::write(&spec, "object {\n  block_list \"b\" {\n    object {\n      attr \"x\" {\n        type = number\n      }\n    }\n  }\n}\n").unwrap();
    let json = scratch("notobj.json");
    std::fs::write(&json, "{\"b\": [1]}").unwrap();
    let out = hclkit().args(["convert", "--spec"]).arg(&spec).arg(&json).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("Incorrect JSON value type"), "{}", text(&out.stderr));

    // A missing file.
    let out = hclkit().args(["convert", "/nonexistent/x.hcl"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.is_empty());
}

#[test]
fn usage_errors_exit_2() {
    let out = hclkit().args(["convert"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = hclkit().args(["convert", "--blocks=weird", "x.hcl"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = hclkit().args(["convert", "--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("--spec"));
}

/// Writes `files` (relative path, content) under a fresh scratch directory.
fn tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = scratch(name);
    let _ = std::fs::remove_dir_all(&root);
    for (path, content) in files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, content).unwrap();
    }
    root
}

/// The files under `dir`, relative and sorted.
fn listing(dir: &Path) -> Vec<String> {
    fn go(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                go(base, &p, out);
            } else {
                out.push(p.strip_prefix(base).unwrap().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    go(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn directories_convert_into_out_dir_with_the_layout_kept() {
    let src = tree(
        "tree-src",
        &[
            ("main.tf", "resource \"a\" \"b\" {\n  x = 1 # one\n}\n"),
            ("vars.tfvars", "region = \"eu\"\n"),
            ("mod/inner/x.hcl", "y = [1, 2]\n"),
            ("mod/skip.txt", "not hcl"),
            ("mod/already.tf.json", "{\"z\": 1}"),
            (".hidden/h.tf", "h = 1\n"),
        ],
    );
    let out_dir = scratch("tree-out");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = hclkit().arg("convert").arg(&src).arg("-O").arg(&out_dir).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("converted 3 of 3 files"), "{}", text(&out.stderr));
    assert_eq!(listing(&out_dir), ["main.tf.json", "mod/inner/x.hcl.json", "vars.tfvars.json"]);
    // Each output is what converting the file alone writes.
    for (input, output) in [("main.tf", "main.tf.json"), ("mod/inner/x.hcl", "mod/inner/x.hcl.json")] {
        let alone = hclkit().arg("convert").arg(src.join(input)).output().unwrap();
        assert_eq!(std::fs::read(out_dir.join(output)).unwrap(), alone.stdout, "{input}");
    }

    // And back: the JSON forms, found by --from=json, lose ".json" (x.json would become x.hcl).
    std::fs::write(out_dir.join("plain.json"), "{\"p\": true}").unwrap();
    let back = scratch("tree-back");
    let _ = std::fs::remove_dir_all(&back);
    let out = hclkit()
        .args(["convert", "--from=json"])
        .arg(&out_dir)
        .arg(out_dir.join("plain.json"))
        .arg("-O")
        .arg(&back)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(listing(&back), ["main.tf", "mod/inner/x.hcl", "plain.hcl", "vars.tfvars"]);
    assert_eq!(std::fs::read_to_string(back.join("mod/inner/x.hcl")).unwrap(), "y = [1, 2]\n");
    assert_eq!(std::fs::read_to_string(back.join("plain.hcl")).unwrap(), "p = true\n");
}

#[test]
fn out_dir_reports_in_input_order_and_writes_no_broken_file() {
    let src = tree(
        "order-src",
        &[("a.hcl", "a = 1\n"), ("b.hcl", "b = \n"), ("c.hcl", "c = 3\n"), ("d.hcl", "d = {\n"), ("e.hcl", "e = 5\n")],
    );
    let out_dir = scratch("order-out");
    let _ = std::fs::remove_dir_all(&out_dir);
    let first = hclkit().args(["--color=never", "convert"]).arg(&src).arg("-O").arg(&out_dir).output().unwrap();
    assert_eq!(first.status.code(), Some(1));
    let err = text(&first.stderr);
    let (b, d) = (err.find("b.hcl:1").expect(&err), err.find("d.hcl:").expect(&err));
    assert!(b < d, "{err}");
    assert!(err.contains("converted 3 of 5 files") && err.contains("(2 with errors, not written)"), "{err}");
    assert_eq!(listing(&out_dir), ["a.hcl.json", "c.hcl.json", "e.hcl.json"]);
    // The same report on one thread as on several.
    let one = hclkit()
        .env("RAYON_NUM_THREADS", "1")
        .args(["--color=never", "convert"])
        .arg(&src)
        .arg("-O")
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(text(&one.stderr), err);
}

#[test]
fn out_dir_usage_errors() {
    let src = tree("usage-src", &[("x/main.tf", "a = 1\n"), ("y/main.tf", "b = 2\n")]);
    // A directory or several inputs need --out-dir.
    for args in [vec![src.join("x")], vec![src.join("x/main.tf"), src.join("y/main.tf")]] {
        let out = hclkit().arg("convert").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("--out-dir"), "{}", text(&out.stderr));
    }
    // Two inputs written to one output.
    let out = hclkit()
        .arg("convert")
        .arg(src.join("x/main.tf"))
        .arg(src.join("y/main.tf"))
        .arg("-O")
        .arg(scratch("usage-out"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("would both be written to"), "{}", text(&out.stderr));
    // Standard input has no name to write under; -o and -O exclude each other.
    let out = hclkit().args(["convert", "-", "-O"]).arg(scratch("usage-out")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = hclkit().arg("convert").arg(src.join("x/main.tf")).args(["-o", "f", "-O", "d"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Our hcldec on `file` with the case's spec and `flag`.
fn decode(case: &Path, flag: &str, file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hcldec"))
        .arg("--spec")
        .arg(case.join("spec.hcldec"))
        .arg(flag)
        .arg(file)
        .output()
        .unwrap()
}

/// The reference's diagnostics recorded for a case: (summary, "line:column" of the subject).
fn recorded_diagnostics(case: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(case.join("want.diags.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let start = &d["subject"]["start"];
            (d["summary"].as_str().unwrap().to_owned(), format!("{}:{}", start["line"], start["column"]))
        })
        .collect()
}

/// JSON bodies where a block property, a label level or an element of a list of bodies is
/// null (or empty), with what the REFERENCE hcldec makes of them, recorded by
/// `oracle/convert/record-json.sh`. Where the reference decodes the JSON, `hclkit convert
/// --spec` writes a native file that decodes to the same (null: no block; a null in a list of
/// bodies: an empty block). Where it fails, the conversion fails with one of its diagnostics
/// at the same place, or writes a file whose decoding fails with one of them.
#[test]
fn null_and_empty_block_bodies_convert_as_the_reference_reads_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/convert-json");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).collect();
    cases.sort();
    assert!(cases.len() >= 24, "cases missing under {}", root.display());
    let (mut decoded, mut refused) = (0, 0);
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let status: i32 = std::fs::read_to_string(case.join("want.status")).unwrap().trim().parse().unwrap();
        let back = scratch(&format!("null-{name}.hcl"));
        let _ = std::fs::remove_file(&back);
        let out = hclkit()
            .args(["convert", "--spec"])
            .arg(case.join("spec.hcldec"))
            .arg(case.join("input.json"))
            .arg("-o")
            .arg(&back)
            .output()
            .unwrap();
        if status == 0 {
            assert!(out.status.success(), "{name}: {}", text(&out.stderr));
            let want = std::fs::read_to_string(case.join("want.json")).unwrap();
            let dec = decode(case, "--with-type", &back);
            assert_eq!(text(&dec.stdout), want, "{name}: {}", std::fs::read_to_string(&back).unwrap());
            decoded += 1;
            continue;
        }
        let want = recorded_diagnostics(case);
        let found = |stderr: &str, file: &str| {
            want.iter().any(|(summary, at)| {
                stderr.contains(&format!("rror: {summary}")) && stderr.contains(&format!("{file}:{at}"))
            })
        };
        if out.status.success() {
            // Written: decoding it fails as decoding the JSON did.
            let dec = decode(case, "--diags=json", &back);
            assert_eq!(dec.status.code(), Some(status), "{name}: the converted file decodes");
            let err = text(&dec.stderr);
            assert!(
                want.iter().any(|(summary, _)| err.contains(&format!("\"summary\": \"{summary}\""))),
                "{name}: {err}"
            );
        } else {
            assert_eq!(out.status.code(), Some(1), "{name}");
            let err = text(&out.stderr);
            assert!(found(&err, "input.json"), "{name}: want one of {want:?}, got\n{err}");
            assert!(!back.exists(), "{name}: a refused conversion writes no file");
            refused += 1;
        }
    }
    // Both paths are exercised (a regression that refuses everything fails the first kind).
    assert!(decoded >= 14 && refused >= 5, "{decoded} decoded, {refused} refused");
}
