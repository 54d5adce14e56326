//! The `tools/list` lint on a file: `cargo run --example lint_tools -- [--json] [--allow
//! TOOL:RULE]... FILE`, with FILE a `tools/list` result (the JSON-RPC response, its
//! `result`, or the bare `tools` array). Exit status 1 when a finding is an `error`, 0
//! otherwise, 2 when FILE is unreadable or not a `tools/list` result.
//!
//! The program is `lint_tools_cli` of the examples package (`crates/examples`), built with
//! its `testing` feature, which this one runs through cargo (see `common/elsewhere.rs`):
//! the test kit's dependencies stay out of this package's builds.

#[path = "common/elsewhere.rs"]
mod elsewhere;

fn main() -> std::process::ExitCode {
    elsewhere::run("lint_tools_cli", "testing")
}
