//! The report of the `history_check` example: the fixtures through the file reader, in
//! both accepted shapes (a bare array, an object with `messages`), and its exact errors.

#[path = "../examples/common/history_report.rs"]
mod history_report;

use std::fs;
use std::path::Path;

use history_report::{report, to_json, to_text};
use serde_json::{Value, json};

fn fixtures() -> Vec<(String, Value)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut found = Vec::new();
    for format in ["openai", "anthropic"] {
        let entries = fs::read_dir(root.join(format)).expect("the fixture directory");
        for entry in entries {
            let path = entry.expect("an entry").path();
            let text = fs::read_to_string(&path).expect("a fixture");
            let name = format!("{format}/{}", path.display());
            found.push((name, serde_json::from_str(&text).expect("fixture JSON")));
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// `{index, block?, code}` of each violation in a report.
fn short(violations: &Value) -> Value {
    let list = violations.as_array().cloned().unwrap_or_default();
    Value::Array(
        list.into_iter()
            .map(|v| {
                let mut s = json!({"index": v["index"], "code": v["code"]});
                if let Some(block) = v.get("block") {
                    s["block"] = block.clone();
                }
                s
            })
            .collect(),
    )
}

#[test]
fn the_report_of_every_fixture_in_both_shapes() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, fixture) in fixtures() {
        if fixture.get("policy").is_some() {
            continue; // the command repairs with the default policy
        }
        count += 1;
        let format = if name.starts_with("anthropic") {
            "anthropic"
        } else {
            "openai"
        };
        let input = fixture["input"].clone();
        let mut body = json!({"model": "m", "messages": input.clone()});
        if format == "anthropic" {
            body["system"] = json!("be brief");
        }
        for document in [input, body] {
            let text = document.to_string();
            let got: Value = match report(&text) {
                Ok(report) => serde_json::from_str(&to_json(&report)).expect("one JSON object"),
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            let want = json!({
                "format": format,
                "violations": fixture["violations"],
                "repaired": fixture["repaired"],
                "actions": fixture["actions"],
            });
            let got_short = json!({
                "format": got["format"],
                "violations": short(&got["violations"]),
                "repaired": got["repaired"],
                "actions": got["actions"],
            });
            if got_short != want {
                failures.push(format!("{name}:\n   got: {got_short}\n  want: {want}"));
            }
        }
    }
    assert!(count >= 30, "only {count} fixtures");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn refusals_are_one_line() {
    let cases = [
        ("", "not JSON: EOF while parsing a value at line 1 column 0"),
        (
            "{\"messages\": 3}",
            "not a chat history: expected an array of messages with a string \"role\", or an object with a \"messages\" array of them",
        ),
        (
            "[1, 2]",
            "not a chat history: expected an array of messages with a string \"role\", or an object with a \"messages\" array of them",
        ),
        (
            "\"text\"",
            "not a chat history: expected an array of messages with a string \"role\", or an object with a \"messages\" array of them",
        ),
        (
            r#"[{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": 5}]"#,
            "not a valid openai history: message 1: invalid type: integer `5`, expected a string",
        ),
        (
            r#"{"system": "s", "messages": [{"role": "user"}]}"#,
            "not a valid anthropic history: message 0: missing field `content`",
        ),
        (
            r#"[{"role": "assistant", "content": [{"type": "tool_use", "id": []}]}]"#,
            "not a valid anthropic history: message 0: invalid type: sequence, expected a string",
        ),
    ];
    let mut failures = Vec::new();
    for (text, want) in cases {
        match report(text) {
            Ok(_) => failures.push(format!("{text}: accepted")),
            Err(got) if got != want => {
                failures.push(format!("{text}:\n   got: {got}\n  want: {want}"))
            }
            Err(got) => assert!(!got.contains('\n')),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_text_report() {
    let text = r#"[{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "c9", "content": "x"}]"#;
    let found = report(text).expect("a history");
    assert_eq!(
        to_text(&found),
        r#"format: openai (2 messages)
violations: 1
  message 1: tool response has no call before it: "c9" (dangling_response)
repair actions: 1
  message 1: dropped_response: "c9" (dangling_response)
repaired:
[
  {
    "content": "hi",
    "role": "user"
  }
]
"#
    );
    let empty = report("[]").expect("an empty history");
    assert_eq!(
        to_json(&empty),
        r#"{"format":"openai","violations":[],"repaired":[],"actions":[]}"#
    );
}

/// The sample request bodies in `tests/data/requests/` (the README runs the command on
/// them): each prints exactly the report beside it.
#[test]
fn the_sample_requests_print_their_reports() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/requests");
    let mut failures = Vec::new();
    for name in ["openai_chat", "anthropic_messages"] {
        let input = fs::read_to_string(dir.join(format!("{name}.json"))).expect("a sample");
        let want = fs::read_to_string(dir.join(format!("{name}.txt"))).expect("its report");
        match report(&input) {
            Ok(found) if to_text(&found) == want => {}
            Ok(found) => failures.push(format!("{name}: got\n{}", to_text(&found))),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `--provider NAME`: the report checks the provider's id rule too and the repair maps the
/// ids it refuses; the JSON says which provider, the text its rule.
#[test]
fn the_report_for_a_provider() {
    use mcp_coerce_history::IdProfile;
    let text = r#"{"system": "be brief", "messages": [
        {"role": "user", "content": "plan"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "functions.write_todos:0", "name": "write_todos", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "functions.write_todos:0", "content": "done"}]}
    ]}"#;
    let plain = history_report::report(text).expect("a history");
    assert!(plain.violations.is_empty());
    let found = history_report::report_for(text, Some(IdProfile::Anthropic)).expect("a history");
    let json: Value = serde_json::from_str(&to_json(&found)).unwrap();
    assert_eq!(json["provider"], "anthropic");
    assert_eq!(
        short(&json["violations"]),
        json!([
            {"index": 1, "block": 0, "code": "invalid_call_id"},
            {"index": 2, "block": 0, "code": "invalid_call_id"}
        ])
    );
    assert_eq!(json["actions"][0]["kind"], "mapped_call_id");
    let new = json["actions"][0]["replacement"].as_str().unwrap();
    assert_eq!(json["repaired"][1]["content"][0]["id"], new);
    assert_eq!(json["repaired"][2]["content"][0]["tool_use_id"], new);
    let text_report = to_text(&found);
    assert!(
        text_report.starts_with(
            "format: anthropic (3 messages)\nprovider: anthropic (call ids match ^[a-zA-Z0-9_-]+$)\nviolations: 2\n"
        ),
        "{text_report}"
    );
    assert!(to_json(&plain).starts_with(r#"{"format":"anthropic","violations":[]"#));
}
