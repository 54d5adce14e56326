//! Plumbing shared by the adapters: a visitor that dispatches on the input's shape returns
//! an *outcome* (`Result<T, IssueBuf>`) and never fails at the serde level; [`Settled`]
//! turns that outcome into the adapter's answer (see `collect::settle`), and [`Optional`]
//! applies the optional-field rules in front of it.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IgnoredAny, MapAccess, SeqAccess, Visitor,
};

use crate::collect::{IssueBuf, settle, take_direct};
use crate::issue::{Code, Input, Issue, Path};
use crate::words::count;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// What a shape visitor produces: the value, or every issue found in it.
pub(crate) type Outcome<T> = Result<T, IssueBuf>;

/// What an element (or scalar) visitor produces: the value, or its issue. The issue is
/// boxed so that the success path moves a word or two per element, not a whole `Issue`.
pub(crate) type Element<T> = Result<T, Box<Issue>>;

/// Preallocate no more than this many elements whatever a format's `size_hint` claims.
pub(crate) const MAX_PREALLOCATION: usize = 4096;

/// An issue for a value of the wrong JSON type, at the value itself.
#[cold]
pub(crate) fn invalid_type(expected: &str, got: &str, hint: &'static str) -> Issue {
    Issue::new(Code::InvalidType, format!("expected {expected}, got {got}")).with_hint(hint)
}

/// Consume a sequence the caller will refuse, so the format's reader stays in step.
pub(crate) fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Read a sequence the caller will refuse, for the issue's input (compact JSON, cut).
pub(crate) fn seq_input<'de, A: SeqAccess<'de>>(seq: A) -> Result<Input, A::Error> {
    let mut out = String::new();
    Echo {
        out: &mut out,
        depth: 0,
    }
    .visit_seq(seq)?;
    Ok(Input::from_text(&out))
}

/// Read a map the caller will refuse, for the issue's input (compact JSON, cut).
pub(crate) fn map_input<'de, A: MapAccess<'de>>(map: A) -> Result<Input, A::Error> {
    let mut out = String::new();
    Echo {
        out: &mut out,
        depth: 0,
    }
    .visit_map(map)?;
    Ok(Input::from_text(&out))
}

/// Writes a value as compact JSON, only as far as an issue echoes it: past the echo cap
/// (or 16 levels down) the rest is skipped unread, so a huge or deep value costs no more
/// memory, and no more recursion, than a small one.
struct Echo<'a> {
    out: &'a mut String,
    depth: u8,
}

/// Bytes enough for the echo limit in chars, plus one char to show that it was cut.
const ECHO_BYTES: usize = (crate::issue::INPUT_ECHO_CHARS + 1) * 4;
const ECHO_DEPTH: u8 = 16;

impl Echo<'_> {
    fn full(&self) -> bool {
        self.out.len() >= ECHO_BYTES
    }

    fn write(&mut self, text: &str) {
        if !self.full() {
            self.out.push_str(text);
        }
    }
}

impl<'de> DeserializeSeed<'de> for Echo<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        if self.full() || self.depth >= ECHO_DEPTH {
            self.out.push_str(if self.full() { "" } else { "…" });
            IgnoredAny::deserialize(d).map(|_| ())
        } else {
            d.deserialize_any(self)
        }
    }
}

impl<'de> Visitor<'de> for Echo<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(mut self, v: bool) -> Result<(), E> {
        self.write(if v { "true" } else { "false" });
        Ok(())
    }

    fn visit_i64<E: de::Error>(mut self, v: i64) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_u64<E: de::Error>(mut self, v: u64) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_i128<E: de::Error>(mut self, v: i128) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_u128<E: de::Error>(mut self, v: u128) -> Result<(), E> {
        self.write(&v.to_string());
        Ok(())
    }

    fn visit_f64<E: de::Error>(mut self, v: f64) -> Result<(), E> {
        self.write(&serde_json::Value::from(v).to_string());
        Ok(())
    }

    fn visit_str<E: de::Error>(mut self, v: &str) -> Result<(), E> {
        if !self.full() {
            let cut: String = v.chars().take(ECHO_BYTES).collect();
            self.write(&serde_json::Value::String(cut).to_string());
        }
        Ok(())
    }

    fn visit_bytes<E: de::Error>(mut self, _: &[u8]) -> Result<(), E> {
        self.write("\"<bytes>\"");
        Ok(())
    }

    fn visit_unit<E: de::Error>(mut self) -> Result<(), E> {
        self.write("null");
        Ok(())
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.deserialize(d)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Echo { out, depth } = self;
        out.push('[');
        let mut first = true;
        loop {
            let before = out.len();
            if !first && out.len() < ECHO_BYTES {
                out.push(',');
            }
            let more = seq
                .next_element_seed(Echo {
                    out: &mut *out,
                    depth: depth + 1,
                })?
                .is_some();
            if !more {
                out.truncate(before);
                break;
            }
            first = false;
        }
        if out.len() < ECHO_BYTES {
            out.push(']');
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Echo { out, depth } = self;
        out.push('{');
        let mut first = true;
        loop {
            let before = out.len();
            if !first && out.len() < ECHO_BYTES {
                out.push(',');
            }
            let more = map
                .next_key_seed(Echo {
                    out: &mut *out,
                    depth: depth + 1,
                })?
                .is_some();
            if !more {
                out.truncate(before);
                break;
            }
            if out.len() < ECHO_BYTES {
                out.push(':');
            }
            map.next_value_seed(Echo {
                out: &mut *out,
                depth: depth + 1,
            })?;
            first = false;
        }
        if out.len() < ECHO_BYTES {
            out.push('}');
        }
        Ok(())
    }
}

/// Consume a map the caller will refuse, so the format's reader stays in step.
pub(crate) fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Elements as they are collected: kept up to `max` (further ones are only checked and
/// counted, so a hostile array costs no memory), with the issues of the bad ones at their
/// index.
pub(crate) struct Items<T> {
    items: Vec<T>,
    count: usize,
    min: usize,
    max: usize,
    pub(crate) issues: IssueBuf,
}

impl<T> Items<T> {
    pub(crate) fn new(min: usize, max: usize, size_hint: Option<usize>) -> Self {
        let capacity = size_hint.unwrap_or(0).min(MAX_PREALLOCATION).min(max);
        Items {
            items: Vec::with_capacity(capacity),
            count: 0,
            min,
            max,
            issues: IssueBuf::default(),
        }
    }

    /// The next element's outcome; an issue is placed at the element's index.
    #[inline(always)]
    pub(crate) fn push(&mut self, element: Element<T>) {
        match element {
            Ok(value) => {
                if self.items.len() < self.max {
                    self.items.push(value);
                }
                self.count += 1;
            }
            Err(issue) => self.refuse(issue),
        }
    }

    #[cold]
    #[inline(never)]
    fn refuse(&mut self, issue: Box<Issue>) {
        let index = self.count;
        self.issues
            .push_with(|| (*issue).at(Path::root().join(index)));
        self.count += 1;
    }

    /// The elements, or every issue: the length bounds first, then each bad element.
    #[inline]
    pub(crate) fn finish(self) -> Outcome<Vec<T>> {
        if self.count <= self.max && self.count >= self.min && self.issues.is_empty() {
            Ok(self.items)
        } else {
            self.refused()
        }
    }

    #[cold]
    #[inline(never)]
    fn refused(self) -> Outcome<Vec<T>> {
        let length = if self.count > self.max {
            Some(
                Issue::new(
                    Code::TooLong,
                    format!(
                        "expected at most {}, got {}",
                        count(self.max, "item"),
                        self.count
                    ),
                )
                .with_hint(format!("send at most {}", count(self.max, "item")))
                .with_context("maxItems", self.max),
            )
        } else if self.count < self.min {
            Some(
                Issue::new(
                    Code::TooShort,
                    format!(
                        "expected at least {}, got {}",
                        count(self.min, "item"),
                        self.count
                    ),
                )
                .with_hint(format!("send at least {}", count(self.min, "item")))
                .with_context("minItems", self.min),
            )
        } else {
            None
        };
        match length {
            None => Err(self.issues),
            Some(issue) => {
                let mut all = IssueBuf::one(issue);
                all.append(self.issues);
                Err(all)
            }
        }
    }
}

/// An element seed that pushes the element's outcome straight into `items`, so that the
/// sequence hands back only whether there was an element.
pub(crate) struct PushTo<'a, V, T> {
    pub(crate) element: V,
    pub(crate) items: &'a mut Items<T>,
}

impl<'de, V, T> DeserializeSeed<'de> for PushTo<'_, V, T>
where
    V: Visitor<'de, Value = Element<T>>,
{
    type Value = ();

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let items = self.items;
        d.deserialize_any(MapVisitor {
            inner: self.element,
            map: move |element| items.push(element),
        })
    }
}

/// Turns a shape visitor's outcome into the adapter's answer; a placeholder `T` stands in
/// for a refused value while the issues are recorded.
pub(crate) struct Settled<V>(pub(crate) V);

macro_rules! settle_scalar {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(#[inline]
        fn $method<E: de::Error>(self, v: $ty) -> Result<T, E> {
            let direct = take_direct();
            let outcome = self.0.$method::<E>(v)?;
            settle(direct, outcome)
        })*
    };
}

impl<'de, V, T> Visitor<'de> for Settled<V>
where
    V: Visitor<'de, Value = Outcome<T>>,
    T: DeserializeOwned,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    settle_scalar!(
        visit_bool(bool),
        visit_i8(i8),
        visit_i16(i16),
        visit_i32(i32),
        visit_i64(i64),
        visit_i128(i128),
        visit_u8(u8),
        visit_u16(u16),
        visit_u32(u32),
        visit_u64(u64),
        visit_u128(u128),
        visit_f32(f32),
        visit_f64(f64),
        visit_char(char),
        visit_str(&str),
        visit_borrowed_str(&'de str),
        visit_string(String),
        visit_bytes(&[u8]),
        visit_borrowed_bytes(&'de [u8]),
        visit_byte_buf(Vec<u8>),
    );

    fn visit_none<E: de::Error>(self) -> Result<T, E> {
        let direct = take_direct();
        let outcome = self.0.visit_none::<E>()?;
        settle(direct, outcome)
    }

    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        let direct = take_direct();
        let outcome = self.0.visit_unit::<E>()?;
        settle(direct, outcome)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        let direct = take_direct();
        let outcome = self.0.visit_some(d)?;
        settle(direct, outcome)
    }

    /// Any deserializer but the crate's answers `collect::adapt`'s request with this:
    /// read on, failing fast.
    #[inline]
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        let direct = take_direct();
        let outcome = self.0.visit_seq(seq)?;
        settle(direct, outcome)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        let direct = take_direct();
        let outcome = self.0.visit_map(map)?;
        settle(direct, outcome)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<T, A::Error> {
        let direct = take_direct();
        let outcome = self.0.visit_enum(data)?;
        settle(direct, outcome)
    }
}

/// The optional-field rules of the crate's optional spelling, in front of a shape visitor:
/// `null` (and an absent value) is `None`; `""`/whitespace is `None` unless the inner type
/// is a free string; `"null"` is `None` unless the inner type's JSON type is string;
/// anything else is the inner visitor's answer, and a refusal is never turned into `None`.
pub(crate) struct Optional<V> {
    pub(crate) inner: V,
    /// `""` and whitespace mean "absent".
    pub(crate) empty_is_none: bool,
    /// The text `null` means "absent".
    pub(crate) null_text_is_none: bool,
}

impl<V> Optional<V> {
    /// The rules for inner types whose JSON type is not string (arrays, numbers, ...).
    pub(crate) fn non_string(inner: V) -> Self {
        Optional {
            inner,
            empty_is_none: true,
            null_text_is_none: true,
        }
    }

    fn absent(&self, s: &str) -> bool {
        let t = s.trim();
        (self.empty_is_none && t.is_empty()) || (self.null_text_is_none && t == "null")
    }
}

macro_rules! forward_some {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(#[inline]
        fn $method<E: de::Error>(self, v: $ty) -> Result<Outcome<Option<T>>, E> {
            Ok(self.inner.$method::<E>(v)?.map(Some))
        })*
    };
}

impl<'de, V, T> Visitor<'de> for Optional<V>
where
    V: Visitor<'de, Value = Outcome<T>>,
{
    type Value = Outcome<Option<T>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)?;
        f.write_str(", or null")
    }

    forward_some!(
        visit_bool(bool),
        visit_i8(i8),
        visit_i16(i16),
        visit_i32(i32),
        visit_i64(i64),
        visit_i128(i128),
        visit_u8(u8),
        visit_u16(u16),
        visit_u32(u32),
        visit_u64(u64),
        visit_u128(u128),
        visit_f32(f32),
        visit_f64(f64),
        visit_char(char),
        visit_bytes(&[u8]),
        visit_borrowed_bytes(&'de [u8]),
        visit_byte_buf(Vec<u8>),
    );

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        if self.absent(v) {
            return Ok(Ok(None));
        }
        Ok(self.inner.visit_str::<E>(v)?.map(Some))
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        if self.absent(v) {
            return Ok(Ok(None));
        }
        Ok(self.inner.visit_borrowed_str::<E>(v)?.map(Some))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        if self.absent(&v) {
            return Ok(Ok(None));
        }
        Ok(self.inner.visit_string::<E>(v)?.map(Some))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Ok(None))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Ok(None))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        Ok(self.inner.visit_newtype_struct(d)?.map(Some))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Ok(self.inner.visit_seq(seq)?.map(Some))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Ok(self.inner.visit_map(map)?.map(Some))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        Ok(self.inner.visit_enum(data)?.map(Some))
    }
}

/// A visitor that answers like `V`, then maps the answer with `F`.
pub(crate) struct MapVisitor<V, F> {
    pub(crate) inner: V,
    pub(crate) map: F,
}

macro_rules! forward_mapped {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(#[inline]
        fn $method<E: de::Error>(self, v: $ty) -> Result<U, E> {
            Ok((self.map)(self.inner.$method::<E>(v)?))
        })*
    };
}

impl<'de, V, F, U> Visitor<'de> for MapVisitor<V, F>
where
    V: Visitor<'de>,
    F: FnOnce(V::Value) -> U,
{
    type Value = U;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    forward_mapped!(
        visit_bool(bool),
        visit_i8(i8),
        visit_i16(i16),
        visit_i32(i32),
        visit_i64(i64),
        visit_i128(i128),
        visit_u8(u8),
        visit_u16(u16),
        visit_u32(u32),
        visit_u64(u64),
        visit_u128(u128),
        visit_f32(f32),
        visit_f64(f64),
        visit_char(char),
        visit_str(&str),
        visit_borrowed_str(&'de str),
        visit_string(String),
        visit_bytes(&[u8]),
        visit_borrowed_bytes(&'de [u8]),
        visit_byte_buf(Vec<u8>),
    );

    fn visit_none<E: de::Error>(self) -> Result<U, E> {
        Ok((self.map)(self.inner.visit_none::<E>()?))
    }

    fn visit_unit<E: de::Error>(self) -> Result<U, E> {
        Ok((self.map)(self.inner.visit_unit::<E>()?))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<U, D::Error> {
        Ok((self.map)(self.inner.visit_some(d)?))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<U, D::Error> {
        Ok((self.map)(self.inner.visit_newtype_struct(d)?))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<U, A::Error> {
        Ok((self.map)(self.inner.visit_seq(seq)?))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<U, A::Error> {
        Ok((self.map)(self.inner.visit_map(map)?))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<U, A::Error> {
        Ok((self.map)(self.inner.visit_enum(data)?))
    }
}

/// A shape that reads strings only (a bounded string, a pattern, an enum name, a URL):
/// any other kind of value is `invalid_type`, numbers included (never stringified).
pub(crate) trait TextShape {
    /// What the string becomes.
    type Output;
    /// The noun phrase completing "expected ___": `"a URL string"`.
    const EXPECTED: &'static str;
    /// What to send instead, with an example.
    const HINT: &'static str;

    /// The outcome for a string, as it arrived.
    fn text(self, text: &str) -> Outcome<Self::Output>;

    /// For serde's "expected ___" messages.
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::EXPECTED)
    }
}

/// The visitor of a [`TextShape`].
pub(crate) struct TextOnly<S>(pub(crate) S);

impl<S: TextShape> TextOnly<S> {
    #[cold]
    fn refuse(got: &str, input: Option<Input>) -> Outcome<S::Output> {
        let issue = invalid_type(S::EXPECTED, got, S::HINT);
        Err(crate::collect::IssueBuf::one(match input {
            Some(input) => issue.with_input(input),
            None => issue,
        }))
    }
}

impl<'de, S: TextShape> Visitor<'de> for TextOnly<S> {
    type Value = Outcome<S::Output>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.0.text(v))
    }

    refuse_other_scalars!();

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        let input = seq_input(seq)?;
        Ok(Self::refuse("an array", Some(input)))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let input = map_input(map)?;
        Ok(Self::refuse("an object", Some(input)))
    }
}
