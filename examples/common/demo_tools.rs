//! The demo tool set: seven tools whose arguments are defined once with the crate's
//! adapters, shared by the `demo` example, the demo MCP server and the tests, and the rules
//! that compare an outcome with a case of the corpus (the corpus itself is `demo_corpus`).
//!
//! On success a tool's result is its arguments after coercion, serialized canonically
//! (absent optionals omitted, defaults filled in); on failure it is the crate's envelope.
#![allow(
    dead_code,
    reason = "each user of this module uses a different part of it"
)]

use std::net::IpAddr;

use mcp_coerce::url::WhatwgUrl;
use mcp_coerce::{
    ArrayLike, BoolLike, Clamp, Coercion, DateLike, DateTimeLike, DefaultTo, EmailLike, EnumLike,
    Envelope, Int, IntArrayLike, IntLike, IpLike, Items, NumberLike, Optional, PatternLike,
    SafeObjectLike, StringArrayLike, TextLike, Trim, UrlLike, UrlPolicy, UuidLike,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use serde_with::{Same, serde_as};

/// The hint of the `UNKNOWN_TOOL` envelope.
pub const UNKNOWN_TOOL_HINT: &str = "Call tools/list to enumerate the valid demo_* tool names.";

/// `demo_get_observations`: observations by id.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct GetObservations {
    /// Observation ids, at most 1000.
    #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
    pub ids: Vec<i64>,
    /// Sort order.
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_by: Option<OrderBy>,
    /// Page size, 1 to 100.
    #[serde_as(as = "IntLike<1, 100>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<i64>,
    /// Project name, trimmed, 1 to 100 chars.
    #[serde_as(as = "TextLike<1, 100, Trim>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
}

/// The sort orders of `demo_get_observations`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderBy {
    /// Newest first.
    DateDesc,
    /// Oldest first.
    DateAsc,
}

/// `demo_get_sdk_sessions`: sessions by memory session id.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct GetSdkSessions {
    /// Memory session ids.
    #[serde_as(as = "StringArrayLike")]
    pub memory_session_ids: Vec<String>,
}

mcp_coerce::number_range!(
    /// Prices: 0 to 1000.
    pub Price = 0.0..=1000.0
);

/// `demo_search_skills`: search the skill catalogue.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct SearchSkills {
    /// What to search for, 3 to 300 chars, not trimmed.
    #[serde_as(as = "TextLike<3, 300>")]
    pub query: String,
    /// Only skills of this category.
    #[serde_as(as = "EnumLike<Optional>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// Only skills up to this price.
    #[serde_as(as = "NumberLike<Price>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_price: Option<f64>,
    /// How many results, clamped to 1 to 50; 10 when absent.
    #[serde(default)]
    pub limit: Int<i64, 1, 50, Clamp, DefaultTo<10>>,
    /// Only free skills.
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_only: Option<bool>,
}

/// The skill categories of `demo_search_skills`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum Category {
    /// Artificial intelligence and machine learning.
    #[serde(rename = "AI/ML")]
    AiMl,
    /// Data engineering.
    Data,
    /// Web and API work.
    #[serde(rename = "Web/API")]
    WebApi,
    /// Security.
    Security,
    /// Deployment and operations.
    DevOps,
    /// Messaging and communication.
    Communication,
    /// Personal productivity.
    Productivity,
    /// Automation.
    Automation,
    /// Finance.
    Finance,
    /// Marketing.
    Marketing,
    /// Everything else.
    Other,
}

mcp_coerce::pattern! {
    /// A card id such as `ATC-2026-7777670`.
    pub CardId {
        name: "card_id",
        source: r"^ATC-[0-9]{4}-[0-9]{6,}$",
        example: "ATC-2026-7777670",
        max_length: 64,
    }
}

/// `demo_get_card`: one card by id.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct GetCard {
    /// The card id.
    #[serde_as(as = "PatternLike<CardId>")]
    pub card_id: String,
}

/// Where `demo_segment_image` may fetch images from: `https` only, any subdomain of
/// `cdn.example.com` (never the bare apex), no internal addresses.
pub struct CdnImages;

impl UrlPolicy for CdnImages {
    const SCHEMES: &'static [&'static str] = &["https"];
    const HOSTS: &'static [&'static str] = &["*.cdn.example.com"];
    const EXAMPLE: &'static str = "https://img.cdn.example.com/cat.jpg";
}

mcp_coerce::number_range!(
    /// Thresholds: 0 to 1.
    pub Threshold = 0.0..=1.0
);

/// `demo_segment_image`: segment an image from the CDN.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct SegmentImage {
    /// The image to segment: an `https` URL on a subdomain of `cdn.example.com`, e.g.
    /// `https://img.cdn.example.com/cat.jpg`; at most 2048 chars; no user name or password,
    /// no localhost or private, loopback or link-local IP addresses.
    #[serde_as(as = "UrlLike<CdnImages>")]
    pub image_url: WhatwgUrl,
    /// Mask threshold, 0 to 1.
    #[serde_as(as = "NumberLike<Threshold>")]
    pub threshold: f64,
    /// Options forwarded to the segmenter as they are: no prototype keys, depth at most 8.
    #[serde_as(as = "SafeObjectLike<8>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Map<String, Value>>,
}

/// `demo_batch_update`: update the status of several items at once.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct BatchUpdate {
    /// The updates, 1 to 50: each an object with `id`, `status` and an optional `note`.
    #[serde_as(as = "ArrayLike<Same, Items<1, 50>>")]
    pub updates: Vec<Update>,
    /// Check the updates without applying them.
    #[serde_as(as = "BoolLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dry_run: Option<bool>,
}

/// One update of `demo_batch_update`.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct Update {
    /// The item's id.
    #[serde_as(as = "IntLike")]
    pub id: i64,
    /// The item's new status.
    #[serde_as(as = "EnumLike")]
    pub status: Status,
    /// A note on the change, at most 200 chars, not trimmed.
    #[serde_as(as = "TextLike<0, 200>")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The statuses of `demo_batch_update`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not started.
    Open,
    /// Being worked on.
    InProgress,
    /// Done.
    Closed,
}

/// `demo_schedule_event`: schedule an event. Every field is a format; the answer gives
/// each value as its canonical text.
#[serde_as]
#[derive(Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub struct ScheduleEvent {
    /// When the event starts: an RFC 3339 date-time with its UTC offset, e.g.
    /// `2026-01-15T10:00:00Z`.
    #[serde_as(as = "DateTimeLike")]
    pub start: String,
    /// The day the event is filed under, as `YYYY-MM-DD`.
    #[serde_as(as = "DateLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    /// The event's id, a UUID.
    #[serde_as(as = "UuidLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_id: Option<String>,
    /// The organizer's email address.
    #[serde_as(as = "EmailLike")]
    pub organizer: String,
    /// The one address allowed to join, IPv4 or IPv6.
    #[serde_as(as = "IpLike")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_ip: Option<IpAddr>,
}

/// The names of the demo tools, in the order `tools/list` gives them.
pub const TOOL_NAMES: [&str; 7] = [
    "demo_get_observations",
    "demo_get_sdk_sessions",
    "demo_search_skills",
    "demo_get_card",
    "demo_segment_image",
    "demo_batch_update",
    "demo_schedule_event",
];

/// Coerce `arguments` for `tool` into its canonical JSON.
fn coerce<T: DeserializeOwned + Serialize>(
    tool: &str,
    arguments: &Value,
) -> Result<Value, Envelope> {
    let args: T = mcp_coerce::from_value(arguments.clone()).map_err(|r| r.to_envelope(tool))?;
    canonical(tool, &args)
}

/// Coerce `arguments` for `tool` into its canonical JSON, with the coercions applied (for
/// a refused call, those applied before it was refused).
fn coerce_reported<T: DeserializeOwned + Serialize>(
    tool: &str,
    arguments: &Value,
    redact: bool,
) -> (Result<Value, Envelope>, Vec<Coercion>) {
    let (outcome, coercions) = match mcp_coerce::from_value_with_report::<T>(arguments.clone()) {
        Ok(call) => (canonical(tool, call.value()), call.coercions().to_vec()),
        Err(refused) => {
            let refused = if redact { refused.redacted() } else { refused };
            let coercions = refused.coercions().to_vec();
            (Err(refused.to_envelope(tool)), coercions)
        }
    };
    if redact {
        (outcome, coercions.iter().map(Coercion::redacted).collect())
    } else {
        (outcome, coercions)
    }
}

/// A tool's accepted arguments as its result: their canonical JSON.
fn canonical<T: Serialize>(tool: &str, args: &T) -> Result<Value, Envelope> {
    serde_json::to_value(args).map_err(|e| {
        Envelope::new(
            mcp_coerce::Category::InternalError,
            tool,
            format!("could not serialize the result: {e}"),
            "Report this to the server's maintainers.",
        )
    })
}

/// Call a demo tool: its canonical arguments, or the envelope of the refusal.
///
/// # Errors
///
/// The `INVALID_ARGUMENT` envelope for refused arguments, `UNKNOWN_TOOL` for a name not in
/// the set.
pub fn call(tool: &str, arguments: &Value) -> Result<Value, Envelope> {
    match tool {
        "demo_get_observations" => coerce::<GetObservations>(tool, arguments),
        "demo_get_sdk_sessions" => coerce::<GetSdkSessions>(tool, arguments),
        "demo_search_skills" => coerce::<SearchSkills>(tool, arguments),
        "demo_get_card" => coerce::<GetCard>(tool, arguments),
        "demo_segment_image" => coerce::<SegmentImage>(tool, arguments),
        "demo_batch_update" => coerce::<BatchUpdate>(tool, arguments),
        "demo_schedule_event" => coerce::<ScheduleEvent>(tool, arguments),
        _ => Err(Envelope::unknown_tool_among(
            tool,
            TOOL_NAMES,
            UNKNOWN_TOOL_HINT,
        )),
    }
}

/// [`call`], with the coercions the crate applied to the arguments ([`mcp_coerce::report`]).
pub fn call_reported(tool: &str, arguments: &Value) -> (Result<Value, Envelope>, Vec<Coercion>) {
    call_as(tool, arguments, false)
}

/// [`call_reported`], with a refusal and the coercions rendered without input values when
/// `redact` is set ([`mcp_coerce::Rejection::redacted`]).
pub fn call_as(
    tool: &str,
    arguments: &Value,
    redact: bool,
) -> (Result<Value, Envelope>, Vec<Coercion>) {
    match tool {
        "demo_get_observations" => coerce_reported::<GetObservations>(tool, arguments, redact),
        "demo_get_sdk_sessions" => coerce_reported::<GetSdkSessions>(tool, arguments, redact),
        "demo_search_skills" => coerce_reported::<SearchSkills>(tool, arguments, redact),
        "demo_get_card" => coerce_reported::<GetCard>(tool, arguments, redact),
        "demo_segment_image" => coerce_reported::<SegmentImage>(tool, arguments, redact),
        "demo_batch_update" => coerce_reported::<BatchUpdate>(tool, arguments, redact),
        "demo_schedule_event" => coerce_reported::<ScheduleEvent>(tool, arguments, redact),
        _ => (call(tool, arguments), Vec::new()),
    }
}

/// Coercions as the demo's table and the corpus pins write them: `rule@path`, in order.
pub fn rule_list(coercions: &[Coercion]) -> Vec<String> {
    coercions
        .iter()
        .map(|c| format!("{}@{}", c.rule(), c.path()))
        .collect()
}

/// Whether an outcome is what `expect` says, by the rules of the corpus: values compare
/// by JSON equality with numbers compared by value (`10` equals `10.0`); refusals compare
/// by the set of (code, path) pairs; other failures by category.
pub fn outcome_matches(expect: &Value, outcome: &Result<Value, Envelope>) -> bool {
    let outcome = outcome
        .clone()
        .map_err(|e| serde_json::to_value(e).unwrap_or(Value::Null));
    json_outcome_matches(expect, &outcome)
}

/// [`outcome_matches`] for an outcome whose refusal is the envelope's JSON (as an MCP
/// client receives it in `structuredContent`).
pub fn json_outcome_matches(expect: &Value, outcome: &Result<Value, Value>) -> bool {
    match (
        outcome,
        expect.get("value"),
        expect.get("issues"),
        expect.get("category"),
    ) {
        (Ok(value), Some(want), _, _) => same_json(value, want),
        (Err(envelope), None, Some(want), _) => {
            envelope["error"] == "INVALID_ARGUMENT"
                && pair_set(&envelope["issues"]) == pair_set(want)
        }
        (Err(envelope), None, None, Some(want)) => envelope["error"] == *want,
        _ => false,
    }
}

/// The set of (code, path) pairs of a list of issues.
pub fn pair_set(issues: &Value) -> std::collections::BTreeSet<(String, String)> {
    issues
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| {
            (
                i["code"].as_str().unwrap_or_default().to_owned(),
                i["path"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// JSON equality, with numbers compared by value.
pub fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// An outcome as the demo's table shows it to a person: the compact value on one line; for
/// a refusal, what the model receives, one issue after the other (code, path, message,
/// then the hint on a line of its own), or for a failure that is not about arguments its
/// category, message and hint. The root path, `""` in JSON, reads `(root)` here.
pub fn human_outcome(outcome: &Result<Value, Envelope>) -> (String, Vec<String>) {
    match outcome {
        Ok(value) => (value.to_string(), Vec::new()),
        Err(envelope) if envelope.issues().is_empty() => {
            let category = serde_json::to_value(envelope.category())
                .ok()
                .and_then(|c| c.as_str().map(str::to_owned))
                .unwrap_or_default();
            (
                format!("{category}: {}", envelope.message()),
                vec![format!("hint: {}", envelope.hint())],
            )
        }
        Err(envelope) => {
            let mut lines = Vec::new();
            for issue in envelope.issues() {
                lines.push(format!(
                    "{} at {}: {}",
                    issue.code(),
                    human_path(&issue.path().to_string()),
                    issue.message()
                ));
                lines.push(format!("  hint: {}", issue.hint()));
            }
            if envelope.truncated() > 0 {
                lines.push(format!("and {} more issues", envelope.truncated()));
            }
            (format!("refused: {}", envelope.message()), lines)
        }
    }
}

/// A JSON Pointer as a person reads it: `(root)` for the whole arguments (`""`).
pub fn human_path(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    }
}

/// A one-line summary of an outcome: the compact value, or the codes and paths.
pub fn summary(outcome: &Result<Value, Envelope>) -> String {
    match outcome {
        Ok(value) => value.to_string(),
        Err(envelope) if envelope.issues().is_empty() => serde_json::to_value(envelope.category())
            .map_or_else(|_| String::new(), |c| c.to_string()),
        Err(envelope) => envelope
            .issues()
            .iter()
            .map(|i| format!("{}@\"{}\"", i.code(), i.path()))
            .collect::<Vec<_>>()
            .join(" "),
    }
}
