//! `mcp-coerce-proxy`: the [mcp-coerce](https://docs.rs/mcp-coerce) contract in front of
//! any MCP server, in any language, over the stdio transport.
//!
//! ```text
//! mcp-coerce-proxy [OPTIONS] -- COMMAND [ARGS...]
//! ```
//!
//! The proxy starts `COMMAND` as its child and passes every line between the client (its
//! own stdin and stdout) and the server (the child's) as it came, but for:
//!
//! | message | what the proxy does |
//! |---|---|
//! | a `tools/list` result (of a request the client sent) | learns each tool's `inputSchema` and `outputSchema`; with `--dialect`, the client sees each `inputSchema` rewritten as the rmcp router rewrites it |
//! | `notifications/tools/list_changed` | forgets them (learned again at the next listing) |
//! | a `tools/call` request | the arguments coerced against the tool's `inputSchema` ([`mcp_coerce::coercer`]): unchanged, the line goes on byte for byte; coerced, only `arguments` is replaced; refused, the proxy answers with an `isError: true` result carrying the envelope, and the server never sees the call |
//! | a call for a tool not listed yet | held while the proxy lists the tools itself (ids starting with [`OWN_ID_PREFIX`](session::OWN_ID_PREFIX)); a call cancelled meanwhile is never sent |
//! | a complete `tools/call` result | `structuredContent` checked against the `outputSchema` (`OUTPUT_INVALID`); with `--report`, the coercion notes attached |
//! | a line that is not JSON, or past `--max-bytes` | passed on as it is (the latter in chunks, unparsed) |
//!
//! The logic is [`session::Session`], plain functions of the lines; the binary is the I/O
//! around it.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod lines;
pub mod log;
pub mod message;
pub mod session;

pub use session::{Action, Config, Session};
