//! Pass-through objects, through the crate's entry points, serde_json, TOML and the plain
//! check.

use crate::harness::Route;
use mcp_coerce::safe_object::{FORBIDDEN_KEYS, check_object, check_value};
use mcp_coerce::{Code, Input, MAX_ISSUES, Path, SafeObject, SafeObjectLike, Segment};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

/// The demo's field: depth at most 8.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct Seg {
    #[serde_as(as = "SafeObjectLike<8>")]
    options: Map<String, Value>,
}

#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct OptSeg {
    #[serde_as(as = "SafeObjectLike<8>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    options: Option<Map<String, Value>>,
}

#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
struct AsValue {
    #[serde_as(as = "SafeObjectLike")]
    options: Value,
}

/// What a row expects: the value, or every issue as (code, path).
#[derive(Debug)]
enum Want {
    Ok(Value),
    Err(Vec<(Code, &'static str)>),
}

/// The outcome through both entry points (the shared harness's [`Route`]s), written once
/// when they agree.
fn describe<T: DeserializeOwned>(args: &Value, get: &impl Fn(T) -> Value) -> String {
    let [by_value, by_str] = Route::BOTH.map(|route| match route.read::<T>(args) {
        Ok(value) => format!("ok {}", get(value)),
        Err(rejection) => rejection
            .issues()
            .iter()
            .map(|i| format!("{} {}", i.code(), i.path()))
            .collect::<Vec<_>>()
            .join("; "),
    });
    if by_value == by_str {
        by_value
    } else {
        format!("from_value: {by_value}; from_str: {by_str}")
    }
}

fn expected(want: &Want) -> String {
    match want {
        Want::Ok(value) => format!("ok {value}"),
        Want::Err(issues) => issues
            .iter()
            .map(|(code, path)| format!("{code} {path}"))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// Run every row (the field's value, or `None` for absent); report every mismatch, then
/// fail.
#[track_caller]
fn table<T: DeserializeOwned>(cases: &[(Option<Value>, Want)], get: impl Fn(T) -> Value) {
    let mut failures = Vec::new();
    for (value, want) in cases {
        let mut args = Map::new();
        if let Some(value) = value {
            args.insert("options".to_owned(), value.clone());
        }
        let got = describe::<T>(&Value::Object(args), &get);
        let want = expected(want);
        if got != want {
            failures.push(format!("{value:?}\n    want {want}\n    got  {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// `value` encoded as a JSON string `layers` times.
fn encoded(value: &Value, layers: usize) -> Value {
    let mut out = value.clone();
    for _ in 0..layers {
        out = Value::String(out.to_string());
    }
    out
}

/// `innermost` inside `depth` levels of containers: the outer object `{"a": ...}` is level
/// 1, and each level inside it is another such object, or an array `[...]` when `arrays`.
/// With a scalar `innermost`, the value is `depth` levels deep.
fn nested(depth: usize, arrays: bool, innermost: Value) -> Value {
    let mut value = innermost;
    for _ in 1..depth {
        value = if arrays {
            json!([value])
        } else {
            json!({"a": value})
        };
    }
    json!({"a": value})
}

fn seg(value: Seg) -> Value {
    Value::Object(value.options)
}

use Want::{Err as E, Ok as K};

#[test]
fn accepted_shapes() {
    let object = json!({"mode": "fast", "tags": ["a", {"b": null}], "n": 1.5});
    let cases = [
        (Some(json!({})), K(json!({}))),
        (Some(object.clone()), K(object.clone())),
        (Some(encoded(&object, 1)), K(object.clone())),
        (Some(encoded(&object, 2)), K(object.clone())),
        (Some(json!(format!("  {object}\n"))), K(object.clone())),
        (Some(json!(r#""  {\"a\": 1} ""#)), K(json!({"a": 1}))),
        (Some(json!("{}")), K(json!({}))),
        // Near misses of the forbidden keys are ordinary keys.
        (
            Some(
                json!({"Constructor": 1, "__proto": 2, " prototype": 3, "proto": 4, "__PROTO__": 5}),
            ),
            K(json!({"Constructor": 1, "__proto": 2, " prototype": 3, "proto": 4, "__PROTO__": 5})),
        ),
        // The forbidden names as values are fine.
        (
            Some(json!({"key": "__proto__", "list": ["constructor", "prototype"]})),
            K(json!({"key": "__proto__", "list": ["constructor", "prototype"]})),
        ),
    ];
    table::<Seg>(&cases, seg);
}

#[test]
fn refused_shapes() {
    let object = json!({"a": 1});
    let cases = [
        (
            Some(encoded(&object, 3)),
            E(vec![(Code::InvalidType, "/options")]),
        ),
        (
            Some(encoded(&object, 4)),
            E(vec![(Code::InvalidType, "/options")]),
        ),
        (
            Some(json!("{a: 1}")),
            E(vec![(Code::InvalidJson, "/options")]),
        ),
        (
            Some(json!("{\"a\": 1")),
            E(vec![(Code::InvalidJson, "/options")]),
        ),
        (
            Some(json!("{\"a\": 1} x")),
            E(vec![(Code::InvalidJson, "/options")]),
        ),
        (
            Some(json!("mode=fast")),
            E(vec![(Code::InvalidJson, "/options")]),
        ),
        (Some(json!("")), E(vec![(Code::InvalidJson, "/options")])),
        (Some(json!("   ")), E(vec![(Code::InvalidJson, "/options")])),
        (
            Some(json!("\"text\"")),
            E(vec![(Code::InvalidJson, "/options")]),
        ),
        (Some(json!("[1]")), E(vec![(Code::InvalidType, "/options")])),
        (
            Some(json!("[{\"a\": 1}]")),
            E(vec![(Code::InvalidType, "/options")]),
        ),
        (Some(json!("42")), E(vec![(Code::InvalidType, "/options")])),
        (
            Some(json!("true")),
            E(vec![(Code::InvalidType, "/options")]),
        ),
        (
            Some(json!("null")),
            E(vec![(Code::InvalidType, "/options")]),
        ),
        (Some(json!(42)), E(vec![(Code::InvalidType, "/options")])),
        (Some(json!(-1.5)), E(vec![(Code::InvalidType, "/options")])),
        (Some(json!(true)), E(vec![(Code::InvalidType, "/options")])),
        (Some(json!(null)), E(vec![(Code::InvalidType, "/options")])),
        (
            Some(json!([{"a": 1}])),
            E(vec![(Code::InvalidType, "/options")]),
        ),
        (None, E(vec![(Code::Missing, "/options")])),
    ];
    table::<Seg>(&cases, seg);
}

#[test]
fn forbidden_keys_at_any_depth() {
    let cases = [
        (
            Some(json!({"__proto__": {"admin": true}})),
            E(vec![(Code::ForbiddenKey, "/options/__proto__")]),
        ),
        (
            Some(json!({"constructor": 1, "prototype": 2})),
            E(vec![
                (Code::ForbiddenKey, "/options/constructor"),
                (Code::ForbiddenKey, "/options/prototype"),
            ]),
        ),
        (
            Some(json!({"a": {"constructor": {"prototype": {}}}})),
            E(vec![
                (Code::ForbiddenKey, "/options/a/constructor"),
                (Code::ForbiddenKey, "/options/a/constructor/prototype"),
            ]),
        ),
        (
            Some(json!({"a": [1, {"constructor": 1}]})),
            E(vec![(Code::ForbiddenKey, "/options/a/1/constructor")]),
        ),
        (
            Some(json!({"a": [[{"__proto__": null}], [], [{"x": [{"prototype": 0}]}]]})),
            E(vec![
                (Code::ForbiddenKey, "/options/a/0/0/__proto__"),
                (Code::ForbiddenKey, "/options/a/2/0/x/0/prototype"),
            ]),
        ),
        // Keys that need escaping in a JSON Pointer sit beside them.
        (
            Some(json!({"a/b": {"m~n": {"__proto__": 1}}})),
            E(vec![(Code::ForbiddenKey, "/options/a~1b/m~0n/__proto__")]),
        ),
        // Inside a string-encoded object, paths are the same.
        (
            Some(encoded(
                &json!({"x": {"__proto__": 1}, "y": [{"constructor": 2}]}),
                1,
            )),
            E(vec![
                (Code::ForbiddenKey, "/options/x/__proto__"),
                (Code::ForbiddenKey, "/options/y/0/constructor"),
            ]),
        ),
        (
            Some(encoded(&json!({"__proto__": 1}), 2)),
            E(vec![(Code::ForbiddenKey, "/options/__proto__")]),
        ),
        // JSON text with the key spelled with escapes is the same key.
        (
            Some(json!(r#"{"\u005f_proto__": 1}"#)),
            E(vec![(Code::ForbiddenKey, "/options/__proto__")]),
        ),
    ];
    table::<Seg>(&cases, seg);
}

#[test]
fn depth_limit() {
    let cases = [
        // Exactly at the limit (8 levels, the object itself included): accepted.
        (
            Some(nested(8, false, json!(1))),
            K(nested(8, false, json!(1))),
        ),
        (
            Some(nested(8, false, json!({}))),
            E(vec![(Code::TooDeep, "/options/a/a/a/a/a/a/a/a")]),
        ),
        (
            Some(nested(8, true, json!(1))),
            K(nested(8, true, json!(1))),
        ),
        // One past: refused at the first container past the limit.
        (
            Some(nested(9, false, json!(1))),
            E(vec![(Code::TooDeep, "/options/a/a/a/a/a/a/a/a")]),
        ),
        (
            Some(nested(9, true, json!(1))),
            E(vec![(Code::TooDeep, "/options/a/0/0/0/0/0/0/0")]),
        ),
        (
            Some(nested(50, false, json!(1))),
            E(vec![(Code::TooDeep, "/options/a/a/a/a/a/a/a/a")]),
        ),
        // Empty containers count, scalars do not.
        (
            Some(nested(8, true, json!([]))),
            E(vec![(Code::TooDeep, "/options/a/0/0/0/0/0/0/0")]),
        ),
        (
            Some(nested(7, true, json!([]))),
            K(nested(7, true, json!([]))),
        ),
        // Nothing inside a container past the limit is read.
        (
            Some(nested(9, false, json!({"__proto__": 1}))),
            E(vec![(Code::TooDeep, "/options/a/a/a/a/a/a/a/a")]),
        ),
        // The key leading to it is still checked; every container past the limit shows.
        // (The innermost object here is level 8, at `/a/a/a/a/a/a/a`.)
        (
            Some(nested(
                7,
                false,
                json!({"__proto__": {"x": 1}, "b": [[]], "c": 0}),
            )),
            E(vec![
                (Code::ForbiddenKey, "/options/a/a/a/a/a/a/a/__proto__"),
                (Code::TooDeep, "/options/a/a/a/a/a/a/a/__proto__"),
                (Code::TooDeep, "/options/a/a/a/a/a/a/a/b"),
            ]),
        ),
        // The same through a string.
        (
            Some(encoded(&nested(9, false, json!(1)), 1)),
            E(vec![(Code::TooDeep, "/options/a/a/a/a/a/a/a/a")]),
        ),
        (
            Some(encoded(&nested(8, true, json!(1)), 2)),
            K(nested(8, true, json!(1))),
        ),
    ];
    table::<Seg>(&cases, seg);
}

#[test]
fn too_deep_issue_carries_the_limit() {
    let rejection =
        mcp_coerce::from_value::<Seg>(json!({"options": nested(9, false, json!(1))})).unwrap_err();
    let issue = &rejection.issues()[0];
    assert_eq!(issue.code(), Code::TooDeep);
    assert_eq!(issue.context().unwrap()["maxDepth"], 8);
    assert_eq!(issue.input(), Some(&Input::Text(r#"{"a":1}"#.into())));
    assert_eq!(
        issue.message(),
        "expected objects and arrays nested at most 8 levels deep, got more"
    );

    let rejection =
        mcp_coerce::from_value::<Seg>(json!({"options": {"__proto__": {}}})).unwrap_err();
    let issue = &rejection.issues()[0];
    assert_eq!(issue.code(), Code::ForbiddenKey);
    assert_eq!(issue.message(), "object key not allowed: __proto__");
    assert_eq!(issue.input(), Some(&Input::Text("__proto__".into())));
    assert_eq!(
        issue.context().unwrap()["forbidden"],
        json!(["__proto__", "constructor", "prototype"])
    );
}

#[test]
fn the_default_limit_is_32() {
    let ok = json!({"options": nested(32, true, json!(1))});
    assert!(mcp_coerce::from_value::<AsValue>(ok.clone()).is_ok());
    let deep = json!({"options": nested(33, true, json!(1))});
    let rejection = mcp_coerce::from_value::<AsValue>(deep.clone()).unwrap_err();
    assert_eq!(rejection.issues()[0].code(), Code::TooDeep);
    assert_eq!(rejection.issues()[0].context().unwrap()["maxDepth"], 32);
}

#[test]
fn optional_rules() {
    let some = |v: Value| K(json!({"some": v}));
    let cases = [
        (None, K(json!("none"))),
        (Some(json!(null)), K(json!("none"))),
        (Some(json!("")), K(json!("none"))),
        (Some(json!("  ")), K(json!("none"))),
        (Some(json!("null")), K(json!("none"))),
        (Some(json!(" null ")), K(json!("none"))),
        (Some(json!({})), some(json!({}))),
        (Some(json!("{\"a\": 1}")), some(json!({"a": 1}))),
        (
            Some(json!({"__proto__": 1})),
            E(vec![(Code::ForbiddenKey, "/options/__proto__")]),
        ),
        (
            Some(json!("nope")),
            E(vec![(Code::InvalidJson, "/options")]),
        ),
        // Only the text `null` itself means absent; `null` inside a second layer is JSON
        // that is not an object.
        (
            Some(json!("\"null\"")),
            E(vec![(Code::InvalidType, "/options")]),
        ),
        (Some(json!([])), E(vec![(Code::InvalidType, "/options")])),
        (Some(json!(0)), E(vec![(Code::InvalidType, "/options")])),
    ];
    table::<OptSeg>(&cases, |a| match a.options {
        Some(map) => json!({"some": map}),
        None => json!("none"),
    });
}

#[test]
fn value_target() {
    let cases = [
        (Some(json!({"a": [1]})), K(json!({"a": [1]}))),
        (Some(json!("{\"a\": [1]}")), K(json!({"a": [1]}))),
        (Some(json!([1])), E(vec![(Code::InvalidType, "/options")])),
        (
            Some(json!({"b": {"prototype": 1}})),
            E(vec![(Code::ForbiddenKey, "/options/b/prototype")]),
        ),
    ];
    table::<AsValue>(&cases, |a| a.options);

    #[serde_as]
    #[derive(Debug, Deserialize)]
    struct OptValue {
        #[serde_as(as = "SafeObjectLike")]
        #[serde(default)]
        options: Option<Value>,
    }
    let cases = [
        (Some(json!("null")), K(json!("none"))),
        (Some(json!({"a": 1})), K(json!({"a": 1}))),
    ];
    table::<OptValue>(&cases, |a| a.options.unwrap_or(json!("none")));
}

#[test]
fn every_forbidden_key_is_reported_up_to_the_cap() {
    let many: Vec<Value> = (0..150).map(|_| json!({"__proto__": 1})).collect();
    let rejection = mcp_coerce::from_value::<Seg>(json!({"options": {"list": many}})).unwrap_err();
    assert_eq!(rejection.issues().len(), MAX_ISSUES);
    assert_eq!(rejection.total(), 150);
    assert_eq!(
        rejection.issues()[99].path().to_string(),
        "/options/list/99/__proto__"
    );

    let object = json!({"list": (0..150).map(|_| json!({"constructor": 1})).collect::<Vec<_>>()});
    let rejection = check_object(object.as_object().unwrap(), 8).unwrap_err();
    assert_eq!(
        (rejection.issues().len(), rejection.truncated()),
        (MAX_ISSUES, 50)
    );
}

#[test]
fn other_fields_are_reported_too() {
    #[serde_as]
    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "only the refusal is looked at")]
    struct Demo {
        threshold: f64,
        #[serde_as(as = "SafeObjectLike<8>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        options: Option<Map<String, Value>>,
    }
    let rejection = mcp_coerce::from_str::<Demo>(
        r#"{"options": "{\"a\": {\"__proto__\": 1}, \"constructor\": 2}", "threshold": "x"}"#,
    )
    .unwrap_err();
    let found: Vec<_> = rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (Code::ForbiddenKey, "/options/a/__proto__".to_owned()),
            (Code::ForbiddenKey, "/options/constructor".to_owned()),
            (Code::InvalidType, "/threshold".to_owned()),
        ]
    );
}

#[test]
fn serializes_the_object() {
    let args: OptSeg = mcp_coerce::from_str(r#"{"options": "{\"b\": [1], \"a\": null}"}"#).unwrap();
    assert_eq!(
        serde_json::to_value(&args).unwrap(),
        json!({"options": {"a": null, "b": [1]}})
    );
    let none: OptSeg = mcp_coerce::from_str(r#"{"options": ""}"#).unwrap();
    assert_eq!(serde_json::to_value(&none).unwrap(), json!({}));
}

#[test]
fn with_functions() {
    #[derive(Debug, Deserialize, Serialize)]
    struct Args {
        #[serde(with = "mcp_coerce::safe_object")]
        options: Map<String, Value>,
        #[serde(default, with = "mcp_coerce::safe_object::option")]
        extra: Option<Map<String, Value>>,
    }
    let args: Args = mcp_coerce::from_str(r#"{"options": "{\"a\": 1}", "extra": "null"}"#).unwrap();
    assert_eq!(
        serde_json::to_value(&args).unwrap(),
        json!({"options": {"a": 1}, "extra": null})
    );
    let rejection = mcp_coerce::from_value::<Args>(json!({
        "options": {"a": [{"__proto__": 1}]},
        "extra": nested(33, false, json!(1)),
    }))
    .unwrap_err();
    let found: Vec<_> = rejection
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (Code::TooDeep, format!("/extra{}", "/a".repeat(32))),
            (Code::ForbiddenKey, "/options/a/0/__proto__".to_owned()),
        ]
    );
}

#[test]
fn wrapper_type() {
    #[derive(Debug, Deserialize, Serialize)]
    struct Args {
        options: SafeObject<8>,
    }
    let args: Args = mcp_coerce::from_str(r#"{"options": "{\"mode\": \"fast\"}"}"#).unwrap();
    assert_eq!(args.options["mode"], "fast");
    assert_eq!(args.options.len(), 1);
    assert_eq!(
        serde_json::to_value(&args).unwrap(),
        json!({"options": {"mode": "fast"}})
    );
    let map: Map<String, Value> = args.options.clone().into_inner();
    assert_eq!(Value::Object(map), Value::from(args.options));

    let rejection =
        mcp_coerce::from_value::<Args>(json!({"options": {"x": {"prototype": 1}}})).unwrap_err();
    assert_eq!(
        rejection.issues()[0].path().to_string(),
        "/options/x/prototype"
    );

    let deep = nested(9, false, json!(1));
    assert!(SafeObject::<8>::new(deep.as_object().unwrap().clone()).is_err());
    assert!(SafeObject::<9>::try_from(deep.as_object().unwrap().clone()).is_ok());
}

/// Used directly under serde_json, the adapter fails fast with one error listing every
/// issue of the field.
#[test]
fn fails_fast_under_serde_json() {
    let err = serde_json::from_str::<Seg>(
        r#"{"options": {"a": {"__proto__": 1}, "b": [{"constructor": 2}]}}"#,
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("/a/__proto__: object key not allowed: __proto__ (forbidden_key)"),
        "{text}"
    );
    assert!(
        text.contains("/b/0/constructor: object key not allowed: constructor (forbidden_key)"),
        "{text}"
    );
}

/// A second serde format: a TOML table, or a string holding JSON object text.
#[test]
fn works_under_toml() {
    let args: Seg =
        toml::from_str("[options]\nmode = \"fast\"\nsizes = [1, 2]\n[options.crop]\nx = 0.5\n")
            .unwrap();
    assert_eq!(
        Value::Object(args.options),
        json!({"mode": "fast", "sizes": [1, 2], "crop": {"x": 0.5}})
    );
    let args: Seg = toml::from_str("options = '{\"a\": [true]}'\n").unwrap();
    assert_eq!(Value::Object(args.options), json!({"a": [true]}));

    let err = toml::from_str::<Seg>(
        "[options]\nmode = \"fast\"\n[options.nested]\n__proto__ = 1\nconstructor = { prototype = 2 }\n",
    )
    .unwrap_err();
    let text = err.to_string();
    for path in [
        "/nested/__proto__",
        "/nested/constructor",
        "/nested/constructor/prototype",
    ] {
        assert!(
            text.contains(&format!("{path}: object key not allowed")),
            "{path} in {text}"
        );
    }
    let err = toml::from_str::<Seg>("options = 3\n").unwrap_err();
    assert!(err.to_string().contains("(invalid_type)"), "{err}");
}

#[test]
fn plain_check_of_a_value() {
    assert!(check_value(&json!({}), 1).is_ok());
    let rejection = check_value(&json!("{}"), 8).unwrap_err();
    assert_eq!(rejection.issues()[0].code(), Code::InvalidType);
    assert!(rejection.issues()[0].path().is_root());
    // With a limit of 0 even the object itself is too deep.
    let rejection = check_value(&json!({}), 0).unwrap_err();
    assert_eq!(rejection.issues()[0].code(), Code::TooDeep);
    assert!(rejection.issues()[0].path().is_root());
    // A value far deeper than serde_json would parse is walked without recursion.
    let mut deep = json!(1);
    for _ in 0..100_000 {
        deep = Value::Array(vec![deep]);
    }
    let deep = Value::Object(Map::from_iter([("a".to_owned(), deep)]));
    assert!(check_value(&deep, usize::MAX).is_ok());
    let rejection = check_value(&deep, 3).unwrap_err();
    assert_eq!(rejection.issues()[0].path().to_string(), "/a/0/0");
    // Dropping such a value recurses in serde_json: leak it instead of overflowing here.
    std::mem::forget(deep);
}

/// JSON values whose keys are often forbidden, nested a few levels.
fn json_value() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        Just("__proto__".to_owned()),
        Just("constructor".to_owned()),
        Just("prototype".to_owned()),
        Just("a/b~c".to_owned()),
        Just("0".to_owned()),
        "[a-z]{0,3}",
        any::<String>(),
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,8}".prop_map(Value::from),
    ];
    leaf.prop_recursive(12, 96, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(key.clone(), inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// The issues, found the simple (recursive) way: the reference for the property below.
fn reference(value: &Value, depth: usize, max: usize, path: Path, out: &mut Vec<(Code, String)>) {
    let children: Vec<(Segment, &Value)> = match value {
        Value::Object(m) => m
            .iter()
            .map(|(k, v)| (Segment::Key(k.clone()), v))
            .collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (Segment::Index(i), v))
            .collect(),
        _ => return,
    };
    for (segment, child) in children {
        let here = path.clone().join(segment.clone());
        if let Segment::Key(k) = &segment
            && FORBIDDEN_KEYS.contains(&k.as_str())
        {
            out.push((Code::ForbiddenKey, here.to_string()));
        }
        if child.is_object() || child.is_array() {
            if depth + 1 > max {
                out.push((Code::TooDeep, here.to_string()));
            } else {
                reference(child, depth + 1, max, here, out);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Never panics; reports exactly what the recursive reference finds, in the same order;
    /// every path it reports resolves in the input, to a forbidden key or a container.
    #[test]
    fn check_matches_the_reference(value in json_value(), max in 0usize..10) {
        let object = match value {
            Value::Object(m) => m,
            other => Map::from_iter([("x".to_owned(), other)]),
        };
        let input = Value::Object(object.clone());
        let got: Vec<(Code, String)> = match check_object(&object, max) {
            Ok(()) => Vec::new(),
            Err(rejection) => {
                prop_assert_eq!(rejection.truncated(), 0);
                rejection.issues().iter().map(|i| (i.code(), i.path().to_string())).collect()
            }
        };
        let mut want = Vec::new();
        if max == 0 {
            want.push((Code::TooDeep, String::new()));
        } else {
            reference(&input, 1, max, Path::root(), &mut want);
        }
        prop_assert_eq!(&got, &want);
        for (code, path) in &got {
            let found = input.pointer(path);
            prop_assert!(found.is_some(), "{} does not resolve", path);
            match code {
                Code::ForbiddenKey => {
                    let last = path.rsplit('/').next().unwrap_or_default();
                    prop_assert!(FORBIDDEN_KEYS.contains(&last), "{}", path);
                }
                Code::TooDeep => {
                    prop_assert!(found.is_some_and(|v| v.is_object() || v.is_array()));
                }
                other => prop_assert!(false, "unexpected code {:?}", other),
            }
        }
    }

    /// Through the adapter, as a string too: the same issues at the same paths under the
    /// field.
    #[test]
    fn adapter_agrees_with_the_check(value in json_value(), as_text in any::<bool>()) {
        let object = match value {
            Value::Object(m) => m,
            other => Map::from_iter([("x".to_owned(), other)]),
        };
        let sent = if as_text {
            Value::String(Value::Object(object.clone()).to_string())
        } else {
            Value::Object(object.clone())
        };
        let via_adapter = mcp_coerce::from_value::<Seg>(json!({"options": sent.clone()}));
        match check_object(&object, 8) {
            Ok(()) => {
                let args = via_adapter.map_err(|r| TestCaseError::fail(r.to_string()))?;
                // Text is compared with its own reading (a float may differ in its last bit).
                let want = match &sent {
                    Value::String(text) => serde_json::from_str(text).map_err(|e| TestCaseError::fail(e.to_string()))?,
                    _ => object,
                };
                prop_assert_eq!(args.options, want);
            }
            Err(want) => {
                let got = via_adapter.err().ok_or_else(|| TestCaseError::fail("accepted"))?;
                prop_assert_eq!(got.total(), want.total());
                for (g, w) in got.issues().iter().zip(want.issues()) {
                    prop_assert_eq!(g.code(), w.code());
                    prop_assert_eq!(g.path().to_string(), format!("/options{}", w.path()));
                }
            }
        }
    }
}
