//! The fixtures in `tests/data/`: one per profile rule (each from a reported failure,
//! cited in the fixture), golden snapshots of a demo-like schema in every profile, and the
//! demo server's published tool schemas (`demo_tools_list.json`, a snapshot of its
//! `tools/list`) in every profile.
//!
//! `UPDATE_GOLDEN=1 cargo test -p mcp-coerce-dialect --test fixtures` rewrites the golden
//! files and the `expected`/`notes` of the rule fixtures from the current output; review
//! the diff.

mod common;

use std::fs;
use std::path::PathBuf;

use common::{assert_settled, data, note_lines, pretty, read_json, sorted, updating, violations};
use mcp_coerce_dialect::{self as dialect, Dialect};
use serde_json::json;

fn rule_fixtures() -> Vec<(PathBuf, serde_json::Value)> {
    let mut paths: Vec<PathBuf> = fs::read_dir(data("rules"))
        .expect("tests/data/rules exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| (p.clone(), read_json(&p)))
        .collect()
}

#[test]
fn every_rule_fixture_rewrites_exactly() {
    let mut failures = Vec::new();
    for (path, mut fixture) in rule_fixtures() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let dialect: Dialect = fixture["dialect"]
            .as_str()
            .expect("a dialect name")
            .parse()
            .expect("a known dialect");
        let out = dialect::rewrite(&fixture["schema"], dialect);
        let notes = note_lines(&out.notes);
        if updating() {
            fixture["expected"] = out.schema.clone();
            fixture["notes"] = json!(notes);
            fs::write(&path, pretty(&fixture)).expect("the fixture is writable");
            continue;
        }
        if fixture["expected"] != out.schema {
            failures.push(format!(
                "{name}: expected\n{}\ngot\n{}",
                pretty(&fixture["expected"]),
                pretty(&out.schema)
            ));
        }
        if fixture["notes"] != json!(notes) {
            failures.push(format!(
                "{name}: expected notes {}\ngot {}",
                fixture["notes"],
                json!(notes)
            ));
        }
        let again = dialect::rewrite(&out.schema, dialect);
        if again.schema != out.schema {
            failures.push(format!("{name}: not idempotent: {}", again.schema));
        }
        for broken in violations(dialect, &out.schema) {
            failures.push(format!("{name}: {broken}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_rule_fixture_cites_a_reported_failure() {
    let fixtures = rule_fixtures();
    assert!(fixtures.len() >= 25, "one fixture per rule");
    for (path, f) in &fixtures {
        let name = path.display();
        for key in ["rule", "error"] {
            assert!(
                f[key].as_str().is_some_and(|s| !s.trim().is_empty()),
                "{name}: no {key}"
            );
        }
        let source = f["source"].as_str().unwrap_or_default();
        assert!(source.starts_with("https://"), "{name}: source {source:?}");
        assert!(f["schema"].is_object(), "{name}: no schema");
    }
    for dialect in [
        Dialect::Gemini,
        Dialect::OpenAiStrict,
        Dialect::Conservative,
    ] {
        assert!(
            fixtures
                .iter()
                .filter(|(_, f)| f["dialect"] == dialect.as_str())
                .count()
                >= 5,
            "few fixtures for {dialect}"
        );
    }
}

#[test]
fn the_demo_schema_in_every_profile_matches_its_golden_file() {
    let input = read_json(&data("demo_input.json"));
    let mut failures = Vec::new();
    for dialect in Dialect::ALL {
        let out = assert_settled(dialect, &input);
        let golden = data(&format!("golden/{dialect}.json"));
        // Canonical is the input unchanged, in the input's key order when `serde_json`
        // keeps it; the other profiles build their maps in sorted order themselves.
        let shown = if dialect == Dialect::Canonical {
            sorted(&out.schema)
        } else {
            out.schema.clone()
        };
        let text = pretty(&shown);
        if updating() {
            fs::write(&golden, &text).expect("the golden file is writable");
            continue;
        }
        let expected = fs::read_to_string(&golden).unwrap_or_default();
        if expected != text {
            failures.push(format!(
                "{}: differs (UPDATE_GOLDEN=1 to accept):\n{text}",
                golden.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        dialect::rewrite(&input, Dialect::Canonical).schema,
        input,
        "canonical is the identity"
    );
}

#[test]
fn the_demo_schema_keeps_every_limit_somewhere() {
    let input = read_json(&data("demo_input.json"));
    for dialect in [
        Dialect::Gemini,
        Dialect::OpenAiStrict,
        Dialect::Conservative,
    ] {
        let out = dialect::rewrite(&input, dialect).schema;
        let text = out.to_string();
        for said in [
            "1000",
            "64",
            "^ATC-[0-9]{4}-[0-9]{6,}$",
            "2048",
            "uri",
            "100",
            "50",
            "10",
        ] {
            assert!(text.contains(said), "{dialect}: {said} is lost: {text}");
        }
        let ids = &out["properties"]["ids"];
        assert_eq!(ids["type"], "array", "{dialect}");
        assert_eq!(ids["items"]["type"], "integer", "{dialect}");
    }
}

/// The demo server's published schemas (the golden `tools/list`): every profile keeps its
/// rules, settles, and keeps every limit somewhere.
#[test]
fn every_demo_tool_schema_in_every_profile() {
    let listed = read_json(&data("demo_tools_list.json"));
    let tools = listed.as_array().expect("a list of tools");
    assert_eq!(tools.len(), 5);
    for tool in tools {
        let schema = &tool["inputSchema"];
        for dialect in Dialect::ALL {
            let out = assert_settled(dialect, schema);
            let text = out.schema.to_string();
            for (name, property) in schema["properties"].as_object().expect("properties") {
                assert!(
                    out.schema["properties"].get(name).is_some(),
                    "{dialect}: {name} lost"
                );
                for keyword in ["maxLength", "maxItems", "maximum", "minimum", "minLength"] {
                    if let Some(limit) = property.get(keyword) {
                        assert!(
                            text.contains(&limit.to_string()),
                            "{dialect}: {name}.{keyword} lost"
                        );
                    }
                }
            }
        }
    }
}
