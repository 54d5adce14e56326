//! The adapters, one module per family. Each holds the `#[serde_as]` marker (`XLike`), the
//! wrapper type where there is one (`X`), its visitor and its schema (feature `schemars`);
//! the bounds and policies it takes are in `crate::policy`, and most of the plain checks it
//! is built on in `crate::rules`. The crate root re-exports every module and name.

pub mod array;
pub mod boolean;
pub mod enums;
pub mod formats;
pub mod int;
pub mod int_array;
pub mod json_object;
pub mod number;
pub mod optional;
#[cfg(feature = "regex")]
#[cfg_attr(docsrs, doc(cfg(feature = "regex")))]
pub mod pattern;
pub mod safe_object;
pub mod secret;
pub mod string_array;
pub mod text;
#[cfg(feature = "url")]
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
pub mod url;
