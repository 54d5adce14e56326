//! The names a tool's argument types use, for a glob import: the markers, the wrapper
//! types, the bounds and policies, [`As`] and (feature `schemars`) `SchemaAs` for fields
//! read with `#[serde(deserialize_with)]` (see [the scheme](crate#without-serde_as)), the
//! entry points, and the issue and report types.
//!
//! No module is re-exported: `use mcp_coerce::*;` brings the crate's modules `url`, `rmcp`
//! and `axum` too, which shadow the crates of those names in the importing module
//! (`rmcp::model` no longer resolves, or `error[E0659]: rmcp is ambiguous`);
//! `use mcp_coerce::prelude::*;` does not.
//!
//! ```
//! use mcp_coerce::prelude::*;
//! use serde::Deserialize;
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize, Debug)]
//! struct Search {
//!     #[serde_as(as = "TextLike<1, 200, Trim>")]
//!     query: String,
//!     #[serde_as(as = "StringArrayLike<Items<0, 5>, NoSplit>")]
//!     #[serde(default)]
//!     sections: Vec<String>,
//!     #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
//!     #[serde(default = "DefaultTo::<10>::value")]
//!     limit: u32,
//! }
//!
//! let args: Search = from_str(r#"{"query": " rust ", "sections": "Smith, John", "limit": 99}"#)?;
//! assert_eq!((args.query.as_str(), args.limit), ("rust", 50));
//! assert_eq!(args.sections, ["Smith, John"]);
//! let refused: Rejection = from_str::<Search>(r#"{"query": ""}"#).unwrap_err();
//! assert_eq!(refused.issues()[0].code(), Code::TooShort);
//! # Ok::<(), Rejection>(())
//! ```

#[cfg(feature = "schemars")]
pub use crate::schema::SchemaAs;
pub use crate::{
    Array, ArrayLike, As, Bool, BoolLike, DateLike, DateTimeLike, EmailLike, Enum, EnumLike, Int,
    IntArray, IntArrayLike, IntLike, IpLike, JsonObject, JsonObjectLike, Number, NumberLike,
    SafeObject, SafeObjectLike, Same, Secret, StringArray, StringArrayLike, Text, TextLike,
    UuidLike,
};
#[cfg(feature = "regex")]
pub use crate::{Pattern, PatternDef, PatternLike};
#[cfg(feature = "url")]
pub use crate::{Url, UrlLike};

pub use crate::policy::{
    AnyFinite, AssumeOffset, AssumeUtc, Clamp, Comma, DateTimePolicy, DefaultPolicy, DefaultTo,
    EpochMillis, EpochSeconds, EpochUnit, ItemBounds, Items, Keep, NoDefault, NoSplit,
    NumberBounds, OffsetRequired, Optional, OutOfRangePolicy, PresencePolicy, Reject, Required,
    SeparatorPolicy, Trim, WhitespacePolicy,
};
#[cfg(feature = "url")]
pub use crate::policy::{HttpsOnly, UrlPolicy};

pub use crate::{
    from_slice, from_slice_with_report, from_str, from_str_with_report, from_value,
    from_value_with_report,
};

pub use crate::{Code, Coerced, Coercion, Envelope, Input, Issue, Path, Rejection, Report, Rule};
