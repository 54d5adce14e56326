//! `Conversation` (the checked append, atomic chains, whole-turn trimming) and `map_ids`
//! (collision handling), as tables of exact expectations.

use std::panic::Location;

use mcp_coerce_history::{
    self as history, Conversation, IdProfile, Role, ViolationCode,
    anthropic::{self, Block},
    openai::{self, ToolCall},
};
use serde_json::json;

use ViolationCode::*;

fn call(id: &str, name: &str) -> ToolCall {
    ToolCall::function(id, name, "{}")
}

fn calls(ids: &[(&str, &str)]) -> openai::Message {
    openai::Message::calls(ids.iter().map(|(id, name)| call(id, name)))
}

fn tool(id: &str) -> openai::Message {
    openai::Message::tool(id, "ok")
}

fn uses(ids: &[&str]) -> anthropic::Message {
    anthropic::Message::blocks(
        Role::Assistant,
        ids.iter().map(|id| Block::tool_use(*id, "f", json!({}))),
    )
}

fn results(ids: &[&str]) -> anthropic::Message {
    anthropic::Message::blocks(
        Role::User,
        ids.iter().map(|id| Block::tool_result(*id, "ok")),
    )
}

/// What an append should do: be accepted, or be refused with exactly these
/// `(index, block, code)`.
type Want = Result<(), Vec<(usize, Option<usize>, ViolationCode)>>;

struct Row<M> {
    at: &'static Location<'static>,
    before: Vec<M>,
    chain: Option<Vec<M>>,
    push: Option<M>,
    want: Want,
}

#[track_caller]
fn push<M>(before: Vec<M>, message: M, want: Want) -> Row<M> {
    Row {
        at: Location::caller(),
        before,
        chain: None,
        push: Some(message),
        want,
    }
}

#[track_caller]
fn chain<M>(before: Vec<M>, chain: Vec<M>, want: Want) -> Row<M> {
    Row {
        at: Location::caller(),
        before,
        chain: Some(chain),
        push: None,
        want,
    }
}

fn run<M>(rows: Vec<Row<M>>) -> Vec<String>
where
    M: history::WireMessage + Clone + PartialEq + std::fmt::Debug,
{
    let mut failures = Vec::new();
    for row in rows {
        let mut conversation = match Conversation::try_from(row.before.clone()) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{}: the history before is invalid: {e}", row.at));
                continue;
            }
        };
        let (given, outcome) = match (row.push, row.chain) {
            (Some(message), _) => (vec![message.clone()], conversation.push(message)),
            (None, Some(mut chain)) => {
                let given = chain.clone();
                let first = chain.remove(0);
                (given, conversation.push_tool_chain(first, chain))
            }
            (None, None) => unreachable!(),
        };
        let got: Want = match &outcome {
            Ok(()) => Ok(()),
            Err(refused) => Err(refused
                .violations()
                .iter()
                .map(|v| (v.index(), v.block(), v.code()))
                .collect()),
        };
        if got != row.want {
            failures.push(format!("{}: got {got:?}, want {:?}", row.at, row.want));
        }
        let mut expected = row.before.clone();
        match outcome {
            Ok(()) => expected.extend(given),
            Err(refused) => {
                if refused.into_messages() != given {
                    failures.push(format!("{}: refused messages not given back", row.at));
                }
            }
        }
        if conversation.messages() != expected {
            failures.push(format!(
                "{}: messages after: {:?}",
                row.at,
                conversation.messages()
            ));
        }
        if !history::validate(conversation.messages()).is_empty() {
            failures.push(format!("{}: the conversation became invalid", row.at));
        }
    }
    failures
}

#[test]
fn openai_appends() {
    use openai::Message as M;
    let chain_done = || vec![M::user("q"), calls(&[("c1", "f")]), tool("c1")];
    let rows = vec![
        push(vec![], M::user("hi"), Ok(())),
        push(
            vec![M::user("hi")],
            tool("c1"),
            Err(vec![(1, None, DanglingResponse)]),
        ),
        push(vec![], tool("c1"), Err(vec![(0, None, DanglingResponse)])),
        push(chain_done(), M::assistant("answer"), Ok(())),
        push(
            chain_done(),
            tool("c1"),
            Err(vec![(3, None, DuplicateResponse)]),
        ),
        push(
            chain_done(),
            tool("c2"),
            Err(vec![(3, None, UnknownCallId)]),
        ),
        push(chain_done(), tool(""), Err(vec![(3, None, MissingCallId)])),
        push(
            vec![calls(&[("c1", "f"), ("c2", "g")])],
            tool("c2").with_name("f"),
            Err(vec![(1, None, NameMismatch)]),
        ),
        push(
            vec![calls(&[("c1", "f"), ("c2", "g")])],
            tool("c2").with_name("g"),
            Ok(()),
        ),
        push(
            vec![calls(&[("c1", "f"), ("c2", "g")]), tool("c1")],
            M::user("next"),
            Err(vec![(0, Some(1), UnansweredCall)]),
        ),
        push(
            vec![calls(&[("c1", "f")])],
            M::system("inserted"),
            Err(vec![(0, Some(0), UnansweredCall)]),
        ),
        push(
            chain_done(),
            calls(&[("c1", "f")]),
            Err(vec![(3, Some(0), DuplicateCallId)]),
        ),
        push(
            vec![],
            {
                let mut answer = M::assistant("answer");
                answer.tool_calls = Some(vec![]);
                answer
            },
            Err(vec![(0, None, EmptyToolCalls)]),
        ),
        push(
            vec![],
            calls(&[("c1", "f"), ("c1", "g")]),
            Err(vec![(0, Some(1), DuplicateCallId)]),
        ),
        push(
            vec![],
            M::calls([ToolCall::function("c1", "f", "[1]")]),
            Err(vec![(0, Some(0), InvalidArguments)]),
        ),
        // Chains.
        chain(
            vec![M::user("q")],
            vec![calls(&[("c1", "f")]), tool("c1")],
            Ok(()),
        ),
        chain(
            vec![],
            vec![calls(&[("c1", "f"), ("c2", "g")]), tool("c2"), tool("c1")],
            Ok(()),
        ),
        chain(
            vec![M::user("q")],
            vec![calls(&[("c1", "f")]), tool("c9")],
            Err(vec![(2, None, UnknownCallId)]),
        ),
        chain(
            vec![M::user("q")],
            vec![calls(&[("c1", "f"), ("c2", "g")]), tool("c1")],
            Err(vec![(1, Some(1), UnansweredCall)]),
        ),
        chain(
            vec![],
            vec![calls(&[("c1", "f")]), tool("c1").with_name("g")],
            Err(vec![(1, None, NameMismatch)]),
        ),
        chain(
            vec![],
            vec![calls(&[("c1", "f")]), tool("c1"), tool("c1")],
            Err(vec![(2, None, DuplicateResponse)]),
        ),
        chain(
            vec![],
            vec![M::assistant("no calls")],
            Err(vec![(0, None, EmptyToolCalls)]),
        ),
        chain(
            vec![],
            vec![M::assistant("no calls"), tool("c1")],
            Err(vec![(0, None, EmptyToolCalls)]),
        ),
        chain(
            vec![calls(&[("c0", "f")])],
            vec![calls(&[("c1", "f")]), tool("c1")],
            Err(vec![(0, Some(0), UnansweredCall)]),
        ),
        chain(
            chain_done(),
            vec![calls(&[("c1", "f")]), tool("c1")],
            Err(vec![(3, Some(0), DuplicateCallId)]),
        ),
    ];
    let failures = run(rows);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn anthropic_appends() {
    use anthropic::Message as M;
    let done = || vec![M::user("q"), uses(&["t1"]), results(&["t1"])];
    let rows = vec![
        push(
            vec![],
            results(&["t1"]),
            Err(vec![(0, Some(0), DanglingResponse)]),
        ),
        push(done(), M::assistant("answer"), Ok(())),
        push(
            done(),
            results(&["t1"]),
            Err(vec![(3, Some(0), DuplicateResponse)]),
        ),
        push(vec![uses(&["t1", "t2"])], results(&["t2", "t1"]), Ok(())),
        // The one user message after a call turn must answer every call.
        push(
            vec![uses(&["t1", "t2"])],
            results(&["t1"]),
            Err(vec![(0, Some(1), UnansweredCall)]),
        ),
        push(
            vec![uses(&["t1"])],
            M::blocks(
                Role::User,
                [Block::text("here"), Block::tool_result("t1", "ok")],
            ),
            Err(vec![(1, Some(1), ResultNotFirst)]),
        ),
        push(
            vec![uses(&["t1"])],
            results(&["t9"]),
            Err(vec![
                (0, Some(0), UnansweredCall),
                (1, Some(0), UnknownCallId),
            ]),
        ),
        push(
            vec![uses(&["t1"])],
            M::assistant("no"),
            Err(vec![(0, Some(0), UnansweredCall)]),
        ),
        chain(
            vec![M::user("q")],
            vec![uses(&["t1", "t2"]), results(&["t1", "t2"])],
            Ok(()),
        ),
        chain(
            vec![],
            vec![uses(&["t1", "t2"]), results(&["t1"]), results(&["t2"])],
            Err(vec![(0, Some(1), UnansweredCall)]),
        ),
        chain(
            vec![],
            vec![uses(&["t1"])],
            Err(vec![(0, Some(0), UnansweredCall)]),
        ),
        chain(
            vec![],
            vec![M::assistant("x")],
            Err(vec![(0, None, EmptyToolCalls)]),
        ),
    ];
    let failures = run(rows);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn trimming_removes_whole_turns_only() {
    use openai::Message as M;
    // (window, messages kept, as roles and ids)
    let history = || {
        vec![
            M::user("u1"),
            calls(&[("c1", "f"), ("c2", "f")]),
            tool("c1"),
            tool("c2"),
            M::assistant("a1"),
            M::user("u2"),
            calls(&[("c3", "f")]),
            tool("c3"),
        ]
    };
    let cases: [(usize, usize, usize); 8] = [
        // (max, removed, len after)
        (8, 0, 8),
        (7, 1, 7),
        (6, 4, 4),
        (4, 4, 4),
        (3, 5, 3),
        (2, 6, 2),
        (1, 6, 2), // the last turn (a call and its response) is never split
        (0, 6, 2),
    ];
    let mut failures = Vec::new();
    for (max, removed, len) in cases {
        let mut conversation = Conversation::try_from(history()).expect("valid");
        let got = conversation.trim_to(max);
        if (got, conversation.len()) != (removed, len) {
            failures.push(format!(
                "max {max}: removed {got}, left {}",
                conversation.len()
            ));
        }
        if conversation.messages() != &history()[removed..] {
            failures.push(format!("max {max}: not a suffix"));
        }
        if !history::validate(conversation.messages()).is_empty() {
            failures.push(format!("max {max}: invalid after trimming"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // A trimmed call's id may be used again, since the history no longer holds it.
    let mut conversation = Conversation::try_from(history()).expect("valid");
    conversation.trim_to(4);
    conversation
        .push(M::assistant("a2"))
        .and_then(|()| conversation.push_tool_chain(calls(&[("c1", "f")]), [tool("c1")]))
        .expect("c1 is free again");
}

#[test]
fn a_windowed_conversation_never_splits_a_chain() {
    let mut chat = Conversation::windowed(2);
    chat.push(anthropic::Message::user("q")).expect("user");
    chat.push(uses(&["t1", "t2"])).expect("call");
    // The call turn is open: it is the last turn, so the window keeps it whole.
    chat.push(results(&["t1", "t2"])).expect("results");
    assert_eq!(chat.len(), 2);
    assert_eq!(chat.messages()[0], uses(&["t1", "t2"]));
    chat.push(anthropic::Message::assistant("answer"))
        .expect("answer");
    // [call, results, answer] does not fit in 2: the whole chain goes.
    assert_eq!(chat.messages(), [anthropic::Message::assistant("answer")]);

    let mut chat = Conversation::windowed(1);
    for turn in 0..5 {
        let id = format!("c{turn}");
        chat.push_tool_chain(calls(&[(&id, "f")]), [tool(&id), tool(&id)])
            .expect_err("a duplicate response");
        chat.push_tool_chain(calls(&[(&id, "f")]), [tool(&id)])
            .expect("a chain");
        assert_eq!(chat.len(), 2, "turn {turn}");
        assert_eq!(chat.messages()[1], tool(&id));
    }
}

/// A window narrower than one wide turn keeps that turn whole while it is open, and
/// trims it as soon as a later turn starts. Each push resumes the scan of the open turn
/// where the last one stopped: rescanning it from the front on every push is quadratic
/// (8,000 responses would take over a second, four times as long per doubling).
#[test]
fn a_window_narrower_than_one_open_turn_keeps_it_and_then_trims_it() {
    let n = 5_000;
    let ids: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
    let mut chat = Conversation::windowed(10);
    chat.push(openai::Message::user("q")).expect("user");
    chat.push(openai::Message::calls(ids.iter().map(|id| call(id, "f"))))
        .expect("call");
    for (i, id) in ids.iter().enumerate() {
        chat.push(tool(id)).expect("a response");
        // The user turn goes at the first push past the window; the call turn stays.
        assert_eq!(
            chat.len(),
            if i < 8 { i + 3 } else { i + 2 },
            "response {i}"
        );
    }
    // A refused push in the middle of the open turn leaves the known part intact.
    chat.push(tool("c0")).expect_err("a duplicate response");
    assert_eq!(chat.len(), n + 1);
    chat.push(openai::Message::assistant("done"))
        .expect("answer");
    assert_eq!(chat.messages(), [openai::Message::assistant("done")]);
    // And the window works as before on ordinary turns.
    for id in ["d1", "d2", "d3", "d4"] {
        chat.push_tool_chain(calls(&[(id, "f")]), [tool(id)])
            .expect("a chain");
    }
    chat.push(openai::Message::assistant("more"))
        .expect("answer");
    assert_eq!(chat.len(), 10);
    assert_eq!(chat.messages()[0], openai::Message::assistant("done"));
    // 12 messages: "done" and then the whole d1 chain go.
    chat.push_tool_chain(calls(&[("d5", "f")]), [tool("d5")])
        .expect("a chain");
    assert_eq!(chat.len(), 9);
    assert_eq!(chat.messages()[0], calls(&[("d2", "f")]));
}

#[test]
fn construction_goes_through_validation() {
    let dangling = vec![openai::Message::tool("c1", "x")];
    let refused = Conversation::try_from(dangling.clone()).expect_err("dangling");
    assert_eq!(
        refused.to_string(),
        r#"history refused: message 0: tool response has no call before it: "c1" (dangling_response)"#
    );
    assert_eq!(refused.into_messages(), dangling);

    let err = serde_json::from_str::<Conversation<openai::Message>>(
        r#"[{"role": "user", "content": "q"}, {"role": "tool", "tool_call_id": "c1", "content": "x"},
            {"role": "tool", "tool_call_id": "c2", "content": "y"}]"#,
    )
    .expect_err("dangling");
    assert_eq!(
        err.to_string(),
        r#"history refused: message 1: tool response has no call before it: "c1" (dangling_response) (and 1 more)"#
    );

    let open: Conversation<openai::Message> = serde_json::from_value(
        json!([{"role": "assistant", "content": null, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}]),
    )
    .expect("an open call is valid");
    assert_eq!(open.open_calls(), ["c1"]);
    assert_eq!(
        serde_json::to_value(&open).unwrap()[0]["tool_calls"][0]["id"],
        "c1"
    );
}

#[test]
fn id_mapping_resolves_collisions_deterministically() {
    // What "a.b" becomes on its own.
    let mut alone = vec![calls(&[("a.b", "f")]), tool("a.b")];
    let taken = history::map_ids(&mut alone, IdProfile::Anthropic)
        .get("a.b")
        .expect("mapped")
        .to_owned();
    assert!(taken.starts_with("a_b_"), "{taken}");
    assert_eq!(taken.len(), "a_b_".len() + 11);

    // The same id next to a valid id that is exactly what it would become, and next to
    // an id that sanitizes to the same prefix.
    let build = || {
        vec![
            calls(&[("a.b", "f"), (taken.as_str(), "f"), ("a:b", "f")]),
            tool("a:b"),
            tool(&taken),
            tool("a.b"),
        ]
    };
    let mut first = build();
    let map = history::map_ids(&mut first, IdProfile::Anthropic);
    let new: Vec<&str> = ["a.b", taken.as_str(), "a:b"]
        .iter()
        .map(|id| map.get(id).expect("mapped"))
        .collect();
    assert_eq!(new[1], taken, "a valid id keeps itself");
    assert_ne!(new[0], taken, "so the colliding id moves on");
    assert_ne!(new[0], new[2]);
    assert!(new.iter().all(|id| IdProfile::Anthropic.accepts(id)));
    assert_eq!(first[1].tool_call_id.as_deref(), Some(new[2]));
    assert_eq!(first[3].tool_call_id.as_deref(), Some(new[0]));
    assert!(history::validate(&first).is_empty());

    let mut second = build();
    assert_eq!(history::map_ids(&mut second, IdProfile::Anthropic), map);
    assert_eq!(first, second);

    // Mapping an already mapped history changes nothing.
    let again = history::map_ids(&mut second, IdProfile::Anthropic);
    assert_eq!(again.changed().count(), 0);
    assert_eq!(again.len(), 3);
}

#[test]
fn id_mapping_per_profile() {
    let long = "x".repeat(70);
    let cases: [(&str, IdProfile, &str); 9] = [
        ("toolu_01ABC", IdProfile::Anthropic, "toolu_01ABC"),
        (
            "functions.get_weather:0",
            IdProfile::Anthropic,
            "functions_get_weather_0_",
        ),
        ("звонок", IdProfile::Anthropic, "______"),
        ("call_abc", IdProfile::OpenAiResponses, "call_abc"),
        (&long, IdProfile::OpenAiResponses, &long[..52]),
        ("a1B2c3D4e", IdProfile::Mistral, "a1B2c3D4e"),
        ("call_abc", IdProfile::Mistral, ""),
        ("toolu_01ABC", IdProfile::Mistral, ""),
        ("функция", IdProfile::OpenAiResponses, "функция"),
    ];
    let mut failures = Vec::new();
    for (id, profile, prefix) in cases {
        let mut messages = vec![calls(&[(id, "f")]), tool(id)];
        let map = history::map_ids(&mut messages, profile);
        let new = map.get(id).unwrap_or_default().to_owned();
        let ok = profile.accepts(&new)
            && new.starts_with(prefix)
            && messages[1].tool_call_id.as_deref() == Some(new.as_str());
        if !ok {
            failures.push(format!("{profile:?} {id:?} -> {new:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
