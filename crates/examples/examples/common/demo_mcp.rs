//! The demo tool set as an rmcp server: the seven tools of `demo_tools`, taking their
//! arguments with the crate's extractor, declaring their output types, and routed through
//! `mcp_coerce::rmcp::coerce` (a call to an unknown tool answered with an `isError` result
//! and a "did you mean" hint, the router's opt-in; the schema dialect chosen at start).
//! Shared by the `demo_server` example and the MCP conformance tests.

use mcp_coerce::dialect::Dialect;
use mcp_coerce::rmcp::{Coercions, Parameters, UnwrapArguments};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::CallToolResult;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::Serialize;

use crate::demo_tools::{
    self, BatchUpdate, GetCard, GetObservations, GetSdkSessions, ScheduleEvent, SearchSkills,
    SegmentImage,
};

/// The demo server: seven tools whose arguments are defined with the crate's adapters, each
/// declaring its result type (the arguments as read) as its `outputSchema`.
#[derive(Clone)]
pub struct DemoServer {
    tool_router: ToolRouter<Self>,
    dialect: Dialect,
}

/// The tool's result: its arguments as the server read them. Each tool attaches the notes
/// for the model (a clamped `limit`, a folded enum value, a default filled in) as a second
/// text content item and under `_meta["mcp-coerce/notes"]`.
fn echo(args: &impl Serialize) -> Result<CallToolResult, ErrorData> {
    serde_json::to_value(args)
        .map(CallToolResult::structured)
        .map_err(|e| {
            ErrorData::internal_error(format!("could not serialize the result: {e}"), None)
        })
}

#[tool_router]
impl DemoServer {
    /// The server publishing its input schemas in `dialect` (and reading arguments the
    /// way that dialect's clients send them).
    pub fn with_dialect(dialect: Dialect) -> Self {
        DemoServer {
            tool_router: Self::tool_router(),
            dialect,
        }
    }

    /// The server as the `demo_server` example serves it: wrapped in the layer that reads
    /// `tools/call` arguments sent as a JSON string.
    pub fn service(dialect: Dialect) -> UnwrapArguments<Self> {
        UnwrapArguments::new(DemoServer::with_dialect(dialect))
    }

    #[tool(
        description = "Fetch observations by their numeric ids. Call it when you hold \
        observation ids (from a search result or an earlier answer) and need the \
        observations themselves. `ids` is a JSON array of up to 1000 integers. Returns the \
        arguments as the server read them: `ids` as integers, and `order_by`, `limit` and \
        `project` when given. Next: read the observations, or narrow with `project`.",
        output_schema = mcp_coerce::rmcp::output_schema::<GetObservations>()
    )]
    async fn demo_get_observations(
        &self,
        Parameters(args): Parameters<GetObservations>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        echo(&args).map(|result| coercions.attach(result))
    }

    #[tool(
        description = "Fetch SDK sessions by memory session id. Call it when you hold \
        memory session ids and need the sessions they belong to. `memory_session_ids` is a \
        JSON array of strings. Returns the ids as the server read them. Next: fetch the \
        observations of a session with demo_get_observations.",
        output_schema = mcp_coerce::rmcp::output_schema::<GetSdkSessions>()
    )]
    async fn demo_get_sdk_sessions(
        &self,
        Parameters(args): Parameters<GetSdkSessions>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        echo(&args).map(|result| coercions.attach(result))
    }

    #[tool(
        description = "Search the skill catalogue by free text. Call it first when you \
        need a skill and do not know its card id. Optional filters: `category` (one of the \
        listed values), `max_price` (0 to 1000), `free_only`; `limit` (1 to 50, default \
        10). Returns the search as the server read it. Next: open a skill with \
        demo_get_card.",
        output_schema = mcp_coerce::rmcp::output_schema::<SearchSkills>()
    )]
    async fn demo_search_skills(
        &self,
        Parameters(args): Parameters<SearchSkills>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        echo(&args).map(|result| coercions.attach(result))
    }

    #[tool(
        description = "Fetch one skill card by its id, such as ATC-2026-7777670. Call \
        it with an id taken from demo_search_skills; do not guess ids or pass file paths. \
        Returns the card id as the server read it. Next: segment an image of the card with \
        demo_segment_image, if it has one.",
        output_schema = mcp_coerce::rmcp::output_schema::<GetCard>()
    )]
    async fn demo_get_card(
        &self,
        Parameters(args): Parameters<GetCard>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        echo(&args).map(|result| coercions.attach(result))
    }

    #[tool(
        description = "Segment an image hosted on the CDN. Call it with an https URL \
        on a subdomain of cdn.example.com and a mask `threshold` from 0 to 1; `options` is \
        an optional JSON object passed to the segmenter as it is. Returns the request as \
        the server read it (the URL normalized). Next: show the mask, or retry with \
        another threshold.",
        output_schema = mcp_coerce::rmcp::output_schema::<SegmentImage>()
    )]
    async fn demo_segment_image(
        &self,
        Parameters(args): Parameters<SegmentImage>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        echo(&args).map(|result| coercions.attach(result))
    }

    #[tool(
        description = "Update the status of several items at once. Call it when you hold \
        item ids (from demo_get_observations) and know their new status. `updates` is a \
        JSON array of 1 to 50 objects, each with an integer `id`, a `status` (open, \
        in_progress or closed) and an optional `note` of at most 200 chars; `dry_run` \
        checks the updates without applying them. Returns the updates as the server read \
        them. Next: fetch the items again with demo_get_observations to see them changed.",
        output_schema = mcp_coerce::rmcp::output_schema::<BatchUpdate>()
    )]
    async fn demo_batch_update(
        &self,
        Parameters(args): Parameters<BatchUpdate>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        echo(&args).map(|result| coercions.attach(result))
    }

    #[tool(
        description = "Schedule an event. Call it when you know when the event starts and \
        who organizes it. `start` is an RFC 3339 date-time with its UTC offset (e.g. \
        2026-01-15T10:00:00Z; a time without an offset is refused, never guessed); `day` an \
        optional date as YYYY-MM-DD; `event_id` an optional UUID; `organizer` an email \
        address; `allowed_ip` an optional IPv4 or IPv6 address. Returns each value as \
        canonical text. Next: share the event_id with the attendees.",
        output_schema = mcp_coerce::rmcp::output_schema::<ScheduleEvent>()
    )]
    async fn demo_schedule_event(
        &self,
        Parameters(args): Parameters<ScheduleEvent>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        echo(&args).map(|result| coercions.attach(result))
    }
}

#[tool_handler(
    router = mcp_coerce::rmcp::coerce(&self.tool_router)
        .dialect(self.dialect)
        .unknown_tool_as_result()
        .unknown_tool_hint(demo_tools::UNKNOWN_TOOL_HINT),
    name = "mcp-coerce-demo",
    instructions = "Demo tools for mcp-coerce: each returns its arguments as the server \
        read them. Call tools/list for the tools and their input schemas."
)]
impl ServerHandler for DemoServer {}
