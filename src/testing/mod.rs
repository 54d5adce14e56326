//! A test kit for MCP servers (feature `testing`, for `[dev-dependencies]`): three checks
//! server authors otherwise write by hand, on their own types and their own `tools/list`.
//!
//! | check | entry points | fails when |
//! |---|---|---|
//! | the shape matrix, on a tool's argument type | [`shape_matrix`], [`assert_shape_matrix`], [`ShapeMatrix`] | an instance the published schema accepts is refused (soundness); a lax spelling the field's adapter promises is refused or gives another value (acceptance); junk is accepted or refused without a known code at a JSON Pointer inside the field (refusal) |
//! | the `tools/list` lint | [`lint_tools`], [`assert_tools_lint_clean`], [`Lint`] | a finding of severity `error` ([`Rule`] lists the rules, with their ids) |
//! | schema backward compatibility | [`compat`], [`assert_compatible`] | a `breaking` change: an `inputSchema` that refuses what it accepted, an `outputSchema` that allows what it did not ([`ChangeRule`] lists them) |
//!
//! ```
//! use mcp_coerce::{IntArrayLike, IntLike, Items};
//! use schemars::JsonSchema;
//! use serde::Deserialize;
//! use serde_json::json;
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize, JsonSchema)]
//! struct GetObservations {
//!     /// Observation ids, at most 1000.
//!     #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
//!     ids: Vec<i64>,
//!     /// Page size, 1 to 100.
//!     #[serde_as(as = "IntLike<1, 100>")]
//!     #[serde(default, skip_serializing_if = "Option::is_none")]
//!     limit: Option<u32>,
//! }
//!
//! // 1. The arguments: every lax spelling of `ids` and `limit` accepted, junk refused.
//! mcp_coerce::testing::assert_shape_matrix::<GetObservations>();
//!
//! // 2. The tools/list the server publishes: no `error` finding.
//! let tools = json!([{
//!     "name": "obs_get",
//!     "description": "Fetch observations by id. Use it when you hold their ids.",
//!     "inputSchema": mcp_coerce::schema::input_schema::<GetObservations>(),
//! }]);
//! mcp_coerce::testing::assert_tools_lint_clean(&tools);
//!
//! // 3. Against the last release's tools/list (a file in the repository, in practice):
//! // nothing an agent written against it sends is refused now.
//! let released = tools.clone();
//! mcp_coerce::testing::assert_compatible(&released, &tools);
//! ```
//!
//! # The shape matrix
//!
//! [`ShapeMatrix`] says what is checked. Each field's adapter comes from an annotated
//! schema the crate emits for the kit only (extension keyword `x-mcp-coerce`); every
//! published schema is the same as without the feature. Two mistakes that compile are
//! named with their fix ([`Failure::fix`]).
//!
//! # The lint and the compatibility check
//!
//! Both read `tools/list` results as servers publish them, in any of the three shapes
//! [`tools`] reads, from any server in any language: the command lines `cargo run
//! --example lint_tools -- [--json] [--allow TOOL:RULE]... FILE` and `cargo run --example
//! schema_compat -- [--json] OLD NEW` run them from the repository root (exit status 1
//! when an `error` finding or a `breaking` change is present, 2 for input that is not a
//! `tools/list` result).
//!
//! The lint sees only what a schema says: an adapter's `Option` field without
//! `#[serde(default)]` looks like any required field, so the shape matrix names it.
//!
//! The lint's `pattern-portable` rule applies the portability rules of
//! [`pattern!`](crate::pattern!) ([`portability_problem`](crate::pattern::portability_problem))
//! to a pattern's body, its anchors aside, after Rust's `regex` has compiled it.
//!
//! # Untrusted input
//!
//! The lint and the compatibility check never panic, recurse or loop on any JSON: their
//! work is bounded by the input's size (64 levels and 100,000 nodes per tool at most).

pub(crate) mod annotate;
mod compat;
mod json;
mod lint;
mod matrix;
mod rules;
mod tools;

pub use compat::{Change, ChangeRule, Impact, assert_compatible, compat};
pub use lint::{Finding, Lint, Rule, Severity, UnknownRule, assert_tools_lint_clean, lint_tools};
pub use matrix::{
    Check, Exception, Failure, FieldSummary, Report, ShapeMatrix, assert_shape_matrix, instances,
    shape_matrix,
};
pub use tools::{NotToolsList, tools};
