//! The crate inside an [rmcp](https://docs.rs/rmcp) server (feature `rmcp`).
//!
//! Two changes to a server written with rmcp's `#[tool]` macros:
//!
//! 1. take the tool's arguments with this module's [`Parameters`] instead of rmcp's (the
//!    macro finds an extractor by its name, `Parameters`, and publishes its schema: the
//!    crate's [`input_schema`](crate::schema::input_schema), inline, with optional fields
//!    that do not admit `null`);
//! 2. route calls through [`coerce`], in the `#[tool_handler]` attribute, so that a
//!    refusal reaches the model as an `isError: true` result carrying the crate's envelope
//!    (as JSON text in `content[0]` and as `structuredContent`), and a call to an unknown
//!    tool gets the `UNKNOWN_TOOL` envelope with a hint to call `tools/list`, led by a
//!    "did you mean" when one tool's name is close.
//!
//! ```
//! use mcp_coerce::IntArrayLike;
//! use mcp_coerce::rmcp::Parameters;
//! use rmcp::handler::server::router::tool::ToolRouter;
//! use rmcp::model::CallToolResult;
//! use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
//! use serde::{Deserialize, Serialize};
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize, Serialize, schemars::JsonSchema)]
//! struct GetObservations {
//!     #[serde_as(as = "IntArrayLike<0, 1000>")]
//!     ids: Vec<i64>,
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
//!     ) -> Result<CallToolResult, ErrorData> {
//!         Ok(CallToolResult::structured(serde_json::json!({"ids": args.ids})))
//!     }
//! }
//!
//! #[tool_handler(router = mcp_coerce::rmcp::coerce(&self.tool_router))]
//! impl ServerHandler for Server {}
//! ```
//!
//! Without step 2, a refusal still carries the envelope, but as a JSON-RPC `-32602` error
//! with the envelope as `data` (rmcp passes extractor errors through as protocol errors,
//! and turns into `isError` results only those it wrote itself, keeping their text alone).
//! For calls routed by hand, [`Envelope`] converts into rmcp's `CallToolResult` and
//! `ErrorData`.

use std::borrow::{Borrow, Cow};
use std::marker::PhantomData;

use ::rmcp::ErrorData;
use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::router::tool::ToolRouter;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::model::{CallToolResponse, CallToolResult, ErrorCode, Tool};
use ::rmcp::service::MaybeSend;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::render::{Category, Envelope};

/// The hint of the `UNKNOWN_TOOL` envelope unless [`Router::unknown_tool_hint`] says
/// otherwise.
pub const UNKNOWN_TOOL_HINT: &str = "Call tools/list to enumerate the valid tool names.";

/// Tool arguments read by the crate: every lax shape its adapters accept, every issue
/// reported at once. Use it in `#[tool]` functions in place of rmcp's `Parameters`.
///
/// Its JSON Schema (what rmcp's `#[tool]` macro publishes as the tool's `inputSchema`) is
/// [`input_schema::<T>()`](crate::schema::input_schema): inline, and without `null` on
/// optional fields. Arguments that are absent count as `{}`.
///
/// # Errors
///
/// When the arguments are refused, the extractor fails with the JSON-RPC `-32602`
/// [`ErrorData`] whose `data` is the envelope; route calls through [`coerce`] to turn it
/// into an `isError` tool result, as the MCP specification asks.
///
/// # Examples
///
/// See the [module docs](self).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parameters<T>(pub T);

impl<S, T: DeserializeOwned + schemars::JsonSchema> FromContextPart<ToolCallContext<'_, S>>
    for Parameters<T>
{
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        let arguments = context.arguments.take().map_or(Value::Null, Value::Object);
        match crate::entry::value_with_report::<T>(arguments, crate::engine::PlanSource::Reported) {
            Ok(call) => {
                let (value, report) = call.into_parts();
                #[cfg(feature = "tracing")]
                report.trace(context.name());
                if !report.is_empty() {
                    context
                        .request_context
                        .extensions
                        .insert(Coercions(std::sync::Arc::new(report)));
                }
                Ok(Parameters(value))
            }
            Err(rejection) => {
                #[cfg(feature = "tracing")]
                rejection.trace(context.name());
                Err(rejection.to_envelope(context.name()).into())
            }
        }
    }
}

/// The `_meta` key under which [`Coercions::attach`] puts the notes for the model: an
/// array of strings.
pub const NOTES_META_KEY: &str = "mcp-coerce/notes";

/// The coercions the crate applied to the arguments of the tool call being handled (the
/// [coercion report](crate::report)), as an extractor: put it after [`Parameters`] in a
/// `#[tool]` function (rmcp runs extractors in order, and `Parameters` records the report).
/// Empty when the call arrived in its canonical shape.
///
/// [`attach`](Coercions::attach) adds the notes for the model (a clamped `limit`, a folded
/// enum value, a default filled in) to the tool's result: one more text content item, and
/// the same notes under [`NOTES_META_KEY`] in the result's `_meta`; `structuredContent`
/// stays the tool's declared output.
///
/// # Examples
///
/// ```
/// use mcp_coerce::rmcp::{Coercions, Parameters};
/// use mcp_coerce::{Clamp, IntLike};
/// use rmcp::handler::server::router::tool::ToolRouter;
/// use rmcp::model::CallToolResult;
/// use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, schemars::JsonSchema)]
/// struct Search {
///     #[serde_as(as = "IntLike<1, 50, Clamp>")]
///     limit: u32,
/// }
///
/// #[derive(Clone)]
/// struct Server {
///     tool_router: ToolRouter<Self>,
/// }
///
/// #[tool_router]
/// impl Server {
///     #[tool(description = "Search.")]
///     async fn search(
///         &self,
///         Parameters(args): Parameters<Search>,
///         coercions: Coercions,
///     ) -> Result<CallToolResult, ErrorData> {
///         let result = CallToolResult::structured(serde_json::json!({"limit": args.limit}));
///         Ok(coercions.attach(result)) // "limit 500 was clamped to 50 (maximum)"
///     }
/// }
///
/// #[tool_handler(router = mcp_coerce::rmcp::coerce(&self.tool_router))]
/// impl ServerHandler for Server {}
/// ```
#[derive(Clone, Debug, Default)]
pub struct Coercions(std::sync::Arc<crate::Report>);

impl Coercions {
    /// The report.
    pub fn report(&self) -> &crate::Report {
        &self.0
    }

    /// The notes for the model ([`Report::notes`](crate::Report::notes)).
    pub fn notes(&self) -> Vec<String> {
        self.0.notes()
    }

    /// `result` with the notes for the model attached: one text content item holding them
    /// (one per line) after the tool's own content, and the array of notes under
    /// [`NOTES_META_KEY`] in `_meta`. Without notes, `result` as it is.
    ///
    /// ```
    /// use mcp_coerce::rmcp::Coercions;
    /// use rmcp::model::CallToolResult;
    ///
    /// let result = Coercions::default().attach(CallToolResult::structured(serde_json::json!({})));
    /// assert_eq!(result.content.len(), 1);
    /// assert!(result.meta.is_none());
    /// ```
    pub fn attach(&self, mut result: CallToolResult) -> CallToolResult {
        let notes = self.notes();
        if notes.is_empty() {
            return result;
        }
        result
            .content
            .push(::rmcp::model::ContentBlock::text(notes.join("\n")));
        let meta = result
            .meta
            .get_or_insert_with(|| ::rmcp::model::MetaObject(Default::default()));
        meta.0.insert(
            NOTES_META_KEY.to_owned(),
            Value::Array(notes.into_iter().map(Value::String).collect()),
        );
        result
    }
}

impl<S> FromContextPart<ToolCallContext<'_, S>> for Coercions {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        Ok(context
            .request_context
            .extensions
            .get::<Coercions>()
            .cloned()
            .unwrap_or_default())
    }
}

impl<T: schemars::JsonSchema> schemars::JsonSchema for Parameters<T> {
    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        crate::schema::schema(crate::schema::input_schema::<T>())
    }
}

/// A tool router whose refusals go out as `isError` results; see [`coerce`].
#[derive(Debug)]
pub struct Router<R, S> {
    router: R,
    unknown_tool_hint: Cow<'static, str>,
    _server: PhantomData<fn() -> S>,
}

/// Route tool calls through `router` so that the crate's refusals (and calls to unknown
/// tools) come back as `isError: true` results carrying the envelope. Put it in rmcp's
/// `#[tool_handler]` attribute: `#[tool_handler(router =
/// mcp_coerce::rmcp::coerce(&self.tool_router))]` (or `coerce(Self::tool_router())`).
///
/// # Examples
///
/// See the [module docs](self).
pub fn coerce<R: Borrow<ToolRouter<S>>, S>(router: R) -> Router<R, S> {
    Router {
        router,
        unknown_tool_hint: Cow::Borrowed(UNKNOWN_TOOL_HINT),
        _server: PhantomData,
    }
}

impl<R: Borrow<ToolRouter<S>>, S: MaybeSend + 'static> Router<R, S> {
    /// The same router with another hint for calls to unknown tools.
    #[must_use]
    pub fn unknown_tool_hint(mut self, hint: impl Into<Cow<'static, str>>) -> Self {
        self.unknown_tool_hint = hint.into();
        self
    }

    /// Call the tool. A refusal by [`Parameters`] becomes an `isError` result with the
    /// envelope; an unknown tool name the `UNKNOWN_TOOL` envelope (its hint led by
    /// `did you mean "NAME"?` when one tool's name is the same ignoring case and
    /// separators, ends or starts with the name sent, or is within two edits); other
    /// errors pass through as they are.
    ///
    /// # Errors
    ///
    /// The router's own errors other than the crate's refusals.
    pub async fn call(
        &self,
        context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let router = self.router.borrow();
        if !router.has_route(context.name()) {
            let tools = router.list_all();
            let envelope = Envelope::unknown_tool_among(
                context.name(),
                tools.iter().map(|t| &*t.name),
                self.unknown_tool_hint.clone(),
            );
            return Ok(CallToolResult::from(envelope).into());
        }
        match router.call(context).await {
            Err(error) if carries_envelope(&error) => {
                let envelope = error.data.unwrap_or(Value::Null);
                Ok(CallToolResult::structured_error(envelope).into())
            }
            outcome => outcome,
        }
    }

    /// Every tool, for `tools/list`, each `inputSchema` without the `$schema` keyword that
    /// rmcp's generator adds (the crate's [`input_schema`](crate::schema::input_schema)
    /// leaves it out too: some front ends refuse it, e.g. Gemini's
    /// `Unknown name "$schema"`, see [`dialect`](crate::dialect)).
    pub fn list_all(&self) -> Vec<Tool> {
        let mut tools = self.router.borrow().list_all();
        for tool in &mut tools {
            if tool.input_schema.contains_key("$schema") {
                let mut schema = (*tool.input_schema).clone();
                schema.remove("$schema");
                tool.input_schema = std::sync::Arc::new(schema);
            }
        }
        tools
    }

    /// One tool by name.
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.router.borrow().get(name)
    }
}

/// Whether an error is one of the crate's refusals: `-32602` with an envelope as `data`.
fn carries_envelope(error: &ErrorData) -> bool {
    error.code == ErrorCode::INVALID_PARAMS
        && error.data.as_ref().is_some_and(|data| {
            data.get("error").and_then(Value::as_str).is_some()
                && data.get("issues").is_some_and(Value::is_array)
                && data.get("tool").is_some()
        })
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
        CallToolResult::structured_error(serde_json::to_value(&envelope).unwrap_or(Value::Null))
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
        let code = match envelope.category() {
            Category::InvalidArgument | Category::UnknownTool | Category::NotFound => {
                ErrorCode::INVALID_PARAMS
            }
            _ => ErrorCode::INTERNAL_ERROR,
        };
        ErrorData::new(
            code,
            envelope.message().to_owned(),
            serde_json::to_value(&envelope).ok(),
        )
    }
}
