//! The engine's one pass: every missing field of every object listed at once, by the plan
//! learned from the type's own `Deserialize` and by the one taken from its JSON Schema,
//! with no false `missing` (aliases, defaults, optional fields) and the limits the docs
//! state.

use std::num::NonZeroU32;

use mcp_coerce::{Code, IntArrayLike, Rejection};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use serde_with::serde_as;

/// `(code, path)` of every issue, in order.
fn found(rejection: &Rejection) -> Vec<(Code, String)> {
    rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

fn missing(paths: &[&str]) -> Vec<(Code, String)> {
    paths
        .iter()
        .map(|p| (Code::Missing, (*p).to_owned()))
        .collect()
}

/// Both plans: learned (`from_value`, `from_slice`) and from the schema
/// (`schema::from_value`, `schema::from_slice`), on the value and on its text.
#[track_caller]
fn refuse_all_routes<T>(arguments: Value) -> Vec<Vec<(Code, String)>>
where
    T: serde::de::DeserializeOwned + JsonSchema + std::fmt::Debug,
{
    let text = arguments.to_string();
    vec![
        found(&mcp_coerce::from_value::<T>(arguments.clone()).unwrap_err()),
        found(&mcp_coerce::from_slice::<T>(text.as_bytes()).unwrap_err()),
        found(&mcp_coerce::schema::from_value::<T>(arguments).unwrap_err()),
        found(&mcp_coerce::schema::from_slice::<T>(text.as_bytes()).unwrap_err()),
    ]
}

macro_rules! fields {
    ($(#[$meta:meta])* struct $name:ident { $($extra:tt)* } $t:ty: $($f:ident)*) => {
        $(#[$meta])*
        #[allow(dead_code, reason = "only the refusals are looked at")]
        struct $name {
            $($extra)*
            $($f: $t,)*
        }
    };
}

fields!(
    #[derive(Deserialize, JsonSchema, Debug)]
    struct Leaf {} u8: l00 l01 l02 l03 l04 l05 l06 l07 l08 l09 l10 l11 l12 l13 l14 l15 l16 l17
        l18 l19 l20 l21 l22 l23
);

fields!(
    #[derive(Deserialize, JsonSchema, Debug)]
    struct Mid { leaf: Leaf, } u8: m00 m01 m02 m03 m04 m05 m06 m07 m08 m09 m10 m11 m12 m13 m14
        m15 m16 m17 m18 m19
);

fields!(
    #[derive(Deserialize, JsonSchema, Debug)]
    struct Top { mid: Mid, } u8: t00 t01 t02 t03 t04 t05 t06 t07 t08 t09 t10 t11 t12 t13 t14 t15
        t16 t17 t18 t19
);

/// 64 required fields missing over three levels (the objects that hold them are sent),
/// beside a 4 MB field the type does not know: all 64 in one rejection, on every route.
#[test]
fn every_missing_field_at_three_depths_beside_a_4_mb_unknown_field() {
    let arguments = json!({"mid": {"leaf": {}}, "junk": "x".repeat(4 << 20)});
    let leaf = (0..24).map(|i| format!("/mid/leaf/l{i:02}"));
    let mid = (0..20).map(|i| format!("/mid/m{i:02}"));
    let top = (0..20).map(|i| format!("/t{i:02}"));
    let want: Vec<(Code, String)> = leaf
        .chain(mid)
        .chain(top)
        .map(|p| (Code::Missing, p))
        .collect();
    assert_eq!(want.len(), 64);
    for (route, got) in refuse_all_routes::<Top>(arguments).into_iter().enumerate() {
        assert_eq!(got, want, "route {route}");
    }
}

/// An absent required object is one `missing` at its own path; its fields are not listed.
#[test]
fn an_absent_object_is_one_missing_issue() {
    let want = missing(&["/mid"])
        .into_iter()
        .chain((0..20).map(|i| (Code::Missing, format!("/t{i:02}"))));
    let want: Vec<_> = want.collect();
    for got in refuse_all_routes::<Top>(json!({})) {
        assert_eq!(got, want);
    }
}

#[derive(Deserialize, JsonSchema, Debug)]
#[allow(dead_code)]
struct Item {
    id: u32,
    #[serde(default)]
    note: String,
    tags: Option<Vec<String>>,
}

#[derive(Deserialize, JsonSchema, Debug)]
#[allow(dead_code)]
struct Batch {
    items: Vec<Item>,
    filter: Option<Item>,
    #[serde(alias = "q", alias = "search")]
    query: String,
    #[serde(default)]
    page: u32,
}

/// Elements of arrays and values of optional fields are structs of the plan too; a field
/// with a serde `default`, an `Option` field and a field sent under an alias are never
/// reported.
#[test]
fn missing_fields_inside_arrays_and_optional_fields() {
    let arguments = json!({"items": [{}, {"id": 1}, {"note": "n"}], "filter": {}, "q": "x"});
    for got in refuse_all_routes::<Batch>(arguments) {
        assert_eq!(got, missing(&["/filter/id", "/items/0/id", "/items/2/id"]));
    }
}

#[test]
fn no_false_missing_for_aliases_defaults_and_options() {
    for arguments in [
        json!({"items": [], "q": "rust"}),
        json!({"items": [], "search": "rust"}),
        json!({"items": [], "query": "rust"}),
        json!({"items": [{"id": 1}], "query": "rust", "filter": null}),
    ] {
        let text = arguments.to_string();
        assert!(
            mcp_coerce::from_value::<Batch>(arguments.clone()).is_ok(),
            "{arguments}"
        );
        assert!(mcp_coerce::from_str::<Batch>(&text).is_ok(), "{arguments}");
        assert!(
            mcp_coerce::schema::from_value::<Batch>(arguments.clone()).is_ok(),
            "{arguments}"
        );
        assert!(
            mcp_coerce::schema::from_str::<Batch>(&text).is_ok(),
            "{arguments}"
        );
    }
}

/// The same field under two names is serde's `duplicate_field`, reported once, and the
/// missing ones beside it still listed.
#[test]
fn a_field_under_its_name_and_an_alias() {
    let arguments = json!({"items": [{}], "q": "a", "query": "b"});
    let got = found(&mcp_coerce::from_value::<Batch>(arguments).unwrap_err());
    assert_eq!(
        got,
        [
            (Code::Missing, "/items/0/id".to_owned()),
            (Code::Custom, "/query".to_owned()),
        ]
    );
}

#[serde_as]
#[derive(Deserialize, JsonSchema, Debug)]
#[allow(dead_code)]
struct Filter {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    from: u32,
    to: u32,
}

#[serde_as]
#[derive(Deserialize, JsonSchema, Debug)]
#[allow(dead_code)]
struct WithObject {
    #[serde_as(as = "mcp_coerce::JsonObjectLike")]
    filter: Filter,
    name: String,
}

/// An object decoded from a string (or read natively) by the JSON-object adapter lists
/// its missing fields too, in the same pass.
#[test]
fn an_object_sent_as_a_string_lists_its_missing_fields() {
    for filter in [json!({"ids": "1,x"}), json!(r#"{"ids": "1,x"}"#)] {
        let arguments = json!({ "filter": filter });
        for got in refuse_all_routes::<WithObject>(arguments) {
            assert_eq!(
                got,
                [
                    (Code::IntParsing, "/filter/ids/1".to_owned()),
                    (Code::Missing, "/filter/from".to_owned()),
                    (Code::Missing, "/filter/to".to_owned()),
                    (Code::Missing, "/name".to_owned()),
                ]
            );
        }
    }
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Strict {
    id: NonZeroU32,
    a: u8,
    b: u8,
}

/// Stand-in integers are `1`, which `NonZero*` types take.
#[test]
fn a_non_zero_field_takes_the_stand_in() {
    let got = found(&mcp_coerce::from_value::<Strict>(json!({})).unwrap_err());
    assert_eq!(got, missing(&["/id", "/a", "/b"]));
    // `0` refused by `NonZeroU32` itself is an error of a foreign `Deserialize`: recorded
    // at its field, a stand-in (`1`) reads on, and the missing fields are reported beside
    // it (third revision).
    let got = found(&mcp_coerce::from_value::<Strict>(json!({"id": 0})).unwrap_err());
    assert_eq!(
        got,
        [
            (Code::Custom, "/id".to_owned()),
            (Code::Missing, "/a".to_owned()),
            (Code::Missing, "/b".to_owned())
        ]
    );
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Host {
    #[allow(dead_code)]
    addr: std::net::IpAddr,
    a: u8,
    b: u8,
}

/// A required field whose type refuses every stand-in (an `IpAddr` refuses `""`): the
/// plan cannot be learned past it, so the struct reports its first missing field only
/// (the documented limit).
#[test]
fn a_field_no_stand_in_can_fill_is_the_last_one_reported() {
    let got = found(&mcp_coerce::from_value::<Host>(json!({})).unwrap_err());
    assert_eq!(got, missing(&["/addr"]));
    let got = found(&mcp_coerce::from_value::<Host>(json!({"addr": "::1"})).unwrap_err());
    assert_eq!(got, missing(&["/a"]));
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
enum Shape {
    Circle { r: u32 },
    Square { side: u32, unit: String },
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Draw {
    shape: Shape,
    color: String,
}

/// Inside an enum variant the plan knows nothing: the variant's first missing field is
/// reported and reading stops there (the documented limit).
#[test]
fn inside_an_enum_variant_the_first_missing_field_ends_the_reading() {
    let got = found(&mcp_coerce::from_value::<Draw>(json!({"shape": {"Square": {}}})).unwrap_err());
    assert_eq!(got, missing(&["/shape/Square/side"]));
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Node {
    name: String,
    children: Vec<Node>,
}

/// A recursive type: its plan is learned to a bounded depth, and every missing field is
/// listed within it.
#[test]
fn a_recursive_type_lists_missing_fields_at_every_level() {
    let arguments = json!({"children": [{"children": [{"name": "x"}]}]});
    let got = found(&mcp_coerce::from_value::<Node>(arguments).unwrap_err());
    assert_eq!(
        got,
        missing(&[
            "/children/0/children/0/children",
            "/children/0/name",
            "/name"
        ])
    );
}

/// A call inside a `Deserialize` impl (an entry point on a value it read) is a call of
/// its own: its issues stay apart. The impl's error is a foreign one, after which the
/// enclosing struct stops (the documented limit): `/a` is not listed.
#[test]
fn a_call_inside_a_deserialize_impl_keeps_its_issues_apart() {
    #[derive(Debug)]
    struct Inner;
    impl<'de> Deserialize<'de> for Inner {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let value = Value::deserialize(d)?;
            match mcp_coerce::from_value::<Item>(value) {
                Ok(_) => Ok(Inner),
                Err(rejection) => Err(serde::de::Error::custom(format!(
                    "{} issues inside",
                    rejection.total()
                ))),
            }
        }
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Outer {
        inner: Inner,
        a: u8,
        b: u8,
    }
    let got = found(&mcp_coerce::from_value::<Outer>(json!({"inner": {}, "b": "x"})).unwrap_err());
    assert_eq!(
        got,
        [
            (Code::InvalidType, "/b".to_owned()),
            (Code::Custom, "/inner".to_owned()),
        ]
    );
}

mod every_adapter {
    //! schemars' `required` and serde's missing fields agree for every adapter and wrapper
    //! in every spelling the docs give (required, the crate's optional spelling, serde_with's
    //! generic `Option<X>`, a type default, a wrapper with `#[serde(default)]`): the
    //! schema's `required` list, the missing fields found by the schema's plan and those
    //! found by the plan learned from `Deserialize` are the same.

    use mcp_coerce::{
        Array, ArrayLike, BoolLike, Clamp, DefaultTo, Enum, EnumLike, Int, IntArray, IntArrayLike,
        IntLike, Items, JsonObject, JsonObjectLike, Number, NumberLike, Optional, Pattern,
        PatternLike, SafeObject, SafeObjectLike, StringArray, StringArrayLike, Text, TextLike,
        Trim, Url, UrlLike,
    };
    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};
    use serde_json::{Map, Value, json};
    use serde_with::serde_as;

    mcp_coerce::pattern! {
        pub CardId { name: "card_id", source: r"^ATC-[0-9]{4}$", example: "ATC-2026" }
    }

    #[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Debug, PartialEq)]
    enum Mode {
        Fast,
        Slow,
    }

    #[derive(Deserialize, Serialize, JsonSchema, Debug, Default, PartialEq)]
    struct Inner {
        x: u8,
    }

    #[serde_as]
    #[derive(Deserialize, Serialize, JsonSchema, Debug)]
    #[allow(dead_code)]
    struct Required {
        #[serde_as(as = "IntArrayLike<Items<0, 10>>")]
        int_array: Vec<i64>,
        #[serde_as(as = "StringArrayLike")]
        string_array: Vec<String>,
        #[serde_as(as = "ArrayLike<serde_with::Same, Items<1, 5>>")]
        array: Vec<Inner>,
        #[serde_as(as = "IntLike<1, 100>")]
        int: u32,
        #[serde_as(as = "IntLike<1, 50, Clamp>")]
        clamped: u32,
        #[serde_as(as = "NumberLike")]
        number: f64,
        #[serde_as(as = "BoolLike")]
        boolean: bool,
        #[serde_as(as = "TextLike<1, 10, Trim>")]
        text: String,
        #[serde_as(as = "PatternLike<CardId>")]
        pattern: String,
        #[serde_as(as = "EnumLike")]
        enumeration: Mode,
        #[serde_as(as = "JsonObjectLike")]
        object: Inner,
        #[serde_as(as = "UrlLike")]
        url: String,
        #[serde_as(as = "SafeObjectLike")]
        safe: Map<String, Value>,
        w_int_array: IntArray<i64>,
        w_string_array: StringArray,
        w_array: Array<Mode, EnumLike>,
        w_int: Int<u32, 1, 100>,
        w_number: Number,
        w_bool: mcp_coerce::Bool,
        w_text: Text<1, 10>,
        w_pattern: Pattern<CardId>,
        w_enum: Enum<Mode>,
        w_object: JsonObject<Inner>,
        w_url: Url,
        w_safe: SafeObject,
    }

    #[serde_as]
    #[derive(Deserialize, Serialize, JsonSchema, Debug)]
    #[allow(dead_code)]
    struct Optionals {
        #[serde_as(as = "IntArrayLike")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        int_array: Option<Vec<i64>>,
        #[serde_as(as = "StringArrayLike")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        string_array: Option<Vec<String>>,
        #[serde_as(as = "ArrayLike<JsonObjectLike>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        array: Option<Vec<Inner>>,
        #[serde_as(as = "Option<ArrayLike>")]
        generic_array: Option<Vec<Inner>>,
        #[serde_as(as = "IntLike<1, 100>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        int: Option<u32>,
        #[serde_as(as = "NumberLike")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        number: Option<f64>,
        #[serde_as(as = "BoolLike")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        boolean: Option<bool>,
        #[serde_as(as = "TextLike<1, 10>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        #[serde_as(as = "PatternLike<CardId>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pattern: Option<String>,
        #[serde_as(as = "EnumLike<Optional>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        enumeration: Option<Mode>,
        #[serde_as(as = "JsonObjectLike<Optional>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        object: Option<Inner>,
        #[serde_as(as = "UrlLike")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        url: Option<String>,
        #[serde_as(as = "SafeObjectLike")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        safe: Option<Value>,
        #[serde_as(as = "Option<IntLike>")]
        generic_option: Option<u32>,
        w_int: Option<Int<u32, 1, 100>>,
        w_text: Option<Text<1, 10>>,
        w_enum: Option<Enum<Mode>>,
        #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<20>>")]
        #[serde(default = "DefaultTo::<20>::value")]
        type_default: u32,
        #[serde(default)]
        w_type_default: Int<u32, 1, 50, Clamp, DefaultTo<20>>,
        #[serde(default)]
        serde_default: Vec<u8>,
        plain_option: Option<String>,
        // One required field, so the struct is not all optional.
        anchor: u8,
    }

    /// The missing paths on `{}`, by route.
    fn missing_on_empty<T>() -> [Vec<String>; 3]
    where
        T: serde::de::DeserializeOwned + JsonSchema + std::fmt::Debug,
    {
        let paths = |r: mcp_coerce::Rejection| -> Vec<String> {
            let mut p: Vec<String> = r
                .issues()
                .iter()
                .map(|i| {
                    assert_eq!(i.code(), mcp_coerce::Code::Missing, "{i}");
                    i.path().to_string()
                })
                .collect();
            p.sort();
            p
        };
        let schema = mcp_coerce::schema::input_schema::<T>();
        let mut required: Vec<String> = schema["required"]
            .as_array()
            .map(|r| {
                r.iter()
                    .filter_map(|v| v.as_str())
                    .map(|s| format!("/{s}"))
                    .collect()
            })
            .unwrap_or_default();
        required.sort();
        [
            required,
            paths(mcp_coerce::schema::from_value::<T>(json!({})).unwrap_err()),
            paths(mcp_coerce::from_value::<T>(json!({})).unwrap_err()),
        ]
    }

    #[test]
    fn required_forms_are_required_by_schema_and_serde_alike() {
        let [schema, by_schema, by_serde] = missing_on_empty::<Required>();
        assert_eq!(schema.len(), 25);
        assert_eq!(by_schema, schema);
        assert_eq!(by_serde, schema);
    }

    #[test]
    fn optional_and_default_forms_are_required_by_neither() {
        let [schema, by_schema, by_serde] = missing_on_empty::<Optionals>();
        assert_eq!(schema, ["/anchor"]);
        assert_eq!(by_schema, schema);
        assert_eq!(by_serde, schema);
    }
}

// ---------------------------------------------------------------------------------------
// Types that are hard to learn: the plan's work stays bounded and its answers stay right.

/// A recursive type whose children are a fixed array: the elements share one node of the
/// plan, and only the first is learned from.
#[derive(Deserialize, Debug, PartialEq)]
struct Fanned {
    value: u32,
    #[serde(default)]
    kids: Option<Box<[Fanned; 5]>>,
}

#[test]
fn a_recursive_type_with_fixed_arrays_is_learned_in_bounded_work() {
    let leaf = |value| json!({ "value": value });
    let args: Fanned = mcp_coerce::from_value(json!({
        "value": 1,
        "kids": [leaf(2), leaf(3), leaf(4), leaf(5), leaf(6)],
    }))
    .unwrap();
    assert_eq!(args.value, 1);
    let kids: Vec<u32> = args.kids.unwrap().iter().map(|k| k.value).collect();
    assert_eq!(kids, [2, 3, 4, 5, 6]);
    let refused = mcp_coerce::from_value::<Fanned>(json!({
        "kids": [leaf(2), {}, leaf(4), leaf(5), {}],
    }))
    .unwrap_err();
    assert_eq!(
        found(&refused),
        missing(&["/kids/1/value", "/kids/4/value", "/value"])
    );
}

#[test]
fn a_deep_non_object_value_is_refused_without_recursion() {
    // Built in code, deeper than `Value`'s own drop could recurse on a small stack.
    let outcome = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let mut value = Value::Null;
            for _ in 0..200_000 {
                value = Value::Array(vec![value]);
            }
            found(&mcp_coerce::from_value::<Fanned>(value).unwrap_err())
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(outcome, [(Code::InvalidType, String::new())]);
}

/// A required field with an alias, beside one whose type refuses every stand-in: the
/// plan stops learning the struct before it knows the alias.
#[derive(Deserialize, Debug)]
struct AliasBesideAddress {
    #[serde(alias = "q")]
    query: String,
    #[allow(dead_code)]
    addr: std::net::IpAddr,
}

#[test]
fn an_alias_the_plan_has_not_learned_is_neither_missing_nor_duplicate() {
    let arguments = json!({"q": "rust", "addr": "127.0.0.1"});
    let args: AliasBesideAddress = mcp_coerce::from_value(arguments.clone()).unwrap();
    assert_eq!(args.query, "rust");
    let args: AliasBesideAddress = mcp_coerce::from_str(&arguments.to_string()).unwrap();
    assert_eq!(args.query, "rust");
    // Refused for another field: the alias still counts as the field.
    let refused = mcp_coerce::from_str::<AliasBesideAddress>(r#"{"q": "rust", "addr": "nowhere"}"#)
        .unwrap_err();
    assert_eq!(found(&refused), [(Code::Custom, "/addr".to_owned())]);
}

/// A field whose `Deserialize` calls an entry point of the crate on its own value.
#[derive(Debug)]
struct Reentrant(Option<ReentrantInner>);

#[derive(Deserialize, Debug)]
struct ReentrantInner {
    #[allow(dead_code)]
    q: Option<u32>,
}

impl<'de> Deserialize<'de> for Reentrant {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        Ok(Reentrant(mcp_coerce::from_value(value).ok()))
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct ReentrantOuter {
    n: Reentrant,
    #[serde_as(as = "mcp_coerce::IntLike")]
    k: u32,
}

#[test]
fn an_entry_point_called_while_a_plan_is_learned_leaves_the_call_alone() {
    // The first call on a thread learns the plan (and runs `Reentrant` while it does).
    std::thread::spawn(|| {
        for _ in 0..2 {
            let refused =
                mcp_coerce::from_str::<ReentrantOuter>(r#"{"n": {}, "k": "x"}"#).unwrap_err();
            assert_eq!(found(&refused), [(Code::IntParsing, "/k".to_owned())]);
            let args: ReentrantOuter =
                mcp_coerce::from_value(json!({"n": {"q": 3}, "k": "5"})).unwrap();
            assert_eq!((args.k, args.n.0.and_then(|i| i.q)), (5, Some(3)));
        }
    })
    .join()
    .unwrap();
}

/// An untagged enum whose first variant reads JSON-looking text through a string array.
#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Tags {
    List {
        #[serde_as(as = "mcp_coerce::StringArrayLike")]
        tags: Vec<String>,
    },
    Raw {
        tags: Value,
    },
}

#[derive(Deserialize, Debug, PartialEq)]
struct Tagged {
    t: Tags,
}

#[test]
fn the_quick_first_attempt_reads_json_looking_text_as_the_full_pass_does() {
    // Not JSON (`x`), without quotes: a plain string, split at its commas, on every route.
    let arguments = json!({"t": {"tags": "[1, x]"}});
    let expected = Tagged {
        t: Tags::List {
            tags: vec!["[1".to_owned(), "x]".to_owned()],
        },
    };
    assert_eq!(
        mcp_coerce::from_str::<Tagged>(&arguments.to_string()).unwrap(),
        expected
    );
    assert_eq!(
        mcp_coerce::from_value::<Tagged>(arguments).unwrap(),
        expected
    );
}

/// A string type whose `Deserialize` refuses some strings.
#[derive(Debug)]
struct Email(#[allow(dead_code)] String);

impl<'de> Deserialize<'de> for Email {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if s.contains('@') {
            Ok(Email(s))
        } else {
            Err(serde::de::Error::custom("not an email address"))
        }
    }
}

#[derive(Deserialize, Debug)]
struct Contact {
    #[allow(dead_code)]
    email: Email,
}

#[test]
fn a_string_moved_into_the_value_is_never_echoed_as_empty() {
    let arguments = json!({"email": "bob at example.com"});
    let from_text = mcp_coerce::from_str::<Contact>(&arguments.to_string()).unwrap_err();
    let issue = &from_text.issues()[0];
    assert_eq!(
        (issue.code(), issue.path().to_string()),
        (Code::Custom, "/email".to_owned())
    );
    assert_eq!(
        issue.input(),
        Some(&mcp_coerce::Input::Text("bob at example.com".to_owned()))
    );
    // `from_value` moves the string into `Email` before it is refused: no echo, rather
    // than a false `""`.
    let owned = mcp_coerce::from_value::<Contact>(arguments).unwrap_err();
    let issue = &owned.issues()[0];
    assert_eq!(
        (issue.code(), issue.path().to_string()),
        (Code::Custom, "/email".to_owned())
    );
    assert_eq!(issue.input(), None);
}

/// Two types that contain each other: their schema keeps `$defs` and `$ref`s.
#[derive(Deserialize, JsonSchema, Debug)]
struct Member {
    #[allow(dead_code)]
    name: String,
    #[allow(dead_code)]
    #[serde(default)]
    team: Option<Box<Team>>,
}

#[derive(Deserialize, JsonSchema, Debug)]
struct Team {
    #[allow(dead_code)]
    id: u32,
    #[allow(dead_code)]
    #[serde(default)]
    members: Vec<Member>,
}

#[derive(Deserialize, JsonSchema, Debug)]
struct Roster {
    #[allow(dead_code)]
    lead: Member,
    #[allow(dead_code)]
    size: u32,
}

#[test]
fn a_recursive_type_lists_every_missing_field_on_the_schema_routes_too() {
    assert!(
        mcp_coerce::schema::input_schema::<Roster>()
            .get("$defs")
            .is_some()
    );
    let expected = missing(&[
        "/lead/team/members/0/name",
        "/lead/team/id",
        "/lead/name",
        "/size",
    ]);
    for outcome in refuse_all_routes::<Roster>(json!({"lead": {"team": {"members": [{}]}}})) {
        assert_eq!(outcome, expected);
    }
}
