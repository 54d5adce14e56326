//! Envelopes from failed upstream HTTP answers (`Upstream`): the category and JSON-RPC
//! code each status gives, the field errors of recognised bodies (RFC 9457 and RFC 7807
//! problem details, pydantic and FastAPI) as issues at their paths, `retry_after_s` from
//! `Retry-After` (RFC 9110: delay-seconds or an HTTP-date), and the body echoed only as
//! one line cut to 64 chars. Upstream bodies are untrusted: hostile ones are among the rows.

use crate::common;

use std::time::{Duration, UNIX_EPOCH};

use common::Report;
use mcp_coerce::{Category, Envelope, INVALID_ARGUMENT_HINT, MAX_ISSUES, Upstream};
use serde_json::{Value, json};

/// (code, path) pairs of an envelope's issues, in order.
fn issue_pairs(envelope: &Envelope) -> Vec<(String, String)> {
    envelope
        .issues()
        .iter()
        .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
        .collect()
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(c, p)| ((*c).to_owned(), (*p).to_owned()))
        .collect()
}

const FASTAPI_422: &str = r#"{"detail": [
    {"type": "missing", "loc": ["body", "ids"], "msg": "Field required", "input": {"limit": 5}},
    {"type": "int_parsing", "loc": ["body", "ids", 1], "msg": "Input should be a valid integer, unable to parse string as an integer", "input": "x"},
    {"type": "less_than_equal", "loc": ["query", "limit"], "msg": "Input should be less than or equal to 100", "input": "500", "ctx": {"le": 100}},
    {"type": "string_too_long", "loc": ["body", "project"], "msg": "String should have at most 100 characters"},
    {"type": "int_type", "loc": ["body", "filter", "min"], "msg": "Input should be a valid integer"},
    {"type": "extra_forbidden", "loc": ["body", "limt"], "msg": "Extra inputs are not permitted"},
    {"type": "enum", "loc": ["body", "order_by"], "msg": "Input should be 'date_desc' or 'date_asc'"},
    {"type": "value_error", "loc": ["body", "range"], "msg": "Value error, start is after end"}
]}"#;

const PYDANTIC_V1: &str = r#"{"detail": [
    {"loc": ["body", "ids"], "msg": "field required", "type": "value_error.missing"},
    {"loc": ["body", "limit"], "msg": "value is not a valid integer", "type": "type_error.integer"},
    {"loc": ["body", "limit"], "msg": "ensure this value is greater than or equal to 1", "type": "value_error.number.not_ge"},
    {"loc": ["body", "tag"], "msg": "value is not a valid enumeration member", "type": "type_error.enum"}
]}"#;

const RFC9457: &str = r##"{"type": "https://example.net/validation-error",
    "title": "Your request is not valid.",
    "errors": [
        {"detail": "must be a positive integer", "pointer": "#/age"},
        {"detail": "must be 'green', 'red' or 'blue'", "pointer": "#/profile/color"},
        {"detail": "must be unique", "pointer": "/ids/2"},
        {"detail": "escaped", "pointer": "#/a~1b/c%20d"},
        {"detail": "no pointer: the whole body"}
    ]}"##;

const RFC7807: &str = r#"{"type": "https://example.net/validation-error",
    "title": "Your request parameters didn't validate.",
    "invalid-params": [
        {"name": "age", "reason": "must be a positive integer"},
        {"name": "color", "reason": "must be 'green', 'red' or 'blue'"}
    ]}"#;

const JSON_API: &str = r#"{"errors": [
    {"status": "422", "source": {"pointer": "/data/attributes/firstName"}, "title": "Invalid Attribute", "detail": "First name must contain at least two characters."}
]}"#;

/// Every status class, by the table of `Upstream::to_envelope`.
#[test]
fn statuses_pick_the_category() {
    let table: &[(u16, Category, i32)] = &[
        (400, Category::InvalidArgument, -32602),
        (422, Category::InvalidArgument, -32602),
        (401, Category::PermissionDenied, -32603),
        (403, Category::PermissionDenied, -32603),
        (404, Category::NotFound, -32602),
        (409, Category::Conflict, -32603),
        (429, Category::ResourceExhausted, -32603),
        (408, Category::Unavailable, -32603),
        (500, Category::Unavailable, -32603),
        (502, Category::Unavailable, -32603),
        (503, Category::Unavailable, -32603),
        (504, Category::Unavailable, -32603),
        (599, Category::Unavailable, -32603),
        (402, Category::InvalidArgument, -32602),
        (405, Category::InvalidArgument, -32602),
        (410, Category::InvalidArgument, -32602),
        (413, Category::InvalidArgument, -32602),
        (415, Category::InvalidArgument, -32602),
        (451, Category::InvalidArgument, -32602),
        (499, Category::InvalidArgument, -32602),
        // An answer that did not fail, reported as failed: the server's bug.
        (200, Category::InternalError, -32603),
        (204, Category::InternalError, -32603),
        (302, Category::InternalError, -32603),
        (100, Category::InternalError, -32603),
        (600, Category::InternalError, -32603),
        (0, Category::InternalError, -32603),
    ];
    let mut report = Report::new();
    for &(status, category, rpc) in table {
        let envelope = Upstream::response(status, b"").to_envelope("t");
        report.check(
            envelope.category() == category
                && envelope.to_jsonrpc_error().code() == rpc
                && envelope.message() == format!("upstream service answered HTTP {status}")
                && envelope.issues().is_empty()
                && envelope.context().is_none()
                && !envelope.hint().is_empty(),
            || format!("{status}: {}", envelope.to_json_string()),
        );
    }
    let timed_out = Upstream::timed_out().to_envelope("t");
    report.check(
        timed_out.category() == Category::Unavailable
            && timed_out.message() == "upstream service did not answer in time",
        || format!("timed out: {}", timed_out.to_json_string()),
    );
    report.finish();
}

/// (name, status, body, expected (code, path) pairs).
type FieldRow<'a> = (&'a str, u16, &'a str, &'a [(&'a str, &'a str)]);

/// 400 and 422 bodies in a recognised shape give one issue per field error, at its path;
/// any other 4xx lists none, whatever its body.
#[test]
fn field_errors_of_recognised_bodies() {
    let table: &[FieldRow] = &[
        (
            "FastAPI (pydantic 2)",
            422,
            FASTAPI_422,
            &[
                ("missing", "/ids"),
                ("int_parsing", "/ids/1"),
                ("too_big", "/limit"),
                ("too_long", "/project"),
                ("invalid_type", "/filter/min"),
                ("unknown_field", "/limt"),
                ("enum_unknown", "/order_by"),
                ("custom", "/range"),
            ],
        ),
        (
            "pydantic 1",
            422,
            PYDANTIC_V1,
            &[
                ("missing", "/ids"),
                ("invalid_type", "/limit"),
                ("too_small", "/limit"),
                ("enum_unknown", "/tag"),
            ],
        ),
        (
            "RFC 9457 errors",
            400,
            RFC9457,
            &[
                ("custom", "/age"),
                ("custom", "/profile/color"),
                ("custom", "/ids/2"),
                ("custom", "/a~1b/c d"),
                ("custom", ""),
            ],
        ),
        (
            "RFC 7807 invalid-params",
            400,
            RFC7807,
            &[("custom", "/age"), ("custom", "/color")],
        ),
        (
            "RFC 7807 invalid_params",
            400,
            &RFC7807.replace("invalid-params", "invalid_params"),
            &[("custom", "/age"), ("custom", "/color")],
        ),
        (
            "JSON:API errors",
            422,
            JSON_API,
            &[("custom", "/data/attributes/firstName")],
        ),
        // pydantic's plain loc, without FastAPI's location.
        (
            "plain pydantic loc",
            422,
            r#"{"detail": [{"type": "missing", "loc": ["ids"], "msg": "Field required"}]}"#,
            &[("missing", "/ids")],
        ),
        (
            "whole body",
            422,
            r#"{"detail": [{"type": "model_type", "loc": ["body"], "msg": "Input should be an object"}]}"#,
            &[("invalid_type", "")],
        ),
        // FastAPI's HTTPException: `detail` is a string, not field errors.
        (
            "string detail",
            400,
            r#"{"detail": "Item already exists"}"#,
            &[],
        ),
        (
            "problem without errors",
            400,
            r#"{"type": "about:blank", "title": "Bad Request", "status": 400}"#,
            &[],
        ),
        ("plain text", 400, "bad request", &[]),
        ("empty", 422, "", &[]),
        ("not an object", 422, "[1, 2]", &[]),
        (
            "cut JSON",
            422,
            r#"{"detail": [{"type": "missing", "loc": ["body", "ids"]"#,
            &[],
        ),
        (
            "malformed elements are skipped",
            422,
            r#"{"detail": [1, {"loc": "ids", "msg": "x"}, {"loc": ["ids"]}, {"msg": "m"},
                {"type": "missing", "loc": ["body", "name"], "msg": "Field required"}],
             "errors": ["x", {"pointer": "/a"}], "invalid-params": [{"reason": "r"}, {"name": 5}]}"#,
            &[("missing", "/name")],
        ),
        (
            "odd loc items",
            422,
            r#"{"detail": [{"type": "x", "loc": ["body", "a", -1, 1.5, true, null, 18446744073709551615], "msg": "m"}]}"#,
            &[("custom", "/a/-1/1.5/true/null/18446744073709551615")],
        ),
        // Other 4xx statuses list no issues, even with a recognised body.
        ("409 with field errors", 409, FASTAPI_422, &[]),
        ("404 with field errors", 404, RFC9457, &[]),
    ];
    let mut report = Report::new();
    for (name, status, body, want) in table {
        let envelope = Upstream::response(*status, body.as_bytes()).to_envelope("t");
        let got = issue_pairs(&envelope);
        report.check(got == owned(want), || {
            format!("{name}: expected {want:?}, got {got:?}")
        });
        if matches!(status, 400 | 422) {
            report.check(
                envelope.category() == Category::InvalidArgument
                    && envelope.hint() == INVALID_ARGUMENT_HINT
                    && envelope.truncated() == 0,
                || format!("{name}: {}", envelope.to_json_string()),
            );
        }
    }
    report.finish();
}

/// The exact issue JSON of mapped field errors: the upstream's message, pydantic's input
/// (never for `missing`), the crate's hint for upstream refusals.
#[test]
fn field_error_issue_json_is_exact() {
    let envelope = Upstream::response(422, FASTAPI_422.as_bytes()).to_envelope("t");
    let issues = serde_json::to_value(envelope.issues()).unwrap();
    let hint = "the upstream service refused this value: correct it and call again";
    assert_eq!(
        issues[0],
        json!({"code": "missing", "path": "/ids", "message": "Field required", "hint": hint})
    );
    assert_eq!(
        issues[1],
        json!({"code": "int_parsing", "path": "/ids/1",
               "message": "Input should be a valid integer, unable to parse string as an in…",
               "input": "x", "hint": hint})
    );
    assert_eq!(
        issues[2],
        json!({"code": "too_big", "path": "/limit",
               "message": "Input should be less than or equal to 100", "input": "500", "hint": hint})
    );
    let envelope = Upstream::response(400, RFC9457.as_bytes()).to_envelope("create_user");
    assert_eq!(
        serde_json::to_value(&envelope.issues()[0]).unwrap(),
        json!({"code": "custom", "path": "/age", "message": "must be a positive integer", "hint": hint})
    );
    let json = serde_json::to_value(&envelope).unwrap();
    assert_eq!(json["error"], json!("INVALID_ARGUMENT"));
    assert_eq!(json["tool"], json!("create_user"));
    assert_eq!(
        json["message"],
        json!(
            r#"upstream service answered HTTP 400: {"type": "https://example.net/validation-error", "title": "Your…"#
        )
    );
    assert_eq!(json["truncated"], json!(0));
    assert_eq!(json.get("context"), None);
}

/// `Retry-After` on 429 and on the UNAVAILABLE statuses: delay-seconds or an HTTP-date
/// (RFC 9110, sections 10.2.3 and 5.6.7), whole seconds from `now`, 0 for a past date;
/// anything else is ignored.
#[test]
fn retry_after_in_seconds() {
    // Sun, 06 Nov 1994 08:49:37 GMT.
    let date = 784_111_777;
    let now = UNIX_EPOCH + Duration::from_secs(date - 120);
    let table: &[(u16, &str, Option<u64>)] = &[
        (429, "120", Some(120)),
        (429, " 7 ", Some(7)),
        (429, "0", Some(0)),
        (429, "1", Some(1)),
        (429, "99999999999999999999999", Some(u64::MAX)),
        (429, "Sun, 06 Nov 1994 08:49:37 GMT", Some(120)),
        (429, "Sunday, 06-Nov-94 08:49:37 GMT", Some(120)),
        (429, "Sun Nov  6 08:49:37 1994", Some(120)),
        (429, "Sun, 06 Nov 1994 08:47:37 GMT", Some(0)),
        (429, "Thu, 01 Jan 1970 00:00:00 GMT", Some(0)),
        (429, "-5", None),
        (429, "1.5", None),
        (429, "soon", None),
        (429, "", None),
        (429, "Sun, 06 Nov 1994 08:49:37", None),
        (503, "30", Some(30)),
        (500, "30", Some(30)),
        (408, "30", Some(30)),
        // Only the categories a retry can help.
        (400, "30", None),
        (404, "30", None),
        (409, "30", None),
    ];
    let mut report = Report::new();
    for &(status, value, want) in table {
        let envelope = Upstream::response(status, b"")
            .retry_after(value)
            .at(now)
            .to_envelope("t");
        let got = envelope
            .context()
            .and_then(|c| c.get("retry_after_s"))
            .cloned();
        let hint_ok = match want {
            Some(1) => envelope.hint() == "Retry after 1 second.",
            Some(s) => envelope.hint() == format!("Retry after {s} seconds."),
            None => !envelope.hint().starts_with("Retry after"),
        };
        report.check(got == want.map(Value::from) && hint_ok, || {
            format!("{status} {value:?}: {}", envelope.to_json_string())
        });
    }
    let timed_out = Upstream::timed_out().retry_after("5").to_envelope("t");
    report.check(
        timed_out.context().and_then(|c| c.get("retry_after_s")) == Some(&json!(5)),
        || format!("timed out: {}", timed_out.to_json_string()),
    );
    report.finish();
    // The envelope's JSON: context last, only when it has facts.
    let envelope = Upstream::response(429, br#"{"error": "rate limited"}"#)
        .retry_after("120")
        .to_envelope("search");
    assert_eq!(
        serde_json::to_value(&envelope).unwrap(),
        json!({
            "error": "RESOURCE_EXHAUSTED",
            "tool": "search",
            "message": r#"upstream service answered HTTP 429: {"error": "rate limited"}"#,
            "issues": [],
            "truncated": 0,
            "hint": "Retry after 120 seconds.",
            "context": {"retry_after_s": 120}
        })
    );
    assert!(
        envelope
            .to_json_string()
            .ends_with(r#""context":{"retry_after_s":120}}"#)
    );
}

/// Upstream bodies are untrusted: the echo is one line of at most 64 chars whatever the
/// body holds, issues stop at 100 (the rest counted), messages are cut, and nothing
/// panics.
#[test]
fn hostile_upstream_bodies() {
    let mut report = Report::new();
    let echo = |envelope: &Envelope| {
        envelope
            .message()
            .strip_prefix("upstream service answered HTTP 422")
            .map(|rest| rest.strip_prefix(": ").unwrap_or(rest).to_owned())
            .unwrap_or_default()
    };
    let bodies: Vec<(&str, Vec<u8>)> = vec![
        ("10 MB of text", vec![b'a'; 10 << 20]),
        (
            "newlines and tabs",
            b"line one\n\n\tline two\r\n\x1b[31mred\x00".to_vec(),
        ),
        ("invalid UTF-8", vec![0xff, 0xfe, b'o', b'k', 0xc3]),
        ("deep nesting", "[".repeat(100_000).into_bytes()),
        ("only whitespace", b" \n\t ".to_vec()),
    ];
    for (name, body) in &bodies {
        let envelope = Upstream::response(422, body).to_envelope("t");
        let text = echo(&envelope);
        report.check(
            text.chars().count() <= 65
                && !text.chars().any(|c| c.is_control() || c == '\n')
                && envelope.issues().is_empty(),
            || format!("{name}: {:?}", envelope.message()),
        );
    }
    assert_eq!(
        echo(&Upstream::response(422, &bodies[1].1).to_envelope("t")),
        "line one line two [31mred"
    );
    assert_eq!(
        echo(&Upstream::response(422, &bodies[2].1).to_envelope("t")),
        "\u{fffd}\u{fffd}ok\u{fffd}"
    );
    assert_eq!(
        Upstream::response(422, &bodies[4].1)
            .to_envelope("t")
            .message(),
        "upstream service answered HTTP 422"
    );

    // 10,000 field errors: 100 listed, the rest counted.
    let errors: Vec<Value> = (0..10_000)
        .map(|i| json!({"type": "int_parsing", "loc": ["body", "ids", i], "msg": "bad"}))
        .collect();
    let body = serde_json::to_vec(&json!({ "detail": errors })).unwrap();
    let envelope = Upstream::response(422, &body).to_envelope("t");
    report.check(
        envelope.issues().len() == MAX_ISSUES && envelope.truncated() == 10_000 - MAX_ISSUES,
        || {
            format!(
                "10,000 field errors: {} listed, {} truncated",
                envelope.issues().len(),
                envelope.truncated()
            )
        },
    );
    report.check(
        envelope.issues()[99].path().to_string() == "/ids/99",
        || "the first 100 in order".into(),
    );

    // Long messages, inputs, keys and paths are cut like any input echo.
    let long = "m".repeat(10_000);
    let body = serde_json::to_vec(&json!({"detail": [
        {"type": "x", "loc": ["body", "k".repeat(10_000)], "msg": long, "input": long},
        {"type": "x", "loc": (0..10_000).map(|_| "seg").collect::<Vec<_>>(), "msg": "deep"}
    ]}))
    .unwrap();
    let envelope = Upstream::response(422, &body).to_envelope("t");
    let json = serde_json::to_value(envelope.issues()).unwrap();
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    report.check(
        chars(&json[0]["message"]) == 65
            && chars(&json[0]["input"]) == 65
            && chars(&json[0]["path"]) <= 67
            && chars(&json[1]["path"]) <= 256
            && json[1]["context"]["path_levels_cut"].as_u64().is_some(),
        || format!("cut texts: {json}"),
    );

    // A body past 1 MiB is echoed but not read for field errors.
    let mut big = serde_json::to_vec(
        &json!({"detail": [{"type": "missing", "loc": ["body", "ids"], "msg": "Field required"}], "pad": ""}),
    )
    .unwrap();
    let pad = vec![b' '; (1 << 20) + 1];
    big.splice(big.len() - 1..big.len() - 1, pad);
    let envelope = Upstream::response(422, &big).to_envelope("t");
    report.check(envelope.issues().is_empty(), || {
        format!("over 1 MiB: {:?}", issue_pairs(&envelope))
    });
    report.finish();
}
