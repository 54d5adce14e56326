//! The crate against the fixtures in `tests/data/{openai,anthropic}/`.
//!
//! Each fixture is one case, named for it: an input history, its exact violations
//! (`{index, block?, code}`), the exact repaired history and the exact repair actions,
//! and optionally the repair `policy`. Every fixture also checks the guarantees that hold
//! for any history: the repaired history validates, repairing it again changes nothing,
//! `Conversation` accepts the input exactly when it has no violation, and the input
//! round-trips through the models (unless `"round_trip": false`: a `null` id reads as
//! absent). Every fixture runs before anything fails.

use std::fs;
use std::path::Path;

use mcp_coerce_history::{
    self as history, Conversation, Format, RepairPolicy, Separated, Unanswered, WireMessage,
    anthropic, openai,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// Every fixture of one format, sorted by name.
fn fixtures(format: &str) -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format);
    let mut found: Vec<(String, Value)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let text = fs::read_to_string(&path).expect("a readable fixture");
            let value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_owned();
            (format!("{format}/{name}"), value)
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

fn policy(fixture: &Value) -> RepairPolicy {
    let mut policy = RepairPolicy::default();
    let Some(given) = fixture.get("policy") else {
        return policy;
    };
    if let Some(choice) = given.get("unanswered").and_then(Value::as_str) {
        policy.unanswered = match choice {
            "drop" => Unanswered::Drop,
            _ => Unanswered::Cancel,
        };
    }
    if let Some(choice) = given.get("separated").and_then(Value::as_str) {
        policy.separated = match choice {
            "drop" => Separated::Drop,
            _ => Separated::MoveBack,
        };
    }
    if let Some(on) = given.get("merge_split_calls").and_then(Value::as_bool) {
        policy.merge_split_calls = on;
    }
    if let Some(on) = given.get("close_trailing_calls").and_then(Value::as_bool) {
        policy.close_trailing_calls = on;
    }
    policy
}

/// `{index, block?, code}` of each violation.
fn violations<M: WireMessage>(messages: &[M]) -> Value {
    let found = history::validate(messages);
    Value::Array(
        found
            .iter()
            .map(|v| {
                let mut short = json!({"index": v.index(), "code": v.code().as_str()});
                if let Some(block) = v.block() {
                    short["block"] = json!(block);
                }
                short
            })
            .collect(),
    )
}

/// Everything that is wrong with one fixture.
fn check<M>(name: &str, fixture: &Value, format: Format) -> Vec<String>
where
    M: WireMessage + Serialize + DeserializeOwned + Clone + PartialEq + std::fmt::Debug,
{
    let mut failures = Vec::new();
    let mut fail = |what: &str, got: &dyn std::fmt::Display, want: &dyn std::fmt::Display| {
        failures.push(format!("{name}: {what}\n   got: {got}\n  want: {want}"));
    };
    let input = &fixture["input"];
    let messages: Vec<M> = match serde_json::from_value(input.clone()) {
        Ok(messages) => messages,
        Err(e) => return vec![format!("{name}: the input does not parse: {e}")],
    };

    let detected = Format::detect(input).map(|(f, _)| f);
    if detected != Some(format) {
        fail(
            "detected format",
            &format!("{detected:?}"),
            &format!("{format:?}"),
        );
    }
    if fixture.get("round_trip") != Some(&json!(false)) {
        let back = serde_json::to_value(&messages).unwrap_or_default();
        if &back != input {
            fail("round trip", &back, input);
        }
    }

    let found = violations(&messages);
    if found != fixture["violations"] {
        fail("violations", &found, &fixture["violations"]);
    }
    let valid = found.as_array().is_some_and(Vec::is_empty);
    match Conversation::try_from(messages.clone()) {
        Ok(_) if !valid => fail("conversation", &"accepted", &"refused"),
        Err(refused) if valid => fail("conversation", &refused, &"accepted"),
        Ok(conversation) => {
            let back = serde_json::to_value(&conversation).unwrap_or_default();
            if &back != input && fixture.get("round_trip") != Some(&json!(false)) {
                fail("conversation serializes", &back, input);
            }
        }
        Err(refused) => {
            if refused.into_messages() != messages {
                fail("refused messages", &"changed", &"given back unchanged");
            }
        }
    }
    let deserialized = serde_json::from_value::<Conversation<M>>(input.clone());
    if deserialized.is_ok() != valid {
        fail(
            "conversation deserializes",
            &format!("{:?}", deserialized.map(|c| c.len())),
            &valid,
        );
    }

    let policy = policy(fixture);
    let repaired = history::repair(messages, &policy);
    let got = serde_json::to_value(&repaired.messages).unwrap_or_default();
    if got != fixture["repaired"] {
        fail("repaired", &got, &fixture["repaired"]);
    }
    let actions = serde_json::to_value(&repaired.actions).unwrap_or_default();
    if actions != fixture["actions"] {
        fail("actions", &actions, &fixture["actions"]);
    }
    let left = history::validate(&repaired.messages);
    if !left.is_empty() {
        fail("violations after repair", &format!("{left:?}"), &"none");
    }
    let again = history::repair(repaired.messages.clone(), &policy);
    if again.messages != repaired.messages || !again.actions.is_empty() {
        fail(
            "repair is idempotent",
            &format!("{:?}", again.actions),
            &"no change",
        );
    }
    failures
}

#[test]
fn every_fixture_gets_its_exact_violations_and_repair() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, fixture) in fixtures("openai") {
        count += 1;
        failures.extend(check::<openai::Message>(&name, &fixture, Format::OpenAi));
    }
    for (name, fixture) in fixtures("anthropic") {
        count += 1;
        failures.extend(check::<anthropic::Message>(
            &name,
            &fixture,
            Format::Anthropic,
        ));
    }
    assert!(count >= 40, "only {count} fixtures found");
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
