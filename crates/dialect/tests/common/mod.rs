//! Helpers shared by the test files: reading the data files, and what a rewritten schema
//! may contain in each profile.

#![allow(dead_code)] // each test file uses some of them

use std::fs;
use std::path::{Path, PathBuf};

use mcp_coerce_dialect::{self as dialect, Dialect};
use serde_json::Value;

pub fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

pub fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1")
}

pub fn read_json(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("a Value serializes");
    text.push('\n');
    text
}

/// `value` with every object's keys in sorted order.
pub fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.clone(), sorted(v)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

pub fn note_lines(notes: &[dialect::Note]) -> Vec<String> {
    notes.iter().map(ToString::to_string).collect()
}

// ---------------------------------------------------------------------------------------
// What a rewritten schema may contain, per profile.

/// Every way `schema` breaks the rules of `dialect` (empty when it keeps them).
pub fn violations(dialect: Dialect, schema: &Value) -> Vec<String> {
    let mut found = Vec::new();
    if dialect == Dialect::Canonical {
        return found;
    }
    check_node(dialect, schema, "", 0, true, &mut found);
    found
}

fn check_node(
    dialect: Dialect,
    node: &Value,
    at: &str,
    depth: usize,
    root: bool,
    found: &mut Vec<String>,
) {
    let mut bad =
        |what: String| found.push(format!("{}: {what}", if at.is_empty() { "/" } else { at }));
    if depth > 200 {
        bad("nested too deep".into());
        return;
    }
    let Some(map) = node.as_object() else {
        bad(format!("not an object: {node}"));
        return;
    };
    let allowed = dialect.keywords().unwrap();
    for key in map.keys() {
        if !allowed.contains(&key.as_str()) {
            bad(format!("keyword {key} not in the allowlist"));
        }
    }
    let names = [
        "object", "array", "string", "number", "integer", "boolean", "null",
    ];
    let types: Vec<&str> = match map.get("type") {
        Some(Value::String(t)) if names.contains(&t.as_str()) => vec![t.as_str()],
        Some(Value::Array(ts)) if dialect == Dialect::OpenAiStrict => {
            ts.iter().filter_map(Value::as_str).collect()
        }
        Some(other) => {
            bad(format!("type {other}"));
            vec![]
        }
        None => vec![],
    };
    if dialect != Dialect::OpenAiStrict && types.contains(&"null") {
        bad("type null".into());
    }
    if types.is_empty() && !map.contains_key("anyOf") {
        bad("neither type nor anyOf".into());
    }
    if types.contains(&"array") && !map.contains_key("items") {
        bad("array without items".into());
    }
    if let Some(values) = map.get("enum") {
        match (dialect, values.as_array()) {
            (Dialect::OpenAiStrict, Some(_)) => {}
            (_, Some(vs)) => {
                if types != ["string"]
                    || !vs.iter().all(|v| v.as_str().is_some_and(|s| !s.is_empty()))
                {
                    bad(format!("enum {values} on type {types:?}"));
                }
            }
            (_, None) => bad(format!("enum {values}")),
        }
    }
    if let Some(format) = map.get("format") {
        let ok: &[&str] = match (dialect, types.first().copied()) {
            (Dialect::Gemini, Some("string")) => &["date-time", "enum"],
            (Dialect::Gemini, Some("integer")) => &["int32", "int64"],
            (Dialect::Gemini, Some("number")) => &["float", "double"],
            (Dialect::OpenAiStrict, _) => &[
                "date",
                "date-time",
                "duration",
                "email",
                "hostname",
                "ipv4",
                "ipv6",
                "time",
                "uuid",
            ],
            _ => &[],
        };
        if !format.as_str().is_some_and(|f| ok.contains(&f)) {
            bad(format!("format {format}"));
        }
    }
    if let Some(d) = map.get("description")
        && !d.is_string()
    {
        bad(format!("description {d}"));
    }
    if dialect == Dialect::Gemini
        && let Some(n) = map.get("nullable")
        && n != &Value::Bool(true)
    {
        bad(format!("nullable {n}"));
    }
    let props = map.get("properties");
    if let Some(props) = props {
        match props.as_object() {
            Some(p) => {
                for (name, child) in p {
                    check_node(
                        dialect,
                        child,
                        &format!("{at}/properties/{name}"),
                        depth + 1,
                        false,
                        found,
                    );
                }
            }
            None => found.push(format!("{at}: properties {props}")),
        }
    }
    let declared: Vec<String> = props
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    if let Some(required) = map.get("required") {
        let listed: Vec<String> = required
            .as_array()
            .map(|r| {
                r.iter()
                    .filter_map(|n| n.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        for name in &listed {
            if !declared.contains(name) {
                found.push(format!("{at}: required {name} is not declared"));
            }
        }
        if dialect == Dialect::OpenAiStrict && listed != declared {
            found.push(format!(
                "{at}: required {listed:?} is not every property {declared:?}"
            ));
        }
    }
    if dialect == Dialect::OpenAiStrict && types.contains(&"object") {
        if map.get("additionalProperties") != Some(&Value::Bool(false)) {
            found.push(format!("{at}: object without additionalProperties: false"));
        }
        if props.is_none() || map.get("required").is_none() {
            found.push(format!("{at}: object without properties and required"));
        }
    }
    if dialect == Dialect::Conservative && root && types.contains(&"object") && props.is_none() {
        found.push("/: root without properties".into());
    }
    if let Some(items) = map.get("items") {
        check_node(
            dialect,
            items,
            &format!("{at}/items"),
            depth + 1,
            false,
            found,
        );
    }
    if let Some(any_of) = map.get("anyOf") {
        match any_of.as_array() {
            Some(branches) if branches.len() >= 2 => {
                for (i, b) in branches.iter().enumerate() {
                    check_node(
                        dialect,
                        b,
                        &format!("{at}/anyOf/{i}"),
                        depth + 1,
                        false,
                        found,
                    );
                }
            }
            _ => found.push(format!("{at}: anyOf {any_of}")),
        }
    }
}

/// Rewriting a rewritten schema with the same profile changes nothing, and the output
/// keeps the profile's rules.
#[track_caller]
pub fn assert_settled(dialect: Dialect, input: &Value) -> dialect::Rewritten {
    let once = dialect::rewrite(input, dialect);
    let twice = dialect::rewrite(&once.schema, dialect);
    assert_eq!(
        twice.schema, once.schema,
        "{dialect}: not idempotent for {input}"
    );
    let broken = violations(dialect, &once.schema);
    assert!(
        broken.is_empty(),
        "{dialect}: {input} became {} which breaks the profile:\n{}",
        once.schema,
        broken.join("\n")
    );
    once
}
