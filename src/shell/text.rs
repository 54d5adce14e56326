//! Shapes that read strings only (a bounded string, a pattern, an enum name, a URL).

use std::fmt;

use serde::de::{self, Visitor};

use super::{Outcome, invalid_type, refuse_shapes};
use crate::issue::Input;
use crate::issue::IssueBuf;

/// A shape that reads strings only (a bounded string, a pattern, an enum name, a URL):
/// any other kind of value is `invalid_type`, numbers included (never stringified).
pub(crate) trait TextShape {
    /// What the string becomes.
    type Output;
    /// The noun phrase completing "expected ___": `"a URL string"`.
    const EXPECTED: &'static str;
    /// What to send instead, with an example.
    const HINT: &'static str;

    /// The outcome for a string, as it arrived.
    fn text(self, text: &str) -> Outcome<Self::Output>;

    /// The outcome for a JSON number: `invalid_type` (numbers are never made into text),
    /// unless the shape reads some (a date-time policy's epoch time).
    fn number(self, input: Input) -> Outcome<Self::Output>
    where
        Self: Sized,
    {
        Err(IssueBuf::one(
            invalid_type(Self::EXPECTED, "a number", Self::HINT).with_input(input),
        ))
    }

    /// For serde's "expected ___" messages.
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::EXPECTED)
    }
}

/// The visitor of a [`TextShape`].
pub(crate) struct TextOnly<S>(pub(crate) S);

impl<S: TextShape> TextOnly<S> {
    #[cold]
    fn refuse(got: &str, input: Option<Input>) -> Outcome<S::Output> {
        let issue = invalid_type(S::EXPECTED, got, S::HINT);
        Err(IssueBuf::one(issue.with_input_if(input)))
    }
}

impl<'de, S: TextShape> Visitor<'de> for TextOnly<S> {
    type Value = Outcome<S::Output>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.0.text(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(self.0.number(Input::from_i128(v.into())))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(self.0.number(Input::from_u128(v.into())))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(self.0.number(Input::from_i128(v)))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(self.0.number(Input::from_u128(v)))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(self.0.number(Input::from_f64(v)))
    }

    refuse_shapes!(
        |_, got, input| Ok(Self::refuse(got, input));
        booleans unit none some newtype bytes array_echo object_echo
    );
}

pub(crate) use crate::words::trim;

/// Record `trim` when `trimmed` (a slice of `text`) is shorter: a value kept as text had
/// whitespace removed.
#[inline]
pub(crate) fn trimmed(text: &str, trimmed: &str) {
    if trimmed.len() != text.len() {
        crate::engine::notes::coerced(
            crate::report::Rule::Trim,
            || Some(crate::issue::Input::from_text(text)),
            || Some(crate::issue::Input::from_text(trimmed)),
        );
    }
}
