//! The schema engine against the tool schemas real MCP servers publish
//! (tests/data/published/servers.json: 100 servers, 2,265 tools, recorded from the npm and
//! PyPI registries; see its README.md), as issue 24's conformance item asks:
//!
//! - every input and output schema that is valid JSON Schema (its meta-schema and the
//!   `jsonschema` crate accept it) compiles; the ones that do not compile, each with the
//!   reason, and the patterns the engine skips (`Coercer::warnings`), each with its reason,
//!   are listed in tests/data/published/not_compiled.json (both lists are empty for this
//!   corpus), and the test fails when the lists change;
//! - for every tool, three canonical calls made from its input schema by the generator of
//!   this file (every property a canonical value of its type within its bounds: the
//!   required properties only; every property; every property with values at the edges:
//!   integers at a bound or large and negative, numbers at a bound or a small fraction,
//!   strings with a space inside, `false` first, arrays of one item or `maxItems` items, the
//!   last enum value) come back unchanged (numbers compared by value) through `coerce`,
//!   `coerce_str` and `coerce_with_report`, with no coercion recorded; a call the generator
//!   cannot make valid (judged by the `jsonschema` crate, asserting the formats the engine
//!   reads, the others annotations) is listed in tests/data/published/not_generated.json
//!   with the validator's reason;
//! - every lax spelling of every location of the two full calls (tests/common/lax.rs:
//!   numbers and booleans as strings, the other boolean too, arrays as JSON text and, of
//!   scalar or string items, as comma strings, objects as JSON text, enum strings in another
//!   case or with other separators where folding is unique, snake_case keys in camelCase
//!   where no other key folds to them, the arguments as JSON text, and an optional
//!   property's `""` and `"null"`) comes back as the canonical call, exactly (for `""` and
//!   `"null"`: the property `null` where its schema allows it, else left out), with at least
//!   one coercion recorded. A value spelling that the schema accepts as sent is no lax
//!   spelling (the contract keeps it as sent): it is counted and left out;
//! - every output schema's canonical value comes back unchanged through `coerce_value`.
//!
//! The counts are printed (`-- --nocapture`) and pinned exactly. To rewrite the two lists
//! after a deliberate change: `MCP_COERCE_WRITE_PUBLISHED=1 cargo test -p
//! mcp-coerce-testsuite --all-features --test suite published_schemas`.

#[path = "../common/judge.rs"]
mod judge;
use crate::lax;

use std::collections::BTreeMap;
use std::path::PathBuf;

use lax::{Kind, Schemas, Seg, same_json};
use mcp_coerce::coercer::Coercer;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::{Map, Number, Value, json};

// ---------------------------------------------------------------------------------------
// The corpus

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/published")
}

/// One schema of the corpus: `server / tool / inputSchema` (or `outputSchema`).
struct Published {
    label: String,
    tool: String,
    output: bool,
    schema: Value,
}

fn corpus() -> Vec<Published> {
    let text = std::fs::read_to_string(data_dir().join("servers.json")).expect("servers.json");
    let corpus: Value = serde_json::from_str(&text).expect("servers.json is JSON");
    let mut out = Vec::new();
    for server in corpus["servers"].as_array().expect("servers") {
        let name = server["server"].as_str().expect("server name");
        for tool in server["tools"].as_array().expect("tools") {
            let tool_name = tool["name"].as_str().expect("tool name");
            for (key, output) in [("inputSchema", false), ("outputSchema", true)] {
                if let Some(schema) = tool.get(key) {
                    out.push(Published {
                        label: format!("{name} / {tool_name} / {key}"),
                        tool: tool_name.to_owned(),
                        output,
                        schema: schema.clone(),
                    });
                }
            }
        }
    }
    out
}

/// The validator that judges instances: the `jsonschema` crate, asserting the formats the
/// engine reads (`uuid` in every draft, as the engine reads it) and no other (as the engine
/// reads them).
fn validator(schema: &Value) -> Result<jsonschema::Validator, String> {
    judge::options()
        .with_format("uuid", |s: &str| {
            s.len() == 36
                && s.bytes().enumerate().all(|(i, b)| match i {
                    8 | 13 | 18 | 23 => b == b'-',
                    _ => b.is_ascii_hexdigit(),
                })
        })
        .build(schema)
        .map_err(|e| cut(&format!("{e} (at {})", e.schema_path().as_str())))
}

/// Why `schema` is not valid JSON Schema (its meta-schema, then the validator), if it is
/// not.
fn invalid_because(schema: &Value) -> Option<String> {
    if let Err(e) = jsonschema::meta::validate(schema) {
        return Some(cut(&format!(
            "the meta-schema refuses it at {}: {e}",
            display_pointer(e.instance_path().as_str())
        )));
    }
    validator(schema)
        .err()
        .map(|e| format!("the validator refuses it: {e}"))
}

fn display_pointer(p: &str) -> &str {
    if p.is_empty() { "the root" } else { p }
}

fn cut(s: &str) -> String {
    let mut out: String = s.chars().take(240).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// A committed list: compared with this run's, or written with `MCP_COERCE_WRITE_PUBLISHED`.
fn check_list(file: &str, computed: &Value, failures: &mut Vec<String>) {
    let path = data_dir().join(file);
    let text = serde_json::to_string_pretty(computed).expect("serializes") + "\n";
    if std::env::var_os("MCP_COERCE_WRITE_PUBLISHED").is_some() {
        std::fs::write(&path, text).expect("writes the list");
        return;
    }
    let committed: Value = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    if &committed != computed {
        failures.push(format!(
            "{file} differs from this run (set MCP_COERCE_WRITE_PUBLISHED=1 to rewrite it after a deliberate change); this run:\n{text}"
        ));
    }
}

// ---------------------------------------------------------------------------------------
// Compilation

/// What compiling the corpus gave.
struct Compiled {
    /// By label: the coercer, and the validator when the schema is valid JSON Schema.
    coercers: BTreeMap<String, (Coercer, Option<jsonschema::Validator>)>,
    not_compiled: Map<String, Value>,
    skipped_patterns: Map<String, Value>,
    /// Schemas that are not valid JSON Schema, compiled or not.
    invalid: usize,
    /// Valid schemas that compile.
    valid_compiled: usize,
}

fn compile_all(corpus: &[Published]) -> Compiled {
    let mut out = Compiled {
        coercers: BTreeMap::new(),
        not_compiled: Map::new(),
        skipped_patterns: Map::new(),
        invalid: 0,
        valid_compiled: 0,
    };
    for p in corpus {
        let invalid = invalid_because(&p.schema);
        if invalid.is_some() {
            out.invalid += 1;
        }
        match Coercer::compile(&p.schema) {
            Ok(coercer) => {
                if invalid.is_none() {
                    out.valid_compiled += 1;
                }
                let warnings: Vec<Value> = coercer
                    .warnings()
                    .iter()
                    .map(|w| json!({"pointer": w.pointer(), "reason": w.message()}))
                    .collect();
                if !warnings.is_empty() {
                    out.skipped_patterns
                        .insert(p.label.clone(), Value::Array(warnings));
                }
                let coercer = if p.output {
                    coercer
                } else {
                    coercer.for_tool(&p.tool)
                };
                out.coercers
                    .insert(p.label.clone(), (coercer, validator(&p.schema).ok()));
            }
            Err(e) => {
                out.not_compiled.insert(
                    p.label.clone(),
                    json!({
                        "pointer": e.pointer(),
                        "error": e.message(),
                        "not_json_schema": invalid,
                    }),
                );
            }
        }
    }
    out
}

/// The lists of the compiled corpus, as not_compiled.json holds them.
fn lists(compiled: &Compiled) -> Value {
    json!({
        "about": "Schemas of servers.json that the schema engine does not compile (with the engine's error and, where it is not valid JSON Schema, why), and the patterns it skips (Coercer::warnings). Written by tests/suite/published_schemas.rs; the test fails when they change.",
        "not_compiled": compiled.not_compiled,
        "skipped_patterns": compiled.skipped_patterns,
    })
}

#[test]
fn every_valid_schema_compiles() {
    // The judge of "valid JSON Schema" refuses what it should.
    assert_eq!(
        invalid_because(&json!({"type": "text"})).map(|why| why.starts_with("the meta-schema")),
        Some(true)
    );
    assert_eq!(
        invalid_because(&json!({"type": "string", "enum": []})),
        None
    );
    let corpus = corpus();
    let compiled = compile_all(&corpus);
    let mut failures = Vec::new();
    for (label, entry) in &compiled.not_compiled {
        if entry["not_json_schema"].is_null() {
            failures.push(format!(
                "{label}: valid JSON Schema, not compiled: {}",
                entry["error"]
            ));
        }
    }
    check_list("not_compiled.json", &lists(&compiled), &mut failures);
    let counts = [
        ("schemas", corpus.len()),
        ("input schemas", corpus.iter().filter(|p| !p.output).count()),
        ("output schemas", corpus.iter().filter(|p| p.output).count()),
        ("not valid JSON Schema", compiled.invalid),
        ("valid and compiled", compiled.valid_compiled),
        ("compiled", compiled.coercers.len()),
        ("not compiled", compiled.not_compiled.len()),
        (
            "schemas with skipped patterns",
            compiled.skipped_patterns.len(),
        ),
    ];
    for (what, n) in counts {
        println!("{what}: {n}");
    }
    assert_eq!(
        counts,
        [
            ("schemas", 3179),
            ("input schemas", 2265),
            ("output schemas", 914),
            ("not valid JSON Schema", 0),
            ("valid and compiled", 3179),
            ("compiled", 3179),
            ("not compiled", 0),
            ("schemas with skipped patterns", 0),
        ]
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Canonical values

/// Values at most this deep are generated (a recursive schema's optional parts stop here).
const MAX_DEPTH: usize = 10;

/// Values made for one call before optional properties are left out.
const MAX_VALUES: usize = 400;

/// Strings drawn for a pattern before giving up.
const PATTERN_DRAWS: usize = 32;

/// The canonical value generator: one value of each location's type, within its bounds.
struct Generator<'a> {
    schemas: &'a Schemas<'a>,
    /// Booleans made so far (they alternate: `true`, `false`, ...).
    booleans: usize,
    /// Optional properties too.
    all: bool,
    /// The value is a call's arguments.
    arguments: bool,
    /// Values at the edges: integers at a bound (or a large negative one), numbers at a
    /// bound (or a small fraction), strings with a space inside, `false` first, arrays of
    /// `maxItems` items when few or else one, the last enum value.
    edge: bool,
    /// The `$ref`s being followed (a recursive schema's optional parts stop at the second
    /// visit).
    refs: Vec<&'a str>,
    /// Values made so far: past [`MAX_VALUES`], optional properties are left out.
    made: usize,
}

impl<'a> Generator<'a> {
    fn value(&mut self, schema: &'a Value, depth: usize, nth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.made += 1;
        if let Some(Value::String(r)) = schema.get("$ref") {
            if self.refs.contains(&r.as_str()) {
                return None;
            }
            self.refs.push(r);
            let out = self.value_of(schema, depth, nth);
            self.refs.pop();
            return out;
        }
        self.value_of(schema, depth, nth)
    }

    fn value_of(&mut self, schema: &'a Value, depth: usize, nth: usize) -> Option<Value> {
        let schema = self.schemas.resolve(schema);
        let map = match schema {
            Value::Bool(true) => return Some(json!("value")),
            Value::Object(map) => map,
            _ => return None,
        };
        if let Some(Value::String(r)) = map.get("$ref")
            && let Some(target) = self.schemas.target(r)
            && !map.contains_key("type")
            && !map.contains_key("properties")
        {
            return self.value(target, depth + 1, nth);
        }
        if let Some(c) = map.get("const") {
            return Some(c.clone());
        }
        if let Some(Value::Array(values)) = map.get("enum") {
            let not_null: Vec<&Value> = values.iter().filter(|v| !v.is_null()).collect();
            return match not_null.as_slice() {
                [] => values.first().cloned(),
                some if self.edge => Some(some[some.len() - 1 - nth % some.len()].clone()),
                some => Some(some[nth % some.len()].clone()),
            };
        }
        let types: Vec<&str> = match map.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(t)) => t.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if types.is_empty() {
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(branches)) = map.get(key) {
                    let mut null = false;
                    for b in branches {
                        if self.schemas.resolve(b).get("type") == Some(&json!("null")) {
                            null = true;
                            continue;
                        }
                        if let Some(v) = self.value(b, depth + 1, nth) {
                            return Some(v);
                        }
                    }
                    return null.then_some(Value::Null);
                }
            }
            if let Some(Value::Array(branches)) = map.get("allOf")
                && !map.contains_key("properties")
                && let Some(first) = branches.first()
            {
                let mut value = self.value(first, depth + 1, nth)?;
                for b in &branches[1..] {
                    if let (Value::Object(into), Some(Value::Object(more))) =
                        (&mut value, self.value(b, depth + 1, nth))
                    {
                        for (k, v) in more {
                            into.entry(k).or_insert(v);
                        }
                    }
                }
                return Some(value);
            }
        }
        let ty = types
            .iter()
            .copied()
            .find(|t| *t != "null")
            .or_else(|| types.first().copied())
            .unwrap_or_else(|| match inferred_type(map) {
                // Arguments are an object, whatever the schema says.
                "any" if depth == 0 && self.arguments => "object",
                other => other,
            });
        match ty {
            "null" => Some(Value::Null),
            "boolean" => {
                self.booleans += 1;
                Some(Value::Bool((self.booleans % 2 == 1) != self.edge))
            }
            "integer" => integer(map, nth, self.edge),
            "number" => number(map, nth, self.edge),
            "string" => string(map, nth, self.edge),
            "array" => self.array(map, depth, nth),
            "object" => self.object(map, depth),
            _ => Some(json!("value")),
        }
    }

    fn array(&mut self, map: &'a Map<String, Value>, depth: usize, nth: usize) -> Option<Value> {
        let min = count(map, "minItems").unwrap_or(0);
        let max = count(map, "maxItems").unwrap_or(usize::MAX);
        if min > 64 {
            return None;
        }
        let (prefix, rest): (&[Value], Option<&Value>) =
            match (map.get("prefixItems"), map.get("items")) {
                (Some(Value::Array(p)), items) if !self.schemas.legacy_items() => (p, items),
                (_, Some(Value::Array(p))) if self.schemas.legacy_items() => {
                    (p, map.get("additionalItems"))
                }
                (_, items) => (&[], items),
            };
        let mut n = if self.edge {
            if max <= 5 { max.max(min) } else { min.max(1) }
        } else {
            2.clamp(min, max.max(min))
        };
        if matches!(rest, Some(Value::Bool(false))) {
            n = n.min(prefix.len()).max(min);
        }
        let mut items = Vec::new();
        for i in 0..n {
            let schema = prefix.get(i).or(rest);
            let item = match schema {
                Some(s) => self.value(s, depth + 1, nth + i),
                None => Some(json!(format!("item{i}"))),
            };
            match item {
                Some(v) => items.push(v),
                None if items.len() >= min => break,
                None => return None,
            }
        }
        Some(Value::Array(items))
    }

    fn object(&mut self, map: &'a Map<String, Value>, depth: usize) -> Option<Value> {
        let required: Vec<&str> = match map.get("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let mut out = Map::new();
        if let Some(Value::Object(properties)) = map.get("properties") {
            for (name, schema) in properties {
                let needed = required.contains(&name.as_str());
                if !needed && (!self.all || self.made > MAX_VALUES) {
                    continue;
                }
                match self.value(schema, depth + 1, 0) {
                    Some(v) => {
                        out.insert(name.clone(), v);
                    }
                    None if needed => return None,
                    None => {}
                }
            }
        }
        let additional = match map.get("additionalProperties") {
            Some(s @ Value::Object(_)) => Some(s),
            _ => None,
        };
        for name in &required {
            if !out.contains_key(*name) {
                let v = match additional {
                    Some(s) => self.value(s, depth + 1, 0)?,
                    None => json!("value"),
                };
                out.insert((*name).to_owned(), v);
            }
        }
        if out.is_empty()
            && let Some(s) = additional
            && s.as_object().is_some_and(|m| !m.is_empty())
            && let Some(v) = self.value(s, depth + 1, 0)
        {
            // A name `propertyNames` takes (`format: uri` keys), else `key1`.
            let key = map
                .get("propertyNames")
                .and_then(|names| self.value(names, depth + 1, 0))
                .and_then(|k| k.as_str().map(str::to_owned))
                .unwrap_or_else(|| "key1".to_owned());
            out.insert(key, v);
        }
        if let Some(Value::Array(branches)) = map.get("allOf") {
            for b in branches {
                if let Some(Value::Object(more)) = self.value(b, depth + 1, 0) {
                    for (k, v) in more {
                        out.entry(k).or_insert(v);
                    }
                }
            }
        }
        Some(Value::Object(out))
    }
}

/// The type a schema without `type` describes, from its keywords.
fn inferred_type(map: &Map<String, Value>) -> &'static str {
    let has = |keys: &[&str]| keys.iter().any(|k| map.contains_key(*k));
    if has(&[
        "properties",
        "required",
        "additionalProperties",
        "patternProperties",
    ]) {
        "object"
    } else if has(&["items", "prefixItems", "minItems", "maxItems"]) {
        "array"
    } else if has(&["pattern", "minLength", "maxLength", "format"]) {
        "string"
    } else if has(&["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
        "number"
    } else {
        "any"
    }
}

fn count(map: &Map<String, Value>, key: &str) -> Option<usize> {
    map.get(key)
        .and_then(Value::as_f64)
        .map(|f| if f > 1e9 { usize::MAX } else { f as usize })
}

/// The bounds of a number: (lower, lower exclusive, upper, upper exclusive).
fn bounds(map: &Map<String, Value>) -> (Option<f64>, bool, Option<f64>, bool) {
    let num = |k: &str| map.get(k).and_then(Value::as_f64);
    let (mut lo, mut lo_ex) = (num("minimum"), false);
    let (mut hi, mut hi_ex) = (num("maximum"), false);
    match map.get("exclusiveMinimum") {
        Some(Value::Bool(b)) => lo_ex = *b,
        Some(Value::Number(n)) => {
            let x = n.as_f64().unwrap_or(0.0);
            if lo.is_none_or(|l| x >= l) {
                (lo, lo_ex) = (Some(x), true);
            }
        }
        _ => {}
    }
    match map.get("exclusiveMaximum") {
        Some(Value::Bool(b)) => hi_ex = *b,
        Some(Value::Number(n)) => {
            let x = n.as_f64().unwrap_or(0.0);
            if hi.is_none_or(|h| x <= h) {
                (hi, hi_ex) = (Some(x), true);
            }
        }
        _ => {}
    }
    (lo, lo_ex, hi, hi_ex)
}

fn integer(map: &Map<String, Value>, nth: usize, edge: bool) -> Option<Value> {
    let (lo, lo_ex, hi, hi_ex) = bounds(map);
    let lo = lo.map(|l| if lo_ex { l.floor() + 1.0 } else { l.ceil() });
    let hi = hi.map(|h| if hi_ex { h.ceil() - 1.0 } else { h.floor() });
    let step = nth as f64;
    let mut v = match (edge, lo, hi) {
        (false, ..) => 5.0 + step,
        (true, _, Some(h)) => h - step,
        (true, Some(l), None) => l + step,
        (true, None, None) => -9_007_199_254_740_991.0 + step,
    };
    if let Some(l) = lo
        && v < l
    {
        v = l + step;
    }
    if let Some(h) = hi
        && v > h
    {
        v = (h - step).max(lo.unwrap_or(f64::MIN));
    }
    if let Some(m) = map.get("multipleOf").and_then(Value::as_f64)
        && m > 0.0
    {
        v = (v / m).ceil() * m;
        if hi.is_some_and(|h| v > h) {
            v -= m;
        }
    }
    if v.abs() > 9_007_199_254_740_991.0 {
        return None;
    }
    Some(json!(v as i64))
}

fn number(map: &Map<String, Value>, nth: usize, edge: bool) -> Option<Value> {
    let (lo, lo_ex, hi, hi_ex) = bounds(map);
    let mut v = match (edge, lo, hi) {
        (false, ..) => 2.5 + nth as f64,
        (true, Some(l), _) if !lo_ex => l,
        (true, _, Some(h)) if !hi_ex => h,
        (true, ..) => 1e-7,
    };
    let below = lo.is_some_and(|l| v < l || (lo_ex && v == l));
    let above = hi.is_some_and(|h| v > h || (hi_ex && v == h));
    if below || above {
        v = match (lo, hi) {
            (Some(l), Some(h)) => l + (h - l) / 2.0,
            (Some(l), None) => l + 0.5,
            (None, Some(h)) => h - 0.5,
            (None, None) => v,
        };
    }
    if let Some(m) = map.get("multipleOf").and_then(Value::as_f64)
        && m > 0.0
    {
        v = (v / m).ceil() * m;
        if hi.is_some_and(|h| v > h) {
            v -= m;
        }
    }
    Number::from_f64(v).map(Value::Number)
}

fn string(map: &Map<String, Value>, nth: usize, edge: bool) -> Option<Value> {
    let min = count(map, "minLength").unwrap_or(0);
    let max = count(map, "maxLength").unwrap_or(usize::MAX);
    let fits = |s: &str| (min..=max).contains(&s.chars().count());
    let formatted = match map.get("format").and_then(Value::as_str) {
        Some("date-time") => Some("2026-01-02T03:04:05Z"),
        Some("date") => Some("2026-01-02"),
        Some("time") => Some("03:04:05Z"),
        Some("uuid") => Some("123e4567-e89b-12d3-a456-426614174000"),
        Some("uri" | "url" | "uri-reference" | "iri") => Some("https://example.com/a"),
        Some("email") => Some("user@example.com"),
        Some("hostname") => Some("example.com"),
        Some("ipv4") => Some("192.0.2.1"),
        Some("ipv6") => Some("2001:db8::1"),
        _ => None,
    };
    if map.contains_key("pattern") {
        // The format's `nth` example, where the pattern takes it: a string drawn from the
        // pattern alone seldom reads as the format (`64930-06-01T13:44:03+86:74`).
        let nth = nth + usize::from(edge);
        if let Some(s) = formatted.and_then(|s| nth_example(s, nth))
            && fits(&s)
            && pattern_judge(map).is_some_and(|judge| judge.is_valid(&json!(s)))
        {
            return Some(json!(s));
        }
        return pattern_string(map, nth);
    }
    if let Some(s) = formatted
        && fits(s)
    {
        return Some(json!(s));
    }
    let mut s = match (edge, nth) {
        (false, 0) => "text".to_owned(),
        (false, n) => format!("text{n}"),
        (true, 0) => "two words".to_owned(),
        (true, n) => format!("two words {n}"),
    };
    while s.chars().count() < min {
        s.push('x');
    }
    if s.chars().count() > max {
        s = s.chars().take(max).collect();
    }
    Some(Value::String(s))
}

/// A string the schema's `pattern` (and lengths and format) accept, the `nth` distinct one found:
/// drawn from a fixed seed by proptest's regex strategy (the pattern without its outer
/// anchors, `\d`, `\w` and `\s` read as ECMA-262 reads them: ASCII), else one of the plain
/// strings; each judged by the validator.
fn pattern_string(map: &Map<String, Value>, nth: usize) -> Option<Value> {
    let judge = pattern_judge(map)?;
    let mut found: Vec<Value> = Vec::new();
    let pattern = map
        .get("pattern")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if let Ok(strategy) = proptest::string::string_regex(&ascii_classes(unanchored(pattern))) {
        let mut runner = TestRunner::deterministic();
        for _ in 0..PATTERN_DRAWS {
            let Ok(tree) = strategy.new_tree(&mut runner) else {
                break;
            };
            let value = Value::String(tree.current());
            if judge.is_valid(&value) && !found.contains(&value) {
                found.push(value);
                if found.len() > nth {
                    break;
                }
            }
        }
    }
    for plain in ["text", "text1", "text2", "a", "value"] {
        let value = json!(plain);
        if judge.is_valid(&value) && !found.contains(&value) {
            found.push(value);
        }
    }
    found.get(nth).or(found.last()).cloned()
}

/// The `nth` distinct variant of a format's example (its last digit counted up); the
/// example itself first.
fn nth_example(example: &str, nth: usize) -> Option<String> {
    if nth == 0 {
        return Some(example.to_owned());
    }
    let at = example.rfind(|c: char| c.is_ascii_digit())?;
    let digit = u32::from(example.as_bytes()[at] - b'0');
    let bumped = char::from_digit((digit + u32::try_from(nth % 9).ok()?) % 10, 10)?;
    Some(format!("{}{bumped}{}", &example[..at], &example[at + 1..]))
}

/// The validator of a string with the `pattern`, lengths and `format` of `map`.
fn pattern_judge(map: &Map<String, Value>) -> Option<jsonschema::Validator> {
    let mut schema = Map::new();
    for key in ["pattern", "minLength", "maxLength", "format"] {
        if let Some(v) = map.get(key) {
            schema.insert(key.to_owned(), v.clone());
        }
    }
    schema.insert("type".to_owned(), json!("string"));
    validator(&Value::Object(schema)).ok()
}

/// A pattern without its outer anchors (proptest's regex strategy has none).
fn unanchored(pattern: &str) -> &str {
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    match body.strip_suffix('$') {
        Some(b) if !b.ends_with('\\') || b.ends_with("\\\\") => b,
        _ => body,
    }
}

/// `\d`, `\w`, `\s` and their negations as the ASCII classes ECMA-262 means (the regex
/// strategy reads them as Unicode classes).
fn ascii_classes(pattern: &str) -> String {
    let mut out = String::new();
    let mut in_class = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(next) = chars.next() else {
                    out.push(c);
                    break;
                };
                let class = match next {
                    'd' => Some("0-9"),
                    'w' => Some("A-Za-z0-9_"),
                    's' => Some(" \\t\\n"),
                    _ => None,
                };
                let negated = match next {
                    'D' => Some("0-9"),
                    'W' => Some("A-Za-z0-9_"),
                    'S' => Some(" \\t\\n"),
                    _ => None,
                };
                match (class, negated, in_class) {
                    (Some(class), _, true) => out.push_str(class),
                    (Some(class), _, false) => out.push_str(&format!("[{class}]")),
                    (None, Some(class), false) => out.push_str(&format!("[^{class}]")),
                    _ => {
                        out.push(c);
                        out.push(next);
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                out.push(c);
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Canonical calls and lax spellings

/// The counts of one run.
#[derive(Default)]
struct Counts {
    tools: usize,
    calls: usize,
    not_generated: usize,
    lax: BTreeMap<Kind, usize>,
    /// Spellings the schema accepts as sent (kept as sent by the contract).
    valid_as_sent: usize,
    outputs: usize,
    outputs_not_generated: usize,
}

fn replaced(call: &Value, path: &[Seg], with: Value) -> Value {
    let mut out = call.clone();
    if let Some(slot) = lax::at_mut(&mut out, path) {
        *slot = with;
    }
    out
}

fn renamed(call: &Value, path: &[Seg], from: &str, to: &str) -> Value {
    let mut out = call.clone();
    if let Some(Value::Object(map)) = lax::at_mut(&mut out, path)
        && let Some(v) = map.remove(from)
    {
        map.insert(to.to_owned(), v);
    }
    out
}

/// Check one lax spelling: `sent` must come back as `want`, with a coercion recorded.
fn check_lax(
    coercer: &Coercer,
    label: &str,
    what: &str,
    sent: &Value,
    want: &Value,
    failures: &mut Vec<String>,
) {
    match coercer.coerce_with_report(sent.clone()) {
        Ok(call) if same_json(call.value(), want) && !call.coercions().is_empty() => {}
        Ok(call) if same_json(call.value(), want) => {
            failures.push(format!("{label}: {what}: no coercion recorded for {sent}"));
        }
        Ok(call) => failures.push(format!(
            "{label}: {what}: sent {sent}, got {}, want {want}",
            call.value()
        )),
        Err(r) => failures.push(format!(
            "{label}: {what}: sent {sent}, refused {:?}",
            r.issues()
                .iter()
                .map(|i| format!("{}@{}: {}", i.code(), i.path(), i.message()))
                .collect::<Vec<_>>()
        )),
    }
}

/// Every lax spelling of the canonical `call`, checked.
fn lax_spellings(
    schemas: &Schemas<'_>,
    coercer: &Coercer,
    judge: &jsonschema::Validator,
    label: &str,
    call: &Value,
    counts: &mut Counts,
    failures: &mut Vec<String>,
) {
    let mut locations = Vec::new();
    schemas.locations(
        &[schemas.root()],
        call,
        false,
        &mut Vec::new(),
        &mut locations,
    );
    for (path, facets) in &locations {
        let Some(value) = lax::at(call, path) else {
            continue;
        };
        let at = lax::pointer(path);
        let mut spellings: Vec<(Kind, Value, Value)> = schemas
            .forms(facets, &value, &value, path.is_empty())
            .into_iter()
            .map(|(kind, sent)| (kind, replaced(call, path, sent), call.clone()))
            .collect();
        // The other boolean too.
        if let Value::Bool(b) = value
            && spellings.iter().any(|(k, ..)| *k == Kind::BoolString)
        {
            let flipped = replaced(call, path, Value::Bool(!b));
            if judge.is_valid(&flipped) {
                spellings.push((
                    Kind::BoolString,
                    replaced(call, path, json!((!b).to_string())),
                    flipped,
                ));
            }
        }
        for (kind, sent, want) in spellings {
            if judge.is_valid(&sent) {
                counts.valid_as_sent += 1;
                continue;
            }
            *counts.lax.entry(kind).or_default() += 1;
            let what = format!("{} at {at:?}", kind.name());
            check_lax(coercer, label, &what, &sent, &want, failures);
        }
        if let Value::Object(map) = &value
            && !facets.in_union
        {
            let declared = facets.properties();
            let required = facets.required();
            for (key, member) in map {
                if !declared.contains(&key.as_str()) || required.contains(&key.as_str()) {
                    continue;
                }
                let types = schemas
                    .facets(&schemas.member(facets, key), member, false)
                    .types();
                let mut at_key = path.clone();
                at_key.push(Seg::Key(key.clone()));
                for (kind, text) in [(Kind::EmptyString, ""), (Kind::NullString, "null")] {
                    let typed = types.as_ref().is_some_and(|t| !t.is_empty());
                    if !typed
                        || (kind == Kind::NullString
                            && types.as_ref().is_some_and(|t| t.contains(&"string")))
                    {
                        continue;
                    }
                    let sent = replaced(call, &at_key, json!(text));
                    if judge.is_valid(&sent) {
                        counts.valid_as_sent += 1;
                        continue;
                    }
                    let null = replaced(call, &at_key, Value::Null);
                    let want = if judge.is_valid(&null) {
                        null
                    } else {
                        let mut out = call.clone();
                        if let Some(Value::Object(m)) = lax::at_mut(&mut out, path) {
                            m.remove(key);
                        }
                        out
                    };
                    *counts.lax.entry(kind).or_default() += 1;
                    let what = format!("{} at {:?}", kind.name(), lax::pointer(&at_key));
                    check_lax(coercer, label, &what, &sent, &want, failures);
                }
            }
        }
        if let Value::Object(map) = &value {
            for (key, camel) in schemas.camel_keys(facets, map) {
                *counts.lax.entry(Kind::CamelKey).or_default() += 1;
                let sent = renamed(call, path, &key, &camel);
                let what = format!("camel_key {camel} at {at:?}");
                check_lax(coercer, label, &what, &sent, call, failures);
            }
        }
    }
    *counts.lax.entry(Kind::ArgumentsJson).or_default() += 1;
    check_lax(
        coercer,
        label,
        "arguments_json",
        &Value::String(call.to_string()),
        call,
        failures,
    );
}

/// A canonical call must come back unchanged through every entry, with nothing recorded.
fn check_canonical(coercer: &Coercer, label: &str, call: &Value, failures: &mut Vec<String>) {
    let outcomes = [
        ("coerce", coercer.coerce(call.clone())),
        ("coerce_str", coercer.coerce_str(&call.to_string())),
    ];
    for (entry, outcome) in outcomes {
        match outcome {
            Ok(v) if same_json(&v, call) => {}
            Ok(v) => failures.push(format!("{label}: {entry}: sent {call}, got {v}")),
            Err(r) => failures.push(format!(
                "{label}: {entry}: sent {call}, refused {:?}",
                r.issues()
                    .iter()
                    .map(|i| format!("{}@{}: {}", i.code(), i.path(), i.message()))
                    .collect::<Vec<_>>()
            )),
        }
    }
    if let Ok(c) = coercer.coerce_with_report(call.clone())
        && !c.coercions().is_empty()
    {
        failures.push(format!(
            "{label}: canonical call {call} recorded {:?}",
            c.coercions()
                .iter()
                .map(|c| format!("{}@{}", c.rule(), c.path()))
                .collect::<Vec<_>>()
        ));
    }
}

#[test]
fn canonical_calls_and_lax_spellings() {
    let corpus = corpus();
    let compiled = compile_all(&corpus);
    let mut counts = Counts::default();
    let mut failures = Vec::new();
    let mut not_generated = Map::new();
    for p in &corpus {
        let Some((coercer, Some(judge))) = compiled.coercers.get(&p.label) else {
            continue;
        };
        let schemas = Schemas::new(&p.schema);
        if p.output {
            let mut generator = Generator {
                schemas: &schemas,
                booleans: 0,
                all: true,
                arguments: false,
                edge: false,
                refs: Vec::new(),
                made: 0,
            };
            match generator.value(&p.schema, 0, 0) {
                Some(v) if judge.is_valid(&v) => {
                    counts.outputs += 1;
                    match coercer.coerce_value(v.clone()) {
                        Ok(got) if same_json(&got, &v) => {}
                        Ok(got) => failures.push(format!("{}: sent {v}, got {got}", p.label)),
                        Err(r) => failures.push(format!(
                            "{}: sent {v}, refused {:?}",
                            p.label,
                            r.issues()
                                .iter()
                                .map(|i| format!("{}@{}", i.code(), i.path()))
                                .collect::<Vec<_>>()
                        )),
                    }
                }
                other => {
                    counts.outputs_not_generated += 1;
                    not_generated.insert(p.label.clone(), why_not(judge, other.as_ref()));
                }
            }
            continue;
        }
        counts.tools += 1;
        for (all, edge) in [(true, false), (false, false), (true, true)] {
            let mut generator = Generator {
                schemas: &schemas,
                booleans: 0,
                all,
                arguments: true,
                edge,
                refs: Vec::new(),
                made: 0,
            };
            let call = generator.value(&p.schema, 0, 0);
            let label = format!(
                "{} ({})",
                p.label,
                match (all, edge) {
                    (true, false) => "every property",
                    (false, _) => "required",
                    (true, true) => "edges",
                }
            );
            let call = match call {
                Some(call) if judge.is_valid(&call) => call,
                other => {
                    counts.not_generated += 1;
                    not_generated.insert(label, why_not(judge, other.as_ref()));
                    continue;
                }
            };
            counts.calls += 1;
            check_canonical(coercer, &label, &call, &mut failures);
            if all {
                lax_spellings(
                    &schemas,
                    coercer,
                    judge,
                    &label,
                    &call,
                    &mut counts,
                    &mut failures,
                );
            }
        }
    }
    check_list(
        "not_generated.json",
        &json!({
            "about": "Canonical calls (and output values) the generator of tests/suite/published_schemas.rs cannot make valid for a schema of servers.json, with the validator's reason. Written by that test; it fails when the list changes.",
            "not_generated": not_generated,
        }),
        &mut failures,
    );
    let lax_total: usize = counts.lax.values().sum();
    let mut found: Vec<(String, usize)> = vec![
        ("input schemas with canonical calls".into(), counts.tools),
        ("canonical calls checked".into(), counts.calls),
        ("canonical calls not generated".into(), counts.not_generated),
        ("lax spellings checked".into(), lax_total),
    ];
    for kind in Kind::ALL {
        found.push((
            format!("  {}", kind.name()),
            counts.lax.get(&kind).copied().unwrap_or(0),
        ));
    }
    found.push(("spellings valid as sent".into(), counts.valid_as_sent));
    found.push(("output values checked".into(), counts.outputs));
    found.push((
        "output values not generated".into(),
        counts.outputs_not_generated,
    ));
    for (what, n) in &found {
        println!("{what}: {n}");
    }
    let want: Vec<(String, usize)> = [
        ("input schemas with canonical calls", 2265),
        ("canonical calls checked", 6791),
        ("canonical calls not generated", 4),
        ("lax spellings checked", 62795),
        ("  numeric_string", 4165),
        ("  bool_string", 8098),
        ("  array_json", 2999),
        ("  comma_string", 1733),
        ("  object_json", 4811),
        ("  enum_fold", 2587),
        ("  camel_key", 6169),
        ("  arguments_json", 4528),
        ("  empty_string", 15300),
        ("  null_string", 12405),
        ("spellings valid as sent", 12575),
        ("output values checked", 914),
        ("output values not generated", 0),
    ]
    .into_iter()
    .map(|(w, n)| (w.to_owned(), n))
    .collect();
    let total = failures.len();
    if total > 200 {
        failures.truncate(200);
        failures.push(format!("... and {} more", total - 200));
    }
    assert!(
        failures.is_empty(),
        "{total} failures:\n{}",
        failures.join("\n")
    );
    assert_eq!(found, want);
}

/// Why no valid canonical value was made: the validator's first error, or that the
/// generator made none.
fn why_not(judge: &jsonschema::Validator, value: Option<&Value>) -> Value {
    match value {
        None => json!(
            "no value made: an `enum` without values, a recursion or depth limit, or a pattern the generator cannot draw"
        ),
        Some(v) => match judge.validate(v) {
            Err(e) => json!(cut(&format!(
                "{} (at {}, schema {})",
                e,
                display_pointer(e.instance_path().as_str()),
                e.schema_path().as_str()
            ))),
            Ok(()) => json!("valid"),
        },
    }
}
