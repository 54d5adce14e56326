//! A key repeated in one object of JSON text is refused on the text routes (`from_str`,
//! `from_slice`, and the HTTP extractors built on them) with `duplicate_key` at the key's
//! path: a front end that keeps the first occurrence and a server that keeps the last would
//! disagree about what was called.

use mcp_coerce::{Code, IntArrayLike, SafeObjectLike};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use serde_with::serde_as;

#[derive(Deserialize, Debug, PartialEq)]
struct Inner {
    a: u8,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Args {
    limit: u32,
    #[serde_as(as = "IntArrayLike")]
    #[serde(default)]
    ids: Vec<i64>,
    #[serde(default)]
    inner: Option<Inner>,
    #[serde(default)]
    items: Vec<Inner>,
    #[serde_as(as = "Option<SafeObjectLike>")]
    #[serde(default)]
    options: Option<Map<String, Value>>,
    #[serde(default)]
    extra: Option<Value>,
}

type Found = Result<Value, Vec<(Code, String)>>;

fn read(text: &str) -> Found {
    match mcp_coerce::from_str::<Args>(text) {
        Ok(args) => Ok(json!({"limit": args.limit, "extra": args.extra})),
        Err(r) => Err(r
            .issues()
            .iter()
            .map(|i| (i.code(), i.path().to_string()))
            .collect()),
    }
}

fn dup(path: &str) -> (Code, String) {
    (Code::DuplicateKey, path.to_owned())
}

#[test]
fn repeated_keys_are_refused_at_their_path() {
    let rows: Vec<(&str, Found)> = vec![
        (r#"{"limit":1,"limit":2}"#, Err(vec![dup("/limit")])),
        // One issue per repeated key, however often it repeats.
        (
            r#"{"limit":1,"limit":2,"limit":3}"#,
            Err(vec![dup("/limit")]),
        ),
        // The same value twice is still a repeat.
        (r#"{"limit":1,"limit":1}"#, Err(vec![dup("/limit")])),
        (
            r#"{"limit":1,"inner":{"a":1,"a":2}}"#,
            Err(vec![dup("/inner/a")]),
        ),
        (
            r#"{"limit":1,"items":[{"a":1},{"a":1,"a":2}]}"#,
            Err(vec![dup("/items/1/a")]),
        ),
        (
            r#"{"limit":1,"options":{"mode":"a","mode":"b"}}"#,
            Err(vec![dup("/options/mode")]),
        ),
        (
            r#"{"limit":1,"options":{"deep":{"k":1,"k":2}}}"#,
            Err(vec![dup("/options/deep/k")]),
        ),
        // Beside other issues: the repeat first, then the rest (the last occurrence is
        // the one read).
        (
            r#"{"limit":"x","limit":2,"ids":[1,"y"]}"#,
            Err(vec![dup("/limit"), (Code::IntParsing, "/ids/1".to_owned())]),
        ),
        (
            r#"{"ids":[1],"ids":[2]}"#,
            Err(vec![dup("/ids"), (Code::Missing, "/limit".to_owned())]),
        ),
        // A key that differs only in case names the same field once folded (third
        // revision): two keys for one field; one that differs in escapes is the same key.
        (r#"{"limit":1,"Limit":2}"#, Err(vec![dup("/limit")])),
        (r#"{"limit":1,"\u006cimit":2}"#, Err(vec![dup("/limit")])),
        // Keys repeated in different objects are not repeats.
        (
            r#"{"limit":1,"items":[{"a":1},{"a":2}]}"#,
            Ok(json!({"limit": 1, "extra": null})),
        ),
    ];
    let mut failures = Vec::new();
    for (text, want) in rows {
        let got = read(text);
        if got != want {
            failures.push(format!("{text}\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The documented limit: inside a field of a map type of serde's own (`Value`, `Map`,
/// `HashMap`), a call that is otherwise valid is read by `serde_json` alone, which keeps
/// the last occurrence. In a refused call the repeat is reported there too.
#[test]
fn a_map_type_of_serdes_own_keeps_the_last_occurrence_in_a_valid_call() {
    assert_eq!(
        read(r#"{"limit":1,"extra":{"k":1,"k":2}}"#),
        Ok(json!({"limit": 1, "extra": {"k": 2}}))
    );
    assert_eq!(
        read(r#"{"limit":"x","extra":{"k":1,"k":2}}"#),
        Err(vec![
            dup("/extra/k"),
            (Code::InvalidType, "/limit".to_owned())
        ])
    );
}

/// The issue carries the key (cut like every echo) and a hint.
#[test]
fn the_issue_names_the_key() {
    let r = mcp_coerce::from_str::<Args>(r#"{"limit":1,"limit":2}"#).unwrap_err();
    let issue = &r.issues()[0];
    assert_eq!(issue.code().as_str(), "duplicate_key");
    assert_eq!(
        serde_json::to_value(issue).unwrap()["input"],
        json!("limit")
    );
    assert_eq!(
        issue.hint(),
        "send `limit` once: this call sent it more than once in the same object (its last \
         occurrence was checked)"
    );
    let long = "k".repeat(500);
    let text = format!(r#"{{"limit":1,"extra":{{"{long}":1,"{long}":2}},"limit":2}}"#);
    let r = mcp_coerce::from_str::<Args>(&text).unwrap_err();
    let issue = r
        .issues()
        .iter()
        .find(|i| i.path().to_string().starts_with("/extra/"))
        .unwrap();
    let input = serde_json::to_value(issue).unwrap()["input"].clone();
    assert_eq!(input.as_str().map(|s| s.chars().count()), Some(65));
}

/// Past 100 repeated keys the rest are counted, not built: `issues + truncated` is the
/// number of repeated keys (each once), plus the call's other issues.
#[test]
fn many_repeated_keys_are_capped_and_counted() {
    let mut text = String::from(r#"{"limit":1,"options":{"#);
    for i in 0..150 {
        text.push_str(&format!(r#""k{i}":1,"k{i}":2,"k{i}":3,"#));
    }
    text.push_str(r#""end":0}}"#);
    let r = mcp_coerce::from_str::<Args>(&text).unwrap_err();
    assert_eq!((r.issues().len(), r.truncated()), (100, 50));
    assert!(r.issues().iter().all(|i| i.code() == Code::DuplicateKey));
    assert_eq!(r.issues()[0].path().to_string(), "/options/k0");
    assert_eq!(r.issues()[99].path().to_string(), "/options/k99");
}
