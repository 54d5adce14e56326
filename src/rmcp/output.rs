//! Output schemas: published as the crate publishes input schemas, and checked.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use ::rmcp::model::{CallToolResult, JsonObject};
use serde_json::Value;

use crate::render::Envelope;

/// At most this many mismatches of one result are logged.
const MAX_LOGGED: usize = 10;

/// At most this many compiled output schemas are kept; past it, the cache starts over.
const MAX_VALIDATORS: usize = 256;

/// The `outputSchema` of a tool whose structured result is `T`, as [`coerce`](super::coerce)
/// publishes every output schema: `T`'s schema for what its `Serialize` writes (schemars'
/// serialize contract, as rmcp's `Json<T>` asks), inline (no `$ref`/`$defs`: a recursive
/// type's reference becomes the permissive schema [`inline_refs`](crate::dialect::inline_refs)
/// describes), without `$schema` and the root `title`/`description`, and without `null` on
/// optional properties ([`strip_nullable_optionals`](crate::schema::strip_nullable_optionals):
/// a property left out of `required` is one that `skip_serializing_if` may leave out, so
/// it is absent, not `null`). A client validator that reads `$schema` or refuses `$ref`s
/// then reads it as it is.
///
/// Use it where a tool returns a `CallToolResult` (to [attach notes](super::Coercions::attach),
/// say) and declares its output type by hand: `#[tool(output_schema =
/// mcp_coerce::rmcp::output_schema::<Out>())]`. A tool returning rmcp's `Json<Out>` gets
/// rmcp's schema of `Out`, which the router publishes cleaned the same way.
///
/// # Examples
///
/// ```
/// use serde::Serialize;
/// use serde_json::json;
///
/// #[derive(Serialize, schemars::JsonSchema)]
/// struct Found {
///     count: u32,
///     #[serde(skip_serializing_if = "Option::is_none")]
///     next: Option<String>,
/// }
/// let schema = mcp_coerce::rmcp::output_schema::<Found>();
/// assert_eq!(serde_json::Value::Object((*schema).clone()), json!({
///     "type": "object",
///     "properties": {
///         "count": {"type": "integer", "format": "uint32", "minimum": 0},
///         "next": {"type": "string"}
///     },
///     "required": ["count"]
/// }));
/// ```
pub fn output_schema<T: schemars::JsonSchema>() -> Arc<JsonObject> {
    let settings = crate::schema::settings().for_serialize();
    let schema = schemars::SchemaGenerator::new(settings).into_root_schema_for::<T>();
    match schema.to_value() {
        Value::Object(map) => Arc::new(clean(map)),
        _ => Arc::new(JsonObject::new()),
    }
}

/// `schema` as the router publishes it (see [`output_schema`]).
pub(super) fn published(schema: &Arc<JsonObject>) -> Arc<JsonObject> {
    Arc::new(clean((**schema).clone()))
}

fn clean(mut schema: JsonObject) -> JsonObject {
    for annotation in ["$schema", "title", "description"] {
        schema.remove(annotation);
    }
    let mut value = Value::Object(schema);
    if value.to_string().contains("\"$ref\"") {
        value = crate::dialect::inline_refs(&value).schema;
    }
    crate::schema::strip_nullable_optionals(&mut value);
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// `result`, or the `OUTPUT_INVALID` result when it does not match `schema` (the tool's
/// output schema as declared; checked as published).
pub(super) fn checked(
    tool: &str,
    schema: &Arc<JsonObject>,
    result: CallToolResult,
) -> CallToolResult {
    if result.is_error == Some(true) {
        return result;
    }
    let validator = validator(schema);
    let fault = match (&result.structured_content, validator.as_ref()) {
        (_, Err(e)) => Some(vec![Mismatch::schema(e)]),
        (None, Ok(_)) => Some(vec![Mismatch::missing()]),
        (Some(content), Ok(validator)) => {
            let found: Vec<Mismatch> = validator
                .iter_errors(content)
                .take(MAX_LOGGED)
                .map(|e| Mismatch::of(&e))
                .collect();
            (!found.is_empty()).then_some(found)
        }
    };
    match fault {
        None => result,
        Some(mismatches) => {
            for mismatch in &mismatches {
                mismatch.log(tool);
            }
            let envelope = serde_json::to_value(Envelope::output_invalid(tool)).unwrap_or_default();
            super::router::refusal(envelope, true)
        }
    }
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
type Validators = Mutex<Vec<(Arc<JsonObject>, Compiled)>>;

/// The validator of an output schema as published, compiled once per schema: found by the
/// schema's `Arc` (a tool router keeps its tools' schemas), else by its content.
fn validator(schema: &Arc<JsonObject>) -> Compiled {
    static VALIDATORS: OnceLock<Validators> = OnceLock::new();
    let validators = VALIDATORS.get_or_init(Default::default);
    let found = {
        let kept = validators.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter()
            .find(|(k, _)| Arc::ptr_eq(k, schema))
            .or_else(|| kept.iter().find(|(k, _)| k == schema))
            .map(|(_, v)| v.clone())
    };
    if let Some(found) = found {
        return found;
    }
    let published = Value::Object((*published(schema)).clone());
    let compiled: Compiled = Arc::new(
        jsonschema::options()
            .build(&published)
            .map_err(|e| crate::words::truncate(&e.to_string())),
    );
    let mut kept = validators.lock().unwrap_or_else(PoisonError::into_inner);
    if kept.len() >= MAX_VALIDATORS {
        kept.clear();
    }
    kept.push((schema.clone(), compiled.clone()));
    compiled
}
