//! The engine's error type: one issue on its way up, gaining path segments as it goes.

use std::fmt;

use serde::de::{self, Expected, Unexpected};
use serde_json::Value;

use crate::issue::{Code, Input, Issue, Segment};
use crate::words::{count, one_of_hint, truncate};

/// Pointer-sized, so `Result`s stay small on the hot path.
pub(crate) struct Error(Box<Inner>);

struct Inner {
    kind: Kind,
}

enum Kind {
    Issue(Issue),
    /// A missing field, as serde's derived visitor reports it.
    Missing(&'static str),
    /// serde's derived visitor met a field a second time (`de::Error::duplicate_field`).
    Duplicate(&'static str),
    /// Stop without a further issue: the cause was recorded already.
    Silent,
    /// A run of the plan's probe that taught it something (see `probe`).
    Learned,
}

impl Error {
    fn new(kind: Kind) -> Self {
        Error(Box::new(Inner { kind }))
    }

    #[cold]
    pub(crate) fn issue(mut issue: Issue) -> Self {
        if super::in_secret() {
            issue.redact();
        }
        Error::new(Kind::Issue(issue))
    }

    #[cold]
    pub(crate) fn silent() -> Self {
        Error::new(Kind::Silent)
    }

    /// The field this error says is missing, if that is what it says.
    pub(crate) fn missing_field(&self) -> Option<&'static str> {
        match self.0.kind {
            Kind::Missing(field) => Some(field),
            _ => None,
        }
    }

    /// The field this error says came twice, if that is what it says.
    pub(crate) fn duplicate_field(&self) -> Option<&'static str> {
        match self.0.kind {
            Kind::Duplicate(field) => Some(field),
            _ => None,
        }
    }

    /// Whether this error carries an issue not recorded yet (a foreign refusal on its way up).
    pub(crate) fn is_issue(&self) -> bool {
        matches!(&self.0.kind, Kind::Issue(_))
    }

    pub(crate) fn is_unknown_field(&self) -> bool {
        matches!(&self.0.kind, Kind::Issue(issue) if issue.code() == Code::UnknownField)
    }

    #[cold]
    pub(crate) fn set_hint(&mut self, hint: String) {
        if let Kind::Issue(issue) = &mut self.0.kind {
            issue.set_hint(hint);
        }
    }

    #[cold]
    pub(crate) fn learned() -> Self {
        Error::new(Kind::Learned)
    }

    pub(crate) fn is_learned(&self) -> bool {
        matches!(self.0.kind, Kind::Learned)
    }

    /// This error, one level up: about the member `segment` whose value is `value`.
    #[cold]
    pub(crate) fn prefixed(mut self, segment: Segment, value: &Value) -> Self {
        match self.0.kind {
            Kind::Missing(field) => self.0.kind = Kind::Issue(missing_issue(field)),
            Kind::Duplicate(field) => self.0.kind = Kind::Issue(duplicate_issue(field)),
            _ => {}
        }
        if let Kind::Issue(issue) = &mut self.0.kind {
            // On a route that moves strings into the value, a string the refused value held
            // may already be gone (left `""`): an echo of it would be false, so none.
            if issue.path().is_root()
                && !issue.has_input()
                && !(super::with(|e| e.route().take_strings) && may_hold_string(value))
            {
                issue.set_input(Input::from_value(value));
            }
            super::with(|e| e.prepend_issue(issue, segment));
        }
        self
    }

    /// This error, one level up, about the object key `key` itself.
    #[cold]
    pub(crate) fn prefixed_key(mut self, key: &str) -> Self {
        if let Kind::Issue(issue) = &mut self.0.kind
            && issue.path().is_root()
            && !issue.has_input()
        {
            issue.set_input(Input::from_text(key));
        }
        self.prefixed(Segment::key(key), &Value::String(key.to_owned()))
    }

    /// The issue to report at the top, if any.
    pub(crate) fn into_issue(self) -> Option<Issue> {
        match self.0.kind {
            Kind::Issue(issue) => Some(issue),
            Kind::Missing(field) => Some(missing_issue(field)),
            Kind::Duplicate(field) => Some(duplicate_issue(field)),
            Kind::Silent | Kind::Learned => None,
        }
    }
}

#[cold]
fn duplicate_issue(field: &str) -> Issue {
    Issue::new(
        Code::Custom,
        format!("duplicate field `{}`", truncate(field)),
    )
    .with_hint("send each field once")
}

#[cold]
pub(crate) fn missing_issue(field: &str) -> Issue {
    crate::rules::keys::missing(field, None)
}

/// What serde's `Unexpected` describes, as a noun phrase and the input to echo.
fn describe(unexp: &Unexpected<'_>) -> (&'static str, Option<Input>) {
    match *unexp {
        Unexpected::Bool(b) => ("a boolean", Some(Input::Bool(b))),
        Unexpected::Unsigned(n) => ("a number", Some(Input::from_u128(n.into()))),
        Unexpected::Signed(n) => ("a number", Some(Input::from_i128(n.into()))),
        Unexpected::Float(f) => ("a number", Some(Input::from_f64(f))),
        Unexpected::Char(c) => ("a string", Some(Input::Text(c.to_string()))),
        Unexpected::Str(s) => ("a string", Some(Input::from_text(s))),
        Unexpected::Bytes(_) => ("bytes", None),
        Unexpected::Unit | Unexpected::Option => ("null", Some(Input::Null)),
        Unexpected::Seq => ("an array", None),
        Unexpected::Map => ("an object", None),
        _ => ("another kind of value", None),
    }
}

impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        if super::take_silence() {
            return Error::silent();
        }
        if let Some(issues) = super::take_stashed() {
            return Error::issue(issues.into_located_here());
        }
        Error::issue(
            Issue::new(Code::Custom, plain_message(&msg.to_string()))
                .with_hint("check this value against the tool's inputSchema"),
        )
    }

    #[cold]
    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        let (got, input) = describe(&unexp);
        let exp = plain_expected(exp);
        let mut issue = Issue::new(Code::InvalidType, format!("expected {exp}, got {got}"))
            .with_hint(format!("send {exp}"));
        if let Some(input) = input {
            issue = issue.with_input(input);
        }
        Error::issue(issue)
    }

    #[cold]
    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        let (_, input) = describe(&unexp);
        let exp = plain_expected(exp);
        let mut issue = Issue::new(Code::Custom, format!("invalid value: expected {exp}"))
            .with_hint(format!("send {exp}"));
        if let Some(input) = input {
            issue = issue.with_input(input);
        }
        Error::issue(issue)
    }

    #[cold]
    fn invalid_length(len: usize, exp: &dyn Expected) -> Self {
        let exp = plain_expected(exp);
        Error::issue(
            Issue::new(
                Code::InvalidType,
                format!("expected {exp}, got {}", count(len, "item")),
            )
            .with_hint(format!("send {exp}")),
        )
    }

    #[cold]
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        Error::issue(
            Issue::new(Code::EnumUnknown, "unknown value")
                .with_input(Input::from_text(variant))
                .with_hint(one_of_hint(expected))
                .with_context("allowed", expected.to_vec()),
        )
    }

    #[cold]
    fn unknown_field(_field: &str, expected: &'static [&'static str]) -> Self {
        Error::issue(crate::rules::keys::unknown_field(expected, None))
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        Error::new(Kind::Missing(field))
    }

    #[cold]
    fn duplicate_field(field: &'static str) -> Self {
        Error::new(Kind::Duplicate(field))
    }
}

/// What serde says was expected, without Rust type names.
fn plain_expected(exp: &dyn Expected) -> String {
    let text = exp.to_string();
    let named = [
        ("internally tagged enum ", "an object with its type tag"),
        (
            "adjacently tagged enum ",
            "an object with its tag and content",
        ),
        ("struct variant ", "an object"),
        ("tuple variant ", "an array"),
        ("tuple struct ", "an array"),
        ("unit struct ", "null"),
        ("unit variant ", "a string"),
        ("newtype struct ", "a value"),
        ("newtype variant ", "a value"),
        ("struct ", "an object"),
        ("enum ", "one of the allowed values"),
    ];
    for (prefix, plain) in named {
        if text.starts_with(prefix) {
            return plain.to_owned();
        }
    }
    text
}

/// A foreign impl's message without Rust type names, cut to the echo limit.
fn plain_message(msg: &str) -> String {
    if msg.starts_with("data did not match any variant of untagged enum") {
        return "the value matches none of the accepted shapes".to_owned();
    }
    truncate(msg)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.kind {
            Kind::Issue(issue) => write!(f, "{issue}"),
            Kind::Missing(field) => write!(f, "missing field `{field}`"),
            Kind::Duplicate(field) => write!(f, "duplicate field `{field}`"),
            Kind::Silent | Kind::Learned => f.write_str("stopped after an earlier issue"),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// Whether `value` holds a string, looking at no more than 64 values (past them: maybe).
fn may_hold_string(value: &Value) -> bool {
    let mut stack = vec![value];
    let mut budget = 64u32;
    while let Some(value) = stack.pop() {
        if budget == 0 {
            return true;
        }
        budget -= 1;
        match value {
            Value::String(_) => return true,
            Value::Array(items) => stack.extend(items.iter().take(budget as usize)),
            Value::Object(map) => stack.extend(map.values().take(budget as usize)),
            _ => {}
        }
    }
    false
}
