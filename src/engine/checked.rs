//! The quick attempt's reading: `serde_json::from_slice`, stopped where a struct's key
//! folds to a field or a root key wraps the arguments (derived structs would silently ignore
//! them), so the engine reads such a call by those rules. All else reads as serde_json does.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

use crate::arguments;

/// `serde_json::from_slice::<T>(json)`, stopped at a struct key the engine reads otherwise.
pub(crate) fn from_slice<T: de::DeserializeOwned>(json: &[u8]) -> serde_json::Result<T> {
    let mut de = serde_json::Deserializer::from_slice(json);
    let value = T::deserialize(Checked {
        de: &mut de,
        root: true,
    })?;
    de.end()?;
    Ok(value)
}

/// Whether `key` (of a struct with `fields`) is one the arguments-as-a-whole rules read.
#[inline]
fn read_otherwise(key: &str, fields: &[&str], root: bool) -> bool {
    !fields.contains(&key) && unknown_read_otherwise(key, fields, root)
}

#[cold]
#[inline(never)]
fn unknown_read_otherwise(key: &str, fields: &[&str], root: bool) -> bool {
    (root && arguments::is_wrapper_key(key))
        || (key.len() <= arguments::MAX_KEY_BYTES
            && fields.iter().any(|f| arguments::folds_to(key, f)))
}

/// A deserializer that checks the keys of every struct below it.
struct Checked<D> {
    de: D,
    /// The arguments themselves.
    root: bool,
}

/// A visitor whose containers, options, newtypes and enums read through [`Checked`].
struct Wrap<V>(V);

/// A struct's visitor: its map's keys checked against `fields`.
struct Struct<V> {
    visitor: V,
    fields: &'static [&'static str],
    root: bool,
}

struct Map<A> {
    access: A,
    /// The struct's fields; `None` for a map, whose keys are not checked.
    fields: Option<&'static [&'static str]>,
    root: bool,
}

struct Seq<A>(A);

struct Seed<S>(S);

struct KeySeed<S> {
    seed: S,
    fields: &'static [&'static str],
    root: bool,
}

struct KeyDe<D> {
    de: D,
    fields: &'static [&'static str],
    root: bool,
}

struct KeyVisitor<V> {
    visitor: V,
    fields: &'static [&'static str],
    root: bool,
}

struct Enum<A>(A);

struct Variant<A>(A);

macro_rules! forward_plain {
    ($($method:ident)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.de.$method(visitor)
        }
    )*};
}

macro_rules! forward_wrapped {
    ($($method:ident)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.de.$method(Wrap(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Checked<D> {
    type Error = D::Error;

    forward_plain! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_unit
        deserialize_identifier deserialize_ignored_any
    }

    forward_wrapped! {
        deserialize_any deserialize_option deserialize_seq deserialize_map
    }

    #[inline]
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_unit_struct(name, visitor)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_newtype_struct(name, Wrap(visitor))
    }

    #[inline]
    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_tuple(len, Wrap(visitor))
    }

    #[inline]
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_tuple_struct(name, len, Wrap(visitor))
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = Struct {
            visitor,
            fields,
            root: self.root,
        };
        self.de.deserialize_struct(name, fields, visitor)
    }

    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de.deserialize_enum(name, variants, Wrap(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

/// The scalar visits every wrapping visitor forwards as they are.
macro_rules! forward_visits {
    () => {
        forward_visits! {
            visit_bool bool, visit_i8 i8, visit_i16 i16, visit_i32 i32, visit_i64 i64,
            visit_i128 i128, visit_u8 u8, visit_u16 u16, visit_u32 u32, visit_u64 u64,
            visit_u128 u128, visit_f32 f32, visit_f64 f64, visit_char char,
            visit_str &str, visit_borrowed_str &'de str, visit_string String,
            visit_bytes &[u8], visit_borrowed_bytes &'de [u8], visit_byte_buf Vec<u8>
        }

        #[inline]
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            self.inner().visit_none()
        }

        #[inline]
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            self.inner().visit_unit()
        }

        #[inline]
        fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<Self::Value, D2::Error> {
            self.inner().visit_some(Checked { de: d, root: false })
        }

        #[inline]
        fn visit_newtype_struct<D2: Deserializer<'de>>(
            self,
            d: D2,
        ) -> Result<Self::Value, D2::Error> {
            self.inner().visit_newtype_struct(Checked { de: d, root: false })
        }

        #[inline]
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            self.inner().visit_seq(Seq(seq))
        }

        #[inline]
        fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
            self.inner().visit_enum(Enum(data))
        }
    };
    ($($visit:ident $t:ty),*) => {$(
        #[inline]
        fn $visit<E: de::Error>(self, v: $t) -> Result<Self::Value, E> {
            self.inner().$visit(v)
        }
    )*};
}

impl<V> Wrap<V> {
    #[inline]
    fn inner(self) -> V {
        self.0
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Wrap<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    forward_visits!();

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.visit_map(Map {
            access: map,
            fields: None,
            root: false,
        })
    }
}

impl<V> Struct<V> {
    #[inline]
    fn inner(self) -> V {
        self.visitor
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Struct<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    forward_visits!();

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.visitor.visit_map(Map {
            access: map,
            fields: Some(self.fields),
            root: self.root,
        })
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Map<A> {
    type Error = A::Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        match self.fields {
            Some(fields) => self.access.next_key_seed(KeySeed {
                seed,
                fields,
                root: self.root,
            }),
            None => self.access.next_key_seed(Seed(seed)),
        }
    }

    #[inline]
    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.access.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.access.size_hint()
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Seq<A> {
    type Error = A::Error;

    #[inline]
    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Checked { de, root: false })
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<S> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(KeyDe {
            de,
            fields: self.fields,
            root: self.root,
        })
    }
}

/// A struct's key: read as its own deserializer reads it, its text checked on the way.
impl<'de, D: Deserializer<'de>> Deserializer<'de> for KeyDe<D> {
    type Error = D::Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        let visitor = KeyVisitor {
            visitor,
            fields: self.fields,
            root: self.root,
        };
        self.de.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        let visitor = KeyVisitor {
            visitor,
            fields: self.fields,
            root: self.root,
        };
        self.de.deserialize_identifier(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        let visitor = KeyVisitor {
            visitor,
            fields: self.fields,
            root: self.root,
        };
        self.de.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        let visitor = KeyVisitor {
            visitor,
            fields: self.fields,
            root: self.root,
        };
        self.de.deserialize_string(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum ignored_any
    }
}

impl<V> KeyVisitor<V> {
    /// The inner visitor, unless `key` is read otherwise.
    #[inline]
    fn check<E: de::Error>(self, key: &str) -> Result<V, E> {
        if read_otherwise(key, self.fields, self.root) {
            return Err(E::custom("key read by the arguments rules"));
        }
        Ok(self.visitor)
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for KeyVisitor<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        self.check(v)?.visit_str(v)
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        self.check(v)?.visit_borrowed_str(v)
    }

    #[inline]
    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        self.check(&v)?.visit_string(v)
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<V::Value, E> {
        self.visitor.visit_bytes(v)
    }

    fn visit_borrowed_bytes<E: de::Error>(self, v: &'de [u8]) -> Result<V::Value, E> {
        self.visitor.visit_borrowed_bytes(v)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<V::Value, E> {
        self.visitor.visit_u64(v)
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Enum<A> {
    type Error = A::Error;
    type Variant = Variant<A::Variant>;

    #[inline]
    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(seed)?;
        Ok((value, Variant(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Variant<A> {
    type Error = A::Error;

    #[inline]
    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    #[inline]
    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }

    #[inline]
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Wrap(visitor))
    }

    #[inline]
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(
            fields,
            Struct {
                visitor,
                fields,
                root: false,
            },
        )
    }
}
