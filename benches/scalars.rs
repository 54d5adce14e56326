//! Scalar adapters on their canonical shape (a native number, an exact enum name, a string
//! that matches), each next to the plain serde type in one group. Each call is a one-field
//! object, so the adapter's own cost is as large a share of the time as it can be.

mod common;

use std::hint::black_box;
use std::sync::OnceLock;

use common::config;
use criterion::{Criterion, criterion_group, criterion_main};
use mcp_coerce::{BoundedInt, EnumLike, PatternLike};
use serde::{Deserialize, Serialize};
use serde_with::{DisplayFromStr, PickFirst, Same, serde_as};

#[derive(Deserialize)]
struct PlainInt {
    limit: u32,
}

#[serde_as]
#[derive(Deserialize)]
struct CoercedInt {
    #[serde_as(as = "BoundedInt<1, 100>")]
    limit: u32,
}

#[serde_as]
#[derive(Deserialize)]
struct SerdeWithInt {
    #[serde_as(as = "PickFirst<(Same, DisplayFromStr)>")]
    limit: u32,
}

#[derive(Deserialize, Serialize, Clone, Copy, Debug, PartialEq)]
enum Category {
    #[serde(rename = "AI/ML")]
    AiMl,
    #[serde(rename = "Web/API")]
    WebApi,
    DevOps,
    Security,
    Databases,
}

#[derive(Deserialize)]
struct PlainEnum {
    category: Category,
}

#[serde_as]
#[derive(Deserialize)]
struct CoercedEnum {
    #[serde_as(as = "EnumLike")]
    category: Category,
}

mcp_coerce::pattern! {
    CardId { name: "card_id", source: r"^ATC-[0-9]{4}-[0-9]{6,}$", example: "ATC-2026-7777670", max_length: 64 }
}

#[derive(Deserialize)]
struct PlainString {
    card_id: String,
}

#[serde_as]
#[derive(Deserialize)]
struct CoercedPattern {
    #[serde_as(as = "PatternLike<CardId>")]
    card_id: String,
}

/// What a user writes without the adapter: the plain string, then the same regex (also
/// compiled once per process).
fn string_then_regex(json: &[u8]) -> Option<String> {
    static RE: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let re = RE
        .get_or_init(|| regex::Regex::new(r"^ATC-[0-9]{4}-[0-9]{6,}$").ok())
        .as_ref()?;
    let s: PlainString = serde_json::from_slice(json).ok()?;
    let t = s.card_id.trim();
    re.is_match(t).then(|| t.to_owned())
}

fn scalars(c: &mut Criterion) {
    let int = br#"{"limit":10}"#.as_slice();
    assert_eq!(
        mcp_coerce::from_slice::<CoercedInt>(int)
            .map(|a| a.limit)
            .ok(),
        Some(10)
    );
    let mut group = c.benchmark_group("scalar_bounded_int");
    group.bench_function("floor", |b| {
        b.iter(|| serde_json::from_slice::<PlainInt>(black_box(int)).map(|a| a.limit))
    });
    group.bench_function("crate", |b| {
        b.iter(|| mcp_coerce::from_slice::<CoercedInt>(black_box(int)).map(|a| a.limit))
    });
    group.bench_function("serde_with", |b| {
        b.iter(|| serde_json::from_slice::<SerdeWithInt>(black_box(int)).map(|a| a.limit))
    });
    group.finish();

    let category = br#"{"category":"DevOps"}"#.as_slice();
    assert_eq!(
        mcp_coerce::from_slice::<CoercedEnum>(category)
            .map(|a| a.category)
            .ok(),
        Some(Category::DevOps)
    );
    let mut group = c.benchmark_group("scalar_enum");
    group.bench_function("floor", |b| {
        b.iter(|| serde_json::from_slice::<PlainEnum>(black_box(category)).map(|a| a.category))
    });
    group.bench_function("crate", |b| {
        b.iter(|| mcp_coerce::from_slice::<CoercedEnum>(black_box(category)).map(|a| a.category))
    });
    group.finish();

    let card = br#"{"card_id":"ATC-2026-7777670"}"#.as_slice();
    assert!(mcp_coerce::from_slice::<CoercedPattern>(card).is_ok());
    assert!(string_then_regex(card).is_some());
    let mut group = c.benchmark_group("scalar_pattern");
    group.bench_function("floor", |b| {
        b.iter(|| serde_json::from_slice::<PlainString>(black_box(card)).map(|a| a.card_id))
    });
    group.bench_function("crate", |b| {
        b.iter(|| mcp_coerce::from_slice::<CoercedPattern>(black_box(card)).map(|a| a.card_id))
    });
    group.bench_function("string_then_regex", |b| {
        b.iter(|| string_then_regex(black_box(card)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = scalars
}
criterion_main!(benches);
