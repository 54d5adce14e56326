//! MCP conformance in process: the demo server of `crates/examples/examples/demo_server.rs`,
//! served over an in-memory transport, called through rmcp's own client with the whole case
//! corpus. Outcomes are compared exactly as `tests/data/cases.json` defines them: the
//! accepted value (`structuredContent`) by JSON equality with numbers by value, refusals by
//! the set of (code, path) pairs of the envelope, other failures by category.

#[path = "../../../examples/common/demo_corpus.rs"]
mod demo_corpus;
#[path = "../../examples/examples/common/demo_mcp.rs"]
mod demo_mcp;
#[path = "../../../examples/common/demo_tools.rs"]
mod demo_tools;

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// A client connected to a fresh demo server over an in-memory pipe.
async fn connect() -> RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(server) = demo_mcp::DemoServer::new().serve(server_io).await {
            let _ = server.waiting().await;
        }
    });
    ().serve(client_io).await.expect("the client connects")
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
            // sent through it (see `non_object_arguments_are_refused_by_the_protocol_layer`).
            continue;
        };
        called += 1;
        let params =
            CallToolRequestParams::new(case.tool.clone()).with_arguments(arguments.clone());
        let outcome = match client.call_tool(params).await {
            Ok(result) => {
                let structured = result.structured_content.clone().unwrap_or(Value::Null);
                if result.is_error == Some(true) {
                    Err(structured)
                } else {
                    Ok(structured)
                }
            }
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
        called, 87,
        "every case whose arguments are an object was called"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    client.cancel().await.expect("the client closes");
}

/// A refused call is an `isError` result whose text is the envelope's JSON, the same
/// envelope as `structuredContent`; never rmcp's `failed to deserialize parameters` text.
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
    let structured = result.structured_content.expect("structuredContent");
    let text = result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .clone();
    assert_eq!(
        serde_json::from_str::<Value>(&text).expect("JSON text"),
        structured
    );
    assert!(!text.contains("failed to deserialize parameters"));
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
/// `UPDATE_GOLDEN=1`): names, descriptions and inline input schemas, with no nullable
/// optional field.
#[tokio::test]
async fn tools_list_matches_the_golden_snapshot() {
    let client = connect().await;
    let tools = client.list_all_tools().await.expect("tools/list answers");
    client.cancel().await.expect("the client closes");
    let listed = serde_json::to_value(&tools).expect("serializes");
    let text = serde_json::to_string_pretty(&listed).expect("serializes") + "\n";
    for tool in listed.as_array().into_iter().flatten() {
        let schema = tool["inputSchema"].to_string();
        assert!(
            !schema.contains("$ref") && !schema.contains("\"null\""),
            "{schema}"
        );
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tools_list.json");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("writes the golden file");
        return;
    }
    let golden = std::fs::read_to_string(&path).expect("the golden file exists");
    assert_eq!(text, golden, "tools/list differs from {}", path.display());
}

/// Arguments that are not a JSON object never reach server code: rmcp refuses the request
/// at the protocol layer. Sent here as raw JSON-RPC, since rmcp's client cannot send them.
#[tokio::test]
async fn non_object_arguments_are_refused_by_the_protocol_layer() {
    let cases = demo_corpus::corpus().expect("the corpus parses");
    let strays: Vec<_> = cases.iter().filter(|c| !c.arguments.is_object()).collect();
    assert_eq!(
        strays.len(),
        1,
        "the corpus has one case with non-object arguments"
    );

    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(server) = demo_mcp::DemoServer::new().serve(server_io).await {
            let _ = server.waiting().await;
        }
    });
    let (read, mut write) = tokio::io::split(client_io);
    let mut lines = BufReader::new(read).lines();
    let send = |message: Value| format!("{message}\n");
    write
        .write_all(
            send(
                json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"}}}),
            )
            .as_bytes(),
        )
        .await
        .expect("writes");
    let _ = lines.next_line().await.expect("reads");
    write
        .write_all(
            send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).as_bytes(),
        )
        .await
        .expect("writes");
    for (n, case) in strays.iter().enumerate() {
        let id = 10 + n;
        write
            .write_all(
                send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": case.tool, "arguments": case.arguments}}))
                .as_bytes(),
            )
            .await
            .expect("writes");
        let reply: Value =
            serde_json::from_str(&lines.next_line().await.expect("reads").expect("a reply"))
                .expect("JSON");
        assert_eq!(reply["id"], id, "{reply}");
        assert!(
            reply.get("result").is_none(),
            "{}: reached the tool: {reply}",
            case.id
        );
        // rmcp cannot read the request's `params` and answers with its own error (the
        // README quotes it; if rmcp changes it, update the README with this line).
        assert_eq!(
            reply["error"],
            json!({"code": -32601, "message": "tools/call"}),
            "{}: a JSON-RPC error: {reply}",
            case.id
        );
    }
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
