//! The corpus of real client calls to the demo tools (`tests/data/cases.json`), shared by
//! the `demo` example and the tests; the rules that compare an outcome with a case are in
//! `demo_tools`.
//!
//! Each package that compiles this file embeds its own `tests/data/cases.json` (found
//! through `CARGO_MANIFEST_DIR`), so that no package reads another package's files; the
//! demo MCP server serves the tools and does not compile the corpus.
#![allow(
    dead_code,
    reason = "each user of this module uses a different part of it"
)]

use serde::Deserialize;
use serde_json::Value;

/// One case of the corpus.
#[derive(Debug, Deserialize)]
pub struct Case {
    /// A short name.
    pub id: String,
    /// What client behaviour it shows.
    #[serde(default)]
    pub about: String,
    /// The tool called.
    pub tool: String,
    /// The arguments exactly as they arrive on the wire.
    #[serde(default)]
    pub arguments: Value,
    /// The expected outcome: `{"value": ...}`, `{"issues": [...]}` or `{"category": ...}`.
    pub expect: Value,
    /// The clients that can send the case as it is written (`"python"`, `"typescript"`,
    /// `"rmcp"`); empty for all. JavaScript's `JSON.parse` rounds integers past 2^53, so a
    /// case of big ids names the others.
    #[serde(default)]
    pub clients: Vec<String>,
}

/// The bundled corpus of real client calls: `tests/data/cases.json` of the package
/// compiling this file.
pub const CORPUS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cases.json"
));

/// Parse the bundled corpus.
///
/// # Errors
///
/// When the bundled file is not a JSON array of cases.
pub fn corpus() -> Result<Vec<Case>, serde_json::Error> {
    serde_json::from_str(CORPUS)
}
