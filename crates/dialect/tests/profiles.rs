//! The profiles' rendering, as tables of exact expectations: what each profile keeps,
//! describes, converts and adds, the sentences of the description, and the notes.

mod common;

use common::{assert_settled, note_lines};
use mcp_coerce_dialect::{self as dialect, Dialect, NoteKind, inline_refs};
use serde_json::json;

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
