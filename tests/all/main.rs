//! The integration tests of mcp-coerce, one module per former test file, in one binary:
//! one link instead of one per file. A module that needs an optional feature is gated on
//! it here (the features each file needed as its own `[[test]]`), so
//! `cargo test -p mcp-coerce --no-default-features` and each feature alone still compile.
//! The shared table harness is `tests/common` (rows run through both `from_value` and
//! `from_str`); `tests/common/runs.rs` is shared with the fuzz target `envelope`.
//!
//! A new test file goes here, as `tests/all/NAME.rs` and `mod NAME;` below: a
//! `tests/NAME.rs` would be a binary, and a link, of its own.

#[path = "../common/mod.rs"]
mod common;

mod arguments;
mod array_like;
#[cfg(all(feature = "regex", feature = "url"))]
mod corpus;
// The doc examples' assertions that no doctest keeps since the docs were trimmed.
mod doc_examples;
// Every family through `#[serde(deserialize_with)]` beside `#[serde_as]`.
#[cfg(all(feature = "schemars", feature = "regex", feature = "url"))]
mod deserialize_with;
mod duplicate_keys;
#[cfg(all(feature = "schemars", feature = "regex", feature = "url"))]
mod engine;
mod errors;
mod formats;
mod hostile_echo;
mod hostile_pattern;
mod hostile_resources;
mod hostile_state;
mod hostile_url;
mod int_array;
mod offsets;
mod prelude;
#[cfg(all(feature = "regex", feature = "url"))]
mod redaction;
mod regressions;
#[cfg(all(feature = "regex", feature = "url"))]
mod report;
// Pattern strings run through most of its tables.
#[cfg(feature = "regex")]
mod scalars;
mod schema_unions;
mod second_revision;
mod string_array;
mod third_revision;
mod upstream;
mod wrappers;
