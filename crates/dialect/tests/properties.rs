//! Any input: no panic, the output settles (rewriting it again changes nothing) and keeps
//! the profile's rules; `null_as_absent` only ever removes `null` members.

mod common;

use common::violations;
use mcp_coerce_dialect::{self as dialect, Dialect, null_as_absent};
use proptest::prelude::*;
use serde_json::{Value, json};

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
