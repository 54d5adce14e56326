//! Arrays sent as a string: JSON text (at most two layers), comma pieces, or one lone
//! element, by what the array's elements are. The integer, string and generic array
//! adapters and the schema engine read such a string by these rules.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

use std::borrow::Cow;

use crate::decode::{self, Held};
use crate::issue::{Code, Input, Issue};

/// What an array's elements are, for reading it from a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Integers, numbers or booleans: JSON text only when it opens with `[`, else comma pieces.
    Scalars,
    /// Strings: JSON text where shaped like it, else comma pieces (quoted pieces refused).
    Strings,
    /// Anything else: JSON text only when it opens with `[`, else the one element.
    Any,
}

/// What a string sent for an array holds.
pub(crate) enum Text<'t> {
    /// `""` or only whitespace: no items.
    Empty,
    /// JSON text of an array; `only`: refused (`invalid_json`) when it does not parse.
    Json { text: &'t str, only: bool },
    /// A JSON string literal: the text of the next layer, or why it is not a valid literal.
    Layer(Result<Cow<'t, str>, serde_json::Error>),
    /// Plain text (trimmed): comma pieces, or the one element.
    Plain(&'t str),
}

/// What the string `s` holds, for an array of `kind` elements.
pub(crate) fn text(s: &str, kind: Kind) -> Text<'_> {
    match (decode::held(s, b'['), kind) {
        (Held::Plain(""), _) => Text::Empty,
        (Held::Json(t), Kind::Scalars | Kind::Any) => Text::Json {
            text: t,
            only: true,
        },
        (Held::Json(t), Kind::Strings) if json_shaped(t) => Text::Json {
            text: t,
            only: t.contains(['"', '\'']),
        },
        (Held::Layer(Err(_)), Kind::Strings) => Text::Plain(s.trim()),
        (Held::Layer(layer), _) => Text::Layer(layer),
        (Held::Json(t) | Held::Plain(t), _) => Text::Plain(t),
    }
}

/// Whether text opening with `[` reads as a JSON array of strings (`["`, `['`, bracketed).
pub(crate) fn json_shaped(t: &str) -> bool {
    t.ends_with(']') || t.starts_with("[\"") || t.starts_with("['")
}

/// The words of a string array's refusals of JSON text.
pub(crate) const STRINGS: decode::Shape = decode::Shape {
    noun: "an array",
    too_encoded_hint: decode::ARRAY.too_encoded_hint,
    invalid_json_hint: "send a JSON array of double-quoted strings, e.g. [\"a\", \"b\"]",
};

/// The pieces of a comma string, trimmed, empty ones dropped.
pub(crate) fn pieces(t: &str) -> impl Iterator<Item = &str> {
    t.split(',').map(str::trim).filter(|p| !p.is_empty())
}

/// Whether a trimmed piece has a leading zero (`^[+-]?0[0-9]`; not `"0"`, `"0.0"`).
pub(crate) fn leading_zero(piece: &str) -> bool {
    let digits = piece.strip_prefix(['+', '-']).unwrap_or(piece).as_bytes();
    digits.len() > 1 && digits[0] == b'0' && digits[1].is_ascii_digit()
}

/// The hint of a list with leading zeros that is no thousands-separated number (zip codes).
const LEADING_ZERO_LIST_HINT: &str =
    "leading zeros are ambiguous in a list: send the ids as a JSON array of numbers";

/// Whether the comma pieces spell one number with thousands separators (`"12,050,300"`).
fn thousands_shape(text: &str) -> bool {
    let mut pieces = pieces(text);
    let Some(first) = pieces.next() else {
        return false;
    };
    let first = first.strip_prefix(['+', '-']).unwrap_or(first).as_bytes();
    let lead_ok =
        (1..=3).contains(&first.len()) && first[0] != b'0' && first.iter().all(u8::is_ascii_digit);
    let mut later = 0;
    let rest_ok = pieces.all(|p| {
        later += 1;
        p.len() == 3 && p.bytes().all(|b| b.is_ascii_digit())
    });
    lead_ok && rest_ok && later > 0
}

/// The issue of a piece with a leading zero: naming the number when [`thousands_shape`].
#[cold]
#[inline(never)]
pub(crate) fn thousands_issue(piece: &str, text: &str) -> Box<Issue> {
    let hint = if thousands_shape(text) {
        let joined: String = pieces(text).collect();
        format!(
            "{} looks like one number written with thousands separators: send {} as a \
             number, or the ids as a JSON array",
            quoted(text),
            crate::words::truncate(&joined)
        )
    } else {
        LEADING_ZERO_LIST_HINT.to_owned()
    };
    Box::new(
        Issue::new(
            Code::IntParsing,
            "expected an integer without a leading zero",
        )
        .with_input(Input::from_text(piece))
        .with_hint(hint),
    )
}

/// `text` in double quotes, cut to the echo limit.
fn quoted(text: &str) -> String {
    format!("\"{}\"", crate::words::truncate(text))
}

/// The hint for integers with another separator (`"1 2 3"`, `"1;2"`): fix the separator.
pub(crate) const OTHER_SEPARATOR_HINT: &str =
    "separate the integers with commas, e.g. \"1,2,3\", or send a JSON array, e.g. [1, 2, 3]";

/// Whether a refused piece is integers joined by whitespace, `;` or `|` (hinted, not guessed).
pub(crate) fn other_separator(piece: &str) -> bool {
    let mut count = 0;
    for part in piece
        .split(|c: char| c.is_whitespace() || c == ';' || c == '|')
        .filter(|p| !p.is_empty())
    {
        let digits = part.strip_prefix(['-', '+']).unwrap_or(part);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        count += 1;
    }
    count >= 2
}

/// Whether every comma piece of `t` is in one pair of matching quotes (`'a','b'`); a quote
/// inside a piece (`O'Brien`) keeps it text.
pub(crate) fn quoted_pieces(t: &str) -> bool {
    let mut any = false;
    for piece in pieces(t) {
        let Some(quote) = piece.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
            return false;
        };
        // An opening and a closing quote (one byte each), and none between them.
        let wrapped = piece.len() >= 2
            && piece.ends_with(quote)
            && !piece[1..piece.len() - 1].contains(quote);
        if !wrapped {
            return false;
        }
        any = true;
    }
    any
}

/// The `invalid_json` issue of [`quoted_pieces`] in `s`, saying where JSON stops.
#[cold]
pub(crate) fn quoted_pieces_issue(s: &str, arrived: &str) -> Issue {
    // Never one JSON value (single quotes, or two or more pieces; one double-quoted piece
    // is a layer of string encoding, read before): the parser's error is always there.
    let e = serde_json::from_str::<serde::de::IgnoredAny>(s.trim())
        .err()
        .unwrap_or_else(|| serde::de::Error::custom("expected an array"));
    decode::invalid_json(&STRINGS, &e, s, arrived)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_by_kind() {
        assert!(matches!(text("", Kind::Scalars), Text::Empty));
        assert!(matches!(
            text(" [1", Kind::Scalars),
            Text::Json {
                text: "[1",
                only: true
            }
        ));
        assert!(matches!(
            text("[abc]", Kind::Strings),
            Text::Json {
                text: "[abc]",
                only: false
            }
        ));
        assert!(matches!(
            text("[draft] notes", Kind::Strings),
            Text::Plain("[draft] notes")
        ));
        assert!(matches!(
            text("[\"a\"] x", Kind::Strings),
            Text::Json { only: true, .. }
        ));
        assert!(matches!(text("\"[1]\"", Kind::Any), Text::Layer(Ok(_))));
        assert!(matches!(text("\"abc", Kind::Strings), Text::Plain("\"abc")));
        assert!(matches!(text("1, 2", Kind::Scalars), Text::Plain("1, 2")));
    }

    #[test]
    fn piece_rules() {
        assert_eq!(pieces(" 1 ,, 2 ,").collect::<Vec<_>>(), ["1", "2"]);
        assert!(
            leading_zero("007")
                && leading_zero("-01")
                && !leading_zero("0")
                && !leading_zero("0.5")
        );
        assert!(
            thousands_shape("1,000")
                && thousands_shape("12,050,300")
                && !thousands_shape("03106,02134")
        );
        assert!(
            other_separator("1 2")
                && other_separator("1;2")
                && !other_separator("1")
                && !other_separator("a b")
        );
        assert!(
            quoted_pieces("'a','b'") && quoted_pieces("\"a\", \"b\"") && !quoted_pieces("O'Brien")
        );
    }
}
