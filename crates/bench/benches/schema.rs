//! The schema engine (`coercer::Coercer`) against the `jsonschema` validator on the same
//! published tool schemas and calls (`schema_cases`). Per case, one group:
//! `floor` is `jsonschema::Validator::is_valid` on the canonical call; `coerce_canonical`
//! is `Coercer::coerce` on the same call, `coerce_lax` on its lax spelling (each handed a
//! clone made outside the timing, criterion's `iter_batched`). Per schema, one compile
//! group: `floor` is `jsonschema::options().should_validate_formats(false).build` (formats
//! as annotations, as the engine reads them), beside `validator_for` and
//! `Coercer::compile`. See BENCHMARKS.md, "The schema engine"; `benches/schema.sh` runs it.

mod common;
mod schema_cases;

use std::hint::black_box;

use common::config;
use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use mcp_coerce::coercer::Coercer;
use schema_cases::{cases, check, schemas, validator};

/// The size part of a case's name (`""` for a call without an array).
fn size(name: &str) -> &str {
    name.split_once('/').map_or("", |(_, n)| n)
}

fn calls(c: &mut Criterion) {
    for case in cases() {
        check(&case);
        let coercer = Coercer::compile(&case.schema).expect("checked");
        let validator = validator(&case.schema);
        let mut group = c.benchmark_group(format!("schema_call_{}", case.schema_name));
        let n = size(&case.name);
        group.bench_with_input(BenchmarkId::new("floor", n), &case.canonical, |b, v| {
            b.iter(|| validator.is_valid(black_box(v)))
        });
        for (route, call) in [
            ("coerce_canonical", &case.canonical),
            ("coerce_lax", &case.lax),
        ] {
            group.bench_with_input(BenchmarkId::new(route, n), call, |b, v| {
                b.iter_batched(
                    || v.clone(),
                    |v| coercer.coerce(black_box(v)).is_ok(),
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
}

fn compile(c: &mut Criterion) {
    for (name, schema) in schemas() {
        let mut group = c.benchmark_group(format!("schema_compile_{name}"));
        group.bench_function("floor", |b| {
            b.iter(|| {
                jsonschema::options()
                    .should_validate_formats(false)
                    .build(black_box(&schema))
                    .is_ok()
            })
        });
        group.bench_function("validator_for", |b| {
            b.iter(|| jsonschema::validator_for(black_box(&schema)).is_ok())
        });
        group.bench_function("coercer", |b| {
            b.iter(|| Coercer::compile(black_box(&schema)).is_ok())
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = calls, compile
}
criterion_main!(benches);
