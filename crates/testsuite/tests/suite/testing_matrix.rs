//! The test kit's shape matrix (feature `testing`): every adapter and wrapper type, in
//! a one-field struct, passes it and is named by family; the demo tools pass it; a schema
//! that promises what the runtime does not do fails it, with the field and the instance
//! named.
#![allow(
    dead_code,
    reason = "the argument types are read by the checks, never by the tests"
)]

use crate::demo_tools;

use std::borrow::Cow;

use mcp_coerce::schema::SchemaAs;
use mcp_coerce::testing::{Check, Report, ShapeMatrix, assert_shape_matrix, shape_matrix};
use mcp_coerce::{
    As, Bool, BoolLike, Clamp, Code, DefaultTo, Enum, EnumLike, Int, IntArray, IntArrayLike,
    IntLike, Items, JsonObjectLike, NoSplit, Number, NumberLike, Optional, Pattern, PatternLike,
    SafeObject, SafeObjectLike, StringArray, StringArrayLike, Text, TextLike, Trim, Url, UrlLike,
};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::{Deserializer, Error as _};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

// ---------------------------------------------------------------------------------------
// The demo tools.

#[test]
fn the_demo_tools_pass() {
    assert_shape_matrix::<demo_tools::GetObservations>();
    assert_shape_matrix::<demo_tools::GetSdkSessions>();
    assert_shape_matrix::<demo_tools::SearchSkills>();
    assert_shape_matrix::<demo_tools::GetCard>();
    assert_shape_matrix::<demo_tools::SegmentImage>();
    assert_shape_matrix::<demo_tools::BatchUpdate>();
}

#[test]
fn the_demo_fields_are_named_by_adapter() {
    let families = |report: &Report| -> Vec<(String, Option<&'static str>)> {
        report
            .fields()
            .iter()
            .map(|f| (f.field.clone(), f.adapter))
            .collect()
    };
    let owned = |rows: &[(&str, &'static str)]| -> Vec<(String, Option<&'static str>)> {
        rows.iter()
            .map(|(f, a)| ((*f).to_owned(), Some(*a)))
            .collect()
    };
    assert_eq!(
        families(&shape_matrix::<demo_tools::GetObservations>()),
        owned(&[
            ("/ids", "int_array"),
            ("/limit", "int"),
            ("/order_by", "enum"),
            ("/project", "text"),
        ])
    );
    assert_eq!(
        families(&shape_matrix::<demo_tools::SearchSkills>()),
        owned(&[
            ("/category", "enum"),
            ("/free_only", "bool"),
            ("/limit", "int"),
            ("/max_price", "number"),
            ("/query", "text"),
        ])
    );
    assert_eq!(
        families(&shape_matrix::<demo_tools::SegmentImage>()),
        owned(&[
            ("/image_url", "url"),
            ("/options", "safe_object"),
            ("/threshold", "number"),
        ])
    );
    assert_eq!(
        families(&shape_matrix::<demo_tools::BatchUpdate>()),
        owned(&[
            ("/dry_run", "bool"),
            ("/updates", "array"),
            ("/updates/*/id", "int"),
            ("/updates/*/note", "text"),
            ("/updates/*/status", "enum"),
        ])
    );
}

/// The URL policy and the pass-through object's rules are what the schema states in a
/// description only: met, and listed, but not failures.
#[test]
fn documented_exceptions_are_listed_not_failed() {
    let report = shape_matrix::<demo_tools::SegmentImage>();
    assert!(report.is_ok(), "{report}");
    let mut met: Vec<(String, Code)> = report
        .exceptions()
        .iter()
        .map(|e| (e.field.clone(), e.code))
        .collect();
    met.sort_by_key(|(f, c)| (f.clone(), c.to_string()));
    assert_eq!(
        met,
        [
            ("/image_url".to_owned(), Code::UrlForbidden),
            ("/options".to_owned(), Code::ForbiddenKey),
            ("/options".to_owned(), Code::TooDeep),
        ]
    );
    let text = report.to_string();
    assert!(text.contains("documented exceptions"), "{text}");
    assert!(text.contains("URL policy"), "{text}");
}

#[test]
fn the_seed_fixes_the_instances_and_the_case_count_is_the_callers() {
    let a = ShapeMatrix::new()
        .cases(12)
        .seed(3)
        .run::<demo_tools::GetObservations>();
    let b = ShapeMatrix::new()
        .cases(12)
        .seed(3)
        .run::<demo_tools::GetObservations>();
    assert_eq!(a.to_string(), b.to_string());
    assert_eq!(a.instances(), 12);
    let c = ShapeMatrix::new()
        .cases(12)
        .seed(4)
        .run::<demo_tools::GetObservations>();
    assert!(c.is_ok(), "{c}");
    assert_ne!(a.fields(), c.fields(), "another seed draws other instances");
    assert_eq!(
        ShapeMatrix::new()
            .cases(200)
            .run::<demo_tools::GetCard>()
            .instances(),
        200
    );
}

// ---------------------------------------------------------------------------------------
// Every adapter and wrapper type.

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

#[serde_as]
#[derive(Deserialize, Serialize, JsonSchema, Debug, PartialEq)]
struct Nested {
    name: String,
    #[serde_as(as = "IntLike<0, 9>")]
    count: u8,
}

macro_rules! one_field {
    ($name:ident { $(#[$attr:meta])* field: $ty:ty }) => {
        #[serde_as]
        #[derive(Deserialize, JsonSchema, Debug)]
        struct $name {
            $(#[$attr])*
            field: $ty,
        }
    };
}

one_field!(IntArrayI64 { #[serde_as(as = "IntArrayLike<Items<0, 1000>>")] field: Vec<i64> });
one_field!(IntArrayU8 { #[serde_as(as = "IntArrayLike<Items<2, 5>>")] field: Vec<u8> });
one_field!(IntArrayU128 { #[serde_as(as = "IntArrayLike")] field: Vec<u128> });
one_field!(IntArrayOpt { #[serde_as(as = "IntArrayLike<Items<1, 3>>")] #[serde(default)] field: Option<Vec<i32>> });
one_field!(IntArrayWrap { field: IntArray<i16, Items<0, 4>> });
one_field!(StrArray { #[serde_as(as = "StringArrayLike<Items<1, 3>, mcp_coerce::Comma>")] field: Vec<String> });
one_field!(StrArrayNoSplit { #[serde_as(as = "StringArrayLike<NoSplit>")] field: Vec<String> });
one_field!(StrArrayOpt { #[serde_as(as = "StringArrayLike")] #[serde(default)] field: Option<Vec<String>> });
one_field!(StrArrayWrap { field: StringArray });
one_field!(IntU16 {
    #[serde_as(as = "IntLike")]
    field: u16
});
one_field!(IntOpt { #[serde_as(as = "IntLike")] #[serde(default)] field: Option<i64> });
one_field!(BoundedI32 {
    #[serde_as(as = "IntLike<-5, 5>")]
    field: i32
});
one_field!(BoundedOpt { #[serde_as(as = "IntLike<1, 100>")] #[serde(default)] field: Option<u32> });
one_field!(ClampedDefault {
    #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
    #[serde(default = "DefaultTo::<10>::value")]
    field: i64
});
one_field!(ClampedU8 {
    #[serde_as(as = "IntLike<1, 50, Clamp>")]
    field: u8
});
one_field!(BoundedWrap { field: Int<u8, 3, 9> });
one_field!(ClampedWrap { #[serde(default)] field: Int<i64, 1, 50, Clamp, DefaultTo<10>> });
one_field!(WrapOption { #[serde(default)] field: Option<Int<u8, 3, 9>> });
one_field!(GenericOption { #[serde_as(as = "Option<IntLike<1, 9>>")] #[serde(default)] field: Option<u8> });
one_field!(NumberField {
    #[serde_as(as = "NumberLike<Unit>")]
    field: f64
});
one_field!(NumberAny {
    #[serde_as(as = "NumberLike")]
    field: f64
});
one_field!(NumberOpt { #[serde_as(as = "NumberLike<Unit>")] #[serde(default)] field: Option<f64> });
one_field!(NumberWrap { field: Number<Unit> });
one_field!(Flag {
    #[serde_as(as = "BoolLike")]
    field: bool
});
one_field!(FlagOpt { #[serde_as(as = "BoolLike")] #[serde(default)] field: Option<bool> });
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
one_field!(TrimmedOpt { #[serde_as(as = "TextLike<2, 6, Trim>")] #[serde(default)] field: Option<String> });
one_field!(FreeOpt { #[serde_as(as = "TextLike<0, 6>")] #[serde(default)] field: Option<String> });
one_field!(TextWrap { field: Text<1, 4> });
one_field!(SkuField {
    #[serde_as(as = "PatternLike<Sku>")]
    field: String
});
one_field!(SkuOpt { #[serde_as(as = "PatternLike<Sku>")] #[serde(default)] field: Option<String> });
one_field!(SkuWrap { field: Pattern<Sku> });
one_field!(ColorField {
    #[serde_as(as = "EnumLike")]
    field: Color
});
one_field!(ColorOpt { #[serde_as(as = "EnumLike<Optional>")] #[serde(default)] field: Option<Color> });
one_field!(ColorRequiredOnOption { #[serde_as(as = "EnumLike")] #[serde(default)] field: Option<Color> });
one_field!(ColorWrap { field: Enum<Color> });
one_field!(Object {
    #[serde_as(as = "JsonObjectLike")]
    field: Nested
});
one_field!(ObjectOpt { #[serde_as(as = "JsonObjectLike<Optional>")] #[serde(default)] field: Option<Nested> });
one_field!(UrlField {
    #[serde_as(as = "UrlLike<demo_tools::CdnImages>")]
    field: mcp_coerce::url::WhatwgUrl
});
one_field!(UrlString {
    #[serde_as(as = "UrlLike")]
    field: String
});
one_field!(UrlWrap { field: Url<demo_tools::CdnImages> });
one_field!(SafeField { #[serde_as(as = "SafeObjectLike<8>")] field: Map<String, Value> });
one_field!(SafeValue { #[serde_as(as = "SafeObjectLike<3>")] #[serde(default)] field: Option<Value> });
one_field!(SafeWrap { field: SafeObject<8> });
one_field!(Elements { #[serde_as(as = "Vec<IntLike<1, 9>>")] field: Vec<u8> });
one_field!(Plain { field: Inner });
one_field!(Objects { #[serde_as(as = "mcp_coerce::ArrayLike<serde_with::Same, Items<1, 4>>")] field: Vec<Inner> });
one_field!(Colors { #[serde_as(as = "mcp_coerce::ArrayLike<EnumLike>")] field: Vec<Color> });
one_field!(ObjectsOpt { #[serde_as(as = "mcp_coerce::ArrayLike")] #[serde(default, skip_serializing_if = "Option::is_none")] field: Option<Vec<Inner>> });
one_field!(ObjectsWrap { field: mcp_coerce::Array<Inner, serde_with::Same, Items<0, 3>> });

/// `T` passes, its one field is named `/field` (or `/field/*` for array elements), and its
/// adapter is the family given; spellings were sent when the family promises some.
#[track_caller]
fn passes<T: serde::de::DeserializeOwned + JsonSchema>(family: Option<&str>, spellings: bool) {
    let report = shape_matrix::<T>();
    assert!(report.is_ok(), "{report}");
    let field = report
        .fields()
        .iter()
        .find(|f| f.adapter.is_some() || family.is_none())
        .unwrap_or_else(|| panic!("no field found: {report}"));
    assert_eq!(field.adapter, family, "{report}");
    assert_eq!(field.spellings > 0, spellings, "{report}");
    assert!(field.junk > 0, "{report}");
}

#[test]
fn every_adapter_passes_and_is_named() {
    passes::<IntArrayI64>(Some("int_array"), true);
    passes::<IntArrayU8>(Some("int_array"), true);
    passes::<IntArrayU128>(Some("int_array"), true);
    passes::<IntArrayOpt>(Some("int_array"), true);
    passes::<IntArrayWrap>(Some("int_array"), true);
    passes::<StrArray>(Some("string_array"), true);
    passes::<StrArrayNoSplit>(Some("string_array"), true);
    passes::<StrArrayOpt>(Some("string_array"), true);
    passes::<StrArrayWrap>(Some("string_array"), true);
    passes::<IntU16>(Some("int"), true);
    passes::<IntOpt>(Some("int"), true);
    passes::<BoundedI32>(Some("int"), true);
    passes::<BoundedOpt>(Some("int"), true);
    passes::<ClampedDefault>(Some("int"), true);
    passes::<ClampedU8>(Some("int"), true);
    passes::<BoundedWrap>(Some("int"), true);
    passes::<ClampedWrap>(Some("int"), true);
    passes::<WrapOption>(Some("int"), true);
    passes::<GenericOption>(Some("int"), true);
    passes::<NumberField>(Some("number"), true);
    passes::<NumberAny>(Some("number"), true);
    passes::<NumberOpt>(Some("number"), true);
    passes::<NumberWrap>(Some("number"), true);
    passes::<Flag>(Some("bool"), true);
    passes::<FlagOpt>(Some("bool"), true);
    passes::<FlagWrap>(Some("bool"), true);
    // A kept string has no lax spelling: strings are strings.
    passes::<Query>(Some("text"), false);
    passes::<Trimmed>(Some("text"), true);
    passes::<TrimmedEmpty>(Some("text"), true);
    passes::<TrimmedOpt>(Some("text"), true);
    passes::<FreeOpt>(Some("text"), true);
    passes::<TextWrap>(Some("text"), false);
    passes::<SkuField>(Some("pattern"), true);
    passes::<SkuOpt>(Some("pattern"), true);
    passes::<SkuWrap>(Some("pattern"), true);
    passes::<ColorField>(Some("enum"), true);
    passes::<ColorOpt>(Some("enum"), true);
    passes::<ColorRequiredOnOption>(Some("enum"), true);
    passes::<ColorWrap>(Some("enum"), true);
    passes::<Object>(Some("json_object"), true);
    passes::<ObjectOpt>(Some("json_object"), true);
    passes::<UrlField>(Some("url"), true);
    passes::<UrlString>(Some("url"), true);
    passes::<UrlWrap>(Some("url"), true);
    passes::<SafeField>(Some("safe_object"), true);
    passes::<SafeValue>(Some("safe_object"), true);
    passes::<SafeWrap>(Some("safe_object"), true);
    passes::<Elements>(Some("int"), true);
    passes::<Objects>(Some("array"), true);
    passes::<Colors>(Some("array"), true);
    passes::<ObjectsOpt>(Some("array"), true);
    passes::<ObjectsWrap>(Some("array"), true);
    passes::<Plain>(None, false);
}

/// Fields inside a JSON-encoded object are found at their own paths, each with its
/// adapter.
#[test]
fn nested_fields_are_found() {
    let report = shape_matrix::<Object>();
    let found: Vec<(&str, Option<&str>)> = report
        .fields()
        .iter()
        .map(|f| (f.field.as_str(), f.adapter))
        .collect();
    assert_eq!(
        found,
        [
            ("/field", Some("json_object")),
            ("/field/count", Some("int")),
            ("/field/name", None),
        ]
    );
    let elements = shape_matrix::<Elements>();
    let found: Vec<(&str, Option<&str>)> = elements
        .fields()
        .iter()
        .map(|f| (f.field.as_str(), f.adapter))
        .collect();
    assert_eq!(found, [("/field", None), ("/field/*", Some("int"))]);
}

// ---------------------------------------------------------------------------------------
// Planted mismatches.

/// An even number from 0 to 100, whose schema says any integer from 0 to 100.
#[derive(Debug)]
struct Even(u32);

impl<'de> Deserialize<'de> for Even {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u32::deserialize(d)?;
        if n % 2 == 0 && n <= 100 {
            Ok(Even(n))
        } else {
            Err(D::Error::custom("not an even number"))
        }
    }
}

impl JsonSchema for Even {
    fn schema_name() -> Cow<'static, str> {
        "Even".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({"type": "integer", "minimum": 0, "maximum": 100})
    }
}

#[derive(Deserialize, JsonSchema, Debug)]
struct Refuses {
    n: Even,
    name: String,
}

#[test]
fn a_deserialize_that_refuses_what_its_schema_allows_fails_soundness() {
    let report = shape_matrix::<Refuses>();
    assert!(!report.is_ok());
    let failure = &report.failures()[0];
    assert_eq!(
        (failure.check, failure.field.as_str()),
        (Check::Soundness, "/n")
    );
    let n = failure.instance["n"]
        .as_u64()
        .expect("the instance names n");
    assert_eq!(
        n % 2,
        1,
        "the instance is an odd number: {}",
        failure.instance
    );
    // Shrunk: the other field is as small as the generator makes it.
    assert_eq!(failure.instance, json!({"n": n, "name": ""}));
    assert_eq!(failure.detail, "refused: custom at /n");
    // A plain field (as its schema shows it) may be read by a marker through
    // `deserialize_with`: the fix is conditional.
    assert_eq!(
        failure.fix.as_deref(),
        Some(
            "if field `n` is read with deserialize_with = \"As::<M>::deserialize\", add \
             #[schemars(with = \"SchemaAs<T, M>\")] to it (T the field's type, M the same marker)"
        )
    );
    let text = report.to_string();
    assert!(
        text.contains("- soundness /n: instance the schema accepts"),
        "{text}"
    );
    assert!(
        text.contains(&format!(r#"instance: {{"n":{n},"name":""}}"#)),
        "{text}"
    );
}

#[serde_as]
#[derive(Deserialize, JsonSchema, Debug)]
struct Unenforced {
    /// The schema says at most 10; the adapter has no bounds of its own.
    #[serde_as(as = "IntLike")]
    #[schemars(range(max = 10))]
    count: i64,
}

#[derive(Deserialize, JsonSchema, Debug)]
struct PlainUnenforced {
    #[schemars(length(max = 5))]
    name: String,
}

#[test]
fn a_maximum_the_runtime_does_not_enforce_fails_refusal() {
    let report = shape_matrix::<Unenforced>();
    assert!(!report.is_ok());
    let failures: Vec<(Check, &str, &str, &Value, &str)> = report
        .failures()
        .iter()
        .map(|f| {
            (
                f.check,
                f.field.as_str(),
                f.case.as_str(),
                &f.sent,
                f.detail.as_str(),
            )
        })
        .collect();
    assert_eq!(
        failures,
        [(
            Check::Refusal,
            "/count",
            "above the maximum",
            &json!(11),
            "accepted"
        )]
    );
    assert_eq!(report.failures()[0].instance, json!({"count": 11}));

    let report = shape_matrix::<PlainUnenforced>();
    let failures: Vec<(Check, &str, &str, &Value)> = report
        .failures()
        .iter()
        .map(|f| (f.check, f.field.as_str(), f.case.as_str(), &f.sent))
        .collect();
    assert_eq!(
        failures,
        [(
            Check::Refusal,
            "/name",
            "longer than maxLength",
            &json!("xxxxxx")
        )]
    );
}

/// A field that claims an adapter (the annotation is the crate's to write, but nothing
/// stops a hand-written schema from carrying it) whose runtime is plain serde: every lax
/// spelling is refused, and each is named.
#[derive(Debug)]
struct Claims(u8);

impl<'de> Deserialize<'de> for Claims {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u8::deserialize(d).map(Claims)
    }
}

impl JsonSchema for Claims {
    fn schema_name() -> Cow<'static, str> {
        "Claims".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "type": "integer", "minimum": 0, "maximum": 255,
            "x-mcp-coerce": {"adapter": "int", "optional": false, "clamp": false,
                             "default": null, "type_minimum": 0, "type_maximum": 255}
        })
    }
}

#[derive(Deserialize, JsonSchema, Debug)]
struct ClaimsArgs {
    level: Claims,
}

#[test]
fn a_refused_lax_spelling_fails_acceptance() {
    let report = ShapeMatrix::new().cases(8).run::<ClaimsArgs>();
    let mut cases: Vec<(Check, &str, &str)> = report
        .failures()
        .iter()
        .filter(|f| f.check == Check::Acceptance)
        .map(|f| (f.check, f.field.as_str(), f.case.as_str()))
        .collect();
    cases.sort();
    assert_eq!(
        cases,
        [
            (Check::Acceptance, "/level", "integral float"),
            (Check::Acceptance, "/level", "integral float string"),
            (Check::Acceptance, "/level", "padded string"),
            (Check::Acceptance, "/level", "string"),
            (Check::Acceptance, "/level", "string with a plus sign"),
        ]
    );
}

/// `#[serde(flatten)]` and other shapes the matrix only reads through the validator still
/// run: their fields are plain.
#[derive(Deserialize, JsonSchema, Debug)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle { r: f64 },
    Square { side: f64 },
}

#[derive(Deserialize, JsonSchema, Debug)]
struct Tagged {
    shape: Shape,
}

#[test]
fn tagged_enums_run_as_plain_fields() {
    let report = shape_matrix::<Tagged>();
    assert!(report.is_ok(), "{report}");
    assert_eq!(report.instances(), ShapeMatrix::DEFAULT_CASES as usize);
}

#[derive(Deserialize, JsonSchema, Debug)]
struct Tree {
    name: String,
    #[serde(default)]
    children: Vec<Tree>,
}

/// A recursive type: its schema refers to itself; the generator stops at its depth limit
/// and the validator keeps what it accepts.
#[test]
fn recursive_types_terminate() {
    let report = ShapeMatrix::new().cases(16).run::<Tree>();
    assert!(report.is_ok(), "{report}");
}

/// A schema no value meets (`TextLike<10, 2>` would be one, but does not compile).
#[derive(Deserialize, JsonSchema, Debug)]
struct Unsatisfiable {
    #[schemars(schema_with = "impossible_text")]
    #[allow(dead_code)]
    field: String,
}

fn impossible_text(_: &mut SchemaGenerator) -> Schema {
    schemars::json_schema!({"type": "string", "minLength": 10, "maxLength": 2})
}
one_field!(PastTheBuilder {
    #[serde_as(as = "TextLike<5000, 6000>")]
    field: String
});
one_field!(ExtremeBounds {
    #[serde_as(as = "TextLike<{ usize::MAX }, { usize::MAX }>")]
    field: String
});
one_field!(ExtremeItems { #[serde_as(as = "IntArrayLike<Items<{ usize::MAX }, { usize::MAX }>>")] field: Vec<u8> });

/// A matrix that generated no instance checked nothing: it does not pass.
#[test]
fn a_matrix_without_instances_does_not_pass() {
    for report in [
        ShapeMatrix::new().cases(16).run::<Unsatisfiable>(),
        ShapeMatrix::new().cases(16).run::<PastTheBuilder>(),
        ShapeMatrix::new().cases(16).run::<ExtremeBounds>(),
        ShapeMatrix::new().cases(16).run::<ExtremeItems>(),
    ] {
        assert!(!report.is_ok());
        assert_eq!(report.instances(), 0);
        let text = report.to_string();
        assert!(
            text.contains("could not run: no instance of the published schema was generated"),
            "{text}"
        );
    }
}

/// A type that contains itself three times over.
#[serde_as]
#[derive(Deserialize, Serialize, JsonSchema, Debug)]
struct Ternary {
    #[serde_as(as = "IntLike<0, 9>")]
    value: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    left: Option<Box<Ternary>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    middle: Option<Box<Ternary>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    right: Option<Box<Ternary>>,
}

/// Each `$ref` followed counts against the generator's depth, and near it only required
/// members are built: a recursive type's instances stay small and valid.
#[test]
fn a_type_that_contains_itself_three_times_gets_every_instance() {
    let report = ShapeMatrix::new().cases(16).run::<Ternary>();
    assert!(report.is_ok(), "{report}");
    assert_eq!((report.instances(), report.discarded()), (16, 0));
}

// ---------------------------------------------------------------------------------------
// Fields read with `deserialize_with`, and `Option` fields without `#[serde(default)]`.

/// Read by the crate's markers, published as their Rust types: `u32` from 0, any string,
/// any number of any integers.
#[derive(Deserialize, JsonSchema, Debug)]
struct WithoutCompanion {
    #[serde(deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
    limit: u32,
    #[serde(deserialize_with = "As::<PatternLike<Sku>>::deserialize")]
    sku: String,
    #[serde(deserialize_with = "As::<IntArrayLike<Items<0, 3>>>::deserialize")]
    ids: Vec<i64>,
}

/// The same fields with the attribute that publishes each marker's schema.
#[derive(Deserialize, JsonSchema, Debug)]
struct WithCompanion {
    #[serde(deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
    #[schemars(with = "SchemaAs<u32, IntLike<1, 100>>")]
    limit: u32,
    #[serde(deserialize_with = "As::<PatternLike<Sku>>::deserialize")]
    #[schemars(with = "SchemaAs<String, PatternLike<Sku>>")]
    sku: String,
    #[serde(deserialize_with = "As::<IntArrayLike<Items<0, 3>>>::deserialize")]
    #[schemars(with = "SchemaAs<Vec<i64>, IntArrayLike<Items<0, 3>>>")]
    ids: Vec<i64>,
}

#[test]
fn a_deserialize_with_field_without_its_schema_names_the_attribute() {
    let report = shape_matrix::<WithoutCompanion>();
    let failures: Vec<(Check, &str, Option<&str>)> = report
        .failures()
        .iter()
        .map(|f| (f.check, f.field.as_str(), f.fix.as_deref()))
        .collect();
    let fix = |name: &str| {
        format!(
            "if field `{name}` is read with deserialize_with = \"As::<M>::deserialize\", add \
             #[schemars(with = \"SchemaAs<T, M>\")] to it (T the field's type, M the same marker)"
        )
    };
    let (ids, limit, sku) = (fix("ids"), fix("limit"), fix("sku"));
    assert_eq!(
        failures,
        [
            (Check::Soundness, "/ids", Some(ids.as_str())),
            (Check::Soundness, "/limit", Some(limit.as_str())),
            (Check::Soundness, "/sku", Some(sku.as_str())),
        ]
    );
    let text = report.to_string();
    assert!(text.contains(&format!("\n    fix: {sku}\n")), "{text}");

    let report = shape_matrix::<WithCompanion>();
    assert!(report.is_ok(), "{report}");
    let found: Vec<(&str, Option<&str>)> = report
        .fields()
        .iter()
        .map(|f| (f.field.as_str(), f.adapter))
        .collect();
    assert_eq!(
        found,
        [
            ("/ids", Some("int_array")),
            ("/limit", Some("int")),
            ("/sku", Some("pattern")),
        ]
    );
}

/// Adapters on `Option` fields without `#[serde(default)]`: the crate's spelling under
/// `#[serde_as]`, and `deserialize_with` with the crate's optional rules and with
/// serde_with's generic `Option<M>`. Each is required: published in `required`, refused
/// as `missing`.
#[serde_as]
#[derive(Deserialize, JsonSchema, Debug)]
struct OptionWithoutDefault {
    #[serde_as(as = "IntLike<1, 100>")]
    limit: Option<u32>,
    #[serde(deserialize_with = "As::<EnumLike<Optional>>::deserialize")]
    #[schemars(with = "SchemaAs<Option<Color>, EnumLike<Optional>>")]
    color: Option<Color>,
    #[serde(deserialize_with = "As::<Option<TextLike<1, 5>>>::deserialize")]
    #[schemars(with = "SchemaAs<Option<String>, Option<TextLike<1, 5>>>")]
    name: Option<String>,
    /// `#[serde_as]` adds `#[serde(default)]` here by itself.
    #[serde_as(as = "Option<IntLike<1, 9>>")]
    level: Option<u8>,
}

/// The same, each with `#[serde(default)]`.
#[serde_as]
#[derive(Deserialize, JsonSchema, Debug)]
struct OptionWithDefault {
    #[serde_as(as = "IntLike<1, 100>")]
    #[serde(default)]
    limit: Option<u32>,
    #[serde(default, deserialize_with = "As::<EnumLike<Optional>>::deserialize")]
    #[schemars(with = "SchemaAs<Option<Color>, EnumLike<Optional>>")]
    color: Option<Color>,
    #[serde(
        default,
        deserialize_with = "As::<Option<TextLike<1, 5>>>::deserialize"
    )]
    #[schemars(with = "SchemaAs<Option<String>, Option<TextLike<1, 5>>>")]
    name: Option<String>,
    #[serde_as(as = "Option<IntLike<1, 9>>")]
    level: Option<u8>,
}

#[test]
fn an_option_field_without_default_names_the_fix() {
    let report = shape_matrix::<OptionWithoutDefault>();
    let failures: Vec<(Check, &str, &str, &str, Option<&str>)> = report
        .failures()
        .iter()
        .map(|f| {
            (
                f.check,
                f.field.as_str(),
                f.case.as_str(),
                f.detail.as_str(),
                f.fix.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        failures,
        [
            (
                Check::Acceptance,
                "/color",
                "absent",
                "refused: missing at /color",
                Some("add #[serde(default)] to field `color`")
            ),
            (
                Check::Acceptance,
                "/limit",
                "absent",
                "refused: missing at /limit",
                Some("add #[serde(default)] to field `limit`")
            ),
            (
                Check::Acceptance,
                "/name",
                "absent",
                "refused: missing at /name",
                Some("add #[serde(default)] to field `name`")
            ),
        ]
    );
    // The instance is the one sent: the field left out.
    for failure in report.failures() {
        let key = &failure.field[1..];
        assert!(failure.instance.get(key).is_none(), "{}", failure.instance);
    }
    let text = report.to_string();
    assert!(
        text.contains("- acceptance /limit: absent\n    refused: missing at /limit\n    fix: add #[serde(default)] to field `limit`\n"),
        "{text}"
    );
    assert_eq!(
        mcp_coerce::schema::input_schema::<OptionWithoutDefault>()["required"],
        json!(["limit", "color", "name"])
    );

    let report = shape_matrix::<OptionWithDefault>();
    assert!(report.is_ok(), "{report}");
}

/// A nested field is named by its own key, and left out of its own object.
#[serde_as]
#[derive(Deserialize, JsonSchema, Debug)]
struct Page {
    #[serde_as(as = "IntLike<1, 100>")]
    size: Option<u32>,
}

#[derive(Deserialize, JsonSchema, Debug)]
struct NestedOption {
    page: Page,
}

#[test]
fn a_nested_option_field_without_default_is_named_by_its_key() {
    let report = shape_matrix::<NestedOption>();
    let failures: Vec<(Check, &str, &str, Option<&str>)> = report
        .failures()
        .iter()
        .map(|f| {
            (
                f.check,
                f.field.as_str(),
                f.detail.as_str(),
                f.fix.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        failures,
        [(
            Check::Acceptance,
            "/page/size",
            "refused: missing at /page/size",
            Some("add #[serde(default)] to field `size`")
        )]
    );
    assert_eq!(report.failures()[0].instance, json!({"page": {}}));
}
