//! `$ref` inlining: local pointers of every spelling, recursion cut at the second visit,
//! unresolvable references, and the depth and size bounds.

mod common;

use common::{assert_settled, note_lines};
use mcp_coerce_dialect::{self as dialect, Dialect, NoteKind, inline_refs};
use serde_json::{Value, json};

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

/// The inlining budget counts strings by their size: counted as one value each, a long
/// description behind a reference would be copied at every use (a 161 KB schema would
/// become 200 MB).
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
