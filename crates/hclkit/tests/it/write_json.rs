//! `transcode::write_file_json` (JSON written straight from the syntax tree) gives the text of
//! `transcode::file_to_json`'s document byte for byte, with the same warnings: on every file of
//! the real-world corpus under every option combination, and on files made to exercise comments,
//! block grouping and folding. Skipped when the corpus is absent, unless `CI` is set.

use hclkit::pos::ColumnUnit;
use hclkit::transcode::{file_to_json, write_file_json, BlockShape, ToJsonOptions};
use hclkit_value::json::Escape;

use crate::corpus::{corpus_dir, walk};

/// Every combination of the options (each compared compact and pretty). Ranges in one unit:
/// both paths write them with the same code, whatever the unit.
fn combinations() -> Vec<ToJsonOptions> {
    let mut out = Vec::new();
    for blocks in [BlockShape::Nested, BlockShape::Ordered, BlockShape::Array] {
        for simplify in [false, true] {
            for comments in [false, true] {
                for ranges in [None, Some(ColumnUnit::Utf16)] {
                    out.push(ToJsonOptions { blocks, simplify, comments, ranges, heredoc_templates: !simplify });
                }
            }
        }
    }
    out
}

/// The differences between the two paths on one source, as messages.
fn compare(name: &str, src: &[u8], combos: &[ToJsonOptions]) -> Vec<String> {
    let file = hclkit::parse_config(src.to_vec(), name).into_value();
    let mut bad = Vec::new();
    for opts in combos {
        let (doc, warnings) = file_to_json(&file, opts);
        for indent in [None, Some(2)] {
            let mut want = String::new();
            doc.write(&mut want, indent, Escape::Plain);
            let mut got = String::new();
            let streamed = write_file_json(&file, opts, indent, &mut got);
            if got != want {
                let at = got.bytes().zip(want.bytes()).take_while(|(a, b)| a == b).count();
                let from = at.saturating_sub(60);
                bad.push(format!(
                    "{name} {opts:?} indent {indent:?}: differ at byte {at}:\n  streamed: {:?}\n  document: {:?}",
                    got.get(from..(at + 60).min(got.len())).unwrap_or("?"),
                    want.get(from..(at + 60).min(want.len())).unwrap_or("?")
                ));
            }
            if streamed.to_string() != warnings.to_string() {
                bad.push(format!("{name} {opts:?}: warnings differ:\n{streamed}\n---\n{warnings}"));
            }
        }
    }
    bad
}

#[test]
fn made_up_files_agree() {
    let srcs = [
        "# lead\na = 1 # after a\n/* before b */ b = [1, -2, \"x\", var.y, { k = \"v\", (var.k) = 2 }]\n",
        "r \"x\" {\n  n = 1\n}\n# between\nd {\n}\n// second r\nr \"y\" {\n  # inside\n  m = 2\n}\nr \"x\" {\n  n = 3\n}\nr \"x\" \"z\" {\n}\n# end\n",
        "a = 1\na {\n  b = 1 + 2\n  c = \"${1 + 1}\"\n  d = <<EOT\nhi ${x}\nEOT\n  e = <<EOT\nplain\nEOT\n  f = { \"${k}\" = 1, \"${k}\" = 2 }\n  g = [for x in y : x]\n  h = \"$${x} %%{y}\"\n}\n",
        "p \"a\" { \n}\np \"b\" {\n}\np \"a\" {\n  x = true ? null : 0.5\n  y = -0\n  z = 007\n}\n",
    ];
    // Many blocks of one type at two label levels, labels repeated out of order: grouping
    // by scan (a few blocks) and by index (past sixteen).
    let mut many = String::new();
    for i in [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 10, 11, 0] {
        many.push_str(&format!("r \"l{}\" \"m{}\" {{\n  n = {i}\n}}\ns \"l{i}\" {{\n}}\n", i % 7, i % 3));
    }
    let combos = combinations();
    let bad: Vec<String> =
        srcs.iter().chain([&many.as_str()]).flat_map(|s| compare("t.hcl", s.as_bytes(), &combos)).collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_source_that_is_not_utf8_is_read_as_the_tree_reads_it() {
    // A comment may hold bytes that are not UTF-8 (the parser accepts them there); the text
    // of every span then comes from the tree, decoded lossily (it recursed without end).
    let src = b"a = \"x\"\n# \xff\xfe\nb = 1\n";
    let combos = combinations();
    let bad = compare("t.hcl", src, &combos);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    let file = hclkit::parse_config(src.as_slice(), "t.hcl").into_value();
    let mut out = String::new();
    let opts = ToJsonOptions { blocks: hclkit::transcode::BlockShape::Array, ..ToJsonOptions::default() };
    hclkit::transcode::write_file_json(&file, &opts, None, &mut out);
    assert_eq!(out, "{\"a\":\"x\",\"//\":\"\u{fffd}\u{fffd}\",\"b\":1}");
}

#[test]
fn realworld_corpus_agrees() {
    let dir = corpus_dir();
    if !dir.is_dir() {
        let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0");
        assert!(!ci, "CI is set, but the corpus is missing at {} (set HCLKIT_CORPUS)", dir.display());
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "\n*** SKIPPED realworld_corpus_agrees: no corpus at {} (set HCLKIT_CORPUS; CI=1 makes this a failure) ***\n",
            dir.display()
        );
        return;
    }
    let mut files = Vec::new();
    walk(&dir, &mut files);
    files.sort();
    assert!(files.len() > 6000, "corpus has only {} files", files.len());
    let combos = combinations();
    // Two threads: the files split between them.
    let (left, right) = files.split_at(files.len() / 2);
    let run = |part: &[std::path::PathBuf]| {
        let mut bad = Vec::new();
        for f in part {
            let src = std::fs::read(f).unwrap();
            bad.extend(compare(&f.to_string_lossy(), &src, &combos));
        }
        bad
    };
    let bad = std::thread::scope(|s| {
        let l = s.spawn(|| run(left));
        let mut bad = run(right);
        bad.extend(l.join().unwrap());
        bad
    });
    assert!(
        bad.is_empty(),
        "{} differences:\n{}",
        bad.len(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
