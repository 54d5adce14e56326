//! Every dialect rewrite (crates/dialect), on any JSON value as the schema: the output is
//! at most 4x the input's bytes, rewriting it again changes nothing, and a witness
//! instance built from the input schema (one the input schema accepts, by a real
//! validator), normalized for the dialect, is accepted by the rewritten schema.
//!
//! The size bound, in compact JSON bytes, is `4 * input + PER_VALUE * values + SLACK`,
//! not `4 * input` alone: every profile but `canonical` gives each schema a `type`, and a
//! schema that allows any value becomes `{"type": "string", "description": "Any JSON
//! value."}` (the `Dialect` docs, "Rules of every profile"), so `{"properties": {"a": {},
//! …}}` grows about 8x in `openai-strict` (`"a":{}` becomes
//! `"a":{"description":"Any JSON value.","type":["string","null"]}` and `"a"` in
//! `required`); `PER_VALUE` covers those additions for each JSON value of the input, and
//! the constant what the smallest schemas get (`{}` is a closed object in
//! `openai-strict`). A schema with a `$ref` may grow by the inlining budget instead
//! (`MAX_INLINED_NODES` units, "about 320 KB of text", crates/dialect/src/refs.rs), so its
//! bound is `4 * input + INLINING`.
//!
//! `FUZZ_DIALECT_SKIP` (a comma list of `size`, `idempotence`, `witness`) turns a check
//! off, to look past a finding already reported; the run scripts never set it.
#![no_main]

use jsonschema::{Draft, Validator};
use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce::dialect::{Dialect, NoteKind};
use mcp_coerce_fuzz::witness::{Bits, Witness};
use serde_json::{Map, Value, json};

/// Inputs past this many bytes are skipped (the validator compiles every schema).
const MAX_SCHEMA: usize = 16 * 1024;
/// What every profile may add to a schema of any size.
const SLACK: usize = 256;
/// What a profile may add for each JSON value of the input (a `type`, an "Any JSON value."
/// description, a `required` entry, `additionalProperties`).
const PER_VALUE: usize = 96;

/// How many JSON values `value` holds, itself included.
fn values(value: &Value) -> usize {
    1 + match value {
        Value::Object(map) => map.values().map(values).sum(),
        Value::Array(items) => items.iter().map(values).sum(),
        _ => 0,
    }
}
/// What inlining `$ref`s may add: 20,000 units, one per value and per 16 bytes of text.
const INLINING: usize = 400_000;

fn skipped(check: &str) -> bool {
    std::env::var("FUZZ_DIALECT_SKIP").is_ok_and(|s| s.split(',').any(|c| c.trim() == check))
}

fn has_ref(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.iter().any(|(k, v)| k == "$ref" || has_ref(v)),
        Value::Array(items) => items.iter().any(has_ref),
        _ => false,
    }
}

fn validator(schema: &Value) -> Option<Validator> {
    jsonschema::options()
        .with_draft(Draft::Draft202012)
        .should_validate_formats(false)
        .build(schema)
        .ok()
}

/// A Gemini schema as JSON Schema: OpenAPI's `nullable: true` also admits `null`.
fn openapi_to_json_schema(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => {
            let mut out: Map<String, Value> = map
                .iter()
                .filter(|(k, _)| k.as_str() != "nullable")
                .map(|(k, v)| {
                    let v = match k.as_str() {
                        // Data, not schemas.
                        "enum" | "const" | "default" | "examples" | "required" => v.clone(),
                        _ => openapi_to_json_schema(v),
                    };
                    (k.clone(), v)
                })
                .collect();
            if map.get("nullable") == Some(&Value::Bool(true)) {
                let inner = Value::Object(std::mem::take(&mut out));
                return json!({"anyOf": [inner, {"type": "null"}]});
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(openapi_to_json_schema).collect()),
        other => other.clone(),
    }
}

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_SCHEMA {
        return Corpus::Reject;
    }
    let Ok(schema) = serde_json::from_slice::<Value>(data) else {
        return Corpus::Reject;
    };
    let input_bytes = schema.to_string().len();
    let bound = 4 * input_bytes
        + if has_ref(&schema) {
            INLINING
        } else {
            PER_VALUE * values(&schema) + SLACK
        };
    let canonical = validator(&schema);
    for dialect in Dialect::ALL {
        let out = dialect.rewrite(&schema);
        let text = out.schema.to_string();
        assert!(
            skipped("size") || text.len() <= bound,
            "{dialect}: {input_bytes} bytes became {} (bound {bound}): {text}",
            text.len()
        );
        let twice = dialect.rewrite(&out.schema);
        assert!(
            skipped("idempotence") || twice.schema == out.schema,
            "{dialect}: not idempotent: {} became {}",
            out.schema,
            twice.schema
        );
        if skipped("witness") {
            continue;
        }

        // The witness, when the generator can build one the input schema accepts and the
        // rewrite kept what it needs (a schema cut for depth or size, or a reference that
        // does not resolve, becomes permissive, then "any value" as a string: documented
        // in the `rewrite` docs, "Limits").
        let Some(canonical) = &canonical else {
            continue;
        };
        let lossy = out.notes.iter().any(|n| {
            matches!(
                n.kind,
                NoteKind::TooDeep | NoteKind::TooLarge | NoteKind::Unresolved
            )
        });
        if lossy {
            continue;
        }
        let Some(witness) = Witness::new(&schema, dialect, Bits::new(data), false).generate()
        else {
            continue;
        };
        if !canonical.is_valid(&witness) {
            continue;
        }
        let sent = if dialect == Dialect::OpenAiStrict {
            Witness::new(&schema, dialect, Bits::new(data), true)
                .generate()
                .expect("the same choices build the same witness")
        } else {
            witness.clone()
        };
        let rewritten = if dialect == Dialect::Gemini {
            openapi_to_json_schema(&out.schema)
        } else {
            out.schema.clone()
        };
        let Some(check) = validator(&rewritten) else {
            panic!("{dialect}: the rewrite is not a schema the validator compiles: {rewritten}");
        };
        assert!(
            check.is_valid(&sent),
            "{dialect}: witness {sent} (of {witness}) refused by {rewritten}"
        );
    }
    Corpus::Keep
});
