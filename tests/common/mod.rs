//! The table harness shared by the integration tests (the modules of `tests/all`, and those
//! of `crates/testsuite/tests/suite`, which include this module too).
//!
//! A table is a list of [`Row`]s: the value of one field as it arrives (or `None` for an
//! absent field) and what the contract (`docs/contract.md`) says comes out: the exact
//! value, or the exact multiset of `(code, JSON Pointer path)` pairs. Each row remembers
//! the line it was written on (`#[track_caller]`), every row is run before anything
//! fails, and the failure lists every failing row with that line (garde's `check_ok`,
//! serde_json's `test_parse_ok`). Every row goes through both entry points ([`Route`]):
//! `from_value` and `from_str` on the arguments' JSON text. Rows that check an issue's
//! detail (context, hint, echoed input) are in [`table`].
#![allow(
    dead_code,
    reason = "each test crate uses a different part of this module"
)]

pub mod table;

use std::fmt::Debug;
use std::panic::Location;

use mcp_coerce::{Code, Input, Issue, Rejection};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The two entry points every table row goes through: the arguments as a
/// `serde_json::Value` (`from_value`), and as the JSON text a client sends (`from_str`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Value,
    Str,
}

impl Route {
    /// Both routes, `from_value` first.
    pub const BOTH: [Route; 2] = [Route::Value, Route::Str];

    /// The entry point's name, for a failure report.
    pub fn name(self) -> &'static str {
        match self {
            Route::Value => "from_value",
            Route::Str => "from_str",
        }
    }

    /// Read the arguments `args` into `T` through this route.
    pub fn read<T: DeserializeOwned>(self, args: &Value) -> Result<T, Rejection> {
        match self {
            Route::Value => mcp_coerce::from_value(args.clone()),
            Route::Str => mcp_coerce::from_str(&args.to_string()),
        }
    }
}

/// `(code, path)` pairs, sorted: compared as a multiset, so a duplicated issue shows.
pub type Pairs = Vec<(String, String)>;

/// What a row expects.
#[derive(Clone, Debug)]
pub enum Want<T> {
    /// Accepted, with exactly this value.
    Value(T),
    /// Refused, with exactly these `(code, path)` pairs (paths written for a field `ids`).
    Issues(Pairs),
    /// Refused with exactly one issue, at the field, as [`Refusal`] states it, echoing the
    /// input as sent (no input for `missing`).
    Refused(Refusal),
}

/// One issue at the field, as a row states it: its code, its exact hint, and its
/// `context.format` (the format adapters' rows).
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub code: Code,
    pub hint: String,
    /// `context.format`.
    pub format: Option<String>,
}

/// One row of a table.
#[derive(Clone, Debug)]
pub struct Row<T> {
    /// Where the row is written, for the failure report.
    pub at: &'static Location<'static>,
    /// The field's value as it arrives; `None` when the field is absent.
    pub input: Option<Value>,
    pub want: Want<T>,
}

impl<T> Row<T> {
    /// The same row with its expected value mapped (for another spelling of the field).
    pub fn map<U>(&self, f: impl FnOnce(&T) -> U) -> Row<U> {
        Row {
            at: self.at,
            input: self.input.clone(),
            want: match &self.want {
                Want::Value(v) => Want::Value(f(v)),
                Want::Issues(p) => Want::Issues(p.clone()),
                Want::Refused(r) => Want::Refused(r.clone()),
            },
        }
    }

    /// Whether the row expects a refusal.
    pub fn refused(&self) -> bool {
        matches!(self.want, Want::Issues(_) | Want::Refused(_))
    }
}

fn sorted(pairs: &[(&str, &str)]) -> Pairs {
    let mut v: Pairs = pairs
        .iter()
        .map(|(c, p)| ((*c).to_owned(), (*p).to_owned()))
        .collect();
    v.sort();
    v
}

/// A row whose field is accepted as `value`.
#[track_caller]
pub fn ok<T>(input: Value, value: T) -> Row<T> {
    Row {
        at: Location::caller(),
        input: Some(input),
        want: Want::Value(value),
    }
}

/// A row whose field is refused with exactly `pairs`.
#[track_caller]
pub fn err<T>(input: Value, pairs: &[(&str, &str)]) -> Row<T> {
    Row {
        at: Location::caller(),
        input: Some(input),
        want: Want::Issues(sorted(pairs)),
    }
}

/// A row whose field is absent, accepted as `value`.
#[track_caller]
pub fn absent_ok<T>(value: T) -> Row<T> {
    Row {
        at: Location::caller(),
        input: None,
        want: Want::Value(value),
    }
}

/// A row whose field is absent, refused with exactly `pairs`.
#[track_caller]
pub fn absent_err<T>(pairs: &[(&str, &str)]) -> Row<T> {
    Row {
        at: Location::caller(),
        input: None,
        want: Want::Issues(sorted(pairs)),
    }
}

/// Refused with `format_invalid`, `context.format` = `format`, and exactly `hint`.
#[track_caller]
pub fn invalid<T>(input: Value, format: &str, hint: impl Into<String>) -> Row<T> {
    Row {
        at: Location::caller(),
        input: Some(input),
        want: Want::Refused(Refusal {
            code: Code::FormatInvalid,
            hint: hint.into(),
            format: Some(format.to_owned()),
        }),
    }
}

/// Refused with `invalid_type` (no context) and exactly `hint`.
#[track_caller]
pub fn wrong_type<T>(input: Value, hint: &str) -> Row<T> {
    Row {
        at: Location::caller(),
        input: Some(input),
        want: Want::Refused(Refusal {
            code: Code::InvalidType,
            hint: hint.to_owned(),
            format: None,
        }),
    }
}

/// Absent and refused as `missing` (the field is named `field`).
#[track_caller]
pub fn missing<T>(field: &str) -> Row<T> {
    Row {
        at: Location::caller(),
        input: None,
        want: Want::Refused(Refusal {
            code: Code::Missing,
            hint: format!(
                "add the required field `{field}`; the tool's inputSchema says what it holds"
            ),
            format: None,
        }),
    }
}

/// The one issue of a refusal as a [`Refusal`] states it, with its echoed input, if the
/// refusal has exactly one issue and it is at `path`.
pub fn refusal_of(rejection: &Rejection, path: &str) -> Option<(Refusal, Option<Input>)> {
    let [issue] = rejection.issues() else {
        return None;
    };
    (issue.path().to_string() == path).then(|| {
        (
            Refusal {
                code: issue.code(),
                hint: issue.hint().to_owned(),
                format: issue
                    .context()
                    .and_then(|c| c.get("format"))
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            },
            issue.input().cloned(),
        )
    })
}

/// An outcome in full for a failure report: the value, or every issue's code, path, hint,
/// context and input.
pub fn shown<T: Debug>(got: &Result<T, Rejection>) -> String {
    match got {
        Ok(v) => format!("{v:?}"),
        Err(r) => format!(
            "{:?}",
            r.issues()
                .iter()
                .map(|i| (
                    i.code().as_str(),
                    i.path().to_string(),
                    i.hint().to_owned(),
                    i.context().cloned(),
                    i.input().cloned()
                ))
                .collect::<Vec<_>>()
        ),
    }
}

/// The `(code, path)` pairs of a rejection, sorted.
pub fn pairs(rejection: &Rejection) -> Pairs {
    let mut v: Pairs = rejection
        .issues()
        .iter()
        .map(|i| (i.code().as_str().to_owned(), i.path().to_string()))
        .collect();
    v.sort();
    v
}

/// An arguments type with one field under test; `out` takes that field's value.
pub trait Field: DeserializeOwned {
    type Out: PartialEq + Debug;
    fn out(self) -> Self::Out;
}

/// Where the value under test goes in the arguments.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    /// `{"<name>": value}`; an absent row sends `{}`. Paths `/ids...` become `/<name>...`.
    Field(&'static str),
    /// `{"<name>": [<first>, value]}`: the value is the second element of an outer array.
    /// Paths `/ids...` become `/<name>/1...`; absent rows are skipped.
    Second(&'static str, fn() -> Value),
}

impl Place {
    pub fn args(&self, input: Option<&Value>) -> Option<Value> {
        match (self, input) {
            (Place::Field(name), Some(v)) => {
                let mut m = Map::new();
                m.insert((*name).to_owned(), v.clone());
                Some(Value::Object(m))
            }
            (Place::Field(_), None) => Some(Value::Object(Map::new())),
            (Place::Second(name, first), Some(v)) => {
                let mut m = Map::new();
                m.insert((*name).to_owned(), Value::Array(vec![first(), v.clone()]));
                Some(Value::Object(m))
            }
            (Place::Second(..), None) => None,
        }
    }

    pub fn rewrite(&self, path: &str) -> String {
        let rest = path
            .strip_prefix("/ids")
            .unwrap_or_else(|| panic!("table paths start with /ids: {path}"));
        match self {
            Place::Field(name) => format!("/{name}{rest}"),
            Place::Second(name, _) => format!("/{name}/1{rest}"),
        }
    }
}

/// Collects the failures of a table; [`Report::finish`] fails with all of them.
#[derive(Default)]
pub struct Report {
    rows: usize,
    failures: Vec<String>,
}

impl Report {
    pub fn new() -> Self {
        Report::default()
    }

    /// Record a failure by hand (for checks that are not table rows).
    #[track_caller]
    pub fn fail(&mut self, what: impl Into<String>) {
        let at = Location::caller();
        self.failures
            .push(format!("{}:{}: {}", at.file(), at.line(), what.into()));
    }

    /// Count one check; record `what` if it failed.
    #[track_caller]
    pub fn check(&mut self, passed: bool, what: impl FnOnce() -> String) {
        self.rows += 1;
        if !passed {
            self.fail(what());
        }
    }

    /// Run every row through both routes ([`Route::BOTH`]) for the arguments type `S`;
    /// every issue of a refusal is also held to the issue model ([`check_issue_model`]).
    pub fn table<S: Field>(&mut self, spelling: &str, place: Place, rows: &[Row<S::Out>]) {
        for row in rows {
            let Some(args) = place.args(row.input.as_ref()) else {
                continue;
            };
            let input = row
                .input
                .as_ref()
                .map_or_else(|| "<absent>".to_owned(), Value::to_string);
            for route in Route::BOTH {
                let got = route.read::<S>(&args).map(Field::out);
                if let Err(rejection) = &got {
                    check_issue_model(self, &format!("{spelling} {input}"), rejection);
                }
                self.rows += 1;
                let (same, want) = match (&row.want, &got) {
                    (Want::Value(v), Ok(g)) => (v == g, format!("{v:?}")),
                    (Want::Value(v), Err(_)) => (false, format!("{v:?}")),
                    (Want::Issues(p), got) => {
                        let mut p: Pairs = p
                            .iter()
                            .map(|(c, path)| (c.clone(), place.rewrite(path)))
                            .collect();
                        p.sort();
                        let same = matches!(got, Err(r) if pairs(r) == p);
                        (same, format!("{p:?}"))
                    }
                    (Want::Refused(want), got) => {
                        let echo = match want.code {
                            Code::Missing => None,
                            _ => row.input.as_ref().map(Input::from_value),
                        };
                        let path = place.rewrite("/ids");
                        let same = matches!(got, Err(r)
                            if refusal_of(r, &path) == Some((want.clone(), echo)));
                        (same, format!("{want:?} at {path}"))
                    }
                };
                if !same {
                    let got = match (&row.want, &got) {
                        (Want::Issues(_), Err(r)) => format!("{:?}", pairs(r)),
                        _ => shown(&got),
                    };
                    self.failures.push(format!(
                        "{}:{}: [{spelling}, {}] {input}: expected {want}, got {got}",
                        row.at.file(),
                        row.at.line(),
                        route.name()
                    ));
                }
            }
        }
    }

    /// Fail with every recorded failure, if any.
    #[track_caller]
    pub fn finish(self) {
        if !self.failures.is_empty() {
            panic!(
                "{} of {} checks failed:\n{}",
                self.failures.len(),
                self.rows,
                self.failures.join("\n")
            );
        }
    }
}

/// The issue model's rules that every issue must follow: a one-line
/// lowercase message without a trailing period, a hint, and the input (cut to 64 chars with
/// `…` when cut) unless the code is `missing`. Returns what is wrong, if anything.
pub fn issue_model_faults(issue: &Issue) -> Vec<String> {
    let mut faults = Vec::new();
    let m = issue.message();
    if m.is_empty() {
        faults.push("empty message".to_owned());
    }
    if m.contains('\n') || m.contains('\r') {
        faults.push(format!("message is not one line: {m:?}"));
    }
    if m.chars().next().is_some_and(char::is_uppercase) {
        faults.push(format!("message does not start lowercase: {m:?}"));
    }
    if m.ends_with('.') {
        faults.push(format!("message ends with a period: {m:?}"));
    }
    if issue.hint().trim().is_empty() {
        faults.push("empty hint".to_owned());
    }
    match (issue.code(), issue.input()) {
        (Code::Missing, Some(input)) => faults.push(format!("missing with an input: {input:?}")),
        (Code::Missing, None) => {}
        (code, None) => faults.push(format!("{code} without an input")),
        (_, Some(Input::Text(t))) => {
            let n = t.chars().count();
            if n > 65 || (n == 65 && !t.ends_with('…')) {
                faults.push(format!("input longer than 64 chars: {t:?}"));
            }
        }
        (_, Some(_)) => {}
    }
    faults
}

/// Check [`issue_model_faults`] for every issue of `rejection`.
#[track_caller]
pub fn check_issue_model(report: &mut Report, label: &str, rejection: &Rejection) {
    for issue in rejection.issues() {
        let faults = issue_model_faults(issue);
        report.check(faults.is_empty(), || {
            format!(
                "{label}: issue {} at {:?}: {}",
                issue.code(),
                issue.path().to_string(),
                faults.join("; ")
            )
        });
    }
}
