//! Accept the tool arguments that LLM agents actually send to MCP servers, and refuse the
//! rest with errors an agent can act on.
//!
//! Agents read a tool's JSON Schema and still send an integer array as `[1,2,3]`, as
//! `"[1,2,3]"` or as `"1, 2, 3"`. Plain serde refuses the harmless shapes with an opaque
//! message. This crate's adapters **preprocess, then assert**: they try the known lax
//! shapes, then check the result as strictly as the canonical shape, so junk such as
//! `"foo,bar"` is still refused, with a code, a JSON Pointer, the input and a hint.
//!
//! | sent | `#[serde_as(as = "IntArrayLike")] ids: Vec<i64>` |
//! |---|---|
//! | `[1, 2, 3]`, `"[1,2,3]"`, `"1, 2, 3"` | `[1, 2, 3]` |
//! | `"foo,bar"` | `int_parsing` at `/ids/0` and `/ids/1` |
//!
//! ```
//! use mcp_coerce::IntArrayLike;
//! use serde::Deserialize;
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize, Debug)]
//! struct GetObservations {
//!     #[serde_as(as = "IntArrayLike<0, 1000>")]
//!     ids: Vec<i64>,
//! }
//!
//! let ok: GetObservations = mcp_coerce::from_str(r#"{"ids": "1, 2, 3"}"#)?;
//! assert_eq!(ok.ids, [1, 2, 3]);
//!
//! let refused = mcp_coerce::from_str::<GetObservations>(r#"{"ids": "foo,bar"}"#).unwrap_err();
//! let result = refused.to_envelope("get_observations").to_tool_result(); // MCP isError result
//! assert_eq!(serde_json::to_value(&result)?["structuredContent"]["issues"][1]["path"], "/ids/1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Map
//! - Adapters (each usable with `#[serde_as]`, `#[serde(with)]` and as a wrapper type):
//!   [`IntArrayLike`] / [`IntArray`], [`StringArrayLike`] / [`StringArray`].
//! - Entry points that report every issue at once: [`from_str`], [`from_slice`],
//!   [`from_value`].
//! - The issue model: [`Issue`], [`Code`], [`Path`], [`Input`], [`Rejection`].
//! - Renderings: [`Envelope`] (MCP `isError` result, JSON-RPC `-32602` error),
//!   [`HttpBody`], [`WriteOutcome`].
//!
//! # Untrusted input
//! Everything here reads input from agents, which is untrusted. No input makes the crate
//! panic; allocation is bounded by the input's size (preallocation is capped whatever a
//! size hint claims, and items past an array's `maxItems` are checked but not kept);
//! recursion is bounded by `serde_json`'s limit of 128 levels; at most
//! [`MAX_ISSUES`] issues are kept per call, and error text echoes at most
//! [`INPUT_ECHO_CHARS`] chars of any input.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod collect;
mod entry;
mod envelope;
mod integer;
mod issue;
mod path;
mod rejection;
mod shape;

pub mod boolean;
pub mod enums;
pub mod int;
pub mod int_array;
pub mod json_object;
pub mod number;
#[cfg(feature = "regex")]
#[cfg_attr(docsrs, doc(cfg(feature = "regex")))]
pub mod pattern;
pub mod string;
pub mod string_array;

pub use boolean::{BoolLike, LaxBool};
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
pub use path::{Path, Segment};
#[cfg(feature = "regex")]
pub use pattern::{Matched, PatternDef, PatternLike};
pub use rejection::{MAX_ISSUES, Rejection};
pub use string::{BoundedString, NonEmptyString, Text, TrimmedString, TrimmedText};
pub use string_array::{Comma, NoSplit, Separator, StringArray, StringArrayLike};
