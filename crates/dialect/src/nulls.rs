//! `null` sent for an optional property that the strict profile made nullable.

use std::collections::HashMap;

use serde_json::Value;

use super::refs::resolve_ref;

/// Arguments nested deeper than this are left as they are.
const MAX_ARGUMENT_DEPTH: usize = 64;

/// At most this many schemas (a schema and the members of its `allOf`/`anyOf`/`oneOf`)
/// describe one value.
const MAX_CANDIDATES: usize = 64;

/// At most this many `$ref`s are followed in a row.
const MAX_REF_HOPS: usize = 32;

/// Remove, from tool-call `arguments`, every object member whose value is `null` and whose
/// property is optional in `canonical_schema`, so that the runtime check sees it absent.
///
/// The [`openai-strict`](crate::Dialect::OpenAiStrict) profile lists every property in
/// `required` and makes the optional ones nullable, so a strict client sends `null` for a
/// property it means to leave out. Call this on the arguments before the runtime check
/// (or [`Dialect::normalize_arguments`](crate::Dialect::normalize_arguments), which does it
/// for the strict profile only), with the canonical schema, not the rewritten one.
///
/// The arguments and the schema are walked together: `properties` (and an
/// `additionalProperties` schema) for object members, `items`/`prefixItems` for array
/// elements, through local `$ref`s and `allOf`/`anyOf`/`oneOf` members. A `null` member is
/// removed when a schema there declares the property, none lists it in `required`, and none
/// allows `null` for it (a `null` the canonical schema accepts is a value, not a stand-in
/// for absence, and is kept). A `null` for a required property stays, and the runtime check
/// refuses it. Nothing else changes: members keep their order. Arguments that are not an
/// object (a string holding JSON, say) are left alone; the walk stops at 64 levels of
/// nesting.
///
/// # Examples
///
/// ```
/// use mcp_coerce_dialect::null_as_absent;
/// use serde_json::json;
///
/// let canonical = json!({
///     "type": "object",
///     "properties": {
///         "query": {"type": "string"},
///         "limit": {"type": "integer"},
///         "filter": {
///             "type": "object",
///             "properties": {"tag": {"type": "string"}, "note": {"type": ["string", "null"]}}
///         }
///     },
///     "required": ["query"]
/// });
/// let mut arguments = json!({
///     "query": null,
///     "limit": null,
///     "filter": {"tag": null, "note": null}
/// });
/// null_as_absent(&mut arguments, &canonical);
/// // `query` is required: its null stays (and is refused by the check); `note` allows null.
/// assert_eq!(arguments, json!({"query": null, "filter": {"note": null}}));
/// ```
pub fn null_as_absent(arguments: &mut Value, canonical_schema: &Value) {
    walk(arguments, &[canonical_schema], canonical_schema, 0);
}

fn walk(value: &mut Value, schemas: &[&Value], root: &Value, depth: usize) {
    if depth > MAX_ARGUMENT_DEPTH {
        return;
    }
    let candidates = expand(schemas, root);
    if candidates.is_empty() {
        return;
    }
    match value {
        Value::Object(map) => {
            map.retain(|key, member| !(member.is_null() && optional(key, &candidates, root)));
            for (key, member) in map.iter_mut() {
                let below: Vec<&Value> = candidates
                    .iter()
                    .filter_map(|c| property_schema(c, key))
                    .collect();
                if !below.is_empty() {
                    walk(member, &below, root, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                let below: Vec<&Value> = candidates
                    .iter()
                    .filter_map(|c| item_schema(c, i))
                    .collect();
                if !below.is_empty() {
                    walk(item, &below, root, depth + 1);
                }
            }
        }
        _ => {}
    }
}

/// The schema a `$ref` chain ends at (the schema itself when it is no reference); `None`
/// when a reference does not resolve or the chain is too long.
fn deref<'a>(mut schema: &'a Value, root: &'a Value) -> Option<&'a Value> {
    for _ in 0..MAX_REF_HOPS {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(reference) => schema = resolve_ref(root, reference)?,
            None => return Some(schema),
        }
    }
    None
}

/// The schemas that describe one value: each of `schemas` and, within bounds, the members
/// of their `allOf`, `anyOf` and `oneOf`, with references followed.
fn expand<'a>(schemas: &[&'a Value], root: &'a Value) -> Vec<&'a Value> {
    let mut out: Vec<&Value> = Vec::new();
    let mut queue: Vec<&Value> = schemas.to_vec();
    let mut seen = 0;
    while let Some(schema) = queue.pop() {
        seen += 1;
        if seen > MAX_CANDIDATES * 4 || out.len() >= MAX_CANDIDATES {
            break;
        }
        let Some(schema @ Value::Object(map)) = deref(schema, root) else {
            continue;
        };
        out.push(schema);
        for keyword in ["allOf", "anyOf", "oneOf"] {
            if let Some(Value::Array(members)) = map.get(keyword) {
                queue.extend(members.iter().rev());
            }
        }
    }
    out
}

fn property_schema<'a>(schema: &'a Value, key: &str) -> Option<&'a Value> {
    if let Some(found) = schema.get("properties").and_then(|p| p.get(key)) {
        return Some(found);
    }
    schema.get("additionalProperties").filter(|a| a.is_object())
}

fn item_schema(schema: &Value, index: usize) -> Option<&Value> {
    if let Some(Value::Array(prefix)) = schema.get("prefixItems")
        && let Some(found) = prefix.get(index)
    {
        return Some(found);
    }
    match schema.get("items") {
        Some(Value::Array(tuple)) => tuple.get(index),
        Some(items @ Value::Object(_)) => Some(items),
        _ => None,
    }
}

/// Whether `key` is declared by some candidate, required by none, and nullable in none.
fn optional(key: &str, candidates: &[&Value], root: &Value) -> bool {
    let mut declared = false;
    for candidate in candidates {
        let Some(property) = candidate.get("properties").and_then(|p| p.get(key)) else {
            continue;
        };
        declared = true;
        let required = candidate
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|names| names.iter().any(|n| n == key));
        if required || admits_null(property, root, 0, &mut HashMap::new()) {
            return false;
        }
    }
    declared
}

/// Whether `schema` accepts `null` (when unsure, `true`: the `null` is then kept).
///
/// `known` holds the answer for each schema object already judged (by address in `root`),
/// so that references shared by many `anyOf`/`allOf` members (a DAG, which a walk as a
/// tree would visit exponentially often) are judged once; a schema met again while it is
/// being judged (a cycle) counts as admitting `null`.
fn admits_null(
    schema: &Value,
    root: &Value,
    depth: usize,
    known: &mut HashMap<*const Value, bool>,
) -> bool {
    if depth > MAX_REF_HOPS {
        return true;
    }
    let Some(schema) = deref(schema, root) else {
        return true;
    };
    let key: *const Value = schema;
    if let Some(&answer) = known.get(&key) {
        return answer;
    }
    // Provisional, for cycles: unsure means `true`.
    known.insert(key, true);
    let answer = judge(schema, root, depth, known);
    known.insert(key, answer);
    answer
}

/// [`admits_null`] for one schema, references resolved.
fn judge(
    schema: &Value,
    root: &Value,
    depth: usize,
    known: &mut HashMap<*const Value, bool>,
) -> bool {
    let map = match schema {
        Value::Object(map) => map,
        Value::Bool(allowed) => return *allowed,
        _ => return true,
    };
    if map.get("nullable") == Some(&Value::Bool(true)) {
        return true;
    }
    let by_type = match map.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(names)) => names.iter().any(|n| n == "null"),
        _ => true,
    };
    if !by_type {
        return false;
    }
    if let Some(Value::Array(values)) = map.get("enum")
        && !values.iter().any(Value::is_null)
    {
        return false;
    }
    if let Some(value) = map.get("const")
        && !value.is_null()
    {
        return false;
    }
    for keyword in ["anyOf", "oneOf"] {
        if let Some(Value::Array(members)) = map.get(keyword)
            && !members
                .iter()
                .any(|m| admits_null(m, root, depth + 1, known))
        {
            return false;
        }
    }
    if let Some(Value::Array(members)) = map.get("allOf")
        && !members
            .iter()
            .all(|m| admits_null(m, root, depth + 1, known))
    {
        return false;
    }
    true
}
