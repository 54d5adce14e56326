//! The rmcp router and extractor of `mcp_coerce::rmcp`, on a server built for the test:
//! refusals that fit tools with and without an `outputSchema`, the output check, unknown
//! tools, the extractor without the router, rmcp's own extractor beside it, and
//! `UnwrapArguments` recording `args_unwrapped`. The dialects are tested on the demo
//! server in `dialects` below.

use crate::common;
use crate::demo_mcp;
use crate::demo_tools;

use common::raw_rpc::Raw;
use mcp_coerce::dialect::Dialect;
use mcp_coerce::rmcp::{Coercions, Parameters, UnwrapArguments, coerce};
use mcp_coerce::{IntArrayLike, Items};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Json;
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
use rmcp::service::{RoleClient, RoleServer, RunningService, Service};
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use serde_with::serde_as;

#[serde_as]
#[derive(Deserialize, schemars::JsonSchema)]
struct Args {
    #[serde_as(as = "IntArrayLike<Items<0, 10>>")]
    ids: Vec<i64>,
    /// Optional without `Option`: serde refuses `null` for it.
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Serialize, schemars::JsonSchema)]
struct Count {
    count: usize,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct Plain {
    n: u32,
}

#[derive(Clone)]
struct Probe {
    tool_router: ToolRouter<Self>,
    dialect: Dialect,
    check_output: bool,
}

#[tool_router]
impl Probe {
    fn new() -> Self {
        Probe {
            tool_router: Self::tool_router(),
            dialect: Dialect::Canonical,
            check_output: true,
        }
    }

    #[tool(description = "Count the ids; declares its output type through rmcp's Json.")]
    async fn count(&self, Parameters(args): Parameters<Args>) -> Result<Json<Count>, ErrorData> {
        Ok(Json(Count {
            count: args.ids.len(),
        }))
    }

    #[tool(
        description = "Declares an output type and returns something else.",
        output_schema = mcp_coerce::rmcp::output_schema::<Count>()
    )]
    async fn wrong(&self, Parameters(_): Parameters<Args>) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::structured(json!({"count": "many"})))
    }

    #[tool(
        description = "Declares an output type and returns text only.",
        output_schema = mcp_coerce::rmcp::output_schema::<Count>()
    )]
    async fn text_only(
        &self,
        Parameters(_): Parameters<Args>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::success(vec![ContentBlock::text("3")]))
    }

    #[tool(description = "No output type: returns what it read and the rules applied.")]
    async fn echo(
        &self,
        Parameters(args): Parameters<Args>,
        coercions: Coercions,
    ) -> Result<CallToolResult, ErrorData> {
        let rules: Vec<&str> = coercions
            .report()
            .coercions()
            .iter()
            .map(|c| c.rule().as_str())
            .collect();
        Ok(CallToolResult::structured(
            json!({"ids": args.ids, "tags": args.tags, "rules": rules}),
        ))
    }

    #[tool(
        description = "A hand-written output schema with a nullable property.",
        output_schema = raw_schema(json!({"type": "object", "properties": {
            "items": {"type": "array"}, "nextCursor": {"type": ["string", "null"]}
        }, "required": ["items"]}))
    )]
    async fn page(&self) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::structured(
            json!({"items": [], "nextCursor": null}),
        ))
    }

    #[tool(
        description = "A draft-07 output schema with tuple items.",
        output_schema = raw_schema(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}},
            "required": ["pair"]
        }))
    )]
    async fn draft7(&self) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::structured(json!({"pair": ["a", 1]})))
    }

    #[tool(
        description = "Fails with its own error result, whose structuredContent is no Count.",
        output_schema = mcp_coerce::rmcp::output_schema::<Count>()
    )]
    async fn failing(&self) -> Result<CallToolResult, ErrorData> {
        Ok(CallToolResult::structured_error(json!({"oops": "x"})))
    }

    #[tool(description = "Takes rmcp's own extractor.")]
    async fn plain(
        &self,
        rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<Plain>,
    ) -> String {
        args.n.to_string()
    }
}

fn raw_schema(schema: Value) -> std::sync::Arc<rmcp::model::JsonObject> {
    std::sync::Arc::new(schema.as_object().cloned().unwrap_or_default())
}

#[tool_handler(router = {
    let router = coerce(&self.tool_router).dialect(self.dialect);
    if self.check_output { router } else { router.without_output_check() }
})]
impl ServerHandler for Probe {}

/// The same tool, served without the crate's router (`#[tool_handler]` builds rmcp's
/// own from `Self::tool_router()`).
#[derive(Clone)]
struct Unrouted;

#[tool_router]
impl Unrouted {
    #[tool(description = "Count the ids.")]
    async fn count(&self, Parameters(args): Parameters<Args>) -> Result<Json<Count>, ErrorData> {
        Ok(Json(Count {
            count: args.ids.len(),
        }))
    }
}

#[tool_handler]
impl ServerHandler for Unrouted {}

async fn client_of<S: Service<RoleServer>>(server: S) -> RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(server) = server.serve(server_io).await {
            let _ = server.waiting().await;
        }
    });
    ().serve(client_io).await.expect("the client connects")
}

fn call(tool: &'static str, arguments: Value) -> CallToolRequestParams {
    CallToolRequestParams::new(tool)
        .with_arguments(arguments.as_object().cloned().unwrap_or_default())
}

fn text_of(result: &CallToolResult) -> &str {
    result
        .content
        .first()
        .and_then(|c| c.as_text())
        .map_or("", |t| t.text.as_str())
}

/// Refusals: the envelope as JSON text always; as `structuredContent` only where the tool
/// declares no `outputSchema` (which the envelope would not match).
#[tokio::test]
async fn a_refusal_fits_the_tool_it_answers_for() {
    let client = client_of(Probe::new()).await;
    for (tool, structured) in [("count", false), ("wrong", false), ("echo", true)] {
        let result = client
            .call_tool(call(tool, json!({"ids": "x,y"})))
            .await
            .expect("a tool result");
        assert_eq!(result.is_error, Some(true), "{tool}");
        assert_eq!(result.content.len(), 1, "{tool}");
        // The text keeps the envelope's documented key order, for the model reading it.
        assert!(
            text_of(&result).starts_with(&format!(
                r#"{{"error":"INVALID_ARGUMENT","tool":"{tool}","message":"#
            )),
            "{}",
            text_of(&result)
        );
        let envelope: Value = serde_json::from_str(text_of(&result)).expect("the envelope");
        assert_eq!(envelope["error"], "INVALID_ARGUMENT", "{tool}");
        assert_eq!(
            demo_tools::pair_set(&envelope["issues"]),
            [("int_parsing", "/ids/0"), ("int_parsing", "/ids/1")]
                .map(|(c, p)| (c.to_owned(), p.to_owned()))
                .into(),
            "{tool}"
        );
        assert_eq!(
            result.structured_content,
            structured.then_some(envelope),
            "{tool}"
        );
    }
    client.cancel().await.expect("closes");
}

/// `tools/list` publishes output schemas inline and clean: rmcp's schema of `Json<Count>`
/// without its 2020-12 `$schema`, the crate's `output_schema` as it is (a draft-07
/// `$schema`, kept, is in `output_is_checked_before_it_is_sent`).
#[tokio::test]
async fn output_schemas_are_published_clean() {
    let client = client_of(Probe::new()).await;
    let tools = client.list_all_tools().await.expect("tools/list");
    client.cancel().await.expect("closes");
    // No `format` that is not a standard one (schemars writes `"uint"` for a usize).
    let expected = json!({
        "type": "object",
        "properties": {"count": {"type": "integer", "minimum": 0}},
        "required": ["count"]
    });
    for name in ["count", "wrong", "text_only", "failing"] {
        let tool = tools.iter().find(|t| t.name == name).expect("listed");
        let schema = tool.output_schema.as_ref().expect("an output schema");
        assert_eq!(Value::Object((**schema).clone()), expected, "{name}");
    }
}

/// A result that misses its declared `outputSchema` (a wrong value, or no
/// `structuredContent`) is the `OUTPUT_INVALID` result, in `content` only; the same tools
/// pass their results through with the check off.
#[tokio::test]
async fn output_is_checked_before_it_is_sent() {
    let client = client_of(Probe::new()).await;
    for tool in ["wrong", "text_only"] {
        let result = client
            .call_tool(call(tool, json!({"ids": [1]})))
            .await
            .expect("a tool result");
        assert_eq!(result.is_error, Some(true), "{tool}");
        assert_eq!(result.structured_content, None, "{tool}");
        let envelope: Value = serde_json::from_str(text_of(&result)).expect("the envelope");
        assert_eq!(
            envelope,
            json!({
                "error": "OUTPUT_INVALID",
                "tool": tool,
                "message": format!("the result of tool {tool} does not match its outputSchema"),
                "issues": [],
                "truncated": 0,
                "hint": mcp_coerce::OUTPUT_INVALID_HINT,
            })
        );
    }
    let result = client
        .call_tool(call("count", json!({"ids": "[1, 2]"})))
        .await
        .expect("a tool result");
    assert_eq!(result.structured_content, Some(json!({"count": 2})));
    // What the declared schemas admit passes, in their own draft: a `null` the schema
    // allows, a draft-07 tuple.
    for (tool, value) in [
        ("page", json!({"items": [], "nextCursor": null})),
        ("draft7", json!({"pair": ["a", 1]})),
    ] {
        let result = client
            .call_tool(CallToolRequestParams::new(tool))
            .await
            .expect("a tool result");
        assert_eq!(result.is_error, Some(false), "{tool}: {result:?}");
        assert_eq!(result.structured_content, Some(value), "{tool}");
    }
    let tools = client.list_all_tools().await.expect("tools/list");
    let published = |name: &str| {
        let tool = tools.iter().find(|t| t.name == name).expect("listed");
        Value::Object((**tool.output_schema.as_ref().expect("an output schema")).clone())
    };
    assert_eq!(
        published("draft7")["$schema"],
        "http://json-schema.org/draft-07/schema#"
    );
    assert_eq!(
        published("page")["properties"]["nextCursor"],
        json!({"type": ["string", "null"]})
    );
    // The tool's own error result: its structuredContent, no Count, goes as text.
    let result = client
        .call_tool(CallToolRequestParams::new("failing"))
        .await
        .expect("a tool result");
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.structured_content, None);
    assert_eq!(text_of(&result), r#"{"oops":"x"}"#);
    client.cancel().await.expect("closes");

    let client = client_of(Probe {
        check_output: false,
        ..Probe::new()
    })
    .await;
    let result = client
        .call_tool(call("wrong", json!({"ids": [1]})))
        .await
        .expect("a tool result");
    assert_eq!(result.structured_content, Some(json!({"count": "many"})));
    client.cancel().await.expect("closes");
}

/// An unknown tool is the JSON-RPC `-32602` error by default, with the envelope (and its
/// "did you mean") as `data`.
#[tokio::test]
async fn an_unknown_tool_is_a_protocol_error_by_default() {
    let client = client_of(Probe::new()).await;
    let error = client
        .call_tool(call("cont", json!({})))
        .await
        .expect_err("a protocol error");
    let rmcp::ServiceError::McpError(error) = error else {
        panic!("not a JSON-RPC error: {error:?}");
    };
    assert_eq!(error.code.0, -32602);
    assert_eq!(error.message, "unknown tool: cont");
    assert_eq!(
        error.data,
        Some(json!({
            "error": "UNKNOWN_TOOL",
            "tool": "cont",
            "message": "unknown tool: cont",
            "issues": [],
            "truncated": 0,
            "hint": "did you mean \"count\"? Call tools/list to enumerate the valid tool names."
        }))
    );
    client.cancel().await.expect("closes");
}

/// Without the crate's router, a refusal is still an `isError` result (rmcp's router makes
/// it one): its one text item is rmcp's prefix and the envelope as JSON.
#[tokio::test]
async fn parameters_without_the_router_still_give_an_is_error_result() {
    let client = client_of(Unrouted).await;
    let result = client
        .call_tool(call("count", json!({"ids": "x"})))
        .await
        .expect("a tool result, not a protocol error");
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.structured_content, None);
    let text = text_of(&result);
    let json = text
        .strip_prefix("failed to deserialize parameters: ")
        .expect("rmcp's prefix");
    let envelope: Value = serde_json::from_str(json).expect("the envelope");
    assert_eq!(
        demo_tools::pair_set(&envelope["issues"]),
        [("int_parsing".to_owned(), "/ids/0".to_owned())].into()
    );
    client.cancel().await.expect("closes");
}

/// A tool taking rmcp's own extractor keeps rmcp's answer under the crate's router.
#[tokio::test]
async fn rmcp_s_own_extractor_keeps_its_answer() {
    let client = client_of(Probe::new()).await;
    let result = client
        .call_tool(call("plain", json!({"n": "x"})))
        .await
        .expect("a tool result");
    assert_eq!(result.is_error, Some(true));
    assert!(
        text_of(&result).starts_with("failed to deserialize parameters: "),
        "{}",
        text_of(&result)
    );
    let result = client
        .call_tool(call("plain", json!({"n": 3})))
        .await
        .expect("a tool result");
    assert_eq!(text_of(&result), "3");
    // rmcp's message quotes the refused input whole: it is cut.
    let result = client
        .call_tool(call("plain", json!({"n": "S".repeat(5000)})))
        .await
        .expect("a tool result");
    assert_eq!(text_of(&result).chars().count(), 301);
    assert!(text_of(&result).ends_with('…'));
    client.cancel().await.expect("closes");
}

/// `UnwrapArguments`: arguments sent as a string reach every extractor as the object, and
/// the crate's report records one `args_unwrapped` per layer, before the steps inside.
#[tokio::test]
async fn unwrapped_arguments_are_in_the_report() {
    let mut raw = Raw::start(UnwrapArguments::new(Probe::new())).await;
    let once = json!({"ids": "1,2"}).to_string();
    let twice = json!(once).to_string();
    let cases = [
        (json!(once), json!(["args_unwrapped", "comma_split"])),
        (
            json!(twice),
            json!(["args_unwrapped", "args_unwrapped", "comma_split"]),
        ),
        (json!({"ids": "1,2"}), json!(["comma_split"])),
    ];
    for (arguments, rules) in cases {
        let reply = raw
            .call(json!({"name": "echo", "arguments": arguments}))
            .await;
        assert_eq!(
            reply["result"]["structuredContent"],
            json!({"ids": [1, 2], "tags": [], "rules": rules}),
            "{reply}"
        );
    }
    let reply = raw
        .call(json!({"name": "plain", "arguments": json!({"n": 4}).to_string()}))
        .await;
    assert_eq!(reply["result"]["content"][0]["text"], "4", "{reply}");
    // Arguments that hold no object never reach a tool, whatever its extractor.
    for (tool, arguments) in [
        ("plain", json!(["x"])),
        ("echo", json!("*.log")),
        ("plain", json!(7)),
    ] {
        let reply = raw
            .call(json!({"name": tool, "arguments": arguments}))
            .await;
        let result = &reply["result"];
        assert_eq!(result["isError"], true, "{reply}");
        assert_eq!(result.get("structuredContent"), None, "{reply}");
        let envelope: Value =
            serde_json::from_str(result["content"][0]["text"].as_str().unwrap_or("null"))
                .expect("the envelope");
        assert_eq!(envelope["error"], "INVALID_ARGUMENT", "{reply}");
        assert_eq!(envelope["tool"], tool, "{reply}");
        assert_eq!(
            demo_tools::pair_set(&envelope["issues"]),
            [("invalid_type".to_owned(), String::new())].into(),
            "{reply}"
        );
    }
}

/// The same inside a `ServerHandler` (for transports that take one): `on_custom_request`.
#[derive(Clone)]
struct Handled {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Handled {
    #[tool(description = "Count the ids.")]
    async fn count(&self, Parameters(args): Parameters<Args>) -> Result<Json<Count>, ErrorData> {
        Ok(Json(Count {
            count: args.ids.len(),
        }))
    }
}

#[tool_handler(router = coerce(&self.tool_router))]
impl ServerHandler for Handled {
    async fn on_custom_request(
        &self,
        request: rmcp::model::CustomRequest,
        context: rmcp::service::RequestContext<RoleServer>,
    ) -> Result<rmcp::model::CustomResult, ErrorData> {
        mcp_coerce::rmcp::on_custom_request(self, request, context).await
    }
}

#[tokio::test]
async fn on_custom_request_reads_arguments_sent_as_a_string() {
    let mut raw = Raw::start(Handled {
        tool_router: Handled::tool_router(),
    })
    .await;
    let reply = raw
        .call(json!({"name": "count", "arguments": json!({"ids": "1,2,3"}).to_string()}))
        .await;
    assert_eq!(
        reply["result"]["structuredContent"],
        json!({"count": 3}),
        "{reply}"
    );
    let reply = raw.call(json!({"name": "count", "arguments": "[1]"})).await;
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    let reply = raw.request("tools/other", json!({})).await;
    assert_eq!(
        reply["error"],
        json!({"code": -32601, "message": "tools/other"})
    );
}

/// Ids past 2^53 − 1 (Discord, Telegram, Snowflake ids are about 10^18): what the input
/// contract accepts, exactly, the tool returns, and the router's output check lets through.
#[serde_as]
#[derive(Deserialize, Serialize, schemars::JsonSchema)]
struct BigIds {
    #[serde_as(as = "IntArrayLike")]
    ids: Vec<i64>,
    #[serde_as(as = "mcp_coerce::IntLike")]
    id: i64,
    #[serde_as(as = "mcp_coerce::IntLike")]
    count: u64,
}

#[derive(Clone)]
struct Echo {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Echo {
    #[tool(description = "Returns its arguments, through rmcp's Json.")]
    async fn echo_json(
        &self,
        Parameters(args): Parameters<BigIds>,
    ) -> Result<Json<BigIds>, ErrorData> {
        Ok(Json(args))
    }

    #[tool(
        description = "Returns its arguments, under the crate's output_schema.",
        output_schema = mcp_coerce::rmcp::output_schema::<BigIds>()
    )]
    async fn echo_declared(
        &self,
        Parameters(args): Parameters<BigIds>,
    ) -> Result<CallToolResult, ErrorData> {
        let value = serde_json::to_value(&args)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CallToolResult::structured(value))
    }
}

#[tool_handler(router = coerce(&self.tool_router))]
impl ServerHandler for Echo {}

/// The output schemas carry the integer types' own ranges (input schemas the clip for
/// JavaScript clients), so a big id accepted by the input contract is answered exactly
/// with the output check on, through rmcp's `Json` and the crate's `output_schema` alike.
#[tokio::test]
async fn big_ids_pass_the_output_check_exactly() {
    let client = client_of(Echo {
        tool_router: Echo::tool_router(),
    })
    .await;
    let tools = client.list_all_tools().await.expect("tools/list");
    for tool in ["echo_json", "echo_declared"] {
        let listed = tools.iter().find(|t| t.name == tool).expect("listed");
        let output = Value::Object((**listed.output_schema.as_ref().expect("declared")).clone());
        assert_eq!(
            output["properties"],
            json!({
                "ids": {"type": "array", "items": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX}},
                "id": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX},
                "count": {"type": "integer", "minimum": 0, "maximum": u64::MAX}
            }),
            "{tool}"
        );
        let safe = mcp_coerce::schema::JS_SAFE_INTEGER;
        assert_eq!(
            listed.input_schema["properties"]["id"],
            json!({"type": "integer", "minimum": -safe, "maximum": safe}),
            "{tool}"
        );
        for (arguments, answer) in [
            (
                json!({"ids": [1497549923779084388_i64], "id": "1234567890123456789", "count": 18446744073709551615_u64}),
                json!({"ids": [1497549923779084388_i64], "id": 1234567890123456789_i64, "count": 18446744073709551615_u64}),
            ),
            (
                json!({"ids": "1497549923779084388, -9223372036854775808", "id": 9223372036854775807_i64, "count": "9007199254740993"}),
                json!({"ids": [1497549923779084388_i64, i64::MIN], "id": i64::MAX, "count": 9007199254740993_u64}),
            ),
        ] {
            let result = client
                .call_tool(call(tool, arguments.clone()))
                .await
                .expect("a tool result");
            assert_eq!(
                result.is_error,
                Some(false),
                "{tool} {arguments}: {result:?}"
            );
            assert_eq!(
                result.structured_content,
                Some(answer),
                "{tool} {arguments}"
            );
        }
    }
    client.cancel().await.expect("closes");
}

/// `UnwrapArguments`' own refusals, and `on_custom_request`'s answers, carry `resultType`
/// as rmcp's own results do for the protocol version of the call: not before 2026-07-28
/// (the field did not exist), `"complete"` from then on.
#[tokio::test]
async fn the_layer_answers_in_the_protocol_version_of_the_call() {
    for (version, result_type) in [
        ("2025-06-18", None),
        ("2025-11-25", None),
        ("2026-07-28", Some("complete")),
    ] {
        let mut raw = Raw::start_at(UnwrapArguments::new(Probe::new()), version).await;
        // rmcp's own result (the router's refusal), the layer's refusal, and a call the
        // layer unwrapped.
        let own = raw
            .call(json!({"name": "echo", "arguments": {"ids": "x"}}))
            .await;
        let layer = raw.call(json!({"name": "echo", "arguments": ["x"]})).await;
        let unwrapped = raw
            .call(json!({"name": "echo", "arguments": json!({"ids": [1]}).to_string()}))
            .await;
        for (reply, is_error) in [(&own, true), (&layer, true), (&unwrapped, false)] {
            assert_eq!(reply["result"]["isError"], is_error, "{version}: {reply}");
            assert_eq!(
                reply["result"].get("resultType").and_then(Value::as_str),
                result_type,
                "{version}: {reply}"
            );
        }
        let mut raw = Raw::start_at(
            Handled {
                tool_router: Handled::tool_router(),
            },
            version,
        )
        .await;
        let refused = raw.call(json!({"name": "count", "arguments": "[1]"})).await;
        let unwrapped = raw
            .call(json!({"name": "count", "arguments": json!({"ids": [1]}).to_string()}))
            .await;
        for (reply, is_error) in [(&refused, true), (&unwrapped, false)] {
            assert_eq!(reply["result"]["isError"], is_error, "{version}: {reply}");
            assert_eq!(
                reply["result"].get("resultType").and_then(Value::as_str),
                result_type,
                "{version}: {reply}"
            );
        }
    }
}

/// The strict dialect's shape: every property required, the optional ones nullable; the
/// router publishes it and reads `null` for an optional field as absent.
#[tokio::test]
async fn a_dialect_router_publishes_and_reads_its_dialect() {
    let client = client_of(Probe {
        dialect: Dialect::OpenAiStrict,
        ..Probe::new()
    })
    .await;
    let tools = client.list_all_tools().await.expect("tools/list");
    let echo = tools.iter().find(|t| t.name == "echo").expect("echo");
    let canonical = mcp_coerce::schema::input_schema::<Args>();
    assert_eq!(
        Value::Object((*echo.input_schema).clone()),
        Dialect::OpenAiStrict.rewrite(&canonical).schema
    );
    assert_eq!(
        echo.input_schema["required"],
        json!(["ids", "tags"]),
        "{:?}",
        echo.input_schema
    );
    let result = client
        .call_tool(call("echo", json!({"ids": [1], "tags": null})))
        .await
        .expect("a tool result");
    assert_eq!(
        result.structured_content,
        Some(json!({"ids": [1], "tags": [], "rules": []}))
    );
    client.cancel().await.expect("closes");
}

/// Every dialect, on the demo server: every instance the canonical `inputSchema` admits,
/// sent in the shape the dialect's clients send it (under `openai-strict`, `null` for every
/// property left out) and admitted by the dialect's published schema, gets the answer the
/// canonical server gives the canonical instance; bounds a dialect only describes are
/// still enforced.
mod dialects {
    use super::*;
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

    const INSTANCES: usize = 48;

    /// The answer to a call, comparable across servers: the value, or the envelope.
    async fn answer(
        client: &RunningService<RoleClient, ()>,
        tool: &str,
        arguments: &Value,
    ) -> Value {
        let params = CallToolRequestParams::new(tool.to_owned())
            .with_arguments(arguments.as_object().cloned().unwrap_or_default());
        match client.call_tool(params).await {
            Ok(result) if result.is_error == Some(true) => {
                json!({"refused": serde_json::from_str::<Value>(text_of(&result)).unwrap_or(Value::Null)})
            }
            Ok(result) => json!({"value": result.structured_content}),
            Err(e) => json!({"protocol_error": e.to_string()}),
        }
    }

    /// `instance` as a strict client sends it: `null` for every property of every object
    /// that the instance leaves out.
    fn strict_shape(instance: &mut Value, schema: &Value) {
        match instance {
            Value::Object(map) => {
                let Some(properties) = schema["properties"].as_object() else {
                    return;
                };
                for (name, property) in properties {
                    match map.get_mut(name) {
                        Some(member) => strict_shape(member, property),
                        None => {
                            map.insert(name.clone(), Value::Null);
                        }
                    }
                }
            }
            Value::Array(items) => {
                for item in items {
                    strict_shape(item, &schema["items"]);
                }
            }
            _ => {}
        }
    }

    #[tokio::test]
    async fn every_dialect_reads_what_its_clients_send_as_the_canonical_call() {
        let canonical = demo_mcp::DemoServer::service(Dialect::Canonical);
        let reference = client_of(canonical).await;
        let tools = reference.list_all_tools().await.expect("tools/list");
        for dialect in Dialect::ALL {
            let client = client_of(demo_mcp::DemoServer::service(dialect)).await;
            let published = client.list_all_tools().await.expect("tools/list");
            for tool in &tools {
                let schema = Value::Object((*tool.input_schema).clone());
                let theirs = published
                    .iter()
                    .find(|t| t.name == tool.name)
                    .expect("the same tools");
                let theirs = Value::Object((*theirs.input_schema).clone());
                assert_eq!(
                    theirs,
                    dialect.rewrite(&schema).schema,
                    "{dialect} {}",
                    tool.name
                );
                let canonical_validator = jsonschema::validator_for(&schema).expect("compiles");
                let dialect_validator = jsonschema::validator_for(&theirs).expect("compiles");
                let mut runner = TestRunner::new_with_rng(
                    Config::default(),
                    TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]),
                );
                let strategy = mcp_coerce::testing::instances(&schema);
                let mut sent = 0;
                for _ in 0..INSTANCES {
                    let instance = strategy
                        .new_tree(&mut runner)
                        .expect("an instance")
                        .current();
                    if !canonical_validator.is_valid(&instance) {
                        continue;
                    }
                    let mut shaped = instance.clone();
                    if dialect == Dialect::OpenAiStrict {
                        strict_shape(&mut shaped, &schema);
                    }
                    if !dialect_validator.is_valid(&shaped) {
                        continue;
                    }
                    sent += 1;
                    assert_eq!(
                        answer(&client, &tool.name, &shaped).await,
                        answer(&reference, &tool.name, &instance).await,
                        "{dialect} {}: {shaped} (canonical {instance})",
                        tool.name
                    );
                }
                // A free-form object can only be sent empty under openai-strict; every
                // tool still gets calls in every dialect.
                assert!(
                    sent >= INSTANCES / 4,
                    "{dialect} {}: {sent} calls",
                    tool.name
                );
            }
            // A bound the dialect moves into a description is still the check's.
            let beyond = json!({"ids": [1], "limit": 500});
            let mut shaped = beyond.clone();
            if dialect == Dialect::OpenAiStrict {
                let schema = Value::Object(
                    (*tools
                        .iter()
                        .find(|t| t.name == "demo_get_observations")
                        .expect("tool")
                        .input_schema)
                        .clone(),
                );
                strict_shape(&mut shaped, &schema);
            }
            let refused = answer(&client, "demo_get_observations", &shaped).await;
            assert_eq!(
                demo_tools::pair_set(&refused["refused"]["issues"]),
                [("too_big".to_owned(), "/limit".to_owned())].into(),
                "{dialect}: {refused}"
            );
            client.cancel().await.expect("closes");
        }
        reference.cancel().await.expect("closes");
    }
}
