//! The report of `history_check`: read a chat history in either wire format, validate it,
//! repair it. Shared by the example and its test.

use mcp_coerce_history::{
    self as history, Action, Format, IdProfile, RepairPolicy, Violation, anthropic, openai,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What was found in one history file.
#[derive(Serialize)]
pub struct Report {
    pub format: Format,
    /// The provider whose call id rule was checked (`--provider`), by name.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "provider_name"
    )]
    pub provider: Option<IdProfile>,
    pub violations: Vec<Violation>,
    pub repaired: Value,
    pub actions: Vec<Action>,
    #[serde(skip)]
    pub messages: usize,
}

/// Read `text` as a history (see `Format::detect` for the accepted shapes and the
/// detection rule), validate it and repair it with the default policy.
///
/// # Errors
///
/// One lowercase line when `text` is not JSON, not a history, or has a message the
/// detected format cannot read.
#[allow(dead_code, reason = "the tests read reports without a provider")]
pub fn report(text: &str) -> Result<Report, String> {
    report_for(text, None)
}

/// [`report`], checked against the call id rule of `provider` too (`validate_for`), and
/// repaired with the ids that provider refuses mapped (`RepairPolicy::ids`).
///
/// # Errors
///
/// As [`report`].
pub fn report_for(text: &str, provider: Option<IdProfile>) -> Result<Report, String> {
    let document: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let (format, messages) = Format::detect(&document).ok_or_else(|| {
        "not a chat history: expected an array of messages with a string \"role\", or an object with a \"messages\" array of them".to_owned()
    })?;
    match format {
        Format::Anthropic => check::<anthropic::Message>(format, messages, provider),
        _ => check::<openai::Message>(format, messages, provider),
    }
}

fn provider_name<S: serde::Serializer>(
    provider: &Option<IdProfile>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match provider {
        Some(p) => serializer.serialize_str(p.name()),
        None => serializer.serialize_none(),
    }
}

fn check<M>(
    format: Format,
    messages: &[Value],
    provider: Option<IdProfile>,
) -> Result<Report, String>
where
    M: history::WireMessage + DeserializeOwned + Serialize,
{
    let messages = messages
        .iter()
        .enumerate()
        .map(|(index, message)| {
            M::deserialize(message)
                .map_err(|e| format!("not a valid {format} history: message {index}: {e}"))
        })
        .collect::<Result<Vec<M>, String>>()?;
    let count = messages.len();
    let violations = match provider {
        Some(provider) => history::validate_for(&messages, provider),
        None => history::validate(&messages),
    };
    let mut policy = RepairPolicy::default();
    policy.ids = provider;
    let repaired = history::repair(messages, &policy);
    let actions = repaired.actions;
    let repaired =
        serde_json::to_value(&repaired.messages).map_err(|e| format!("cannot write: {e}"))?;
    Ok(Report {
        format,
        provider,
        violations,
        repaired,
        actions,
        messages: count,
    })
}

/// The report as one line of JSON: `{"format", "provider", "violations", "repaired",
/// "actions"}` (`provider` only with `--provider`).
pub fn to_json(report: &Report) -> String {
    serde_json::to_string(report).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The report for people: the violations, the changes, then the repaired history.
pub fn to_text(report: &Report) -> String {
    let mut out = format!("format: {} ({} messages)\n", report.format, report.messages);
    if let Some(provider) = report.provider {
        out.push_str(&format!(
            "provider: {} ({})\n",
            provider.name(),
            provider.rule()
        ));
    }
    out.push_str(&format!("violations: {}\n", report.violations.len()));
    for violation in &report.violations {
        out.push_str(&format!("  {violation}\n"));
    }
    out.push_str(&format!("repair actions: {}\n", report.actions.len()));
    for action in &report.actions {
        out.push_str(&format!("  {action}\n"));
    }
    out.push_str("repaired:\n");
    out.push_str(&serde_json::to_string_pretty(&report.repaired).unwrap_or_default());
    out.push('\n');
    out
}
