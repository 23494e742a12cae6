//! [`Spanned`]: a decoded value together with the source range it came from.

use std::cell::RefCell;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

use hclkit_value::serde::__private::{SPANNED_FIELDS, SPANNED_STRUCT, SPANNED_VALUE};
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::pos::Range;

thread_local! {
    /// The range a deserializer of this crate hands to the `Spanned` visitor it is about to
    /// call (serde gives no other way to pass it through a generic visitor).
    static RANGE: RefCell<Option<Range>> = const { RefCell::new(None) };
}

pub(crate) fn hand_over(range: Range) {
    RANGE.with(|r| *r.borrow_mut() = Some(range));
}

/// A `Spanned<T>` as a map around a deserializer `D` of `T`, for the deserializers of this
/// crate that hand a range over ([`hand_over`]): the single entry is the value, under the
/// key the `Spanned` visitor asks for.
pub(crate) struct SpannedMap<D> {
    pub(crate) value: Option<D>,
}

impl<'de, D: Deserializer<'de>> MapAccess<'de> for SpannedMap<D> {
    type Error = D::Error;
    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, D::Error> {
        if self.value.is_none() {
            return Ok(None);
        }
        let d: de::value::StrDeserializer<'_, D::Error> = de::IntoDeserializer::into_deserializer(SPANNED_VALUE);
        seed.deserialize(d).map(Some)
    }
    fn next_value_seed<T: de::DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, D::Error> {
        match self.value.take() {
            Some(d) => seed.deserialize(d),
            None => Err(de::Error::custom("no value")),
        }
    }
}

fn take_range() -> Option<Range> {
    RANGE.with(|r| r.borrow_mut().take())
}

/// A value and the source range it was decoded from, as a field type for
/// [`from_str`](crate::from_str) and the [`Decoder`](crate::Decoder) (the counterpart of
/// toml's `serde_spanned`).
///
/// The range is the expression's for an attribute (or for a part of its value, where the
/// expression writes that part out: an element of a `[...]` list, an item of a `{...}`
/// object), the block's header ([`Block::def_range`](crate::body::Block::def_range)) for a
/// block, and the label's for a label field. Values read by other deserializers (such as
/// [`hclkit_value::serde::from_value`]) get an empty range.
///
/// Equality, ordering and hashing look at the value only. `Spanned<T>` serializes as `T`.
///
/// ```
/// use hclkit::Spanned;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Config {
///     port: Spanned<u16>,
///     tls: Option<Spanned<Tls>>,
/// }
/// #[derive(Deserialize)]
/// struct Tls {
///     #[serde(rename = "@name")]
///     name: Spanned<String>,
/// }
///
/// let c: Config = hclkit::from_str("port = 8080\ntls \"main\" {}\n").unwrap();
/// assert_eq!(*c.port, 8080);
/// assert_eq!(c.port.range().to_string(), "<input>:1,8-12");
/// let tls = c.tls.unwrap();
/// assert_eq!(tls.range().to_string(), "<input>:2,1-11");
/// assert_eq!(tls.name.range().to_string(), "<input>:2,5-11");
/// ```
#[derive(Clone, Default)]
pub struct Spanned<T> {
    range: Range,
    value: T,
}

impl<T> Spanned<T> {
    /// A value with its range.
    pub fn new(range: Range, value: T) -> Spanned<T> {
        Spanned { range, value }
    }
    /// The source range.
    pub fn range(&self) -> &Range {
        &self.range
    }
    /// The value.
    pub fn get_ref(&self) -> &T {
        &self.value
    }
    /// The value, mutably.
    pub fn get_mut(&mut self) -> &mut T {
        &mut self.value
    }
    /// The value, dropping the range.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T> Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Spanned<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} @ {}", self.value, self.range)
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: PartialOrd> PartialOrd for Spanned<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Spanned<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}

impl<T: Hash> Hash for Spanned<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state)
    }
}

impl<T: Serialize> Serialize for Spanned<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Spanned<T>, D::Error> {
        d.deserialize_struct(SPANNED_STRUCT, SPANNED_FIELDS, SpannedVisitor(std::marker::PhantomData))
    }
}

struct SpannedVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SpannedVisitor<T> {
    type Value = Spanned<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a spanned value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Spanned<T>, A::Error> {
        // Taken first, before the value's own deserialization can hand over another range.
        let range = take_range().unwrap_or_default();
        let mut value = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == SPANNED_VALUE && value.is_none() {
                value = Some(map.next_value::<T>()?);
            } else {
                map.next_value::<de::IgnoredAny>()?;
            }
        }
        let value = value.ok_or_else(|| de::Error::missing_field(SPANNED_VALUE))?;
        Ok(Spanned { range, value })
    }
}
