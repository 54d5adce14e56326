//! Named regression cases: each test pins one rule, with an input that a plausible
//! implementation gets wrong.

use mcp_coerce::{Clamp, Code, EnumLike, IntLike, Reject, TextLike, Trim};
use serde::{Deserialize, Serialize};
use serde_json::json;
use serde_with::serde_as;

/// The `(code, path)` of every issue, in order.
fn issues(rejection: &mcp_coerce::Rejection) -> Vec<(Code, String)> {
    rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

#[derive(Deserialize, Serialize, Debug, PartialEq, Clone, Copy)]
enum Priority {
    Low,
    High,
}

/// `EnumLike` on an `Option<E>` field reads the enum, with the optional rules: the probe
/// sees through the `Option` rather than taking it for an enum of another shape.
#[test]
fn enum_like_on_an_option_field_reads_the_enum() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Args {
        #[serde_as(as = "EnumLike")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        priority: Option<Priority>,
    }
    let read = |v: serde_json::Value| mcp_coerce::from_value::<Args>(json!({ "priority": v }));
    assert_eq!(read(json!("High")).unwrap().priority, Some(Priority::High));
    assert_eq!(read(json!("low")).unwrap().priority, Some(Priority::Low));
    assert_eq!(read(json!(null)).unwrap().priority, None);
    assert_eq!(read(json!("")).unwrap().priority, None);
    assert_eq!(
        mcp_coerce::from_value::<Args>(json!({})).unwrap().priority,
        None
    );
    let refused = read(json!("medium")).unwrap_err();
    assert_eq!(refused.issues()[0].code(), Code::EnumUnknown);
    assert_eq!(refused.issues()[0].path().to_string(), "/priority");
    assert_eq!(
        mcp_coerce::enums::canonical_names::<Option<Priority>>().unwrap(),
        ["Low", "High"]
    );
}

/// An enum the adapter cannot read is the server's fault: the agent is told so, without
/// Rust in the message or hint.
#[test]
fn an_unsupported_enum_is_reported_as_a_server_bug() {
    #[derive(Deserialize, Serialize, Debug)]
    #[serde(tag = "type")]
    enum Shape {
        Circle { r: u32 },
    }
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Args {
        #[serde_as(as = "EnumLike")]
        #[allow(dead_code, reason = "only the refusal is looked at")]
        shape: Shape,
    }
    let refused = mcp_coerce::from_value::<Args>(json!({"shape": "circle"})).unwrap_err();
    let issue = &refused.issues()[0];
    assert_eq!(issue.code(), Code::Custom);
    assert!(issue.message().contains("server"), "{}", issue.message());
    assert!(!issue.hint().contains("derive"), "{}", issue.hint());
    assert!(
        issue
            .context()
            .is_some_and(|c| c.contains_key("server_error"))
    );
}

/// An unbounded maximum length is left out of the hint, not written as
/// "1 to 18446744073709551615 chars".
#[test]
fn length_hints_state_only_the_bounds_that_exist() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Args {
        #[serde_as(as = "TextLike<1, { usize::MAX }, Trim>")]
        #[allow(dead_code, reason = "only the refusals are looked at")]
        name: String,
        #[serde_as(as = "TextLike<0, 5, Trim>")]
        #[allow(dead_code, reason = "only the refusals are looked at")]
        tag: String,
    }
    let refused =
        mcp_coerce::from_value::<Args>(json!({"name": " ", "tag": "toolong"})).unwrap_err();
    let hints: Vec<&str> = refused.issues().iter().map(|i| i.hint()).collect();
    assert_eq!(
        hints,
        [
            "send a non-empty string, e.g. \"text\"",
            "send a string of at most 5 chars"
        ]
    );
}

/// The arguments-level hint names no field (such as `ids`) that most tools do not have.
#[test]
fn the_arguments_hint_names_no_field_of_another_tool() {
    #[derive(Deserialize, Debug)]
    struct Args {
        #[allow(dead_code, reason = "only the refusal is looked at")]
        title: String,
    }
    let refused = mcp_coerce::from_str::<Args>("[1, 2]").unwrap_err();
    assert_eq!(refused.issues()[0].code(), Code::InvalidType);
    assert!(
        !refused.issues()[0].hint().contains("ids"),
        "{}",
        refused.issues()[0].hint()
    );
}

/// `from_value` takes a `Value` built in code, which no parser has bounded, so the
/// collecting deserializer refuses nesting past 128 levels with `too_deep` rather than
/// recurse as deep as the value (a plain `Value` field, a nested `JsonObjectLike`). Run on
/// a thread with a small stack, so a regression overflows it.
#[test]
fn a_deep_value_built_in_code_is_too_deep_not_a_stack_overflow() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only the refusal is looked at")]
    struct Free {
        any: serde_json::Value,
    }
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let mut deep = serde_json::Value::from(1);
            for _ in 0..100_000 {
                deep = serde_json::Value::Array(vec![deep]);
            }
            let mut object = serde_json::Map::new();
            object.insert("any".to_owned(), deep);
            let arguments = serde_json::Value::Object(object);
            // `from_value` takes the value: it must take it apart without recursion too
            // (`Value`'s own drop recurses).
            let refused = mcp_coerce::from_value::<Free>(arguments).unwrap_err();
            assert_eq!(refused.issues()[0].code(), Code::TooDeep);
        })
        .expect("spawns")
        .join()
        .expect("no stack overflow");
}

/// A type-carried default on the adapter form (`IntLike<1, 100, Clamp, DefaultTo<20>>` on a
/// plain `u32`) reaches an absent field through `#[serde(default =
/// "DefaultTo::<20>::value")]`, the documented spelling: serde does not call an adapter
/// for a field that is not there, and a bare `#[serde(default)]` gives `0`, outside the
/// bounds.
#[test]
fn a_type_default_reaches_an_absent_field_through_default_to_value() {
    use mcp_coerce::DefaultTo;

    #[serde_as]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Args {
        #[serde_as(as = "IntLike<1, 100, Clamp, DefaultTo<20>>")]
        #[serde(default = "DefaultTo::<20>::value")]
        limit: u32,
        #[serde_as(as = "IntLike<-5, 5, Reject, DefaultTo<-3>>")]
        #[serde(default = "DefaultTo::<-3>::value")]
        offset: i8,
    }
    let read = |text: &str| mcp_coerce::from_str::<Args>(text).unwrap();
    let defaults = Args {
        limit: 20,
        offset: -3,
    };
    assert_eq!(read("{}"), defaults);
    assert_eq!(read(r#"{"limit": null, "offset": null}"#), defaults);
    assert_eq!(read(r#"{"limit": "", "offset": "null"}"#), defaults);
    assert_eq!(
        read(r#"{"limit": "500", "offset": "4"}"#),
        Args {
            limit: 100,
            offset: 4
        }
    );
    let refused = mcp_coerce::from_str::<Args>(r#"{"offset": 6}"#).unwrap_err();
    assert_eq!(refused.issues()[0].code(), Code::TooBig);
    assert_eq!(refused.issues()[0].path().to_string(), "/offset");

    // What the docs warn about: a bare `#[serde(default)]` is the integer's own default.
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Bare {
        #[serde_as(as = "IntLike<1, 100, Clamp, DefaultTo<20>>")]
        #[serde(default)]
        limit: u32,
    }
    assert_eq!(mcp_coerce::from_str::<Bare>("{}").unwrap().limit, 0);
    assert_eq!(
        mcp_coerce::from_str::<Bare>(r#"{"limit": null}"#)
            .unwrap()
            .limit,
        20
    );
}

/// Past the 100 issues kept, a refused lenient-enum element is only counted, so its
/// allowed values and suggestion are not built (for 30,000 refused elements that is two
/// thirds of the time); the issues kept are described in full.
#[test]
fn refused_enum_elements_past_the_cap_are_counted_and_the_kept_ones_described() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Tags {
        #[serde_as(as = "Vec<EnumLike>")]
        tags: Vec<Priority>,
    }
    let mut tags = vec![json!("hihg"); 150];
    tags[149] = json!("LOW");
    let refused = mcp_coerce::from_value::<Tags>(json!({ "tags": tags })).unwrap_err();
    assert_eq!((refused.issues().len(), refused.truncated()), (100, 49));
    for (i, issue) in refused.issues().iter().enumerate() {
        assert_eq!(issue.code(), Code::EnumUnknown);
        assert_eq!(issue.path().to_string(), format!("/tags/{i}"));
        assert_eq!(issue.hint(), r#"did you mean "High"?"#);
        assert_eq!(issue.context().unwrap()["allowed"], json!(["Low", "High"]));
    }
}

/// Integers joined by spaces or semicolons are refused (the schema offers commas), with a
/// hint about the separator, not "a whole number in decimal notation", which would send
/// the agent to fix the numbers.
#[test]
fn integers_with_another_separator_get_a_hint_about_the_separator() {
    use mcp_coerce::IntArrayLike;

    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Args {
        #[serde_as(as = "IntArrayLike")]
        ids: Vec<i64>,
    }
    let separator =
        r#"separate the integers with commas, e.g. "1,2,3", or send a JSON array, e.g. [1, 2, 3]"#;
    let number = "send a whole number in decimal notation, e.g. 42";
    type Expected<'a> = &'a [(&'a str, &'a str, &'a str)];
    let cases: [(&str, Expected); 6] = [
        (r#""1 2 3""#, &[("/ids/0", "1 2 3", separator)]),
        (r#""1;2;3""#, &[("/ids/0", "1;2;3", separator)]),
        (r#""-1 | +2""#, &[("/ids/0", "-1 | +2", separator)]),
        (r#""7, 8 9""#, &[("/ids/1", "8 9", separator)]),
        (r#""1 x""#, &[("/ids/0", "1 x", number)]),
        (
            r#""x,1 2""#,
            &[("/ids/0", "x", number), ("/ids/1", "1 2", separator)],
        ),
    ];
    for (sent, expected) in cases {
        let refused = mcp_coerce::from_str::<Args>(&format!(r#"{{"ids": {sent}}}"#)).unwrap_err();
        let got: Vec<(String, String, String)> = refused
            .issues()
            .iter()
            .map(|i| {
                assert_eq!(i.code(), Code::IntParsing, "{sent}");
                (
                    i.path().to_string(),
                    serde_json::to_string(i.input().unwrap()).unwrap(),
                    i.hint().to_owned(),
                )
            })
            .collect();
        let expected: Vec<(String, String, String)> = expected
            .iter()
            .map(|(p, i, h)| (p.to_string(), json!(i).to_string(), h.to_string()))
            .collect();
        assert_eq!(got, expected, "{sent}");
    }
}

/// A panic inside an object read through `JsonObjectLike`, caught by an enclosing
/// `Deserialize` impl, leaves the struct numbering of the rest of the call intact, so the
/// missing fields after it are listed.
#[test]
fn a_caught_panic_inside_a_nested_object_leaves_the_numbering_intact() {
    use std::cell::Cell;
    use std::panic::{AssertUnwindSafe, catch_unwind};

    thread_local! {
        static CALLS: Cell<u32> = const { Cell::new(0) };
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Two {
        p: u8,
        q: u8,
    }

    /// Reads `Two` the first time, panics the next.
    struct Boom;
    impl<'de> Deserialize<'de> for Boom {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let calls = CALLS.with(|c| c.replace(c.get() + 1));
            if calls > 0 {
                panic!("deliberate panic in a nested object (expected by this test)");
            }
            Two::deserialize(d).map(|_| Boom)
        }
    }

    #[serde_as]
    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct HoldsBoom {
        #[serde_as(as = "mcp_coerce::JsonObjectLike")]
        inner: Boom,
    }

    /// Catches the panic of what it reads, and goes on.
    #[derive(Debug)]
    struct Catcher;
    impl<'de> Deserialize<'de> for Catcher {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let _ = catch_unwind(AssertUnwindSafe(|| HoldsBoom::deserialize(d).is_ok()));
            Ok(Catcher)
        }
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct OuterCatch {
        a: u8,
        w: Catcher,
        b: u8,
        c: u8,
    }

    CALLS.with(|c| c.set(0));
    let rejection =
        mcp_coerce::from_value::<OuterCatch>(json!({"w": {"inner": {"p": 1}}})).unwrap_err();
    let mut paths: Vec<String> = rejection
        .issues()
        .iter()
        .filter(|i| i.code() == Code::Missing)
        .map(|i| i.path().to_string())
        .collect();
    paths.sort();
    assert_eq!(paths, ["/a", "/b", "/c"]);
}

/// An integer past the target type's range in a bounded adapter is `int_overflow` (never
/// clamped, also with `Clamp`), told the adapter's bounds, not the type's: "from 0 to 255"
/// for `IntLike<1, 5>` on a `u8` would have the agent send 200 next and be refused again.
#[test]
fn an_integer_past_its_type_is_told_the_adapters_bounds() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Args {
        #[serde_as(as = "IntLike<1, 5>")]
        #[serde(default)]
        depth: u8,
        #[serde_as(as = "IntLike<1, 100, Clamp>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    }
    let cases = [
        (json!({"depth": 300}), "/depth", "300", "from 1 to 5", 1, 5),
        (
            json!({"depth": "-1"}),
            "/depth",
            "\"-1\"",
            "from 1 to 5",
            1,
            5,
        ),
        (
            json!({"limit": -5}),
            "/limit",
            "-5",
            "from 1 to 100",
            1,
            100,
        ),
        (
            json!({"limit": 5_000_000_000u64}),
            "/limit",
            "5000000000",
            "from 1 to 100",
            1,
            100,
        ),
    ];
    for (arguments, path, input, range, min, max) in cases {
        let refused = mcp_coerce::from_value::<Args>(arguments.clone()).unwrap_err();
        let issue = &refused.issues()[0];
        assert_eq!(refused.issues().len(), 1, "{arguments}");
        assert_eq!(issue.code(), Code::IntOverflow, "{arguments}");
        assert_eq!(issue.path().to_string(), path);
        assert_eq!(
            serde_json::to_string(issue.input().unwrap()).unwrap(),
            input
        );
        assert_eq!(issue.hint(), format!("send an integer {range}"));
        assert_eq!(
            issue.message(),
            format!("integer out of range: must be {range}")
        );
        assert_eq!(
            issue.context().unwrap(),
            json!({"minimum": min, "maximum": max}).as_object().unwrap()
        );
    }
}

/// The collecting deserializer (`from_value`, the rmcp route) answers as `serde_json`
/// does, on valid and invalid input alike.
#[test]
fn the_collecting_deserializer_agrees_with_serde_json() {
    use std::collections::{BTreeMap, HashMap};

    // Map keys that spell numbers or booleans.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Keys {
        m: HashMap<u32, String>,
        b: BTreeMap<i64, u8>,
        t: HashMap<bool, u8>,
    }
    let arguments = json!({"m": {"1": "a"}, "b": {"-3": 1}, "t": {"true": 2}});
    assert_eq!(
        mcp_coerce::from_value::<Keys>(arguments.clone()).unwrap(),
        serde_json::from_value::<Keys>(arguments.clone()).unwrap()
    );
    let refused =
        mcp_coerce::from_value::<Keys>(json!({"m": {"x": "a"}, "b": {}, "t": {}})).unwrap_err();
    assert_eq!(refused.issues()[0].path().to_string(), "/m/x");

    // A tuple struct with a defaulted last field, sent short.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Pair(u8, #[serde(default)] u8);
    #[derive(Deserialize, Debug, PartialEq)]
    struct HasPair {
        p: Pair,
    }
    assert_eq!(
        mcp_coerce::from_value::<HasPair>(json!({"p": [1]})).unwrap(),
        HasPair { p: Pair(1, 0) }
    );
    let refused = mcp_coerce::from_value::<HasPair>(json!({"p": [1, 2, 3]})).unwrap_err();
    assert_eq!(refused.issues()[0].path().to_string(), "/p");

    // Paths inside an externally tagged variant include the variant's key.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    enum Event {
        Click { x: u8 },
        Key(u8),
        Pair(u8, u8),
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Events {
        a: Event,
        b: Event,
        c: Event,
    }
    let refused = mcp_coerce::from_value::<Events>(
        json!({"a": {"Click": {"x": "x"}}, "b": {"Key": "y"}, "c": {"Pair": [1, "z"]}}).clone(),
    )
    .unwrap_err();
    let paths: Vec<String> = refused
        .issues()
        .iter()
        .map(|i| i.path().to_string())
        .collect();
    assert_eq!(paths, ["/a/Click/x", "/b/Key", "/c/Pair/1"]);

    // An f32 past its range is refused, as serde_json refuses it, not read as infinity;
    // serde_json reads an f32 in single precision only with its `float_roundtrip`
    // (mcp-coerce's feature of that name; jsonschema turns it on too), and without it
    // reads 1e39 as infinity, and so does the crate.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Ratio {
        f: f32,
    }
    if floats_parse_exactly() {
        assert!(serde_json::from_str::<Ratio>(r#"{"f": 1e39}"#).is_err());
        let refused = mcp_coerce::from_str::<Ratio>(r#"{"f": 1e39}"#).unwrap_err();
        assert_eq!(refused.issues()[0].path().to_string(), "/f");
    } else {
        assert_eq!(
            serde_json::from_str::<Ratio>(r#"{"f": 1e39}"#).unwrap().f,
            f32::INFINITY
        );
        assert_eq!(
            mcp_coerce::from_str::<Ratio>(r#"{"f": 1e39}"#).unwrap().f,
            f32::INFINITY
        );
    }
    assert_eq!(
        mcp_coerce::from_str::<Ratio>(r#"{"f": 3.5}"#).unwrap().f,
        3.5
    );
}

/// A refused value whose type also refuses the stand-in the collecting deserializer goes
/// on with (`0` for a `NonZeroU32`) gets no second issue about the stand-in, which the
/// agent never sent: reporting stops there (documented on `from_value`), with the one true
/// issue.
#[test]
fn a_type_refusing_the_stand_in_adds_no_issue_of_its_own() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct A {
        a: std::num::NonZeroU32,
        b: u8,
    }
    let refused = mcp_coerce::from_value::<A>(json!({"a": "x", "b": 1})).unwrap_err();
    let got = issues(&refused);
    assert_eq!(got, [(Code::InvalidType, "/a".to_owned())]);
}

/// `from_value` (the rmcp route) and `from_str`'s second reading agree with
/// `serde_json::from_value` and `serde_json::from_str`.
#[test]
fn both_routes_agree_with_their_serde_json_counterpart() {
    use std::collections::BTreeMap;

    #[derive(Deserialize, Debug, PartialEq)]
    struct W<T> {
        x: T,
    }
    fn same<T>(v: serde_json::Value)
    where
        T: serde::de::DeserializeOwned + std::fmt::Debug + PartialEq,
    {
        let ours = mcp_coerce::from_value::<T>(v.clone()).ok();
        let theirs = serde_json::from_value::<T>(v.clone()).ok();
        assert_eq!(ours, theirs, "from_value on {v}");
        let text = v.to_string();
        let ours = mcp_coerce::from_str::<T>(&text).ok();
        let theirs = serde_json::from_str::<T>(&text).ok();
        assert_eq!(ours, theirs, "from_str on {text}");
    }

    // Map keys spelled as JSON numbers, and only so.
    for key in ["1", "-3", "0", "+1", "01", "-0", "1.0", " 1", "x"] {
        same::<W<BTreeMap<i32, u8>>>(json!({"x": {key: 1}}));
    }
    for key in ["true", "false", "True", "1"] {
        same::<W<BTreeMap<bool, u8>>>(json!({"x": {key: 1}}));
    }

    #[derive(Deserialize, Debug, PartialEq)]
    enum E {
        A { x: u8 },
        Z(),
        D(#[serde(default)] u8),
    }
    // A struct variant sent as an array, and tuple variants sent `[]`: `from_value`
    // refuses them as `serde_json::from_value` does (`serde_json::from_str` accepts them,
    // and so does `from_str`, whose fast path is `serde_json::from_str`).
    for v in [
        json!({"x": {"A": [1]}}),
        json!({"x": {"Z": []}}),
        json!({"x": {"D": []}}),
    ] {
        assert!(mcp_coerce::from_value::<W<E>>(v.clone()).is_err(), "{v}");
        assert!(serde_json::from_value::<W<E>>(v.clone()).is_err(), "{v}");
        assert_eq!(
            mcp_coerce::from_str::<W<E>>(&v.to_string()).ok(),
            serde_json::from_str::<W<E>>(&v.to_string()).ok()
        );
    }

    // An f32 past its range: infinity from a `Value`, refused from text.
    same::<W<f32>>(json!({"x": 1e39}));
    same::<W<f32>>(json!({"x": -1e39}));

    // The fast path serves every object, whatever its first key starts with, so a valid
    // call keeps serde_json's exact reading (a u128 past u64, an f32 rounded once).
    #[derive(Deserialize, Debug, PartialEq)]
    struct B {
        #[serde(rename = "é")]
        e: u8,
        n: u128,
        f: f32,
    }
    let text = r#"{"é":1,"n":18446744073709551616,"f":1.00000005960464478}"#;
    assert_eq!(
        mcp_coerce::from_str::<B>(text).unwrap(),
        serde_json::from_str::<B>(text).unwrap()
    );
    // A first key that starts like JSON text is checked before the fast answer stands.
    #[derive(Deserialize, Debug, PartialEq, Default)]
    #[serde(default)]
    struct Loose {
        ids: Vec<u8>,
    }
    assert!(mcp_coerce::from_str::<Loose>(r#"{"{\"ids\":[1]}": null}"#).is_err());
    assert!(mcp_coerce::from_str::<Loose>(r#"{" {\"ids\":[1]}": null}"#).is_err());
    assert_eq!(
        mcp_coerce::from_str::<Loose>(r#"{" note": 1, "ids": [2]}"#).unwrap(),
        Loose { ids: vec![2] }
    );
}

/// Under a plain format (`serde_json::from_str`, TOML, a query string), `JsonObjectLike`
/// reads a native object into an `Option` of an object or a newtype around one, as it
/// reads the same object sent as a string (serde's `MapAccessDeserializer`, which answers
/// every request with `visit_map`, refuses both).
#[test]
fn a_native_object_reads_into_an_option_or_a_newtype_under_any_format() {
    use mcp_coerce::{JsonObject, JsonObjectLike};

    #[derive(Deserialize, Debug, PartialEq)]
    struct Inner {
        a: i64,
        #[serde(default)]
        b: Option<u8>,
    }
    #[serde_as]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Optional {
        #[serde_as(as = "JsonObjectLike")]
        #[serde(default)]
        i: Option<Inner>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Wrapped {
        i: JsonObject<Option<Inner>>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct NewInner(Inner);
    #[serde_as]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Newtype {
        #[serde_as(as = "JsonObjectLike")]
        i: NewInner,
    }
    let inner = || Inner { a: 1, b: None };
    for text in [r#"{"i":{"a":1}}"#, r#"{"i":"{\"a\":1}"}"#] {
        let want = Optional { i: Some(inner()) };
        assert_eq!(
            serde_json::from_str::<Optional>(text).unwrap(),
            want,
            "{text}"
        );
        assert_eq!(
            mcp_coerce::from_str::<Optional>(text).unwrap(),
            want,
            "{text}"
        );
        let got = serde_json::from_str::<Wrapped>(text).unwrap();
        assert_eq!(got.i.into_inner(), Some(inner()), "{text}");
        let want = Newtype {
            i: NewInner(inner()),
        };
        assert_eq!(
            serde_json::from_str::<Newtype>(text).unwrap(),
            want,
            "{text}"
        );
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(
            mcp_coerce::from_value::<Newtype>(value.clone()).unwrap(),
            want,
            "{text}"
        );
    }
}

/// U+FEFF (the byte-order mark pasted text carries) is trimmed with White_Space from the
/// values the crate keeps as trimmed text, so a value returned trimmed passes the edge
/// pattern its schema publishes; a string kept verbatim keeps it, and a number does not
/// read through it.
#[cfg(all(feature = "url", feature = "regex"))]
#[test]
fn byte_order_mark_is_trimmed_from_trimmed_text() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Args {
        #[serde_as(as = "TextLike<1, 8, Trim>")]
        trimmed: String,
        #[serde_as(as = "TextLike<1, 8>")]
        kept: String,
        #[serde_as(as = "mcp_coerce::UrlLike")]
        url: String,
        #[serde_as(as = "mcp_coerce::PatternLike<Word>")]
        word: String,
    }
    mcp_coerce::pattern! {
        Word { name: "word", source: r"^[a-z]+$", example: "abc", max_length: 8 }
    }
    let args = mcp_coerce::from_value::<Args>(json!({
        "trimmed": "\u{feff} abc\u{feff}",
        "kept": "\u{feff}abc",
        "url": "\u{feff}https://example.com/a\u{feff}",
        "word": "\u{feff}abc",
    }))
    .unwrap();
    assert_eq!(args.trimmed, "abc");
    assert_eq!(args.kept, "\u{feff}abc");
    assert_eq!(args.url, "https://example.com/a");
    assert_eq!(args.word, "abc");
    // Only the BOM: empty once trimmed.
    let refused = mcp_coerce::from_value::<Args>(json!({
        "trimmed": "\u{feff}", "kept": "a", "url": "https://example.com/", "word": "a"
    }))
    .unwrap_err();
    let found = issues(&refused);
    assert_eq!(found, [(Code::TooShort, "/trimmed".to_owned())]);

    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Count {
        #[serde_as(as = "IntLike")]
        n: u32,
    }
    let read = |n: &str| mcp_coerce::from_value::<Count>(json!({ "n": n })).map(|c| c.n);
    assert_eq!(read(" 5 ").unwrap(), 5);
    assert_eq!(
        read("\u{feff}5").unwrap_err().issues()[0].code(),
        Code::IntParsing
    );
}

/// An `f32` past its range in JSON text is refused (`not_finite`) like any other refused
/// value: the issues after it, missing fields included, are still reported.
#[test]
fn an_f32_past_its_range_does_not_hide_the_other_issues() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Args {
        ratio: Option<f32>,
        ids: Vec<i64>,
        query: String,
    }
    let refused = mcp_coerce::from_str::<Args>(r#"{"ratio": 6e38}"#).unwrap_err();
    let found = issues(&refused);
    let mut want = vec![
        (Code::Missing, "/ids".to_owned()),
        (Code::Missing, "/query".to_owned()),
    ];
    // Refused as `serde_json::from_str` refuses it: where serde_json parses floats exactly
    // (its `float_roundtrip`); without it, `from_str` reads it as infinity, and so does
    // the crate.
    if floats_parse_exactly() {
        want.insert(0, (Code::NotFinite, "/ratio".to_owned()));
    }
    assert_eq!(found, want);
}

/// Whether serde_json, as this test is built, parses decimal floats exactly (its
/// `float_roundtrip`, which mcp-coerce's feature of that name turns on).
fn floats_parse_exactly() -> bool {
    serde_json::from_str::<f64>("9007199254740991.0")
        .is_ok_and(|f| f.to_bits() == 9_007_199_254_740_991_f64.to_bits())
}

/// The `f64` halfway between `f32::MAX` and 2^128 (what the decimals just below it round
/// to) reads as `f32::MAX` on the refused route too, as `serde_json` reads them; a call
/// sending only U+FEFF for an optional text field leaves it absent.
#[test]
fn f32_at_its_edge_and_a_lone_byte_order_mark() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Edge {
        f: f32,
        n: Option<u8>,
    }
    let text = r#"{"f": 3.4028235677973366e38, "n": "x"}"#;
    let refused = mcp_coerce::from_str::<Edge>(text).unwrap_err();
    let found = issues(&refused);
    assert_eq!(found, [(Code::InvalidType, "/n".to_owned())]);

    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Note {
        #[serde_as(as = "TextLike<1, 8, Trim>")]
        #[serde(default)]
        note: Option<String>,
    }
    let read = |v: &str| {
        mcp_coerce::from_value::<Note>(json!({ "note": v }))
            .unwrap()
            .note
    };
    assert_eq!(read("\u{feff}"), None);
    assert_eq!(read(" \u{feff} "), None);
    assert_eq!(read("\u{feff}a"), Some("a".to_owned()));
}
