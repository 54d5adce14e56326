//! Optional fields: an adapter on an `Option` field that serde may leave out
//! (`#[serde(default)]`) reads absent, `null`, and `""` or `"null"` where the inner type
//! cannot hold them, as `None`; a refusal is never turned into `None`.
//! [`EnumLike`](crate::EnumLike) and [`JsonObjectLike`](crate::JsonObjectLike), generic over
//! any `T`, take a flag, [`Required`](crate::Required) or [`Optional`](crate::Optional)
//! (E0119: `Option<T>` is itself a `T`). The table, examples and the `#[serde(default)]`
//! pitfall are docs/contract.md's, "Optional fields".
