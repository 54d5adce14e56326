//! What the two schema targets (`schema_compile`, `schema_coerce`) share: the validator
//! the coercer is judged by, JSON equality with numbers compared by value, the size of a
//! schema, and the calls on which a row of the contract answers differently from a
//! validator on purpose.

use jsonschema::Validator;
use mcp_coerce::coercer::Coercer;
use serde_json::Value;

/// At most this many bytes of input are read by the schema targets (the run scripts pass
/// the same `-max_len`); longer inputs are skipped.
pub const MAX_SCHEMA_INPUT: usize = 16 * 1024;

/// The `jsonschema` crate's validator of `schema`, formats as annotations (the coercer's
/// own reading: the formats issue canonicalizes them), or `None` when it refuses the
/// schema.
pub fn validator(schema: &Value) -> Option<Validator> {
    jsonschema::options()
        .should_validate_formats(false)
        .build(schema)
        .ok()
}

/// How many JSON values `value` holds, itself included.
pub fn values(value: &Value) -> usize {
    1 + match value {
        Value::Object(map) => map.values().map(values).sum(),
        Value::Array(items) => items.iter().map(values).sum(),
        _ => 0,
    }
}

/// The nodes a compiled coercer holds, as its `Debug` output gives them (`nodes: N`).
pub fn nodes(coercer: &Coercer) -> Option<usize> {
    let debug = format!("{coercer:?}");
    let rest = debug.split("nodes: ").nth(1)?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// JSON equality with numbers compared by value (`5` and `5.0` are one number), as JSON
/// Schema compares them.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (int(x), int(y)) {
                return x == y;
            }
            if int(x).is_some() != int(y).is_some() {
                // An integer and a float: the float must be integral and equal to it.
                let (i, f) = if let Some(i) = int(x) {
                    (i, y.as_f64())
                } else {
                    (int(y).unwrap_or_default(), x.as_f64())
                };
                return f.is_some_and(|f| {
                    f.fract() == 0.0 && f.abs() < 2f64.powi(63) && f as i128 == i
                });
            }
            x.as_f64() == y.as_f64()
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn int(n: &serde_json::Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

/// The keys the contract refuses in a free-form object (`forbidden_key`), where a
/// validator accepts them.
const FORBIDDEN: [&str; 3] = ["__proto__", "constructor", "prototype"];

/// Why a call valid as sent may be answered differently by the coercer, on purpose: a row
/// of the contract (the rows of `crates/testsuite/tests/data/suite_differences.json`), or
/// `None` when the call must come back unchanged.
///
/// - a key `__proto__`, `constructor` or `prototype` anywhere in the call: `forbidden_key`
///   in a free-form object (and a union branch that refuses it is not "valid as sent");
/// - a float without a fraction of 2^53 or more in magnitude (this is also how serde_json
///   holds an integer past 2^64): `int_overflow` where an integer is read, since no JSON
///   number holds it exactly.
pub fn intentional(call: &Value) -> Option<&'static str> {
    let mut stack = vec![call];
    let mut found = None;
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if map.keys().any(|k| FORBIDDEN.contains(&k.as_str())) {
                    return Some("forbidden key in a free-form object");
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            Value::Number(n) if int(n).is_none() => {
                let f = n.as_f64().unwrap_or(0.0);
                if f.fract() == 0.0 && f.abs() >= 2f64.powi(53) {
                    found = Some("an integral float past 2^53 (or an integer past 2^64)");
                }
            }
            _ => {}
        }
    }
    found
}

/// The formats the coercer reads.
const READ_FORMATS: [&str; 7] = ["date-time", "date", "uuid", "email", "ipv4", "ipv6", "uri"];

/// Keywords the coercer leaves to its complete validator (`schema-assertions`).
const VALIDATOR_KEYWORDS: [&str; 14] = [
    "not",
    "if",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "contains",
    "minProperties",
    "maxProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "$dynamicRef",
    "$recursiveRef",
    "minContains",
    "maxContains",
];

/// Whether `schema` has a `format` the coercer reads and a keyword its complete validator
/// asserts: that validator reads those formats as the coercer does (under `not: {format:
/// ipv4}` a lax or refused address is no address), where this target's validator reads
/// them as annotations, so its verdict does not apply.
pub fn has_asserted_formats(schema: &Value) -> bool {
    let (mut format, mut keyword) = (false, false);
    walk(schema, &mut format, &mut keyword);
    format && keyword
}

/// Whether `schema` has a `format` the coercer reads.
pub fn has_read_formats(schema: &Value) -> bool {
    let (mut format, mut keyword) = (false, false);
    walk(schema, &mut format, &mut keyword);
    format
}

/// Sets `format` when `value` has a `format` the coercer reads anywhere, and `keyword` when
/// it has a keyword the coercer's complete validator asserts.
fn walk(value: &Value, format: &mut bool, keyword: &mut bool) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if k == "format" && v.as_str().is_some_and(|f| READ_FORMATS.contains(&f)) {
                    *format = true;
                }
                if VALIDATOR_KEYWORDS.contains(&k.as_str()) {
                    *keyword = true;
                }
                walk(v, format, keyword);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| walk(v, format, keyword)),
        _ => {}
    }
}

/// Keywords a draft-7 validator asserts that the contract reads as annotations, as
/// 2020-12 does (`contentEncoding`, `contentMediaType`: suite_differences.json).
pub fn has_content_keywords(schema: &Value) -> bool {
    match schema {
        Value::Object(map) => map.iter().any(|(k, v)| {
            k == "contentEncoding" || k == "contentMediaType" || has_content_keywords(v)
        }),
        Value::Array(items) => items.iter().any(has_content_keywords),
        _ => false,
    }
}
