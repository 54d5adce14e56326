//! Anthropic Messages API messages: `role` and `content`, where `content` is a string or
//! an array of blocks; `tool_use` blocks in assistant messages, `tool_result` blocks in
//! the user message right after.
//!
//! Members the model does not name are kept in `extra` and written back unchanged; block
//! types other than `text`, `tool_use` and `tool_result` (`thinking`, `image`,
//! `server_tool_use`, ...) are kept whole as [`Block::Other`]; unknown roles are kept as
//! [`Role::Other`]. The request's top-level `system` is not a message.
//!
//! Calls are read from assistant messages only. Results are read from user messages, and
//! also from assistant messages, where they never belong (some converters merge a result
//! into the call turn): there they are separated from their call, or dangling. Blocks in
//! other roles, and `tool_use` blocks in user messages, are kept and not checked.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{self, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::check::{CallView, Kind, ResponseView, Skel, present};
use crate::repair::{FormatOps, Taken};
use crate::{Format, Role};

/// One message.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::anthropic::{Block, Content, Message};
///
/// let raw = r#"{"role": "assistant", "content": [
///     {"type": "thinking", "thinking": "...", "signature": "s"},
///     {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Oslo"}}]}"#;
/// let message: Message = serde_json::from_str(raw)?;
/// let Content::Blocks(blocks) = &message.content else { unreachable!() };
/// assert!(matches!(&blocks[1], Block::ToolUse(call) if call.id.as_deref() == Some("toolu_1")));
/// let back = serde_json::to_value(&message)?;
/// assert_eq!(back, serde_json::from_str::<serde_json::Value>(raw)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Message {
    /// Who wrote it: `user` or `assistant`.
    pub role: Role,
    /// A string, or an array of blocks.
    pub content: Content,
    /// Every other member, kept as it arrived.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The `content` of a message.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::anthropic::{Content, Message};
///
/// let text: Message = serde_json::from_str(r#"{"role": "user", "content": "hi"}"#)?;
/// assert_eq!(text.content, Content::Text("hi".into()));
/// let blocks: Message = serde_json::from_str(r#"{"role": "user", "content": []}"#)?;
/// assert_eq!(blocks.content, Content::Blocks(vec![]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Content {
    /// Plain text.
    Text(String),
    /// An array of blocks.
    Blocks(Vec<Block>),
}

/// One content block.
///
/// Serialized with its `type` member: `text`, `tool_use`, `tool_result`, or the type of
/// an [`Other`](Block::Other) block.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::anthropic::Block;
/// use serde_json::json;
///
/// let thinking: Block = serde_json::from_value(json!({"type": "thinking", "thinking": "..."}))?;
/// assert!(matches!(&thinking, Block::Other(object) if object["type"] == "thinking"));
/// assert_eq!(
///     serde_json::to_value(Block::tool_result("toolu_1", "12:00"))?,
///     json!({"type": "tool_result", "tool_use_id": "toolu_1", "content": "12:00"})
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Block {
    /// A `text` block.
    Text(TextBlock),
    /// A `tool_use` block: a call.
    ToolUse(ToolUse),
    /// A `tool_result` block: a response.
    ToolResult(ToolResult),
    /// Any other block, kept whole (its `type` member included).
    Other(Map<String, Value>),
}

/// A `text` block.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::anthropic::Block;
///
/// let Block::Text(block) = Block::text("hi") else { unreachable!() };
/// assert_eq!(block.text, "hi");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct TextBlock {
    /// The text.
    pub text: String,
    /// Every other member (`cache_control`, `citations`, ...), kept as it arrived.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A `tool_use` block.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::anthropic::Block;
/// use serde_json::json;
///
/// let Block::ToolUse(call) = Block::tool_use("toolu_1", "now", json!({})) else { unreachable!() };
/// assert_eq!((call.id.as_deref(), call.name.as_deref()), (Some("toolu_1"), Some("now")));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ToolUse {
    /// The call id the result refers to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The tool's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The arguments as they arrived: valid when an object.
    #[serde(
        default,
        deserialize_with = "some_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub input: Option<Value>,
    /// Every other member, kept as it arrived.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A `tool_result` block.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::anthropic::Block;
///
/// let Block::ToolResult(result) = Block::tool_result("toolu_1", "12:00") else { unreachable!() };
/// assert_eq!(result.tool_use_id.as_deref(), Some("toolu_1"));
/// assert_eq!(result.is_error, None);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ToolResult {
    /// The id of the call it answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_use_id: Option<String>,
    /// The result: a string or an array of blocks, as it arrived.
    #[serde(
        default,
        deserialize_with = "some_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub content: Option<Value>,
    /// Whether the tool failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_error: Option<bool>,
    /// Every other member, kept as it arrived.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn some_value<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

impl Message {
    /// A message with `role` and `content`.
    pub fn new(role: Role, content: Content) -> Self {
        Message {
            role,
            content,
            extra: Map::new(),
        }
    }

    /// A user message with string content.
    pub fn user(text: impl Into<String>) -> Self {
        Message::new(Role::User, Content::Text(text.into()))
    }

    /// An assistant message with string content: an answer.
    pub fn assistant(text: impl Into<String>) -> Self {
        Message::new(Role::Assistant, Content::Text(text.into()))
    }

    /// A message with `role` and the array of `blocks`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::anthropic::{Block, Message};
    /// use mcp_coerce_history::Role;
    /// use serde_json::json;
    ///
    /// let call = Message::blocks(Role::Assistant, [Block::tool_use("toolu_1", "now", json!({}))]);
    /// let result = Message::blocks(Role::User, [Block::tool_result("toolu_1", "12:00")]);
    /// assert_eq!(serde_json::to_value(&result)?["content"][0]["tool_use_id"], "toolu_1");
    /// # let _ = call;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn blocks(role: Role, blocks: impl IntoIterator<Item = Block>) -> Self {
        Message::new(role, Content::Blocks(blocks.into_iter().collect()))
    }

    /// Whether it is an assistant message with at least one `tool_use` block.
    pub(crate) fn has_calls(&self) -> bool {
        self.role == Role::Assistant
            && matches!(&self.content, Content::Blocks(b) if b.iter().any(|b| matches!(b, Block::ToolUse(_))))
    }
}

impl Block {
    /// A `text` block.
    pub fn text(text: impl Into<String>) -> Self {
        Block::Text(TextBlock {
            text: text.into(),
            extra: Map::new(),
        })
    }

    /// A `tool_use` block calling `name` with `input`.
    pub fn tool_use(id: impl Into<String>, name: impl Into<String>, input: Value) -> Self {
        Block::ToolUse(ToolUse {
            id: Some(id.into()),
            name: Some(name.into()),
            input: Some(input),
            extra: Map::new(),
        })
    }

    /// A `tool_result` block answering the call `id` with text content.
    pub fn tool_result(id: impl Into<String>, content: impl Into<String>) -> Self {
        Block::ToolResult(ToolResult {
            tool_use_id: Some(id.into()),
            content: Some(Value::String(content.into())),
            is_error: None,
            extra: Map::new(),
        })
    }
}

impl ToolResult {
    /// A result marked `is_error` with text content.
    pub(crate) fn error(id: String, content: &str) -> Self {
        ToolResult {
            tool_use_id: Some(id),
            content: Some(Value::String(content.to_owned())),
            is_error: Some(true),
            extra: Map::new(),
        }
    }
}

/// Valid `input` for `input`: an object as it is, the object a string holds (or a string
/// holding a string that holds it), else `{}`.
pub(crate) fn fixed_input(input: Option<Value>) -> Value {
    let parse = |text: &str| serde_json::from_str::<Value>(text).ok();
    match input {
        Some(Value::Object(object)) => Value::Object(object),
        Some(Value::String(text)) => match parse(&text) {
            Some(Value::Object(object)) => Value::Object(object),
            Some(Value::String(inner)) => match parse(&inner) {
                Some(Value::Object(object)) => Value::Object(object),
                _ => Value::Object(Map::new()),
            },
            _ => Value::Object(Map::new()),
        },
        _ => Value::Object(Map::new()),
    }
}

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ContentVisitor;

        impl<'de> Visitor<'de> for ContentVisitor {
            type Value = Content;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string or an array of content blocks")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Content, E> {
                Ok(Content::Text(text.to_owned()))
            }

            fn visit_string<E: de::Error>(self, text: String) -> Result<Content, E> {
                Ok(Content::Text(text))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Content, A::Error> {
                // No preallocation from the size hint: it can be hostile.
                let mut blocks = Vec::new();
                while let Some(block) = seq.next_element()? {
                    blocks.push(block);
                }
                Ok(Content::Blocks(blocks))
            }
        }

        deserializer.deserialize_any(ContentVisitor)
    }
}

impl<'de> Deserialize<'de> for Block {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut object = Map::<String, Value>::deserialize(deserializer)?;
        let typed = |object: Map<String, Value>| Value::Object(object);
        match object.get("type").and_then(Value::as_str) {
            Some("text") => {
                object.remove("type");
                serde_json::from_value(typed(object))
                    .map(Block::Text)
                    .map_err(de::Error::custom)
            }
            Some("tool_use") => {
                object.remove("type");
                serde_json::from_value(typed(object))
                    .map(Block::ToolUse)
                    .map_err(de::Error::custom)
            }
            Some("tool_result") => {
                object.remove("type");
                serde_json::from_value(typed(object))
                    .map(Block::ToolResult)
                    .map_err(de::Error::custom)
            }
            _ => Ok(Block::Other(object)),
        }
    }
}

impl Serialize for Block {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (kind, inner) = match self {
            Block::Text(block) => ("text", serde_json::to_value(block)),
            Block::ToolUse(block) => ("tool_use", serde_json::to_value(block)),
            Block::ToolResult(block) => ("tool_result", serde_json::to_value(block)),
            Block::Other(object) => return object.serialize(serializer),
        };
        match inner.map_err(ser::Error::custom)? {
            Value::Object(mut object) => {
                object.insert("type".to_owned(), Value::String(kind.to_owned()));
                object.serialize(serializer)
            }
            _ => Err(ser::Error::custom(
                "a content block must serialize as an object",
            )),
        }
    }
}

impl crate::wire::sealed::Sealed for Message {
    const FORMAT: Format = Format::Anthropic;

    fn skel(&self) -> Skel<'_> {
        let Content::Blocks(blocks) = &self.content else {
            return match self.role {
                Role::Assistant => Skel {
                    kind: Kind::Assistant,
                    ..Skel::other()
                },
                Role::User => Skel {
                    kind: Kind::Carrier,
                    ..Skel::other()
                },
                _ => Skel::other(),
            };
        };
        match self.role {
            Role::Assistant => Skel {
                kind: Kind::Assistant,
                // Results never belong here: they are answers in the wrong place.
                responses: blocks
                    .iter()
                    .enumerate()
                    .filter_map(|(block, b)| match b {
                        Block::ToolResult(result) => Some(ResponseView {
                            block: Some(block),
                            id: present(result.tool_use_id.as_deref()),
                            name: None,
                            after_other: false,
                        }),
                        _ => None,
                    })
                    .collect(),
                calls: blocks
                    .iter()
                    .enumerate()
                    .filter_map(|(block, b)| match b {
                        Block::ToolUse(call) => Some(CallView {
                            block: Some(block),
                            id: present(call.id.as_deref()),
                            name: call.name.as_deref(),
                            args_ok: matches!(call.input, Some(Value::Object(_))),
                        }),
                        _ => None,
                    })
                    .collect(),
                ..Skel::other()
            },
            Role::User => {
                let mut other_before = false;
                let mut responses = Vec::new();
                for (block, b) in blocks.iter().enumerate() {
                    match b {
                        Block::ToolResult(result) => responses.push(ResponseView {
                            block: Some(block),
                            id: present(result.tool_use_id.as_deref()),
                            name: None,
                            after_other: other_before,
                        }),
                        _ => other_before = true,
                    }
                }
                Skel {
                    kind: Kind::Carrier,
                    responses,
                    ..Skel::other()
                }
            }
            _ => Skel::other(),
        }
    }

    fn visit_ids(&mut self, visit: &mut dyn FnMut(&mut String)) {
        let Content::Blocks(blocks) = &mut self.content else {
            return;
        };
        for block in blocks {
            let id = match (&self.role, block) {
                (Role::Assistant, Block::ToolUse(call)) => call.id.as_mut(),
                (Role::User | Role::Assistant, Block::ToolResult(result)) => {
                    result.tool_use_id.as_mut()
                }
                _ => None,
            };
            if let Some(id) = id.filter(|id| !id.is_empty()) {
                visit(id);
            }
        }
    }
}

/// Anthropic: calls as `tool_use` blocks, responses as `tool_result` blocks first in the
/// user message after the turn.
impl FormatOps for Message {
    type Call = ToolUse;
    type Response = ToolResult;
    const ONE_CARRIER: bool = true;

    fn remove_empty_calls(&mut self) -> bool {
        false
    }

    fn each_call(&mut self, mut visit: impl FnMut(usize, &mut Self::Call)) {
        let (Role::Assistant, Content::Blocks(blocks)) = (&self.role, &mut self.content) else {
            return;
        };
        for (block, b) in blocks.iter_mut().enumerate() {
            if let Block::ToolUse(call) = b {
                visit(block, call);
            }
        }
    }

    fn call_id(call: &mut Self::Call) -> &mut Option<String> {
        &mut call.id
    }

    fn call_name(call: &Self::Call) -> Option<&str> {
        call.name.as_deref()
    }

    fn fix_arguments(call: &mut Self::Call) -> bool {
        if matches!(call.input, Some(Value::Object(_))) {
            return false;
        }
        call.input = Some(fixed_input(call.input.take()));
        true
    }

    fn mergeable(&self, next: &Self) -> bool {
        self.has_calls() && next.has_calls()
    }

    fn merge(&mut self, next: Self) -> usize {
        let mut start = 0;
        if let (Content::Blocks(blocks), Content::Blocks(more)) = (&mut self.content, next.content)
        {
            start = blocks.len();
            blocks.extend(more);
        }
        for (key, value) in next.extra {
            self.extra.entry(key).or_insert(value);
        }
        start
    }

    /// Results are read from user and assistant messages (where they never belong).
    fn take_responses(mut self) -> (Option<Self>, Vec<Taken<ToolResult>>) {
        let mut taken = Vec::new();
        let holds_results = matches!(self.role, Role::User | Role::Assistant);
        if let (true, Content::Blocks(blocks)) = (holds_results, &mut self.content) {
            let mut after_other = false;
            let mut rest = Vec::with_capacity(blocks.len());
            for (block, b) in std::mem::take(blocks).into_iter().enumerate() {
                match b {
                    Block::ToolResult(response) => taken.push(Taken {
                        block: Some(block),
                        after_other,
                        response,
                    }),
                    other => {
                        after_other = true;
                        rest.push(other);
                    }
                }
            }
            *blocks = rest;
        }
        (Some(self), taken)
    }

    fn response_id(response: &mut ToolResult) -> &mut Option<String> {
        &mut response.tool_use_id
    }

    fn response_name(_: &mut ToolResult) -> Option<&mut Option<String>> {
        None
    }

    fn has_calls(&self) -> bool {
        Message::has_calls(self)
    }

    fn retain_calls(&mut self, mut keep: impl FnMut(usize, &mut Self::Call) -> bool) {
        let Content::Blocks(blocks) = &mut self.content else {
            return;
        };
        let all = std::mem::take(blocks);
        let mut kept = Vec::with_capacity(all.len());
        for (block, b) in all.into_iter().enumerate() {
            match b {
                Block::ToolUse(mut call) => {
                    if keep(block, &mut call) {
                        kept.push(Block::ToolUse(call));
                    }
                }
                other => kept.push(other),
            }
        }
        *blocks = kept;
    }

    fn is_empty(&self) -> bool {
        matches!(&self.content, Content::Blocks(b) if b.is_empty())
    }

    fn cancelled(id: String, text: &str) -> ToolResult {
        ToolResult::error(id, text)
    }

    /// A user message takes them first, before its own content.
    fn absorb(&mut self, responses: Vec<ToolResult>) -> Option<Vec<ToolResult>> {
        if self.role != Role::User {
            return Some(responses);
        }
        let mut placed: Vec<Block> = responses.into_iter().map(Block::ToolResult).collect();
        match std::mem::replace(&mut self.content, Content::Blocks(Vec::new())) {
            Content::Blocks(rest) => placed.extend(rest),
            Content::Text(text) if text.is_empty() => {}
            Content::Text(text) => placed.push(Block::text(text)),
        }
        self.content = Content::Blocks(placed);
        None
    }

    fn carry(responses: Vec<ToolResult>) -> Vec<Self> {
        let blocks = responses.into_iter().map(Block::ToolResult);
        vec![Message::blocks(Role::User, blocks)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fixed_input_table() {
        let cases = [
            (Some(json!({"a": 1})), json!({"a": 1})),
            (Some(json!("{\"a\":1}")), json!({"a": 1})),
            (Some(json!("\"{\\\"a\\\":1}\"")), json!({"a": 1})),
            (Some(json!("[1]")), json!({})),
            (Some(json!("nope")), json!({})),
            (Some(json!(null)), json!({})),
            (Some(json!([1])), json!({})),
            (None, json!({})),
        ];
        for (input, expected) in cases {
            assert_eq!(fixed_input(input.clone()), expected, "{input:?}");
        }
    }

    #[test]
    fn blocks_round_trip() {
        let raw = json!({"role": "user", "id": 7, "content": [
            {"type": "tool_result", "tool_use_id": "a", "content": [{"type": "text", "text": "1"}], "cache_control": {"type": "ephemeral"}},
            {"type": "text", "text": "next", "citations": null},
            {"type": "image", "source": {"type": "base64", "data": ""}},
            {"no_type": true}
        ]});
        let message: Message = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(serde_json::to_value(&message).unwrap(), raw);
    }

    #[test]
    fn malformed_blocks_are_refused_with_a_reason() {
        let err = serde_json::from_value::<Message>(json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": 5}
        ]}))
        .unwrap_err();
        assert!(
            err.to_string().contains("invalid type: integer `5`"),
            "{err}"
        );
        let err =
            serde_json::from_value::<Message>(json!({"role": "user", "content": 5})).unwrap_err();
        assert!(
            err.to_string()
                .contains("a string or an array of content blocks"),
            "{err}"
        );
    }
}
