//! Formats (dates, date-times, UUIDs, email and IP addresses, URIs), read from lax spellings
//! into canonical text for the typed adapters and the schema engine alike
//! (docs/contract.md, "Formats"). Each reader answers with the value and whether it was
//! valid as sent, or `format_invalid` with a hint.

pub(crate) mod date_time;
pub(crate) mod email;
pub(crate) mod ip;
#[cfg(feature = "coercer")]
pub(crate) mod uri;
pub(crate) mod uuid;

use std::borrow::Cow;

use crate::issue::{Code, Input, Issue};

/// The `format` values the crate reads (JSON Schema 2020-12's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// `date-time` (RFC 3339 `date-time`).
    DateTime,
    /// `date` (RFC 3339 `full-date`).
    Date,
    /// `uuid` (RFC 9562).
    Uuid,
    Email,
    Ipv4,
    Ipv6,
    /// `uri` (RFC 3986), schema route only.
    #[cfg_attr(
        not(feature = "coercer"),
        allow(dead_code, reason = "the schema engine's")
    )]
    Uri,
}

impl Format {
    /// The format a `format` keyword names, if the crate reads it.
    #[cfg_attr(
        not(feature = "coercer"),
        allow(dead_code, reason = "the schema engine's")
    )]
    pub(crate) fn from_keyword(name: &str) -> Option<Format> {
        Some(match name {
            "date-time" => Format::DateTime,
            "date" => Format::Date,
            "uuid" => Format::Uuid,
            "email" => Format::Email,
            "ipv4" => Format::Ipv4,
            "ipv6" => Format::Ipv6,
            "uri" => Format::Uri,
            _ => return None,
        })
    }

    /// The keyword's value: `"date-time"`.
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            Format::DateTime => "date-time",
            Format::Date => "date",
            Format::Uuid => "uuid",
            Format::Email => "email",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Uri => "uri",
        }
    }
}

/// A string read by a format's rule: its canonical text, and whether valid as sent.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    not(feature = "coercer"),
    allow(dead_code, reason = "the schema engine's")
)]
pub(crate) struct Read {
    pub(crate) canonical: String,
    /// Whether the text sent satisfies the published `format` as it is.
    pub(crate) as_sent: bool,
}

/// Read `text` by `format`'s rule with no policy (the schema route: an offset required,
/// bare dates and numbers refused), or `format_invalid`.
#[cfg_attr(
    not(feature = "coercer"),
    allow(dead_code, reason = "the schema engine's")
)]
pub(crate) fn read(format: Format, text: &str) -> Result<Read, Issue> {
    match format {
        Format::DateTime => {
            date_time::read(text, &date_time::Rules::STRICT).map(|(dt, spelling)| Read {
                canonical: dt.to_string(),
                as_sent: spelling == date_time::Spelling::AsSent,
            })
        }
        Format::Date => date_time::read_date(text).map(|(d, as_sent)| Read {
            canonical: d.to_string(),
            as_sent,
        }),
        Format::Uuid => uuid::read(text).map(|(bytes, as_sent)| Read {
            canonical: uuid::canonical(&bytes),
            as_sent,
        }),
        Format::Email => email::read(text).map(|(address, as_sent)| Read {
            canonical: address.to_owned(),
            as_sent,
        }),
        Format::Ipv4 => ip::read(text, ip::Family::V4).map(|(ip, as_sent)| Read {
            canonical: ip.to_string(),
            as_sent,
        }),
        Format::Ipv6 => ip::read(text, ip::Family::V6).map(|(ip, as_sent)| Read {
            canonical: ip.to_string(),
            as_sent,
        }),
        #[cfg(feature = "coercer")]
        Format::Uri => uri::read(text).map(|(uri, as_sent)| Read {
            canonical: uri.to_owned(),
            as_sent,
        }),
        #[cfg(not(feature = "coercer"))]
        Format::Uri => Ok(Read {
            canonical: text.to_owned(),
            as_sent: true,
        }),
    }
}

/// Whether `text` satisfies `format` as sent, without writing the canonical text.
#[cfg_attr(
    not(feature = "coercer"),
    allow(dead_code, reason = "the schema engine's")
)]
pub(crate) fn as_sent(format: Format, text: &str) -> bool {
    match format {
        Format::DateTime => matches!(
            date_time::read(text, &date_time::Rules::STRICT),
            Ok((_, date_time::Spelling::AsSent))
        ),
        Format::Date => matches!(date_time::read_date(text), Ok((_, true))),
        Format::Uuid => matches!(uuid::read(text), Ok((_, true))),
        Format::Email => matches!(email::read(text), Ok((_, true))),
        // As `ip::read` answers it (nothing around the address), without building the
        // issue of a miss: a union of `ipv4` and `ipv6` asks both of every address.
        Format::Ipv4 => text.parse::<std::net::Ipv4Addr>().is_ok(),
        Format::Ipv6 => text.parse::<std::net::Ipv6Addr>().is_ok(),
        #[cfg(feature = "coercer")]
        Format::Uri => matches!(uri::read(text), Ok((_, true))),
        #[cfg(not(feature = "coercer"))]
        Format::Uri => true,
    }
}

/// `format_invalid` for `text` (as it arrived) under `format`.
#[cold]
pub(crate) fn invalid(
    format: Format,
    text: &str,
    message: impl Into<Cow<'static, str>>,
    hint: impl Into<Cow<'static, str>>,
) -> Issue {
    Issue::new(Code::FormatInvalid, message)
        .with_input(Input::from_text(text))
        .with_hint(hint)
        .with_context("format", format.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `as_sent` answers as `read`'s `as_sent` does, addresses included.
    #[test]
    fn as_sent_agrees_with_read() {
        let texts = [
            "192.0.2.1",
            " 192.0.2.1",
            "010.0.0.1",
            "2001:db8::1",
            "2001:DB8::1",
            "[2001:db8::1]",
            "fe80::1%eth0",
            "::ffff:192.0.2.1",
            "",
            "2026-01-15",
        ];
        for format in [Format::Ipv4, Format::Ipv6] {
            for text in texts {
                let by_read = read(format, text).is_ok_and(|r| r.as_sent);
                assert_eq!(as_sent(format, text), by_read, "{format:?} {text:?}");
            }
        }
    }
}
