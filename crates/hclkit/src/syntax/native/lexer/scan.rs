//! Scanning functions over bytes: UTF-8, identifiers, numbers, comments, the literal runs of
//! templates.

use memchr::memchr;

use crate::pos::Span;
use crate::syntax::native::reference_idents;

/// Decodes one character in the reference's lenient UTF-8 shape (a lead byte and the right
/// number of continuation bytes). Returns the character and its length, or `None` when the
/// bytes are not of that shape or do not form a Unicode scalar value.
#[inline]
pub(crate) fn decode_utf8(src: &[u8], p: usize) -> Option<(char, usize)> {
    let b0 = *src.get(p)?;
    let (len, init) = match b0 {
        0x00..=0x7F => return Some((b0 as char, 1)),
        0xC0..=0xDF => (2, (b0 & 0x1F) as u32),
        0xE0..=0xEF => (3, (b0 & 0x0F) as u32),
        0xF0..=0xF7 => (4, (b0 & 0x07) as u32),
        _ => return None,
    };
    let mut cp = init;
    for i in 1..len {
        let b = *src.get(p + i)?;
        if b & 0xC0 != 0x80 {
            return None;
        }
        cp = (cp << 6) | (b & 0x3F) as u32;
    }
    // Overlong forms and surrogates keep the scanner's shape but are not characters.
    let c = char::from_u32(cp).unwrap_or('\u{FFFD}');
    Some((c, len))
}

/// Length of the reference-shaped UTF-8 sequence at `p` (see [`decode_utf8`]), without
/// decoding it.
#[inline]
pub(super) fn utf8_len(src: &[u8], p: usize) -> Option<usize> {
    let len = match src[p] {
        0x00..=0x7F => return Some(1),
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => return None,
    };
    for i in 1..len {
        if *src.get(p + i)? & 0xC0 != 0x80 {
            return None;
        }
    }
    Some(len)
}

#[inline]
pub(super) fn is_id_start(c: char) -> bool {
    unicode_ident::is_xid_start(c)
}

#[inline]
pub(super) fn is_id_continue(c: char) -> bool {
    unicode_ident::is_xid_continue(c)
}

/// End of an identifier whose first character ends at `p`.
#[inline]
pub(crate) fn ident_continue(src: &[u8], mut p: usize) -> usize {
    loop {
        // ASCII first, in a loop of its own; then a character that is not ASCII, if any.
        while p < src.len() && CLASS[src[p] as usize] & IDENT_CONT != 0 {
            p += 1;
        }
        match src.get(p) {
            Some(&b) if b >= 0x80 => match decode_utf8(src, p) {
                Some((c, len)) if is_id_continue(c) => p += len,
                _ => return p,
            },
            _ => return p,
        }
    }
}

/// The high bit of each byte of `w` (eight source bytes, the first in the low byte) that is
/// not an ASCII identifier byte (letter, digit, `_`, `-`): the [`IDENT_CONT`] class of eight
/// bytes at once. Each `ge(c)` sets the high bit of the bytes whose low seven bits are at
/// least `c` (no borrow crosses bytes since every byte is at least 0x80 before the
/// subtraction).
#[inline(always)]
pub(super) fn not_ident_bytes(w: u64) -> u64 {
    const H: u64 = 0x8080_8080_8080_8080;
    const L: u64 = 0x0101_0101_0101_0101;
    let x = (w & !H) | H;
    let ge = |v: u64, c: u8| (v - L * c as u64) & H;
    // Letters, folded to lower case (only A-Z and a-z fold into a-z).
    let y = x | (L * 0x20);
    let letter = ge(y, b'a') & !ge(y, b'z' + 1);
    let digit = ge(x, b'0') & !ge(x, b'9' + 1);
    let under = ge(x, b'_') & !ge(x, b'_' + 1);
    let dash = ge(x, b'-') & !ge(x, b'-' + 1);
    let ascii = !w & H;
    !((letter | digit | under | dash) & ascii) & H
}

/// Byte class: an ASCII byte that continues an identifier (letters, digits, `_`, `-`).
pub(super) const IDENT_CONT: u8 = 1;
/// Byte class: an ASCII byte that belongs to the literal run of a quoted template (anything
/// but `$`, `%`, `"`, `\`, `\n` and `\r`).
pub(super) const QUOTED_PLAIN: u8 = 2;
/// Byte class: an ASCII byte that belongs to the literal run of a heredoc or bare template
/// (anything but `$`, `%`, `\n` and `\r`).
pub(super) const TEMPLATE_PLAIN: u8 = 4;

/// The byte-class table driving the lexer's inner loops: one load per byte instead of a
/// chain of comparisons.
pub(super) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 128 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            t[b] |= IDENT_CONT;
        }
        if !matches!(c, b'$' | b'%' | b'"' | b'\\' | b'\n' | b'\r') {
            t[b] |= QUOTED_PLAIN;
        }
        if !matches!(c, b'$' | b'%' | b'\n' | b'\r') {
            t[b] |= TEMPLATE_PLAIN;
        }
        b += 1;
    }
    t
};

/// End of the identifier starting at `p`, if one starts there.
pub(crate) fn ident_end(src: &[u8], p: usize) -> Option<usize> {
    let b = *src.get(p)?;
    if b.is_ascii_alphabetic() || b == b'_' {
        return Some(ident_continue(src, p + 1));
    }
    if b >= 0x80 {
        if let Some((c, len)) = decode_utf8(src, p) {
            if is_id_start(c) {
                return Some(ident_continue(src, p + len));
            }
        }
    }
    None
}

/// End of a number literal starting at digit `p`: a digit followed by digits, dots and
/// exponents (`e`, an optional sign and a digit), never ending in a dot.
#[inline]
pub(crate) fn number_end(src: &[u8], p: usize) -> usize {
    let mut i = p + 1;
    let mut good = i;
    loop {
        match src.get(i) {
            Some(b'0'..=b'9') => {
                i += 1;
                good = i;
            }
            Some(b'.') => i += 1,
            Some(b'e' | b'E') => {
                let mut j = i + 1;
                if matches!(src.get(j), Some(b'+' | b'-')) {
                    j += 1;
                }
                if matches!(src.get(j), Some(b'0'..=b'9')) {
                    i = j + 1;
                    good = i;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    good
}

/// End of a `#` or `//` comment starting at `p` (including its newline).
#[inline]
pub(super) fn line_comment_end(src: &[u8], p: usize) -> usize {
    match memchr(b'\n', &src[p..]) {
        Some(i) => p + i + 1,
        None => src.len(),
    }
}

/// `<<ID\n` or `<<-ID\n` (or `\r\n`) at `p`: the marker's span and the end of the intro
/// (the marker read with the reference's identifier tables if `reference`).
pub(super) fn heredoc_intro(src: &[u8], p: usize, reference: bool) -> Option<(Span, usize)> {
    let mut i = p + 2;
    if src.get(i) == Some(&b'-') {
        i += 1;
    }
    let id_end =
        if reference { Some(i + reference_idents::ident_len(src, i)).filter(|&e| e > i)? } else { ident_end(src, i)? };
    let end = match src.get(id_end) {
        Some(b'\n') => id_end + 1,
        Some(b'\r') if src.get(id_end + 1) == Some(&b'\n') => id_end + 2,
        _ => return None,
    };
    Some((Span::new(i as u32, id_end as u32), end))
}

/// End of the literal run of a quoted template starting at `p`: characters other than `$`,
/// `%`, `"`, `\`, newlines, and backslash escapes (a backslash and any character but a
/// newline). Stops at bytes that are not UTF-8. Sets `backslash_end` past any backslash
/// it meets.
#[inline]
pub(super) fn quoted_lit_end(src: &[u8], mut p: usize, backslash_end: &mut usize) -> usize {
    while let Some(&b) = src.get(p) {
        if CLASS[b as usize] & QUOTED_PLAIN != 0 {
            p += 1;
            continue;
        }
        match b {
            b'$' | b'%' | b'"' | b'\n' | b'\r' => break,
            b'\\' => {
                *backslash_end = p + 1;
                if p + 1 >= src.len() || matches!(src[p + 1], b'\n' | b'\r') {
                    break;
                }
                match utf8_len(src, p + 1) {
                    Some(n) => p += 1 + n,
                    None => break,
                }
            }
            0x00..=0x7F => p += 1,
            _ => match utf8_len(src, p) {
                Some(n) => p += n,
                None => break,
            },
        }
    }
    p
}

/// End of a literal run in a heredoc or bare template: anything but `$`, `%`, newlines and
/// bytes that are not UTF-8.
#[inline]
pub(super) fn template_lit_end(src: &[u8], mut p: usize) -> usize {
    while let Some(&b) = src.get(p) {
        if CLASS[b as usize] & TEMPLATE_PLAIN != 0 {
            p += 1;
            continue;
        }
        match b {
            b'$' | b'%' | b'\n' | b'\r' => break,
            0x00..=0x7F => p += 1,
            _ => match utf8_len(src, p) {
                Some(n) => p += n,
                None => break,
            },
        }
    }
    p
}

/// Trims Unicode white space from both ends, as Go's `bytes.TrimSpace`.
pub(crate) fn trim_space(b: &[u8]) -> &[u8] {
    let s = String::from_utf8_lossy(b);
    if s.len() != b.len() {
        // Not UTF-8: trim ASCII white space only.
        return b.trim_ascii();
    }
    let lead = s.len() - s.trim_start().len();
    let trail = s.len() - s.trim_end().len();
    &b[lead..b.len() - trail.min(b.len() - lead)]
}
