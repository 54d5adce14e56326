//! A raw JSON-RPC client over an in-memory pipe: for requests rmcp's own client cannot
//! send (`params.arguments` that are not an object).

use rmcp::ServiceExt;
use rmcp::service::{RoleServer, Service};
use serde_json::{Value, json};
use tokio::io::{
    AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines, ReadHalf, WriteHalf,
};

/// A session with one server, initialized.
pub struct Raw {
    write: WriteHalf<DuplexStream>,
    lines: Lines<BufReader<ReadHalf<DuplexStream>>>,
    next_id: u64,
    /// The `_meta` every request carries (protocol versions without `initialize`).
    meta: Option<Value>,
}

/// The first protocol version without `initialize`: each request names its version (and
/// the client's capabilities) in `_meta`.
const NO_INITIALIZE: &str = "2026-07-28";

impl Raw {
    /// Serve `service` and open an initialized session with it (protocol 2025-06-18).
    pub async fn start<S: Service<RoleServer>>(service: S) -> Raw {
        Raw::start_at(service, "2025-06-18").await
    }

    /// Serve `service` and open a session with it at the protocol `version`: initialized
    /// before 2026-07-28, each request carrying the version in `_meta` from then on.
    pub async fn start_at<S: Service<RoleServer>>(service: S, version: &str) -> Raw {
        let (server_io, client_io) = tokio::io::duplex(1 << 16);
        tokio::spawn(async move {
            if let Ok(server) = service.serve(server_io).await {
                let _ = server.waiting().await;
            }
        });
        let (read, write) = tokio::io::split(client_io);
        let mut raw = Raw {
            write,
            lines: BufReader::new(read).lines(),
            next_id: 1,
            meta: None,
        };
        if version >= NO_INITIALIZE {
            raw.meta = Some(json!({
                "io.modelcontextprotocol/protocolVersion": version,
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"}
            }));
            return raw;
        }
        raw.request(
            "initialize",
            json!({"protocolVersion": version, "capabilities": {},
                   "clientInfo": {"name": "raw", "version": "0"}}),
        )
        .await;
        raw.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        raw
    }

    async fn send(&mut self, message: Value) {
        self.write
            .write_all(format!("{message}\n").as_bytes())
            .await
            .expect("writes");
    }

    /// Send one request and return the reply: the whole JSON-RPC response object.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut params = params;
        if let (Some(meta), Some(object)) = (&self.meta, params.as_object_mut()) {
            object.insert("_meta".to_owned(), meta.clone());
        }
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        let line = self
            .lines
            .next_line()
            .await
            .expect("reads")
            .expect("a reply");
        let reply: Value = serde_json::from_str(&line).expect("JSON");
        assert_eq!(reply["id"], id, "{reply}");
        reply
    }

    /// A `tools/call` request with these `params` (sent as they are); the reply.
    pub async fn call(&mut self, params: Value) -> Value {
        self.request("tools/call", params).await
    }
}
