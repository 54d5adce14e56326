//! JSON text inside a string: what arrays, objects and whole arguments sent as strings
//! hold, for every adapter and the entry points alike.
//!
//! Clients send an array or object as JSON text (`"[1,2]"`), and sometimes that text
//! encoded once more as a JSON string (`"\"[1,2]\""`). A string is read for what it holds
//! ([`held`]): JSON text of the shape asked for, another layer of string encoding, or plain
//! text (which each adapter reads its own way: comma pieces, a lone value, a refusal). At
//! most [`MAX_LAYERS`] layers are peeled; a third is [`too_encoded`].

use std::borrow::Cow;

use crate::issue::{Code, Input, Issue};

/// Layers of string encoding read at most: the string that arrived, and one more inside
/// it.
pub(crate) const MAX_LAYERS: u8 = 2;

/// What a string holds.
pub(crate) enum Held<'t> {
    /// JSON text of the shape asked for (the trimmed string starts with its opening
    /// bracket).
    Json(&'t str),
    /// A JSON string literal: the text of the next layer (borrowed when it has no
    /// escapes), or why it is not a valid literal.
    Layer(Result<Cow<'t, str>, serde_json::Error>),
    /// Anything else, trimmed.
    Plain(&'t str),
}

/// What `text` holds, for a shape whose JSON text starts with `open` (`b'['`, `b'{'`).
/// Trimming is Unicode White_Space, as `str::trim`.
#[inline]
pub(crate) fn held(text: &str, open: u8) -> Held<'_> {
    let t = text.trim();
    match t.as_bytes().first() {
        Some(&b) if b == open => Held::Json(t),
        Some(b'"') => Held::Layer(literal(t)),
        _ => Held::Plain(t),
    }
}

/// The text a JSON string literal holds: borrowed when it has no escapes.
fn literal(t: &str) -> Result<Cow<'_, str>, serde_json::Error> {
    match serde_json::from_str::<&str>(t) {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(_) => serde_json::from_str::<String>(t).map(Cow::Owned),
    }
}

/// The words of a shape's refusals.
pub(crate) struct Shape {
    /// The noun: "an array".
    pub(crate) noun: &'static str,
    /// What to send instead of a string encoded more than twice.
    pub(crate) too_encoded_hint: &'static str,
    /// What to send instead of JSON text that does not parse.
    pub(crate) invalid_json_hint: &'static str,
}

pub(crate) const ARRAY: Shape = Shape {
    noun: "an array",
    too_encoded_hint: "send a native JSON array, e.g. [1, 2, 3], not a string",
    invalid_json_hint: "send a native JSON array, e.g. [1, 2, 3]",
};

pub(crate) const OBJECT: Shape = Shape {
    noun: "an object",
    too_encoded_hint: "send a JSON object, e.g. {\"key\": \"value\"}",
    invalid_json_hint: "send a JSON object, e.g. {\"key\": \"value\"}",
};

pub(crate) const SAFE_OBJECT: Shape = Shape {
    noun: "an object",
    too_encoded_hint: "send a native JSON object, e.g. {\"key\": \"value\"}, not a string",
    invalid_json_hint: "send a JSON object, e.g. {\"key\": \"value\"}",
};

/// A string encoded more than [`MAX_LAYERS`] times, for `shape`; `arrived` is the string
/// as it was sent.
#[cold]
pub(crate) fn too_encoded(shape: &Shape, arrived: &str) -> Issue {
    Issue::new(
        Code::InvalidType,
        format!(
            "expected {}, got a string encoded more than twice",
            shape.noun
        ),
    )
    .with_input(Input::from_text(arrived))
    .with_hint(shape.too_encoded_hint)
}

/// JSON text that does not parse, for `shape`; `arrived` is the string as it was sent.
#[cold]
pub(crate) fn invalid_json(shape: &Shape, e: &serde_json::Error, arrived: &str) -> Issue {
    Issue::new(Code::InvalidJson, format!("invalid JSON text: {e}"))
        .with_input(Input::from_text(arrived))
        .with_hint(shape.invalid_json_hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_string_holds() {
        assert!(matches!(held(" [1] ", b'['), Held::Json("[1]")));
        assert!(matches!(held("{}", b'['), Held::Plain("{}")));
        assert!(matches!(held("{}", b'{'), Held::Json("{}")));
        assert!(matches!(held("", b'['), Held::Plain("")));
        assert!(matches!(held("1,2", b'['), Held::Plain("1,2")));
        match held(r#""[1,2]""#, b'[') {
            Held::Layer(Ok(Cow::Borrowed("[1,2]"))) => {}
            _ => panic!("a literal without escapes is borrowed"),
        }
        match held(r#""[\"a\"]""#, b'[') {
            Held::Layer(Ok(Cow::Owned(text))) => assert_eq!(text, r#"["a"]"#),
            _ => panic!("a literal with escapes is decoded"),
        }
        assert!(matches!(held(r#""abc"#, b'['), Held::Layer(Err(_))));
    }
}
