//! The coercion report: exact rule lists (`rule@path`, in order) for each rule of the
//! report, on the text route and the `Value` route alike, with exact `from`/`to` and notes.

use mcp_coerce::{
    ArrayLike, BoolLike, Clamp, Coercion, DefaultTo, EnumLike, Input, Int, IntArrayLike, IntLike,
    MAX_COERCIONS, NumberLike, Optional, PatternLike, Rule, StringArrayLike, TextLike, Trim,
    UrlLike,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::json;
use serde_with::{Same, serde_as};

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
#[serde(rename_all = "snake_case")]
enum Order {
    DateDesc,
    DateAsc,
}

#[serde_as]
#[derive(Debug, Deserialize, PartialEq)]
struct Update {
    #[serde_as(as = "IntLike")]
    id: i64,
    #[serde_as(as = "EnumLike")]
    status: Order,
}

#[serde_as]
#[derive(Debug, Deserialize)]
#[allow(
    dead_code,
    reason = "every field is read through Debug in the value test"
)]
struct Args {
    #[serde_as(as = "IntArrayLike")]
    #[serde(default)]
    ids: Vec<i64>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default)]
    tags: Vec<String>,
    #[serde_as(as = "ArrayLike<Same>")]
    #[serde(default)]
    updates: Vec<Update>,
    #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
    #[serde(default = "DefaultTo::<10>::value")]
    limit: u32,
    #[serde(default)]
    page: Int<u32, 1, 100, Clamp, DefaultTo<1>>,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
    #[serde_as(as = "NumberLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    price: Option<f64>,
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    free: Option<bool>,
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order: Option<Order>,
    #[serde_as(as = "TextLike<1, 100, Trim>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    project: Option<String>,
    #[serde_as(as = "TextLike<0, 100>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde_as(as = "PatternLike<CardId>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    card: Option<String>,
    #[serde_as(as = "UrlLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    url: Option<mcp_coerce::url::WhatwgUrl>,
    #[serde(default)]
    plain: Option<u32>,
}

/// The report of `json` as `rule@path`, read from text and from a `Value` (which must
/// agree), accepted or refused.
fn rules_of<T: DeserializeOwned>(json: &str) -> Vec<String> {
    let text = report_of(mcp_coerce::from_str_with_report::<T>(json));
    let value = serde_json::from_str(json).expect("test JSON");
    let owned = report_of(mcp_coerce::from_value_with_report::<T>(value));
    assert_eq!(text, owned, "the routes disagree on {json}");
    text.iter()
        .map(|c| format!("{}@{}", c.rule(), c.path()))
        .collect()
}

fn report_of<T>(read: Result<mcp_coerce::Coerced<T>, mcp_coerce::Rejection>) -> Vec<Coercion> {
    match read {
        Ok(call) => call.coercions().to_vec(),
        Err(refused) => refused.coercions().to_vec(),
    }
}

fn rules(json: &str) -> Vec<String> {
    rules_of::<Args>(json)
}

/// Every field absent but those with a type default: their defaults, nothing else.
const DEFAULTS: [&str; 2] = ["default_applied@/limit", "default_applied@/page"];

fn with_defaults(first: &[&str]) -> Vec<String> {
    first
        .iter()
        .chain(DEFAULTS.iter())
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn rule_lists() {
    #[rustfmt::skip]
    let table: &[(&str, &[&str])] = &[
        // canonical shapes record nothing
        (r#"{"ids": [1, 2], "limit": 5, "page": 2, "offset": 3, "price": 1.5, "free": true, "order": "date_desc", "project": "p", "note": " n ", "card": "ATC-2026", "url": "https://example.com/", "plain": 4}"#, &[]),
        // a string read as an array: one record at the field
        (r#"{"ids": "[1, 2]", "limit": 5, "page": 2}"#, &["json_string@/ids"]),
        (r#"{"ids": "1, 2", "limit": 5, "page": 2}"#, &["comma_split@/ids"]),
        (r#"{"ids": "7", "limit": 5, "page": 2}"#, &["comma_split@/ids"]),
        (r#"{"ids": "", "limit": 5, "page": 2}"#, &["comma_split@/ids"]),
        (r#"{"ids": "\"[1]\"", "limit": 5, "page": 2}"#, &["json_string@/ids", "json_string@/ids"]),
        (r#"{"tags": "a, b", "limit": 5, "page": 2}"#, &["comma_split@/tags"]),
        (r#"{"tags": "[\"a\"]", "limit": 5, "page": 2}"#, &["json_string@/tags"]),
        // comma pieces record only what goes beyond being text
        (r#"{"ids": "1, 2.0, 3", "limit": 5, "page": 2}"#, &["comma_split@/ids", "integral_float@/ids/1"]),
        // elements of JSON text and native arrays record their own steps, at their index
        (r#"{"ids": ["1", 2], "limit": 5, "page": 2}"#, &["numeric_string@/ids/0"]),
        (r#"{"ids": [1, 2.0], "limit": 5, "page": 2}"#, &["integral_float@/ids/1"]),
        (r#"{"ids": "[1, \"2\"]", "limit": 5, "page": 2}"#, &["json_string@/ids", "numeric_string@/ids/1"]),
        // a lone value is wrapped; what is inside it records at /field/0
        (r#"{"ids": 7, "limit": 5, "page": 2}"#, &["scalar_wrap@/ids"]),
        (r#"{"ids": 7.0, "limit": 5, "page": 2}"#, &["scalar_wrap@/ids", "integral_float@/ids/0"]),
        (r#"{"updates": {"id": "4", "status": "DateAsc"}, "limit": 5, "page": 2}"#,
            &["scalar_wrap@/updates", "numeric_string@/updates/0/id", "enum_fold@/updates/0/status"]),
        (r#"{"updates": "[{\"id\": \"4\", \"status\": \"date_asc\"}]", "limit": 5, "page": 2}"#,
            &["json_string@/updates", "numeric_string@/updates/0/id"]),
        // several steps on one value, in order
        (r#"{"limit": "5.0", "page": 2}"#, &["numeric_string@/limit", "integral_float@/limit"]),
        (r#"{"limit": "0", "page": 2}"#, &["numeric_string@/limit", "clamp@/limit"]),
        (r#"{"limit": 500, "page": 2}"#, &["clamp@/limit"]),
        // whitespace around numbers, booleans and enum names is part of reading them
        (r#"{"limit": " 5 ", "page": 2, "free": " yes ", "order": " date_desc "}"#,
            &["bool_token@/free", "numeric_string@/limit"]),
        // bool_token for every non-boolean read as a boolean
        (r#"{"limit": 5, "page": 2, "free": "true"}"#, &["bool_token@/free"]),
        (r#"{"limit": 5, "page": 2, "free": 1}"#, &["bool_token@/free"]),
        (r#"{"limit": 5, "page": 2, "free": "off"}"#, &["bool_token@/free"]),
        (r#"{"limit": 5, "page": 2, "price": "2.5"}"#, &["numeric_string@/price"]),
        (r#"{"limit": 5, "page": 2, "order": "DATE-ASC"}"#, &["enum_fold@/order"]),
        // absent: "" and "null" on an optional; null is serde's own
        (r#"{"limit": 5, "page": 2, "offset": "", "price": "null", "free": null}"#,
            &["empty_as_absent@/offset", "empty_as_absent@/price"]),
        // a type default filled in: absent, null, or after empty_as_absent
        (r#"{"limit": null, "page": 2}"#, &["default_applied@/limit"]),
        (r#"{"limit": "", "page": 2}"#, &["empty_as_absent@/limit", "default_applied@/limit"]),
        (r#"{"limit": 5, "page": "null"}"#, &["empty_as_absent@/page", "default_applied@/page"]),
        // a plain serde field is never coerced
        (r#"{"limit": 5, "page": 2, "plain": null}"#, &[]),
    ];
    for (json, want) in table {
        assert_eq!(rules(json), *want, "{json}");
    }
    assert_eq!(rules("{}"), DEFAULTS);
    assert_eq!(
        rules(
            r#"{"limit": 5, "page": 2, "project": " p ", "note": " n ", "card": " ATC-2026 ", "url": " https://example.com/ "}"#
        ),
        ["trim@/card", "trim@/project", "trim@/url"],
        "trim: a trimmed string, a pattern string, a URL (keys in sorted order); never a kept string"
    );
    assert_eq!(rules(r#"{"project": "p"}"#), DEFAULTS);
}

#[test]
fn arguments_sent_as_a_string_are_unwrapped_once_per_layer() {
    assert_eq!(
        rules(r#""{\"limit\": 5, \"page\": 2}""#),
        ["args_unwrapped@"]
    );
    assert_eq!(
        rules(r#""\"{\\\"limit\\\": 5, \\\"page\\\": 2}\"""#),
        ["args_unwrapped@", "args_unwrapped@"]
    );
    assert_eq!(
        rules(r#""{\"ids\": \"1,2\"}""#),
        with_defaults(&["args_unwrapped@", "comma_split@/ids"])
    );
}

#[test]
fn a_refused_call_lists_what_was_coerced_before_it_was_refused() {
    let refused =
        mcp_coerce::from_str_with_report::<Args>(r#"{"ids": "1,x", "limit": "0"}"#).unwrap_err();
    let found: Vec<String> = refused
        .issues()
        .iter()
        .map(|i| format!("{}@{}", i.code(), i.path()))
        .collect();
    assert_eq!(found, ["int_parsing@/ids/1"]);
    let steps: Vec<String> = refused
        .coercions()
        .iter()
        .map(|c| format!("{}@{}", c.rule(), c.path()))
        .collect();
    assert_eq!(
        steps,
        [
            "comma_split@/ids",
            "numeric_string@/limit",
            "clamp@/limit",
            "default_applied@/page"
        ]
    );
}

#[test]
fn from_and_to_summaries() {
    let call = mcp_coerce::from_str_with_report::<Args>(
        r#"{"ids": "1, 2.0", "limit": "500", "page": 2, "order": "date-asc", "free": 0}"#,
    )
    .unwrap();
    let got: Vec<(String, Rule, Option<Input>, Option<Input>)> = call
        .coercions()
        .iter()
        .map(|c| {
            (
                c.path().to_string(),
                c.rule(),
                c.from().cloned(),
                c.to().cloned(),
            )
        })
        .collect();
    let text = |s: &str| Some(Input::Text(s.into()));
    let number = |v: serde_json::Value| Some(Input::from_value(&v));
    assert_eq!(
        got,
        [
            (
                "/free".into(),
                Rule::BoolToken,
                number(json!(0)),
                Some(Input::Bool(false))
            ),
            (
                "/ids".into(),
                Rule::CommaSplit,
                text("1, 2.0"),
                text("an array of 2 items")
            ),
            (
                "/ids/1".into(),
                Rule::IntegralFloat,
                text("2.0"),
                number(json!(2))
            ),
            (
                "/limit".into(),
                Rule::NumericString,
                text("500"),
                number(json!(500))
            ),
            (
                "/limit".into(),
                Rule::Clamp,
                number(json!(500)),
                number(json!(50))
            ),
            (
                "/order".into(),
                Rule::EnumFold,
                text("date-asc"),
                text("date_asc")
            ),
        ]
    );
    assert_eq!(
        serde_json::to_value(call.report()).unwrap()[4],
        json!({"path": "/limit", "rule": "clamp", "from": 500, "to": 50})
    );
    assert_eq!(
        call.notes(),
        [
            "limit 500 was clamped to 50 (maximum)",
            "order \"date-asc\" was read as \"date_asc\""
        ]
    );
    let absent = mcp_coerce::from_str_with_report::<Args>("{}").unwrap();
    assert_eq!(
        absent.notes(),
        [
            "limit had no value; the default 10 was used",
            "page had no value; the default 1 was used"
        ]
    );
    let null = mcp_coerce::from_str_with_report::<Args>(r#"{"limit": 0, "page": null}"#).unwrap();
    assert_eq!(
        null.notes(),
        [
            "limit 0 was clamped to 1 (minimum)",
            "page had no value; the default 1 was used"
        ]
    );
}

#[test]
fn the_report_is_capped() {
    let ids: Vec<String> = (0..MAX_COERCIONS + 50)
        .map(|i| format!("\"{i}\""))
        .collect();
    let json = format!(r#"{{"ids": [{}], "limit": 5, "page": 2}}"#, ids.join(","));
    let call = mcp_coerce::from_str_with_report::<Args>(&json).unwrap();
    assert_eq!(call.value().ids.len(), MAX_COERCIONS + 50);
    assert!(call.value().updates.is_empty());
    assert_eq!(call.coercions().len(), MAX_COERCIONS);
    assert_eq!(call.report().truncated(), 50);
    assert_eq!(
        call.coercions()[MAX_COERCIONS - 1].path().to_string(),
        format!("/ids/{}", MAX_COERCIONS - 1)
    );
}

#[test]
fn the_plain_entry_points_record_nothing() {
    let refused = mcp_coerce::from_str::<Args>(r#"{"ids": "1,x", "limit": "0"}"#).unwrap_err();
    assert!(refused.coercions().is_empty());
    let refused = mcp_coerce::from_value::<Args>(json!({"ids": "1,x"})).unwrap_err();
    assert!(refused.coercions().is_empty());
}

/// A call read inside another's `Deserialize` keeps its own report: the outer call's report
/// has neither its steps nor the inner's.
#[test]
fn a_call_inside_a_call_keeps_its_own_report() {
    #[derive(Debug)]
    struct Inner(u32, Vec<String>);
    impl<'de> Deserialize<'de> for Inner {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let value = serde_json::Value::deserialize(d)?;
            let args = mcp_coerce::from_value_with_report::<Args>(value)
                .map_err(serde::de::Error::custom)?;
            let steps = args
                .coercions()
                .iter()
                .map(|c| format!("{}@{}", c.rule(), c.path()))
                .collect();
            Ok(Inner(args.value().limit, steps))
        }
    }
    #[serde_as]
    #[derive(Debug, Deserialize)]
    struct Outer {
        inner: Inner,
        #[serde_as(as = "IntLike")]
        n: u8,
    }
    let call = mcp_coerce::from_str_with_report::<Outer>(r#"{"inner": {"limit": "7"}, "n": "3"}"#)
        .unwrap();
    assert_eq!((call.value().inner.0, call.value().n), (7, 3));
    assert_eq!(
        call.value().inner.1,
        ["numeric_string@/limit", "default_applied@/page"]
    );
    let steps: Vec<String> = call
        .coercions()
        .iter()
        .map(|c| format!("{}@{}", c.rule(), c.path()))
        .collect();
    assert_eq!(steps, ["numeric_string@/n"]);
}

/// Reading with a report gives the value reading without one gives.
#[test]
fn the_value_is_the_one_read_without_a_report() {
    let json = r#"{"ids": "1, 2", "tags": "a, b", "updates": {"id": "4", "status": "DateAsc"}, "limit": "0", "offset": "", "price": "2.5", "free": "yes", "order": "DATE-ASC", "project": " p ", "card": " ATC-2026 ", "url": " https://example.com/ ", "plain": 3}"#;
    let reported = mcp_coerce::from_str_with_report::<Args>(json)
        .unwrap()
        .into_value();
    let plain = mcp_coerce::from_str::<Args>(json).unwrap();
    assert_eq!(format!("{reported:?}"), format!("{plain:?}"));
    assert_eq!(
        format!("{plain:?}"),
        "Args { ids: [1, 2], tags: [\"a\", \"b\"], updates: [Update { id: 4, status: DateAsc }], \
         limit: 1, page: 1, offset: None, price: Some(2.5), free: Some(true), \
         order: Some(DateAsc), project: Some(\"p\"), note: None, card: Some(\"ATC-2026\"), \
         url: Some(Url { scheme: \"https\", cannot_be_a_base: false, username: \"\", \
         password: None, host: Some(Domain(\"example.com\")), port: None, path: \"/\", \
         query: None, fragment: None }), plain: Some(3) }"
    );
}

/// When the report is full, the records kept are the first applied: a layer found peeled
/// once its elements were recorded still comes before them, and the last one kept goes.
#[test]
fn a_full_report_keeps_the_first_records_applied() {
    #[serde_as]
    #[derive(Deserialize)]
    struct Two {
        #[serde_as(as = "IntArrayLike")]
        a: Vec<i64>,
        #[serde_as(as = "IntArrayLike")]
        b: Vec<i64>,
    }
    let a: Vec<String> = (0..MAX_COERCIONS - 1).map(|_| "\"7\"".to_owned()).collect();
    let json = format!(r#"{{"a": [{}], "b": "[\"1\", \"2\"]"}}"#, a.join(","));
    let call = mcp_coerce::from_str_with_report::<Two>(&json).unwrap();
    assert_eq!(
        (call.value().a.len(), call.value().b.clone()),
        (MAX_COERCIONS - 1, vec![1, 2])
    );
    let last = &call.coercions()[MAX_COERCIONS - 1];
    assert_eq!(
        (last.rule(), last.path().to_string()),
        (Rule::JsonString, "/b".to_string())
    );
    assert_eq!(call.report().truncated(), 2);
}

/// A step on an enclosing value shows it by its size, never its content.
#[test]
fn steps_on_encoded_values_show_their_size() {
    let call =
        mcp_coerce::from_str_with_report::<Args>(r#""\"{\\\"ids\\\": \\\"[1]\\\"}\"""#).unwrap();
    let got: Vec<(Rule, Option<Input>, Option<Input>)> = call
        .coercions()
        .iter()
        .map(|c| (c.rule(), c.from().cloned(), c.to().cloned()))
        .collect();
    let text = |s: &str| Some(Input::Text(s.into()));
    assert_eq!(
        got[..3],
        [
            (
                Rule::ArgsUnwrapped,
                text("a string of 20 chars"),
                text("a string of 14 chars")
            ),
            (
                Rule::ArgsUnwrapped,
                text("a string of 14 chars"),
                text("an object of 1 member")
            ),
            (
                Rule::JsonString,
                text("a string of 3 chars"),
                text("an array of 1 item")
            ),
        ]
    );
}

/// The clamp note names the bound that was applied, whatever the value's size.
#[test]
fn the_clamp_note_names_the_bound() {
    #[serde_as]
    #[derive(Deserialize)]
    struct Wide {
        #[serde_as(as = "IntLike<0, 10, Clamp>")]
        a: i128,
    }
    let call =
        mcp_coerce::from_str_with_report::<Wide>(r#"{"a": "-99999999999999999999999"}"#).unwrap();
    assert_eq!(call.value().a, 0);
    assert_eq!(
        call.notes(),
        ["a \"-99999999999999999999999\" was clamped to 0 (minimum)"]
    );
}
