//! Integer and string arrays in every shape, each route next to its floor in one group:
//! `floor` is plain `serde_json::from_slice` of the native array into the plain struct, on
//! the same ids. See BENCHMARKS.md for how to run it and read the ratios.

mod common;

use std::hint::black_box;

use common::*;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// One group per shape of `ids`: `floor` (native array, plain serde) beside `crate`
/// (`mcp_coerce::from_slice`), serde_with's `PickFirst` and the naive `Value` route, all on
/// the same ids.
fn int_group(c: &mut Criterion, name: &str, shape: impl Fn(usize) -> Vec<u8>) {
    let mut group = c.benchmark_group(name);
    for n in SIZES {
        let floor_input = native_call(n);
        let input = shape(n);
        assert_routes_agree(&floor_input, &input, n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("floor", n), &floor_input, |b, json| {
            b.iter(|| serde_json::from_slice::<Plain>(black_box(json)).map(|p| p.ids.len()))
        });
        group.bench_with_input(BenchmarkId::new("crate", n), &input, |b, json| {
            b.iter(|| mcp_coerce::from_slice::<Coerced>(black_box(json)).map(|p| p.ids.len()))
        });
        group.bench_with_input(BenchmarkId::new("serde_with", n), &input, |b, json| {
            b.iter(|| serde_json::from_slice::<SerdeWith>(black_box(json)).map(|p| p.ids.len()))
        });
        group.bench_with_input(BenchmarkId::new("naive_value", n), &input, |b, json| {
            b.iter(|| naive_from_slice(black_box(json)).map(|p| p.0.len()))
        });
    }
    group.finish();
}

fn int_arrays(c: &mut Criterion) {
    int_group(c, "int_native", native_call);
    int_group(c, "int_json_string", json_string_call);
    int_group(c, "int_comma", |n| comma_call(n, ","));
    // serde_with's comma separator does not trim, so it refuses "1, 2"; the group shows
    // the crate and the naive route only where they succeed.
    let mut group = c.benchmark_group("int_comma_spaced");
    for n in SIZES {
        let floor_input = native_call(n);
        let input = comma_call(n, ", ");
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("floor", n), &floor_input, |b, json| {
            b.iter(|| serde_json::from_slice::<Plain>(black_box(json)).map(|p| p.ids.len()))
        });
        group.bench_with_input(BenchmarkId::new("crate", n), &input, |b, json| {
            b.iter(|| mcp_coerce::from_slice::<Coerced>(black_box(json)).map(|p| p.ids.len()))
        });
        group.bench_with_input(BenchmarkId::new("naive_value", n), &input, |b, json| {
            b.iter(|| naive_from_slice(black_box(json)).map(|p| p.0.len()))
        });
    }
    group.finish();
}

/// String arrays of 100 short ids; the floor is a native `Vec<String>`.
fn string_arrays(c: &mut Criterion) {
    const N: usize = 100;
    let floor_input = str_native_call(N);
    for (name, input) in [
        ("str_native", str_native_call(N)),
        ("str_json_string", str_json_string_call(N)),
        ("str_comma", str_comma_call(N, ",")),
    ] {
        assert_string_routes_agree(&floor_input, &input);
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(N as u64));
        group.bench_with_input(BenchmarkId::new("floor", N), &floor_input, |b, json| {
            b.iter(|| serde_json::from_slice::<PlainStrings>(black_box(json)).map(|p| p.ids.len()))
        });
        group.bench_with_input(BenchmarkId::new("crate", N), &input, |b, json| {
            b.iter(|| {
                mcp_coerce::from_slice::<CoercedStrings>(black_box(json)).map(|p| p.ids.len())
            })
        });
        group.bench_with_input(BenchmarkId::new("serde_with", N), &input, |b, json| {
            b.iter(|| {
                serde_json::from_slice::<SerdeWithStrings>(black_box(json)).map(|p| p.ids.len())
            })
        });
        group.bench_with_input(BenchmarkId::new("naive_value", N), &input, |b, json| {
            b.iter(|| naive_strings_from_slice(black_box(json)).map(|p| p.0.len()))
        });
        group.finish();
    }
}

/// A route that refuses its input would be timed on its error path: check each once.
fn assert_routes_agree(floor_input: &[u8], input: &[u8], n: usize) {
    let want = ids(n);
    let floor = serde_json::from_slice::<Plain>(floor_input).map(|p| p.ids);
    let ours = mcp_coerce::from_slice::<Coerced>(input).map(|p| p.ids);
    let theirs = serde_json::from_slice::<SerdeWith>(input).map(|p| p.ids);
    let naive = naive_from_slice(input).map(|p| p.0);
    assert!(floor.as_ref().is_ok_and(|v| *v == want), "floor");
    assert!(ours.as_ref().is_ok_and(|v| *v == want), "crate");
    assert!(theirs.as_ref().is_ok_and(|v| *v == want), "serde_with");
    assert!(naive.as_ref().is_ok_and(|v| *v == want), "naive");
}

fn assert_string_routes_agree(floor_input: &[u8], input: &[u8]) {
    let want = serde_json::from_slice::<PlainStrings>(floor_input).map(|p| p.ids);
    let ours = mcp_coerce::from_slice::<CoercedStrings>(input).map(|p| p.ids);
    let theirs = serde_json::from_slice::<SerdeWithStrings>(input).map(|p| p.ids);
    let naive = naive_strings_from_slice(input).map(|p| p.0);
    let want = want.ok();
    assert!(ours.ok() == want, "crate");
    assert!(theirs.ok() == want, "serde_with");
    assert!(naive.ok() == want, "naive");
}

criterion_group! {
    name = benches;
    config = config();
    targets = int_arrays, string_arrays
}
criterion_main!(benches);
