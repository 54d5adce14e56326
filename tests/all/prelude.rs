//! `use mcp_coerce::prelude::*;` brings the markers, the wrapper types, the policies, the
//! entry points and the issue and report types, and no module: the crates the crate's
//! modules are named after (`url`, `rmcp`, `axum`, `schemars`, `regex`, `serde`,
//! `serde_json`) still resolve in the importing module. A glob import of the crate root
//! brings the modules `url`, `rmcp` and `axum`, which shadow those crates (`rmcp::model`
//! no longer resolves; in a macro's expansion, `error[E0659]: rmcp is ambiguous`).

use mcp_coerce::prelude::*;
use serde::Deserialize;
use serde_with::serde_as;

// Each of these paths would resolve to the crate's own module, or be ambiguous (E0659), if
// the prelude brought a module of that name: with `use mcp_coerce::*;` instead,
// `rmcp::model` and `axum::http` do not compile, and `url::Url` is `mcp_coerce::url::Url`.
#[allow(dead_code, reason = "resolving the path is the check")]
type SerdeValue = serde_json::Value;
#[allow(dead_code, reason = "resolving the path is the check")]
type SerdeError = serde::de::value::Error;
#[cfg(feature = "url")]
#[allow(dead_code, reason = "resolving the path is the check")]
type CrateUrl = url::Url;
#[cfg(feature = "rmcp")]
#[allow(dead_code, reason = "resolving the path is the check")]
type CrateRmcp = rmcp::model::CallToolResult;
#[cfg(feature = "axum")]
#[allow(dead_code, reason = "resolving the path is the check")]
type CrateAxum = axum::http::StatusCode;
#[cfg(feature = "schemars")]
#[allow(dead_code, reason = "resolving the path is the check")]
type CrateSchemars = schemars::Schema;
#[cfg(feature = "regex")]
#[allow(dead_code, reason = "resolving the path is the check")]
type CrateRegex = regex::Regex;

#[derive(Deserialize, serde::Serialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Order {
    DateDesc,
    DateAsc,
}

mcp_coerce::number_range!(Unit = 0.0..=1.0);

/// Every family the prelude names, in the spellings of the one parameter order.
#[serde_as]
#[derive(Deserialize, Debug)]
struct Args {
    #[serde_as(as = "IntArrayLike<Items<1, 3>>")]
    ids: Vec<i64>,
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    headings: Vec<String>,
    #[serde_as(as = "StringArrayLike<Items<0, 2>, Comma>")]
    tags: Vec<String>,
    #[serde_as(as = "ArrayLike<EnumLike, Items<1, 2>>")]
    orders: Vec<Order>,
    #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
    #[serde(default = "DefaultTo::<10>::value")]
    limit: u32,
    #[serde_as(as = "TextLike<1, 20, Trim>")]
    query: String,
    #[serde_as(as = "NumberLike<Unit>")]
    threshold: f64,
    #[serde_as(as = "BoolLike")]
    dry_run: bool,
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order_by: Option<Order>,
    page: Int<u8, 1, 9, Reject, NoDefault>,
    ids_wrapped: IntArray<u16, Items<0, 2>>,
    names: StringArray<NoSplit>,
    title: Text<0, 10, Keep>,
}

const CALL: &str = r#"{
    "ids": "1, 2",
    "headings": "Smith, John",
    "tags": "a, b",
    "orders": "date_asc",
    "limit": "99",
    "query": " rust ",
    "threshold": "0.5",
    "dry_run": "yes",
    "order_by": "",
    "page": "3",
    "ids_wrapped": "[7]",
    "names": "Doe, Jane",
    "title": " t "
}"#;

#[track_caller]
fn check(args: &Args) {
    assert_eq!(args.ids, [1, 2]);
    assert_eq!(args.headings, ["Smith, John"]);
    assert_eq!(args.tags, ["a", "b"]);
    assert_eq!(args.orders, [Order::DateAsc]);
    assert_eq!(args.limit, 50);
    assert_eq!(args.query, "rust");
    assert_eq!(args.threshold, 0.5);
    assert!(args.dry_run);
    assert_eq!(args.order_by, None);
    assert_eq!(args.page.into_inner(), 3);
    assert_eq!(*args.ids_wrapped, [7]);
    assert_eq!(*args.names, ["Doe, Jane"]);
    assert_eq!(args.title.as_str(), " t ");
}

#[test]
fn every_entry_point_reads_the_call() -> Result<(), Box<dyn std::error::Error>> {
    check(&from_str::<Args>(CALL)?);
    check(&from_slice::<Args>(CALL.as_bytes())?);
    let value: serde_json::Value = serde_json::from_str(CALL)?;
    check(&from_value::<Args>(value.clone())?);

    let call: Coerced<Args> = from_value_with_report(value)?;
    check(call.value());
    let report: &Report = call.report();
    let clamped: Vec<(String, Rule)> = report
        .coercions()
        .iter()
        .filter(|c: &&Coercion| c.rule() == Rule::Clamp)
        .map(|c| (c.path().to_string(), c.rule()))
        .collect();
    assert_eq!(clamped, [("/limit".to_owned(), Rule::Clamp)]);
    check(from_str_with_report::<Args>(CALL)?.value());
    check(from_slice_with_report::<Args>(CALL.as_bytes())?.value());
    Ok(())
}

#[test]
fn a_refusal_names_every_issue() {
    let refused: Rejection = from_str::<Args>(
        r#"{"ids": [], "headings": [], "tags": "a,b,c", "orders": "[]", "query": "",
            "threshold": 2, "dry_run": true, "page": 10, "ids_wrapped": [], "names": [],
            "title": ""}"#,
    )
    .unwrap_err();
    let found: Vec<(String, Code)> = refused
        .issues()
        .iter()
        .map(|i: &Issue| (i.path().to_string(), i.code()))
        .collect();
    assert_eq!(
        found,
        [
            ("/ids".to_owned(), Code::TooShort),
            ("/orders".to_owned(), Code::TooShort),
            ("/page".to_owned(), Code::TooBig),
            ("/query".to_owned(), Code::TooShort),
            ("/tags".to_owned(), Code::TooLong),
            ("/threshold".to_owned(), Code::TooBig),
        ]
    );
    let envelope: Envelope = refused.to_envelope("search");
    assert_eq!(envelope.issues().len(), 6);
    let root: &Path = refused.issues()[0].path();
    assert_eq!(root.to_string(), "/ids");
    let input: Option<&Input> = refused.issues()[2].input();
    assert_eq!(input, Some(&Input::Number(serde_json::Number::from(10))));
}

#[cfg(feature = "url")]
#[test]
fn url_policies_come_with_the_prelude() -> Result<(), Rejection> {
    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Fetch {
        #[serde_as(as = "UrlLike<HttpsOnly>")]
        url: String,
        wrapped: Url,
    }
    let call: Fetch =
        from_str(r#"{"url": " HTTPS://Example.COM/a ", "wrapped": "https://example.org/b"}"#)?;
    assert_eq!(call.url, "https://example.com/a");
    assert_eq!(call.wrapped.as_str(), "https://example.org/b");
    assert_eq!(HttpsOnly::SCHEMES, ["https"]);
    Ok(())
}
