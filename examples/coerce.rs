//! Tool calls coerced against the schemas the tools publish:
//! `cargo run --example coerce -- --tools FILE --jsonl CALLS [--report] [--redact]`, with
//! FILE a `tools/list` result (the JSON-RPC response, its `result`, or the bare `tools`
//! array) and CALLS a JSON array of `{"tool", "arguments"}`; or `--schema FILE --jsonl
//! CALLS` with one schema and CALLS a JSON array of arguments. One JSON line per call, in
//! the demo's `--jsonl` format: `{"tool", "ok": true, "value"}` or `{"tool", "ok": false,
//! "error": <envelope>}` (an unknown tool is the `UNKNOWN_TOOL` envelope; a tool whose
//! schema does not compile is `{"tool", "ok": false, "schema_error"}`). Exit status 0, or
//! 2 when a file is unreadable.
//!
//! The program is `coerce_cli` of the examples package (`crates/examples`), built with the
//! `coercer` feature, which this one runs through cargo (see `common/elsewhere.rs`): the
//! schema engine's dependencies stay out of this package's default builds.

#[path = "common/elsewhere.rs"]
mod elsewhere;

fn main() -> std::process::ExitCode {
    elsewhere::run("coerce_cli", "coercer")
}
