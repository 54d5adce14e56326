//! Shapes that read strings only (a bounded string, a pattern, an enum name, a URL).

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use super::echo::{map_input, seq_input};
use super::{Outcome, invalid_type};
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
        Err(IssueBuf::one(match input {
            Some(input) => issue.with_input(input),
            None => issue,
        }))
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

    refuse_other_scalars!();

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        let input = seq_input(seq)?;
        Ok(Self::refuse("an array", Some(input)))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let input = map_input(map)?;
        Ok(Self::refuse("an object", Some(input)))
    }
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
