//! Grapheme clusters as the reference counts them.
//!
//! The reference segments text with a state machine built from a grammar of its own, on
//! Unicode 13 character data, rather than with the rules of the current Unicode text
//! segmentation standard. The two differ in places: no Indic conjunct rule (so "क्षि" is two
//! characters), spacing marks are treated like extending marks (so a spacing mark can sit
//! between an emoji and a zero-width joiner that glues the next emoji on), U+FFFD is treated
//! like a control character, a zero-width joiner followed by a pictographic character glues
//! after any emoji, flag or Hangul cluster, and a Hangul `L` `LV` `T` sequence is split before
//! the `T`. This module implements that grammar directly:
//!
//! | a cluster starting with | continues with |
//! |---|---|
//! | CR | LF, if next |
//! | control, U+FFFD, lone LF | nothing |
//! | Hangul jamo or syllable | the longest Hangul syllable sequence, then an *extension* |
//! | pictographic | an *extension* |
//! | regional indicator | one more regional indicator, if next, then an *extension* |
//! | zero-width joiner | any extending marks and joiners |
//! | prepend characters | one of the sequences above except control, CR and LF, if any |
//! | anything else | any extending marks and joiners |
//!
//! where an *extension* is any sequence of extending marks and zero-width joiners, each
//! joiner optionally followed by one pictographic character. The character classes come from
//! `grapheme_table.rs`, which records how the reference classifies each code point (see
//! `tests/data/gen_grapheme_table.py`).

#[path = "grapheme_table.rs"]
mod table;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    Other,
    Cr,
    Lf,
    /// Control characters, and U+FFFD.
    Control,
    /// Extending marks and spacing marks (the grammar treats them alike).
    Extend,
    Zwj,
    RegionalIndicator,
    Prepend,
    ExtendedPictographic,
    L,
    V,
    T,
    Lv,
    Lvt,
}

fn class_of(c: char) -> Class {
    let cp = c as u32;
    if (0xAC00..=0xD7A3).contains(&cp) {
        return if (cp - 0xAC00) % 28 == 0 { Class::Lv } else { Class::Lvt };
    }
    match table::CLASS_RANGES.binary_search_by(|&(lo, hi, _)| {
        if hi < cp {
            std::cmp::Ordering::Less
        } else if lo > cp {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    }) {
        Ok(i) => table::CLASS_RANGES[i].2,
        Err(_) => Class::Other,
    }
}

/// Iterates the grapheme clusters of `s`.
pub(super) fn clusters(s: &str) -> Clusters<'_> {
    Clusters { rest: s }
}

/// An iterator over grapheme clusters.
pub(super) struct Clusters<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Clusters<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let classes: Scan<'a> = Scan { s: self.rest };
        let len = classes.cluster_len();
        let (head, tail) = self.rest.split_at(len);
        self.rest = tail;
        Some(head)
    }
}

/// Looks ahead in the text from the start of a cluster; positions are byte offsets.
struct Scan<'a> {
    s: &'a str,
}

impl Scan<'_> {
    /// The class of the character at byte offset `at`, and its length in bytes.
    fn at(&self, at: usize) -> Option<(Class, usize)> {
        self.s.get(at..).and_then(|r| r.chars().next()).map(|c| (class_of(c), c.len_utf8()))
    }
    fn is(&self, at: usize, class: Class) -> Option<usize> {
        match self.at(at) {
            Some((c, n)) if c == class => Some(at + n),
            _ => None,
        }
    }
    /// Skips any run of characters of `class`.
    fn run(&self, mut at: usize, class: Class) -> usize {
        while let Some(next) = self.is(at, class) {
            at = next;
        }
        at
    }

    /// The byte length of the cluster at the start of the text (at least one character).
    fn cluster_len(&self) -> usize {
        let Some((first, n)) = self.at(0) else { return 0 };
        match first {
            Class::Cr => self.is(n, Class::Lf).unwrap_or(n),
            Class::Lf | Class::Control => n,
            Class::Prepend => {
                let at = self.run(n, Class::Prepend);
                self.core(at).unwrap_or(at)
            }
            _ => self.core(0).unwrap_or(n),
        }
    }

    /// The end of a sequence other than CR LF, control and prepend sequences starting at `at`.
    fn core(&self, at: usize) -> Option<usize> {
        let (class, n) = self.at(at)?;
        let next = at + n;
        Some(match class {
            Class::Cr | Class::Lf | Class::Control | Class::Prepend => return None,
            Class::L | Class::V | Class::T | Class::Lv | Class::Lvt => self.extension(self.hangul(at, class)),
            Class::ExtendedPictographic => self.extension(next),
            Class::RegionalIndicator => self.extension(self.is(next, Class::RegionalIndicator).unwrap_or(next)),
            Class::Zwj | Class::Other | Class::Extend => self.marks(next),
        })
    }

    /// Extending marks and joiners.
    fn marks(&self, mut at: usize) -> usize {
        while let Some((Class::Extend | Class::Zwj, n)) = self.at(at) {
            at += n;
        }
        at
    }

    /// Extending marks, and joiners each optionally followed by a pictographic character.
    fn extension(&self, mut at: usize) -> usize {
        loop {
            match self.at(at) {
                Some((Class::Extend, n)) => at += n,
                Some((Class::Zwj, n)) => {
                    at += n;
                    at = self.is(at, Class::ExtendedPictographic).unwrap_or(at);
                }
                _ => return at,
            }
        }
    }

    /// The end of the longest Hangul syllable sequence starting at `at` with a `first` jamo:
    /// `L+ (LV? V+ T* | LVT T* | LV)?`, `LV V* T*`, `V+ T*`, `LVT T*` or `T+`.
    fn hangul(&self, at: usize, first: Class) -> usize {
        match first {
            Class::L => {
                let at = self.run(at, Class::L);
                if let Some(after_lv) = self.is(at, Class::Lv) {
                    match self.is(after_lv, Class::V) {
                        Some(_) => self.run(self.run(after_lv, Class::V), Class::T),
                        None => after_lv,
                    }
                } else if self.is(at, Class::V).is_some() {
                    self.run(self.run(at, Class::V), Class::T)
                } else if let Some(after_lvt) = self.is(at, Class::Lvt) {
                    self.run(after_lvt, Class::T)
                } else {
                    at
                }
            }
            Class::Lv => {
                let at = self.is(at, Class::Lv).unwrap_or(at);
                self.run(self.run(at, Class::V), Class::T)
            }
            Class::V => self.run(self.run(at, Class::V), Class::T),
            Class::Lvt => {
                let at = self.is(at, Class::Lvt).unwrap_or(at);
                self.run(at, Class::T)
            }
            _ => self.run(at, Class::T),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(s: &str) -> Vec<&str> {
        clusters(s).collect()
    }

    #[test]
    fn table_is_sorted_and_disjoint() {
        for w in table::CLASS_RANGES.windows(2) {
            assert!(w[0].0 <= w[0].1 && w[0].1 < w[1].0, "{:x?}", w);
        }
    }

    #[test]
    fn basic_segmentation() {
        assert_eq!(split("abc"), ["a", "b", "c"]);
        assert_eq!(split("e\u{301}x"), ["e\u{301}", "x"]);
        assert_eq!(split("\r\n\n\r"), ["\r\n", "\n", "\r"]);
        assert_eq!(split("\u{301}\u{301}"), ["\u{301}\u{301}"]);
        assert_eq!(split(""), Vec::<&str>::new());
    }

    #[test]
    fn reference_quirks() {
        // No Indic conjunct rule.
        assert_eq!(split("क्षि").len(), 2);
        // A spacing mark may sit between an emoji and a joiner.
        assert_eq!(split("😀\u{903}\u{200d}😀").len(), 1);
        assert_eq!(split("😀\u{200d}\u{200d}😀").len(), 1);
        // A joiner after an ordinary character does not glue an emoji.
        assert_eq!(split("a\u{200d}😀").len(), 2);
        assert_eq!(split("\u{200d}😀").len(), 2);
        // Flags pair up.
        assert_eq!(split("🇦🇧🇨🇩🇪").len(), 3);
        // U+FFFD is like a control character.
        assert_eq!(split("\u{fffd}\u{301}").len(), 2);
        // Hangul L LV T splits before the T.
        assert_eq!(split("\u{1100}\u{ac00}\u{11a8}").len(), 2);
        assert_eq!(split("\u{1100}\u{1161}\u{11a8}").len(), 1);
        // Prepend.
        assert_eq!(split("\u{600}\u{600}a").len(), 1);
        assert_eq!(split("\u{600}\n").len(), 2);
    }
}
