//! Optional fields: the rules every adapter applies to an `Option` field, and why the two
//! adapters generic over any type take a flag, [`Required`](crate::Required) or
//! [`Optional`](crate::Optional) (a [`PresencePolicy`](crate::PresencePolicy)).
//!
//! An optional field is written the crate's way: the adapter on an `Option` field that
//! serde may leave out.
//!
//! ```
//! use mcp_coerce::{EnumLike, IntLike, Optional};
//! use serde::{Deserialize, Serialize};
//! use serde_with::serde_as;
//!
//! #[derive(Deserialize, Serialize, Debug, PartialEq)]
//! #[serde(rename_all = "snake_case")]
//! enum OrderBy { DateDesc, DateAsc }
//!
//! #[serde_as]
//! #[derive(Deserialize, Debug)]
//! struct Args {
//!     #[serde_as(as = "IntLike<1, 100>")]
//!     #[serde(default, skip_serializing_if = "Option::is_none")]
//!     limit: Option<u32>,
//!     #[serde_as(as = "EnumLike<Optional>")]
//!     #[serde(default, skip_serializing_if = "Option::is_none")]
//!     order_by: Option<OrderBy>,
//! }
//! for sent in ["{}", r#"{"limit": null, "order_by": null}"#, r#"{"limit": "", "order_by": " "}"#] {
//!     let args: Args = mcp_coerce::from_str(sent)?;
//!     assert_eq!((args.limit, args.order_by), (None, None));
//! }
//! assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": "null"}"#)?.limit, None);
//! assert!(mcp_coerce::from_str::<Args>(r#"{"order_by": "null"}"#).is_err()); // not a value
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules
//!
//! What becomes `None` depends on the JSON type of the inner value:
//!
//! | sent | not a string (integers, numbers, booleans, arrays, objects) | a string that cannot be empty (`TextLike` with `MIN_LENGTH >= 1`, `PatternLike`, `EnumLike`, `UrlLike`) | a free string (`TextLike` with `MIN_LENGTH` 0) |
//! |---|---|---|---|
//! | absent | `None` | `None` | `None` |
//! | `null` | `None` | `None` | `None` |
//! | `""`, `"   "` | `None` | `None` | the text (trimmed with `Trim`) |
//! | `"null"` | `None` | read as text, like any other: an enum or a pattern refuses it unless it is one of its values, a URL is `url_invalid` | the text `"null"` |
//! | anything else | the adapter's answer | the adapter's answer | the adapter's answer |
//!
//! A refusal is never turned into `None`: `{"limit": "abc"}` is `int_parsing`, not an
//! absent limit. A default carried by the type ([`DefaultTo`](crate::DefaultTo)) answers
//! `null`, `""` and `"null"` with `Some(default)`.
//!
//! A plain `String` (or any other plain serde type) is never touched: coercion only moves
//! toward the declared type, and only the crate's adapters apply these rules.
//!
//! Through serde_with's generic `Option<X>` (`#[serde_as(as = "Option<X>")]`) or an
//! `Option` of a wrapper type (`Option<Int<u32>>`), serde's own rules apply instead: `null`
//! gives `None` and `""` is the adapter's refusal.
//!
//! The schema of such a field is the inner type's plain schema, and the field is left out
//! of `required`; see the `schema` module (feature `schemars`).
//!
//! # `#[serde(default)]`
//!
//! An absent field is serde's to fill, and serde fills it only where told: an adapter on
//! an `Option` field without `#[serde(default)]` compiles, and makes the field required
//! (published in `required`, refused as `missing` when absent). serde_with's `#[serde_as]`
//! adds `#[serde(default)]` by itself only where the field and the marker are both
//! spelled `Option<..>` (`#[serde_as(as = "Option<IntLike>")]`, serde's rules); the
//! marker itself on an `Option` field (`#[serde_as(as = "IntLike")]`, the crate's rules)
//! needs it written, and so does every `#[serde(deserialize_with = "As::<M>::deserialize")]`
//! field. The shape matrix (feature `testing`) sends each optional adapter field absent and
//! names the field and the fix when it is refused (``add #[serde(default)] to field
//! `limit` ``). A published schema cannot show the mistake (the field is then a required
//! integer like any other), so the `tools/list` lint has no rule for it.
//!
//! # Why a flag
//!
//! Every other adapter implements `DeserializeAs<T>` and `DeserializeAs<Option<T>>` for the
//! types it reads, and one marker serves both fields. [`EnumLike`](crate::EnumLike) and
//! [`JsonObjectLike`](crate::JsonObjectLike) read any `T`, and a marker generic over any
//! `T` cannot implement both (E0119: `Option<T>` is itself a `T`), so they take a flag:
//! [`Required`](crate::Required) (the default) for a field of the value itself,
//! [`Optional`](crate::Optional) for an `Option` of it.
