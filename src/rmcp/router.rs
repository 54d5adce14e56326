//! The tool router: refusals that fit every tool, output checked, a schema dialect
//! published and read, unknown tools answered.

use std::borrow::{Borrow, Cow};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, PoisonError};

use ::rmcp::ErrorData;
use ::rmcp::handler::server::router::tool::ToolRouter;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode, JsonObject, Tool};
use ::rmcp::service::MaybeSend;
use serde_json::Value;

use super::output;
use super::parameters::RMCP_ARGUMENT_ERROR_PREFIX;
use crate::dialect::Dialect;
use crate::render::Envelope;

/// The hint of the `UNKNOWN_TOOL` envelope unless [`Router::unknown_tool_hint`] says
/// otherwise.
pub const UNKNOWN_TOOL_HINT: &str = "Call tools/list to enumerate the valid tool names.";

/// What the router tells [`Parameters`](super::Parameters), and the refusal slot.
#[derive(Clone, Debug)]
pub(super) struct CallSettings {
    pub(super) dialect: Dialect,
    pub(super) refused: RefusalSlot,
}

/// A refusal's envelope handed to the router, to be rendered once.
#[derive(Clone, Debug, Default)]
pub(super) struct RefusalSlot(Arc<Mutex<Option<Envelope>>>);

impl RefusalSlot {
    pub(super) fn put(&self, envelope: Envelope) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(envelope);
    }

    fn take(&self) -> Option<Envelope> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

/// A tool router with the crate's services; see [`coerce`].
#[derive(Debug)]
pub struct Router<R, S> {
    router: R,
    unknown_tool_hint: Cow<'static, str>,
    unknown_tool_as_result: bool,
    dialect: Dialect,
    check_output: bool,
    _server: PhantomData<fn() -> S>,
}

/// Route tool calls through `router` with the crate's services. Put it in rmcp's
/// `#[tool_handler]` attribute: `#[tool_handler(router =
/// mcp_coerce::rmcp::coerce(&self.tool_router))]` (or `coerce(Self::tool_router())`, which
/// builds the tool router at every request).
///
/// What it answers to each kind of call (refusals, output checks, unknown tools), and how
/// `tools/list` publishes schemas: docs/contract.md, "The rmcp router".
///
/// # Examples
///
/// See the [module docs](super).
pub fn coerce<R: Borrow<ToolRouter<S>>, S>(router: R) -> Router<R, S> {
    Router {
        router,
        unknown_tool_hint: Cow::Borrowed(UNKNOWN_TOOL_HINT),
        unknown_tool_as_result: false,
        dialect: Dialect::Canonical,
        check_output: true,
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

    /// The same router answering a call to an unknown tool with an `isError: true` result
    /// carrying the `UNKNOWN_TOOL` envelope instead of the JSON-RPC `-32602` error, for hosts
    /// that do not show a protocol error's `data` to the model.
    ///
    /// # Examples
    ///
    /// ```
    /// # use rmcp::handler::server::router::tool::ToolRouter;
    /// # #[derive(Clone)] struct Server;
    /// let tools: ToolRouter<Server> = ToolRouter::new();
    /// let router = mcp_coerce::rmcp::coerce(&tools).unknown_tool_as_result();
    /// # let _ = router;
    /// ```
    #[must_use]
    pub fn unknown_tool_as_result(mut self) -> Self {
        self.unknown_tool_as_result = true;
        self
    }

    /// The same router for clients behind a front end of this [`Dialect`]: `tools/list`
    /// publishes every `inputSchema` rewritten into it ([`Dialect::rewrite`]), and
    /// [`Parameters`](super::Parameters) first undoes what that schema makes clients send
    /// ([`Dialect::normalize_arguments`]), so schema and check agree. The default is
    /// [`Dialect::Canonical`]; `outputSchema`s are not rewritten.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::dialect::Dialect;
    /// # use rmcp::handler::server::router::tool::ToolRouter;
    /// # #[derive(Clone)] struct Server;
    /// let tools: ToolRouter<Server> = ToolRouter::new();
    /// let router = mcp_coerce::rmcp::coerce(&tools).dialect(Dialect::OpenAiStrict);
    /// assert_eq!(router.list_all().len(), 0);
    /// ```
    #[must_use]
    pub fn dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self
    }

    /// The same router without the output check (feature `output-check`): results go out
    /// as the tools return them. Without the feature there is no check to turn off.
    #[must_use]
    pub fn without_output_check(mut self) -> Self {
        self.check_output = false;
        self
    }

    /// Call the tool (see [`coerce`] for the answers).
    ///
    /// # Errors
    ///
    /// The JSON-RPC `-32602` error for an unknown tool (unless
    /// [`unknown_tool_as_result`](Router::unknown_tool_as_result)); a tool's own protocol
    /// errors, as they are.
    pub async fn call(
        &self,
        mut context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let router = self.router.borrow();
        let route = router
            .has_route(context.name())
            .then(|| router.map.get(context.name()))
            .flatten();
        let Some(route) = route else {
            return self.unknown_tool(router, context.name());
        };
        #[cfg(feature = "output-check")]
        let tool = route.attr.name.clone();
        let output_schema = route.attr.output_schema.clone();
        let refused = RefusalSlot::default();
        context.request_context.extensions.insert(CallSettings {
            dialect: self.dialect,
            refused: refused.clone(),
        });
        let outcome = (route.call)(context).await;
        if outcome.is_err()
            && let Some(envelope) = refused.take()
        {
            return Ok(envelope_result(&envelope, output_schema.is_some()).into());
        }
        match outcome {
            // A tool's own `ErrorData` from an `Envelope`, or a refusal of `Parameters`
            // read outside this router.
            Err(error) if carries_envelope(&error) => {
                // The message of `Parameters`' refusal holds the envelope's JSON in its
                // documented key order; `data` is a `Value`, whose keys are sorted.
                let envelope = error.data.unwrap_or(Value::Null);
                let text = match error.message.strip_prefix(RMCP_ARGUMENT_ERROR_PREFIX) {
                    Some(json) => json.trim_start().to_owned(),
                    None => envelope.to_string(),
                };
                Ok(refusal(text, envelope, output_schema.is_some()).into())
            }
            // rmcp's own `Parameters`, answered as rmcp's router answers it.
            Err(error)
                if error.code == ErrorCode::INVALID_PARAMS
                    && error.message.starts_with(RMCP_ARGUMENT_ERROR_PREFIX) =>
            {
                let text = crate::words::truncate_to(&error.message, MAX_FORWARDED_CHARS);
                Ok(CallToolResult::error(vec![ContentBlock::text(text)]).into())
            }
            #[cfg(feature = "output-check")]
            Ok(CallToolResponse::Complete(result)) if self.check_output => {
                Ok(match output_schema {
                    Some(schema) => super::check::checked(&tool, &schema, result),
                    None => result,
                }
                .into())
            }
            outcome => outcome,
        }
    }

    fn unknown_tool(
        &self,
        router: &ToolRouter<S>,
        name: &str,
    ) -> Result<CallToolResponse, ErrorData> {
        let tools = router.list_all();
        let envelope = Envelope::unknown_tool_among(
            name,
            tools.iter().map(|t| &*t.name),
            self.unknown_tool_hint.clone(),
        );
        if self.unknown_tool_as_result {
            Ok(CallToolResult::from(envelope).into())
        } else {
            Err(ErrorData::from(envelope))
        }
    }

    /// Every tool, for `tools/list`: each `inputSchema` without the `$schema` keyword that
    /// rmcp's generator adds (some front ends refuse it, e.g. Gemini's `Unknown name
    /// "$schema"`, see [`dialect`](crate::dialect)), with the standard `format` values
    /// only, and rewritten into the router's [`dialect`](Router::dialect); each
    /// `outputSchema` cleaned as [`output_schema`](super::output_schema) describes.
    pub fn list_all(&self) -> Vec<Tool> {
        let mut tools = self.router.borrow().list_all();
        for tool in &mut tools {
            tool.input_schema = self.published_input(&tool.input_schema);
            if let Some(schema) = &tool.output_schema {
                tool.output_schema = Some(output::published(schema));
            }
        }
        tools
    }

    fn published_input(&self, schema: &Arc<JsonObject>) -> Arc<JsonObject> {
        if self.dialect == Dialect::Canonical {
            return output::published_input(schema);
        }
        let mut canonical = (**schema).clone();
        canonical.remove("$schema");
        match self.dialect.rewrite(&Value::Object(canonical)).schema {
            Value::Object(rewritten) => Arc::new(rewritten),
            _ => schema.clone(),
        }
    }

    /// One tool by name, as the tool router holds it (rmcp reads its `inputSchema` to
    /// check the standard HTTP headers of a call).
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.router.borrow().get(name)
    }
}

/// The most chars of rmcp's own argument error forwarded (it quotes the input).
const MAX_FORWARDED_CHARS: usize = 300;

/// Whether an error is one of the crate's refusals: `-32602` with an envelope as `data`.
fn carries_envelope(error: &ErrorData) -> bool {
    error.code == ErrorCode::INVALID_PARAMS
        && error.data.as_ref().is_some_and(|data| {
            data.get("error").and_then(Value::as_str).is_some()
                && data.get("issues").is_some_and(Value::is_array)
                && data.get("tool").is_some()
        })
}

/// The `isError` result of a refusal: JSON text, and `structuredContent` where it fits.
pub(super) fn refusal(text: String, envelope: Value, has_output_schema: bool) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    if !has_output_schema {
        result.structured_content = Some(envelope);
    }
    result
}

/// The `isError: true` result of a refusal, as the router answers it: the envelope as
/// JSON text in `content[0]`, and as `structuredContent` only when the tool declares no
/// `outputSchema` (clients check `structuredContent` against it, error results included,
/// and the envelope does not match it). For a proxy or gateway that answers refused calls
/// itself.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Envelope;
///
/// let envelope = Envelope::unknown_tool("x", "Call tools/list.");
/// assert!(mcp_coerce::rmcp::refusal_result(&envelope, false).structured_content.is_some());
/// assert!(mcp_coerce::rmcp::refusal_result(&envelope, true).structured_content.is_none());
/// ```
pub fn refusal_result(envelope: &Envelope, has_output_schema: bool) -> CallToolResult {
    envelope_result(envelope, has_output_schema)
}

/// [`refusal`] of an envelope built here, each rendering made only where it goes.
pub(super) fn envelope_result(envelope: &Envelope, has_output_schema: bool) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(envelope.to_json_string())]);
    if !has_output_schema {
        result.structured_content = Some(serde_json::to_value(envelope).unwrap_or(Value::Null));
    }
    result
}

/// [`envelope_result`] for a tool with an output schema or an unknown one: the text only.
pub(super) fn text_refusal(envelope: &Envelope) -> CallToolResult {
    envelope_result(envelope, true)
}
