//! Allocations per call for each route of the benches, counted by a global allocator (per
//! thread, so tests running beside each other do not mix). The exact counts on the success
//! path are asserted: they are deterministic for a given input. The table BENCHMARKS.md
//! shows is printed by `cargo test -p mcp-coerce-bench --test allocations -- --nocapture`.

#[path = "../benches/common/mod.rs"]
mod common;

use std::cell::Cell;

mod counting;

use common::*;
use counting::ALLOCATIONS;
use serde_json::Value;

/// Allocations (including reallocations) made by one call of `route`, after one warm-up
/// call (thread-local caches, the pattern's one-time compilation).
fn allocations<R>(mut route: impl FnMut() -> R) -> u64 {
    drop(route());
    let before = ALLOCATIONS.with(Cell::get);
    let out = route();
    let after = ALLOCATIONS.with(Cell::get);
    drop(out);
    after - before
}

/// Allocations made by one call of `route` on its own copy of `value`, the copy made
/// before counting (after one warm-up call).
fn allocations_owned<R>(value: &Value, route: impl Fn(Value) -> R) -> u64 {
    drop(route(value.clone()));
    let copy = value.clone();
    let before = ALLOCATIONS.with(Cell::get);
    let out = route(copy);
    let after = ALLOCATIONS.with(Cell::get);
    drop(out);
    after - before
}

fn floor(json: &[u8]) -> u64 {
    allocations(|| serde_json::from_slice::<Plain>(json).map(|p| p.ids))
}

fn ours(json: &[u8]) -> u64 {
    allocations(|| mcp_coerce::from_slice::<Coerced>(json).map(|p| p.ids))
}

/// Growing a `Vec` one push at a time from empty: the allocation, then each doubling.
fn growth(n: usize) -> u64 {
    let mut v: Vec<i64> = Vec::new();
    let mut grows = 0;
    for i in 0..n {
        if v.len() == v.capacity() {
            grows += 1;
        }
        v.push(i as i64);
    }
    grows
}

#[test]
fn success_paths_allocate_no_more_than_the_floor() {
    for n in SIZES {
        let native = native_call(n);
        // The floor: the `Vec<i64>` growing from empty (serde_json gives no size hint), and
        // the `project` string.
        assert_eq!(floor(&native), growth(n) + 1, "floor, {n} ids");
        // The crate on a native array: exactly the floor.
        assert_eq!(ours(&native), floor(&native), "native array, {n} ids");
        // JSON text and comma strings: the elements are counted first, so the `Vec` is
        // allocated once (capped at 4,096 elements, then it grows), plus `project`.
        let once = 1 + growth(n).saturating_sub(growth(n.min(4096)));
        for (shape, json) in [
            ("JSON text", json_string_call(n)),
            ("comma string", comma_call(n, ",")),
            ("spaced comma string", comma_call(n, ", ")),
        ] {
            assert_eq!(ours(&json), once + 1, "{shape}, {n} ids");
        }
        // The collecting pass over a `Value` it is given (rmcp's arguments): the array's
        // length is known, so one allocation for it (capped like a size hint), and
        // `project` is moved, not copied; serde_json's `from_value` on the same value makes
        // one (the `Vec`, from its size hint).
        let value: Value = serde_json::from_slice(&native).unwrap_or_default();
        let collected = allocations_owned(&value, |v| {
            mcp_coerce::from_value::<Coerced>(v).map(|p| p.ids)
        });
        let floor = allocations_owned(&value, |v| {
            serde_json::from_value::<Plain>(v).map(|p| p.ids)
        });
        assert_eq!((collected, floor), (once, 1), "from_value, {n} ids");
    }
}

#[test]
fn allocation_table() {
    println!("| route | shape | 10 | 100 | 1,000 | 10,000 |");
    println!("|---|---|---:|---:|---:|---:|");
    let row = |route: &str, shape: &str, per: &dyn Fn(usize) -> u64| {
        let counts: Vec<String> = SIZES.iter().map(|&n| per(n).to_string()).collect();
        println!("| {route} | {shape} | {} |", counts.join(" | "));
    };
    row("floor (serde_json, plain struct)", "native", &|n| {
        floor(&native_call(n))
    });
    for (shape, make) in [
        ("native", native_call as fn(usize) -> Vec<u8>),
        ("JSON text", json_string_call),
        ("comma string", |n| comma_call(n, ",")),
    ] {
        row("crate (`from_slice`)", shape, &|n| ours(&make(n)));
        row("serde_with `PickFirst`", shape, &|n| {
            let json = make(n);
            allocations(|| serde_json::from_slice::<SerdeWith>(&json).map(|p| p.ids))
        });
        row("naive `Value` then coerce", shape, &|n| {
            let json = make(n);
            allocations(|| naive_from_slice(&json).map(|p| p.0))
        });
    }
    row(
        "floor: `from_value` (owned clone, clone not counted)",
        "native",
        &|n| {
            let value: Value = serde_json::from_slice(&native_call(n)).unwrap_or_default();
            allocations_owned(&value, serde_json::from_value::<Plain>)
        },
    );
    row(
        "crate: `from_value` (owned clone, clone not counted)",
        "native",
        &|n| {
            let value: Value = serde_json::from_slice(&native_call(n)).unwrap_or_default();
            allocations_owned(&value, |v| {
                mcp_coerce::from_value::<Coerced>(v).map(|p| p.ids)
            })
        },
    );
    row("`Value` from bytes alone", "native", &|n| {
        let json = native_call(n);
        allocations(|| serde_json::from_slice::<Value>(&json))
    });
    row("crate: `Value` + collecting pass", "native", &|n| {
        let json = native_call(n);
        allocations(|| {
            serde_json::from_slice::<Value>(&json)
                .ok()
                .map(|v| mcp_coerce::from_value::<Coerced>(v).map(|p| p.ids))
        })
    });
    row(
        "floor (serde_json, `Vec<String>`)",
        "native strings",
        &|n| {
            let json = str_native_call(n);
            allocations(|| serde_json::from_slice::<PlainStrings>(&json).map(|p| p.ids))
        },
    );
    for (shape, make) in [
        ("native strings", str_native_call as fn(usize) -> Vec<u8>),
        ("JSON text strings", str_json_string_call),
        ("comma string strings", |n| str_comma_call(n, ",")),
    ] {
        row("crate (`from_slice`)", shape, &|n| {
            let json = make(n);
            allocations(|| mcp_coerce::from_slice::<CoercedStrings>(&json).map(|p| p.ids))
        });
    }
    let junk = |n: usize| {
        format!(
            r#"{{"ids":{},"limit":10,"project":"demo"}}"#,
            serde_json::to_string(&vec!["x"; n]).unwrap_or_default()
        )
        .into_bytes()
    };
    row(
        "refusal: `from_slice` + envelope text",
        "all elements bad",
        &|n| {
            let json = junk(n);
            allocations(|| {
                mcp_coerce::from_slice::<Coerced>(&json)
                    .err()
                    .map(|r| serde_json::to_string(&r.to_envelope("t")))
            })
        },
    );
}
