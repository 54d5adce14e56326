//! The proxy's state between a client and a server, and what it does with each line: plain
//! functions of the messages, without a process or a runtime.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use mcp_coerce::Envelope;
use mcp_coerce::coercer::Coercer;
use mcp_coerce::dialect::Dialect;
use mcp_coerce::report::Report;
use rmcp::model::{CallToolResult, JsonObject};
use serde_json::{Map, Value, json};

use crate::message::{PROTOCOL_VERSION_META_KEY, id_key, is_stateless, raw_elements, replace};

/// The prefix of the ids of the requests the proxy sends the server itself (the listings
/// it makes to learn a tool's schema): `mcp-coerce-proxy/`, then a random part fixed for
/// the session, `/`, and a counter. A client should not use ids that start so: a response
/// to one is taken for the proxy's own and not forwarded.
pub const OWN_ID_PREFIX: &str = "mcp-coerce-proxy/";

/// At most this many tools are known at once; the tools of a listing past it are
/// forwarded unchecked.
pub const MAX_TOOLS: usize = 10_000;

/// At most this many requests of the client are followed at once (tool listings and calls
/// whose result is checked or annotated); past it, a call's result goes back unchecked.
pub const MAX_PENDING: usize = 65_536;

/// At most this many calls are held while the proxy lists the tools, and at most
/// [`MAX_HELD_BYTES`] of them; a call past either goes on unchecked.
pub const MAX_HELD: usize = 1_024;

/// See [`MAX_HELD`].
pub const MAX_HELD_BYTES: usize = 64 << 20;

/// At most this many pages of the proxy's own listing: a server whose `nextCursor` never
/// ends is listed no further, and the held calls go on.
pub const MAX_OWN_PAGES: usize = 1_000;

/// What the proxy is told on its command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The schema dialect of the client's front end (`--dialect`).
    pub dialect: Dialect,
    /// Notes for the model attached to the results of coerced calls (`--report`).
    pub report: bool,
    /// Results checked against their tool's `outputSchema` (off with `--no-output-check`).
    pub output_check: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            dialect: Dialect::Canonical,
            report: false,
            output_check: true,
        }
    }
}

/// A line for one side: the client (the proxy's stdout) or the server (the child's stdin).
/// The text has no line end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// To the server.
    ToServer(Vec<u8>),
    /// To the client.
    ToClient(Vec<u8>),
}

/// A tool as learned from a listing.
#[derive(Clone, Debug)]
struct Tool {
    /// `None` when its `inputSchema` does not compile: its calls go on unchecked.
    coercer: Option<Coercer>,
    /// The `inputSchema` as the server publishes it, which a dialect's normalization reads.
    input_schema: Value,
    output_schema: Option<Arc<JsonObject>>,
}

/// A request of the client whose answer the proxy reads.
#[derive(Clone, Debug)]
enum Pending {
    Initialize,
    /// A listing; `from_start` when it asked for the first page.
    List {
        from_start: bool,
    },
    Call {
        tool: String,
        output_schema: Option<Arc<JsonObject>>,
        report: Report,
    },
}

/// A call held while the proxy lists the tools.
#[derive(Clone, Debug)]
struct Held {
    id: String,
    line: String,
}

/// What becomes of one message.
#[derive(Debug, Default)]
struct Disposition {
    /// The text to send on (the message as it came, or with a part replaced); `None` when
    /// the proxy keeps it (a refused or held call, its own listing's answer).
    forward: Option<String>,
    /// The proxy's own answer to the sender.
    answer: Option<String>,
    /// Lines for either side that follow from it (the proxy's own requests, released calls).
    more: Vec<Action>,
}

impl Disposition {
    fn forward(text: &str) -> Self {
        Disposition {
            forward: Some(text.to_owned()),
            ..Disposition::default()
        }
    }
}

/// The proxy between one client and one server.
#[derive(Debug)]
pub struct Session {
    config: Config,
    tools: HashMap<String, Tool>,
    /// Every tool is known (a complete listing since the last `list_changed`): a call to a
    /// tool not known goes on unchanged.
    listed_all: bool,
    pending: HashMap<String, Pending>,
    held: Vec<Held>,
    held_bytes: usize,
    /// The id of the proxy's own listing request in flight, and how many pages it read.
    listing: Option<(String, usize)>,
    own_prefix: String,
    own_count: u64,
    /// The protocol version of the session (`initialize`), if any.
    protocol: Option<String>,
}

/// What the coercion of one call's arguments comes to.
#[derive(Debug, PartialEq)]
pub enum CallOutcome {
    /// The arguments need no change: the call goes on as it came.
    Unchanged(Report),
    /// The arguments as coerced, to replace the ones sent.
    Replaced(Value, Report),
    /// The call is refused: the envelope.
    Refused(Envelope),
}

/// Coerce the `arguments` of a call of `tool` (`None` when absent) against its compiled
/// `inputSchema` in `dialect` (whose normalization reads `input_schema`, the canonical
/// schema). The arguments are unchanged when the coerced value is the one sent (absent or
/// `null` arguments read as `{}` included), whatever the report says.
///
/// # Examples
///
/// ```
/// use mcp_coerce::coercer::Coercer;
/// use mcp_coerce::dialect::Dialect;
/// use mcp_coerce_proxy::session::{CallOutcome, coerce_call};
/// use serde_json::json;
///
/// let schema = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
/// let coercer = Coercer::compile(&schema)?.for_tool("t");
/// let outcome = coerce_call("t", &coercer, &schema, Dialect::Canonical, Some(&json!({"n": "5"})));
/// assert!(matches!(outcome, CallOutcome::Replaced(v, _) if v == json!({"n": 5})));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn coerce_call(
    tool: &str,
    coercer: &Coercer,
    input_schema: &Value,
    dialect: Dialect,
    arguments: Option<&Value>,
) -> CallOutcome {
    let sent = arguments.cloned().unwrap_or(Value::Null);
    let mut read = sent.clone();
    if dialect.normalizes_arguments() {
        dialect.normalize_arguments(&mut read, input_schema);
    }
    match coercer.coerce_with_report(read) {
        Ok(coerced) => {
            let (value, report) = coerced.into_parts();
            let same = same_json(&value, &sent)
                || (matches!(sent, Value::Null) && value.as_object().is_some_and(Map::is_empty));
            if same {
                CallOutcome::Unchanged(report)
            } else {
                CallOutcome::Replaced(value, report)
            }
        }
        Err(rejection) => CallOutcome::Refused(Envelope::invalid_argument(tool, &rejection)),
    }
}

/// JSON equality with numbers compared by value (`3` and `3.0` are one number), as the
/// schema engine compares a value it returns unchanged.
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x == y
                || match (x.as_i64(), y.as_i64(), x.as_u64(), y.as_u64()) {
                    (Some(i), Some(j), _, _) => i == j,
                    (_, _, Some(i), Some(j)) => i == j,
                    _ => {
                        // One of them is a float: equal only where both read as the same
                        // float and neither is an integer a float cannot hold exactly.
                        let exact = |n: &serde_json::Number| {
                            n.as_i64().is_none_or(|i| i.unsigned_abs() <= 1 << 53)
                                && n.as_u64().is_none_or(|u| u <= 1 << 53)
                        };
                        exact(x) && exact(y) && x.as_f64() == y.as_f64()
                    }
                }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// The JSON-RPC response carrying `result`, shaped for the protocol version of the call:
/// `resultType` only for the 2026-07-28 revision and later.
pub fn response(id: &Value, result: CallToolResult, version: Option<&str>) -> Value {
    let mut result = serde_json::to_value(result).unwrap_or_else(|_| json!({}));
    if let Value::Object(map) = &mut result {
        if version.is_some_and(is_stateless) {
            map.insert("resultType".to_owned(), json!("complete"));
        } else {
            map.remove("resultType");
        }
    }
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// A result checked against its tool's `outputSchema` (when `output_schema` is some) and
/// with the report's notes attached (when `report` is some): `None` when it goes back as
/// it came, else the result with only the members that changed replaced (`content`,
/// `structuredContent`, `isError`, `_meta`; `resultType` and unknown members as sent).
/// A result that is not complete (`resultType` other than `"complete"`, a task) or that is
/// no tool result passes unchecked.
pub fn checked_result(
    tool: &str,
    result: &Value,
    output_schema: Option<&Arc<JsonObject>>,
    report: Option<&Report>,
) -> Option<Value> {
    let map = result.as_object()?;
    let complete = map
        .get("resultType")
        .is_none_or(|t| t.as_str() == Some("complete"));
    if !complete || map.contains_key("task") {
        return None;
    }
    let parsed: CallToolResult = match serde_json::from_value(result.clone()) {
        Ok(parsed) => parsed,
        Err(error) => {
            tracing::debug!(tool, %error, "a result that is no tool result goes back unchecked");
            return None;
        }
    };
    let mut out = parsed.clone();
    if let Some(schema) = output_schema {
        out = mcp_coerce::rmcp::check_output(tool, schema, out);
    }
    if let Some(report) = report {
        out = mcp_coerce::rmcp::Coercions::from(report.clone()).attach(out);
    }
    if out == parsed {
        return None;
    }
    let new = serde_json::to_value(out).ok()?;
    let mut merged = map.clone();
    for key in ["content", "structuredContent", "isError", "_meta"] {
        match new.get(key) {
            Some(value) => merged.insert(key.to_owned(), value.clone()),
            None => merged.remove(key),
        };
    }
    Some(Value::Object(merged))
}

impl Session {
    /// A session with `config`; the ids of its own requests carry a random part.
    pub fn new(config: Config) -> Session {
        let random = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        Session::with_id_prefix(config, &format!("{OWN_ID_PREFIX}{random:016x}/"))
    }

    /// A session whose own request ids start with `prefix` (tests name it).
    pub fn with_id_prefix(config: Config, prefix: &str) -> Session {
        Session {
            config,
            tools: HashMap::new(),
            listed_all: false,
            pending: HashMap::new(),
            held: Vec::new(),
            held_bytes: 0,
            listing: None,
            own_prefix: prefix.to_owned(),
            own_count: 0,
            protocol: None,
        }
    }

    /// How many calls are held while the proxy lists the tools.
    pub fn held(&self) -> usize {
        self.held.len()
    }

    /// How many requests of the client the proxy follows.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// A line from the client.
    pub fn from_client(&mut self, line: &[u8]) -> Vec<Action> {
        let Some((text, value)) = parse(line) else {
            return vec![Action::ToServer(line.to_vec())];
        };
        match value {
            Value::Array(items) => self.batch(text, &items, true),
            Value::Object(message) => {
                let d = self.client_message(text, &message, true);
                single(d, Action::ToServer, Action::ToClient)
            }
            _ => vec![Action::ToServer(line.to_vec())],
        }
    }

    /// A line from the server.
    pub fn from_server(&mut self, line: &[u8]) -> Vec<Action> {
        let Some((text, value)) = parse(line) else {
            return vec![Action::ToClient(line.to_vec())];
        };
        match value {
            Value::Array(items) => self.batch(text, &items, false),
            Value::Object(message) => {
                let d = self.server_message(text, &message);
                single(d, Action::ToClient, Action::ToServer)
            }
            _ => vec![Action::ToClient(line.to_vec())],
        }
    }

    /// A JSON-RPC batch (protocol versions before 2025-06-18): each message as a single one
    /// (calls to unknown tools are not held: they go on unchanged), the messages sent on
    /// as one batch, the proxy's answers as another.
    fn batch(&mut self, text: &str, items: &[Value], from_client: bool) -> Vec<Action> {
        let raw = raw_elements(text).unwrap_or_default();
        let mut forward = Vec::new();
        let mut answers = Vec::new();
        let mut more = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let item_text = raw
                .get(i)
                .map_or_else(|| item.to_string(), |r| r.get().to_owned());
            let d = match item {
                Value::Object(message) if from_client => {
                    self.client_message(&item_text, message, false)
                }
                Value::Object(message) => self.server_message(&item_text, message),
                _ => Disposition::forward(&item_text),
            };
            forward.extend(d.forward);
            answers.extend(d.answer);
            more.extend(d.more);
        }
        let (on, back): (ToSide, ToSide) = if from_client {
            (Action::ToServer, Action::ToClient)
        } else {
            (Action::ToClient, Action::ToServer)
        };
        let mut out = Vec::new();
        if forward.len() == items.len() && forward.iter().zip(&raw).all(|(f, r)| f == r.get()) {
            out.push(on(text.as_bytes().to_vec()));
        } else if !forward.is_empty() {
            out.push(on(format!("[{}]", forward.join(",")).into_bytes()));
        }
        if !answers.is_empty() {
            out.push(back(format!("[{}]", answers.join(",")).into_bytes()));
        }
        out.extend(more);
        out
    }

    fn client_message(
        &mut self,
        text: &str,
        message: &Map<String, Value>,
        hold: bool,
    ) -> Disposition {
        let method = message.get("method").and_then(Value::as_str);
        let id = message.get("id");
        match (method, id) {
            (Some(method), Some(id)) => {
                let key = id_key(id);
                match method {
                    "initialize" => {
                        if let Some(v) = params(message)
                            .and_then(|p| p.get("protocolVersion"))
                            .and_then(Value::as_str)
                        {
                            self.protocol = Some(v.to_owned());
                        }
                        self.follow(key, Pending::Initialize);
                    }
                    "tools/list" => {
                        let from_start = params(message).is_none_or(|p| p.get("cursor").is_none());
                        self.follow(key, Pending::List { from_start });
                    }
                    "tools/call" => return self.call(text, message, id, hold),
                    _ => {}
                }
                Disposition::forward(text)
            }
            (Some("notifications/cancelled"), None) => {
                let cancelled = params(message)
                    .and_then(|p| p.get("requestId"))
                    .and_then(id_key);
                if let Some(key) = cancelled {
                    if let Some(i) = self.held.iter().position(|h| h.id == key) {
                        let held = self.held.remove(i);
                        self.held_bytes = self.held_bytes.saturating_sub(held.line.len());
                        tracing::info!("a held call was cancelled: it is not forwarded");
                        return Disposition::default();
                    }
                    self.pending.remove(&key);
                }
                Disposition::forward(text)
            }
            _ => Disposition::forward(text),
        }
    }

    fn follow(&mut self, key: Option<String>, pending: Pending) {
        let Some(key) = key else { return };
        if self.pending.len() >= MAX_PENDING && !self.pending.contains_key(&key) {
            tracing::warn!("{MAX_PENDING} requests in flight: this one is not followed");
            return;
        }
        self.pending.insert(key, pending);
    }

    /// A `tools/call` request.
    fn call(
        &mut self,
        text: &str,
        message: &Map<String, Value>,
        id: &Value,
        hold: bool,
    ) -> Disposition {
        let params = params(message);
        let Some(name) = params.and_then(|p| p.get("name")).and_then(Value::as_str) else {
            return Disposition::forward(text);
        };
        let version = params
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get(PROTOCOL_VERSION_META_KEY))
            .and_then(Value::as_str)
            .or(self.protocol.as_deref())
            .map(str::to_owned);
        let Some(tool) = self.tools.get(name) else {
            if hold && !self.listed_all {
                return self.hold(text, name, id, version.as_deref());
            }
            tracing::debug!(tool = name, "a call to a tool not listed goes on unchanged");
            return Disposition::forward(text);
        };
        let Some(coercer) = &tool.coercer else {
            let output_schema = tool.output_schema.clone();
            self.follow_call(id, name, output_schema, Report::default());
            return Disposition::forward(text);
        };
        let arguments = params.and_then(|p| p.get("arguments"));
        let output_schema = tool.output_schema.clone();
        match coerce_call(
            name,
            coercer,
            &tool.input_schema,
            self.config.dialect,
            arguments,
        ) {
            CallOutcome::Unchanged(report) => {
                self.follow_call(id, name, output_schema, report);
                Disposition::forward(text)
            }
            CallOutcome::Replaced(value, report) => {
                tracing::debug!(
                    tool = name,
                    coercions = report.coercions().len(),
                    "arguments coerced"
                );
                self.follow_call(id, name, output_schema, report);
                let line = replace(text, &["params", "arguments"], &value, || {
                    let mut whole = message.clone();
                    if let Some(Value::Object(p)) = whole.get_mut("params") {
                        p.insert("arguments".to_owned(), value.clone());
                    }
                    Value::Object(whole)
                });
                Disposition {
                    forward: Some(line),
                    ..Disposition::default()
                }
            }
            CallOutcome::Refused(envelope) => {
                tracing::info!(
                    tool = name,
                    issues = envelope.issues().len(),
                    "call refused"
                );
                let result = mcp_coerce::rmcp::refusal_result(&envelope, output_schema.is_some());
                Disposition {
                    answer: Some(response(id, result, version.as_deref()).to_string()),
                    ..Disposition::default()
                }
            }
        }
    }

    fn follow_call(
        &mut self,
        id: &Value,
        tool: &str,
        output_schema: Option<Arc<JsonObject>>,
        report: Report,
    ) {
        let check = self.config.output_check && output_schema.is_some();
        let notes = self.config.report && !report.is_empty();
        if check || notes {
            let output_schema = output_schema.filter(|_| self.config.output_check);
            let report = if notes { report } else { Report::default() };
            self.follow(
                id_key(id),
                Pending::Call {
                    tool: tool.to_owned(),
                    output_schema,
                    report,
                },
            );
        }
    }

    /// Hold a call to a tool not known, and list the tools (unless a listing is under way).
    fn hold(&mut self, text: &str, name: &str, id: &Value, version: Option<&str>) -> Disposition {
        let Some(key) = id_key(id) else {
            return Disposition::forward(text);
        };
        if self.held.len() >= MAX_HELD
            || self.held_bytes.saturating_add(text.len()) > MAX_HELD_BYTES
        {
            tracing::warn!(
                tool = name,
                "too many calls held: this one goes on unchanged"
            );
            return Disposition::forward(text);
        }
        tracing::debug!(
            tool = name,
            "a call to a tool not listed yet is held while the tools are listed"
        );
        self.held.push(Held {
            id: key,
            line: text.to_owned(),
        });
        self.held_bytes += text.len();
        let mut d = Disposition::default();
        if self.listing.is_none() {
            let request = self.own_listing(None, version);
            d.more.push(Action::ToServer(request.into_bytes()));
        }
        d
    }

    /// The proxy's own `tools/list` request (from `cursor`), remembered as in flight.
    fn own_listing(&mut self, cursor: Option<&Value>, version: Option<&str>) -> String {
        self.own_count += 1;
        let id = format!("{}{}", self.own_prefix, self.own_count);
        let pages = self.listing.as_ref().map_or(0, |(_, pages)| *pages);
        self.listing = Some((id.clone(), pages));
        let mut params = Map::new();
        if let Some(cursor) = cursor {
            params.insert("cursor".to_owned(), cursor.clone());
        }
        if let Some(version) = version
            .or(self.protocol.as_deref())
            .filter(|v| is_stateless(v))
        {
            params.insert(
                "_meta".to_owned(),
                json!({PROTOCOL_VERSION_META_KEY: version}),
            );
        }
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/list", "params": params}).to_string()
    }

    fn server_message(&mut self, text: &str, message: &Map<String, Value>) -> Disposition {
        if let Some(method) = message.get("method").and_then(Value::as_str) {
            if method == "notifications/tools/list_changed" {
                tracing::debug!(
                    "the tool list changed: the schemas are learned again at the next listing"
                );
                self.tools.clear();
                self.listed_all = false;
            }
            return Disposition::forward(text);
        }
        let Some(id) = message.get("id") else {
            return Disposition::forward(text);
        };
        if let (Some(own), Some((listing, _))) = (id.as_str(), &self.listing)
            && own == listing
        {
            return self.own_listing_answered(message);
        }
        let Some(pending) = id_key(id).and_then(|key| self.pending.remove(&key)) else {
            return Disposition::forward(text);
        };
        let Some(result) = message.get("result") else {
            return Disposition::forward(text);
        };
        match pending {
            Pending::Initialize => {
                if let Some(v) = result.get("protocolVersion").and_then(Value::as_str) {
                    self.protocol = Some(v.to_owned());
                }
                Disposition::forward(text)
            }
            Pending::List { from_start } => {
                self.learn(result);
                if from_start && result.get("nextCursor").is_none() {
                    self.listed_all = true;
                }
                match self.published(result) {
                    Some(published) => {
                        Disposition::forward(&replace(text, &["result"], &published, || {
                            let mut whole = message.clone();
                            whole.insert("result".to_owned(), published.clone());
                            Value::Object(whole)
                        }))
                    }
                    None => Disposition::forward(text),
                }
            }
            Pending::Call {
                tool,
                output_schema,
                report,
            } => {
                let report = (!report.is_empty()).then_some(&report);
                match checked_result(&tool, result, output_schema.as_ref(), report) {
                    Some(checked) => {
                        Disposition::forward(&replace(text, &["result"], &checked, || {
                            let mut whole = message.clone();
                            whole.insert("result".to_owned(), checked.clone());
                            Value::Object(whole)
                        }))
                    }
                    None => Disposition::forward(text),
                }
            }
        }
    }

    /// The answer to the proxy's own listing: the next page asked for, or the held calls
    /// released (each read as it would have been, the tools now known).
    fn own_listing_answered(&mut self, message: &Map<String, Value>) -> Disposition {
        let mut d = Disposition::default();
        let pages = self.listing.as_ref().map_or(0, |(_, p)| *p) + 1;
        if let Some(result) = message.get("result") {
            self.learn(result);
            if let Some(cursor) = result.get("nextCursor").filter(|c| !c.is_null()) {
                if pages < MAX_OWN_PAGES {
                    self.listing = self.listing.take().map(|(id, _)| (id, pages));
                    let request = self.own_listing(Some(cursor), None);
                    d.more.push(Action::ToServer(request.into_bytes()));
                    return d;
                }
                tracing::warn!("{MAX_OWN_PAGES} pages of tools listed: no more are asked for");
            }
        } else {
            tracing::warn!("the server refused the proxy's tools/list: held calls go on unchecked");
        }
        self.listing = None;
        self.listed_all = true;
        let held = std::mem::take(&mut self.held);
        self.held_bytes = 0;
        for call in held {
            let Some((text, Value::Object(message))) = parse(call.line.as_bytes()) else {
                continue;
            };
            let released = self.client_message(text, &message, false);
            d.more
                .extend(released.forward.map(|f| Action::ToServer(f.into_bytes())));
            d.more
                .extend(released.answer.map(|a| Action::ToClient(a.into_bytes())));
            d.more.extend(released.more);
        }
        d
    }

    /// Learn the tools of one page of a listing.
    fn learn(&mut self, result: &Value) {
        let Some(tools) = result.get("tools").and_then(Value::as_array) else {
            return;
        };
        for tool in tools {
            let Some(name) = tool.get("name").and_then(Value::as_str) else {
                continue;
            };
            if self.tools.len() >= MAX_TOOLS && !self.tools.contains_key(name) {
                tracing::warn!(
                    tool = name,
                    "{MAX_TOOLS} tools known: this one is not checked"
                );
                continue;
            }
            let input_schema = tool
                .get("inputSchema")
                .cloned()
                .unwrap_or_else(|| json!({}));
            let coercer = match Coercer::compile(&input_schema) {
                Ok(coercer) => {
                    for warning in coercer.warnings() {
                        tracing::info!(tool = name, %warning, "a part of the inputSchema is skipped");
                    }
                    Some(coercer.for_tool(name))
                }
                Err(error) => {
                    tracing::warn!(tool = name, %error, "the inputSchema does not compile: the tool's calls go on unchecked");
                    None
                }
            };
            let output_schema = tool
                .get("outputSchema")
                .and_then(Value::as_object)
                .map(|o| Arc::new(o.clone()));
            self.tools.insert(
                name.to_owned(),
                Tool {
                    coercer,
                    input_schema,
                    output_schema,
                },
            );
        }
    }

    /// A listing's result with each `inputSchema` rewritten into the dialect, as the rmcp
    /// router publishes it; `None` in the canonical dialect (the result goes on as sent).
    fn published(&self, result: &Value) -> Option<Value> {
        if self.config.dialect == Dialect::Canonical {
            return None;
        }
        let mut result = result.clone();
        let tools = result.get_mut("tools")?.as_array_mut()?;
        for tool in tools {
            let Some(Value::Object(schema)) = tool.get_mut("inputSchema") else {
                continue;
            };
            let mut canonical = schema.clone();
            canonical.remove("$schema");
            if let Value::Object(rewritten) = self
                .config
                .dialect
                .rewrite(&Value::Object(canonical))
                .schema
            {
                *schema = rewritten;
            }
        }
        Some(result)
    }
}

/// An action's constructor: the line to one side.
type ToSide = fn(Vec<u8>) -> Action;

/// The text of a line and its JSON value, when it is JSON.
fn parse(line: &[u8]) -> Option<(&str, Value)> {
    let text = std::str::from_utf8(line).ok()?;
    let value = serde_json::from_str(text).ok()?;
    Some((text, value))
}

fn params(message: &Map<String, Value>) -> Option<&Map<String, Value>> {
    message.get("params").and_then(Value::as_object)
}

/// The lines of one message's disposition.
fn single(d: Disposition, on: ToSide, back: ToSide) -> Vec<Action> {
    let mut out = Vec::with_capacity(1);
    out.extend(d.forward.map(|f| on(f.into_bytes())));
    out.extend(d.answer.map(|a| back(a.into_bytes())));
    out.extend(d.more);
    out
}
