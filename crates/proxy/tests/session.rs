//! The session's answer to each line, exactly: conversations between a client (`C`) and a
//! server (`S`) as tables of the lines each side sends and the lines the proxy writes.

use mcp_coerce::dialect::Dialect;
use mcp_coerce_proxy::{Action, Config, Session};
use serde_json::{Value, json};

/// The id prefix of the session's own requests in these tests.
const OWN: &str = "mcp-coerce-proxy/T/";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    C,
    S,
}
use Side::{C, S};

/// One line in, and the lines out (to which side, and what).
struct Step {
    from: Side,
    line: String,
    out: Vec<(Side, String)>,
}

fn step(from: Side, line: impl Into<String>, out: Vec<(Side, String)>) -> Step {
    Step {
        from,
        line: line.into(),
        out,
    }
}

/// The same line, passed on to the other side.
fn through(from: Side, line: impl Into<String>) -> Step {
    let line = line.into();
    let to = if from == C { S } else { C };
    step(from, line.clone(), vec![(to, line)])
}

fn text(v: Value) -> String {
    v.to_string()
}

/// Run a conversation; every step is checked, and all mismatches are reported at once.
#[track_caller]
fn converse(config: Config, steps: &[Step]) {
    let mut session = Session::with_id_prefix(config, OWN);
    let mut failures = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let actions = match step.from {
            C => session.from_client(step.line.as_bytes()),
            S => session.from_server(step.line.as_bytes()),
        };
        let got: Vec<(Side, String)> = actions
            .into_iter()
            .map(|a| match a {
                Action::ToServer(l) => (S, String::from_utf8_lossy(&l).into_owned()),
                Action::ToClient(l) => (C, String::from_utf8_lossy(&l).into_owned()),
            })
            .collect();
        if got != step.out {
            failures.push(format!(
                "step {i} ({:?} {}):\n  got  {got:?}\n  want {:?}",
                step.from, step.line, step.out
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn sum_tool() -> Value {
    json!({
        "name": "sum",
        "inputSchema": {"type": "object", "properties": {
            "a": {"type": "integer"}, "b": {"type": "integer"}
        }, "required": ["a", "b"]},
        "outputSchema": {"type": "object", "properties": {"sum": {"type": "integer"}}, "required": ["sum"]}
    })
}

fn echo_tool() -> Value {
    json!({
        "name": "echo",
        "inputSchema": {"type": "object", "properties": {
            "ids": {"type": "array", "items": {"type": "integer"}},
            "note": {"type": "string"}
        }, "required": ["ids"]}
    })
}

fn list(id: Value, tools: Value) -> String {
    text(json!({"jsonrpc": "2.0", "id": id, "result": {"tools": tools}}))
}

fn call(id: Value, name: &str, arguments: Value) -> String {
    text(
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name, "arguments": arguments}}),
    )
}

fn result(id: Value, result: Value) -> String {
    text(json!({"jsonrpc": "2.0", "id": id, "result": result}))
}

/// The refusal of `sum` called with `{"a": "x", "b": 3}`: `int_parsing` at `/a`.
fn sum_refused() -> Value {
    json!({
        "error": "INVALID_ARGUMENT",
        "tool": "sum",
        "message": "invalid arguments for tool sum: 1 issue",
        "issues": [{
            "code": "int_parsing",
            "path": "/a",
            "message": "expected an integer",
            "input": "x",
            "hint": "send a whole number in decimal notation, e.g. 42"
        }],
        "truncated": 0,
        "hint": "Re-read the inputSchema for this tool from tools/list."
    })
}

/// The envelope as its text is written: in its documented key order (`error`, `tool`,
/// `message`, `issues`, `truncated`, `hint`; an issue's `code`, `path`, `message`,
/// `input`, `hint`), which a `Value` (keys sorted) does not keep.
fn refusal_text(envelope: &Value) -> String {
    fn ordered(v: &Value, keys: &[&str]) -> String {
        let members: Vec<String> = keys
            .iter()
            .filter_map(|k| v.get(*k).map(|x| (k, x)))
            .map(|(k, x)| {
                let x = if *k == "issues" {
                    let issues: Vec<String> = x
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .map(|i| {
                                    ordered(
                                        i,
                                        &["code", "path", "message", "input", "hint", "context"],
                                    )
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    format!("[{}]", issues.join(","))
                } else {
                    x.to_string()
                };
                format!("{}:{x}", Value::from(*k))
            })
            .collect();
        format!("{{{}}}", members.join(","))
    }
    ordered(
        envelope,
        &[
            "error",
            "tool",
            "message",
            "issues",
            "truncated",
            "hint",
            "context",
        ],
    )
}

#[test]
fn learned_from_the_clients_listing_then_coerced_refused_and_checked() {
    let refused = sum_refused();
    let steps = [
        through(C, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
        through(S, list(json!(1), json!([sum_tool(), echo_tool()]))),
        // Lax: only `arguments` is replaced; every other byte as sent.
        step(
            C,
            r#"{"jsonrpc":"2.0", "id":2,"method":"tools/call","params":{"name":"sum","arguments":{"a":"2","b":3}, "_meta":{"k":1}}}"#,
            vec![(
                S,
                r#"{"jsonrpc":"2.0", "id":2,"method":"tools/call","params":{"name":"sum","arguments":{"a":2,"b":3}, "_meta":{"k":1}}}"#.into(),
            )],
        ),
        // Canonical: byte for byte.
        through(
            C,
            r#"{ "jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"sum","arguments":{ "a":2, "b":3.0 }}}"#,
        ),
        // Junk: answered by the proxy, content only (the tool has an outputSchema).
        step(
            C,
            call(json!(4), "sum", json!({"a": "x", "b": 3})),
            vec![(
                C,
                result(
                    json!(4),
                    json!({"content": [{"type": "text", "text": refusal_text(&refused)}], "isError": true}),
                ),
            )],
        ),
        // Arguments sent as a string holding the object.
        step(
            C,
            call(json!(5), "echo", json!("{\"ids\": \"1,2\"}")),
            vec![(S, call(json!(5), "echo", json!({"ids": [1, 2]})))],
        ),
        // Results: a good one as it came, a bad one replaced by OUTPUT_INVALID.
        through(S, result(json!(2), json!({"content": [], "structuredContent": {"sum": 5}}))),
        step(
            S,
            result(json!(3), json!({"content": [], "structuredContent": {"sum": "5"}})),
            vec![(
                C,
                result(
                    json!(3),
                    json!({"content": [{"type": "text", "text": refusal_text(&json!({
                        "error": "OUTPUT_INVALID",
                        "tool": "sum",
                        "message": "the result of tool sum does not match its outputSchema",
                        "issues": [],
                        "truncated": 0,
                        "hint": "The server produced an invalid result; this is not a fault of the call. Do not retry it unchanged; report the problem."
                    }))}], "isError": true}),
                ),
            )],
        ),
        // A result of a tool without an outputSchema, and an error, as they came.
        through(S, result(json!(5), json!({"content": [{"type": "text", "text": "[1,2]"}]}))),
        through(S, text(json!({"jsonrpc": "2.0", "id": 9, "error": {"code": -32601, "message": "no"}}))),
    ];
    converse(Config::default(), &steps);
}

#[test]
fn a_refusal_of_a_tool_without_output_schema_carries_structured_content() {
    let envelope = json!({
        "error": "INVALID_ARGUMENT",
        "tool": "echo",
        "message": "invalid arguments for tool echo: 1 issue",
        "issues": [{"code": "missing", "path": "/ids", "message": "missing required field", "hint": "add the required field `ids`; the tool's inputSchema says what it holds"}],
        "truncated": 0,
        "hint": "Re-read the inputSchema for this tool from tools/list."
    });
    let steps = [
        through(C, r#"{"jsonrpc":"2.0","id":"l","method":"tools/list"}"#),
        through(S, list(json!("l"), json!([echo_tool()]))),
        step(
            C,
            call(json!("c"), "echo", json!({})),
            vec![(
                C,
                result(
                    json!("c"),
                    json!({"content": [{"type": "text", "text": refusal_text(&envelope)}], "isError": true, "structuredContent": envelope}),
                ),
            )],
        ),
    ];
    converse(Config::default(), &steps);
}

#[test]
fn a_call_to_a_tool_not_listed_is_held_while_the_proxy_lists() {
    let own1 = format!("{OWN}1");
    let own2 = format!("{OWN}2");
    let steps = [
        through(
            C,
            r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#,
        ),
        through(
            S,
            r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18"}}"#,
        ),
        step(
            C,
            call(json!(1), "sum", json!({"a": "1", "b": "2"})),
            vec![(
                S,
                text(json!({"jsonrpc": "2.0", "id": own1, "method": "tools/list", "params": {}})),
            )],
        ),
        // Held too, without a second listing; then cancelled: never forwarded.
        step(C, call(json!(2), "sum", json!({"a": 1, "b": 2})), vec![]),
        step(
            C,
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#,
            vec![],
        ),
        // A refused call held: answered by the proxy once the tool is known.
        step(C, call(json!(3), "echo", json!({"ids": "x"})), vec![]),
        // Unrelated traffic passes meanwhile, both ways.
        through(C, r#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#),
        through(
            S,
            r#"{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{}}"#,
        ),
        through(C, r#"{"jsonrpc":"2.0","id":"s1","result":{}}"#),
        // The first page: the next one is asked for, nothing reaches the client.
        step(
            S,
            text(
                json!({"jsonrpc": "2.0", "id": own1, "result": {"tools": [sum_tool()], "nextCursor": "p2"}}),
            ),
            vec![(
                S,
                text(
                    json!({"jsonrpc": "2.0", "id": own2, "method": "tools/list", "params": {"cursor": "p2"}}),
                ),
            )],
        ),
        step(
            S,
            list(json!(own2), json!([echo_tool()])),
            vec![
                (S, call(json!(1), "sum", json!({"a": 1, "b": 2}))),
                (
                    C,
                    result(
                        json!(3),
                        json!({"content": [{"type": "text", "text": refusal_text(&json!({
                            "error": "INVALID_ARGUMENT",
                            "tool": "echo",
                            "message": "invalid arguments for tool echo: 1 issue",
                            "issues": [{"code": "int_parsing", "path": "/ids/0", "message": "expected an integer", "input": "x", "hint": "send a whole number in decimal notation, e.g. 42", "context": {"offset": 0}}],
                            "truncated": 0,
                            "hint": "Re-read the inputSchema for this tool from tools/list."
                        }))}], "isError": true, "structuredContent": {
                            "error": "INVALID_ARGUMENT",
                            "tool": "echo",
                            "message": "invalid arguments for tool echo: 1 issue",
                            "issues": [{"code": "int_parsing", "path": "/ids/0", "message": "expected an integer", "input": "x", "hint": "send a whole number in decimal notation, e.g. 42", "context": {"offset": 0}}],
                            "truncated": 0,
                            "hint": "Re-read the inputSchema for this tool from tools/list."
                        }}),
                    ),
                ),
            ],
        ),
        // Every tool is known now: a tool still unknown goes on unchanged, not held.
        through(C, call(json!(5), "nope", json!({"a": "1"}))),
        // The list changed: forgotten, so the next call is held again.
        through(
            S,
            r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#,
        ),
        step(
            C,
            call(json!(6), "sum", json!({"a": 1, "b": 2})),
            vec![(
                S,
                text(
                    json!({"jsonrpc": "2.0", "id": format!("{OWN}3"), "method": "tools/list", "params": {}}),
                ),
            )],
        ),
        // The server refuses the listing: the held call goes on as it came.
        step(
            S,
            text(
                json!({"jsonrpc": "2.0", "id": format!("{OWN}3"), "error": {"code": -32601, "message": "no"}}),
            ),
            vec![(S, call(json!(6), "sum", json!({"a": 1, "b": 2})))],
        ),
    ];
    converse(Config::default(), &steps);
}

#[test]
fn lines_that_are_not_json_rpc_pass_as_they_came() {
    let steps = [
        through(C, "not json"),
        through(S, "Server started on stdio"),
        through(C, ""),
        through(C, "42"),
        through(
            C,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}"#,
        ),
        through(
            C,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}"#,
        ),
        through(S, r#"{"jsonrpc":"2.0","id":77,"result":{}}"#),
        step(
            C,
            vec![0xff_u8, b'{']
                .into_iter()
                .map(char::from)
                .collect::<String>(),
            vec![(S, "\u{ff}{".into())],
        ),
    ];
    converse(Config::default(), &steps);
}

#[test]
fn batches_have_their_calls_coerced_one_by_one() {
    let steps = [
        through(C, r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#),
        through(S, format!("[{}]", list(json!(1), json!([sum_tool()])))),
        step(
            C,
            format!(
                "[{}, {},{}]",
                call(json!(2), "sum", json!({"a": "1", "b": 2})),
                call(json!(3), "sum", json!({"a": "x", "b": 2})),
                r#"{"jsonrpc":"2.0","method":"notifications/progress"}"#
            ),
            vec![
                (
                    S,
                    format!(
                        "[{},{}]",
                        call(json!(2), "sum", json!({"a": 1, "b": 2})),
                        r#"{"jsonrpc":"2.0","method":"notifications/progress"}"#
                    ),
                ),
                (
                    C,
                    format!(
                        "[{}]",
                        result(
                            json!(3),
                            json!({"content": [{"type": "text", "text": refusal_text(&sum_refused())}], "isError": true}),
                        )
                    ),
                ),
            ],
        ),
        // A batch of canonical calls goes on byte for byte.
        through(
            C,
            format!("[ {} ]", call(json!(4), "sum", json!({"a": 1, "b": 2}))),
        ),
    ];
    converse(Config::default(), &steps);
}

#[test]
fn the_stateless_revision_gets_result_type() {
    let steps = [
        through(
            C,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
        ),
        through(S, list(json!(1), json!([echo_tool()]))),
        step(
            C,
            text(
                json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
                    "name": "echo", "arguments": {"ids": 1, "note": 5},
                    "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
                }}),
            ),
            vec![(
                C,
                result(
                    json!(2),
                    json!({
                        "resultType": "complete",
                        "content": [{"type": "text", "text": refusal_text(&json!({
                            "error": "INVALID_ARGUMENT", "tool": "echo",
                            "message": "invalid arguments for tool echo: 1 issue",
                            "issues": [{"code": "invalid_type", "path": "/note", "message": "expected a string, got a number", "input": 5, "hint": "send a string"}],
                            "truncated": 0, "hint": "Re-read the inputSchema for this tool from tools/list."
                        }))}],
                        "isError": true,
                        "structuredContent": {
                            "error": "INVALID_ARGUMENT", "tool": "echo",
                            "message": "invalid arguments for tool echo: 1 issue",
                            "issues": [{"code": "invalid_type", "path": "/note", "message": "expected a string, got a number", "input": 5, "hint": "send a string"}],
                            "truncated": 0, "hint": "Re-read the inputSchema for this tool from tools/list."
                        }
                    }),
                ),
            )],
        ),
        // A result that is not complete passes unchecked.
        through(
            S,
            result(
                json!(2),
                json!({"resultType": "input_required", "inputRequests": {}}),
            ),
        ),
    ];
    converse(Config::default(), &steps);
}

#[test]
fn report_notes_are_attached_to_coerced_calls_results() {
    let config = Config {
        report: true,
        ..Config::default()
    };
    let steps = [
        through(C, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
        through(S, list(json!(1), json!([echo_tool()]))),
        step(
            C,
            call(json!(2), "echo", json!({"IDS": [1]})),
            vec![(S, call(json!(2), "echo", json!({"ids": [1]})))],
        ),
        step(
            S,
            result(
                json!(2),
                json!({"content": [{"type": "text", "text": "ok"}], "x-extra": 1}),
            ),
            vec![(
                C,
                result(
                    json!(2),
                    json!({
                        "content": [{"type": "text", "text": "ok"}, {"type": "text", "text": "IDS was read as ids"}],
                        "x-extra": 1,
                        "_meta": {"mcp-coerce/notes": ["IDS was read as ids"]}
                    }),
                ),
            )],
        ),
        // A canonical call has no notes: its result as it came.
        through(C, call(json!(3), "echo", json!({"ids": [1]}))),
        through(S, result(json!(3), json!({"content": []}))),
    ];
    converse(config, &steps);
}

#[test]
fn a_dialect_rewrites_the_listing_and_reads_its_arguments() {
    let config = Config {
        dialect: Dialect::OpenAiStrict,
        ..Config::default()
    };
    let listed = list(json!(1), json!([echo_tool()]));
    let mut published: Value = serde_json::from_str(&listed).unwrap_or_default();
    let rewritten = Dialect::OpenAiStrict
        .rewrite(&echo_tool()["inputSchema"])
        .schema;
    published["result"]["tools"][0]["inputSchema"] = rewritten;
    let steps = [
        through(C, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
        step(S, listed, vec![(C, published.to_string())]),
        // openai-strict sends `null` for an optional field: read as absent.
        step(
            C,
            call(json!(2), "echo", json!({"ids": [1], "note": null})),
            vec![(S, call(json!(2), "echo", json!({"ids": [1]})))],
        ),
    ];
    converse(config, &steps);
}

#[test]
fn a_schema_that_does_not_compile_leaves_its_calls_unchecked() {
    let tool = json!({"name": "odd", "inputSchema": {"type": "object", "properties": {"a": {"type": "text"}}}});
    let steps = [
        through(C, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
        through(S, list(json!(1), json!([tool]))),
        through(C, call(json!(2), "odd", json!({"a": "1,2"}))),
    ];
    converse(Config::default(), &steps);
}

#[test]
fn without_output_check_results_pass() {
    let config = Config {
        output_check: false,
        ..Config::default()
    };
    let steps = [
        through(C, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
        through(S, list(json!(1), json!([sum_tool()]))),
        through(C, call(json!(2), "sum", json!({"a": 1, "b": 2}))),
        through(
            S,
            result(
                json!(2),
                json!({"content": [], "structuredContent": {"sum": "x"}}),
            ),
        ),
    ];
    converse(config, &steps);
}
