//! The profiles' rendering, as tables of exact expectations: what each profile keeps,
//! describes, converts and adds (one row per entry of the profile table), the sentences of
//! the description, and the notes.

mod common;

use common::{assert_settled, note_lines};
use mcp_coerce_dialect::{self as dialect, Dialect, NoteKind, inline_refs};
use serde_json::{Value, json};

/// The restrictive profiles, in the order of the expectations in each row.
const PROFILES: [Dialect; 3] = [
    Dialect::Gemini,
    Dialect::OpenAiStrict,
    Dialect::Conservative,
];

/// What one profile makes of a schema: the schema, and every note, in order.
type Expected = (Value, &'static [&'static str]);

/// A rule, an input, and what Gemini, OpenAI strict and conservative make of it.
type Row = (&'static str, Value, [Expected; 3]);

/// Rewrite each row's input in each profile (with `rewrite_row`, which gives the part of the
/// output and the notes the row is about), and report every row that differs.
#[track_caller]
fn check_rows(rows: Vec<Row>, rewrite_row: impl Fn(&Value, Dialect) -> (Value, Vec<String>)) {
    let mut failures = Vec::new();
    for (rule, input, expected) in rows {
        for (dialect, (schema, notes)) in PROFILES.into_iter().zip(expected) {
            let (got, got_notes) = rewrite_row(&input, dialect);
            if got != schema || got_notes != notes {
                failures.push(format!(
                    "{rule}: {dialect}: {input}\n  expected {schema} {notes:?}\n  got      {got} {got_notes:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Below the root: each input is the schema of a required property `p`, and each
/// expectation is what becomes of it, with the notes about it or inside it.
#[test]
fn each_profile_renders_a_property_exactly() {
    #[rustfmt::skip]
    let rows: Vec<Row> = vec![
        (
            "kept constraints: strict keeps `pattern`; the others are described",
            json!({"minLength": 1, "pattern": "^a$", "type": "string"}),
            [
                (json!({"description": "Must match ^a$. At least 1 char.", "type": "string"}), &["minLength moved into description at /properties/p", "pattern moved into description at /properties/p"]),
                (json!({"description": "At least 1 char.", "pattern": "^a$", "type": "string"}), &["minLength moved into description at /properties/p"]),
                (json!({"description": "Must match ^a$. At least 1 char.", "type": "string"}), &["minLength moved into description at /properties/p", "pattern moved into description at /properties/p"]),
            ],
        ),
        (
            "formats: `date-time` is kept by Gemini and strict mode",
            json!({"format": "date-time", "type": "string"}),
            [
                (json!({"format": "date-time", "type": "string"}), &[]),
                (json!({"format": "date-time", "type": "string"}), &[]),
                (json!({"description": "Format: date-time.", "type": "string"}), &["format moved into description at /properties/p"]),
            ],
        ),
        (
            "formats: `uri` is kept by none",
            json!({"format": "uri", "type": "string"}),
            [
                (json!({"description": "Format: uri.", "type": "string"}), &["format moved into description at /properties/p"]),
                (json!({"description": "Format: uri.", "type": "string"}), &["format moved into description at /properties/p"]),
                (json!({"description": "Format: uri.", "type": "string"}), &["format moved into description at /properties/p"]),
            ],
        ),
        (
            "formats: Gemini keeps `int64` on integers; strict mode keeps numeric bounds",
            json!({"format": "int64", "maximum": 9, "minimum": 0, "type": "integer"}),
            [
                (json!({"description": "From 0 to 9.", "format": "int64", "type": "integer"}), &["maximum moved into description at /properties/p", "minimum moved into description at /properties/p"]),
                (json!({"description": "Format: int64.", "maximum": 9, "minimum": 0, "type": "integer"}), &["format moved into description at /properties/p"]),
                (json!({"description": "Format: int64. From 0 to 9.", "type": "integer"}), &["format moved into description at /properties/p", "maximum moved into description at /properties/p", "minimum moved into description at /properties/p"]),
            ],
        ),
        (
            "array constraints: strict keeps `maxItems`; `uniqueItems` is described everywhere",
            json!({"items": {"type": "string"}, "maxItems": 3, "type": "array", "uniqueItems": true}),
            [
                (json!({"description": "At most 3 items. Items must be unique.", "items": {"type": "string"}, "type": "array"}), &["maxItems moved into description at /properties/p", "uniqueItems moved into description at /properties/p"]),
                (json!({"description": "Items must be unique.", "items": {"type": "string"}, "maxItems": 3, "type": "array"}), &["uniqueItems moved into description at /properties/p"]),
                (json!({"description": "At most 3 items. Items must be unique.", "items": {"type": "string"}, "type": "array"}), &["maxItems moved into description at /properties/p", "uniqueItems moved into description at /properties/p"]),
            ],
        ),
        (
            "null, from a type list: `nullable`, a type list, or a sentence",
            json!({"type": ["string", "null"]}),
            [
                (json!({"nullable": true, "type": "string"}), &[r#"type converted at /properties/p: ["string","null"] is not one type name"#]),
                (json!({"type": ["string", "null"]}), &[]),
                (json!({"description": "May be null.", "type": "string"}), &[r#"type converted at /properties/p: ["string","null"] is not one type name"#]),
            ],
        ),
        (
            "null alone: `{\"type\": \"null\"}` only where `null` can be named",
            json!({"type": "null"}),
            [
                (json!({"description": "Must be null.", "nullable": true, "type": "string"}), &[]),
                (json!({"type": "null"}), &[]),
                (json!({"description": "Must be null.", "type": "string"}), &[]),
            ],
        ),
        (
            "null, from `nullable`",
            json!({"nullable": true, "type": "string"}),
            [
                (json!({"nullable": true, "type": "string"}), &[]),
                (json!({"type": ["string", "null"]}), &["nullable converted at /properties/p: null allowed"]),
                (json!({"description": "May be null.", "type": "string"}), &["nullable converted at /properties/p: null allowed"]),
            ],
        ),
        (
            "type lists: kept by strict mode, a union elsewhere",
            json!({"type": ["string", "integer"]}),
            [
                (json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}), &[r#"type converted at /properties/p: ["string","integer"] is not one type name"#]),
                (json!({"type": ["string", "integer"]}), &[]),
                (json!({"description": "Or: {\"type\":\"integer\"}.", "type": "string"}), &[r#"type converted at /properties/p: ["string","integer"] is not one type name"#, "type moved into description at /properties/p"]),
            ],
        ),
        (
            "unions: an `anyOf` in Gemini and strict mode (null as `nullable` or a branch), one branch kept in conservative",
            json!({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}),
            [
                (json!({"anyOf": [{"type": "string"}, {"type": "integer"}], "nullable": true}), &[]),
                (json!({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}), &[]),
                (json!({"description": "May be null. Or: {\"type\":\"integer\"}.", "type": "string"}), &["anyOf moved into description at /properties/p"]),
            ],
        ),
        (
            "`oneOf` becomes `anyOf`",
            json!({"oneOf": [{"type": "string"}, {"type": "boolean"}]}),
            [
                (json!({"anyOf": [{"type": "string"}, {"type": "boolean"}]}), &["oneOf converted at /properties/p: to anyOf"]),
                (json!({"anyOf": [{"type": "string"}, {"type": "boolean"}]}), &["oneOf converted at /properties/p: to anyOf"]),
                (json!({"description": "Or: {\"type\":\"boolean\"}.", "type": "string"}), &["oneOf converted at /properties/p: to anyOf", "anyOf moved into description at /properties/p"]),
            ],
        ),
        (
            "enums: the empty string leaves a Gemini or conservative enum",
            json!({"enum": ["a", ""], "type": "string"}),
            [
                (json!({"description": "Or: \"\".", "enum": ["a"], "type": "string"}), &["enum moved into description at /properties/p"]),
                (json!({"enum": ["a", ""], "type": "string"}), &[]),
                (json!({"description": "Or: \"\".", "enum": ["a"], "type": "string"}), &["enum moved into description at /properties/p"]),
            ],
        ),
        (
            "enums: only strings are kept by Gemini and conservative",
            json!({"enum": [1, 2], "type": "integer"}),
            [
                (json!({"description": "One of: 1, 2.", "type": "integer"}), &["enum moved into description at /properties/p"]),
                (json!({"enum": [1, 2], "type": "integer"}), &[]),
                (json!({"description": "One of: 1, 2.", "type": "integer"}), &["enum moved into description at /properties/p"]),
            ],
        ),
        (
            "const: a one-value enum in strict mode",
            json!({"const": 3, "type": "integer"}),
            [
                (json!({"description": "Must be 3.", "type": "integer"}), &["const moved into description at /properties/p"]),
                (json!({"enum": [3], "type": "integer"}), &["const converted at /properties/p: to a one-value enum"]),
                (json!({"description": "Must be 3.", "type": "integer"}), &["const moved into description at /properties/p"]),
            ],
        ),
        (
            "const of a string: a one-value enum everywhere",
            json!({"const": "k", "type": "string"}),
            [
                (json!({"enum": ["k"], "type": "string"}), &["const converted at /properties/p: to a one-value enum"]),
                (json!({"enum": ["k"], "type": "string"}), &["const converted at /properties/p: to a one-value enum"]),
                (json!({"enum": ["k"], "type": "string"}), &["const converted at /properties/p: to a one-value enum"]),
            ],
        ),
        (
            "objects: strict mode closes them, requires every property and makes the optional ones nullable",
            json!({"properties": {"a": {"type": "string"}}, "type": "object"}),
            [
                (json!({"properties": {"a": {"type": "string"}}, "type": "object"}), &[]),
                (json!({"additionalProperties": false, "properties": {"a": {"type": ["string", "null"]}}, "required": ["a"], "type": "object"}), &["required converted at /properties/p/properties/a: optional property made nullable and required", "additionalProperties added at /properties/p: false: strict mode needs closed objects"]),
                (json!({"properties": {"a": {"type": "string"}}, "type": "object"}), &[]),
            ],
        ),
        (
            "objects: strict mode adds `properties`",
            json!({"type": "object"}),
            [
                (json!({"type": "object"}), &[]),
                (json!({"additionalProperties": false, "properties": {}, "required": [], "type": "object"}), &["properties added at /properties/p: {}", "additionalProperties added at /properties/p: false: strict mode needs closed objects"]),
                (json!({"type": "object"}), &[]),
            ],
        ),
        (
            "additionalProperties: a schema is described, or replaced by `false` in strict mode",
            json!({"additionalProperties": {"type": "string"}, "type": "object"}),
            [
                (json!({"description": "Other properties: {\"type\":\"string\"}.", "type": "object"}), &["additionalProperties moved into description at /properties/p"]),
                (json!({"additionalProperties": false, "properties": {}, "required": [], "type": "object"}), &["properties added at /properties/p: {}", r#"additionalProperties added at /properties/p: false instead of {"type":"string"}: strict mode needs closed objects"#]),
                (json!({"description": "Other properties: {\"type\":\"string\"}.", "type": "object"}), &["additionalProperties moved into description at /properties/p"]),
            ],
        ),
        (
            "additionalProperties: `true` is dropped as the default",
            json!({"additionalProperties": true, "properties": {"a": {"type": "string"}}, "type": "object"}),
            [
                (json!({"properties": {"a": {"type": "string"}}, "type": "object"}), &["additionalProperties dropped at /properties/p: true is the default"]),
                (json!({"additionalProperties": false, "properties": {"a": {"type": ["string", "null"]}}, "required": ["a"], "type": "object"}), &["required converted at /properties/p/properties/a: optional property made nullable and required", "additionalProperties added at /properties/p: false instead of true: strict mode needs closed objects"]),
                (json!({"properties": {"a": {"type": "string"}}, "type": "object"}), &["additionalProperties dropped at /properties/p: true is the default"]),
            ],
        ),
        (
            "arrays always get `items`",
            json!({"type": "array"}),
            [
                (json!({"items": {"description": "Any JSON value.", "type": "string"}, "type": "array"}), &["items added at /properties/p: every array needs an items schema"]),
                (json!({"items": {"description": "Any JSON value.", "type": "string"}, "type": "array"}), &["items added at /properties/p: every array needs an items schema"]),
                (json!({"items": {"description": "Any JSON value.", "type": "string"}, "type": "array"}), &["items added at /properties/p: every array needs an items schema"]),
            ],
        ),
        (
            "a schema that allows any value becomes a string",
            json!({}),
            [
                (json!({"description": "Any JSON value.", "type": "string"}), &[r#"type added at /properties/p: "string": the schema allows any value"#]),
                (json!({"description": "Any JSON value.", "type": "string"}), &[r#"type added at /properties/p: "string": the schema allows any value"#]),
                (json!({"description": "Any JSON value.", "type": "string"}), &[r#"type added at /properties/p: "string": the schema allows any value"#]),
            ],
        ),
        (
            "annotations, a null default and unknown keywords are dropped",
            json!({"default": null, "title": "T", "type": "string", "x-vendor": 1}),
            [
                (json!({"type": "string"}), &["title dropped at /properties/p", "default dropped at /properties/p: null: the same as absent", "x-vendor dropped at /properties/p: unknown keyword"]),
                (json!({"type": "string"}), &["title dropped at /properties/p", "default dropped at /properties/p: null: the same as absent", "x-vendor dropped at /properties/p: unknown keyword"]),
                (json!({"type": "string"}), &["title dropped at /properties/p", "default dropped at /properties/p: null: the same as absent", "x-vendor dropped at /properties/p: unknown keyword"]),
            ],
        ),
    ];
    check_rows(rows, |property, dialect| {
        let input = json!({"type": "object", "properties": {"p": property}, "required": ["p"]});
        let out = dialect::rewrite(&input, dialect);
        let notes = out
            .notes
            .iter()
            .filter(|n| n.path.to_string().starts_with("/properties/p"))
            .map(ToString::to_string)
            .collect();
        (out.schema["properties"]["p"].clone(), notes)
    });
}

/// At the root, the arguments object: the whole output and every note.
#[test]
fn each_profile_renders_the_root_exactly() {
    #[rustfmt::skip]
    let rows: Vec<Row> = vec![
        (
            "the root object gets `properties` in conservative and strict mode",
            json!({"type": "object"}),
            [
                (json!({"type": "object"}), &[]),
                (json!({"additionalProperties": false, "properties": {}, "required": [], "type": "object"}), &["properties added at the root: {}", "additionalProperties added at the root: false: strict mode needs closed objects"]),
                (json!({"properties": {}, "type": "object"}), &["properties added at the root: {}"]),
            ],
        ),
        (
            "the arguments object cannot be null",
            json!({"type": ["object", "null"]}),
            [
                (json!({"type": "object"}), &[r#"type converted at the root: ["object","null"] is not one type name"#, "type dropped at the root: the arguments object cannot be null"]),
                (json!({"additionalProperties": false, "properties": {}, "required": [], "type": "object"}), &["type dropped at the root: the arguments object cannot be null", "properties added at the root: {}", "additionalProperties added at the root: false: strict mode needs closed objects"]),
                (json!({"properties": {}, "type": "object"}), &[r#"type converted at the root: ["object","null"] is not one type name"#, "type dropped at the root: the arguments object cannot be null", "properties added at the root: {}"]),
            ],
        ),
        (
            "a union at the root keeps the object branch and describes the others, in every profile",
            json!({"anyOf": [{"properties": {"a": {"type": "string"}}, "type": "object"}, {"type": "string"}]}),
            [
                (json!({"description": "Or: {\"type\":\"string\"}.", "properties": {"a": {"type": "string"}}, "type": "object"}), &["anyOf moved into description at the root"]),
                (json!({"additionalProperties": false, "description": "Or: {\"type\":\"string\"}.", "properties": {"a": {"type": ["string", "null"]}}, "required": ["a"], "type": "object"}), &["anyOf moved into description at the root", "required converted at /properties/a: optional property made nullable and required", "additionalProperties added at the root: false: strict mode needs closed objects"]),
                (json!({"description": "Or: {\"type\":\"string\"}.", "properties": {"a": {"type": "string"}}, "type": "object"}), &["anyOf moved into description at the root"]),
            ],
        ),
    ];
    check_rows(rows, |input, dialect| {
        let out = dialect::rewrite(input, dialect);
        (out.schema, note_lines(&out.notes))
    });
}

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

/// A schema whose `type` says only `null` keeps no other `enum` value (none can match):
/// the value is dropped with a note, so the second rewrite of a published schema gives the
/// same schema (a `null` left in the list and read back out would change it).
#[test]
fn null_only_type_drops_the_other_enum_values_and_settles() {
    let inputs = [
        json!({"enum": ["a"], "type": "null"}),
        json!({"enum": ["a", null], "type": "null"}),
        json!({"enum": ["a"], "type": ["nul", "null"]}),
        json!({"const": "a", "type": "null"}),
    ];
    for s in inputs {
        let input = json!({"type": "object", "properties": {"s": s}});
        for dialect in Dialect::ALL {
            let once = dialect::rewrite(&input, dialect);
            let twice = dialect::rewrite(&once.schema, dialect);
            assert_eq!(twice.schema, once.schema, "{dialect}: {input}");
        }
        let strict = dialect::rewrite(&input, Dialect::OpenAiStrict);
        assert_eq!(
            strict.schema["properties"]["s"],
            json!({"type": "null"}),
            "{input}"
        );
        assert!(
            note_lines(&strict.notes)
                .iter()
                .any(|n| n
                    == "enum dropped at /properties/s: values not of the schema's type: [\"a\"]"),
            "{input}: {:?}",
            note_lines(&strict.notes)
        );
    }
}
