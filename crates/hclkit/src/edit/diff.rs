//! The text edits between two texts ([`super::Document::edits`]): a line diff (Myers's
//! O(ND) algorithm over the lines between the common first and last lines), one edit per run
//! of changed lines (per line where a run replaces as many lines), each narrowed to the
//! characters that differ.

use std::ops::Range;

/// Work (diagonal steps) a line diff may take before the changed middle is given as one edit:
/// no input makes `edits()` slow (a sort of a large body moves many lines; its diff is close
/// to quadratic).
const BUDGET: usize = 20_000_000;

/// Frontier entries kept for the way back (8 bytes each): at most `d²` for `d` changed lines.
const TRACE_BUDGET: usize = 4_000_000;

/// The changed regions between `a` and `b`: (byte range in `a`, byte range in `b`), in order,
/// not overlapping and not touching.
pub(crate) fn regions(a: &str, b: &str) -> Vec<(Range<usize>, Range<usize>)> {
    if a == b {
        return Vec::new();
    }
    let la: Vec<&str> = a.split_inclusive('\n').collect();
    let lb: Vec<&str> = b.split_inclusive('\n').collect();
    let pre = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
    let max = la.len().min(lb.len()) - pre;
    let suf = la.iter().rev().zip(lb.iter().rev()).take(max).take_while(|(x, y)| x == y).count();
    let (ma, mb) = (&la[pre..la.len() - suf], &lb[pre..lb.len() - suf]);
    let mut hunks: Vec<_> = myers(ma, mb)
        .unwrap_or_else(|| vec![(0..ma.len(), 0..mb.len())])
        .into_iter()
        .map(|(ra, rb)| (pre + ra.start..pre + ra.end, pre + rb.start..pre + rb.end))
        .collect();
    slide(&la, &lb, &mut hunks);
    // Line numbers to byte offsets.
    let offsets = |lines: &[&str]| {
        let mut v = Vec::with_capacity(lines.len() + 1);
        let mut o = 0;
        v.push(0);
        for l in lines {
            o += l.len();
            v.push(o);
        }
        v
    };
    let (oa, ob) = (offsets(&la), offsets(&lb));
    let mut out: Vec<(Range<usize>, Range<usize>)> = Vec::with_capacity(hunks.len());
    let mut push = |(ra, rb): (Range<usize>, Range<usize>)| match out.last_mut() {
        // Edits that touch are one (a line changed at its end, the next at its start).
        Some((pa, pb)) if pa.end == ra.start => {
            pa.end = ra.end;
            pb.end = rb.end;
        }
        _ => out.push((ra, rb)),
    };
    for (ra, rb) in hunks {
        if ra.len() == rb.len() {
            // As many lines as before: each changed line is an edit of its own.
            for (i, j) in ra.zip(rb) {
                if la[i] != lb[j] {
                    push(narrow(a, b, oa[i]..oa[i + 1], ob[j]..ob[j + 1]));
                }
            }
        } else {
            push(narrow(a, b, oa[ra.start]..oa[ra.end], ob[rb.start]..ob[rb.end]));
        }
    }
    out
}

/// The hunks of a shortest edit script from `a` to `b` (line ranges of each, a run of deleted
/// lines and the inserted lines that replace them), or `None` past the work budget.
fn myers(a: &[&str], b: &[&str]) -> Option<Vec<(Range<usize>, Range<usize>)>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    if n == 0 || m == 0 {
        return Some(vec![(0..a.len(), 0..b.len())]);
    }
    let max = (n + m) as usize;
    let off = max as isize;
    let mut v = vec![0isize; 2 * max + 2];
    // The frontier after each d (only diagonals -d..=d), for the way back.
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let mut work = 0usize;
    let mut kept = 0usize;
    let mut found = None;
    'outer: for d in 0..=max as isize {
        trace.push(v[(off - d) as usize..=(off + d) as usize].to_vec());
        kept += 2 * d as usize + 1;
        let mut k = -d;
        while k <= d {
            let idx = (off + k) as usize;
            let mut x = if k == -d || (k != d && v[idx - 1] < v[idx + 1]) { v[idx + 1] } else { v[idx - 1] + 1 };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
                work += 1;
            }
            work += 1;
            v[idx] = x;
            if x >= n && y >= m {
                found = Some(d);
                break 'outer;
            }
            k += 2;
        }
        if work > BUDGET || kept > TRACE_BUDGET {
            return None;
        }
    }
    let dmax = found?;
    // Walk back: the matched (equal) line pairs, from the end.
    let mut equal = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (1..=dmax).rev() {
        let prev = &trace[d as usize];
        // The frontier before round d: diagonals -d..=d.
        let get = |k: isize| prev[(k + d) as usize];
        let k = x - y;
        let down = k == -d || (k != d && get(k - 1) < get(k + 1));
        let pk = if down { k + 1 } else { k - 1 };
        let px = get(pk);
        let py = px - pk;
        while x > px && y > py {
            x -= 1;
            y -= 1;
            equal.push((x as usize, y as usize));
        }
        x = px;
        y = py;
    }
    while x > 0 && y > 0 {
        x -= 1;
        y -= 1;
        equal.push((x as usize, y as usize));
    }
    equal.reverse();
    // Hunks: the gaps between runs of equal lines.
    let mut hunks = Vec::new();
    let (mut ia, mut ib) = (0, 0);
    for (ea, eb) in equal.into_iter().chain(std::iter::once((a.len(), b.len()))) {
        if ea > ia || eb > ib {
            hunks.push((ia..ea, ib..eb));
        }
        ia = ea + 1;
        ib = eb + 1;
    }
    Some(hunks)
}

/// Places each run of only deleted (or only added) lines where an item begins and ends: of
/// the equal ways to write it (`}` lines and blank lines repeat, so a run can slide up and
/// down over them), the one whose edges are least indented (as git's indent heuristic).
fn slide(a: &[&str], b: &[&str], hunks: &mut [(Range<usize>, Range<usize>)]) {
    for i in 0..hunks.len() {
        let (lo_a, lo_b) = if i == 0 { (0, 0) } else { (hunks[i - 1].0.end, hunks[i - 1].1.end) };
        let (hi_a, hi_b) = hunks.get(i + 1).map_or((a.len(), b.len()), |(na, nb)| (na.start, nb.start));
        let (ra, rb) = hunks[i].clone();
        let (lines, r) = match (ra.is_empty(), rb.is_empty()) {
            (false, true) => (a, ra.clone()),
            (true, false) => (b, rb.clone()),
            _ => continue,
        };
        // How far the run can move up and down (the lines it passes are equal lines).
        let mut up = 0;
        while ra.start - up > lo_a && rb.start - up > lo_b && lines[r.start - up - 1] == lines[r.end - up - 1] {
            up += 1;
        }
        let mut down = 0;
        while ra.end + down < hi_a && rb.end + down < hi_b && lines[r.end + down] == lines[r.start + down] {
            down += 1;
        }
        if up == 0 && down == 0 {
            continue;
        }
        // Lower is better: a run starting and followed by lines of little indentation (a
        // blank line counts none), not starting with a closing bracket; then one ending with a
        // blank line; then the nearest.
        let indent = |l: &str| if l.trim().is_empty() { 0 } else { l.len() - l.trim_start().len() };
        let score = |shift: isize| {
            let (s, e) = ((r.start as isize + shift) as usize, (r.end as isize + shift) as usize);
            let closes = lines[s].trim_start().starts_with(['}', ']', ')']);
            let after = lines.get(e).map_or(0, |l| indent(l));
            let cost = indent(lines[s]) + after + usize::from(closes);
            (cost, !lines[e - 1].trim().is_empty(), shift.unsigned_abs())
        };
        let best = (-(up as isize)..=down as isize).min_by_key(|&sh| score(sh)).unwrap_or(0);
        let m = |x: usize| (x as isize + best) as usize;
        hunks[i] = (m(ra.start)..m(ra.end), m(rb.start)..m(rb.end));
    }
}

/// `ra` of `a` and `rb` of `b` without the characters they start and end with in common (a
/// `\r\n` is not cut in two).
fn narrow(a: &str, b: &str, mut ra: Range<usize>, mut rb: Range<usize>) -> (Range<usize>, Range<usize>) {
    let (sa, sb) = (&a[ra.clone()], &b[rb.clone()]);
    let mut p = sa.chars().zip(sb.chars()).take_while(|(x, y)| x == y).map(|(c, _)| c.len_utf8()).sum::<usize>();
    if p > 0 && sa.as_bytes()[p - 1] == b'\r' && (sa[p..].starts_with('\n') || sb[p..].starts_with('\n')) {
        p -= 1;
    }
    let (ta, tb) = (&sa[p..], &sb[p..]);
    let mut s =
        ta.chars().rev().zip(tb.chars().rev()).take_while(|(x, y)| x == y).map(|(c, _)| c.len_utf8()).sum::<usize>();
    if s > 0
        && ta.as_bytes()[ta.len() - s] == b'\n'
        && (ta[..ta.len() - s].ends_with('\r') || tb[..tb.len() - s].ends_with('\r'))
    {
        s -= 1;
    }
    ra = ra.start + p..ra.end - s;
    rb = rb.start + p..rb.end - s;
    (ra, rb)
}

/// The edits that turn `original` into `now`, one per changed region, with their positions
/// in the original (what [`super::Document::edits`] and [`super::JsonDocument::edits`] give).
pub(crate) fn text_edits(original: &str, now: &str) -> Vec<super::TextEdit> {
    let regions = regions(original, now);
    if regions.is_empty() {
        return Vec::new();
    }
    let src = original.as_bytes();
    let index = crate::pos::LineIndex::new(src);
    regions
        .into_iter()
        .map(|(ra, rb)| super::TextEdit {
            start: super::TextPosition::at(&index, src, ra.start),
            end: super::TextPosition::at(&index, src, ra.end),
            range: ra,
            text: now[rb].to_owned(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::regions;

    fn apply(a: &str, b: &str) -> String {
        let mut out = a.to_owned();
        for (ra, rb) in regions(a, b).into_iter().rev() {
            out.replace_range(ra, &b[rb]);
        }
        out
    }

    #[test]
    fn one_region_per_change() {
        let a = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n";
        let b = "a = 1\nb = 7\nc = 3\nd = 4\ne = 5\nf = 6\n";
        let r = regions(a, b);
        assert_eq!(r, [(10..11, 10..11), (30..30, 30..36)]);
        assert_eq!(apply(a, b), b);
    }

    #[test]
    fn deletions_insertions_and_crlf() {
        for (a, b) in [
            ("x\r\ny\r\n", "x\r\nz\r\ny\r\n"),
            ("a\nb\nc\nd\n", "d\nc\nb\na\n"),
            ("", "a\n"),
            ("a\n", ""),
            ("a", "a\n"),
            ("a\r\n", "a\n"),
            ("a\n", "a\r\n"),
            ("\u{e9}t\u{e9}\n", "\u{e9}t\u{e8}\n"),
            ("}\n}\n}\n", "}\nx\n}\n}\ny\n"),
        ] {
            assert_eq!(apply(a, b), b, "{a:?} -> {b:?}");
        }
        let r = regions("x\r\ny\r\n", "x\r\nz\r\ny\r\n");
        assert_eq!(r, [(3..3, 3..6)]);
        // Not between \r and \n.
        let r = regions("a\r\n", "a\n");
        assert_eq!(r, [(1..3, 1..2)]);
    }
}
