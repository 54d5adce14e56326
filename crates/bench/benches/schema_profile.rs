//! A driver for callgrind, not a timing bench: runs one route of the schema engine, or of
//! the `jsonschema` validator it is measured against, on one case of `schema_cases` many
//! times. See BENCHMARKS.md, "The schema engine", and `benches/schema.sh`.
//!
//!     cargo bench -p mcp-coerce-bench --features schema --bench schema_profile --no-run
//!     valgrind --tool=callgrind --toggle-collect='schema_profile::run*' \
//!         target/release/deps/schema_profile-HASH ROUTE CASE ITERATIONS
//!
//! Routes on a case (`demo_get_observations/1000`): `is_valid` (jsonschema on the canonical
//! call, formats as annotations), `is_valid_formats` (the same with format assertions on,
//! the floor of a call whose schema has a `format` the engine reads), `coerce_canonical`, `coerce_lax` (`Coercer::coerce` on a clone of the call),
//! `clone_canonical`, `clone_lax` (the clone and its drop alone, to subtract), and
//! `report_canonical`, `report_lax` (`coerce_with_report`). Routes on a schema (its short
//! name): `compile_jsonschema` (`jsonschema::options().should_validate_formats(false)
//! .build`), `compile_validator_for`, `compile_coercer`.
//!
//! `schema_profile --list` prints the cases and schemas; `schema_profile --dump FILE`
//! writes them as JSON for the ajv script (`crates/bench/ajv`). Without arguments (as
//! `cargo test --benches` runs it) every case is checked.

mod schema_cases;

use std::hint::black_box;

use mcp_coerce::coercer::Coercer;
use schema_cases::{Case, cases, check, schemas, validator};
use serde_json::{Value, json};

#[inline(never)]
fn run_value(value: &Value, iterations: usize, read: impl Fn(&Value) -> bool) -> usize {
    let mut kept = 0;
    for _ in 0..iterations {
        kept += usize::from(read(black_box(value)));
    }
    kept
}

/// `run_value` after one call outside the measured function (callgrind collects `run*`
/// only): lazy state (a regex's cache, first allocations) is not charged to the calls.
fn warm_value(value: &Value, iterations: usize, read: impl Fn(&Value) -> bool) -> usize {
    let _ = read(value);
    run_value(value, iterations, read)
}

/// `run_schema` after one compile outside the measured function.
fn warm_schema(schema: &Value, iterations: usize, compile: impl Fn(&Value) -> bool) -> usize {
    let _ = compile(schema);
    run_schema(schema, iterations, compile)
}

#[inline(never)]
fn run_schema(schema: &Value, iterations: usize, compile: impl Fn(&Value) -> bool) -> usize {
    let mut kept = 0;
    for _ in 0..iterations {
        kept += usize::from(compile(black_box(schema)));
    }
    kept
}

fn case(name: &str) -> Case {
    cases()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| {
            eprintln!("unknown case {name} (see --list)");
            std::process::exit(2);
        })
}

fn schema(name: &str) -> Value {
    schemas()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| s)
        .unwrap_or_else(|| {
            eprintln!("unknown schema {name} (see --list)");
            std::process::exit(2);
        })
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.first().map(String::as_str) {
        None => {
            // As a test: every case checked.
            let all = cases();
            for case in &all {
                check(case);
            }
            println!("{} cases checked", all.len());
            return;
        }
        Some("--list") => {
            // Each case with the coercions its lax call takes, by rule.
            for case in cases() {
                let coercer = Coercer::compile(&case.schema).expect("checked");
                let mut rules: Vec<String> = coercer
                    .coerce_with_report(case.lax.clone())
                    .map(|c| {
                        c.coercions()
                            .iter()
                            .map(|c| format!("{:?}", c.rule()))
                            .collect()
                    })
                    .unwrap_or_default();
                let count = rules.len();
                rules.sort();
                rules.dedup();
                println!(
                    "case {}: {count} coercions ({})",
                    case.name,
                    rules.join(", ")
                );
            }
            for (name, _) in schemas() {
                println!("schema {name}");
            }
            return;
        }
        Some("--dump") => {
            let Some(file) = args.get(1) else {
                eprintln!("--dump FILE");
                std::process::exit(2);
            };
            let dump = json!({
                "schemas": schemas().into_iter().map(|(name, schema)| json!({
                    "name": name, "schema": schema,
                })).collect::<Vec<_>>(),
                "cases": cases().into_iter().map(|c| json!({
                    "name": c.name, "schema": c.schema_name,
                    "canonical": c.canonical, "lax": c.lax,
                })).collect::<Vec<_>>(),
            });
            if let Err(e) = std::fs::write(file, dump.to_string()) {
                eprintln!("{file}: {e}");
                std::process::exit(1);
            }
            return;
        }
        Some(_) => {}
    }
    let route = args[0].as_str();
    let Some(target) = args.get(1) else {
        eprintln!("usage: schema_profile ROUTE CASE|SCHEMA ITERATIONS");
        std::process::exit(2);
    };
    let iterations: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let kept = match route {
        "compile_jsonschema" => warm_schema(&schema(target), iterations, |s| {
            jsonschema::options()
                .should_validate_formats(false)
                .build(s)
                .is_ok()
        }),
        "compile_validator_for" => warm_schema(&schema(target), iterations, |s| {
            jsonschema::validator_for(s).is_ok()
        }),
        "compile_coercer" => {
            warm_schema(&schema(target), iterations, |s| Coercer::compile(s).is_ok())
        }
        _ => {
            let case = case(target);
            let coercer = Coercer::compile(&case.schema).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(1);
            });
            match route {
                "is_valid" => {
                    let validator = validator(&case.schema);
                    warm_value(&case.canonical, iterations, |v| validator.is_valid(v))
                }
                "is_valid_formats" => {
                    let validator = jsonschema::options()
                        .should_validate_formats(true)
                        .build(&case.schema)
                        .unwrap_or_else(|e| {
                            eprintln!("{e}");
                            std::process::exit(1);
                        });
                    warm_value(&case.canonical, iterations, |v| validator.is_valid(v))
                }
                "coerce_canonical" => warm_value(&case.canonical, iterations, |v| {
                    coercer.coerce(v.clone()).is_ok()
                }),
                "coerce_lax" => {
                    warm_value(&case.lax, iterations, |v| coercer.coerce(v.clone()).is_ok())
                }
                "report_canonical" => warm_value(&case.canonical, iterations, |v| {
                    coercer.coerce_with_report(v.clone()).is_ok()
                }),
                "report_lax" => warm_value(&case.lax, iterations, |v| {
                    coercer.coerce_with_report(v.clone()).is_ok()
                }),
                "clone_canonical" => warm_value(&case.canonical, iterations, |v| {
                    black_box(v.clone()).is_object()
                }),
                "clone_lax" => {
                    warm_value(&case.lax, iterations, |v| black_box(v.clone()).is_object())
                }
                other => {
                    eprintln!("unknown route {other}");
                    std::process::exit(2);
                }
            }
        }
    };
    println!("{route} {target}: {kept} of {iterations} accepted");
}
