//! Strings with length bounds, counted in chars, kept as they are ([`Keep`]) or trimmed
//! ([`Trim`](crate::Trim): Unicode White_Space and U+FEFF; lengths counted after trimming).
//! A plain `String` field is never touched; numbers are never stringified. [`TextLike`] is
//! the marker, [`Text`] the wrapper type; docs/contract.md, "Scalars", has the rules.

use std::fmt;
use std::marker::PhantomData;

use serde::de::Deserializer;
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::issue::IssueBuf;
use crate::issue::{Input, Rejection};
use crate::policy::{Keep, WhitespacePolicy};
use crate::rules::text::check_length;
use crate::shell::trim;
use crate::shell::{Optional, Outcome, Settled, TextOnly, TextShape};

/// A string value (only strings: numbers are never stringified), then trimmed if `trim`
/// and checked against `min..=max`.
pub(crate) struct StringScalar {
    pub(crate) min: usize,
    pub(crate) max: usize,
    pub(crate) trim: bool,
}

impl TextShape for StringScalar {
    type Output = String;
    const EXPECTED: &'static str = "a string";
    const HINT: &'static str = "send a JSON string, e.g. \"text\"";

    fn text(self, arrived: &str) -> Outcome<String> {
        let v = if self.trim { trim(arrived) } else { arrived };
        crate::shell::trimmed(arrived, v);
        check_length(v, self.min, self.max)
            .map_err(|issue| IssueBuf::one(issue.with_input(Input::from_text(arrived))))?;
        Ok(v.to_owned())
    }
}

/// The optional rules for a string of at least `min` chars: `""` and whitespace mean
/// "absent" unless the empty string is itself a valid value; the text `"null"` is text.
fn optional_string(inner: StringScalar) -> Optional<TextOnly<StringScalar>> {
    Optional {
        empty_is_none: inner.min >= 1,
        null_text_is_none: false,
        inner: TextOnly(inner),
    }
}

/// Adapter for a string of `MIN_LENGTH..=MAX_LENGTH` chars, kept verbatim or trimmed. On an
/// `Option<String>` field, absent and `null` give `None`, and `""` and whitespace too when
/// `MIN_LENGTH >= 1`. Give a required string `MIN_LENGTH` 1, trimmed, so that `""` and
/// `"   "` are refused. [`Text`] is the wrapper type.
///
/// | sent | `TextLike<3, 300>` | `TextLike<1, 100, Trim>` |
/// |---|---|---|
/// | `"  alpha  "` | `"  alpha  "` | `"alpha"` |
/// | `""`, `"   "` | `too_short`, `"   "` | `too_short` |
/// | 301 chars / 101 chars | `too_long` | `too_long` |
/// | `42`, `true`, `[]`, `null` | `invalid_type` | same |
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, TextLike, Trim};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "TextLike<3, 300>")]
///     query: String,
///     #[serde_as(as = "TextLike<1, 100, Trim>")]
///     #[serde(default)]
///     project: Option<String>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"query": " rust ", "project": "  alpha "}"#)?;
/// assert_eq!((args.query.as_str(), args.project.as_deref()), (" rust ", Some("alpha")));
/// let refused = mcp_coerce::from_str::<Args>(r#"{"query": "ab"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooShort);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `MIN_LENGTH` above `MAX_LENGTH` does not compile once used:
///
/// ```compile_fail
/// let _ = mcp_coerce::Text::<10, 2>::new("abc".to_owned());
/// ```
///
/// # Errors
///
/// `too_short`, `too_long`, `invalid_type`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextLike<const MIN_LENGTH: usize = 0, const MAX_LENGTH: usize = { usize::MAX }, T = Keep>(
    PhantomData<T>,
);

impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy>
    TextLike<MIN_LENGTH, MAX_LENGTH, T>
{
    // A compile-time error where `MIN_LENGTH > MAX_LENGTH`, which no string meets.
    const SCALAR: StringScalar = {
        assert!(
            MIN_LENGTH <= MAX_LENGTH,
            "text bounds: MIN_LENGTH must not exceed MAX_LENGTH"
        );
        StringScalar {
            min: MIN_LENGTH,
            max: MAX_LENGTH,
            trim: T::TRIM,
        }
    };
}

impl<'de, const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy>
    DeserializeAs<'de, String> for TextLike<MIN_LENGTH, MAX_LENGTH, T>
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        crate::shell::adapt(deserializer, Settled(TextOnly(Self::SCALAR)))
    }
}

impl<'de, const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy>
    DeserializeAs<'de, Option<String>> for TextLike<MIN_LENGTH, MAX_LENGTH, T>
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
        crate::shell::adapt(deserializer, Settled(optional_string(Self::SCALAR)))
    }
}

impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize, T> SerializeAs<String>
    for TextLike<MIN_LENGTH, MAX_LENGTH, T>
{
    fn serialize_as<S: Serializer>(source: &String, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(source)
    }
}

impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize, T> SerializeAs<Option<String>>
    for TextLike<MIN_LENGTH, MAX_LENGTH, T>
{
    fn serialize_as<S: Serializer>(
        source: &Option<String>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// A string read by [`TextLike`] with the same parameters, as a value; it derefs to `String`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Text, Trim};
///
/// let project: Text<1, 100, Trim> = serde_json::from_str(r#"" a ""#)?;
/// assert_eq!(project.as_str(), "a");
/// assert_eq!(Text::<3>::new("ab".into()).unwrap_err().issues()[0].code(), Code::TooShort);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text<const MIN_LENGTH: usize = 0, const MAX_LENGTH: usize = { usize::MAX }, T = Keep>(
    String,
    PhantomData<T>,
);

impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy>
    Text<MIN_LENGTH, MAX_LENGTH, T>
{
    /// `text`, trimmed under [`Trim`](crate::Trim) and checked as [`TextLike`] with the
    /// same parameters checks a string.
    ///
    /// # Errors
    ///
    /// `too_short`, `too_long`, in a [`Rejection`].
    pub fn new(text: String) -> Result<Self, Rejection> {
        TextLike::<MIN_LENGTH, MAX_LENGTH, T>::SCALAR
            .text(&text)
            .map(|s| Text(s, PhantomData))
            .map_err(IssueBuf::into_rejection)
    }
}

wrapper_value!(
    impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize, T]
    Text<MIN_LENGTH, MAX_LENGTH, T> => String, 0
);

impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy> TryFrom<String>
    for Text<MIN_LENGTH, MAX_LENGTH, T>
{
    type Error = Rejection;
    fn try_from(text: String) -> Result<Self, Rejection> {
        Text::new(text)
    }
}

impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize, T> fmt::Debug
    for Text<MIN_LENGTH, MAX_LENGTH, T>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Text").field(&self.0).finish()
    }
}

impl<'de, const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy> Deserialize<'de>
    for Text<MIN_LENGTH, MAX_LENGTH, T>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <TextLike<MIN_LENGTH, MAX_LENGTH, T> as DeserializeAs<'de, String>>::deserialize_as(
            deserializer,
        )
        .map(|s| Text(s, PhantomData))
    }
}

impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize, T> Serialize
    for Text<MIN_LENGTH, MAX_LENGTH, T>
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

json_schema_as!(
    impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy]
    TextLike<MIN_LENGTH, MAX_LENGTH, T> => [String, Option<String>],
    name = schema_name::<T>(MIN_LENGTH, MAX_LENGTH),
    schema = schema_of(MIN_LENGTH, MAX_LENGTH, T::TRIM),
);

json_schema_for!(
    impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy]
    Text<MIN_LENGTH, MAX_LENGTH, T>,
    name = schema_name::<T>(MIN_LENGTH, MAX_LENGTH),
    schema = schema_of(MIN_LENGTH, MAX_LENGTH, T::TRIM),
);

#[cfg(feature = "schemars")]
fn schema_name<T: WhitespacePolicy>(min_length: usize, max_length: usize) -> String {
    let kind = if T::TRIM { "TrimmedString" } else { "String" };
    format!("{kind}_{min_length}_{max_length}")
}

/// `{"type": "string"}` with the length bounds; a trimmed string's canonical form has no
/// leading or trailing whitespace, and the schema says so with a `pattern`.
#[cfg(feature = "schemars")]
fn schema_of(min_length: usize, max_length: usize, trimmed: bool) -> schemars::Schema {
    let mut s = crate::schema::string(min_length, max_length);
    if trimmed {
        s.insert("pattern".into(), crate::schema::trimmed_pattern().into());
    }
    crate::schema::schema(s.into())
}
