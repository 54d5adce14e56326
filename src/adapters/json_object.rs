//! Objects that may arrive JSON-encoded: `{"mode": "fast"}` or `"{\"mode\":\"fast\"}"` (at
//! most two layers of string encoding, at most [`MAX_ENCODED_LAYERS`] encoded objects inside
//! one another). Under the crate's entry points the issues inside the object are reported at
//! their paths inside the field, even when it arrived as a string. The table is
//! docs/contract.md's, "Scalars".
//!
//! [`JsonObjectLike`] is the marker, [`JsonObject`] the wrapper type.

use crate::shell::refuse_shapes;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};
use serde_with::{DeserializeAs, SerializeAs};

use crate::decode::{self, Held, OBJECT};
use crate::engine::notes;
use crate::engine::{self, Drive, EncodedLayer};
use crate::issue::IssueBuf;
use crate::issue::{Code, Input, Issue};
use crate::policy::{Optional, Required};
use crate::report::{self, Rule};
use crate::shell::invalid_type;

const HINT: &str = "send a JSON object, e.g. {\"key\": \"value\"}";

/// The object a string holds, peeled one `layer` at a time (two at most).
pub(crate) fn decode_object(
    text: &str,
    arrived: &str,
    layer: u8,
) -> Result<Map<String, Value>, Issue> {
    match decode::held(text, b'{') {
        Held::Json(t) => match serde_json::from_str::<Value>(t) {
            Ok(Value::Object(map)) => {
                notes::coerced(
                    Rule::JsonString,
                    || report::encoded(text),
                    || report::members(map.len()),
                );
                Ok(map)
            }
            Ok(_) => Err(not_object(arrived)),
            Err(e) => Err(decode::invalid_json(&OBJECT, &e, text, arrived)),
        },
        Held::Layer(_) if layer >= decode::MAX_LAYERS => Err(decode::too_encoded(&OBJECT, arrived)),
        Held::Layer(Ok(inner)) => {
            notes::peeled(text, &inner, || decode_object(&inner, arrived, layer + 1))
        }
        Held::Layer(Err(e)) => Err(decode::invalid_json(&OBJECT, &e, text, arrived)),
        Held::Plain(_) => Err(not_object(arrived)),
    }
}

#[cold]
fn not_object(arrived: &str) -> Issue {
    invalid_type("an object", "a string that does not hold one", HINT)
        .with_input(Input::from_text(arrived))
}

pub use crate::engine::MAX_ENCODED_LAYERS;

/// A string holding JSON text past [`MAX_ENCODED_LAYERS`] JSON-encoded objects (or, for
/// the generic array adapter, arrays) inside one another.
#[cold]
pub(crate) fn too_many_layers(arrived: &str) -> Issue {
    Issue::new(
        Code::TooDeep,
        format!(
            "expected at most {MAX_ENCODED_LAYERS} JSON-encoded objects or arrays inside one another, got more"
        ),
    )
    .with_input(Input::from_text(arrived))
    .with_hint("send the nested objects and arrays as JSON, not as strings")
    .with_context("maxLayers", MAX_ENCODED_LAYERS)
}

/// Reads `T` from an object or a string holding one; `None` only when `optional` and the
/// value is absent by the optional rules.
struct ObjectVisitor<T> {
    optional: bool,
    _t: PhantomData<T>,
}

impl<T: DeserializeOwned> ObjectVisitor<T> {
    /// What stands in for a refused value whose issues were recorded: `None` for an
    /// optional field, some `T` for a required one.
    fn stand_in<E: de::Error>(&self) -> Result<Option<T>, E> {
        if self.optional {
            Ok(None)
        } else {
            engine::placeholder::<T>()
                .map(Some)
                .ok_or_else(engine::silent)
        }
    }

    /// Refuse the value: recorded (driven by the engine) or one error of the format.
    fn refuse<E: de::Error>(&self, drive: Option<Drive>, issue: Issue) -> Result<Option<T>, E> {
        if drive.is_some() {
            engine::record(IssueBuf::one(issue));
            self.stand_in()
        } else {
            Err(crate::shell::fail_fast(IssueBuf::one(issue)))
        }
    }

    fn read_object<E: de::Error>(
        &self,
        drive: Option<Drive>,
        value: Value,
    ) -> Result<Option<T>, E> {
        match drive {
            Some(at) => match engine::read_object::<T>(value, at) {
                Some(t) => Ok(Some(t)),
                None => self.stand_in(),
            },
            None => T::deserialize(value).map(Some).map_err(E::custom),
        }
    }

    fn not<E: de::Error>(
        &self,
        drive: Option<Drive>,
        got: &str,
        input: Option<Input>,
    ) -> Result<Option<T>, E> {
        let issue = invalid_type("an object", got, HINT);
        self.refuse(drive, issue.with_input_if(input))
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for ObjectVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object, or a string holding one")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        match engine::take_drive() {
            Some(at) => {
                let access = de::value::MapAccessDeserializer::new(map);
                let object = Value::Object(Map::deserialize(access)?);
                self.read_object(Some(at), object)
            }
            None => T::deserialize(ObjectDe(map)).map(Some),
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        let drive = engine::take_drive();
        let t = v.trim();
        if self.optional && (t.is_empty() || t == "null") {
            notes::coerced(Rule::EmptyAsAbsent, || Some(Input::from_text(v)), || None);
            return Ok(None);
        }
        let Some(_layer) = EncodedLayer::enter() else {
            return self.refuse(drive, too_many_layers(v));
        };
        match decode_object(v, v, 1) {
            Ok(map) => self.read_object(drive, Value::Object(map)),
            Err(issue) => self.refuse(drive, issue),
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        let drive = engine::take_drive();
        if self.optional {
            return Ok(None);
        }
        self.not(drive, "null", Some(Input::Null))
    }

    refuse_shapes!(
        |this, got, input| this.not(engine::take_drive(), got, input);
        none some newtype booleans numbers bytes array
    );
}

/// The object a format handed over as a `MapAccess`, as a deserializer of any `T`: also
/// an `Option` of an object or a newtype struct around one, which serde's own
/// `MapAccessDeserializer` refuses (it answers every request with `visit_map`).
struct ObjectDe<A>(A);

impl<'de, A: MapAccess<'de>> Deserializer<'de> for ObjectDe<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.0)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        de::value::MapAccessDeserializer::new(self.0).deserialize_enum(name, variants, visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// Adapter for a field of any `T: Deserialize` that is an object, sent as an object or as a
/// string holding one. `JsonObjectLike<`[`Optional`]`>` reads an `Option<T>` field: absent,
/// `null`, `""` and `"null"` give `None` (see [`optional`](crate::optional) for the flag).
///
/// | sent | result |
/// |---|---|
/// | `{"mode": "fast"}`, `"{\"mode\":\"fast\"}"` | the object, read as `T` |
/// | `"{\"mode\":"` / `"[1]"`, `42`, `null` | `invalid_json` / `invalid_type` |
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntArrayLike, JsonObjectLike};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Filter {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "JsonObjectLike")]
///     filter: Filter,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"filter": "{\"ids\": \"1,2\"}"}"#)?;
/// assert_eq!(args.filter, Filter { ids: vec![1, 2] });
/// let refused = mcp_coerce::from_str::<Args>(r#"{"filter": "{\"ids\": \"1,x\"}"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].path().to_string(), "/filter/ids/1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `invalid_json`, `invalid_type`, `too_deep`, and whatever `T`'s own fields refuse.
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonObjectLike<F = Required>(PhantomData<F>);

impl<'de, T: DeserializeOwned> DeserializeAs<'de, T> for JsonObjectLike<Required> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        let read = crate::shell::adapt(
            deserializer,
            ObjectVisitor::<T> {
                optional: false,
                _t: PhantomData,
            },
        )?;
        match read {
            Some(t) => Ok(t),
            // Only an optional read gives `None`.
            None => Err(de::Error::custom("expected an object")),
        }
    }
}

impl<'de, T: DeserializeOwned> DeserializeAs<'de, Option<T>> for JsonObjectLike<Optional> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
        crate::shell::adapt(
            deserializer,
            ObjectVisitor::<T> {
                optional: true,
                _t: PhantomData,
            },
        )
    }
}

impl<T: Serialize> SerializeAs<T> for JsonObjectLike<Required> {
    fn serialize_as<S: Serializer>(source: &T, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<T: Serialize> SerializeAs<Option<T>> for JsonObjectLike<Optional> {
    fn serialize_as<S: Serializer>(source: &Option<T>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// A `T` read by [`JsonObjectLike`], as a value; every value of `T` is one
/// ([`JsonObject::new`] cannot fail).
///
/// # Examples
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// let at: mcp_coerce::JsonObject<Point> = serde_json::from_str(r#""{\"x\": 1, \"y\": 2}""#)?;
/// assert_eq!(at.into_inner(), Point { x: 1, y: 2 });
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct JsonObject<T>(T);

impl<T> JsonObject<T> {
    /// Wrap `value`.
    pub const fn new(value: T) -> Self {
        JsonObject(value)
    }
}

wrapper_value!(impl [T] JsonObject<T> => T, 0);

impl<T> From<T> for JsonObject<T> {
    fn from(value: T) -> Self {
        JsonObject(value)
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for JsonObject<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <JsonObjectLike as DeserializeAs<'de, T>>::deserialize_as(deserializer).map(JsonObject)
    }
}

impl<T: Serialize> Serialize for JsonObject<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

#[cfg(feature = "schemars")]
impl<T: schemars::JsonSchema> serde_with::schemars_1::JsonSchemaAs<T> for JsonObjectLike<Required> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        kit_annotation!(object T::json_schema(generator), false)
    }
}

#[cfg(feature = "schemars")]
impl<T: schemars::JsonSchema> serde_with::schemars_1::JsonSchemaAs<Option<T>>
    for JsonObjectLike<Optional>
{
    fn inline_schema() -> bool {
        T::inline_schema()
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        kit_annotation!(object T::json_schema(generator), true)
    }
}

#[cfg(feature = "schemars")]
impl<T: schemars::JsonSchema> schemars::JsonSchema for JsonObject<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        kit_annotation!(object T::json_schema(generator), false)
    }
}
