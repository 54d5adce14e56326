//! The demo tool set run over real client payloads.
//!
//! - `cargo run --example demo` runs the bundled corpus (`tests/data/cases.json`: tool
//!   calls as real MCP clients send them, each with its expected outcome) and prints a
//!   table: case, tool, accepted value or error codes and paths, and whether it matches.
//!   It exits with status 1 when any case does not match.
//! - `cargo run --example demo -- --jsonl FILE` reads FILE, a JSON array of
//!   `{"tool": "...", "arguments": <any JSON>}`, and prints one JSON line per case:
//!   `{"tool", "ok": true, "value"}` or `{"tool", "ok": false, "error": <envelope>}`.
//!   A refused call is an answer, not a crash: the status is 0 unless FILE is unreadable.

#[path = "common/demo_tools.rs"]
mod demo_tools;

use std::io::Write;
use std::process::ExitCode;

use serde_json::{Value, json};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => run_corpus(),
        [flag, file] if flag == "--jsonl" => run_file(file),
        _ => {
            eprintln!("usage: demo [--jsonl FILE]");
            ExitCode::from(2)
        }
    }
}

fn run_corpus() -> ExitCode {
    let cases = match demo_tools::corpus() {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("demo: the bundled corpus is not readable: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{:<26} {:<22} {:<5} outcome", "case", "tool", "match");
    let mut mismatches = 0;
    for case in &cases {
        let outcome = demo_tools::call(&case.tool, &case.arguments);
        let ok = demo_tools::outcome_matches(&case.expect, &outcome);
        if !ok {
            mismatches += 1;
        }
        let _ = writeln!(
            out,
            "{:<26} {:<22} {:<5} {}",
            case.id,
            case.tool,
            if ok { "yes" } else { "NO" },
            shorten(&demo_tools::summary(&outcome), 90)
        );
        if !ok {
            let _ = writeln!(out, "{:<54} expected {}", "", case.expect);
        }
    }
    let _ = writeln!(
        out,
        "{} cases: {} match, {} mismatch",
        cases.len(),
        cases.len() - mismatches,
        mismatches
    );
    if mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run_file(file: &str) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("demo: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let calls: Vec<Value> = match serde_json::from_str(&text) {
        Ok(Value::Array(calls)) => calls,
        Ok(_) => {
            eprintln!("demo: {file} is not a JSON array of {{\"tool\", \"arguments\"}} objects");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("demo: {file} is not JSON: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    for call in &calls {
        let tool = call.get("tool").and_then(Value::as_str).unwrap_or_default();
        let arguments = call.get("arguments").unwrap_or(&Value::Null);
        let line = match demo_tools::call(tool, arguments) {
            Ok(value) => json!({"tool": tool, "ok": true, "value": value}),
            Err(envelope) => json!({"tool": tool, "ok": false, "error": envelope}),
        };
        // A reader that stops early (`| head`) is not an error of ours.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}
