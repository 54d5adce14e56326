//! The bundled corpus of real client calls (`tests/data/cases.json`, one case per client
//! behaviour) through the demo tool set: every case must get exactly its expected outcome.

#[path = "../../examples/common/demo_corpus.rs"]
mod demo_corpus;
#[path = "../../examples/common/demo_tools.rs"]
mod demo_tools;

use demo_corpus::corpus;
use demo_tools::{call, outcome_matches, summary};

#[test]
fn every_case_gets_its_expected_outcome() {
    let cases = corpus().expect("the bundled corpus parses");
    assert_eq!(
        cases.len(),
        144,
        "the corpus holds the 66 cases of the shared design corpus, 22 of the second \
         revision (demo_batch_update, leading zeros, newlines, quoted brackets, misspelled \
         fields, a long tool name), 22 of the third (arguments as a whole, key folding, \
         near-miss keys, ties, leading-zero lists, big ids, JSON-shaped string arrays, \
         object elements as text) and 34 of its formats table (demo_schedule_event)"
    );
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let outcome = call(&case.tool, &case.arguments);
            (!outcome_matches(&case.expect, &outcome)).then(|| {
                format!(
                    "{}: expected {}, got {}",
                    case.id,
                    case.expect,
                    summary(&outcome)
                )
            })
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} case(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_corpus_calls_every_demo_tool() {
    let cases = corpus().expect("the bundled corpus parses");
    for tool in demo_tools::TOOL_NAMES {
        assert!(cases.iter().any(|c| c.tool == tool), "no case calls {tool}");
    }
}

#[test]
fn comparison_rules_of_the_corpus() {
    use serde_json::json;
    assert!(demo_tools::same_json(
        &json!({"a": 10}),
        &json!({"a": 10.0})
    ));
    assert!(!demo_tools::same_json(
        &json!({"a": 10}),
        &json!({"a": 10, "b": 1})
    ));
    let refused = call("demo_get_observations", &json!({"ids": "x,y"}));
    assert!(outcome_matches(
        &json!({"issues": [{"code": "int_parsing", "path": "/ids/1"}, {"code": "int_parsing", "path": "/ids/0"}]}),
        &refused
    ));
    assert!(!outcome_matches(
        &json!({"issues": [{"code": "int_parsing", "path": "/ids/0"}]}),
        &refused
    ));
    assert!(!outcome_matches(
        &json!({"category": "UNKNOWN_TOOL"}),
        &refused
    ));
}

/// The demo's table shows a person what the model receives for a refused call: each
/// issue's code, path, message and hint, with the root path as `(root)`; the JSON the
/// model reads keeps `""`.
#[test]
fn the_human_table_shows_messages_hints_and_the_root() {
    use serde_json::json;
    let refused = call(
        "demo_get_card",
        &json!({"{\"card_id\":\"ATC-2026-7777670\"}": null}),
    );
    let (head, lines) = demo_tools::human_outcome(&refused);
    assert_eq!(
        head,
        "refused: invalid arguments for tool demo_get_card: 1 issue"
    );
    assert_eq!(
        lines,
        [
            "invalid_type at (root): expected the arguments object, got an object whose only key is the arguments as JSON text",
            "  hint: arguments appear to be double-encoded: send the object itself",
        ]
    );
    let envelope = serde_json::to_value(refused.unwrap_err()).unwrap();
    assert_eq!(envelope["issues"][0]["path"], "");

    let (head, lines) =
        demo_tools::human_outcome(&call("demo_get_observations", &json!({"ids": "1,000"})));
    assert_eq!(
        head,
        "refused: invalid arguments for tool demo_get_observations: 1 issue"
    );
    assert_eq!(
        lines[0],
        "int_parsing at /ids/1: expected an integer without a leading zero"
    );
    assert!(
        lines[1].starts_with("  hint: \"1,000\" looks like one number"),
        "{}",
        lines[1]
    );

    let (head, lines) = demo_tools::human_outcome(&call("get_observations", &json!({})));
    assert_eq!(head, "UNKNOWN_TOOL: unknown tool: get_observations");
    assert_eq!(
        lines,
        [
            "hint: did you mean \"demo_get_observations\"? Call tools/list to enumerate the valid demo_* tool names."
        ]
    );
    let (head, lines) = demo_tools::human_outcome(&call(
        "demo_get_card",
        &json!({"card_id": "ATC-2026-7777670"}),
    ));
    assert_eq!(
        (head.as_str(), lines.len()),
        (r#"{"card_id":"ATC-2026-7777670"}"#, 0)
    );
}

/// The coercion report of every corpus case, pinned in `tests/data/reports.json` (case id
/// to its coercions as `rule@path`, in the order the report lists them; a refused call
/// lists what was coerced before it was refused). CI checks `demo --jsonl
/// tests/data/cases.json --report` against the same file.
fn pinned_reports() -> Vec<(String, Vec<String>)> {
    let text = include_str!("../data/reports.json");
    let pins: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(text).expect("reports.json parses");
    pins.into_iter()
        .map(|(id, rules)| {
            let rules = serde_json::from_value(rules).expect("a list of rule@path");
            (id, rules)
        })
        .collect()
}

#[test]
fn every_case_reports_exactly_its_coercions() {
    let cases = corpus().expect("the bundled corpus parses");
    let pins: std::collections::BTreeMap<String, Vec<String>> =
        pinned_reports().into_iter().collect();
    assert_eq!(cases.len(), pins.len(), "one pinned report per case");
    let mut differ = Vec::new();
    for case in &cases {
        let id = &case.id;
        let want = pins
            .get(id)
            .unwrap_or_else(|| panic!("{id}: no pinned report"));
        let (outcome, coercions) = demo_tools::call_reported(&case.tool, &case.arguments);
        let got = demo_tools::rule_list(&coercions);
        if got != *want {
            differ.push(format!("{id}: expected {want:?}, got {got:?}"));
        }
        // Reading with a report changes nothing else.
        assert_eq!(
            summary(&outcome),
            summary(&call(&case.tool, &case.arguments)),
            "{id}: the outcome with a report"
        );
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The text route reports what the `Value` route does, for every case.
#[test]
fn the_text_route_reports_the_same_coercions() {
    use mcp_coerce::Coercion;
    fn text_report<T: serde::de::DeserializeOwned>(json: &str) -> Vec<Coercion> {
        match mcp_coerce::from_str_with_report::<T>(json) {
            Ok(call) => call.coercions().to_vec(),
            Err(refused) => refused.coercions().to_vec(),
        }
    }
    for case in corpus().expect("the bundled corpus parses") {
        let json = case.arguments.to_string();
        let text = match case.tool.as_str() {
            "demo_get_observations" => text_report::<demo_tools::GetObservations>(&json),
            "demo_get_sdk_sessions" => text_report::<demo_tools::GetSdkSessions>(&json),
            "demo_search_skills" => text_report::<demo_tools::SearchSkills>(&json),
            "demo_get_card" => text_report::<demo_tools::GetCard>(&json),
            "demo_segment_image" => text_report::<demo_tools::SegmentImage>(&json),
            "demo_batch_update" => text_report::<demo_tools::BatchUpdate>(&json),
            _ => continue,
        };
        let (_, value) = demo_tools::call_reported(&case.tool, &case.arguments);
        assert_eq!(text, value, "{}", case.id);
    }
}
