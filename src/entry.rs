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
/// The arguments are an object, a string holding one (at most two layers), or `null`
/// (`{}`): [the contract's table](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#arguments-as-a-whole).
/// A key repeated in one object is `duplicate_key`. How a call is read (a fast path, then
/// a collecting pass) and where reporting stops early:
/// [the contract's Limits](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#limits).
///
/// # Errors
///
/// A [`Rejection`] with every issue; text that is not JSON is one `invalid_json` at `""`.
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntArrayLike;
/// use serde::Deserialize;
/// use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"ids": "[1,2,3]"}"#)?;
/// assert_eq!(args.ids, [1, 2, 3]);
/// let args: Args = mcp_coerce::from_str(r#""{\"ids\": [4]}""#)?; // the object as a string
/// assert_eq!(args.ids, [4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_str<T: DeserializeOwned>(json: &str) -> Result<T, Rejection> {
    from_slice(json.as_bytes())
}

/// Deserialize tool-call arguments from JSON bytes, reporting every issue. As
/// [`from_str`].
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

/// The engine's route of [`from_slice`]: what the fast path refused or may not read, and
/// every call read with a report.
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

/// Deserialize tool-call arguments from a `serde_json::Value`, reporting every issue.
///
/// For rmcp's `JsonObject`, wrap it in `Value::Object`. Like `serde_json::from_value`, it
/// moves strings into the result. The arguments rules are those of [`from_str`]; every issue
/// is reported (each field's, every missing field, plain serde type mismatches). Where
/// reporting stops at the first issue (`#[serde(flatten)]`, tagged enums, ...):
/// [the contract's Limits](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#limits).
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
/// use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
///     name: String,
/// }
/// let rejection = mcp_coerce::from_value::<Args>(serde_json::json!({"ids": [1, 2.5, "x"]})).unwrap_err();
/// let found: Vec<_> = rejection.issues().iter().map(|i| (i.code(), i.path().to_string())).collect();
/// let want = [(Code::IntFromFloat, "/ids/1"), (Code::IntParsing, "/ids/2"), (Code::Missing, "/name")];
/// assert_eq!(found, want.map(|(c, p)| (c, p.to_string())));
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
/// # Errors
///
/// As [`from_str`]; every call is read as [`from_value`] reads one (no fast path: see
/// [Limits](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#limits)).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntArrayLike, Rule};
/// use serde::Deserialize;
/// use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
/// let call = mcp_coerce::from_str_with_report::<Args>(r#""{\"ids\": \"[1, \\\"2\\\"]\"}""#)?;
/// assert_eq!(call.value().ids, [1, 2]);
/// let steps: Vec<_> = call.coercions().iter().map(|c| (c.path().to_string(), c.rule())).collect();
/// let want = [("", Rule::ArgsUnwrapped), ("/ids", Rule::JsonString), ("/ids/1", Rule::NumericString)];
/// assert_eq!(steps, want.map(|(p, r)| (p.to_string(), r)));
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

/// [`from_value_with_report`], with the plan from `plan`, for the tool `tool` where known.
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

fn reported<T>((read, report): (Result<T, Rejection>, Report)) -> Result<Coerced<T>, Rejection> {
    match read {
        Ok(value) => Ok(Coerced::new(value, report)),
        Err(refused) => Err(refused.with_report(report)),
    }
}

/// How a call's text starts, for the fast path: arguments encoded into a key
/// (`{"{\"ids\":[1]}": null}`) must be refused, which only the `Value` route checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FirstKey {
    /// A first key that cannot spell JSON object text: the fast path answers.
    Plain,
    /// A first key that may (`{`, an escape, whitespace): the fast path, once the key is checked.
    Unsure,
    /// Not an object (a string holding the arguments): the `Value` route at once.
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

/// Whether `json` is arguments encoded into a key (checked when the first key starts so).
#[cold]
fn key_encoded(json: &[u8]) -> bool {
    match serde_json::from_slice::<Value>(json) {
        Ok(Value::Object(map)) => arguments::refuse_key_encoded(&map).is_err(),
        _ => true,
    }
}
