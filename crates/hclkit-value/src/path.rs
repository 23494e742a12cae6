//! Paths into values: where inside a value an error was found (`.foo[2]["key"]`).

use std::fmt;

use crate::ty::Name;
use crate::value::Value;

/// One step of a [`Path`].
///
/// ```
/// use hclkit_value::{Path, PathStep, Value};
/// let p = Path::root().attr("ports").index(Value::number(0));
/// match p.steps() {
///     [PathStep::Attr(name), PathStep::Index(key)] => {
///         assert_eq!(&**name, "ports");
///         assert_eq!(key, &Value::number(0));
///     }
///     steps => panic!("unexpected steps {steps:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum PathStep {
    /// An object attribute.
    Attr(Name),
    /// A list, tuple or set element (a number key; sets use the element itself) or a map
    /// element (a string key). An unknown key means "some element".
    Index(Value),
}

/// A sequence of steps from a value to one of its parts.
///
/// ```
/// use hclkit_value::{Path, Value};
/// let p = Path::root().attr("foo").index(Value::number(2)).index(Value::string("k"));
/// assert_eq!(p.to_string(), ".foo[2][\"k\"]");
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path(Vec<PathStep>);

impl Path {
    /// The empty path: the value itself.
    pub fn root() -> Path {
        Path(Vec::new())
    }
    /// This path followed by an attribute step.
    pub fn attr(mut self, name: impl Into<Name>) -> Path {
        self.0.push(PathStep::Attr(name.into()));
        self
    }
    /// This path followed by an index step.
    pub fn index(mut self, key: Value) -> Path {
        self.0.push(PathStep::Index(key));
        self
    }
    /// Appends a step in place.
    ///
    /// ```
    /// use hclkit_value::{Path, PathStep, Value};
    /// let mut p = Path::root();
    /// assert!(p.is_empty());
    /// p.push(PathStep::Attr("tags".into()));
    /// p.push(PathStep::Index(Value::string("env")));
    /// assert_eq!(p.to_string(), ".tags[\"env\"]");
    /// assert_eq!(p.pop(), Some(PathStep::Index(Value::string("env"))));
    /// assert_eq!(p, Path::root().attr("tags"));
    /// ```
    pub fn push(&mut self, step: PathStep) {
        self.0.push(step);
    }
    /// Removes the last step.
    pub fn pop(&mut self) -> Option<PathStep> {
        self.0.pop()
    }
    /// The steps in order.
    pub fn steps(&self) -> &[PathStep] {
        &self.0
    }
    /// Whether this is the root path.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.0 {
            match step {
                PathStep::Attr(n) => write!(f, ".{n}")?,
                PathStep::Index(k) => match (k.as_str(), k.as_number()) {
                    (Some(s), _) => write!(f, "[{s:?}]")?,
                    (_, Some(n)) => write!(f, "[{n}]")?,
                    _ => f.write_str("[...]")?,
                },
            }
        }
        Ok(())
    }
}
