//! Item counts: `minItems` and `maxItems`.

use crate::issue::{Code, Issue};
use crate::words::count;

/// `n` items against `min..=max`: `too_long` past `max`, `too_short` under `min`.
pub(crate) fn check(n: usize, min: usize, max: usize) -> Result<(), Issue> {
    if n > max {
        Err(too_long(n, max))
    } else if n < min {
        Err(too_short(n, min))
    } else {
        Ok(())
    }
}

/// `too_long`: `n` items, more than `max`.
#[cold]
pub(crate) fn too_long(n: usize, max: usize) -> Issue {
    Issue::new(
        Code::TooLong,
        format!("expected at most {}, got {n}", count(max, "item")),
    )
    .with_hint(format!("send at most {}", count(max, "item")))
    .with_context("maxItems", max)
}

/// `too_short`: `n` items, fewer than `min`.
#[cold]
pub(crate) fn too_short(n: usize, min: usize) -> Issue {
    Issue::new(
        Code::TooShort,
        format!("expected at least {}, got {n}", count(min, "item")),
    )
    .with_hint(format!("send at least {}", count(min, "item")))
    .with_context("minItems", min)
}
