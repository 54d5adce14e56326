//! Strings: lengths in chars.

use crate::issue::{Code, Issue};
use crate::words;

/// The one length check: `min..=max` chars (`input` left to the caller, pre-trim).
pub(crate) fn check_length(value: &str, min: usize, max: usize) -> Result<(), Issue> {
    let hint = || length_hint(min, max);
    // Counting stops one past the maximum: a huge string costs no more than max + 1 chars.
    let count = value.chars().take(max.saturating_add(1)).count();
    if count < min {
        Err(Issue::new(
            Code::TooShort,
            format!(
                "expected at least {}, got {count}",
                words::count(min, "char")
            ),
        )
        .with_hint(hint())
        .with_context("minLength", min))
    } else if count > max {
        Err(Issue::new(
            Code::TooLong,
            format!("expected at most {}", words::count(max, "char")),
        )
        .with_hint(hint())
        .with_context("maxLength", max))
    } else {
        Ok(())
    }
}

/// What to send, in words, for the bounds that say something.
fn length_hint(min: usize, max: usize) -> String {
    match (min, max) {
        (0, usize::MAX) => "send a JSON string".to_owned(),
        (1, usize::MAX) => "send a non-empty string, e.g. \"text\"".to_owned(),
        (min, usize::MAX) => format!("send a string of at least {min} chars"),
        (0, max) => format!("send a string of at most {}", words::count(max, "char")),
        (min, max) => format!("send a string of {min} to {max} chars"),
    }
}
