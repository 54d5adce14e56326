//! The crate inside an [axum](https://docs.rs/axum) server (feature `axum`, on axum 0.8):
//! the HTTP hop of a tool call (tool handler → `POST /api/observations/batch` → the
//! worker), or any JSON endpoint that agents and hooks call.
//!
//! - [`Json<T>`] reads a JSON body with [`from_slice`](crate::from_slice); [`Query<T>`]
//!   reads the query string, as strings, with [`from_value`](crate::from_value).
//! - Both refuse with a [`Refusal`], the JSON body of [`Rejection::to_http_body`], never
//!   axum's plain text: the statuses and the body limit are in [docs/contract.md,
//!   "HTTP"](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#http).
//!
//! The renderings are responses too: [`Refusal`], [`HttpBody`] (400),
//! [`Envelope`] (its category's status: 400, 404, 403, 409, 429, 503, 500) and
//! [`WriteOutcome`] (200) implement `IntoResponse`. A write endpoint called by hooks
//! takes `Result<Json<T>, Refusal>` and answers a refused body with
//! [`Refusal::to_write_outcome`] (`{"stored": false, "reason": ...}`, 200), so that the
//! hook carries on instead of failing its caller.
//!
//! ```
//! use mcp_coerce::axum::{Json, Query, Refusal};
//! use mcp_coerce::{IntArrayLike, IntLike, Items, TextLike, Trim, WriteOutcome};
//! use serde::{Deserialize, Serialize};
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize, Serialize)]
//! struct GetObservations {
//!     #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
//!     ids: Vec<i64>,
//!     #[serde_as(as = "IntLike<1, 100>")]
//!     #[serde(default, skip_serializing_if = "Option::is_none")]
//!     limit: Option<u32>,
//! }
//!
//! #[serde_as]
//! #[derive(Deserialize)]
//! struct NewObservation {
//!     #[serde_as(as = "TextLike<1, 10000>")]
//!     text: String,
//! }
//!
//! // `POST /api/observations/batch`: a refused body is a 400 with every issue.
//! async fn batch(Json(args): Json<GetObservations>) -> String {
//!     format!("{} ids", args.ids.len())
//! }
//!
//! // `GET /api/observations/batch?ids=1,2,3&limit=10`.
//! async fn batch_query(Query(args): Query<GetObservations>) -> String {
//!     format!("{} ids", args.ids.len())
//! }
//!
//! // `POST /api/observations`, called by hooks: never a 4xx.
//! async fn store(body: Result<Json<NewObservation>, Refusal>) -> WriteOutcome {
//!     match body {
//!         Ok(Json(_observation)) => WriteOutcome::stored(),
//!         Err(refusal) => refusal.to_write_outcome(),
//!     }
//! }
//!
//! let app: axum::Router = axum::Router::new()
//!     .route("/api/observations/batch", axum::routing::post(batch).get(batch_query))
//!     .route("/api/observations", axum::routing::post(store));
//! ```

use std::fmt;
use std::ops::{Deref, DerefMut};

use ::axum::body::Bytes;
use ::axum::extract::rejection::{BytesRejection, FailedToBufferBody};
use ::axum::extract::{FromRequest, FromRequestParts, Request};
use ::axum::http::header::{CONTENT_TYPE, HeaderValue};
use ::axum::http::request::Parts;
use ::axum::http::{HeaderMap, StatusCode};
use ::axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::issue::{Code, Input, Issue, Rejection};
use crate::render::{Envelope, HttpBody, WriteOutcome};

/// A JSON request body read by the crate, in place of axum's `Json` as an extractor.
///
/// The body goes through [`from_slice`](crate::from_slice) once its `Content-Type` is JSON
/// and it fits the body limit.
///
/// # Errors
///
/// A [`Refusal`]: 400, 415 or 413, as docs/contract.md, "HTTP" lists them.
///
/// # Examples
///
/// ```
/// use axum::body::Body;
/// use axum::extract::FromRequest;
/// use axum::http::Request;
/// use mcp_coerce::IntArrayLike;
/// use mcp_coerce::axum::Json;
/// use serde::Deserialize;
/// use serde_json::json;
/// use serde_with::serde_as;
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     let mut f = std::pin::pin!(f);
/// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
/// #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
/// # }
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
///
/// let post = |body: &'static str| {
///     Request::post("/").header("content-type", "application/json").body(Body::from(body))
/// };
/// let Json(args) = block_on(Json::<Args>::from_request(post(r#"{"ids": "1,2,3"}"#)?, &())).unwrap();
/// assert_eq!(args.ids, [1, 2, 3]);
///
/// let refusal = block_on(Json::<Args>::from_request(post(r#"{"ids": "1,x"}"#)?, &())).unwrap_err();
/// assert_eq!(refusal.status(), 400);
/// assert_eq!(serde_json::to_value(refusal.to_http_body())?, json!({
///     "error": "ValidationError",
///     "issues": [{"path": "/ids/1", "message": "expected an integer", "code": "int_parsing"}],
///     "truncated": 0
/// }));
///
/// let text = Request::post("/").header("content-type", "text/plain").body(Body::from("{}"))?;
/// let refusal = block_on(Json::<Args>::from_request(text, &())).unwrap_err();
/// assert_eq!(refusal.status(), 415);
/// assert_eq!(refusal.rejection().issues()[0].code().as_str(), "invalid_type");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Json<T>(pub T);

/// A query string read by the crate, in place of axum's `Query`.
///
/// The query string becomes an object of strings (`?ids=1,2,3&limit=10` is `{"ids": "1,2,3",
/// "limit": "10"}`, a repeated key an array; docs/contract.md, "HTTP") read by
/// [`from_value`](crate::from_value): adapters read the strings (`IntLike`, `BoolLike`),
/// plain `bool` or `u32` fields refuse them.
///
/// # Errors
///
/// A [`Refusal`] with status 400 and every issue found.
///
/// # Examples
///
/// ```
/// use axum::extract::FromRequestParts;
/// use axum::http::Request;
/// use mcp_coerce::axum::Query;
/// use mcp_coerce::{IntArrayLike, IntLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     let mut f = std::pin::pin!(f);
/// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
/// #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
/// # }
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
///     #[serde_as(as = "IntLike<1, 100>")]
///     #[serde(default)]
///     limit: Option<u32>,
/// }
///
/// let query = |uri: &str| {
///     let (mut parts, ()) = Request::get(uri).body(()).unwrap().into_parts();
///     block_on(Query::<Args>::from_request_parts(&mut parts, &()))
/// };
/// let Query(args) = query("/obs?ids=1,2,3&limit=10").unwrap();
/// assert_eq!((args.ids, args.limit), (vec![1, 2, 3], Some(10)));
/// let Query(args) = query("/obs?ids=4&ids=5").unwrap();
/// assert_eq!(args.ids, [4, 5]);
/// let refusal = query("/obs?ids=1,x&limit=500").unwrap_err();
/// let paths: Vec<String> = refusal.rejection().issues().iter().map(|i| i.path().to_string()).collect();
/// assert_eq!((refusal.status(), paths), (400, vec!["/ids/1".to_string(), "/limit".to_string()]));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Query<T>(pub T);

macro_rules! deref_to_inner {
    ($($extractor:ident),*) => {$(
        impl<T> Deref for $extractor<T> {
            type Target = T;
            fn deref(&self) -> &T {
                &self.0
            }
        }

        impl<T> DerefMut for $extractor<T> {
            fn deref_mut(&mut self) -> &mut T {
                &mut self.0
            }
        }
    )*};
}

deref_to_inner!(Json, Query);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Refusal;

    async fn from_request(req: Request, state: &S) -> Result<Self, Refusal> {
        if let Some(refusal) = content_type_refusal(req.headers()) {
            return Err(refusal);
        }
        let body = Bytes::from_request(req, state)
            .await
            .map_err(body_refusal)?;
        // JSON text is UTF-8 (RFC 8259, section 8.1); `from_slice` would skip bytes that
        // are not inside members it ignores, as `serde_json::from_slice` does.
        if let Err(e) = std::str::from_utf8(&body) {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                Issue::new(
                    Code::InvalidJson,
                    format!(
                        "the request body is not UTF-8 (at byte {})",
                        e.valid_up_to()
                    ),
                )
                .with_hint("send the body as JSON text in UTF-8"),
            ));
        }
        crate::from_slice(&body)
            .map(Json)
            .map_err(Refusal::bad_request)
    }
}

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Refusal> {
        let query = parts.uri.query().unwrap_or_default();
        crate::from_value(query_object(query))
            .map(Query)
            .map_err(Refusal::bad_request)
    }
}

/// The query string as an object of strings, a repeated key's values as an array.
fn query_object(query: &str) -> Value {
    let mut object = Map::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let value = Value::String(value.into_owned());
        match object.get_mut(key.as_ref()) {
            None => {
                object.insert(key.into_owned(), value);
            }
            Some(Value::Array(values)) => values.push(value),
            Some(first) => {
                let first = first.take();
                object.insert(key.into_owned(), Value::Array(vec![first, value]));
            }
        }
    }
    Value::Object(object)
}

/// The refusal of a request whose `Content-Type` is absent or not JSON.
fn content_type_refusal(headers: &HeaderMap) -> Option<Refusal> {
    let sent = headers.get(CONTENT_TYPE);
    let is_json = sent
        .and_then(|value| value.to_str().ok())
        .and_then(|text| text.parse::<mime::Mime>().ok())
        .is_some_and(|mime| {
            mime.type_() == "application"
                && (mime.subtype() == "json" || mime.suffix().is_some_and(|s| s == "json"))
        });
    if is_json {
        return None;
    }
    let issue = Issue::new(
        Code::InvalidType,
        match sent {
            None => "expected a JSON body with Content-Type: application/json, got no Content-Type",
            Some(_) => "expected a JSON body with Content-Type: application/json",
        },
    )
    .with_hint("send the body as JSON with the header Content-Type: application/json");
    let issue = match sent {
        Some(value) => issue.with_input(Input::from_text(&String::from_utf8_lossy(
            &value.as_bytes()[..value.len().min(256)],
        ))),
        None => issue,
    };
    Some(Refusal::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, issue))
}

/// The refusal of a body that could not be buffered: over the limit (413), or cut off.
fn body_refusal(rejection: BytesRejection) -> Refusal {
    match rejection {
        BytesRejection::FailedToBufferBody(FailedToBufferBody::LengthLimitError(_)) => {
            Refusal::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                Issue::new(
                    Code::TooLong,
                    "the request body is over the server's size limit",
                )
                .with_hint("send a smaller body, e.g. fewer items per call"),
            )
        }
        _ => Refusal::new(
            StatusCode::BAD_REQUEST,
            Issue::new(
                Code::InvalidJson,
                "the request body could not be read to its end",
            )
            .with_hint("send the whole body, as JSON"),
        ),
    }
}

/// A request the [`Json`] or [`Query`] extractor refused: an HTTP status (400, 413 or 415;
/// see the [module docs](self)) and the issues, answered as the HTTP body of
/// [`Rejection::to_http_body`] with that status.
///
/// # Examples
///
/// ```
/// use axum::body::Body;
/// use axum::extract::FromRequest;
/// use axum::http::Request;
/// use axum::response::IntoResponse;
/// use mcp_coerce::axum::Json;
/// use serde_json::{Value, json};
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     let mut f = std::pin::pin!(f);
/// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
/// #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
/// # }
///
/// let request = Request::post("/").header("content-type", "application/json").body(Body::from("{\"ids\": [1,"))?;
/// let refusal = block_on(Json::<Value>::from_request(request, &())).unwrap_err();
/// assert_eq!(refusal.to_write_outcome().is_stored(), false);
///
/// let response = refusal.into_response();
/// assert_eq!(response.status(), 400);
/// assert_eq!(response.headers()["content-type"], "application/json");
/// let body = block_on(axum::body::to_bytes(response.into_body(), 1 << 20))?;
/// let body: Value = serde_json::from_slice(&body)?;
/// assert_eq!(body["issues"][0]["code"], "invalid_json");
/// assert_eq!(body["issues"][0]["path"], "");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    status: StatusCode,
    rejection: Rejection,
}

impl Refusal {
    fn new(status: StatusCode, issue: Issue) -> Self {
        Refusal {
            status,
            rejection: Rejection::new([issue]),
        }
    }

    fn bad_request(rejection: Rejection) -> Self {
        Refusal {
            status: StatusCode::BAD_REQUEST,
            rejection,
        }
    }

    /// The HTTP status: 400, 413 or 415.
    pub fn status(&self) -> u16 {
        self.status.as_u16()
    }

    /// The issues.
    pub fn rejection(&self) -> &Rejection {
        &self.rejection
    }

    /// The issues, by value.
    pub fn into_rejection(self) -> Rejection {
        self.rejection
    }

    /// The HTTP body: `{"error": "ValidationError", "issues": [...], "truncated": N}`.
    pub fn to_http_body(&self) -> HttpBody {
        self.rejection.to_http_body()
    }

    /// The soft-failed write for this refusal (`{"stored": false, "reason": ...}`, 200);
    /// see [`WriteOutcome::refused`].
    pub fn to_write_outcome(&self) -> WriteOutcome {
        WriteOutcome::refused(&self.rejection)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HTTP {}: {}", self.status.as_u16(), self.rejection)
    }
}

impl std::error::Error for Refusal {}

fn json_response(status: StatusCode, json: String) -> Response {
    (
        status,
        [(CONTENT_TYPE, HeaderValue::from_static("application/json"))],
        json,
    )
        .into_response()
}

/// The refusal's status, with its HTTP body.
impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        json_response(self.status, self.to_http_body().to_json_string())
    }
}

/// 400, with the body as `application/json`.
impl IntoResponse for HttpBody {
    fn into_response(self) -> Response {
        json_response(StatusCode::BAD_REQUEST, self.to_json_string())
    }
}

/// The category's HTTP status ([`Category::http_status`](crate::Category::http_status)),
/// with the envelope as `application/json`.
///
/// # Examples
///
/// ```
/// use axum::response::IntoResponse;
/// use mcp_coerce::Upstream;
///
/// let response = Upstream::response(409, b"").to_envelope("update_card").into_response();
/// assert_eq!(response.status(), 409);
/// ```
impl IntoResponse for Envelope {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.category().http_status())
            .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        json_response(status, self.to_json_string())
    }
}

/// 200, with the write outcome as `application/json`.
impl IntoResponse for WriteOutcome {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.http_status()).unwrap_or(StatusCode::OK);
        // Serializing a boolean and a string cannot fail.
        let json = serde_json::to_string(&self).unwrap_or_else(|_| String::from("{}"));
        json_response(status, json)
    }
}

#[cfg(test)]
mod tests {
    use super::query_object;
    use serde_json::json;

    #[test]
    fn query_strings_as_objects() {
        let cases = [
            ("", json!({})),
            ("ids=1,2,3&limit=10", json!({"ids": "1,2,3", "limit": "10"})),
            ("ids=1&ids=2&ids=3", json!({"ids": ["1", "2", "3"]})),
            (
                "ids=1&limit=5&ids=2",
                json!({"ids": ["1", "2"], "limit": "5"}),
            ),
            ("q=a+b%2Cc&x=%E2%9C%93", json!({"q": "a b,c", "x": "✓"})),
            ("flag&empty=&=v", json!({"flag": "", "empty": "", "": "v"})),
            ("a=%ff", json!({"a": "\u{fffd}"})),
            ("ids%5B%5D=1&ids[]=2", json!({"ids[]": ["1", "2"]})),
            ("&&a=1&&", json!({"a": "1"})),
        ];
        for (query, want) in cases {
            assert_eq!(query_object(query), want, "{query:?}");
        }
    }
}
