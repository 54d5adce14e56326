//! Envelopes from the failed answers of an upstream HTTP service, for tools that wrap a
//! REST service: the status picks the category, a recognised error body gives the issues,
//! `Retry-After` gives `retry_after_s`, and the body is echoed only as cut text.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value};

use super::{Category, Envelope, INVALID_ARGUMENT_HINT};
use crate::issue::{Code, INPUT_ECHO_CHARS, Input, Issue, MAX_ISSUES, Path, Segment};

/// An upstream body longer than this (1 MiB) is echoed but not read for field errors.
const PARSE_LIMIT: usize = 1 << 20;

/// The hint of an issue taken from an upstream's field error.
const FIELD_HINT: &str = "the upstream service refused this value: correct it and call again";

/// The failed answer of an upstream HTTP service (or its absence, [`Upstream::timed_out`]),
/// to be reported to the caller of the tool that called it: see
/// [`Upstream::to_envelope`] for the envelope each status gives.
///
/// The body is untrusted: it is read for field errors only when it is at most 1 MiB and
/// JSON in a recognised shape, and echoed in the message only as one line of at most
/// [`INPUT_ECHO_CHARS`] chars.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Category, Upstream};
///
/// let body = br#"{"detail": [{"type": "missing", "loc": ["body", "ids"], "msg": "Field required"}]}"#;
/// let envelope = Upstream::response(422, body).to_envelope("demo_get_observations");
/// assert_eq!(envelope.category(), Category::InvalidArgument);
/// assert_eq!(envelope.issues()[0].path().to_string(), "/ids");
///
/// let envelope = Upstream::response(429, b"slow down").retry_after("120").to_envelope("search");
/// assert_eq!(envelope.category(), Category::ResourceExhausted);
/// assert_eq!(envelope.context().and_then(|c| c.get("retry_after_s")), Some(&120.into()));
/// ```
#[derive(Clone, Debug)]
pub struct Upstream<'a> {
    /// `None`: no answer in time.
    status: Option<u16>,
    body: &'a [u8],
    retry_after: Option<&'a str>,
    now: Option<SystemTime>,
}

impl<'a> Upstream<'a> {
    /// An answer with HTTP `status` and `body` (the bytes as received; empty when there
    /// was none).
    pub fn response(status: u16, body: &'a [u8]) -> Self {
        Upstream {
            status: Some(status),
            body,
            retry_after: None,
            now: None,
        }
    }

    /// No answer in time: the call to the upstream service timed out.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Category, Upstream};
    ///
    /// let envelope = Upstream::timed_out().to_envelope("search");
    /// assert_eq!(envelope.category(), Category::Unavailable);
    /// assert_eq!(envelope.message(), "upstream service did not answer in time");
    /// ```
    pub fn timed_out() -> Self {
        Upstream {
            status: None,
            body: b"",
            retry_after: None,
            now: None,
        }
    }

    /// The same answer with the value of its `Retry-After` header (RFC 9110, 10.2.3):
    /// delay-seconds or an HTTP-date in any of its three formats; anything else is ignored.
    #[must_use]
    pub fn retry_after(mut self, value: &'a str) -> Self {
        self.retry_after = Some(value);
        self
    }

    /// The same answer, with `now` as the time an HTTP-date `Retry-After` is counted from
    /// (by default, the system clock when the envelope is built).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use mcp_coerce::Upstream;
    ///
    /// // 784111777 is Sun, 06 Nov 1994 08:49:37 GMT.
    /// let now = UNIX_EPOCH + Duration::from_secs(784_111_777 - 90);
    /// let envelope = Upstream::response(429, b"")
    ///     .retry_after("Sun, 06 Nov 1994 08:49:37 GMT")
    ///     .at(now)
    ///     .to_envelope("search");
    /// assert_eq!(envelope.context().and_then(|c| c.get("retry_after_s")), Some(&90.into()));
    /// assert_eq!(envelope.hint(), "Retry after 90 seconds.");
    /// ```
    #[must_use]
    pub fn at(mut self, now: SystemTime) -> Self {
        self.now = Some(now);
        self
    }

    /// The envelope for the caller of `tool`: the status picks the category, a recognised
    /// error body (RFC 9457 or RFC 7807 field errors, pydantic and FastAPI validation errors;
    /// at most 1 MiB) gives one issue per field error, `Retry-After` gives `retry_after_s`, and
    /// the body is echoed as one cut line. The tables: docs/contract.md, "HTTP".
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Category, Code, Upstream};
    /// use serde_json::json;
    ///
    /// let body = br##"{"type": "https://example.net/validation-error",
    ///     "errors": [{"detail": "must be a positive integer", "pointer": "#/age"}]}"##;
    /// let envelope = Upstream::response(400, body).to_envelope("create_user");
    /// assert_eq!(serde_json::to_value(&envelope)?["issues"], json!([{
    ///     "code": "custom", "path": "/age", "message": "must be a positive integer",
    ///     "hint": "the upstream service refused this value: correct it and call again"
    /// }]));
    ///
    /// let envelope = Upstream::response(409, br#"{"error": "version mismatch"}"#).to_envelope("update");
    /// assert_eq!(envelope.category(), Category::Conflict);
    /// assert_eq!(envelope.message(), r#"upstream service answered HTTP 409: {"error": "version mismatch"}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_envelope(&self, tool: impl Into<String>) -> Envelope {
        let Some(status) = self.status else {
            let envelope = Envelope::new(
                Category::Unavailable,
                tool,
                "upstream service did not answer in time",
                "The upstream service did not answer in time; retry later.",
            );
            return self.with_retry_after(envelope);
        };
        let mut message = format!("upstream service answered HTTP {status}");
        let echo = one_line_echo(self.body);
        if !echo.is_empty() {
            message.push_str(": ");
            message.push_str(&echo);
        }
        let (category, hint) = match status {
            400 | 422 => (Category::InvalidArgument, INVALID_ARGUMENT_HINT),
            401 | 403 => (
                Category::PermissionDenied,
                "The upstream service refused the server's credentials or this operation; \
                 retrying the same call will not help.",
            ),
            404 => (
                Category::NotFound,
                "What this call names does not exist upstream; check the ids or names sent.",
            ),
            409 => (
                Category::Conflict,
                "The call conflicts with the upstream's current state (a concurrent change or \
                 a duplicate); read the current state before trying again.",
            ),
            429 => (Category::ResourceExhausted, "Wait before retrying."),
            408 | 500..=599 => (
                Category::Unavailable,
                "The upstream service is unavailable; retry later.",
            ),
            402..=499 => (Category::InvalidArgument, INVALID_ARGUMENT_HINT),
            _ => (
                Category::InternalError,
                "Report this to the server's maintainers.",
            ),
        };
        let envelope = Envelope::new(category, tool, message, hint);
        match category {
            Category::InvalidArgument if matches!(status, 400 | 422) => {
                let (issues, more) = field_errors(self.body);
                envelope.with_issues(issues, more)
            }
            Category::ResourceExhausted | Category::Unavailable => self.with_retry_after(envelope),
            _ => envelope,
        }
    }

    /// `envelope` with `retry_after_s` and a hint, when `Retry-After` is readable.
    fn with_retry_after(&self, envelope: Envelope) -> Envelope {
        let now = self.now.unwrap_or_else(SystemTime::now);
        match self
            .retry_after
            .and_then(|value| retry_after_seconds(value, now))
        {
            Some(seconds) => {
                let unit = if seconds == 1 { "second" } else { "seconds" };
                envelope
                    .with_hint_text(format!("Retry after {seconds} {unit}."))
                    .with_context("retry_after_s", seconds)
            }
            None => envelope,
        }
    }
}

impl Envelope {
    /// The envelope of a failed upstream answer, for a call to `tool`; the same as
    /// [`Upstream::to_envelope`].
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Category, Envelope, Upstream};
    ///
    /// let envelope = Envelope::upstream("get_card", &Upstream::response(404, b""));
    /// assert_eq!(envelope.category(), Category::NotFound);
    /// assert_eq!(envelope.message(), "upstream service answered HTTP 404");
    /// ```
    pub fn upstream(tool: impl Into<String>, upstream: &Upstream<'_>) -> Envelope {
        upstream.to_envelope(tool)
    }
}

/// The body as one line cut to [`INPUT_ECHO_CHARS`], reading no more than that.
fn one_line_echo(body: &[u8]) -> String {
    let decoded = body.utf8_chunks().flat_map(|chunk| {
        let bad = (!chunk.invalid().is_empty()).then_some(char::REPLACEMENT_CHARACTER);
        chunk.valid().chars().chain(bad)
    });
    crate::words::one_line(decoded, INPUT_ECHO_CHARS)
}

/// A recognised body's field errors as issues (at most [`MAX_ISSUES`]), and the rest.
fn field_errors(body: &[u8]) -> (Vec<Issue>, usize) {
    if body.len() > PARSE_LIMIT {
        return (Vec::new(), 0);
    }
    let Ok(Value::Object(body)) = serde_json::from_slice::<Value>(body) else {
        return (Vec::new(), 0);
    };
    let mut found = Found::default();
    if let Some(Value::Array(errors)) = body.get("detail") {
        for error in errors {
            if let Value::Object(error) = error {
                found.push(|| pydantic_error(error));
            }
        }
    }
    if let Some(Value::Array(errors)) = body.get("errors") {
        for error in errors {
            if let Value::Object(error) = error {
                found.push(|| problem_error(error));
            }
        }
    }
    for key in ["invalid-params", "invalid_params"] {
        if let Some(Value::Array(params)) = body.get(key) {
            for param in params {
                if let Value::Object(param) = param {
                    found.push(|| invalid_param(param));
                }
            }
        }
    }
    (found.issues, found.more)
}

/// Issues kept up to [`MAX_ISSUES`], and the rest counted without being built.
#[derive(Default)]
struct Found {
    issues: Vec<Issue>,
    more: usize,
}

impl Found {
    fn push(&mut self, issue: impl FnOnce() -> Option<Issue>) {
        if self.issues.len() < MAX_ISSUES {
            if let Some(issue) = issue() {
                self.issues.push(issue);
            }
        } else if issue().is_some() {
            // Built only to know that it counts: the element is already in memory and
            // the issue is dropped at once.
            self.more += 1;
        }
    }
}

/// The issue of an upstream field error: its message cut and on one line.
fn field_issue(code: Code, message: &str, path: Path) -> Issue {
    let message = one_line_echo(message.as_bytes());
    let message = if message.is_empty() {
        String::from("refused by the upstream service")
    } else {
        message
    };
    Issue::new(code, message).with_hint(FIELD_HINT).at(path)
}

/// One element of pydantic's (and FastAPI's) `detail` list: `loc` and `msg` required.
fn pydantic_error(error: &Map<String, Value>) -> Option<Issue> {
    let Value::Array(loc) = error.get("loc")? else {
        return None;
    };
    let Value::String(msg) = error.get("msg")? else {
        return None;
    };
    const LOCATIONS: [&str; 5] = ["body", "query", "path", "header", "cookie"];
    let skip = match loc.first() {
        Some(Value::String(first)) if LOCATIONS.contains(&first.as_str()) => 1,
        _ => 0,
    };
    let path = Path::from_segments(loc.iter().skip(skip).map(|part| {
        match part {
            Value::Number(n) => n
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .map_or_else(|| Segment::key(&n.to_string()), Segment::Index),
            Value::String(key) => Segment::key(key),
            other => Segment::key(&other.to_string()),
        }
    }));
    let code = match error.get("type") {
        Some(Value::String(kind)) => pydantic_code(kind),
        _ => Code::Custom,
    };
    let mut issue = field_issue(code, msg, path);
    if code != Code::Missing
        && let Some(input) = error.get("input")
    {
        issue = issue.with_input(Input::from_value(input));
    }
    Some(issue)
}

/// The crate's code for a pydantic (1 or 2) error type; `custom` for any other.
fn pydantic_code(kind: &str) -> Code {
    match kind {
        "missing" | "value_error.missing" => Code::Missing,
        "extra_forbidden" | "value_error.extra" => Code::UnknownField,
        "int_parsing" => Code::IntParsing,
        "int_parsing_size" => Code::IntOverflow,
        "int_from_float" => Code::IntFromFloat,
        "float_parsing" => Code::FloatParsing,
        "finite_number" => Code::NotFinite,
        "bool_parsing" => Code::BoolParsing,
        "greater_than" | "greater_than_equal" => Code::TooSmall,
        "value_error.number.not_gt" | "value_error.number.not_ge" => Code::TooSmall,
        "less_than" | "less_than_equal" => Code::TooBig,
        "value_error.number.not_lt" | "value_error.number.not_le" => Code::TooBig,
        "too_short" | "string_too_short" => Code::TooShort,
        "value_error.any_str.min_length" | "value_error.list.min_items" => Code::TooShort,
        "too_long" | "string_too_long" | "url_too_long" => Code::TooLong,
        "value_error.any_str.max_length" | "value_error.list.max_items" => Code::TooLong,
        "string_pattern_mismatch" | "value_error.str.regex" => Code::PatternMismatch,
        "enum" | "literal_error" | "type_error.enum" => Code::EnumUnknown,
        "json_invalid" | "value_error.jsondecode" => Code::InvalidJson,
        "url_parsing" | "url_syntax_violation" | "value_error.url" => Code::UrlInvalid,
        "url_scheme" | "value_error.url.scheme" => Code::UrlForbidden,
        "recursion_loop" => Code::TooDeep,
        _ if kind.ends_with("_type") || kind.starts_with("type_error") => Code::InvalidType,
        _ => Code::Custom,
    }
}

/// One RFC 9457 or JSON:API `errors` element: a message required.
fn problem_error(error: &Map<String, Value>) -> Option<Issue> {
    let message = ["detail", "title", "message"]
        .iter()
        .find_map(|key| error.get(*key).and_then(Value::as_str))?;
    let pointer = error.get("pointer").and_then(Value::as_str).or_else(|| {
        error
            .get("source")
            .and_then(|source| source.get("pointer"))
            .and_then(Value::as_str)
    });
    let path = pointer.map_or_else(Path::root, pointer_path);
    Some(field_issue(Code::Custom, message, path))
}

/// One element of RFC 7807's `invalid-params` (`name`, `reason`): the name as one key.
fn invalid_param(param: &Map<String, Value>) -> Option<Issue> {
    let Value::String(name) = param.get("name")? else {
        return None;
    };
    let reason = param
        .get("reason")
        .and_then(Value::as_str)
        .unwrap_or_default();
    Some(field_issue(
        Code::Custom,
        reason,
        Path::root().join(Segment::key(name)),
    ))
}

/// The path of a JSON Pointer, plain or as a URI fragment.
fn pointer_path(pointer: &str) -> Path {
    let decoded;
    let pointer = match pointer.strip_prefix('#') {
        Some(fragment) => {
            decoded = percent_decode(fragment);
            decoded.as_str()
        }
        None => pointer,
    };
    let Some(rest) = pointer.strip_prefix('/') else {
        return Path::root();
    };
    Path::from_segments(rest.split('/').map(|token| {
        let token = token.replace("~1", "/").replace("~0", "~");
        let index = (token == "0" || !token.starts_with('0'))
            .then(|| token.parse::<usize>().ok())
            .flatten()
            .filter(|_| token.bytes().all(|b| b.is_ascii_digit()));
        match index {
            Some(index) => Segment::Index(index),
            None => Segment::key(&token),
        }
    }))
}

/// `%XX` escapes decoded (invalid UTF-8 replaced); a lone `%` kept.
fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned()
}

/// The seconds a `Retry-After` value asks to wait from `now`, if readable.
fn retry_after_seconds(value: &str, now: SystemTime) -> Option<u64> {
    let value = value.trim_matches([' ', '\t']);
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        // Digits only: a value past u64 is a very long wait.
        return Some(value.parse::<u64>().unwrap_or(u64::MAX));
    }
    let now = match now.duration_since(UNIX_EPOCH) {
        Ok(since) => i64::try_from(since.as_secs()).unwrap_or(i64::MAX),
        Err(before) => -i64::try_from(before.duration().as_secs()).unwrap_or(i64::MAX),
    };
    let date = http_date(value, now)?;
    Some(u64::try_from(date.saturating_sub(now)).unwrap_or(0))
}

const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const LONG_DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// An HTTP-date (RFC 9110, 5.6.7, all three forms) as Unix seconds.
fn http_date(text: &str, now: i64) -> Option<i64> {
    if let Some((day, rest)) = text.split_once(", ") {
        if DAYS.contains(&day) {
            // IMF-fixdate: "06 Nov 1994 08:49:37 GMT".
            let (date, time) = (rest.get(..11)?, rest.get(11..)?);
            let [dd, month, year] = fields::<3>(date, ' ')?;
            let time = time.strip_prefix(' ')?.strip_suffix(" GMT")?;
            return civil_seconds(
                four_digits(year)?,
                month_number(month)?,
                two_digits(dd)?,
                time,
            );
        }
        if LONG_DAYS.contains(&day) {
            // RFC 850: "06-Nov-94 08:49:37 GMT".
            let (date, time) = rest.split_once(' ')?;
            let [dd, month, yy] = fields::<3>(date, '-')?;
            let time = time.strip_suffix(" GMT")?;
            // The year ending in those two digits that is at most 50 years after now's.
            let latest = year_of(now).saturating_add(50);
            let year = latest - (latest - two_digits(yy)?).rem_euclid(100);
            return civil_seconds(year, month_number(month)?, two_digits(dd)?, time);
        }
        return None;
    }
    // asctime: "Sun Nov  6 08:49:37 1994" (a one-digit day after a space).
    let day = text.get(..4)?.strip_suffix(' ')?;
    if !DAYS.contains(&day) {
        return None;
    }
    let rest = text.get(4..)?;
    let (month, rest) = (rest.get(..3)?, rest.get(3..)?.strip_prefix(' ')?);
    let (dd, rest) = (rest.get(..2)?, rest.get(2..)?.strip_prefix(' ')?);
    let dd = match dd.strip_prefix(' ') {
        Some(one) if one.len() == 1 && one.as_bytes()[0].is_ascii_digit() => {
            i64::from(one.as_bytes()[0] - b'0')
        }
        _ => two_digits(dd)?,
    };
    let (time, year) = rest.split_once(' ')?;
    civil_seconds(four_digits(year)?, month_number(month)?, dd, time)
}

fn fields<const N: usize>(text: &str, sep: char) -> Option<[&str; N]> {
    let mut parts = text.split(sep);
    let mut out = [""; N];
    for slot in &mut out {
        *slot = parts.next()?;
    }
    parts.next().is_none().then_some(out)
}

fn digits(text: &str, n: usize) -> Option<i64> {
    (text.len() == n && text.bytes().all(|b| b.is_ascii_digit())).then(|| {
        text.bytes()
            .fold(0, |acc, b| acc * 10 + i64::from(b - b'0'))
    })
}

fn two_digits(text: &str) -> Option<i64> {
    digits(text, 2)
}

fn four_digits(text: &str) -> Option<i64> {
    digits(text, 4)
}

fn month_number(name: &str) -> Option<i64> {
    let index = MONTHS.iter().position(|m| *m == name)?;
    i64::try_from(index).ok().map(|i| i + 1)
}

/// The UTC year of a Unix time (Howard Hinnant's civil_from_days).
fn year_of(seconds: i64) -> i64 {
    let days = seconds.div_euclid(86_400) + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    yoe + era * 400 + i64::from(month <= 2)
}

/// Unix seconds of a UTC date and time (second 60 allowed); `None` out of range.
fn civil_seconds(year: i64, month: i64, day: i64, time: &str) -> Option<i64> {
    let [hh, mm, ss] = fields::<3>(time, ':')?;
    let (hh, mm, ss) = (two_digits(hh)?, two_digits(mm)?, two_digits(ss)?);
    if hh > 23 || mm > 59 || ss > 60 {
        return None;
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let month_days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=month_days).contains(&day) {
        return None;
    }
    // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + hh * 3600 + mm * 60 + ss)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_dates_in_the_three_formats() {
        let now = 784_111_777;
        let cases = [
            ("Sun, 06 Nov 1994 08:49:37 GMT", Some(784_111_777)),
            ("Sunday, 06-Nov-94 08:49:37 GMT", Some(784_111_777)),
            ("Sun Nov  6 08:49:37 1994", Some(784_111_777)),
            ("Sun Nov 16 08:49:37 1994", Some(784_111_777 + 10 * 86_400)),
            ("Thu, 01 Jan 1970 00:00:00 GMT", Some(0)),
            ("Sat, 29 Feb 2020 23:59:60 GMT", Some(1_583_020_800)),
            ("Sun, 29 Feb 2021 00:00:00 GMT", None),
            ("Sun, 06 Nov 1994 24:00:00 GMT", None),
            ("Sun, 06 Nov 1994 08:49:37 UTC", None),
            ("sun, 06 nov 1994 08:49:37 GMT", None),
            ("Sun, 6 Nov 1994 08:49:37 GMT", None),
            ("Sun, 06 Nov 1994 08:49:37 GMT ", None),
            ("Sun Nov 6 08:49:37 1994", None),
            ("", None),
            ("Sun, ", None),
            ("Sunday, 06-Nov-94 08:49:37", None),
            ("Mon, 06 Nov 1994 08:49:37 GMT", Some(784_111_777)),
            ("Sun, 06 Nóv 1994 08:49:37 GMT", None),
        ];
        for (text, want) in cases {
            assert_eq!(http_date(text, now), want, "{text:?}");
        }
    }

    #[test]
    fn rfc850_years_are_at_most_50_years_ahead() {
        // now: 2026-01-01.
        let now = civil_seconds(2026, 1, 1, "00:00:00").unwrap_or_default();
        let year = |text: &str| http_date(text, now).map(year_of);
        assert_eq!(year("Thursday, 01-Jan-76 00:00:00 GMT"), Some(2076));
        assert_eq!(year("Friday, 01-Jan-77 00:00:00 GMT"), Some(1977));
        assert_eq!(year("Sunday, 06-Nov-94 08:49:37 GMT"), Some(1994));
        assert_eq!(year("Saturday, 01-Jan-00 00:00:00 GMT"), Some(2000));
    }

    #[test]
    fn echoes_are_one_line_and_cut() {
        assert_eq!(one_line_echo(b""), "");
        assert_eq!(one_line_echo(b"  a \n\t b\r\n"), "a b");
        assert_eq!(one_line_echo(b"\xff ok"), "\u{fffd} ok");
        let long = "x".repeat(200);
        let cut = one_line_echo(long.as_bytes());
        assert_eq!(cut.chars().count(), INPUT_ECHO_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(one_line_echo("y".repeat(64).as_bytes()), "y".repeat(64));
        let spaced = format!("{} z", "y".repeat(63));
        assert_eq!(
            one_line_echo(spaced.as_bytes()),
            format!("{}…", "y".repeat(63))
        );
    }

    #[test]
    fn pointers() {
        let cases = [
            ("#/age", "/age"),
            ("/profile/color", "/profile/color"),
            ("#/a%20b/0", "/a b/0"),
            ("/a~1b/~0c", "/a~1b/~0c"),
            ("", ""),
            ("#", ""),
            ("age", ""),
            ("/%zz", "/%zz"),
        ];
        for (pointer, want) in cases {
            assert_eq!(pointer_path(pointer).to_string(), want, "{pointer:?}");
        }
        assert_eq!(
            pointer_path("/ids/01").segments(),
            [Segment::Key("ids".into()), Segment::Key("01".into())]
        );
        assert_eq!(
            pointer_path("/ids/10").segments(),
            [Segment::Key("ids".into()), Segment::Index(10)]
        );
    }
}
