//! The argument structs of the targets.
//!
//! [`Args`] uses every adapter family of the crate (integer arrays, string arrays, arrays
//! of any element, integers with bounds, clamping and defaults, numbers, booleans, text,
//! patterns, enums, JSON objects, pass-through objects, URLs), required and optional
//! fields, a wrapper type, nested structs, and plain serde fields (among them the two
//! types whose reading differs between the routes: `u128` and `f32`).
//!
//! [`Lax`] holds the families whose canonical value is a plain serde value of the same
//! type, without bounds of their own, and [`Plain`] is the same struct without adapters:
//! the plain-serde target compares the two.

use mcp_coerce::{
    ArrayLike, BoolLike, Clamp, DefaultTo, EnumLike, Int, IntArrayLike, IntLike, Items,
    JsonObjectLike, NoSplit, NumberLike, Optional, PatternLike, SafeObjectLike, StringArrayLike,
    TextLike, Trim, UrlLike, UrlPolicy,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use serde_with::{Same, serde_as};

mcp_coerce::pattern! {
    /// A ticket id such as `T-42`.
    pub Ticket {
        name: "ticket",
        source: r"^T-[0-9]{1,6}$",
        example: "T-42",
        max_length: 32,
    }
}

mcp_coerce::number_range!(
    /// A ratio: 0 to 1.
    pub Unit = 0.0..=1.0
);

/// `https` URLs on any subdomain of `example.com`.
pub struct Hosts;

impl UrlPolicy for Hosts {
    const SCHEMES: &'static [&'static str] = &["https"];
    const HOSTS: &'static [&'static str] = &["*.example.com"];
    const MAX_LEN: usize = 128;
    const EXAMPLE: &'static str = "https://img.example.com/a.png";
}

/// An enum with a renamed variant (folded matching: `"ai-ml"`, `"AIML"`) and an alias.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Fast,
    #[serde(rename = "AI/ML")]
    AiMl,
    #[serde(alias = "slow")]
    SlowAndSteady,
}

/// An element of [`Args::items`]: a struct whose fields use adapters.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
pub struct Item {
    #[serde_as(as = "IntLike")]
    pub id: i64,
    #[serde_as(as = "EnumLike")]
    pub status: Mode,
    #[serde_as(as = "TextLike<0, 20>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The object of [`Args::filter`].
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
pub struct Filter {
    #[serde_as(as = "IntLike<0, 10>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u8>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default)]
    pub words: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<bool>,
}

/// Every adapter family.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
pub struct Args {
    #[serde_as(as = "IntArrayLike<Items<0, 8>>")]
    pub ids: Vec<i64>,
    #[serde_as(as = "TextLike<1, 40, Trim>")]
    pub query: String,
    /// Integers past `i64`/`u64`: exact from strings, refused as native numbers.
    #[serde_as(as = "IntArrayLike<Items<1, 4>>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub big: Option<Vec<i128>>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde_as(as = "StringArrayLike<Items<0, 3>, NoSplit>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub titles: Option<Vec<String>>,
    #[serde_as(as = "ArrayLike<Same, Items<0, 4>>")]
    #[serde(default)]
    pub items: Vec<Item>,
    #[serde_as(as = "ArrayLike<EnumLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modes: Option<Vec<Mode>>,
    #[serde_as(as = "ArrayLike<IntLike<0, 9>, Items<0, 3>>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digits: Option<Vec<u8>>,
    #[serde_as(as = "IntLike<1, 100>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    #[serde(default)]
    pub page: Int<i64, 1, 50, Clamp, DefaultTo<10>>,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<u64>,
    #[serde_as(as = "NumberLike<Unit>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
    #[serde_as(as = "NumberLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<bool>,
    #[serde_as(as = "TextLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde_as(as = "PatternLike<Ticket>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<String>,
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    #[serde_as(as = "JsonObjectLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<Filter>,
    #[serde_as(as = "SafeObjectLike<8>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<Map<String, Value>>,
    #[serde_as(as = "UrlLike<Hosts>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Plain serde: `u128` past `u64` is read exactly from text only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plain_big: Option<u128>,
    /// Plain serde: `f32`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plain_ratio: Option<f32>,
    /// Plain serde: never coerced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u16>,
}

/// Whether `n` is held exactly by a `serde_json::Value` number (no `arbitrary_precision`).
pub fn fits_value(n: i128) -> bool {
    i64::try_from(n).is_ok() || u64::try_from(n).is_ok()
}

impl Args {
    /// The canonical JSON text of the value: the crate's own serialization, except that
    /// an integer of `big` past `i64`/`u64` is written as a string, the form in which it
    /// is read exactly (docs/contract.md, "Integer arrays": a native number past that range
    /// is `int_overflow`). Equal texts are equal values.
    pub fn canonical_text(&self) -> String {
        let mut value = serde_json::to_value(SansBig(self)).expect("serializable");
        let object = value.as_object_mut().expect("an object");
        if let Some(big) = &self.big {
            let items = big
                .iter()
                .map(|&n| {
                    if fits_value(n) {
                        serde_json::from_str(&n.to_string()).expect("a number")
                    } else {
                        Value::String(n.to_string())
                    }
                })
                .collect();
            object.insert("big".into(), Value::Array(items));
        }
        let mut text = value.to_string();
        if let Some(n) = self.plain_big {
            // Native digits whatever the size: plain serde reads `u128` only from a number.
            text.insert_str(1, &format!("\"plain_big\":{n},"));
        }
        text
    }
}

/// [`Args`] serialized without `big` and `plain_big` (which a `Value` cannot hold).
struct SansBig<'a>(&'a Args);

impl Serialize for SansBig<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        // The fields as the derive writes them (every adapter here serializes the plain
        // value), leaving `big` and `plain_big` out.
        #[derive(Serialize)]
        struct View<'b> {
            ids: &'b Vec<i64>,
            query: &'b String,
            #[serde(skip_serializing_if = "Option::is_none")]
            tags: &'b Option<Vec<String>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            titles: &'b Option<Vec<String>>,
            items: &'b Vec<Item>,
            #[serde(skip_serializing_if = "Option::is_none")]
            modes: &'b Option<Vec<Mode>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            digits: &'b Option<Vec<u8>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            limit: &'b Option<u32>,
            page: i64,
            #[serde(skip_serializing_if = "Option::is_none")]
            offset: &'b Option<u64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            ratio: &'b Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            score: &'b Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            flag: &'b Option<bool>,
            #[serde(skip_serializing_if = "Option::is_none")]
            note: &'b Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            ticket: &'b Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            mode: &'b Option<Mode>,
            #[serde(skip_serializing_if = "Option::is_none")]
            filter: &'b Option<Filter>,
            #[serde(skip_serializing_if = "Option::is_none")]
            extra: &'b Option<Map<String, Value>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            url: &'b Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            plain_ratio: &'b Option<f32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            name: &'b Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            count: &'b Option<u16>,
        }
        View {
            ids: &a.ids,
            query: &a.query,
            tags: &a.tags,
            titles: &a.titles,
            items: &a.items,
            modes: &a.modes,
            digits: &a.digits,
            limit: &a.limit,
            page: *a.page,
            offset: &a.offset,
            ratio: &a.ratio,
            score: &a.score,
            flag: &a.flag,
            note: &a.note,
            ticket: &a.ticket,
            mode: &a.mode,
            filter: &a.filter,
            extra: &a.extra,
            url: &a.url,
            plain_ratio: &a.plain_ratio,
            name: &a.name,
            count: &a.count,
        }
        .serialize(s)
    }
}

/// An element of [`Lax::items`].
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
pub struct LaxItem {
    #[serde_as(as = "IntLike")]
    pub id: i64,
    #[serde_as(as = "EnumLike")]
    pub status: Mode,
    #[serde_as(as = "TextLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The object of [`Lax::filter`].
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
pub struct LaxFilter {
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u8>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default)]
    pub words: Vec<String>,
}

/// The adapter families over the same types as [`Plain`], without bounds of their own.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
pub struct Lax {
    #[serde_as(as = "IntArrayLike")]
    pub ids: Vec<i64>,
    #[serde_as(as = "IntArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub small: Option<Vec<u8>>,
    #[serde_as(as = "StringArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde_as(as = "StringArrayLike<NoSplit>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub titles: Option<Vec<String>>,
    #[serde_as(as = "ArrayLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec<LaxItem>>,
    #[serde_as(as = "ArrayLike<EnumLike>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modes: Option<Vec<Mode>>,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    #[serde_as(as = "IntLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    #[serde_as(as = "NumberLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<bool>,
    #[serde_as(as = "TextLike")]
    pub text: String,
    #[serde_as(as = "TextLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde_as(as = "PatternLike<Ticket>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<String>,
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    #[serde_as(as = "JsonObjectLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<LaxFilter>,
    #[serde_as(as = "SafeObjectLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<Map<String, Value>>,
    #[serde_as(as = "UrlLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// An element of [`Plain::items`].
#[derive(Debug, Deserialize, Serialize)]
pub struct PlainItem {
    pub id: i64,
    pub status: Mode,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The object of [`Plain::filter`].
#[derive(Debug, Deserialize, Serialize)]
pub struct PlainFilter {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u8>,
    #[serde(default)]
    pub words: Vec<String>,
}

/// [`Lax`] without adapters.
#[derive(Debug, Deserialize, Serialize)]
pub struct Plain {
    pub ids: Vec<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub small: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub titles: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec<PlainItem>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modes: Option<Vec<Mode>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<bool>,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<PlainFilter>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}
