//! What [`validate`](super::validate) reports: one broken pairing rule, at one message.

use std::fmt;

use serde::Serialize;

/// Ids and names echoed in violations and actions are cut to this many chars, with `…`
/// appended when cut, so that a hostile id is not copied into every report.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::Message, ECHO_CHARS};
///
/// let long = "x".repeat(1000);
/// let found = history::validate(&[Message::tool(long, "42")]);
/// assert_eq!(found[0].id().map(|id| id.chars().count()), Some(ECHO_CHARS + 1)); // and `…`
/// ```
pub const ECHO_CHARS: usize = 64;

/// `text` cut to [`ECHO_CHARS`] chars, with `…` appended when cut.
pub(crate) fn truncate(text: &str) -> String {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => {
            let mut short = String::with_capacity(cut + 3);
            short.push_str(&text[..cut]);
            short.push('…');
            short
        }
    }
}

/// Which pairing rule a history breaks, as a stable machine-readable code.
///
/// Serialized in `snake_case` (`dangling_response`, `unanswered_call`, ...), the same
/// text as [`as_str`](Self::as_str). New codes may be added in minor releases, so match
/// with a wildcard arm. Each code, with the provider error it prevents:
///
/// | code | what is wrong | what a strict provider answers |
/// |---|---|---|
/// | `dangling_response` | a response with no call before it | OpenAI: "messages with role 'tool' must be a response to a preceding message with 'tool_calls'"; Anthropic: "unexpected `tool_use_id` found in `tool_result` blocks" |
/// | `unknown_call_id` | a response right after a call turn, for an id no call has | the same errors, naming the id |
/// | `duplicate_response` | a second response to one call | Anthropic refuses more than one result per `tool_use`; strict OpenAI-compatible servers may refuse the extra `tool` message |
/// | `separated_response` | a response to an earlier call, not directly after it | the dangling-response error for the response and the unanswered-call error for its call |
/// | `unanswered_call` | a call with no response before the next turn | OpenAI: "an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'"; Anthropic: "`tool_use` ids were found without `tool_result` blocks immediately after" |
/// | `empty_tool_calls` | an assistant message with `"tool_calls": []` | OpenAI: "empty array. Expected an array with minimum length 1" |
/// | `invalid_arguments` | arguments that are not a JSON object (OpenAI: a string holding one; Anthropic: an object) | Anthropic refuses a non-object `input`; OpenAI-compatible servers that parse replayed arguments fail on them |
/// | `name_mismatch` | a `tool` message whose `name` is not its call's (OpenAI) | not refused by the large providers, but the model, and servers that route results by name, are misled |
/// | `missing_call_id` | a call or response whose id is absent, `null` or `""` | Anthropic: "String should match pattern '^[a-zA-Z0-9_-]+$'"; OpenAI refuses a missing `tool_call_id` |
/// | `duplicate_call_id` | a call reusing an id an earlier call has | Anthropic: "`tool_use` ids must be unique" (across the whole request) |
/// | `result_not_first` | a `tool_result` block after another block of its message (Anthropic) | Anthropic requires results first in their user message |
/// | `invalid_call_id` | a call or response id the target provider refuses (only from [`validate_for`](crate::validate_for)) | each [`IdProfile`](crate::IdProfile)'s error, as its docs cite it: Anthropic's "String should match pattern '^[a-zA-Z0-9_-]+$'", OpenAI's "Expected a string with maximum length 64", Mistral's "must be a-z, A-Z, 0-9, with a length of 9" |
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::ViolationCode;
///
/// assert_eq!(ViolationCode::DanglingResponse.as_str(), "dangling_response");
/// assert_eq!(serde_json::to_string(&ViolationCode::UnansweredCall)?, r#""unanswered_call""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ViolationCode {
    /// A tool response with no call before it: nothing it could answer, neither directly
    /// before it nor earlier.
    DanglingResponse,
    /// A tool response right after a call turn whose id matches no call at all.
    UnknownCallId,
    /// A second response to a call that was already answered.
    DuplicateResponse,
    /// A response to an earlier call that is not directly after that call (another turn,
    /// a system message, or a different call turn sits in between).
    SeparatedResponse,
    /// A call with no response before the next turn. The calls of the last turn may stay
    /// open: their tools may still be running.
    UnansweredCall,
    /// An assistant message with an empty `tool_calls` array (OpenAI format).
    EmptyToolCalls,
    /// Call arguments that are not a JSON object: OpenAI `function.arguments` that is not
    /// a string holding a JSON object, Anthropic `input` that is not an object.
    InvalidArguments,
    /// A response whose `name` differs from the name of the call it answers (OpenAI format).
    NameMismatch,
    /// A call or a response whose id is absent, `null` or empty.
    MissingCallId,
    /// A call whose id an earlier call of the history already uses.
    DuplicateCallId,
    /// A `tool_result` block after another kind of block in its message (Anthropic format).
    ResultNotFirst,
    /// A call or response id the target provider refuses ([`validate_for`](crate::validate_for)).
    InvalidCallId,
}

impl ViolationCode {
    /// Every code, in the order of the docs table.
    pub const ALL: &'static [ViolationCode] = &[
        ViolationCode::DanglingResponse,
        ViolationCode::UnknownCallId,
        ViolationCode::DuplicateResponse,
        ViolationCode::SeparatedResponse,
        ViolationCode::UnansweredCall,
        ViolationCode::EmptyToolCalls,
        ViolationCode::InvalidArguments,
        ViolationCode::NameMismatch,
        ViolationCode::MissingCallId,
        ViolationCode::DuplicateCallId,
        ViolationCode::ResultNotFirst,
        ViolationCode::InvalidCallId,
    ];

    /// The `snake_case` name, as serialized.
    pub const fn as_str(self) -> &'static str {
        match self {
            ViolationCode::DanglingResponse => "dangling_response",
            ViolationCode::UnknownCallId => "unknown_call_id",
            ViolationCode::DuplicateResponse => "duplicate_response",
            ViolationCode::SeparatedResponse => "separated_response",
            ViolationCode::UnansweredCall => "unanswered_call",
            ViolationCode::EmptyToolCalls => "empty_tool_calls",
            ViolationCode::InvalidArguments => "invalid_arguments",
            ViolationCode::NameMismatch => "name_mismatch",
            ViolationCode::MissingCallId => "missing_call_id",
            ViolationCode::DuplicateCallId => "duplicate_call_id",
            ViolationCode::ResultNotFirst => "result_not_first",
            ViolationCode::InvalidCallId => "invalid_call_id",
        }
    }

    /// One lowercase line saying what is wrong, without the location.
    pub const fn description(self) -> &'static str {
        match self {
            ViolationCode::DanglingResponse => "tool response has no call before it",
            ViolationCode::UnknownCallId => "tool response answers no call of the turn before it",
            ViolationCode::DuplicateResponse => "call was already answered",
            ViolationCode::SeparatedResponse => "tool response is separated from its call",
            ViolationCode::UnansweredCall => "call has no response before the next turn",
            ViolationCode::EmptyToolCalls => "assistant message has an empty tool_calls array",
            ViolationCode::InvalidArguments => "call arguments are not a JSON object",
            ViolationCode::NameMismatch => "tool response names another tool than its call",
            ViolationCode::MissingCallId => "call id is missing or empty",
            ViolationCode::DuplicateCallId => "call id is already used by an earlier call",
            ViolationCode::ResultNotFirst => "tool result comes after other content",
            ViolationCode::InvalidCallId => "call id is one the target provider refuses",
        }
    }
}

impl fmt::Display for ViolationCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One broken pairing rule: a [`ViolationCode`] at a message of the history.
///
/// - `index` is the position of the message in the array that was checked, counted from
///   zero (for Anthropic, the `messages` array: the top-level `system` is not a message).
/// - `block` narrows it down inside the message: for Anthropic, the index of the content
///   block; for OpenAI, the index in `tool_calls` for a violation about one call, and
///   absent for a `tool` message or the whole assistant message.
/// - `id` is the call id concerned, cut to
///   [`ECHO_CHARS`] chars, absent when there is none.
///
/// Serialized as `{"index": 3, "block": 0, "code": "unanswered_call", "id": "call_1",
/// "message": "..."}`, without the keys that are absent.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::Message, ViolationCode};
///
/// let messages = [Message::user("hi"), Message::tool("call_9", "42")];
/// let found = history::validate(&messages);
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].index(), found[0].code()), (1, ViolationCode::DanglingResponse));
/// assert_eq!(found[0].id(), Some("call_9"));
/// assert_eq!(
///     found[0].to_string(),
///     r#"message 1: tool response has no call before it: "call_9" (dangling_response)"#
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    block: Option<usize>,
    code: ViolationCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    message: &'static str,
}

impl Violation {
    #[cold]
    pub(crate) fn new(
        index: usize,
        block: Option<usize>,
        code: ViolationCode,
        id: Option<&str>,
    ) -> Self {
        Violation {
            index,
            block,
            code,
            id: id.map(truncate),
            message: code.description(),
        }
    }

    /// The position of the message in the checked array.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The content block (Anthropic) or `tool_calls` entry (OpenAI), when the violation
    /// is about one of them.
    pub fn block(&self) -> Option<usize> {
        self.block
    }

    /// The machine-readable code.
    pub fn code(&self) -> ViolationCode {
        self.code
    }

    /// The call id concerned, cut to [`ECHO_CHARS`] chars.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// One line, lowercase, no trailing period, without the location.
    pub fn message(&self) -> &'static str {
        self.message
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "message {}", self.index)?;
        if let Some(block) = self.block {
            write!(f, ", block {block}")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(id) = &self.id {
            write!(f, ": {id:?}")?;
        }
        write!(f, " ({})", self.code)
    }
}

/// Violations in document order: by message, then block (message-level ones first).
pub(crate) fn sort(violations: &mut [Violation]) {
    violations.sort_by_key(|v| (v.index, v.block));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_serialize_as_their_names() {
        for code in ViolationCode::ALL {
            let json = serde_json::to_value(code).unwrap();
            assert_eq!(json, code.as_str(), "{code:?}");
            assert!(!code.description().ends_with('.'), "{code:?}");
        }
    }

    #[test]
    fn display_names_location_id_and_code() {
        let v = Violation::new(4, Some(0), ViolationCode::UnansweredCall, Some("toolu_1"));
        assert_eq!(
            v.to_string(),
            r#"message 4, block 0: call has no response before the next turn: "toolu_1" (unanswered_call)"#
        );
        let v = Violation::new(2, None, ViolationCode::EmptyToolCalls, None);
        assert_eq!(
            v.to_string(),
            "message 2: assistant message has an empty tool_calls array (empty_tool_calls)"
        );
    }

    #[test]
    fn long_ids_are_cut() {
        let id = "é".repeat(100);
        let v = Violation::new(0, None, ViolationCode::DanglingResponse, Some(&id));
        assert_eq!(v.id().map(|s| s.chars().count()), Some(65));
    }
}
