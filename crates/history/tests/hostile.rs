//! Hostile histories: huge, lopsided, odd ids. Each must finish quickly (linear work), not
//! panic, and come out exactly as expected.

use std::time::Instant;

use mcp_coerce_history::{
    self as history, Conversation, IdProfile, RepairPolicy, Role, ViolationCode,
    anthropic::{self, Block},
    openai::{self, ToolCall},
};
use serde_json::json;

fn call(id: &str) -> ToolCall {
    ToolCall::function(id, "f", "{}")
}

/// `turns` rounds of user, a two-call turn, its two responses, an answer.
fn long_valid(turns: usize) -> Vec<openai::Message> {
    let mut messages = Vec::with_capacity(turns * 5);
    for turn in 0..turns {
        let (a, b) = (format!("call_{turn}_a"), format!("call_{turn}_b"));
        messages.push(openai::Message::user("q"));
        messages.push(openai::Message::calls([call(&a), call(&b)]));
        messages.push(openai::Message::tool(&b, "2"));
        messages.push(openai::Message::tool(&a, "1"));
        messages.push(openai::Message::assistant("a"));
    }
    messages
}

/// Runs `f` and reports how long it took, for the log of a failing run.
fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    eprintln!("{what}: {:?}", start.elapsed());
    out
}

#[test]
fn a_long_valid_history_is_checked_in_linear_time() {
    let messages = long_valid(20_000); // 100,000 messages
    assert!(timed("validate 100k", || history::validate(&messages)).is_empty());
    let repaired = timed("repair 100k", || {
        history::repair(messages.clone(), &RepairPolicy::default())
    });
    assert!(repaired.actions.is_empty());
    assert_eq!(repaired.messages, messages);
    let conversation = timed("conversation 100k", || {
        Conversation::try_from(messages.clone())
    })
    .expect("valid");
    assert_eq!(conversation.len(), 100_000);
    let mut mapped = messages.clone();
    let map = timed("map_ids 100k", || {
        history::map_ids(&mut mapped, IdProfile::Mistral)
    });
    assert_eq!(map.len(), 40_000);
    assert!(history::validate(&mapped).is_empty());
}

#[test]
fn a_long_broken_history_is_repaired_in_linear_time() {
    // Every turn loses its first response to a system message in between, the second
    // response dangles after the answer, and ids repeat every 100 turns.
    let mut messages = Vec::new();
    for turn in 0..10_000 {
        let (a, b) = (format!("c{}", turn % 100), format!("d{}", turn % 100));
        messages.push(openai::Message::calls([call(&a), call(&b)]));
        messages.push(openai::Message::system("inserted"));
        messages.push(openai::Message::tool(&a, "1"));
        messages.push(openai::Message::assistant("a"));
        messages.push(openai::Message::tool(&b, "2"));
    }
    let found = timed("validate 50k broken", || history::validate(&messages));
    let count = |code| found.iter().filter(|v| v.code() == code).count();
    assert_eq!(count(ViolationCode::SeparatedResponse), 20_000);
    assert_eq!(count(ViolationCode::DuplicateCallId), 19_800);
    assert_eq!(found.len(), 39_800);
    let repaired = timed("repair 50k broken", || {
        history::repair(messages, &RepairPolicy::default())
    });
    assert!(history::validate(&repaired.messages).is_empty());
    assert_eq!(repaired.messages.len(), 50_000);
}

#[test]
fn one_id_used_by_thousands_of_calls() {
    let n = 20_000;
    let mut messages = vec![openai::Message::calls((0..n).map(|_| call("same")))];
    messages.extend((0..n).map(|i| openai::Message::tool("same", i.to_string())));
    let found = timed("validate same-id", || history::validate(&messages));
    assert_eq!(found.len(), n - 1);
    assert!(
        found
            .iter()
            .all(|v| v.code() == ViolationCode::DuplicateCallId)
    );
    let repaired = timed("repair same-id", || {
        history::repair(messages, &RepairPolicy::default())
    });
    assert!(history::validate(&repaired.messages).is_empty());
    // The k-th response answers the k-th call: same_2 gets "1", the last gets "n-1".
    assert_eq!(repaired.messages[2].tool_call_id.as_deref(), Some("same_2"));
    assert_eq!(repaired.messages[2].content, Some(json!("1")));
    assert_eq!(
        repaired.messages[n].tool_call_id.as_deref(),
        Some(format!("same_{n}").as_str())
    );
}

#[test]
fn thousands_of_results_in_one_message() {
    let n = 20_000;
    let ids: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    let uses = anthropic::Message::blocks(
        Role::Assistant,
        ids.iter()
            .map(|id| Block::tool_use(id.as_str(), "f", json!({}))),
    );
    // The results come back reversed, after a user message, with a stray one first.
    let mut results: Vec<Block> = vec![Block::tool_result("stray", "x")];
    results.extend(
        ids.iter()
            .rev()
            .map(|id| Block::tool_result(id.as_str(), "ok")),
    );
    let messages = vec![
        uses,
        anthropic::Message::user("waiting"),
        anthropic::Message::blocks(Role::User, results),
    ];
    let found = timed("validate 20k results", || history::validate(&messages));
    assert_eq!(found.len(), n + 1);
    assert_eq!(found[0].code(), ViolationCode::DanglingResponse);
    let repaired = timed("repair 20k results", || {
        history::repair(messages, &RepairPolicy::default())
    });
    assert!(history::validate(&repaired.messages).is_empty());
    assert_eq!(repaired.messages.len(), 2);
}

#[test]
fn a_windowed_conversation_stays_fast() {
    let mut chat = Conversation::windowed(1_000);
    timed("20k windowed chains", || {
        for i in 0..20_000 {
            let id = format!("c{i}");
            chat.push_tool_chain(
                openai::Message::calls([call(&id)]),
                [openai::Message::tool(&id, "1")],
            )
            .expect("a chain");
        }
    });
    assert_eq!(chat.len(), 1_000);
    assert!(history::validate(chat.messages()).is_empty());
}

#[test]
fn odd_ids() {
    let huge = "x".repeat(1 << 20);
    let ids = [
        "🦀",
        "\u{0}",
        "a\u{202e}b",
        "e\u{301}",
        " ",
        "\n",
        "call_0",
        &huge,
        "\u{feff}id",
    ];
    let mut messages = Vec::new();
    for id in ids {
        messages.push(openai::Message::calls([call(id)]));
        messages.push(openai::Message::tool(id, "ok"));
    }
    assert!(history::validate(&messages).is_empty());
    for &profile in IdProfile::ALL {
        let mut mapped = messages.clone();
        let map = history::map_ids(&mut mapped, profile);
        assert_eq!(map.len(), ids.len());
        assert!(
            map.iter().all(|(_, new)| profile.accepts(new)),
            "{profile:?}"
        );
        assert!(history::validate(&mapped).is_empty(), "{profile:?}");
    }
    // Echoed ids are cut.
    let dangling = [openai::Message::tool(&huge, "x")];
    let found = history::validate(&dangling);
    assert_eq!(found[0].id().map(|id| id.chars().count()), Some(65));
}

#[test]
fn generated_ids_avoid_ids_in_use() {
    let mut missing = call("");
    missing.id = None;
    let messages = vec![
        openai::Message::calls([
            call("call_repaired_1"),
            missing,
            call("a"),
            call("a_2"),
            call("a"),
        ]),
        openai::Message::tool("call_repaired_1", "1"),
        openai::Message::tool("a", "2"),
        openai::Message::tool("a_2", "3"),
        openai::Message::tool("a", "4"),
        openai::Message::assistant("done"),
    ];
    let repaired = history::repair(messages, &RepairPolicy::default());
    assert!(history::validate(&repaired.messages).is_empty());
    let ids: Vec<&str> = repaired.messages[0]
        .tool_calls
        .iter()
        .flatten()
        .filter_map(|c| c.id.as_deref())
        .collect();
    assert_eq!(
        ids,
        ["call_repaired_1", "call_repaired_2", "a", "a_2", "a_3"]
    );
    let answers: Vec<(Option<&str>, Option<&serde_json::Value>)> = repaired.messages[1..6]
        .iter()
        .map(|m| (m.tool_call_id.as_deref(), m.content.as_ref()))
        .collect();
    assert_eq!(
        answers,
        [
            (Some("call_repaired_1"), Some(&json!("1"))),
            (Some("a"), Some(&json!("2"))),
            (Some("a_2"), Some(&json!("3"))),
            (Some("a_3"), Some(&json!("4"))),
            (
                Some("call_repaired_2"),
                Some(&json!(history::CANCELLED_TEXT))
            ),
        ]
    );
    assert_eq!(repaired.messages[6], openai::Message::assistant("done"));
}

#[test]
fn deep_content_is_kept() {
    // Close to serde_json's nesting limit, inside content and arguments.
    let deep = format!("{}1{}", "[".repeat(120), "]".repeat(120));
    let text = format!(
        r#"[{{"role": "user", "content": {deep}}},
            {{"role": "assistant", "content": null, "tool_calls": [{{"id": "c", "type": "function",
              "function": {{"name": "f", "arguments": {deep}}}}}]}},
            {{"role": "tool", "tool_call_id": "c", "content": {deep}}}]"#
    );
    let messages: Vec<openai::Message> = serde_json::from_str(&text).expect("parses");
    let found = history::validate(&messages);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code(), ViolationCode::InvalidArguments);
    let repaired = history::repair(messages.clone(), &RepairPolicy::default());
    assert_eq!(repaired.messages[0], messages[0]);
    assert_eq!(repaired.messages[2], messages[2]);
    let args = serde_json::to_value(&repaired.messages[1]).expect("serializes");
    assert_eq!(args["tool_calls"][0]["function"]["arguments"], "{}");
}

#[test]
fn thousands_of_split_call_turns_merge_in_linear_time() {
    let n = 20_000;
    let mut messages: Vec<openai::Message> = (0..n)
        .map(|i| openai::Message::calls([call(&format!("c{i}"))]))
        .collect();
    messages.push(openai::Message::user("and?"));
    let repaired = timed("merge 20k split turns", || {
        history::repair(messages, &RepairPolicy::default())
    });
    assert!(history::validate(&repaired.messages).is_empty());
    // One call turn, its n cancelled results, the user message.
    assert_eq!(repaired.messages.len(), n + 2);
    let last = repaired.actions.last().expect("actions");
    assert_eq!((last.index(), last.block()), (n - 1, Some(0)));
}
