//! The [`Integer`] trait, and the integer rules as plain functions (decimal text, integral
//! floats, range checks) that every integer the crate reads goes through; the rules are
//! stated in the [`int`](super) module docs.

use crate::shell::refuse_shapes;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Visitor};

use crate::issue::{Code, Input, Issue};
use crate::report::Rule;
use crate::rules::int::{EXACT_F64_LIMIT, floats_parse_exactly, range_hint};
use crate::shell::{Element, invalid_type};

mod sealed {
    pub trait Sealed {}
}

/// The primitive integer types the adapters produce: `i8`..`i128`, `u8`..`u128`, `isize`
/// and `usize`.
///
/// Sealed: it exists so the adapters can be generic over the element type.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Integer;
///
/// fn widest<I: Integer>() -> (i128, u128) {
///     (I::MIN_I128, I::MAX_U128)
/// }
/// assert_eq!(widest::<u8>(), (0, 255));
/// ```
pub trait Integer:
    Copy
    + Ord
    + fmt::Debug
    + fmt::Display
    + Send
    + Sync
    + serde::Serialize
    + serde::de::DeserializeOwned
    + sealed::Sealed
    + 'static
{
    /// The type's name (`"i64"`), for messages.
    const NAME: &'static str;
    /// Zero.
    const ZERO: Self;
    /// The type's minimum, widened.
    const MIN_I128: i128;
    /// The type's maximum, widened.
    const MAX_U128: u128;
    /// The value, if `v` is in range.
    fn from_i128(v: i128) -> Option<Self>;
    /// The value, if `v` is in range.
    fn from_u128(v: u128) -> Option<Self>;
    /// The value widened to `i128`, if it fits (`u128` above `i128::MAX` does not).
    fn to_i128(self) -> Option<i128>;
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Integer for $t {
            const NAME: &'static str = stringify!($t);
            const ZERO: Self = 0;
            #[allow(clippy::unnecessary_cast, reason = "one macro for every width")]
            const MIN_I128: i128 = <$t>::MIN as i128;
            #[allow(clippy::unnecessary_cast, reason = "one macro for every width")]
            const MAX_U128: u128 = <$t>::MAX as u128;
            #[inline]
            fn from_i128(v: i128) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
            #[inline]
            fn from_u128(v: u128) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
            #[inline]
            fn to_i128(self) -> Option<i128> {
                i128::try_from(self).ok()
            }
        }
    )*};
}
integers!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

/// Why a value is not an integer of the target type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntFailure {
    /// Not decimal notation.
    Parsing,
    /// A fractional part (or a non-finite float).
    FromFloat,
    /// Outside the target type.
    Overflow,
    /// A float of magnitude 2^53 or more (2^52 where floats parse inexactly): its exact
    /// value may be lost.
    Inexact,
}

/// 2^52: below it, a float parsed one unit in the last place off is not an integer, so an
/// integral float is the integer that was sent, however the JSON reader rounds.
const ROUNDED_F64_LIMIT: f64 = 4_503_599_627_370_496.0;

/// An integer from decimal text (trimmed here).
pub(crate) fn int_from_str<I: Integer>(text: &str) -> Result<I, IntFailure> {
    let bytes = text.trim().as_bytes();
    let (negative, rest) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, bytes),
    };
    let (digits, fraction) = match rest.iter().position(|&b| b == b'.') {
        Some(dot) => (&rest[..dot], Some(&rest[dot + 1..])),
        None => (rest, None),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(IntFailure::Parsing);
    }
    if let Some(fraction) = fraction {
        if fraction.is_empty() || !fraction.iter().all(u8::is_ascii_digit) {
            return Err(IntFailure::Parsing);
        }
        if fraction.iter().any(|&b| b != b'0') {
            return Err(IntFailure::FromFloat);
        }
    }
    let magnitude = if digits.len() <= 19 {
        // At most 19 digits always fit in a u64: the common case, without u128 arithmetic.
        u128::from(
            digits
                .iter()
                .fold(0u64, |acc, &b| acc * 10 + u64::from(b - b'0')),
        )
    } else {
        digits
            .iter()
            .try_fold(0u128, |acc, &b| {
                acc.checked_mul(10)?.checked_add(u128::from(b - b'0'))
            })
            .ok_or(IntFailure::Overflow)?
    };
    if negative && magnitude != 0 {
        let value = if magnitude == i128::MIN.unsigned_abs() {
            i128::MIN
        } else {
            -i128::try_from(magnitude).map_err(|_| IntFailure::Overflow)?
        };
        I::from_i128(value).ok_or(IntFailure::Overflow)
    } else {
        I::from_u128(magnitude).ok_or(IntFailure::Overflow)
    }
}

/// An integer from a float: integral, and below 2^53 in magnitude; below 2^52 where
/// serde_json parses floats inexactly ([`floats_parse_exactly`]): from there on the float
/// may be a neighbour of the integer sent, refused rather than read.
pub(crate) fn int_from_f64<I: Integer>(f: f64) -> Result<I, IntFailure> {
    if !f.is_finite() || f.fract() != 0.0 {
        return Err(IntFailure::FromFloat);
    }
    if f.abs() >= EXACT_F64_LIMIT || (f.abs() >= ROUNDED_F64_LIMIT && !floats_parse_exactly()) {
        return Err(IntFailure::Inexact);
    }
    // Exact: integral and below 2^53 (below 2^52 unless floats parse exactly).
    #[allow(
        clippy::cast_possible_truncation,
        reason = "checked integral and in range above"
    )]
    I::from_i128(f as i128).ok_or(IntFailure::Overflow)
}

/// The issue for `failure` of an `I` read from `input`.
#[cold]
pub(crate) fn int_issue<I: Integer>(failure: IntFailure, input: Input) -> Issue {
    int_issue_in(failure, input, I::MIN_I128, I::MAX_U128)
}

/// The issue for `failure` of an integer of the range `min..=max` (a type's, or what a
/// JSON number holds exactly) read from `input`.
#[cold]
pub(crate) fn int_issue_in(failure: IntFailure, input: Input, min: i128, max: u128) -> Issue {
    let issue = match failure {
        IntFailure::Parsing => Issue::new(Code::IntParsing, "expected an integer")
            .with_hint("send a whole number in decimal notation, e.g. 42"),
        IntFailure::FromFloat => Issue::new(
            Code::IntFromFloat,
            "expected an integer, got a number with a fractional part",
        )
        .with_hint("send a whole number, e.g. 2"),
        IntFailure::Overflow => Issue::new(
            Code::IntOverflow,
            format!("integer out of range: must be from {min} to {max}"),
        )
        .with_hint(range_hint(min, max, &format!("from {min} to {max}")))
        .with_context("minimum", Input::from_i128(min))
        .with_context("maximum", Input::from_u128(max)),
        IntFailure::Inexact => Issue::new(
            Code::IntOverflow,
            "integer too large to be exact as a JSON number",
        )
        .with_hint("send large integers as strings, e.g. \"9007199254740993\""),
    };
    issue.with_input(input)
}

/// Reads one integer from any lax shape (native number, integral float, decimal string);
/// the outcome is the integer or the issue, never a serde error.
pub(crate) struct IntScalar<I>(pub(crate) PhantomData<I>);

/// An integer as a coercion's summary shows it.
pub(crate) fn int_input<I: Integer>(int: I) -> Input {
    int.to_i128()
        .map_or_else(|| Input::Text(int.to_string()), Input::from_i128)
}

/// Record that `text` was read as the integer `int`: `numeric_string`, then
/// `integral_float` when the text has a fraction (`"5.0"` is the number `5.0`, then `5`).
#[inline]
pub(crate) fn numeric_string<I: Integer>(text: &str, int: I) {
    if crate::engine::notes::active() {
        numeric_string_slow(text, int);
    }
}

#[cold]
#[inline(never)]
fn numeric_string_slow<I: Integer>(text: &str, int: I) {
    let number = crate::shell::trim(text);
    if number.contains('.') {
        // The number the text spells (`5.0`); past 2^53 an `f64` would round it, and the
        // integer it equals is shown instead (`9007199254740993`, not `9007199254740992.0`).
        let float = match number.parse::<f64>() {
            Ok(f) if f.abs() < EXACT_F64_LIMIT => Input::from_f64(f),
            _ => int_input(int),
        };
        crate::engine::notes::coerced(
            Rule::NumericString,
            || Some(Input::from_text(text)),
            || Some(float.clone()),
        );
        crate::engine::notes::coerced(Rule::IntegralFloat, || Some(float), || Some(int_input(int)));
    } else {
        crate::engine::notes::coerced(
            Rule::NumericString,
            || Some(Input::from_text(text)),
            || Some(int_input(int)),
        );
    }
}

/// Record that the comma piece `piece` was read as the integer `int`: nothing for being
/// text, `integral_float` when it has a fraction (`"1.0"`).
#[inline]
pub(crate) fn piece_read<I: Integer>(index: usize, piece: &str, int: I) {
    if crate::engine::notes::active() && piece.contains('.') {
        crate::engine::notes::at_index(index, || {
            crate::engine::notes::coerced(
                Rule::IntegralFloat,
                || Some(Input::from_text(piece)),
                || Some(int_input(int)),
            );
        });
    }
}

/// Record that the float `from` was read as the integer `int`: `integral_float`.
#[inline]
pub(crate) fn integral_float<I: Integer>(from: Input, int: I) {
    crate::engine::notes::coerced(Rule::IntegralFloat, || Some(from), || Some(int_input(int)));
}

impl<I> IntScalar<I> {
    pub(crate) fn new() -> Self {
        IntScalar(PhantomData)
    }
}

impl<I: Integer> IntScalar<I> {
    #[inline]
    fn from_i128(v: i128) -> Element<I> {
        I::from_i128(v)
            .ok_or_else(|| Box::new(int_issue::<I>(IntFailure::Overflow, Input::from_i128(v))))
    }

    #[inline]
    fn from_u128(v: u128) -> Element<I> {
        I::from_u128(v)
            .ok_or_else(|| Box::new(int_issue::<I>(IntFailure::Overflow, Input::from_u128(v))))
    }
}

const EXPECTING_INT: &str = "an integer";
const INT_HINT: &str = "send a whole number, e.g. 42";

impl<'de, I: Integer> Visitor<'de> for IntScalar<I> {
    type Value = Element<I>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer, or a string holding one")
    }

    #[inline]
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Self::from_i128(v.into()))
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Self::from_u128(v.into()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(Self::from_i128(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(Self::from_u128(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        match int_from_f64::<I>(v) {
            Ok(int) => {
                integral_float(Input::from_f64(v), int);
                Ok(Ok(int))
            }
            Err(f) => crate::shell::bad_element(|| int_issue::<I>(f, Input::from_f64(v))),
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        match int_from_str::<I>(v) {
            Ok(int) => {
                numeric_string(v, int);
                Ok(Ok(int))
            }
            Err(f) => crate::shell::bad_element(|| int_issue::<I>(f, Input::from_text(v))),
        }
    }

    refuse_shapes!(
        |_, got, input| crate::shell::bad_element(|| {
            invalid_type(EXPECTING_INT, got, INT_HINT).with_input_if(input)
        });
        booleans unit none some bytes array_echo object_echo
    );
}

impl<'de, I: Integer> de::DeserializeSeed<'de> for IntScalar<I> {
    type Value = Element<I>;

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_text_table() {
        let cases: &[(&str, Result<i64, IntFailure>)] = &[
            ("5", Ok(5)),
            (" 5 ", Ok(5)),
            ("+5", Ok(5)),
            ("-5", Ok(-5)),
            ("5.0", Ok(5)),
            ("5.000", Ok(5)),
            ("-0", Ok(0)),
            ("5.5", Err(IntFailure::FromFloat)),
            ("5.", Err(IntFailure::Parsing)),
            (".5", Err(IntFailure::Parsing)),
            ("1e3", Err(IntFailure::Parsing)),
            ("0x10", Err(IntFailure::Parsing)),
            ("1_000", Err(IntFailure::Parsing)),
            ("1 000", Err(IntFailure::Parsing)),
            ("١٢", Err(IntFailure::Parsing)),
            ("NaN", Err(IntFailure::Parsing)),
            ("", Err(IntFailure::Parsing)),
            ("-", Err(IntFailure::Parsing)),
            ("+-1", Err(IntFailure::Parsing)),
            ("9223372036854775807", Ok(i64::MAX)),
            ("-9223372036854775808", Ok(i64::MIN)),
            ("9223372036854775808", Err(IntFailure::Overflow)),
            ("99999999999999999999", Err(IntFailure::Overflow)),
            (
                "999999999999999999999999999999999999999999999",
                Err(IntFailure::Overflow),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(int_from_str::<i64>(text), *want, "{text:?}");
        }
    }

    #[test]
    fn widths_and_signs() {
        assert_eq!(int_from_str::<u32>("-1"), Err(IntFailure::Overflow));
        assert_eq!(int_from_str::<u32>("-0"), Ok(0));
        assert_eq!(int_from_str::<u8>("255"), Ok(255));
        assert_eq!(int_from_str::<u8>("256"), Err(IntFailure::Overflow));
        assert_eq!(
            int_from_str::<i128>("-170141183460469231731687303715884105728"),
            Ok(i128::MIN)
        );
        assert_eq!(
            int_from_str::<u128>("340282366920938463463374607431768211455"),
            Ok(u128::MAX)
        );
        assert_eq!(
            int_from_str::<u128>("340282366920938463463374607431768211456"),
            Err(IntFailure::Overflow)
        );
    }

    #[test]
    fn floats_table() {
        assert_eq!(int_from_f64::<i64>(3.0), Ok(3));
        assert_eq!(int_from_f64::<i64>(-0.0), Ok(0));
        assert_eq!(int_from_f64::<i64>(2.5), Err(IntFailure::FromFloat));
        assert_eq!(int_from_f64::<i64>(f64::NAN), Err(IntFailure::FromFloat));
        assert_eq!(int_from_f64::<i64>(1e20), Err(IntFailure::Inexact));
        assert_eq!(
            int_from_f64::<i64>(9_007_199_254_740_992.0),
            Err(IntFailure::Inexact)
        );
        // Between 2^52 and 2^53: read where serde_json parses floats exactly, else refused
        // (the float may be the sent integer's neighbour).
        let near = if floats_parse_exactly() {
            Ok(9_007_199_254_740_991)
        } else {
            Err(IntFailure::Inexact)
        };
        assert_eq!(int_from_f64::<i64>(9_007_199_254_740_991.0), near);
        assert_eq!(
            int_from_f64::<i64>(4_503_599_627_370_495.0),
            Ok(4_503_599_627_370_495)
        );
        assert_eq!(int_from_f64::<u8>(300.0), Err(IntFailure::Overflow));
        assert_eq!(int_from_f64::<u32>(-1.0), Err(IntFailure::Overflow));
    }
}
