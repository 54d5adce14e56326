//! Output schemas: published as the crate publishes input schemas, and checked.

use std::sync::Arc;

use ::rmcp::model::JsonObject;
use serde_json::Value;

/// The `outputSchema` of a tool whose structured result is `T`, as [`coerce`](super::coerce)
/// publishes every output schema: what `T`'s `Serialize` writes, inline, standard `format`
/// values only, integers with their type's own range and `null` kept where `T` writes it
/// (docs/contract.md, "The rmcp router"). For tools returning a `CallToolResult` (to
/// [attach notes](super::Coercions::attach)): `#[tool(output_schema =
/// mcp_coerce::rmcp::output_schema::<Out>())]`; a `Json<Out>` return gets the same.
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

/// Meta-schemas a published output schema leaves unnamed (2020-12, 2019-09).
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

fn standard_formats(schema: JsonObject) -> JsonObject {
    let mut value = Value::Object(schema);
    crate::schema::drop_nonstandard_formats(&mut value);
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// An `inputSchema` as the router publishes it: no `$schema`, standard formats only.
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

/// `schema` with local `$ref`s inlined, others as [`inline_refs`](crate::dialect::inline_refs)
/// says.
pub(super) fn inline(schema: JsonObject) -> JsonObject {
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
