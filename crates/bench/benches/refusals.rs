//! Refusals: a call whose every `ids` element is bad, from the bytes to the rendered MCP
//! tool result. The time per element must stay flat (linear in the array), and the
//! envelope stays bounded (100 issues listed, the rest counted in `truncated`).

mod common;

use std::hint::black_box;

use common::*;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn junk_call(n: usize) -> Vec<u8> {
    let junk = vec!["x"; n];
    format!(
        r#"{{"ids":{},"limit":10,"project":"demo"}}"#,
        serde_json::to_string(&junk).unwrap_or_default()
    )
    .into_bytes()
}

fn junk_comma_call(n: usize) -> Vec<u8> {
    let junk = vec!["x"; n].join(",");
    format!(
        r#"{{"ids":{},"limit":10,"project":"demo"}}"#,
        serde_json::to_string(&junk).unwrap_or_default()
    )
    .into_bytes()
}

/// The refusal rendered as the MCP tool result's text: what goes back on the wire.
fn refuse(json: &[u8]) -> usize {
    match mcp_coerce::from_slice::<Coerced>(json) {
        Ok(_) => 0,
        Err(rejection) => serde_json::to_string(&rejection.to_envelope("get_observations"))
            .map(|s| s.len())
            .unwrap_or(0),
    }
}

fn refusals(c: &mut Criterion) {
    for (name, make) in [
        ("refuse_native", junk_call as fn(usize) -> Vec<u8>),
        ("refuse_comma", junk_comma_call),
    ] {
        let mut group = c.benchmark_group(name);
        for n in SIZES {
            let input = make(n);
            let envelope = refuse(&input);
            assert!(envelope > 0);
            // The envelope lists 100 issues and counts the rest: its size levels off.
            eprintln!("{name}: {n} bad elements, envelope of {envelope} bytes");
            group.throughput(Throughput::Elements(n as u64));
            group.bench_with_input(BenchmarkId::new("crate", n), &input, |b, json| {
                b.iter(|| refuse(black_box(json)))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = refusals
}
criterion_main!(benches);
