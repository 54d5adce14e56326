//! Integers from lax shapes, optionally bounded (reject or clamp), optionally with a
//! default carried by the type.
//!
//! | sent | [`IntLike`] | [`BoundedInt<1, 100>`] | [`ClampedInt<1, 50>`] |
//! |---|---|---|---|
//! | `5`, `"5"`, `" 5 "`, `"+5"`, `5.0`, `"5.0"` | `5` | `5` | `5` |
//! | `0` | `0` | `too_small` (`minimum` in context) | `1` |
//! | `101` / `99999` | `101` | `too_big` (`maximum` in context) | `50` |
//! | `5.5` | `int_from_float` | same | same |
//! | `"abc"`, `"1e3"` | `int_parsing` | same | same |
//! | `"99999999999999999999"` (for `i64`) | `int_overflow` | same | same (never clamped) |
//! | `true`, `[1]`, `{}` | `invalid_type` | same | same |
//!
//! A default carried by the type ([`DefaultTo`]) covers `null`, `""` and `"null"`, and an
//! absent field too through serde's `default`: `#[serde(default)]` on a wrapper field
//! ([`Bounded`], [`Clamped`]), `#[serde(default = "DefaultTo::<V>::value")]` on a plain
//! integer field with the adapter (a bare `#[serde(default)]` there gives `0`). Bounds are inclusive, part of the type, and checked at compile time:
//! `MIN <= MAX`, both within the target type, and the default within them.

use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

use serde::de::Deserializer;
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::integer::{IntScalar, Integer};
use crate::issue::{Code, Input, Issue};
use crate::shell::IssueBuf;
use crate::shell::{Element, MapVisitor, Optional, Outcome, Settled};

/// A default value carried by an integer adapter's type; see [`DefaultTo`] and
/// [`NoDefault`].
pub trait IntDefault {
    /// The default, if there is one.
    const VALUE: Option<i128>;
}

/// No default: `null` is `invalid_type` and `""` is `int_parsing` (in a required field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoDefault;

impl IntDefault for NoDefault {
    const VALUE: Option<i128> = None;
}

/// The default `V`: `null`, `""` and `"null"` give `V`.
///
/// An *absent* field is serde's business, not the adapter's: serde never calls an adapter
/// for a field that is not there. So that an absent field gets `V` too:
///
/// - on a wrapper field ([`Bounded`], [`Clamped`]), write `#[serde(default)]`: the
///   wrapper's `Default` is `V`, and the value is written once;
/// - on a plain integer field with the adapter ([`BoundedInt`], [`ClampedInt`]), write
///   `#[serde(default = "DefaultTo::<V>::value")]` (a bare `#[serde(default)]` would give
///   the integer's own default, `0`, which may even lie outside the bounds; without any
///   `default` the field is required and an absent one is `missing`). schemars reads the
///   same function, so the published `default` is `V` and the field is not `required`.
///   Nothing ties that `V` to the adapter's (write the same number twice, or prefer the
///   wrapper, where the value is written once).
///
/// On an `Option` field, the type's default answers `null`, `""` and `"null"` with
/// `Some(V)`, while an absent field under `#[serde(default)]` is `None`: a field that
/// always has a value is better declared as a plain integer, as above.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{ClampedInt, DefaultTo};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "ClampedInt<1, 100, DefaultTo<20>>")]
///     #[serde(default = "DefaultTo::<20>::value")]
///     limit: u32,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>("{}")?.limit, 20);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": null}"#)?.limit, 20);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": "500"}"#)?.limit, 100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefaultTo<const V: i128>;

impl<const V: i128> IntDefault for DefaultTo<V> {
    const VALUE: Option<i128> = Some(V);
}

impl<const V: i128> DefaultTo<V> {
    /// `V` as the integer type `I`, for `#[serde(default = "DefaultTo::<V>::value")]`
    /// (see the [type's docs](DefaultTo)). A `V` outside `I`'s range is a compile-time
    /// error.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::DefaultTo;
    ///
    /// let limit: u8 = DefaultTo::<20>::value();
    /// assert_eq!(limit, 20);
    /// ```
    ///
    /// ```compile_fail
    /// // 300 is not a `u8`: refused when the program is built.
    /// let limit: u8 = mcp_coerce::DefaultTo::<300>::value();
    /// ```
    pub fn value<I: Integer>() -> I {
        let () = InRange::<I, V>::CHECKED;
        // The check above makes the conversion succeed; the fallback is never taken.
        I::from_i128(V).unwrap_or(I::ZERO)
    }
}

/// Compile-time check that `V` is a value of `I`.
struct InRange<I, const V: i128>(PhantomData<I>);

impl<I: Integer, const V: i128> InRange<I, V> {
    const CHECKED: () = assert!(
        V >= I::MIN_I128 && (V < 0 || (V as u128) <= I::MAX_U128),
        "DefaultTo: the default lies outside the integer type's range"
    );
}

/// What happens to an integer outside the bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Reject,
    Clamp,
}

/// The one integer check: `value` against `min..=max` in `mode`. The issue leaves `input`
/// to the caller, which has the value as it arrived (`"500"`, not `500`).
#[inline]
fn apply_bounds<I: Integer>(value: I, min: i128, max: i128, mode: Mode) -> Result<I, Issue> {
    // Bounds are checked at compile time to lie within `I`, so both conversions succeed.
    let (Some(lo), Some(hi)) = (I::from_i128(min), I::from_i128(max)) else {
        return Ok(value);
    };
    if value < lo {
        match mode {
            Mode::Clamp => Ok(lo),
            Mode::Reject => Err(too_small(min, max)),
        }
    } else if value > hi {
        match mode {
            Mode::Clamp => Ok(hi),
            Mode::Reject => Err(too_big(min, max)),
        }
    } else {
        Ok(value)
    }
}

/// An integer past the target type's own range (`int_overflow`, never clamped) is told
/// the adapter's bounds, not the type's: `300` for `BoundedInt<1, 5>` on a `u8` should
/// be answered "from 1 to 5", not "from 0 to 255".
#[cold]
fn within_bounds(issue: Issue, min: i128, max: i128) -> Issue {
    if issue.code() != Code::IntOverflow || issue.context().is_none() {
        return issue;
    }
    let input = issue.input().cloned();
    let fresh = Issue::new(
        Code::IntOverflow,
        format!("integer out of range: must be from {min} to {max}"),
    )
    .with_hint(format!("send an integer from {min} to {max}"))
    .with_context("minimum", Input::from_i128(min))
    .with_context("maximum", Input::from_i128(max));
    match input {
        Some(input) => fresh.with_input(input),
        None => fresh,
    }
}

#[cold]
fn too_small(min: i128, max: i128) -> Issue {
    Issue::new(Code::TooSmall, format!("must be at least {min}"))
        .with_hint(format!("send an integer from {min} to {max}"))
        .with_context("minimum", Input::from_i128(min))
}

#[cold]
fn too_big(min: i128, max: i128) -> Issue {
    Issue::new(Code::TooBig, format!("must be at most {max}"))
        .with_hint(format!("send an integer from {min} to {max}"))
        .with_context("maximum", Input::from_i128(max))
}

/// Compile-time checks of an adapter's parameters for the target type `I`.
struct Params<I, const MIN: i128, const MAX: i128, D>(PhantomData<(I, D)>);

impl<I: Integer, const MIN: i128, const MAX: i128, D: IntDefault> Params<I, MIN, MAX, D> {
    const CHECKED: () = {
        assert!(MIN <= MAX, "integer bounds: MIN must not exceed MAX");
        assert!(
            MIN >= I::MIN_I128,
            "integer bounds: MIN is below the target type's minimum"
        );
        assert!(
            MAX < 0 || (MAX as u128) <= I::MAX_U128,
            "integer bounds: MAX is above the target type's maximum"
        );
        if let Some(v) = D::VALUE {
            assert!(
                MIN <= v && v <= MAX,
                "integer default lies outside the bounds"
            );
        }
    };

    fn default() -> Option<I> {
        D::VALUE.and_then(I::from_i128)
    }
}

/// One integer (any shape) checked against the bounds: the outcome.
#[inline]
fn read<'de, D, I, const MIN: i128, const MAX: i128, Def>(
    deserializer: D,
    mode: Mode,
) -> Result<I, D::Error>
where
    D: Deserializer<'de>,
    I: Integer,
    Def: IntDefault,
{
    let () = Params::<I, MIN, MAX, Def>::CHECKED;
    let check = move |read: Element<I>| -> Outcome<I> {
        match read {
            Ok(v) => apply_bounds(v, MIN, MAX, mode).map_err(IssueBuf::one),
            Err(issue) => Err(IssueBuf::one(within_bounds(*issue, MIN, MAX))),
        }
    };
    let scalar = MapVisitor {
        inner: IntScalar::<I>::new(),
        map: check,
    };
    match Params::<I, MIN, MAX, Def>::default() {
        None => crate::shell::adapt(deserializer, Settled(scalar)),
        Some(default) => crate::shell::adapt(
            deserializer,
            Settled(MapVisitor {
                inner: Optional::non_string(scalar),
                map: move |o: Outcome<Option<I>>| o.map(|v| v.unwrap_or(default)),
            }),
        ),
    }
}

/// One optional integer: the optional rules, then the bounds; a default in the type
/// stands in for `None`.
#[inline]
fn read_option<'de, D, I, const MIN: i128, const MAX: i128, Def>(
    deserializer: D,
    mode: Mode,
) -> Result<Option<I>, D::Error>
where
    D: Deserializer<'de>,
    I: Integer,
    Def: IntDefault,
{
    let () = Params::<I, MIN, MAX, Def>::CHECKED;
    let default = Params::<I, MIN, MAX, Def>::default();
    let scalar = MapVisitor {
        inner: IntScalar::<I>::new(),
        map: move |read: Element<I>| -> Outcome<I> {
            match read {
                Ok(v) => apply_bounds(v, MIN, MAX, mode).map_err(IssueBuf::one),
                Err(issue) => Err(IssueBuf::one(within_bounds(*issue, MIN, MAX))),
            }
        },
    };
    crate::shell::adapt(
        deserializer,
        Settled(MapVisitor {
            inner: Optional::non_string(scalar),
            map: move |o: Outcome<Option<I>>| o.map(|v| v.or(default)),
        }),
    )
}

macro_rules! int_adapter {
    ($(#[$doc:meta])* $name:ident, $mode:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name<const MIN: i128, const MAX: i128, D = NoDefault>(PhantomData<D>);

        impl<'de, I: Integer, const MIN: i128, const MAX: i128, D: IntDefault> DeserializeAs<'de, I>
            for $name<MIN, MAX, D>
        {
            fn deserialize_as<De: Deserializer<'de>>(deserializer: De) -> Result<I, De::Error> {
                read::<De, I, MIN, MAX, D>(deserializer, $mode)
            }
        }

        impl<'de, I: Integer, const MIN: i128, const MAX: i128, D: IntDefault>
            DeserializeAs<'de, Option<I>> for $name<MIN, MAX, D>
        {
            fn deserialize_as<De: Deserializer<'de>>(
                deserializer: De,
            ) -> Result<Option<I>, De::Error> {
                read_option::<De, I, MIN, MAX, D>(deserializer, $mode)
            }
        }

        impl<I: Integer, const MIN: i128, const MAX: i128, D> SerializeAs<I> for $name<MIN, MAX, D> {
            fn serialize_as<S: Serializer>(source: &I, serializer: S) -> Result<S::Ok, S::Error> {
                source.serialize(serializer)
            }
        }

        impl<I: Integer, const MIN: i128, const MAX: i128, D> SerializeAs<Option<I>>
            for $name<MIN, MAX, D>
        {
            fn serialize_as<S: Serializer>(
                source: &Option<I>,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                source.serialize(serializer)
            }
        }
    };
}

int_adapter!(
    /// Adapter for an integer from lax shapes, refused outside `MIN..=MAX` (`too_small`,
    /// `too_big`, with the bound in the issue's context as `minimum`/`maximum`).
    ///
    /// Use with `#[serde_as]` on an integer field, or on an `Option<integer>` field with
    /// `#[serde(default, skip_serializing_if = "Option::is_none")]` for the optional rules
    /// (absent, `null`, `""` and `"null"` give `None`). [`Bounded`] is the wrapper type.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{BoundedInt, Code};
    /// use serde::Deserialize;
    /// use serde_with::serde_as;
    ///
    /// #[serde_as]
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde_as(as = "BoundedInt<1, 100>")]
    ///     #[serde(default, skip_serializing_if = "Option::is_none")]
    ///     limit: Option<u32>,
    /// }
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": "10"}"#)?.limit, Some(10));
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": ""}"#)?.limit, None);
    /// let refused = mcp_coerce::from_str::<Args>(r#"{"limit": 101}"#).unwrap_err();
    /// assert_eq!(refused.issues()[0].code(), Code::TooBig);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `int_parsing`, `int_from_float`, `int_overflow`, `invalid_type`, `too_small`,
    /// `too_big`; see the [module docs](self).
    BoundedInt, Mode::Reject
);

int_adapter!(
    /// Adapter for an integer from lax shapes, clamped into `MIN..=MAX`: out-of-range
    /// integers become the nearest bound. Values that are not integers of the target type
    /// are still refused: `int_overflow` past the type's own range is never clamped (so
    /// `-5` is clamped to `1` in an `i64` field but refused in a `u32` one), and its hint
    /// and context give `MIN` and `MAX`.
    ///
    /// [`Clamped`] is the wrapper type.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{ClampedInt, DefaultTo};
    /// use serde::Deserialize;
    /// use serde_with::serde_as;
    ///
    /// #[serde_as]
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde_as(as = "ClampedInt<1, 50, DefaultTo<10>>")]
    ///     #[serde(default = "DefaultTo::<10>::value")] // an absent field too, see DefaultTo
    ///     limit: u32,
    /// }
    /// assert_eq!(mcp_coerce::from_str::<Args>("{}")?.limit, 10);
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": 99999}"#)?.limit, 50);
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": "0"}"#)?.limit, 1);
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": null}"#)?.limit, 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `int_parsing`, `int_from_float`, `int_overflow`, `invalid_type`.
    ClampedInt, Mode::Clamp
);

/// Adapter for an integer of any primitive type from lax shapes, without bounds.
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntLike;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike")]
///     page: u64,
/// }
/// for sent in ["7", "\"7\"", "\" +7 \"", "7.0", "\"7.0\""] {
///     let args: Args = mcp_coerce::from_str(&format!(r#"{{"page": {sent}}}"#))?;
///     assert_eq!(args.page, 7);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `int_parsing`, `int_from_float`, `int_overflow`, `invalid_type`.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntLike;

impl<'de, I: Integer> DeserializeAs<'de, I> for IntLike {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<I, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(MapVisitor {
                inner: IntScalar::<I>::new(),
                map: |read: Element<I>| read.map_err(|issue| IssueBuf::one(*issue)),
            }),
        )
    }
}

impl<'de, I: Integer> DeserializeAs<'de, Option<I>> for IntLike {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<I>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional::non_string(MapVisitor {
                inner: IntScalar::<I>::new(),
                map: |read: Element<I>| read.map_err(|issue| IssueBuf::one(*issue)),
            })),
        )
    }
}

impl<I: Integer> SerializeAs<I> for IntLike {
    fn serialize_as<S: Serializer>(source: &I, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<I: Integer> SerializeAs<Option<I>> for IntLike {
    fn serialize_as<S: Serializer>(source: &Option<I>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

macro_rules! int_wrapper {
    ($(#[$doc:meta])* $name:ident, $adapter:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name<I, const MIN: i128, const MAX: i128, D = NoDefault>(I, PhantomData<D>);

        impl<I: Integer, const MIN: i128, const MAX: i128, D: IntDefault> $name<I, MIN, MAX, D> {
            /// The integer.
            pub fn get(self) -> I {
                self.0
            }
        }

        impl<I: Integer, const MIN: i128, const MAX: i128, D> Deref for $name<I, MIN, MAX, D> {
            type Target = I;
            fn deref(&self) -> &I {
                &self.0
            }
        }

        impl<I: Integer, const MIN: i128, const MAX: i128, D> fmt::Debug for $name<I, MIN, MAX, D> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl<I: Integer, const MIN: i128, const MAX: i128, D> fmt::Display
            for $name<I, MIN, MAX, D>
        {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        /// The type's default; without one ([`NoDefault`]), the bound closest to zero.
        impl<I: Integer, const MIN: i128, const MAX: i128, D: IntDefault> Default
            for $name<I, MIN, MAX, D>
        {
            fn default() -> Self {
                let () = Params::<I, MIN, MAX, D>::CHECKED;
                let fallback = 0i128.clamp(MIN, MAX);
                let v = D::VALUE.unwrap_or(fallback);
                // CHECKED keeps the bounds, and so `v`, inside `I`.
                $name(I::from_i128(v).unwrap_or(I::ZERO), PhantomData)
            }
        }

        impl<'de, I: Integer, const MIN: i128, const MAX: i128, D: IntDefault> Deserialize<'de>
            for $name<I, MIN, MAX, D>
        {
            fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
                <$adapter<MIN, MAX, D> as DeserializeAs<'de, I>>::deserialize_as(deserializer)
                    .map(|v| $name(v, PhantomData))
            }
        }

        impl<I: Integer, const MIN: i128, const MAX: i128, D> Serialize for $name<I, MIN, MAX, D> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.0.serialize(serializer)
            }
        }
    };
}

int_wrapper!(
    /// An integer read by [`BoundedInt`], as a value; with a [`DefaultTo`] it also stands
    /// in for an absent field under `#[serde(default)]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Bounded, DefaultTo};
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde(default)]
    ///     page_size: Bounded<u32, 1, 100, DefaultTo<20>>,
    /// }
    /// assert_eq!(mcp_coerce::from_str::<Args>("{}")?.page_size.get(), 20);
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"page_size": "30"}"#)?.page_size.get(), 30);
    /// assert!(mcp_coerce::from_str::<Args>(r#"{"page_size": 0}"#).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Bounded, BoundedInt
);

int_wrapper!(
    /// An integer read by [`ClampedInt`], as a value; with a [`DefaultTo`] it also stands
    /// in for an absent field under `#[serde(default)]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::{Clamped, DefaultTo};
    /// use serde::Deserialize;
    ///
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde(default)]
    ///     limit: Clamped<i64, 1, 50, DefaultTo<10>>,
    /// }
    /// assert_eq!(mcp_coerce::from_str::<Args>("{}")?.limit.get(), 10);
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": ""}"#)?.limit.get(), 10);
    /// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": 500}"#)?.limit.get(), 50);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Clamped, ClampedInt
);

json_schema_as!(
    impl [I: Integer] IntLike => [I, Option<I>],
    name = format!("Int_{}", I::NAME),
    schema = crate::schema::schema(
        crate::schema::integer(I::MIN_I128, crate::schema::type_max(I::MAX_U128)).into()
    ),
);

json_schema_as!(
    impl [I: Integer, const MIN: i128, const MAX: i128, D: IntDefault]
    BoundedInt<MIN, MAX, D> => [I, Option<I>],
    name = format!("Int_{MIN}_{MAX}_{:?}", D::VALUE),
    schema = schema_of::<D>(MIN, MAX),
);

json_schema_as!(
    impl [I: Integer, const MIN: i128, const MAX: i128, D: IntDefault]
    ClampedInt<MIN, MAX, D> => [I, Option<I>],
    name = format!("Int_{MIN}_{MAX}_{:?}", D::VALUE),
    schema = schema_of::<D>(MIN, MAX),
);

json_schema_for!(
    impl [I: Integer, const MIN: i128, const MAX: i128, D: IntDefault] Bounded<I, MIN, MAX, D>,
    name = format!("Int_{MIN}_{MAX}_{:?}", D::VALUE),
    schema = schema_of::<D>(MIN, MAX),
);

json_schema_for!(
    impl [I: Integer, const MIN: i128, const MAX: i128, D: IntDefault] Clamped<I, MIN, MAX, D>,
    name = format!("Int_{MIN}_{MAX}_{:?}", D::VALUE),
    schema = schema_of::<D>(MIN, MAX),
);

/// `{"type": "integer", "minimum", "maximum"}`, and `default` when the type carries one.
#[cfg(feature = "schemars")]
fn schema_of<D: IntDefault>(min: i128, max: i128) -> schemars::Schema {
    let mut s = crate::schema::integer(min, max);
    if let Some(default) = D::VALUE.and_then(|v| i64::try_from(v).ok()) {
        s.insert("default".into(), default.into());
    }
    crate::schema::schema(s.into())
}
