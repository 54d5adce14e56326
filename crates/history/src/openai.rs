//! OpenAI-style chat messages: `role`, `content`, `tool_calls` on assistant messages,
//! `tool_call_id` on `tool` messages.
//!
//! The same shape is spoken by DeepSeek, Mistral, vLLM, Ollama and most
//! OpenAI-compatible servers. Members the model does not name are kept in `extra` and
//! written back unchanged; unknown roles are kept as [`Role::Other`]. A `null` id, name
//! or `tool_calls` reads as absent and is written back absent; `content` and
//! `function.arguments` keep an explicit `null`.
//!
//! Calls are read from assistant messages only, responses from `tool` messages only; a
//! call without a `function` member (another call type) is paired by its id but its
//! arguments are not checked.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::check::{CallView, Kind, ResponseView, Skel, is_object_text, present};
use crate::repair::{FormatOps, Taken};
use crate::{Format, Role};

/// One chat message.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::openai::Message;
/// use mcp_coerce_history::Role;
///
/// let raw = r#"{"role": "assistant", "content": null, "reasoning_content": "...",
///     "tool_calls": [{"id": "call_1", "type": "function",
///                     "function": {"name": "get_weather", "arguments": "{\"city\":\"Oslo\"}"}}]}"#;
/// let message: Message = serde_json::from_str(raw)?;
/// assert_eq!(message.role, Role::Assistant);
/// assert_eq!(message.extra["reasoning_content"], "...");
/// let back = serde_json::to_value(&message)?;
/// assert_eq!(back, serde_json::from_str::<serde_json::Value>(raw)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Message {
    /// Who wrote it.
    pub role: Role,
    /// The content as it arrived: a string, an array of parts, or `null`; absent when
    /// the member was absent.
    #[serde(
        default,
        deserialize_with = "some_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub content: Option<Value>,
    /// The `name` member: the participant name, or on a `tool` message the name of the
    /// tool that answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The calls of an assistant message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_calls: Option<Vec<ToolCall>>,
    /// The id of the call a `tool` message answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// Every other member, kept as it arrived.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One entry of `tool_calls`.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::openai::ToolCall;
///
/// let call = ToolCall::function("call_1", "get_weather", r#"{"city":"Oslo"}"#);
/// assert_eq!(
///     serde_json::to_value(&call)?,
///     serde_json::json!({"id": "call_1", "type": "function",
///                        "function": {"name": "get_weather", "arguments": "{\"city\":\"Oslo\"}"}})
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ToolCall {
    /// The call id the response refers to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The `type` member (`"function"`).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The function called, with its arguments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<FunctionCall>,
    /// Every other member, kept as it arrived.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The `function` member of a call.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::openai::ToolCall;
///
/// let call = ToolCall::function("call_1", "now", "{}");
/// let function = call.function.as_ref().unwrap();
/// assert_eq!(function.name.as_deref(), Some("now"));
/// assert_eq!(function.arguments, Some(serde_json::json!("{}")));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct FunctionCall {
    /// The tool's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The arguments as they arrived: valid when a string holding a JSON object.
    #[serde(
        default,
        deserialize_with = "some_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub arguments: Option<Value>,
    /// Every other member, kept as it arrived.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Keeps an explicit `null` as `Some(Value::Null)`; an absent member stays `None`.
fn some_value<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

impl Message {
    /// A message with `role` and nothing else.
    pub fn new(role: Role) -> Self {
        Message {
            role,
            content: None,
            name: None,
            tool_calls: None,
            tool_call_id: None,
            extra: Map::new(),
        }
    }

    fn text(role: Role, text: impl Into<String>) -> Self {
        Message {
            content: Some(Value::String(text.into())),
            ..Message::new(role)
        }
    }

    /// A system message with text content.
    pub fn system(text: impl Into<String>) -> Self {
        Message::text(Role::System, text)
    }

    /// A user message with text content.
    pub fn user(text: impl Into<String>) -> Self {
        Message::text(Role::User, text)
    }

    /// An assistant message with text content and no calls: an answer.
    pub fn assistant(text: impl Into<String>) -> Self {
        Message::text(Role::Assistant, text)
    }

    /// An assistant message with `null` content and `calls`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::openai::{Message, ToolCall};
    ///
    /// let turn = Message::calls([ToolCall::function("call_1", "now", "{}")]);
    /// assert_eq!(
    ///     serde_json::to_value(&turn)?["tool_calls"][0]["function"]["name"],
    ///     "now"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn calls(calls: impl IntoIterator<Item = ToolCall>) -> Self {
        Message {
            content: Some(Value::Null),
            tool_calls: Some(calls.into_iter().collect()),
            ..Message::new(Role::Assistant)
        }
    }

    /// A `tool` message answering the call `id` with text content.
    pub fn tool(id: impl Into<String>, content: impl Into<String>) -> Self {
        Message {
            tool_call_id: Some(id.into()),
            ..Message::text(Role::Tool, content)
        }
    }

    /// The same message with `name` set.
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Whether the content is absent, `null`, `""` or `[]`.
    pub(crate) fn content_is_empty(&self) -> bool {
        match &self.content {
            None | Some(Value::Null) => true,
            Some(Value::String(s)) => s.is_empty(),
            Some(Value::Array(parts)) => parts.is_empty(),
            Some(_) => false,
        }
    }

    /// Whether it is an assistant message with at least one call.
    pub(crate) fn has_calls(&self) -> bool {
        self.role == Role::Assistant && self.tool_calls.as_ref().is_some_and(|c| !c.is_empty())
    }
}

impl ToolCall {
    /// A `function` call of `name` with `arguments` (JSON text of an object).
    pub fn function(
        id: impl Into<String>,
        name: impl Into<String>,
        arguments: impl Into<String>,
    ) -> Self {
        ToolCall {
            id: Some(id.into()),
            kind: Some("function".to_owned()),
            function: Some(FunctionCall {
                name: Some(name.into()),
                arguments: Some(Value::String(arguments.into())),
                extra: Map::new(),
            }),
            extra: Map::new(),
        }
    }

    pub(crate) fn name(&self) -> Option<&str> {
        self.function.as_ref().and_then(|f| f.name.as_deref())
    }
}

/// Whether `arguments` is a string holding a JSON object.
pub(crate) fn arguments_ok(arguments: Option<&Value>) -> bool {
    matches!(arguments, Some(Value::String(text)) if is_object_text(text))
}

/// Valid arguments for `arguments`: the JSON text of an object that was sent as an
/// object, the inner text of an object that was JSON-encoded twice, else `"{}"`.
pub(crate) fn fixed_arguments(arguments: Option<&Value>) -> String {
    match arguments {
        Some(Value::Object(object)) => {
            serde_json::to_string(object).unwrap_or_else(|_| "{}".to_owned())
        }
        Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
            Ok(Value::String(inner)) if is_object_text(&inner) => inner,
            _ => "{}".to_owned(),
        },
        _ => "{}".to_owned(),
    }
}

impl crate::wire::sealed::Sealed for Message {
    const FORMAT: Format = Format::OpenAi;

    fn skel(&self) -> Skel<'_> {
        match self.role {
            Role::Assistant => {
                let calls = self.tool_calls.as_deref().unwrap_or_default();
                Skel {
                    kind: Kind::Assistant,
                    calls: calls
                        .iter()
                        .enumerate()
                        .map(|(slot, call)| CallView {
                            block: Some(slot),
                            id: present(call.id.as_deref()),
                            name: call.name(),
                            args_ok: call
                                .function
                                .as_ref()
                                .is_none_or(|f| arguments_ok(f.arguments.as_ref())),
                        })
                        .collect(),
                    responses: Vec::new(),
                    empty_tool_calls: self.tool_calls.as_ref().is_some_and(Vec::is_empty),
                }
            }
            Role::Tool => Skel {
                kind: Kind::Carrier,
                calls: Vec::new(),
                responses: vec![ResponseView {
                    block: None,
                    id: present(self.tool_call_id.as_deref()),
                    name: self.name.as_deref(),
                    after_other: false,
                }],
                empty_tool_calls: false,
            },
            _ => Skel::other(),
        }
    }

    fn visit_ids(&mut self, visit: &mut dyn FnMut(&mut String)) {
        match self.role {
            Role::Assistant => {
                for call in self.tool_calls.iter_mut().flatten() {
                    if let Some(id) = call.id.as_mut().filter(|id| !id.is_empty()) {
                        visit(id);
                    }
                }
            }
            Role::Tool => {
                if let Some(id) = self.tool_call_id.as_mut().filter(|id| !id.is_empty()) {
                    visit(id);
                }
            }
            _ => {}
        }
    }
}

/// OpenAI: calls in `tool_calls`, each response a `tool` message of its own.
impl FormatOps for Message {
    type Call = ToolCall;
    type Response = Message;
    const ONE_CARRIER: bool = false;

    fn remove_empty_calls(&mut self) -> bool {
        let empty =
            self.role == Role::Assistant && self.tool_calls.as_ref().is_some_and(Vec::is_empty);
        if empty {
            self.tool_calls = None;
        }
        empty
    }

    fn each_call(&mut self, mut visit: impl FnMut(usize, &mut Self::Call)) {
        if self.role != Role::Assistant {
            return;
        }
        for (slot, call) in self.tool_calls.iter_mut().flatten().enumerate() {
            visit(slot, call);
        }
    }

    fn call_id(call: &mut Self::Call) -> &mut Option<String> {
        &mut call.id
    }

    fn call_name(call: &Self::Call) -> Option<&str> {
        call.name()
    }

    fn fix_arguments(call: &mut Self::Call) -> bool {
        let Some(function) = &mut call.function else {
            return false;
        };
        if arguments_ok(function.arguments.as_ref()) {
            return false;
        }
        function.arguments = Some(Value::String(fixed_arguments(function.arguments.as_ref())));
        true
    }

    /// No content is joined: at most one of the two has any.
    fn mergeable(&self, next: &Self) -> bool {
        self.has_calls() && next.has_calls() && (self.content_is_empty() || next.content_is_empty())
    }

    fn merge(&mut self, next: Self) -> usize {
        let calls = self.tool_calls.get_or_insert_with(Vec::new);
        let start = calls.len();
        let has_content = !next.content_is_empty();
        calls.extend(next.tool_calls.into_iter().flatten());
        if self.content_is_empty() && has_content {
            self.content = next.content;
        }
        if self.name.is_none() {
            self.name = next.name;
        }
        for (key, value) in next.extra {
            self.extra.entry(key).or_insert(value);
        }
        start
    }

    fn take_responses(self) -> (Option<Self>, Vec<Taken<Self>>) {
        if self.role != Role::Tool {
            return (Some(self), Vec::new());
        }
        let taken = Taken {
            block: None,
            after_other: false,
            response: self,
        };
        (None, vec![taken])
    }

    fn response_id(response: &mut Self) -> &mut Option<String> {
        &mut response.tool_call_id
    }

    fn response_name(response: &mut Self) -> Option<&mut Option<String>> {
        Some(&mut response.name)
    }

    fn has_calls(&self) -> bool {
        Message::has_calls(self)
    }

    fn retain_calls(&mut self, mut keep: impl FnMut(usize, &mut Self::Call) -> bool) {
        let mut kept = Vec::new();
        for (slot, mut call) in self.tool_calls.take().into_iter().flatten().enumerate() {
            if keep(slot, &mut call) {
                kept.push(call);
            }
        }
        if !kept.is_empty() {
            self.tool_calls = Some(kept);
        }
    }

    fn is_empty(&self) -> bool {
        self.tool_calls.as_ref().is_none_or(Vec::is_empty) && self.content_is_empty()
    }

    fn cancelled(id: String, text: &str) -> Self {
        Message::tool(id, text)
    }

    /// A `tool` message is a message of its own.
    fn absorb(&mut self, responses: Vec<Self>) -> Option<Vec<Self>> {
        Some(responses)
    }

    fn carry(responses: Vec<Self>) -> Vec<Self> {
        responses
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fixed_arguments_table() {
        let cases = [
            (Some(json!({"a": 1})), r#"{"a":1}"#),
            (Some(json!("\"{\\\"a\\\":1}\"")), r#"{"a":1}"#),
            (Some(json!("not json")), "{}"),
            (Some(json!("[1,2]")), "{}"),
            (Some(json!("")), "{}"),
            (Some(json!(null)), "{}"),
            (Some(json!(7)), "{}"),
            (Some(json!([1])), "{}"),
            (None, "{}"),
        ];
        for (arguments, expected) in cases {
            assert_eq!(
                fixed_arguments(arguments.as_ref()),
                expected,
                "{arguments:?}"
            );
            assert!(arguments_ok(Some(&Value::String(expected.to_owned()))));
        }
    }

    #[test]
    fn nulls_and_unknown_members_round_trip() {
        let raw = json!({
            "role": "critic", "content": null, "x": {"y": [1]},
            "tool_calls": [{"id": "a", "index": 0, "function": {"arguments": null, "z": 1}}]
        });
        let message: Message = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(message.role, Role::Other("critic".into()));
        assert_eq!(serde_json::to_value(&message).unwrap(), raw);
    }
}
