//! A one-tool rmcp stdio server, for `size.sh`: built with rmcp's own extractor and router
//! (`--cfg floor`, no mcp-coerce) or with the crate's, under the features `size.sh` names.

#[cfg(not(floor))]
use mcp_coerce::rmcp::Parameters;
#[cfg(floor)]
use rmcp::handler::server::wrapper::Parameters;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_with::serde_as;

#[serde_as]
#[derive(Deserialize, schemars::JsonSchema)]
struct Args {
    #[cfg_attr(not(floor), serde_as(as = "mcp_coerce::IntArrayLike"))]
    ids: Vec<i64>,
    limit: u32,
}

#[derive(Clone)]
struct Server {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    #[tool(description = "How many ids.")]
    async fn count(&self, Parameters(args): Parameters<Args>) -> String {
        format!("{} ids, limit {}", args.ids.len(), args.limit)
    }
}

#[cfg(floor)]
#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {}

#[cfg(not(floor))]
#[tool_handler(router = mcp_coerce::rmcp::coerce(&self.tool_router))]
impl ServerHandler for Server {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = Server { tool_router: Server::tool_router() };
    server.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}
