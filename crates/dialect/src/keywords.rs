//! What each JSON Schema keyword is, which JSON types it constrains, and the sentence that
//! says it in a description once a profile drops it.

use std::collections::BTreeMap;

use serde_json::Value;

/// The seven JSON Schema type names, in the order the rewrite lists them.
pub(super) const TYPES: [&str; 7] = [
    "object", "array", "string", "number", "integer", "boolean", "null",
];

/// Keywords whose value is one subschema.
pub(super) const SUBSCHEMA: &[&str] = &[
    "additionalItems",
    "additionalProperties",
    "contains",
    "contentSchema",
    "else",
    "if",
    "items",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
];

/// Keywords whose value is a map from names to subschemas.
pub(super) const SUBSCHEMA_MAP: &[&str] = &[
    "$defs",
    "definitions",
    "dependentSchemas",
    "patternProperties",
    "properties",
];

/// Keywords whose value is an array of subschemas (`items` too, in its tuple form).
pub(super) const SUBSCHEMA_ARRAY: &[&str] = &["allOf", "anyOf", "items", "oneOf", "prefixItems"];

/// Annotations and identifiers: nothing to enforce, nothing to describe.
const QUIET: &[&str] = &[
    "$anchor",
    "$comment",
    "$dynamicAnchor",
    "$id",
    "$schema",
    "$vocabulary",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// Keywords that only constrain instances of one JSON type.
fn kind_of(keyword: &str) -> Option<&'static str> {
    Some(match keyword {
        "properties"
        | "required"
        | "additionalProperties"
        | "patternProperties"
        | "propertyNames"
        | "minProperties"
        | "maxProperties"
        | "dependentRequired"
        | "dependentSchemas"
        | "dependencies"
        | "unevaluatedProperties" => "object",
        "items" | "prefixItems" | "additionalItems" | "contains" | "minContains"
        | "maxContains" | "minItems" | "maxItems" | "uniqueItems" | "unevaluatedItems" => "array",
        "minLength" | "maxLength" | "pattern" | "contentEncoding" | "contentMediaType"
        | "contentSchema" => "string",
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => "number",
        _ => return None,
    })
}

/// `format` values that describe numbers rather than strings.
pub(super) fn numeric_format(format: &str) -> bool {
    matches!(
        format,
        "int8"
            | "int16"
            | "int32"
            | "int64"
            | "int128"
            | "uint"
            | "uint8"
            | "uint16"
            | "uint32"
            | "uint64"
            | "uint128"
            | "float"
            | "double"
    )
}

/// The JSON type whose instances `keyword` (with this `value`) constrains; `None` when it
/// constrains every type (`enum`, `not`, annotations).
pub(super) fn constrained_type(keyword: &str, value: &Value) -> Option<&'static str> {
    if keyword == "format" {
        return Some(match value.as_str() {
            Some(f) if numeric_format(f) => "number",
            _ => "string",
        });
    }
    kind_of(keyword)
}

/// Whether `keyword` constrains instances of JSON type `ty`.
pub(super) fn applies_to(keyword: &str, value: &Value, ty: &str) -> bool {
    match constrained_type(keyword, value) {
        None => true,
        Some("number") => ty == "number" || ty == "integer",
        Some(t) => t == ty,
    }
}

/// Whether `value` is an instance of JSON type `ty`.
pub(super) fn is_instance(value: &Value, ty: &str) -> bool {
    match (ty, value) {
        ("object", Value::Object(_))
        | ("array", Value::Array(_))
        | ("string", Value::String(_))
        | ("number", Value::Number(_))
        | ("boolean", Value::Bool(_))
        | ("null", Value::Null) => true,
        ("integer", Value::Number(n)) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    }
}

/// The JSON type of a value (`integer` for whole numbers).
pub(super) fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) if is_instance(value, "integer") => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Whether `value` is a well-formed value for `keyword`; a malformed one is dropped with a
/// note, never kept or described.
pub(super) fn valid(keyword: &str, value: &Value) -> bool {
    match keyword {
        "enum" | "required" | "examples" | "prefixItems" | "allOf" | "anyOf" | "oneOf" => {
            value.is_array()
        }
        "format" | "pattern" | "description" | "title" | "$ref" | "contentEncoding"
        | "contentMediaType" => value.is_string(),
        "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties"
        | "minContains" | "maxContains" => value.is_u64(),
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => value.is_number(),
        "multipleOf" => value.as_f64().is_some_and(|f| f > 0.0),
        "uniqueItems" | "nullable" | "deprecated" | "readOnly" | "writeOnly" => value.is_boolean(),
        "properties" | "patternProperties" | "dependentSchemas" | "dependentRequired"
        | "dependencies" | "$defs" | "definitions" => value.is_object(),
        "items" => value.is_object() || value.is_boolean() || value.is_array(),
        k if SUBSCHEMA.contains(&k) => value.is_object() || value.is_boolean(),
        _ => true,
    }
}

/// Annotations that are dropped with a note and not described.
pub(super) fn quiet(keyword: &str) -> bool {
    QUIET.contains(&keyword)
}

/// The keywords the rewrite knows; anything else (`x-…`, typos, vendor extensions) is
/// dropped with a note by the restrictive profiles.
pub(super) fn known(keyword: &str) -> bool {
    quiet(keyword)
        || kind_of(keyword).is_some()
        || SUBSCHEMA.contains(&keyword)
        || SUBSCHEMA_MAP.contains(&keyword)
        || SUBSCHEMA_ARRAY.contains(&keyword)
        || matches!(
            keyword,
            "$ref"
                | "$dynamicRef"
                | "type"
                | "enum"
                | "const"
                | "format"
                | "description"
                | "title"
                | "default"
                | "examples"
                | "example"
                | "nullable"
        )
}

/// At most this many chars of JSON text quoted in a description sentence.
const QUOTE_CHARS: usize = 120;

/// Patterns longer than this many chars are not quoted.
const PATTERN_CHARS: usize = 160;

/// At most this many chars in one description sentence.
const SENTENCE_CHARS: usize = 400;

/// Compact JSON text of `value` with object keys in sorted order (whatever the map
/// keeps), cut to [`QUOTE_CHARS`] chars with `…` appended when cut.
pub(super) fn quote(value: &Value) -> String {
    let mut text = String::new();
    write_sorted(value, &mut text, QUOTE_CHARS * 4 + 4);
    cut(&text, QUOTE_CHARS)
}

/// Writes compact JSON text with sorted keys, stopping once `text` holds `limit` bytes
/// (so a huge or deeply nested value costs no more than a short one).
fn write_sorted(value: &Value, text: &mut String, limit: usize) {
    if text.len() >= limit {
        return;
    }
    match value {
        Value::Array(items) => {
            text.push('[');
            for (i, item) in items.iter().enumerate() {
                if text.len() >= limit {
                    return;
                }
                if i > 0 {
                    text.push(',');
                }
                write_sorted(item, text, limit);
            }
            text.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            text.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if text.len() >= limit {
                    return;
                }
                if i > 0 {
                    text.push(',');
                }
                text.push_str(&Value::String(key.clone()).to_string());
                text.push(':');
                write_sorted(item, text, limit);
            }
            text.push('}');
        }
        scalar => text.push_str(&scalar.to_string()),
    }
}

fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some((at, _)) => format!("{}…", &text[..at]),
    }
}

fn plural(n: &Value, one: &str, many: &str) -> String {
    if n.as_u64() == Some(1) {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn bounds(min: Option<&Value>, max: Option<&Value>, one: &str, many: &str) -> Option<String> {
    let unit = |n: &Value| {
        if one.is_empty() {
            n.to_string()
        } else {
            plural(n, one, many)
        }
    };
    match (min, max) {
        (Some(lo), Some(hi)) if one.is_empty() => Some(format!("From {lo} to {hi}.")),
        (Some(lo), Some(hi)) => Some(format!("From {lo} to {}.", unit(hi))),
        (Some(lo), None) => Some(format!("At least {}.", unit(lo))),
        (None, Some(hi)) => Some(format!("At most {}.", unit(hi))),
        (None, None) => None,
    }
}

fn list(values: &[Value]) -> String {
    values.iter().map(quote).collect::<Vec<_>>().join(", ")
}

/// The sentences that say the `dropped` keywords of `schema`, in a fixed order (not the
/// map's order), so the description is the same on every run and with every
/// `serde_json` feature set.
pub(super) fn sentences(dropped: &BTreeMap<String, Value>) -> Vec<String> {
    let get = |k: &str| dropped.get(k);
    let mut out = Vec::new();
    let mut push = |s: Option<String>| {
        if let Some(s) = s {
            out.push(cut(&s, SENTENCE_CHARS));
        }
    };
    push(get("const").map(|v| format!("Must be {}.", quote(v))));
    push(get("enum").map(|v| match v {
        Value::Array(values) => format!("One of: {}.", list(values)),
        other => format!("One of: {}.", quote(other)),
    }));
    push(get("format").map(|v| match v {
        Value::String(s) => format!("Format: {s}."),
        other => format!("Format: {}.", quote(other)),
    }));
    push(get("pattern").map(|v| match v {
        Value::String(s) if s.chars().count() <= PATTERN_CHARS => format!("Must match {s}."),
        // A regex cut short says something else; say that there is one.
        _ => "Must match a pattern too long to quote here.".to_owned(),
    }));
    push(bounds(get("minLength"), get("maxLength"), "char", "chars"));
    // Lower bounds before upper ones.
    match (get("minimum"), get("maximum")) {
        (Some(lo), Some(hi)) => {
            push(Some(format!("From {lo} to {hi}.")));
            push(get("exclusiveMinimum").map(|v| format!("Greater than {v}.")));
            push(get("exclusiveMaximum").map(|v| format!("Less than {v}.")));
        }
        (lo, hi) => {
            push(lo.map(|v| format!("At least {v}.")));
            push(get("exclusiveMinimum").map(|v| format!("Greater than {v}.")));
            push(hi.map(|v| format!("At most {v}.")));
            push(get("exclusiveMaximum").map(|v| format!("Less than {v}.")));
        }
    }
    push(get("multipleOf").map(|v| format!("A multiple of {v}.")));
    push(bounds(get("minItems"), get("maxItems"), "item", "items"));
    push(
        get("uniqueItems")
            .filter(|v| v.as_bool() == Some(true))
            .map(|_| "Items must be unique.".to_owned()),
    );
    push(bounds(
        get("minProperties"),
        get("maxProperties"),
        "property",
        "properties",
    ));
    push(get("additionalProperties").and_then(|v| match v {
        Value::Bool(false) => Some("No other properties.".to_owned()),
        Value::Bool(true) => None,
        other => Some(format!("Other properties: {}.", quote(other))),
    }));
    push(get("default").map(|v| format!("Default: {}.", quote(v))));
    push(get("examples").map(|v| match v {
        Value::Array(values) => format!("Examples: {}.", list(values)),
        other => format!("Example: {}.", quote(other)),
    }));
    push(get("example").map(|v| format!("Example: {}.", quote(v))));
    push(get("nullable").map(|_| "May be null.".to_owned()));
    push(get("alternatives").map(|v| match v {
        Value::Array(values) => format!("Or: {}.", list(values)),
        other => format!("Or: {}.", quote(other)),
    }));
    const SAID: &[&str] = &[
        "const",
        "enum",
        "format",
        "pattern",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "additionalProperties",
        "default",
        "examples",
        "example",
        "nullable",
        "alternatives",
    ];
    for (keyword, value) in dropped {
        if !SAID.contains(&keyword.as_str()) {
            push(Some(format!("{keyword}: {}.", quote(value))));
        }
    }
    out
}

/// `description` with `sentences` appended (a period is put after the description first if
/// it ends without one).
pub(super) fn append(description: Option<&str>, sentences: &[String]) -> Option<String> {
    if sentences.is_empty() {
        return description.map(str::to_owned);
    }
    let base = description.map(str::trim_end).filter(|d| !d.is_empty());
    let mut text = String::new();
    if let Some(base) = base {
        text.push_str(base);
        if !base.ends_with(['.', '!', '?', ':', ';']) {
            text.push('.');
        }
        text.push(' ');
    }
    text.push_str(&sentences.join(" "));
    Some(text)
}
