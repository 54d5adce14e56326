//! The collecting deserializer over a borrowed `serde_json::Value`.
//!
//! It answers like `serde_json`'s own `Value` deserializer for every value that fits the
//! asked-for type; where one does not, it records the issue and feeds the visitor a
//! placeholder instead of failing, so the caller can go on to the next field.

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};
use serde_json::{Map, Number, Value};

use super::placeholder::Placeholder;
use super::{
    DIRECT_NAME, Error, drive_adapter, mark, next_struct, prefix_since, record, suppressed,
};
use crate::issue::{Code, Input, Issue, Segment, kind_of};

/// The crate's collecting deserializer over one borrowed value.
#[derive(Clone, Copy)]
pub(crate) struct ValueDe<'a> {
    value: &'a Value,
    /// How many containers enclose `value`.
    depth: u32,
}

/// Containers deeper than this are refused (`too_deep`): the nesting `serde_json` itself
/// reads, so that a `Value` built in code, which no parser has bounded, cannot make the
/// collecting deserializer recurse without end.
const MAX_NESTING: u32 = 128;

impl<'a> ValueDe<'a> {
    pub(crate) fn new(value: &'a Value) -> Self {
        ValueDe { value, depth: 0 }
    }

    /// The deserializer of `value`, found `depth` containers deep (an object decoded from
    /// a string counts its levels on from where the string was).
    pub(crate) fn at_depth(value: &'a Value, depth: u32) -> Self {
        ValueDe { value, depth }
    }

    /// The deserializer of a value inside this one.
    fn child(self, value: &'a Value) -> Self {
        ValueDe {
            value,
            depth: self.depth + 1,
        }
    }

    /// Refuse a container nested past [`MAX_NESTING`]; the call stops here.
    #[cold]
    fn too_deep(self) -> Error {
        record(
            Issue::new(
                Code::TooDeep,
                format!("expected values nested at most {MAX_NESTING} levels deep"),
            )
            .with_input(Input::from_value(self.value))
            .with_hint("send the value with less nesting")
            .with_context("maxDepth", MAX_NESTING),
        );
        Error::silent()
    }

    /// Record that the value is not `expected`, with a hint.
    #[cold]
    fn mismatch(&self, expected: &'static str, hint: &'static str) {
        record(
            Issue::new(
                Code::InvalidType,
                format!("expected {expected}, got {}", kind_of(self.value)),
            )
            .with_input(Input::from_value(self.value))
            .with_hint(hint),
        );
    }

    /// An integer hint: a number in `min..=max`, else an issue and `0`.
    fn integer<V: Visitor<'a>>(
        self,
        visitor: V,
        min: i128,
        max: u128,
        name: &'static str,
    ) -> Result<V::Value, Error> {
        if let Value::Number(n) = self.value {
            if let Some(u) = n.as_u64() {
                if u128::from(u) <= max {
                    return visitor.visit_u64(u);
                }
            } else if let Some(i) = n.as_i64() {
                if i128::from(i) >= min {
                    return visitor.visit_i64(i);
                }
            } else if let Some(i) = n.as_i128() {
                if i >= min && (i < 0 || i.unsigned_abs() <= max) {
                    return visitor.visit_i128(i);
                }
            } else if let Some(u) = n.as_u128() {
                if u <= max {
                    return visitor.visit_u128(u);
                }
            } else {
                // A float: refused like the adapters refuse one, and past 2^53 it may
                // well have been an exact integer before `serde_json::Value` held it.
                let f = n.as_f64().unwrap_or(f64::NAN);
                record(crate::int::int_issue_for_float(
                    f,
                    Input::Number(n.clone()),
                    min,
                    max,
                ));
                return stand_in(|| visitor.visit_u64(0));
            }
            record(out_of_range(n, name, min, max));
            return stand_in(|| visitor.visit_u64(0));
        }
        self.mismatch("an integer", "send a whole number, e.g. 10");
        stand_in(|| visitor.visit_u64(0))
    }

    fn float<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Number(n) => visit_number(n, visitor),
            _ => {
                self.mismatch("a number", "send a number, e.g. 0.5");
                stand_in(|| visitor.visit_f64(0.0))
            }
        }
    }

    fn string<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            _ => {
                self.mismatch("a string", "send a JSON string, e.g. \"text\"");
                stand_in(|| visitor.visit_str(""))
            }
        }
    }

    /// `visit_seq` over `items`; elements the visitor leaves unread are refused, as
    /// `serde_json` refuses them.
    fn array<V: Visitor<'a>>(self, items: &'a [Value], visitor: V) -> Result<V::Value, Error> {
        if self.depth >= MAX_NESTING {
            return Err(self.too_deep());
        }
        let mut seq = Seq {
            items: items.iter(),
            index: 0,
            parent: self,
        };
        let out = visitor.visit_seq(&mut seq)?;
        if seq.items.len() == 0 {
            Ok(out)
        } else {
            Err(de::Error::invalid_length(
                items.len(),
                &"fewer elements in array",
            ))
        }
    }

    fn object<V: Visitor<'a>>(
        self,
        map: &'a Map<String, Value>,
        injected: &[&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.depth >= MAX_NESTING {
            return Err(self.too_deep());
        }
        let mut access = Entries {
            parent: self,
            entries: map.iter(),
            injected: injected.iter(),
            value: None,
        };
        let out = visitor.visit_map(&mut access)?;
        if access.entries.len() == 0 {
            Ok(out)
        } else {
            Err(de::Error::invalid_length(
                map.len(),
                &"fewer elements in map",
            ))
        }
    }
}

#[cold]
fn out_of_range(n: &Number, name: &'static str, min: i128, max: u128) -> Issue {
    Issue::new(
        Code::IntOverflow,
        format!("integer out of range for {name}"),
    )
    .with_input(Input::Number(n.clone()))
    .with_hint(format!("send an integer from {min} to {max}"))
    .with_context("minimum", Input::from_i128(min))
    .with_context("maximum", Input::from_u128(max))
}

impl From<Input> for Value {
    fn from(input: Input) -> Value {
        match input {
            Input::Null => Value::Null,
            Input::Bool(b) => Value::Bool(b),
            Input::Number(n) => Value::Number(n),
            Input::Text(s) => Value::String(s),
        }
    }
}

#[inline]
fn visit_number<'a, V: Visitor<'a>>(n: &Number, visitor: V) -> Result<V::Value, Error> {
    if let Some(u) = n.as_u64() {
        visitor.visit_u64(u)
    } else if let Some(i) = n.as_i64() {
        visitor.visit_i64(i)
    } else if let Some(i) = n.as_i128() {
        visitor.visit_i128(i)
    } else if let Some(u) = n.as_u128() {
        visitor.visit_u128(u)
    } else {
        let f = n.as_f64().unwrap_or(f64::NAN);
        visitor.visit_f64(f)
    }
}

macro_rules! integer_hints {
    ($($method:ident: $t:ty),*) => {
        $(fn $method<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
            #[allow(clippy::unnecessary_cast, reason = "one macro for signed and unsigned")]
            self.integer(visitor, <$t>::MIN as i128, <$t>::MAX as u128, stringify!($t))
        })*
    };
}

impl<'a> Deserializer<'a> for ValueDe<'a> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => self.array(items, visitor),
            Value::Object(map) => self.object(map, &[], visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Bool(b) => visitor.visit_bool(*b),
            _ => {
                self.mismatch("a boolean", "send true or false");
                stand_in(|| visitor.visit_bool(false))
            }
        }
    }

    integer_hints!(
        deserialize_i8: i8, deserialize_i16: i16, deserialize_i32: i32, deserialize_i64: i64,
        deserialize_i128: i128, deserialize_u8: u8, deserialize_u16: u16, deserialize_u32: u32,
        deserialize_u64: u64, deserialize_u128: u128
    );

    fn deserialize_f32<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        // A finite number past `f32`'s range turns into infinity through a `Value`, as in
        // `serde_json::from_value`; but when the `Value` was read from the call's text for
        // `from_str`, `serde_json::from_str` refused it, so must the `Value` route.
        if super::from_text()
            && let Value::Number(n) = self.value
            && let Some(f) = n.as_f64()
            && f.is_finite()
            && (f as f32).is_infinite()
        {
            return Err(de::Error::custom("number out of range for a 32-bit float"));
        }
        self.float(visitor)
    }

    fn deserialize_f64<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.float(visitor)
    }

    fn deserialize_char<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) if s.chars().count() == 1 => visitor.visit_borrowed_str(s),
            _ => {
                self.mismatch("a single character", "send a string of one character");
                stand_in(|| visitor.visit_char(' '))
            }
        }
    }

    fn deserialize_str<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }

    fn deserialize_string<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }

    fn deserialize_bytes<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => self.array(items, visitor),
            _ => {
                self.mismatch("bytes", "send a string or an array of bytes");
                stand_in(|| visitor.visit_bytes(&[]))
            }
        }
    }

    fn deserialize_byte_buf<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        if !self.value.is_null() {
            self.mismatch("null", "send null");
            return stand_in(|| visitor.visit_unit());
        }
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == DIRECT_NAME {
            // One of the crate's adapters asking to be collected (see `collect::adapt`).
            return drive_adapter(self.depth, || self.deserialize_any(visitor));
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Array(items) => self.array(items, visitor),
            _ => {
                self.mismatch("an array", "send a JSON array, e.g. [1, 2]");
                suppressed(|| Placeholder::new().deserialize_seq(visitor))
                    .map_err(|_| Error::silent())
            }
        }
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            // Any length, as `serde_json`: the visitor judges it (a tuple struct may have
            // defaulted fields at its end), and `array` refuses elements left over.
            Value::Array(items) => self.array(items, visitor),
            _ => {
                record(
                    Issue::new(
                        Code::InvalidType,
                        format!(
                            "expected an array of {len} items, got {}",
                            kind_of(self.value)
                        ),
                    )
                    .with_input(Input::from_value(self.value))
                    .with_hint(format!("send a JSON array of exactly {len} items")),
                );
                suppressed(|| Placeholder::new().deserialize_tuple(len, visitor))
                    .map_err(|_| Error::silent())
            }
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Object(map) => self.object(map, &[], visitor),
            _ => {
                self.mismatch("an object", "send a JSON object, e.g. {\"key\": \"value\"}");
                suppressed(|| Placeholder::new().deserialize_map(visitor))
                    .map_err(|_| Error::silent())
            }
        }
    }

    fn deserialize_struct<V: Visitor<'a>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::Object(map) => {
                let (ordinal, injected) = next_struct();
                let out = self.object(map, &injected, visitor);
                if !injected.is_empty() {
                    // Found missing in earlier passes: reported where the struct is.
                    for field in &injected {
                        record(super::error::missing_issue(field));
                    }
                }
                match out {
                    Err(e) => match e.missing_field() {
                        Some(field) if fields.contains(&field) => {
                            Err(Error::missing_in_struct(ordinal, field))
                        }
                        _ => Err(e),
                    },
                    ok => ok,
                }
            }
            Value::Array(items) => self.array(items, visitor),
            _ => {
                self.mismatch("an object", "send a JSON object with the tool's fields");
                suppressed(|| Placeholder::new().deserialize_struct(name, fields, visitor))
                    .map_err(|_| Error::silent())
            }
        }
    }

    fn deserialize_enum<V: Visitor<'a>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => {
                visitor.visit_enum(de::value::BorrowedStrDeserializer::<Error>::new(s))
            }
            Value::Object(map) if map.len() == 1 => {
                let Some((variant, value)) = map.iter().next() else {
                    return Err(Error::silent());
                };
                visitor.visit_enum(Tagged {
                    variant,
                    value: self.child(value),
                })
            }
            _ => {
                self.mismatch(
                    "one of the enum's values",
                    "send one of the values the inputSchema lists",
                );
                suppressed(|| Placeholder::new().deserialize_enum(name, variants, visitor))
                    .map_err(|_| Error::silent())
            }
        }
    }

    fn deserialize_identifier<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

/// Array elements, each one level down at its index.
struct Seq<'a> {
    items: std::slice::Iter<'a, Value>,
    index: usize,
    parent: ValueDe<'a>,
}

impl<'a> SeqAccess<'a> for &mut Seq<'a> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'a>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(value) = self.items.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        let before = mark();
        let out = seed.deserialize(self.parent.child(value));
        prefix_since(before, || Segment::Index(index), value);
        out.map(Some)
            .map_err(|e| e.prefixed(Segment::Index(index), value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// Object members, then the fields injected as placeholders.
struct Entries<'a, 'i> {
    parent: ValueDe<'a>,
    entries: serde_json::map::Iter<'a>,
    injected: std::slice::Iter<'i, &'static str>,
    /// The member whose key was just read: (key, value); `None` for an injected field.
    value: Option<(&'a str, &'a Value)>,
}

impl<'a> MapAccess<'a> for &mut Entries<'a, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if let Some((key, value)) = self.entries.next() {
            self.value = Some((key, value));
            return seed
                .deserialize(KeyDe(key))
                .map(Some)
                .map_err(|e| e.prefixed(Segment::key(key), &Value::String(key.clone())));
        }
        match self.injected.next() {
            Some(field) => {
                self.value = None;
                seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(field))
                    .map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some((key, value)) => {
                let before = mark();
                let out = seed.deserialize(self.parent.child(value));
                prefix_since(before, || Segment::key(key), value);
                out.map_err(|e| e.prefixed(Segment::key(key), value))
            }
            None => {
                suppressed(|| seed.deserialize(Placeholder::new())).map_err(|_| Error::silent())
            }
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len() + self.injected.len())
    }
}

/// An externally tagged enum value `{"variant": value}`.
struct Tagged<'a> {
    variant: &'a str,
    value: ValueDe<'a>,
}

impl<'a> EnumAccess<'a> for Tagged<'a> {
    type Error = Error;
    type Variant = Variant<'a>;

    fn variant_seed<V: DeserializeSeed<'a>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Variant<'a>), Error> {
        let variant = seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(
            self.variant,
        ))?;
        Ok((
            variant,
            Variant {
                name: self.variant,
                value: self.value,
            },
        ))
    }
}

/// The content of a variant: issues inside it sit under the variant's key, which is in
/// the input (`/event/Click/x`).
struct Variant<'a> {
    name: &'a str,
    value: ValueDe<'a>,
}

impl<'a> Variant<'a> {
    /// Read the content with `read`, its issues under the variant's key.
    fn under_name<R>(self, read: impl FnOnce(ValueDe<'a>) -> Result<R, Error>) -> Result<R, Error> {
        let before = mark();
        let out = read(self.value);
        prefix_since(before, || Segment::key(self.name), self.value.value);
        out.map_err(|e| e.prefixed(Segment::key(self.name), self.value.value))
    }
}

impl<'a> VariantAccess<'a> for Variant<'a> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        if self.value.value.is_null() {
            Ok(())
        } else {
            Err(de::Error::invalid_type(
                de::Unexpected::Map,
                &"unit variant",
            ))
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'a>>(self, seed: T) -> Result<T::Value, Error> {
        self.under_name(|value| seed.deserialize(value))
    }

    fn tuple_variant<V: Visitor<'a>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        // As `serde_json`'s `Value`: an empty array is a unit, which a tuple variant refuses.
        if matches!(self.value.value, Value::Array(items) if items.is_empty()) {
            return self.under_name(|_| visitor.visit_unit());
        }
        self.under_name(|value| value.deserialize_tuple(len, visitor))
    }

    fn struct_variant<V: Visitor<'a>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // As `serde_json`'s `Value`: a struct variant is an object, never an array.
        if let Value::Array(_) = self.value.value {
            return self.under_name(|_| {
                Err(de::Error::invalid_type(
                    de::Unexpected::Seq,
                    &"struct variant",
                ))
            });
        }
        self.under_name(|value| value.deserialize_struct("", fields, visitor))
    }
}

/// An object key, as `serde_json` hands it over: a string, or the number or boolean it
/// spells for a map whose keys are numbers or booleans (`{"1": "a"}` into
/// `HashMap<u32, String>`).
struct KeyDe<'a>(&'a str);

macro_rules! key_parse {
    ($($method:ident $visit:ident $t:ty, $grammar:ident;)*) => {$(
        fn $method<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
            // The key must be spelled as the JSON number would be, as `serde_json` asks:
            // `"+1"`, `"01"` or `"inf"` parse in Rust but are no JSON numbers.
            match self.0.parse::<$t>() {
                Ok(v) if $grammar(self.0) => visitor.$visit(v),
                _ => Err(de::Error::invalid_type(de::Unexpected::Str(self.0), &visitor)),
            }
        }
    )*};
}

/// A JSON integer literal: `-?(0|[1-9][0-9]*)`, and not `-0` (a float to `serde_json`).
fn json_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0"
}

/// A JSON number literal with a finite value.
fn json_number(text: &str) -> bool {
    let rest = text.strip_prefix('-').unwrap_or(text);
    let (int, rest) = rest.split_at(rest.find(['.', 'e', 'E']).unwrap_or(rest.len()));
    let int_ok = !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && (int == "0" || !int.starts_with('0'));
    let (frac, exp) = match rest.strip_prefix('.') {
        Some(after) => after.split_at(after.find(['e', 'E']).unwrap_or(after.len())),
        None => ("", rest),
    };
    let frac_ok =
        rest.starts_with('.') != frac.is_empty() && frac.bytes().all(|b| b.is_ascii_digit());
    let exp_ok = match exp.strip_prefix(['e', 'E']) {
        None => exp.is_empty(),
        Some(e) => {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit())
        }
    };
    int_ok && frac_ok && exp_ok && text.parse::<f64>().is_ok_and(f64::is_finite)
}

fn json_bool(text: &str) -> bool {
    text == "true" || text == "false"
}

impl<'a> Deserializer<'a> for KeyDe<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(self.0)
    }

    key_parse!(
        deserialize_i8 visit_i8 i8, json_integer;
        deserialize_i16 visit_i16 i16, json_integer;
        deserialize_i32 visit_i32 i32, json_integer;
        deserialize_i64 visit_i64 i64, json_integer;
        deserialize_i128 visit_i128 i128, json_integer;
        deserialize_u8 visit_u8 u8, json_integer;
        deserialize_u16 visit_u16 u16, json_integer;
        deserialize_u32 visit_u32 u32, json_integer;
        deserialize_u64 visit_u64 u64, json_integer;
        deserialize_u128 visit_u128 u128, json_integer;
        deserialize_f32 visit_f32 f32, json_number;
        deserialize_f64 visit_f64 f64, json_number;
        deserialize_bool visit_bool bool, json_bool;
    );

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'a>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::value::BorrowedStrDeserializer::<Error>::new(self.0)
            .deserialize_enum(name, variants, visitor)
    }

    serde::forward_to_deserialize_any! {
        <W: Visitor<'a>>
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// Go on past a recorded issue with a stand-in value (`0`, `""`, …); a type that refuses
/// even that (`NonZeroU32` refuses `0`) stops the call without a second issue about the
/// stand-in, which the agent never sent.
fn stand_in<T>(call: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    suppressed(call).map_err(|_| Error::silent())
}
