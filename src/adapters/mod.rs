//! The adapters, one module per family. Each holds the `#[serde_as]` marker (`XLike`), the
//! wrapper type where there is one (`X`), its visitor and its schema (feature `schemars`);
//! the bounds and policies it takes are in `crate::policy`, and most of the plain checks it
//! is built on in `crate::rules`. The crate root re-exports every module and name.
//!
//! What every wrapper type shares (a checking `new`, `into_inner`, `Deref` and `AsRef`) is
//! in docs/contract.md, "Wrapper types and adapters".

use crate::issue::Rejection;

/// The one way to read a wrapper type's value: `into_inner`, `Deref` and `AsRef` to the
/// type `new` takes (`$field` is the field that holds it).
macro_rules! wrapper_value {
    (impl [$($g:tt)*] $ty:ty => $target:ty, $field:tt) => {
        impl<$($g)*> $ty {
            /// The value, by value.
            pub fn into_inner(self) -> $target {
                self.$field
            }
        }

        impl<$($g)*> std::ops::Deref for $ty {
            type Target = $target;
            fn deref(&self) -> &$target {
                &self.$field
            }
        }

        impl<$($g)*> AsRef<$target> for $ty {
            fn as_ref(&self) -> &$target {
                &self.$field
            }
        }
    };
}

/// `items`, if their count is within `N`'s bounds (the adapters' `too_long`, `too_short`).
pub(crate) fn counted<T, N: crate::policy::ItemBounds>(items: Vec<T>) -> Result<Vec<T>, Rejection> {
    match crate::rules::items::check(items.len(), N::MIN, N::MAX) {
        Ok(()) => Ok(items),
        Err(issue) => Err(Rejection::new([issue])),
    }
}

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
