//! String arrays from every shape clients send: `["a","b"]`, `"[\"a\",\"b\"]"`, `"a, b"`.
//! Native elements are kept verbatim; numbers are never stringified. The table (JSON-shaped
//! text, quotes, separators) is docs/contract.md's, "String arrays".

use crate::shell::refuse_shapes;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::decode::{self, Held};
use crate::engine::notes;
use crate::issue::Input;
use crate::issue::IssueBuf;
use crate::policy::{self, Comma, ItemBounds, SeparatorPolicy};
use crate::report::{self, Rule};
use crate::rules::array_text::{STRINGS, json_shaped, quoted_pieces, quoted_pieces_issue};
use crate::shell::{Element, Items, Optional, Outcome, Settled, invalid_type};

/// Adapter for an array of strings, with optional bounds `N` on the number of items
/// ([`Items`](crate::Items)) and a [`SeparatorPolicy`] `S` for plain strings ([`Comma`], the
/// default: pieces trimmed, empty ones dropped; or [`NoSplit`](crate::NoSplit)). A separator
/// standing alone in the bounds' place is any count with that separator. Into a
/// `Vec<String>`, or an `Option<Vec<String>>` with the optional rules; [`StringArray`] is the
/// wrapper type.
///
/// | input | [`Comma`] | [`NoSplit`](crate::NoSplit) |
/// |---|---|---|
/// | `["abc","def"]`, `"[\"abc\",\"def\"]"` | `["abc","def"]` | same |
/// | `"abc, def , ghi"` | `["abc","def","ghi"]` | `["abc, def , ghi"]` |
/// | `""` / `"[draft] notes"` | `[]` / `["[draft] notes"]` | same |
/// | `"['a','b']"`, `"'a','b'"` | `invalid_json` | same |
/// | `42`, `["a", 1]` | `invalid_type` | same |
///
/// # Examples
///
/// ```
/// use mcp_coerce::StringArrayLike;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "StringArrayLike")]
///     session_ids: Vec<String>,
/// }
/// for sent in [r#"["abc","def"]"#, r#""[\"abc\",\"def\"]""#, r#""abc, def""#] {
///     let args: Args = mcp_coerce::from_str(&format!(r#"{{"session_ids": {sent}}}"#))?;
///     assert_eq!(args.session_ids, ["abc", "def"]);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `invalid_type`, `invalid_json` (at the elements or the array), `too_short`/`too_long`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StringArrayLike<N = policy::Items, S = Comma>(PhantomData<(N, S)>);

struct StringShape<P> {
    min: usize,
    max: usize,
    layer: u8,
    _split: PhantomData<P>,
}

const HINT: &str = "send a JSON array of strings, e.g. [\"a\", \"b\"]";

const EXPECTED: &str = "an array of strings";

impl<P: SeparatorPolicy> StringShape<P> {
    fn new(min: usize, max: usize) -> Self {
        StringShape {
            min,
            max,
            layer: 0,
            _split: PhantomData,
        }
    }

    fn refuse(got: &str, input: Option<Input>) -> Outcome<Vec<String>> {
        Err(IssueBuf::one(
            invalid_type(EXPECTED, got, HINT).with_input_if(input),
        ))
    }

    /// `arrived` is the string as it arrived (before any layer was peeled), for messages.
    fn text(&self, s: &str, arrived: &str) -> Outcome<Vec<String>> {
        let mut items = Items::new(self.min, self.max, None);
        let t = match decode::held(s, b'[') {
            Held::Plain("") => {
                // `""` is the empty list of pieces, whatever the separator.
                split(true, s, 0);
                return items.finish();
            }
            // JSON-shaped: bracketed, or opening like a JSON array of strings (`["`, `['`),
            // whatever follows (`"[\"web_search\"] extra"` is not one element).
            Held::Json(t) if json_shaped(t) => {
                let inner = StringShape::<P> {
                    layer: self.layer + 1,
                    ..StringShape::new(self.min, self.max)
                };
                let mut reader = serde_json::Deserializer::from_str(t);
                // Read to the end even in a quick attempt: a syntax error after a refused
                // element makes the text a plain string (below), which a stop at that
                // element would refuse instead.
                let read = crate::engine::in_full(|| {
                    reader
                        .deserialize_seq(inner)
                        .and_then(|outcome| reader.end().map(|()| outcome))
                });
                match read {
                    Ok(mut outcome) => {
                        if let Err(issues) = &mut outcome {
                            decode::locate_json_elements(issues.iter_mut(), s, t);
                        }
                        let n = outcome.as_ref().map_or(0, Vec::len);
                        notes::coerced(
                            Rule::JsonString,
                            || report::encoded(s),
                            || report::items(n),
                        );
                        return outcome;
                    }
                    // Bracketed text with quotes (`"['a','b']"`, `"[\"a\",]"`) was meant as
                    // JSON: splitting it would make ids of its brackets and quotes.
                    Err(e) if t.contains(['"', '\'']) => {
                        return Err(IssueBuf::one(decode::invalid_json(
                            &STRINGS, &e, s, arrived,
                        )));
                    }
                    // JSON-shaped but not JSON, without quotes ("[abc]"): a plain string
                    // after all.
                    Err(_) => t,
                }
            }
            Held::Layer(Ok(_)) if self.layer + 1 >= decode::MAX_LAYERS => {
                return Err(IssueBuf::one(decode::too_encoded(&decode::ARRAY, arrived)));
            }
            Held::Layer(Ok(inner)) => {
                return notes::peeled(s, &inner, || {
                    StringShape::<P> {
                        layer: self.layer + 1,
                        ..StringShape::new(self.min, self.max)
                    }
                    .text(&inner, arrived)
                });
            }
            // A quote that starts no valid JSON string: plain text.
            Held::Layer(Err(_)) => s.trim(),
            Held::Json(t) | Held::Plain(t) => t,
        };
        if quoted_pieces(t) {
            return Err(IssueBuf::one(quoted_pieces_issue(s, arrived)));
        }
        let mut count = 0;
        match P::SEPARATOR {
            Some(separator) => {
                for piece in t.split(separator) {
                    let piece = piece.trim();
                    if !piece.is_empty() {
                        count += 1;
                        items.push(Ok(piece.to_owned()));
                    }
                }
            }
            None => {
                count = 1;
                items.push(Ok(t.to_owned()));
            }
        }
        split(P::SEPARATOR.is_some(), s, count);
        items.finish()
    }
}

/// Record how the plain string `s` became `n` items: `comma_split` where it is split,
/// `scalar_wrap` where it never is ([`NoSplit`](crate::NoSplit)).
#[inline]
fn split(splits: bool, s: &str, n: usize) {
    let rule = if splits {
        Rule::CommaSplit
    } else {
        Rule::ScalarWrap
    };
    notes::coerced(rule, || Some(Input::from_text(s)), || report::items(n));
}

impl<'de, P: SeparatorPolicy> Visitor<'de> for StringShape<P> {
    type Value = Outcome<Vec<String>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of strings, a JSON array string, or a separated string")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Driven by the engine on a native array: strings in a loop of our own, moved out
        // of the arguments where the route allows.
        if let Some(mut native) = crate::engine::take_native_array() {
            let outcome = match native_strings(&mut native, self.min, self.max) {
                Some(strings) => Ok(strings),
                None => native_elements(&native, self.min, self.max),
            };
            crate::engine::give_back_native_array(native);
            return Ok(outcome);
        }
        let mut items = Items::new(self.min, self.max, seq.size_hint());
        while let Some(element) = seq.next_element_seed(StringElement)? {
            items.push(element);
        }
        Ok(items.finish())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.text(v, v))
    }

    refuse_shapes!(
        |_, got, input| Ok(Self::refuse(got, input));
        booleans numbers unit none some newtype bytes object
    );
}

/// A native array on its success path: strings only, between `min` and `max` of them,
/// kept verbatim. Where the route allows strings to be moved, the elements are moved out
/// of `items` (which is left empty); otherwise they are copied. `None` for anything else,
/// with `items` as it was: the general path reads it again and says what is wrong.
fn native_strings(
    items: &mut Vec<serde_json::Value>,
    min: usize,
    max: usize,
) -> Option<Vec<String>> {
    if items.len() < min || items.len() > max {
        return None;
    }
    if !crate::engine::takes_strings() {
        return items
            .iter()
            .map(|item| item.as_str().map(str::to_owned))
            .collect();
    }
    let mut out = Vec::with_capacity(items.len().min(crate::shell::MAX_PREALLOCATION));
    let mut rest = std::mem::take(items).into_iter();
    for item in rest.by_ref() {
        match item {
            serde_json::Value::String(s) => out.push(s),
            other => {
                // Not ours to read here: put everything back as it arrived.
                *items = out
                    .into_iter()
                    .map(serde_json::Value::String)
                    .chain(std::iter::once(other))
                    .chain(rest)
                    .collect();
                return None;
            }
        }
    }
    Some(out)
}

/// The elements of a native array that is not all strings within the bounds: each read
/// as an element (copied), every issue at its index.
#[cold]
#[inline(never)]
fn native_elements(items: &[serde_json::Value], min: usize, max: usize) -> Outcome<Vec<String>> {
    let mut out = Items::new(min, max, Some(items.len()));
    for item in items {
        out.push(StringElement.deserialize(item).unwrap_or_else(|e| {
            Err(Box::new(
                invalid_type("a string", "another kind of value", ELEMENT_HINT)
                    .with_input(Input::from_text(&e.to_string())),
            ))
        }));
    }
    out.finish()
}

/// One element of a native or JSON-decoded array: a string, verbatim.
struct StringElement;

const ELEMENT_HINT: &str = "send each element as a JSON string, e.g. \"abc\"";

impl<'de> Visitor<'de> for StringElement {
    type Value = Element<String>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Ok(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Ok(v))
    }

    refuse_shapes!(
        |_, got, input| crate::shell::bad_element(|| {
            invalid_type("a string", got, ELEMENT_HINT).with_input_if(input)
        });
        booleans numbers unit none some bytes array_echo object_echo
    );
}

impl<'de> DeserializeSeed<'de> for StringElement {
    type Value = Element<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, N: ItemBounds, S: SeparatorPolicy> DeserializeAs<'de, Vec<String>>
    for StringArrayLike<N, S>
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(StringShape::<N::Separator<S>>::new(N::MIN, N::MAX)),
        )
    }
}

impl<'de, N: ItemBounds, S: SeparatorPolicy> DeserializeAs<'de, Option<Vec<String>>>
    for StringArrayLike<N, S>
{
    fn deserialize_as<D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Vec<String>>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional::non_string(StringShape::<N::Separator<S>>::new(
                N::MIN,
                N::MAX,
            ))),
        )
    }
}

impl<N, P> SerializeAs<Vec<String>> for StringArrayLike<N, P> {
    fn serialize_as<S: Serializer>(source: &Vec<String>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<N, P> SerializeAs<Option<Vec<String>>> for StringArrayLike<N, P> {
    fn serialize_as<S: Serializer>(
        source: &Option<Vec<String>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// For `#[serde(deserialize_with = "mcp_coerce::string_array::deserialize")]`: as
/// [`StringArrayLike`] without item bounds (its schema: `#[schemars(with =
/// "SchemaAs<Vec<String>, StringArrayLike>")]`).
///
/// # Errors
///
/// As [`StringArrayLike`].
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    <StringArrayLike as DeserializeAs<'de, Vec<String>>>::deserialize_as(deserializer)
}

/// For `#[serde(serialize_with = "mcp_coerce::string_array::serialize")]`: a native JSON array.
///
/// # Errors
///
/// Only the serializer's own.
pub fn serialize<S: Serializer>(value: &[String], serializer: S) -> Result<S::Ok, S::Error> {
    value.serialize(serializer)
}

/// [`deserialize`] and [`serialize`] for `Option<Vec<String>>` fields, with [`StringArrayLike`]'s optional
/// rules (absent, `null`, `""` and `"null"` give `None`).
pub mod option {
    use super::*;

    /// Deserialize an optional string array.
    ///
    /// # Errors
    ///
    /// As [`StringArrayLike`]; a refusal is never turned into `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Vec<String>>, D::Error> {
        <StringArrayLike as DeserializeAs<'de, Option<Vec<String>>>>::deserialize_as(deserializer)
    }

    /// Serialize as a native JSON array, or `null`.
    ///
    /// # Errors
    ///
    /// Only the serializer's own.
    #[allow(clippy::ref_option, reason = "the signature serde's `with` requires")]
    pub fn serialize<S: Serializer>(
        value: &Option<Vec<String>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.serialize(serializer)
    }
}

/// An array of strings read by [`StringArrayLike`], as a value. `Option<StringArray>` follows
/// serde's own rules; for the crate's optional rules use [`StringArrayLike`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{NoSplit, StringArray};
///
/// let headings: StringArray<NoSplit> = serde_json::from_str(r#""Smith, John""#)?;
/// assert_eq!(headings.into_inner(), ["Smith, John"]);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StringArray<N = policy::Items, S = Comma>(Vec<String>, PhantomData<(N, S)>);

impl<N: ItemBounds, S> StringArray<N, S> {
    /// `strings`, their count checked against `N` as
    /// [`StringArrayLike<N, S>`](StringArrayLike) checks it (elements are kept verbatim, as
    /// in a native array).
    ///
    /// # Errors
    ///
    /// `too_short`, `too_long`, in a [`Rejection`](crate::Rejection).
    pub fn new(strings: Vec<String>) -> Result<Self, crate::Rejection> {
        super::counted::<String, N>(strings).map(|strings| StringArray(strings, PhantomData))
    }
}

wrapper_value!(impl [N, S] StringArray<N, S> => Vec<String>, 0);

impl<N: ItemBounds, S> TryFrom<Vec<String>> for StringArray<N, S> {
    type Error = crate::Rejection;
    fn try_from(strings: Vec<String>) -> Result<Self, crate::Rejection> {
        StringArray::new(strings)
    }
}

impl<'de, N: ItemBounds, S: SeparatorPolicy> Deserialize<'de> for StringArray<N, S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <StringArrayLike<N, S> as DeserializeAs<'de, Vec<String>>>::deserialize_as(deserializer)
            .map(|strings| StringArray(strings, PhantomData))
    }
}

impl<N, P> Serialize for StringArray<N, P> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

json_schema_as!(
    impl [N: ItemBounds, S: SeparatorPolicy]
    StringArrayLike<N, S> => [Vec<String>, Option<Vec<String>>],
    name = format!("StringArray_{}_{}", N::MIN, N::MAX),
    schema = schema_of(N::MIN, N::MAX),
);

json_schema_for!(
    impl [N: ItemBounds, S: SeparatorPolicy]
    StringArray<N, S>,
    name = format!("StringArray_{}_{}", N::MIN, N::MAX),
    schema = schema_of(N::MIN, N::MAX),
);

/// `{"type": "array", "items": {"type": "string"}}` with the item bounds.
#[cfg(feature = "schemars")]
fn schema_of(min_items: usize, max_items: usize) -> schemars::Schema {
    use crate::schema::{array, schema};
    schema(array(serde_json::json!({"type": "string"}), min_items, max_items).into())
}
