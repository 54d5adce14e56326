//! The `tracing` events: one debug event per coercion and one info event per refusal,
//! with exactly the documented fields, never an input value; the rmcp extractor emits
//! them on its own.

use crate::counting;
use crate::demo_mcp;
use crate::demo_tools;

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use serde_json::json;
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// One event as the tests compare it: level, target, and every field as text.
type Seen = (Level, String, BTreeMap<String, String>);

/// A subscriber that keeps every event.
#[derive(Clone, Default)]
struct Keep(Arc<Mutex<Vec<Seen>>>);

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().to_owned(), value.to_string());
    }
}

impl Subscriber for Keep {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        let meta = event.metadata();
        if let Ok(mut seen) = self.0.lock() {
            seen.push((*meta.level(), meta.target().to_owned(), fields));
        }
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

fn fields(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn a_report_and_a_refusal_as_events() {
    let keep = Keep::default();
    tracing::subscriber::with_default(keep.clone(), || {
        let call = mcp_coerce::from_value_with_report::<demo_tools::SearchSkills>(
            json!({"query": "deploy", "category": "ai-ml"}),
        )
        .unwrap();
        call.report().trace("demo_search_skills");
        let refused = mcp_coerce::from_value_with_report::<demo_tools::GetObservations>(
            json!({"ids": "1,sk-live-1", "project": "p", "limit": "s3cr3t"}),
        )
        .unwrap_err();
        refused.trace("demo_get_observations");
    });
    let seen = keep.0.lock().unwrap().clone();
    let target = "mcp_coerce".to_string();
    assert_eq!(
        seen,
        [
            (
                Level::DEBUG,
                target.clone(),
                fields(&[
                    ("message", "coercion"),
                    ("tool", "demo_search_skills"),
                    ("path", "/category"),
                    ("rule", "enum_fold")
                ])
            ),
            (
                Level::DEBUG,
                target.clone(),
                fields(&[
                    ("message", "coercion"),
                    ("tool", "demo_search_skills"),
                    ("path", "/limit"),
                    ("rule", "default_applied")
                ])
            ),
            (
                Level::INFO,
                target.clone(),
                fields(&[
                    ("message", "refused"),
                    ("tool", "demo_get_observations"),
                    ("issues", "2"),
                    ("codes", "int_parsing,int_parsing"),
                    ("paths", "/ids/1,/limit")
                ])
            ),
            (
                Level::DEBUG,
                target,
                fields(&[
                    ("message", "coercion"),
                    ("tool", "demo_get_observations"),
                    ("path", "/ids"),
                    ("rule", "comma_split")
                ])
            ),
        ]
    );
    let text = format!("{seen:?}");
    assert!(!text.contains("sk-live") && !text.contains("s3cr3t"));
}

/// The rmcp extractor emits the events of every call it reads, named by the tool.
#[tokio::test(flavor = "current_thread")]
async fn the_rmcp_extractor_emits_them() {
    let keep = Keep::default();
    let _guard = tracing::subscriber::set_default(keep.clone());
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(async move {
        if let Ok(server) = demo_mcp::DemoServer::service(mcp_coerce::dialect::Dialect::Canonical)
            .serve(server_io)
            .await
        {
            let _ = server.waiting().await;
        }
    });
    let client = ().serve(client_io).await.expect("the client connects");
    for arguments in [json!({"ids": "[1]"}), json!({"ids": "x"})] {
        let params = CallToolRequestParams::new("demo_get_observations")
            .with_arguments(arguments.as_object().cloned().unwrap_or_default());
        client.call_tool(params).await.expect("a tool result");
    }
    client.cancel().await.expect("the client closes");
    let _ = server.await;
    let seen: Vec<BTreeMap<String, String>> = keep
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, target, _)| target == "mcp_coerce")
        .map(|(_, _, f)| f.clone())
        .collect();
    assert_eq!(
        seen,
        [
            fields(&[
                ("message", "coercion"),
                ("tool", "demo_get_observations"),
                ("path", "/ids"),
                ("rule", "json_string")
            ]),
            fields(&[
                ("message", "refused"),
                ("tool", "demo_get_observations"),
                ("issues", "1"),
                ("codes", "int_parsing"),
                ("paths", "/ids/0")
            ]),
            fields(&[
                ("message", "coercion"),
                ("tool", "demo_get_observations"),
                ("path", "/ids"),
                ("rule", "comma_split")
            ]),
        ]
    );
}

/// The rmcp router logs each way a result misses its tool's `outputSchema`: one error
/// event with the tool, the path in the result, the keyword, and the validator's message
/// with the result's values masked.
#[tokio::test(flavor = "current_thread")]
async fn the_rmcp_router_logs_an_invalid_output() {
    use mcp_coerce::rmcp::{Parameters, coerce};
    use rmcp::handler::server::router::tool::ToolRouter;
    use rmcp::model::CallToolResult;
    use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Args {}

    #[derive(serde::Serialize, schemars::JsonSchema)]
    struct Out {
        count: u32,
    }

    #[derive(Clone)]
    struct Wrong {
        tool_router: ToolRouter<Self>,
    }

    #[tool_router]
    impl Wrong {
        #[tool(
            description = "Returns a string where its output type has a number.",
            output_schema = mcp_coerce::rmcp::output_schema::<Out>()
        )]
        async fn wrong(
            &self,
            Parameters(_): Parameters<Args>,
        ) -> Result<CallToolResult, ErrorData> {
            Ok(CallToolResult::structured(json!({"count": "s3cr3t"})))
        }
    }

    #[tool_handler(router = coerce(&self.tool_router))]
    impl ServerHandler for Wrong {}

    let keep = Keep::default();
    let _guard = tracing::subscriber::set_default(keep.clone());
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = tokio::spawn(async move {
        let wrong = Wrong {
            tool_router: Wrong::tool_router(),
        };
        if let Ok(server) = wrong.serve(server_io).await {
            let _ = server.waiting().await;
        }
    });
    let client = ().serve(client_io).await.expect("the client connects");
    let result = client
        .call_tool(CallToolRequestParams::new("wrong"))
        .await
        .expect("a tool result");
    assert_eq!(result.is_error, Some(true));
    client.cancel().await.expect("the client closes");
    let _ = server.await;
    let seen: Vec<Seen> = keep
        .0
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, target, _)| target == "mcp_coerce")
        .cloned()
        .collect();
    assert_eq!(
        seen,
        [(
            Level::ERROR,
            "mcp_coerce".to_owned(),
            fields(&[
                ("message", "output does not match the outputSchema"),
                ("tool", "wrong"),
                ("path", "/count"),
                ("keyword", "type"),
                ("detail", "value is not of type \"integer\""),
            ])
        )]
    );
}

/// A subscriber that takes every event of the crate, or none, and records no field: it
/// counts the events it takes, without allocating.
struct Count {
    takes: bool,
    events: Arc<AtomicUsize>,
}

impl Subscriber for Count {
    fn enabled(&self, meta: &Metadata<'_>) -> bool {
        self.takes || meta.target() != "mcp_coerce"
    }
    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }
    fn record(&self, _: &Id, _: &Record<'_>) {}
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, _: &Event<'_>) {
        self.events.fetch_add(1, Ordering::Relaxed);
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

/// The events build nothing that no subscriber reads: tracing a refusal of 300 issues and
/// its coercions, and a report of two coercions, allocates nothing with no subscriber, with
/// one that takes no event of the crate, and with one that takes them all but records no
/// field (the codes and paths are written only into a recorder). Allocations are counted
/// on this thread, each case after one call that registers the events' callsites.
#[test]
fn events_build_nothing_unread() {
    let call = mcp_coerce::from_value_with_report::<demo_tools::SearchSkills>(
        json!({"query": "deploy", "category": "ai-ml"}),
    )
    .unwrap();
    let mut ids = vec![json!("x"); 300];
    ids.push(json!("7"));
    let refused = mcp_coerce::from_value_with_report::<demo_tools::GetObservations>(
        json!({"ids": ids, "project": "p", "limit": "9"}),
    )
    .unwrap_err();
    assert_eq!((refused.issues().len(), refused.total()), (100, 300));
    assert_eq!(refused.coercions().len(), 2);
    let trace = || {
        refused.trace("demo_get_observations");
        call.report().trace("demo_search_skills");
    };
    let allocations = || {
        trace();
        let before = counting::ALLOCATIONS.with(Cell::get);
        trace();
        counting::ALLOCATIONS.with(Cell::get) - before
    };
    assert_eq!(allocations(), 0, "no subscriber");
    for takes in [false, true] {
        let events = Arc::new(AtomicUsize::new(0));
        let count = Count {
            takes,
            events: events.clone(),
        };
        let allocated = tracing::subscriber::with_default(count, allocations);
        assert_eq!(allocated, 0, "a subscriber that takes events: {takes}");
        // Two calls, each: the refusal, its 2 coercions, the report's 2.
        let want = if takes { 10 } else { 0 };
        assert_eq!(events.load(Ordering::Relaxed), want);
    }
}
