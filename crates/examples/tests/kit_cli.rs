//! The test kit's command lines (`lint_tools`, `schema_compat`): their output and exit
//! status on the test suite's `tools/list` fixtures, and the one-line message naming the
//! file for input that is unreadable, not JSON, or not a `tools/list` result.

#[path = "../examples/common/kit_cli.rs"]
mod kit_cli;

use kit_cli::{Outcome, lint_tools, schema_compat};
use serde_json::Value;

fn data(name: &str) -> String {
    format!(
        "{}/../testsuite/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// A file of its own in the temporary directory, removed when dropped.
struct Temp(std::path::PathBuf);

impl Temp {
    fn new(name: &str, text: &str) -> Self {
        let path =
            std::env::temp_dir().join(format!("mcp-coerce-kit-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("a temporary file");
        Temp(path)
    }

    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn the_demo_tools_list_lints_without_error() {
    let file = data("tools_list.json");
    let out = lint_tools(&args(&[&file]));
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert_eq!(
        last_line(&out.stdout),
        format!("{file}: 0 errors, 2 warnings")
    );
    let json = lint_tools(&args(&["--json", &file]));
    assert_eq!(json.code, 0);
    let findings: Value = serde_json::from_str(&json.stdout).expect("one JSON array");
    assert_eq!(findings.as_array().map(Vec::len), Some(2));
    assert_eq!(
        findings[0],
        serde_json::json!({
            "tool": "demo_get_sdk_sessions",
            "pointer": "/inputSchema/properties/memory_session_ids",
            "rule": "array-max-items",
            "severity": "warning",
            "message": "an array without maxItems"
        })
    );
}

#[test]
fn errors_exit_with_1_and_the_allow_list_takes_them_out() {
    let file = data("testing/tools_list_vague.json");
    let out = lint_tools(&args(&[&file]));
    assert_eq!(out.code, 1);
    assert_eq!(
        last_line(&out.stdout),
        format!("{file}: 8 errors, 22 warnings")
    );
    assert!(
        out.stdout
            .lines()
            .any(|l| l == "error   read-file /name [tool-name-collision] the name collides with \"read_file\" once case and separators are ignored"),
        "{}",
        out.stdout
    );
    let mut allowing = vec!["--json".to_owned()];
    for rule in [
        "tool-name-charset",
        "tool-name-collision",
        "schema-root-object",
        "property-type",
        "array-items",
        "pattern-portable",
        "required-unknown",
    ] {
        allowing.push("--allow".into());
        allowing.push(format!("*:{rule}"));
    }
    allowing.push(file);
    let out = lint_tools(&allowing);
    assert_eq!(out.code, 0, "{}", out.stdout);
    let findings: Value = serde_json::from_str(&out.stdout).expect("one JSON array");
    assert!(
        findings
            .as_array()
            .is_some_and(|f| f.iter().all(|f| f["severity"] == "warning"))
    );
}

#[test]
fn input_that_is_not_a_tools_list_exits_with_2_naming_the_file() {
    let missing = data("testing/no_such_file.json");
    let out = lint_tools(&args(&[&missing]));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with(&format!("lint_tools: {missing}: cannot read: ")),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1);

    let text = Temp::new("text.json", "{\"tools\": [");
    let out = lint_tools(&args(&[&text.path()]));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with(&format!("lint_tools: {}: not JSON: ", text.path())),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1);

    let schema = data("schemas/demo_get_card.json");
    let out = lint_tools(&args(&[&schema]));
    assert_eq!(
        out,
        Outcome {
            code: 2,
            stdout: String::new(),
            stderr: format!(
                "lint_tools: {schema}: not a tools/list result: an object without `tools` or `result.tools`\n"
            ),
        }
    );

    let error = Temp::new(
        "error.json",
        r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}"#,
    );
    let out = schema_compat(&args(&[&error.path(), &data("tools_list.json")]));
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        format!(
            "schema_compat: {}: not a tools/list result: a JSON-RPC error response, not a result\n",
            error.path()
        )
    );
}

#[test]
fn command_lines_that_cannot_be_read_exit_with_2() {
    for list in [
        &[][..],
        &["a.json", "b.json"][..],
        &["--allow", "x:no-such-rule", "a.json"][..],
        &["--allow", "no-colon", "a.json"][..],
        &["--frobnicate", "a.json"][..],
    ] {
        assert_eq!(lint_tools(&args(list)).code, 2, "{list:?}");
    }
    for list in [
        &[][..],
        &["a.json"][..],
        &["-", "-"][..],
        &["--x", "a", "b"][..],
    ] {
        assert_eq!(schema_compat(&args(list)).code, 2, "{list:?}");
    }
    assert_eq!(lint_tools(&args(&["--help"])).code, 0);
}

#[test]
fn schema_compat_exits_with_1_on_a_breaking_change() {
    let demo = data("tools_list.json");
    let same = schema_compat(&args(&[&demo, &demo]));
    assert_eq!((same.code, same.stderr.as_str()), (0, ""));
    assert_eq!(
        last_line(&same.stdout),
        format!("{demo} -> {demo}: 0 breaking, 0 compatible")
    );

    let old = data("testing/tools_list_strict.json");
    let list: Value =
        serde_json::from_str(&std::fs::read_to_string(&old).expect("the fixture")).expect("JSON");
    let mut newer = list.clone();
    newer["tools"][0]["inputSchema"]["properties"]["limit"]["maximum"] = 50.into();
    newer["tools"][3]["description"] = "List the projects you can read. Use it first.".into();
    let new = Temp::new("newer.json", &newer.to_string());
    let out = schema_compat(&args(&["--json", &old, &new.path()]));
    assert_eq!(out.code, 1);
    let changes: Value = serde_json::from_str(&out.stdout).expect("one JSON array");
    assert_eq!(
        changes,
        serde_json::json!([
            {"tool": "acme_issues_search", "pointer": "/inputSchema/properties/limit/maximum",
             "rule": "bound-tightened", "severity": "breaking", "message": "maximum 100 became 50"},
            {"tool": "acme_projects_list", "pointer": "/description",
             "rule": "description-changed", "severity": "info",
             "message": "the tool's description changed"}
        ])
    );
    let back = schema_compat(&args(&[&new.path(), &old]));
    assert_eq!(back.code, 0, "{}", back.stdout);
}
