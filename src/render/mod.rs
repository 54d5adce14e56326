//! How a refusal goes back to the caller: the [`Envelope`] and its [`Category`]
//! (`envelope.rs`), rendered as the MCP `isError` tool result or the JSON-RPC error
//! (`mcp.rs`); a [`Rejection`](crate::Rejection) as the HTTP 400 body (`http.rs`); and the
//! soft-failed write (`write.rs`).

mod envelope;
mod http;
mod mcp;
mod write;

pub use envelope::{Category, Envelope, INVALID_ARGUMENT_HINT};
pub use http::HttpBody;
pub use mcp::{JsonRpcError, ToolErrorResult};
pub use write::WriteOutcome;
