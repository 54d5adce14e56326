//! History repair (crates/history), in both wire formats, under a policy drawn from the
//! input: the repaired history validates (with the target provider's id rule when the
//! policy names one), a second repair changes nothing and reports no action, every final
//! answer is kept in order, a valid history comes back unchanged, and the actions point
//! into the input in order.
//!
//! A final answer is what `repair`'s docs call one: an assistant message without calls,
//! which is never dropped or changed except for removing its empty `tool_calls` array or
//! (Anthropic) the misplaced `tool_result` blocks it holds, "and the message with them
//! when they were all it held" (crates/history/src/repair.rs). So an answer is compared
//! without an empty `tool_calls` and without `tool_result` blocks, and an Anthropic
//! assistant message that held only `tool_result` blocks is none.
#![no_main]

use libfuzzer_sys::{Corpus, fuzz_target};
use mcp_coerce::history::{
    self, Format, IdProfile, RepairPolicy, Role, Separated, Unanswered, WireMessage,
    anthropic::{self, Block, Content},
    openai,
};
use mcp_coerce_fuzz::MAX_INPUT;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

trait Answer: WireMessage + Clone + PartialEq + std::fmt::Debug + Serialize + DeserializeOwned {
    /// The message as a final answer is kept, if it is one.
    fn answer(&self) -> Option<Value>;
}

impl Answer for openai::Message {
    fn answer(&self) -> Option<Value> {
        if self.role != Role::Assistant || self.tool_calls.as_ref().is_some_and(|c| !c.is_empty()) {
            return None;
        }
        let mut value = serde_json::to_value(self).ok()?;
        if let Some(object) = value.as_object_mut()
            && object.get("tool_calls") == Some(&json!([]))
        {
            object.remove("tool_calls");
        }
        Some(value)
    }
}

impl Answer for anthropic::Message {
    fn answer(&self) -> Option<Value> {
        if self.role != Role::Assistant {
            return None;
        }
        if let Content::Blocks(blocks) = &self.content {
            if blocks.iter().any(|b| matches!(b, Block::ToolUse(_))) {
                return None;
            }
            if !blocks.is_empty() && blocks.iter().all(|b| matches!(b, Block::ToolResult(_))) {
                return None;
            }
        }
        let mut value = serde_json::to_value(self).ok()?;
        if let Some(Value::Array(blocks)) = value.get_mut("content") {
            blocks.retain(|b| b.get("type").and_then(Value::as_str) != Some("tool_result"));
        }
        Some(value)
    }
}

/// The policy: each choice from a few bits of a hash of the input.
fn policy(data: &[u8]) -> RepairPolicy {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in data {
        h = (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3);
    }
    let mut p = RepairPolicy::default();
    if h & 1 == 1 {
        p.unanswered = Unanswered::Drop;
    }
    if h & 2 == 2 {
        p.separated = Separated::Drop;
    }
    p.merge_split_calls = h & 4 == 0;
    p.close_trailing_calls = h & 8 == 8;
    p.ids = match (h >> 4) % 5 {
        0 => Some(IdProfile::Anthropic),
        1 => Some(IdProfile::OpenAiResponses),
        2 => Some(IdProfile::Mistral),
        _ => None,
    };
    if h & 128 == 128 {
        p.cancelled_text = String::new();
    }
    p
}

fn check<M: Answer>(messages: Vec<M>, policy: &RepairPolicy) {
    let validate = |m: &[M]| match policy.ids {
        Some(provider) => history::validate_for(m, provider),
        None => history::validate(m),
    };
    let repaired = history::repair(messages.clone(), policy);
    let left = validate(&repaired.messages);
    assert!(
        left.is_empty(),
        "repaired history does not validate: {left:?}"
    );

    let again = history::repair(repaired.messages.clone(), policy);
    assert_eq!(
        again.messages, repaired.messages,
        "repair is not idempotent"
    );
    assert!(
        again.actions.is_empty(),
        "second repair acted: {:?}",
        again.actions
    );

    let before: Vec<Value> = messages.iter().filter_map(Answer::answer).collect();
    let after: Vec<Value> = repaired
        .messages
        .iter()
        .filter_map(Answer::answer)
        .collect();
    let mut rest = after.iter();
    for answer in &before {
        assert!(rest.any(|a| a == answer), "final answer lost: {answer}");
    }
    if policy.unanswered == Unanswered::Cancel {
        assert_eq!(before, after, "cancelling made or lost an answer");
    }

    if validate(&messages).is_empty() && !policy.close_trailing_calls {
        assert_eq!(repaired.messages, messages, "a valid history was changed");
        assert!(repaired.actions.is_empty(), "a valid history got actions");
    }
    let indices: Vec<usize> = repaired.actions.iter().map(|a| a.index()).collect();
    assert!(
        indices.windows(2).all(|w| w[0] <= w[1]),
        "actions out of order"
    );
    assert!(
        indices.iter().all(|&i| i < messages.len()),
        "action index past the input"
    );
}

fn run<M: Answer>(messages: &[Value], policy: &RepairPolicy) -> bool {
    match serde_json::from_value::<Vec<M>>(Value::Array(messages.to_vec())) {
        Ok(messages) => {
            check(messages, policy);
            true
        }
        Err(_) => false,
    }
}

fuzz_target!(|data: &[u8]| -> Corpus {
    if data.len() > MAX_INPUT {
        return Corpus::Reject;
    }
    let Ok(document) = serde_json::from_slice::<Value>(data) else {
        return Corpus::Reject;
    };
    // A history (a bare array, or a request body with `messages`), and the fixtures of
    // crates/history, whose history is under `input`.
    let document = match document.get("input") {
        Some(input) => input.clone(),
        None => document,
    };
    let Some((format, messages)) = Format::detect(&document) else {
        return Corpus::Reject;
    };
    let policy = policy(data);
    // The detected format first; the other one reads most histories too.
    let (a, b) = match format {
        Format::OpenAi => (
            run::<openai::Message>(messages, &policy),
            run::<anthropic::Message>(messages, &policy),
        ),
        _ => (
            run::<anthropic::Message>(messages, &policy),
            run::<openai::Message>(messages, &policy),
        ),
    };
    if a || b { Corpus::Keep } else { Corpus::Reject }
});
