//! Tool-call history integrity: validate, repair and keep chat histories that strict
//! providers accept.
//!
//! Strict chat APIs (OpenAI, DeepSeek, Anthropic) refuse a whole request when the tool
//! calls of its history are not paired up, and every later turn fails the same way until
//! the history is cleared. Histories get dirty in ordinary ways: a streaming aggregator
//! loses an assistant message's `tool_calls` or splits one turn's calls into two
//! messages, a `tool` message is appended with nothing before it, a window-based memory
//! trims the call away from its response, a helper appends a response whose id does not
//! match, a system message is inserted between a call and its response.
//!
//! - [`validate`] reports every [`Violation`]: a [`ViolationCode`] at a message index.
//! - [`repair`] returns a history `validate` accepts, under an explicit [`RepairPolicy`],
//!   with the list of [`Action`]s it took.
//! - [`Conversation`] is a history with one checked append: it is valid at every moment.
//! - [`map_ids`] rewrites call ids for a provider with other id rules ([`IdProfile`]).
//!
//! Both wire formats are modelled, and every function works on either:
//! [`openai::Message`] and [`anthropic::Message`]. Members and block types the models do
//! not name are kept and written back unchanged. [`Format::detect`] tells the two apart
//! in a JSON document.
//!
//! ```
//! use mcp_coerce::history::{self, openai::{Message, ToolCall}, RepairPolicy, ViolationCode};
//!
//! let messages = vec![
//!     Message::user("weather in Oslo?"),
//!     Message::calls([ToolCall::function("call_1", "get_weather", r#"{"city":"Oslo"}"#)]),
//!     Message::user("hello?"),               // the tool's result was never recorded
//!     Message::tool("call_9", "4°C"),        // and this one answers nothing
//! ];
//! let found: Vec<_> = history::validate(&messages).iter().map(|v| (v.index(), v.code())).collect();
//! assert_eq!(found, [(1, ViolationCode::UnansweredCall), (3, ViolationCode::DanglingResponse)]);
//!
//! let repaired = history::repair(messages, &RepairPolicy::default());
//! assert!(history::validate(&repaired.messages).is_empty());
//! assert_eq!(repaired.messages[2].tool_call_id.as_deref(), Some("call_1")); // "cancelled: ..."
//! assert_eq!(repaired.messages.len(), 4);
//! ```
//!
//! # Violation codes
//!
//! | code | what is wrong | what a strict provider answers |
//! |---|---|---|
//! | `dangling_response` | a response with no call before it | OpenAI: "messages with role 'tool' must be a response to a preceding message with 'tool_calls'"; Anthropic: "unexpected `tool_use_id` found in `tool_result` blocks" |
//! | `unknown_call_id` | a response right after a call turn, for an id no call has | the same errors, naming the id |
//! | `duplicate_response` | a second response to one call | Anthropic refuses more than one result per `tool_use`; strict OpenAI-compatible servers may refuse the extra `tool` message |
//! | `separated_response` | a response to an earlier call, not directly after it | the dangling-response error for the response and the unanswered-call error for its call |
//! | `unanswered_call` | a call with no response before the next turn | OpenAI: "an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'"; Anthropic: "`tool_use` ids were found without `tool_result` blocks immediately after" |
//! | `empty_tool_calls` | an assistant message with `"tool_calls": []` | OpenAI: "empty array. Expected an array with minimum length 1" |
//! | `invalid_arguments` | arguments that are not a JSON object (OpenAI: a string holding one; Anthropic: an object) | Anthropic refuses a non-object `input`; OpenAI-compatible servers that parse replayed arguments fail on them |
//! | `name_mismatch` | a `tool` message whose `name` is not its call's (OpenAI) | not refused by the large providers, but the model, and servers that route results by name, are misled |
//! | `missing_call_id` | a call or response whose id is absent, `null` or `""` | Anthropic: "String should match pattern '^[a-zA-Z0-9_-]+$'"; OpenAI refuses a missing `tool_call_id` |
//! | `duplicate_call_id` | a call reusing an id an earlier call has | Anthropic: "`tool_use` ids must be unique" (across the whole request) |
//! | `result_not_first` | a `tool_result` block after another block of its message (Anthropic) | Anthropic requires results first in their user message |
//!
//! # The rules
//!
//! A call turn is an assistant message with at least one call. Its responses must come
//! right after it: for OpenAI, as the `tool` messages that directly follow it (only other
//! responses of the same turn in between); for Anthropic, as `tool_result` blocks at the
//! start of the one user message that directly follows it. Each call is answered once,
//! each response answers a call, ids are present and unique in the history.
//!
//! A response is matched to the first unanswered call with its id in the turn right
//! before it, else to the first unanswered call with its id from an earlier turn (then it
//! is `separated_response`). The calls of the last turn may stay open, since their tools
//! may still be running: `validate` reports a call as `unanswered_call` only once another
//! turn follows. Before sending a history to a provider, repair it with
//! [`RepairPolicy::close_trailing_calls`] to close them too.
//!
//! Calls are read from assistant messages only; responses from OpenAI `tool` messages and
//! Anthropic user messages, and also from Anthropic assistant messages, where a
//! `tool_result` never belongs (it is separated from its call, even when the call is in
//! the same message, or dangling). Everything else (system and developer messages,
//! unknown roles, other block types) is a turn of its own that is neither checked nor
//! changed.
//!
//! # Indices
//!
//! A violation's `index` is the position of the message in the array that was checked,
//! counted from zero; for Anthropic that is the `messages` array of the request, whose
//! top-level `system` is not a message. `block` is, for Anthropic, the position of the
//! content block in the message's `content` array; for OpenAI, the position in
//! `tool_calls` for a violation about one call, and absent for a `tool` message. An
//! [`Action`]'s `index` and `block` point into the history given to [`repair`].
//!
//! # Untrusted input
//!
//! Histories come from agents and stores that are not trusted. No input makes these
//! functions panic; there is no recursion; time and memory are linear in the size of the
//! history (hash maps keyed by id; a 10,000-message history validates in milliseconds);
//! ids and names echoed in violations and actions are cut to
//! [`INPUT_ECHO_CHARS`](crate::INPUT_ECHO_CHARS) chars.

mod check;
mod conversation;
mod format;
mod ids;
mod repair;
mod role;
mod violation;

pub mod anthropic;
pub mod openai;

pub use conversation::{Conversation, Refused};
pub use format::Format;
pub use ids::{IdMap, IdProfile, map_ids};
pub use repair::{
    Action, ActionKind, CANCELLED_TEXT, RepairPolicy, Repaired, Separated, Unanswered, repair,
};
pub use role::Role;
pub use violation::{Violation, ViolationCode};

/// A message of one of the supported wire formats: [`openai::Message`] or
/// [`anthropic::Message`].
///
/// Sealed: the pairing rules are written for these two formats. Use it as a bound to
/// write code that works on either.
///
/// # Examples
///
/// ```
/// use mcp_coerce::history::{self, anthropic, openai, RepairPolicy, WireMessage};
///
/// /// A history ready to send: repaired, with no call left open.
/// fn ready<M: WireMessage>(messages: Vec<M>) -> Vec<M> {
///     let mut policy = RepairPolicy::default();
///     policy.close_trailing_calls = true;
///     history::repair(messages, &policy).messages
/// }
///
/// assert_eq!(ready(vec![openai::Message::user("hi")]).len(), 1);
/// assert_eq!(ready(vec![anthropic::Message::user("hi")]).len(), 1);
/// ```
pub trait WireMessage: sealed::Sealed {}

impl WireMessage for openai::Message {}
impl WireMessage for anthropic::Message {}

pub(crate) mod sealed {
    use super::check::Skel;
    use super::{Format, RepairPolicy, Repaired};

    pub trait Sealed: Sized {
        const FORMAT: Format;
        /// The message, reduced to what the pairing rules look at.
        fn skel(&self) -> Skel<'_>;
        /// Visit every present, non-empty call id and response id.
        fn visit_ids(&mut self, visit: &mut dyn FnMut(&mut String));
        fn repair_all(messages: Vec<Self>, policy: &RepairPolicy) -> Repaired<Self>;
    }
}

/// Every violation of `messages`, in document order (by message, then block).
///
/// An empty list means a strict provider will accept the pairing of calls and responses
/// (the calls of the last turn may still be open, see [the rules](self#the-rules)).
///
/// # Examples
///
/// ```
/// use mcp_coerce::history::{self, anthropic::{Block, Message}, Role, ViolationCode};
/// use serde_json::json;
///
/// let messages = [
///     Message::user("what time is it?"),
///     Message::blocks(Role::Assistant, [Block::tool_use("toolu_1", "now", json!({}))]),
///     Message::blocks(Role::User, [Block::text("here:"), Block::tool_result("toolu_1", "12:00")]),
/// ];
/// let found = history::validate(&messages);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].code(), ViolationCode::ResultNotFirst);
/// assert_eq!((found[0].index(), found[0].block()), (2, Some(1)));
/// ```
pub fn validate<M: WireMessage>(messages: &[M]) -> Vec<Violation> {
    check::check_all(M::FORMAT, messages.iter().map(sealed::Sealed::skel))
}
