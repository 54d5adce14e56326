//! Numbers: decimal or exponent text, finite.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

pub(crate) use crate::adapters::number::{NumberFailure as Failure, number_from_str as from_str};
use crate::issue::{Input, Issue};

/// The issue of text that is not a finite number.
#[cold]
pub(crate) fn issue(failure: Failure, input: Input) -> Issue {
    crate::adapters::number::number_issue(failure, input)
}
