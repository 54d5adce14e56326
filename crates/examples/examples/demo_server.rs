//! The demo tool set as a stdio MCP server, built on rmcp with the crate's extractor.
//!
//! `cargo run --example demo_server --features rmcp` answers `initialize`, `tools/list`
//! and `tools/call` on stdin/stdout. Each tool returns its arguments as the server read
//! them (canonical JSON, as `structuredContent` and as text); a refused call returns an
//! `isError: true` result carrying the crate's envelope; an unknown tool name gets the
//! `UNKNOWN_TOOL` envelope with the hint to call `tools/list`.

#[path = "common/demo_mcp.rs"]
mod demo_mcp;
// The demo tool set of the root package, shared with its `demo` example.
#[path = "../../../examples/common/demo_tools.rs"]
mod demo_tools;

use rmcp::ServiceExt;
use rmcp::transport::stdio;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let service = demo_mcp::DemoServer::new().serve(stdio()).await?;
    service.waiting().await?;
    Ok(())
}
