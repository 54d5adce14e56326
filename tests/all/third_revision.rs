//! The rows of the contract's section "Third revision" (`docs/contract.md`) that the
//! adapters answer, one named test each, with exact expectations, through `from_value`
//! and `from_str` alike. The rows about the arguments as a whole (wrappers, key folding,
//! near-miss keys) are tested with their implementation; the rmcp router's rows (big ids
//! through the output check, `resultType` for older protocol versions, published formats)
//! are in the test suite's `rmcp_router.rs`.

use crate::common;

use std::fmt::Debug;

use common::{Field, Place, Report, Row, err, ok};
use mcp_coerce::{
    ArrayLike, BoolLike, EnumLike, Envelope, Input, IntArrayLike, IntLike, JsonObjectLike, NoSplit,
    StringArrayLike,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value, json};
use serde_with::{Same, serde_as};

const IDS: Place = Place::Field("ids");

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// The issues (as JSON: code, path, message, input, hint, context) of `args` for `T`,
/// which `from_value` and `from_str` must refuse alike.
#[track_caller]
fn refused<T: DeserializeOwned + Debug>(args: &Value) -> Value {
    let by_value = mcp_coerce::from_value::<T>(args.clone()).expect_err("refused");
    let by_str = mcp_coerce::from_str::<T>(&args.to_string()).expect_err("refused");
    let issues = serde_json::to_value(by_value.issues()).expect("JSON");
    assert_eq!(
        issues,
        serde_json::to_value(by_str.issues()).expect("JSON"),
        "from_value and from_str disagree on {args}"
    );
    issues
}

/// The coercion report (as JSON) of `args` for `T`, which `from_value_with_report` and
/// `from_str_with_report` must accept alike, and the value read.
#[track_caller]
fn coerced<T: DeserializeOwned + Debug>(args: &Value) -> (T, Value) {
    let by_value = mcp_coerce::from_value_with_report::<T>(args.clone()).expect("accepted");
    let by_str = mcp_coerce::from_str_with_report::<T>(&args.to_string()).expect("accepted");
    let report = serde_json::to_value(by_value.report()).expect("JSON");
    assert_eq!(
        report,
        serde_json::to_value(by_str.report()).expect("JSON"),
        "from_value and from_str disagree on {args}"
    );
    (by_value.into_value(), report)
}

// --- A "did you mean" whose best candidates tie names neither ----------------------------

#[derive(Deserialize, Serialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Order {
    Asc,
    Desc,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Sort {
    #[serde_as(as = "EnumLike")]
    ids: Order,
}
impl Field for Sort {
    type Out = Order;
    fn out(self) -> Order {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only refused")]
struct Sorts {
    #[serde_as(as = "ArrayLike<EnumLike>")]
    ids: Vec<Order>,
}

/// Two variants whose names fold alike (`a-b`, `a_b`): `"AB"` matches neither.
#[derive(Deserialize, Serialize, Debug, PartialEq, Clone, Copy)]
enum Twins {
    #[serde(rename = "a-b")]
    Dash,
    #[serde(rename = "a_b")]
    Underscore,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Twin {
    #[serde_as(as = "EnumLike")]
    #[allow(dead_code, reason = "only refused")]
    ids: Twins,
}

/// `"dsc"` is one edit from `asc` and from `desc`: the hint lists the allowed values and
/// names neither (the first listed, `asc`, is the opposite of the likely `desc`). A unique
/// nearest value is still named.
#[test]
fn a_did_you_mean_tie_names_neither_value() {
    let rows: Vec<Row<Order>> = vec![
        ok(json!("desc"), Order::Desc),
        ok(json!("DESC"), Order::Desc),
        err(json!("dsc"), &[("enum_unknown", "/ids")]),
        err(json!("descc"), &[("enum_unknown", "/ids")]),
        err(json!("random"), &[("enum_unknown", "/ids")]),
    ];
    let mut report = Report::new();
    report.table::<Sort>("EnumLike", IDS, &rows);
    report.finish();

    assert_eq!(
        refused::<Sort>(&json!({"ids": "dsc"})),
        json!([{
            "code": "enum_unknown",
            "path": "/ids",
            "message": "unknown value",
            "input": "dsc",
            "hint": "send one of: \"asc\", \"desc\"",
            "context": {"allowed": ["asc", "desc"]}
        }])
    );
    assert_eq!(
        refused::<Sort>(&json!({"ids": "descc"})),
        json!([{
            "code": "enum_unknown",
            "path": "/ids",
            "message": "unknown value",
            "input": "descc",
            "hint": "did you mean \"desc\"?",
            "context": {"allowed": ["asc", "desc"], "did_you_mean": "desc"}
        }])
    );
    // An element of an array of enums alike.
    assert_eq!(
        refused::<Sorts>(&json!({"ids": ["asc", "dsc"]})),
        json!([{
            "code": "enum_unknown",
            "path": "/ids/1",
            "message": "unknown value",
            "input": "dsc",
            "hint": "send one of: \"asc\", \"desc\"",
            "context": {"allowed": ["asc", "desc"]}
        }])
    );
    // Two values that fold alike tie at distance 0.
    assert_eq!(
        refused::<Twin>(&json!({"ids": "AB"})),
        json!([{
            "code": "enum_unknown",
            "path": "/ids",
            "message": "unknown value",
            "input": "AB",
            "hint": "send one of: \"a-b\", \"a_b\"",
            "context": {"allowed": ["a-b", "a_b"]}
        }])
    );
    // The other "did you mean" of the crate, an unknown tool's, names no tied name either.
    let tools = ["list", "last", "search"];
    assert_eq!(
        Envelope::unknown_tool_among("lst", tools, "Call tools/list.").hint(),
        "Call tools/list."
    );
    assert_eq!(
        Envelope::unknown_tool_among("serch", tools, "Call tools/list.").hint(),
        "did you mean \"search\"? Call tools/list."
    );
}

// --- The thousands-separator hint, and other leading-zero lists ---------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
struct Ids {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
}
impl Field for Ids {
    type Out = Vec<i64>;
    fn out(self) -> Vec<i64> {
        self.ids
    }
}

const AMBIGUOUS: &str =
    "leading zeros are ambiguous in a list: send the ids as a JSON array of numbers";

/// The hints of the issues of `sent` for an integer array, in order.
#[track_caller]
fn hints(sent: &str) -> Vec<(String, String)> {
    let issues = refused::<Ids>(&json!({ "ids": sent }));
    issues
        .as_array()
        .map(|issues| {
            issues
                .iter()
                .map(|i| {
                    (
                        i["path"].as_str().unwrap_or("").to_owned(),
                        i["hint"].as_str().unwrap_or("").to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The thousands-separator hint is given only where the pieces spell a number written
/// with separators (a first piece of 1 to 3 digits without a leading zero, then pieces of
/// exactly 3 digits); any other list with a leading zero keeps its codes and paths, with
/// the hint that leading zeros are ambiguous in a list.
#[test]
fn the_thousands_hint_only_for_the_thousands_shape() {
    let rows: Vec<Row<Vec<i64>>> = vec![
        err(json!("1,000"), &[("int_parsing", "/ids/1")]),
        err(json!("12,050,300"), &[("int_parsing", "/ids/1")]),
        err(json!("-1,000"), &[("int_parsing", "/ids/1")]),
        err(
            json!("03106,02134"),
            &[("int_parsing", "/ids/0"), ("int_parsing", "/ids/1")],
        ),
        err(json!("1234,005"), &[("int_parsing", "/ids/1")]),
        err(json!("1,05"), &[("int_parsing", "/ids/1")]),
        err(json!("0,001"), &[("int_parsing", "/ids/1")]),
        err(
            json!("1,000,x"),
            &[("int_parsing", "/ids/1"), ("int_parsing", "/ids/2")],
        ),
        ok(json!("1,2,300"), vec![1, 2, 300]),
    ];
    let mut report = Report::new();
    report.table::<Ids>("IntArrayLike", IDS, &rows);
    report.finish();

    let thousands = |text: &str, number: &str| {
        format!(
            "\"{text}\" looks like one number written with thousands separators: send {number} as a number, or the ids as a JSON array"
        )
    };
    let at = |path: &str, hint: &str| (path.to_owned(), hint.to_owned());
    assert_eq!(hints("1,000"), [at("/ids/1", &thousands("1,000", "1000"))]);
    assert_eq!(
        hints("12,050,300"),
        [at("/ids/1", &thousands("12,050,300", "12050300"))]
    );
    assert_eq!(
        hints("-1,000"),
        [at("/ids/1", &thousands("-1,000", "-1000"))]
    );
    assert_eq!(
        hints(" 7, 007 "),
        [at("/ids/1", &thousands("7, 007", "7007"))]
    );
    assert_eq!(
        hints("03106,02134"),
        [at("/ids/0", AMBIGUOUS), at("/ids/1", AMBIGUOUS)]
    );
    for sent in ["1234,005", "1,05", "0,001", "1,0005"] {
        assert_eq!(hints(sent), [at("/ids/1", AMBIGUOUS)], "{sent}");
    }
    assert_eq!(
        hints("1,000,x"),
        [
            at("/ids/1", AMBIGUOUS),
            at("/ids/2", "send a whole number in decimal notation, e.g. 42"),
        ]
    );
    // The rest of the issue is the second revision's.
    assert_eq!(
        refused::<Ids>(&json!({"ids": "03106,2"})),
        json!([{
            "code": "int_parsing",
            "path": "/ids/0",
            "message": "expected an integer without a leading zero",
            "input": "03106",
            "hint": AMBIGUOUS,
            "context": {"offset": 0}
        }])
    );
}

// --- An integer from a string with leading zeros ------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
struct Zip {
    #[serde_as(as = "IntLike")]
    ids: u32,
}
impl Field for Zip {
    type Out = u32;
    fn out(self) -> u32 {
        self.ids
    }
}

/// A string with leading zeros is read as the integer it spells (a zip code belongs in a
/// string field); one piece alone in an integer array too.
#[test]
fn leading_zeros_in_one_integer_are_read_as_the_integer() {
    let rows: Vec<Row<u32>> = vec![
        ok(json!("03106"), 3106),
        ok(json!("007"), 7),
        ok(json!(" 007 "), 7),
        ok(json!("007.0"), 7),
    ];
    let mut report = Report::new();
    report.table::<Zip>("IntLike", IDS, &rows);
    let array: Vec<Row<Vec<i64>>> = vec![
        ok(json!("03106"), vec![3106]),
        ok(json!(["03106", "007"]), vec![3106, 7]),
    ];
    report.table::<Ids>("IntArrayLike", IDS, &array);
    report.finish();
    let (args, report) = coerced::<Zip>(&json!({"ids": "03106"}));
    assert_eq!(args.ids, 3106);
    assert_eq!(
        report,
        json!([
           {"path": "/ids", "rule": "numeric_string", "from": "03106", "to": 3106}
        ])
    );
}

// --- int_overflow for types past 2^53 − 1 -------------------------------------------------

const AS_STRINGS: &str = "send integers past 9007199254740991 as strings";

/// One integer field `ids` of type `$t` read by `$adapter` (or by serde alone).
macro_rules! int_field {
    ($name:ident, $t:ty, $adapter:literal) => {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        #[allow(dead_code, reason = "only refused")]
        struct $name {
            #[serde_as(as = $adapter)]
            ids: $t,
        }
    };
    ($name:ident, $t:ty) => {
        #[derive(Deserialize, Debug)]
        #[allow(dead_code, reason = "only refused")]
        struct $name {
            ids: $t,
        }
    };
}

int_field!(AnyI64, i64, "IntLike");
int_field!(AnyU64, u64, "IntLike");
int_field!(AnyI128, i128, "IntLike");
int_field!(AnyU128, u128, "IntLike");
int_field!(AnyIsize, isize, "IntLike");
int_field!(AnyUsize, usize, "IntLike");
int_field!(AnyU32, u32, "IntLike");
int_field!(AtLeastOne, u64, "IntLike<1>");
int_field!(Wide, u64, "IntLike<0, 10_000_000_000_000_000>");
int_field!(Narrow, u64, "IntLike<1, 5>");
int_field!(PlainU64, u64);
int_field!(PlainI64, i64);
int_field!(PlainU32, u32);
int_field!(U64s, Vec<u64>, "IntArrayLike");

/// A label, the `(message, hint, context)` found, the `(message, hint)` and the context
/// expected.
type OverflowCase = (
    &'static str,
    (String, String, Value),
    (String, String),
    Value,
);

/// The one issue of `args` for `T` as `(message, hint, context)`, checking its code and
/// path.
#[track_caller]
fn overflow<T: DeserializeOwned + Debug>(sent: Value, path: &str) -> (String, String, Value) {
    let issues = refused::<T>(&json!({ "ids": sent.clone() }));
    let issue = &issues[0];
    assert_eq!(issues.as_array().map(Vec::len), Some(1), "{issues}");
    assert_eq!(issue["code"], "int_overflow", "{issues}");
    assert_eq!(issue["path"], path, "{issues}");
    let echoed = match sent {
        Value::Array(items) => items.into_iter().next().unwrap_or_default(),
        other => other,
    };
    assert_eq!(issue["input"], echoed, "{issues}");
    (
        issue["message"].as_str().unwrap_or("").to_owned(),
        issue["hint"].as_str().unwrap_or("").to_owned(),
        issue["context"].clone(),
    )
}

/// The `int_overflow` issue of a type whose range reaches past 2^53 − 1 keeps the type's
/// own bounds in its context and adds to its hint that such integers go as strings; so
/// does a declared bound past it, on the crate's adapters and on plain serde integers.
#[test]
fn int_overflow_past_the_safe_range_says_to_send_strings() {
    let full = |min: &str, max: &str, hint_range: &str| {
        (
            format!("integer out of range: must be from {min} to {max}"),
            format!("send an integer {hint_range}; {AS_STRINGS}"),
        )
    };
    let number = |text: &str| -> Value { serde_json::from_str(text).expect("a number") };
    let cases: Vec<OverflowCase> = vec![
        (
            "i64",
            overflow::<AnyI64>(json!("9223372036854775808"), "/ids"),
            full(
                "-9223372036854775808",
                "9223372036854775807",
                "from -9223372036854775808 to 9223372036854775807",
            ),
            json!({"minimum": i64::MIN, "maximum": i64::MAX}),
        ),
        (
            "u64",
            overflow::<AnyU64>(json!("-1"), "/ids"),
            full(
                "0",
                "18446744073709551615",
                "from 0 to 18446744073709551615",
            ),
            json!({"minimum": 0, "maximum": u64::MAX}),
        ),
        (
            "isize",
            overflow::<AnyIsize>(json!("9223372036854775808"), "/ids"),
            full(
                "-9223372036854775808",
                "9223372036854775807",
                "from -9223372036854775808 to 9223372036854775807",
            ),
            json!({"minimum": i64::MIN, "maximum": i64::MAX}),
        ),
        (
            "usize",
            overflow::<AnyUsize>(json!(-1), "/ids"),
            full(
                "0",
                "18446744073709551615",
                "from 0 to 18446744073709551615",
            ),
            json!({"minimum": 0, "maximum": u64::MAX}),
        ),
        (
            "i128",
            overflow::<AnyI128>(json!("170141183460469231731687303715884105728"), "/ids"),
            full(
                "-170141183460469231731687303715884105728",
                "170141183460469231731687303715884105727",
                "from -170141183460469231731687303715884105728 to 170141183460469231731687303715884105727",
            ),
            // Bounds past what a JSON number carries are written as text.
            json!({
                "minimum": "-170141183460469231731687303715884105728",
                "maximum": "170141183460469231731687303715884105727"
            }),
        ),
        (
            "u128",
            overflow::<AnyU128>(json!(-1), "/ids"),
            full(
                "0",
                "340282366920938463463374607431768211455",
                "from 0 to 340282366920938463463374607431768211455",
            ),
            json!({"minimum": 0, "maximum": "340282366920938463463374607431768211455"}),
        ),
        (
            "IntLike<1> on u64",
            overflow::<AtLeastOne>(json!("-1"), "/ids"),
            (
                "integer out of range: must be at least 1".to_owned(),
                format!("send an integer of at least 1; {AS_STRINGS}"),
            ),
            json!({"minimum": 1}),
        ),
        (
            "a declared bound past 2^53 − 1",
            overflow::<Wide>(json!(-1), "/ids"),
            full("0", "10000000000000000", "from 0 to 10000000000000000"),
            json!({"minimum": 0, "maximum": 10_000_000_000_000_000_u64}),
        ),
        (
            "a plain u64",
            overflow::<PlainU64>(json!(-1), "/ids"),
            (
                "integer out of range for u64".to_owned(),
                format!("send an integer from 0 to 18446744073709551615; {AS_STRINGS}"),
            ),
            json!({"minimum": 0, "maximum": u64::MAX}),
        ),
        (
            "a plain i64",
            overflow::<PlainI64>(number("18446744073709551615"), "/ids"),
            (
                "integer out of range for i64".to_owned(),
                format!(
                    "send an integer from -9223372036854775808 to 9223372036854775807; {AS_STRINGS}"
                ),
            ),
            json!({"minimum": i64::MIN, "maximum": i64::MAX}),
        ),
        (
            "an element of an integer array",
            overflow::<U64s>(json!([-1]), "/ids/0"),
            full(
                "0",
                "18446744073709551615",
                "from 0 to 18446744073709551615",
            ),
            json!({"minimum": 0, "maximum": u64::MAX}),
        ),
    ];
    for (label, (message, hint, context), (want_message, want_hint), want_context) in cases {
        assert_eq!((message, hint), (want_message, want_hint), "{label}");
        assert_eq!(context, want_context, "{label}");
    }
    // Ranges within ±(2^53 − 1): the hint is as it was.
    assert_eq!(
        overflow::<AnyU32>(json!(-1), "/ids").1,
        "send an integer from 0 to 4294967295"
    );
    assert_eq!(
        overflow::<Narrow>(json!(-1), "/ids").1,
        "send an integer from 1 to 5"
    );
    assert_eq!(
        overflow::<PlainU32>(json!(-1), "/ids").1,
        "send an integer from 0 to 4294967295"
    );
}

// --- String arrays: JSON-only openings, quoted comma pieces --------------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
struct Names {
    #[serde_as(as = "StringArrayLike")]
    ids: Vec<String>,
}
impl Field for Names {
    type Out = Vec<String>;
    fn out(self) -> Vec<String> {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Headings {
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    ids: Vec<String>,
}
impl Field for Headings {
    type Out = Vec<String>;
    fn out(self) -> Vec<String> {
        self.ids
    }
}

const STRINGS_HINT: &str = "send a JSON array of double-quoted strings, e.g. [\"a\", \"b\"]";

/// A string-array value whose trimmed text starts with `["` or `['` is read as JSON only,
/// whatever it ends with: `invalid_json` at the field when it is not a JSON array, under
/// every separator policy. Text that opens otherwise keeps its rows.
#[test]
fn text_opening_like_a_json_array_of_strings_is_json_only() {
    let rows: Vec<Row<Vec<String>>> = vec![
        err(json!("[\"web_search\"] extra"), &[("invalid_json", "/ids")]),
        err(json!("['a'] b"), &[("invalid_json", "/ids")]),
        err(json!(" [\"a\", \"b\" "), &[("invalid_json", "/ids")]),
        err(json!("\"[\\\"a\\\"] b\""), &[("invalid_json", "/ids")]),
        ok(json!(" [\"a\", \"b\"] "), strings(&["a", "b"])),
        ok(json!("[draft] notes"), strings(&["[draft] notes"])),
        ok(json!("[1] first"), strings(&["[1] first"])),
    ];
    let mut report = Report::new();
    report.table::<Names>("StringArrayLike", IDS, &rows);
    report.table::<Headings>("StringArrayLike<NoSplit>", IDS, &rows);
    report.finish();
    assert_eq!(
        refused::<Names>(&json!({"ids": "[\"web_search\"] extra"})),
        json!([{
            "code": "invalid_json",
            "path": "/ids",
            "message": "invalid JSON text: trailing characters",
            "input": "[\"web_search\"] extra",
            "hint": STRINGS_HINT,
            "context": {"offset": 15}
        }])
    );
}

/// A comma string whose every piece, trimmed, is wrapped in one pair of matching quotes is
/// `invalid_json` at the field, with the hint for JSON arrays of double-quoted strings,
/// under every separator policy; a quote inside a piece is text, and a string that is
/// itself JSON text of a string is a second layer of encoding.
#[test]
fn quoted_comma_pieces_are_refused() {
    let both: Vec<Row<Vec<String>>> = vec![
        err(json!("'a','b'"), &[("invalid_json", "/ids")]),
        err(json!("\"a\", \"b\""), &[("invalid_json", "/ids")]),
        err(json!("'a'"), &[("invalid_json", "/ids")]),
        err(json!(" 'a', ,'b', "), &[("invalid_json", "/ids")]),
        err(json!("''"), &[("invalid_json", "/ids")]),
        err(json!("\"'a','b'\""), &[("invalid_json", "/ids")]),
        ok(json!("O'Brien"), strings(&["O'Brien"])),
        ok(json!("'O'Brien'"), strings(&["'O'Brien'"])),
        ok(json!("'a"), strings(&["'a"])),
        ok(json!("\"a\""), strings(&["a"])),
        ok(json!("'a\""), strings(&["'a\""])),
    ];
    let mut report = Report::new();
    report.table::<Names>("StringArrayLike", IDS, &both);
    report.table::<Headings>("StringArrayLike<NoSplit>", IDS, &both);
    let comma: Vec<Row<Vec<String>>> = vec![
        ok(json!("O'Brien, 'x'"), strings(&["O'Brien", "'x'"])),
        ok(json!("a, 'b'"), strings(&["a", "'b'"])),
    ];
    report.table::<Names>("StringArrayLike", IDS, &comma);
    let no_split: Vec<Row<Vec<String>>> =
        vec![ok(json!("O'Brien, 'x'"), strings(&["O'Brien, 'x'"]))];
    report.table::<Headings>("StringArrayLike<NoSplit>", IDS, &no_split);
    report.finish();

    assert_eq!(
        refused::<Names>(&json!({"ids": "'a','b'"})),
        json!([{
            "code": "invalid_json",
            "path": "/ids",
            "message": "invalid JSON text: expected value",
            "input": "'a','b'",
            "hint": STRINGS_HINT,
            "context": {"offset": 0}
        }])
    );
    assert_eq!(
        refused::<Headings>(&json!({"ids": " \"a\", \"b\""})),
        json!([{
            "code": "invalid_json",
            "path": "/ids",
            "message": "invalid JSON text: trailing characters",
            "input": " \"a\", \"b\"",
            "hint": STRINGS_HINT,
            "context": {"offset": 4}
        }])
    );
}

// --- Elements of arrays of objects sent as JSON text --------------------------------------

#[serde_as]
#[derive(Deserialize, Debug, PartialEq, Clone)]
struct Update {
    #[serde_as(as = "IntLike")]
    id: i64,
    name: String,
}

fn update(id: i64, name: &str) -> Update {
    Update {
        id,
        name: name.to_owned(),
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Updates {
    #[serde_as(as = "ArrayLike")]
    ids: Vec<Update>,
}
impl Field for Updates {
    type Out = Vec<Update>;
    fn out(self) -> Vec<Update> {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct EncodedUpdates {
    #[serde_as(as = "ArrayLike<JsonObjectLike>")]
    ids: Vec<Update>,
}
impl Field for EncodedUpdates {
    type Out = Vec<Update>;
    fn out(self) -> Vec<Update> {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Maps {
    #[serde_as(as = "ArrayLike")]
    ids: Vec<Map<String, Value>>,
}
impl Field for Maps {
    type Out = Vec<Map<String, Value>>;
    fn out(self) -> Vec<Map<String, Value>> {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Anything {
    #[serde_as(as = "ArrayLike<Same>")]
    ids: Vec<Value>,
}
impl Field for Anything {
    type Out = Vec<Value>;
    fn out(self) -> Vec<Value> {
        self.ids
    }
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Texts {
    #[serde_as(as = "ArrayLike")]
    ids: Vec<String>,
}
impl Field for Texts {
    type Out = Vec<String>;
    fn out(self) -> Vec<String> {
        self.ids
    }
}

/// `value` as a JSON string, `layers` times.
fn enc(value: &Value, layers: usize) -> Value {
    let mut out = value.clone();
    for _ in 0..layers {
        out = Value::String(out.to_string());
    }
    out
}

/// An element of an array of objects that is a string holding one JSON object (at most
/// two layers) is decoded, as the same object in a field is: for a struct read by `Same`
/// and through `JsonObjectLike` alike; a string element of an element type that is not
/// read from an object stays a string.
#[test]
fn object_elements_sent_as_json_text_are_decoded() {
    let a = json!({"id": "1", "name": "a"});
    let b = json!({"id": 2, "name": "b"});
    let rows: Vec<Row<Vec<Update>>> = vec![
        ok(
            json!([enc(&a, 1), b.clone()]),
            vec![update(1, "a"), update(2, "b")],
        ),
        ok(json!([enc(&a, 2)]), vec![update(1, "a")]),
        // A lone element, and JSON text of an array of such strings.
        ok(enc(&a, 1), vec![update(1, "a")]),
        ok(
            enc(&json!([enc(&a, 1), enc(&b, 1)]), 1),
            vec![update(1, "a"), update(2, "b")],
        ),
        ok(json!([format!("  {}\n", a)]), vec![update(1, "a")]),
        // A third layer, text that is no JSON, JSON that is no object.
        err(json!([enc(&a, 3)]), &[("invalid_type", "/ids/0")]),
        err(json!(["{\"id\": 1"]), &[("invalid_json", "/ids/0")]),
        err(json!([enc(&json!("{"), 1)]), &[("invalid_json", "/ids/0")]),
        err(json!([enc(&json!([1]), 2)]), &[("invalid_type", "/ids/0")]),
        // What is inside is read as in a field, at its path.
        err(
            json!([b.clone(), enc(&json!({"id": "x"}), 1)]),
            &[("int_parsing", "/ids/1/id"), ("missing", "/ids/1/name")],
        ),
        // A plain string is still no object.
        err(json!([b.clone(), "abc"]), &[("invalid_type", "/ids/1")]),
    ];
    let mut report = Report::new();
    report.table::<Updates>("ArrayLike", IDS, &rows);
    report.table::<EncodedUpdates>("ArrayLike<JsonObjectLike>", IDS, &rows);
    let maps: Vec<Row<Vec<Map<String, Value>>>> = vec![ok(
        json!([enc(&json!({"k": 1}), 1)]),
        vec![json!({"k": 1}).as_object().cloned().unwrap_or_default()],
    )];
    report.table::<Maps>("ArrayLike of maps", IDS, &maps);
    let text = json!({"k": 1}).to_string();
    let anything: Vec<Row<Vec<Value>>> = vec![ok(json!([text]), vec![json!(text)])];
    report.table::<Anything>("ArrayLike of values", IDS, &anything);
    let texts: Vec<Row<Vec<String>>> = vec![ok(json!([text]), vec![text.clone()])];
    report.table::<Texts>("ArrayLike of strings", IDS, &texts);
    report.finish();

    // The report: `json_string` at the element, before the steps inside it, and in the
    // order the elements are read.
    let (args, report) = coerced::<Updates>(&json!({"ids": [enc(&a, 1), enc(&a, 2)]}));
    assert_eq!(args.ids, [update(1, "a"), update(1, "a")]);
    let len = |v: &Value| v.to_string().chars().count();
    assert_eq!(
        report,
        json!([
           {"path": "/ids/0", "rule": "json_string",
            "from": format!("a string of {} chars", len(&a)), "to": "an object of 2 members"},
           {"path": "/ids/0/id", "rule": "numeric_string", "from": "1", "to": 1},
           {"path": "/ids/1", "rule": "json_string",
            "from": format!("a string of {} chars", len(&enc(&a, 1))),
            "to": format!("a string of {} chars", len(&a))},
           {"path": "/ids/1", "rule": "json_string",
            "from": format!("a string of {} chars", len(&a)), "to": "an object of 2 members"},
           {"path": "/ids/1/id", "rule": "numeric_string", "from": "1", "to": 1}
        ])
    );
    let (_, through_adapter) = coerced::<EncodedUpdates>(&json!({"ids": [enc(&a, 1), enc(&a, 2)]}));
    assert_eq!(through_adapter, report);
    // The element's issue echoes what was sent.
    assert_eq!(
        refused::<Updates>(&json!({"ids": ["{\"id\": 1"]})),
        json!([{
            "code": "invalid_json",
            "path": "/ids/0",
            "message": "invalid JSON text: EOF while parsing an object",
            "input": "{\"id\": 1",
            "hint": "send a JSON object, e.g. {\"key\": \"value\"}",
            "context": {"offset": 8}
        }])
    );
}

// --- Exact echoes of integers past 2^53 ----------------------------------------------------

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only refused")]
struct Small {
    #[serde_as(as = "IntLike<1, 100>")]
    ids: u64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only refused")]
struct Flag {
    #[serde_as(as = "BoolLike")]
    ids: bool,
}

#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only refused")]
struct Byte {
    ids: u8,
}

#[serde_as]
#[derive(Deserialize, Debug)]
#[allow(dead_code, reason = "only refused")]
struct Bytes {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<u8>,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct Big {
    #[serde_as(as = "IntLike")]
    ids: u64,
}

#[serde_as]
#[derive(Deserialize, Debug)]
struct BigIds {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<u64>,
}

/// An issue's `input` and a coercion's `from`/`to` of an integer past 2^53 are the integer
/// as sent, never rounded through an `f64`: as a native number, in a string, in a comma
/// piece, in JSON text.
#[test]
fn integers_past_2_pow_53_are_echoed_exactly() {
    for n in [
        9_007_199_254_740_993_u64,
        1_497_549_923_779_084_388,
        18_446_744_073_709_551_615,
    ] {
        let exact = Value::Number(Number::from(n));
        let input = |issues: &Value, path: &str| {
            assert_eq!(issues[0]["path"], path, "{issues}");
            issues[0]["input"].clone()
        };
        assert_eq!(input(&refused::<Small>(&json!({"ids": n})), "/ids"), exact);
        assert_eq!(input(&refused::<Flag>(&json!({"ids": n})), "/ids"), exact);
        assert_eq!(input(&refused::<Byte>(&json!({"ids": n})), "/ids"), exact);
        assert_eq!(
            input(&refused::<Names>(&json!({"ids": [n]})), "/ids/0"),
            exact
        );
        assert_eq!(
            input(&refused::<Bytes>(&json!({"ids": [n]})), "/ids/0"),
            exact
        );
        assert_eq!(
            input(
                &refused::<Bytes>(&json!({"ids": format!("[{n}]")})),
                "/ids/0"
            ),
            exact
        );
        assert_eq!(
            input(&refused::<Bytes>(&json!({"ids": format!("{n}")})), "/ids/0"),
            json!(n.to_string())
        );
        // Read from a string with a zero fraction: the number it spells is the integer.
        let (args, report) = coerced::<Big>(&json!({"ids": format!("{n}.0")}));
        assert_eq!(args.ids, n);
        assert_eq!(
            report,
            json!([
               {"path": "/ids", "rule": "numeric_string", "from": format!("{n}.0"), "to": exact},
               {"path": "/ids", "rule": "integral_float", "from": exact, "to": exact}
            ]),
            "{n}"
        );
        let (args, report) = coerced::<BigIds>(&json!({"ids": [format!("{n}.0"), n]}));
        assert_eq!(args.ids, [n, n]);
        assert_eq!(
            report[1],
            json!({"path": "/ids/0", "rule": "integral_float", "from": exact, "to": exact}),
            "{n}"
        );
    }
    // Below 2^53 the number read keeps its fraction, as before.
    let (_, report) = coerced::<Big>(&json!({"ids": "5.0"}));
    assert_eq!(report[0]["to"], json!(5.0));
    assert_eq!(
        Input::from_value(&json!(18_446_744_073_709_551_615_u64)),
        Input::Number(Number::from(u64::MAX))
    );
}

// --- Published schemas: the integer range of output schemas, standard formats only --------

/// Integers of every width, through the adapters and as plain serde fields, and formats
/// schemars writes (`uint32`, `double`) beside standard ones (`uri`, `email`).
#[cfg(feature = "schemars")]
#[serde_as]
#[derive(Deserialize, Serialize, schemars::JsonSchema)]
struct Published {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    #[serde_as(as = "IntLike")]
    id: u64,
    #[serde_as(as = "IntLike<1>")]
    page: u64,
    #[serde_as(as = "IntLike")]
    wide: i128,
    #[serde_as(as = "IntLike<1, 100>")]
    limit: u32,
    #[serde_as(as = "ArrayLike<IntLike>")]
    more: Vec<usize>,
    count: u32,
    ratio: f64,
    #[schemars(extend("format" = "email"))]
    email: String,
    #[schemars(extend("format" = "date-time"))]
    at: String,
}

/// Every integer schema of `Published`'s `schema`, by field.
#[cfg(feature = "schemars")]
fn integers(schema: &Value) -> Value {
    let p = &schema["properties"];
    json!({
        "ids": p["ids"]["items"],
        "id": p["id"],
        "page": p["page"],
        "wide": p["wide"],
        "limit": p["limit"],
        "more": p["more"]["items"],
        "count": p["count"],
    })
}

/// Input schemas keep the ±(2^53 − 1) clip of a bound left to the type; the schema of what
/// a type writes (schemars' serialize contract, which output schemas are made with) carries
/// the type's own range, as far as a JSON number carries it; declared bounds are the same
/// in both. Only standard `format` values are published, with the bounds.
#[cfg(feature = "schemars")]
#[test]
fn published_schemas_carry_the_output_range_and_standard_formats() {
    use mcp_coerce::schema::{JS_SAFE_INTEGER as SAFE, input_schema, settings};
    let input = input_schema::<Published>();
    assert_eq!(
        integers(&input),
        json!({
            "ids": {"type": "integer", "minimum": -SAFE, "maximum": SAFE},
            "id": {"type": "integer", "minimum": 0, "maximum": SAFE},
            "page": {"type": "integer", "minimum": 1, "maximum": SAFE},
            "wide": {"type": "integer", "minimum": -SAFE, "maximum": SAFE},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100},
            "more": {"type": "integer", "minimum": 0, "maximum": SAFE},
            "count": {"type": "integer", "minimum": 0},
        })
    );
    let output = json!({
        "ids": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
        "id": {"type": "integer", "minimum": 0, "maximum": u64::MAX},
        "page": {"type": "integer", "minimum": 1, "maximum": u64::MAX},
        "wide": {"type": "integer", "minimum": i64::MIN, "maximum": u64::MAX},
        "limit": {"type": "integer", "minimum": 1, "maximum": 100},
        "more": {"type": "integer", "minimum": 0, "maximum": u64::MAX},
        "count": {"type": "integer", "format": "uint32", "minimum": 0},
    });
    let written = schemars::SchemaGenerator::new(settings().for_serialize())
        .into_root_schema_for::<Published>()
        .to_value();
    assert_eq!(integers(&written), output);
    assert_eq!(input["properties"]["ratio"], json!({"type": "number"}));
    assert_eq!(
        input["properties"]["email"],
        json!({"type": "string", "format": "email"})
    );
    assert_eq!(
        input["properties"]["at"],
        json!({"type": "string", "format": "date-time"})
    );
    #[cfg(feature = "rmcp")]
    {
        let published = Value::Object((*mcp_coerce::rmcp::output_schema::<Published>()).clone());
        let mut output = output;
        output["count"] = json!({"type": "integer", "minimum": 0});
        assert_eq!(integers(&published), output);
        assert_eq!(published["properties"]["ratio"], json!({"type": "number"}));
        assert_eq!(
            published["properties"]["email"],
            json!({"type": "string", "format": "email"})
        );
    }
    // A property named `format` is a property, not the keyword.
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code, reason = "only its schema is read")]
    struct Named {
        format: u8,
    }
    assert_eq!(
        input_schema::<Named>()["properties"],
        json!({"format": {"type": "integer", "minimum": 0, "maximum": 255}})
    );
}

/// A tree whose children are sent as strings holding objects: each level of decoded
/// elements counts toward `MAX_ENCODED_LAYERS` (4), past which an element is `too_deep`.
#[serde_as]
#[derive(Deserialize, Debug)]
struct Node {
    #[serde_as(as = "ArrayLike")]
    kids: Vec<Node>,
}

#[test]
fn object_elements_as_text_count_toward_the_encoded_layers() {
    let nested = |levels: usize| {
        let mut node = json!({"kids": []});
        for _ in 0..levels {
            node = json!({ "kids": [node.to_string()] });
        }
        node
    };
    let depth = |node: &Node| {
        let mut levels = 0;
        let mut at = node;
        while let Some(kid) = at.kids.first() {
            levels += 1;
            at = kid;
        }
        levels
    };
    let read = mcp_coerce::from_value::<Node>(nested(4)).expect("four layers");
    assert_eq!(depth(&read), 4);
    let read = mcp_coerce::from_str::<Node>(&nested(4).to_string()).expect("four layers");
    assert_eq!(depth(&read), 4);
    let issues = refused::<Node>(&nested(5));
    assert_eq!(
        issues,
        json!([{
            "code": "too_deep",
            "path": "/kids/0/kids/0/kids/0/kids/0/kids/0",
            "message": "expected at most 4 JSON-encoded objects or arrays inside one another, got more",
            "input": json!({"kids": []}).to_string(),
            "hint": "send the nested objects and arrays as JSON, not as strings",
            "context": {"maxLayers": 4}
        }])
    );
}
