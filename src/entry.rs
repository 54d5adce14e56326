//! The entry points: tool-call arguments in, the typed value or every issue out.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::arguments;
use crate::engine::notes::Reporting;
use crate::engine::{self, PlanSource, Route};
use crate::issue::Rejection;
use crate::json_text;
use crate::report::{Coerced, Report};

/// Deserialize tool-call arguments from JSON text, reporting every issue.
///
/// The arguments must be an object, or a string holding one (at most two layers of string
/// encoding); anything else is one `invalid_type` issue at `""`. An object whose single
/// key is JSON object text and whose value is `null` (arguments encoded into a key) is
/// refused on its own with `invalid_type` at `""`. `null` stands for `{}` (no arguments).
///
/// Valid calls take a fast path through `serde_json::from_slice`, and get exactly its
/// value. That first attempt stops at the first issue without describing it; the call is
/// then read into a `serde_json::Value` and by the engine, which reports every issue. So a
/// refused call costs the collecting pass plus the part of the text read before its first
/// issue. The engine's reading follows `serde_json::from_str` where it and `from_value`
/// differ (an `f32` past its range is refused, where serde_json parses floats exactly:
/// feature `float_roundtrip`).
///
/// A key repeated in one object of the text is `duplicate_key` at the key's path, once per
/// key, beside the call's other issues (the last occurrence is the one read for them): a
/// front end that keeps the first occurrence and a server that keeps the last would
/// disagree about what was called. The limits: JSON text held in a string (arguments sent
/// as a string, an object or array an adapter decodes) is read as `serde_json` reads it,
/// keeping the last occurrence; and in a call that is otherwise valid, a repeat is only
/// seen where the first, quick reading refuses it: a field a struct declares (serde refuses
/// a repeated field) and any key of a [`SafeObjectLike`](crate::SafeObjectLike) object,
/// not a key a struct ignores or a key inside a map type of serde's own
/// (`serde_json::Value`, `Map`, `HashMap`).
///
/// # Errors
///
/// A [`Rejection`] with every issue (see [`from_value`] for where reporting stops at the
/// first one). Text that is not JSON at all is one `invalid_json` issue at `""`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntArrayLike;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"ids": "[1,2,3]"}"#)?;
/// assert_eq!(args.ids, [1, 2, 3]);
/// // The whole arguments object, sent as a string:
/// let args: Args = mcp_coerce::from_str(r#""{\"ids\": [4]}""#)?;
/// assert_eq!(args.ids, [4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_str<T: DeserializeOwned>(json: &str) -> Result<T, Rejection> {
    from_slice(json.as_bytes())
}

/// Deserialize tool-call arguments from JSON bytes, reporting every issue. As
/// [`from_str`].
///
/// A refused call is read a second time through a `serde_json::Value`, which holds an
/// integer past the `u64` range as an `f64`: a plain `u128`/`i128` field holding one is
/// accepted exactly in a valid call, but reported (`int_overflow`, "send large integers as
/// strings") beside the other issues of a refused one. `IntLike` reads such integers
/// exactly from strings.
///
/// # Errors
///
/// As [`from_str`].
///
/// # Examples
///
/// ```
/// use serde::Deserialize;
///
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     limit: u32,
///     project: String,
/// }
/// let rejection = mcp_coerce::from_slice::<Args>(br#"{"limit": "ten"}"#).unwrap_err();
/// let paths: Vec<String> = rejection.issues().iter().map(|i| i.path().to_string()).collect();
/// assert_eq!(paths, ["/limit", "/project"]);
/// ```
pub fn from_slice<T: DeserializeOwned>(json: &[u8]) -> Result<T, Rejection> {
    slice_with::<T>(json, PlanSource::Learned)
}

/// [`from_slice`], with the plan of required fields from `plan`.
#[inline]
pub(crate) fn slice_with<T: DeserializeOwned>(
    json: &[u8],
    plan: PlanSource,
) -> Result<T, Rejection> {
    let first = first_key(json);
    if first != FirstKey::NotObject
        && let Ok(value) = engine::quick_attempt(|| engine::checked::from_slice::<T>(json))
        && (first == FirstKey::Plain || !key_encoded(json))
    {
        return Ok(value);
    }
    collect_slice(json, plan, false).0
}

/// The engine's route of [`from_slice`], for what the fast path refused or may not read,
/// and for every call read with a report (`report`).
#[cold]
#[inline(never)]
fn collect_slice<T: DeserializeOwned>(
    json: &[u8],
    plan: PlanSource,
    report: bool,
) -> (Result<T, Rejection>, Report) {
    let read = json_text::read(json).map_err(|e| arguments::not_json(json, &e));
    let (value, repeated) = match read {
        Ok(read) => read,
        Err(refused) => return (Err(refused), Report::default()),
    };
    let (arguments, unwrapped) = match arguments::object(value, report) {
        Ok(arguments) => arguments,
        Err(refused) => return (Err(refused), Report::default()),
    };
    // Presumed refused (the fast path refused it, or it is read with a report): strings
    // are copied, so that every refused one can be echoed.
    let route = Route {
        from_text: true,
        take_strings: false,
    };
    let (read, report) = if report {
        engine::read_call_reported(arguments, route, plan, None)
    } else {
        (engine::read_call(arguments, route, plan), Report::default())
    };
    let report = report.after(unwrapped);
    if repeated.issues.is_empty() {
        return (read, report);
    }
    // A repeated key refuses the call whatever the rest says: which occurrence the
    // server read is not what every reader of the same text would read.
    let (issues, truncated) = match read {
        Ok(_) => (Vec::new(), 0),
        Err(rejection) => {
            let truncated = rejection.truncated();
            (rejection.into_issues(), truncated)
        }
    };
    let refused = Rejection::new(repeated.issues.into_iter().chain(issues))
        .counting(truncated + repeated.more);
    (Err(refused), report)
}

/// Deserialize tool-call arguments from a `serde_json::Value` (rmcp hands tools a
/// `JsonObject`: wrap it in `Value::Object`), reporting every issue.
///
/// Like `serde_json::from_value`, it takes the value and moves what it can into the
/// result: a string read into a `String` is not copied. (A string that a `Deserialize` impl
/// of your own took as a `String` and then refused is reported without its input.)
///
/// The arguments rules are those of [`from_str`].
///
/// Every issue is reported: each field's, every missing field, and type mismatches of
/// plain serde types (`u32`, `String`, nested structs) as well as the crate's adapters,
/// each at its JSON Pointer. Reporting stops at the first issue, and the issue then points
/// at the enclosing value:
/// - inside `#[serde(flatten)]` fields and internally tagged, adjacently tagged or
///   untagged enums (serde replays their content through a buffer of its own);
/// - after an unknown field of a `#[serde(deny_unknown_fields)]` struct (its missing
///   fields beside it);
/// - at a missing or refused field whose type cannot be built from a stand-in value (`1`,
///   `""`, `false`, an empty object or array): `IpAddr`, internally tagged or untagged
///   enums, a `try_from` newtype that refuses `""`; the field's own issue is reported,
///   the ones after it are not;
/// - at a missing field of a struct the type's plan does not cover: inside enum variants
///   and map values, and in structs whose `Deserialize` refuses every stand-in. Every
///   other missing field is reported, at every depth, in one pass: the engine learns once
///   per type (and thread) which fields each struct requires, by running the type's own
///   `Deserialize` over made-up input, and the work depends on the type, never on the
///   call. With the `schemars` feature, `schema::from_value` takes them from the type's
///   JSON Schema instead.
///
/// Object keys are unique in a `Value`: a key repeated in the text a `Value` was parsed
/// from is gone before this function sees it (the text routes, [`from_str`] and
/// [`from_slice`], refuse it as `duplicate_key`).
///
/// A refusal by a `Deserialize` impl that is not the crate's (a `try_from` newtype, an
/// unknown variant of a plain enum) is reported at its field, and reading goes on with a
/// stand-in for it, so every other issue is reported beside it.
///
/// Issues are recorded as the engine meets them, and it cannot tell an error that a
/// `Deserialize` impl discards from one it passes on: a `deserialize_with` function that
/// turns a refused value into `None` (`Ok(T::deserialize(d).ok())`), or a hand-written
/// visitor that requires a field only when another is absent, gets the issue reported
/// where `serde_json::from_value` would accept the call. `from_str` and `from_slice` try
/// `serde_json` first and accept such a call as it does; so does serde_with's
/// `DefaultOnError`, which reads the value from a buffer of its own.
///
/// # Errors
///
/// A [`Rejection`] with every issue found, up to [`MAX_ISSUES`](crate::MAX_ISSUES) of them.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, IntArrayLike};
/// use serde::Deserialize;
/// use serde_json::json;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
///     name: String,
/// }
/// let rejection = mcp_coerce::from_value::<Args>(json!({"ids": [1, 2.5, "x"]})).unwrap_err();
/// let found: Vec<_> = rejection.issues().iter().map(|i| (i.code(), i.path().to_string())).collect();
/// assert_eq!(found, [
///     (Code::IntFromFloat, "/ids/1".to_string()),
///     (Code::IntParsing, "/ids/2".to_string()),
///     (Code::Missing, "/name".to_string()),
/// ]);
/// ```
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Rejection> {
    value_with::<T>(value, PlanSource::Learned)
}

/// [`from_value`], with the plan of required fields from `plan`.
pub(crate) fn value_with<T: DeserializeOwned>(
    value: Value,
    plan: PlanSource,
) -> Result<T, Rejection> {
    let arguments = arguments::object_plain(value)?;
    let route = Route {
        from_text: false,
        take_strings: true,
    };
    engine::read_call(arguments, route, plan)
}

/// [`from_str`], with the report of every coercion applied ([`report`](crate::report)):
/// the value and its [`Report`](crate::Report), or the issues with what was coerced before
/// the refusal ([`Rejection::coercions`]).
///
/// Every call is read by the collecting engine (the first, quick attempt of [`from_str`]
/// knows no paths), so a valid call costs about what a refused one does: linear in the
/// call, without the quick attempt's speed.
///
/// # Errors
///
/// As [`from_str`] for a refused call; and, since every call is read as [`from_value`]
/// reads one, a call that `from_str` accepts only through its quick attempt is refused here
/// as `from_value` refuses it (a `deserialize_with` that discards an error, a value nested
/// deeper than the engine reads), and a key repeated where the quick attempt does not look
/// (inside a map type of serde's own) is `duplicate_key`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntArrayLike, Rule};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
/// let call = mcp_coerce::from_str_with_report::<Args>(r#""{\"ids\": \"[1, \\\"2\\\"]\"}""#)?;
/// assert_eq!(call.value().ids, [1, 2]);
/// let steps: Vec<_> = call.coercions().iter().map(|c| (c.path().to_string(), c.rule())).collect();
/// assert_eq!(steps, [
///     ("".to_string(), Rule::ArgsUnwrapped),
///     ("/ids".to_string(), Rule::JsonString),
///     ("/ids/1".to_string(), Rule::NumericString),
/// ]);
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
pub fn from_str_with_report<T: DeserializeOwned>(json: &str) -> Result<Coerced<T>, Rejection> {
    from_slice_with_report(json.as_bytes())
}

/// [`from_slice`], with the report of every coercion applied; as [`from_str_with_report`].
///
/// # Errors
///
/// As [`from_str_with_report`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Rule, TextLike, Trim};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "TextLike<1, 100, Trim>")]
///     project: String,
/// }
/// let call = mcp_coerce::from_slice_with_report::<Args>(br#"{"project": " demo "}"#)?;
/// assert_eq!((call.value().project.as_str(), call.coercions()[0].rule()), ("demo", Rule::Trim));
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
pub fn from_slice_with_report<T: DeserializeOwned>(json: &[u8]) -> Result<Coerced<T>, Rejection> {
    let _reporting = Reporting::start();
    reported(collect_slice(json, PlanSource::Reported, true))
}

/// [`from_value`], with the report of every coercion applied; as [`from_str_with_report`].
///
/// # Errors
///
/// As [`from_value`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{BoolLike, Rule};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "BoolLike")]
///     free_only: bool,
/// }
/// let call = mcp_coerce::from_value_with_report::<Args>(serde_json::json!({"free_only": 1}))?;
/// assert!(call.value().free_only);
/// assert_eq!(call.coercions()[0].rule(), Rule::BoolToken);
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
pub fn from_value_with_report<T: DeserializeOwned>(value: Value) -> Result<Coerced<T>, Rejection> {
    value_with_report(value, PlanSource::Reported, None)
}

/// [`from_value_with_report`], with the plan of required fields from `plan`, for the tool
/// named `tool` where the caller knows it.
pub(crate) fn value_with_report<T: DeserializeOwned>(
    value: Value,
    plan: PlanSource,
    tool: Option<&str>,
) -> Result<Coerced<T>, Rejection> {
    let _reporting = Reporting::start();
    let (arguments, unwrapped) = arguments::object(value, true)?;
    let route = Route {
        from_text: false,
        take_strings: true,
    };
    let (read, report) = engine::read_call_reported(arguments, route, plan, tool);
    reported((read, report.after(unwrapped)))
}

/// A reading with its report as the `*_with_report` entry points answer.
fn reported<T>((read, report): (Result<T, Rejection>, Report)) -> Result<Coerced<T>, Rejection> {
    match read {
        Ok(value) => Ok(Coerced::new(value, report)),
        Err(refused) => Err(refused.with_report(report)),
    }
}

/// How the text of a call starts, for the fast path: arguments encoded into a key
/// (`{"{\"ids\":[1]}": null}`) must be refused, which only the `Value` route checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FirstKey {
    /// An object whose first key cannot spell JSON object text: the fast path answers.
    Plain,
    /// An object whose first key may (it starts with `{`, an escape or whitespace): the
    /// fast path answers once the key is checked.
    Unsure,
    /// Not an object (a string holding the arguments, say): the `Value` route at once.
    NotObject,
}

#[inline]
fn first_key(json: &[u8]) -> FirstKey {
    fn key_start(first: u8) -> FirstKey {
        match first {
            b'{' | b'\\' | b' ' | b'\t' | b'\n' | b'\r' => FirstKey::Unsure,
            _ => FirstKey::Plain,
        }
    }
    // The common case, compact JSON: `{"k...`.
    if let [b'{', b'"', first, ..] = json {
        return key_start(*first);
    }
    fn skip_ws(b: &[u8]) -> &[u8] {
        let n = b
            .iter()
            .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
            .unwrap_or(b.len());
        &b[n..]
    }
    let Some(rest) = skip_ws(json).strip_prefix(b"{") else {
        return FirstKey::NotObject;
    };
    match skip_ws(rest) {
        [b'"', first, ..] => key_start(*first),
        _ => FirstKey::Plain,
    }
}

/// Whether `json` is arguments encoded into a key (checked on the rare calls whose first
/// key starts like that).
#[cold]
fn key_encoded(json: &[u8]) -> bool {
    match serde_json::from_slice::<Value>(json) {
        Ok(Value::Object(map)) => arguments::refuse_key_encoded(&map).is_err(),
        _ => true,
    }
}
