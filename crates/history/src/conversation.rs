//! A history that can only grow through one checked append, so it is always valid.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer};
use serde::{Serialize, Serializer};

use super::WireMessage;
use super::check::{Checker, Kind};
use super::violation::{self, Violation, ViolationCode};

/// A history that [`validate`](super::validate) accepts at every moment.
///
/// Every write goes through one checked append: [`push`](Self::push),
/// [`push_tool_chain`](Self::push_tool_chain), [`TryFrom<Vec<M>>`](TryFrom) and
/// `Deserialize` all refuse what would make the history invalid, and there is no other
/// way in (no `DerefMut`, no public field, no `&mut Vec` accessor). The only way to
/// shorten it is [`trim_to`](Self::trim_to), which removes whole turns.
///
/// While the calls of the last turn are open, only their responses can be pushed (OpenAI:
/// `tool` messages, any number; Anthropic: the one user message that holds every
/// result); anything else is refused with `unanswered_call`.
///
/// A *windowed* conversation ([`windowed`](Self::windowed)) trims itself after every
/// append, so that a window-based memory can never cut a call away from its response.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{openai::{Message, ToolCall}, Conversation, ViolationCode};
///
/// let mut chat = Conversation::new();
/// chat.push(Message::user("weather in Oslo?"))?;
/// chat.push_tool_chain(
///     Message::calls([ToolCall::function("call_1", "get_weather", r#"{"city":"Oslo"}"#)]),
///     [Message::tool("call_1", "4°C")],
/// )?;
/// chat.push(Message::assistant("4°C in Oslo"))?;
///
/// let refused = chat.push(Message::tool("call_7", "late")).unwrap_err();
/// assert_eq!(refused.violations()[0].code(), ViolationCode::DanglingResponse);
/// assert_eq!(chat.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Conversation<M> {
    messages: Vec<M>,
    checker: Checker,
    limit: Option<usize>,
    /// Messages `1..front_turn_known` are known to answer the call turn at the front (a
    /// scan for the front turn's end got this far and reached the end of the history):
    /// with a window narrower than one wide turn, each push then checks one message
    /// instead of the whole turn again.
    front_turn_known: usize,
}

/// A refused write: the violations it would have caused, and the messages, given back.
///
/// `index` in each violation is the position the message would have had.
///
/// # Examples
///
/// ```
/// use mcp_coerce_history::{openai::{Message, ToolCall}, Conversation, ViolationCode};
///
/// let mut chat = Conversation::new();
/// let refused = chat
///     .push_tool_chain(
///         Message::calls([ToolCall::function("call_1", "now", "{}")]),
///         [Message::tool("call_2", "12:00")],
///     )
///     .unwrap_err();
/// let codes: Vec<_> = refused.violations().iter().map(|v| (v.index(), v.code())).collect();
/// assert_eq!(codes, [(1, ViolationCode::UnknownCallId)]);
/// assert_eq!(refused.into_messages().len(), 2);
/// assert!(chat.is_empty());
/// ```
pub struct Refused<M> {
    violations: Vec<Violation>,
    messages: Vec<M>,
}

impl<M> Refused<M> {
    /// Why: at least one violation.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The refused messages, in the order they were given.
    pub fn into_messages(self) -> Vec<M> {
        self.messages
    }
}

impl<M> fmt::Debug for Refused<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Refused")
            .field("violations", &self.violations)
            .field("messages", &self.messages.len())
            .finish()
    }
}

impl<M> fmt::Display for Refused<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("history refused")?;
        if let Some(first) = self.violations.first() {
            write!(f, ": {first}")?;
        }
        if self.violations.len() > 1 {
            write!(f, " (and {} more)", self.violations.len() - 1)?;
        }
        Ok(())
    }
}

impl<M> std::error::Error for Refused<M> {}

impl<M: WireMessage> Default for Conversation<M> {
    fn default() -> Self {
        Conversation::new()
    }
}

impl<M: WireMessage> Conversation<M> {
    /// An empty conversation.
    pub fn new() -> Self {
        Conversation {
            messages: Vec::new(),
            checker: Checker::new(M::FORMAT),
            limit: None,
            front_turn_known: 0,
        }
    }

    /// An empty conversation that keeps at most `max_messages` messages, trimming whole
    /// turns from the front after every append (see [`trim_to`](Self::trim_to)).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::{openai::{Message, ToolCall}, Conversation};
    ///
    /// let mut chat = Conversation::windowed(3);
    /// chat.push(Message::user("a"))?;
    /// chat.push_tool_chain(
    ///     Message::calls([ToolCall::function("c1", "f", "{}"), ToolCall::function("c2", "f", "{}")]),
    ///     [Message::tool("c1", "1"), Message::tool("c2", "2")],
    /// )?;
    /// // The user message and the chain do not fit in 3; the chain is kept whole.
    /// assert_eq!(chat.messages()[0].tool_calls.as_ref().map(Vec::len), Some(2));
    /// assert_eq!(chat.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn windowed(max_messages: usize) -> Self {
        Conversation {
            limit: Some(max_messages),
            ..Conversation::new()
        }
    }

    /// The messages, oldest first.
    pub fn messages(&self) -> &[M] {
        &self.messages
    }

    /// How many messages it holds.
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Whether it holds no message.
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// The window size, for a [`windowed`](Self::windowed) conversation.
    pub fn limit(&self) -> Option<usize> {
        self.limit
    }

    /// The ids of the calls of the last turn that still wait for a response, in call
    /// order.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::{openai::{Message, ToolCall}, Conversation};
    ///
    /// let mut chat = Conversation::new();
    /// chat.push(Message::calls([ToolCall::function("c1", "f", "{}"), ToolCall::function("c2", "g", "{}")]))?;
    /// chat.push(Message::tool("c1", "done"))?;
    /// assert_eq!(chat.open_calls(), ["c2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open_calls(&self) -> Vec<&str> {
        self.checker
            .open_calls()
            .into_iter()
            .map(|(_, id)| id)
            .collect()
    }

    /// The messages, giving up the guarantee.
    pub fn into_messages(self) -> Vec<M> {
        self.messages
    }

    /// Append `message` if the history stays valid.
    ///
    /// # Errors
    ///
    /// [`Refused`], with `message` given back, when it would break a rule: a response
    /// that matches no open call (`dangling_response`, `unknown_call_id`,
    /// `duplicate_response`, `missing_call_id`), a response with another tool's name
    /// (`name_mismatch`), a message other than a response while calls are open
    /// (`unanswered_call`), a call turn with an empty `tool_calls`, a missing or reused
    /// id, or invalid arguments.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::{openai::{Message, ToolCall}, Conversation, ViolationCode};
    ///
    /// let mut chat = Conversation::new();
    /// chat.push(Message::calls([ToolCall::function("c1", "now", "{}")]))?;
    /// let refused = chat.push(Message::user("hello?")).unwrap_err();
    /// assert_eq!(refused.violations()[0].code(), ViolationCode::UnansweredCall);
    /// chat.push(Message::tool("c1", "12:00"))?;
    /// chat.push(Message::user("hello?"))?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&mut self, message: M) -> Result<(), Refused<M>> {
        if let Err(violations) = self.append(message) {
            let message = self.messages.pop();
            self.front_turn_known = self.front_turn_known.min(self.messages.len());
            return Err(Refused {
                violations,
                messages: message.into_iter().collect(),
            });
        }
        self.trim_to_limit();
        Ok(())
    }

    /// Append a call turn and its responses, all or nothing: `call` must carry at least
    /// one call, and `responses` must answer each call exactly once, with matching ids
    /// (and names, when a response has one).
    ///
    /// # Errors
    ///
    /// [`Refused`], with every message given back and the conversation unchanged, when
    /// any message breaks a rule (as for [`push`](Self::push)), when `call` carries no
    /// call (`empty_tool_calls`), or when a call is left without a response
    /// (`unanswered_call`).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::{anthropic::{Block, Message}, Conversation, Role, ViolationCode};
    /// use serde_json::json;
    ///
    /// let mut chat = Conversation::new();
    /// let call = Message::blocks(Role::Assistant, [
    ///     Block::tool_use("toolu_1", "now", json!({})),
    ///     Block::tool_use("toolu_2", "today", json!({})),
    /// ]);
    /// let half = Message::blocks(Role::User, [Block::tool_result("toolu_1", "12:00")]);
    /// let refused = chat.push_tool_chain(call, [half]).unwrap_err();
    /// assert_eq!(refused.violations()[0].code(), ViolationCode::UnansweredCall);
    /// assert_eq!(refused.violations()[0].block(), Some(1));
    /// assert!(chat.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_tool_chain(
        &mut self,
        call: M,
        responses: impl IntoIterator<Item = M>,
    ) -> Result<(), Refused<M>> {
        let start = self.messages.len();
        let checkpoint = self.checker.checkpoint();
        let (has_calls, call_ids) = {
            let skel = call.skel();
            let ids: Vec<String> = skel
                .calls
                .iter()
                .filter_map(|c| c.id.map(str::to_owned))
                .collect();
            (!skel.calls.is_empty(), ids)
        };
        let mut responses = responses.into_iter();
        let mut committed = Vec::new();
        let mut failed = if has_calls {
            let failed = self.append(call).err();
            if failed.is_none() {
                committed = call_ids;
            }
            failed
        } else {
            self.messages.push(call);
            Some(vec![Violation::new(
                start,
                None,
                ViolationCode::EmptyToolCalls,
                None,
            )])
        };
        if failed.is_none() {
            for response in responses.by_ref() {
                if let Err(violations) = self.append(response) {
                    failed = Some(violations);
                    break;
                }
            }
        }
        if failed.is_none() {
            let open = self.checker.open_violations();
            if !open.is_empty() {
                failed = Some(open);
            }
        }
        let Some(violations) = failed else {
            self.trim_to_limit();
            return Ok(());
        };
        self.checker.rollback(checkpoint, committed);
        let mut messages = self.messages.split_off(start);
        self.front_turn_known = self.front_turn_known.min(start);
        messages.extend(responses);
        Err(Refused {
            violations,
            messages,
        })
    }

    /// Remove whole turns from the front until at most `max_messages` remain, and say
    /// how many messages went.
    ///
    /// A turn is a message with the responses that follow it: a call turn goes with its
    /// `tool` messages (OpenAI) or the user message of results (Anthropic), so trimming
    /// never leaves a response at the head. The last turn is never removed, so a history
    /// whose last turn alone is longer than `max_messages` keeps that turn.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce_history::{openai::{Message, ToolCall}, Conversation};
    ///
    /// let mut chat = Conversation::new();
    /// chat.push_tool_chain(
    ///     Message::calls([ToolCall::function("c1", "f", "{}")]),
    ///     [Message::tool("c1", "1")],
    /// )?;
    /// chat.push(Message::assistant("done"))?;
    /// assert_eq!(chat.trim_to(2), 2);
    /// assert_eq!(chat.messages(), [Message::assistant("done")]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn trim_to(&mut self, max_messages: usize) -> usize {
        let mut cut = 0;
        while self.messages.len() - cut > max_messages {
            let known = if cut == 0 {
                self.front_turn_known
            } else {
                cut + 1
            };
            let end = self.turn_end(cut, known);
            if end >= self.messages.len() {
                if cut == 0 {
                    self.front_turn_known = end;
                }
                break;
            }
            cut = end;
        }
        if cut == 0 {
            return 0;
        }
        self.front_turn_known = 0;
        let mut ids = Vec::new();
        for message in &self.messages[..cut] {
            ids.extend(
                message
                    .skel()
                    .calls
                    .iter()
                    .filter_map(|c| c.id.map(str::to_owned)),
            );
        }
        self.checker.forget(cut, ids);
        self.messages.drain(..cut);
        cut
    }

    /// One past the last message of the turn that starts at `start`, given that messages
    /// `start + 1..known` are already known to belong to it (`known <= start + 1`: none
    /// are).
    fn turn_end(&self, start: usize, known: usize) -> usize {
        let mut end = known.clamp(start + 1, self.messages.len().max(start + 1));
        if end == start + 1 {
            let Some(first) = self.messages.get(start) else {
                return start;
            };
            let skel = first.skel();
            if skel.kind != Kind::Assistant || skel.calls.is_empty() {
                return end;
            }
        }
        let most = match M::FORMAT {
            super::Format::Anthropic => 1,
            _ => usize::MAX,
        };
        while end - start <= most
            && self
                .messages
                .get(end)
                .is_some_and(|m| m.skel().kind == Kind::Carrier)
        {
            end += 1;
        }
        end
    }

    fn trim_to_limit(&mut self) {
        if let Some(limit) = self.limit {
            self.trim_to(limit);
        }
    }

    /// The one checked append: on success the message is committed; on failure it is
    /// left as the last message, for the caller to take back.
    fn append(&mut self, message: M) -> Result<(), Vec<Violation>> {
        let skel = message.skel();
        let assessment = self.checker.assess(&skel);
        let mut violations = assessment.violations.clone();
        violations.extend(assessment.closing.iter().cloned());
        if violations.is_empty() {
            self.checker.commit(&skel, &assessment);
        }
        drop(skel);
        self.messages.push(message);
        if violations.is_empty() {
            Ok(())
        } else {
            violation::sort(&mut violations);
            Err(violations)
        }
    }
}

impl<M: WireMessage> TryFrom<Vec<M>> for Conversation<M> {
    type Error = Refused<M>;

    /// A conversation holding `messages`, if [`validate`](super::validate) accepts them.
    ///
    /// # Errors
    ///
    /// [`Refused`], with every violation and the messages given back, when `validate`
    /// finds any.
    fn try_from(messages: Vec<M>) -> Result<Self, Refused<M>> {
        let mut checker = Checker::new(M::FORMAT);
        let mut violations = Vec::new();
        for message in &messages {
            let skel = message.skel();
            let assessment = checker.assess(&skel);
            checker.commit(&skel, &assessment);
            violations.extend(assessment.violations);
        }
        violations.extend(checker.unanswered());
        if violations.is_empty() {
            Ok(Conversation {
                messages,
                checker,
                limit: None,
                front_turn_known: 0,
            })
        } else {
            violation::sort(&mut violations);
            Err(Refused {
                violations,
                messages,
            })
        }
    }
}

impl<M: Serialize> Serialize for Conversation<M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.messages.serialize(serializer)
    }
}

impl<'de, M: WireMessage + Deserialize<'de>> Deserialize<'de> for Conversation<M> {
    /// An array of messages, refused like [`TryFrom<Vec<M>>`](TryFrom) when invalid.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let messages = Vec::<M>::deserialize(deserializer)?;
        Conversation::try_from(messages).map_err(de::Error::custom)
    }
}

impl<'a, M> IntoIterator for &'a Conversation<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;

    fn into_iter(self) -> Self::IntoIter {
        self.messages.iter()
    }
}

impl<M> AsRef<[M]> for Conversation<M> {
    fn as_ref(&self) -> &[M] {
        &self.messages
    }
}
