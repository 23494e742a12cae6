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
//! `oracle/graphemes/gen_table.py`).

#[path = "grapheme_table.rs"]
mod table;

#[path = "grapheme_bytes_table.rs"]
mod bytes_table;

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

/// The class of a sequence that is not canonical UTF-8 (of the length its lead byte gives), as
/// the reference's segmenter, whose byte-level tables accept some such sequences, sees it;
/// `None` if it is no character at all.
/// A row of [`bytes_table`]: a sequence's length, the range of each of its bytes, its class.
type ByteRow = (u8, [(u8, u8); 4], Class);

fn byte_class(seq: &[u8], table: &[ByteRow]) -> Option<Class> {
    table.iter().find_map(|(len, ranges, class)| {
        (usize::from(*len) == seq.len() && seq.iter().zip(ranges).all(|(&b, &(lo, hi))| lo <= b && b <= hi))
            .then_some(*class)
    })
}

/// [`byte_class`] of a character after the first of a cluster: also the sequences that only
/// extend.
fn byte_class_after(seq: &[u8]) -> Option<Class> {
    byte_class(seq, bytes_table::BYTE_CLASSES).or_else(|| byte_class(seq, bytes_table::BYTE_EXTENDERS))
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
        let classes: Scan<'a> = Scan { s: self.rest.as_bytes() };
        let len = classes.cluster_len();
        let (head, tail) = self.rest.split_at(len);
        self.rest = tail;
        Some(head)
    }
}

/// The length of the grapheme cluster at the start of `data`, as the reference's segmenter
/// (go-textseg's `ScanGraphemeClusters`, a `bufio.SplitFunc`) finds it when handed `data`:
/// the end of `data` ends the cluster; characters are read in the lenient UTF-8 shapes of
/// its grammar, and its tables also take some sequences that are not UTF-8 at all (a lead byte
/// and bytes that are not continuation bytes) as characters of some class (see
/// `grapheme_bytes_table.rs`, observed from the reference). When `data` does not
/// start with such a character (a stray byte, or a sequence cut short by the end of `data`),
/// the segmenter asks for more input: `None`, unless `at_eof`, when the first byte alone is
/// taken. Empty `data` gives `None`.
pub(super) fn split_cluster(data: &[u8], at_eof: bool) -> Option<usize> {
    let scan = Scan { s: data };
    match scan.at_start(0) {
        Some(_) => Some(scan.cluster_len()),
        None if at_eof && !data.is_empty() => Some(1),
        None => None,
    }
}

/// Looks ahead in the text from the start of a cluster; positions are byte offsets. The text
/// need not be UTF-8 (see [`split_cluster`]); a `&str`'s bytes read as its characters.
struct Scan<'a> {
    s: &'a [u8],
}

impl Scan<'_> {
    /// [`Self::at`] where a cluster (or its core, after prepend characters) starts: the
    /// sequences that are not UTF-8 and only extend are no characters there.
    fn at_start(&self, at: usize) -> Option<(Class, usize)> {
        let (class, n) = self.at(at)?;
        let seq = &self.s[at..at + n];
        if class == Class::Extend
            && std::str::from_utf8(seq).is_err()
            && byte_class(seq, bytes_table::BYTE_CLASSES).is_none()
        {
            return None;
        }
        Some((class, n))
    }

    /// The class of the character at byte offset `at`, and its length in bytes; `None` at the
    /// end, at a byte that starts no character, or at a character cut short.
    fn at(&self, at: usize) -> Option<(Class, usize)> {
        let s = self.s;
        let b0 = *s.get(at)?;
        let (len, init, min) = match b0 {
            0x00..=0x7F => return Some((class_of(b0 as char), 1)),
            0xC0..=0xDF => (2, u32::from(b0 & 0x1F), 0x80),
            0xE0..=0xEF => (3, u32::from(b0 & 0x0F), 0x800),
            0xF0..=0xF7 => (4, u32::from(b0 & 0x07), 0x1_0000),
            _ => return None,
        };
        let seq = s.get(at..at + len)?;
        let mut cp = init;
        for &b in &seq[1..] {
            if b & 0xC0 != 0x80 {
                return byte_class_after(seq).map(|c| (c, len));
            }
            cp = (cp << 6) | u32::from(b & 0x3F);
        }
        match char::from_u32(cp) {
            Some(c) if cp >= min => Some((class_of(c), len)),
            // Overlong forms, surrogates and values beyond U+10FFFF.
            _ => byte_class_after(&s[at..at + len]).map(|c| (c, len)),
        }
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
        let Some((first, n)) = self.at_start(0) else { return 0 };
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
        let (class, n) = self.at_start(at)?;
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
    fn split_cluster_reads_bytes_as_the_reference_does() {
        // Recorded from go-textseg (`textseg.AllTokens(data, textseg.ScanGraphemeClusters)`).
        fn all(data: &[u8]) -> Vec<&[u8]> {
            let mut out = Vec::new();
            let mut rest = data;
            while let Some(n) = split_cluster(rest, true) {
                out.push(&rest[..n]);
                rest = &rest[n..];
            }
            out
        }
        assert_eq!(all(b"a\xff\xcc\x81"), [&b"a"[..], b"\xff", "\u{301}".as_bytes()]);
        assert_eq!(all(b"\xed\xa0\x80\xcc\x81"), [&b"\xed\xa0\x80\xcc\x81"[..]]);
        assert_eq!(all(b"\xc0\x80\xcc\x81"), [&b"\xc0\x80\xcc\x81"[..]]);
        assert_eq!(all(b"\xf4\x90\x80\x80\xcc\x81"), [&b"\xf4\x90\x80\x80\xcc\x81"[..]]);
        assert_eq!(all(b"\xef\xbf\xbd\xcc\x81").len(), 2);
        assert_eq!(all(b"\xf8\x80"), [&b"\xf8"[..], b"\x80"]);
        assert_eq!(all(b"\xf0\x9f\x91"), [&b"\xf0"[..], b"\x9f", b"\x91"]);
        assert_eq!(all(b"\r\r\n"), [&b"\r"[..], b"\r\n"]);
        // Sequences that are not UTF-8 but characters of the reference's tables.
        assert_eq!(all(b"\xedis"), [&b"\xedis"[..]]);
        assert_eq!(all(b"\xcdce"), [&b"\xcd"[..], b"c", b"e"]);
        assert_eq!(all(b"u\xcdc"), [&b"u\xcdc"[..]]);
        // Without the end of input, a cut or stray first byte asks for more.
        assert_eq!(split_cluster(b"\xcc", false), None);
        assert_eq!(split_cluster(b"\xff", false), None);
        assert_eq!(split_cluster(b"", true), None);
        // The end of the data ends a cluster.
        assert_eq!(split_cluster(b"a\xcc", false), Some(1));
        assert_eq!(split_cluster(b"\r", false), Some(1));
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
