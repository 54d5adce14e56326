//! Fields whose value is a secret (a token, a password, a key): read as the inner adapter
//! reads them, but what is reported about them never carries what was sent. What the
//! redaction covers, and what it cannot (a repeated key, the enclosing JSON text), is
//! docs/contract.md's, "Redaction".

use std::marker::PhantomData;

use serde::{Deserializer, Serializer};
use serde_with::{DeserializeAs, Same, SerializeAs};

/// Adapter marking a field as secret: `A` reads it (serde_with's [`Same`], the default, for a
/// plain serde type; `Secret<IntLike>` for the lax shapes), and every issue and coercion
/// inside it is [redacted](crate::Issue::redacted) as it is recorded.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Secret, TextLike, Trim};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(serde::Deserialize, Debug)]
/// struct Login {
///     #[serde_as(as = "Secret<TextLike<8, 64, Trim>>")]
///     token: String,
///     #[serde_as(as = "Secret")] // a plain `u32`, read by serde
///     pin: u32,
/// }
/// let refused = mcp_coerce::from_str::<Login>(r#"{"token": "sk-1", "pin": "12x4"}"#).unwrap_err();
/// assert_eq!(refused.issues()[1].code(), Code::TooShort); // at /token
/// let text = serde_json::to_string(&refused.to_envelope("login"))?;
/// assert!(!text.contains("sk-1") && !text.contains("12x4"));
/// # Ok::<(), serde_json::Error>(())
/// ```
pub struct Secret<A = Same>(PhantomData<A>);

impl<'de, T, A: DeserializeAs<'de, T>> DeserializeAs<'de, T> for Secret<A> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        let _secret = crate::engine::SecretField::enter();
        A::deserialize_as(deserializer)
    }
}

impl<T, A: SerializeAs<T>> SerializeAs<T> for Secret<A> {
    fn serialize_as<S: Serializer>(source: &T, serializer: S) -> Result<S::Ok, S::Error> {
        A::serialize_as(source, serializer)
    }
}

#[cfg(feature = "schemars")]
mod schema {
    use std::borrow::Cow;

    use schemars::{JsonSchema, Schema, SchemaGenerator};
    use serde_with::schemars_1::JsonSchemaAs;

    use super::Secret;

    /// The schema of `A`'s field: a secret looks like any other value to the agent.
    impl<T, A: JsonSchemaAs<T>> JsonSchemaAs<T> for Secret<A> {
        fn inline_schema() -> bool {
            <serde_with::Schema<T, A> as JsonSchema>::inline_schema()
        }
        fn schema_name() -> Cow<'static, str> {
            <serde_with::Schema<T, A> as JsonSchema>::schema_name()
        }
        fn json_schema(generator: &mut SchemaGenerator) -> Schema {
            <serde_with::Schema<T, A> as JsonSchema>::json_schema(generator)
        }
    }
}
