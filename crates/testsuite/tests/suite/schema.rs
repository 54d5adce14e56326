//! The emitted JSON Schema against the runtime check, with the `jsonschema` crate as the
//! judge (feature `schemars`):
//! - every instance the schema accepts (drawn from the schema's own constraints, at and
//!   just inside every bound) the runtime accepts, and returns in canonical form;
//! - every value the runtime produces, serialized, validates against the schema;
//! - each demo tool's full `inputSchema` is pinned as a golden file
//!   (`tests/data/schemas/`; regenerate with
//!   `UPDATE_GOLDEN=1 cargo test -p mcp-coerce-testsuite --all-features`).
#![cfg(feature = "schemars")]

use crate::demo_tools;

use std::collections::BTreeMap;

use mcp_coerce::schema::input_schema;
use mcp_coerce::{
    Bool, BoolLike, Clamp, DefaultTo, Enum, EnumLike, Int, IntArray, IntArrayLike, IntLike, Items,
    JsonObjectLike, NoSplit, Number, NumberLike, Optional, Pattern, PatternLike, StringArray,
    StringArrayLike, Text, TextLike, Trim,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

// ---------------------------------------------------------------------------------------
// Instances from a schema's own constraints.

const SMALL: i128 = 1 << 40;

/// Integers in `min..=max`, half of them at or just inside a bound.
fn integer_in(min: i128, max: i128) -> BoxedStrategy<Value> {
    let edge = prop_oneof![
        Just(min),
        Just(max),
        Just((min + 1).min(max)),
        Just((max - 1).max(min)),
    ];
    let lo = min.max(-SMALL);
    let hi = max.min(SMALL).max(lo);
    prop_oneof![edge, lo..=hi]
        .prop_map(|n| {
            i64::try_from(n)
                .map(Value::from)
                .unwrap_or_else(|_| Value::from(u64::try_from(n).unwrap_or(u64::MAX)))
        })
        .boxed()
}

fn number_in(min: f64, max: f64) -> BoxedStrategy<Value> {
    let span = max - min;
    prop_oneof![
        Just(min),
        Just(max),
        (0.0..=1.0f64).prop_map(move |t| min + span * t),
    ]
    .prop_map(|f| json!(f))
    .boxed()
}

fn get_i128(schema: &Value, key: &str) -> Option<i128> {
    let n = schema.get(key)?;
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

fn get_usize(schema: &Value, key: &str) -> Option<usize> {
    schema
        .get(key)?
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
}

/// A string of `min..=max` chars from `alphabet`, the bounds included.
fn string_in(min: usize, max: usize) -> BoxedStrategy<Value> {
    let top = max.min(min + 24);
    let len = prop_oneof![Just(min), Just(max.min(400)), min..=top];
    len.prop_flat_map(|n| {
        proptest::collection::vec(
            prop_oneof![
                proptest::char::range('a', 'z'),
                Just('é'),
                Just('😀'),
                Just(' '),
                Just(','),
            ],
            n,
        )
    })
    .prop_map(|chars| Value::String(chars.into_iter().collect()))
    .boxed()
}

/// Instances of `schema`; `overrides` maps a property name to its own strategy (for the
/// constraints JSON Schema cannot express, such as a URL's host policy).
fn instances(
    schema: &Value,
    overrides: &BTreeMap<&'static str, BoxedStrategy<Value>>,
) -> BoxedStrategy<Value> {
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return proptest::sample::select(values.clone()).boxed();
    }
    match schema.get("type").and_then(Value::as_str) {
        Some("integer") => integer_in(
            get_i128(schema, "minimum").unwrap_or(-SMALL),
            get_i128(schema, "maximum").unwrap_or(SMALL),
        ),
        Some("number") => number_in(
            schema
                .get("minimum")
                .and_then(Value::as_f64)
                .unwrap_or(-1e9),
            schema.get("maximum").and_then(Value::as_f64).unwrap_or(1e9),
        ),
        Some("boolean") => any::<bool>().prop_map(Value::Bool).boxed(),
        Some("string") => {
            let min = get_usize(schema, "minLength").unwrap_or(0);
            let max = get_usize(schema, "maxLength").unwrap_or(64);
            match schema.get("pattern").and_then(Value::as_str) {
                Some(pattern) => {
                    let unanchored = pattern.trim_start_matches('^').trim_end_matches('$');
                    proptest::string::string_regex(unanchored)
                        .expect("the pattern generates strings")
                        .prop_filter("length bounds", move |s| {
                            (min..=max).contains(&s.chars().count())
                        })
                        .prop_map(Value::String)
                        .boxed()
                }
                None => string_in(min, max),
            }
        }
        Some("array") => {
            let items = instances(&schema["items"], overrides);
            let min = get_usize(schema, "minItems").unwrap_or(0);
            let max = get_usize(schema, "maxItems").unwrap_or(usize::MAX);
            let top = max.min(min + 8);
            let len = if max <= 1000 {
                prop_oneof![Just(min), Just(max), min..=top].boxed()
            } else {
                (min..=top).boxed()
            };
            len.prop_flat_map(move |n| proptest::collection::vec(items.clone(), n))
                .prop_map(Value::Array)
                .boxed()
        }
        Some("object") => {
            let required: Vec<String> = schema
                .get("required")
                .and_then(Value::as_array)
                .map(|r| {
                    r.iter()
                        .filter_map(|v| v.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            let mut fields: Vec<BoxedStrategy<Option<(String, Value)>>> = Vec::new();
            for (name, property) in schema
                .get("properties")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                let values = match overrides.get(name.as_str()) {
                    Some(s) => s.clone(),
                    None => instances(property, overrides),
                };
                let name = name.clone();
                fields.push(values.prop_map(move |v| Some((name.clone(), v))).boxed());
            }
            let required = std::sync::Arc::new(required);
            let names: Vec<String> = schema
                .get("properties")
                .and_then(Value::as_object)
                .map(|p| p.keys().cloned().collect())
                .unwrap_or_default();
            (
                fields,
                proptest::collection::vec(any::<bool>(), names.len()),
            )
                .prop_map(move |(values, keep)| {
                    let mut object = Map::new();
                    for (entry, keep) in values.into_iter().zip(keep) {
                        if let Some((name, value)) = entry
                            && (keep || required.contains(&name))
                        {
                            object.insert(name, value);
                        }
                    }
                    Value::Object(object)
                })
                .boxed()
        }
        _ => Just(json!({"free": "form"})).boxed(),
    }
}

/// The canonical form the runtime must return for an instance the schema accepts, as the
/// docs define it: the instance itself, with absent properties that have a `default`
/// filled in, and URLs (`format: uri`) in the WHATWG parser's serialization.
fn canonical(schema: &Value, instance: &Value) -> Value {
    let mut out = instance.clone();
    if let (Some(properties), Value::Object(object)) = (
        schema.get("properties").and_then(Value::as_object),
        &mut out,
    ) {
        for (name, property) in properties {
            if let (Some(default), false) = (property.get("default"), object.contains_key(name)) {
                object.insert(name.clone(), default.clone());
            }
            if property.get("format") == Some(&json!("uri"))
                && let Some(Value::String(url)) = object.get_mut(name)
                && let Ok(parsed) = mcp_coerce::url::WhatwgUrl::parse(url)
            {
                *url = parsed.to_string();
            }
        }
    }
    out
}

/// Check soundness for `T` over `cases` instances of its schema.
fn check_sound<T: JsonSchema + DeserializeOwned + Serialize>(
    overrides: BTreeMap<&'static str, BoxedStrategy<Value>>,
    cases: u32,
) {
    let schema = input_schema::<T>();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let strategy = instances(&schema, &overrides);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&strategy, |instance| {
        prop_assert!(
            validator.is_valid(&instance),
            "generator bug: {instance} is not valid against {schema}"
        );
        let value = match mcp_coerce::from_value::<T>(instance.clone()) {
            Ok(value) => value,
            Err(r) => return Err(TestCaseError::fail(format!("{instance} refused: {r}"))),
        };
        let out = serde_json::to_value(&value).expect("serializes");
        prop_assert!(
            validator.is_valid(&out),
            "output {out} is not valid against {schema}"
        );
        prop_assert!(
            demo_tools::same_json(&out, &canonical(&schema, &instance)),
            "{instance} came back as {out}"
        );
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{}: {e}", std::any::type_name::<T>());
    }
}

fn none() -> BTreeMap<&'static str, BoxedStrategy<Value>> {
    BTreeMap::new()
}

// ---------------------------------------------------------------------------------------
// Every adapter, each in a one-field struct, and its optional spelling.

mcp_coerce::number_range!(Unit = 0.0..=1.0);

mcp_coerce::pattern! {
    Sku { name: "sku", source: r"^[A-Z]{3}-[0-9]{3}$", example: "ABC-123", max_length: 7 }
}

#[derive(Deserialize, Serialize, JsonSchema, Debug, PartialEq, Clone, Copy)]
enum Color {
    #[serde(rename = "dark/blue")]
    DarkBlue,
    Red,
}

#[derive(Deserialize, Serialize, JsonSchema, Debug, PartialEq)]
struct Inner {
    name: String,
    count: u8,
}

macro_rules! one_field {
    ($name:ident { $(#[$attr:meta])* field: $ty:ty }) => {
        #[serde_as]
        #[derive(Deserialize, Serialize, JsonSchema, Debug)]
        struct $name {
            $(#[$attr])*
            field: $ty,
        }
    };
}

one_field!(IntArrayI64 { #[serde_as(as = "IntArrayLike<Items<0, 1000>>")] field: Vec<i64> });
one_field!(IntArrayU8 { #[serde_as(as = "IntArrayLike<Items<2, 5>>")] field: Vec<u8> });
one_field!(IntArrayU128 { #[serde_as(as = "IntArrayLike")] field: Vec<u128> });
one_field!(IntArrayOpt { #[serde_as(as = "IntArrayLike<Items<1, 3>>")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<Vec<i32>> });
one_field!(IntArrayWrap { field: IntArray<i16, Items<0, 4>> });
one_field!(StrArray { #[serde_as(as = "StringArrayLike<Items<1, 3>, mcp_coerce::Comma>")] field: Vec<String> });
one_field!(StrArrayNoSplit { #[serde_as(as = "StringArrayLike<NoSplit>")] field: Vec<String> });
one_field!(StrArrayOpt { #[serde_as(as = "StringArrayLike")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<Vec<String>> });
one_field!(StrArrayWrap { field: StringArray });
one_field!(IntU16 {
    #[serde_as(as = "IntLike")]
    field: u16
});
one_field!(IntOpt { #[serde_as(as = "IntLike")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<i64> });
one_field!(AtLeastOne {
    #[serde_as(as = "IntLike<1>")]
    field: u64
});
// A declared bound past 2^53: published as declared.
one_field!(WideDeclared {
    #[serde_as(as = "IntLike<0, 10_000_000_000_000_000_000>")]
    field: u64
});
one_field!(BoundedI32 {
    #[serde_as(as = "IntLike<-5, 5>")]
    field: i32
});
one_field!(BoundedOpt { #[serde_as(as = "IntLike<1, 100>")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<u32> });
one_field!(ClampedDefault {
    #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
    #[serde(default = "DefaultTo::<10>::value")]
    field: i64
});
// The type's default, but no serde `default`: the field stays required.
one_field!(ClampedDefaultRequired {
    #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
    field: i64
});
one_field!(BoundedWrap { field: Int<u8, 3, 9> });
one_field!(ClampedWrap { #[serde(default)] field: Int<i64, 1, 50, Clamp, DefaultTo<10>> });
one_field!(NumberField {
    #[serde_as(as = "NumberLike<Unit>")]
    field: f64
});
one_field!(NumberOpt { #[serde_as(as = "NumberLike<Unit>")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<f64> });
one_field!(NumberWrap { field: Number<Unit> });
one_field!(Flag {
    #[serde_as(as = "BoolLike")]
    field: bool
});
one_field!(FlagOpt { #[serde_as(as = "BoolLike")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<bool> });
one_field!(FlagWrap { field: Bool });
one_field!(Query {
    #[serde_as(as = "TextLike<3, 10>")]
    field: String
});
one_field!(Trimmed {
    #[serde_as(as = "TextLike<1, 8, Trim>")]
    field: String
});
one_field!(TrimmedEmpty {
    #[serde_as(as = "TextLike<0, 5, Trim>")]
    field: String
});
one_field!(TrimmedOpt { #[serde_as(as = "TextLike<2, 6, Trim>")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<String> });
one_field!(TextWrap { field: Text<1, 4> });
one_field!(TrimmedWrap { field: Text<1, 4, Trim> });
one_field!(SkuField {
    #[serde_as(as = "PatternLike<Sku>")]
    field: String
});
one_field!(SkuOpt { #[serde_as(as = "PatternLike<Sku>")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<String> });
one_field!(SkuWrap { field: Pattern<Sku> });
one_field!(ColorField {
    #[serde_as(as = "EnumLike")]
    field: Color
});
one_field!(ColorOpt { #[serde_as(as = "EnumLike<Optional>")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<Color> });
one_field!(ColorWrap { field: Enum<Color> });
one_field!(Object {
    #[serde_as(as = "JsonObjectLike")]
    field: Inner
});
one_field!(ObjectOpt { #[serde_as(as = "JsonObjectLike<Optional>")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<Inner> });
one_field!(UrlField {
    #[serde_as(as = "mcp_coerce::UrlLike<demo_tools::CdnImages>")]
    field: mcp_coerce::url::WhatwgUrl
});
one_field!(UrlString {
    #[serde_as(as = "mcp_coerce::UrlLike<demo_tools::CdnImages>")]
    field: String
});
one_field!(UrlWrap { field: mcp_coerce::Url<demo_tools::CdnImages> });
one_field!(Objects { #[serde_as(as = "mcp_coerce::ArrayLike<serde_with::Same, Items<1, 4>>")] field: Vec<Inner> });
one_field!(Colors { #[serde_as(as = "mcp_coerce::ArrayLike<EnumLike>")] field: Vec<Color> });
one_field!(SmallInts { #[serde_as(as = "mcp_coerce::ArrayLike<IntLike<-3, 3>, Items<0, 5>>")] field: Vec<i8> });
one_field!(EncodedObjects { #[serde_as(as = "mcp_coerce::ArrayLike<JsonObjectLike>")] field: Vec<Inner> });
one_field!(ObjectsOpt { #[serde_as(as = "mcp_coerce::ArrayLike")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<Vec<Inner>> });
one_field!(ObjectsWrap { field: mcp_coerce::Array<Inner, serde_with::Same, Items<0, 3>> });
one_field!(SafeField { #[serde_as(as = "mcp_coerce::SafeObjectLike<8>")] field: serde_json::Map<String, Value> });
one_field!(SafeWrap { field: mcp_coerce::SafeObject<8> });

#[test]
fn every_adapter_is_sound() {
    check_sound::<IntArrayI64>(none(), 64);
    check_sound::<IntArrayU8>(none(), 64);
    check_sound::<IntArrayU128>(none(), 64);
    check_sound::<IntArrayOpt>(none(), 64);
    check_sound::<IntArrayWrap>(none(), 64);
    check_sound::<StrArray>(none(), 64);
    check_sound::<StrArrayNoSplit>(none(), 64);
    check_sound::<StrArrayOpt>(none(), 64);
    check_sound::<StrArrayWrap>(none(), 64);
    check_sound::<IntU16>(none(), 64);
    check_sound::<IntOpt>(none(), 64);
    check_sound::<AtLeastOne>(none(), 64);
    check_sound::<BoundedI32>(none(), 64);
    check_sound::<BoundedOpt>(none(), 64);
    check_sound::<ClampedDefault>(none(), 64);
    check_sound::<ClampedDefaultRequired>(none(), 64);
    check_sound::<BoundedWrap>(none(), 64);
    check_sound::<ClampedWrap>(none(), 64);
    check_sound::<NumberField>(none(), 64);
    check_sound::<NumberOpt>(none(), 64);
    check_sound::<NumberWrap>(none(), 64);
    check_sound::<Flag>(none(), 16);
    check_sound::<FlagOpt>(none(), 16);
    check_sound::<FlagWrap>(none(), 16);
    check_sound::<Query>(none(), 64);
    check_sound::<Trimmed>(none(), 64);
    check_sound::<TrimmedEmpty>(none(), 64);
    check_sound::<TrimmedOpt>(none(), 64);
    check_sound::<TextWrap>(none(), 64);
    check_sound::<TrimmedWrap>(none(), 64);
    check_sound::<SkuField>(none(), 64);
    check_sound::<SkuOpt>(none(), 64);
    check_sound::<SkuWrap>(none(), 64);
    check_sound::<ColorField>(none(), 16);
    check_sound::<ColorOpt>(none(), 16);
    check_sound::<ColorWrap>(none(), 16);
    check_sound::<Object>(none(), 64);
    check_sound::<ObjectOpt>(none(), 64);
    check_sound::<Objects>(none(), 64);
    check_sound::<Colors>(none(), 32);
    check_sound::<SmallInts>(none(), 64);
    check_sound::<EncodedObjects>(none(), 64);
    check_sound::<ObjectsOpt>(none(), 64);
    check_sound::<ObjectsWrap>(none(), 64);
    // URLs and pass-through objects: the host policy, forbidden keys and the depth limit
    // are what JSON Schema cannot express, so the instances meet them by construction.
    let field = |name| {
        let mut overrides = segment_image_overrides();
        let strategy = overrides.remove(name).expect("an override");
        BTreeMap::from([("field", strategy)])
    };
    check_sound::<UrlField>(field("image_url"), 64);
    check_sound::<UrlString>(field("image_url"), 64);
    check_sound::<UrlWrap>(field("image_url"), 64);
    check_sound::<SafeField>(field("options"), 64);
    check_sound::<SafeWrap>(field("options"), 64);
}

#[test]
fn every_demo_tool_is_sound() {
    check_sound::<demo_tools::GetObservations>(none(), 128);
    check_sound::<demo_tools::GetSdkSessions>(none(), 128);
    check_sound::<demo_tools::SearchSkills>(none(), 128);
    check_sound::<demo_tools::GetCard>(none(), 128);
    check_sound::<demo_tools::SegmentImage>(segment_image_overrides(), 128);
    check_sound::<demo_tools::BatchUpdate>(none(), 128);
}

/// URLs that meet the host policy (which JSON Schema cannot express), already in the
/// parser's normalized form, and options without forbidden keys within the depth limit.
fn segment_image_overrides() -> BTreeMap<&'static str, BoxedStrategy<Value>> {
    let label = "[a-z0-9]{1,10}";
    let url = (
        proptest::collection::vec(proptest::string::string_regex(label).expect("regex"), 1..4),
        proptest::string::string_regex("[a-z0-9_./-]{0,20}").expect("regex"),
    )
        .prop_map(|(labels, path)| {
            json!(format!(
                "https://{}.cdn.example.com/{path}",
                labels.join(".")
            ))
        })
        .boxed();
    let leaf = prop_oneof![
        any::<i32>().prop_map(|n| json!(n)),
        "[a-z]{0,8}".prop_map(|s| json!(s)),
        any::<bool>().prop_map(|b| json!(b)),
    ];
    let nested = leaf.prop_recursive(6, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z]{1,6}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    });
    let options = proptest::collection::btree_map("[a-z]{1,6}", nested, 0..4)
        .prop_map(|m| Value::Object(m.into_iter().collect()))
        .boxed();
    BTreeMap::from([("image_url", url), ("options", options)])
}

// ---------------------------------------------------------------------------------------
// Exact schemas.

#[test]
fn adapter_schemas_are_exact() {
    let property = |schema: Value| schema["properties"]["field"].clone();
    // An integer type's own bounds, clipped to what a JavaScript client reads exactly.
    let safe = mcp_coerce::schema::JS_SAFE_INTEGER;
    assert_eq!(
        property(input_schema::<IntArrayI64>()),
        json!({"type": "array", "maxItems": 1000, "items": {"type": "integer",
            "minimum": -safe, "maximum": safe}})
    );
    assert_eq!(
        property(input_schema::<IntArrayU128>()),
        json!({"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": safe}})
    );
    assert_eq!(
        property(input_schema::<IntArrayU8>()),
        json!({"type": "array", "minItems": 2, "maxItems": 5,
            "items": {"type": "integer", "minimum": 0, "maximum": 255}})
    );
    assert_eq!(
        property(input_schema::<IntU16>()),
        json!({"type": "integer", "minimum": 0, "maximum": 65535})
    );
    assert_eq!(
        property(input_schema::<IntOpt>()),
        json!({"type": "integer", "minimum": -safe, "maximum": safe})
    );
    // Declared bounds are published as declared, the other end clipped.
    assert_eq!(
        property(input_schema::<AtLeastOne>()),
        json!({"type": "integer", "minimum": 1, "maximum": safe})
    );
    assert_eq!(
        property(input_schema::<WideDeclared>()),
        json!({"type": "integer", "minimum": 0, "maximum": 10_000_000_000_000_000_000_u64})
    );
    assert_eq!(
        property(input_schema::<StrArray>()),
        json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3})
    );
    // The generic array: the element's own schema as `items` (without schemars'
    // non-standard `"format": "uint8"`, third revision).
    let inner = json!({"type": "object", "properties": {
        "name": {"type": "string"},
        "count": {"type": "integer", "minimum": 0, "maximum": 255}},
        "required": ["name", "count"]});
    assert_eq!(
        property(input_schema::<Objects>()),
        json!({"type": "array", "items": inner, "minItems": 1, "maxItems": 4})
    );
    assert_eq!(
        property(input_schema::<EncodedObjects>()),
        json!({"type": "array", "items": inner})
    );
    assert_eq!(
        property(input_schema::<Colors>()),
        json!({"type": "array", "items": {"type": "string", "enum": ["dark/blue", "Red"]}})
    );
    assert_eq!(
        property(input_schema::<SmallInts>()),
        json!({"type": "array", "maxItems": 5, "items": {"type": "integer", "minimum": -3, "maximum": 3}})
    );
    assert_eq!(property(input_schema::<ObjectsWrap>())["maxItems"], 3);
    assert_eq!(
        property(input_schema::<BoundedI32>()),
        json!({"type": "integer", "minimum": -5, "maximum": 5})
    );
    assert_eq!(
        property(input_schema::<ClampedDefault>()),
        json!({"type": "integer", "minimum": 1, "maximum": 50, "default": 10})
    );
    // With `default = "DefaultTo::<10>::value"` the field is optional, and absent gives 10.
    assert_eq!(input_schema::<ClampedDefault>().get("required"), None);
    assert_eq!(
        mcp_coerce::from_str::<ClampedDefault>("{}").unwrap().field,
        10
    );
    // Without a serde `default`, serde requires the field: the schema says so too.
    assert_eq!(
        input_schema::<ClampedDefaultRequired>()["required"],
        json!(["field"])
    );
    let missing = mcp_coerce::from_str::<ClampedDefaultRequired>("{}").unwrap_err();
    assert_eq!(missing.issues()[0].code(), mcp_coerce::Code::Missing);
    assert_eq!(
        property(input_schema::<NumberField>()),
        json!({"type": "number", "minimum": 0.0, "maximum": 1.0})
    );
    assert_eq!(property(input_schema::<Flag>()), json!({"type": "boolean"}));
    assert_eq!(
        property(input_schema::<Query>()),
        json!({"type": "string", "minLength": 3, "maxLength": 10})
    );
    assert_eq!(
        property(input_schema::<SkuField>()),
        json!({"type": "string", "pattern": "^[A-Z]{3}-[0-9]{3}$", "maxLength": 7})
    );
    assert_eq!(
        property(input_schema::<ColorField>()),
        json!({"type": "string", "enum": ["dark/blue", "Red"]})
    );
    let trimmed = property(input_schema::<Trimmed>());
    assert_eq!(trimmed["minLength"], 1);
    assert_eq!(trimmed["maxLength"], 8);
    assert_eq!(
        trimmed["pattern"],
        r"^(?:[^\s\u0085\ufeff]|[^\s\u0085\ufeff][\s\S]*[^\s\u0085\ufeff])?$"
    );
}

/// The trimmed-string pattern uses `\s`, which `pattern!` refuses in general (ECMA-262
/// and Rust disagree about U+0085 and U+FEFF); with both added to the class it means the
/// same to every engine. Checked char by char against the ECMA-262 engine of the
/// `jsonschema` crate: every char up to U+3100 (all White_Space chars lie there) and past
/// it U+FEFF and a few others. An edge char is accepted exactly when `str::trim` keeps it
/// and it is not U+FEFF; any char is accepted in the middle. The runtime trims exactly the
/// chars the pattern refuses at an edge (White_Space and U+FEFF), so what it returns for
/// `"{c}a{c}"` always passes the pattern.
#[test]
fn the_trimmed_string_pattern_means_the_same_to_ecma_and_rust() {
    let schema = input_schema::<Trimmed>();
    let pattern = json!({"type": "string", "pattern": schema["properties"]["field"]["pattern"]});
    let ecma = jsonschema::validator_for(&pattern).expect("the pattern compiles");
    let chars = (0..=0x3100u32)
        .chain([0xFEFF, 0xFFFD, 0x1_0000, 0x1_F600, 0x10_FFFF])
        .filter_map(char::from_u32);
    for c in chars {
        let edge_ok = !c.is_whitespace() && c != '\u{feff}';
        assert_eq!(
            ecma.is_valid(&json!(c.to_string())),
            edge_ok,
            "{:?} alone",
            c
        );
        assert_eq!(
            ecma.is_valid(&json!(format!("{c}a"))),
            edge_ok,
            "{:?} first",
            c
        );
        assert!(ecma.is_valid(&json!(format!("a{c}b"))), "{:?} inside", c);
        let sent = format!("{c}a{c}");
        let returned = outcome::<Trimmed>(json!({ "field": sent }));
        let want = if edge_ok {
            sent.clone()
        } else {
            "a".to_owned()
        };
        assert_eq!(
            returned,
            Ok(json!({ "field": want })),
            "{:?} at both edges",
            c
        );
        assert!(ecma.is_valid(&json!(want)), "{:?}: the returned value", c);
    }
    assert!(ecma.is_valid(&json!("")));
}

/// Optional fields publish the inner schema, stay out of `required`, and carry no
/// `null` and no `"default": null`.
#[test]
fn optional_fields_are_plain_and_not_required() {
    for schema in [
        input_schema::<IntArrayOpt>(),
        input_schema::<StrArrayOpt>(),
        input_schema::<IntOpt>(),
        input_schema::<BoundedOpt>(),
        input_schema::<NumberOpt>(),
        input_schema::<FlagOpt>(),
        input_schema::<TrimmedOpt>(),
        input_schema::<SkuOpt>(),
        input_schema::<ColorOpt>(),
        input_schema::<ObjectOpt>(),
        input_schema::<ObjectsOpt>(),
    ] {
        let text = schema.to_string();
        assert!(!text.contains("null"), "{text}");
        assert!(schema.get("required").is_none(), "{text}");
        assert!(
            schema["properties"]["field"].get("type").is_some(),
            "{text}"
        );
    }
}

/// serde_with's generic `Option<X>` spelling and `Option<Wrapper>` are made nullable by
/// schemars; `input_schema` takes that back out.
#[test]
fn generic_option_spellings_are_rewritten() {
    #[serde_as]
    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code, reason = "only the schema is looked at")]
    struct Spellings {
        #[serde_as(as = "Option<IntArrayLike>")]
        generic: Option<Vec<i64>>,
        wrapper: Option<IntArray>,
        // schemars lists `null` among the enum's values here, and input_schema removes it.
        #[serde_as(as = "Option<EnumLike>")]
        #[serde(default)]
        color: Option<Color>,
    }
    let schema = input_schema::<Spellings>();
    assert!(!schema.to_string().contains("null"), "{schema}");
    assert_eq!(schema["properties"]["generic"]["type"], "array");
    assert_eq!(schema["properties"]["wrapper"]["type"], "array");
    assert_eq!(
        schema["properties"]["color"],
        json!({"type": "string", "enum": ["dark/blue", "Red"]})
    );
}

#[test]
fn demo_schemas_are_inline() {
    for schema in demo_schemas().values() {
        let text = schema.to_string();
        assert!(!text.contains("$ref") && !text.contains("$defs"), "{text}");
        assert_eq!(schema["type"], "object");
    }
}

fn demo_schemas() -> BTreeMap<&'static str, Value> {
    BTreeMap::from([
        (
            "demo_get_observations",
            input_schema::<demo_tools::GetObservations>(),
        ),
        (
            "demo_get_sdk_sessions",
            input_schema::<demo_tools::GetSdkSessions>(),
        ),
        (
            "demo_search_skills",
            input_schema::<demo_tools::SearchSkills>(),
        ),
        ("demo_get_card", input_schema::<demo_tools::GetCard>()),
        (
            "demo_segment_image",
            input_schema::<demo_tools::SegmentImage>(),
        ),
        (
            "demo_batch_update",
            input_schema::<demo_tools::BatchUpdate>(),
        ),
        (
            "demo_schedule_event",
            input_schema::<demo_tools::ScheduleEvent>(),
        ),
    ])
}

#[test]
fn demo_schemas_match_the_golden_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schemas");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut differ = Vec::new();
    for (tool, schema) in demo_schemas() {
        let path = dir.join(format!("{tool}.json"));
        let text = serde_json::to_string_pretty(&schema).expect("serializes") + "\n";
        if update {
            std::fs::create_dir_all(&dir).expect("creates the golden dir");
            std::fs::write(&path, &text).expect("writes the golden file");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(golden) if golden == text => {}
            Ok(_) => differ.push(format!("{tool}: differs from {}\n{text}", path.display())),
            Err(e) => differ.push(format!("{tool}: {}: {e}", path.display())),
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

// ---------------------------------------------------------------------------------------
// What the published schema cannot carry (the `schema` module docs list it): for each
// rule, a value on the other side of it, what the schema says and what the runtime does.

one_field!(WideId {
    #[serde_as(as = "IntLike")]
    field: i64
});

/// The accepted value serialized, or `code@path` of each issue.
type Outcome = Result<Value, Vec<String>>;
/// A row: the rule, the arguments, the entry point, whether the schema accepts them, the
/// expected outcome.
type Row<E> = (&'static str, Value, fn(Value) -> Outcome, bool, E);

/// The outcome of `arguments` for `T`: the value serialized, or `code@path` of each issue.
fn outcome<T: DeserializeOwned + Serialize>(arguments: Value) -> Outcome {
    mcp_coerce::from_value::<T>(arguments)
        .map(|v| serde_json::to_value(v).expect("serializes"))
        .map_err(|r| {
            r.issues()
                .iter()
                .map(|i| format!("{}@{}", i.code(), i.path()))
                .collect()
        })
}

fn schema_accepts<T: JsonSchema>(arguments: &Value) -> bool {
    jsonschema::validator_for(&input_schema::<T>())
        .expect("the schema compiles")
        .is_valid(arguments)
}

#[test]
fn what_the_schema_cannot_carry() {
    let deep = (0..9).fold(json!(1), |inner, _| json!({ "a": inner }));
    let refused = |issue: &str| -> Outcome { Err(vec![issue.to_owned()]) };
    // The schema accepts these; the runtime refuses them.
    let refused_rows: [Row<Outcome>; 6] = [
        (
            "a URL policy's internal hosts",
            json!({"field": "https://127.0.0.1/a.png"}),
            outcome::<UrlString>,
            schema_accepts::<UrlString>(&json!({"field": "https://127.0.0.1/a.png"})),
            refused("url_forbidden@/field"),
        ),
        (
            "a cloud metadata address",
            json!({"field": "https://169.254.169.254/latest"}),
            outcome::<UrlString>,
            schema_accepts::<UrlString>(&json!({"field": "https://169.254.169.254/latest"})),
            refused("url_forbidden@/field"),
        ),
        (
            "a URL policy's hosts",
            json!({"field": "https://example.org/a.png"}),
            outcome::<UrlString>,
            schema_accepts::<UrlString>(&json!({"field": "https://example.org/a.png"})),
            refused("url_forbidden@/field"),
        ),
        (
            "a pass-through object's forbidden keys",
            json!({"field": {"__proto__": {"admin": true}}}),
            outcome::<SafeField>,
            schema_accepts::<SafeField>(&json!({"field": {"__proto__": {"admin": true}}})),
            refused("forbidden_key@/field/__proto__"),
        ),
        (
            "a pass-through object's depth limit",
            json!({ "field": deep }),
            outcome::<SafeField>,
            schema_accepts::<SafeField>(&json!({ "field": deep })),
            refused("too_deep@/field/a/a/a/a/a/a/a/a"),
        ),
        (
            "a float past 2^53 where the declared bounds reach that far",
            json!({"field": 9007199254740993.0}),
            outcome::<WideDeclared>,
            schema_accepts::<WideDeclared>(&json!({"field": 9007199254740993.0})),
            refused("int_overflow@/field"),
        ),
    ];
    for (rule, arguments, run, accepted, expected) in refused_rows {
        assert!(accepted, "{rule}: the schema accepts {arguments}");
        assert_eq!(run(arguments), expected, "{rule}");
    }
    // The schema refuses these; the runtime accepts them, exactly.
    let accepted_rows: [Row<Value>; 2] = [
        (
            "an i64 past 2^53 - 1, native",
            json!({"field": 9007199254740993_i64}),
            outcome::<WideId>,
            schema_accepts::<WideId>(&json!({"field": 9007199254740993_i64})),
            json!({"field": 9007199254740993_i64}),
        ),
        (
            "an i64 past 2^53 - 1, as a string",
            json!({"field": "9007199254740993"}),
            outcome::<WideId>,
            schema_accepts::<WideId>(&json!({"field": "9007199254740993"})),
            json!({"field": 9007199254740993_i64}),
        ),
    ];
    for (rule, arguments, run, accepted, expected) in accepted_rows {
        assert!(!accepted, "{rule}: the schema refuses {arguments}");
        assert_eq!(run(arguments), Ok(expected), "{rule}");
    }
}

// ---------------------------------------------------------------------------------------
// `format` on the schema route (docs/contract.md, "Formats"): `date-time`, `date`, `uuid`,
// `email`, `ipv4`, `ipv6` and `uri` read by the formats table with no policy. A value
// valid as sent is kept exactly as sent, a lax spelling is written as its canonical text
// (coercion `format_canonical`), a refusal is `format_invalid` at the value's path; any
// other format is an annotation. Every value accepted validates with format assertions on.

#[cfg(feature = "coercer")]
mod formats {
    use mcp_coerce::coercer::Coercer;
    use mcp_coerce::{Input, Rule};
    use serde_json::{Value, json};

    /// What a row expects.
    #[derive(Debug, PartialEq)]
    enum Want {
        /// Accepted as sent, no coercion.
        Kept,
        /// Accepted as this text, with one `format_canonical` at `/field` from the text
        /// sent to this one.
        Canonical(&'static str),
        /// Refused: `code@path` of each issue.
        Refused(Vec<String>),
    }

    fn refused(issue: &str) -> Want {
        Want::Refused(vec![issue.to_owned()])
    }

    /// `{"field": <schema>}`, required.
    fn field(schema: &Value) -> Value {
        json!({"type": "object", "properties": {"field": schema}, "required": ["field"]})
    }

    /// What the coercer makes of `{"field": sent}` under `schema`, as a [`Want`]; a value
    /// accepted must validate with format assertions on.
    fn outcome(schema: &Value, sent: &Value) -> Want {
        let coercer = Coercer::compile(schema).expect("the schema compiles");
        let call = match coercer.coerce_with_report(json!({ "field": sent })) {
            Ok(call) => call,
            Err(r) => {
                return Want::Refused(
                    r.issues()
                        .iter()
                        .map(|i| format!("{}@{}", i.code(), i.path()))
                        .collect(),
                );
            }
        };
        // The formats the engine does not read are annotations for the judge too.
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .with_format("hostname", |_: &str| true)
            .with_format("time", |_: &str| true)
            .build(schema)
            .expect("the schema builds");
        assert!(
            validator.is_valid(call.value()),
            "{schema} with {sent}: {} does not validate",
            call.value()
        );
        let got = &call.value()["field"];
        match call.coercions() {
            [] if got == sent => Want::Kept,
            [c] if c.rule() == Rule::FormatCanonical
                && c.path().to_string() == "/field"
                && c.from() == sent.as_str().map(|s| Input::Text(s.to_owned())).as_ref()
                && c.to() == got.as_str().map(|s| Input::Text(s.to_owned())).as_ref() =>
            {
                match got.as_str() {
                    Some(s) => Want::Canonical(Box::leak(s.to_owned().into_boxed_str())),
                    None => Want::Refused(vec![format!("not a string: {got}")]),
                }
            }
            other => Want::Refused(vec![format!("{got} with {other:?}")]),
        }
    }

    /// Run `(schema, sent, want)` rows; fail with every row that differs.
    #[track_caller]
    fn table(rows: Vec<(Value, Value, Want)>) {
        let failures: Vec<String> = rows
            .into_iter()
            .filter_map(|(schema, sent, want)| {
                let got = outcome(&schema, &sent);
                (got != want).then(|| format!("{schema} with {sent}: got {got:?}, want {want:?}"))
            })
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    /// The seven formats: valid as sent, lax spellings, refusals.
    #[test]
    fn each_format_keeps_rewrites_or_refuses() {
        let rows: [(&str, &str, Want); 46] = [
            ("date-time", "2026-01-15T10:00:00Z", Want::Kept),
            ("date-time", "2026-01-15t10:00:00z", Want::Kept),
            ("date-time", "2026-01-15T10:00:00.500+02:00", Want::Kept),
            (
                "date-time",
                "2026-01-15 10:00Z",
                Want::Canonical("2026-01-15T10:00:00Z"),
            ),
            (
                "date-time",
                "2026-01-15T10:00:00+0200",
                Want::Canonical("2026-01-15T10:00:00+02:00"),
            ),
            (
                "date-time",
                " 2026-01-15T10:00:00Z\n",
                Want::Canonical("2026-01-15T10:00:00Z"),
            ),
            (
                "date-time",
                "2026/01/15 10:00+01:00",
                Want::Canonical("2026-01-15T10:00:00+01:00"),
            ),
            (
                "date-time",
                "2026-01-15T10:00:00",
                refused("format_invalid@/field"),
            ),
            ("date-time", "2026-01-15", refused("format_invalid@/field")),
            ("date-time", "1768471200", refused("format_invalid@/field")),
            ("date-time", "15/01/2026", refused("format_invalid@/field")),
            (
                "date-time",
                "2016-12-31T23:59:60Z",
                refused("format_invalid@/field"),
            ),
            ("date", "2026-01-15", Want::Kept),
            ("date", "2026-1-5", Want::Canonical("2026-01-05")),
            ("date", "2026/01/15", Want::Canonical("2026-01-15")),
            ("date", "15/01/2026", refused("format_invalid@/field")),
            ("date", "2026-02-30", refused("format_invalid@/field")),
            (
                "date",
                "2026-01-15T10:00:00Z",
                refused("format_invalid@/field"),
            ),
            ("uuid", "6f9619ff-8b86-d011-b42d-00c04fc964ff", Want::Kept),
            ("uuid", "6F9619FF-8B86-D011-B42D-00C04FC964FF", Want::Kept),
            (
                "uuid",
                "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
                Want::Canonical("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            ),
            (
                "uuid",
                "urn:uuid:6f9619ff-8b86-d011-b42d-00c04fc964ff",
                Want::Canonical("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            ),
            (
                "uuid",
                "6f9619ff8b86d011b42d00c04fc964ff",
                Want::Canonical("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            ),
            (
                "uuid",
                "6f9619ff-8b86-d011-b42d-00c04fc964f",
                refused("format_invalid@/field"),
            ),
            ("email", "ann@example.com", Want::Kept),
            ("email", "Ann.Lee+tools@Example.COM", Want::Kept),
            (
                "email",
                " mailto:ann@example.com ",
                Want::Canonical("ann@example.com"),
            ),
            (
                "email",
                "Ann <ann@example.com>",
                refused("format_invalid@/field"),
            ),
            ("email", "ann@[192.0.2.1]", refused("format_invalid@/field")),
            (
                "email",
                "\"ann\"@example.com",
                refused("format_invalid@/field"),
            ),
            ("ipv4", "192.0.2.1", Want::Kept),
            ("ipv4", " 10.0.0.1 ", Want::Canonical("10.0.0.1")),
            ("ipv4", "010.0.0.1", refused("format_invalid@/field")),
            ("ipv4", "::1", refused("format_invalid@/field")),
            ("ipv6", "2001:DB8::1", Want::Kept),
            ("ipv6", "2001:db8:0:0:0:0:0:1", Want::Kept),
            ("ipv6", "[2001:db8::1]", Want::Canonical("2001:db8::1")),
            ("ipv6", "fe80::1%eth0", refused("format_invalid@/field")),
            ("ipv6", "192.0.2.1", refused("format_invalid@/field")),
            ("uri", "https://example.com/a?b#c", Want::Kept),
            ("uri", "urn:isbn:0451450523", Want::Kept),
            (
                "uri",
                " https://example.com/a ",
                Want::Canonical("https://example.com/a"),
            ),
            ("uri", "not a uri", refused("format_invalid@/field")),
            ("uri", "/relative/path", refused("format_invalid@/field")),
            (
                "uri",
                "https://exa mple.com",
                refused("format_invalid@/field"),
            ),
            ("uri", "", refused("format_invalid@/field")),
        ];
        table(
            rows.into_iter()
                .map(|(format, sent, want)| {
                    (
                        field(&json!({"type": "string", "format": format})),
                        json!(sent),
                        want,
                    )
                })
                .collect(),
        );
    }

    /// The refusal's details and the rewrite's report, exactly.
    #[test]
    fn the_issue_and_the_coercion() {
        let coercer = Coercer::compile(&field(&json!({"type": "string", "format": "date-time"})))
            .expect("compiles");
        let rejection = coercer
            .coerce(json!({"field": "2026-01-15T10:00:00"}))
            .expect_err("no offset");
        let issue = &rejection.issues()[0];
        assert_eq!(
            (
                issue.code().as_str(),
                issue.path().to_string(),
                issue.input(),
                issue.hint(),
                issue.context().cloned().map(Value::Object),
            ),
            (
                "format_invalid",
                "/field".to_owned(),
                Some(&Input::Text("2026-01-15T10:00:00".into())),
                "add the UTC offset, e.g. 2026-01-15T10:00:00Z",
                Some(json!({"format": "date-time"})),
            )
        );
        let call = coercer
            .coerce_with_report(json!({"field": "2026-01-15 10:00Z"}))
            .expect("a lax spelling");
        let c = &call.coercions()[0];
        assert_eq!(
            (
                call.value(),
                call.coercions().len(),
                c.rule().as_str(),
                c.path().to_string(),
                c.from(),
                c.to(),
            ),
            (
                &json!({"field": "2026-01-15T10:00:00Z"}),
                1,
                "format_canonical",
                "/field".to_owned(),
                Some(&Input::Text("2026-01-15 10:00Z".into())),
                Some(&Input::Text("2026-01-15T10:00:00Z".into())),
            )
        );
    }

    /// `anyOf` of `ipv4` and `ipv6` (a field taking either): the branch that reads the
    /// address, and a refusal as one `format_invalid` for the address.
    #[test]
    fn either_ip_family() {
        let schema =
            field(&json!({"type": "string", "anyOf": [{"format": "ipv4"}, {"format": "ipv6"}]}));
        let rows: [(&str, Want); 7] = [
            ("10.0.0.1", Want::Kept),
            ("::1", Want::Kept),
            ("[::1]", Want::Canonical("::1")),
            (" 10.0.0.1 ", Want::Canonical("10.0.0.1")),
            ("010.0.0.1", refused("format_invalid@/field")),
            ("fe80::1%eth0", refused("format_invalid@/field")),
            ("localhost", refused("format_invalid@/field")),
        ];
        table(
            rows.into_iter()
                .map(|(sent, want)| (schema.clone(), json!(sent), want))
                .collect(),
        );
        let coercer = Coercer::compile(&schema).expect("compiles");
        let rejection = coercer
            .coerce(json!({"field": "localhost"}))
            .expect_err("not an address");
        assert_eq!(
            (
                rejection.issues()[0].hint(),
                rejection.issues()[0].context().cloned().map(Value::Object)
            ),
            (
                "send an IPv4 or IPv6 address, e.g. 192.0.2.1 or 2001:db8::1",
                Some(json!({"format": "ipv6"}))
            )
        );
    }

    /// Other formats stay annotations; a format judges strings only; lengths and `pattern`
    /// judge the canonical text.
    #[test]
    fn annotations_types_and_the_string_keywords() {
        table(vec![
            (
                field(&json!({"type": "string", "format": "hostname"})),
                json!("not a host name!"),
                Want::Kept,
            ),
            (
                field(&json!({"type": "string", "format": "time"})),
                json!("10:00"),
                Want::Kept,
            ),
            (
                field(&json!({"type": "string", "format": "x-custom"})),
                json!("anything"),
                Want::Kept,
            ),
            // No `type`: a number is not checked by the format, a string is.
            (
                field(&json!({"format": "date-time"})),
                json!(1768471200),
                Want::Kept,
            ),
            (
                field(&json!({"format": "date-time"})),
                json!("2026-01-15 10:00Z"),
                Want::Canonical("2026-01-15T10:00:00Z"),
            ),
            (
                field(&json!({"type": ["string", "integer"], "format": "date-time"})),
                json!(5),
                Want::Kept,
            ),
            (
                field(&json!({"type": "string", "format": "uuid", "maxLength": 36})),
                json!("{6F9619FF-8B86-D011-B42D-00C04FC964FF}"),
                Want::Canonical("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            ),
            (
                field(&json!({"type": "string", "format": "uuid", "pattern": "^[0-9A-F-]+$"})),
                json!("{6F9619FF-8B86-D011-B42D-00C04FC964FF}"),
                refused("pattern_mismatch@/field"),
            ),
            (
                field(&json!({"type": "string", "format": "date-time", "pattern": "T"})),
                json!("2026-01-15 10:00Z"),
                Want::Canonical("2026-01-15T10:00:00Z"),
            ),
            (
                field(&json!({"type": ["string", "null"], "format": "email"})),
                json!("mailto:ann@example.com"),
                Want::Canonical("ann@example.com"),
            ),
            (
                field(&json!({"type": ["string", "null"], "format": "email"})),
                Value::Null,
                Want::Kept,
            ),
        ]);
    }

    /// An optional formatted property sent as `""` has no value (the optional-fields
    /// table: a formatted string is not a free string).
    #[test]
    fn an_optional_blank_is_absent() {
        let coercer = Coercer::compile(
            &json!({"properties": {"at": {"type": "string", "format": "date-time"}}}),
        )
        .expect("compiles");
        let call = coercer
            .coerce_with_report(json!({"at": ""}))
            .expect("absent");
        let rules: Vec<String> = call
            .coercions()
            .iter()
            .map(|c| format!("{}@{}", c.rule(), c.path()))
            .collect();
        assert_eq!(
            (call.value(), rules),
            (&json!({}), vec!["empty_as_absent@/at".to_owned()])
        );
    }

    /// Formats on an array's items: each element kept, rewritten or refused at its index.
    #[test]
    fn array_items() {
        let coercer = Coercer::compile(&field(
            &json!({"type": "array", "items": {"type": "string", "format": "uuid"}}),
        ))
        .expect("compiles");
        let kept = json!({"field": ["6F9619FF-8B86-D011-B42D-00C04FC964FF", "6f9619ff-8b86-d011-b42d-00c04fc964ff"]});
        let call = coercer.coerce_with_report(kept.clone()).expect("as sent");
        assert_eq!((call.value(), call.coercions().len()), (&kept, 0));
        let call = coercer
            .coerce_with_report(json!({"field": ["6f9619ff-8b86-d011-b42d-00c04fc964ff", "{6F9619FF-8B86-D011-B42D-00C04FC964FF}"]}))
            .expect("a lax spelling");
        let rules: Vec<String> = call
            .coercions()
            .iter()
            .map(|c| format!("{}@{}", c.rule(), c.path()))
            .collect();
        assert_eq!(
            (call.value(), rules),
            (
                &json!({"field": ["6f9619ff-8b86-d011-b42d-00c04fc964ff", "6f9619ff-8b86-d011-b42d-00c04fc964ff"]}),
                vec!["format_canonical@/field/1".to_owned()]
            )
        );
        let rejection = coercer
            .coerce(json!({"field": ["6f9619ff-8b86-d011-b42d-00c04fc964ff", "nope", "x"]}))
            .expect_err("not UUIDs");
        let issues: Vec<String> = rejection
            .issues()
            .iter()
            .map(|i| format!("{}@{}", i.code(), i.path()))
            .collect();
        assert_eq!(
            issues,
            ["format_invalid@/field/1", "format_invalid@/field/2"]
        );
    }

    /// A format under a keyword the complete validator asserts (`not`, `if`, `contains`)
    /// is judged as the engine reads it: `not: {format: ipv4}` refused every value while the
    /// validator read formats as annotations.
    #[cfg(feature = "schema-assertions")]
    #[test]
    fn formats_under_the_validators_keywords() {
        table(vec![
            (
                field(&json!({"type": "string", "not": {"format": "ipv4"}})),
                json!("hello"),
                Want::Kept,
            ),
            (
                field(&json!({"type": "string", "not": {"format": "ipv4"}})),
                json!("10.0.0.1"),
                refused("custom@/field"),
            ),
            // A lax spelling is no `ipv4` as sent, as the engine reads it.
            (
                field(&json!({"type": "string", "not": {"format": "ipv4"}})),
                json!(" 10.0.0.1"),
                Want::Kept,
            ),
            (
                field(&json!({"type": "string", "not": {"format": "uuid"}})),
                json!("{6F9619FF-8B86-D011-B42D-00C04FC964FF}"),
                Want::Kept,
            ),
            (
                field(&json!({"type": "array", "contains": {"format": "uuid"}})),
                json!(["a", "6f9619ff-8b86-d011-b42d-00c04fc964ff"]),
                Want::Kept,
            ),
            (
                field(&json!({"type": "array", "contains": {"format": "uuid"}})),
                json!(["a", "b"]),
                refused("custom@/field"),
            ),
            (
                field(&json!({
                    "type": "string",
                    "if": {"format": "date"},
                    "then": {"maxLength": 10},
                    "else": {"maxLength": 3}
                })),
                json!("2026-01-15"),
                Want::Kept,
            ),
            // Where only the validator reaches a format, its refusal is `format_invalid`.
            (
                field(&json!({
                    "type": "object",
                    "dependentSchemas": {"a": {"properties": {"b": {"format": "uuid"}}}}
                })),
                json!({"a": 1, "b": "nope"}),
                refused("format_invalid@/field/b"),
            ),
            // Other formats stay annotations there too.
            (
                field(&json!({"type": "string", "not": {"format": "hostname"}})),
                json!("example.com"),
                refused("custom@/field"),
            ),
        ]);
    }

    /// A union judges a lax spelling as not valid as sent: the branch that takes the value
    /// as sent wins over the one that would rewrite it, and `oneOf` is not ambiguous for it.
    #[test]
    fn the_branch_valid_as_sent_wins() {
        let braces = json!("{6F9619FF-8B86-D011-B42D-00C04FC964FF}");
        table(vec![
            (
                field(
                    &json!({"oneOf": [{"type": "string", "format": "uuid"}, {"type": "string", "maxLength": 40}]}),
                ),
                braces.clone(),
                Want::Kept,
            ),
            (
                field(
                    &json!({"anyOf": [{"type": "string", "format": "uuid"}, {"type": "string"}]}),
                ),
                braces.clone(),
                Want::Kept,
            ),
            // No branch takes it as sent: the one that reads it after a rewrite.
            (
                field(
                    &json!({"oneOf": [{"type": "string", "format": "uuid"}, {"type": "string", "maxLength": 10}]}),
                ),
                braces.clone(),
                Want::Canonical("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
            ),
            // The rewritten text is valid for both branches: `oneOf` refuses it.
            (
                field(
                    &json!({"oneOf": [{"type": "string", "format": "uuid"}, {"type": "string", "maxLength": 36}]}),
                ),
                braces,
                refused("custom@/field"),
            ),
            // Valid as sent for both: `oneOf` refuses it.
            (
                field(
                    &json!({"oneOf": [{"type": "string", "format": "uuid"}, {"type": "string", "maxLength": 40}]}),
                ),
                json!("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
                refused("custom@/field"),
            ),
            (
                field(
                    &json!({"oneOf": [{"type": "string", "format": "date-time"}, {"type": "string", "format": "date"}]}),
                ),
                json!(" 2026-01-15 "),
                Want::Canonical("2026-01-15"),
            ),
            (
                field(
                    &json!({"oneOf": [{"type": "string", "format": "date-time"}, {"type": "string", "format": "date"}]}),
                ),
                json!("2026-01-15 10:00Z"),
                Want::Canonical("2026-01-15T10:00:00Z"),
            ),
        ]);
    }

    // -- regressions from the hostile review of the formats ---------------------------

    /// An `enum` member written in a lax spelling of the field's `format`: the value is
    /// read to its canonical text (`format_canonical`), then folded back to the member
    /// (`enum_fold`), and the call is accepted as `"2026/01/15"`, which `jsonschema` (format
    /// assertions on) refuses. No value satisfies this schema: every one must be refused.
    #[test]
    fn enum_member_in_a_lax_spelling_is_not_accepted() {
        for (schema, sent) in [
            (
                json!({"type": "string", "format": "date", "enum": ["2026/01/15"]}),
                json!("2026/01/15"),
            ),
            (
                json!({"type": "string", "format": "date", "const": "2026/01/15"}),
                json!("2026-01-15"),
            ),
        ] {
            // `outcome` asserts that an accepted value validates.
            let got = outcome(&field(&schema), &sent);
            assert!(
                matches!(got, Want::Refused(_)),
                "{schema} with {sent}: {got:?}"
            );
        }
    }

    /// An optional date-time sent as a lone U+FEFF (byte-order mark): the typed route's
    /// optional rules trim it (`words::trim` takes U+FEFF) and read `None`; the schema route's
    /// `reads_as_absent` uses `str::trim`, which keeps U+FEFF, so the call is refused
    /// `format_invalid`. Same format, no policy, different acceptance.
    #[test]
    fn optional_bom_reads_as_absent_as_on_the_typed_route() {
        let schema = json!({
            "type": "object",
            "properties": {"start": {"type": "string", "format": "date-time"}}
        });
        let coercer = Coercer::compile(&schema).expect("the schema compiles");
        for sent in ["\u{feff}", " \u{feff} "] {
            let got = coercer
                .coerce(json!({ "start": sent }))
                .map_err(|r| format!("{}@{}", r.issues()[0].code(), r.issues()[0].path()));
            assert_eq!(got, Ok(json!({})), "{sent:?}");
        }
    }

    /// `format: ipv6` sent `010.0.0.1`: the issue's `context.format` is `"ipv4"`, not the
    /// field's format.
    #[test]
    fn ipv6_leading_zero_octet_names_ipv6() {
        let schema = field(&json!({"type": "string", "format": "ipv6"}));
        let coercer = Coercer::compile(&schema).expect("the schema compiles");
        let refused = coercer
            .coerce(json!({"field": "010.0.0.1"}))
            .expect_err("refused");
        let issue = &refused.issues()[0];
        assert_eq!(
            issue.context().and_then(|c| c.get("format")),
            Some(&json!("ipv6")),
            "hint: {}",
            issue.hint()
        );
    }
}
