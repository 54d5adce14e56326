//! Inputs and types shared by the benches: the `{ids, limit, project}` tool call of the
//! issue, each shape of `ids`, and the routes a user could write instead of the crate.

#![allow(dead_code, reason = "each bench uses part of this module")]

use std::time::Duration;

use criterion::Criterion;
use mcp_coerce::{IntArrayLike, StringArrayLike};
use serde::Deserialize;
use serde_json::Value;
use serde_with::formats::CommaSeparator;
use serde_with::{PickFirst, Same, StringWithSeparator, json::JsonString, serde_as};

/// Short runs, many samples: the ratio to the floor measured in the same run is what
/// counts, and the benches are run several times (see BENCHMARKS.md).
pub fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50)
        .configure_from_args()
}

/// The element counts of the issue's targets (and 1,000 for the scaling check).
pub const SIZES: [usize; 4] = [10, 100, 1_000, 10_000];

/// The floor: plain serde, native array.
#[derive(Deserialize)]
pub struct Plain {
    pub ids: Vec<i64>,
    pub limit: u32,
    pub project: String,
}

/// The crate's side: the same struct, only `ids` through the adapter.
#[serde_as]
#[derive(Deserialize)]
pub struct Coerced {
    #[serde_as(as = "IntArrayLike")]
    pub ids: Vec<i64>,
    pub limit: u32,
    pub project: String,
}

/// serde_with's closest built-in combination: native, JSON text, comma string.
#[serde_as]
#[derive(Deserialize)]
pub struct SerdeWith {
    #[serde_as(as = "PickFirst<(Same, JsonString, StringWithSeparator<CommaSeparator, i64>)>")]
    pub ids: Vec<i64>,
    pub limit: u32,
    pub project: String,
}

/// What a user writes without an adapter: `ids` as a `Value`, coerced by hand.
#[derive(Deserialize)]
pub struct Naive {
    pub ids: Value,
    pub limit: u32,
    pub project: String,
}

/// The naive coercion: array, JSON text, or comma string, each element a number or a
/// decimal string; the first failure stops it.
pub fn naive_ids(ids: Value) -> Result<Vec<i64>, String> {
    fn one(v: &Value) -> Result<i64, String> {
        match v {
            Value::Number(n) => n.as_i64().ok_or_else(|| format!("not an integer: {n}")),
            Value::String(s) => s.trim().parse().map_err(|e| format!("{e}")),
            other => Err(format!("not an integer: {other}")),
        }
    }
    match ids {
        Value::Array(items) => items.iter().map(one).collect(),
        Value::String(s) => {
            let t = s.trim();
            if t.starts_with('[') {
                let items: Vec<Value> = serde_json::from_str(t).map_err(|e| e.to_string())?;
                items.iter().map(one).collect()
            } else {
                t.split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .map(|p| p.parse().map_err(|e| format!("{e}")))
                    .collect()
            }
        }
        Value::Number(_) => one(&ids).map(|i| vec![i]),
        other => Err(format!("not an array: {other}")),
    }
}

/// The naive route, from bytes.
pub fn naive_from_slice(json: &[u8]) -> Result<(Vec<i64>, u32, String), String> {
    let n: Naive = serde_json::from_slice(json).map_err(|e| e.to_string())?;
    Ok((naive_ids(n.ids)?, n.limit, n.project))
}

/// `n` realistic ids (7 digits).
pub fn ids(n: usize) -> Vec<i64> {
    (0..n as i64).map(|i| 1_000_000 + i * 7).collect()
}

fn call(ids_json: &str) -> Vec<u8> {
    format!(r#"{{"ids":{ids_json},"limit":10,"project":"demo"}}"#).into_bytes()
}

/// `{"ids":[1,2,3],...}`
pub fn native_call(n: usize) -> Vec<u8> {
    call(&serde_json::to_string(&ids(n)).unwrap_or_default())
}

/// `{"ids":"[1,2,3]",...}`
pub fn json_string_call(n: usize) -> Vec<u8> {
    let text = serde_json::to_string(&ids(n)).unwrap_or_default();
    call(&serde_json::to_string(&text).unwrap_or_default())
}

/// `{"ids":"1,2,3",...}` (`sep` between items: `","` or `", "`)
pub fn comma_call(n: usize, sep: &str) -> Vec<u8> {
    let text = ids(n)
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(sep);
    call(&serde_json::to_string(&text).unwrap_or_default())
}

/// String arrays: the floor is a native `Vec<String>`.
#[derive(Deserialize)]
pub struct PlainStrings {
    pub ids: Vec<String>,
    pub limit: u32,
    pub project: String,
}

#[serde_as]
#[derive(Deserialize)]
pub struct CoercedStrings {
    #[serde_as(as = "StringArrayLike")]
    pub ids: Vec<String>,
    pub limit: u32,
    pub project: String,
}

#[serde_as]
#[derive(Deserialize)]
pub struct SerdeWithStrings {
    #[serde_as(as = "PickFirst<(Same, JsonString, StringWithSeparator<CommaSeparator, String>)>")]
    pub ids: Vec<String>,
    pub limit: u32,
    pub project: String,
}

/// `n` short session ids (`s_00042`).
pub fn str_ids(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("s_{i:05}")).collect()
}

pub fn str_native_call(n: usize) -> Vec<u8> {
    call(&serde_json::to_string(&str_ids(n)).unwrap_or_default())
}

pub fn str_json_string_call(n: usize) -> Vec<u8> {
    let text = serde_json::to_string(&str_ids(n)).unwrap_or_default();
    call(&serde_json::to_string(&text).unwrap_or_default())
}

pub fn str_comma_call(n: usize, sep: &str) -> Vec<u8> {
    call(&serde_json::to_string(&str_ids(n).join(sep)).unwrap_or_default())
}

/// The naive route for strings.
pub fn naive_strings(ids: Value) -> Result<Vec<String>, String> {
    match ids {
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                other => Err(format!("not a string: {other}")),
            })
            .collect(),
        Value::String(s) => {
            let t = s.trim();
            if t.starts_with('[')
                && t.ends_with(']')
                && let Ok(items) = serde_json::from_str::<Vec<String>>(t)
            {
                return Ok(items);
            }
            Ok(t.split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_owned)
                .collect())
        }
        other => Err(format!("not an array: {other}")),
    }
}

pub fn naive_strings_from_slice(json: &[u8]) -> Result<(Vec<String>, u32, String), String> {
    let n: Naive = serde_json::from_slice(json).map_err(|e| e.to_string())?;
    Ok((naive_strings(n.ids)?, n.limit, n.project))
}

/// One-field calls for the scalar adapters, each beside the plain serde type.
#[cfg(feature = "regex")]
pub mod scalars {
    use std::sync::OnceLock;

    use mcp_coerce::{EnumLike, IntLike, PatternLike};
    use serde::{Deserialize, Serialize};
    use serde_with::{DisplayFromStr, PickFirst, Same, serde_as};

    #[derive(Deserialize)]
    pub struct PlainInt {
        pub limit: u32,
    }

    #[serde_as]
    #[derive(Deserialize)]
    pub struct CoercedInt {
        #[serde_as(as = "IntLike<1, 100>")]
        pub limit: u32,
    }

    #[serde_as]
    #[derive(Deserialize)]
    pub struct SerdeWithInt {
        #[serde_as(as = "PickFirst<(Same, DisplayFromStr)>")]
        pub limit: u32,
    }

    #[derive(Deserialize, Serialize, Clone, Copy, Debug, PartialEq)]
    pub enum Category {
        #[serde(rename = "AI/ML")]
        AiMl,
        #[serde(rename = "Web/API")]
        WebApi,
        DevOps,
        Security,
        Databases,
    }

    #[derive(Deserialize)]
    pub struct PlainEnum {
        pub category: Category,
    }

    #[serde_as]
    #[derive(Deserialize)]
    pub struct CoercedEnum {
        #[serde_as(as = "EnumLike")]
        pub category: Category,
    }

    mcp_coerce::pattern! {
        pub CardId { name: "card_id", source: r"^ATC-[0-9]{4}-[0-9]{6,}$", example: "ATC-2026-7777670", max_length: 64 }
    }

    #[derive(Deserialize)]
    pub struct PlainString {
        pub card_id: String,
    }

    #[serde_as]
    #[derive(Deserialize)]
    pub struct CoercedPattern {
        #[serde_as(as = "PatternLike<CardId>")]
        pub card_id: String,
    }

    /// What a user writes without the adapter: the plain string, then the same regex (also
    /// compiled once per process).
    pub fn string_then_regex(json: &[u8]) -> Option<String> {
        static RE: OnceLock<Option<regex::Regex>> = OnceLock::new();
        let re = RE
            .get_or_init(|| regex::Regex::new(r"^ATC-[0-9]{4}-[0-9]{6,}$").ok())
            .as_ref()?;
        let s: PlainString = serde_json::from_slice(json).ok()?;
        let t = s.card_id.trim();
        re.is_match(t).then(|| t.to_owned())
    }
}
