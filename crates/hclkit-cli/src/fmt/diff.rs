//! Unified diffs of a file and its formatted text.
//!
//! Formatting changes only the white space inside lines, never the line breaks, so the lines
//! of the two texts correspond one to one: a changed line is a removal and an addition, and no
//! search for a longest common subsequence is needed. (Texts with different line counts, which
//! formatting does not make, are shown as one hunk.)

/// The lines of `text`, each with its line ending.
fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&b| b == b'\n').collect()
}

fn push_line(out: &mut Vec<u8>, sign: u8, line: &[u8]) {
    out.push(sign);
    out.extend_from_slice(line);
    if !line.ends_with(b"\n") {
        out.extend_from_slice(b"\n\\ No newline at end of file\n");
    }
}

/// `@@ -a,b +c,d @@` as diff prints it (a count of 1 is left out; an empty range starts at
/// the line before it).
fn range(start: usize, count: usize) -> String {
    match count {
        0 => format!("{},0", start),
        1 => format!("{}", start + 1),
        _ => format!("{},{}", start + 1, count),
    }
}

/// The unified diff (three lines of context) turning `old` into `new`, with `name` in the
/// headers (`a/NAME`, `b/NAME`); empty if they are equal.
pub fn unified(name: &str, old: &[u8], new: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    if old == new {
        return out;
    }
    out.extend_from_slice(format!("--- a/{name}\n+++ b/{name}\n").as_bytes());
    let (a, b) = (lines(old), lines(new));
    if a.len() != b.len() {
        out.extend_from_slice(format!("@@ -{} +{} @@\n", range(0, a.len()), range(0, b.len())).as_bytes());
        a.iter().for_each(|l| push_line(&mut out, b'-', l));
        b.iter().for_each(|l| push_line(&mut out, b'+', l));
        return out;
    }
    const CONTEXT: usize = 3;
    let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    let mut k = 0;
    while k < changed.len() {
        // A hunk: changes whose contexts touch.
        let first = changed[k];
        let mut last = first;
        k += 1;
        while k < changed.len() && changed[k] <= last + 2 * CONTEXT + 1 {
            last = changed[k];
            k += 1;
        }
        let start = first.saturating_sub(CONTEXT);
        let end = (last + CONTEXT + 1).min(a.len());
        let n = end - start;
        out.extend_from_slice(format!("@@ -{} +{} @@\n", range(start, n), range(start, n)).as_bytes());
        let mut i = start;
        while i < end {
            if a[i] == b[i] {
                push_line(&mut out, b' ', a[i]);
                i += 1;
                continue;
            }
            let run_end = (i..end).find(|&j| a[j] == b[j]).unwrap_or(end);
            (i..run_end).for_each(|j| push_line(&mut out, b'-', a[j]));
            (i..run_end).for_each(|j| push_line(&mut out, b'+', b[j]));
            i = run_end;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::unified;

    fn s(v: Vec<u8>) -> String {
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn hunks_with_context() {
        assert_eq!(unified("x", b"a\n", b"a\n"), b"");
        let old = b"1\n2\n3\n4\na=1\n6\n7\n8\n9\n10\n11\n12\nb=2\n";
        let new = b"1\n2\n3\n4\na = 1\n6\n7\n8\n9\n10\n11\n12\nb = 2\n";
        assert_eq!(
            s(unified("f.hcl", old, new)),
            "--- a/f.hcl\n+++ b/f.hcl\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-a=1\n+a = 1\n 6\n 7\n 8\n@@ -10,4 +10,4 @@\n 10\n 11\n 12\n-b=2\n+b = 2\n"
        );
        assert_eq!(
            s(unified("f", b"a=1", b"a = 1")),
            "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a=1\n\\ No newline at end of file\n+a = 1\n\\ No newline at end of file\n"
        );
    }
}
