//! The optional-field rules of the crate's optional spelling, in front of any shape
//! visitor.

use std::fmt;

use serde::de::{self, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

use super::{Forward, Outcome, forward_visits};

/// The optional-field rules of the crate's optional spelling, in front of a shape visitor:
/// `null` (and an absent value) is `None`; `""`/whitespace is `None` unless the inner type
/// is a free string; `"null"` is `None` unless the inner type's JSON type is string;
/// anything else is the inner visitor's answer, and a refusal is never turned into `None`.
pub(crate) struct Optional<V> {
    pub(crate) inner: V,
    /// `""` and whitespace mean "absent".
    pub(crate) empty_is_none: bool,
    /// The text `null` means "absent".
    pub(crate) null_text_is_none: bool,
}

impl<V> Optional<V> {
    /// The rules for inner types whose JSON type is not string (arrays, numbers, ...).
    pub(crate) fn non_string(inner: V) -> Self {
        Optional {
            inner,
            empty_is_none: true,
            null_text_is_none: true,
        }
    }

    fn absent(&self, s: &str) -> bool {
        // The crate's one trimming rule (White_Space and U+FEFF): a value that trims to
        // nothing is absent, whatever the inner type trims.
        let t = super::trim(s);
        let absent =
            (self.empty_is_none && t.is_empty()) || (self.null_text_is_none && t == "null");
        if absent {
            empty_as_absent(s);
        }
        absent
    }
}

/// Record that `text` was read as absent.
#[cold]
fn empty_as_absent(text: &str) {
    crate::engine::notes::coerced(
        crate::report::Rule::EmptyAsAbsent,
        || Some(crate::issue::Input::from_text(text)),
        || None,
    );
}

impl<'de, V, T> Forward<'de, V> for Optional<V>
where
    V: Visitor<'de, Value = Outcome<T>>,
{
    #[inline]
    fn forward<E: de::Error>(
        self,
        visit: impl FnOnce(V) -> Result<Outcome<T>, E>,
    ) -> Result<Outcome<Option<T>>, E> {
        Ok(visit(self.inner)?.map(Some))
    }
}

impl<'de, V, T> Visitor<'de> for Optional<V>
where
    V: Visitor<'de, Value = Outcome<T>>,
{
    type Value = Outcome<Option<T>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)?;
        f.write_str(", or null")
    }

    forward_visits!(scalars);
    forward_visits!(deserializers: visit_newtype_struct);
    forward_visits!(accesses);

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        if self.absent(v) {
            return Ok(Ok(None));
        }
        self.forward(|inner| inner.visit_str::<E>(v))
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        if self.absent(v) {
            return Ok(Ok(None));
        }
        self.forward(|inner| inner.visit_borrowed_str::<E>(v))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        if self.absent(&v) {
            return Ok(Ok(None));
        }
        self.forward(|inner| inner.visit_string::<E>(v))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Ok(None))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Ok(None))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}
