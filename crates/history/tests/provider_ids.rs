//! Call ids checked against a target provider's rule (`validate_for`, `invalid_call_id`)
//! and mapped by the repair (`RepairPolicy::ids`, `mapped_call_id`), for each provider
//! `IdProfile` knows, in both wire formats.

use mcp_coerce_history::{
    self as history, ActionKind, IdProfile, RepairPolicy, Role, ViolationCode,
    anthropic::{Block, Message as AMessage},
    openai::{Message, ToolCall},
};
use serde_json::json;

fn found(violations: &[history::Violation]) -> Vec<(usize, Option<usize>, ViolationCode, String)> {
    violations
        .iter()
        .map(|v| {
            (
                v.index(),
                v.block(),
                v.code(),
                v.id().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

fn policy_for(provider: IdProfile) -> RepairPolicy {
    let mut policy = RepairPolicy::default();
    policy.ids = Some(provider);
    policy
}

/// An Anthropic history carrying an id of another provider's form: `validate` finds no
/// pairing fault, `validate_for` Anthropic flags the call and its result, and the repair
/// maps the id, the result with its call.
#[test]
fn an_anthropic_history_with_an_id_anthropic_refuses() {
    let id = "functions.write_todos:0";
    let messages = vec![
        AMessage::user("plan the day"),
        AMessage::blocks(
            Role::Assistant,
            [
                Block::text("on it"),
                Block::tool_use(id, "write_todos", json!({"todos": []})),
            ],
        ),
        AMessage::blocks(Role::User, [Block::tool_result(id, "done")]),
        AMessage::assistant("done"),
    ];
    assert_eq!(history::validate(&messages), []);
    assert_eq!(
        found(&history::validate_for(&messages, IdProfile::Anthropic)),
        [
            (1, Some(1), ViolationCode::InvalidCallId, id.to_owned()),
            (2, Some(0), ViolationCode::InvalidCallId, id.to_owned()),
        ]
    );
    // OpenAI's rule (at most 64 bytes) takes it.
    assert_eq!(
        history::validate_for(&messages, IdProfile::OpenAiResponses),
        []
    );

    let repaired = history::repair(messages.clone(), &policy_for(IdProfile::Anthropic));
    assert_eq!(
        history::validate_for(&repaired.messages, IdProfile::Anthropic),
        []
    );
    let action = &repaired.actions[0];
    assert_eq!(repaired.actions.len(), 1);
    assert_eq!(
        (
            action.index(),
            action.block(),
            action.kind(),
            action.cause(),
            action.id()
        ),
        (
            1,
            Some(1),
            ActionKind::MappedCallId,
            Some(ViolationCode::InvalidCallId),
            Some(id)
        )
    );
    let new = action.replacement().unwrap();
    assert!(IdProfile::Anthropic.accepts(new), "{new}");
    assert!(new.starts_with("functions_write_todos_0_"), "{new}");
    // Mapped as `map_ids` maps it, and a second repair changes nothing.
    let mut by_hand = messages;
    history::map_ids(&mut by_hand, IdProfile::Anthropic);
    assert_eq!(repaired.messages, by_hand);
    let again = history::repair(repaired.messages.clone(), &policy_for(IdProfile::Anthropic));
    assert!(again.actions.is_empty(), "{:?}", again.actions);
}

/// Each provider's rule, as its docs cite it: Anthropic `^[a-zA-Z0-9_-]+$`, OpenAI 1 to
/// 64 bytes, Mistral exactly 9 of `[a-zA-Z0-9]`.
#[test]
fn each_providers_rule() {
    let long = "c".repeat(65);
    let ids = ["call_1", "toolu_01A-b", "a1B2c3D4e", "x.y", long.as_str()];
    let refused = |provider: IdProfile| -> Vec<String> {
        let messages: Vec<Message> = ids
            .iter()
            .flat_map(|id| {
                [
                    Message::calls([ToolCall::function(*id, "now", "{}")]),
                    Message::tool(*id, "12:00"),
                ]
            })
            .collect();
        let mut refused: Vec<String> = history::validate_for(&messages, provider)
            .iter()
            .filter(|v| v.index() % 2 == 0)
            .map(|v| v.id().unwrap_or_default().trim_end_matches('…').to_owned())
            .collect();
        refused.dedup();
        refused
    };
    assert_eq!(refused(IdProfile::Anthropic), ["x.y"]);
    assert_eq!(refused(IdProfile::OpenAiResponses), [&long[..64]]);
    assert_eq!(
        refused(IdProfile::Mistral),
        ["call_1", "toolu_01A-b", "x.y", &long[..64]]
    );
}

/// The ids the repair gives (a call without one, a repeated one) follow the rule too.
#[test]
fn ids_the_repair_gives_follow_the_rule() {
    let messages = vec![
        Message::calls([
            ToolCall::function("", "now", "{}"),
            ToolCall::function("AbCdEfGh1", "now", "{}"),
        ]),
        Message::tool("AbCdEfGh1", "1"),
        Message::user("again"),
        Message::calls([ToolCall::function("AbCdEfGh1", "now", "{}")]),
        Message::tool("AbCdEfGh1", "2"),
    ];
    for provider in IdProfile::ALL {
        let repaired = history::repair(messages.clone(), &policy_for(*provider));
        assert_eq!(
            history::validate_for(&repaired.messages, *provider),
            [],
            "{provider:?}: {:?}",
            repaired.messages
        );
        let kinds: Vec<ActionKind> = repaired.actions.iter().map(|a| a.kind()).collect();
        assert!(kinds.contains(&ActionKind::AssignedCallId), "{kinds:?}");
        assert!(kinds.contains(&ActionKind::RenamedCallId), "{kinds:?}");
    }
    // Without a provider the repair's ids are its usual ones.
    let repaired = history::repair(messages, &RepairPolicy::default());
    assert_eq!(
        repaired.messages[0].tool_calls.as_ref().unwrap()[0]
            .id
            .as_deref(),
        Some("call_repaired_1")
    );
}

/// Names as `history_check --provider` takes them, and each rule in words.
#[test]
fn provider_names_and_rules() {
    let named: Vec<(&str, &str)> = IdProfile::ALL
        .iter()
        .map(|p| (p.name(), p.rule()))
        .collect();
    assert_eq!(
        named,
        [
            ("anthropic", "call ids match ^[a-zA-Z0-9_-]+$"),
            ("openai", "call ids are 1 to 64 bytes"),
            ("mistral", "call ids are exactly 9 chars of [a-zA-Z0-9]"),
        ]
    );
    assert_eq!(
        IdProfile::from_name("OPENAI"),
        Some(IdProfile::OpenAiResponses)
    );
    assert_eq!(IdProfile::from_name(""), None);
    assert_eq!(ViolationCode::InvalidCallId.as_str(), "invalid_call_id");
    assert_eq!(ActionKind::MappedCallId.as_str(), "mapped_call_id");
}
