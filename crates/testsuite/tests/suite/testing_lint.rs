//! The test kit's `tools/list` lint (feature `testing`): each rule with a failing and a
//! passing fixture, the severities, two lists modelled on real servers (a vague one and
//! a strict one), the demo server's own `tools/list`, the allow-list, the input shapes,
//! and hostile schemas.

use std::path::Path;

use mcp_coerce::testing::{Lint, Rule, Severity, assert_tools_lint_clean, lint_tools};
use serde_json::{Value, json};

fn data(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A finding as the tests compare it: (tool, pointer, rule).
type Row = (String, String, Rule);

/// (tool, pointer, rule) of every finding.
fn found(list: &Value) -> Vec<Row> {
    lint_tools(list)
        .into_iter()
        .map(|f| (f.tool, f.pointer, f.rule))
        .collect()
}

fn rows(rows: &[(&str, &str, Rule)]) -> Vec<Row> {
    rows.iter()
        .map(|(t, p, r)| ((*t).to_owned(), (*p).to_owned(), *r))
        .collect()
}

/// A tool that breaks no rule, with `properties` and `required` of its own.
fn tool(name: &str, properties: Value, required: Value) -> Value {
    json!({
        "name": name,
        "description": "Fetch one note. Use it when you hold the note's id.",
        "inputSchema": {"type": "object", "properties": properties, "required": required}
    })
}

/// One property that breaks no rule.
fn note_id() -> Value {
    json!({"note_id": {"type": "string", "maxLength": 8, "pattern": "^[a-z0-9]{8}$",
                       "description": "The note id."}})
}

fn clean() -> Value {
    json!([tool("notes_get", note_id(), json!(["note_id"]))])
}

/// One property `x` with this schema, in an otherwise clean tool `t_x`.
fn with_property(schema: Value) -> Value {
    json!([tool("t_x", json!({"x": schema}), json!([]))])
}

#[test]
fn the_clean_fixture_is_clean() {
    assert_eq!(found(&clean()), []);
    let pair = json!([
        tool("notes_get", note_id(), json!(["note_id"])),
        tool("notes_list", json!({}), json!([])),
    ]);
    assert_eq!(found(&pair), []);
}

/// Each rule: a failing fixture (which breaks that rule only) with its exact findings,
/// and a passing one with none.
#[test]
fn each_rule_fails_and_passes() {
    let x = "/inputSchema/properties/x";
    // (rule, failing fixture, its findings, passing fixture)
    let table: Vec<(Rule, Value, Vec<Row>, Value)> = vec![
        (
            Rule::ToolNameCharset,
            json!([tool("Notes-Get", note_id(), json!([]))]),
            rows(&[("Notes-Get", "/name", Rule::ToolNameCharset)]),
            json!([tool("notes_get2", note_id(), json!([]))]),
        ),
        (
            Rule::ToolNameNamespace,
            json!([
                tool("notes_get", note_id(), json!([])),
                tool("notes_list", json!({}), json!([])),
                tool("search", json!({}), json!([])),
            ]),
            rows(&[("search", "/name", Rule::ToolNameNamespace)]),
            json!([
                tool("notes_get", note_id(), json!([])),
                tool("notes_list", json!({}), json!([])),
            ]),
        ),
        (
            Rule::ToolNameCollision,
            json!([
                tool("notes_get", note_id(), json!([])),
                tool("notes_get_", json!({}), json!([])),
            ]),
            rows(&[("notes_get_", "/name", Rule::ToolNameCollision)]),
            json!([
                tool("notes_get", note_id(), json!([])),
                tool("notes_got", json!({}), json!([])),
            ]),
        ),
        (
            Rule::SchemaRootObject,
            json!([
                {"name": "ab_one", "description": "Use it when asked."},
                {"name": "ab_two", "description": "Use it when asked.", "inputSchema": {"type": "array"}},
                {"name": "ab_three", "description": "Use it when asked.", "inputSchema": {"type": "object"}},
                {"name": "ab_four", "description": "Use it when asked.", "inputSchema": "{}"},
            ]),
            rows(&[
                ("ab_one", "/inputSchema", Rule::SchemaRootObject),
                ("ab_two", "/inputSchema", Rule::SchemaRootObject),
                ("ab_three", "/inputSchema", Rule::SchemaRootObject),
                ("ab_four", "/inputSchema", Rule::SchemaRootObject),
            ]),
            json!([{"name": "ab_one", "description": "Use it when asked.",
                    "inputSchema": {"type": "object", "properties": {}}}]),
        ),
        (
            Rule::PropertyType,
            with_property(json!({"description": "Anything."})),
            rows(&[("t_x", x, Rule::PropertyType)]),
            with_property(
                json!({"anyOf": [{"type": "boolean"}, {"type": "null"}], "description": "A flag."}),
            ),
        ),
        (
            Rule::StringMaxLength,
            with_property(json!({"type": "string", "description": "A name."})),
            rows(&[("t_x", x, Rule::StringMaxLength)]),
            with_property(json!({"type": "string", "format": "date", "description": "A day."})),
        ),
        (
            Rule::StringEnumInDescription,
            with_property(
                json!({"type": "string", "maxLength": 4, "description": "Sort order, one of: asc, desc"}),
            ),
            rows(&[("t_x", x, Rule::StringEnumInDescription)]),
            with_property(
                json!({"type": "string", "enum": ["asc", "desc"], "description": "Sort order, one of: asc, desc"}),
            ),
        ),
        (
            Rule::IdPattern,
            json!([tool(
                "t_x",
                json!({"userId": {"type": "string", "maxLength": 10, "description": "The user."}}),
                json!([])
            )]),
            rows(&[("t_x", "/inputSchema/properties/userId", Rule::IdPattern)]),
            json!([tool(
                "t_x",
                json!({"userId": {"type": "string", "maxLength": 10, "pattern": "^u[0-9]+$", "description": "The user."}}),
                json!([])
            )]),
        ),
        (
            Rule::NumberBounds,
            with_property(json!({"type": "integer", "minimum": 1, "description": "A count."})),
            rows(&[("t_x", x, Rule::NumberBounds)]),
            with_property(
                json!({"type": "number", "exclusiveMinimum": 0, "maximum": 1, "description": "A share."}),
            ),
        ),
        (
            Rule::ArrayItems,
            with_property(json!({"type": "array", "maxItems": 3, "description": "Things."})),
            rows(&[("t_x", x, Rule::ArrayItems)]),
            with_property(
                json!({"type": "array", "maxItems": 3, "items": {"type": "boolean"}, "description": "Things."}),
            ),
        ),
        (
            Rule::ArrayMaxItems,
            with_property(
                json!({"type": "array", "items": {"type": "boolean"}, "description": "Flags."}),
            ),
            rows(&[("t_x", x, Rule::ArrayMaxItems)]),
            with_property(
                json!({"type": "array", "items": {"type": "boolean"}, "maxItems": 8, "description": "Flags."}),
            ),
        ),
        (
            Rule::DescriptionMissing,
            json!([{"name": "t_x", "inputSchema": {"type": "object", "properties": {"x": {"type": "boolean"}}}}]),
            rows(&[
                ("t_x", "/description", Rule::DescriptionMissing),
                ("t_x", x, Rule::DescriptionMissing),
            ]),
            with_property(json!({"type": "boolean", "description": "A flag."})),
        ),
        (
            Rule::DescriptionWhen,
            json!([{"name": "t_x", "description": "Fetches a note.",
                    "inputSchema": {"type": "object", "properties": {}}}]),
            rows(&[("t_x", "/description", Rule::DescriptionWhen)]),
            json!([{"name": "t_x", "description": "Fetches a note. Call it before editing one.",
                    "inputSchema": {"type": "object", "properties": {}}}]),
        ),
        (
            Rule::PatternPortable,
            json!([tool(
                "t_x",
                json!({
                    "a": {"type": "string", "maxLength": 9, "pattern": "^\\d+$", "description": "Digits."},
                    "b": {"type": "string", "maxLength": 9, "pattern": "(?=a)b", "description": "Lookahead."},
                    "c": {"type": "string", "maxLength": 9, "pattern": "(unclosed", "description": "Broken."},
                    "d": {"type": "string", "maxLength": 9, "pattern": 7, "description": "Not a string."}
                }),
                json!([])
            )]),
            rows(&[
                (
                    "t_x",
                    "/inputSchema/properties/a/pattern",
                    Rule::PatternPortable,
                ),
                (
                    "t_x",
                    "/inputSchema/properties/b/pattern",
                    Rule::PatternPortable,
                ),
                (
                    "t_x",
                    "/inputSchema/properties/c/pattern",
                    Rule::PatternPortable,
                ),
                (
                    "t_x",
                    "/inputSchema/properties/d/pattern",
                    Rule::PatternPortable,
                ),
            ]),
            json!([tool(
                "t_x",
                json!({
                    "a": {"type": "string", "maxLength": 9, "pattern": "^[0-9]+$", "description": "Digits."},
                    "b": {"type": "string", "maxLength": 9, "pattern": "[a-z]{2}", "description": "Unanchored."}
                }),
                json!([])
            )]),
        ),
        (
            Rule::RequiredUnknown,
            json!([tool("notes_get", note_id(), json!(["note_id", "nte_id"]))]),
            rows(&[(
                "notes_get",
                "/inputSchema/required/1",
                Rule::RequiredUnknown,
            )]),
            clean(),
        ),
        (
            Rule::ToolsListShape,
            json!({"tools": 5}),
            rows(&[("", "/tools", Rule::ToolsListShape)]),
            json!({"tools": []}),
        ),
    ];
    let covered: Vec<Rule> = table.iter().map(|(rule, ..)| *rule).collect();
    assert_eq!(covered, Rule::ALL, "every rule has a row, in order");
    for (rule, failing, want, passing) in table {
        assert_eq!(found(&failing), want, "{rule}: the failing fixture");
        assert_eq!(found(&passing), [], "{rule}: the passing fixture");
    }
}

#[test]
fn rule_ids_and_severities() {
    let table: Vec<(&str, Severity)> = Rule::ALL.iter().map(|r| (r.id(), r.severity())).collect();
    use Severity::{Error, Warning};
    assert_eq!(
        table,
        [
            ("tool-name-charset", Error),
            ("tool-name-namespace", Warning),
            ("tool-name-collision", Error),
            ("schema-root-object", Error),
            ("property-type", Error),
            ("string-max-length", Warning),
            ("string-enum-in-description", Warning),
            ("id-pattern", Warning),
            ("number-bounds", Warning),
            ("array-items", Error),
            ("array-max-items", Warning),
            ("description-missing", Warning),
            ("description-when", Warning),
            ("pattern-portable", Error),
            ("required-unknown", Error),
            ("tools-list-shape", Error),
        ]
    );
    for rule in Rule::ALL {
        assert_eq!(rule.id().parse::<Rule>(), Ok(*rule));
    }
    assert!("tool-name".parse::<Rule>().is_err());
}

/// The namespace: the longest common prefix ending in `_`, with two chars or more before
/// it; none needed for one tool; without a majority, every tool is named.
#[test]
fn namespaces() {
    let names = |names: &[&str]| -> Vec<Row> {
        let list: Vec<Value> = names
            .iter()
            .map(|n| tool(n, json!({}), json!([])))
            .collect();
        found(&Value::Array(list))
            .into_iter()
            .filter(|(_, _, r)| *r == Rule::ToolNameNamespace)
            .collect()
    };
    assert_eq!(names(&["solo"]), []);
    assert_eq!(names(&["gh_repo_get", "gh_repo_list", "gh_issue_get"]), []);
    assert_eq!(
        names(&["a_one", "a_two"]),
        rows(&[
            ("a_one", "/name", Rule::ToolNameNamespace),
            ("a_two", "/name", Rule::ToolNameNamespace),
        ])
    );
    assert_eq!(
        names(&["get", "list"]),
        rows(&[
            ("get", "/name", Rule::ToolNameNamespace),
            ("list", "/name", Rule::ToolNameNamespace),
        ])
    );
    assert_eq!(
        names(&["notes_get", "tags_get"]),
        rows(&[
            ("notes_get", "/name", Rule::ToolNameNamespace),
            ("tags_get", "/name", Rule::ToolNameNamespace),
        ])
    );
}

/// Modelled on a community server that grew by accretion: camelCase and kebab-case names
/// beside snake_case ones, free strings and numbers, choices in prose, a pattern with
/// `\d`, a `required` name with a typo.
#[test]
fn a_vague_server() {
    use Rule::*;
    assert_eq!(
        found(&data("testing/tools_list_vague.json")),
        rows(&[
            ("searchFiles", "/description", DescriptionWhen),
            (
                "searchFiles",
                "/inputSchema/properties/maxResults",
                NumberBounds
            ),
            (
                "searchFiles",
                "/inputSchema/properties/path",
                DescriptionMissing
            ),
            (
                "searchFiles",
                "/inputSchema/properties/path",
                StringMaxLength
            ),
            (
                "searchFiles",
                "/inputSchema/properties/query",
                StringMaxLength
            ),
            (
                "searchFiles",
                "/inputSchema/properties/sortBy",
                StringEnumInDescription
            ),
            (
                "searchFiles",
                "/inputSchema/properties/sortBy",
                StringMaxLength
            ),
            ("searchFiles", "/name", ToolNameCharset),
            ("searchFiles", "/name", ToolNameNamespace),
            ("read_file", "/description", DescriptionWhen),
            (
                "read_file",
                "/inputSchema/properties/encoding",
                PropertyType
            ),
            (
                "read_file",
                "/inputSchema/properties/encoding",
                StringEnumInDescription
            ),
            ("read_file", "/inputSchema/properties/path", StringMaxLength),
            ("read_file", "/inputSchema/required/1", RequiredUnknown),
            ("read_file", "/name", ToolNameNamespace),
            ("read-file", "/description", DescriptionWhen),
            ("read-file", "/inputSchema/properties/path", StringMaxLength),
            ("read-file", "/name", ToolNameCharset),
            ("read-file", "/name", ToolNameCollision),
            ("read-file", "/name", ToolNameNamespace),
            ("get_commit", "/description", DescriptionWhen),
            ("get_commit", "/inputSchema/properties/files", ArrayItems),
            ("get_commit", "/inputSchema/properties/files", ArrayMaxItems),
            ("get_commit", "/inputSchema/properties/repo_id", IdPattern),
            (
                "get_commit",
                "/inputSchema/properties/repo_id",
                StringMaxLength
            ),
            (
                "get_commit",
                "/inputSchema/properties/sha/pattern",
                PatternPortable
            ),
            ("get_commit", "/name", ToolNameNamespace),
            ("run_query", "/description", DescriptionMissing),
            ("run_query", "/inputSchema", SchemaRootObject),
            ("run_query", "/name", ToolNameNamespace),
        ])
    );
}

/// Modelled on a namespaced production server: one prefix, bounded strings, numbers and
/// arrays, enums, identifier patterns, closed objects, descriptions that say when.
#[test]
fn a_strict_server() {
    let strict = data("testing/tools_list_strict.json");
    assert_eq!(found(&strict), []);
    Lint::new().deny_warnings().assert_clean(&strict);
}

/// Dogfooding: the demo server's own `tools/list` (the golden snapshot the MCP
/// conformance test pins) has no `error`; its warnings are the ones the README lists.
#[test]
fn the_demo_server_has_no_error() {
    let list = data("tools_list.json");
    assert_tools_lint_clean(&list);
    let findings = lint_tools(&list);
    assert!(findings.iter().all(|f| f.severity == Severity::Warning));
    assert_eq!(
        found(&list),
        rows(&[
            (
                "demo_get_sdk_sessions",
                "/inputSchema/properties/memory_session_ids",
                Rule::ArrayMaxItems
            ),
            (
                "demo_get_sdk_sessions",
                "/inputSchema/properties/memory_session_ids/items",
                Rule::StringMaxLength
            ),
        ])
    );
}

#[test]
fn the_allow_list_is_per_tool() {
    let list = data("testing/tools_list_vague.json");
    let all = lint_tools(&list);
    let allowed = Lint::new()
        .allow("read_file", Rule::StringMaxLength)
        .allow("*", Rule::ToolNameNamespace)
        .check(&list)
        .expect("a tools/list");
    let left_out: Vec<Row> = all
        .iter()
        .filter(|f| !allowed.contains(f))
        .map(|f| (f.tool.clone(), f.pointer.clone(), f.rule))
        .collect();
    assert_eq!(
        left_out,
        rows(&[
            ("searchFiles", "/name", Rule::ToolNameNamespace),
            (
                "read_file",
                "/inputSchema/properties/path",
                Rule::StringMaxLength
            ),
            ("read_file", "/name", Rule::ToolNameNamespace),
            ("read-file", "/name", Rule::ToolNameNamespace),
            ("get_commit", "/name", Rule::ToolNameNamespace),
            ("run_query", "/name", Rule::ToolNameNamespace),
        ])
    );
    // `read-file` keeps its own string-max-length finding.
    assert!(
        allowed
            .iter()
            .any(|f| f.tool == "read-file" && f.rule == Rule::StringMaxLength)
    );
}

/// The three shapes of a tools/list give the same findings, pointers into each tool.
#[test]
fn input_shapes() {
    let tools = clean()[0].clone();
    let bad = json!({"name": "Bad", "description": "Use it when asked.",
                     "inputSchema": {"type": "object", "properties": {}}});
    for list in [
        json!([tools, bad]),
        json!({"tools": [tools, bad], "nextCursor": "x"}),
        json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [tools, bad]}}),
    ] {
        assert_eq!(
            found(&list),
            rows(&[
                ("notes_get", "/name", Rule::ToolNameNamespace),
                ("Bad", "/name", Rule::ToolNameCharset),
                ("Bad", "/name", Rule::ToolNameNamespace),
            ])
        );
    }
    for (input, pointer) in [
        (json!(42), ""),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}),
            "/error",
        ),
        (json!({"result": {}}), "/result"),
        (json!([{"name": 7}]), "/0/name"),
        (json!({"tools": ["x"]}), "/tools/0"),
    ] {
        let findings = lint_tools(&input);
        let got: Vec<(&str, &str, Rule)> = findings
            .iter()
            .map(|f| (f.tool.as_str(), f.pointer.as_str(), f.rule))
            .collect();
        assert_eq!(got, [("", pointer, Rule::ToolsListShape)], "{input}");
    }
}

/// Untrusted input: nesting far past any recursion limit (built in code), a cycle of
/// `$ref`s, references to nowhere: findings, no panic, no unbounded work.
#[test]
fn hostile_schemas() {
    // Built without recursion, linted on an ordinary 2 MiB thread stack, never dropped
    // (serde_json's own Drop recurses).
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut deep = json!({"type": "boolean", "description": "Leaf."});
            for _ in 0..100_000 {
                let mut properties = serde_json::Map::new();
                properties.insert("x".into(), deep);
                let mut level = serde_json::Map::new();
                level.insert("type".into(), json!("object"));
                level.insert("description".into(), json!("Level."));
                level.insert("properties".into(), Value::Object(properties));
                deep = Value::Object(level);
            }
            let list = json!([tool("t_x", json!({}), json!([]))]);
            let mut list = list;
            list[0]["inputSchema"]["properties"]["x"] = deep;
            let findings = lint_tools(&list);
            assert_eq!(findings, []);
            std::mem::forget(list);
        })
        .expect("a thread")
        .join()
        .expect("no stack overflow");

    let cyclic = json!([{"name": "t_x", "description": "Use it when asked.", "inputSchema": {
        "type": "object",
        "properties": {"node": {"$ref": "#/$defs/Node", "description": "A node."}},
        "$defs": {"Node": {"type": "object", "properties": {
            "next": {"$ref": "#/$defs/Node", "description": "The next node."},
            "label": {"type": "string", "description": "A label."},
            "away": {"$ref": "#/$defs/Nowhere", "description": "Nowhere."}
        }}}
    }}]);
    assert_eq!(
        found(&cyclic),
        rows(&[(
            "t_x",
            "/inputSchema/$defs/Node/properties/label",
            Rule::StringMaxLength
        )])
    );
}

/// A property nested past the walk's depth limit hides none of its siblings' findings.
#[test]
fn a_branch_past_the_depth_limit_leaves_its_siblings_linted() {
    let deep = (0..70).fold(
        json!({"type": "string", "maxLength": 5}),
        |inner, _| json!({"type": "object", "description": "Nested.", "properties": {"a": inner}}),
    );
    let list = json!([{
        "name": "tool_deep",
        "description": "Use when testing depth.",
        "inputSchema": {"type": "object", "properties": {
            "a_deep": deep,
            "z_bad": {"type": "array", "description": "No items.", "maxItems": 3},
        }},
    }]);
    let errors: Vec<(String, Rule)> = mcp_coerce::testing::lint_tools(&list)
        .into_iter()
        .filter(|f| f.severity == mcp_coerce::testing::Severity::Error)
        .map(|f| (f.pointer, f.rule))
        .collect();
    assert_eq!(
        errors,
        [("/inputSchema/properties/z_bad".to_owned(), Rule::ArrayItems)]
    );
}

/// A `$ref` is a URI fragment: its `%XX` escapes are decoded, so that a finding at its
/// target has a pointer that resolves in the tool (RFC 6901 escapes kept).
#[test]
fn findings_at_a_ref_target_point_into_the_tool() {
    let tool = json!({"name": "srv_x", "description": "Use it.", "inputSchema": {
    "type": "object",
    "$defs": {"a b/c~d": {"type": "array"}},
    "properties": {
        "r": {"$ref": "#/$defs/a%20b~1c~0d", "description": "By reference."}
    }}});
    let pointers: Vec<(String, Rule)> = lint_tools(&json!([tool.clone()]))
        .into_iter()
        .filter(|f| f.rule == Rule::ArrayItems)
        .map(|f| (f.pointer, f.rule))
        .collect();
    assert_eq!(
        pointers,
        [("/inputSchema/$defs/a b~1c~0d".to_owned(), Rule::ArrayItems)]
    );
    assert!(tool.pointer("/inputSchema/$defs/a b~1c~0d").is_some());
}

/// Long keys and names are cut in what the lint reports (pointers past 1024 bytes end in
/// `/…`, names past 1024 bytes in `…`), so findings cost memory in proportion to the input.
#[test]
fn long_keys_and_names_are_cut_in_findings() {
    let key = "k".repeat(2000);
    let name = "a".repeat(2000);
    let list = json!([{
        "name": name,
        "description": "Use when testing long keys.",
        "inputSchema": {"type": "object", "properties": {
            key: {"type": "array", "description": "No items.", "maxItems": 3},
        }},
    }]);
    let found: Vec<(String, String)> = lint_tools(&list)
        .into_iter()
        .filter(|f| f.rule == Rule::ArrayItems)
        .map(|f| (f.tool, f.pointer))
        .collect();
    assert_eq!(
        found,
        [(
            format!("{}…", "a".repeat(1024)),
            "/inputSchema/properties/…".to_owned()
        )]
    );
}

/// An identifier whose `format` says its shape (`uuid`) needs no `pattern`.
#[test]
fn an_identifier_with_a_format_needs_no_pattern() {
    let list = json!([tool(
        "t_x",
        json!({"event_id": {"type": "string", "format": "uuid", "description": "The event."}}),
        json!([])
    )]);
    assert_eq!(mcp_coerce::testing::lint_tools(&list), []);
}
