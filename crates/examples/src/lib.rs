//! The command-line examples of `mcp-coerce` that need dependencies beyond the crate's own
//! (the demo MCP server needs rmcp and tokio, the test kit's command lines proptest and
//! jsonschema), kept in a package of their own so that the crate's own examples and tests
//! build without them. Nothing is published from here; the examples are in `examples/`:
//!
//! - `demo_server` (feature `rmcp`): the demo tool set as a stdio MCP server,
//!   `cargo run --example demo_server --features rmcp` from the repository root.
//! - `lint_tools_cli` and `schema_compat_cli` (feature `testing`): the test kit's
//!   `tools/list` lint and schema compatibility check on files, run from the repository
//!   root as `cargo run --example lint_tools -- ...` and `cargo run --example
//!   schema_compat -- ...` (the root's examples of those names run these).
//! - `worker_server` (feature `axum`): the demo HTTP worker on axum,
//!   `cargo run --example worker -- --listen 127.0.0.1:PORT` from the repository root.
#![forbid(unsafe_code)]
