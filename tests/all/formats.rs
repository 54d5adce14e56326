//! The format adapters (`DateTimeLike<P>`, `DateLike`, `UuidLike`, `EmailLike`, `IpLike`),
//! row by row against the contract's table of formats (as the `mcp_coerce::formats` module
//! docs give it): each row is sent through both `mcp_coerce::from_value` and
//! `mcp_coerce::from_str` and must come out as the exact value (the canonical text, or the
//! target type's value), or as exactly one issue with the exact code, path, hint,
//! `context.format` and echoed input.
//! Then the optional rules, the report (`format_canonical`, `format_assumed` and its note),
//! redaction, `#[serde(deserialize_with)]`, the published schemas, serializing back, and
//! a serde format other than the crate's engine.
//!
//! The targets of the optional dependencies (chrono, jiff, uuid) are tested in blocks under
//! their feature, the schemas under `schemars`: `cargo test --workspace --all-features`
//! runs them all, and with the default features the rest still runs.

use crate::common;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use common::{Field, Place, Report, Row, absent_ok, invalid, missing, shown, wrong_type};
use mcp_coerce::{
    AssumeOffset, AssumeUtc, Code, DateLike, DateTimeLike, DateTimePolicy, EmailLike, EpochMillis,
    EpochSeconds, EpochUnit, Input, IpLike, Rule, UuidLike,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use serde_with::serde_as;

// ---------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------

/// Accepted as `value`, converted into the row's type (the shared harness's `ok`).
#[track_caller]
fn ok<T>(input: Value, value: impl Into<T>) -> Row<T> {
    common::ok(input, value.into())
}

/// An arguments type with one field under test, named `NAME`.
trait Named: Field {
    const NAME: &'static str;
}

/// `$name { $field: $ty }` read `#[serde_as(as = $as)]`, an `Option` field with
/// `#[serde(default)]`.
macro_rules! field {
    ($name:ident { $field:ident: Option<$inner:ty> as $as:literal }) => {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct $name {
            #[serde_as(as = $as)]
            #[serde(default)]
            $field: Option<$inner>,
        }
        field!(@impl $name, $field, Option<$inner>);
    };
    ($name:ident { $field:ident: $ty:ty as $as:literal }) => {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct $name {
            #[serde_as(as = $as)]
            $field: $ty,
        }
        field!(@impl $name, $field, $ty);
    };
    (@impl $name:ident, $field:ident, $ty:ty) => {
        impl Field for $name {
            type Out = $ty;
            fn out(self) -> $ty {
                self.$field
            }
        }
        impl Named for $name {
            const NAME: &'static str = stringify!($field);
        }
    };
}

/// Run every row through both routes for `S` (the shared harness's table, on the field
/// `S::NAME`): the exact value, or the exact single issue (code, path, hint,
/// `context.format`, and the input echoed as sent).
fn table<S: Named>(report: &mut Report, label: &str, rows: &[Row<S::Out>]) {
    report.table::<S>(label, Place::Field(S::NAME), rows);
}

// ---------------------------------------------------------------------------------------
// Date-times
// ---------------------------------------------------------------------------------------

const DT: &str = "date-time";
const DT_TYPE_HINT: &str =
    "send an RFC 3339 date-time as a JSON string, e.g. \"2026-01-15T10:00:00Z\"";
const DT_GARBLED: &str =
    "send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. 2026-01-15T10:00:00Z";
const ADD_OFFSET: &str = "add the UTC offset, e.g. 2026-01-15T10:00:00Z";
const EPOCH_TEXT_HINT: &str =
    "send an RFC 3339 date-time with its UTC offset, e.g. 2026-01-15T10:00:00Z";
const EPOCH_RANGE_HINT: &str = "send an RFC 3339 date-time, e.g. 2026-01-15T10:00:00Z";

/// The contract's date-time rows under the default policy (`OffsetRequired`): the
/// canonical text of each accepted value.
fn date_time_rows() -> Vec<Row<&'static str>> {
    vec![
        // RFC 3339 as sent.
        ok(json!("2026-01-15T10:00:00Z"), "2026-01-15T10:00:00Z"),
        ok(
            json!("2026-01-15T10:00:00+02:00"),
            "2026-01-15T10:00:00+02:00",
        ),
        ok(
            json!("2026-01-15T10:00:00-05:30"),
            "2026-01-15T10:00:00-05:30",
        ),
        ok(
            json!("2026-01-15T10:00:00-00:00"),
            "2026-01-15T10:00:00-00:00",
        ),
        ok(json!("2024-02-29T23:59:59Z"), "2024-02-29T23:59:59Z"),
        ok(json!("0000-01-01T00:00:00Z"), "0000-01-01T00:00:00Z"),
        ok(
            json!("9999-12-31T23:59:59.999999999Z"),
            "9999-12-31T23:59:59.999999999Z",
        ),
        // A space or `t` for `T`, `z`.
        ok(json!("2026-01-15 10:00:00Z"), "2026-01-15T10:00:00Z"),
        ok(json!("2026-01-15t10:00:00z"), "2026-01-15T10:00:00Z"),
        ok(json!("2026-01-15T10:00:00z"), "2026-01-15T10:00:00Z"),
        // An offset without its colon.
        ok(
            json!("2026-01-15T10:00:00+0200"),
            "2026-01-15T10:00:00+02:00",
        ),
        ok(json!("2026-01-15 10:00+0200"), "2026-01-15T10:00:00+02:00"),
        ok(
            json!("2026-01-15T10:00:00-0930"),
            "2026-01-15T10:00:00-09:30",
        ),
        // No seconds.
        ok(json!("2026-01-15T10:00Z"), "2026-01-15T10:00:00Z"),
        ok(json!("2026-01-15T10:30+05:30"), "2026-01-15T10:30:00+05:30"),
        // The fraction as sent, trailing zeros dropped, at most 9 digits kept.
        ok(json!("2026-01-15T10:00:00.500Z"), "2026-01-15T10:00:00.5Z"),
        ok(json!("2026-01-15T10:00:00.000Z"), "2026-01-15T10:00:00Z"),
        ok(
            json!("2026-01-15T10:00:00.250+02:00"),
            "2026-01-15T10:00:00.25+02:00",
        ),
        ok(
            json!("2026-01-15T10:00:00.123456789-05:30"),
            "2026-01-15T10:00:00.123456789-05:30",
        ),
        ok(
            json!("2026-01-15T10:00:00.1234567890Z"),
            "2026-01-15T10:00:00.123456789Z",
        ),
        // Whitespace around.
        ok(json!(" 2026-01-15T10:00:00Z\n"), "2026-01-15T10:00:00Z"),
        ok(json!("\t2026-01-15 10:00z "), "2026-01-15T10:00:00Z"),
        // Short date parts, slashes.
        ok(json!("2026-1-5T10:00:00Z"), "2026-01-05T10:00:00Z"),
        ok(json!("2026/01/15 10:00+01:00"), "2026-01-15T10:00:00+01:00"),
        // No offset: refused, the hint built from what was sent.
        invalid(json!("2026-01-15T10:00:00"), DT, ADD_OFFSET),
        invalid(json!("2026-01-15 10:00"), DT, ADD_OFFSET),
        invalid(
            json!("2026-01-15T10:00:00.5"),
            DT,
            "add the UTC offset, e.g. 2026-01-15T10:00:00.5Z",
        ),
        invalid(
            json!("2026-03-01T08:15"),
            DT,
            "add the UTC offset, e.g. 2026-03-01T08:15:00Z",
        ),
        // A bare date.
        invalid(
            json!("2026-01-15"),
            DT,
            "add the time and UTC offset, e.g. 2026-01-15T00:00:00Z",
        ),
        invalid(
            json!("2026/1/5"),
            DT,
            "add the time and UTC offset, e.g. 2026-01-05T00:00:00Z",
        ),
        // Epoch time: a JSON number is the wrong type, numeric text the wrong format.
        wrong_type(json!(1768471200), DT_TYPE_HINT),
        wrong_type(json!(1768471200.5), DT_TYPE_HINT),
        invalid(json!("1768471200"), DT, EPOCH_TEXT_HINT),
        invalid(json!("1768471200.5"), DT, EPOCH_TEXT_HINT),
        invalid(json!(" -1 "), DT, EPOCH_TEXT_HINT),
        // Words, and dates with the year last.
        invalid(json!("Jan 15 2026"), DT, DT_GARBLED),
        invalid(json!("January 15, 2026 10:00 UTC"), DT, DT_GARBLED),
        invalid(
            json!("15/01/2026"),
            DT,
            "send 2026-01-15 with a time and UTC offset, e.g. 2026-01-15T10:00:00Z",
        ),
        invalid(
            json!("01/15/2026"),
            DT,
            "send 2026-01-15 with a time and UTC offset, e.g. 2026-01-15T10:00:00Z",
        ),
        invalid(json!("15/01/2026 09:30"), DT, "send 2026-01-15T09:30:00Z"),
        invalid(
            json!("15.01.2026 09:30+0100"),
            DT,
            "send 2026-01-15T09:30:00+01:00",
        ),
        // Regression (year-last hints): the fraction and an offset after a space are kept,
        // and a time followed by words is not shown as if it were the time meant.
        invalid(
            json!("15/01/2026 09:30:00.250 +0100"),
            DT,
            "send 2026-01-15T09:30:00.25+01:00",
        ),
        invalid(
            json!("01/15/2026 09:30 PM"),
            DT,
            "send 2026-01-15 with a time and UTC offset, e.g. 2026-01-15T10:00:00Z",
        ),
        invalid(
            json!("01/02/2026"),
            DT,
            "01/02/2026 could be 2026-02-01 (day first) or 2026-01-02 (month first): send \
             the one you mean as YYYY-MM-DDThh:mm:ss with its UTC offset",
        ),
        invalid(
            json!("01/02/2026 10:00Z"),
            DT,
            "01/02/2026 10:00Z could be 2026-02-01T10:00:00Z (day first) or \
             2026-01-02T10:00:00Z (month first): send the one you mean as \
             YYYY-MM-DDThh:mm:ss with its UTC offset",
        ),
        invalid(
            json!("13/13/2026"),
            DT,
            "send the date as YYYY-MM-DDThh:mm:ss with its UTC offset, e.g. 2026-01-15",
        ),
        // A leap second, an impossible date, an impossible time.
        invalid(
            json!("2016-12-31T23:59:60Z"),
            DT,
            "send :59 for a leap second, e.g. 2016-12-31T23:59:59Z",
        ),
        invalid(
            json!("2026-02-30T10:00:00Z"),
            DT,
            "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15",
        ),
        invalid(
            json!("2025-02-29T10:00:00Z"),
            DT,
            "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15",
        ),
        invalid(
            json!("2026-13-01T10:00:00Z"),
            DT,
            "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15",
        ),
        invalid(
            json!("2026-01-15T24:00:00Z"),
            DT,
            "send a time from 00:00:00 to 23:59:59, e.g. 2026-01-15T10:00:00Z",
        ),
        invalid(
            json!("2026-01-15T10:60:00Z"),
            DT,
            "send a time from 00:00:00 to 23:59:59, e.g. 2026-01-15T10:00:00Z",
        ),
        invalid(
            json!("2026-01-15T10:00:00.1234567891Z"),
            DT,
            "send at most 9 digits after the seconds, e.g. 2026-01-15T10:00:00.123456789Z",
        ),
        // Offsets RFC 3339 cannot write, and other junk.
        invalid(json!("2026-01-15T10:00:00+24:00"), DT, DT_GARBLED),
        invalid(json!("2026-01-15T10:00:00+02"), DT, DT_GARBLED),
        invalid(json!("2026-01-15T10:00:00 Z"), DT, DT_GARBLED),
        invalid(json!("2026-01-15T10:00:00.Z"), DT, DT_GARBLED),
        invalid(json!("2026-01-15T10Z"), DT, DT_GARBLED),
        invalid(json!("12026-01-15T10:00:00Z"), DT, DT_GARBLED),
        invalid(json!(""), DT, DT_GARBLED),
        invalid(json!("null"), DT, DT_GARBLED),
        // Not a string.
        wrong_type(json!(null), DT_TYPE_HINT),
        wrong_type(json!(true), DT_TYPE_HINT),
        wrong_type(json!(["2026-01-15T10:00:00Z"]), DT_TYPE_HINT),
        wrong_type(json!({"at": "2026-01-15T10:00:00Z"}), DT_TYPE_HINT),
    ]
}

fn owned(rows: &[Row<&'static str>]) -> Vec<Row<String>> {
    rows.iter().map(|r| r.map(|s| (*s).to_owned())).collect()
}

field!(At { at: String as "DateTimeLike" });
field!(AtUtc { at: String as "DateTimeLike<AssumeUtc>" });
field!(AtWest { at: String as "DateTimeLike<AssumeOffset<-300>>" });
field!(AtIndia { at: String as "DateTimeLike<AssumeOffset<330>>" });
field!(AtSeconds { at: String as "DateTimeLike<EpochSeconds>" });
field!(AtMillis { at: String as "DateTimeLike<EpochMillis>" });
field!(AtDay { at: String as "DateTimeLike<StartOfDay>" });
field!(AtOffice { at: String as "DateTimeLike<Office>" });

/// A policy that takes a bare date as its start of day (at UTC), and assumes nothing else.
struct StartOfDay;
impl DateTimePolicy for StartOfDay {
    const DATE_AS_START_OF_DAY: bool = true;
}

/// Local times at UTC+01:00, dates as their midnight there, numbers as epoch seconds.
struct Office;
impl DateTimePolicy for Office {
    const ASSUME_OFFSET_MINUTES: Option<i32> = Some(60);
    const DATE_AS_START_OF_DAY: bool = true;
    const EPOCH: Option<EpochUnit> = Some(EpochUnit::Seconds);
}

#[test]
fn date_time_into_string() {
    let mut report = Report::new();
    let mut rows = owned(&date_time_rows());
    rows.push(missing("at"));
    table::<At>(&mut report, "DateTimeLike", &rows);
    report.finish();
}

#[test]
fn date_time_policies() {
    let mut report = Report::new();

    // Offsets assumed for a date-time sent without one; one sent is kept.
    table::<AtUtc>(
        &mut report,
        "AssumeUtc",
        &owned(&[
            ok(json!("2026-01-15T10:00"), "2026-01-15T10:00:00Z"),
            ok(json!("2026-01-15 10:00:00"), "2026-01-15T10:00:00Z"),
            ok(json!("2026-01-15T10:00:00.5"), "2026-01-15T10:00:00.5Z"),
            ok(
                json!("2026-01-15T10:00:00+02:00"),
                "2026-01-15T10:00:00+02:00",
            ),
            ok(
                json!("2026-01-15T10:00:00-00:00"),
                "2026-01-15T10:00:00-00:00",
            ),
            invalid(
                json!("2026-01-15"),
                DT,
                "add the time and UTC offset, e.g. 2026-01-15T00:00:00Z",
            ),
            invalid(json!("1768471200"), DT, EPOCH_TEXT_HINT),
            wrong_type(json!(1768471200), DT_TYPE_HINT),
            invalid(json!("15/01/2026 09:30"), DT, "send 2026-01-15T09:30:00Z"),
        ]),
    );
    table::<AtWest>(
        &mut report,
        "AssumeOffset<-300>",
        &owned(&[
            ok(json!("2026-01-15T10:00"), "2026-01-15T10:00:00-05:00"),
            ok(
                json!("2026-01-15 10:00:00.120"),
                "2026-01-15T10:00:00.12-05:00",
            ),
            ok(json!("2026-01-15T10:00:00Z"), "2026-01-15T10:00:00Z"),
            ok(
                json!("2026-01-15T10:00:00+0100"),
                "2026-01-15T10:00:00+01:00",
            ),
            invalid(
                json!("2026-01-15"),
                DT,
                "add the time and UTC offset, e.g. 2026-01-15T00:00:00-05:00",
            ),
            // Regression (year-last hints): the hint for a date with the year last and a
            // time without an offset writes the offset the field assumes, not `Z`:
            // following it must not move the time by five hours.
            invalid(
                json!("15/01/2026 09:30"),
                DT,
                "send 2026-01-15T09:30:00-05:00",
            ),
            invalid(
                json!("01/02/2026 10:00"),
                DT,
                "01/02/2026 10:00 could be 2026-02-01T10:00:00-05:00 (day first) or \
                 2026-01-02T10:00:00-05:00 (month first): send the one you mean as \
                 YYYY-MM-DDThh:mm:ss with its UTC offset",
            ),
            // An offset sent is the one written, whatever the policy assumes.
            invalid(json!("15/01/2026 09:30Z"), DT, "send 2026-01-15T09:30:00Z"),
            wrong_type(json!(1768471200), DT_TYPE_HINT),
        ]),
    );
    table::<AtIndia>(
        &mut report,
        "AssumeOffset<330>",
        &owned(&[
            ok(json!("2026-01-15 10:00"), "2026-01-15T10:00:00+05:30"),
            ok(json!("2026-01-15T23:59:59"), "2026-01-15T23:59:59+05:30"),
            ok(
                json!("2026-01-15T10:00:00-08:00"),
                "2026-01-15T10:00:00-08:00",
            ),
            invalid(
                json!("2026-01-15"),
                DT,
                "add the time and UTC offset, e.g. 2026-01-15T00:00:00+05:30",
            ),
        ]),
    );

    // Epoch numbers, JSON numbers and numeric text alike, written at UTC.
    table::<AtSeconds>(
        &mut report,
        "EpochSeconds",
        &owned(&[
            ok(json!(1768471200), "2026-01-15T10:00:00Z"),
            ok(json!("1768471200"), "2026-01-15T10:00:00Z"),
            ok(json!(" 1768471200 "), "2026-01-15T10:00:00Z"),
            ok(json!(1768471200.25), "2026-01-15T10:00:00.25Z"),
            ok(json!("1768471200.250"), "2026-01-15T10:00:00.25Z"),
            ok(
                json!("1768471200.123456789"),
                "2026-01-15T10:00:00.123456789Z",
            ),
            ok(json!(0), "1970-01-01T00:00:00Z"),
            ok(json!(-1), "1969-12-31T23:59:59Z"),
            ok(json!("-1"), "1969-12-31T23:59:59Z"),
            // Regression (negative epoch fractions): before the epoch a fraction is kept too.
            ok(json!(-0.5), "1969-12-31T23:59:59.5Z"),
            ok(json!("-1.25"), "1969-12-31T23:59:58.75Z"),
            ok(json!("-1.000"), "1969-12-31T23:59:59Z"),
            ok(json!(253402300799_i64), "9999-12-31T23:59:59Z"),
            ok(json!(-62167219200_i64), "0000-01-01T00:00:00Z"),
            ok(
                json!("2026-01-15T10:00:00+02:00"),
                "2026-01-15T10:00:00+02:00",
            ),
            invalid(json!(253402300800_i64), DT, EPOCH_RANGE_HINT),
            invalid(json!(-62167219201_i64), DT, EPOCH_RANGE_HINT),
            invalid(json!("99999999999999999"), DT, EPOCH_RANGE_HINT),
            // Regression (epoch echo): a number refused is echoed as the number sent (the
            // table checks every refusal's input).
            invalid(json!(1e30), DT, EPOCH_RANGE_HINT),
            invalid(json!("1768471200.1234567891"), DT, EPOCH_RANGE_HINT),
            invalid(json!("2026-01-15T10:00"), DT, ADD_OFFSET),
            invalid(
                json!("2026-01-15"),
                DT,
                "add the time and UTC offset, e.g. 2026-01-15T00:00:00Z",
            ),
            invalid(json!("+1768471200"), DT, DT_GARBLED),
            invalid(json!("1.7e9"), DT, DT_GARBLED),
            wrong_type(json!(null), DT_TYPE_HINT),
        ]),
    );
    table::<AtMillis>(
        &mut report,
        "EpochMillis",
        &owned(&[
            ok(json!(1768471200250_i64), "2026-01-15T10:00:00.25Z"),
            ok(json!("1768471200250"), "2026-01-15T10:00:00.25Z"),
            ok(json!("1768471200000"), "2026-01-15T10:00:00Z"),
            ok(json!(-1), "1969-12-31T23:59:59.999Z"),
            invalid(json!(-1.5), DT, EPOCH_RANGE_HINT),
            ok(json!("1768471200250.000"), "2026-01-15T10:00:00.25Z"),
            invalid(json!(1768471200250.5), DT, EPOCH_RANGE_HINT),
            invalid(json!("1768471200250.5"), DT, EPOCH_RANGE_HINT),
            invalid(json!(253402300800000_i64), DT, EPOCH_RANGE_HINT),
            invalid(json!("2026-01-15 10:00"), DT, ADD_OFFSET),
            ok(json!("2026-01-15 10:00Z"), "2026-01-15T10:00:00Z"),
        ]),
    );

    // A policy of one's own: a bare date is its start of day.
    table::<AtDay>(
        &mut report,
        "StartOfDay",
        &owned(&[
            ok(json!("2026-01-15"), "2026-01-15T00:00:00Z"),
            ok(json!(" 2026/1/5 "), "2026-01-05T00:00:00Z"),
            ok(json!("2026-01-15T10:00:00Z"), "2026-01-15T10:00:00Z"),
            invalid(json!("2026-01-15T10:00"), DT, ADD_OFFSET),
            invalid(
                json!("2026-02-30"),
                DT,
                "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15",
            ),
            invalid(json!("1768471200"), DT, EPOCH_TEXT_HINT),
            wrong_type(json!(1768471200), DT_TYPE_HINT),
        ]),
    );
    table::<AtOffice>(
        &mut report,
        "Office",
        &owned(&[
            ok(json!("2026-01-15 10:00"), "2026-01-15T10:00:00+01:00"),
            ok(json!("2026-01-15"), "2026-01-15T00:00:00+01:00"),
            ok(json!(1768471200), "2026-01-15T10:00:00Z"),
            ok(json!("1768471200"), "2026-01-15T10:00:00Z"),
            ok(
                json!("2026-01-15T10:00:00-03:00"),
                "2026-01-15T10:00:00-03:00",
            ),
        ]),
    );
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Dates, UUIDs, email addresses
// ---------------------------------------------------------------------------------------

const DATE_TYPE_HINT: &str = "send the date as a JSON string, e.g. \"2026-01-15\"";
const DATE_SHAPE: &str = "send a date as YYYY-MM-DD, e.g. 2026-01-15";
const NO_SUCH_DATE: &str = "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15";

fn date_rows() -> Vec<Row<&'static str>> {
    vec![
        ok(json!("2026-01-15"), "2026-01-15"),
        ok(json!("2026-1-5"), "2026-01-05"),
        ok(json!("2026-01-5"), "2026-01-05"),
        ok(json!("2026/01/15"), "2026-01-15"),
        ok(json!("2026/1/15"), "2026-01-15"),
        ok(json!(" 2026-01-15\n"), "2026-01-15"),
        ok(json!("2024-02-29"), "2024-02-29"),
        ok(json!("0000-01-01"), "0000-01-01"),
        ok(json!("9999-12-31"), "9999-12-31"),
        invalid(json!("15/01/2026"), "date", "send 2026-01-15"),
        invalid(json!("01/15/2026"), "date", "send 2026-01-15"),
        invalid(json!("15.01.2026"), "date", "send 2026-01-15"),
        invalid(
            json!("01/02/2026"),
            "date",
            "01/02/2026 could be 2026-02-01 (day first) or 2026-01-02 (month first): send \
             the one you mean as YYYY-MM-DD",
        ),
        invalid(
            json!("1-2-2026"),
            "date",
            "1-2-2026 could be 2026-02-01 (day first) or 2026-01-02 (month first): send the \
             one you mean as YYYY-MM-DD",
        ),
        // The same day either way round: one date.
        invalid(json!("05/05/2026"), "date", "send 2026-05-05"),
        invalid(
            json!("13/13/2026"),
            "date",
            "send the date as YYYY-MM-DD, e.g. 2026-01-15",
        ),
        invalid(
            json!("2026-01-15T10:00:00Z"),
            "date",
            "send the date only: 2026-01-15",
        ),
        invalid(
            json!("2026-01-15 10:00"),
            "date",
            "send the date only: 2026-01-15",
        ),
        invalid(json!("2026-02-30"), "date", NO_SUCH_DATE),
        invalid(json!("2025-02-29"), "date", NO_SUCH_DATE),
        invalid(json!("2026-00-10"), "date", NO_SUCH_DATE),
        invalid(json!("2026-01-32"), "date", NO_SUCH_DATE),
        invalid(json!("Jan 15 2026"), "date", DATE_SHAPE),
        invalid(json!("2026-001-15"), "date", DATE_SHAPE),
        invalid(json!("20260115"), "date", DATE_SHAPE),
        invalid(json!("26-01-15"), "date", DATE_SHAPE),
        invalid(json!(""), "date", DATE_SHAPE),
        invalid(json!("null"), "date", DATE_SHAPE),
        wrong_type(json!(20260115), DATE_TYPE_HINT),
        wrong_type(json!(null), DATE_TYPE_HINT),
        wrong_type(json!(["2026-01-15"]), DATE_TYPE_HINT),
    ]
}

field!(Day { day: String as "DateLike" });

#[test]
fn date_into_string() {
    let mut report = Report::new();
    let mut rows = owned(&date_rows());
    rows.push(missing("day"));
    table::<Day>(&mut report, "DateLike", &rows);
    report.finish();
}

const UUID: &str = "6f9619ff-8b86-d011-b42d-00c04fc964ff";
const UUID_HINT: &str =
    "send the UUID as 8-4-4-4-12 hex digits, e.g. 6f9619ff-8b86-d011-b42d-00c04fc964ff";
const UUID_TYPE_HINT: &str =
    "send the UUID as a JSON string, e.g. \"6f9619ff-8b86-d011-b42d-00c04fc964ff\"";

fn uuid_rows() -> Vec<Row<&'static str>> {
    vec![
        ok(json!(UUID), UUID),
        ok(json!("6F9619FF-8B86-D011-B42D-00C04FC964FF"), UUID),
        ok(json!("6f9619FF-8b86-D011-b42d-00C04fc964FF"), UUID),
        ok(json!("{6F9619FF-8B86-D011-B42D-00C04FC964FF}"), UUID),
        ok(json!("urn:uuid:6f9619ff-8b86-d011-b42d-00c04fc964ff"), UUID),
        ok(
            json!("URN:UUID:{6F9619FF-8B86-D011-B42D-00C04FC964FF}"),
            UUID,
        ),
        ok(json!("6f9619ff8b86d011b42d00c04fc964ff"), UUID),
        ok(json!("{6F9619FF8B86D011B42D00C04FC964FF}"), UUID),
        ok(json!(" 6f9619ff-8b86-d011-b42d-00c04fc964ff\n"), UUID),
        ok(
            json!("00000000-0000-0000-0000-000000000000"),
            "00000000-0000-0000-0000-000000000000",
        ),
        ok(
            json!("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"),
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
        ),
        invalid(
            json!("6f9619ff-8b86-d011-b42d-00c04fc964f"),
            "uuid",
            UUID_HINT,
        ),
        invalid(
            json!("6f9619ff-8b86-d011-b42d-00c04fc964fff"),
            "uuid",
            UUID_HINT,
        ),
        invalid(
            json!("6f9619ff-8b86-d011-b42d-00c04fc964fg"),
            "uuid",
            UUID_HINT,
        ),
        invalid(
            json!("6f9619f-f8b86-d011-b42d-00c04fc964ff"),
            "uuid",
            UUID_HINT,
        ),
        invalid(
            json!("6f9619ff8b86-d011-b42d-00c04fc964ff"),
            "uuid",
            UUID_HINT,
        ),
        invalid(
            json!("{6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            "uuid",
            UUID_HINT,
        ),
        invalid(
            json!("(6f9619ff-8b86-d011-b42d-00c04fc964ff)"),
            "uuid",
            UUID_HINT,
        ),
        invalid(
            json!("6f9619ff-8b86-d011-b42d-00c04fc964ffé"),
            "uuid",
            UUID_HINT,
        ),
        invalid(json!("éééééééééééééééé"), "uuid", UUID_HINT),
        invalid(json!(""), "uuid", UUID_HINT),
        invalid(json!("null"), "uuid", UUID_HINT),
        wrong_type(json!(12345), UUID_TYPE_HINT),
        wrong_type(json!(null), UUID_TYPE_HINT),
        wrong_type(json!([UUID]), UUID_TYPE_HINT),
    ]
}

field!(Id { id: String as "UuidLike" });

#[test]
fn uuid_into_string() {
    let mut report = Report::new();
    let mut rows = owned(&uuid_rows());
    rows.push(missing("id"));
    table::<Id>(&mut report, "UuidLike", &rows);
    report.finish();
}

const EMAIL_HINT: &str = "send the address alone, e.g. ann@example.com";
const EMAIL_TYPE_HINT: &str = "send the address as a JSON string, e.g. \"ann@example.com\"";

field!(Organizer { organizer: String as "EmailLike" });

#[test]
fn email_into_string() {
    let mut report = Report::new();
    let long_local = format!("{}@example.com", "a".repeat(64));
    let longer_local = format!("{}@example.com", "a".repeat(65));
    let long_label = format!("ann@{}.com", "a".repeat(63));
    let longer_label = format!("ann@{}.com", "a".repeat(64));
    // 254 bytes in all, then 255.
    let label = "a".repeat(61);
    let longest = format!("a@{label}.{label}.{label}.{label}.{}", "b".repeat(4));
    let too_long = format!("a@{label}.{label}.{label}.{label}.{}", "b".repeat(5));
    assert_eq!((longest.len(), too_long.len()), (254, 255), "test setup");
    let mut rows: Vec<Row<String>> = vec![
        ok(json!("ann@example.com"), "ann@example.com"),
        ok(
            json!("Ann.Lee+tools@Example.COM"),
            "Ann.Lee+tools@Example.COM",
        ),
        ok(json!(" ann@example.com\t"), "ann@example.com"),
        ok(json!("mailto:ann@example.com"), "ann@example.com"),
        ok(json!("MailTo:ann@example.com"), "ann@example.com"),
        ok(json!(" mailto:ann@example.com "), "ann@example.com"),
        ok(json!("a@localhost"), "a@localhost"),
        ok(
            json!("o'neil!#$%&*/=?^_`{|}~-@x.io"),
            "o'neil!#$%&*/=?^_`{|}~-@x.io",
        ),
        ok(
            json!("first.last@sub-domain.example.co.uk"),
            "first.last@sub-domain.example.co.uk",
        ),
        ok(json!(long_local), long_local.as_str()),
        ok(json!(long_label), long_label.as_str()),
        ok(json!(longest), longest.as_str()),
        invalid(
            json!("Ann <ann@example.com>"),
            "email",
            "send the address alone: ann@example.com",
        ),
        invalid(
            json!("\"Ann Lee\" <ann@example.com>"),
            "email",
            "send the address alone: ann@example.com",
        ),
        invalid(
            json!("<ann@example.com>"),
            "email",
            "send the address alone: ann@example.com",
        ),
        invalid(json!(longer_local), "email", EMAIL_HINT),
        invalid(json!(longer_label), "email", EMAIL_HINT),
        invalid(json!(too_long), "email", EMAIL_HINT),
        invalid(json!("Ann <ann@example.com"), "email", EMAIL_HINT),
        invalid(
            json!("mailto:ann@example.com?subject=hi"),
            "email",
            EMAIL_HINT,
        ),
        invalid(json!("\"ann\"@example.com"), "email", EMAIL_HINT),
        invalid(json!("ann@[192.0.2.1]"), "email", EMAIL_HINT),
        invalid(json!("ann@xn--mnchen-3ya.de"), "email", EMAIL_HINT),
        invalid(json!("änn@example.com"), "email", EMAIL_HINT),
        invalid(json!("ann@exämple.com"), "email", EMAIL_HINT),
        invalid(json!("ann lee@example.com"), "email", EMAIL_HINT),
        invalid(json!("ann@exa_mple.com"), "email", EMAIL_HINT),
        invalid(json!(".ann@example.com"), "email", EMAIL_HINT),
        invalid(json!("ann.@example.com"), "email", EMAIL_HINT),
        invalid(json!("an..n@example.com"), "email", EMAIL_HINT),
        invalid(json!("ann@example..com"), "email", EMAIL_HINT),
        invalid(json!("ann@example.com."), "email", EMAIL_HINT),
        invalid(json!("ann@-example.com"), "email", EMAIL_HINT),
        invalid(json!("ann@example-.com"), "email", EMAIL_HINT),
        invalid(json!("a@b@example.com"), "email", EMAIL_HINT),
        invalid(json!("ann@"), "email", EMAIL_HINT),
        invalid(json!("@example.com"), "email", EMAIL_HINT),
        invalid(json!("ann"), "email", EMAIL_HINT),
        invalid(json!(""), "email", EMAIL_HINT),
        invalid(json!("null"), "email", EMAIL_HINT),
        wrong_type(json!(42), EMAIL_TYPE_HINT),
        wrong_type(json!(null), EMAIL_TYPE_HINT),
        wrong_type(json!(["ann@example.com"]), EMAIL_TYPE_HINT),
    ];
    rows.push(missing("organizer"));
    table::<Organizer>(&mut report, "EmailLike", &rows);
    report.finish();
}

// ---------------------------------------------------------------------------------------
// IP addresses
// ---------------------------------------------------------------------------------------

const IP_TYPE_HINT: &str = "send the address as a JSON string, e.g. \"192.0.2.1\"";
const EITHER_HINT: &str = "send an IPv4 or IPv6 address, e.g. 192.0.2.1 or 2001:db8::1";
const V4_HINT: &str = "send an IPv4 address, e.g. 192.0.2.1";
const V6_HINT: &str = "send an IPv6 address, e.g. 2001:db8::1";
const LEADING_ZERO: &str =
    "send the octets without leading zeros, e.g. 10.0.0.1 if they are decimal";
const ZONE: &str = "send the address without its zone index: fe80::1";

field!(Ip { ip: IpAddr as "IpLike" });
field!(Ip4 { ip: Ipv4Addr as "IpLike" });
field!(Ip6 { ip: Ipv6Addr as "IpLike" });
field!(IpText { ip: String as "IpLike" });

fn v4(a: u8, b: u8, c: u8, d: u8) -> Ipv4Addr {
    Ipv4Addr::new(a, b, c, d)
}

fn v6(text: &str) -> Ipv6Addr {
    text.parse().expect("test setup: an IPv6 address")
}

#[test]
fn ip_addresses() {
    let mut report = Report::new();
    // Either family, as `IpAddr`; the same rows as `String` below.
    let either: Vec<Row<IpAddr>> = vec![
        ok(json!("192.0.2.1"), v4(192, 0, 2, 1)),
        ok(json!(" 192.0.2.1 "), v4(192, 0, 2, 1)),
        ok(json!("0.0.0.0"), v4(0, 0, 0, 0)),
        ok(json!("255.255.255.255"), v4(255, 255, 255, 255)),
        ok(json!("2001:db8::1"), v6("2001:db8::1")),
        ok(json!("2001:DB8:0:0:0:0:0:1"), v6("2001:db8::1")),
        ok(json!("[2001:db8::1]"), v6("2001:db8::1")),
        ok(json!(" [2001:DB8::1] "), v6("2001:db8::1")),
        ok(json!("::1"), v6("::1")),
        ok(json!("::ffff:192.0.2.1"), v6("::ffff:192.0.2.1")),
        invalid(json!("010.0.0.1"), "ipv4", LEADING_ZERO),
        invalid(json!("fe80::1%eth0"), "ipv6", ZONE),
        invalid(json!("[192.0.2.1]"), "ipv6", EITHER_HINT),
        invalid(json!("256.0.0.1"), "ipv6", EITHER_HINT),
        invalid(json!("1.2.3"), "ipv6", EITHER_HINT),
        invalid(json!("1.2.3.4.5"), "ipv6", EITHER_HINT),
        invalid(json!("2001:db8::1::"), "ipv6", EITHER_HINT),
        invalid(json!("0x7f.0.0.1"), "ipv6", EITHER_HINT),
        invalid(json!("localhost"), "ipv6", EITHER_HINT),
        invalid(json!("192.0.2.1/24"), "ipv6", EITHER_HINT),
        invalid(json!(""), "ipv6", EITHER_HINT),
        invalid(json!("null"), "ipv6", EITHER_HINT),
        wrong_type(json!(3221225985_u32), IP_TYPE_HINT),
        wrong_type(json!(null), IP_TYPE_HINT),
        wrong_type(json!([192, 0, 2, 1]), IP_TYPE_HINT),
    ];
    let mut rows = either.clone();
    rows.push(missing("ip"));
    table::<Ip>(&mut report, "IpAddr", &rows);
    let mut rows: Vec<Row<String>> = either.iter().map(|r| r.map(IpAddr::to_string)).collect();
    rows.push(missing("ip"));
    table::<IpText>(&mut report, "IpLike into String", &rows);
    // Spot checks of the standard text, which the rows above take from `Display`.
    table::<IpText>(
        &mut report,
        "IpLike into String (text)",
        &[
            ok(json!("2001:DB8:0:0:0:0:0:1"), "2001:db8::1"),
            ok(
                json!("[2001:0db8:0000:0000:0000:ff00:0042:8329]"),
                "2001:db8::ff00:42:8329",
            ),
            ok(json!("::FFFF:192.0.2.1"), "::ffff:192.0.2.1"),
            ok(json!(" 192.0.2.1\n"), "192.0.2.1"),
        ],
    );

    table::<Ip4>(
        &mut report,
        "Ipv4Addr",
        &[
            ok(json!("192.0.2.1"), v4(192, 0, 2, 1)),
            ok(json!("\t10.0.0.1 "), v4(10, 0, 0, 1)),
            invalid(json!("010.0.0.1"), "ipv4", LEADING_ZERO),
            invalid(
                json!("192.168.001.001"),
                "ipv4",
                "send the octets without leading zeros, e.g. 192.168.1.1 if they are decimal",
            ),
            invalid(json!("2001:db8::1"), "ipv4", V4_HINT),
            invalid(json!("[2001:db8::1]"), "ipv4", V4_HINT),
            invalid(json!("::ffff:192.0.2.1"), "ipv4", V4_HINT),
            // Interpretation: the zone index is named first, whichever the family.
            invalid(json!("fe80::1%eth0"), "ipv4", ZONE),
            invalid(json!("[192.0.2.1]"), "ipv4", V4_HINT),
            invalid(json!("256.0.0.1"), "ipv4", V4_HINT),
            invalid(json!(""), "ipv4", V4_HINT),
            wrong_type(json!(1), IP_TYPE_HINT),
            missing("ip"),
        ],
    );
    table::<Ip6>(
        &mut report,
        "Ipv6Addr",
        &[
            ok(json!("2001:db8::1"), v6("2001:db8::1")),
            ok(json!("[2001:DB8::1]"), v6("2001:db8::1")),
            ok(json!("::ffff:192.0.2.1"), v6("::ffff:192.0.2.1")),
            invalid(
                json!("192.0.2.1"),
                "ipv6",
                "send an IPv6 address, e.g. ::ffff:192.0.2.1 for this IPv4 address",
            ),
            invalid(json!("fe80::1%eth0"), "ipv6", ZONE),
            invalid(json!("[fe80::1%eth0]"), "ipv6", ZONE),
            invalid(json!("2001:db8::g"), "ipv6", V6_HINT),
            invalid(json!("[2001:db8::1"), "ipv6", V6_HINT),
            invalid(json!(""), "ipv6", V6_HINT),
            wrong_type(json!(true), IP_TYPE_HINT),
            missing("ip"),
        ],
    );
    report.finish();
}

// ---------------------------------------------------------------------------------------
// The optional rules: `null`, `""` and whitespace are `None`; the text `"null"` is checked
// ---------------------------------------------------------------------------------------

field!(OptAt { at: Option<String> as "DateTimeLike" });
field!(OptSeconds { at: Option<String> as "DateTimeLike<EpochSeconds>" });
field!(OptDay { day: Option<String> as "DateLike" });
field!(OptId { id: Option<String> as "UuidLike" });
field!(OptOrganizer { organizer: Option<String> as "EmailLike" });
field!(OptIp { ip: Option<IpAddr> as "IpLike" });
field!(OptIp4 { ip: Option<Ipv4Addr> as "IpLike" });
field!(OptIp6 { ip: Option<Ipv6Addr> as "IpLike" });
field!(OptIpText { ip: Option<String> as "IpLike" });

/// The rows every optional field shares: no value in four spellings, and the text `"null"`
/// refused with the format's own issue.
fn no_value<T>(format: &str, null_hint: &str) -> Vec<Row<Option<T>>> {
    vec![
        absent_ok(None),
        ok(json!(null), None),
        ok(json!(""), None),
        ok(json!("  "), None),
        ok(json!("\t\n"), None),
        invalid(json!("null"), format, null_hint),
        invalid(json!("NULL"), format, null_hint),
    ]
}

fn some(text: &str) -> Option<String> {
    Some(text.to_owned())
}

#[test]
fn optional_rules() {
    let mut report = Report::new();

    let mut rows = no_value(DT, DT_GARBLED);
    rows.extend([
        ok(
            json!("2026-01-15 10:00+0200"),
            some("2026-01-15T10:00:00+02:00"),
        ),
        ok(
            json!(" 2026-01-15T10:00:00Z "),
            some("2026-01-15T10:00:00Z"),
        ),
        invalid(json!("2026-01-15T10:00"), DT, ADD_OFFSET),
        invalid(json!("1768471200"), DT, EPOCH_TEXT_HINT),
        wrong_type(json!(1768471200), DT_TYPE_HINT),
        wrong_type(json!(false), DT_TYPE_HINT),
    ]);
    table::<OptAt>(&mut report, "Option DateTimeLike", &rows);

    let mut rows = no_value(DT, DT_GARBLED);
    rows.extend([
        ok(json!(1768471200), some("2026-01-15T10:00:00Z")),
        ok(json!("1768471200"), some("2026-01-15T10:00:00Z")),
        ok(json!(0), some("1970-01-01T00:00:00Z")),
        invalid(json!(1e30), DT, EPOCH_RANGE_HINT),
    ]);
    table::<OptSeconds>(&mut report, "Option DateTimeLike<EpochSeconds>", &rows);

    let mut rows = no_value("date", DATE_SHAPE);
    rows.extend([
        ok(json!("2026/1/5"), some("2026-01-05")),
        invalid(json!("01/02/2026"), "date", "01/02/2026 could be 2026-02-01 (day first) or 2026-01-02 (month first): send the one you mean as YYYY-MM-DD"),
        wrong_type(json!(20260115), DATE_TYPE_HINT),
    ]);
    table::<OptDay>(&mut report, "Option DateLike", &rows);

    let mut rows = no_value("uuid", UUID_HINT);
    rows.extend([
        ok(json!("{6F9619FF-8B86-D011-B42D-00C04FC964FF}"), some(UUID)),
        invalid(json!("6f9619ff"), "uuid", UUID_HINT),
        wrong_type(json!(7), UUID_TYPE_HINT),
    ]);
    table::<OptId>(&mut report, "Option UuidLike", &rows);

    let mut rows = no_value("email", EMAIL_HINT);
    rows.extend([
        ok(json!("mailto:ann@example.com"), some("ann@example.com")),
        invalid(
            json!("Ann <ann@example.com>"),
            "email",
            "send the address alone: ann@example.com",
        ),
        wrong_type(json!(7), EMAIL_TYPE_HINT),
    ]);
    table::<OptOrganizer>(&mut report, "Option EmailLike", &rows);

    let mut rows = no_value("ipv6", EITHER_HINT);
    rows.extend([
        ok(
            json!(" [2001:DB8::1] "),
            Some(IpAddr::V6(v6("2001:db8::1"))),
        ),
        ok(json!("192.0.2.1"), Some(IpAddr::V4(v4(192, 0, 2, 1)))),
        invalid(json!("010.0.0.1"), "ipv4", LEADING_ZERO),
        wrong_type(json!(7), IP_TYPE_HINT),
    ]);
    table::<OptIp>(&mut report, "Option IpAddr", &rows);

    let mut rows = no_value("ipv4", V4_HINT);
    rows.extend([
        ok(json!(" 192.0.2.1 "), Some(v4(192, 0, 2, 1))),
        invalid(json!("::1"), "ipv4", V4_HINT),
    ]);
    table::<OptIp4>(&mut report, "Option Ipv4Addr", &rows);

    let mut rows = no_value("ipv6", V6_HINT);
    rows.extend([
        ok(json!("[::1]"), Some(v6("::1"))),
        invalid(
            json!("192.0.2.1"),
            "ipv6",
            "send an IPv6 address, e.g. ::ffff:192.0.2.1 for this IPv4 address",
        ),
    ]);
    table::<OptIp6>(&mut report, "Option Ipv6Addr", &rows);

    let mut rows = no_value("ipv6", EITHER_HINT);
    rows.extend([
        ok(json!("2001:DB8::1"), some("2001:db8::1")),
        ok(json!("192.0.2.1"), some("192.0.2.1")),
    ]);
    table::<OptIpText>(&mut report, "Option IpLike into String", &rows);
    report.finish();
}

// ---------------------------------------------------------------------------------------
// The report: `format_canonical` for a lax spelling, `format_assumed` for a policy's
// assumption (with its note); nothing for a value sent canonically
// ---------------------------------------------------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Event {
    #[serde_as(as = "DateTimeLike")]
    start: String,
    #[serde_as(as = "DateTimeLike<AssumeUtc>")]
    #[serde(default)]
    end: Option<String>,
    #[serde_as(as = "DateTimeLike<EpochSeconds>")]
    #[serde(default)]
    at: Option<String>,
    #[serde_as(as = "DateTimeLike<StartOfDay>")]
    #[serde(default)]
    from: Option<String>,
    #[serde_as(as = "DateLike")]
    #[serde(default)]
    day: Option<String>,
    #[serde_as(as = "UuidLike")]
    #[serde(default)]
    id: Option<String>,
    #[serde_as(as = "EmailLike")]
    #[serde(default)]
    organizer: Option<String>,
    #[serde_as(as = "IpLike")]
    #[serde(default)]
    ip: Option<IpAddr>,
}

/// `(rule@path, from, to, note)` of a coercion.
type Listed = (String, Option<Input>, Option<Input>, Option<String>);

/// Every coercion of a call, listed, through both text and value.
fn coercions(call: &Value) -> Vec<Listed> {
    let by_str = mcp_coerce::from_str_with_report::<Event>(&call.to_string());
    let by_value = mcp_coerce::from_value_with_report::<Event>(call.clone());
    let listed = |c: &mcp_coerce::Coercion| {
        (
            format!("{}@{}", c.rule(), c.path()),
            c.from().cloned(),
            c.to().cloned(),
            c.note(),
        )
    };
    match (by_str, by_value) {
        (Ok(by_str), Ok(by_value)) => {
            let listed_str: Vec<_> = by_str.coercions().iter().map(listed).collect();
            let listed_value: Vec<_> = by_value.coercions().iter().map(listed).collect();
            assert_eq!(listed_str, listed_value, "{call}: the two routes differ");
            assert_eq!(by_str.value(), by_value.value(), "{call}");
            listed_str
        }
        (s, v) => panic!(
            "{call}: refused: {} / {}",
            shown(&s.map(|_| ())),
            shown(&v.map(|_| ()))
        ),
    }
}

fn text(s: &str) -> Option<Input> {
    Some(Input::Text(s.to_owned()))
}

#[test]
fn report_names_each_rewrite() {
    let listed = coercions(&json!({
        "start": "2026-01-15 10:00+0200",
        "end": "2026-01-15t11:00:00z",
        "day": "2026/1/5",
        "id": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
        "organizer": "mailto:ann@example.com",
        "ip": " [2001:DB8::1] ",
    }));
    assert_eq!(
        listed,
        [
            (
                "format_canonical@/day".to_owned(),
                text("2026/1/5"),
                text("2026-01-05"),
                None
            ),
            (
                "format_canonical@/end".to_owned(),
                text("2026-01-15t11:00:00z"),
                text("2026-01-15T11:00:00Z"),
                None
            ),
            (
                "format_canonical@/id".to_owned(),
                text("{6F9619FF-8B86-D011-B42D-00C04FC964FF}"),
                text(UUID),
                None
            ),
            (
                "format_canonical@/ip".to_owned(),
                text(" [2001:DB8::1] "),
                text("2001:db8::1"),
                None
            ),
            (
                "format_canonical@/organizer".to_owned(),
                text("mailto:ann@example.com"),
                text("ann@example.com"),
                None
            ),
            (
                "format_canonical@/start".to_owned(),
                text("2026-01-15 10:00+0200"),
                text("2026-01-15T10:00:00+02:00"),
                None
            ),
        ]
    );
}

#[test]
fn report_is_empty_for_canonical_values() {
    let listed = coercions(&json!({
        "start": "2026-01-15T10:00:00+02:00",
        "end": "2026-01-15T11:00:00Z",
        "at": "2026-01-15T10:00:00.5Z",
        "from": "2026-01-15T00:00:00-00:00",
        "day": "2026-01-05",
        "id": UUID,
        "organizer": "Ann.Lee@Example.COM",
        "ip": "2001:db8::1",
    }));
    assert_eq!(listed, []);
    // Uppercase hex and RFC 3339's own `t` and `z` are valid as sent, but not the
    // canonical text: they are rewritten, and reported.
    let listed = coercions(&json!({
        "start": "2026-01-15t10:00:00z",
        "id": "6F9619FF-8B86-D011-B42D-00C04FC964FF",
        "ip": "2001:DB8::1",
    }));
    let rules: Vec<&str> = listed.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(
        rules,
        [
            "format_canonical@/id",
            "format_canonical@/ip",
            "format_canonical@/start"
        ]
    );
}

#[test]
fn report_notes_each_assumption() {
    let listed = coercions(&json!({
        "start": "2026-01-15T10:00:00Z",
        "end": "2026-01-15 11:00",
        "at": 1768471200,
        "from": "2026-01-15",
    }));
    // Regression (epoch echo): a JSON number is reported as the number sent.
    assert_eq!(
        listed,
        [
            (
                "format_assumed@/at".to_owned(),
                Some(Input::Number(1768471200.into())),
                text("2026-01-15T10:00:00Z"),
                Some("at 1768471200 was read as \"2026-01-15T10:00:00Z\"".to_owned())
            ),
            (
                "format_assumed@/end".to_owned(),
                text("2026-01-15 11:00"),
                text("2026-01-15T11:00:00Z"),
                Some("end \"2026-01-15 11:00\" was read as \"2026-01-15T11:00:00Z\"".to_owned())
            ),
            (
                "format_assumed@/from".to_owned(),
                text("2026-01-15"),
                text("2026-01-15T00:00:00Z"),
                Some("from \"2026-01-15\" was read as \"2026-01-15T00:00:00Z\"".to_owned())
            ),
        ]
    );
    // Epoch time sent as text is reported as the text sent.
    let listed = coercions(&json!({"start": "2026-01-15T10:00:00Z", "at": " 1768471200 "}));
    assert_eq!(
        listed,
        [(
            "format_assumed@/at".to_owned(),
            text(" 1768471200 "),
            text("2026-01-15T10:00:00Z"),
            Some("at \" 1768471200 \" was read as \"2026-01-15T10:00:00Z\"".to_owned())
        )]
    );
    // An offset sent under a policy that assumes one: a lax spelling, not an assumption.
    let listed = coercions(&json!({"start": "2026-01-15T10:00:00Z", "end": "2026-01-15 11:00Z"}));
    assert_eq!(listed[0].0, "format_canonical@/end");
    assert_eq!(listed.len(), 1);
    // The notes for the model are the assumptions only; no value is empty.
    let call = mcp_coerce::from_str_with_report::<Event>(
        r#"{"start": "2026-01-15 10:00Z", "end": "2026-01-15T11:00", "day": ""}"#,
    )
    .expect("test setup: an accepted call");
    assert_eq!(
        call.notes(),
        ["end \"2026-01-15T11:00\" was read as \"2026-01-15T11:00:00Z\""]
    );
    let rules: Vec<String> = call
        .coercions()
        .iter()
        .map(|c| format!("{}@{}", c.rule(), c.path()))
        .collect();
    assert_eq!(
        rules,
        [
            "empty_as_absent@/day",
            "format_assumed@/end",
            "format_canonical@/start"
        ]
    );
    assert!(Rule::FormatAssumed.tells_the_model());
    assert!(!Rule::FormatCanonical.tells_the_model());
    assert_eq!(
        (Rule::FormatCanonical.as_str(), Rule::FormatAssumed.as_str()),
        ("format_canonical", "format_assumed")
    );
    // Redacted, the report keeps each rule and path, never what was sent.
    let redacted: Vec<_> = call
        .report()
        .redacted()
        .coercions()
        .iter()
        .map(|c| {
            (
                c.rule(),
                c.path().to_string(),
                c.from().cloned(),
                c.to().cloned(),
            )
        })
        .collect();
    assert_eq!(
        redacted,
        [
            (Rule::EmptyAsAbsent, "/day".to_owned(), None, None),
            (Rule::FormatAssumed, "/end".to_owned(), None, None),
            (Rule::FormatCanonical, "/start".to_owned(), None, None),
        ]
    );
}

/// Every field's refusal in one call, in key order: one issue each.
#[test]
fn every_format_issue_of_a_call_and_its_redaction() {
    let call = json!({
        "start": "01/02/2026 10:00Z",
        "end": "2026-03-04",
        "at": "2026-03-05T10:00",
        "day": "2026-02-30",
        "id": "abc-123",
        "organizer": "Ann <ann@example.com>",
        "ip": "fe80::1%eth0",
    });
    for refused in [
        mcp_coerce::from_value::<Event>(call.clone()).expect_err("refused"),
        mcp_coerce::from_str::<Event>(&call.to_string()).expect_err("refused"),
    ] {
        let found: Vec<_> = refused
            .issues()
            .iter()
            .map(|i| {
                (
                    i.code(),
                    i.path().to_string(),
                    i.context().cloned().map(Value::Object),
                    i.hint().to_owned(),
                )
            })
            .collect();
        let f = |format: &str| Some(json!({ "format": format }));
        assert_eq!(
            found,
            [
                (
                    Code::FormatInvalid,
                    "/at".to_owned(),
                    f(DT),
                    "add the UTC offset, e.g. 2026-03-05T10:00:00Z".to_owned()
                ),
                (
                    Code::FormatInvalid,
                    "/day".to_owned(),
                    f("date"),
                    NO_SUCH_DATE.to_owned()
                ),
                (
                    Code::FormatInvalid,
                    "/end".to_owned(),
                    f(DT),
                    "add the time and UTC offset, e.g. 2026-03-04T00:00:00Z".to_owned()
                ),
                (
                    Code::FormatInvalid,
                    "/id".to_owned(),
                    f("uuid"),
                    UUID_HINT.to_owned()
                ),
                (
                    Code::FormatInvalid,
                    "/ip".to_owned(),
                    f("ipv6"),
                    ZONE.to_owned()
                ),
                (
                    Code::FormatInvalid,
                    "/organizer".to_owned(),
                    f("email"),
                    "send the address alone: ann@example.com".to_owned()
                ),
                (
                    Code::FormatInvalid,
                    "/start".to_owned(),
                    f(DT),
                    "01/02/2026 10:00Z could be 2026-02-01T10:00:00Z (day first) or \
                     2026-01-02T10:00:00Z (month first): send the one you mean as \
                     YYYY-MM-DDThh:mm:ss with its UTC offset"
                        .to_owned()
                ),
            ]
        );

        // Redacted: `context.format` kept (the type's declaration), no input, and no
        // hint or message that repeats what was sent.
        let redacted = refused.redacted();
        let found: Vec<_> = redacted
            .issues()
            .iter()
            .map(|i| {
                (
                    i.path().to_string(),
                    i.context().cloned().map(Value::Object),
                    i.input().cloned(),
                    i.hint().to_owned(),
                )
            })
            .collect();
        const REDACTED: &str = "re-read this field in the tool's inputSchema";
        assert_eq!(
            found,
            [
                ("/at".to_owned(), f(DT), None, REDACTED.to_owned()),
                ("/day".to_owned(), f("date"), None, NO_SUCH_DATE.to_owned()),
                ("/end".to_owned(), f(DT), None, REDACTED.to_owned()),
                ("/id".to_owned(), f("uuid"), None, UUID_HINT.to_owned()),
                ("/ip".to_owned(), f("ipv6"), None, REDACTED.to_owned()),
                (
                    "/organizer".to_owned(),
                    f("email"),
                    None,
                    REDACTED.to_owned()
                ),
                ("/start".to_owned(), f(DT), None, REDACTED.to_owned()),
            ]
        );
        for issue in redacted.issues() {
            for sent in [
                "01/02",
                "2026-03-04",
                "2026-03-05",
                "2026-02-30",
                "abc-123",
                "ann@",
                "fe80",
                "eth0",
            ] {
                assert!(
                    !issue.message().contains(sent) && !issue.hint().contains(sent),
                    "{}: {:?} / {:?} repeats {sent:?}",
                    issue.path(),
                    issue.message(),
                    issue.hint()
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Another serde format than the crate's engine: fail fast, with the issue's message
// ---------------------------------------------------------------------------------------

#[test]
fn under_serde_json_directly() {
    let read = |text: &str| serde_json::from_str::<At>(text).map(|a| a.at);
    assert_eq!(
        read(r#"{"at": "2026-01-15 10:00+0200"}"#).ok().as_deref(),
        Some("2026-01-15T10:00:00+02:00")
    );
    let error = |text: &str| read(text).err().map(|e| e.to_string());
    assert_eq!(
        error(r#"{"at": "01/02/2026 10:00Z"}"#).as_deref(),
        Some(
            "ambiguous date: the day and the month could be either way round \
             (format_invalid) at line 1 column 26"
        )
    );
    assert_eq!(
        error(r#"{"at": "2026-01-15T10:00"}"#).as_deref(),
        Some("the date-time has no UTC offset (format_invalid) at line 1 column 25")
    );
    assert_eq!(
        error(r#"{"at": 1768471200}"#).as_deref(),
        Some("expected a date-time string, got a number (invalid_type) at line 1 column 17")
    );
    let by_value = |v: Value| serde_json::from_value::<Id>(v).map(|a| a.id);
    assert_eq!(
        by_value(json!({"id": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}"}))
            .ok()
            .as_deref(),
        Some(UUID)
    );
    assert_eq!(
        by_value(json!({"id": "6f9619ff"}))
            .err()
            .map(|e| e.to_string())
            .as_deref(),
        Some("expected a UUID: 32 hex digits, hyphenated 8-4-4-4-12 (format_invalid)")
    );
    let ip = serde_json::from_str::<Ip>(r#"{"ip": "010.0.0.1"}"#).map(|a| a.ip);
    assert_eq!(
        ip.err().map(|e| e.to_string()).as_deref(),
        Some(
            "an IPv4 octet with a leading zero is ambiguous (octal in some parsers, decimal \
             in others) (format_invalid) at line 1 column 18"
        )
    );
}

// ---------------------------------------------------------------------------------------
// Written back: the canonical text
// ---------------------------------------------------------------------------------------

#[serde_as]
#[derive(Deserialize, Serialize, Debug)]
struct Written {
    #[serde_as(as = "DateTimeLike")]
    start: String,
    #[serde_as(as = "DateLike")]
    day: String,
    #[serde_as(as = "UuidLike")]
    id: String,
    #[serde_as(as = "EmailLike")]
    organizer: String,
    #[serde_as(as = "IpLike")]
    ip: IpAddr,
    #[serde_as(as = "IpLike")]
    ip4: Ipv4Addr,
    #[serde_as(as = "IpLike")]
    ip6: Ipv6Addr,
    #[serde_as(as = "IpLike")]
    #[serde(default)]
    maybe: Option<IpAddr>,
}

#[test]
fn written_back_as_canonical_text() {
    let call = json!({
        "start": "2026-01-15 10:00+0200",
        "day": "2026/1/5",
        "id": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
        "organizer": " mailto:ann@example.com ",
        "ip": " [2001:DB8:0:0:0:0:0:1] ",
        "ip4": "192.0.2.1 ",
        "ip6": "::FFFF:192.0.2.1",
    });
    let canonical = json!({
        "start": "2026-01-15T10:00:00+02:00",
        "day": "2026-01-05",
        "id": UUID,
        "organizer": "ann@example.com",
        "ip": "2001:db8::1",
        "ip4": "192.0.2.1",
        "ip6": "::ffff:192.0.2.1",
        "maybe": null,
    });
    for read in [
        mcp_coerce::from_value::<Written>(call.clone()),
        mcp_coerce::from_str::<Written>(&call.to_string()),
    ] {
        let written = read.map(|w| serde_json::to_value(&w).map_err(|e| e.to_string()));
        assert_eq!(written.ok(), Some(Ok(canonical.clone())));
    }
    // The canonical text reads back as itself, with nothing to report.
    let again = mcp_coerce::from_value_with_report::<Written>(canonical.clone())
        .expect("test setup: the canonical text is accepted");
    assert_eq!(again.coercions().len(), 0);
    assert_eq!(serde_json::to_value(again.value()).ok(), Some(canonical));
}

// ---------------------------------------------------------------------------------------
// chrono
// ---------------------------------------------------------------------------------------

#[cfg(feature = "chrono")]
mod with_chrono {
    use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};

    use super::*;

    const UTC_RANGE: &str = "send a date-time from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z";

    /// A date-time and its offset (chrono's `==` compares instants only).
    type Fixed = (DateTime<FixedOffset>, i32);

    fn fixed(text: &str) -> Fixed {
        let dt = DateTime::parse_from_rfc3339(text).expect("test setup: RFC 3339");
        (dt, dt.offset().local_minus_utc())
    }

    #[serde_as]
    #[derive(Deserialize, Serialize, Debug)]
    struct AtFixed {
        #[serde_as(as = "DateTimeLike")]
        at: DateTime<FixedOffset>,
    }
    impl Field for AtFixed {
        type Out = Fixed;
        fn out(self) -> Fixed {
            (self.at, self.at.offset().local_minus_utc())
        }
    }
    impl Named for AtFixed {
        const NAME: &'static str = "at";
    }

    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct AtFixedWest {
        #[serde_as(as = "DateTimeLike<AssumeOffset<-300>>")]
        at: DateTime<FixedOffset>,
    }
    impl Field for AtFixedWest {
        type Out = Fixed;
        fn out(self) -> Fixed {
            (self.at, self.at.offset().local_minus_utc())
        }
    }
    impl Named for AtFixedWest {
        const NAME: &'static str = "at";
    }

    field!(AtChronoUtc { at: DateTime<Utc> as "DateTimeLike" });
    field!(AtChronoMillis { at: DateTime<Utc> as "DateTimeLike<EpochMillis>" });
    field!(OptAtChrono { at: Option<DateTime<Utc>> as "DateTimeLike<AssumeUtc>" });
    field!(DayChrono { day: NaiveDate as "DateLike" });
    field!(OptDayChrono { day: Option<NaiveDate> as "DateLike" });

    #[test]
    fn date_time_into_chrono() {
        let mut report = Report::new();
        let rows = date_time_rows();
        table::<AtFixed>(
            &mut report,
            "DateTime<FixedOffset>",
            &rows.iter().map(|r| r.map(|t| fixed(t))).collect::<Vec<_>>(),
        );
        table::<AtChronoUtc>(
            &mut report,
            "DateTime<Utc>",
            &rows
                .iter()
                .map(|r| r.map(|t| fixed(t).0.with_timezone(&Utc)))
                .collect::<Vec<_>>(),
        );
        // The values themselves, built without a parser.
        let plus_two = FixedOffset::east_opt(2 * 3600).expect("test setup");
        let at_plus_two = plus_two
            .with_ymd_and_hms(2026, 1, 15, 10, 0, 0)
            .single()
            .expect("test setup");
        let utc = |y, mo, d, h, mi, s| {
            Utc.with_ymd_and_hms(y, mo, d, h, mi, s)
                .single()
                .expect("test setup")
        };
        table::<AtFixed>(
            &mut report,
            "DateTime<FixedOffset> values",
            &[
                ok(json!("2026-01-15 10:00+0200"), (at_plus_two, 7200)),
                ok(
                    json!("2026-01-15T10:00:00+02:00"),
                    fixed("2026-01-15T10:00:00+02:00"),
                ),
                ok(json!("2026-01-15T08:00:00Z"), (at_plus_two, 0)),
                // At its own offset, any year 0000 to 9999 is written back.
                ok(
                    json!("0000-01-01T00:00:00+01:00"),
                    fixed("0000-01-01T00:00:00+01:00"),
                ),
                ok(
                    json!("9999-12-31T23:00:00-05:00"),
                    fixed("9999-12-31T23:00:00-05:00"),
                ),
                // `-00:00` is a zero offset for chrono.
                ok(json!("2026-01-15T08:00:00-00:00"), (at_plus_two, 0)),
                ok(
                    json!("2026-01-15T10:00:00.5-05:30"),
                    (
                        FixedOffset::west_opt(5 * 3600 + 1800)
                            .expect("test setup")
                            .with_ymd_and_hms(2026, 1, 15, 10, 0, 0)
                            .single()
                            .expect("test setup")
                            + chrono::Duration::milliseconds(500),
                        -(5 * 3600 + 1800),
                    ),
                ),
            ],
        );
        table::<AtFixedWest>(
            &mut report,
            "DateTime<FixedOffset> AssumeOffset<-300>",
            &[
                ok(
                    json!("2026-01-15 10:00"),
                    fixed("2026-01-15T10:00:00-05:00"),
                ),
                ok(json!("2026-01-15T10:00:00+02:00"), (at_plus_two, 7200)),
            ],
        );
        table::<AtChronoUtc>(
            &mut report,
            "DateTime<Utc> values",
            &[
                ok(
                    json!("2026-01-15T10:00:00+02:00"),
                    utc(2026, 1, 15, 8, 0, 0),
                ),
                ok(json!("2026-01-15 10:00z"), utc(2026, 1, 15, 10, 0, 0)),
                ok(json!("0000-01-01T00:00:00Z"), utc(0, 1, 1, 0, 0, 0)),
                ok(json!("0000-01-01T00:00:00-01:00"), utc(0, 1, 1, 1, 0, 0)),
                ok(
                    json!("9999-12-31T23:59:59+00:00"),
                    utc(9999, 12, 31, 23, 59, 59),
                ),
                ok(
                    json!("9999-12-31T23:59:59+05:00"),
                    utc(9999, 12, 31, 18, 59, 59),
                ),
                // Regression (UTC targets): a UTC year outside 0000 to 9999 cannot be
                // written back: refused, the range in the hint.
                invalid(json!("0000-01-01T00:00:00+01:00"), DT, UTC_RANGE),
                invalid(json!("9999-12-31T23:00:00-05:00"), DT, UTC_RANGE),
            ],
        );
        table::<AtChronoMillis>(
            &mut report,
            "DateTime<Utc> EpochMillis",
            &[
                ok(
                    json!(1768471200250_i64),
                    utc(2026, 1, 15, 10, 0, 0) + chrono::Duration::milliseconds(250),
                ),
                ok(
                    json!("-1"),
                    utc(1969, 12, 31, 23, 59, 59) + chrono::Duration::milliseconds(999),
                ),
                invalid(json!("1768471200250.5"), DT, EPOCH_RANGE_HINT),
            ],
        );
        let mut rows = no_value(DT, DT_GARBLED);
        rows.push(ok(
            json!("2026-01-15 10:00"),
            Some(utc(2026, 1, 15, 10, 0, 0)),
        ));
        table::<OptAtChrono>(&mut report, "Option<DateTime<Utc>>", &rows);
        report.finish();
    }

    #[test]
    fn date_into_chrono() {
        let mut report = Report::new();
        let day = |t: &str| NaiveDate::parse_from_str(t, "%Y-%m-%d").expect("test setup: a date");
        let mut rows: Vec<Row<NaiveDate>> = date_rows().iter().map(|r| r.map(|t| day(t))).collect();
        rows.push(ok(
            json!("2026/1/5"),
            NaiveDate::from_ymd_opt(2026, 1, 5).expect("test setup"),
        ));
        table::<DayChrono>(&mut report, "NaiveDate", &rows);
        let mut rows = no_value("date", DATE_SHAPE);
        rows.push(ok(
            json!(" 2024-02-29 "),
            NaiveDate::from_ymd_opt(2024, 2, 29),
        ));
        table::<OptDayChrono>(&mut report, "Option<NaiveDate>", &rows);
        report.finish();
    }

    #[serde_as]
    #[derive(Serialize)]
    struct WrittenChrono {
        #[serde_as(as = "DateTimeLike")]
        fixed: DateTime<FixedOffset>,
        #[serde_as(as = "DateTimeLike")]
        zero: DateTime<FixedOffset>,
        #[serde_as(as = "DateTimeLike")]
        utc: DateTime<Utc>,
        #[serde_as(as = "DateTimeLike")]
        fraction: DateTime<Utc>,
        #[serde_as(as = "DateLike")]
        day: NaiveDate,
        #[serde_as(as = "DateTimeLike")]
        none: Option<DateTime<Utc>>,
    }

    #[test]
    fn chrono_written_back() {
        let written = WrittenChrono {
            fixed: fixed("2026-01-15T10:00:00+02:00").0,
            zero: fixed("2026-01-15T10:00:00+00:00").0,
            utc: fixed("2026-01-15T10:00:00-05:00").0.with_timezone(&Utc),
            fraction: fixed("2026-01-15T10:00:00.120Z").0.with_timezone(&Utc),
            day: NaiveDate::from_ymd_opt(26, 1, 5).expect("test setup"),
            none: None,
        };
        assert_eq!(
            serde_json::to_value(&written).ok(),
            Some(json!({
                "fixed": "2026-01-15T10:00:00+02:00",
                "zero": "2026-01-15T10:00:00Z",
                "utc": "2026-01-15T15:00:00Z",
                "fraction": "2026-01-15T10:00:00.12Z",
                "day": "0026-01-05",
                "none": null,
            }))
        );
        // Read and written back: the canonical text of what was sent.
        let read = mcp_coerce::from_str::<AtFixed>(r#"{"at": "2026-01-15 10:00+0200"}"#)
            .map(|a| serde_json::to_value(a).ok());
        assert_eq!(
            read.ok().flatten(),
            Some(json!({"at": "2026-01-15T10:00:00+02:00"}))
        );
    }

    #[cfg(feature = "schemars")]
    #[test]
    fn chrono_schemas() {
        #[serde_as]
        #[derive(Deserialize, schemars::JsonSchema)]
        #[allow(dead_code, reason = "only published")]
        struct Args {
            #[serde_as(as = "DateTimeLike")]
            fixed: DateTime<FixedOffset>,
            #[serde_as(as = "DateTimeLike<EpochMillis>")]
            utc: DateTime<Utc>,
            #[serde_as(as = "DateLike")]
            #[serde(default)]
            day: Option<NaiveDate>,
        }
        assert_eq!(
            mcp_coerce::schema::input_schema::<Args>(),
            json!({
                "type": "object",
                "properties": {
                    "fixed": {"type": "string", "format": "date-time"},
                    "utc": {
                        "type": "string",
                        "format": "date-time",
                        "description": "RFC 3339 date-time; a number is milliseconds since 1970-01-01T00:00:00Z"
                    },
                    "day": {"type": "string", "format": "date"},
                },
                "required": ["fixed", "utc"],
            })
        );
    }
}

// ---------------------------------------------------------------------------------------
// jiff
// ---------------------------------------------------------------------------------------

#[cfg(feature = "jiff")]
mod with_jiff {
    use jiff::Timestamp;
    use jiff::civil::Date;

    use crate::common::{Refusal, Want};

    use super::*;

    field!(AtJiff { at: Timestamp as "DateTimeLike" });
    field!(AtJiffSeconds { at: Timestamp as "DateTimeLike<EpochSeconds>" });
    field!(OptAtJiff { at: Option<Timestamp> as "DateTimeLike<AssumeOffset<330>>" });
    field!(DayJiff { day: Date as "DateLike" });

    const JIFF_RANGE: &str = "send a date-time from 0000-01-01T00:00:00Z to 9999-12-30T22:00:00Z";

    fn ts(text: &str) -> Timestamp {
        text.parse().expect("test setup: a timestamp")
    }

    #[test]
    fn date_time_into_jiff() {
        let mut report = Report::new();
        // jiff's timestamps end at 9999-12-30T22:00:00.999999999Z: a later one is refused.
        let rows: Vec<Row<Timestamp>> = date_time_rows()
            .iter()
            .map(|r| match &r.want {
                Want::Value(t) if t.starts_with("9999-12-31") => Row {
                    at: r.at,
                    input: r.input.clone(),
                    want: Want::Refused(Refusal {
                        code: Code::FormatInvalid,
                        hint: JIFF_RANGE.to_owned(),
                        format: Some(DT.to_owned()),
                    }),
                },
                _ => r.map(|t| ts(t)),
            })
            .collect();
        table::<AtJiff>(&mut report, "Timestamp", &rows);
        table::<AtJiff>(
            &mut report,
            "Timestamp values",
            &[
                ok(
                    json!("2026-01-15 10:00+0200"),
                    Timestamp::from_second(1768464000).expect("test setup"),
                ),
                ok(
                    json!("2026-01-15T10:00:00.5Z"),
                    Timestamp::new(1768471200, 500_000_000).expect("test setup"),
                ),
                ok(json!("9999-12-30T22:00:00.999999999Z"), Timestamp::MAX),
                ok(
                    json!("9999-12-31T01:59:59+04:00"),
                    ts("9999-12-30T21:59:59Z"),
                ),
                // Regression (jiff's range): the hint names jiff's range, not the years
                // 0000 to 9999, within which the date-time sent is.
                invalid(json!("9999-12-31T23:59:59Z"), DT, JIFF_RANGE),
                invalid(json!("9999-12-30T22:00:01Z"), DT, JIFF_RANGE),
                // Regression (UTC targets): nor can a UTC year before 0000 be written.
                invalid(json!("0000-01-01T00:00:00+01:00"), DT, JIFF_RANGE),
                ok(
                    json!("0000-01-01T00:00:00-01:00"),
                    ts("0000-01-01T01:00:00Z"),
                ),
            ],
        );
        table::<AtJiffSeconds>(
            &mut report,
            "Timestamp EpochSeconds",
            &[
                ok(
                    json!(1768471200),
                    Timestamp::from_second(1768471200).expect("test setup"),
                ),
                ok(
                    json!("1768471200.000000001"),
                    Timestamp::new(1768471200, 1).expect("test setup"),
                ),
            ],
        );
        let mut rows = no_value(DT, DT_GARBLED);
        rows.push(ok(
            json!("2026-01-15 10:00"),
            Some(ts("2026-01-15T10:00:00+05:30")),
        ));
        table::<OptAtJiff>(&mut report, "Option<Timestamp>", &rows);
        let rows: Vec<Row<Date>> = date_rows()
            .iter()
            .map(|r| r.map(|t| t.parse().expect("test setup: a date")))
            .collect();
        table::<DayJiff>(&mut report, "civil::Date", &rows);
        report.finish();
    }

    #[serde_as]
    #[derive(Serialize)]
    struct WrittenJiff {
        #[serde_as(as = "DateTimeLike")]
        at: Timestamp,
        #[serde_as(as = "DateTimeLike")]
        fraction: Timestamp,
        #[serde_as(as = "DateLike")]
        day: Date,
    }

    #[test]
    fn jiff_written_back() {
        let written = WrittenJiff {
            at: ts("2026-01-15T10:00:00+02:00"),
            fraction: ts("2026-01-15T10:00:00.123400Z"),
            day: Date::new(2026, 1, 5).expect("test setup"),
        };
        assert_eq!(
            serde_json::to_value(&written).ok(),
            Some(json!({
                "at": "2026-01-15T08:00:00Z",
                "fraction": "2026-01-15T10:00:00.1234Z",
                "day": "2026-01-05",
            }))
        );
        // Regression (jiff before 1970): the fraction of a timestamp before the epoch is
        // written as sent, not rounded toward 1970.
        for (sent, text) in [
            ("1969-12-31 23:59:59.9Z", "1969-12-31T23:59:59.9Z"),
            ("1900-01-01T00:00:00.1+05:30", "1899-12-31T18:30:00.1Z"),
        ] {
            let read = mcp_coerce::from_value::<AtJiff>(json!({ "at": sent })).map(|a| {
                serde_json::to_value(WrittenJiff {
                    at: a.at,
                    fraction: a.at,
                    day: Date::new(2026, 1, 5).expect("test setup"),
                })
                .ok()
            });
            assert_eq!(
                read.ok().flatten().map(|w| w["at"].clone()),
                Some(json!(text)),
                "{sent}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// uuid
// ---------------------------------------------------------------------------------------

#[cfg(feature = "uuid")]
mod with_uuid {
    use uuid::Uuid;

    use super::*;

    field!(IdUuid { id: Uuid as "UuidLike" });
    field!(OptIdUuid { id: Option<Uuid> as "UuidLike" });

    #[test]
    fn uuid_into_uuid() {
        let mut report = Report::new();
        let rows: Vec<Row<Uuid>> = uuid_rows()
            .iter()
            .map(|r| r.map(|t| Uuid::parse_str(t).expect("test setup: a UUID")))
            .collect();
        table::<IdUuid>(&mut report, "Uuid", &rows);
        table::<IdUuid>(
            &mut report,
            "Uuid values",
            &[ok(
                json!("URN:UUID:6F9619FF8B86D011B42D00C04FC964FF"),
                Uuid::from_u128(0x6f9619ff_8b86_d011_b42d_00c04fc964ff),
            )],
        );
        let mut rows = no_value("uuid", UUID_HINT);
        rows.push(ok(
            json!(" {6F9619FF-8B86-D011-B42D-00C04FC964FF} "),
            Uuid::parse_str(UUID).ok(),
        ));
        table::<OptIdUuid>(&mut report, "Option<Uuid>", &rows);
        report.finish();
    }

    #[serde_as]
    #[derive(Serialize)]
    struct WrittenUuid {
        #[serde_as(as = "UuidLike")]
        id: Uuid,
        #[serde_as(as = "UuidLike")]
        maybe: Option<Uuid>,
    }

    #[test]
    fn uuid_written_back_lowercase() {
        let written = WrittenUuid {
            id: Uuid::from_u128(0x6F9619FF_8B86_D011_B42D_00C04FC964FF),
            maybe: Some(Uuid::nil()),
        };
        assert_eq!(
            serde_json::to_value(&written).ok(),
            Some(json!({"id": UUID, "maybe": "00000000-0000-0000-0000-000000000000"}))
        );
    }
}

// ---------------------------------------------------------------------------------------
// Published schemas, and `#[serde(deserialize_with)]` beside `#[serde_as]`
// ---------------------------------------------------------------------------------------

#[cfg(feature = "schemars")]
mod with_schemars {
    use mcp_coerce::As;
    use mcp_coerce::Rejection;
    use mcp_coerce::schema::{SchemaAs, input_schema};
    use schemars::JsonSchema;

    use super::*;

    #[serde_as]
    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code, reason = "only published")]
    struct Published {
        #[serde_as(as = "DateTimeLike")]
        start: String,
        #[serde_as(as = "DateTimeLike<AssumeUtc>")]
        utc: String,
        #[serde_as(as = "DateTimeLike<AssumeOffset<-300>>")]
        west: String,
        #[serde_as(as = "DateTimeLike<AssumeOffset<330>>")]
        india: String,
        #[serde_as(as = "DateTimeLike<EpochSeconds>")]
        seconds: String,
        #[serde_as(as = "DateTimeLike<EpochMillis>")]
        millis: String,
        #[serde_as(as = "DateTimeLike<StartOfDay>")]
        day_start: String,
        #[serde_as(as = "DateTimeLike<Office>")]
        office: String,
        #[serde_as(as = "DateLike")]
        day: String,
        #[serde_as(as = "UuidLike")]
        id: String,
        #[serde_as(as = "EmailLike")]
        organizer: String,
        #[serde_as(as = "IpLike")]
        ip: IpAddr,
        #[serde_as(as = "IpLike")]
        ip4: Ipv4Addr,
        #[serde_as(as = "IpLike")]
        ip6: Ipv6Addr,
        #[serde_as(as = "IpLike")]
        ip_text: String,
        #[serde_as(as = "UuidLike")]
        #[serde(default)]
        maybe_id: Option<String>,
        #[serde_as(as = "IpLike")]
        #[serde(default)]
        maybe_ip4: Option<Ipv4Addr>,
    }

    #[test]
    fn published_schemas() {
        let date_time = |description: &str| json!({"type": "string", "format": "date-time", "description": description});
        let either = json!({"anyOf": [
            {"type": "string", "format": "ipv4"},
            {"type": "string", "format": "ipv6"},
        ]});
        assert_eq!(
            input_schema::<Published>(),
            json!({
                "type": "object",
                "properties": {
                    "start": {"type": "string", "format": "date-time"},
                    "utc": date_time("RFC 3339 date-time; one without a UTC offset is at UTC"),
                    "west": date_time("RFC 3339 date-time; one without a UTC offset is at UTC-05:00"),
                    "india": date_time("RFC 3339 date-time; one without a UTC offset is at UTC+05:30"),
                    "seconds": date_time("RFC 3339 date-time; a number is seconds since 1970-01-01T00:00:00Z"),
                    "millis": date_time("RFC 3339 date-time; a number is milliseconds since 1970-01-01T00:00:00Z"),
                    "day_start": date_time("RFC 3339 date-time; a bare date is its start of day at UTC"),
                    "office": date_time(
                        "RFC 3339 date-time; one without a UTC offset is at UTC+01:00; a bare date \
                         is its start of day at UTC+01:00; a number is seconds since \
                         1970-01-01T00:00:00Z"
                    ),
                    "day": {"type": "string", "format": "date"},
                    "id": {"type": "string", "format": "uuid"},
                    "organizer": {"type": "string", "format": "email", "maxLength": 254},
                    "ip": either,
                    "ip4": {"type": "string", "format": "ipv4"},
                    "ip6": {"type": "string", "format": "ipv6"},
                    "ip_text": either,
                    "maybe_id": {"type": "string", "format": "uuid"},
                    "maybe_ip4": {"type": "string", "format": "ipv4"},
                },
                "required": [
                    "start", "utc", "west", "india", "seconds", "millis", "day_start", "office",
                    "day", "id", "organizer", "ip", "ip4", "ip6", "ip_text"
                ],
            })
        );
    }

    #[cfg(feature = "uuid")]
    #[test]
    fn uuid_schema() {
        #[serde_as]
        #[derive(Deserialize, JsonSchema)]
        #[allow(dead_code, reason = "only published")]
        struct Args {
            #[serde_as(as = "UuidLike")]
            id: uuid::Uuid,
        }
        assert_eq!(
            input_schema::<Args>()["properties"]["id"],
            json!({"type": "string", "format": "uuid"})
        );
    }

    #[cfg(feature = "jiff")]
    #[test]
    fn jiff_schema() {
        #[serde_as]
        #[derive(Deserialize, JsonSchema)]
        #[allow(dead_code, reason = "only published")]
        struct Args {
            #[serde_as(as = "DateTimeLike<AssumeOffset<-300>>")]
            at: jiff::Timestamp,
            #[serde_as(as = "DateLike")]
            day: jiff::civil::Date,
        }
        assert_eq!(
            input_schema::<Args>()["properties"],
            json!({
                "at": {
                    "type": "string",
                    "format": "date-time",
                    "description": "RFC 3339 date-time; one without a UTC offset is at UTC-05:00"
                },
                "day": {"type": "string", "format": "date"},
            })
        );
    }

    /// The same fields, read `#[serde_as]` and `#[serde(deserialize_with)]`.
    #[serde_as]
    #[derive(Deserialize, JsonSchema, Debug, PartialEq)]
    struct ByAs {
        #[serde_as(as = "DateTimeLike<AssumeUtc>")]
        start: String,
        #[serde_as(as = "DateTimeLike")]
        #[serde(default)]
        end: Option<String>,
        #[serde_as(as = "Option<DateTimeLike<EpochSeconds>>")]
        at: Option<String>,
        #[serde_as(as = "UuidLike")]
        id: String,
        #[serde_as(as = "UuidLike")]
        #[serde(default)]
        parent: Option<String>,
        #[serde_as(as = "IpLike")]
        ip: IpAddr,
        #[serde_as(as = "IpLike")]
        #[serde(default)]
        gateway: Option<Ipv4Addr>,
    }

    #[derive(Deserialize, JsonSchema, Debug, PartialEq)]
    struct ByFn {
        #[serde(deserialize_with = "As::<DateTimeLike<AssumeUtc>>::deserialize")]
        #[schemars(with = "SchemaAs<String, DateTimeLike<AssumeUtc>>")]
        start: String,
        #[serde(default, deserialize_with = "As::<DateTimeLike>::deserialize")]
        #[schemars(with = "SchemaAs<Option<String>, DateTimeLike>")]
        end: Option<String>,
        #[serde(
            default,
            deserialize_with = "As::<Option<DateTimeLike<EpochSeconds>>>::deserialize"
        )]
        #[schemars(with = "SchemaAs<Option<String>, Option<DateTimeLike<EpochSeconds>>>")]
        at: Option<String>,
        #[serde(deserialize_with = "As::<UuidLike>::deserialize")]
        #[schemars(with = "SchemaAs<String, UuidLike>")]
        id: String,
        #[serde(default, deserialize_with = "As::<UuidLike>::deserialize")]
        #[schemars(with = "SchemaAs<Option<String>, UuidLike>")]
        parent: Option<String>,
        #[serde(deserialize_with = "As::<IpLike>::deserialize")]
        #[schemars(with = "SchemaAs<IpAddr, IpLike>")]
        ip: IpAddr,
        #[serde(default, deserialize_with = "As::<IpLike>::deserialize")]
        #[schemars(with = "SchemaAs<Option<Ipv4Addr>, IpLike>")]
        gateway: Option<Ipv4Addr>,
    }

    fn issues(r: &Rejection) -> Vec<(Code, String, String)> {
        r.issues()
            .iter()
            .map(|i| (i.code(), i.path().to_string(), i.hint().to_owned()))
            .collect()
    }

    #[test]
    fn deserialize_with_reads_as_serde_as() {
        let call = json!({
            "start": "2026-01-15 10:00",
            "end": "",
            "at": 1768471200,
            "id": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
            "parent": "  ",
            "ip": " [2001:DB8::1] ",
            "gateway": "192.0.2.1 ",
        });
        let want = (
            "2026-01-15T10:00:00Z".to_owned(),
            None,
            some("2026-01-15T10:00:00Z"),
            UUID.to_owned(),
            None,
            IpAddr::V6(v6("2001:db8::1")),
            Some(v4(192, 0, 2, 1)),
        );
        for entry in ["from_value", "from_str", "schema::from_str"] {
            let (by_as, by_fn) = match entry {
                "from_value" => (
                    mcp_coerce::from_value::<ByAs>(call.clone()),
                    mcp_coerce::from_value::<ByFn>(call.clone()),
                ),
                "from_str" => (
                    mcp_coerce::from_str::<ByAs>(&call.to_string()),
                    mcp_coerce::from_str::<ByFn>(&call.to_string()),
                ),
                _ => (
                    mcp_coerce::schema::from_str::<ByAs>(&call.to_string()),
                    mcp_coerce::schema::from_str::<ByFn>(&call.to_string()),
                ),
            };
            let by_as = by_as.map(|a| (a.start, a.end, a.at, a.id, a.parent, a.ip, a.gateway));
            let by_fn = by_fn.map(|a| (a.start, a.end, a.at, a.id, a.parent, a.ip, a.gateway));
            assert_eq!(
                by_as.as_ref().ok(),
                Some(&want),
                "{entry}: {}",
                shown(&by_as)
            );
            assert_eq!(
                by_fn.as_ref().ok(),
                Some(&want),
                "{entry}: {}",
                shown(&by_fn)
            );
        }
        // `null` for serde_with's `Option<M>` and for the crate's optional rules alike.
        let nulls = json!({"start": "2026-01-15T10:00:00Z", "end": null, "at": null, "id": UUID, "parent": null, "ip": "::1", "gateway": null});
        let by_as = mcp_coerce::from_value::<ByAs>(nulls.clone())
            .map(|a| (a.end, a.at, a.parent, a.gateway));
        let by_fn =
            mcp_coerce::from_value::<ByFn>(nulls).map(|a| (a.end, a.at, a.parent, a.gateway));
        assert_eq!(by_as.ok(), Some((None, None, None, None)));
        assert_eq!(by_fn.ok(), Some((None, None, None, None)));

        // The same junk, the same issues.
        let junk = json!({
            "start": "01/15/2026",
            "end": "2026-01-15T10:00",
            "at": "soon",
            "id": "6f9619ff",
            "parent": "null",
            "ip": "010.0.0.1",
            "gateway": "::1",
        });
        let want = vec![
            (Code::FormatInvalid, "/at".to_owned(), DT_GARBLED.to_owned()),
            (
                Code::FormatInvalid,
                "/end".to_owned(),
                ADD_OFFSET.to_owned(),
            ),
            (
                Code::FormatInvalid,
                "/gateway".to_owned(),
                V4_HINT.to_owned(),
            ),
            (Code::FormatInvalid, "/id".to_owned(), UUID_HINT.to_owned()),
            (
                Code::FormatInvalid,
                "/ip".to_owned(),
                LEADING_ZERO.to_owned(),
            ),
            (
                Code::FormatInvalid,
                "/parent".to_owned(),
                UUID_HINT.to_owned(),
            ),
            (
                Code::FormatInvalid,
                "/start".to_owned(),
                "send 2026-01-15 with a time and UTC offset, e.g. 2026-01-15T10:00:00Z".to_owned(),
            ),
        ];
        for (label, refused) in [
            (
                "serde_as",
                mcp_coerce::from_value::<ByAs>(junk.clone()).map(|_| ()),
            ),
            (
                "deserialize_with",
                mcp_coerce::from_value::<ByFn>(junk.clone()).map(|_| ()),
            ),
            (
                "serde_as text",
                mcp_coerce::from_str::<ByAs>(&junk.to_string()).map(|_| ()),
            ),
            (
                "deserialize_with text",
                mcp_coerce::from_str::<ByFn>(&junk.to_string()).map(|_| ()),
            ),
        ] {
            assert_eq!(
                refused.as_ref().err().map(issues),
                Some(want.clone()),
                "{label}"
            );
        }
        // `missing` for the required fields only.
        let refused = mcp_coerce::from_value::<ByFn>(json!({})).map(|_| ());
        let paths: Vec<(Code, String)> = refused
            .err()
            .map(|r| {
                r.issues()
                    .iter()
                    .map(|i| (i.code(), i.path().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(
            paths,
            [
                (Code::Missing, "/start".to_owned()),
                (Code::Missing, "/id".to_owned()),
                (Code::Missing, "/ip".to_owned()),
            ]
        );

        // The same schema, byte for byte.
        let (by_as, by_fn) = (input_schema::<ByAs>(), input_schema::<ByFn>());
        assert_eq!(by_as.to_string(), by_fn.to_string());
        assert_eq!(
            by_as["properties"]["start"],
            json!({
                "type": "string",
                "format": "date-time",
                "description": "RFC 3339 date-time; one without a UTC offset is at UTC"
            })
        );
        assert_eq!(
            by_as["properties"]["parent"],
            json!({"type": "string", "format": "uuid"})
        );
        assert_eq!(
            by_as["properties"]["gateway"],
            json!({"type": "string", "format": "ipv4"})
        );
        assert_eq!(by_as["required"], json!(["start", "id", "ip"]));
    }
}

// ---------------------------------------------------------------------------------------
// Regressions from the hostile review of the formats
// ---------------------------------------------------------------------------------------

/// `EpochSeconds` takes "up to 9 fraction digits" (docs/contract.md, "Formats"), but a JSON
/// number below 1e-5 in size is written by serde_json in exponent form (`1e-7`) and that
/// text is refused as "not whole epoch time ... within the years 0000 to 9999", though
/// 0.0000001 s after the epoch is well within range and has 7 fraction digits.
#[test]
fn epoch_seconds_reads_small_json_numbers() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Args {
        #[serde_as(as = "DateTimeLike<EpochSeconds>")]
        at: String,
    }
    for (sent, want) in [
        (json!(1e-6), "1970-01-01T00:00:00.000001Z"),
        (json!(1e-7), "1970-01-01T00:00:00.0000001Z"),
        (json!(-1e-7), "1969-12-31T23:59:59.9999999Z"),
        (json!(2.5e-8), "1970-01-01T00:00:00.000000025Z"),
    ] {
        let got = mcp_coerce::from_value::<Args>(json!({ "at": sent }))
            .map(|a| a.at)
            .map_err(|r| r.issues()[0].message().to_owned());
        assert_eq!(got.as_deref(), Ok(want), "{sent}");
    }
}

/// An `Ipv6Addr` field sent `010.0.0.1` is refused with `context.format: "ipv4"` (the
/// contract: `context.format` names the field's format) and a hint to send `10.0.0.1`, an
/// IPv4 address the same field then refuses as the other family.
#[test]
fn ipv6_field_refusing_a_leading_zero_octet_names_ipv6() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Args {
        #[serde_as(as = "IpLike")]
        #[allow(dead_code, reason = "only refused")]
        ip: Ipv6Addr,
    }
    let refused = mcp_coerce::from_value::<Args>(json!({"ip": "010.0.0.1"})).unwrap_err();
    let issue = &refused.issues()[0];
    assert_eq!(issue.code(), Code::FormatInvalid);
    assert_eq!(
        issue.context().and_then(|c| c.get("format")),
        Some(&json!("ipv6")),
        "hint: {}",
        issue.hint()
    );
    // Following the hint must not lead to another refusal.
    assert!(
        !issue.hint().contains("e.g. 10.0.0.1 "),
        "the hint suggests an IPv4 address for an IPv6 field: {}",
        issue.hint()
    );
}
