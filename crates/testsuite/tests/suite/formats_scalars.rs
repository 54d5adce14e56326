//! The scalar adapters under a second serde format (TOML): the lax shapes are accepted
//! there too, and a bad value fails fast with one error ("Used directly under any serde
//! format, an adapter fails fast, with all of its own element issues in one error").
//!
//! Interpretation: the one error carries the issue, so its text names the issue's code.

use std::fmt::Debug;

use mcp_coerce::{
    Bool, BoolLike, Clamp, DefaultTo, EnumLike, Int, IntArrayLike, IntLike, JsonObjectLike,
    NumberLike, Optional, PatternLike, TextLike, Trim,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_with::serde_as;

mcp_coerce::number_range!(Price = 0.0..=1000.0);

mcp_coerce::pattern! {
    CardId {
        name: "card_id",
        source: r"^ATC-[0-9]{4}-[0-9]{6,}$",
        example: "ATC-2026-7777670",
        max_length: 64,
    }
}

#[derive(Deserialize, Serialize, Debug, PartialEq, Eq, Clone, Copy)]
enum Category {
    #[serde(rename = "AI/ML")]
    AiMl,
    #[serde(rename = "Web/API")]
    WebApi,
    DevOps,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Filter {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    #[serde_as(as = "IntLike<1, 100>")]
    limit: i64,
}

#[serde_as]
#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    #[serde_as(as = "IntLike")]
    limit: i64,
    #[serde_as(as = "BoolLike")]
    flag: bool,
    #[serde_as(as = "BoolLike")]
    dry_run: bool,
    free: Bool,
    #[serde_as(as = "IntLike<1, 100>")]
    page: u32,
    #[serde_as(as = "IntLike<1, 50, Clamp>")]
    clamped: i64,
    #[serde(default)]
    clamped_default: Int<i64, 1, 50, Clamp, DefaultTo<10>>,
    #[serde_as(as = "NumberLike<Price>")]
    price: f64,
    #[serde_as(as = "NumberLike")]
    ratio: f64,
    #[serde_as(as = "TextLike<3, 30>")]
    query: String,
    #[serde_as(as = "TextLike<1, 30, Trim>")]
    project: String,
    #[serde_as(as = "PatternLike<CardId>")]
    card: String,
    #[serde_as(as = "EnumLike")]
    category: Category,
    #[serde_as(as = "JsonObjectLike")]
    filter: Filter,
    #[serde_as(as = "JsonObjectLike")]
    table: Filter,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_limit: Option<i64>,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_null_text: Option<i64>,
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_flag: Option<bool>,
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_category: Option<Category>,
    #[serde_as(as = "JsonObjectLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_filter: Option<Filter>,
    #[serde_as(as = "TextLike<1, 30, Trim>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opt_absent: Option<String>,
}

const LAX: &str = r#"
limit = "10"
flag = "yes"
dry_run = "FALSE"
free = 0
page = 10.0
clamped = 500
price = "2.5"
ratio = "1e3"
query = " rust "
project = "  alpha  "
card = " ATC-2026-7777670 "
category = "ai-ml"
filter = '{"ids": "1,2", "limit": "5"}'
opt_limit = ""
opt_null_text = "null"
opt_flag = " off "
opt_category = ""
opt_filter = "   "

[table]
ids = "3, 4"
limit = 7.0
"#;

/// Every scalar adapter under TOML, with lax values.
#[test]
fn every_scalar_adapter_accepts_lax_values_under_toml() {
    let config: Config = match toml::from_str(LAX) {
        Ok(config) => config,
        Err(e) => panic!("lax TOML refused: {e}"),
    };
    let want = Config {
        limit: 10,
        flag: true,
        dry_run: false,
        free: Bool::new(false),
        page: 10,
        clamped: 50,
        clamped_default: Int::default(),
        price: 2.5,
        ratio: 1000.0,
        query: " rust ".to_owned(),
        project: "alpha".to_owned(),
        card: "ATC-2026-7777670".to_owned(),
        category: Category::AiMl,
        filter: Filter {
            ids: vec![1, 2],
            limit: 5,
        },
        table: Filter {
            ids: vec![3, 4],
            limit: 7,
        },
        opt_limit: None,
        opt_null_text: None,
        opt_flag: Some(false),
        opt_category: None,
        opt_filter: None,
        opt_absent: None,
    };
    assert_eq!(config, want);
    assert_eq!(config.clamped_default.into_inner(), 10);
}

macro_rules! one_field {
    ($name:ident, $as:literal, $ty:ty) => {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        #[allow(dead_code, reason = "only the refusal is looked at")]
        struct $name {
            #[serde_as(as = $as)]
            v: $ty,
        }
    };
}

one_field!(TInt, "IntLike", i64);
one_field!(TU8, "IntLike", u8);
one_field!(TBounded, "IntLike<1, 100>", u32);
one_field!(TClamped, "IntLike<1, 50, Clamp>", u8);
one_field!(TNumber, "NumberLike<Price>", f64);
one_field!(TBool, "BoolLike", bool);
one_field!(TText, "TextLike<3, 5>", String);
one_field!(TTrimmed, "TextLike<2, 4, Trim>", String);
one_field!(TCard, "PatternLike<CardId>", String);
one_field!(TCategory, "EnumLike", Category);
one_field!(TFilter, "JsonObjectLike", Filter);

/// `toml` is refused, and the one error names `code`.
#[track_caller]
fn refused<T: DeserializeOwned + Debug>(failures: &mut Vec<String>, toml_text: &str, code: &str) {
    match toml::from_str::<T>(toml_text) {
        Ok(v) => failures.push(format!("{toml_text:?}: expected {code}, got Ok({v:?})")),
        Err(e) if e.to_string().contains(code) => {}
        Err(e) => failures.push(format!("{toml_text:?}: expected {code}, got error: {e}")),
    }
}

/// Each scalar adapter under TOML: a bad value fails with one error naming its code.
#[test]
fn a_bad_value_fails_fast_under_toml() {
    let mut failures = Vec::new();
    let f = &mut failures;
    refused::<TInt>(f, r#"v = "abc""#, "int_parsing");
    refused::<TInt>(f, r#"v = "1e3""#, "int_parsing");
    refused::<TInt>(f, "v = 5.5", "int_from_float");
    refused::<TInt>(f, "v = true", "invalid_type");
    refused::<TInt>(f, "v = [1]", "invalid_type");
    refused::<TInt>(f, "v = 1979-05-27", "invalid_type");
    refused::<TInt>(f, r#"v = "99999999999999999999""#, "int_overflow");
    refused::<TU8>(f, "v = 256", "int_overflow");
    refused::<TBounded>(f, "v = 0", "too_small");
    refused::<TBounded>(f, r#"v = "101""#, "too_big");
    refused::<TClamped>(f, "v = -1", "int_overflow");
    refused::<TNumber>(f, r#"v = "NaN""#, "not_finite");
    refused::<TNumber>(f, "v = inf", "not_finite");
    refused::<TNumber>(f, "v = nan", "not_finite");
    refused::<TNumber>(f, r#"v = "0x10""#, "float_parsing");
    refused::<TNumber>(f, "v = 1000.5", "too_big");
    refused::<TNumber>(f, "v = false", "invalid_type");
    refused::<TBool>(f, r#"v = "maybe""#, "bool_parsing");
    refused::<TBool>(f, r#"v = "t""#, "bool_parsing");
    refused::<TBool>(f, "v = 2", "bool_parsing");
    refused::<TBool>(f, "v = 1.0", "bool_parsing");
    refused::<TBool>(f, "v = [true]", "invalid_type");
    refused::<TText>(f, r#"v = "éé""#, "too_short");
    refused::<TText>(f, r#"v = "éééééé""#, "too_long");
    refused::<TText>(f, "v = 12345", "invalid_type");
    refused::<TTrimmed>(f, r#"v = "  a  ""#, "too_short");
    refused::<TCard>(f, r#"v = "../../etc/passwd""#, "pattern_mismatch");
    refused::<TCard>(f, &format!("v = \"{}\"", "x".repeat(65)), "too_long");
    refused::<TCategory>(f, r#"v = "Machine Learning""#, "enum_unknown");
    refused::<TCategory>(f, "v = 42", "invalid_type");
    refused::<TFilter>(f, r#"v = '{"ids":'"#, "invalid_json");
    refused::<TFilter>(f, r#"v = "[1, 2]""#, "invalid_type");
    refused::<TFilter>(f, r#"v = '{"ids": "1,x", "limit": 5}'"#, "int_parsing");
    refused::<TFilter>(f, "v = { ids = [1], limit = 500 }", "too_big");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Fail fast: with two bad values, the one error is about one of them only.
#[test]
fn the_first_bad_value_stops_toml() {
    let bad = r#"
limit = "abc"
flag = "maybe"
dry_run = "no"
free = 1
page = 1
clamped = 1
price = 1
ratio = 1
query = "abc"
project = "p"
card = "ATC-2026-7777670"
category = "DevOps"
filter = '{"ids": [1], "limit": 1}'
table = '{"ids": [1], "limit": 1}'
"#;
    let error = toml::from_str::<Config>(bad)
        .expect_err("bad values are refused")
        .to_string();
    let named = ["int_parsing", "bool_parsing"]
        .iter()
        .filter(|code| error.contains(*code))
        .count();
    assert_eq!(
        named, 1,
        "expected exactly one of the two issues, got: {error}"
    );
}
