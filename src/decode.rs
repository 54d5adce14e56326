//! JSON text inside a string (`"[1,2]"`, or encoded once more: `"\"[1,2]\""`), read for
//! what it holds ([`held`]) by every adapter and the entry points alike; at most
//! [`MAX_LAYERS`] layers are peeled (docs/contract.md, Limits).

use std::borrow::Cow;

use crate::issue::{Code, Input, Issue, Segment};

/// Layers of string encoding read at most: the string that arrived, and one inside it.
pub(crate) const MAX_LAYERS: u8 = 2;

/// What a string holds.
pub(crate) enum Held<'t> {
    /// JSON text of the shape asked for.
    Json(&'t str),
    /// A JSON string literal: the next layer's text, or why it is not a valid literal.
    Layer(Result<Cow<'t, str>, serde_json::Error>),
    /// Anything else, trimmed.
    Plain(&'t str),
}

/// What `text` holds, for a shape whose JSON text starts with `open` (`b'['`, `b'{'`).
#[inline]
pub(crate) fn held(text: &str, open: u8) -> Held<'_> {
    let t = text.trim();
    match t.as_bytes().first() {
        Some(&b) if b == open => Held::Json(t),
        Some(b'"') => Held::Layer(literal(t)),
        _ => Held::Plain(t),
    }
}

/// The text the JSON string literal `text` (trimmed) holds, if it is one.
pub(crate) fn literal_text(text: &str) -> Option<String> {
    literal(text.trim()).ok().map(Cow::into_owned)
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

pub(crate) const ARGUMENTS: Shape = Shape {
    noun: "the arguments object",
    too_encoded_hint: "send the arguments as a JSON object, not a string",
    invalid_json_hint: "send the arguments as a JSON object, not a string",
};

pub(crate) const SAFE_OBJECT: Shape = Shape {
    noun: "an object",
    too_encoded_hint: "send a native JSON object, e.g. {\"key\": \"value\"}, not a string",
    invalid_json_hint: "send a JSON object, e.g. {\"key\": \"value\"}",
};

/// A string encoded more than [`MAX_LAYERS`] times; `arrived` is the string as sent.
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

/// JSON text that does not parse (`text` the innermost string, `arrived` as sent), offset in
/// `text`.
#[cold]
pub(crate) fn invalid_json(
    shape: &Shape,
    e: &serde_json::Error,
    text: &str,
    arrived: &str,
) -> Issue {
    let lead = text.len() - text.trim_start().len();
    let (what, offset) = json_error(e, &text[lead..]);
    Issue::new(Code::InvalidJson, format!("invalid JSON text: {what}"))
        .with_input(Input::from_text(arrived))
        .with_hint(shape.invalid_json_hint)
        .with_context("offset", chars_before(text, lead) + offset)
}

/// serde_json's error `e` without line and column, and its char offset in `text`.
pub(crate) fn json_error(e: &serde_json::Error, text: &str) -> (String, usize) {
    let full = e.to_string();
    let what = match full.rfind(" at line ") {
        Some(cut) => full[..cut].to_owned(),
        None => full,
    };
    // serde_json counts lines from 1 and columns from 1 in bytes since the line's start (0
    // at the line's start before any byte is read).
    let line_start: usize = text
        .split_inclusive('\n')
        .take(e.line().saturating_sub(1))
        .map(str::len)
        .sum();
    // An unexpected char is the last byte read; the end of the text is past it.
    let column = match e.classify() {
        serde_json::error::Category::Eof => e.column(),
        _ => e.column().saturating_sub(1),
    };
    let byte = (line_start + column).min(text.len());
    (what, chars_before(text, byte))
}

/// Where `inner` (a slice of `outer`) starts, in chars from the start of `outer`.
pub(crate) fn offset_in(outer: &str, inner: &str) -> Option<usize> {
    Cursor::new(outer).at(inner)
}

/// Char offsets of slices of one string, asked in increasing order: one pass in all.
pub(crate) struct Cursor<'s> {
    text: &'s str,
    byte: usize,
    chars: usize,
}

impl<'s> Cursor<'s> {
    pub(crate) fn new(text: &'s str) -> Self {
        Cursor {
            text,
            byte: 0,
            chars: 0,
        }
    }

    /// Where `slice` (a slice of the text, after the ones asked before) starts, in chars.
    pub(crate) fn at(&mut self, slice: &str) -> Option<usize> {
        let start = (slice.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        let between = self.text.get(self.byte..start)?;
        self.chars += between.chars().count();
        self.byte = start;
        Some(self.chars)
    }
}

/// The char offsets at which the elements of the JSON array text `t` start.
pub(crate) fn element_starts(t: &str) -> Vec<usize> {
    let bytes = t.as_bytes();
    let mut starts = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut expect) = (0usize, false, false, false);
    let mut chars = 0;
    for &b in bytes {
        // A char starts at every byte that is not a UTF-8 continuation byte.
        let at = chars;
        if b & 0xC0 != 0x80 {
            chars += 1;
        }
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if expect && !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b']') {
            starts.push(at);
            expect = false;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth == 1 {
                    expect = true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => expect = true,
            _ => {}
        }
    }
    starts
}

/// Give issues about elements of the JSON array text `t` (in `s`) their char offset in `s`.
#[cold]
pub(crate) fn locate_json_elements<'i>(
    issues: impl Iterator<Item = &'i mut Issue>,
    s: &str,
    t: &str,
) {
    let starts = element_starts(t);
    let base = offset_in(s, t).unwrap_or(0);
    locate_elements(issues, |i| starts.get(i).map(|&c| base + c));
}

/// Give every issue about an element (path `/i`) its char offset `at(i)` as `context.offset`.
fn locate_elements<'i>(
    issues: impl Iterator<Item = &'i mut Issue>,
    at: impl Fn(usize) -> Option<usize>,
) {
    for issue in issues {
        if let [Segment::Index(i)] = issue.path().segments()
            && let Some(offset) = at(*i)
        {
            issue.set_context("offset", offset);
        }
    }
}

/// The chars of `text` before byte `byte` (moved back to a char boundary).
fn chars_before(text: &str, byte: usize) -> usize {
    let mut b = byte.min(text.len());
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    text[..b].chars().count()
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
