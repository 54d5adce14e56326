//! The issue model and its renderings, and the rules for the arguments as a whole: the
//! exact JSON of an issue, input echo limits, the 100-issue cap, JSON Pointer escaping,
//! collection of every issue across fields (missing fields, plain serde mismatches, nested
//! paths), the arguments-as-a-whole rules, invalid JSON text, and every envelope's exact
//! JSON.

use crate::common;

use std::collections::BTreeMap;

use common::{Report, check_issue_model, pairs};
use mcp_coerce::{
    Category, Code, Envelope, INVALID_ARGUMENT_HINT, Input, IntArrayLike, Issue, Items, MAX_ISSUES,
    Path, Rejection, Segment, StringArrayLike, WriteOutcome,
};
use serde::Deserialize;
use serde_json::{Value, json};
use serde_with::serde_as;

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only deserialized")]
struct Ids {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only deserialized")]
struct IdsU32Max3 {
    #[serde_as(as = "IntArrayLike<Items<0, 3>>")]
    ids: Vec<u32>,
}

fn p(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = pairs
        .iter()
        .map(|(c, p)| ((*c).to_owned(), (*p).to_owned()))
        .collect();
    v.sort();
    v
}

fn refuse<T: serde::de::DeserializeOwned + std::fmt::Debug>(args: &Value) -> Rejection {
    match mcp_coerce::from_value::<T>(args.clone()) {
        Ok(v) => panic!("{args} was accepted as {v:?}"),
        Err(r) => r,
    }
}

fn issue_json(issue: &Issue) -> Value {
    serde_json::to_value(issue).unwrap()
}

/// The issue's JSON with `message` and `hint` (free text, not fixed by `docs/contract.md`)
/// checked for presence and replaced by `"<message>"` and `"<hint>"`.
fn issue_json_masked(issue: &Issue) -> Value {
    let mut v = issue_json(issue);
    let o = v.as_object_mut().unwrap();
    for key in ["message", "hint"] {
        let text = o.get(key).and_then(Value::as_str).unwrap_or_default();
        assert!(
            !text.trim().is_empty(),
            "{key} missing or empty in {issue:?}"
        );
        o.insert(key.to_owned(), json!(format!("<{key}>")));
    }
    v
}

// ---------------------------------------------------------------------------------------
// One issue

#[test]
fn issue_json_is_exact() {
    let issue = Issue::new(Code::TooSmall, "below the minimum")
        .with_input(Input::from_text("0"))
        .with_hint("send 1 or more, e.g. 5")
        .with_context("minimum", 1)
        .at(Path::root().join("limit"));
    assert_eq!(
        issue_json(&issue),
        json!({
            "code": "too_small",
            "path": "/limit",
            "message": "below the minimum",
            "input": "0",
            "hint": "send 1 or more, e.g. 5",
            "context": {"minimum": 1}
        })
    );
    // No input and no context: the keys are left out; the root path is "".
    let bare = Issue::new(Code::Custom, "start date is after end date").with_hint("swap them");
    assert_eq!(
        issue_json(&bare),
        json!({"code": "custom", "path": "", "message": "start date is after end date", "hint": "swap them"})
    );
}

#[test]
fn every_code_serializes_snake_case() {
    let codes = [
        (Code::Missing, "missing"),
        (Code::UnknownField, "unknown_field"),
        (Code::InvalidType, "invalid_type"),
        (Code::InvalidJson, "invalid_json"),
        (Code::IntParsing, "int_parsing"),
        (Code::IntFromFloat, "int_from_float"),
        (Code::IntOverflow, "int_overflow"),
        (Code::FloatParsing, "float_parsing"),
        (Code::NotFinite, "not_finite"),
        (Code::BoolParsing, "bool_parsing"),
        (Code::TooSmall, "too_small"),
        (Code::TooBig, "too_big"),
        (Code::TooShort, "too_short"),
        (Code::TooLong, "too_long"),
        (Code::PatternMismatch, "pattern_mismatch"),
        (Code::EnumUnknown, "enum_unknown"),
        (Code::UrlInvalid, "url_invalid"),
        (Code::UrlForbidden, "url_forbidden"),
        (Code::FormatInvalid, "format_invalid"),
        (Code::ForbiddenKey, "forbidden_key"),
        (Code::TooDeep, "too_deep"),
        (Code::DuplicateKey, "duplicate_key"),
        (Code::Custom, "custom"),
    ];
    let mut report = Report::new();
    for (code, name) in codes {
        let got = serde_json::to_value(code).unwrap();
        report.check(got == json!(name) && code.as_str() == name, || {
            format!("{code:?}: serialized {got}, as_str {}", code.as_str())
        });
    }
    report.finish();
}

/// Issues from the adapters: code, path and input exact; message and hint present;
/// context where `docs/contract.md` (section "Issues") names one.
#[test]
fn adapter_issue_json() {
    let mut report = Report::new();
    let mut row = |args: Value, want: Vec<Value>, rejection: Rejection| {
        let got: Vec<Value> = rejection.issues().iter().map(issue_json_masked).collect();
        report.check(got == want, || {
            format!(
                "{args}: expected {}, got {}",
                Value::Array(want.clone()),
                Value::Array(got.clone())
            )
        });
    };
    let a = json!({"ids": "1,x"});
    row(
        a.clone(),
        vec![
            json!({"code": "int_parsing", "path": "/ids/1", "message": "<message>", "input": "x", "hint": "<hint>", "context": {"offset": 2}}),
        ],
        refuse::<Ids>(&a),
    );
    let a = json!({"ids": [1, 2.5]});
    row(
        a.clone(),
        vec![
            json!({"code": "int_from_float", "path": "/ids/1", "message": "<message>", "input": 2.5, "hint": "<hint>"}),
        ],
        refuse::<Ids>(&a),
    );
    let a = json!({"ids": true});
    row(
        a.clone(),
        vec![
            json!({"code": "invalid_type", "path": "/ids", "message": "<message>", "input": true, "hint": "<hint>"}),
        ],
        refuse::<Ids>(&a),
    );
    let a = json!({"ids": null});
    row(
        a.clone(),
        vec![
            json!({"code": "invalid_type", "path": "/ids", "message": "<message>", "input": null, "hint": "<hint>"}),
        ],
        refuse::<Ids>(&a),
    );
    let a = json!({"ids": "[1,2"});
    row(
        a.clone(),
        vec![
            json!({"code": "invalid_json", "path": "/ids", "message": "<message>", "input": "[1,2", "hint": "<hint>", "context": {"offset": 4}}),
        ],
        refuse::<Ids>(&a),
    );
    let a = json!({"ids": "-1"});
    row(
        a.clone(),
        vec![json!({
            "code": "int_overflow", "path": "/ids/0", "message": "<message>", "input": "-1", "hint": "<hint>",
            "context": {"minimum": 0, "maximum": 4_294_967_295_u32, "offset": 0}
        })],
        refuse::<IdsU32Max3>(&a),
    );
    let a = json!({"ids": [1, 2, 3, 4]});
    row(
        a.clone(),
        vec![json!({
            "code": "too_long", "path": "/ids", "message": "<message>", "input": "[1,2,3,4]", "hint": "<hint>",
            "context": {"maxItems": 3}
        })],
        refuse::<IdsU32Max3>(&a),
    );
    let a = json!({});
    row(
        a.clone(),
        vec![json!({"code": "missing", "path": "/ids", "message": "<message>", "hint": "<hint>"})],
        refuse::<Ids>(&a),
    );
    report.finish();
}

#[test]
fn input_is_cut_to_64_chars_with_an_ellipsis() {
    let mut report = Report::new();
    let mut check = |label: &str, got: Option<&Input>, want: Value| {
        let got = got.map(|i| serde_json::to_value(i).unwrap());
        report.check(got.as_ref() == Some(&want), || {
            format!("{label}: expected input {want}, got {got:?}")
        });
    };
    let x64 = "x".repeat(64);
    let r = refuse::<Ids>(&json!({ "ids": x64 }));
    check("64 chars, not cut", r.issues()[0].input(), json!(x64));
    let r = refuse::<Ids>(&json!({ "ids": "x".repeat(65) }));
    check("65 chars", r.issues()[0].input(), json!(format!("{x64}…")));
    let r = refuse::<Ids>(&json!({ "ids": "é".repeat(100) }));
    check(
        "chars, not bytes",
        r.issues()[0].input(),
        json!(format!("{}…", "é".repeat(64))),
    );
    // An array or object: compact JSON text, cut the same way.
    let long: Vec<u32> = (0..1000).collect();
    let text = serde_json::to_string(&long).unwrap();
    let cut: String = text.chars().take(64).collect();
    let r = refuse::<IdsU32Max3>(&json!({ "ids": long }));
    check("array", r.issues()[0].input(), json!(format!("{cut}…")));
    let object = json!({"k": "y".repeat(100)});
    let cut: String = object.to_string().chars().take(64).collect();
    let r = refuse::<Ids>(&json!({ "ids": object }));
    check("object", r.issues()[0].input(), json!(format!("{cut}…")));
    // Direct constructors.
    check(
        "Input::from_text",
        Some(&Input::from_text(&"z".repeat(200))),
        json!(format!("{}…", "z".repeat(64))),
    );
    check(
        "Input::from_value",
        Some(&Input::from_value(&json!([1, 2]))),
        json!("[1,2]"),
    );
    check(
        "a number as it is",
        Some(&Input::from_value(&json!(2.5))),
        json!(2.5),
    );
    report.finish();
}

// ---------------------------------------------------------------------------------------
// The cap

#[test]
fn at_most_100_issues_and_a_count_of_the_rest() {
    assert_eq!(MAX_ISSUES, 100);
    let mut report = Report::new();
    let mut cap = |label: &str, r: &Rejection, kept: usize, truncated: usize| {
        report.check(
            r.issues().len() == kept && r.truncated() == truncated,
            || {
                format!(
                    "{label}: expected {kept} issues and truncated {truncated}, got {} and {}",
                    r.issues().len(),
                    r.truncated()
                )
            },
        );
    };
    let junk = vec!["x"; 10_000];
    let r = refuse::<Ids>(&json!({ "ids": junk }));
    cap("native array of 10,000 junk", &r, 100, 9_900);
    let first: Vec<String> = r.issues().iter().map(|i| i.path().to_string()).collect();
    let want: Vec<String> = (0..100).map(|i| format!("/ids/{i}")).collect();
    assert_eq!(first, want, "the first 100 in document order");
    let envelope = serde_json::to_value(r.to_envelope("t")).unwrap();
    assert_eq!(envelope["issues"].as_array().map(Vec::len), Some(100));
    assert_eq!(envelope["truncated"], json!(9_900));
    let body = serde_json::to_value(r.to_http_body()).unwrap();
    assert_eq!(body["issues"].as_array().map(Vec::len), Some(100));
    assert_eq!(body["truncated"], json!(9_900));

    let r = refuse::<Ids>(&json!({ "ids": junk.join(",") }));
    cap("comma string of 10,000 junk", &r, 100, 9_900);
    let r = refuse::<Ids>(&json!({ "ids": serde_json::to_string(&junk).unwrap() }));
    cap("JSON text of 10,000 junk", &r, 100, 9_900);

    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Two {
        #[serde_as(as = "IntArrayLike")]
        a: Vec<i64>,
        #[serde_as(as = "StringArrayLike")]
        b: Vec<String>,
        c: Vec<u8>,
    }
    let r = refuse::<Two>(&json!({"a": vec!["x"; 60], "b": vec![1; 60], "c": vec!["y"; 60]}));
    cap("three fields of 60 each", &r, 100, 80);

    let r = Rejection::new((0..150).map(|_| Issue::new(Code::Custom, "bad").with_hint("h")));
    cap("Rejection::new", &r, 100, 50);
    let envelope = serde_json::to_value(r.to_envelope("t")).unwrap();
    report.check(envelope["truncated"] == json!(50), || {
        format!("envelope truncated: {}", envelope["truncated"])
    });
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Paths

#[test]
fn json_pointer_escaping() {
    assert_eq!(
        Path::from_segments(["a/b".into(), "m~n".into(), Segment::Index(0), "~1".into()])
            .to_string(),
        "/a~1b/m~0n/0/~01"
    );
    assert_eq!(Path::root().to_string(), "");
    assert_eq!(Path::root().join("").to_string(), "/");

    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Odd {
        #[serde(rename = "a/b")]
        slash: u32,
        #[serde(rename = "m~n")]
        tilde: u32,
        #[serde(rename = "~1")]
        escaped_looking: u32,
        #[serde_as(as = "BTreeMap<_, IntArrayLike>")]
        map: BTreeMap<String, Vec<i64>>,
    }
    let r = refuse::<Odd>(&json!({
        "map": {"x/y~z": "1,q", "": "q", "ok": [1]}
    }));
    assert_eq!(
        pairs(&r),
        p(&[
            ("missing", "/a~1b"),
            ("missing", "/m~0n"),
            ("missing", "/~01"),
            ("int_parsing", "/map/x~1y~0z/1"),
            ("int_parsing", "/map//0"),
        ])
    );
}

#[test]
fn every_missing_field_is_reported() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Seven {
        a: u32,
        b: String,
        c: bool,
        d: Vec<u32>,
        e: f64,
        f: BTreeMap<String, u32>,
        g: Inner,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Inner {
        x: u32,
    }
    let r = refuse::<Seven>(&json!({}));
    assert_eq!(
        pairs(&r),
        p(&[
            ("missing", "/a"),
            ("missing", "/b"),
            ("missing", "/c"),
            ("missing", "/d"),
            ("missing", "/e"),
            ("missing", "/f"),
            ("missing", "/g"),
        ])
    );
    // With some present and wrong, and a nested struct missing its own field.
    let r = refuse::<Seven>(&json!({"a": "x", "c": true, "g": {}}));
    assert_eq!(
        pairs(&r),
        p(&[
            ("invalid_type", "/a"),
            ("missing", "/b"),
            ("missing", "/d"),
            ("missing", "/e"),
            ("missing", "/f"),
            ("missing", "/g/x"),
        ])
    );
    let mut report = Report::new();
    check_issue_model(&mut report, "seven missing", &r);
    report.finish();
}

#[test]
fn plain_serde_type_mismatches_across_fields_are_all_reported() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Plain {
        a: u32,
        b: String,
        c: bool,
        d: Vec<u32>,
        e: Inner,
        f: Option<u8>,
        g: f64,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Inner {
        x: u32,
    }
    let r = refuse::<Plain>(&json!({
        "a": "5", "b": 12345, "c": "true", "d": {"x": 1}, "e": 5, "f": 300, "g": "x"
    }));
    assert_eq!(
        pairs(&r),
        p(&[
            ("invalid_type", "/a"),
            ("invalid_type", "/b"),
            ("invalid_type", "/c"),
            ("invalid_type", "/d"),
            ("invalid_type", "/e"),
            ("int_overflow", "/f"),
            ("invalid_type", "/g"),
        ])
    );
    let r = refuse::<Plain>(&json!({
        "a": -1, "b": "s", "c": false, "d": [1, "2", -1, 2.5], "e": {"x": "1"}, "g": 1
    }));
    assert_eq!(
        pairs(&r),
        p(&[
            ("int_overflow", "/a"),
            ("invalid_type", "/d/1"),
            ("int_overflow", "/d/2"),
            ("int_from_float", "/d/3"),
            ("invalid_type", "/e/x"),
        ])
    );
    // A plain String field is never touched.
    let ok: Plain = mcp_coerce::from_value(json!({
        "a": 1, "b": "{\"a\":1}", "c": true, "d": [], "e": {"x": 2}, "f": null, "g": 0.5
    }))
    .unwrap();
    assert_eq!(ok.b, "{\"a\":1}");
    let mut report = Report::new();
    check_issue_model(&mut report, "plain mismatches", &r);
    report.finish();
}

#[test]
fn nested_struct_array_and_map_paths() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Outer {
        inner: Inner,
        list: Vec<Inner>,
        map: BTreeMap<String, Inner>,
    }
    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Inner {
        #[serde_as(as = "IntArrayLike")]
        ids: Vec<i64>,
        #[serde_as(as = "StringArrayLike")]
        tags: Vec<String>,
    }
    let r = refuse::<Outer>(&json!({
        "inner": {"ids": "1,x", "tags": "a,b"},
        "list": [
            {"ids": [1], "tags": []},
            {"ids": [true], "tags": ["a", 3]},
            {"tags": "c"}
        ],
        "map": {"k/1": {"ids": "x", "tags": 5}}
    }));
    assert_eq!(
        pairs(&r),
        p(&[
            ("int_parsing", "/inner/ids/1"),
            ("invalid_type", "/list/1/ids/0"),
            ("invalid_type", "/list/1/tags/1"),
            ("missing", "/list/2/ids"),
            ("int_parsing", "/map/k~11/ids/0"),
            ("invalid_type", "/map/k~11/tags"),
        ])
    );
}

// ---------------------------------------------------------------------------------------
// Arguments as a whole

fn enc(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

#[test]
fn arguments_as_a_json_string_one_and_two_layers() {
    let object = r#"{"ids": "1,2"}"#;
    let mut report = Report::new();
    for (label, args) in [
        ("object", json!({"ids": "1,2"})),
        ("one layer", json!(object)),
        ("one layer, padded", json!(format!(" {object}\n"))),
        ("two layers", json!(enc(object))),
    ] {
        let by_value = mcp_coerce::from_value::<Ids>(args.clone()).map(|a| a.ids);
        let by_str = mcp_coerce::from_str::<Ids>(&args.to_string()).map(|a| a.ids);
        for (entry, got) in [("from_value", by_value), ("from_str", by_str)] {
            report.check(matches!(&got, Ok(ids) if *ids == [1, 2]), || {
                format!("{label} [{entry}] {args}: expected [1, 2], got {got:?}")
            });
        }
    }
    // Issues inside encoded arguments point into the decoded object.
    let r = refuse::<Ids>(&json!(enc(r#"{"ids": "1,x"}"#)));
    report.check(pairs(&r) == p(&[("int_parsing", "/ids/1")]), || {
        format!("two layers with a bad id: {:?}", pairs(&r))
    });
    report.finish();
}

#[test]
fn arguments_as_a_json_string_three_layers_refused() {
    let args = json!(enc(&enc(r#"{"ids": [1]}"#)));
    for r in [
        refuse::<Ids>(&args),
        mcp_coerce::from_str::<Ids>(&args.to_string()).unwrap_err(),
    ] {
        assert_eq!(pairs(&r), p(&[("invalid_type", "")]), "{args}");
    }
}

#[test]
fn arguments_that_are_not_an_object_are_refused_at_the_root() {
    let mut report = Report::new();
    for args in [
        json!("[1,2]"),
        json!(5),
        json!([1]),
        json!(true),
        json!("ids=1"),
    ] {
        let r = mcp_coerce::from_value::<Ids>(args.clone());
        let got = r.as_ref().map_err(pairs);
        report.check(
            matches!(&got, Err(p) if *p == vec![("invalid_type".to_owned(), String::new())]),
            || format!("{args}: expected [invalid_type at \"\"], got {got:?}"),
        );
    }
    report.finish();
}

#[test]
fn arguments_encoded_into_a_key_stand_alone() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Seven {
        a: u32,
        b: u32,
        c: u32,
        d: u32,
        e: u32,
        f: u32,
        g: u32,
    }
    let key = r#"{"card_id":"ATC-2026-7777670"}"#;
    let mut args = serde_json::Map::new();
    args.insert(key.to_owned(), Value::Null);
    let args = Value::Object(args);
    let texts = [
        args.to_string(),
        format!("{{ {} : null }}", enc(key)),
        format!("\n{{{}:null}}", enc(r#" { "a" : 1 } "#)),
    ];
    let mut report = Report::new();
    let mut rejections: Vec<(String, Rejection)> = vec![
        ("from_value".into(), refuse::<Ids>(&args)),
        ("from_value, 7 fields".into(), refuse::<Seven>(&args)),
        (
            "from_value, inside a string".into(),
            refuse::<Ids>(&json!(args.to_string())),
        ),
    ];
    for text in &texts {
        rejections.push((
            format!("from_str {text}"),
            mcp_coerce::from_str::<Ids>(text).unwrap_err(),
        ));
        rejections.push((
            format!("from_str, 7 fields, {text}"),
            mcp_coerce::from_str::<Seven>(text).unwrap_err(),
        ));
    }
    for (label, r) in &rejections {
        report.check(r.issues().len() == 1 && r.truncated() == 0, || {
            format!("{label}: expected exactly one issue, got {:?}", pairs(r))
        });
        let Some(issue) = r.issues().first() else {
            continue;
        };
        report.check(
            issue.code() == Code::InvalidType && issue.path().is_root(),
            || format!("{label}: expected invalid_type at \"\", got {:?}", pairs(r)),
        );
        report.check(
            issue.hint() == "arguments appear to be double-encoded: send the object itself",
            || format!("{label}: hint {:?}", issue.hint()),
        );
    }
    // Not the signature: the value is not null, the key is not object text, or there is
    // more than one key. Those are ordinary arguments.
    for args in [
        json!({ key: 1 }),
        json!({"{not json": null}),
        json!({"[1]": null}),
        json!({ key: null, "other": null }),
    ] {
        let r = refuse::<Ids>(&args);
        report.check(pairs(&r) == p(&[("missing", "/ids")]), || {
            format!("{args}: expected [missing /ids], got {:?}", pairs(&r))
        });
    }
    report.finish();
}

#[test]
fn from_str_on_invalid_json() {
    let mut report = Report::new();
    let long = format!("{{\"ids\": [{}", "1,".repeat(100));
    let texts: Vec<&[u8]> = vec![
        br#"{"ids": [1,"#,
        b"",
        b"   ",
        br#"{"ids": [1]} x"#,
        br#"{ids: [1]}"#,
        b"{\"ids\": \xff}",
        long.as_bytes(),
    ];
    for text in texts {
        let label = String::from_utf8_lossy(text).into_owned();
        let r = mcp_coerce::from_slice::<Ids>(text).unwrap_err();
        report.check(pairs(&r) == p(&[("invalid_json", "")]), || {
            format!(
                "{label:?}: expected [invalid_json at \"\"], got {:?}",
                pairs(&r)
            )
        });
        check_issue_model(&mut report, &label, &r);
        if let Ok(s) = std::str::from_utf8(text) {
            let r2 = mcp_coerce::from_str::<Ids>(s).unwrap_err();
            report.check(r2 == r, || {
                format!("{label:?}: from_str and from_slice differ")
            });
        }
    }
    report.finish();
}

// ---------------------------------------------------------------------------------------
// Envelopes

/// A rejection whose every word is fixed here, so the renderings can be pinned exactly.
fn two_issues() -> Rejection {
    Rejection::new([
        Issue::new(Code::IntParsing, "expected an integer")
            .with_input(Input::from_text("x"))
            .with_hint("send a whole number, e.g. 42")
            .at(Path::from_segments(["ids".into(), 1.into()])),
        Issue::new(Code::Missing, "missing required field")
            .with_hint("add the field `name`, e.g. \"name\": \"abc\"")
            .at(Path::root().join("name")),
    ])
}

fn two_issues_json() -> Value {
    json!([
        {"code": "int_parsing", "path": "/ids/1", "message": "expected an integer", "input": "x",
         "hint": "send a whole number, e.g. 42"},
        {"code": "missing", "path": "/name", "message": "missing required field",
         "hint": "add the field `name`, e.g. \"name\": \"abc\""}
    ])
}

/// The envelope's `message` is free text (one line): check it, and return it for the
/// exact comparison of everything else.
fn envelope_message(envelope: &Value) -> Value {
    let m = envelope["message"].as_str().unwrap_or_default();
    assert!(
        !m.trim().is_empty() && !m.contains('\n'),
        "envelope message {m:?}"
    );
    json!(m)
}

fn invalid_argument_envelope() -> Value {
    let envelope = serde_json::to_value(two_issues().to_envelope("demo_get_observations")).unwrap();
    let message = envelope_message(&envelope);
    let want = json!({
        "error": "INVALID_ARGUMENT",
        "tool": "demo_get_observations",
        "message": message,
        "issues": two_issues_json(),
        "truncated": 0,
        "hint": "Re-read the inputSchema for this tool from tools/list."
    });
    assert_eq!(envelope, want);
    envelope
}

#[test]
fn invalid_argument_envelope_is_exact() {
    let envelope = invalid_argument_envelope();
    assert_eq!(
        INVALID_ARGUMENT_HINT,
        "Re-read the inputSchema for this tool from tools/list."
    );
    assert_eq!(
        two_issues().to_envelope("t").category(),
        Category::InvalidArgument
    );
    // The same from a real refusal: issues as the entry point found them.
    let r = refuse::<Ids>(&json!({"ids": "1,x"}));
    let got = serde_json::to_value(r.to_envelope("demo_get_observations")).unwrap();
    assert_eq!(got["error"], envelope["error"]);
    assert_eq!(got["hint"], envelope["hint"]);
    assert_eq!(got["issues"], serde_json::to_value(r.issues()).unwrap());
    assert_eq!(got["truncated"], json!(0));
}

/// The MCP result's `content`: one text block holding the envelope's JSON.
#[test]
fn tool_result_content_holds_the_envelope() {
    let envelope = invalid_argument_envelope();
    let result = serde_json::to_value(
        two_issues()
            .to_envelope("demo_get_observations")
            .to_tool_result(),
    )
    .unwrap();
    assert_eq!(result["isError"], json!(true));
    let content = result["content"].as_array().expect("content is an array");
    assert_eq!(content.len(), 1);
    let text = content[0]["text"].as_str().expect("text is a string");
    assert_eq!(
        content[0],
        json!({"type": "text", "text": text}),
        "a text block has exactly type and text"
    );
    let inner: Value = serde_json::from_str(text).expect("the text is JSON");
    assert_eq!(inner, envelope);
}

/// The MCP tool result is
/// `{"isError": true, "content": [{"type": "text", "text": <envelope JSON>}]}`, and the
/// envelope also goes out as `structuredContent` (see `Envelope::to_tool_result`: MCP
/// 2025-06-18 and later carry structured results there, and a client that reads only
/// `content` sees the same envelope as text).
#[test]
fn tool_result_is_exactly_the_contract_shape() {
    let envelope = two_issues().to_envelope("demo_get_observations");
    let text = serde_json::to_string(&envelope).unwrap();
    let result = serde_json::to_value(envelope.to_tool_result()).unwrap();
    assert_eq!(
        result,
        json!({"isError": true, "content": [{"type": "text", "text": text}],
               "structuredContent": serde_json::to_value(&envelope).unwrap()})
    );
    let unknown = Envelope::unknown_tool("get_observations", "Call tools/list.");
    let text = serde_json::to_string(&unknown).unwrap();
    assert_eq!(
        serde_json::to_value(unknown.to_tool_result()).unwrap(),
        json!({"isError": true, "content": [{"type": "text", "text": text}],
               "structuredContent": serde_json::to_value(&unknown).unwrap()})
    );
}

#[test]
fn jsonrpc_error_is_exact() {
    let envelope = invalid_argument_envelope();
    let error = two_issues()
        .to_envelope("demo_get_observations")
        .to_jsonrpc_error();
    assert_eq!(error.code(), -32602);
    let got = serde_json::to_value(&error).unwrap();
    let message = got["message"].as_str().unwrap_or_default();
    assert!(!message.trim().is_empty(), "JSON-RPC message {message:?}");
    assert_eq!(
        got,
        json!({"code": -32602, "message": message, "data": envelope})
    );
}

#[test]
fn http_body_is_exact() {
    let body = two_issues().to_http_body();
    assert_eq!(body.status(), 400);
    assert_eq!(
        serde_json::to_value(&body).unwrap(),
        json!({
            "error": "ValidationError",
            "issues": [
                {"path": "/ids/1", "message": "expected an integer", "code": "int_parsing"},
                {"path": "/name", "message": "missing required field", "code": "missing"}
            ],
            "truncated": 0
        })
    );
    // 100 issues listed, the 50 beyond them counted, as in the envelope.
    let many = Rejection::new((0..150).map(|i| {
        Issue::new(Code::Custom, "bad")
            .with_hint("h")
            .at(Path::root().join(i as usize))
    }));
    let body = many.to_http_body();
    assert_eq!(body.truncated(), 50);
    let v = serde_json::to_value(&body).unwrap();
    assert_eq!(v["issues"].as_array().map(Vec::len), Some(100));
    assert_eq!(v["issues"][99]["path"], json!("/99"));
    assert_eq!(v["truncated"], json!(50));
    assert_eq!(
        v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()),
        Some(vec!["error".into(), "issues".into(), "truncated".into()])
    );
}

#[test]
fn unknown_tool_envelope_is_exact() {
    let hint = "Call tools/list to enumerate the valid demo_* tool names.";
    let envelope = Envelope::unknown_tool("get_observations", hint);
    assert_eq!(envelope.category(), Category::UnknownTool);
    let got = serde_json::to_value(&envelope).unwrap();
    let message = envelope_message(&got);
    assert_eq!(
        got,
        json!({
            "error": "UNKNOWN_TOOL",
            "tool": "get_observations",
            "message": message,
            "issues": [],
            "truncated": 0,
            "hint": hint
        })
    );
    let error = serde_json::to_value(envelope.to_jsonrpc_error()).unwrap();
    assert_eq!(error["code"], json!(-32602));
    assert_eq!(error["data"], got);
    // A hostile tool name is echoed cut short in the message.
    let long = "t".repeat(500);
    let e = Envelope::unknown_tool(long.as_str(), hint);
    assert!(e.message().chars().count() < 200, "{}", e.message());
}

#[test]
fn categories_codes_and_statuses() {
    let table = [
        (Category::InvalidArgument, "INVALID_ARGUMENT", -32602, 400),
        (Category::UnknownTool, "UNKNOWN_TOOL", -32602, 404),
        (Category::NotFound, "NOT_FOUND", -32602, 404),
        (Category::PermissionDenied, "PERMISSION_DENIED", -32603, 403),
        (Category::Conflict, "CONFLICT", -32603, 409),
        (
            Category::ResourceExhausted,
            "RESOURCE_EXHAUSTED",
            -32603,
            429,
        ),
        (Category::Unavailable, "UNAVAILABLE", -32603, 503),
        (Category::InternalError, "INTERNAL_ERROR", -32603, 500),
        (Category::OutputInvalid, "OUTPUT_INVALID", -32603, 500),
    ];
    let mut report = Report::new();
    for (category, name, rpc, http) in table {
        let envelope = Envelope::new(category, "t", "m", "h");
        let got = serde_json::to_value(&envelope).unwrap();
        let want = json!({"error": name, "tool": "t", "message": "m", "issues": [], "truncated": 0, "hint": "h"});
        report.check(
            got == want && category.jsonrpc_code() == rpc && category.http_status() == http,
            || {
                format!(
                    "{name}: {got}, JSON-RPC {}, HTTP {}",
                    category.jsonrpc_code(),
                    category.http_status()
                )
            },
        );
        report.check(envelope.to_jsonrpc_error().code() == rpc, || {
            format!("{name}: JSON-RPC error code")
        });
    }
    report.finish();
}

#[test]
fn write_outcome_is_exact() {
    let skipped = WriteOutcome::not_stored("duplicate observation");
    assert_eq!(
        serde_json::to_value(&skipped).unwrap(),
        json!({"stored": false, "reason": "duplicate observation"})
    );
    assert!((200..300).contains(&skipped.http_status()));
    assert!(!skipped.is_stored());
    let stored = WriteOutcome::stored();
    assert_eq!(
        serde_json::to_value(&stored).unwrap(),
        json!({"stored": true})
    );
    assert!((200..300).contains(&stored.http_status()));
    assert!(stored.is_stored());
    // A service that is down is a 5xx envelope, not a soft failure.
    assert_eq!(Category::Unavailable.http_status(), 503);
    // A refused body: the reason names the first 5 issues and counts the rest.
    let refused = WriteOutcome::refused(&two_issues());
    assert_eq!(
        serde_json::to_value(&refused).unwrap(),
        json!({"stored": false, "reason": "invalid body: 2 issues: /ids/1: expected an integer \
            (int_parsing); /name: missing required field (missing)"})
    );
    assert_eq!(refused.http_status(), 200);
    let many = Rejection::new((0..150).map(|i| {
        Issue::new(Code::Custom, "bad")
            .with_hint("h")
            .at(Path::root().join(i as usize))
    }));
    assert_eq!(
        serde_json::to_value(WriteOutcome::refused(&many)).unwrap(),
        json!({"stored": false, "reason": "invalid body: 150 issues: /0: bad (custom); /1: bad \
            (custom); /2: bad (custom); /3: bad (custom); /4: bad (custom); and 145 more"})
    );
}

/// "No stack trace and no internal type names ever appear in it."
#[test]
fn no_internal_type_names_in_envelopes() {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct ServerArgs {
        #[serde_as(as = "IntArrayLike")]
        ids: Vec<i64>,
        #[serde_as(as = "StringArrayLike")]
        tags: Vec<String>,
        inner: InnerThing,
        list: Vec<InnerThing>,
        pair: (u32, u32),
        kind: KindOfThing,
        name: String,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct InnerThing {
        x: u32,
        y: u32,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    enum KindOfThing {
        Alpha,
        Beta,
    }
    let r = refuse::<ServerArgs>(&json!({
        "ids": [[1], {"a": 1}, "x"],
        "tags": [1, {}],
        "inner": [1],
        "list": [[1, 2, 3], 5],
        "pair": [1],
        "kind": "Gamma",
        "name": 5
    }));
    let texts = [
        two_issues().to_envelope("t").to_json_string(),
        r.to_envelope("t").to_json_string(),
        serde_json::to_string(&r.to_envelope("t").to_tool_result()).unwrap(),
        serde_json::to_string(&r.to_http_body()).unwrap(),
    ];
    let forbidden = [
        "InnerThing",
        "KindOfThing",
        "ServerArgs",
        "struct ",
        "mcp_coerce",
        "serde",
        "IntArrayLike",
        "StringArrayLike",
        "::",
        "panicked",
        "backtrace",
    ];
    let mut report = Report::new();
    for text in &texts {
        for word in forbidden {
            report.check(!text.contains(word), || {
                let at = text.find(word).unwrap_or(0);
                let from = text[..at]
                    .char_indices()
                    .rev()
                    .nth(60)
                    .map_or(0, |(i, _)| i);
                let to = (at + 60).min(text.len());
                let to = (to..=text.len())
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap_or(text.len());
                format!("{word:?} appears: …{}…", &text[from..to])
            });
        }
    }
    check_issue_model(&mut report, "server args", &r);
    report.finish();
}

// ---------------------------------------------------------------------------------------
// "Did you mean" for field names

#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only deserialized")]
struct Search {
    query: String,
    ids: Vec<u32>,
    #[serde(default)]
    page: Option<u32>,
}

/// The `(path, sent_key)` of every `missing` issue of `arguments` for `Search`, and the
/// count of all issues.
fn sent_keys(arguments: Value) -> (Vec<(String, Option<String>)>, usize) {
    let refused = mcp_coerce::from_value::<Search>(arguments).unwrap_err();
    let mut found: Vec<(String, Option<String>)> = refused
        .issues()
        .iter()
        .filter(|i| i.code() == Code::Missing)
        .map(|i| {
            let sent = i
                .context()
                .and_then(|c| c.get("sent_key"))
                .and_then(Value::as_str)
                .map(str::to_owned);
            (i.path().to_string(), sent)
        })
        .collect();
    found.sort();
    (found, refused.issues().len())
}

fn at(path: &str, sent: Option<&str>) -> (String, Option<String>) {
    (path.to_owned(), sent.map(str::to_owned))
}

/// A missing required field and an unknown key a small edit away from it (at most
/// min(2, len/3) edits of the folded name; a key equal to it once folded is read as the
/// field, see `tests/all/arguments.rs`): the `missing` issue names the key in its hint and in
/// `context.sent_key`. A key close to two missing fields names neither; unknown keys are
/// otherwise ignored, and never an issue of their own.
#[test]
fn a_missing_field_names_the_close_unknown_key_sent() {
    let cases = [
        (
            json!({"querry": "rust", "ids": [1]}),
            vec![at("/query", Some("querry"))],
        ),
        (
            json!({"Querry": "rust", "i_d": [1]}),
            vec![at("/ids", Some("i_d")), at("/query", Some("Querry"))],
        ),
        // Too far (two edits from a five-char name, three from any), or nothing sent:
        // plain `missing`.
        (json!({"qry": "rust", "ids": [1]}), vec![at("/query", None)]),
        (
            json!({"search": "rust", "ids": [1]}),
            vec![at("/query", None)],
        ),
        (json!({"ids": [1]}), vec![at("/query", None)]),
        // A known optional field is no suggestion.
        (json!({"page": 2, "ids": [1]}), vec![at("/query", None)]),
        // Of two keys close to one field, the nearer one; as near as each other, neither.
        (
            json!({"querx": "a", "qxexy": "b", "ids": [1]}),
            vec![at("/query", Some("querx"))],
        ),
        (
            json!({"querx": "a", "querz": "b", "ids": [1]}),
            vec![at("/query", None)],
        ),
    ];
    for (arguments, want) in cases {
        let (found, count) = sent_keys(arguments.clone());
        assert_eq!(found, want, "{arguments}");
        assert_eq!(count, want.len(), "{arguments}: unknown keys are no issues");
    }

    let refused = mcp_coerce::from_str::<Search>(r#"{"querry": "rust", "ids": [1]}"#).unwrap_err();
    let issue = &refused.issues()[0];
    assert_eq!(
        issue.hint(),
        "did you mean `query`? the call sent `querry`, which is not a field: send it as `query`"
    );
    assert_eq!(issue.input(), None);
    assert_eq!(
        serde_json::to_value(issue).unwrap()["context"],
        json!({"sent_key": "querry"})
    );
}

/// A key close to two missing fields names neither: the call may have meant either.
#[test]
fn a_key_close_to_two_missing_fields_names_neither() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Client {
        user_id: u32,
        user_ip: String,
    }
    let sent = |arguments: Value| -> Vec<(String, Option<Value>)> {
        let refused = mcp_coerce::from_value::<Client>(arguments).unwrap_err();
        refused
            .issues()
            .iter()
            .map(|i| {
                (
                    i.path().to_string(),
                    i.context().and_then(|c| c.get("sent_key")).cloned(),
                )
            })
            .collect()
    };
    // `userix` is one edit from `user_id` and from `user_ip`, folded.
    assert_eq!(
        sent(json!({"userix": 1})),
        [("/user_id".to_owned(), None), ("/user_ip".to_owned(), None)]
    );
    // With `user_ip` present, only `user_id` is missing, and `usrid` names it.
    assert_eq!(
        sent(json!({"usrid": 1, "user_ip": "10.0.0.1"})),
        [("/user_id".to_owned(), Some(json!("usrid")))]
    );

    // In a nested struct the same; a long key is cut like any echo, and a key past 256
    // bytes is not compared at all.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code, reason = "only deserialized")]
    struct Outer {
        inner: Client,
    }
    let refused = mcp_coerce::from_value::<Outer>(json!({"inner": {"user_id": 1, "usr_ip": "x"}}))
        .unwrap_err();
    assert_eq!(refused.issues()[0].path().to_string(), "/inner/user_ip");
    assert_eq!(
        refused.issues()[0].context().map(|c| c["sent_key"].clone()),
        Some(json!("usr_ip"))
    );
    let mut wide = serde_json::Map::new();
    wide.insert(format!("user_ip{}", "_".repeat(300)), json!("x"));
    wide.insert("user_id".into(), json!(1));
    let refused = mcp_coerce::from_value::<Client>(Value::Object(wide)).unwrap_err();
    assert_eq!(refused.issues()[0].context(), None);
    let mut long = serde_json::Map::new();
    long.insert(format!("user_ix{}", "-".repeat(100)), json!("x"));
    long.insert("user_id".into(), json!(1));
    let refused = mcp_coerce::from_value::<Client>(Value::Object(long)).unwrap_err();
    let sent_key = refused.issues()[0].context().map(|c| c["sent_key"].clone());
    assert_eq!(sent_key, Some(json!(format!("user_ix{}…", "-".repeat(57)))));
}
