//! The demo tool set as a stdio MCP server, built on rmcp with the crate's extractor.
//!
//! `cargo run --example demo_server --features rmcp [-- --dialect NAME]` answers
//! `initialize`, `tools/list` and `tools/call` on stdin/stdout. Each tool returns its
//! arguments as the server read them (canonical JSON, as `structuredContent` and as text,
//! matching the tool's `outputSchema`); a refused call returns an `isError: true` result
//! carrying the crate's envelope as JSON text; an unknown tool name gets the `UNKNOWN_TOOL`
//! envelope with the hint to call `tools/list`. Arguments sent as a JSON string are read
//! (the crate's `UnwrapArguments` layer). `--dialect` (`canonical`, the default, `gemini`,
//! `openai-strict`, `conservative`) publishes the input schemas in that dialect.

#[path = "common/demo_mcp.rs"]
mod demo_mcp;
// The demo tool set of the root package, shared with its `demo` example.
#[path = "../../../examples/common/demo_tools.rs"]
mod demo_tools;

use mcp_coerce::dialect::Dialect;
use rmcp::ServiceExt;
use rmcp::transport::stdio;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dialect = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [] => Dialect::Canonical,
        [flag, name] if flag == "--dialect" => name.parse()?,
        _ => return Err("usage: demo_server [--dialect NAME]".into()),
    };
    let service = demo_mcp::DemoServer::service(dialect)
        .serve(stdio())
        .await?;
    service.waiting().await?;
    Ok(())
}
