//! `null_as_absent`: which `null`s of a strict client's arguments mean "absent".

use mcp_coerce_dialect::null_as_absent;
use serde_json::{Value, json};

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

/// Each schema object is judged once, however many references share it: walked as a tree,
/// a DAG of shared references costs twice as much with each level (a 1.3 KB schema of 20
/// levels would take seconds, and 32 levels are allowed).
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
