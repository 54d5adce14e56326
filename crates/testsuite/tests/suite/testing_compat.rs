//! The test kit's schema compatibility check (feature `testing`): the rules as a table of
//! old and new schemas with their exact changes (input schemas, output schemas read the
//! other way, deprecation), whole `tools/list` results and the fixtures under
//! `tests/data/testing/compat`, `$ref`s, nested objects, array items and unions, and
//! hostile schemas.

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
            "number to integer, the maximum lowered: both, as the integers are in common",
            n(json!({"type": "number", "maximum": 10})),
            n(json!({"type": "integer", "maximum": 5})),
            vec![
                (BoundTightened, "/properties/n/maximum"),
                (TypeNarrowed, "/properties/n/type"),
            ],
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
            ("output-schema-removed", Breaking),
            ("output-property-removed", Breaking),
            ("output-made-optional", Breaking),
            ("output-type-widened", Breaking),
            ("output-enum-value-added", Breaking),
            ("output-bound-loosened", Breaking),
            ("output-pattern-changed", Breaking),
            ("tool-added", Info),
            ("property-added", Info),
            ("enum-value-added", Info),
            ("bound-loosened", Info),
            ("type-widened", Info),
            ("made-optional", Info),
            ("description-changed", Info),
            ("output-schema-added", Info),
            ("output-property-added", Info),
            ("output-made-required", Info),
            ("output-type-narrowed", Info),
            ("output-enum-value-removed", Info),
            ("output-bound-tightened", Info),
            ("deprecated-property-removed", Info),
            ("deprecated-enum-value-removed", Info),
        ]
    );
}

/// `RULE POINTER SEVERITY` of every change (`""` for the empty pointer), in the check's
/// order.
fn found(old: &Value, new: &Value) -> Vec<String> {
    compat(old, new)
        .into_iter()
        .map(|c| {
            let pointer = if c.pointer.is_empty() {
                "\"\""
            } else {
                &c.pointer
            };
            format!("{} {pointer} {}", c.rule.id(), c.severity)
        })
        .collect()
}

/// A row of the tables below: its name, OLD, NEW, and the changes (`RULE POINTER
/// SEVERITY`) in the check's order (by pointer, then rule id).
type Row = (&'static str, Value, Value, Vec<&'static str>);

/// Every row's changes, all rows reported before failing.
#[track_caller]
fn check_rows(table: Vec<Row>) {
    let mut failed = Vec::new();
    for (name, old, new, want) in table {
        let got = found(&old, &new);
        if got != want {
            failed.push(format!("{name}:\n   got {got:?}\n  want {want:?}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// One tool whose `outputSchema` is `output` (none for `null`).
fn with_output(output: Value) -> Value {
    let mut tool = json!({"name": "t", "inputSchema": {"type": "object", "properties": {}}});
    if !output.is_null() {
        tool["outputSchema"] = output;
    }
    json!([tool])
}

/// An `outputSchema` is compared as something the client reads: what lets the server
/// return a value the old schema did not is breaking, what narrows what it returns is info.
#[test]
fn the_output_rules_as_a_table() {
    let o = |properties: Value, required: Value| with_output(object(properties, required));
    let p = |schema: Value| o(json!({"p": schema}), json!([]));
    let table: Vec<Row> = vec![
        (
            "nothing changed",
            p(json!({"type": "string", "maxLength": 9})),
            p(json!({"type": "string", "maxLength": 9})),
            vec![],
        ),
        (
            "the outputSchema removed",
            p(json!({"type": "string"})),
            with_output(Value::Null),
            vec!["output-schema-removed /outputSchema breaking"],
        ),
        (
            "an outputSchema added",
            with_output(Value::Null),
            p(json!({"type": "string"})),
            vec!["output-schema-added /outputSchema info"],
        ),
        (
            "an outputSchema of null is none",
            json!([{"name": "t", "outputSchema": null}]),
            json!([{"name": "t"}]),
            vec![],
        ),
        (
            "a required property and an optional one removed",
            o(
                json!({"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}}),
                json!(["a"]),
            ),
            o(json!({"c": {"type": "string"}}), json!([])),
            vec![
                "output-property-removed /outputSchema/properties/a breaking",
                "output-property-removed /outputSchema/properties/b breaking",
            ],
        ),
        (
            "properties added, required or not",
            o(json!({}), json!([])),
            o(
                json!({"a": {"type": "string"}, "b": {"type": "string"}}),
                json!(["a"]),
            ),
            vec![
                "output-property-added /outputSchema/properties/a info",
                "output-property-added /outputSchema/properties/b info",
            ],
        ),
        (
            "made optional",
            o(json!({"a": {"type": "string"}}), json!(["a"])),
            o(json!({"a": {"type": "string"}}), json!([])),
            vec!["output-made-optional /outputSchema/properties/a breaking"],
        ),
        (
            "made required",
            o(json!({"a": {"type": "string"}}), json!([])),
            o(json!({"a": {"type": "string"}}), json!(["a"])),
            vec!["output-made-required /outputSchema/properties/a info"],
        ),
        (
            "a new required name without a property",
            o(json!({}), json!([])),
            o(json!({}), json!(["zz"])),
            vec!["output-made-required /outputSchema/required/0 info"],
        ),
        (
            "integer to number",
            p(json!({"type": "integer"})),
            p(json!({"type": "number"})),
            vec!["output-type-widened /outputSchema/properties/p/type breaking"],
        ),
        (
            "number to integer",
            p(json!({"type": "number"})),
            p(json!({"type": "integer"})),
            vec!["output-type-narrowed /outputSchema/properties/p/type info"],
        ),
        (
            "number to integer, the maximum raised: both, as the integers are in common",
            p(json!({"type": "number", "maximum": 10})),
            p(json!({"type": "integer", "maximum": 100})),
            vec![
                "output-bound-loosened /outputSchema/properties/p/maximum breaking",
                "output-type-narrowed /outputSchema/properties/p/type info",
            ],
        ),
        (
            "a type added to the type array",
            p(json!({"type": "string"})),
            p(json!({"type": ["string", "null"]})),
            vec!["output-type-widened /outputSchema/properties/p/type breaking"],
        ),
        (
            "enum values added and removed",
            p(json!({"type": "string", "enum": ["x", "y"]})),
            p(json!({"type": "string", "enum": ["x", "z"]})),
            vec![
                "output-enum-value-added /outputSchema/properties/p/enum/1 breaking",
                "output-enum-value-removed /outputSchema/properties/p/enum/1 info",
            ],
        ),
        (
            "the enum removed",
            p(json!({"type": "string", "enum": ["x"]})),
            p(json!({"type": "string"})),
            vec!["output-type-widened /outputSchema/properties/p/enum breaking"],
        ),
        (
            "an enum added",
            p(json!({"type": "string"})),
            p(json!({"type": "string", "enum": ["x"]})),
            vec!["output-type-narrowed /outputSchema/properties/p/enum info"],
        ),
        (
            "the const changed: named in NEW, where the new value is",
            p(json!({"const": "x"})),
            p(json!({"const": "y"})),
            vec!["output-type-widened /outputSchema/properties/p/const breaking"],
        ),
        (
            "the const removed",
            p(json!({"type": "string", "const": "x"})),
            p(json!({"type": "string"})),
            vec!["output-type-widened /outputSchema/properties/p/const breaking"],
        ),
        (
            "the format changed",
            p(json!({"type": "string", "format": "date"})),
            p(json!({"type": "string", "format": "date-time"})),
            vec!["output-type-widened /outputSchema/properties/p/format breaking"],
        ),
        (
            "a format added",
            p(json!({"type": "string"})),
            p(json!({"type": "string", "format": "uri"})),
            vec!["output-type-narrowed /outputSchema/properties/p/format info"],
        ),
        (
            "bounds loosened or removed",
            o(
                json!({
                    "n": {"type": "integer", "minimum": 1, "maximum": 50},
                    "s": {"type": "string", "minLength": 1, "maxLength": 64},
                    "l": {"type": "array", "items": {"type": "integer"}, "maxItems": 10}
                }),
                json!([]),
            ),
            o(
                json!({
                    "n": {"type": "integer", "minimum": 0, "maximum": 100},
                    "s": {"type": "string", "maxLength": 128},
                    "l": {"type": "array", "items": {"type": "integer"}}
                }),
                json!([]),
            ),
            vec![
                "output-bound-loosened /outputSchema/properties/l/maxItems breaking",
                "output-bound-loosened /outputSchema/properties/n/maximum breaking",
                "output-bound-loosened /outputSchema/properties/n/minimum breaking",
                "output-bound-loosened /outputSchema/properties/s/maxLength breaking",
                "output-bound-loosened /outputSchema/properties/s/minLength breaking",
            ],
        ),
        (
            "bounds tightened or added",
            p(json!({"type": "number", "maximum": 10})),
            p(json!({"type": "number", "exclusiveMinimum": 0, "maximum": 5})),
            vec![
                "output-bound-tightened /outputSchema/properties/p/exclusiveMinimum info",
                "output-bound-tightened /outputSchema/properties/p/maximum info",
            ],
        ),
        (
            "the pattern changed",
            p(json!({"type": "string", "pattern": "^[a-z]+$"})),
            p(json!({"type": "string", "pattern": "^[a-z0-9]+$"})),
            vec!["output-pattern-changed /outputSchema/properties/p/pattern breaking"],
        ),
        (
            "the pattern removed",
            p(json!({"type": "string", "pattern": "^[a-z]+$"})),
            p(json!({"type": "string"})),
            vec!["output-type-widened /outputSchema/properties/p/pattern breaking"],
        ),
        (
            "a pattern added",
            p(json!({"type": "string"})),
            p(json!({"type": "string", "pattern": "^[a-z]+$"})),
            vec!["output-type-narrowed /outputSchema/properties/p/pattern info"],
        ),
        (
            "additional properties opened: unknown keys, like new properties",
            with_output(json!({"type": "object", "additionalProperties": false})),
            with_output(json!({"type": "object"})),
            vec!["output-property-added /outputSchema/additionalProperties info"],
        ),
        (
            "additional properties closed",
            with_output(json!({"type": "object"})),
            with_output(json!({"type": "object", "additionalProperties": false})),
            vec!["output-type-narrowed /outputSchema/additionalProperties info"],
        ),
        (
            "the items schema removed",
            p(json!({"type": "array", "items": {"type": "string"}})),
            p(json!({"type": "array"})),
            vec!["output-type-widened /outputSchema/properties/p/items breaking"],
        ),
        (
            "a required property of array items removed",
            p(
                json!({"type": "array", "items": object(json!({"id": {"type": "string"}}), json!(["id"]))}),
            ),
            p(json!({"type": "array", "items": object(json!({}), json!([]))})),
            vec!["output-property-removed /outputSchema/properties/p/items/properties/id breaking"],
        ),
        (
            "a nullable union to its member: the union narrowed, the member compared",
            p(json!({"anyOf": [{"type": "string", "maxLength": 10}, {"type": "null"}]})),
            p(json!({"type": "string", "maxLength": 20})),
            vec![
                "output-type-narrowed /outputSchema/properties/p/anyOf info",
                "output-bound-loosened /outputSchema/properties/p/maxLength breaking",
            ],
        ),
        (
            "inside a definition: named where it is in OLD or NEW",
            with_output(
                json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}},
                               "$defs": {"A": {"type": "integer", "maximum": 10}}}),
            ),
            with_output(
                json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}},
                               "$defs": {"A": {"type": "integer", "maximum": 20}}}),
            ),
            vec!["output-bound-loosened /outputSchema/$defs/A/maximum breaking"],
        ),
        (
            "a description changed: the same rule as on inputs",
            p(json!({"type": "string", "description": "A name."})),
            p(json!({"type": "string", "description": "The name."})),
            vec!["description-changed /outputSchema/properties/p/description info"],
        ),
    ];
    check_rows(table);
}

/// The same change to a tool's `inputSchema` and to its `outputSchema`: opposite
/// severities, each under its own rule.
#[test]
fn inputs_and_outputs_read_one_change_the_other_way() {
    let tool = |schema: Value| {
        json!([{"name": "t", "inputSchema": object(json!({"n": schema.clone()}), json!(["n"])),
                "outputSchema": object(json!({"n": schema}), json!(["n"]))}])
    };
    assert_eq!(
        found(
            &tool(json!({"type": "integer", "maximum": 10})),
            &tool(json!({"type": "number", "maximum": 5}))
        ),
        [
            "bound-tightened /inputSchema/properties/n/maximum breaking",
            "type-widened /inputSchema/properties/n/type info",
            "output-bound-tightened /outputSchema/properties/n/maximum info",
            "output-type-widened /outputSchema/properties/n/type breaking",
        ]
    );
}

/// `deprecated: true` in OLD makes a removal info, on inputs and outputs alike; nothing
/// else about a deprecated property changes.
#[test]
fn deprecation_as_a_table() {
    let i = |properties: Value, required: Value| object(properties, required);
    let out = |properties: Value, required: Value| with_output(object(properties, required));
    let consts = |values: &[(&str, bool)]| {
        let members: Vec<Value> = values
            .iter()
            .map(|(v, d)| {
                if *d {
                    json!({"const": v, "deprecated": true})
                } else {
                    json!({"const": v})
                }
            })
            .collect();
        json!({"oneOf": members})
    };
    let table: Vec<Row> = vec![
        (
            "a deprecated input property removed, required or not",
            i(
                json!({"a": {"type": "string", "deprecated": true},
                       "b": {"type": "string", "deprecated": true}}),
                json!(["a"]),
            ),
            i(json!({}), json!([])),
            vec![
                "deprecated-property-removed /properties/a info",
                "deprecated-property-removed /properties/b info",
            ],
        ),
        (
            "deprecated on the definition a $ref names",
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}},
                   "$defs": {"A": {"type": "string", "deprecated": true}}}),
            i(json!({}), json!([])),
            vec!["deprecated-property-removed /properties/a info"],
        ),
        (
            "deprecated beside a $ref",
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A", "deprecated": true}},
                   "$defs": {"A": {"type": "string"}}}),
            i(json!({}), json!([])),
            vec!["deprecated-property-removed /properties/a info"],
        ),
        (
            "deprecated false, or not a boolean: breaking",
            i(
                json!({"a": {"type": "string", "deprecated": false},
                       "b": {"type": "string", "deprecated": "true"}}),
                json!([]),
            ),
            i(json!({}), json!([])),
            vec![
                "property-removed /properties/a breaking",
                "property-removed /properties/b breaking",
            ],
        ),
        (
            "deprecated in NEW only: the removal is still breaking",
            i(json!({"a": {"type": "string"}}), json!([])),
            i(json!({}), json!([])),
            vec!["property-removed /properties/a breaking"],
        ),
        (
            "a deprecated property kept and tightened: breaking",
            i(
                json!({"a": {"type": "string", "maxLength": 9, "deprecated": true}}),
                json!([]),
            ),
            i(
                json!({"a": {"type": "string", "maxLength": 5, "deprecated": true}}),
                json!([]),
            ),
            vec!["bound-tightened /properties/a/maxLength breaking"],
        ),
        (
            "a deprecated output property removed, required or not",
            out(
                json!({"a": {"type": "string", "deprecated": true}, "b": {"type": "string"}}),
                json!(["a", "b"]),
            ),
            out(json!({}), json!([])),
            vec![
                "deprecated-property-removed /outputSchema/properties/a info",
                "output-property-removed /outputSchema/properties/b breaking",
            ],
        ),
        (
            "input values of a union of consts: a deprecated one removed, another removed, one added",
            i(
                json!({"m": consts(&[("a", false), ("b", true), ("c", false)])}),
                json!([]),
            ),
            i(
                json!({"m": consts(&[("a", false), ("d", false)])}),
                json!([]),
            ),
            vec![
                "deprecated-enum-value-removed /properties/m/oneOf/1/const info",
                "enum-value-added /properties/m/oneOf/1/const info",
                "enum-value-removed /properties/m/oneOf/2/const breaking",
            ],
        ),
        (
            "output values of a union of consts: a deprecated one removed, one added",
            out(
                json!({"m": consts(&[("a", false), ("b", true)])}),
                json!([]),
            ),
            out(
                json!({"m": consts(&[("a", false), ("c", false)])}),
                json!([]),
            ),
            vec![
                "deprecated-enum-value-removed /outputSchema/properties/m/oneOf/1/const info",
                "output-enum-value-added /outputSchema/properties/m/oneOf/1/const breaking",
            ],
        ),
        (
            "a union of consts reordered: nothing",
            i(
                json!({"m": consts(&[("a", false), ("b", false), ("c", false)])}),
                json!([]),
            ),
            i(
                json!({"m": consts(&[("c", false), ("a", false), ("b", false)])}),
                json!([]),
            ),
            vec![],
        ),
        (
            "an enum written as a union of documented consts (as schemars does): nothing",
            i(
                json!({"m": {"type": "string", "enum": ["a", "b"]}}),
                json!([]),
            ),
            i(
                json!({"m": {"oneOf": [
                    {"type": "string", "const": "a", "description": "The first."},
                    {"type": "string", "const": "b", "description": "The second."}]}}),
                json!([]),
            ),
            vec![],
        ),
        (
            "one-value enums as members, and a member's description changed",
            i(
                json!({"m": {"anyOf": [{"enum": ["a"], "description": "A."}, {"enum": ["b"], "deprecated": true}]}}),
                json!([]),
            ),
            i(
                json!({"m": {"anyOf": [{"enum": ["a"], "description": "The a."}]}}),
                json!([]),
            ),
            vec![
                "description-changed /properties/m/anyOf/0/description info",
                "deprecated-enum-value-removed /properties/m/anyOf/1/enum/0 info",
            ],
        ),
        (
            "schemars' mixed form: the plain values in one enum member, documented ones as consts",
            i(
                json!({"m": {"oneOf": [
                    {"type": "string", "enum": ["a", "b"]},
                    {"type": "string", "const": "c", "description": "C.", "deprecated": true}]}}),
                json!([]),
            ),
            i(
                json!({"m": {"oneOf": [{"type": "string", "enum": ["a", "d"]}]}}),
                json!([]),
            ),
            vec![
                "enum-value-added /properties/m/oneOf/0/enum/1 info",
                "enum-value-removed /properties/m/oneOf/0/enum/1 breaking",
                "deprecated-enum-value-removed /properties/m/oneOf/1/const info",
            ],
        ),
        (
            "a deprecated property's own enum: a value removed is breaking",
            i(
                json!({"m": {"type": "string", "enum": ["a", "b"], "deprecated": true}}),
                json!([]),
            ),
            i(
                json!({"m": {"type": "string", "enum": ["a"], "deprecated": true}}),
                json!([]),
            ),
            vec!["enum-value-removed /properties/m/enum/1 breaking"],
        ),
        (
            "a union of consts to an enum without a deprecated value",
            i(
                json!({"m": consts(&[("a", false), ("b", true)])}),
                json!([]),
            ),
            i(json!({"m": {"enum": ["a"]}}), json!([])),
            vec!["deprecated-enum-value-removed /properties/m/oneOf/1/const info"],
        ),
        (
            "a tool has no deprecation in MCP: its removal is breaking, whatever it says",
            json!([{"name": "t", "description": "Deprecated: use u.", "inputSchema": {"type": "object", "deprecated": true}}]),
            json!([]),
            vec!["tool-removed \"\" breaking"],
        ),
    ];
    check_rows(table);
}

/// The fixture pairs under `tests/data/testing/compat` (two `tools/list` results each, as
/// the `schema_compat` command line reads them) and their changes, every field included,
/// pinned as golden files (`NAME_changes.json`, one change a line; regenerate with
/// `UPDATE_GOLDEN=1`): `outputs` has every `output-` rule, `deprecated` the deprecation
/// rules on inputs and outputs beside the removals they do not excuse.
#[test]
fn the_fixture_pairs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/testing/compat");
    let read = |name: &str| -> Value {
        let text = std::fs::read_to_string(dir.join(name)).expect("the fixture");
        serde_json::from_str(&text).expect("JSON")
    };
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for pair in ["outputs", "deprecated"] {
        let changes = compat(
            &read(&format!("{pair}_old.json")),
            &read(&format!("{pair}_new.json")),
        );
        let lines: Vec<String> = changes
            .iter()
            .map(|c| format!("  {}", serde_json::to_string(c).expect("serializes")))
            .collect();
        let text = format!("[\n{}\n]\n", lines.join(",\n"));
        let golden = dir.join(format!("{pair}_changes.json"));
        if update {
            std::fs::write(&golden, &text).expect("writes the golden file");
            continue;
        }
        let want = std::fs::read_to_string(&golden).expect("the golden file");
        assert_eq!(
            text,
            want,
            "{pair}: the changes differ from {}",
            golden.display()
        );
    }
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

/// Members of one union with the same types pair with their equal (or the one of the same
/// `format`), not with the last of those types: an `anyOf` of `ipv4` and `ipv6` strings
/// compared with itself, or with its members swapped, changes nothing.
#[test]
fn union_members_of_one_type_pair_by_their_format() {
    let ip = json!({"anyOf": [
        {"type": "string", "format": "ipv4"},
        {"type": "string", "format": "ipv6"}
    ]});
    let swapped = json!({"anyOf": [
        {"type": "string", "format": "ipv6"},
        {"type": "string", "format": "ipv4"}
    ]});
    let list =
        |p: &Value| json!([{"name": "a_x", "inputSchema": object(json!({"ip": p}), json!([]))}]);
    assert_eq!(changes(&list(&ip), &list(&ip)), []);
    assert_eq!(changes(&list(&ip), &list(&swapped)), []);
    let v4_only = json!({"anyOf": [{"type": "string", "format": "ipv4"}]});
    assert_eq!(
        changes(&list(&ip), &list(&v4_only)),
        [(
            ChangeRule::TypeNarrowed,
            "/inputSchema/properties/ip/anyOf/1".to_owned()
        )]
    );
}
