//! The demo tool set run over real client payloads.
//!
//! - `cargo run --example demo` runs the bundled corpus (`tests/data/cases.json`: tool
//!   calls as real MCP clients send them, each with its expected outcome) and prints a
//!   table: case, tool, whether it matches, the arguments sent, and the accepted value or,
//!   for a refused call, what the model receives: each issue's code, path (`(root)` for
//!   the whole arguments; the JSON Lines keep `""`), message and hint.
//!   It exits with status 1 when any case does not match.
//! - `cargo run --example demo -- --jsonl FILE` reads FILE, a JSON array of
//!   `{"tool": "...", "arguments": <any JSON>}` (or the same objects one per line, JSON
//!   Lines), and prints one JSON line per case:
//!   `{"tool", "ok": true, "value"}` or `{"tool", "ok": false, "error": <envelope>}`.
//!   A refused call is an answer, not a crash: the status is 0 unless FILE is unreadable.
//!   With `--report`, each line also has `"coercions": [{"path", "rule", "from", "to"}]`,
//!   the crate's coercion report (for a refused call, what was coerced before it was
//!   refused). With `--redact`, refusals and coercions carry no input values
//!   (`Rejection::redacted`: no `input`, no caller text in messages, hints or context,
//!   caller-chosen keys written `*` in paths).

#[path = "common/demo_corpus.rs"]
mod demo_corpus;
#[path = "common/demo_tools.rs"]
mod demo_tools;

use std::io::Write;
use std::process::ExitCode;

use serde_json::Value;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        return run_corpus();
    }
    if matches!(args.as_slice(), [flag] if flag == "--help" || flag == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut file = None;
    let (mut report, mut redact) = (false, false);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--jsonl" => file = rest.next(),
            "--report" => report = true,
            "--redact" => redact = true,
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    match file {
        Some(file) => run_file(file, report, redact),
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

const USAGE: &str = "usage: demo [--jsonl FILE [--report] [--redact]]

  (no arguments)  run the bundled corpus of real client calls and say, for each case,
                  whether the outcome is the expected one, and which coercions were applied
  --jsonl FILE    answer the calls in FILE (a JSON array of {\"tool\", \"arguments\"}
                  objects, or one such object per line), one JSON line per call
  --report        with --jsonl: add \"coercions\" (the crate's coercion report) to each line
  --redact        with --jsonl: render refusals (and coercions) without input values
                  (accepted values and tool names are printed as they are)";

fn run_corpus() -> ExitCode {
    let cases = match demo_corpus::corpus() {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("demo: the bundled corpus is not readable: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "{} tool calls as real MCP clients sent them (tests/data/cases.json), what the demo \
         tools made of each:\nthe value accepted, or for a refused call what the model \
         receives, each issue's code, path (\"(root)\" for the whole arguments), message \
         and hint; \"coerced:\" lists the lax readings applied (rule@path);\n\"match\" \
         says whether that is the outcome the corpus expects.\n",
        cases.len()
    );
    let _ = writeln!(
        out,
        "{:<28} {:<22} {:<5} sent -> outcome",
        "case", "tool", "match"
    );
    let mut mismatches = 0;
    for case in &cases {
        let (outcome, coercions) = demo_tools::call_reported(&case.tool, &case.arguments);
        let ok = demo_tools::outcome_matches(&case.expect, &outcome);
        if !ok {
            mismatches += 1;
        }
        let (head, lines) = demo_tools::human_outcome(&outcome);
        let _ = writeln!(
            out,
            "{:<28} {:<22} {:<5} {} -> {}",
            case.id,
            shorten(&case.tool, 21),
            if ok { "yes" } else { "NO" },
            shorten(&case.arguments.to_string(), 40),
            shorten(&head, 80)
        );
        for line in lines {
            let _ = writeln!(out, "{:<30}{}", "", shorten(&line, 160));
        }
        if !coercions.is_empty() {
            let rules: Vec<String> = coercions
                .iter()
                .map(|c| {
                    format!(
                        "{}@{}",
                        c.rule(),
                        demo_tools::human_path(&c.path().to_string())
                    )
                })
                .collect();
            let rules = rules.join(", ");
            let _ = writeln!(out, "{:<30}coerced: {}", "", shorten(&rules, 160));
        }
        if !ok {
            let _ = writeln!(out, "{:<56} expected {}", "", case.expect);
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

fn run_file(file: &str, report: bool, redact: bool) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("demo: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let calls: Vec<Value> = match serde_json::from_str(&text) {
        Ok(Value::Array(calls)) => calls,
        // One call per line (JSON Lines), or a single call.
        _ => match text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(serde_json::from_str::<Value>)
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(calls) if calls.iter().all(Value::is_object) => calls,
            Ok(_) => {
                eprintln!("demo: {file} holds no {{\"tool\", \"arguments\"}} objects");
                return ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("demo: {file} is neither a JSON array nor JSON Lines: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let mut out = std::io::stdout().lock();
    for call in &calls {
        let tool = call.get("tool").and_then(Value::as_str).unwrap_or_default();
        let arguments = call.get("arguments").unwrap_or(&Value::Null);
        let (outcome, coercions) = demo_tools::call_as(tool, arguments, redact);
        let coercions = report.then_some(coercions);
        let line = match outcome {
            Ok(value) => Line {
                tool,
                ok: true,
                value: Some(value),
                error: None,
                coercions,
            },
            Err(envelope) => Line {
                tool,
                ok: false,
                value: None,
                error: Some(envelope),
                coercions,
            },
        };
        let line = serde_json::to_string(&line).unwrap_or_default();
        // A reader that stops early (`| head`) is not an error of ours.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// One answer of `--jsonl`, keys in the documented order.
#[derive(serde::Serialize)]
struct Line<'a> {
    tool: &'a str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<mcp_coerce::Envelope>,
    /// With `--report`: every coercion applied (before the refusal, for a refused call).
    #[serde(skip_serializing_if = "Option::is_none")]
    coercions: Option<Vec<mcp_coerce::Coercion>>,
}

fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}
