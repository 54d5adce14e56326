//! The test suite of mcp-coerce, one module per former test file, in one binary: one link
//! (of tokio, rmcp, axum, reqwest and jsonschema) instead of one per file. A module that
//! needs features is gated on them here, as its `[[test]] required-features` did. Shared
//! code: `tests/common` (the raw JSON-RPC client, the judge, the lax shapes), the root's
//! table harness (`../../tests/common`, as `harness`), and the counting allocator of the
//! benches, which counts per thread, so the modules that read it run beside the others.
//!
//! A new test file goes here, as `tests/suite/NAME.rs` and `mod NAME;` below: a
//! `tests/NAME.rs` would be a binary, and a link, of its own.

#[cfg(feature = "rmcp")]
#[path = "../common/mod.rs"]
mod common;
// The table harness of the root's tests (`tests/common`): rows run through both entry
// points, `from_value` and `from_str`.
#[path = "../../../../tests/common/mod.rs"]
mod harness;
// The one global allocator of the binary; its count is read by the adversarial tables and
// the tracing tests only.
#[allow(dead_code, reason = "read only by the modules that count allocations")]
#[path = "../../../bench/tests/counting/mod.rs"]
mod counting;
// The lax spellings of a schema's values, for the published schemas and the demo tools'
// types against their schemas.
#[cfg(all(feature = "schema-assertions", feature = "testing"))]
#[path = "../common/lax.rs"]
mod lax;
// The demo tool set and its servers (the examples' files), which refer to each other from
// the crate's root.
#[cfg(all(feature = "regex", feature = "url"))]
#[path = "../../../../examples/common/demo_corpus.rs"]
mod demo_corpus;
#[cfg(all(feature = "rmcp", feature = "regex", feature = "url"))]
#[path = "../../../examples/examples/common/demo_mcp.rs"]
mod demo_mcp;
#[cfg(all(feature = "regex", feature = "url"))]
#[path = "../../../../examples/common/demo_tools.rs"]
mod demo_tools;
#[cfg(all(feature = "axum", feature = "regex", feature = "url"))]
#[path = "../../../examples/examples/common/demo_worker.rs"]
mod demo_worker;

#[cfg(all(feature = "schemars", feature = "regex", feature = "url"))]
mod adversarial;
mod array_properties;
#[cfg(feature = "dialect")]
mod dialect;
mod formats;
// The format adapters' properties; the targets of chrono, jiff and uuid under those
// features.
#[cfg(feature = "schemars")]
mod formats_properties;
#[cfg(feature = "regex")]
mod formats_scalars;
#[cfg(all(feature = "rmcp", feature = "regex", feature = "url"))]
mod mcp;
// The schema engine against the tool schemas of 100 published MCP servers
// (tests/data/published).
#[cfg(all(feature = "schema-assertions", feature = "testing"))]
mod published_schemas;
#[cfg(all(feature = "regex", feature = "url"))]
mod report_properties;
#[cfg(all(
    feature = "rmcp",
    feature = "testing",
    feature = "regex",
    feature = "url"
))]
mod rmcp_router;
mod safe_object;
// Pattern strings are among the properties.
#[cfg(feature = "regex")]
mod scalar_properties;
#[cfg(all(feature = "schemars", feature = "regex", feature = "url"))]
mod schema;
// The schema engine's adversarial table.
#[cfg(feature = "schema-assertions")]
mod schema_adversarial;
// Named regression cases of the schema engine.
#[cfg(feature = "coercer")]
mod schema_engine_regressions;
mod serde_json_types;
#[cfg(feature = "testing")]
mod testing_compat;
#[cfg(feature = "testing")]
mod testing_lint;
#[cfg(all(feature = "testing", feature = "url"))]
mod testing_matrix;
#[cfg(all(
    feature = "tracing",
    feature = "rmcp",
    feature = "regex",
    feature = "url"
))]
mod tracing;
// The demo tools' types against their published schemas, read by the schema engine.
#[cfg(all(feature = "schema-assertions", feature = "testing", feature = "url"))]
mod typed_vs_schema;
mod url;
#[cfg(all(feature = "axum", feature = "regex", feature = "url"))]
mod worker;
