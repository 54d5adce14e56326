//! Differential, typed against schema (issue 24, conformance): every demo tool's Rust type
//! (examples/common/demo_tools.rs, read by the crate's typed entry point as the demo server
//! reads it) and the schema it publishes (`mcp_coerce::schema::input_schema::<T>()`, the
//! golden tests/data/tools_list.json, read by the schema engine `Coercer`) give the same
//! outcome, the same accepted value or the same set of `(code, path)` pairs, on every
//! bundled case (tests/data/cases.json, the corpus of real client calls) and on generated
//! lax calls (a proptest: canonical instances of each published schema from
//! `mcp_coerce::testing::instances`, respelled by tests/common/lax.rs), apart from what a
//! published schema cannot say (the contract's list: clamping, trimming, no-split string
//! arrays, URL host policies, defaults carried by a type, `Secret`, depth limits, plain serde
//! fields, integer bounds past ±(2^53−1), pattern strings' trimming). The typed outcome is
//! also the same through `mcp_coerce::from_value` and `mcp_coerce::schema::from_value`.
//!
//! Each difference is explained by one of those policies at the field of the demo type that
//! carries it ([`POLICY_FIELDS`]); the bundled cases that differ are listed in
//! [`DIFFERENCES`], exactly, each with its policies and the schema route's outcome. The demo
//! types carry no `Secret`, no plain serde field and no no-split string array, so those
//! policies explain no difference here.
//!
//! One reading is not a policy: a Rust struct's value has no room for a key it does not
//! declare, while the schema route keeps such a key (the published schema allows it: no
//! `additionalProperties: false`). Accepted values are compared on the declared properties.
//! Nor is a format's spelling ([`Policy::FormatAsSent`]): the schema route keeps a value
//! valid as sent exactly as sent, where the typed route gives the canonical text it reads
//! that value as.

use crate::demo_corpus;
use crate::demo_tools;
use crate::lax;

use std::collections::BTreeSet;
use std::sync::LazyLock;

use demo_tools::{
    BatchUpdate, GetCard, GetObservations, GetSdkSessions, ScheduleEvent, SearchSkills,
    SegmentImage,
};
use lax::{Schemas, same_json};
use mcp_coerce::coercer::Coercer;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

// ---------------------------------------------------------------------------------------
// The two routes

/// A demo tool: its name, its published input schema, and its schema engine.
struct Tool {
    name: &'static str,
    schema: Value,
    coercer: Coercer,
}

fn tool<T: schemars::JsonSchema>(name: &'static str) -> Tool {
    let schema = mcp_coerce::schema::input_schema::<T>();
    let coercer = Coercer::compile(&schema)
        .unwrap_or_else(|e| panic!("{name}: the published schema compiles: {e}"))
        .for_tool(name);
    Tool {
        name,
        schema,
        coercer,
    }
}

/// The demo tools, in `tools/list` order.
static TOOLS: LazyLock<Vec<Tool>> = LazyLock::new(|| {
    vec![
        tool::<GetObservations>("demo_get_observations"),
        tool::<GetSdkSessions>("demo_get_sdk_sessions"),
        tool::<SearchSkills>("demo_search_skills"),
        tool::<GetCard>("demo_get_card"),
        tool::<SegmentImage>("demo_segment_image"),
        tool::<BatchUpdate>("demo_batch_update"),
        tool::<ScheduleEvent>("demo_schedule_event"),
    ]
});

fn find(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

/// An outcome of either route.
#[derive(Clone, Debug)]
enum Outcome {
    Value(Value),
    Issues(BTreeSet<(String, String)>),
}

impl Outcome {
    /// As the table writes it: the compact value, or the sorted `code@path` pairs.
    fn summary(&self) -> String {
        match self {
            Outcome::Value(v) => v.to_string(),
            Outcome::Issues(pairs) => pairs
                .iter()
                .map(|(c, p)| format!("{c}@{p}"))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

/// The typed route: the demo tool's type, read by `mcp_coerce::from_value` (the demo's
/// `call`), its value serialized canonically.
fn typed(tool: &Tool, arguments: &Value) -> Outcome {
    match demo_tools::call(tool.name, arguments) {
        Ok(v) => Outcome::Value(v),
        Err(envelope) => Outcome::Issues(
            envelope
                .issues()
                .iter()
                .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
                .collect(),
        ),
    }
}

/// The typed route through `mcp_coerce::schema::from_value` (the required fields taken from
/// the type's own schema).
fn typed_by_its_schema(tool: &Tool, arguments: &Value) -> Outcome {
    fn read<T: serde::de::DeserializeOwned + serde::Serialize + schemars::JsonSchema>(
        arguments: &Value,
    ) -> Outcome {
        match mcp_coerce::schema::from_value::<T>(arguments.clone()) {
            Ok(v) => Outcome::Value(serde_json::to_value(&v).expect("serializes")),
            Err(r) => Outcome::Issues(
                r.issues()
                    .iter()
                    .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
                    .collect(),
            ),
        }
    }
    match tool.name {
        "demo_get_observations" => read::<GetObservations>(arguments),
        "demo_get_sdk_sessions" => read::<GetSdkSessions>(arguments),
        "demo_search_skills" => read::<SearchSkills>(arguments),
        "demo_get_card" => read::<GetCard>(arguments),
        "demo_segment_image" => read::<SegmentImage>(arguments),
        "demo_schedule_event" => read::<ScheduleEvent>(arguments),
        _ => read::<BatchUpdate>(arguments),
    }
}

/// The schema route: the published schema, read by the schema engine, the value kept to the
/// declared properties (a struct has no room for any other key).
fn by_schema(tool: &Tool, arguments: &Value) -> Outcome {
    match tool.coercer.coerce(arguments.clone()) {
        Ok(v) => Outcome::Value(declared_only(&tool.schema, v)),
        Err(r) => Outcome::Issues(
            r.issues()
                .iter()
                .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
                .collect(),
        ),
    }
}

/// `value` without the keys its schema does not declare, where the schema declares some.
fn declared_only(schema: &Value, value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let properties = schema.get("properties").and_then(Value::as_object);
            let mut out = Map::new();
            for (k, v) in map {
                match properties {
                    Some(p) => {
                        if let Some(s) = p.get(&k) {
                            out.insert(k, declared_only(s, v));
                        }
                    }
                    None => {
                        out.insert(k, v);
                    }
                }
            }
            Value::Object(out)
        }
        Value::Array(items) => {
            let item = schema.get("items").cloned().unwrap_or(Value::Bool(true));
            Value::Array(items.into_iter().map(|v| declared_only(&item, v)).collect())
        }
        other => other,
    }
}

// ---------------------------------------------------------------------------------------
// The policies

/// What a published schema cannot say, as the contract lists it (those the demo types use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Policy {
    /// A bounded integer in clamp mode (`Int<i64, 1, 50, Clamp, ...>`): out of range becomes
    /// the nearest bound; the schema refuses it (`too_small`, `too_big`).
    Clamping,
    /// A trimmed text (`TextLike<1, 100, Trim>`): the schema's edge pattern refuses edge
    /// white space the type trims.
    Trimming,
    /// A URL with a host policy (`UrlLike<CdnImages>`): the type refuses other schemes and
    /// hosts and normalizes the URL; the schema's `format: uri` asks only for an absolute
    /// URI, and refuses other text as `format_invalid` where the type says `url_invalid`.
    UrlHosts,
    /// A default carried by the type (`DefaultTo<10>`): the typed value has it when the
    /// call leaves the field out; the schema route fills in a `default` only for a required
    /// property.
    TypeDefault,
    /// A pass-through object's depth limit (`SafeObjectLike<8>`): not in the schema.
    DepthLimit,
    /// Integers past ±(2^53−1): the published schema clips an `i64`'s bounds there, the
    /// type reads its whole range.
    IntegerBounds,
    /// A pattern string (`PatternLike<CardId>`): the type trims before matching; the
    /// schema's anchored pattern refuses the edge white space.
    PatternTrimming,
    /// A format (`DateTimeLike`, `DateLike`, `UuidLike`, `EmailLike`, `IpLike`): the typed
    /// value is the canonical text, while the schema route keeps a value valid as sent as
    /// it was sent (`2026-01-15t10:00:00z`, `2026-01-15T10:00:00.500-05:30`); the typed
    /// route reads the schema route's value as its own.
    FormatAsSent,
}

/// Where the demo types carry each policy (`*`: any array index).
const POLICY_FIELDS: &[(&str, &str, Policy)] = &[
    ("demo_search_skills", "/limit", Policy::Clamping),
    ("demo_search_skills", "/limit", Policy::TypeDefault),
    ("demo_get_observations", "/project", Policy::Trimming),
    ("demo_get_card", "/card_id", Policy::PatternTrimming),
    ("demo_segment_image", "/image_url", Policy::UrlHosts),
    ("demo_segment_image", "/options", Policy::DepthLimit),
    ("demo_get_observations", "/ids/*", Policy::IntegerBounds),
    ("demo_batch_update", "/updates/*/id", Policy::IntegerBounds),
    ("demo_schedule_event", "/start", Policy::FormatAsSent),
    ("demo_schedule_event", "/day", Policy::FormatAsSent),
    ("demo_schedule_event", "/event_id", Policy::FormatAsSent),
    ("demo_schedule_event", "/organizer", Policy::FormatAsSent),
    ("demo_schedule_event", "/allowed_ip", Policy::FormatAsSent),
];

/// Which route refuses where the other accepts, and with which codes, for each policy.
fn refusal_policy(policy: Policy, schema_side: bool, code: &str) -> bool {
    match (policy, schema_side) {
        (Policy::Clamping | Policy::IntegerBounds, true) => matches!(code, "too_small" | "too_big"),
        (Policy::Trimming | Policy::PatternTrimming, true) => {
            matches!(code, "pattern_mismatch" | "too_long")
        }
        (Policy::UrlHosts, false) => matches!(code, "url_forbidden" | "url_invalid"),
        (Policy::UrlHosts, true) => code == "format_invalid",
        (Policy::DepthLimit, false) => code == "too_deep",
        _ => false,
    }
}

/// Whether the JSON Pointer `path` is at (or, for a depth limit, under) the policy field
/// `field`.
fn at_field(field: &str, path: &str, under: bool) -> bool {
    let f: Vec<&str> = field.split('/').collect();
    let p: Vec<&str> = path.split('/').collect();
    if p.len() < f.len() || (!under && p.len() != f.len()) {
        return false;
    }
    f.iter()
        .zip(&p)
        .all(|(f, p)| *f == *p || (*f == "*" && p.parse::<usize>().is_ok()))
}

/// The policy that explains the issue `(code, path)` found by one route only.
fn explain_issue(tool: &str, schema_side: bool, code: &str, path: &str) -> Option<Policy> {
    POLICY_FIELDS.iter().find_map(|&(t, field, policy)| {
        (t == tool
            && at_field(field, path, policy == Policy::DepthLimit)
            && refusal_policy(policy, schema_side, code))
        .then_some(policy)
    })
}

/// The policy that explains a property whose accepted values differ (`None`: absent).
fn explain_value(
    tool: &str,
    key: &str,
    typed: Option<&Value>,
    by_schema: Option<&Value>,
) -> Option<Policy> {
    let path = format!("/{key}");
    let carries = |policy: Policy| {
        POLICY_FIELDS
            .iter()
            .any(|&(t, f, p)| t == tool && f == path && p == policy)
    };
    match (typed, by_schema) {
        (Some(Value::Number(n)), None)
            if carries(Policy::TypeDefault) && n.as_i64() == Some(10) =>
        {
            Some(Policy::TypeDefault)
        }
        (Some(Value::String(t)), Some(Value::String(s))) if carries(Policy::UrlHosts) => {
            (t != s).then_some(Policy::UrlHosts)
        }
        (Some(Value::String(t)), Some(Value::String(s))) if carries(Policy::Trimming) => {
            (t.as_str() == s.trim()).then_some(Policy::Trimming)
        }
        _ => None,
    }
}

/// Whether the property `key` is a format whose schema-route value `by_schema` (kept as
/// sent) the typed route reads as its own value `typed` (of the typed object `object`).
fn as_sent_format(
    tool: &str,
    object: &Map<String, Value>,
    key: &str,
    typed_value: &Value,
    by_schema: &Value,
) -> bool {
    let path = format!("/{key}");
    let carries = POLICY_FIELDS
        .iter()
        .any(|&(t, f, p)| t == tool && f == path && p == Policy::FormatAsSent);
    let Some(tool) = find(tool).filter(|_| carries && by_schema.is_string()) else {
        return false;
    };
    let mut call = object.clone();
    call.insert(key.to_owned(), by_schema.clone());
    matches!(typed(tool, &Value::Object(call)), Outcome::Value(v) if v.get(key) == Some(typed_value))
}

/// The policies that explain why the two outcomes differ (empty: they agree), or what no
/// policy explains.
fn explain(tool: &str, typed: &Outcome, by_schema: &Outcome) -> Result<Vec<Policy>, String> {
    let mut policies: BTreeSet<Policy> = BTreeSet::new();
    let mut unexplained: Vec<String> = Vec::new();
    let mut issues = |pairs: &BTreeSet<(String, String)>,
                      others: &BTreeSet<(String, String)>,
                      schema_side: bool| {
        for (code, path) in pairs.difference(others) {
            match explain_issue(tool, schema_side, code, path) {
                Some(p) => {
                    policies.insert(p);
                }
                None => unexplained.push(format!(
                    "{code}@{path} only {}",
                    if schema_side { "by schema" } else { "typed" }
                )),
            }
        }
    };
    let none = BTreeSet::new();
    match (typed, by_schema) {
        (Outcome::Issues(t), Outcome::Issues(s)) => {
            issues(s, t, true);
            issues(t, s, false);
        }
        (Outcome::Value(_), Outcome::Issues(s)) => issues(s, &none, true),
        (Outcome::Issues(t), Outcome::Value(_)) => issues(t, &none, false),
        (Outcome::Value(t), Outcome::Value(s)) => {
            let (Value::Object(t), Value::Object(s)) = (t, s) else {
                return if same_json(t, s) {
                    Ok(Vec::new())
                } else {
                    Err(format!("{t} against {s}"))
                };
            };
            let keys: BTreeSet<&String> = t.keys().chain(s.keys()).collect();
            for key in keys {
                let (a, b) = (t.get(key), s.get(key));
                if a.zip(b).is_some_and(|(a, b)| same_json(a, b)) || (a.is_none() && b.is_none()) {
                    continue;
                }
                if let (Some(a), Some(b)) = (a, b)
                    && as_sent_format(tool, t, key, a, b)
                {
                    policies.insert(Policy::FormatAsSent);
                    continue;
                }
                match explain_value(tool, key, a, b) {
                    Some(p) => {
                        policies.insert(p);
                    }
                    None => unexplained.push(format!(
                        "/{key}: typed {}, by schema {}",
                        a.map_or("absent".into(), Value::to_string),
                        b.map_or("absent".into(), Value::to_string)
                    )),
                }
            }
        }
    }
    if unexplained.is_empty() {
        Ok(policies.into_iter().collect())
    } else {
        Err(unexplained.join("; "))
    }
}

// ---------------------------------------------------------------------------------------
// The bundled cases

/// The bundled cases whose two outcomes differ: the case, the policies that explain it,
/// and the schema route's outcome (the typed one is the case's own `expect`).
const DIFFERENCES: &[(&str, &[Policy], &str)] = &[
    (
        "project-trimmed",
        &[Policy::Trimming],
        "pattern_mismatch@/project",
    ),
    (
        "category-slug",
        &[Policy::TypeDefault],
        r#"{"category":"AI/ML","query":"scrape a website"}"#,
    ),
    (
        "category-spaced",
        &[Policy::TypeDefault],
        r#"{"category":"Web/API","query":"scrape a website"}"#,
    ),
    (
        "category-lowercase",
        &[Policy::TypeDefault],
        r#"{"category":"DevOps","query":"deploy"}"#,
    ),
    (
        "search-limit-clamped-high",
        &[Policy::Clamping],
        "too_big@/limit",
    ),
    (
        "search-limit-clamped-low",
        &[Policy::Clamping],
        "too_small@/limit",
    ),
    (
        "free-only-true",
        &[Policy::TypeDefault],
        r#"{"free_only":true,"query":"deploy"}"#,
    ),
    (
        "free-only-false",
        &[Policy::TypeDefault],
        r#"{"free_only":false,"query":"deploy"}"#,
    ),
    (
        "free-only-upper",
        &[Policy::TypeDefault],
        r#"{"free_only":false,"query":"deploy"}"#,
    ),
    (
        "max-price-string",
        &[Policy::TypeDefault],
        r#"{"max_price":2.99,"query":"deploy"}"#,
    ),
    (
        "card-padded",
        &[Policy::PatternTrimming],
        "pattern_mismatch@/card_id",
    ),
    (
        "image-http",
        &[Policy::UrlHosts],
        r#"{"image_url":"http://img.cdn.example.com/cat.jpg","threshold":0.5}"#,
    ),
    (
        "image-file",
        &[Policy::UrlHosts],
        r#"{"image_url":"file:///etc/passwd","threshold":0.5}"#,
    ),
    (
        "image-private-ip",
        &[Policy::UrlHosts],
        r#"{"image_url":"https://10.0.0.1:8080/internal/config.json","threshold":0.5}"#,
    ),
    (
        "image-other-host",
        &[Policy::UrlHosts],
        r#"{"image_url":"https://evil.example.org/x.jpg","threshold":0.5}"#,
    ),
    (
        "image-not-url",
        &[Policy::UrlHosts],
        "format_invalid@/image_url",
    ),
    ("ids-big-native", &[Policy::IntegerBounds], "too_big@/ids/0"),
    ("ids-big-string", &[Policy::IntegerBounds], "too_big@/ids/0"),
    (
        "event-start-lowercase",
        &[Policy::FormatAsSent],
        r#"{"organizer":"ann@example.com","start":"2026-01-15t10:00:00z"}"#,
    ),
    (
        "event-start-fraction",
        &[Policy::FormatAsSent],
        r#"{"organizer":"ann@example.com","start":"2026-01-15T10:00:00.500-05:30"}"#,
    ),
];

/// The published schemas are the golden ones the demo server lists
/// (tests/data/tools_list.json).
#[test]
fn the_published_schemas_are_the_listed_ones() {
    let golden: Value = serde_json::from_str(include_str!("../data/tools_list.json"))
        .expect("tools_list.json is JSON");
    for t in TOOLS.iter() {
        let listed = golden
            .as_array()
            .and_then(|tools| tools.iter().find(|g| g["name"] == t.name))
            .map(|g| &g["inputSchema"]);
        assert_eq!(listed, Some(&t.schema), "{}", t.name);
    }
}

#[test]
fn every_bundled_case_agrees_but_for_the_listed_policies() {
    let cases = demo_corpus::corpus().expect("the bundled corpus parses");
    let mut failures: Vec<String> = Vec::new();
    let mut found: Vec<(String, Vec<Policy>, String)> = Vec::new();
    let (mut compared, mut no_tool) = (0, 0);
    for case in &cases {
        let Some(tool) = find(&case.tool) else {
            no_tool += 1;
            continue;
        };
        compared += 1;
        if !demo_tools::outcome_matches(&case.expect, &demo_tools::call(tool.name, &case.arguments))
        {
            failures.push(format!("{}: the typed outcome is not the case's", case.id));
        }
        let t = typed(tool, &case.arguments);
        let t2 = typed_by_its_schema(tool, &case.arguments);
        if t.summary() != t2.summary() {
            failures.push(format!(
                "{}: from_value {} against schema::from_value {}",
                case.id,
                t.summary(),
                t2.summary()
            ));
        }
        let s = by_schema(tool, &case.arguments);
        match explain(tool.name, &t, &s) {
            Ok(policies) if policies.is_empty() => {}
            Ok(policies) => found.push((case.id.clone(), policies, s.summary())),
            Err(why) => failures.push(format!(
                "{}: typed {} against schema {}: {why}",
                case.id,
                t.summary(),
                s.summary()
            )),
        }
    }
    let listed: Vec<(String, Vec<Policy>, String)> = DIFFERENCES
        .iter()
        .map(|(id, p, s)| ((*id).to_owned(), p.to_vec(), (*s).to_owned()))
        .collect();
    if found != listed {
        failures.push(format!(
            "the differences are not the listed ones; found:\n{}",
            found
                .iter()
                .map(|(id, p, s)| format!("    ({id:?}, &{p:?}, {s:?}),"))
                .collect::<Vec<_>>()
                .join("\n")
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!(
        "bundled cases compared: {compared}; for no demo tool: {no_tool}; differing: {}",
        found.len()
    );
    assert_eq!((compared, no_tool, found.len()), (142, 2, 20));
}

// ---------------------------------------------------------------------------------------
// Generated lax calls

/// The validators of the published schemas (formats as annotations), in [`TOOLS`] order.
static JUDGES: LazyLock<Vec<jsonschema::Validator>> = LazyLock::new(|| {
    TOOLS
        .iter()
        .map(|t| {
            jsonschema::options()
                .should_validate_formats(false)
                .build(&t.schema)
                .expect("the published schema is valid")
        })
        .collect()
});

/// A generated call: the tool, a canonical instance of its published schema (the crate's
/// instance generator), and the choices that respell it.
fn generated() -> impl Strategy<Value = (usize, Value, Vec<u32>)> {
    (0..TOOLS.len()).prop_flat_map(|i| {
        (
            Just(i),
            mcp_coerce::testing::instances(&TOOLS[i].schema),
            proptest::collection::vec(any::<u32>(), 48),
        )
    })
}

/// `instance` respelled by `choices`: an image URL on the CDN the policy allows half of
/// the time (the generator's URLs are on other hosts); at every location one of its lax
/// spellings or none (tests/common/lax.rs: numbers, booleans, JSON text, comma strings,
/// folded enum values, camelCase keys); an optional property sometimes sent as `""`,
/// `"null"` or `null`; and the whole arguments sometimes as JSON text.
fn respelled(tool: &'static Tool, instance: &Value, choices: &[u32]) -> Value {
    let mut next = 0usize;
    let mut choose = |n: usize| {
        let c = choices[next % choices.len()] as usize;
        next += 1;
        c % n.max(1)
    };
    let mut instance = instance.clone();
    if let Some(url) = instance.get_mut("image_url")
        && choose(2) == 1
    {
        *url = json!(format!(
            "https://img{}.cdn.example.com/cat{}.jpg",
            choose(100),
            choose(10)
        ));
    }
    let schemas = Schemas::new(&tool.schema);
    let mut call = schemas.respell(&[&tool.schema], &instance, true, false, &mut choose);
    let required: Vec<&str> = tool.schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if let Value::Object(map) = &mut call {
        let keys: Vec<String> = map.keys().cloned().collect();
        for key in keys {
            if required.contains(&key.as_str()) {
                continue;
            }
            match choose(8) {
                1 => map.insert(key, json!("")),
                2 => map.insert(key, json!("null")),
                3 => map.insert(key, Value::Null),
                _ => None,
            };
        }
    }
    if choose(4) == 1 {
        call = Value::String(call.to_string());
    }
    call
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        ..ProptestConfig::default()
    })]

    /// For canonical instances of each demo tool's published schema, respelled laxly, the
    /// type and the schema give the same outcome, but where a listed policy explains it.
    #[test]
    fn generated_lax_calls_agree_but_for_the_listed_policies(
        (i, instance, choices) in generated()
    ) {
        let tool = &TOOLS[i];
        prop_assume!(JUDGES[i].is_valid(&instance));
        let call = respelled(tool, &instance, &choices);
        let (t, s) = (typed(tool, &call), by_schema(tool, &call));
        let t2 = typed_by_its_schema(tool, &call);
        prop_assert_eq!(
            t.summary(),
            t2.summary(),
            "{}: {}: from_value against schema::from_value",
            tool.name,
            call
        );
        if let Err(why) = explain(tool.name, &t, &s) {
            prop_assert!(
                false,
                "{}: {call}: typed {} against schema {}: {why}",
                tool.name,
                t.summary(),
                s.summary()
            );
        }
    }
}
