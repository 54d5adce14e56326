// How a refusal goes back to the caller: the [`Envelope`] and its [`Category`]
// (`envelope.rs`), rendered as the MCP `isError` tool result or the JSON-RPC error
// (`mcp.rs`); a [`Rejection`](crate::Rejection) as the HTTP 400 body (`http.rs`); and the
// soft-failed write (`write.rs`); the envelope of a failed upstream HTTP answer
// (`upstream.rs`).

mod envelope;
mod http;
mod mcp;
mod upstream;
mod write;

pub use envelope::{Category, Envelope, INVALID_ARGUMENT_HINT, OUTPUT_INVALID_HINT};
pub use http::HttpBody;
pub use mcp::{JsonRpcError, ToolErrorResult};
pub use upstream::Upstream;
pub use write::WriteOutcome;
