//! [`Text`]: a piece of a document's text, borrowed from the source it was read from until it
//! is edited.

use std::fmt;
use std::ops::{Deref, Range};
use std::sync::Arc;

/// A piece of a document's text (a name, a comment, an expression, the white space between
/// them). Read from a file, it is a range of that file's one shared source: reading a document
/// copies no text. Only an edited piece holds text of its own.
///
/// `Text` dereferences to `str`:
///
/// ```
/// use hclkit::edit::Document;
///
/// let doc: Document = "name = \"web\" # the name\n".parse().unwrap();
/// let attr = doc.body().get_attribute("name").unwrap();
/// assert_eq!(attr.expr().as_str(), "\"web\"");
/// assert!(attr.expr().text().is_shared()); // a range of the source, not a copy
/// assert_eq!(attr.expr().text().len(), 5);
/// ```
#[derive(Clone)]
pub struct Text(Repr);

// 16 bytes: a thin pointer to the source and a range, or a thin pointer to text of its own
// (an item holds half a dozen of them, and a large file hundreds of thousands of items).
#[derive(Clone)]
enum Repr {
    /// `start..end` of a shared source (always inside it, on character boundaries).
    Shared(Source, u32, u32),
    /// Text of its own (an edit); boxed for a thin pointer, which keeps `Text` at 16 bytes.
    #[allow(clippy::box_collection)]
    Own(Box<String>),
}

/// The source a document was read from, shared by every unedited piece of its text (a thin
/// pointer to the text the parser reads too).
pub(crate) type Source = Arc<Arc<str>>;

impl Text {
    /// `range` of `src`, shared (not copied). A range that is not inside `src` on character
    /// boundaries gives the empty text.
    pub(crate) fn shared(src: &Source, range: Range<usize>) -> Text {
        match (src.get(range.clone()), u32::try_from(range.start), u32::try_from(range.end)) {
            (Some(_), Ok(s), Ok(e)) => Text(Repr::Shared(src.clone(), s, e)),
            _ => Text::default(),
        }
    }

    /// Text of its own.
    pub fn new(s: impl Into<String>) -> Text {
        Text(Repr::Own(Box::new(s.into())))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Shared(src, s, e) => src.get(*s as usize..*e as usize).unwrap_or(""),
            Repr::Own(s) => s,
        }
    }

    /// Whether the text is a range of the source it was read from (not edited, not copied).
    pub fn is_shared(&self) -> bool {
        matches!(self.0, Repr::Shared(..))
    }

    /// The part `range` of this text (shared if this text is); the empty text if `range` is
    /// not inside it on character boundaries.
    pub(crate) fn slice(&self, range: Range<usize>) -> Text {
        match &self.0 {
            Repr::Shared(src, s, _) if self.as_str().get(range.clone()).is_some() => {
                let base = *s as usize;
                Text::shared(src, base + range.start..base + range.end)
            }
            _ => self.as_str().get(range).map_or_else(Text::default, Text::new),
        }
    }

    /// Appends `src[start..end]`: a shared text ending at `start` of the same source grows
    /// over it; any other text copies it.
    pub(crate) fn extend_shared(&mut self, src: &Source, start: usize, end: usize) {
        if let Repr::Shared(a, s, e) = &self.0 {
            if Arc::ptr_eq(a, src) && *e as usize == start {
                *self = Text::shared(src, *s as usize..end);
                return;
            }
        }
        self.push_str(src.get(start..end).unwrap_or(""));
    }

    /// Appends `s` (the text becomes its own).
    pub(crate) fn push_str(&mut self, s: &str) {
        let mut t = String::with_capacity(self.len() + s.len());
        t.push_str(self.as_str());
        t.push_str(s);
        *self = Text::new(t);
    }

    /// Replaces `range` with `with` (the text becomes its own).
    pub(crate) fn replace_range(&mut self, range: Range<usize>, with: &str) {
        let mut t = self.as_str().to_owned();
        if t.get(range.clone()).is_some() {
            t.replace_range(range, with);
        }
        *self = Text::new(t);
    }
}

impl Default for Text {
    fn default() -> Text {
        Text(Repr::Own(Box::default()))
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::new(s)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::new(s)
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_slices_and_edits() {
        let src: Source = Arc::new(Arc::from("héllo world"));
        let t = Text::shared(&src, 0..6);
        assert_eq!(t, "héllo");
        assert!(t.is_shared());
        let s = t.slice(1..3);
        assert_eq!(s, "é");
        assert!(s.is_shared());
        // Not on a character boundary: empty, no panic.
        assert_eq!(t.slice(1..2), "");
        assert_eq!(Text::shared(&src, 5..100), "");
        let mut e = t.clone();
        e.push_str("!");
        assert_eq!(e, "héllo!");
        assert!(!e.is_shared());
        e.replace_range(0..1, "J");
        assert_eq!(e, "Jéllo!");
        e.replace_range(2..3, "x"); // inside "é": left alone
        assert_eq!(e, "Jéllo!");
        assert_eq!(std::mem::size_of::<Text>(), 16);
    }
}
