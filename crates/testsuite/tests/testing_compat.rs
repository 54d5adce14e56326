//! The test kit's schema compatibility check (feature `testing`): the rules as a table of
//! old and new schemas with their exact changes, whole `tools/list` results, `$ref`s,
//! nested objects, array items and unions, and hostile schemas.

use std::path::Path;

use mcp_coerce::testing::{ChangeRule, Impact, assert_compatible, compat};
use serde_json::{Value, json};

/// (rule, pointer) of every change.
fn changes(old: &Value, new: &Value) -> Vec<(ChangeRule, String)> {
    compat(old, new)
        .into_iter()
        .map(|c| (c.rule, c.pointer))
        .collect()
}

fn object(properties: Value, required: Value) -> Value {
    json!({"type": "object", "properties": properties, "required": required})
}

/// A row of the table: its name, OLD, NEW, and the changes (rule, pointer).
type Case = (&'static str, Value, Value, Vec<(ChangeRule, &'static str)>);

#[test]
fn the_rules_as_a_table() {
    use ChangeRule::*;
    let s = |extra: Value| {
        let mut base = json!({"type": "string"});
        if let (Value::Object(b), Value::Object(e)) = (&mut base, extra) {
            b.extend(e);
        }
        object(json!({"a": base}), json!([]))
    };
    let n = |schema: Value| object(json!({"n": schema}), json!([]));
    let table: Vec<Case> = vec![
        ("nothing changed", s(json!({})), s(json!({})), vec![]),
        (
            "a property removed",
            object(
                json!({"a": {"type": "string"}, "b": {"type": "string"}}),
                json!([]),
            ),
            object(json!({"a": {"type": "string"}}), json!([])),
            vec![(PropertyRemoved, "/properties/b")],
        ),
        (
            "a new required property: required-added only",
            object(json!({}), json!([])),
            object(json!({"c": {"type": "string"}}), json!(["c"])),
            vec![(RequiredAdded, "/properties/c")],
        ),
        (
            "a new required name without a property",
            object(json!({}), json!([])),
            object(json!({}), json!(["zz"])),
            vec![(RequiredAdded, "/required/0")],
        ),
        (
            "a new optional property",
            object(json!({}), json!([])),
            object(json!({"c": {"type": "string"}}), json!([])),
            vec![(PropertyAdded, "/properties/c")],
        ),
        (
            "made required",
            object(json!({"a": {"type": "string"}}), json!([])),
            object(json!({"a": {"type": "string"}}), json!(["a"])),
            vec![(MadeRequired, "/properties/a")],
        ),
        (
            "made optional",
            object(json!({"a": {"type": "string"}}), json!(["a"])),
            object(json!({"a": {"type": "string"}}), json!([])),
            vec![(MadeOptional, "/properties/a")],
        ),
        (
            "null no longer accepted",
            object(json!({"a": {"type": ["string", "null"]}}), json!([])),
            s(json!({})),
            vec![(TypeNarrowed, "/properties/a/type")],
        ),
        (
            "number to integer",
            n(json!({"type": "number"})),
            n(json!({"type": "integer"})),
            vec![(TypeNarrowed, "/properties/n/type")],
        ),
        (
            "integer to number",
            n(json!({"type": "integer"})),
            n(json!({"type": "number"})),
            vec![(TypeWidened, "/properties/n/type")],
        ),
        (
            "null accepted",
            s(json!({})),
            object(json!({"a": {"type": ["string", "null"]}}), json!([])),
            vec![(TypeWidened, "/properties/a/type")],
        ),
        (
            "string to integer: both, and nothing deeper",
            s(json!({"maxLength": 3})),
            object(json!({"a": {"type": "integer", "maximum": 3}}), json!([])),
            vec![
                (TypeNarrowed, "/properties/a/type"),
                (TypeWidened, "/properties/a/type"),
            ],
        ),
        (
            "enum values removed and added",
            s(json!({"enum": ["x", "y", "z"]})),
            s(json!({"enum": ["x", "z", "w"]})),
            vec![
                (EnumValueRemoved, "/properties/a/enum/1"),
                (EnumValueAdded, "/properties/a/enum/2"),
            ],
        ),
        (
            "an enum added where there was none",
            s(json!({})),
            s(json!({"enum": ["x"]})),
            vec![(TypeNarrowed, "/properties/a/enum")],
        ),
        (
            "the enum removed",
            s(json!({"enum": ["x"]})),
            s(json!({})),
            vec![(TypeWidened, "/properties/a/enum")],
        ),
        (
            "a const added",
            s(json!({})),
            s(json!({"const": "x"})),
            vec![(TypeNarrowed, "/properties/a/const")],
        ),
        (
            "the const changed",
            s(json!({"const": "x"})),
            s(json!({"const": "y"})),
            vec![(TypeNarrowed, "/properties/a/const")],
        ),
        (
            "a format added",
            s(json!({})),
            s(json!({"format": "uri"})),
            vec![(TypeNarrowed, "/properties/a/format")],
        ),
        (
            "the format changed",
            s(json!({"format": "date"})),
            s(json!({"format": "date-time"})),
            vec![(TypeNarrowed, "/properties/a/format")],
        ),
        (
            "the format removed",
            s(json!({"format": "uri"})),
            s(json!({})),
            vec![(TypeWidened, "/properties/a/format")],
        ),
        (
            "every bound tightened, or added where there was none",
            object(
                json!({
                    "n": {"type": "integer", "minimum": 0, "maximum": 100},
                    "x": {"type": "number"},
                    "a": {"type": "string", "maxLength": 64},
                    "l": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}, "maxItems": 10}
                }),
                json!([]),
            ),
            object(
                json!({
                    "n": {"type": "integer", "minimum": 1, "maximum": 50},
                    "x": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
                    "a": {"type": "string", "minLength": 1, "maxLength": 32},
                    "l": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}, "minItems": 1, "maxItems": 5}
                }),
                json!([]),
            ),
            vec![
                (BoundTightened, "/properties/a/maxLength"),
                (BoundTightened, "/properties/a/minLength"),
                (BoundTightened, "/properties/l/maxItems"),
                (BoundTightened, "/properties/l/minItems"),
                (BoundTightened, "/properties/n/maximum"),
                (BoundTightened, "/properties/n/minimum"),
                (BoundTightened, "/properties/x/exclusiveMaximum"),
                (BoundTightened, "/properties/x/exclusiveMinimum"),
            ],
        ),
        (
            "bounds loosened or removed",
            n(json!({"type": "integer", "minimum": 1, "maximum": 50})),
            n(json!({"type": "integer", "minimum": 0})),
            vec![
                (BoundLoosened, "/properties/n/maximum"),
                (BoundLoosened, "/properties/n/minimum"),
            ],
        ),
        (
            "a bound's value keeps integer precision",
            n(json!({"type": "integer", "maximum": u64::MAX})),
            n(json!({"type": "integer", "maximum": u64::MAX - 1})),
            vec![(BoundTightened, "/properties/n/maximum")],
        ),
        (
            "the pattern changed",
            s(json!({"pattern": "^[a-z]+$"})),
            s(json!({"pattern": "^[a-z0-9]+$"})),
            vec![(PatternChanged, "/properties/a/pattern")],
        ),
        (
            "a pattern added",
            s(json!({})),
            s(json!({"pattern": "^[a-z]+$"})),
            vec![(PatternChanged, "/properties/a/pattern")],
        ),
        (
            "the pattern removed",
            s(json!({"pattern": "^[a-z]+$"})),
            s(json!({})),
            vec![(TypeWidened, "/properties/a/pattern")],
        ),
        (
            "additional properties closed",
            object(json!({}), json!([])),
            json!({"type": "object", "properties": {}, "additionalProperties": false}),
            vec![(AdditionalPropertiesClosed, "/additionalProperties")],
        ),
        (
            "additional properties opened",
            json!({"type": "object", "properties": {}, "additionalProperties": false}),
            object(json!({}), json!([])),
            vec![(TypeWidened, "/additionalProperties")],
        ),
        (
            "a description changed",
            s(json!({"description": "A name."})),
            s(json!({"description": "The name."})),
            vec![(DescriptionChanged, "/properties/a/description")],
        ),
        (
            "nested objects",
            object(
                json!({"filter": object(json!({"from": {"type": "integer", "maximum": 10}}), json!([]))}),
                json!([]),
            ),
            object(
                json!({"filter": object(json!({"from": {"type": "integer", "maximum": 5}}), json!(["from"]))}),
                json!([]),
            ),
            vec![
                (MadeRequired, "/properties/filter/properties/from"),
                (BoundTightened, "/properties/filter/properties/from/maximum"),
            ],
        ),
        (
            "array items",
            object(
                json!({"tags": {"type": "array", "items": {"type": "string", "maxLength": 50}}}),
                json!([]),
            ),
            object(
                json!({"tags": {"type": "array", "items": {"type": "string", "maxLength": 20, "enum": ["a"]}}}),
                json!([]),
            ),
            vec![
                (TypeNarrowed, "/properties/tags/items/enum"),
                (BoundTightened, "/properties/tags/items/maxLength"),
            ],
        ),
        (
            "items added where there were none, and removed",
            object(
                json!({"p": {"type": "array"}, "q": {"type": "array", "items": {"type": "string"}}}),
                json!([]),
            ),
            object(
                json!({"p": {"type": "array", "items": {"type": "string"}}, "q": {"type": "array"}}),
                json!([]),
            ),
            vec![
                (TypeNarrowed, "/properties/p/items"),
                (TypeWidened, "/properties/q/items"),
            ],
        ),
        (
            "a nullable union to its member: the union narrowed, the member compared",
            object(
                json!({"a": {"anyOf": [{"type": "string", "maxLength": 10}, {"type": "null"}]}}),
                json!([]),
            ),
            s(json!({"maxLength": 5})),
            vec![
                (TypeNarrowed, "/properties/a/anyOf"),
                (BoundTightened, "/properties/a/anyOf/0/maxLength"),
            ],
        ),
        (
            "a member to a nullable union: widened, the member compared in NEW",
            s(json!({"maxLength": 5})),
            object(
                json!({"a": {"anyOf": [{"type": "null"}, {"type": "string", "maxLength": 10}]}}),
                json!([]),
            ),
            vec![
                (TypeWidened, "/properties/a/anyOf"),
                (BoundLoosened, "/properties/a/anyOf/1/maxLength"),
            ],
        ),
    ];
    for (name, old, new, want) in table {
        let want: Vec<(ChangeRule, String)> =
            want.into_iter().map(|(r, p)| (r, p.to_owned())).collect();
        let mut got = changes(&old, &new);
        // The table lists each row's changes in rule order within a pointer's family;
        // compare as the check sorts them: by pointer, then rule id.
        got.sort_by(|a, b| (&a.1, a.0.id()).cmp(&(&b.1, b.0.id())));
        let mut sorted = want.clone();
        sorted.sort_by(|a, b| (&a.1, a.0.id()).cmp(&(&b.1, b.0.id())));
        assert_eq!(got, sorted, "{name}");
        assert_eq!(changes(&old, &new), sorted, "{name}: the order");
    }
}

#[test]
fn impacts() {
    use Impact::{Breaking, Info};
    let table: Vec<(&str, Impact)> = ChangeRule::ALL
        .iter()
        .map(|r| (r.id(), r.impact()))
        .collect();
    assert_eq!(
        table,
        [
            ("tool-removed", Breaking),
            ("property-removed", Breaking),
            ("required-added", Breaking),
            ("made-required", Breaking),
            ("type-narrowed", Breaking),
            ("enum-value-removed", Breaking),
            ("bound-tightened", Breaking),
            ("pattern-changed", Breaking),
            ("additional-properties-closed", Breaking),
            ("tool-added", Info),
            ("property-added", Info),
            ("enum-value-added", Info),
            ("bound-loosened", Info),
            ("type-widened", Info),
            ("made-optional", Info),
            ("description-changed", Info),
        ]
    );
}

/// `$ref`s are followed on each side in its own document: a change inside a definition
/// OLD refers to is named where the definition is in OLD; an addition inline in NEW is
/// named in NEW. A definition reached twice gives one change.
#[test]
fn refs_are_resolved() {
    use ChangeRule::*;
    let old = json!({
        "type": "object",
        "properties": {
            "filter": {"$ref": "#/$defs/Filter"},
            "again": {"$ref": "#/$defs/Filter"}
        },
        "$defs": {"Filter": {"type": "object", "properties": {"from": {"type": "integer", "maximum": 10}}}}
    });
    let new = json!({
        "type": "object",
        "properties": {
            "filter": {"type": "object", "properties": {
                "from": {"type": "integer", "maximum": 5},
                "to": {"type": "integer"}
            }},
            "again": {"$ref": "#/definitions/F"}
        },
        "definitions": {"F": {"type": "object", "properties": {"from": {"type": "integer", "maximum": 10}}}}
    });
    assert_eq!(
        changes(&old, &new),
        [
            (
                BoundTightened,
                "/$defs/Filter/properties/from/maximum".to_owned()
            ),
            (PropertyAdded, "/properties/filter/properties/to".to_owned()),
        ]
    );
}

#[test]
fn tool_lists() {
    use ChangeRule::*;
    let old = json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [
        {"name": "a_get", "description": "Get.", "inputSchema": object(json!({"id": {"type": "string"}}), json!(["id"]))},
        {"name": "a_gone", "inputSchema": object(json!({}), json!([]))}
    ]}});
    let new = json!([
        {"name": "a_new", "inputSchema": object(json!({}), json!([]))},
        {"name": "a_get", "description": "Get one.", "inputSchema": object(json!({"id": {"type": "string", "maxLength": 9}}), json!(["id"]))}
    ]);
    let found: Vec<(String, ChangeRule, String, Impact)> = compat(&old, &new)
        .into_iter()
        .map(|c| (c.tool, c.rule, c.pointer, c.severity))
        .collect();
    let row = |t: &str, r: ChangeRule, p: &str| (t.to_owned(), r, p.to_owned(), r.impact());
    assert_eq!(
        found,
        [
            row("a_get", DescriptionChanged, "/description"),
            row(
                "a_get",
                BoundTightened,
                "/inputSchema/properties/id/maxLength"
            ),
            row("a_gone", ToolRemoved, ""),
            row("a_new", ToolAdded, ""),
        ]
    );
    let text = compat(&old, &new)[2].to_string();
    assert_eq!(
        text,
        "breaking a_gone \"\" [tool-removed] the tool was removed"
    );
}

/// The demo server's own `tools/list` is compatible with itself.
#[test]
fn the_demo_tools_list_against_itself() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tools_list.json");
    let list: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the golden")).expect("JSON");
    assert_eq!(changes(&list, &list), []);
    assert_compatible(&list, &list);
}

#[test]
#[should_panic(expected = "breaking a_x /inputSchema/properties/q [property-removed]")]
fn assert_compatible_lists_the_breaking_changes() {
    let old = json!([{"name": "a_x", "inputSchema": object(json!({"q": {"type": "string"}}), json!([]))}]);
    let new = json!([{"name": "a_x", "inputSchema": object(json!({}), json!([]))}]);
    assert_compatible(&old, &new);
}

/// Untrusted input: a cycle of `$ref`s, references to nowhere, nesting far past any
/// recursion limit (built in code): changes, no panic, no unbounded work.
#[test]
fn hostile_schemas() {
    use ChangeRule::*;
    let cyclic = |max: u32| {
        json!({"type": "object", "properties": {"node": {"$ref": "#/$defs/Node"}},
               "$defs": {"Node": {"type": "object", "properties": {
                   "next": {"$ref": "#/$defs/Node"},
                   "away": {"$ref": "#/$defs/Nowhere"},
                   "n": {"type": "integer", "maximum": max}}}}})
    };
    assert_eq!(
        changes(&cyclic(10), &cyclic(5)),
        [(
            BoundTightened,
            "/$defs/Node/properties/n/maximum".to_owned()
        )]
    );
    let selfish = json!({"$ref": "#"});
    assert_eq!(changes(&selfish, &selfish), []);

    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let deep = |max: u32| {
                let mut node = json!({"type": "integer", "maximum": max});
                for _ in 0..100_000 {
                    let mut properties = serde_json::Map::new();
                    properties.insert("x".into(), node);
                    let mut level = serde_json::Map::new();
                    level.insert("type".into(), json!("object"));
                    level.insert("properties".into(), Value::Object(properties));
                    node = Value::Object(level);
                }
                node
            };
            let (old, new) = (deep(10), deep(5));
            // Past 64 levels nothing is compared: no change, and no stack overflow.
            assert_eq!(changes(&old, &new), []);
            std::mem::forget((old, new));
        })
        .expect("a thread")
        .join()
        .expect("no stack overflow");
}

/// A schema nested past the walk's depth limit: the deep branch is left out, its siblings
/// are still compared.
fn with_deep_sibling(max_length: u64) -> Value {
    let deep = (0..70).fold(
        json!({"type": "string"}),
        |inner, _| json!({"type": "object", "properties": {"a": inner}}),
    );
    json!({"type": "object", "properties": {
        "a_deep": deep,
        "z_bad": {"type": "string", "maxLength": max_length},
    }})
}

#[test]
fn a_branch_past_the_depth_limit_leaves_its_siblings_compared() {
    let found: Vec<(String, ChangeRule)> = compat(&with_deep_sibling(100), &with_deep_sibling(1))
        .into_iter()
        .map(|c| (c.pointer, c.rule))
        .collect();
    assert_eq!(
        found,
        [(
            "/properties/z_bad/maxLength".to_owned(),
            ChangeRule::BoundTightened
        )]
    );
}

#[test]
fn a_union_that_refers_to_itself_ends() {
    let changes = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let schema = json!({"anyOf": [{"$ref": "#"}]});
            let nullable = json!({"type": "object", "properties": {
                "x": {"anyOf": [{"$ref": "#/properties/x"}, {"type": "null"}]}}});
            (compat(&schema, &schema), compat(&nullable, &nullable))
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(changes, (Vec::new(), Vec::new()));
}
