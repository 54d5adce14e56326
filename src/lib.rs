#![doc = include_str!("../README.md")]
//!
//! # Map
//! - Adapters, one module each, each usable with `#[serde_as]`, `#[serde(with)]` or as a
//!   wrapper type: [`int_array`], [`string_array`], [`int`], [`number`], [`boolean`],
//!   [`string`], [`pattern`](mod@pattern), [`enums`], [`json_object`].
//! - Pass-through objects, forwarded as they are: no prototype keys, a depth limit:
//!   [`passthrough`] ([`SafeObjectLike`], [`SafeObject`], [`passthrough::check_object`]).
//! - URLs with a policy (feature `url`, on by default): [`url_policy`] ([`UrlLike`],
//!   [`PolicyUrl`], [`UrlPolicy`], [`HttpsOnly`], [`url_policy::check_url`]).
//! - Entry points that report every issue at once: [`from_str`], [`from_slice`],
//!   [`from_value`].
//! - The issue model: [`Issue`], [`Code`], [`Path`], [`Input`], [`Rejection`].
//! - Renderings: [`Envelope`] (MCP `isError` result, JSON-RPC `-32602` error),
//!   [`HttpBody`], [`WriteOutcome`].
//! - Tool-call history integrity (validate, repair, checked append, id mapping): [`history`].
//! - Schema dialects for front ends that refuse parts of JSON Schema (Gemini, OpenAI strict
//!   mode, any client): [`dialect`] ([`Dialect::rewrite`], [`null_as_absent`]).
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
    doc = "- rmcp servers (feature `rmcp`): [`rmcp`] (the [`rmcp::Parameters`] extractor and \
           the [`rmcp::coerce`] router)."
)]
#![cfg_attr(
    not(feature = "rmcp"),
    doc = "- rmcp servers: module `rmcp` (feature `rmcp`)."
)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[macro_use]
mod macros;

mod engine;
mod entry;
mod envelope;
mod integer;
mod issue;
mod path;
mod rejection;
mod shell;

pub mod boolean;
pub mod dialect;
pub mod enums;
pub mod history;
pub mod int;
pub mod int_array;
pub mod json_object;
pub mod number;
pub mod passthrough;
#[cfg(feature = "regex")]
#[cfg_attr(docsrs, doc(cfg(feature = "regex")))]
pub mod pattern;
#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
pub mod rmcp;
#[cfg(feature = "schemars")]
#[cfg_attr(docsrs, doc(cfg(feature = "schemars")))]
pub mod schema;
pub mod string;
pub mod string_array;
#[cfg(feature = "url")]
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
pub mod url_policy;

pub use boolean::{BoolLike, LaxBool};
pub use dialect::{Dialect, Rewritten, null_as_absent};
pub use entry::{from_slice, from_str, from_value};
pub use enums::{EnumLike, Lenient, OptionalEnumLike};
pub use envelope::{
    Category, Envelope, HttpBody, INVALID_ARGUMENT_HINT, JsonRpcError, ToolResult, WriteOutcome,
};
pub use int::{
    Bounded, BoundedInt, Clamped, ClampedInt, DefaultTo, IntDefault, IntLike, NoDefault,
};
pub use int_array::{IntArray, IntArrayLike};
pub use integer::Integer;
pub use issue::{Code, INPUT_ECHO_CHARS, Input, Issue};
pub use json_object::{JsonObject, JsonObjectLike, OptionalJsonObjectLike};
pub use number::{AnyFinite, FiniteF64, NumberLike, NumberRange};
pub use passthrough::{SafeObject, SafeObjectLike};
pub use path::{MAX_PATH_CHARS, Path, Segment};
#[cfg(feature = "regex")]
pub use pattern::{Matched, PatternDef, PatternLike};
pub use rejection::{MAX_ISSUES, Rejection};
pub use string::{BoundedString, NonEmptyString, Text, TrimmedString, TrimmedText};
pub use string_array::{Comma, NoSplit, Separator, StringArray, StringArrayLike};
#[cfg(feature = "url")]
pub use url_policy::{HttpsOnly, PolicyUrl, UrlLike, UrlPolicy};
