//! Scalar adapters on their canonical shape (a native number, an exact enum name, a string
//! that matches), each next to the plain serde type in one group. Each call is a one-field
//! object, so the adapter's own cost is as large a share of the time as it can be.

mod common;

use std::hint::black_box;

use common::config;
use common::scalars::*;
use criterion::{Criterion, criterion_group, criterion_main};

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
