//! The demo HTTP worker: the demo's argument types behind HTTP endpoints, read with the
//! crate's axum extractors (see `common/demo_worker.rs` for the endpoints and answers).
//!
//! `cargo run --example worker -- --listen 127.0.0.1:PORT` from the repository root (or
//! `cargo run -p mcp-coerce-examples --features axum --example worker_server -- --listen
//! 127.0.0.1:PORT`) prints `listening on http://127.0.0.1:PORT` once it accepts
//! connections; `--listen 127.0.0.1:0` picks a free port. Without `--listen` it listens on
//! `127.0.0.1:8787`.

#[path = "common/demo_worker.rs"]
mod demo_worker;
// The demo tool set of the root package, shared with its `demo` example.
#[path = "../../../examples/common/demo_tools.rs"]
mod demo_tools;

use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: worker [--listen ADDRESS]

  --listen ADDRESS  the address to listen on, 127.0.0.1:8787 by default;
                    a port of 0 picks a free one (the line printed names it)";

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let listen = match args.as_slice() {
        [] => "127.0.0.1:8787",
        [flag, address] if flag == "--listen" => address.as_str(),
        [flag] if flag == "--help" || flag == "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let ready = |line: String| {
        let mut out = std::io::stdout().lock();
        // The line is what a caller waits for: flushed at once, even into a pipe.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    match demo_worker::serve(listen, ready).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("worker: cannot serve on {listen}: {e}");
            ExitCode::from(1)
        }
    }
}
