//! JSON-RPC messages as the bytes they arrived as: ids as keys, members located in the
//! original text, and one member replaced with every other byte kept.

use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;
use std::fmt;

/// The MCP 2026-07-28 revision: the first without the `initialize` handshake (each request
/// names its version in `_meta`), and whose results carry `resultType`.
pub const STATELESS_REVISION: &str = "2026-07-28";

/// The `_meta` key under which a request of the 2026-07-28 revision names its protocol
/// version.
pub const PROTOCOL_VERSION_META_KEY: &str = "io.modelcontextprotocol/protocolVersion";

/// An id as a map key: strings and numbers are distinct (`"1"` is not `1`); other values
/// (`null`, objects) are no id of a request the proxy follows.
///
/// ```
/// use mcp_coerce_proxy::message::id_key;
/// use serde_json::json;
///
/// assert_eq!(id_key(&json!(1)), Some("n:1".to_owned()));
/// assert_eq!(id_key(&json!("1")), Some("s:1".to_owned()));
/// assert_eq!(id_key(&json!(null)), None);
/// ```
pub fn id_key(id: &Value) -> Option<String> {
    match id {
        Value::String(s) => Some(format!("s:{s}")),
        Value::Number(n) => Some(format!("n:{n}")),
        _ => None,
    }
}

/// Whether a protocol version is the 2026-07-28 revision or later (versions are dates, so
/// they compare as text).
pub fn is_stateless(version: &str) -> bool {
    version >= STATELESS_REVISION
}

/// The members of the JSON object `text`, in order, each with its value as the exact text
/// it has there; `None` when `text` is not one object.
pub fn raw_members(text: &str) -> Option<Vec<(String, &RawValue)>> {
    struct Members;
    impl<'de> Visitor<'de> for Members {
        type Value = Vec<(String, &'de RawValue)>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut members = Vec::new();
            while let Some(key) = map.next_key::<String>()? {
                let value: &'de RawValue = map.next_value()?;
                members.push((key, value));
            }
            Ok(members)
        }
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let members = (&mut de).deserialize_map(Members).ok()?;
    de.end().ok()?;
    Some(members)
}

/// The elements of the JSON array `text`, each as the exact text it has there; `None` when
/// `text` is not one array.
pub fn raw_elements(text: &str) -> Option<Vec<&RawValue>> {
    serde_json::from_str::<Vec<&RawValue>>(text).ok()
}

/// The value at `path` (object keys from the root) of the JSON text `text`, as its exact
/// text; `None` when a key is absent, repeated in its object (which one the peer reads is
/// its parser's choice), or names a member of something that is not an object.
fn locate<'a>(text: &'a str, path: &[&str]) -> Option<&'a str> {
    let mut here = text;
    for key in path {
        let members = raw_members(here)?;
        let mut found = members.iter().filter(|(k, _)| k == key);
        let (_, value) = found.next()?;
        if found.next().is_some() {
            return None;
        }
        here = value.get();
    }
    Some(here)
}

/// `text` with the value at `path` replaced by `replacement` (JSON text), every other byte
/// as it was; `None` when no single value is there (a key absent, or repeated in its
/// object: which one the peer reads is its parser's choice).
///
/// ```
/// use mcp_coerce_proxy::message::splice;
///
/// let line = r#"{"id":1, "params": {"name":"t","arguments": {"n":"5"} ,"x":[ 1 ]}}"#;
/// assert_eq!(
///     splice(line, &["params", "arguments"], r#"{"n":5}"#).as_deref(),
///     Some(r#"{"id":1, "params": {"name":"t","arguments": {"n":5} ,"x":[ 1 ]}}"#),
/// );
/// assert_eq!(splice(r#"{"a":1,"a":2}"#, &["a"], "3"), None);
/// ```
pub fn splice(text: &str, path: &[&str], replacement: &str) -> Option<String> {
    let found = locate(text, path)?;
    let start = (found.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let end = start.checked_add(found.len())?;
    let (before, after) = (text.get(..start)?, text.get(end..)?);
    let mut out = String::with_capacity(before.len() + replacement.len() + after.len());
    out.push_str(before);
    out.push_str(replacement);
    out.push_str(after);
    Some(out)
}

/// `text` with the value at `path` replaced by `value`: spliced where the path names one
/// value, else the whole message as `whole` re-serialized.
pub fn replace(text: &str, path: &[&str], value: &Value, whole: impl FnOnce() -> Value) -> String {
    let replacement = value.to_string();
    splice(text, path, &replacement).unwrap_or_else(|| whole().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_splice(text: &str, path: &[&str], replacement: &str, want: Option<&str>) {
        assert_eq!(splice(text, path, replacement).as_deref(), want, "{text}");
    }

    #[test]
    fn splices_keep_every_other_byte() {
        let rows: &[(&str, &[&str], &str, Option<&str>)] = &[
            (r#"{"a":1}"#, &["a"], "2", Some(r#"{"a":2}"#)),
            (
                r#" { "a" : "x" , "b":{} } "#,
                &["a"],
                "[]",
                Some(r#" { "a" : [] , "b":{} } "#),
            ),
            (
                r#"{"params":{"arguments":"{\"n\":\"1\"}","name":"é"}}"#,
                &["params", "arguments"],
                r#"{"n":1}"#,
                Some(r#"{"params":{"arguments":{"n":1},"name":"é"}}"#),
            ),
            (
                r#"{"p\u0061rams":{"a":1}}"#,
                &["params", "a"],
                "2",
                Some(r#"{"p\u0061rams":{"a":2}}"#),
            ),
            (r#"{"a":1}"#, &["b"], "2", None),
            (r#"{"a":1,"a":1}"#, &["a"], "2", None),
            (r#"{"a":[1]}"#, &["a", "0"], "2", None),
            (r#"[1]"#, &["a"], "2", None),
            (r#"{"a":1} x"#, &["a"], "2", None),
        ];
        for (text, path, replacement, want) in rows {
            check_splice(text, path, replacement, *want);
        }
    }

    #[test]
    fn ids_and_versions() {
        assert_eq!(id_key(&serde_json::json!(-1.5)), Some("n:-1.5".to_owned()));
        assert_eq!(id_key(&serde_json::json!({})), None);
        assert!(is_stateless("2026-07-28"));
        assert!(is_stateless("2027-01-01"));
        assert!(!is_stateless("2025-11-25"));
    }
}
