//! Properties of the crate, in both wire formats:
//!
//! - a `Conversation` fed random pushes, chains and trims is valid after every step, and
//!   accepts an append exactly when `validate` would accept the result;
//! - `repair` of a messy history always validates, keeps every final answer, and is
//!   idempotent;
//! - `map_ids` is deterministic, collision-free, obeys its profile, and keeps every call
//!   paired with its response.

use std::collections::{HashMap, HashSet};

use mcp_coerce_history::{
    self as history, Conversation, IdProfile, RepairPolicy, Role, Separated, Unanswered,
    WireMessage,
    anthropic::{self, Block, Content},
    openai::{self, ToolCall},
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// An abstract message, rendered to either format.
#[derive(Clone, Debug)]
enum Msg {
    /// OpenAI `system`; Anthropic: a message with an unknown role.
    System,
    User(u8),
    /// An assistant message without calls.
    Answer(u8),
    /// An assistant call turn, optionally with text first.
    Calls {
        calls: Vec<Call>,
        text: bool,
    },
    /// Responses: OpenAI, one `tool` message each; Anthropic, one user message holding
    /// them (after some text when `text_first`).
    Responses {
        ids: Vec<Id>,
        names: Vec<Option<u8>>,
        text_first: bool,
    },
    /// OpenAI: an assistant message with `"tool_calls": []`; Anthropic: an answer.
    EmptyCalls,
    /// Anthropic: an assistant message holding calls and then results (a converter merged
    /// them); OpenAI: the call turn followed by its `tool` messages.
    MergedTurn {
        calls: Vec<Call>,
        ids: Vec<Id>,
    },
}

#[derive(Clone, Debug)]
struct Call {
    id: Id,
    name: u8,
    args: Args,
}

#[derive(Clone, Debug)]
enum Id {
    /// One of a small pool, so ids repeat and match.
    Pool(u8),
    /// For conversations: the `n`th open call (any pool id when none is open).
    Open(u8),
    Empty,
    Absent,
    Odd(String),
}

#[derive(Clone, Debug)]
enum Args {
    Valid,
    Object,
    Broken,
    Null,
}

fn id_text(id: &Id, open: &[String]) -> Option<String> {
    match id {
        Id::Pool(n) => Some(format!("call_{n}")),
        Id::Open(n) if !open.is_empty() => Some(open[usize::from(*n) % open.len()].clone()),
        Id::Open(n) => Some(format!("call_{n}")),
        Id::Empty => Some(String::new()),
        Id::Absent => None,
        Id::Odd(text) => Some(text.clone()),
    }
}

const NAMES: [&str; 3] = ["get_weather", "now", "search"];

fn name(n: u8) -> String {
    NAMES[usize::from(n) % NAMES.len()].to_owned()
}

trait Render: WireMessage + Clone + PartialEq + std::fmt::Debug + serde::Serialize {
    fn render(msg: &Msg, open: &[String]) -> Vec<Self>;
    fn user(text: &str) -> Self;
    /// Whether it is an assistant message with no call: a final answer.
    fn is_answer(&self) -> bool;
    /// Whether it is an assistant message with a call.
    fn has_calls(&self) -> bool;
}

impl Render for openai::Message {
    fn render(msg: &Msg, open: &[String]) -> Vec<Self> {
        match msg {
            Msg::System => vec![openai::Message::system("rules")],
            Msg::User(n) => vec![openai::Message::user(format!("user {n}"))],
            Msg::Answer(n) => vec![openai::Message::assistant(format!("answer {n}"))],
            Msg::EmptyCalls => {
                let mut message = openai::Message::assistant("answer with []");
                message.tool_calls = Some(Vec::new());
                vec![message]
            }
            Msg::Calls { calls, text } => {
                let mut message = openai::Message::calls(calls.iter().map(|c| {
                    let mut call = ToolCall::function("x", name(c.name), "{}");
                    call.id = id_text(&c.id, open);
                    if let Some(function) = call.function.as_mut() {
                        function.arguments = match c.args {
                            Args::Valid => Some(json!("{\"a\":1}")),
                            Args::Object => Some(json!({"a": 1})),
                            Args::Broken => Some(json!("{\"a\":")),
                            Args::Null => Some(Value::Null),
                        };
                    }
                    call
                }));
                if *text {
                    message.content = Some(json!("let me check"));
                }
                vec![message]
            }
            Msg::MergedTurn { calls, ids } => {
                let mut out = Vec::new();
                if !calls.is_empty() {
                    out.extend(Self::render(
                        &Msg::Calls {
                            calls: calls.clone(),
                            text: false,
                        },
                        open,
                    ));
                }
                out.extend(Self::render(
                    &Msg::Responses {
                        ids: ids.clone(),
                        names: Vec::new(),
                        text_first: false,
                    },
                    open,
                ));
                out
            }
            Msg::Responses { ids, names, .. } => ids
                .iter()
                .zip(names.iter().chain(std::iter::repeat(&None)))
                .map(|(id, n)| {
                    let mut message = openai::Message::tool("x", "result");
                    message.tool_call_id = id_text(id, open);
                    message.name = n.map(name);
                    message
                })
                .collect(),
        }
    }

    fn user(text: &str) -> Self {
        openai::Message::user(text)
    }

    fn is_answer(&self) -> bool {
        self.role == Role::Assistant && self.tool_calls.as_ref().is_none_or(Vec::is_empty)
    }

    fn has_calls(&self) -> bool {
        self.role == Role::Assistant && self.tool_calls.as_ref().is_some_and(|c| !c.is_empty())
    }
}

impl Render for anthropic::Message {
    fn render(msg: &Msg, open: &[String]) -> Vec<Self> {
        let result = |id: &Id| {
            let mut block = Block::tool_result("x", "result");
            if let Block::ToolResult(result) = &mut block {
                result.tool_use_id = id_text(id, open);
            }
            block
        };
        match msg {
            Msg::System => vec![anthropic::Message::new(
                Role::Other("system".into()),
                Content::Text("rules".into()),
            )],
            Msg::User(n) => vec![anthropic::Message::user(format!("user {n}"))],
            Msg::Answer(n) => vec![anthropic::Message::assistant(format!("answer {n}"))],
            Msg::EmptyCalls => vec![anthropic::Message::blocks(
                Role::Assistant,
                [Block::text("answer in blocks")],
            )],
            Msg::MergedTurn { calls, ids } => {
                let mut message = Self::render(
                    &Msg::Calls {
                        calls: calls.clone(),
                        text: false,
                    },
                    open,
                );
                if let Some(Content::Blocks(blocks)) = message.first_mut().map(|m| &mut m.content) {
                    blocks.extend(ids.iter().map(result));
                }
                message
            }
            Msg::Calls { calls, text } => {
                let mut blocks: Vec<Block> = Vec::new();
                if *text {
                    blocks.push(Block::text("let me check"));
                }
                for c in calls {
                    let mut block = Block::tool_use("x", name(c.name), json!({}));
                    if let Block::ToolUse(call) = &mut block {
                        call.id = id_text(&c.id, open);
                        call.input = match c.args {
                            Args::Valid => Some(json!({"a": 1})),
                            Args::Object => Some(json!("{\"a\":1}")),
                            Args::Broken => Some(json!("{\"a\":")),
                            Args::Null => None,
                        };
                    }
                    blocks.push(block);
                }
                vec![anthropic::Message::blocks(Role::Assistant, blocks)]
            }
            Msg::Responses {
                ids, text_first, ..
            } => {
                let mut blocks: Vec<Block> = Vec::new();
                if *text_first {
                    blocks.push(Block::text("here"));
                }
                blocks.extend(ids.iter().map(result));
                vec![anthropic::Message::blocks(Role::User, blocks)]
            }
        }
    }

    fn user(text: &str) -> Self {
        anthropic::Message::user(text)
    }

    /// No calls, and no misplaced results either (those may be moved or dropped).
    fn is_answer(&self) -> bool {
        self.role == Role::Assistant
            && !matches!(&self.content, Content::Blocks(b) if b.iter().any(|b| matches!(b, Block::ToolUse(_) | Block::ToolResult(_))))
    }

    fn has_calls(&self) -> bool {
        self.role == Role::Assistant
            && matches!(&self.content, Content::Blocks(b) if b.iter().any(|b| matches!(b, Block::ToolUse(_))))
    }
}

// ---- Strategies ----

fn id(pool: u8, odd: bool) -> impl Strategy<Value = Id> {
    let mut choices = vec![
        (12, (0..pool).prop_map(Id::Pool).boxed()),
        (1, Just(Id::Empty).boxed()),
        (1, Just(Id::Absent).boxed()),
    ];
    if odd {
        choices.push((
            2,
            prop_oneof![
                Just("функция:0".to_owned()),
                Just("call 1".to_owned()),
                "[a-z.:/ ]{1,8}",
                "\\PC{1,6}",
            ]
            .prop_map(Id::Odd)
            .boxed(),
        ));
    }
    proptest::strategy::Union::new_weighted(choices)
}

fn args() -> impl Strategy<Value = Args> {
    prop_oneof![
        8 => Just(Args::Valid),
        1 => Just(Args::Object),
        1 => Just(Args::Broken),
        1 => Just(Args::Null),
    ]
}

/// A messy message: any id, any arguments.
fn messy() -> impl Strategy<Value = Msg> {
    let call =
        || (id(4, true), 0..3u8, args()).prop_map(|(id, name, args)| Call { id, name, args });
    let merged = (
        prop::collection::vec(call(), 0..3),
        prop::collection::vec(id(4, true), 1..3),
    )
        .prop_map(|(calls, ids)| Msg::MergedTurn { calls, ids });
    prop_oneof![
        1 => merged,
        1 => Just(Msg::System),
        2 => (0..4u8).prop_map(Msg::User),
        2 => (0..4u8).prop_map(Msg::Answer),
        1 => Just(Msg::EmptyCalls),
        4 => (prop::collection::vec(call(), 1..4), any::<bool>())
            .prop_map(|(calls, text)| Msg::Calls { calls, text }),
        5 => (
            prop::collection::vec(id(4, true), 1..4),
            prop::collection::vec(prop::option::weighted(0.2, 0..3u8), 0..4),
            prop::bool::weighted(0.2),
        )
            .prop_map(|(ids, names, text_first)| Msg::Responses { ids, names, text_first }),
    ]
}

/// A mostly well-formed message for conversations: fresh call ids from a larger pool,
/// responses that usually answer an open call.
fn tidy() -> impl Strategy<Value = Msg> {
    let call = (0..40u8, 0..3u8).prop_map(|(n, name)| Call {
        id: Id::Pool(n),
        name,
        args: Args::Valid,
    });
    let response_id = prop_oneof![8 => (0..4u8).prop_map(Id::Open), 1 => (0..40u8).prop_map(Id::Pool), 1 => Just(Id::Empty)];
    prop_oneof![
        1 => Just(Msg::System),
        2 => (0..4u8).prop_map(Msg::User),
        2 => (0..4u8).prop_map(Msg::Answer),
        3 => (prop::collection::vec(call, 1..4), any::<bool>())
            .prop_map(|(calls, text)| Msg::Calls { calls, text }),
        4 => (prop::collection::vec(response_id, 1..3), prop::bool::weighted(0.1))
            .prop_map(|(ids, text_first)| Msg::Responses { ids, names: Vec::new(), text_first }),
    ]
}

/// A call turn of `1..4` fresh calls and responses that usually answer each once, in
/// any order.
fn complete_chain() -> impl Strategy<Value = Op> {
    (
        1..4usize,
        0..3u8,
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.15),
    )
        .prop_flat_map(|(n, name, drop_one, extra)| {
            let calls = prop::collection::vec((0..40u8).prop_map(Id::Pool), n);
            let mut answers: Vec<Id> = (0..n).map(|i| Id::Open(i as u8)).collect();
            if drop_one {
                answers.pop();
            }
            if extra {
                answers.push(Id::Open(0));
            }
            (calls, Just(answers).prop_shuffle(), Just(name))
        })
        .prop_map(|(ids, answers, name)| {
            let calls = ids
                .into_iter()
                .map(|id| Call {
                    id,
                    name,
                    args: Args::Valid,
                })
                .collect();
            Op::Chain(
                Msg::Calls { calls, text: false },
                Msg::Responses {
                    ids: answers,
                    names: Vec::new(),
                    text_first: false,
                },
            )
        })
}

#[derive(Clone, Debug)]
enum Op {
    Push(Msg),
    Chain(Msg, Msg),
    Trim(usize),
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    let op = prop_oneof![
        6 => tidy().prop_map(Op::Push),
        1 => (tidy(), tidy()).prop_map(|(call, responses)| Op::Chain(call, responses)),
        3 => complete_chain(),
        1 => (0..12usize).prop_map(Op::Trim),
    ];
    prop::collection::vec(op, 0..40)
}

fn policy() -> impl Strategy<Value = RepairPolicy> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(prop::sample::select(IdProfile::ALL)),
    )
        .prop_map(|(drop, separated_drop, merge, close, ids)| {
            let mut policy = RepairPolicy::default();
            policy.unanswered = if drop {
                Unanswered::Drop
            } else {
                Unanswered::Cancel
            };
            policy.separated = if separated_drop {
                Separated::Drop
            } else {
                Separated::MoveBack
            };
            policy.merge_split_calls = merge;
            policy.close_trailing_calls = close;
            policy.ids = ids;
            policy
        })
}

// ---- Conversations ----

fn run_conversation<M: Render>(ops: &[Op], window: Option<usize>) -> Result<(), TestCaseError> {
    let mut conversation = match window {
        Some(max) => Conversation::<M>::windowed(max),
        None => Conversation::<M>::new(),
    };
    for op in ops {
        let before = conversation.messages().to_vec();
        let open: Vec<String> = conversation
            .open_calls()
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        match op {
            Op::Push(msg) => {
                for message in M::render(msg, &open) {
                    let before = conversation.messages().to_vec();
                    let mut candidate = before.clone();
                    candidate.push(message.clone());
                    let valid = history::validate(&candidate).is_empty();
                    let outcome = conversation.push(message.clone());
                    prop_assert_eq!(
                        outcome.is_ok(),
                        valid,
                        "push {:?} after {:?}",
                        message,
                        before
                    );
                    if let Err(refused) = outcome {
                        prop_assert!(!refused.violations().is_empty());
                        prop_assert_eq!(refused.into_messages(), vec![message]);
                        prop_assert_eq!(conversation.messages(), &before[..]);
                    } else {
                        prop_assert!(candidate.ends_with(conversation.messages()));
                    }
                }
            }
            Op::Chain(call, responses) => {
                let call = M::render(call, &open);
                let open_after: Vec<String> = match call.first() {
                    Some(first) => {
                        let mut probe = Conversation::<M>::new();
                        let _ = probe.push(first.clone());
                        probe.open_calls().iter().map(|s| (*s).to_owned()).collect()
                    }
                    None => Vec::new(),
                };
                let responses = M::render(responses, &open_after);
                let mut chain = call.clone();
                chain.extend(responses.iter().cloned());
                let mut candidate = before.clone();
                candidate.extend(chain.iter().cloned());
                // A complete chain: valid, and valid still once another turn follows.
                let has_calls = call.first().is_some_and(Render::has_calls);
                let mut closed = candidate.clone();
                closed.push(M::user("next"));
                let complete = has_calls && history::validate(&closed).is_empty();
                let mut rest = chain.clone();
                let first = rest.remove(0);
                let outcome = conversation.push_tool_chain(first, rest);
                prop_assert_eq!(
                    outcome.is_ok(),
                    complete,
                    "chain {:?} after {:?}",
                    chain,
                    before
                );
                match outcome {
                    Ok(()) => prop_assert!(candidate.ends_with(conversation.messages())),
                    Err(refused) => {
                        prop_assert_eq!(refused.into_messages(), chain);
                        prop_assert_eq!(conversation.messages(), &before[..]);
                    }
                }
            }
            Op::Trim(max) => {
                let removed = conversation.trim_to(*max);
                prop_assert_eq!(conversation.messages(), &before[removed..]);
                if conversation.len() > *max {
                    // Only the last turn may overflow: trimming one more turn empties it.
                    let mut probe = Conversation::try_from(conversation.messages().to_vec())
                        .map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert_eq!(probe.trim_to(0), 0);
                }
            }
        }
        prop_assert_eq!(history::validate(conversation.messages()), vec![]);
        if let Some(max) = window
            && conversation.len() > max
        {
            let mut probe = Conversation::try_from(conversation.messages().to_vec())
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(
                probe.trim_to(0),
                0,
                "the window holds more than the last turn"
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn openai_conversations_stay_valid(ops in ops(), window in prop::option::of(0..10usize)) {
        run_conversation::<openai::Message>(&ops, window)?;
    }

    #[test]
    fn anthropic_conversations_stay_valid(ops in ops(), window in prop::option::of(0..10usize)) {
        run_conversation::<anthropic::Message>(&ops, window)?;
    }
}

// ---- Repair ----

fn check_repair<M: Render>(msgs: &[Msg], policy: &RepairPolicy) -> Result<(), TestCaseError> {
    let messages: Vec<M> = msgs.iter().flat_map(|m| M::render(m, &[])).collect();
    let repaired = history::repair(messages.clone(), policy);
    // With a target provider, its id rule is checked too.
    let check = |m: &[M]| match policy.ids {
        Some(provider) => history::validate_for(m, provider),
        None => history::validate(m),
    };
    prop_assert_eq!(check(&repaired.messages), vec![], "{:?}", repaired.messages);

    // Every final answer is kept, in order (empty `tool_calls` arrays aside).
    let strip = |m: &M| {
        let mut value = serde_json::to_value(m).unwrap_or_default();
        if let Some(object) = value.as_object_mut()
            && object.get("tool_calls") == Some(&json!([]))
        {
            object.remove("tool_calls");
        }
        value
    };
    let answers: Vec<Value> = messages
        .iter()
        .filter(|m| m.is_answer())
        .map(strip)
        .collect();
    let after: Vec<Value> = repaired
        .messages
        .iter()
        .filter(|m| m.is_answer())
        .map(strip)
        .collect();
    let mut rest = after.iter();
    for answer in &answers {
        prop_assert!(
            rest.any(|a| a == answer),
            "answer {} lost: {:?}",
            answer,
            after
        );
    }
    if policy.unanswered == Unanswered::Cancel {
        prop_assert_eq!(&answers, &after, "cancelling creates no answer");
    }

    // Nothing to do the second time; a valid history comes back unchanged.
    let again = history::repair(repaired.messages.clone(), policy);
    prop_assert_eq!(&again.messages, &repaired.messages);
    prop_assert!(again.actions.is_empty(), "{:?}", again.actions);
    if check(&messages).is_empty() && !policy.close_trailing_calls {
        prop_assert_eq!(&repaired.messages, &messages);
        prop_assert!(repaired.actions.is_empty());
    }
    // Actions point into the input, in order.
    let indices: Vec<usize> = repaired.actions.iter().map(|a| a.index()).collect();
    prop_assert!(indices.windows(2).all(|w| w[0] <= w[1]));
    prop_assert!(indices.iter().all(|i| *i < messages.len()));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn openai_repair_validates_and_keeps_answers(msgs in prop::collection::vec(messy(), 0..30), policy in policy()) {
        check_repair::<openai::Message>(&msgs, &policy)?;
    }

    #[test]
    fn anthropic_repair_validates_and_keeps_answers(msgs in prop::collection::vec(messy(), 0..30), policy in policy()) {
        check_repair::<anthropic::Message>(&msgs, &policy)?;
    }
}

// ---- Id mapping ----

/// A history over `ids`: each id's call turn followed by its response, then the ids again
/// as a second round (duplicates across turns), then a few stray responses.
fn id_history<M: Render>(ids: &[String], order: &[usize]) -> Vec<M> {
    let mut msgs = Vec::new();
    for &i in order {
        let Some(id) = ids.get(i % ids.len().max(1)) else {
            continue;
        };
        let id = Id::Odd(id.clone());
        msgs.push(Msg::Calls {
            calls: vec![Call {
                id: id.clone(),
                name: 0,
                args: Args::Valid,
            }],
            text: false,
        });
        if i % 5 != 0 {
            msgs.push(Msg::Responses {
                ids: vec![id],
                names: Vec::new(),
                text_first: false,
            });
        }
    }
    msgs.iter().flat_map(|m| M::render(m, &[])).collect()
}

fn check_mapping<M: Render>(ids: &[String], order: &[usize]) -> Result<(), TestCaseError> {
    let original: Vec<M> = id_history(ids, order);
    for &profile in IdProfile::ALL {
        let mut first = original.clone();
        let map = history::map_ids(&mut first, profile);
        let mut second = original.clone();
        prop_assert_eq!(
            &history::map_ids(&mut second, profile),
            &map,
            "deterministic"
        );
        prop_assert_eq!(&first, &second);

        let mut seen = HashMap::new();
        for (old, new) in map.iter() {
            prop_assert!(
                profile.accepts(new),
                "{:?}: {:?} -> {:?}",
                profile,
                old,
                new
            );
            if profile.accepts(old) {
                prop_assert_eq!(old, new, "an accepted id stays");
            }
            if let Some(other) = seen.insert(new.to_owned(), old.to_owned()) {
                prop_assert!(
                    false,
                    "{:?}: {:?} and {:?} both became {:?}",
                    profile,
                    other,
                    old,
                    new
                );
            }
        }
        let distinct: HashSet<&String> = ids.iter().filter(|s| !s.is_empty()).collect();
        let used: HashSet<&String> = order
            .iter()
            .filter_map(|i| ids.get(i % ids.len().max(1)))
            .filter(|s| !s.is_empty())
            .collect();
        prop_assert_eq!(map.len(), used.len());
        prop_assert!(used.len() <= distinct.len());

        // Pairing, and so every violation, is unchanged.
        let shape = |messages: &[M]| -> Vec<_> {
            history::validate(messages)
                .iter()
                .map(|v| (v.index(), v.block(), v.code()))
                .collect()
        };
        prop_assert_eq!(shape(&first), shape(&original));
        // Every mapped id is the map of the original id at the same place.
        let before = serde_json::to_value(&original).unwrap_or_default();
        let after = serde_json::to_value(&first).unwrap_or_default();
        for (b, a) in ids_in(&before).iter().zip(ids_in(&after)) {
            let expected = if b.is_empty() {
                b.as_str()
            } else {
                map.get(b).unwrap_or(b)
            };
            prop_assert_eq!(expected, a.as_str());
        }
    }
    Ok(())
}

/// Every id member of a serialized history, in document order.
fn ids_in(history: &Value) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![history];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items.iter().rev()),
            Value::Object(object) => {
                for key in ["id", "tool_call_id", "tool_use_id"] {
                    if let Some(Value::String(id)) = object.get(key) {
                        found.push(id.clone());
                    }
                }
                let mut children: Vec<&Value> = object
                    .iter()
                    .filter(|(k, _)| !["id", "tool_call_id", "tool_use_id"].contains(&k.as_str()))
                    .map(|(_, v)| v)
                    .collect();
                children.reverse();
                stack.extend(children);
            }
            _ => {}
        }
    }
    found
}

fn any_id() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-zA-Z0-9]{9}",
        3 => "toolu_[a-zA-Z0-9]{4}",
        2 => "call[._:-][a-z0-9]{1,3}",
        2 => "\\PC{0,12}",
        1 => "[a-z]{60,70}",
        1 => "[.:]{1,3}",
        1 => "\\PC{50,80}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn openai_id_mapping(ids in prop::collection::vec(any_id(), 1..30), order in prop::collection::vec(0..60usize, 0..50)) {
        check_mapping::<openai::Message>(&ids, &order)?;
    }

    #[test]
    fn anthropic_id_mapping(ids in prop::collection::vec(any_id(), 1..30), order in prop::collection::vec(0..60usize, 0..50)) {
        check_mapping::<anthropic::Message>(&ids, &order)?;
    }

    #[test]
    fn mistral_ids_never_collide_on_many_ids(ids in prop::collection::hash_set("[a-z._]{1,6}", 200..400)) {
        let ids: Vec<String> = ids.into_iter().collect();
        let order: Vec<usize> = (0..ids.len()).collect();
        let mut messages: Vec<openai::Message> = id_history(&ids, &order);
        let map = history::map_ids(&mut messages, IdProfile::Mistral);
        let news: HashSet<&str> = map.iter().map(|(_, new)| new).collect();
        prop_assert_eq!(news.len(), map.len());
    }
}
