//! The hostile-input corpus (`tests/data/hostile/*.case`): small files that try to make `hcldec`
//! hang, overflow its stack or eat memory, each with the outcome it must have instead.
//!
//! Every case runs through the real `hcldec` binary twice, with diagnostics as JSON and as
//! text, in a child process whose address space is capped at 1 GiB (so "peak memory under
//! 1 GB" is checked, not hoped for) and whose CPU time is capped, so that a hang ends as a
//! failure (how fast the cases run is measured by `scripts/hostile-figures` and the
//! benchmarks, not here). Every diagnostic must carry a summary, a detail and a range.
//!
//! A case file is a header of `# key: value` lines and one or more input sections:
//!
//! ```text
//! # what: why the case is hostile (free text)
//! # args: --stdlib                  extra hcldec flags (optional)
//! # spec: attr {\n  name = "a"...  the spec, `\n` for line breaks (default: attribute `a`, any type)
//! # expect: value <JSON>            exit 0 and this value on standard output
//! # expect: error <summary>         failure; the first diagnostic has this summary
//! # expect: errors <N> <summary>    failure; exactly N diagnostics, all with this summary
//! --- input.hcl                     an input file; `--- name xN` repeats the section N times
//! a = 1                             (with `{i}` replaced by 0..N-1); a name containing `{i}`
//! --- f{i}.hcl x100                 makes N files instead of one; a section naming the file
//!                                   before it continues that file
//! b{i} = 1
//! c = "{{repeat 1000:ab}}"          inline repetition: `ab` 1000 times
//! ```

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value as Json;

/// The default spec: one attribute `a` of any type.
const DEFAULT_SPEC: &str = "attr {\n  name = \"a\"\n  type = any\n}\n";

/// The CPU-time cap of each run, in seconds (`ulimit -t`): a hang uses up its CPU time and
/// the kernel stops it. Generous for debug builds; how fast the cases run is measured by
/// `scripts/hostile-figures` and the benchmarks, not here.
const CPU_CAP_SECS: u64 = 120;

/// The address-space cap of each run, in KiB (1 GiB).
const MEMORY_CAP_KIB: u64 = 1 << 20;

#[derive(Debug)]
enum Expect {
    Value(Json),
    Error(String),
    Errors(usize, String),
}

#[derive(Debug)]
struct Case {
    name: String,
    args: Vec<String>,
    spec: String,
    expect: Expect,
    /// (file name, contents), in command-line order.
    inputs: Vec<(String, String)>,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile")
}

/// Expands every `{{repeat N:TEXT}}` in `s` (TEXT holds no `}}`).
fn expand_repeats(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("{{repeat ") {
        out.push_str(&rest[..at]);
        let spec = &rest[at + "{{repeat ".len()..];
        let end = spec.find("}}").expect("an unclosed {{repeat");
        let (n, text) = spec[..end].split_once(':').expect("{{repeat N:TEXT}}");
        out.push_str(&text.repeat(n.parse().expect("a repeat count")));
        rest = &spec[end + 2..];
    }
    out.push_str(rest);
    out
}

fn parse_case(name: &str, text: &str) -> Case {
    let mut args = Vec::new();
    let mut spec = DEFAULT_SPEC.to_owned();
    let mut expect = None;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next_if(|l| !l.starts_with("--- ")) {
        let Some(rest) = line.strip_prefix("# ") else { continue };
        let Some((key, value)) = rest.split_once(": ") else { continue };
        match key {
            "args" => args.extend(value.split_whitespace().map(str::to_owned)),
            "spec" => spec = value.replace("\\n", "\n"),
            "expect" => {
                let (kind, arg) = value.split_once(' ').unwrap_or((value, ""));
                expect = Some(match kind {
                    "value" => Expect::Value(serde_json::from_str(arg).expect("expect: value is JSON")),
                    "error" => Expect::Error(arg.to_owned()),
                    "errors" => {
                        let (n, summary) = arg.split_once(' ').expect("expect: errors N summary");
                        Expect::Errors(n.parse().expect("a count"), summary.to_owned())
                    }
                    other => panic!("{name}: unknown expectation {other:?}"),
                });
            }
            "what" => {}
            other => panic!("{name}: unknown header {other:?}"),
        }
    }
    let mut inputs: Vec<(String, String)> = Vec::new();
    while let Some(header) = lines.next() {
        let header = header.strip_prefix("--- ").expect("a section header");
        let (file, times) = match header.split_once(" x") {
            Some((f, n)) => (f, n.parse::<usize>().expect("a repeat count")),
            None => (header, 1),
        };
        let mut body = String::new();
        while let Some(line) = lines.next_if(|l| !l.starts_with("--- ")) {
            body.push_str(line);
            body.push('\n');
        }
        let body = expand_repeats(&body);
        if file.contains("{i}") {
            for i in 0..times {
                inputs.push((file.replace("{i}", &i.to_string()), body.replace("{i}", &i.to_string())));
            }
        } else {
            let mut text = String::with_capacity(body.len() * times);
            for i in 0..times {
                text.push_str(&body.replace("{i}", &i.to_string()));
            }
            // A section naming the file before it continues that file.
            match inputs.last_mut() {
                Some((last, so_far)) if last == file => so_far.push_str(&text),
                _ => inputs.push((file.to_owned(), text)),
            }
        }
    }
    assert!(!inputs.is_empty(), "{name}: no input section");
    Case {
        name: name.to_owned(),
        args,
        spec,
        expect: expect.unwrap_or_else(|| panic!("{name}: no expectation")),
        inputs,
    }
}

/// Waits for the child (capped in memory and CPU time); returns (exit code, stdout, stderr).
fn finish(mut child: Child, what: &str) -> Result<(i32, Vec<u8>, Vec<u8>), String> {
    // Drain the pipes on threads so a chatty child cannot block on a full pipe.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let status = child.wait().map_err(|e| e.to_string())?;
    let stdout = out_reader.join().expect("stdout reader");
    let stderr = err_reader.join().expect("stderr reader");
    match status.code() {
        Some(code) => Ok((code, stdout, stderr)),
        None => Err(format!(
            "{what}: killed by a signal (crash, stack overflow, the 1 GiB memory cap or the CPU-time cap): {}",
            String::from_utf8_lossy(&stderr).chars().take(2000).collect::<String>()
        )),
    }
}

/// Runs hcldec on the case's files in `dir` under the memory cap.
fn hcldec(dir: &Path, case: &Case, json_diags: bool) -> Result<(i32, Vec<u8>, Vec<u8>), String> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {MEMORY_CAP_KIB} && ulimit -t {CPU_CAP_SECS} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_hcldec"))
        .arg("--spec=spec.hcldec")
        .args(&case.args);
    if json_diags {
        cmd.arg("--diags=json");
    }
    cmd.args(case.inputs.iter().map(|(f, _)| f));
    let child = cmd
        .current_dir(dir)
        .env_remove("COLUMNS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run hcldec: {e}"))?;
    finish(child, if json_diags { "--diags=json" } else { "text diagnostics" })
}

fn check_diagnostic(d: &Json) -> Result<(), String> {
    let summary = d["summary"].as_str().unwrap_or("");
    if summary.is_empty() {
        return Err(format!("a diagnostic without a summary: {d}"));
    }
    if d["detail"].as_str().unwrap_or("").is_empty() {
        return Err(format!("{summary:?} has no detail"));
    }
    if d["subject"].is_null() {
        return Err(format!("{summary:?} has no range"));
    }
    Ok(())
}

fn run_case(case: &Case) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("hclkit-hostile-{}-{}", std::process::id(), case.name));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("spec.hcldec"), &case.spec).map_err(|e| e.to_string())?;
    for (file, text) in &case.inputs {
        std::fs::write(dir.join(file), text).map_err(|e| e.to_string())?;
    }

    let (code, stdout, stderr) = hcldec(&dir, case, true)?;
    let diags: Vec<Json> = if stderr.iter().all(u8::is_ascii_whitespace) {
        Vec::new()
    } else {
        let doc: Json = serde_json::from_slice(&stderr)
            .map_err(|e| format!("stderr is not JSON ({e}): {}", String::from_utf8_lossy(&stderr)))?;
        doc["diagnostics"].as_array().cloned().unwrap_or_default()
    };
    for d in &diags {
        check_diagnostic(d)?;
    }
    let summaries: Vec<&str> = diags.iter().map(|d| d["summary"].as_str().unwrap_or("")).collect();
    match &case.expect {
        Expect::Value(want) => {
            if code != 0 {
                return Err(format!("exit {code}, diagnostics {summaries:?}"));
            }
            let got: Json = serde_json::from_slice(&stdout).map_err(|e| format!("stdout is not JSON: {e}"))?;
            if &got != want {
                return Err(format!("value {got}, want {want}"));
            }
        }
        Expect::Error(summary) => {
            if code == 0 {
                return Err("exit 0, want an error".into());
            }
            if summaries.first() != Some(&summary.as_str()) {
                return Err(format!("diagnostics {summaries:?}, want first {summary:?}"));
            }
        }
        Expect::Errors(n, summary) => {
            if code == 0 {
                return Err("exit 0, want errors".into());
            }
            if summaries.len() != *n || summaries.iter().any(|s| s != summary) {
                let distinct: std::collections::BTreeSet<&&str> = summaries.iter().collect();
                return Err(format!("{} diagnostics {distinct:?}, want {n} x {summary:?}", summaries.len()));
            }
        }
    }

    // The same run with text diagnostics: same status, and the summary shows.
    let (text_code, _, text_err) = hcldec(&dir, case, false)?;
    if text_code != code {
        return Err(format!("text diagnostics: exit {text_code}, JSON diagnostics: exit {code}"));
    }
    let text = String::from_utf8_lossy(&text_err);
    if let Some(first) = summaries.first() {
        if !text.contains(first) {
            return Err(format!("text diagnostics do not show {first:?}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

#[test]
fn hostile_inputs_have_bounded_outcomes() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/data/hostile")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "case"))
        .collect();
    files.sort();
    assert!(files.len() >= 15, "the hostile corpus went missing: {} cases", files.len());
    let cases: Vec<Case> = files
        .iter()
        .map(|p| {
            let name = p.file_stem().expect("name").to_string_lossy().into_owned();
            parse_case(&name, &std::fs::read_to_string(p).expect("read case"))
        })
        .collect();
    // Two at a time: the cases are independent processes.
    let failures: Vec<String> = std::thread::scope(|s| {
        let run = |half: &[Case]| -> Vec<String> {
            half.iter().filter_map(|c| run_case(c).err().map(|e| format!("{}: {e}", c.name))).collect()
        };
        let (a, b) = cases.split_at(cases.len() / 2);
        let ha = s.spawn(move || run(a));
        let mut f = run(b);
        f.extend(ha.join().expect("thread"));
        f
    });
    assert!(
        failures.is_empty(),
        "{} of {} hostile cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    eprintln!("hostile corpus: {} cases, all bounded", cases.len());
}
