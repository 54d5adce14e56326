//! A driver for profilers, not a timing bench: runs one route over one input many times so
//! that `valgrind --tool=callgrind` (instruction counts, stable on a noisy machine) or
//! `perf` can attribute the cost. See BENCHMARKS.md.
//!
//!     cargo bench -p mcp-coerce-bench --bench profile --no-run
//!     valgrind --tool=callgrind --toggle-collect='profile::run*' \
//!         target/release/deps/profile-HASH ROUTE N ITERATIONS
//!
//! Routes: floor, native, json_string, comma, comma_spaced, value_floor (borrowed),
//! value_clone, value_floor_owned (clone + `serde_json::from_value`), value_crate_owned
//! (clone + the crate's `from_value`, as the rmcp extractor does), bytes_crate,
//! str_floor, str_native, str_json_string, str_comma, str_value_clone,
//! str_value_floor_owned, str_value_crate_owned, the scalar pairs (int_*, enum_*,
//! pattern_*), the arrays read with a coercion report (reported_native, reported_json_string,
//! reported_comma), and refused calls (refused_native_bytes / refused_native_collect: every id
//! bad, `from_slice` against a `Value` then the collecting pass; refused_comma_*: the same
//! as a comma string; refused_last_*: only the last id bad).

mod common;

use std::hint::black_box;

use common::*;
use serde::Deserialize;
use serde_json::Value;

#[inline(never)]
fn run_bytes<T>(json: &[u8], iterations: usize, read: impl Fn(&[u8]) -> Option<T>) -> usize {
    let mut kept = 0;
    for _ in 0..iterations {
        kept += usize::from(read(black_box(json)).is_some());
    }
    kept
}

#[inline(never)]
fn run_value(value: &Value, iterations: usize, read: impl Fn(&Value) -> bool) -> usize {
    let mut kept = 0;
    for _ in 0..iterations {
        kept += usize::from(read(black_box(value)));
    }
    kept
}

/// A refused call of `n` ids: every id bad (native array or comma string), or only the last.
fn refused_call(route: &str, n: usize) -> Vec<u8> {
    let ids = if route.starts_with("refused_native") {
        serde_json::to_string(&vec!["x"; n]).unwrap_or_default()
    } else if route.starts_with("refused_comma") {
        serde_json::to_string(&vec!["x"; n].join(",")).unwrap_or_default()
    } else {
        let mut ids: Vec<Value> = common::ids(n).into_iter().map(Value::from).collect();
        if let Some(last) = ids.last_mut() {
            *last = Value::from("x");
        }
        serde_json::to_string(&ids).unwrap_or_default()
    };
    format!(r#"{{"ids":{ids},"limit":10,"project":"demo"}}"#).into_bytes()
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let route = args.first().map_or("native", String::as_str);
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let iterations: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let crate_read = |j: &[u8]| mcp_coerce::from_slice::<Coerced>(j).ok();
    let strings_read = |j: &[u8]| mcp_coerce::from_slice::<CoercedStrings>(j).ok();
    let kept = match route {
        "floor" => run_bytes(&native_call(n), iterations, |j| {
            serde_json::from_slice::<Plain>(j).ok()
        }),
        "native" => run_bytes(&native_call(n), iterations, crate_read),
        // The adapter under plain serde_json, without the entry point's fast-path test.
        "native_serde_json" => run_bytes(&native_call(n), iterations, |j| {
            serde_json::from_slice::<Coerced>(j).ok()
        }),
        "json_string" => run_bytes(&json_string_call(n), iterations, crate_read),
        // The same calls read with a coercion report (every call by the engine).
        "reported_native" | "reported_json_string" | "reported_comma" => {
            let call = match route {
                "reported_native" => native_call(n),
                "reported_json_string" => json_string_call(n),
                _ => comma_call(n, ","),
            };
            run_bytes(&call, iterations, |j| {
                mcp_coerce::from_slice_with_report::<Coerced>(j).ok()
            })
        }
        "comma" => run_bytes(&comma_call(n, ","), iterations, crate_read),
        "comma_spaced" => run_bytes(&comma_call(n, ", "), iterations, crate_read),
        "value_clone" | "value_floor_owned" => {
            // Subtract value_clone from value_floor_owned for what rmcp's
            // `serde_json::from_value` costs on its own.
            let value: Value = serde_json::from_slice(&native_call(n)).unwrap_or_default();
            if route == "value_clone" {
                run_value(&value, iterations, |v| black_box(v.clone()).is_object())
            } else {
                run_value(&value, iterations, |v| {
                    serde_json::from_value::<Plain>(v.clone()).is_ok()
                })
            }
        }
        "value_floor" => {
            let value: Value = serde_json::from_slice(&native_call(n)).unwrap_or_default();
            run_value(&value, iterations, |v| Plain::deserialize(v).is_ok())
        }
        "value_crate_owned" => {
            let value: Value = serde_json::from_slice(&native_call(n)).unwrap_or_default();
            run_value(&value, iterations, |v| {
                mcp_coerce::from_value::<Coerced>(v.clone()).is_ok()
            })
        }
        "str_value_clone" | "str_value_floor_owned" | "str_value_crate_owned" => {
            let value: Value = serde_json::from_slice(&str_native_call(n)).unwrap_or_default();
            match route {
                "str_value_clone" => {
                    run_value(&value, iterations, |v| black_box(v.clone()).is_object())
                }
                "str_value_floor_owned" => run_value(&value, iterations, |v| {
                    serde_json::from_value::<PlainStrings>(v.clone()).is_ok()
                }),
                _ => run_value(&value, iterations, |v| {
                    mcp_coerce::from_value::<CoercedStrings>(v.clone()).is_ok()
                }),
            }
        }
        "refused_native_bytes" | "refused_comma_bytes" | "refused_last_bytes" => {
            let call = refused_call(route, n);
            run_bytes(&call, iterations, |j| {
                mcp_coerce::from_slice::<Coerced>(j)
                    .err()
                    .map(|r| r.issues().len())
            })
        }
        "refused_native_collect" | "refused_comma_collect" | "refused_last_collect" => {
            let call = refused_call(route, n);
            run_bytes(&call, iterations, |j| {
                let v: Value = serde_json::from_slice(j).ok()?;
                mcp_coerce::from_value::<Coerced>(v)
                    .err()
                    .map(|r| r.issues().len())
            })
        }
        "bytes_crate" => run_bytes(&native_call(n), iterations, |j| {
            let v: Value = serde_json::from_slice(j).ok()?;
            mcp_coerce::from_value::<Coerced>(v).ok()
        }),
        "str_floor" => run_bytes(&str_native_call(n), iterations, |j| {
            serde_json::from_slice::<PlainStrings>(j).ok()
        }),
        "str_native" => run_bytes(&str_native_call(n), iterations, strings_read),
        "str_json_string" => run_bytes(&str_json_string_call(n), iterations, strings_read),
        "str_comma" => run_bytes(&str_comma_call(n, ","), iterations, strings_read),
        "int_floor" => run_bytes(br#"{"limit":10}"#, iterations, |j| {
            serde_json::from_slice::<scalars::PlainInt>(j).ok()
        }),
        "int_crate" => run_bytes(br#"{"limit":10}"#, iterations, |j| {
            mcp_coerce::from_slice::<scalars::CoercedInt>(j).ok()
        }),
        "enum_floor" => run_bytes(br#"{"category":"DevOps"}"#, iterations, |j| {
            serde_json::from_slice::<scalars::PlainEnum>(j).ok()
        }),
        "enum_crate" => run_bytes(br#"{"category":"DevOps"}"#, iterations, |j| {
            mcp_coerce::from_slice::<scalars::CoercedEnum>(j).ok()
        }),
        "pattern_floor" => run_bytes(br#"{"card_id":"ATC-2026-7777670"}"#, iterations, |j| {
            serde_json::from_slice::<scalars::PlainString>(j).ok()
        }),
        "pattern_crate" => run_bytes(br#"{"card_id":"ATC-2026-7777670"}"#, iterations, |j| {
            mcp_coerce::from_slice::<scalars::CoercedPattern>(j).ok()
        }),
        "pattern_user" => run_bytes(br#"{"card_id":"ATC-2026-7777670"}"#, iterations, |j| {
            scalars::string_then_regex(j)
        }),
        other => {
            eprintln!("unknown route {other}");
            std::process::exit(2);
        }
    };
    println!("{route} n={n}: {kept} of {iterations} calls accepted");
}
