//! JSON helpers shared by the kit's checks: JSON Pointers, local `$ref`s, JSON types,
//! equality with numbers compared by value.

use serde_json::{Map, Value};

/// Hops followed through a chain of `$ref`s before giving up (a cycle, or a chain longer
/// than any schema needs).
pub(crate) const MAX_REF_HOPS: usize = 32;

/// `key` as one JSON Pointer segment (RFC 6901: `~` as `~0`, `/` as `~1`), with its `/`.
pub(crate) fn segment(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 1);
    out.push('/');
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

/// The longest pointer the kit reports, in bytes: past it a pointer ends in [`CUT`] (and
/// its children's pointers are the same), so that long keys deep in a schema cost memory
/// in proportion to the input, not to its size times its depth.
pub(crate) const MAX_POINTER_BYTES: usize = 1024;

/// The last segment of a pointer cut at [`MAX_POINTER_BYTES`].
pub(crate) const CUT: &str = "/…";

/// A tool's name as findings and changes carry it: cut to [`MAX_POINTER_BYTES`] (at a
/// char boundary, ending in `…`), so that a huge name is not copied into each of them
/// whole.
pub(crate) fn shown_name(name: &str) -> String {
    if name.len() <= MAX_POINTER_BYTES {
        return name.to_owned();
    }
    let mut end = MAX_POINTER_BYTES;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &name[..end])
}

/// `base` followed by the segment `key` (cut: see [`MAX_POINTER_BYTES`]).
pub(crate) fn join(base: &str, key: &str) -> String {
    if base.ends_with(CUT) {
        return base.to_owned();
    }
    // A key longer than the limit cannot fit, whatever its escaping.
    if base.len() + key.len() + 1 > MAX_POINTER_BYTES {
        return format!("{base}{CUT}");
    }
    let segment = segment(key);
    if base.len() + segment.len() > MAX_POINTER_BYTES {
        return format!("{base}{CUT}");
    }
    let mut out = base.to_owned();
    out.push_str(&segment);
    out
}

/// `base` followed by the array index `index` (cut: see [`MAX_POINTER_BYTES`]).
pub(crate) fn join_index(base: &str, index: usize) -> String {
    if base.ends_with(CUT) {
        return base.to_owned();
    }
    if base.len() + 21 > MAX_POINTER_BYTES {
        return format!("{base}{CUT}");
    }
    format!("{base}/{index}")
}

/// The value at a local reference (`#`, `#/$defs/Name`, any `#/...` pointer) in `root`.
pub(crate) fn local_ref<'v>(root: &'v Value, reference: &str) -> Option<&'v Value> {
    root.pointer(&ref_pointer(reference)?)
}

/// The JSON Pointer a local `$ref` names: its fragment, `%XX` escapes decoded (a URI
/// fragment escapes what a pointer does not: `#/$defs/a%20b` is `/$defs/a b`).
pub(crate) fn ref_pointer(reference: &str) -> Option<String> {
    reference.strip_prefix('#').map(percent_decode)
}

/// `%XX` escapes decoded (a `$ref` is a URI fragment); anything malformed stays as it is.
fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8()
        .map_or_else(|_| text.to_owned(), std::borrow::Cow::into_owned)
}

/// `node` with its `$ref` chain followed in `root` (at most [`MAX_REF_HOPS`] hops), and
/// the JSON Pointer of where it ended, starting from `at`. A reference that does not
/// resolve, or a chain too long, ends where it stopped; `Err` carries that place.
pub(crate) fn resolve<'v>(
    root: &'v Value,
    node: &'v Value,
    at: &str,
) -> Result<(&'v Value, String), (&'v Value, String)> {
    let mut node = node;
    let mut at = at.to_owned();
    for _ in 0..MAX_REF_HOPS {
        let Some(reference) = node.get("$ref").and_then(Value::as_str) else {
            return Ok((node, at));
        };
        match local_ref(root, reference) {
            Some(target) => {
                node = target;
                at = ref_pointer(reference).unwrap_or_default();
            }
            None => return Err((node, at)),
        }
    }
    Err((node, at))
}

/// The JSON type of a value, as JSON Schema names it (`integer` for a number without a
/// fractional part).
pub(crate) fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(n) if n.as_f64().is_some_and(|f| f.fract() == 0.0) => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The names a schema's `type` lists (one string or an array of them), if it has one.
pub(crate) fn types(schema: &Value) -> Option<Vec<&str>> {
    types_in(schema.as_object()?)
}

/// [`types`] of a schema object.
pub(crate) fn types_in(schema: &Map<String, Value>) -> Option<Vec<&str>> {
    match schema.get("type")? {
        Value::String(t) => Some(vec![t.as_str()]),
        Value::Array(ts) => Some(ts.iter().filter_map(Value::as_str).collect()),
        _ => None,
    }
}

/// JSON equality, with numbers compared by value (`10` equals `10.0`).
pub(crate) fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => match (x.as_u64(), y.as_u64()) {
                (Some(x), Some(y)) => x == y,
                _ => x.as_f64() == y.as_f64(),
            },
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// The string members of a schema's `required`.
pub(crate) fn required(schema: &Value) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// A schema's `properties`, if it is an object.
pub(crate) fn properties(schema: &Value) -> Option<&Map<String, Value>> {
    schema.get("properties").and_then(Value::as_object)
}

/// A value cut to `max` chars of its compact JSON text, for messages.
pub(crate) fn short(value: &Value, max: usize) -> String {
    let text = value.to_string();
    if text.chars().count() <= max {
        return text;
    }
    let mut cut: String = text.chars().take(max).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pointers_escape_tilde_and_slash() {
        assert_eq!(join("/properties", "a/b~c"), "/properties/a~1b~0c");
        assert_eq!(join_index("/enum", 2), "/enum/2");
    }

    #[test]
    fn refs_resolve_and_cycles_stop() {
        let root = json!({"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"type": "string"},
                          "C": {"$ref": "#/$defs/C"}, "D%": {"type": "integer"}}});
        let a = &root["$defs"]["A"];
        assert_eq!(
            resolve(&root, a, "/x").map(|(v, at)| (v.clone(), at)),
            Ok((json!({"type": "string"}), "/$defs/B".to_owned()))
        );
        assert!(resolve(&root, &root["$defs"]["C"], "/y").is_err());
        assert!(resolve(&root, &json!({"$ref": "#/nowhere"}), "/z").is_err());
        assert_eq!(
            local_ref(&root, "#/$defs/D%25"),
            Some(&json!({"type": "integer"}))
        );
    }

    #[test]
    fn types_and_equality() {
        assert_eq!(json_type(&json!(2.0)), "integer");
        assert_eq!(json_type(&json!(2.5)), "number");
        assert_eq!(
            types(&json!({"type": ["string", "null"]})),
            Some(vec!["string", "null"])
        );
        assert!(same(&json!({"a": [10]}), &json!({"a": [10.0]})));
        assert!(!same(&json!([1]), &json!([1, 2])));
        assert_eq!(short(&json!("abcdef"), 4), "\"abc…");
    }
}
