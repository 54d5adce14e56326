//! Numbers: decimal or exponent text, finite, within bounds.

use crate::issue::{Code, Input, Issue};

/// Why text is not a finite number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    Parsing,
    NotFinite,
}

/// A finite number from decimal or exponent text; NaN, infinity and overflow are `NotFinite`.
pub(crate) fn from_str(text: &str) -> Result<f64, Failure> {
    match text.trim().parse::<f64>() {
        Ok(f) if f.is_finite() => Ok(f),
        Ok(_) => Err(Failure::NotFinite),
        Err(_) => Err(Failure::Parsing),
    }
}

/// The one number check: finite and in `min..=max` (`input` left to the caller).
pub(crate) fn check(value: f64, min: f64, max: f64) -> Result<f64, Issue> {
    if !value.is_finite() {
        return Err(not_finite(Input::from_f64(value)));
    }
    if value < min {
        return Err(
            Issue::new(Code::TooSmall, format!("must be at least {min}"))
                .with_hint(format!("send a number from {min} to {max}"))
                .with_context("minimum", Input::from_f64(min)),
        );
    }
    if value > max {
        return Err(Issue::new(Code::TooBig, format!("must be at most {max}"))
            .with_hint(format!("send a number from {min} to {max}"))
            .with_context("maximum", Input::from_f64(max)));
    }
    Ok(value)
}

/// The issue of text that is not a finite number (`input` as it arrived).
#[cold]
pub(crate) fn issue(failure: Failure, input: Input) -> Issue {
    match failure {
        Failure::NotFinite => not_finite(input),
        Failure::Parsing => Issue::new(Code::FloatParsing, "expected a number")
            .with_input(input)
            .with_hint("send a number in decimal or exponent notation, e.g. 0.5 or 1e3"),
    }
}

#[cold]
pub(crate) fn not_finite(input: Input) -> Issue {
    Issue::new(Code::NotFinite, "expected a finite number")
        .with_input(input)
        .with_hint("send a finite number, e.g. 0.5")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_table() {
        let cases: &[(&str, Result<f64, Failure>)] = &[
            ("0.5", Ok(0.5)),
            (" 0.5 ", Ok(0.5)),
            ("1e3", Ok(1000.0)),
            ("-2", Ok(-2.0)),
            ("+2.5", Ok(2.5)),
            ("abc", Err(Failure::Parsing)),
            ("0x10", Err(Failure::Parsing)),
            ("1_0", Err(Failure::Parsing)),
            ("", Err(Failure::Parsing)),
            ("NaN", Err(Failure::NotFinite)),
            ("inf", Err(Failure::NotFinite)),
            ("-Infinity", Err(Failure::NotFinite)),
            ("1e400", Err(Failure::NotFinite)),
        ];
        for (text, want) in cases {
            assert_eq!(from_str(text), *want, "{text:?}");
        }
    }
}
