//! Integers from lax shapes, optionally bounded (reject or clamp), optionally with a default
//! carried by the type.
//!
//! One marker, [`IntLike`], and its wrapper type, [`Int`]; the bounds (inclusive, checked at
//! compile time against the target type) and the policies are parameters:
//!
//! | written | accepts | outside the bounds |
//! |---|---|---|
//! | `IntLike` | any integer of the field's type | (no bounds of its own) |
//! | `IntLike<1, 100>` | `1..=100` | `too_small`, `too_big` ([`Reject`], the default) |
//! | `IntLike<1, 50, Clamp>` | any integer of the field's type | the nearest bound ([`Clamp`](crate::Clamp)) |
//! | `IntLike<1, 50, Clamp, DefaultTo<10>>` | the same; `null`, `""`, `"null"` give `10` | the nearest bound |
//!
//! The shapes every integer of the crate is read from (strings, integral floats, leading
//! zeros, the 2^53 limit) are docs/contract.md's, "Scalars".

use std::fmt;
use std::marker::PhantomData;

use serde::de::Deserializer;
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

pub(crate) mod integer;

use crate::rules::int::range_hint;
pub use integer::Integer;
pub(crate) use integer::{
    IntFailure, IntScalar, int_from_f64, int_from_str, int_input, int_issue, integral_float,
    piece_read,
};

use crate::issue::IssueBuf;
use crate::issue::{Code, Input, Issue};
use crate::policy::{DefaultPolicy, DefaultTo, NoDefault, OutOfRangePolicy, Reject};
use crate::report::Rule;
use crate::shell::{Element, MapVisitor, Optional, Outcome, Settled};

// The policy type lives in `crate::policy`, which knows nothing of integer types; its
// function for `#[serde(default = "...")]`, which does, lives here.
impl<const V: i128> DefaultTo<V> {
    /// `V` as the integer type `I`, for `#[serde(default = "DefaultTo::<V>::value")]`; a `V`
    /// outside `I`'s range does not compile.
    ///
    /// # Examples
    ///
    /// ```
    /// let limit: u8 = mcp_coerce::DefaultTo::<20>::value();
    /// assert_eq!(limit, 20);
    /// ```
    pub fn value<I: Integer>() -> I {
        let () = InRange::<I, V>::CHECKED;
        // The check above makes the conversion succeed; the fallback is never taken.
        let value = I::from_i128(V).unwrap_or(I::ZERO);
        crate::engine::default_filled(|| int_input(value));
        value
    }
}

/// Compile-time check that `V` is a value of `I`.
struct InRange<I, const V: i128>(PhantomData<I>);

impl<I: Integer, const V: i128> InRange<I, V> {
    const CHECKED: () = assert!(
        V >= I::MIN_I128 && at_most(V, I::MAX_U128),
        "DefaultTo: the default lies outside the integer type's range"
    );
}

/// `v <= max`, across the signed and unsigned ranges.
const fn at_most(v: i128, max: u128) -> bool {
    v < 0 || (v as u128) <= max
}

/// An inclusive bound as issues show it (`u128::MAX` is not an `i128`).
#[derive(Clone, Copy)]
enum Limit {
    Signed(i128),
    Unsigned(u128),
}

impl Limit {
    fn input(self) -> Input {
        match self {
            Limit::Signed(v) => Input::from_i128(v),
            Limit::Unsigned(v) => Input::from_u128(v),
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Signed(v) => write!(f, "{v}"),
            Limit::Unsigned(v) => write!(f, "{v}"),
        }
    }
}

/// An adapter's parameters for the target type `I`: the bounds in force (a bound left at
/// its default is `I`'s own) and their compile-time checks.
struct Params<I, const MIN: i128, const MAX: i128, D>(PhantomData<(I, D)>);

impl<I: Integer, const MIN: i128, const MAX: i128, D: DefaultPolicy> Params<I, MIN, MAX, D> {
    /// `MIN` was given, not left at its default.
    const HAS_MIN: bool = MIN != i128::MIN;
    /// `MAX` was given, not left at its default.
    const HAS_MAX: bool = MAX != i128::MAX;

    const CHECKED: () = {
        if Self::HAS_MIN && Self::HAS_MAX {
            assert!(MIN <= MAX, "integer bounds: MIN must not exceed MAX");
        }
        if Self::HAS_MIN {
            assert!(
                MIN >= I::MIN_I128,
                "integer bounds: MIN is below the target type's minimum"
            );
            assert!(
                at_most(MIN, I::MAX_U128),
                "integer bounds: MIN is above the target type's maximum"
            );
        }
        if Self::HAS_MAX {
            assert!(
                at_most(MAX, I::MAX_U128),
                "integer bounds: MAX is above the target type's maximum"
            );
            assert!(
                MAX >= I::MIN_I128,
                "integer bounds: MAX is below the target type's minimum"
            );
        }
        if let Some(v) = D::VALUE {
            let above_min = if Self::HAS_MIN {
                v >= MIN
            } else {
                v >= I::MIN_I128
            };
            let below_max = if Self::HAS_MAX {
                v <= MAX
            } else {
                at_most(v, I::MAX_U128)
            };
            assert!(
                above_min && below_max,
                "integer default lies outside the bounds"
            );
        }
    };

    fn default() -> Option<I> {
        D::VALUE.and_then(I::from_i128)
    }

    /// The lower bound in force.
    fn min() -> Limit {
        Limit::Signed(if Self::HAS_MIN { MIN } else { I::MIN_I128 })
    }

    /// The upper bound in force.
    fn max() -> Limit {
        if Self::HAS_MAX {
            Limit::Signed(MAX)
        } else {
            Limit::Unsigned(I::MAX_U128)
        }
    }

    /// The declared bounds in words, as "send an integer ___" ends: `"from 1 to 100"`,
    /// `"of at least 1"`, `"of at most 100"` (a bound left to the type is not named).
    fn range() -> String {
        match (Self::HAS_MIN, Self::HAS_MAX) {
            (true, false) => format!("of at least {MIN}"),
            (false, true) => format!("of at most {MAX}"),
            _ => Self::bounds(),
        }
    }

    /// The declared bounds in words, as "must be ___" ends: `"from 1 to 100"`, `"at least
    /// 1"`, `"at most 100"`.
    fn bounds() -> String {
        match (Self::HAS_MIN, Self::HAS_MAX) {
            (true, false) => format!("at least {MIN}"),
            (false, true) => format!("at most {MAX}"),
            _ => format!("from {} to {}", Self::min(), Self::max()),
        }
    }

    /// The hint of an integer past the type's own range: the declared bounds in words,
    /// and, where the bounds in force reach past ±(2^53 − 1), to send such integers as
    /// strings.
    fn overflow_hint() -> String {
        let lo = match Self::min() {
            Limit::Signed(v) => v,
            Limit::Unsigned(_) => 0,
        };
        let hi = match Self::max() {
            Limit::Signed(v) => u128::try_from(v).unwrap_or(0),
            Limit::Unsigned(v) => v,
        };
        range_hint(lo, hi, &Self::range())
    }

    /// `issue` with the declared bounds in its context.
    fn with_declared(issue: Issue) -> Issue {
        let issue = if Self::HAS_MIN {
            issue.with_context("minimum", Input::from_i128(MIN))
        } else {
            issue
        };
        if Self::HAS_MAX {
            issue.with_context("maximum", Input::from_i128(MAX))
        } else {
            issue
        }
    }

    /// The integer check: `value` against the bounds in force, clamped or refused. The
    /// issue leaves `input` to the caller, which has the value as it arrived (`"500"`, not
    /// `500`).
    #[inline]
    fn apply(value: I, clamp: bool) -> Result<I, Issue> {
        // Bounds are checked at compile time to lie within `I`, so the conversions succeed.
        if Self::HAS_MIN
            && let Some(lo) = I::from_i128(MIN)
            && value < lo
        {
            return if clamp {
                clamped(value, lo, "minimum");
                Ok(lo)
            } else {
                Err(too_small(Self::min(), &Self::range()))
            };
        }
        if Self::HAS_MAX
            && let Some(hi) = I::from_i128(MAX)
            && value > hi
        {
            return if clamp {
                clamped(value, hi, "maximum");
                Ok(hi)
            } else {
                Err(too_big(Self::max(), &Self::range()))
            };
        }
        Ok(value)
    }

    /// One integer as read (any shape), checked against the bounds: the outcome.
    #[inline]
    fn check<O: OutOfRangePolicy>(read: Element<I>) -> Outcome<I> {
        match read {
            Ok(v) => Self::apply(v, O::CLAMP).map_err(IssueBuf::one),
            Err(issue) if Self::HAS_MIN || Self::HAS_MAX => {
                Err(IssueBuf::one(within_bounds::<I, MIN, MAX, D>(*issue)))
            }
            Err(issue) => Err(IssueBuf::one(*issue)),
        }
    }
}

/// An integer past the target type's own range (`int_overflow`, never clamped) is told
/// the adapter's declared bounds, not the type's: `300` for `IntLike<1, 5>` on a `u8`
/// should be answered "from 1 to 5", not "from 0 to 255", and `-1` for `IntLike<1>` on a
/// `u64` "of at least 1".
#[cold]
fn within_bounds<I: Integer, const MIN: i128, const MAX: i128, D: DefaultPolicy>(
    issue: Issue,
) -> Issue {
    if issue.code() != Code::IntOverflow || issue.context().is_none() {
        return issue;
    }
    let input = issue.input().cloned();
    let fresh = Params::<I, MIN, MAX, D>::with_declared(
        Issue::new(
            Code::IntOverflow,
            format!(
                "integer out of range: must be {}",
                Params::<I, MIN, MAX, D>::bounds()
            ),
        )
        .with_hint(Params::<I, MIN, MAX, D>::overflow_hint()),
    );
    match input {
        Some(input) => fresh.with_input(input),
        None => fresh,
    }
}

/// Record that `value` was clamped to `bound`, the `minimum` or the `maximum` (`which`).
#[cold]
fn clamped<I: Integer>(value: I, bound: I, which: &'static str) {
    crate::engine::notes::clamped(int_input(value), int_input(bound), which);
}

/// The type's default `default`, filled in for a value read as absent (recorded as
/// `default_applied`).
#[inline]
fn or_default<I: Integer>(value: Option<I>, default: I) -> I {
    match value {
        Some(value) => value,
        None => {
            default_applied(int_input(default));
            default
        }
    }
}

/// Record that a type's default `to` was filled in.
#[cold]
pub(crate) fn default_applied(to: Input) {
    crate::engine::notes::coerced(Rule::DefaultApplied, || None, || Some(to));
}

#[cold]
fn too_small(min: Limit, range: &str) -> Issue {
    Issue::new(Code::TooSmall, format!("must be at least {min}"))
        .with_hint(format!("send an integer {range}"))
        .with_context("minimum", min.input())
}

#[cold]
fn too_big(max: Limit, range: &str) -> Issue {
    Issue::new(Code::TooBig, format!("must be at most {max}"))
        .with_hint(format!("send an integer {range}"))
        .with_context("maximum", max.input())
}

/// One integer, checked against the bounds; a default in the type stands in for `null`,
/// `""` and `"null"`.
#[inline]
fn read<'de, De, I, const MIN: i128, const MAX: i128, O, D>(
    deserializer: De,
) -> Result<I, De::Error>
where
    De: Deserializer<'de>,
    I: Integer,
    O: OutOfRangePolicy,
    D: DefaultPolicy,
{
    let () = Params::<I, MIN, MAX, D>::CHECKED;
    let scalar = MapVisitor {
        inner: IntScalar::<I>::new(),
        map: Params::<I, MIN, MAX, D>::check::<O>,
    };
    match Params::<I, MIN, MAX, D>::default() {
        None => crate::shell::adapt(deserializer, Settled(scalar)),
        Some(default) => crate::shell::adapt(
            deserializer,
            Settled(MapVisitor {
                inner: Optional::non_string(scalar),
                map: move |o: Outcome<Option<I>>| o.map(|v| or_default(v, default)),
            }),
        ),
    }
}

/// One optional integer: the optional rules, then the bounds; a default in the type
/// stands in for `None`.
#[inline]
fn read_option<'de, De, I, const MIN: i128, const MAX: i128, O, D>(
    deserializer: De,
) -> Result<Option<I>, De::Error>
where
    De: Deserializer<'de>,
    I: Integer,
    O: OutOfRangePolicy,
    D: DefaultPolicy,
{
    let () = Params::<I, MIN, MAX, D>::CHECKED;
    let default = Params::<I, MIN, MAX, D>::default();
    let scalar = MapVisitor {
        inner: IntScalar::<I>::new(),
        map: Params::<I, MIN, MAX, D>::check::<O>,
    };
    if default.is_none() {
        return crate::shell::adapt(deserializer, Settled(Optional::non_string(scalar)));
    }
    crate::shell::adapt(
        deserializer,
        Settled(MapVisitor {
            inner: Optional::non_string(scalar),
            map: move |o: Outcome<Option<I>>| {
                o.map(|v| v.or_else(|| default.map(|d| or_default(None, d))))
            },
        }),
    )
}

/// Adapter for an integer of any primitive type from lax shapes, with optional bounds
/// `MIN..=MAX`, a policy `O` for integers outside them ([`Reject`] or
/// [`Clamp`](crate::Clamp)) and an optional default `D` ([`NoDefault`] or [`DefaultTo`]);
/// see the [module docs](self). On an `Option<integer>` field, absent, `null`, `""` and
/// `"null"` give `None`. [`Int`] is the wrapper type.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Clamp, Code, DefaultTo, IntLike};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike<1, 100>")]
///     page: u32,
///     #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
///     #[serde(default = "DefaultTo::<10>::value")] // an absent field too
///     limit: u32,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"page": " +7 ", "limit": 99999}"#)?;
/// assert_eq!((args.page, args.limit), (7, 50));
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"page": "7.0"}"#)?.limit, 10);
/// let refused = mcp_coerce::from_str::<Args>(r#"{"page": 101}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooBig);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Bounds that do not fit the field's type do not compile:
///
/// ```compile_fail
/// #[serde_with::serde_as]
/// #[derive(serde::Deserialize)]
/// struct Args {
///     #[serde_as(as = "mcp_coerce::IntLike<1, 300>")] // 300 is not a u8
///     level: u8,
/// }
/// let _ = mcp_coerce::from_str::<Args>(r#"{"level": 1}"#);
/// ```
///
/// # Errors
///
/// `int_parsing`, `int_from_float`, `int_overflow`, `invalid_type`; with [`Reject`] also
/// `too_small`, `too_big`.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntLike<
    const MIN: i128 = { i128::MIN },
    const MAX: i128 = { i128::MAX },
    O = Reject,
    D = NoDefault,
>(PhantomData<(O, D)>);

impl<'de, I, const MIN: i128, const MAX: i128, O, D> DeserializeAs<'de, I>
    for IntLike<MIN, MAX, O, D>
where
    I: Integer,
    O: OutOfRangePolicy,
    D: DefaultPolicy,
{
    fn deserialize_as<De: Deserializer<'de>>(deserializer: De) -> Result<I, De::Error> {
        read::<De, I, MIN, MAX, O, D>(deserializer)
    }
}

impl<'de, I, const MIN: i128, const MAX: i128, O, D> DeserializeAs<'de, Option<I>>
    for IntLike<MIN, MAX, O, D>
where
    I: Integer,
    O: OutOfRangePolicy,
    D: DefaultPolicy,
{
    fn deserialize_as<De: Deserializer<'de>>(deserializer: De) -> Result<Option<I>, De::Error> {
        read_option::<De, I, MIN, MAX, O, D>(deserializer)
    }
}

impl<I: Integer, const MIN: i128, const MAX: i128, O, D> SerializeAs<I>
    for IntLike<MIN, MAX, O, D>
{
    fn serialize_as<S: Serializer>(source: &I, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<I: Integer, const MIN: i128, const MAX: i128, O, D> SerializeAs<Option<I>>
    for IntLike<MIN, MAX, O, D>
{
    fn serialize_as<S: Serializer>(source: &Option<I>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// An integer read by [`IntLike`] with the same parameters, as a value; with a [`DefaultTo`]
/// it also stands in for an absent field under `#[serde(default)]`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Clamp, DefaultTo, Int};
///
/// let limit: Int<i64, 1, 50, Clamp, DefaultTo<10>> = serde_json::from_str(r#""500""#)?;
/// assert_eq!((limit.into_inner(), *Int::<i64, 1, 50, Clamp, DefaultTo<10>>::default()), (50, 10));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Int<
    I,
    const MIN: i128 = { i128::MIN },
    const MAX: i128 = { i128::MAX },
    O = Reject,
    D = NoDefault,
>(I, PhantomData<(O, D)>);

impl<I: Integer, const MIN: i128, const MAX: i128, O: OutOfRangePolicy, D: DefaultPolicy>
    Int<I, MIN, MAX, O, D>
{
    /// `value`, checked as [`IntLike`] with the same parameters checks an integer: refused
    /// outside the bounds ([`Reject`]) or moved to the nearest one ([`Clamp`](crate::Clamp)).
    ///
    /// # Errors
    ///
    /// `too_small`, `too_big` (under [`Reject`]), in a [`Rejection`](crate::Rejection).
    pub fn new(value: I) -> Result<Self, crate::Rejection> {
        let () = Params::<I, MIN, MAX, D>::CHECKED;
        Params::<I, MIN, MAX, D>::apply(value, O::CLAMP)
            .map(|v| Int(v, PhantomData))
            .map_err(|issue| crate::Rejection::new([issue.with_input(int_input(value))]))
    }
}

wrapper_value!(impl [I, const MIN: i128, const MAX: i128, O, D] Int<I, MIN, MAX, O, D> => I, 0);

impl<I: Integer, const MIN: i128, const MAX: i128, O, D> fmt::Debug for Int<I, MIN, MAX, O, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<I: Integer, const MIN: i128, const MAX: i128, O, D> fmt::Display for Int<I, MIN, MAX, O, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The type's default; without one ([`NoDefault`]), the bound closest to zero.
impl<I: Integer, const MIN: i128, const MAX: i128, O, D: DefaultPolicy> Default
    for Int<I, MIN, MAX, O, D>
{
    fn default() -> Self {
        let () = Params::<I, MIN, MAX, D>::CHECKED;
        let lo = match Params::<I, MIN, MAX, D>::min() {
            Limit::Signed(v) => v,
            Limit::Unsigned(_) => 0,
        };
        let hi = match Params::<I, MIN, MAX, D>::max() {
            Limit::Signed(v) => v,
            // Only a type's own maximum is unsigned, and it is at least 0.
            Limit::Unsigned(_) => i128::MAX,
        };
        let v = D::VALUE.unwrap_or(0i128.clamp(lo, hi));
        // CHECKED keeps the bounds, and so `v`, inside `I`.
        let value = I::from_i128(v).unwrap_or(I::ZERO);
        if D::VALUE.is_some() {
            crate::engine::default_filled(|| int_input(value));
        }
        Int(value, PhantomData)
    }
}

impl<'de, I, const MIN: i128, const MAX: i128, O, D> Deserialize<'de> for Int<I, MIN, MAX, O, D>
where
    I: Integer,
    O: OutOfRangePolicy,
    D: DefaultPolicy,
{
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        read::<De, I, MIN, MAX, O, D>(deserializer).map(|v| Int(v, PhantomData))
    }
}

impl<I: Integer, const MIN: i128, const MAX: i128, O, D> Serialize for Int<I, MIN, MAX, O, D> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

json_schema_as!(
    impl [I: Integer, const MIN: i128, const MAX: i128, O: OutOfRangePolicy, D: DefaultPolicy]
    IntLike<MIN, MAX, O, D> => [I, Option<I>],
    name = schema_name::<I, MIN, MAX, D>(),
    schema = |generator| schema_of::<I, MIN, MAX, D>(generator),
);

json_schema_for!(
    impl [I: Integer, const MIN: i128, const MAX: i128, O: OutOfRangePolicy, D: DefaultPolicy]
    Int<I, MIN, MAX, O, D>,
    name = schema_name::<I, MIN, MAX, D>(),
    schema = |generator| schema_of::<I, MIN, MAX, D>(generator),
);

#[cfg(feature = "schemars")]
fn schema_name<I: Integer, const MIN: i128, const MAX: i128, D: DefaultPolicy>() -> String {
    let (min, max) = (
        Params::<I, MIN, MAX, D>::min(),
        Params::<I, MIN, MAX, D>::max(),
    );
    format!("Int_{}_{min}_{max}_{:?}", I::NAME, D::VALUE)
}

/// `{"type": "integer", "minimum", "maximum"}` (the declared bounds; a bound left at its
/// default is the type's own, clipped to ±(2^53 − 1) in an input schema, see
/// [`crate::schema::type_min`]), and `default` when the type carries one.
#[cfg(feature = "schemars")]
fn schema_of<I: Integer, const MIN: i128, const MAX: i128, D: DefaultPolicy>(
    generator: &schemars::SchemaGenerator,
) -> schemars::Schema {
    let min = if Params::<I, MIN, MAX, D>::HAS_MIN {
        MIN
    } else {
        crate::schema::type_min(generator, I::MIN_I128)
    };
    let max = if Params::<I, MIN, MAX, D>::HAS_MAX {
        MAX
    } else {
        crate::schema::type_max(generator, I::MAX_U128)
    };
    let mut s = crate::schema::integer(min, max);
    if let Some(default) = D::VALUE.and_then(|v| i64::try_from(v).ok()) {
        s.insert("default".into(), default.into());
    }
    crate::schema::schema(s.into())
}
