//! The `tools/list` the server publishes: linted, and compared with the snapshot committed
//! in `tests/data/tools_list.json`, the list clients were last written against.
//!
//! When a change is meant (a new tool, a loosened bound, a clearer description), write the
//! new list to the snapshot and commit it with the change:
//!
//! ```sh
//! UPDATE_GOLDEN=1 cargo test -p mcp-coerce-example-server --test tools_list
//! ```
//!
//! A breaking change (a tool or property removed, a bound tightened, a property made
//! required) fails `nothing_a_client_of_the_snapshot_sends_is_refused_now` until then, with
//! every change listed: a reason to think twice, or to release it as one.

use std::path::PathBuf;
use std::sync::OnceLock;

use mcp_coerce::testing::{Rule, assert_compatible, compat, lint_tools};
use mcp_coerce_example_server::NotesServer;
use serde_json::{Value, json};

/// The server's `tools/list` result, `{"tools": [...]}`, listed by the router that answers
/// `tools/list` on the wire.
fn tools_list() -> Value {
    json!({"tools": NotesServer::new().router().list_all()})
}

fn snapshot_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tools_list.json")
}

/// The committed snapshot; with `UPDATE_GOLDEN` set, the current list, written to it.
/// Read (or written) once, for every test of this file.
fn snapshot() -> &'static Value {
    static SNAPSHOT: OnceLock<Value> = OnceLock::new();
    SNAPSHOT.get_or_init(|| {
        let path = snapshot_path();
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            let current = tools_list();
            let text = serde_json::to_string_pretty(&current).expect("a tools/list serializes");
            std::fs::write(&path, text + "\n").expect("the snapshot is written");
            return current;
        }
        let text = std::fs::read_to_string(&path).expect("the snapshot exists");
        serde_json::from_str(&text).expect("the snapshot is JSON")
    })
}

#[test]
fn the_tools_list_passes_the_lint() {
    // No finding but one warning, accepted: tags are free text, and `StringArrayLike`
    // (which reads "a, b" as two tags) bounds their count, not their length. As a gate
    // that lists every finding when it fails: `Lint::new().deny_warnings().allow("notes_tag",
    // Rule::StringMaxLength).assert_clean(&tools_list())`.
    let findings = lint_tools(&tools_list());
    let found: Vec<(&str, &str, Rule)> = findings
        .iter()
        .map(|f| (f.tool.as_str(), f.pointer.as_str(), f.rule))
        .collect();
    assert_eq!(
        found,
        [(
            "notes_tag",
            "/inputSchema/properties/tags/items",
            Rule::StringMaxLength
        )],
        "{}",
        findings
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn nothing_a_client_of_the_snapshot_sends_is_refused_now() {
    assert_compatible(snapshot(), &tools_list());
}

#[test]
fn the_snapshot_is_the_current_tools_list() {
    let (snapshot, current) = (snapshot(), tools_list());
    let changes: Vec<String> = compat(snapshot, &current)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        current == *snapshot,
        "tools/list differs from {} (UPDATE_GOLDEN=1 to accept):\n{}",
        snapshot_path().display(),
        changes.join("\n")
    );
}
