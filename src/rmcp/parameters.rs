//! The extractors: a tool's arguments read by the crate, and what was coerced in them.

use std::any::TypeId;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use ::rmcp::ErrorData;
use ::rmcp::handler::server::common::FromContextPart;
use ::rmcp::handler::server::tool::ToolCallContext;
use ::rmcp::model::{CallToolResult, ErrorCode};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::router::{CallSettings, RefusalSlot};
use super::unwrap::Unwrapped;
use crate::dialect::Dialect;
use crate::issue::Rejection;
use crate::render::Envelope;

/// How rmcp's router recognizes an argument error; the crate's refusals match it.
pub(super) const RMCP_ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";

/// Tool arguments read by the crate: every lax shape its adapters accept, every issue
/// reported at once. Use it in `#[tool]` functions in place of rmcp's `Parameters`.
///
/// Its JSON Schema is [`input_schema::<T>()`](crate::schema::input_schema); absent arguments
/// count as `{}`. Routed through [`coerce`](super::coerce), it first undoes the router's
/// [`dialect`](super::Router::dialect) ([`Dialect::normalize_arguments`]) and reads
/// arguments [`UnwrapArguments`](super::UnwrapArguments) found sent as a string.
///
/// # Errors
///
/// A JSON-RPC `-32602` [`ErrorData`] carrying the envelope, which [`coerce`](super::coerce)
/// answers as an `isError` result; how it is rendered with and without the router:
/// [docs/contract.md, "The rmcp router"](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#the-rmcp-router).
///
/// # Examples
///
/// See the [module docs](super).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parameters<T>(pub T);

impl<S, T: DeserializeOwned + schemars::JsonSchema + 'static>
    FromContextPart<ToolCallContext<'_, S>> for Parameters<T>
{
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        let extensions = &mut context.request_context.extensions;
        let unwrapped = extensions
            .remove::<Unwrapped>()
            .map_or_else(Vec::new, |u| u.0);
        let dialect = extensions
            .get::<CallSettings>()
            .map_or(Dialect::Canonical, |s| s.dialect);
        let mut arguments = context.arguments.take().map_or(Value::Null, Value::Object);
        if dialect.normalizes_arguments() {
            dialect.normalize_arguments(&mut arguments, &canonical_schema::<T>());
        }
        let read = crate::entry::value_with_report::<T>(
            arguments,
            crate::engine::PlanSource::Reported,
            Some(context.name()),
        );
        match read {
            Ok(call) => {
                let (value, report) = call.into_parts();
                let report = report.after(unwrapped);
                #[cfg(feature = "tracing")]
                report.trace(context.name());
                if !report.is_empty() {
                    context
                        .request_context
                        .extensions
                        .insert(Coercions(Arc::new(report)));
                }
                Ok(Parameters(value))
            }
            Err(rejection) => {
                let slot = context
                    .request_context
                    .extensions
                    .get::<CallSettings>()
                    .map(|s| &s.refused);
                Err(refusal(context.name(), rejection, slot))
            }
        }
    }
}

/// The extractor's error for a refusal; under [`coerce`](super::coerce) the router renders it.
fn refusal(tool: &str, rejection: Rejection, slot: Option<&RefusalSlot>) -> ErrorData {
    #[cfg(feature = "tracing")]
    rejection.trace(tool);
    let envelope = Envelope::invalid_argument_owned(tool, rejection);
    match slot {
        Some(slot) => {
            let message = format!("{RMCP_ARGUMENT_ERROR_PREFIX} {}", envelope.message());
            slot.put(envelope);
            ErrorData::new(ErrorCode::INVALID_PARAMS, message, None)
        }
        None => ErrorData::new(
            ErrorCode::INVALID_PARAMS,
            format!("{RMCP_ARGUMENT_ERROR_PREFIX} {}", envelope.to_json_string()),
            serde_json::to_value(&envelope).ok(),
        ),
    }
}

/// `T`'s canonical input schema, built once per type, for a dialect's normalization.
fn canonical_schema<T: schemars::JsonSchema + 'static>() -> Arc<Value> {
    static SCHEMAS: OnceLock<Mutex<HashMap<TypeId, Arc<Value>>>> = OnceLock::new();
    let schemas = SCHEMAS.get_or_init(Default::default);
    if let Some(schema) = schemas
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&TypeId::of::<T>())
    {
        return schema.clone();
    }
    // Built outside the lock: a schema generator may run user code.
    let schema = Arc::new(crate::schema::input_schema::<T>());
    schemas
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .entry(TypeId::of::<T>())
        .or_insert(schema)
        .clone()
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
pub struct Coercions(Arc<crate::Report>);

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

/// The coercions of a call read outside an rmcp server (by the schema engine, say:
/// [`Coercer::coerce_with_report`](crate::coercer::Coercer::coerce_with_report)), to
/// [`attach`](Coercions::attach) their notes to the result as the router's tools do.
///
/// ```
/// use mcp_coerce::rmcp::Coercions;
///
/// assert!(Coercions::from(mcp_coerce::Report::default()).notes().is_empty());
/// ```
impl From<crate::Report> for Coercions {
    fn from(report: crate::Report) -> Self {
        Coercions(Arc::new(report))
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
