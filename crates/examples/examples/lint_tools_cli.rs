//! The `tools/list` lint on a file, for the CI of any MCP server (whatever its language).
//!
//! `cargo run --example lint_tools -- [--json] [--allow TOOL:RULE]... FILE` from the
//! repository root (which runs this program with the `testing` feature of this package),
//! or `cargo run -p mcp-coerce-examples --features testing --example lint_tools_cli --
//! ...`. FILE is a `tools/list` result: the JSON-RPC response, its `result`, or the bare
//! `tools` array (`-`: stdin). It prints the findings (one a line, or with `--json` one
//! JSON array of `{"tool", "pointer", "rule", "severity", "message"}`) and exits with 1
//! when one is an `error`, 0 otherwise, 2 when FILE is unreadable or not a `tools/list`
//! result. The rules are those of `mcp_coerce::testing::Rule`.

#[path = "common/kit_cli.rs"]
mod kit_cli;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    kit_cli::finish(kit_cli::lint_tools(&args))
}
