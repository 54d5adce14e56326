//! The coercion report: which lax shape each accepted value arrived in.
//!
//! Every lax reading the crate applies to a call can be recorded: the entry points
//! [`from_str_with_report`](crate::from_str_with_report),
//! [`from_slice_with_report`](crate::from_slice_with_report) and
//! [`from_value_with_report`](crate::from_value_with_report) answer with a [`Coerced`] value
//! (the value and its [`Report`]), and a refused call's [`Rejection`](crate::Rejection)
//! carries what was coerced before it was refused
//! ([`Rejection::coercions`](crate::Rejection::coercions)). The plain entry points record
//! nothing and cost what they cost without a report.
//!
//! One [`Coercion`] per step: its [`Rule`], the JSON Pointer of the value (the paths issues
//! use) and a short `from`/`to` summary cut like an issue's input. Which step records what,
//! in which order, and where a record stops at the enclosing value:
//! [docs/contract.md, "Coercion report"](https://github.com/mcp-coerce/mcp-coerce/blob/main/docs/contract.md#coercion-report).
//!
//! # Examples
//!
//! ```
//! use mcp_coerce::{IntArrayLike, IntLike, Clamp, Rule};
//! use serde::Deserialize;
//! use serde_with::serde_as;
//!
//! #[serde_as]
//! #[derive(Deserialize)]
//! struct Args {
//!     #[serde_as(as = "IntArrayLike")]
//!     ids: Vec<i64>,
//!     #[serde_as(as = "IntLike<1, 100, Clamp>")]
//!     limit: u32,
//! }
//! let call = mcp_coerce::from_str_with_report::<Args>(r#"{"ids": "1, 2", "limit": "500"}"#)?;
//! let steps: Vec<(String, Rule)> =
//!     call.coercions().iter().map(|c| (c.path().to_string(), c.rule())).collect();
//! assert_eq!(steps, [
//!     ("/ids".to_string(), Rule::CommaSplit),
//!     ("/limit".to_string(), Rule::NumericString),
//!     ("/limit".to_string(), Rule::Clamp),
//! ]);
//! assert_eq!(call.notes(), ["limit 500 was clamped to 100 (maximum)"]);
//! assert_eq!(call.value().limit, 100);
//! # Ok::<(), mcp_coerce::Rejection>(())
//! ```

use std::fmt;

use serde::Serialize;

use crate::issue::{Input, Path, Segment};

/// At most this many coercions are kept per call; the rest are only counted
/// ([`Report::truncated`]).
pub const MAX_COERCIONS: usize = 100;

/// One lax reading the crate applied, by its stable id (serialized in `snake_case`).
///
/// New rules may be added in minor releases, so match with a wildcard arm.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Rule;
///
/// assert_eq!(Rule::CommaSplit.as_str(), "comma_split");
/// assert_eq!(serde_json::to_string(&Rule::EnumFold)?, r#""enum_fold""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Rule {
    /// The whole arguments object arrived as a string holding it (one record per layer).
    ArgsUnwrapped,
    /// An array or object decoded from JSON text held in a string (one record per layer).
    JsonString,
    /// A string read as an array by splitting it at commas (also a string of one piece).
    CommaSplit,
    /// A lone value read as a one-element array.
    ScalarWrap,
    /// A string read as a number (`"5"`).
    NumericString,
    /// An integral float read as an integer (`5.0`, and `"5.0"` after `numeric_string`).
    IntegralFloat,
    /// A value other than `true`/`false` read as a boolean (`"yes"`, `1`, `"off"`, `"true"`).
    BoolToken,
    /// An enum value matched after folding case and separators (`"ai-ml"` for `"AI/ML"`).
    EnumFold,
    /// An integer outside the bounds moved to the nearest bound.
    Clamp,
    /// Surrounding whitespace removed from a value the type keeps as trimmed text.
    Trim,
    /// A date, UUID, email, IP address or URI in a lax spelling, written canonically.
    FormatCanonical,
    /// A date-time read by what its field's policy assumes, written canonically.
    FormatAssumed,
    /// `""` or `"null"` read as an absent value.
    EmptyAsAbsent,
    /// A default carried by the type filled in (absent, `null`, or read as absent).
    DefaultApplied,
    /// A key read as the field it names once folded (`orderBy` for `order_by`).
    KeyFold,
    /// An unknown key a small edit away from an optional field left out (`limt`), ignored.
    UnknownIgnored,
}

impl Rule {
    /// The `snake_case` id, as serialized.
    ///
    /// ```
    /// assert_eq!(mcp_coerce::Rule::DefaultApplied.as_str(), "default_applied");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Rule::ArgsUnwrapped => "args_unwrapped",
            Rule::JsonString => "json_string",
            Rule::CommaSplit => "comma_split",
            Rule::ScalarWrap => "scalar_wrap",
            Rule::NumericString => "numeric_string",
            Rule::IntegralFloat => "integral_float",
            Rule::BoolToken => "bool_token",
            Rule::EnumFold => "enum_fold",
            Rule::Clamp => "clamp",
            Rule::Trim => "trim",
            Rule::FormatCanonical => "format_canonical",
            Rule::FormatAssumed => "format_assumed",
            Rule::EmptyAsAbsent => "empty_as_absent",
            Rule::DefaultApplied => "default_applied",
            Rule::KeyFold => "key_fold",
            Rule::UnknownIgnored => "unknown_ignored",
        }
    }

    /// Whether the model should be told of this step: the value it gets differs from what
    /// it wrote in a way that changes the answer (`clamp`, `enum_fold`, `default_applied`,
    /// `key_fold`, `unknown_ignored`, `format_assumed`).
    ///
    /// ```
    /// use mcp_coerce::Rule;
    /// assert!(Rule::Clamp.tells_the_model() && !Rule::CommaSplit.tells_the_model());
    /// ```
    pub const fn tells_the_model(self) -> bool {
        matches!(
            self,
            Rule::Clamp
                | Rule::EnumFold
                | Rule::DefaultApplied
                | Rule::KeyFold
                | Rule::UnknownIgnored
                | Rule::FormatAssumed
        )
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One coercion applied to a call: where ([`path`](Coercion::path)), which
/// [`rule`](Coercion::rule), and what it turned into what (`from`/`to`, each cut to
/// [`INPUT_ECHO_CHARS`](crate::INPUT_ECHO_CHARS) chars like an issue's input; `None` where
/// nothing was sent, or for a field marked secret).
///
/// Serializes as `{"path": "/limit", "rule": "clamp", "from": 500, "to": 100}` (`from` and
/// `to` left out when `None`).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Input, Rule, TextLike, Trim};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "TextLike<1, 100, Trim>")]
///     project: String,
/// }
/// let call = mcp_coerce::from_str_with_report::<Args>(r#"{"project": " x "}"#)?;
/// let trim = &call.coercions()[0];
/// assert_eq!((trim.path().to_string(), trim.rule()), ("/project".to_string(), Rule::Trim));
/// assert_eq!(trim.from(), Some(&Input::Text(" x ".into())));
/// assert_eq!(trim.to(), Some(&Input::Text("x".into())));
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Coercion {
    path: Path,
    rule: Rule,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<Input>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<Input>,
    /// For `clamp`: the bound, `minimum` or `maximum`.
    #[serde(skip)]
    bound: Option<&'static str>,
}

impl Coercion {
    /// A coercion at the root path (crate-internal: the engine puts the path in front).
    pub(crate) fn new(rule: Rule, from: Option<Input>, to: Option<Input>) -> Self {
        Coercion {
            path: Path::root(),
            rule,
            from,
            to,
            bound: None,
        }
    }

    /// A `clamp` at the root path: `from` moved to `to`, at the `bound`.
    pub(crate) fn clamp(from: Input, to: Input, bound: &'static str) -> Self {
        Coercion {
            bound: Some(bound),
            ..Coercion::new(Rule::Clamp, Some(from), Some(to))
        }
    }

    /// The JSON Pointer (RFC 6901) of the value the step applied to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The rule applied.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// What arrived, cut to the echo limit; `None` for an absent value or a secret field.
    pub fn from(&self) -> Option<&Input> {
        self.from.as_ref()
    }

    /// What it was read as, cut to the echo limit; `None` for a value read as absent or a
    /// secret field.
    pub fn to(&self) -> Option<&Input> {
        self.to.as_ref()
    }

    /// The one-line note for the model, for the rules it should be told of
    /// ([`Rule::tells_the_model`]); the wording is docs/contract.md's, "Coercion report".
    ///
    /// ```
    /// use mcp_coerce::{Clamp, IntLike};
    /// # use serde::Deserialize;
    /// # use serde_with::serde_as;
    /// #[serde_as]
    /// #[derive(Deserialize)]
    /// struct Args {
    ///     #[serde_as(as = "IntLike<1, 50, Clamp>")]
    ///     limit: u32,
    /// }
    /// let call = mcp_coerce::from_str_with_report::<Args>(r#"{"limit": 0}"#)?;
    /// assert_eq!(call.coercions()[0].note().as_deref(), Some("limit 0 was clamped to 1 (minimum)"));
    /// # Ok::<(), mcp_coerce::Rejection>(())
    /// ```
    pub fn note(&self) -> Option<String> {
        let field = self.field();
        let shown = |input: &Option<Input>| input.as_ref().map(shown);
        match self.rule {
            Rule::Clamp => {
                let bound = self.bound.unwrap_or("bound");
                Some(match (shown(&self.from), shown(&self.to)) {
                    (Some(from), Some(to)) => {
                        format!("{field} {from} was clamped to {to} ({bound})")
                    }
                    _ => format!("{field} was clamped to its {bound}"),
                })
            }
            Rule::EnumFold => Some(match (shown(&self.from), shown(&self.to)) {
                (Some(from), Some(to)) => format!("{field} {from} was read as {to}"),
                _ => format!("{field} was matched to one of its values after folding case"),
            }),
            // Absent, `null`, `""` and `"null"` alike: the field had no value.
            Rule::DefaultApplied => Some(match shown(&self.to) {
                Some(to) => format!("{field} had no value; the default {to} was used"),
                None => format!("{field} had no value; its default was used"),
            }),
            // Keys as they are written, unquoted: `orderBy was read as order_by`.
            Rule::KeyFold => Some(match (&self.from, &self.to) {
                (Some(Input::Text(from)), Some(Input::Text(to))) => {
                    format!("{from} was read as {to}")
                }
                _ => format!("a key was read as {field}"),
            }),
            Rule::UnknownIgnored => Some(match (&self.from, &self.to) {
                (Some(Input::Text(from)), Some(Input::Text(to))) => {
                    format!("unknown field {from} was ignored: did you mean {to}?")
                }
                _ => "an unknown field was ignored".to_owned(),
            }),
            Rule::FormatAssumed => Some(match (shown(&self.from), shown(&self.to)) {
                (Some(from), Some(to)) => format!("{field} {from} was read as {to}"),
                _ => format!("{field} was read by the date-time policy's assumption"),
            }),
            _ => None,
        }
    }

    /// The field as notes name it: the path without its leading `/`.
    fn field(&self) -> String {
        let pointer = self.path.to_string();
        match pointer.strip_prefix('/') {
            Some(rest) => rest.to_owned(),
            None => "the arguments".to_owned(),
        }
    }

    /// This coercion without what the caller sent: no `from`/`to`, and keys the caller
    /// chose written `*` in the path ([`Path::redacted`]).
    ///
    /// ```
    /// use mcp_coerce::{Rule, TextLike, Trim};
    /// # use serde::Deserialize;
    /// # use serde_with::serde_as;
    /// #[serde_as]
    /// #[derive(Deserialize)]
    /// struct Args {
    ///     #[serde_as(as = "TextLike<1, 100, Trim>")]
    ///     token: String,
    /// }
    /// let call = mcp_coerce::from_str_with_report::<Args>(r#"{"token": " sk-live-123 "}"#)?;
    /// let trim = call.coercions()[0].redacted();
    /// assert_eq!((trim.rule(), trim.from(), trim.to()), (Rule::Trim, None, None));
    /// # Ok::<(), mcp_coerce::Rejection>(())
    /// ```
    #[must_use]
    pub fn redacted(&self) -> Coercion {
        let mut out = self.clone();
        out.redact();
        out
    }

    pub(crate) fn redact(&mut self) {
        self.from = None;
        self.to = None;
        self.path = self.path.redacted();
    }

    pub(crate) fn path_mut(&mut self) -> &mut Path {
        &mut self.path
    }

    /// Put `segment` in front of the path, as it is (the caller writes a secret key as `*`).
    pub(crate) fn prepend(&mut self, segment: Segment) {
        self.path.prepend(segment);
        self.path.cut_to_fit();
    }
}

/// An input as a note shows it: strings quoted, numbers and the rest as JSON.
fn shown(input: &Input) -> String {
    match input {
        Input::Text(text) => format!("\"{text}\""),
        other => serde_json::to_string(other).unwrap_or_default(),
    }
}

/// Every coercion applied to one call (up to [`MAX_COERCIONS`], in the order applied) and
/// how many more were applied but not kept.
///
/// # Examples
///
/// ```
/// use mcp_coerce::BoolLike;
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "BoolLike")]
///     free_only: bool,
/// }
/// let call = mcp_coerce::from_str_with_report::<Args>(r#"{"free_only": "yes"}"#)?;
/// let report = call.report();
/// assert_eq!((report.coercions().len(), report.truncated()), (1, 0));
/// assert_eq!(serde_json::to_value(report)?,
///     serde_json::json!([{"path": "/free_only", "rule": "bool_token", "from": "yes", "to": true}]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    coercions: Vec<Coercion>,
    truncated: usize,
}

impl Report {
    pub(crate) fn from_parts(coercions: Vec<Coercion>, truncated: usize) -> Self {
        Report {
            coercions,
            truncated,
        }
    }

    /// `coercions` first, then this report's.
    pub(crate) fn after(mut self, coercions: Vec<Coercion>) -> Self {
        let mut all = coercions;
        all.append(&mut self.coercions);
        let cut = all.len().saturating_sub(MAX_COERCIONS);
        all.truncate(MAX_COERCIONS);
        Report {
            coercions: all,
            truncated: self.truncated + cut,
        }
    }

    /// The coercions kept, in the order they were applied.
    pub fn coercions(&self) -> &[Coercion] {
        &self.coercions
    }

    /// How many further coercions were applied but not kept.
    pub fn truncated(&self) -> usize {
        self.truncated
    }

    /// Whether nothing was coerced: the call arrived in its canonical shape.
    pub fn is_empty(&self) -> bool {
        self.coercions.is_empty() && self.truncated == 0
    }

    /// This report with every coercion [redacted](Coercion::redacted).
    #[must_use]
    pub fn redacted(&self) -> Report {
        Report {
            coercions: self.coercions.iter().map(Coercion::redacted).collect(),
            truncated: self.truncated,
        }
    }

    /// The notes for the model ([`Coercion::note`]), in order.
    pub fn notes(&self) -> Vec<String> {
        self.coercions.iter().filter_map(Coercion::note).collect()
    }
}

/// A report serializes as the array of its coercions.
impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.coercions.serialize(serializer)
    }
}

/// An accepted call's value and the report of the coercions applied to it; returned by
/// the `*_with_report` entry points.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{IntArrayLike, Rule};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike")]
///     ids: Vec<i64>,
/// }
/// let call = mcp_coerce::from_str_with_report::<Args>(r#"{"ids": [1, 2]}"#)?;
/// assert!(call.report().is_empty());
/// let call = mcp_coerce::from_str_with_report::<Args>(r#"{"ids": "[1, 2]"}"#)?;
/// assert_eq!(call.coercions()[0].rule(), Rule::JsonString);
/// let (args, report) = call.into_parts();
/// assert_eq!((args.ids, report.coercions().len()), (vec![1, 2], 1));
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Coerced<T> {
    value: T,
    report: Report,
}

impl<T> Coerced<T> {
    pub(crate) fn new(value: T, report: Report) -> Self {
        Coerced { value, report }
    }

    /// The value read.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// The value read, by value.
    pub fn into_value(self) -> T {
        self.value
    }

    /// The report of the coercions applied.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The coercions applied (the report's), in order.
    pub fn coercions(&self) -> &[Coercion] {
        self.report.coercions()
    }

    /// The notes for the model ([`Report::notes`]).
    pub fn notes(&self) -> Vec<String> {
        self.report.notes()
    }

    /// The value and the report.
    pub fn into_parts(self) -> (T, Report) {
        (self.value, self.report)
    }
}

/// JSON text as a step's `from` shows it: by length, so nothing inside is echoed.
pub(crate) fn encoded(text: &str) -> Option<Input> {
    Some(Input::Text(format!(
        "a string of {}",
        crate::words::count(text.chars().count(), "char")
    )))
}

/// An array of `n` items, as a step's `to` shows it.
pub(crate) fn items(n: usize) -> Option<Input> {
    Some(Input::Text(format!(
        "an array of {}",
        crate::words::count(n, "item")
    )))
}

/// An object of `n` members, as a step's `to` shows it.
pub(crate) fn members(n: usize) -> Option<Input> {
    Some(Input::Text(format!(
        "an object of {}",
        crate::words::count(n, "member")
    )))
}

#[cfg(feature = "tracing")]
impl Report {
    /// Emit one `tracing` event per coercion (debug level, target `mcp_coerce`; fields
    /// `tool`, `path` redacted as [`Path::redacted`] does, `rule`; never a value). Nothing is
    /// built unless a subscriber records the event.
    ///
    /// ```
    /// # use mcp_coerce::IntArrayLike;
    /// # use serde::Deserialize;
    /// # use serde_with::serde_as;
    /// #[serde_as]
    /// #[derive(Deserialize)]
    /// struct Args {
    ///     #[serde_as(as = "IntArrayLike")]
    ///     ids: Vec<i64>,
    /// }
    /// let call = mcp_coerce::from_str_with_report::<Args>(r#"{"ids": "1,2"}"#)?;
    /// call.report().trace("get_observations"); // rule=comma_split path=/ids
    /// # Ok::<(), mcp_coerce::Rejection>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "tracing")))]
    pub fn trace(&self, tool: &str) {
        for coercion in &self.coercions {
            tracing::debug!(
                target: "mcp_coerce",
                tool,
                path = %crate::issue::Redacted(&coercion.path),
                rule = coercion.rule.as_str(),
                "coercion"
            );
        }
    }
}
