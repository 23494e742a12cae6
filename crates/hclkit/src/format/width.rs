//! Widths in columns, as the reference's formatter counts them.
//!
//! hclwrite counts a token's columns as the number of grapheme clusters in its bytes, found by
//! go-textseg's split function driven by a `bufio.Scanner` over the token. The scanner shows
//! the split function a window of its buffer, and the end of the window ends a cluster, so a
//! cluster that straddles a window boundary counts twice: the windows are 4,096 bytes long at
//! first and grow (up to 64 KiB) only while the split function asks for more without taking
//! anything. Past 64 KiB the scanner gives up and the count stops. [`columns`] reproduces all
//! of this; on ASCII text it reduces to the byte count less the CR LF pairs that do not
//! straddle a 4,096-byte boundary.

use hclkit_value::stdlib::grapheme_split;

/// `bufio.Scanner`'s first buffer size and its default maximum token size.
const START_BUF: usize = 4096;
const MAX_BUF: usize = 64 * 1024;

/// The number of columns `text` occupies: its grapheme clusters as hclwrite counts them.
pub(crate) fn columns(text: &[u8]) -> usize {
    if text.is_ascii() {
        let crlf = memchr::memchr_iter(b'\r', text)
            .filter(|&i| text.get(i + 1) == Some(&b'\n') && (i + 1) % START_BUF != 0)
            .count();
        return text.len() - crlf;
    }
    scanner_count(text)
}

/// Counts the clusters a `bufio.Scanner` with go-textseg's split function yields on `text`
/// (reading from a `bytes.Reader`, as `textseg.TokenCount` does).
fn scanner_count(text: &[u8]) -> usize {
    // The buffer holds text[base .. base + end]; its unread part starts at base + start.
    let (mut base, mut start, mut end, mut cap) = (0usize, 0usize, 0usize, 0usize);
    let mut eof = false;
    let mut count = 0;
    loop {
        if end > start || eof {
            if let Some(n) = grapheme_split(&text[base + start..base + end], eof) {
                start += n;
                count += 1;
                continue;
            }
            if eof {
                return count;
            }
        }
        // Make room: move the unread part to the front, or grow the buffer.
        if start > 0 && (end == cap || start > cap / 2) {
            base += start;
            end -= start;
            start = 0;
        }
        if end == cap {
            if cap >= MAX_BUF {
                // bufio.ErrTooLong: the count ends here.
                return count;
            }
            cap = if cap == 0 { START_BUF } else { (cap * 2).min(MAX_BUF) };
            base += start;
            end -= start;
            start = 0;
        }
        let avail = text.len() - (base + end);
        if avail == 0 {
            eof = true;
        } else {
            end += avail.min(cap - end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_and_crlf() {
        assert_eq!(columns(b""), 0);
        assert_eq!(columns(b"abc"), 3);
        assert_eq!(columns(b"a\r\nb\rc\n"), 6);
        // A CR LF pair straddling the first 4,096-byte window counts two.
        let mut t = vec![b'x'; 4095];
        t.extend_from_slice(b"\r\n");
        assert_eq!(columns(&t), 4097);
        assert_eq!(scanner_count(&t), 4097);
        t.insert(0, b'y');
        assert_eq!(columns(&t), 4097);
        assert_eq!(scanner_count(&t), 4097);
    }

    #[test]
    fn clusters_and_invalid_bytes() {
        assert_eq!(columns("e\u{301}x".as_bytes()), 2);
        assert_eq!(columns("🇬🇧🇬".as_bytes()), 2);
        assert_eq!(columns(b"a\xff\xcc\x81"), 3);
        assert_eq!(columns("𝒜".as_bytes()), 1);
    }

    #[test]
    fn long_clusters_split_at_window_ends() {
        // Recorded from go-textseg's TokenCount: "a" and N combining acute accents.
        for (n, suffix, want) in [(30000, "", 15), (30000, "bc", 17), (32768, "b", 18), (40000, "", 20)] {
            let s = format!("a{}{}", "\u{301}".repeat(n), suffix);
            assert_eq!(columns(s.as_bytes()), want, "{n} {suffix:?}");
        }
        let s = format!("xya{}b", "\u{301}".repeat(32767));
        assert_eq!(columns(s.as_bytes()), 20);
    }
}
