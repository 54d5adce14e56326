//! Lenient enums: exact names first (any name or alias serde accepts), then a unique match
//! ignoring case and the separators `-` `_` space `/` `.`; a folded form two variants share
//! matches neither. An unknown value is `enum_unknown` with the allowed values, and a
//! `did you mean` hint for one close value. The table is docs/contract.md's, "Scalars".
//!
//! [`EnumLike`] is the marker, [`Enum`] the wrapper type.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, Visitor};
use serde::ser::{self, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::issue::IssueBuf;
use crate::issue::{Code, Input, Issue};
use crate::policy::{Optional, Required};
use crate::rules::fold::fold;
use crate::shell::{MapVisitor, Optional as OptionalRules, Outcome, Settled, TextOnly, TextShape};

/// Why an enum type cannot be read by [`EnumLike`] (see [`canonical_names`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EnumShapeError {
    /// The type does not deserialize as an externally tagged enum (untagged, internally or
    /// adjacently tagged, or not an enum at all).
    #[error(
        "not an externally tagged enum: the lenient enum adapter needs `#[derive(Deserialize)]` on an enum without `#[serde(tag)]` or `#[serde(untagged)]`"
    )]
    NotExternallyTagged,
    /// A variant carries data.
    #[error(
        "variant `{0}` is not a unit variant: the lenient enum adapter reads unit variants only"
    )]
    NotUnit(&'static str),
}

/// Every name the enum's `Deserialize` accepts (canonical names and aliases).
fn accepted_names<E: DeserializeOwned>() -> Result<&'static [&'static str], EnumShapeError> {
    probe::<E>().0.ok_or(EnumShapeError::NotExternallyTagged)
}

/// What `E`'s `Deserialize` asks for: the variant names, and whether `E` is an `Option`
/// of the enum (so that `EnumLike` also serves `Option<E>` fields).
fn probe<E: DeserializeOwned>() -> (Option<&'static [&'static str]>, bool) {
    let mut probe = Probe {
        variants: None,
        optional: false,
    };
    let _ = E::deserialize(&mut probe);
    (probe.variants, probe.optional)
}

/// The canonical (serialized) names of `E`'s variants, in declaration order.
///
/// # Errors
///
/// [`EnumShapeError`] when `E` is not an externally tagged enum of unit variants.
///
/// # Examples
///
/// ```
/// use mcp_coerce::enums::canonical_names;
///
/// #[derive(serde::Deserialize, serde::Serialize)]
/// #[serde(rename_all = "snake_case")]
/// enum OrderBy { DateDesc, #[serde(alias = "oldest")] DateAsc }
/// assert_eq!(canonical_names::<OrderBy>()?, ["date_desc", "date_asc"]);
///
/// #[derive(serde::Deserialize, serde::Serialize)]
/// #[serde(untagged)]
/// enum Untagged { A(u8) }
/// assert!(canonical_names::<Untagged>().unwrap_err().to_string().contains("externally tagged"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn canonical_names<E: DeserializeOwned + Serialize>()
-> Result<Vec<&'static str>, EnumShapeError> {
    Ok(variants::<E>()?.into_iter().map(|v| v.canonical).collect())
}

/// One variant: its declaration index, canonical name, and every name that reads as it.
struct Variant {
    index: u32,
    canonical: &'static str,
    names: Vec<&'static str>,
}

fn variants<E: DeserializeOwned + Serialize>() -> Result<Vec<Variant>, EnumShapeError> {
    let mut out: Vec<Variant> = Vec::new();
    for &name in accepted_names::<E>()? {
        let value =
            E::deserialize(NameDe(Some(name))).map_err(|_| EnumShapeError::NotUnit(name))?;
        let (index, canonical) = value
            .serialize(NameSerializer)
            .map_err(|_| EnumShapeError::NotUnit(name))?;
        match out.iter_mut().find(|v| v.index == index) {
            Some(variant) => variant.names.push(name),
            None => out.push(Variant {
                index,
                canonical,
                names: vec![name],
            }),
        }
    }
    out.sort_by_key(|v| v.index);
    Ok(out)
}

/// The one enum check, past an exact match: a unique folded match, else `enum_unknown`.
fn resolve<E: DeserializeOwned + Serialize>(sent: &str) -> Result<E, Issue> {
    let variants = match variants::<E>() {
        Ok(v) => v,
        Err(shape) => {
            // A bug in the server, not in the call: say so, and keep the details for the
            // developer in the context.
            return Err(Issue::new(
                Code::Custom,
                "the server cannot read this field: its type is not supported (a server bug)",
            )
            .with_hint(
                "this cannot be fixed by changing the call; report it to the server's maintainers",
            )
            .with_context("server_error", shape.to_string()));
        }
    };
    let folded = fold(sent);
    let mut found: Option<&Variant> = None;
    let mut ambiguous = false;
    for variant in &variants {
        if variant.names.iter().any(|n| fold(n) == folded) {
            if found.is_some_and(|f| f.index != variant.index) {
                ambiguous = true;
            }
            found = Some(variant);
        }
    }
    if let (Some(variant), false) = (found, ambiguous)
        && let Ok(value) = E::deserialize(NameDe(Some(variant.canonical)))
    {
        // Whitespace around a name is part of reading it: only folding is reported.
        let trimmed = crate::shell::trim(sent);
        if variant.names.contains(&trimmed) {
            return Ok(value);
        }
        crate::engine::notes::coerced(
            crate::report::Rule::EnumFold,
            || Some(Input::from_text(sent)),
            || Some(Input::from_text(variant.canonical)),
        );
        return Ok(value);
    }
    if crate::engine::issues_full() {
        // Only counted from here on: the allowed values and the suggestion would be
        // built for nothing, for every refused element of a long array.
        return Err(Issue::new(Code::EnumUnknown, "unknown value"));
    }
    let allowed: Vec<&str> = variants.iter().map(|v| v.canonical).collect();
    let mut issue = Issue::new(Code::EnumUnknown, "unknown value")
        .with_input(Input::from_text(sent))
        .with_context("allowed", allowed.clone());
    let suggestion = crate::rules::enums::suggestion(variants.iter().map(|v| v.canonical), sent);
    issue = match suggestion {
        Some(name) => issue
            .with_hint(format!("did you mean \"{name}\"?"))
            .with_context("did_you_mean", name),
        None => issue.with_hint(crate::words::one_of_hint(&allowed)),
    };
    Err(issue)
}

/// The shape of a lenient enum: a string, resolved by name (exact, then folded).
struct EnumScalar<E>(PhantomData<E>);

impl<E: DeserializeOwned + Serialize> TextShape for EnumScalar<E> {
    type Output = E;
    const EXPECTED: &'static str = "one of the enum's values";
    const HINT: &'static str = "send one of the values listed in the inputSchema, as a string";

    fn text(self, text: &str) -> Outcome<E> {
        // Exact first: any name or alias serde itself accepts.
        if let Ok(value) = E::deserialize(NameDe(Some(text))) {
            return Ok(value);
        }
        resolve::<E>(text).map_err(IssueBuf::one)
    }
}

/// Adapter for an enum of unit variants read leniently (see the [module docs](self)); the
/// enum derives `Deserialize` and `Serialize` (which tells the canonical names). On an
/// `Option` field, `EnumLike<`[`Optional`]`>` (or `EnumLike`, which recognizes the `Option`):
/// absent, `null`, `""` and whitespace give `None`. An enum of another shape is refused with
/// a `custom` issue blaming the server; [`canonical_names`] says why. [`Enum`] is the
/// wrapper type.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, EnumLike};
/// use serde::{Deserialize, Serialize};
/// use serde_with::serde_as;
///
/// #[derive(Deserialize, Serialize, Debug, PartialEq)]
/// enum Category {
///     #[serde(rename = "AI/ML")]
///     AiMl,
///     DevOps,
/// }
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "EnumLike")]
///     category: Category,
/// }
/// for sent in ["AI/ML", "ai-ml", "ai ml", "AI_ML", "aiml"] {
///     let args: Args = mcp_coerce::from_str(&format!(r#"{{"category": "{sent}"}}"#))?;
///     assert_eq!(args.category, Category::AiMl);
/// }
/// let refused = mcp_coerce::from_str::<Args>(r#"{"category": "devop"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::EnumUnknown);
/// assert_eq!(refused.issues()[0].hint(), r#"did you mean "DevOps"?"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `enum_unknown` (with `allowed`, and `did_you_mean` for one close value), `invalid_type`.
#[derive(Clone, Copy, Debug, Default)]
pub struct EnumLike<F = Required>(PhantomData<F>);

impl<'de, E: DeserializeOwned + Serialize> DeserializeAs<'de, E> for EnumLike<Required> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<E, D::Error> {
        if !probe::<E>().1 {
            return crate::shell::adapt(
                deserializer,
                Settled(TextOnly(EnumScalar::<E>(PhantomData))),
            );
        }
        // `E` is `Option<Enum>`: the optional rules, with `None` made through `E` itself.
        crate::shell::adapt(
            deserializer,
            Settled(MapVisitor {
                inner: OptionalRules {
                    inner: TextOnly(EnumScalar::<E>(PhantomData)),
                    empty_is_none: true,
                    null_text_is_none: false,
                },
                map: |read: Outcome<Option<E>>| match read? {
                    Some(value) => Ok(value),
                    None => E::deserialize(NameDe(None)).map_err(|_| {
                        IssueBuf::one(Issue::new(
                            Code::Custom,
                            "the server cannot read this field",
                        ))
                    }),
                },
            }),
        )
    }
}

impl<'de, E: DeserializeOwned + Serialize> DeserializeAs<'de, Option<E>> for EnumLike<Optional> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<E>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(OptionalRules {
                inner: TextOnly(EnumScalar::<E>(PhantomData)),
                empty_is_none: true,
                null_text_is_none: false,
            }),
        )
    }
}

impl<E: Serialize> SerializeAs<E> for EnumLike<Required> {
    fn serialize_as<S: Serializer>(source: &E, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<E: Serialize> SerializeAs<Option<E>> for EnumLike<Optional> {
    fn serialize_as<S: Serializer>(source: &Option<E>, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// An enum read by [`EnumLike`], as a value; every value of `E` is one ([`Enum::new`] cannot
/// fail).
///
/// # Examples
///
/// ```
/// #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
/// enum Color { Red, DarkBlue }
///
/// let color: mcp_coerce::Enum<Color> = serde_json::from_str(r#""dark-blue""#)?;
/// assert_eq!(color.into_inner(), Color::DarkBlue);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Enum<E>(E);

impl<E> Enum<E> {
    /// Wrap `value`.
    pub const fn new(value: E) -> Self {
        Enum(value)
    }
}

wrapper_value!(impl [E] Enum<E> => E, 0);

impl<E> From<E> for Enum<E> {
    fn from(value: E) -> Self {
        Enum(value)
    }
}

impl<'de, E: DeserializeOwned + Serialize> Deserialize<'de> for Enum<E> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <EnumLike as DeserializeAs<'de, E>>::deserialize_as(deserializer).map(Enum)
    }
}

impl<E: Serialize> Serialize for Enum<E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The error of the probing deserializer and serializer: its content never matters.
#[derive(Debug)]
struct ProbeError;

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("probe")
    }
}

impl std::error::Error for ProbeError {}

impl de::Error for ProbeError {
    fn custom<T: fmt::Display>(_: T) -> Self {
        ProbeError
    }
}

impl ser::Error for ProbeError {
    fn custom<T: fmt::Display>(_: T) -> Self {
        ProbeError
    }
}

/// A deserializer that only records the variant names `deserialize_enum` is given, and
/// whether an `Option` was asked for on the way.
struct Probe {
    variants: Option<&'static [&'static str]>,
    optional: bool,
}

impl<'de> Deserializer<'de> for &mut Probe {
    type Error = ProbeError;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, ProbeError> {
        Err(ProbeError)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, ProbeError> {
        self.variants = Some(variants);
        Err(ProbeError)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ProbeError> {
        if self.optional {
            // `Option<Option<_>>`: not a field of enum values.
            return Err(ProbeError);
        }
        self.optional = true;
        visitor.visit_some(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// A variant name (or, for an `Option` of the enum, its absence) as a deserializer, to
/// make a value of the enum (or of `Option<Enum>`) from a name.
struct NameDe<'a>(Option<&'a str>);

impl<'de> Deserializer<'de> for NameDe<'_> {
    type Error = ProbeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ProbeError> {
        match self.0 {
            Some(name) => visitor.visit_str(name),
            None => visitor.visit_unit(),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ProbeError> {
        match self.0 {
            Some(_) => visitor.visit_some(self),
            None => visitor.visit_none(),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ProbeError> {
        match self.0 {
            Some(name) => visitor.visit_enum(de::value::StrDeserializer::new(name)),
            None => Err(ProbeError),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// A serializer that only accepts a unit variant, and returns its index and name.
struct NameSerializer;

macro_rules! refuse_ser {
    ($($method:ident($($arg:ty),*) -> $ret:ty;)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<$ret, ProbeError> {
            Err(ProbeError)
        })*
    };
}

impl Serializer for NameSerializer {
    type Ok = (u32, &'static str);
    type Error = ProbeError;
    type SerializeSeq = ser::Impossible<Self::Ok, ProbeError>;
    type SerializeTuple = ser::Impossible<Self::Ok, ProbeError>;
    type SerializeTupleStruct = ser::Impossible<Self::Ok, ProbeError>;
    type SerializeTupleVariant = ser::Impossible<Self::Ok, ProbeError>;
    type SerializeMap = ser::Impossible<Self::Ok, ProbeError>;
    type SerializeStruct = ser::Impossible<Self::Ok, ProbeError>;
    type SerializeStructVariant = ser::Impossible<Self::Ok, ProbeError>;

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<Self::Ok, ProbeError> {
        Ok((index, variant))
    }

    refuse_ser! {
        serialize_bool(bool) -> Self::Ok;
        serialize_i8(i8) -> Self::Ok;
        serialize_i16(i16) -> Self::Ok;
        serialize_i32(i32) -> Self::Ok;
        serialize_i64(i64) -> Self::Ok;
        serialize_u8(u8) -> Self::Ok;
        serialize_u16(u16) -> Self::Ok;
        serialize_u32(u32) -> Self::Ok;
        serialize_u64(u64) -> Self::Ok;
        serialize_f32(f32) -> Self::Ok;
        serialize_f64(f64) -> Self::Ok;
        serialize_char(char) -> Self::Ok;
        serialize_str(&str) -> Self::Ok;
        serialize_bytes(&[u8]) -> Self::Ok;
        serialize_none() -> Self::Ok;
        serialize_unit() -> Self::Ok;
        serialize_unit_struct(&'static str) -> Self::Ok;
        serialize_seq(Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(usize) -> Self::SerializeTuple;
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant;
        serialize_map(Option<usize>) -> Self::SerializeMap;
        serialize_struct(&'static str, usize) -> Self::SerializeStruct;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant;
    }

    /// `Some(variant)` of an `Option` of the enum: the variant's name.
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Self::Ok, ProbeError> {
        value.serialize(NameSerializer)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<Self::Ok, ProbeError> {
        Err(ProbeError)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Self::Ok, ProbeError> {
        Err(ProbeError)
    }
}

json_schema_as!(
    impl [E: DeserializeOwned + Serialize] EnumLike<Required> => [E],
    name = format!("Enum_{}", std::any::type_name::<E>().replace(|c: char| !c.is_ascii_alphanumeric(), "_")),
    schema = schema_of::<E>(),
);

json_schema_as!(
    impl [E: DeserializeOwned + Serialize] EnumLike<Optional> => [Option<E>],
    name = format!("Enum_{}", std::any::type_name::<E>().replace(|c: char| !c.is_ascii_alphanumeric(), "_")),
    schema = schema_of::<E>(),
);

json_schema_for!(
    impl [E: DeserializeOwned + Serialize] Enum<E>,
    name = format!("Enum_{}", std::any::type_name::<E>().replace(|c: char| !c.is_ascii_alphanumeric(), "_")),
    schema = schema_of::<E>(),
);

/// `{"type": "string", "enum": [canonical names]}`; an enum of another shape gets a
/// plain string schema whose description says why (see [`canonical_names`]).
#[cfg(feature = "schemars")]
fn schema_of<E: DeserializeOwned + Serialize>() -> schemars::Schema {
    crate::schema::schema(match canonical_names::<E>() {
        Ok(names) => serde_json::json!({"type": "string", "enum": names}),
        Err(e) => serde_json::json!({"type": "string", "description": e.to_string()}),
    })
}
