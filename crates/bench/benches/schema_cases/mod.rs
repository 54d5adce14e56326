//! The schema engine's bench cases: published tool schemas (the demo's `tools/list` and a
//! few real servers' from the test suite's corpus), each with a canonical call and a lax
//! spelling of the same call, shared by the `schema` bench (criterion), the
//! `schema_profile` driver (callgrind) and, through `schema_profile --dump`, the ajv script
//! (`crates/bench/ajv`). See BENCHMARKS.md, "The schema engine".

#![allow(dead_code, reason = "each bench uses part of this module")]

use std::sync::OnceLock;

use serde_json::{Value, json};

/// One call against one schema.
pub struct Case {
    /// `schema/size` (`schema` alone for a call without an array).
    pub name: String,
    /// The schema's short name (one per published schema).
    pub schema_name: &'static str,
    pub schema: Value,
    /// The call as the schema asks for it: the coercer returns it unchanged.
    pub canonical: Value,
    /// The same call as agents send it: numbers and booleans as strings, arrays as JSON
    /// text or comma strings, enum values in another spelling, camelCase keys; the coercer
    /// returns `canonical` for it.
    pub lax: Value,
}

/// Where a schema comes from.
enum Source {
    /// A tool of the demo's `tools/list` (crates/testsuite/tests/data/tools_list.json).
    Demo(&'static str),
    /// A tool of a server of the corpus (crates/testsuite/tests/data/published/servers.json).
    Published(&'static str, &'static str),
}

fn data(path: &str) -> Value {
    let path = format!(
        "{}/../testsuite/tests/data/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn input_schema(tools: &Value, tool: &str) -> Value {
    tools
        .as_array()
        .and_then(|tools| tools.iter().find(|t| t["name"] == tool))
        .map(|t| t["inputSchema"].clone())
        .unwrap_or_else(|| panic!("no tool {tool}"))
}

fn schema(source: &Source) -> Value {
    static DEMO: OnceLock<Value> = OnceLock::new();
    static SERVERS: OnceLock<Value> = OnceLock::new();
    match source {
        Source::Demo(tool) => input_schema(DEMO.get_or_init(|| data("tools_list.json")), tool),
        Source::Published(server, tool) => {
            let servers = SERVERS.get_or_init(|| data("published/servers.json"));
            let server = servers["servers"]
                .as_array()
                .and_then(|s| s.iter().find(|s| s["server"] == *server))
                .unwrap_or_else(|| panic!("no server {server}"));
            input_schema(&server["tools"], tool)
        }
    }
}

/// `value` as JSON text.
fn text(value: &Value) -> Value {
    Value::String(value.to_string())
}

/// `items` as a comma string (`"a,b,c"`).
fn comma<T: ToString>(items: impl IntoIterator<Item = T>) -> Value {
    Value::String(
        items
            .into_iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(","),
    )
}

/// `n` realistic integer ids (7 digits), as in the other benches.
fn ids(n: usize) -> Vec<i64> {
    (0..n as i64).map(|i| 1_000_000 + i * 7).collect()
}

/// `n` short string ids (`prefix` and five digits).
fn str_ids(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i:05}")).collect()
}

/// The schemas, by short name, with where they come from and why they are here.
const SCHEMAS: [(&str, Source); 13] = [
    // The demo's seven tools, as its server publishes them (schemars, 2020-12).
    (
        "demo_get_observations",
        Source::Demo("demo_get_observations"),
    ),
    (
        "demo_get_sdk_sessions",
        Source::Demo("demo_get_sdk_sessions"),
    ),
    ("demo_batch_update", Source::Demo("demo_batch_update")),
    ("demo_search_skills", Source::Demo("demo_search_skills")),
    ("demo_get_card", Source::Demo("demo_get_card")),
    ("demo_segment_image", Source::Demo("demo_segment_image")),
    ("demo_schedule_event", Source::Demo("demo_schedule_event")),
    // TypeScript (zod, draft-07, `additionalProperties: false`): GitHub's reference server.
    (
        "github_update_issue",
        Source::Published("github-reference", "update_issue"),
    ),
    // Go: a GitHub server, a 32-value enum and camelCase properties.
    (
        "github_list_workflow_runs",
        Source::Published("github", "list_workflow_runs"),
    ),
    // TypeScript, 2020-12: Playwright's form filling, an array of closed objects.
    (
        "playwright_fill_form",
        Source::Published("playwright", "browser_fill_form"),
    ),
    // Python (pydantic): `anyOf` with `null` for every optional field, behind a `$ref`.
    (
        "pagerduty_list_log_entries",
        Source::Published("pagerduty", "list_log_entries"),
    ),
    // Python (pydantic): `$ref`s into `$defs`, nested objects.
    (
        "excel_create_chart",
        Source::Published("excel", "create_chart"),
    ),
    // Python: a 17 kB schema, a `oneOf` of 30 closed objects told apart by `type`.
    (
        "gworkspace_batch_update_doc",
        Source::Published("google-workspace", "batch_update_doc"),
    ),
];

/// Every published schema of the bench, by short name.
pub fn schemas() -> Vec<(&'static str, Value)> {
    SCHEMAS.iter().map(|(name, s)| (*name, schema(s))).collect()
}

/// The sizes of a schema's array, if its call has one.
fn sizes(schema_name: &str) -> &'static [usize] {
    match schema_name {
        // `maxItems: 50`.
        "demo_batch_update" => &[10, 50],
        "demo_get_observations"
        | "demo_get_sdk_sessions"
        | "github_update_issue"
        | "playwright_fill_form"
        | "pagerduty_list_log_entries"
        | "excel_create_chart"
        | "gworkspace_batch_update_doc" => &[10, 1000],
        _ => &[0],
    }
}

/// The canonical and the lax call of `schema_name` with `n` array elements.
fn calls(schema_name: &str, n: usize) -> (Value, Value) {
    match schema_name {
        "demo_get_observations" => (
            json!({"ids": ids(n), "limit": 10, "order_by": "date_desc", "project": "demo"}),
            json!({"ids": comma(ids(n)), "limit": "10", "orderBy": "DATE-DESC", "project": "demo"}),
        ),
        "demo_get_sdk_sessions" => {
            let sessions = json!(str_ids("s_", n));
            (
                json!({"memory_session_ids": sessions}),
                json!({"memorySessionIds": text(&sessions)}),
            )
        }
        "demo_batch_update" => {
            const STATUS: [(&str, &str); 3] = [
                ("open", "Open"),
                ("in_progress", "In Progress"),
                ("closed", "CLOSED"),
            ];
            let canonical: Vec<Value> = (0..n)
                .map(|i| json!({"id": 1000 + i, "status": STATUS[i % 3].0, "note": "checked"}))
                .collect();
            let lax: Vec<Value> = (0..n)
                .map(|i| {
                    json!({"id": (1000 + i).to_string(), "status": STATUS[i % 3].1, "note": "checked"})
                })
                .collect();
            (
                json!({"updates": canonical, "dry_run": false}),
                json!({"updates": text(&json!(lax)), "dryRun": "false"}),
            )
        }
        "demo_search_skills" => (
            json!({"query": "kubernetes operators", "category": "DevOps", "free_only": true,
                   "limit": 10, "max_price": 25.5}),
            json!({"query": "kubernetes operators", "category": "devops", "freeOnly": "yes",
                   "limit": "10", "max_price": "25.5"}),
        ),
        "demo_get_card" => (
            json!({"card_id": "ATC-2026-7777670"}),
            json!({"cardId": "ATC-2026-7777670"}),
        ),
        "demo_segment_image" => {
            let options = json!({"mode": "fast", "passes": 2});
            (
                json!({"image_url": "https://img.cdn.example.com/cat.jpg", "threshold": 0.5,
                       "options": options}),
                json!({"imageUrl": "https://img.cdn.example.com/cat.jpg", "threshold": "0.5",
                       "options": text(&options)}),
            )
        }
        "demo_schedule_event" => (
            json!({"start": "2026-01-15T10:00:00+01:00", "day": "2026-01-15",
                   "event_id": "6f9619ff-8b86-d011-b42d-00c04fc964ff",
                   "organizer": "ann@example.com", "allowed_ip": "2001:db8::1"}),
            json!({"start": "2026-01-15 10:00+0100", "day": "2026/1/15",
                   "eventId": "{6F9619FF-8B86-D011-B42D-00C04FC964FF}",
                   "organizer": "mailto:ann@example.com", "allowedIp": "[2001:DB8::1]"}),
        ),
        "github_update_issue" => {
            let labels = str_ids("label-", n);
            (
                json!({"owner": "octo-org", "repo": "hello-world", "issue_number": 42,
                       "title": "Crash on start", "state": "closed", "labels": labels,
                       "assignees": ["alice", "bob"], "milestone": 3}),
                json!({"owner": "octo-org", "repo": "hello-world", "issueNumber": "42",
                       "title": "Crash on start", "state": "Closed", "labels": comma(&labels),
                       "assignees": text(&json!(["alice", "bob"])), "milestone": "3"}),
            )
        }
        "github_list_workflow_runs" => (
            json!({"owner": "octo-org", "repo": "hello-world", "workflow_id": "ci.yml",
                   "event": "pull_request", "status": "completed", "page": 2, "perPage": 50,
                   "branch": "main"}),
            json!({"owner": "octo-org", "repo": "hello-world", "workflowId": "ci.yml",
                   "event": "Pull-Request", "status": "COMPLETED", "page": "2", "per_page": "50",
                   "branch": "main"}),
        ),
        "playwright_fill_form" => {
            const KINDS: [(&str, &str); 5] = [
                ("textbox", "Textbox"),
                ("checkbox", "CHECKBOX"),
                ("radio", "Radio"),
                ("combobox", "ComboBox"),
                ("slider", "Slider"),
            ];
            let field = |i: usize, kind: &str| {
                json!({"element": format!("Field {i}"), "target": format!("e{i}"),
                       "name": format!("field_{i}"), "type": kind, "value": format!("v{i}")})
            };
            let canonical: Vec<Value> = (0..n).map(|i| field(i, KINDS[i % 5].0)).collect();
            let lax: Vec<Value> = (0..n).map(|i| field(i, KINDS[i % 5].1)).collect();
            (
                json!({"fields": canonical}),
                json!({"fields": text(&json!(lax))}),
            )
        }
        "pagerduty_list_log_entries" => {
            let teams = str_ids("PT", n);
            (
                json!({"query_model": {"since": "2026-01-01T00:00:00Z", "limit": 50, "offset": 0,
                       "is_overview": true, "team_ids": teams, "time_zone": "UTC",
                       "total": false}}),
                json!({"queryModel": {"since": "2026-01-01T00:00:00Z", "limit": "50",
                       "offset": "0", "isOverview": "true", "team_ids": comma(&teams),
                       "timeZone": "UTC", "total": "false"}}),
            )
        }
        "excel_create_chart" => {
            let series = |i: usize, lax: bool| {
                if lax {
                    json!({"values": format!("B2:B{}", 13 + i), "name": format!("S{i}"),
                           "type": "Line", "marker": "CIRCLE", "markerSize": "6",
                           "secondaryAxis": "false", "line_width_pt": "1.5"})
                } else {
                    json!({"values": format!("B2:B{}", 13 + i), "name": format!("S{i}"),
                           "type": "line", "marker": "circle", "marker_size": 6,
                           "secondary_axis": false, "line_width_pt": 1.5})
                }
            };
            let canonical: Vec<Value> = (0..n).map(|i| series(i, false)).collect();
            let lax: Vec<Value> = (0..n).map(|i| series(i, true)).collect();
            (
                json!({"path": "/tmp/book.xlsx", "sheet": "Sales", "chart_type": "line",
                       "series": canonical,
                       "options": {"title": "Monthly", "width_cm": 15, "legend": "bottom",
                                   "totals": [1, 2, 3], "smooth": true}}),
                json!({"path": "/tmp/book.xlsx", "sheet": "Sales", "chartType": "Line",
                       "series": text(&json!(lax)),
                       "options": {"title": "Monthly", "widthCm": "15", "legend": "Bottom",
                                   "totals": "1,2,3", "smooth": "true"}}),
            )
        }
        "gworkspace_batch_update_doc" => {
            let op = |i: usize, lax: bool| match (i % 3, lax) {
                (0, false) => json!({"type": "insert_text", "index": i + 1, "text": "hello"}),
                (0, true) => {
                    json!({"type": "Insert-Text", "index": (i + 1).to_string(), "text": "hello"})
                }
                (1, false) => json!({"type": "delete_text", "start_index": i, "end_index": i + 3}),
                (1, true) => {
                    json!({"type": "DELETE_TEXT", "startIndex": i.to_string(), "endIndex": (i + 3).to_string()})
                }
                (_, false) => json!({"type": "format_text", "start_index": i, "end_index": i + 5,
                                     "bold": true, "font_size": 12}),
                (_, true) => {
                    json!({"type": "formatText", "start_index": i.to_string(), "end_index": i + 5,
                                    "bold": "true", "fontSize": "12"})
                }
            };
            let canonical: Vec<Value> = (0..n).map(|i| op(i, false)).collect();
            let lax: Vec<Value> = (0..n).map(|i| op(i, true)).collect();
            (
                json!({"user_google_email": "ada@example.com", "document_id": "1AbC",
                       "operations": canonical}),
                json!({"userGoogleEmail": "ada@example.com", "document_id": "1AbC",
                       "operations": text(&json!(lax))}),
            )
        }
        other => panic!("no calls for {other}"),
    }
}

/// Every case: each schema with its calls, at each size of its array.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (schema_name, source) in &SCHEMAS {
        let schema = schema(source);
        for &n in sizes(schema_name) {
            let (canonical, lax) = calls(schema_name, n);
            out.push(Case {
                name: if n == 0 {
                    (*schema_name).to_owned()
                } else {
                    format!("{schema_name}/{n}")
                },
                schema_name,
                schema: schema.clone(),
                canonical,
                lax,
            });
        }
    }
    out
}

/// The validator the coercer is measured against: `jsonschema` with formats read as
/// annotations, as the schema engine reads them (and as its own validator is built).
pub fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(false)
        .build(schema)
        .unwrap_or_else(|e| panic!("jsonschema refuses the schema: {e}"))
}

/// Check a case: the canonical call valid for jsonschema and unchanged by the coercer, the
/// lax call coerced to the canonical one.
pub fn check(case: &Case) {
    let coercer = mcp_coerce::coercer::Coercer::compile(&case.schema)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    assert!(
        validator(&case.schema).is_valid(&case.canonical),
        "{}: the canonical call is not valid",
        case.name
    );
    let back = coercer.coerce(case.canonical.clone());
    assert_eq!(
        back.as_ref().ok(),
        Some(&case.canonical),
        "{}: the canonical call is changed: {back:?}",
        case.name
    );
    let report = coercer.coerce_with_report(case.canonical.clone());
    assert!(
        report.as_ref().is_ok_and(|r| r.coercions().is_empty()),
        "{}: the canonical call records coercions: {report:?}",
        case.name
    );
    let lax = coercer.coerce(case.lax.clone());
    assert_eq!(
        lax.as_ref().ok(),
        Some(&case.canonical),
        "{}: the lax call is not read as the canonical one: {lax:?}",
        case.name
    );
}
