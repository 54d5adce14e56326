//! Arrays of any element type: `[{..}, {..}]`, `"[{..}, {..}]"`, or one lone element, each
//! element read by an element adapter. The table (lone elements, string-encoded elements,
//! layers) is docs/contract.md's, "Arrays of any element type"; how elements are read under
//! the crate's entry points and under other formats, "Wrapper types and adapters".

use std::fmt;
use std::marker::PhantomData;

use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use serde_with::{DeserializeAs, Same, SerializeAs};

use crate::decode::{self, ARRAY, Held};
use crate::engine::notes;
use crate::engine::{self, Drive, EncodedLayer};
use crate::issue::Input;
use crate::issue::IssueBuf;
use crate::policy::{self, ItemBounds};
use crate::report::{self, Rule};
use crate::shell::{Items, Outcome, invalid_type};

/// Adapter for an array of any element type `T`, each element read by the element adapter
/// `A` (serde_with's `Same`, the default, or any of the crate's adapters), with optional
/// bounds `N` on the number of items ([`Items`](crate::Items)): `ArrayLike<EnumLike>`,
/// `ArrayLike<Same, Items<1, 50>>`. Into a `Vec<T>`, or an `Option<Vec<T>>` with the
/// optional rules. [`Array`] is the wrapper type.
///
/// | sent | result |
/// |---|---|
/// | `[{"id": 1}]`, `"[{\"id\": 1}]"` | one element, read by `A` |
/// | `{"id": 1}`, `"open"`, `7` | a one-element array (a lone element) |
/// | `""` / `"[{\"id\": 1}"` / `null` | `[]` / `invalid_json` / `invalid_type` |
/// | an element `A` refuses | its issues at `/i`, every element's |
///
/// # Examples
///
/// ```
/// use mcp_coerce::{ArrayLike, Code, IntLike};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Update {
///     #[serde_as(as = "IntLike")]
///     id: i64,
/// }
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "ArrayLike")]
///     updates: Vec<Update>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"updates": "[{\"id\": \"1\"}]"}"#)?;
/// assert_eq!(args.updates, [Update { id: 1 }]);
/// let refused = mcp_coerce::from_str::<Args>(r#"{"updates": [{"id": "x"}, {}]}"#).unwrap_err();
/// let found: Vec<_> = refused.issues().iter().map(|i| (i.code(), i.path().to_string())).collect();
/// assert_eq!(found, [(Code::IntParsing, "/updates/0/id".into()), (Code::Missing, "/updates/1/id".into())]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `invalid_json`, `invalid_type`, `too_deep` (past
/// [`MAX_ENCODED_LAYERS`](crate::json_object::MAX_ENCODED_LAYERS) encoded layers),
/// `too_short`/`too_long`, and whatever `A` refuses, at the element's index.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArrayLike<A = Same, N = policy::Items>(PhantomData<(A, N)>);

/// One element, read by `A`.
struct ElementSeed<A, T>(PhantomData<(A, T)>);

impl<A, T> ElementSeed<A, T> {
    fn new() -> Self {
        ElementSeed(PhantomData)
    }
}

impl<'de, A: DeserializeAs<'de, T>, T> DeserializeSeed<'de> for ElementSeed<A, T> {
    type Value = T;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        A::deserialize_as(d)
    }
}

/// One element read by `A`, as a type of its own: the engine learns the plan of required
/// fields of an element from its `Deserialize` where the call's plan has none.
struct Element<A, T>(PhantomData<(A, T)>);

impl<'de, A: DeserializeAs<'de, T>, T> Deserialize<'de> for Element<A, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        A::deserialize_as(d).map(|_| Element(PhantomData))
    }
}

const EXPECTED: &str = "an array";
const HINT: &str =
    "send a JSON array of the elements the inputSchema describes, e.g. [{\"id\": 1}]";

/// The visitor of every shape: the elements, or `None` (only when `optional` and the value
/// is absent by the optional rules).
struct ArrayVisitor<A, T> {
    min: usize,
    max: usize,
    optional: bool,
    _p: PhantomData<(A, T)>,
}

impl<A, T> ArrayVisitor<A, T>
where
    A: for<'a> DeserializeAs<'a, T>,
{
    fn new(min: usize, max: usize, optional: bool) -> Self {
        ArrayVisitor {
            min,
            max,
            optional,
            _p: PhantomData,
        }
    }

    fn items(&self, hint: Option<usize>) -> Items<T> {
        Items::new(self.min, self.max, hint)
    }

    /// The end of every shape: the elements, or the adapter's own issues. Driven by the
    /// engine, those are recorded and an empty array stands in; otherwise they are one
    /// error of the caller's format.
    fn settle<E: de::Error>(
        drive: Option<Drive>,
        outcome: Outcome<Vec<T>>,
    ) -> Result<Option<Vec<T>>, E> {
        match outcome {
            Ok(items) => Ok(Some(items)),
            Err(issues) if drive.is_some() => {
                engine::record(issues);
                Ok(Some(Vec::new()))
            }
            Err(issues) => Err(crate::shell::fail_fast(issues)),
        }
    }

    /// Elements the engine holds (native, decoded, or one lone value), read through it. An
    /// element that is a string holding one JSON object, for an element type read from an
    /// object, is decoded first (see [`ObjectText`]).
    fn engine_items(&self, at: Drive, items: &mut [Value]) -> Outcome<Vec<T>> {
        let mut kept = self.items(Some(items.len()));
        let objects = ObjectText::of::<A, T>(items);
        engine::read_items::<Element<A, T>, T>(
            items,
            at,
            |item| objects.as_ref().and_then(|o| o.decode(item)),
            |de| A::deserialize_as(de),
            |item| match item {
                Some(item) => kept.push(Ok(item)),
                None => kept.count_only(),
            },
        );
        kept.finish()
    }

    /// Elements read from a format's sequence by `A`; the first refused element ends the
    /// read with its error.
    fn seq_items<'de, S: SeqAccess<'de>>(&self, mut seq: S) -> Result<Outcome<Vec<T>>, S::Error> {
        let mut kept = self.items(seq.size_hint());
        while let Some(item) = seq.next_element_seed(ElementSeed::<A, T>::new())? {
            kept.push(Ok(item));
        }
        Ok(kept.finish())
    }

    /// One lone value (not an array) as a one-element array, read by `A` from `d`.
    fn lone<'de, D: Deserializer<'de>>(&self, d: D) -> Result<Outcome<Vec<T>>, D::Error> {
        notes::coerced(Rule::ScalarWrap, || None, || report::items(1));
        let item = A::deserialize_as(d)?;
        let mut kept = self.items(Some(1));
        kept.push(Ok(item));
        Ok(kept.finish())
    }

    /// A string: JSON array text, another layer of string encoding, `""` (no elements), or
    /// a lone element. `arrived` is the string as it was sent, for messages; `layer`
    /// counts the layers peeled to get to `s`.
    fn text<E: de::Error>(
        &self,
        drive: Option<Drive>,
        s: &str,
        arrived: &str,
        layer: u8,
    ) -> Result<Outcome<Vec<T>>, E> {
        match decode::held(s, b'[') {
            Held::Json(t) => {
                let Some(_layer) = EncodedLayer::enter() else {
                    return Ok(Err(IssueBuf::one(crate::json_object::too_many_layers(
                        arrived,
                    ))));
                };
                match drive {
                    Some(at) => Ok(match serde_json::from_str::<Value>(t) {
                        Ok(Value::Array(mut items)) => {
                            let first = notes::mark();
                            let before = engine::entry_mark();
                            let out = self.engine_items(at, &mut items);
                            engine::locate_since(before, s, t);
                            notes::coerced_first(
                                first,
                                Rule::JsonString,
                                || report::encoded(s),
                                || report::items(items.len()),
                            );
                            out
                        }
                        Ok(_) => Err(IssueBuf::one(not_array(arrived))),
                        Err(e) => Err(IssueBuf::one(decode::invalid_json(&ARRAY, &e, s, arrived))),
                    }),
                    None => self.json_text(s, t, arrived),
                }
            }
            Held::Layer(_) if layer + 1 >= decode::MAX_LAYERS => {
                Ok(Err(IssueBuf::one(decode::too_encoded(&ARRAY, arrived))))
            }
            Held::Layer(Ok(inner)) => {
                notes::peeled(s, &inner, || self.text(drive, &inner, arrived, layer + 1))
            }
            Held::Plain("") => {
                notes::coerced(
                    Rule::CommaSplit,
                    || Some(Input::from_text(s)),
                    || report::items(0),
                );
                Ok(self.items(None).finish())
            }
            // A lone element (a quote that starts no valid JSON string included), as it is.
            Held::Layer(Err(_)) | Held::Plain(_) => match drive {
                Some(at) => {
                    notes::coerced(
                        Rule::ScalarWrap,
                        || Some(Input::from_text(s)),
                        || report::items(1),
                    );
                    let mut items = [Value::String(s.to_owned())];
                    Ok(self.engine_items(at, &mut items))
                }
                None => self.lone(IntoDeserializer::<'_, E>::into_deserializer(s)),
            },
        }
    }

    /// JSON array text read by serde_json, the first refused element ending the read.
    #[cold]
    fn json_text<E: de::Error>(
        &self,
        s: &str,
        t: &str,
        arrived: &str,
    ) -> Result<Outcome<Vec<T>>, E> {
        let mut reader = serde_json::Deserializer::from_str(t);
        let inner = JsonSeq::<A, T> {
            min: self.min,
            max: self.max,
            _p: PhantomData,
        };
        match reader
            .deserialize_seq(inner)
            .and_then(|outcome| reader.end().map(|()| outcome))
        {
            Ok(outcome) => {
                let n = outcome.as_ref().map_or(0, Vec::len);
                notes::coerced(Rule::JsonString, || report::encoded(s), || report::items(n));
                Ok(outcome)
            }
            Err(e) if e.is_data() => Err(E::custom(e)),
            Err(e) => Ok(Err(IssueBuf::one(decode::invalid_json(
                &ARRAY, &e, s, arrived,
            )))),
        }
    }

    /// Refuse a value that is no array and no element: `null`, bytes.
    fn refuse(got: &str, input: Option<Input>) -> Outcome<Vec<T>> {
        let issue = invalid_type(EXPECTED, got, HINT);
        Err(IssueBuf::one(issue.with_input_if(input)))
    }
}

/// Elements sent as strings holding JSON objects (`["{\"id\": 1}"]`), for an element type
/// read from an object: each is decoded as [`JsonObjectLike`](crate::JsonObjectLike) decodes
/// a field (at most two layers of string encoding; `json_string` at the element's path;
/// `invalid_json` at the element when its text does not parse), and read in its place.
/// Together they count as one JSON-encoded layer toward `MAX_ENCODED_LAYERS`.
struct ObjectText {
    /// `None` past `MAX_ENCODED_LAYERS`: each such element is then `too_deep`.
    layer: Option<EncodedLayer>,
}

impl ObjectText {
    /// Where `items` holds a string that may hold an object and `A` reads `T` from an
    /// object: the decoder of such elements. `None` otherwise (most arrays: nothing to do,
    /// after a look at the first char of each string element).
    fn of<A: for<'a> DeserializeAs<'a, T>, T>(items: &[Value]) -> Option<Self> {
        let maybe = items.iter().any(|item| match item {
            Value::String(s) => s.trim_start().starts_with(['{', '"']),
            _ => false,
        });
        (maybe && reads_object::<A, T>()).then(|| ObjectText {
            layer: EncodedLayer::enter(),
        })
    }

    /// The object an element holds, or why it holds none; `None` for an element that is
    /// not such a string (read as it is).
    fn decode(&self, item: &Value) -> Option<Result<Value, crate::issue::Issue>> {
        let Value::String(s) = item else {
            return None;
        };
        if !holds_object(s) {
            return None;
        }
        if self.layer.is_none() {
            return Some(Err(crate::json_object::too_many_layers(s)));
        }
        Some(crate::json_object::decode_object(s, s, 1).map(Value::Object))
    }
}

/// Whether a string may hold a JSON object: JSON object text, or another layer of string
/// encoding.
fn holds_object(s: &str) -> bool {
    matches!(decode::held(s, b'{'), Held::Json(_) | Held::Layer(Ok(_)))
}

/// Whether `A` reads `T` from an object: asked of `A` with a deserializer that answers
/// nothing and notes whether a struct or a map was asked for (through `Option`s and
/// newtypes). The crate's own adapters (`JsonObjectLike`, `SafeObjectLike`) read strings
/// themselves, and are not.
fn reads_object<A: for<'a> DeserializeAs<'a, T>, T>() -> bool {
    let asked = std::cell::Cell::new(false);
    let _ = A::deserialize_as(ShapeProbe(&asked));
    asked.get()
}

/// See [`reads_object`].
struct ShapeProbe<'a>(&'a std::cell::Cell<bool>);

impl<'de> Deserializer<'de> for ShapeProbe<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("probe"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.set(true);
        Err(de::Error::custom("probe"))
    }

    fn deserialize_map<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        self.0.set(true);
        Err(de::Error::custom("probe"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        // The crate's adapters ask for their own private newtypes: they read every shape
        // themselves.
        if name.starts_with("$mcp_coerce::") {
            return Err(de::Error::custom("probe"));
        }
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct enum identifier ignored_any
    }
}

#[cold]
fn not_array(arrived: &str) -> crate::issue::Issue {
    invalid_type(EXPECTED, "a string that does not hold one", HINT)
        .with_input(Input::from_text(arrived))
}

/// The elements of JSON array text, read by serde_json (outside the engine).
struct JsonSeq<A, T> {
    min: usize,
    max: usize,
    _p: PhantomData<(A, T)>,
}

impl<'de, A: DeserializeAs<'de, T>, T> Visitor<'de> for JsonSeq<A, T> {
    type Value = Outcome<Vec<T>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
        let mut kept = Items::new(self.min, self.max, seq.size_hint());
        while let Some(item) = seq.next_element_seed(ElementSeed::<A, T>::new())? {
            kept.push(Ok(item));
        }
        Ok(kept.finish())
    }
}

/// A lone scalar: read by `A` outside the engine (the engine hands lone values over as
/// one-element arrays).
macro_rules! lone_scalars {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(fn $method<E: de::Error>(self, v: $ty) -> Result<Self::Value, E> {
            let drive = engine::take_drive();
            let outcome = self.lone(IntoDeserializer::<'de, E>::into_deserializer(v))?;
            Self::settle(drive, outcome)
        })*
    };
}

impl<'de, A, T> Visitor<'de> for ArrayVisitor<A, T>
where
    A: for<'a> DeserializeAs<'a, T>,
{
    type Value = Option<Vec<T>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array, a JSON array string, or one element")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, seq: S) -> Result<Self::Value, S::Error> {
        let drive = engine::take_drive();
        // Driven by the engine on a native array (or a lone value): the elements in a loop
        // of our own, each read by the engine at its index.
        if let Some(at) = drive
            && let Some(mut items) = engine::take_native_array()
        {
            let outcome = self.engine_items(at, &mut items);
            engine::give_back_native_array(items);
            return Self::settle(drive, outcome);
        }
        let outcome = self.seq_items(seq)?;
        Self::settle(drive, outcome)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        let drive = engine::take_drive();
        let t = v.trim();
        if self.optional && (t.is_empty() || t == "null") {
            notes::coerced(Rule::EmptyAsAbsent, || Some(Input::from_text(v)), || None);
            return Ok(None);
        }
        let outcome = self.text(drive, v, v, 0)?;
        Self::settle(drive, outcome)
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Self::Value, M::Error> {
        let drive = engine::take_drive();
        let outcome = self.lone(de::value::MapAccessDeserializer::new(map))?;
        Self::settle(drive, outcome)
    }

    lone_scalars!(
        visit_bool(bool),
        visit_i64(i64),
        visit_u64(u64),
        visit_i128(i128),
        visit_u128(u128),
        visit_f64(f64),
    );

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        let drive = engine::take_drive();
        if self.optional {
            return Ok(None);
        }
        Self::settle(drive, Self::refuse("null", Some(Input::Null)))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    /// Any deserializer but the engine answers `engine::adapt_array`'s request with this.
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Self::Value, E> {
        let drive = engine::take_drive();
        Self::settle(drive, Self::refuse("bytes", None))
    }
}

impl<'de, A, T, N: ItemBounds> DeserializeAs<'de, Vec<T>> for ArrayLike<A, N>
where
    A: for<'a> DeserializeAs<'a, T>,
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Vec<T>, D::Error> {
        engine::adapt_array(
            deserializer,
            ArrayVisitor::<A, T>::new(N::MIN, N::MAX, false),
        )
        .map(Option::unwrap_or_default)
    }
}

impl<'de, A, T, N: ItemBounds> DeserializeAs<'de, Option<Vec<T>>> for ArrayLike<A, N>
where
    A: for<'a> DeserializeAs<'a, T>,
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<T>>, D::Error> {
        engine::adapt_array(
            deserializer,
            ArrayVisitor::<A, T>::new(N::MIN, N::MAX, true),
        )
    }
}

impl<A: SerializeAs<T>, T, N> SerializeAs<Vec<T>> for ArrayLike<A, N> {
    fn serialize_as<S: Serializer>(source: &Vec<T>, serializer: S) -> Result<S::Ok, S::Error> {
        <Vec<A> as SerializeAs<Vec<T>>>::serialize_as(source, serializer)
    }
}

impl<A: SerializeAs<T>, T, N> SerializeAs<Option<Vec<T>>> for ArrayLike<A, N> {
    fn serialize_as<S: Serializer>(
        source: &Option<Vec<T>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        <Option<Vec<A>> as SerializeAs<Option<Vec<T>>>>::serialize_as(source, serializer)
    }
}

/// An array read by [`ArrayLike<A, N>`](ArrayLike), as a value. `Option<Array<..>>` follows
/// serde's own rules; for the crate's optional rules use [`ArrayLike`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Array, Code, Items};
/// use serde_with::Same;
///
/// let ids: Array<u8> = serde_json::from_str(r#""[1, 2]""#)?;
/// assert_eq!(ids.into_inner(), [1, 2]);
/// assert_eq!(Array::<u8, Same, Items<1, 5>>::new(vec![]).unwrap_err().issues()[0].code(), Code::TooShort);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub struct Array<T, A = Same, N = policy::Items>(Vec<T>, PhantomData<(A, N)>);

/// Only with the element adapter `Same`: the elements are values of `T` already, where an
/// adapter `A` could refuse some (`IntLike<1, 5>` refuses `100`); an `Array` with another
/// `A` comes from reading one.
impl<T, N: ItemBounds> Array<T, Same, N> {
    /// `items`, their count checked against `N` as [`ArrayLike<Same, N>`](ArrayLike) checks
    /// it.
    ///
    /// # Errors
    ///
    /// `too_short`, `too_long`, in a [`Rejection`](crate::Rejection).
    pub fn new(items: Vec<T>) -> Result<Self, crate::Rejection> {
        super::counted::<T, N>(items).map(|items| Array(items, PhantomData))
    }
}

wrapper_value!(impl [T, A, N] Array<T, A, N> => Vec<T>, 0);

impl<T: Clone, A, N> Clone for Array<T, A, N> {
    fn clone(&self) -> Self {
        Array(self.0.clone(), PhantomData)
    }
}

impl<T: fmt::Debug, A, N> fmt::Debug for Array<T, A, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<T: PartialEq, A, N> PartialEq for Array<T, A, N> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<T, N: ItemBounds> TryFrom<Vec<T>> for Array<T, Same, N> {
    type Error = crate::Rejection;
    fn try_from(items: Vec<T>) -> Result<Self, crate::Rejection> {
        Array::new(items)
    }
}

impl<'de, T, A, N: ItemBounds> Deserialize<'de> for Array<T, A, N>
where
    A: for<'a> DeserializeAs<'a, T>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <ArrayLike<A, N> as DeserializeAs<'de, Vec<T>>>::deserialize_as(deserializer)
            .map(|items| Array(items, PhantomData))
    }
}

impl<T, A: SerializeAs<T>, N> Serialize for Array<T, A, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        <Vec<A> as SerializeAs<Vec<T>>>::serialize_as(&self.0, serializer)
    }
}

#[cfg(feature = "schemars")]
mod schema {
    use std::borrow::Cow;

    use schemars::{JsonSchema, Schema, SchemaGenerator};
    use serde_with::schemars_1::JsonSchemaAs;

    use super::{Array, ArrayLike, ItemBounds};

    /// `{"type": "array", "items": <A's schema of T>}` with the item bounds.
    fn schema_of<T, A: JsonSchemaAs<T>>(
        generator: &mut SchemaGenerator,
        min_items: usize,
        max_items: usize,
    ) -> Schema {
        let items = generator.subschema_for::<serde_with::Schema<T, A>>();
        crate::schema::schema(crate::schema::array(items.to_value(), min_items, max_items).into())
    }

    fn name_of<T, A: JsonSchemaAs<T>>(min_items: usize, max_items: usize) -> Cow<'static, str> {
        Cow::Owned(format!(
            "Array_{}_{min_items}_{max_items}",
            <serde_with::Schema<T, A> as JsonSchema>::schema_name()
        ))
    }

    impl<T, A: JsonSchemaAs<T>, N: ItemBounds> JsonSchemaAs<Vec<T>> for ArrayLike<A, N> {
        fn inline_schema() -> bool {
            true
        }
        fn schema_name() -> Cow<'static, str> {
            name_of::<T, A>(N::MIN, N::MAX)
        }
        fn json_schema(generator: &mut SchemaGenerator) -> Schema {
            kit_annotation!(array schema_of::<T, A>(generator, N::MIN, N::MAX), false)
        }
    }

    impl<T, A: JsonSchemaAs<T>, N: ItemBounds> JsonSchemaAs<Option<Vec<T>>> for ArrayLike<A, N> {
        fn inline_schema() -> bool {
            true
        }
        fn schema_name() -> Cow<'static, str> {
            name_of::<T, A>(N::MIN, N::MAX)
        }
        fn json_schema(generator: &mut SchemaGenerator) -> Schema {
            kit_annotation!(array schema_of::<T, A>(generator, N::MIN, N::MAX), true)
        }
    }

    impl<T, A: JsonSchemaAs<T>, N: ItemBounds> JsonSchema for Array<T, A, N> {
        fn inline_schema() -> bool {
            true
        }
        fn schema_name() -> Cow<'static, str> {
            name_of::<T, A>(N::MIN, N::MAX)
        }
        fn json_schema(generator: &mut SchemaGenerator) -> Schema {
            kit_annotation!(array schema_of::<T, A>(generator, N::MIN, N::MAX), false)
        }
    }
}
