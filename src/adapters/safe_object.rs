//! Objects forwarded onward as they are (to another service, a template, a JavaScript
//! runtime), refused when they carry a prototype-pollution key or nest too deep.
//!
//! [`check_object`] and [`check_value`] hold the check, usable without serde;
//! [`SafeObjectLike`] (for `#[serde_as]`), the [`deserialize`]/[`serialize`] functions (for
//! `#[serde(with)]`) and the wrapper type [`SafeObject`] are thin shells around it. The
//! table of what is accepted is docs/contract.md's "Scalars"; how keys are compared and the
//! object walked, "Wrapper types and adapters".

use crate::shell::refuse_shapes;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};
use serde_with::{DeserializeAs, SerializeAs};

use crate::decode::{self, Held, SAFE_OBJECT};
use crate::issue::IssueBuf;
use crate::issue::{Code, Input, Issue, Path, Rejection, Segment, kind_of};
use crate::shell::{Optional, Outcome, Settled, invalid_type};

/// The nesting limit of [`SafeObjectLike`] and [`SafeObject`] when none is given.
pub const DEFAULT_MAX_DEPTH: usize = 32;

/// The keys refused at any depth: they reach an object's prototype in JavaScript.
pub const FORBIDDEN_KEYS: &[&str] = &["__proto__", "constructor", "prototype"];

/// Check an object that will be forwarded: no key in [`FORBIDDEN_KEYS`] at any depth
/// (inside arrays too), and nesting at most `max_depth` levels (the object itself is level
/// 1; each object or array inside it one more).
///
/// # Errors
///
/// A [`Rejection`] with every issue, paths relative to the object: `forbidden_key` at the
/// key's path, `too_deep` at each container past the limit (nothing inside it is read).
///
/// # Examples
///
/// ```
/// use mcp_coerce::Code;
/// use mcp_coerce::safe_object::check_object;
/// use serde_json::json;
///
/// assert!(check_object(json!({"a": [{"b": 1}]}).as_object().unwrap(), 3).is_ok());
/// let bad = json!({"a": [{"constructor": 1}], "deep": {"x": {"y": {}}}});
/// let found: Vec<_> = check_object(bad.as_object().unwrap(), 3).unwrap_err().issues().iter()
///     .map(|i| (i.code(), i.path().to_string())).collect();
/// assert_eq!(found, [(Code::ForbiddenKey, "/a/0/constructor".into()), (Code::TooDeep, "/deep/x/y".into())]);
/// ```
pub fn check_object(object: &Map<String, Value>, max_depth: usize) -> Result<(), Rejection> {
    let issues = walk(object, max_depth);
    if issues.is_empty() {
        Ok(())
    } else {
        Err(issues.into_rejection())
    }
}

/// [`check_object`] for a value that must be an object.
///
/// # Errors
///
/// As [`check_object`]; a value that is not an object is one `invalid_type` at `""`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::safe_object::check_value;
/// use serde_json::json;
///
/// assert!(check_value(&json!({"a": 1}), 8).is_ok());
/// assert!(check_value(&json!([{"a": 1}]), 8).is_err());
/// assert!(check_value(&json!({"a": {"__proto__": {}}}), 8).is_err());
/// ```
pub fn check_value(value: &Value, max_depth: usize) -> Result<(), Rejection> {
    match value {
        Value::Object(object) => check_object(object, max_depth),
        _ => Err(Rejection::new([invalid_type(
            EXPECTED,
            kind_of(value),
            HINT,
        )
        .with_input(Input::from_value(value))])),
    }
}

/// One level of the walk: the members or elements not visited yet.
enum Frame<'a> {
    Object(serde_json::map::Iter<'a>),
    Array(std::iter::Enumerate<std::slice::Iter<'a, Value>>),
}

/// How a value was reached from its container.
#[derive(Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

impl Step<'_> {
    fn segment(self) -> Segment {
        match self {
            Step::Key(key) => Segment::key(key),
            Step::Index(index) => Segment::Index(index),
        }
    }
}

/// The path of the value reached by `step` from the container at `path`.
fn path_to(path: &[Segment], step: Step<'_>) -> Path {
    // Every key inside a forwarded object is the caller's choice.
    Path::from_segments(path.iter().cloned().chain([step.segment()])).keys_sent()
}

/// Every issue of `root`, depth first in document order, without recursion: the stack
/// holds one frame per open container and never more than `max_depth` of them.
fn walk(root: &Map<String, Value>, max_depth: usize) -> IssueBuf {
    let mut issues = IssueBuf::default();
    if max_depth == 0 {
        // The object itself is past the limit (its input is filled in where it is known).
        issues.push(too_deep(Path::root(), max_depth, None));
        return issues;
    }
    let mut stack = vec![Frame::Object(root.iter())];
    // The path of the container on top of the stack: one segment per frame but the root's.
    let mut path: Vec<Segment> = Vec::new();
    while let Some(frame) = stack.last_mut() {
        let next = match frame {
            Frame::Object(members) => members.next().map(|(key, value)| (Step::Key(key), value)),
            Frame::Array(elements) => elements
                .next()
                .map(|(index, value)| (Step::Index(index), value)),
        };
        let Some((step, value)) = next else {
            stack.pop();
            path.pop();
            continue;
        };
        if let Step::Key(key) = step
            && FORBIDDEN_KEYS.contains(&key)
        {
            issues.push_with(|| forbidden_key(path_to(&path, step), key));
        }
        let child = match value {
            Value::Object(members) => Frame::Object(members.iter()),
            Value::Array(elements) => Frame::Array(elements.iter().enumerate()),
            _ => continue,
        };
        // The child's level: one more than the container on top of the stack.
        if stack.len() + 1 > max_depth {
            issues.push_with(|| {
                too_deep(
                    path_to(&path, step),
                    max_depth,
                    Some(Input::from_value(value)),
                )
            });
            continue;
        }
        path.push(step.segment());
        stack.push(child);
    }
    issues
}

#[cold]
pub(crate) fn forbidden_key(path: Path, key: &str) -> Issue {
    Issue::new(Code::ForbiddenKey, format!("object key not allowed: {key}"))
        .with_input(Input::from_text(key))
        .with_hint("remove or rename the key: __proto__, constructor and prototype are refused at any depth")
        .with_context("forbidden", FORBIDDEN_KEYS)
        .at(path)
}

#[cold]
fn too_deep(path: Path, max_depth: usize, input: Option<Input>) -> Issue {
    let issue = Issue::new(
        Code::TooDeep,
        format!("expected objects and arrays nested at most {max_depth} levels deep, got more"),
    )
    .with_hint(format!(
        "flatten the object: at most {max_depth} levels of objects and arrays, counting the object itself"
    ))
    .with_context("maxDepth", max_depth)
    .at(path);
    issue.with_input_if(input)
}

const EXPECTED: &str = "a JSON object";
const HINT: &str = "send a JSON object, e.g. {\"key\": \"value\"}";

/// Adapter for a JSON object forwarded as it is, checked by [`check_object`] with a nesting
/// limit of `MAX_DEPTH`; into a `Map<String, Value>` or a `Value` (always an object), or
/// their `Option` with the optional rules (absent, `null`, `""`, `"null"` give `None`).
/// [`SafeObject`] is the wrapper type.
///
/// # Examples
///
/// ```
/// use mcp_coerce::SafeObjectLike;
/// use serde_json::{Map, Value};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Debug, serde::Deserialize)]
/// struct Args {
///     #[serde_as(as = "SafeObjectLike<8>")]
///     options: Map<String, Value>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"options": "{\"mode\": \"fast\"}"}"#)?;
/// assert_eq!(args.options["mode"], "fast");
/// let refused = mcp_coerce::from_str::<Args>(r#"{"options": {"a": [{"__proto__": {}}]}}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].path().to_string(), "/options/a/0/__proto__");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// `forbidden_key`, `too_deep`, `invalid_json`, `invalid_type`, each at its path.
#[derive(Clone, Copy, Debug, Default)]
pub struct SafeObjectLike<const MAX_DEPTH: usize = DEFAULT_MAX_DEPTH>;

/// The shape visitor: an object, or a string holding one, to the checked object as `T`.
struct ObjectShape<T, const MAX_DEPTH: usize> {
    /// How many layers of string encoding have been peeled to get here.
    layer: u8,
    _out: PhantomData<fn() -> T>,
}

impl<T: From<Map<String, Value>>, const MAX_DEPTH: usize> ObjectShape<T, MAX_DEPTH> {
    fn new() -> Self {
        ObjectShape {
            layer: 0,
            _out: PhantomData,
        }
    }

    fn checked(object: Map<String, Value>) -> Outcome<T> {
        let issues = walk(&object, effective_depth(MAX_DEPTH));
        if issues.is_empty() {
            Ok(T::from(object))
        } else {
            Err(issues)
        }
    }

    /// A string: JSON object text, or a string inside the string. `arrived` is the string
    /// as it arrived (before any layer was peeled), for messages.
    fn text(&self, s: &str, arrived: &str) -> Outcome<T> {
        let refuse = |issue: Issue| Err(IssueBuf::one(issue.with_input(Input::from_text(arrived))));
        let t = match decode::held(s, b'{') {
            Held::Layer(_) if self.layer + 1 >= decode::MAX_LAYERS => {
                return Err(IssueBuf::one(decode::too_encoded(&SAFE_OBJECT, arrived)));
            }
            Held::Layer(Ok(inner)) => {
                return crate::engine::notes::peeled(s, &inner, || {
                    ObjectShape::<T, MAX_DEPTH> {
                        layer: self.layer + 1,
                        _out: PhantomData,
                    }
                    .text(&inner, arrived)
                });
            }
            Held::Layer(Err(e)) => {
                return Err(IssueBuf::one(decode::invalid_json(
                    &SAFE_OBJECT,
                    &e,
                    s,
                    arrived,
                )));
            }
            Held::Json(t) | Held::Plain(t) => t,
        };
        match serde_json::from_str::<Value>(t) {
            Ok(Value::Object(object)) => {
                crate::engine::notes::coerced(
                    crate::report::Rule::JsonString,
                    || crate::report::encoded(s),
                    || crate::report::members(object.len()),
                );
                Self::checked(object)
            }
            Ok(other) => refuse(invalid_type(
                EXPECTED,
                &format!("{} in a string", kind_of(&other)),
                HINT,
            )),
            Err(e) => Err(IssueBuf::one(decode::invalid_json(
                &SAFE_OBJECT,
                &e,
                s,
                arrived,
            ))),
        }
    }
}

fn not_an_object<T>(got: &str, input: Option<Input>) -> Outcome<T> {
    let issue = invalid_type(EXPECTED, got, HINT);
    Err(IssueBuf::one(issue.with_input_if(input)))
}

impl<'de, T: From<Map<String, Value>>, const MAX_DEPTH: usize> Visitor<'de>
    for ObjectShape<T, MAX_DEPTH>
{
    type Value = Outcome<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object, or a string holding one")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut object = Map::new();
        let mut odd_key = None;
        while let Some(key) = map.next_key_seed(KeySeed)? {
            match key {
                Ok(key) => {
                    // Copied only as deep as the check looks (one level past the limit),
                    // so a deep value built in code costs no deep recursion.
                    let value = map.next_value_seed(Bounded {
                        depth: 2,
                        limit: effective_depth(MAX_DEPTH),
                    })?;
                    if object.insert(key, value).is_some() {
                        return Err(repeated_key());
                    }
                }
                Err(kind) => {
                    map.next_value::<IgnoredAny>()?;
                    odd_key.get_or_insert(kind);
                }
            }
        }
        if let Some(kind) = odd_key {
            return Ok(not_an_object(
                &format!("an object with {kind} as a key"),
                None,
            ));
        }
        Ok(Self::checked(object))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.text(v, v))
    }

    refuse_shapes!(
        |_, got, input| Ok(not_an_object(got, input));
        booleans numbers unit none some newtype bytes array_echo
    );
}

/// A map key: a string, or what kind of value came instead.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Result<String, &'static str>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Result<String, &'static str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Ok(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Ok(v))
    }

    refuse_shapes!(|_, got, _| Ok(Err(got)); booleans numbers unit bytes array object);
}

type JsonMap = Map<String, Value>;

/// The depth limit in force: `MAX_DEPTH`, but never past the 128 levels `serde_json`
/// itself reads, so that copying a value built in code never recurses deeper than that.
const fn effective_depth(max_depth: usize) -> usize {
    if max_depth < 128 { max_depth } else { 128 }
}

/// A JSON value copied from any format, down to depth `limit + 1`: the first container
/// past the limit is kept with its scalars (the check reports it as `too_deep`, and echoes
/// it), and the containers inside it are kept empty, their contents skipped unread.
struct Bounded {
    /// The depth of the value being read (the object itself is depth 1).
    depth: usize,
    limit: usize,
}

impl Bounded {
    fn past_limit(&self) -> bool {
        self.depth > self.limit.saturating_add(1)
    }

    fn child(&self) -> Bounded {
        Bounded {
            depth: self.depth + 1,
            limit: self.limit,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Bounded {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Bounded {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(serde_json::Number::from_i128(v)
            .map_or_else(|| Value::String(v.to_string()), Value::Number))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(serde_json::Number::from_u128(v)
            .map_or_else(|| Value::String(v.to_string()), Value::Number))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        if self.past_limit() {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
        } else {
            while let Some(item) = seq.next_element_seed(self.child())? {
                items.push(item);
            }
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        if self.past_limit() {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        } else {
            while let Some(key) = map.next_key::<String>()? {
                let value = map.next_value_seed(self.child())?;
                if object.insert(key, value).is_some() {
                    return Err(repeated_key());
                }
            }
        }
        Ok(Value::Object(object))
    }
}

impl<'de, const MAX_DEPTH: usize> DeserializeAs<'de, JsonMap> for SafeObjectLike<MAX_DEPTH> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<JsonMap, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(ObjectShape::<JsonMap, MAX_DEPTH>::new()),
        )
    }
}

impl<'de, const MAX_DEPTH: usize> DeserializeAs<'de, Option<JsonMap>>
    for SafeObjectLike<MAX_DEPTH>
{
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<JsonMap>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional::non_string(
                ObjectShape::<JsonMap, MAX_DEPTH>::new(),
            )),
        )
    }
}

impl<'de, const MAX_DEPTH: usize> DeserializeAs<'de, Value> for SafeObjectLike<MAX_DEPTH> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(ObjectShape::<Value, MAX_DEPTH>::new()),
        )
    }
}

impl<'de, const MAX_DEPTH: usize> DeserializeAs<'de, Option<Value>> for SafeObjectLike<MAX_DEPTH> {
    fn deserialize_as<D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
        crate::shell::adapt(
            deserializer,
            Settled(Optional::non_string(ObjectShape::<Value, MAX_DEPTH>::new())),
        )
    }
}

impl<const MAX_DEPTH: usize> SerializeAs<JsonMap> for SafeObjectLike<MAX_DEPTH> {
    fn serialize_as<S: Serializer>(source: &JsonMap, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<const MAX_DEPTH: usize> SerializeAs<Option<JsonMap>> for SafeObjectLike<MAX_DEPTH> {
    fn serialize_as<S: Serializer>(
        source: &Option<JsonMap>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<const MAX_DEPTH: usize> SerializeAs<Value> for SafeObjectLike<MAX_DEPTH> {
    fn serialize_as<S: Serializer>(source: &Value, serializer: S) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

impl<const MAX_DEPTH: usize> SerializeAs<Option<Value>> for SafeObjectLike<MAX_DEPTH> {
    fn serialize_as<S: Serializer>(
        source: &Option<Value>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        source.serialize(serializer)
    }
}

/// For `#[serde(deserialize_with = "mcp_coerce::safe_object::deserialize")]`: as
/// [`SafeObjectLike`] with [`DEFAULT_MAX_DEPTH`] (its schema: `#[schemars(with =
/// "SchemaAs<Map<String, Value>, SafeObjectLike>")]`).
///
/// # Errors
///
/// As [`SafeObjectLike`].
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<JsonMap, D::Error> {
    <SafeObjectLike as DeserializeAs<'de, JsonMap>>::deserialize_as(deserializer)
}

/// For `#[serde(serialize_with = "mcp_coerce::safe_object::serialize")]`: the object.
///
/// # Errors
///
/// Only the serializer's own.
pub fn serialize<S: Serializer>(object: &JsonMap, serializer: S) -> Result<S::Ok, S::Error> {
    object.serialize(serializer)
}

/// [`deserialize`] and [`serialize`] for `Option<Map<String, Value>>` fields, with
/// [`SafeObjectLike`]'s optional rules.
pub mod option {
    use super::*;

    /// Deserialize an optional checked object.
    ///
    /// # Errors
    ///
    /// As [`SafeObjectLike`]; a refusal is never turned into `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<JsonMap>, D::Error> {
        <SafeObjectLike as DeserializeAs<'de, Option<JsonMap>>>::deserialize_as(deserializer)
    }

    /// Serialize the object, or `null`.
    ///
    /// # Errors
    ///
    /// Only the serializer's own.
    #[allow(clippy::ref_option, reason = "the signature serde's `with` requires")]
    pub fn serialize<S: Serializer>(
        object: &Option<JsonMap>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        object.serialize(serializer)
    }
}

/// An object that passed [`check_object`] with a nesting limit of `MAX_DEPTH`, as a value;
/// it derefs to the map read-only (a key added later would not be checked).
///
/// # Examples
///
/// ```
/// use mcp_coerce::SafeObject;
///
/// let options: SafeObject<8> = serde_json::from_str(r#""{\"mode\": \"fast\"}""#)?;
/// assert_eq!(options["mode"], "fast");
/// assert!(serde_json::from_str::<SafeObject<8>>(r#"{"constructor": {}}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafeObject<const MAX_DEPTH: usize = DEFAULT_MAX_DEPTH>(JsonMap);

impl<const MAX_DEPTH: usize> SafeObject<MAX_DEPTH> {
    /// `object`, checked by [`check_object`] with `MAX_DEPTH` (at most 128), as
    /// [`SafeObjectLike<MAX_DEPTH>`](SafeObjectLike) checks it.
    ///
    /// # Errors
    ///
    /// The [`Rejection`] of [`check_object`].
    pub fn new(object: JsonMap) -> Result<Self, Rejection> {
        check_object(&object, effective_depth(MAX_DEPTH)).map(|()| SafeObject(object))
    }
}

/// The empty object; `SafeObject<0>`, which no object passes, has no default (a
/// compile-time error where it is used).
impl<const MAX_DEPTH: usize> Default for SafeObject<MAX_DEPTH> {
    fn default() -> Self {
        const {
            assert!(
                MAX_DEPTH >= 1,
                "SafeObject<0> refuses every object: it has no default"
            )
        };
        SafeObject(JsonMap::new())
    }
}

wrapper_value!(impl [const MAX_DEPTH: usize] SafeObject<MAX_DEPTH> => JsonMap, 0);

impl<const MAX_DEPTH: usize> TryFrom<JsonMap> for SafeObject<MAX_DEPTH> {
    type Error = Rejection;
    fn try_from(object: JsonMap) -> Result<Self, Rejection> {
        SafeObject::new(object)
    }
}

impl<const MAX_DEPTH: usize> From<SafeObject<MAX_DEPTH>> for JsonMap {
    fn from(object: SafeObject<MAX_DEPTH>) -> JsonMap {
        object.0
    }
}

impl<const MAX_DEPTH: usize> From<SafeObject<MAX_DEPTH>> for Value {
    fn from(object: SafeObject<MAX_DEPTH>) -> Value {
        Value::Object(object.0)
    }
}

impl<'de, const MAX_DEPTH: usize> Deserialize<'de> for SafeObject<MAX_DEPTH> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <SafeObjectLike<MAX_DEPTH> as DeserializeAs<'de, JsonMap>>::deserialize_as(deserializer)
            .map(SafeObject)
    }
}

impl<const MAX_DEPTH: usize> Serialize for SafeObject<MAX_DEPTH> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// A key repeated in one object of JSON text. Only the first, quick reading of the text
/// meets one (a `Value` holds each key once): it gives up, and the entry point's reading
/// of the text reports `duplicate_key` at the key's path.
#[cold]
fn repeated_key<E: de::Error>() -> E {
    E::custom("a key appears more than once in one object")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn found(value: &Value, max_depth: usize) -> Vec<(Code, String)> {
        match check_value(value, max_depth) {
            Ok(()) => Vec::new(),
            Err(rejection) => rejection
                .issues()
                .iter()
                .map(|i| (i.code(), i.path().to_string()))
                .collect(),
        }
    }

    #[test]
    fn depth_counts_containers_from_the_object_itself() {
        let value = json!({"s": "x", "n": [1, 2], "o": {"p": [{}]}});
        // Levels: the object 1, `n` and `o` 2, `o/p` 3, `o/p/0` 4.
        assert_eq!(found(&value, 4), []);
        assert_eq!(found(&value, 3), [(Code::TooDeep, "/o/p/0".to_owned())]);
        assert_eq!(
            found(&value, 1),
            [
                (Code::TooDeep, "/n".to_owned()),
                (Code::TooDeep, "/o".to_owned())
            ]
        );
        assert_eq!(found(&value, 0), [(Code::TooDeep, String::new())]);
        assert_eq!(found(&json!({}), 1), []);
    }

    #[test]
    fn keys_and_indices_are_distinct_segments() {
        let value = json!({"0": [{"__proto__": 1}], "a": {"0": {"constructor": 1}}});
        let rejection = check_value(&value, 8).unwrap_err();
        let paths: Vec<&[Segment]> = rejection
            .issues()
            .iter()
            .map(|i| i.path().segments())
            .collect();
        assert_eq!(
            paths,
            [
                &[
                    Segment::Key("0".into()),
                    Segment::Index(0),
                    Segment::Key("__proto__".into())
                ][..],
                &[
                    Segment::Key("a".into()),
                    Segment::Key("0".into()),
                    Segment::Key("constructor".into())
                ][..],
            ]
        );
    }

    #[test]
    fn issues_past_the_cap_are_counted() {
        let list: Vec<Value> = (0..120).map(|_| json!({"prototype": {}})).collect();
        let issues = walk(json!({"l": list}).as_object().unwrap(), 3);
        let rejection = issues.into_rejection();
        // Each element: the forbidden key, and its value one level too deep.
        assert_eq!(rejection.total(), 240);
        assert_eq!(rejection.issues().len(), crate::MAX_ISSUES);
    }

    #[test]
    fn non_objects_are_refused_by_check_value() {
        for value in [json!(null), json!(1), json!("{}"), json!([{}])] {
            let rejection = check_value(&value, 8).unwrap_err();
            assert_eq!(rejection.issues()[0].code(), Code::InvalidType, "{value}");
            assert_eq!(
                rejection.issues()[0].input(),
                Some(&Input::from_value(&value))
            );
        }
    }
}

json_schema_as!(
    impl [const MAX_DEPTH: usize] SafeObjectLike<MAX_DEPTH> => [JsonMap, Option<JsonMap>, Value, Option<Value>],
    name = format!("SafeObject_{MAX_DEPTH}"),
    schema = schema_of(MAX_DEPTH),
);

json_schema_for!(
    impl [const MAX_DEPTH: usize] SafeObject<MAX_DEPTH>,
    name = format!("SafeObject_{MAX_DEPTH}"),
    schema = schema_of(MAX_DEPTH),
);

/// `{"type": "object", "description"}`: forbidden keys at any depth and the depth limit are
/// constraints JSON Schema cannot express, so the description states them.
#[cfg(feature = "schemars")]
fn schema_of(max_depth: usize) -> schemars::Schema {
    crate::schema::schema(serde_json::json!({
        "type": "object",
        "description": format!(
            "JSON object forwarded as it is; the keys {} are refused at any depth; nesting depth at most {max_depth} (the object itself is depth 1)",
            FORBIDDEN_KEYS.join(", ")
        ),
    }))
}
