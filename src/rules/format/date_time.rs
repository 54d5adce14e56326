//! `date-time` (RFC 3339) and `date` (its `full-date`), read from the spellings models send
//! and written back canonical; the accepted spellings are docs/contract.md's "Formats".

use std::fmt;

use super::{Format, invalid};
use crate::issue::Issue;
use crate::words;

/// A calendar date, checked to exist (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Date {
    pub(crate) year: u16,
    pub(crate) month: u8,
    pub(crate) day: u8,
}

/// A UTC offset as sent or assumed: `Z`, or minutes east (`-00:00` kept: "offset unknown").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Offset {
    /// `Z` or `z`.
    Z,
    /// `+hh:mm`, in minutes.
    East(u16),
    /// `-hh:mm`, in minutes.
    West(u16),
}

impl Offset {
    /// The offset in seconds east of UTC.
    pub(crate) fn seconds(self) -> i32 {
        match self {
            Offset::Z => 0,
            Offset::East(m) => i32::from(m) * 60,
            Offset::West(m) => -i32::from(m) * 60,
        }
    }

    /// The offset of `minutes` east of UTC, if RFC 3339 can write it (within 23:59).
    pub(crate) const fn from_minutes(minutes: i32) -> Option<Offset> {
        let m = minutes.unsigned_abs();
        if m >= 24 * 60 {
            return None;
        }
        #[allow(clippy::cast_possible_truncation, reason = "below 1440")]
        let m = m as u16;
        Some(if minutes == 0 {
            Offset::Z
        } else if minutes < 0 {
            Offset::West(m)
        } else {
            Offset::East(m)
        })
    }
}

/// A date-time read from text: date, time to the nanosecond, fraction digits, offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DateTime {
    pub(crate) date: Date,
    pub(crate) hour: u8,
    pub(crate) minute: u8,
    pub(crate) second: u8,
    pub(crate) nanos: u32,
    /// Fraction digits written (the digits sent, trailing zeros dropped): 0 to 9.
    pub(crate) digits: u8,
    pub(crate) offset: Offset,
}

impl DateTime {
    /// Seconds since 1970-01-01T00:00:00Z (the offset applied).
    #[cfg_attr(
        not(any(feature = "chrono", feature = "jiff", test)),
        allow(dead_code, reason = "the date-time crates' conversions")
    )]
    pub(crate) fn unix_seconds(&self) -> i64 {
        self.date.days_since_epoch() * 86_400
            + i64::from(self.hour) * 3600
            + i64::from(self.minute) * 60
            + i64::from(self.second)
            - i64::from(self.offset.seconds())
    }

    /// The date-time `secs` and `nanos` after the epoch at `offset`, if its year has 4 digits.
    pub(crate) fn from_unix(secs: i64, nanos: u32, offset: Offset) -> Option<DateTime> {
        let local = secs.checked_add(i64::from(offset.seconds()))?;
        let date = Date::from_days(local.div_euclid(86_400))?;
        let in_day = u32::try_from(local.rem_euclid(86_400)).ok()?;
        let nanos = nanos.min(999_999_999);
        let mut digits = 9u8;
        let mut n = nanos;
        while digits > 0 && n.is_multiple_of(10) {
            n /= 10;
            digits -= 1;
        }
        Some(DateTime {
            date,
            hour: u8::try_from(in_day / 3600).ok()?,
            minute: u8::try_from(in_day / 60 % 60).ok()?,
            second: u8::try_from(in_day % 60).ok()?,
            nanos,
            digits,
            offset,
        })
    }
}

/// How a date-time's text was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    /// Valid RFC 3339 as sent.
    AsSent,
    /// One of the lax spellings.
    Lax,
    /// By what the policy assumes (an offset, a bare date's start of day, epoch time).
    Assumed,
}

/// Epoch numbers as a policy reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Epoch {
    /// Seconds since 1970-01-01T00:00:00Z.
    Seconds,
    /// Milliseconds since 1970-01-01T00:00:00Z.
    Millis,
}

/// What a date-time field's policy allows beyond RFC 3339.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// The offset of a date-time sent without one; `None` refuses it.
    pub(crate) assume: Option<Offset>,
    /// Whether a bare date reads as the start of that day (at `assume`, or UTC).
    pub(crate) bare_date: bool,
    /// Whether numbers (and numeric text) read as epoch time, and in which unit.
    pub(crate) epoch: Option<Epoch>,
}

impl Rules {
    /// RFC 3339 and its lax spellings only: the schema route's reading and the default.
    #[cfg_attr(
        not(feature = "coercer"),
        allow(dead_code, reason = "the schema engine's")
    )]
    pub(crate) const STRICT: Rules = Rules {
        assume: None,
        bare_date: false,
        epoch: None,
    };
}

/// The example every date-time hint falls back on.
const EXAMPLE: &str = "2026-01-15T10:00:00Z";

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (sign, m) = match *self {
            Offset::Z => return f.write_str("Z"),
            Offset::East(m) => ('+', m),
            Offset::West(m) => ('-', m),
        };
        write!(f, "{sign}{:02}:{:02}", m / 60, m % 60)
    }
}

impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}T{:02}:{:02}:{:02}",
            self.date, self.hour, self.minute, self.second
        )?;
        if self.digits > 0 {
            let all = format!("{:09}", self.nanos);
            f.write_str(".")?;
            f.write_str(&all[..usize::from(self.digits).min(9)])?;
        }
        write!(f, "{}", self.offset)
    }
}

impl Date {
    /// The date, if it exists.
    pub(crate) fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        (year <= 9999 && (1..=12).contains(&month) && day >= 1 && day <= days_in(year, month))
            .then_some(Date { year, month, day })
    }

    /// Days since 1970-01-01 (negative before it).
    #[cfg_attr(
        not(any(feature = "chrono", feature = "jiff", test)),
        allow(dead_code, reason = "the date-time crates' conversions")
    )]
    pub(crate) fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01, if its year has four digits.
    fn from_days(days: i64) -> Option<Date> {
        // Howard Hinnant's civil_from_days.
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date::new(
            u16::try_from(year).ok()?,
            u8::try_from(month).ok()?,
            u8::try_from(day).ok()?,
        )
    }
}

fn is_leap(year: u16) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 31,
    }
}

// -- the pieces of a spelling ----------------------------------------------------------

/// Exactly `n` ASCII digits at the start of `s`, as a number.
fn digits(s: &[u8], n: usize) -> Option<u32> {
    let piece = s.get(..n)?;
    piece.iter().try_fold(0u32, |acc, b| {
        b.is_ascii_digit().then(|| acc * 10 + u32::from(b - b'0'))
    })
}

/// 1 or 2 digits at the start of `s`: the number and how many digits.
fn one_or_two(s: &[u8]) -> Option<(u8, usize)> {
    let n = s.iter().take(3).take_while(|b| b.is_ascii_digit()).count();
    match n {
        1 | 2 => digits(s, n)
            .and_then(|v| u8::try_from(v).ok())
            .map(|v| (v, n)),
        _ => None,
    }
}

/// A year-first date at the start of `s`, unchecked: the numbers, length, RFC 3339 or not.
fn year_first(s: &[u8]) -> Option<((u16, u8, u8), usize, bool)> {
    let year = u16::try_from(digits(s, 4)?).ok()?;
    let sep = *s.get(4)?;
    if sep != b'-' && sep != b'/' {
        return None;
    }
    let (month, m) = one_or_two(s.get(5..)?)?;
    if s.get(5 + m) != Some(&sep) {
        return None;
    }
    let (day, d) = one_or_two(s.get(6 + m..)?)?;
    Some((
        (year, month, day),
        6 + m + d,
        sep == b'-' && m == 2 && d == 2,
    ))
}

/// A year-last date at the start of `s`: the two leading numbers, the year, the length.
fn year_last(s: &[u8]) -> Option<(u8, u8, u16, usize)> {
    let (a, i) = one_or_two(s)?;
    let sep = *s.get(i)?;
    if !matches!(sep, b'/' | b'.' | b'-') {
        return None;
    }
    let (b, j) = one_or_two(s.get(i + 1..)?)?;
    if s.get(i + 1 + j) != Some(&sep) {
        return None;
    }
    let at = i + 2 + j;
    let year = u16::try_from(digits(s.get(at..)?, 4)?).ok()?;
    Some((a, b, year, at + 4))
}

/// The ISO dates `a/b/year` can mean, day first then month first.
fn meanings(a: u8, b: u8, year: u16) -> Vec<Date> {
    let mut out = Vec::with_capacity(2);
    out.extend(Date::new(year, b, a));
    if let Some(d) = Date::new(year, a, b)
        && !out.contains(&d)
    {
        out.push(d);
    }
    out
}

/// `"2026-01-15"`, or `"2026-02-01 (day first) or 2026-01-02 (month first)"`.
fn meanings_phrase(dates: &[Date], suffix: &str) -> String {
    match dates {
        [one] => format!("{one}{suffix}"),
        [day_first, month_first] => {
            format!("{day_first}{suffix} (day first) or {month_first}{suffix} (month first)")
        }
        _ => String::new(),
    }
}

/// Whether `t` is a number as text (an epoch time sent as a string).
fn numeric(t: &str) -> bool {
    let digits = t.strip_prefix('-').unwrap_or(t);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
}

// -- dates -----------------------------------------------------------------------------

/// Read a `date` (`YYYY-MM-DD`, `YYYY-M-D`, `YYYY/MM/DD`), or `format_invalid`.
pub(crate) fn read_date(text: &str) -> Result<(Date, bool), Issue> {
    let t = words::trim(text);
    let s = t.as_bytes();
    if let Some(((y, m, d), len, own)) = year_first(s) {
        let Some(date) = Date::new(y, m, d) else {
            return Err(no_such_date(Format::Date, text, y, m, d));
        };
        if len == s.len() {
            return Ok((date, own && t.len() == text.len()));
        }
        if matches!(s[len], b'T' | b't' | b' ') {
            return Err(invalid(
                Format::Date,
                text,
                "expected a date, got a date-time (its time would be lost)",
                format!("send the date only: {date}"),
            ));
        }
    }
    if let Some((a, b, year, len)) = year_last(s)
        && len == s.len()
    {
        return Err(year_last_issue(Format::Date, text, (a, b, year), None));
    }
    Err(invalid(
        Format::Date,
        text,
        "expected a date as YYYY-MM-DD",
        "send a date as YYYY-MM-DD, e.g. 2026-01-15",
    ))
}

#[cold]
fn no_such_date(format: Format, text: &str, y: u16, m: u8, d: u8) -> Issue {
    invalid(
        format,
        text,
        format!("no such date: {y:04}-{m:02}-{d:02}"),
        "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15",
    )
}

#[cold]
fn year_last_issue(
    format: Format,
    text: &str,
    (a, b, year): (u8, u8, u16),
    time: Option<&str>,
) -> Issue {
    let dates = meanings(a, b, year);
    let shown = words::truncate(words::trim(text));
    let what = if format == Format::Date {
        "YYYY-MM-DD"
    } else {
        "YYYY-MM-DDThh:mm:ss with its UTC offset"
    };
    let message = "expected the year first, as YYYY-MM-DD";
    match (dates.as_slice(), time) {
        ([], _) => invalid(
            format,
            text,
            message,
            format!("send the date as {what}, e.g. 2026-01-15"),
        ),
        ([one], Some(time)) => invalid(format, text, message, format!("send {one}{time}")),
        ([one], None) if format == Format::DateTime => invalid(
            format,
            text,
            message,
            format!("send {one} with a time and UTC offset, e.g. {one}T10:00:00Z"),
        ),
        ([one], None) => invalid(format, text, message, format!("send {one}")),
        (_, time) => invalid(
            format,
            text,
            "ambiguous date: the day and the month could be either way round",
            format!(
                "{shown} could be {}: send the one you mean as {what}",
                meanings_phrase(&dates, time.unwrap_or_default())
            ),
        ),
    }
}

// -- date-times ------------------------------------------------------------------------

/// Read a `date-time` under `rules`, or `format_invalid`.
pub(crate) fn read(text: &str, rules: &Rules) -> Result<(DateTime, Spelling), Issue> {
    let t = words::trim(text);
    let mut as_sent = t.len() == text.len();
    if numeric(t) {
        return match rules.epoch {
            Some(unit) => from_epoch(t, unit, text).map(|dt| (dt, Spelling::Assumed)),
            None => Err(invalid(
                Format::DateTime,
                text,
                "expected a date-time, got a number (numbers are not read as epoch time)",
                format!("send an RFC 3339 date-time with its UTC offset, e.g. {EXAMPLE}"),
            )),
        };
    }
    let s = t.as_bytes();
    let Some(((y, m, d), len, own)) = year_first(s) else {
        if let Some((a, b, year, len)) = year_last(s) {
            let time = time_suffix(s.get(len..).unwrap_or_default(), rules.assume);
            return Err(year_last_issue(
                Format::DateTime,
                text,
                (a, b, year),
                time.as_deref(),
            ));
        }
        return Err(garbled(text));
    };
    as_sent &= own;
    let Some(date) = Date::new(y, m, d) else {
        return Err(no_such_date(Format::DateTime, text, y, m, d));
    };
    if len == s.len() {
        if !rules.bare_date {
            return Err(invalid(
                Format::DateTime,
                text,
                "expected a date-time, got a date",
                format!(
                    "add the time and UTC offset, e.g. {date}T00:00:00{}",
                    rules.assume.unwrap_or(Offset::Z)
                ),
            ));
        }
        let dt = DateTime {
            date,
            hour: 0,
            minute: 0,
            second: 0,
            nanos: 0,
            digits: 0,
            offset: rules.assume.unwrap_or(Offset::Z),
        };
        return Ok((dt, Spelling::Assumed));
    }
    match s[len] {
        b'T' | b't' => {}
        b' ' => as_sent = false,
        _ => return Err(garbled(text)),
    }
    let rest = &s[len + 1..];
    let Some(time) = clock(rest) else {
        return Err(garbled(text));
    };
    as_sent &= time.seconds_sent;
    if time.hour > 23 || time.minute > 59 || time.second > 60 {
        return Err(invalid(
            Format::DateTime,
            text,
            format!(
                "no such time of day: {:02}:{:02}:{:02}",
                time.hour, time.minute, time.second
            ),
            format!("send a time from 00:00:00 to 23:59:59, e.g. {EXAMPLE}"),
        ));
    }
    // A leap second is inserted at 23:59:60 UTC only: at any other UTC minute `:60` is no
    // time at all.
    let offset_sent = parse_offset(&rest[time.len..])
        .map(|(o, _)| o)
        .or(rules.assume)
        .unwrap_or(Offset::Z);
    let utc_minute = (i32::from(time.hour) * 60 + i32::from(time.minute)
        - offset_sent.seconds() / 60)
        .rem_euclid(24 * 60);
    if time.second == 60 && utc_minute != 23 * 60 + 59 {
        return Err(invalid(
            Format::DateTime,
            text,
            format!(
                "no such time of day: {:02}:{:02}:60 (a leap second is 23:59:60 UTC)",
                time.hour, time.minute
            ),
            format!("send a time from 00:00:00 to 23:59:59, e.g. {EXAMPLE}"),
        ));
    }
    if time.second == 60 {
        return Err(invalid(
            Format::DateTime,
            text,
            "leap seconds are not read",
            // At the offset sent (else the one the policy assumes): `:59Z` for
            // `15:59:60-08:00` would be another instant.
            format!(
                "send :59 for a leap second, e.g. {date}T{:02}:{:02}:59{}",
                time.hour,
                time.minute,
                parse_offset(&rest[time.len..])
                    .map(|(o, _)| o)
                    .or(rules.assume)
                    .unwrap_or(Offset::Z)
            ),
        ));
    }
    if time.fraction_digits > 9 {
        return Err(invalid(
            Format::DateTime,
            text,
            "expected at most 9 fraction digits (nanoseconds)",
            format!("send at most 9 digits after the seconds, e.g. {date}T10:00:00.123456789Z"),
        ));
    }
    let after = &rest[time.len..];
    let mut assumed = false;
    let (offset, offset_as_sent) = match parse_offset(after) {
        Some(read) => read,
        None if after.is_empty() => match rules.assume {
            Some(offset) => {
                assumed = true;
                (offset, false)
            }
            None => {
                let local = DateTime {
                    date,
                    hour: time.hour,
                    minute: time.minute,
                    second: time.second,
                    nanos: time.nanos,
                    digits: time.digits,
                    offset: Offset::Z,
                };
                return Err(invalid(
                    Format::DateTime,
                    text,
                    "the date-time has no UTC offset",
                    format!("add the UTC offset, e.g. {local}"),
                ));
            }
        },
        None => return Err(garbled(text)),
    };
    as_sent &= offset_as_sent;
    let spelling = match (assumed, as_sent) {
        (true, _) => Spelling::Assumed,
        (false, true) => Spelling::AsSent,
        (false, false) => Spelling::Lax,
    };
    Ok((
        DateTime {
            date,
            hour: time.hour,
            minute: time.minute,
            second: time.second,
            nanos: time.nanos,
            digits: time.digits,
            offset,
        },
        spelling,
    ))
}

/// A UTC date-time from the decimal text of an epoch number, or `format_invalid`.
pub(crate) fn from_epoch(number: &str, unit: Epoch, text: &str) -> Result<DateTime, Issue> {
    epoch_text(number, unit).ok_or_else(|| out_of_range(text))
}

/// A number in exponent form as plain decimals (`1e-7` → `0.0000001`), past ±64 as it is.
pub(crate) fn plain_decimal(text: &str) -> String {
    let Some((mantissa, exponent)) = text.split_once(['e', 'E']) else {
        return text.to_owned();
    };
    let Ok(exponent) = exponent.parse::<i32>() else {
        return text.to_owned();
    };
    if !(-64..=64).contains(&exponent) {
        return text.to_owned();
    }
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", mantissa),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int}{frac}");
    // Where the decimal point goes in `digits`.
    let Ok(point) = i32::try_from(int.len()).map(|n| n + exponent) else {
        return text.to_owned();
    };
    let out = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        format!("{digits}{}", "0".repeat(point as usize - digits.len()))
    } else {
        format!(
            "{}.{}",
            &digits[..point as usize],
            &digits[point as usize..]
        )
    };
    format!("{sign}{out}")
}

/// Epoch numeric text: an integer, or (seconds only) with up to 9 fraction digits.
fn epoch_text(t: &str, unit: Epoch) -> Option<DateTime> {
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    let whole: i128 = int.parse().ok()?;
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        return epoch(whole, 0, unit);
    }
    if unit != Epoch::Seconds || frac.len() > 9 {
        return None;
    }
    let nanos = digits(frac.as_bytes(), frac.len())? * 10u32.pow(9 - frac.len() as u32);
    if int.starts_with('-') {
        // `-1.5` is 2 seconds before the epoch and half a second after that (`-0.5` too:
        // its whole part reads as 0); `nanos` is not zero, the fraction's zeros trimmed.
        return epoch(whole.checked_sub(1)?, 1_000_000_000 - nanos, unit);
    }
    epoch(whole, nanos, unit)
}

fn epoch(n: i128, extra_nanos: u32, unit: Epoch) -> Option<DateTime> {
    let (secs, nanos) = match unit {
        Epoch::Seconds => (n, extra_nanos),
        Epoch::Millis => (
            n.div_euclid(1000),
            u32::try_from(n.rem_euclid(1000)).ok()? * 1_000_000,
        ),
    };
    DateTime::from_unix(i64::try_from(secs).ok()?, nanos, Offset::Z)
}

#[cold]
fn out_of_range(text: &str) -> Issue {
    invalid(
        Format::DateTime,
        text,
        "expected whole epoch time (milliseconds: no fraction) within the years 0000 to 9999",
        format!("send an RFC 3339 date-time, e.g. {EXAMPLE}"),
    )
}

#[cold]
fn garbled(text: &str) -> Issue {
    invalid(
        Format::DateTime,
        text,
        "expected an RFC 3339 date-time",
        format!("send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. {EXAMPLE}"),
    )
}

/// A time of day as read: the fields, the length read, whether the seconds were written.
struct Clock {
    hour: u8,
    minute: u8,
    second: u8,
    nanos: u32,
    digits: u8,
    fraction_digits: usize,
    len: usize,
    seconds_sent: bool,
}

/// `hh:mm`, `hh:mm:ss` or `hh:mm:ss.f…` at the start of `s`.
fn clock(s: &[u8]) -> Option<Clock> {
    let two = |at: usize| -> Option<u8> { u8::try_from(digits(s.get(at..)?, 2)?).ok() };
    let hour = two(0)?;
    if s.get(2) != Some(&b':') {
        return None;
    }
    let minute = two(3)?;
    let mut c = Clock {
        hour,
        minute,
        second: 0,
        nanos: 0,
        digits: 0,
        fraction_digits: 0,
        len: 5,
        seconds_sent: false,
    };
    if s.get(5) == Some(&b':') {
        c.second = two(6)?;
        c.seconds_sent = true;
        c.len = 8;
        if s.get(8) == Some(&b'.') {
            let n = s[9..].iter().take_while(|b| b.is_ascii_digit()).count();
            if n == 0 {
                return None;
            }
            c.fraction_digits = n;
            c.len = 9 + n;
            let kept = &s[9..9 + n.min(9)];
            let significant = kept.iter().rposition(|b| *b != b'0').map_or(0, |i| i + 1);
            // Nothing past the ninth digit is kept; more than nine are refused by the
            // caller unless they are zeros.
            let extra_nonzero = s[9 + n.min(9)..9 + n].iter().any(|b| *b != b'0');
            if !extra_nonzero {
                c.fraction_digits = n.min(9);
            }
            c.digits = u8::try_from(significant).ok()?;
            let value = digits(kept, kept.len())?;
            c.nanos = value * 10u32.pow(9 - u32::try_from(kept.len()).ok()?);
        }
    }
    Some(c)
}

/// The offset making up all of `s`, and whether it was written as RFC 3339 writes it.
fn parse_offset(s: &[u8]) -> Option<(Offset, bool)> {
    match s {
        [b'Z' | b'z'] => Some((Offset::Z, true)),
        [sign @ (b'+' | b'-'), rest @ ..] => {
            let (h, m, own) = match rest {
                [h1, h2, b':', m1, m2] => (digits(&[*h1, *h2], 2)?, digits(&[*m1, *m2], 2)?, true),
                [h1, h2, m1, m2] => (digits(&[*h1, *h2], 2)?, digits(&[*m1, *m2], 2)?, false),
                _ => return None,
            };
            if h > 23 || m > 59 {
                return None;
            }
            let minutes = u16::try_from(h * 60 + m).ok()?;
            Some((
                if *sign == b'+' {
                    Offset::East(minutes)
                } else {
                    Offset::West(minutes)
                },
                own,
            ))
        }
        _ => None,
    }
}

/// The time a year-last date's hint appends, if nothing the hint cannot mean follows it.
fn time_suffix(rest: &[u8], assume: Option<Offset>) -> Option<String> {
    let [b'T' | b't' | b' ', rest @ ..] = rest else {
        return None;
    };
    let c = clock(rest)
        .filter(|c| c.hour < 24 && c.minute < 60 && c.second < 60 && c.fraction_digits <= 9)?;
    let after = &rest[c.len..];
    let after = after.strip_prefix(b" ".as_slice()).unwrap_or(after);
    let offset = if after.is_empty() {
        assume.unwrap_or(Offset::Z)
    } else {
        parse_offset(after)?.0
    };
    let mut suffix = format!("T{:02}:{:02}:{:02}", c.hour, c.minute, c.second);
    if c.digits > 0 {
        let all = format!("{:09}", c.nanos);
        suffix.push('.');
        suffix.push_str(&all[..usize::from(c.digits).min(9)]);
    }
    Some(format!("{suffix}{offset}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> (String, bool) {
        read(text, &Rules::STRICT)
            .map(|(dt, spelling)| (dt.to_string(), spelling == Spelling::AsSent))
            .unwrap_or_else(|i| panic!("{text:?}: {}", i.message()))
    }

    fn refused(text: &str, rules: &Rules) -> (String, String) {
        match read(text, rules) {
            Ok((dt, _)) => panic!("{text:?} read as {dt}"),
            Err(i) => (i.message().to_owned(), i.hint().to_owned()),
        }
    }

    #[test]
    fn date_time_table() {
        for (sent, canonical, as_sent) in [
            ("2026-01-15T10:00:00Z", "2026-01-15T10:00:00Z", true),
            ("2026-01-15t10:00:00z", "2026-01-15T10:00:00Z", true),
            ("2026-01-15 10:00:00Z", "2026-01-15T10:00:00Z", false),
            ("2026-01-15T10:00Z", "2026-01-15T10:00:00Z", false),
            (" 2026-01-15T10:00:00Z\n", "2026-01-15T10:00:00Z", false),
            (
                "2026-01-15T10:00:00+0200",
                "2026-01-15T10:00:00+02:00",
                false,
            ),
            (
                "2026-01-15T10:00:00+02:00",
                "2026-01-15T10:00:00+02:00",
                true,
            ),
            (
                "2026-01-15T10:00:00-00:00",
                "2026-01-15T10:00:00-00:00",
                true,
            ),
            ("2026-01-15T10:00:00.500Z", "2026-01-15T10:00:00.5Z", true),
            ("2026-01-15T10:00:00.000Z", "2026-01-15T10:00:00Z", true),
            (
                "2026-01-15T10:00:00.123456789-05:30",
                "2026-01-15T10:00:00.123456789-05:30",
                true,
            ),
            (
                "2026-01-15T10:00:00.1234567890Z",
                "2026-01-15T10:00:00.123456789Z",
                true,
            ),
            ("2026-1-5T10:00:00Z", "2026-01-05T10:00:00Z", false),
            ("2026/01/15 10:00+01:00", "2026-01-15T10:00:00+01:00", false),
            ("2024-02-29T23:59:59Z", "2024-02-29T23:59:59Z", true),
        ] {
            assert_eq!(ok(sent), (canonical.to_owned(), as_sent), "{sent:?}");
        }
    }

    #[test]
    fn date_time_refusals() {
        let strict = Rules::STRICT;
        for (sent, hint) in [
            (
                "2026-01-15T10:00:00",
                "add the UTC offset, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "2026-01-15 10:00",
                "add the UTC offset, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "2026-01-15",
                "add the time and UTC offset, e.g. 2026-01-15T00:00:00Z",
            ),
            (
                "1768471200",
                "send an RFC 3339 date-time with its UTC offset, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "Jan 15 2026",
                "send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "15/01/2026",
                "send 2026-01-15 with a time and UTC offset, e.g. 2026-01-15T10:00:00Z",
            ),
            ("15/01/2026 09:30", "send 2026-01-15T09:30:00Z"),
            (
                "01/02/2026 10:00+0100",
                "01/02/2026 10:00+0100 could be 2026-02-01T10:00:00+01:00 (day first) or 2026-01-02T10:00:00+01:00 (month first): send the one you mean as YYYY-MM-DDThh:mm:ss with its UTC offset",
            ),
            (
                "2026-02-30T10:00:00Z",
                "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15",
            ),
            (
                "2026-01-15T24:00:00Z",
                "send a time from 00:00:00 to 23:59:59, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "2016-12-31T23:59:60Z",
                "send :59 for a leap second, e.g. 2016-12-31T23:59:59Z",
            ),
            (
                "2026-01-15T10:00:00+24:00",
                "send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "2026-01-15T10:00:00+02",
                "send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "2026-01-15T10:00:00.Z",
                "send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "2026-01-15T10:00:00.1234567891Z",
                "send at most 9 digits after the seconds, e.g. 2026-01-15T10:00:00.123456789Z",
            ),
            (
                "",
                "send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "12026-01-15T10:00:00Z",
                "send the date, time and UTC offset as YYYY-MM-DDThh:mm:ssZ, e.g. 2026-01-15T10:00:00Z",
            ),
        ] {
            assert_eq!(refused(sent, &strict).1, hint, "{sent:?}");
        }
    }

    /// The leap-second hint kept `Z` whatever offset was sent, naming another instant.
    #[test]
    fn a_leap_second_hint_keeps_the_offset_sent() {
        for (sent, hint) in [
            (
                "1990-12-31T15:59:60-08:00",
                "send :59 for a leap second, e.g. 1990-12-31T15:59:59-08:00",
            ),
            (
                "1990-12-31T15:59:60-0800",
                "send :59 for a leap second, e.g. 1990-12-31T15:59:59-08:00",
            ),
            (
                "1990-12-31T23:59:60z",
                "send :59 for a leap second, e.g. 1990-12-31T23:59:59Z",
            ),
            (
                "1990-12-31T23:59:60",
                "send :59 for a leap second, e.g. 1990-12-31T23:59:59Z",
            ),
        ] {
            assert_eq!(refused(sent, &Rules::STRICT).1, hint, "{sent:?}");
        }
        let east = Rules {
            assume: Offset::from_minutes(120),
            ..Rules::STRICT
        };
        assert_eq!(
            refused("1991-01-01T01:59:60", &east).1,
            "send :59 for a leap second, e.g. 1991-01-01T01:59:59+02:00"
        );
        // 23:59:60 at +02:00 is 21:59:60 UTC: no leap second is inserted there.
        assert_eq!(
            refused("1990-12-31T23:59:60", &east).1,
            "send a time from 00:00:00 to 23:59:59, e.g. 2026-01-15T10:00:00Z"
        );
    }

    #[test]
    fn policies() {
        let utc = Rules {
            assume: Some(Offset::Z),
            bare_date: true,
            epoch: Some(Epoch::Seconds),
        };
        let at = |text: &str, rules: &Rules| read(text, rules).map(|(dt, _)| dt.to_string()).ok();
        assert_eq!(
            at("2026-01-15T10:00", &utc).as_deref(),
            Some("2026-01-15T10:00:00Z")
        );
        assert_eq!(
            at("2026-01-15", &utc).as_deref(),
            Some("2026-01-15T00:00:00Z")
        );
        assert_eq!(
            at("1768471200", &utc).as_deref(),
            Some("2026-01-15T10:00:00Z")
        );
        assert_eq!(
            at("1768471200.25", &utc).as_deref(),
            Some("2026-01-15T10:00:00.25Z")
        );
        assert_eq!(at("-1", &utc).as_deref(), Some("1969-12-31T23:59:59Z"));
        // Regression: a negative epoch with a fraction was refused (as if a fraction of
        // milliseconds), though seconds keep theirs.
        assert_eq!(at("-0.5", &utc).as_deref(), Some("1969-12-31T23:59:59.5Z"));
        assert_eq!(
            at("-1.25", &utc).as_deref(),
            Some("1969-12-31T23:59:58.75Z")
        );
        assert_eq!(
            at("-62167219199.999999999", &utc).as_deref(),
            Some("0000-01-01T00:00:00.000000001Z")
        );
        assert_eq!(at("-62167219200.5", &utc), None);
        assert_eq!(at(&format!("{}.5", i128::MIN), &utc), None);
        let ms = Rules {
            assume: Offset::from_minutes(-300),
            bare_date: false,
            epoch: Some(Epoch::Millis),
        };
        assert_eq!(
            at("1768471200123", &ms).as_deref(),
            Some("2026-01-15T10:00:00.123Z")
        );
        assert_eq!(
            at("2026-01-15 10:00", &ms).as_deref(),
            Some("2026-01-15T10:00:00-05:00")
        );
        assert_eq!(at("2026-01-15", &ms), None);
        assert_eq!(at("1768471200.5", &ms), None);
        assert_eq!(at("99999999999999999", &utc), None);
        let epoch = |n: &str, unit| from_epoch(n, unit, n).map(|d| d.to_string()).ok();
        assert_eq!(epoch(&i64::MIN.to_string(), Epoch::Millis), None);
        assert_eq!(
            epoch("253402300799", Epoch::Seconds).as_deref(),
            Some("9999-12-31T23:59:59Z")
        );
        assert_eq!(
            epoch("-62167219200", Epoch::Seconds).as_deref(),
            Some("0000-01-01T00:00:00Z")
        );
        assert_eq!(epoch("-62167219201", Epoch::Seconds), None);
        assert_eq!(epoch("1.5", Epoch::Millis), None);
    }

    /// Regression: the year-last hint lost the assumed offset, the fraction, and words.
    #[test]
    fn year_last_hint_keeps_the_time_sent() {
        let west = Rules {
            assume: Offset::from_minutes(-300),
            bare_date: false,
            epoch: None,
        };
        for (sent, rules, hint) in [
            ("15/01/2026 09:30", &west, "send 2026-01-15T09:30:00-05:00"),
            ("15/01/2026 09:30Z", &west, "send 2026-01-15T09:30:00Z"),
            (
                "15/01/2026 09:30",
                &Rules::STRICT,
                "send 2026-01-15T09:30:00Z",
            ),
            (
                "15/01/2026 09:30:00.250 +0100",
                &Rules::STRICT,
                "send 2026-01-15T09:30:00.25+01:00",
            ),
            (
                "15/01/2026 09:30 PM",
                &Rules::STRICT,
                "send 2026-01-15 with a time and UTC offset, e.g. 2026-01-15T10:00:00Z",
            ),
            (
                "01/02/2026 10:00",
                &west,
                "01/02/2026 10:00 could be 2026-02-01T10:00:00-05:00 (day first) or 2026-01-02T10:00:00-05:00 (month first): send the one you mean as YYYY-MM-DDThh:mm:ss with its UTC offset",
            ),
        ] {
            assert_eq!(refused(sent, rules).1, hint, "{sent:?}");
        }
    }

    #[test]
    fn date_table() {
        let ok = |t: &str| read_date(t).map(|(d, s)| (d.to_string(), s)).ok();
        assert_eq!(ok("2026-01-15"), Some(("2026-01-15".into(), true)));
        assert_eq!(ok("2026-1-5"), Some(("2026-01-05".into(), false)));
        assert_eq!(ok("2026/01/15"), Some(("2026-01-15".into(), false)));
        assert_eq!(ok(" 2026-01-15 "), Some(("2026-01-15".into(), false)));
        assert_eq!(ok("2024-02-29"), Some(("2024-02-29".into(), true)));
        let hint = |t: &str| {
            read_date(t)
                .err()
                .map(|i| i.hint().to_owned())
                .unwrap_or_default()
        };
        assert_eq!(hint("15/01/2026"), "send 2026-01-15");
        assert_eq!(
            hint("01/02/2026"),
            "01/02/2026 could be 2026-02-01 (day first) or 2026-01-02 (month first): send the one you mean as YYYY-MM-DD"
        );
        assert_eq!(
            hint("2026-01-15T10:00:00Z"),
            "send the date only: 2026-01-15"
        );
        assert_eq!(
            hint("2026-02-30"),
            "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15"
        );
        assert_eq!(
            hint("2025-02-29"),
            "send a date that exists, as YYYY-MM-DD, e.g. 2026-01-15"
        );
        assert_eq!(
            hint("Jan 15 2026"),
            "send a date as YYYY-MM-DD, e.g. 2026-01-15"
        );
        assert_eq!(
            hint("2026-001-15"),
            "send a date as YYYY-MM-DD, e.g. 2026-01-15"
        );
        assert_eq!(
            hint("13/13/2026"),
            "send the date as YYYY-MM-DD, e.g. 2026-01-15"
        );
    }

    #[test]
    fn sixty_seconds_off_the_utc_minute_is_no_time() {
        let refused = |t: &str| {
            read(t, &Rules::STRICT)
                .err()
                .map(|i| (i.message().to_owned(), i.hint().to_owned()))
        };
        assert_eq!(
            refused("2026-01-15T10:00:60Z"),
            Some((
                "no such time of day: 10:00:60 (a leap second is 23:59:60 UTC)".to_owned(),
                "send a time from 00:00:00 to 23:59:59, e.g. 2026-01-15T10:00:00Z".to_owned()
            ))
        );
        assert_eq!(
            refused("2016-12-31T15:59:60-08:00")
                .map(|(m, _)| m)
                .as_deref(),
            Some("leap seconds are not read")
        );
        assert_eq!(
            refused("2016-12-31T23:59:60Z").map(|(m, _)| m).as_deref(),
            Some("leap seconds are not read")
        );
    }

    #[test]
    fn plain_decimals() {
        for (sent, plain) in [
            ("1e-7", "0.0000001"),
            ("2.5e-8", "0.000000025"),
            ("-1e-7", "-0.0000001"),
            ("1.5e3", "1500"),
            ("1.25E+1", "12.5"),
            ("1768471200.25", "1768471200.25"),
            ("42", "42"),
            ("1e308", "1e308"),
            ("1e-400", "1e-400"),
        ] {
            assert_eq!(plain_decimal(sent), plain, "{sent}");
        }
    }

    #[test]
    fn unix_round_trip() {
        for text in [
            "2026-01-15T10:00:00Z",
            "2026-01-15T10:00:00.5+05:30",
            "1969-12-31T23:59:59-00:00",
            "0000-01-01T00:00:00Z",
        ] {
            let (dt, _) = read(text, &Rules::STRICT).expect("valid");
            let back =
                DateTime::from_unix(dt.unix_seconds(), dt.nanos, dt.offset).expect("in range");
            assert_eq!(back, dt, "{text}");
        }
        assert_eq!(
            DateTime::from_unix(-62_167_219_200, 0, Offset::West(60)),
            None
        );
    }

    #[test]
    fn days_round_trip() {
        for days in [-719_528, -1, 0, 1, 20_468, 2_932_896] {
            let date = Date::from_days(days).expect("in range");
            assert_eq!(date.days_since_epoch(), days, "{date}");
        }
        assert_eq!(Date::from_days(-719_529), None);
        assert_eq!(Date::from_days(2_932_897), None);
    }
}
