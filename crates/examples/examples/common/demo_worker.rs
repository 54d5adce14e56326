//! The demo HTTP worker: the HTTP hop behind an MCP tool (tool handler →
//! `POST /api/observations/batch` → body validation → handler), on axum with the crate's
//! extractors. Shared by the `worker_server` example and the worker's loopback tests.
//!
//! | endpoint | reads | answers |
//! |---|---|---|
//! | `POST /api/observations/batch` | the `demo_get_observations` arguments, as a JSON body | 200 and the arguments as coerced (canonical JSON, as the demo's `value`), or the crate's HTTP body: 400 refused, 413 over 2 MiB, 415 not JSON |
//! | `POST /api/sdk-sessions/batch` | the `demo_get_sdk_sessions` arguments | the same |
//! | `GET /api/observations/batch?ids=1,2,3&limit=10` | the same arguments, as a query string (a repeated key is an array) | 200, or 400 |
//! | `GET /api/sdk-sessions/batch?memory_session_ids=a,b` | the same | 200, or 400 |
//! | `POST /api/observations` | `{"memory_session_id", "text", "project"}` ([`NewObservation`]) | 200 and `{"stored": true}`; any refused body, `{"stored": false, "reason": ...}`, also 200 |
//!
//! The worker stores nothing: a write it accepts is answered `{"stored": true}` and
//! dropped.

use std::net::SocketAddr;

use axum::Router;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use mcp_coerce::axum::{Json, Query, Refusal};
use mcp_coerce::{Category, Envelope, TextLike, Trim, WriteOutcome};
use serde::{Deserialize, Serialize};
use serde_with::serde_as;

use crate::demo_tools::{GetObservations, GetSdkSessions};

/// The body of `POST /api/observations`: an observation a hook records.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
pub struct NewObservation {
    /// The memory session it belongs to: required, trimmed, 1 to 100 chars.
    #[serde_as(as = "TextLike<1, 100, Trim>")]
    pub memory_session_id: String,
    /// What was observed: required, 1 to 10,000 chars.
    #[serde_as(as = "TextLike<1, 10000>")]
    pub text: String,
    /// The project, if any.
    #[serde(default)]
    pub project: Option<String>,
}

/// The worker's routes.
pub fn router() -> Router {
    Router::new()
        .route(
            "/api/observations/batch",
            post(|Json(args): Json<GetObservations>| async move {
                answer("demo_get_observations", &args)
            })
            .get(|Query(args): Query<GetObservations>| async move {
                answer("demo_get_observations", &args)
            }),
        )
        .route(
            "/api/sdk-sessions/batch",
            post(|Json(args): Json<GetSdkSessions>| async move {
                answer("demo_get_sdk_sessions", &args)
            })
            .get(|Query(args): Query<GetSdkSessions>| async move {
                answer("demo_get_sdk_sessions", &args)
            }),
        )
        .route("/api/observations", post(store))
}

/// 200 with the arguments as the worker read them, serialized canonically.
fn answer(tool: &str, args: &impl Serialize) -> Response {
    match serde_json::to_string(args) {
        Ok(json) => (StatusCode::OK, [(CONTENT_TYPE, "application/json")], json).into_response(),
        Err(e) => Envelope::new(
            Category::InternalError,
            tool,
            format!("could not serialize the result: {e}"),
            "Report this to the server's maintainers.",
        )
        .into_response(),
    }
}

/// `POST /api/observations`: called by hooks, so a refused body is a soft failure (200).
async fn store(body: Result<Json<NewObservation>, Refusal>) -> WriteOutcome {
    match body {
        Ok(Json(_observation)) => WriteOutcome::stored(),
        Err(refusal) => refusal.to_write_outcome(),
    }
}

/// The line the worker prints once it accepts connections.
pub fn listening_line(address: SocketAddr) -> String {
    format!("listening on http://{address}")
}

/// Serve the worker on `listen` (`127.0.0.1:0` picks a free port), calling `ready` with
/// [`listening_line`] once it accepts connections; runs until the process ends.
///
/// # Errors
///
/// When `listen` cannot be bound, or the server fails.
pub async fn serve(listen: &str, ready: impl FnOnce(String)) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    ready(listening_line(listener.local_addr()?));
    axum::serve(listener, router()).await
}
