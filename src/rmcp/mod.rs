//! The crate inside an [rmcp](https://docs.rs/rmcp) server (feature `rmcp`).
//!
//! | item | what it is |
//! |---|---|
//! | [`Parameters`] | a tool's arguments read by the crate (every lax shape, every issue at once): use it in `#[tool]` functions in place of rmcp's `Parameters` |
//! | [`coerce`] / [`Router`] | the tool router for `#[tool_handler]`: refusals as `isError` results that fit the tool's `outputSchema`, results checked against it (`OUTPUT_INVALID`, feature `output-check`), the schema [`dialect`](Router::dialect) published and read, unknown tools as the specification answers them |
//! | [`Coercions`] | what was coerced in the call, and the notes for the model ([`Coercions::attach`]) |
//! | [`UnwrapArguments`], [`on_custom_request`] | a service layer, and the same inside a `ServerHandler`: `tools/call` requests whose `params.arguments` is a string holding the object |
//! | [`output_schema`] | a type's `outputSchema` as the router publishes output schemas |
//!
//! Two changes to a server written with rmcp's `#[tool]` macros: take the arguments with
//! [`Parameters`] (the macro finds an extractor by its name, and publishes its schema: the
//! crate's [`input_schema`](crate::schema::input_schema), inline, with optional fields that
//! do not admit `null`), and name [`coerce`] in the `#[tool_handler]` attribute:
//!
//! ```
//! use mcp_coerce::{IntArrayLike, Items};
//! use mcp_coerce::rmcp::Parameters;
//! use rmcp::handler::server::router::tool::ToolRouter;
//! use rmcp::handler::server::wrapper::Json;
//! use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
//! use serde::{Deserialize, Serialize};
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize, schemars::JsonSchema)]
//! struct GetObservations {
//!     #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
//!     ids: Vec<i64>,
//! }
//!
//! #[derive(Serialize, schemars::JsonSchema)]
//! struct Observations {
//!     count: usize,
//! }
//!
//! #[derive(Clone)]
//! struct Server {
//!     tool_router: ToolRouter<Self>,
//! }
//!
//! #[tool_router]
//! impl Server {
//!     #[tool(description = "Observations by id.")]
//!     async fn get_observations(
//!         &self,
//!         Parameters(args): Parameters<GetObservations>,
//!     ) -> Result<Json<Observations>, ErrorData> {
//!         Ok(Json(Observations { count: args.ids.len() }))
//!     }
//! }
//!
//! #[tool_handler(router = mcp_coerce::rmcp::coerce(&self.tool_router))]
//! impl ServerHandler for Server {}
//! ```
//!
//! rmcp's `#[tool_router(server_handler)]` shorthand writes that `impl ServerHandler` itself,
//! with rmcp's router and no place for another: drop `server_handler` and write the two
//! lines above instead (`coerce(Self::tool_router())` if the server keeps no router field).
//! Without [`coerce`], refusals still become `isError` results (docs/contract.md, "The rmcp
//! router"); [`Envelope`] converts into rmcp's `CallToolResult` and `ErrorData`.

#[cfg(feature = "output-check")]
mod check;
mod output;
mod parameters;
mod router;
mod unwrap;

use ::rmcp::ErrorData;
use ::rmcp::model::{CallToolResult, ErrorCode};

use crate::render::Envelope;

pub use output::output_schema;
pub use parameters::{Coercions, NOTES_META_KEY, Parameters};
pub use router::{Router, UNKNOWN_TOOL_HINT, coerce, refusal_result};
pub use unwrap::{UnwrapArguments, on_custom_request};

/// A tool's result checked against its `outputSchema` (declared; local `$ref`s inlined,
/// compiled once) as the router checks the results it routes (feature `output-check`), for
/// a proxy or gateway holding both: what passes and what becomes the
/// [`OUTPUT_INVALID`](crate::Envelope::output_invalid) result is in docs/contract.md, "The
/// rmcp router".
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use rmcp::model::CallToolResult;
/// use serde_json::json;
///
/// let schema = Arc::new(json!({"type": "object", "properties": {"n": {"type": "integer"}}})
///     .as_object().cloned().unwrap_or_default());
/// let good = CallToolResult::structured(json!({"n": 1}));
/// assert_eq!(mcp_coerce::rmcp::check_output("count", &schema, good.clone()), good);
/// let bad = mcp_coerce::rmcp::check_output("count", &schema, CallToolResult::structured(json!({"n": "x"})));
/// assert_eq!(bad.is_error, Some(true));
/// ```
#[cfg(feature = "output-check")]
pub fn check_output(
    tool: &str,
    output_schema: &std::sync::Arc<::rmcp::model::JsonObject>,
    result: CallToolResult,
) -> CallToolResult {
    check::checked(tool, output_schema, result)
}

/// The `isError: true` result carrying the envelope as JSON text and as
/// `structuredContent`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Envelope;
/// use rmcp::model::CallToolResult;
///
/// let result = CallToolResult::from(Envelope::unknown_tool("x", "Call tools/list."));
/// assert_eq!(result.is_error, Some(true));
/// assert_eq!(result.structured_content.unwrap()["error"], "UNKNOWN_TOOL");
/// ```
impl From<Envelope> for CallToolResult {
    fn from(envelope: Envelope) -> Self {
        router::envelope_result(&envelope, false)
    }
}

/// The JSON-RPC error: the category's code (`-32602` for refused arguments), the
/// envelope's message, and the envelope as `data`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Envelope;
/// use rmcp::ErrorData;
///
/// let error = ErrorData::from(Envelope::unknown_tool("x", "Call tools/list."));
/// assert_eq!(error.code.0, -32602);
/// assert_eq!(error.data.unwrap()["tool"], "x");
/// ```
impl From<Envelope> for ErrorData {
    fn from(envelope: Envelope) -> Self {
        ErrorData::new(
            ErrorCode(envelope.category().jsonrpc_code()),
            envelope.message().to_owned(),
            serde_json::to_value(&envelope).ok(),
        )
    }
}
