//! The two wire formats, and how to tell them apart.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

/// A wire format of chat histories.
///
/// Serialized as `"openai"` or `"anthropic"`.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::Format;
///
/// assert_eq!(Format::Anthropic.as_str(), "anthropic");
/// assert_eq!(serde_json::to_string(&Format::OpenAi)?, r#""openai""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Format {
    /// OpenAI-style chat messages ([`openai::Message`](super::openai::Message)), also
    /// spoken by DeepSeek, Mistral, vLLM and most OpenAI-compatible servers.
    OpenAi,
    /// Anthropic Messages API content blocks
    /// ([`anthropic::Message`](super::anthropic::Message)).
    Anthropic,
}

impl Format {
    /// `"openai"` or `"anthropic"`, as serialized.
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::OpenAi => "openai",
            Format::Anthropic => "anthropic",
        }
    }

    /// The messages of a history document, and its format; `None` when the document is
    /// not a history.
    ///
    /// A document is a history when it is an array of messages, or an object whose
    /// `messages` member is one (a request body), and every message is an object with a
    /// string `role`. The format is then decided by the first of these rules that applies:
    ///
    /// 1. an object document with a top-level `system` member is Anthropic;
    /// 2. otherwise the first message that carries a sign of one format decides it: a
    ///    `tool`, `system`, `developer` or `function` role, or a `tool_calls`,
    ///    `tool_call_id` or `function_call` member means OpenAI; a content array with a
    ///    `tool_use`, `tool_result`, `thinking`, `redacted_thinking`, `image` or
    ///    `document` block means Anthropic;
    /// 3. a history with no such sign (only plain user and assistant text, which reads
    ///    the same in both formats) is OpenAI.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::Format;
    /// use serde_json::json;
    ///
    /// let anthropic = json!({"system": "be brief", "messages": [{"role": "user", "content": "hi"}]});
    /// assert_eq!(Format::detect(&anthropic).map(|(f, m)| (f, m.len())), Some((Format::Anthropic, 1)));
    ///
    /// let openai = json!([{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "c", "content": "1"}]);
    /// assert_eq!(Format::detect(&openai).map(|(f, _)| f), Some(Format::OpenAi));
    ///
    /// assert_eq!(Format::detect(&json!({"role": "user"})), None);
    /// ```
    pub fn detect(document: &Value) -> Option<(Format, &[Value])> {
        let (messages, system) = match document {
            Value::Array(messages) => (messages, false),
            Value::Object(object) => match object.get("messages") {
                Some(Value::Array(messages)) => (messages, object.contains_key("system")),
                _ => return None,
            },
            _ => return None,
        };
        let mut decided = system.then_some(Format::Anthropic);
        for message in messages {
            let object = message.as_object()?;
            let role = object.get("role")?.as_str()?;
            if decided.is_none() {
                decided = sign_of(role, object);
            }
        }
        Some((decided.unwrap_or(Format::OpenAi), messages))
    }
}

fn sign_of(role: &str, message: &serde_json::Map<String, Value>) -> Option<Format> {
    const OPENAI_ROLES: [&str; 4] = ["tool", "system", "developer", "function"];
    const OPENAI_KEYS: [&str; 3] = ["tool_calls", "tool_call_id", "function_call"];
    const ANTHROPIC_BLOCKS: [&str; 6] = [
        "tool_use",
        "tool_result",
        "thinking",
        "redacted_thinking",
        "image",
        "document",
    ];
    if OPENAI_ROLES.contains(&role) || OPENAI_KEYS.iter().any(|k| message.contains_key(*k)) {
        return Some(Format::OpenAi);
    }
    let blocks = message.get("content").and_then(Value::as_array)?;
    let anthropic = blocks.iter().any(|block| {
        block
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|kind| ANTHROPIC_BLOCKS.contains(&kind))
    });
    anthropic.then_some(Format::Anthropic)
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn detection_table() {
        let cases = [
            (json!([]), Some(Format::OpenAi)),
            (json!({"messages": []}), Some(Format::OpenAi)),
            (
                json!({"system": "s", "messages": []}),
                Some(Format::Anthropic),
            ),
            (
                json!([{"role": "user", "content": "hi"}]),
                Some(Format::OpenAi),
            ),
            (
                json!([{"role": "assistant", "content": [{"type": "tool_use", "id": "a", "name": "f", "input": {}}]}]),
                Some(Format::Anthropic),
            ),
            (
                json!([{"role": "user", "content": [{"type": "text", "text": "x"}]}, {"role": "assistant", "content": null, "tool_calls": []}]),
                Some(Format::OpenAi),
            ),
            (
                json!([{"role": "system", "content": "s"}, {"role": "user", "content": [{"type": "image", "source": {}}]}]),
                Some(Format::OpenAi),
            ),
            (
                json!([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "a"}]}, {"role": "tool"}]),
                Some(Format::Anthropic),
            ),
            (json!({"role": "user"}), None),
            (json!({"messages": {}}), None),
            (json!("text"), None),
            (json!([1]), None),
            (json!([{"content": "no role"}]), None),
            (json!([{"role": 3}]), None),
            (json!([{"role": "user"}, "x"]), None),
        ];
        let mut failures = Vec::new();
        for (document, expected) in &cases {
            let got = Format::detect(document).map(|(f, _)| f);
            if got != *expected {
                failures.push(format!("{document}: got {got:?}, expected {expected:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
