//! Traversals: a variable name followed by attribute and index steps (the reference's
//! `hcl.Traversal`).
//!
//! A traversal is what static analysis sees of a reference like `var.list[0].name`: the
//! root name `var`, then `.list`, `[0]` and `.name`, each with its source range. An
//! *absolute* traversal starts with a [`TraverseStep::Root`]; a *relative* one (applied to a
//! value rather than looked up in a scope) starts with any other step.
//!
//! ```
//! use hclkit::traversal::{Traversal, TraverseStep};
//! use hclkit::Range;
//! use hclkit_value::Value;
//!
//! let r = Range::default();
//! let t = Traversal::new(vec![
//!     TraverseStep::Root { name: "var".into(), range: r.clone() },
//!     TraverseStep::Attr { name: "list".into(), range: r.clone() },
//!     TraverseStep::Index { key: Value::number(0), range: r.clone() },
//! ]);
//! assert_eq!(t.root_name(), Some("var"));
//! assert!(!t.is_relative());
//! assert_eq!(t.to_string(), "var.list[0]");
//! ```

use std::fmt;

pub(crate) mod access;

pub(crate) use access::traverse_abs;

use hclkit_value::Value;

use crate::diagnostic::go_quote;
use crate::pos::Range;

/// One step of a traversal (the reference's `hcl.Traverser`, without splats, which never
/// appear in static traversals).
#[derive(Clone, PartialEq, Debug)]
pub enum TraverseStep {
    /// The variable looked up in the scope (first step of an absolute traversal).
    Root {
        /// The variable name.
        name: String,
        /// The name's range.
        range: Range,
    },
    /// `.name`: an attribute of an object (or a map key).
    Attr {
        /// The attribute name.
        name: String,
        /// The range from the dot to the end of the name.
        range: Range,
    },
    /// `[key]` (or the legacy `.0`): an element of a collection.
    Index {
        /// The constant key (a number or a string, usually).
        key: Value,
        /// The range of the step, brackets included.
        range: Range,
    },
}

impl TraverseStep {
    /// The step's source range.
    pub fn range(&self) -> &Range {
        match self {
            TraverseStep::Root { range, .. } | TraverseStep::Attr { range, .. } | TraverseStep::Index { range, .. } => {
                range
            }
        }
    }
}

/// A sequence of traversal steps (the reference's `hcl.Traversal`).
///
/// Static analysis produces them from expressions, with the source range of each step:
///
/// ```
/// use hclkit::body::abs_traversal_for_expr;
/// use hclkit::syntax::native::NativeExpression;
/// use hclkit::traversal::TraverseStep;
/// use hclkit_value::Value;
///
/// let e = hclkit::parse_expression(b"var.ports[0][\"name\"]".as_slice(), "x.hcl").into_value();
/// let t = abs_traversal_for_expr(&NativeExpression::from_expr_file(&e)).unwrap();
/// assert_eq!(t.len(), 4);
/// assert_eq!(t.root_name(), Some("var"));
/// assert!(matches!(&t.steps[1], TraverseStep::Attr { name, .. } if name == "ports"));
/// assert!(matches!(&t.steps[3], TraverseStep::Index { key, .. } if *key == Value::string("name")));
/// assert_eq!(t.steps[2].range().to_string(), "x.hcl:1,10-13");
/// assert_eq!(t.source_range().unwrap().to_string(), "x.hcl:1,1-21");
/// assert_eq!(t.to_string(), "var.ports[0][\"name\"]");
/// ```
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Traversal {
    /// The steps, in order; an absolute traversal starts with [`TraverseStep::Root`].
    pub steps: Vec<TraverseStep>,
}

impl Traversal {
    /// A traversal of the given steps.
    pub fn new(steps: Vec<TraverseStep>) -> Traversal {
        Traversal { steps }
    }

    /// Whether the traversal is relative: it does not start with a root name (an empty
    /// traversal is relative, as in the reference).
    pub fn is_relative(&self) -> bool {
        !matches!(self.steps.first(), Some(TraverseStep::Root { .. }))
    }

    /// The root variable's name, for an absolute traversal.
    pub fn root_name(&self) -> Option<&str> {
        match self.steps.first() {
            Some(TraverseStep::Root { name, .. }) => Some(name),
            _ => None,
        }
    }

    /// The range from the first step's start to the last step's end (the reference's
    /// `SourceRange`); `None` for an empty traversal.
    pub fn source_range(&self) -> Option<Range> {
        let first = self.steps.first()?.range();
        let last = self.steps.last()?.range();
        Some(Range::between(first, last))
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether there are no steps.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The same traversal made relative: the root becomes an attribute step of the same
    /// name and range (the reference's `RelTraversalForExpr` conversion).
    ///
    /// ```
    /// use hclkit::traversal::{Traversal, TraverseStep};
    /// use hclkit::Range;
    ///
    /// let abs = Traversal::new(vec![
    ///     TraverseStep::Root { name: "a".into(), range: Range::default() },
    ///     TraverseStep::Attr { name: "b".into(), range: Range::default() },
    /// ]);
    /// let rel = abs.into_relative();
    /// assert!(rel.is_relative());
    /// assert_eq!(rel.root_name(), None);
    /// assert_eq!(rel.to_string(), ".a.b");
    /// assert!(Traversal::default().is_relative() && Traversal::default().is_empty());
    /// ```
    pub fn into_relative(mut self) -> Traversal {
        if let Some(TraverseStep::Root { name, range }) = self.steps.first_mut() {
            let (name, range) = (std::mem::take(name), std::mem::take(range));
            self.steps[0] = TraverseStep::Attr { name, range };
        }
        self
    }
}

/// The traversal in HCL source form: `root.attr[0]["key"]`. A relative traversal starts
/// with its first step (`.attr` or `[0]`). Keys that are neither strings nor numbers print
/// as the literal that would produce them where there is one (`true`, `null`), else as
/// `[?]`.
impl fmt::Display for Traversal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            match step {
                TraverseStep::Root { name, .. } => f.write_str(name)?,
                TraverseStep::Attr { name, .. } => write!(f, ".{name}")?,
                TraverseStep::Index { key, .. } => {
                    f.write_str("[")?;
                    write_key(f, key)?;
                    f.write_str("]")?;
                }
            }
        }
        Ok(())
    }
}

fn write_key(f: &mut fmt::Formatter<'_>, key: &Value) -> fmt::Result {
    if !key.is_known() {
        return f.write_str("?");
    }
    if key.is_null() {
        return f.write_str("null");
    }
    if let Some(s) = key.as_str() {
        return f.write_str(&go_quote(s));
    }
    if let Some(n) = key.as_number() {
        return write!(f, "{n}");
    }
    if let Some(b) = key.as_bool() {
        return write!(f, "{b}");
    }
    f.write_str("?")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::Pos;

    fn r(a: u32, b: u32) -> Range {
        let p = |byte| Pos { line: 1, column: byte + 1, byte };
        Range { filename: "t.hcl".into(), start: p(a), end: p(b) }
    }

    #[test]
    fn display_quotes_string_keys_and_prints_other_keys_as_literals() {
        let t = Traversal::new(vec![
            TraverseStep::Root { name: "a".into(), range: r(0, 1) },
            TraverseStep::Index { key: Value::string("x \"y\"\n"), range: r(1, 10) },
            TraverseStep::Index { key: Value::number(1), range: r(10, 13) },
            TraverseStep::Index { key: Value::bool(true), range: r(13, 19) },
            TraverseStep::Index { key: Value::null(hclkit_value::Type::Dynamic), range: r(19, 25) },
            TraverseStep::Index { key: Value::dynamic(), range: r(25, 28) },
            TraverseStep::Attr { name: "b".into(), range: r(28, 30) },
        ]);
        assert_eq!(t.to_string(), "a[\"x \\\"y\\\"\\n\"][1][true][null][?].b");
        assert_eq!(t.source_range(), Some(r(0, 30)));
        assert_eq!(Traversal::default().source_range(), None);
    }

    #[test]
    fn relative_traversals() {
        let abs = Traversal::new(vec![
            TraverseStep::Root { name: "a".into(), range: r(0, 1) },
            TraverseStep::Attr { name: "b".into(), range: r(1, 3) },
        ]);
        assert!(!abs.is_relative());
        let rel = abs.clone().into_relative();
        assert!(rel.is_relative());
        assert_eq!(rel.root_name(), None);
        assert_eq!(rel.steps[0], TraverseStep::Attr { name: "a".into(), range: r(0, 1) });
        assert_eq!(rel.to_string(), ".a.b");
        // Already relative: unchanged.
        assert_eq!(rel.clone().into_relative(), rel);
        assert!(Traversal::default().is_relative());
    }
}
