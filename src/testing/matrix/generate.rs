//! Instances of a published schema, as proptest strategies: what the schema accepts, drawn
//! from its own constraints, at and just inside every bound. The generator is a proposer
//! only: the validator decides which instances the schema accepts.
//!
//! - integers within `minimum`/`maximum` (exclusive forms too), or within the range an
//!   integer `format` names (`int32`, `uint64`, ...: schemars emits them for Rust integer
//!   types), or else the range a JSON number keeps exact (`i64::MIN..=u64::MAX`); always
//!   written as JSON integers;
//! - numbers within their bounds, integral ones included;
//! - strings from `pattern` (through proptest's regex strategy, anchors taken off), from
//!   `format` (`uri`, `date-time`, `date`, `time`, `email`, `uuid`, `ipv4`, `ipv6`,
//!   `hostname`), or from an alphabet with JSON's and the adapters' special characters, of
//!   `minLength..=maxLength` chars;
//! - arrays of `minItems..=maxItems` items, objects with every required property and any
//!   of the others, `enum`, `const`, `anyOf`/`oneOf` (one member), `allOf` (members
//!   merged), local `$ref`s, type unions.
//!
//! Where a field's adapter has a rule JSON Schema cannot state (a URL policy, a
//! pass-through object's forbidden keys), its own strategy stands in: mostly values the
//! rule allows, sometimes one it refuses, so that the report shows the documented gap.

use proptest::prelude::*;
use proptest::strategy::Union;
use serde_json::{Map, Number, Value};

use super::fields::{Family, Field, Step};
use crate::testing::json;

/// Levels of schema followed by the generator; deeper, a value is `null` (which the
/// validator then judges).
const MAX_DEPTH: usize = 12;
/// Levels a `$ref` counts for, against [`MAX_DEPTH`].
const REF_LEVELS: usize = 4;
/// Chars of a string with no `maxLength` of its own, past `minLength`.
const FREE_CHARS: usize = 24;
/// Items of an array with no `maxItems` of its own, past `minItems`.
const FREE_ITEMS: usize = 5;
/// The longest string (chars) and array (items) the generator builds: a schema whose
/// `minLength` or `minItems` asks for more gets `null` there, which its validator refuses,
/// and the report says no instance was generated.
pub(crate) const MAX_GENERATED: usize = 4096;

/// A strategy for instances of `schema` (the root of a type's published schema), with
/// the fields whose adapter has rules of its own drawn from those rules.
pub(crate) fn instances(schema: &Value, fields: &[Field]) -> BoxedStrategy<Value> {
    let overrides: Vec<(Vec<Step>, BoxedStrategy<Value>)> = fields
        .iter()
        .filter_map(|f| Some((f.steps.clone(), special(f)?)))
        .collect();
    let mut steps = Vec::new();
    strategy(schema, schema, &mut steps, &overrides, 0)
}

fn strategy(
    root: &Value,
    schema: &Value,
    steps: &mut Vec<Step>,
    overrides: &[(Vec<Step>, BoxedStrategy<Value>)],
    depth: usize,
) -> BoxedStrategy<Value> {
    if let Some((_, s)) = overrides.iter().find(|(at, _)| at == steps) {
        return s.clone();
    }
    if depth > MAX_DEPTH {
        return Just(Value::Null).boxed();
    }
    let (schema, depth) = match json::resolve(root, schema, "") {
        // Following a `$ref` costs more levels: a recursive type whose node refers to
        // itself several times (three optional children) would otherwise grow as the
        // number of references to the power of the depth.
        // (`#`, the root, is a `$ref` too: the node changes, not always the pointer.)
        Ok((s, _)) if !std::ptr::eq(s, schema) => (s, depth + REF_LEVELS),
        Ok((s, _)) => (s, depth),
        Err(_) => return any_json(),
    };
    if depth > MAX_DEPTH {
        return Just(Value::Null).boxed();
    }
    let Value::Object(map) = schema else {
        // `true` (anything) or `false` (nothing: the validator refuses whatever comes).
        return any_json();
    };
    if let Some(Value::Array(values)) = map.get("enum")
        && !values.is_empty()
    {
        return proptest::sample::select(values.clone()).boxed();
    }
    if let Some(value) = map.get("const") {
        return Just(value.clone()).boxed();
    }
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(members)) = map.get(union)
            && !members.is_empty()
        {
            let options: Vec<BoxedStrategy<Value>> = members
                .iter()
                .map(|m| strategy(root, &merged(map, m, union), steps, overrides, depth + 1))
                .collect();
            return Union::new(options).boxed();
        }
    }
    if let Some(Value::Array(members)) = map.get("allOf") {
        let mut all = map.clone();
        all.remove("allOf");
        for member in members {
            let member = match json::resolve(root, member, "") {
                Ok((m, _)) | Err((m, _)) => m,
            };
            if let Value::Object(m) = member {
                merge_into(&mut all, m);
            }
        }
        return strategy(root, &Value::Object(all), steps, overrides, depth + 1);
    }
    let types: Vec<String> = match json::types(schema) {
        Some(t) if !t.is_empty() => t.into_iter().map(str::to_owned).collect(),
        _ if map.contains_key("properties") => vec!["object".into()],
        _ if map.contains_key("items") => vec!["array".into()],
        _ => return any_json(),
    };
    let options: Vec<BoxedStrategy<Value>> = types
        .iter()
        .map(|t| typed(root, map, t, steps, overrides, depth))
        .collect();
    Union::new(options).boxed()
}

/// A member of a union with its parent's other keywords.
fn merged(parent: &Map<String, Value>, member: &Value, union: &str) -> Value {
    let mut out = parent.clone();
    out.remove(union);
    if let Value::Object(m) = member {
        merge_into(&mut out, m);
        Value::Object(out)
    } else {
        member.clone()
    }
}

fn merge_into(into: &mut Map<String, Value>, from: &Map<String, Value>) {
    for (k, v) in from {
        match (into.get_mut(k), v) {
            (Some(Value::Object(a)), Value::Object(b)) if k == "properties" => {
                for (name, s) in b {
                    a.insert(name.clone(), s.clone());
                }
            }
            (Some(Value::Array(a)), Value::Array(b)) if k == "required" => {
                a.extend(b.iter().cloned());
            }
            _ => {
                into.insert(k.clone(), v.clone());
            }
        }
    }
}

fn typed(
    root: &Value,
    map: &Map<String, Value>,
    t: &str,
    steps: &mut Vec<Step>,
    overrides: &[(Vec<Step>, BoxedStrategy<Value>)],
    depth: usize,
) -> BoxedStrategy<Value> {
    match t {
        "null" => Just(Value::Null).boxed(),
        "boolean" => any::<bool>().prop_map(Value::Bool).boxed(),
        "integer" => integers(map),
        "number" => numbers(map),
        "string" => strings(map),
        "array" => {
            let items = match map.get("items") {
                Some(items) if items.is_object() || items.is_boolean() => {
                    steps.push(Step::Item);
                    let s = strategy(root, items, steps, overrides, depth + 1);
                    steps.pop();
                    s
                }
                _ => any_scalar(),
            };
            let min = count(map, "minItems").unwrap_or(0);
            if min > MAX_GENERATED {
                return Just(Value::Null).boxed();
            }
            let max = count(map, "maxItems").unwrap_or(usize::MAX).max(min);
            let top = max.min(min.saturating_add(FREE_ITEMS));
            let len = if max <= 64 {
                prop_oneof![Just(min), Just(max), min..=top].boxed()
            } else {
                (min..=top).boxed()
            };
            len.prop_flat_map(move |n| proptest::collection::vec(items.clone(), n))
                .prop_map(Value::Array)
                .boxed()
        }
        "object" => objects(root, map, steps, overrides, depth),
        _ => any_json(),
    }
}

fn objects(
    root: &Value,
    map: &Map<String, Value>,
    steps: &mut Vec<Step>,
    overrides: &[(Vec<Step>, BoxedStrategy<Value>)],
    depth: usize,
) -> BoxedStrategy<Value> {
    let required: Vec<String> = json::required(&Value::Object(map.clone()))
        .into_iter()
        .map(str::to_owned)
        .collect();
    let mut members: Vec<BoxedStrategy<(String, bool, Value)>> = Vec::new();
    // Near the depth limit only the required members are built: an optional one would
    // come out cut (`null`), which the schema refuses, and the instance would be lost.
    let near_limit = depth + REF_LEVELS + 2 > MAX_DEPTH;
    if let Some(Value::Object(props)) = map.get("properties") {
        for (name, schema) in props {
            if near_limit && !required.contains(name) {
                continue;
            }
            steps.push(Step::Key(name.clone()));
            let values = strategy(root, schema, steps, overrides, depth + 1);
            steps.pop();
            let name = name.clone();
            let keep = required.contains(&name);
            members.push(
                (values, any::<bool>())
                    .prop_map(move |(v, coin)| (name.clone(), keep || coin, v))
                    .boxed(),
            );
        }
    }
    // Required names without a property of their own: any value.
    for name in &required {
        if !map
            .get("properties")
            .and_then(Value::as_object)
            .is_some_and(|p| p.contains_key(name))
        {
            let name = name.clone();
            members.push(
                any_scalar()
                    .prop_map(move |v| (name.clone(), true, v))
                    .boxed(),
            );
        }
    }
    let extra: BoxedStrategy<Vec<(String, Value)>> = match map.get("additionalProperties") {
        Some(Value::Bool(false)) => Just(Vec::new()).boxed(),
        Some(schema @ Value::Object(_)) => {
            // Map values: a few entries under generated keys.
            let mut at = steps.clone();
            at.push(Step::Key(String::new()));
            let values = strategy(root, schema, &mut at, &[], depth + 1);
            proptest::collection::vec(("k_[a-z0-9]{1,6}", values), 0..3)
                .prop_map(|entries| entries.into_iter().collect())
                .boxed()
        }
        // Open objects: now and then a member the type does not know, which serde
        // ignores unless the type denies unknown fields (and then publishes
        // `additionalProperties: false`).
        _ => prop_oneof![
            3 => Just(Vec::new()),
            1 => Just(vec![("mcp_coerce_unknown".to_owned(), Value::from(1))]),
        ]
        .boxed(),
    };
    (members, extra)
        .prop_map(|(members, extra)| {
            let mut object = Map::new();
            for (name, keep, value) in members {
                if keep {
                    object.insert(name, value);
                }
            }
            for (name, value) in extra {
                object.entry(name).or_insert(value);
            }
            Value::Object(object)
        })
        .boxed()
}

fn count(map: &Map<String, Value>, key: &str) -> Option<usize> {
    map.get(key)?.as_u64().and_then(|n| usize::try_from(n).ok())
}

fn number_of(map: &Map<String, Value>, key: &str) -> Option<f64> {
    map.get(key)?.as_f64()
}

/// The range a JSON number keeps exact through `serde_json`.
const JSON_MIN: i128 = i64::MIN as i128;
const JSON_MAX: i128 = u64::MAX as i128;

/// The range an integer `format` names, as schemars writes them.
fn format_range(format: &str) -> Option<(i128, i128)> {
    Some(match format {
        "int8" => (i8::MIN.into(), i8::MAX.into()),
        "int16" => (i16::MIN.into(), i16::MAX.into()),
        "int32" => (i32::MIN.into(), i32::MAX.into()),
        "int64" => (i64::MIN.into(), i64::MAX.into()),
        "uint8" => (0, u8::MAX.into()),
        "uint16" => (0, u16::MAX.into()),
        "uint32" => (0, u32::MAX.into()),
        "uint64" | "uint" => (0, u64::MAX.into()),
        _ => return None,
    })
}

/// The inclusive integer range a schema allows, or `None` when it is empty.
pub(crate) fn integer_range(map: &Map<String, Value>) -> Option<(i128, i128)> {
    let (mut lo, mut hi) = map
        .get("format")
        .and_then(Value::as_str)
        .and_then(format_range)
        .unwrap_or((JSON_MIN, JSON_MAX));
    if let Some(min) = bound(map, "minimum", ceil, 0) {
        lo = lo.max(min);
    }
    if let Some(max) = bound(map, "maximum", floor, 0) {
        hi = hi.min(max);
    }
    if let Some(min) = bound(map, "exclusiveMinimum", |f| floor(f).saturating_add(1), 1) {
        lo = lo.max(min);
    }
    if let Some(max) = bound(map, "exclusiveMaximum", |f| ceil(f).saturating_sub(1), -1) {
        hi = hi.min(max);
    }
    (lo <= hi).then_some((lo, hi))
}

/// An integer bound: exact when the keyword holds an integer (`shift` moves an exclusive
/// one inside), else `round` of its float value.
fn bound(map: &Map<String, Value>, key: &str, round: fn(f64) -> i128, shift: i128) -> Option<i128> {
    let v = map.get(key)?;
    match v
        .as_i64()
        .map(i128::from)
        .or_else(|| v.as_u64().map(i128::from))
    {
        Some(n) => Some(n.saturating_add(shift)),
        None => v.as_f64().map(round),
    }
}

fn ceil(f: f64) -> i128 {
    if f.is_nan() {
        return JSON_MIN;
    }
    f.ceil().clamp(JSON_MIN as f64, JSON_MAX as f64) as i128
}

fn floor(f: f64) -> i128 {
    if f.is_nan() {
        return JSON_MAX;
    }
    f.floor().clamp(JSON_MIN as f64, JSON_MAX as f64) as i128
}

/// An integer as a JSON number, if JSON keeps it exact.
pub(crate) fn int_value(n: i128) -> Option<Value> {
    i64::try_from(n)
        .map(Value::from)
        .ok()
        .or_else(|| u64::try_from(n).ok().map(Value::from))
}

fn integers(map: &Map<String, Value>) -> BoxedStrategy<Value> {
    let Some((lo, hi)) = integer_range(map) else {
        return Just(Value::Null).boxed();
    };
    let near = |n: i128| n.clamp(lo, hi);
    let small_lo = lo.max(-1000);
    let small_hi = hi.min(1000).max(small_lo);
    let wide_lo = lo.max(-(1 << 40));
    let wide_hi = hi.min(1 << 40).max(wide_lo);
    prop_oneof![
        Just(lo),
        Just(hi),
        Just(near(lo.saturating_add(1))),
        Just(near(hi.saturating_sub(1))),
        Just(near(0)),
        near(small_lo)..=near(small_hi),
        near(wide_lo)..=near(wide_hi),
    ]
    .prop_filter_map("a JSON integer", int_value)
    .boxed()
}

fn numbers(map: &Map<String, Value>) -> BoxedStrategy<Value> {
    let lo = number_of(map, "minimum")
        .or_else(|| number_of(map, "exclusiveMinimum"))
        .unwrap_or(-1e15);
    let hi = number_of(map, "maximum")
        .or_else(|| number_of(map, "exclusiveMaximum"))
        .unwrap_or(1e15)
        .max(lo);
    let span = hi - lo;
    prop_oneof![
        Just(lo),
        Just(hi),
        (0.0..=1.0f64).prop_map(move |t| lo + span * t),
        (0.0..=1.0f64).prop_map(move |t| (lo + span * t).round()),
        Just(0.0f64.clamp(lo, hi)),
    ]
    .prop_filter_map("a finite number", |f| {
        Number::from_f64(f).map(Value::Number)
    })
    .boxed()
}

fn strings(map: &Map<String, Value>) -> BoxedStrategy<Value> {
    let min = count(map, "minLength").unwrap_or(0);
    if min > MAX_GENERATED {
        return Just(Value::Null).boxed();
    }
    let max = count(map, "maxLength").unwrap_or(usize::MAX).max(min);
    let fits = move |s: &String| (min..=max).contains(&s.chars().count());
    if let Some(pattern) = map.get("pattern").and_then(Value::as_str)
        && let Some(body) = unanchored(pattern)
        && let Ok(s) = proptest::string::string_regex(&body)
    {
        return s
            .prop_filter("length bounds", fits)
            .prop_map(Value::String)
            .boxed();
    }
    if let Some(format) = map.get("format").and_then(Value::as_str)
        && let Some(s) = formatted(format)
    {
        return s
            .prop_filter("length bounds", fits)
            .prop_map(Value::String)
            .boxed();
    }
    let top = max.min(min.saturating_add(FREE_CHARS));
    let lengths = if max <= 400 {
        prop_oneof![Just(min), Just(max), min..=top].boxed()
    } else {
        prop_oneof![Just(min), min..=top].boxed()
    };
    lengths
        .prop_flat_map(|n| proptest::collection::vec(alphabet(), n))
        .prop_map(|chars| Value::String(chars.into_iter().collect()))
        .boxed()
}

/// Chars for free strings: letters and digits, and what JSON, comma splitting and
/// trimming treat specially.
fn alphabet() -> BoxedStrategy<char> {
    prop_oneof![
        6 => proptest::char::range('a', 'z'),
        2 => proptest::char::range('A', 'Z'),
        2 => proptest::char::range('0', '9'),
        1 => proptest::sample::select(vec![
            ' ', ',', '"', '\\', '[', ']', '{', '}', '\n', '\t', 'é', '😀', '\u{a0}', '\u{feff}',
        ]),
    ]
    .boxed()
}

/// A regex source without its outer anchors, for proptest's generator (which has no
/// anchors); `None` when anchors remain inside.
fn unanchored(pattern: &str) -> Option<String> {
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    let body = match body.strip_suffix('$') {
        Some(b) if !b.ends_with('\\') || b.ends_with("\\\\") => b,
        _ => body,
    };
    Some(body.to_owned())
}

fn formatted(format: &str) -> Option<BoxedStrategy<String>> {
    let regex = match format {
        "uri" | "url" | "iri" => r"https://[a-z]{1,8}\.example\.(com|org)(/[a-z0-9]{1,6}){0,3}",
        "date-time" => {
            r"20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,3})?(Z|[+-]0[0-9]:00)"
        }
        "date" => r"20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])",
        "time" => r"([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](Z|[+-]0[0-9]:00)",
        "email" => r"[a-z]{1,8}(\.[a-z]{1,4})?@[a-z]{1,8}\.example\.com",
        "uuid" => r"[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
        "ipv4" => r"(1[0-9]{2}|[1-9][0-9]?)\.([0-9]{1,2})\.([0-9]{1,2})\.([1-9][0-9]?)",
        "ipv6" => r"20[0-9a-f]{2}(:[0-9a-f]{1,4}){7}",
        "hostname" => r"[a-z][a-z0-9]{0,8}(\.[a-z][a-z0-9]{0,8}){0,2}",
        _ => return None,
    };
    proptest::string::string_regex(regex)
        .ok()
        .map(|s| s.boxed())
}

fn any_scalar() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1000i64..1000).prop_map(Value::from),
        "[a-z ,]{0,8}".prop_map(Value::String),
    ]
    .boxed()
}

fn any_json() -> BoxedStrategy<Value> {
    prop_oneof![
        4 => any_scalar(),
        1 => proptest::collection::vec(any_scalar(), 0..3).prop_map(Value::Array),
        1 => proptest::collection::btree_map("[a-z]{1,4}", any_scalar(), 0..3)
            .prop_map(|m| Value::Object(m.into_iter().collect())),
    ]
    .boxed()
}

/// The strategy of a field whose adapter has rules JSON Schema cannot state.
fn special(field: &Field) -> Option<BoxedStrategy<Value>> {
    match &field.adapter.as_ref()?.family {
        Family::Url {
            example,
            hosts,
            schemes,
            max_length,
        } => Some(urls(example, hosts, schemes, *max_length)),
        Family::SafeObject { max_depth } => Some(pass_through(*max_depth)),
        _ => None,
    }
}

/// URLs a policy allows (its schemes, its hosts or subdomains of its `*.` domains, or the
/// host of its example), and one time in four a URL it refuses that the schema accepts.
fn urls(example: &str, hosts: &[String], schemes: &[String], max: usize) -> BoxedStrategy<Value> {
    let example_host = example
        .split_once("://")
        .map(|(_, rest)| rest.split(['/', '?', '#']).next().unwrap_or(""))
        .unwrap_or("")
        .to_owned();
    let mut host_options: Vec<BoxedStrategy<String>> = Vec::new();
    for host in hosts {
        match host.strip_prefix("*.") {
            Some(domain) => {
                let domain = domain.to_owned();
                host_options.push(
                    "[a-z][a-z0-9]{0,7}(\\.[a-z][a-z0-9]{0,5})?"
                        .prop_map(move |sub| format!("{sub}.{domain}"))
                        .boxed(),
                );
            }
            None => host_options.push(Just(host.clone()).boxed()),
        }
    }
    if host_options.is_empty() {
        if example_host.is_empty() {
            host_options.push(Just("example.com".to_owned()).boxed());
        } else {
            host_options.push(Just(example_host.clone()).boxed());
        }
    }
    let schemes = if schemes.is_empty() {
        vec!["https".to_owned()]
    } else {
        schemes.to_vec()
    };
    let allowed = (
        proptest::sample::select(schemes.clone()),
        Union::new(host_options),
        "(/[a-z0-9_-]{1,8}){0,3}(\\.[a-z]{3})?",
    )
        .prop_map(|(scheme, host, path)| format!("{scheme}://{host}{path}"));
    let refused_scheme = if schemes.iter().any(|s| s == "http") {
        "ftp"
    } else {
        "http"
    };
    let host = if example_host.is_empty() {
        "example.com".to_owned()
    } else {
        example_host
    };
    let scheme = schemes.first().cloned().unwrap_or_default();
    let refused = proptest::sample::select(vec![
        format!("{refused_scheme}://{host}/x"),
        format!("{scheme}://127.0.0.1/x"),
        format!("{scheme}://10.1.2.3/"),
        format!("{scheme}://user:secret@{host}/"),
        format!("{scheme}://localhost/"),
    ]);
    prop_oneof![3 => allowed, 1 => refused]
        .prop_filter("maxLength", move |u| u.chars().count() <= max)
        .prop_map(Value::String)
        .boxed()
}

/// Objects to pass through: mostly plain ones, sometimes with a prototype key or nested
/// past the depth limit (both refused, and stated in the description only).
fn pass_through(max_depth: usize) -> BoxedStrategy<Value> {
    let plain = proptest::collection::btree_map("[a-z]{1,6}", any_scalar(), 0..4)
        .prop_map(|m| Value::Object(m.into_iter().collect()));
    let mut deep = Value::from(1);
    for _ in 0..max_depth.min(126) {
        let mut m = Map::new();
        m.insert("a".into(), deep);
        deep = Value::Object(m);
    }
    let mut proto = Map::new();
    proto.insert("__proto__".into(), Value::Object(Map::new()));
    prop_oneof![
        6 => plain,
        1 => Just(Value::Object(proto)),
        1 => Just(serde_json::json!({"deep": deep})),
    ]
    .boxed()
}
