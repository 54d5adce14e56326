//! The lax shapes of each tool, in tables: what an agent sends as the arguments, and what
//! the tool reads (the arguments exactly) or the refusal the agent gets back (each issue's
//! code and JSON Pointer, in the envelope's order).
//!
//! Each call goes through `mcp_coerce::from_value_with_report`, which is how the server's
//! `Parameters` extractor reads the arguments of a `tools/call`. Every row is checked
//! before the test fails, and a failure lists every row that failed.

use std::fmt::Debug;

use mcp_coerce::{Code, Coerced};
use mcp_coerce_example_server::{CreateNote, GetNote, SearchNotes, Sort, TagNotes};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// What a row expects: the arguments as read, or the issues of the refusal.
type Expect<T> = Result<T, &'static [(Code, &'static str)]>;

/// Each row's arguments read as `T`, against what the row expects.
#[track_caller]
fn check<T: DeserializeOwned + PartialEq + Debug>(rows: Vec<(Value, Expect<T>)>) {
    let mut failures = Vec::new();
    for (sent, expected) in &rows {
        let got = mcp_coerce::from_value_with_report::<T>(sent.clone())
            .map(Coerced::into_value)
            .map_err(|refused| {
                let issues: Vec<(Code, String)> = refused
                    .issues()
                    .iter()
                    .map(|i| (i.code(), i.path().to_string()))
                    .collect();
                issues
            });
        let matches = match (&got, expected) {
            (Ok(value), Ok(expected)) => value == expected,
            (Err(issues), Err(expected)) => issues
                .iter()
                .map(|(code, path)| (*code, path.as_str()))
                .eq(expected.iter().copied()),
            _ => false,
        };
        if !matches {
            failures.push(format!(
                "{sent}\n  expected {expected:?}\n  got      {got:?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

fn search(query: &str, author_ids: &[u64], sort: Option<Sort>, limit: u32) -> SearchNotes {
    SearchNotes {
        query: query.to_owned(),
        author_ids: author_ids.to_vec(),
        sort,
        limit,
    }
}

#[test]
fn notes_search() {
    check(vec![
        (
            json!({"query": "release"}),
            Ok(search("release", &[], None, 10)),
        ),
        (
            json!({"query": " release notes ", "author_ids": "1, 2", "sort": "Newest", "limit": "5"}),
            Ok(search("release notes", &[1, 2], Some(Sort::Newest), 5)),
        ),
        (
            json!({"query": "release", "author_ids": "[3]", "limit": 500}),
            Ok(search("release", &[3], None, 50)),
        ),
        (
            json!({"query": "release", "author_ids": 7, "limit": null}),
            Ok(search("release", &[7], None, 10)),
        ),
        (
            json!({"query": "release", "sort": "OLDEST", "limit": ""}),
            Ok(search("release", &[], Some(Sort::Oldest), 10)),
        ),
        (
            json!({"query": "release", "limit": 0}),
            Ok(search("release", &[], None, 1)),
        ),
        (
            json!("{\"query\": \"release\"}"),
            Ok(search("release", &[], None, 10)),
        ),
        (
            json!({"Query": "release", "authorIds": "4"}),
            Ok(search("release", &[4], None, 10)),
        ),
        (json!({"query": "   "}), Err(&[(Code::TooShort, "/query")])),
        (
            json!({"author_ids": [1]}),
            Err(&[(Code::Missing, "/query")]),
        ),
        (
            json!({"query": "release", "author_ids": "1,x", "sort": "latest", "limit": 2.5}),
            Err(&[
                (Code::IntParsing, "/author_ids/1"),
                (Code::IntFromFloat, "/limit"),
                (Code::EnumUnknown, "/sort"),
            ]),
        ),
        (
            json!({"query": "release", "author_ids": [-1]}),
            Err(&[(Code::IntOverflow, "/author_ids/0")]),
        ),
        (
            json!({"query": "release", "author_ids": (1..=21).collect::<Vec<u64>>()}),
            Err(&[(Code::TooLong, "/author_ids")]),
        ),
    ]);
}

fn get(note_id: &str) -> GetNote {
    GetNote {
        note_id: note_id.to_owned(),
    }
}

#[test]
fn notes_get() {
    check(vec![
        (json!({"note_id": "N-1042"}), Ok(get("N-1042"))),
        (json!({"note_id": " N-7 "}), Ok(get("N-7"))),
        (json!({"noteId": "N-7"}), Ok(get("N-7"))),
        (json!("{\"note_id\": \"N-7\"}"), Ok(get("N-7"))),
        (json!({"arguments": {"note_id": "N-7"}}), Ok(get("N-7"))),
        (
            json!({"note_id": "n-7"}),
            Err(&[(Code::PatternMismatch, "/note_id")]),
        ),
        (
            json!({"note_id": "N-0"}),
            Err(&[(Code::PatternMismatch, "/note_id")]),
        ),
        (
            json!({"note_id": 1042}),
            Err(&[(Code::InvalidType, "/note_id")]),
        ),
        (
            json!({"note_id": "N-12345678901234567"}),
            Err(&[(Code::TooLong, "/note_id")]),
        ),
        (json!({}), Err(&[(Code::Missing, "/note_id")])),
    ]);
}

fn tag(note_ids: &[&str], tags: &[&str], remove: bool) -> TagNotes {
    TagNotes {
        note_ids: note_ids.iter().map(|s| s.to_string()).collect(),
        tags: tags.iter().map(|s| s.to_string()).collect(),
        remove,
    }
}

#[test]
fn notes_tag() {
    check(vec![
        (
            json!({"note_ids": ["N-1", "N-2"], "tags": ["release", "q3"]}),
            Ok(tag(&["N-1", "N-2"], &["release", "q3"], false)),
        ),
        (
            json!({"note_ids": "N-1", "tags": "release, q3", "remove": "yes"}),
            Ok(tag(&["N-1"], &["release", "q3"], true)),
        ),
        (
            json!({"note_ids": "[\"N-1\", \"N-2\"]", "tags": "[\"a, b\"]", "remove": 0}),
            Ok(tag(&["N-1", "N-2"], &["a, b"], false)),
        ),
        (
            json!({"note_ids": [" N-1 "], "tags": "release", "remove": "FALSE"}),
            Ok(tag(&["N-1"], &["release"], false)),
        ),
        (
            json!({"note_ids": [], "tags": ""}),
            Err(&[(Code::TooShort, "/note_ids"), (Code::TooShort, "/tags")]),
        ),
        (
            json!({"note_ids": ["N-1", "1042"], "tags": "a", "remove": "maybe"}),
            Err(&[
                (Code::PatternMismatch, "/note_ids/1"),
                (Code::BoolParsing, "/remove"),
            ]),
        ),
        (
            json!({"note_ids": "N-1, N-2", "tags": "a"}),
            Err(&[(Code::PatternMismatch, "/note_ids/0")]),
        ),
        (
            json!({"note_ids": ["N-1"]}),
            Err(&[(Code::Missing, "/tags")]),
        ),
    ]);
}

fn create(title: &str, body: &str, priority: Option<u8>) -> CreateNote {
    CreateNote {
        title: title.to_owned(),
        body: body.to_owned(),
        priority,
    }
}

#[test]
fn notes_create() {
    check(vec![
        (
            json!({"title": " Groceries ", "body": "milk, eggs"}),
            Ok(create("Groceries", "milk, eggs", None)),
        ),
        (
            json!({"title": "Call", "body": " the bank ", "priority": "2"}),
            Ok(create("Call", " the bank ", Some(2))),
        ),
        (
            json!({"title": "Call", "body": "the bank", "priority": 2.0}),
            Ok(create("Call", "the bank", Some(2))),
        ),
        (
            json!({"title": "Call", "body": "the bank", "priority": ""}),
            Ok(create("Call", "the bank", None)),
        ),
        (
            json!({"title": "Call", "body": "the bank", "priority": null}),
            Ok(create("Call", "the bank", None)),
        ),
        (
            json!({"title": "Call", "body": "the bank", "priority": "null"}),
            Ok(create("Call", "the bank", None)),
        ),
        (
            json!({"title": "   ", "body": "", "priority": 9}),
            Err(&[
                (Code::TooShort, "/body"),
                (Code::TooBig, "/priority"),
                (Code::TooShort, "/title"),
            ]),
        ),
        (
            json!({"body": "the bank", "priority": "high"}),
            Err(&[(Code::IntParsing, "/priority"), (Code::Missing, "/title")]),
        ),
        (
            json!({"title": "Call", "body": "x".repeat(10_001)}),
            Err(&[(Code::TooLong, "/body")]),
        ),
    ]);
}

/// The notes the model reads in the result when a call was read other than as sent (the
/// server's tools attach them with `Coercions::attach`).
#[test]
fn the_notes_for_the_model() {
    let rows: Vec<(Value, &[&str])> = vec![
        (
            json!({"query": "release", "limit": 10, "sort": "relevance"}),
            &[],
        ),
        (
            json!({"query": "release", "limit": "10", "author_ids": "1, 2"}),
            &[],
        ),
        (
            json!({"query": "release", "limit": 500}),
            &["limit 500 was clamped to 50 (maximum)"],
        ),
        (
            json!({"query": "release", "sort": "NEWEST"}),
            &[
                "sort \"NEWEST\" was read as \"newest\"",
                "limit had no value; the default 10 was used",
            ],
        ),
        (
            json!({"query": "release", "limit": null}),
            &["limit had no value; the default 10 was used"],
        ),
        (
            json!({"query": "release", "lmit": 5}),
            &[
                "limit had no value; the default 10 was used",
                "unknown field lmit was ignored: did you mean limit?",
            ],
        ),
    ];
    let mut failures = Vec::new();
    for (sent, expected) in &rows {
        let notes = mcp_coerce::from_value_with_report::<SearchNotes>(sent.clone())
            .map(|call| call.notes());
        if !notes.as_ref().is_ok_and(|notes| notes == expected) {
            failures.push(format!("{sent}: expected {expected:?}, got {notes:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
