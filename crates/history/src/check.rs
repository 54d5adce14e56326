//! The pairing rules, and [`validate`], which checks them: one state machine over
//! messages, shared by `validate`, `repair` and `Conversation`.
//!
//! Each message is first reduced to a [`Skel`]: its kind, its calls and its responses.
//! The [`Checker`] then walks the skeletons. A call turn opens a *window*: the messages
//! allowed to answer it (OpenAI: the `tool` messages right after it; Anthropic: the one
//! user message right after it). A response is matched, in this order, to the first
//! unanswered call with its id in the open window, then to the first unanswered call with
//! its id from a closed window (a separated response). Calls still unanswered when their
//! window closes wait in `earlier` until the end, where they are reported. A response
//! outside any window (an Anthropic result written into an assistant message included)
//! is matched the same way, then to the calls of its own message, and is separated.
//!
//! `assess` computes what a message would do without changing the state, and `commit`
//! applies it; `Conversation` refuses a message by not committing it.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};

use serde::de::IgnoredAny;

use crate::violation::{Violation, ViolationCode};
use crate::wire::sealed::Sealed;
use crate::{Format, IdProfile, WireMessage};

/// Every violation of `messages`, in document order (by message, then block).
///
/// An empty list means a strict provider will accept the pairing of calls and responses
/// (the calls of the last turn may still be open, see [the rules](#the-rules)). Each
/// [`ViolationCode`] is listed with the provider error it prevents in its docs.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, anthropic::{Block, Message}, Role, ViolationCode};
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
///
/// # The rules
///
/// A call turn is an assistant message with at least one call. Its responses must come
/// right after it: for OpenAI, as the `tool` messages that directly follow it (only other
/// responses of the same turn in between); for Anthropic, as `tool_result` blocks at the
/// start of the one user message that directly follows it. Each call is answered once,
/// each response answers a call, ids are present and unique in the history.
///
/// A response is matched to the first unanswered call with its id in the turn right
/// before it, else to the first unanswered call with its id from an earlier turn (then it
/// is `separated_response`). The calls of the last turn may stay open, since their tools
/// may still be running: `validate` reports a call as `unanswered_call` only once another
/// turn follows. Before sending a history to a provider, repair it with
/// [`RepairPolicy::close_trailing_calls`](crate::RepairPolicy::close_trailing_calls) to close them too.
///
/// Calls are read from assistant messages only; responses from OpenAI `tool` messages and
/// Anthropic user messages, and also from Anthropic assistant messages, where a
/// `tool_result` never belongs (it is separated from its call, even when the call is in
/// the same message, or dangling). Everything else (system and developer messages,
/// unknown roles, other block types) is a turn of its own that is neither checked nor
/// changed.
///
///
/// # Indices
///
/// A violation's `index` is the position of the message in the array that was checked,
/// counted from zero; for Anthropic that is the `messages` array of the request, whose
/// top-level `system` is not a message. `block` is, for Anthropic, the position of the
/// content block in the message's `content` array; for OpenAI, the position in
/// `tool_calls` for a violation about one call, and absent for a `tool` message. An
/// [`Action`](crate::Action)'s `index` and `block` point into the history given to [`repair`](fn@crate::repair).
pub fn validate<M: WireMessage>(messages: &[M]) -> Vec<Violation> {
    check_all(M::FORMAT, messages.iter().map(Sealed::skel))
}

/// Every violation of `messages` ([`validate`]), and every call and response id the
/// target `provider` refuses (`invalid_call_id`, one per occurrence, at the call's or the
/// response's message and block), in document order.
///
/// A history that passes [`validate`] can still be refused by the provider it is sent to:
/// an Anthropic history carrying a call id `functions.write_todos:0` (the form some other
/// providers give their ids) is refused by Anthropic, whose ids match
/// `^[a-zA-Z0-9_-]+$`. [`repair`](fn@crate::repair) with
/// [`RepairPolicy::ids`](crate::RepairPolicy::ids) set to the provider maps them through
/// [`map_ids`](crate::map_ids).
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{self as history, anthropic::{Block, Message}, IdProfile, Role, ViolationCode};
/// use serde_json::json;
///
/// let messages = [
///     Message::blocks(Role::Assistant, [Block::tool_use("functions.write_todos:0", "write_todos", json!({}))]),
///     Message::blocks(Role::User, [Block::tool_result("functions.write_todos:0", "done")]),
/// ];
/// assert!(history::validate(&messages).is_empty());
/// let found: Vec<_> = history::validate_for(&messages, IdProfile::Anthropic)
///     .iter()
///     .map(|v| (v.index(), v.code()))
///     .collect();
/// assert_eq!(found, [(0, ViolationCode::InvalidCallId), (1, ViolationCode::InvalidCallId)]);
/// ```
pub fn validate_for<M: WireMessage>(messages: &[M], provider: IdProfile) -> Vec<Violation> {
    let mut violations = validate(messages);
    for (index, message) in messages.iter().enumerate() {
        let skel = message.skel();
        let calls = skel.calls.iter().map(|c| (c.block, c.id));
        let responses = skel.responses.iter().map(|r| (r.block, r.id));
        for (block, id) in calls.chain(responses) {
            if let Some(id) = present(id)
                && !provider.accepts(id)
            {
                violations.push(Violation::new(
                    index,
                    block,
                    ViolationCode::InvalidCallId,
                    Some(id),
                ));
            }
        }
    }
    crate::violation::sort(&mut violations);
    violations
}

/// What a message is, for the pairing rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An assistant message: it may carry calls.
    Assistant,
    /// A message that may carry responses: an OpenAI `tool` message, an Anthropic user
    /// message.
    Carrier,
    /// Anything else (system, developer, OpenAI user, unknown roles).
    Other,
}

/// One call of a message.
#[derive(Debug)]
pub struct CallView<'a> {
    pub block: Option<usize>,
    /// `None` when absent, `null` or empty.
    pub id: Option<&'a str>,
    pub name: Option<&'a str>,
    pub args_ok: bool,
}

/// One response of a message.
#[derive(Debug)]
pub struct ResponseView<'a> {
    pub block: Option<usize>,
    /// `None` when absent, `null` or empty.
    pub id: Option<&'a str>,
    pub name: Option<&'a str>,
    /// Another kind of block comes before it in its message.
    pub after_other: bool,
}

/// A message reduced to what the pairing rules look at.
#[derive(Debug)]
pub struct Skel<'a> {
    pub kind: Kind,
    pub calls: Vec<CallView<'a>>,
    pub responses: Vec<ResponseView<'a>>,
    pub empty_tool_calls: bool,
}

impl<'a> Skel<'a> {
    pub fn other() -> Self {
        Skel {
            kind: Kind::Other,
            calls: Vec::new(),
            responses: Vec::new(),
            empty_tool_calls: false,
        }
    }
}

/// `Some(id)` unless the id is absent or empty.
pub fn present(id: Option<&str>) -> Option<&str> {
    id.filter(|id| !id.is_empty())
}

/// Whether `text` is the JSON text of an object.
pub fn is_object_text(text: &str) -> bool {
    text.trim_start_matches([' ', '\t', '\n', '\r'])
        .starts_with('{')
        && serde_json::from_str::<IgnoredAny>(text).is_ok()
}

/// A call, by absolute message number and position among the message's calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallKey {
    pub msg: usize,
    pub slot: usize,
}

/// A call waiting for its response.
#[derive(Clone, Debug)]
pub struct Pending {
    pub key: CallKey,
    pub block: Option<usize>,
    pub name: Option<String>,
}

/// What became of a response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It answers a call of the open window.
    InWindow,
    /// It answers a call from a closed window.
    Separated,
    /// The violation that leaves it unmatched.
    Unmatched(ViolationCode),
}

/// Which queue a matched response was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Window,
    Earlier,
    /// A call of the response's own message (an Anthropic `tool_result` written into the
    /// assistant message of its call).
    Own,
}

/// What became of one response of the assessed message.
#[derive(Clone, Copy, Debug)]
pub struct Matched {
    pub fate: Fate,
    pub call: Option<CallKey>,
    source: Option<Source>,
}

/// What a message would do to the state.
#[derive(Debug)]
pub struct Assessment {
    admitted: bool,
    /// One per response of the message, in order.
    pub matches: Vec<Matched>,
    /// Violations found in the message itself.
    pub violations: Vec<Violation>,
    /// Calls that committing the message would leave unanswered for good: those of a
    /// window it closes. `validate` reports them at the end (a later separated response
    /// may still answer them); `Conversation` refuses the message.
    pub closing: Vec<Violation>,
}

type Queues = HashMap<String, VecDeque<Pending>>;

#[derive(Clone, Debug)]
struct Window {
    queues: Queues,
}

/// The pairing state after some messages.
#[derive(Clone, Debug)]
pub struct Checker {
    format: Format,
    /// Absolute number of the next message.
    next: usize,
    /// Messages trimmed from the front: violation indices are `absolute - offset`.
    offset: usize,
    window: Option<Window>,
    earlier: Queues,
    /// How many calls use each id.
    seen: HashMap<String, usize>,
}

impl Checker {
    pub fn new(format: Format) -> Self {
        Checker {
            format,
            next: 0,
            offset: 0,
            window: None,
            earlier: HashMap::new(),
            seen: HashMap::new(),
        }
    }

    fn index(&self, absolute: usize) -> usize {
        absolute.saturating_sub(self.offset)
    }

    /// What `skel` would do, as the next message.
    pub fn assess(&self, skel: &Skel<'_>) -> Assessment {
        let index = self.index(self.next);
        let admitted = skel.kind == Kind::Carrier && self.window.is_some();
        let mut violations = Vec::new();

        if skel.empty_tool_calls {
            violations.push(Violation::new(
                index,
                None,
                ViolationCode::EmptyToolCalls,
                None,
            ));
        }
        let mut own: HashSet<&str> = HashSet::new();
        for call in &skel.calls {
            match call.id {
                None => violations.push(Violation::new(
                    index,
                    call.block,
                    ViolationCode::MissingCallId,
                    None,
                )),
                Some(id) => {
                    if self.seen.contains_key(id) || !own.insert(id) {
                        violations.push(Violation::new(
                            index,
                            call.block,
                            ViolationCode::DuplicateCallId,
                            Some(id),
                        ));
                    }
                }
            }
            if !call.args_ok {
                violations.push(Violation::new(
                    index,
                    call.block,
                    ViolationCode::InvalidArguments,
                    call.id,
                ));
            }
        }

        // The window a message that is not admitted closes; its calls can still be
        // matched, as separated.
        let window = self.window.as_ref();
        let order: &[Source] = if admitted {
            &[Source::Window, Source::Earlier]
        } else {
            &[Source::Earlier, Source::Window, Source::Own]
        };
        // Responses in a call turn itself can only be misplaced answers to its own calls.
        let mut own: HashMap<&str, Vec<CallKey>> = HashMap::new();
        if skel.kind == Kind::Assistant && !skel.responses.is_empty() {
            for (slot, call) in skel.calls.iter().enumerate() {
                if let Some(id) = call.id {
                    own.entry(id).or_default().push(CallKey {
                        msg: self.next,
                        slot,
                    });
                }
            }
        }
        let mut taken: HashMap<&str, [usize; 3]> = HashMap::new();
        let mut matches = Vec::with_capacity(skel.responses.len());
        for response in &skel.responses {
            let Some(id) = response.id else {
                violations.push(Violation::new(
                    index,
                    response.block,
                    ViolationCode::MissingCallId,
                    None,
                ));
                matches.push(Matched {
                    fate: Fate::Unmatched(ViolationCode::MissingCallId),
                    call: None,
                    source: None,
                });
                continue;
            };
            let counts = taken.entry(id).or_insert([0; 3]);
            let mut found = None;
            for &source in order {
                let count = &mut counts[source as usize];
                let hit = match source {
                    Source::Window => window
                        .and_then(|w| w.queues.get(id))
                        .and_then(|q| q.get(*count))
                        .map(|p| (p.key, Some(p))),
                    Source::Earlier => self
                        .earlier
                        .get(id)
                        .and_then(|q| q.get(*count))
                        .map(|p| (p.key, Some(p))),
                    Source::Own => own
                        .get(id)
                        .and_then(|keys| keys.get(*count))
                        .map(|k| (*k, None)),
                };
                if let Some((key, pending)) = hit {
                    *count += 1;
                    found = Some((key, pending, source));
                    break;
                }
            }
            let (fate, call, source) = match found {
                Some((key, Some(pending), Source::Window)) if admitted => {
                    let renamed = match (response.name, pending.name.as_deref()) {
                        (Some(said), Some(called)) => said != called,
                        _ => false,
                    };
                    if renamed {
                        violations.push(Violation::new(
                            index,
                            response.block,
                            ViolationCode::NameMismatch,
                            Some(id),
                        ));
                    } else if response.after_other {
                        violations.push(Violation::new(
                            index,
                            response.block,
                            ViolationCode::ResultNotFirst,
                            Some(id),
                        ));
                    }
                    (Fate::InWindow, Some(key), Some(Source::Window))
                }
                Some((key, _, source)) => {
                    violations.push(Violation::new(
                        index,
                        response.block,
                        ViolationCode::SeparatedResponse,
                        Some(id),
                    ));
                    (Fate::Separated, Some(key), Some(source))
                }
                None => {
                    let code = if self.seen.contains_key(id) {
                        ViolationCode::DuplicateResponse
                    } else if admitted {
                        ViolationCode::UnknownCallId
                    } else {
                        ViolationCode::DanglingResponse
                    };
                    violations.push(Violation::new(index, response.block, code, Some(id)));
                    (Fate::Unmatched(code), None, None)
                }
            };
            matches.push(Matched { fate, call, source });
        }

        // Anthropic's window holds one message: the one admitted closes it.
        let closes = !admitted || self.format == Format::Anthropic;
        let mut closing = Vec::new();
        if let (true, Some(window)) = (closes, window) {
            let mut left: Vec<(&Pending, &str)> = Vec::new();
            for (id, queue) in &window.queues {
                let used = taken
                    .get(id.as_str())
                    .map_or(0, |c| c[Source::Window as usize]);
                left.extend(queue.iter().skip(used).map(|p| (p, id.as_str())));
            }
            left.sort_by_key(|(p, _)| p.key);
            closing = self.as_unanswered(left);
        }

        Assessment {
            admitted,
            matches,
            violations,
            closing,
        }
    }

    /// Apply what `assess` found for the same `skel`.
    pub fn commit(&mut self, skel: &Skel<'_>, assessment: &Assessment) {
        let msg = self.next;
        if !assessment.admitted {
            self.close_window();
        }
        let mut own: HashMap<&str, usize> = HashMap::new();
        for (response, matched) in skel.responses.iter().zip(&assessment.matches) {
            let (Some(id), Some(source)) = (response.id, matched.source) else {
                continue;
            };
            if source == Source::Own {
                *own.entry(id).or_insert(0) += 1;
                continue;
            }
            // Not admitted: the window was merged into `earlier`, in matching order.
            let queues = match (assessment.admitted, source, self.window.as_mut()) {
                (true, Source::Window, Some(window)) => &mut window.queues,
                _ => &mut self.earlier,
            };
            if let Entry::Occupied(mut entry) = queues.entry(id.to_owned()) {
                entry.get_mut().pop_front();
                if entry.get().is_empty() {
                    entry.remove();
                }
            }
        }
        if skel.kind == Kind::Assistant && !skel.calls.is_empty() {
            let mut queues: Queues = HashMap::new();
            for (slot, call) in skel.calls.iter().enumerate() {
                let Some(id) = call.id else { continue };
                *self.seen.entry(id.to_owned()).or_insert(0) += 1;
                // Answered, misplaced, inside its own message.
                if let Some(count) = own.get_mut(id).filter(|count| **count > 0) {
                    *count -= 1;
                    continue;
                }
                queues.entry(id.to_owned()).or_default().push_back(Pending {
                    key: CallKey { msg, slot },
                    block: call.block,
                    name: call.name.map(str::to_owned),
                });
            }
            self.window = Some(Window { queues });
        } else if assessment.admitted && self.format == Format::Anthropic {
            self.close_window();
        }
        self.next += 1;
    }

    fn close_window(&mut self) {
        let Some(window) = self.window.take() else {
            return;
        };
        for (id, queue) in window.queues {
            self.earlier.entry(id).or_default().extend(queue);
        }
    }

    /// The calls still waiting in the open window, in call order.
    pub fn open_calls(&self) -> Vec<(CallKey, &str)> {
        let mut open: Vec<(CallKey, &str)> = self
            .window
            .iter()
            .flat_map(|w| &w.queues)
            .flat_map(|(id, queue)| queue.iter().map(move |p| (p.key, id.as_str())))
            .collect();
        open.sort_unstable_by_key(|(key, _)| *key);
        open
    }

    /// The calls still waiting in the open window, as `unanswered_call` violations.
    pub fn open_violations(&self) -> Vec<Violation> {
        let mut open: Vec<(&Pending, &str)> = self
            .window
            .iter()
            .flat_map(|w| &w.queues)
            .flat_map(|(id, queue)| queue.iter().map(move |p| (p, id.as_str())))
            .collect();
        open.sort_by_key(|(p, _)| p.key);
        self.as_unanswered(open)
    }

    fn as_unanswered(&self, calls: Vec<(&Pending, &str)>) -> Vec<Violation> {
        calls
            .into_iter()
            .map(|(p, id)| {
                Violation::new(
                    self.index(p.key.msg),
                    p.block,
                    ViolationCode::UnansweredCall,
                    Some(id),
                )
            })
            .collect()
    }

    /// The calls whose window closed without a response, in call order.
    pub fn unanswered(&self) -> Vec<Violation> {
        let mut left: Vec<(&Pending, &str)> = self
            .earlier
            .iter()
            .flat_map(|(id, queue)| queue.iter().map(move |p| (p, id.as_str())))
            .collect();
        left.sort_by_key(|(p, _)| p.key);
        self.as_unanswered(left)
    }

    /// Forget the calls of messages trimmed from the front.
    pub fn forget(&mut self, trimmed: usize, call_ids: impl IntoIterator<Item = String>) {
        for id in call_ids {
            if let Entry::Occupied(mut entry) = self.seen.entry(id) {
                *entry.get_mut() -= 1;
                if *entry.get() == 0 {
                    entry.remove();
                }
            }
        }
        self.offset += trimmed;
    }

    /// The state to go back to if what follows is refused.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            next: self.next,
            window: self.window.clone(),
            earlier: self.earlier.clone(),
        }
    }

    /// Go back to `checkpoint`, forgetting the calls committed since.
    pub fn rollback(&mut self, checkpoint: Checkpoint, call_ids: impl IntoIterator<Item = String>) {
        self.forget(0, call_ids);
        self.next = checkpoint.next;
        self.window = checkpoint.window;
        self.earlier = checkpoint.earlier;
    }
}

/// A saved state (see [`Checker::checkpoint`]).
#[derive(Debug)]
pub struct Checkpoint {
    next: usize,
    window: Option<Window>,
    earlier: Queues,
}

/// Every violation of a whole history, in document order.
pub fn check_all<'a>(format: Format, skels: impl IntoIterator<Item = Skel<'a>>) -> Vec<Violation> {
    let mut checker = Checker::new(format);
    let mut violations = Vec::new();
    for skel in skels {
        let assessment = checker.assess(&skel);
        checker.commit(&skel, &assessment);
        violations.extend(assessment.violations);
    }
    violations.extend(checker.unanswered());
    crate::violation::sort(&mut violations);
    violations
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_text_table() {
        let cases = [
            ("{}", true),
            (" \n{\"a\": [1, {\"b\": null}]}", true),
            ("{\"a\":1} ", true),
            ("", false),
            ("[]", false),
            ("\"{}\"", false),
            ("{\"a\":", false),
            ("{} {}", false),
            ("\u{a0}{}", false),
            ("null", false),
        ];
        for (text, expected) in cases {
            assert_eq!(is_object_text(text), expected, "{text:?}");
        }
    }
}
