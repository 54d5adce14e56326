//! The annotated schema: the crate's schemas with, on every value one of its adapters or
//! wrapper types reads, the extension keyword [`KEYWORD`] naming the adapter family and its
//! policies, and a probe that runs that very adapter on one value.
//!
//! A published schema cannot tell a plain `Vec<i64>` from `IntArrayLike`, or `Comma` from
//! `NoSplit`, so the shape matrix asks for this one instead. The keyword is added only
//! while [`annotated_schema`] runs on the current thread: every other schema the crate
//! emits ([`input_schema`](crate::schema::input_schema), dialect output, `tools/list`) is
//! what it would be without the `testing` feature.
//!
//! | family (`"adapter"`) | policies |
//! |---|---|
//! | `int_array` | (bounds in the schema) |
//! | `string_array` | `separator`: the char plain strings are split at, or `null` ([`NoSplit`](crate::NoSplit)) |
//! | `int` | `clamp`, `default` (or `null`), `type_minimum`, `type_maximum` (the integer type's own range) |
//! | `number`, `bool`, `pattern`, `enum`, `json_object` | (bounds, pattern, values in the schema) |
//! | `text` | `trim` |
//! | `url` | `schemes`, `hosts`, `example`, `max_length` |
//! | `safe_object` | `max_depth` |
//! | `array` | (bounds and the elements' schema in the schema) |
//!
//! Every annotation also says `optional`: `true` when the adapter reads an `Option` field
//! with the crate's optional rules, `false` when it reads the value itself, `null` when the
//! target decides at run time (`EnumLike` on a type that may be an `Option`); and `probe`,
//! the index of the probe registered for it (absent for `JsonObjectLike`, whose target
//! need not serialize, and for `ArrayLike`, whose element adapter need not).

use std::cell::RefCell;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde::de::{Deserialize, DeserializeOwned};
use serde_json::{Value, json};
use serde_with::de::DeserializeAsWrap;
use serde_with::ser::SerializeAsWrap;
use serde_with::{DeserializeAs, SerializeAs};

use crate::adapters::int::Integer;
use crate::policy::{
    DefaultPolicy, ItemBounds, NumberBounds, Optional, OutOfRangePolicy, Required, SeparatorPolicy,
    WhitespacePolicy,
};
use crate::{
    Bool, BoolLike, Enum, EnumLike, Int, IntArray, IntArrayLike, IntLike, Number, NumberLike,
    SafeObject, SafeObjectLike, StringArray, StringArrayLike, Text, TextLike,
};

/// The extension keyword of the annotated schema.
pub(crate) const KEYWORD: &str = "x-mcp-coerce";

/// A probe: one value through one adapter, read and written back as JSON (the canonical
/// form of what the adapter produced), or the refusal's message.
pub(crate) type Probe = fn(Value) -> Result<Value, String>;

thread_local! {
    /// The probes registered while [`annotated_schema`] runs; `None` the rest of the time.
    static ACTIVE: RefCell<Option<Vec<Probe>>> = const { RefCell::new(None) };
}

/// Puts the thread back to publishing plain schemas, even if generation panics.
struct Session;

impl Drop for Session {
    fn drop(&mut self) {
        ACTIVE.with(|a| a.borrow_mut().take());
    }
}

/// `T`'s schema under the crate's generator settings, annotated, before
/// [`strip_nullable_optionals`](crate::schema::strip_nullable_optionals) (so that a field
/// serde makes nullable still says so), and the probes its annotations index.
pub(crate) fn annotated_schema<T: JsonSchema>() -> (Value, Vec<Probe>) {
    ACTIVE.with(|a| *a.borrow_mut() = Some(Vec::new()));
    let session = Session;
    let value = SchemaGenerator::new(crate::schema::settings())
        .into_root_schema_for::<T>()
        .to_value();
    let probes = ACTIVE.with(|a| a.borrow_mut().take()).unwrap_or_default();
    drop(session);
    (value, probes)
}

fn register(probe: Probe) -> Option<usize> {
    ACTIVE.with(|a| {
        a.borrow_mut().as_mut().map(|probes| {
            probes.push(probe);
            probes.len() - 1
        })
    })
}

fn annotating() -> bool {
    ACTIVE.with(|a| a.borrow().is_some())
}

fn insert(mut schema: Schema, mut annotation: Value, probe: Option<usize>) -> Schema {
    if let (Some(probe), Value::Object(map)) = (probe, &mut annotation) {
        map.insert("probe".into(), probe.into());
    }
    schema.insert(KEYWORD.into(), annotation);
    schema
}

/// The schema of adapter `A` for target `T`, annotated when the kit asks.
pub(crate) fn adapter<A, T>(schema: Schema) -> Schema
where
    A: Annotated<T> + for<'de> DeserializeAs<'de, T> + SerializeAs<T>,
{
    if !annotating() {
        return schema;
    }
    let probe = register(probe_as::<A, T>);
    insert(schema, A::annotation(), probe)
}

/// The schema of wrapper type `W`, annotated when the kit asks.
pub(crate) fn wrapper<W>(schema: Schema) -> Schema
where
    W: AnnotatedType + DeserializeOwned + Serialize,
{
    if !annotating() {
        return schema;
    }
    let probe = register(probe_type::<W>);
    insert(schema, W::annotation(), probe)
}

/// The schema of a `JsonObjectLike` field (`optional`: an `Option` one) or a `JsonObject`,
/// annotated when the kit asks; no probe (the object's type need not serialize).
pub(crate) fn object(schema: Schema, optional: bool) -> Schema {
    unprobed(schema, "json_object", optional)
}

/// The schema of an `ArrayLike` field (`optional`: an `Option` one) or an `Array`,
/// annotated when the kit asks; no probe (the elements' adapter need not serialize), the
/// elements' own annotations are in `items`.
pub(crate) fn array(schema: Schema, optional: bool) -> Schema {
    unprobed(schema, "array", optional)
}

fn unprobed(schema: Schema, family: &str, optional: bool) -> Schema {
    if !annotating() {
        return schema;
    }
    insert(
        schema,
        json!({"adapter": family, "optional": optional}),
        None,
    )
}

fn probe_as<A, T>(value: Value) -> Result<Value, String>
where
    A: for<'de> DeserializeAs<'de, T> + SerializeAs<T>,
{
    let read = DeserializeAsWrap::<T, A>::deserialize(value).map_err(|e| e.to_string())?;
    let read = read.into_inner();
    serde_json::to_value(SerializeAsWrap::<T, A>::new(&read)).map_err(|e| e.to_string())
}

fn probe_type<W: DeserializeOwned + Serialize>(value: Value) -> Result<Value, String> {
    let read = W::deserialize(value).map_err(|e| e.to_string())?;
    serde_json::to_value(&read).map_err(|e| e.to_string())
}

/// The annotation of an adapter reading a `T` field.
pub(crate) trait Annotated<T> {
    fn annotation() -> Value;
}

/// The annotation of a wrapper type.
pub(crate) trait AnnotatedType {
    fn annotation() -> Value;
}

fn family(adapter: &str, optional: Value, mut policy: Value) -> Value {
    if let Value::Object(map) = &mut policy {
        map.insert("adapter".into(), adapter.into());
        map.insert("optional".into(), optional);
    }
    policy
}

/// `Annotated<T>` and `Annotated<Option<T>>` for one adapter, with one policy.
macro_rules! annotated {
    (impl [$($g:tt)*] $adapter:ty => $target:ty, $family:literal, $policy:expr) => {
        impl<$($g)*> Annotated<$target> for $adapter {
            fn annotation() -> Value {
                family($family, false.into(), $policy)
            }
        }
        impl<$($g)*> Annotated<Option<$target>> for $adapter {
            fn annotation() -> Value {
                family($family, true.into(), $policy)
            }
        }
    };
}

/// `AnnotatedType` for one wrapper type.
macro_rules! annotated_type {
    (impl [$($g:tt)*] $ty:ty, $family:literal, $policy:expr) => {
        impl<$($g)*> AnnotatedType for $ty {
            fn annotation() -> Value {
                family($family, false.into(), $policy)
            }
        }
    };
}

fn int_policy<I: Integer, O: OutOfRangePolicy, D: DefaultPolicy>() -> Value {
    json!({
        "clamp": O::CLAMP,
        "default": D::VALUE.and_then(|v| i64::try_from(v).ok()),
        "type_minimum": i64::try_from(I::MIN_I128).unwrap_or(i64::MIN),
        "type_maximum": u64::try_from(I::MAX_U128).unwrap_or(u64::MAX),
    })
}

fn separator<P: SeparatorPolicy>() -> Value {
    json!({"separator": P::SEPARATOR.map(String::from)})
}

annotated!(impl [I: Integer, N: ItemBounds]
    IntArrayLike<N> => Vec<I>, "int_array", json!({}));
annotated_type!(impl [I: Integer, N: ItemBounds]
    IntArray<I, N>, "int_array", json!({}));

annotated!(impl [N: ItemBounds, S: SeparatorPolicy]
    StringArrayLike<N, S> => Vec<String>, "string_array", separator::<N::Separator<S>>());
annotated_type!(impl [N: ItemBounds, S: SeparatorPolicy]
    StringArray<N, S>, "string_array", separator::<N::Separator<S>>());

annotated!(impl [I: Integer, const MIN: i128, const MAX: i128, O: OutOfRangePolicy, D: DefaultPolicy]
    IntLike<MIN, MAX, O, D> => I, "int", int_policy::<I, O, D>());
annotated_type!(impl [I: Integer, const MIN: i128, const MAX: i128, O: OutOfRangePolicy, D: DefaultPolicy]
    Int<I, MIN, MAX, O, D>, "int", int_policy::<I, O, D>());

annotated!(impl [R: NumberBounds] NumberLike<R> => f64, "number", json!({}));
annotated_type!(impl [R: NumberBounds] Number<R>, "number", json!({}));

annotated!(impl [] BoolLike => bool, "bool", json!({}));
annotated_type!(impl [] Bool, "bool", json!({}));

annotated!(impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy]
    TextLike<MIN_LENGTH, MAX_LENGTH, T> => String, "text", json!({"trim": T::TRIM}));
annotated_type!(impl [const MIN_LENGTH: usize, const MAX_LENGTH: usize, T: WhitespacePolicy]
    Text<MIN_LENGTH, MAX_LENGTH, T>, "text", json!({"trim": T::TRIM}));

annotated!(impl [const MAX_DEPTH: usize] SafeObjectLike<MAX_DEPTH> => serde_json::Map<String, Value>,
    "safe_object", json!({"max_depth": MAX_DEPTH}));
annotated!(impl [const MAX_DEPTH: usize] SafeObjectLike<MAX_DEPTH> => Value,
    "safe_object", json!({"max_depth": MAX_DEPTH}));
annotated_type!(impl [const MAX_DEPTH: usize] SafeObject<MAX_DEPTH>,
    "safe_object", json!({"max_depth": MAX_DEPTH}));

// `EnumLike<Required>` reads any `E`, an `Option` of an enum included (it then applies the
// optional rules): the target decides, so `optional` is `null` and the kit asks the probe.
impl<E> Annotated<E> for EnumLike<Required> {
    fn annotation() -> Value {
        family("enum", Value::Null, json!({}))
    }
}

impl<E> Annotated<Option<E>> for EnumLike<Optional> {
    fn annotation() -> Value {
        family("enum", true.into(), json!({}))
    }
}

annotated_type!(impl [E: DeserializeOwned + Serialize] Enum<E>, "enum", json!({}));

#[cfg(feature = "regex")]
mod pattern {
    use super::*;
    use crate::{Pattern, PatternDef, PatternLike};

    annotated!(impl [P: PatternDef] PatternLike<P> => String, "pattern", json!({}));
    annotated_type!(impl [P: PatternDef] Pattern<P>, "pattern", json!({}));
}

#[cfg(feature = "url")]
mod url {
    use super::*;
    use crate::url::WhatwgUrl;
    use crate::{Url, UrlLike, UrlPolicy};

    fn policy<P: UrlPolicy>() -> Value {
        json!({
            "schemes": P::SCHEMES,
            "hosts": P::HOSTS,
            "example": P::EXAMPLE,
            "max_length": P::MAX_LEN,
        })
    }

    annotated!(impl [P: UrlPolicy] UrlLike<P> => WhatwgUrl, "url", policy::<P>());
    annotated!(impl [P: UrlPolicy] UrlLike<P> => String, "url", policy::<P>());
    annotated_type!(impl [P: UrlPolicy] Url<P>, "url", policy::<P>());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Clamp, DefaultTo, EnumLike, IntArrayLike, IntLike, JsonObjectLike, NoSplit, NumberLike,
        Optional, SafeObjectLike, StringArrayLike, TextLike, Trim,
    };
    use serde::Deserialize;
    use serde_with::serde_as;

    #[derive(Deserialize, Serialize, JsonSchema)]
    enum Mode {
        Fast,
        Slow,
    }

    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code, reason = "only the schema is read")]
    struct Inner {
        n: u8,
    }

    /// Every adapter and wrapper type of the crate (URLs and patterns aside: features).
    #[serde_as]
    #[derive(Deserialize, JsonSchema)]
    #[allow(dead_code, reason = "only the schema is read")]
    struct Every {
        #[serde_as(as = "IntArrayLike<crate::Items<0, 10>>")]
        ids: Vec<i64>,
        #[serde_as(as = "StringArrayLike<NoSplit>")]
        #[serde(default)]
        tags: Option<Vec<String>>,
        #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
        #[serde(default = "DefaultTo::<10>::value")]
        limit: u16,
        #[serde_as(as = "Option<IntLike<1, 9>>")]
        #[serde(default)]
        page: Option<u8>,
        #[serde_as(as = "NumberLike")]
        ratio: f64,
        #[serde_as(as = "crate::BoolLike")]
        flag: bool,
        #[serde_as(as = "TextLike<1, 20, Trim>")]
        name: String,
        #[serde_as(as = "EnumLike<Optional>")]
        #[serde(default)]
        mode: Option<Mode>,
        #[serde_as(as = "JsonObjectLike")]
        inner: Inner,
        #[serde_as(as = "SafeObjectLike<4>")]
        options: serde_json::Map<String, Value>,
        wrapped: crate::Int<u8, 1, 5>,
        elements: Vec<crate::Bool>,
    }

    /// `value` without the kit's keyword anywhere.
    fn without_keyword(mut value: Value) -> Value {
        let mut stack = vec![&mut value];
        while let Some(node) = stack.pop() {
            match node {
                Value::Object(map) => {
                    map.remove(KEYWORD);
                    stack.extend(map.values_mut());
                }
                Value::Array(items) => stack.extend(items.iter_mut()),
                _ => {}
            }
        }
        value
    }

    fn mentions_keyword(value: &Value) -> bool {
        value.to_string().contains(KEYWORD)
    }

    #[test]
    fn published_schemas_carry_no_annotation() {
        assert!(!mentions_keyword(&crate::schema::input_schema::<Every>()));
        let (annotated, _) = annotated_schema::<Every>();
        assert!(mentions_keyword(&annotated));
        // The same thread publishes plain schemas again once the kit is done.
        assert!(!mentions_keyword(&crate::schema::input_schema::<Every>()));
    }

    /// The annotated schema is the published one plus the keyword: taken out (and the
    /// published schema's own rewrites applied), they are equal.
    #[test]
    fn the_keyword_is_the_only_difference() {
        let (annotated, probes) = annotated_schema::<Every>();
        let mut plain = without_keyword(annotated);
        if let Value::Object(root) = &mut plain {
            root.remove("title");
            root.remove("description");
            root.remove("$schema");
        }
        crate::schema::strip_nullable_optionals(&mut plain);
        crate::schema::drop_nonstandard_formats(&mut plain);
        assert_eq!(plain, crate::schema::input_schema::<Every>());
        // One probe per annotation, but for `JsonObjectLike`'s.
        assert_eq!(probes.len(), 11);
    }

    #[test]
    fn annotations_name_the_family_and_its_policies() {
        let (annotated, probes) = annotated_schema::<Every>();
        let at = |field: &str| {
            let mut a = annotated["properties"][field][KEYWORD].clone();
            if let Value::Object(map) = &mut a {
                map.remove("probe");
            }
            a
        };
        assert_eq!(
            at("ids"),
            json!({"adapter": "int_array", "optional": false})
        );
        assert_eq!(
            at("tags"),
            json!({"adapter": "string_array", "optional": true, "separator": null})
        );
        assert_eq!(
            at("limit"),
            json!({"adapter": "int", "optional": false, "clamp": true, "default": 10,
                   "type_minimum": 0, "type_maximum": 65535})
        );
        assert_eq!(
            at("name"),
            json!({"adapter": "text", "optional": false, "trim": true})
        );
        assert_eq!(at("mode"), json!({"adapter": "enum", "optional": true}));
        assert_eq!(
            at("inner"),
            json!({"adapter": "json_object", "optional": false})
        );
        assert_eq!(
            at("options"),
            json!({"adapter": "safe_object", "optional": false, "max_depth": 4})
        );
        // serde_with's `Option<X>`: the member of a nullable union carries it.
        let page = &annotated["properties"]["page"];
        assert_eq!(
            page["type"],
            json!(["integer", "null"]),
            "serde makes this field nullable: {page}"
        );
        assert_eq!(page[KEYWORD]["optional"], json!(false));
        assert_eq!(
            annotated["properties"]["elements"]["items"][KEYWORD]["adapter"],
            "bool"
        );
        // The probe is the adapter itself.
        let probe = |field: &str| {
            let index = annotated["properties"][field][KEYWORD]["probe"]
                .as_u64()
                .and_then(|i| usize::try_from(i).ok())
                .and_then(|i| probes.get(i).copied())
                .expect("a probe");
            move |v: Value| probe_of(index, v)
        };
        fn probe_of(p: Probe, v: Value) -> Result<Value, String> {
            p(v)
        }
        assert_eq!(probe("ids")(json!("1, 2")), Ok(json!([1, 2])));
        assert_eq!(probe("limit")(json!(99)), Ok(json!(50)));
        assert_eq!(probe("limit")(json!(null)), Ok(json!(10)));
        assert_eq!(probe("tags")(json!("")), Ok(json!(null)));
        assert!(probe("name")(json!("")).is_err());
    }

    #[derive(Deserialize)]
    struct Explodes;

    impl JsonSchema for Explodes {
        fn schema_name() -> std::borrow::Cow<'static, str> {
            "Explodes".into()
        }
        fn json_schema(_: &mut SchemaGenerator) -> Schema {
            panic!("a schema that cannot be built")
        }
    }

    #[test]
    fn a_panic_while_annotating_leaves_the_thread_publishing_plain_schemas() {
        let outcome = std::panic::catch_unwind(annotated_schema::<Explodes>);
        assert!(outcome.is_err());
        assert!(!annotating());
        assert!(!mentions_keyword(&crate::schema::input_schema::<Every>()));
    }
}
