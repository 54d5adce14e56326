//! Booleans from a closed table of tokens: `"false"` must give `false`, and no other string
//! is ever replaced by a default (docs/contract.md, "Scalars"). [`BoolLike`] is the marker,
//! [`Bool`] the wrapper type. The module is named `boolean`: a module named `bool` would
//! shadow the primitive type wherever it is imported.

use crate::shell::refuse_shapes;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_with::{DeserializeAs, SerializeAs};

use crate::issue::IssueBuf;
use crate::issue::{Input, Issue};
use crate::rules::boolean::{from_str as bool_from_str, issue as bool_parsing};
use crate::shell::{MapVisitor, Optional, Settled, invalid_type};

/// `value`, read from the token `from` (recorded as `bool_token`).
#[inline]
fn token(from: Input, value: bool) -> bool {
    crate::engine::notes::coerced(
        crate::report::Rule::BoolToken,
        || Some(from),
        || Some(Input::Bool(value)),
    );
    value
}

const EXPECTED: &str = "a boolean";
const HINT: &str = "send true or false, e.g. true";

struct BoolScalar;

impl<'de> Visitor<'de> for BoolScalar {
    type Value = Result<bool, Issue>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a boolean, 0 or 1, or a string holding one")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Ok(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(match v {
            0 | 1 => Ok(token(Input::from_i128(v.into()), v == 1)),
            _ => Err(bool_parsing(Input::from_i128(v.into()))),
        })
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(match v {
            0 | 1 => Ok(token(Input::from_u128(v.into()), v == 1)),
            _ => Err(bool_parsing(Input::from_u128(v.into()))),
        })
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
        Ok(match v {
            0 | 1 => Ok(token(Input::from_i128(v), v == 1)),
            _ => Err(bool_parsing(Input::from_i128(v))),
        })
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
        Ok(match v {
            0 | 1 => Ok(token(Input::from_u128(v), v == 1)),
            _ => Err(bool_parsing(Input::from_u128(v))),
        })
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Err(bool_parsing(Input::from_f64(v))))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(bool_from_str(v)
            .map(|b| token(Input::from_text(v), b))
            .ok_or_else(|| bool_parsing(Input::from_text(v))))
    }

    refuse_shapes!(
        |_, got, input| Ok(Err(invalid_type(EXPECTED, got, HINT).with_input_if(input)));
        unit none some bytes array object
    );
}

fn one(read: Result<bool, Issue>) -> Result<bool, IssueBuf> {
    read.map_err(IssueBuf::one)
}

/// Adapter for a boolean from a closed token table, on a `bool` field or an `Option<bool>`
/// one (absent, `null`, `""` and `"null"` give `None`). [`Bool`] is the wrapper type.
///
/// | sent | result |
/// |---|---|
/// | `true`, `1`, `"true"`, `"1"`, `"yes"`, `"on"` (any case, trimmed) | `true` |
/// | `false`, `0`, `"false"`, `"0"`, `"no"`, `"off"` (any case, trimmed) | `false` |
/// | `2`, `1.0`, `"maybe"`, `"t"` / `[true]`, `{}`, `null` | `bool_parsing` / `invalid_type` |
///
/// # Examples
///
/// ```
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "mcp_coerce::BoolLike")]
///     dry_run: bool,
/// }
/// assert!(!mcp_coerce::from_str::<Args>(r#"{"dry_run": "FALSE"}"#)?.dry_run);
/// assert!(mcp_coerce::from_str::<Args>(r#"{"dry_run": "maybe"}"#).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `bool_parsing`, `invalid_type`.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoolLike;

impl<'de> DeserializeAs<'de, bool> for BoolLike {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(MapVisitor {
                inner: BoolScalar,
                map: one,
            }),
        )
    }
}

impl<'de> DeserializeAs<'de, Option<bool>> for BoolLike {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional::non_string(MapVisitor {
                inner: BoolScalar,
                map: one,
            })),
        )
    }
}

impl SerializeAs<bool> for BoolLike {
    fn serialize_as<S: Serializer>(source: &bool, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(*source)
    }
}

impl SerializeAs<Option<bool>> for BoolLike {
    fn serialize_as<S: Serializer>(
        source: &Option<bool>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// A boolean read by [`BoolLike`], as a value; every `bool` is one ([`Bool::new`] cannot fail).
///
/// # Examples
///
/// ```
/// let flag: mcp_coerce::Bool = serde_json::from_str(r#""off""#)?;
/// assert_eq!(flag, mcp_coerce::Bool::new(false));
/// assert!(!flag.into_inner());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bool(bool);

impl Bool {
    /// Wrap `value`.
    pub const fn new(value: bool) -> Self {
        Bool(value)
    }
}

wrapper_value!(impl [] Bool => bool, 0);

impl From<bool> for Bool {
    fn from(value: bool) -> Self {
        Bool(value)
    }
}

impl<'de> Deserialize<'de> for Bool {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <BoolLike as DeserializeAs<'de, bool>>::deserialize_as(deserializer).map(Bool)
    }
}

impl Serialize for Bool {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(self.0)
    }
}

json_schema_as!(
    impl [] BoolLike => [bool, Option<bool>],
    name = "Bool".to_owned(),
    schema = crate::schema::schema(serde_json::json!({"type": "boolean"})),
);

json_schema_for!(
    impl [] Bool,
    name = "Bool".to_owned(),
    schema = crate::schema::schema(serde_json::json!({"type": "boolean"})),
);
