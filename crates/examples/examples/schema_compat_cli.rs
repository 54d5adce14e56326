//! Backward compatibility of two `tools/list` results, for the CI of any MCP server.
//!
//! `cargo run --example schema_compat -- [--json] OLD NEW` from the repository root (which
//! runs this program with the `testing` feature of this package), or `cargo run -p
//! mcp-coerce-examples --features testing --example schema_compat_cli -- ...`. OLD and
//! NEW are `tools/list` results: the JSON-RPC response, its `result`, or the bare `tools`
//! array. It prints the changes (one a line, or with `--json` one JSON array of `{"tool",
//! "pointer", "rule", "severity", "message"}`) and exits with 1 when one is `breaking`, 0
//! otherwise, 2 when a file is unreadable or not a `tools/list` result. The change ids are
//! those of `mcp_coerce::testing::ChangeRule`.

#[path = "common/kit_cli.rs"]
mod kit_cli;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    kit_cli::finish(kit_cli::schema_compat(&args))
}
