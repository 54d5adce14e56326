//! End to end, not a timing bench: a tool, `get_observations`, served by rmcp over stdio,
//! and the client that calls it. `benches/server.sh` counts each server's instructions per
//! call under callgrind and times the calls (see BENCHMARKS.md). The tool returns its
//! result as `structuredContent` and declares an `outputSchema`; its twin
//! `get_observations_text` answers with text and declares none (the crate's router then
//! sends a refusal's envelope as `structuredContent` too).
//!
//! The servers:
//! - `plain`: rmcp's `Parameters` on plain serde types, rmcp's own tool router;
//! - `parameters`: the crate's `Parameters` (`ids` through `IntArrayLike`), rmcp's router;
//! - `coerce`: the crate's `Parameters` and its router (`mcp_coerce::rmcp::coerce`), which
//!   checks each result against the tool's `outputSchema`.
//!
//! The last two need the package's `rmcp` feature (mcp-coerce's `rmcp`); without it the
//! bench builds as a server without mcp-coerce builds: no jsonschema, and with it no
//! serde_json `float_roundtrip`.
//!
//! ```text
//! server serve SERVER
//! server drive KIND N WARMUP CALLS -- COMMAND [ARG...]
//! ```
//!
//! `drive` starts COMMAND (a server, under valgrind or not), initializes the session, makes
//! WARMUP and then CALLS calls of one kind (`canonical`: `ids` a native array of N integers;
//! `lax`: the same ids as a comma string; `refused`: N ids that are all `"x"`;
//! `refused_text`: the same to `get_observations_text`), one at a
//! time, each answered before the next is sent, and closes the server's stdin only when
//! every call is answered (rmcp waits 5 s at most for answers still in flight once stdin
//! closes). It prints the timed calls' wall time and the first answer's outcome, and fails
//! when a later answer differs from the first in anything but its id.
//!
//! Run without arguments (as `cargo test -p mcp-coerce-bench --benches` runs it), it
//! serves each server from its own executable and checks the outcome of each kind of call.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Json;
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The tool a call of `kind` goes to.
fn tool(kind: &str) -> &'static str {
    if kind.ends_with("_text") {
        "get_observations_text"
    } else {
        "get_observations"
    }
}

/// The tool's result: what it read.
#[derive(Serialize, schemars::JsonSchema)]
struct Observations {
    count: usize,
    first: Option<i64>,
    limit: u32,
    project: String,
}

/// The arguments as plain serde reads them.
#[derive(Deserialize, schemars::JsonSchema)]
struct PlainArgs {
    ids: Vec<i64>,
    limit: u32,
    project: String,
}

/// The plain rmcp server.
#[derive(Clone)]
struct PlainServer {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl PlainServer {
    #[tool(description = "Observations by id.")]
    async fn get_observations(
        &self,
        rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<
            PlainArgs,
        >,
    ) -> Json<Observations> {
        Json(Observations {
            count: args.ids.len(),
            first: args.ids.first().copied(),
            limit: args.limit,
            project: args.project,
        })
    }

    #[tool(description = "Observations by id, as text.")]
    async fn get_observations_text(
        &self,
        rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<
            PlainArgs,
        >,
    ) -> String {
        format!("{} observations of {}", args.ids.len(), args.project)
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for PlainServer {}

#[cfg(feature = "rmcp")]
mod with_crate {
    //! The same tool with the crate's extractor, routed by rmcp's router or the crate's.

    use mcp_coerce::rmcp::{Parameters, coerce};
    use mcp_coerce::{IntArrayLike, IntLike, Items};
    use rmcp::handler::server::router::tool::ToolRouter;
    use rmcp::handler::server::tool::ToolCallContext;
    use rmcp::handler::server::wrapper::Json;
    use rmcp::model::{
        CallToolRequestParams, CallToolResponse, ListToolsResult, PaginatedRequestParams,
        ServerCapabilities, ServerConfig, Tool,
    };
    use rmcp::service::RequestContext;
    use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_router};
    use serde::Deserialize;
    use serde_with::serde_as;

    use super::Observations;

    /// The arguments as the crate reads them: `ids` in any shape it accepts.
    #[serde_as]
    #[derive(Deserialize, schemars::JsonSchema)]
    struct Args {
        #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
        ids: Vec<i64>,
        #[serde_as(as = "IntLike<1, 100>")]
        limit: u32,
        project: String,
    }

    /// The server with the crate's `Parameters`; routed by the crate's router when
    /// `coerce`, else by rmcp's.
    #[derive(Clone)]
    pub(super) struct CrateServer {
        tool_router: ToolRouter<Self>,
        coerce: bool,
    }

    #[tool_router]
    impl CrateServer {
        pub(super) fn new(coerce: bool) -> Self {
            CrateServer {
                tool_router: Self::tool_router(),
                coerce,
            }
        }

        #[tool(description = "Observations by id.")]
        async fn get_observations(&self, Parameters(args): Parameters<Args>) -> Json<Observations> {
            Json(Observations {
                count: args.ids.len(),
                first: args.ids.first().copied(),
                limit: args.limit,
                project: args.project,
            })
        }

        #[tool(description = "Observations by id, as text.")]
        async fn get_observations_text(&self, Parameters(args): Parameters<Args>) -> String {
            format!("{} observations of {}", args.ids.len(), args.project)
        }
    }

    /// What `#[tool_handler]` writes, with either router.
    impl ServerHandler for CrateServer {
        fn get_info(&self) -> ServerConfig {
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
        }

        async fn call_tool(
            &self,
            request: CallToolRequestParams,
            context: RequestContext<RoleServer>,
        ) -> Result<CallToolResponse, ErrorData> {
            let call = ToolCallContext::new(self, request, context);
            if self.coerce {
                coerce(&self.tool_router).call(call).await
            } else {
                self.tool_router.call(call).await
            }
        }

        async fn list_tools(
            &self,
            _request: Option<PaginatedRequestParams>,
            _context: RequestContext<RoleServer>,
        ) -> Result<ListToolsResult, ErrorData> {
            Ok(ListToolsResult::with_all_items(if self.coerce {
                coerce(&self.tool_router).list_all()
            } else {
                self.tool_router.list_all()
            }))
        }

        fn get_tool(&self, name: &str) -> Option<Tool> {
            self.tool_router.get(name).cloned()
        }
    }
}

/// The servers this build offers.
fn servers() -> &'static [&'static str] {
    if cfg!(feature = "rmcp") {
        &["plain", "parameters", "coerce"]
    } else {
        &["plain"]
    }
}

/// Serve `server` on stdin and stdout until stdin closes, on one thread (plus the blocking
/// threads of tokio's stdio).
fn serve(server: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let transport = rmcp::transport::stdio();
        let service = match server {
            "plain" => PlainServer {
                tool_router: PlainServer::tool_router(),
            }
            .serve(transport)
            .await
            .map_err(|e| e.to_string())?
            .waiting()
            .await
            .map(drop),
            #[cfg(feature = "rmcp")]
            "parameters" | "coerce" => with_crate::CrateServer::new(server == "coerce")
                .serve(transport)
                .await
                .map_err(|e| e.to_string())?
                .waiting()
                .await
                .map(drop),
            _ => {
                return Err(format!(
                    "unknown server {server} (this build: {:?})",
                    servers()
                ));
            }
        };
        service.map_err(|e| e.to_string())
    })
}

/// The ids of a call of `n`: 7 digits each, as in the other benches.
fn ids(n: usize) -> Vec<i64> {
    (0..n as i64).map(|i| 1_000_000 + 7 * i).collect()
}

/// The `arguments` of a call of `kind` with `n` ids.
fn arguments(kind: &str, n: usize) -> Result<Value, String> {
    let ids = match kind {
        "canonical" => Value::from(ids(n)),
        "lax" => Value::from(
            ids(n)
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(","),
        ),
        "refused" | "refused_text" => Value::from(vec!["x"; n]),
        _ => {
            return Err(format!(
                "unknown kind {kind} (canonical, lax, refused, refused_text)"
            ));
        }
    };
    Ok(serde_json::json!({"ids": ids, "limit": 10, "project": "demo"}))
}

/// A session with a server started as a child process.
struct Session {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    line: String,
}

impl Session {
    fn start(command: &[String]) -> Result<Self, String> {
        let (program, args) = command.split_first().ok_or("no server command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut session = Session {
            child,
            input,
            output,
            line: String::new(),
        };
        let initialize = serde_json::json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "mcp-coerce-bench", "version": "0"}
            }
        });
        session.send(&initialize.to_string())?;
        session.answer(0)?;
        session.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)?;
        Ok(session)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        self.input
            .write_all(line.as_bytes())
            .and_then(|()| self.input.write_all(b"\n"))
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to the server: {e}"))
    }

    /// The next line that answers request `id` (other lines, such as notifications, are
    /// skipped); left in `self.line`.
    fn answer(&mut self, id: u64) -> Result<(), String> {
        let prefix = format!(r#"{{"jsonrpc":"2.0","id":{id},"#);
        loop {
            self.line.clear();
            let read = self
                .output
                .read_line(&mut self.line)
                .map_err(|e| format!("cannot read from the server: {e}"))?;
            if read == 0 {
                return Err(format!("the server closed stdout before answering {id}"));
            }
            if self.line.starts_with(&prefix) {
                return Ok(());
            }
            let message: Value = serde_json::from_str(&self.line)
                .map_err(|e| format!("not JSON from the server ({e}): {}", self.line))?;
            if message.get("id").and_then(Value::as_u64) == Some(id) {
                return Ok(());
            }
        }
    }

    /// Close stdin (every request has been answered) and wait for the server to exit.
    fn finish(self) -> Result<(), String> {
        let Session {
            mut child, input, ..
        } = self;
        drop(input);
        let status = child.wait().map_err(|e| e.to_string())?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("the server exited with {status}"))
        }
    }
}

/// What an answer says, in a few words: `ok count=N`, `error INVALID_ARGUMENT issues=K
/// truncated=T` for the crate's envelope (from `structuredContent` or the text), `error`
/// for any other `isError` result, `protocol error` for a JSON-RPC error.
fn outcome(answer: &str) -> Result<String, String> {
    let message: Value =
        serde_json::from_str(answer).map_err(|e| format!("not JSON ({e}): {answer}"))?;
    if message.get("error").is_some() {
        return Ok("protocol error".to_owned());
    }
    let result = message.get("result").ok_or("an answer without a result")?;
    if result.get("isError") != Some(&Value::Bool(true)) {
        let count = result["structuredContent"]["count"].as_u64().unwrap_or(0);
        return Ok(format!("ok count={count}"));
    }
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    let envelope = result.get("structuredContent").cloned().or_else(|| {
        let json = text.find('{').map_or("", |start| &text[start..]);
        serde_json::from_str::<Value>(json).ok()
    });
    Ok(match envelope {
        Some(e) if e.get("error").is_some() => format!(
            "error {} issues={} truncated={}{}",
            e["error"].as_str().unwrap_or_default(),
            e["issues"].as_array().map_or(0, Vec::len),
            e["truncated"],
            if result.get("structuredContent").is_some() {
                " structured"
            } else {
                ""
            }
        ),
        _ => "error".to_owned(),
    })
}

/// The driver's report: `answer=... bytes=B calls=C wall_ns=T per_call_ns=T/C`, the
/// answer's words (see [`outcome`]) joined by `+`.
fn drive(
    kind: &str,
    n: usize,
    warmup: usize,
    calls: usize,
    command: &[String],
) -> Result<String, String> {
    let arguments = arguments(kind, n)?;
    let request = |id: usize| {
        serde_json::json!({
            "jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool(kind), "arguments": arguments}
        })
        .to_string()
    };
    // Every request is written out before the clock starts.
    let requests: Vec<String> = (1..=warmup + calls).map(request).collect();
    let mut session = Session::start(command)?;
    let mut first: Option<(String, String)> = None;
    let mut started = Instant::now();
    for (i, line) in requests.iter().enumerate() {
        if i == warmup {
            started = Instant::now();
        }
        let id = i + 1;
        session.send(line)?;
        session.answer(id as u64)?;
        // Each answer is the first one but for its id.
        let prefix = format!(r#"{{"jsonrpc":"2.0","id":{id},"#);
        let rest = session
            .line
            .strip_prefix(&prefix)
            .unwrap_or(&session.line)
            .to_owned();
        match &first {
            None => first = Some((session.line.clone(), rest)),
            Some((_, expected)) if *expected == rest => {}
            Some((answer, _)) => {
                return Err(format!(
                    "answer {id} differs from the first:\n{}\n{answer}",
                    session.line
                ));
            }
        }
    }
    let wall = if calls > 0 {
        started.elapsed()
    } else {
        Duration::ZERO
    };
    session.finish()?;
    let (answer, _) = first.ok_or("no call made")?;
    Ok(format!(
        "answer={} bytes={} calls={calls} wall_ns={} per_call_ns={}",
        outcome(&answer)?.replace(' ', "+"),
        answer.trim_end().len(),
        wall.as_nanos(),
        wall.as_nanos() / calls.max(1) as u128,
    ))
}

/// Each server of this build, from this executable, answers each kind of call as expected.
fn check() -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let exe = exe.to_string_lossy().into_owned();
    for &server in servers() {
        // The outcome each server gives: plain, the crate's `Parameters`, and its router.
        let refused = "error+INVALID_ARGUMENT+issues=10+truncated=0";
        for (kind, outcomes) in [
            ("canonical", ["ok+count=10"; 3]),
            ("lax", ["error", "ok+count=10", "ok+count=10"]),
            ("refused", ["error", refused, refused]),
            (
                "refused_text",
                [
                    "error",
                    refused,
                    "error+INVALID_ARGUMENT+issues=10+truncated=0+structured",
                ],
            ),
        ] {
            let want = match server {
                "plain" => outcomes[0],
                "parameters" => outcomes[1],
                _ => outcomes[2],
            };
            let command = [exe.clone(), "serve".to_owned(), server.to_owned()];
            let report = drive(kind, 10, 1, 2, &command)?;
            let got = report
                .split(' ')
                .find_map(|field| field.strip_prefix("answer="))
                .unwrap_or_default();
            if got != want {
                return Err(format!("{server} {kind}: {report}, expected answer={want}"));
            }
            println!("{server} {kind}: {report}");
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let done = match words.as_slice() {
        [] => check(),
        ["serve", server] => serve(server),
        ["drive", kind, n, warmup, calls, "--", ..] => {
            match (n.parse(), warmup.parse(), calls.parse()) {
                (Ok(n), Ok(warmup), Ok(calls)) => {
                    drive(kind, n, warmup, calls, &args[6..]).map(|report| println!("{report}"))
                }
                _ => Err("N, WARMUP and CALLS are numbers".to_owned()),
            }
        }
        _ => Err(
            "usage: server serve SERVER | server drive KIND N WARMUP CALLS -- COMMAND..."
                .to_owned(),
        ),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("server: {message}");
            ExitCode::FAILURE
        }
    }
}
