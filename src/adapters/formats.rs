//! Dates, date-times, UUIDs, email addresses and IP addresses, as models send them: each
//! marker reads the lax spellings of its format's table (docs/contract.md, "Formats"),
//! refuses the ambiguous ones with a hint built from the text sent (`format_invalid`, with
//! `context.format`), and publishes the standard `format`. Each also reads `Option<_>` of
//! its targets with the optional rules. There are no wrapper types: chrono's, jiff's,
//! `uuid::Uuid` and `std::net`'s types are the values.

use std::fmt;
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use serde::de::{self, Deserialize, Deserializer};
use serde::ser::Serializer;
use serde_with::{DeserializeAs, SerializeAs};

use crate::issue::{Input, Issue, IssueBuf};
use crate::policy::{DateTimePolicy, EpochUnit, OffsetRequired};
use crate::report::Rule;
use crate::rules::format::date_time::{self, Date, DateTime, Epoch, Offset, Rules, Spelling};
use crate::rules::format::ip::{self, Family};
use crate::rules::format::{self as rules, Format};
use crate::shell::{Optional, Outcome, Settled, TextOnly, TextShape, invalid_type};

/// A date-time: RFC 3339 and the spellings models send, under [`DateTimePolicy`] `P`
/// ([`OffsetRequired`] by default: no offset, a bare date or a number is refused). Into
/// `String` (the canonical text), chrono's `DateTime<FixedOffset>` and `DateTime<Utc>`
/// (feature `chrono`), jiff's `Timestamp` (feature `jiff`).
///
/// | sent | read as |
/// |---|---|
/// | `"2026-01-15t10:00:00z"`, `"2026-01-15 10:00+0200"` | `2026-01-15T10:00:00Z`, `2026-01-15T10:00:00+02:00` |
/// | `"2026-01-15T10:00:00"`, `"2026-01-15"`, `"1768471200"` | `format_invalid` (unless `P` assumes an offset, a time, an epoch unit) |
/// | `"15/01/2026"`, `"01/02/2026 10:00Z"` | `format_invalid`, the hint giving each ISO date the text can mean |
///
/// # Errors
///
/// `format_invalid` (`context.format: "date-time"`), `invalid_type`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, DateTimeLike};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "DateTimeLike")]
///     start: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"start": "2026-01-15 10:00+0200"}"#)?;
/// assert_eq!(args.start, "2026-01-15T10:00:00+02:00");
/// let refused = mcp_coerce::from_str::<Args>(r#"{"start": "01/02/2026 10:00Z"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::FormatInvalid);
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DateTimeLike<P = OffsetRequired>(PhantomData<P>);

/// A calendar date: `YYYY-MM-DD`, also `YYYY-M-D` and `YYYY/MM/DD`. A date with the year last
/// is refused with each ISO date it can mean, a date-time and a date that does not exist
/// too. Into `String`, `chrono::NaiveDate` (feature `chrono`), `jiff::civil::Date` (`jiff`).
///
/// # Errors
///
/// As [`DateTimeLike`], with `context.format: "date"`.
///
/// # Examples
///
/// ```
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "mcp_coerce::DateLike")]
///     day: String,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"day": "2026/1/5"}"#)?.day, "2026-01-05");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DateLike;

/// A UUID: hyphenated in any case, in `{…}` braces, after `urn:uuid:`, or as 32 hex digits;
/// written lowercase and hyphenated. Into `String` or `uuid::Uuid` (feature `uuid`).
///
/// # Errors
///
/// As [`DateTimeLike`], with `context.format: "uuid"`.
///
/// # Examples
///
/// ```
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize)]
/// struct Args {
///     #[serde_as(as = "mcp_coerce::UuidLike")]
///     id: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"id": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}"}"#)?;
/// assert_eq!(args.id, "6f9619ff-8b86-d011-b42d-00c04fc964ff");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct UuidLike;

/// An email address as the HTML standard and the `jsonschema` crate's `email` format accept
/// it, kept as sent, trimmed, a `mailto:` prefix removed; a display name is refused with the
/// address in the hint. Into `String`.
///
/// # Errors
///
/// As [`DateTimeLike`], with `context.format: "email"`.
///
/// # Examples
///
/// ```
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "mcp_coerce::EmailLike")]
///     organizer: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"organizer": "mailto:ann@example.com"}"#)?;
/// assert_eq!(args.organizer, "ann@example.com");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct EmailLike;

/// An IP address, an IPv6 one also in `[…]` brackets; written as its standard text. The
/// family is the target's: `Ipv4Addr`, `Ipv6Addr`, or either for `IpAddr` and `String`.
///
/// # Errors
///
/// As [`DateTimeLike`], with `context.format: "ipv4"` or `"ipv6"`.
///
/// # Examples
///
/// ```
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize)]
/// struct Args {
///     #[serde_as(as = "mcp_coerce::IpLike")]
///     allowed_ip: std::net::IpAddr,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"allowed_ip": " [2001:DB8::1] "}"#)?;
/// assert_eq!(args.allowed_ip.to_string(), "2001:db8::1");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct IpLike;

// -- the shell's plumbing -----------------------------------------------------------------

/// A value on its way out of [`Settled`], which builds a stand-in for a refused value by
/// deserializing one; the targets here need no `Deserialize` of their own.
struct Slot<T>(Option<T>);

impl<'de, T> Deserialize<'de> for Slot<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        de::IgnoredAny::deserialize(deserializer).map(|_| Slot(None))
    }
}

/// A type a format is read into.
trait Target: Sized {
    /// The hint for a value the format reads but the type cannot hold.
    const RANGE_HINT: &'static str = "send a value within the years 0000 to 9999";

    /// The value standing in for a refused one while its issue is recorded (never seen by
    /// the caller, whose call fails).
    fn stand_in() -> Self;
}

/// Record the coercion of `text` into `canonical`, if they differ.
fn note(text: &str, canonical: &str, assumed: bool) {
    let rule = if assumed {
        Rule::FormatAssumed
    } else if text == canonical {
        return;
    } else {
        Rule::FormatCanonical
    };
    crate::engine::notes::coerced(
        rule,
        || Some(Input::from_text(text)),
        || Some(Input::from_text(canonical)),
    );
}

/// `format_invalid` for a value the target type cannot hold.
#[cold]
fn out_of_range<T: Target>(format: Format, text: &str) -> Issue {
    rules::invalid(
        format,
        text,
        "outside the range of the field's type",
        T::RANGE_HINT,
    )
}

/// The optional rules of the formats: `null`, `""` and whitespace are `None`; the text
/// `"null"` is checked (and refused).
fn optional<S>(shape: S) -> Optional<TextOnly<S>> {
    Optional {
        inner: TextOnly(shape),
        empty_is_none: true,
        null_text_is_none: false,
    }
}

/// `DeserializeAs`, `SerializeAs` and (feature `schemars`) `JsonSchemaAs` of a marker for
/// each target and its `Option`: read by `shape` (given the target as its last type
/// argument), written as the target's canonical text, published by `schema` (likewise).
macro_rules! format_targets {
    (
        impl $g:tt $marker:ty,
        shape = $shape:ident $sp:tt,
        schema = $schema:ident $sc:tt,
        text = $text:ident,
        => $($target:ty),+ $(,)?
    ) => {
        $(format_targets!(@one $g, $marker, $shape $sp, $schema $sc, $text, $target);)+
    };
    (
        @one [$($g:tt)*], $marker:ty, $shape:ident [$($sp:ty),*], $schema:ident [$($sc:ty),*],
        $text:ident, $target:ty
    ) => {
        impl<'de, $($g)*> DeserializeAs<'de, $target> for $marker {
            fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<$target, D::Error> {
                let slot = crate::shell::adapt(
                    deserializer,
                    Settled(TextOnly($shape::<$($sp,)* $target>(PhantomData))),
                )?;
                Ok(slot.0.unwrap_or_else(<$target as Target>::stand_in))
            }
        }

        impl<'de, $($g)*> DeserializeAs<'de, Option<$target>> for $marker {
            fn deserialize_as<D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Option<$target>, D::Error> {
                let slot = crate::shell::adapt(
                    deserializer,
                    Settled(optional($shape::<$($sp,)* $target>(PhantomData))),
                )?;
                Ok(slot.and_then(|slot| slot.0))
            }
        }

        impl<$($g)*> SerializeAs<$target> for $marker {
            fn serialize_as<S: Serializer>(source: &$target, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&$text(source))
            }
        }

        impl<$($g)*> SerializeAs<Option<$target>> for $marker {
            fn serialize_as<S: Serializer>(
                source: &Option<$target>,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                match source {
                    Some(value) => serializer.serialize_some(&$text(value)),
                    None => serializer.serialize_none(),
                }
            }
        }

        #[cfg(feature = "schemars")]
        impl<$($g)*> serde_with::schemars_1::JsonSchemaAs<$target> for $marker {
            fn inline_schema() -> bool {
                true
            }
            fn schema_name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($schema))
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                crate::schema::schema($schema::<$($sc,)* $target>())
            }
        }

        #[cfg(feature = "schemars")]
        impl<$($g)*> serde_with::schemars_1::JsonSchemaAs<Option<$target>> for $marker {
            fn inline_schema() -> bool {
                true
            }
            fn schema_name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($schema))
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                crate::schema::schema($schema::<$($sc,)* $target>())
            }
        }
    };
}

// -- date-times -------------------------------------------------------------------------

/// A type a date-time is read into.
trait FromDateTime: Target {
    fn from_date_time(dt: &DateTime) -> Option<Self>;
}

/// The rules of policy `P`, checked when the policy is used.
struct PolicyRules<P>(PhantomData<P>);

impl<P: DateTimePolicy> PolicyRules<P> {
    const RULES: Rules = Rules {
        assume: match P::ASSUME_OFFSET_MINUTES {
            None => None,
            Some(m) => {
                let offset = Offset::from_minutes(m);
                assert!(
                    offset.is_some(),
                    "a DateTimePolicy's ASSUME_OFFSET_MINUTES is at most 1439 either way"
                );
                offset
            }
        },
        bare_date: P::DATE_AS_START_OF_DAY,
        epoch: match P::EPOCH {
            None => None,
            Some(EpochUnit::Seconds) => Some(Epoch::Seconds),
            Some(EpochUnit::Milliseconds) => Some(Epoch::Millis),
        },
    };
}

struct DateTimeShape<P, T>(PhantomData<fn() -> (P, T)>);

impl<P: DateTimePolicy, T: FromDateTime> DateTimeShape<P, T> {
    fn finish(text: &str, dt: &DateTime, spelling: Spelling) -> Outcome<Slot<T>> {
        let value = T::from_date_time(dt)
            .ok_or_else(|| IssueBuf::one(out_of_range::<T>(Format::DateTime, text)))?;
        let canonical = dt.to_string();
        note(text, &canonical, spelling == Spelling::Assumed);
        Ok(Slot(Some(value)))
    }

    /// [`finish`](Self::finish) for an epoch number: the number as sent (not its decimal
    /// text) is the issue's input and the report's `from`.
    fn finish_number(number: &Input, text: &str, dt: &DateTime) -> Outcome<Slot<T>> {
        let value = T::from_date_time(dt).ok_or_else(|| {
            IssueBuf::one(out_of_range::<T>(Format::DateTime, text).with_input(number.clone()))
        })?;
        crate::engine::notes::coerced(
            Rule::FormatAssumed,
            || Some(number.clone()),
            || Some(Input::from_text(&dt.to_string())),
        );
        Ok(Slot(Some(value)))
    }
}

impl<P: DateTimePolicy, T: FromDateTime> TextShape for DateTimeShape<P, T> {
    type Output = Slot<T>;
    const EXPECTED: &'static str = "a date-time string";
    const HINT: &'static str =
        "send an RFC 3339 date-time as a JSON string, e.g. \"2026-01-15T10:00:00Z\"";

    fn text(self, text: &str) -> Outcome<Slot<T>> {
        let (dt, spelling) =
            date_time::read(text, &PolicyRules::<P>::RULES).map_err(IssueBuf::one)?;
        Self::finish(text, &dt, spelling)
    }

    fn number(self, input: Input) -> Outcome<Slot<T>> {
        match (PolicyRules::<P>::RULES.epoch, &input) {
            (Some(unit), Input::Number(n)) => {
                // serde_json writes small and large floats in exponent form (`1e-7`).
                let text = date_time::plain_decimal(&n.to_string());
                let dt = date_time::from_epoch(&text, unit, &text)
                    .map_err(|issue| IssueBuf::one(issue.with_input(input.clone())))?;
                Self::finish_number(&input, &text, &dt)
            }
            _ => Err(IssueBuf::one(
                invalid_type(Self::EXPECTED, "a number", Self::HINT).with_input(input),
            )),
        }
    }

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an RFC 3339 date-time string")
    }
}

impl Target for String {
    fn stand_in() -> Self {
        String::new()
    }
}

impl FromDateTime for String {
    fn from_date_time(dt: &DateTime) -> Option<Self> {
        Some(dt.to_string())
    }
}

/// The canonical text of a `String` target: itself (it was written canonically).
#[allow(clippy::ptr_arg, reason = "the target type the macro names")]
fn string_text(s: &String) -> String {
    s.clone()
}

/// `{"type": "string", "format": "date-time"}`, with a `description` of what the policy
/// assumes, if anything.
#[cfg(feature = "schemars")]
#[allow(
    clippy::extra_unused_type_parameters,
    reason = "the target is named for every schema function alike"
)]
fn date_time_schema<P: DateTimePolicy, T>() -> serde_json::Value {
    let rules = PolicyRules::<P>::RULES;
    let mut said = Vec::new();
    // `Z` reads as UTC, another offset as UTC+02:00.
    let at = |offset: Offset| match offset {
        Offset::Z => "UTC".to_owned(),
        other => format!("UTC{other}"),
    };
    if let Some(offset) = rules.assume {
        said.push(format!("one without a UTC offset is at {}", at(offset)));
    }
    if rules.bare_date {
        said.push(format!(
            "a bare date is its start of day at {}",
            at(rules.assume.unwrap_or(Offset::Z))
        ));
    }
    match rules.epoch {
        Some(Epoch::Seconds) => said.push("a number is seconds since 1970-01-01T00:00:00Z".into()),
        Some(Epoch::Millis) => {
            said.push("a number is milliseconds since 1970-01-01T00:00:00Z".into());
        }
        None => {}
    }
    let mut schema = serde_json::json!({"type": "string", "format": "date-time"});
    if !said.is_empty() {
        schema["description"] = format!("RFC 3339 date-time; {}", said.join("; ")).into();
    }
    schema
}

format_targets!(
    impl [P: DateTimePolicy] DateTimeLike<P>,
    shape = DateTimeShape[P],
    schema = date_time_schema[P],
    text = string_text,
    => String,
);

// -- dates ------------------------------------------------------------------------------

trait FromDate: Target {
    fn from_date(date: Date) -> Option<Self>;
}

struct DateShape<T>(PhantomData<fn() -> T>);

impl<T: FromDate> TextShape for DateShape<T> {
    type Output = Slot<T>;
    const EXPECTED: &'static str = "a date string";
    const HINT: &'static str = "send the date as a JSON string, e.g. \"2026-01-15\"";

    fn text(self, text: &str) -> Outcome<Slot<T>> {
        let (date, _) = date_time::read_date(text).map_err(IssueBuf::one)?;
        let value = T::from_date(date)
            .ok_or_else(|| IssueBuf::one(out_of_range::<T>(Format::Date, text)))?;
        note(text, &date.to_string(), false);
        Ok(Slot(Some(value)))
    }
}

impl FromDate for String {
    fn from_date(date: Date) -> Option<Self> {
        Some(date.to_string())
    }
}

#[cfg(feature = "schemars")]
#[allow(
    clippy::extra_unused_type_parameters,
    reason = "the target is named for every schema function alike"
)]
fn date_schema<T>() -> serde_json::Value {
    serde_json::json!({"type": "string", "format": "date"})
}

format_targets!(
    impl [] DateLike,
    shape = DateShape[],
    schema = date_schema[],
    text = string_text,
    => String,
);

// -- UUIDs ------------------------------------------------------------------------------

trait FromUuid: Target {
    fn from_bytes(bytes: [u8; 16]) -> Self;
}

struct UuidShape<T>(PhantomData<fn() -> T>);

impl<T: FromUuid> TextShape for UuidShape<T> {
    type Output = Slot<T>;
    const EXPECTED: &'static str = "a UUID string";
    const HINT: &'static str =
        "send the UUID as a JSON string, e.g. \"6f9619ff-8b86-d011-b42d-00c04fc964ff\"";

    fn text(self, text: &str) -> Outcome<Slot<T>> {
        let (bytes, _) = rules::uuid::read(text).map_err(IssueBuf::one)?;
        note(text, &rules::uuid::canonical(&bytes), false);
        Ok(Slot(Some(T::from_bytes(bytes))))
    }
}

impl FromUuid for String {
    fn from_bytes(bytes: [u8; 16]) -> Self {
        rules::uuid::canonical(&bytes)
    }
}

#[cfg(feature = "schemars")]
#[allow(
    clippy::extra_unused_type_parameters,
    reason = "the target is named for every schema function alike"
)]
fn uuid_schema<T>() -> serde_json::Value {
    serde_json::json!({"type": "string", "format": "uuid"})
}

format_targets!(
    impl [] UuidLike,
    shape = UuidShape[],
    schema = uuid_schema[],
    text = string_text,
    => String,
);

// -- email addresses --------------------------------------------------------------------

struct EmailShape<T>(PhantomData<fn() -> T>);

impl TextShape for EmailShape<String> {
    type Output = Slot<String>;
    const EXPECTED: &'static str = "an email address string";
    const HINT: &'static str = "send the address as a JSON string, e.g. \"ann@example.com\"";

    fn text(self, text: &str) -> Outcome<Slot<String>> {
        let (address, _) = rules::email::read(text).map_err(IssueBuf::one)?;
        note(text, address, false);
        Ok(Slot(Some(address.to_owned())))
    }
}

#[cfg(feature = "schemars")]
#[allow(
    clippy::extra_unused_type_parameters,
    reason = "the target is named for every schema function alike"
)]
fn email_schema<T>() -> serde_json::Value {
    serde_json::json!({"type": "string", "format": "email", "maxLength": 254})
}

format_targets!(
    impl [] EmailLike,
    shape = EmailShape[],
    schema = email_schema[],
    text = string_text,
    => String,
);

// -- IP addresses -----------------------------------------------------------------------

trait FromIp: Target {
    const FAMILY: Family;
    fn from_ip(ip: IpAddr) -> Option<Self>;
}

struct IpShape<T>(PhantomData<fn() -> T>);

impl<T: FromIp> TextShape for IpShape<T> {
    type Output = Slot<T>;
    const EXPECTED: &'static str = "an IP address string";
    const HINT: &'static str = "send the address as a JSON string, e.g. \"192.0.2.1\"";

    fn text(self, text: &str) -> Outcome<Slot<T>> {
        let (address, _) = ip::read(text, T::FAMILY).map_err(IssueBuf::one)?;
        let value = T::from_ip(address)
            .ok_or_else(|| IssueBuf::one(out_of_range::<T>(Format::Ipv6, text)))?;
        note(text, &address.to_string(), false);
        Ok(Slot(Some(value)))
    }
}

impl FromIp for String {
    const FAMILY: Family = Family::Either;
    fn from_ip(ip: IpAddr) -> Option<Self> {
        Some(ip.to_string())
    }
}

impl Target for IpAddr {
    fn stand_in() -> Self {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    }
}

impl FromIp for IpAddr {
    const FAMILY: Family = Family::Either;
    fn from_ip(ip: IpAddr) -> Option<Self> {
        Some(ip)
    }
}

impl Target for Ipv4Addr {
    fn stand_in() -> Self {
        Ipv4Addr::UNSPECIFIED
    }
}

impl FromIp for Ipv4Addr {
    const FAMILY: Family = Family::V4;
    fn from_ip(ip: IpAddr) -> Option<Self> {
        match ip {
            IpAddr::V4(a) => Some(a),
            IpAddr::V6(_) => None,
        }
    }
}

impl Target for Ipv6Addr {
    fn stand_in() -> Self {
        Ipv6Addr::UNSPECIFIED
    }
}

impl FromIp for Ipv6Addr {
    const FAMILY: Family = Family::V6;
    fn from_ip(ip: IpAddr) -> Option<Self> {
        match ip {
            IpAddr::V6(a) => Some(a),
            IpAddr::V4(_) => None,
        }
    }
}

fn ip_text<T: ToString>(ip: &T) -> String {
    ip.to_string()
}

/// `format: ipv4`, `format: ipv6`, or for either family an `anyOf` of the two.
#[cfg(feature = "schemars")]
fn ip_schema<T: FromIp>() -> serde_json::Value {
    match T::FAMILY {
        Family::V4 => serde_json::json!({"type": "string", "format": "ipv4"}),
        Family::V6 => serde_json::json!({"type": "string", "format": "ipv6"}),
        Family::Either => serde_json::json!({"anyOf": [
            {"type": "string", "format": "ipv4"},
            {"type": "string", "format": "ipv6"},
        ]}),
    }
}

format_targets!(
    impl [] IpLike,
    shape = IpShape[],
    schema = ip_schema[],
    text = ip_text,
    => IpAddr, Ipv4Addr, Ipv6Addr,
);

format_targets!(
    impl [] IpLike,
    shape = IpShape[],
    schema = ip_schema[],
    text = string_text,
    => String,
);

// -- chrono -----------------------------------------------------------------------------

#[cfg(feature = "chrono")]
mod with_chrono {
    use chrono::{DateTime as ChronoDateTime, Datelike, FixedOffset, NaiveDate, Offset as _, Utc};

    use super::*;

    impl Target for ChronoDateTime<FixedOffset> {
        fn stand_in() -> Self {
            ChronoDateTime::UNIX_EPOCH.fixed_offset()
        }
    }

    impl FromDateTime for ChronoDateTime<FixedOffset> {
        fn from_date_time(dt: &DateTime) -> Option<Self> {
            let offset = FixedOffset::east_opt(dt.offset.seconds())?;
            Some(
                ChronoDateTime::from_timestamp(dt.unix_seconds(), dt.nanos)?.with_timezone(&offset),
            )
        }
    }

    impl Target for ChronoDateTime<Utc> {
        const RANGE_HINT: &'static str =
            "send a date-time from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z";

        fn stand_in() -> Self {
            ChronoDateTime::UNIX_EPOCH
        }
    }

    impl FromDateTime for ChronoDateTime<Utc> {
        fn from_date_time(dt: &DateTime) -> Option<Self> {
            // Written back at UTC: only a UTC year of four digits can be.
            DateTime::from_unix(dt.unix_seconds(), dt.nanos, Offset::Z)?;
            ChronoDateTime::from_timestamp(dt.unix_seconds(), dt.nanos)
        }
    }

    /// The canonical text of a chrono date-time: its offset, `Z` for zero.
    pub(super) fn chrono_text<Tz: chrono::TimeZone>(value: &ChronoDateTime<Tz>) -> String {
        let seconds = value.offset().fix().local_minus_utc();
        let offset = if seconds == 0 {
            Offset::Z
        } else {
            Offset::from_minutes(seconds / 60).unwrap_or(Offset::Z)
        };
        DateTime::from_unix(value.timestamp(), value.timestamp_subsec_nanos(), offset)
            .map_or_else(|| value.to_rfc3339(), |dt| dt.to_string())
    }

    impl Target for NaiveDate {
        fn stand_in() -> Self {
            NaiveDate::default()
        }
    }

    impl FromDate for NaiveDate {
        fn from_date(date: Date) -> Option<Self> {
            NaiveDate::from_ymd_opt(
                i32::from(date.year),
                u32::from(date.month),
                u32::from(date.day),
            )
        }
    }

    pub(super) fn naive_date_text(date: &NaiveDate) -> String {
        format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day())
    }

    format_targets!(
        impl [P: DateTimePolicy] DateTimeLike<P>,
        shape = DateTimeShape[P],
        schema = date_time_schema[P],
        text = chrono_text,
        => ChronoDateTime<FixedOffset>, ChronoDateTime<Utc>,
    );

    format_targets!(
        impl [] DateLike,
        shape = DateShape[],
        schema = date_schema[],
        text = naive_date_text,
        => NaiveDate,
    );
}

// -- jiff -------------------------------------------------------------------------------

#[cfg(feature = "jiff")]
mod with_jiff {
    use jiff::Timestamp;
    use jiff::civil::Date as JiffDate;

    use super::*;

    impl Target for Timestamp {
        /// Written back at UTC, from the year 0000; jiff keeps a day's margin inside the
        /// year 9999, so that every offset keeps a timestamp's civil time in range.
        const RANGE_HINT: &'static str =
            "send a date-time from 0000-01-01T00:00:00Z to 9999-12-30T22:00:00Z";

        fn stand_in() -> Self {
            Timestamp::UNIX_EPOCH
        }
    }

    impl FromDateTime for Timestamp {
        fn from_date_time(dt: &DateTime) -> Option<Self> {
            // Written back at UTC: only a UTC year of four digits can be.
            DateTime::from_unix(dt.unix_seconds(), dt.nanos, Offset::Z)?;
            Timestamp::new(dt.unix_seconds(), i32::try_from(dt.nanos).ok()?).ok()
        }
    }

    /// The canonical text of a timestamp: at UTC, `Z`.
    pub(super) fn timestamp_text(value: &Timestamp) -> String {
        // jiff counts both parts toward zero: before 1970 the fraction is negative.
        let (mut secs, mut nanos) = (value.as_second(), value.subsec_nanosecond());
        if nanos < 0 {
            secs -= 1;
            nanos += 1_000_000_000;
        }
        let nanos = u32::try_from(nanos).unwrap_or(0);
        DateTime::from_unix(secs, nanos, Offset::Z)
            .map_or_else(|| value.to_string(), |dt| dt.to_string())
    }

    impl Target for JiffDate {
        fn stand_in() -> Self {
            JiffDate::default()
        }
    }

    impl FromDate for JiffDate {
        fn from_date(date: Date) -> Option<Self> {
            JiffDate::new(
                i16::try_from(date.year).ok()?,
                i8::try_from(date.month).ok()?,
                i8::try_from(date.day).ok()?,
            )
            .ok()
        }
    }

    pub(super) fn jiff_date_text(date: &JiffDate) -> String {
        date.to_string()
    }

    format_targets!(
        impl [P: DateTimePolicy] DateTimeLike<P>,
        shape = DateTimeShape[P],
        schema = date_time_schema[P],
        text = timestamp_text,
        => Timestamp,
    );

    format_targets!(
        impl [] DateLike,
        shape = DateShape[],
        schema = date_schema[],
        text = jiff_date_text,
        => JiffDate,
    );
}

// -- uuid -------------------------------------------------------------------------------

#[cfg(feature = "uuid")]
mod with_uuid {
    use uuid::Uuid;

    use super::*;

    impl Target for Uuid {
        fn stand_in() -> Self {
            Uuid::nil()
        }
    }

    impl FromUuid for Uuid {
        fn from_bytes(bytes: [u8; 16]) -> Self {
            Uuid::from_bytes(bytes)
        }
    }

    pub(super) fn uuid_text(id: &Uuid) -> String {
        rules::uuid::canonical(id.as_bytes())
    }

    format_targets!(
        impl [] UuidLike,
        shape = UuidShape[],
        schema = uuid_schema[],
        text = uuid_text,
        => Uuid,
    );
}

/// Issues of this module for tests: the canonical text of a date-time read by `P`.
#[cfg(test)]
fn read_as<P: DateTimePolicy>(text: &str) -> Result<String, crate::Issue> {
    date_time::read(text, &PolicyRules::<P>::RULES).map(|(dt, _)| dt.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{AssumeOffset, AssumeUtc};

    /// Regression: an epoch number's issue echoed it, and the report's `from` showed it,
    /// as a string (`"1e+30"`): the input is the number as sent.
    #[test]
    fn epoch_numbers_are_echoed_as_numbers() {
        use crate::policy::EpochSeconds;

        #[derive(serde::Deserialize, Debug)]
        struct Args {
            #[serde(
                deserialize_with = "serde_with::As::<DateTimeLike<EpochSeconds>>::deserialize"
            )]
            at: String,
        }
        let refused = crate::from_value::<Args>(serde_json::json!({"at": 1e30}));
        let input = refused.err().map(|r| r.issues()[0].input().cloned());
        assert_eq!(
            input,
            Some(Some(Input::Number(
                serde_json::Number::from_f64(1e30).expect("finite")
            )))
        );
        let call = crate::from_str_with_report::<Args>(r#"{"at": 1768471200}"#);
        let read = call
            .ok()
            .map(|c| (c.coercions()[0].from().cloned(), c.into_value().at));
        assert_eq!(
            read,
            Some((
                Some(Input::Number(1_768_471_200.into())),
                "2026-01-15T10:00:00Z".to_owned()
            ))
        );
    }

    /// Regression: a date-time past jiff's last timestamp (9999-12-30T22:00:00.999999999Z)
    /// was refused with the hint "send a value within the years 0000 to 9999", which it
    /// was (`9999-12-31T23:59:59Z`, a common "no end" sentinel).
    #[cfg(feature = "jiff")]
    #[test]
    fn jiff_range_hint_names_jiff_range() {
        #[derive(serde::Deserialize, Debug)]
        struct Args {
            #[serde(deserialize_with = "serde_with::As::<DateTimeLike>::deserialize")]
            #[allow(dead_code, reason = "only refused")]
            at: jiff::Timestamp,
        }
        let hint = |at: &str| {
            crate::from_value::<Args>(serde_json::json!({ "at": at }))
                .err()
                .map(|r| r.issues()[0].hint().to_owned())
        };
        assert_eq!(
            hint("9999-12-31T23:59:59Z").as_deref(),
            Some("send a date-time from 0000-01-01T00:00:00Z to 9999-12-30T22:00:00Z")
        );
        assert_eq!(hint("9999-12-30T22:00:00.999999999Z"), None);
        assert_eq!(hint("9999-12-31T01:59:59+04:00"), None);
        assert_eq!(hint("0000-01-01T00:00:00Z"), None);
        assert_eq!(
            hint("0000-01-01T00:00:00+01:00").as_deref(),
            Some("send a date-time from 0000-01-01T00:00:00Z to 9999-12-30T22:00:00Z")
        );
    }

    /// Regression: a date-time at either end of the years with an offset
    /// (`0000-01-01T00:00:00+01:00`) was read into the targets written at UTC, and written
    /// back as text no RFC 3339 reader takes (`-0001-12-31T23:00:00+00:00`, or jiff's
    /// `-000001-12-31T23:00:00Z`): it is refused, with the range in the hint.
    #[cfg(feature = "chrono")]
    #[test]
    fn utc_targets_refuse_what_utc_cannot_write() {
        #[derive(serde::Deserialize, Debug)]
        struct Args {
            #[serde(deserialize_with = "serde_with::As::<DateTimeLike>::deserialize")]
            #[allow(dead_code, reason = "only refused")]
            at: chrono::DateTime<chrono::Utc>,
        }
        let hint = |at: &str| {
            crate::from_value::<Args>(serde_json::json!({ "at": at }))
                .err()
                .map(|r| r.issues()[0].hint().to_owned())
        };
        let range = "send a date-time from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z";
        assert_eq!(hint("0000-01-01T00:00:00+01:00").as_deref(), Some(range));
        assert_eq!(hint("9999-12-31T23:00:00-05:00").as_deref(), Some(range));
        assert_eq!(hint("0000-01-01T00:00:00-01:00"), None);
        assert_eq!(hint("9999-12-31T23:59:59.999999999Z"), None);
    }

    /// Regression: a timestamp before 1970 with a fraction was written back a fraction of
    /// a second late (`1969-12-31T23:59:59.9Z` as `1970-01-01T00:00:00Z`): jiff gives its
    /// fraction as negative there.
    #[cfg(feature = "jiff")]
    #[test]
    fn jiff_timestamps_before_1970_are_written_exactly() {
        for text in [
            "1969-12-31T23:59:59.9Z",
            "1899-12-31T18:30:00.1Z",
            "0000-01-01T00:00:00.000000001Z",
            "1969-12-31T23:59:59Z",
            "1970-01-01T00:00:00.5Z",
        ] {
            let value: jiff::Timestamp = text.parse().expect("a timestamp");
            assert_eq!(with_jiff::timestamp_text(&value), text);
        }
    }

    #[test]
    fn policy_rules() {
        assert_eq!(read_as::<OffsetRequired>("2026-01-15T10:00").ok(), None);
        assert_eq!(
            read_as::<AssumeUtc>("2026-01-15T10:00").ok().as_deref(),
            Some("2026-01-15T10:00:00Z")
        );
        assert_eq!(
            read_as::<AssumeOffset<330>>("2026-01-15T10:00")
                .ok()
                .as_deref(),
            Some("2026-01-15T10:00:00+05:30")
        );
        assert_eq!(
            read_as::<AssumeOffset<-1439>>("2026-01-15T10:00")
                .ok()
                .as_deref(),
            Some("2026-01-15T10:00:00-23:59")
        );
    }
}
