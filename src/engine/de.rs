//! The engine's deserializer over the arguments, an owned `Value` read in place: it answers
//! as `serde_json`'s `Value` deserializer where the value fits, else records the issue and
//! feeds a stand-in; a required field the plan finds absent is `missing` and stood in for.
//! Strings are moved out only where [`Route::take_strings`](super::Route) allows, so a value
//! stays there to echo.

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};
use serde_json::{Number, Value};

use super::handshake::{Request, request};
use super::keys;
use super::placeholder::Placeholder;
use super::plan::{NONE, NodeId, Plan, Present, ROOT, StructNode};
use super::{Drive, Engine, Error};
use crate::issue::Segment;
use crate::issue::{Code, Input, Issue, kind_of};
use crate::report::{Coercion, Rule};

/// The engine's deserializer over one value of the arguments.
pub(crate) struct ValueDe<'a> {
    value: &'a mut Value,
    engine: &'a Engine,
    plan: &'a Plan,
    node: NodeId,
    /// How many containers enclose `value`.
    depth: u32,
}

/// Containers deeper than this are `too_deep`, as `serde_json` reads them.
const MAX_NESTING: u32 = 128;

impl<'a> ValueDe<'a> {
    /// The deserializer of a call's arguments.
    pub(crate) fn root(value: &'a mut Value, engine: &'a Engine, plan: &'a Plan) -> Self {
        ValueDe {
            value,
            engine,
            plan,
            node: ROOT,
            depth: 0,
        }
    }

    /// The deserializer of an object an adapter decoded, `depth` deep, at `node` of `plan`.
    pub(crate) fn nested(
        value: &'a mut Value,
        engine: &'a Engine,
        plan: &'a Plan,
        node: NodeId,
        depth: u32,
    ) -> Self {
        ValueDe {
            value,
            engine,
            plan,
            node,
            depth,
        }
    }

    /// Refuse a container nested past [`MAX_NESTING`]; the call stops here.
    #[cold]
    fn too_deep(&self) -> Error {
        self.engine.record(
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
        self.engine.record_with(|| {
            Issue::new(
                Code::InvalidType,
                format!("expected {expected}, got {}", kind_of(self.value)),
            )
            .with_input(Input::from_value(self.value))
            .with_hint(hint)
        });
    }

    /// Go on past a recorded issue with a stand-in (a type refusing it stops the call).
    fn stand_in<T>(&self, call: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
        self.engine.suppressed(call).map_err(|_| Error::silent())
    }

    /// An integer hint: a number in `min..=max`, else an issue and `0`.
    fn integer<'de, V: Visitor<'de>>(
        self,
        visitor: V,
        min: i128,
        max: u128,
        name: &'static str,
    ) -> Result<V::Value, Error> {
        if let Value::Number(n) = &*self.value {
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
                self.engine.record(crate::rules::int::int_issue_for_float(
                    f,
                    Input::Number(n.clone()),
                    min,
                    max,
                ));
                return self.stand_in(|| visitor.visit_u64(1));
            }
            self.engine.record(out_of_range(n, name, min, max));
            return self.stand_in(|| visitor.visit_u64(1));
        }
        self.mismatch("an integer", "send a whole number, e.g. 10");
        self.stand_in(|| visitor.visit_u64(1))
    }

    fn float<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::Number(n) => visit_number(n, visitor),
            _ => {
                self.mismatch("a number", "send a number, e.g. 0.5");
                self.stand_in(|| visitor.visit_f64(0.0))
            }
        }
    }

    /// A string the visitor reads and need not keep.
    fn string<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::String(s) => visitor.visit_str(s),
            _ => {
                self.mismatch("a string", "send a JSON string, e.g. \"text\"");
                self.stand_in(|| visitor.visit_str(""))
            }
        }
    }

    /// A string the visitor keeps: moved out of the arguments where the route allows.
    fn owned_string<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) if self.engine.route().take_strings => {
                visitor.visit_string(std::mem::take(s))
            }
            _ => self.string(visitor),
        }
    }

    /// `visit_seq` over the items; elements left unread are refused, as by `serde_json`.
    fn array<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.depth >= MAX_NESTING {
            return Err(self.too_deep());
        }
        let items_node = self.plan.items(self.node);
        let ValueDe {
            value,
            engine,
            plan,
            depth,
            ..
        } = self;
        let Value::Array(items) = value else {
            return Err(Error::silent());
        };
        let len = items.len();
        let mut seq = Seq {
            items: items.iter_mut(),
            index: 0,
            engine,
            plan,
            node: items_node,
            depth: depth + 1,
        };
        let out = visitor.visit_seq(&mut seq)?;
        if seq.items.len() == 0 {
            Ok(out)
        } else {
            Err(de::Error::invalid_length(len, &"fewer elements in array"))
        }
    }

    /// `visit_seq` for an adapter driven on a native array (or a lone value, for the generic
    /// array adapter): the elements wait in the engine's slot for the adapter or the sequence,
    /// and come back into the arguments afterwards.
    fn native_array<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let items_node = self.plan.items(self.node);
        let ValueDe {
            value,
            engine,
            plan,
            depth,
            ..
        } = self;
        let Value::Array(items) = value else {
            return lone_array(value, engine, plan, items_node, depth, visitor);
        };
        *engine.native.borrow_mut() = Some(std::mem::take(items));
        let mut seq = Slot {
            items: None,
            index: 0,
            engine,
            plan,
            node: items_node,
            depth: depth + 1,
        };
        let out = visitor.visit_seq(&mut seq);
        let read = seq.index;
        if let Some(back) = seq
            .items
            .take()
            .or_else(|| engine.native.borrow_mut().take())
        {
            *items = back;
        }
        let out = out?;
        if read > 0 && read < items.len() {
            return Err(de::Error::invalid_length(
                items.len(),
                &"fewer elements in array",
            ));
        }
        Ok(out)
    }

    /// `visit_map` over the members, then stand-ins for missing required fields.
    fn object<'de, V: Visitor<'de>>(
        self,
        shape: Option<&'a StructNode>,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.depth >= MAX_NESTING {
            return Err(self.too_deep());
        }
        let ValueDe {
            value,
            engine,
            plan,
            depth,
            ..
        } = self;
        let Value::Object(map) = value else {
            return Err(Error::silent());
        };
        // Keys that name no field of a struct: folded to the field they name.
        let unknown = !fields.is_empty() && !keys::all_declared(map, fields);
        if unknown {
            keys::fold_keys(map, engine, fields);
        }
        let len = map.len();
        // The key a struct that denies unknown fields refused, if it did.
        let mut refused_key = None;
        let (out, missing) = {
            let mut access = Entries {
                entries: map.iter_mut(),
                engine,
                plan,
                depth: depth + 1,
                shape,
                fields,
                present: Present::default(),
                blocked: false,
                missing: None,
                fed: 0,
                value: None,
            };
            let out = visitor.visit_map(&mut access);
            let missing = access.missing.take();
            let out = match out {
                Ok(out) if access.entries.len() == 0 => Ok(out),
                Ok(_) => Err(de::Error::invalid_length(len, &"fewer elements in map")),
                // serde's derived visitor refuses a field named twice (under its name and
                // an alias) right after the second key: the key is where the issue is.
                Err(e) => match (e.duplicate_field(), access.value.take()) {
                    (Some(_), Some((key, value, _))) => Err(e.prefixed(Segment::key(key), value)),
                    (None, Some((key, _, _))) if e.is_unknown_field() => {
                        refused_key = Some(key.to_owned());
                        Err(e)
                    }
                    // (a key named twice is a declared field's name or alias)
                    _ => Err(e),
                },
            };
            (out, missing)
        };
        // A refused unknown key a small edit away from a field the call left out: its
        // hint names the field.
        let out = match (out, refused_key) {
            (Err(mut e), Some(key)) => {
                if let Some(field) = keys::near_field(map, fields, &key) {
                    e.set_hint(crate::rules::keys::unknown_hint(&key, field));
                }
                Err(e)
            }
            (out, _) => out,
        };
        // A struct that denies unknown fields stops at the first: the fields it lacks are
        // reported beside it, from the plan.
        let missing = match (&out, missing, shape) {
            (Err(e), None, Some(shape)) if e.is_unknown_field() => {
                Some(absent_required(shape, map))
            }
            (_, missing, _) => missing,
        };
        // Found missing by the plan: reported where the struct is, each with the unknown
        // key the call sent for it, if one is close.
        if let (Some(missing), Some(shape)) = (&missing, shape)
            && !missing.is_empty()
        {
            report_missing(engine, missing, shape, fields, map);
        }
        if unknown && engine.call.report.get() {
            keys::note_ignored(map, engine, fields, missing.as_deref().unwrap_or_default());
        }
        out
    }
}

/// Record `missing` for `shape`'s required fields `map` lacks, with a near miss or wrapper key.
#[cold]
#[inline(never)]
fn report_missing(
    engine: &Engine,
    missing: &[&str],
    shape: &StructNode,
    fields: &[&str],
    map: &serde_json::Map<String, Value>,
) {
    let unknown: Vec<&str> = map
        .keys()
        .map(String::as_str)
        .filter(|key| shape.find(key).is_none() && !fields.contains(key))
        .collect();
    let sent = crate::arguments::near_misses(missing, &unknown);
    for (field, sent) in missing.iter().zip(sent) {
        match crate::arguments::sent_inside(map, field, fields) {
            Some(wrapper) => {
                engine.record_with(|| crate::rules::keys::missing_inside(field, wrapper))
            }
            None => engine.record_with(|| crate::rules::keys::missing(field, sent)),
        }
    }
}

/// The required fields of `shape` that no key of `map` names.
#[cold]
fn absent_required<'s>(
    shape: &'s StructNode,
    map: &serde_json::Map<String, Value>,
) -> Vec<&'s str> {
    let mut present = Present::default();
    for key in map.keys() {
        if let Some(i) = shape.find(key) {
            present.set(i);
        }
    }
    shape
        .props
        .iter()
        .enumerate()
        .filter(|(i, p)| p.required && !present.get(*i))
        .map(|(_, p)| p.name())
        .collect()
}

/// `visit_seq` over a lone value as a one-element native array.
#[cold]
#[inline(never)]
fn lone_array<'de, V: Visitor<'de>>(
    value: &mut Value,
    engine: &Engine,
    plan: &Plan,
    node: NodeId,
    depth: u32,
    visitor: V,
) -> Result<V::Value, Error> {
    *engine.native.borrow_mut() = Some(vec![std::mem::take(value)]);
    let mut seq = Slot {
        items: None,
        index: 0,
        engine,
        plan,
        node,
        depth: depth + 1,
    };
    let out = visitor.visit_seq(&mut seq);
    if let Some(lone) = seq
        .items
        .take()
        .or_else(|| engine.native.borrow_mut().take())
        .and_then(|mut back| back.pop())
    {
        *value = lone;
    }
    out
}

#[cold]
fn out_of_range(n: &Number, name: &'static str, min: i128, max: u128) -> Issue {
    Issue::new(
        Code::IntOverflow,
        format!("integer out of range for {name}"),
    )
    .with_input(Input::Number(n.clone()))
    .with_hint(crate::rules::int::range_hint(
        min,
        max,
        &format!("from {min} to {max}"),
    ))
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

/// The prefix of `serde_json`'s own newtypes' names (`RawValue`).
const SERDE_JSON_PRIVATE: &str = "$serde_json::private::";

/// One of `serde_json`'s own newtypes, read from a copy by `serde_json`'s `Value` deserializer.
#[cold]
fn serde_json_newtype<'de, V: Visitor<'de>>(
    value: &Value,
    name: &'static str,
    visitor: V,
) -> Result<V::Value, Error> {
    value
        .clone()
        .deserialize_newtype_struct(name, visitor)
        .map_err(<Error as de::Error>::custom)
}

#[inline]
fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, Error> {
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
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            #[allow(clippy::unnecessary_cast, reason = "one macro for signed and unsigned")]
            self.integer(visitor, <$t>::MIN as i128, <$t>::MAX as u128, stringify!($t))
        })*
    };
}

/// Halfway between `f32::MAX` and 2^128: from there rounding to `f32` gives infinity.
const F32_OVERFLOW_MIDPOINT: f64 = 3.402_823_567_797_336_6e38;

impl<'de> Deserializer<'de> for ValueDe<'_> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_str(s),
            Value::Array(_) => self.array(visitor),
            Value::Object(_) => self.object(None, &[], visitor),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::Bool(b) => visitor.visit_bool(*b),
            _ => {
                self.mismatch("a boolean", "send true or false");
                self.stand_in(|| visitor.visit_bool(false))
            }
        }
    }

    integer_hints!(
        deserialize_i8: i8, deserialize_i16: i16, deserialize_i32: i32, deserialize_i64: i64,
        deserialize_i128: i128, deserialize_u8: u8, deserialize_u16: u16, deserialize_u32: u32,
        deserialize_u64: u64, deserialize_u128: u128
    );

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // A finite number past `f32`'s range turns into infinity through a `Value`, as in
        // `serde_json::from_value`; but when the `Value` was read from the call's text for
        // `from_str`, `serde_json::from_str` refused it, so must the `Value` route (where
        // serde_json parses floats exactly: without its `float_roundtrip` it reads an
        // `f32` in double precision, and gives infinity as `from_value` does).
        // It is recorded like every other refused value, so reading goes on to the call's
        // other issues.
        if self.engine.route().from_text
            && crate::rules::int::floats_parse_exactly()
            && let Value::Number(n) = &*self.value
            && let Some(f) = n.as_f64()
            && f.is_finite()
            && (f as f32).is_infinite()
        {
            // The text was rounded to an `f64` first: exactly halfway between `f32::MAX`
            // and 2^128, the decimal sent was as likely just below (`serde_json`, reading
            // it straight into an `f32`, gives `f32::MAX`) as at or past it; read it as
            // `f32::MAX`, the value it names within `f32`'s range.
            if f.abs() == F32_OVERFLOW_MIDPOINT {
                return visitor.visit_f32(f32::MAX.copysign(f as f32));
            }
            self.engine.record_with(|| {
                Issue::new(Code::NotFinite, "number out of range for a 32-bit float")
                    .with_input(Input::Number(n.clone()))
                    .with_hint("send a number of magnitude at most 3.4e38")
            });
            return self.stand_in(|| visitor.visit_f32(0.0));
        }
        self.float(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.float(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::String(s) if s.chars().count() == 1 => visitor.visit_str(s),
            _ => {
                self.mismatch("a single character", "send a string of one character");
                self.stand_in(|| visitor.visit_char(' '))
            }
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.owned_string(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::String(s) => visitor.visit_str(s),
            Value::Array(_) => self.array(visitor),
            _ => {
                self.mismatch("bytes", "send a string or an array of bytes");
                self.stand_in(|| visitor.visit_bytes(&[]))
            }
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if !self.value.is_null() {
            self.mismatch("null", "send null");
            return self.stand_in(|| visitor.visit_unit());
        }
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let asked = request(name);
        if asked == Some(Request::Direct) {
            // One of the crate's adapters asking to be driven (see `engine::adapt`).
            let drive = Drive {
                depth: self.depth,
                node: self.node,
            };
            let engine = self.engine;
            if matches!(&*self.value, Value::Array(_)) && self.depth < MAX_NESTING {
                return engine.drive(drive, || self.native_array(visitor));
            }
            return engine.drive(drive, || self.deserialize_any(visitor));
        }
        if asked == Some(Request::Array) {
            // The generic array adapter: a native array, or a lone value as its one
            // element; strings and `null` are the adapter's to read.
            let drive = Drive {
                depth: self.depth,
                node: self.node,
            };
            let engine = self.engine;
            if !matches!(&*self.value, Value::String(_) | Value::Null) && self.depth < MAX_NESTING {
                if !self.value.is_array() {
                    wrapped(engine, self.value);
                }
                return engine.drive(drive, || self.native_array(visitor));
            }
            return engine.drive(drive, || self.deserialize_any(visitor));
        }
        if name.starts_with(SERDE_JSON_PRIVATE) {
            return serde_json_newtype(self.value, name, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            Value::Array(_) => self.array(visitor),
            _ => {
                self.mismatch("an array", "send a JSON array, e.g. [1, 2]");
                self.stand_in(|| Placeholder::new().deserialize_seq(visitor))
            }
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        match &*self.value {
            // Any length, as `serde_json`: the visitor judges it (a tuple struct may have
            // defaulted fields at its end), and `array` refuses elements left over.
            Value::Array(_) => self.array(visitor),
            _ => {
                self.engine.record(
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
                self.stand_in(|| Placeholder::new().deserialize_tuple(len, visitor))
            }
        }
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
        match &*self.value {
            Value::Object(_) => self.object(None, &[], visitor),
            _ => {
                self.mismatch("an object", "send a JSON object, e.g. {\"key\": \"value\"}");
                self.stand_in(|| Placeholder::new().deserialize_map(visitor))
            }
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match &*self.value {
            Value::Object(map) => {
                let engine = self.engine;
                // The arguments themselves may be wrapped in a key.
                if self.depth == 0 && keys::may_wrap(map, fields) {
                    keys::unwrap_root(self.value, engine, fields);
                }
                let shape = self.plan.struct_for(self.node, name, fields);
                match self.object(shape, fields, visitor) {
                    Ok(out) => Ok(out),
                    // A missing field the plan did not know of: serde stopped at it.
                    Err(e) => match e.missing_field() {
                        Some(field) if fields.contains(&field) => {
                            engine.record(super::error::missing_issue(field));
                            Err(Error::silent())
                        }
                        _ => Err(e),
                    },
                }
            }
            Value::Array(_) => self.array(visitor),
            _ => {
                self.mismatch("an object", "send a JSON object with the tool's fields");
                self.stand_in(|| Placeholder::new().deserialize_struct(name, fields, visitor))
            }
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let engine = self.engine;
        let plan = self.plan;
        let depth = self.depth;
        match self.value {
            Value::String(s) => visitor.visit_enum(de::value::StrDeserializer::<Error>::new(s)),
            Value::Object(map) if map.len() == 1 => {
                let Some((variant, value)) = map.iter_mut().next() else {
                    return Err(Error::silent());
                };
                visitor.visit_enum(Tagged {
                    variant,
                    value: ValueDe {
                        value,
                        engine,
                        plan,
                        node: NONE,
                        depth: depth + 1,
                    },
                })
            }
            _ => {
                self.mismatch(
                    "one of the enum's values",
                    "send one of the values the inputSchema lists",
                );
                self.stand_in(|| Placeholder::new().deserialize_enum(name, variants, visitor))
            }
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.string(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // Not read, but dropped with the arguments: a value nested deeper than the engine
        // reads makes the arguments be taken apart without recursion.
        if matches!(&*self.value, Value::Array(_) | Value::Object(_))
            && super::deeper_than(self.value, MAX_NESTING.saturating_sub(self.depth))
        {
            self.engine.call.deep.set(true);
        }
        visitor.visit_unit()
    }
}

/// Read `value` one level down at `at`'s segment, prefixing its issues.
#[inline]
pub(crate) fn read_member<R>(
    engine: &Engine,
    value: &mut Value,
    at: impl Fn() -> Segment,
    read: impl FnOnce(&mut Value) -> Result<R, Error>,
) -> Result<R, Error> {
    let before = engine.mark();
    let out = read(value);
    engine.prefix_since(before, &at, value);
    out.map_err(|e| e.prefixed(at(), value))
}

/// Record that the lone `value` is read as a one-element array.
#[cold]
fn wrapped(engine: &Engine, value: &Value) {
    engine.note(|| {
        // An object by its size, never its content (a field marked secret may be inside).
        let from = match value {
            Value::Object(map) => crate::report::members(map.len()),
            other => Some(Input::from_value(other)),
        };
        Coercion::new(Rule::ScalarWrap, from, crate::report::items(1))
    });
}

/// Array elements, each one level down at its index.
struct Seq<'a> {
    items: std::slice::IterMut<'a, Value>,
    index: usize,
    engine: &'a Engine,
    plan: &'a Plan,
    node: NodeId,
    depth: u32,
}

impl<'de> SeqAccess<'de> for &mut Seq<'_> {
    type Error = Error;

    /// An element by its own `Deserialize`; a foreign refusal is recorded, a stand-in read.
    fn next_element<T: de::Deserialize<'de>>(&mut self) -> Result<Option<T>, Error> {
        let engine = self.engine;
        match self.next_element_seed(std::marker::PhantomData::<T>) {
            Err(e) if e.is_issue() => {
                if let Some(issue) = e.into_issue() {
                    engine.record(issue);
                }
                engine
                    .suppressed(|| T::deserialize(Placeholder::new()))
                    .map(Some)
                    .map_err(|_| Error::silent())
            }
            read => read,
        }
    }

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(value) = self.items.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        let (engine, plan, node, depth) = (self.engine, self.plan, self.node, self.depth);
        read_member(
            engine,
            value,
            || Segment::Index(index),
            |value| {
                seed.deserialize(ValueDe {
                    value,
                    engine,
                    plan,
                    node,
                    depth,
                })
            },
        )
        .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// The elements of a native array in the engine's slot, read one by one at their index.
struct Slot<'a> {
    /// Taken from the engine's slot at the first element.
    items: Option<Vec<Value>>,
    index: usize,
    engine: &'a Engine,
    plan: &'a Plan,
    node: NodeId,
    depth: u32,
}

impl<'de> SeqAccess<'de> for &mut Slot<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.items.is_none() {
            self.items = self.engine.native.borrow_mut().take();
        }
        let index = self.index;
        let Some(value) = self.items.as_mut().and_then(|items| items.get_mut(index)) else {
            return Ok(None);
        };
        self.index += 1;
        let (engine, plan, node, depth) = (self.engine, self.plan, self.node, self.depth);
        read_member(
            engine,
            value,
            || Segment::Index(index),
            |value| {
                seed.deserialize(ValueDe {
                    value,
                    engine,
                    plan,
                    node,
                    depth,
                })
            },
        )
        .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        let len = match &self.items {
            Some(items) => items.len(),
            None => self.engine.native.borrow().as_ref().map_or(0, Vec::len),
        };
        Some(len.saturating_sub(self.index))
    }
}

/// Object members, then stand-ins for the missing required fields.
struct Entries<'a: 'm, 'm> {
    entries: serde_json::map::IterMut<'m>,
    engine: &'a Engine,
    plan: &'a Plan,
    depth: u32,
    /// The struct being read, when the plan knows it.
    shape: Option<&'a StructNode>,
    /// serde's names of the struct's fields (empty for a map).
    fields: &'static [&'static str],
    /// The properties of `shape` the members hold.
    present: Present,
    /// A member is a field `shape` does not list (an alias): required fields not judged.
    blocked: bool,
    /// The required fields missing: fed as stand-ins, then reported.
    missing: Option<Vec<&'a str>>,
    /// How many of `missing` were fed.
    fed: usize,
    /// The member whose key was just read (key, value, its node); `None` for a stand-in.
    value: Option<(&'m str, &'m mut Value, NodeId)>,
}

impl<'a> Entries<'a, '_> {
    /// The node of the member `key`, noting it as present.
    #[inline]
    fn member(&mut self, key: &str) -> NodeId {
        let Some(shape) = self.shape else {
            return NONE;
        };
        match shape.find(key) {
            Some(index) => {
                self.present.set(index);
                shape.props.get(index).map_or(NONE, |p| p.child)
            }
            None => {
                if !shape.complete && self.fields.contains(&key) {
                    self.blocked = true;
                }
                NONE
            }
        }
    }

    /// Record `default_applied` for each absent field of `shape` whose type fills a default.
    #[cold]
    #[inline(never)]
    fn defaults_filled(&self, shape: &StructNode) {
        if !self.engine.call.report.get() {
            return;
        }
        for (i, prop) in shape.props.iter().enumerate() {
            if let Some(default) = &prop.default
                && !self.present.get(i)
            {
                self.engine.note(|| {
                    let mut c =
                        Coercion::new(Rule::DefaultApplied, None, Some((**default).clone()));
                    self.engine
                        .prepend_coercion(&mut c, Segment::key(prop.name()));
                    c
                });
            }
        }
    }

    /// The required fields no member holds, reporting type defaults filled in meanwhile.
    fn missing(&self) -> Vec<&'a str> {
        let Some(shape) = self.shape else {
            return Vec::new();
        };
        if self.blocked || shape.all_present(&self.present) {
            return Vec::new();
        }
        self.missing_slow(shape)
    }

    #[cold]
    #[inline(never)]
    fn missing_slow(&self, shape: &'a StructNode) -> Vec<&'a str> {
        if shape.has_defaults {
            self.defaults_filled(shape);
        }
        shape
            .props
            .iter()
            .enumerate()
            .filter(|(i, p)| p.required && !self.present.get(*i))
            .map(|(_, p)| p.name())
            .collect()
    }
}

impl<'de> MapAccess<'de> for &mut Entries<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.missing.is_none() {
            if let Some((key, value)) = self.entries.next() {
                let node = self.member(key);
                self.value = Some((key, value, node));
                return seed
                    .deserialize(KeyDe(key))
                    .map(Some)
                    .map_err(|e| e.prefixed_key(key));
            }
            self.missing = Some(self.missing());
        }
        self.value = None;
        // The stand-ins, one per missing field, in the order the plan lists them.
        let Some(field) = self.missing.as_ref().and_then(|m| m.get(self.fed)).copied() else {
            return Ok(None);
        };
        self.fed += 1;
        seed.deserialize(de::value::StrDeserializer::<Error>::new(field))
            .map(Some)
    }

    /// A member's value by its own `Deserialize`; a foreign refusal (a `try_from` newtype, an
    /// unknown variant) is recorded at the member and a stand-in read on, so every other issue
    /// is still reported.
    fn next_value<V: de::Deserialize<'de>>(&mut self) -> Result<V, Error> {
        let engine = self.engine;
        match self.next_value_seed(std::marker::PhantomData::<V>) {
            Err(e) if e.is_issue() => {
                if let Some(issue) = e.into_issue() {
                    engine.record(issue);
                }
                engine
                    .suppressed(|| V::deserialize(Placeholder::new()))
                    .map_err(|_| Error::silent())
            }
            read => read,
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some((key, value, node)) => {
                let (engine, plan, depth) = (self.engine, self.plan, self.depth);
                read_member(
                    engine,
                    value,
                    || Segment::key(key),
                    |value| {
                        seed.deserialize(ValueDe {
                            value,
                            engine,
                            plan,
                            node,
                            depth,
                        })
                    },
                )
            }
            None => self
                .engine
                .suppressed(|| seed.deserialize(Placeholder::new()))
                .map_err(|_| Error::silent()),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An externally tagged enum value `{"variant": value}`.
struct Tagged<'a> {
    variant: &'a str,
    value: ValueDe<'a>,
}

impl<'de, 'a> EnumAccess<'de> for Tagged<'a> {
    type Error = Error;
    type Variant = Variant<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Variant<'a>), Error> {
        let variant = seed.deserialize(de::value::StrDeserializer::<Error>::new(self.variant))?;
        Ok((
            variant,
            Variant {
                name: self.variant,
                value: self.value,
            },
        ))
    }
}

/// A variant's content: its issues sit under the variant's key (`/event/Click/x`).
struct Variant<'a> {
    name: &'a str,
    value: ValueDe<'a>,
}

impl<'a> Variant<'a> {
    /// Read the content with `read`, its issues under the variant's key.
    fn under_name<R>(self, read: impl FnOnce(ValueDe<'_>) -> Result<R, Error>) -> Result<R, Error> {
        let ValueDe {
            value,
            engine,
            plan,
            node,
            depth,
        } = self.value;
        read_member(
            engine,
            value,
            || Segment::key(self.name),
            |value| {
                read(ValueDe {
                    value,
                    engine,
                    plan,
                    node,
                    depth,
                })
            },
        )
    }
}

impl<'de> VariantAccess<'de> for Variant<'_> {
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

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        self.under_name(|value| seed.deserialize(value))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        // As `serde_json`'s `Value`: an empty array is a unit, which a tuple variant refuses.
        if matches!(&*self.value.value, Value::Array(items) if items.is_empty()) {
            return self.under_name(|_| visitor.visit_unit());
        }
        self.under_name(|value| value.deserialize_tuple(len, visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        // As `serde_json`'s `Value`: a struct variant is an object, never an array.
        if let Value::Array(_) = &*self.value.value {
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

/// An object key as `serde_json` hands it over: a string, or the number or boolean it spells
/// for a map keyed so.
struct KeyDe<'k>(&'k str);

macro_rules! key_parse {
    ($($method:ident $visit:ident $t:ty, $grammar:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
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

impl<'de> Deserializer<'de> for KeyDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str(self.0)
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

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::value::StrDeserializer::<Error>::new(self.0).deserialize_enum(name, variants, visitor)
    }

    serde::forward_to_deserialize_any! {
        <W: Visitor<'de>>
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}
