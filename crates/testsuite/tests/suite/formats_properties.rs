//! Properties of the format adapters (`DateTimeLike<P>`, `DateLike`, `UuidLike`,
//! `EmailLike`, `IpLike`):
//!
//! - a value built from random parts, spelled in any of the spellings the contract
//!   accepts (case, separators, offsets, fractions, braces, brackets, prefixes,
//!   whitespace), is accepted as exactly the canonical text built from the parts;
//! - every canonical text the crate answers reads back as itself (for the date-time
//!   crates' types and `uuid::Uuid`, as the same value: for chrono, the same instant and
//!   offset), and validates against the published schema with `jsonschema`'s format
//!   assertions on;
//! - no string or number panics any marker under any policy, and whatever is accepted
//!   obeys the two rules above (near misses of valid spellings included).
//!
//! A failure found here also belongs as a named row in the `mcp-coerce` package's
//! `tests/all/formats.rs`.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::LazyLock;

use mcp_coerce::schema::input_schema;
use mcp_coerce::{
    AssumeOffset, AssumeUtc, Code, DateLike, DateTimeLike, DateTimePolicy, EmailLike, EpochMillis,
    EpochSeconds, EpochUnit, IpLike, Rejection, UuidLike,
};
use proptest::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

// ---------------------------------------------------------------------------------------
// One field per marker, target and policy
// ---------------------------------------------------------------------------------------

/// Local times at UTC+01:00, bare dates as their midnight there, epoch seconds.
struct Office;
impl DateTimePolicy for Office {
    const ASSUME_OFFSET_MINUTES: Option<i32> = Some(60);
    const DATE_AS_START_OF_DAY: bool = true;
    const EPOCH: Option<EpochUnit> = Some(EpochUnit::Seconds);
}

/// Every field, optional, so that a call sets one: written back, each is its canonical
/// text.
#[serde_as]
#[derive(Deserialize, Serialize, JsonSchema, Debug)]
struct Fields {
    #[serde_as(as = "DateTimeLike")]
    #[serde(default)]
    at: Option<String>,
    #[serde_as(as = "DateTimeLike<AssumeUtc>")]
    #[serde(default)]
    at_utc: Option<String>,
    #[serde_as(as = "DateTimeLike<AssumeOffset<-300>>")]
    #[serde(default)]
    at_west: Option<String>,
    #[serde_as(as = "DateTimeLike<AssumeOffset<330>>")]
    #[serde(default)]
    at_india: Option<String>,
    #[serde_as(as = "DateTimeLike<EpochSeconds>")]
    #[serde(default)]
    at_seconds: Option<String>,
    #[serde_as(as = "DateTimeLike<EpochMillis>")]
    #[serde(default)]
    at_millis: Option<String>,
    #[serde_as(as = "DateTimeLike<Office>")]
    #[serde(default)]
    at_office: Option<String>,
    #[serde_as(as = "DateLike")]
    #[serde(default)]
    day: Option<String>,
    #[serde_as(as = "UuidLike")]
    #[serde(default)]
    id: Option<String>,
    #[serde_as(as = "EmailLike")]
    #[serde(default)]
    email: Option<String>,
    #[serde_as(as = "IpLike")]
    #[serde(default)]
    ip: Option<String>,
    #[serde_as(as = "IpLike")]
    #[serde(default)]
    ip_any: Option<IpAddr>,
    #[serde_as(as = "IpLike")]
    #[serde(default)]
    ip4: Option<Ipv4Addr>,
    #[serde_as(as = "IpLike")]
    #[serde(default)]
    ip6: Option<Ipv6Addr>,
}

const ALL_FIELDS: [&str; 14] = [
    "at",
    "at_utc",
    "at_west",
    "at_india",
    "at_seconds",
    "at_millis",
    "at_office",
    "day",
    "id",
    "email",
    "ip",
    "ip_any",
    "ip4",
    "ip6",
];

/// A validator per field, from the field's published schema, format assertions on.
static VALIDATORS: LazyLock<HashMap<String, jsonschema::Validator>> = LazyLock::new(|| {
    let schema = input_schema::<Fields>();
    let properties = schema["properties"]
        .as_object()
        .expect("test setup: the schema has properties");
    properties
        .iter()
        .map(|(name, property)| {
            let validator = jsonschema::options()
                .should_validate_formats(true)
                .build(property)
                .expect("test setup: the published schema compiles");
            (name.clone(), validator)
        })
        .collect()
});

/// `field`'s value read from `sent` and written back (its canonical text), `None` for no
/// value; through `from_value`, which must agree with `from_str`.
fn read(field: &str, sent: &Value) -> Result<Option<String>, Vec<(Code, String)>> {
    let mut args = Map::new();
    args.insert(field.to_owned(), sent.clone());
    let args = Value::Object(args);
    let text = |read: Result<Fields, Rejection>| {
        read.map(|fields| {
            let written = serde_json::to_value(&fields).expect("a struct writes");
            written[field].as_str().map(str::to_owned)
        })
        .map_err(|r| {
            r.issues()
                .iter()
                .map(|i| (i.code(), i.path().to_string()))
                .collect::<Vec<_>>()
        })
    };
    let by_value = text(mcp_coerce::from_value::<Fields>(args.clone()));
    let by_str = text(mcp_coerce::from_str::<Fields>(&args.to_string()));
    assert_eq!(by_value, by_str, "{args}: from_value and from_str differ");
    by_value
}

/// The rules every accepted value obeys: its canonical text reads back as itself, and is
/// valid for the field's published schema with format assertions on.
fn check_canonical(field: &str, sent: &Value, canonical: &str) -> Result<(), TestCaseError> {
    let again = read(field, &json!(canonical));
    prop_assert_eq!(
        again,
        Ok(Some(canonical.to_owned())),
        "{}: {} read as {:?}, which does not read back as itself",
        field,
        sent,
        canonical
    );
    let validator = &VALIDATORS[field];
    prop_assert!(
        validator.is_valid(&json!(canonical)),
        "{}: {} read as {:?}, which the published schema refuses: {:?}",
        field,
        sent,
        canonical,
        validator
            .iter_errors(&json!(canonical))
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
    );
    Ok(())
}

/// `sent` read into `field`: if accepted, the canonical rules hold; refused, the issue is
/// one at the field (`format_invalid` or `invalid_type`).
fn check_any(field: &str, sent: &Value) -> Result<(), TestCaseError> {
    match read(field, sent) {
        Ok(Some(canonical)) => check_canonical(field, sent, &canonical)?,
        Ok(None) => {}
        Err(issues) => {
            let path = format!("/{field}");
            prop_assert!(
                issues.len() == 1
                    && issues[0].1 == path
                    && matches!(issues[0].0, Code::FormatInvalid | Code::InvalidType),
                "{}: {} refused with {:?}",
                field,
                sent,
                issues
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Generators: parts, a spelling of them, and the canonical text they make
// ---------------------------------------------------------------------------------------

/// A value spelled as sent, and the canonical text the parts make.
#[derive(Clone, Debug)]
struct Case {
    sent: String,
    canonical: String,
}

fn days_in(year: u16, month: u8) -> u8 {
    let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 31,
    }
}

/// Whitespace around a value: nothing mostly.
fn padding() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => Just(String::new()),
        1 => "[ \t\n\r]{1,3}",
        1 => Just("\u{a0}".to_owned()),
    ]
}

/// A date's parts, and whether to spell it with slashes and with unpadded month and day.
fn date_parts() -> impl Strategy<Value = (u16, u8, u8)> {
    let any_date = (
        prop_oneof![
            6 => 1900u16..=2100,
            1 => 0u16..=9999,
            1 => prop::sample::select(vec![0u16, 1, 1600, 2000, 2400, 9999]),
        ],
        1u8..=12,
        1u8..=31,
    )
        .prop_map(|(y, m, d)| (y, m, d.min(days_in(y, m))));
    // The ends of the years a date-time can be written in, and the epoch's.
    let edges = prop::sample::select(vec![
        (0u16, 1u8, 1u8),
        (9999, 12, 31),
        (9999, 12, 30),
        (1970, 1, 1),
        (1969, 12, 31),
    ]);
    prop_oneof![8 => any_date, 1 => edges]
}

fn spell_date((y, m, d): (u16, u8, u8), slashes: bool, short: bool) -> String {
    let sep = if slashes { '/' } else { '-' };
    if short {
        format!("{y:04}{sep}{m}{sep}{d}")
    } else {
        format!("{y:04}{sep}{m:02}{sep}{d:02}")
    }
}

fn date_case() -> impl Strategy<Value = Case> {
    (
        date_parts(),
        any::<bool>(),
        any::<bool>(),
        padding(),
        padding(),
    )
        .prop_map(|((y, m, d), slashes, short, before, after)| Case {
            sent: format!("{before}{}{after}", spell_date((y, m, d), slashes, short)),
            canonical: format!("{y:04}-{m:02}-{d:02}"),
        })
}

/// A date-time's parts and spelling: the text sent, the canonical text without its
/// offset, and the offset sent.
#[derive(Clone, Debug)]
struct DateTimeCase {
    sent: String,
    /// `YYYY-MM-DDThh:mm:ss[.f]`: the canonical text before its offset.
    local: String,
    /// The offset as written canonically, when one was sent.
    offset_text: Option<String>,
}

impl DateTimeCase {
    /// The canonical text under a policy that assumes `assume` (`None`: none), if any.
    fn canonical(&self, assume: Option<&str>) -> Option<String> {
        match (&self.offset_text, assume) {
            (Some(offset), _) => Some(format!("{}{offset}", self.local)),
            (None, Some(assumed)) => Some(format!("{}{assumed}", self.local)),
            (None, None) => None,
        }
    }
}

fn date_time_case() -> impl Strategy<Value = DateTimeCase> {
    let time = (0u8..24, 0u8..60, 0u8..60, "[0-9]{0,9}", 0usize..=3);
    let offset = prop_oneof![
        1 => Just(None),
        2 => Just(Some(None)),
        4 => (-1439i32..=1439).prop_map(|m| Some(Some(m))),
        1 => prop::sample::select(vec![0i32, 60, -300, 330, 1439, -1439]).prop_map(|m| Some(Some(m))),
    ];
    // Spelling: date separators and padding, `T`/`t`/space, seconds left out when they are
    // zero without a fraction, `z`, an offset's colon, a minus zero offset, whitespace.
    let spelling = (
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec!['T', 't', ' ']),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    );
    (date_parts(), time, offset, spelling, padding(), padding()).prop_map(
        |(
            date,
            (h, mi, s, fraction, extra_zeros),
            offset,
            (slashes, short, sep, drop_seconds, lower_z, no_colon, minus_zero),
            before,
            after,
        )| {
            let mut sent = spell_date(date, slashes, short);
            sent.push(sep);
            let seconds_left_out = drop_seconds && s == 0 && fraction.is_empty();
            if seconds_left_out {
                sent.push_str(&format!("{h:02}:{mi:02}"));
            } else {
                sent.push_str(&format!("{h:02}:{mi:02}:{s:02}"));
                if !fraction.is_empty() {
                    sent.push('.');
                    sent.push_str(&fraction);
                    sent.push_str(&"0".repeat(extra_zeros));
                }
            }
            let offset_text = match offset {
                None => None,
                Some(None) => {
                    sent.push(if lower_z { 'z' } else { 'Z' });
                    Some("Z".to_owned())
                }
                Some(Some(m)) => {
                    let sign = if m < 0 || (m == 0 && minus_zero) {
                        '-'
                    } else {
                        '+'
                    };
                    let (hh, mm) = (m.abs() / 60, m.abs() % 60);
                    if no_colon {
                        sent.push_str(&format!("{sign}{hh:02}{mm:02}"));
                    } else {
                        sent.push_str(&format!("{sign}{hh:02}:{mm:02}"));
                    }
                    Some(format!("{sign}{hh:02}:{mm:02}"))
                }
            };
            let (y, m, d) = date;
            let mut local = format!("{y:04}-{m:02}-{d:02}T{h:02}:{mi:02}:{s:02}");
            let kept = fraction.trim_end_matches('0');
            if !kept.is_empty() {
                local.push('.');
                local.push_str(kept);
            }
            DateTimeCase {
                sent: format!("{before}{sent}{after}"),
                local,
                offset_text,
            }
        },
    )
}

fn uuid_case() -> impl Strategy<Value = Case> {
    (
        any::<[u8; 16]>(),
        any::<u32>(),
        any::<bool>(),
        0u8..4,
        any::<bool>(),
        padding(),
        padding(),
    )
        .prop_map(
            |(bytes, upper, hyphens, wrapper, urn_upper, before, after)| {
                let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
                let canonical = format!(
                    "{}-{}-{}-{}-{}",
                    &hex[..8],
                    &hex[8..12],
                    &hex[12..16],
                    &hex[16..20],
                    &hex[20..]
                );
                // Each hex digit in upper case where its bit of `upper` is set.
                let mut core: String = hex
                    .chars()
                    .enumerate()
                    .map(|(i, c)| {
                        if upper & (1 << i) != 0 {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        }
                    })
                    .collect();
                if hyphens {
                    for at in [20, 16, 12, 8] {
                        core.insert(at, '-');
                    }
                }
                let urn = if urn_upper { "URN:UUID:" } else { "urn:uuid:" };
                let wrapped = match wrapper {
                    0 => core,
                    1 => format!("{{{core}}}"),
                    2 => format!("{urn}{core}"),
                    _ => format!("{urn}{{{core}}}"),
                };
                Case {
                    sent: format!("{before}{wrapped}{after}"),
                    canonical,
                }
            },
        )
}

fn email_case() -> impl Strategy<Value = Case> {
    let atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,8}";
    let label = "[A-Za-z0-9]([A-Za-z0-9-]{0,10}[A-Za-z0-9])?".prop_filter(
        "no hyphens in the third and fourth places (A-labels)",
        |l| {
            let b = l.as_bytes();
            !(b.len() >= 4 && b[2] == b'-' && b[3] == b'-')
        },
    );
    (
        prop::collection::vec(atom, 1..=3),
        prop::collection::vec(label, 1..=3),
        prop::sample::select(vec!["", "", "", "mailto:", "MAILTO:", "MailTo:"]),
        padding(),
        padding(),
    )
        .prop_map(|(atoms, labels, prefix, before, after)| {
            let address = format!("{}@{}", atoms.join("."), labels.join("."));
            Case {
                sent: format!("{before}{prefix}{address}{after}"),
                canonical: address,
            }
        })
}

fn ipv4_case() -> impl Strategy<Value = Case> {
    (any::<[u8; 4]>(), padding(), padding()).prop_map(|(octets, before, after)| {
        let address = Ipv4Addr::from(octets).to_string();
        Case {
            sent: format!("{before}{address}{after}"),
            canonical: address,
        }
    })
}

fn ipv6_case() -> impl Strategy<Value = Case> {
    let segment = prop_oneof![2 => Just(0u16), 1 => Just(0xffff), 2 => any::<u16>()];
    (
        prop::array::uniform8(segment),
        0u8..3,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        padding(),
        padding(),
    )
        .prop_map(|(segments, form, upper, padded, brackets, before, after)| {
            let address = Ipv6Addr::from(segments);
            let spelled = match form {
                // As `Display` writes it (compressed, an IPv4-mapped tail dotted).
                0 => address.to_string(),
                // All eight groups, padded or not.
                1 => segments
                    .iter()
                    .map(|s| {
                        if padded {
                            format!("{s:04x}")
                        } else {
                            format!("{s:x}")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(":"),
                // The last 32 bits dotted.
                _ => {
                    let head = segments[..6]
                        .iter()
                        .map(|s| format!("{s:x}"))
                        .collect::<Vec<_>>()
                        .join(":");
                    let [a, b] = segments[6].to_be_bytes();
                    let [c, d] = segments[7].to_be_bytes();
                    format!("{head}:{a}.{b}.{c}.{d}")
                }
            };
            let spelled = if upper {
                spelled.to_ascii_uppercase()
            } else {
                spelled
            };
            let spelled = if brackets {
                format!("[{spelled}]")
            } else {
                spelled
            };
            Case {
                sent: format!("{before}{spelled}{after}"),
                canonical: address.to_string(),
            }
        })
}

/// A near miss of `text`: one char replaced, inserted or removed, from an alphabet of the
/// chars the formats use.
fn near_miss(text: String) -> impl Strategy<Value = String> {
    let len = text.chars().count();
    (
        0..=len,
        0u8..3,
        prop::sample::select(
            "0123456789aAfFzZtT-/:.+ []{}@%_xX\u{e9}\u{a0}"
                .chars()
                .collect::<Vec<_>>(),
        ),
    )
        .prop_map(move |(at, edit, c)| {
            let mut chars: Vec<char> = text.chars().collect();
            match edit {
                0 if at < chars.len() => chars[at] = c,
                1 => chars.insert(at, c),
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.push(c),
            }
            chars.into_iter().collect()
        })
}

/// Any value of any of the five formats, as sent.
fn any_spelling() -> impl Strategy<Value = String> {
    prop_oneof![
        date_time_case().prop_map(|c| c.sent),
        date_case().prop_map(|c| c.sent),
        uuid_case().prop_map(|c| c.sent),
        email_case().prop_map(|c| c.sent),
        ipv4_case().prop_map(|c| c.sent),
        ipv6_case().prop_map(|c| c.sent),
    ]
}

/// Any value a field may be sent: strings (any, date-time-like, near misses of the
/// formats) and numbers.
#[cfg(any(feature = "chrono", feature = "jiff", feature = "uuid"))]
fn any_input() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<String>().prop_map(Value::from),
        "[0-9TtZz:+./ -]{0,32}".prop_map(Value::from),
        any_spelling()
            .prop_flat_map(near_miss)
            .prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
    ]
}

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

proptest! {
    /// A date-time in any accepted spelling: the canonical text of its parts under each
    /// policy (an offset sent is kept; none sent is refused, or the policy's own), which
    /// reads back as itself and is a valid `date-time`.
    #[test]
    fn date_times_read_as_their_canonical_text(case in date_time_case()) {
        let sent = json!(case.sent);
        for (field, assume) in [
            ("at", None),
            ("at_utc", Some("Z")),
            ("at_west", Some("-05:00")),
            ("at_india", Some("+05:30")),
            ("at_seconds", None),
            ("at_millis", None),
            ("at_office", Some("+01:00")),
        ] {
            let got = read(field, &sent);
            match case.canonical(assume) {
                Some(canonical) => {
                    prop_assert_eq!(&got, &Ok(Some(canonical.clone())), "{}: {}", field, sent);
                    check_canonical(field, &sent, &canonical)?;
                }
                None => prop_assert_eq!(
                    &got,
                    &Err(vec![(Code::FormatInvalid, format!("/{field}"))]),
                    "{}: {}",
                    field,
                    sent
                ),
            }
        }
    }

    #[test]
    fn dates_read_as_their_canonical_text(case in date_case()) {
        let sent = json!(case.sent);
        prop_assert_eq!(read("day", &sent), Ok(Some(case.canonical.clone())), "{}", sent);
        check_canonical("day", &sent, &case.canonical)?;
        // A bare date is its start of day where the policy says so, refused elsewhere.
        let start = format!("{}T00:00:00+01:00", case.canonical);
        prop_assert_eq!(read("at_office", &sent), Ok(Some(start.clone())), "{}", sent);
        check_canonical("at_office", &sent, &start)?;
        prop_assert_eq!(
            read("at_utc", &sent),
            Err(vec![(Code::FormatInvalid, "/at_utc".to_owned())]),
            "{}",
            sent
        );
    }

    #[test]
    fn uuids_read_as_their_canonical_text(case in uuid_case()) {
        let sent = json!(case.sent);
        prop_assert_eq!(read("id", &sent), Ok(Some(case.canonical.clone())), "{}", sent);
        check_canonical("id", &sent, &case.canonical)?;
    }

    #[test]
    fn emails_read_as_their_canonical_text(case in email_case()) {
        let sent = json!(case.sent);
        prop_assert_eq!(read("email", &sent), Ok(Some(case.canonical.clone())), "{}", sent);
        check_canonical("email", &sent, &case.canonical)?;
    }

    #[test]
    fn ipv4_addresses_read_as_their_canonical_text(case in ipv4_case()) {
        let sent = json!(case.sent);
        for field in ["ip", "ip_any", "ip4"] {
            prop_assert_eq!(read(field, &sent), Ok(Some(case.canonical.clone())), "{}: {}", field, sent);
            check_canonical(field, &sent, &case.canonical)?;
        }
        prop_assert_eq!(
            read("ip6", &sent),
            Err(vec![(Code::FormatInvalid, "/ip6".to_owned())]),
            "{}",
            sent
        );
    }

    #[test]
    fn ipv6_addresses_read_as_their_canonical_text(case in ipv6_case()) {
        let sent = json!(case.sent);
        for field in ["ip", "ip_any", "ip6"] {
            prop_assert_eq!(read(field, &sent), Ok(Some(case.canonical.clone())), "{}: {}", field, sent);
            check_canonical(field, &sent, &case.canonical)?;
        }
        prop_assert_eq!(
            read("ip4", &sent),
            Err(vec![(Code::FormatInvalid, "/ip4".to_owned())]),
            "{}",
            sent
        );
    }

    /// A near miss of a valid spelling, read by every field: refused with one issue, or
    /// accepted as a canonical text that reads back as itself and is valid.
    #[test]
    fn near_misses_are_canonical_or_refused(text in any_spelling().prop_flat_map(near_miss)) {
        let sent = json!(text);
        for field in ALL_FIELDS {
            check_any(field, &sent)?;
        }
    }

    /// Any string, read by every field: no panic; refused with one issue, or canonical.
    #[test]
    fn any_string_is_canonical_or_refused(text in prop_oneof![
        any::<String>(),
        "[0-9TtZz:+./ -]{0,32}",
        "\\PC{0,80}",
    ]) {
        let sent = json!(text);
        for field in ALL_FIELDS {
            check_any(field, &sent)?;
        }
    }

    /// Any number, read by every field: no panic; epoch time under an epoch policy
    /// (canonical), refused with one issue elsewhere.
    #[test]
    fn any_number_is_canonical_or_refused(n in prop_oneof![
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| json!(f)),
        (-62_167_219_200_000i64..=253_402_300_799_999).prop_map(|n| json!(n)),
        (-62_167_219_200i64..=253_402_300_799, 0u32..1000).prop_map(|(s, ms)| json!(s as f64 + f64::from(ms) / 1000.0)),
    ]) {
        for field in ALL_FIELDS {
            check_any(field, &n)?;
            check_any(field, &json!(n.to_string()))?;
        }
        for field in ["at", "at_utc", "at_west", "day", "id", "email", "ip", "ip4"] {
            prop_assert_eq!(
                read(field, &n),
                Err(vec![(Code::InvalidType, format!("/{field}"))]),
                "{}: {}",
                field,
                n
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// The date-time crates' and uuid's own types: the same value from the sent text and from
// its canonical text, and the value as the crate's oracle reads the canonical text
// ---------------------------------------------------------------------------------------

#[cfg(feature = "chrono")]
mod with_chrono {
    use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

    use super::*;

    #[serde_as]
    #[derive(Deserialize, Serialize, Debug)]
    struct Chrono {
        #[serde_as(as = "DateTimeLike")]
        #[serde(default)]
        at: Option<DateTime<FixedOffset>>,
        #[serde_as(as = "DateTimeLike<AssumeOffset<-300>>")]
        #[serde(default)]
        at_west: Option<DateTime<FixedOffset>>,
        #[serde_as(as = "DateTimeLike")]
        #[serde(default)]
        at_utc: Option<DateTime<Utc>>,
        #[serde_as(as = "DateTimeLike<EpochSeconds>")]
        #[serde(default)]
        at_seconds: Option<DateTime<Utc>>,
        #[serde_as(as = "DateTimeLike<EpochMillis>")]
        #[serde(default)]
        at_millis: Option<DateTime<Utc>>,
        #[serde_as(as = "DateLike")]
        #[serde(default)]
        day: Option<NaiveDate>,
    }

    fn chrono(field: &str, sent: &Value) -> Option<Chrono> {
        let mut args = Map::new();
        args.insert(field.to_owned(), sent.clone());
        mcp_coerce::from_value::<Chrono>(Value::Object(args)).ok()
    }

    fn read_utc(sent: &Value) -> Result<Option<DateTime<Utc>>, Vec<(Code, String)>> {
        mcp_coerce::from_value::<Chrono>(json!({ "at_utc": sent }))
            .map(|c| c.at_utc)
            .map_err(|r| {
                r.issues()
                    .iter()
                    .map(|i| (i.code(), i.path().to_string()))
                    .collect()
            })
    }

    /// The instant and the offset (chrono's `==` compares instants only).
    fn fixed(dt: Option<DateTime<FixedOffset>>) -> Option<(DateTime<FixedOffset>, i32)> {
        dt.map(|dt| (dt, dt.offset().local_minus_utc()))
    }

    /// The date-time chrono's own RFC 3339 parser reads from `text`.
    fn oracle(text: &str) -> Option<(DateTime<FixedOffset>, i32)> {
        fixed(DateTime::parse_from_rfc3339(text).ok())
    }

    proptest! {
        #[test]
        fn chrono_values_are_the_canonical_texts(case in date_time_case()) {
            let sent = json!(case.sent);
            for (field, assume) in [("at", None), ("at_west", Some("-05:00"))] {
                let Some(canonical) = case.canonical(assume) else {
                    prop_assert!(chrono(field, &sent).is_none(), "{}: {} accepted", field, sent);
                    continue;
                };
                let value = fixed(chrono(field, &sent).and_then(|c| if field == "at" { c.at } else { c.at_west }));
                // The same instant and offset as chrono reads the canonical text (`-00:00`
                // is a zero offset), and as the canonical text reads.
                prop_assert_eq!(value, oracle(&canonical), "{}: {}", field, sent);
                let again = fixed(chrono(field, &json!(canonical)).and_then(|c| if field == "at" { c.at } else { c.at_west }));
                prop_assert_eq!(value, again, "{}: {}", field, sent);
                // Written back: a valid date-time, which reads as the same value.
                let written = chrono(field, &sent).map(|c| serde_json::to_value(&c).expect("writes")[field].clone());
                let written = written.unwrap_or(Value::Null);
                prop_assert!(VALIDATORS["at"].is_valid(&written), "{}: written as {}", field, written);
                let back = fixed(chrono(field, &written).and_then(|c| if field == "at" { c.at } else { c.at_west }));
                prop_assert_eq!(value, back, "{}: written as {}", field, written);
            }
            // Into `DateTime<Utc>`: the instant, written back at UTC as a valid date-time
            // reading the same; or, when the instant's UTC year is not 0000 to 9999 (a
            // date-time at either end with an offset), refused at the field.
            if let Some(canonical) = case.canonical(None) {
                let utc = chrono("at_utc", &sent).and_then(|c| c.at_utc);
                let instant = oracle(&canonical).map(|(dt, _)| dt.with_timezone(&Utc));
                let writable = instant.is_some_and(|dt| (0..=9999).contains(&dt.format("%Y").to_string().parse::<i32>().unwrap_or(-1)));
                if writable {
                    prop_assert_eq!(utc, instant, "{}", sent);
                    let written = serde_json::to_value(Chrono { at: None, at_west: None, at_utc: utc, at_seconds: None, at_millis: None, day: None })
                        .expect("writes")["at_utc"]
                        .clone();
                    prop_assert!(VALIDATORS["at"].is_valid(&written), "{} written as {}", sent, written);
                    prop_assert_eq!(chrono("at_utc", &written).and_then(|c| c.at_utc), utc, "{} written as {}", sent, written);
                } else {
                    prop_assert_eq!(
                        read_utc(&sent),
                        Err(vec![(Code::FormatInvalid, "/at_utc".to_owned())]),
                        "{}",
                        sent
                    );
                }
            }
        }

        /// Any value into every chrono field: no panic; accepted, it is written back as a
        /// valid date-time (or date) that reads as the same value.
        #[test]
        fn chrono_reads_anything_safely(sent in any_input()) {
            for field in ["at", "at_west", "at_utc", "at_seconds", "at_millis", "day"] {
                let Some(read) = chrono(field, &sent) else { continue };
                let written = serde_json::to_value(&read).expect("writes")[field].clone();
                if written.is_null() {
                    continue;
                }
                let schema = if field == "day" { "day" } else { "at" };
                prop_assert!(VALIDATORS[schema].is_valid(&written), "{}: {} written as {}", field, sent, written);
                let again = chrono(field, &written).map(|c| serde_json::to_value(&c).expect("writes")[field].clone());
                prop_assert_eq!(again, Some(written.clone()), "{}: {} written as {}", field, sent, written);
            }
        }

        #[test]
        fn chrono_dates_are_the_canonical_texts(case in date_case()) {
            let day = chrono("day", &json!(case.sent)).and_then(|c| c.day);
            prop_assert_eq!(day, NaiveDate::parse_from_str(&case.canonical, "%Y-%m-%d").ok());
        }

        /// Epoch time, as chrono counts it, for a JSON number and for numeric text.
        #[test]
        fn epoch_time_is_chronos(
            seconds in -62_167_219_200i64..=253_402_300_799,
            millis in -62_167_219_200_000i64..=253_402_300_799_999,
        ) {
            let want = DateTime::from_timestamp(seconds, 0);
            let text = want.map(|dt| dt.format("%Y-%m-%dT%H:%M:%SZ").to_string());
            for sent in [json!(seconds), json!(seconds.to_string())] {
                prop_assert_eq!(chrono("at_seconds", &sent).and_then(|c| c.at_seconds), want);
                prop_assert_eq!(&read("at_seconds", &sent).ok().flatten(), &text);
            }
            let want = DateTime::from_timestamp_millis(millis);
            let text = want.map(|dt| {
                let fraction = format!(".{:03}", millis.rem_euclid(1000));
                let fraction = fraction.trim_end_matches('0').trim_end_matches('.');
                format!("{}{fraction}Z", dt.format("%Y-%m-%dT%H:%M:%S"))
            });
            for sent in [json!(millis), json!(millis.to_string())] {
                prop_assert_eq!(chrono("at_millis", &sent).and_then(|c| c.at_millis), want);
                prop_assert_eq!(&read("at_millis", &sent).ok().flatten(), &text);
            }
            if let Some(text) = &text {
                check_canonical("at_millis", &json!(millis), text)?;
            }
            // The same instant as seconds with three fraction digits, either side of 1970.
            let sign = if millis < 0 { "-" } else { "" };
            let (whole, fraction) = (millis.unsigned_abs() / 1000, millis.unsigned_abs() % 1000);
            let seconds_text = format!("{sign}{whole}.{fraction:03}");
            for sent in [json!(seconds_text), json!(seconds_text.parse::<f64>().expect("a number"))] {
                prop_assert_eq!(chrono("at_seconds", &sent).and_then(|c| c.at_seconds), want, "{}", sent);
                prop_assert_eq!(&read("at_seconds", &sent).ok().flatten(), &text, "{}", sent);
            }
        }
    }
}

#[cfg(feature = "jiff")]
mod with_jiff {
    use jiff::Timestamp;
    use jiff::civil::Date;

    use super::*;

    #[serde_as]
    #[derive(Deserialize, Serialize, Debug)]
    struct Jiff {
        #[serde_as(as = "DateTimeLike<AssumeOffset<330>>")]
        #[serde(default)]
        at: Option<Timestamp>,
        #[serde_as(as = "DateLike")]
        #[serde(default)]
        day: Option<Date>,
    }

    fn jiff(sent: Map<String, Value>) -> Result<Jiff, Vec<(Code, String)>> {
        mcp_coerce::from_value::<Jiff>(Value::Object(sent)).map_err(|r| {
            r.issues()
                .iter()
                .map(|i| (i.code(), i.path().to_string()))
                .collect()
        })
    }

    fn at(sent: &Value) -> Result<Option<Timestamp>, Vec<(Code, String)>> {
        let mut args = Map::new();
        args.insert("at".to_owned(), sent.clone());
        jiff(args).map(|j| j.at)
    }

    proptest! {
        #[test]
        fn jiff_values_are_the_canonical_texts(case in date_time_case()) {
            let sent = json!(case.sent);
            let canonical = case.canonical(Some("+05:30")).expect("an offset is assumed");
            // The first instant written back at UTC with a four-digit year.
            let first: Timestamp = "0000-01-01T00:00:00Z".parse().expect("test setup");
            match canonical.parse::<Timestamp>() {
                // The instant jiff reads from the canonical text, which reads the same,
                // and is written back (at UTC) as a valid date-time reading the same.
                Ok(want) if want >= first => {
                    prop_assert_eq!(at(&sent), Ok(Some(want)), "{}", sent);
                    prop_assert_eq!(at(&json!(canonical)), Ok(Some(want)), "{}", sent);
                    let written = serde_json::to_value(Jiff { at: Some(want), day: None })
                        .expect("writes")["at"]
                        .clone();
                    prop_assert!(VALIDATORS["at"].is_valid(&written), "{} written as {}", sent, written);
                    prop_assert_eq!(at(&written), Ok(Some(want)), "{} written as {}", sent, written);
                }
                // Before 0000-01-01T00:00:00Z at UTC, or past jiff's range (its last day):
                // refused at the field.
                _ => prop_assert_eq!(
                    at(&sent),
                    Err(vec![(Code::FormatInvalid, "/at".to_owned())]),
                    "{}",
                    sent
                ),
            }
        }

        /// Any value into the jiff fields: no panic; accepted, it is written back as a valid
        /// date-time (or date) that reads as the same value.
        #[test]
        fn jiff_reads_anything_safely(sent in any_input()) {
            for field in ["at", "day"] {
                let mut args = Map::new();
                args.insert(field.to_owned(), sent.clone());
                let Ok(read) = jiff(args) else { continue };
                let written = serde_json::to_value(&read).expect("writes")[field].clone();
                if written.is_null() {
                    continue;
                }
                let schema = if field == "day" { "day" } else { "at" };
                prop_assert!(VALIDATORS[schema].is_valid(&written), "{}: {} written as {}", field, sent, written);
                let mut args = Map::new();
                args.insert(field.to_owned(), written.clone());
                let again = jiff(args).map(|j| serde_json::to_value(&j).expect("writes")[field].clone());
                prop_assert_eq!(again, Ok(written.clone()), "{}: {} written as {}", field, sent, written);
            }
        }

        #[test]
        fn jiff_dates_are_the_canonical_texts(case in date_case()) {
            let mut args = Map::new();
            args.insert("day".to_owned(), json!(case.sent));
            let day = jiff(args).ok().and_then(|j| j.day);
            prop_assert_eq!(day, case.canonical.parse::<Date>().ok(), "{}", case.sent);
        }
    }
}

#[cfg(feature = "uuid")]
mod with_uuid {
    use uuid::Uuid;

    use super::*;

    #[serde_as]
    #[derive(Deserialize, Serialize, Debug)]
    struct Ids {
        #[serde_as(as = "UuidLike")]
        id: Uuid,
    }

    proptest! {
        /// Any value into a `Uuid`: no panic; accepted, it is written back as a valid
        /// `uuid` that reads as the same value.
        #[test]
        fn uuid_reads_anything_safely(sent in any_input()) {
            if let Ok(read) = mcp_coerce::from_value::<Ids>(json!({ "id": sent })) {
                let written = serde_json::to_value(&read).expect("writes")["id"].clone();
                prop_assert!(VALIDATORS["id"].is_valid(&written), "{} written as {}", sent, written);
                let again = mcp_coerce::from_value::<Ids>(json!({ "id": written })).map(|i| i.id).ok();
                prop_assert_eq!(again, Some(read.id));
            }
        }

        #[test]
        fn uuids_are_the_canonical_texts(case in uuid_case()) {
            let read = mcp_coerce::from_value::<Ids>(json!({"id": case.sent})).map(|i| i.id).ok();
            let want = Uuid::parse_str(&case.canonical).ok();
            prop_assert!(want.is_some(), "{:?}", case.canonical);
            prop_assert_eq!(read, want, "{}", case.sent);
            let written = read.map(|id| serde_json::to_value(Ids { id }).expect("writes"));
            prop_assert_eq!(written, Some(json!({"id": case.canonical})));
        }
    }
}
