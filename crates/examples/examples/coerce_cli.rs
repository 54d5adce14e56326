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

/// One call's line.
fn answer(tools: &Tools, tool: &str, arguments: Value, report: bool, redact: bool) -> String {
    let mut line = serde_json::Map::new();
    line.insert("tool".into(), tool.into());
    let coercer = match tools.get(tool) {
        None => {
            let names = tools.keys().map(String::as_str);
            let envelope = Envelope::unknown_tool_among(
                tool,
                names,
                "Call tools/list to enumerate the valid tool names.",
            );
            line.insert("ok".into(), false.into());
            line.insert("error".into(), to_value(&envelope));
            return Value::Object(line).to_string();
        }
        Some(Err(e)) => {
            line.insert("ok".into(), false.into());
            line.insert("schema_error".into(), e.as_str().into());
            return Value::Object(line).to_string();
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
            line.insert("ok".into(), true.into());
            line.insert("value".into(), call.into_value());
            report.coercions().to_vec()
        }
        Err(rejection) => {
            let rejection = if redact {
                rejection.redacted()
            } else {
                rejection
            };
            line.insert("ok".into(), false.into());
            line.insert("error".into(), to_value(&rejection.to_envelope(tool)));
            rejection.coercions().to_vec()
        }
    };
    if report {
        line.insert("coercions".into(), to_value(&coercions));
    }
    Value::Object(line).to_string()
}

fn to_value<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
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
