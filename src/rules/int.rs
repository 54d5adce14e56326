//! Integers: decimal text, integral floats, the range a type or a schema allows.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

use std::sync::OnceLock;

pub(crate) use crate::adapters::int::integer::IntFailure as Failure;
use crate::issue::{Code, Input, Issue};

/// An integer from decimal text (trimmed here), as wide as any JSON integer.
pub(crate) fn from_str(text: &str) -> Result<i128, Failure> {
    crate::adapters::int::integer::int_from_str::<i128>(text)
}

/// An integer from a float: integral, and below 2^53 in magnitude.
pub(crate) fn from_f64(f: f64) -> Result<i128, Failure> {
    crate::adapters::int::integer::int_from_f64::<i128>(f)
}

/// The issue of `failure`, for an integer of the range `min..=max`.
#[cold]
pub(crate) fn issue(failure: Failure, input: Input, min: i128, max: u128) -> Issue {
    crate::adapters::int::integer::int_issue_in(failure, input, min, max)
}

/// 2^53: from here on, not every integer is an `f64`.
pub(crate) const EXACT_F64_LIMIT: f64 = 9_007_199_254_740_992.0;

/// 2^53 − 1: the largest integer JavaScript reads exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: i128 = (1 << 53) - 1;

/// What an `int_overflow` hint adds when the range reaches past ±(2^53 − 1).
pub(crate) const SAFE_INTEGER_HINT: &str = "send integers past 9007199254740991 as strings";

/// "send an integer from `min` to `max`", with [`SAFE_INTEGER_HINT`] past ±(2^53 − 1).
pub(crate) fn range_hint(min: i128, max: u128, range: &str) -> String {
    if min < -MAX_SAFE_INTEGER || max > MAX_SAFE_INTEGER.unsigned_abs() {
        format!("send an integer {range}; {SAFE_INTEGER_HINT}")
    } else {
        format!("send an integer {range}")
    }
}

/// Whether serde_json parses decimal floats exactly (feature `float_roundtrip`).
pub(crate) fn floats_parse_exactly() -> bool {
    static EXACT: OnceLock<bool> = OnceLock::new();
    *EXACT.get_or_init(|| {
        serde_json::from_str::<f64>("9007199254740991.0")
            .is_ok_and(|f| f.to_bits() == 9_007_199_254_740_991_f64.to_bits())
    })
}

/// The issue for a float where a plain integer type was asked for.
#[cold]
pub(crate) fn int_issue_for_float(f: f64, input: Input, min: i128, max: u128) -> Issue {
    let issue = if !f.is_finite() || f.fract() != 0.0 {
        Issue::new(
            Code::IntFromFloat,
            "expected an integer, got a number with a fractional part",
        )
        .with_hint(format!("send a whole number from {min} to {max}"))
    } else if f.abs() >= EXACT_F64_LIMIT {
        Issue::new(
            Code::IntOverflow,
            "integer too large to be exact as a JSON number",
        )
        .with_hint("send large integers as strings, e.g. \"9007199254740993\"")
    } else {
        Issue::new(
            Code::InvalidType,
            "expected an integer, got a number with a decimal point",
        )
        .with_hint("send the number without a decimal point, e.g. 5")
    };
    issue.with_input(input)
}
