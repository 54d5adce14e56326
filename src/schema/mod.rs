//! JSON Schema from the same definitions as the runtime check (feature `schemars`).
//!
//! Every adapter implements serde_with's `JsonSchemaAs`, so `#[serde_as(as = "...")]`
//! fields of a struct deriving `schemars::JsonSchema` get their schema for free (with
//! `deserialize_with`, add `#[schemars(with = "SchemaAs<T, M>")]`: [`SchemaAs`], [the
//! scheme](crate#without-serde_as)); every wrapper type implements `schemars::JsonSchema`.
//! The schema advertises the *canonical* shape only: the JSON-encoded and comma-separated
//! spellings are the runtime's courtesy. [`input_schema`] is a tool's `inputSchema`.
//!
//! Each adapter's schema, integer bounds (clipped to ±(2^53 − 1), [`JS_SAFE_INTEGER`], in
//! input schemas), the `format` values published and what a schema cannot carry are in
//! [the contract's Limits](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#limits).
//!
//! [`from_str`], [`from_slice`] and [`from_value`] are the entry points for a type that also
//! derives `JsonSchema`: they take the fields each struct requires from its
//! [`input_schema`] (the rmcp extractor reads calls through them). With the `coercer`
//! feature, they report the issues inside a tagged or untagged enum at their full paths:
//!
//! ```
//! # #[cfg(feature = "coercer")] fn main() {
//! use mcp_coerce::Code;
//! use schemars::JsonSchema;
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, JsonSchema, Debug)]
//! #[serde(tag = "kind", rename_all = "snake_case")]
//! enum Cmd { Move { steps: u32, fast: bool }, Stop }
//!
//! #[derive(Deserialize, JsonSchema, Debug)]
//! struct Args { cmd: Cmd, query: String }
//!
//! let call = r#"{"cmd": {"kind": "Move", "steps": "x", "fast": "maybe"}}"#;
//! let refused = mcp_coerce::schema::from_str::<Args>(call).unwrap_err();
//! let found: Vec<_> = refused.issues().iter().map(|i| (i.code(), i.path().to_string())).collect();
//! assert_eq!(found, [
//!     (Code::Missing, "/query".to_string()),
//!     (Code::BoolParsing, "/cmd/fast".to_string()),
//!     (Code::IntParsing, "/cmd/steps".to_string()),
//! ]);
//! # }
//! # #[cfg(not(feature = "coercer"))] fn main() {}
//! ```
//!
//! Optional fields' schemas: [`strip_nullable_optionals`], which [`input_schema`] applies.

use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::engine::PlanSource;
use crate::engine::plan::{self, Plan};
use crate::issue::Rejection;

#[cfg(feature = "coercer")]
mod unions;

/// serde_with's `Schema<T, M>` (not `schemars::Schema`): the schema of a field of type `T`
/// read by the marker `M`, for `#[schemars(with = "SchemaAs<T, M>")]` beside
/// `#[serde(deserialize_with = "As::<M>::deserialize")]` ([the scheme](crate#without-serde_as));
/// `#[serde_as(as = "M")]` adds exactly this attribute.
///
/// `T` is the field's whole type: `Option<u32>` for an optional field, where the marker
/// reads the `Option` with the crate's optional rules.
///
/// # Examples
///
/// ```
/// use mcp_coerce::schema::SchemaAs;
/// use mcp_coerce::{As, IntLike};
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_json::json;
///
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[serde(deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
///     #[schemars(with = "SchemaAs<u32, IntLike<1, 100>>")]
///     limit: u32,
/// }
/// assert_eq!(mcp_coerce::schema::input_schema::<Args>(), json!({
///     "type": "object",
///     "properties": {"limit": {"type": "integer", "minimum": 1, "maximum": 100}},
///     "required": ["limit"]
/// }));
/// ```
pub use serde_with::Schema as SchemaAs;

/// [`crate::from_str`] with the required fields taken from `T`'s JSON Schema (see the
/// [module docs](self)).
///
/// # Errors
///
/// A [`Rejection`] with every issue, as [`crate::from_str`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::Code;
/// use schemars::JsonSchema;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, JsonSchema, Debug)]
/// struct Filter { from: u32, to: u32 }
///
/// #[derive(Deserialize, JsonSchema, Debug)]
/// struct Args { query: String, filter: Filter }
///
/// let refused = mcp_coerce::schema::from_str::<Args>(r#"{"filter": {}}"#).unwrap_err();
/// let found: Vec<_> = refused.issues().iter().map(|i| (i.code(), i.path().to_string())).collect();
/// assert_eq!(found, [
///     (Code::Missing, "/filter/from".to_string()),
///     (Code::Missing, "/filter/to".to_string()),
///     (Code::Missing, "/query".to_string()),
/// ]);
/// ```
pub fn from_str<T: DeserializeOwned + JsonSchema>(json: &str) -> Result<T, Rejection> {
    from_slice(json.as_bytes())
}

/// [`crate::from_slice`] with the required fields taken from `T`'s JSON Schema (see the
/// [module docs](self)).
///
/// # Errors
///
/// A [`Rejection`] with every issue, as [`crate::from_slice`].
///
/// # Examples
///
/// ```
/// use schemars::JsonSchema;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, JsonSchema, Debug)]
/// struct Args { a: u8, b: u8, c: u8 }
///
/// let refused = mcp_coerce::schema::from_slice::<Args>(br#"{"b": "x"}"#).unwrap_err();
/// assert_eq!(refused.issues().len(), 3); // `/b` refused, `/a` and `/c` missing
/// ```
pub fn from_slice<T: DeserializeOwned + JsonSchema>(json: &[u8]) -> Result<T, Rejection> {
    let read = crate::entry::slice_with::<T>(json, PlanSource::Schema(plan_of::<T>));
    #[cfg(feature = "coercer")]
    let read =
        read.map_err(
            |refused| match (unions::coercer_of::<T>(), unions::call_from_slice(json)) {
                (Some(unions), Some(call)) => unions::complement::<T>(&unions, refused, call),
                _ => refused,
            },
        );
    read
}

/// [`crate::from_value`] with the required fields taken from `T`'s JSON Schema (see the
/// [module docs](self)).
///
/// # Errors
///
/// A [`Rejection`] with every issue, as [`crate::from_value`].
///
/// # Examples
///
/// ```
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_json::json;
///
/// #[derive(Deserialize, JsonSchema, Debug)]
/// struct Args { query: String, limit: Option<u32> }
///
/// let args: Args = mcp_coerce::schema::from_value(json!({"query": "rust"}))?;
/// assert_eq!((args.query.as_str(), args.limit), ("rust", None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_value<T: DeserializeOwned + JsonSchema>(value: Value) -> Result<T, Rejection> {
    // A type with a union keeps the call for the schema engine, should it be refused.
    #[cfg(feature = "coercer")]
    if let Some(unions) = unions::coercer_of::<T>() {
        let call = crate::arguments::object_plain(value.clone()).ok();
        let read = crate::entry::value_with::<T>(value, PlanSource::Schema(plan_of::<T>));
        return read.map_err(|refused| match call {
            Some(call) => unions::complement::<T>(&unions, refused, call),
            None => refused,
        });
    }
    crate::entry::value_with::<T>(value, PlanSource::Schema(plan_of::<T>))
}

/// The plan of required fields from `T`'s input schema; none for a schema with `$ref`s (a
/// recursive type), whose plan is learned from its `Deserialize`.
fn plan_of<T: JsonSchema>() -> Option<Plan> {
    let schema = input_schema::<T>();
    let refers = schema
        .as_object()
        .is_some_and(|root| root.contains_key("$defs"));
    (!refers).then(|| plan::from_schema(&schema))
}

/// The inclusive range of integers a JSON number keeps exact through `serde_json`.
const JSON_INT_MIN: i128 = i64::MIN as i128;
const JSON_INT_MAX: i128 = u64::MAX as i128;

pub(crate) fn schema(value: Value) -> Schema {
    match value {
        Value::Object(map) => Schema::from(map),
        _ => Schema::default(),
    }
}

fn number(n: i128) -> Value {
    i64::try_from(n)
        .map(Value::from)
        .or_else(|_| u64::try_from(n).map(Value::from))
        .unwrap_or(Value::Null)
}

/// `{"type": "integer"}` with `min..=max` clipped to what a JSON number keeps exact.
pub(crate) fn integer(min: i128, max: i128) -> Map<String, Value> {
    let mut s = Map::new();
    s.insert("type".into(), "integer".into());
    s.insert("minimum".into(), number(min.max(JSON_INT_MIN)));
    s.insert("maximum".into(), number(max.min(JSON_INT_MAX)));
    s
}

/// The largest integer a JavaScript client reads exactly from a JSON number,
/// `Number.MAX_SAFE_INTEGER` (2^53 − 1): an integer type's own bounds are published
/// clipped to ±this in input schemas (output schemas carry the type's own range).
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntLike;
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_json::json;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[serde_as(as = "IntLike")]
///     id: i64,
///     #[serde_as(as = "IntLike<1>")]
///     page: u64,
/// }
/// let schema = mcp_coerce::schema::input_schema::<Args>();
/// let safe = mcp_coerce::schema::JS_SAFE_INTEGER;
/// assert_eq!(schema["properties"]["id"], json!({"type": "integer", "minimum": -safe, "maximum": safe}));
/// assert_eq!(schema["properties"]["page"], json!({"type": "integer", "minimum": 1, "maximum": safe}));
/// ```
pub const JS_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// Whether `generator` makes output schemas (schemars' serialize contract) rather than input.
fn writes(generator: &SchemaGenerator) -> bool {
    generator.contract().is_serialize()
}

/// An integer type's published lower bound: −(2^53 − 1) in input schemas, the type's own in
/// output schemas ([`writes`]) so every value the input contract accepts passes the check.
pub(crate) fn type_min(generator: &SchemaGenerator, min: i128) -> i128 {
    if writes(generator) {
        min
    } else {
        min.max(-i128::from(JS_SAFE_INTEGER))
    }
}

/// An integer type's published upper bound (see [`type_min`]).
pub(crate) fn type_max(generator: &SchemaGenerator, max: u128) -> i128 {
    let max = i128::try_from(max).unwrap_or(i128::MAX);
    if writes(generator) {
        max
    } else {
        max.min(i128::from(JS_SAFE_INTEGER))
    }
}

/// `{"type": "array", "items": items}` with the item bounds that say something.
pub(crate) fn array(items: Value, min_items: usize, max_items: usize) -> Map<String, Value> {
    let mut s = Map::new();
    s.insert("type".into(), "array".into());
    s.insert("items".into(), items);
    if min_items > 0 {
        s.insert("minItems".into(), min_items.into());
    }
    if max_items != usize::MAX {
        s.insert("maxItems".into(), max_items.into());
    }
    s
}

/// `{"type": "string"}` with the length bounds that say something.
pub(crate) fn string(min_length: usize, max_length: usize) -> Map<String, Value> {
    let mut s = Map::new();
    s.insert("type".into(), "string".into());
    if min_length > 0 {
        s.insert("minLength".into(), min_length.into());
    }
    if max_length != usize::MAX {
        s.insert("maxLength".into(), max_length.into());
    }
    s
}

/// The pattern of a trimmed string (no edge whitespace). `\s` differs between ECMA-262
/// (U+FEFF, not U+0085) and Rust's `regex` (the reverse): `[^\s\u0085\ufeff]` is one class
/// in both, and the adapter trims U+FEFF too, so runtime and schema agree (66 chars).
pub(crate) fn trimmed_pattern() -> &'static str {
    r"^(?:[^\s\u0085\ufeff]|[^\s\u0085\ufeff][\s\S]*[^\s\u0085\ufeff])?$"
}

/// The generator settings for tool input schemas: JSON Schema 2020-12, every subschema
/// inline (no `$ref`/`$defs`: some clients refuse them).
pub fn settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().with(|s| {
        s.inline_subschemas = true;
        s.meta_schema = None;
    })
}

/// The `inputSchema` of a tool whose arguments are `T`: inline (no `$ref`/`$defs`, but
/// for a recursive type), optional fields without `null` ([`strip_nullable_optionals`]),
/// standard `format` values only, and no root `title`/`description` (the Rust type's name
/// and docs are noise to the agent).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntArrayLike, Items};
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_json::json;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, JsonSchema)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike<Items<0, 10>>")]
///     ids: Vec<u8>,
///     page: Option<u32>,
/// }
/// assert_eq!(mcp_coerce::schema::input_schema::<Args>(), json!({
///     "type": "object",
///     "properties": {
///         "ids": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255}, "maxItems": 10},
///         "page": {"type": "integer", "minimum": 0}
///     },
///     "required": ["ids"]
/// }));
/// ```
pub fn input_schema<T: JsonSchema>() -> Value {
    let generator = SchemaGenerator::new(settings());
    let mut value = generator.into_root_schema_for::<T>().to_value();
    if let Value::Object(root) = &mut value {
        root.remove("title");
        root.remove("description");
        root.remove("$schema");
    }
    strip_nullable_optionals(&mut value);
    drop_nonstandard_formats(&mut value);
    value
}

/// Rewrite every optional property (one not listed in its object's `required`) so that it
/// no longer admits `null`: `"type": ["integer", "null"]` becomes `"type": "integer"`, an
/// `anyOf`/`oneOf` member `{"type": "null"}` is removed (a lone remaining member replaces
/// the union), and `"default": null` is dropped. Required properties are left as they are.
///
/// The runtime still accepts `null` there (docs/contract.md, Limits, on optional fields).
///
/// # Examples
///
/// ```
/// use serde_json::json;
///
/// let mut schema = json!({
///     "type": "object",
///     "properties": {
///         "limit": {"type": ["integer", "null"], "default": null},
///         "mode": {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]}
///     }
/// });
/// mcp_coerce::schema::strip_nullable_optionals(&mut schema);
/// assert_eq!(schema, json!({
///     "type": "object",
///     "properties": {
///         "limit": {"type": "integer"},
///         "mode": {"type": "string", "enum": ["a", "b"]}
///     }
/// }));
/// ```
pub fn strip_nullable_optionals(schema: &mut Value) {
    // An explicit stack: schemas come from users too, and can be deep.
    let mut stack: Vec<&mut Value> = vec![schema];
    while let Some(node) = stack.pop() {
        let Value::Object(map) = node else { continue };
        let required: Vec<String> = map
            .get("required")
            .and_then(Value::as_array)
            .map(|r| {
                r.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        if let Some(Value::Object(properties)) = map.get_mut("properties") {
            for (name, property) in properties.iter_mut() {
                if !required.iter().any(|r| r == name) {
                    drop_null(property);
                }
            }
        }
        push_subschemas(map, &mut stack);
    }
}

fn push_subschemas<'s>(map: &'s mut Map<String, Value>, stack: &mut Vec<&'s mut Value>) {
    for (key, child) in map.iter_mut() {
        match key.as_str() {
            "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
                if let Value::Object(children) = child {
                    stack.extend(children.values_mut());
                }
            }
            "items"
            | "additionalItems"
            | "additionalProperties"
            | "not"
            | "if"
            | "then"
            | "else"
            | "contains"
            | "propertyNames"
            | "unevaluatedItems"
            | "unevaluatedProperties" => match child {
                // Draft 7's tuple form of `items`.
                Value::Array(children) => stack.extend(children.iter_mut()),
                _ => stack.push(child),
            },
            "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                if let Value::Array(children) = child {
                    stack.extend(children.iter_mut());
                }
            }
            _ => {}
        }
    }
}

/// The `format` values of JSON Schema 2020-12's format vocabulary, which validators know.
pub(crate) const STANDARD_FORMATS: [&str; 19] = [
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Remove every `format` not in [`STANDARD_FORMATS`] (schemars' `"uint32"`, ...: validators
/// warn about unknown ones); whether any was removed.
pub(crate) fn drop_nonstandard_formats(schema: &mut Value) -> bool {
    let mut dropped = false;
    let mut stack: Vec<&mut Value> = vec![schema];
    while let Some(node) = stack.pop() {
        let Value::Object(map) = node else { continue };
        if map
            .get("format")
            .and_then(Value::as_str)
            .is_some_and(|f| !STANDARD_FORMATS.contains(&f))
        {
            map.remove("format");
            dropped = true;
        }
        push_subschemas(map, &mut stack);
    }
    dropped
}

/// Make one property schema stop admitting `null`.
fn drop_null(property: &mut Value) {
    let Value::Object(map) = property else { return };
    if map.get("default") == Some(&Value::Null) {
        map.remove("default");
    }
    if map.get("nullable") == Some(&Value::Bool(true)) {
        map.remove("nullable");
    }
    if let Some(Value::Array(types)) = map.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            map.insert("type".into(), only);
        }
    }
    // schemars lists `null` among an optional enum's values (`Option<EnumLike>`).
    if let Some(Value::Array(values)) = map.get_mut("enum")
        && values.len() > 1
    {
        values.retain(|v| !v.is_null());
    }
    for union in ["anyOf", "oneOf"] {
        let Some(Value::Array(members)) = map.get_mut(union) else {
            continue;
        };
        members.retain(|m| m != &json!({"type": "null"}));
        if members.len() == 1 {
            let only = members.remove(0);
            map.remove(union);
            if let Value::Object(only) = only {
                for (k, v) in only {
                    map.entry(k).or_insert(v);
                }
            }
        }
    }
}
