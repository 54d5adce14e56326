//! The notes server over stdio, for any client that starts stdio servers:
//! `cargo run -p mcp-coerce-example-server`. Arguments sent as a JSON string holding the
//! object are read too (the `UnwrapArguments` layer).

use mcp_coerce::rmcp::UnwrapArguments;
use mcp_coerce_example_server::NotesServer;
use rmcp::ServiceExt;
use rmcp::transport::stdio;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let service = UnwrapArguments::new(NotesServer::new())
        .serve(stdio())
        .await?;
    service.waiting().await?;
    Ok(())
}
