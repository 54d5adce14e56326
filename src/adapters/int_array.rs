//! Integer arrays from every shape clients send: `[1,2,3]`, `"[1,2,3]"`, `"1,2,3"`, `7`.
//! Each element follows the integer rules of [`int`](crate::int); every bad element is
//! reported, at its index among the elements that remain after empty comma pieces are
//! skipped. The table is docs/contract.md's, "Integer arrays".

use crate::shell::refuse_shapes;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::decode::{self, ARRAY, Held};
use crate::engine::notes;
use crate::int::{
    IntFailure, IntScalar, Integer, int_from_f64, int_from_str, int_issue, integral_float,
    piece_read,
};
use crate::issue::IssueBuf;
use crate::issue::{Input, Issue};
use crate::policy::{self, ItemBounds};
use crate::report::{self, Rule};
use crate::rules::array_text::{
    OTHER_SEPARATOR_HINT, leading_zero, other_separator, pieces, thousands_issue,
};
use crate::shell::{
    Element, Items, MAX_PREALLOCATION, Optional, Outcome, PushTo, Settled, invalid_type,
};

/// Adapter for an array of integers of any primitive type `I`, with optional bounds `N` on
/// the number of items ([`Items`](crate::Items), published as `minItems` and `maxItems`);
/// into a `Vec<I>`, or an `Option<Vec<I>>` with the optional rules. [`IntArray`] is the
/// wrapper type; the module's functions serve `#[serde(with = "...")]`.
///
/// | input | result |
/// |---|---|
/// | `[1,2,3]`, `"[1,2,3]"`, `"1, 2, 3"`, `["1", 2, 3.0]` | `[1,2,3]` |
/// | `7`, `"7"` / `""`, `"[]"` | `[7]` / `[]` |
/// | `[1, 2.5]` / `"foo,bar"` / `"[1,2"` | `int_from_float` at `/1` / `int_parsing` at `/0` and `/1` / `invalid_json` |
/// | `"1,000"`, `"03106,02134"` | `int_parsing` (a leading zero in a list: thousands separators, or ambiguous) |
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntArrayLike, Items};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
///     ids: Vec<i64>,
/// }
/// for ids in [r#"[1,2,3]"#, r#""[1,2,3]""#, r#""1, 2, 3""#] {
///     let args: Args = mcp_coerce::from_str(&format!(r#"{{"ids": {ids}}}"#))?;
///     assert_eq!(args.ids, [1, 2, 3]);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `int_parsing`, `int_from_float`, `int_overflow`, `invalid_json`, `invalid_type` at the
/// elements; `too_short`/`too_long` at the array.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntArrayLike<N = policy::Items>(PhantomData<N>);

/// The shape visitor: any lax shape to the integers or all their issues.
struct IntShape<I> {
    min: usize,
    max: usize,
    /// How many layers of string encoding have been peeled to get here.
    layer: u8,
    _int: PhantomData<I>,
}

impl<I: Integer> IntShape<I> {
    fn new(min: usize, max: usize) -> Self {
        IntShape {
            min,
            max,
            layer: 0,
            _int: PhantomData,
        }
    }

    fn items(&self, hint: Option<usize>) -> Items<I> {
        Items::new(self.min, self.max, hint)
    }

    /// One value standing for a one-element array (`from` is how it arrived).
    fn lone(&self, from: impl FnOnce() -> Input, element: Element<I>) -> Outcome<Vec<I>> {
        notes::coerced(Rule::ScalarWrap, || Some(from()), || report::items(1));
        let mut items = self.items(Some(1));
        items.push(element);
        items.finish()
    }

    /// A string: JSON text, a string inside the string, or comma-separated pieces.
    /// `arrived` is the string as it arrived (before any layer was peeled), for messages.
    ///
    /// JSON text of plain integers and comma strings of plain integers (the shapes clients
    /// send) are read by one-pass byte scanners; anything they do not take (floats, strings
    /// inside the JSON, bad pieces, a count outside the bounds) is read again by the general
    /// path, which also builds the issues.
    fn text(&self, s: &str, arrived: &str) -> Outcome<Vec<I>> {
        match decode::held(s, b'[') {
            Held::Json(t) => match scan_json_ints(t.as_bytes(), self.min, self.max) {
                Some(ints) => {
                    notes::coerced(
                        Rule::JsonString,
                        || report::encoded(s),
                        || report::items(ints.len()),
                    );
                    Ok(ints)
                }
                None => self.json_text(s, t, arrived),
            },
            Held::Layer(_) if self.layer + 1 >= decode::MAX_LAYERS => {
                Err(IssueBuf::one(decode::too_encoded(&ARRAY, arrived)))
            }
            Held::Layer(Ok(text)) => notes::peeled(s, &text, || {
                IntShape::<I> {
                    layer: self.layer + 1,
                    ..IntShape::new(self.min, self.max)
                }
                .text(&text, arrived)
            }),
            Held::Layer(Err(e)) => Err(IssueBuf::one(decode::invalid_json(&ARRAY, &e, s, arrived))),
            Held::Plain("") => {
                notes::coerced(
                    Rule::CommaSplit,
                    || Some(Input::from_text(s)),
                    || report::items(0),
                );
                self.items(None).finish()
            }
            Held::Plain(t) => match scan_comma_ints(t.as_bytes(), self.min, self.max) {
                Some(ints) => {
                    notes::coerced(
                        Rule::CommaSplit,
                        || Some(Input::from_text(s)),
                        || report::items(ints.len()),
                    );
                    Ok(ints)
                }
                None => self.comma_text(s, t),
            },
        }
    }

    /// JSON array text (trimmed), read by serde_json with this visitor one layer down.
    #[cold]
    #[inline(never)]
    fn json_text(&self, s: &str, t: &str, arrived: &str) -> Outcome<Vec<I>> {
        let inner = IntShape::<I> {
            layer: self.layer + 1,
            ..IntShape::new(self.min, self.max)
        };
        let first = notes::mark();
        let mut reader = serde_json::Deserializer::from_str(t);
        let read = if notes::active() {
            reader.deserialize_seq(ReportedSeq(inner))
        } else {
            reader.deserialize_seq(inner)
        };
        match read.and_then(|outcome| reader.end().map(|()| outcome)) {
            Ok(mut outcome) => {
                if let Err(issues) = &mut outcome {
                    decode::locate_json_elements(issues.iter_mut(), s, t);
                }
                let n = outcome.as_ref().map_or(0, Vec::len);
                notes::coerced_first(
                    first,
                    Rule::JsonString,
                    || report::encoded(s),
                    || report::items(n),
                );
                outcome
            }
            Err(e) => Err(IssueBuf::one(decode::invalid_json(&ARRAY, &e, s, arrived))),
        }
    }

    /// Comma-separated pieces (trimmed text), each by the integer rules.
    #[cold]
    #[inline(never)]
    fn comma_text(&self, s: &str, t: &str) -> Outcome<Vec<I>> {
        let first = notes::mark();
        // In a quick first attempt (whose issues nobody reads) the first bad piece is
        // enough to refuse.
        let quick = crate::engine::quick();
        // A leading zero in a string of two or more pieces (`"1,000"`) is a number
        // written with thousands separators, not several integers.
        let several = pieces(t).nth(1).is_some();
        let mut items = self.items(None);
        let mut cursor = decode::Cursor::new(s);
        let mut count = 0;
        for (index, piece) in pieces(t).enumerate() {
            count += 1;
            if several && leading_zero(piece) {
                if quick {
                    return Err(IssueBuf::default());
                }
                items.refuse_with(|| at_piece(thousands_issue(piece, t), cursor.at(piece)));
                continue;
            }
            match int_from_str::<I>(piece) {
                Ok(int) => {
                    piece_read(index, piece, int);
                    items.push(Ok(int));
                }
                Err(_) if quick => return Err(IssueBuf::default()),
                Err(f) => {
                    items.refuse_with(|| at_piece(piece_issue::<I>(f, piece), cursor.at(piece)))
                }
            }
        }
        notes::coerced_first(
            first,
            Rule::CommaSplit,
            || Some(Input::from_text(s)),
            || report::items(count),
        );
        items.finish()
    }
}

/// `issue`, about a comma piece, with the piece's char offset.
#[cold]
fn at_piece(mut issue: Box<Issue>, offset: Option<usize>) -> Box<Issue> {
    if let Some(offset) = offset {
        issue.set_context("offset", offset);
    }
    issue
}

/// The issue of a refused comma piece; kept out of line, so that the separator hint adds
/// no code to the readers of the success path.
#[cold]
#[inline(never)]
fn piece_issue<I: Integer>(failure: IntFailure, piece: &str) -> Box<Issue> {
    let issue = int_issue::<I>(failure, Input::from_text(piece));
    Box::new(if other_separator(piece) {
        issue.with_hint(OTHER_SEPARATOR_HINT)
    } else {
        issue
    })
}

/// The decimal digits of `t` from `i`: their value (wrapping past 19 digits, which the
/// scanners refuse) and the position after them.
#[inline(always)]
fn digit_run(t: &[u8], mut i: usize) -> (u64, usize) {
    let mut magnitude: u64 = 0;
    while i < t.len() && t[i].is_ascii_digit() {
        magnitude = magnitude
            .wrapping_mul(10)
            .wrapping_add(u64::from(t[i] - b'0'));
        i += 1;
    }
    (magnitude, i)
}

/// Whitespace `str::trim` removes, in ASCII.
#[inline]
fn is_trimmed_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// Whitespace between JSON tokens.
#[inline]
fn is_json_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Room for `count` elements (a count taken from the input itself), capped.
fn with_capacity<T>(count: usize, max: usize) -> Vec<T> {
    Vec::with_capacity(count.min(MAX_PREALLOCATION).min(max))
}

/// The comma shape on its success path, in one pass: pieces of ASCII digits with an
/// optional sign and an all-zero fraction, ASCII whitespace around them, empty pieces
/// skipped, between `min` and `max` of them, each in range for `I`. `None` for anything
/// else, a piece with a leading zero (`"1,000"`) included: the general path reads it
/// again and says what is wrong.
#[inline(never)]
fn scan_comma_ints<I: Integer>(t: &[u8], min: usize, max: usize) -> Option<Vec<I>> {
    let pieces = t.iter().filter(|&&b| b == b',').count() + 1;
    let mut out = with_capacity(pieces, max);
    let n = t.len();
    let mut i = 0;
    while i < n {
        let b = t[i];
        let negative = if b.wrapping_sub(b'1') < 9 {
            // The piece clients send: a digit from 1 to 9 right at its start.
            false
        } else if is_trimmed_ws(b) || b == b',' {
            // Whitespace around a piece, or an empty piece.
            i += 1;
            continue;
        } else {
            let negative = match b {
                b'-' => {
                    i += 1;
                    true
                }
                b'+' => {
                    i += 1;
                    false
                }
                _ => false,
            };
            if i + 1 < n && t[i] == b'0' && t[i + 1].is_ascii_digit() {
                return None;
            }
            negative
        };
        let start = i;
        // At most 19 digits (checked below) always fit in a u64.
        let (magnitude, end) = digit_run(t, i);
        i = end;
        if i == start || i - start > 19 {
            return None;
        }
        if i < n && t[i] == b',' {
            // The piece ends where clients end it: at the next comma.
            i += 1;
        } else {
            if i < n && t[i] == b'.' {
                if notes::active() {
                    // The general path records the dropped fraction (`integral_float`).
                    return None;
                }
                i += 1;
                let zeros = i;
                while i < n && t[i] == b'0' {
                    i += 1;
                }
                if i == zeros || (i < n && t[i].is_ascii_digit()) {
                    return None;
                }
            }
            while i < n && is_trimmed_ws(t[i]) {
                i += 1;
            }
            if i < n {
                if t[i] != b',' {
                    return None;
                }
                i += 1;
            }
        }
        if out.len() == max {
            return None;
        }
        out.push(int_of::<I>(negative, magnitude)?);
    }
    (out.len() >= min).then_some(out)
}

/// JSON array text on its success path, in one pass: `[`, integers in JSON notation (no
/// fraction or exponent, at most 18 digits), `]`, between `min` and `max` of them, each in
/// range for `I`. `None` for anything else: serde_json reads it again.
#[inline(never)]
fn scan_json_ints<I: Integer>(t: &[u8], min: usize, max: usize) -> Option<Vec<I>> {
    let pieces = t.iter().filter(|&&b| b == b',').count() + 1;
    let mut out = with_capacity(pieces, max);
    let n = t.len();
    let mut i = 1;
    while i < n && is_json_ws(t[i]) {
        i += 1;
    }
    if i < n && t[i] == b']' {
        i += 1;
    } else {
        loop {
            let negative = i < n && t[i] == b'-';
            if negative {
                i += 1;
            }
            let start = i;
            let (magnitude, end) = digit_run(t, i);
            i = end;
            let digits = i - start;
            // No digits, a leading zero, more than 18 digits, a fraction or an exponent:
            // serde_json's to read (or refuse).
            if digits == 0 || digits > 18 || (digits > 1 && t[start] == b'0') {
                return None;
            }
            if i < n && matches!(t[i], b'.' | b'e' | b'E') {
                return None;
            }
            if out.len() == max {
                return None;
            }
            out.push(int_of::<I>(negative, magnitude)?);
            while i < n && is_json_ws(t[i]) {
                i += 1;
            }
            match t.get(i) {
                Some(b',') => {
                    i += 1;
                    while i < n && is_json_ws(t[i]) {
                        i += 1;
                    }
                }
                Some(b']') => {
                    i += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    (i == n && out.len() >= min).then_some(out)
}

/// The elements of JSON text read for a call that records coercions (each at its index).
struct ReportedSeq<I>(IntShape<I>);

impl<'de, I: Integer> Visitor<'de> for ReportedSeq<I> {
    type Value = Outcome<Vec<I>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTING)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        self.0.reported_seq(seq)
    }
}

impl<I: Integer> IntShape<I> {
    /// The elements of JSON text, each recording its coercions at its index.
    #[cold]
    #[inline(never)]
    fn reported_seq<'de, A: SeqAccess<'de>>(
        &self,
        mut seq: A,
    ) -> Result<Outcome<Vec<I>>, A::Error> {
        let mut items = self.items(seq.size_hint());
        let mut index = 0;
        while notes::at_index(index, || {
            seq.next_element_seed(PushTo {
                element: IntScalar::<I>::new(),
                items: &mut items,
            })
        })?
        .is_some()
        {
            index += 1;
        }
        Ok(items.finish())
    }

    /// The elements of a native array the engine hands over: plain integers in one pass
    /// ([`native_ints`]); anything else element by element, each through the integer
    /// rules, every issue at its index.
    #[inline]
    fn native(&self, items: &[serde_json::Value]) -> Outcome<Vec<I>> {
        match native_ints::<I>(items, self.min, self.max) {
            Some(ints) => Ok(ints),
            None => self.native_elements(items),
        }
    }

    #[cold]
    #[inline(never)]
    fn native_elements(&self, items: &[serde_json::Value]) -> Outcome<Vec<I>> {
        let mut out = self.items(Some(items.len()));
        let read = |item| {
            de::DeserializeSeed::deserialize(IntScalar::<I>::new(), item)
                .unwrap_or_else(|e| Err(Box::new(element_error(&e))))
        };
        if notes::active() {
            for (index, item) in items.iter().enumerate() {
                out.push(notes::at_index(index, || read(item)));
            }
        } else {
            for item in items {
                out.push(read(item));
            }
        }
        out.finish()
    }
}

/// An element visitor's own error (none is expected outside a quick first attempt).
#[cold]
fn element_error(e: &serde_json::Error) -> Issue {
    crate::shell::invalid_type(
        "an integer",
        "another kind of value",
        "send a whole number, e.g. 42",
    )
    .with_input(Input::from_text(&e.to_string()))
}

/// A native array on its success path, in one pass: JSON integers only, between `min` and
/// `max` of them, each in range for `I`. `None` for anything else: the general path reads
/// it again and says what is wrong.
#[inline]
fn native_ints<I: Integer>(items: &[serde_json::Value], min: usize, max: usize) -> Option<Vec<I>> {
    if items.len() < min || items.len() > max {
        return None;
    }
    let mut out = Vec::with_capacity(items.len().min(MAX_PREALLOCATION));
    for item in items {
        let serde_json::Value::Number(n) = item else {
            return None;
        };
        let int = match n.as_u64() {
            Some(u) => I::from_u128(u128::from(u))?,
            None => I::from_i128(i128::from(n.as_i64()?))?,
        };
        out.push(int);
    }
    Some(out)
}

/// The integer with this sign and magnitude, if `I` holds it (`-0` is `0`).
#[inline]
fn int_of<I: Integer>(negative: bool, magnitude: u64) -> Option<I> {
    if negative && magnitude != 0 {
        I::from_i128(-i128::from(magnitude))
    } else {
        I::from_u128(u128::from(magnitude))
    }
}

const EXPECTING: &str = "an array of integers, a JSON array string, or a comma-separated string";
const HINT: &str = "send a JSON array of integers, e.g. [1, 2, 3]";

impl<'de, I: Integer> Visitor<'de> for IntShape<I> {
    type Value = Outcome<Vec<I>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTING)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Driven by the engine on a native array: the elements in a loop of our own.
        if let Some(native) = crate::engine::take_native_array() {
            let outcome = self.native(&native);
            crate::engine::give_back_native_array(native);
            return Ok(outcome);
        }
        let mut items = self.items(seq.size_hint());
        while seq
            .next_element_seed(PushTo {
                element: IntScalar::<I>::new(),
                items: &mut items,
            })?
            .is_some()
        {}
        Ok(items.finish())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.text(v, v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(self.lone(
            || Input::from_i128(v.into()),
            I::from_i128(v.into()).ok_or_else(|| {
                Box::new(int_issue::<I>(
                    IntFailure::Overflow,
                    Input::from_i128(v.into()),
                ))
            }),
        ))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(self.lone(
            || Input::from_u128(v.into()),
            I::from_u128(v.into()).ok_or_else(|| {
                Box::new(int_issue::<I>(
                    IntFailure::Overflow,
                    Input::from_u128(v.into()),
                ))
            }),
        ))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(self.lone(
            || Input::from_i128(v),
            I::from_i128(v)
                .ok_or_else(|| Box::new(int_issue::<I>(IntFailure::Overflow, Input::from_i128(v)))),
        ))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(self.lone(
            || Input::from_u128(v),
            I::from_u128(v)
                .ok_or_else(|| Box::new(int_issue::<I>(IntFailure::Overflow, Input::from_u128(v)))),
        ))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        let element =
            int_from_f64::<I>(v).map_err(|f| Box::new(int_issue::<I>(f, Input::from_f64(v))));
        let read = element.as_ref().ok().copied();
        let out = self.lone(|| Input::from_f64(v), element);
        if let Some(int) = read {
            notes::at_index(0, || integral_float(Input::from_f64(v), int));
        }
        Ok(out)
    }

    refuse_shapes!(
        |_, got, input| Ok(Err(IssueBuf::one(invalid_type("an array of integers", got, HINT).with_input_if(input))));
        booleans unit none some newtype bytes object
    );
}

impl<'de, I: Integer, N: ItemBounds> DeserializeAs<'de, Vec<I>> for IntArrayLike<N> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Vec<I>, D::Error> {
        crate::shell::adapt(deserializer, Settled(IntShape::<I>::new(N::MIN, N::MAX)))
    }
}

impl<'de, I: Integer, N: ItemBounds> DeserializeAs<'de, Option<Vec<I>>> for IntArrayLike<N> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<I>>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional::non_string(IntShape::<I>::new(N::MIN, N::MAX))),
        )
    }
}

impl<I: Integer, N> SerializeAs<Vec<I>> for IntArrayLike<N> {
    fn serialize_as<S: Serializer>(source: &Vec<I>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<I: Integer, N> SerializeAs<Option<Vec<I>>> for IntArrayLike<N> {
    fn serialize_as<S: Serializer>(
        source: &Option<Vec<I>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// For `#[serde(deserialize_with = "mcp_coerce::int_array::deserialize")]`: as
/// [`IntArrayLike`] without item bounds (its schema: `#[schemars(with = "SchemaAs<Vec<I>,
/// IntArrayLike>")]`).
///
/// # Errors
///
/// As [`IntArrayLike`].
pub fn deserialize<'de, D: Deserializer<'de>, I: Integer>(
    deserializer: D,
) -> Result<Vec<I>, D::Error> {
    <IntArrayLike as DeserializeAs<'de, Vec<I>>>::deserialize_as(deserializer)
}

/// For `#[serde(serialize_with = "mcp_coerce::int_array::serialize")]`: a native JSON array.
///
/// # Errors
///
/// Only the serializer's own.
pub fn serialize<S: Serializer, I: Integer>(value: &[I], serializer: S) -> Result<S::Ok, S::Error> {
    value.serialize(serializer)
}

/// [`deserialize`] and [`serialize`] for `Option<Vec<I>>` fields, with [`IntArrayLike`]'s optional
/// rules (absent, `null`, `""` and `"null"` give `None`).
pub mod option {
    use super::*;

    /// Deserialize an optional integer array.
    ///
    /// # Errors
    ///
    /// As [`IntArrayLike`]; a refusal is never turned into `None`.
    pub fn deserialize<'de, D: Deserializer<'de>, I: Integer>(
        deserializer: D,
    ) -> Result<Option<Vec<I>>, D::Error> {
        <IntArrayLike as DeserializeAs<'de, Option<Vec<I>>>>::deserialize_as(deserializer)
    }

    /// Serialize as a native JSON array, or `null`.
    ///
    /// # Errors
    ///
    /// Only the serializer's own.
    #[allow(clippy::ref_option, reason = "the signature serde's `with` requires")]
    pub fn serialize<S: Serializer, I: Integer>(
        value: &Option<Vec<I>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.serialize(serializer)
    }
}

/// An array of integers read by [`IntArrayLike`], as a value. `Option<IntArray>` follows
/// serde's own rules; for the crate's optional rules use [`IntArrayLike`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntArray, Items};
///
/// let ids: IntArray<i64, Items<1, 10>> = serde_json::from_str(r#""7, 8""#)?;
/// assert_eq!(ids.into_inner(), [7, 8]);
/// assert!(IntArray::<i64, Items<1, 10>>::new(vec![]).is_err()); // minItems 1
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntArray<I = i64, N = policy::Items>(Vec<I>, PhantomData<N>);

impl<I, N: ItemBounds> IntArray<I, N> {
    /// `integers`, their count checked against `N` as [`IntArrayLike<N>`](IntArrayLike)
    /// checks it.
    ///
    /// # Errors
    ///
    /// `too_short`, `too_long`, in a [`Rejection`](crate::Rejection).
    pub fn new(integers: Vec<I>) -> Result<Self, crate::Rejection> {
        super::counted::<I, N>(integers).map(|integers| IntArray(integers, PhantomData))
    }
}

wrapper_value!(impl [I, N] IntArray<I, N> => Vec<I>, 0);

impl<I, N: ItemBounds> TryFrom<Vec<I>> for IntArray<I, N> {
    type Error = crate::Rejection;
    fn try_from(integers: Vec<I>) -> Result<Self, crate::Rejection> {
        IntArray::new(integers)
    }
}

impl<'de, I: Integer, N: ItemBounds> Deserialize<'de> for IntArray<I, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <IntArrayLike<N> as DeserializeAs<'de, Vec<I>>>::deserialize_as(deserializer)
            .map(|integers| IntArray(integers, PhantomData))
    }
}

impl<I: Serialize, N> Serialize for IntArray<I, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

json_schema_as!(
    impl [I: Integer, N: ItemBounds]
    IntArrayLike<N> => [Vec<I>, Option<Vec<I>>],
    name = format!("IntArray_{}_{}_{}", I::NAME, N::MIN, N::MAX),
    schema = |generator| schema_of::<I>(generator, N::MIN, N::MAX),
);

json_schema_for!(
    impl [I: Integer, N: ItemBounds]
    IntArray<I, N>,
    name = format!("IntArray_{}_{}_{}", I::NAME, N::MIN, N::MAX),
    schema = |generator| schema_of::<I>(generator, N::MIN, N::MAX),
);

/// `{"type": "array", "items": {"type": "integer", ...}}` with the item bounds (the
/// type's own range, clipped in an input schema: see [`crate::schema::type_min`]).
#[cfg(feature = "schemars")]
fn schema_of<I: Integer>(
    generator: &schemars::SchemaGenerator,
    min_items: usize,
    max_items: usize,
) -> schemars::Schema {
    use crate::schema::{array, integer, schema, type_max, type_min};
    let items = integer(
        type_min(generator, I::MIN_I128),
        type_max(generator, I::MAX_U128),
    );
    schema(array(items.into(), min_items, max_items).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scanners are only a shortcut: whatever they accept, the general path reads the
    /// same way.
    #[track_caller]
    fn agree<I: Integer>(text: &str, min: usize, max: usize) {
        let shape = IntShape::<I>::new(min, max);
        let t = text.trim();
        let (scanned, general) = if t.starts_with('[') {
            (
                scan_json_ints::<I>(t.as_bytes(), min, max),
                shape.json_text(text, t, text),
            )
        } else {
            (
                scan_comma_ints::<I>(t.as_bytes(), min, max),
                shape.comma_text(text, t),
            )
        };
        if let Some(scanned) = scanned {
            assert_eq!(Some(&scanned), general.as_ref().ok(), "{text:?}");
        }
    }

    #[test]
    fn scanners_take_the_plain_shapes() {
        let comma: &[(&str, &[i64])] = &[
            ("1,2,3", &[1, 2, 3]),
            (" 1 , 2 ,3 ", &[1, 2, 3]),
            ("1,,2,", &[1, 2]),
            ("+5,-0,-7", &[5, 0, -7]),
            ("0,0.0,-0.00", &[0, 0, 0]),
            (",,10,  ,20,", &[10, 20]),
            ("5.0, 6.000", &[5, 6]),
            ("\t1\n,\r2\x0b,\x0c3", &[1, 2, 3]),
            (
                "9223372036854775807,-9223372036854775808",
                &[i64::MAX, i64::MIN],
            ),
        ];
        for (text, want) in comma {
            let got = scan_comma_ints::<i64>(text.as_bytes(), 0, usize::MAX);
            assert_eq!(got.as_deref(), Some(*want), "{text:?}");
            agree::<i64>(text, 0, usize::MAX);
        }
        let json: &[(&str, &[i64])] = &[
            ("[1,2,3]", &[1, 2, 3]),
            ("[ 1 ,\n2,\t3 ]", &[1, 2, 3]),
            ("[]", &[]),
            ("[ ]", &[]),
            ("[-0, 0, -12]", &[0, 0, -12]),
        ];
        for (text, want) in json {
            let got = scan_json_ints::<i64>(text.as_bytes(), 0, usize::MAX);
            assert_eq!(got.as_deref(), Some(*want), "{text:?}");
            agree::<i64>(text, 0, usize::MAX);
        }
    }

    #[test]
    fn scanners_leave_the_rest_to_the_general_path() {
        for text in [
            "1 000",
            "1_000",
            "1e3",
            "0x10",
            "5.",
            ".5",
            "5.5",
            "5.01",
            "- 5",
            "+-1",
            "a,1",
            "1;2",
            "\u{ff11}",
            "1\u{a0}",
            "99999999999999999999",
            // A leading zero: the general path judges it by the number of pieces.
            "1,000",
            "007",
            "-01",
            "+00,1",
            "1, 0 7",
        ] {
            let got = scan_comma_ints::<i64>(text.as_bytes(), 0, usize::MAX);
            assert_eq!(got, None, "{text:?}");
        }
        for text in [
            "[1,]",
            "[,1]",
            "[01]",
            "[1.0]",
            "[1e2]",
            "[\"1\"]",
            "[[1]]",
            "[1 2]",
            "[1]x",
            "[+1]",
            "[-]",
            "[1234567890123456789]",
            "[1",
            "[1,2\u{a0}]",
            "[\x0c1]",
        ] {
            let got = scan_json_ints::<i64>(text.as_bytes(), 0, usize::MAX);
            assert_eq!(got, None, "{text:?}");
        }
        // Out of range for the target type, or outside the item bounds.
        assert_eq!(scan_comma_ints::<u8>(b"1,256", 0, usize::MAX), None);
        assert_eq!(scan_comma_ints::<u32>(b"-1", 0, usize::MAX), None);
        assert_eq!(scan_json_ints::<u8>(b"[300]", 0, usize::MAX), None);
        assert_eq!(scan_comma_ints::<i64>(b"1,2,3", 0, 2), None);
        assert_eq!(scan_comma_ints::<i64>(b"1,2,3", 4, usize::MAX), None);
        assert_eq!(scan_json_ints::<i64>(b"[1,2,3]", 0, 2), None);
        assert_eq!(scan_json_ints::<i64>(b"[]", 1, usize::MAX), None);
        let exact = scan_comma_ints::<i64>(b"1,2", 2, 2);
        assert_eq!(exact.as_deref(), Some(&[1, 2][..]));
    }

    /// The characters the scanners care about, and a few they must refuse.
    const ALPHABET: [char; 13] = [
        ' ', '[', ']', ',', '+', '-', '.', '0', '1', '9', 'a', '\t', '\u{a0}',
    ];

    fn agree_on(text: &str) {
        for (min, extra) in [(0, 0), (0, 5), (1, 1), (2, 3), (3, 0)] {
            agree::<i64>(text, min, min + extra);
            agree::<u8>(text, min, min + extra);
            agree::<i128>(text, min, min + extra);
        }
    }

    /// Every string of up to 4 of these characters, then longer ones drawn from them by a
    /// fixed-seed generator (no test-only dependency: the scanners are private).
    #[test]
    fn scanners_agree_with_the_general_path() {
        let mut text = String::new();
        for len in 0..=4u32 {
            for mut n in 0..ALPHABET.len().pow(len) {
                text.clear();
                for _ in 0..len {
                    text.push(ALPHABET[n % ALPHABET.len()]);
                    n /= ALPHABET.len();
                }
                agree_on(&text);
            }
        }
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            // xorshift64*
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        for _ in 0..20_000 {
            let len = 5 + (next() % 20) as usize;
            text.clear();
            text.extend((0..len).map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize]));
            agree_on(&text);
        }
    }
}
