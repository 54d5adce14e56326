//! The collecting entry points (every issue across fields) on a valid call, each next to
//! its floor in one group: from a `serde_json::Value` (rmcp hands tools a `JsonObject`)
//! against `serde_json::from_value`, and from bytes against `serde_json::from_slice`.

mod common;

use std::hint::black_box;

use common::*;
use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use serde_json::Value;

fn from_value(c: &mut Criterion) {
    for (name, strings) in [("collect_value", false), ("collect_value_strings", true)] {
        let mut group = c.benchmark_group(name);
        for n in SIZES {
            let call = if strings {
                str_native_call(n)
            } else {
                native_call(n)
            };
            let value: Value = serde_json::from_slice(&call).unwrap_or_default();
            group.throughput(Throughput::Elements(n as u64));
            // What rmcp does: `from_value` takes the arguments (each iteration gets its own
            // copy, made outside the timing).
            group.bench_with_input(BenchmarkId::new("floor", n), &value, |b, value| {
                b.iter_batched(
                    || value.clone(),
                    |v| {
                        if strings {
                            serde_json::from_value::<PlainStrings>(v).map(|p| p.ids.len())
                        } else {
                            serde_json::from_value::<Plain>(v).map(|p| p.ids.len())
                        }
                    },
                    BatchSize::SmallInput,
                )
            });
            // The crate in rmcp's place (its `Parameters` extractor), on the same value.
            assert!(if strings {
                mcp_coerce::from_value::<CoercedStrings>(value.clone()).is_ok()
            } else {
                mcp_coerce::from_value::<Coerced>(value.clone()).is_ok()
            });
            group.bench_with_input(BenchmarkId::new("crate", n), &value, |b, value| {
                b.iter_batched(
                    || value.clone(),
                    |v| {
                        if strings {
                            mcp_coerce::from_value::<CoercedStrings>(v).map(|p| p.ids.len())
                        } else {
                            mcp_coerce::from_value::<Coerced>(v).map(|p| p.ids.len())
                        }
                    },
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
}

fn from_bytes(c: &mut Criterion) {
    let mut group = c.benchmark_group("collect_bytes");
    for n in SIZES {
        let input = native_call(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("floor", n), &input, |b, json| {
            b.iter(|| serde_json::from_slice::<Plain>(black_box(json)).map(|p| p.ids.len()))
        });
        // Building the `Value` alone: the part of the collecting pass no adapter can save.
        group.bench_with_input(BenchmarkId::new("value_only", n), &input, |b, json| {
            b.iter(|| serde_json::from_slice::<Value>(black_box(json)).map(|v| v.is_object()))
        });
        // The collecting pass a refused call takes (`from_slice` reads a valid call on its
        // fast path, `crate_fast_path`).
        group.bench_with_input(BenchmarkId::new("crate", n), &input, |b, json| {
            b.iter(|| {
                serde_json::from_slice::<Value>(black_box(json))
                    .ok()
                    .and_then(|v| mcp_coerce::from_value::<Coerced>(v).ok())
                    .map(|p| p.ids.len())
            })
        });
        group.bench_with_input(BenchmarkId::new("crate_fast_path", n), &input, |b, json| {
            b.iter(|| mcp_coerce::from_slice::<Coerced>(black_box(json)).map(|p| p.ids.len()))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = from_value, from_bytes
}
criterion_main!(benches);
