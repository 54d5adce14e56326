//! MCP conformance in process: the demo server of `crates/examples/examples/demo_server.rs`,
//! served over an in-memory transport, called through rmcp's own client with the whole case
//! corpus. Outcomes are compared exactly as `tests/data/cases.json` defines them: the
//! accepted value (`structuredContent`) by JSON equality with numbers by value, refusals by
//! the set of (code, path) pairs of the envelope, other failures by category.

use crate::common;
use crate::demo_corpus;
use crate::demo_mcp;
use crate::demo_tools;
use common::raw_rpc;

use mcp_coerce::dialect::Dialect;
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};

/// A client connected to a fresh demo server over an in-memory pipe.
async fn connect() -> RunningService<RoleClient, ()> {
    connect_with(Dialect::Canonical).await
}

/// A client connected to a fresh demo server publishing `dialect`.
async fn connect_with(dialect: Dialect) -> RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(server) = demo_mcp::DemoServer::service(dialect)
            .serve(server_io)
            .await
        {
            let _ = server.waiting().await;
        }
    });
    ().serve(client_io).await.expect("the client connects")
}

/// The envelope of an `isError` result: the JSON text of `content[0]`, which is also
/// `structuredContent` when the result has one (a tool with an `outputSchema` gets the
/// envelope in `content` only).
fn envelope_of(result: &rmcp::model::CallToolResult) -> Value {
    let text = result
        .content
        .first()
        .and_then(|c| c.as_text())
        .map_or("null", |t| t.text.as_str());
    let envelope: Value = serde_json::from_str(text).expect("content[0] is the envelope's JSON");
    if let Some(structured) = &result.structured_content {
        assert_eq!(
            structured, &envelope,
            "structuredContent is the envelope too"
        );
    }
    envelope
}

#[tokio::test]
async fn every_object_case_gets_its_expected_outcome_through_tools_call() {
    let client = connect().await;
    let cases = demo_corpus::corpus().expect("the corpus parses");
    let mut failures = Vec::new();
    let mut called = 0;
    for case in &cases {
        let Value::Object(arguments) = &case.arguments else {
            // rmcp's client types `arguments` as an object: such a case cannot even be
            // sent through it (see `arguments_sent_as_a_string_reach_the_tool`).
            continue;
        };
        called += 1;
        let params =
            CallToolRequestParams::new(case.tool.clone()).with_arguments(arguments.clone());
        let outcome = match client.call_tool(params).await {
            Ok(result) if result.is_error == Some(true) => Err(envelope_of(&result)),
            Ok(result) => Ok(result.structured_content.clone().unwrap_or(Value::Null)),
            Err(e) => Err(json!({"protocol_error": e.to_string()})),
        };
        if !demo_tools::json_outcome_matches(&case.expect, &outcome) {
            failures.push(format!(
                "{}: expected {}, got {:?}",
                case.id, case.expect, outcome
            ));
        }
    }
    assert_eq!(
        called, 138,
        "every case whose arguments are an object was called"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    client.cancel().await.expect("the client closes");
}

/// A refused call is an `isError` result whose text is the envelope's JSON, and nothing
/// else: the demo tools declare an `outputSchema`, which the envelope would not match as
/// `structuredContent`.
#[tokio::test]
async fn a_refusal_is_an_is_error_result_with_the_envelope() {
    let client = connect().await;
    let params = CallToolRequestParams::new("demo_get_observations").with_arguments(
        json!({"ids": "foo,bar"})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    );
    let result = client
        .call_tool(params)
        .await
        .expect("a tool result, not a protocol error");
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.structured_content, None);
    assert_eq!(result.content.len(), 1);
    let structured = envelope_of(&result);
    assert_eq!(structured["error"], "INVALID_ARGUMENT");
    assert_eq!(structured["tool"], "demo_get_observations");
    assert_eq!(
        structured["hint"],
        "Re-read the inputSchema for this tool from tools/list."
    );
    assert_eq!(
        demo_tools::pair_set(&structured["issues"]),
        [("int_parsing", "/ids/0"), ("int_parsing", "/ids/1")]
            .map(|(c, p)| (c.to_owned(), p.to_owned()))
            .into()
    );
    client.cancel().await.expect("the client closes");
}

#[tokio::test]
async fn an_unknown_tool_gets_the_unknown_tool_envelope() {
    let client = connect().await;
    let result = client
        .call_tool(CallToolRequestParams::new("get_observations"))
        .await
        .expect("a tool result, not a protocol error");
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        result.structured_content,
        Some(json!({
            "error": "UNKNOWN_TOOL",
            "tool": "get_observations",
            "message": "unknown tool: get_observations",
            "issues": [],
            "truncated": 0,
            "hint": "did you mean \"demo_get_observations\"? Call tools/list to enumerate the valid demo_* tool names."
        }))
    );
    client.cancel().await.expect("the client closes");
}

/// `tools/list` is pinned as a golden file (`tests/data/tools_list.json`; regenerate with
/// `UPDATE_GOLDEN=1`): names, descriptions, and inline input and output schemas (every demo
/// tool declares one), without `$schema`, and no nullable optional field in an input schema.
#[tokio::test]
async fn tools_list_matches_the_golden_snapshot() {
    let client = connect().await;
    let tools = client.list_all_tools().await.expect("tools/list answers");
    client.cancel().await.expect("the client closes");
    let listed = serde_json::to_value(&tools).expect("serializes");
    let text = serde_json::to_string_pretty(&listed).expect("serializes") + "\n";
    for tool in listed.as_array().into_iter().flatten() {
        for key in ["inputSchema", "outputSchema"] {
            assert!(tool[key].is_object(), "{}: no {key}", tool["name"]);
            let schema = tool[key].to_string();
            assert!(
                !schema.contains("$ref") && !schema.contains("$schema"),
                "{schema}"
            );
        }
        let input = tool["inputSchema"].to_string();
        assert!(!input.contains("\"null\""), "{input}");
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tools_list.json");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("writes the golden file");
        return;
    }
    let golden = std::fs::read_to_string(&path).expect("the golden file exists");
    assert_eq!(text, golden, "tools/list differs from {}", path.display());
}

/// Arguments sent as a JSON string reach the tool through the demo server's
/// `UnwrapArguments` layer (rmcp alone cannot read such a request and answers `-32601`
/// before any server code runs): the corpus case is read as its expectation says, two
/// layers of string encoding are peeled, and what does not hold an object is refused as
/// the crate's entry points refuse it. Sent as raw JSON-RPC: rmcp's client types
/// `arguments` as an object.
#[tokio::test]
async fn arguments_sent_as_a_string_reach_the_tool() {
    let cases = demo_corpus::corpus().expect("the corpus parses");
    let strays: Vec<_> = cases.iter().filter(|c| !c.arguments.is_object()).collect();
    assert_eq!(
        strays.len(),
        6,
        "the corpus has six cases with non-object arguments (a string holding the object, \
         \"\", whitespace, a fenced block, trailing text, plain text)"
    );
    let mut raw = raw_rpc::Raw::start(demo_mcp::DemoServer::service(Dialect::Canonical)).await;
    for case in &strays {
        let reply = raw
            .call(json!({"name": case.tool, "arguments": case.arguments}))
            .await;
        let result = &reply["result"];
        let outcome = if result["isError"] == true {
            Err(
                serde_json::from_str(result["content"][0]["text"].as_str().unwrap_or("null"))
                    .expect("the envelope's JSON"),
            )
        } else {
            Ok(result["structuredContent"].clone())
        };
        assert!(
            demo_tools::json_outcome_matches(&case.expect, &outcome),
            "{}: {reply}",
            case.id
        );
    }
    let twice = json!(
        json!({"card_id": "ATC-2026-7777670"})
            .to_string()
            .to_string()
    );
    let reply = raw
        .call(json!({"name": "demo_get_card", "arguments": twice.to_string()}))
        .await;
    assert_eq!(
        reply["result"]["structuredContent"],
        json!({"card_id": "ATC-2026-7777670"}),
        "{reply}"
    );
    let refused = [
        (json!("[1, 2]"), "invalid_type"),
        (json!(42), "invalid_type"),
        (json!("{\"card_id\": "), "invalid_json"),
        (json!(json!(twice.to_string()).to_string()), "invalid_type"),
    ];
    for (arguments, code) in refused {
        let reply = raw
            .call(json!({"name": "demo_get_card", "arguments": arguments}))
            .await;
        let result = &reply["result"];
        assert_eq!(result["isError"], true, "{arguments}: {reply}");
        let envelope: Value =
            serde_json::from_str(result["content"][0]["text"].as_str().unwrap_or("null"))
                .expect("the envelope's JSON");
        assert_eq!(envelope["error"], "INVALID_ARGUMENT", "{arguments}");
        assert_eq!(
            demo_tools::pair_set(&envelope["issues"]),
            [(code.to_owned(), String::new())].into(),
            "{arguments}"
        );
    }
    // Without the layer, rmcp answers before any server code runs.
    let mut bare =
        raw_rpc::Raw::start(demo_mcp::DemoServer::with_dialect(Dialect::Canonical)).await;
    let reply = bare
        .call(json!({"name": "demo_get_card", "arguments": "{}"}))
        .await;
    assert_eq!(
        reply["error"],
        json!({"code": -32601, "message": "tools/call"})
    );
}

/// The notes for the model ride along with the result: a second text content item and
/// `_meta["mcp-coerce/notes"]`; `structuredContent` stays the tool's output. A call in its
/// canonical shape gets neither.
#[tokio::test]
async fn notes_for_the_model_are_attached_to_the_result() {
    let client = connect().await;
    let params = CallToolRequestParams::new("demo_search_skills").with_arguments(
        json!({"query": "deploy", "limit": 500, "category": "ai-ml"})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    );
    let result = client.call_tool(params).await.expect("a tool result");
    assert_eq!(result.is_error, Some(false));
    assert_eq!(
        result.structured_content,
        Some(json!({"category": "AI/ML", "limit": 50, "query": "deploy"}))
    );
    let notes = [
        "category \"ai-ml\" was read as \"AI/ML\"",
        "limit 500 was clamped to 50 (maximum)",
    ];
    assert_eq!(result.content.len(), 2);
    assert_eq!(
        result.content[1].as_text().expect("a text block").text,
        notes.join("\n")
    );
    let meta = result.meta.expect("_meta");
    assert_eq!(
        meta.0.get(mcp_coerce::rmcp::NOTES_META_KEY),
        Some(&json!(notes))
    );

    let params = CallToolRequestParams::new("demo_search_skills").with_arguments(
        json!({"query": "deploy", "limit": 5})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    );
    let result = client.call_tool(params).await.expect("a tool result");
    assert_eq!(result.content.len(), 1);
    assert!(result.meta.is_none());
    client.cancel().await.expect("the client closes");
}
