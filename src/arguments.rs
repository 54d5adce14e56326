//! The rules for the arguments as a whole (docs/contract.md, "Third revision"), as plain
//! functions over the arguments object and the declared field names, so that the typed
//! engine and the schema engine apply the same ones.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::decode::{self, Held};
use crate::issue::{Code, Input, Issue, Rejection};
use crate::report::{Coercion, Rule};

/// The keys models wrap a tool's arguments in.
pub(crate) const WRAPPER_KEYS: [&str; 6] = [
    "arguments",
    "parameters",
    "params",
    "input",
    "args",
    "kwargs",
];

/// The keys of the arguments in a repeated tool-call envelope (`{"name", "arguments"}`).
const ENVELOPE_KEYS: [&str; 2] = ["arguments", "parameters"];

pub(crate) fn is_wrapper_key(key: &str) -> bool {
    WRAPPER_KEYS.contains(&key)
}

/// What whole arguments sent as a JSON string hold.
pub(crate) enum Text<'t> {
    /// `""`, or only whitespace: no arguments, as `null` is.
    Blank,
    /// JSON text of an object: the trimmed text, which starts with `{`.
    Object(&'t str),
    /// A JSON string literal: the text of the next layer, or why it is not a valid literal.
    Layer(Result<Cow<'t, str>, serde_json::Error>),
    /// A fenced block (its trimmed text starts with three backticks).
    Fenced,
    /// Anything else (plain text, an array, a number).
    Other,
}

/// What the string `s`, sent as the whole arguments, holds.
pub(crate) fn text_of(s: &str) -> Text<'_> {
    match decode::held(s, b'{') {
        Held::Json(t) => Text::Object(t),
        Held::Layer(layer) => Text::Layer(layer),
        Held::Plain("") => Text::Blank,
        Held::Plain(t) if t.starts_with("```") => Text::Fenced,
        Held::Plain(_) => Text::Other,
    }
}

/// The hint of a fenced block sent as the arguments.
pub(crate) const FENCE_HINT: &str = "send the object itself, without the ``` fence";

/// The key of `map` to read the arguments from, if `map` wraps them (docs/contract.md,
/// "Arguments as a whole": the wrapper rows).
pub(crate) fn wrapper<'m>(
    map: &'m Map<String, Value>,
    declared: &[&str],
    tool: Option<&str>,
) -> Option<&'m str> {
    if declared.is_empty() || map.len() > 2 {
        return None;
    }
    let undeclared = |key: &str| !declared.contains(&key);
    let key = match map.len() {
        1 => map
            .keys()
            .next()
            .filter(|k| is_wrapper_key(k) && undeclared(k))?,
        2 => {
            let name = map.get("name").and_then(Value::as_str)?;
            if tool.is_some_and(|tool| tool != name) || !undeclared("name") {
                return None;
            }
            let (key, _) = map
                .iter()
                .find(|(k, _)| ENVELOPE_KEYS.contains(&k.as_str()) && undeclared(k))?;
            key
        }
        _ => return None,
    };
    map.get(key)
        .filter(|v| holds_object(v))
        .map(|_| key.as_str())
}

/// Whether `value` is an object, or a string holding JSON text of one (at most two layers).
pub(crate) fn holds_object(value: &Value) -> bool {
    match value {
        Value::Object(_) => true,
        Value::String(s) => object_in(s).is_some(),
        _ => false,
    }
}

/// The object the string `s` holds as JSON text (at most two layers of string encoding).
pub(crate) fn object_in(s: &str) -> Option<Map<String, Value>> {
    fn peel(s: &str, layer: u8) -> Option<Map<String, Value>> {
        match text_of(s) {
            Text::Object(t) => serde_json::from_str(t).ok(),
            Text::Layer(Ok(inner)) if layer < decode::MAX_LAYERS => peel(&inner, layer + 1),
            _ => None,
        }
    }
    peel(s, 1)
}

/// The undeclared wrapper key of `map` whose object holds `field` (a missing field sent inside
/// it).
pub(crate) fn sent_inside<'m>(
    map: &'m Map<String, Value>,
    field: &str,
    declared: &[&str],
) -> Option<&'m str> {
    map.iter()
        .find(|(key, value)| {
            is_wrapper_key(key)
                && !declared.contains(&key.as_str())
                && matches!(value, Value::Object(inner) if inner.contains_key(field))
        })
        .map(|(key, _)| key.as_str())
}

pub(crate) use crate::rules::fold::{folded, folds_to};

/// Keys longer than this (in bytes) are never folded or compared with field names.
pub(crate) const MAX_KEY_BYTES: usize = 256;

/// A key read as a declared field after folding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fold<'k> {
    pub(crate) key: &'k str,
    /// The index of the field in the declared names.
    pub(crate) field: usize,
    /// The field is named by another key too: `duplicate_key` at the field's path.
    pub(crate) clash: bool,
}

/// What [`fold_into`] did to one key.
pub(crate) enum Folded<'a> {
    /// `key` was moved to the field `name`: a `key_fold` step ([`fold_note`]).
    Moved { key: &'a str, name: &'a str },
    /// `key` folds to `name`, which another key names too: `duplicate_key` at `name`.
    Clash { key: &'a str, name: &'a str },
    /// The value of a folded key whose field is held under its own spelling: left out.
    Dropped(Value),
}

/// `map` with keys that fold to a declared field ([`key_folds`]) moved to the field; `on` hears
/// each move, clash and drop.
pub(crate) fn fold_into(
    map: &mut Map<String, Value>,
    declared: &[&str],
    mut on: impl FnMut(Folded<'_>),
) {
    let folds: Vec<(String, usize, bool)> = key_folds(map.keys().map(String::as_str), declared)
        .into_iter()
        .map(|f| (f.key.to_owned(), f.field, f.clash))
        .collect();
    let mut clashed: Vec<usize> = Vec::new();
    for (key, field, clash) in folds {
        let Some(name) = declared.get(field).copied() else {
            continue;
        };
        let Some(value) = map.remove(&key) else {
            continue;
        };
        if clash && !clashed.contains(&field) {
            clashed.push(field);
            on(Folded::Clash { key: &key, name });
        }
        if map.contains_key(name) {
            on(Folded::Dropped(value));
            continue;
        }
        map.insert(name.to_owned(), value);
        on(Folded::Moved { key: &key, name });
    }
}

/// The `key_fold` step of `key` read as the field `name` (the caller puts the path in front).
pub(crate) fn fold_note(key: &str, name: &str) -> Coercion {
    Coercion::new(
        Rule::KeyFold,
        Some(Input::from_text(key)),
        Some(Input::Text(name.to_owned())),
    )
}

/// The keys of `keys` naming no declared field but folding to exactly one ([`folds_to`]); folds
/// onto a field named twice are clashes.
pub(crate) fn key_folds<'k>(
    keys: impl IntoIterator<Item = &'k str>,
    declared: &[&str],
) -> Vec<Fold<'k>> {
    let mut out: Vec<Fold<'k>> = Vec::new();
    let mut spelled: Vec<usize> = Vec::new();
    for key in keys {
        if let Some(i) = declared.iter().position(|f| *f == key) {
            spelled.push(i);
            continue;
        }
        if key.len() > MAX_KEY_BYTES {
            continue;
        }
        let mut matches = declared
            .iter()
            .enumerate()
            .filter(|(_, f)| folds_to(key, f))
            .map(|(i, _)| i);
        if let (Some(field), None) = (matches.next(), matches.next()) {
            out.push(Fold {
                key,
                field,
                clash: false,
            });
        }
    }
    for n in 0..out.len() {
        let field = out[n].field;
        let folds = out.iter().filter(|f| f.field == field).count();
        out[n].clash = folds > 1 || spelled.contains(&field);
    }
    out
}

/// How many edits from a field's folded name make a misspelling: `min(2, len / 3)`.
pub(crate) fn near_limit(folded_len: usize) -> usize {
    (folded_len / 3).min(2)
}

/// For each field of `absent`, the one unknown key within [`near_limit`] edits of it.
pub(crate) fn near_misses<'k>(absent: &[&str], unknown: &[&'k str]) -> Vec<Option<&'k str>> {
    use crate::rules::fold::distance_within;
    let fields: Vec<Vec<char>> = absent.iter().map(|f| folded(f).collect()).collect();
    // The nearest key for each field: (distance, key, whether another is as near).
    let mut best: Vec<Option<(usize, &'k str, bool)>> = vec![None; absent.len()];
    if fields.is_empty() {
        return Vec::new();
    }
    // One buffer for every key's folded chars: no allocation per key.
    let mut sent: Vec<char> = Vec::new();
    for &key in unknown {
        if key.len() > MAX_KEY_BYTES {
            continue;
        }
        sent.clear();
        sent.extend(folded(key));
        if sent.is_empty() {
            continue;
        }
        let mut close = fields.iter().enumerate().filter_map(|(i, f)| {
            let limit = near_limit(f.len());
            (limit > 0)
                .then(|| distance_within(&sent, f, limit))
                .flatten()
                .filter(|d| *d > 0)
                .map(|d| (i, d))
        });
        let (Some((field, distance)), None) = (close.next(), close.next()) else {
            continue;
        };
        best[field] = match best[field] {
            None => Some((distance, key, false)),
            Some((d, k, _)) if d == distance => Some((d, k, true)),
            Some((d, k, tie)) if d < distance => Some((d, k, tie)),
            Some(_) => Some((distance, key, false)),
        };
    }
    best.into_iter()
        .map(|b| b.and_then(|(_, key, tie)| (!tie).then_some(key)))
        .collect()
}

/// The arguments object with the arguments-as-a-whole rules applied, and (with `report`) its
/// steps.
pub(crate) fn object(value: Value, report: bool) -> Result<(Value, Vec<Coercion>), Rejection> {
    match value {
        Value::String(text) if report => match decode_string_arguments(&text, 1)? {
            Decoded::Object(object, layers) => {
                let unwrapped = unwrapped(&text, &object, layers);
                Ok((object, unwrapped))
            }
            Decoded::Blank => Ok((
                Value::Object(Map::new()),
                vec![Coercion::new(
                    Rule::EmptyAsAbsent,
                    Some(Input::from_text(&text)),
                    None,
                )],
            )),
        },
        other => object_plain(other).map(|object| (object, Vec::new())),
    }
}

/// The arguments object, with the "arguments as a whole" rules applied.
pub(crate) fn object_plain(value: Value) -> Result<Value, Rejection> {
    if let Value::Object(map) = &value {
        refuse_key_encoded(map)?;
        return Ok(value);
    }
    match value {
        Value::Null => Ok(Value::Object(Map::new())),
        Value::String(text) => match decode_string_arguments(&text, 1)? {
            Decoded::Object(object, _) => Ok(object),
            Decoded::Blank => Ok(Value::Object(Map::new())),
        },
        other => {
            let refused = not_an_object(&other);
            // A `Value` built in code may be nested deeper than its own drop can recurse.
            crate::value::drop_flat(other);
            Err(refused)
        }
    }
}

/// One `args_unwrapped` coercion per layer peeled from `text` to reach `object`.
#[cold]
fn unwrapped(text: &str, object: &Value, layers: u8) -> Vec<Coercion> {
    // Each layer by its length and the object by its size, never their content (a field
    // marked secret may be inside).
    let members = match object {
        Value::Object(map) => map.len(),
        _ => 0,
    };
    let mut layer = text.to_owned();
    let mut out = Vec::new();
    for n in 0..layers {
        let from = crate::report::encoded(&layer);
        let last = n + 1 == layers;
        let inner = if last {
            String::new()
        } else {
            decode::literal_text(&layer).unwrap_or_default()
        };
        let to = if last {
            crate::report::members(members)
        } else {
            crate::report::encoded(&inner)
        };
        out.push(Coercion::new(Rule::ArgsUnwrapped, from, to));
        layer = inner;
    }
    out
}

/// What a string sent as the whole arguments held.
enum Decoded {
    /// The arguments object, and how many layers of string encoding were peeled to reach it.
    Object(Value, u8),
    /// `""` or only whitespace: no arguments.
    Blank,
}

/// A string holding the arguments object, peeled one `layer` at a time (two at most).
fn decode_string_arguments(text: &str, layer: u8) -> Result<Decoded, Rejection> {
    peel(text, text, layer)
}

/// [`decode_string_arguments`] of `text`, the layer `layer` of the string `arrived`.
fn peel(text: &str, arrived: &str, layer: u8) -> Result<Decoded, Rejection> {
    let invalid = |e: serde_json::Error| {
        let issue = decode::invalid_json(&decode::ARGUMENTS, &e, text, text);
        Rejection::new([issue])
    };
    match text_of(text) {
        Text::Object(t) => match serde_json::from_str::<Value>(t).map_err(invalid)? {
            Value::Object(map) => {
                refuse_key_encoded(&map)?;
                Ok(Decoded::Object(Value::Object(map), layer))
            }
            _ => Err(not_an_object(&Value::String(arrived.to_owned()))),
        },
        Text::Blank => Ok(Decoded::Blank),
        Text::Layer(Ok(inner)) if layer < decode::MAX_LAYERS => peel(&inner, arrived, layer + 1),
        Text::Layer(Ok(_)) | Text::Other => Err(not_an_object(&Value::String(arrived.to_owned()))),
        Text::Layer(Err(e)) => Err(invalid(e)),
        Text::Fenced => Err(fenced(arrived)),
    }
}

/// A fenced block (```` ```json ... ``` ````) sent as the arguments.
#[cold]
fn fenced(text: &str) -> Rejection {
    Rejection::new([Issue::new(
        Code::InvalidJson,
        "expected the arguments object, got a fenced block",
    )
    .with_input(Input::from_text(text))
    .with_hint(FENCE_HINT)])
}

#[cold]
pub(crate) fn not_an_object(value: &Value) -> Rejection {
    let got = match value {
        Value::String(_) => "a string that does not hold one",
        other => crate::issue::kind_of(other),
    };
    Rejection::new([Issue::new(
        Code::InvalidType,
        format!("expected the arguments object, got {got}"),
    )
    .with_input(Input::from_value(value))
    .with_hint("send the arguments as a JSON object of the fields the inputSchema lists, e.g. {\"field\": \"value\"}")])
}

/// Arguments encoded into a key: `{"{\"card_id\":\"X\"}": null}`.
pub(crate) fn refuse_key_encoded(map: &Map<String, Value>) -> Result<(), Rejection> {
    if map.len() != 1 {
        return Ok(());
    }
    let Some((key, Value::Null)) = map.iter().next() else {
        return Ok(());
    };
    if key.trim_start().starts_with('{') && serde_json::from_str::<Map<String, Value>>(key).is_ok()
    {
        return Err(Rejection::new([Issue::new(
            Code::InvalidType,
            "expected the arguments object, got an object whose only key is the arguments as JSON text",
        )
        .with_input(Input::Text(crate::words::truncate(key)))
        .with_hint("arguments appear to be double-encoded: send the object itself")]));
    }
    Ok(())
}

/// The `invalid_json` refusal of arguments whose text is not JSON at all.
#[cold]
pub(crate) fn not_json(json: &[u8], e: &serde_json::Error) -> Rejection {
    let text = String::from_utf8_lossy(json);
    let (what, offset) = decode::json_error(e, &text);
    Rejection::new([Issue::new(
        Code::InvalidJson,
        format!("arguments are not valid JSON: {what}"),
    )
    .with_input(Input::from_text(&String::from_utf8_lossy(
        &json[..json.len().min(256)],
    )))
    .with_hint(
        "send the arguments as a JSON object of the fields the inputSchema lists, e.g. {\"field\": \"value\"}",
    )
    .with_context("offset", offset)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    #[test]
    fn texts() {
        assert!(matches!(text_of(""), Text::Blank));
        assert!(matches!(text_of(" \n\t"), Text::Blank));
        assert!(matches!(
            text_of(r#" {"a": 1} "#),
            Text::Object(r#"{"a": 1}"#)
        ));
        assert!(matches!(text_of(r#""{}""#), Text::Layer(Ok(_))));
        assert!(matches!(text_of("```json\n{}\n```"), Text::Fenced));
        assert!(matches!(text_of("[1]"), Text::Other));
        assert!(matches!(text_of("hello"), Text::Other));
    }

    #[test]
    fn wrappers() {
        let declared = ["card_id"];
        let table: [(Value, Option<&str>, Option<&str>); 11] = [
            (
                json!({"arguments": {"card_id": "x"}}),
                None,
                Some("arguments"),
            ),
            (
                json!({"kwargs": "{\"card_id\": \"x\"}"}),
                None,
                Some("kwargs"),
            ),
            (json!({"input": "\"{}\""}), None, Some("input")),
            (json!({"input": "[1]"}), None, None),
            (json!({"input": 5}), None, None),
            (json!({"other": {"card_id": "x"}}), None, None),
            (
                json!({"name": "t", "arguments": {}}),
                None,
                Some("arguments"),
            ),
            (
                json!({"name": "t", "parameters": {}}),
                Some("t"),
                Some("parameters"),
            ),
            (json!({"name": "u", "arguments": {}}), Some("t"), None),
            (json!({"name": 1, "arguments": {}}), None, None),
            (json!({"arguments": {}, "card_id": "x"}), None, None),
        ];
        for (value, tool, want) in table {
            assert_eq!(
                wrapper(&map(value.clone()), &declared, tool),
                want,
                "{value}"
            );
        }
        // A declared wrapper key is a field; a free map is never unwrapped.
        let args = map(json!({"input": {}}));
        assert_eq!(wrapper(&args, &["input"], None), None);
        assert_eq!(wrapper(&args, &[], None), None);
        let envelope = map(json!({"name": "t", "arguments": {}}));
        assert_eq!(wrapper(&envelope, &["name", "x"], None), None);
    }

    #[test]
    fn sent_inside_a_wrapper() {
        let args = map(json!({"arguments": {"card_id": "x"}, "other": 1}));
        assert_eq!(
            sent_inside(&args, "card_id", &["card_id"]),
            Some("arguments")
        );
        assert_eq!(sent_inside(&args, "limit", &["card_id"]), None);
        assert_eq!(
            sent_inside(&args, "card_id", &["card_id", "arguments"]),
            None
        );
    }

    #[test]
    fn folds() {
        let declared = ["order_by", "limit", "a_b", "ab"];
        assert_eq!(
            key_folds(["orderBy", "Limit", "AB"], &declared),
            [
                Fold {
                    key: "orderBy",
                    field: 0,
                    clash: false
                },
                Fold {
                    key: "Limit",
                    field: 1,
                    clash: false
                },
            ]
        );
        assert_eq!(
            key_folds(["order-by", "limit", "LIMIT"], &declared),
            [
                Fold {
                    key: "order-by",
                    field: 0,
                    clash: false
                },
                Fold {
                    key: "LIMIT",
                    field: 1,
                    clash: true
                },
            ]
        );
        assert_eq!(
            key_folds(["orderBy", "OrderBy"], &declared),
            [
                Fold {
                    key: "orderBy",
                    field: 0,
                    clash: true
                },
                Fold {
                    key: "OrderBy",
                    field: 0,
                    clash: true
                },
            ]
        );
        assert_eq!(key_folds(["limt", "order_by"], &declared), []);
    }

    #[test]
    fn near() {
        assert_eq!(near_limit(1), 0);
        assert_eq!(near_limit(2), 0);
        assert_eq!(near_limit(5), 1);
        assert_eq!(near_limit(6), 2);
        assert_eq!(near_limit(20), 2);
        assert_eq!(near_misses(&["limit"], &["limt"]), [Some("limt")]);
        assert_eq!(near_misses(&["query"], &["querry"]), [Some("querry")]);
        assert_eq!(near_misses(&["limit"], &["lmt"]), [None]);
        assert_eq!(near_misses(&["id"], &["ix"]), [None]);
        // Tied keys name neither; a key close to two fields names neither.
        assert_eq!(near_misses(&["limit"], &["limt", "limi"]), [None]);
        assert_eq!(
            near_misses(&["abcdef", "abcdeg"], &["abcdex"]),
            [None, None]
        );
        assert_eq!(
            near_misses(&["project"], &["projct", "prjct"]),
            [Some("projct")]
        );
    }
}
