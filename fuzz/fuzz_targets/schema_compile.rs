//! `Coercer::compile` on any JSON value as the schema (a tool's `inputSchema` is untrusted
//! input): it never panics; a compiled schema holds at most one node per JSON value of the
//! schema (each node is one schema location, shared by every `$ref` to it), so its size is
//! bounded by the input's; every schema path it reports (a `SchemaError`'s, a `Warning`'s)
//! is a JSON Pointer of at most 256 chars that names a location of the schema.
//!
//! A schema of at most 4 KiB is compiled a second time below 200 levels of `items`: JSON
//! text cannot hold a schema nested past serde_json's 128 levels, a `Value` built in code
//! can, and the engine's own limit (256 levels) is then what stops the compilation (larger
//! inputs are left at one compilation: their patterns dominate the time, not their depth).
//! Time is bounded by libFuzzer's `-timeout` (targets.sh); inputs past 16 KiB are skipped.
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce::coercer::Coercer;
use mcp_coerce_fuzz::schema::{MAX_SCHEMA_INPUT, nodes, values};
use serde_json::{Map, Value};

/// Levels of `items` the second compilation puts around the schema.
const WRAP: usize = 200;
/// Inputs past this many bytes are compiled once.
const WRAP_INPUT: usize = 4 * 1024;

/// Whether `pointer`, reported for `schema`, is a JSON Pointer naming a location in it
/// (one cut at 256 chars is only checked for its shape).
fn check_pointer(schema: &Value, pointer: &str, what: &str) {
    assert!(
        pointer.is_empty() || pointer.starts_with('/'),
        "{what}: {pointer:?} is not a JSON Pointer"
    );
    assert!(
        pointer.chars().count() <= 257,
        "{what}: {} chars in a schema path",
        pointer.chars().count()
    );
    if pointer.ends_with('…') {
        return;
    }
    assert!(
        schema.pointer(pointer).is_some(),
        "{what}: {pointer:?} names no location of the schema {schema}"
    );
}

fn compile(schema: &Value) {
    match Coercer::compile(schema) {
        Ok(coercer) => {
            let nodes = nodes(&coercer).expect("the Debug output names the node count");
            let bound = values(schema);
            assert!(
                nodes <= bound,
                "{nodes} nodes for a schema of {bound} JSON values"
            );
            for warning in coercer.warnings() {
                check_pointer(schema, warning.pointer(), "warning");
            }
        }
        Err(error) => {
            // The `jsonschema` crate's own refusal names a keyword location, which may run
            // through a `$ref`: its shape only.
            if error
                .message()
                .starts_with("the validator refuses the schema")
            {
                assert!(
                    error.pointer().is_empty() || error.pointer().starts_with('/'),
                    "validator error at {:?}",
                    error.pointer()
                );
            } else {
                check_pointer(schema, error.pointer(), error.message());
            }
            assert!(
                !error.message().contains('\n'),
                "a message of several lines"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_SCHEMA_INPUT {
        return Corpus::Reject;
    }
    let Ok(schema) = serde_json::from_slice::<Value>(data) else {
        return Corpus::Reject;
    };
    compile(&schema);
    if data.len() > WRAP_INPUT {
        return Corpus::Keep;
    }
    // Moved, not copied, into each level (`json!` would serialize it again each time).
    let mut deep = schema;
    for _ in 0..WRAP {
        let mut level = Map::new();
        level.insert("items".to_owned(), deep);
        deep = Value::Object(level);
    }
    compile(&deep);
    Corpus::Keep
});
