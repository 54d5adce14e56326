//! Serde adapters for the tool-call arguments LLM agents send to MCP servers: they
//! **preprocess, then assert**. Each accepts the lax shapes real clients send (an integer
//! array as `[1,2,3]`, `"[1,2,3]"` or `"1, 2, 3"`, numbers as strings, objects as JSON
//! text), then checks the result as strictly as the canonical shape, so junk such as
//! `"foo,bar"` is still refused, with a stable [`Code`], a JSON Pointer, the input (cut to
//! 64 chars) and a hint the agent can act on; every issue of a call is reported at once,
//! and renders as an MCP `isError: true` tool result, a JSON-RPC `-32602` error or an HTTP
//! 400 body. With the `schemars` feature the same definitions emit the JSON Schema the
//! agent reads.
//!
//! ```
//! use mcp_coerce::prelude::*;
//! use serde::Deserialize;
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize, Debug)]
//! struct GetObservations {
//!     #[serde_as(as = "IntArrayLike<Items<0, 1000>>")] // at most 1000 ids
//!     ids: Vec<i64>,
//!     #[serde_as(as = "IntLike<1, 100>")]
//!     #[serde(default, skip_serializing_if = "Option::is_none")]
//!     limit: Option<u32>,
//! }
//!
//! let args: GetObservations = mcp_coerce::from_str(r#"{"ids": "1, 2, 3", "limit": "10"}"#)?;
//! assert_eq!((args.ids, args.limit), (vec![1, 2, 3], Some(10)));
//!
//! let refused =
//!     mcp_coerce::from_str::<GetObservations>(r#"{"ids": "12,x", "limit": 500}"#).unwrap_err();
//! let paths: Vec<String> = refused.issues().iter().map(|i| i.path().to_string()).collect();
//! assert_eq!(paths, ["/ids/1", "/limit"]);
//! let tool_result = refused.to_envelope("get_observations").to_tool_result(); // isError: true
//! # let _ = tool_result;
//! # Ok::<(), mcp_coerce::Rejection>(())
//! ```
//!
//! The README walks through the crate; `docs/contract.md` (shipped with the crate) is the
//! full table of accepted and refused inputs.
//!
//! # Map
//! Every `#[serde_as]` marker is `XLike<..>`, its wrapper type `X<..>`; parameters come in
//! one order, each with a default ([`policy`]).
//! - `use mcp_coerce::prelude::*;` brings the markers, the wrapper types, the policies, the
//!   entry points and the issue and report types, and no module: [`prelude`].
//! - `#[serde(deserialize_with)]` instead of `#[serde_as]`: the same marker, through
//!   [`As`] (below).
//! - Every bound and policy, and the `*Policy` traits they implement: [`policy`] (also at
//!   the root).
//! - Adapters, one module per family: [`int_array`], [`string_array`],
//!   [`array`](mod@array) (arrays of any element type),
//!   [`int`], [`number`], [`boolean`], [`text`], [`pattern`](mod@pattern), [`enums`],
//!   [`json_object`], [`safe_object`] (objects forwarded as they are), [`formats`] (dates,
//!   date-times, UUIDs, email and IP addresses), [`url`](mod@url)
//!   (feature `url`, on by default); the optional-field rules: [`optional`]; fields whose
//!   value is a secret: [`secret`] ([`Secret`]).
//! - Entry points that report every issue at once: [`from_str`], [`from_slice`],
//!   [`from_value`]; with the report of every coercion applied ([`report`]):
//!   [`from_str_with_report`], [`from_slice_with_report`], [`from_value_with_report`].
//! - The issue model: [`Issue`], [`Code`], [`Input`], [`Path`],
//!   [`Rejection`] (rendered without input values by [`Rejection::redacted`]).
//! - The coercion report: [`Coerced`], [`Report`], [`Coercion`], [`Rule`], and the notes
//!   for the model ([`Coercion::note`]).
//! - Renderings: [`Envelope`] as an MCP [`ToolErrorResult`] or a
//!   [`JsonRpcError`], [`HttpBody`], [`WriteOutcome`]; [`Upstream`], the envelope of a
//!   failed upstream HTTP answer.
#![cfg_attr(
    feature = "axum",
    doc = "- axum servers (feature `axum`): [`axum`] (the [`axum::Json`] and [`axum::Query`] \
           extractors refusing with the HTTP body, `IntoResponse` for the renderings)."
)]
#![cfg_attr(
    not(feature = "axum"),
    doc = "- axum servers: module `axum` (feature `axum`)."
)]
#![cfg_attr(
    feature = "history",
    doc = "- Tool-call history integrity (validate, repair, checked append, id mapping; \
           feature `history`): [`history`], the `mcp-coerce-history` crate."
)]
#![cfg_attr(
    not(feature = "history"),
    doc = "- Tool-call history integrity: module `history` (feature `history`)."
)]
#![cfg_attr(
    feature = "dialect",
    doc = "- Schema dialects for front ends that refuse parts of JSON Schema (Gemini, OpenAI \
           strict mode, any client; feature `dialect`): [`dialect`] ([`Dialect::rewrite`], \
           [`null_as_absent`]), the `mcp-coerce-dialect` crate."
)]
#![cfg_attr(
    not(feature = "dialect"),
    doc = "- Schema dialects for front ends that refuse parts of JSON Schema: module \
           `dialect` (feature `dialect`)."
)]
#![cfg_attr(
    feature = "schemars",
    doc = "- JSON Schema from the same definitions (feature `schemars`): [`schema`] \
           ([`schema::input_schema`], [`schema::strip_nullable_optionals`])."
)]
#![cfg_attr(
    not(feature = "schemars"),
    doc = "- JSON Schema from the same definitions: module `schema` (feature `schemars`)."
)]
#![cfg_attr(
    feature = "rmcp",
    doc = "- rmcp servers (feature `rmcp`): [`rmcp`] (the [`rmcp::Parameters`] extractor, \
           the [`rmcp::coerce`] router and the [`rmcp::UnwrapArguments`] layer)."
)]
#![cfg_attr(
    not(feature = "rmcp"),
    doc = "- rmcp servers: module `rmcp` (feature `rmcp`)."
)]
#![cfg_attr(
    feature = "tracing",
    doc = "- Events for a server's logs (feature `tracing`): [`Report::trace`], \
           [`Rejection::trace`]."
)]
#![cfg_attr(
    not(feature = "tracing"),
    doc = "- Events for a server's logs: `Report::trace`, `Rejection::trace` (feature \
           `tracing`)."
)]
#![cfg_attr(
    feature = "testing",
    doc = "- A test kit for servers' own tests (feature `testing`): [`testing`] (the shape \
           matrix, the `tools/list` lint, schema compatibility)."
)]
#![cfg_attr(
    not(feature = "testing"),
    doc = "- A test kit for servers' own tests: module `testing` (feature `testing`)."
)]
#![doc = r##"
# Without `#[serde_as]`

Every marker reads a field through serde's own `deserialize_with` too: the marker `M` of
`#[serde_as(as = "M")]` goes into `#[serde(deserialize_with = "As::<M>::deserialize")]`
([`As`], serde_with's) and, for the published schema (feature `schemars`), into
`#[schemars(with = "SchemaAs<T, M>")]` (`schema::SchemaAs`, `T` the field's whole type).
Without that second attribute the field publishes its Rust type's schema, none of the
marker's bounds. An `Option` field keeps the marker (read by the [`optional`] rules) and
needs `#[serde(default)]`, which `deserialize_with` never implies. The shape matrix names
the fix for both mistakes. [`int_array::deserialize`], [`string_array::deserialize`],
[`safe_object::deserialize`] and `url::deserialize::<P, _>` (each with an `option` module)
name their family's common case; the README has the special cases.

```
# #[cfg(feature = "schemars")] fn main() -> Result<(), mcp_coerce::Rejection> {
use mcp_coerce::prelude::*; // As, SchemaAs, the markers
use schemars::JsonSchema;
use serde::Deserialize;

mcp_coerce::pattern! {
    Sku { name: "sku", source: r"^[A-Z]{3}-[0-9]{3}$", example: "ABC-123", max_length: 7 }
}

#[derive(Deserialize, JsonSchema)]
struct Args {
    #[serde(deserialize_with = "As::<IntArrayLike<Items<0, 1000>>>::deserialize")]
    #[schemars(with = "SchemaAs<Vec<i64>, IntArrayLike<Items<0, 1000>>>")]
    ids: Vec<i64>,
    #[serde(default, deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
    #[schemars(with = "SchemaAs<Option<u32>, IntLike<1, 100>>")]
    limit: Option<u32>,
    #[serde(deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
    #[schemars(with = "SchemaAs<u32, IntLike<1, 100>>")]
    page: u32,
    #[serde(default, deserialize_with = "As::<PatternLike<Sku>>::deserialize")]
    #[schemars(with = "SchemaAs<Option<String>, PatternLike<Sku>>")]
    sku: Option<String>,
}

let args: Args = mcp_coerce::schema::from_str(r#"{"ids": "1, 2", "limit": "", "page": "10", "sku": " ABC-123 "}"#)?;
assert_eq!((args.ids, args.limit, args.page), (vec![1, 2], None, 10));
assert_eq!(args.sku.as_deref(), Some("ABC-123"));
let schema = mcp_coerce::schema::input_schema::<Args>();
assert_eq!(schema["properties"]["ids"]["maxItems"], 1000);
assert_eq!(schema["properties"]["limit"]["maximum"], 100);
assert_eq!(schema["properties"]["page"], serde_json::json!({"type": "integer", "minimum": 1, "maximum": 100}));
assert_eq!(schema["properties"]["sku"]["pattern"], "^[A-Z]{3}-[0-9]{3}$");
assert_eq!(schema["required"], serde_json::json!(["ids", "page"]));
# Ok(()) }
# #[cfg(not(feature = "schemars"))] fn main() {}
```
"##]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[macro_use]
mod macros;

// Layers, imports going downward only (see the engine's module docs): at the bottom the
// policies (`policy`), the wording (`words`), values walked without recursion (`value`),
// the issue model (`issue`) and the report's model (`report`); above them the rules
// (`rules`, `arguments`, `decode`, `json_text`); above those the engine (`engine`); above
// it the adapter shell (`shell`), the adapters, the entry points, the schema engine
// (`coercer`) and the server integrations.
mod adapters;
mod arguments;
mod decode;
mod engine;
mod entry;
mod issue;
mod json_text;
pub mod policy;
pub mod prelude;
mod render;
pub mod report;
mod rules;
mod shell;
mod value;
mod words;

#[cfg(feature = "axum")]
#[cfg_attr(docsrs, doc(cfg(feature = "axum")))]
pub mod axum;
#[cfg(feature = "coercer")]
#[cfg_attr(docsrs, doc(cfg(feature = "coercer")))]
pub mod coercer;
#[cfg(feature = "dialect")]
#[cfg_attr(docsrs, doc(cfg(feature = "dialect")))]
pub mod dialect;
#[cfg(feature = "history")]
#[cfg_attr(docsrs, doc(cfg(feature = "history")))]
pub use mcp_coerce_history as history;
#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
pub mod rmcp;
#[cfg(feature = "schemars")]
#[cfg_attr(docsrs, doc(cfg(feature = "schemars")))]
pub mod schema;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;

#[cfg(feature = "regex")]
pub use adapters::pattern;
#[cfg(feature = "url")]
pub use adapters::url;
pub use adapters::{
    array, boolean, enums, formats, int, int_array, json_object, number, optional, safe_object,
    secret, string_array, text,
};

#[cfg(feature = "url")]
pub use self::url::{Url, UrlLike};
pub use array::{Array, ArrayLike};
pub use boolean::{Bool, BoolLike};
#[cfg(feature = "dialect")]
#[cfg_attr(docsrs, doc(cfg(feature = "dialect")))]
pub use dialect::{Dialect, Rewritten, null_as_absent};
pub use entry::{
    from_slice, from_slice_with_report, from_str, from_str_with_report, from_value,
    from_value_with_report,
};
pub use enums::{Enum, EnumLike};
pub use formats::{DateLike, DateTimeLike, EmailLike, IpLike, UuidLike};
pub use int::{Int, IntLike, Integer};
pub use int_array::{IntArray, IntArrayLike};
pub use issue::{
    Code, INPUT_ECHO_CHARS, Input, Issue, MAX_ISSUES, MAX_PATH_CHARS, Path, Rejection, Segment,
};
pub use json_object::{JsonObject, JsonObjectLike};
pub use number::{Number, NumberLike};
#[cfg(feature = "regex")]
pub use pattern::{Pattern, PatternDef, PatternLike};
pub use policy::{
    AnyFinite, AssumeOffset, AssumeUtc, Clamp, Comma, DateTimePolicy, DefaultPolicy, DefaultTo,
    EpochMillis, EpochSeconds, EpochUnit, ItemBounds, Items, Keep, NoDefault, NoSplit,
    NumberBounds, OffsetRequired, Optional, OutOfRangePolicy, PresencePolicy, Reject, Required,
    SeparatorPolicy, Trim, WhitespacePolicy,
};
#[cfg(feature = "url")]
pub use policy::{HttpsOnly, UrlPolicy};
pub use render::{
    Category, Envelope, HttpBody, INVALID_ARGUMENT_HINT, JsonRpcError, OUTPUT_INVALID_HINT,
    ToolErrorResult, Upstream, WriteOutcome,
};
pub use report::{Coerced, Coercion, MAX_COERCIONS, Report, Rule};
pub use safe_object::{SafeObject, SafeObjectLike};
pub use secret::Secret;
/// serde_with's `As<M>`, re-exported so that `mcp_coerce::As` names it: a field read with
/// `#[serde(deserialize_with = "As::<M>::deserialize")]` is read by the marker `M` exactly
/// as `#[serde_as(as = "M")]` reads it (see [the scheme](crate#without-serde_as)).
///
/// ```
/// use mcp_coerce::{As, IntLike};
/// # use serde::Deserialize;
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde(deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
///     limit: u32,
///     #[serde(default, deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
///     page: Option<u32>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"limit": "10", "page": ""}"#)?;
/// assert_eq!((args.limit, args.page), (10, None));
/// assert!(mcp_coerce::from_str::<Args>(r#"{"limit": 500}"#).is_err()); // above 100
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
pub use serde_with::As;
/// serde_with's element adapter for plain serde elements (`ArrayLike<Same>`, the default),
/// re-exported so that `mcp_coerce::Same` names it.
///
/// ```
/// use mcp_coerce::{ArrayLike, Items, Same};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "ArrayLike<Same, Items<1, 10>>")]
///     names: Vec<String>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"names": "[\"a\", \"b\"]"}"#)?;
/// assert_eq!(args.names, ["a", "b"]);
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
pub use serde_with::Same;
pub use string_array::{StringArray, StringArrayLike};
pub use text::{Text, TextLike};

/// The README's examples, compiled and run with the crate's doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
