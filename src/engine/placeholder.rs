//! A deserializer making some value of whatever type asks (`1`, `0.0`, `""`, `false`, empty
//! containers, a struct of stand-ins, an enum's first variant), so a struct gets past a
//! refused or missing field. Run only with recording suppressed.

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

use super::handshake::{Request, request};
use super::plan::NONE;
use super::{Drive, Error};

/// Recursive types would otherwise ask for placeholders forever.
const MAX_DEPTH: u8 = 16;

#[derive(Clone, Copy)]
pub(crate) struct Placeholder {
    depth: u8,
}

impl Placeholder {
    pub(crate) fn new() -> Self {
        Placeholder { depth: 0 }
    }

    fn deeper(self) -> Result<Self, Error> {
        self.deeper_by(1)
    }

    /// `levels` deeper: a tuple takes one level per element, so wide self-nested tuples stay
    /// small.
    fn deeper_by(self, levels: usize) -> Result<Self, Error> {
        let depth = usize::from(self.depth).saturating_add(levels.max(1));
        if depth > usize::from(MAX_DEPTH) {
            Err(Error::silent())
        } else {
            Ok(Placeholder {
                depth: u8::try_from(depth).unwrap_or(MAX_DEPTH),
            })
        }
    }
}

macro_rules! visit_with {
    ($($method:ident => $visit:ident($($arg:expr),*);)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.$visit($($arg),*)
        })*
    };
}

impl<'de> Deserializer<'de> for Placeholder {
    type Error = Error;

    visit_with! {
        deserialize_any => visit_unit();
        deserialize_bool => visit_bool(false);
        deserialize_i8 => visit_i64(1);
        deserialize_i16 => visit_i64(1);
        deserialize_i32 => visit_i64(1);
        deserialize_i64 => visit_i64(1);
        deserialize_i128 => visit_i64(1);
        deserialize_u8 => visit_u64(1);
        deserialize_u16 => visit_u64(1);
        deserialize_u32 => visit_u64(1);
        deserialize_u64 => visit_u64(1);
        deserialize_u128 => visit_u64(1);
        deserialize_f32 => visit_f64(0.0);
        deserialize_f64 => visit_f64(0.0);
        deserialize_char => visit_char(' ');
        deserialize_str => visit_str("");
        deserialize_string => visit_str("");
        deserialize_identifier => visit_str("");
        deserialize_bytes => visit_bytes(&[]);
        deserialize_byte_buf => visit_bytes(&[]);
        deserialize_option => visit_none();
        deserialize_unit => visit_unit();
        deserialize_ignored_any => visit_unit();
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let asked = request(name);
        if matches!(asked, Some(Request::Direct | Request::Array)) {
            // An adapter: let it record (suppressed) and hand back its own placeholder.
            let drive = Drive {
                depth: 0,
                node: NONE,
            };
            return super::with(|engine| engine.drive(drive, || visitor.visit_unit()));
        }
        let inner = self.deeper()?;
        visitor.visit_newtype_struct(inner)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(Items { left: 0, of: self })
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        let of = self.deeper_by(len)?;
        visitor.visit_seq(Items { left: len, of })
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        {
            visitor.visit_map(Fields {
                fields: &[],
                of: self,
            })
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let of = self.deeper()?;
        visitor.visit_map(Fields { fields, of })
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let variant = variants.first().copied().ok_or_else(Error::silent)?;
        let of = self.deeper()?;
        visitor.visit_enum(Variant { name: variant, of })
    }
}

/// `left` placeholder items.
struct Items {
    left: usize,
    of: Placeholder,
}

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(self.of).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// Every field of a struct, each holding a placeholder.
struct Fields {
    fields: &'static [&'static str],
    of: Placeholder,
}

impl<'de> MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.fields.split_first() {
            None => Ok(None),
            Some((first, rest)) => {
                self.fields = rest;
                seed.deserialize(de::value::BorrowedStrDeserializer::new(first))
                    .map(Some)
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(self.of)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.fields.len())
    }
}

struct Variant {
    name: &'static str,
    of: Placeholder,
}

impl<'de> EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Placeholder;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Placeholder), Error> {
        let value = seed.deserialize(de::value::BorrowedStrDeserializer::new(self.name))?;
        Ok((value, self.of))
    }
}

impl<'de> VariantAccess<'de> for Placeholder {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_struct("", fields, visitor)
    }
}
