//! Strings with length bounds, counted in chars (Unicode scalar values), optionally trimmed.
//!
//! | sent | [`BoundedString<3, 300>`] | [`TrimmedString<1, 100>`] |
//! |---|---|---|
//! | `"  alpha  "` | `"  alpha  "` | `"alpha"` |
//! | `"ab"` | `too_short` (`minLength` in context) | `"ab"` |
//! | `""`, `"   "` (required field) | `too_short`, `"   "` | `too_short` |
//! | 301 chars / 101 chars | `too_long` (`maxLength` in context) | `too_long` |
//! | `42`, `true`, `[]`, `null` | `invalid_type` (never stringified) | same |
//!
//! A plain `String` field is never touched by the crate; these adapters only add checks
//! (and trimming) to string values. Trimming removes Unicode White_Space (`str::trim`);
//! lengths are counted after trimming. An empty string is the classic silent failure of a
//! "required" field: give it `MIN_LENGTH` 1 ([`NonEmptyString`]).

use std::ops::Deref;

use serde::de::Deserializer;
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::issue::{Code, Input, Issue};
use crate::shell::IssueBuf;
use crate::shell::{Optional, Outcome, Settled, TextOnly, TextShape};

/// The one length check: `value` has `min..=max` chars. The issue leaves `input` to the
/// caller, which has the value as it arrived (before trimming).
pub(crate) fn check_length(value: &str, min: usize, max: usize) -> Result<(), Issue> {
    let hint = || length_hint(min, max);
    // Counting stops one past the maximum: a huge string costs no more than max + 1 chars.
    let count = value.chars().take(max.saturating_add(1)).count();
    if count < min {
        Err(Issue::new(
            Code::TooShort,
            format!("expected at least {min} char{}, got {count}", plural(min)),
        )
        .with_hint(hint())
        .with_context("minLength", min))
    } else if count > max {
        Err(Issue::new(
            Code::TooLong,
            format!("expected at most {max} char{}", plural(max)),
        )
        .with_hint(hint())
        .with_context("maxLength", max))
    } else {
        Ok(())
    }
}

/// What to send, in words, for the bounds that say something.
fn length_hint(min: usize, max: usize) -> String {
    match (min, max) {
        (0, usize::MAX) => "send a JSON string".to_owned(),
        (1, usize::MAX) => "send a non-empty string, e.g. \"text\"".to_owned(),
        (min, usize::MAX) => format!("send a string of at least {min} chars"),
        (0, max) => format!("send a string of at most {max} char{}", plural(max)),
        (min, max) => format!("send a string of {min} to {max} chars"),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

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
        let v = if self.trim { arrived.trim() } else { arrived };
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

macro_rules! string_adapter {
    ($(#[$doc:meta])* $name:ident, trim: $trim:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name<const MIN_LENGTH: usize = 0, const MAX_LENGTH: usize = { usize::MAX }>;

        impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize> $name<MIN_LENGTH, MAX_LENGTH> {
            const SCALAR: StringScalar = StringScalar {
                min: MIN_LENGTH,
                max: MAX_LENGTH,
                trim: $trim,
            };
        }

        impl<'de, const MIN_LENGTH: usize, const MAX_LENGTH: usize> DeserializeAs<'de, String>
            for $name<MIN_LENGTH, MAX_LENGTH>
        {
            fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
                crate::shell::adapt(deserializer, Settled(TextOnly(Self::SCALAR)))
            }
        }

        impl<'de, const MIN_LENGTH: usize, const MAX_LENGTH: usize>
            DeserializeAs<'de, Option<String>> for $name<MIN_LENGTH, MAX_LENGTH>
        {
            fn deserialize_as<D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Option<String>, D::Error> {
                crate::shell::adapt(deserializer, Settled(optional_string(Self::SCALAR)))
            }
        }

        impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize> SerializeAs<String>
            for $name<MIN_LENGTH, MAX_LENGTH>
        {
            fn serialize_as<S: Serializer>(source: &String, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(source)
            }
        }

        impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize> SerializeAs<Option<String>>
            for $name<MIN_LENGTH, MAX_LENGTH>
        {
            fn serialize_as<S: Serializer>(
                source: &Option<String>,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                source.serialize(serializer)
            }
        }
    };
}

string_adapter!(
    /// Adapter for a string of `MIN_LENGTH..=MAX_LENGTH` chars, kept verbatim (not
    /// trimmed).
    ///
    /// Use with `#[serde_as]` on a `String` field, or on an `Option<String>` field with
    /// `#[serde(default, skip_serializing_if = "Option::is_none")]`: absent and `null` give
    /// `None`; `""` and whitespace give `None` when `MIN_LENGTH >= 1`; the text `"null"` is
    /// text. [`Text`] is the wrapper type.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{BoundedString, Code};
    /// use serde::Deserialize;
    /// use serde_with::serde_as;
    ///
    /// #[serde_as]
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde_as(as = "BoundedString<3, 300>")]
    ///     query: String,
    /// }
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"query": " rust "}"#)?.query, " rust ");
    /// let refused = mcp_coerce::from_str::<Args>(r#"{"query": "ab"}"#).unwrap_err();
    /// assert_eq!(refused.issues()[0].code(), Code::TooShort);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `too_short`, `too_long`, `invalid_type`.
    BoundedString, trim: false
);

string_adapter!(
    /// Adapter for a string trimmed of Unicode White_Space, then of
    /// `MIN_LENGTH..=MAX_LENGTH` chars.
    ///
    /// Use with `#[serde_as]` on a `String` field, or on an `Option<String>` field with
    /// `#[serde(default, skip_serializing_if = "Option::is_none")]`: absent and `null` give
    /// `None`; `""` and whitespace give `None` when `MIN_LENGTH >= 1`; the text `"null"` is
    /// text. [`TrimmedText`] is the wrapper type.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::TrimmedString;
    /// use serde::Deserialize;
    /// use serde_with::serde_as;
    ///
    /// #[serde_as]
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde_as(as = "TrimmedString<1, 100>")]
    ///     #[serde(default, skip_serializing_if = "Option::is_none")]
    ///     project: Option<String>,
    /// }
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"project": "  alpha "}"#)?.project.as_deref(), Some("alpha"));
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"project": ""}"#)?.project, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `too_short`, `too_long`, `invalid_type`.
    TrimmedString, trim: true
);

/// A trimmed string of at least one char: refuses `""` and whitespace in a required field.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, NonEmptyString};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "NonEmptyString")]
///     name: String,
/// }
/// let refused = mcp_coerce::from_str::<Args>(r#"{"name": "   "}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooShort);
/// ```
pub type NonEmptyString = TrimmedString<1>;

macro_rules! string_wrapper {
    ($(#[$doc:meta])* $name:ident, $adapter:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name<const MIN_LENGTH: usize = 0, const MAX_LENGTH: usize = { usize::MAX }>(
            String,
        );

        impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize> $name<MIN_LENGTH, MAX_LENGTH> {
            /// The string.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The string, by value.
            pub fn into_inner(self) -> String {
                self.0
            }
        }

        impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize> Deref for $name<MIN_LENGTH, MAX_LENGTH> {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl<'de, const MIN_LENGTH: usize, const MAX_LENGTH: usize> Deserialize<'de>
            for $name<MIN_LENGTH, MAX_LENGTH>
        {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                <$adapter<MIN_LENGTH, MAX_LENGTH> as DeserializeAs<'de, String>>::deserialize_as(
                    deserializer,
                )
                .map($name)
            }
        }

        impl<const MIN_LENGTH: usize, const MAX_LENGTH: usize> Serialize for $name<MIN_LENGTH, MAX_LENGTH> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }
    };
}

string_wrapper!(
    /// A string read by [`BoundedString`], as a value.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::Text;
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     query: Text<3, 300>,
    /// }
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"query": "deploy"}"#)?.query.as_str(), "deploy");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Text, BoundedString
);

string_wrapper!(
    /// A string read by [`TrimmedString`], as a value.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::TrimmedText;
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     project: TrimmedText<1, 100>,
    /// }
    /// assert_eq!(&*mcp_coerce::from_str::<Args>(r#"{"project": " a "}"#)?.project, "a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    TrimmedText, TrimmedString
);

json_schema_as!(
    impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize]
    BoundedString<MIN_LENGTH, MAX_LENGTH> => [String, Option<String>],
    name = format!("String_{MIN_LENGTH}_{MAX_LENGTH}"),
    schema = schema_of(MIN_LENGTH, MAX_LENGTH, false),
);

json_schema_as!(
    impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize]
    TrimmedString<MIN_LENGTH, MAX_LENGTH> => [String, Option<String>],
    name = format!("TrimmedString_{MIN_LENGTH}_{MAX_LENGTH}"),
    schema = schema_of(MIN_LENGTH, MAX_LENGTH, true),
);

json_schema_for!(
    impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize] Text<MIN_LENGTH, MAX_LENGTH>,
    name = format!("String_{MIN_LENGTH}_{MAX_LENGTH}"),
    schema = schema_of(MIN_LENGTH, MAX_LENGTH, false),
);

json_schema_for!(
    impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize] TrimmedText<MIN_LENGTH, MAX_LENGTH>,
    name = format!("TrimmedString_{MIN_LENGTH}_{MAX_LENGTH}"),
    schema = schema_of(MIN_LENGTH, MAX_LENGTH, true),
);

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
