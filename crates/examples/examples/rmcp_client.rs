//! An MCP client on rmcp's client API that coerces a model's tool arguments against the
//! server's published `inputSchema` before it calls the tool: the place a Rust host (an
//! agent, a chat client) puts mcp-coerce for servers it does not control.
//!
//! ```text
//! cargo build --example demo_server --features rmcp
//! cargo run -p mcp-coerce-examples --features client --example rmcp_client -- target/debug/examples/demo_server
//! ```
//!
//! It starts the server command given after its name, lists the tools (every page), compiles
//! each `inputSchema` once with [`Coercer`], then plays a model's calls: each is coerced
//! before it is sent, so the server receives the canonical arguments; a call the coercer
//! refuses is never sent, and the envelope (what the model reads to fix its call) is
//! printed instead. A tool whose schema does not compile, or that the server did not list,
//! is called with the arguments as the model sent them (the server answers it).
//!
//! rmcp's own `transport-child-process` feature would start the server too; it pulls
//! `process-wrap`, so this example starts it with tokio's `Command` and speaks over its
//! stdout and stdin with rmcp's async read/write transport.

use std::collections::BTreeMap;
use std::process::Stdio;

use mcp_coerce::Envelope;
use mcp_coerce::coercer::Coercer;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, JsonObject};
use serde_json::{Value, json};

/// The calls a model made, as it sent them: stringified arrays, numbers as strings,
/// camelCase keys, an enum value in the wrong case, yes/no for a boolean, dates, UUIDs and
/// addresses in the spellings models send, and one call that no reading makes valid.
fn model_calls() -> Vec<(&'static str, Value)> {
    vec![
        (
            "demo_get_observations",
            json!({"ids": "[1, 2, 3]", "orderBy": "DATE-DESC", "limit": "25"}),
        ),
        (
            "demo_search_skills",
            json!({"query": "pdf", "category": "ai-ml", "free_only": "yes", "max_price": "12.5"}),
        ),
        (
            "demo_batch_update",
            json!({"updates": "[{\"id\": \"7\", \"status\": \"Closed\"}]", "dry_run": "true"}),
        ),
        ("demo_get_card", json!({"card_id": "ATC-2026-7777670"})),
        (
            "demo_schedule_event",
            json!({
                "start": "2026-01-15 10:00+0100",
                "event_id": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
                "organizer": "mailto:ann@example.com",
                "allowedIp": " [2001:db8::1] "
            }),
        ),
        ("demo_get_observations", json!({"ids": "1,x", "limit": 5})),
    ]
}

/// What the host does with one of the model's calls before it is sent.
enum Prepared {
    /// Send these arguments (coerced, or as the model sent them), with the notes.
    Send(JsonObject, Vec<String>),
    /// Do not send: give the model this envelope as the call's result.
    Refuse(Envelope),
    /// The coerced arguments are not an object (the tool's schema says so).
    Unsendable(Value),
}

/// The model's `arguments` for `tool`, read against the tool's compiled schema.
fn prepare(coercers: &BTreeMap<String, Option<Coercer>>, tool: &str, arguments: Value) -> Prepared {
    let Some(Some(coercer)) = coercers.get(tool) else {
        // Not listed, or its schema does not compile: the server is the judge.
        let sent = match arguments {
            Value::Object(map) => map,
            _ => JsonObject::new(),
        };
        return Prepared::Send(sent, Vec::new());
    };
    match coercer.coerce_with_report(arguments) {
        Ok(coerced) => {
            let notes = coerced.notes();
            match coerced.into_value() {
                Value::Object(map) => Prepared::Send(map, notes),
                // A schema whose root is no object schema: rmcp types `arguments` as an
                // object, so such a value cannot be sent.
                other => Prepared::Unsendable(other),
            }
        }
        Err(rejection) => Prepared::Refuse(Envelope::invalid_argument(tool, &rejection)),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let command: Vec<String> = std::env::args().skip(1).collect();
    let Some((program, args)) = command.split_first() else {
        return Err("usage: rmcp_client COMMAND [ARGS...] (a stdio MCP server)".into());
    };
    let mut child = tokio::process::Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
        return Err("the server's stdio is not piped".into());
    };
    let client = ().serve((stdout, stdin)).await?;

    // Each tool's schema compiled once, as a host does when it receives the tool list.
    let mut coercers = BTreeMap::new();
    for tool in client.list_all_tools().await? {
        let schema = Value::Object((*tool.input_schema).clone());
        let coercer = match Coercer::compile(&schema) {
            Ok(coercer) => Some(coercer.for_tool(&tool.name)),
            Err(error) => {
                println!("{}: calls go unchecked ({error})", tool.name);
                None
            }
        };
        coercers.insert(tool.name.to_string(), coercer);
    }
    let compiled = coercers.values().filter(|c| c.is_some()).count();
    println!(
        "{} tools listed, {compiled} schemas compiled",
        coercers.len()
    );

    let mut sent = 0;
    for (tool, arguments) in model_calls() {
        println!("\nmodel: {tool} {arguments}");
        match prepare(&coercers, tool, arguments) {
            Prepared::Send(arguments, notes) => {
                println!("sent:  {}", Value::Object(arguments.clone()));
                for note in notes {
                    println!("note:  {note}");
                }
                let params = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
                let result = client.call_tool(params).await?;
                sent += 1;
                let answer = result
                    .structured_content
                    .clone()
                    .unwrap_or_else(|| json!(result.content));
                let error = if result.is_error == Some(true) {
                    " (isError)"
                } else {
                    ""
                };
                println!("server{error}: {answer}");
            }
            Prepared::Refuse(envelope) => {
                println!("not sent: refused before the call, the model reads");
                println!("{}", envelope.to_json_string());
            }
            Prepared::Unsendable(value) => {
                println!("not sent: the schema reads the arguments as {value}, not an object");
            }
        }
    }
    println!("\n{sent} calls sent to the server");
    client.cancel().await?;
    let status = child.wait().await?;
    if !status.success() {
        return Err(format!("the server exited with {status}").into());
    }
    Ok(())
}
