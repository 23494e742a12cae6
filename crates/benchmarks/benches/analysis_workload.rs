//! The workload of `benches/analysis.rs` and `examples/analysis_once.rs`.

/// `locals { ... }` with `n` attributes in a shuffled order; attribute `i` adds up to three
/// attributes with larger indexes (so the graph has no cycle).
pub fn shuffled_locals(n: usize) -> String {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut src = String::from("locals {\n");
    for i in order {
        let refs: Vec<String> = (0..3)
            .filter_map(|_| {
                let span = (n - i - 1) as u64;
                (span > 0).then(|| format!("local.l{}", i + 1 + (next() % span) as usize))
            })
            .collect();
        let expr = if refs.is_empty() { "1".to_owned() } else { format!("1 + {}", refs.join(" + ")) };
        src.push_str(&format!("  l{i} = {expr}\n"));
    }
    src.push_str("}\n");
    src
}
