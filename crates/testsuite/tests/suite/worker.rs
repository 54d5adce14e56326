//! The demo HTTP worker (`crates/examples/examples/common/demo_worker.rs`) served on a
//! loopback port and called with a real HTTP client (reqwest): the whole bundled corpus of
//! its two tools by `POST`, answered as the demo answers it (the same value, or the same
//! issues: codes, paths and messages, in order); the query-string form by `GET`, on a table
//! of its own (a query string carries only strings: no native booleans, `null` or
//! nesting); the refusals of bodies that are not JSON, not declared JSON or over the body
//! limit; and the write endpoint's soft failures. Every answer is JSON, never axum's plain
//! text.

use crate::demo_corpus;
use crate::demo_tools;
use crate::demo_worker;

use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use serde_json::{Value, json};

const OBSERVATIONS: &str = "/api/observations/batch";
const SESSIONS: &str = "/api/sdk-sessions/batch";
const WRITE: &str = "/api/observations";

/// A worker on a loopback port, and a client for it.
struct Worker {
    base: String,
    client: reqwest::Client,
}

/// One answer: the status, and the body read as JSON.
#[derive(Debug)]
struct Answer {
    status: u16,
    body: Value,
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        // Loopback only, whatever proxy the environment names; a bounded wait per call.
        .no_proxy()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("the client builds")
}

/// The worker as its example serves it, on a port picked by the system: the address is
/// read from the line it announces.
async fn worker() -> Worker {
    let (ready, line) = tokio::sync::oneshot::channel();
    tokio::spawn(demo_worker::serve("127.0.0.1:0", move |line| {
        let _ = ready.send(line);
    }));
    let line = tokio::time::timeout(Duration::from_secs(30), line)
        .await
        .expect("the worker announces itself")
        .expect("the worker is listening");
    let base = line
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("the announced line is {line:?}"));
    assert!(
        base.starts_with("http://127.0.0.1:")
            && base["http://127.0.0.1:".len()..]
                .parse::<u16>()
                .is_ok_and(|port| port > 0),
        "the announced line is {line:?}"
    );
    Worker {
        base: base.to_owned(),
        client: client(),
    }
}

/// The worker's routes under another body limit, served here.
async fn worker_with_limit(bytes: usize) -> Worker {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let address = listener.local_addr().expect("its address");
    let app = demo_worker::router().layer(DefaultBodyLimit::max(bytes));
    tokio::spawn(async move { axum::serve(listener, app).await });
    Worker {
        base: format!("http://{address}"),
        client: client(),
    }
}

impl Worker {
    async fn answer(&self, request: reqwest::RequestBuilder) -> Answer {
        let response = request.send().await.expect("the worker answers");
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let bytes = response.bytes().await.expect("the body is read");
        let body: Value = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            panic!(
                "status {status}: the body is not JSON: {:?}",
                String::from_utf8_lossy(&bytes)
            )
        });
        assert_eq!(content_type, "application/json", "status {status}: {body}");
        Answer { status, body }
    }

    async fn post(&self, path: &str, content_type: Option<&str>, body: Vec<u8>) -> Answer {
        let mut request = self.client.post(format!("{}{path}", self.base)).body(body);
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        self.answer(request).await
    }

    async fn post_json(&self, path: &str, body: &Value) -> Answer {
        let bytes = serde_json::to_vec(body).expect("JSON");
        self.post(path, Some("application/json"), bytes).await
    }

    async fn get(&self, path_and_query: &str) -> Answer {
        self.answer(self.client.get(format!("{}{path_and_query}", self.base)))
            .await
    }
}

/// The HTTP body the worker must answer for refused arguments: the demo envelope's issues
/// as `{"path", "message", "code"}`, and its `truncated`.
fn http_body_of(envelope: &mcp_coerce::Envelope) -> Value {
    let issues: Vec<Value> = envelope
        .issues()
        .iter()
        .map(|i| json!({"path": i.path().to_string(), "message": i.message(), "code": i.code().as_str()}))
        .collect();
    json!({"error": "ValidationError", "issues": issues, "truncated": envelope.truncated()})
}

/// (code, path) pairs of an HTTP body, in order.
fn pairs(body: &Value) -> Vec<(String, String)> {
    body["issues"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| {
            (
                i["code"].as_str().unwrap_or_default().to_owned(),
                i["path"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(c, p)| ((*c).to_owned(), (*p).to_owned()))
        .collect()
}

/// Every case of the corpus for the worker's two tools, posted as its JSON body: a valid
/// call is 200 with exactly the demo's value, a refused one 400 with exactly the demo's
/// issues; and both are the outcome the corpus expects.
#[tokio::test]
async fn the_corpus_by_post_as_the_demo_answers_it() {
    let worker = worker().await;
    let cases = demo_corpus::corpus().expect("the corpus parses");
    let mut failures = Vec::new();
    let mut posted = 0;
    for case in &cases {
        let path = match case.tool.as_str() {
            "demo_get_observations" => OBSERVATIONS,
            "demo_get_sdk_sessions" => SESSIONS,
            _ => continue,
        };
        posted += 1;
        let answer = worker.post_json(path, &case.arguments).await;
        let demo = demo_tools::call(&case.tool, &case.arguments);
        let (same_as_demo, as_envelope) = match &demo {
            Ok(value) => (
                answer.status == 200 && answer.body == *value,
                Ok(answer.body.clone()),
            ),
            Err(envelope) => (
                answer.status == 400 && answer.body == http_body_of(envelope),
                Err(json!({"error": "INVALID_ARGUMENT", "issues": answer.body["issues"]})),
            ),
        };
        if !same_as_demo || !demo_tools::json_outcome_matches(&case.expect, &as_envelope) {
            failures.push(format!(
                "{}: sent {}, expected {} (the demo: {}), got {} {}",
                case.id,
                case.arguments,
                case.expect,
                demo_tools::summary(&demo),
                answer.status,
                answer.body
            ));
        }
    }
    let expected = cases
        .iter()
        .filter(|c| {
            matches!(
                c.tool.as_str(),
                "demo_get_observations" | "demo_get_sdk_sessions"
            )
        })
        .count();
    assert!(expected > 0, "the corpus has cases for the worker's tools");
    assert_eq!(posted, expected, "every case of the two tools was posted");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// (path and query, `Ok(value)` for 200 or `Err((code, path) pairs)` for 400).
type GetRow<'a> = (&'a str, Result<Value, &'a [(&'a str, &'a str)]>);

/// The query-string form: every value a string, a repeated key an array of them.
#[tokio::test]
async fn query_strings_by_get() {
    let worker = worker().await;
    let table: &[GetRow] = &[
        (
            "/api/observations/batch?ids=1,2,3&limit=10",
            Ok(json!({"ids": [1, 2, 3], "limit": 10})),
        ),
        (
            "/api/observations/batch?ids=1&ids=2&ids=3",
            Ok(json!({"ids": [1, 2, 3]})),
        ),
        (
            "/api/observations/batch?ids=%5B1%2C2%5D",
            Ok(json!({"ids": [1, 2]})),
        ),
        (
            "/api/observations/batch?ids=+1+,+2+",
            Ok(json!({"ids": [1, 2]})),
        ),
        ("/api/observations/batch?ids=7", Ok(json!({"ids": [7]}))),
        ("/api/observations/batch?ids=", Ok(json!({"ids": []}))),
        (
            "/api/observations/batch?ids=1,,2,",
            Ok(json!({"ids": [1, 2]})),
        ),
        (
            "/api/observations/batch?ids=1.0&ids=2",
            Ok(json!({"ids": [1, 2]})),
        ),
        (
            "/api/observations/batch?ids=1&limit=",
            Ok(json!({"ids": [1]})),
        ),
        (
            "/api/observations/batch?ids=1&limit=null",
            Ok(json!({"ids": [1]})),
        ),
        (
            "/api/observations/batch?ids=1&limit=+5+",
            Ok(json!({"ids": [1], "limit": 5})),
        ),
        (
            "/api/observations/batch?ids=1&order_by=DATE-ASC",
            Ok(json!({"ids": [1], "order_by": "date_asc"})),
        ),
        (
            "/api/observations/batch?ids=1&project=+demo+",
            Ok(json!({"ids": [1], "project": "demo"})),
        ),
        (
            "/api/observations/batch?ids=1&project=a%26b%3Dc",
            Ok(json!({"ids": [1], "project": "a&b=c"})),
        ),
        (
            "/api/observations/batch?ids=1&unknown=x",
            Ok(json!({"ids": [1]})),
        ),
        (
            "/api/observations/batch?ids=1,x&limit=500",
            Err(&[("int_parsing", "/ids/1"), ("too_big", "/limit")]),
        ),
        (
            "/api/observations/batch?ids=1&ids=x",
            Err(&[("int_parsing", "/ids/1")]),
        ),
        // A repeated key is already an array: its values are elements, not split again.
        (
            "/api/observations/batch?ids=1,2&ids=3",
            Err(&[("int_parsing", "/ids/0")]),
        ),
        (
            "/api/observations/batch?ids=1&limit=1&limit=2",
            Err(&[("invalid_type", "/limit")]),
        ),
        (
            "/api/observations/batch?ids=1&limit=0",
            Err(&[("too_small", "/limit")]),
        ),
        (
            "/api/observations/batch?ids=1&order_by=newest",
            Err(&[("enum_unknown", "/order_by")]),
        ),
        (
            "/api/observations/batch?ids=%5B1%2C2",
            Err(&[("invalid_json", "/ids")]),
        ),
        // A blank optional string is absent (the optional-field rules).
        (
            "/api/observations/batch?ids=1&project=+",
            Ok(json!({"ids": [1]})),
        ),
        (
            "/api/observations/batch?limit=10",
            Err(&[("missing", "/ids")]),
        ),
        ("/api/observations/batch", Err(&[("missing", "/ids")])),
        ("/api/observations/batch?", Err(&[("missing", "/ids")])),
        (
            "/api/observations/batch?ids[]=1&ids[]=2",
            Err(&[("missing", "/ids")]),
        ),
        (
            "/api/sdk-sessions/batch?memory_session_ids=a,b",
            Ok(json!({"memory_session_ids": ["a", "b"]})),
        ),
        (
            "/api/sdk-sessions/batch?memory_session_ids=a&memory_session_ids=b,+c",
            Ok(json!({"memory_session_ids": ["a", "b, c"]})),
        ),
        (
            "/api/sdk-sessions/batch?memory_session_ids=",
            Ok(json!({"memory_session_ids": []})),
        ),
        (
            "/api/sdk-sessions/batch?memory_session_ids=%5B%22a%22%5D",
            Ok(json!({"memory_session_ids": ["a"]})),
        ),
        (
            "/api/sdk-sessions/batch",
            Err(&[("missing", "/memory_session_ids")]),
        ),
    ];
    let mut failures = Vec::new();
    for (path, want) in table {
        let answer = worker.get(path).await;
        let ok = match want {
            Ok(value) => answer.status == 200 && answer.body == *value,
            Err(want) => {
                answer.status == 400
                    && answer.body["error"] == "ValidationError"
                    && answer.body["truncated"] == 0
                    && pairs(&answer.body) == owned(want)
            }
        };
        if !ok {
            failures.push(format!(
                "GET {path}: expected {want:?}, got {} {}",
                answer.status, answer.body
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// (content type, body, status, the one issue's code or `None` for 200).
type BodyRow<'a> = (Option<&'a str>, Vec<u8>, u16, Option<&'a str>);

/// Bodies the extractor cannot read as JSON: the status says why, the body is the
/// crate's HTTP body with one issue at `""`.
#[tokio::test]
async fn bodies_that_are_not_json_arguments() {
    let worker = worker().await;
    let valid = br#"{"ids": [1]}"#.to_vec();
    let table: Vec<BodyRow> = vec![
        (Some("application/json"), valid.clone(), 200, None),
        (
            Some("application/json; charset=utf-8"),
            valid.clone(),
            200,
            None,
        ),
        (
            Some("application/json;charset=UTF-8"),
            valid.clone(),
            200,
            None,
        ),
        (Some("Application/JSON"), valid.clone(), 200, None),
        (Some("application/vnd.api+json"), valid.clone(), 200, None),
        (
            Some("application/json"),
            b"".to_vec(),
            400,
            Some("invalid_json"),
        ),
        (
            Some("application/json"),
            b"{\"ids\": [1,".to_vec(),
            400,
            Some("invalid_json"),
        ),
        (
            Some("application/json"),
            b"ids=1,2".to_vec(),
            400,
            Some("invalid_json"),
        ),
        (
            Some("application/json"),
            b"{\"ids\": \"\xff\"}".to_vec(),
            400,
            Some("invalid_json"),
        ),
        // Not UTF-8 inside a member nobody reads: still not JSON text.
        (
            Some("application/json"),
            b"{\"ids\": [1], \"x\": \"\xe9\"}".to_vec(),
            400,
            Some("invalid_json"),
        ),
        (
            Some("application/json"),
            b"[1, 2]".to_vec(),
            400,
            Some("invalid_type"),
        ),
        (
            Some("application/json"),
            b"42".to_vec(),
            400,
            Some("invalid_type"),
        ),
        (None, valid.clone(), 415, Some("invalid_type")),
        (Some("text/plain"), valid.clone(), 415, Some("invalid_type")),
        (Some("text/json"), valid.clone(), 415, Some("invalid_type")),
        (
            Some("application/x-www-form-urlencoded"),
            valid.clone(),
            415,
            Some("invalid_type"),
        ),
        (Some("json"), valid.clone(), 415, Some("invalid_type")),
        (Some(""), valid.clone(), 415, Some("invalid_type")),
        // The content type is checked before the body is read.
        (
            Some("text/plain"),
            b"not json".to_vec(),
            415,
            Some("invalid_type"),
        ),
    ];
    let mut failures = Vec::new();
    for (content_type, body, status, code) in table {
        let sent = String::from_utf8_lossy(&body).into_owned();
        let answer = worker.post(OBSERVATIONS, content_type, body).await;
        let ok = match code {
            None => answer.status == 200 && answer.body == json!({"ids": [1]}),
            Some(code) => {
                answer.status == status
                    && answer.body["error"] == "ValidationError"
                    && answer.body["truncated"] == 0
                    && pairs(&answer.body) == owned(&[(code, "")])
            }
        };
        if !ok {
            failures.push(format!(
                "{content_type:?} {sent:?}: expected {status} {code:?}, got {} {}",
                answer.status, answer.body
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The exact body of a 415 and of a 413.
    let answer = worker.post(OBSERVATIONS, Some("text/plain"), valid).await;
    assert_eq!(
        answer.body,
        json!({"error": "ValidationError", "issues": [{"path": "", "code": "invalid_type",
            "message": "expected a JSON body with Content-Type: application/json"}], "truncated": 0})
    );
}

/// The body limit: axum's 2 MiB unless the router sets another; a body of exactly the
/// limit is read, one byte more is 413 with one `too_long` at `""`.
#[tokio::test]
async fn bodies_over_the_limit() {
    const TWO_MIB: usize = 2 * 1024 * 1024;
    let padded = |len: usize| {
        let mut body = br#"{"ids": [1]}"#.to_vec();
        body.resize(len, b' ');
        body
    };
    let too_long = json!({"error": "ValidationError", "issues": [{"path": "", "code": "too_long",
        "message": "the request body is over the server's size limit"}], "truncated": 0});

    let worker = worker().await;
    let answer = worker
        .post(OBSERVATIONS, Some("application/json"), padded(TWO_MIB))
        .await;
    assert_eq!((answer.status, &answer.body), (200, &json!({"ids": [1]})));
    let answer = worker
        .post(OBSERVATIONS, Some("application/json"), padded(TWO_MIB + 1))
        .await;
    assert_eq!((answer.status, &answer.body), (413, &too_long));
    let answer = worker
        .post(OBSERVATIONS, Some("application/json"), padded(10 * TWO_MIB))
        .await;
    assert_eq!((answer.status, &answer.body), (413, &too_long));

    let small = worker_with_limit(1024).await;
    let answer = small
        .post(OBSERVATIONS, Some("application/json"), padded(1024))
        .await;
    assert_eq!((answer.status, &answer.body), (200, &json!({"ids": [1]})));
    let answer = small
        .post(OBSERVATIONS, Some("application/json"), padded(1025))
        .await;
    assert_eq!((answer.status, &answer.body), (413, &too_long));
    // The write endpoint soft-fails it.
    let answer = small
        .post(WRITE, Some("application/json"), padded(1025))
        .await;
    assert_eq!(
        (answer.status, &answer.body),
        (
            200,
            &json!({"stored": false, "reason": "invalid body: 1 issue: the request body is over the server's size limit (too_long)"})
        )
    );
}

/// `POST /api/observations`: `{"stored": true}`, or a soft failure naming the issues; both
/// 200, never a 4xx.
#[tokio::test]
async fn the_write_endpoint_soft_fails() {
    let worker = worker().await;
    let long = "x".repeat(101);
    let table: Vec<(Value, Value)> = vec![
        (
            json!({"memory_session_id": "s-1", "text": "saw a thing"}),
            json!({"stored": true}),
        ),
        (
            json!({"memory_session_id": "  s-1  ", "text": "saw a thing", "project": "demo", "extra": 1}),
            json!({"stored": true}),
        ),
        (
            json!({"memory_session_id": "s-1", "text": "t", "project": null}),
            json!({"stored": true}),
        ),
        (
            json!({"text": "saw a thing"}),
            json!({"stored": false, "reason": "invalid body: 1 issue: /memory_session_id: missing required field (missing)"}),
        ),
        (
            json!({"memory_session_id": "   ", "text": ""}),
            json!({"stored": false, "reason": "invalid body: 2 issues: /memory_session_id: expected at least 1 char, got 0 (too_short); /text: expected at least 1 char, got 0 (too_short)"}),
        ),
        (
            json!({"memory_session_id": long, "text": "t"}),
            json!({"stored": false, "reason": "invalid body: 1 issue: /memory_session_id: expected at most 100 chars (too_long)"}),
        ),
        (
            json!({"memory_session_id": "s-1", "text": "x".repeat(10_001)}),
            json!({"stored": false, "reason": "invalid body: 1 issue: /text: expected at most 10000 chars (too_long)"}),
        ),
        (
            json!({"memory_session_id": "s-1", "text": "t", "project": 5}),
            json!({"stored": false, "reason": "invalid body: 1 issue: /project: expected a string, got a number (invalid_type)"}),
        ),
        (
            json!([]),
            json!({"stored": false, "reason": "invalid body: 1 issue: expected the arguments object, got an array (invalid_type)"}),
        ),
    ];
    let mut failures = Vec::new();
    for (body, want) in &table {
        let answer = worker.post_json(WRITE, body).await;
        if answer.status != 200 || answer.body != *want {
            let sent: String = body.to_string().chars().take(120).collect();
            failures.push(format!(
                "{sent}: expected {want}, got {} {}",
                answer.status, answer.body
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let answer = worker
        .post(WRITE, Some("application/json"), b"{\"text\":".to_vec())
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["stored"], false);
    assert!(
        answer.body["reason"].as_str().is_some_and(|r| r
            .starts_with("invalid body: 1 issue: arguments are not valid JSON: ")
            && r.ends_with(" (invalid_json)")),
        "{}",
        answer.body
    );
    let answer = worker
        .post(
            WRITE,
            None,
            br#"{"memory_session_id": "s", "text": "t"}"#.to_vec(),
        )
        .await;
    assert_eq!(
        (answer.status, &answer.body),
        (
            200,
            &json!({"stored": false, "reason": "invalid body: 1 issue: expected a JSON body with Content-Type: application/json, got no Content-Type (invalid_type)"})
        )
    );
}
