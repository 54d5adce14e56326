//! Properties of the array adapters over generated input:
//! - round trips: any `Vec<i64>` comes back from the native array, its JSON text and its
//!   comma string; any vector of plain strings (non-empty, no commas, no edge whitespace,
//!   not starting with `[` or `"`) comes back from the same three forms;
//! - arbitrary JSON, as one field or as the whole arguments (and arbitrary text through
//!   `from_str`), never panics, and a refusal has 1..=100 issues;
//! - every issue's path points at a location that exists in the input, where a string on
//!   the way is followed through its decodings (JSON text, up to two layers, or the comma
//!   pieces that remain after empty ones are skipped), so `/ids/1` of `{"ids": "1,x"}`
//!   resolves; a lone value stands for a one-element array (`/ids/0` of `{"ids": 1e20}`).
//!   A `missing` issue points at an absent member: there, the enclosing object resolves.

use mcp_coerce::{Code, IntArrayLike, Items, NoSplit, Rejection, StringArrayLike};
use proptest::prelude::*;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use serde_with::serde_as;

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Ids {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Names {
    #[serde_as(as = "StringArrayLike")]
    names: Vec<String>,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Headings {
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    names: Vec<String>,
}

/// Every array spelling at once, with plain serde fields beside them.
#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only deserialized")]
struct Many {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    #[serde_as(as = "IntArrayLike<Items<1, 3>>")]
    few: Vec<u8>,
    #[serde_as(as = "IntArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt: Option<Vec<u32>>,
    #[serde_as(as = "Option<IntArrayLike>")]
    generic: Option<Vec<i128>>,
    #[serde_as(as = "StringArrayLike")]
    names: Vec<String>,
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    heads: Option<Vec<String>>,
    #[serde_as(as = "Vec<IntArrayLike>")]
    #[serde(default)]
    groups: Vec<Vec<u128>>,
    #[serde(default)]
    plain: Option<u32>,
    #[serde(default)]
    inner: Option<Inner>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only deserialized")]
struct Inner {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i16>,
    label: String,
}

const FIELDS: &[&str] = &[
    "ids", "few", "opt", "generic", "names", "heads", "groups", "plain", "inner",
];

// ---------------------------------------------------------------------------------------
// The resolver

/// The reference tokens of a JSON Pointer, unescaped (`~1` is `/`, `~0` is `~`).
fn tokens(pointer: &str) -> Option<Vec<String>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    let rest = pointer.strip_prefix('/')?;
    Some(
        rest.split('/')
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect(),
    )
}

/// Whether `tokens` lead somewhere in `value`. `layers` counts the string layers peeled to
/// reach `value` (two at most).
fn resolves(value: &Value, tokens: &[String], layers: u8) -> bool {
    let Some((token, rest)) = tokens.split_first() else {
        return true;
    };
    let index = token.parse::<usize>().ok();
    match value {
        Value::Object(map) => map.get(token).is_some_and(|v| resolves(v, rest, 0)),
        Value::Array(items) => index
            .and_then(|i| items.get(i))
            .is_some_and(|v| resolves(v, rest, 0)),
        Value::String(s) => {
            let pieces: Vec<&str> = s
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .collect();
            let by_piece = rest.is_empty() && index.is_some_and(|i| i < pieces.len());
            by_piece
                || (layers < 2
                    && serde_json::from_str::<Value>(s.trim())
                        .is_ok_and(|decoded| resolves(&decoded, tokens, layers + 1)))
        }
        // A lone value stands for a one-element array.
        Value::Number(_) | Value::Bool(_) | Value::Null => index == Some(0) && rest.is_empty(),
    }
}

/// The paths of `rejection` that do not point into `input`.
fn unresolved(input: &Value, rejection: &Rejection) -> Vec<String> {
    rejection
        .issues()
        .iter()
        .filter_map(|issue| {
            let path = issue.path().to_string();
            let Some(mut toks) = tokens(&path) else {
                return Some(format!("{path:?} is not a JSON Pointer"));
            };
            if issue.code() == Code::Missing {
                // An absent member: its object must be there.
                toks.pop();
            }
            (!resolves(input, &toks, 0)).then(|| format!("{} at {path:?}", issue.code()))
        })
        .collect()
}

#[test]
fn the_resolver_itself() {
    let yes = |v: Value, p: &str| resolves(&v, &tokens(p).unwrap(), 0);
    assert!(yes(json!({"ids": "1,x"}), "/ids/1"));
    assert!(yes(json!({"ids": "1,,x"}), "/ids/1"));
    assert!(!yes(json!({"ids": "1,,x"}), "/ids/2"));
    assert!(yes(json!({"ids": "[1,[2]]"}), "/ids/1/0"));
    assert!(yes(json!({"ids": "\"[1,2]\""}), "/ids/1"));
    assert!(yes(json!({"ids": 1e20}), "/ids/0"));
    assert!(!yes(json!({"ids": 1e20}), "/ids/1"));
    assert!(yes(json!({"a/b": {"m~n": [0]}}), "/a~1b/m~0n/0"));
    assert!(yes(json!("{\"ids\": \"1,x\"}"), "/ids/1"));
    assert!(yes(json!({"ids": []}), ""));
    assert!(!yes(json!({"ids": []}), "/ids/0"));
    assert!(!yes(json!({"ids": "x"}), "/idz"));
}

// ---------------------------------------------------------------------------------------
// Strategies

/// Strings made of the characters the decoders care about.
fn tricky_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[\\[\\]{}\",:\\\\ 0-9xe.+\\-nul]{0,24}",
        "[0-9 ,.+\\-]{0,24}",
        any::<String>(),
        Just(String::new()),
        Just("null".to_owned()),
        Just("\u{a0}\u{2003}".to_owned()),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        (-300_i32..300).prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        prop_oneof![
            Just(1e20),
            Just(9_007_199_254_740_993.0),
            Just(2.5),
            Just(-0.0)
        ]
        .prop_map(|f: f64| json!(f)),
        tricky_text().prop_map(Value::String),
    ]
}

/// Arbitrary JSON of bounded depth and size; strings may hold encoded JSON (one or two
/// layers) of further arbitrary JSON.
fn any_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            4 => prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            2 => prop::collection::btree_map("[a-z~/]{0,4}", inner.clone(), 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            1 => inner.clone().prop_map(|v| Value::String(v.to_string())),
            1 => inner.prop_map(|v| Value::String(Value::String(v.to_string()).to_string())),
        ]
    })
}

/// Integral floats below 2^53 (accepted as integers), written with a fraction `.0`.
fn integral_float() -> impl Strategy<Value = Value> {
    (1_u64 << 50..1_u64 << 53).prop_map(|n| {
        #[allow(clippy::cast_precision_loss, reason = "below 2^53: exact")]
        let f = n as f64;
        json!(f)
    })
}

fn pairs(r: &Rejection) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = r
        .issues()
        .iter()
        .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
        .collect();
    v.sort();
    v
}

/// Arguments: an object holding some of `Many`'s fields (arbitrary values) and others.
fn any_arguments() -> impl Strategy<Value = Value> {
    (
        prop::collection::btree_map(prop::sample::select(FIELDS), any_json(), 0..FIELDS.len()),
        prop::collection::btree_map("[a-z]{1,3}", any_json(), 0..2),
    )
        .prop_map(|(fields, others)| {
            let mut m: Map<String, Value> = others.into_iter().collect();
            for (k, v) in fields {
                m.insert(k.to_owned(), v);
            }
            Value::Object(m)
        })
}

/// A plain string element: non-empty, no comma, no edge whitespace, not starting with `[`
/// or `"`.
fn plain_string() -> impl Strategy<Value = String> {
    prop_oneof!["[^,]{1,12}", "[a-zA-Z0-9_\\-:./]{1,12}", "\\PC{1,8}"].prop_filter("plain", |s| {
        !s.is_empty()
            && !s.contains(',')
            && s.trim() == s
            && !s.starts_with('[')
            && !s.starts_with('"')
    })
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_i64_vector_round_trips_in_three_forms(v in prop::collection::vec(any::<i64>(), 0..20), pad in "[ \t]{0,2}") {
        let texts: Vec<String> = v.iter().map(i64::to_string).collect();
        let forms = [
            json!(v),
            Value::String(serde_json::to_string(&v).unwrap()),
            Value::String(texts.join(",")),
            Value::String(texts.join(&format!("{pad},{pad}"))),
        ];
        for form in forms {
            let args = json!({ "ids": form });
            let by_value = mcp_coerce::from_value::<Ids>(args.clone()).map(|a| a.ids);
            prop_assert_eq!(by_value.as_ref().ok(), Some(&v), "from_value {} gave {:?}", args, by_value);
            let by_str = mcp_coerce::from_str::<Ids>(&args.to_string()).map(|a| a.ids);
            prop_assert_eq!(by_str.as_ref().ok(), Some(&v), "from_str {} gave {:?}", args, by_str);
        }
    }

    #[test]
    fn any_plain_string_vector_round_trips_in_three_forms(v in prop::collection::vec(plain_string(), 0..8)) {
        let forms = [
            json!(v),
            Value::String(serde_json::to_string(&v).unwrap()),
            Value::String(v.join(",")),
            Value::String(v.join(" , ")),
        ];
        for form in forms {
            let args = json!({ "names": form });
            let by_value = mcp_coerce::from_value::<Names>(args.clone()).map(|a| a.names);
            prop_assert_eq!(by_value.as_ref().ok(), Some(&v), "from_value {} gave {:?}", args, by_value);
            let by_str = mcp_coerce::from_str::<Names>(&args.to_string()).map(|a| a.names);
            prop_assert_eq!(by_str.as_ref().ok(), Some(&v), "from_str {} gave {:?}", args, by_str);
        }
        // NoSplit: the native and JSON forms, and one element as a plain string.
        for form in [json!(v), Value::String(serde_json::to_string(&v).unwrap())] {
            let args = json!({ "names": form });
            let got = mcp_coerce::from_value::<Headings>(args.clone()).map(|a| a.names);
            prop_assert_eq!(got.as_ref().ok(), Some(&v), "NoSplit {} gave {:?}", args, got);
        }
        if let Some(first) = v.first() {
            let args = json!({ "names": first });
            let got = mcp_coerce::from_value::<Headings>(args.clone()).map(|a| a.names);
            prop_assert_eq!(got.ok(), Some(vec![first.clone()]), "NoSplit {}", args);
        }
    }

    #[test]
    fn any_json_as_ids_never_panics_and_paths_resolve(ids in any_json()) {
        let args = json!({ "ids": ids });
        let names = json!({ "names": args["ids"] });
        for (input, r) in [
            (&args, mcp_coerce::from_value::<Ids>(args.clone()).err()),
            (&args, mcp_coerce::from_str::<Ids>(&args.to_string()).err()),
            (&names, mcp_coerce::from_value::<Names>(names.clone()).err()),
            (&names, mcp_coerce::from_value::<Headings>(names.clone()).err()),
        ] {
            let Some(r) = r else { continue };
            prop_assert!(!r.issues().is_empty() && r.issues().len() <= 100, "{} issues", r.issues().len());
            let bad = unresolved(input, &r);
            prop_assert!(bad.is_empty(), "{}: unresolved {:?}", input, bad);
        }
    }

    #[test]
    fn any_arguments_never_panic_and_paths_resolve(args in any_arguments()) {
        let by_value = mcp_coerce::from_value::<Many>(args.clone()).err();
        let by_str = mcp_coerce::from_str::<Many>(&args.to_string()).err();
        for r in [by_value, by_str].into_iter().flatten() {
            prop_assert!(!r.issues().is_empty() && r.issues().len() <= 100);
            let bad = unresolved(&args, &r);
            prop_assert!(bad.is_empty(), "{}: unresolved {:?}", args, bad);
        }
    }

    #[test]
    fn any_json_as_the_whole_arguments_never_panics(args in any_json()) {
        let found = [
            mcp_coerce::from_value::<Many>(args.clone()).err(),
            mcp_coerce::from_str::<Many>(&args.to_string()).err(),
            mcp_coerce::from_value::<Ids>(args.clone()).err(),
        ];
        for r in found.into_iter().flatten() {
            prop_assert!(!r.issues().is_empty() && r.issues().len() <= 100);
            let bad = unresolved(&args, &r);
            prop_assert!(bad.is_empty(), "{}: unresolved {:?}", args, bad);
        }
    }

    /// `from_str` of a JSON text and `from_value` of the value that text denotes give the
    /// same answer (the value, or the same issues).
    #[test]
    fn from_str_and_from_value_agree(ids in prop_oneof![
        any_json(),
        prop::collection::vec(integral_float(), 1..4).prop_map(|v| json!(v)),
        integral_float(),
    ]) {
        // `args` holds exactly the numbers its text denotes (floats print round-trip, and
        // parse exactly: jsonschema, a dependency here, turns on serde_json's
        // `float_roundtrip`; without it `from_str` may read a float of 2^50 or more one
        // off, see `tests/all/int_array.rs`).
        let args = json!({ "ids": ids });
        let text = args.to_string();
        let by_str = mcp_coerce::from_str::<Ids>(&text).map(|a| a.ids).map_err(|r| pairs(&r));
        let by_value = mcp_coerce::from_value::<Ids>(args.clone()).map(|a| a.ids).map_err(|r| pairs(&r));
        prop_assert_eq!(&by_str, &by_value, "{}", text);
    }

    #[test]
    fn any_text_through_from_str_never_panics(text in tricky_text()) {
        let _ = mcp_coerce::from_str::<Many>(&text);
        let _ = mcp_coerce::from_str::<Ids>(&text);
        let wrapped = format!("{{\"ids\": {text}}}");
        let _ = mcp_coerce::from_str::<Ids>(&wrapped);
        let r = mcp_coerce::from_value::<Many>(json!({ "ids": text, "names": text, "few": text }));
        if let Err(r) = r {
            let input = json!({ "ids": text, "names": text, "few": text });
            let bad = unresolved(&input, &r);
            prop_assert!(bad.is_empty(), "{}: unresolved {:?}", input, bad);
        }
    }
}

/// Hostile shapes that a small generator does not reach.
#[test]
fn deep_and_huge_inputs_are_refused_without_trouble() {
    let deep = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
    // An element nested 100,000 deep is an array where an integer belongs (the `[[1]]` row).
    let r = mcp_coerce::from_value::<Ids>(json!({ "ids": deep })).unwrap_err();
    let found: Vec<_> = r
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect();
    assert_eq!(found, [(Code::InvalidType, "/ids/0".to_owned())]);
    let r = mcp_coerce::from_value::<Ids>(json!({ "ids": "[".repeat(100_000) })).unwrap_err();
    assert_eq!(r.issues()[0].code(), Code::InvalidJson);
    let nested = format!("{{\"ids\": {}1{}}}", "[".repeat(120), "]".repeat(120));
    let r = mcp_coerce::from_str::<Ids>(&nested).unwrap_err();
    assert!(unresolved(&serde_json::from_str(&nested).unwrap(), &r).is_empty());
    let commas = ",".repeat(1_000_000);
    assert_eq!(
        mcp_coerce::from_value::<Ids>(json!({ "ids": commas }))
            .unwrap()
            .ids,
        Vec::<i64>::new()
    );
}
