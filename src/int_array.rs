//! Integer arrays from every shape clients send: `[1,2,3]`, `"[1,2,3]"`, `"1,2,3"`, `7`.
//!
//! | input | result |
//! |---|---|
//! | `[1,2,3]` | `[1,2,3]` |
//! | `"[1,2,3]"`, `" [ 1, 2, 3 ] "` | `[1,2,3]` (JSON text; a string starting with `[` is read as JSON only) |
//! | `"1,2,3"`, `" 1 , 2 ,3 "`, `"1,,2,"` | `[1,2,3]`, `[1,2,3]`, `[1,2]` (pieces trimmed, empty pieces skipped) |
//! | `[]`, `"[]"`, `""`, `"   "` | `[]` |
//! | `7`, `"7"` | `[7]` |
//! | `["1", 2, 3.0]`, `"1.0, 2"` | `[1,2,3]`, `[1,2]` (each element follows the integer rules) |
//! | `"\"[1,2]\""` | `[1,2]` (two layers of string encoding at most) |
//! | `[1, 2.5]` / `"foo,bar"` / `"[1,2"` | `int_from_float` at `/1` / `int_parsing` at `/0` and `/1` / `invalid_json` |
//! | `true`, `{"a":1}`, `[[1]]`, `null` | `invalid_type` (at the value, or at the element) |
//!
//! Paths index the elements that remain after empty pieces are skipped. Every bad element
//! is reported, not only the first.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::collect::IssueBuf;
use crate::integer::{IntScalar, Integer, int_from_f64, int_from_str, int_issue};
use crate::issue::{Code, Input, Issue};
use crate::shape::{Items, Optional, Outcome, Settled, drain_map, invalid_type};

/// Adapter for an array of integers of any primitive type `I`, with optional bounds on the
/// number of items (`minItems`, `maxItems`).
///
/// Use it with serde_with's `#[serde_as]` on a `Vec<I>` field (and inside containers such
/// as `Vec<Vec<I>>`), or on an `Option<Vec<I>>` field with the optional rules; the
/// [`int_array`](self) module has the same for `#[serde(with = "...")]`, and [`IntArray`] is
/// the value wrapper.
///
/// | input | `Vec<I>` field | `Option<Vec<I>>` field (`#[serde(default)]`) |
/// |---|---|---|
/// | absent | `missing` | `None` |
/// | `null` | `invalid_type` | `None` |
/// | `""`, `"  "`, `"null"` | `[]`, `[]`, `int_parsing` | `None` |
///
/// More than `MAX_ITEMS` items is `too_long`, fewer than `MIN_ITEMS` `too_short`, at the
/// array's path (lengths count items). Items past `MAX_ITEMS` are checked but not kept, so
/// a hostile array costs no memory.
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntArrayLike;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike<0, 1000>")]
///     ids: Vec<i64>,
///     #[serde_as(as = "IntArrayLike")]
///     #[serde(default, skip_serializing_if = "Option::is_none")]
///     tags: Option<Vec<u32>>,
/// }
///
/// for ids in [r#"[1,2,3]"#, r#""[1,2,3]""#, r#""1, 2, 3""#] {
///     let args: Args = mcp_coerce::from_str(&format!(r#"{{"ids": {ids}, "tags": ""}}"#))?;
///     assert_eq!(args.ids, [1, 2, 3]);
///     assert_eq!(args.tags, None);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// Under the crate's entry points every issue is collected (see the module docs for the
/// codes). Under any other serde format, deserialization fails with one error of that
/// format whose message lists every bad element.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntArrayLike<const MIN_ITEMS: usize = 0, const MAX_ITEMS: usize = { usize::MAX }>;

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

    /// One value standing for a one-element array.
    fn lone(&self, element: Result<I, Issue>) -> Outcome<Vec<I>> {
        let mut items = self.items(Some(1));
        items.push(element);
        items.finish()
    }

    /// A string: JSON text, a string inside the string, or comma-separated pieces.
    /// `arrived` is the string as it arrived (before any layer was peeled), for messages.
    fn text(&self, s: &str, arrived: &str) -> Outcome<Vec<I>> {
        let t = s.trim();
        match t.as_bytes().first() {
            None => self.items(None).finish(),
            Some(b'[') => {
                let inner = IntShape::<I> {
                    layer: self.layer + 1,
                    ..IntShape::new(self.min, self.max)
                };
                let mut reader = serde_json::Deserializer::from_str(t);
                match reader
                    .deserialize_seq(inner)
                    .and_then(|outcome| reader.end().map(|()| outcome))
                {
                    Ok(outcome) => outcome,
                    Err(e) => Err(IssueBuf::one(invalid_json(&e, arrived))),
                }
            }
            Some(b'"') => {
                if self.layer >= 1 {
                    return Err(IssueBuf::one(too_encoded(arrived)));
                }
                match serde_json::from_str::<String>(t) {
                    Ok(inner) => IntShape::<I> {
                        layer: self.layer + 1,
                        ..IntShape::new(self.min, self.max)
                    }
                    .text(&inner, arrived),
                    Err(e) => Err(IssueBuf::one(invalid_json(&e, arrived))),
                }
            }
            Some(_) => {
                let mut items = self.items(None);
                for piece in t.split(',') {
                    let piece = piece.trim();
                    if !piece.is_empty() {
                        items.push(
                            int_from_str::<I>(piece)
                                .map_err(|f| int_issue::<I>(f, Input::from_text(piece))),
                        );
                    }
                }
                items.finish()
            }
        }
    }
}

#[cold]
pub(crate) fn invalid_json(e: &serde_json::Error, input: &str) -> Issue {
    Issue::new(Code::InvalidJson, format!("invalid JSON text: {e}"))
        .with_input(Input::from_text(input))
        .with_hint("send a native JSON array, e.g. [1, 2, 3]")
}

#[cold]
pub(crate) fn too_encoded(input: &str) -> Issue {
    Issue::new(
        Code::InvalidType,
        "expected an array, got a string encoded more than twice",
    )
    .with_input(Input::from_text(input))
    .with_hint("send a native JSON array, e.g. [1, 2, 3], not a string")
}

const EXPECTING: &str = "an array of integers, a JSON array string, or a comma-separated string";
const HINT: &str = "send a JSON array of integers, e.g. [1, 2, 3]";

impl<'de, I: Integer> Visitor<'de> for IntShape<I> {
    type Value = Outcome<Vec<I>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTING)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = self.items(seq.size_hint());
        while let Some(element) = seq.next_element_seed(IntScalar::<I>::new())? {
            items.push(element);
        }
        Ok(items.finish())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.text(v, v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(self.lone(I::from_i128(v.into()).ok_or_else(|| {
            int_issue::<I>(
                crate::integer::IntFailure::Overflow,
                Input::from_i128(v.into()),
            )
        })))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(self.lone(I::from_u128(v.into()).ok_or_else(|| {
            int_issue::<I>(
                crate::integer::IntFailure::Overflow,
                Input::from_u128(v.into()),
            )
        })))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(self.lone(I::from_i128(v).ok_or_else(|| {
            int_issue::<I>(crate::integer::IntFailure::Overflow, Input::from_i128(v))
        })))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(self.lone(I::from_u128(v).ok_or_else(|| {
            int_issue::<I>(crate::integer::IntFailure::Overflow, Input::from_u128(v))
        })))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(self.lone(int_from_f64::<I>(v).map_err(|f| int_issue::<I>(f, Input::from_f64(v)))))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Err(IssueBuf::one(
            invalid_type("an array of integers", "a boolean", HINT).with_input(Input::Bool(v)),
        )))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Err(IssueBuf::one(
            invalid_type("an array of integers", "null", HINT).with_input(Input::Null),
        )))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Self::Value, E> {
        Ok(Err(IssueBuf::one(invalid_type(
            "an array of integers",
            "bytes",
            HINT,
        ))))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        drain_map(map)?;
        Ok(Err(IssueBuf::one(invalid_type(
            "an array of integers",
            "an object",
            HINT,
        ))))
    }
}

impl<'de, I: Integer, const MIN_ITEMS: usize, const MAX_ITEMS: usize> DeserializeAs<'de, Vec<I>>
    for IntArrayLike<MIN_ITEMS, MAX_ITEMS>
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Vec<I>, D::Error> {
        crate::collect::adapt(
            deserializer,
            Settled(IntShape::<I>::new(MIN_ITEMS, MAX_ITEMS)),
        )
    }
}

impl<'de, I: Integer, const MIN_ITEMS: usize, const MAX_ITEMS: usize>
    DeserializeAs<'de, Option<Vec<I>>> for IntArrayLike<MIN_ITEMS, MAX_ITEMS>
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<I>>, D::Error> {
        crate::collect::adapt(
            deserializer,
            Settled(Optional::non_string(IntShape::<I>::new(
                MIN_ITEMS, MAX_ITEMS,
            ))),
        )
    }
}

impl<I: Integer, const MIN_ITEMS: usize, const MAX_ITEMS: usize> SerializeAs<Vec<I>>
    for IntArrayLike<MIN_ITEMS, MAX_ITEMS>
{
    fn serialize_as<S: Serializer>(source: &Vec<I>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<I: Integer, const MIN_ITEMS: usize, const MAX_ITEMS: usize> SerializeAs<Option<Vec<I>>>
    for IntArrayLike<MIN_ITEMS, MAX_ITEMS>
{
    fn serialize_as<S: Serializer>(
        source: &Option<Vec<I>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// For `#[serde(deserialize_with = "mcp_coerce::int_array::deserialize")]`: an array of
/// integers from any lax shape, without item bounds (use [`IntArrayLike`] for those).
///
/// # Errors
///
/// As [`IntArrayLike`].
///
/// # Examples
///
/// ```
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde(deserialize_with = "mcp_coerce::int_array::deserialize")]
///     ids: Vec<u64>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"ids": "4, 5"}"#)?;
/// assert_eq!(args.ids, [4, 5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn deserialize<'de, D: Deserializer<'de>, I: Integer>(
    deserializer: D,
) -> Result<Vec<I>, D::Error> {
    <IntArrayLike as DeserializeAs<'de, Vec<I>>>::deserialize_as(deserializer)
}

/// For `#[serde(with = "mcp_coerce::int_array")]`: a native JSON array.
///
/// # Errors
///
/// Only the serializer's own.
///
/// # Examples
///
/// ```
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct Out {
///     #[serde(serialize_with = "mcp_coerce::int_array::serialize")]
///     ids: Vec<i64>,
/// }
/// assert_eq!(serde_json::to_string(&Out { ids: vec![1, 2] })?, r#"{"ids":[1,2]}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn serialize<S: Serializer, I: Integer>(value: &[I], serializer: S) -> Result<S::Ok, S::Error> {
    value.serialize(serializer)
}

/// The same for `Option<Vec<I>>` fields, with the optional rules: absent, `null`, `""`
/// and `"null"` give `None`.
///
/// # Examples
///
/// ```
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde(default, with = "mcp_coerce::int_array::option")]
///     ids: Option<Vec<i64>>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"ids": "null"}"#)?;
/// assert_eq!(args.ids, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// An array of integers read by [`IntArrayLike`], as a value: use it as a field type when
/// `#[serde_as]` is not wanted.
///
/// `Option<IntArray>` follows serde's own rules (absent and `null` give `None`, `""` gives
/// `Some([])`); for the crate's optional rules use `#[serde_as(as = "IntArrayLike")]` on an
/// `Option<Vec<I>>` field.
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntArray;
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     ids: IntArray<i64, 1, 10>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"ids": "[7, 8]"}"#)?;
/// assert_eq!(*args.ids, [7, 8]);
/// assert!(mcp_coerce::from_str::<Args>(r#"{"ids": []}"#).is_err()); // minItems 1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntArray<I = i64, const MIN_ITEMS: usize = 0, const MAX_ITEMS: usize = { usize::MAX }>(
    pub Vec<I>,
);

impl<I, const MIN_ITEMS: usize, const MAX_ITEMS: usize> IntArray<I, MIN_ITEMS, MAX_ITEMS> {
    /// The integers.
    pub fn into_inner(self) -> Vec<I> {
        self.0
    }
}

impl<I, const MIN_ITEMS: usize, const MAX_ITEMS: usize> Deref
    for IntArray<I, MIN_ITEMS, MAX_ITEMS>
{
    type Target = Vec<I>;
    fn deref(&self) -> &Vec<I> {
        &self.0
    }
}

impl<I, const MIN_ITEMS: usize, const MAX_ITEMS: usize> DerefMut
    for IntArray<I, MIN_ITEMS, MAX_ITEMS>
{
    fn deref_mut(&mut self) -> &mut Vec<I> {
        &mut self.0
    }
}

impl<I, const MIN_ITEMS: usize, const MAX_ITEMS: usize> From<Vec<I>>
    for IntArray<I, MIN_ITEMS, MAX_ITEMS>
{
    fn from(v: Vec<I>) -> Self {
        IntArray(v)
    }
}

impl<'de, I: Integer, const MIN_ITEMS: usize, const MAX_ITEMS: usize> Deserialize<'de>
    for IntArray<I, MIN_ITEMS, MAX_ITEMS>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <IntArrayLike<MIN_ITEMS, MAX_ITEMS> as DeserializeAs<'de, Vec<I>>>::deserialize_as(
            deserializer,
        )
        .map(IntArray)
    }
}

impl<I: Serialize, const MIN_ITEMS: usize, const MAX_ITEMS: usize> Serialize
    for IntArray<I, MIN_ITEMS, MAX_ITEMS>
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

json_schema_as!(
    impl [I: Integer, const MIN_ITEMS: usize, const MAX_ITEMS: usize]
    IntArrayLike<MIN_ITEMS, MAX_ITEMS> => [Vec<I>, Option<Vec<I>>],
    name = format!("IntArray_{}_{MIN_ITEMS}_{MAX_ITEMS}", I::NAME),
    schema = schema_of::<I>(MIN_ITEMS, MAX_ITEMS),
);

json_schema_for!(
    impl [I: Integer, const MIN_ITEMS: usize, const MAX_ITEMS: usize]
    IntArray<I, MIN_ITEMS, MAX_ITEMS>,
    name = format!("IntArray_{}_{MIN_ITEMS}_{MAX_ITEMS}", I::NAME),
    schema = schema_of::<I>(MIN_ITEMS, MAX_ITEMS),
);

/// `{"type": "array", "items": {"type": "integer", ...}}` with the item bounds.
#[cfg(feature = "schemars")]
fn schema_of<I: Integer>(min_items: usize, max_items: usize) -> schemars::Schema {
    use crate::schema::{array, integer, schema, type_max};
    let items = integer(I::MIN_I128, type_max(I::MAX_U128));
    schema(array(items.into(), min_items, max_items).into())
}
