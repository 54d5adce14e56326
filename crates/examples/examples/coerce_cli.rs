//! The root's `cargo run --example coerce` (see `examples/coerce.rs` there): tool calls
//! coerced against the `inputSchema`s of a `tools/list` result, or against one schema.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use mcp_coerce::coercer::Coercer;
use mcp_coerce::{Coercion, Envelope};
use serde_json::Value;

const USAGE: &str =
    "usage: coerce (--tools FILE | --schema FILE) --jsonl CALLS [--report] [--redact]

  --tools FILE   a tools/list result (the JSON-RPC response, its result, or the tools array)
  --schema FILE  one JSON Schema; CALLS is then a JSON array of arguments
  --jsonl CALLS  with --tools: a JSON array of {\"tool\", \"arguments\"} objects
  --report       add \"coercions\" (the crate's coercion report) to each line
  --redact       render refusals (and coercions) without input values";

/// The tools' coercers, by name: each compiled, or why not.
type Tools = BTreeMap<String, Result<Coercer, String>>;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut tools, mut schema, mut calls) = (None, None, None);
    let (mut report, mut redact) = (false, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--tools" => tools = args.next(),
            "--schema" => schema = args.next(),
            "--jsonl" => calls = args.next(),
            "--report" => report = true,
            "--redact" => redact = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => return usage(),
        }
    }
    let Some(calls) = calls else { return usage() };
    let calls = match read(&calls) {
        Ok(Value::Array(calls)) => calls,
        Ok(_) => return fail(&format!("{calls} is not a JSON array")),
        Err(e) => return fail(&e),
    };
    let (tools, one) = match (tools, schema) {
        (Some(file), None) => match read(&file).and_then(|v| tools_of(&v)) {
            Ok(tools) => (tools, false),
            Err(e) => return fail(&e),
        },
        (None, Some(file)) => match read(&file) {
            Ok(schema) => {
                let coercer = Coercer::compile(&schema).map_err(|e| e.to_string());
                (BTreeMap::from([(String::new(), coercer)]), true)
            }
            Err(e) => return fail(&e),
        },
        _ => return usage(),
    };
    let mut out = std::io::stdout().lock();
    for call in calls {
        let (tool, arguments) = if one {
            (String::new(), call)
        } else {
            let tool = call
                .get("tool")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let arguments = call.get("arguments").cloned().unwrap_or(Value::Null);
            (tool, arguments)
        };
        let line = answer(&tools, &tool, arguments, report, redact);
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// One answer, keys in the demo's `--jsonl` order.
#[derive(serde::Serialize)]
struct Line<'a> {
    tool: &'a str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Envelope>,
    #[serde(skip_serializing_if = "Option::is_none")]
    schema_error: Option<&'a str>,
    /// With `--report`: every coercion applied (before the refusal, for a refused call).
    #[serde(skip_serializing_if = "Option::is_none")]
    coercions: Option<Vec<Coercion>>,
}

/// One call's line.
fn answer(tools: &Tools, tool: &str, arguments: Value, report: bool, redact: bool) -> String {
    let mut line = Line {
        tool,
        ok: false,
        value: None,
        error: None,
        schema_error: None,
        coercions: None,
    };
    let coercer = match tools.get(tool) {
        None => {
            let names = tools.keys().map(String::as_str);
            let envelope = Envelope::unknown_tool_among(
                tool,
                names,
                "Call tools/list to enumerate the valid tool names.",
            );
            line.error = Some(envelope);
            return to_string(&line);
        }
        Some(Err(e)) => {
            line.schema_error = Some(e.as_str());
            return to_string(&line);
        }
        Some(Ok(coercer)) => coercer.clone().for_tool(tool),
    };
    let coercions: Vec<Coercion> = match coercer.coerce_with_report(arguments) {
        Ok(call) => {
            let report = if redact {
                call.report().redacted()
            } else {
                call.report().clone()
            };
            line.ok = true;
            line.value = Some(call.into_value());
            report.coercions().to_vec()
        }
        Err(rejection) => {
            let rejection = if redact {
                rejection.redacted()
            } else {
                rejection
            };
            line.error = Some(rejection.to_envelope(tool));
            rejection.coercions().to_vec()
        }
    };
    if report {
        line.coercions = Some(coercions);
    }
    to_string(&line)
}

fn to_string<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The tools of a `tools/list` result, each with its coercer.
fn tools_of(value: &Value) -> Result<Tools, String> {
    let list = value
        .get("result")
        .and_then(|r| r.get("tools"))
        .or_else(|| value.get("tools"))
        .unwrap_or(value);
    let Value::Array(list) = list else {
        return Err("not a tools/list result (no `tools` array)".to_owned());
    };
    let mut tools = BTreeMap::new();
    for tool in list {
        let Some(name) = tool.get("name").and_then(Value::as_str) else {
            return Err("a tool without a name".to_owned());
        };
        let schema = tool
            .get("inputSchema")
            .cloned()
            .unwrap_or(Value::Bool(true));
        tools.insert(
            name.to_owned(),
            Coercer::compile(&schema).map_err(|e| e.to_string()),
        );
    }
    Ok(tools)
}

fn read(file: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("{file} is not JSON: {e}"))
}

fn usage() -> ExitCode {
    eprintln!("{USAGE}");
    ExitCode::from(2)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("coerce: {message}");
    ExitCode::from(2)
}
