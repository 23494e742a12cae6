//! The `hclfmt` binary against the reference's: every case of `tests/data/hclfmt/` (arguments,
//! standard input, the files of the working directory) was run through the reference's
//! `hclfmt` by `oracle/hclfmt/record.sh`, which saved its standard output and error, its
//! exit status and the working directory afterwards; ours must do exactly the same.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hclfmt")
}

/// Every file under `dir`, by relative path (an absent directory is empty).
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        let Ok(rd) = std::fs::read_dir(dir) else { return };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn copy_tree(from: &Path, to: &Path) {
    for (rel, data) in tree(from) {
        let p = to.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, data).unwrap();
    }
}

#[cfg(unix)]
fn os_arg(bytes: &[u8]) -> OsString {
    std::os::unix::ffi::OsStringExt::from_vec(bytes.to_vec())
}

#[cfg(not(unix))]
fn os_arg(bytes: &[u8]) -> OsString {
    // Outside Unix an argument is Unicode: a case whose argument is not UTF-8 then fails.
    String::from_utf8_lossy(bytes).into_owned().into()
}

fn run_case(case: &Path, work: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(work);
    std::fs::create_dir_all(work).unwrap();
    copy_tree(&case.join("files"), work);
    // Directories the case names must exist even when empty (git keeps no empty ones).
    // One argument a line (as the recorder's `read` takes them), as bytes: an argument need not
    // be UTF-8.
    let lines = std::fs::read(case.join("args")).unwrap();
    let args: Vec<OsString> = match lines.strip_suffix(b"\n") {
        None if lines.is_empty() => Vec::new(),
        rest => rest.unwrap_or(&lines).split(|&b| b == b'\n').map(os_arg).collect(),
    };
    let stdin = std::fs::read(case.join("stdin")).ok();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hclfmt"))
        .args(&args)
        .current_dir(work)
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hclfmt");
    {
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin.as_deref().unwrap_or(b""));
    }
    let out = child.wait_with_output().unwrap();
    let read = |name: &str| std::fs::read(case.join(name)).unwrap_or_default();
    let want_status: i32 = String::from_utf8(read("want.status")).unwrap().trim().parse().unwrap();
    let mut problems = Vec::new();
    if out.status.code() != Some(want_status) {
        problems.push(format!("status {:?}, want {want_status}", out.status.code()));
    }
    if out.stdout != read("want.stdout") {
        problems.push(format!(
            "stdout:\n{}\nwant:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&read("want.stdout"))
        ));
    }
    if out.stderr != read("want.stderr") {
        problems.push(format!(
            "stderr:\n{}\nwant:\n{}",
            String::from_utf8_lossy(&out.stderr),
            String::from_utf8_lossy(&read("want.stderr"))
        ));
    }
    if tree(work) != tree(&case.join("want.files")) {
        problems.push("the files afterwards differ".into());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}: {}", case.file_name().unwrap().to_string_lossy(), problems.join("\n")))
    }
}

#[test]
fn every_case_as_the_reference() {
    let mut dirs: Vec<PathBuf> =
        std::fs::read_dir(cases()).unwrap().flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    assert!(dirs.len() >= 30, "only {} cases", dirs.len());
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hclfmt_cli");
    let failures: Vec<String> =
        dirs.iter().filter_map(|d| run_case(d, &scratch.join(d.file_name().unwrap())).err()).collect();
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), dirs.len(), failures.join("\n\n"));
}

#[test]
fn write_keeps_no_other_state_and_formats_large_input() {
    // A file of a few hundred kilobytes goes through -w and comes out formatted and stable.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hclfmt_large");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut src = String::new();
    for i in 0..5000 {
        src.push_str(&format!("block \"b{i}\" {{\nname=\"n{i}\"\ncount   =   {i} # c\n}}\n"));
    }
    std::fs::write(dir.join("big.hcl"), &src).unwrap();
    let run = || Command::new(env!("CARGO_BIN_EXE_hclfmt")).args(["-w", "big.hcl"]).current_dir(&dir).output().unwrap();
    assert!(run().status.success());
    let once = std::fs::read(dir.join("big.hcl")).unwrap();
    assert!(once.starts_with(b"block \"b0\" {\n  name  = \"n0\"\n  count = 0 # c\n}\n"));
    assert!(run().status.success());
    assert_eq!(std::fs::read(dir.join("big.hcl")).unwrap(), once);
}
