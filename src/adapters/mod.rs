//! The adapters, one module per family. Each holds the `#[serde_as]` marker (`XLike`), the
//! wrapper type where there is one (`X`), its visitor and its schema (feature `schemars`);
//! the bounds and policies it takes are in `crate::policy`, and most of the plain checks it
//! is built on in `crate::rules`. The crate root re-exports every module and name.
//!
//! What every wrapper type shares (a checking `new`, `into_inner`, `Deref` and `AsRef`) is
//! in docs/contract.md, "Wrapper types and adapters".

use crate::issue::{Input, Issue, Rejection};

/// `Visitor` methods refusing the listed shapes through `|self, got, input| expr`; `some`,
/// `newtype` read through, `array`/`object` drain (no input), `*_echo` keep the input.
macro_rules! refuse_shapes {
    (|$this:tt, $got:tt, $input:tt| $refuse:expr; $($part:ident)*) => {
        $(refuse_shapes!(@$part |$this, $got, $input| $refuse);)*
    };
    (@booleans |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Self::Value, E> {
            let ($this, $got, $input) = (self, "a boolean", Some(crate::issue::Input::Bool(v)));
            $refuse
        }
    };
    (@numbers |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        refuse_shapes!(@number visit_i64(i64) from_i128 |$this, $got, $input| $refuse);
        refuse_shapes!(@number visit_u64(u64) from_u128 |$this, $got, $input| $refuse);
        refuse_shapes!(@number visit_i128(i128) from_i128 |$this, $got, $input| $refuse);
        refuse_shapes!(@number visit_u128(u128) from_u128 |$this, $got, $input| $refuse);
        refuse_shapes!(@number visit_f64(f64) from_f64 |$this, $got, $input| $refuse);
    };
    (@number $method:ident($ty:ty) $from:ident |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn $method<E: serde::de::Error>(self, v: $ty) -> Result<Self::Value, E> {
            let input = crate::issue::Input::$from(v.into());
            let ($this, $got, $input) = (self, "a number", Some(input));
            $refuse
        }
    };
    (@unit |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            let ($this, $got, $input) = (self, "null", Some(crate::issue::Input::Null));
            $refuse
        }
    };
    (@none |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            self.visit_unit()
        }
    };
    (@some |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_any(self)
        }
    };
    (@newtype |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_newtype_struct<D: serde::Deserializer<'de>>(
            self,
            d: D,
        ) -> Result<Self::Value, D::Error> {
            d.deserialize_any(self)
        }
    };
    (@bytes |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_bytes<E: serde::de::Error>(self, _: &[u8]) -> Result<Self::Value, E> {
            let ($this, $got, $input) = (self, "bytes", None::<crate::issue::Input>);
            $refuse
        }
    };
    (@array |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            crate::shell::drain_seq(seq)?;
            let ($this, $got, $input) = (self, "an array", None::<crate::issue::Input>);
            $refuse
        }
    };
    (@array_echo |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            let input = crate::shell::seq_input(seq)?;
            let ($this, $got, $input) = (self, "an array", Some(input));
            $refuse
        }
    };
    (@object |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            crate::shell::drain_map(map)?;
            let ($this, $got, $input) = (self, "an object", None::<crate::issue::Input>);
            $refuse
        }
    };
    (@object_echo |$this:tt, $got:tt, $input:tt| $refuse:expr) => {
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            let input = crate::shell::map_input(map)?;
            let ($this, $got, $input) = (self, "an object", Some(input));
            $refuse
        }
    };
}

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

/// `issue`, with `input` when there is one.
pub(crate) fn with_input(issue: Issue, input: Option<Input>) -> Issue {
    match input {
        Some(input) => issue.with_input(input),
        None => issue,
    }
}

/// `items`, if their count is within `N`'s bounds (the adapters' `too_long`, `too_short`).
pub(crate) fn counted<T, N: crate::policy::ItemBounds>(items: Vec<T>) -> Result<Vec<T>, Rejection> {
    let n = items.len();
    if n > N::MAX {
        Err(Rejection::new([crate::rules::items::too_long(n, N::MAX)]))
    } else if n < N::MIN {
        Err(Rejection::new([crate::rules::items::too_short(n, N::MIN)]))
    } else {
        Ok(items)
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
