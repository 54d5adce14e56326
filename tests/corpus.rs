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
        66,
        "the corpus holds every case of the shared design corpus"
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
