//! Redacted refusals: nothing the caller sent survives, in a whole redacted rejection or
//! inside a field marked `Secret`; codes, declared field names, indices and the crate's
//! own words stay.

use std::collections::HashMap;

use mcp_coerce::{
    Code, EnumLike, IntArrayLike, IntLike, PatternLike, Rejection, SafeObjectLike, Secret,
    TextLike, Trim, UrlLike,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use serde_with::serde_as;

/// What the hostile calls below send: none of it may appear in a redacted rendering.
const SECRETS: [&str; 6] = [
    "sk-live-7f3a",
    "hunter2",
    "p4ssw0rd",
    "tok_9Zq",
    "AKIAXYZ",
    "s3cr3t",
];

mcp_coerce::pattern! {
    /// A card id.
    CardId {
        name: "card_id",
        source: r"^ATC-[0-9]{4}$",
        example: "ATC-2026",
        max_length: 16,
    }
}

#[derive(Debug, Deserialize, Serialize, PartialEq)]
enum Mode {
    Fast,
    Slow,
}

#[serde_as]
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code, reason = "only the refusals are read")]
struct Args {
    #[serde_as(as = "IntArrayLike")]
    #[serde(default)]
    ids: Vec<i64>,
    #[serde_as(as = "IntLike<1, 100>")]
    #[serde(default)]
    limit: Option<u32>,
    #[serde_as(as = "EnumLike")]
    #[serde(default)]
    mode: Option<Mode>,
    #[serde_as(as = "PatternLike<CardId>")]
    #[serde(default)]
    card: Option<String>,
    #[serde_as(as = "UrlLike")]
    #[serde(default)]
    url: Option<mcp_coerce::url::WhatwgUrl>,
    #[serde_as(as = "SafeObjectLike<4>")]
    #[serde(default)]
    options: Option<Map<String, Value>>,
    #[serde(default)]
    labels: HashMap<String, u32>,
    #[serde(default)]
    name: Option<String>,
}

/// The hostile calls: each puts secrets in values, in keys, in misspelled field names.
fn hostile_calls() -> Vec<String> {
    vec![
        r#"{"ids": "1,sk-live-7f3a,3"}"#.into(),
        r#"{"ids": "[1, \"hunter2\"]"}"#.into(),
        r#"{"ids": "[1, hunter2"}"#.into(),
        r#"{"limit": "p4ssw0rd"}"#.into(),
        r#"{"limit": 9999, "mode": "tok_9Zq"}"#.into(),
        r#"{"mode": "Fas", "limit": "hunter2"}"#.into(),
        r#"{"card": "AKIAXYZ"}"#.into(),
        r#"{"url": "https://user:s3cr3t@example.com/"}"#.into(),
        r#"{"url": "http://10.0.0.1/s3cr3t"}"#.into(),
        r#"{"options": {"sk-live-7f3a": {"__proto__": 1}}}"#.into(),
        r#"{"labels": {"hunter2": "x"}}"#.into(),
        r#"{"p4ssw0rd": 1}"#.into(),
        r#"{"AKIAXYZ_limit": 5}"#.into(),
        r#"{"name": 7, "AKIAXYZ": [1]}"#.into(),
        r#"{"limit": 5, "limit": "s3cr3t"}"#.into(),
        r#""{\"limit\": \"hunter2\"}""#.into(),
        r#"{"ids": "1, 2"#.to_owned() + "sk-live-7f3a",
    ]
}

fn refused(json: &str) -> Rejection {
    mcp_coerce::from_str::<Args>(json).expect_err(json)
}

#[test]
fn a_redacted_rejection_carries_nothing_the_caller_sent() {
    for json in hostile_calls() {
        let rejection = refused(&json);
        let plain = serde_json::to_string(&rejection.to_envelope("t")).unwrap();
        assert!(
            SECRETS.iter().any(|s| plain.contains(s)),
            "the plain envelope echoes the input: {json} -> {plain}"
        );
        let redacted = rejection.redacted();
        let safe = serde_json::to_string(&redacted.to_envelope("t")).unwrap();
        for secret in SECRETS {
            assert!(!safe.contains(secret), "{json}: {secret} in {safe}");
        }
        // Codes and the number of issues are what they were.
        let codes = |r: &Rejection| r.issues().iter().map(|i| i.code()).collect::<Vec<_>>();
        assert_eq!(codes(&redacted), codes(&rejection), "{json}");
        assert_eq!(redacted.total(), rejection.total());
        assert!(redacted.issues().iter().all(|i| i.input().is_none()));
    }
}

#[test]
fn redacted_paths_keep_declared_names_and_indices() {
    let table: &[(&str, &[(Code, &str)])] = &[
        (r#"{"ids": "1,x"}"#, &[(Code::IntParsing, "/ids/1")]),
        (r#"{"p4ssw0rd": 1}"#, &[(Code::UnknownField, "/*")]),
        (
            r#"{"labels": {"hunter2": "x"}}"#,
            &[(Code::InvalidType, "/labels/*")],
        ),
        (
            r#"{"options": {"sk-live-7f3a": {"__proto__": 1}}}"#,
            &[(Code::ForbiddenKey, "/options/*/*")],
        ),
        (
            r#"{"limit": 5, "limit": "s3cr3t"}"#,
            &[(Code::DuplicateKey, "/*"), (Code::IntParsing, "/limit")],
        ),
    ];
    for (json, want) in table {
        let got: Vec<(Code, String)> = refused(json)
            .redacted()
            .issues()
            .iter()
            .map(|i| (i.code(), i.path().to_string()))
            .collect();
        let want: Vec<(Code, String)> = want.iter().map(|(c, p)| (*c, p.to_string())).collect();
        assert_eq!(got, want, "{json}");
    }
}

#[test]
fn what_a_redacted_issue_keeps() {
    let issue = refused(r#"{"limit": 500}"#).redacted().issues()[0].clone();
    assert_eq!(issue.code(), Code::TooBig);
    assert_eq!(issue.message(), "above the maximum");
    assert_eq!(issue.hint(), "re-read this field in the tool's inputSchema");
    assert_eq!(
        issue.context().cloned(),
        serde_json::json!({"maximum": 100}).as_object().cloned()
    );
    let issue = refused(r#"{"ids": "1,foo"}"#).redacted().issues()[0].clone();
    assert_eq!(
        issue.context().and_then(|c| c.get("offset")).cloned(),
        Some(serde_json::json!(2))
    );
    // A sent key a misspelling suggests goes with the rest of what was sent.
    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "only the refusal is read")]
    struct Need {
        limit: u32,
    }
    let issue = mcp_coerce::from_str::<Need>(r#"{"limt": 5}"#)
        .unwrap_err()
        .issues()[0]
        .clone();
    assert_eq!(
        (issue.code(), issue.path().to_string()),
        (Code::Missing, "/limit".to_string())
    );
    assert!(issue.context().is_some_and(|c| c.contains_key("sent_key")));
    let issue = issue.redacted();
    assert!(issue.context().is_none_or(|c| !c.contains_key("sent_key")));
}

#[serde_as]
#[derive(Debug, Deserialize)]
#[allow(dead_code, reason = "only the refusals are read")]
struct Login {
    #[serde_as(as = "IntLike")]
    user: u64,
    #[serde_as(as = "Secret<TextLike<8, 64, Trim>>")]
    token: String,
    #[serde_as(as = "Secret")]
    pin: u32,
    #[serde_as(as = "Secret<SafeObjectLike<4>>")]
    #[serde(default)]
    extra: Option<Map<String, Value>>,
}

#[test]
fn a_secret_field_is_redacted_and_the_rest_is_not() {
    let json = r#"{"user": "x1", "token": " hunter2 ", "pin": "s3cr3t", "extra": {"tok_9Zq": {"constructor": 1}}}"#;
    for rejection in [
        mcp_coerce::from_str::<Login>(json).unwrap_err(),
        mcp_coerce::from_value::<Login>(serde_json::from_str(json).unwrap()).unwrap_err(),
    ] {
        let found: Vec<(Code, String)> = rejection
            .issues()
            .iter()
            .map(|i| (i.code(), i.path().to_string()))
            .collect();
        assert_eq!(
            found,
            [
                (Code::ForbiddenKey, "/extra/*/*".to_string()),
                (Code::InvalidType, "/pin".to_string()),
                (Code::TooShort, "/token".to_string()),
                (Code::IntParsing, "/user".to_string()),
            ]
        );
        let text = serde_json::to_string(&rejection.to_envelope("login")).unwrap();
        for secret in ["hunter2", "s3cr3t", "tok_9Zq"] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        // The field that is not secret still echoes its input.
        assert_eq!(
            rejection.issues()[3].input(),
            Some(&mcp_coerce::Input::Text("x1".into()))
        );
    }
    // Coercions inside a secret field lose their values.
    let call = mcp_coerce::from_str_with_report::<Login>(
        r#"{"user": "7", "token": " hunter2hunter2 ", "pin": 1}"#,
    )
    .unwrap();
    let steps: Vec<String> = call
        .coercions()
        .iter()
        .map(|c| format!("{}@{} {:?}->{:?}", c.rule(), c.path(), c.from(), c.to()))
        .collect();
    assert_eq!(
        steps,
        [
            "trim@/token None->None",
            "numeric_string@/user Some(Text(\"7\"))->Some(Number(Number(7)))"
        ]
    );
}

/// Keys inside a field marked secret are the caller's: written `*` as they are added, on
/// every rendering; the coercions inside it too.
#[test]
fn keys_inside_a_secret_field_are_starred() {
    #[serde_as]
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "only the refusals are read")]
    struct Inner {
        #[serde_as(as = "IntLike")]
        id: i64,
    }
    #[serde_as]
    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "only the refusals are read")]
    struct Vault {
        #[serde_as(as = "Secret<HashMap<serde_with::Same, IntLike>>")]
        #[serde(default)]
        m: HashMap<String, i64>,
        #[serde_as(as = "Secret")]
        #[serde(default)]
        nested: Option<Inner>,
    }
    for (json, want) in [
        (r#"{"m": {"sk-live-7f3a": "x"}}"#, "/m/*"),
        (r#"{"nested": {"id": 1, "hunter2": 1}}"#, "/nested/*"),
    ] {
        let refused = mcp_coerce::from_str::<Vault>(json).unwrap_err();
        assert_eq!(refused.issues()[0].path().to_string(), want, "{json}");
        let text = serde_json::to_string(&refused.to_envelope("t")).unwrap();
        assert!(
            !text.contains("sk-live") && !text.contains("hunter2"),
            "{text}"
        );
    }
    let call = mcp_coerce::from_str_with_report::<Vault>(r#"{"m": {"tok_9Zq": "5"}}"#).unwrap();
    let steps: Vec<String> = call
        .coercions()
        .iter()
        .map(|c| format!("{}@{} {:?}", c.rule(), c.path(), c.from()))
        .collect();
    assert_eq!(steps, ["numeric_string@/m/* None"]);
}
