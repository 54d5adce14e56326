//! Repair: turn a dirty history into one `validate` accepts, reordering and merging
//! before deleting, and report every change.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use super::check::{CallKey, Checker, Fate, Skel, present};
use super::violation::ViolationCode;
use super::{Role, WireMessage, anthropic, openai};
use crate::violation::truncate;
use crate::wire::sealed::Sealed;

/// The content of the synthetic result that answers a cancelled call, by default.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{RepairPolicy, CANCELLED_TEXT};
///
/// assert_eq!(RepairPolicy::default().cancelled_text, CANCELLED_TEXT);
/// ```
pub const CANCELLED_TEXT: &str = "cancelled: no result was recorded for this call";

/// What [`repair`] does where more than one fix is possible.
///
/// | field | default | the other choice |
/// |---|---|---|
/// | [`unanswered`](Self::unanswered) | [`Unanswered::Cancel`]: answer with a synthetic result | [`Unanswered::Drop`]: remove the call |
/// | [`separated`](Self::separated) | [`Separated::MoveBack`]: move the response back after its call | [`Separated::Drop`]: drop it, its call is then unanswered |
/// | [`merge_split_calls`](Self::merge_split_calls) | `true`: merge consecutive call turns | `false`: keep them apart |
/// | [`close_trailing_calls`](Self::close_trailing_calls) | `false`: calls of the last turn stay open | `true`: treat them as unanswered |
/// | [`cancelled_text`](Self::cancelled_text) | [`CANCELLED_TEXT`] | any text |
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::{Message, ToolCall}, RepairPolicy, Unanswered};
///
/// let messages = vec![
///     Message::calls([ToolCall::function("call_1", "now", "{}")]),
///     Message::user("never mind"),
/// ];
/// let mut policy = RepairPolicy::default();
/// policy.unanswered = Unanswered::Drop;
/// let repaired = history::repair(messages, &policy);
/// assert_eq!(repaired.messages, [Message::user("never mind")]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RepairPolicy {
    /// What to do with a call that has no response before the next turn.
    pub unanswered: Unanswered,
    /// What to do with a response that is separated from its call.
    pub separated: Separated,
    /// Merge an assistant call turn into the call turn right before it when the calls of
    /// one turn were split apart (as streaming aggregators do). OpenAI messages are
    /// merged only when at most one of the two has content, so no text is joined.
    pub merge_split_calls: bool,
    /// Treat the open calls of the last turn (tools that may still be running) as
    /// unanswered. Turn it on before sending a history to a provider.
    pub close_trailing_calls: bool,
    /// The content of the synthetic result of a cancelled call (Anthropic results are
    /// also marked `is_error`).
    pub cancelled_text: String,
}

impl Default for RepairPolicy {
    fn default() -> Self {
        RepairPolicy {
            unanswered: Unanswered::Cancel,
            separated: Separated::MoveBack,
            merge_split_calls: true,
            close_trailing_calls: false,
            cancelled_text: CANCELLED_TEXT.to_owned(),
        }
    }
}

/// What [`repair`] does with a call that has no response.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::{Message, ToolCall}, RepairPolicy, Unanswered, CANCELLED_TEXT};
///
/// let messages = vec![Message::calls([ToolCall::function("c1", "now", "{}")]), Message::user("?")];
/// let cancelled = history::repair(messages.clone(), &RepairPolicy::default());
/// assert_eq!(cancelled.messages[1], Message::tool("c1", CANCELLED_TEXT));
///
/// let mut policy = RepairPolicy::default();
/// policy.unanswered = Unanswered::Drop;
/// assert_eq!(history::repair(messages, &policy).messages, [Message::user("?")]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unanswered {
    /// Answer it with a synthetic result holding [`RepairPolicy::cancelled_text`].
    #[default]
    Cancel,
    /// Remove the call; an assistant message left with neither calls nor content goes
    /// too.
    Drop,
}

/// What [`repair`] does with a response separated from its call.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::{Message, ToolCall}, RepairPolicy, Separated, CANCELLED_TEXT};
///
/// let messages = vec![
///     Message::calls([ToolCall::function("c1", "now", "{}")]),
///     Message::user("still there?"),
///     Message::tool("c1", "12:00"),
/// ];
/// let moved = history::repair(messages.clone(), &RepairPolicy::default());
/// assert_eq!(moved.messages[1], Message::tool("c1", "12:00"));
///
/// let mut policy = RepairPolicy::default();
/// policy.separated = Separated::Drop;
/// let dropped = history::repair(messages, &policy);
/// assert_eq!(dropped.messages[1], Message::tool("c1", CANCELLED_TEXT));
/// assert_eq!(dropped.messages.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Separated {
    /// Move it back right after its call.
    #[default]
    MoveBack,
    /// Drop it; its call is then unanswered.
    Drop,
}

/// What kind of change [`repair`] made, as a stable machine-readable name.
///
/// Serialized in `snake_case`, the same text as [`as_str`](Self::as_str). New kinds may
/// be added in minor releases, so match with a wildcard arm.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::ActionKind;
///
/// assert_eq!(ActionKind::MovedResponse.as_str(), "moved_response");
/// assert_eq!(serde_json::to_string(&ActionKind::CancelledCall)?, r#""cancelled_call""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ActionKind {
    /// Replaced arguments that were not a JSON object.
    FixedArguments,
    /// Removed an empty `tool_calls` array.
    RemovedEmptyToolCalls,
    /// Gave a call without an id a new one (`replacement`).
    AssignedCallId,
    /// Gave a call whose id an earlier call uses a new one (`replacement`), and its
    /// response too.
    RenamedCallId,
    /// Merged an assistant call turn into the call turn right before it.
    MergedSplitCalls,
    /// Moved a response back right after its call.
    MovedResponse,
    /// Moved a `tool_result` block before the other blocks of its message.
    MovedResultFirst,
    /// Gave a response the name of its call (`replacement`).
    RenamedResponse,
    /// Dropped a response (`cause` says why).
    DroppedResponse,
    /// Answered an unanswered call with a synthetic result.
    CancelledCall,
    /// Removed an unanswered call.
    DroppedCall,
    /// Inserted a user message to hold results, after the assistant message at `index`
    /// (Anthropic).
    InsertedResultMessage,
    /// Dropped a message left empty by the other changes.
    DroppedMessage,
}

impl ActionKind {
    /// The `snake_case` name, as serialized.
    pub const fn as_str(self) -> &'static str {
        match self {
            ActionKind::FixedArguments => "fixed_arguments",
            ActionKind::RemovedEmptyToolCalls => "removed_empty_tool_calls",
            ActionKind::AssignedCallId => "assigned_call_id",
            ActionKind::RenamedCallId => "renamed_call_id",
            ActionKind::MergedSplitCalls => "merged_split_calls",
            ActionKind::MovedResponse => "moved_response",
            ActionKind::MovedResultFirst => "moved_result_first",
            ActionKind::RenamedResponse => "renamed_response",
            ActionKind::DroppedResponse => "dropped_response",
            ActionKind::CancelledCall => "cancelled_call",
            ActionKind::DroppedCall => "dropped_call",
            ActionKind::InsertedResultMessage => "inserted_result_message",
            ActionKind::DroppedMessage => "dropped_message",
        }
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One change [`repair`] made, for logs.
///
/// `index` and `block` point into the history that was given to `repair` (not the
/// repaired one), with the same meaning as in a [`Violation`](super::Violation); `cause`
/// is the violation the change fixes; `id` is the call id concerned and `replacement` the
/// new id or name, both cut to [`ECHO_CHARS`](crate::ECHO_CHARS) chars.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::Message, ActionKind, RepairPolicy, ViolationCode};
///
/// let repaired = history::repair(vec![Message::tool("call_9", "42")], &RepairPolicy::default());
/// let action = &repaired.actions[0];
/// assert_eq!((action.index(), action.kind()), (0, ActionKind::DroppedResponse));
/// assert_eq!(action.cause(), Some(ViolationCode::DanglingResponse));
/// assert_eq!(action.to_string(), r#"message 0: dropped_response: "call_9" (dangling_response)"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Action {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    block: Option<usize>,
    kind: ActionKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    cause: Option<ViolationCode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    replacement: Option<String>,
}

impl Action {
    fn new(
        (index, block): (usize, Option<usize>),
        kind: ActionKind,
        cause: Option<ViolationCode>,
        id: Option<&str>,
    ) -> Self {
        Action {
            index,
            block,
            kind,
            cause,
            id: id.map(truncate),
            replacement: None,
        }
    }

    fn with_replacement(mut self, replacement: &str) -> Self {
        self.replacement = Some(truncate(replacement));
        self
    }

    /// The position of the message in the history given to `repair`.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The content block (Anthropic) or `tool_calls` entry (OpenAI) concerned.
    pub fn block(&self) -> Option<usize> {
        self.block
    }

    /// What was done.
    pub fn kind(&self) -> ActionKind {
        self.kind
    }

    /// The violation it fixes, if one.
    pub fn cause(&self) -> Option<ViolationCode> {
        self.cause
    }

    /// The call id concerned.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// The new id or name.
    pub fn replacement(&self) -> Option<&str> {
        self.replacement.as_deref()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "message {}", self.index)?;
        if let Some(block) = self.block {
            write!(f, ", block {block}")?;
        }
        write!(f, ": {}", self.kind)?;
        if let Some(id) = &self.id {
            write!(f, ": {id:?}")?;
        }
        if let Some(replacement) = &self.replacement {
            write!(f, " -> {replacement:?}")?;
        }
        if let Some(cause) = self.cause {
            write!(f, " ({cause})")?;
        }
        Ok(())
    }
}

/// What [`repair`] returns: the repaired messages and the changes, in document order of
/// the input (by `index`; within one message, in the order the steps ran).
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::Message, RepairPolicy, Repaired};
///
/// let Repaired { messages, actions, .. } =
///     history::repair(vec![Message::user("hi")], &RepairPolicy::default());
/// assert_eq!(messages, [Message::user("hi")]);
/// assert!(actions.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Repaired<M> {
    /// A history [`validate`](super::validate) accepts.
    pub messages: Vec<M>,
    /// Every change, by `index` in the input; empty when the history was valid.
    pub actions: Vec<Action>,
}

/// Repair `messages` under `policy`: the result passes [`validate`](super::validate),
/// and `actions` says what changed.
///
/// The fixes, in the order they are applied:
///
/// 1. in each message: arguments that are not a JSON object become the object's JSON
///    text when an object was sent (or the object a twice-encoded string holds), else
///    `"{}"` (Anthropic: the object, else `{}`); an empty `tool_calls` array is removed;
///    a call without an id gets `call_repaired_N`;
/// 2. consecutive assistant call turns are merged (policy `merge_split_calls`);
/// 3. each response is matched to a call as [`validate`](super::validate) matches it;
///    matched responses are placed right after their call (OpenAI: as the `tool`
///    messages after it; Anthropic: first in the user message after it, which is
///    inserted when that message is not a user message), moving back those that were
///    separated (policy `separated`); responses that are dangling, duplicate, for an
///    unknown id or without an id are dropped; a response's `name` becomes its call's;
/// 4. calls left without a response are cancelled or dropped (policy `unanswered`),
///    except those of the last turn, which stay open unless `close_trailing_calls` (or,
///    for Anthropic, unless a result moved after that turn closes it);
/// 5. a call whose id an earlier call uses is renamed `ID_2` (or the next free suffix),
///    and its response with it;
/// 6. messages left empty are dropped: an assistant message that lost all its calls and
///    has no content, a user message whose only content was moved results.
///
/// It never drops or changes an assistant message that has no calls (a final answer),
/// except to remove its empty `tool_calls` array, or the misplaced Anthropic
/// `tool_result` blocks it holds (and the message with them when they were all it held);
/// a valid history comes back unchanged with no actions.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, openai::{Message, ToolCall}, ActionKind, RepairPolicy};
///
/// // A system message was inserted between a call and its response.
/// let messages = vec![
///     Message::user("weather in Oslo?"),
///     Message::calls([ToolCall::function("call_1", "get_weather", r#"{"city":"Oslo"}"#)]),
///     Message::system("be brief"),
///     Message::tool("call_1", "4°C"),
///     Message::assistant("4°C in Oslo"),
/// ];
/// let repaired = history::repair(messages.clone(), &RepairPolicy::default());
/// assert!(history::validate(&repaired.messages).is_empty());
/// assert_eq!(repaired.messages[2], messages[3]);
/// assert_eq!(repaired.messages[3], messages[2]);
/// assert_eq!(repaired.actions[0].kind(), ActionKind::MovedResponse);
/// ```
pub fn repair<M: WireMessage>(messages: Vec<M>, policy: &RepairPolicy) -> Repaired<M> {
    M::repair_all(messages, policy)
}

/// The repaired messages, with the actions in document order of the input.
fn finish<M>(messages: Vec<M>, mut actions: Vec<Action>) -> Repaired<M> {
    actions.sort_by_key(|a| a.index);
    Repaired { messages, actions }
}

/// Where the messages of the merged list came from: per merged message, the input
/// messages it was made of, each with the position its calls (OpenAI) or blocks
/// (Anthropic) start at in the merged message.
struct Origins(Vec<Vec<(usize, usize)>>);

impl Origins {
    fn message(&self, merged: usize) -> usize {
        self.0
            .get(merged)
            .and_then(|s| s.first())
            .map_or(merged, |s| s.0)
    }

    fn block(&self, merged: usize, block: usize) -> (usize, Option<usize>) {
        let segments = self.0.get(merged).map(Vec::as_slice).unwrap_or_default();
        // Starts increase (each part brings at least one call): binary search.
        let after = segments.partition_point(|(_, start)| *start <= block);
        match after.checked_sub(1).and_then(|i| segments.get(i)) {
            Some((index, start)) => (*index, Some(block - start)),
            None => (merged, Some(block)),
        }
    }
}

/// What becomes of each call of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CallFate {
    /// Answered by response `slot` of message `msg`.
    Answered {
        msg: usize,
        slot: usize,
        moved: bool,
    },
    /// Still open: a call of the last turn.
    Open,
    Cancel,
    Drop,
}

/// What becomes of each response of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ResponseFate {
    /// Placed after its call; `moved` when it was separated from it.
    Kept {
        moved: bool,
    },
    Dropped(ViolationCode),
}

struct Plan {
    calls: Vec<Vec<CallFate>>,
    responses: Vec<Vec<ResponseFate>>,
}

/// Match every response to a call, as `validate` does, and decide the fate of each.
fn plan(format: super::Format, skels: &[Skel<'_>], policy: &RepairPolicy) -> Plan {
    let mut calls: Vec<Vec<Option<CallFate>>> =
        skels.iter().map(|s| vec![None; s.calls.len()]).collect();
    let mut responses = Vec::with_capacity(skels.len());
    let mut checker = Checker::new(format);
    for (msg, skel) in skels.iter().enumerate() {
        let assessment = checker.assess(skel);
        let mut fates = Vec::with_capacity(assessment.matches.len());
        for (slot, matched) in assessment.matches.iter().enumerate() {
            let moved = match matched.fate {
                Fate::InWindow => false,
                Fate::Separated if policy.separated == Separated::MoveBack => true,
                Fate::Separated => {
                    fates.push(ResponseFate::Dropped(ViolationCode::SeparatedResponse));
                    continue;
                }
                Fate::Unmatched(code) => {
                    fates.push(ResponseFate::Dropped(code));
                    continue;
                }
            };
            let Some(CallKey {
                msg: at,
                slot: call,
            }) = matched.call
            else {
                fates.push(ResponseFate::Dropped(ViolationCode::DanglingResponse));
                continue;
            };
            if let Some(fate) = calls.get_mut(at).and_then(|c| c.get_mut(call)) {
                *fate = Some(CallFate::Answered { msg, slot, moved });
            }
            fates.push(ResponseFate::Kept { moved });
        }
        responses.push(fates);
        checker.commit(skel, &assessment);
    }
    if !policy.close_trailing_calls {
        for (key, _) in checker.open_calls() {
            if let Some(fate) = calls.get_mut(key.msg).and_then(|c| c.get_mut(key.slot)) {
                fate.get_or_insert(CallFate::Open);
            }
        }
    }
    let unanswered = match policy.unanswered {
        Unanswered::Cancel => CallFate::Cancel,
        Unanswered::Drop => CallFate::Drop,
    };
    Plan {
        calls: calls
            .into_iter()
            .map(|c| c.into_iter().map(|f| f.unwrap_or(unanswered)).collect())
            .collect(),
        responses,
    }
}

/// Hands out call ids no message of the history uses.
struct Ids {
    used: HashSet<String>,
    emitted: HashSet<String>,
    fresh: usize,
    suffix: HashMap<String, usize>,
}

impl Ids {
    fn new<M: Sealed>(messages: &mut [M]) -> Self {
        let mut used = HashSet::new();
        for message in messages {
            message.visit_ids(&mut |id| {
                if !used.contains(id.as_str()) {
                    used.insert(id.clone());
                }
            });
        }
        Ids {
            used,
            emitted: HashSet::new(),
            fresh: 0,
            suffix: HashMap::new(),
        }
    }

    /// A new id for a call that had none.
    fn fresh(&mut self) -> String {
        loop {
            self.fresh += 1;
            let id = format!("call_repaired_{}", self.fresh);
            if self.used.insert(id.clone()) {
                return id;
            }
        }
    }

    /// `None` the first time `id` is emitted; after that, a new unused id.
    fn claim(&mut self, id: &str) -> Option<String> {
        if !self.emitted.contains(id) {
            self.emitted.insert(id.to_owned());
            return None;
        }
        let n = self.suffix.entry(id.to_owned()).or_insert(1);
        loop {
            *n += 1;
            let renamed = format!("{id}_{n}");
            if self.used.insert(renamed.clone()) {
                self.emitted.insert(renamed.clone());
                return Some(renamed);
            }
        }
    }
}

/// The result messages to place after a call turn: (position of the response, new id,
/// expected name, moved).
type Answers = Vec<(usize, usize, String, Option<String>, bool)>;

pub(super) fn openai(
    mut messages: Vec<openai::Message>,
    policy: &RepairPolicy,
) -> Repaired<openai::Message> {
    let mut actions = Vec::new();
    let mut ids = Ids::new(&mut messages);

    // 1. Local fixes.
    for (index, message) in messages.iter_mut().enumerate() {
        if message.role != Role::Assistant {
            continue;
        }
        if message.tool_calls.as_ref().is_some_and(Vec::is_empty) {
            message.tool_calls = None;
            actions.push(Action::new(
                (index, None),
                ActionKind::RemovedEmptyToolCalls,
                Some(ViolationCode::EmptyToolCalls),
                None,
            ));
        }
        for (slot, call) in message.tool_calls.iter_mut().flatten().enumerate() {
            if call.id.as_deref().is_none_or(str::is_empty) {
                let id = ids.fresh();
                actions.push(
                    Action::new(
                        (index, Some(slot)),
                        ActionKind::AssignedCallId,
                        Some(ViolationCode::MissingCallId),
                        None,
                    )
                    .with_replacement(&id),
                );
                call.id = Some(id);
            }
            if let Some(function) = &mut call.function
                && !openai::arguments_ok(function.arguments.as_ref())
            {
                function.arguments = Some(Value::String(openai::fixed_arguments(
                    function.arguments.as_ref(),
                )));
                actions.push(Action::new(
                    (index, Some(slot)),
                    ActionKind::FixedArguments,
                    Some(ViolationCode::InvalidArguments),
                    call.id.as_deref(),
                ));
            }
        }
    }

    // 2. Merge split call turns.
    let mut merged: Vec<openai::Message> = Vec::with_capacity(messages.len());
    let mut origins = Origins(Vec::with_capacity(messages.len()));
    for (index, message) in messages.into_iter().enumerate() {
        let previous = merged.last_mut().filter(|p| {
            policy.merge_split_calls
                && p.has_calls()
                && message.has_calls()
                && (p.content_is_empty() || message.content_is_empty())
        });
        match (previous, origins.0.last_mut()) {
            (Some(previous), Some(segments)) => {
                let calls = previous.tool_calls.get_or_insert_with(Vec::new);
                segments.push((index, calls.len()));
                let has_content = !message.content_is_empty();
                calls.extend(message.tool_calls.into_iter().flatten());
                if previous.content_is_empty() && has_content {
                    previous.content = message.content;
                }
                if previous.name.is_none() {
                    previous.name = message.name;
                }
                for (key, value) in message.extra {
                    previous.extra.entry(key).or_insert(value);
                }
                actions.push(Action::new(
                    (index, None),
                    ActionKind::MergedSplitCalls,
                    None,
                    None,
                ));
            }
            _ => {
                merged.push(message);
                origins.0.push(vec![(index, 0)]);
            }
        }
    }

    // 3. and 4. Match, then decide.
    let plan = {
        let skels: Vec<Skel<'_>> = merged.iter().map(Sealed::skel).collect();
        plan(super::Format::OpenAi, &skels, policy)
    };

    // 5. and 6. Emit.
    let mut slots: Vec<Option<openai::Message>> = merged.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(slots.len());
    for at in 0..slots.len() {
        let Some(mut message) = slots.get_mut(at).and_then(Option::take) else {
            continue;
        };
        let index = origins.message(at);
        if message.role == Role::Tool {
            // Kept responses were taken when their call was emitted.
            let cause = match plan.responses.get(at).and_then(|r| r.first()) {
                Some(ResponseFate::Dropped(code)) => *code,
                _ => ViolationCode::DanglingResponse,
            };
            actions.push(Action::new(
                (index, None),
                ActionKind::DroppedResponse,
                Some(cause),
                present(message.tool_call_id.as_deref()),
            ));
            continue;
        }
        if !message.has_calls() {
            out.push(message);
            continue;
        }
        let fates = plan.calls.get(at).map(Vec::as_slice).unwrap_or_default();
        let mut answers: Answers = Vec::new();
        let mut cancels = Vec::new();
        let mut kept = Vec::new();
        for (slot, mut call) in message.tool_calls.take().into_iter().flatten().enumerate() {
            let position = origins.block(at, slot);
            let id = call.id.clone().unwrap_or_default();
            let fate = fates.get(slot).copied().unwrap_or(CallFate::Open);
            if fate == CallFate::Drop {
                actions.push(Action::new(
                    position,
                    ActionKind::DroppedCall,
                    Some(ViolationCode::UnansweredCall),
                    Some(&id),
                ));
                continue;
            }
            let id = match ids.claim(&id) {
                None => id,
                Some(renamed) => {
                    actions.push(
                        Action::new(
                            position,
                            ActionKind::RenamedCallId,
                            Some(ViolationCode::DuplicateCallId),
                            Some(&id),
                        )
                        .with_replacement(&renamed),
                    );
                    call.id = Some(renamed.clone());
                    renamed
                }
            };
            match fate {
                CallFate::Answered { msg, slot, moved } => {
                    answers.push((msg, slot, id, call.name().map(str::to_owned), moved));
                }
                CallFate::Cancel => {
                    actions.push(Action::new(
                        position,
                        ActionKind::CancelledCall,
                        Some(ViolationCode::UnansweredCall),
                        Some(&id),
                    ));
                    cancels.push(id);
                }
                CallFate::Open | CallFate::Drop => {}
            }
            kept.push(call);
        }
        if kept.is_empty() && message.content_is_empty() {
            actions.push(Action::new(
                (index, None),
                ActionKind::DroppedMessage,
                None,
                None,
            ));
            continue;
        }
        if !kept.is_empty() {
            message.tool_calls = Some(kept);
        }
        out.push(message);
        answers.sort_by_key(|a| (a.0, a.1));
        for (msg, _, id, name, moved) in answers {
            let Some(mut response) = slots.get_mut(msg).and_then(Option::take) else {
                continue;
            };
            let from = origins.message(msg);
            if moved {
                actions.push(Action::new(
                    (from, None),
                    ActionKind::MovedResponse,
                    Some(ViolationCode::SeparatedResponse),
                    response.tool_call_id.as_deref(),
                ));
            }
            if let (Some(said), Some(called)) = (&response.name, &name)
                && said != called
            {
                actions.push(
                    Action::new(
                        (from, None),
                        ActionKind::RenamedResponse,
                        Some(ViolationCode::NameMismatch),
                        Some(&id),
                    )
                    .with_replacement(called),
                );
                response.name = name;
            }
            response.tool_call_id = Some(id);
            out.push(response);
        }
        for id in cancels {
            out.push(openai::Message::tool(id, policy.cancelled_text.clone()));
        }
    }
    finish(out, actions)
}

pub(super) fn anthropic(
    mut messages: Vec<anthropic::Message>,
    policy: &RepairPolicy,
) -> Repaired<anthropic::Message> {
    use anthropic::{Block, Content, ToolResult};

    let mut actions = Vec::new();
    let mut ids = Ids::new(&mut messages);

    // 1. Local fixes.
    for (index, message) in messages.iter_mut().enumerate() {
        let (Role::Assistant, Content::Blocks(blocks)) = (&message.role, &mut message.content)
        else {
            continue;
        };
        for (block, b) in blocks.iter_mut().enumerate() {
            let Block::ToolUse(call) = b else { continue };
            if call.id.as_deref().is_none_or(str::is_empty) {
                let id = ids.fresh();
                actions.push(
                    Action::new(
                        (index, Some(block)),
                        ActionKind::AssignedCallId,
                        Some(ViolationCode::MissingCallId),
                        None,
                    )
                    .with_replacement(&id),
                );
                call.id = Some(id);
            }
            if !matches!(call.input, Some(Value::Object(_))) {
                call.input = Some(anthropic::fixed_input(call.input.take()));
                actions.push(Action::new(
                    (index, Some(block)),
                    ActionKind::FixedArguments,
                    Some(ViolationCode::InvalidArguments),
                    call.id.as_deref(),
                ));
            }
        }
    }

    // 2. Merge split call turns.
    let mut merged: Vec<anthropic::Message> = Vec::with_capacity(messages.len());
    let mut origins = Origins(Vec::with_capacity(messages.len()));
    for (index, message) in messages.into_iter().enumerate() {
        let previous = merged
            .last_mut()
            .filter(|p| policy.merge_split_calls && p.has_calls() && message.has_calls());
        match (previous, origins.0.last_mut(), message.content) {
            (Some(previous), Some(segments), Content::Blocks(more)) => {
                if let Content::Blocks(blocks) = &mut previous.content {
                    segments.push((index, blocks.len()));
                    blocks.extend(more);
                }
                for (key, value) in message.extra {
                    previous.extra.entry(key).or_insert(value);
                }
                actions.push(Action::new(
                    (index, None),
                    ActionKind::MergedSplitCalls,
                    None,
                    None,
                ));
            }
            (_, _, content) => {
                merged.push(anthropic::Message {
                    role: message.role,
                    content,
                    extra: message.extra,
                });
                origins.0.push(vec![(index, 0)]);
            }
        }
    }

    // 3. and 4. Match, then decide.
    let plan = {
        let skels: Vec<Skel<'_>> = merged.iter().map(Sealed::skel).collect();
        plan(super::Format::Anthropic, &skels, policy)
    };

    // Take every result out of the user messages; kept ones go back after their call.
    let mut results: Vec<Vec<Option<(usize, ToolResult)>>> = Vec::with_capacity(merged.len());
    let mut held_results = Vec::with_capacity(merged.len());
    for (at, message) in merged.iter_mut().enumerate() {
        let mut taken = Vec::new();
        let holds_results = matches!(message.role, Role::User | Role::Assistant);
        if let (true, Content::Blocks(blocks)) = (holds_results, &mut message.content) {
            let index = origins.message(at);
            let mut other_before = false;
            let mut rest = Vec::with_capacity(blocks.len());
            for (block, b) in std::mem::take(blocks).into_iter().enumerate() {
                let Block::ToolResult(result) = b else {
                    other_before = true;
                    rest.push(b);
                    continue;
                };
                let slot = taken.len();
                let fate = plan.responses.get(at).and_then(|r| r.get(slot)).copied();
                match fate {
                    Some(ResponseFate::Kept { moved }) => {
                        if other_before && !moved {
                            actions.push(Action::new(
                                (index, Some(block)),
                                ActionKind::MovedResultFirst,
                                Some(ViolationCode::ResultNotFirst),
                                result.tool_use_id.as_deref(),
                            ));
                        }
                        taken.push(Some((block, result)));
                    }
                    fate => {
                        let cause = match fate {
                            Some(ResponseFate::Dropped(code)) => code,
                            _ => ViolationCode::DanglingResponse,
                        };
                        actions.push(Action::new(
                            (index, Some(block)),
                            ActionKind::DroppedResponse,
                            Some(cause),
                            present(result.tool_use_id.as_deref()),
                        ));
                        taken.push(None);
                    }
                }
            }
            *blocks = rest;
        }
        held_results.push(!taken.is_empty());
        results.push(taken);
    }
    // 5. and 6. Emit.
    let carriers: Vec<bool> = merged.iter().map(|m| m.role == Role::User).collect();
    let mut pending: Option<Vec<Block>> = None;
    let mut out = Vec::with_capacity(merged.len());
    for (at, mut message) in merged.into_iter().enumerate() {
        let index = origins.message(at);
        if message.role == Role::User {
            let placed = pending.take();
            let emptied = held_results.get(at).copied().unwrap_or(false);
            if let Some(mut placed) = placed {
                match std::mem::replace(&mut message.content, Content::Blocks(Vec::new())) {
                    Content::Blocks(rest) => placed.extend(rest),
                    Content::Text(text) if text.is_empty() => {}
                    Content::Text(text) => placed.push(Block::text(text)),
                }
                message.content = Content::Blocks(placed);
            } else if emptied && matches!(&message.content, Content::Blocks(b) if b.is_empty()) {
                actions.push(Action::new(
                    (index, None),
                    ActionKind::DroppedMessage,
                    None,
                    None,
                ));
                continue;
            }
            out.push(message);
            continue;
        }
        if !message.has_calls() {
            let emptied = held_results.get(at).copied().unwrap_or(false);
            if emptied && matches!(&message.content, Content::Blocks(b) if b.is_empty()) {
                actions.push(Action::new(
                    (index, None),
                    ActionKind::DroppedMessage,
                    None,
                    None,
                ));
                continue;
            }
            out.push(message);
            continue;
        }
        let fates = plan.calls.get(at).map(Vec::as_slice).unwrap_or_default();
        let Content::Blocks(blocks) =
            std::mem::replace(&mut message.content, Content::Blocks(Vec::new()))
        else {
            out.push(message);
            continue;
        };
        let mut answers: Answers = Vec::new();
        let mut cancels = Vec::new();
        let mut kept = Vec::with_capacity(blocks.len());
        let mut slot = 0;
        // Placing a result after the turn closes it: its open calls are unanswered then.
        let closes = fates
            .iter()
            .any(|f| matches!(f, CallFate::Answered { .. } | CallFate::Cancel));
        let unanswered = match policy.unanswered {
            Unanswered::Cancel => CallFate::Cancel,
            Unanswered::Drop => CallFate::Drop,
        };
        for (block, b) in blocks.into_iter().enumerate() {
            let Block::ToolUse(mut call) = b else {
                kept.push(b);
                continue;
            };
            let position = origins.block(at, block);
            let fate = match fates.get(slot).copied().unwrap_or(CallFate::Open) {
                CallFate::Open if closes => unanswered,
                fate => fate,
            };
            slot += 1;
            let id = call.id.clone().unwrap_or_default();
            if fate == CallFate::Drop {
                actions.push(Action::new(
                    position,
                    ActionKind::DroppedCall,
                    Some(ViolationCode::UnansweredCall),
                    Some(&id),
                ));
                continue;
            }
            let id = match ids.claim(&id) {
                None => id,
                Some(renamed) => {
                    actions.push(
                        Action::new(
                            position,
                            ActionKind::RenamedCallId,
                            Some(ViolationCode::DuplicateCallId),
                            Some(&id),
                        )
                        .with_replacement(&renamed),
                    );
                    call.id = Some(renamed.clone());
                    renamed
                }
            };
            match fate {
                CallFate::Answered { msg, slot, moved } => {
                    answers.push((msg, slot, id, None, moved))
                }
                CallFate::Cancel => {
                    actions.push(Action::new(
                        position,
                        ActionKind::CancelledCall,
                        Some(ViolationCode::UnansweredCall),
                        Some(&id),
                    ));
                    cancels.push(id);
                }
                CallFate::Open | CallFate::Drop => {}
            }
            kept.push(Block::ToolUse(call));
        }
        if kept.is_empty() {
            actions.push(Action::new(
                (index, None),
                ActionKind::DroppedMessage,
                None,
                None,
            ));
            continue;
        }
        message.content = Content::Blocks(kept);
        out.push(message);

        answers.sort_by_key(|a| (a.0, a.1));
        let mut placed = Vec::with_capacity(answers.len() + cancels.len());
        for (msg, slot, id, _, moved) in answers {
            let Some((block, mut result)) = results
                .get_mut(msg)
                .and_then(|r| r.get_mut(slot))
                .and_then(Option::take)
            else {
                continue;
            };
            if moved {
                actions.push(Action::new(
                    (origins.message(msg), Some(block)),
                    ActionKind::MovedResponse,
                    Some(ViolationCode::SeparatedResponse),
                    result.tool_use_id.as_deref(),
                ));
            }
            result.tool_use_id = Some(id);
            placed.push(Block::ToolResult(result));
        }
        for id in cancels {
            placed.push(Block::ToolResult(ToolResult::error(
                id,
                &policy.cancelled_text,
            )));
        }
        if placed.is_empty() {
            continue;
        }
        if carriers.get(at + 1).copied().unwrap_or(false) {
            pending = Some(placed);
        } else {
            actions.push(Action::new(
                (index, None),
                ActionKind::InsertedResultMessage,
                None,
                None,
            ));
            out.push(anthropic::Message::blocks(Role::User, placed));
        }
    }
    finish(out, actions)
}
