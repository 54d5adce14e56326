//! Output schemas: published as the crate publishes input schemas, and checked.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use ::rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use serde_json::Value;

use crate::render::Envelope;

/// At most this many mismatches of one result are logged.
const MAX_LOGGED: usize = 10;

/// At most this many compiled output schemas are kept; past it, the cache starts over.
const MAX_VALIDATORS: usize = 4096;

/// The `outputSchema` of a tool whose structured result is `T`, as [`coerce`](super::coerce)
/// publishes every output schema: `T`'s schema for what its `Serialize` writes (schemars'
/// serialize contract, as rmcp's `Json<T>` asks), inline (as input schemas are, for
/// clients that do not resolve `$ref`), without the 2020-12 `$schema` and the root
/// `title`/`description`, and with the standard `format` values only (schemars'
/// `"uint32"`, `"int64"`, ... are left out: validators warn about formats they do not know;
/// the bounds stay).
///
/// An integer whose bounds are left to its type carries the type's own range here, not
/// the ±(2^53 − 1) of input schemas (see [`crate::schema`]): an `i64` id past 2^53 that
/// the tool read exactly and returns passes the router's check of its result.
///
/// Unlike [`input_schema`](crate::schema::input_schema), it keeps `null` where `T` may
/// write it (`"type": ["string", "null"]` for an `Option` written as `null`): an output
/// schema is read by validators, not by a model choosing how to spell a call, and without
/// it results that `T` writes (`Some(None)` of an `Option<Option<_>>`) would fail the
/// router's check.
///
/// Use it where a tool returns a `CallToolResult` (to [attach notes](super::Coercions::attach),
/// say) and declares its output type by hand: `#[tool(output_schema =
/// mcp_coerce::rmcp::output_schema::<Out>())]`. A tool returning rmcp's `Json<Out>` gets
/// rmcp's schema of `Out`, which the router publishes the same way.
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntArrayLike;
/// use serde::Serialize;
/// use serde_json::json;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Serialize, schemars::JsonSchema)]
/// struct Found {
///     count: u32,
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
///     #[serde(skip_serializing_if = "Option::is_none")]
///     next: Option<String>,
/// }
/// let schema = mcp_coerce::rmcp::output_schema::<Found>();
/// assert_eq!(serde_json::Value::Object((*schema).clone()), json!({
///     "type": "object",
///     "properties": {
///         "count": {"type": "integer", "minimum": 0},
///         "ids": {"type": "array", "items": {
///             "type": "integer", "minimum": i64::MIN, "maximum": i64::MAX
///         }},
///         "next": {"type": ["string", "null"]}
///     },
///     "required": ["count", "ids"]
/// }));
/// ```
pub fn output_schema<T: schemars::JsonSchema>() -> Arc<JsonObject> {
    let settings = crate::schema::settings().for_serialize();
    let schema = schemars::SchemaGenerator::new(settings).into_root_schema_for::<T>();
    match schema.to_value() {
        Value::Object(map) => Arc::new(publish(map)),
        _ => Arc::new(JsonObject::new()),
    }
}

/// The meta-schemas a published output schema leaves unnamed: the drafts a validator
/// that reads no `$schema` may not know (2020-12, what schemars and rmcp write, and
/// 2019-09). A schema naming another draft (draft-07) keeps its `$schema`.
const UNNAMED_DRAFTS: [&str; 2] = [
    "https://json-schema.org/draft/2020-12/schema",
    "https://json-schema.org/draft/2019-09/schema",
];

/// `schema` as the router publishes it (see [`output_schema`]).
pub(super) fn published(schema: &Arc<JsonObject>) -> Arc<JsonObject> {
    Arc::new(publish((**schema).clone()))
}

fn publish(schema: JsonObject) -> JsonObject {
    let mut schema = inline(schema);
    for annotation in ["title", "description"] {
        schema.remove(annotation);
    }
    if schema
        .get("$schema")
        .and_then(Value::as_str)
        .is_some_and(|draft| UNNAMED_DRAFTS.contains(&draft.trim_end_matches('#')))
    {
        schema.remove("$schema");
    }
    standard_formats(schema)
}

/// `schema` with the standard `format` values only (see
/// [`drop_nonstandard_formats`](crate::schema::drop_nonstandard_formats)).
fn standard_formats(schema: JsonObject) -> JsonObject {
    let mut value = Value::Object(schema);
    crate::schema::drop_nonstandard_formats(&mut value);
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// An `inputSchema` as the router publishes it in the canonical dialect: without the
/// `$schema` keyword rmcp's generator adds, and with the standard `format` values only
/// (the crate's [`input_schema`](crate::schema::input_schema) has both already; a tool
/// taking rmcp's own extractor, or a hand-written schema, may not).
pub(super) fn published_input(schema: &Arc<JsonObject>) -> Arc<JsonObject> {
    let mut published = Value::Object((**schema).clone());
    let dropped = crate::schema::drop_nonstandard_formats(&mut published);
    match published {
        Value::Object(mut map) if dropped || map.contains_key("$schema") => {
            map.remove("$schema");
            Arc::new(map)
        }
        _ => schema.clone(),
    }
}

/// `schema` with its local `$ref`s (JSON Pointers into the schema, `#/...`) inlined; a
/// recursive reference, and any other (`$anchor`, `$id`-relative, remote), becomes the
/// permissive schema [`inline_refs`](crate::dialect::inline_refs) describes, in the
/// published schema and in the check alike.
fn inline(schema: JsonObject) -> JsonObject {
    let value = Value::Object(schema);
    let value = if value.to_string().contains("\"$ref\"") {
        crate::dialect::inline_refs(&value).schema
    } else {
        value
    };
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// `result`, or the `OUTPUT_INVALID` result when it does not match `schema` (the tool's
/// output schema as declared, its `$ref`s inlined as published). An error result is not
/// the tool's output: its `structuredContent` goes only where it matches the schema, and
/// otherwise is sent as text (clients check it against the schema all the same).
pub(super) fn checked(
    tool: &str,
    schema: &Arc<JsonObject>,
    mut result: CallToolResult,
) -> CallToolResult {
    if result.is_error == Some(true) {
        let Some(content) = &result.structured_content else {
            return result;
        };
        let fits = match validator(schema).as_ref() {
            Ok(validator) => validator.is_valid(content),
            Err(_) => false,
        };
        if !fits && let Some(content) = result.structured_content.take() {
            let text = content.to_string();
            let in_content = result
                .content
                .iter()
                .any(|c| c.as_text().is_some_and(|t| t.text == text));
            if !in_content {
                result.content.push(ContentBlock::text(text));
            }
        }
        return result;
    }
    let validator = validator(schema);
    if let (Some(content), Ok(validator)) = (&result.structured_content, validator.as_ref())
        && validator.is_valid(content)
    {
        return result;
    }
    // The mismatches are worded for the log only, so only for a subscriber that takes
    // its events.
    if tracing::enabled!(target: "mcp_coerce", tracing::Level::ERROR) {
        let mismatches = match (&result.structured_content, validator.as_ref()) {
            (_, Err(e)) => vec![Mismatch::schema(e)],
            (None, Ok(_)) => vec![Mismatch::missing()],
            (Some(content), Ok(validator)) => validator
                .iter_errors(content)
                .take(MAX_LOGGED)
                .map(|e| Mismatch::of(&e))
                .collect(),
        };
        for mismatch in &mismatches {
            mismatch.log(tool);
        }
    }
    super::router::text_refusal(&Envelope::output_invalid(tool))
}

/// One way a result misses its output schema, for the server's log.
struct Mismatch {
    path: String,
    keyword: String,
    message: String,
}

impl Mismatch {
    fn of(error: &jsonschema::ValidationError<'_>) -> Self {
        Mismatch {
            path: error.instance_path().as_str().to_owned(),
            keyword: error.kind().keyword().to_owned(),
            // The masked message names no value of the result.
            message: crate::words::truncate(&error.masked().to_string()),
        }
    }

    fn missing() -> Self {
        Mismatch {
            path: String::new(),
            keyword: "structuredContent".to_owned(),
            message: "the tool declares an outputSchema and returned no structuredContent"
                .to_owned(),
        }
    }

    fn schema(error: &str) -> Self {
        Mismatch {
            path: String::new(),
            keyword: "outputSchema".to_owned(),
            message: format!("the tool's outputSchema does not compile: {error}"),
        }
    }

    fn log(&self, tool: &str) {
        tracing::error!(
            target: "mcp_coerce",
            tool,
            path = %self.path,
            keyword = %self.keyword,
            detail = %self.message,
            "output does not match the outputSchema"
        );
    }
}

type Compiled = Arc<Result<jsonschema::Validator, String>>;
/// Compiled schemas by the address of the schema they were compiled from (kept alive with
/// them, so an address names one schema).
type Validators = Mutex<HashMap<usize, (Arc<JsonObject>, Compiled)>>;

/// The validator of an output schema, compiled once per schema: found by the schema's
/// `Arc` (a tool router keeps its tools' schemas), else by its content (a router built
/// again at every request, `coerce(Self::tool_router())`).
fn validator(schema: &Arc<JsonObject>) -> Compiled {
    static VALIDATORS: OnceLock<Validators> = OnceLock::new();
    let validators = VALIDATORS.get_or_init(Default::default);
    let key = Arc::as_ptr(schema) as usize;
    let found = {
        let kept = validators.lock().unwrap_or_else(PoisonError::into_inner);
        kept.get(&key)
            .or_else(|| kept.values().find(|(k, _)| k == schema))
            .map(|(_, v)| v.clone())
    };
    if let Some(found) = found {
        return found;
    }
    let declared = Value::Object(inline((**schema).clone()));
    let compiled: Compiled = Arc::new(
        jsonschema::options()
            .build(&declared)
            .map_err(|e| crate::words::truncate(&e.to_string())),
    );
    let mut kept = validators.lock().unwrap_or_else(PoisonError::into_inner);
    if kept.len() >= MAX_VALIDATORS {
        kept.clear();
    }
    kept.insert(key, (schema.clone(), compiled.clone()));
    compiled
}
