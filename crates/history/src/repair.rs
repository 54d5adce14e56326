//! Repair: turn a dirty history into one `validate` accepts, reordering and merging
//! before deleting, and report every change.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Serialize;

use crate::check::{CallKey, Checker, Fate, Skel, present};
use crate::violation::{ViolationCode, truncate};
use crate::wire::sealed::Sealed;
use crate::{Format, IdProfile, WireMessage};

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
/// | [`ids`](Self::ids) | `None`: ids are kept | `Some(profile)`: ids the target provider refuses are mapped through [`map_ids`](crate::map_ids) |
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
    /// The call id rule of the provider the history is for: ids it refuses
    /// ([`validate_for`](crate::validate_for)'s `invalid_call_id`) are mapped through
    /// [`map_ids`](crate::map_ids) first (each response with its call), and the ids the
    /// repair itself gives (a call without an id, a repeated one) follow the rule too.
    /// `None` keeps every id as it is.
    pub ids: Option<IdProfile>,
}

impl Default for RepairPolicy {
    fn default() -> Self {
        RepairPolicy {
            unanswered: Unanswered::Cancel,
            separated: Separated::MoveBack,
            merge_split_calls: true,
            close_trailing_calls: false,
            cancelled_text: CANCELLED_TEXT.to_owned(),
            ids: None,
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
    /// Rewrote a call id the target provider refuses (`replacement`), in the call and its
    /// responses alike ([`RepairPolicy::ids`]).
    MappedCallId,
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
            ActionKind::MappedCallId => "mapped_call_id",
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
/// 0. with [`RepairPolicy::ids`] set, every id the provider refuses is mapped through
///    [`map_ids`](crate::map_ids) (one `mapped_call_id` action per id, at its first
///    call, else its first response);
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
pub fn repair<M: WireMessage>(mut messages: Vec<M>, policy: &RepairPolicy) -> Repaired<M> {
    let mut actions = Vec::new();
    if let Some(profile) = policy.ids {
        map_refused_ids(&mut messages, profile, &mut actions); // 0.
    }
    let mut run = Run {
        policy,
        actions,
        ids: Ids::new(&mut messages, policy.ids),
        origins: Origins(Vec::with_capacity(messages.len())),
    };
    run.fix_each_message(&mut messages); // 1.
    let merged = run.merge_split_calls(messages); // 2.
    let plan = {
        let skels: Vec<Skel<'_>> = merged.iter().map(Sealed::skel).collect();
        plan(M::FORMAT, &skels, policy) // 3. and 4.: match, then decide
    };
    let taken = run.take_responses(merged, &plan);
    let messages = run.emit(taken, &plan); // 3. to 6.
    let mut actions = run.actions;
    actions.sort_by_key(|a| a.index);
    Repaired { messages, actions }
}

/// 0. Map the ids `profile` refuses, with one action per id, at its first call (else its
///    first response) in the input.
fn map_refused_ids<M: WireMessage>(
    messages: &mut [M],
    profile: IdProfile,
    actions: &mut Vec<Action>,
) {
    let mut first: HashMap<String, (usize, Option<usize>)> = HashMap::new();
    for pass in [true, false] {
        for (index, message) in messages.iter().enumerate() {
            let skel = message.skel();
            let located: Vec<(Option<usize>, Option<&str>)> = if pass {
                skel.calls.iter().map(|c| (c.block, c.id)).collect()
            } else {
                skel.responses.iter().map(|r| (r.block, r.id)).collect()
            };
            for (block, id) in located {
                if let Some(id) = present(id)
                    && !profile.accepts(id)
                    && !first.contains_key(id)
                {
                    first.insert(id.to_owned(), (index, block));
                }
            }
        }
    }
    if first.is_empty() {
        return;
    }
    let map = crate::map_ids(messages, profile);
    for (old, new) in map.changed() {
        let at = first.get(old).copied().unwrap_or((0, None));
        actions.push(
            Action::new(
                at,
                ActionKind::MappedCallId,
                Some(ViolationCode::InvalidCallId),
                Some(old),
            )
            .with_replacement(new),
        );
    }
}

/// The state of one [`repair`]: the steps are its methods, written once for both formats;
/// what differs between the formats is in [`FormatOps`].
struct Run<'p> {
    policy: &'p RepairPolicy,
    actions: Vec<Action>,
    ids: Ids,
    origins: Origins,
}

/// A response taken out of its message, to be placed after its call.
pub struct Taken<R> {
    /// Its content block in its message (Anthropic); `None` for a whole message (OpenAI).
    pub block: Option<usize>,
    /// Another kind of block comes before it in its message.
    pub after_other: bool,
    /// The response itself.
    pub response: R,
}

/// The merged messages with their responses taken out.
struct TakenOut<M: FormatOps> {
    /// What is left of each message (nothing of an OpenAI `tool` message).
    rest: Vec<Option<M>>,
    /// Whether responses were taken out of each.
    held: Vec<bool>,
    /// The responses to keep, by message and slot, until they are placed after their call.
    kept: Vec<Vec<Option<Taken<M::Response>>>>,
}

/// A response to place after the call turn being emitted.
struct Answer {
    /// The response: number `slot` among those taken out of merged message `msg`.
    msg: usize,
    slot: usize,
    /// The call's id, as emitted.
    id: String,
    /// The call's name.
    name: Option<String>,
    /// Separated from its call.
    moved: bool,
}

impl Run<'_> {
    fn act(
        &mut self,
        position: (usize, Option<usize>),
        kind: ActionKind,
        cause: Option<ViolationCode>,
        id: Option<&str>,
    ) {
        self.actions.push(Action::new(position, kind, cause, id));
    }

    /// 1. In each message: remove an empty calls array, give calls without an id one, and
    ///    make arguments JSON objects.
    fn fix_each_message<M: FormatOps>(&mut self, messages: &mut [M]) {
        for (index, message) in messages.iter_mut().enumerate() {
            if message.remove_empty_calls() {
                self.act(
                    (index, None),
                    ActionKind::RemovedEmptyToolCalls,
                    Some(ViolationCode::EmptyToolCalls),
                    None,
                );
            }
            message.each_call(|block, call| {
                let id = M::call_id(call);
                if id.as_deref().is_none_or(str::is_empty) {
                    let fresh = self.ids.fresh();
                    self.actions.push(
                        Action::new(
                            (index, Some(block)),
                            ActionKind::AssignedCallId,
                            Some(ViolationCode::MissingCallId),
                            None,
                        )
                        .with_replacement(&fresh),
                    );
                    *id = Some(fresh);
                }
                if M::fix_arguments(call) {
                    self.act(
                        (index, Some(block)),
                        ActionKind::FixedArguments,
                        Some(ViolationCode::InvalidArguments),
                        M::call_id(call).as_deref(),
                    );
                }
            });
        }
    }

    /// 2. Merge each call turn into the call turn right before it (policy
    ///    `merge_split_calls`), recording where the merged messages came from.
    fn merge_split_calls<M: FormatOps>(&mut self, messages: Vec<M>) -> Vec<M> {
        let mut merged: Vec<M> = Vec::with_capacity(messages.len());
        for (index, message) in messages.into_iter().enumerate() {
            let previous = merged
                .last_mut()
                .filter(|p| self.policy.merge_split_calls && p.mergeable(&message));
            match (previous, self.origins.0.last_mut()) {
                (Some(previous), Some(segments)) => {
                    segments.push((index, previous.merge(message)));
                    self.act((index, None), ActionKind::MergedSplitCalls, None, None);
                }
                _ => {
                    merged.push(message);
                    self.origins.0.push(vec![(index, 0)]);
                }
            }
        }
        merged
    }

    /// Take every response out of its message: those to keep wait to be placed after
    /// their call (3.), the others are dropped.
    fn take_responses<M: FormatOps>(&mut self, merged: Vec<M>, plan: &Plan) -> TakenOut<M> {
        let mut out = TakenOut {
            rest: Vec::with_capacity(merged.len()),
            held: Vec::with_capacity(merged.len()),
            kept: Vec::with_capacity(merged.len()),
        };
        for (at, message) in merged.into_iter().enumerate() {
            let index = self.origins.message(at);
            let (left, taken) = message.take_responses();
            out.rest.push(left);
            out.held.push(!taken.is_empty());
            let mut slots = Vec::with_capacity(taken.len());
            for (slot, mut taken) in taken.into_iter().enumerate() {
                let position = (index, taken.block);
                let id = M::response_id(&mut taken.response).as_deref();
                match plan.responses.get(at).and_then(|r| r.get(slot)).copied() {
                    Some(ResponseFate::Kept { moved }) => {
                        if taken.after_other && !moved {
                            self.act(
                                position,
                                ActionKind::MovedResultFirst,
                                Some(ViolationCode::ResultNotFirst),
                                id,
                            );
                        }
                        slots.push(Some(taken));
                    }
                    fate => {
                        let cause = match fate {
                            Some(ResponseFate::Dropped(code)) => code,
                            _ => ViolationCode::DanglingResponse,
                        };
                        self.act(
                            position,
                            ActionKind::DroppedResponse,
                            Some(cause),
                            present(id),
                        );
                        slots.push(None);
                    }
                }
            }
            out.kept.push(slots);
        }
        out
    }

    /// 3. to 6. Emit the messages: each call turn with its calls cancelled, dropped or
    ///    renamed (4., 5.), then its responses (3.); messages left empty are dropped (6.).
    fn emit<M: FormatOps>(&mut self, taken: TakenOut<M>, plan: &Plan) -> Vec<M> {
        let TakenOut {
            rest: mut slots,
            held,
            kept: mut responses,
        } = taken;
        let mut out = Vec::with_capacity(slots.len());
        for at in 0..slots.len() {
            let Some(mut message) = slots.get_mut(at).and_then(Option::take) else {
                continue;
            };
            let index = self.origins.message(at);
            if !message.has_calls() {
                if held.get(at).copied().unwrap_or(false) && message.is_empty() {
                    self.act((index, None), ActionKind::DroppedMessage, None, None);
                } else {
                    out.push(message);
                }
                continue;
            }
            let Some((answers, cancels)) = self.emit_calls(&mut message, at, plan) else {
                self.act((index, None), ActionKind::DroppedMessage, None, None);
                continue;
            };
            out.push(message);
            let placed = self.responses::<M>(answers, cancels, &mut responses);
            if placed.is_empty() {
                continue;
            }
            let next = slots.get_mut(at + 1).and_then(Option::as_mut);
            let placed = match next {
                Some(next) => next.absorb(placed),
                None => Some(placed),
            };
            if let Some(placed) = placed {
                if M::ONE_CARRIER {
                    self.act((index, None), ActionKind::InsertedResultMessage, None, None);
                }
                out.extend(M::carry(placed));
            }
        }
        out
    }

    /// The responses to place after a call turn (3.): its answers, renamed after their
    /// calls, then a synthetic result for each cancelled call.
    fn responses<M: FormatOps>(
        &mut self,
        mut answers: Vec<Answer>,
        cancels: Vec<String>,
        responses: &mut [Vec<Option<Taken<M::Response>>>],
    ) -> Vec<M::Response> {
        answers.sort_by_key(|a| (a.msg, a.slot));
        let mut placed = Vec::with_capacity(answers.len() + cancels.len());
        for answer in answers {
            let Some(Taken {
                block,
                mut response,
                ..
            }) = responses
                .get_mut(answer.msg)
                .and_then(|r| r.get_mut(answer.slot))
                .and_then(Option::take)
            else {
                continue;
            };
            let from = (self.origins.message(answer.msg), block);
            if answer.moved {
                self.act(
                    from,
                    ActionKind::MovedResponse,
                    Some(ViolationCode::SeparatedResponse),
                    M::response_id(&mut response).as_deref(),
                );
            }
            if let (Some(said), Some(called)) = (M::response_name(&mut response), &answer.name)
                && said.as_ref().is_some_and(|said| said != called)
            {
                self.actions.push(
                    Action::new(
                        from,
                        ActionKind::RenamedResponse,
                        Some(ViolationCode::NameMismatch),
                        Some(&answer.id),
                    )
                    .with_replacement(called),
                );
                *said = answer.name.clone();
            }
            *M::response_id(&mut response) = Some(answer.id);
            placed.push(response);
        }
        for id in cancels {
            placed.push(M::cancelled(id, &self.policy.cancelled_text));
        }
        placed
    }

    /// The calls of call turn `at`, answered, cancelled, dropped or renamed as planned:
    /// the responses to place after it and the ids of the cancelled calls, or `None` when
    /// the message is left empty.
    fn emit_calls<M: FormatOps>(
        &mut self,
        message: &mut M,
        at: usize,
        plan: &Plan,
    ) -> Option<(Vec<Answer>, Vec<String>)> {
        let fates = plan.calls.get(at).map(Vec::as_slice).unwrap_or_default();
        // Where one message holds every response, placing one closes the turn: its open
        // calls are unanswered then.
        let closes = M::ONE_CARRIER
            && fates
                .iter()
                .any(|f| matches!(f, CallFate::Answered { .. } | CallFate::Cancel));
        let unanswered = self.policy.unanswered_fate();
        let mut answers = Vec::new();
        let mut cancels = Vec::new();
        let mut slot = 0;
        message.retain_calls(|block, call| {
            let position = self.origins.block(at, block);
            let fate = match fates.get(slot).copied().unwrap_or(CallFate::Open) {
                CallFate::Open if closes => unanswered,
                fate => fate,
            };
            slot += 1;
            let id = M::call_id(call).clone().unwrap_or_default();
            if fate == CallFate::Drop {
                self.act(
                    position,
                    ActionKind::DroppedCall,
                    Some(ViolationCode::UnansweredCall),
                    Some(&id),
                );
                return false;
            }
            let id = match self.ids.claim(&id) {
                None => id,
                Some(renamed) => {
                    self.actions.push(
                        Action::new(
                            position,
                            ActionKind::RenamedCallId,
                            Some(ViolationCode::DuplicateCallId),
                            Some(&id),
                        )
                        .with_replacement(&renamed),
                    );
                    *M::call_id(call) = Some(renamed.clone());
                    renamed
                }
            };
            match fate {
                CallFate::Answered { msg, slot, moved } => answers.push(Answer {
                    msg,
                    slot,
                    id,
                    name: M::call_name(call).map(str::to_owned),
                    moved,
                }),
                CallFate::Cancel => {
                    self.act(
                        position,
                        ActionKind::CancelledCall,
                        Some(ViolationCode::UnansweredCall),
                        Some(&id),
                    );
                    cancels.push(id);
                }
                CallFate::Open | CallFate::Drop => {}
            }
            true
        });
        (!message.is_empty()).then_some((answers, cancels))
    }
}

impl RepairPolicy {
    /// What becomes of a call left without a response.
    fn unanswered_fate(&self) -> CallFate {
        match self.unanswered {
            Unanswered::Cancel => CallFate::Cancel,
            Unanswered::Drop => CallFate::Drop,
        }
    }
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
fn plan(format: Format, skels: &[Skel<'_>], policy: &RepairPolicy) -> Plan {
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
    let unanswered = policy.unanswered_fate();
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
    /// The rule new ids follow ([`RepairPolicy::ids`]).
    profile: Option<IdProfile>,
}

impl Ids {
    fn new<M: Sealed>(messages: &mut [M], profile: Option<IdProfile>) -> Self {
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
            profile,
        }
    }

    /// A new id for a call that had none: `call_repaired_N`, or the profile's own when it
    /// refuses that.
    fn fresh(&mut self) -> String {
        loop {
            self.fresh += 1;
            let mut id = format!("call_repaired_{}", self.fresh);
            if let Some(profile) = self.profile
                && !profile.accepts(&id)
            {
                id = profile.enumerated(self.fresh as u64);
            }
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
            let mut renamed = format!("{id}_{n}");
            if let Some(profile) = self.profile
                && !profile.accepts(&renamed)
            {
                renamed = profile.candidate(&renamed, 0);
            }
            if self.used.insert(renamed.clone()) {
                self.emitted.insert(renamed.clone());
                return Some(renamed);
            }
        }
    }
}

/// What the repair steps need to know of a wire format: where its calls and responses sit
/// in its messages. The steps themselves ([`Run`]) are written once.
pub trait FormatOps: Sized {
    /// A call, as its message holds it.
    type Call;
    /// A response, as it is placed after its call.
    type Response;
    /// Whether one message holds every response to a call turn (Anthropic's user message):
    /// placing a response then closes the turn, and the responses go first into the message
    /// after the turn, or into a message inserted for them.
    const ONE_CARRIER: bool;

    /// Remove an empty calls array from an assistant message; whether there was one.
    fn remove_empty_calls(&mut self) -> bool;
    /// Visit each call of an assistant message, with its position in the message.
    fn each_call(&mut self, visit: impl FnMut(usize, &mut Self::Call));
    /// The call's id.
    fn call_id(call: &mut Self::Call) -> &mut Option<String>;
    /// The name of the tool called.
    fn call_name(call: &Self::Call) -> Option<&str>;
    /// Make the call's arguments a JSON object; whether they were not one.
    fn fix_arguments(call: &mut Self::Call) -> bool;
    /// Whether `next`, right after this message, is the rest of this call turn.
    fn mergeable(&self, next: &Self) -> bool;
    /// Append `next` to this call turn; the position its calls start at in this message.
    fn merge(&mut self, next: Self) -> usize;
    /// The responses the message holds, in order, taken out of it, and what is left of it.
    fn take_responses(self) -> (Option<Self>, Vec<Taken<Self::Response>>);
    /// The id of the call a response answers.
    fn response_id(response: &mut Self::Response) -> &mut Option<String>;
    /// The tool name a response gives, where the format has one.
    fn response_name(response: &mut Self::Response) -> Option<&mut Option<String>>;
    /// Whether it is an assistant message with at least one call.
    fn has_calls(&self) -> bool;
    /// Keep the calls for which `keep` (given each call and its position) says so.
    fn retain_calls(&mut self, keep: impl FnMut(usize, &mut Self::Call) -> bool);
    /// Whether nothing is left of the message: no call, no content.
    fn is_empty(&self) -> bool;
    /// The synthetic response to a cancelled call.
    fn cancelled(id: String, text: &str) -> Self::Response;
    /// Take the `responses` to the call turn right before this message first into it,
    /// when the format puts them there; else give them back.
    fn absorb(&mut self, responses: Vec<Self::Response>) -> Option<Vec<Self::Response>>;
    /// The `responses` to a call turn as the messages that follow it.
    fn carry(responses: Vec<Self::Response>) -> Vec<Self>;
}
