//! The adapter shell: what every adapter of the crate shares around its own checks.
//!
//! An adapter's shape visitor dispatches on the input's shape and returns an *outcome*
//! (`Result<T, IssueBuf>`, the value or every issue found in it); it never fails at the
//! serde level. [`Settled`] turns the outcome into the adapter's answer: driven by the
//! engine, the issues are recorded and a stand-in goes on in the value's place; under any
//! other deserializer they become one error of that format ([`fail_fast`]). [`Optional`]
//! applies the optional-field rules in front of a shape visitor, [`Items`] collects array
//! elements, [`TextOnly`] reads string-only shapes, and [`echo`] drains or echoes what an
//! adapter refuses.

pub(crate) mod echo;
mod items;
mod optional;
mod text;

use std::fmt;

use serde::de::{self, DeserializeOwned, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

use crate::engine;
use crate::issue::{Code, Issue, IssueBuf};

pub(crate) use echo::{drain_map, drain_seq, map_input, seq_input};
pub(crate) use engine::adapt;
pub(crate) use items::{Items, PushTo};
pub(crate) use optional::Optional;
pub(crate) use text::{TextOnly, TextShape, trim, trimmed};

/// The end of every adapter call: the value, or the issues. Driven by the engine
/// (`drive`), the issues are recorded and a stand-in goes on in the value's place;
/// otherwise they become one error of the caller's format.
#[inline]
pub(crate) fn settle<T: DeserializeOwned, E: de::Error>(
    drive: Option<engine::Drive>,
    outcome: Result<T, IssueBuf>,
) -> Result<T, E> {
    match outcome {
        Ok(value) => Ok(value),
        Err(issues) => settle_err(drive, issues),
    }
}

#[cold]
fn settle_err<T: DeserializeOwned, E: de::Error>(
    drive: Option<engine::Drive>,
    issues: IssueBuf,
) -> Result<T, E> {
    if drive.is_some() {
        refused(issues)
    } else {
        Err(fail_fast(issues))
    }
}

/// An adapter driven by the engine refused its value: record `issues`, and go on with a
/// stand-in (or stop without a further issue if `T` has none).
#[cold]
pub(crate) fn refused<T: DeserializeOwned, E: de::Error>(issues: IssueBuf) -> Result<T, E> {
    engine::record(issues);
    engine::placeholder::<T>().ok_or_else(engine::silent)
}

/// One error of the caller's format for an adapter's issues. If that format is the
/// engine's own (a map key, or serde's replay of a buffered `flatten` or untagged value),
/// the issues travel with it structured. In a quick first attempt (whose error nobody
/// reads) the issues are not even described.
#[cold]
pub(crate) fn fail_fast<E: de::Error>(mut issues: IssueBuf) -> E {
    if engine::quick() {
        return E::custom("");
    }
    if engine::in_secret() {
        issues.iter_mut().for_each(Issue::redact);
    }
    let message = issues.to_string();
    engine::with_stashed(issues, || E::custom(message))
}

/// What a shape visitor produces: the value, or every issue found in it.
pub(crate) type Outcome<T> = Result<T, IssueBuf>;

/// What an element (or scalar) visitor produces: the value, or its issue. The issue is
/// boxed so that the success path moves a word or two per element, not a whole `Issue`.
pub(crate) type Element<T> = Result<T, Box<Issue>>;

/// An element (or scalar) the visitor refuses, with the issue `make` builds. In a quick
/// first attempt (whose issues nobody reads, see `engine::quick`) the issue is not built:
/// the error ends the attempt at once, so a refused array is not read to its end twice.
#[cold]
#[inline(never)]
pub(crate) fn bad_element<T, E: de::Error>(make: impl FnOnce() -> Issue) -> Result<Element<T>, E> {
    if engine::quick() {
        Err(E::custom(""))
    } else {
        Ok(Err(Box::new(make())))
    }
}

/// Preallocate no more than this many elements whatever a format's `size_hint` claims.
pub(crate) const MAX_PREALLOCATION: usize = 4096;

/// An issue for a value of the wrong JSON type, at the value itself.
#[cold]
pub(crate) fn invalid_type(expected: &str, got: &str, hint: &'static str) -> Issue {
    Issue::new(Code::InvalidType, format!("expected {expected}, got {got}")).with_hint(hint)
}

/// A visitor that hands visits to an inner visitor `V` and turns its answer: `forward`
/// is the one place it does, and [`forward_visits!`] writes the visits that call it.
pub(crate) trait Forward<'de, V: Visitor<'de>>: Visitor<'de> {
    /// Run `visit` on the inner visitor, and turn its answer into this one's.
    fn forward<E: de::Error>(
        self,
        visit: impl FnOnce(V) -> Result<V::Value, E>,
    ) -> Result<Self::Value, E>;
}

/// The visits of a [`Forward`] visitor that only forward, by kind: `scalars` (every
/// value but text), `texts`, `units: visit_none, ..`, `deserializers: visit_some, ..`,
/// `accesses` (sequence, map, enum).
macro_rules! forward_visits {
    (scalars) => {
        forward_visits!(values: visit_bool(bool), visit_i8(i8), visit_i16(i16), visit_i32(i32),
            visit_i64(i64), visit_i128(i128), visit_u8(u8), visit_u16(u16), visit_u32(u32),
            visit_u64(u64), visit_u128(u128), visit_f32(f32), visit_f64(f64), visit_char(char),
            visit_bytes(&[u8]), visit_borrowed_bytes(&'de [u8]), visit_byte_buf(Vec<u8>));
    };
    (texts) => {
        forward_visits!(values: visit_str(&str), visit_borrowed_str(&'de str), visit_string(String));
    };
    (values: $($value:ident($ty:ty)),*) => {
        $(#[inline]
        fn $value<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
            self.forward(|inner| inner.$value::<E>(v))
        })*
    };
    (units: $($unit:ident),*) => {
        $(#[inline]
        fn $unit<E: de::Error>(self) -> Result<Self::Value, E> {
            self.forward(|inner| inner.$unit::<E>())
        })*
    };
    (deserializers: $($de:ident),*) => {
        $(#[inline]
        fn $de<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            self.forward(|inner| inner.$de(d))
        })*
    };
    (accesses) => {
        #[inline]
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            self.forward(|inner| inner.visit_seq(seq))
        }
        #[inline]
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            self.forward(|inner| inner.visit_map(map))
        }
        #[inline]
        fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
            self.forward(|inner| inner.visit_enum(data))
        }
    };
}
pub(crate) use forward_visits;

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
pub(crate) use refuse_shapes;

/// Turns a shape visitor's outcome into the adapter's answer; a placeholder `T` stands in
/// for a refused value while the issues are recorded.
pub(crate) struct Settled<V>(pub(crate) V);

impl<'de, V, T> Forward<'de, V> for Settled<V>
where
    V: Visitor<'de, Value = Outcome<T>>,
    T: DeserializeOwned,
{
    #[inline]
    fn forward<E: de::Error>(self, visit: impl FnOnce(V) -> Result<Outcome<T>, E>) -> Result<T, E> {
        let drive = engine::take_drive();
        let outcome = visit(self.0)?;
        settle(drive, outcome)
    }
}

impl<'de, V, T> Visitor<'de> for Settled<V>
where
    V: Visitor<'de, Value = Outcome<T>>,
    T: DeserializeOwned,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    forward_visits!(scalars);
    forward_visits!(texts);
    forward_visits!(units: visit_none, visit_unit);
    forward_visits!(deserializers: visit_some);
    forward_visits!(accesses);

    /// Any deserializer but the engine answers `engine::adapt`'s request with this:
    /// read on, failing fast.
    #[inline]
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_any(self)
    }
}

/// A visitor that answers like `V`, then maps the answer with `F`.
pub(crate) struct MapVisitor<V, F> {
    pub(crate) inner: V,
    pub(crate) map: F,
}

impl<'de, V, F, U> Forward<'de, V> for MapVisitor<V, F>
where
    V: Visitor<'de>,
    F: FnOnce(V::Value) -> U,
{
    #[inline]
    fn forward<E: de::Error>(self, visit: impl FnOnce(V) -> Result<V::Value, E>) -> Result<U, E> {
        Ok((self.map)(visit(self.inner)?))
    }
}

impl<'de, V, F, U> Visitor<'de> for MapVisitor<V, F>
where
    V: Visitor<'de>,
    F: FnOnce(V::Value) -> U,
{
    type Value = U;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    forward_visits!(scalars);
    forward_visits!(texts);
    forward_visits!(units: visit_none, visit_unit);
    forward_visits!(deserializers: visit_some, visit_newtype_struct);
    forward_visits!(accesses);
}
