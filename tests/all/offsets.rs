//! Issues that point inside an encoded string: a refused comma piece or element of JSON
//! text carries `context.offset`, its start in chars from the start of the innermost
//! decoded string; `invalid_json` carries the offset of the error, and its message has no
//! line and column.

use mcp_coerce::{ArrayLike, Code, IntArrayLike, IntLike, StringArrayLike};
use serde::Deserialize;
use serde_json::json;
use serde_with::{Same, serde_as};

#[serde_as]
#[derive(Debug, Deserialize)]
#[allow(dead_code, reason = "only the refusals are read")]
struct Item {
    #[serde_as(as = "IntLike")]
    id: i64,
}

#[serde_as]
#[derive(Debug, Deserialize)]
#[allow(dead_code, reason = "only the refusals are read")]
struct Args {
    #[serde_as(as = "IntArrayLike")]
    #[serde(default)]
    ids: Vec<i64>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default)]
    tags: Vec<String>,
    #[serde_as(as = "ArrayLike<Same>")]
    #[serde(default)]
    items: Vec<Item>,
}

/// `(code, path, context.offset)` of every issue of `json`, on the text route and the
/// `Value` route (which must agree).
fn located(json: &str) -> Vec<(Code, String, Option<u64>)> {
    let of = |r: mcp_coerce::Rejection| -> Vec<(Code, String, Option<u64>)> {
        r.issues()
            .iter()
            .map(|i| {
                let offset = i
                    .context()
                    .and_then(|c| c.get("offset"))
                    .and_then(|o| o.as_u64());
                (i.code(), i.path().to_string(), offset)
            })
            .collect()
    };
    let text = of(mcp_coerce::from_str::<Args>(json).unwrap_err());
    let value =
        of(mcp_coerce::from_value::<Args>(serde_json::from_str(json).unwrap()).unwrap_err());
    assert_eq!(text, value, "{json}");
    text
}

/// An issue as the table states it: code, path, `context.offset`.
type Located = (Code, &'static str, Option<u64>);

#[test]
fn offsets() {
    use Code::*;
    #[rustfmt::skip]
    let table: &[(&str, &[Located])] = &[
        (r#"{"ids": "1,foo,3"}"#, &[(IntParsing, "/ids/1", Some(2))]),
        (r#"{"ids": " 1, foo"}"#, &[(IntParsing, "/ids/1", Some(4))]),
        (r#"{"ids": "é,ü,7"}"#, &[(IntParsing, "/ids/0", Some(0)), (IntParsing, "/ids/1", Some(2))]),
        // the innermost decoded string: the layer inside the string sent
        (r#"{"ids": "\"1,foo\""}"#, &[(IntParsing, "/ids/1", Some(2))]),
        (r#"{"ids": "1,000"}"#, &[(IntParsing, "/ids/1", Some(2))]),
        (r#"{"ids": "[1, \"x\", 3]"}"#, &[(IntParsing, "/ids/1", Some(4))]),
        (r#"{"ids": " [1, 2.5]"}"#, &[(IntFromFloat, "/ids/1", Some(5))]),
        (r#"{"tags": "[\"a\", 1]"}"#, &[(InvalidType, "/tags/1", Some(6))]),
        (r#"{"items": "[{\"id\": 1}, 5, {\"id\": \"x\"}]"}"#,
            &[(InvalidType, "/items/1", Some(12)), (IntParsing, "/items/2/id", None)]),
        // native arrays have no string to point into
        (r#"{"ids": [1, "x"]}"#, &[(IntParsing, "/ids/1", None)]),
        // invalid JSON text: where the error is
        (r#"{"ids": "[1,2"}"#, &[(InvalidJson, "/ids", Some(4))]),
        (r#"{"ids": "[1,x]"}"#, &[(InvalidJson, "/ids", Some(3))]),
        (r#"{"ids": "  [1,x]"}"#, &[(InvalidJson, "/ids", Some(5))]),
        (r#"{"tags": "[\"a\",]"}"#, &[(InvalidJson, "/tags", Some(5))]),
        (r#"{"items": "[{\"id\" 1}]"}"#, &[(InvalidJson, "/items", Some(7))]),
        (r#"{"ids": "[1,\n x]"}"#, &[(InvalidJson, "/ids", Some(5))]),
    ];
    for (json, want) in table {
        let want: Vec<(Code, String, Option<u64>)> = want
            .iter()
            .map(|(c, p, o)| (*c, p.to_string(), *o))
            .collect();
        assert_eq!(located(json), want, "{json}");
    }
}

#[test]
fn invalid_json_messages_have_no_line_and_column() {
    /// The first issue's code, message and `context.offset`.
    fn first(json: &str) -> (Code, String, Option<serde_json::Value>) {
        let refused = mcp_coerce::from_str::<Args>(json).unwrap_err();
        let issue = &refused.issues()[0];
        let offset = issue.context().map(|c| c["offset"].clone());
        (issue.code(), issue.message().to_owned(), offset)
    }
    let table: &[(&str, &str, u64)] = &[
        (
            r#"{"ids": "[1,x]"}"#,
            "invalid JSON text: expected value",
            3,
        ),
        (
            r#"{"ids": [1, }"#,
            "arguments are not valid JSON: expected value",
            12,
        ),
        // the arguments sent as a string: the offset inside the decoded string
        (
            r#""{\"ids\": [1,}""#,
            "invalid JSON text: expected value",
            11,
        ),
    ];
    for (json, message, offset) in table {
        assert_eq!(
            first(json),
            (Code::InvalidJson, message.to_string(), Some(json!(offset))),
            "{json}"
        );
    }
}
