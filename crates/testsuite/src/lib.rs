//! The tests of `mcp-coerce` that need dependencies beyond the crate's own (proptest, toml
//! and serde_urlencoded, jsonschema, rmcp's client and tokio, axum and an HTTP client for
//! the demo worker), kept in a package of their own so that the crate's examples and light
//! tests build without them. Nothing is published from here; the tests are in `tests/`,
//! the real-client conformance checks (the official MCP Python and TypeScript SDKs against
//! the demo server) in `tests/real_client/`.
#![forbid(unsafe_code)]
