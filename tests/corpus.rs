//! The bundled corpus of real client calls (`tests/data/cases.json`, one case per client
//! behaviour) through the demo tool set: every case must get exactly its expected outcome.

#[path = "../examples/common/demo_corpus.rs"]
mod demo_corpus;
#[path = "../examples/common/demo_tools.rs"]
mod demo_tools;

use demo_corpus::corpus;
use demo_tools::{call, outcome_matches, summary};

#[test]
fn every_case_gets_its_expected_outcome() {
    let cases = corpus().expect("the bundled corpus parses");
    assert_eq!(
        cases.len(),
        88,
        "the corpus holds the 66 cases of the shared design corpus and 22 of the second \
         revision (demo_batch_update, leading zeros, newlines, quoted brackets, misspelled \
         fields, a long tool name)"
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

/// The coercion report of every corpus case, pinned: each coercion as `rule@path`, in the
/// order the report lists them (a refused call lists what was coerced before it was
/// refused).
const REPORTS: &[(&str, &[&str])] = &[
    ("ids-native", &[]),
    ("ids-json-string", &["json_string@/ids"]),
    ("ids-comma-string", &["comma_split@/ids"]),
    ("ids-junk", &["comma_split@/ids"]),
    ("ids-missing", &[]),
    ("ids-empty", &[]),
    ("sessions-native", &[]),
    ("sessions-json-string", &["json_string@/memory_session_ids"]),
    ("sessions-comma", &["comma_split@/memory_session_ids"]),
    (
        "sessions-comma-spaces",
        &["comma_split@/memory_session_ids"],
    ),
    ("sessions-number", &[]),
    ("ids-json-string-spaced", &["json_string@/ids"]),
    ("ids-comma-padded", &["comma_split@/ids"]),
    ("ids-lone-string", &["comma_split@/ids"]),
    ("ids-lone-number", &["scalar_wrap@/ids"]),
    (
        "ids-mixed-elements",
        &["numeric_string@/ids/0", "integral_float@/ids/2"],
    ),
    ("ids-fractional", &[]),
    ("ids-truncated-json", &[]),
    ("ids-overflow", &["comma_split@/ids"]),
    ("ids-exponent", &["comma_split@/ids"]),
    ("ids-empty-pieces", &["comma_split@/ids"]),
    ("ids-empty-string", &["comma_split@/ids"]),
    ("ids-null", &[]),
    ("ids-bool", &[]),
    ("limit-string", &["numeric_string@/limit"]),
    ("limit-integral-float", &["integral_float@/limit"]),
    ("limit-below", &[]),
    ("limit-above", &[]),
    ("limit-fractional", &[]),
    ("order-by-case", &["enum_fold@/order_by"]),
    ("order-by-separator", &["enum_fold@/order_by"]),
    ("order-by-unknown", &[]),
    ("project-trimmed", &["trim@/project"]),
    ("project-empty", &["empty_as_absent@/project"]),
    (
        "category-slug",
        &["enum_fold@/category", "default_applied@/limit"],
    ),
    (
        "category-spaced",
        &["enum_fold@/category", "default_applied@/limit"],
    ),
    (
        "category-lowercase",
        &["enum_fold@/category", "default_applied@/limit"],
    ),
    ("category-unknown", &["default_applied@/limit"]),
    ("search-limit-clamped-high", &["clamp@/limit"]),
    ("search-limit-clamped-low", &["clamp@/limit"]),
    ("search-limit-junk", &[]),
    (
        "free-only-true",
        &["bool_token@/free_only", "default_applied@/limit"],
    ),
    (
        "free-only-false",
        &["bool_token@/free_only", "default_applied@/limit"],
    ),
    (
        "free-only-upper",
        &["bool_token@/free_only", "default_applied@/limit"],
    ),
    ("free-only-junk", &["default_applied@/limit"]),
    ("query-short", &["default_applied@/limit"]),
    ("query-long", &["default_applied@/limit"]),
    (
        "max-price-string",
        &["numeric_string@/max_price", "default_applied@/limit"],
    ),
    ("max-price-negative", &["default_applied@/limit"]),
    ("max-price-nan", &["default_applied@/limit"]),
    ("card-ok", &[]),
    ("card-padded", &["trim@/card_id"]),
    ("card-traversal", &[]),
    ("card-lowercase", &[]),
    ("image-ok", &["numeric_string@/threshold"]),
    ("image-http", &[]),
    ("image-file", &[]),
    ("image-private-ip", &[]),
    ("image-other-host", &[]),
    ("image-not-url", &[]),
    ("threshold-high", &[]),
    ("options-json-string", &["json_string@/options"]),
    ("options-proto", &[]),
    ("args-as-string", &["args_unwrapped@"]),
    ("args-in-key", &[]),
    ("unknown-tool", &[]),
    ("batch-native", &[]),
    ("batch-json-string", &["json_string@/updates"]),
    (
        "batch-double-encoded",
        &["json_string@/updates", "json_string@/updates"],
    ),
    ("batch-lone-object", &["scalar_wrap@/updates"]),
    (
        "batch-lax-fields",
        &[
            "bool_token@/dry_run",
            "numeric_string@/updates/0/id",
            "enum_fold@/updates/0/status",
        ],
    ),
    ("batch-element-issues", &[]),
    ("batch-element-issues-in-text", &["json_string@/updates"]),
    ("batch-note-long", &[]),
    ("batch-empty", &[]),
    ("batch-too-many", &[]),
    ("batch-truncated-json", &[]),
    ("batch-lone-scalar", &["scalar_wrap@/updates"]),
    ("batch-null", &[]),
    ("batch-misspelled-field", &[]),
    ("ids-thousands-separator", &["comma_split@/ids"]),
    ("ids-leading-zero-alone", &["comma_split@/ids"]),
    ("ids-newlines", &["comma_split@/ids"]),
    ("sessions-single-quoted-json", &[]),
    ("sessions-trailing-comma-json", &[]),
    (
        "sessions-newline-kept",
        &["comma_split@/memory_session_ids"],
    ),
    ("query-misspelled", &["default_applied@/limit"]),
    ("unknown-tool-long-name", &[]),
];

#[test]
fn every_case_reports_exactly_its_coercions() {
    let cases = corpus().expect("the bundled corpus parses");
    assert_eq!(cases.len(), REPORTS.len(), "one pinned report per case");
    let mut differ = Vec::new();
    for (case, (id, want)) in cases.iter().zip(REPORTS) {
        assert_eq!(case.id, *id, "the pins follow the corpus order");
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
