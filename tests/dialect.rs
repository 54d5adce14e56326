//! Schema dialects: one fixture per profile rule (each from a reported failure, cited in the
//! fixture), golden snapshots of a demo-like schema in every profile, `$ref` inlining and
//! cycles, `null_as_absent`, and properties (no panic, idempotent, keywords within the
//! profile's allowlist).
//!
//! `UPDATE_GOLDEN=1 cargo test --test dialect` rewrites the golden files and the
//! `expected`/`notes` of the rule fixtures from the current output; review the diff.

use std::fs;
use std::path::{Path, PathBuf};

use mcp_coerce::dialect::{self, Dialect, NoteKind, inline_refs, null_as_absent};
use proptest::prelude::*;
use serde_json::{Value, json};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dialect")
        .join(rel)
}

fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1")
}

fn read_json(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn pretty(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("a Value serializes");
    text.push('\n');
    text
}

/// `value` with every object's keys in sorted order.
fn sorted(value: &Value) -> Value {
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

fn note_lines(notes: &[dialect::Note]) -> Vec<String> {
    notes.iter().map(ToString::to_string).collect()
}

// ---------------------------------------------------------------------------------------
// What a rewritten schema may contain, per profile.

/// Every way `schema` breaks the rules of `dialect` (empty when it keeps them).
fn violations(dialect: Dialect, schema: &Value) -> Vec<String> {
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
fn assert_settled(dialect: Dialect, input: &Value) -> dialect::Rewritten {
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

// ---------------------------------------------------------------------------------------
// One fixture per rule.

fn rule_fixtures() -> Vec<(PathBuf, Value)> {
    let mut paths: Vec<PathBuf> = fs::read_dir(data("rules"))
        .expect("tests/data/dialect/rules exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| (p.clone(), read_json(&p)))
        .collect()
}

#[test]
fn every_rule_fixture_rewrites_exactly() {
    let mut failures = Vec::new();
    for (path, mut fixture) in rule_fixtures() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let dialect: Dialect = fixture["dialect"]
            .as_str()
            .expect("a dialect name")
            .parse()
            .expect("a known dialect");
        let out = dialect::rewrite(&fixture["schema"], dialect);
        let notes = note_lines(&out.notes);
        if updating() {
            fixture["expected"] = out.schema.clone();
            fixture["notes"] = json!(notes);
            fs::write(&path, pretty(&fixture)).expect("the fixture is writable");
            continue;
        }
        if fixture["expected"] != out.schema {
            failures.push(format!(
                "{name}: expected\n{}\ngot\n{}",
                pretty(&fixture["expected"]),
                pretty(&out.schema)
            ));
        }
        if fixture["notes"] != json!(notes) {
            failures.push(format!(
                "{name}: expected notes {}\ngot {}",
                fixture["notes"],
                json!(notes)
            ));
        }
        let again = dialect::rewrite(&out.schema, dialect);
        if again.schema != out.schema {
            failures.push(format!("{name}: not idempotent: {}", again.schema));
        }
        for broken in violations(dialect, &out.schema) {
            failures.push(format!("{name}: {broken}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_rule_fixture_cites_a_reported_failure() {
    let fixtures = rule_fixtures();
    assert!(fixtures.len() >= 25, "one fixture per rule");
    for (path, f) in &fixtures {
        let name = path.display();
        for key in ["rule", "error"] {
            assert!(
                f[key].as_str().is_some_and(|s| !s.trim().is_empty()),
                "{name}: no {key}"
            );
        }
        let source = f["source"].as_str().unwrap_or_default();
        assert!(source.starts_with("https://"), "{name}: source {source:?}");
        assert!(f["schema"].is_object(), "{name}: no schema");
    }
    for dialect in [
        Dialect::Gemini,
        Dialect::OpenAiStrict,
        Dialect::Conservative,
    ] {
        assert!(
            fixtures
                .iter()
                .filter(|(_, f)| f["dialect"] == dialect.as_str())
                .count()
                >= 5,
            "few fixtures for {dialect}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Golden snapshots of the demo-like schema.

#[test]
fn the_demo_schema_in_every_profile_matches_its_golden_file() {
    let input = read_json(&data("demo_input.json"));
    let mut failures = Vec::new();
    for dialect in Dialect::ALL {
        let out = assert_settled(dialect, &input);
        let golden = data(&format!("golden/{dialect}.json"));
        // Canonical is the input unchanged, in the input's key order when `serde_json`
        // keeps it; the other profiles build their maps in sorted order themselves.
        let shown = if dialect == Dialect::Canonical {
            sorted(&out.schema)
        } else {
            out.schema.clone()
        };
        let text = pretty(&shown);
        if updating() {
            fs::write(&golden, &text).expect("the golden file is writable");
            continue;
        }
        let expected = fs::read_to_string(&golden).unwrap_or_default();
        if expected != text {
            failures.push(format!(
                "{}: differs (UPDATE_GOLDEN=1 to accept):\n{text}",
                golden.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        dialect::rewrite(&input, Dialect::Canonical).schema,
        input,
        "canonical is the identity"
    );
}

#[test]
fn the_demo_schema_keeps_every_limit_somewhere() {
    let input = read_json(&data("demo_input.json"));
    for dialect in [
        Dialect::Gemini,
        Dialect::OpenAiStrict,
        Dialect::Conservative,
    ] {
        let out = dialect::rewrite(&input, dialect).schema;
        let text = out.to_string();
        for said in [
            "1000",
            "64",
            "^ATC-[0-9]{4}-[0-9]{6,}$",
            "2048",
            "uri",
            "100",
            "50",
            "10",
        ] {
            assert!(text.contains(said), "{dialect}: {said} is lost: {text}");
        }
        let ids = &out["properties"]["ids"];
        assert_eq!(ids["type"], "array", "{dialect}");
        assert_eq!(ids["items"]["type"], "integer", "{dialect}");
    }
}

/// The demo server's published schemas (the golden `tools/list`): every profile keeps its
/// rules, settles, and keeps every limit somewhere.
#[test]
fn every_demo_tool_schema_in_every_profile() {
    let listed =
        read_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tools_list.json"));
    let tools = listed.as_array().expect("a list of tools");
    assert_eq!(tools.len(), 5);
    for tool in tools {
        let schema = &tool["inputSchema"];
        for dialect in Dialect::ALL {
            let out = assert_settled(dialect, schema);
            let text = out.schema.to_string();
            for (name, property) in schema["properties"].as_object().expect("properties") {
                assert!(
                    out.schema["properties"].get(name).is_some(),
                    "{dialect}: {name} lost"
                );
                for keyword in ["maxLength", "maxItems", "maximum", "minimum", "minLength"] {
                    if let Some(limit) = property.get(keyword) {
                        assert!(
                            text.contains(&limit.to_string()),
                            "{dialect}: {name}.{keyword} lost"
                        );
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Schema positions: a property named like a keyword is a property.

#[test]
fn properties_named_like_keywords_are_properties() {
    let schema = json!({
        "type": "object",
        "properties": {
            "format": {"type": "string", "format": "uri"},
            "pattern": {"type": "string", "pattern": "^[a-z]+$"},
            "$ref": {"type": "string"},
            "$defs": {"type": "integer", "minimum": 0},
            "items": {"type": "array", "items": {"type": "string"}},
            "type": {"type": "string", "enum": ["a", "b"]},
            "properties": {"type": "object", "properties": {"required": {"type": "boolean"}}},
            "additionalProperties": {"type": "boolean"}
        },
        "required": ["format", "$ref"]
    });
    let names = [
        "$defs",
        "$ref",
        "additionalProperties",
        "format",
        "items",
        "pattern",
        "properties",
        "type",
    ];
    for dialect in Dialect::ALL {
        let out = assert_settled(dialect, &schema).schema;
        let props = out["properties"].as_object().expect("properties");
        let mut got: Vec<&str> = props.keys().map(String::as_str).collect();
        got.sort_unstable();
        assert_eq!(got, names, "{dialect}");
        assert_eq!(
            out["properties"]["$ref"]["type"],
            json!("string"),
            "{dialect}"
        );
        let inner = &out["properties"]["properties"]["properties"]["required"]["type"];
        if dialect == Dialect::OpenAiStrict {
            assert_eq!(inner, &json!(["boolean", "null"]));
        } else {
            assert_eq!(inner, &json!("boolean"), "{dialect}");
        }
        if dialect == Dialect::OpenAiStrict {
            assert_eq!(
                out["properties"]["additionalProperties"]["type"],
                json!(["boolean", "null"])
            );
        } else {
            assert_eq!(
                out["properties"]["additionalProperties"]["type"],
                json!("boolean"),
                "{dialect}"
            );
            assert_eq!(out["required"], json!(["format", "$ref"]), "{dialect}");
        }
    }
    let conservative = dialect::rewrite(&schema, Dialect::Conservative).schema;
    assert_eq!(
        conservative["properties"]["format"],
        json!({"type": "string", "description": "Format: uri."})
    );
    assert_eq!(
        conservative["properties"]["pattern"],
        json!({"type": "string", "description": "Must match ^[a-z]+$."})
    );
    let gemini = dialect::rewrite(&schema, Dialect::Gemini);
    assert!(
        gemini
            .notes
            .iter()
            .all(|n| n.kind != NoteKind::Inlined && n.kind != NoteKind::Unresolved),
        "a property named $ref is no reference: {:?}",
        note_lines(&gemini.notes)
    );
}

#[test]
fn data_values_are_never_rewritten() {
    let schema = json!({
        "type": "object",
        "properties": {
            "mode": {
                "type": "object",
                "default": {"$ref": "#/nowhere", "type": ["x"], "format": "uri"},
                "examples": [{"additionalProperties": true}]
            }
        }
    });
    let out = inline_refs(&schema);
    assert_eq!(out.schema, schema);
    assert!(out.notes.is_empty(), "{:?}", note_lines(&out.notes));
    let gemini = dialect::rewrite(&schema, Dialect::Gemini).schema;
    assert_eq!(
        gemini["properties"]["mode"]["description"],
        json!(
            r##"Default: {"$ref":"#/nowhere","format":"uri","type":["x"]}. Examples: {"additionalProperties":true}."##
        )
    );
}

// ---------------------------------------------------------------------------------------
// `$ref` inlining.

#[test]
fn references_to_defs_and_definitions_are_inlined() {
    let schema = json!({
        "type": "object",
        "properties": {
            "a": {"$ref": "#/$defs/A"},
            "b": {"$ref": "#/definitions/B"},
            "c": {"$ref": "#/$defs/with~1slash"},
            "d": {"$ref": "#/$defs/with%20space"},
            "e": {"$ref": "#/properties/a"}
        },
        "$defs": {
            "A": {"type": "string", "minLength": 1},
            "with/slash": {"type": "boolean"},
            "with space": {"type": "number"}
        },
        "definitions": {"B": {"type": "array", "items": {"$ref": "#/$defs/A"}}}
    });
    let out = inline_refs(&schema);
    assert_eq!(
        out.schema,
        json!({
            "type": "object",
            "properties": {
                "a": {"type": "string", "minLength": 1},
                "b": {"type": "array", "items": {"type": "string", "minLength": 1}},
                "c": {"type": "boolean"},
                "d": {"type": "number"},
                "e": {"type": "string", "minLength": 1}
            }
        })
    );
    let inlined = out
        .notes
        .iter()
        .filter(|n| n.kind == NoteKind::Inlined)
        .count();
    assert_eq!(inlined, 7, "{:?}", note_lines(&out.notes));
}

#[test]
fn a_recursive_reference_stops_at_its_second_visit() {
    let schema = json!({
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": {
            "type": "object",
            "properties": {
                "value": {"type": "integer"},
                "next": {"$ref": "#/$defs/Node", "description": "The next node."}
            }
        }}
    });
    let out = inline_refs(&schema);
    assert_eq!(
        out.schema["properties"]["root"],
        json!({
            "type": "object",
            "properties": {
                "value": {"type": "integer"},
                "next": {
                    "type": "object",
                    "description": "The next node. Recursive: the same structure as #/$defs/Node."
                }
            }
        })
    );
    assert_eq!(
        note_lines(&out.notes),
        [
            "$ref #/$defs/Node inlined at /properties/root",
            "$ref #/$defs/Node is recursive: cut at /properties/root/properties/next",
            "$defs dropped at the root: definitions are inlined where they are referenced",
        ]
    );
    for dialect in Dialect::ALL {
        assert_settled(dialect, &schema);
    }
}

#[test]
fn mutual_and_root_recursion_are_cut() {
    let mutual = json!({
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}},
        "$defs": {
            "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}},
            "B": {"type": "array", "items": {"$ref": "#/$defs/A"}}
        }
    });
    let out = inline_refs(&mutual);
    assert_eq!(
        out.schema["properties"]["a"]["properties"]["b"]["items"],
        json!({"type": "object", "description": "Recursive: the same structure as #/$defs/A."})
    );
    let root = json!({
        "type": "object",
        "properties": {"child": {"$ref": "#"}, "name": {"type": "string"}}
    });
    let out = inline_refs(&root);
    assert_eq!(
        out.schema["properties"]["child"],
        json!({"type": "object", "description": "Recursive: the same structure as #."})
    );
    for dialect in Dialect::ALL {
        assert_settled(dialect, &mutual);
        assert_settled(dialect, &root);
    }
}

#[test]
fn unresolvable_and_remote_references_become_permissive() {
    let schema = json!({
        "type": "object",
        "properties": {
            "missing": {"$ref": "#/$defs/Nope", "description": "Gone."},
            "remote": {"$ref": "https://example.com/schema.json#/x"},
            "anchor": {"$ref": "#node"},
            "bad_escape": {"$ref": "#/$defs/%zz"},
            "index": {"$ref": "#/$defs/list/01"}
        },
        "$defs": {"list": [{"type": "string"}, {"type": "integer"}]}
    });
    let out = inline_refs(&schema);
    assert_eq!(
        out.schema["properties"],
        json!({
            "missing": {"description": "Gone."},
            "remote": {},
            "anchor": {},
            "bad_escape": {},
            "index": {}
        })
    );
    assert_eq!(
        out.notes
            .iter()
            .filter(|n| n.kind == NoteKind::Unresolved)
            .count(),
        5
    );
    let strict = assert_settled(Dialect::OpenAiStrict, &schema).schema;
    assert_eq!(
        strict["properties"]["missing"],
        json!({"type": ["string", "null"], "description": "Gone. Any JSON value."})
    );
}

#[test]
fn references_that_fan_out_stay_within_the_budget() {
    // Each definition refers to the next one twice: fully inlined, 2^40 copies.
    let mut defs = serde_json::Map::new();
    for i in 0..40 {
        defs.insert(
            format!("d{i}"),
            json!({
                "type": "object",
                "properties": {
                    "left": {"$ref": format!("#/$defs/d{}", i + 1)},
                    "right": {"$ref": format!("#/$defs/d{}", i + 1)}
                }
            }),
        );
    }
    defs.insert("d40".into(), json!({"type": "string"}));
    let schema =
        json!({"type": "object", "properties": {"tree": {"$ref": "#/$defs/d0"}}, "$defs": defs});
    let out = inline_refs(&schema);
    assert!(
        out.notes
            .iter()
            .any(|n| n.kind == NoteKind::TooLarge || n.kind == NoteKind::TooDeep)
    );
    assert!(out.schema.to_string().len() < 5_000_000);
    for dialect in Dialect::ALL {
        let _ = dialect::rewrite(&schema, dialect);
    }
}

#[test]
fn a_long_chain_of_references_is_bounded() {
    let mut defs = serde_json::Map::new();
    for i in 0..5_000 {
        defs.insert(
            format!("d{i}"),
            json!({"$ref": format!("#/$defs/d{}", i + 1)}),
        );
    }
    defs.insert("d5000".into(), json!({"type": "string"}));
    let schema =
        json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/d0"}}, "$defs": defs});
    let out = inline_refs(&schema);
    assert!(out.notes.iter().any(|n| n.kind == NoteKind::TooDeep));
    for dialect in Dialect::ALL {
        assert_settled(dialect, &schema);
    }
}

#[test]
fn deep_schemas_are_cut_at_the_depth_cap() {
    let mut schema = json!({"type": "string"});
    for _ in 0..60 {
        schema = json!({"type": "array", "items": schema});
    }
    let schema = json!({"type": "object", "properties": {"deep": schema}});
    for dialect in Dialect::ALL {
        let out = assert_settled(dialect, &schema);
        if dialect != Dialect::Canonical {
            assert!(
                out.notes.iter().any(|n| n.kind == NoteKind::TooDeep),
                "{dialect}"
            );
        }
    }
    let text = inline_refs(&schema).schema.to_string();
    assert!(text.contains("Nested too deep to describe here."));
}

// ---------------------------------------------------------------------------------------
// Odd input: no panic, a note.

#[test]
fn any_json_value_is_rewritten_without_panic() {
    let odd = [
        json!(null),
        json!(true),
        json!(false),
        json!(42),
        json!("schema"),
        json!([1, 2]),
        json!({}),
        json!({"type": 7}),
        json!({"type": ["STRING", "null"]}),
        json!({"type": "object", "properties": 5, "required": "x"}),
        json!({"type": "object", "properties": {"a": false, "b": true, "c": 3}}),
        json!({"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}),
        json!({"anyOf": "x", "oneOf": [], "allOf": [false]}),
        json!({"anyOf": [{"type": "null"}]}),
        json!({"enum": [null]}),
        json!({"const": null}),
        json!({"type": "null"}),
        json!({"minimum": "one", "maxLength": -1, "pattern": 5, "multipleOf": 0}),
        json!({"anyOf": [{"anyOf": [{"anyOf": [{"type": "string"}]}]}]}),
        json!({"type": "object", "properties": {"x": {"anyOf": [true, {"type": "string"}]}}}),
        json!({"$ref": "#"}),
        json!({"$ref": "#/properties/a", "properties": {"a": {"$ref": "#"}}}),
    ];
    for input in &odd {
        for dialect in Dialect::ALL {
            let out = dialect::rewrite(input, dialect);
            let again = dialect::rewrite(&out.schema, dialect);
            assert_eq!(again.schema, out.schema, "{dialect}: {input}");
            if dialect != Dialect::Canonical {
                let broken = violations(dialect, &out.schema);
                assert!(
                    broken.is_empty(),
                    "{dialect}: {input} -> {}: {broken:?}",
                    out.schema
                );
            }
        }
    }
}

#[test]
fn dropped_constraints_become_sentences() {
    let cases = [
        (
            json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 1}),
            "From 1 to 1 item.",
        ),
        (
            json!({"type": "array", "items": {"type": "string"}, "minItems": 2}),
            "At least 2 items.",
        ),
        (
            json!({"type": "string", "minLength": 1}),
            "At least 1 char.",
        ),
        (json!({"type": "string", "maxLength": 1}), "At most 1 char."),
        (
            json!({"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1.5}),
            "Greater than 0. Less than 1.5.",
        ),
        (
            json!({"type": "number", "minimum": 0, "exclusiveMaximum": 1}),
            "At least 0. Less than 1.",
        ),
        (
            json!({"type": "integer", "multipleOf": 5}),
            "A multiple of 5.",
        ),
        (
            json!({"type": "object", "minProperties": 2, "maxProperties": 3}),
            "From 2 to 3 properties.",
        ),
        (
            json!({"type": "array", "items": {"type": "string"}, "uniqueItems": true}),
            "Items must be unique.",
        ),
        (
            json!({"type": "string", "format": "email"}),
            "Format: email.",
        ),
        (json!({"type": "integer", "enum": [1, 2]}), "One of: 1, 2."),
        (json!({"type": "boolean", "const": true}), "Must be true."),
        (
            json!({"type": "string", "default": "x", "examples": ["y", "z"]}),
            "Default: \"x\". Examples: \"y\", \"z\".",
        ),
        (
            json!({"type": "string", "not": {"const": "x"}}),
            "not: {\"const\":\"x\"}.",
        ),
        (
            json!({"type": "string", "pattern": "x".repeat(161)}),
            "Must match a pattern too long to quote here.",
        ),
        (
            json!({"type": "string", "description": "Name", "maxLength": 5}),
            "Name. At most 5 chars.",
        ),
        (
            json!({"type": "string", "description": "Name!  ", "maxLength": 5}),
            "Name! At most 5 chars.",
        ),
    ];
    let mut failures = Vec::new();
    for (schema, expected) in cases {
        let out = dialect::rewrite(&schema, Dialect::Conservative).schema;
        if out["description"] != json!(expected) {
            failures.push(format!(
                "{schema}: expected {expected:?}, got {}",
                out["description"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn notes_render_one_line_each_and_serialize() {
    let schema = json!({"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "integer"}, "maxItems": 3}}});
    let out = dialect::rewrite(&schema, Dialect::Gemini);
    assert_eq!(
        note_lines(&out.notes),
        ["maxItems moved into description at /properties/ids"]
    );
    assert_eq!(
        serde_json::to_value(&out.notes[0]).expect("a note serializes"),
        json!({"path": "/properties/ids", "keyword": "maxItems", "kind": "described", "detail": ""})
    );
}

#[test]
fn dialect_names_round_trip() {
    for dialect in Dialect::ALL {
        assert_eq!(dialect.as_str().parse::<Dialect>(), Ok(dialect));
        assert_eq!(dialect.to_string(), dialect.as_str());
        assert_eq!(
            serde_json::to_value(dialect).expect("serializes"),
            json!(dialect.as_str())
        );
    }
    let err = "OpenAI".parse::<Dialect>().unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"unknown schema dialect: "OpenAI" (expected canonical, gemini, openai-strict or conservative)"#
    );
    assert_eq!(Dialect::default(), Dialect::Canonical);
}

// ---------------------------------------------------------------------------------------
// `null_as_absent`.

fn canonical_for_nulls() -> Value {
    json!({
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "limit": {"type": "integer"},
            "clear": {"type": ["string", "null"]},
            "cursor": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "mode": {"enum": ["a", null]},
            "filter": {"$ref": "#/$defs/Filter"},
            "rows": {"type": "array", "items": {"$ref": "#/$defs/Filter"}},
            "pair": {"type": "array", "prefixItems": [{"$ref": "#/$defs/Filter"}]},
            "extra": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Filter"}},
            "choice": {"anyOf": [
                {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]},
                {"type": "object", "properties": {"y": {"type": "integer"}}}
            ]},
            "both": {"allOf": [
                {"type": "object", "properties": {"p": {"type": "string"}}},
                {"properties": {"q": {"type": "string"}}, "required": ["q"]}
            ]}
        },
        "required": ["query"],
        "$defs": {"Filter": {
            "type": "object",
            "properties": {"tag": {"type": "string"}, "must": {"type": "boolean"}},
            "required": ["must"]
        }}
    })
}

#[test]
fn null_as_absent_removes_only_optional_nulls() {
    let schema = canonical_for_nulls();
    let cases = [
        (json!({"query": null}), json!({"query": null})),
        (json!({"query": "x", "limit": null}), json!({"query": "x"})),
        (
            json!({"clear": null, "cursor": null, "mode": null}),
            json!({"clear": null, "cursor": null, "mode": null}),
        ),
        (json!({"filter": null}), json!({})),
        (
            json!({"filter": {"tag": null, "must": null}}),
            json!({"filter": {"must": null}}),
        ),
        (
            json!({"rows": [{"tag": null, "must": true}, {"tag": "a", "must": null}, null]}),
            json!({"rows": [{"must": true}, {"tag": "a", "must": null}, null]}),
        ),
        (
            json!({"pair": [{"tag": null}, {"tag": null}]}),
            json!({"pair": [{}, {"tag": null}]}),
        ),
        (
            json!({"extra": {"k": {"tag": null, "must": null}}}),
            json!({"extra": {"k": {"must": null}}}),
        ),
        (
            json!({"choice": {"x": null, "y": null}}),
            json!({"choice": {"x": null}}),
        ),
        (
            json!({"both": {"p": null, "q": null}}),
            json!({"both": {"q": null}}),
        ),
        (
            json!({"unknown": null, "query": "q"}),
            json!({"unknown": null, "query": "q"}),
        ),
        (json!("{\"limit\": null}"), json!("{\"limit\": null}")),
        (json!(null), json!(null)),
        (json!([{"limit": null}]), json!([{"limit": null}])),
    ];
    let mut failures = Vec::new();
    for (input, expected) in cases {
        let mut got = input.clone();
        null_as_absent(&mut got, &schema);
        if got != expected {
            failures.push(format!("{input}: expected {expected}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn null_as_absent_keeps_member_order() {
    let schema = json!({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}}});
    let mut args: Value = serde_json::from_str(r#"{"c": "1", "b": null, "a": "2"}"#).expect("json");
    null_as_absent(&mut args, &schema);
    let keys: Vec<&String> = args.as_object().expect("object").keys().collect();
    assert_eq!(keys.len(), 2);
    assert_eq!(args, json!({"c": "1", "a": "2"}));
}

#[test]
fn null_as_absent_is_bounded_on_deep_arguments_and_recursive_schemas() {
    let schema =
        json!({"type": "object", "properties": {"next": {"$ref": "#"}, "v": {"type": "string"}}});
    let mut args = json!({"v": null});
    for _ in 0..120 {
        args = json!({"next": args, "v": null});
    }
    null_as_absent(&mut args, &schema);
    assert!(args.get("v").is_none());
    assert!(args["next"].get("v").is_none());
    // A reference loop in the schema itself ends too.
    let looped = json!({"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}});
    let mut args = json!({"x": null});
    null_as_absent(&mut args, &looped);
    assert_eq!(args, json!({"x": null}));
}

/// The strict round trip: a strict client fills every optional property with `null`;
/// after `null_as_absent` the crate's entry point sees them absent and applies defaults.
#[test]
fn a_strict_client_call_passes_the_runtime_check() {
    use mcp_coerce::{BoundedInt, IntArrayLike};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[serde_as]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Args {
        #[serde_as(as = "IntArrayLike<0, 1000>")]
        ids: Vec<i64>,
        #[serde_as(as = "BoundedInt<1, 100>")]
        #[serde(default)]
        limit: Option<u32>,
        #[serde(default)]
        project: String,
        #[serde(default)]
        free_only: bool,
    }

    let canonical = json!({
        "type": "object",
        "properties": {
            "ids": {"type": "array", "items": {"type": "integer"}, "maxItems": 1000},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100},
            "project": {"type": "string"},
            "free_only": {"type": "boolean"}
        },
        "required": ["ids"]
    });
    let strict = dialect::rewrite(&canonical, Dialect::OpenAiStrict).schema;
    assert_eq!(
        strict["required"],
        json!(["free_only", "ids", "limit", "project"])
    );

    let sent = json!({"ids": [1, 2], "limit": null, "project": null, "free_only": null});
    let refused = mcp_coerce::from_value::<Args>(sent.clone()).unwrap_err();
    assert!(
        !refused.issues().is_empty(),
        "null is not a string or a boolean"
    );

    let mut arguments = sent;
    Dialect::OpenAiStrict.normalize_arguments(&mut arguments, &canonical);
    let args: Args =
        mcp_coerce::from_value(arguments.clone()).expect("accepted once the nulls are gone");
    assert_eq!(
        args,
        Args {
            ids: vec![1, 2],
            limit: None,
            project: String::new(),
            free_only: false
        }
    );

    // A required property sent as null is still refused.
    let mut arguments = json!({"ids": null});
    Dialect::OpenAiStrict.normalize_arguments(&mut arguments, &canonical);
    assert_eq!(arguments, json!({"ids": null}));
    assert!(mcp_coerce::from_value::<Args>(arguments.clone()).is_err());
}

// ---------------------------------------------------------------------------------------
// Properties.

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (-1.0e6f64..1.0e6).prop_map(|f| json!(f)),
        ".{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 48, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(".{0,6}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "items",
    "prefixItems",
    "additionalProperties",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "$ref",
    "$defs",
    "definitions",
    "enum",
    "const",
    "format",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "nullable",
    "description",
    "title",
    "default",
    "examples",
    "$schema",
    "x-extra",
    "if",
    "then",
    "else",
    "patternProperties",
    "name",
    "format",
    "a",
];

const STRINGS: &[&str] = &[
    "object",
    "array",
    "string",
    "number",
    "integer",
    "boolean",
    "null",
    "#",
    "#/$defs/a",
    "#/$defs/b",
    "#/definitions/a",
    "#/properties/a",
    "uri",
    "date-time",
    "int64",
    "",
    "a",
];

/// JSON shaped like a schema: keyword keys, type names and references as strings.
fn schema_like() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-3i64..200).prop_map(|n| json!(n)),
        Just(json!(0.5)),
        prop::sample::select(STRINGS).prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(prop::sample::select(KEYWORDS), inner, 0..6).prop_map(
                |m| Value::Object(m.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
            ),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn rewrite_never_panics_and_settles_on_any_json(input in any_json()) {
        for dialect in Dialect::ALL {
            let once = dialect::rewrite(&input, dialect);
            let twice = dialect::rewrite(&once.schema, dialect);
            prop_assert_eq!(&twice.schema, &once.schema, "{} not idempotent", dialect);
            let broken = violations(dialect, &once.schema);
            prop_assert!(broken.is_empty(), "{}: {} -> {}: {:?}", dialect, input, once.schema, broken);
        }
    }

    #[test]
    fn rewrite_never_panics_and_settles_on_schema_like_json(input in schema_like()) {
        for dialect in Dialect::ALL {
            let once = dialect::rewrite(&input, dialect);
            let twice = dialect::rewrite(&once.schema, dialect);
            prop_assert_eq!(&twice.schema, &once.schema, "{} not idempotent", dialect);
            let broken = violations(dialect, &once.schema);
            prop_assert!(broken.is_empty(), "{}: {} -> {}: {:?}", dialect, input, once.schema, broken);
        }
    }

    #[test]
    fn null_as_absent_never_panics(schema in schema_like(), mut args in any_json()) {
        let before = args.clone();
        null_as_absent(&mut args, &schema);
        // Only object members that were null can go.
        prop_assert!(only_nulls_removed(&before, &args), "{} -> {}", before, args);
    }
}

fn only_nulls_removed(before: &Value, after: &Value) -> bool {
    match (before, after) {
        (Value::Object(b), Value::Object(a)) => {
            a.keys().all(|k| b.contains_key(k))
                && b.iter().all(|(k, v)| match a.get(k) {
                    Some(av) => only_nulls_removed(v, av),
                    None => v.is_null(),
                })
        }
        (Value::Array(b), Value::Array(a)) => {
            b.len() == a.len() && b.iter().zip(a).all(|(x, y)| only_nulls_removed(x, y))
        }
        (b, a) => b == a,
    }
}

/// `d0 .. d{levels}`, each an `anyOf` of two references to the next: a DAG of
/// `2^levels` paths through `levels + 1` schemas.
fn diamond_chain(levels: usize, leaf: Value) -> Value {
    let mut defs = serde_json::Map::new();
    for i in 0..levels {
        let next = format!("#/$defs/d{}", i + 1);
        defs.insert(
            format!("d{i}"),
            json!({"anyOf": [{"$ref": next}, {"$ref": next}]}),
        );
    }
    defs.insert(format!("d{levels}"), leaf);
    json!({
        "type": "object",
        "properties": {"x": {"$ref": "#/$defs/d0"}},
        "$defs": defs,
    })
}

/// Hostile round 4: `null_as_absent` walked a DAG of shared references as a tree, so a
/// 1.3 KB schema of 20 levels took 1.8 s, doubling with each level (32 allowed). Each
/// schema object is now judged once.
#[test]
fn null_as_absent_judges_a_shared_reference_once() {
    let schema = diamond_chain(30, json!({"type": "string"}));
    let mut arguments = json!({"x": null});
    null_as_absent(&mut arguments, &schema);
    // Not required, and no member admits null: the null means absent.
    assert_eq!(arguments, json!({}));
    let schema = diamond_chain(30, json!({"type": ["string", "null"]}));
    let mut arguments = json!({"x": null});
    null_as_absent(&mut arguments, &schema);
    assert_eq!(arguments, json!({"x": null}));
}

/// Hostile round 4: the inlining budget counted JSON values, so a long description
/// behind a reference was copied at every use: a 161 KB schema became 200 MB. Strings now
/// count by their size.
#[test]
fn inlining_a_long_description_everywhere_is_bounded() {
    let properties: serde_json::Map<String, Value> = (0..2000)
        .map(|i| (format!("p{i}"), json!({"$ref": "#/$defs/big"})))
        .collect();
    let schema = json!({
        "type": "object",
        "properties": properties,
        "$defs": {"big": {"type": "string", "description": "y".repeat(100_000)}},
    });
    let input = schema.to_string().len();
    for profile in [
        Dialect::OpenAiStrict,
        Dialect::Gemini,
        Dialect::Conservative,
    ] {
        let rewritten = profile.rewrite(&schema);
        let output = rewritten.schema.to_string().len();
        assert!(
            output <= 2 * input + 400_000,
            "{profile:?}: {input} bytes became {output}"
        );
        let inlined = rewritten
            .notes
            .iter()
            .filter(|n| n.kind == NoteKind::Inlined)
            .count();
        // 20,000 units buy three copies of a 6,251-unit definition.
        assert_eq!(inlined, 3, "{profile:?}");
    }
}
