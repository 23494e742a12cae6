//! "Did you mean" suggestions, as the reference makes them.

/// Levenshtein distance over characters (as `github.com/agext/levenshtein` computes it).
pub(crate) fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The first of `candidates` within edit distance 2 of `given` (the reference's
/// `nameSuggestion`: earlier candidates win).
pub(crate) fn name_suggestion<'c, S: AsRef<str>>(given: &str, candidates: &'c [S]) -> Option<&'c str> {
    candidates.iter().map(AsRef::as_ref).find(|c| levenshtein(given, c) < 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", "if"), 2);
        assert_eq!(name_suggestion("tru", &["false", "true", "null"]), Some("true"));
        assert_eq!(name_suggestion("nul", &["false", "true", "null"]), Some("null"));
        assert_eq!(name_suggestion("yes", &["false", "true", "null"]), None);
    }
}
