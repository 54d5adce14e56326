//! Integers: decimal text, integral floats, the range a type or a schema allows.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

pub(crate) use crate::adapters::int::integer::IntFailure as Failure;
use crate::issue::{Input, Issue};

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
