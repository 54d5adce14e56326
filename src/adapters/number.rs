//! Finite `f64` numbers from lax shapes, optionally bounded. Bounds are inclusive and live in
//! a [`NumberBounds`] type (stable Rust has no `f64` const generics), declared with
//! [`number_range!`](crate::number_range). [`NumberLike`] is the marker, [`Number`] the
//! wrapper type; docs/contract.md, "Scalars", has the rules.

use crate::shell::refuse_shapes;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::issue::IssueBuf;
use crate::issue::{Input, Issue, Rejection};
use crate::policy::{AnyFinite, NumberBounds};
use crate::rules::number::{
    check as check_number, from_str as number_from_str, issue as number_issue, not_finite,
};
use crate::shell::{MapVisitor, Optional, Outcome, Settled, invalid_type};

/// Declare a [`NumberBounds`]: `number_range!(pub Name = MIN..=MAX);`. Refuses at compile
/// time bounds that are not finite or not in order.
///
/// # Examples
///
/// ```
/// mcp_coerce::number_range!(pub UnitInterval = 0.0..=1.0);
/// ```
///
/// ```compile_fail
/// mcp_coerce::number_range!(pub Backwards = 1.0..=0.0);
/// ```
#[macro_export]
macro_rules! number_range {
    ($(#[$doc:meta])* $vis:vis $name:ident = $min:literal ..= $max:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;
        impl $crate::policy::NumberBounds for $name {
            const MIN: f64 = $min;
            const MAX: f64 = $max;
        }
        const _: () = {
            let (min, max): (f64, f64) = ($min, $max);
            assert!(min.is_finite() && max.is_finite(), "number bounds must be finite");
            assert!(min <= max, "number bounds: MIN must not exceed MAX");
        };
    };
}

const EXPECTED: &str = "a number";
const HINT: &str = "send a number, e.g. 0.5";

/// One number from any lax shape, not yet bounded.
struct NumberScalar;

impl<'de> Visitor<'de> for NumberScalar {
    type Value = Result<f64, Issue>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number, or a string holding one")
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(if v.is_finite() {
            Ok(v)
        } else {
            Err(not_finite(Input::from_f64(v)))
        })
    }

    #[allow(
        clippy::cast_precision_loss,
        reason = "an integer sent for a number is read as f64"
    )]
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Ok(v as f64))
    }

    #[allow(
        clippy::cast_precision_loss,
        reason = "an integer sent for a number is read as f64"
    )]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Ok(v as f64))
    }

    #[allow(
        clippy::cast_precision_loss,
        reason = "an integer sent for a number is read as f64"
    )]
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(Ok(v as f64))
    }

    #[allow(
        clippy::cast_precision_loss,
        reason = "an integer sent for a number is read as f64"
    )]
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(Ok(v as f64))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(number_from_str(v)
            .inspect(|&n| {
                crate::engine::notes::coerced(
                    crate::report::Rule::NumericString,
                    || Some(Input::from_text(v)),
                    || Some(Input::from_f64(n)),
                );
            })
            .map_err(|failure| number_issue(failure, Input::from_text(v))))
    }

    refuse_shapes!(
        |_, got, input| Ok(Err(invalid_type(EXPECTED, got, HINT).with_input_if(input)));
        booleans unit none some bytes array object
    );
}

fn bounded<R: NumberBounds>(read: Result<f64, Issue>) -> Outcome<f64> {
    read.and_then(|v| check_number(v, R::MIN, R::MAX))
        .map_err(IssueBuf::one)
}

/// Adapter for a finite `f64` from lax shapes, within the inclusive bounds of `R`, on an
/// `f64` field or an `Option<f64>` one (absent, `null`, `""` and `"null"` give `None`).
/// [`Number`] is the wrapper type.
///
/// | sent | [`NumberLike`] | `NumberLike<UnitInterval>` (`0.0..=1.0`) |
/// |---|---|---|
/// | `0.5`, `"0.5"`, `" 0.5 "`, `"5e-1"` | `0.5` | `0.5` |
/// | `1`, `"1e3"` | `1.0`, `1000.0` | `1.0`, `too_big` |
/// | `"abc"`, `"0x10"` / `"NaN"`, `"1e400"` / `true`, `null` | `float_parsing` / `not_finite` / `invalid_type` | same |
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, NumberLike};
/// use serde_with::serde_as;
///
/// mcp_coerce::number_range!(UnitInterval = 0.0..=1.0);
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "NumberLike<UnitInterval>")]
///     threshold: f64,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"threshold": "0.5"}"#)?.threshold, 0.5);
/// let refused = mcp_coerce::from_str::<Args>(r#"{"threshold": 1.5}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooBig);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `float_parsing`, `not_finite`, `invalid_type`, `too_small`, `too_big`.
#[derive(Clone, Copy, Debug, Default)]
pub struct NumberLike<R = AnyFinite>(PhantomData<R>);

impl<'de, R: NumberBounds> DeserializeAs<'de, f64> for NumberLike<R> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(MapVisitor {
                inner: NumberScalar,
                map: bounded::<R>,
            }),
        )
    }
}

impl<'de, R: NumberBounds> DeserializeAs<'de, Option<f64>> for NumberLike<R> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<f64>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional::non_string(MapVisitor {
                inner: NumberScalar,
                map: bounded::<R>,
            })),
        )
    }
}

impl<R> SerializeAs<f64> for NumberLike<R> {
    fn serialize_as<S: Serializer>(source: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(*source)
    }
}

impl<R> SerializeAs<Option<f64>> for NumberLike<R> {
    fn serialize_as<S: Serializer>(source: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// A finite `f64` read by [`NumberLike<R>`](NumberLike), as a value; `Number` alone is any
/// finite `f64`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Number};
///
/// mcp_coerce::number_range!(Price = 0.0..=1000.0);
/// let price: Number<Price> = serde_json::from_str(r#""2.99""#)?;
/// assert_eq!(price.into_inner(), 2.99);
/// assert_eq!(Number::<Price>::new(1e4).unwrap_err().issues()[0].code(), Code::TooBig);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, PartialOrd)]
pub struct Number<R = AnyFinite>(f64, PhantomData<R>);

impl<R: NumberBounds> Number<R> {
    /// `value`, checked as [`NumberLike<R>`](NumberLike) checks a number.
    ///
    /// # Errors
    ///
    /// `not_finite`, `too_small`, `too_big`, in a [`Rejection`].
    pub fn new(value: f64) -> Result<Self, Rejection> {
        check_number(value, R::MIN, R::MAX)
            .map(|v| Number(v, PhantomData))
            .map_err(|issue| Rejection::new([issue.with_input(Input::from_f64(value))]))
    }
}

wrapper_value!(impl [R] Number<R> => f64, 0);

impl<R: NumberBounds> TryFrom<f64> for Number<R> {
    type Error = Rejection;
    fn try_from(value: f64) -> Result<Self, Rejection> {
        Number::new(value)
    }
}

impl<R> fmt::Debug for Number<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<'de, R: NumberBounds> Deserialize<'de> for Number<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <NumberLike<R> as DeserializeAs<'de, f64>>::deserialize_as(deserializer)
            .map(|v| Number(v, PhantomData))
    }
}

impl<R> Serialize for Number<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0)
    }
}

json_schema_as!(
    impl [R: NumberBounds] NumberLike<R> => [f64, Option<f64>],
    name = format!("Number_{}_{}", R::MIN, R::MAX),
    schema = schema_of::<R>(),
);

json_schema_for!(
    impl [R: NumberBounds] Number<R>,
    name = format!("Number_{}_{}", R::MIN, R::MAX),
    schema = schema_of::<R>(),
);

/// `{"type": "number"}` with the bounds of `R` (none for the whole finite range).
#[cfg(feature = "schemars")]
fn schema_of<R: NumberBounds>() -> schemars::Schema {
    let mut s = serde_json::Map::new();
    s.insert("type".into(), "number".into());
    if R::MIN > f64::MIN {
        s.insert("minimum".into(), R::MIN.into());
    }
    if R::MAX < f64::MAX {
        s.insert("maximum".into(), R::MAX.into());
    }
    crate::schema::schema(s.into())
}
