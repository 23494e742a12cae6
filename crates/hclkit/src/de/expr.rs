//! Attribute values (and labels) as serde deserializers.
//!
//! An attribute's expression is evaluated once, before its field is read; what the field's
//! type asks for is then read out of the value by the value model's conversion rules
//! (delegated to [`hclkit_value::serde::ValueDeserializer`] for scalars). An error is
//! reported at the part of the expression that wrote the offending part of the value, when
//! the expression writes it out (a `[...]` element, a `{...}` item), else at the whole
//! expression.

use hclkit_value::serde::__private::{self, SPANNED_STRUCT, VALUE_TOKEN};
use hclkit_value::serde::ValueDeserializer;
use hclkit_value::{Name, Value};
use serde::de::{self, DeserializeSeed, Visitor};

use super::{DeError, State};
use crate::body::{expr_list, expr_map, Expression};
use crate::diagnostic::{go_quote, Diagnostic};
use crate::pos::Range;
use crate::spanned::SpannedMap;

/// What a value is read for.
#[derive(Clone, Copy)]
pub(crate) enum What<'a> {
    Attribute(&'a str),
    /// A label, by the field that receives it.
    Label(&'a str),
}

/// The attribute (or label) a value comes from.
pub(crate) struct AttrInfo<'a> {
    pub(crate) what: What<'a>,
    pub(crate) expr: Option<&'a dyn Expression>,
    /// A label's range (an attribute's is its expression's, computed when needed).
    pub(crate) range: Option<Range>,
    pub(crate) name_range: Range,
}

impl AttrInfo<'_> {
    fn range(&self) -> Range {
        match (&self.range, self.expr) {
            (Some(r), _) => r.clone(),
            (None, Some(e)) => e.range(),
            (None, None) => Range::default(),
        }
    }
}

/// A step from a value to one of its parts.
#[derive(Clone, Copy)]
enum Step<'a> {
    Index(usize),
    Key(&'a str),
}

/// Where a part of an attribute's value is: a chain of steps up to the attribute, kept on
/// the stack (nothing is allocated unless an error or a `Spanned` needs the range).
#[derive(Clone, Copy)]
struct Loc<'a> {
    parent: Option<&'a Loc<'a>>,
    step: Step<'a>,
}

/// A value (or part of one) to be read.
pub(crate) struct ExprDe<'a> {
    st: &'a State<'a>,
    info: &'a AttrInfo<'a>,
    value: &'a Value,
    loc: Option<&'a Loc<'a>>,
    /// Evaluating the expression failed (and said so already).
    failed: bool,
}

impl<'a> ExprDe<'a> {
    pub(crate) fn new(st: &'a State<'a>, info: &'a AttrInfo<'a>, value: &'a Value, failed: bool) -> ExprDe<'a> {
        ExprDe { st, info, value, loc: None, failed }
    }

    /// The range of this part of the value: the sub-expression that wrote it, as far as the
    /// expression writes the path out, else the attribute's expression.
    fn range(&self) -> Range {
        let mut steps = Vec::new();
        let mut l = self.loc;
        while let Some(loc) = l {
            steps.push(loc.step);
            l = loc.parent;
        }
        steps.reverse();
        let Some(mut expr) = self.info.expr.map(|e| (e.range(), None::<std::sync::Arc<dyn Expression>>)) else {
            return self.info.range();
        };
        let mut current: Option<std::sync::Arc<dyn Expression>> = None;
        for step in steps {
            let e: &dyn Expression = match &current {
                Some(c) => &**c,
                None => self.info.expr.expect("checked above"),
            };
            let next = match step {
                Step::Index(i) => expr_list(e).ok().and_then(|l| l.get(i).cloned()),
                Step::Key(k) => expr_map(e).ok().and_then(|items| {
                    items
                        .into_iter()
                        .rev()
                        .find(|kv| kv.key.value(self.st.ctx).0.as_str() == Some(k))
                        .map(|kv| kv.value)
                }),
            };
            match next {
                Some(n) => {
                    expr = (n.range(), None);
                    current = Some(n);
                }
                None => break,
            }
        }
        expr.0
    }

    /// Records an error about this part of the value.
    fn fail(&self, message: &str) -> DeError {
        if self.failed {
            return DeError::Reported;
        }
        let message = message.trim_end_matches('.');
        let d = match self.info.what {
            What::Attribute(name) => Diagnostic::error(
                "Incorrect attribute value type",
                format!("Inappropriate value for attribute {}: {message}.", go_quote(name)),
            )
            .with_context(Range::between(&self.info.name_range, &self.info.range())),
            What::Label(field) => Diagnostic::error(
                "Invalid block label",
                format!("Inappropriate value for the label {}: {message}.", go_quote(field.trim_start_matches('@'))),
            ),
        };
        self.st.report(d.with_subject(self.range()));
        DeError::Reported
    }

    /// An error from deeper down: reported there already, or (from a visitor) reported here.
    fn settle(&self, e: DeError) -> DeError {
        match e {
            DeError::Reported | DeError::Probe => e,
            DeError::Custom(m) => self.fail(&m),
            DeError::MissingField(f) => self.fail(&format!("attribute {} is required", go_quote(f))),
        }
    }

    fn value_error(&self, e: hclkit_value::serde::Error) -> DeError {
        if e.path().is_empty() {
            self.fail(e.message())
        } else {
            self.fail(&e.to_string())
        }
    }

    fn check(&self) -> Result<(), DeError> {
        if self.failed {
            return Err(DeError::Reported);
        }
        if !self.value.is_known() {
            return Err(self.fail("value must be known"));
        }
        Ok(())
    }

    fn child<'b>(&'b self, value: &'b Value, loc: &'b Loc<'b>) -> ExprDe<'b> {
        ExprDe { st: self.st, info: self.info, value, loc: Some(loc), failed: false }
    }

    fn visit_seq<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.check()?;
        if self.value.is_null() {
            return Err(self.fail("null value is not allowed"));
        }
        let Some(elems) = self.value.elements() else { return Err(self.fail("list or set value is required")) };
        let r = visitor.visit_seq(ExprSeq { de: &self, elems, next: 0 });
        r.map_err(|e| self.settle(e))
    }

    fn visit_map<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.check()?;
        if self.value.is_null() {
            return Err(self.fail("null value is not allowed"));
        }
        let Some(entries) = self.value.entries() else { return Err(self.fail("map or object value is required")) };
        let r = visitor.visit_map(ExprMap { de: &self, entries, next: 0 });
        r.map_err(|e| self.settle(e))
    }
}

macro_rules! scalar {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
            self.check()?;
            ValueDeserializer::new(self.value).$method(visitor).map_err(|e| self.value_error(e))
        })*
    };
}

impl<'de> de::Deserializer<'de> for ExprDe<'_> {
    type Error = DeError;

    scalar!(deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128 deserialize_f32
        deserialize_f64 deserialize_char deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_unit deserialize_identifier);

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.check()?;
        let v = self.value;
        if v.is_null() {
            return visitor.visit_unit();
        }
        if v.elements().is_some() {
            return self.visit_seq(visitor);
        }
        if v.entries().is_some() {
            return self.visit_map(visitor);
        }
        ValueDeserializer::new(v).deserialize_any(visitor).map_err(|e| self.value_error(e))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if self.failed {
            return Err(DeError::Reported);
        }
        if self.value.is_known() && self.value.is_null() {
            return visitor.visit_none();
        }
        visitor.visit_some(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, DeError> {
        if name == VALUE_TOKEN {
            // A `Value` field takes the value as it is: unknowns, nulls and types included.
            if self.failed {
                return Err(DeError::Reported);
            }
            __private::stash(self.value.clone());
            let r = visitor.visit_newtype_struct(ExprDe { ..self });
            __private::take();
            return r;
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.visit_seq(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DeError> {
        self.visit_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.visit_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.visit_map(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        if name == SPANNED_STRUCT {
            crate::spanned::hand_over(self.range());
            return visitor.visit_map(SpannedMap { value: Some(self) });
        }
        self.visit_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.check()?;
        ValueDeserializer::new(self.value).deserialize_enum(name, variants, visitor).map_err(|e| self.value_error(e))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }
}

struct ExprSeq<'a> {
    de: &'a ExprDe<'a>,
    elems: &'a [Value],
    next: usize,
}

impl<'de> de::SeqAccess<'de> for ExprSeq<'_> {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        let Some(v) = self.elems.get(self.next) else { return Ok(None) };
        let loc = Loc { parent: self.de.loc, step: Step::Index(self.next) };
        self.next += 1;
        seed.deserialize(self.de.child(v, &loc)).map(Some)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.elems.len() - self.next)
    }
}

struct ExprMap<'a> {
    de: &'a ExprDe<'a>,
    entries: &'a [(Name, Value)],
    next: usize,
}

impl<'de> de::MapAccess<'de> for ExprMap<'_> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        let Some((k, _)) = self.entries.get(self.next) else { return Ok(None) };
        let key = Value::string(&**k);
        let loc = Loc { parent: self.de.loc, step: Step::Key(k) };
        seed.deserialize(self.de.child(&key, &loc)).map(Some)
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, DeError> {
        let Some((k, v)) = self.entries.get(self.next) else { return Err(DeError::Custom("no value".into())) };
        self.next += 1;
        let loc = Loc { parent: self.de.loc, step: Step::Key(k) };
        seed.deserialize(self.de.child(v, &loc))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len().saturating_sub(self.next))
    }
}
