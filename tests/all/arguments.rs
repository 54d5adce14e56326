//! The rows of the contract's third revision about the arguments as a whole
//! (`docs/contract.md`, "Third revision"): arguments sent as `""` or as text, wrapper keys,
//! key folding and near-miss keys. Every row runs through `from_str` (the quick attempt,
//! then the engine) and `from_value` (the engine alone), with and without a report, and
//! must give exactly the same outcome on each.

use crate::common;

use common::{Report, check_issue_model};
use mcp_coerce::{Code, EnumLike, IntArrayLike, IntLike, Rejection, Rule};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use serde_with::serde_as;

#[derive(Deserialize, Serialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Order {
    DateDesc,
    DateAsc,
}

/// A tool with a required field and optional ones.
#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Observations {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    #[serde_as(as = "EnumLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order_by: Option<Order>,
    #[serde_as(as = "IntLike<1, 100>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    limit: Option<u32>,
}

/// A tool whose fields are all optional: a call the quick attempt reads as valid unless it
/// looks at the keys.
#[derive(Deserialize, Debug, PartialEq, Default)]
struct Optional {
    limit: Option<u32>,
    query: Option<String>,
    nested: Option<Inner>,
}

#[derive(Deserialize, Debug, PartialEq, Default)]
struct Inner {
    page_size: Option<u32>,
}

/// A tool that refuses unknown fields.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    limit: u32,
    query: String,
}

/// What a row expects: a value, or `(code, path, hint)` triples (a hint of `""` is not
/// compared), and the coercions `(path, rule)` a report holds.
enum Want<T> {
    Value(T, &'static [(&'static str, Rule)]),
    Issues(&'static [(&'static str, &'static str, &'static str)]),
}

struct Row<T> {
    at: u32,
    /// The arguments as JSON text (`from_str`); `from_value` gets the value it parses to.
    text: &'static str,
    want: Want<T>,
}

fn ok<T>(at: u32, text: &'static str, value: T, steps: &'static [(&'static str, Rule)]) -> Row<T> {
    Row {
        at,
        text,
        want: Want::Value(value, steps),
    }
}

fn err<T>(
    at: u32,
    text: &'static str,
    issues: &'static [(&'static str, &'static str, &'static str)],
) -> Row<T> {
    Row {
        at,
        text,
        want: Want::Issues(issues),
    }
}

fn triples(r: &Rejection) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = r
        .issues()
        .iter()
        .map(|i| {
            (
                i.code().as_str().to_owned(),
                i.path().to_string(),
                i.hint().to_owned(),
            )
        })
        .collect();
    v.sort();
    v
}

/// Run every row through every route; report every failing row before failing.
fn run<T>(rows: Vec<Row<T>>)
where
    T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let mut report = Report::new();
    for row in rows {
        let label = |route: &str| format!("line {} ({route}): {}", row.at, row.text);
        let value: Value = match serde_json::from_str(row.text) {
            Ok(v) => v,
            Err(_) => Value::Null,
        };
        let outcomes = [
            (
                "from_str",
                mcp_coerce::from_str::<T>(row.text).map(|v| (v, None)),
            ),
            (
                "from_value",
                mcp_coerce::from_value::<T>(value.clone()).map(|v| (v, None)),
            ),
            (
                "from_str_with_report",
                mcp_coerce::from_str_with_report::<T>(row.text).map(|c| {
                    let steps: Vec<(String, Rule)> = c
                        .coercions()
                        .iter()
                        .map(|c| (c.path().to_string(), c.rule()))
                        .collect();
                    (c.into_value(), Some(steps))
                }),
            ),
            (
                "from_value_with_report",
                mcp_coerce::from_value_with_report::<T>(value.clone()).map(|c| {
                    let steps: Vec<(String, Rule)> = c
                        .coercions()
                        .iter()
                        .map(|c| (c.path().to_string(), c.rule()))
                        .collect();
                    (c.into_value(), Some(steps))
                }),
            ),
        ];
        for (route, outcome) in outcomes {
            match (&row.want, outcome) {
                (Want::Value(want, steps), Ok((got, got_steps))) => {
                    report.check(&got == want, || {
                        format!("{}: got {got:?}, want {want:?}", label(route))
                    });
                    if let Some(got_steps) = got_steps {
                        let want_steps: Vec<(String, Rule)> =
                            steps.iter().map(|(p, r)| ((*p).to_owned(), *r)).collect();
                        report.check(got_steps == want_steps, || {
                            format!(
                                "{}: coercions {got_steps:?}, want {want_steps:?}",
                                label(route)
                            )
                        });
                    }
                }
                (Want::Issues(want), Err(rejection)) => {
                    check_issue_model(&mut report, &label(route), &rejection);
                    let got = triples(&rejection);
                    let mut want: Vec<(String, String, String)> = want
                        .iter()
                        .map(|(c, p, h)| ((*c).to_owned(), (*p).to_owned(), (*h).to_owned()))
                        .collect();
                    want.sort();
                    let same = got.len() == want.len()
                        && got.iter().zip(&want).all(|(g, w)| {
                            g.0 == w.0 && g.1 == w.1 && (w.2.is_empty() || g.2 == w.2)
                        });
                    report.check(same, || {
                        format!("{}: got {got:?}, want {want:?}", label(route))
                    });
                }
                (Want::Value(want, _), Err(rejection)) => report.fail(format!(
                    "{}: refused {:?}, want {want:?}",
                    label(route),
                    triples(&rejection)
                )),
                (Want::Issues(want), Ok((got, _))) => {
                    report.fail(format!("{}: accepted {got:?}, want {want:?}", label(route)))
                }
            }
        }
    }
    report.finish();
}

fn obs(ids: &[i64], order_by: Option<Order>, limit: Option<u32>) -> Observations {
    Observations {
        ids: ids.to_vec(),
        order_by,
        limit,
    }
}

#[test]
fn empty_string_arguments_are_no_arguments() {
    run(vec![
        ok(
            line!(),
            r#""""#,
            Optional::default(),
            &[("", Rule::EmptyAsAbsent)],
        ),
        ok(
            line!(),
            r#""  \n ""#,
            Optional::default(),
            &[("", Rule::EmptyAsAbsent)],
        ),
        ok(line!(), "null", Optional::default(), &[]),
    ]);
    run::<Observations>(vec![err(line!(), r#""""#, &[("missing", "/ids", "")])]);
    // Empty text that is not JSON at all stays invalid_json (from_str only).
    let refused = mcp_coerce::from_str::<Optional>("").unwrap_err();
    assert_eq!(refused.issues()[0].code(), Code::InvalidJson);
}

#[test]
fn arguments_sent_as_text() {
    const FENCE: &str = "send the object itself, without the ``` fence";
    run(vec![
        ok(
            line!(),
            r#""{\"ids\": [1]}""#,
            obs(&[1], None, None),
            &[("", Rule::ArgsUnwrapped)],
        ),
        ok(
            line!(),
            r#"" \"{\\\"ids\\\": [2]}\" ""#,
            obs(&[2], None, None),
            &[("", Rule::ArgsUnwrapped), ("", Rule::ArgsUnwrapped)],
        ),
        err(
            line!(),
            r#""{\"ids\": [1]} and more""#,
            &[("invalid_json", "", "")],
        ),
        err(
            line!(),
            r#""```json\n{\"ids\": [1]}\n```""#,
            &[("invalid_json", "", FENCE)],
        ),
        err(line!(), r#"" ``` {} ``` ""#, &[("invalid_json", "", FENCE)]),
        err(line!(), r#""ids=1""#, &[("invalid_type", "", "")]),
        err(line!(), r#""[1, 2]""#, &[("invalid_type", "", "")]),
    ]);
    // The offset of the trailing text, in chars from the start of the text.
    let refused = mcp_coerce::from_str::<Observations>(r#""{\"ids\": [1]} x""#).unwrap_err();
    assert_eq!(
        refused.issues()[0].context().and_then(|c| c.get("offset")),
        Some(&json!(13))
    );
}

#[test]
fn wrapper_keys_are_unwrapped() {
    const INSIDE: &str = "`ids` was sent inside `arguments`: send it at the top level";
    let wrapped = &[("", Rule::ArgsUnwrapped)];
    run(vec![
        ok(
            line!(),
            r#"{"arguments": {"ids": [1]}}"#,
            obs(&[1], None, None),
            wrapped,
        ),
        ok(
            line!(),
            r#"{"parameters": {"ids": "1,2"}}"#,
            obs(&[1, 2], None, None),
            &[("", Rule::ArgsUnwrapped), ("/ids", Rule::CommaSplit)],
        ),
        ok(
            line!(),
            r#"{"params": {"ids": [3]}}"#,
            obs(&[3], None, None),
            wrapped,
        ),
        ok(
            line!(),
            r#"{"input": {"ids": [4]}}"#,
            obs(&[4], None, None),
            wrapped,
        ),
        ok(
            line!(),
            r#"{"args": {"ids": [5]}}"#,
            obs(&[5], None, None),
            wrapped,
        ),
        ok(
            line!(),
            r#"{"kwargs": "{\"ids\": [6]}"}"#,
            obs(&[6], None, None),
            wrapped,
        ),
        ok(
            line!(),
            r#"{"name": "get_observations", "arguments": {"ids": [7]}}"#,
            obs(&[7], None, None),
            wrapped,
        ),
        ok(
            line!(),
            r#"{"name": "x", "parameters": "{\"ids\": [8]}"}"#,
            obs(&[8], None, None),
            wrapped,
        ),
        // Issues inside are at the paths of the arguments as read.
        err(
            line!(),
            r#"{"arguments": {"ids": [1, "x"]}}"#,
            &[("int_parsing", "/ids/1", "")],
        ),
        // Not a wrapper: other keys beside it, or a value that holds no object.
        err(
            line!(),
            r#"{"arguments": {"ids": [1]}, "limit": 5}"#,
            &[("missing", "/ids", INSIDE)],
        ),
        err(
            line!(),
            r#"{"arguments": "[1]"}"#,
            &[("missing", "/ids", "")],
        ),
        err(
            line!(),
            r#"{"name": 5, "arguments": {"ids": [1]}}"#,
            &[("missing", "/ids", INSIDE)],
        ),
    ]);
    // All fields optional: the quick attempt must not read the wrapped call as empty.
    run(vec![
        ok(
            line!(),
            r#"{"input": {"limit": 5}}"#,
            Optional {
                limit: Some(5),
                ..Optional::default()
            },
            &[("", Rule::ArgsUnwrapped)],
        ),
        ok(
            line!(),
            r#"{"limit": 5}"#,
            Optional {
                limit: Some(5),
                ..Optional::default()
            },
            &[],
        ),
    ]);
}

#[test]
fn wrapper_keys_a_tool_declares_are_fields() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Declares {
        input: Value,
    }
    run(vec![ok(
        line!(),
        r#"{"input": {"ids": [1]}}"#,
        Declares {
            input: json!({"ids": [1]}),
        },
        &[],
    )]);
    // A free map is never unwrapped.
    run(vec![ok(
        line!(),
        r#"{"arguments": {"a": 1}}"#,
        serde_json::Map::from_iter([("arguments".to_owned(), json!({"a": 1}))]),
        &[],
    )]);
}

#[test]
fn keys_fold_to_the_fields_they_name() {
    run(vec![
        ok(
            line!(),
            r#"{"ids": [1], "orderBy": "date_desc"}"#,
            obs(&[1], Some(Order::DateDesc), None),
            &[("/order_by", Rule::KeyFold)],
        ),
        ok(
            line!(),
            r#"{"ids": [1], "OrderBy": "date_asc"}"#,
            obs(&[1], Some(Order::DateAsc), None),
            &[("/order_by", Rule::KeyFold)],
        ),
        ok(
            line!(),
            r#"{"ids": [1], "order-by": "date_asc"}"#,
            obs(&[1], Some(Order::DateAsc), None),
            &[("/order_by", Rule::KeyFold)],
        ),
        ok(
            line!(),
            r#"{"IDS": [1], "Limit": 5}"#,
            obs(&[1], None, Some(5)),
            &[("/ids", Rule::KeyFold), ("/limit", Rule::KeyFold)],
        ),
        // Issues at the field's path.
        err(
            line!(),
            r#"{"ids": [1], "Limit": 500}"#,
            &[("too_big", "/limit", "")],
        ),
        // Two keys for one field.
        err(
            line!(),
            r#"{"ids": [1], "limit": 5, "Limit": 6}"#,
            &[(
                "duplicate_key",
                "/limit",
                "send `limit` once: the call also sent it as `Limit`",
            )],
        ),
        err(
            line!(),
            r#"{"ids": [1], "orderBy": "date_asc", "OrderBy": "date_desc"}"#,
            &[("duplicate_key", "/order_by", "")],
        ),
    ]);
    // All fields optional: the quick attempt must not drop a folded key, at any depth.
    run(vec![
        ok(
            line!(),
            r#"{"Limit": 5}"#,
            Optional {
                limit: Some(5),
                ..Optional::default()
            },
            &[("/limit", Rule::KeyFold)],
        ),
        ok(
            line!(),
            r#"{"nested": {"pageSize": 3}}"#,
            Optional {
                nested: Some(Inner { page_size: Some(3) }),
                ..Optional::default()
            },
            &[("/nested/page_size", Rule::KeyFold)],
        ),
    ]);
}

#[test]
fn near_miss_keys() {
    const QUERY: &str =
        "did you mean `query`? the call sent `querry`, which is not a field: send it as `query`";
    const LIMIT: &str =
        "did you mean `limit`? the call sent `limt`, which is not a field: send it as `limit`";
    // An optional field: accepted, the key ignored and recorded.
    run(vec![
        ok(
            line!(),
            r#"{"ids": [1], "limt": 5}"#,
            obs(&[1], None, None),
            &[("/limt", Rule::UnknownIgnored)],
        ),
        // Too far, or too short a name to guess at.
        ok(
            line!(),
            r#"{"ids": [1], "lmt": 5}"#,
            obs(&[1], None, None),
            &[],
        ),
    ]);
    // A required field: missing, with the key named.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Search {
        query: String,
    }
    run::<Search>(vec![err(
        line!(),
        r#"{"querry": "rust"}"#,
        &[("missing", "/query", QUERY)],
    )]);
    // Under deny_unknown_fields: unknown_field with the hint, beside the missing fields.
    run::<Strict>(vec![err(
        line!(),
        r#"{"limt": 5, "query": "x"}"#,
        &[("unknown_field", "/limt", LIMIT), ("missing", "/limit", "")],
    )]);
}

#[test]
fn notes_for_the_model() {
    let call = mcp_coerce::from_str_with_report::<Observations>(
        r#"{"ids": [1], "orderBy": "date_desc", "limt": 5}"#,
    )
    .expect("accepted");
    assert_eq!(
        call.notes(),
        [
            "orderBy was read as order_by",
            "unknown field limt was ignored: did you mean limit?"
        ]
    );
    let call =
        mcp_coerce::from_value_with_report::<Observations>(json!({"arguments": {"ids": [1]}}))
            .expect("accepted");
    let c = &call.coercions()[0];
    assert_eq!(
        (c.rule(), c.from(), c.path().to_string()),
        (
            Rule::ArgsUnwrapped,
            Some(&mcp_coerce::Input::Text("arguments".into())),
            String::new()
        )
    );
}
