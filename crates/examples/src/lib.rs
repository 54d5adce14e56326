//! The command-line examples of `mcp-coerce` that need dependencies beyond the crate's own
//! (the demo MCP server needs rmcp and tokio), kept in a package of their own so that the
//! crate's own examples and tests build without them. Nothing is published from here; the
//! examples are in `examples/`:
//!
//! - `demo_server` (feature `rmcp`): the demo tool set as a stdio MCP server,
//!   `cargo run --example demo_server --features rmcp` from the repository root.
#![forbid(unsafe_code)]
