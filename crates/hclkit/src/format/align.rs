//! Vertical alignment of `=` signs and trailing comments.
//!
//! Consecutive lines with an assign cell form a run; each `=` of the run goes one column after
//! the widest lead. Independently, consecutive lines ending in a comment cell form a run; each
//! comment goes one column after the widest lead and assign cells (after the `=` alignment).
//! A line with neither cell ends both runs, so the lines waiting for their runs to end are
//! collected here and resolved together.

/// Past this, a run's padding is quadratic in the input (one very wide line among very many):
/// such a run is not aligned (one space), see [`super::MAX_ALIGN_GROWTH`].
fn run_too_costly(pads: usize, cols: usize) -> bool {
    pads > super::MAX_ALIGN_GROWTH.saturating_mul(cols).saturating_add(1 << 16)
}

/// A line waiting for its alignment. `P` says where the padding goes (an output offset, a
/// token index).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending<P> {
    /// Where the spaces before the `=` go, and the lead's columns.
    pub assign: Option<(P, usize)>,
    /// Where the spaces before the comment go, and the columns of the lead and assign cells
    /// less the spaces before the `=`.
    pub comment: Option<(P, usize)>,
}

/// Lines waiting for their runs to end.
#[derive(Debug)]
pub(crate) struct Aligner<P> {
    lines: Vec<Pending<P>>,
    assign_pads: Vec<usize>,
    comment_pads: Vec<usize>,
}

impl<P: Copy> Aligner<P> {
    pub(crate) fn new() -> Aligner<P> {
        Aligner { lines: Vec::new(), assign_pads: Vec::new(), comment_pads: Vec::new() }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Adds the next line (which has an assign or a comment cell).
    pub(crate) fn push(&mut self, line: Pending<P>) {
        self.lines.push(line);
    }

    /// Ends the runs: calls `set(where, spaces)` for every `=` and comment waiting, in line
    /// order (a line's `=` before its comment).
    pub(crate) fn flush(&mut self, mut set: impl FnMut(P, usize)) {
        let n = self.lines.len();
        let lines = &self.lines;
        let assign_pads = &mut self.assign_pads;
        let comment_pads = &mut self.comment_pads;
        assign_pads.clear();
        assign_pads.resize(n, 0);
        comment_pads.clear();
        comment_pads.resize(n, 0);
        runs(n, |k| lines[k].assign.map(|a| a.1), assign_pads);
        let pads = &*assign_pads;
        runs(n, |k| lines[k].comment.map(|c| c.1 + pads[k]), comment_pads);
        for (k, line) in lines.iter().enumerate() {
            if let Some((at, _)) = line.assign {
                set(at, assign_pads[k]);
            }
            if let Some((at, _)) = line.comment {
                set(at, comment_pads[k]);
            }
        }
        self.lines.clear();
    }
}

/// For each run of consecutive lines `k` with a width `width(k)`, sets `pads[k]` to the spaces
/// that put what follows one column after the run's widest.
fn runs(n: usize, width: impl Fn(usize) -> Option<usize>, pads: &mut [usize]) {
    let mut i = 0;
    while i < n {
        if width(i).is_none() {
            i += 1;
            continue;
        }
        let mut j = i;
        let (mut max, mut total) = (0usize, 0usize);
        while let Some(w) = (j < n).then(|| width(j)).flatten() {
            max = max.max(w);
            total = total.saturating_add(w);
            j += 1;
        }
        let added = (i..j).map(|k| max - width(k).unwrap_or(max)).fold(0, usize::saturating_add);
        let flat = run_too_costly(added, total);
        for (k, pad) in pads.iter_mut().enumerate().take(j).skip(i) {
            *pad = if flat { 1 } else { max - width(k).unwrap_or(max) + 1 };
        }
        i = j;
    }
}
