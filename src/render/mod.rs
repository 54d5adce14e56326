//! How a refusal goes back: the [`Envelope`] and its [`Category`], rendered as the MCP
//! result or JSON-RPC error (`mcp.rs`), the HTTP 400 body (`http.rs`), the soft-failed
//! write (`write.rs`), and a failed upstream answer's envelope (`upstream.rs`).

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
