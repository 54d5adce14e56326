//! Check a chat history file: print its tool-call violations and the repaired history.
//!
//! ```sh
//! cargo run --example history_check -- crates/history/tests/data/requests/openai_chat.json
//! cargo run --example history_check -- history.json
//! cargo run --example history_check -- --json history.json   # one JSON object
//! cargo run --example history_check -- --provider anthropic history.json
//! cat history.json | cargo run --example history_check -- --json -
//! ```
//!
//! With `--provider NAME` (`anthropic`, `openai`, `mistral`: the providers
//! `mcp_coerce_history::IdProfile` knows, each rule cited in its docs) the call ids are
//! checked against that provider's rule too (`invalid_call_id`, by `validate_for`), and
//! the repair maps the ids it refuses (`mapped_call_id`, by `RepairPolicy::ids`).
//!
//! The file holds either a bare array of messages or an object with a `messages` array
//! (a request body, whose other members, such as Anthropic's top-level `system`, are
//! read only to detect the format). The format is detected as
//! `mcp_coerce_history::Format::detect` documents it: a top-level `system` means
//! Anthropic; otherwise the first message with a sign of one format decides (a `tool`,
//! `system`, `developer` or `function` role, or a `tool_calls`, `tool_call_id` or
//! `function_call` member: OpenAI; a `tool_use`, `tool_result`, `thinking`,
//! `redacted_thinking`, `image` or `document` block: Anthropic); a history with no sign
//! is read as OpenAI.
//!
//! With `--json` it prints one line, `{"format": "openai"|"anthropic", "provider": NAME
//! (with `--provider` only), "violations":
//! [{"index": N, "block": N, "code": "...", "id": "...", "message": "..."}], "repaired":
//! [...], "actions": [...]}` (`block` and `id` only when they apply). Violations point
//! into the file's messages; the repair uses the default `RepairPolicy`.
//!
//! Exit status: 0 when the file was read (whatever it holds); 1 with one line on stderr
//! when it cannot be read or is not a history; 2 for a usage error.

#[path = "common/history_report.rs"]
mod history_report;

use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: history_check [--json] [--provider anthropic|openai|mistral] FILE (or - for standard input)";

fn main() -> ExitCode {
    let mut json = false;
    let mut file = None;
    let mut provider = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--provider" => {
                let name = args.next().unwrap_or_default();
                match mcp_coerce_history::IdProfile::from_name(&name) {
                    Some(p) => provider = Some(p),
                    None => {
                        eprintln!(
                            "history_check: unknown provider {name:?}: expected anthropic, openai or mistral\n{USAGE}"
                        );
                        return ExitCode::from(2);
                    }
                }
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if file.is_none() && (arg == "-" || !arg.starts_with('-')) => file = Some(arg),
            _ => {
                eprintln!("history_check: {USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(file) = file else {
        eprintln!("history_check: {USAGE}");
        return ExitCode::from(2);
    };
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map(|_| text)
            .map_err(|e| format!("cannot read standard input: {e}"))
    } else {
        std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))
    };
    match text.and_then(|text| history_report::report_for(&text, provider)) {
        Ok(report) if json => {
            println!("{}", history_report::to_json(&report));
            ExitCode::SUCCESS
        }
        Ok(report) => {
            print!("{}", history_report::to_text(&report));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("history_check: {error}");
            ExitCode::FAILURE
        }
    }
}
