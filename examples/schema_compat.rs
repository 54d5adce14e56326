//! Backward compatibility of two `tools/list` results: `cargo run --example schema_compat
//! -- [--json] OLD NEW`. Exit status 1 when a change is `breaking`, 0 otherwise, 2 when a
//! file is unreadable or not a `tools/list` result.
//!
//! The program is `schema_compat_cli` of the examples package (`crates/examples`), built
//! with its `testing` feature, which this one runs through cargo (see
//! `common/elsewhere.rs`): the test kit's dependencies stay out of this package's builds.

#[path = "common/elsewhere.rs"]
mod elsewhere;

fn main() -> std::process::ExitCode {
    elsewhere::run("schema_compat_cli", "testing")
}
