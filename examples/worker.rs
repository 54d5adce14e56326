//! The demo HTTP worker, from the repository root:
//! `cargo run --example worker -- --listen 127.0.0.1:PORT` prints
//! `listening on http://127.0.0.1:PORT` once it accepts connections (`:0` picks a free
//! port), and serves the demo's argument types on HTTP endpoints through the crate's axum
//! extractors (README, section "The HTTP hop").
//!
//! The worker needs axum and tokio, which this package does not depend on (so that
//! `cargo run --example demo` builds quickly): this runs the `worker_server` example of
//! the `mcp-coerce-examples` package (`crates/examples`) under its `axum` feature, with the
//! same arguments.

#[path = "common/elsewhere.rs"]
mod elsewhere;

fn main() -> std::process::ExitCode {
    elsewhere::run("worker_server", "axum")
}
