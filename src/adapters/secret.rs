//! Fields whose value is a secret (a token, a password, a key): read as the inner adapter
//! reads them, but what is reported about them never carries what was sent.
//!
//! [`Secret<A>`](Secret) wraps any `#[serde_as]` adapter `A` (serde_with's [`Same`] for a
//! plain serde type, the default, which reads it as strictly as serde does: wrap the
//! crate's adapter for the lax shapes, `Secret<IntLike>`). Every issue found inside the field is
//! [redacted](crate::Issue::redacted) as it is recorded (no `input`, no caller text in its
//! message, hint or context, caller-chosen keys written `*` in its path), and every
//! coercion applied inside it loses its `from`/`to`. The rest of the call is reported as
//! usual; [`Rejection::redacted`](crate::Rejection::redacted) redacts a whole refusal.
//!
//! Every key added to a path inside the field is written `*` (a map's keys, an unknown
//! field of a nested struct). The redaction holds on the crate's entry points and the rmcp
//! and axum extractors, and in the errors of the crate's own adapters under any
//! deserializer; a plain serde type inside `Secret` read by another deserializer
//! (`serde_json::from_str` directly) fails with that deserializer's own message.
//!
//! What `Secret` cannot cover, because it is reported before or around the field is read:
//! a key repeated inside the field (`duplicate_key` is found in the JSON text before any
//! type is read, and names the key), and the `input` of an issue about a value that holds
//! the field as text (JSON text that does not parse, `invalid_json`, echoes its first 64
//! chars). A coercion on such an enclosing value shows it by its size only. Render with
//! [`Rejection::redacted`](crate::Rejection::redacted) where secrets may arrive that way.

use std::marker::PhantomData;

use serde::{Deserializer, Serializer};
use serde_with::{DeserializeAs, Same, SerializeAs};

/// Adapter marking a field as secret: `A` reads it, and its issues and coercions are
/// redacted as they are recorded; see the [module docs](self).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Secret, TextLike, Trim};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Login {
///     #[serde_as(as = "Secret<TextLike<8, 64, Trim>>")]
///     token: String,
///     #[serde_as(as = "Secret")] // a plain `u32`, read by serde
///     pin: u32,
/// }
/// let refused = mcp_coerce::from_str::<Login>(r#"{"token": "sk-1", "pin": "12x4"}"#).unwrap_err();
/// let found: Vec<_> = refused.issues().iter().map(|i| (i.code(), i.path().to_string())).collect();
/// assert_eq!(found, [(Code::InvalidType, "/pin".to_string()), (Code::TooShort, "/token".to_string())]);
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
