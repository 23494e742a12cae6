//! "Did you mean" suggestions, as the reference makes them.

/// Levenshtein distance over characters, unit costs (as `github.com/agext/levenshtein`
/// computes it for the reference), in one row of the table.
pub(crate) fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == cb { diag } else { 1 + diag.min(above).min(row[j]) };
            diag = above;
        }
    }
    row[b.len()]
}

/// The first of `candidates` within edit distance 2 of `given` (the reference's
/// `nameSuggestion`: earlier candidates win). An empty name is never suggested, and, since
/// the reference reports the empty string as "no suggestion", one found first hides later
/// candidates too (a `block` spec without a block type asks for blocks of type "").
pub(crate) fn name_suggestion<'c>(given: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    candidates.into_iter().find(|c| levenshtein(given, c) < 3).filter(|c| !c.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(levenshtein("kitten", "sitting"), 3);
        assert_eq!(levenshtein("", ""), 0);
        assert_eq!(levenshtein("ab", ""), 2);
        assert_eq!(levenshtein("uper", "upper"), 1);
        assert_eq!(levenshtein("nmae", "name"), 2);
        assert_eq!(levenshtein("count", "name"), 5);
        assert_eq!(levenshtein("héllo", "hello"), 1);
        assert_eq!(levenshtein("", "if"), 2);
        assert_eq!(name_suggestion("tru", ["false", "true", "null"]), Some("true"));
        assert_eq!(name_suggestion("nul", ["false", "true", "null"]), Some("null"));
        assert_eq!(name_suggestion("yes", ["false", "true", "null"]), None);
        assert_eq!(name_suggestion("ab", ["", "ab"]), None);
        assert_eq!(name_suggestion("ab", ["ab", ""]), Some("ab"));
    }
}
