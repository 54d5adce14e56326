//! The issue model: one refusal ([`Issue`]), its location ([`Path`], `path.rs`), all the
//! refusals of a call ([`Rejection`], `rejection.rs`), one adapter call's issues (`IssueBuf`,
//! `buf.rs`). It imports nothing from the engine: callers put path segments in front.

use std::borrow::Cow;
use std::fmt;
use std::io;

use serde::Serialize;
use serde_json::{Map, Number, Value};

mod buf;
mod path;
mod rejection;

pub use crate::words::INPUT_ECHO_CHARS;
use crate::words::truncate;
pub(crate) use buf::IssueBuf;
#[cfg(feature = "tracing")]
pub(crate) use path::Redacted;
pub use path::{MAX_PATH_CHARS, Path, Segment};
pub use rejection::{MAX_ISSUES, Rejection};

/// The context keys a redacted issue keeps: the crate's own words, never what the caller sent.
const DECLARED_CONTEXT: &[&str] = &[
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "pattern",
    "name",
    "allowed",
    "forbidden",
    "maxDepth",
    "maxLayers",
    "format",
    "reason",
    "offset",
    "path_levels_cut",
    "server_error",
];

/// The hint of a redacted issue whose own hint was built from the call.
const REDACTED_HINT: &str = "re-read this field in the tool's inputSchema";

/// The message of a redacted issue whose own message was built from the call.
fn redacted_message(code: Code) -> &'static str {
    match code {
        Code::Missing => "missing required field",
        Code::UnknownField => "unknown field",
        Code::InvalidType => "wrong JSON type",
        Code::InvalidJson => "invalid JSON text",
        Code::IntParsing => "expected an integer",
        Code::IntFromFloat => "expected an integer, got a number with a fraction",
        Code::IntOverflow => "integer out of range",
        Code::FloatParsing => "expected a number",
        Code::NotFinite => "expected a finite number",
        Code::BoolParsing => "expected a boolean",
        Code::TooSmall => "below the minimum",
        Code::TooBig => "above the maximum",
        Code::TooShort => "too short",
        Code::TooLong => "too long",
        Code::PatternMismatch => "does not match the pattern",
        Code::EnumUnknown => "not one of the allowed values",
        Code::UrlInvalid => "not an absolute URL",
        Code::UrlForbidden => "URL not allowed",
        Code::FormatInvalid => "not valid for its format",
        Code::ForbiddenKey => "forbidden key",
        Code::TooDeep => "nested too deep",
        Code::DuplicateKey => "key sent more than once",
        Code::Custom => "invalid value",
    }
}

/// What went wrong, as a stable machine-readable code.
///
/// Serialized in `snake_case` (`int_parsing`, `too_big`, ...). New codes may be added in
/// minor releases, so match with a wildcard arm.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Code;
///
/// assert_eq!(Code::IntParsing.as_str(), "int_parsing");
/// assert_eq!(serde_json::to_string(&Code::TooBig)?, r#""too_big""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Code {
    /// A required field is absent.
    Missing,
    /// A field the type does not know (only with `#[serde(deny_unknown_fields)]`).
    UnknownField,
    /// The value has the wrong JSON type (a boolean for an array, `null` for a required
    /// field, a string encoded three times, ...).
    InvalidType,
    /// A string that had to hold JSON text does not.
    InvalidJson,
    /// Not an integer in decimal notation.
    IntParsing,
    /// A number with a fractional part where an integer is expected.
    IntFromFloat,
    /// An integer outside the range of the target type, or a float too large to be exact.
    IntOverflow,
    /// Not a number in decimal or exponent notation.
    FloatParsing,
    /// NaN, an infinity, or a number too large for its float type (`f64`, or `f32`).
    NotFinite,
    /// Not one of the boolean tokens.
    BoolParsing,
    /// Below the inclusive `minimum`.
    TooSmall,
    /// Above the inclusive `maximum`.
    TooBig,
    /// Fewer items (`minItems`) or chars (`minLength`) than allowed.
    TooShort,
    /// More items (`maxItems`) or chars (`maxLength`) than allowed.
    TooLong,
    /// A string that does not fully match its `pattern`.
    PatternMismatch,
    /// Not one of the enum's values.
    EnumUnknown,
    /// Not an absolute URL.
    UrlInvalid,
    /// A URL the policy refuses (scheme, host, userinfo, internal address).
    UrlForbidden,
    /// A string not valid for its format after the lax spellings; `context.format` names it.
    FormatInvalid,
    /// An object key that is never forwarded (`__proto__`, `constructor`, `prototype`).
    ForbiddenKey,
    /// Nested deeper than allowed.
    TooDeep,
    /// A key that appears more than once in one object of JSON text (readers disagree
    /// about which occurrence counts: `serde_json` keeps the last, others the first).
    DuplicateKey,
    /// Anything else, such as an error from a user's own `Deserialize` impl.
    Custom,
}

impl Code {
    /// The `snake_case` name, as serialized.
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::Missing => "missing",
            Code::UnknownField => "unknown_field",
            Code::InvalidType => "invalid_type",
            Code::InvalidJson => "invalid_json",
            Code::IntParsing => "int_parsing",
            Code::IntFromFloat => "int_from_float",
            Code::IntOverflow => "int_overflow",
            Code::FloatParsing => "float_parsing",
            Code::NotFinite => "not_finite",
            Code::BoolParsing => "bool_parsing",
            Code::TooSmall => "too_small",
            Code::TooBig => "too_big",
            Code::TooShort => "too_short",
            Code::TooLong => "too_long",
            Code::PatternMismatch => "pattern_mismatch",
            Code::EnumUnknown => "enum_unknown",
            Code::UrlInvalid => "url_invalid",
            Code::UrlForbidden => "url_forbidden",
            Code::FormatInvalid => "format_invalid",
            Code::ForbiddenKey => "forbidden_key",
            Code::TooDeep => "too_deep",
            Code::DuplicateKey => "duplicate_key",
            Code::Custom => "custom",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The offending value as it arrived, cut short so that error text never echoes more than
/// [`INPUT_ECHO_CHARS`] chars of input.
///
/// Strings, and arrays and objects as compact JSON text, are cut with `…`; scalars stay.
///
/// # Examples
///
/// ```
/// use mcp_coerce::Input;
/// use serde_json::json;
///
/// assert_eq!(Input::from_value(&json!([1, 2])), Input::Text("[1,2]".into()));
/// let long = "x".repeat(100);
/// let Input::Text(cut) = Input::from_text(&long) else { unreachable!() };
/// assert_eq!(cut.chars().count(), 65);
/// assert!(cut.ends_with('…'));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Input {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number, exactly as parsed.
    Number(Number),
    /// A string (possibly cut), or the compact JSON text of an array or object.
    Text(String),
}

impl Input {
    /// The input of a JSON value, cut to the echo limit.
    pub fn from_value(value: &Value) -> Self {
        match value {
            Value::Null => Input::Null,
            Value::Bool(b) => Input::Bool(*b),
            Value::Number(n) => Input::Number(n.clone()),
            Value::String(s) => Input::from_text(s),
            Value::Array(_) | Value::Object(_) => Input::Text(compact_json_prefix(value)),
        }
    }

    /// The input of a string, cut to the echo limit.
    pub fn from_text(text: &str) -> Self {
        Input::Text(truncate(text))
    }

    pub(crate) fn from_i128(n: i128) -> Self {
        Number::from_i128(n).map_or_else(|| Input::Text(n.to_string()), Input::Number)
    }

    pub(crate) fn from_u128(n: u128) -> Self {
        Number::from_u128(n).map_or_else(|| Input::Text(n.to_string()), Input::Number)
    }

    pub(crate) fn from_f64(f: f64) -> Self {
        Number::from_f64(f).map_or_else(|| Input::Text(f.to_string()), Input::Number)
    }
}

/// Compact JSON text of `value`, serialized only as far as the echo limit needs.
fn compact_json_prefix(value: &Value) -> String {
    struct Capped(Vec<u8>);
    impl io::Write for Capped {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            // Four bytes per char is the most UTF-8 needs, plus room to see that it was cut.
            let room = (INPUT_ECHO_CHARS + 1) * 4 - self.0.len().min((INPUT_ECHO_CHARS + 1) * 4);
            if room == 0 {
                return Err(io::Error::other("echo limit reached"));
            }
            let take = buf.len().min(room);
            self.0.extend_from_slice(&buf[..take]);
            Ok(take)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut out = Capped(Vec::new());
    // An error here only means the cap was reached; what was written is what we want.
    let _ = serde_json::to_writer(&mut out, value);
    let text = String::from_utf8_lossy(&out.0);
    truncate(&text)
}

/// One refusal: a stable [`Code`], the [`Path`] where it happened, a one-line lowercase
/// `message`, the offending `input` (cut short), a `hint` saying what to send instead, and
/// optional `context` (JSON Schema keyword names where one fits: `minimum`, `maxItems`,
/// `pattern`; `allowed` for enum values).
///
/// Issues come out of the crate's entry points inside a [`Rejection`](crate::Rejection);
/// build your own with [`Issue::new`] for checks the crate does not know.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Issue, Path};
///
/// let issue = Issue::new(Code::Custom, "start date is after end date")
///     .with_hint("send a start date on or before the end date")
///     .at(Path::root().join("start"));
/// assert_eq!(issue.code(), Code::Custom);
/// assert_eq!(issue.path().to_string(), "/start");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Issue {
    code: Code,
    path: Path,
    message: Cow<'static, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<Input>,
    hint: Cow<'static, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    context: Option<Box<Map<String, Value>>>,
    /// Redacted: it gets no input later on its way up either.
    #[serde(skip)]
    redacted: bool,
}

impl Issue {
    /// A new issue at the root path, with no input, an empty hint and no context.
    #[cold]
    pub fn new(code: Code, message: impl Into<Cow<'static, str>>) -> Self {
        Issue {
            code,
            path: Path::root(),
            message: message.into(),
            input: None,
            hint: Cow::Borrowed(""),
            context: None,
            redacted: false,
        }
    }

    /// The same issue with `hint` (what to send instead, with an example).
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<Cow<'static, str>>) -> Self {
        self.hint = hint.into();
        self
    }

    /// The same issue with the offending `input`.
    #[must_use]
    pub fn with_input(mut self, input: Input) -> Self {
        if self.redacted {
            return self;
        }
        self.input = Some(input);
        self
    }

    /// The same issue with `input` where there is one.
    #[must_use]
    pub(crate) fn with_input_if(self, input: Option<Input>) -> Self {
        match input {
            Some(input) => self.with_input(input),
            None => self,
        }
    }

    /// The same issue with `key` set to `value` in its context.
    #[must_use]
    pub fn with_context(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.context
            .get_or_insert_with(Default::default)
            .insert(key.to_owned(), value.into());
        self
    }

    pub(crate) fn path_mut(&mut self) -> &mut Path {
        &mut self.path
    }

    pub(crate) fn set_context(&mut self, key: &str, value: impl Into<Value>) {
        self.context
            .get_or_insert_with(Default::default)
            .insert(key.to_owned(), value.into());
    }

    /// The same issue at `path`, cut to its ancestor within
    /// [`MAX_PATH_CHARS`](crate::MAX_PATH_CHARS) (the number of levels left out goes into
    /// the context as `path_levels_cut`).
    #[must_use]
    pub fn at(mut self, path: Path) -> Self {
        self.path = path;
        self.cut_path_to_fit();
        self
    }

    /// The machine-readable code.
    pub fn code(&self) -> Code {
        self.code
    }

    /// Where the issue was found.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// One line, lowercase, no trailing period.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The offending value as it arrived, cut short; `None` for `missing`.
    pub fn input(&self) -> Option<&Input> {
        self.input.as_ref()
    }

    /// What to send instead.
    pub fn hint(&self) -> &str {
        &self.hint
    }

    /// Extra facts (`minimum`, `allowed`, `pattern`, ...), if any.
    pub fn context(&self) -> Option<&Map<String, Value>> {
        self.context.as_deref()
    }

    /// This issue without anything the caller sent: no `input`, run-time messages and hints
    /// replaced by the code's fixed words, only the context keys the crate writes itself
    /// (docs/contract.md, "Redaction"), caller-chosen keys written `*` ([`Path::redacted`]).
    ///
    /// ```
    /// use mcp_coerce::{Code, IntLike};
    /// # use serde::Deserialize;
    /// # use serde_with::serde_as;
    /// #[serde_as]
    /// #[derive(Deserialize, Debug)]
    /// struct Args {
    ///     #[serde_as(as = "IntLike<1, 100>")]
    ///     limit: u32,
    /// }
    /// let refused = mcp_coerce::from_str::<Args>(r#"{"limit": "sk-live-123"}"#).unwrap_err();
    /// let issue = refused.issues()[0].redacted();
    /// assert_eq!((issue.code(), issue.path().to_string()), (Code::IntParsing, "/limit".to_string()));
    /// assert_eq!(issue.input(), None);
    /// assert!(!serde_json::to_string(&issue)?.contains("sk-live"));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    #[must_use]
    pub fn redacted(&self) -> Issue {
        let mut issue = self.clone();
        issue.redact();
        issue
    }

    /// See [`Issue::redacted`].
    pub(crate) fn redact(&mut self) {
        self.redacted = true;
        self.input = None;
        if let Cow::Owned(_) = self.message {
            self.message = Cow::Borrowed(redacted_message(self.code));
        }
        if let Cow::Owned(_) = self.hint {
            self.hint = Cow::Borrowed(REDACTED_HINT);
        }
        if let Some(context) = &mut self.context {
            context.retain(|key, _| DECLARED_CONTEXT.contains(&key.as_str()));
            if context.is_empty() {
                self.context = None;
            }
        }
        self.path = self.path.redacted();
    }

    /// This issue moved to the root of where it is reported, its path in the message.
    pub(crate) fn relocated_here(mut self, more: usize) -> Issue {
        self.cut_path_to_fit();
        if !self.path.is_root() {
            self.message = Cow::Owned(format!("at {}: {}", self.path, self.message));
            self.path = Path::root();
        }
        if more > 0 {
            self.message = Cow::Owned(format!("{} (and {more} more)", self.message));
        }
        self
    }

    /// Put `segment` in front of the path, cut to [`MAX_PATH_CHARS`] as it grows.
    pub(crate) fn prepend(&mut self, segment: Segment) {
        self.path.prepend(segment);
        self.cut_path_to_fit();
    }

    /// Cut the path to [`MAX_PATH_CHARS`], counting the levels cut in the context.
    pub(crate) fn cut_path_to_fit(&mut self) {
        let cut = self.path.cut_to_fit();
        if cut > 0 {
            let context = self.context.get_or_insert_with(Default::default);
            let before = context
                .get("path_levels_cut")
                .and_then(Value::as_u64)
                .unwrap_or(0);
            context.insert(
                "path_levels_cut".into(),
                before.saturating_add(cut as u64).into(),
            );
        }
    }

    pub(crate) fn set_hint(&mut self, hint: impl Into<Cow<'static, str>>) {
        self.hint = hint.into();
    }

    pub(crate) fn set_input(&mut self, input: Input) {
        if !self.redacted {
            self.input = Some(input);
        }
    }

    /// Whether the issue says what arrived, or must not (redacted).
    pub(crate) fn has_input(&self) -> bool {
        self.input.is_some() || self.redacted
    }

    /// Whether the issue was redacted (recorded inside a field marked secret).
    pub(crate) fn is_redacted(&self) -> bool {
        self.redacted
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_root() {
            write!(f, "{} ({})", self.message, self.code)
        } else {
            write!(f, "{}: {} ({})", self.path, self.message, self.code)
        }
    }
}

/// An issue is an error too (`url::check_url` returns one), for `?`.
impl std::error::Error for Issue {}

/// What kind of JSON value arrived, as a noun phrase for messages ("got a string").
pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
